//! Secrets redaction through the app: uploads are redacted before they are hashed and stored,
//! the count is in the API response and on the incident page, and the raw download never holds
//! the secret.

mod common;

use axum::http::StatusCode;
use common::{gzip, TestApp, ASSERT_LOG};

const HF: &str = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
const AWS: &str = "AKIAIOSFODNN7EXAMPLE";

fn log_with_secrets(hf: &str) -> String {
    format!(
        "export HF_TOKEN={hf}\n\
         Downloading s3://weights?X-Amz-Credential={AWS}%2F20260101&X-Amz-Signature=deadbeefdeadbeefcafe\n\
         {ASSERT_LOG}"
    )
}

#[tokio::test]
async fn uploads_are_redacted_before_storage() {
    let app = TestApp::new().await;
    let log = log_with_secrets(HF);
    let res = app.post_raw("/api/v1/incidents", log.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let json = res.json();
    assert_eq!(json["redactions"], 3, "{json}");
    let id = json["id"].as_i64().unwrap();

    let raw = app.get(&format!("/incidents/{id}/raw")).await.text();
    assert!(!raw.contains(HF) && !raw.contains(AWS), "{raw}");
    assert!(raw.contains("[REDACTED:hf-token]"));
    assert!(raw.contains("X-Amz-Signature=[REDACTED:signature]"));
    assert_eq!(
        raw.lines().count(),
        log.lines().count(),
        "line numbers kept"
    );

    let page = app.get(&format!("/incidents/{id}")).await.text();
    assert!(page.contains("3 secrets redacted"), "no redaction notice");
    assert!(!page.contains(HF));
    let api = app.get(&format!("/api/v1/incidents/{id}")).await.json();
    assert_eq!(api["redactions"], 3);
    // the analysis still sees the crash under the redacted lines
    assert_eq!(api["analysis"]["crash"], true);
}

#[tokio::test]
async fn dedupe_hashes_the_redacted_bytes() {
    let app = TestApp::new().await;
    let first = app
        .post_raw("/api/v1/incidents", gzip(log_with_secrets(HF).as_bytes()))
        .await;
    assert_eq!(first.status, StatusCode::CREATED);
    // another token, same log otherwise: the same incident
    let other = "hf_ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210";
    let again = app
        .post_raw("/api/v1/incidents", log_with_secrets(other))
        .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text());
    assert_eq!(again.json()["id"], first.json()["id"]);
}

#[tokio::test]
async fn form_uploads_are_redacted_and_clean_logs_say_nothing() {
    let app = TestApp::new().await;
    let pasted = "curl -H 'Authorization: Bearer abcdef0123456789xyz' http://h/v1\r\nboom\r\n";
    let res = app
        .post_multipart("/incidents", &[("text", None, pasted.as_bytes())])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.text());
    let url = res.header("location").to_string();
    let page = app.get(&url).await.text();
    assert!(page.contains("1 secret redacted"), "singular notice");
    assert!(!page.contains("abcdef0123456789xyz"));

    let id = app.upload(ASSERT_LOG.as_bytes()).await;
    let page = app.get(&format!("/incidents/{id}")).await.text();
    assert!(!page.contains("redacted"), "no notice without secrets");
    let api = app.get(&format!("/api/v1/incidents/{id}")).await.json();
    assert_eq!(api["redactions"], 0);
}
