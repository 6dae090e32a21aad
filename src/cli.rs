//! The subcommands: `serve` (starts the runtime and [`app::run`]), `analyze` (prints one
//! analysis, as JSON or for people) and `findings check|new|import` (delegated to
//! [`findings_dir`]).

use crate::config::{AnalyzeArgs, Cli, Command, FindingsCommand};
use crate::{app, findings_dir};
use crashdex_core::{Analysis, FindingsIndex};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

/// Runs a parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Serve(config) => {
            let runtime = match tokio::runtime::Runtime::new() {
                Ok(rt) => rt,
                Err(e) => return fail(format!("cannot start the runtime: {e}")),
            };
            match runtime.block_on(app::run(config)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(format!("{e:#}")),
            }
        }
        Command::Analyze(args) => match analyze(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(e),
        },
        Command::Findings { command } => exit_code(match command {
            FindingsCommand::Check { dir } => findings_dir::cmd_check(&dir),
            FindingsCommand::New { id, dir } => findings_dir::cmd_new(&dir, &id),
            FindingsCommand::Import { file, dir } => findings_dir::cmd_import(&file, &dir),
        }),
        Command::Token(args) => exit_code(crate::tokens::run(args)),
        Command::Submit(args) => exit_code(crate::client::submit(args)),
        Command::Import(args) => exit_code(crate::client::import(args)),
        Command::Backup(args) => exit_code(crate::backup::run(args)),
    }
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("crashdex: {message}");
    ExitCode::FAILURE
}

fn exit_code(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

/// `crashdex analyze FILE|- [--json] [--findings DIR]`.
fn analyze(args: &AnalyzeArgs) -> Result<(), String> {
    // triage's automata build on the other core while the findings load
    crashdex_core::prepare_in_background();
    let index = analyze_index(args.findings.as_deref())?;
    let reader: Box<dyn BufRead> = if args.file == "-" {
        Box::new(BufReader::with_capacity(
            256 * 1024,
            std::io::stdin().lock(),
        ))
    } else {
        let file = std::fs::File::open(&args.file).map_err(|e| format!("{}: {e}", args.file))?;
        Box::new(BufReader::with_capacity(256 * 1024, file))
    };
    let analysis =
        crashdex_core::analyze_reader(reader, &index).map_err(|e| format!("{}: {e}", args.file))?;
    let text = if args.json {
        serde_json::to_string_pretty(&analysis).map_err(|e| e.to_string())?
    } else {
        human(&analysis, &index)
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .or_else(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => Ok(()),
            _ => Err(e.to_string()),
        })
}

/// The findings for `analyze`: an explicit directory must load; the default `findings` is
/// used when it exists, and an empty index otherwise.
fn analyze_index(dir: Option<&Path>) -> Result<FindingsIndex, String> {
    let (dir, explicit) = match dir {
        Some(d) => (d, true),
        None => (Path::new("findings"), false),
    };
    if !explicit && !dir.is_dir() {
        return Ok(FindingsIndex::empty());
    }
    findings_dir::load(dir).map_err(|errors| {
        format!(
            "cannot load the findings in {}:\n  {}",
            dir.display(),
            errors.join("\n  ")
        )
    })
}

/// The analysis for people: verdict, first error, class, phase, environment, matches.
pub fn human(a: &Analysis, index: &FindingsIndex) -> String {
    let mut s = format!("{}\n\n", a.verdict());
    if let Some(f) = &a.first_error {
        s += &format!("First error (line {}):\n  {}\n\n", f.line, f.text.trim());
    }
    s += &format!("Class:       {}\nPhase:       {}\n", a.error_class, a.phase);
    if a.async_cuda_report {
        s += "Async CUDA:  yes (the Python stack may point at the wrong call)\n";
    }
    if let Some(r) = a.culprit_rank {
        s += &format!("Culprit:     rank {r}\n");
    }
    s += &format!(
        "Signature:   {}\nFingerprint: {}\n",
        a.signature, a.fingerprint
    );
    let e = &a.env;
    let fields = [
        ("framework", e.framework.clone()),
        ("framework_version", e.framework_version.clone()),
        ("model", e.model.clone()),
        ("gpu_model", e.gpu_model.clone()),
        ("sm_arch", e.sm_arch.clone()),
        ("gpu_count", e.gpu_count.map(|n| n.to_string())),
        ("driver_version", e.driver_version.clone()),
        ("cuda_version", e.cuda_version.clone()),
        ("python_version", e.python_version.clone()),
    ];
    let mut env: Vec<String> = fields
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| format!("  {k}: {v}")))
        .collect();
    env.extend(
        e.packages
            .iter()
            .map(|(k, v)| format!("  package {k}: {v}")),
    );
    env.extend(e.server_args.iter().map(|(k, v)| format!("  arg {k}: {v}")));
    if !env.is_empty() {
        s += &format!("\nEnvironment:\n{}\n", env.join("\n"));
    }
    if !a.matches.is_empty() {
        s += "\nMatched findings:\n";
    }
    for m in &a.matches {
        let title = index.get(&m.finding).map_or("", |f| f.title.as_str());
        s += &format!("  {} (score {:.2}) {title}\n", m.finding, m.score);
        if !m.why.is_empty() {
            s += &format!("    why: {}\n", m.why);
        }
        for ev in &m.evidence {
            s += &format!("    line {} [{}]: {}\n", ev.line, ev.rule, ev.text.trim());
        }
    }
    for n in &a.near_misses {
        s += &format!(
            "  near miss: {} (score {:.2}), missing {}\n",
            n.finding, n.score, n.missing
        );
    }
    s.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_output_names_the_first_error() {
        let mut a = crate::ingest::analyze_plain(b"x\n", &FindingsIndex::empty());
        a.crash = true;
        a.error_class = "cuda_oom".into();
        a.phase = "decode".into();
        a.first_error = Some(crashdex_core::LineRef {
            line: 7,
            text: "torch.OutOfMemoryError: CUDA out of memory".into(),
        });
        a.env.gpu_model = Some("NVIDIA H200".into());
        let s = human(&a, &FindingsIndex::empty());
        assert!(s.starts_with("CUDA out of memory during decode."), "{s}");
        assert!(s.contains("First error (line 7):"));
        assert!(s.contains("gpu_model: NVIDIA H200"));
    }
}
