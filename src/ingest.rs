//! Ingest: the only place that chains the pipeline. An upload's bytes are inflated (gzip, with a
//! cap), hashed, deduplicated, compressed, analysed by `crashdex_core` and stored in one
//! transaction as a raw log plus an incident.
//!
//! Uses `db`, `incidents` and the core; must not import `web`, `api` or `app` internals beyond
//! [`AppState`].

use crate::app::AppState;
use crate::db;
use crate::error::{AppError, AppResult};
use crate::incidents::{self, Incident};
use crashdex_core::{Analysis, FindingsIndex};
use sha2::{Digest, Sha256};
use std::io::{BufReader, Read};

/// zstd level for stored logs: fast, and crash logs compress well anyway.
const ZSTD_LEVEL: i32 = 3;

/// What is stored beside an incident's analysis: the uploader's metadata (`source`, `job`,
/// `host`, `labels`) and, for an upload of several files, the files ([`crate::bundle`]).
#[derive(Debug, Default)]
pub struct Extra {
    pub meta: db::incident_meta::MetaRow,
    pub parts: Vec<db::incident_meta::PartRow>,
}

/// Stores and analyses one uploaded log. Returns the incident and whether it was created
/// (`false`: the same bytes were uploaded before, and that incident is returned).
pub async fn ingest_log(
    state: &AppState,
    filename: Option<String>,
    bytes: Vec<u8>,
) -> AppResult<(Incident, bool)> {
    ingest_log_with(state, filename, bytes, Extra::default()).await
}

/// [`ingest_log`] with what the uploader said about the log ([`Extra`]).
#[tracing::instrument(skip_all, fields(filename = filename.as_deref().unwrap_or(""), bytes = bytes.len()))]
pub async fn ingest_log_with(
    state: &AppState,
    filename: Option<String>,
    bytes: Vec<u8>,
    extra: Extra,
) -> AppResult<(Incident, bool)> {
    let limit = state.config.max_upload;
    let (log, sha256) = state
        .upload_work(move || -> AppResult<_> {
            let log = inflate(bytes, limit)?;
            let sha256 = hex::encode(Sha256::digest(&log));
            Ok((log, sha256))
        })
        .await??;

    if let Some(id) = db::raw_logs::incident_for_sha256(&state.db, &sha256).await? {
        return Ok((incidents::get(&state.db, id).await?, false));
    }

    let index = state.findings();
    let (log, analysis) = state
        .upload_work(move || {
            let analysis = analyze_plain(&log, &index);
            (log, analysis)
        })
        .await?;
    store_analysed(state, filename, log, &sha256, analysis, &extra).await
}

/// Compresses and stores an analysed plain log (`sha256` is its hash) with its [`Extra`] rows,
/// then queues the new incident for the webhooks. The same log stored meanwhile by another
/// upload returns that incident (`false`).
pub async fn store_analysed(
    state: &AppState,
    filename: Option<String>,
    log: Vec<u8>,
    sha256: &str,
    analysis: Analysis,
    extra: &Extra,
) -> AppResult<(Incident, bool)> {
    let size = log.len() as i64;
    let redactions = crashdex_core::redact::count_markers(&log) as i64;
    let (compressed, analysis, key_text) = state
        .upload_work(move || -> AppResult<_> {
            let compressed =
                zstd::encode_all(log.as_slice(), ZSTD_LEVEL).map_err(AppError::internal)?;
            let key_text = crate::search::key_lines_text(&log, &analysis);
            Ok((compressed, analysis, key_text))
        })
        .await??;
    let stored = Stored {
        sha256,
        filename: filename.as_deref(),
        size,
        compressed: &compressed,
        redactions,
        analysis: &analysis,
        key_text: &key_text,
    };
    match store(&state.db, &stored, extra).await? {
        Some(id) => {
            tracing::info!(id, class = %analysis.error_class, "incident created");
            state.hooks.notify(id);
            Ok((incidents::get(&state.db, id).await?, true))
        }
        // another upload of the same bytes won the race
        None => match db::raw_logs::incident_for_sha256(&state.db, sha256).await? {
            Some(id) => Ok((incidents::get(&state.db, id).await?, false)),
            None => Err(AppError::Internal("raw log stored without incident".into())),
        },
    }
}

/// Inflates a gzip upload (see [`inflate_only`]) and redacts its secrets
/// ([`crashdex_core::redact`]): what is hashed, analysed and stored never holds them.
pub fn inflate(bytes: Vec<u8>, limit: u64) -> AppResult<Vec<u8>> {
    let log = inflate_only(bytes, limit)?;
    let redacted = match crashdex_core::redact::redact_bytes(&log) {
        (std::borrow::Cow::Owned(b), _) => Some(b),
        (std::borrow::Cow::Borrowed(_), _) => None,
    };
    Ok(redacted.unwrap_or(log))
}

/// Inflates a gzip upload (detected by its magic bytes) with `limit` on the inflated size, and
/// checks the plain log is neither empty nor over `limit`. A damaged gzip stream keeps what was
/// inflated before the damage; one that inflates to nothing is kept as the bytes sent.
pub fn inflate_only(bytes: Vec<u8>, limit: u64) -> AppResult<Vec<u8>> {
    let too_large = || AppError::TooLarge(crate::config::format_size(limit));
    if bytes.is_empty() {
        return Err(AppError::EmptyLog);
    }
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    if !crashdex_core::lines::is_gzip(&bytes) {
        return Ok(bytes);
    }
    let mut out = Vec::new();
    let decoder = flate2::read::MultiGzDecoder::new(bytes.as_slice());
    let result = decoder.take(limit.saturating_add(1)).read_to_end(&mut out);
    if out.len() as u64 > limit {
        return Err(too_large());
    }
    match result {
        Ok(_) if out.is_empty() => Err(AppError::EmptyLog),
        Ok(_) => Ok(out),
        Err(_) if out.is_empty() => Ok(bytes),
        Err(_) => Ok(out),
    }
}

