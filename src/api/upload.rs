//! The [`ApiUpload`] extractor of `POST /api/v1/incidents`: a raw body (plain or gzip, file name
//! in `X-Filename`), or a multipart form with one or more files (every part with a file name,
//! or named `file`/`files`) or pasted `text`; plus the metadata `source`, `job`, `host`,
//! `labels` as query parameters or form fields (a form field wins).

use crate::app::AppState;
use crate::bundle::File;
use crate::db::incident_meta::MetaRow;
use crate::error::AppError;
use crate::extract::{clean_filename, normalize_newlines};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Query, Request};
use axum::http::{header, StatusCode};
use serde::Deserialize;

/// The sources an incident may name.
pub const SOURCES: &[&str] = &["ci", "bot", "user"];
const TEXT_MAX: usize = 200;
const LABEL_MAX: usize = 64;
const LABELS_MAX: usize = 32;

/// Metadata as sent: query parameters or form fields.
#[derive(Debug, Default, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MetaQuery {
    /// Who sent the log: `ci`, `bot` or `user`.
    pub source: Option<String>,
    /// The job (CI job, pipeline, experiment) the log comes from.
    pub job: Option<String>,
    /// The host the log comes from.
    pub host: Option<String>,
    /// Comma-separated labels.
    pub labels: Option<String>,
}

impl MetaQuery {
    fn set(&mut self, name: &str, value: String) {
        match name {
            "source" => self.source = Some(value),
            "job" => self.job = Some(value),
            "host" => self.host = Some(value),
            "labels" => self.labels = Some(value),
            _ => {}
        }
    }

    /// Checks and normalises the metadata: a known source, short single-line texts, at most
    /// 32 distinct labels of at most 64 characters.
    pub fn validate(self) -> Result<MetaRow, AppError> {
        let source = match clean(self.source) {
            Some(s) if SOURCES.contains(&s.to_ascii_lowercase().as_str()) => {
                Some(s.to_ascii_lowercase())
            }
            Some(s) => {
                return Err(AppError::BadRequest(format!(
                    "source `{s}` is not one of {}",
                    SOURCES.join(", ")
                )))
            }
            None => None,
        };
        let mut labels: Vec<String> = Vec::new();
        for l in self.labels.as_deref().unwrap_or("").split(',') {
            let l: String = l.trim().chars().filter(|c| !c.is_control()).collect();
            if l.is_empty() || labels.contains(&l) {
                continue;
            }
            if l.chars().count() > LABEL_MAX || labels.len() == LABELS_MAX {
                return Err(AppError::BadRequest(format!(
                    "at most {LABELS_MAX} labels of at most {LABEL_MAX} characters"
                )));
            }
            labels.push(l);
        }
        let labels =
            (!labels.is_empty()).then(|| serde_json::to_string(&labels).unwrap_or_default());
        Ok(MetaRow {
            source,
            job: clean(self.job),
            host: clean(self.host),
            labels,
        })
    }
}

/// A trimmed single-line text of at most 200 characters; empty is `None`.
fn clean(v: Option<String>) -> Option<String> {
    let v: String = v?
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(TEXT_MAX)
        .collect();
    (!v.is_empty()).then_some(v)
}

/// The files and metadata of an API upload.
#[derive(Debug)]
pub struct ApiUpload {
    pub files: Vec<File>,
    pub meta: MetaRow,
}

impl FromRequest<AppState> for ApiUpload {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, AppError> {
        let too_large = || AppError::TooLarge(state.config.max_upload_human());
        let mut meta = Query::<MetaQuery>::try_from_uri(req.uri())
            .map_err(|e| AppError::BadRequest(e.body_text()))?
            .0;
        let content_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        let files = if content_type.starts_with("multipart/form-data") {
            let multipart = Multipart::from_request(req, state)
                .await
                .map_err(|e| AppError::BadRequest(e.body_text()))?;
            read_multipart(multipart, &mut meta)
                .await
                .map_err(|e| match e {
                    None => too_large(),
                    Some(m) => AppError::BadRequest(m),
                })?
        } else {
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
            vec![File {
                filename,
                bytes: bytes.to_vec(),
            }]
        };
        Ok(ApiUpload {
            files,
            meta: meta.validate()?,
        })
    }
}

/// Reads every file of a multipart upload (`Err(None)`: over the size limit).
async fn read_multipart(
    mut multipart: Multipart,
    meta: &mut MetaQuery,
) -> Result<Vec<File>, Option<String>> {
    let fail = |e: axum::extract::multipart::MultipartError| {
        (e.status() != StatusCode::PAYLOAD_TOO_LARGE)
            .then(|| format!("malformed multipart upload: {}", e.body_text()))
    };
    let mut files = Vec::new();
    let mut text = None;
    while let Some(field) = multipart.next_field().await.map_err(fail)? {
        let name = field.name().unwrap_or("").to_string();
        let filename = field.file_name().map(clean_filename);
        if filename.is_some() || matches!(name.as_str(), "file" | "files" | "files[]") {
            let bytes = field.bytes().await.map_err(fail)?;
            if !bytes.is_empty() {
                files.push(File {
                    filename,
                    bytes: bytes.to_vec(),
                });
            }
        } else if name == "text" {
            text = Some(normalize_newlines(&field.bytes().await.map_err(fail)?));
        } else if matches!(name.as_str(), "source" | "job" | "host" | "labels") {
            let value = field.text().await.map_err(fail)?;
            meta.set(&name, value);
        }
    }
    if files.is_empty() {
        files.push(File {
            filename: None,
            bytes: text.unwrap_or_default(),
        });
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates_metadata() {
        let m = MetaQuery {
            source: Some("CI".into()),
            job: Some("  nightly\n".into()),
            host: Some(String::new()),
            labels: Some("a, b,,a ,c".into()),
        }
        .validate()
        .unwrap();
        assert_eq!(m.source.as_deref(), Some("ci"));
        assert_eq!(m.job.as_deref(), Some("nightly"));
        assert_eq!(m.host, None);
        assert_eq!(m.labels.as_deref(), Some(r#"["a","b","c"]"#));
        let bad = MetaQuery {
            source: Some("robot".into()),
            ..Default::default()
        };
        assert!(bad.validate().is_err());
        let many = MetaQuery {
            labels: Some((0..40).map(|i| i.to_string()).collect::<Vec<_>>().join(",")),
            ..Default::default()
        };
        assert!(many.validate().is_err());
        assert!(MetaQuery::default().validate().unwrap().labels.is_none());
    }
}
