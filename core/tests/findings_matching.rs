//! Matching logs against findings, with hand-built analyses (independent of triage).

use crashdex_core::analysis::{Analysis, Env, LineRef};
use crashdex_core::findings::compile::{PatternId, Scratch};
use crashdex_core::findings::FindingsIndex;
use crashdex_core::lines::Line;
use crashdex_core::matching::{match_findings, Matcher};

const BODY: &str = "\n## Symptoms\n\n## Root cause\n\n## Resolution\n\n## References\n";

fn src(id: &str, front: &str) -> (String, String) {
    (
        format!("{id}.md"),
        format!(
            "+++\nid = \"{id}\"\ntitle = \"Title of {id}\"\nseverity = \"high\"\nstatus = \"open\"\n{front}\n+++\n{BODY}"
        ),
    )
}

fn index(sources: &[(String, String)]) -> FindingsIndex {
    FindingsIndex::from_sources(sources).unwrap_or_else(|e| panic!("{e:?}"))
}

fn log(text: &str) -> Vec<Line> {
    text.lines()
        .enumerate()
        .map(|(i, l)| Line::new(i as u64 + 1, l.to_string()))
        .collect()
}

fn analysis(class: &str, first_error: Option<u64>) -> Analysis {
    Analysis {
        crash: class != "none",
        first_error: first_error.map(|line| LineRef {
            line,
            text: String::new(),
        }),
        error_class: class.into(),
        phase: "decode".into(),
        async_cuda_report: false,
        culprit_rank: None,
        env: Env::default(),
        warnings: vec![],
        signature: String::new(),
        fingerprint: String::new(),
        matches: vec![],
        near_misses: vec![],
        annotations: vec![],
        key_lines: vec![],
        line_count: 0,
    }
}

const ASSERT_LOG: &str = "INFO starting\n\
[rank0]: /pytorch/aten/src/ATen/native/cuda/Indexing.cu:1422: indexSelectLargeIndex: block: [0,0,0], thread: [0,0,0] Assertion `srcIndex < srcSelectDimSize` failed.\n\
RuntimeError: CUDA error: device-side assert triggered\n\
done";

fn assert_finding(extra: &str) -> String {
    format!(
        "[match]\nerror_class = [\"cuda_device_side_assert\"]\n{extra}\n\
         [[match.all]]\nname = \"index assertion\"\n\
         regex = 'Assertion `(srcIndex < srcSelectDimSize|.*index out of bounds.*)` failed'\n"
    )
}

#[test]
fn a_matching_finding_reports_evidence_and_why() {
    let idx = index(&[src("idx", &assert_finding(""))]);
    let (m, n, a) = match_findings(
        &log(ASSERT_LOG),
        &analysis("cuda_device_side_assert", Some(2)),
        &idx,
    );
    assert_eq!(m.len(), 1, "{n:?}");
    assert!(n.is_empty() && a.is_empty());
    let m = &m[0];
    assert!(m.applies && m.score > 0.0 && m.score <= 1.0);
    assert_eq!(m.evidence.len(), 1);
    assert_eq!(m.evidence[0].line, 2);
    assert_eq!(m.evidence[0].rule, "index assertion");
    assert!(m.evidence[0].text.starts_with("[rank0]: "), "raw text kept");
    assert!(m.why.contains("class cuda_device_side_assert"), "{}", m.why);
    assert!(m.why.contains("first error"), "{}", m.why);
}

fn versioned(spec: &str) -> FindingsIndex {
    index(&[src(
        "ver",
        &assert_finding(&format!(
            "[match.versions]\nsglang = \"{spec}\"\ntorch = \">=2.9\"\n"
        )),
    )])
}

