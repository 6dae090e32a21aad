//! Parsing one finding file: the TOML front matter between `+++` lines, its validation, and the
//! markdown body. Every problem is reported (not just the first) as `file: what is wrong`.

use super::render::RenderedHtml;
use super::{Conditions, Finding, Pattern, Rule, RuleKind, VersionCondition};
use crate::analysis::{ERROR_CLASSES, PHASES};
use pep440_rs::{Version, VersionSpecifiers};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::str::FromStr;

/// The sections every finding body should have, in order.
pub const SECTIONS: &[&str] = &["Symptoms", "Root cause", "Resolution", "References"];

/// The severities a finding may have, mildest first.
pub const SEVERITIES: &[&str] = &["info", "low", "medium", "high", "critical"];

/// The statuses a finding may have.
pub const STATUSES: &[&str] = &["open", "workaround", "fixed"];

// Unknown keys are rejected at every level so a typo (`eror_class`) is an error, not a condition
// silently ignored.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    id: String,
    title: String,
    severity: String,
    status: String,
    #[serde(default)]
    informational: bool,
    #[serde(default)]
    components: Vec<String>,
    #[serde(default)]
    refs: Vec<String>,
    #[serde(default)]
    fixed_in: Vec<String>,
    #[serde(default)]
    examples: Vec<String>,
    #[serde(rename = "match")]
    match_: MatchSpec,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchSpec {
    #[serde(default)]
    error_class: Vec<String>,
    #[serde(default)]
    phase: Vec<String>,
    #[serde(default)]
    sm_arch: Vec<String>,
    #[serde(default)]
    framework: Vec<String>,
    any_min: Option<i64>,
    #[serde(default)]
    versions: BTreeMap<String, String>,
    #[serde(default)]
    all: Vec<RuleSpec>,
    #[serde(default)]
    any: Vec<RuleSpec>,
    #[serde(default)]
    not: Vec<RuleSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleSpec {
    name: String,
    regex: Option<String>,
    literal: Option<String>,
    min_count: Option<i64>,
}

/// The result of parsing one file: the finding, or every problem found in it.
pub struct Parsed {
    pub finding: Option<Finding>,
    pub errors: Vec<String>,
    /// Problems that `findings check` rejects but that do not stop the server from loading.
    pub warnings: Vec<String>,
}

/// The id a file must declare: its name without directories and without `.md`.
pub fn file_stem(file: &str) -> &str {
    let name = file.rsplit(['/', '\\']).next().unwrap_or(file);
    name.strip_suffix(".md").unwrap_or(name)
}

/// Whether an id is well formed: `^[a-z0-9_]+$`.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Parses and validates one finding file.
pub fn parse_finding(file: &str, text: &str) -> Parsed {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let Some((toml_text, toml_line, body)) = split_front_matter(text) else {
        errors.push("no front matter: the file must start with a `+++` line and close it with another `+++` line".to_string());
        return Parsed {
            finding: None,
            errors,
            warnings,
        };
    };
    let fm: FrontMatter = match toml::from_str(toml_text) {
        Ok(fm) => fm,
        Err(e) => {
            let at = e
                .span()
                .map(|s| {
                    format!(
                        "line {}: ",
                        toml_line + toml_text[..s.start].matches('\n').count()
                    )
                })
                .unwrap_or_default();
            errors.push(format!("{at}{}", e.message().trim()));
            return Parsed {
                finding: None,
                errors,
                warnings,
            };
        }
    };
    check_meta(file, &fm, &mut errors);
    let conditions = check_conditions(&fm.match_, &mut errors);
    let rules = check_rules(&fm.match_, &mut errors);
    if let Some(n) = fm.match_.any_min {
        let any = fm.match_.any.len() as i64;
        if any == 0 {
            errors.push("match.any_min is set but there are no [[match.any]] rules".into());
        } else if n < 1 || n > any {
            errors.push(format!(
                "match.any_min = {n}, but it must be between 1 and the number of any rules ({any})"
            ));
        }
    }
    for section in SECTIONS {
        if !has_section(body, section) {
            warnings.push(format!("the body has no `## {section}` section"));
        }
    }
    let finding = errors.is_empty().then(|| Finding {
        id: fm.id,
        title: fm.title.trim().to_string(),
        severity: fm.severity,
        status: fm.status,
        informational: fm.informational,
        components: fm.components,
        refs: fm.refs,
        fixed_in: fm.fixed_in,
        examples: fm.examples,
        body: body.to_string(),
        rendered_html: RenderedHtml::new(body),
        conditions,
        rules,
    });
    Parsed {
        finding,
        errors,
        warnings,
    }
}

/// Splits `+++\n<toml>\n+++\n<body>`, returning the TOML, the file line it starts on, and the body.
fn split_front_matter(text: &str) -> Option<(&str, usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_end = text.find('\n')?;
    if text[..first_end].trim_end() != "+++" {
        return None;
    }
    let rest = &text[first_end + 1..];
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "+++" {
            let body = &rest[offset + line.len()..];
            return Some((&rest[..offset], 2, body));
        }
        offset += line.len();
    }
    None
}

