//! What the API sends and receives: request query structs and response bodies, built from the
//! domain types (never from database rows directly).

use crate::db::incidents::SummaryRow;
use crate::incidents::{self, Incident};
use crashdex_core::{Analysis, Finding, LineRef};
use serde::{Deserialize, Serialize};

/// `POST /api/v1/incidents` response.
#[derive(Debug, Serialize)]
pub struct CreatedResponse {
    pub id: i64,
    pub url: String,
    /// `false` when the same bytes were uploaded before.
    pub created: bool,
    /// Secrets replaced in the log before it was stored ("3 secrets redacted").
    pub redactions: i64,
    pub analysis: Analysis,
}

/// `GET /api/v1/incidents/{id}` response.
#[derive(Debug, Serialize)]
pub struct IncidentResponse {
    pub id: i64,
    pub url: String,
    pub created_at: String,
    pub filename: Option<String>,
    pub size: i64,
    pub sha256: String,
    /// Secrets replaced in the log before it was stored ("3 secrets redacted").
    pub redactions: i64,
    pub analysis: Analysis,
}

impl From<Incident> for IncidentResponse {
    fn from(i: Incident) -> Self {
        IncidentResponse {
            url: i.url(),
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

/// `GET /api/v1/incidents` query: `?limit=&before=` (an incident id, for the next page).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ListQuery {
    pub limit: Option<i64>,
    pub before: Option<i64>,
}

/// One incident of a list.
#[derive(Debug, Serialize)]
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
#[derive(Debug, Serialize)]
pub struct IncidentList {
    pub incidents: Vec<IncidentSummary>,
    /// Pass as `?before=` for the next (older) page; `null` on the last page.
    pub next_before: Option<i64>,
}

/// A finding in the findings list.
#[derive(Debug, Serialize)]
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
#[derive(Debug, Serialize)]
pub struct FindingList {
    pub findings: Vec<FindingSummary>,
}

/// An incident that matched a finding.
#[derive(Debug, Serialize)]
pub struct MatchedIncident {
    pub id: i64,
    pub url: String,
    pub created_at: String,
    pub score: f64,
}

/// `GET /api/v1/findings/{id}` response: the finding and the incidents that matched it.
#[derive(Debug, Serialize)]
pub struct FindingResponse {
    pub finding: Finding,
    pub url: String,
    pub incidents: Vec<MatchedIncident>,
}
