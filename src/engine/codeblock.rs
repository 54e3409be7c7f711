//! Code blocks an author writes with no language, to show numbers rather than a program: a
//! worked example (`6 * 13` and then lines that start with `=`), test cases of an operation
//! (`4, 4 -> 6`), an operation table (`x | 0 1 2` over its rows), or a game's values in
//! rows (`n  0 1 2` over `kayles(n)  0 1 1`). Each is read and its
//! claims checked at their lines, like math in prose. A block of numbers that follows text
//! about a notion (Grundy values, a field) and that none of these readers takes, or a
//! paragraph that is only a list of numbers there, is a table of values nobody checked: it
//! is refused, unless a waiver before it covers it.

use std::ops::Range;

use super::tables::Table;
use super::{Cx, DirectiveError, statements, tables};
use crate::diagnostics::Code;
use crate::math::lint::Lint;
use crate::stmt::{self, Cmp, Mode, Tok, Token};

/// A code block as the engine collects it: its info string, its text and where the text
/// starts in the page.
#[derive(Default)]
pub struct Block {
    info: String,
    text: String,
    /// The source offset of the text, while every piece of it is the source as written.
    at: Option<usize>,
    /// The whole block's span in the page.
    span: Range<usize>,
}

impl Block {
    /// Starts a block with info string `info` at `span`.
    pub fn new(info: &str, span: Range<usize>) -> Self {
        Block {
            info: info.trim().to_string(),
            span,
            ..Block::default()
        }
    }

    /// Adds a piece of the block's text, written at `span` in `source`.
    pub fn push(&mut self, source: &str, text: &str, span: Range<usize>) {
        let exact = source.get(span.clone()) == Some(text);
        let follows = match self.at {
            Some(at) => at + self.text.len() == span.start,
            None => self.text.is_empty(),
        };
        self.at = if exact && follows {
            self.at.or(Some(span.start))
        } else {
            None
        };
        self.text.push_str(text);
    }
}

/// The languages that name text rather than a program.
const TEXT: [&str; 5] = ["", "text", "txt", "plain", "plaintext"];

/// Reads a finished code block: checks the claims of a worked example, test cases or an
/// operation table, and refuses an unread block of numbers after text about a notion.
pub fn check(cx: &mut Cx<'_>, block: Block) {
    let language = block.info.split_whitespace().next().unwrap_or("");
    if !TEXT.contains(&language.to_lowercase().as_str()) {
        return;
    }
    let lines = lines(&block.text);
    if lines.is_empty() {
        return;
    }
    if let Some(at) = block.at {
        let read = cases(cx, &block.text, &lines, at)
            || table(cx, &block.text, &lines, at)
            || value_rows(cx, &block.text, &lines, at)
            || chain(cx, &block.text, &lines, at);
        if read {
            return;
        }
    }
    // The reader's eye reads a text block's lines as prose ("nim-sum    1  2  3"): a fact
    // it would refuse uses the waiver over the block.
    super::prose::waive_unread(cx, &block.text, block.span.clone());
    if is_numbers(&block.text) && follows_notion(cx, block.span.start) {
        // The error points at the block's first line of numbers, not at its fence.
        let first = match block.at {
            Some(at) => at + lines[0].start..at + lines[0].end,
            None => block.span.start..block.span.start + 1,
        };
        refuse(cx, block.span, first);
    }
}

/// Refuses a paragraph that is only a list of numbers (`0, 1, 2, 3, 1, 4, …`) right after
/// text about a notion, unless waived: it is a table of values written as a line, and
/// nothing reads it.
pub fn paragraph(cx: &mut Cx<'_>, span: Range<usize>) {
    let Some(text) = cx.page.source.get(span.clone()) else {
        return;
    };
    let list = text
        .chars()
        .all(|c| c.is_ascii_digit() || c.is_whitespace() || matches!(c, ',' | '.' | '…'));
    let count = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .count();
    if list && count >= 8 && follows_notion(cx, span.start) {
        let first = span.start..span.start + text.find('\n').unwrap_or(text.len());
        refuse(cx, span, first);
    }
}

/// Returns the byte ranges of the non-blank lines of `text`, without their line ends.
fn lines(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if !body.trim().is_empty() {
            out.push(start..start + body.len());
        }
        start += line.len();
    }
    out
}