fn run_versions(idx: &FindingsIndex, sglang: Option<&str>, torch: Option<&str>) -> Analysis {
    let mut a = analysis("cuda_device_side_assert", Some(2));
    a.env.framework = Some("sglang".into());
    a.env.framework_version = sglang.map(String::from);
    if let Some(t) = torch {
        a.env.packages.insert("torch".into(), t.into());
    }
    let (m, n, _) = match_findings(&log(ASSERT_LOG), &a, idx);
    a.matches = m;
    a.near_misses = n;
    a
}

#[test]
fn version_ranges_follow_pep440() {
    let idx = versioned(">=0.5.6, <0.5.9");
    let a = run_versions(&idx, Some("0.5.8.post1"), Some("2.9.1+cu130"));
    assert_eq!(a.matches.len(), 1, "{:?}", a.near_misses);
    let why = &a.matches[0].why;
    assert!(
        why.contains("sglang 0.5.8.post1 is in >=0.5.6, <0.5.9"),
        "{why}"
    );
    assert!(why.contains("torch 2.9.1+cu130 is in >=2.9"), "{why}");

    let a = run_versions(&idx, Some("0.5.9"), None);
    assert!(a.matches.is_empty());
    assert_eq!(
        a.near_misses[0].missing,
        "matches, but you run sglang 0.5.9 where it is fixed (range >=0.5.6, <0.5.9)"
    );
    // A pre-release of the fixed version is not "below" it (PEP 440), nor is a later rc.
    assert!(run_versions(&idx, Some("0.5.9rc1"), None)
        .matches
        .is_empty());
    assert!(run_versions(&idx, Some("0.5.10rc1"), None)
        .matches
        .is_empty());
    let a = run_versions(&idx, Some("0.5.5"), None);
    assert!(
        a.near_misses[0]
            .missing
            .contains("older than the affected range"),
        "{:?}",
        a.near_misses
    );
    // Unknown versions do not veto, but are said to be unknown.
    let a = run_versions(&idx, None, None);
    assert_eq!(a.matches.len(), 1);
    assert!(a.matches[0].why.contains("sglang version unknown"));
    // Unparseable versions count as unknown.
    assert_eq!(
        run_versions(&idx, Some("main-abc123"), None).matches.len(),
        1
    );
    // A local version below the range is outside it.
    assert!(run_versions(&idx, Some("0.5.8"), Some("2.8.0+cu128"))
        .matches
        .is_empty());

    let idx = versioned(">=0.5.10rc1");
    assert_eq!(run_versions(&idx, Some("0.5.10rc1"), None).matches.len(), 1);
    assert_eq!(run_versions(&idx, Some("0.5.10"), None).matches.len(), 1);
    assert!(run_versions(&idx, Some("0.5.9"), None).matches.is_empty());
    let idx = versioned("<1.0");
    assert!(run_versions(&idx, Some("1.0.dev0"), None)
        .matches
        .is_empty());
    assert_eq!(run_versions(&idx, Some("0.9.dev0"), None).matches.len(), 1);
    let idx = versioned(">=1.0.dev0, <1.1");
    assert_eq!(run_versions(&idx, Some("1.0.dev0"), None).matches.len(), 1);
}

#[test]
fn package_names_are_normalised() {
    let idx = index(&[src(
        "fi",
        &assert_finding("[match.versions]\nflashinfer_python = \"<0.6\"\n"),
    )]);
    let mut a = analysis("cuda_device_side_assert", Some(2));
    a.env
        .packages
        .insert("flashinfer-python".into(), "0.6.1".into());
    let (m, n, _) = match_findings(&log(ASSERT_LOG), &a, &idx);
    assert!(m.is_empty());
    assert!(n[0].missing.contains("flashinfer_python 0.6.1"), "{n:?}");
}

fn rules_index() -> FindingsIndex {
    let front = "[match]\nany_min = 2\n\
        [[match.all]]\nname = \"A\"\nliteral = \"alpha\"\n\
        [[match.all]]\nname = \"B\"\nregex = 'beta \\d+'\nmin_count = 2\n\
        [[match.any]]\nname = \"C\"\nliteral = \"gamma\"\n\
        [[match.any]]\nname = \"D\"\nliteral = \"delta\"\n\
        [[match.any]]\nname = \"E\"\nliteral = \"epsilon\"\n\
        [[match.not]]\nname = \"N\"\nliteral = \"omega\"\n";
    index(&[src("rules", front)])
}

