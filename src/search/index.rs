//! Keeping the search index in step: [`index_findings`] rewrites `findings_fts` from the loaded
//! findings (at startup and on reload); incidents are indexed by the triggers of
//! `migrations/20260303000000_search.sql`, and [`key_lines_text`] gives ingest the text of their
//! key lines.
//!
//! Uses `db` and the core; must not import `web`, `api` or `app`.

use crate::db;
use crate::db::search::FindingDoc;
use crashdex_core::findings::{Pattern, RuleKind};
use crashdex_core::{Analysis, Finding, FindingsIndex};
use sqlx::SqlitePool;

/// Most key-lines text indexed per incident.
const MAX_KEY_TEXT: usize = 8 * 1024;
/// Longest single key line indexed.
const MAX_KEY_LINE: usize = 1_000;

/// Rewrites the findings' search index from the loaded findings (at startup and on reload).
#[tracing::instrument(skip_all, fields(findings = index.findings().len()))]
pub async fn index_findings(pool: &SqlitePool, index: &FindingsIndex) -> sqlx::Result<()> {
    let docs: Vec<FindingDoc<'_>> = index
        .findings()
        .iter()
        .map(|f| FindingDoc {
            id: &f.id,
            title: &f.title,
            body: &f.body,
            meta: finding_meta(f),
        })
        .collect();
    db::search::replace_findings(pool, &docs).await
}

/// The searchable facts of a finding besides its text: conditions, components, symptom rules.
fn finding_meta(f: &Finding) -> String {
    let c = &f.conditions;
    let mut parts: Vec<&str> = vec![&f.severity, &f.status];
    for list in [
        &f.components,
        &f.fixed_in,
        &c.error_class,
        &c.phase,
        &c.sm_arch,
        &c.framework,
    ] {
        parts.extend(list.iter().map(String::as_str));
    }
    parts.extend(c.versions.iter().map(|v| v.package.as_str()));
    // the symptoms, so that a pasted log line finds the finding whose rule it would fire
    for r in f.rules.iter().filter(|r| r.kind != RuleKind::Not) {
        parts.push(&r.name);
        parts.push(match &r.pattern {
            Pattern::Regex(s) | Pattern::Literal(s) => s,
        });
    }
    parts.join(" ")
}

/// The text of the lines worth searching in a log: the key lines, the evidence lines and the
/// warning lines of its analysis, ANSI codes removed, lines that differ only in their numbers
/// once, capped in length.
pub fn key_lines_text(log: &[u8], analysis: &Analysis) -> String {
    let mut wanted: Vec<u64> = analysis.key_lines.clone();
    for m in &analysis.matches {
        wanted.extend(m.evidence.iter().map(|e| e.line));
    }
    wanted.extend(analysis.warnings.iter().map(|w| w.line));
    wanted.sort_unstable();
    wanted.dedup();
    let Some(&last) = wanted.last() else {
        return String::new();
    };
    let mut seen = std::collections::HashSet::new();
    let mut out = String::new();
    // line numbers count `\n`-separated lines from 1, as the engine does
    for (i, raw) in log.split(|&b| b == b'\n').enumerate() {
        let number = i as u64 + 1;
        if number > last || out.len() >= MAX_KEY_TEXT {
            break;
        }
        if wanted.binary_search(&number).is_err() {
            continue;
        }
        let text = String::from_utf8_lossy(raw);
        let text = crashdex_core::lines::strip_ansi(&text);
        let text: String = text.trim().chars().take(MAX_KEY_LINE).collect();
        // lines that differ only in numbers (64 threads asserting) are indexed once
        let shape: String = text.chars().filter(|c| !c.is_ascii_digit()).collect();
        if !text.is_empty() && seen.insert(shape) {
            out.push_str(&text);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_lines_are_read_once_each() {
        let log = b"zero\n\x1b[31mERROR boom 1\x1b[0m\r\nctx\nERROR boom 2\nwarn here\nlast\n";
        let mut a = crashdex_core::analyze(b"", &FindingsIndex::empty());
        a.key_lines = vec![2, 3, 4, 99];
        a.warnings = vec![crashdex_core::LineRef {
            line: 5,
            text: "warn here".into(),
        }];
        assert_eq!(key_lines_text(log, &a), "ERROR boom 1\nctx\nwarn here\n");
        a.key_lines.clear();
        a.warnings.clear();
        assert_eq!(key_lines_text(log, &a), "");
    }
}
