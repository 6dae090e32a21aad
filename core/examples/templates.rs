//! `cargo run --release -p crashdex-core --example templates [LOGHUB_DIR] [DATASET ...]`
//!
//! Template mining on Loghub-2k: per dataset, the grouping accuracy of
//! [`crashdex_core::fold::TemplateMiner`] over the `Content` column of the corrected
//! `*_2k.log_structured.csv` against its `EventId` column, and lines per second (the fastest of
//! many runs, each a fresh miner that adds every line and then merges the templates, timed by
//! the thread's CPU time as the Drain3 script times Drain3; CSV reading is not timed). The data
//! is read at run time from the shared benchmark area (default `../shared/bench/loghub-2k`
//! beside the repository); it is never copied into the project.
//!
//! Grouping accuracy (GA) is the Loghub benchmark's: a line counts as correct when the set of
//! lines in its predicted group is exactly the set of lines of its ground-truth group.
//! `TEMPLATES_DEBUG=1` prints the wrong groups.

use crashdex_core::fold::TemplateMiner;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const DATASETS: [&str; 16] = [
    "Android",
    "Apache",
    "BGL",
    "HDFS",
    "HPC",
    "Hadoop",
    "HealthApp",
    "Linux",
    "Mac",
    "OpenSSH",
    "OpenStack",
    "Proxifier",
    "Spark",
    "Thunderbird",
    "Windows",
    "Zookeeper",
];

/// Each dataset is mined at least this many times and for at least [`MIN_TIME`]; the fastest
/// run counts (a run of a millisecond on a shared machine is often preempted; the best one is
/// the one that was not).
const MIN_RUNS: usize = 50;
const MIN_TIME: Duration = Duration::from_millis(300);

type Rows = (Vec<String>, Vec<String>);

/// Seconds of CPU this thread has used: what `bench/drain3_loghub.py` measures for Drain3
/// (`time.thread_time`), so other load on the machine counts on neither side.
fn thread_cpu() -> f64 {
    cpu_time::ThreadTime::now().as_duration().as_secs_f64()
}

fn load(dir: &Path, name: &str) -> Result<Rows, Box<dyn std::error::Error>> {
    let path = dir.join(name).join(format!("{name}_2k.log_structured.csv"));
    let mut reader = csv::Reader::from_path(&path)?;
    let headers = reader.headers()?.clone();
    let col = |want: &str| {
        headers
            .iter()
            .position(|h| h == want)
            .ok_or_else(|| format!("{}: no {want} column", path.display()))
    };
    let (content, event) = (col("Content")?, col("EventId")?);
    let (mut texts, mut truth) = (Vec::new(), Vec::new());
    for rec in reader.records() {
        let rec = rec?;
        texts.push(rec.get(content).unwrap_or_default().to_string());
        truth.push(rec.get(event).unwrap_or_default().to_string());
    }
    Ok((texts, truth))
}

/// The template index of every line, from a fresh miner, and the number of distinct shapes.
fn mine(texts: &[String]) -> (Vec<usize>, usize) {
    let mut miner = TemplateMiner::new();
    let ids: Vec<_> = texts.iter().map(|t| miner.add(t)).collect();
    let templates = miner.templates();
    let of = ids.into_iter().map(|id| templates.index(id)).collect();
    (of, miner.shapes())
}

/// Fraction of lines whose predicted group is exactly their ground-truth group.
fn grouping_accuracy<T: std::hash::Hash + Eq, P: std::hash::Hash + Eq>(
    truth: &[T],
    predicted: &[P],
) -> f64 {
    let mut truth_size: HashMap<&T, usize> = HashMap::new();
    for t in truth {
        *truth_size.entry(t).or_default() += 1;
    }
    let mut by_pred: HashMap<&P, Vec<usize>> = HashMap::new();
    for (i, p) in predicted.iter().enumerate() {
        by_pred.entry(p).or_default().push(i);
    }
    let correct: usize = by_pred
        .values()
        .filter(|m| {
            let t = &truth[m[0]];
            m.iter().all(|&i| truth[i] == *t) && truth_size[t] == m.len()
        })
        .map(Vec::len)
        .sum();
    correct as f64 / truth.len() as f64
}

/// Prints every predicted group that is not exactly a ground-truth group.
fn debug(texts: &[String], truth: &[String], predicted: &[usize]) {
    let mut by_pred: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, &p) in predicted.iter().enumerate() {
        by_pred.entry(p).or_default().push(i);
    }
    let mut truth_size: HashMap<&str, usize> = HashMap::new();
    for t in truth {
        *truth_size.entry(t.as_str()).or_default() += 1;
    }
    let mut groups: Vec<_> = by_pred.into_values().collect();
    groups.sort_by_key(|m| m[0]);
    for m in groups {
        let t = &truth[m[0]];
        if m.iter().all(|&i| truth[i] == *t) && truth_size[t.as_str()] == m.len() {
            continue;
        }
        let mut parts: HashMap<&str, (usize, usize)> = HashMap::new();
        for &i in &m {
            parts.entry(truth[i].as_str()).or_insert((0, i)).0 += 1;
        }
        println!("  predicted group of {} lines:", m.len());
        for (ev, (n, i)) in parts {
            println!(
                "    {n:>4}/{:<4} {ev:<5} {}",
                truth_size[ev],
                texts[i].chars().take(150).collect::<String>()
            );
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench/loghub-2k");
    if args.first().is_some_and(|a| Path::new(a).is_dir()) {
        dir = PathBuf::from(args.remove(0));
    }
    let names: Vec<String> = if args.is_empty() {
        DATASETS.iter().map(|s| s.to_string()).collect()
    } else {
        args
    };
    let show = std::env::var_os("TEMPLATES_DEBUG").is_some();
    println!(
        "{:<12} {:>6} {:>10} {:>9} {:>6}",
        "dataset", "GA", "lines/s", "templates", "shapes"
    );
    let (mut ga_sum, mut lines, mut secs) = (0.0, 0usize, 0.0);
    for name in &names {
        let (texts, truth) = load(&dir, name)?;
        let (predicted, shapes) = mine(&texts);
        let mut times = Vec::new();
        let start = Instant::now();
        while times.len() < MIN_RUNS || start.elapsed() < MIN_TIME {
            let t = thread_cpu();
            std::hint::black_box(mine(std::hint::black_box(&texts)));
            times.push(thread_cpu() - t);
        }
        let best = times.iter().copied().fold(f64::INFINITY, f64::min);
        let ga = grouping_accuracy(&truth, &predicted);
        let ntemplates = predicted.iter().max().map_or(0, |m| m + 1);
        println!(
            "{name:<12} {ga:6.3} {:>10.0} {ntemplates:>9} {shapes:>6}",
            texts.len() as f64 / best
        );
        if show {
            debug(&texts, &truth, &predicted);
        }
        ga_sum += ga;
        lines += texts.len();
        secs += best;
    }
    println!(
        "{:<12} {:6.3} {:>10.0}",
        "average",
        ga_sum / names.len() as f64,
        lines as f64 / secs
    );
    Ok(())
}
