//! `POST /api/v1/incidents` (one or several files, with metadata), `GET /api/v1/incidents`
//! (filters, cursor), `GET /api/v1/incidents/{id}` and `GET /api/v1/incidents/{id}/log` (the
//! original bytes, `Range` supported).

use super::range::{self, RangeReply};
use super::types::{
    CreatedResponse, ErrorResponse, IncidentList, IncidentResponse, ListQuery, LogQuery,
    PartResponse,
};
use super::upload::{ApiUpload, MetaQuery, SOURCES};
use crate::app::AppState;
use crate::auth::WriteAccess;
use crate::bundle::ingest_files;
use crate::db::incident_meta::{self, ListFilter};
use crate::error::{ApiResult, AppError};
use crate::incidents;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use crashdex_core::analysis::ERROR_CLASSES;

/// Default and largest page size of the list.
const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 500;

/// Create an incident from one log, or from several (one per rank) analysed together.
#[utoipa::path(
    post,
    path = "/incidents",
    tag = "incidents",
    params(MetaQuery),
    request_body(
        description = "The log as the raw body (plain or gzip; name it with `X-Filename`), or \
                       `multipart/form-data` with one or more files (and `source`, `job`, \
                       `host`, `labels` fields).",
        content(("application/octet-stream"), ("multipart/form-data"))
    ),
    responses(
        (status = 201, description = "A new incident; `Location` names its page", body = CreatedResponse),
        (status = 200, description = "The same bytes were uploaded before: that incident", body = CreatedResponse),
        (status = 400, description = "Empty or malformed upload, bad metadata", body = ErrorResponse),
        (status = 401, description = "A token is needed, or the one sent is unknown or revoked", body = ErrorResponse),
        (status = 403, description = "The token may not write", body = ErrorResponse),
        (status = 413, description = "Over the upload limit", body = ErrorResponse),
        (status = 429, description = "Rate limit: see `Retry-After`", body = ErrorResponse),
    ),
    security((), ("bearer" = []))
)]
pub async fn create(
    State(state): State<AppState>,
    _access: WriteAccess,
    upload: Result<ApiUpload, AppError>,
) -> ApiResult<Response> {
    let upload = upload?;
    let (incident, created) = ingest_files(&state, upload.files, upload.meta).await?;
    let url = incident.url();
    let meta = incident_meta::get(&state.db, incident.id).await?;
    let parts: Vec<PartResponse> = incident_meta::parts(&state.db, incident.id)
        .await?
        .into_iter()
        .map(|p| PartResponse::new(incident.id, p))
        .collect();
    let earlier = incident_meta::earlier_with_fingerprint(
        &state.db,
        &incident.analysis.fingerprint,
        incident.id,
    )
    .await?;
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
        new_problem: incident.analysis.crash && earlier == 0,
        culprit: parts.iter().find(|p| p.culprit).cloned(),
        parts,
        meta: meta.into(),
        analysis: incident.analysis,
    };
    Ok((status, [(header::LOCATION, url)], Json(body)).into_response())
}

/// One incident, with its metadata and files.
#[utoipa::path(
    get,
    path = "/incidents/{id}",
    tag = "incidents",
    params(("id" = i64, Path, description = "Incident id")),
    responses(
        (status = 200, body = IncidentResponse),
        (status = 404, body = ErrorResponse),
    )
)]
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<IncidentResponse>> {
    let incident = incidents::get_by_param(&state.db, &id).await?;
    let meta = incident_meta::get(&state.db, incident.id).await?;
    let parts = incident_meta::parts(&state.db, incident.id).await?;
    Ok(Json(IncidentResponse::new(incident, meta, parts)))
}

/// Incidents, newest first, filtered; `next_before` is the cursor of the next page.
#[utoipa::path(
    get,
    path = "/incidents",
    tag = "incidents",
    params(ListQuery),
    responses(
        (status = 200, body = IncidentList),
        (status = 400, description = "A bad filter or limit", body = ErrorResponse),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> ApiResult<Json<IncidentList>> {
    let Query(q) = query.map_err(|e| AppError::BadRequest(e.body_text()))?;
    let limit = q.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(AppError::BadRequest(format!("limit must be 1 to {MAX_LIMIT}")).into());
    }
    let filter = list_filter(q)?;
    let rows = incident_meta::list_filtered(&state.db, &filter, limit).await?;
    let next_before = (rows.len() as i64 == limit)
        .then(|| rows.last().map(|r| r.id))
        .flatten();
    Ok(Json(IncidentList {
        incidents: rows.into_iter().map(Into::into).collect(),
        next_before,
    }))
}

/// Checks the list's filters.
fn list_filter(q: ListQuery) -> Result<ListFilter, AppError> {
    let nonempty = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    let class = nonempty(q.class);
    if let Some(c) = &class {
        if !ERROR_CLASSES.contains(&c.as_str()) {
            return Err(AppError::BadRequest(format!(
                "unknown class `{c}`; one of {}",
                ERROR_CLASSES.join(", ")
            )));
        }
    }
    let source = nonempty(q.source).map(|s| s.to_ascii_lowercase());
    if let Some(s) = &source {
        if !SOURCES.contains(&s.as_str()) {
            return Err(AppError::BadRequest(format!(
                "unknown source `{s}`; one of {}",
                SOURCES.join(", ")
            )));
        }
    }
    let since = nonempty(q.since).map(|s| parse_since(&s)).transpose()?;
    Ok(ListFilter {
        class,
        finding: nonempty(q.finding),
        source,
        since,
        before: q.before,
    })
}

