//! Reading the page's markup around the cursor: a directive's fence, the directive a line
//! sits in, a role, a link. Only what the editor's features need, line by line.

/// Returns a fence line's directive name and its byte range in the line, for ```` ```{name} ````.
pub fn fence_name(line: &str) -> Option<(&str, std::ops::Range<usize>)> {
    let indent = line.len() - line.trim_start().len();
    let rest = &line[indent..];
    let mark = rest.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    let ticks = rest.chars().take_while(|&c| c == mark).count();
    if ticks < 3 {
        return None;
    }
    let after = &rest[ticks..];
    let inner = after.trim_start().strip_prefix('{')?;
    let close = inner.find('}')?;
    let start = indent + ticks + (after.len() - after.trim_start().len()) + 1;
    Some((&inner[..close], start..start + close))
}

/// Returns whether a line opens or closes a fenced block.
fn is_fence(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

/// Returns the name of the directive whose block holds the line starting at `line_start`.
pub fn enclosing_directive(text: &str, line_start: usize) -> Option<&str> {
    let before = &text[..line_start];
    let line = before.lines().rev().find(|l| is_fence(l))?;
    fence_name(line).map(|(name, _)| name)
}

/// A role `{name}` followed by its code span, found in one line.
#[derive(Debug, PartialEq, Eq)]
pub struct Role<'a> {
    /// The role's name, such as `nim`.
    pub name: &'a str,
    /// The code inside the backticks.
    pub code: &'a str,
    /// From the `{` to the closing backtick, in bytes within the line.
    pub span: std::ops::Range<usize>,
}

/// Returns the role whose text covers byte `col` of `line`.
pub fn role_at(line: &str, col: usize) -> Option<Role<'_>> {
    let mut from = 0;
    while let Some(open) = line[from..].find('{').map(|i| from + i) {
        from = open + 1;
        let Some(close) = line[open..].find('}').map(|i| open + i) else {
            break;
        };
        let name = &line[open + 1..close];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            continue;
        }
        let after = &line[close + 1..];
        let ticks = after.chars().take_while(|&c| c == '`').count();
        if ticks == 0 {
            continue;
        }
        let fence = "`".repeat(ticks);
        let body = &after[ticks..];
        let Some(end) = body.find(&fence) else {
            continue;
        };
        let span = open..close + 1 + ticks + end + ticks;
        if span.contains(&col) {
            return Some(Role {
                name,
                code: body[..end].trim(),
                span,
            });
        }
        from = span.end;
    }
    None
}

/// Returns the destination of the Markdown link `[text](dest)` covering byte `col`.
pub fn link_at(line: &str, col: usize) -> Option<&str> {
    let mut from = 0;
    while let Some(mid) = line[from..].find("](").map(|i| from + i) {
        let open = line[..mid].rfind('[')?;
        let close = line[mid..].find(')').map(|i| mid + i)?;
        if (open..=close).contains(&col) {
            let dest = line[mid + 2..close].trim();
            // A title after the destination is not part of it.
            return dest.split_whitespace().next();
        }
        from = close + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_roles_and_links_are_found_around_the_cursor() {
        assert_eq!(fence_name("```{table}"), Some(("table", 4..9)));
        assert_eq!(fence_name("```table"), None);
        let text = "x\n```{table}\n:op: mul\n```\n:size: 4\n";
        let at = text.find(":op").expect("op");
        assert_eq!(enclosing_directive(text, at), Some("table"));
        assert_eq!(
            enclosing_directive(text, text.find(":size").expect("size")),
            None
        );
        let line = "So {nim}`2*2` and {val}``inv(4)``.";
        let role = role_at(line, 5).expect("role");
        assert_eq!((role.name, role.code), ("nim", "2*2"));
        assert_eq!(role_at(line, 20).expect("val").code, "inv(4)");
        assert_eq!(role_at(line, 14), None);
        let line = "See [the rule](nim.html#rule \"t\") and [x](y.html).";
        assert_eq!(link_at(line, 6), Some("nim.html#rule"));
        assert_eq!(link_at(line, 40), Some("y.html"));
        assert_eq!(link_at(line, 34), None);
    }
}
