//! The log as the incident page shows it: the stored body decompressed and read line by line
//! (the same reader the engine used, so numbers agree with the analysis), cut to a bounded
//! window, and runs of repeated lines folded into one row with a count.
//!
//! [`fold_runs`] is the one folding rule; it is meant to be replaced by `crashdex_core::fold`.

use crate::db;
use crate::error::{AppError, AppResult};
use crate::incidents::Incident;
use crashdex_core::lines::{for_each_line, strip_ansi, Line};
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Read};
use std::rc::Rc;

/// Most display rows on one page; the rest is in the raw download.
pub const MAX_ROWS: usize = 20_000;
/// Most lines read for display.
pub const MAX_LINES: u64 = 200_000;
/// Most bytes of line text kept for display.
pub const MAX_BYTES: usize = 32 << 20;
/// Context lines shown before and after the first error.
pub const CONTEXT_BEFORE: u64 = 3;
/// Context lines shown after the first error.
pub const CONTEXT_AFTER: u64 = 8;

/// A line kept for display: its number, its text as uploaded (ANSI colours removed), and a hash
/// of its message (prefixes stripped) to fold repeats that differ only in timestamps or ranks.
#[derive(Debug, Clone)]
pub struct ViewLine {
    pub number: u64,
    pub text: String,
    pub key: u64,
}

impl From<&Line> for ViewLine {
    fn from(l: &Line) -> Self {
        ViewLine {
            number: l.number,
            text: strip_ansi(&l.raw).into_owned(),
            // lines that differ only in volatile tokens (thread ids, sizes, times) fold together
            key: xxhash_rust::xxh3::xxh3_64(crashdex_core::fold::template_of(&l.text).as_bytes()),
        }
    }
}

/// The lines of a log read for display.
#[derive(Debug, Default)]
pub struct LogLines {
    /// The first lines of the log (bounded by [`MAX_LINES`] and [`MAX_BYTES`]).
    pub lines: Vec<ViewLine>,
    /// The lines around the first error, wherever it is.
    pub context: Vec<ViewLine>,
}

/// One display row: a line, or a run of `count` repeated lines `number..=last`.
#[derive(Debug, Clone)]
pub struct LogRow {
    pub number: u64,
    pub last: u64,
    pub count: u64,
    pub text: String,
    /// CSS class marking the first error, evidence, key and warning lines ("" for none).
    pub class: &'static str,
    /// Anchors for the folded lines after the first (a bounded number), so `#L` links land.
    pub anchors: Vec<u64>,
}

/// Reads an incident's stored log for display.
pub async fn load(pool: &sqlx::SqlitePool, incident: &Incident) -> AppResult<LogLines> {
    let Some(row) = db::raw_logs::body_for_incident(pool, incident.id).await? else {
        return Ok(LogLines::default());
    };
    let focus = incident.analysis.first_error.as_ref().map(|f| f.line);
    tokio::task::spawn_blocking(move || read(&row.body, focus))
        .await
        .map_err(AppError::internal)?
        .map_err(|e| AppError::Internal(format!("stored log unreadable: {e}")))
}

/// Reads a zstd-compressed log: its first lines, and the context of line `focus`.
pub fn read(compressed: &[u8], focus: Option<u64>) -> std::io::Result<LogLines> {
    let decoder = zstd::stream::read::Decoder::new(compressed)?;
    let stop = Rc::new(Cell::new(false));
    let reader = StopReader {
        inner: BufReader::with_capacity(256 * 1024, decoder),
        stop: Rc::clone(&stop),
    };
    let window = focus.map(|f| (f.saturating_sub(CONTEXT_BEFORE), f + CONTEXT_AFTER));
    let mut out = LogLines::default();
    let mut bytes = 0usize;
    let mut full = false;
    for_each_line(reader, |l| {
        if window.is_some_and(|(a, b)| (a..=b).contains(&l.number)) {
            out.context.push(ViewLine::from(&l));
        }
        full |= l.number > MAX_LINES || bytes > MAX_BYTES;
        if !full {
            bytes += l.raw.len();
            out.lines.push(ViewLine::from(&l));
        }
        if full && window.is_none_or(|(_, b)| l.number >= b) {
            stop.set(true);
        }
    })?;
    Ok(out)
}

/// A reader that reports end of input once `stop` is set, to end a line stream early.
struct StopReader<R> {
    inner: R,
    stop: Rc<Cell<bool>>,
}

impl<R: Read> Read for StopReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.stop.get() {
            return Ok(0);
        }
        self.inner.read(buf)
    }
}

