//! Full-text search over `incidents_fts` and `findings_fts` (FTS5): bm25 ranking, highlighted
//! snippets (matches wrapped in the sentinels of `search::snippet`), optional filters built with
//! [`QueryBuilder`]. `expr` is always an expression from `search::query::fts_expression`, never
//! user text.
//!
//! Incidents are searched in two steps so the cost stays bounded as the table grows: the newest
//! matching incidents are ranked by bm25 ([`candidates`]), then only the best few are read
//! for display ([`incident_hits`]; the caller marks the matches). Counting stops at a cap
//! ([`count_incidents`]).

use crate::search::query::Filters;
use sqlx::{QueryBuilder, Sqlite, SqliteConnection, SqlitePool};

/// Column weights of `incidents_fts` for bm25: signature, first_error, verdict, key_lines,
/// filename, env.
const INCIDENT_WEIGHTS: &str = "4.0, 6.0, 2.0, 1.0, 1.0, 1.0";
/// Column weights of `findings_fts` for bm25: finding_id, title, body, meta.
const FINDING_WEIGHTS: &str = "8.0, 6.0, 1.0, 2.0";

/// Tokens of context in a snippet.
pub const SNIPPET_TOKENS: u32 = 24;

/// A matching incident before its snippets: what ranking and grouping need.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CandidateRow {
    pub id: i64,
    /// bm25 (lower is better); 0 without a text query.
    pub score: f64,
    pub problem_id: Option<i64>,
    pub created_at: String,
}

/// One incident that matched, ready to show.
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
    /// The indexed columns of `incidents_fts`, in its order (signature, first error, verdict,
    /// key lines, file name, environment).
    pub text_signature: String,
    pub text_first_error: String,
    pub text_verdict: String,
    pub text_key_lines: String,
    pub text_filename: String,
    pub text_env: String,
}

impl IncidentHitRow {
    /// The indexed columns, in the order of `incidents_fts`.
    pub fn texts(&self) -> [&str; 6] {
        [
            &self.text_signature,
            &self.text_first_error,
            &self.text_verdict,
            &self.text_key_lines,
            &self.text_filename,
            &self.text_env,
        ]
    }
}

/// One finding that matched.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FindingHitRow {
    pub finding_id: String,
    /// The title, with every match between sentinels.
    pub title: String,
    /// A passage of the body (its best match, or its start when only the title or the
    /// metadata matched), with sentinels.
    pub snippet: String,
    pub score: f64,
}

/// A problem an incident belongs to, with the surviving (root) problem it shows under.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RootProblemRow {
    /// The incident's own problem.
    pub problem_id: i64,
    /// The root problem's id and what a hit shows of it.
    pub id: i64,
    pub title: String,
    pub signature: String,
    pub resolved_at: Option<String>,
    pub resolved_finding: Option<String>,
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

/// Appends the incident filters (`AND ...`) for a query over `incidents i` (read through
/// [`FACETS`], which holds every column used here). `status` applies
/// through the incident's (root) problem, when there are problems: `open` is unresolved, any
/// other status (`resolved`, `fixed`, ...) resolved.
///
/// `rowid` is the column the scan walks (`incidents_fts.rowid` or `i.id`): `since` also bounds
/// it from below, which is exact (the oldest id created since then) and lets the scan stop
/// early, as ids grow with time at ingest.
fn push_incident_filters(
    qb: &mut QueryBuilder<'_, Sqlite>,
    f: &Filters,
    problems: bool,
    rowid: &str,
) {
    if let (Some(status), true) = (&f.status, problems) {
        // `+`: a check on each match, not an index probe per listed problem for each match
        qb.push(
            " AND +i.problem_id IN (SELECT p0.id FROM problems p0
                 JOIN problems p ON p.id = p0.root_id WHERE p.resolved_at IS ",
        );
        qb.push(if status == "open" {
            "NULL)"
        } else {
            "NOT NULL)"
        });
    }
    // the engine writes these in lower case, so the indexes apply
    for (column, value) in [
        ("error_class", &f.class),
        ("phase", &f.phase),
        ("framework", &f.framework),
    ] {
        if let Some(v) = value {
            qb.push(format!(" AND i.{column} = ")).push_bind(v.clone());
        }
    }
    if let Some(v) = &f.arch {
        match v.strip_suffix('*') {
            // a prefix as a range, since `_` in `sm_12` is a LIKE wildcard
            Some(prefix) => {
                qb.push(" AND i.sm_arch >= ")
                    .push_bind(prefix.to_string())
                    .push(" AND i.sm_arch < ")
                    .push_bind(format!("{prefix}\u{10FFFF}"));
            }
            None => {
                qb.push(" AND i.sm_arch = ").push_bind(v.clone());
            }
        }
    }
    if let Some(v) = &f.since {
        qb.push(" AND i.created_at >= ").push_bind(v.clone());
        qb.push(format!(
            " AND {rowid} >= (SELECT min(x.id) FROM incidents x INDEXED BY incidents_created_at
                 WHERE x.created_at >= "
        ))
        .push_bind(v.clone())
        .push(")");
    }
}

