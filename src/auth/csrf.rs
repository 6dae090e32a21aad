//! CSRF protection for browser forms, by double submit: a random `crashdex_csrf` cookie
//! (HttpOnly, SameSite=Strict) is set on the first page a browser loads, and every form that
//! changes state carries the same value in a hidden `csrf` field (or an `X-CSRF-Token` header).
//! Another site can make a browser send the cookie (it cannot: SameSite=Strict) but can never
//! read it to fill the field.
//!
//! To protect a form: take [`CsrfToken`] in the page handler and pass it to the template, put
//! `{% call m::csrf_field(csrf) %}` in the form (`templates/macros.html`), and take
//! [`CsrfForm<T>`] instead of `Form<T>` in the POST handler (for multipart forms, call
//! [`verify`] with the submitted field).

use crate::error::AppError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;
use serde::de::DeserializeOwned;
use serde::Deserialize;

/// The cookie holding the CSRF token.
pub const COOKIE: &str = "crashdex_csrf";
/// The form field (and, with `X-` and dashes, the header) carrying it back.
pub const FIELD: &str = "csrf";

/// The CSRF token of the current browser, for a form's hidden field.
#[derive(Debug, Clone, Default)]
pub struct CsrfToken(pub String);

impl<S: Send + Sync> FromRequestParts<S> for CsrfToken {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<CsrfToken>()
            .cloned()
            .unwrap_or_default())
    }
}

fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Middleware: gives every page request a [`CsrfToken`], from its cookie or a new one (then set
/// as a cookie on the response). API requests are left alone.
pub async fn layer(mut req: Request, next: Next) -> Response {
    if super::is_api_path(req.uri().path()) {
        return next.run(req).await;
    }
    let existing = super::cookie(req.headers(), COOKIE)
        .filter(|t| well_formed(t))
        .map(str::to_string);
    let fresh = match existing {
        Some(t) => {
            req.extensions_mut().insert(CsrfToken(t));
            None
        }
        None => match super::random_hex(32) {
            Ok(t) => {
                req.extensions_mut().insert(CsrfToken(t.clone()));
                Some(t)
            }
            Err(_) => None,
        },
    };
    let is_page = matches!(*req.method(), Method::GET | Method::HEAD);
    let mut res = next.run(req).await;
    if let (Some(t), true) = (fresh, is_page) {
        let cookie = format!("{COOKIE}={t}; Path=/; HttpOnly; SameSite=Strict");
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            res.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    res
}

/// Checks a submitted CSRF token (the form field, else the `X-CSRF-Token` header) against the
/// browser's cookie; a mismatch is a 403.
pub fn verify(headers: &HeaderMap, submitted: Option<&str>) -> Result<(), AppError> {
    let submitted = submitted.or_else(|| headers.get("x-csrf-token").and_then(|v| v.to_str().ok()));
    let cookie = super::cookie(headers, COOKIE);
    match (cookie, submitted) {
        (Some(c), Some(s)) if well_formed(c) && constant_time_eq(c.as_bytes(), s.as_bytes()) => {
            Ok(())
        }
        _ => Err(AppError::Forbidden(
            "the form expired or came from another site: reload the page and try again".into(),
        )),
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[derive(Deserialize)]
struct CsrfField {
    csrf: Option<String>,
}

/// A URL-encoded form whose CSRF token was checked: use instead of `axum::Form<T>`.
#[derive(Debug)]
pub struct CsrfForm<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for CsrfForm<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let headers = req.headers().clone();
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| AppError::BadRequest(e.body_text()))?;
        let field: CsrfField = serde_urlencoded::from_bytes(&bytes)
            .map_err(|e| AppError::BadRequest(format!("malformed form: {e}")))?;
        verify(&headers, field.csrf.as_deref())?;
        let value = serde_urlencoded::from_bytes(&bytes)
            .map_err(|e| AppError::BadRequest(format!("malformed form: {e}")))?;
        Ok(CsrfForm(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verifies_double_submit() {
        let t = "a".repeat(64);
        let mut h = HeaderMap::new();
        assert!(verify(&h, Some(&t)).is_err());
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("{COOKIE}={t}")).unwrap(),
        );
        assert!(verify(&h, Some(&t)).is_ok());
        assert!(verify(&h, Some("b")).is_err());
        assert!(verify(&h, None).is_err());
        h.insert("x-csrf-token", HeaderValue::from_str(&t).unwrap());
        assert!(verify(&h, None).is_ok());
    }
}
