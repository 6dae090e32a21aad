//! Writing finding files from text: the scaffold of `crashdex findings new`, and the best-effort
//! conversion of a single FINDINGS.md (one `## Title` per entry) used by `crashdex findings import`.
//!
//! Pure: the caller reads and writes the files. The conversion never guesses silently: whatever it
//! could not map is listed in the entry's notes, and the literal rules it lifts from the symptoms
//! are meant to be reviewed.

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
        "symptoms" | "symptom" | "signature" | "error" | "errors" | "log" | "what you see" => {
            Some("Symptoms")
        }
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
static ERRORISH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)error|fail|assert|exception|fatal|abort|killed|timeout|timed out|not supported|out of memory|illegal|invalid")
        .expect("valid regex")
});

/// Converts a FINDINGS.md with one `## Title` per entry into finding files.
pub fn import_markdown(markdown: &str) -> Vec<Imported> {
    let mut out: Vec<Imported> = Vec::new();
    let mut used: HashSet<String> = HashSet::new();
    for (title, lines) in split_entries(markdown) {
        let mut id = slug(&title);
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
    out
}

/// The `##` entries of a document, outside fenced code.
fn split_entries(markdown: &str) -> Vec<(String, Vec<&str>)> {
    let mut entries: Vec<(String, Vec<&str>)> = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if !fenced {
            if let Some(h) = line.strip_prefix("## ") {
                entries.push((h.trim().trim_matches('#').trim().to_string(), Vec::new()));
                continue;
            }
        }
        if let Some(e) = entries.last_mut() {
            e.1.push(line);
        }
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
                .filter(|c| section_of(&c[1]).is_some())
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

/// Verbatim strings under Symptoms: code spans, and the error-like lines of fenced blocks.
fn symptom_literals(symptoms: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut fenced = false;
    let mut block: Vec<&str> = Vec::new();
    let push = |s: &str, out: &mut Vec<String>| {
        let s = s.trim();
        if s.len() >= 8 && !out.iter().any(|o| o == s) && out.len() < 6 {
            out.push(s.to_string());
        }
    };
    for line in symptoms {
        if line.trim_start().starts_with("```") {
            if fenced {
                let picked: Vec<&str> = block
                    .iter()
                    .copied()
                    .filter(|l| ERRORISH.is_match(l))
                    .collect();
                let picked = if picked.is_empty() {
                    block.iter().take(1).copied().collect()
                } else {
                    picked
                };
                for l in picked {
                    push(l, &mut out);
                }
                block.clear();
            }
            fenced = !fenced;
            continue;
        }
        if fenced {
            if !line.trim().is_empty() {
                block.push(line);
            }
        } else {
            for c in CODE_SPAN.captures_iter(line) {
                push(&c[1], &mut out);
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
    let literals = get("Symptoms")
        .map(|s| symptom_literals(s))
        .unwrap_or_default();
    for sec in super::parse::SECTIONS {
        if get(sec).is_none() {
            notes.push(format!(
                "no {sec:?} section found; an empty one was written"
            ));
        }
    }
    if literals.is_empty() {
        notes.push("no verbatim symptom text (code spans or fenced lines) under Symptoms; a placeholder rule was written".into());
    } else {
        notes.push(format!(
            "{} literal rule(s) lifted from Symptoms; review them and add error_class/phase conditions",
            literals.len()
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
        "components = []\nrefs = [{}]\nfixed_in = [{}]\nexamples = []\n",
        list(&refs),
        list(&fixed_in)
    );
    t.push_str("[match]\n");
    let group = if literals.len() > 1 { "any" } else { "all" };
    if literals.is_empty() {
        t.push_str("\n[[match.all]]\nname = \"main error\"\nliteral = \"TODO: paste the verbatim error text\"\n");
    }
    for (i, lit) in literals.iter().enumerate() {
        let _ = write!(
            t,
            "\n[[match.{group}]]\nname = \"symptom {}\"\nliteral = {}\n",
            i + 1,
            toml_str(lit)
        );
    }
    t.push_str("+++\n");
    let lead = sections.lead.join("\n");
    if !lead.trim().is_empty() {
        let _ = write!(t, "\n{}\n", lead.trim());
    }
    let mut names: Vec<&str> = super::parse::SECTIONS.to_vec();
    names.extend(
        sections
            .named
            .iter()
            .map(|(n, _)| n.as_str())
            .filter(|n| !names_contains(n)),
    );
    for name in names {
        let body = get(name).map(|b| b.join("\n")).unwrap_or_default();
        let _ = write!(t, "\n## {name}\n\n{}\n", body.trim());
    }
    Imported {
        id: id.to_string(),
        title: title.to_string(),
        text: t,
        notes,
    }
}

fn names_contains(n: &str) -> bool {
    super::parse::SECTIONS.contains(&n)
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
}
