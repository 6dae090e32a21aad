//! The pure core of crashdex.
//!
//! Data flows one way: bytes -> [`lines`] (uniform lines with prefixes stripped) -> [`parse`]
//! (detectors, root-error election, phase, environment) -> [`signature`] (normalised title and
//! fingerprint) -> [`matching`] against the [`findings`] knowledge base -> [`analysis::Analysis`].
//!
//! Nothing here touches the network, a database or the file system (the findings loader reads
//! strings handed to it), so every stage is tested as a plain function.

pub mod analysis;
mod ascii_first;
pub mod findings;
pub mod fold;
pub mod lines;
pub mod matching;
mod memo;
pub mod parse;
pub mod redact;
mod scan;
pub mod signature;

pub use analysis::{Analysis, Env, LineRef};
pub use findings::{Finding, FindingsIndex};

/// Starts building triage's automata on another thread (see [`parse::prepare`]): call it
/// before other start-up work, such as loading the findings, so that both run at once.
pub fn prepare_in_background() {
    std::thread::spawn(parse::prepare);
}

/// Runs the whole engine over a log's bytes (plain, or gzip detected by its magic bytes).
///
/// # Panics
///
/// If the engine itself fails on the log (a bug, see [`EngineFailed`]): an analysis made
/// without it would call a crashed run healthy. The server's upload work catches the panic.
pub fn analyze(bytes: &[u8], index: &FindingsIndex) -> Analysis {
    match analyze_reader(bytes, index) {
        Ok(analysis) => analysis,
        Err(e) if EngineFailed::is(&e) => panic!("{e}"),
        // Reading from memory cannot fail otherwise; a truncated gzip stream keeps what was
        // inflated.
        Err(_) => parse::Triage::new().finish(),
    }
}

/// The error (inside the `io::Error`) that [`analyze_reader`] returns when a stage of the
/// engine panicked on a log.
#[derive(Debug)]
pub struct EngineFailed;

impl EngineFailed {
    /// Whether `e` is this error.
    pub fn is(e: &std::io::Error) -> bool {
        e.get_ref().is_some_and(|inner| inner.is::<EngineFailed>())
    }
}

impl std::fmt::Display for EngineFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the triage engine failed on this log (a bug in crashdex)")
    }
}

impl std::error::Error for EngineFailed {}

/// Runs the whole engine over a reader (plain or gzip), e.g. a file or standard input, one line
/// at a time: memory stays bounded whatever the size of the log.
pub fn analyze_reader<R: std::io::BufRead>(
    reader: R,
    index: &FindingsIndex,
) -> std::io::Result<Analysis> {
    let reader = lines::maybe_gunzip(reader)?;
    // Three stages: this thread reads lines and runs the environment collector over them, one
    // worker runs the findings matcher and another the rest of triage over the same batches
    // (each sees lines alone, in order). Triage's costliest part, the scans of each line that
    // need no state ([`parse::LineFacts`]), is shared: the matcher's worker makes those of the
    // second half of each batch and hands them over. Three threads keep two cores busy
    // whatever the balance of the stages, which depends on the log.
    const BATCH: usize = 4096;
    const FIRST_BATCH: usize = 256;
    type Batch = std::sync::Arc<Vec<lines::Line>>;
    let (triage, matcher, env, result) = std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Batch>(4);
        let (mtx, mrx) = std::sync::mpsc::sync_channel::<Batch>(4);
        let (ftx, frx) = std::sync::mpsc::sync_channel::<Vec<Option<parse::LineFacts>>>(4);
        let worker = scope.spawn(move || {
            let mut triage = parse::Triage::without_env();
            let mut memo = parse::FactsMemo::default();
            let mut warmed = false;
            for batch in rx {
                #[cfg(test)]
                tests::fail_on_marker(&batch);
                let half = batch.len() / 2;
                let mut facts: Vec<_> = batch[..half].iter().map(|l| memo.ahead(l)).collect();
                // should the other worker be gone, triage makes them itself
                facts.extend(frx.recv().unwrap_or_default());
                for (i, l) in batch.iter().enumerate() {
                    triage.feed_with(l, facts.get(i).copied().flatten());
                }
                if !warmed && triage.saw_strong_error() {
                    warmed = true;
                    std::thread::spawn(parse::prepare_naming);
                }
            }
            triage
        });
        let matching = scope.spawn(move || {
            let mut matcher = matching::Matcher::new(index);
            let mut memo = parse::FactsMemo::default();
            for batch in mrx {
                let half = batch.len() / 2;
                let _ = ftx.send(batch[half..].iter().map(|l| memo.ahead(l)).collect());
                for l in batch.iter() {
                    matcher.feed(l);
                }
            }
            matcher
        });
        let mut env = parse::env::EnvCollector::default();
        // The first batches are small, so that the workers start early; then they grow to
        // BATCH, where handing a batch over costs nothing beside the work in it.
        let mut size = FIRST_BATCH;
        let mut batch = Vec::with_capacity(size);
        let send = |batch: Vec<lines::Line>, env: &mut parse::env::EnvCollector| {
            let batch = std::sync::Arc::new(batch);
            // the workers start on the batch while this thread scans it
            let _ = tx.send(batch.clone());
            let _ = mtx.send(batch.clone());
            for l in batch.iter() {
                parse::for_each_record(l, |r, _| env.feed_line(r));
            }
        };
        let result = lines::for_each_line(reader, |l| {
            batch.push(l);
            if batch.len() == size {
                size = (size * 2).min(BATCH);
                send(
                    std::mem::replace(&mut batch, Vec::with_capacity(size)),
                    &mut env,
                );
            }
        });
        send(batch, &mut env);
        drop(tx);
        drop(mtx);
        (worker.join(), matching.join(), env, result)
    });
    // Triage does not panic on input; should a stage ever, that is an error, not an analysis
    // without it (which would call the log healthy).
    let (Ok(triage), Ok(matcher)) = (triage, matcher) else {
        return Err(std::io::Error::other(EngineFailed));
    };
    // A damaged gzip tail still leaves the lines before it worth analysing.
    if let Err(e) = result {
        if e.kind() != std::io::ErrorKind::InvalidInput
            && e.kind() != std::io::ErrorKind::UnexpectedEof
            && e.kind() != std::io::ErrorKind::InvalidData
        {
            return Err(e);
        }
    }
    let mut analysis = triage.finish_with_env(env.finish());
    let (matches, near_misses, annotations) = matcher.finish(&analysis);
    analysis.matches = matches;
    analysis.near_misses = near_misses;
    analysis.annotations = annotations;
    Ok(analysis)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A line that makes the triage worker panic, as a bug would (tests only).
    const PANIC_MARKER: &str = "crashdex-test: panic in the triage worker";

    pub(crate) fn fail_on_marker(batch: &[lines::Line]) {
        if batch.iter().any(|l| l.text == PANIC_MARKER) {
            panic!("test panic");
        }
    }

    #[test]
    fn a_stage_that_panics_is_an_error_not_a_healthy_log() {
        let log = format!("RuntimeError: CUDA error: out of memory\n{PANIC_MARKER}\n");
        let index = FindingsIndex::empty();
        let err = analyze_reader(log.as_bytes(), &index).unwrap_err();
        assert!(EngineFailed::is(&err), "{err}");
        let caught = std::panic::catch_unwind(|| analyze(log.as_bytes(), &index));
        assert!(
            caught.is_err(),
            "analyze must not return an analysis without triage"
        );
        // the same log without the marker is analysed
        let a = analyze(b"RuntimeError: CUDA error: out of memory\n", &index);
        assert!(a.crash);
    }
}