fn has_section(body: &str, section: &str) -> bool {
    body.lines().any(|l| {
        l.strip_prefix("## ")
            .is_some_and(|h| h.trim().eq_ignore_ascii_case(section))
    })
}

fn check_meta(file: &str, fm: &FrontMatter, errors: &mut Vec<String>) {
    if !valid_id(&fm.id) {
        errors.push(format!(
            "id {:?} must be lower-case letters, digits and underscores",
            fm.id
        ));
    }
    let stem = file_stem(file);
    if fm.id != stem {
        errors.push(format!(
            "id {:?} must equal the file name without .md ({stem:?})",
            fm.id
        ));
    }
    if fm.title.trim().is_empty() {
        errors.push("title is empty".into());
    }
    if !SEVERITIES.contains(&fm.severity.as_str()) {
        errors.push(format!(
            "severity {:?} is not one of {}",
            fm.severity,
            SEVERITIES.join(", ")
        ));
    }
    if !STATUSES.contains(&fm.status.as_str()) {
        errors.push(format!(
            "status {:?} is not one of {}",
            fm.status,
            STATUSES.join(", ")
        ));
    }
    for fixed in &fm.fixed_in {
        let mut words = fixed.split_whitespace();
        let ok = matches!((words.next(), words.next()), (Some(_), Some(v)) if Version::from_str(v).is_ok());
        if !ok {
            errors.push(format!(
                "fixed_in {fixed:?} must be \"package version\" with a PEP 440 version"
            ));
        }
    }
    for ex in &fm.examples {
        let p = std::path::Path::new(ex);
        let escapes = p
            .components()
            .any(|c| !matches!(c, std::path::Component::Normal(_)));
        if ex.is_empty() || escapes {
            errors.push(format!(
                "example {ex:?} must be a relative path inside the findings directory"
            ));
        }
    }
}

fn check_conditions(m: &MatchSpec, errors: &mut Vec<String>) -> Conditions {
    for c in &m.error_class {
        if !ERROR_CLASSES.contains(&c.as_str()) {
            errors.push(format!(
                "match.error_class {c:?} is not a SPEC error class ({})",
                ERROR_CLASSES.join(", ")
            ));
        }
    }
    for p in &m.phase {
        if !PHASES.contains(&p.as_str()) {
            errors.push(format!(
                "match.phase {p:?} is not a SPEC phase ({})",
                PHASES.join(", ")
            ));
        }
    }
    for a in &m.sm_arch {
        if !valid_arch(a) {
            errors.push(format!(
                "match.sm_arch {a:?} must be `sm_XY` or a prefix ending in `*` (`sm_12*`)"
            ));
        }
    }
    for f in &m.framework {
        if f.trim().is_empty() {
            errors.push("match.framework has an empty entry".into());
        }
    }
    let mut versions = Vec::new();
    for (package, spec) in &m.versions {
        match VersionSpecifiers::from_str(spec) {
            Ok(specifiers) if !specifiers.is_empty() => versions.push(VersionCondition {
                package: package.clone(),
                spec: spec.clone(),
                specifiers,
            }),
            Ok(_) => errors.push(format!("match.versions.{package} is empty")),
            Err(e) => errors.push(format!(
                "match.versions.{package} = {spec:?} is not a PEP 440 specifier: {}",
                first_line(&e.to_string())
            )),
        }
    }
    Conditions {
        error_class: m.error_class.clone(),
        phase: m.phase.clone(),
        sm_arch: m.sm_arch.clone(),
        framework: m.framework.clone(),
        any_min: m.any_min.unwrap_or(1).max(1) as usize,
        versions,
    }
}

