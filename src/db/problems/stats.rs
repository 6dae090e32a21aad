//! Reads that summarise problems: stats over their incidents, occurrences per day, top findings,
//! the incidents of a problem, and the text of earlier incidents for similarity.

use super::{ProblemRow, PROBLEM_COLUMNS};
use sqlx::SqlitePool;

/// A problem with what its incidents say: how many, when, on which GPUs and frameworks.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StatsRow {
    #[sqlx(flatten)]
    pub problem: ProblemRow,
    pub count: i64,
    pub first_seen: String,
    pub last_seen: String,
    /// Distinct `sm_arch` values, comma-separated.
    pub archs: Option<String>,
    /// Distinct `framework version` values, comma-separated.
    pub frameworks: Option<String>,
}

/// Root problems with their stats (over `WHERE {filter}` on the root id, after the CTEs `ctes`),
/// newest activity first.
fn stats_sql(ctes: &str, filter: &str) -> String {
    format!(
        "WITH {ctes} s AS (
             SELECT p.root_id AS rid, count(*) AS count, min(i.created_at) AS first_seen,
                 max(i.created_at) AS last_seen, group_concat(DISTINCT i.sm_arch) AS archs,
                 group_concat(DISTINCT i.framework || coalesce(' ' || i.framework_version, ''))
                     AS frameworks
             FROM incidents i JOIN problems p ON p.id = i.problem_id
             WHERE {filter}
             GROUP BY p.root_id
         )
         SELECT {PROBLEM_COLUMNS}, s.count, s.first_seen, s.last_seen, s.archs, s.frameworks
         FROM s JOIN problems p ON p.id = s.rid
         ORDER BY s.last_seen DESC, p.id DESC"
    )
}

/// A page of root problems that have incidents, most recently seen first. The page is chosen
/// first from `(problem_id, created_at)` alone (an index-only scan), so the stats are computed
/// for its problems only: with 100,000 incidents in 5,000 problems this is ~20 ms, not ~160.
pub async fn list_stats(pool: &SqlitePool, limit: i64, offset: i64) -> sqlx::Result<Vec<StatsRow>> {
    let page = "page AS (
            SELECT p.root_id AS rid, max(i.created_at) AS last
            FROM incidents i JOIN problems p ON p.id = i.problem_id
            GROUP BY p.root_id ORDER BY last DESC, rid DESC LIMIT ? OFFSET ?
        ),";
    sqlx::query_as::<_, StatsRow>(&stats_sql(page, "p.root_id IN (SELECT rid FROM page)"))
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await
}

/// The stats of root problem `root` (`None` when it has no incidents).
pub async fn stats(pool: &SqlitePool, root: i64) -> sqlx::Result<Option<StatsRow>> {
    sqlx::query_as::<_, StatsRow>(&stats_sql("", "p.root_id = ?"))
        .bind(root)
        .fetch_optional(pool)
        .await
}

/// The number of root problems that have incidents.
pub async fn count_roots(pool: &SqlitePool) -> sqlx::Result<i64> {
    sqlx::query_scalar::<_, i64>(
        "SELECT count(DISTINCT p.root_id) FROM incidents i JOIN problems p ON p.id = i.problem_id",
    )
    .fetch_one(pool)
    .await
}

/// Incidents per root problem and day (`YYYY-MM-DD`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DayRow {
    pub root_id: i64,
    pub day: String,
    pub count: i64,
}

/// Incidents per day since `since` (`YYYY-MM-DD`) for the root problems `roots`.
pub async fn daily(pool: &SqlitePool, roots: &[i64], since: &str) -> sqlx::Result<Vec<DayRow>> {
    sqlx::query_as::<_, DayRow>(
        "SELECT p.root_id, substr(i.created_at, 1, 10) AS day, count(*) AS count
         FROM incidents i JOIN problems p ON p.id = i.problem_id
         WHERE p.root_id IN (SELECT value FROM json_each(?)) AND i.created_at >= ?
         GROUP BY p.root_id, day ORDER BY p.root_id, day",
    )
    .bind(ids_json(roots))
    .bind(since)
    .fetch_all(pool)
    .await
}

