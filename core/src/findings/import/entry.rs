//! One FINDINGS.md entry turned into a finding file: the front matter (refs, fixed_in, status and
//! components guessed from the text; symptom rules lifted from the Symptoms) and the body.

use super::{dedent, split_sections, Imported};
use crate::findings::parse::SECTIONS;
use crate::lines::Line;
use regex::Regex;
use std::fmt::Write;
use std::sync::LazyLock;

static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"https?://[^\s<>()\[\]"'`]+"#).expect("valid regex"));
static CODE_SPAN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"`([^`]+)`").expect("valid"));
static FIXED_IN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)fixed in ([a-z][a-z0-9_.-]*)\s+v?([0-9][0-9a-z.+]*[0-9a-z])").expect("valid")
});
static REGEX_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(?:[-*]\s+)?(?i:regex(?:es)?)\s*:").expect("valid"));
const COMPONENTS: &[&str] = &[
    "sglang",
    "vllm",
    "pytorch",
    "nccl",
    "triton",
    "deepgemm",
    "flashinfer",
    "transformers",
    "cutlass",
    "flash-attn",
    "tensorrt",
];
static ERRORISH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)error|fail|assert|exception|fatal|abort|killed|timeout|timed out|not supported|out of memory|illegal|invalid")
        .expect("valid regex")
});

/// A symptom rule lifted from the text.
enum Lifted {
    Literal(String),
    Regex(String),
}

/// A verbatim string worth a literal rule: the longest piece around an ellipsis, without the
/// log prefixes the matcher strips anyway (a timestamp would never match another log).
fn literal_from(span: &str) -> Option<String> {
    let piece = span
        .split(['…'])
        .flat_map(|p| p.split("..."))
        .max_by_key(|p| p.len())?;
    let text = Line::new(0, piece.trim().to_string()).text;
    let text = text.trim();
    let useful = ERRORISH.is_match(text) || (text.len() >= 16 && text.contains(' '));
    (text.len() >= 8 && useful).then(|| text.to_string())
}

/// Rules lifted from the Symptoms: `regex:` lines give regexes, code spans and the error-like
/// lines of fenced blocks give literals.
fn symptom_rules(symptoms: &[String], notes: &mut Vec<String>) -> Vec<Lifted> {
    let mut out: Vec<Lifted> = Vec::new();
    let add = |rule: Lifted, out: &mut Vec<Lifted>| {
        let dup = out.iter().any(|o| match (o, &rule) {
            (Lifted::Literal(a), Lifted::Literal(b)) | (Lifted::Regex(a), Lifted::Regex(b)) => {
                a == b
            }
            _ => false,
        });
        if !dup && out.len() < 6 {
            out.push(rule);
        }
    };
    let mut fenced = false;
    let mut block: Vec<&str> = Vec::new();
    for line in symptoms {
        if line.trim_start().starts_with("```") {
            if fenced {
                let errorish: Vec<&str> = block
                    .iter()
                    .copied()
                    .filter(|l| ERRORISH.is_match(l))
                    .collect();
                let picked = if errorish.is_empty() {
                    block.iter().take(1).copied().collect()
                } else {
                    errorish
                };
                for l in picked {
                    if let Some(lit) = literal_from(l) {
                        add(Lifted::Literal(lit), &mut out);
                    }
                }
                block.clear();
            }
            fenced = !fenced;
        } else if fenced {
            if !line.trim().is_empty() {
                block.push(line);
            }
        } else if REGEX_LINE.is_match(line) {
            for c in CODE_SPAN.captures_iter(line) {
                match regex_syntax::parse(&c[1]) {
                    Ok(_) => add(Lifted::Regex(c[1].to_string()), &mut out),
                    Err(_) => notes.push(format!("regex {:?} does not parse; skipped", &c[1])),
                }
            }
        } else {
            for c in CODE_SPAN.captures_iter(line) {
                if let Some(lit) = literal_from(&c[1]) {
                    add(Lifted::Literal(lit), &mut out);
                }
            }
        }
    }
    out
}

