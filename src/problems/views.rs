//! What pages and the API show about problems: the list with stats and a per-day series, one
//! problem with its incidents and history, an incident's problem (with similar incidents and
//! findings when it is new), and the finding drafted from an incident.
//!
//! Reads only; decisions are in the parent module.

use super::url;
use crate::db::problems::{self as dbp, EventRow, MemberRow, ProblemRow, StatsRow};
use crate::draft::{self, Draft, DraftInput};
use crate::error::{AppError, AppResult};
use crate::incidents::{self, Incident};
use crate::similar;
use chrono::{Days, NaiveDate};
use crashdex_core::FindingsIndex;
use sqlx::SqlitePool;
use std::collections::{HashMap, HashSet};

/// Days in the occurrence series.
pub const SERIES_DAYS: u64 = 30;
/// Incidents listed on a problem page.
const MEMBERS: i64 = 200;
/// Other incidents listed on an incident page.
const OTHERS: i64 = 10;
/// Entries of the history on a problem page.
const EVENTS: i64 = 100;
/// Earlier incidents compared by text (the most recent ones).
const SIMILAR_POOL: i64 = 1000;
/// Similar incidents and findings listed.
pub const SIMILAR_TOP: usize = 5;
/// Lowest similarity worth listing.
const SIMILAR_MIN: f64 = 0.12;

/// How a problem was resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolution {
    pub finding: Option<String>,
    pub note: Option<String>,
    pub author: Option<String>,
    /// RFC 3339 UTC.
    pub at: String,
}

impl Resolution {
    /// The resolution recorded on a problem row, if any.
    pub fn of(p: &ProblemRow) -> Option<Self> {
        p.resolved_at.as_ref().map(|at| Resolution {
            finding: p.resolved_finding.clone(),
            note: p.resolution_note.clone(),
            author: p.resolution_author.clone(),
            at: at.clone(),
        })
    }
}

/// Incidents on one day.
#[derive(Debug, Clone, PartialEq)]
pub struct DayCount {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub count: i64,
}

/// A root problem with what its incidents say.
#[derive(Debug, Clone)]
pub struct ProblemSummary {
    pub id: i64,
    pub url: String,
    pub title: String,
    pub signature: String,
    pub fingerprint: String,
    pub count: i64,
    pub first_seen: String,
    pub last_seen: String,
    pub archs: Vec<String>,
    /// `framework version` values.
    pub frameworks: Vec<String>,
    /// The finding most often matched by its incidents.
    pub top_finding: Option<String>,
    pub resolution: Option<Resolution>,
    /// Incidents per day over the last [`SERIES_DAYS`] days, oldest first.
    pub daily: Vec<DayCount>,
}

impl ProblemSummary {
    fn from_stats(s: StatsRow) -> Self {
        let p = s.problem;
        ProblemSummary {
            url: url(p.id),
            id: p.id,
            resolution: Resolution::of(&p),
            title: p.title,
            signature: p.signature,
            fingerprint: p.fingerprint,
            count: s.count,
            first_seen: s.first_seen,
            last_seen: s.last_seen,
            archs: distinct(s.archs.as_deref()),
            frameworks: distinct(s.frameworks.as_deref()),
            top_finding: None,
            daily: Vec::new(),
        }
    }

    /// "seen 14 times since 2026-11-02 on sm_120 with sglang 0.5.8.post1".
    pub fn seen(&self) -> String {
        seen_sentence(self.count, &self.first_seen, &self.archs, &self.frameworks)
    }

    /// The incidents of the last [`SERIES_DAYS`] days.
    pub fn recent(&self) -> i64 {
        self.daily.iter().map(|d| d.count).sum()
    }
}

