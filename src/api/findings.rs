//! `GET /api/v1/findings` (with the page's filters) and `GET /api/v1/findings/{id}`.

use super::types::{FindingList, FindingResponse, FindingSummary, MatchedIncident};
use crate::app::AppState;
use crate::db;
use crate::error::{ApiResult, AppError};
use crate::findings_filter::FindingsFilter;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::Json;

/// How many matching incidents a finding lists.
const INCIDENTS_LISTED: i64 = 100;

/// The findings of the knowledge base, filtered like the `/findings` page.
#[utoipa::path(
    get,
    path = "/findings",
    tag = "findings",
    params(
        ("q" = Option<String>, Query, description = "Words in the id, title or body"),
        ("component" = Option<String>, Query, description = "Only this component"),
        ("status" = Option<String>, Query, description = "Only this status"),
        ("arch" = Option<String>, Query, description = "Only findings that apply to this SM architecture"),
    ),
    responses(
        (status = 200, body = FindingList),
        (status = 400, body = super::types::ErrorResponse),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    filter: Result<Query<FindingsFilter>, QueryRejection>,
) -> ApiResult<Json<FindingList>> {
    let Query(filter) = filter.map_err(|e| AppError::BadRequest(e.body_text()))?;
    let index = state.findings();
    let findings = index
        .findings()
        .iter()
        .filter(|f| filter.matches(f))
        .map(FindingSummary::from)
        .collect();
    Ok(Json(FindingList { findings }))
}

/// One finding and the incidents that matched it, newest first.
#[utoipa::path(
    get,
    path = "/findings/{id}",
    tag = "findings",
    params(("id" = String, Path, description = "Finding id")),
    responses(
        (status = 200, body = FindingResponse),
        (status = 404, body = super::types::ErrorResponse),
    )
)]
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<FindingResponse>> {
    let finding = state
        .findings()
        .get(&id)
        .cloned()
        .ok_or_else(|| AppError::NotFound(format!("no finding `{id}`")))?;
    let rows = db::matches::incidents_for_finding(&state.db, &finding.id, INCIDENTS_LISTED).await?;
    let incidents = rows
        .into_iter()
        .map(|r| MatchedIncident {
            url: crate::incidents::url(r.id),
            id: r.id,
            created_at: r.created_at,
            score: r.score,
        })
        .collect();
    Ok(Json(FindingResponse {
        url: format!("/findings/{}", finding.id),
        finding,
        incidents,
    }))
}
