//! Parsing and validation of finding files, and safe rendering of their bodies.

use crashdex_core::findings::{FindingsIndex, Pattern, RuleKind};

const BODY: &str =
    "\n## Symptoms\n\ns\n\n## Root cause\n\nr\n\n## Resolution\n\nfix\n\n## References\n\n- x\n";

fn file(id: &str, front: &str) -> (String, String) {
    (
        format!("{id}.md"),
        format!(
            "+++\nid = \"{id}\"\ntitle = \"T {id}\"\nseverity = \"high\"\nstatus = \"open\"\n{front}\n+++\n{BODY}"
        ),
    )
}

fn errors(sources: &[(String, String)]) -> Vec<String> {
    match FindingsIndex::from_sources(sources) {
        Ok(_) => Vec::new(),
        Err(e) => e.iter().map(|e| e.to_string()).collect(),
    }
}

const RULE: &str = "[match]\n[[match.all]]\nname = \"a\"\nliteral = \"boom\"\n";

#[test]
fn a_valid_file_parses_with_all_fields() {
    let front = "informational = false\ncomponents = [\"sglang\"]\nrefs = [\"https://x/1\"]\n\
        fixed_in = [\"sglang 0.5.9\"]\nexamples = [\"examples/a.log\"]\n[match]\n\
        error_class = [\"cuda_device_side_assert\"]\nphase = [\"decode\"]\nsm_arch = [\"sm_120\", \"sm_12*\"]\n\
        framework = [\"sglang\"]\nany_min = 1\n[match.versions]\nsglang = \">=0.5.6, <0.5.9\"\n\
        [[match.all]]\nname = \"idx\"\nregex = 'Assertion `.*` failed'\n\
        [[match.any]]\nname = \"async\"\nliteral = \"device-side assert triggered\"\nmin_count = 2\n\
        [[match.not]]\nname = \"nan\"\nliteral = \"probability tensor contains\"\n";
    let idx = FindingsIndex::from_sources(&[file("good_one", front)]).unwrap();
    let f = idx.get("good_one").unwrap();
    assert_eq!(f.title, "T good_one");
    assert_eq!(f.conditions.sm_arch, vec!["sm_120", "sm_12*"]);
    assert_eq!(f.conditions.versions[0].package, "sglang");
    assert_eq!(f.rules.len(), 3);
    assert_eq!(f.rules[1].kind, RuleKind::Any);
    assert_eq!(f.rules[1].min_count, 2);
    assert_eq!(
        f.rules[2].pattern,
        Pattern::Literal("probability tensor contains".into())
    );
    assert!(f.rendered_html.contains("<h2>Symptoms</h2>"));
    assert!(idx.warnings().is_empty(), "{:?}", idx.warnings());
}

#[test]
fn bad_toml_is_reported_with_file_and_line() {
    let e = errors(&[file("bad_toml", "[match\n")]);
    assert_eq!(e.len(), 1);
    assert!(e[0].starts_with("bad_toml.md: line "), "{e:?}");
}

#[test]
fn missing_front_matter() {
    let e = errors(&[("x.md".into(), "# no front matter\n".into())]);
    assert!(e[0].contains("no front matter"), "{e:?}");
}

#[test]
fn unknown_match_key_is_an_error() {
    let e = errors(&[file(
        "typo",
        "[match]\neror_class = [\"cuda_oom\"]\n[[match.all]]\nname = \"a\"\nliteral = \"x\"\n",
    )]);
    assert!(e[0].contains("eror_class"), "{e:?}");
    let e = errors(&[file(
        "typo2",
        "[match]\n[[match.all]]\nname = \"a\"\nliterall = \"x\"\n",
    )]);
    assert!(e[0].contains("literall"), "{e:?}");
}

#[test]
fn bad_regex_and_version_spec_are_reported_together() {
    let front = "[match]\n[match.versions]\nsglang = \">>0.5\"\n\
        [[match.all]]\nname = \"r\"\nregex = \"(unclosed\"\n";
    let e = errors(&[file("two_problems", front)]);
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e.iter()
            .any(|m| m.contains("regex does not compile") && m.contains("two_problems.md: ")),
        "{e:?}"
    );
    assert!(
        e.iter()
            .any(|m| m.contains("match.versions.sglang") && m.contains("PEP 440")),
        "{e:?}"
    );
}

