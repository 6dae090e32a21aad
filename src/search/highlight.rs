//! Marks the matches of a search in the text of a hit, and picks its best passage: the work of
//! FTS5's `highlight()` and `snippet()`, done here for incidents. Those functions only run on a
//! row the MATCH is evaluated on, and for the few rows shown SQLite evaluates it again over every
//! doclist: 15-20 ms for a pasted line of common words on 100,000 incidents, for 20 rows.
//!
//! Tokens are the FTS5 tokenizer's (`unicode61 remove_diacritics 2`: runs of letters and
//! digits, case and diacritics folded) and both sides are stemmed, so the words FTS5 matched are
//! the ones marked. (The index stems with Porter, this with Porter's successor; they differ on
//! rare word forms, which then go unmarked.) Marks are [`MARK_OPEN`]/[`MARK_CLOSE`], as SQLite
//! writes them, for `snippet::to_html`.
//!
//! Pure: no I/O; must not import `db`, `web`, `api` or `app`.

use super::snippet::{MARK_CLOSE, MARK_OPEN};
use rust_stemmers::{Algorithm, Stemmer};
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// The phrases of a search, ready to find in text.
pub struct Highlighter {
    stemmer: Stemmer,
    /// Each term's tokens, stemmed; a term is a phrase.
    phrases: Vec<Vec<String>>,
}

/// A token of a text: its byte range and its folded, stemmed form.
struct Token {
    start: usize,
    end: usize,
    stem: String,
}

/// A match: tokens `first..=last` of a text are one of the phrases.
struct Hit {
    first: usize,
    last: usize,
    phrase: usize,
}

impl Highlighter {
    /// For the terms of a search (each a word or a quoted phrase, as given to FTS5).
    pub fn new(terms: &[String]) -> Self {
        let stemmer = Stemmer::create(Algorithm::English);
        let phrases = terms
            .iter()
            .map(|t| {
                tokens(t, &stemmer)
                    .into_iter()
                    .map(|tok| tok.stem)
                    .collect::<Vec<_>>()
            })
            .filter(|p| !p.is_empty())
            .collect();
        Highlighter { stemmer, phrases }
    }

    /// The whole text with every match marked.
    pub fn highlight(&self, text: &str) -> String {
        let text = without_marks(text);
        let toks = tokens(&text, &self.stemmer);
        let hits = self.hits(&toks);
        mark(&text, &toks, &hits, 0, toks.len())
    }

    /// The passage of about `n` tokens, from any of `columns`, that holds the most different
    /// phrases (the earliest column wins a tie), marked, with `…` where text was left out. A
    /// text with no match gives the start of the first non-empty column.
    pub fn snippet(&self, columns: &[&str], n: usize) -> String {
        let n = n.max(1);
        // (score, column, first token)
        let mut best: Option<(usize, usize, usize)> = None;
        let mut cols = Vec::with_capacity(columns.len());
        for (c, text) in columns.iter().enumerate() {
            let text = without_marks(text);
            let toks = tokens(&text, &self.stemmer);
            let hits = self.hits(&toks);
            for h in &hits {
                let start = h.first;
                let score = self.window_score(&hits, start, start + n);
                if best.is_none_or(|(s, _, _)| score > s) {
                    best = Some((score, c, start));
                }
            }
            cols.push((text, toks, hits));
        }
        let Some((_, c, start)) = best else {
            return match cols.iter().find(|(_, toks, _)| !toks.is_empty()) {
                Some((text, toks, _)) => passage(text, toks, &[], 0, n),
                None => String::new(),
            };
        };
        let (text, toks, hits) = &cols[c];
        // centre the matches in the window, as FTS5 does
        let last = hits
            .iter()
            .filter(|h| h.first >= start && h.last < start + n)
            .map(|h| h.last)
            .max()
            .unwrap_or(start);
        let spare = n.saturating_sub(last + 1 - start);
        let start = start.saturating_sub(spare / 2);
        let start = start.min(toks.len().saturating_sub(n));
        passage(text, toks, hits, start, n)
    }

    /// 1000 for each phrase in the window, 1 for each repeat: different phrases first.
    fn window_score(&self, hits: &[Hit], start: usize, end: usize) -> usize {
        let mut seen = vec![false; self.phrases.len()];
        let mut score = 0;
        for h in hits.iter().filter(|h| h.first >= start && h.last < end) {
            score += if seen[h.phrase] { 1 } else { 1000 };
            seen[h.phrase] = true;
        }
        score
    }

    /// Every place a phrase occurs, in text order.
    fn hits(&self, toks: &[Token]) -> Vec<Hit> {
        let mut out = Vec::new();
        for i in 0..toks.len() {
            for (p, phrase) in self.phrases.iter().enumerate() {
                let end = i + phrase.len();
                if end <= toks.len() && toks[i..end].iter().zip(phrase).all(|(t, s)| t.stem == *s) {
                    out.push(Hit {
                        first: i,
                        last: end - 1,
                        phrase: p,
                    });
                }
            }
        }
        out
    }
}

