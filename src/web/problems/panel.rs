//! The problem panel of the incident page (`templates/problems/panel.html`): its problem with the
//! "seen N times since ..." sentence, the resolution at the top, the other incidents, similar
//! incidents and findings for a new one, and the draft-a-finding link.

use super::{member_views, resolution_view, MemberView, ProblemItem, ResolutionView};
use crate::app::AppState;
use crate::error::AppResult;
use crate::problems::incident::{self, SimilarItem};
use crate::problems::views::ProblemSummary;
use crate::web::filters::truncate;
use crate::web::incident_view::IncidentView;

/// The problem panel of the incident page.
#[derive(Default)]
pub struct Panel {
    pub item: Option<ProblemItem>,
    pub sentence: String,
    pub resolution: Option<ResolutionView>,
    pub after_resolution: bool,
    pub others: Vec<MemberView>,
    /// How many other incidents the problem has, and whether more than are listed.
    pub others_count: i64,
    pub more_others: bool,
    pub similar: Vec<SimilarView>,
    pub looked_for_similar: bool,
    /// The draft-a-finding page, for a crash.
    pub draft_url: Option<String>,
}

/// A similar incident or finding as the incident page lists it.
pub struct SimilarView {
    pub kind: &'static str,
    pub url: String,
    pub label: String,
    pub detail: String,
    pub score: String,
    pub shared: String,
}

impl From<SimilarItem> for SimilarView {
    fn from(s: SimilarItem) -> Self {
        SimilarView {
            kind: s.kind,
            url: s.url,
            label: s.label,
            detail: truncate(&s.detail, 160),
            score: format!("{:.2}", s.score),
            shared: s.shared.join(", "),
        }
    }
}

/// The problem panel of incident page `v`: its problem, resolution, other incidents, and similar
/// incidents and findings when it is new.
pub async fn panel(state: &AppState, v: &IncidentView) -> AppResult<Panel> {
    let keys: Vec<String> = v
        .log
        .iter()
        .chain(&v.context)
        .filter(|r| v.a().key_lines.contains(&r.number))
        .map(|r| r.text.clone())
        .collect();
    let ip = incident::for_incident(&state.db, &v.inc, &keys, &state.findings()).await?;
    let resolution = ip
        .problem
        .as_ref()
        .and_then(|p| p.resolution.as_ref())
        .map(|r| resolution_view(r, state));
    let root = ip.problem.as_ref().map_or(0, |p| p.id);
    let others_count = ip.problem.as_ref().map_or(0, |p| p.count - 1);
    Ok(Panel {
        more_others: others_count > ip.others.len() as i64,
        others_count,
        draft_url: v
            .a()
            .crash
            .then(|| format!("{}/draft-finding", v.inc.url())),
        sentence: ip
            .problem
            .as_ref()
            .map(ProblemSummary::seen)
            .unwrap_or_default(),
        item: ip.problem.map(Into::into),
        resolution,
        after_resolution: ip.after_resolution,
        others: member_views(ip.others, root),
        similar: ip.similar.into_iter().map(Into::into).collect(),
        looked_for_similar: ip.looked_for_similar,
    })
}
