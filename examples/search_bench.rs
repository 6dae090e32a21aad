//! The search benchmark (`bench/search.sh`): seeds a temporary SQLite database with N synthetic
//! incidents (default 100,000) made from the analyses of the real logs at hand (the corpus in
//! `../shared/triage/corpus`, the findings' example logs) with varied numbers, ranks, GPU
//! architectures, frameworks and dates; starts the app on a free loopback port; then times 100
//! typical queries (words, pasted error lines, finding ids, filters) through HTTP (the JSON API
//! and the HTML page) next to the same queries run straight through `search::run` on the pool,
//! which is the floor. Prints median, p99 and max per path.
//!
//! Run with: `cargo run --release --example search_bench -- [--incidents N] [--rounds R]
//! [--db PATH]` (a `--db` that already holds incidents is reused as it is).

use axum::body::Bytes;
use axum::http::Request;
use crashdex::search::query::{parse_query, SearchParams};
use crashdex::{db, AppState, Config};
use crashdex_core::{Analysis, FindingsIndex};
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Incidents per insert transaction.
const BATCH: u64 = 5_000;
/// Hits of each kind asked for, as the page does.
const LIMIT: i64 = 20;
const ARCHS: [(&str, &str); 6] = [
    ("sm_80", "NVIDIA A100-SXM4-80GB"),
    ("sm_86", "NVIDIA A10"),
    ("sm_89", "NVIDIA L40S"),
    ("sm_90", "NVIDIA H200"),
    ("sm_100", "NVIDIA B200"),
    ("sm_120", "NVIDIA RTX PRO 6000 Blackwell"),
];
const FRAMEWORKS: [(&str, &[&str]); 3] = [
    ("sglang", &["0.5.6", "0.5.7", "0.5.8.post1", "0.5.9"]),
    ("vllm", &["0.10.2", "0.11.0", "0.11.1", "0.12.0"]),
    ("pytorch", &["2.8.0", "2.9.0", "2.9.1"]),
];

/// A small deterministic generator (xorshift64*), so every run seeds the same data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One real log's analysis, the model for its synthetic copies.
struct Template {
    analysis: Analysis,
    json: String,
    verdict: String,
    key_text: String,
}

/// Every run of digits replaced by a random number of the same length.
fn vary_numbers(s: &str, rng: &mut Rng) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_digit() {
            out.push(char::from(b'0' + (rng.next() % 10) as u8));
        } else {
            out.push(c);
        }
    }
    out
}

fn real_logs(root: &Path) -> Vec<PathBuf> {
    let mut logs = Vec::new();
    let corpus = root.join("../shared/triage/corpus");
    for dir in [corpus, root.join("findings/examples")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() && p.join("log.txt").exists() {
                logs.push(p.join("log.txt"));
            } else if p.extension().is_some_and(|x| x == "log") {
                logs.push(p);
            }
        }
    }
    logs.sort();
    logs
}

fn templates(root: &Path, index: &FindingsIndex) -> Vec<Template> {
    real_logs(root)
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .map(|log| {
            let analysis = crashdex::ingest::analyze_plain(&log, index);
            Template {
                json: serde_json::to_string(&analysis).unwrap_or_default(),
                verdict: analysis.verdict(),
                key_text: crashdex::search::key_lines_text(&log, &analysis),
                analysis,
            }
        })
        .filter(|t| t.analysis.crash)
        .collect()
}

