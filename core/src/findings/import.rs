//! Writing finding files from text: the scaffold of `crashdex findings new`, and the best-effort
//! conversion of a single FINDINGS.md (one `## Title` per entry, or one `### Title` per entry
//! under `##` parts) used by `crashdex findings import`.
//!
//! Pure: the caller reads and writes the files. The conversion never guesses silently: whatever it
//! could not map is listed in the entry's notes, and the literal rules it lifts from the symptoms
//! are meant to be reviewed.

use super::parse::{valid_id, SECTIONS};
use crate::lines::Line;
use regex::Regex;
use std::collections::HashSet;
use std::fmt::Write;
use std::sync::LazyLock;

/// One entry converted from a FINDINGS.md.
#[derive(Debug, Clone)]
pub struct Imported {
    pub id: String,
    pub title: String,
    /// The finding file's text (front matter + body).
    pub text: String,
    /// What could not be mapped, or was guessed and needs review.
    pub notes: Vec<String>,
    /// Why the entry is not a finding and should not be written (a section of a document whose
    /// other entries have labelled parts, but which has none itself).
    pub skip: Option<String>,
    /// How many of the four sections the entry had.
    sections_found: usize,
}

/// A commented scaffold for a new finding that passes validation as it is.
pub fn scaffold(id: &str) -> String {
    format!(
        r#"+++
id = "{id}"                      # must equal the file name without .md
title = "TODO: what goes wrong, in one line"
severity = "medium"              # info | low | medium | high | critical
status = "open"                  # open | workaround | fixed
informational = false            # true: a known-harmless warning, shown as a note on its line
components = []                  # free words: sglang, vllm, pytorch, nccl, triton, deepgemm, ...
refs = []                        # issue and pull-request URLs
fixed_in = []                    # "package version" strings, e.g. "sglang 0.5.9"
examples = []                    # e.g. "examples/{id}.log", relative to findings/

[match]
# Conditions: every one present must hold. A value the log does not show does not veto.
# error_class = ["cuda_device_side_assert"]   # SPEC error classes
# phase = ["decode"]                          # SPEC phases
# sm_arch = ["sm_12*"]                        # exact, or a prefix ending in *
# framework = ["sglang"]
# any_min = 1                                 # how many `any` rules must fire

# [match.versions]                            # PEP 440 specifiers per package
# sglang = ">=0.5.6, <0.5.9"

# Symptom rules: `regex` or `literal`, optional `min_count`. Groups: all, any, not.
[[match.all]]
name = "main error"
literal = "TODO: paste the verbatim error text"
+++

## Symptoms

TODO: the lines that show this problem.

## Root cause

TODO

## Resolution

TODO

## References

TODO
"#
    )
}

/// Which of the four sections a sub-heading or bold label belongs to.
fn section_of(label: &str) -> Option<&'static str> {
    let l = label
        .trim()
        .trim_end_matches(':')
        .trim()
        .to_ascii_lowercase();
    match l.as_str() {
        "symptoms" | "symptom" | "signature" | "signatures" | "error" | "errors" | "log"
        | "what you see" => Some("Symptoms"),
        "root cause" | "cause" | "why" | "explanation" | "analysis" => Some("Root cause"),
        "resolution" | "fix" | "fixes" | "workaround" | "workarounds" | "solution"
        | "mitigation" => Some("Resolution"),
        "references" | "refs" | "links" | "see also" | "sources" => Some("References"),
        _ => None,
    }
}

static BOLD_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:[-*]\s+)?\*\*([^*]+?)\*\*\s*:?\s*(.*)$").expect("valid regex")
});
static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"https?://[^\s<>()\[\]"'`]+"#).expect("valid regex"));
static CODE_SPAN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"`([^`]+)`").expect("valid"));
static FIXED_IN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)fixed in ([a-z][a-z0-9_.-]*)\s+v?([0-9][0-9a-z.+]*[0-9a-z])").expect("valid")
});
static REGEX_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(?:[-*]\s+)?(?i:regex(?:es)?)\s*:").expect("valid"));
static ENUMERATOR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:[A-Z]?\d+[.)]|[A-Z][.)])\s+").expect("valid regex"));
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

/// Converts a FINDINGS.md with one `## Title` per entry into finding files.
pub fn import_markdown(markdown: &str) -> Vec<Imported> {
    let mut out: Vec<Imported> = Vec::new();
    let mut used: HashSet<String> = HashSet::new();
    for (heading, lines) in split_entries(markdown) {
        let (title, named) = title_and_id(&heading);
        let mut id = named.unwrap_or_else(|| slug(&title));
        if id.is_empty() {
            id = "finding".into();
        }
        let base = id.clone();
        let mut n = 2;
        while !used.insert(id.clone()) {
            id = format!("{base}_{n}");
            n += 1;
        }
        out.push(convert_entry(&id, &title, &lines));
    }
    // In a document whose entries mostly have labelled parts, one without any is not a finding
    // (an appendix, a table of formats).
    let labelled = out.iter().filter(|e| e.sections_found > 0).count();
    if labelled * 2 >= out.len() {
        for e in out.iter_mut().filter(|e| e.sections_found == 0) {
            e.skip = Some("none of Symptoms, Root cause, Resolution, References".into());
        }
    }
    out
}

