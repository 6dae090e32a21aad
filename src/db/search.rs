//! Full-text search over `incidents_fts` and `findings_fts` (FTS5): bm25 ranking, highlighted
//! snippets (matches wrapped in the sentinels of `search::snippet`), optional filters built with
//! [`QueryBuilder`]. `expr` is always an expression from `search::query::fts_expression`, never
//! user text.

use crate::search::query::Filters;
use sqlx::{QueryBuilder, Sqlite, SqliteConnection, SqlitePool};

/// Column weights of `incidents_fts` for bm25: signature, first_error, verdict, key_lines,
/// filename, env.
const INCIDENT_WEIGHTS: &str = "4.0, 6.0, 2.0, 1.0, 1.0, 1.0";
/// Column weights of `findings_fts` for bm25: finding_id, title, body, meta.
const FINDING_WEIGHTS: &str = "8.0, 6.0, 1.0, 2.0";

/// Tokens of context in a snippet.
const SNIPPET_TOKENS: u32 = 24;

/// One incident that matched.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IncidentHitRow {
    pub id: i64,
    pub created_at: String,
    pub verdict: String,
    pub error_class: String,
    pub phase: String,
    pub sm_arch: Option<String>,
    pub framework: Option<String>,
    pub framework_version: Option<String>,
    pub top_finding: Option<String>,
    /// The first error, with every match between sentinels.
    pub first_error: String,
    /// The best-matching passage of any column, with sentinels; empty without a text query.
    pub snippet: String,
    /// bm25 (lower is better); 0 without a text query.
    pub score: f64,
}

/// One finding that matched.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FindingHitRow {
    pub finding_id: String,
    /// The title, with every match between sentinels.
    pub title: String,
    /// The best-matching passage of the body or metadata, with sentinels.
    pub snippet: String,
    pub score: f64,
}

/// A finding as indexed.
#[derive(Debug, Clone)]
pub struct FindingDoc<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub body: &'a str,
    pub meta: String,
}