/// Inserts incidents `from..to`, one transaction per [`BATCH`].
async fn seed(pool: &sqlx::SqlitePool, t: &[Template], from: u64, to: u64) -> anyhow::Result<()> {
    let total = to;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ from);
    let body = zstd::encode_all(&b"synthetic incident for the search benchmark\n"[..], 3)?;
    let mut i = from;
    while i < to {
        let mut tx = pool.begin().await?;
        for n in i..to.min(i + BATCH) {
            let tpl = &t[rng.below(t.len())];
            let a = &tpl.analysis;
            let (arch, gpu) = ARCHS[rng.below(ARCHS.len())];
            let (framework, versions) = FRAMEWORKS[rng.below(FRAMEWORKS.len())];
            let version = versions[rng.below(versions.len())];
            // ingest stamps incidents with the time they arrive: 334 days, in id order
            let seconds = n * 334 * 86_400 / total.max(1);
            let created_at = (chrono::DateTime::UNIX_EPOCH
                + chrono::Duration::seconds(1_767_225_600 + seconds as i64))
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string();
            let sha256 = format!("{n:064x}");
            let filename = format!("rank{}-{}.log", rng.below(8), n);
            let first_error = a
                .first_error
                .as_ref()
                .map(|f| vary_numbers(&f.text, &mut rng));
            let key_text = vary_numbers(&tpl.key_text, &mut rng);
            let raw = db::raw_logs::NewRawLog {
                sha256: &sha256,
                filename: Some(&filename),
                size: 40_000 + rng.below(4_000_000) as i64,
                body: &body,
                redactions: 0,
                received_at: &created_at,
            };
            let Some(raw_log_id) = db::raw_logs::insert(&mut tx, &raw).await? else {
                continue;
            };
            let incident = db::incidents::NewIncident {
                raw_log_id,
                created_at: &created_at,
                crash: a.crash,
                verdict: &tpl.verdict,
                error_class: &a.error_class,
                phase: &a.phase,
                signature: &a.signature,
                fingerprint: &a.fingerprint,
                first_error_line: a.first_error.as_ref().map(|f| f.line as i64),
                first_error_text: first_error.as_deref(),
                framework: Some(framework),
                framework_version: Some(version),
                sm_arch: Some(arch),
                gpu_model: Some(gpu),
                analysis_json: &tpl.json,
                top_finding: a.matches.first().map(|m| m.finding.as_str()),
            };
            let id = db::incidents::insert(&mut tx, &incident).await?;
            db::search::set_incident_key_lines(&mut tx, id, &key_text).await?;
            // about 100 problems per kind of crash, as fingerprints of one template differ
            // across versions and call sites
            let fingerprint = format!("{}-{}", a.fingerprint, rng.below(100));
            crashdex::problems::attach(&mut tx, id, &fingerprint, &a.signature, &created_at)
                .await?;
        }
        tx.commit().await?;
        i = to.min(i + BATCH);
        eprint!("\rseeded {i}/{to}");
    }
    eprintln!();
    Ok(())
}

