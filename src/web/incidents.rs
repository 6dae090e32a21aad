//! `GET /incidents` (paginated list), `GET /incidents/{id}` (the incident page) and
//! `GET /incidents/{id}/raw` (the log as uploaded, as a download).

use super::filters::{short_time, truncate};
use super::incident_view::{IncidentView, PartView};
use super::{logview, render};
use crate::app::AppState;
use crate::db::incidents::SummaryRow;
use crate::error::AppResult;
use crate::incidents;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use std::collections::HashMap;

/// Incidents per page of `/incidents`.
const PER_PAGE: i64 = 25;

/// One row of an incident list.
pub struct IncidentItem {
    pub url: String,
    pub id: i64,
    pub time: String,
    pub crash: bool,
    pub verdict: String,
    pub error_class: String,
    pub phase: String,
    pub first_error: String,
    pub top_finding: Option<String>,
}

/// List rows from summary rows.
pub fn list_items(rows: Vec<SummaryRow>) -> Vec<IncidentItem> {
    rows.into_iter()
        .map(|r| IncidentItem {
            url: incidents::url(r.id),
            id: r.id,
            time: short_time(&r.created_at),
            crash: r.crash,
            verdict: r.verdict,
            error_class: r.error_class,
            phase: r.phase,
            first_error: truncate(r.first_error_text.as_deref().unwrap_or(""), 120),
            top_finding: r.top_finding,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "incidents/list.html")]
struct ListPage {
    items: Vec<IncidentItem>,
    page: i64,
    pages: i64,
    total: i64,
}

/// `GET /incidents?page=N`: newest first; bad page numbers are clamped.
pub async fn list(
    State(state): State<AppState>,
    Query(q): Query<HashMap<String, String>>,
) -> AppResult<Html<String>> {
    let wanted = incidents::parse_page(q.get("page").map(String::as_str));
    let page = incidents::page(&state.db, wanted, PER_PAGE).await?;
    render(&ListPage {
        items: list_items(page.rows),
        page: page.page,
        pages: page.pages,
        total: page.total,
    })
}

#[derive(Template)]
#[template(path = "incidents/show.html")]
struct ShowPage {
    v: IncidentView,
    /// Its problem, resolution and similar incidents (`templates/problems/panel.html`).
    p: super::problems::Panel,
    /// The files of a multi-file upload (empty for one file).
    parts: Vec<PartView>,
}

/// `GET /incidents/{id}`: the verdict, the first error in context, the environment, the
/// matched findings and the whole log.
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> AppResult<Html<String>> {
    let incident = incidents::get_by_param(&state.db, &id).await?;
    let incident_id = incident.id;
    let log = logview::load(&state.db, &incident).await?;
    let v = IncidentView::new(incident, log, &state.findings());
    let p = super::problems::panel(&state, &v).await?;
    let parts = crate::db::incident_meta::parts(&state.db, incident_id).await?;
    // one file is the incident itself: the table is for uploads of several
    let parts = if parts.len() > 1 {
        PartView::rows(parts)
    } else {
        Vec::new()
    };
    render(&ShowPage { v, p, parts })
}

/// `GET /incidents/{id}/raw`: the original bytes, as a plain-text download.
pub async fn raw(State(state): State<AppState>, Path(id): Path<String>) -> AppResult<Response> {
    let incident = incidents::get_by_param(&state.db, &id).await?;
    let (filename, body) = incidents::raw_log(&state.db, incident.id).await?;
    let name = download_name(filename.as_deref(), incident.id);
    let disposition = format!("attachment; filename=\"{name}\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
        ],
        body,
    )
        .into_response())
}

/// A safe ASCII file name for Content-Disposition.
fn download_name(filename: Option<&str>, id: i64) -> String {
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
    fn download_names_are_safe() {
        assert_eq!(download_name(Some("server.log"), 3), "server.log");
        assert_eq!(download_name(Some("a\"b;c.log"), 3), "abc.log");
        assert_eq!(download_name(None, 7), "incident-7.log");
        assert_eq!(download_name(Some("..."), 7), "incident-7.log");
    }
}
