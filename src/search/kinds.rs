//! One search over each kind: incidents (the newest matches ranked by bm25, then snippets for
//! the best few), problems (the root problems of those matches) and findings (full text, then
//! the filters on the loaded findings).
//!
//! Uses `db` and the core; must not import `web`, `api` or `app`.

use super::highlight::Highlighter;
use super::query::{fts_expression, Filters, Mode};
use super::{snippet, FindingHit, Group, IncidentHit, ProblemHit, SearchResults};
use crate::db;
use crate::db::search::{
    CandidateRow, FindingHitRow, IncidentHitRow, RootProblemRow, SNIPPET_TOKENS,
};
use crate::error::AppResult;
use crashdex_core::{Finding, FindingsIndex};
use sqlx::SqlitePool;
use std::collections::HashMap;

/// How many of the newest matching incidents a search ranks by bm25 (and groups into
/// problems): the cost of a search stays bounded however many incidents match.
pub const CANDIDATES: i64 = 500;
/// bm25 costs about the same for each (incident, term) pair: a query of many terms (a pasted
/// line) ranks fewer of the newest matches, which for such a query are near alike anyway.
const RANKING_BUDGET: i64 = 1_000;

/// How many candidates a query of `terms` terms ranks: [`CANDIDATES`], or fewer (down to
/// 50) for long queries.
pub fn candidates_for(terms: usize) -> i64 {
    let terms = i64::try_from(terms.max(1)).unwrap_or(i64::MAX);
    (RANKING_BUDGET / terms).clamp(50, CANDIDATES)
}
/// An all-terms search of more terms than this is ranked by bm25 over its rarest few (see
/// `db::search::candidates`): the terms in most incidents weigh next to nothing in bm25 and
/// cost the most to weigh.
const RANK_TERMS: usize = 3;
/// How many of the newest incidents tell how common a term is.
const RECENT_WINDOW: i64 = 2_000;
/// Incidents are counted up to this many (shown as "1000+"): counting every match of a common
/// word costs more than the rest of the search.
pub const COUNT_CAP: i64 = 1_000;
/// Characters of a first error shown in a hit.
const FIRST_ERROR_CHARS: usize = 240;
/// Characters of a snippet shown in a hit.
const SNIPPET_CHARS: usize = 320;

/// What one search runs against.
pub(super) struct Scope<'a> {
    pub pool: &'a SqlitePool,
    pub index: &'a FindingsIndex,
    pub filters: Filters,
    /// Whether the `problems` table exists.
    pub problems: bool,
    pub limit: i64,
}

