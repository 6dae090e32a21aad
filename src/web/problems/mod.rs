//! `GET /problems` (list with stats and a per-day chart), `GET /problems/{id}` (incidents,
//! resolution, history and the decision forms), the forms (`POST /problems/{id}/merge`,
//! `/unmerge`, `/resolve`, `/reopen`, `POST /incidents/{id}/split`; each a 303 back to the
//! problem), and the problem panel of the incident page ([`panel()`], in [`mod@panel`]).

use super::filters::{short_time, truncate};
use super::render;
use crate::app::AppState;
use crate::auth::csrf::{CsrfForm, CsrfToken};
use crate::auth::FormWriteAccess;
use crate::db::problems::{EventRow, MemberRow, ProblemRow};
use crate::error::AppResult;
use crate::incidents;
use crate::problems::views::{self, DayCount, ProblemSummary, Resolution};
use crate::problems::{self, parse_path, ResolveInput};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::{Html, Redirect};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use std::collections::HashMap;

mod panel;

pub use panel::{panel, Panel};

/// The problem routes (merged into [`super::router`]).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/problems", get(list))
        .route("/problems/{id}", get(show))
        .route("/problems/{id}/merge", post(merge))
        .route("/problems/{id}/unmerge", post(unmerge))
        .route("/problems/{id}/resolve", post(resolve))
        .route("/problems/{id}/reopen", post(reopen))
        .route("/incidents/{id}/split", post(split))
        .route("/incidents/{id}/draft-finding", get(super::drafts::show))
}

/// Problems per page of `/problems`.
const PER_PAGE: i64 = 50;

/// Bars of a small inline SVG chart (built here, drawn by the template; no script).
pub struct Chart {
    pub width: u32,
    pub height: u32,
    pub bars: Vec<Bar>,
    /// What the chart says, for screen readers and as its tooltip.
    pub label: String,
}

/// One day's bar.
pub struct Bar {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    pub title: String,
}

/// Pixels per day and the chart's height.
const BAR_STEP: u32 = 4;
const CHART_HEIGHT: u32 = 24;

/// The occurrences-per-day chart of a series: one bar per day with incidents, scaled to the
/// busiest day (at least 2 px, so one incident shows).
pub fn chart(daily: &[DayCount]) -> Chart {
    let max = daily.iter().map(|d| d.count).max().unwrap_or(0).max(1);
    let total: i64 = daily.iter().map(|d| d.count).sum();
    let bars = daily
        .iter()
        .enumerate()
        .filter(|(_, d)| d.count > 0)
        .map(|(i, d)| {
            let h = ((d.count as f64 / max as f64) * f64::from(CHART_HEIGHT)).round() as u32;
            let h = h.clamp(2, CHART_HEIGHT);
            let plural = if d.count == 1 { "" } else { "s" };
            Bar {
                x: i as u32 * BAR_STEP,
                y: CHART_HEIGHT - h,
                w: BAR_STEP - 1,
                h,
                title: format!("{}: {} incident{plural}", d.day, d.count),
            }
        })
        .collect();
    Chart {
        width: daily.len() as u32 * BAR_STEP,
        height: CHART_HEIGHT,
        bars,
        label: format!(
            "{total} incident{} in the last {} days",
            if total == 1 { "" } else { "s" },
            daily.len()
        ),
    }
}

/// A problem in the list.
pub struct ProblemItem {
    pub s: ProblemSummary,
    pub chart: Chart,
    pub first: String,
    pub last: String,
}

impl From<ProblemSummary> for ProblemItem {
    fn from(s: ProblemSummary) -> Self {
        ProblemItem {
            chart: chart(&s.daily),
            first: short_time(&s.first_seen),
            last: short_time(&s.last_seen),
            s,
        }
    }
}

#[derive(Template)]
#[template(path = "problems/list.html")]
struct ListPage {
    items: Vec<ProblemItem>,
    page: i64,
    pages: i64,
    total: i64,
}

/// `GET /problems?page=N`: most recently seen first.
pub async fn list(
    State(state): State<AppState>,
    Query(q): Query<HashMap<String, String>>,
) -> AppResult<Html<String>> {
    let wanted = incidents::parse_page(q.get("page").map(String::as_str));
    let page = views::list(&state.db, wanted, PER_PAGE).await?;
    render(&ListPage {
        items: page.items.into_iter().map(Into::into).collect(),
        page: page.page,
        pages: page.pages,
        total: page.total,
    })
}

