//! The incident page's view model: everything `templates/incidents/show.html` shows, computed
//! from the stored analysis, the lines read for display and the findings index. No I/O.

use super::filters::{score, short_time, size, truncate};
use super::logview::{self, LogLines, LogRow};
use crate::db::incident_meta::PartRow;
use crate::incidents::Incident;
use crashdex_core::analysis::{class_title, phase_title, Evidence};
use crashdex_core::FindingsIndex;
use regex::Regex;
use std::collections::HashMap;
use std::sync::LazyLock;

/// A notable warning, with the note of an informational finding that explains it.
pub struct WarningView {
    pub line: u64,
    pub text: String,
    pub note: Option<String>,
    pub finding: Option<String>,
}

/// A matched finding as shown on the page.
pub struct MatchView {
    pub id: String,
    pub title: String,
    /// Whether the finding is in the current index (it may have been removed since the upload).
    pub known: bool,
    pub severity: String,
    pub status: String,
    pub score: String,
    pub why: String,
    pub evidence: Vec<Evidence>,
    /// The finding's Resolution section (sanitised HTML from the findings renderer).
    pub resolution_html: Option<String>,
    /// The whole finding (sanitised HTML from the findings renderer).
    pub body_html: String,
}

/// A near miss as shown on the page.
pub struct NearMissView {
    pub id: String,
    pub title: String,
    pub score: String,
    pub missing: String,
}

/// One file of a multi-file incident, as its row in the page's file table.
pub struct PartView {
    pub idx: i64,
    pub name: String,
    pub rank: Option<i64>,
    pub culprit: bool,
    pub crash: bool,
    pub error_class: String,
    /// The file's first error and its line in the joined log (as the log view numbers it).
    pub first_error: Option<(u64, String)>,
    pub size: String,
    /// Where the file starts in the joined log.
    pub line_start: u64,
}

impl PartView {
    /// Rows for the files of an incident, in upload order.
    pub fn rows(parts: Vec<PartRow>) -> Vec<PartView> {
        parts
            .into_iter()
            .map(|p| {
                let line_start = u64::try_from(p.line_start).unwrap_or(1).max(1);
                // a file's own line numbers count from 1 where it starts in the joined log
                let first_error = match (p.first_error_line, p.first_error_text) {
                    (Some(line), Some(text)) => Some((
                        line_start + u64::try_from(line).unwrap_or(1).max(1) - 1,
                        truncate(&text, 200),
                    )),
                    _ => None,
                };
                PartView {
                    name: p.filename.unwrap_or_else(|| format!("part-{}", p.idx)),
                    idx: p.idx,
                    rank: p.rank,
                    culprit: p.culprit,
                    crash: p.crash,
                    error_class: p.error_class,
                    first_error,
                    size: size(p.size),
                    line_start,
                }
            })
            .collect()
    }
}

/// Everything the incident page shows.
pub struct IncidentView {
    pub inc: Incident,
    pub verdict: String,
    pub time: String,
    pub size: String,
    pub class_title: &'static str,
    pub phase_title: &'static str,
    pub env: Vec<(&'static str, String)>,
    pub packages: Vec<(String, String)>,
    pub server_args: Vec<(String, String)>,
    pub warnings: Vec<WarningView>,
    pub matches: Vec<MatchView>,
    pub near_misses: Vec<NearMissView>,
    pub context: Vec<LogRow>,
    pub log: Vec<LogRow>,
    /// Whether the log view shows less than the whole log.
    pub truncated: bool,
    /// The last line number shown in the log view.
    pub last_shown: u64,
}

impl IncidentView {
    /// The stored analysis.
    pub fn a(&self) -> &crashdex_core::Analysis {
        &self.inc.analysis
    }

    /// Builds the view of `inc` over the lines read for display.
    pub fn new(inc: Incident, lines: LogLines, index: &FindingsIndex) -> Self {
        let a = &inc.analysis;
        let marks = marks(&inc);
        let (log, cut) = logview::rows(&lines.lines, &marks);
        let context = lines
            .context
            .iter()
            .map(|l| LogRow {
                number: l.number,
                last: l.number,
                count: 1,
                text: l.text.clone(),
                class: marks.get(&l.number).copied().unwrap_or(""),
                anchors: vec![],
            })
            .collect();
        let last_shown = log.last().map_or(0, |r| r.last);
        IncidentView {
            verdict: a.verdict(),
            time: short_time(&inc.created_at),
            size: size(inc.size),
            class_title: class_title(&a.error_class),
            phase_title: phase_title(&a.phase),
            env: env_rows(&inc),
            packages: a.env.packages.clone().into_iter().collect(),
            server_args: a.env.server_args.clone().into_iter().collect(),
            warnings: warnings(&inc, index),
            matches: matches(&inc, index),
            near_misses: a
                .near_misses
                .iter()
                .map(|n| NearMissView {
                    title: title_of(index, &n.finding),
                    id: n.finding.clone(),
                    score: score(n.score),
                    missing: n.missing.clone(),
                })
                .collect(),
            context,
            truncated: cut || last_shown < a.line_count,
            last_shown,
            log,
            inc,
        }
    }
}

/// Line → CSS class: the first error wins over evidence, key lines and warnings.
fn marks(inc: &Incident) -> HashMap<u64, &'static str> {
    let a = &inc.analysis;
    let mut m = HashMap::new();
    for w in &a.warnings {
        m.insert(w.line, "warning");
    }
    for l in &a.key_lines {
        m.insert(*l, "key");
    }
    for e in a.matches.iter().flat_map(|m| &m.evidence) {
        m.insert(e.line, "evidence");
    }
    if let Some(f) = &a.first_error {
        m.insert(f.line, "first-error");
    }
    m
}

