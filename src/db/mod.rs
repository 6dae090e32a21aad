//! The database: opening the SQLite pool and the embedded migrations. All SQL of the application
//! lives in this module's children, as runtime queries (`query_as::<_, Row>().bind()`), so a fresh
//! clone builds with no database and no `DATABASE_URL`.
//!
//! Must not import `web`, `api` or `app`.

pub mod incident_meta;
pub mod incidents;
pub mod matches;
pub mod problems;
pub mod raw_logs;
pub mod search;
pub mod tokens;

use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;
use std::path::Path;
use std::time::Duration;

/// The migrations in `migrations/`, embedded at build time (`build.rs` reruns on changes).
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// Opens (creating if missing) the database file and runs the migrations.
#[tracing::instrument(skip_all, fields(path = %path.display()))]
pub async fn connect(path: &Path) -> Result<SqlitePool, sqlx::Error> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(5));
    let pool = SqlitePoolOptions::new()
        .max_connections(8)
        .connect_with(options)
        .await?;
    MIGRATOR.run(&pool).await?;
    Ok(pool)
}

/// The current time as stored in the database: RFC 3339, UTC, seconds.
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