/// An incident as a problem page lists it.
pub struct MemberView {
    pub id: i64,
    pub url: String,
    pub time: String,
    pub verdict: String,
    pub first_error: String,
    pub env: String,
    pub top_finding: Option<String>,
    /// The problem it is attached to, when that is not the page's (it came with a merge).
    pub via: Option<i64>,
}

fn member_views(rows: Vec<MemberRow>, page_id: i64) -> Vec<MemberView> {
    rows.into_iter()
        .map(|r| {
            let fw = [r.framework.as_deref(), r.framework_version.as_deref()];
            let env: Vec<&str> = std::iter::once(r.sm_arch.as_deref())
                .chain(fw)
                .flatten()
                .collect();
            MemberView {
                url: incidents::url(r.id),
                id: r.id,
                time: short_time(&r.created_at),
                verdict: r.verdict,
                first_error: truncate(r.first_error_text.as_deref().unwrap_or(""), 160),
                env: env.join(" "),
                top_finding: r.top_finding,
                via: (r.problem_id != page_id).then_some(r.problem_id),
            }
        })
        .collect()
}

/// An entry of a problem's history.
pub struct EventView {
    pub time: String,
    pub kind: String,
    pub detail: String,
    pub author: Option<String>,
    /// The other problem of a merge or split, when it is not the page's.
    pub other: Option<i64>,
    pub incident: Option<i64>,
}

fn event_views(rows: Vec<EventRow>, page_id: i64) -> Vec<EventView> {
    rows.into_iter()
        .map(|e| {
            let other = if e.problem_id == page_id {
                e.other_problem_id
            } else {
                Some(e.problem_id)
            };
            EventView {
                time: short_time(&e.created_at),
                detail: event_text(&e, page_id),
                author: e.author,
                other: other.filter(|&o| o != page_id),
                incident: e.incident_id,
                kind: e.kind,
            }
        })
        .collect()
}

/// What an event says, seen from problem `page` (the subject of a merge, or its target).
fn event_text(e: &EventRow, page: i64) -> String {
    let own = e.problem_id == page;
    let other = e
        .other_problem_id
        .map_or_else(String::new, |o| format!("#{o}"));
    let detail = e.detail.clone().unwrap_or_default();
    match (e.kind.as_str(), own) {
        ("merged", true) => format!("merged into problem {other}"),
        ("merged", false) => format!("problem #{} merged into this one", e.problem_id),
        ("unmerged", true) => format!("unmerged from problem {other}"),
        ("unmerged", false) => format!("problem #{} unmerged from this one", e.problem_id),
        ("split", false) => format!("split out of problem #{}", e.problem_id),
        ("created", true) if e.other_problem_id.is_some() => {
            format!("created for an incident split out of problem {other}")
        }
        _ => detail,
    }
}

/// A resolution as pages show it.
pub struct ResolutionView {
    pub finding: Option<String>,
    /// The finding's title (its id when it is no longer loaded).
    pub finding_title: String,
    pub note: Option<String>,
    pub author: Option<String>,
    pub time: String,
}

fn resolution_view(r: &Resolution, state: &AppState) -> ResolutionView {
    let index = state.findings();
    let finding_title = r.finding.as_ref().map_or_else(String::new, |id| {
        index
            .get(id)
            .map_or_else(|| id.clone(), |f| f.title.clone())
    });
    ResolutionView {
        finding: r.finding.clone(),
        finding_title,
        note: r.note.clone(),
        author: r.author.clone(),
        time: short_time(&r.at),
    }
}

#[derive(Template)]
#[template(path = "problems/show.html")]
struct ShowPage {
    csrf: String,
    p: ProblemRow,
    created: String,
    /// The problem it was merged into, when that is not the survivor (a chain of merges).
    through: Option<i64>,
    item: Option<ProblemItem>,
    resolution: Option<ResolutionView>,
    incidents: Vec<MemberView>,
    merged: Vec<ProblemRow>,
    survivor: Option<ProblemRow>,
    split_from: Option<i64>,
    events: Vec<EventView>,
    /// Finding ids and titles, for the resolve form's suggestions.
    findings: Vec<(String, String)>,
}

