//! What the API sends and receives: request query structs and response bodies, built from the
//! domain types (never from database rows directly).

use crate::db::incident_meta::{MetaRow, PartRow};
use crate::db::incidents::SummaryRow;
use crate::incidents::{self, Incident};
use crashdex_core::{Analysis, Finding, LineRef};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// `POST /api/v1/incidents` response.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedResponse {
    pub id: i64,
    pub url: String,
    /// `false` when the same bytes were uploaded before.
    pub created: bool,
    /// Secrets replaced in the log before it was stored ("3 secrets redacted").
    pub redactions: i64,
    /// No earlier incident has this fingerprint (always `false` for a log without a crash).
    pub new_problem: bool,
    /// The file the analysis comes from, for a multi-file upload.
    pub culprit: Option<PartResponse>,
    /// The files of a multi-file upload, in upload order (empty for one file).
    pub parts: Vec<PartResponse>,
    #[serde(flatten)]
    pub meta: MetaResponse,
    /// The analysis (the SPEC.md contract); of the culprit file for a multi-file upload.
    #[schema(value_type = Object)]
    pub analysis: Analysis,
}

/// `GET /api/v1/incidents/{id}` response.
#[derive(Debug, Serialize, ToSchema)]
pub struct IncidentResponse {
    pub id: i64,
    pub url: String,
    /// The original bytes (`Range` supported).
    pub log_url: String,
    pub created_at: String,
    pub filename: Option<String>,
    pub size: i64,
    pub sha256: String,
    /// Secrets replaced in the log before it was stored ("3 secrets redacted").
    pub redactions: i64,
    #[serde(flatten)]
    pub meta: MetaResponse,
    /// The files of a multi-file upload, in upload order (empty for one file).
    pub parts: Vec<PartResponse>,
    /// The analysis (the SPEC.md contract); of the culprit file for a multi-file upload.
    #[schema(value_type = Object)]
    pub analysis: Analysis,
}

impl IncidentResponse {
    /// The response for an incident, its metadata and its files.
    pub fn new(i: Incident, meta: MetaRow, parts: Vec<PartRow>) -> Self {
        IncidentResponse {
            url: i.url(),
            log_url: log_url(i.id),
            meta: meta.into(),
            parts: parts
                .into_iter()
                .map(|p| PartResponse::new(i.id, p))
                .collect(),
            id: i.id,
            created_at: i.created_at,
            filename: i.filename,
            size: i.size,
            sha256: i.sha256,
            redactions: i.redactions,
            analysis: i.analysis,
        }
    }
}

/// `GET /api/v1/incidents` query: filters, and the cursor `before` (an incident id).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Page size, 1 to 500 (default 50).
    pub limit: Option<i64>,
    /// The cursor: only incidents older than this id (the previous page's `next_before`).
    pub before: Option<i64>,
    /// Only this error class (`cuda_oom`, `nccl_timeout`, ...).
    pub class: Option<String>,
    /// Only incidents that matched this finding id.
    pub finding: Option<String>,
    /// Only this source (`ci`, `bot`, `user`).
    pub source: Option<String>,
    /// Only incidents created at or after this time (RFC 3339 or `YYYY-MM-DD`, UTC).
    pub since: Option<String>,
}

/// One incident of a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct IncidentSummary {
    pub id: i64,
    pub url: String,
    pub created_at: String,
    pub filename: Option<String>,
    pub size: i64,
    pub crash: bool,
    pub verdict: String,
    pub error_class: String,
    pub phase: String,
    pub signature: String,
    pub fingerprint: String,
    /// `{line, text}` of the first error.
    #[schema(value_type = Option<Object>)]
    pub first_error: Option<LineRef>,
    pub top_finding: Option<String>,
}

impl From<SummaryRow> for IncidentSummary {
    fn from(r: SummaryRow) -> Self {
        let first_error = match (r.first_error_line, r.first_error_text) {
            (Some(line), Some(text)) => Some(LineRef {
                line: line.max(0) as u64,
                text,
            }),
            _ => None,
        };
        IncidentSummary {
            url: incidents::url(r.id),
            id: r.id,
            created_at: r.created_at,
            filename: r.filename,
            size: r.size,
            crash: r.crash,
            verdict: r.verdict,
            error_class: r.error_class,
            phase: r.phase,
            signature: r.signature,
            fingerprint: r.fingerprint,
            first_error,
            top_finding: r.top_finding,
        }
    }
}

