//! `GET /admin`: webhook deliveries (counters, the last failures) and the API tokens (names and
//! scopes, never the tokens). Admin scope in private mode.

use super::render;
use crate::app::AppState;
use crate::auth::csrf::CsrfToken;
use crate::auth::AdminAccess;
use crate::db;
use crate::error::AppResult;
use crate::webhooks::Failure;
use askama::Template;
use axum::extract::State;
use axum::response::Html;
use std::sync::atomic::Ordering;

#[derive(Template)]
#[template(path = "admin.html")]
struct AdminPage {
    csrf: String,
    signed_in: Option<String>,
    urls: Vec<String>,
    delivered: u64,
    failed: u64,
    dropped: u64,
    failures: Vec<Failure>,
    tokens: Vec<db::tokens::TokenRow>,
    writes_need_token: bool,
    private: bool,
}

/// `GET /admin`.
pub async fn show(
    State(state): State<AppState>,
    AdminAccess(caller): AdminAccess,
    CsrfToken(csrf): CsrfToken,
) -> AppResult<Html<String>> {
    let s = &state.hooks.stats;
    let c = &state.config;
    render(&AdminPage {
        csrf,
        signed_in: caller.map(|p| p.name),
        urls: s.urls.clone(),
        delivered: s.delivered.load(Ordering::Relaxed),
        failed: s.failed.load(Ordering::Relaxed),
        dropped: s.dropped.load(Ordering::Relaxed),
        failures: s.recent_failures(),
        tokens: db::tokens::list(&state.db).await?,
        writes_need_token: crate::auth::writes_require_token(
            &c.bind,
            c.api.open_writes,
            c.api.private,
        ),
        private: c.api.private,
    })
}
