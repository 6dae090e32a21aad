//! Matching a log against the findings knowledge base.
//!
//! Two steps. The scan ([`Matcher::feed`]) runs every line's text once through the rules compiled
//! in the [`FindingsIndex`], counting hits per distinct pattern and keeping the first few evidence
//! lines, so its cost barely depends on how many findings exist and a huge log can be streamed.
//! The verdict ([`Matcher::finish`]) then judges each finding from those counts and the analysis:
//! symptom rules (all / any / not / min_count), conditions (class, phase, GPU architecture,
//! framework, versions), a score, and the words that explain it.
//!
//! Pure: no I/O; only `analysis`, `findings` and `lines` are imported.

use crate::analysis::{Analysis, Annotation, Evidence, Match, NearMiss};
use crate::findings::compile::{PatternId, Scratch};
use crate::findings::conditions::ConditionReport;
use crate::findings::{Finding, FindingsIndex, RuleKind};
use crate::lines::Line;
use std::cmp::Ordering;

/// Evidence lines kept per pattern.
const EVIDENCE_PER_RULE: usize = 5;
/// Hit line numbers kept per pattern, to find the hit nearest the first error.
const LINES_PER_RULE: usize = 4096;
/// Longest evidence text kept, in bytes.
const EVIDENCE_TEXT: usize = 1000;
/// Most near misses reported.
const MAX_NEAR_MISSES: usize = 5;
/// A hit this many lines or fewer from the first error counts as "at" the first error.
const NEAR_FIRST_ERROR: u64 = 3;

/// Matches every finding against a log and its analysis: confident matches best first, near
/// misses with what was missing, and informational annotations on warning lines.
pub fn match_findings(
    log: &[Line],
    analysis: &Analysis,
    index: &FindingsIndex,
) -> (Vec<Match>, Vec<NearMiss>, Vec<Annotation>) {
    let mut m = Matcher::new(index);
    for line in log {
        m.feed(line);
    }
    m.finish(analysis)
}

#[derive(Debug, Default, Clone)]
struct Hits {
    count: u64,
    lines: Vec<u64>,
    evidence: Vec<(u64, String)>,
}

/// The streaming matcher: feed lines in order, then finish with the analysis.
#[derive(Debug)]
pub struct Matcher<'a> {
    index: &'a FindingsIndex,
    hits: Vec<Hits>,
    scratch: Scratch,
    line_hits: Vec<PatternId>,
    prev_text: String,
}

impl<'a> Matcher<'a> {
    /// A matcher over the compiled rules of `index`.
    pub fn new(index: &'a FindingsIndex) -> Self {
        Matcher {
            index,
            hits: vec![Hits::default(); index.rule_set().pattern_count()],
            scratch: Scratch::default(),
            line_hits: Vec::new(),
            prev_text: String::new(),
        }
    }

    /// Scans one line (lines must come in file order).
    pub fn feed(&mut self, line: &Line) {
        if self.hits.is_empty() {
            return;
        }
        // An exact repeat of the previous message (the same message from every rank) has the
        // same hits: count it without scanning again, and without repeating the evidence. (A
        // rule on the raw prefix, such as a rank, is taken from the first of the repeats.)
        let repeat = !self.prev_text.is_empty() && line.text == self.prev_text;
        if !repeat {
            self.line_hits.clear();
            self.index.rule_set().scan_line(
                &line.text,
                &line.raw,
                &mut self.scratch,
                &mut self.line_hits,
            );
            self.prev_text.clear();
            self.prev_text.push_str(&line.text);
        }
        for &id in &self.line_hits {
            let h = &mut self.hits[id as usize];
            h.count += 1;
            if h.lines.len() < LINES_PER_RULE {
                h.lines.push(line.number);
            }
            if !repeat && h.evidence.len() < EVIDENCE_PER_RULE {
                h.evidence.push((line.number, clip(&line.raw)));
            }
        }
    }

    /// Judges every finding from the scanned lines and the analysis.
    pub fn finish(self, analysis: &Analysis) -> (Vec<Match>, Vec<NearMiss>, Vec<Annotation>) {
        let mut matches = Vec::new();
        let mut near = Vec::new();
        let mut notes = Vec::new();
        for (fi, finding) in self.index.findings().iter().enumerate() {
            let v = self.judge(fi, finding, analysis);
            match v {
                Verdict::None => {}
                Verdict::Match(m) => matches.push(m),
                Verdict::Near(n) => near.push(n),
                Verdict::Notes(a) => notes.extend(a),
            }
        }
        matches.sort_by(|a, b| by_score(a.score, b.score).then_with(|| a.finding.cmp(&b.finding)));
        near.sort_by(|a, b| by_score(a.score, b.score).then_with(|| a.finding.cmp(&b.finding)));
        near.truncate(MAX_NEAR_MISSES);
        notes.sort_by(|a, b| (a.line, &a.finding).cmp(&(b.line, &b.finding)));
        (matches, near, notes)
    }

