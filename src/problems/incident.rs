//! What an incident page shows about its problem: the problem and its other incidents, the
//! resolution, and, for the first incident of a problem that matched no finding, the most similar
//! earlier incidents and findings by text ([`crate::similar`]). Also the finding drafted from an
//! incident ([`crate::draft`]), with the log read again for the lines' text.
//!
//! Reads only.

use super::views::{summary, ProblemSummary};
use crate::db::problems::{self as dbp, MemberRow};
use crate::draft::{self, Draft, DraftInput};
use crate::error::{AppError, AppResult};
use crate::incidents::{self, Incident};
use crate::similar;
use crashdex_core::FindingsIndex;
use sqlx::SqlitePool;
use std::collections::HashSet;

/// Other incidents listed on an incident page.
const OTHERS: i64 = 10;
/// Earlier incidents compared by text (the most recent ones).
const SIMILAR_POOL: i64 = 1000;
/// Similar incidents and findings listed.
pub const SIMILAR_TOP: usize = 5;
/// Lowest similarity worth listing.
const SIMILAR_MIN: f64 = 0.12;

/// An earlier incident or a finding whose text is close to an incident's.
#[derive(Debug, Clone)]
pub struct SimilarItem {
    /// `incident` or `finding`.
    pub kind: &'static str,
    pub url: String,
    pub label: String,
    /// A secondary line: the first error or the finding id.
    pub detail: String,
    pub score: f64,
    /// Words both texts share.
    pub shared: Vec<String>,
}

/// An incident's problem, as its page shows it.
#[derive(Debug, Default)]
pub struct IncidentProblem {
    /// The problem it shows under (the survivor of its own problem).
    pub problem: Option<ProblemSummary>,
    /// Other incidents of that problem, newest first.
    pub others: Vec<MemberRow>,
    /// The incident arrived after the problem was marked resolved.
    pub after_resolution: bool,
    /// Similar earlier incidents and findings (only for a new problem without a finding).
    pub similar: Vec<SimilarItem>,
    /// Whether similar items were looked for (the incident is new and matched nothing).
    pub looked_for_similar: bool,
}

/// The problem of an incident, its other incidents, and, for an incident that matched no
/// finding and is the first of its problem, similar earlier incidents and findings by text.
/// `key_texts` are the texts of its key lines.
pub async fn for_incident(
    pool: &SqlitePool,
    inc: &Incident,
    key_texts: &[String],
    index: &FindingsIndex,
) -> AppResult<IncidentProblem> {
    let mut out = IncidentProblem::default();
    let Some(row) = dbp::for_incident(pool, inc.id).await? else {
        return Ok(out);
    };
    let Some(root) = row.root_id else {
        return Ok(out);
    };
    out.problem = summary(pool, root).await?;
    out.others = dbp::members(pool, root, true, Some(inc.id), OTHERS).await?;
    out.after_resolution = out
        .problem
        .as_ref()
        .and_then(|p| p.resolution.as_ref())
        // times are to the second: an incident in the same second counts as after
        .is_some_and(|r| inc.created_at >= r.at);
    let a = &inc.analysis;
    if a.crash
        && a.matches.is_empty()
        && !dbp::has_earlier(pool, inc.id, root, &a.fingerprint).await?
    {
        out.looked_for_similar = true;
        let query = similarity_text(
            &a.signature,
            a.first_error.as_ref().map(|f| f.text.as_str()),
            key_texts,
        );
        let earlier = dbp::texts_before(pool, inc.id, SIMILAR_POOL).await?;
        out.similar = rank_similar(&query, &earlier, index);
    }
    Ok(out)
}

/// The text an incident is compared by: signature, first error and key lines.
fn similarity_text(signature: &str, first_error: Option<&str>, key_texts: &[String]) -> String {
    let mut t = format!("{signature}\n{}", first_error.unwrap_or(""));
    for k in key_texts {
        t.push('\n');
        t.push_str(k);
    }
    t
}

