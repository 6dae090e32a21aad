//! `api_tokens` and `sessions`: API tokens (only their SHA-256 is stored) and the browser
//! sessions opened with them on `/login`.

use sqlx::SqlitePool;

/// A stored token (never the token itself).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TokenRow {
    pub id: i64,
    pub name: String,
    pub scope: String,
    pub created_at: String,
    pub last_used_at: Option<String>,
    pub revoked_at: Option<String>,
}

const TOKEN_SELECT: &str =
    "SELECT id, name, scope, created_at, last_used_at, revoked_at FROM api_tokens";

/// Stores a new token's hash; fails on a duplicate name.
pub async fn insert(
    pool: &SqlitePool,
    name: &str,
    scope: &str,
    token_hash: &str,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar::<_, i64>(
        "INSERT INTO api_tokens (name, scope, token_hash, created_at) VALUES (?, ?, ?, ?)
         RETURNING id",
    )
    .bind(name)
    .bind(scope)
    .bind(token_hash)
    .bind(now)
    .fetch_one(pool)
    .await
}

/// Every token, oldest first.
pub async fn list(pool: &SqlitePool) -> sqlx::Result<Vec<TokenRow>> {
    sqlx::query_as::<_, TokenRow>(&format!("{TOKEN_SELECT} ORDER BY id"))
        .fetch_all(pool)
        .await
}

/// The live (not revoked) token with this hash.
pub async fn find_live(pool: &SqlitePool, token_hash: &str) -> sqlx::Result<Option<TokenRow>> {
    sqlx::query_as::<_, TokenRow>(&format!(
        "{TOKEN_SELECT} WHERE token_hash = ? AND revoked_at IS NULL"
    ))
    .bind(token_hash)
    .fetch_optional(pool)
    .await
}

/// Records a use of a token (at most once a minute, to spare writes).
pub async fn touch(pool: &SqlitePool, id: i64, now: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE api_tokens SET last_used_at = ?
         WHERE id = ? AND (last_used_at IS NULL OR substr(last_used_at, 1, 16) <> substr(?, 1, 16))",
    )
    .bind(now)
    .bind(id)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Revokes the token named `name_or_id` (a name, or a numeric id); returns how many were revoked.
/// Its browser sessions are closed too.
pub async fn revoke(pool: &SqlitePool, name_or_id: &str, now: &str) -> sqlx::Result<u64> {
    let id: Option<i64> = name_or_id.parse().ok();
    let mut tx = pool.begin().await?;
    let ids: Vec<i64> = sqlx::query_scalar(
        "UPDATE api_tokens SET revoked_at = ?
         WHERE (name = ? OR id = ?) AND revoked_at IS NULL RETURNING id",
    )
    .bind(now)
    .bind(name_or_id)
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    for id in &ids {
        sqlx::query("DELETE FROM sessions WHERE token_id = ?")
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(ids.len() as u64)
}

/// Opens a browser session for a token.
pub async fn insert_session(
    pool: &SqlitePool,
    id_hash: &str,
    token_id: i64,
    now: &str,
    expires_at: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sessions (id_hash, token_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
    )
    .bind(id_hash)
    .bind(token_id)
    .bind(now)
    .bind(expires_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// The live token behind an unexpired session.
pub async fn find_session(
    pool: &SqlitePool,
    id_hash: &str,
    now: &str,
) -> sqlx::Result<Option<TokenRow>> {
    sqlx::query_as::<_, TokenRow>(
        "SELECT t.id, t.name, t.scope, t.created_at, t.last_used_at, t.revoked_at
         FROM sessions s JOIN api_tokens t ON t.id = s.token_id
         WHERE s.id_hash = ? AND s.expires_at > ? AND t.revoked_at IS NULL",
    )
    .bind(id_hash)
    .bind(now)
    .fetch_optional(pool)
    .await
}

/// Closes a session.
pub async fn delete_session(pool: &SqlitePool, id_hash: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE id_hash = ?")
        .bind(id_hash)
        .execute(pool)
        .await?;
    Ok(())
}
