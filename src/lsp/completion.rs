//! Names as the author types them: directives after ```` ```{ ````, a directive's options
//! after `:` inside its block and their values after `:name:`, roles after `{` in prose,
//! the page's games and the language's functions in a statement, and pages and their
//! headings in a link's destination.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, MarkupContent,
    MarkupKind, TextEdit,
};

use super::definition::heading_ids;
use super::hover::{directive_doc, option_line};
use super::markup::enclosing_directive;
use super::position::{line_at, range};
use crate::engine::CAPTION;
use crate::ledger::Claim;
use crate::site::content::SourceFile;
use crate::site::urls;

/// The functions of the statement language, each with what it computes.
pub const FUNCTIONS: &[(&str, &str)] = &[
    ("inv", "the nimber inverse, `inv(x)`"),
    ("sqrt", "the nimber square root, `sqrt(x)`"),
    ("ord", "the multiplicative order, `ord(x)`"),
    ("mex", "the least value missing from a set, `mex{0, 1, 3}`"),
    (
        "alpha",
        "α_p, the p-th power of the lowest generator of prime p, `alpha(p)`",
    ),
    ("excess", "Lenstra's excess m_p, `excess(p)`"),
    ("deg", "the degree of x over F₂, `deg(x)`"),
    ("rem", "the remainder of a on division by n, `rem(a, n)`"),
    (
        "excluded",
        "the values the pairs below (a, b) exclude for a ⊗ b, `excluded(a, b)`",
    ),
    (
        "distinct",
        "how many values the pairs below (a, b) exclude, `distinct(a, b)`",
    ),
    ("period", "a game's least proved period, `period(NAME)`"),
    (
        "preperiod",
        "where a game's period starts, `preperiod(NAME)`",
    ),
];

/// The site around the page being edited, for completing links.
pub struct Site<'a> {
    /// The page being edited, when it is one of the site's.
    pub from: Option<&'a SourceFile>,
    /// Every page of the site.
    pub pages: &'a [SourceFile],
    /// The claims of the last build, whose anchors links may name.
    pub claims: &'a [Claim],
    /// Returns a page's text by its path relative to the root.
    pub read: &'a dyn Fn(&str) -> Option<String>,
}

/// Returns the completions at byte `offset` of `text`.
pub fn complete(text: &str, offset: usize, site: &Site<'_>) -> Vec<CompletionItem> {
    let (start, line) = line_at(text, offset);
    let before = &line[..offset - start];
    if let Some(dest) = link_destination(before) {
        return links(text, offset, dest, site);
    }
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
    if (typed > 0 || head.ends_with(['`', '('])) && in_statement(text, start, head) {
        let mut items: Vec<CompletionItem> = Vec::new();
        for d in super::games::defined(text) {
            if d.fence.start < offset && !items.iter().any(|i| i.label == d.name) {
                let line_no = text[..d.fence.start].matches('\n').count() + 1;
                items.push(CompletionItem {
                    label: d.name.clone(),
                    kind: Some(CompletionItemKind::FUNCTION),
                    detail: Some(format!("{{{}}} {}", d.directive, d.rule)),
                    documentation: Some(markdown(format!(
                        "defined by `{{{}}}` on line {line_no}: `{}`",
                        d.directive, d.rule
                    ))),
                    text_edit: Some(edit(d.name.clone())),
                    ..CompletionItem::default()
                });
            }
        }
        items.extend(FUNCTIONS.iter().map(|(name, doc)| CompletionItem {
            label: (*name).to_string(),
            kind: Some(CompletionItemKind::KEYWORD),
            detail: Some((*doc).to_string()),
            text_edit: Some(edit((*name).to_string())),
            ..CompletionItem::default()
        }));
        return items;
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

/// Returns whether the line's text `head`, starting at byte `start` of the page, leaves the
/// cursor in a statement: a role's code, a `{claim}` or `{define}` block's body, or math.
fn in_statement(text: &str, start: usize, head: &str) -> bool {
    let t = head.trim_start();
    match enclosing_directive(text, start) {
        Some("claim" | "define") => {
            return !t.starts_with(':') && !t.starts_with("```") && !t.starts_with("~~~");
        }
        Some(_) => return false,
        None => {}
    }
    // Inside a fenced block that is no directive's, such as code.
    let fences = text[..start]
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            l.starts_with("```") || l.starts_with("~~~")
        })
        .count();
    if fences % 2 == 1 {
        return false;
    }
    // Inside math: an odd number of unescaped dollars before the cursor.
    let dollars = head
        .match_indices('$')
        .filter(|(i, _)| !head[..*i].ends_with('\\'))
        .count();
    if dollars % 2 == 1 {
        return true;
    }
    open_role(head)
}

/// Returns whether `head` ends inside a role's code: `{name}` and backticks with no
/// closing backticks after them.
fn open_role(head: &str) -> bool {
    let mut from = 0;
    while let Some(brace) = head[from..].find('{').map(|i| from + i) {
        from = brace + 1;
        let Some(close) = head[brace..].find('}').map(|i| brace + i) else {
            break;
        };
        let name = &head[brace + 1..close];
        let after = &head[close + 1..];
        let ticks = after.chars().take_while(|&c| c == '`').count();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            continue;
        }
        if ticks == 0 {
            continue;
        }
        let code = &after[ticks..];
        match code.find(&"`".repeat(ticks)) {
            Some(end) => from = close + 1 + ticks + end + ticks,
            None => return true,
        }
    }
    false
}

/// Returns what is typed of a Markdown link's destination when `before` ends inside one,
/// after `](`.
fn link_destination(before: &str) -> Option<&str> {
    let mid = before.rfind("](")?;
    let dest = &before[mid + 2..];
    (!dest.contains([')', ' ', '\t', '<', '>'])).then_some(dest)
}

