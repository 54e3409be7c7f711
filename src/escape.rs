//! Names for a terminal: one function, so every message shows a name's control characters
//! the same way. Escaping for HTML and XML lives in the HTML layer, `src/html/`.

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
    use super::visible;

    #[test]
    fn names_show_their_control_characters_escaped() {
        assert_eq!(visible("content/Icon\r"), "content/Icon\\r");
        assert_eq!(visible("a\nb\tc"), "a\\nb\\tc");
        assert_eq!(visible("\u{1b}[31m\u{7f}\u{85}"), "\\x1b[31m\\x7f\\x85");
        assert_eq!(visible("grüße ⊗.md"), "grüße ⊗.md");
    }
}
