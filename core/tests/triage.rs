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

/// The analysis JSON of a log, with no findings.
fn analyzed(log: &[u8]) -> serde_json::Value {
    serde_json::to_value(analyze(log, &FindingsIndex::empty())).unwrap()
}

/// The fixtures' logs (`fixtures/*.log`), sorted.
fn fixture_logs() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("log"))
        .collect();
    names.sort();
    names
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
    let first = |log: &str| {
        let a = analyzed(log.as_bytes());
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
    let index = FindingsIndex::empty();
    let names = fixture_logs();
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

/// torch counts a process group's collectives on their own: the rank that enqueued the fewest
/// is the culprit only against ranks of its group, and a prefix's rank is the global one.
#[test]
fn culprit_is_read_within_one_process_group() {
    let culprit = |log: &str| {
        let a = analyzed(log.as_bytes());
        assert_eq!(a["error_class"], "nccl_timeout", "{a}");
        a["culprit_rank"].as_u64()
    };
    let line = |global: u32, pg: u32, local: u32, enqueued: u32| {
        format!(
            "[rank{global}]:[E218 04:54:22.864535778 ProcessGroupNCCL.cpp:1795] [PG ID {pg} PG GUID {pg} Rank {local}] \
             Exception (either an error or timeout) detected by watchdog at work: 5, last enqueued NCCL work: {enqueued}, last completed NCCL work: 4.\n"
        )
    };
    let timeout = "[rank1]:[E218 04:54:22.864467604 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600045 milliseconds before timing out.\n";
    // two groups, one rank each: their counts do not compare
    let apart = format!("{timeout}{}{}", line(13, 11, 1, 220), line(15, 12, 0, 57));
    assert_eq!(culprit(&apart), None);
    // one group: the rank behind is the culprit, by its global rank
    let within = format!("{timeout}{}{}", line(13, 11, 1, 220), line(15, 11, 0, 219));
    assert_eq!(culprit(&within), Some(15));
    // two groups naming two laggards name none
    let split = format!(
        "{timeout}{}{}{}{}",
        line(1, 1, 0, 9),
        line(2, 1, 1, 10),
        line(3, 2, 0, 10),
        line(4, 2, 1, 9)
    );
    assert_eq!(culprit(&split), None);
}

/// What a collector or viewer adds to every line (`kubectl logs --timestamps`, the container
/// runtime's log file, docker compose, a log shipper's columns, syslog, a quoted reply, Windows
/// line ends) changes no analysis: not the first error's line, its
/// class, phase or fingerprint.
#[test]
fn collector_prefixes_change_no_analysis() {
    // Fixtures whose lines are an issue's prose, Markdown or a box drawn around a log: a
    // collector never prefixes those.
    const PASTED_AS_PROSE: &[&str] = &[
        "docker_json_oom.log",
        // (docker's json-file records: a collector's own format, not a line it prefixes)
        "ollama_docker_json_file_device_context_800.log",
        "ima_boxed_panel_lines.log",
        "ima_flashinfer_prefill_launch_backticked.log",
        "sglang_alloc_req_slots_prose.log",
        "sglang_custom_allreduce_runtime_check_capture.log",
        "sglang_decode_oom_quoted_in_prose.log",
        "torch_arch_not_compatible_only.log",
        "trtllm_cpp_exception_forwardsync.log",
        // (its lines already carry a viewer's time, which a second time hides)
        "watchdog_alltoall_viewer_minute_time.log",
        // (a viewer's line numbers, the outermost margin of what was copied from it)
        "triton_traceback_with_line_numbers.log",
        "vllm_reasoning_parser_not_found_numbered.log",
    ];
    let key = |bytes: &[u8]| {
        let a = analyzed(bytes);
        (
            a["first_error"]["line"].clone(),
            a["error_class"].clone(),
            a["phase"].clone(),
            a["fingerprint"].clone(),
        )
    };
    let prefixed = |bytes: &[u8], prefix: &str, end: &str| {
        let text = String::from_utf8_lossy(bytes);
        let mut out = String::new();
        for line in text.lines() {
            out.push_str(prefix);
            out.push_str(line);
            out.push_str(end);
        }
        out.into_bytes()
    };
    let names = fixture_logs();
    let mut failures = Vec::new();
    for p in &names {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if PASTED_AS_PROSE.contains(&name.as_str()) {
            continue;
        }
        let bytes = std::fs::read(p).unwrap();
        let base = key(&bytes);
        for (how, prefix, end) in [
            ("kubectl", "2025-08-03T11:35:28.409790786Z ", "\n"),
            ("cri", "2025-08-03T11:35:28.409790786Z stderr F ", "\n"),
            ("python logging time", "2025-08-03 11:35:28,409 ", "\n"),
            ("docker compose", "app-1  | ", "\n"),
            ("syslog", "Nov 30 03:09:50 gpu-node-7 python3[4121]: ", "\n"),
            (
                "a shipper's columns",
                "app  | 2025-03-01T12:00:00.123Z | ERROR | stderr | ",
                "\n",
            ),
            ("a quoted reply", "> ", "\n"),
            ("a viewer's clock", "11:35:28.409 ", "\n"),
            ("crlf", "", "\r\n"),
        ] {
            let got = key(&prefixed(&bytes, prefix, end));
            if got != base {
                failures.push(format!("{name} behind {how}: {base:?} -> {got:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn output_relayed_at_info_reads_as_the_child_printed_it() {
    // A launcher that relays its child's output logs each line at its own INFO level: once a
    // relayed traceback shows that, the level hides nothing after it.
    let relayed = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes);
        let mut out = String::new();
        for line in text.lines() {
            out.push_str("I0305 20:23:38.890000 755 launcher.py:53] ");
            out.push_str(line);
            out.push('\n');
        }
        out.into_bytes()
    };
    let key = |a: &serde_json::Value| {
        (
            a["first_error"]["line"].clone(),
            a["error_class"].clone(),
            a["phase"].clone(),
        )
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    for p in fixture_logs() {
        let bytes = std::fs::read(&p).unwrap();
        let base = analyzed(&bytes);
        let Some(first) = base["first_error"]["line"].as_u64() else {
            continue;
        };
        // only logs whose traceback comes before their first error show the relay in time
        let text = String::from_utf8_lossy(&bytes);
        let header = text
            .lines()
            .position(|l| l.contains("Traceback (most recent call last)"));
        if header.is_none_or(|h| (h as u64) + 1 >= first) {
            continue;
        }
        checked += 1;
        let got = analyzed(&relayed(&bytes));
        if key(&got) != key(&base) {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            failures.push(format!("{name}: {:?} -> {:?}", key(&base), key(&got)));
        }
    }
    assert!(checked > 40, "{checked} fixtures checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A log with no event at all shows the first statement a logger's info level hid, else its
/// first line with an error word at no logger's warning or info level, unless the run went on
/// to a next step after it.
#[test]
fn an_error_word_is_the_last_resort() {
    let first = |log: &str| {
        let a = analyzed(log.as_bytes());
        (
            a["crash"].as_bool().unwrap(),
            a["first_error"]["line"].as_u64(),
        )
    };
    // a tool's table row and a bare `Error:` label: no detector knows them
    let row = "| model-a | 1 | UNAVAILABLE: Internal: unexpected error when creating modelInstanceState: [json.exception.type_error.302] type must be array, but is number |\n";
    assert_eq!(first(&format!("I1201 loading\n{row}")), (true, Some(2)));
    assert_eq!(
        first("starting\nError: ShardCannotStart\n"),
        (true, Some(2))
    );
    // a detector's event wins over it
    assert_eq!(
        first("Error: ShardCannotStart\nRuntimeError: CUDA error: out of memory\n"),
        (true, Some(2))
    );
    // a launcher that relays its child's output at info: the strongest statement it hid
    assert_eq!(
        first("INFO 03-01 12:00:00 [relay.py:9] failed to warm up\nINFO 03-01 12:00:00 [relay.py:9] RuntimeError: CUDA error: out of memory\n"),
        (true, Some(2))
    );
    // logged as a warning, or followed by the run's next step: no crash
    assert_eq!(
        first("WARNING: error while probing a backend\n"),
        (false, None)
    );
    assert_eq!(
        first("Unexpected error during package walk: x.y\nLoad weight begin. avail mem=70.00 GB\n"),
        (false, None)
    );
}
