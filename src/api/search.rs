//! `GET /api/v1/search?q=&class=&arch=&framework=&phase=&status=&since=&limit=`: the search of
//! `/search` as JSON, grouped by kind, with snippets as plain text and as HTML (`<mark>`).

use crate::app::AppState;
use crate::error::{ApiResult, AppError};
use crate::search::query::{parse_query, Filters, Mode, SearchParams};
use crate::search::{self, FindingHit, Group, IncidentHit, ProblemHit, SearchResults};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

/// Default and largest number of hits of each kind.
const DEFAULT_LIMIT: i64 = 20;
const MAX_LIMIT: i64 = 100;

/// `GET /api/v1/search` response.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResponse {
    pub query: QueryInfo,
    /// Hits of every kind.
    pub total: i64,
    pub findings: FindingGroup,
    pub problems: ProblemGroup,
    pub incidents: IncidentGroup,
}

/// How the query was understood.
#[derive(Debug, Serialize, ToSchema)]
pub struct QueryInfo {
    pub text: String,
    /// The words and phrases searched for, each matched as a quoted string.
    pub terms: Vec<String>,
    pub filters: FiltersResponse,
    /// `all`: every term matched; `any`: nothing had every term, so any term was enough.
    pub mode: &'static str,
    /// What was ignored or looks wrong (an unknown class, a bad date).
    pub notices: Vec<String>,
}

/// The filters in force (from the query text or the fields).
#[derive(Debug, Serialize, ToSchema)]
pub struct FiltersResponse {
    pub class: Option<String>,
    pub arch: Option<String>,
    pub framework: Option<String>,
    pub phase: Option<String>,
    pub status: Option<String>,
    pub since: Option<String>,
}

impl From<Filters> for FiltersResponse {
    fn from(f: Filters) -> Self {
        FiltersResponse {
            class: f.class,
            arch: f.arch,
            framework: f.framework,
            phase: f.phase,
            status: f.status,
            since: f.since,
        }
    }
}

/// The incidents that matched: how many in all, and the best `limit`, best first.
#[derive(Debug, Serialize, ToSchema)]
pub struct IncidentGroup {
    pub total: i64,
    /// Whether counting stopped early (`total` is then a lower bound).
    pub capped: bool,
    pub hits: Vec<IncidentHitResponse>,
}

/// The findings that matched: how many in all, and the best `limit`, best first.
#[derive(Debug, Serialize, ToSchema)]
pub struct FindingGroup {
    pub total: i64,
    /// Whether counting stopped early (`total` is then a lower bound).
    pub capped: bool,
    pub hits: Vec<FindingHitResponse>,
}

/// The problems that matched: how many in all, and the best `limit`, best first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProblemGroup {
    pub total: i64,
    /// Whether counting stopped early (`total` is then a lower bound).
    pub capped: bool,
    pub hits: Vec<ProblemHitResponse>,
}

/// An incident that matched.
#[derive(Debug, Serialize, ToSchema)]
pub struct IncidentHitResponse {
    pub id: i64,
    pub url: String,
    pub created_at: String,
    pub verdict: String,
    pub error_class: String,
    pub phase: String,
    pub sm_arch: Option<String>,
    pub framework: Option<String>,
    pub framework_version: Option<String>,
    pub top_finding: Option<String>,
    pub first_error: String,
    pub snippet: String,
    /// The snippet as HTML: escaped text, matches in `<mark>`.
    pub snippet_html: String,
    /// bm25 (lower is better; 0 for a search with filters only).
    pub score: f64,
}

impl From<IncidentHit> for IncidentHitResponse {
    fn from(h: IncidentHit) -> Self {
        IncidentHitResponse {
            url: crate::incidents::url(h.id),
            id: h.id,
            created_at: h.created_at,
            verdict: h.verdict,
            error_class: h.error_class,
            phase: h.phase,
            sm_arch: h.sm_arch,
            framework: h.framework,
            framework_version: h.framework_version,
            top_finding: h.top_finding,
            first_error: h.first_error,
            snippet: h.snippet,
            snippet_html: h.snippet_html,
            score: h.score,
        }
    }
}

/// A finding that matched.
#[derive(Debug, Serialize, ToSchema)]
pub struct FindingHitResponse {
    pub id: String,
    pub url: String,
    pub title: String,
    pub severity: String,
    pub status: String,
    pub snippet: String,
    pub snippet_html: String,
    pub score: f64,
}

impl From<FindingHit> for FindingHitResponse {
    fn from(h: FindingHit) -> Self {
        FindingHitResponse {
            url: format!("/findings/{}", h.finding.id),
            id: h.finding.id,
            title: h.finding.title,
            severity: h.finding.severity,
            status: h.finding.status,
            snippet: h.snippet,
            snippet_html: h.snippet_html,
            score: h.score,
        }
    }
}