    /// Says in words how one finding fares against the scanned lines and the analysis, even when
    /// it is neither a match nor among the near misses (for `findings check`). `None` for an
    /// unknown id.
    pub fn explain(&self, analysis: &Analysis, id: &str) -> Option<String> {
        let fi = self.index.findings().iter().position(|f| f.id == id)?;
        let finding = &self.index.findings()[fi];
        Some(match self.judge(fi, finding, analysis) {
            Verdict::Match(m) => format!("matches (score {}): {}", m.score, m.why),
            Verdict::Near(n) => format!("near miss (score {}): {}", n.score, n.missing),
            Verdict::Notes(a) => format!("annotates {} line(s)", a.len()),
            Verdict::None => {
                let s = self.symptoms(fi, finding);
                if s.all_fired + s.any_fired == 0 {
                    return Some("none of its rules fired".to_string());
                }
                let c = finding.conditions.check(analysis);
                let mut reasons: Vec<String> = s.missing.iter().chain(&c.vetoes).cloned().collect();
                if !analysis.crash {
                    reasons.insert(0, "the log shows no crash".into());
                }
                reasons.join("; ")
            }
        })
    }

    fn judge(&self, fi: usize, finding: &Finding, analysis: &Analysis) -> Verdict {
        let s = self.symptoms(fi, finding);
        let any_fired = s.all_fired + s.any_fired > 0;
        if !any_fired {
            return Verdict::None;
        }
        let c = finding.conditions.check(analysis);
        if finding.informational {
            if !s.ok() || !c.vetoes.is_empty() {
                return Verdict::None;
            }
            let mut lines: Vec<u64> = s
                .fired
                .iter()
                .flat_map(|&(_, id)| self.hits[id as usize].evidence.iter().map(|e| e.0))
                .collect();
            lines.sort_unstable();
            lines.dedup();
            return Verdict::Notes(
                lines
                    .into_iter()
                    .map(|line| Annotation {
                        finding: finding.id.clone(),
                        line,
                        note: finding.title.clone(),
                    })
                    .collect(),
            );
        }
        let first = analysis.first_error.as_ref().map(|f| f.line);
        let near_first = first.and_then(|line| self.nearest(&s, line));
        let score = score(finding, &s, &c, near_first.map(|(d, _)| d));
        if s.ok() && c.vetoes.is_empty() && analysis.crash {
            return Verdict::Match(Match {
                finding: finding.id.clone(),
                score,
                applies: true,
                evidence: self.evidence(finding, &s, analysis, near_first),
                why: why(finding, &s, &c, near_first),
            });
        }
        if s.ok() && c.vetoes.is_empty() {
            return Verdict::Near(NearMiss {
                finding: finding.id.clone(),
                score: round(score * 0.5),
                missing: "the symptoms are present, but the log shows no crash".into(),
            });
        }
        if !analysis.crash {
            return Verdict::None;
        }
        if s.ok() {
            return Verdict::Near(NearMiss {
                finding: finding.id.clone(),
                score: round(score * 0.7),
                missing: format!("matches, but {}", c.vetoes.join("; ")),
            });
        }
        // Partial symptoms are reported only when a required rule fired, to keep the list short.
        if s.all_fired == 0 {
            return Verdict::None;
        }
        let mut missing = s.missing.clone();
        missing.extend(c.vetoes.iter().cloned());
        let frac = s.all_fired as f64 / s.all_total.max(1) as f64;
        Verdict::Near(NearMiss {
            finding: finding.id.clone(),
            score: round(score * 0.5 * frac.max(0.2)),
            missing: missing.join("; "),
        })
    }

    fn symptoms(&self, fi: usize, finding: &Finding) -> Symptoms {
        let rs = self.index.rule_set();
        let mut s = Symptoms::default();
        let any_min = finding.conditions.any_min;
        for (ri, rule) in finding.rules.iter().enumerate() {
            let id = rs.rule_pattern(fi, ri);
            let count = self.hits[id as usize].count;
            let fired = count >= u64::from(rule.min_count);
            match rule.kind {
                RuleKind::All => {
                    s.all_total += 1;
                    if fired {
                        s.all_fired += 1;
                    } else if count > 0 {
                        s.missing.push(format!(
                            "'{}' matched {count} line(s) of the {} needed",
                            rule.name, rule.min_count
                        ));
                    } else {
                        s.missing.push(format!("'{}' did not fire", rule.name));
                    }
                }
                RuleKind::Any => {
                    s.any_total += 1;
                    s.any_fired += usize::from(fired);
                }
                RuleKind::Not => {
                    if fired {
                        let line = self.hits[id as usize].lines.first().copied().unwrap_or(0);
                        s.excluded
                            .push(format!("excluded by '{}' (line {line})", rule.name));
                    }
                }
            }
            if fired && rule.kind != RuleKind::Not {
                s.fired.push((ri, id));
            }
        }
        s.any_needed = if s.any_total == 0 {
            0
        } else {
            any_min.min(s.any_total)
        };
        if s.any_fired < s.any_needed {
            let names: Vec<String> = finding
                .rules
                .iter()
                .filter(|r| r.kind == RuleKind::Any)
                .map(|r| format!("'{}'", r.name))
                .collect();
            s.missing.push(format!(
                "needs {} of {} ({} fired)",
                s.any_needed,
                names.join(", "),
                s.any_fired
            ));
        }
        s.missing.extend(s.excluded.iter().cloned());
        s
    }

