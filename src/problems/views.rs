//! What pages and the API show about problems: the list with stats and a per-day series, and
//! one problem with its incidents and history. What an incident page shows about its problem is
//! in [`super::incident`].
//!
//! Reads only; decisions are in the parent module.

use super::url;
use crate::db::problems::{self as dbp, EventRow, MemberRow, ProblemRow, StatsRow};
use crate::error::{AppError, AppResult};
use chrono::{Days, NaiveDate};
use sqlx::SqlitePool;
use std::collections::HashMap;

/// Days in the occurrence series.
pub const SERIES_DAYS: u64 = 30;
/// Incidents listed on a problem page.
const MEMBERS: i64 = 200;
/// Entries of the history on a problem page.
const EVENTS: i64 = 100;

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

    /// The same without "seen": "14 times since 2026-11-02 on sm_120 with sglang 0.5.8.post1".
    pub fn times(&self) -> String {
        let s = self.seen();
        s.strip_prefix("seen ").map_or(s.clone(), str::to_string)
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
