//! Problems: incidents with the same fingerprint, grouped, with the decisions people take about
//! them. [`attach`] puts a new incident in its problem (ingest calls it in its transaction);
//! [`merge`], [`unmerge`], [`split`], [`resolve`] and [`reopen`] record decisions, each in one
//! transaction with an entry in `problem_events`. [`views`] builds what the problem pages and the
//! API show, [`incident`] what an incident page shows about its problem.
//!
//! The model (see `migrations/20260302000000_problems.sql`):
//! - a fingerprint routes new incidents to one problem (`fingerprint_routes`);
//! - merging P into Q makes Q the root ("survivor") of P and everything merged into P; incidents
//!   stay attached to P and show under the root, so unmerging P restores exactly what it had,
//!   including incidents that arrived while it was merged;
//! - splitting an incident out moves it to a new problem. New incidents of its fingerprint keep
//!   going where they went unless the person ticks "future incidents go here": then the new
//!   problem takes the fingerprint over. A split is undone by merging the new problem back.
//!
//! Uses `db`; must not import `web`, `api` or `app`.

pub mod incident;
pub mod views;

use crate::db::problems::{self as dbp, NewEvent, NewProblem};
use crate::db::{self};
use crate::error::{AppError, AppResult};
use crashdex_core::FindingsIndex;
use sqlx::{SqliteConnection, SqlitePool};

/// Longest author name.
pub const MAX_AUTHOR: usize = 80;
/// Longest resolution note.
pub const MAX_NOTE: usize = 2000;

/// The page of problem `id`.
pub fn url(id: i64) -> String {
    format!("/problems/{id}")
}

/// Attaches a freshly stored incident to the problem its fingerprint routes to, creating the
/// problem (and the route) for a fingerprint never seen. Returns the problem id.
pub async fn attach(
    conn: &mut SqliteConnection,
    incident_id: i64,
    fingerprint: &str,
    signature: &str,
    now: &str,
) -> sqlx::Result<i64> {
    let problem_id = match dbp::route_for(conn, fingerprint).await? {
        Some(id) => id,
        None => {
            let new = NewProblem {
                fingerprint,
                signature,
                title: signature,
                created_at: now,
            };
            let id = dbp::insert(conn, &new).await?;
            dbp::set_route(conn, fingerprint, id, now).await?;
            let event = NewEvent {
                problem_id: id,
                kind: "created",
                incident_id: Some(incident_id),
                created_at: now,
                ..NewEvent::default()
            };
            dbp::insert_event(conn, &event).await?;
            id
        }
    };
    dbp::set_incident_problem(conn, incident_id, problem_id).await?;
    Ok(problem_id)
}

/// A problem id from what a person typed: `12`, `#12` or a problem URL.
pub fn parse_ref(s: &str) -> Option<i64> {
    let s = s.trim().trim_end_matches('/');
    let s = s.rsplit('/').next().unwrap_or(s);
    let s = s.trim_start_matches('#');
    s.parse::<i64>().ok().filter(|&n| n > 0)
}

/// A problem id from a path segment: anything that is not a number is a 404.
pub fn parse_path(s: &str) -> AppResult<i64> {
    s.parse::<i64>()
        .map_err(|_| AppError::NotFound(format!("no problem {s}")))
}

/// A trimmed optional text field: empty is `None`; longer than `max` characters or with control
/// characters (other than newlines in notes) is a 400 naming `what`.
pub fn clean_text(value: Option<&str>, what: &str, max: usize) -> AppResult<Option<String>> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if v.chars().count() > max {
        return Err(AppError::BadRequest(format!(
            "the {what} is longer than {max} characters"
        )));
    }
    if v.chars()
        .any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t')
    {
        return Err(AppError::BadRequest(format!(
            "the {what} has control characters"
        )));
    }
    Ok(Some(v.replace("\r\n", "\n")))
}

async fn begin(pool: &SqlitePool) -> AppResult<sqlx::Transaction<'static, sqlx::Sqlite>> {
    Ok(pool.begin_with("BEGIN IMMEDIATE").await?)
}

async fn get(conn: &mut SqliteConnection, id: i64) -> AppResult<dbp::ProblemRow> {
    dbp::get(conn, id)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("no problem {id}")))
}

