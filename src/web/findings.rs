//! `GET /findings` (the knowledge base, filtered in memory) and `GET /findings/{id}` (one finding
//! and the incidents that matched it).

use super::filters::{score, short_time, truncate};
use super::render;
use crate::app::AppState;
use crate::db;
use crate::error::{AppError, AppResult};
use crate::findings_filter::FindingsFilter;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::Html;
use crashdex_core::Finding;

#[derive(Template)]
#[template(path = "findings/list.html")]
struct ListPage {
    findings: Vec<Finding>,
    total: usize,
    filter: FindingsFilter,
    components: Vec<String>,
    statuses: Vec<String>,
}

/// `GET /findings?q=&component=&status=&arch=`.
pub async fn list(
    State(state): State<AppState>,
    Query(filter): Query<FindingsFilter>,
) -> AppResult<Html<String>> {
    let index = state.findings();
    let all = index.findings();
    render(&ListPage {
        findings: all.iter().filter(|f| filter.matches(f)).cloned().collect(),
        total: all.len(),
        components: FindingsFilter::values(all, |f| f.components.clone()),
        statuses: FindingsFilter::values(all, |f| vec![f.status.clone()]),
        filter,
    })
}

/// An incident that matched the finding.
struct MatchedIncident {
    url: String,
    id: i64,
    time: String,
    verdict: String,
    first_error: String,
    score: String,
}

#[derive(Template)]
#[template(path = "findings/show.html")]
struct ShowPage {
    f: Finding,
    incidents: Vec<MatchedIncident>,
}

/// How many matching incidents a finding page lists.
const INCIDENTS_SHOWN: i64 = 50;

/// `GET /findings/{id}`.
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> AppResult<Html<String>> {
    let f = state
        .findings()
        .get(&id)
        .cloned()
        .ok_or_else(|| AppError::NotFound(format!("no finding `{id}`")))?;
    let rows = db::matches::incidents_for_finding(&state.db, &f.id, INCIDENTS_SHOWN).await?;
    let incidents = rows
        .into_iter()
        .map(|r| MatchedIncident {
            url: crate::incidents::url(r.id),
            id: r.id,
            time: short_time(&r.created_at),
            verdict: r.verdict,
            first_error: truncate(r.first_error_text.as_deref().unwrap_or(""), 120),
            score: score(r.score),
        })
        .collect();
    render(&ShowPage { f, incidents })
}
