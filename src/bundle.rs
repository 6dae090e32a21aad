//! Incidents made of several logs (one per rank, say), uploaded together.
//!
//! The design: each file is analysed on its own, and one of them is elected the *culprit*;
//! the incident's analysis is the culprit's. The incident's stored log is the files joined in
//! upload order, each behind a `==> name <==` header line (as `tail` prints several files), so
//! the incident page shows them all and line numbers of the culprit's analysis are shifted to
//! point into the joined log. Each file is also recorded as a part (`incident_parts`): its
//! byte range in the joined log (so its original bytes can be served), rank and summary.
//!
//! The election ([`elect`]): only files that crashed compete. Root-cause classes beat
//! consequence classes (`nccl_timeout`, `nccl_error`, `process_crash`: what the other ranks
//! report once one rank died). Among the best, the earliest first error wins when every one has
//! a timestamp of the same kind; otherwise the SPEC's class order, then upload order. The rank
//! of a file comes from its name (`rank3.log`, `worker-3.log`, `tp3`), else from its analysis.

use crate::app::AppState;
use crate::db::incident_meta::PartRow;
use crate::error::{AppError, AppResult};
use crate::incidents::Incident;
use crate::ingest::{self, Extra};
use crashdex_core::analysis::ERROR_CLASSES;
use crashdex_core::Analysis;
use regex::Regex;
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

/// Most files in one upload.
pub const MAX_FILES: usize = 256;

/// One uploaded file.
#[derive(Debug, Clone)]
pub struct File {
    pub filename: Option<String>,
    pub bytes: Vec<u8>,
}

/// Classes that other ranks report after one rank died.
const CONSEQUENCES: &[&str] = &["nccl_timeout", "nccl_error", "process_crash"];

static RANK_IN_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:^|[^a-z])(?:rank|tp|dp|pp|ep|gpu|worker|proc|local_rank)[-_.]?(\d{1,5})(?:\D|$)",
    )
    .expect("rank regex")
});
static TRAILING_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[-_.](\d{1,5})(?:\.(?:log|txt|out|err))*(?:\.gz)?$").expect("number regex")
});
static TIMESTAMP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:(\d{4})-(\d{2})-(\d{2})[ T])?(\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?")
        .expect("timestamp regex")
});

/// The rank a file name names: `rank3.log`, `tp_3`, `worker-12.out`, `node.3.log`.
pub fn rank_from_name(name: &str) -> Option<u32> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    RANK_IN_NAME
        .captures(base)
        .or_else(|| TRAILING_NUMBER.captures(base))
        .and_then(|c| c[1].parse().ok())
}

/// A timestamp on a raw log line, as a sortable key: `(has a date, digits)`.
pub fn timestamp_key(raw: &str) -> Option<(bool, String)> {
    let c = TIMESTAMP.captures(raw)?;
    let date: String = (1..=3)
        .filter_map(|i| c.get(i).map(|m| m.as_str()))
        .collect();
    let frac = c.get(7).map_or("", |m| m.as_str());
    let key = format!("{date}{}{}{}{frac:0<9}", &c[4], &c[5], &c[6]);
    Some((!date.is_empty(), key))
}

/// What the election needs of one file.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub crash: bool,
    pub error_class: String,
    /// The timestamp of the first error's line, if it has one.
    pub first_error_time: Option<(bool, String)>,
}

/// The index of the culprit among the files (see the module docs).
pub fn elect(files: &[Candidate]) -> usize {
    let class_rank = |c: &str| {
        ERROR_CLASSES
            .iter()
            .position(|k| *k == c)
            .unwrap_or(usize::MAX)
    };
    let tier = |c: &Candidate| usize::from(CONSEQUENCES.contains(&c.error_class.as_str()));
    let crashed: Vec<usize> = (0..files.len()).filter(|&i| files[i].crash).collect();
    let Some(best_tier) = crashed.iter().map(|&i| tier(&files[i])).min() else {
        return 0;
    };
    let best: Vec<usize> = crashed
        .into_iter()
        .filter(|&i| tier(&files[i]) == best_tier)
        .collect();
    let times: Vec<&(bool, String)> = best
        .iter()
        .filter_map(|&i| files[i].first_error_time.as_ref())
        .collect();
    let comparable = times.len() == best.len() && times.windows(2).all(|w| w[0].0 == w[1].0);
    if comparable {
        if let Some(&i) = best
            .iter()
            .min_by_key(|&&i| (&files[i].first_error_time, i))
        {
            return i;
        }
    }
    best.into_iter()
        .min_by_key(|&i| (class_rank(&files[i].error_class), i))
        .unwrap_or(0)
}