/// How often each finding was the top match, per root problem.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FindingCountRow {
    pub root_id: i64,
    pub finding: String,
    pub count: i64,
}

/// The top findings of the incidents of the root problems `roots`, most frequent first.
pub async fn top_findings(pool: &SqlitePool, roots: &[i64]) -> sqlx::Result<Vec<FindingCountRow>> {
    sqlx::query_as::<_, FindingCountRow>(
        "SELECT p.root_id, i.top_finding AS finding, count(*) AS count
         FROM incidents i JOIN problems p ON p.id = i.problem_id
         WHERE p.root_id IN (SELECT value FROM json_each(?)) AND i.top_finding IS NOT NULL
         GROUP BY p.root_id, i.top_finding ORDER BY p.root_id, count DESC, i.top_finding",
    )
    .bind(ids_json(roots))
    .fetch_all(pool)
    .await
}

fn ids_json(ids: &[i64]) -> String {
    let list: Vec<String> = ids.iter().map(i64::to_string).collect();
    format!("[{}]", list.join(","))
}

/// An incident as a problem page lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MemberRow {
    pub id: i64,
    pub created_at: String,
    pub verdict: String,
    pub fingerprint: String,
    pub first_error_text: Option<String>,
    pub sm_arch: Option<String>,
    pub framework: Option<String>,
    pub framework_version: Option<String>,
    pub top_finding: Option<String>,
    /// The problem the incident is attached to (differs from the root for merged problems).
    pub problem_id: i64,
}

/// The incidents of a problem, newest first: of its whole tree when `tree` (the problem is a
/// root), else only those attached to it. `exclude` leaves one incident out.
pub async fn members(
    pool: &SqlitePool,
    id: i64,
    tree: bool,
    exclude: Option<i64>,
    limit: i64,
) -> sqlx::Result<Vec<MemberRow>> {
    let filter = if tree { "p.root_id = ?" } else { "p.id = ?" };
    sqlx::query_as::<_, MemberRow>(&format!(
        "SELECT i.id, i.created_at, i.verdict, i.fingerprint, i.first_error_text, i.sm_arch,
             i.framework, i.framework_version, i.top_finding, i.problem_id
         FROM incidents i JOIN problems p ON p.id = i.problem_id
         WHERE {filter} AND i.id != ? ORDER BY i.id DESC LIMIT ?"
    ))
    .bind(id)
    .bind(exclude.unwrap_or(-1))
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// Whether an incident older than `incident_id` shows under root `root` or has `fingerprint`.
pub async fn has_earlier(
    pool: &SqlitePool,
    incident_id: i64,
    root: i64,
    fingerprint: &str,
) -> sqlx::Result<bool> {
    sqlx::query_scalar::<_, bool>(
        "SELECT EXISTS (
             SELECT 1 FROM incidents i LEFT JOIN problems p ON p.id = i.problem_id
             WHERE i.id < ? AND (p.root_id = ? OR i.fingerprint = ?)
         )",
    )
    .bind(incident_id)
    .bind(root)
    .bind(fingerprint)
    .fetch_one(pool)
    .await
}

/// The text of an earlier incident, for similarity.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TextRow {
    pub id: i64,
    pub created_at: String,
    pub signature: String,
    pub error_class: String,
    pub first_error_text: Option<String>,
    pub root_id: Option<i64>,
    /// The text of its key lines, as search indexed it (`incidents_fts.key_lines`).
    pub key_lines: Option<String>,
}

/// Up to `limit` incidents older than `before`, newest first (bounded on purpose).
pub async fn texts_before(
    pool: &SqlitePool,
    before: i64,
    limit: i64,
) -> sqlx::Result<Vec<TextRow>> {
    sqlx::query_as::<_, TextRow>(
        "SELECT i.id, i.created_at, i.signature, i.error_class, i.first_error_text, p.root_id,
             f.key_lines
         FROM incidents i LEFT JOIN problems p ON p.id = i.problem_id
             LEFT JOIN incidents_fts f ON f.rowid = i.id
         WHERE i.id < ? ORDER BY i.id DESC LIMIT ?",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(pool)
    .await
}
