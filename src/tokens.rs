//! `crashdex token create|list|revoke`: API tokens in the server's database. A new token is
//! printed once; only its SHA-256 is stored, so a lost token is revoked and replaced.

use crate::auth::{self, Scope};
use crate::db;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Arguments of `crashdex token`.
#[derive(Debug, Args)]
pub struct TokenArgs {
    /// The server's SQLite database.
    #[arg(
        long,
        env = "CRASHDEX_DB",
        default_value = "crashdex.db",
        global = true
    )]
    pub db: PathBuf,
    /// What to do.
    #[command(subcommand)]
    pub command: TokenCommand,
}

/// `crashdex token ...`.
#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Create a token and print it (once).
    Create {
        /// A unique name (who or what uses it: `ci`, `slack-bot`).
        name: String,
        /// What the token may do.
        #[arg(long, value_enum, default_value = "write")]
        scope: Scope,
    },
    /// List tokens (names, scopes, last use; never the tokens).
    List,
    /// Revoke a token by name or id; its browser sessions end too.
    Revoke {
        /// The token's name or id.
        name_or_id: String,
    },
}

/// Runs a token command and returns the process exit code.
pub fn run(args: TokenArgs) -> i32 {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("crashdex: cannot start the runtime: {e}");
            return 1;
        }
    };
    match runtime.block_on(run_async(args)) {
        Ok(text) => {
            println!("{text}");
            0
        }
        Err(e) => {
            eprintln!("crashdex: {e:#}");
            1
        }
    }
}

async fn run_async(args: TokenArgs) -> anyhow::Result<String> {
    let pool = db::connect(&args.db).await?;
    let out = match args.command {
        TokenCommand::Create { name, scope } => create(&pool, &name, scope).await?,
        TokenCommand::List => list(&pool).await?,
        TokenCommand::Revoke { name_or_id } => {
            match db::tokens::revoke(&pool, &name_or_id, &db::now()).await? {
                0 => anyhow::bail!("no live token named `{name_or_id}`"),
                _ => format!("revoked {name_or_id}"),
            }
        }
    };
    pool.close().await;
    Ok(out)
}

/// Creates a token and returns it (the only time it is ever shown).
pub async fn create(pool: &sqlx::SqlitePool, name: &str, scope: Scope) -> anyhow::Result<String> {
    let name = name.trim();
    if name.is_empty() || name.len() > 100 || name.parse::<i64>().is_ok() {
        anyhow::bail!("a token name is 1 to 100 characters and not a number");
    }
    let token = auth::new_token()?;
    db::tokens::insert(
        pool,
        name,
        scope.as_str(),
        &auth::hash_secret(&token),
        &db::now(),
    )
    .await
    .map_err(|e| match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => {
            anyhow::anyhow!("a token named `{name}` exists (revoked ones keep their name)")
        }
        _ => e.into(),
    })?;
    Ok(token)
}

async fn list(pool: &sqlx::SqlitePool) -> anyhow::Result<String> {
    let rows = db::tokens::list(pool).await?;
    if rows.is_empty() {
        return Ok("no tokens (crashdex token create NAME)".into());
    }
    let mut out = format!(
        "{:<4} {:<24} {:<6} {:<21} {:<21} {}",
        "ID", "NAME", "SCOPE", "CREATED", "LAST USED", "STATUS"
    );
    for r in rows {
        out += &format!(
            "\n{:<4} {:<24} {:<6} {:<21} {:<21} {}",
            r.id,
            r.name,
            r.scope,
            r.created_at,
            r.last_used_at.as_deref().unwrap_or("never"),
            r.revoked_at
                .map_or("live".to_string(), |t| format!("revoked {t}"))
        );
    }
    Ok(out)
}
