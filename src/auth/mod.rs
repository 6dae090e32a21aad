//! Access control of the shell: API tokens (only their SHA-256 is stored), the write policy
//! (loopback binds are open, any other bind needs a token unless `--open-writes`), `--private`
//! mode (every page and read needs a token or a browser session), CSRF for browser forms
//! ([`csrf`]) and per-token rate limits on writes ([`ratelimit`]).
//!
//! [`layer`] runs on every request: it resolves the caller once (Bearer header or session
//! cookie) and stores it as a [`Caller`] extension; [`WriteAccess`] and [`AdminAccess`] are the
//! extractors handlers use. A token never reaches a log line: only its name does.

pub mod csrf;
pub mod ratelimit;

use crate::app::AppState;
use crate::db;
use crate::error::AppError;
use axum::extract::{FromRequestParts, OriginalUri, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use sha2::{Digest, Sha256};
use std::net::{IpAddr, SocketAddr};

/// The session cookie set by `/login`.
pub const SESSION_COOKIE: &str = "crashdex_session";
/// How long a browser session lasts.
pub const SESSION_DAYS: i64 = 7;
/// What every token starts with, so a leaked one is easy to recognise.
pub const TOKEN_PREFIX: &str = "cdx_";

/// What a token may do; each scope includes the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub enum Scope {
    /// Read pages and the API (useful with `--private`).
    Read,
    /// Read, and create incidents.
    Write,
    /// Everything, including `/admin`.
    Admin,
}

impl Scope {
    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Read => "read",
            Scope::Write => "write",
            Scope::Admin => "admin",
        }
    }

    /// Parses a stored name; unknown names are the weakest scope.
    pub fn parse(s: &str) -> Scope {
        match s {
            "admin" => Scope::Admin,
            "write" => Scope::Write,
            _ => Scope::Read,
        }
    }
}

/// How the caller proved who they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    Bearer,
    Session,
}

/// A caller with a valid token (directly, or through a browser session opened with it).
#[derive(Debug, Clone)]
pub struct Principal {
    pub token_id: i64,
    pub name: String,
    pub scope: Scope,
    pub via: Via,
}

/// The request extension set by [`layer`]: the caller, or `None` for an anonymous request.
#[derive(Debug, Clone, Default)]
pub struct Caller(pub Option<Principal>);

/// A fresh random token: the prefix and 32 random bytes in hex.
pub fn new_token() -> Result<String, AppError> {
    Ok(format!("{TOKEN_PREFIX}{}", random_hex(32)?))
}

/// `n` random bytes from the operating system, in hex.
pub fn random_hex(n: usize) -> Result<String, AppError> {
    let mut buf = vec![0u8; n];
    getrandom::fill(&mut buf).map_err(|e| AppError::Internal(format!("no randomness: {e}")))?;
    Ok(hex::encode(buf))
}

/// The SHA-256 (hex) stored for a token or a session id.
pub fn hash_secret(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// Whether API writes need a token: always in private mode; otherwise when bound to anything
/// but a loopback address, unless the operator opened writes. A bind address that is not an IP
/// (other than `localhost`) counts as non-loopback: the safe side.
pub fn writes_require_token(bind: &str, open_writes: bool, private: bool) -> bool {
    if private {
        return true;
    }
    !open_writes && !is_loopback(bind)
}

/// Whether a `--bind` value is a loopback address (`127.0.0.0/8`, `::1`, `localhost`).
pub fn is_loopback(bind: &str) -> bool {
    if let Ok(addr) = bind.parse::<SocketAddr>() {
        return addr.ip().is_loopback();
    }
    if let Ok(ip) = bind.parse::<IpAddr>() {
        return ip.is_loopback();
    }
    let host = bind.rsplit_once(':').map_or(bind, |(h, _)| h);
    host.eq_ignore_ascii_case("localhost")
}

/// A cookie's value from the `Cookie` headers.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
}

/// The token of an `Authorization: Bearer ...` header: `Ok(None)` without the header, `Err`
/// for a header that is not a bearer token.
fn bearer(headers: &HeaderMap) -> Result<Option<&str>, AppError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value.to_str().unwrap_or("");
    match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(Some(token.trim()))
        }
        _ => Err(AppError::Unauthorized(
            "the Authorization header must be `Bearer <token>`".into(),
        )),
    }
}

/// The caller behind a token, or a 401.
pub async fn principal_for_token(state: &AppState, token: &str) -> Result<Principal, AppError> {
    let row = db::tokens::find_live(&state.db, &hash_secret(token))
        .await?
        .ok_or_else(|| AppError::Unauthorized("unknown or revoked token".into()))?;
    db::tokens::touch(&state.db, row.id, &db::now()).await?;
    Ok(Principal {
        token_id: row.id,
        name: row.name,
        scope: Scope::parse(&row.scope),
        via: Via::Bearer,
    })
}