impl<R: BufRead> BufRead for StopReader<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.stop.get() {
            return Ok(&[]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n)
    }
}

/// Groups lines into runs: consecutive lines with the same message form one run, except that a
/// line in `keep` always stands alone. Returns `(start index, length)` per run.
pub fn fold_runs(lines: &[ViewLine], keep: &HashSet<u64>) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(last) = runs.last_mut() {
            let first = &lines[last.0];
            if first.key == l.key && !keep.contains(&first.number) && !keep.contains(&l.number) {
                last.1 += 1;
                continue;
            }
        }
        runs.push((i, 1));
    }
    runs
}

/// Most extra anchors emitted for one folded run.
const MAX_RUN_ANCHORS: usize = 200;

/// Display rows for `lines`, folded, with `marks` (line → CSS class); at most [`MAX_ROWS`].
/// The flag says whether rows were cut.
pub fn rows(lines: &[ViewLine], marks: &HashMap<u64, &'static str>) -> (Vec<LogRow>, bool) {
    let keep: HashSet<u64> = marks.keys().copied().collect();
    let runs = fold_runs(lines, &keep);
    let cut = runs.len() > MAX_ROWS;
    let rows = runs
        .into_iter()
        .take(MAX_ROWS)
        .map(|(start, len)| {
            let first = &lines[start];
            let last = lines[start + len - 1].number;
            LogRow {
                number: first.number,
                last,
                count: len as u64,
                text: first.text.clone(),
                class: marks.get(&first.number).copied().unwrap_or(""),
                anchors: lines[start + 1..start + len]
                    .iter()
                    .take(MAX_RUN_ANCHORS)
                    .map(|l| l.number)
                    .collect(),
            }
        })
        .collect();
    (rows, cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(texts: &[&str]) -> Vec<ViewLine> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| ViewLine::from(&Line::new(i as u64 + 1, t.to_string())))
            .collect()
    }

    #[test]
    fn folds_identical_runs() {
        let l = lines(&["a", "b", "b", "b", "c", "b"]);
        assert_eq!(
            fold_runs(&l, &HashSet::new()),
            vec![(0, 1), (1, 3), (4, 1), (5, 1)]
        );
        let (rows, cut) = rows(&l, &HashMap::new());
        assert!(!cut);
        assert_eq!(rows[1].number, 2);
        assert_eq!(rows[1].last, 4);
        assert_eq!(rows[1].count, 3);
        assert_eq!(rows[1].anchors, vec![3, 4]);
    }

    #[test]
    fn folds_lines_differing_only_in_prefix() {
        let l = lines(&[
            "[2026-02-26 15:56:59 TP0] Decode batch",
            "[2026-02-26 15:57:00 TP0] Decode batch",
        ]);
        assert_eq!(fold_runs(&l, &HashSet::new()), vec![(0, 2)]);
    }

    #[test]
    fn folds_lines_of_one_template() {
        let l = lines(&[
            "Indexing.cu:1515: indexSelectSmallIndex: block: [0,0,0], thread: [0,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",
            "Indexing.cu:1515: indexSelectSmallIndex: block: [0,0,0], thread: [1,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",
            "Indexing.cu:1515: indexSelectSmallIndex: block: [1,0,0], thread: [77,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",
            "Traceback (most recent call last):",
        ]);
        assert_eq!(fold_runs(&l, &HashSet::new()), vec![(0, 3), (3, 1)]);
    }

    #[test]
    fn marked_lines_stand_alone() {
        let l = lines(&["x", "x", "x", "x"]);
        let keep: HashSet<u64> = [3].into();
        assert_eq!(fold_runs(&l, &keep), vec![(0, 2), (2, 1), (3, 1)]);
    }

    #[test]
    fn reads_window_and_context() {
        let text: String = (1..=30).map(|i| format!("line {i}\n")).collect();
        let z = zstd::encode_all(text.as_bytes(), 3).unwrap();
        let got = read(&z, Some(10)).unwrap();
        assert_eq!(got.lines.len(), 30);
        let ctx: Vec<u64> = got.context.iter().map(|l| l.number).collect();
        assert_eq!(ctx, (7..=18).collect::<Vec<_>>());
        assert_eq!(got.context[3].text, "line 10");
    }

    #[test]
    fn strips_ansi_for_display() {
        let l = lines(&["\x1b[1;31mERROR\x1b[0m boom"]);
        assert_eq!(l[0].text, "ERROR boom");
    }
}