/// Sorted distinct values of a `group_concat` list.
fn distinct(list: Option<&str>) -> Vec<String> {
    let mut v: Vec<String> = list
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The sentence an incident page shows about its problem.
pub fn seen_sentence(
    count: i64,
    first_seen: &str,
    archs: &[String],
    frameworks: &[String],
) -> String {
    let day = first_seen.get(..10).unwrap_or(first_seen);
    let mut s = if count == 1 {
        format!("seen once, on {day}")
    } else {
        format!("seen {count} times since {day}")
    };
    if !archs.is_empty() {
        s.push_str(" on ");
        s.push_str(&archs.join(", "));
    }
    if !frameworks.is_empty() {
        s.push_str(" with ");
        s.push_str(&frameworks.join(", "));
    }
    s
}

/// The `days` days up to and including `today`, oldest first, with their counts (0 when absent).
pub fn fill_days(counts: &[(String, i64)], today: NaiveDate, days: u64) -> Vec<DayCount> {
    let by_day: HashMap<&str, i64> = counts.iter().map(|(d, c)| (d.as_str(), *c)).collect();
    (0..days)
        .rev()
        .filter_map(|back| today.checked_sub_days(Days::new(back)))
        .map(|d| {
            let day = d.format("%Y-%m-%d").to_string();
            let count = by_day.get(day.as_str()).copied().unwrap_or(0);
            DayCount { day, count }
        })
        .collect()
}

fn today() -> NaiveDate {
    chrono::Utc::now().date_naive()
}

/// Adds the per-day series and the top finding to summaries, two queries for all of them.
async fn enrich(pool: &SqlitePool, items: &mut [ProblemSummary]) -> AppResult<()> {
    let roots: Vec<i64> = items.iter().map(|p| p.id).collect();
    let today = today();
    let since = today
        .checked_sub_days(Days::new(SERIES_DAYS - 1))
        .unwrap_or(today)
        .format("%Y-%m-%d")
        .to_string();
    let mut days: HashMap<i64, Vec<(String, i64)>> = HashMap::new();
    for r in dbp::daily(pool, &roots, &since).await? {
        days.entry(r.root_id).or_default().push((r.day, r.count));
    }
    let mut top: HashMap<i64, String> = HashMap::new();
    for r in dbp::top_findings(pool, &roots).await? {
        top.entry(r.root_id).or_insert(r.finding);
    }
    for p in items {
        p.daily = fill_days(
            days.get(&p.id).map_or(&[], Vec::as_slice),
            today,
            SERIES_DAYS,
        );
        p.top_finding = top.remove(&p.id);
    }
    Ok(())
}

/// A page of problems.
#[derive(Debug)]
pub struct ProblemPage {
    pub items: Vec<ProblemSummary>,
    pub page: i64,
    pub pages: i64,
    pub total: i64,
}

/// Page `page` (1-based, clamped) of root problems, most recently seen first.
pub async fn list(pool: &SqlitePool, page: i64, per_page: i64) -> AppResult<ProblemPage> {
    let total = dbp::count_roots(pool).await?;
    let pages = ((total + per_page - 1) / per_page).max(1);
    let page = page.clamp(1, pages);
    let rows = dbp::list_stats(pool, per_page, (page - 1) * per_page).await?;
    let mut items: Vec<ProblemSummary> = rows.into_iter().map(ProblemSummary::from_stats).collect();
    enrich(pool, &mut items).await?;
    Ok(ProblemPage {
        items,
        page,
        pages,
        total,
    })
}

/// The summary of root problem `root` (`None` when it has no incidents).
pub async fn summary(pool: &SqlitePool, root: i64) -> AppResult<Option<ProblemSummary>> {
    let Some(row) = dbp::stats(pool, root).await? else {
        return Ok(None);
    };
    let mut items = [ProblemSummary::from_stats(row)];
    enrich(pool, &mut items).await?;
    let [item] = items;
    Ok(Some(item))
}

/// One problem with everything its page shows.
#[derive(Debug)]
pub struct ProblemDetail {
    pub problem: ProblemRow,
    /// The stats of the incidents that show under it (`None` when merged away, or empty).
    pub summary: Option<ProblemSummary>,
    /// Its incidents (its whole tree when it is a root), newest first, bounded.
    pub incidents: Vec<MemberRow>,
    /// Problems merged straight into it.
    pub merged: Vec<ProblemRow>,
    /// The surviving problem, when it is merged.
    pub survivor: Option<ProblemRow>,
    /// The problem it was split out of.
    pub split_from: Option<i64>,
    pub events: Vec<EventRow>,
}

/// Problem `id` for its page.
pub async fn detail(pool: &SqlitePool, id: i64) -> AppResult<ProblemDetail> {
    let problem = dbp::get(pool, id)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("no problem {id}")))?;
    let is_root = problem.merged_into.is_none();
    let summary = if is_root {
        summary(pool, id).await?
    } else {
        None
    };
    let survivor = if is_root {
        None
    } else {
        dbp::get(pool, problem.root_id).await?
    };
    Ok(ProblemDetail {
        incidents: dbp::members(pool, id, is_root, None, MEMBERS).await?,
        merged: dbp::merged_into(pool, id).await?,
        split_from: dbp::split_from(pool, id).await?,
        events: dbp::events(pool, id, EVENTS).await?,
        summary,
        survivor,
        problem,
    })
}

