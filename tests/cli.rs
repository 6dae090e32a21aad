//! The command-line client, as the built binary: `crashdex submit` and `crashdex import`
//! against a server started in-process on a free loopback port, and `crashdex token`.

mod common;

use common::ASSERT_LOG;
use crashdex::{AppState, Config};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use tempfile::TempDir;
use tokio::sync::oneshot;

const BIN: &str = env!("CARGO_BIN_EXE_crashdex");

/// A server on `127.0.0.1:0` over a temporary database; stops when dropped.
struct Server {
    url: String,
    state: AppState,
    _stop: oneshot::Sender<()>,
    _dir: TempDir,
}

async fn start(change: impl FnOnce(&mut Config)) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::for_tests(dir.path().join("server.db"));
    config.findings = common::fixture_findings_dir();
    change(&mut config);
    let pool = crashdex::db::connect(&config.db).await.unwrap();
    let index = crashdex::findings_dir::load(&config.findings).unwrap();
    let state = AppState::new(pool, index, config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = oneshot::channel::<()>();
    let served = state.clone();
    tokio::spawn(async move {
        crashdex::serve(listener, served, async {
            let _ = stopped.await;
        })
        .await
    });
    Server {
        url,
        state,
        _stop: stop,
        _dir: dir,
    }
}

/// Runs the binary (off the async threads) with `args`, `env` and standard input.
async fn run(args: &[&str], env: &[(&str, &str)], stdin: Option<&[u8]>) -> Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let stdin = stdin.map(<[u8]>::to_vec);
    tokio::task::spawn_blocking(move || {
        let mut cmd = Command::new(BIN);
        cmd.args(&args)
            .env_remove("CRASHDEX_SERVER")
            .env_remove("CRASHDEX_TOKEN")
            .env_remove("CRASHDEX_DB")
            .envs(env)
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("crashdex runs");
        if let Some(input) = stdin {
            use std::io::Write;
            let mut pipe = child.stdin.take().unwrap();
            pipe.write_all(&input).unwrap();
        }
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

const VALUE_ERROR: &str = "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nValueError: bad config\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn submit_prints_verdicts_and_sets_exit_codes() {
    let server = start(|_| {}).await;
    let tmp = tempfile::tempdir().unwrap();
    let assert_log = write(tmp.path(), "rank3.log", ASSERT_LOG);
    let value_error = write(tmp.path(), "job.log", VALUE_ERROR);
    let healthy = write(tmp.path(), "ok.log", "all good\n");

    let out = run(
        &["submit", &assert_log, &value_error, "--server", &server.url],
        &[],
        None,
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].contains("[finding test_index_out_of_bounds]"),
        "{text}"
    );
    assert!(
        lines[0].ends_with(&format!("{}/incidents/1", server.url)),
        "{text}"
    );
    assert!(lines[1].contains("[new problem]"), "{text}");
    assert!(lines[1].ends_with("/incidents/2"), "{text}");

    // --fail-on: the value error matched no finding and is new
    let args = |f: &'static str| vec!["submit", "--server", &server.url, "--fail-on", f];
    let mut a = args("unknown");
    a.push(&value_error);
    assert_eq!(run(&a, &[], None).await.status.code(), Some(1));
    let mut a = args("unknown");
    a.push(&assert_log);
    assert_eq!(
        run(&a, &[], None).await.status.code(),
        Some(0),
        "a known finding"
    );
    let mut a = args("any");
    a.push(&assert_log);
    assert_eq!(run(&a, &[], None).await.status.code(), Some(1));
    let mut a = args("any");
    a.push(&healthy);
    let out = run(&a, &[], None).await;
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("[no crash]"));
    let mut a = args("new");
    a.push(&value_error);
    assert_eq!(run(&a, &[], None).await.status.code(), Some(1));

    // standard input, --json, the server from the environment, metadata
    let out = run(
        &[
            "submit", "-", "--json", "--source", "ci", "--job", "nightly",
        ],
        &[("CRASHDEX_SERVER", server.url.as_str())],
        Some(b"RuntimeError: from stdin\n"),
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["created"], true);
    assert_eq!(json["source"], "ci");
    assert_eq!(json["job"], "nightly");

    // several files as one incident
    let rank0 = write(tmp.path(), "rank0.log", "INFO waiting\n");
    let out = run(
        &[
            "submit",
            "--together",
            &rank0,
            &assert_log,
            "--server",
            &server.url,
            "--json",
        ],
        &[],
        None,
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["culprit"]["filename"], "rank3.log");
    assert_eq!(json["culprit"]["rank"], 3);

    // errors: a missing file, a server that is not there
    let out = run(
        &["submit", "/no/such/file.log", "--server", &server.url],
        &[],
        None,
    )
    .await;
    assert_eq!(out.status.code(), Some(2));
    let out = run(
        &["submit", &assert_log, "--server", "http://127.0.0.1:9"],
        &[],
        None,
    )
    .await;
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot connect"),
        "{out:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn submit_sends_the_token() {
    // a policy as if bound to every interface (the listener itself stays on loopback)
    let server = start(|c| c.bind = "0.0.0.0:0".into()).await;
    let tmp = tempfile::tempdir().unwrap();
    let log = write(tmp.path(), "a.log", ASSERT_LOG);
    let out = run(&["submit", &log, "--server", &server.url], &[], None).await;
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("401"),
        "{out:?}"
    );
    let token = crashdex::tokens::create(&server.state.db, "ci", crashdex::auth::Scope::Write)
        .await
        .unwrap();
    let out = run(
        &["submit", &log, "--server", &server.url],
        &[("CRASHDEX_TOKEN", token.as_str())],
        None,
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = run(
        &["submit", &log, "--server", &server.url, "--token", &token],
        &[],
        None,
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn import_into_a_database_and_a_server() {
    let logs = tempfile::tempdir().unwrap();
    std::fs::create_dir(logs.path().join("sub")).unwrap();
    write(logs.path(), "a.log", ASSERT_LOG);
    write(
        logs.path(),
        "b.log",
        &format!("INFO other run\n{ASSERT_LOG}"),
    );
    write(&logs.path().join("sub"), "c.log", VALUE_ERROR);
    write(logs.path(), "dup.log", ASSERT_LOG);
    write(logs.path(), ".hidden.log", "RuntimeError: hidden\n");
    let dir = logs.path().to_string_lossy().into_owned();
    let findings = common::fixture_findings_dir()
        .to_string_lossy()
        .into_owned();

    let db = tempfile::tempdir().unwrap();
    let db_path = db.path().join("local.db").to_string_lossy().into_owned();
    let out = run(
        &["import", &dir, "--db", &db_path, "--findings", &findings],
        &[],
        None,
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.starts_with("4 files: 3 new incidents, 1 already known, 0 errors; 2 new problems"),
        "{text}"
    );
    assert!(
        text.contains("By class:") && text.contains("cuda_device_side_assert"),
        "{text}"
    );
    assert!(text.contains("By problem (fingerprint):"), "{text}");
    assert!(text.contains("test_index_out_of_bounds"), "{text}");
    let pool = crashdex::db::connect(Path::new(&db_path)).await.unwrap();
    assert_eq!(crashdex::db::incidents::count(&pool).await.unwrap(), 3);

    let server = start(|_| {}).await;
    let out = run(&["import", &dir, "--server", &server.url], &[], None).await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        stdout(&out).starts_with("4 files: 3 new incidents, 1 already known"),
        "{}",
        stdout(&out)
    );
    assert_eq!(
        crashdex::db::incidents::count(&server.state.db)
            .await
            .unwrap(),
        3
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn token_commands() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("t.db").to_string_lossy().into_owned();
    let out = run(&["token", "create", "ci", "--db", &db], &[], None).await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let token = stdout(&out).trim().to_string();
    assert!(token.starts_with("cdx_") && token.len() == 68, "{token}");
    let out = run(&["token", "create", "ci", "--db", &db], &[], None).await;
    assert_eq!(out.status.code(), Some(1), "duplicate names are refused");
    let out = run(
        &["token", "create", "boss", "--scope", "admin"],
        &[("CRASHDEX_DB", db.as_str())],
        None,
    )
    .await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let list = stdout(&run(&["token", "list", "--db", &db], &[], None).await);
    assert!(
        list.contains("ci") && list.contains("boss") && list.contains("admin"),
        "{list}"
    );
    assert!(!list.contains(&token), "tokens are never listed");
    let pool = crashdex::db::connect(Path::new(&db)).await.unwrap();
    let hash = crashdex::auth::hash_secret(&token);
    assert!(crashdex::db::tokens::find_live(&pool, &hash)
        .await
        .unwrap()
        .is_some());
    let out = run(&["token", "revoke", "ci", "--db", &db], &[], None).await;
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(crashdex::db::tokens::find_live(&pool, &hash)
        .await
        .unwrap()
        .is_none());
    assert!(stdout(&run(&["token", "list", "--db", &db], &[], None).await).contains("revoked"));
    let out = run(&["token", "revoke", "ci", "--db", &db], &[], None).await;
    assert_eq!(out.status.code(), Some(1));
}
