//! `cargo run --release -p crashdex-core --example findings_scale [FINDINGS_DIR] [LOG ...]`
//!
//! How the matcher scales with the size of the knowledge base: times
//! [`crashdex_core::analyze`] over one log with the real findings (`findings/`, about 40) and
//! with those plus 1,000 synthetic ones, and prints both times and their ratio (goal: < 2).
//!
//! The synthetic findings are generated in memory, deterministically: distinct literals and
//! regexes in the shapes real findings use (exception lines, library errors with codes, kernel
//! names, `(?i)` phrases, some anchored on words every crash log has, such as `Error` or `CUDA`,
//! so the literal prefilter lets them through to the regex), with `all`/`any`/`not` rules and
//! conditions on class, phase, architecture, framework and versions.
//!
//! The log is the given files (default: the development corpus `../shared/triage/corpus/*/log.txt`
//! and `findings/examples/*.log`) concatenated and repeated to about `FINDINGS_SCALE_MB`
//! megabytes (default 20). Each index is timed `FINDINGS_SCALE_RUNS` times (default 5); the
//! median counts.

use crashdex_core::analysis::{ERROR_CLASSES, PHASES};
use crashdex_core::FindingsIndex;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Synthetic findings added to the real ones.
const SYNTHETIC: usize = 1000;

const LIBS: [&str; 16] = [
    "cublas",
    "cudnn",
    "nccl",
    "triton",
    "flashinfer",
    "deepgemm",
    "cutlass",
    "torch",
    "vllm",
    "sglang",
    "tensorrt",
    "xformers",
    "apex",
    "megatron",
    "ray",
    "flash_attn",
];
const NOUNS: [&str; 20] = [
    "workspace",
    "handle",
    "stream",
    "graph",
    "kernel",
    "allocator",
    "communicator",
    "tensor",
    "scheduler",
    "tokenizer",
    "sampler",
    "cache",
    "buffer",
    "plan",
    "engine",
    "worker",
    "pool",
    "launcher",
    "descriptor",
    "module",
];
const VERBS: [&str; 12] = [
    "initialize",
    "allocate",
    "launch",
    "capture",
    "compile",
    "register",
    "dispatch",
    "load",
    "synchronize",
    "finalize",
    "resolve",
    "broadcast",
];
const TYPES: [&str; 8] = [
    "RuntimeError",
    "ValueError",
    "AssertionError",
    "TypeError",
    "KeyError",
    "NotImplementedError",
    "OSError",
    "IndexError",
];
const COMMON: [&str; 6] = ["Error", "CUDA", "NCCL", "failed", "Traceback", "WARNING"];
const FRAMEWORKS: [&str; 4] = ["sglang", "vllm", "tensorrt_llm", "pytorch"];

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

/// One symptom rule, distinct for every `(i, j)`.
fn rule(rng: &mut Rng, i: usize, j: usize) -> String {
    let (lib, noun, verb) = (rng.pick(&LIBS), rng.pick(&NOUNS), rng.pick(&VERBS));
    let code = 1000 + i * 7 + j;
    let (key, value) = match rng.below(6) {
        0 => (
            "literal",
            format!("{lib}: failed to {verb} {noun} (code {code})"),
        ),
        1 => (
            "literal",
            format!("{}: {noun} {verb} error E{code}", rng.pick(&TYPES)),
        ),
        2 => ("regex", format!(r"{lib}_{noun}_{code}\w*<<<\d+, \d+>>>")),
        3 => (
            "regex",
            format!(r"(?i){verb} {noun} for {lib} (?:timed out|stalled) after \d+ ?ms \[{code}\]"),
        ),
        4 => (
            "regex",
            format!(r"{}.*{lib}::{noun}_{verb}_{code}\(\)", rng.pick(&COMMON)),
        ),
        _ => (
            "regex",
            format!(r"{}: .*{noun} {code} (?:is|was) not \w+", rng.pick(&TYPES)),
        ),
    };
    format!("name = \"symptom {j}\"\n{key} = '{value}'\n")
}

