//! Command line and configuration: the clap derive for every subcommand, and the server
//! [`Config`] (each flag also read from a `CRASHDEX_*` environment variable, see `.env.example`).
//!
//! Pure: no I/O here beyond what clap does.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// `crashdex`: crash triage and findings knowledge base for ML-serving logs.
#[derive(Debug, Parser)]
#[command(name = "crashdex", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web dashboard and the REST API.
    Serve(Config),
    /// Analyse one log file (or `-` for standard input) and print the analysis.
    Analyze(AnalyzeArgs),
    /// Manage the findings knowledge base.
    Findings {
        /// The findings subcommand.
        #[command(subcommand)]
        command: FindingsCommand,
    },
    /// Manage API tokens (stored in the server's database).
    Token(crate::tokens::TokenArgs),
    /// Send logs to a crashdex server and print one verdict per incident.
    Submit(crate::client::SubmitArgs),
    /// Ingest many logs into a local database or a server, with a summary.
    Import(crate::client::ImportArgs),
    /// Write a consistent copy of the database while the server runs (`VACUUM INTO`).
    Backup(crate::backup::BackupArgs),
}

/// Arguments of `crashdex analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The log file (plain or gzip); `-` reads standard input.
    pub file: String,
    /// Print the analysis JSON (the SPEC.md contract) and nothing else on stdout.
    #[arg(long)]
    pub json: bool,
    /// Findings directory; the default `findings` is skipped silently when it does not exist.
    #[arg(long)]
    pub findings: Option<PathBuf>,
}

/// `crashdex findings ...`.
#[derive(Debug, Subcommand)]
pub enum FindingsCommand {
    /// Validate every finding file and replay its examples.
    Check {
        /// The findings directory.
        #[arg(default_value = "findings")]
        dir: PathBuf,
    },
    /// Write a scaffold `DIR/ID.md`.
    New {
        /// The new finding's id (file name without `.md`).
        id: String,
        /// The findings directory.
        #[arg(long, default_value = "findings")]
        dir: PathBuf,
    },
    /// Split a markdown file with one `##` section per entry into finding files.
    Import {
        /// The markdown file to import.
        file: PathBuf,
        /// The findings directory.
        #[arg(long, default_value = "findings")]
        dir: PathBuf,
    },
}

/// Server configuration (`crashdex serve`).
#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "CRASHDEX_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// SQLite database file (created and migrated on start).
    #[arg(long, env = "CRASHDEX_DB", default_value = "crashdex.db")]
    pub db: PathBuf,
    /// Findings directory (`*.md`), loaded at start and reloaded on SIGHUP.
    #[arg(long, env = "CRASHDEX_FINDINGS", default_value = "findings")]
    pub findings: PathBuf,
    /// Largest accepted log, after gzip inflation: bytes, or with a unit (`256MiB`, `10MB`).
    #[arg(long, env = "CRASHDEX_MAX_UPLOAD", default_value = "256MiB", value_parser = parse_size)]
    pub max_upload: u64,
    /// Directory of the static assets served under `/static`.
    #[arg(long, env = "CRASHDEX_STATIC", default_value = "static")]
    pub static_dir: PathBuf,
    /// Access control, rate limits and webhooks (`src/options.rs`).
    #[command(flatten)]
    pub api: crate::options::ApiOptions,
}

impl Config {
    /// A configuration for tests: the given database file, no findings directory, a 1 MiB limit.
    pub fn for_tests(db: PathBuf) -> Self {
        Config {
            bind: "127.0.0.1:0".into(),
            db,
            findings: PathBuf::from("findings"),
            max_upload: 1024 * 1024,
            static_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/static")),
            api: crate::options::ApiOptions::default(),
        }
    }

    /// The upload limit for people: `256 MiB`.
    pub fn max_upload_human(&self) -> String {
        format_size(self.max_upload)
    }
}

/// Parses a byte size: a plain number of bytes, or a number with a unit
/// (`B`, `KB`/`MB`/`GB` decimal, `KiB`/`MiB`/`GiB` binary, `K`/`M`/`G` binary).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let s = s.trim();
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        "k" | "kib" => 1 << 10,
        "m" | "mib" => 1 << 20,
        "g" | "gib" => 1 << 30,
        other => {
            return Err(format!(
                "unknown size unit `{other}` (use bytes, KiB, MiB, GiB)"
            ))
        }
    };
    let value: f64 = num
        .parse()
        .map_err(|_| format!("`{s}` is not a size (e.g. 268435456 or 256MiB)"))?;
    let bytes = value * mult as f64;
    if !(bytes.is_finite() && bytes >= 1.0 && bytes <= u64::MAX as f64) {
        return Err(format!("`{s}` is out of range"));
    }
    Ok(bytes as u64)
}

/// Formats a byte count with the largest binary unit that divides it (`256 MiB`), else bytes.
pub fn format_size(n: u64) -> String {
    for (unit, size) in [("GiB", 1u64 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] {
        if n >= size && n.is_multiple_of(size) {
            return format!("{} {unit}", n / size);
        }
    }
    if n >= 1 << 20 {
        return format!("{:.1} MiB", n as f64 / (1u64 << 20) as f64);
    }
    format!("{n} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sizes() {
        assert_eq!(parse_size("256MiB"), Ok(256 << 20));
        assert_eq!(parse_size("256 MiB"), Ok(256 << 20));
        assert_eq!(parse_size("1048576"), Ok(1 << 20));
        assert_eq!(parse_size("10MB"), Ok(10_000_000));
        assert_eq!(parse_size("1.5KiB"), Ok(1536));
        assert_eq!(parse_size("2g"), Ok(2 << 30));
        assert!(parse_size("").is_err());
        assert!(parse_size("0").is_err());
        assert!(parse_size("12 parsecs").is_err());
        assert!(parse_size("-5").is_err());
    }

    #[test]
    fn formats_sizes() {
        assert_eq!(format_size(256 << 20), "256 MiB");
        assert_eq!(format_size(4096), "4 KiB");
        assert_eq!(format_size(1000), "1000 bytes");
        assert_eq!(format_size((3 << 20) + 1), "3.0 MiB");
    }

    #[test]
    fn cli_defaults() {
        let cli = Cli::try_parse_from(["crashdex", "serve"]).unwrap();
        let Command::Serve(c) = cli.command else {
            panic!("not serve")
        };
        assert_eq!(c.bind, "127.0.0.1:8080");
        assert_eq!(c.max_upload, 256 << 20);
        let cli = Cli::try_parse_from(["crashdex", "analyze", "-", "--json"]).unwrap();
        assert!(matches!(
            cli.command,
            Command::Analyze(AnalyzeArgs { json: true, .. })
        ));
    }
}
