//! What the REST API adds to `incidents`: the uploader's metadata (`source`, `job`, `host`,
//! `labels`), the files of a multi-file incident (`incident_parts`) and the filtered list.

use super::incidents::SummaryRow;
use sqlx::{QueryBuilder, Sqlite, SqliteConnection, SqlitePool};

/// An incident's metadata as given by the uploader; `labels` is a JSON array.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct MetaRow {
    pub source: Option<String>,
    pub job: Option<String>,
    pub host: Option<String>,
    pub labels: Option<String>,
}

/// Sets an incident's metadata.
pub async fn set(conn: &mut SqliteConnection, id: i64, m: &MetaRow) -> sqlx::Result<()> {
    sqlx::query("UPDATE incidents SET source = ?, job = ?, host = ?, labels = ? WHERE id = ?")
        .bind(&m.source)
        .bind(&m.job)
        .bind(&m.host)
        .bind(&m.labels)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// An incident's metadata (all `None` for an unknown id).
pub async fn get(pool: &SqlitePool, id: i64) -> sqlx::Result<MetaRow> {
    Ok(
        sqlx::query_as::<_, MetaRow>(
            "SELECT source, job, host, labels FROM incidents WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?
        .unwrap_or_default(),
    )
}

/// One file of a multi-file incident.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PartRow {
    pub idx: i64,
    pub filename: Option<String>,
    pub rank: Option<i64>,
    pub culprit: bool,
    pub sha256: String,
    pub byte_start: i64,
    pub size: i64,
    pub line_start: i64,
    pub crash: bool,
    pub error_class: String,
    pub first_error_line: Option<i64>,
    pub first_error_text: Option<String>,
}

/// Stores the files of an incident.
pub async fn insert_parts(
    conn: &mut SqliteConnection,
    incident_id: i64,
    parts: &[PartRow],
) -> sqlx::Result<()> {
    for p in parts {
        sqlx::query(
            "INSERT INTO incident_parts (incident_id, idx, filename, rank, culprit, sha256,
                 byte_start, size, line_start, crash, error_class, first_error_line,
                 first_error_text)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(incident_id)
        .bind(p.idx)
        .bind(&p.filename)
        .bind(p.rank)
        .bind(p.culprit)
        .bind(&p.sha256)
        .bind(p.byte_start)
        .bind(p.size)
        .bind(p.line_start)
        .bind(p.crash)
        .bind(&p.error_class)
        .bind(p.first_error_line)
        .bind(&p.first_error_text)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The files of an incident, in upload order (empty for a single-file incident).
pub async fn parts(pool: &SqlitePool, incident_id: i64) -> sqlx::Result<Vec<PartRow>> {
    sqlx::query_as::<_, PartRow>(
        "SELECT idx, filename, rank, culprit, sha256, byte_start, size, line_start, crash,
             error_class, first_error_line, first_error_text
         FROM incident_parts WHERE incident_id = ? ORDER BY idx",
    )
    .bind(incident_id)
    .fetch_all(pool)
    .await
}

/// How many incidents before `id` have this fingerprint (0: `id` is a new problem).
pub async fn earlier_with_fingerprint(
    pool: &SqlitePool,
    fingerprint: &str,
    id: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar::<_, i64>("SELECT count(*) FROM incidents WHERE fingerprint = ? AND id < ?")
        .bind(fingerprint)
        .bind(id)
        .fetch_one(pool)
        .await
}

/// The filters of the API's incident list; `None` means "any".
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    pub class: Option<String>,
    pub finding: Option<String>,
    pub source: Option<String>,
    /// RFC 3339 UTC, as stored: incidents created at or after it.
    pub since: Option<String>,
    /// Incidents with an id below this (the cursor).
    pub before: Option<i64>,
}

/// Incidents matching `f`, newest first, at most `limit`.
pub async fn list_filtered(
    pool: &SqlitePool,
    f: &ListFilter,
    limit: i64,
) -> sqlx::Result<Vec<SummaryRow>> {
    let mut q: QueryBuilder<Sqlite> = QueryBuilder::new(
        "SELECT i.id, i.created_at, r.filename, r.size, i.crash, i.verdict,
            i.error_class, i.phase, i.signature, i.fingerprint, i.first_error_line,
            i.first_error_text, i.top_finding
         FROM incidents i JOIN raw_logs r ON r.id = i.raw_log_id WHERE i.id < ",
    );
    q.push_bind(f.before.unwrap_or(i64::MAX));
    if let Some(class) = &f.class {
        q.push(" AND i.error_class = ").push_bind(class);
    }
    if let Some(source) = &f.source {
        q.push(" AND i.source = ").push_bind(source);
    }
    if let Some(since) = &f.since {
        q.push(" AND i.created_at >= ").push_bind(since);
    }
    if let Some(finding) = &f.finding {
        q.push(
            " AND EXISTS (SELECT 1 FROM incident_findings m
                          WHERE m.incident_id = i.id AND m.finding_id = ",
        )
        .push_bind(finding)
        .push(")");
    }
    q.push(" ORDER BY i.id DESC LIMIT ").push_bind(limit);
    q.build_query_as::<SummaryRow>().fetch_all(pool).await
}
