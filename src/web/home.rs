//! `GET /`: the upload form and the most recent incidents.

use super::incidents::{list_items, IncidentItem};
use super::render;
use crate::app::AppState;
use crate::auth::csrf::CsrfToken;
use crate::error::AppResult;
use crate::incidents;
use askama::Template;
use axum::extract::State;
use axum::response::Html;

/// How many recent incidents the home page lists.
const RECENT: i64 = 10;

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    max_upload: String,
    csrf: String,
    recent: Vec<IncidentItem>,
    total: i64,
}

/// `GET /`.
pub async fn show(
    State(state): State<AppState>,
    CsrfToken(csrf): CsrfToken,
) -> AppResult<Html<String>> {
    let page = incidents::page(&state.db, 1, RECENT).await?;
    render(&HomePage {
        max_upload: state.config.max_upload_human(),
        csrf,
        recent: list_items(page.rows),
        total: page.total,
    })
}
