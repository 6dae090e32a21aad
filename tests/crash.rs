//! Crash safety: the real binary serves on a loopback port over a temporary database, clients
//! stream uploads, the server is killed with SIGKILL in the middle of the stream, and a restarted
//! server must have every upload that got a 2xx, byte for byte (SHA-256 of the raw download
//! equals the SHA-256 of what was sent), in a database that passes `PRAGMA integrity_check`.

use sha2::{Digest, Sha256};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running `crashdex serve` and its address.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    /// Starts the binary on `127.0.0.1:0` and waits for its "listening on" line.
    fn start(db: &Path) -> Server {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_crashdex"))
            .arg("serve")
            .args(["--bind", "127.0.0.1:0"])
            .arg("--db")
            .arg(db)
            .arg("--findings")
            .arg(root.join("tests/fixtures/findings"))
            .arg("--static-dir")
            .arg(root.join("static"))
            .env("RUST_LOG", "crashdex=info,warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start crashdex serve");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if !sent {
                    if let Some(at) = line.find("listening on http://") {
                        let addr = line[at + "listening on http://".len()..]
                            .split_whitespace()
                            .next()
                            .unwrap_or("")
                            .to_string();
                        let _ = tx.send(addr);
                        sent = true;
                    }
                }
            }
        });
        let addr = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the server did not start within 60 s");
        Server {
            child,
            base: format!("http://{addr}"),
        }
    }

    /// SIGKILL (what `Child::kill` sends on Unix) and reap.
    fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }
}

/// The `i`th log of a client: distinct bytes, a crash, some bulk so a write takes a while.
fn log(client: usize, i: usize) -> Vec<u8> {
    let mut s = format!("client {client} upload {i}\n");
    for k in 0..200 {
        s.push_str(&format!(
            "[2026-02-26 15:56:{:02} TP0] Decode batch {k} of {i}\n",
            k % 60
        ));
    }
    s.push_str("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n");
    s.into_bytes()
}

fn sha256(b: &[u8]) -> String {
    hex::encode(Sha256::digest(b))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigkill_mid_stream_loses_no_acknowledged_upload() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let server = Server::start(&db);
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();

    // (incident id, sha256 of the bytes sent) of every upload that got a 2xx
    let acked: Arc<Mutex<Vec<(i64, String)>>> = Arc::default();
    let failed = Arc::new(Mutex::new(0usize));
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for c in 0..4 {
        let (client, base) = (client.clone(), server.base.clone());
        let (acked, failed, stop) = (acked.clone(), failed.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            for i in 0..5000 {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let body = log(c, i);
                let sent = sha256(&body);
                let res = client
                    .post(format!("{base}/api/v1/incidents"))
                    .body(body)
                    .send()
                    .await;
                match res {
                    Ok(r) if r.status().is_success() => {
                        let json: serde_json::Value = match r.json().await {
                            Ok(j) => j,
                            Err(_) => continue, // killed while sending the body
                        };
                        acked
                            .lock()
                            .unwrap()
                            .push((json["id"].as_i64().unwrap(), sent));
                    }
                    Ok(r) => panic!("upload refused before the kill: {}", r.status()),
                    Err(_) => {
                        *failed.lock().unwrap() += 1;
                        break; // the server is gone
                    }
                }
            }
        }));
    }
    // let the stream run, then kill the server in the middle of it
    let started = Instant::now();
    while acked.lock().unwrap().len() < 200 && started.elapsed() < Duration::from_secs(60) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.kill();
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    let acked = acked.lock().unwrap().clone();
    assert!(
        acked.len() >= 40,
        "only {} uploads before the kill",
        acked.len()
    );

    // restart on the same database: everything acknowledged is there and complete
    let server = Server::start(&db);
    for (id, sent) in &acked {
        let meta: serde_json::Value = client
            .get(format!("{}/api/v1/incidents/{id}", server.base))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(
            meta["sha256"].as_str(),
            Some(sent.as_str()),
            "incident {id}"
        );
        let raw = client
            .get(format!("{}/incidents/{id}/raw", server.base))
            .send()
            .await
            .unwrap();
        assert!(raw.status().is_success(), "incident {id}: {}", raw.status());
        let bytes = raw.bytes().await.unwrap();
        assert_eq!(&sha256(&bytes), sent, "incident {id}: stored bytes differ");
    }
    // and uploads work again
    let res = client
        .post(format!("{}/api/v1/incidents", server.base))
        .body(log(99, 0))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    server.kill();

    let pool =
        sqlx::SqlitePool::connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(&db))
            .await
            .unwrap();
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(check, "ok");
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM incidents")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(
        stored as usize > acked.len(),
        "{stored} stored, {} acked",
        acked.len()
    );
    eprintln!(
        "crash: {} uploads acknowledged before SIGKILL, {} in flight failed, 0 lost; \
         {stored} incidents after restart; integrity ok",
        acked.len(),
        failed.lock().unwrap()
    );
}
