//! Webhooks against a real receiver: a small axum server on a free loopback port that records
//! what it gets (or fails on purpose).

mod common;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use common::{TestApp, ASSERT_LOG};
use crashdex::options::WebhookFormat;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Clone, Default)]
struct Receiver {
    got: Arc<Mutex<Vec<Value>>>,
    /// Answer this status instead of 200.
    fail_with: Option<StatusCode>,
}

async fn receive(State(r): State<Receiver>, Json(body): Json<Value>) -> StatusCode {
    r.got.lock().unwrap().push(body);
    r.fail_with.unwrap_or(StatusCode::OK)
}

/// Starts a receiver; returns its URL and what it received.
async fn start_receiver(fail_with: Option<StatusCode>) -> (String, Arc<Mutex<Vec<Value>>>) {
    let r = Receiver {
        fail_with,
        ..Receiver::default()
    };
    let got = Arc::clone(&r.got);
    let app = Router::new()
        .route("/hook/secret", post(receive))
        .with_state(r);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook/secret", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, got)
}

/// Waits (at most 10 s) until `got` holds `n` bodies.
async fn wait_for(got: &Arc<Mutex<Vec<Value>>>, n: usize) -> Vec<Value> {
    for _ in 0..200 {
        if got.lock().unwrap().len() >= n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    got.lock().unwrap().clone()
}

#[tokio::test]
async fn new_problem_is_posted_once_per_fingerprint() {
    let (url, got) = start_receiver(None).await;
    let app = TestApp::with_config(|c| {
        c.api.webhooks = vec![url.clone()];
        c.api.public_url = Some("https://crashdex.example".into());
    })
    .await;
    let first = app.upload(ASSERT_LOG.as_bytes()).await;
    let events = wait_for(&got, 1).await;
    assert_eq!(events.len(), 1, "{events:?}");
    let e = &events[0];
    assert_eq!(e["event"], "new_problem");
    assert_eq!(e["incident"]["id"], first);
    assert_eq!(
        e["incident"]["url"],
        format!("https://crashdex.example/incidents/{first}")
    );
    assert_eq!(e["incident"]["error_class"], "cuda_device_side_assert");
    assert!(e["text"].as_str().unwrap().contains("New problem"));

    // the same problem again (other bytes): no event; then a new one: an event
    let same = format!("INFO another run\n{ASSERT_LOG}");
    let second = app.upload(same.as_bytes()).await;
    let fp = |id: i64| {
        let app = &app;
        async move {
            app.get(&format!("/api/v1/incidents/{id}")).await.json()["analysis"]["fingerprint"]
                .clone()
        }
    };
    assert_eq!(
        fp(first).await,
        fp(second).await,
        "the fixture should share a fingerprint"
    );
    let third = app
        .upload(b"Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nValueError: a different failure\n")
        .await;
    let events = wait_for(&got, 2).await;
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(events[1]["incident"]["id"], third);
    // a healthy log is no problem
    app.upload(b"all good\n").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(got.lock().unwrap().len(), 2);
    let status = app.get("/api/v1/admin/webhooks").await.json();
    assert_eq!(status["delivered"], 2);
    assert_eq!(
        status["urls"][0],
        format!("{}/…", &url[..url.find("/hook").unwrap()])
    );
}

#[tokio::test]
async fn critical_findings_and_slack_payloads() {
    let (url, got) = start_receiver(None).await;
    let findings = tempfile::tempdir().unwrap();
    let fixture =
        std::fs::read_to_string(common::fixture_findings_dir().join("test_index_out_of_bounds.md"))
            .unwrap();
    let critical = fixture
        .replace(
            "id = \"test_index_out_of_bounds\"",
            "id = \"critical_index\"",
        )
        .replace("severity = \"high\"", "severity = \"critical\"");
    std::fs::write(findings.path().join("critical_index.md"), critical).unwrap();
    let dir = findings.path().to_path_buf();
    let app = TestApp::with_config(|c| {
        c.api.webhooks = vec![url.clone()];
        c.api.webhook_format = WebhookFormat::Slack;
        c.findings = dir;
    })
    .await;
    let id = app.upload(ASSERT_LOG.as_bytes()).await;
    let events = wait_for(&got, 2).await;
    assert_eq!(events.len(), 2, "{events:?}");
    for e in &events {
        assert_eq!(
            e.as_object().unwrap().len(),
            1,
            "slack payload is {{text}}: {e}"
        );
        assert!(e["text"]
            .as_str()
            .unwrap()
            .contains(&format!("/incidents/{id}")));
    }
    assert!(events.iter().any(|e| e["text"]
        .as_str()
        .unwrap()
        .contains("Critical finding `critical_index`")));
}

#[tokio::test]
async fn failures_are_retried_and_shown() {
    let (url, got) = start_receiver(Some(StatusCode::INTERNAL_SERVER_ERROR)).await;
    let app = TestApp::with_config(|c| {
        c.api.webhooks = vec![url.clone()];
        c.api.webhook_retry_ms = 10;
    })
    .await;
    let id = app.upload(ASSERT_LOG.as_bytes()).await;
    let tries = crashdex::webhooks::TRIES as usize;
    assert_eq!(wait_for(&got, tries).await.len(), tries);
    let mut status = Value::Null;
    for _ in 0..100 {
        status = app.get("/api/v1/admin/webhooks").await.json();
        if status["failed"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status["failed"], 1, "{status}");
    let f = &status["recent_failures"][0];
    assert_eq!(f["incident_id"], id);
    assert_eq!(f["tries"], tries);
    assert_eq!(f["error"], "HTTP 500 Internal Server Error");
    assert!(
        !f["url"].as_str().unwrap().contains("secret"),
        "paths are hidden"
    );
    let page = app.get("/admin").await.text();
    assert!(page.contains("HTTP 500 Internal Server Error"), "{page}");
    assert!(!page.contains("/hook/secret"));
    // a 4xx is not retried
    let (url4, got4) = start_receiver(Some(StatusCode::NOT_FOUND)).await;
    let app = TestApp::with_config(|c| {
        c.api.webhooks = vec![url4];
        c.api.webhook_retry_ms = 10;
    })
    .await;
    app.upload(ASSERT_LOG.as_bytes()).await;
    wait_for(&got4, 1).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(got4.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn no_webhooks_no_task() {
    let app = TestApp::new().await;
    app.upload(ASSERT_LOG.as_bytes()).await;
    let status = app.get("/api/v1/admin/webhooks").await.json();
    assert_eq!(status["delivered"], 0);
    assert_eq!(status["dropped"], 0);
}
