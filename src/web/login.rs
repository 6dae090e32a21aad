//! `GET /login`, `POST /login` (a token opens a browser session: an HttpOnly, SameSite=Strict
//! cookie whose SHA-256 is stored in `sessions`) and `POST /logout`.

use super::render;
use crate::app::AppState;
use crate::auth::csrf::{CsrfForm, CsrfToken};
use crate::auth::{self, SESSION_COOKIE, SESSION_DAYS};
use crate::db;
use crate::error::{AppError, AppResult};
use askama::Template;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    csrf: String,
    next: String,
    error: Option<String>,
    private: bool,
}

/// `?next=` of the login page.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct NextQuery {
    next: Option<String>,
}

/// The login form.
#[derive(Debug, Deserialize)]
pub struct LoginForm {
    token: String,
    #[serde(default)]
    next: Option<String>,
}

/// Where to go after logging in: a local path only (never `//host` or a URL).
fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(n) if n.starts_with('/') && !n.starts_with("//") && !n.contains('\\') => n.into(),
        _ => "/".into(),
    }
}

/// `GET /login`.
pub async fn show(
    State(state): State<AppState>,
    CsrfToken(csrf): CsrfToken,
    Query(q): Query<NextQuery>,
) -> AppResult<Response> {
    Ok(render(&LoginPage {
        csrf,
        next: safe_next(q.next.as_deref()),
        error: None,
        private: state.config.api.private,
    })?
    .into_response())
}

/// `POST /login`: a valid token opens a session and goes on to `next`.
pub async fn create(
    State(state): State<AppState>,
    CsrfToken(csrf): CsrfToken,
    CsrfForm(form): CsrfForm<LoginForm>,
) -> AppResult<Response> {
    let next = safe_next(form.next.as_deref());
    let principal = match auth::principal_for_token(&state, form.token.trim()).await {
        Ok(p) => p,
        Err(AppError::Unauthorized(message)) => {
            let page = render(&LoginPage {
                csrf,
                next,
                error: Some(message),
                private: state.config.api.private,
            })?;
            return Ok((StatusCode::UNAUTHORIZED, page).into_response());
        }
        Err(e) => return Err(e),
    };
    let session = auth::random_hex(32)?;
    let now = chrono::Utc::now();
    let expires = (now + chrono::Duration::days(SESSION_DAYS))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    db::tokens::insert_session(
        &state.db,
        &auth::hash_secret(&session),
        principal.token_id,
        &db::now(),
        &expires,
    )
    .await?;
    tracing::info!(token = %principal.name, "browser session opened");
    let secure = state
        .config
        .api
        .public_url
        .as_deref()
        .is_some_and(|u| u.starts_with("https://"));
    let cookie = format!(
        "{SESSION_COOKIE}={session}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}{}",
        SESSION_DAYS * 86_400,
        if secure { "; Secure" } else { "" }
    );
    Ok(([(header::SET_COOKIE, cookie)], Redirect::to(&next)).into_response())
}

/// `POST /logout`: ends the session.
pub async fn destroy(
    State(state): State<AppState>,
    headers: HeaderMap,
    CsrfForm(_): CsrfForm<std::collections::HashMap<String, String>>,
) -> AppResult<Response> {
    if let Some(session) = auth::cookie(&headers, SESSION_COOKIE) {
        db::tokens::delete_session(&state.db, &auth::hash_secret(session)).await?;
    }
    let clear = format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
    Ok(([(header::SET_COOKIE, clear)], Redirect::to("/login")).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_stays_local() {
        assert_eq!(safe_next(Some("/incidents?page=2")), "/incidents?page=2");
        assert_eq!(safe_next(Some("//evil.example")), "/");
        assert_eq!(safe_next(Some("https://evil.example")), "/");
        assert_eq!(safe_next(Some("/\\evil.example")), "/");
        assert_eq!(safe_next(None), "/");
    }
}
