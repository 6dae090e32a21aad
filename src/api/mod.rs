//! The REST API, nested at `/api/v1`: one route table ([`router`]); handlers return
//! [`ApiResult`](crate::error::ApiResult), so every error is JSON `{"error", "message"}`.
//!
//! Nothing imports `api`.

mod admin;
mod findings;
mod incidents;
pub mod openapi;
mod problems;
pub mod range;
mod search;
pub mod types;
pub mod upload;

use crate::app::AppState;
use crate::error::{ApiError, AppError};
use axum::routing::get;
use axum::Router;

/// The API routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/incidents", get(incidents::list).post(incidents::create))
        .route("/incidents/{id}", get(incidents::show))
        .route("/incidents/{id}/log", get(incidents::log))
        .route("/findings", get(findings::list))
        .route("/findings/{id}", get(findings::show))
        .route("/search", get(search::search))
        .route("/admin/webhooks", get(admin::webhooks))
        .route("/openapi.json", get(openapi::openapi_json))
        .merge(problems::router())
        .fallback(not_found)
}

async fn not_found() -> ApiError {
    ApiError(AppError::NotFound("no such API endpoint".into()))
}
