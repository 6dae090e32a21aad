//! The REST API v1 through the router: multi-file incidents, metadata, list filters, the log
//! with `Range`, the admin status, and the OpenAPI document against the route table.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::{TestApp, ASSERT_LOG};
use serde_json::Value;

/// Another rank's view of the same failure: a later NCCL watchdog timeout.
const NCCL_LOG: &str = "\
2026-03-01 10:00:00 INFO rank 0 ready
[rank0]:[E301 10:10:00.000000000 ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=12, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600042 milliseconds before timing out.
";

fn ids(list: &Value) -> Vec<i64> {
    list["incidents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn multi_file_upload_elects_the_culprit_rank() {
    let app = TestApp::new().await;
    let res = app
        .post_multipart(
            "/api/v1/incidents?source=ci&job=nightly",
            &[
                ("file", Some("rank0.log"), NCCL_LOG.as_bytes()),
                ("file", Some("rank3.log"), ASSERT_LOG.as_bytes()),
                ("host", None, b"gpu-node-7"),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let json = res.json();
    let id = json["id"].as_i64().unwrap();
    assert_eq!(json["culprit"]["filename"], "rank3.log");
    assert_eq!(json["culprit"]["rank"], 3);
    assert_eq!(json["parts"].as_array().unwrap().len(), 2);
    assert_eq!(json["parts"][0]["rank"], 0);
    assert_eq!(json["analysis"]["error_class"], "cuda_device_side_assert");
    assert_eq!(json["analysis"]["culprit_rank"], 3);
    assert_eq!(json["source"], "ci");
    assert_eq!(json["job"], "nightly");
    assert_eq!(json["host"], "gpu-node-7");
    assert_eq!(json["new_problem"], true);

    // the joined log holds both files, and the analysis points into it
    let log = app.get(&format!("/api/v1/incidents/{id}/log")).await;
    assert_eq!(log.status, StatusCode::OK);
    let text = log.text();
    assert!(text.starts_with("==> rank0.log <==\n"), "{text}");
    assert!(text.contains("==> rank3.log <==\n"));
    let first = &json["analysis"]["first_error"];
    let line = first["line"].as_u64().unwrap() as usize;
    let at = text.lines().nth(line - 1).unwrap();
    assert!(
        at.contains(first["text"].as_str().unwrap().trim()),
        "line {line} is {at:?}, the first error {first}"
    );
    // each file's original bytes
    for (part, original) in [(0, NCCL_LOG), (1, ASSERT_LOG)] {
        let res = app
            .get(&format!("/api/v1/incidents/{id}/log?part={part}"))
            .await;
        assert_eq!(res.status, StatusCode::OK);
        assert_eq!(res.body, original.as_bytes());
    }
    let res = app.get(&format!("/api/v1/incidents/{id}/log?part=9")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // the incident page lists the files, marks the culprit and links each first error into
    // the joined log
    let page = app.get(&format!("/incidents/{id}")).await.text();
    let (_, files) = page.split_once("<h2>Files").expect("a Files section");
    let (files, _) = files.split_once("</table>").expect("the files table");
    let culprit_row = files
        .split("<tr")
        .find(|row| row.contains("rank3.log"))
        .expect("a row for rank3.log");
    assert!(culprit_row.contains("culprit"), "{culprit_row}");
    assert!(
        culprit_row.contains(&format!("href=\"#L{line}\">line {line}</a>")),
        "{culprit_row}"
    );
    assert!(culprit_row.contains(&format!("/api/v1/incidents/{id}/log?part=1")));
    let other_row = files
        .split("<tr")
        .find(|row| row.contains("rank0.log"))
        .expect("a row for rank0.log");
    assert!(!other_row.contains("culprit"), "{other_row}");
    assert!(other_row.contains("nccl_timeout"), "{other_row}");

    // the same files again: the same incident
    let again = app
        .post_multipart(
            "/api/v1/incidents",
            &[
                ("file", Some("rank0.log"), NCCL_LOG.as_bytes()),
                ("file", Some("rank3.log"), ASSERT_LOG.as_bytes()),
            ],
        )
        .await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.json()["id"], id);

    let got = app.get(&format!("/api/v1/incidents/{id}")).await.json();
    assert_eq!(got["parts"][1]["culprit"], true);
    assert_eq!(
        got["parts"][1]["log_url"],
        format!("/api/v1/incidents/{id}/log?part=1")
    );
    assert_eq!(got["log_url"], format!("/api/v1/incidents/{id}/log"));
    assert_eq!(got["labels"], serde_json::json!([]));
    // the incident page shows the joined log
    assert_eq!(
        app.get(&format!("/incidents/{id}")).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn metadata_from_query_and_form_and_its_checks() {
    let app = TestApp::new().await;
    let res = app
        .post_raw(
            "/api/v1/incidents?source=bot&labels=gpu,%20nightly,gpu&host=h1",
            ASSERT_LOG,
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let json = res.json();
    assert_eq!(json["source"], "bot");
    assert_eq!(json["labels"], serde_json::json!(["gpu", "nightly"]));
    assert_eq!(json["parts"], serde_json::json!([]));
    assert!(json["culprit"].is_null());
    let res = app
        .post_multipart(
            "/api/v1/incidents?source=ci",
            &[
                ("file", Some("a.log"), b"RuntimeError: one\n"),
                ("source", None, b"user"),
            ],
        )
        .await;
    assert_eq!(res.json()["source"], "user", "a form field wins");
    let res = app
        .post_raw("/api/v1/incidents?source=robot", ASSERT_LOG)
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json()["error"], "bad_request");
}

#[tokio::test]
async fn list_filters_and_cursor() {
    let app = TestApp::new().await;
    let ci = app
        .post_raw("/api/v1/incidents?source=ci", ASSERT_LOG)
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let bot = app
        .post_raw("/api/v1/incidents?source=bot", NCCL_LOG)
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let plain = app.upload(b"all good\n").await;

    let all = app.get("/api/v1/incidents").await.json();
    assert_eq!(ids(&all), vec![plain, bot, ci]);
    let by_source = app.get("/api/v1/incidents?source=ci").await.json();
    assert_eq!(ids(&by_source), vec![ci]);
    let by_class = app
        .get("/api/v1/incidents?class=cuda_device_side_assert")
        .await
        .json();
    assert_eq!(ids(&by_class), vec![ci]);
    let by_finding = app
        .get("/api/v1/incidents?finding=test_index_out_of_bounds")
        .await
        .json();
    assert_eq!(ids(&by_finding), vec![ci]);
    let since = app.get("/api/v1/incidents?since=2000-01-01").await.json();
    assert_eq!(ids(&since).len(), 3);
    let future = app
        .get("/api/v1/incidents?since=2999-01-01T00:00:00Z")
        .await
        .json();
    assert!(ids(&future).is_empty());
    // the cursor with a filter
    let page = app
        .get("/api/v1/incidents?limit=1&since=2000-01-01")
        .await
        .json();
    assert_eq!(ids(&page), vec![plain]);
    let next = page["next_before"].as_i64().unwrap();
    let page = app
        .get(&format!(
            "/api/v1/incidents?limit=2&since=2000-01-01&before={next}"
        ))
        .await
        .json();
    assert_eq!(ids(&page), vec![bot, ci]);
    for bad in ["class=bogus", "source=robot", "since=yesterday", "before=x"] {
        let res = app.get(&format!("/api/v1/incidents?{bad}")).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(res.json()["error"], "bad_request", "{bad}");
    }
}

async fn get_range(app: &TestApp, uri: &str, range: &str) -> common::TestResponse {
    let req = Request::get(uri)
        .header(header::RANGE, range)
        .body(Body::empty())
        .unwrap();
    app.request(req).await
}

#[tokio::test]
async fn log_supports_single_ranges() {
    let app = TestApp::new().await;
    let id = app.upload(ASSERT_LOG.as_bytes()).await;
    let uri = format!("/api/v1/incidents/{id}/log");
    let len = ASSERT_LOG.len();
    let full = app.get(&uri).await;
    assert_eq!(full.status, StatusCode::OK);
    assert_eq!(full.body, ASSERT_LOG.as_bytes());
    assert_eq!(full.header("accept-ranges"), "bytes");
    assert!(full.header("content-type").starts_with("text/plain"));
    let etag = full.header("etag").to_string();
    assert_eq!(etag.len(), 66);

    let res = get_range(&app, &uri, "bytes=0-4").await;
    assert_eq!(res.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(res.body, &ASSERT_LOG.as_bytes()[0..5]);
    assert_eq!(res.header("content-range"), format!("bytes 0-4/{len}"));
    let res = get_range(&app, &uri, "bytes=-10").await;
    assert_eq!(res.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(res.body, &ASSERT_LOG.as_bytes()[len - 10..]);
    let res = get_range(&app, &uri, "bytes=10-").await;
    assert_eq!(res.body, &ASSERT_LOG.as_bytes()[10..]);
    assert_eq!(
        res.header("content-range"),
        format!("bytes 10-{}/{len}", len - 1)
    );

    let res = get_range(&app, &uri, &format!("bytes={len}-")).await;
    assert_eq!(res.status, StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(res.header("content-range"), format!("bytes */{len}"));
    assert_eq!(res.json()["error"], "range_not_satisfiable");

    // several ranges, nonsense, or a stale If-Range: the whole log
    for range in ["bytes=0-1,4-5", "lines=1-2", "bytes=9-3"] {
        let res = get_range(&app, &uri, range).await;
        assert_eq!(res.status, StatusCode::OK, "{range}");
        assert_eq!(res.body.len(), len);
    }
    let req = Request::get(&uri)
        .header(header::RANGE, "bytes=0-4")
        .header(header::IF_RANGE, "\"stale\"")
        .body(Body::empty())
        .unwrap();
    assert_eq!(app.request(req).await.status, StatusCode::OK);
    let req = Request::get(&uri)
        .header(header::RANGE, "bytes=0-4")
        .header(header::IF_RANGE, etag)
        .body(Body::empty())
        .unwrap();
    assert_eq!(app.request(req).await.status, StatusCode::PARTIAL_CONTENT);

    for missing in ["/api/v1/incidents/999/log", "/api/v1/incidents/x/log"] {
        let res = app.get(missing).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
        assert_eq!(res.json()["error"], "not_found");
    }
}

#[tokio::test]
async fn admin_webhook_status_is_json() {
    let app = TestApp::new().await;
    let res = app.get("/api/v1/admin/webhooks").await;
    assert_eq!(res.status, StatusCode::OK);
    let json = res.json();
    assert_eq!(json["urls"], serde_json::json!([]));
    assert_eq!(json["failed"], 0);
    let page = app.get("/admin").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("No webhooks configured"));
}

/// The `(METHOD, path)` pairs registered in the api router: every `.route(...)` of
/// `src/api/mod.rs`, and of the modules whose `router()` it merges (`.merge(problems::router())`).
fn registered_routes() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let main = std::fs::read_to_string(dir.join("mod.rs")).unwrap();
    let merged = regex::Regex::new(r"\.merge\(\s*(\w+)::router\(\)\s*\)").unwrap();
    let mut source = main.clone();
    for m in merged.captures_iter(&main) {
        let file = dir.join(format!("{}.rs", &m[1]));
        let file = if file.exists() {
            file
        } else {
            dir.join(&m[1]).join("mod.rs")
        };
        source += &std::fs::read_to_string(&file).unwrap();
    }
    let route = regex::Regex::new(r#"(?s)\.route\(\s*"([^"]+)"\s*,(.*?)\)\s*\n"#).unwrap();
    let method = regex::Regex::new(r"\b(get|post|put|patch|delete)\(").unwrap();
    let mut out = Vec::new();
    for c in route.captures_iter(&source) {
        for m in method.captures_iter(&c[2]) {
            out.push((m[1].to_uppercase(), c[1].to_string()));
        }
    }
    out.sort();
    out.dedup();
    out
}

#[tokio::test]
async fn openapi_documents_every_route() {
    let app = TestApp::new().await;
    let res = app.get("/api/v1/openapi.json").await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(res.header("content-type").starts_with("application/json"));
    let doc = res.json();
    assert!(
        doc["openapi"].as_str().unwrap().starts_with("3.1."),
        "{}",
        doc["openapi"]
    );
    assert_eq!(doc["servers"][0]["url"], "/api/v1");
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());

    let mut documented: Vec<(String, String)> = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                assert!(
                    op["responses"].is_object(),
                    "{method} {path} has no responses"
                );
                documented.push((method.to_uppercase(), path.clone()));
            }
        }
    }
    documented.sort();
    let registered = registered_routes();
    assert!(
        registered.len() >= 8,
        "route table not read: {registered:?}"
    );
    assert_eq!(
        documented, registered,
        "the OpenAPI paths and the api router differ"
    );

    // and every documented route answers through the router (not the API's 404 fallback)
    for (method, path) in &documented {
        let uri = format!("/api/v1{}", path.replace("{id}", "1"));
        let req = Request::builder()
            .method(method.as_str())
            .uri(&uri)
            .body(Body::empty())
            .unwrap();
        let res = app.request(req).await;
        assert_ne!(res.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        if res.status == StatusCode::NOT_FOUND {
            assert_ne!(
                res.json()["message"],
                "no such API endpoint",
                "{method} {uri} is not routed"
            );
        }
    }
}