impl Scope<'_> {
    /// Every kind for the terms, all or any of them (no term: the filters alone).
    pub async fn search(
        &self,
        terms: &[String],
        mode: Mode,
        results: &mut SearchResults,
    ) -> AppResult<()> {
        let (p, f) = (self.pool, &self.filters);
        let expr = fts_expression(terms, mode);
        let expr = expr.as_deref();
        if !self.status_can_pass().await? {
            // no incident can pass: only findings can match
            results.incidents = Group::default();
            results.problems = Group::default();
            results.findings = match expr {
                Some(e) => {
                    finding_group(self.index, db::search::findings(p, e).await?, f, self.limit)
                }
                None => filtered_findings(self.index, f, self.limit),
            };
            return Ok(());
        }
        let findings = async {
            match expr {
                Some(e) => db::search::findings(p, e).await.map(Some),
                None => Ok(None),
            }
        };
        let newest = candidates_for(terms.len());
        let candidates = async {
            let rank = match mode {
                Mode::All if terms.len() > RANK_TERMS => self.rarest(terms).await?,
                _ => None,
            };
            db::search::candidates(p, expr, rank.as_deref(), f, self.problems, newest).await
        };
        let (candidates, finding_rows) = tokio::try_join!(candidates, findings)?;
        let best = best_ids(&candidates, self.limit);
        let mut problem_ids: Vec<i64> = candidates.iter().filter_map(|c| c.problem_id).collect();
        problem_ids.sort_unstable();
        problem_ids.dedup();
        // The candidates are the newest matches: counting goes on below the oldest of them, and
        // not at all when there were fewer than asked for (then they are all the matches, and
        // counting again would walk every doclist a second time).
        let count = async {
            let seen = i64::try_from(candidates.len()).unwrap_or(i64::MAX);
            let oldest = candidates.iter().map(|c| c.id).min();
            match oldest {
                Some(oldest) if seen >= newest && seen < COUNT_CAP => {
                    let below = COUNT_CAP - seen;
                    db::search::count_incidents(p, expr, f, self.problems, below, Some(oldest))
                        .await
                        .map(|n| seen + n)
                }
                _ => Ok(seen.min(COUNT_CAP)),
            }
        };
        let (rows, roots, total) = tokio::try_join!(
            db::search::incident_hits(p, &best),
            self.root_problems(&problem_ids),
            count,
        )?;
        let marks = expr.map(|_| Highlighter::new(terms));
        results.incidents = incident_group(rows, marks.as_ref(), &candidates, &best, total);
        results.problems = problem_group(&candidates, newest, roots, f, self.limit);
        results.findings = match finding_rows {
            Some(rows) => finding_group(self.index, rows, f, self.limit),
            None => filtered_findings(self.index, f, self.limit),
        };
        Ok(())
    }

    /// Whether some incident can pass the `status:` filter (always, without one).
    async fn status_can_pass(&self) -> sqlx::Result<bool> {
        match &self.filters.status {
            Some(status) if self.problems => {
                db::search::any_root_problem(self.pool, status == "open").await
            }
            _ => Ok(true),
        }
    }

    /// The expression of the [`RANK_TERMS`] rarest terms among the newest incidents (ties:
    /// the longer term), for bm25 to rank by.
    async fn rarest(&self, terms: &[String]) -> sqlx::Result<Option<String>> {
        let phrases: Vec<String> = terms
            .iter()
            .map(|t| fts_expression(std::slice::from_ref(t), Mode::All).unwrap_or_default())
            .collect();
        let counts = db::search::recent_frequencies(self.pool, &phrases, RECENT_WINDOW).await?;
        let mut order: Vec<usize> = (0..terms.len()).collect();
        order.sort_by_key(|&i| (counts[i], std::cmp::Reverse(terms[i].chars().count()), i));
        order.truncate(RANK_TERMS);
        order.sort_unstable();
        let few: Vec<String> = order.into_iter().map(|i| terms[i].clone()).collect();
        Ok(fts_expression(&few, Mode::All))
    }

    async fn root_problems(&self, ids: &[i64]) -> sqlx::Result<Vec<RootProblemRow>> {
        if !self.problems {
            return Ok(Vec::new());
        }
        db::search::root_problems(self.pool, ids).await
    }
}

/// The ids of the best `limit` candidates: lowest bm25 first, then newest.
fn best_ids(candidates: &[CandidateRow], limit: i64) -> Vec<i64> {
    let mut ranked: Vec<&CandidateRow> = candidates.iter().collect();
    ranked.sort_by(|a, b| a.score.total_cmp(&b.score).then(b.id.cmp(&a.id)));
    ranked
        .into_iter()
        .take(usize::try_from(limit).unwrap_or(0))
        .map(|c| c.id)
        .collect()
}

/// The best incidents as hits, their matches marked when there is text to mark.
fn incident_group(
    rows: Vec<IncidentHitRow>,
    marks: Option<&Highlighter>,
    candidates: &[CandidateRow],
    best: &[i64],
    total: i64,
) -> Group<IncidentHit> {
    let score: HashMap<i64, f64> = candidates.iter().map(|c| (c.id, c.score)).collect();
    let mut by_id: HashMap<i64, IncidentHitRow> = rows.into_iter().map(|r| (r.id, r)).collect();
    let hits = best
        .iter()
        .filter_map(|id| by_id.remove(id))
        .map(|r| {
            let (first_error, passage) = match marks {
                Some(m) => (
                    m.highlight(&r.text_first_error),
                    m.snippet(&r.texts(), SNIPPET_TOKENS as usize),
                ),
                None => (snippet::to_plain(&r.text_first_error), String::new()),
            };
            IncidentHit {
                first_error: snippet::to_plain(&first_error),
                first_error_html: snippet::to_html(&first_error, FIRST_ERROR_CHARS),
                snippet: snippet::to_plain(&passage),
                snippet_html: snippet::to_html(&passage, SNIPPET_CHARS),
                score: score.get(&r.id).copied().unwrap_or(0.0),
                id: r.id,
                created_at: r.created_at,
                verdict: r.verdict,
                error_class: r.error_class,
                phase: r.phase,
                sm_arch: r.sm_arch,
                framework: r.framework,
                framework_version: r.framework_version,
                top_finding: r.top_finding,
            }
        })
        .collect();
    Group {
        total,
        capped: total >= COUNT_CAP,
        hits,
    }
}

