//! `POST /api/v1/incidents`, `GET /api/v1/incidents`, `GET /api/v1/incidents/{id}`.

use super::types::{CreatedResponse, IncidentList, IncidentResponse, ListQuery};
use crate::app::AppState;
use crate::db;
use crate::error::{ApiResult, AppError};
use crate::extract::Upload;
use crate::incidents;
use crate::ingest::ingest_log;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// Default and largest page size of the list.
const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 500;

/// `POST /api/v1/incidents`: raw body (gzip detected) or multipart `file` → 201, or 200 for
/// bytes uploaded before.
pub async fn create(
    State(state): State<AppState>,
    upload: Result<Upload, AppError>,
) -> ApiResult<Response> {
    let upload = upload?;
    let (incident, created) = ingest_log(&state, upload.filename, upload.bytes).await?;
    let url = incident.url();
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    let body = CreatedResponse {
        id: incident.id,
        url: url.clone(),
        created,
        redactions: incident.redactions,
        analysis: incident.analysis,
    };
    Ok((status, [(header::LOCATION, url)], Json(body)).into_response())
}

/// `GET /api/v1/incidents/{id}`.
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<IncidentResponse>> {
    let incident = incidents::get_by_param(&state.db, &id).await?;
    Ok(Json(incident.into()))
}

/// `GET /api/v1/incidents?limit=&before=`: newest first, `next_before` for the next page.
pub async fn list(
    State(state): State<AppState>,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> ApiResult<Json<IncidentList>> {
    let Query(q) = query.map_err(|e| AppError::BadRequest(e.body_text()))?;
    let limit = q.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(AppError::BadRequest(format!("limit must be 1 to {MAX_LIMIT}")).into());
    }
    let rows = db::incidents::list_before(&state.db, q.before, limit).await?;
    let next_before = (rows.len() as i64 == limit)
        .then(|| rows.last().map(|r| r.id))
        .flatten();
    Ok(Json(IncidentList {
        incidents: rows.into_iter().map(Into::into).collect(),
        next_before,
    }))
}