fn outcome(text: &str) -> (usize, Vec<String>) {
    let (m, n, _) = match_findings(
        &log(text),
        &analysis("python_exception", None),
        &rules_index(),
    );
    (m.len(), n.into_iter().map(|n| n.missing).collect())
}

#[test]
fn all_any_not_and_min_count() {
    assert_eq!(
        outcome("alpha\nbeta 1\nbeta 2\ngamma\ndelta").0,
        1,
        "everything present"
    );
    let (m, n) = outcome("alpha\nbeta 1\ngamma\ndelta");
    assert_eq!(m, 0);
    assert_eq!(n, vec!["'B' matched 1 line(s) of the 2 needed"]);
    let (m, n) = outcome("alpha\nbeta 1\nbeta 2\ngamma");
    assert_eq!(m, 0);
    assert_eq!(n, vec!["needs 2 of 'C', 'D', 'E' (1 fired)"]);
    let (m, n) = outcome("alpha\nbeta 1\nbeta 2\ngamma\nepsilon\nomega");
    assert_eq!(m, 0);
    assert_eq!(n, vec!["excluded by 'N' (line 6)"]);
    // No `all` rule fired: not even a near miss.
    assert_eq!(outcome("gamma\ndelta\nepsilon"), (0, vec![]));
    let (_, n) = outcome("alpha");
    assert!(n[0].contains("'B' did not fire"), "{n:?}");
    // Repeated identical lines count once per line.
    assert_eq!(outcome("alpha\nbeta 7\nbeta 7\ngamma\ndelta").0, 1);
}

#[test]
fn literals_are_case_sensitive_and_regex_flags_work() {
    let idx = index(&[
        src(
            "lit",
            "[match]\n[[match.all]]\nname = \"k\"\nliteral = \"Killed process\"\n",
        ),
        src(
            "rx",
            "[match]\n[[match.all]]\nname = \"o\"\nregex = '(?i)out of memory'\n",
        ),
        src(
            "cls",
            "[match]\n[[match.all]]\nname = \"h\"\nregex = '^[0-9a-f]{8}$'\n",
        ),
    ]);
    let ids = |text: &str| {
        let (m, _, _) = match_findings(&log(text), &analysis("host_oom", None), &idx);
        m.into_iter().map(|m| m.finding).collect::<Vec<_>>()
    };
    assert_eq!(ids("killed PROCESS 12"), Vec::<String>::new());
    assert_eq!(ids("Killed process 12"), vec!["lit"]);
    assert_eq!(ids("CUDA OUT OF MEMORY"), vec!["rx"]);
    assert_eq!(ids("deadbeef"), vec!["cls"]);
}

#[test]
fn arch_conditions() {
    let idx = index(&[src(
        "arch",
        &assert_finding("sm_arch = [\"sm_90\", \"sm_12*\"]\nframework = [\"sglang\"]"),
    )]);
    let run = |arch: Option<&str>, fw: Option<&str>| {
        let mut a = analysis("cuda_device_side_assert", Some(2));
        a.env.sm_arch = arch.map(String::from);
        a.env.framework = fw.map(String::from);
        match_findings(&log(ASSERT_LOG), &a, &idx)
    };
    let (m, _, _) = run(Some("sm_121"), Some("sglang"));
    assert!(m[0].why.contains("sm_121 is in sm_12*"), "{}", m[0].why);
    let (m, _, _) = run(Some("sm_90"), None);
    assert!(
        m[0].why.contains("sm_90") && m[0].why.contains("framework unknown"),
        "{}",
        m[0].why
    );
    let (m, _, _) = run(None, Some("sglang"));
    assert!(
        m[0].why.contains("GPU architecture unknown"),
        "{}",
        m[0].why
    );
    let (m, n, _) = run(Some("sm_100"), Some("sglang"));
    assert!(m.is_empty());
    assert!(n[0].missing.contains("the GPU is sm_100"), "{n:?}");
    let (m, n, _) = run(Some("sm_120"), Some("vllm"));
    assert!(m.is_empty());
    assert!(n[0].missing.contains("the framework is vllm"), "{n:?}");
}

