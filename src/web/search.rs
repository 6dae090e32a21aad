//! `GET /search?q=&class=&arch=&framework=&phase=&status=&since=`: findings, problems and
//! incidents that match, grouped by kind, with highlighted snippets; a help page for an empty
//! query.

use super::filters::short_time;
use super::render;
use crate::app::AppState;
use crate::error::{AppError, AppResult};
use crate::search::query::{parse_query, Mode, SearchParams};
use crate::search::{self, SearchResults};
use askama::Template;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::Html;
use crashdex_core::analysis::{ERROR_CLASSES, PHASES};

/// Hits of each kind on the page.
const PER_KIND: i64 = 20;

/// Statuses offered in the status menu: of problems (open, resolved) and findings.
const STATUSES: [&str; 4] = ["open", "resolved", "workaround", "fixed"];

/// An incident hit as shown.
struct IncidentItem {
    url: String,
    id: i64,
    time: String,
    verdict: String,
    error_class: String,
    phase: String,
    env: String,
    top_finding: Option<String>,
    first_error_html: String,
    /// The best passage, when it is not just the first error again.
    snippet_html: Option<String>,
}

/// A finding hit as shown.
struct FindingItem {
    id: String,
    title_html: String,
    severity: String,
    status: String,
    snippet_html: String,
}

/// A problem hit as shown.
struct ProblemItem {
    id: i64,
    title: String,
    resolved: bool,
    resolved_finding: Option<String>,
    matched: i64,
    last_seen: String,
}

/// The form's current values: the effective filters.
#[derive(Default)]
struct FormValues {
    q: String,
    class: String,
    arch: String,
    framework: String,
    phase: String,
    status: String,
    since: String,
}

/// An option of a filter menu.
struct MenuOption {
    value: &'static str,
    selected: bool,
}

fn menu(values: &[&'static str], current: &str) -> Vec<MenuOption> {
    values
        .iter()
        .map(|&value| MenuOption {
            value,
            selected: value == current,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "search/results.html")]
struct SearchPage {
    form: FormValues,
    classes: Vec<MenuOption>,
    phases: Vec<MenuOption>,
    statuses: Vec<MenuOption>,
    /// No term and no filter: the page shows how to search.
    empty: bool,
    /// Nothing searchable in a non-empty query (only punctuation).
    nothing_searchable: bool,
    any_mode: bool,
    notices: Vec<String>,
    total: String,
    incidents_total: i64,
    /// The incident count as shown: `10000+` when counting stopped.
    incidents_count: String,
    findings_total: i64,
    problems_total: i64,
    problems_count: String,
    incidents: Vec<IncidentItem>,
    problems: Vec<ProblemItem>,
    findings: Vec<FindingItem>,
}

/// `GET /search`.
pub async fn show(
    State(state): State<AppState>,
    params: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> AppResult<Html<String>> {
    let Query(pairs) = params.map_err(|e| AppError::BadRequest(e.body_text()))?;
    let params = SearchParams::from_pairs(&pairs);
    let query = parse_query(&params);
    let results = search::run(&state.db, &state.findings(), query, PER_KIND).await?;
    render(&page(&params, results))
}

fn page(params: &SearchParams, r: SearchResults) -> SearchPage {
    let f = &r.query.filters;
    let value = |v: &Option<String>| v.clone().unwrap_or_default();
    let form = FormValues {
        q: params.q.clone(),
        class: value(&f.class),
        arch: value(&f.arch),
        framework: value(&f.framework),
        phase: value(&f.phase),
        status: value(&f.status),
        since: value(&f.since),
    };
    SearchPage {
        empty: params.q.trim().is_empty() && r.query.filters.is_empty(),
        nothing_searchable: !params.q.trim().is_empty() && r.query.is_empty(),
        any_mode: r.mode == Mode::Any,
        notices: r.query.notices.clone(),
        total: shown(r.total(), r.incidents.capped || r.problems.capped),
        incidents_total: r.incidents.total,
        incidents_count: shown(r.incidents.total, r.incidents.capped),
        findings_total: r.findings.total,
        problems_total: r.problems.total,
        problems_count: shown(r.problems.total, r.problems.capped),
        problems: r
            .problems
            .hits
            .into_iter()
            .map(|h| ProblemItem {
                id: h.id,
                title: h.title,
                resolved: h.resolved_at.is_some(),
                resolved_finding: h.resolved_finding,
                matched: h.matched,
                last_seen: short_time(&h.last_seen),
            })
            .collect(),
        incidents: r.incidents.hits.into_iter().map(incident_item).collect(),
        findings: r
            .findings
            .hits
            .into_iter()
            .map(|h| FindingItem {
                id: h.finding.id,
                title_html: h.title_html,
                severity: h.finding.severity,
                status: h.finding.status,
                snippet_html: h.snippet_html,
            })
            .collect(),
        classes: menu(ERROR_CLASSES, &form.class),
        phases: menu(PHASES, &form.phase),
        statuses: menu(&STATUSES, &form.status),
        form,
    }
}

/// A count for people: `10000+` when it is a lower bound.
fn shown(n: i64, capped: bool) -> String {
    if capped {
        format!("{n}+")
    } else {
        n.to_string()
    }
}

fn incident_item(h: search::IncidentHit) -> IncidentItem {
    let env = [
        h.sm_arch.as_deref(),
        h.framework.as_deref(),
        h.framework_version.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    let snippet_html = (!h.snippet.is_empty()
        && !h.first_error.contains(h.snippet.trim_matches('…')))
    .then_some(h.snippet_html);
    IncidentItem {
        url: crate::incidents::url(h.id),
        id: h.id,
        time: short_time(&h.created_at),
        verdict: h.verdict,
        error_class: h.error_class,
        phase: h.phase,
        env,
        top_finding: h.top_finding,
        first_error_html: h.first_error_html,
        snippet_html,
    }
}
