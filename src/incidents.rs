//! Incidents as the pages and the API see them: the stored analysis of one uploaded log, and
//! short summaries for lists. Reads go through `db::incidents`; the log body is decompressed here.
//!
//! Must not import `web`, `api` or `app`.

use crate::db;
use crate::error::{AppError, AppResult};
use crashdex_core::Analysis;
use sqlx::SqlitePool;

/// One incident: an uploaded log and its analysis.
#[derive(Debug, Clone)]
pub struct Incident {
    pub id: i64,
    /// Upload time, RFC 3339 UTC.
    pub created_at: String,
    pub filename: Option<String>,
    /// Size in bytes of the log (after gzip inflation).
    pub size: i64,
    pub sha256: String,
    /// Secrets replaced in the log before it was stored.
    pub redactions: i64,
    pub analysis: Analysis,
}

impl Incident {
    /// The incident page's path.
    pub fn url(&self) -> String {
        url(self.id)
    }
}

/// The page of incident `id`.
pub fn url(id: i64) -> String {
    format!("/incidents/{id}")
}

impl TryFrom<db::incidents::IncidentRow> for Incident {
    type Error = AppError;

    fn try_from(row: db::incidents::IncidentRow) -> AppResult<Self> {
        let analysis = serde_json::from_str(&row.analysis_json).map_err(|e| {
            AppError::Internal(format!(
                "incident {}: stored analysis unreadable: {e}",
                row.id
            ))
        })?;
        Ok(Incident {
            id: row.id,
            created_at: row.created_at,
            filename: row.filename,
            size: row.size,
            sha256: row.sha256,
            redactions: row.redactions,
            analysis,
        })
    }
}

/// The incident `id`, or a 404.
pub async fn get(pool: &SqlitePool, id: i64) -> AppResult<Incident> {
    db::incidents::get(pool, id)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("no incident {id}")))?
        .try_into()
}

/// The incident `id` from a path segment: anything that is not a known id is a 404.
pub async fn get_by_param(pool: &SqlitePool, id: &str) -> AppResult<Incident> {
    match id.parse::<i64>() {
        Ok(id) => get(pool, id).await,
        Err(_) => Err(AppError::NotFound(format!("no incident {id}"))),
    }
}

/// A page of incidents, newest first.
#[derive(Debug)]
pub struct IncidentPage {
    pub rows: Vec<db::incidents::SummaryRow>,
    /// 1-based, clamped to the pages that exist.
    pub page: i64,
    pub pages: i64,
    pub total: i64,
}

/// Page `page` (1-based; anything out of range is clamped) of `per_page` incidents.
pub async fn page(pool: &SqlitePool, page: i64, per_page: i64) -> AppResult<IncidentPage> {
    let total = db::incidents::count(pool).await?;
    let pages = ((total + per_page - 1) / per_page).max(1);
    let page = page.clamp(1, pages);
    let rows = db::incidents::list_page(pool, per_page, (page - 1) * per_page).await?;
    Ok(IncidentPage {
        rows,
        page,
        pages,
        total,
    })
}

/// Parses a `?page=` value leniently: missing, non-numeric or negative values give page 1, huge
/// ones the largest page number (clamped later to the last page).
pub fn parse_page(raw: Option<&str>) -> i64 {
    let Some(raw) = raw.map(str::trim) else {
        return 1;
    };
    match raw.parse::<i64>() {
        Ok(n) => n.max(1),
        Err(_) if !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()) => i64::MAX,
        Err(_) => 1,
    }
}

/// The original (inflated) bytes of an incident's log and its file name.
pub async fn raw_log(pool: &SqlitePool, id: i64) -> AppResult<(Option<String>, Vec<u8>)> {
    let row = db::raw_logs::body_for_incident(pool, id)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("no incident {id}")))?;
    let body = tokio::task::spawn_blocking(move || zstd::decode_all(row.body.as_slice()))
        .await
        .map_err(AppError::internal)?
        .map_err(|e| AppError::Internal(format!("incident {id}: stored log unreadable: {e}")))?;
    Ok((row.filename, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_page_numbers_leniently() {
        assert_eq!(parse_page(None), 1);
        assert_eq!(parse_page(Some("3")), 3);
        assert_eq!(parse_page(Some("-1")), 1);
        assert_eq!(parse_page(Some("0")), 1);
        assert_eq!(parse_page(Some("abc")), 1);
        assert_eq!(parse_page(Some("")), 1);
        assert_eq!(parse_page(Some("999999999999")), 999_999_999_999);
        assert_eq!(parse_page(Some("99999999999999999999999")), i64::MAX);
    }
}