fn valid_arch(a: &str) -> bool {
    let Some(rest) = a.strip_prefix("sm_") else {
        return false;
    };
    let (stem, wild) = match rest.strip_suffix('*') {
        Some(s) => (s, true),
        None => (rest, false),
    };
    (wild || !stem.is_empty())
        && stem
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
}

fn check_rules(m: &MatchSpec, errors: &mut Vec<String>) -> Vec<Rule> {
    if m.all.is_empty() && m.any.is_empty() {
        errors.push("match needs at least one [[match.all]] or [[match.any]] rule".into());
    }
    let groups = [
        (RuleKind::All, &m.all),
        (RuleKind::Any, &m.any),
        (RuleKind::Not, &m.not),
    ];
    let mut rules = Vec::new();
    for (kind, specs) in groups {
        for (i, spec) in specs.iter().enumerate() {
            let at = format!("match.{}[{}]", kind.as_str(), i + 1);
            if let Some(rule) = check_rule(&at, kind, spec, errors) {
                if rules.iter().any(|r: &Rule| r.name == rule.name) {
                    errors.push(format!("{at}: rule name {:?} is used twice", rule.name));
                }
                rules.push(rule);
            }
        }
    }
    rules
}

fn check_rule(at: &str, kind: RuleKind, spec: &RuleSpec, errors: &mut Vec<String>) -> Option<Rule> {
    let before = errors.len();
    if spec.name.trim().is_empty() {
        errors.push(format!("{at}: name is empty"));
    }
    let mut fragments = None;
    let pattern = match (&spec.regex, &spec.literal) {
        (Some(re), None) => {
            // Syntax only: compiling is deferred to first use (see `compile`), and `findings
            // check` compiles every regex.
            match regex_syntax::parse(re) {
                Err(e) => errors.push(format!(
                    "{at} ({:?}): regex does not compile: {}",
                    spec.name,
                    regex_error(&e)
                )),
                Ok(hir) if hir.properties().minimum_len() == Some(0) => errors.push(format!(
                    "{at} ({:?}): regex matches the empty string, so it would fire on every line",
                    spec.name
                )),
                Ok(hir) => fragments = super::fragments::hir_fragments(&hir),
            }
            Pattern::Regex(re.clone())
        }
        (None, Some(lit)) => {
            if lit.is_empty() {
                errors.push(format!("{at} ({:?}): literal is empty", spec.name));
            }
            Pattern::Literal(lit.clone())
        }
        _ => {
            errors.push(format!(
                "{at} ({:?}): needs exactly one of `regex` or `literal`",
                spec.name
            ));
            return None;
        }
    };
    let min_count = spec.min_count.unwrap_or(1);
    if !(1..=u32::MAX as i64).contains(&min_count) {
        errors.push(format!(
            "{at} ({:?}): min_count must be at least 1",
            spec.name
        ));
    }
    (errors.len() == before).then(|| Rule {
        kind,
        name: spec.name.trim().to_string(),
        pattern,
        min_count: min_count as u32,
        fragments,
    })
}

/// The first line of a multi-line error message, without a trailing colon.
fn first_line(msg: &str) -> &str {
    msg.lines()
        .next()
        .unwrap_or("")
        .trim()
        .trim_end_matches(':')
}

/// A regex syntax error on one line: what is wrong and where.
fn regex_error(e: &regex_syntax::Error) -> String {
    match e {
        regex_syntax::Error::Parse(e) => {
            format!("{} (at character {})", e.kind(), e.span().start.column)
        }
        regex_syntax::Error::Translate(e) => {
            format!("{} (at character {})", e.kind(), e.span().start.column)
        }
        e => first_line(&e.to_string()).to_string(),
    }
}