fn env_rows(inc: &Incident) -> Vec<(&'static str, String)> {
    let e = &inc.analysis.env;
    let framework = match (&e.framework, &e.framework_version) {
        (Some(f), Some(v)) => Some(format!("{f} {v}")),
        (Some(f), None) => Some(f.clone()),
        (None, Some(v)) => Some(format!("version {v}")),
        (None, None) => None,
    };
    [
        ("Framework", framework),
        ("Model", e.model.clone()),
        ("GPU", e.gpu_model.clone()),
        ("Architecture", e.sm_arch.clone()),
        ("GPU count", e.gpu_count.map(|n| n.to_string())),
        ("Driver", e.driver_version.clone()),
        ("CUDA", e.cuda_version.clone()),
        ("Python", e.python_version.clone()),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.map(|v| (k, v)))
    .collect()
}

fn title_of(index: &FindingsIndex, id: &str) -> String {
    index
        .get(id)
        .map_or_else(|| id.to_string(), |f| f.title.clone())
}

fn warnings(inc: &Incident, index: &FindingsIndex) -> Vec<WarningView> {
    let a = &inc.analysis;
    let mut out: Vec<WarningView> = a
        .warnings
        .iter()
        .map(|w| {
            let ann = a.annotations.iter().find(|n| n.line == w.line);
            WarningView {
                line: w.line,
                text: w.text.clone(),
                note: ann.map(|n| n.note.clone()),
                finding: ann.map(|n| n.finding.clone()),
            }
        })
        .collect();
    // annotations on lines the engine did not list as warnings still deserve a row
    for n in &a.annotations {
        if !a.warnings.iter().any(|w| w.line == n.line) {
            out.push(WarningView {
                line: n.line,
                text: title_of(index, &n.finding),
                note: Some(n.note.clone()),
                finding: Some(n.finding.clone()),
            });
        }
    }
    out.sort_by_key(|w| w.line);
    out
}

fn matches(inc: &Incident, index: &FindingsIndex) -> Vec<MatchView> {
    inc.analysis
        .matches
        .iter()
        .map(|m| {
            let f = index.get(&m.finding);
            MatchView {
                id: m.finding.clone(),
                title: f.map_or_else(|| m.finding.clone(), |f| f.title.clone()),
                known: f.is_some(),
                severity: f.map(|f| f.severity.clone()).unwrap_or_default(),
                status: f.map(|f| f.status.clone()).unwrap_or_default(),
                score: score(m.score),
                why: m.why.clone(),
                evidence: m.evidence.clone(),
                resolution_html: f
                    .and_then(|f| resolution_section(&f.rendered_html))
                    .map(str::to_string),
                body_html: f.map(|f| f.rendered_html.to_string()).unwrap_or_default(),
            }
        })
        .collect()
}

static HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?s)<h([1-6])(?:\s[^>]*)?>(.*?)</h[1-6]>").expect("valid heading regex")
});

/// The part of a finding's rendered HTML under its "Resolution" (or "Workaround", "Fix")
/// heading, up to the next heading of the same or a higher level. The input is the sanitised
/// output of the findings renderer, whose headings are top-level, so the slice is whole elements.
pub fn resolution_section(html: &str) -> Option<&str> {
    for caps in HEADING.captures_iter(html) {
        let level = &caps[1];
        let title = caps[2].to_ascii_lowercase();
        let wanted = [
            "resolution",
            "workaround",
            "fix",
            "mitigation",
            "what to do",
        ];
        let title = title.trim();
        if !wanted.iter().any(|w| title.starts_with(w)) || title.starts_with("fixed") {
            continue;
        }
        let start = caps.get(0).map_or(0, |m| m.end());
        let end = HEADING
            .captures_iter(&html[start..])
            .find(|c| &c[1] <= level)
            .and_then(|c| c.get(0))
            .map_or(html.len(), |m| start + m.start());
        let section = html[start..end].trim();
        if !section.is_empty() {
            return Some(section);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extracts_resolution() {
        let html = "<h1>T</h1><p>intro</p><h2>Symptoms</h2><p>s</p>\
                    <h2 id=\"r\">Resolution</h2><p>do <code>x</code></p><h3>Sub</h3><p>y</p>\
                    <h2>References</h2><p>r</p>";
        assert_eq!(
            resolution_section(html),
            Some("<p>do <code>x</code></p><h3>Sub</h3><p>y</p>")
        );
        assert_eq!(
            resolution_section("<h2>Fix</h2>\n<p>z</p>\n"),
            Some("<p>z</p>")
        );
        assert_eq!(resolution_section("<h2>Cause</h2><p>z</p>"), None);
        assert_eq!(resolution_section("<h2>Fixed in</h2><p>z</p>"), None);
        assert_eq!(resolution_section("<h2>Resolution</h2>"), None);
    }
}
