//! The REST API, nested at `/api/v1`: one route table ([`router`]); handlers return
//! [`ApiResult`](crate::error::ApiResult), so every error is JSON `{"error", "message"}`.
//!
//! Nothing imports `api`.

mod findings;
mod incidents;
pub mod types;

use crate::app::AppState;
use crate::error::{ApiError, AppError};
use axum::routing::get;
use axum::Router;

/// The API routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/incidents", get(incidents::list).post(incidents::create))
        .route("/incidents/{id}", get(incidents::show))
        .route("/findings", get(findings::list))
        .route("/findings/{id}", get(findings::show))
        .fallback(not_found)
}

async fn not_found() -> ApiError {
    ApiError(AppError::NotFound("no such API endpoint".into()))
}
