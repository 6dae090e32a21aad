//! The application: [`AppState`], the router with its layers ([`build_router`]), [`serve`] for a
//! bound listener (what tests and `run` use), and [`run`]: open the database, load the findings,
//! bind, serve until Ctrl-C/SIGTERM, reload findings on SIGHUP.

use crate::config::Config;
use crate::error::{AppError, AppResult};
use crate::{api, auth, db, findings_dir, web};
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderName, HeaderValue};
use axum::{middleware, Router};
use crashdex_core::FindingsIndex;
use sqlx::SqlitePool;
use std::future::Future;
use std::sync::{Arc, RwLock};
use tokio::net::TcpListener;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};

/// Room for multipart boundaries and headers above the upload limit.
const MULTIPART_OVERHEAD: u64 = 64 * 1024;

/// The Content-Security-Policy of every response: nothing inline, nothing from elsewhere.
pub const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                       script-src 'self'; frame-ancestors 'none'";

/// Shared state of every handler.
#[derive(Clone)]
pub struct AppState {
    pub db: SqlitePool,
    /// The findings knowledge base; swapped whole on reload.
    pub findings: Arc<RwLock<Arc<FindingsIndex>>>,
    pub config: Arc<Config>,
    /// Per-token rate limits on writes.
    pub limiter: Arc<crate::auth::ratelimit::Limiter>,
    /// The webhook sender (a no-op without webhooks).
    pub hooks: crate::webhooks::Hooks,
    /// Slots for the CPU-heavy work of uploads (inflate, analyse, compress): one core fewer
    /// than the machine has, so pages keep a core to themselves however many logs arrive.
    pub upload_cpu: Arc<tokio::sync::Semaphore>,
    /// Threads for that work at a lower CPU priority, so that when uploads and pages want the
    /// same core the pages go first and uploads queue (`None` if the threads could not be
    /// started: the work then runs on the blocking pool).
    upload_pool: Option<Arc<rayon::ThreadPool>>,
}

impl AppState {
    /// State over an open pool and a loaded index.
    /// Starts the webhook task when webhooks are configured and a runtime is running.
    pub fn new(db: SqlitePool, findings: FindingsIndex, config: Config) -> Self {
        let findings = Arc::new(RwLock::new(Arc::new(findings)));
        let hooks = crate::webhooks::Hooks::start(db.clone(), Arc::clone(&findings), &config);
        AppState {
            db,
            findings,
            limiter: Arc::new(crate::auth::ratelimit::Limiter::new(config.api.rate_limit)),
            config: Arc::new(config),
            hooks,
            upload_cpu: Arc::new(tokio::sync::Semaphore::new(upload_slots())),
            upload_pool: upload_pool().map(Arc::new),
        }
    }

    /// Runs the CPU-heavy step `f` of an upload on the upload threads, once a slot is free.
    pub async fn upload_work<F, R>(&self, f: F) -> AppResult<R>
    where
        F: FnOnce() -> R + Send + 'static,
        R: Send + 'static,
    {
        // the semaphore is never closed
        let _slot = self
            .upload_cpu
            .acquire()
            .await
            .map_err(AppError::internal)?;
        let Some(pool) = &self.upload_pool else {
            return tokio::task::spawn_blocking(f)
                .await
                .map_err(AppError::internal);
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        pool.spawn(move || {
            // a panic must reach the caller as an error, not abort the process (rayon's default)
            let _ = tx.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
        });
        match rx.await {
            Ok(Ok(r)) => Ok(r),
            Ok(Err(_)) => Err(AppError::internal("upload work panicked")),
            Err(e) => Err(AppError::internal(e)),
        }
    }

    /// The current findings index.
    pub fn findings(&self) -> Arc<FindingsIndex> {
        let guard = self.findings.read().unwrap_or_else(|e| e.into_inner());
        Arc::clone(&guard)
    }

    /// Replaces the findings index.
    pub fn set_findings(&self, index: FindingsIndex) {
        let mut guard = self.findings.write().unwrap_or_else(|e| e.into_inner());
        *guard = Arc::new(index);
    }
}

/// How many uploads may use the CPU at once: all cores but one (at least one).
fn upload_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// How much lower than the server's the upload threads' priority is (a nice increment).
const UPLOAD_NICENESS: i32 = 10;

/// One thread per upload slot, each lowered by [`UPLOAD_NICENESS`] as it starts (threads it
/// starts, such as the analysis worker, inherit it).
fn upload_pool() -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(upload_slots())
        .thread_name(|i| format!("upload-{i}"))
        .start_handler(|_| lower_thread_priority(UPLOAD_NICENESS))
        .build()
        .inspect_err(|e| tracing::warn!(error = %e, "upload threads: using the blocking pool"))
        .ok()
}

