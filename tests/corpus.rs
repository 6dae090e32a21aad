//! Runs the built binary's `analyze --json` over every case of the development corpus
//! (`../shared/triage/corpus/*/{log.txt,label.toml}`) and checks each labelled field the way
//! `../shared/triage/score.py` does.

use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::process::Command;
use toml::Value as Toml;

const ENV_FIELDS: &[&str] = &[
    "sm_arch",
    "gpu_model",
    "gpu_count",
    "driver_version",
    "cuda_version",
    "framework",
    "framework_version",
];

/// Whitespace-normalised lower case, as score.py's `norm`.
fn norm(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A TOML or JSON scalar as score.py's `str()` would print it.
fn toml_str(v: &Toml) -> String {
    match v {
        Toml::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn json_str(v: &Json) -> Option<String> {
    match v {
        Json::Null => None,
        Json::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

fn strings(v: &Toml) -> Vec<String> {
    match v {
        Toml::Array(a) => a.iter().map(toml_str).collect(),
        other => vec![toml_str(other)],
    }
}

/// The fields a label states, each with whether the output got it right.
fn check_case(label: &Toml, out: &Json) -> Vec<(String, bool)> {
    let mut got = Vec::new();
    let crash = label.get("crash").and_then(Toml::as_bool).unwrap_or(true);
    got.push(("crash".to_string(), out["crash"].as_bool() == Some(crash)));
    if let (true, Some(want)) = (crash, label.get("first_error")) {
        let text = norm(out["first_error"]["text"].as_str().unwrap_or(""));
        let ok = !text.is_empty()
            && strings(want).iter().map(|w| norm(w)).any(|w| {
                w.contains(&text) && text.chars().count() * 2 >= w.chars().count()
                    || text.contains(&w)
            });
        got.push(("first_error".into(), ok));
    }
    for key in ["error_class", "phase"] {
        if let Some(want) = label.get(key) {
            got.push((key.into(), out[key].as_str() == want.as_str()));
        }
    }
    if let Some(want) = label.get("async_cuda_report").and_then(Toml::as_bool) {
        let have = out["async_cuda_report"].as_bool().unwrap_or(false);
        got.push(("async_cuda_report".into(), have == want));
    }
    if let Some(want) = label.get("culprit_rank") {
        got.push((
            "culprit_rank".into(),
            out["culprit_rank"].as_i64() == want.as_integer(),
        ));
    }
    let env = &out["env"];
    if let Some(want_env) = label.get("env") {
        for &k in ENV_FIELDS {
            let Some(want) = want_env.get(k) else {
                continue;
            };
            let ok = match json_str(&env[k]) {
                None => false,
                Some(have) if k == "gpu_model" => norm(&have).contains(&norm(&toml_str(want))),
                Some(have) => norm(&have) == norm(&toml_str(want)),
            };
            got.push((format!("env.{k}"), ok));
        }
        if let Some(Toml::Table(pkgs)) = want_env.get("packages") {
            let ok = pkgs.iter().all(|(name, v)| {
                env["packages"][name.as_str()]
                    .as_str()
                    .is_some_and(|have| norm(have).starts_with(&norm(&toml_str(v))))
            });
            got.push(("env.packages".into(), ok));
        }
    }
    if let Some(want) = label.get("finding") {
        let want = strings(want);
        let matches = out["matches"].as_array().cloned().unwrap_or_default();
        let top = matches.first().and_then(|m| m["finding"].as_str());
        if want == ["none"] {
            got.push(("finding_none".into(), top.is_none()));
        } else {
            got.push((
                "finding_top1".into(),
                top.is_some_and(|t| want.iter().any(|w| w == t)),
            ));
        }
    }
    got
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/triage/corpus")
}

#[test]
fn corpus_matches_labels() {
    let dir = corpus_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("note: no corpus at {}; skipped", dir.display());
        return;
    };
    let mut cases: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("log.txt").is_file() && p.join("label.toml").is_file())
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in {}", dir.display());
    let mut wrong = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let label: Toml =
            toml::from_str(&std::fs::read_to_string(case.join("label.toml")).unwrap())
                .unwrap_or_else(|e| panic!("{name}/label.toml: {e}"));
        let out = Command::new(env!("CARGO_BIN_EXE_crashdex"))
            .args(["analyze", "--json"])
            .arg(case.join("log.txt"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("run crashdex");
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: Json = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{name}: stdout is not JSON: {e}"));
        let bad: Vec<String> = check_case(&label, &json)
            .into_iter()
            .filter(|(_, ok)| !ok)
            .map(|(k, _)| k)
            .collect();
        println!(
            "{name:40} {}",
            if bad.is_empty() {
                "ok".into()
            } else {
                format!("WRONG {}", bad.join(","))
            }
        );
        if !bad.is_empty() {
            wrong.push(format!("{name}: {}", bad.join(", ")));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cases wrong:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

#[test]
fn checker_follows_score_py() {
    let label: Toml = toml::from_str(
        r#"
        first_error = "Assertion `srcIndex < srcSelectDimSize` failed."
        error_class = "cuda_device_side_assert"
        async_cuda_report = true
        finding = ["a", "b"]
        [env]
        gpu_model = "H200"
        gpu_count = 8
        packages = { torch = "2.11" }
        "#,
    )
    .unwrap();
    let out: Json = serde_json::json!({
        "crash": true,
        "first_error": {"line": 3, "text": "Indexing.cu:1515: block: [0,0,0] Assertion `srcIndex <  srcSelectDimSize` FAILED."},
        "error_class": "cuda_device_side_assert",
        "async_cuda_report": true,
        "env": {"gpu_model": "NVIDIA H200", "gpu_count": 8, "packages": {"torch": "2.11.0+cu130"}},
        "matches": [{"finding": "b"}]
    });
    let got = check_case(&label, &out);
    assert!(got.iter().all(|(_, ok)| *ok), "{got:?}");
    let empty = check_case(&label, &serde_json::json!({}));
    assert!(
        empty
            .iter()
            .filter(|(k, _)| k != "async_cuda_report")
            .all(|(_, ok)| !ok),
        "{empty:?}"
    );
}