/// The caller of a request: its bearer token (a wrong one is a 401), else its session cookie
/// (an expired one is simply anonymous).
async fn resolve(state: &AppState, headers: &HeaderMap) -> Result<Caller, AppError> {
    if let Some(token) = bearer(headers)? {
        return Ok(Caller(Some(principal_for_token(state, token).await?)));
    }
    let Some(session) = cookie(headers, SESSION_COOKIE) else {
        return Ok(Caller(None));
    };
    let row = db::tokens::find_session(&state.db, &hash_secret(session), &db::now()).await?;
    Ok(Caller(row.map(|row| Principal {
        token_id: row.id,
        name: row.name,
        scope: Scope::parse(&row.scope),
        via: Via::Session,
    })))
}

/// Paths open to anyone in private mode.
fn is_public_path(path: &str) -> bool {
    matches!(path, "/login" | "/healthz") || path.starts_with("/static/")
}

/// Whether a path belongs to the JSON API (errors as JSON, no login redirect).
pub fn is_api_path(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// The access-control middleware of every request: resolve the caller, then enforce
/// `--private`. API errors are JSON; a page without a session redirects to `/login`.
pub async fn layer(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let api = is_api_path(req.uri().path());
    let caller = match resolve(&state, req.headers()).await {
        Ok(c) => c,
        Err(e) if api => return crate::error::ApiError(e).into_response(),
        Err(e) => return e.into_response(),
    };
    if state.config.api.private && caller.0.is_none() && !is_public_path(req.uri().path()) {
        if api {
            let e = AppError::Unauthorized("this server is private: send a token".into());
            return crate::error::ApiError(e).into_response();
        }
        let next_path = req
            .uri()
            .path_and_query()
            .map_or("/", |p| p.as_str())
            .to_string();
        let query = serde_urlencoded::to_string([("next", next_path)]).unwrap_or_default();
        return Redirect::to(&format!("/login?{query}")).into_response();
    }
    req.extensions_mut().insert(caller);
    next.run(req).await
}

/// An access error as JSON for the API, as a page otherwise.
fn reject(parts: &Parts, e: AppError) -> Response {
    let path = parts
        .extensions
        .get::<OriginalUri>()
        .map_or(parts.uri.path(), |u| u.0.path());
    if is_api_path(path) {
        crate::error::ApiError(e).into_response()
    } else {
        e.into_response()
    }
}

fn caller_of(parts: &Parts) -> Option<Principal> {
    parts.extensions.get::<Caller>().and_then(|c| c.0.clone())
}

/// Permission to create incidents through the API: a bearer token with the write scope, or
/// nobody at all when writes are open (then the request must not come from another site's
/// page). Counts against the caller's rate limit.
#[derive(Debug, Clone)]
pub struct WriteAccess(pub Option<Principal>);

impl WriteAccess {
    fn check(parts: &Parts, state: &AppState) -> Result<Self, AppError> {
        let caller = caller_of(parts).filter(|p| p.via == Via::Bearer);
        let open = !writes_require_token(
            &state.config.bind,
            state.config.api.open_writes,
            state.config.api.private,
        );
        match &caller {
            Some(p) if p.scope < Scope::Write => {
                return Err(AppError::Forbidden(format!(
                    "token `{}` has the {} scope; writes need write or admin",
                    p.name,
                    p.scope.as_str()
                )))
            }
            Some(_) => {}
            None if !open => {
                return Err(AppError::Unauthorized(
                    "writes need `Authorization: Bearer <token>` (crashdex token create)".into(),
                ))
            }
            None if is_cross_site(&parts.headers) => {
                return Err(AppError::Forbidden(
                    "cross-site writes are refused; send a token".into(),
                ))
            }
            None => {}
        }
        let key = caller.as_ref().map_or_else(
            || "anonymous".to_string(),
            |p| format!("token:{}", p.token_id),
        );
        state
            .limiter
            .check(&key)
            .map_err(|wait| AppError::RateLimited {
                retry_after: (wait.as_secs_f64().ceil() as u64).max(1),
            })?;
        Ok(WriteAccess(caller))
    }
}

impl FromRequestParts<AppState> for WriteAccess {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        Self::check(parts, state).map_err(|e| reject(parts, e))
    }
}