/// Merges problem `id` into problem `into` (given as typed): the survivor of `into` then shows
/// both, and new incidents of `id`'s fingerprints show under it too.
pub async fn merge(pool: &SqlitePool, id: i64, into: &str, author: Option<&str>) -> AppResult<()> {
    let author = clean_text(author, "name", MAX_AUTHOR)?;
    let into = parse_ref(into).ok_or_else(|| {
        AppError::BadRequest("give the number of the problem to merge into, e.g. 12".into())
    })?;
    let mut tx = begin(pool).await?;
    let p = get(&mut tx, id).await?;
    if let Some(m) = p.merged_into {
        return Err(AppError::BadRequest(format!(
            "problem #{id} is already merged into #{m}; unmerge it first"
        )));
    }
    if into == id {
        return Err(AppError::BadRequest(
            "a problem cannot be merged into itself".into(),
        ));
    }
    let target = dbp::get(&mut *tx, into)
        .await?
        .ok_or_else(|| AppError::BadRequest(format!("there is no problem #{into}")))?;
    if target.root_id == id {
        return Err(AppError::BadRequest(format!(
            "problem #{into} is already merged into #{id}; merging back would make a cycle"
        )));
    }
    let now = db::now();
    dbp::merge(&mut tx, id, into, target.root_id, &now).await?;
    let detail = format!("merged into #{into}");
    let event = NewEvent {
        problem_id: id,
        kind: "merged",
        other_problem_id: Some(into),
        author: author.as_deref(),
        detail: Some(&detail),
        created_at: &now,
        ..NewEvent::default()
    };
    dbp::insert_event(&mut tx, &event).await?;
    tx.commit().await?;
    tracing::info!(id, into, "problem merged");
    Ok(())
}

/// Undoes the merge of problem `id`: it and what was merged into it stand on their own again.
pub async fn unmerge(pool: &SqlitePool, id: i64, author: Option<&str>) -> AppResult<()> {
    let author = clean_text(author, "name", MAX_AUTHOR)?;
    let mut tx = begin(pool).await?;
    let p = get(&mut tx, id).await?;
    let Some(from) = p.merged_into else {
        return Err(AppError::BadRequest(format!(
            "problem #{id} is not merged into another problem"
        )));
    };
    let now = db::now();
    dbp::unmerge(&mut tx, id).await?;
    let detail = format!("unmerged from #{from}");
    let event = NewEvent {
        problem_id: id,
        kind: "unmerged",
        other_problem_id: Some(from),
        author: author.as_deref(),
        detail: Some(&detail),
        created_at: &now,
        ..NewEvent::default()
    };
    dbp::insert_event(&mut tx, &event).await?;
    tx.commit().await?;
    tracing::info!(id, from, "problem unmerged");
    Ok(())
}

/// What a split did.
#[derive(Debug, Clone, Copy)]
pub struct Split {
    /// The problem the incident showed under before (a root).
    pub from: i64,
    /// The new problem.
    pub to: i64,
}

/// Splits incident `incident_id` out of its problem into a new one. With `takeover`, new
/// incidents of its fingerprint go to the new problem from now on.
pub async fn split(
    pool: &SqlitePool,
    incident_id: i64,
    takeover: bool,
    author: Option<&str>,
) -> AppResult<Split> {
    let author = clean_text(author, "name", MAX_AUTHOR)?;
    let mut tx = begin(pool).await?;
    let row = dbp::for_incident(&mut *tx, incident_id)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("no incident {incident_id}")))?;
    let (Some(_), Some(from)) = (row.problem_id, row.root_id) else {
        return Err(AppError::BadRequest(format!(
            "incident #{incident_id} belongs to no problem"
        )));
    };
    if dbp::count_in_tree(&mut *tx, from).await? <= 1 {
        return Err(AppError::BadRequest(format!(
            "incident #{incident_id} is the only incident of problem #{from}; there is nothing to split it from"
        )));
    }
    let now = db::now();
    let new = NewProblem {
        fingerprint: &row.fingerprint,
        signature: &row.signature,
        title: &row.signature,
        created_at: &now,
    };
    let to = dbp::insert(&mut tx, &new).await?;
    dbp::set_incident_problem(&mut tx, incident_id, to).await?;
    let route = if takeover {
        dbp::set_route(&mut tx, &row.fingerprint, to, &now).await?;
        format!("future incidents of its fingerprint go to #{to}")
    } else {
        "future incidents of its fingerprint keep their problem".to_string()
    };
    let detail = format!("incident #{incident_id} split out into #{to}; {route}");
    for (problem_id, kind) in [(from, "split"), (to, "created")] {
        let event = NewEvent {
            problem_id,
            kind,
            other_problem_id: Some(if kind == "split" { to } else { from }),
            incident_id: Some(incident_id),
            author: author.as_deref(),
            detail: Some(&detail),
            created_at: &now,
        };
        dbp::insert_event(&mut tx, &event).await?;
    }
    tx.commit().await?;
    tracing::info!(incident_id, from, to, takeover, "incident split out");
    Ok(Split { from, to })
}

