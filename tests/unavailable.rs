//! Storage faults: a read-only database and a full disk give a clear 503 (`{"error":
//! "unavailable"}` on the API, an HTML page on the site) while reads keep working, and writes
//! work again, without a restart, once the fault clears.
//!
//! How the faults are made (the tests run as root, where `chmod 0444` does not stop writes):
//! - read-only: `PRAGMA query_only = ON` on the pool's only connection, so every write fails
//!   with `SQLITE_READONLY`, exactly as a read-only file or mount does;
//! - disk full: `PRAGMA max_page_count` set to the current size, so the next write that needs a
//!   page fails with `SQLITE_FULL`, exactly as a full disk does.
//!
//! Not tested here: a real ENOSPC from the file system or an I/O error (`SQLITE_IOERR`); they
//! map to the same 503 by the same code path (`crashdex::error::db_unavailable`).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions};
use sqlx::SqlitePool;
use tower::ServiceExt;

/// The app over a pool with exactly one connection, so a pragma set on the pool is in force
/// for every request.
async fn one_connection_app() -> (Router, SqlitePool, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("test.db");
    crashdex::db::connect(&path).await.unwrap().close().await;
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .journal_mode(SqliteJournalMode::Wal)
        .foreign_keys(true);
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .unwrap();
    let findings = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/findings");
    let index = crashdex::findings_dir::load(&findings).unwrap();
    let config = crashdex::Config::for_tests(path);
    let state = crashdex::AppState::new(pool.clone(), index, config);
    (crashdex::build_router(state), pool, dir)
}

async fn send(router: &Router, req: Request<Body>) -> (StatusCode, String, String) {
    let res = router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let ct = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    (status, ct, String::from_utf8_lossy(&body).into_owned())
}

async fn upload(router: &Router, log: &[u8]) -> (StatusCode, String, String) {
    let req = Request::post("/api/v1/incidents")
        .body(Body::from(log.to_vec()))
        .unwrap();
    send(router, req).await
}

async fn get(router: &Router, uri: &str) -> StatusCode {
    send(router, Request::get(uri).body(Body::empty()).unwrap())
        .await
        .0
}

/// Checks the 503 of the API and of the upload form for `log`.
async fn assert_unavailable(router: &Router, log: &[u8]) {
    let (status, ct, body) = upload(router, log).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(ct.starts_with("application/json"));
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["error"], "unavailable");
    assert!(json["message"].as_str().unwrap().contains("unavailable"));
    assert!(
        !body.contains("SQLITE") && !body.contains("readonly"),
        "{body}"
    );

    let boundary = "XyZ";
    let mut form = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.log\"\r\n\r\n",
        csrf = "0".repeat(64)
    )
    .into_bytes();
    form.extend_from_slice(log);
    form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let req = Request::post("/incidents")
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header("cookie", format!("crashdex_csrf={}", "0".repeat(64)))
        .body(Body::from(form))
        .unwrap();
    let (status, ct, body) = send(router, req).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(ct.starts_with("text/html"), "{ct}");
    assert!(body.contains("unavailable"), "{body}");
}

#[tokio::test]
async fn read_only_database_is_503_and_recovers() {
    let (router, pool, _dir) = one_connection_app().await;
    let (status, _, body) = upload(&router, b"RuntimeError: before\n").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    sqlx::query("PRAGMA query_only = ON")
        .execute(&pool)
        .await
        .unwrap();
    assert_unavailable(&router, b"RuntimeError: while read-only\n").await;
    // reads still work
    assert_eq!(get(&router, "/incidents/1").await, StatusCode::OK);
    assert_eq!(get(&router, "/api/v1/incidents").await, StatusCode::OK);

    sqlx::query("PRAGMA query_only = OFF")
        .execute(&pool)
        .await
        .unwrap();
    let (status, _, body) = upload(&router, b"RuntimeError: while read-only\n").await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "recovered without restart: {body}"
    );
}

#[tokio::test]
async fn full_disk_is_503_and_recovers() {
    let (router, pool, _dir) = one_connection_app().await;
    let (status, _, _) = upload(&router, b"RuntimeError: before\n").await;
    assert_eq!(status, StatusCode::CREATED);

    let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
        .fetch_one(&pool)
        .await
        .unwrap();
    sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
        .execute(&pool)
        .await
        .unwrap();
    // an incompressible log needs new pages
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut log: Vec<u8> = (0..256 * 1024)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b'a' + (x % 26) as u8
        })
        .collect();
    log.extend_from_slice(b"\nRuntimeError: CUDA error: out of memory\n");
    assert_unavailable(&router, &log).await;
    assert_eq!(get(&router, "/incidents").await, StatusCode::OK);

    sqlx::query("PRAGMA max_page_count = 1073741823")
        .execute(&pool)
        .await
        .unwrap();
    let (status, _, body) = upload(&router, &log).await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "recovered without restart: {body}"
    );
}

#[test]
fn storage_errors_are_unavailable_and_others_are_not() {
    use crashdex::error::{db_unavailable, AppError};
    let io = sqlx::Error::Io(std::io::Error::other("disk"));
    assert!(db_unavailable(&io));
    assert!(db_unavailable(&sqlx::Error::PoolTimedOut));
    assert!(!db_unavailable(&sqlx::Error::RowNotFound));
    let e = AppError::Db(sqlx::Error::PoolTimedOut);
    assert_eq!(e.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(e.code(), "unavailable");
    assert_eq!(
        AppError::Db(sqlx::Error::RowNotFound).status(),
        StatusCode::INTERNAL_SERVER_ERROR
    );
}
