//! The HTML surface: one route table ([`router`]), and [`render`], the single path from a
//! template to a response (render errors become [`AppError`]). Handlers live in one file per
//! area and stay thin: extract, call one service function, render.
//!
//! Nothing imports `web`.

mod admin;
mod drafts;
pub mod escape;
mod filters;
mod findings;
mod home;
mod incident_view;
mod incidents;
mod login;
pub mod logview;
mod problems;
mod search;
mod uploads;

use crate::app::AppState;
use crate::error::{AppError, AppResult};
use askama::Template;
use axum::response::Html;
use axum::routing::{get, post};
use axum::{Json, Router};

/// The HTML routes, plus `/healthz` and the 404 fallback.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(home::show))
        .route("/incidents", post(uploads::create).get(incidents::list))
        .route("/incidents/{id}", get(incidents::show))
        .route("/incidents/{id}/raw", get(incidents::raw))
        .route("/findings", get(findings::list))
        .route("/findings/{id}", get(findings::show))
        .route("/search", get(search::show))
        .route("/login", get(login::show).post(login::create))
        .route("/logout", post(login::destroy))
        .route("/admin", get(admin::show))
        .merge(problems::router())
        .route("/healthz", get(healthz))
        .fallback(not_found)
}

/// Renders a page template.
pub fn render(page: &impl Template) -> AppResult<Html<String>> {
    Ok(Html(page.render()?))
}

/// `GET /healthz`: liveness, with the number of loaded findings.
async fn healthz(
    axum::extract::State(state): axum::extract::State<AppState>,
) -> Json<serde_json::Value> {
    let findings = state.findings().findings().len();
    Json(serde_json::json!({ "status": "ok", "findings": findings }))
}

/// Any unknown path.
async fn not_found() -> AppError {
    AppError::NotFound("there is no page at this address".into())
}