/// A heading's title without its enumerator (`A1.`), and the id it names when it starts with
/// one in backticks (`` `cuda_oom_generic` — CUDA out of memory ``).
fn title_and_id(heading: &str) -> (String, Option<String>) {
    let h = ENUMERATOR.replace(heading.trim(), "").to_string();
    let named = h
        .strip_prefix('`')
        .and_then(|r| r.split_once('`'))
        .filter(|(id, _)| valid_id(id));
    let (id, rest) = match named {
        Some((id, rest)) => (Some(id.to_string()), rest),
        None => (None, h.as_str()),
    };
    let rest = rest.trim().trim_start_matches(['—', '–', '-', ':']).trim();
    let title = if rest.is_empty() {
        id.clone().unwrap_or_default()
    } else {
        rest.replace('`', "")
    };
    (title, id)
}

/// Headings outside fenced code: (line index, level, text).
fn headings(lines: &[&str]) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in lines.iter().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let level = line.bytes().take_while(|&b| b == b'#').count();
        if !fenced && (1..=6).contains(&level) && line[level..].starts_with(' ') {
            out.push((i, level, line[level..].trim().to_string()));
        }
    }
    out
}

/// The heading level of entries: 2, unless the level-3 headings are the ones that carry the
/// labelled parts (Symptoms, Root cause...), as in a document of `## Part` groups.
fn entry_level(lines: &[&str], heads: &[(usize, usize, String)]) -> usize {
    // An entry is labelled when its own text (up to the next heading that is not a section
    // name) has a bold label or a sub-heading naming one of the four sections.
    let labelled = |level: usize| {
        heads
            .iter()
            .enumerate()
            .filter(|(_, h)| h.1 == level)
            .filter(|&(k, h)| {
                let next = heads[k + 1..].iter().find(|n| section_of(&n.2).is_none());
                let end = next.map_or(lines.len(), |n| n.0);
                let sub = heads[k + 1..]
                    .iter()
                    .take_while(|n| n.0 < end)
                    .any(|n| n.1 > level);
                sub || lines[h.0 + 1..end].iter().any(|l| {
                    BOLD_LABEL
                        .captures(l)
                        .is_some_and(|c| section_of(&c[1]).is_some())
                })
            })
            .count()
    };
    if labelled(3) > labelled(2) {
        3
    } else {
        2
    }
}

/// The entries of a document: (heading, lines of its body).
fn split_entries(markdown: &str) -> Vec<(String, Vec<&str>)> {
    let lines: Vec<&str> = markdown.lines().collect();
    let heads = headings(&lines);
    let level = entry_level(&lines, &heads);
    let mut entries = Vec::new();
    for (k, (at, l, text)) in heads.iter().enumerate() {
        if *l != level {
            continue;
        }
        let end = heads[k + 1..]
            .iter()
            .find(|n| n.1 <= level)
            .map_or(lines.len(), |n| n.0);
        entries.push((text.clone(), lines[at + 1..end].to_vec()));
    }
    entries
}

/// A file id from a title: lower-case words joined by `_`, at most about 60 characters.
pub fn slug(title: &str) -> String {
    let mut s = String::new();
    for word in title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !s.is_empty() && s.len() + word.len() > 60 {
            break;
        }
        if !s.is_empty() {
            s.push('_');
        }
        s.push_str(&word.to_ascii_lowercase());
    }
    s
}

struct Sections {
    lead: Vec<String>,
    named: Vec<(String, Vec<String>)>,
}

fn split_sections(lines: &[&str], notes: &mut Vec<String>) -> Sections {
    let mut s = Sections {
        lead: Vec::new(),
        named: Vec::new(),
    };
    let mut fenced = false;
    for &line in lines {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        let heading = (!fenced)
            .then(|| line.trim_start().strip_prefix("###"))
            .flatten()
            .map(|h| (h.trim_start_matches('#').trim().to_string(), String::new()));
        let label = if fenced || heading.is_some() {
            heading
        } else {
            BOLD_LABEL
                .captures(line)
                .map(|c| (c[1].to_string(), c[2].to_string()))
        };
        match label {
            Some((name, rest)) => {
                let name = match section_of(&name) {
                    Some(sec) => sec.to_string(),
                    None => {
                        notes.push(format!(
                            "sub-section {name:?} is not one of the four; kept as its own section"
                        ));
                        name
                    }
                };
                let mut body = Vec::new();
                if !rest.trim().is_empty() {
                    body.push(rest.trim().to_string());
                }
                match s.named.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, b)) => b.extend(body),
                    None => s.named.push((name, body)),
                }
            }
            None => match s.named.last_mut() {
                Some((_, b)) => b.push(line.to_string()),
                None => s.lead.push(line.to_string()),
            },
        }
    }
    s
}

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