/// `GET /api/v1/incidents` response.
#[derive(Debug, Serialize, ToSchema)]
pub struct IncidentList {
    pub incidents: Vec<IncidentSummary>,
    /// Pass as `?before=` for the next (older) page; `null` on the last page.
    pub next_before: Option<i64>,
}

/// A finding in the findings list.
#[derive(Debug, Serialize, ToSchema)]
pub struct FindingSummary {
    pub id: String,
    pub url: String,
    pub title: String,
    pub severity: String,
    pub status: String,
    pub informational: bool,
    pub components: Vec<String>,
}

impl From<&Finding> for FindingSummary {
    fn from(f: &Finding) -> Self {
        FindingSummary {
            id: f.id.clone(),
            url: format!("/findings/{}", f.id),
            title: f.title.clone(),
            severity: f.severity.clone(),
            status: f.status.clone(),
            informational: f.informational,
            components: f.components.clone(),
        }
    }
}

/// `GET /api/v1/findings` response.
#[derive(Debug, Serialize, ToSchema)]
pub struct FindingList {
    pub findings: Vec<FindingSummary>,
}

/// An incident that matched a finding.
#[derive(Debug, Serialize, ToSchema)]
pub struct MatchedIncident {
    pub id: i64,
    pub url: String,
    pub created_at: String,
    pub score: f64,
}

/// `GET /api/v1/findings/{id}` response: the finding and the incidents that matched it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FindingResponse {
    /// The whole finding, as loaded from its file.
    #[schema(value_type = Object)]
    pub finding: Finding,
    pub url: String,
    pub incidents: Vec<MatchedIncident>,
}

/// The API path of an incident's original log.
pub fn log_url(id: i64) -> String {
    format!("/api/v1/incidents/{id}/log")
}

/// What the uploader said about an incident.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct MetaResponse {
    /// `ci`, `bot` or `user`, when given.
    pub source: Option<String>,
    pub job: Option<String>,
    pub host: Option<String>,
    pub labels: Vec<String>,
}

impl From<MetaRow> for MetaResponse {
    fn from(m: MetaRow) -> Self {
        MetaResponse {
            source: m.source,
            job: m.job,
            host: m.host,
            labels: m
                .labels
                .and_then(|l| serde_json::from_str(&l).ok())
                .unwrap_or_default(),
        }
    }
}

/// One file of a multi-file incident.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PartResponse {
    /// 0-based position in the upload.
    pub index: i64,
    pub filename: Option<String>,
    /// From the file name (`rank3.log`) or the file's own analysis.
    pub rank: Option<i64>,
    /// Whether the incident's analysis is this file's.
    pub culprit: bool,
    pub size: i64,
    pub sha256: String,
    pub crash: bool,
    pub error_class: String,
    /// `{line, text}` of the file's first error, the line counted in the file.
    #[schema(value_type = Option<Object>)]
    pub first_error: Option<LineRef>,
    /// The line of the incident's log where this file starts.
    pub line_start: i64,
    /// This file's original bytes.
    pub log_url: String,
}

impl PartResponse {
    /// The response for part `p` of incident `incident_id`.
    pub fn new(incident_id: i64, p: PartRow) -> Self {
        let first_error = match (p.first_error_line, p.first_error_text) {
            (Some(line), Some(text)) => Some(LineRef {
                line: line.max(0) as u64,
                text,
            }),
            _ => None,
        };
        PartResponse {
            log_url: format!("{}?part={}", log_url(incident_id), p.idx),
            index: p.idx,
            filename: p.filename,
            rank: p.rank,
            culprit: p.culprit,
            size: p.size,
            sha256: p.sha256,
            crash: p.crash,
            error_class: p.error_class,
            first_error,
            line_start: p.line_start,
        }
    }
}

/// The JSON body of every API error.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorResponse {
    /// A stable code: `not_found`, `bad_request`, `empty_body`, `too_large`, `unauthorized`,
    /// `forbidden`, `rate_limited`, `internal`.
    pub error: String,
    /// What went wrong, for people.
    pub message: String,
}

/// `GET /api/v1/incidents/{id}/log` query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct LogQuery {
    /// One file of a multi-file incident (its `index`); the whole log when absent.
    pub part: Option<i64>,
}

/// `GET /api/v1/admin/webhooks` response.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookStatus {
    /// The configured URLs, paths hidden.
    pub urls: Vec<String>,
    pub delivered: u64,
    pub failed: u64,
    /// Events dropped because the queue was full.
    pub dropped: u64,
    /// The last failed deliveries, newest first.
    #[schema(value_type = Vec<Object>)]
    pub recent_failures: Vec<crate::webhooks::Failure>,
}
