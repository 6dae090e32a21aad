//! The HTML pages through the router: the upload form, the incident page, lists, findings,
//! errors, headers and the raw download.

mod common;

use axum::http::StatusCode;
use common::{TestApp, ASSERT_LOG};

/// HTML escaping as askama does it (decimal character references).
fn escape(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '<' | '>' | '&' | '"' | '\'' => format!("&#{};", c as u32),
            c => c.to_string(),
        })
        .collect()
}

fn location_id(res: &common::TestResponse) -> i64 {
    let loc = res.header("location");
    loc.strip_prefix("/incidents/")
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("bad location `{loc}`"))
}

#[tokio::test]
async fn form_upload_redirects_to_the_incident() {
    let app = TestApp::new().await;
    let res = app
        .post_multipart(
            "/incidents",
            &[
                ("file", Some("server.log"), ASSERT_LOG.as_bytes()),
                ("text", None, b""),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.text());
    let id = location_id(&res);
    let page = app.get(&format!("/incidents/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("server.log"));
    // the same bytes again land on the same incident
    let again = app
        .post_multipart(
            "/incidents",
            &[("file", Some("copy.log"), ASSERT_LOG.as_bytes())],
        )
        .await;
    assert_eq!(again.status, StatusCode::SEE_OTHER);
    assert_eq!(location_id(&again), id);
}

#[tokio::test]
async fn pasted_text_is_uploaded_with_crlf_normalised() {
    let app = TestApp::new().await;
    let pasted = ASSERT_LOG.replace('\n', "\r\n");
    let res = app
        .post_multipart(
            "/incidents",
            &[("file", Some(""), b""), ("text", None, pasted.as_bytes())],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.text());
    let raw = app
        .get(&format!("/incidents/{}/raw", location_id(&res)))
        .await;
    assert_eq!(raw.text(), ASSERT_LOG);
}

#[tokio::test]
async fn empty_form_is_400_with_a_clear_message() {
    let app = TestApp::new().await;
    let res = app
        .post_multipart(
            "/incidents",
            &[("file", Some(""), b""), ("text", None, b"")],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.header("content-type").starts_with("text/html"));
    assert!(res.text().contains("empty log"), "{}", res.text());
}

#[tokio::test]
async fn too_large_form_is_413_naming_the_limit() {
    let app = TestApp::with_limit(2048).await;
    let big = vec![b'x'; 4096];
    let res = app
        .post_multipart("/incidents", &[("file", Some("big.log"), &big)])
        .await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(res.text().contains("2 KiB"), "{}", res.text());
    let huge = vec![b'x'; 256 * 1024];
    let res = app
        .post_multipart("/incidents", &[("file", Some("huge.log"), &huge)])
        .await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(res.text().contains("2 KiB"), "{}", res.text());
}

#[tokio::test]
async fn incident_page_shows_the_verdict_and_escapes_the_log() {
    let app = TestApp::new().await;
    let log = format!("{ASSERT_LOG}<script>alert(1)</script>\n");
    let res = app.post_raw("/api/v1/incidents", log.clone()).await;
    let json = res.json();
    let id = json["id"].as_i64().unwrap();
    let page = app.get(&format!("/incidents/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    let analysis: crashdex_core::Analysis =
        serde_json::from_value(json["analysis"].clone()).unwrap();
    assert!(
        html.contains(&escape(&analysis.verdict())),
        "verdict missing"
    );
    assert!(html.contains(&escape("<script>alert(1)</script>")));
    assert!(!html.contains("<script>alert(1)</script>"));
    assert!(html.contains("id=\"L1\""));
    assert!(html.contains("id=\"L10\""));
    assert!(html.contains("href=\"#L3\""));
    assert!(html.contains(&format!("/incidents/{id}/raw")));
    // one file: no table of files
    assert!(!html.contains("<h2>Files"));
}

#[tokio::test]
async fn repeated_lines_are_folded_with_a_count() {
    let app = TestApp::new().await;
    let mut log = String::from("start\n");
    for _ in 0..50 {
        log.push_str("[2026-02-26 15:56:59 TP0] Decode batch. #running-req: 1\n");
    }
    log.push_str("end\n");
    let id = app.upload(log.as_bytes()).await;
    let html = app.get(&format!("/incidents/{id}")).await.text();
    assert!(html.contains("×50"), "no fold count");
    assert_eq!(html.matches("Decode batch").count(), 1);
    assert!(html.contains("id=\"L52\""));
    assert!(
        html.contains("id=\"L30\""),
        "folded lines keep their anchors"
    );
}

#[tokio::test]
async fn incident_list_never_fails_on_bad_pages() {
    let app = TestApp::new().await;
    for i in 0..3 {
        app.upload(format!("log {i}\n").as_bytes()).await;
    }
    for q in [
        "",
        "?page=1",
        "?page=-1",
        "?page=0",
        "?page=999999999999",
        "?page=99999999999999999999999",
        "?page=abc",
        "?page=",
        "?page=1.5",
    ] {
        let res = app.get(&format!("/incidents{q}")).await;
        assert_eq!(res.status, StatusCode::OK, "{q}");
        assert!(res.text().contains("/incidents/1"), "{q}");
    }
}

#[tokio::test]
async fn unknown_incident_is_404() {
    let app = TestApp::new().await;
    for path in [
        "/incidents/42",
        "/incidents/abc",
        "/incidents/42/raw",
        "/no/such/page",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
        assert!(res.header("content-type").starts_with("text/html"));
    }
}

#[tokio::test]
async fn home_page_has_the_upload_form_and_recent_incidents() {
    let app = TestApp::new().await;
    let id = app.upload(ASSERT_LOG.as_bytes()).await;
    let html = app.get("/").await.text();
    assert!(html.contains("action=\"/incidents\""));
    assert!(html.contains("enctype=\"multipart/form-data\""));
    assert!(html.contains("name=\"file\""));
    assert!(html.contains("name=\"text\""));
    assert!(html.contains("<label for=\"file\""));
    assert!(html.contains("<label for=\"text\""));
    assert!(html.contains(&format!("href=\"/incidents/{id}\"")));
    assert!(html.contains("src=\"/static/app.js\""));
    assert!(!html.contains("<script>"), "no inline script");
    assert!(!html.contains("style="), "no inline style");
}

#[tokio::test]
async fn findings_pages() {
    let app = TestApp::new().await;
    let res = app.get("/findings").await;
    assert_eq!(res.status, StatusCode::OK);
    let res = app
        .get("/findings?q=nothing+matches+this&component=x&status=y&arch=sm_1")
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let res = app.get("/findings/no_such_finding").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let index = app.state.findings();
    let Some(f) = index.findings().first() else {
        eprintln!("note: the findings loader returned no fixture findings; detail check skipped");
        return;
    };
    let res = app.get(&format!("/findings/{}", f.id)).await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(res.text().contains("Incidents that matched"));
}

#[tokio::test]
async fn healthz() {
    let app = TestApp::new().await;
    let res = app.get("/healthz").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.json()["status"], "ok");
}

#[tokio::test]
async fn security_headers_on_every_response() {
    let app = TestApp::new().await;
    for path in [
        "/",
        "/incidents",
        "/nope",
        "/static/app.css",
        "/api/v1/incidents",
        "/healthz",
    ] {
        let res = app.get(path).await;
        assert_eq!(
            res.header("content-security-policy"),
            crashdex::app::CSP,
            "{path}"
        );
        assert!(res
            .header("content-security-policy")
            .contains("default-src 'self'"));
        assert_eq!(res.header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(res.header("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(res.header("x-frame-options"), "DENY", "{path}");
    }
}

#[tokio::test]
async fn static_files_are_served() {
    let app = TestApp::new().await;
    let css = app.get("/static/app.css").await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(css.header("content-type").starts_with("text/css"));
    assert_eq!(app.get("/static/app.js").await.status, StatusCode::OK);
    assert_eq!(
        app.get("/static/missing.js").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn raw_download_is_the_original_bytes() {
    let app = TestApp::new().await;
    let bytes = b"line one\n\xff\xfe binary \x00 tail\n<b>bold</b>".to_vec();
    let res = app
        .post_multipart("/incidents", &[("file", Some("my log.txt"), &bytes)])
        .await;
    let id = location_id(&res);
    let raw = app.get(&format!("/incidents/{id}/raw")).await;
    assert_eq!(raw.status, StatusCode::OK);
    assert_eq!(raw.header("content-type"), "text/plain; charset=utf-8");
    assert!(raw.header("content-disposition").starts_with("attachment"));
    assert!(raw.header("content-disposition").contains("mylog.txt"));
    assert_eq!(raw.header("x-content-type-options"), "nosniff");
    assert_eq!(raw.body, bytes);
}

#[tokio::test]
async fn matched_findings_link_both_ways() {
    let app = TestApp::new().await;
    let res = app.post_raw("/api/v1/incidents", ASSERT_LOG).await.json();
    let id = res["id"].as_i64().unwrap();
    let Some(top) = res["analysis"]["matches"][0]["finding"].as_str() else {
        eprintln!("note: the engine matched no fixture finding; cross-link check skipped");
        return;
    };
    let page = app.get(&format!("/incidents/{id}")).await.text();
    assert!(page.contains(&format!("href=\"/findings/{top}\"")));
    let finding = app.get(&format!("/findings/{top}")).await;
    assert_eq!(finding.status, StatusCode::OK);
    assert!(finding
        .text()
        .contains(&format!("href=\"/incidents/{id}\"")));
    let api = app.get(&format!("/api/v1/findings/{top}")).await.json();
    assert_eq!(api["incidents"][0]["id"], id);
    let list = app.get("/incidents").await.text();
    assert!(
        list.contains(&format!("href=\"/findings/{top}\"")),
        "top finding column"
    );
}