pub(super) fn convert_entry(id: &str, title: &str, lines: &[&str]) -> Imported {
    let mut notes = Vec::new();
    let sections = split_sections(lines, &mut notes);
    let get = |name: &str| {
        sections
            .named
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b)
    };
    let all_text = lines.join("\n");
    let mut refs: Vec<String> = Vec::new();
    for m in URL.find_iter(&all_text) {
        let u = m
            .as_str()
            .trim_end_matches(['.', ',', ';', ':'])
            .to_string();
        if !refs.contains(&u) {
            refs.push(u);
        }
    }
    let fixed_in: Vec<String> = FIXED_IN
        .captures_iter(&all_text)
        .filter(|c| c[2].parse::<pep440_rs::Version>().is_ok())
        .map(|c| format!("{} {}", c[1].to_ascii_lowercase(), &c[2]))
        .collect::<Vec<_>>();
    let rules = get("Symptoms")
        .map(|s| symptom_rules(s, &mut notes))
        .unwrap_or_default();
    let lower = all_text.to_ascii_lowercase();
    let components: Vec<String> = COMPONENTS
        .iter()
        .filter(|c| lower.contains(*c))
        .map(|c| c.to_string())
        .collect();
    for sec in SECTIONS {
        if get(sec).is_none() {
            notes.push(format!(
                "no {sec:?} section found; an empty one was written"
            ));
        }
    }
    if rules.is_empty() {
        notes.push(
            "no verbatim symptom text (code spans or fenced lines) under Symptoms; \
             a placeholder rule was written"
                .into(),
        );
    } else {
        notes.push(format!(
            "{} rule(s) lifted from Symptoms as `any` rules: review them (run-specific numbers?), \
             choose the `all` ones, add error_class/phase conditions and an example",
            rules.len()
        ));
    }
    let status = if !fixed_in.is_empty() {
        "fixed"
    } else if get("Resolution").is_some() {
        "workaround"
    } else {
        "open"
    };
    let mut t = String::new();
    let list = |v: &[String]| v.iter().map(|s| toml_str(s)).collect::<Vec<_>>().join(", ");
    let _ = writeln!(t, "+++\nid = {}\ntitle = {}", toml_str(id), toml_str(title));
    let _ = writeln!(
        t,
        "severity = \"medium\"\nstatus = \"{status}\"\ninformational = false"
    );
    let _ = writeln!(
        t,
        "components = [{}]\nrefs = [{}]\nfixed_in = [{}]\nexamples = []\n",
        list(&components),
        list(&refs),
        list(&fixed_in)
    );
    t.push_str("[match]\n");
    let group = if rules.len() > 1 { "any" } else { "all" };
    if rules.is_empty() {
        t.push_str(
            "\n[[match.all]]\nname = \"main error\"\nliteral = \"TODO: paste the verbatim error text\"\n",
        );
    }
    for (i, rule) in rules.iter().enumerate() {
        let (key, value) = match rule {
            Lifted::Literal(l) => ("literal", l),
            Lifted::Regex(r) => ("regex", r),
        };
        let _ = write!(
            t,
            "\n[[match.{group}]]\nname = \"symptom {}\"\n{key} = {}\n",
            i + 1,
            toml_str(value)
        );
    }
    t.push_str("+++\n");
    let lead = sections.lead.join("\n");
    if !lead.trim().is_empty() {
        let _ = write!(t, "\n{}\n", lead.trim());
    }
    let mut names: Vec<&str> = SECTIONS.to_vec();
    names.extend(
        sections
            .named
            .iter()
            .map(|(n, _)| n.as_str())
            .filter(|n| !names_contains(n)),
    );
    for name in names {
        let body = get(name).map(|b| dedent(b)).unwrap_or_default();
        let _ = write!(t, "\n## {name}\n\n{}\n", body.trim());
    }
    Imported {
        id: id.to_string(),
        title: title.to_string(),
        text: t,
        notes,
        skip: None,
        sections_found: SECTIONS.iter().filter(|s| get(s).is_some()).count(),
    }
}

fn names_contains(n: &str) -> bool {
    SECTIONS.contains(&n)
}

/// A TOML basic string.
fn toml_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
