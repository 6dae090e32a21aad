//! crashdex: a web dashboard and findings knowledge base for ML-serving crash logs.
//!
//! Reading order (the pipeline runs top to bottom):
//! - [`config`]: command line and server configuration;
//! - [`ingest`]: upload → inflate → hash/dedupe → analyse (`crashdex_core`) → store;
//! - [`db`]: SQLite pool, migrations and every SQL query;
//! - [`incidents`]: incidents as pages and the API see them; [`search`]: full-text search;
//! - [`problems`]: incidents grouped by fingerprint, with merges, splits and resolutions;
//!   [`similar`] (similar incidents by text) and [`draft`] (a finding drafted from an incident);
//! - [`findings_dir`]: the findings directory on disk; [`findings_filter`]: list filters;
//! - [`web`] (HTML pages) and [`api`] (REST, `/api/v1`), with [`extract`] for uploads;
//! - [`error`]: every error and its status; [`app`]: state, router, serve; [`cli`]: commands;
//! - for bots: [`bundle`] (multi-file incidents), [`auth`] (tokens, sessions, CSRF, rate
//!   limits), [`options`], [`tokens`], [`webhooks`], and [`client`] (`submit`, `import`).

pub mod api;
pub mod app;
pub mod auth;
pub mod backup;
pub mod bundle;
pub mod cli;
pub mod client;
pub mod config;
pub mod db;
pub mod draft;
pub mod error;
pub mod extract;
pub mod findings_dir;
pub mod findings_filter;
pub mod incidents;
pub mod ingest;
pub mod options;
pub mod problems;
pub mod search;
pub mod similar;
pub mod tokens;
pub mod web;
pub mod webhooks;

pub use app::{build_router, serve, AppState};
pub use config::Config;
