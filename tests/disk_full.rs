//! A real full disk: the database lives on a small tmpfs that a filler file fills to the last
//! byte, so SQLite's writes fail with the kernel's `ENOSPC`, not a simulated error
//! (`tests/unavailable.rs` simulates both faults inside SQLite). Uploads get a 503 while reads go
//! on; once the filler is deleted the same upload gets a 201, without a restart.
//!
//! Mounting needs root (or `CAP_SYS_ADMIN`); where `mount` is refused the test says so and
//! passes without running, since that is a property of the machine, not a missing install.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use tower::ServiceExt;

/// A tmpfs of `size` on a fresh directory, unmounted on drop.
struct Tmpfs {
    point: PathBuf,
    _dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().ok()?;
        let point = dir.path().join("fs");
        std::fs::create_dir(&point).ok()?;
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&point)
            .output()
            .ok()?;
        if !out.status.success() {
            eprintln!(
                "note: cannot mount a tmpfs here ({}); the real disk-full test is skipped",
                String::from_utf8_lossy(&out.stderr).trim()
            );
            return None;
        }
        Some(Tmpfs { point, _dir: dir })
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        // lazy: the pool may still hold the files open while the test unwinds
        let _ = Command::new("umount").arg("-l").arg(&self.point).status();
    }
}

async fn app(db: &Path) -> Router {
    let pool = crashdex::db::connect(db).await.expect("database");
    let findings = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/findings");
    let index = crashdex::findings_dir::load(&findings).expect("findings");
    let state = crashdex::AppState::new(pool, index, crashdex::Config::for_tests(db.into()));
    crashdex::build_router(state)
}

async fn send(router: &Router, req: Request<Body>) -> (StatusCode, String) {
    let res = router.clone().oneshot(req).await.expect("response");
    let status = res.status();
    let body = res.into_body().collect().await.expect("body").to_bytes();
    (status, String::from_utf8_lossy(&body).into_owned())
}

async fn upload(router: &Router, log: &[u8]) -> (StatusCode, String) {
    let req = Request::post("/api/v1/incidents")
        .body(Body::from(log.to_vec()))
        .expect("request");
    send(router, req).await
}

async fn get(router: &Router, uri: &str) -> StatusCode {
    send(
        router,
        Request::get(uri).body(Body::empty()).expect("request"),
    )
    .await
    .0
}

/// `len` bytes of lower-case letters that zstd cannot shrink much, then an error line.
fn incompressible_log(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    let mut log: Vec<u8> = (0..len)
        .map(|i| {
            if i % 100 == 99 {
                return b'\n';
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b'a' + (x % 26) as u8
        })
        .collect();
    log.extend_from_slice(b"\ntorch.OutOfMemoryError: CUDA out of memory.\n");
    log
}

/// Writes zeros to `path` until the file system says it is full; returns the bytes written.
fn fill(path: &Path) -> u64 {
    let mut f = std::fs::File::create(path).expect("filler file");
    let chunk = vec![0u8; 64 * 1024];
    let mut written = 0u64;
    loop {
        match f.write(&chunk) {
            Ok(0) => break,
            Ok(n) => written += n as u64,
            Err(e) => {
                assert_eq!(e.raw_os_error(), Some(28), "expected ENOSPC, got {e}");
                break;
            }
        }
    }
    // whatever is left below a chunk
    while let Ok(n) = f.write(&[0u8; 512]) {
        if n == 0 {
            break;
        }
        written += n as u64;
    }
    let _ = f.sync_all();
    written
}

#[tokio::test]
async fn a_really_full_disk_is_503_and_recovers_when_space_is_freed() {
    let Some(fs) = Tmpfs::mount("16m") else {
        return;
    };
    let router = app(&fs.point.join("crashdex.db")).await;
    let (status, body) = upload(&router, b"RuntimeError: before the disk filled\n").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let filler = fs.point.join("filler");
    let filled = fill(&filler);
    assert!(filled > 0, "nothing could be written to the tmpfs");

    let log = incompressible_log(512 * 1024, 0x9e37_79b9_7f4a_7c15);
    let (status, body) = upload(&router, &log).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    let json: serde_json::Value = serde_json::from_str(&body).expect("JSON error");
    assert_eq!(json["error"], "unavailable", "{body}");
    assert!(
        !body.contains("SQLITE") && !body.contains("os error"),
        "{body}"
    );
    // reads keep working on a full disk
    assert_eq!(get(&router, "/incidents/1").await, StatusCode::OK);
    assert_eq!(get(&router, "/api/v1/incidents").await, StatusCode::OK);
    assert_eq!(get(&router, "/incidents").await, StatusCode::OK);

    // space comes back: the same upload goes through, no restart
    std::fs::remove_file(&filler).expect("remove filler");
    let (status, body) = upload(&router, &log).await;
    assert_eq!(status, StatusCode::CREATED, "after freeing space: {body}");
    let id = serde_json::from_str::<serde_json::Value>(&body).expect("JSON")["id"]
        .as_i64()
        .expect("id");
    let (status, raw) = send(
        &router,
        Request::get(format!("/api/v1/incidents/{id}/log"))
            .body(Body::empty())
            .expect("request"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(raw.as_bytes(), log.as_slice(), "stored bytes differ");
    assert_eq!(get(&router, "/api/v1/incidents").await, StatusCode::OK);
}