/// Raises the calling thread's nice value by `by` (Linux keeps one per thread; `None` is the
/// calling thread). Best effort: if refused, the thread keeps its priority.
fn lower_thread_priority(by: i32) {
    let now = rustix::process::getpriority_process(None).unwrap_or(0);
    if let Err(e) = rustix::process::setpriority_process(None, (now + by).min(19)) {
        tracing::debug!(error = %e, "upload thread keeps its priority");
    }
}

/// The whole router: pages, `/api/v1`, `/static`, `/healthz`, with the security headers, the
/// body limit and request tracing.
pub fn build_router(state: AppState) -> Router {
    let body_limit = state.config.max_upload.saturating_add(MULTIPART_OVERHEAD);
    let body_limit = usize::try_from(body_limit).unwrap_or(usize::MAX);
    let static_files = ServeDir::new(&state.config.static_dir);
    Router::new()
        .merge(web::router())
        .nest("/api/v1", api::router())
        .nest_service("/static", static_files)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(header_layer(header::CONTENT_SECURITY_POLICY, CSP))
        .layer(header_layer(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header_layer(header::REFERRER_POLICY, "no-referrer"))
        .layer(header_layer(header::X_FRAME_OPTIONS, "DENY"))
        .layer(middleware::from_fn(auth::csrf::layer))
        .layer(middleware::from_fn_with_state(state.clone(), auth::layer))
        // spans and events carry the method and path, never headers (tokens, cookies)
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().include_headers(false))
                .on_response(DefaultOnResponse::new().include_headers(false)),
        )
        .with_state(state)
}

fn header_layer(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

/// Serves the app on a bound listener until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, build_router(state))
        .with_graceful_shutdown(shutdown)
        .await
}

/// `crashdex serve`: database, findings, listener, then serve until a shutdown signal.
pub async fn run(mut config: Config) -> anyhow::Result<()> {
    config.api.merge_config_file()?;
    let index = load_findings(&config.findings)?;
    let pool = db::connect(&config.db).await?;
    let listener = TcpListener::bind(&config.bind).await?;
    tracing::info!(
        addr = %listener.local_addr()?,
        db = %config.db.display(),
        findings = index.findings().len(),
        "crashdex listening on http://{}",
        listener.local_addr()?
    );
    log_access_policy(&config);
    let state = AppState::new(pool.clone(), index, config);
    crate::search::index_findings(&state.db, &state.findings()).await?;
    spawn_reload_on_sighup(state.clone());
    serve(listener, state, shutdown_signal()).await?;
    pool.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Says who may write and read, so an operator sees the policy in force.
fn log_access_policy(config: &Config) {
    let o = &config.api;
    if auth::writes_require_token(&config.bind, o.open_writes, o.private) {
        tracing::info!("API writes need a token (crashdex token create NAME)");
    } else if !auth::is_loopback(&config.bind) {
        tracing::warn!(
            "--open-writes: anyone who reaches {} may upload",
            config.bind
        );
    }
    if o.private {
        tracing::info!("private mode: every page and read needs a token or a session");
    }
    if !o.webhooks.is_empty() {
        tracing::info!(count = o.webhooks.len(), format = ?o.webhook_format, "webhooks on");
    }
}

/// Loads the findings directory, logging every problem.
fn load_findings(dir: &std::path::Path) -> anyhow::Result<FindingsIndex> {
    findings_dir::load(dir).map_err(|errors| {
        for e in &errors {
            tracing::error!("findings: {e}");
        }
        anyhow::anyhow!(
            "{} problem(s) in the findings directory {}",
            errors.len(),
            dir.display()
        )
    })
}

/// Reloads the findings on SIGHUP; a failed load keeps the old index.
fn spawn_reload_on_sighup(state: AppState) {
    #[cfg(unix)]
    tokio::spawn(async move {
        use tokio::signal::unix::{signal, SignalKind};
        let Ok(mut hup) = signal(SignalKind::hangup()) else {
            tracing::warn!("cannot listen for SIGHUP; findings reload disabled");
            return;
        };
        while hup.recv().await.is_some() {
            let dir = state.config.findings.clone();
            let loaded = tokio::task::spawn_blocking(move || load_findings(&dir)).await;
            match loaded {
                Ok(Ok(index)) => {
                    tracing::info!(findings = index.findings().len(), "findings reloaded");
                    state.set_findings(index);
                    let index = state.findings();
                    if let Err(e) = crate::search::index_findings(&state.db, &index).await {
                        tracing::error!("findings search index not rebuilt: {e}");
                    }
                }
                Ok(Err(e)) => tracing::error!("findings reload failed, keeping the old index: {e}"),
                Err(e) => tracing::error!("findings reload panicked: {e}"),
            }
        }
    });
    #[cfg(not(unix))]
    let _ = state;
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutting down");
}
