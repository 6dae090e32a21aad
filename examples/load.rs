//! A load client for crashdex (used by `bench/load.sh`): N concurrent clients for a fixed time,
//! each looping over a weighted mix of uploads of real logs, incident pages, the incident list,
//! search (page and API) and API reads, against a server on loopback.
//!
//! Prints throughput, p50/p99/max latency per kind of request, the error count and how many
//! responses said `database is locked`, then one JSON line with the totals.
//!
//! Run with: `cargo run --release --example load -- --base http://127.0.0.1:8080 --clients 64
//! --seconds 60 [--think-ms 0] LOG_DIR...`. With `--think-ms` each client pauses about that long
//! between requests (people and bots pace themselves); without, the clients saturate the server.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a request was, for the per-kind figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Upload,
    IncidentPage,
    IncidentList,
    SearchPage,
    ApiSearch,
    ApiList,
    ApiIncident,
}

/// The mix, in parts per 100.
const MIX: [(Kind, u64); 7] = [
    (Kind::Upload, 10),
    (Kind::IncidentPage, 30),
    (Kind::IncidentList, 10),
    (Kind::SearchPage, 10),
    (Kind::ApiSearch, 10),
    (Kind::ApiList, 15),
    (Kind::ApiIncident, 15),
];

const WORDS: [&str; 8] = [
    "cuda", "oom", "nccl", "timeout", "assert", "triton", "illegal", "memory",
];

#[derive(Default)]
struct Stats {
    latencies: BTreeMap<Kind, Vec<u32>>,
    errors: BTreeMap<String, u64>,
    locked: u64,
}

struct Args {
    base: String,
    clients: usize,
    seconds: u64,
    /// Mean pause between a client's requests (0: back to back, the server saturated).
    think_ms: u64,
    logs: Vec<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        base: "http://127.0.0.1:8080".into(),
        clients: 64,
        seconds: 60,
        think_ms: 0,
        logs: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--base" => args.base = value()?,
            "--clients" => args.clients = value()?.parse().map_err(|e| format!("{e}"))?,
            "--seconds" => args.seconds = value()?.parse().map_err(|e| format!("{e}"))?,
            "--think-ms" => args.think_ms = value()?.parse().map_err(|e| format!("{e}"))?,
            dir => args.logs.push(PathBuf::from(dir)),
        }
    }
    if !args.base.starts_with("http://127.") && !args.base.starts_with("http://localhost") {
        return Err("load is only sent to loopback addresses".into());
    }
    Ok(args)
}

