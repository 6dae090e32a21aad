//! Search over findings, problems and incidents: [`query`] parses what people type, [`run`]
//! asks `db::search` (SQLite FTS5, bm25) for each kind ([`kinds`]) and groups the hits,
//! [`snippet`] turns SQLite's highlighted snippets into safe HTML, and [`index`] keeps the
//! search tables in step with the findings and the logs.
//!
//! Uses `db` and the core; must not import `web`, `api` or `app`.

mod highlight;
mod index;
mod kinds;
pub mod query;
pub mod snippet;

pub use index::{index_findings, key_lines_text};
pub use kinds::finding_passes;

use crate::db;
use crate::error::AppResult;
use crashdex_core::{Finding, FindingsIndex};
use query::{Mode, SearchQuery};
use sqlx::SqlitePool;

/// Most terms of an any-term search (the longest, without stop words).
const MAX_ANY_TERMS: usize = 6;
/// Most terms a search requires: a longer query (a whole pasted error message) is matched on its
/// most distinctive terms, since each term costs FTS5 a pass over its document list for bm25
/// (48 terms: ~70 ms on 100,000 incidents; 12: ~16 ms).
const MAX_ALL_TERMS: usize = 12;

/// An incident that matched, ready to show.
#[derive(Debug, Clone)]
pub struct IncidentHit {
    pub id: i64,
    pub created_at: String,
    pub verdict: String,
    pub error_class: String,
    pub phase: String,
    pub sm_arch: Option<String>,
    pub framework: Option<String>,
    pub framework_version: Option<String>,
    pub top_finding: Option<String>,
    /// The first error as plain text.
    pub first_error: String,
    /// The first error as escaped HTML with `<mark>` around matches.
    pub first_error_html: String,
    /// The best-matching passage as plain text (empty without a text query).
    pub snippet: String,
    /// The best-matching passage as escaped HTML with `<mark>`.
    pub snippet_html: String,
    /// bm25 (lower is better).
    pub score: f64,
}

/// A finding that matched, ready to show.
#[derive(Debug, Clone)]
pub struct FindingHit {
    pub finding: Finding,
    /// The title as escaped HTML with `<mark>` around matches.
    pub title_html: String,
    pub snippet: String,
    pub snippet_html: String,
    pub score: f64,
}

/// A (root) problem some of whose incidents matched.
#[derive(Debug, Clone)]
pub struct ProblemHit {
    pub id: i64,
    pub title: String,
    pub signature: String,
    /// When it was marked resolved (`None`: open).
    pub resolved_at: Option<String>,
    pub resolved_finding: Option<String>,
    /// How many of its incidents matched (among the newest matches that were ranked).
    pub matched: i64,
    /// The newest matching incident's time.
    pub last_seen: String,
    pub score: f64,
}

/// The hits of one kind: the best few and how many there are in all.
#[derive(Debug, Clone)]
pub struct Group<T> {
    pub total: i64,
    /// Whether counting stopped early, so that `total` is a lower bound.
    pub capped: bool,
    pub hits: Vec<T>,
}

impl<T> Default for Group<T> {
    fn default() -> Self {
        Group {
            total: 0,
            capped: false,
            hits: Vec::new(),
        }
    }
}

/// The result of a search, grouped by kind.
#[derive(Debug, Clone)]
pub struct SearchResults {
    pub query: SearchQuery,
    /// `Any` when no result had every term and the search was widened to any term.
    pub mode: Mode,
    pub incidents: Group<IncidentHit>,
    pub findings: Group<FindingHit>,
    pub problems: Group<ProblemHit>,
}

impl SearchResults {
    /// The number of hits of every kind.
    pub fn total(&self) -> i64 {
        self.incidents.total + self.findings.total + self.problems.total
    }
}

/// Runs a search: every term must match. When nothing matches: every term but its numbers and
/// ids (a line pasted from another run); then, with several terms, any of the few most
/// distinctive ones (bm25 puts the results with most of them first). With filters and no terms:
/// the newest incidents and all findings that pass the filters.
#[tracing::instrument(skip_all, fields(terms = query.terms.len()))]
pub async fn run(
    pool: &SqlitePool,
    index: &FindingsIndex,
    query: SearchQuery,
    limit: i64,
) -> AppResult<SearchResults> {
    let mut results = SearchResults {
        query,
        mode: Mode::All,
        incidents: Group::default(),
        findings: Group::default(),
        problems: Group::default(),
    };
    if results.query.is_empty() {
        return Ok(results);
    }
    let scope = kinds::Scope {
        pool,
        index,
        filters: results.query.filters.clone(),
        problems: db::search::has_problems(pool).await?,
        limit,
    };
    let mut terms = results.query.terms.clone();
    if terms.len() > MAX_ALL_TERMS {
        let few = query::distinctive(&terms, MAX_ALL_TERMS);
        if !few.is_empty() {
            results.query.notices.push(format!(
                "A long query: matched on its {} most distinctive words.",
                few.len()
            ));
            terms = few;
        }
    }
    scope.search(&terms, Mode::All, &mut results).await?;
    if results.total() > 0 || terms.is_empty() {
        return Ok(results);
    }
    // a line pasted from another run: the same words, other numbers
    let loose = query::without_volatile(&terms);
    if !loose.is_empty() && loose != terms {
        scope.search(&loose, Mode::All, &mut results).await?;
        if results.total() > 0 {
            results.query.notices.push(
                "No result has every word; these have them all but the numbers and ids.".into(),
            );
            return Ok(results);
        }
    }
    if terms.len() > 1 {
        let few = query::distinctive(
            if loose.is_empty() { &terms } else { &loose },
            MAX_ANY_TERMS,
        );
        if !few.is_empty() {
            results.mode = Mode::Any;
            scope.search(&few, Mode::Any, &mut results).await?;
        }
    }
    Ok(results)
}
