//! The [`Upload`] extractor shared by the upload form and the API: a raw body (any content type),
//! or a multipart form with a `file` field (a file) or a `text` field (pasted text).
//!
//! Axum's body-limit rejections become [`AppError::TooLarge`] naming the configured limit.

use crate::app::AppState;
use crate::error::AppError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::{header, StatusCode};

/// An uploaded log: its bytes as sent (maybe gzip) and the file name, when one was given.
#[derive(Debug)]
pub struct Upload {
    pub filename: Option<String>,
    pub bytes: Vec<u8>,
    /// The other (small, text) fields of a multipart form, such as `csrf`.
    pub fields: Vec<(String, String)>,
}

impl Upload {
    /// A text field of the form.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Longest text field kept in [`Upload::fields`], and how many are kept.
const FIELD_MAX: usize = 4096;
const FIELDS_MAX: usize = 32;

impl FromRequest<AppState> for Upload {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, AppError> {
        let too_large = || AppError::TooLarge(state.config.max_upload_human());
        let content_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if content_type
            .to_ascii_lowercase()
            .starts_with("multipart/form-data")
        {
            let multipart = Multipart::from_request(req, state)
                .await
                .map_err(|e| AppError::BadRequest(e.body_text()))?;
            return from_multipart(multipart).await.map_err(|e| match e {
                MultipartFailure::TooLarge => too_large(),
                MultipartFailure::Bad(m) => AppError::BadRequest(m),
            });
        }
        let filename = req
            .headers()
            .get("x-filename")
            .and_then(|v| v.to_str().ok())
            .map(clean_filename);
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                too_large()
            } else {
                AppError::BadRequest(e.body_text())
            }
        })?;
        Ok(Upload {
            filename,
            bytes: bytes.to_vec(),
            fields: Vec::new(),
        })
    }
}

enum MultipartFailure {
    TooLarge,
    Bad(String),
}

/// Reads the `file` and `text` fields; a non-empty file wins over pasted text.
async fn from_multipart(mut multipart: Multipart) -> Result<Upload, MultipartFailure> {
    let fail = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            MultipartFailure::TooLarge
        } else {
            MultipartFailure::Bad(format!("malformed multipart upload: {}", e.body_text()))
        }
    };
    let mut file: Option<(Option<String>, Vec<u8>)> = None;
    let mut text: Option<Vec<u8>> = None;
    let mut fields = Vec::new();
    while let Some(field) = multipart.next_field().await.map_err(fail)? {
        match field.name() {
            Some("file") => {
                let filename = field.file_name().map(clean_filename);
                let bytes = field.bytes().await.map_err(fail)?;
                if !bytes.is_empty() {
                    file = Some((filename, bytes.to_vec()));
                }
            }
            Some("text") => {
                let bytes = field.bytes().await.map_err(fail)?;
                // browsers send a textarea's line breaks as CRLF
                text = Some(normalize_newlines(&bytes));
            }
            Some(name) if fields.len() < FIELDS_MAX => {
                let name = name.to_string();
                let bytes = field.bytes().await.map_err(fail)?;
                if bytes.len() <= FIELD_MAX {
                    fields.push((name, String::from_utf8_lossy(&bytes).into_owned()));
                }
            }
            _ => {}
        }
    }
    let (filename, bytes) = file.unwrap_or_else(|| (None, text.unwrap_or_default()));
    Ok(Upload {
        filename,
        bytes,
        fields,
    })
}

/// Keeps the last path component of a client-supplied file name, at most 200 characters.
pub fn clean_filename(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    base.chars().filter(|c| !c.is_control()).take(200).collect()
}

pub fn normalize_newlines(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleans_filenames() {
        assert_eq!(clean_filename("C:\\logs\\server.log"), "server.log");
        assert_eq!(clean_filename("../../etc/passwd"), "passwd");
        assert_eq!(clean_filename("a\nb.log"), "ab.log");
    }

    #[test]
    fn normalizes_crlf() {
        assert_eq!(normalize_newlines(b"a\r\nb\r\n\rc"), b"a\nb\n\rc");
    }
}
