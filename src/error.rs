//! All error handling of the application shell: [`AppError`] (rendered as `templates/error.html`)
//! and [`ApiError`] (rendered as JSON `{"error": ..., "message": ...}`), with one status `match`.
//!
//! A 5xx is logged here, once, and the client gets a generic message: database or template text
//! never reaches a client. Pure modules have their own errors; only this file maps them to statuses.

use askama::Template;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// What can go wrong while serving a request.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The thing asked for does not exist.
    #[error("{0}")]
    NotFound(String),
    /// The upload has no bytes.
    #[error("empty log: the upload has no bytes")]
    EmptyLog,
    /// The upload (or its inflated content) is over the size limit (given for people).
    #[error("the log is larger than the {0} upload limit")]
    TooLarge(String),
    /// The request is malformed.
    #[error("{0}")]
    BadRequest(String),
    /// No valid credentials (a missing, wrong or revoked token).
    #[error("{0}")]
    Unauthorized(String),
    /// Valid credentials that may not do this (a scope it lacks, a failed CSRF check).
    #[error("{0}")]
    Forbidden(String),
    /// Too many writes: try again after `retry_after` seconds.
    #[error("rate limit exceeded: retry in {retry_after} s")]
    RateLimited { retry_after: u64 },
    /// A database failure.
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// A template failed to render.
    #[error("template error: {0}")]
    Template(#[from] askama::Error),
    /// Any other server-side failure.
    #[error("{0}")]
    Internal(String),
}

/// Result of an HTML handler.
pub type AppResult<T> = Result<T, AppError>;
/// Result of a JSON API handler.
pub type ApiResult<T> = Result<T, ApiError>;

impl AppError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::EmptyLog | AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Db(e) if db_unavailable(e) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Db(_) | AppError::Template(_) | AppError::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }

    /// The machine-readable code of the JSON API.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::NotFound(_) => "not_found",
            AppError::EmptyLog => "empty_body",
            AppError::TooLarge(_) => "too_large",
            AppError::BadRequest(_) => "bad_request",
            AppError::Unauthorized(_) => "unauthorized",
            AppError::Forbidden(_) => "forbidden",
            AppError::RateLimited { .. } => "rate_limited",
            AppError::Db(e) if db_unavailable(e) => "unavailable",
            AppError::Db(_) | AppError::Template(_) | AppError::Internal(_) => "internal",
        }
    }

    /// The message shown to the client; server errors are logged and replaced by a generic text.
    fn public_message(&self) -> String {
        if self.status() == StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(error = %self, "database unavailable (disk full, read-only or I/O error)");
            "the database is unavailable (disk full, read-only or failing storage); \
             nothing was lost, try again later"
                .to_string()
        } else if self.status().is_server_error() {
            tracing::error!(error = %self, "request failed");
            "internal server error; the details are in the server log".to_string()
        } else {
            self.to_string()
        }
    }

    /// An internal error from anything displayable (join errors, I/O).
    pub fn internal(e: impl std::fmt::Display) -> Self {
        AppError::Internal(e.to_string())
    }

    /// The headers this error adds: `Retry-After` on a 429, `WWW-Authenticate` on a 401.
    fn extra_headers(&self) -> Vec<(header::HeaderName, String)> {
        match self {
            AppError::RateLimited { retry_after } => {
                vec![(header::RETRY_AFTER, retry_after.to_string())]
            }
            AppError::Unauthorized(_) => vec![(header::WWW_AUTHENTICATE, "Bearer".into())],
            _ => Vec::new(),
        }
    }
}

/// Whether a database error is the storage's fault rather than the request's: the disk is full,
/// the file is read-only or cannot be opened, an I/O error, or the database stayed busy past the
/// timeout. Such errors clear by themselves (space freed, permissions fixed), so they are a 503.
pub fn db_unavailable(e: &sqlx::Error) -> bool {
    // SQLite primary result codes: BUSY 5, LOCKED 6, READONLY 8, IOERR 10, FULL 13, CANTOPEN 14
    const CODES: [i32; 6] = [5, 6, 8, 10, 13, 14];
    match e {
        sqlx::Error::Database(d) => d
            .code()
            .and_then(|c| c.parse::<i32>().ok())
            .is_some_and(|c| CODES.contains(&(c & 0xff))),
        sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        _ => false,
    }
}

/// The error page.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    status: u16,
    reason: &'static str,
    message: String,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let headers = extra_headers_map(&self);
        let page = ErrorPage {
            status: status.as_u16(),
            reason: status.canonical_reason().unwrap_or("Error"),
            message: self.public_message(),
        };
        match page.render() {
            Ok(html) => (status, headers, Html(html)).into_response(),
            Err(e) => {
                tracing::error!(error = %e, "error page failed to render");
                (status, page.message).into_response()
            }
        }
    }
}

/// An [`AppError`] rendered as JSON for the REST API.
#[derive(Debug)]
pub struct ApiError(pub AppError);

impl<E: Into<AppError>> From<E> for ApiError {
    fn from(e: E) -> Self {
        ApiError(e.into())
    }
}

fn extra_headers_map(e: &AppError) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (name, value) in e.extra_headers() {
        if let Ok(v) = HeaderValue::from_str(&value) {
            map.insert(name, v);
        }
    }
    map
}

#[derive(Serialize)]
struct ErrorBody {
    error: &'static str,
    message: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.0.code(),
            message: self.0.public_message(),
        };
        let headers = extra_headers_map(&self.0);
        (self.0.status(), headers, Json(body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_and_codes() {
        let e = AppError::TooLarge("1 MiB".into());
        assert_eq!(e.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(e.code(), "too_large");
        assert!(e.to_string().contains("1 MiB"));
        assert_eq!(AppError::EmptyLog.code(), "empty_body");
        assert_eq!(
            AppError::NotFound("x".into()).status(),
            StatusCode::NOT_FOUND
        );
        let e = AppError::internal("secret sql");
        assert_eq!(e.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!e.public_message().contains("secret"));
    }
}
