//! `raw_logs`: the uploaded logs, zstd-compressed, deduplicated by SHA-256.

use sqlx::{SqliteConnection, SqlitePool};

/// A raw log about to be stored.
#[derive(Debug)]
pub struct NewRawLog<'a> {
    pub sha256: &'a str,
    pub filename: Option<&'a str>,
    pub size: i64,
    /// The zstd-compressed log.
    pub body: &'a [u8],
    /// Secrets replaced in the log before it was stored.
    pub redactions: i64,
    pub received_at: &'a str,
}

/// Inserts a raw log; `None` when a log with the same SHA-256 is already stored.
pub async fn insert(conn: &mut SqliteConnection, log: &NewRawLog<'_>) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar::<_, i64>(
        "INSERT INTO raw_logs (sha256, filename, size, body, redactions, received_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (sha256) DO NOTHING
         RETURNING id",
    )
    .bind(log.sha256)
    .bind(log.filename)
    .bind(log.size)
    .bind(log.body)
    .bind(log.redactions)
    .bind(log.received_at)
    .fetch_optional(conn)
    .await
}

/// The incident made from the log with this SHA-256, if any.
pub async fn incident_for_sha256(pool: &SqlitePool, sha256: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar::<_, i64>(
        "SELECT i.id FROM incidents i JOIN raw_logs r ON r.id = i.raw_log_id WHERE r.sha256 = ?",
    )
    .bind(sha256)
    .fetch_optional(pool)
    .await
}

/// The stored (compressed) body and file name of an incident's log.
#[derive(Debug, sqlx::FromRow)]
pub struct BodyRow {
    pub filename: Option<String>,
    pub body: Vec<u8>,
}

/// The compressed log of an incident.
pub async fn body_for_incident(
    pool: &SqlitePool,
    incident_id: i64,
) -> sqlx::Result<Option<BodyRow>> {
    sqlx::query_as::<_, BodyRow>(
        "SELECT r.filename, r.body FROM raw_logs r JOIN incidents i ON i.raw_log_id = r.id
         WHERE i.id = ?",
    )
    .bind(incident_id)
    .fetch_optional(pool)
    .await
}
