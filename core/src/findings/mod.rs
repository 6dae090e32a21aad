//! The findings knowledge base: parsing `findings/<id>.md` (TOML front matter + markdown) into
//! [`Finding`]s, rendering their markdown safely, and the compiled [`FindingsIndex`].
//!
//! Pure: file access lives in the application (`src/findings_dir.rs`), which hands text here.
//! The file format is described in `findings/README.md`.
//!
//! - [`parse`]: one file's front matter and body, validated (every problem reported);
//! - [`render`]: the body to sanitised HTML;
//! - [`fragments`] and [`compile`]: all rules of all findings compiled once into a literal
//!   prefilter plus lazily built regexes, which [`crate::matching`] runs over a log;
//! - [`conditions`]: class, phase, GPU, framework and version conditions against an analysis;
//! - [`mod@scaffold`] and [`import`]: new files for `crashdex findings new|import`.

pub mod compile;
pub mod conditions;
pub mod fragments;
pub mod import;
pub mod parse;
pub mod render;
pub mod scaffold;

pub use import::{import_markdown, Imported};
pub use render::{render_markdown, RenderedHtml};
pub use scaffold::scaffold;

use compile::RuleSet;
use pep440_rs::VersionSpecifiers;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// Why a finding file was rejected.
#[derive(Debug, thiserror::Error)]
pub enum FindingError {
    /// The file (first field) has a problem (second field).
    #[error("{0}: {1}")]
    Invalid(String, String),
}

/// One knowledge-base entry.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub id: String,
    pub title: String,
    pub severity: String,
    pub status: String,
    pub informational: bool,
    pub components: Vec<String>,
    pub refs: Vec<String>,
    pub fixed_in: Vec<String>,
    pub examples: Vec<String>,
    /// The markdown body as written.
    pub body: String,
    /// The body rendered to HTML with raw HTML removed; the only finding text marked safe in pages.
    pub rendered_html: RenderedHtml,
    /// The conditions on the analysis (`[match]` fields other than the rules).
    pub conditions: Conditions,
    /// The symptom rules, `all` rules first, then `any`, then `not`, each in file order.
    pub rules: Vec<Rule>,
}

impl Finding {
    /// When the finding applies, in plain words, one sentence per condition or rule group
    /// (for the finding's page).
    pub fn conditions_in_words(&self) -> Vec<String> {
        let c = &self.conditions;
        let list = |v: &[String]| v.join(", ");
        let mut out = Vec::new();
        if !c.error_class.is_empty() {
            out.push(format!("The error class is {}.", list(&c.error_class)));
        }
        if !c.phase.is_empty() {
            out.push(format!("It happens during {}.", list(&c.phase)));
        }
        if !c.sm_arch.is_empty() {
            out.push(format!(
                "The GPU architecture is {} (an unknown architecture does not exclude it).",
                list(&c.sm_arch)
            ));
        }
        if !c.framework.is_empty() {
            out.push(format!("The framework is {}.", list(&c.framework)));
        }
        for v in &c.versions {
            out.push(format!(
                "{} is in {} (an unknown version does not exclude it).",
                v.package, v.spec
            ));
        }
        let describe = |r: &Rule| {
            let what = match &r.pattern {
                Pattern::Regex(p) => format!("a line matches /{p}/"),
                Pattern::Literal(l) => format!("a line contains \u{201c}{l}\u{201d}"),
            };
            let count = if r.min_count > 1 {
                format!(" (at least {} lines)", r.min_count)
            } else {
                String::new()
            };
            format!("{}: {what}{count}", r.name)
        };
        let group = |kind: RuleKind| -> Vec<String> {
            self.rules
                .iter()
                .filter(|r| r.kind == kind)
                .map(describe)
                .collect()
        };
        let all = group(RuleKind::All);
        let any = group(RuleKind::Any);
        let not = group(RuleKind::Not);
        if !all.is_empty() {
            out.push(format!("All of: {}.", all.join("; ")));
        }
        if !any.is_empty() {
            let n = c.any_min.max(1);
            let head = if n == 1 {
                "At least one of".to_string()
            } else {
                format!("At least {n} of")
            };
            out.push(format!("{head}: {}.", any.join("; ")));
        }
        if !not.is_empty() {
            out.push(format!("None of: {}.", not.join("; ")));
        }
        out
    }
}

/// Conditions a finding puts on the analysis; an empty list means "any value".
#[derive(Debug, Clone, Default, Serialize)]
pub struct Conditions {
    pub error_class: Vec<String>,
    pub phase: Vec<String>,
    /// Exact architectures (`sm_120`) or prefixes ending in `*` (`sm_12*`).
    pub sm_arch: Vec<String>,
    pub framework: Vec<String>,
    /// How many `any` rules must fire (1 when not given).
    pub any_min: usize,
    /// Affected version ranges, one per package, in package order.
    pub versions: Vec<VersionCondition>,
}

/// An affected version range of one package.
#[derive(Debug, Clone, Serialize)]
pub struct VersionCondition {
    pub package: String,
    /// The specifier as written (`>=0.5.6, <0.5.9`).
    pub spec: String,
    #[serde(skip)]
    pub specifiers: VersionSpecifiers,
}

/// Which group a symptom rule belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleKind {
    /// Must fire.
    All,
    /// At least `any_min` of these must fire.
    Any,
    /// Must not fire.
    Not,
}

