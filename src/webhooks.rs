//! Webhooks: a JSON (or Slack-compatible) POST when a new problem appears (a crash whose
//! fingerprint no earlier incident has) and when an incident matches a finding whose severity
//! is `critical`.
//!
//! Ingest only calls [`Hooks::notify`], which never waits: the incident id goes into a bounded
//! channel with `try_send`, and when the channel is full the event is dropped and counted. A
//! background task turns ids into events and delivers each to every URL, retrying with
//! exponential backoff; the counters and the last failures are shown on `/admin` and logged.

use crate::config::Config;
use crate::db;
use crate::incidents;
use crate::options::WebhookFormat;
use crashdex_core::{Analysis, FindingsIndex};
use serde::Serialize;
use sqlx::SqlitePool;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;
use tokio::sync::mpsc;

/// Incidents waiting for the webhook task; beyond this, events are dropped.
const QUEUE: usize = 256;
/// Tries per delivery (the first and the retries).
pub const TRIES: u32 = 4;
/// Failures kept for `/admin`.
const RECENT_FAILURES: usize = 50;

/// The webhook sender of the app state (a no-op without webhooks).
#[derive(Clone, Default)]
pub struct Hooks {
    tx: Option<mpsc::Sender<i64>>,
    /// Counters and recent failures.
    pub stats: Arc<Stats>,
}

/// Delivery counters and the last failures.
#[derive(Debug, Default)]
pub struct Stats {
    /// The configured URLs, with their paths hidden (they often hold a secret).
    pub urls: Vec<String>,
    pub delivered: AtomicU64,
    pub failed: AtomicU64,
    pub dropped: AtomicU64,
    pub recent: Mutex<VecDeque<Failure>>,
}

/// A delivery that failed after every try.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    pub at: String,
    pub url: String,
    pub event: String,
    pub incident_id: i64,
    pub tries: u32,
    pub error: String,
}

impl Stats {
    /// The recent failures, newest first.
    pub fn recent_failures(&self) -> Vec<Failure> {
        let recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        recent.iter().rev().cloned().collect()
    }

    fn record_failure(&self, f: Failure) {
        self.failed.fetch_add(1, Ordering::Relaxed);
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        if recent.len() == RECENT_FAILURES {
            recent.pop_front();
        }
        recent.push_back(f);
    }
}

/// What the background task needs.
struct Worker {
    db: SqlitePool,
    findings: Arc<RwLock<Arc<FindingsIndex>>>,
    urls: Vec<String>,
    format: WebhookFormat,
    retry: Duration,
    base_url: String,
    client: reqwest::Client,
    stats: Arc<Stats>,
}

impl Hooks {
    /// Starts the webhook task when webhooks are configured and a tokio runtime is running.
    pub fn start(
        db: SqlitePool,
        findings: Arc<RwLock<Arc<FindingsIndex>>>,
        config: &Config,
    ) -> Hooks {
        let urls = config.api.webhooks.clone();
        let stats = Arc::new(Stats {
            urls: urls.iter().map(|u| redact(u)).collect(),
            ..Stats::default()
        });
        let runtime = tokio::runtime::Handle::try_current();
        let (Ok(runtime), false) = (runtime, urls.is_empty()) else {
            return Hooks { tx: None, stats };
        };
        let client = match reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .user_agent(concat!("crashdex/", env!("CARGO_PKG_VERSION")))
            .build()
        {
            Ok(c) => c,
            Err(e) => {
                tracing::error!("webhooks disabled: no HTTP client: {e}");
                return Hooks { tx: None, stats };
            }
        };
        let (tx, rx) = mpsc::channel(QUEUE);
        let worker = Worker {
            db,
            findings,
            urls,
            format: config.api.webhook_format,
            retry: Duration::from_millis(config.api.webhook_retry_ms),
            base_url: base_url(config),
            client,
            stats: Arc::clone(&stats),
        };
        runtime.spawn(worker.run(rx));
        Hooks {
            tx: Some(tx),
            stats,
        }
    }

    /// Queues a new incident for the webhooks; never waits (a full queue drops the event).
    pub fn notify(&self, incident_id: i64) {
        let Some(tx) = &self.tx else { return };
        if tx.try_send(incident_id).is_err() {
            self.stats.dropped.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(incident_id, "webhook queue full: event dropped");
        }
    }
}

