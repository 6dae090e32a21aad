//! `crashdex backup`: online copies taken while uploads go on are consistent, pass
//! `PRAGMA integrity_check`, and serve as a database again (restore = open the copy).

mod common;

use axum::http::StatusCode;
use common::{TestApp, ASSERT_LOG};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// `id -> (sha256, analysis_json)` of every incident in a database file.
async fn incidents_of(path: &Path) -> BTreeMap<i64, (String, String)> {
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .read_only(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    let rows: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT i.id, r.sha256, i.analysis_json FROM incidents i
         JOIN raw_logs r ON r.id = i.raw_log_id ORDER BY i.id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    rows.into_iter().map(|(id, s, a)| (id, (s, a))).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_while_uploading_is_consistent_and_restorable() {
    let app = Arc::new(TestApp::new().await);
    let db = app.state.config.db.clone();
    for i in 0..5 {
        app.upload(format!("{ASSERT_LOG}seed {i}\n").as_bytes())
            .await;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (app, stop) = (Arc::clone(&app), Arc::clone(&stop));
        tokio::spawn(async move {
            let mut n = 0u32;
            while !stop.load(Ordering::Relaxed) && n < 2000 {
                app.upload(format!("{ASSERT_LOG}upload {n}\n").as_bytes())
                    .await;
                n += 1;
            }
            n
        })
    };
    let dir = tempfile::tempdir().unwrap();
    let mut copies = Vec::new();
    for k in 0..3 {
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        let dest = dir.path().join(format!("copy-{k}.db"));
        let report = crashdex::backup::backup(&db, &dest).await.expect("backup");
        assert!(report.incidents >= 5, "{report:?}");
        assert_eq!(report.incidents, report.raw_logs, "{report:?}");
        copies.push(dest);
    }
    stop.store(true, Ordering::Relaxed);
    let uploaded = writer.await.unwrap();
    assert!(uploaded > 0, "no upload ran during the backups");

    let live = incidents_of(&db).await;
    let mut last = 0;
    for copy in &copies {
        let saved = incidents_of(copy).await;
        // a snapshot: a prefix of the live incidents, each exactly as stored
        assert!(saved.len() >= last, "copies go forward in time");
        last = saved.len();
        for (id, row) in &saved {
            assert_eq!(live.get(id), Some(row), "incident {id} differs in {copy:?}");
        }
        let max = saved.keys().max().copied().unwrap_or(0);
        assert!(live.keys().filter(|&&id| id <= max).count() == saved.len());
    }
    // a backup never overwrites
    assert!(crashdex::backup::backup(&db, &copies[0]).await.is_err());

    // restore: a server on the copy serves its incidents
    let restored = dir.path().join("restored.db");
    std::fs::copy(copies.last().unwrap(), &restored).unwrap();
    let pool = crashdex::db::connect(&restored)
        .await
        .expect("open the copy");
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(check, "ok");
    let index = crashdex::findings_dir::load(&common::fixture_findings_dir()).unwrap();
    let config = crashdex::Config::for_tests(restored.clone());
    let router = crashdex::build_router(crashdex::AppState::new(pool, index, config));
    use tower::ServiceExt;
    let id = *incidents_of(&restored).await.keys().next_back().unwrap();
    let res = router
        .oneshot(
            axum::http::Request::get(format!("/incidents/{id}"))
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    eprintln!(
        "backups: {} copies while {uploaded} uploads ran; last copy {} of {} incidents",
        copies.len(),
        last,
        live.len()
    );
}

#[test]
fn backup_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("live.db");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let pool = crashdex::db::connect(&db).await.unwrap();
        pool.close().await;
    });
    let dest = dir.path().join("copy.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_crashdex"))
        .arg("backup")
        .arg(&dest)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("integrity ok"));
    assert!(dest.is_file());
    // again: refused, the copy is kept
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_crashdex"))
        .arg("backup")
        .arg(&dest)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
}
