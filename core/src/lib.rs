//! The pure core of crashdex.
//!
//! Data flows one way: bytes -> [`lines`] (uniform lines with prefixes stripped) -> [`parse`]
//! (detectors, root-error election, phase, environment) -> [`signature`] (normalised title and
//! fingerprint) -> [`matching`] against the [`findings`] knowledge base -> [`analysis::Analysis`].
//!
//! Nothing here touches the network, a database or the file system (the findings loader reads
//! strings handed to it), so every stage is tested as a plain function.

pub mod analysis;
pub mod findings;
pub mod fold;
pub mod lines;
pub mod matching;
pub mod parse;
pub mod signature;

pub use analysis::{Analysis, Env, LineRef};
pub use findings::{Finding, FindingsIndex};

/// Runs the whole engine over a log's bytes (plain, or gzip detected by its magic bytes).
pub fn analyze(bytes: &[u8], index: &FindingsIndex) -> Analysis {
    let log = lines::read_bytes(bytes);
    analyze_lines(&log, index)
}

/// Runs the whole engine over a reader (plain or gzip), e.g. a file or standard input.
pub fn analyze_reader<R: std::io::BufRead>(
    reader: R,
    index: &FindingsIndex,
) -> std::io::Result<Analysis> {
    let reader = lines::maybe_gunzip(reader)?;
    let mut log = Vec::new();
    lines::for_each_line(reader, |l| log.push(l))?;
    Ok(analyze_lines(&log, index))
}

/// Runs triage and matching over lines already read.
pub fn analyze_lines(log: &[lines::Line], index: &FindingsIndex) -> Analysis {
    let mut analysis = parse::triage(log);
    let (matches, near_misses, annotations) = matching::match_findings(log, &analysis, index);
    analysis.matches = matches;
    analysis.near_misses = near_misses;
    analysis.annotations = annotations;
    analysis
}
