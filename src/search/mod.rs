//! Search over incidents, findings and (later) problems: [`query`] parses what people type,
//! [`run`] asks `db::search` (SQLite FTS5, bm25) and groups the hits by kind, [`snippet`] turns
//! SQLite's highlighted snippets into safe HTML. [`index_findings`] keeps `findings_fts` in step
//! with the loaded findings; incidents are indexed by triggers and [`key_lines_text`] at ingest.
//!
//! Uses `db` and the core; must not import `web`, `api` or `app`.

pub mod query;
pub mod snippet;

use crate::db;
use crate::db::search::{FindingDoc, FindingHitRow, IncidentHitRow, ProblemHitRow};
use crate::error::AppResult;
use crashdex_core::findings::{Pattern, RuleKind};
use crashdex_core::{Analysis, Finding, FindingsIndex};
use query::{fts_expression, Filters, Mode, SearchQuery};
use sqlx::SqlitePool;

/// Characters of a first error shown in a hit.
const FIRST_ERROR_CHARS: usize = 240;
/// Characters of a snippet shown in a hit.
const SNIPPET_CHARS: usize = 320;
/// Most key-lines text indexed per incident.
const MAX_KEY_TEXT: usize = 16 * 1024;
/// Longest single key line indexed.
const MAX_KEY_LINE: usize = 1_000;

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
    /// How many of its incidents matched.
    pub matched: i64,
    /// The newest matching incident's time.
    pub last_seen: String,
    pub score: f64,
}

/// The hits of one kind: the best few and how many there are in all.
#[derive(Debug, Clone)]
pub struct Group<T> {
    pub total: i64,
    pub hits: Vec<T>,
}

impl<T> Default for Group<T> {
    fn default() -> Self {
        Group {
            total: 0,
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

/// Runs a search: every term must match; when nothing at all matches and there are several
/// terms, any term may (bm25 puts the results with most terms first). With filters and no
/// terms, the newest incidents and all findings that pass the filters.
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
    let s = Scope {
        pool,
        index,
        filters: results.query.filters.clone(),
        problems: db::search::has_problems(pool).await?,
        limit,
    };
    let Some(all) = fts_expression(&results.query.terms, Mode::All) else {
        let (rows, total, problem_rows) = tokio::try_join!(
            db::search::filtered_incidents(pool, &s.filters, s.problems, limit),
            db::search::count_filtered_incidents(pool, &s.filters, s.problems),
            s.problems(None),
        )?;
        results.incidents = incident_group(rows, total);
        results.problems = problem_group(problem_rows);
        results.findings = filtered_findings(index, &s.filters, limit);
        return Ok(results);
    };
    s.search_text(&all, &mut results).await?;
    if results.total() == 0 && results.query.terms.len() > 1 {
        if let Some(any) = fts_expression(&results.query.terms, Mode::Any) {
            results.mode = Mode::Any;
            s.search_text(&any, &mut results).await?;
        }
    }
    Ok(results)
}

/// What one search runs against.
struct Scope<'a> {
    pool: &'a SqlitePool,
    index: &'a FindingsIndex,
    filters: Filters,
    /// Whether the `problems` table exists.
    problems: bool,
    limit: i64,
}

impl Scope<'_> {
    /// Every kind for one FTS expression.
    async fn search_text(&self, expr: &str, results: &mut SearchResults) -> AppResult<()> {
        let (p, f, l) = (self.pool, &self.filters, self.limit);
        let (rows, total, finding_rows, problem_rows) = tokio::try_join!(
            db::search::incidents(p, expr, f, self.problems, l),
            db::search::count_incidents(p, expr, f, self.problems),
            db::search::findings(p, expr),
            self.problems(Some(expr)),
        )?;
        results.incidents = incident_group(rows, total);
        results.findings = finding_group(self.index, finding_rows, f, l);
        results.problems = problem_group(problem_rows);
        Ok(())
    }

    /// Problems, when there are problems.
    async fn problems(&self, expr: Option<&str>) -> sqlx::Result<Vec<ProblemHitRow>> {
        if !self.problems {
            return Ok(Vec::new());
        }
        db::search::problems(self.pool, expr, &self.filters, self.limit).await
    }
}

fn problem_group(rows: Vec<ProblemHitRow>) -> Group<ProblemHit> {
    let total = rows.first().map_or(0, |r| r.total);
    let hits = rows
        .into_iter()
        .map(|r| ProblemHit {
            id: r.id,
            title: r.title,
            signature: r.signature,
            resolved_at: r.resolved_at,
            resolved_finding: r.resolved_finding,
            matched: r.matched,
            last_seen: r.last_seen,
            score: r.score,
        })
        .collect();
    Group { total, hits }
}

fn incident_group(rows: Vec<IncidentHitRow>, total: i64) -> Group<IncidentHit> {
    let hits = rows
        .into_iter()
        .map(|r| IncidentHit {
            first_error: snippet::to_plain(&r.first_error),
            first_error_html: snippet::to_html(&r.first_error, FIRST_ERROR_CHARS),
            snippet: snippet::to_plain(&r.snippet),
            snippet_html: snippet::to_html(&r.snippet, SNIPPET_CHARS),
            id: r.id,
            created_at: r.created_at,
            verdict: r.verdict,
            error_class: r.error_class,
            phase: r.phase,
            sm_arch: r.sm_arch,
            framework: r.framework,
            framework_version: r.framework_version,
            top_finding: r.top_finding,
            score: r.score,
        })
        .collect();
    Group { total, hits }
}

