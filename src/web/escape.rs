//! The HTML escaper of every template (`askama.toml` puts it in place of askama's own): askama's
//! escaping of `<`, `>`, `&`, `"` and `'`, plus characters that are no markup but still harm a
//! reader: control characters (a terminal escape left in a page runs when the page is piped to a
//! terminal) and bidirectional overrides (`gol.exe` shown as `exe.log`). Each becomes U+FFFD.
//!
//! Crash logs and file names are untrusted, so this is applied to everything a template prints
//! without `|safe`.

use askama::filters::Escaper;
use std::fmt::{self, Write};

/// The escaper named in `askama.toml` for `.html` templates.
#[derive(Debug, Clone, Copy)]
pub struct Html;

/// Characters replaced by U+FFFD: C0 controls but tab and line ends, DEL, C1 controls, and the
/// bidirectional embeddings, overrides and isolates.
pub fn is_hazard(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

impl Escaper for Html {
    fn write_escaped_str<W: Write>(&self, mut dest: W, s: &str) -> fmt::Result {
        let mut start = 0;
        for (i, c) in s.char_indices() {
            if is_hazard(c) {
                askama::filters::Html.write_escaped_str(&mut dest, &s[start..i])?;
                dest.write_char('\u{FFFD}')?;
                start = i + c.len_utf8();
            }
        }
        askama::filters::Html.write_escaped_str(dest, &s[start..])
    }

    fn write_escaped_char<W: Write>(&self, mut dest: W, c: char) -> fmt::Result {
        if is_hazard(c) {
            dest.write_char('\u{FFFD}')
        } else {
            askama::filters::Html.write_escaped_char(dest, c)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &str) -> String {
        let mut out = String::new();
        Html.write_escaped_str(&mut out, s).unwrap();
        out
    }

    #[test]
    fn escapes_markup_controls_and_bidi() {
        assert_eq!(
            esc("<a href='x'>&\"</a>"),
            "&#60;a href=&#39;x&#39;&#62;&#38;&#34;&#60;/a&#62;"
        );
        assert_eq!(esc("\x1b[31mred\x07"), "\u{FFFD}[31mred\u{FFFD}");
        assert_eq!(esc("file \u{202E}gol.exe"), "file \u{FFFD}gol.exe");
        assert_eq!(esc("tab\tnew\nline\r"), "tab\tnew\nline\r");
        assert_eq!(esc("caf\u{e9} \u{85}"), "caf\u{e9} \u{FFFD}");
    }
}