#[test]
fn conditions_on_class_and_phase_veto() {
    let idx = index(&[src("idx", &assert_finding("phase = [\"prefill\"]"))]);
    let (m, n, _) = match_findings(&log(ASSERT_LOG), &analysis("cuda_oom", Some(2)), &idx);
    assert!(m.is_empty());
    assert!(n[0].missing.starts_with("matches, but the error class is cuda_oom, not cuda_device_side_assert; the phase is decode, not prefill"), "{n:?}");
    let mut a = analysis("cuda_device_side_assert", Some(2));
    a.phase = "unknown".into();
    let (m, _, _) = match_findings(&log(ASSERT_LOG), &a, &idx);
    assert_eq!(m.len(), 1, "an unknown phase does not veto");
}

#[test]
fn informational_findings_become_annotations() {
    let idx = index(&[
        src("harmless", "informational = true\n[match]\n[[match.all]]\nname = \"w\"\nliteral = \"TORCH_CUDA_ARCH_LIST is not set\"\n"),
        src("idx", &assert_finding("")),
    ]);
    let text = format!(
        "W TORCH_CUDA_ARCH_LIST is not set\n{ASSERT_LOG}\nW TORCH_CUDA_ARCH_LIST is not set, again"
    );
    let (m, _, a) = match_findings(
        &log(&text),
        &analysis("cuda_device_side_assert", Some(3)),
        &idx,
    );
    assert_eq!(
        m.iter().map(|m| m.finding.as_str()).collect::<Vec<_>>(),
        vec!["idx"]
    );
    assert_eq!(a.len(), 2);
    assert_eq!((a[0].line, a[1].line), (1, 6));
    assert_eq!(a[0].note, "Title of harmless");
    // A healthy log: no matches, annotations still there.
    let (m, n, a) = match_findings(
        &log("W TORCH_CUDA_ARCH_LIST is not set"),
        &analysis("none", None),
        &idx,
    );
    assert!(m.is_empty() && n.is_empty());
    assert_eq!(a.len(), 1);
}

#[test]
fn no_crash_no_matches() {
    let idx = index(&[src(
        "idx",
        "[match]\n[[match.all]]\nname = \"a\"\nliteral = \"device-side assert triggered\"\n",
    )]);
    let (m, n, _) = match_findings(&log(ASSERT_LOG), &analysis("none", None), &idx);
    assert!(m.is_empty());
    assert_eq!(n.len(), 1);
    assert!(n[0].missing.contains("no crash"));
}

#[test]
fn a_specific_finding_outranks_a_generic_one() {
    let generic =
        "[match]\n[[match.all]]\nname = \"dsa\"\nliteral = \"device-side assert triggered\"\n";
    let specific = "[match]\nerror_class = [\"cuda_device_side_assert\"]\nsm_arch = [\"sm_12*\"]\n\
        [[match.all]]\nname = \"dsa\"\nliteral = \"device-side assert triggered\"\n\
        [[match.all]]\nname = \"idx\"\nliteral = \"srcIndex < srcSelectDimSize\"\n";
    // Ids chosen so that the id tie-break alone would put the generic one first.
    let idx = index(&[src("a_generic", generic), src("z_specific", specific)]);
    for first_error in [None, Some(2), Some(3)] {
        let mut a = analysis("cuda_device_side_assert", first_error);
        a.env.sm_arch = Some("sm_120".into());
        let (m, _, _) = match_findings(&log(ASSERT_LOG), &a, &idx);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].finding, "z_specific", "{m:?}");
        assert!(m[0].score > m[1].score);
    }
}