/// Findings hits that are still in the index and pass the filters.
fn finding_group(
    index: &FindingsIndex,
    rows: Vec<FindingHitRow>,
    filters: &Filters,
    limit: i64,
) -> Group<FindingHit> {
    let passing: Vec<FindingHit> = rows
        .into_iter()
        .filter_map(|r| {
            let f = index.get(&r.finding_id)?;
            finding_passes(f, filters).then(|| FindingHit {
                finding: f.clone(),
                title_html: snippet::to_html(&r.title, usize::MAX),
                snippet: snippet::to_plain(&r.snippet),
                snippet_html: snippet::to_html(&r.snippet, SNIPPET_CHARS),
                score: r.score,
            })
        })
        .collect();
    take_group(passing, limit)
}

/// Every finding that passes the filters (a search without text), in index order.
fn filtered_findings(index: &FindingsIndex, filters: &Filters, limit: i64) -> Group<FindingHit> {
    let passing = index
        .findings()
        .iter()
        .filter(|f| finding_passes(f, filters))
        .map(|f| {
            let lead: String = f
                .body
                .split_whitespace()
                .take(40)
                .collect::<Vec<_>>()
                .join(" ");
            FindingHit {
                finding: f.clone(),
                title_html: snippet::to_html(&f.title, usize::MAX),
                snippet_html: snippet::to_html(&lead, SNIPPET_CHARS),
                snippet: lead,
                score: 0.0,
            }
        })
        .collect();
    take_group(passing, limit)
}

fn take_group<T>(mut hits: Vec<T>, limit: i64) -> Group<T> {
    let total = hits.len() as i64;
    hits.truncate(usize::try_from(limit).unwrap_or(0));
    Group { total, hits }
}

/// Whether a finding can apply under the filters: a condition it leaves empty means "any";
/// `since` does not apply to findings.
pub fn finding_passes(f: &Finding, filters: &Filters) -> bool {
    let c = &f.conditions;
    let allows = |list: &[String], want: &Option<String>| match want {
        None => true,
        Some(w) => list.is_empty() || list.iter().any(|x| x.eq_ignore_ascii_case(w)),
    };
    allows(&c.error_class, &filters.class)
        && allows(&c.phase, &filters.phase)
        && allows(&c.framework, &filters.framework)
        && (c.sm_arch.is_empty() || c.sm_arch.iter().any(|a| filters.arch_matches(a)))
        && filters
            .status
            .as_ref()
            .is_none_or(|s| f.status.eq_ignore_ascii_case(s))
}

/// Rewrites the findings' search index from the loaded findings (at startup and on reload).
#[tracing::instrument(skip_all, fields(findings = index.findings().len()))]
pub async fn index_findings(pool: &SqlitePool, index: &FindingsIndex) -> sqlx::Result<()> {
    let docs: Vec<FindingDoc<'_>> = index
        .findings()
        .iter()
        .map(|f| FindingDoc {
            id: &f.id,
            title: &f.title,
            body: &f.body,
            meta: finding_meta(f),
        })
        .collect();
    db::search::replace_findings(pool, &docs).await
}

/// The searchable facts of a finding besides its text: conditions, components, symptom rules.
fn finding_meta(f: &Finding) -> String {
    let c = &f.conditions;
    let mut parts: Vec<&str> = vec![&f.severity, &f.status];
    for list in [
        &f.components,
        &f.fixed_in,
        &c.error_class,
        &c.phase,
        &c.sm_arch,
        &c.framework,
    ] {
        parts.extend(list.iter().map(String::as_str));
    }
    parts.extend(c.versions.iter().map(|v| v.package.as_str()));
    // the symptoms, so that a pasted log line finds the finding whose rule it would fire
    for r in f.rules.iter().filter(|r| r.kind != RuleKind::Not) {
        parts.push(&r.name);
        parts.push(match &r.pattern {
            Pattern::Regex(s) | Pattern::Literal(s) => s,
        });
    }
    parts.join(" ")
}

/// The text of the lines worth searching in a log: the key lines, the evidence lines and the
/// warning lines of its analysis, each once, ANSI codes removed, capped in length.
pub fn key_lines_text(log: &[u8], analysis: &Analysis) -> String {
    let mut wanted: Vec<u64> = analysis.key_lines.clone();
    for m in &analysis.matches {
        wanted.extend(m.evidence.iter().map(|e| e.line));
    }
    wanted.extend(analysis.warnings.iter().map(|w| w.line));
    wanted.sort_unstable();
    wanted.dedup();
    let Some(&last) = wanted.last() else {
        return String::new();
    };
    let mut seen = std::collections::HashSet::new();
    let mut out = String::new();
    // line numbers count `\n`-separated lines from 1, as the engine does
    for (i, raw) in log.split(|&b| b == b'\n').enumerate() {
        let number = i as u64 + 1;
        if number > last || out.len() >= MAX_KEY_TEXT {
            break;
        }
        if wanted.binary_search(&number).is_err() {
            continue;
        }
        let text = String::from_utf8_lossy(raw);
        let text = crashdex_core::lines::strip_ansi(&text);
        let text: String = text.trim().chars().take(MAX_KEY_LINE).collect();
        if !text.is_empty() && seen.insert(text.clone()) {
            out.push_str(&text);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_lines_are_read_once_each() {
        let log = b"zero\n\x1b[31mERROR boom\x1b[0m\r\nctx\nERROR boom\nwarn here\nlast\n";
        let mut a = crashdex_core::analyze(b"", &FindingsIndex::empty());
        a.key_lines = vec![2, 3, 4, 99];
        a.warnings = vec![crashdex_core::LineRef {
            line: 5,
            text: "warn here".into(),
        }];
        assert_eq!(key_lines_text(log, &a), "ERROR boom\nctx\nwarn here\n");
        a.key_lines.clear();
        a.warnings.clear();
        assert_eq!(key_lines_text(log, &a), "");
    }
}
