//! End to end in a real headless Chromium (Debian's `chromium` driven by `chromedriver` over
//! WebDriver, with fantoccini): upload a log through the form, read the incident page, search for
//! the finding, open it, and mark the problem resolved. Screenshots of every page go to
//! `target/screenshots/`, plus the incident and search pages at phone width and in dark mode.
//!
//! Without `/usr/bin/chromedriver` the test is skipped with a note, unless `CI` is set: then it
//! fails (`.ci/run` installs `chromium` and `chromium-driver`).

use crashdex::{AppState, Config};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";
const FINDING: &str = "cuda_index_out_of_bounds_assert";
/// What the first error of the uploaded log says.
const FIRST_ERROR: &str = "Assertion `srcIndex < srcSelectDimSize` failed.";

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The real log from the team's corpus, or the finding's own example log without `../shared`.
fn log_to_upload() -> PathBuf {
    let corpus = manifest_dir().join("../shared/triage/corpus/h200-embed_oob/log.txt");
    if corpus.exists() {
        return corpus.canonicalize().unwrap_or(corpus);
    }
    manifest_dir().join(format!("findings/examples/{FINDING}.log"))
}

fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest_dir().join("target"));
    target.join("screenshots")
}

/// The app on a free loopback port over a temporary database and the real findings.
struct Server {
    url: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    _dir: tempfile::TempDir,
}

