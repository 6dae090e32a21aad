//! The `crashdex serve` options for bots (flattened into [`Config`](crate::config::Config)):
//! access control, write rate limits and webhooks, plus the optional TOML config file that can
//! list webhooks:
//!
//! ```toml
//! [webhooks]
//! urls = ["https://hooks.example/T0/B0/xyz"]
//! format = "slack"   # or "json"
//! ```

use crate::auth::ratelimit::RateLimit;
use clap::{Args, ValueEnum};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The payload shape of webhooks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WebhookFormat {
    /// `{"event", "text", "incident", "finding"}`.
    #[default]
    Json,
    /// Slack-compatible `{"text": ...}` (also accepted by Mattermost, Discord's /slack, ...).
    Slack,
}

/// Access control, rate limits and webhooks of the server.
#[derive(Debug, Clone, Args)]
pub struct ApiOptions {
    /// Allow API writes without a token even when bound to a non-loopback address.
    #[arg(long, env = "CRASHDEX_OPEN_WRITES")]
    pub open_writes: bool,
    /// Every page and read endpoint needs a token (API) or a browser session (`/login`).
    #[arg(long, env = "CRASHDEX_PRIVATE")]
    pub private: bool,
    /// Writes per token (and for all anonymous writers together), e.g. `60/min`; unlimited when
    /// not given.
    #[arg(long, env = "CRASHDEX_RATE_LIMIT")]
    pub rate_limit: Option<RateLimit>,
    /// POST a JSON event here when a new problem appears or a critical finding matches
    /// (repeatable; comma-separated in the environment).
    #[arg(long = "webhook", env = "CRASHDEX_WEBHOOKS", value_delimiter = ',')]
    pub webhooks: Vec<String>,
    /// The webhook payload: `json`, or `slack` for a Slack-compatible `{"text": ...}`.
    #[arg(long, env = "CRASHDEX_WEBHOOK_FORMAT", value_enum, default_value_t)]
    pub webhook_format: WebhookFormat,
    /// The first retry delay of a failed webhook, in milliseconds (doubled on each retry).
    #[arg(
        long,
        env = "CRASHDEX_WEBHOOK_RETRY_MS",
        default_value_t = 500,
        hide = true
    )]
    pub webhook_retry_ms: u64,
    /// The address people reach this server at, for links in webhooks (default: `http://BIND`).
    #[arg(long, env = "CRASHDEX_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// A TOML file with a `[webhooks]` table (`urls`, `format`), added to the flags.
    #[arg(long = "config", env = "CRASHDEX_CONFIG")]
    pub config_file: Option<PathBuf>,
}

impl Default for ApiOptions {
    fn default() -> Self {
        ApiOptions {
            open_writes: false,
            private: false,
            rate_limit: None,
            webhooks: Vec::new(),
            webhook_format: WebhookFormat::Json,
            webhook_retry_ms: 500,
            public_url: None,
            config_file: None,
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    #[serde(default)]
    webhooks: Option<FileWebhooks>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileWebhooks {
    #[serde(default)]
    urls: Vec<String>,
    format: Option<WebhookFormat>,
}

impl ApiOptions {
    /// Adds what the `--config` file says (its webhooks; its format unless one was given).
    pub fn merge_config_file(&mut self) -> anyhow::Result<()> {
        let Some(path) = self.config_file.clone() else {
            return Ok(());
        };
        self.merge_toml(&read(&path)?)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
    }

    fn merge_toml(&mut self, text: &str) -> Result<(), String> {
        let file: FileConfig = toml::from_str(text).map_err(|e| e.to_string())?;
        if let Some(w) = file.webhooks {
            self.webhooks.extend(w.urls);
            if let (Some(f), WebhookFormat::Json) = (w.format, self.webhook_format) {
                self.webhook_format = f;
            }
        }
        Ok(())
    }
}

fn read(path: &Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_webhooks_from_toml() {
        let mut o = ApiOptions {
            webhooks: vec!["http://a".into()],
            ..ApiOptions::default()
        };
        o.merge_toml("[webhooks]\nurls = [\"http://b\"]\nformat = \"slack\"\n")
            .unwrap();
        assert_eq!(o.webhooks, ["http://a", "http://b"]);
        assert_eq!(o.webhook_format, WebhookFormat::Slack);
        assert!(o.merge_toml("[webhooks]\nbogus = 1\n").is_err());
        assert!(o.merge_toml("").is_ok());
    }
}
