//! `incidents`: one per raw log, with the stored analysis and the columns lists need.

use sqlx::{SqliteConnection, SqlitePool};

/// An incident about to be stored.
#[derive(Debug)]
pub struct NewIncident<'a> {
    pub raw_log_id: i64,
    pub created_at: &'a str,
    pub crash: bool,
    pub verdict: &'a str,
    pub error_class: &'a str,
    pub phase: &'a str,
    pub signature: &'a str,
    pub fingerprint: &'a str,
    pub first_error_line: Option<i64>,
    pub first_error_text: Option<&'a str>,
    pub framework: Option<&'a str>,
    pub framework_version: Option<&'a str>,
    pub sm_arch: Option<&'a str>,
    pub gpu_model: Option<&'a str>,
    pub analysis_json: &'a str,
    pub top_finding: Option<&'a str>,
}

/// Inserts an incident and returns its id.
pub async fn insert(conn: &mut SqliteConnection, i: &NewIncident<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar::<_, i64>(
        "INSERT INTO incidents (raw_log_id, created_at, crash, verdict, error_class, phase,
             signature, fingerprint, first_error_line, first_error_text, framework,
             framework_version, sm_arch, gpu_model, analysis_json, top_finding)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         RETURNING id",
    )
    .bind(i.raw_log_id)
    .bind(i.created_at)
    .bind(i.crash)
    .bind(i.verdict)
    .bind(i.error_class)
    .bind(i.phase)
    .bind(i.signature)
    .bind(i.fingerprint)
    .bind(i.first_error_line)
    .bind(i.first_error_text)
    .bind(i.framework)
    .bind(i.framework_version)
    .bind(i.sm_arch)
    .bind(i.gpu_model)
    .bind(i.analysis_json)
    .bind(i.top_finding)
    .fetch_one(conn)
    .await
}

/// One incident with its raw log's metadata (not its body).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IncidentRow {
    pub id: i64,
    pub created_at: String,
    pub filename: Option<String>,
    pub size: i64,
    pub sha256: String,
    pub redactions: i64,
    pub analysis_json: String,
}

/// An incident by id.
pub async fn get(pool: &SqlitePool, id: i64) -> sqlx::Result<Option<IncidentRow>> {
    sqlx::query_as::<_, IncidentRow>(
        "SELECT i.id, i.created_at, r.filename, r.size, r.sha256, r.redactions, i.analysis_json
         FROM incidents i JOIN raw_logs r ON r.id = i.raw_log_id WHERE i.id = ?",
    )
    .bind(id)
    .fetch_optional(pool)
    .await
}

/// The columns an incident list shows.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SummaryRow {
    pub id: i64,
    pub created_at: String,
    pub filename: Option<String>,
    pub size: i64,
    pub crash: bool,
    pub verdict: String,
    pub error_class: String,
    pub phase: String,
    pub signature: String,
    pub fingerprint: String,
    pub first_error_line: Option<i64>,
    pub first_error_text: Option<String>,
    pub top_finding: Option<String>,
}

const SUMMARY_SELECT: &str = "SELECT i.id, i.created_at, r.filename, r.size, i.crash, i.verdict,
        i.error_class, i.phase, i.signature, i.fingerprint, i.first_error_line,
        i.first_error_text, i.top_finding
    FROM incidents i JOIN raw_logs r ON r.id = i.raw_log_id";

/// A page of incidents, newest first.
pub async fn list_page(
    pool: &SqlitePool,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<SummaryRow>> {
    sqlx::query_as::<_, SummaryRow>(&format!(
        "{SUMMARY_SELECT} ORDER BY i.id DESC LIMIT ? OFFSET ?"
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await
}

/// Incidents older than `before` (an incident id; all when `None`), newest first.
pub async fn list_before(
    pool: &SqlitePool,
    before: Option<i64>,
    limit: i64,
) -> sqlx::Result<Vec<SummaryRow>> {
    sqlx::query_as::<_, SummaryRow>(&format!(
        "{SUMMARY_SELECT} WHERE i.id < ? ORDER BY i.id DESC LIMIT ?"
    ))
    .bind(before.unwrap_or(i64::MAX))
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// The number of incidents.
pub async fn count(pool: &SqlitePool) -> sqlx::Result<i64> {
    sqlx::query_scalar::<_, i64>("SELECT count(*) FROM incidents")
        .fetch_one(pool)
        .await
}