/// 100 typical queries: words and phrases, pasted error lines, finding ids, filters.
fn queries(t: &[Template], index: &FindingsIndex) -> Vec<String> {
    let mut rng = Rng(42);
    let words = [
        "out of memory",
        "\"illegal memory access\"",
        "device-side assert",
        "NCCL timeout",
        "watchdog",
        "srcSelectDimSize",
        "cudaErrorIllegalAddress",
        "shared memory",
        "triton",
        "cuda graph capture",
        "Tried to allocate",
        "no kernel image",
        "CUBLAS_STATUS_EXECUTION_FAILED",
        "dtype mismatch",
        "Indexing.cu",
        "model_runner.py",
        "ProcessGroupNCCL",
        "sm_120",
        "flashinfer",
        "deep_gemm",
    ];
    let filters = [
        "oom arch:sm_120",
        "class:nccl_timeout since:2026-10-01",
        "framework:sglang phase:decode",
        "assert status:open",
        "class:cuda_oom",
        "illegal memory access framework:vllm",
        "arch:sm_12* triton",
        "timeout since:2026-11-01",
        "class:cuda_device_side_assert arch:sm_90",
        "phase:model_load",
    ];
    let mut out: Vec<String> = Vec::new();
    for _ in 0..2 {
        out.extend(words.iter().map(|w| w.to_string()));
    }
    for _ in 0..2 {
        out.extend(filters.iter().map(|f| f.to_string()));
    }
    let lines: Vec<&str> = t
        .iter()
        .filter_map(|t| t.analysis.first_error.as_ref().map(|f| f.text.as_str()))
        .collect();
    let ids: Vec<&str> = index.findings().iter().map(|f| f.id.as_str()).collect();
    while out.len() < 85 && !lines.is_empty() {
        // a pasted line, from this run or another one (other numbers)
        let line = lines[rng.below(lines.len())];
        let line = if rng.below(2) == 0 {
            line.to_string()
        } else {
            vary_numbers(line, &mut rng)
        };
        out.push(line.chars().take(300).collect());
    }
    while out.len() < 100 && !ids.is_empty() {
        out.push(ids[rng.below(ids.len())].to_string());
    }
    out
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Median, p99 and max in milliseconds.
fn stats(mut d: Vec<Duration>) -> (f64, f64, f64) {
    d.sort();
    let ms = |x: Duration| x.as_secs_f64() * 1000.0;
    let at = |q: f64| d[((d.len() as f64 - 1.0) * q).round() as usize];
    (ms(at(0.5)), ms(at(0.99)), ms(d[d.len() - 1]))
}

struct Args {
    incidents: u64,
    rounds: usize,
    db: Option<PathBuf>,
}

fn args() -> anyhow::Result<Args> {
    let mut a = Args {
        incidents: 100_000,
        rounds: 3,
        db: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
        match flag.as_str() {
            "--incidents" => a.incidents = value.parse()?,
            "--rounds" => a.rounds = value.parse()?,
            "--db" => a.db = Some(PathBuf::from(value)),
            _ => anyhow::bail!("unknown flag {flag}"),
        }
    }
    Ok(a)
}

fn main() -> anyhow::Result<()> {
    let args = args()?;
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(run(args))
}

async fn run(args: Args) -> anyhow::Result<()> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let index = crashdex::findings_dir::load(&root.join("findings"))
        .map_err(|e| anyhow::anyhow!("findings: {} problem(s)", e.len()))?;
    let tpls = templates(&root, &index);
    anyhow::ensure!(!tpls.is_empty(), "no real logs found to model incidents on");
    let tmp = tempfile::tempdir()?;
    let db_path = args
        .db
        .clone()
        .unwrap_or_else(|| tmp.path().join("search.db"));
    let pool = db::connect(&db_path).await?;
    let have = db::incidents::count(&pool).await? as u64;
    let started = Instant::now();
    if have < args.incidents {
        seed(&pool, &tpls, have, args.incidents).await?;
        // a third of the problems resolved, so `status:` filters select something
        sqlx::query("UPDATE problems SET resolved_at = '2026-11-15T00:00:00Z' WHERE id % 3 = 0")
            .execute(&pool)
            .await?;
        sqlx::query("INSERT INTO incidents_fts(incidents_fts) VALUES ('optimize')")
            .execute(&pool)
            .await?;
        sqlx::query("ANALYZE").execute(&pool).await?;
    }
    let seeded = started.elapsed();
    let total = db::incidents::count(&pool).await?;
    let db_mb = std::fs::metadata(&db_path).map(|m| m.len()).unwrap_or(0) as f64 / 1e6;

    let mut config = Config::for_tests(db_path.clone());
    config.findings = root.join("findings");
    let state = AppState::new(pool.clone(), index, config);
    crashdex::search::index_findings(&state.db, &state.findings()).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(crashdex::serve(listener, state.clone(), async move {
        let _ = stopped.await;
    }));

    let qs = queries(&tpls, &state.findings());
    let client = Client::builder(TokioExecutor::new()).build_http::<Empty<Bytes>>();
    let mut direct = Vec::new();
    let mut json = Vec::new();
    let mut html = Vec::new();
    let mut slowest: Vec<(Duration, String)> = Vec::new();
    let mut hits = Vec::new();
    for round in 0..=args.rounds {
        for q in &qs {
            let t = Instant::now();
            let params = SearchParams {
                q: q.clone(),
                ..Default::default()
            };
            let r = crashdex::search::run(&pool, &state.findings(), parse_query(&params), LIMIT)
                .await?;
            let d = t.elapsed();
            for (path, out) in [("/api/v1/search", &mut json), ("/search", &mut html)] {
                let uri = format!("{base}{path}?q={}", encode(q));
                let t = Instant::now();
                let res = client
                    .request(Request::get(uri).body(Empty::new())?)
                    .await?;
                anyhow::ensure!(res.status().is_success(), "{path} {q}: {}", res.status());
                res.into_body().collect().await?;
                if round > 0 {
                    out.push(t.elapsed());
                }
            }
            // round 0 warms the caches
            if round > 0 {
                direct.push(d);
                slowest.push((d, q.clone()));
                hits.push(r.total());
            }
        }
    }
    let _ = stop.send(());
    let _ = server.await;

    println!("## Search benchmark\n");
    println!(
        "{total} incidents ({:.0} MB database, seeded in {:.1} s), {} findings, {} queries x {} rounds\n",
        db_mb,
        seeded.as_secs_f64(),
        state.findings().findings().len(),
        qs.len(),
        args.rounds
    );
    println!("| path | median ms | p99 ms | max ms |");
    println!("|---|---:|---:|---:|");
    for (name, d) in [
        ("`search::run` on the pool (SQLite, no HTTP)", direct),
        ("HTTP `GET /api/v1/search` (JSON)", json),
        ("HTTP `GET /search` (HTML page)", html),
    ] {
        let (p50, p99, max) = stats(d);
        println!("| {name} | {p50:.1} | {p99:.1} | {max:.1} |");
    }
    hits.sort_unstable();
    println!("\nmedian hits per query: {}", hits[hits.len() / 2]);
    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    slowest.dedup_by(|a, b| a.1 == b.1);
    println!("slowest queries (search::run):");
    for (d, q) in slowest.iter().take(5) {
        let q: String = q.chars().take(80).collect();
        println!("  {:7.1} ms  {q}", d.as_secs_f64() * 1000.0);
    }
    Ok(())
}
