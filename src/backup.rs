//! `crashdex backup PATH [--db DB]`: a consistent online copy of the database with SQLite's
//! `VACUUM INTO`, which reads one snapshot (a read transaction) while the server goes on writing
//! in WAL mode, then checks the copy (`PRAGMA integrity_check`) and counts what it holds.
//!
//! Restoring is copying the file back while the server is stopped (or starting a server on it).

use clap::Args;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::SqlitePool;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `crashdex backup`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy; must not exist yet.
    pub path: PathBuf,
    /// The database to copy (the server's `--db`).
    #[arg(long, env = "CRASHDEX_DB", default_value = "crashdex.db")]
    pub db: PathBuf,
}

/// What a finished backup holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupReport {
    pub incidents: i64,
    pub raw_logs: i64,
    pub bytes: u64,
}

/// Runs `crashdex backup`; returns the process exit code.
pub fn run(args: BackupArgs) -> i32 {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("crashdex: cannot start the runtime: {e}");
            return 1;
        }
    };
    match runtime.block_on(backup(&args.db, &args.path)) {
        Ok(r) => {
            println!(
                "backup of {} written to {}: {} incidents, {} raw logs, {} bytes, integrity ok",
                args.db.display(),
                args.path.display(),
                r.incidents,
                r.raw_logs,
                r.bytes
            );
            0
        }
        Err(e) => {
            eprintln!("crashdex: backup failed: {e:#}");
            1
        }
    }
}

/// Copies the database at `db` to `dest` (which must not exist) and verifies the copy.
pub async fn backup(db: &Path, dest: &Path) -> anyhow::Result<BackupReport> {
    if !db.is_file() {
        anyhow::bail!("no database at {}", db.display());
    }
    if dest.exists() {
        anyhow::bail!(
            "{} already exists; a backup never overwrites",
            dest.display()
        );
    }
    let Some(dest_str) = dest.to_str() else {
        anyhow::bail!("the backup path must be valid UTF-8");
    };
    let source = open(db, false).await?;
    // One statement, one read snapshot: writers in WAL mode are never blocked by it.
    sqlx::query("VACUUM INTO ?")
        .bind(dest_str)
        .execute(&source)
        .await?;
    source.close().await;
    let report = verify(dest).await?;
    tracing::info!(dest = %dest.display(), incidents = report.incidents, "backup written");
    Ok(report)
}

/// Opens a backup copy read-only, checks its integrity and counts its rows.
pub async fn verify(path: &Path) -> anyhow::Result<BackupReport> {
    let pool = open(path, true).await?;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&pool)
        .await?;
    if check != "ok" {
        anyhow::bail!("integrity check of {} failed: {check}", path.display());
    }
    let incidents = sqlx::query_scalar("SELECT count(*) FROM incidents")
        .fetch_one(&pool)
        .await?;
    let raw_logs = sqlx::query_scalar("SELECT count(*) FROM raw_logs")
        .fetch_one(&pool)
        .await?;
    pool.close().await;
    Ok(BackupReport {
        incidents,
        raw_logs,
        bytes: std::fs::metadata(path)?.len(),
    })
}

/// A one-connection pool on an existing database file, read-only when asked.
async fn open(path: &Path, read_only: bool) -> sqlx::Result<SqlitePool> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .read_only(read_only)
        .busy_timeout(Duration::from_secs(30));
    SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
}
