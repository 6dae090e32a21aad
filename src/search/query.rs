//! Search queries: what a person types or pastes, turned into free-text terms and filters
//! ([`parse_query`]), and the terms turned into an FTS5 expression ([`fts_expression`]) in which
//! every term is a quoted string, so no user text is ever read as FTS5 query syntax.
//!
//! Pure: no I/O; must not import `db`, `web`, `api` or `app`.

use crashdex_core::analysis::{ERROR_CLASSES, PHASES};
use serde::Serialize;

/// The longest query text read; the rest of a huge paste is ignored (with a notice).
pub const MAX_QUERY_CHARS: usize = 4_000;
/// The most free-text terms kept; later ones are ignored (with a notice).
pub const MAX_TERMS: usize = 32;
/// The filter keys understood in the query text (`class:cuda_oom`) and as form fields.
pub const FILTER_KEYS: [&str; 6] = ["class", "arch", "framework", "phase", "status", "since"];

/// The parameters of `/search` and `/api/v1/search`: the query text and the filter form fields.
/// Every field may be empty.
#[derive(Debug, Default, Clone)]
pub struct SearchParams {
    pub q: String,
    pub class: String,
    pub arch: String,
    pub framework: String,
    pub phase: String,
    pub status: String,
    pub since: String,
}

impl SearchParams {
    /// Parameters from query-string pairs; unknown keys are ignored, the last value of a
    /// repeated key wins. Never fails.
    pub fn from_pairs(pairs: &[(String, String)]) -> Self {
        let mut p = SearchParams::default();
        for (k, v) in pairs {
            let slot = match k.as_str() {
                "q" => &mut p.q,
                "class" => &mut p.class,
                "arch" => &mut p.arch,
                "framework" => &mut p.framework,
                "phase" => &mut p.phase,
                "status" => &mut p.status,
                "since" => &mut p.since,
                _ => continue,
            };
            slot.clone_from(v);
        }
        p
    }
}

/// The filters of a search; `None` does not filter. Values are normalised (lower case,
/// `sm120` → `sm_120`); `since` is a checked `YYYY-MM-DD` date.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize)]
pub struct Filters {
    /// An error class (`cuda_oom`).
    pub class: Option<String>,
    /// A GPU architecture (`sm_120`), or a prefix ending in `*` (`sm_12*`).
    pub arch: Option<String>,
    /// A framework (`sglang`, `vllm`).
    pub framework: Option<String>,
    /// A phase (`decode`).
    pub phase: Option<String>,
    /// A status: of a finding (`open`, `workaround`, `fixed`) or of a problem.
    pub status: Option<String>,
    /// Only incidents from this day on (`2026-11-01`).
    pub since: Option<String>,
}

impl Filters {
    /// Whether any filter is set.
    pub fn is_empty(&self) -> bool {
        self.pairs().is_empty()
    }

    /// The set filters as `(key, value)`, in [`FILTER_KEYS`] order.
    pub fn pairs(&self) -> Vec<(&'static str, &str)> {
        let all = [
            &self.class,
            &self.arch,
            &self.framework,
            &self.phase,
            &self.status,
            &self.since,
        ];
        FILTER_KEYS
            .iter()
            .zip(all)
            .filter_map(|(k, v)| v.as_deref().map(|v| (*k, v)))
            .collect()
    }

    fn slot(&mut self, key: &str) -> Option<&mut Option<String>> {
        Some(match key {
            "class" => &mut self.class,
            "arch" => &mut self.arch,
            "framework" => &mut self.framework,
            "phase" => &mut self.phase,
            "status" => &mut self.status,
            "since" => &mut self.since,
            _ => return None,
        })
    }

    /// Whether `arch` (an architecture a finding or incident names) passes the arch filter.
    /// Either side may be a prefix pattern ending in `*`.
    pub fn arch_matches(&self, arch: &str) -> bool {
        let Some(want) = self.arch.as_deref() else {
            return true;
        };
        let have = arch.trim().to_ascii_lowercase();
        match (want.strip_suffix('*'), have.strip_suffix('*')) {
            (Some(w), Some(h)) => w.starts_with(h) || h.starts_with(w),
            (Some(w), None) => have.starts_with(w),
            (None, Some(h)) => want.starts_with(h),
            (None, None) => have == want,
        }
    }
}

/// A parsed search: the free-text terms, the filters and notes for the person searching.
#[derive(Debug, Default, Clone, Serialize)]
pub struct SearchQuery {
    /// The query text as given.
    pub text: String,
    /// The free-text terms, each a word or a quoted phrase, without quotes.
    pub terms: Vec<String>,
    pub filters: Filters,
    /// What was ignored or looks wrong (an unknown class, a bad date, a cut paste).
    pub notices: Vec<String>,
}