/// The public address for links: `--public-url`, or `http://BIND`.
fn base_url(config: &Config) -> String {
    let url = config
        .api
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{}", config.bind));
    url.trim_end_matches('/').to_string()
}

/// A URL with its path and query hidden: `https://hooks.slack.com/…`.
pub fn redact(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or(authority);
    let hidden = if rest.len() > authority.len() {
        "/…"
    } else {
        ""
    };
    format!("{scheme}://{host}{hidden}")
}

/// One event to deliver.
#[derive(Debug, Clone, Serialize)]
pub struct Event {
    /// `new_problem` or `critical_finding`.
    pub event: &'static str,
    /// The event for people (also the Slack message).
    pub text: String,
    pub incident: EventIncident,
    pub finding: Option<EventFinding>,
}

/// The incident of an event.
#[derive(Debug, Clone, Serialize)]
pub struct EventIncident {
    pub id: i64,
    pub url: String,
    pub verdict: String,
    pub error_class: String,
    pub phase: String,
    pub fingerprint: String,
    pub signature: String,
    pub first_error: Option<String>,
    pub source: Option<String>,
    pub job: Option<String>,
    pub host: Option<String>,
}

/// The critical finding of an event.
#[derive(Debug, Clone, Serialize)]
pub struct EventFinding {
    pub id: String,
    pub title: String,
    pub severity: String,
    pub url: String,
}

/// The events of a new incident: `new_problem` when it is a crash whose fingerprint no earlier
/// incident has, and one `critical_finding` per matched critical finding.
pub fn events(
    id: i64,
    a: &Analysis,
    meta: &db::incident_meta::MetaRow,
    new_problem: bool,
    index: &FindingsIndex,
    base_url: &str,
) -> Vec<Event> {
    let inc = EventIncident {
        id,
        url: format!("{base_url}{}", incidents::url(id)),
        verdict: a.verdict(),
        error_class: a.error_class.clone(),
        phase: a.phase.clone(),
        fingerprint: a.fingerprint.clone(),
        signature: a.signature.clone(),
        first_error: a.first_error.as_ref().map(|f| f.text.trim().to_string()),
        source: meta.source.clone(),
        job: meta.job.clone(),
        host: meta.host.clone(),
    };
    let whence = match (&meta.job, &meta.host) {
        (Some(j), Some(h)) => format!(" (job {j} on {h})"),
        (Some(j), None) => format!(" (job {j})"),
        (None, Some(h)) => format!(" (on {h})"),
        (None, None) => String::new(),
    };
    let mut out = Vec::new();
    if new_problem && a.crash {
        out.push(Event {
            event: "new_problem",
            text: format!(
                "New problem in crashdex{whence}: {}\n{}",
                inc.verdict, inc.url
            ),
            incident: inc.clone(),
            finding: None,
        });
    }
    for m in &a.matches {
        let Some(f) = index.get(&m.finding) else {
            continue;
        };
        if !f.severity.eq_ignore_ascii_case("critical") {
            continue;
        }
        let finding_url = format!("{base_url}/findings/{}", f.id);
        out.push(Event {
            event: "critical_finding",
            text: format!(
                "Critical finding `{}` ({}) matched{whence}: {}\n{}",
                f.id, f.title, inc.verdict, inc.url
            ),
            incident: inc.clone(),
            finding: Some(EventFinding {
                id: f.id.clone(),
                title: f.title.clone(),
                severity: f.severity.clone(),
                url: finding_url,
            }),
        });
    }
    out
}

/// The body sent for an event.
pub fn payload(event: &Event, format: WebhookFormat) -> serde_json::Value {
    match format {
        WebhookFormat::Json => serde_json::to_value(event).unwrap_or_default(),
        WebhookFormat::Slack => serde_json::json!({ "text": event.text }),
    }
}