/// Returns whether `text` is mostly numbers: at least four, and digits are most of what is
/// not space or punctuation.
fn is_numbers(text: &str) -> bool {
    let numbers = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .count();
    let digits = text.chars().filter(char::is_ascii_digit).count();
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    numbers >= 4 && digits > 2 * letters
}

/// Returns whether the text just before `at` (the paragraph or heading before the block)
/// names a notion of the lexicon.
fn follows_notion(cx: &Cx<'_>, at: usize) -> bool {
    let before = tail(cx.page.source, at, 4_000).trim_end();
    let start = before.rfind("\n\n").map_or(0, |i| i + 2);
    !cx.lexicon().notions_in(&before[start..]).is_empty()
}

/// Returns at most the last `len` bytes of `source` before `at`, from a character
/// boundary: what a block looks back on is bounded, so a page of many blocks is not read
/// over and over from its top.
fn tail(source: &str, at: usize, len: usize) -> &str {
    let at = at.min(source.len());
    let mut from = at.saturating_sub(len);
    while !source.is_char_boundary(from) {
        from += 1;
    }
    source.get(from..at).unwrap_or("")
}

/// Reports an unread block of numbers at its first line `first`, or records the block
/// (`span`) as waived.
fn refuse(cx: &mut Cx<'_>, span: Range<usize>, first: Range<usize>) {
    if cx.waive(span) {
        return;
    }
    cx.error(
        DirectiveError::new(
            Code::UncheckedClaim,
            first,
            "a block of numbers after text about a notion, which looks like a table of values but cannot be checked",
        )
        .with_label("not read")
        .with_note("to have it checked, write it as a Markdown table whose header names the expression (`| n | kayles(n) |`), or compute it with a directive")
        .with_note("if it is meant as it stands, waive it with `<!-- unchecked: why -->` before the block"),
    );
}

/// The operation test cases of a block are read under: the one the page last named
/// before `at` ("nim multiplication", `⊕`), if any.
fn operation_named_before(cx: &Cx<'_>, at: usize) -> Option<Tok> {
    let before = tail(cx.page.source, at, 20_000).to_lowercase();
    let last = |words: &[&str]| words.iter().filter_map(|w| before.rfind(w)).max();
    let product = last(&[
        "nim product",
        "nim-product",
        "nim multiplication",
        "nim-multiplication",
        "⊗",
        "\\otimes",
    ]);
    let sum = last(&[
        "nim sum",
        "nim-sum",
        "nim addition",
        "nim-addition",
        "⊕",
        "\\oplus",
        "xor",
    ]);
    match (product, sum) {
        (Some(p), Some(s)) if p > s => Some(Tok::NimProd),
        (Some(_), None) => Some(Tok::NimProd),
        (_, Some(_)) => Some(Tok::NimSum),
        (None, None) => None,
    }
}

/// Reads test cases of a binary operation, one per line, `a, b -> c` (also `→` and `=>`),
/// under the operation the page named last; returns whether the block is of that form.
fn cases(cx: &mut Cx<'_>, text: &str, lines: &[Range<usize>], at: usize) -> bool {
    let parsed: Option<Vec<[&str; 3]>> = lines.iter().map(|r| case(&text[r.clone()])).collect();
    let Some(parsed) = parsed else {
        return false;
    };
    let Some(op) = operation_named_before(cx, at) else {
        return false;
    };
    for (r, [a, b, c]) in lines.iter().zip(parsed) {
        let line = &text[r.clone()];
        let start = line.len() - line.trim_start().len();
        let span = at + r.start + start..at + r.end;
        let here = |tok: Tok| Token::new(tok, span.start..span.start);
        let number = |s: &str| Tok::Num(s.to_string());
        let (a, b, c) = (number(a), number(b), number(c));
        let tokens = [
            here(a),
            here(op.clone()),
            here(b),
            here(Tok::Cmp(Cmp::Eq)),
            here(c),
        ];
        if let Ok(statement) = stmt::parse_tokens(&tokens, span.end, Mode::Plain) {
            statements::read(cx, &Lint::Claim(statement), span, 0);
        }
    }
    true
}

/// Splits a line `a, b -> c` into its three numbers' text.
fn case(line: &str) -> Option<[&str; 3]> {
    let (left, right) = ["->", "→", "=>"]
        .iter()
        .find_map(|arrow| line.split_once(arrow))?;
    let (a, b) = left.split_once(',')?;
    let all = [a.trim(), b.trim(), right.trim()];
    all.iter()
        .all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .then_some(all)
}