/// The root problems of the candidates that pass the status filter, best first (their best
/// incident's bm25, then the newest).
fn problem_group(
    candidates: &[CandidateRow],
    newest: i64,
    roots: Vec<RootProblemRow>,
    filters: &Filters,
    limit: i64,
) -> Group<ProblemHit> {
    let root_of: HashMap<i64, RootProblemRow> =
        roots.into_iter().map(|r| (r.problem_id, r)).collect();
    let mut by_root: HashMap<i64, ProblemHit> = HashMap::new();
    for c in candidates {
        let Some(root) = c.problem_id.and_then(|p| root_of.get(&p)) else {
            continue;
        };
        let open = root.resolved_at.is_none();
        if let Some(status) = &filters.status {
            if open != (status == "open") {
                continue;
            }
        }
        let hit = by_root.entry(root.id).or_insert_with(|| ProblemHit {
            id: root.id,
            title: root.title.clone(),
            signature: root.signature.clone(),
            resolved_at: root.resolved_at.clone(),
            resolved_finding: root.resolved_finding.clone(),
            matched: 0,
            last_seen: String::new(),
            score: f64::INFINITY,
        });
        hit.matched += 1;
        hit.score = hit.score.min(c.score);
        if c.created_at > hit.last_seen {
            hit.last_seen.clone_from(&c.created_at);
        }
    }
    let mut hits: Vec<ProblemHit> = by_root.into_values().collect();
    hits.sort_by(|a, b| {
        a.score
            .total_cmp(&b.score)
            .then(b.last_seen.cmp(&a.last_seen))
            .then(b.id.cmp(&a.id))
    });
    let mut group = take_group(hits, limit);
    group.capped = candidates.len() as i64 >= newest;
    group
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
    Group {
        total,
        capped: false,
        hits,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(id: i64, score: f64, problem_id: Option<i64>, day: u32) -> CandidateRow {
        CandidateRow {
            id,
            score,
            problem_id,
            created_at: format!("2026-11-{day:02}T00:00:00Z"),
        }
    }

    fn root(problem_id: i64, id: i64, resolved: bool) -> RootProblemRow {
        RootProblemRow {
            problem_id,
            id,
            title: format!("problem {id}"),
            signature: String::new(),
            resolved_at: resolved.then(|| "2026-11-20T00:00:00Z".to_string()),
            resolved_finding: None,
        }
    }

    #[test]
    fn best_incidents_are_lowest_bm25_then_newest() {
        let c = [
            cand(1, -2.0, None, 1),
            cand(2, -5.0, None, 2),
            cand(3, -2.0, None, 3),
            cand(4, 0.0, None, 4),
        ];
        assert_eq!(best_ids(&c, 3), [2, 3, 1]);
        assert_eq!(best_ids(&c, 0), Vec::<i64>::new());
    }

    #[test]
    fn problems_group_under_their_root() {
        // problems 10 and 11 were merged into 12; 13 is resolved
        let c = [
            cand(1, -1.0, Some(10), 1),
            cand(2, -3.0, Some(11), 5),
            cand(3, -2.0, Some(13), 3),
            cand(4, -9.0, None, 9),
        ];
        let roots = vec![root(10, 12, false), root(11, 12, false), root(13, 13, true)];
        let g = problem_group(&c, CANDIDATES, roots.clone(), &Filters::default(), 10);
        assert_eq!(g.total, 2);
        assert!(!g.capped);
        assert_eq!(g.hits[0].id, 12);
        assert_eq!(g.hits[0].matched, 2);
        assert_eq!(g.hits[0].score, -3.0);
        assert_eq!(g.hits[0].last_seen, "2026-11-05T00:00:00Z");
        assert_eq!(g.hits[1].id, 13);

        let open = Filters {
            status: Some("open".into()),
            ..Default::default()
        };
        let g = problem_group(&c, CANDIDATES, roots.clone(), &open, 10);
        assert_eq!(g.hits.iter().map(|h| h.id).collect::<Vec<_>>(), [12]);
        let resolved = Filters {
            status: Some("resolved".into()),
            ..Default::default()
        };
        let g = problem_group(&c, CANDIDATES, roots, &resolved, 10);
        assert_eq!(g.hits.iter().map(|h| h.id).collect::<Vec<_>>(), [13]);
    }

    #[test]
    fn long_queries_rank_fewer_candidates() {
        assert_eq!(candidates_for(0), CANDIDATES);
        assert_eq!(candidates_for(2), CANDIDATES);
        assert_eq!(candidates_for(10), 100);
        assert_eq!(candidates_for(1_000), 50);
    }
}