/// Analyses a plain (already inflated) log, streaming it through the engine. A log that still
/// starts with the gzip magic (a gzip inside a gzip) is analysed as the bytes it is, never
/// inflated again, so nothing gets past the size cap and line numbers match the stored log.
pub fn analyze_plain(log: &[u8], index: &FindingsIndex) -> Analysis {
    if crashdex_core::lines::is_gzip(log) {
        let mut lines = Vec::new();
        // reading from memory cannot fail
        let _ = crashdex_core::lines::for_each_line(BufReader::new(log), |l| lines.push(l));
        return crashdex_core::analyze_lines(&lines, index);
    }
    crashdex_core::analyze(log, index)
}

/// Everything stored for a new incident.
struct Stored<'a> {
    sha256: &'a str,
    filename: Option<&'a str>,
    size: i64,
    compressed: &'a [u8],
    /// Secrets replaced in the log.
    redactions: i64,
    analysis: &'a Analysis,
    /// The text of the key lines, for search.
    key_text: &'a str,
}

/// Inserts the raw log, the incident, its matches and its [`Extra`] rows in one transaction.
/// `None` when the raw log already exists (nothing is written then).
async fn store(pool: &sqlx::SqlitePool, s: &Stored<'_>, extra: &Extra) -> AppResult<Option<i64>> {
    let a = s.analysis;
    let analysis_json = serde_json::to_string(a).map_err(AppError::internal)?;
    let verdict = a.verdict();
    let now = db::now();
    let mut tx = pool.begin().await?;
    let raw = db::raw_logs::NewRawLog {
        sha256: s.sha256,
        filename: s.filename,
        size: s.size,
        body: s.compressed,
        redactions: s.redactions,
        received_at: &now,
    };
    let Some(raw_log_id) = db::raw_logs::insert(&mut tx, &raw).await? else {
        return Ok(None);
    };
    let incident = db::incidents::NewIncident {
        raw_log_id,
        created_at: &now,
        crash: a.crash,
        verdict: &verdict,
        error_class: &a.error_class,
        phase: &a.phase,
        signature: &a.signature,
        fingerprint: &a.fingerprint,
        first_error_line: a.first_error.as_ref().map(|f| f.line as i64),
        first_error_text: a.first_error.as_ref().map(|f| f.text.as_str()),
        framework: a.env.framework.as_deref(),
        framework_version: a.env.framework_version.as_deref(),
        sm_arch: a.env.sm_arch.as_deref(),
        gpu_model: a.env.gpu_model.as_deref(),
        analysis_json: &analysis_json,
        top_finding: a.matches.first().map(|m| m.finding.as_str()),
    };
    let id = db::incidents::insert(&mut tx, &incident).await?;
    crate::problems::attach(&mut tx, id, &a.fingerprint, &a.signature, &now).await?;
    db::search::set_incident_key_lines(&mut tx, id, s.key_text).await?;
    let matches: Vec<(&str, f64)> = a
        .matches
        .iter()
        .map(|m| (m.finding.as_str(), m.score))
        .collect();
    db::matches::insert_all(&mut tx, id, &matches).await?;
    db::incident_meta::set(&mut tx, id, &extra.meta).await?;
    db::incident_meta::insert_parts(&mut tx, id, &extra.parts).await?;
    tx.commit().await?;
    Ok(Some(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(b: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b).unwrap();
        gz.finish().unwrap()
    }

    #[test]
    fn inflates_gzip_and_passes_plain_through() {
        assert_eq!(inflate(b"plain\n".to_vec(), 100).unwrap(), b"plain\n");
        assert_eq!(inflate(gzip(b"hello\n"), 100).unwrap(), b"hello\n");
    }

    #[test]
    fn rejects_empty_and_too_large() {
        assert!(matches!(inflate(vec![], 100), Err(AppError::EmptyLog)));
        assert!(matches!(inflate(gzip(b""), 100), Err(AppError::EmptyLog)));
        assert!(matches!(
            inflate(vec![b'a'; 101], 100),
            Err(AppError::TooLarge(_))
        ));
        // a small gzip that inflates past the limit
        let bomb = gzip(&vec![b'a'; 10_000]);
        assert!(bomb.len() < 100);
        assert!(matches!(inflate(bomb, 100), Err(AppError::TooLarge(_))));
    }

    #[test]
    fn keeps_damaged_gzip() {
        let mut gz = gzip(b"line one\nline two\n");
        gz.truncate(gz.len() - 6);
        let out = inflate(gz, 1000).unwrap();
        assert!(!out.is_empty());
        let junk = vec![0x1f, 0x8b, 0xff, 0x00, 0x41];
        assert_eq!(inflate(junk.clone(), 1000).unwrap(), junk);
    }

    #[test]
    fn never_inflates_twice() {
        let inner = gzip("RuntimeError: boom\n".repeat(1000).as_bytes());
        let a = analyze_plain(&inner, &FindingsIndex::empty());
        assert!(a.line_count < 1000, "the inner gzip was inflated");
    }

    #[test]
    fn analyses_binary_without_panicking() {
        let a = analyze_plain(
            b"\x00\xff\xfe garbage \x80\n<script>",
            &FindingsIndex::empty(),
        );
        assert_eq!(a.line_count, 2);
    }
}
