//! What the fuzz target checks on every input, kept apart from the target so that
//! `core/tests/fuzz_smoke.rs` runs the very same checks on fixed-seed inputs in CI.
//!
//! For any bytes: nothing panics; the line reader numbers lines 1..=n whatever the read buffer
//! size, caps line length, and agrees with the engine's line count; the streaming analysis agrees
//! with the batch one; analysing twice gives the same result; redaction keeps every line break and
//! is idempotent.

use crashdex_core::lines::{for_each_line, read_bytes, MAX_LINE_BYTES};
use crashdex_core::{analyze, analyze_lines, FindingsIndex};
use std::io::BufReader;
use std::sync::LazyLock;

/// The repository's findings (`findings/*.md`), so the matcher runs with real rules.
static INDEX: LazyLock<FindingsIndex> = LazyLock::new(|| {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../findings");
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "md")
            && path.file_name().is_some_and(|n| n != "README.md")
        {
            if let Ok(text) = std::fs::read_to_string(&path) {
                sources.push((path.display().to_string(), text));
            }
        }
    }
    FindingsIndex::from_sources(&sources).unwrap_or_default()
});

/// Runs every check on one input; panics on a violation.
pub fn check(data: &[u8]) {
    let index = &*INDEX;

    // the line reader: numbering, caps, independence from the read buffer size
    let lines = read_bytes(data);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l.number, i as u64 + 1, "line numbers are 1..=n");
        // invalid bytes become U+FFFD (3 bytes), so a capped line grows at most threefold
        assert!(
            l.raw.len() <= 3 * MAX_LINE_BYTES,
            "line {} is not capped",
            l.number
        );
    }
    if !crashdex_core::lines::is_gzip(data) {
        let small = data.len() % 13 + 1;
        let mut again = Vec::new();
        let n = for_each_line(BufReader::with_capacity(small, data), |l| again.push(l))
            .expect("reading from memory cannot fail");
        assert_eq!(n as usize, again.len());
        assert_eq!(
            again, lines,
            "lines depend on the read buffer size ({small})"
        );
    }

    // the analysis: streaming and batch agree, and it is deterministic
    let a = analyze(data, index);
    let b = analyze(data, index);
    assert_eq!(a, b, "the analysis is not deterministic");
    if !crashdex_core::lines::is_gzip(data) {
        assert_eq!(a.line_count, lines.len() as u64, "line counts differ");
        let batch = analyze_lines(&lines, index);
        assert_eq!(
            a.crash, batch.crash,
            "streaming and batch disagree on crash"
        );
        assert_eq!(a.error_class, batch.error_class);
        assert_eq!(a.first_error, batch.first_error);
    }
    if let Some(f) = &a.first_error {
        assert!(
            f.line >= 1 && f.line <= a.line_count.max(1),
            "first error out of range"
        );
    }
    let _ = serde_json::to_string(&a).expect("the analysis serialises");

    // redaction: line breaks kept, idempotent
    let (red, _) = crashdex_core::redact::redact_bytes(data);
    let newlines = |b: &[u8]| b.iter().filter(|&&c| c == b'\n').count();
    assert_eq!(
        newlines(&red),
        newlines(data),
        "redaction changed the line count"
    );
    let (twice, more) = crashdex_core::redact::redact_bytes(&red);
    assert_eq!(more, 0, "redaction is not idempotent");
    assert_eq!(&*twice, &*red);
}
