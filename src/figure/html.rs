//! Wraps a figure for a page: a `<figure>` holding the image, its caption and a data-table
//! fallback, so the content survives without the picture.

use super::document::escape;

/// Returns the `<figure>` markup without image dimensions; prefer [`wrap_html_sized`].
///
/// `src` and `alt` are escaped here; `caption_html` and `fallback_html` are trusted HTML.
pub fn wrap_html(src: &str, alt: &str, caption_html: &str, fallback_html: &str) -> String {
    wrap(src, alt, None, caption_html, fallback_html)
}

/// Returns the `<figure>` markup with `width` and `height` set, so the page does not jump.
pub fn wrap_html_sized(
    src: &str,
    alt: &str,
    size: (u32, u32),
    caption_html: &str,
    fallback_html: &str,
) -> String {
    wrap(src, alt, Some(size), caption_html, fallback_html)
}

/// Builds the markup shared by both entry points.
fn wrap(
    src: &str,
    alt: &str,
    size: Option<(u32, u32)>,
    caption_html: &str,
    fallback_html: &str,
) -> String {
    let dims = size.map_or(String::new(), |(w, h)| {
        format!(" width=\"{w}\" height=\"{h}\"")
    });
    format!(
        "<figure class=\"figure\">\n\
         <img src=\"{}\" alt=\"{}\" loading=\"lazy\"{dims}>\n\
         <figcaption>{caption_html}</figcaption>\n\
         <details><summary>Data table</summary>\n{fallback_html}\n</details>\n\
         </figure>\n",
        escape(src),
        escape(alt),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_src_and_alt_only() {
        let html = wrap_html_sized("a\"b.svg", "x < y & z", (10, 20), "<em>c</em>", "<table/>");
        assert!(html.contains("src=\"a&quot;b.svg\""));
        assert!(html.contains("alt=\"x &lt; y &amp; z\""));
        assert!(html.contains("width=\"10\" height=\"20\""));
        assert!(html.contains("<figcaption><em>c</em></figcaption>"));
        assert!(html.contains("<summary>Data table</summary>\n<table/>"));
        assert!(html.contains("loading=\"lazy\""));
        assert!(!wrap_html("s", "a", "c", "f").contains("width="));
    }
}