    /// The fired rule hit nearest to `line`: (distance, pattern).
    fn nearest(&self, s: &Symptoms, line: u64) -> Option<(u64, PatternId)> {
        s.fired
            .iter()
            .filter_map(|&(_, id)| {
                let lines = &self.hits[id as usize].lines;
                let i = lines.partition_point(|&l| l < line);
                let after = lines.get(i).map(|&l| l - line);
                let before = i.checked_sub(1).map(|j| line - lines[j]);
                after.into_iter().chain(before).min().map(|d| (d, id))
            })
            .min()
    }

    fn evidence(
        &self,
        finding: &Finding,
        s: &Symptoms,
        analysis: &Analysis,
        near_first: Option<(u64, PatternId)>,
    ) -> Vec<Evidence> {
        let mut out = Vec::new();
        for &(ri, id) in &s.fired {
            let name = &finding.rules[ri].name;
            let h = &self.hits[id as usize];
            for (line, text) in &h.evidence {
                out.push(Evidence {
                    line: *line,
                    text: text.clone(),
                    rule: name.clone(),
                });
            }
            // The first error itself is the best evidence, even when it came after the first few hits.
            if let (Some(fe), Some((0, nid))) = (&analysis.first_error, near_first) {
                if nid == id && !h.evidence.iter().any(|(l, _)| *l == fe.line) {
                    out.push(Evidence {
                        line: fe.line,
                        text: clip(&fe.text),
                        rule: name.clone(),
                    });
                }
            }
        }
        out.sort_by(|a, b| (a.line, &a.rule).cmp(&(b.line, &b.rule)));
        out
    }
}

enum Verdict {
    None,
    Match(Match),
    Near(NearMiss),
    Notes(Vec<Annotation>),
}

#[derive(Default)]
struct Symptoms {
    all_total: usize,
    all_fired: usize,
    any_total: usize,
    any_fired: usize,
    any_needed: usize,
    /// Fired positive rules: (rule index, pattern).
    fired: Vec<(usize, PatternId)>,
    excluded: Vec<String>,
    missing: Vec<String>,
}

impl Symptoms {
    fn ok(&self) -> bool {
        self.all_fired == self.all_total
            && self.any_fired >= self.any_needed
            && self.excluded.is_empty()
    }
}

/// The score in (0, 1]: evidence points (each fired rule, each condition the log confirms, the
/// first error among the evidence) mapped through `1 - e^(-points/4)`. Points add up without a
/// cap, so a finding that asks for more and gets it (more rules, confirmed GPU and versions)
/// outranks a generic one on a shared line, and scores stay apart instead of piling up at 1.
fn score(f: &Finding, s: &Symptoms, c: &ConditionReport, first_error_distance: Option<u64>) -> f64 {
    let any_needed = s.any_fired.min(s.any_needed);
    let any_extra = s.any_fired - any_needed;
    let nots = f.rules.iter().filter(|r| r.kind == RuleKind::Not).count();
    let mut points = (s.all_fired + any_needed) as f64
        + 0.5 * any_extra as f64
        + 0.25 * nots as f64
        + 0.75 * c.confirmed.len() as f64;
    points += match first_error_distance {
        Some(0) => 2.0,
        Some(d) if d <= NEAR_FIRST_ERROR => 1.0,
        _ => 0.0,
    };
    round((1.0 - (-points / 4.0).exp()).clamp(0.01, 1.0))
}

fn why(
    f: &Finding,
    s: &Symptoms,
    c: &ConditionReport,
    near_first: Option<(u64, PatternId)>,
) -> String {
    let mut parts = c.confirmed.clone();
    let names: Vec<String> = s
        .fired
        .iter()
        .map(|&(ri, _)| format!("'{}'", f.rules[ri].name))
        .collect();
    parts.push(format!("symptoms {}", names.join(", ")));
    match near_first {
        Some((0, _)) => parts.push("seen on the first error line".into()),
        Some((d, _)) if d <= NEAR_FIRST_ERROR => parts.push("seen next to the first error".into()),
        _ => {}
    }
    parts.extend(c.unknown.iter().cloned());
    parts.join("; ")
}

fn by_score(a: f64, b: f64) -> Ordering {
    b.partial_cmp(&a).unwrap_or(Ordering::Equal)
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn clip(s: &str) -> String {
    if s.len() <= EVIDENCE_TEXT {
        return s.to_string();
    }
    let mut end = EVIDENCE_TEXT;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}