/// The `n`th (1-based) line of a log, lossy.
fn nth_line(log: &[u8], n: u64) -> Option<String> {
    let idx = usize::try_from(n.checked_sub(1)?).ok()?;
    log.split(|&b| b == b'\n')
        .nth(idx)
        .map(|l| String::from_utf8_lossy(l).into_owned())
}

/// Moves every line number of an analysis `by` lines down (into the joined log).
pub fn shift_lines(a: &mut Analysis, by: u64) {
    if let Some(f) = a.first_error.as_mut() {
        f.line += by;
    }
    for w in &mut a.warnings {
        w.line += by;
    }
    for m in &mut a.matches {
        for e in &mut m.evidence {
            e.line += by;
        }
    }
    for n in &mut a.annotations {
        n.line += by;
    }
    for l in &mut a.key_lines {
        *l += by;
    }
}

/// The joined log and where each file is in it: `(byte_start, line_start)`.
pub fn join(files: &[(String, &[u8])]) -> (Vec<u8>, Vec<(usize, u64)>) {
    let mut out = Vec::new();
    let mut spans = Vec::new();
    let mut line = 1u64;
    for (name, bytes) in files {
        let header = format!("==> {name} <==\n");
        out.extend_from_slice(header.as_bytes());
        line += 1;
        spans.push((out.len(), line));
        out.extend_from_slice(bytes);
        line += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        if !bytes.ends_with(b"\n") {
            out.push(b'\n');
            line += 1;
        }
    }
    (out, spans)
}

/// The name a file gets in the joined log.
fn display_name(f: &File, i: usize) -> String {
    f.filename.clone().unwrap_or_else(|| format!("part-{i}"))
}

/// Ingests several files as one incident (one file goes through [`ingest::ingest_log_with`]
/// unchanged). Returns the incident and whether it was created.
pub async fn ingest_files(
    state: &AppState,
    mut files: Vec<File>,
    meta: crate::db::incident_meta::MetaRow,
) -> AppResult<(Incident, bool)> {
    if files.is_empty() {
        return Err(AppError::EmptyLog);
    }
    if files.len() > MAX_FILES {
        return Err(AppError::BadRequest(format!(
            "at most {MAX_FILES} files per incident"
        )));
    }
    if files.len() == 1 {
        let f = files.remove(0);
        let extra = Extra {
            meta,
            parts: Vec::new(),
        };
        return ingest::ingest_log_with(state, f.filename, f.bytes, extra).await;
    }
    let limit = state.config.max_upload;
    let index = state.findings();
    let prepared = state
        .upload_work(move || prepare(files, limit, &index))
        .await??;
    if let Some(id) = crate::db::raw_logs::incident_for_sha256(&state.db, &prepared.sha256).await? {
        return Ok((crate::incidents::get(&state.db, id).await?, false));
    }
    let extra = Extra {
        meta,
        parts: prepared.parts,
    };
    ingest::store_analysed(
        state,
        Some(prepared.name),
        prepared.log,
        &prepared.sha256,
        prepared.analysis,
        &extra,
    )
    .await
}

/// A multi-file upload ready to store.
struct Prepared {
    name: String,
    log: Vec<u8>,
    sha256: String,
    analysis: Analysis,
    parts: Vec<PartRow>,
}

