//! Safe rendering of a finding's markdown body to HTML.
//!
//! Finding bodies are reviewed like code, but the rendered HTML is the only finding text a page
//! marks safe, so it is defended twice: raw HTML events are dropped while rendering, and the
//! result goes through ammonia, which strips scripts, event handlers and `javascript:` URLs while
//! keeping ordinary links.

use pulldown_cmark::{html, Event, Options, Parser};
use std::sync::OnceLock;

/// A body rendered to sanitised HTML on first use: `crashdex analyze` loads every finding but
/// shows none of their HTML, and rendering was a tenth of its start-up.
#[derive(Debug, Clone, Default)]
pub struct RenderedHtml {
    markdown: String,
    html: OnceLock<String>,
}

impl RenderedHtml {
    /// The rendering of `markdown`, done when first read.
    pub fn new(markdown: &str) -> Self {
        RenderedHtml {
            markdown: markdown.to_string(),
            html: OnceLock::new(),
        }
    }

    /// The sanitised HTML.
    pub fn as_str(&self) -> &str {
        self.html.get_or_init(|| render_markdown(&self.markdown))
    }
}

impl std::ops::Deref for RenderedHtml {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for RenderedHtml {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for RenderedHtml {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Renders markdown to sanitised HTML.
pub fn render_markdown(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = Parser::new_ext(markdown, options)
        .filter(|e| !matches!(e, Event::Html(_) | Event::InlineHtml(_)));
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    ammonia::clean(&out)
}

#[cfg(test)]
mod tests {
    use super::render_markdown;

    #[test]
    fn drops_raw_html_and_keeps_links() {
        let html = render_markdown(
            "Hi <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n\
             [bad](javascript:alert(1)) and [good](https://example.com/a)\n",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(html.contains("href=\"https://example.com/a\""), "{html}");
    }

    #[test]
    fn code_spans_stay_escaped_text() {
        let html = render_markdown("`<script>x</script>`");
        assert!(html.contains("&lt;script&gt;"), "{html}");
    }
}