/// Permission to change state from a browser form: in private mode, or when writes need a
/// token, a session with the write scope. (The form's CSRF token is checked separately.)
#[derive(Debug, Clone)]
pub struct FormWriteAccess(pub Option<Principal>);

impl FormWriteAccess {
    fn check(parts: &Parts, state: &AppState) -> Result<Self, AppError> {
        let caller = caller_of(parts);
        let needed = writes_require_token(
            &state.config.bind,
            state.config.api.open_writes,
            state.config.api.private,
        );
        match &caller {
            Some(p) if p.scope < Scope::Write => Err(AppError::Forbidden(format!(
                "token `{}` may only read",
                p.name
            ))),
            None if needed => Err(AppError::Unauthorized(
                "log in with a token at /login to upload".into(),
            )),
            _ => Ok(FormWriteAccess(caller)),
        }
    }
}

impl FromRequestParts<AppState> for FormWriteAccess {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        Self::check(parts, state).map_err(|e| reject(parts, e))
    }
}

/// Permission for admin pages and endpoints: the admin scope in private mode (or from anyone
/// who shows a token); open otherwise.
#[derive(Debug, Clone)]
pub struct AdminAccess(pub Option<Principal>);

impl AdminAccess {
    fn check(parts: &Parts, state: &AppState) -> Result<Self, AppError> {
        let caller = caller_of(parts);
        match &caller {
            Some(p) if p.scope < Scope::Admin => Err(AppError::Forbidden(format!(
                "token `{}` lacks the admin scope",
                p.name
            ))),
            None if state.config.api.private => {
                Err(AppError::Unauthorized("admin pages need a token".into()))
            }
            _ => Ok(AdminAccess(caller)),
        }
    }
}

impl FromRequestParts<AppState> for AdminAccess {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        Self::check(parts, state).map_err(|e| reject(parts, e))
    }
}

/// Whether a browser says the request comes from another site's page (`Sec-Fetch-Site`, or an
/// `Origin` whose host is not the `Host`).
fn is_cross_site(headers: &HeaderMap) -> bool {
    let get = |h: header::HeaderName| headers.get(h).and_then(|v| v.to_str().ok());
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return site == "cross-site";
    }
    match (get(header::ORIGIN), get(header::HOST)) {
        (Some("null"), _) => true,
        (Some(origin), Some(host)) => {
            let origin_host = origin.split_once("://").map_or(origin, |(_, h)| h);
            !origin_host.eq_ignore_ascii_case(host)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn loopback_binds_are_open_others_need_tokens() {
        assert!(!writes_require_token("127.0.0.1:8080", false, false));
        assert!(!writes_require_token("127.3.2.1:80", false, false));
        assert!(!writes_require_token("[::1]:8080", false, false));
        assert!(!writes_require_token("localhost:8080", false, false));
        assert!(writes_require_token("0.0.0.0:8080", false, false));
        assert!(writes_require_token("[::]:8080", false, false));
        assert!(writes_require_token("192.168.1.5:8080", false, false));
        assert!(writes_require_token("example.com:8080", false, false));
        assert!(!writes_require_token("0.0.0.0:8080", true, false));
        assert!(writes_require_token("127.0.0.1:8080", true, true));
    }

    #[test]
    fn scopes_are_ordered() {
        assert!(Scope::Admin > Scope::Write && Scope::Write > Scope::Read);
        assert_eq!(Scope::parse("admin"), Scope::Admin);
        assert_eq!(Scope::parse("bogus"), Scope::Read);
    }

    #[test]
    fn tokens_are_random_and_hashed() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_ne!(a, b);
        assert!(a.starts_with(TOKEN_PREFIX) && a.len() == TOKEN_PREFIX.len() + 64);
        assert_eq!(hash_secret(&a).len(), 64);
        assert_ne!(hash_secret(&a), a);
    }

    #[test]
    fn reads_cookies_and_bearer() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; crashdex_session=xyz"),
        );
        assert_eq!(cookie(&h, SESSION_COOKIE), Some("xyz"));
        assert_eq!(cookie(&h, "b"), None);
        assert!(bearer(&h).unwrap().is_none());
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer cdx_1"),
        );
        assert_eq!(bearer(&h).unwrap(), Some("cdx_1"));
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Basic eA=="),
        );
        assert!(bearer(&h).is_err());
    }

    #[test]
    fn cross_site_detection() {
        let mut h = HeaderMap::new();
        assert!(!is_cross_site(&h));
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(!is_cross_site(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://evil.example"),
        );
        assert!(is_cross_site(&h));
        h.insert("sec-fetch-site", HeaderValue::from_static("same-origin"));
        assert!(!is_cross_site(&h));
    }
}