/// Replaces an incident's key-lines text (set at ingest, when the log is at hand).
pub async fn set_incident_key_lines(
    conn: &mut SqliteConnection,
    incident_id: i64,
    text: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE incidents_fts SET key_lines = ? WHERE rowid = ?")
        .bind(text)
        .bind(incident_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Rewrites `findings_fts` with `docs`, in one transaction.
pub async fn replace_findings(pool: &SqlitePool, docs: &[FindingDoc<'_>]) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query("DELETE FROM findings_fts")
        .execute(&mut *tx)
        .await?;
    for d in docs {
        sqlx::query("INSERT INTO findings_fts (finding_id, title, body, meta) VALUES (?, ?, ?, ?)")
            .bind(d.id)
            .bind(d.title)
            .bind(d.body)
            .bind(&d.meta)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

/// Whether the `problems` table (migrations/20260302000000_problems.sql) exists, so that
/// problems are searched and `status:` applies to incidents.
pub async fn has_problems(pool: &SqlitePool) -> sqlx::Result<bool> {
    sqlx::query_scalar::<_, i64>(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'problems'",
    )
    .fetch_one(pool)
    .await
    .map(|n| n > 0)
}

/// Appends `AND ...` for a problem status over the root problem `p`: `open` is unresolved,
/// any other status (`resolved`, `fixed`, ...) resolved.
fn push_problem_status(qb: &mut QueryBuilder<'_, Sqlite>, status: &str) {
    qb.push(if status == "open" {
        " AND p.resolved_at IS NULL"
    } else {
        " AND p.resolved_at IS NOT NULL"
    });
}

/// Appends the incident filters (`AND ...`) for a query over `incidents i`. `status` applies
/// through the incident's (root) problem, when there are problems.
fn push_incident_filters(qb: &mut QueryBuilder<'_, Sqlite>, f: &Filters, problems: bool) {
    if let (Some(status), true) = (&f.status, problems) {
        qb.push(
            " AND i.problem_id IN (SELECT p0.id FROM problems p0
                 JOIN problems p ON p.id = p0.root_id WHERE 1 = 1",
        );
        push_problem_status(qb, status);
        qb.push(")");
    }
    if let Some(v) = &f.class {
        qb.push(" AND i.error_class = ").push_bind(v.clone());
    }
    if let Some(v) = &f.phase {
        qb.push(" AND i.phase = ").push_bind(v.clone());
    }
    if let Some(v) = &f.framework {
        qb.push(" AND lower(i.framework) = ").push_bind(v.clone());
    }
    if let Some(v) = &f.arch {
        match v.strip_suffix('*') {
            // a prefix compared exactly, since `_` in `sm_12` is a LIKE wildcard
            Some(prefix) => {
                qb.push(" AND substr(lower(i.sm_arch), 1, ")
                    .push_bind(prefix.chars().count() as i64)
                    .push(") = ")
                    .push_bind(prefix.to_string());
            }
            None => {
                qb.push(" AND lower(i.sm_arch) = ").push_bind(v.clone());
            }
        }
    }
    if let Some(v) = &f.since {
        qb.push(" AND i.created_at >= ").push_bind(v.clone());
    }
}

const INCIDENT_COLUMNS: &str = "i.id, i.created_at, i.verdict, i.error_class, i.phase,
    i.sm_arch, i.framework, i.framework_version, i.top_finding";

/// The best `limit` incidents for the FTS expression `expr` that pass `filters`, best first.
pub async fn incidents(
    pool: &SqlitePool,
    expr: &str,
    filters: &Filters,
    problems: bool,
    limit: i64,
) -> sqlx::Result<Vec<IncidentHitRow>> {
    let mut qb = QueryBuilder::<Sqlite>::new(format!(
        "SELECT {INCIDENT_COLUMNS},
             highlight(incidents_fts, 1, char(57344), char(57345)) AS first_error,
             snippet(incidents_fts, -1, char(57344), char(57345), '…', {SNIPPET_TOKENS}) AS snippet,
             bm25(incidents_fts, {INCIDENT_WEIGHTS}) AS score
         FROM incidents_fts JOIN incidents i ON i.id = incidents_fts.rowid
         WHERE incidents_fts MATCH "
    ));
    qb.push_bind(expr.to_string());
    push_incident_filters(&mut qb, filters, problems);
    qb.push(" ORDER BY score LIMIT ").push_bind(limit);
    qb.build_query_as::<IncidentHitRow>().fetch_all(pool).await
}

/// How many incidents match `expr` and pass `filters`.
pub async fn count_incidents(
    pool: &SqlitePool,
    expr: &str,
    filters: &Filters,
    problems: bool,
) -> sqlx::Result<i64> {
    let mut qb = QueryBuilder::<Sqlite>::new(
        "SELECT count(*) FROM incidents_fts JOIN incidents i ON i.id = incidents_fts.rowid
         WHERE incidents_fts MATCH ",
    );
    qb.push_bind(expr.to_string());
    push_incident_filters(&mut qb, filters, problems);
    qb.build_query_scalar::<i64>().fetch_one(pool).await
}

/// The newest `limit` incidents that pass `filters` (a search with filters and no text).
pub async fn filtered_incidents(
    pool: &SqlitePool,
    filters: &Filters,
    problems: bool,
    limit: i64,
) -> sqlx::Result<Vec<IncidentHitRow>> {
    let mut qb = QueryBuilder::<Sqlite>::new(format!(
        "SELECT {INCIDENT_COLUMNS}, coalesce(i.first_error_text, '') AS first_error,
             '' AS snippet, 0.0 AS score
         FROM incidents i WHERE 1 = 1"
    ));
    push_incident_filters(&mut qb, filters, problems);
    qb.push(" ORDER BY i.id DESC LIMIT ").push_bind(limit);
    qb.build_query_as::<IncidentHitRow>().fetch_all(pool).await
}

/// How many incidents pass `filters`.
pub async fn count_filtered_incidents(
    pool: &SqlitePool,
    filters: &Filters,
    problems: bool,
) -> sqlx::Result<i64> {
    let mut qb = QueryBuilder::<Sqlite>::new("SELECT count(*) FROM incidents i WHERE 1 = 1");
    push_incident_filters(&mut qb, filters, problems);
    qb.build_query_scalar::<i64>().fetch_one(pool).await
}

/// Every finding that matches `expr`, best first (there are few; filters apply afterwards,
/// on the loaded findings).
pub async fn findings(pool: &SqlitePool, expr: &str) -> sqlx::Result<Vec<FindingHitRow>> {
    sqlx::query_as::<_, FindingHitRow>(&format!(
        "SELECT finding_id,
             highlight(findings_fts, 1, char(57344), char(57345)) AS title,
             snippet(findings_fts, -1, char(57344), char(57345), '…', {SNIPPET_TOKENS}) AS snippet,
             bm25(findings_fts, {FINDING_WEIGHTS}) AS score
         FROM findings_fts WHERE findings_fts MATCH ? ORDER BY score"
    ))
    .bind(expr)
    .fetch_all(pool)
    .await
}

/// One (root) problem whose incidents matched.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProblemHitRow {
    pub id: i64,
    pub title: String,
    pub signature: String,
    pub resolved_at: Option<String>,
    pub resolved_finding: Option<String>,
    /// Its incidents that matched.
    pub matched: i64,
    pub last_seen: String,
    /// The best bm25 of its incidents (0 without a text query).
    pub score: f64,
    /// How many problems matched in all.
    pub total: i64,
}

/// The best `limit` root problems whose incidents match `expr` (all, without one) and pass
/// `filters`; each row carries the number of matching problems.
pub async fn problems(
    pool: &SqlitePool,
    expr: Option<&str>,
    filters: &Filters,
    limit: i64,
) -> sqlx::Result<Vec<ProblemHitRow>> {
    // MATERIALIZED: bm25() may not be flattened into the aggregate below
    let mut qb = QueryBuilder::<Sqlite>::new("WITH m AS MATERIALIZED (");
    match expr {
        Some(expr) => {
            qb.push(format!(
                "SELECT i.id, i.problem_id, i.created_at,
                     bm25(incidents_fts, {INCIDENT_WEIGHTS}) AS score
                 FROM incidents_fts JOIN incidents i ON i.id = incidents_fts.rowid
                 WHERE incidents_fts MATCH "
            ))
            .push_bind(expr.to_string());
        }
        None => {
            qb.push(
                "SELECT i.id, i.problem_id, i.created_at, 0.0 AS score FROM incidents i
                 WHERE 1 = 1",
            );
        }
    }
    push_incident_filters(
        &mut qb,
        &Filters {
            status: None,
            ..filters.clone()
        },
        false,
    );
    qb.push(
        ")
         SELECT p.id, p.title, p.signature, p.resolved_at, p.resolved_finding,
             count(*) AS matched, max(m.created_at) AS last_seen, min(m.score) AS score,
             count(*) OVER () AS total
         FROM m JOIN problems p0 ON p0.id = m.problem_id JOIN problems p ON p.id = p0.root_id
         WHERE 1 = 1",
    );
    if let Some(status) = &filters.status {
        push_problem_status(&mut qb, status);
    }
    qb.push(" GROUP BY p.id ORDER BY score, last_seen DESC LIMIT ")
        .push_bind(limit);
    qb.build_query_as::<ProblemHitRow>().fetch_all(pool).await
}
