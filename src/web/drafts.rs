//! `GET /incidents/{id}/draft-finding`: a new finding file drafted from an incident, shown for
//! copying, with `?download=finding` (`text/markdown`) and `?download=example` (the example log)
//! as attachments.

use super::render;
use crate::app::AppState;
use crate::draft::Draft;
use crate::error::{AppError, AppResult};
use crate::incidents;
use crate::problems::incident;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

#[derive(Template)]
#[template(path = "problems/draft.html")]
struct DraftPage {
    incident_id: i64,
    d: Draft,
    /// Why `findings check` would reject the draft, if it would.
    problem: Option<String>,
    /// Findings the incident already matched (the draft would compete with them).
    matched: Vec<String>,
}

/// `?download=`.
#[derive(Debug, Deserialize)]
pub struct DraftQuery {
    pub download: Option<String>,
}

/// `GET /incidents/{id}/draft-finding[?download=finding|example]`.
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<DraftQuery>,
) -> AppResult<Response> {
    let incident = incidents::get_by_param(&state.db, &id).await?;
    let checked = incident::draft_for(&state.db, &incident, &state.findings()).await?;
    let d = checked.draft;
    match q.download.as_deref() {
        Some("finding") => Ok(attachment(
            "text/markdown; charset=utf-8",
            &d.file_name,
            d.text,
        )),
        Some("example") => {
            let name = format!("{}.log", d.id);
            Ok(attachment("text/plain; charset=utf-8", &name, d.example))
        }
        Some(other) => Err(AppError::BadRequest(format!(
            "download must be `finding` or `example`, not {other:?}"
        ))),
        None => {
            let matched = incident.analysis.matches.iter().map(|m| m.finding.clone());
            let page = DraftPage {
                incident_id: incident.id,
                d,
                problem: checked.check.err(),
                matched: matched.collect(),
            };
            Ok(render(&page)?.into_response())
        }
    }
}

/// A download; `name` is a finding id plus an extension, so it is safe in the header.
fn attachment(content_type: &'static str, name: &str, body: String) -> Response {
    let disposition = format!("attachment; filename=\"{name}\"");
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response()
}
