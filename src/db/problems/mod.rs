//! `problems`, `fingerprint_routes` and `problem_events`: incidents grouped into problems, the
//! route new incidents of a fingerprint take, and the audit trail of merges, splits and
//! resolutions. See `migrations/20260302000000_problems.sql` for the model.
//!
//! Statements that must run inside a decision's transaction take `&mut SqliteConnection`; reads
//! take any executor (a pool or a connection).

use sqlx::{Executor, Sqlite, SqliteConnection, SqlitePool};

pub mod stats;

pub use stats::*;

/// The problem new incidents of `fingerprint` are attached to, if any.
pub async fn route_for(
    conn: &mut SqliteConnection,
    fingerprint: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar::<_, i64>("SELECT problem_id FROM fingerprint_routes WHERE fingerprint = ?")
        .bind(fingerprint)
        .fetch_optional(conn)
        .await
}

/// Points new incidents of `fingerprint` at `problem_id`.
pub async fn set_route(
    conn: &mut SqliteConnection,
    fingerprint: &str,
    problem_id: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO fingerprint_routes (fingerprint, problem_id, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (fingerprint) DO UPDATE
         SET problem_id = excluded.problem_id, updated_at = excluded.updated_at",
    )
    .bind(fingerprint)
    .bind(problem_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// A problem about to be created.
#[derive(Debug)]
pub struct NewProblem<'a> {
    pub fingerprint: &'a str,
    pub signature: &'a str,
    pub title: &'a str,
    pub created_at: &'a str,
}

/// Creates a problem (its own root) and returns its id.
pub async fn insert(conn: &mut SqliteConnection, p: &NewProblem<'_>) -> sqlx::Result<i64> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO problems (fingerprint, signature, title, created_at, root_id)
         VALUES (?, ?, ?, ?, 0) RETURNING id",
    )
    .bind(p.fingerprint)
    .bind(p.signature)
    .bind(p.title)
    .bind(p.created_at)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query("UPDATE problems SET root_id = id WHERE id = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(id)
}

/// Attaches an incident to a problem.
pub async fn set_incident_problem(
    conn: &mut SqliteConnection,
    incident_id: i64,
    problem_id: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE incidents SET problem_id = ? WHERE id = ?")
        .bind(problem_id)
        .bind(incident_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// An entry of the audit trail about to be written.
#[derive(Debug, Default)]
pub struct NewEvent<'a> {
    pub problem_id: i64,
    pub kind: &'a str,
    pub other_problem_id: Option<i64>,
    pub incident_id: Option<i64>,
    pub author: Option<&'a str>,
    pub detail: Option<&'a str>,
    pub created_at: &'a str,
}

/// Appends to the audit trail.
pub async fn insert_event(conn: &mut SqliteConnection, e: &NewEvent<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO problem_events
             (problem_id, kind, other_problem_id, incident_id, author, detail, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(e.problem_id)
    .bind(e.kind)
    .bind(e.other_problem_id)
    .bind(e.incident_id)
    .bind(e.author)
    .bind(e.detail)
    .bind(e.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// One problem as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProblemRow {
    pub id: i64,
    pub fingerprint: String,
    pub signature: String,
    pub title: String,
    pub created_at: String,
    pub resolved_finding: Option<String>,
    pub resolution_note: Option<String>,
    pub resolution_author: Option<String>,
    pub resolved_at: Option<String>,
    pub merged_into: Option<i64>,
    pub merged_at: Option<String>,
    pub root_id: i64,
}

const PROBLEM_COLUMNS: &str = "p.id, p.fingerprint, p.signature, p.title, p.created_at,
    p.resolved_finding, p.resolution_note, p.resolution_author, p.resolved_at, p.merged_into,
    p.merged_at, p.root_id";

/// A problem by id.
pub async fn get<'c, E: Executor<'c, Database = Sqlite>>(
    e: E,
    id: i64,
) -> sqlx::Result<Option<ProblemRow>> {
    sqlx::query_as::<_, ProblemRow>(&format!(
        "SELECT {PROBLEM_COLUMNS} FROM problems p WHERE p.id = ?"
    ))
    .bind(id)
    .fetch_optional(e)
    .await
}

/// The problems merged straight into `id`.
pub async fn merged_into(pool: &SqlitePool, id: i64) -> sqlx::Result<Vec<ProblemRow>> {
    sqlx::query_as::<_, ProblemRow>(&format!(
        "SELECT {PROBLEM_COLUMNS} FROM problems p WHERE p.merged_into = ? ORDER BY p.id"
    ))
    .bind(id)
    .fetch_all(pool)
    .await
}

/// Merges `id` (a root) into `into`, whose root is `root`: everything that survived as `id` now
/// survives as `root`.
pub async fn merge(
    conn: &mut SqliteConnection,
    id: i64,
    into: i64,
    root: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE problems SET merged_into = ?, merged_at = ? WHERE id = ?")
        .bind(into)
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE problems SET root_id = ? WHERE root_id = ?")
        .bind(root)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Undoes the merge of `id`: it and the problems merged into it (at any depth) survive as `id`.
pub async fn unmerge(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE problems SET merged_into = NULL, merged_at = NULL WHERE id = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "WITH RECURSIVE tree(id) AS (
             SELECT ?1
             UNION SELECT p.id FROM problems p JOIN tree t ON p.merged_into = t.id
         )
         UPDATE problems SET root_id = ?1 WHERE id IN (SELECT id FROM tree)",
    )
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Records a resolution (all `None` reopens the problem).
pub async fn set_resolution(
    conn: &mut SqliteConnection,
    id: i64,
    finding: Option<&str>,
    note: Option<&str>,
    author: Option<&str>,
    at: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE problems SET resolved_finding = ?, resolution_note = ?, resolution_author = ?,
             resolved_at = ?
         WHERE id = ?",
    )
    .bind(finding)
    .bind(note)
    .bind(author)
    .bind(at)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The number of incidents that show under root problem `root`.
pub async fn count_in_tree<'c, E: Executor<'c, Database = Sqlite>>(
    e: E,
    root: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar::<_, i64>(
        "SELECT count(*) FROM incidents i JOIN problems p ON p.id = i.problem_id
         WHERE p.root_id = ?",
    )
    .bind(root)
    .fetch_one(e)
    .await
}

/// The problem columns of one incident.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IncidentProblemRow {
    pub incident_id: i64,
    pub created_at: String,
    pub fingerprint: String,
    pub signature: String,
    pub problem_id: Option<i64>,
    pub root_id: Option<i64>,
}

/// The problem (own and root) of an incident.
pub async fn for_incident<'c, E: Executor<'c, Database = Sqlite>>(
    e: E,
    incident_id: i64,
) -> sqlx::Result<Option<IncidentProblemRow>> {
    sqlx::query_as::<_, IncidentProblemRow>(
        "SELECT i.id AS incident_id, i.created_at, i.fingerprint, i.signature, i.problem_id,
             p.root_id
         FROM incidents i LEFT JOIN problems p ON p.id = i.problem_id WHERE i.id = ?",
    )
    .bind(incident_id)
    .fetch_optional(e)
    .await
}

/// One entry of the audit trail.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub id: i64,
    pub problem_id: i64,
    pub kind: String,
    pub other_problem_id: Option<i64>,
    pub incident_id: Option<i64>,
    pub author: Option<String>,
    pub detail: Option<String>,
    pub created_at: String,
}

/// The events that concern problem `id` (as subject or as the other problem), newest first.
pub async fn events(pool: &SqlitePool, id: i64, limit: i64) -> sqlx::Result<Vec<EventRow>> {
    sqlx::query_as::<_, EventRow>(
        "SELECT id, problem_id, kind, other_problem_id, incident_id, author, detail, created_at
         FROM problem_events WHERE problem_id = ?1 OR other_problem_id = ?1
         ORDER BY id DESC LIMIT ?2",
    )
    .bind(id)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// The problem `id` was split out of, when it was made by a split.
pub async fn split_from(pool: &SqlitePool, id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar::<_, i64>(
        "SELECT problem_id FROM problem_events WHERE kind = 'split' AND other_problem_id = ?
         ORDER BY id DESC LIMIT 1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await
}
