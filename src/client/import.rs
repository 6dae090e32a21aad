//! `crashdex import DIR|FILE... [--server URL | --db PATH]`: ingests many logs, one incident
//! each, into a local database (through [`crate::ingest::ingest_log`], as uploads do) or a
//! server (through the API), with a progress bar and a summary: new and duplicate incidents,
//! counts per class and per problem (fingerprint), findings matched.

use super::Api;
use crate::app::AppState;
use crate::config::Config;
use crate::{db, findings_dir};
use clap::{Args, Parser};
use crashdex_core::FindingsIndex;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Arguments of `crashdex import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Log files, or directories (walked recursively; hidden files are skipped).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Send the logs to this server instead of a local database.
    #[arg(long, conflicts_with = "db")]
    pub server: Option<String>,
    /// An API token for `--server`.
    #[arg(long, env = "CRASHDEX_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// The local database (default `crashdex.db`, or `CRASHDEX_DB`).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// The findings directory for a local import (skipped when it does not exist).
    #[arg(long, env = "CRASHDEX_FINDINGS", default_value = "findings")]
    pub findings: PathBuf,
}

/// What one imported log gave.
#[derive(Debug, Default)]
struct Outcome {
    created: bool,
    new_problem: bool,
    crash: bool,
    class: String,
    fingerprint: String,
    signature: String,
    findings: Vec<String>,
}

/// The tallies printed at the end.
#[derive(Debug, Default)]
struct Summary {
    files: usize,
    created: usize,
    duplicates: usize,
    new_problems: usize,
    errors: Vec<String>,
    classes: BTreeMap<String, usize>,
    problems: BTreeMap<String, (usize, String)>,
    findings: BTreeMap<String, usize>,
}

impl Summary {
    fn add(&mut self, o: Outcome) {
        if !o.created {
            self.duplicates += 1;
            return;
        }
        self.created += 1;
        self.new_problems += usize::from(o.new_problem);
        *self.classes.entry(o.class).or_default() += 1;
        if o.crash {
            let p = self
                .problems
                .entry(o.fingerprint)
                .or_insert((0, o.signature));
            p.0 += 1;
        }
        for f in o.findings {
            *self.findings.entry(f).or_default() += 1;
        }
    }

    fn render(&self) -> String {
        let mut s = format!(
            "{} files: {} new incidents, {} already known, {} errors; {} new problems\n",
            self.files,
            self.created,
            self.duplicates,
            self.errors.len(),
            self.new_problems
        );
        let mut section = |title: &str, mut rows: Vec<(usize, String)>| {
            if rows.is_empty() {
                return;
            }
            rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
            s += &format!("\n{title}:\n");
            for (n, label) in rows.iter().take(20) {
                s += &format!("  {n:>6}  {label}\n");
            }
            if rows.len() > 20 {
                s += &format!("  ... and {} more\n", rows.len() - 20);
            }
        };
        section(
            "By class",
            self.classes.iter().map(|(k, n)| (*n, k.clone())).collect(),
        );
        section(
            "By problem (fingerprint)",
            self.problems
                .iter()
                .map(|(fp, (n, sig))| (*n, format!("{fp}  {sig}")))
                .collect(),
        );
        section(
            "Findings matched",
            self.findings.iter().map(|(k, n)| (*n, k.clone())).collect(),
        );
        for e in &self.errors {
            s += &format!("\nerror: {e}");
        }
        s.trim_end().to_string()
    }
}

/// Every file under the paths, sorted, without hidden ones.
fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        walk(p, &mut out).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(out)
}

fn walk(p: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let meta = std::fs::metadata(p)?;
    if meta.is_file() {
        out.push(p.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(p)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|e| {
            !e.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    entries.sort();
    for e in entries {
        walk(&e, out)?;
    }
    Ok(())
}

/// `crashdex import`: returns the exit code (0, or 2 when a log failed).
pub fn import(args: ImportArgs) -> i32 {
    let files = match collect(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("crashdex: {e}");
            return 2;
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("crashdex: cannot start the runtime: {e}");
            return 2;
        }
    };
    match runtime.block_on(run(&args, &files)) {
        Ok(summary) => {
            println!("{}", summary.render());
            i32::from(!summary.errors.is_empty()) * 2
        }
        Err(e) => {
            eprintln!("crashdex: {e}");
            2
        }
    }
}

/// Where the logs go.
enum Target {
    Local(AppState),
    Server(Api),
}

/// A server configuration for a local database: every default, this database and findings.
#[derive(Parser)]
struct LocalConfig {
    #[command(flatten)]
    config: Config,
}

async fn target(args: &ImportArgs) -> Result<Target, String> {
    if let Some(server) = &args.server {
        return Ok(Target::Server(Api::new(server, args.token.clone())?));
    }
    let db_path = args
        .db
        .clone()
        .or_else(|| std::env::var_os("CRASHDEX_DB").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("crashdex.db"));
    let mut argv = vec![
        "crashdex-import".into(),
        "--db".into(),
        db_path.clone().into_os_string(),
    ];
    argv.extend(["--findings".into(), args.findings.clone().into_os_string()]);
    let config = LocalConfig::try_parse_from(argv)
        .map_err(|e| e.to_string())?
        .config;
    let index = if args.findings.is_dir() {
        findings_dir::load(&args.findings).map_err(|errors| errors.join("\n"))?
    } else {
        FindingsIndex::empty()
    };
    let pool = db::connect(&db_path)
        .await
        .map_err(|e| format!("{}: {e}", db_path.display()))?;
    Ok(Target::Local(AppState::new(pool, index, config)))
}

async fn run(args: &ImportArgs, files: &[PathBuf]) -> Result<Summary, String> {
    let target = target(args).await?;
    let bar = ProgressBar::new(files.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed_precise} {wide_msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut summary = Summary {
        files: files.len(),
        ..Summary::default()
    };
    for path in files {
        bar.set_message(path.display().to_string());
        match import_one(&target, path).await {
            Ok(o) => summary.add(o),
            Err(e) => {
                bar.suspend(|| eprintln!("crashdex: {}: {e}", path.display()));
                summary.errors.push(format!("{}: {e}", path.display()));
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if let Target::Local(state) = target {
        state.db.close().await;
    }
    Ok(summary)
}

async fn import_one(target: &Target, path: &Path) -> Result<Outcome, String> {
    let bytes = tokio::fs::read(path).await.map_err(|e| e.to_string())?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    match target {
        Target::Local(state) => {
            let (incident, created) = crate::ingest::ingest_log(state, name, bytes)
                .await
                .map_err(|e| e.to_string())?;
            let a = incident.analysis;
            let earlier =
                db::incident_meta::earlier_with_fingerprint(&state.db, &a.fingerprint, incident.id)
                    .await
                    .map_err(|e| e.to_string())?;
            Ok(Outcome {
                created,
                new_problem: a.crash && earlier == 0 && created,
                crash: a.crash,
                class: a.error_class,
                fingerprint: a.fingerprint,
                signature: a.signature,
                findings: a.matches.into_iter().map(|m| m.finding).collect(),
            })
        }
        Target::Server(api) => {
            let r = api.post_one(name, bytes).await?;
            let a = &r["analysis"];
            let text = |v: &serde_json::Value| v.as_str().unwrap_or("").to_string();
            Ok(Outcome {
                created: r["created"] == true,
                new_problem: r["new_problem"] == true && r["created"] == true,
                crash: a["crash"] == true,
                class: text(&a["error_class"]),
                fingerprint: text(&a["fingerprint"]),
                signature: text(&a["signature"]),
                findings: a["matches"]
                    .as_array()
                    .map(|m| m.iter().map(|m| text(&m["finding"])).collect())
                    .unwrap_or_default(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_counts() {
        let mut s = Summary {
            files: 3,
            ..Default::default()
        };
        for (created, fp) in [(true, "a"), (true, "a"), (false, "b")] {
            s.add(Outcome {
                created,
                crash: true,
                new_problem: fp == "a" && s.created == 0,
                class: "cuda_oom".into(),
                fingerprint: fp.into(),
                signature: "sig".into(),
                findings: vec!["f1".into()],
            });
        }
        let out = s.render();
        assert!(
            out.starts_with("3 files: 2 new incidents, 1 already known, 0 errors; 1 new problems"),
            "{out}"
        );
        assert!(out.contains("     2  cuda_oom"), "{out}");
        assert!(out.contains("     2  a  sig"), "{out}");
        assert!(out.contains("     2  f1"), "{out}");
    }
}
