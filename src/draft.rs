//! "Draft a finding": a new finding file (see `findings/README.md`) prefilled from one incident,
//! and the example log that goes with it, ready for review like any other change.
//!
//! Pure: the caller hands in the analysis, the log's lines and what is already taken. The draft
//! is checked the way `crashdex findings check` checks a file ([`check`]): it must parse and
//! validate, and its example log must select it through the whole engine.

use crashdex_core::analysis::class_title;
use crashdex_core::findings::parse::valid_id;
use crashdex_core::lines::Line;
use crashdex_core::{Analysis, FindingsIndex};
use regex::Regex;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::LazyLock;

/// Lines from the top of the log kept in the example (versions, GPUs, server arguments).
const HEAD_LINES: u64 = 40;
/// Lines kept before and after the first error.
const BEFORE: u64 = 30;
const AFTER: u64 = 40;
/// Most key lines turned into `any` rules.
const MAX_KEY_RULES: usize = 3;
/// Longest text a rule is generalised from (rules are unanchored, so a prefix is enough).
const RULE_SOURCE_CHARS: usize = 160;
/// Shortest first sentence a rule is cut to.
const MIN_SENTENCE: usize = 24;

/// What a draft is made from.
#[derive(Debug)]
pub struct DraftInput<'a> {
    pub incident_id: i64,
    pub analysis: &'a Analysis,
    /// The log's lines (or at least the first lines, the first error and its surroundings).
    pub lines: &'a [Line],
    /// A resolution note already written for the incident's problem, to prefill the section.
    pub resolution: Option<&'a str>,
}

/// A drafted finding and its example.
#[derive(Debug, Clone)]
pub struct Draft {
    pub id: String,
    /// `findings/<id>.md`.
    pub file_name: String,
    pub text: String,
    /// `findings/examples/<id>.log`.
    pub example_name: String,
    pub example: String,
}

/// How much of the incident a draft keeps; looser shapes are tried when a strict one fails.
#[derive(Debug, Clone, Copy)]
struct Shape {
    key_rules: bool,
    phase: bool,
    whole_log: bool,
}

/// Drafts a finding from an incident and checks it; when the first shape does not pass, looser
/// ones are tried (no key-line rules, no phase condition, the whole log as the example). Returns
/// the draft and the check's outcome (`Err`: why `findings check` would reject it).
pub fn draft(input: &DraftInput<'_>, taken: impl Fn(&str) -> bool) -> (Draft, Result<(), String>) {
    let id = unique_id(
        &slug(&input.analysis.error_class, &input.analysis.signature),
        taken,
    );
    let shapes = [
        (true, true, false),
        (false, true, false),
        (false, false, false),
        (true, true, true),
        (false, false, true),
    ];
    let mut last = None;
    for (key_rules, phase, whole_log) in shapes {
        let shape = Shape {
            key_rules,
            phase,
            whole_log,
        };
        let d = build(input, &id, shape);
        let outcome = check(&d);
        if outcome.is_ok() {
            return (d, outcome);
        }
        last = Some((d, outcome));
    }
    last.unwrap_or_else(|| {
        let d = build(
            input,
            &id,
            Shape {
                key_rules: false,
                phase: false,
                whole_log: true,
            },
        );
        let outcome = check(&d);
        (d, outcome)
    })
}

/// Validates a draft as `crashdex findings check` does: the file parses and validates with no
/// warnings, and its example log, run through the whole engine, selects it.
pub fn check(d: &Draft) -> Result<(), String> {
    let index = FindingsIndex::from_sources(&[(d.file_name.clone(), d.text.clone())]).map_err(
        |errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        },
    )?;
    if let Some(w) = index.warnings().first() {
        return Err(w.clone());
    }
    let analysis = crashdex_core::analyze(d.example.as_bytes(), &index);
    match analysis.matches.first() {
        Some(m) if m.finding == d.id => Ok(()),
        _ => Err(format!(
            "the example log does not select the draft (it reads as {} in phase {})",
            analysis.error_class, analysis.phase
        )),
    }
}