impl RuleKind {
    /// The TOML name of the group (`all`, `any`, `not`).
    pub fn as_str(self) -> &'static str {
        match self {
            RuleKind::All => "all",
            RuleKind::Any => "any",
            RuleKind::Not => "not",
        }
    }
}

/// What a rule looks for in a line's text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pattern {
    /// A Rust regex (case-sensitive unless it starts with `(?i)`).
    Regex(String),
    /// A plain substring.
    Literal(String),
}

/// One symptom rule.
#[derive(Debug, Clone, Serialize)]
pub struct Rule {
    pub kind: RuleKind,
    pub name: String,
    pub pattern: Pattern,
    /// How many lines must match for the rule to fire.
    pub min_count: u32,
    /// For a regex, literal fragments one of which every match contains (`None`: no useful
    /// set), worked out from the parse that checked it, so compiling need not parse it again.
    #[serde(skip)]
    pub fragments: Option<Vec<Vec<u8>>>,
}

/// Two findings whose symptom rules are identical, so only conditions can tell them apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub a: String,
    pub b: String,
    /// True when their conditions are identical too: the two can never be told apart.
    pub same_conditions: bool,
}

/// All findings, with their symptom rules compiled once.
#[derive(Debug, Default)]
pub struct FindingsIndex {
    findings: Vec<Finding>,
    rules: RuleSet,
    warnings: Vec<String>,
}

impl FindingsIndex {
    /// An index with no findings.
    pub fn empty() -> Self {
        Self::default()
    }

    /// Builds the index from `(file name, text)` pairs; any invalid file fails the whole load,
    /// with every problem of every file reported.
    pub fn from_sources(sources: &[(String, String)]) -> Result<Self, Vec<FindingError>> {
        let mut errors = Vec::new();
        let mut warnings = Vec::new();
        let mut findings = Vec::new();
        let mut files: HashMap<String, &str> = HashMap::new();
        for (file, text) in sources {
            let parsed = parse::parse_finding(file, text);
            errors.extend(
                parsed
                    .errors
                    .into_iter()
                    .map(|e| FindingError::Invalid(file.clone(), e)),
            );
            warnings.extend(parsed.warnings.into_iter().map(|w| format!("{file}: {w}")));
            if let Some(f) = parsed.finding {
                if let Some(other) = files.insert(f.id.clone(), file) {
                    errors.push(FindingError::Invalid(
                        file.clone(),
                        format!("id {:?} is also used by {other}", f.id),
                    ));
                } else {
                    findings.push(f);
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        findings.sort_by(|a, b| a.id.cmp(&b.id));
        let rules = RuleSet::compile(&findings);
        Ok(FindingsIndex {
            findings,
            rules,
            warnings,
        })
    }

    /// The findings, in id order.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// A finding by id.
    pub fn get(&self, id: &str) -> Option<&Finding> {
        self.findings
            .binary_search_by(|f| f.id.as_str().cmp(id))
            .ok()
            .map(|i| &self.findings[i])
    }

    /// Problems that do not stop loading but that `findings check` rejects (missing sections),
    /// each as `file: what is wrong`.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The compiled rules, for the matcher.
    pub fn rule_set(&self) -> &RuleSet {
        &self.rules
    }

    /// Compiles every regex now and reports those that do not compile (too big once compiled;
    /// loading only checked their syntax), as `id: rule: what is wrong`.
    pub fn regex_errors(&self) -> Vec<String> {
        let bad: HashMap<compile::PatternId, String> =
            self.rules.compile_all().into_iter().collect();
        let mut out = Vec::new();
        for (fi, f) in self.findings.iter().enumerate() {
            for (ri, r) in f.rules.iter().enumerate() {
                if let Some(e) = bad.get(&self.rules.rule_pattern(fi, ri)) {
                    out.push(format!(
                        "{}: rule {:?}: regex does not compile: {e}",
                        f.id, r.name
                    ));
                }
            }
        }
        out
    }

    /// Pairs of findings with identical symptom rules (names ignored), in id order.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut groups: BTreeMap<RuleKey, Vec<&Finding>> = BTreeMap::new();
        for f in &self.findings {
            groups.entry(rule_key(f)).or_default().push(f);
        }
        let mut out = Vec::new();
        for group in groups.values() {
            for (i, a) in group.iter().enumerate() {
                for b in &group[i + 1..] {
                    out.push(Conflict {
                        a: a.id.clone(),
                        b: b.id.clone(),
                        same_conditions: condition_key(a) == condition_key(b),
                    });
                }
            }
        }
        out.sort_by(|x, y| (&x.a, &x.b).cmp(&(&y.a, &y.b)));
        out
    }
}

type RuleKey = (usize, Vec<(RuleKind, Pattern, u32)>);

fn rule_key(f: &Finding) -> RuleKey {
    let mut rules: Vec<_> = f
        .rules
        .iter()
        .map(|r| (r.kind, r.pattern.clone(), r.min_count))
        .collect();
    rules.sort();
    (f.conditions.any_min, rules)
}

fn condition_key(f: &Finding) -> Vec<Vec<String>> {
    let c = &f.conditions;
    let sorted = |v: &[String]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    let versions = c
        .versions
        .iter()
        .map(|v| format!("{} {}", v.package, v.specifiers))
        .collect::<Vec<_>>();
    vec![
        sorted(&c.error_class),
        sorted(&c.phase),
        sorted(&c.sm_arch),
        sorted(&c.framework),
        versions,
    ]
}