/// Reads an operation table drawn in text: a header `x | 0 1 2` whose corner is an
/// operator (`x`, `*`, `×`, `+`, `⊗`, `⊕`), rules of dashes, and rows `2 | 0 2 3`; every
/// entry is checked as the Markdown operation tables are. Returns whether the block is one.
fn table(cx: &mut Cx<'_>, text: &str, lines: &[Range<usize>], at: usize) -> bool {
    let rows: Vec<&Range<usize>> = lines
        .iter()
        .filter(|r| {
            !text[(*r).clone()]
                .chars()
                .all(|c| matches!(c, '-' | '+' | '|' | '=' | ' ' | '\t'))
        })
        .collect();
    let Some((head, body)) = rows.split_first() else {
        return false;
    };
    let Some(header) = row(text, head, at) else {
        return false;
    };
    let corner = match header[0].0.as_str() {
        "x" | "X" | "*" | "×" => "×",
        "+" => "+",
        "⊗" => "⊗",
        "⊕" => "⊕",
        _ => return false,
    };
    let numeric = |cells: &[(String, Range<usize>)]| {
        cells
            .iter()
            .all(|(t, _)| t.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut cells = vec![header];
    for r in body {
        match row(text, r, at) {
            Some(c) if numeric(&c) => cells.push(c),
            _ => return false,
        }
    }
    if !numeric(&cells[0][1..]) || cells.len() < 2 {
        return false;
    }
    cells[0][0].0 = corner.to_string();
    // Claims in a code block have no element of their own to link to: no anchors.
    tables::check(cx, Table::from_cells(cells));
    true
}

/// Splits a table line `2 | 0 2 3` into its margin and entries, with their spans in the
/// page; `None` for a line without exactly one `|`.
fn row(text: &str, line: &Range<usize>, at: usize) -> Option<Vec<(String, Range<usize>)>> {
    let body = &text[line.clone()];
    let (left, right) = body.split_once('|')?;
    if right.contains('|') {
        return None;
    }
    let mut out = Vec::new();
    let words = |part: &str, from: usize, out: &mut Vec<(String, Range<usize>)>| {
        let mut i = 0;
        for word in part.split_whitespace() {
            let k = part[i..].find(word).map_or(i, |k| i + k);
            out.push((word.to_string(), at + from + k..at + from + k + word.len()));
            i = k + word.len();
        }
    };
    words(left, line.start, &mut out);
    if out.len() != 1 {
        return None;
    }
    words(right, line.start + left.len() + 1, &mut out);
    Some(out)
}

/// Reads a game's values drawn in rows: a row of heap sizes `n  0 1 2 …` and below it rows
/// `kayles(n)  0 1 2 …`, or `G(n)` for the game the text before the block names last.
/// Every value is checked at its place. Returns whether the block is one.
fn value_rows(cx: &mut Cx<'_>, text: &str, lines: &[Range<usize>], at: usize) -> bool {
    let words = |r: &Range<usize>| -> Vec<(&str, Range<usize>)> {
        let line = &text[r.clone()];
        let mut out = Vec::new();
        let mut i = 0;
        for word in line.split_whitespace() {
            let k = line[i..].find(word).map_or(i, |k| i + k);
            out.push((word, at + r.start + k..at + r.start + k + word.len()));
            i = k + word.len();
        }
        out
    };
    let numeric = |w: &[(&str, Range<usize>)]| {
        w.len() >= 3 && w.iter().all(|(t, _)| t.bytes().all(|b| b.is_ascii_digit()))
    };
    let Some((head, body)) = lines.split_first() else {
        return false;
    };
    let head = words(head);
    let Some(((label, _), sizes)) = head.split_first() else {
        return false;
    };
    if !matches!(label.trim_end_matches(':'), "n" | "heap" | "size" | "row") || !numeric(sizes) {
        return false;
    }
    let mut rows = Vec::new();
    for r in body {
        let row = words(r);
        let Some(((label, _), values)) = row.split_first() else {
            return false;
        };
        let Some(name) = label.trim_end_matches(':').strip_suffix("(n)") else {
            return false;
        };
        if values.len() != sizes.len() || !numeric(values) {
            return false;
        }
        let game = if cx.games().get(name).is_some() {
            name.to_string()
        } else {
            match game_named_before(cx, at) {
                Some(g) if name.chars().count() == 1 => g,
                _ => return false,
            }
        };
        rows.push((game, values.to_vec()));
    }
    if rows.is_empty() {
        return false;
    }
    for (game, values) in rows {
        for ((size, _), (value, span)) in sizes.iter().zip(values) {
            let here = |tok: Tok| Token::new(tok, span.clone());
            let tokens = [
                here(Tok::Ident(game.clone())),
                here(Tok::LParen),
                here(Tok::Num(size.to_string())),
                here(Tok::RParen),
                here(Tok::Cmp(Cmp::Eq)),
                here(Tok::Num(value.to_string())),
            ];
            if let Ok(statement) = stmt::parse_tokens(&tokens, span.end, Mode::Role) {
                statements::read(cx, &Lint::Claim(statement), span, 0);
            }
        }
    }
    true
}

/// Returns the game defined above whose English or function name the text before `at`
/// names last (the longest name ending there: "Dawson's Kayles" is no "Kayles").
fn game_named_before(cx: &Cx<'_>, at: usize) -> Option<String> {
    let before = tail(cx.page.source, at, 4_000).to_lowercase();
    cx.lexicon()
        .games()
        .iter()
        .filter(|g| cx.games().get(&g.name).is_some())
        .filter_map(|g| {
            let last = [&g.title, &g.name]
                .iter()
                .filter_map(|w| {
                    let w = w.to_lowercase();
                    before.rfind(&w).map(|i| (i + w.len(), w.len()))
                })
                .max()?;
            Some((last, g.name.clone()))
        })
        .max()
        .map(|(_, name)| name)
}

/// Reads a worked example: lines that each start with `=` continue the one before, and
/// the whole is read as plain math, each claim checked at its place. Returns whether the
/// block is one.
fn chain(cx: &mut Cx<'_>, text: &str, lines: &[Range<usize>], at: usize) -> bool {
    let continued = lines
        .iter()
        .skip(1)
        .all(|r| text[r.clone()].trim_start().starts_with('='));
    if lines.len() < 2 || !continued {
        return false;
    }
    // One line of the same length, so that offsets stay offsets into the page.
    let joined: String = text
        .chars()
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    let found = cx.read_text(&joined);
    if !found.iter().any(|f| matches!(f.lint, Lint::Claim(_))) {
        return false;
    }
    for f in found {
        statements::read(cx, &f.lint, at + f.span.start..at + f.span.end, at);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_two_numbers_an_arrow_and_a_number() {
        assert_eq!(case("4, 4 -> 6"), Some(["4", "4", "6"]));
        assert_eq!(case(" 1, 42 → 42 "), Some(["1", "42", "42"]));
        assert_eq!(case("f(4, 4) -> 6"), None);
        assert_eq!(case("4 4 -> 6"), None);
    }

    #[test]
    fn a_table_row_is_a_margin_a_bar_and_entries() {
        let text = " 2 | 0  2  3";
        let r = row(text, &(0..text.len()), 10).expect("a row");
        let words: Vec<&str> = r.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(words, ["2", "0", "2", "3"]);
        assert_eq!(r[3].1, 10 + 11..10 + 12);
        assert!(row("2 | 0 | 1", &(0..9), 0).is_none());
        assert!(row("a b | 0", &(0..7), 0).is_none());
    }

    #[test]
    fn numbers_are_most_of_a_block_of_values() {
        assert!(is_numbers("0 1 2 3\n1 . 4 1 2 7"));
        assert!(!is_numbers("let x = 1 + 2 + 3 + 4; print(x)"));
        assert!(!is_numbers("1 2 3"));
    }

    #[test]
    fn a_look_back_is_bounded_and_starts_at_a_character() {
        assert_eq!(tail("abcdef", 4, 2), "cd");
        assert_eq!(tail("abc", 3, 10), "abc");
        // `é` is two bytes: a cut inside it moves past it.
        assert_eq!(tail("aébc", 5, 3), "bc");
    }

    #[test]
    fn blank_lines_are_not_lines() {
        assert_eq!(lines("a\n\n b\n"), vec![0..1, 3..5]);
    }
}