/// Tokens `start..start + n` of a text, marked, with `…` for what is left out on either side.
fn passage(text: &str, toks: &[Token], hits: &[Hit], start: usize, n: usize) -> String {
    let end = (start + n).min(toks.len());
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.push_str(&mark(text, toks, hits, start, end));
    if end < toks.len() {
        out.push('…');
    }
    out
}

/// The text of tokens `start..end` (the whole text when that is all of them) with the hits
/// inside marked; overlapping hits share one mark.
fn mark(text: &str, toks: &[Token], hits: &[Hit], start: usize, end: usize) -> String {
    if toks.is_empty() {
        return text.to_string();
    }
    let from = if start == 0 { 0 } else { toks[start].start };
    let to = if end >= toks.len() {
        text.len()
    } else {
        toks[end - 1].end
    };
    // byte ranges to mark, merged
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for h in hits.iter().filter(|h| h.first >= start && h.last < end) {
        let (a, b) = (toks[h.first].start, toks[h.last].end);
        match ranges.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => ranges.push((a, b)),
        }
    }
    let mut out = String::with_capacity(to - from + 6 * ranges.len());
    let mut at = from;
    for (a, b) in ranges {
        out.push_str(&text[at..a]);
        out.push(MARK_OPEN);
        out.push_str(&text[a..b]);
        out.push(MARK_CLOSE);
        at = b;
    }
    out.push_str(&text[at..to]);
    out
}

/// The text without the sentinel characters, which a log may hold and which would otherwise
/// read as marks.
fn without_marks(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains([MARK_OPEN, MARK_CLOSE]) {
        text.replace([MARK_OPEN, MARK_CLOSE], "").into()
    } else {
        text.into()
    }
}

/// The tokens of `unicode61`: runs of letters, digits and private-use characters.
fn tokens(text: &str, stemmer: &Stemmer) -> Vec<Token> {
    let is_token_char = |c: char| c.is_alphanumeric() || ('\u{E000}'..='\u{F8FF}').contains(&c);
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (start, is_token_char(c) && i < text.len()) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push(Token {
                    start: s,
                    end: i,
                    stem: stem(&text[s..i], stemmer),
                });
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// A word lower-cased, without diacritics, stemmed.
fn stem(word: &str, stemmer: &Stemmer) -> String {
    let folded: String = if word.is_ascii() {
        word.to_ascii_lowercase()
    } else {
        word.nfd()
            .filter(|c| !is_combining_mark(*c))
            .flat_map(char::to_lowercase)
            .collect()
    };
    stemmer.stem(&folded).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(terms: &[&str]) -> Highlighter {
        Highlighter::new(&terms.iter().map(|t| t.to_string()).collect::<Vec<_>>())
    }

    fn show(s: &str) -> String {
        s.replace(MARK_OPEN, "[").replace(MARK_CLOSE, "]")
    }

    #[test]
    fn marks_words_by_their_stem_and_case() {
        let text = "CUDA out of memory. Tried to allocate 2.00 GiB; allocation failed";
        assert_eq!(
            show(&h(&["memory", "Allocated"]).highlight(text)),
            "CUDA out of [memory]. Tried to [allocate] 2.00 GiB; [allocation] failed"
        );
    }

    #[test]
    fn phrases_match_as_a_whole() {
        let hl = h(&["torch.OutOfMemoryError:", "of memory"]);
        assert_eq!(
            show(&hl.highlight("torch.OutOfMemoryError: CUDA out of memory; torch is fine")),
            "[torch.OutOfMemoryError]: CUDA out [of memory]; torch is fine"
        );
    }

    #[test]
    fn overlapping_matches_share_a_mark() {
        assert_eq!(
            show(&h(&["illegal memory", "memory access"]).highlight("an illegal memory access")),
            "an [illegal memory access]"
        );
    }

    #[test]
    fn sentinels_in_the_log_are_not_marks() {
        let text = format!("a {MARK_OPEN}b{MARK_CLOSE} c");
        assert_eq!(show(&h(&["c"]).highlight(&text)), "a b [c]");
    }

    #[test]
    fn diacritics_are_folded() {
        assert_eq!(
            show(&h(&["cafe"]).highlight("Café au lait")),
            "[Café] au lait"
        );
    }

    #[test]
    fn snippet_prefers_the_column_with_more_phrases() {
        let hl = h(&["watchdog", "timeout"]);
        let long: String = (0..40).map(|i| format!("w{i} ")).collect();
        let cols = [
            "the watchdog fired",
            &format!("{long}watchdog caught a collective timeout {long}"),
        ];
        let s = show(&hl.snippet(&cols, 8));
        assert!(s.starts_with('…') && s.ends_with('…'), "{s}");
        assert!(
            s.contains("[watchdog] caught a collective [timeout]"),
            "{s}"
        );
        assert_eq!(s.split_whitespace().count(), 8, "{s}");
    }

    #[test]
    fn snippet_without_a_match_is_the_start_of_a_column() {
        let hl = h(&["absent"]);
        assert_eq!(hl.snippet(&["", "one two three four"], 2), "one two…");
        assert_eq!(hl.snippet(&["", ""], 2), "");
    }

    #[test]
    fn a_whole_short_column_is_shown() {
        let hl = h(&["b"]);
        assert_eq!(show(&hl.snippet(&["a b c."], 24)), "a [b] c.");
    }
}