/// Offers the site's pages, as relative links from this one, for a destination's path,
/// and after `#` the headings (and claims) of the page it names.
fn links(text: &str, offset: usize, dest: &str, site: &Site<'_>) -> Vec<CompletionItem> {
    let Some(from) = site.from else {
        return Vec::new();
    };
    let from_url = from.url();
    let replace = |len: usize, new_text: String| {
        Some(CompletionTextEdit::Edit(TextEdit {
            range: range(text, &(offset - len..offset)),
            new_text,
        }))
    };
    let Some((path, anchor)) = dest.split_once('#') else {
        return site
            .pages
            .iter()
            .filter(|p| p.file != from.file)
            .map(|p| {
                let link = urls::relative_link(&from_url, &p.url());
                CompletionItem {
                    label: link.clone(),
                    kind: Some(CompletionItemKind::FILE),
                    detail: Some(p.file.clone()),
                    text_edit: replace(dest.len(), link),
                    ..CompletionItem::default()
                }
            })
            .collect();
    };
    let page = if path.is_empty() {
        Some(from)
    } else {
        urls::resolve(&from_url, &urls::percent_decode(path))
            .and_then(|url| site.pages.iter().find(|p| p.url() == url))
    };
    let Some(page) = page else {
        return Vec::new();
    };
    let body = if page.file == from.file {
        Some(text.to_string())
    } else {
        (site.read)(&page.file)
    };
    let Some(body) = body else {
        return Vec::new();
    };
    let mut items: Vec<CompletionItem> = heading_ids(&body)
        .into_iter()
        .map(|(id, span)| CompletionItem {
            label: id.clone(),
            kind: Some(CompletionItemKind::REFERENCE),
            detail: Some(body[span].trim().to_string()),
            text_edit: replace(anchor.len(), id),
            ..CompletionItem::default()
        })
        .collect();
    for c in site.claims.iter().filter(|c| c.file == page.file) {
        if !c.anchor.is_empty() && !items.iter().any(|i| i.label == c.anchor) {
            items.push(CompletionItem {
                label: c.anchor.clone(),
                kind: Some(CompletionItemKind::REFERENCE),
                detail: Some(format!("claim `{}`", c.statement)),
                text_edit: replace(anchor.len(), c.anchor.clone()),
                ..CompletionItem::default()
            });
        }
    }
    items
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
        complete(text, at, &no_site())
            .into_iter()
            .map(|c| c.label)
            .collect()
    }

    fn no_site() -> Site<'static> {
        Site {
            from: None,
            pages: &[],
            claims: &[],
            read: &|_| None,
        }
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
        let items = complete(text, 24, &no_site());
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

    #[test]
    fn a_statement_offers_the_page_games_above_and_the_functions() {
        let page = "```{octal}\n:code: 0.77\n:name: kayles\n:upto: 9\n```\n";
        let role = format!("{page}So {{nim}}`kay");
        let names = labels(&role, role.len());
        assert_eq!(
            names.first().map(String::as_str),
            Some("kayles"),
            "{names:?}"
        );
        assert!(names.contains(&"inv".to_string()));
        let claim = format!("{page}```{{claim}}\nper\n```\n");
        assert!(labels(&claim, claim.find("per").expect("p") + 3).contains(&"kayles".to_string()));
        let math = format!("{page}Then $x + kay");
        assert!(labels(&math, math.len()).contains(&"kayles".to_string()));
        let code = format!("{page}```sh\necho $HOME kay\n```\n");
        assert!(
            labels(&code, code.find(" kay").expect("k") + 4).is_empty(),
            "in code"
        );
        let argument = format!("{page}So {{nim}}`period(");
        assert!(labels(&argument, argument.len()).contains(&"kayles".to_string()));
        assert!(labels("So (", 4).is_empty(), "a parenthesis in prose");
        let done = format!("{page}So {{nim}}`kayles(2)` and kay");
        assert!(
            labels(&done, done.len()).is_empty(),
            "prose after a closed role"
        );
        let above = "So {nim}`kay\n```{octal}\n:name: kayles\n```\n";
        assert!(
            !labels(above, 12).contains(&"kayles".to_string()),
            "defined below"
        );
        for (name, _) in FUNCTIONS {
            assert!(crate::stmt::is_reserved(name), "{name}");
        }
    }

    fn source(slug: &str) -> SourceFile {
        SourceFile {
            file: format!("content/{slug}.md"),
            path: std::path::PathBuf::new(),
            slug: slug.to_string(),
        }
    }

    #[test]
    fn a_link_offers_pages_then_their_headings() {
        let pages = [source("a"), source("b"), source("sub/c")];
        let read = |f: &str| (f == "content/b.md").then(|| "# Top\n## The rule\n".to_string());
        let site = Site {
            from: Some(&pages[0]),
            pages: &pages,
            claims: &[],
            read: &read,
        };
        let at = |text: &str| -> Vec<String> {
            complete(text, text.len(), &site)
                .into_iter()
                .map(|c| c.label)
                .collect()
        };
        assert_eq!(at("See [x]("), ["b.html", "sub/c.html"]);
        assert_eq!(at("See [x](b.html#th"), ["top", "the-rule"]);
        assert_eq!(at("# Here\nSee [x](#"), ["here"]);
        assert!(at("See [x](nowhere.html#").is_empty());
        assert!(at("See [x](b.html) and").is_empty());
        let items = complete("See [x](b.ht", 12, &site);
        match &items[0].text_edit {
            Some(CompletionTextEdit::Edit(e)) => {
                assert_eq!(
                    (e.range.start.character, e.new_text.as_str()),
                    (8, "b.html")
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