fn build(input: &DraftInput<'_>, id: &str, shape: Shape) -> Draft {
    let a = input.analysis;
    let first_line = a.first_error.as_ref().map(|f| f.line);
    let text_of = |n: u64| {
        input
            .lines
            .iter()
            .find(|l| l.number == n)
            .map(|l| l.text.trim())
    };
    let first_text = first_line.and_then(text_of).unwrap_or("");
    let example_name = format!("examples/{id}.log");
    let mut t = String::from("+++\n");
    let _ = writeln!(t, "id = {}", toml_str(id));
    let _ = writeln!(t, "title = {}", toml_str(&title(a)));
    t.push_str("severity = \"high\"               # info | low | medium | high | critical\n");
    t.push_str("status = \"open\"                 # open | workaround | fixed\n");
    t.push_str("informational = false\n");
    let _ = writeln!(t, "components = {}", toml_list(a.env.framework.iter()));
    t.push_str("refs = []                        # issue and pull-request URLs\n");
    t.push_str("fixed_in = []                    # \"package version\", e.g. \"sglang 0.5.9\"\n");
    let _ = writeln!(t, "examples = {}", toml_list([&example_name]));
    t.push_str("\n[match]\n");
    let _ = writeln!(t, "error_class = {}", toml_list([&a.error_class]));
    if shape.phase && a.phase != "unknown" {
        let _ = writeln!(t, "phase = {}", toml_list([&a.phase]));
    }
    if let Some(arch) = &a.env.sm_arch {
        let _ = writeln!(
            t,
            "sm_arch = {}              # widen to a family (\"sm_12*\") if it is not one GPU",
            toml_list([arch])
        );
    }
    if let Some(fw) = &a.env.framework {
        let _ = writeln!(t, "framework = {}", toml_list([fw]));
    }
    if let (Some(fw), Some(v)) = (&a.env.framework, &a.env.framework_version) {
        let _ = writeln!(
            t,
            "\n# Affected versions, once known:\n# [match.versions]\n# {fw} = {}",
            toml_str(&format!(">={v}"))
        );
    }
    let first_rule = generalize(first_text);
    let _ = write!(
        t,
        "\n[[match.all]]\nname = \"first error\"\nregex = {}\n",
        toml_str(&first_rule)
    );
    if shape.key_rules {
        for (i, rule) in key_rules(input, &first_rule).iter().enumerate() {
            let _ = write!(
                t,
                "\n[[match.any]]\nname = \"key line {}\"\nregex = {}\n",
                i + 1,
                toml_str(rule)
            );
        }
    }
    t.push_str("+++\n\n");
    body(&mut t, input, first_text);
    Draft {
        file_name: format!("{id}.md"),
        id: id.to_string(),
        text: t,
        example: example(input, shape.whole_log),
        example_name,
    }
}

fn body(t: &mut String, input: &DraftInput<'_>, first_text: &str) {
    let a = input.analysis;
    let _ = write!(
        t,
        "## Symptoms\n\n{}. Drafted from crashdex incident #{}; the first error:\n\n{}\n",
        a.verdict().trim_end_matches('.'),
        input.incident_id,
        fenced(first_text)
    );
    t.push_str("\n## Root cause\n\nTODO: why it happens.\n\n## Resolution\n\n");
    match input.resolution {
        Some(note) => {
            t.push_str(note.trim());
            t.push('\n');
        }
        None => t.push_str("TODO: what fixes it, or the workaround.\n"),
    }
    let _ = write!(
        t,
        "\n## References\n\n- crashdex incident #{} (signature `{}`)\n",
        input.incident_id,
        a.signature.replace('`', "'")
    );
}

/// Up to [`MAX_KEY_RULES`] distinct generalised key lines other than the first error.
fn key_rules(input: &DraftInput<'_>, first_rule: &str) -> Vec<String> {
    let first = input.analysis.first_error.as_ref().map(|f| f.line);
    let mut seen = BTreeSet::from([first_rule.to_string()]);
    let mut out = Vec::new();
    for n in &input.analysis.key_lines {
        if Some(*n) == first || out.len() >= MAX_KEY_RULES {
            continue;
        }
        let Some(line) = input.lines.iter().find(|l| l.number == *n) else {
            continue;
        };
        let text = line.text.trim();
        if text.chars().count() < 12 || text.starts_with("File \"") {
            continue;
        }
        let rule = generalize(text);
        if seen.insert(rule.clone()) {
            out.push(rule);
        }
    }
    out
}

/// The example log: the head of the log, the first error with its surroundings and the key
/// lines, verbatim (or the whole log).
fn example(input: &DraftInput<'_>, whole: bool) -> String {
    let a = input.analysis;
    let first = a.first_error.as_ref().map_or(0, |f| f.line);
    let keys: BTreeSet<u64> = a.key_lines.iter().copied().collect();
    let mut out = String::new();
    for l in input.lines {
        let n = l.number;
        let keep = whole
            || n <= HEAD_LINES
            || (n + BEFORE >= first && n <= first + AFTER)
            || keys.contains(&n);
        if keep {
            out.push_str(&l.raw);
            out.push('\n');
        }
    }
    out
}

