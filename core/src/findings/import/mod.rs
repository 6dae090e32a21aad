//! The best-effort conversion of a single FINDINGS.md (one `## Title` per entry, or one
//! `### Title` per entry under `##` parts) into finding files, for `crashdex findings import`:
//! splitting the document into entries and each entry into its labelled parts (`entry.rs` writes
//! the file).
//!
//! Pure: the caller reads and writes the files. The conversion never guesses silently: whatever it
//! could not map is listed in the entry's notes, and the literal rules it lifts from the symptoms
//! are meant to be reviewed.

mod entry;

use super::parse::valid_id;
use entry::convert_entry;
use regex::Regex;
use std::collections::HashSet;
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

/// Which of the four sections a sub-heading or bold label belongs to.
pub(super) fn section_of(label: &str) -> Option<&'static str> {
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
static ENUMERATOR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:[A-Z]?\d+[.)]|[A-Z][.)])\s+").expect("valid regex"));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::parse::parse_finding;

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