impl Server {
    async fn start() -> Server {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::for_tests(dir.path().join("browser.db"));
        config.findings = manifest_dir().join("findings");
        let pool = crashdex::db::connect(&config.db).await.expect("database");
        let index = crashdex::findings_dir::load(&config.findings).expect("findings");
        let state = AppState::new(pool, index, config);
        crashdex::search::index_findings(&state.db, &state.findings())
            .await
            .expect("findings search index");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(crashdex::serve(listener, state, async move {
            let _ = stopped.await;
        }));
        Server {
            url,
            stop: Some(stop),
            _dir: dir,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// chromedriver on a free loopback port; asked to shut down (closing its browsers) on drop.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        use std::io::Write;
        if let Ok(mut s) = TcpStream::connect(("127.0.0.1", self.port)) {
            let _ = write!(
                s,
                "GET /shutdown HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            );
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A new headless Chromium session with the flags that keep it off the network.
async fn browser(driver: &Driver, profile: &Path, extra: &[&str]) -> Res<Client> {
    let mut args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-dev-shm-usage".into(),
        "--window-size=1280,1000".into(),
        format!("--user-data-dir={}", profile.display()),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({ "binary": CHROMIUM, "args": args }),
    );
    Ok(ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url())
        .await?)
}

async fn screenshot(c: &Client, name: &str) -> Res<()> {
    let dir = screenshot_dir();
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(format!("{name}.png")), c.screenshot().await?)?;
    Ok(())
}

/// Waits for `css` and returns its text.
async fn text_of(c: &Client, css: &str) -> Res<String> {
    text_when(c, css, |_| true).await
}

/// The text of the first element matching `css`, once `ready` accepts it. Right after a click
/// the previous page may still be shown: an element found on it goes stale when the next page
/// loads, or reads as the old page did, so the element is found again until then (20 s at most).
async fn text_when(c: &Client, css: &str, ready: impl Fn(&str) -> bool) -> Res<String> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let text = match c
            .wait()
            .at_most(Duration::from_secs(20))
            .for_element(Locator::Css(css))
            .await
        {
            Ok(e) => e.text().await,
            Err(e) => Err(e),
        };
        let late = Instant::now() >= deadline;
        match text {
            Ok(t) if ready(&t) || late => return Ok(t),
            Err(e) if late => return Err(e.into()),
            _ => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

async fn path(c: &Client) -> Res<String> {
    Ok(c.current_url().await?.path().to_string())
}

/// The person's path through the app; returns the incident page's path.
async fn walk_through(c: &Client, server: &Server) -> Res<String> {
    // upload through the form
    c.goto(&format!("{}/", server.url)).await?;
    assert_eq!(c.title().await?, "Upload a crash log · crashdex");
    let log = log_to_upload();
    c.find(Locator::Css("#file"))
        .await?
        .send_keys(&log.display().to_string())
        .await?;
    screenshot(c, "1-upload").await?;
    c.find(Locator::Css("#upload-form button[type=submit]"))
        .await?
        .click()
        .await?;

    // the incident page: the first error and the finding
    let verdict = text_of(c, "h1.verdict").await?;
    let incident = path(c).await?;
    assert!(incident.starts_with("/incidents/"), "landed on {incident}");
    assert!(verdict.contains("device-side assert"), "verdict: {verdict}");
    let first_error = text_of(c, ".first-error-section").await?;
    assert!(
        first_error.contains(FIRST_ERROR),
        "first error: {first_error}"
    );
    let matched = text_of(c, ".matches").await?;
    assert!(matched.contains(FINDING), "matched findings: {matched}");
    screenshot(c, "2-incident").await?;

    // search for the finding from the header's search box
    let search_box = c.find(Locator::Css("#site-q")).await?;
    search_box.send_keys(&format!("{FINDING}\u{E007}")).await?;
    let found = text_of(c, ".findings-results").await?;
    assert!(path(c).await? == "/search", "search did not open");
    assert!(found.contains(FINDING), "search results: {found}");
    screenshot(c, "3-search").await?;

    // open the finding
    c.find(Locator::Css(&format!(
        ".findings-results a[href='/findings/{FINDING}']"
    )))
    .await?
    .click()
    .await?;
    let title = text_of(c, "article.finding h1").await?;
    assert_eq!(path(c).await?, format!("/findings/{FINDING}"));
    assert!(!title.is_empty());
    screenshot(c, "4-finding").await?;

    resolve_problem(c, server, &incident).await?;
    Ok(incident)
}

/// Marks the incident's problem resolved by the finding, when the app has problems.
async fn resolve_problem(c: &Client, server: &Server, incident: &str) -> Res<()> {
    c.goto(&format!("{}{incident}", server.url)).await?;
    text_of(c, "h1.verdict").await?;
    let Ok(link) = c.find(Locator::Css("main a[href^='/problems/']")).await else {
        eprintln!("note: the incident page links no problem; resolving skipped");
        return Ok(());
    };
    link.click().await?;
    text_of(c, "form[action$='/resolve']").await?;
    c.find(Locator::Css("form[action$='/resolve'] #finding"))
        .await?
        .send_keys(FINDING)
        .await?;
    c.find(Locator::Css("form[action$='/resolve'] button[type=submit]"))
        .await?
        .click()
        .await?;
    let heading = text_when(c, "main h1", |h| h.contains("resolved")).await?;
    assert!(heading.contains("resolved"), "problem heading: {heading}");
    screenshot(c, "5-problem-resolved").await?;
    Ok(())
}

/// The incident and search pages at phone width.
async fn phone_width(c: &Client, server: &Server, incident: &str) -> Res<()> {
    c.set_window_size(390, 844).await?;
    c.goto(&format!("{}{incident}", server.url)).await?;
    text_of(c, "h1.verdict").await?;
    let overflow: bool = c
        .execute(
            "return document.documentElement.scrollWidth > window.innerWidth + 1;",
            vec![],
        )
        .await?
        .as_bool()
        .unwrap_or(true);
    screenshot(c, "6-incident-phone").await?;
    assert!(!overflow, "the incident page scrolls sideways at 390px");
    c.goto(&format!("{}/search?q=srcIndex", server.url)).await?;
    text_of(c, ".incidents-results").await?;
    screenshot(c, "7-search-phone").await?;
    Ok(())
}

/// Every kind of page at phone width: a title naming the page, one `h1`, a label for every
/// visible form control, and no sideways scrolling.
async fn every_page_checks(c: &Client, server: &Server, incident: &str) -> Res<()> {
    c.set_window_size(390, 844).await?;
    let pages = [
        "/".to_string(),
        "/incidents".into(),
        incident.to_string(),
        "/problems".into(),
        "/problems/1".into(),
        "/findings".into(),
        format!("/findings/{FINDING}"),
        "/search?q=srcIndex".into(),
        "/search?q=class%3Acuda_oom+nothing+matches+this".into(),
        "/admin".into(),
    ];
    let check = r#"
        const problems = [];
        if (document.querySelectorAll('h1').length !== 1) problems.push('h1 count ' + document.querySelectorAll('h1').length);
        for (const el of document.querySelectorAll('input, select, textarea')) {
            if (el.type === 'hidden' || el.offsetParent === null) continue;
            const labelled = (el.id && document.querySelector('label[for="' + el.id + '"]'))
                || el.closest('label') || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
            if (!labelled) problems.push('unlabelled ' + el.tagName + ' ' + (el.name || el.id));
        }
        if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push('scrolls sideways: ' + document.documentElement.scrollWidth);
        return problems;
    "#;
    for page in pages {
        c.goto(&format!("{}{page}", server.url)).await?;
        text_of(c, "main h1").await?;
        let title = c.title().await?;
        assert!(
            title.ends_with(" · crashdex") && title.len() > " · crashdex".len(),
            "{page}: title {title:?}"
        );
        let found = c.execute(check, vec![]).await?;
        assert_eq!(found, serde_json::json!([]), "{page}");
    }
    Ok(())
}

/// The incident and search pages in dark mode.
async fn dark_mode(c: &Client, server: &Server, incident: &str) -> Res<()> {
    c.goto(&format!("{}{incident}", server.url)).await?;
    text_of(c, "h1.verdict").await?;
    let dark = c
        .execute(
            "return window.matchMedia('(prefers-color-scheme: dark)').matches;",
            vec![],
        )
        .await?;
    assert_eq!(dark, serde_json::Value::Bool(true), "dark mode not applied");
    screenshot(c, "8-incident-dark").await?;
    c.goto(&format!("{}/search?q=srcIndex", server.url)).await?;
    text_of(c, ".incidents-results").await?;
    screenshot(c, "9-search-dark").await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upload_search_and_resolve_in_chromium() {
    if !Path::new(CHROMEDRIVER).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but {CHROMEDRIVER} is missing: apt-get install chromium chromium-driver"
        );
        eprintln!("note: {CHROMEDRIVER} not found, browser test skipped");
        eprintln!("      (apt-get install chromium chromium-driver to run it)");
        return;
    }
    let server = Server::start().await;
    let driver = Driver::start();
    let profiles = tempfile::tempdir().expect("profile dir");

    let c = browser(&driver, &profiles.path().join("light"), &[])
        .await
        .expect("browser session");
    let walked = walk_through(&c, &server).await;
    let phone = match &walked {
        Ok(incident) => phone_width(&c, &server, incident).await,
        Err(_) => Ok(()),
    };
    let pages = match &walked {
        Ok(incident) => every_page_checks(&c, &server, incident).await,
        Err(_) => Ok(()),
    };
    let _ = c.close().await;
    let incident = walked.expect("upload, incident, search, finding, problem");
    phone.expect("phone width");
    pages.expect("titles, headings, labels and width of every page");

    let dark = browser(
        &driver,
        &profiles.path().join("dark"),
        &[
            "--force-dark-mode",
            "--blink-settings=preferredColorScheme=0",
        ],
    )
    .await
    .expect("dark browser session");
    let result = dark_mode(&dark, &server, &incident).await;
    let _ = dark.close().await;
    result.expect("dark mode");
    eprintln!("screenshots in {}", screenshot_dir().display());
}