fn convert_entry(id: &str, title: &str, lines: &[&str]) -> Imported {
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

/// A section's lines without their common indentation (a label's first line, already trimmed,
/// does not count), so nested bullets under a label become a plain list.
fn dedent(lines: &[String]) -> String {
    let indent = |l: &String| l.len() - l.trim_start().len();
    let skip_first = lines.first().is_some_and(|l| indent(l) == 0);
    let common = lines
        .iter()
        .skip(usize::from(skip_first))
        .filter(|l| !l.trim().is_empty())
        .map(indent)
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(common.min(indent(l))..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::parse::parse_finding;

    #[test]
    fn scaffold_is_valid() {
        let p = parse_finding("my_new_thing.md", &scaffold("my_new_thing"));
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    }

    #[test]
    fn slugs() {
        assert_eq!(
            slug("CUDA OOM during `cuda graph` capture!"),
            "cuda_oom_during_cuda_graph_capture"
        );
    }

    #[test]
    fn imports_entries() {
        let md = "# Findings\n\nintro\n\n## NaN probabilities in sampling (sglang)\n\n\
**Symptoms:** the server dies with `probability tensor contains either inf, nan or element < 0`\n\n\
```\nTraceback (most recent call last):\nRuntimeError: CUDA error: device-side assert triggered\n```\n\n\
**Root cause**: bad scales. See https://github.com/sgl-project/sglang/issues/1.\n\n\
**Fix:** fixed in sglang 0.5.9\n\n## Second \"one\"\n\nJust text.\n\n### Environment\nH100\n";
        let out = import_markdown(md);
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].id, "nan_probabilities_in_sampling_sglang");
        let p = parse_finding(&format!("{}.md", out[0].id), &out[0].text);
        assert!(p.errors.is_empty(), "{:?}\n{}", p.errors, out[0].text);
        let f = p.finding.unwrap();
        assert_eq!(
            f.refs,
            vec!["https://github.com/sgl-project/sglang/issues/1"]
        );
        assert_eq!(f.fixed_in, vec!["sglang 0.5.9"]);
        assert_eq!(f.status, "fixed");
        assert_eq!(f.rules.len(), 2);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        let p2 = parse_finding(&format!("{}.md", out[1].id), &out[1].text);
        assert!(p2.errors.is_empty(), "{:?}\n{}", p2.errors, out[1].text);
        assert!(
            out[1].notes.iter().any(|n| n.contains("Environment")),
            "{:?}",
            out[1].notes
        );
        assert!(out[1].notes.iter().any(|n| n.contains("placeholder")));
    }

    #[test]
    fn imports_entries_under_parts() {
        let md = "# KB\n\n## Part A\n\n### A1. `boom_error` — Boom during `decode`\n\n\
* **Signatures** (seen in the wild)\n  - `[2026-01-01 10:00:00 TP0] RuntimeError: boom happened here`\n\
  - regex: `boom \\d+ times`\n  - regex: `(unclosed`\n\
* **Affected**: sglang 0.5\n* **Root cause**: y\n* **Resolution**: z\n* **Refs**: https://x.example/y\n\n\
## Part C\n\n### C1. Formats\n\nA table.\n";
        let out = import_markdown(md);
        assert_eq!(out.len(), 2);
        let e = &out[0];
        assert_eq!(
            (e.id.as_str(), e.title.as_str()),
            ("boom_error", "Boom during decode")
        );
        assert!(e.skip.is_none());
        assert!(out[1].skip.is_some());
        let p = parse_finding("boom_error.md", &e.text);
        assert!(p.errors.is_empty(), "{:?}\n{}", p.errors, e.text);
        let f = p.finding.unwrap();
        let pats: Vec<String> = f.rules.iter().map(|r| format!("{:?}", r.pattern)).collect();
        assert_eq!(
            pats,
            vec![
                "Literal(\"RuntimeError: boom happened here\")",
                "Regex(\"boom \\\\d+ times\")"
            ]
        );
        assert_eq!(f.components, vec!["sglang"]);
        assert!(e.text.contains("## Affected\n\nsglang 0.5"), "{}", e.text);
        assert!(
            e.notes.iter().any(|n| n.contains("(unclosed")),
            "{:?}",
            e.notes
        );
        assert!(
            e.notes.iter().any(|n| n.contains("Affected")),
            "{:?}",
            e.notes
        );
    }
}
