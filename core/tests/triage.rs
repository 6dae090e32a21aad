//! Engine fixtures: each `fixtures/NAME.log` is checked against `fixtures/NAME.toml`, written in
//! the label format of the development corpus (`../shared/triage/corpus/*/label.toml`), with the
//! same comparison rules as `score.py`; fixtures that name a `group` are also checked for grouping
//! (one group, one fingerprint; two groups, two fingerprints). The logs reproduce shapes of real
//! reports (SGLang TP ranks, vLLM engine-core wrappers, NCCL debug lines, pip builds, kernel
//! logs...).

use crashdex_core::{analyze, FindingsIndex};
use std::path::Path;

fn norm(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Compares an analysis with a label; returns the fields that differ.
pub fn check(label: &toml::Table, a: &serde_json::Value) -> Vec<String> {
    let mut bad = Vec::new();
    let crash = label.get("crash").and_then(|v| v.as_bool()).unwrap_or(true);
    if a["crash"].as_bool() != Some(crash) {
        bad.push(format!("crash: got {}", a["crash"]));
    }
    if let Some(want) = label.get("first_error") {
        let wants: Vec<String> = match want {
            toml::Value::Array(v) => v.iter().filter_map(|x| x.as_str()).map(norm).collect(),
            v => vec![norm(v.as_str().unwrap_or_default())],
        };
        let text = norm(a["first_error"]["text"].as_str().unwrap_or(""));
        let ok = !text.is_empty()
            && wants.iter().any(|w| {
                text.contains(w.as_str()) || (w.contains(&text) && text.len() * 2 >= w.len())
            });
        if !ok {
            bad.push(format!("first_error: got {:?}", a["first_error"]["text"]));
        }
    }
    for key in ["error_class", "phase"] {
        if let Some(w) = label.get(key).and_then(|v| v.as_str()) {
            if a[key].as_str() != Some(w) {
                bad.push(format!("{key}: got {} want {w}", a[key]));
            }
        }
    }
    if let Some(w) = label.get("async_cuda_report").and_then(|v| v.as_bool()) {
        if a["async_cuda_report"].as_bool() != Some(w) {
            bad.push("async_cuda_report".into());
        }
    }
    if let Some(w) = label.get("culprit_rank").and_then(|v| v.as_integer()) {
        if a["culprit_rank"].as_i64() != Some(w) {
            bad.push(format!("culprit_rank: got {}", a["culprit_rank"]));
        }
    }
    if let Some(env) = label.get("env").and_then(|v| v.as_table()) {
        for (k, w) in env {
            if k == "packages" {
                for (p, v) in w.as_table().into_iter().flatten() {
                    let have = a["env"]["packages"][p]
                        .as_str()
                        .map(norm)
                        .unwrap_or_default();
                    if !have.starts_with(&norm(v.as_str().unwrap_or_default())) {
                        bad.push(format!("env.packages.{p}: got {have:?}"));
                    }
                }
                continue;
            }
            let want = match w {
                toml::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let have = match &a["env"][k] {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Null => String::new(),
                v => v.to_string(),
            };
            let ok = if k == "gpu_model" {
                norm(&have).contains(&norm(&want))
            } else {
                norm(&have) == norm(&want)
            };
            if !ok {
                bad.push(format!("env.{k}: got {have:?} want {want:?}"));
            }
        }
    }
    bad
}

#[test]
fn fixtures_match_their_labels() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let index = FindingsIndex::empty();
    let mut failures = Vec::new();
    let mut groups: Vec<(String, String, String)> = Vec::new();
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("log") {
            continue;
        }
        let label: toml::Table = std::fs::read_to_string(path.with_extension("toml"))
            .unwrap()
            .parse()
            .unwrap();
        let a = serde_json::to_value(analyze(&std::fs::read(&path).unwrap(), &index)).unwrap();
        let bad = check(&label, &a);
        if let (Some(g), Some(fp)) = (
            label.get("group").and_then(|v| v.as_str()),
            a["fingerprint"].as_str(),
        ) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            groups.push((name, g.to_string(), fp.to_string()));
        }
        n += 1;
        if !bad.is_empty() {
            failures.push(format!(
                "{}: {}",
                path.file_name().unwrap().to_string_lossy(),
                bad.join("; ")
            ));
        }
    }
    // grouping, as score.py counts it: one root cause, one fingerprint; two causes, two
    for (i, (a, ga, fa)) in groups.iter().enumerate() {
        for (b, gb, fb) in &groups[i + 1..] {
            if ga == gb && fa != fb {
                failures.push(format!(
                    "{a} and {b}: same group {ga}, different fingerprints"
                ));
            } else if ga != gb && fa == fb {
                failures.push(format!("{a} ({ga}) and {b} ({gb}): one fingerprint"));
            }
        }
    }
    assert!(n >= 10, "fixtures missing");
    assert!(
        failures.is_empty(),
        "{} of {n} fixtures wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn development_corpus_when_present() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/triage/corpus");
    let Ok(entries) = std::fs::read_dir(&corpus) else {
        eprintln!("note: {} not found, corpus check skipped", corpus.display());
        return;
    };
    let index = FindingsIndex::empty();
    let mut failures = Vec::new();
    for e in entries {
        let case = e.unwrap().path();
        let (log, label) = (case.join("log.txt"), case.join("label.toml"));
        if !log.exists() || !label.exists() {
            continue;
        }
        let label: toml::Table = std::fs::read_to_string(label).unwrap().parse().unwrap();
        let a = serde_json::to_value(analyze(&std::fs::read(&log).unwrap(), &index)).unwrap();
        let bad = check(&label, &a);
        if !bad.is_empty() {
            failures.push(format!("{}: {}", case.display(), bad.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_exception_message_on_the_next_line() {
    let index = FindingsIndex::empty();
    let first = |log: &str| {
        let a = serde_json::to_value(analyze(log.as_bytes(), &index)).unwrap();
        a["first_error"]["line"].as_u64()
    };
    // `raise ImportError("\n[lib] ...")`: the message is the statement
    assert_eq!(
        first("ImportError: \n[sgl_kernel] CRITICAL: Could not load any common_ops library!\n"),
        Some(2)
    );
    // a wrapper's rulers are not its message
    assert_eq!(
        first("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n============================================================\ntrain.py FAILED\n"),
        Some(1)
    );
    // a traceback ends in its exception whatever the class is named ...
    assert_eq!(
        first("Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\n    f()\npkg.opt_flags.InapplicableConstraint: cannot enforce constraint\n[2025-09-07 16:25:56] Received sigquit from a child process.\n"),
        Some(4)
    );
    // ... but a class that quotes its cause below is a wrapper: the cause is the statement
    assert_eq!(
        first("Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\n    out = compiled(x)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Triton Error [CUDA]: device kernel image is invalid\n"),
        Some(5)
    );
}

/// The pipeline of `analyze` (three threads; triage's per-line scans made ahead, half of each
/// batch on the matcher's thread; batches growing from 256 lines) gives the analysis the
/// one-thread path gives: on every fixture, and on all of them in one log of many batches.
#[test]
fn threaded_pipeline_matches_one_thread() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let index = FindingsIndex::empty();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("log"))
        .collect();
    names.sort();
    let mut all = Vec::new();
    let mut logs: Vec<(String, Vec<u8>)> = Vec::new();
    for p in &names {
        let bytes = std::fs::read(p).unwrap();
        all.extend_from_slice(&bytes);
        all.push(b'\n');
        logs.push((p.file_name().unwrap().to_string_lossy().into_owned(), bytes));
    }
    let whole = all.repeat(10);
    logs.push(("all fixtures, ten times".into(), whole));
    for (name, bytes) in logs {
        let mut lines = Vec::new();
        crashdex_core::lines::for_each_line(&bytes[..], |l| lines.push(l)).unwrap();
        let threaded = serde_json::to_value(analyze(&bytes, &index)).unwrap();
        let single = serde_json::to_value(crashdex_core::analyze_lines(&lines, &index)).unwrap();
        assert_eq!(threaded, single, "{name}");
    }
}