impl SearchQuery {
    /// Whether there is nothing to search for: no term and no filter.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty() && self.filters.is_empty()
    }
}

/// How the terms of an FTS5 expression combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Every term must appear.
    All,
    /// Any term may appear (bm25 ranks documents with more of them first).
    Any,
}

/// Parses the query text and the form fields. Filters in the text (`class:cuda_oom`) win over
/// form fields; everything else in the text is free text, split on white space, with `"..."`
/// kept together as a phrase. Terms without a letter or digit (`::`, `-`, `*`) are dropped.
pub fn parse_query(params: &SearchParams) -> SearchQuery {
    let mut q = SearchQuery {
        text: params.q.clone(),
        ..Default::default()
    };
    let text: String = if params.q.chars().count() > MAX_QUERY_CHARS {
        q.notices.push(format!(
            "Only the first {MAX_QUERY_CHARS} characters of the query were searched."
        ));
        params.q.chars().take(MAX_QUERY_CHARS).collect()
    } else {
        params.q.clone()
    };
    let mut text_filters = Filters::default();
    for token in tokenize(&text) {
        match token {
            // `File "/usr/lib/.../x.py", line 3`: a quoted path is still a path
            Token::Phrase(p) if !p.contains(' ') => push_term(&mut q, path_tail(&p).to_string()),
            Token::Phrase(p) => push_term(&mut q, p),
            Token::Word(w) => match split_filter(&w) {
                Some((key, value)) => set_filter(&mut text_filters, key, &value, &mut q.notices),
                None => push_term(&mut q, path_tail(&w).to_string()),
            },
        }
    }
    let form = [
        ("class", &params.class),
        ("arch", &params.arch),
        ("framework", &params.framework),
        ("phase", &params.phase),
        ("status", &params.status),
        ("since", &params.since),
    ];
    let mut filters = Filters::default();
    for (key, value) in form {
        if !value.trim().is_empty() {
            set_filter(&mut filters, key, value, &mut q.notices);
        }
    }
    for (key, value) in text_filters.pairs() {
        if let Some(slot) = filters.slot(key) {
            *slot = Some(value.to_string());
        }
    }
    q.filters = filters;
    if q.terms.len() > MAX_TERMS {
        q.terms.truncate(MAX_TERMS);
        q.notices
            .push(format!("Only the first {MAX_TERMS} words were searched."));
    }
    q
}

/// The FTS5 expression for `terms`: each term a double-quoted string (inner `"` doubled), so
/// `OR`, `NEAR`, `*`, `:`, `(` and `-` are plain text. `None` when there is no term.
pub fn fts_expression(terms: &[String], mode: Mode) -> Option<String> {
    if terms.is_empty() {
        return None;
    }
    let quoted: Vec<String> = terms
        .iter()
        .map(|t| format!("\"{}\"", t.replace('"', "\"\"")))
        .collect();
    Some(quoted.join(match mode {
        Mode::All => " ",
        Mode::Any => " OR ",
    }))
}

/// Words too common in logs to tell incidents apart, left out of an any-term search.
const STOPWORDS: [&str; 24] = [
    "a", "an", "and", "at", "by", "error", "errors", "file", "for", "from", "in", "info", "is",
    "line", "not", "of", "on", "or", "the", "to", "warning", "was", "with", "be",
];

/// The terms with their volatile tokens removed: numbers, hex addresses and ids, the parts
/// that differ between two runs of the same crash (`[3,0,0]`, `pid=17201`, `0x7f3a2b`,
/// `Indexing.cu:1515:`). A term is cut where a token is removed, so the rest still matches as
/// phrases; terms left with no word are dropped.
pub fn without_volatile(terms: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for term in terms {
        let mut piece = String::new();
        let flush = |piece: &mut String, out: &mut Vec<String>| {
            let p = piece.trim().to_string();
            if p.chars().any(char::is_alphanumeric)
                && !out.iter().any(|t| t.eq_ignore_ascii_case(&p))
            {
                out.push(p);
            }
            piece.clear();
        };
        for (is_word, run) in runs(term) {
            if is_word && is_volatile(run) {
                flush(&mut piece, &mut out);
            } else {
                piece.push_str(run);
            }
        }
        flush(&mut piece, &mut out);
    }
    out
}