/// The title: the signature's class in words and its message, without the phase suffix.
fn title(a: &Analysis) -> String {
    let sig = a.signature.trim();
    let msg = sig
        .strip_prefix(&format!("{}: ", a.error_class))
        .unwrap_or(sig);
    let msg = match msg.rfind(" [") {
        Some(i) if msg.ends_with(']') => &msg[..i],
        _ => msg,
    };
    let t = format!("{}: {}", class_title(&a.error_class), msg.trim());
    t.chars().take(140).collect()
}

/// Words left out of ids: placeholders of normalised messages and small words.
const SLUG_SKIP: &[&str] = &[
    "hex", "a", "an", "and", "at", "by", "for", "in", "is", "of", "on", "or", "the", "to", "was",
    "with",
];

/// A finding id from the class and the first words of the signature's message (words of the
/// class itself left out).
pub fn slug(class: &str, signature: &str) -> String {
    let msg = signature
        .strip_prefix(&format!("{class}: "))
        .unwrap_or(signature);
    let msg = msg.split(" [").next().unwrap_or(msg);
    let class = class.to_ascii_lowercase();
    let mut words: Vec<String> = vec![class.clone()];
    for w in msg.split(|c: char| !c.is_ascii_alphanumeric()) {
        let w = w.to_ascii_lowercase();
        let filler = SLUG_SKIP.contains(&w.as_str()) || class.split('_').any(|c| c == w);
        if w.len() < 2 || filler || w.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        if words.contains(&w) {
            continue;
        }
        words.push(w);
        if words.len() >= 6 {
            break;
        }
    }
    let mut s = words.join("_");
    s.truncate(60);
    let s = s.trim_matches('_').to_string();
    if valid_id(&s) {
        s
    } else {
        "draft_finding".to_string()
    }
}

fn unique_id(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|n| format!("{base}_{n}"))
        .find(|id| !taken(id))
        .unwrap_or_else(|| base.to_string())
}

static VOLATILE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?P<uuid>\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b)",
        r"|(?P<hex>\b0x[0-9a-fA-F]+)",
        r"|(?P<longhex>\b[0-9a-f]{12,}\b)",
        r"|(?P<path>(?:/[\w.+@\-]+){2,})",
        r"|(?P<size>\b\d+(?:\.\d+)? ?(?:[KMGT]i?B|bytes)\b)",
        r"|(?P<num>\b\d+(?:\.\d+)*)"
    ))
    .expect("valid regex")
});

static DIGITS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d+").expect("valid regex"));

/// A regex (Rust syntax) that matches `text` and the same line with other values: the text is
/// cut to a prefix, escaped, and its volatile tokens (numbers, hex, addresses, UUIDs, directory
/// paths) replaced by patterns (`\d+`, `0x[0-9a-fA-F]+`, ...).
pub fn generalize(text: &str) -> String {
    let text = cut(text.trim(), RULE_SOURCE_CHARS);
    let mut out = String::new();
    let mut last = 0;
    for c in VOLATILE.captures_iter(text) {
        let Some(m) = c.get(0) else { continue };
        out.push_str(&regex::escape(&text[last..m.start()]));
        last = m.end();
        if c.name("uuid").is_some() {
            out.push_str(r"[0-9a-fA-F-]{36}");
        } else if c.name("hex").is_some() {
            out.push_str(r"0x[0-9a-fA-F]+");
        } else if c.name("longhex").is_some() {
            out.push_str(r"[0-9a-f]+");
        } else if c.name("path").is_some() {
            let base = m.as_str().rsplit('/').next().unwrap_or("");
            out.push_str(r"\S*/");
            out.push_str(&DIGITS.replace_all(&regex::escape(base), r"\d+"));
        } else if c.name("size").is_some() {
            // a size: the number and the unit vary together (20.00 MiB, 1.50 GiB)
            out.push_str(r"\d+(?:\.\d+)? ?(?:[KMGT]i?B|bytes)");
        } else if m.as_str().contains('.') {
            out.push_str(r"\d+(?:\.\d+)*");
        } else {
            out.push_str(r"\d+");
        }
    }
    out.push_str(&regex::escape(&text[last..]));
    out
}