impl Worker {
    async fn run(self, mut rx: mpsc::Receiver<i64>) {
        let this = Arc::new(self);
        while let Some(id) = rx.recv().await {
            match this.events_for(id).await {
                Ok(events) => {
                    for event in events {
                        for url in &this.urls {
                            let (w, url, event) = (Arc::clone(&this), url.clone(), event.clone());
                            tokio::spawn(async move { w.deliver(&url, &event).await });
                        }
                    }
                }
                Err(e) => tracing::error!(incident_id = id, "webhook: cannot load incident: {e}"),
            }
        }
    }

    async fn events_for(&self, id: i64) -> Result<Vec<Event>, crate::error::AppError> {
        let incident = incidents::get(&self.db, id).await?;
        let meta = db::incident_meta::get(&self.db, id).await?;
        let earlier = db::incident_meta::earlier_with_fingerprint(
            &self.db,
            &incident.analysis.fingerprint,
            id,
        )
        .await?;
        let index = {
            let guard = self.findings.read().unwrap_or_else(|e| e.into_inner());
            Arc::clone(&guard)
        };
        Ok(events(
            id,
            &incident.analysis,
            &meta,
            earlier == 0,
            &index,
            &self.base_url,
        ))
    }

    /// Posts one event to one URL, retrying server errors, 429s and network failures.
    async fn deliver(&self, url: &str, event: &Event) {
        let body = payload(event, self.format);
        let mut delay = self.retry;
        let mut error = String::new();
        let mut tries = 0;
        while tries < TRIES {
            tries += 1;
            match self.client.post(url).json(&body).send().await {
                Ok(res) if res.status().is_success() => {
                    self.stats.delivered.fetch_add(1, Ordering::Relaxed);
                    tracing::info!(url = %redact(url), event = event.event, incident_id = event.incident.id, "webhook delivered");
                    return;
                }
                Ok(res) => {
                    error = format!("HTTP {}", res.status());
                    let retryable = res.status().is_server_error() || res.status().as_u16() == 429;
                    if !retryable {
                        break;
                    }
                }
                Err(e) => error = without_url(&e),
            }
            tracing::warn!(url = %redact(url), tries, "webhook failed: {error}");
            if tries < TRIES {
                tokio::time::sleep(delay).await;
                delay = delay.saturating_mul(2);
            }
        }
        tracing::error!(url = %redact(url), event = event.event, incident_id = event.incident.id, tries, "webhook gave up: {error}");
        self.stats.record_failure(Failure {
            at: db::now(),
            url: redact(url),
            event: event.event.to_string(),
            incident_id: event.incident.id,
            tries,
            error,
        });
    }
}

/// A reqwest error's text without the URL (which may hold a secret).
fn without_url(e: &reqwest::Error) -> String {
    let kind = if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "connection failed"
    } else {
        "request failed"
    };
    let source = std::error::Error::source(e)
        .map(|s| format!(": {s}"))
        .unwrap_or_default();
    format!("{kind}{source}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_paths_and_credentials() {
        assert_eq!(
            redact("https://hooks.slack.com/services/T0/B0/secret"),
            "https://hooks.slack.com/…"
        );
        assert_eq!(
            redact("http://user:pw@127.0.0.1:9000"),
            "http://127.0.0.1:9000"
        );
        assert_eq!(redact("http://h:1/x?y"), "http://h:1/…");
    }

    #[test]
    fn new_problem_event_and_slack_payload() {
        let mut analysis = crate::ingest::analyze_plain(b"x\n", &FindingsIndex::empty());
        analysis.crash = true;
        analysis.error_class = "cuda_oom".into();
        let meta = db::incident_meta::MetaRow {
            job: Some("nightly".into()),
            ..Default::default()
        };
        let ev = events(
            7,
            &analysis,
            &meta,
            true,
            &FindingsIndex::empty(),
            "http://x",
        );
        assert_eq!(ev.len(), 1);
        assert_eq!(ev[0].event, "new_problem");
        assert_eq!(ev[0].incident.url, "http://x/incidents/7");
        assert!(ev[0].text.contains("job nightly"), "{}", ev[0].text);
        let slack = payload(&ev[0], WebhookFormat::Slack);
        assert_eq!(slack.as_object().unwrap().len(), 1);
        assert!(slack["text"].as_str().unwrap().contains("/incidents/7"));
        assert!(events(7, &analysis, &meta, false, &FindingsIndex::empty(), "").is_empty());
    }
}
