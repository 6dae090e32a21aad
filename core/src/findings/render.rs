//! Safe rendering of a finding's markdown body to HTML.
//!
//! Finding bodies are reviewed like code, but the rendered HTML is the only finding text a page
//! marks safe, so it is defended twice: raw HTML events are dropped while rendering, and the
//! result goes through ammonia, which strips scripts, event handlers and `javascript:` URLs while
//! keeping ordinary links.

use pulldown_cmark::{html, Event, Options, Parser};

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
