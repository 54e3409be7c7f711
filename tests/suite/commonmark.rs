//! Markdown with no directives must come out of the directive layer exactly as plain
//! pulldown-cmark renders it. The CommonMark spec examples are the corpus: each one goes
//! through `expand` and through pulldown-cmark alone, with the site's options, and the
//! HTML must match byte for byte.

use std::ops::Range;

use nimsite::engine::{PageCtx, Shared, expand_page};
use nimsite::math::lint;
use nimsite::site::render::markdown_options;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag};
use serde::Deserialize;

/// One example from the CommonMark spec fixture.
#[derive(Deserialize)]
struct Example {
    example: usize,
    markdown: String,
}

/// Why an example is left out of the identity comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skip {
    /// It holds a `{name}` fence or a `{name}` role, which are meant to expand.
    Directive,
    /// It holds `$…$` math the lint reads as a claim, which gets a wrapping span.
    CheckedMath,
}

fn examples() -> Vec<Example> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/commonmark/spec.json");
    let text = std::fs::read_to_string(path).expect("spec fixture");
    serde_json::from_str(&text).expect("spec fixture is JSON")
}

/// Returns whether `s` is written like a directive or role name.
fn looks_like_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Decides, from pulldown-cmark's own events, whether an example is expected to differ.
fn skip(source: &str, events: &[(Event<'_>, Range<usize>)]) -> Option<Skip> {
    let mut found = None;
    for (event, span) in events {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let info = info.trim();
                if info.len() > 2
                    && info.starts_with('{')
                    && info.ends_with('}')
                    && looks_like_name(&info[1..info.len() - 1])
                {
                    return Some(Skip::Directive);
                }
            }
            Event::Code(_) => {
                let before = &source[..span.start];
                if let Some(inner) = before.strip_suffix('}')
                    && let Some(open) = inner.rfind('{')
                    && looks_like_name(&inner[open + 1..])
                    && !inner[..open].ends_with('\\')
                {
                    return Some(Skip::Directive);
                }
            }
            Event::InlineMath(latex) | Event::DisplayMath(latex) if lint::read(latex).is_ok() => {
                found = Some(Skip::CheckedMath);
            }
            _ => {}
        }
    }
    found
}

/// Renders with pulldown-cmark alone.
fn plain(source: &str) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, Parser::new_ext(source, markdown_options()));
    html
}

/// Renders through the directive layer; returns the HTML and whether it reported errors.
fn expanded(source: &str, shared: &Shared) -> (String, bool) {
    let ctx = PageCtx::new(
        nimsite::catalogue::registry(),
        "spec.md",
        source,
        "spec",
        "",
    );
    let events = Parser::new_ext(source, markdown_options())
        .into_offset_iter()
        .collect();
    let out = expand_page(&ctx, shared, events);
    let errors = out.diagnostics.iter().any(|d| d.is_error());
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, out.events.into_iter().map(|(e, _)| e));
    (html, errors)
}

#[test]
fn spec_examples_without_directives_render_identically() {
    let shared = Shared::new();
    let all = examples();
    assert!(!all.is_empty(), "the fixture holds no examples");
    let (mut compared, mut directive, mut math) = (0, 0, 0);
    let mut mismatches = Vec::new();
    for ex in &all {
        let events: Vec<_> = Parser::new_ext(&ex.markdown, markdown_options())
            .into_offset_iter()
            .collect();
        match skip(&ex.markdown, &events) {
            Some(Skip::Directive) => directive += 1,
            Some(Skip::CheckedMath) => math += 1,
            None => {
                compared += 1;
                let (html, errors) = expanded(&ex.markdown, &shared);
                if errors || html != plain(&ex.markdown) {
                    mismatches.push(ex.example);
                }
            }
        }
    }
    eprintln!(
        "{} examples: {compared} compared, {directive} skipped for a directive or role, \
         {math} skipped for checked math",
        all.len()
    );
    assert!(
        mismatches.is_empty(),
        "examples rendered differently: {mismatches:?}"
    );
    // The exclusions are for the rare example that looks like a directive, not a way out.
    assert!(compared * 50 >= all.len() * 49, "too few examples compared");
}

#[test]
fn every_example_expands_without_panicking_or_errors_outside_directives() {
    let shared = Shared::new();
    for ex in examples() {
        let events: Vec<_> = Parser::new_ext(&ex.markdown, markdown_options())
            .into_offset_iter()
            .collect();
        let (_, errors) = expanded(&ex.markdown, &shared);
        if skip(&ex.markdown, &events).is_none() {
            assert!(!errors, "example {} reported an error", ex.example);
        }
    }
}

#[test]
fn the_comparison_sees_a_role_and_checked_math() {
    let shared = Shared::new();
    let role = "Two times two is {val}`2 * 2`.\n";
    let events: Vec<_> = Parser::new_ext(role, markdown_options())
        .into_offset_iter()
        .collect();
    assert_eq!(skip(role, &events), Some(Skip::Directive));
    assert_ne!(expanded(role, &shared).0, plain(role));

    let math = "So $2 \\otimes 2 = 3$ holds.\n";
    let events: Vec<_> = Parser::new_ext(math, markdown_options())
        .into_offset_iter()
        .collect();
    assert_eq!(skip(math, &events), Some(Skip::CheckedMath));
    assert_ne!(expanded(math, &shared).0, plain(math));
}

#[test]
fn near_misses_of_directive_syntax_render_as_plain_markdown() {
    let shared = Shared::new();
    for source in [
        "A \\{val}`2 * 2` escaped role.\n",
        "Braces {val} then `code` apart.\n",
        "*{val}*`2` across emphasis.\n",
        "$x + 1$ is not a claim.\n",
    ] {
        let events: Vec<_> = Parser::new_ext(source, markdown_options())
            .into_offset_iter()
            .collect();
        assert_eq!(skip(source, &events), None, "{source:?}");
        let (html, errors) = expanded(source, &shared);
        assert!(!errors, "{source:?} reported an error");
        assert_eq!(html, plain(source), "{source:?}");
    }
    // Slips an author makes when meaning a directive or a role are errors, not code.
    for source in [
        "```{Table}\nx\n```\n",
        "```{table\nx\n```\n",
        "```{ table\nx\n```\n",
        "A {Val}`2` capitalised role.\n",
        "A {nim} `2` spaced role.\n",
    ] {
        let (_, errors) = expanded(source, &shared);
        assert!(errors, "{source:?} was not reported");
    }
}