/// The few terms worth an any-term search: no stop words, at most `max`, the longest kept
/// (long words are the rare ones), in their order.
pub fn distinctive(terms: &[String], max: usize) -> Vec<String> {
    let mut keep: Vec<(usize, &String)> = terms
        .iter()
        .enumerate()
        .filter(|(_, t)| !STOPWORDS.contains(&t.to_lowercase().as_str()))
        .collect();
    keep.sort_by_key(|(i, t)| (std::cmp::Reverse(t.chars().count()), *i));
    keep.truncate(max);
    keep.sort_by_key(|(i, _)| *i);
    keep.into_iter().map(|(_, t)| t.clone()).collect()
}

/// `s` cut into alternating runs of word characters (letters, digits) and the rest.
fn runs(s: &str) -> Vec<(bool, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut word = None;
    for (i, c) in s.char_indices() {
        let w = c.is_alphanumeric();
        if word.is_some_and(|prev| prev != w) {
            out.push((word == Some(true), &s[start..i]));
            start = i;
        }
        word = Some(w);
    }
    if start < s.len() {
        out.push((word == Some(true), &s[start..]));
    }
    out
}

/// A number, a `0x` hex literal, or a long hex id with digits in it.
fn is_volatile(token: &str) -> bool {
    let t = token.to_ascii_lowercase();
    let hex = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_hexdigit());
    t.bytes().all(|b| b.is_ascii_digit())
        || t.strip_prefix("0x").is_some_and(hex)
        || (t.len() >= 8 && hex(&t) && t.bytes().any(|b| b.is_ascii_digit()))
}

/// A piece of query text.
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Phrase(String),
}

/// Splits on white space (and control characters); a `"` that starts a piece and has a closing
/// `"` later makes a phrase. An unbalanced `"` is an ordinary character.
fn tokenize(text: &str) -> Vec<Token> {
    let is_space = |c: char| c.is_whitespace() || c.is_control();
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if is_space(chars[i]) {
            i += 1;
            continue;
        }
        if chars[i] == '"' {
            if let Some(len) = chars[i + 1..].iter().position(|&c| c == '"') {
                let phrase: String = chars[i + 1..i + 1 + len]
                    .iter()
                    .map(|&c| if is_space(c) { ' ' } else { c })
                    .collect();
                out.push(Token::Phrase(phrase));
                i += len + 2;
                continue;
            }
        }
        let start = i;
        while i < chars.len() && !is_space(chars[i]) {
            i += 1;
        }
        out.push(Token::Word(chars[start..i].iter().collect()));
    }
    out
}