#[test]
fn evidence_at_the_first_error_scores_higher() {
    let idx = index(&[
        src(
            "early",
            "[match]\n[[match.all]]\nname = \"e\"\nliteral = \"INFO starting\"\n",
        ),
        src(
            "late",
            "[match]\n[[match.all]]\nname = \"l\"\nliteral = \"device-side assert\"\n",
        ),
    ]);
    let (m, _, _) = match_findings(
        &log(ASSERT_LOG),
        &analysis("cuda_device_side_assert", Some(3)),
        &idx,
    );
    assert_eq!(m[0].finding, "late");
}

#[test]
fn streaming_equals_batch() {
    let idx = rules_index();
    let lines = log("alpha\nbeta 1\nbeta 2\ngamma\ndelta");
    let a = analysis("python_exception", Some(2));
    let mut s = Matcher::new(&idx);
    for l in &lines {
        s.feed(l);
    }
    assert_eq!(s.finish(&a), match_findings(&lines, &a, &idx));
}

#[test]
fn evidence_is_capped_per_rule() {
    let idx = index(&[src(
        "many",
        "[match]\n[[match.all]]\nname = \"a\"\nregex = 'error \\d+'\n",
    )]);
    let text: String = (0..100).map(|i| format!("error {i}\n")).collect();
    let (m, _, _) = match_findings(&log(&text), &analysis("python_exception", Some(50)), &idx);
    let lines: Vec<u64> = m[0].evidence.iter().map(|e| e.line).collect();
    assert_eq!(
        lines,
        vec![1, 2, 3, 4, 5, 50],
        "first hits plus the first error line"
    );
}

#[test]
fn a_thousand_findings_compile_and_match() {
    let mut sources = Vec::new();
    for i in 0..1000 {
        let front = format!(
            "[match]\n{cls}\n[[match.all]]\nname = \"main\"\nregex = 'kernel_{i}_failed: code \\d+'\n\
             [[match.any]]\nname = \"lit\"\nliteral = \"module_{i} aborted\"\n\
             [[match.any]]\nname = \"shared\"\nliteral = \"CUDA error: device-side assert triggered\"\n",
            cls = if i % 2 == 0 {
                "error_class = [\"cuda_device_side_assert\"]"
            } else {
                ""
            }
        );
        sources.push(src(&format!("synthetic_{i:04}"), &front));
    }
    let idx = index(&sources);
    assert_eq!(idx.findings().len(), 1000);
    let text = "INFO start\nkernel_421_failed: code 7\nkernel_999_failed: code x\n\
                CUDA error: device-side assert triggered\nmodule_998 aborted\nkernel_998_failed: code 1\n";
    let (m, n, _) = match_findings(
        &log(text),
        &analysis("cuda_device_side_assert", Some(2)),
        &idx,
    );
    let mut ids: Vec<&str> = m.iter().map(|m| m.finding.as_str()).collect();
    ids.sort_unstable();
    assert_eq!(ids, vec!["synthetic_0421", "synthetic_0998"]);
    assert!(n.is_empty(), "{n:?}");
}

/// One finding per literal, `f0`, `f1`..., each matching a line that contains its literal.
fn literal_findings(lits: &[&str]) -> FindingsIndex {
    let sources: Vec<_> = lits
        .iter()
        .enumerate()
        .map(|(i, l)| {
            src(
                &format!("f{i}"),
                &format!("[match]\n[[match.all]]\nname = \"r\"\nliteral = \"{l}\"\n"),
            )
        })
        .collect();
    index(&sources)
}