/// `since` as stored times are written (RFC 3339, UTC, seconds): from RFC 3339 or a date.
pub fn parse_since(s: &str) -> Result<String, AppError> {
    use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(t
            .with_timezone(&Utc)
            .to_rfc3339_opts(SecondsFormat::Secs, true));
    }
    if let Ok(d) = NaiveDate::parse_from_str(s, "%Y-%m-%d") {
        return Ok(format!("{}T00:00:00Z", d.format("%Y-%m-%d")));
    }
    Err(AppError::BadRequest(format!(
        "since `{s}` is not a time (2026-03-01 or 2026-03-01T12:00:00Z)"
    )))
}

/// The original bytes of an incident's log (or of one of its files), `Range` supported.
#[utoipa::path(
    get,
    path = "/incidents/{id}/log",
    tag = "incidents",
    params(("id" = i64, Path, description = "Incident id"), LogQuery,
           ("Range" = Option<String>, Header, description = "One byte range, `bytes=START-END`")),
    responses(
        (status = 200, description = "The whole log", content_type = "text/plain", body = String),
        (status = 206, description = "The requested range, with `Content-Range`", content_type = "text/plain", body = String),
        (status = 404, body = ErrorResponse),
        (status = 416, description = "The range lies past the end", body = ErrorResponse),
    )
)]
pub async fn log(
    State(state): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<LogQuery>, QueryRejection>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let Query(q) = query.map_err(|e| AppError::BadRequest(e.body_text()))?;
    let incident = incidents::get_by_param(&state.db, &id).await?;
    let (filename, mut body) = incidents::raw_log(&state.db, incident.id).await?;
    let (name, etag) = match q.part {
        None => (filename, incident.sha256),
        Some(idx) => {
            let part = incident_meta::parts(&state.db, incident.id)
                .await?
                .into_iter()
                .find(|p| p.idx == idx)
                .ok_or_else(|| AppError::NotFound(format!("incident {id} has no part {idx}")))?;
            let start = usize::try_from(part.byte_start).unwrap_or(usize::MAX);
            let end = start.saturating_add(usize::try_from(part.size).unwrap_or(0));
            body = body
                .get(start..end)
                .ok_or_else(|| {
                    AppError::Internal(format!("incident {id}: part {idx} out of bounds"))
                })?
                .to_vec();
            (part.filename, part.sha256)
        }
    };
    Ok(ranged(body, name.as_deref(), incident.id, &etag, &headers))
}

/// The reply to a (maybe ranged) GET of `body`.
fn ranged(body: Vec<u8>, name: Option<&str>, id: i64, etag: &str, headers: &HeaderMap) -> Response {
    let etag = format!("\"{etag}\"");
    let len = body.len() as u64;
    // If-Range with another validator: the representation changed, send it whole
    let if_range_ok = headers
        .get(header::IF_RANGE)
        .is_none_or(|v| v.to_str().is_ok_and(|v| v == etag));
    let range_header = headers.get(header::RANGE).and_then(|v| v.to_str().ok());
    let reply = if if_range_ok {
        range::parse(range_header, len)
    } else {
        RangeReply::Full
    };
    let mut out = match reply {
        RangeReply::Full => (StatusCode::OK, body).into_response(),
        RangeReply::Partial(r) => {
            let content_range = range::content_range(&r, len);
            let slice = body[r.start as usize..r.end as usize].to_vec();
            let mut res = (StatusCode::PARTIAL_CONTENT, slice).into_response();
            insert(&mut res, header::CONTENT_RANGE, &content_range);
            res
        }
        RangeReply::Unsatisfiable => {
            let body = ErrorResponse {
                error: "range_not_satisfiable".into(),
                message: format!("the log has {len} bytes"),
            };
            let mut res = (StatusCode::RANGE_NOT_SATISFIABLE, Json(body)).into_response();
            insert(&mut res, header::CONTENT_RANGE, &format!("bytes */{len}"));
            return res;
        }
    };
    insert(&mut out, header::CONTENT_TYPE, "text/plain; charset=utf-8");
    insert(&mut out, header::ACCEPT_RANGES, "bytes");
    insert(&mut out, header::ETAG, &etag);
    let disposition = format!("inline; filename=\"{}\"", safe_name(name, id));
    insert(&mut out, header::CONTENT_DISPOSITION, &disposition);
    out
}

fn insert(res: &mut Response, name: header::HeaderName, value: &str) {
    if let Ok(v) = HeaderValue::from_str(value) {
        res.headers_mut().insert(name, v);
    }
}

/// A safe ASCII file name for Content-Disposition.
fn safe_name(filename: Option<&str>, id: i64) -> String {
    let clean: String = filename
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .collect();
    if clean.is_empty() || clean.starts_with('.') {
        format!("incident-{id}.log")
    } else {
        clean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn since_accepts_dates_and_times() {
        assert_eq!(parse_since("2026-03-01").unwrap(), "2026-03-01T00:00:00Z");
        assert_eq!(
            parse_since("2026-03-01T12:00:00+02:00").unwrap(),
            "2026-03-01T10:00:00Z"
        );
        assert!(parse_since("yesterday").is_err());
    }

    #[test]
    fn names_are_safe() {
        assert_eq!(safe_name(Some("rank 3\".log"), 1), "rank3.log");
        assert_eq!(safe_name(None, 4), "incident-4.log");
    }
}
