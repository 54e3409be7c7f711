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

#[cfg(test)]
mod tests {
    use super::{decode, escape};

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