/// `incidents i` through its covering index of the searched columns
/// (migrations/20260308000000_incidents_facets.sql): the rows themselves are large (their
/// analysis JSON), so filtering or ranking through the table reads a page per match.
const FACETS: &str = "incidents i INDEXED BY incidents_facets";

/// `FROM ... WHERE ...` over the incidents that pass `filters`, for a search without text,
/// ready for more `AND`s; returns the id column to order by. One equality filter drives the
/// scan through its own `(column, id)` index (few entries when it is rare, newest first
/// either way) and [`FACETS`] checks the rest; without one, [`FACETS`] is scanned newest first.
fn push_filtered_incidents(qb: &mut QueryBuilder<'_, Sqlite>, f: &Filters) -> &'static str {
    let exact_arch = f.arch.as_ref().filter(|a| !a.ends_with('*'));
    let driver = [
        ("error_class", f.class.as_ref()),
        ("sm_arch", exact_arch),
        ("phase", f.phase.as_ref()),
        ("framework", f.framework.as_ref()),
    ]
    .into_iter()
    .find_map(|(column, value)| value.map(|v| (column, v.clone())));
    match driver {
        Some((column, value)) => {
            qb.push(format!(
                " FROM incidents d JOIN {FACETS} ON i.id = d.id WHERE d.{column} = "
            ))
            .push_bind(value);
            "d.id"
        }
        None => {
            qb.push(format!(" FROM {FACETS} WHERE 1 = 1"));
            "i.id"
        }
    }
}

/// The join to `incidents i` that filters need next to `incidents_fts`.
fn join_for(filters: &Filters) -> String {
    if filters.is_empty() {
        String::new()
    } else {
        format!(" JOIN {FACETS} ON i.id = incidents_fts.rowid")
    }
}

/// The newest `newest` incidents that match `expr` (all incidents, without one) and pass
/// `filters`, newest first, each with its bm25 score, problem and time.
///
/// bm25 weighs each phrase by how many incidents hold it, which FTS5 counts by walking the
/// phrase's whole doclist: for a pasted line of common words that walk is most of the cost of
/// a search (20-30 ms on 100,000 incidents). With `rank`, a few of the same terms, the matches
/// are found by `expr` unranked and then scored by bm25 over `rank` alone, which walks only
/// those terms' doclists. `rank` must be terms of an all-terms `expr`, so that every match of
/// `expr` matches it.
pub async fn candidates(
    pool: &SqlitePool,
    expr: Option<&str>,
    rank: Option<&str>,
    filters: &Filters,
    problems: bool,
    newest: i64,
) -> sqlx::Result<Vec<CandidateRow>> {
    let problem = if problems { "i.problem_id" } else { "NULL" };
    let mut qb = match expr {
        Some(expr) => {
            // FTS5 walks its doclists newest first and stops after `newest` matches
            let score = match rank {
                Some(_) => "0.0".to_string(),
                None => format!("bm25(incidents_fts, {INCIDENT_WEIGHTS})"),
            };
            let mut qb = QueryBuilder::<Sqlite>::new(format!(
                "WITH m AS MATERIALIZED (
                     SELECT incidents_fts.rowid AS id, {score} AS score
                     FROM incidents_fts{}
                     WHERE incidents_fts MATCH ",
                join_for(filters)
            ));
            qb.push_bind(expr.to_string());
            push_incident_filters(&mut qb, filters, problems, "incidents_fts.rowid");
            qb.push(" ORDER BY incidents_fts.rowid DESC LIMIT ")
                .push_bind(newest);
            qb.push(format!(
                ")
                 SELECT m.id, m.score, {problem} AS problem_id, i.created_at
                 FROM m JOIN {FACETS} ON i.id = m.id
                 ORDER BY m.id DESC"
            ));
            qb
        }
        None => {
            let mut qb = QueryBuilder::<Sqlite>::new(format!(
                "SELECT i.id, 0.0 AS score, {problem} AS problem_id, i.created_at"
            ));
            let id = push_filtered_incidents(&mut qb, filters);
            push_incident_filters(&mut qb, filters, problems, id);
            qb.push(format!(" ORDER BY {id} DESC LIMIT "))
                .push_bind(newest);
            qb
        }
    };
    let mut rows = qb.build_query_as::<CandidateRow>().fetch_all(pool).await?;
    if let (Some(rank), Some(_)) = (rank, expr) {
        let scores = bm25_of(pool, rank, &rows).await?;
        for r in &mut rows {
            r.score = scores.get(&r.id).copied().unwrap_or(0.0);
        }
    }
    Ok(rows)
}

/// bm25 over `rank` of the incidents `rows` (which all match it).
async fn bm25_of(
    pool: &SqlitePool,
    rank: &str,
    rows: &[CandidateRow],
) -> sqlx::Result<std::collections::HashMap<i64, f64>> {
    let (Some(lo), Some(hi)) = (
        rows.iter().map(|r| r.id).min(),
        rows.iter().map(|r| r.id).max(),
    ) else {
        return Ok(Default::default());
    };
    // The rowid range goes to FTS5, which seeks to it; the list is checked on each row (a
    // rowid IN given to FTS5 restarts the query, and bm25's counting, for every id).
    let mut qb = QueryBuilder::<Sqlite>::new(format!(
        "SELECT incidents_fts.rowid AS id, bm25(incidents_fts, {INCIDENT_WEIGHTS}) AS score
         FROM incidents_fts WHERE incidents_fts MATCH "
    ));
    qb.push_bind(rank.to_string())
        .push(" AND incidents_fts.rowid BETWEEN ")
        .push_bind(lo)
        .push(" AND ")
        .push_bind(hi)
        .push(" AND +incidents_fts.rowid IN (");
    let mut list = qb.separated(", ");
    for r in rows {
        list.push_bind(r.id);
    }
    qb.push(")");
    let scored: Vec<(i64, f64)> = qb.build_query_as().fetch_all(pool).await?;
    Ok(scored.into_iter().collect())
}

/// How many incidents among the newest `window` hold each term (an FTS5 phrase, as
/// `fts_expression` quotes it), in the order given: an estimate of how common each is that
/// costs a short walk of each doclist rather than a whole one.
pub async fn recent_frequencies(
    pool: &SqlitePool,
    phrases: &[String],
    window: i64,
) -> sqlx::Result<Vec<i64>> {
    if phrases.is_empty() {
        return Ok(Vec::new());
    }
    let mut qb = QueryBuilder::<Sqlite>::new("SELECT ");
    for (i, phrase) in phrases.iter().enumerate() {
        if i > 0 {
            qb.push(", ");
        }
        qb.push("(SELECT count(*) FROM incidents_fts WHERE incidents_fts MATCH ")
            .push_bind(phrase.clone())
            .push(" AND incidents_fts.rowid > (SELECT coalesce(max(id), 0) FROM incidents) - ")
            .push_bind(window)
            .push(")");
    }
    let row = qb.build().fetch_one(pool).await?;
    (0..phrases.len())
        .map(|i| sqlx::Row::try_get::<i64, _>(&row, i))
        .collect()
}

/// The incidents `ids` as hits, with the text of each indexed column (for highlighting by the
/// caller). In no particular order.
///
/// No MATCH here: FTS5's `highlight()` and `snippet()` would evaluate it again over every
/// doclist for these few rows.
pub async fn incident_hits(pool: &SqlitePool, ids: &[i64]) -> sqlx::Result<Vec<IncidentHitRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut qb = QueryBuilder::<Sqlite>::new(
        "SELECT i.id, i.created_at, i.verdict, i.error_class, i.phase, i.sm_arch,
             i.framework, i.framework_version, i.top_finding,
             coalesce(f.signature, '') AS text_signature,
             coalesce(f.first_error, i.first_error_text, '') AS text_first_error,
             coalesce(f.verdict, '') AS text_verdict,
             coalesce(f.key_lines, '') AS text_key_lines,
             coalesce(f.filename, '') AS text_filename,
             coalesce(f.env, '') AS text_env
         FROM incidents i LEFT JOIN incidents_fts f ON f.rowid = i.id
         WHERE i.id IN (",
    );
    let mut list = qb.separated(", ");
    for id in ids {
        list.push_bind(*id);
    }
    qb.push(")");
    qb.build_query_as::<IncidentHitRow>().fetch_all(pool).await
}

/// How many incidents with an id below `below` (any, without one) match `expr` (all, without
/// one) and pass `filters`, counting no further than `cap`.
pub async fn count_incidents(
    pool: &SqlitePool,
    expr: Option<&str>,
    filters: &Filters,
    problems: bool,
    cap: i64,
    below: Option<i64>,
) -> sqlx::Result<i64> {
    let (mut qb, rowid) = match expr {
        Some(expr) => {
            let mut qb = QueryBuilder::<Sqlite>::new(format!(
                "SELECT count(*) FROM (SELECT 1 FROM incidents_fts{} WHERE incidents_fts MATCH ",
                join_for(filters)
            ));
            qb.push_bind(expr.to_string());
            (qb, "incidents_fts.rowid")
        }
        None => {
            let mut qb = QueryBuilder::<Sqlite>::new("SELECT count(*) FROM (SELECT 1");
            let id = push_filtered_incidents(&mut qb, filters);
            (qb, id)
        }
    };
    push_incident_filters(&mut qb, filters, problems, rowid);
    if let Some(below) = below {
        qb.push(format!(" AND {rowid} < ")).push_bind(below);
    }
    qb.push(" LIMIT ").push_bind(cap).push(")");
    qb.build_query_scalar::<i64>().fetch_one(pool).await
}

/// Whether any surviving (root) problem is open (`open`) or resolved (`!open`): when none is,
/// a `status:` filter passes no incident and the search need not scan the matches.
pub async fn any_root_problem(pool: &SqlitePool, open: bool) -> sqlx::Result<bool> {
    let sql = if open {
        "SELECT EXISTS (SELECT 1 FROM problems WHERE id = root_id AND resolved_at IS NULL)"
    } else {
        "SELECT EXISTS (SELECT 1 FROM problems WHERE id = root_id AND resolved_at IS NOT NULL)"
    };
    sqlx::query_scalar::<_, bool>(sql).fetch_one(pool).await
}

/// The root problems of the problems `ids` (one row per id that exists).
pub async fn root_problems(pool: &SqlitePool, ids: &[i64]) -> sqlx::Result<Vec<RootProblemRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut qb = QueryBuilder::<Sqlite>::new(
        "SELECT p0.id AS problem_id, p.id, p.title, p.signature, p.resolved_at,
             p.resolved_finding
         FROM problems p0 JOIN problems p ON p.id = p0.root_id WHERE p0.id IN (",
    );
    let mut list = qb.separated(", ");
    for id in ids {
        list.push_bind(*id);
    }
    qb.push(")");
    qb.build_query_as::<RootProblemRow>().fetch_all(pool).await
}

/// Every finding that matches `expr`, best first (there are few; filters apply afterwards,
/// on the loaded findings).
pub async fn findings(pool: &SqlitePool, expr: &str) -> sqlx::Result<Vec<FindingHitRow>> {
    sqlx::query_as::<_, FindingHitRow>(&format!(
        "SELECT finding_id,
             highlight(findings_fts, 1, char(57344), char(57345)) AS title,
             snippet(findings_fts, 2, char(57344), char(57345), '…', {SNIPPET_TOKENS}) AS snippet,
             bm25(findings_fts, {FINDING_WEIGHTS}) AS score
         FROM findings_fts WHERE findings_fts MATCH ? ORDER BY score"
    ))
    .bind(expr)
    .fetch_all(pool)
    .await
}
