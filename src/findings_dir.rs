//! The findings directory on disk: loading `findings/*.md` into a [`FindingsIndex`], and the
//! `crashdex findings check|new|import` commands. The only file-system access for findings;
//! parsing, validation, scaffolding and import conversion are pure functions of
//! `crashdex_core::findings`.

use crashdex_core::findings::{import_markdown, parse, scaffold};
use crashdex_core::matching::Matcher;
use crashdex_core::{lines, FindingsIndex};
use std::path::{Path, PathBuf};

/// The finding files of `dir`: every `*.md` except README.md, sorted by name.
fn finding_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension().is_some_and(|x| x == "md")
                && !p
                    .file_name()
                    .is_some_and(|n| n.eq_ignore_ascii_case("README.md"))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Loads every `*.md` finding in `dir` (README.md excluded). Any invalid file fails the whole
/// load, with one message per problem, so a half-loaded knowledge base never goes live.
pub fn load(dir: &Path) -> Result<FindingsIndex, Vec<String>> {
    let files = finding_files(dir).map_err(|e| vec![e])?;
    let mut sources = Vec::with_capacity(files.len());
    let mut errors = Vec::new();
    for path in files {
        match std::fs::read_to_string(&path) {
            Ok(text) => sources.push((path.display().to_string(), text)),
            Err(e) => errors.push(format!("{}: cannot read: {e}", path.display())),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    FindingsIndex::from_sources(&sources)
        .map_err(|errs| errs.into_iter().map(|e| e.to_string()).collect())
}

/// `crashdex findings check [DIR]`: validates every file and replays its examples.
/// Returns the process exit code (0 when everything holds).
pub fn cmd_check(dir: &Path) -> i32 {
    let index = match load(dir) {
        Ok(index) => index,
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            eprintln!("{} problem(s); nothing replayed", errors.len());
            return 1;
        }
    };
    let mut failures = 0usize;
    for e in index.regex_errors() {
        eprintln!("error: {e}");
        failures += 1;
    }
    for w in index.warnings() {
        eprintln!("error: {w}");
        failures += 1;
    }
    for c in index.conflicts() {
        if c.same_conditions {
            eprintln!(
                "error: {} and {} have identical rules and conditions, so they can never be told apart",
                c.a, c.b
            );
            failures += 1;
        } else {
            println!(
                "note: {} and {} have identical rules; only their conditions tell them apart",
                c.a, c.b
            );
        }
    }
    let mut examples = 0usize;
    for finding in index.findings() {
        if finding.examples.is_empty() {
            println!("note: {} has no examples", finding.id);
        }
        for example in &finding.examples {
            examples += 1;
            if let Err(why) = replay(dir, &index, &finding.id, example) {
                eprintln!("FAIL {} ({example}): {why}", finding.id);
                failures += 1;
            }
        }
    }
    let n = index.findings().len();
    if failures == 0 {
        println!("checked {n} findings, {examples} examples: all match");
        0
    } else {
        println!("checked {n} findings, {examples} examples: {failures} problem(s)");
        1
    }
}

/// Runs one example through the whole engine; `Err` says why it does not select its finding.
fn replay(dir: &Path, index: &FindingsIndex, id: &str, example: &str) -> Result<(), String> {
    let path = dir.join(example);
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let analysis = crashdex_core::analyze(&bytes, index);
    let informational = index.get(id).is_some_and(|f| f.informational);
    if informational && analysis.annotations.iter().any(|a| a.finding == id) {
        return Ok(());
    }
    if !informational && analysis.matches.first().is_some_and(|m| m.finding == id) {
        return Ok(());
    }
    // Re-run the matcher to explain this one finding (the analysis keeps only the best misses).
    let log = lines::read_bytes(&bytes);
    let mut matcher = Matcher::new(index);
    for line in &log {
        matcher.feed(line);
    }
    let explained = matcher
        .explain(&analysis, id)
        .unwrap_or_else(|| "unknown finding".into());
    let context = format!(
        "triage says class {}, phase {}, first error {}",
        analysis.error_class,
        analysis.phase,
        analysis
            .first_error
            .as_ref()
            .map_or("none".to_string(), |f| format!("line {}", f.line)),
    );
    let own = analysis.matches.iter().find(|m| m.finding == id);
    match (analysis.matches.first(), own) {
        (Some(top), Some(own)) => Err(format!(
            "{} outranks it: {} (score {}: {}) vs {id} (score {}: {})",
            top.finding, top.finding, top.score, top.why, own.score, own.why
        )),
        (Some(top), None) => Err(format!(
            "it does not match ({explained}); top match is {} (score {}); {context}",
            top.finding, top.score
        )),
        (None, _) => Err(format!("it does not match ({explained}); {context}")),
    }
}

/// `crashdex findings new ID [--dir DIR]`: writes a scaffold `DIR/ID.md`.
pub fn cmd_new(dir: &Path, id: &str) -> i32 {
    if !parse::valid_id(id) {
        eprintln!("error: id {id:?} must be lower-case letters, digits and underscores");
        return 1;
    }
    let path = dir.join(format!("{id}.md"));
    if path.exists() {
        eprintln!("error: {} exists; not overwritten", path.display());
        return 1;
    }
    let written = std::fs::create_dir_all(dir).and_then(|()| {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, scaffold(id).as_bytes()))
    });
    match written {
        Ok(()) => {
            println!(
                "wrote {}: fill it in, add an example log under {}, then run `crashdex findings check`",
                path.display(),
                dir.join("examples").display()
            );
            0
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            1
        }
    }
}

/// `crashdex findings import FINDINGS.md [--dir DIR]`: splits a single markdown file with one
/// `##` section per entry into finding files, reporting what it could not map.
pub fn cmd_import(file: &Path, dir: &Path) -> i32 {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return 1;
        }
    };
    let entries = import_markdown(&text);
    if entries.is_empty() {
        eprintln!("error: {} has no `## Title` entries", file.display());
        return 1;
    }
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return 1;
    }
    let (mut written, mut failed) = (0usize, 0usize);
    let mut skipped = 0usize;
    for entry in &entries {
        if let Some(why) = &entry.skip {
            println!("{}: skipped ({why})", entry.title);
            skipped += 1;
            continue;
        }
        let path = dir.join(format!("{}.md", entry.id));
        let name = path.display().to_string();
        if path.exists() {
            println!("{}: {name} exists; not overwritten", entry.title);
            failed += 1;
            continue;
        }
        if let Err(e) = std::fs::write(&path, &entry.text) {
            eprintln!("error: cannot write {name}: {e}");
            failed += 1;
            continue;
        }
        written += 1;
        println!("{}: wrote {name}", entry.title);
        for note in &entry.notes {
            println!("  - {note}");
        }
        if let Err(errors) = FindingsIndex::from_sources(&[(name, entry.text.clone())]) {
            for e in errors {
                println!("  - invalid, fix by hand: {e}");
            }
        }
    }
    println!(
        "imported {written} of {} entries into {} ({skipped} skipped)",
        entries.len(),
        dir.display()
    );
    i32::from(failed > 0)
}