/// An earlier incident or a finding whose text is close to an incident's.
#[derive(Debug, Clone)]
pub struct SimilarItem {
    /// `incident` or `finding`.
    pub kind: &'static str,
    pub url: String,
    pub label: String,
    /// A secondary line: the first error or the finding id.
    pub detail: String,
    pub score: f64,
    /// Words both texts share.
    pub shared: Vec<String>,
}

/// An incident's problem, as its page shows it.
#[derive(Debug, Default)]
pub struct IncidentProblem {
    /// The problem it shows under (the survivor of its own problem).
    pub problem: Option<ProblemSummary>,
    /// Other incidents of that problem, newest first.
    pub others: Vec<MemberRow>,
    /// The incident arrived after the problem was marked resolved.
    pub after_resolution: bool,
    /// Similar earlier incidents and findings (only for a new problem without a finding).
    pub similar: Vec<SimilarItem>,
    /// Whether similar items were looked for (the incident is new and matched nothing).
    pub looked_for_similar: bool,
}

/// The problem of an incident, its other incidents, and, for an incident that matched no
/// finding and is the first of its problem, similar earlier incidents and findings by text.
/// `key_texts` are the texts of its key lines.
pub async fn for_incident(
    pool: &SqlitePool,
    inc: &Incident,
    key_texts: &[String],
    index: &FindingsIndex,
) -> AppResult<IncidentProblem> {
    let mut out = IncidentProblem::default();
    let Some(row) = dbp::for_incident(pool, inc.id).await? else {
        return Ok(out);
    };
    let Some(root) = row.root_id else {
        return Ok(out);
    };
    out.problem = summary(pool, root).await?;
    out.others = dbp::members(pool, root, true, Some(inc.id), OTHERS).await?;
    out.after_resolution = out
        .problem
        .as_ref()
        .and_then(|p| p.resolution.as_ref())
        // times are to the second: an incident in the same second counts as after
        .is_some_and(|r| inc.created_at >= r.at);
    let a = &inc.analysis;
    if a.crash
        && a.matches.is_empty()
        && !dbp::has_earlier(pool, inc.id, root, &a.fingerprint).await?
    {
        out.looked_for_similar = true;
        let query = similarity_text(
            &a.signature,
            a.first_error.as_ref().map(|f| f.text.as_str()),
            key_texts,
        );
        let earlier = dbp::texts_before(pool, inc.id, SIMILAR_POOL).await?;
        out.similar = rank_similar(&query, &earlier, index);
    }
    Ok(out)
}

/// The text an incident is compared by: signature, first error and key lines.
fn similarity_text(signature: &str, first_error: Option<&str>, key_texts: &[String]) -> String {
    let mut t = format!("{signature}\n{}", first_error.unwrap_or(""));
    for k in key_texts {
        t.push('\n');
        t.push_str(k);
    }
    t
}

/// Ranks earlier incidents (one per problem) and findings against `query`.
fn rank_similar(query: &str, earlier: &[dbp::TextRow], index: &FindingsIndex) -> Vec<SimilarItem> {
    let mut candidates: Vec<(usize, String)> = Vec::new();
    for (i, r) in earlier.iter().enumerate() {
        let text = similarity_text(&r.signature, r.first_error_text.as_deref(), &[]);
        candidates.push((i, text));
    }
    let findings: Vec<_> = index
        .findings()
        .iter()
        .filter(|f| !f.informational)
        .collect();
    for (j, f) in findings.iter().enumerate() {
        candidates.push((earlier.len() + j, finding_text(f)));
    }
    let mut seen_roots = HashSet::new();
    let mut out = Vec::new();
    for (k, score) in similar::rank(query, &candidates, SIMILAR_MIN) {
        let shared = similar::shared_tokens(query, &candidates[k].1, 6);
        let item = if let Some(r) = earlier.get(k) {
            if !seen_roots.insert(r.root_id.unwrap_or(-r.id)) {
                continue;
            }
            SimilarItem {
                kind: "incident",
                url: incidents::url(r.id),
                label: format!("Incident #{}", r.id),
                detail: r
                    .first_error_text
                    .clone()
                    .unwrap_or_else(|| r.signature.clone()),
                score,
                shared,
            }
        } else {
            let f = findings[k - earlier.len()];
            SimilarItem {
                kind: "finding",
                url: format!("/findings/{}", f.id),
                label: f.title.clone(),
                detail: f.id.clone(),
                score,
                shared,
            }
        };
        out.push(item);
        if out.len() >= SIMILAR_TOP {
            break;
        }
    }
    out
}

