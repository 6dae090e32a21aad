//! The test harness: a [`TestApp`] over a temporary SQLite file, the router driven with
//! `tower::ServiceExt::oneshot`, and helpers returning status, headers and body.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use axum::Router;
use crashdex::{build_router, AppState, Config};
use http_body_util::BodyExt;
use std::path::PathBuf;
use tempfile::TempDir;
use tower::ServiceExt;

/// The app over a fresh database in a temporary directory.
pub struct TestApp {
    pub state: AppState,
    router: Router,
    _dir: TempDir,
}

/// A finished response.
#[derive(Debug)]
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl TestResponse {
    /// The body as (lossy) text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON (panics when it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    /// A header's value, or "" when absent.
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

/// The findings used by tests (`tests/fixtures/findings`).
pub fn fixture_findings_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/findings")
}

impl TestApp {
    /// An app with a 1 MiB upload limit.
    pub async fn new() -> Self {
        Self::with_limit(1 << 20).await
    }

    /// An app with the given upload limit in bytes.
    pub async fn with_limit(max_upload: u64) -> Self {
        Self::with_config(|c| c.max_upload = max_upload).await
    }

    /// An app whose test configuration `change` adjusts (bind address, `--private`, webhooks...).
    pub async fn with_config(change: impl FnOnce(&mut Config)) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::for_tests(dir.path().join("test.db"));
        config.findings = fixture_findings_dir();
        change(&mut config);
        let pool = crashdex::db::connect(&config.db).await.expect("database");
        let index = crashdex::findings_dir::load(&config.findings).expect("fixture findings");
        let state = AppState::new(pool, index, config);
        crashdex::search::index_findings(&state.db, &state.findings())
            .await
            .expect("findings search index");
        let router = build_router(state.clone());
        TestApp {
            state,
            router,
            _dir: dir,
        }
    }

    /// Sends a request through the router.
    pub async fn request(&self, req: Request<Body>) -> TestResponse {
        let res = self.router.clone().oneshot(req).await.expect("infallible");
        let status = res.status();
        let headers = res.headers().clone();
        let body = res
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes()
            .to_vec();
        TestResponse {
            status,
            headers,
            body,
        }
    }

    /// `GET uri`.
    pub async fn get(&self, uri: &str) -> TestResponse {
        let req = Request::get(uri).body(Body::empty()).expect("request");
        self.request(req).await
    }

    /// `POST uri` with a raw body.
    pub async fn post_raw(&self, uri: &str, body: impl Into<Vec<u8>>) -> TestResponse {
        let req = Request::post(uri)
            .header(header::CONTENT_TYPE, "application/octet-stream")
            .body(Body::from(body.into()))
            .expect("request");
        self.request(req).await
    }

    /// `POST uri` with a multipart form; each part is `(name, file name, bytes)`. A page form
    /// (not `/api/`) also gets the CSRF cookie and field a browser would send.
    pub async fn post_multipart(
        &self,
        uri: &str,
        parts: &[(&str, Option<&str>, &[u8])],
    ) -> TestResponse {
        let boundary = "----crashdexTestBoundary7MA4YWxkTrZu0gW";
        let mut body = Vec::new();
        let page_form = !uri.starts_with("/api/");
        let csrf_part = [("csrf", None, TEST_CSRF.as_bytes())];
        let extra: &[(&str, Option<&str>, &[u8])] = if page_form { &csrf_part } else { &[] };
        for (name, filename, bytes) in extra.iter().chain(parts) {
            body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
            match filename {
                Some(f) => body.extend_from_slice(
                    format!(
                        "Content-Disposition: form-data; name=\"{name}\"; filename=\"{f}\"\r\n\
                         Content-Type: application/octet-stream\r\n\r\n"
                    )
                    .as_bytes(),
                ),
                None => body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
                ),
            }
            body.extend_from_slice(bytes);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let mut req = Request::post(uri).header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        );
        if page_form {
            req = req.header(header::COOKIE, csrf_cookie());
        }
        self.request(req.body(Body::from(body)).expect("request"))
            .await
    }

    /// Uploads a log through the API and returns the new incident's id.
    pub async fn upload(&self, log: &[u8]) -> i64 {
        let res = self.post_raw("/api/v1/incidents", log.to_vec()).await;
        assert!(res.status.is_success(), "{}: {}", res.status, res.text());
        res.json()["id"].as_i64().expect("id")
    }
}

/// The CSRF token the test helpers send with page forms (cookie and field).
pub const TEST_CSRF: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/// The `Cookie` header carrying [`TEST_CSRF`].
pub fn csrf_cookie() -> String {
    format!("crashdex_csrf={TEST_CSRF}")
}

/// Gzips bytes.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).expect("gzip");
    gz.finish().expect("gzip")
}

/// A small crash log in the shape of the development corpus (device assert, async report).
pub const ASSERT_LOG: &str = "\
INFO starting
Loading model weights
/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1515: indexSelectSmallIndex: block: [0,0,0], thread: [0,0,0] Assertion `srcIndex < srcSelectDimSize` failed.
Traceback (most recent call last):
  File \"/work/repro.py\", line 12, in <module>
    out = emb(ids).sum().item()
torch.AcceleratorError: CUDA error: device-side assert triggered
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
";