/// A problem some of whose incidents matched.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProblemHitResponse {
    pub id: i64,
    pub url: String,
    pub title: String,
    pub signature: String,
    /// `open` or `resolved`.
    pub status: &'static str,
    pub resolved_finding: Option<String>,
    /// How many of its incidents matched.
    pub matched_incidents: i64,
    /// The newest matching incident's time.
    pub last_seen: String,
    pub score: f64,
}

impl From<ProblemHit> for ProblemHitResponse {
    fn from(h: ProblemHit) -> Self {
        ProblemHitResponse {
            url: format!("/problems/{}", h.id),
            id: h.id,
            title: h.title,
            signature: h.signature,
            status: if h.resolved_at.is_some() {
                "resolved"
            } else {
                "open"
            },
            resolved_finding: h.resolved_finding,
            matched_incidents: h.matched,
            last_seen: h.last_seen,
            score: h.score,
        }
    }
}

fn hits<T, R: From<T>>(g: Group<T>) -> (i64, bool, Vec<R>) {
    (g.total, g.capped, g.hits.into_iter().map(R::from).collect())
}

impl From<SearchResults> for SearchResponse {
    fn from(r: SearchResults) -> Self {
        let total = r.total();
        let (findings_total, findings_capped, findings) = hits(r.findings);
        let (problems_total, problems_capped, problems) = hits(r.problems);
        let (incidents_total, incidents_capped, incidents) = hits(r.incidents);
        SearchResponse {
            total,
            query: QueryInfo {
                text: r.query.text,
                terms: r.query.terms,
                filters: r.query.filters.into(),
                mode: match r.mode {
                    Mode::All => "all",
                    Mode::Any => "any",
                },
                notices: r.query.notices,
            },
            findings: FindingGroup {
                total: findings_total,
                capped: findings_capped,
                hits: findings,
            },
            problems: ProblemGroup {
                total: problems_total,
                capped: problems_capped,
                hits: problems,
            },
            incidents: IncidentGroup {
                total: incidents_total,
                capped: incidents_capped,
                hits: incidents,
            },
        }
    }
}

/// Full-text search over findings, problems and incidents (bm25 ranking, highlighted
/// snippets). Words in `q` are searched as plain text, never as query syntax; filters may be
/// written in `q` (`class:cuda_oom arch:sm_120 framework:sglang phase:decode status:open
/// since:2026-11-01`) or given as fields.
#[utoipa::path(
    get,
    path = "/search",
    tag = "search",
    params(
        ("q" = Option<String>, Query, description = "Words, a pasted error line, and/or filters"),
        ("class" = Option<String>, Query, description = "Error class, e.g. cuda_oom"),
        ("arch" = Option<String>, Query, description = "SM architecture, e.g. sm_120, or sm_12*"),
        ("framework" = Option<String>, Query, description = "Framework, e.g. sglang"),
        ("phase" = Option<String>, Query, description = "Phase, e.g. decode"),
        ("status" = Option<String>, Query, description = "Finding or problem status, e.g. open"),
        ("since" = Option<String>, Query, description = "Incidents from this day on (YYYY-MM-DD)"),
        ("limit" = Option<i64>, Query, description = "Hits of each kind, 1 to 100 (default 20)"),
    ),
    responses(
        (status = 200, body = SearchResponse),
        (status = 400, body = super::types::ErrorResponse),
    )
)]
pub async fn search(
    State(state): State<AppState>,
    params: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> ApiResult<Json<SearchResponse>> {
    let Query(pairs) = params.map_err(|e| AppError::BadRequest(e.body_text()))?;
    let limit = parse_limit(&pairs)?;
    let query = parse_query(&SearchParams::from_pairs(&pairs));
    let results = search::run(&state.db, &state.findings(), query, limit).await?;
    Ok(Json(results.into()))
}

/// `?limit=`: 1 to [`MAX_LIMIT`], [`DEFAULT_LIMIT`] when absent or empty.
fn parse_limit(pairs: &[(String, String)]) -> Result<i64, AppError> {
    let raw = pairs
        .iter()
        .rev()
        .find(|(k, _)| k == "limit")
        .map(|(_, v)| v.trim())
        .unwrap_or("");
    if raw.is_empty() {
        return Ok(DEFAULT_LIMIT);
    }
    match raw.parse::<i64>() {
        Ok(n) if (1..=MAX_LIMIT).contains(&n) => Ok(n),
        _ => Err(AppError::BadRequest(format!(
            "limit must be 1 to {MAX_LIMIT}"
        ))),
    }
}
