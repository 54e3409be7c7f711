//! Names as the author types them: directives after ```` ```{ ````, a directive's options
//! after `:` inside its block, and roles after `{` in prose.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, MarkupContent,
    MarkupKind, TextEdit,
};

use super::hover::{directive_doc, option_line};
use super::markup::enclosing_directive;
use super::position::{line_at, range};
use crate::engine::CAPTION;

/// Returns the completions at byte `offset` of `text`.
pub fn complete(text: &str, offset: usize) -> Vec<CompletionItem> {
    let (start, line) = line_at(text, offset);
    let before = &line[..offset - start];
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let typed = before.len() - before.trim_end_matches(is_name).len();
    let head = &before[..before.len() - typed];
    // Replaces what is typed of the name, wherever the client thinks a word starts.
    let edit = |new_text: String| {
        CompletionTextEdit::Edit(TextEdit {
            range: range(text, &(offset - typed..offset)),
            new_text,
        })
    };
    let trimmed = head.trim_start();
    let registry = crate::catalogue::registry();
    if let Some(fence) = trimmed.strip_suffix('{')
        && fence.len() >= 3
        && (fence.chars().all(|c| c == '`') || fence.chars().all(|c| c == '~'))
    {
        let closed = line[offset - start..].starts_with('}');
        return registry
            .directives()
            .iter()
            .map(|d| CompletionItem {
                label: d.name().to_string(),
                kind: Some(CompletionItemKind::KEYWORD),
                documentation: Some(markdown(directive_doc(*d))),
                text_edit: Some(edit(format!(
                    "{}{}",
                    d.name(),
                    if closed { "" } else { "}" }
                ))),
                ..CompletionItem::default()
            })
            .collect();
    }
    if trimmed == ":"
        && let Some(d) = enclosing_directive(text, start).and_then(|n| registry.get(n))
    {
        return d
            .options()
            .iter()
            .chain([&CAPTION])
            .map(|o| CompletionItem {
                label: o.name.to_string(),
                kind: Some(CompletionItemKind::PROPERTY),
                detail: o.required.then(|| "required".to_string()),
                documentation: Some(markdown(option_line(o))),
                text_edit: Some(edit(format!("{}: ", o.name))),
                ..CompletionItem::default()
            })
            .collect();
    }
    if let Some(rest) = trimmed.strip_prefix(':')
        && let Some((name, value)) = rest.split_once(':')
        && value.trim().is_empty()
        && !name.is_empty()
        && let Some(d) = enclosing_directive(text, start).and_then(|n| registry.get(n))
        && let Some(opt) = d.options().iter().find(|o| o.name == name)
    {
        // A space after the colon is the build's; without it the value gets one.
        let space = if value.is_empty() { " " } else { "" };
        return opt
            .choices
            .iter()
            .map(|c| CompletionItem {
                label: (*c).to_string(),
                kind: Some(CompletionItemKind::ENUM_MEMBER),
                detail: Some(format!(":{}: {}", opt.name, opt.help)),
                text_edit: Some(edit(format!("{space}{c}"))),
                ..CompletionItem::default()
            })
            .collect();
    }
    if head.ends_with('{') && !head.ends_with("\\{") {
        return crate::engine::roles::ROLES
            .iter()
            .map(|r| CompletionItem {
                label: (*r).to_string(),
                kind: Some(CompletionItemKind::FUNCTION),
                detail: Some(if *r == "nim" {
                    "the expression and its value, as math".to_string()
                } else {
                    "the value alone".to_string()
                }),
                text_edit: Some(edit(format!("{r}}}`"))),
                ..CompletionItem::default()
            })
            .collect();
    }
    Vec::new()
}

/// Wraps text as Markdown documentation.
fn markdown(value: String) -> Documentation {
    Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(text: &str, at: usize) -> Vec<String> {
        complete(text, at).into_iter().map(|c| c.label).collect()
    }

    #[test]
    fn fences_options_and_roles_complete_their_names() {
        let text = "```{ta\n";
        assert!(labels(text, 6).contains(&"table".to_string()));
        let text = "```{table}\n:\n```\n";
        let names = labels(text, 12);
        assert!(names.contains(&"op".to_string()), "{names:?}");
        assert!(names.contains(&"caption".to_string()));
        assert_eq!(labels("So {n", 5), ["nim", "val"]);
        assert!(labels("plain", 5).is_empty());
        assert!(labels(":", 1).is_empty(), "an option outside any directive");
    }

    #[test]
    fn an_option_offers_the_values_it_accepts() {
        let text = "```{table}\n:op: m\n```\n";
        assert_eq!(labels(text, 17), ["mul", "add"]);
        let text = "```{derivation}\n:detail:\n```\n";
        let items = complete(text, 24);
        assert_eq!(items.len(), 2);
        match &items[0].text_edit {
            Some(CompletionTextEdit::Edit(e)) => assert_eq!(e.new_text, " full"),
            other => panic!("{other:?}"),
        }
        assert!(
            labels("```{table}\n:size: \n```\n", 18).is_empty(),
            "a free value"
        );
        assert!(labels(":op: \n", 5).is_empty(), "outside any directive");
    }
}
