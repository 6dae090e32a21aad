//! The conditions of a finding (`error_class`, `phase`, `sm_arch`, `framework`, `versions`)
//! checked against an analysis. A value the log does not show never vetoes: it is reported as
//! unknown, and the match is less certain.

use super::{Conditions, VersionCondition};
use crate::analysis::Analysis;
use pep440_rs::{Operator, Version};
use std::str::FromStr;

/// How the conditions of a finding fare against an analysis.
#[derive(Default)]
pub struct ConditionReport {
    /// Conditions positively confirmed, in words.
    pub confirmed: Vec<String>,
    /// Conditions the analysis contradicts, in words.
    pub vetoes: Vec<String>,
    /// Conditions that could not be checked.
    pub unknown: Vec<String>,
}

impl Conditions {
    /// Checks the conditions against an analysis: what holds, what contradicts, what is unknown.
    pub fn check(&self, a: &Analysis) -> ConditionReport {
        let c = self;
        let mut out = ConditionReport::default();
        if !c.error_class.is_empty() {
            if c.error_class.contains(&a.error_class) {
                out.confirmed.push(format!("class {}", a.error_class));
            } else {
                out.vetoes.push(format!(
                    "the error class is {}, not {}",
                    a.error_class,
                    c.error_class.join(" or ")
                ));
            }
        }
        if !c.phase.is_empty() {
            if c.phase.contains(&a.phase) {
                out.confirmed.push(format!("phase {}", a.phase));
            } else if a.phase == "unknown" {
                out.unknown.push("phase unknown".into());
            } else {
                out.vetoes.push(format!(
                    "the phase is {}, not {}",
                    a.phase,
                    c.phase.join(" or ")
                ));
            }
        }
        if !c.sm_arch.is_empty() {
            match a.env.sm_arch.as_deref() {
                None => out.unknown.push("GPU architecture unknown".into()),
                Some(arch) => match c.sm_arch.iter().find(|p| arch_matches(p, arch)) {
                    Some(p) if p.as_str() == arch => out.confirmed.push(format!("GPU {arch}")),
                    Some(p) => out.confirmed.push(format!("{arch} is in {p}")),
                    None => out
                        .vetoes
                        .push(format!("the GPU is {arch}, not {}", c.sm_arch.join(" or "))),
                },
            }
        }
        if !c.framework.is_empty() {
            match a.env.framework.as_deref() {
                None => out.unknown.push("framework unknown".into()),
                Some(fw) if c.framework.iter().any(|x| x.eq_ignore_ascii_case(fw)) => {
                    out.confirmed.push(format!("framework {fw}"))
                }
                Some(fw) => out.vetoes.push(format!(
                    "the framework is {fw}, not {}",
                    c.framework.join(" or ")
                )),
            }
        }
        for vc in &c.versions {
            match installed(a, &vc.package) {
                None => out.unknown.push(format!("{} version unknown", vc.package)),
                Some((shown, v)) if vc.specifiers.contains(&v) => out
                    .confirmed
                    .push(format!("{} {shown} is in {}", vc.package, vc.spec)),
                Some((shown, v)) => out.vetoes.push(version_veto(vc, shown, &v)),
            }
        }
        out
    }
}

/// Whether `arch` satisfies a condition entry: exact, or a prefix ending in `*`.
pub fn arch_matches(pattern: &str, arch: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => arch.starts_with(prefix),
        None => pattern == arch,
    }
}

/// The installed version of `package` per the analysis, when it is known and parses.
fn installed<'a>(a: &'a Analysis, package: &str) -> Option<(&'a str, Version)> {
    let want = normalize(package);
    let shown = match (&a.env.framework, &a.env.framework_version) {
        (Some(fw), Some(v)) if normalize(fw) == want => Some(v.as_str()),
        _ => None,
    }
    .or_else(|| {
        a.env
            .packages
            .iter()
            .find(|(k, _)| normalize(k) == want)
            .map(|(_, v)| v.as_str())
    })?;
    Version::from_str(shown.trim()).ok().map(|v| (shown, v))
}

/// PEP 503 name normalisation: `Flashinfer_Python` and `flashinfer-python` are one package.
fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.trim().chars() {
        let c = if matches!(c, '_' | '.') {
            '-'
        } else {
            c.to_ascii_lowercase()
        };
        if !(c == '-' && out.ends_with('-')) {
            out.push(c);
        }
    }
    out
}

fn version_veto(vc: &VersionCondition, shown: &str, v: &Version) -> String {
    let failed = vc.specifiers.iter().find(|s| !s.contains(v));
    let why = match failed.map(|s| *s.operator()) {
        Some(Operator::LessThan | Operator::LessThanEqual) => "where it is fixed",
        Some(Operator::GreaterThan | Operator::GreaterThanEqual) => {
            "which is older than the affected range"
        }
        _ => "outside the affected range",
    };
    format!("you run {} {shown} {why} (range {})", vc.package, vc.spec)
}