/// A resolution as submitted by the form or the API.
#[derive(Debug, Default, Clone)]
pub struct ResolveInput {
    pub finding: Option<String>,
    pub note: Option<String>,
    pub author: Option<String>,
}

/// Marks problem `id` resolved by a finding (which must exist) and/or a note (which needs an
/// author name). A merged problem is resolved through its survivor.
pub async fn resolve(
    pool: &SqlitePool,
    id: i64,
    input: &ResolveInput,
    index: &FindingsIndex,
) -> AppResult<()> {
    let finding = clean_text(input.finding.as_deref(), "finding id", 200)?;
    let note = clean_text(input.note.as_deref(), "resolution note", MAX_NOTE)?;
    let author = clean_text(input.author.as_deref(), "name", MAX_AUTHOR)?;
    if let Some(f) = &finding {
        if index.get(f).is_none() {
            return Err(AppError::BadRequest(format!("there is no finding {f:?}")));
        }
    }
    if finding.is_none() && note.is_none() {
        return Err(AppError::BadRequest(
            "give the id of the finding that resolves it, or a short resolution note".into(),
        ));
    }
    if note.is_some() && author.is_none() {
        return Err(AppError::BadRequest(
            "a resolution note needs the author's name".into(),
        ));
    }
    let mut tx = begin(pool).await?;
    let p = get(&mut tx, id).await?;
    if p.merged_into.is_some() {
        return Err(AppError::BadRequest(format!(
            "problem #{id} is merged into #{}; resolve that problem instead",
            p.root_id
        )));
    }
    let now = db::now();
    let (f, n, a) = (finding.as_deref(), note.as_deref(), author.as_deref());
    dbp::set_resolution(&mut tx, id, f, n, a, Some(&now)).await?;
    let detail = match (f, n) {
        (Some(f), Some(n)) => format!("resolved by finding {f}: {n}"),
        (Some(f), None) => format!("resolved by finding {f}"),
        (None, n) => format!("resolved: {}", n.unwrap_or_default()),
    };
    let event = NewEvent {
        problem_id: id,
        kind: "resolved",
        author: a,
        detail: Some(&detail),
        created_at: &now,
        ..NewEvent::default()
    };
    dbp::insert_event(&mut tx, &event).await?;
    tx.commit().await?;
    tracing::info!(id, "problem resolved");
    Ok(())
}

/// Clears the resolution of problem `id` (recorded, like every decision).
pub async fn reopen(pool: &SqlitePool, id: i64, author: Option<&str>) -> AppResult<()> {
    let author = clean_text(author, "name", MAX_AUTHOR)?;
    let mut tx = begin(pool).await?;
    let p = get(&mut tx, id).await?;
    if p.resolved_at.is_none() {
        return Err(AppError::BadRequest(format!(
            "problem #{id} is not resolved"
        )));
    }
    let now = db::now();
    dbp::set_resolution(&mut tx, id, None, None, None, None).await?;
    let event = NewEvent {
        problem_id: id,
        kind: "reopened",
        author: author.as_deref(),
        created_at: &now,
        ..NewEvent::default()
    };
    dbp::insert_event(&mut tx, &event).await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_problem_references() {
        assert_eq!(parse_ref("12"), Some(12));
        assert_eq!(parse_ref(" #12 "), Some(12));
        assert_eq!(parse_ref("http://x/problems/12/"), Some(12));
        assert_eq!(parse_ref("0"), None);
        assert_eq!(parse_ref("-3"), None);
        assert_eq!(parse_ref("twelve"), None);
        assert_eq!(parse_ref(""), None);
    }

    #[test]
    fn cleans_text_fields() {
        assert_eq!(clean_text(None, "name", 5).unwrap(), None);
        assert_eq!(clean_text(Some("  "), "name", 5).unwrap(), None);
        assert_eq!(
            clean_text(Some(" ann "), "name", 5).unwrap().as_deref(),
            Some("ann")
        );
        assert!(clean_text(Some("abcdef"), "name", 5).is_err());
        assert!(clean_text(Some("a\u{7}b"), "name", 5).is_err());
        assert_eq!(
            clean_text(Some("a\r\nb"), "note", 9).unwrap().as_deref(),
            Some("a\nb")
        );
    }
}
