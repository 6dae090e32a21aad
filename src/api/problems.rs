//! `GET /api/v1/problems` (a page of problems with their stats) and `GET /api/v1/problems/{id}`
//! (one problem, its incidents and its history). Wire types live here, built from the
//! `problems::views` types, never from rows directly.

use crate::app::AppState;
use crate::error::{ApiResult, AppError};
use crate::incidents;
use crate::problems::views::{self, DayCount, ProblemDetail, ProblemSummary, Resolution};
use crate::problems::{self, parse_path};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

/// Default and largest page size.
const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 200;

/// The problem routes (merged into [`super::router`]).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/problems", get(list))
        .route("/problems/{id}", get(show))
}

/// `?page=&limit=`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ProblemListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// How a problem was resolved.
#[derive(Debug, Serialize)]
pub struct ResolutionBody {
    pub finding: Option<String>,
    pub note: Option<String>,
    pub author: Option<String>,
    pub resolved_at: String,
}

impl From<Resolution> for ResolutionBody {
    fn from(r: Resolution) -> Self {
        ResolutionBody {
            finding: r.finding,
            note: r.note,
            author: r.author,
            resolved_at: r.at,
        }
    }
}

/// Incidents on one day.
#[derive(Debug, Serialize)]
pub struct DayBody {
    pub day: String,
    pub count: i64,
}

impl From<DayCount> for DayBody {
    fn from(d: DayCount) -> Self {
        DayBody {
            day: d.day,
            count: d.count,
        }
    }
}

/// A problem with its stats.
#[derive(Debug, Serialize)]
pub struct ProblemBody {
    pub id: i64,
    pub url: String,
    pub title: String,
    pub signature: String,
    pub fingerprint: String,
    pub count: i64,
    pub first_seen: String,
    pub last_seen: String,
    pub sm_archs: Vec<String>,
    pub frameworks: Vec<String>,
    pub top_finding: Option<String>,
    pub resolution: Option<ResolutionBody>,
    /// Incidents per day over the last 30 days, oldest first.
    pub daily: Vec<DayBody>,
}

impl From<ProblemSummary> for ProblemBody {
    fn from(s: ProblemSummary) -> Self {
        ProblemBody {
            id: s.id,
            url: s.url,
            title: s.title,
            signature: s.signature,
            fingerprint: s.fingerprint,
            count: s.count,
            first_seen: s.first_seen,
            last_seen: s.last_seen,
            sm_archs: s.archs,
            frameworks: s.frameworks,
            top_finding: s.top_finding,
            resolution: s.resolution.map(Into::into),
            daily: s.daily.into_iter().map(Into::into).collect(),
        }
    }
}

/// `GET /api/v1/problems` response.
#[derive(Debug, Serialize)]
pub struct ProblemList {
    pub problems: Vec<ProblemBody>,
    pub page: i64,
    pub pages: i64,
    pub total: i64,
}

/// An incident of a problem.
#[derive(Debug, Serialize)]
pub struct MemberBody {
    pub id: i64,
    pub url: String,
    pub created_at: String,
    pub fingerprint: String,
    pub first_error: Option<String>,
    /// The problem it is attached to (another one when it came with a merge).
    pub problem_id: i64,
}

/// An entry of a problem's history.
#[derive(Debug, Serialize)]
pub struct EventBody {
    pub kind: String,
    pub problem_id: i64,
    pub other_problem_id: Option<i64>,
    pub incident_id: Option<i64>,
    pub author: Option<String>,
    pub detail: Option<String>,
    pub created_at: String,
}

/// `GET /api/v1/problems/{id}` response.
#[derive(Debug, Serialize)]
pub struct ProblemResponse {
    pub id: i64,
    pub url: String,
    pub signature: String,
    pub fingerprint: String,
    /// The problem it was merged into, and the one that survives at the end of the chain.
    pub merged_into: Option<i64>,
    pub survivor_id: i64,
    pub merged: Vec<i64>,
    /// Stats of the incidents that show under it (`null` when merged away).
    pub stats: Option<ProblemBody>,
    pub resolution: Option<ResolutionBody>,
    pub incidents: Vec<MemberBody>,
    pub events: Vec<EventBody>,
}

impl From<ProblemDetail> for ProblemResponse {
    fn from(d: ProblemDetail) -> Self {
        let p = d.problem;
        ProblemResponse {
            url: problems::url(p.id),
            id: p.id,
            resolution: Resolution::of(&p).map(Into::into),
            signature: p.signature,
            fingerprint: p.fingerprint,
            merged_into: p.merged_into,
            survivor_id: p.root_id,
            merged: d.merged.iter().map(|m| m.id).collect(),
            stats: d.summary.map(Into::into),
            incidents: d
                .incidents
                .into_iter()
                .map(|m| MemberBody {
                    url: incidents::url(m.id),
                    id: m.id,
                    created_at: m.created_at,
                    fingerprint: m.fingerprint,
                    first_error: m.first_error_text,
                    problem_id: m.problem_id,
                })
                .collect(),
            events: d
                .events
                .into_iter()
                .map(|e| EventBody {
                    kind: e.kind,
                    problem_id: e.problem_id,
                    other_problem_id: e.other_problem_id,
                    incident_id: e.incident_id,
                    author: e.author,
                    detail: e.detail,
                    created_at: e.created_at,
                })
                .collect(),
        }
    }
}

/// `GET /api/v1/problems?page=&limit=`: most recently seen first.
pub async fn list(
    State(state): State<AppState>,
    query: Result<Query<ProblemListQuery>, QueryRejection>,
) -> ApiResult<Json<ProblemList>> {
    let Query(q) = query.map_err(|e| AppError::BadRequest(e.body_text()))?;
    let limit = q.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(AppError::BadRequest(format!("limit must be 1 to {MAX_LIMIT}")).into());
    }
    let page = views::list(&state.db, q.page.unwrap_or(1).max(1), limit).await?;
    Ok(Json(ProblemList {
        problems: page.items.into_iter().map(Into::into).collect(),
        page: page.page,
        pages: page.pages,
        total: page.total,
    }))
}

/// `GET /api/v1/problems/{id}`.
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<ProblemResponse>> {
    let d = views::detail(&state.db, parse_path(&id)?).await?;
    Ok(Json(d.into()))
}