#[test]
fn vocabulary_and_shape_checks() {
    let front = "severity2 = 1\n";
    assert!(errors(&[file("x", &format!("{front}{RULE}"))])[0].contains("severity2"));
    let front = "[match]\nerror_class = [\"cuda_boom\"]\nphase = [\"lunch\"]\nsm_arch = [\"12*\", \"sm_1*0\"]\n\
        any_min = 2\n[[match.any]]\nname = \"a\"\nliteral = \"x\"\n[[match.any]]\nname = \"a\"\nregex = \"y+\"\n\
        [[match.any]]\nname = \"b\"\nregex = \"y?\"\n";
    let e = errors(&[file("vocab", front)]).join("\n");
    for needle in [
        "cuda_boom",
        "lunch",
        "\"12*\"",
        "\"sm_1*0\"",
        "used twice",
        "empty string",
    ] {
        assert!(e.contains(needle), "{needle} missing in {e}");
    }
    let e = errors(&[file("norules", "[match]\nerror_class = [\"cuda_oom\"]\n")]).join("\n");
    assert!(e.contains("at least one"), "{e}");
    let e = errors(&[file(
        "notonly",
        "[match]\n[[match.not]]\nname = \"a\"\nliteral = \"x\"\n",
    )])
    .join("\n");
    assert!(e.contains("at least one"), "{e}");
    let bad_meta = "+++\nid = \"Bad-Id\"\ntitle = \"\"\nseverity = \"urgent\"\nstatus = \"done\"\n\
        fixed_in = [\"sglang\"]\nexamples = [\"../etc/passwd\"]\n[match]\n[[match.all]]\nname = \"a\"\nliteral = \"x\"\n\
        min_count = 0\n+++\n";
    let e = errors(&[("other.md".into(), bad_meta.into())]).join("\n");
    for needle in [
        "lower-case",
        "file name",
        "title is empty",
        "urgent",
        "done",
        "fixed_in",
        "relative path",
        "min_count",
    ] {
        assert!(e.contains(needle), "{needle} missing in {e}");
    }
}

#[test]
fn duplicate_ids_are_rejected() {
    let a = file("same", RULE);
    let b = ("dir/same.md".to_string(), a.1.clone());
    let e = errors(&[a, b]);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("dir/same.md: ") && e[0].contains("also used by same.md"),
        "{e:?}"
    );
}

#[test]
fn every_broken_file_is_reported() {
    let e = errors(&[
        file("ok", RULE),
        file("one", "[match]\n"),
        file("two", "[match]\nbogus = 1\n"),
    ]);
    assert_eq!(e.len(), 2, "{e:?}");
}

#[test]
fn missing_sections_are_warnings() {
    let (name, text) = file("nosec", RULE);
    let text = text.replace("## Resolution", "## Fix");
    let idx = FindingsIndex::from_sources(&[(name, text)]).unwrap();
    assert_eq!(idx.warnings().len(), 1);
    assert!(idx.warnings()[0].contains("## Resolution"));
}

#[test]
fn body_html_is_sanitised_and_links_survive() {
    let (name, text) = file("xss", RULE);
    let text = format!(
        "{text}\n<script>alert(1)</script>\n\nInline <script>alert(2)</script> here.\n\n\
         <img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) and [issue](https://github.com/a/b/issues/1)\n"
    );
    let idx = FindingsIndex::from_sources(&[(name, text)]).unwrap();
    let html = &idx.get("xss").unwrap().rendered_html;
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("onerror"), "{html}");
    assert!(!html.contains("<img"), "{html}");
    assert!(!html.contains("javascript:"), "{html}");
    assert!(
        html.contains("<a href=\"https://github.com/a/b/issues/1\""),
        "{html}"
    );
}

#[test]
fn conflicts_are_found() {
    let cls = |c: &str| {
        format!(
            "[match]\nerror_class = [\"{c}\"]\n[[match.all]]\nname = \"n{c}\"\nliteral = \"boom\"\n"
        )
    };
    let idx = FindingsIndex::from_sources(&[
        file("a", &cls("cuda_oom")),
        file("b", &cls("cuda_oom")),
        file("c", &cls("host_oom")),
        file(
            "d",
            "[match]\n[[match.all]]\nname = \"x\"\nliteral = \"other\"\n",
        ),
    ])
    .unwrap();
    let c = idx.conflicts();
    assert_eq!(c.len(), 3, "{c:?}");
    assert!(c[0].a == "a" && c[0].b == "b" && c[0].same_conditions);
    assert!(!c[1].same_conditions && !c[2].same_conditions);
}

#[test]
fn oversized_regexes_are_caught_by_the_strict_check() {
    let front = "[match]\n[[match.all]]\nname = \"huge\"\nregex = '\\w{1000}\\w{1000}\\w{1000}'\n";
    let idx = FindingsIndex::from_sources(&[file("huge", front)]).unwrap();
    let e = idx.regex_errors();
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("huge: rule \"huge\": regex does not compile"),
        "{e:?}"
    );
}

#[test]
fn the_index_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<FindingsIndex>();
}
