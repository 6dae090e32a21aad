//! A real full disk: the database lives on a small tmpfs that a filler file fills to the last
//! byte, so SQLite's writes fail with the kernel's `ENOSPC`, not a simulated error
//! (`tests/unavailable.rs` simulates both faults inside SQLite). Uploads get a 503 while reads go
//! on; once the filler is deleted the same upload gets a 201, without a restart.
//!
//! Mounting needs root (or `CAP_SYS_ADMIN`); where `mount` is refused the test says so and
//! passes without running, since that is a property of the machine, not a missing install.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

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
    let db = fs.point.join("crashdex.db");
    let app = TestApp::with_config(|c| c.db = db).await;
    let res = app
        .post_raw(
            "/api/v1/incidents",
            &b"RuntimeError: before the disk filled\n"[..],
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    let filler = fs.point.join("filler");
    let filled = fill(&filler);
    assert!(filled > 0, "nothing could be written to the tmpfs");

    let log = incompressible_log(512 * 1024, 0x9e37_79b9_7f4a_7c15);
    let res = app.post_raw("/api/v1/incidents", log.clone()).await;
    let body = res.text();
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(res.json()["error"], "unavailable", "{body}");
    assert!(
        !body.contains("SQLITE") && !body.contains("os error"),
        "{body}"
    );
    // reads keep working on a full disk
    for uri in ["/incidents/1", "/api/v1/incidents", "/incidents"] {
        assert_eq!(app.get(uri).await.status, StatusCode::OK, "{uri}");
    }

    // space comes back: the same upload goes through, no restart
    std::fs::remove_file(&filler).expect("remove filler");
    let res = app.post_raw("/api/v1/incidents", log.clone()).await;
    assert_eq!(
        res.status,
        StatusCode::CREATED,
        "after freeing space: {}",
        res.text()
    );
    let id = res.json()["id"].as_i64().expect("id");
    let raw = app.get(&format!("/api/v1/incidents/{id}/log")).await;
    assert_eq!(raw.status, StatusCode::OK);
    assert_eq!(raw.body, log, "stored bytes differ");
    assert_eq!(app.get("/api/v1/incidents").await.status, StatusCode::OK);
}
