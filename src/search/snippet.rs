//! Highlighted snippets: SQLite's `snippet()`/`highlight()` wrap each match in two private-use
//! sentinel characters ([`MARK_OPEN`], [`MARK_CLOSE`]); [`to_html`] escapes everything else and
//! turns the sentinels into `<mark>`/`</mark>`, always balanced. So the only markup in a snippet
//! is ours, whatever the log said.
//!
//! Pure: no I/O; must not import `db`, `web`, `api` or `app`.

/// Opens a match in snippets from SQLite (U+E000, private use).
pub const MARK_OPEN: char = '\u{E000}';
/// Closes a match in snippets from SQLite (U+E001, private use).
pub const MARK_CLOSE: char = '\u{E001}';

/// A snippet as HTML: escaped text with `<mark>` around the matches, cut after `max_chars`
/// visible characters (with an ellipsis). Marks are balanced whatever the input holds.
pub fn to_html(snippet: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(snippet.len() + 16);
    let mut open = false;
    let mut shown = 0;
    for c in snippet.chars() {
        match c {
            MARK_OPEN if !open => {
                out.push_str("<mark>");
                open = true;
            }
            MARK_CLOSE if open => {
                out.push_str("</mark>");
                open = false;
            }
            MARK_OPEN | MARK_CLOSE => {}
            c => {
                if shown == max_chars {
                    out.push('…');
                    break;
                }
                shown += 1;
                match c {
                    '&' => out.push_str("&amp;"),
                    '<' => out.push_str("&lt;"),
                    '>' => out.push_str("&gt;"),
                    '"' => out.push_str("&quot;"),
                    '\'' => out.push_str("&#39;"),
                    c => out.push(c),
                }
            }
        }
    }
    if open {
        out.push_str("</mark>");
    }
    out
}

/// A snippet as plain text: the sentinels removed.
pub fn to_plain(snippet: &str) -> String {
    snippet
        .chars()
        .filter(|&c| c != MARK_OPEN && c != MARK_CLOSE)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(s: &str) -> String {
        s.replace('[', &MARK_OPEN.to_string())
            .replace(']', &MARK_CLOSE.to_string())
    }

    #[test]
    fn escapes_text_and_marks_matches() {
        let s = marked("<script>alert('x')</script> [CUDA] error & \"[more]\"");
        assert_eq!(
            to_html(&s, 1000),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; <mark>CUDA</mark> error &amp; \
             &quot;<mark>more</mark>&quot;"
        );
        assert_eq!(
            to_plain(&s),
            "<script>alert('x')</script> CUDA error & \"more\""
        );
    }

    #[test]
    fn marks_stay_balanced() {
        assert_eq!(
            to_html(&marked("[[a]] ]b["), 100),
            "<mark>a</mark> b<mark></mark>"
        );
        assert_eq!(to_html(&marked("x [abcdef] y"), 4), "x <mark>ab…</mark>");
        assert_eq!(to_html("plain", 3), "pla…");
        assert_eq!(to_html("abc", 3), "abc");
    }
}
