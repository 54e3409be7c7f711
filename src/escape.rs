//! Escaping text for HTML and for the XML of SVG figures, and names for a terminal: one
//! function each, so every page, figure and message escapes the same way.

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

/// Returns a name with each control character written as a visible escape (`\r`, `\x1b`),
/// so that a message naming it never acts on a terminal.
pub fn visible(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() && u32::from(c) < 0x100 => {
                out.push_str(&format!("\\x{:02x}", u32::from(c)));
            }
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{escape, visible};

    #[test]
    fn escapes_markup_and_forbidden_controls() {
        assert_eq!(
            escape("<script>\"a\" & 'b'</script>"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
        assert_eq!(escape("a\u{1}b\tc\n"), "a\u{FFFD}b\tc\n");
    }

    #[test]
    fn names_show_their_control_characters_escaped() {
        assert_eq!(visible("content/Icon\r"), "content/Icon\\r");
        assert_eq!(visible("a\nb\tc"), "a\\nb\\tc");
        assert_eq!(visible("\u{1b}[31m\u{7f}\u{85}"), "\\x1b[31m\\x7f\\x85");
        assert_eq!(visible("grüße ⊗.md"), "grüße ⊗.md");
    }
}