#[test]
fn overlapping_and_nested_fragments_all_fire() {
    let lits = [
        "CUDA",
        "CUDA error",
        "error: out of memory",
        "out of",
        "memory",
        "A error",
        "A errors",
    ];
    let idx = literal_findings(&lits);
    let (m, _, _) = match_findings(
        &log("x CUDA error: out of memory"),
        &analysis("cuda_oom", None),
        &idx,
    );
    let mut ids: Vec<_> = m.iter().map(|m| m.finding.as_str()).collect();
    ids.sort_unstable();
    assert_eq!(ids, vec!["f0", "f1", "f2", "f3", "f4", "f5"]);
}

/// The fragment automaton starts as an NFA and becomes a DFA after some megabytes of scanning;
/// both find the same patterns.
#[test]
fn the_dfa_built_after_megabytes_finds_what_the_nfa_found() {
    let lits = [
        "CUDA",
        "CUDA error",
        "error: out of memory",
        "out of",
        "A errors",
    ];
    let idx = literal_findings(&lits);
    let rules = idx.rule_set();
    let mut scratch = Scratch::default();
    let lines = [
        "x CUDA error: out of memory",
        "A errors: CUDA",
        "nothing here",
        "cuda error: OUT OF memory",
    ];
    let scan_all = |scratch: &mut Scratch| -> Vec<Vec<PatternId>> {
        lines
            .iter()
            .map(|l| {
                let mut out = Vec::new();
                rules.scan(l, scratch, &mut out);
                out.sort_unstable();
                out
            })
            .collect()
    };
    let before = scan_all(&mut scratch);
    let nfa_bytes = rules.automaton_bytes();
    let filler = "INFO a line of the log with no fragment of any rule in it ".repeat(16);
    let mut out = Vec::new();
    for _ in 0..(8 << 20) / filler.len() {
        rules.scan(&filler, &mut scratch, &mut out);
    }
    assert!(out.is_empty());
    assert!(rules.automaton_bytes() > nfa_bytes, "the DFA was not built");
    assert_eq!(scan_all(&mut scratch), before);
    assert_eq!(
        before.iter().map(Vec::len).collect::<Vec<_>>(),
        [4, 2, 0, 0]
    );
}

#[test]
fn rules_may_include_the_stripped_prefix() {
    let idx = index(&[
        src(
            "with_level",
            "[match]\n[[match.all]]\nname = \"r\"\nliteral = \"ERROR: Could not build wheels\"\n",
        ),
        src(
            "message_only",
            "[match]\n[[match.all]]\nname = \"r\"\nregex = '^Could not build wheels for \\w+'\n",
        ),
    ]);
    let lines =
        log("ERROR: Could not build wheels for flash-attn\nERROR: Could not build wheels for x");
    assert_eq!(lines[0].text, "Could not build wheels for flash-attn");
    let (m, _, _) = match_findings(&lines, &analysis("build_error", Some(1)), &idx);
    let ids: Vec<_> = m.iter().map(|m| m.finding.as_str()).collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert_eq!(m[0].evidence.len(), 2, "one hit per line, not per form");
}

#[test]
fn explain_says_why_a_finding_did_not_match() {
    let idx = index(&[
        src("idx", &assert_finding("phase = [\"prefill\"]")),
        src(
            "other",
            "[match]\n[[match.all]]\nname = \"o\"\nliteral = \"never here\"\n",
        ),
    ]);
    let lines = log(ASSERT_LOG);
    let mut m = Matcher::new(&idx);
    for l in &lines {
        m.feed(l);
    }
    let a = analysis("cuda_device_side_assert", Some(2));
    let e = m.explain(&a, "idx").unwrap();
    assert!(
        e.starts_with("near miss") && e.contains("the phase is decode, not prefill"),
        "{e}"
    );
    assert_eq!(m.explain(&a, "other").unwrap(), "none of its rules fired");
    assert!(m.explain(&a, "nope").is_none());
    let mut healthy = analysis("none", None);
    healthy.phase = "prefill".into();
    let e = m.explain(&healthy, "idx").unwrap();
    assert!(e.starts_with("the log shows no crash; "), "{e}");
}