/// The first sentence of `s` (when it ends after [`MIN_SENTENCE`] characters: the tail of a
/// long report carries measurements that change), and at most `max` characters of it, cut at a
/// space.
fn cut(s: &str, max: usize) -> &str {
    let s = match s.match_indices(". ").find(|(i, _)| *i >= MIN_SENTENCE) {
        Some((i, _)) => &s[..=i],
        None => s,
    };
    match s.char_indices().nth(max) {
        None => s,
        Some((i, _)) => s[..i].rfind(' ').map_or(&s[..i], |j| s[..j].trim_end()),
    }
}

/// A TOML string: a literal string when it can be one (regexes stay readable), else a basic one.
fn toml_str(s: &str) -> String {
    if !s.contains('\'') && !s.chars().any(char::is_control) {
        return format!("'{s}'");
    }
    let mut out = String::from("\"");
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

fn toml_list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let items: Vec<String> = items.into_iter().map(|s| toml_str(s.as_ref())).collect();
    format!("[{}]", items.join(", "))
}

/// A fenced code block around `text`, with a fence longer than any backtick run inside it.
fn fenced(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}text\n{text}\n{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crashdex_core::lines::read_bytes;

    const LOG: &str = "\
sglang version 0.5.8.post1
GPU 0: NVIDIA RTX PRO 6000 Blackwell (sm_120)
Loading model weights
/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1515: indexSelectSmallIndex: block: [0,0,0], thread: [0,0,0] Assertion `srcIndex < srcSelectDimSize` failed.
Traceback (most recent call last):
  File \"/work/repro.py\", line 12, in <module>
    out = emb(ids).sum().item()
torch.AcceleratorError: CUDA error: device-side assert triggered
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
";

    #[test]
    fn generalizes_volatile_tokens() {
        let re = generalize(
            "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1515: block: [0,0,0] at 0x7f6c9e77305d",
        );
        assert_eq!(
            re,
            r"\S*/Indexing\.cu:\d+: block: \[\d+,\d+,\d+\] at 0x[0-9a-fA-F]+"
        );
        let r = Regex::new(&re).unwrap();
        assert!(r.is_match("/opt/torch/aten/cuda/Indexing.cu:99: block: [1,2,3] at 0xdead"));
        assert_eq!(
            generalize("Tried to allocate 20.00 MiB on sm_120 after 3.5 s"),
            r"Tried to allocate \d+(?:\.\d+)? ?(?:[KMGT]i?B|bytes) on sm_120 after \d+(?:\.\d+)* s"
        );
        // the first sentence of a long report
        assert_eq!(
            generalize(
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB. GPU 0"
            ),
            r"torch\.OutOfMemoryError: CUDA out of memory\."
        );
        assert_eq!(
            generalize("Error. Short. Then more"),
            r"Error\. Short\. Then more"
        );
        assert_eq!(generalize("a (b) * c?"), r"a \(b\) \* c\?");
        let long = "word ".repeat(100);
        assert!(generalize(&long).len() <= RULE_SOURCE_CHARS);
    }

    #[test]
    fn slugs_are_valid_ids() {
        assert_eq!(
            slug(
                "cuda_device_side_assert",
                "cuda_device_side_assert: CUDA error: device-side assert triggered [decode]"
            ),
            "cuda_device_side_assert_error_triggered"
        );
        assert_eq!(slug("none", "no crash"), "none_no_crash");
        assert_eq!(
            slug(
                "cuda_oom",
                "cuda_oom: CUDA out of memory. Tried to allocate N MiB."
            ),
            "cuda_oom_out_memory_tried_allocate_mib"
        );
        assert_eq!(unique_id("a", |id| id == "a" || id == "a_2"), "a_3");
    }

    #[test]
    fn toml_strings() {
        assert_eq!(toml_str(r"a\d"), r"'a\d'");
        assert_eq!(toml_str("it's \"x\"\\"), r#""it's \"x\"\\""#);
    }

    #[test]
    fn draft_passes_the_findings_check() {
        let index = FindingsIndex::empty();
        let analysis = crashdex_core::analyze(LOG.as_bytes(), &index);
        assert!(analysis.crash);
        let lines = read_bytes(LOG.as_bytes());
        let input = DraftInput {
            incident_id: 7,
            analysis: &analysis,
            lines: &lines,
            resolution: Some("Check the tokenizer and vocab_size."),
        };
        let (d, outcome) = draft(&input, |_| false);
        assert_eq!(outcome, Ok(()), "{}", d.text);
        assert_eq!(d.file_name, format!("{}.md", d.id));
        assert!(d.text.contains("[[match.all]]"));
        assert!(d.text.contains("Check the tokenizer"));
        assert!(d.text.contains("## Root cause"));
        assert!(d.example.contains("srcIndex < srcSelectDimSize"));
    }
}