/// Ranks earlier incidents (one per problem) and findings against `query`.
fn rank_similar(query: &str, earlier: &[dbp::TextRow], index: &FindingsIndex) -> Vec<SimilarItem> {
    let mut candidates: Vec<(usize, String)> = Vec::new();
    for (i, r) in earlier.iter().enumerate() {
        let keys: Vec<String> = r.key_lines.iter().cloned().collect();
        let text = similarity_text(&r.signature, r.first_error_text.as_deref(), &keys);
        candidates.push((i, text));
    }
    let findings: Vec<_> = index
        .findings()
        .iter()
        .filter(|f| !f.informational)
        .collect();
    for (j, f) in findings.iter().enumerate() {
        candidates.push((earlier.len() + j, finding_text(f)));
    }
    let mut seen_roots = HashSet::new();
    let mut out = Vec::new();
    for (k, score) in similar::rank(query, &candidates, SIMILAR_MIN) {
        let shared = similar::shared_tokens(query, &candidates[k].1, 6);
        let item = if let Some(r) = earlier.get(k) {
            if !seen_roots.insert(r.root_id.unwrap_or(-r.id)) {
                continue;
            }
            SimilarItem {
                kind: "incident",
                url: incidents::url(r.id),
                label: format!("Incident #{}", r.id),
                detail: r
                    .first_error_text
                    .clone()
                    .unwrap_or_else(|| r.signature.clone()),
                score,
                shared,
            }
        } else {
            let f = findings[k - earlier.len()];
            SimilarItem {
                kind: "finding",
                url: format!("/findings/{}", f.id),
                label: f.title.clone(),
                detail: f.id.clone(),
                score,
                shared,
            }
        };
        out.push(item);
        if out.len() >= SIMILAR_TOP {
            break;
        }
    }
    out
}

/// A finding's text for similarity: its title, classes and the words of its symptom rules.
fn finding_text(f: &crashdex_core::Finding) -> String {
    let mut t = format!("{}\n{}", f.title, f.conditions.error_class.join(" "));
    for r in f
        .rules
        .iter()
        .filter(|r| r.kind != crashdex_core::findings::RuleKind::Not)
    {
        let p = match &r.pattern {
            crashdex_core::findings::Pattern::Regex(s)
            | crashdex_core::findings::Pattern::Literal(s) => s,
        };
        t.push('\n');
        // regex syntax (`\d+`, `(?i)`, `\.`) is noise here; keep the words
        t.push_str(&p.replace(
            ['\\', '(', ')', '?', '|', '*', '+', '[', ']', '^', '$'],
            " ",
        ));
    }
    t
}

/// The finding drafted from an incident, with the outcome of its check.
#[derive(Debug)]
pub struct CheckedDraft {
    pub draft: Draft,
    /// `Err`: why `crashdex findings check` would reject it.
    pub check: Result<(), String>,
}

/// Drafts a finding from incident `inc` (its log is read again for the lines' text), prefilling
/// the resolution with its problem's note.
pub async fn draft_for(
    pool: &SqlitePool,
    inc: &Incident,
    index: &FindingsIndex,
) -> AppResult<CheckedDraft> {
    if !inc.analysis.crash {
        return Err(AppError::BadRequest(format!(
            "incident #{} shows no crash, so there is no error to draft a finding from",
            inc.id
        )));
    }
    let (_, body) = incidents::raw_log(pool, inc.id).await?;
    let note = match dbp::for_incident(pool, inc.id)
        .await?
        .and_then(|r| r.root_id)
    {
        Some(root) => dbp::get(pool, root).await?.and_then(|p| p.resolution_note),
        None => None,
    };
    let analysis = inc.analysis.clone();
    let id = inc.id;
    let taken: HashSet<String> = index.findings().iter().map(|f| f.id.clone()).collect();
    let (draft, check) = tokio::task::spawn_blocking(move || {
        let lines = crashdex_core::lines::read_bytes(&body);
        let input = DraftInput {
            incident_id: id,
            analysis: &analysis,
            lines: &lines,
            resolution: note.as_deref(),
        };
        draft::draft(&input, |candidate| taken.contains(candidate))
    })
    .await
    .map_err(AppError::internal)?;
    Ok(CheckedDraft { draft, check })
}