/// A synthetic finding file: front matter with conditions and rules, and the four sections.
fn synthetic(rng: &mut Rng, i: usize) -> (String, String) {
    let id = format!("synthetic_{i:04}");
    let classes: Vec<&str> = ERROR_CLASSES
        .iter()
        .copied()
        .filter(|c| *c != "none")
        .collect();
    let mut m = format!("error_class = [\"{}\"]\n", rng.pick(&classes));
    if rng.below(2) == 0 {
        m += &format!("phase = [\"{}\"]\n", rng.pick(PHASES));
    }
    if rng.below(4) == 0 {
        m += &format!("sm_arch = [\"sm_{}\"]\n", [80, 90, 100, 120][rng.below(4)]);
    }
    let framework = rng.pick(&FRAMEWORKS);
    if rng.below(3) == 0 {
        m += &format!("framework = [\"{framework}\"]\n");
    }
    if rng.below(4) == 0 {
        let minor = rng.below(9);
        m += &format!(
            "\n[match.versions]\n{framework} = \">=0.{minor}.0, <0.{}.0\"\n",
            minor + 1
        );
    }
    let mut rules = String::new();
    let kinds = ["all", "any", "any", "any", "not"];
    let n = 1 + rng.below(4);
    for j in 0..n {
        let kind = if j == 0 {
            "any"
        } else {
            kinds[rng.below(kinds.len())]
        };
        rules += &format!("\n[[match.{kind}]]\n{}", rule(rng, i, j));
    }
    let text = format!(
        "+++\nid = \"{id}\"\ntitle = \"Synthetic finding {i}\"\nseverity = \"medium\"\n\
         status = \"open\"\ncomponents = [\"{framework}\"]\n\n[match]\n{m}{rules}+++\n\n\
         ## Symptoms\n\nSynthetic.\n\n## Root cause\n\nSynthetic.\n\n## Resolution\n\n\
         Synthetic.\n\n## References\n\nNone.\n"
    );
    (format!("{id}.md"), text)
}

fn real_findings(dir: &Path) -> std::io::Result<Vec<(String, String)>> {
    let mut sources = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.ends_with(".md") && name != "README.md" {
            sources.push((name, std::fs::read_to_string(&p)?));
        }
    }
    sources.sort();
    Ok(sources)
}

fn index(sources: &[(String, String)]) -> FindingsIndex {
    FindingsIndex::from_sources(sources).unwrap_or_else(|errs| {
        for e in errs.iter().take(5) {
            eprintln!("{e}");
        }
        panic!("{} findings files are invalid", errs.len());
    })
}

fn default_logs(root: &Path) -> Vec<PathBuf> {
    let mut logs = Vec::new();
    let corpus = root.join("../shared/triage/corpus");
    for dir in [corpus, root.join("findings/examples")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.join("log.txt").is_file() {
                logs.push(p.join("log.txt"));
            } else if p.extension().is_some_and(|x| x == "log") {
                logs.push(p);
            }
        }
    }
    logs.sort();
    logs
}

/// Median seconds of `runs` analyses of `log` with `index`, and the last analysis's match count.
fn time(log: &[u8], index: &FindingsIndex, runs: usize) -> (f64, usize) {
    let mut times = Vec::new();
    let mut matches = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let a = crashdex_core::analyze(std::hint::black_box(log), index);
        times.push(t.elapsed().as_secs_f64());
        matches = a.matches.len() + a.near_misses.len();
    }
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], matches)
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut args = std::env::args().skip(1);
    let dir = args
        .next()
        .map(PathBuf::from)
        .unwrap_or(root.join("findings"));
    let mut logs: Vec<PathBuf> = args.map(PathBuf::from).collect();
    if logs.is_empty() {
        logs = default_logs(&root);
    }
    let mut one = Vec::new();
    for p in &logs {
        one.extend_from_slice(&std::fs::read(p)?);
        if !one.ends_with(b"\n") {
            one.push(b'\n');
        }
    }
    let want = env("FINDINGS_SCALE_MB", 20) << 20;
    let mut log = Vec::with_capacity(want + one.len());
    while log.len() < want && !one.is_empty() {
        log.extend_from_slice(&one);
    }
    let real = real_findings(&dir)?;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut big = real.clone();
    big.extend((0..SYNTHETIC).map(|i| synthetic(&mut rng, i)));
    let t = Instant::now();
    let (small_index, big_index) = (index(&real), index(&big));
    let build = t.elapsed().as_secs_f64();
    let runs = env("FINDINGS_SCALE_RUNS", 5);
    println!(
        "log: {} files repeated to {:.1} MB; {} runs each, median; index build {build:.2} s",
        logs.len(),
        log.len() as f64 / 1e6,
        runs
    );
    let (a, ma) = time(&log, &small_index, runs);
    let (b, mb) = time(&log, &big_index, runs);
    println!(
        "{:>9} findings: {a:.3} s ({ma} matches and near misses)",
        real.len()
    );
    println!(
        "{:>9} findings: {b:.3} s ({mb} matches and near misses)",
        big.len()
    );
    println!("ratio: {:.2}x (goal < 2x)", b / a);
    Ok(())
}