/// A finding's text for similarity: its title, classes and the words of its symptom rules.
fn finding_text(f: &crashdex_core::Finding) -> String {
    let mut t = format!("{}\n{}", f.title, f.conditions.error_class.join(" "));
    for r in f
        .rules
        .iter()
        .filter(|r| r.kind != crashdex_core::findings::RuleKind::Not)
    {
        let p = match &r.pattern {
            crashdex_core::findings::Pattern::Regex(s)
            | crashdex_core::findings::Pattern::Literal(s) => s,
        };
        t.push('\n');
        // regex syntax (`\d+`, `(?i)`, `\.`) is noise here; keep the words
        t.push_str(&p.replace(
            ['\\', '(', ')', '?', '|', '*', '+', '[', ']', '^', '$'],
            " ",
        ));
    }
    t
}

/// The finding drafted from an incident, with the outcome of its check.
#[derive(Debug)]
pub struct CheckedDraft {
    pub draft: Draft,
    /// `Err`: why `crashdex findings check` would reject it.
    pub check: Result<(), String>,
}

/// Drafts a finding from incident `inc` (its log is read again for the lines' text), prefilling
/// the resolution with its problem's note.
pub async fn draft_for(
    pool: &SqlitePool,
    inc: &Incident,
    index: &FindingsIndex,
) -> AppResult<CheckedDraft> {
    if !inc.analysis.crash {
        return Err(AppError::BadRequest(format!(
            "incident #{} shows no crash, so there is no error to draft a finding from",
            inc.id
        )));
    }
    let (_, body) = incidents::raw_log(pool, inc.id).await?;
    let note = match dbp::for_incident(pool, inc.id)
        .await?
        .and_then(|r| r.root_id)
    {
        Some(root) => dbp::get(pool, root).await?.and_then(|p| p.resolution_note),
        None => None,
    };
    let analysis = inc.analysis.clone();
    let id = inc.id;
    let taken: HashSet<String> = index.findings().iter().map(|f| f.id.clone()).collect();
    let (draft, check) = tokio::task::spawn_blocking(move || {
        let lines = crashdex_core::lines::read_bytes(&body);
        let input = DraftInput {
            incident_id: id,
            analysis: &analysis,
            lines: &lines,
            resolution: note.as_deref(),
        };
        draft::draft(&input, |candidate| taken.contains(candidate))
    })
    .await
    .map_err(AppError::internal)?;
    Ok(CheckedDraft { draft, check })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_sentences() {
        let archs = vec!["sm_120".to_string()];
        let fw = vec!["sglang 0.5.8.post1".to_string()];
        assert_eq!(
            seen_sentence(14, "2026-11-02T10:00:00Z", &archs, &fw),
            "seen 14 times since 2026-11-02 on sm_120 with sglang 0.5.8.post1"
        );
        assert_eq!(
            seen_sentence(1, "2026-11-02T10:00:00Z", &[], &[]),
            "seen once, on 2026-11-02"
        );
    }

    #[test]
    fn fills_missing_days_with_zero() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
        let d = fill_days(
            &[("2026-03-01".into(), 3), ("2026-01-01".into(), 9)],
            today,
            3,
        );
        let got: Vec<(&str, i64)> = d.iter().map(|d| (d.day.as_str(), d.count)).collect();
        assert_eq!(
            got,
            [("2026-02-28", 0), ("2026-03-01", 3), ("2026-03-02", 0)]
        );
    }

    #[test]
    fn distinct_values_are_sorted() {
        assert_eq!(distinct(Some("sm_90,sm_120,sm_90")), ["sm_120", "sm_90"]);
        assert!(distinct(None).is_empty());
    }
}
