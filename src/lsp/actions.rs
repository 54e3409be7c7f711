//! Quick fixes: the nearest name a diagnostic already suggests ("did you mean `X`?"), put
//! in place of what was written.

use std::collections::HashMap;
use std::ops::Range;

use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};

use super::position::range;
use crate::diagnostics::Diagnostic;

/// Returns the fixes for the diagnostics of `file` whose spans meet `wanted`, a byte range
/// of `source`.
pub fn fixes(
    uri: &Uri,
    file: &str,
    source: &str,
    found: &[Diagnostic],
    wanted: Range<usize>,
) -> Vec<CodeAction> {
    found
        .iter()
        .filter(|d| d.file == file)
        .filter_map(|d| {
            let span = d.span.clone()?;
            if span.end < wanted.start || span.start > wanted.end {
                return None;
            }
            let old = source.get(span.clone())?;
            let new_text = replacement(old, suggestion(&d.label)?);
            let edit = TextEdit {
                range: range(source, &span),
                new_text: new_text.clone(),
            };
            Some(CodeAction {
                title: format!("Replace with `{new_text}`"),
                kind: Some(CodeActionKind::QUICKFIX),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(true),
                ..CodeAction::default()
            })
        })
        .collect()
}

/// Returns `X` from a label "did you mean `X`?".
fn suggestion(label: &str) -> Option<&str> {
    let inner = label.strip_prefix("did you mean `")?.strip_suffix("`?")?;
    (!inner.is_empty() && !inner.contains('`')).then_some(inner)
}

/// Returns the text to write over `old` for a suggestion: a link keeps its text and gets
/// the suggested destination, a bare name loses the colons or braces it was not written with.
fn replacement(old: &str, suggested: &str) -> String {
    if let Some(mid) = old.find("](")
        && old.ends_with(')')
    {
        let dest = &old[mid + 2..old.len() - 1];
        let token = dest.split_whitespace().next().unwrap_or("");
        let at = mid + 2 + dest.find(token).unwrap_or(0);
        return format!("{}{suggested}{}", &old[..at], &old[at + token.len()..]);
    }
    let marked = |s: &str| s.starts_with(':') || s.starts_with('{');
    if marked(old) == marked(suggested) {
        suggested.to_string()
    } else {
        suggested.trim_matches([':', '{', '}']).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Code;
    use std::str::FromStr;

    #[test]
    fn a_suggested_name_replaces_what_was_written() {
        assert_eq!(replacement("tabel", "{table}"), "table");
        assert_eq!(replacement("{nmi}", "{nim}"), "{nim}");
        assert_eq!(replacement(":sise:", ":size:"), ":size:");
        assert_eq!(replacement("sise", ":size:"), "size");
        assert_eq!(
            replacement("[x](nim.html#stat \"t\")", "nim.html#start"),
            "[x](nim.html#start \"t\")"
        );
        assert_eq!(suggestion("did you mean ```{table}?"), None);
        assert_eq!(
            suggestion("did you mean `{nim}` touching the backtick?"),
            None
        );
        let source = "So {nmi}`2`.\n";
        let d = Diagnostic::error(Code::UnknownRole, "a.md", Some(3..8), "unknown role")
            .with_label("did you mean `{nim}`?");
        let uri = Uri::from_str("file:///a.md").expect("uri");
        let found = fixes(&uri, "a.md", source, &[d], 4..4);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].title, "Replace with `{nim}`");
        assert!(fixes(&uri, "a.md", source, &[], 4..4).is_empty());
    }
}