/// `GET /problems/{id}`.
pub async fn show(
    State(state): State<AppState>,
    CsrfToken(csrf): CsrfToken,
    Path(id): Path<String>,
) -> AppResult<Html<String>> {
    let d = views::detail(&state.db, parse_path(&id)?).await?;
    let pid = d.problem.id;
    let resolution = Resolution::of(&d.problem).map(|r| resolution_view(&r, &state));
    let index = state.findings();
    let findings = index.findings().iter();
    let through = d.problem.merged_into.filter(|&m| m != d.problem.root_id);
    render(&ShowPage {
        csrf,
        created: short_time(&d.problem.created_at),
        through,
        item: d.summary.map(Into::into),
        resolution,
        incidents: member_views(d.incidents, pid),
        merged: d.merged,
        survivor: d.survivor,
        split_from: d.split_from,
        events: event_views(d.events, pid),
        findings: findings.map(|f| (f.id.clone(), f.title.clone())).collect(),
        p: d.problem,
    })
}

/// The merge form.
#[derive(Debug, Deserialize)]
pub struct MergeForm {
    #[serde(default)]
    pub into: String,
    pub author: Option<String>,
}

/// The forms with only an optional name (unmerge, reopen).
#[derive(Debug, Deserialize)]
pub struct NameForm {
    pub author: Option<String>,
}

/// The split form.
#[derive(Debug, Deserialize)]
pub struct SplitForm {
    /// A ticked "future incidents go here" box.
    pub takeover: Option<String>,
    pub author: Option<String>,
}

/// The resolve form.
#[derive(Debug, Deserialize)]
pub struct ResolveForm {
    pub finding: Option<String>,
    pub note: Option<String>,
    pub author: Option<String>,
}

fn back(id: i64) -> Redirect {
    Redirect::to(&problems::url(id))
}

/// `POST /problems/{id}/merge` (`into`, `author`).
pub async fn merge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _access: FormWriteAccess,
    CsrfForm(f): CsrfForm<MergeForm>,
) -> AppResult<Redirect> {
    let id = parse_path(&id)?;
    problems::merge(&state.db, id, &f.into, f.author.as_deref()).await?;
    Ok(back(id))
}

/// `POST /problems/{id}/unmerge` (`author`).
pub async fn unmerge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _access: FormWriteAccess,
    CsrfForm(f): CsrfForm<NameForm>,
) -> AppResult<Redirect> {
    let id = parse_path(&id)?;
    problems::unmerge(&state.db, id, f.author.as_deref()).await?;
    Ok(back(id))
}

/// `POST /problems/{id}/resolve` (`finding` and/or `note` with `author`).
pub async fn resolve(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _access: FormWriteAccess,
    CsrfForm(f): CsrfForm<ResolveForm>,
) -> AppResult<Redirect> {
    let id = parse_path(&id)?;
    let input = ResolveInput {
        finding: f.finding,
        note: f.note,
        author: f.author,
    };
    problems::resolve(&state.db, id, &input, &state.findings()).await?;
    Ok(back(id))
}

/// `POST /problems/{id}/reopen` (`author`).
pub async fn reopen(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _access: FormWriteAccess,
    CsrfForm(f): CsrfForm<NameForm>,
) -> AppResult<Redirect> {
    let id = parse_path(&id)?;
    problems::reopen(&state.db, id, f.author.as_deref()).await?;
    Ok(back(id))
}

/// `POST /incidents/{id}/split` (`takeover`, `author`): back to the problem it left.
pub async fn split(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _access: FormWriteAccess,
    CsrfForm(f): CsrfForm<SplitForm>,
) -> AppResult<Redirect> {
    let incident = incidents::get_by_param(&state.db, &id).await?;
    let takeover = f.takeover.is_some_and(|v| !v.is_empty());
    let s = problems::split(&state.db, incident.id, takeover, f.author.as_deref()).await?;
    Ok(back(s.from))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chart_scales_to_the_busiest_day() {
        let days: Vec<DayCount> = [0, 1, 0, 4]
            .iter()
            .enumerate()
            .map(|(i, &count)| DayCount {
                day: format!("2026-03-0{}", i + 1),
                count,
            })
            .collect();
        let c = chart(&days);
        assert_eq!(c.width, 16);
        assert_eq!(c.bars.len(), 2);
        assert_eq!((c.bars[0].x, c.bars[0].h), (4, 6));
        assert_eq!((c.bars[1].x, c.bars[1].y, c.bars[1].h), (12, 0, 24));
        assert_eq!(c.bars[0].title, "2026-03-02: 1 incident");
        assert_eq!(c.label, "5 incidents in the last 4 days");
        assert!(chart(&[]).bars.is_empty());
    }
}