/// The last component of a path of three or more parts (`/pytorch/aten/src/ATen/native/cuda/
/// Indexing.cu:1515:` gives `Indexing.cu:1515:`); URLs and other words as they are. The directories
/// differ between machines and installs, and as a phrase of common words (`src`, `aten`,
/// `site-packages`) they cost more to match than the rest of a pasted line.
fn path_tail(word: &str) -> &str {
    if word.matches('/').count() < 2 || word.contains("://") {
        return word;
    }
    let trimmed = word.trim_end_matches('/');
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// Adds a term unless it has no letter or digit or is already there (case-insensitively).
fn push_term(q: &mut SearchQuery, term: String) {
    let term = term.split_whitespace().collect::<Vec<_>>().join(" ");
    if !term.chars().any(char::is_alphanumeric) {
        return;
    }
    let lower = term.to_lowercase();
    if q.terms.iter().any(|t| t.to_lowercase() == lower) {
        return;
    }
    q.terms.push(term);
}

/// `key:value` with a known key (any case) and a non-empty value.
fn split_filter(word: &str) -> Option<(&'static str, String)> {
    let (key, value) = word.split_once(':')?;
    let key = FILTER_KEYS.iter().find(|k| k.eq_ignore_ascii_case(key))?;
    let value = value.trim_matches('"');
    (!value.is_empty()).then(|| (*key, value.to_string()))
}

/// Normalises and checks one filter value, then sets it (a bad date is dropped).
fn set_filter(filters: &mut Filters, key: &str, value: &str, notices: &mut Vec<String>) {
    let value = value.trim().to_lowercase();
    let value = match key {
        "arch" => normalize_arch(&value),
        "class" if !ERROR_CLASSES.contains(&value.as_str()) => {
            notices.push(format!(
                "Unknown class `{value}`; the classes are {}.",
                ERROR_CLASSES.join(", ")
            ));
            value
        }
        "phase" if !PHASES.contains(&value.as_str()) => {
            notices.push(format!(
                "Unknown phase `{value}`; the phases are {}.",
                PHASES.join(", ")
            ));
            value
        }
        "since" => match chrono::NaiveDate::parse_from_str(&value, "%Y-%m-%d") {
            Ok(d) => d.format("%Y-%m-%d").to_string(),
            Err(_) => {
                notices.push(format!(
                    "Ignored since:{value}: write the date as YYYY-MM-DD."
                ));
                return;
            }
        },
        _ => value,
    };
    if let Some(slot) = filters.slot(key) {
        *slot = Some(value);
    }
}

/// `sm120`, `120` and `SM_120` all mean `sm_120`.
fn normalize_arch(value: &str) -> String {
    let digits = value
        .strip_prefix("sm_")
        .or_else(|| value.strip_prefix("sm"))
        .unwrap_or(value);
    let digits_only = digits.trim_end_matches(['a', 'f', '*']);
    if !digits_only.is_empty() && digits_only.bytes().all(|b| b.is_ascii_digit()) {
        format!("sm_{digits}")
    } else {
        value.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(q: &str) -> SearchQuery {
        parse_query(&SearchParams {
            q: q.into(),
            ..Default::default()
        })
    }

    #[test]
    fn words_phrases_and_filters() {
        let q = parse(r#"illegal "memory access" class:cuda_illegal_memory_access arch:sm120"#);
        assert_eq!(q.terms, ["illegal", "memory access"]);
        assert_eq!(
            q.filters.class.as_deref(),
            Some("cuda_illegal_memory_access")
        );
        assert_eq!(q.filters.arch.as_deref(), Some("sm_120"));
        assert!(q.notices.is_empty(), "{:?}", q.notices);
    }

    #[test]
    fn every_filter_key() {
        let q = parse(
            "Class:CUDA_OOM arch:SM_90a framework:SGLang phase:decode status:open since:2026-11-01 x",
        );
        let f = &q.filters;
        assert_eq!(f.class.as_deref(), Some("cuda_oom"));
        assert_eq!(f.arch.as_deref(), Some("sm_90a"));
        assert_eq!(f.framework.as_deref(), Some("sglang"));
        assert_eq!(f.phase.as_deref(), Some("decode"));
        assert_eq!(f.status.as_deref(), Some("open"));
        assert_eq!(f.since.as_deref(), Some("2026-11-01"));
        assert_eq!(q.terms, ["x"]);
        assert_eq!(f.pairs().len(), 6);
    }

    #[test]
    fn form_fields_fill_in_and_text_wins() {
        let q = parse_query(&SearchParams {
            q: "oom class:cuda_oom".into(),
            class: "nccl_timeout".into(),
            arch: " 120 ".into(),
            since: "2026-1-5".into(),
            ..Default::default()
        });
        assert_eq!(q.filters.class.as_deref(), Some("cuda_oom"));
        assert_eq!(q.filters.arch.as_deref(), Some("sm_120"));
        assert_eq!(q.filters.since.as_deref(), Some("2026-01-05"));
        assert_eq!(q.terms, ["oom"]);
    }

    #[test]
    fn bad_values_give_notices() {
        let q = parse("since:yesterday class:oom phase:nowhere");
        assert_eq!(q.filters.since, None);
        assert_eq!(q.filters.class.as_deref(), Some("oom"));
        assert_eq!(q.notices.len(), 3, "{:?}", q.notices);
        assert!(q.notices[0].contains("YYYY-MM-DD"));
    }

    #[test]
    fn unknown_keys_and_empty_values_are_text() {
        let q = parse("RuntimeError: foo:bar class: https://x.org/a");
        assert_eq!(
            q.terms,
            ["RuntimeError:", "foo:bar", "class:", "https://x.org/a"]
        );
        assert!(q.filters.is_empty());
    }

    #[test]
    fn pasted_error_line_becomes_quoted_terms() {
        let line = "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1515: indexSelectSmallIndex: \
                    block: [0,0,0], thread: [0,0,0] Assertion `srcIndex < srcSelectDimSize` failed.";
        let q = parse(line);
        assert!(q.terms.contains(&"`srcIndex".to_string()));
        assert!(!q.terms.iter().any(|t| t == "<"));
        let e = fts_expression(&q.terms, Mode::All).unwrap();
        assert!(e.starts_with("\"Indexing.cu:1515:\" "), "{e}");
        assert!(e.contains(" \"indexSelectSmallIndex:\" "));
    }

    #[test]
    fn paths_are_searched_by_their_last_part() {
        let q =
            parse(r#"File "/usr/lib/python3/site-packages/sglang/srt/mem.py", line 9 N/A a/b/"#);
        assert_eq!(q.terms, ["File", "mem.py", "line", "9", "N/A", "b"]);
        assert_eq!(parse("a/b/c.py:7").terms, ["c.py:7"]);
        assert_eq!(
            parse("see https://x.org/a/b").terms,
            ["see", "https://x.org/a/b"]
        );
        // a phrase of several words is the user's own
        assert_eq!(
            parse(r#""in sglang/srt/mem.py""#).terms,
            ["in sglang/srt/mem.py"]
        );
        assert!(parse("///").terms.is_empty());
    }

    #[test]
    fn fts_syntax_is_always_quoted() {
        let q = parse(r#"a OR b NEAR(c d) e* -f "x""y g::h ^i"#);
        let e = fts_expression(&q.terms, Mode::All).unwrap();
        assert_eq!(
            e,
            r#""a" "OR" "b" "NEAR(c" "d)" "e*" "-f" "x" """y" "g::h" "^i""#
        );
        let unbalanced = parse(r#"say "hello"#);
        assert_eq!(unbalanced.terms, ["say", "\"hello"]);
        let e = fts_expression(&unbalanced.terms, Mode::Any).unwrap();
        assert_eq!(e, r#""say" OR """hello""#);
        assert_eq!(fts_expression(&[], Mode::All), None);
    }

    #[test]
    fn punctuation_only_has_no_terms() {
        for s in [
            "",
            "   ",
            "::",
            "* - ( ) `` \"\" ''",
            "\u{0}\u{1b}[ ]",
            "\"",
            "🔥",
        ] {
            let q = parse(s);
            assert!(q.terms.is_empty(), "{s:?} gave {:?}", q.terms);
            assert!(q.is_empty());
        }
    }

    #[test]
    fn duplicates_and_limits() {
        let q = parse("CUDA cuda Cuda error");
        assert_eq!(q.terms, ["CUDA", "error"]);
        let many: String = (0..100).map(|i| format!("w{i} ")).collect();
        let q = parse(&many);
        assert_eq!(q.terms.len(), MAX_TERMS);
        assert_eq!(q.notices.len(), 1);
        let huge = "a".repeat(MAX_QUERY_CHARS + 10);
        assert_eq!(parse(&huge).terms[0].len(), MAX_QUERY_CHARS);
    }

    #[test]
    fn volatile_tokens_are_cut_out() {
        let terms: Vec<String> = [
            "Indexing.cu:1515:",
            "[0,0,0],",
            "pid=17201",
            "0x7f3a2b00",
            "deadbeef1234",
            "foo-123-bar",
            "sm_120",
            "srcIndex",
            "2.00",
            "GiB.",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            without_volatile(&terms),
            [
                "Indexing.cu:",
                "pid=",
                "foo-",
                "-bar",
                "sm_",
                "srcIndex",
                "GiB."
            ]
        );
        assert!(without_volatile(&["123 456".to_string()]).is_empty());
    }

    #[test]
    fn distinctive_terms_are_long_and_not_stop_words() {
        let terms: Vec<String> = [
            "CUDA",
            "error",
            "an",
            "illegal",
            "memory",
            "access",
            "was",
            "encountered",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(distinctive(&terms, 3), ["illegal", "memory", "encountered"]);
        assert_eq!(distinctive(&terms, 10).len(), 5);
    }

    #[test]
    fn arch_patterns() {
        let f = Filters {
            arch: Some("sm_12*".into()),
            ..Default::default()
        };
        assert!(f.arch_matches("sm_120"));
        assert!(f.arch_matches("SM_121"));
        assert!(!f.arch_matches("sm_90"));
        assert!(f.arch_matches("sm_1*"));
        let exact = Filters {
            arch: Some("sm_120".into()),
            ..Default::default()
        };
        assert!(exact.arch_matches("sm_12*"));
        assert!(!exact.arch_matches("sm_100"));
        assert!(Filters::default().arch_matches("anything"));
        assert_eq!(normalize_arch("120a"), "sm_120a");
        assert_eq!(normalize_arch("hopper"), "hopper");
    }

    #[test]
    fn params_from_pairs() {
        let pairs = vec![
            ("q".to_string(), "a".to_string()),
            ("q".to_string(), "b".to_string()),
            ("nope".to_string(), "x".to_string()),
            ("phase".to_string(), "decode".to_string()),
        ];
        let p = SearchParams::from_pairs(&pairs);
        assert_eq!(p.q, "b");
        assert_eq!(p.phase, "decode");
    }
}
