//! `GET /api/v1/admin/webhooks`: webhook delivery counters and the last failures (admin scope
//! when a token is sent or in private mode).

use super::types::{ErrorResponse, WebhookStatus};
use crate::app::AppState;
use crate::auth::AdminAccess;
use axum::extract::State;
use axum::Json;
use std::sync::atomic::Ordering;

/// Webhook delivery status.
#[utoipa::path(
    get,
    path = "/admin/webhooks",
    tag = "admin",
    responses(
        (status = 200, body = WebhookStatus),
        (status = 401, body = ErrorResponse),
        (status = 403, description = "The token lacks the admin scope", body = ErrorResponse),
    ),
    security((), ("bearer" = []))
)]
pub async fn webhooks(State(state): State<AppState>, _admin: AdminAccess) -> Json<WebhookStatus> {
    Json(status(&state))
}

/// The webhook status of the app.
pub fn status(state: &AppState) -> WebhookStatus {
    let s = &state.hooks.stats;
    WebhookStatus {
        urls: s.urls.clone(),
        delivered: s.delivered.load(Ordering::Relaxed),
        failed: s.failed.load(Ordering::Relaxed),
        dropped: s.dropped.load(Ordering::Relaxed),
        recent_failures: s.recent_failures(),
    }
}