/// Every `*.log`/`log.txt` file under the given paths.
fn load_logs(paths: &[PathBuf]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = paths.to_vec();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            if let Ok(rd) = std::fs::read_dir(&p) {
                stack.extend(rd.flatten().map(|e| e.path()));
            }
        } else if p.extension().is_some_and(|e| e == "log" || e == "txt") {
            if let Ok(b) = std::fs::read(&p) {
                out.push(b);
            }
        }
    }
    out
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// One client's loop until the deadline.
async fn client_loop(
    id: usize,
    http: reqwest::Client,
    base: Arc<str>,
    logs: Arc<Vec<Vec<u8>>>,
    deadline: Instant,
    max_id: Arc<std::sync::atomic::AtomicI64>,
    think: Duration,
) -> Stats {
    use std::sync::atomic::Ordering;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (id as u64 + 1).wrapping_mul(0x2545_f491));
    let mut stats = Stats::default();
    let mut n = 0u64;
    while Instant::now() < deadline {
        n += 1;
        if !think.is_zero() {
            // a pause of 0.5 to 1.5 times the think time, so clients do not march in step
            let ms = think.as_millis() as u64;
            let pause = Duration::from_millis(ms / 2 + rng.below(ms.max(1)));
            tokio::time::sleep(pause).await;
            if Instant::now() >= deadline {
                break;
            }
        }
        let mut roll = rng.below(100);
        let kind = MIX
            .iter()
            .find(|(_, w)| {
                let hit = roll < *w;
                roll = roll.saturating_sub(*w);
                hit
            })
            .map_or(Kind::ApiList, |(k, _)| *k);
        let known = max_id.load(Ordering::Relaxed).max(1) as u64;
        let incident = 1 + rng.below(known);
        let word = WORDS[rng.below(WORDS.len() as u64) as usize];
        let req = match kind {
            Kind::Upload => {
                let mut body = logs[rng.below(logs.len() as u64) as usize].clone();
                // a new incident each time: the same real log with a distinct last line
                body.extend_from_slice(format!("\n# load client {id} request {n}\n").as_bytes());
                http.post(format!("{base}/api/v1/incidents")).body(body)
            }
            Kind::IncidentPage => http.get(format!("{base}/incidents/{incident}")),
            Kind::IncidentList => http.get(format!("{base}/incidents?page={}", 1 + rng.below(5))),
            Kind::SearchPage => http.get(format!("{base}/search?q={word}")),
            Kind::ApiSearch => http.get(format!("{base}/api/v1/search?q={word}")),
            Kind::ApiList => http.get(format!("{base}/api/v1/incidents?limit=20")),
            Kind::ApiIncident => http.get(format!("{base}/api/v1/incidents/{incident}")),
        };
        let start = Instant::now();
        let result = match req.send().await {
            Ok(res) => {
                let status = res.status();
                match res.bytes().await {
                    Ok(body) => Ok((status, body)),
                    Err(e) => Err(format!("body: {e}")),
                }
            }
            Err(e) => Err(format!("transport: {e}")),
        };
        let micros = start.elapsed().as_micros().min(u32::MAX as u128) as u32;
        stats.latencies.entry(kind).or_default().push(micros);
        match result {
            Ok((status, body)) => {
                if body.windows(17).any(|w| w == b"database is lock") {
                    stats.locked += 1;
                }
                // 404: an id not yet visible to this client is not an error of the server
                if status.is_server_error() || (status.is_client_error() && status != 404) {
                    *stats
                        .errors
                        .entry(format!("{kind:?} {status}"))
                        .or_default() += 1;
                } else if kind == Kind::Upload {
                    if let Ok(v) = serde_json::from_slice::<serde_json::Value>(&body) {
                        if let Some(id) = v["id"].as_i64() {
                            max_id.fetch_max(id, Ordering::Relaxed);
                        }
                    }
                }
            }
            Err(e) => *stats.errors.entry(format!("{kind:?} {e}")).or_default() += 1,
        }
    }
    stats
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args = parse_args()?;
    let logs = load_logs(&args.logs);
    if logs.is_empty() {
        return Err("no logs found: pass directories of *.log / log.txt files".into());
    }
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients)
        .timeout(Duration::from_secs(30))
        .build()
        .map_err(|e| e.to_string())?;
    let base: Arc<str> = args.base.trim_end_matches('/').into();
    let logs = Arc::new(logs);
    let max_id = Arc::new(std::sync::atomic::AtomicI64::new(1));
    // one upload first, so reads have something to read
    let first = http
        .post(format!("{base}/api/v1/incidents"))
        .body(logs[0].clone())
        .send()
        .await
        .map_err(|e| format!("the server at {base} does not answer: {e}"))?;
    if !first.status().is_success() {
        return Err(format!("the first upload failed: {}", first.status()));
    }
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let tasks: Vec<_> = (0..args.clients)
        .map(|i| {
            tokio::spawn(client_loop(
                i,
                http.clone(),
                base.clone(),
                logs.clone(),
                deadline,
                max_id.clone(),
                Duration::from_millis(args.think_ms),
            ))
        })
        .collect();
    let mut total = Stats::default();
    for t in tasks {
        let s = t.await.map_err(|e| e.to_string())?;
        for (k, mut v) in s.latencies {
            total.latencies.entry(k).or_default().append(&mut v);
        }
        for (k, n) in s.errors {
            *total.errors.entry(k).or_default() += n;
        }
        total.locked += s.locked;
    }
    let secs = started.elapsed().as_secs_f64();
    print_report(&args, &logs, &mut total, secs);
    Ok(())
}

fn print_report(args: &Args, logs: &[Vec<u8>], total: &mut Stats, secs: f64) {
    println!(
        "crashdex load: {} clients (think time {} ms), {:.0} s, {} distinct real logs, base {}",
        args.clients,
        args.think_ms,
        secs,
        logs.len(),
        args.base
    );
    println!(
        "{:<14} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "kind", "requests", "req/s", "p50 ms", "p99 ms", "max ms"
    );
    let mut all: Vec<u32> = Vec::new();
    let mut pages: Vec<u32> = Vec::new();
    for (k, v) in total.latencies.iter_mut() {
        v.sort_unstable();
        println!(
            "{:<14} {:>9} {:>9.1} {:>9.2} {:>9.2} {:>9.2}",
            format!("{k:?}"),
            v.len(),
            v.len() as f64 / secs,
            percentile(v, 0.50),
            percentile(v, 0.99),
            percentile(v, 1.0)
        );
        all.extend_from_slice(v);
        if *k != Kind::Upload {
            pages.extend_from_slice(v);
        }
    }
    all.sort_unstable();
    pages.sort_unstable();
    let errors: u64 = total.errors.values().sum();
    println!(
        "{:<14} {:>9} {:>9.1} {:>9.2} {:>9.2} {:>9.2}",
        "all",
        all.len(),
        all.len() as f64 / secs,
        percentile(&all, 0.50),
        percentile(&all, 0.99),
        percentile(&all, 1.0)
    );
    println!(
        "errors: {errors}; 'database is locked' responses: {}",
        total.locked
    );
    for (k, n) in &total.errors {
        println!("  {n} x {k}");
    }
    println!(
        "{}",
        serde_json::json!({
            "clients": args.clients,
            "think_ms": args.think_ms,
            "seconds": secs.round(),
            "requests": all.len(),
            "rps": (all.len() as f64 / secs).round(),
            "p50_ms": percentile(&all, 0.50),
            "p99_ms": percentile(&all, 0.99),
            "reads_p99_ms": percentile(&pages, 0.99),
            "uploads": total.latencies.get(&Kind::Upload).map_or(0, Vec::len),
            "uploads_p99_ms": total.latencies.get(&Kind::Upload).map_or(0.0, |v| percentile(v, 0.99)),
            "errors": errors,
            "database_locked": total.locked,
        })
    );
}
