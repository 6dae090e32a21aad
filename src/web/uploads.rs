//! `POST /incidents`: the upload form (multipart `file` or `text`, with its `csrf` field) →
//! ingest → 303 to the incident.

use crate::app::AppState;
use crate::auth::{csrf, FormWriteAccess};
use crate::error::AppResult;
use crate::extract::Upload;
use crate::ingest::ingest_log;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Redirect;

/// `POST /incidents`: a new upload, or the same bytes again, both land on the incident page.
pub async fn create(
    State(state): State<AppState>,
    _access: FormWriteAccess,
    headers: HeaderMap,
    upload: Upload,
) -> AppResult<Redirect> {
    csrf::verify(&headers, upload.field(csrf::FIELD))?;
    let (incident, _created) = ingest_log(&state, upload.filename, upload.bytes).await?;
    Ok(Redirect::to(&incident.url()))
}
