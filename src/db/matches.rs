//! `incident_findings`: which findings each incident matched, for "incidents that matched this
//! finding".

use sqlx::{SqliteConnection, SqlitePool};

/// Records the findings an incident matched, with their scores.
pub async fn insert_all(
    conn: &mut SqliteConnection,
    incident_id: i64,
    matches: &[(&str, f64)],
) -> sqlx::Result<()> {
    for (finding, score) in matches {
        sqlx::query(
            "INSERT INTO incident_findings (incident_id, finding_id, score) VALUES (?, ?, ?)
             ON CONFLICT (incident_id, finding_id) DO UPDATE SET score = max(score, excluded.score)",
        )
        .bind(incident_id)
        .bind(finding)
        .bind(score)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// An incident that matched a finding.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FindingIncidentRow {
    pub id: i64,
    pub created_at: String,
    pub verdict: String,
    pub first_error_text: Option<String>,
    pub score: f64,
}

/// The incidents that matched `finding_id`, newest first.
pub async fn incidents_for_finding(
    pool: &SqlitePool,
    finding_id: &str,
    limit: i64,
) -> sqlx::Result<Vec<FindingIncidentRow>> {
    sqlx::query_as::<_, FindingIncidentRow>(
        "SELECT i.id, i.created_at, i.verdict, i.first_error_text, m.score
         FROM incident_findings m JOIN incidents i ON i.id = m.incident_id
         WHERE m.finding_id = ? ORDER BY i.id DESC LIMIT ?",
    )
    .bind(finding_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}
