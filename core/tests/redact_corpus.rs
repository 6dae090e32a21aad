//! Redaction over real logs: the development corpus (`../shared/triage/corpus/*/log.txt`) and the
//! findings' example logs (`findings/examples/*.log`) hold no secrets, so nothing may be redacted
//! there; and redaction of a large secret-free log stays fast.

use crashdex_core::redact::redact_bytes;
use std::borrow::Cow;
use std::path::{Path, PathBuf};

fn logs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    let corpus = root.join("../shared/triage/corpus");
    for dir in std::fs::read_dir(&corpus).into_iter().flatten().flatten() {
        let log = dir.path().join("log.txt");
        if log.is_file() {
            out.push(log);
        }
    }
    for f in std::fs::read_dir(root.join("findings/examples"))
        .into_iter()
        .flatten()
        .flatten()
    {
        if f.path().extension().is_some_and(|e| e == "log") {
            out.push(f.path());
        }
    }
    out.sort();
    out
}

#[test]
fn no_redactions_in_the_dev_corpus_and_finding_examples() {
    let logs = logs();
    assert!(logs.len() >= 20, "found only {} logs", logs.len());
    for path in &logs {
        let bytes = std::fs::read(path).unwrap();
        let (out, n) = redact_bytes(&bytes);
        let shown = String::from_utf8_lossy(&out);
        let first = shown
            .lines()
            .find(|l| l.contains("[REDACTED:"))
            .unwrap_or("");
        assert_eq!(n, 0, "{}: {first}", path.display());
        assert!(matches!(out, Cow::Borrowed(_)));
    }
}

#[test]
fn large_secret_free_log_is_fast() {
    let mut log = Vec::new();
    for path in logs() {
        log.extend(std::fs::read(path).unwrap());
    }
    let unit = log.len();
    while log.len() < 32 << 20 {
        log.extend_from_within(..unit);
    }
    let start = std::time::Instant::now();
    let (_, n) = redact_bytes(&log);
    let took = start.elapsed();
    assert_eq!(n, 0);
    eprintln!(
        "redacted {} MiB in {took:?} ({:.0} MiB/s)",
        log.len() >> 20,
        (log.len() >> 20) as f64 / took.as_secs_f64()
    );
    // generous: an unoptimised debug build on a slow machine
    assert!(took.as_secs() < 30, "{took:?}");
}
