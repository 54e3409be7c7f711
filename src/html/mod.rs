//! The one HTML layer: escaping what the build writes, decoding character references, and
//! reading pages into tokens. Every part of the build that writes or reads HTML uses it, so
//! the search index, the ids, the claim check and the decorations read a page alike.

mod decode;
mod entities;
mod tokens;

pub use decode::{decode, decode_attribute, decode_padded};
pub use tokens::{Attr, Attrs, Tag, Token, Tokens, VOID, tokens};

/// Returns `text` with `& < > " '` escaped, safe in HTML and XML text and in quoted
/// attributes. Control characters that XML 1.0 forbids become U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Returns the text a reader sees of an HTML fragment: its text, references decoded,
/// without its tags, comments or raw-text elements.
pub fn text_of(html: &str) -> String {
    let mut out = String::new();
    for token in tokens(html) {
        if let (Token::Text(t), _) = token {
            out.push_str(&decode(t));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{decode, escape, text_of};

    #[test]
    fn the_text_of_a_fragment_has_no_tags_and_decoded_references() {
        assert_eq!(text_of("</span>.</span>"), ".");
        assert_eq!(text_of("<span class=\"claim\" id=\"c\">"), "");
        assert_eq!(text_of("<i>A &amp; B</i>, p.&nbsp;3"), "A & B, p.\u{a0}3");
    }

    #[test]
    fn escapes_markup_and_forbidden_controls() {
        assert_eq!(
            escape("<script>\"a\" & 'b'</script>"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
        assert_eq!(escape("a\u{1}b\tc\n"), "a\u{FFFD}b\tc\n");
    }

    #[test]
    fn decoding_undoes_escaping() {
        let text = "2 ⊗ 3 < \"x\" & 'y'";
        assert_eq!(decode(&escape(text)), text);
    }
}