/// Inflates, analyses, elects and joins (blocking: runs the engine on every file).
fn prepare(
    files: Vec<File>,
    limit: u64,
    index: &crashdex_core::FindingsIndex,
) -> AppResult<Prepared> {
    let mut plain = Vec::with_capacity(files.len());
    let mut total = 0u64;
    for (i, f) in files.into_iter().enumerate() {
        let name = display_name(&f, i);
        let bytes = ingest::inflate(f.bytes, limit)?;
        total += bytes.len() as u64;
        if total > limit {
            return Err(AppError::TooLarge(crate::config::format_size(limit)));
        }
        plain.push((name, f.filename, bytes));
    }
    let analyses: Vec<Analysis> = plain
        .iter()
        .map(|(_, _, b)| ingest::analyze_plain(b, index))
        .collect();
    let candidates: Vec<Candidate> = plain
        .iter()
        .zip(&analyses)
        .map(|((_, _, bytes), a)| Candidate {
            crash: a.crash,
            error_class: a.error_class.clone(),
            first_error_time: a
                .first_error
                .as_ref()
                .and_then(|f| nth_line(bytes, f.line))
                .and_then(|raw| timestamp_key(&raw)),
        })
        .collect();
    let culprit = elect(&candidates);
    let named: Vec<(String, &[u8])> = plain
        .iter()
        .map(|(n, _, b)| (n.clone(), b.as_slice()))
        .collect();
    let (log, spans) = join(&named);
    let ranks: Vec<Option<u32>> = plain
        .iter()
        .zip(&analyses)
        .map(|((n, _, _), a)| rank_from_name(n).or(a.culprit_rank))
        .collect();
    let parts = plain
        .iter()
        .zip(&analyses)
        .enumerate()
        .map(|(i, ((_, filename, bytes), a))| PartRow {
            idx: i as i64,
            filename: filename.clone(),
            rank: ranks[i].map(i64::from),
            culprit: i == culprit,
            sha256: hex::encode(Sha256::digest(bytes)),
            byte_start: spans[i].0 as i64,
            size: bytes.len() as i64,
            line_start: spans[i].1 as i64,
            crash: a.crash,
            error_class: a.error_class.clone(),
            first_error_line: a.first_error.as_ref().map(|f| f.line as i64),
            first_error_text: a.first_error.as_ref().map(|f| f.text.clone()),
        })
        .collect();
    let mut analysis = analyses[culprit].clone();
    shift_lines(&mut analysis, spans[culprit].1 - 1);
    analysis.line_count = log.iter().filter(|&&b| b == b'\n').count() as u64;
    if analysis.culprit_rank.is_none() {
        analysis.culprit_rank = ranks[culprit];
    }
    let name = format!("{} (+{} files)", plain[culprit].0, plain.len() - 1);
    let sha256 = hex::encode(Sha256::digest(&log));
    Ok(Prepared {
        name,
        log,
        sha256,
        analysis,
        parts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(crash: bool, class: &str, time: Option<&str>) -> Candidate {
        Candidate {
            crash,
            error_class: class.into(),
            first_error_time: time.and_then(timestamp_key),
        }
    }

    #[test]
    fn ranks_from_file_names() {
        assert_eq!(rank_from_name("rank3.log"), Some(3));
        assert_eq!(rank_from_name("logs/worker-12.out"), Some(12));
        assert_eq!(rank_from_name("server_tp_2.log"), Some(2));
        assert_eq!(rank_from_name("node.7.log.gz"), Some(7));
        assert_eq!(rank_from_name("server.log"), None);
        assert_eq!(rank_from_name("trace2024.log"), None);
    }

    #[test]
    fn timestamps_sort() {
        let a = timestamp_key("[2026-03-01 10:00:05,120] E boom").unwrap();
        let b = timestamp_key("2026-03-01T10:00:05.9 boom").unwrap();
        assert!(a.0 && b.0 && a < b);
        let c = timestamp_key("E0301 10:00:05.000123 boom").unwrap();
        assert!(!c.0);
        assert!(timestamp_key("no time here").is_none());
    }

    #[test]
    fn elects_the_root_cause_over_consequences() {
        let files = [
            cand(true, "nccl_timeout", Some("2026-03-01 10:00:00")),
            cand(true, "cuda_device_side_assert", Some("2026-03-01 10:10:00")),
            cand(false, "none", None),
        ];
        assert_eq!(elect(&files), 1);
    }

    #[test]
    fn elects_the_earliest_then_the_strongest() {
        let files = [
            cand(true, "python_exception", Some("2026-03-01 10:00:09")),
            cand(true, "cuda_oom", Some("2026-03-01 10:00:01")),
        ];
        assert_eq!(elect(&files), 1);
        let files = [
            cand(true, "python_exception", None),
            cand(true, "cuda_oom", Some("2026-03-01 10:00:01")),
        ];
        assert_eq!(elect(&files), 1, "not comparable: class order");
        assert_eq!(
            elect(&[cand(false, "none", None), cand(false, "none", None)]),
            0
        );
    }

    #[test]
    fn joins_files_with_headers_and_spans() {
        let (log, spans) = join(&[("a".into(), b"1\n2\n"), ("b".into(), b"x")]);
        assert_eq!(log, b"==> a <==\n1\n2\n==> b <==\nx\n");
        assert_eq!(spans, vec![(10, 2), (24, 5)]);
        assert_eq!(&log[24..25], b"x");
    }
}
