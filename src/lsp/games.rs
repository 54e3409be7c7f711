//! The games and functions a page defines with ```` ```{octal} ```` and ```` ```{define} ````,
//! read from its text as typed: their names for completion, the fence each comes from for
//! definition, and their values, computed quickly, for hover.

use std::ops::Range;

use crate::engine::parse::parse_block;
use crate::nimber::{OctalCode, OctalGame};
use crate::stmt::{self, Game, Games};
use std::sync::Arc;

/// The most values a hover computes of one game, whatever its `:upto:`.
pub const UPTO_CAP: usize = 2000;

/// The most option pairs an octal game's values may take when hovered.
const OCTAL_WORK: u64 = 1 << 24;

/// The most steps a `{define}` block's rules may take when hovered.
const DEFINE_WORK: u64 = 1 << 22;

/// One name a page defines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defined {
    /// The name claims call it by, such as `kayles`.
    pub name: String,
    /// The directive that defines it: `octal` or `define`.
    pub directive: &'static str,
    /// The defining block's opening fence line, in bytes of the page.
    pub fence: Range<usize>,
    /// The octal code, or the rule's line as written.
    pub rule: String,
    /// The values the block asks for, as written in `:upto:`.
    pub upto: Option<usize>,
}

/// Returns the names the page's `{octal}` and `{define}` blocks define, in page order.
pub fn defined(text: &str) -> Vec<Defined> {
    let mut found = Vec::new();
    for (directive, fence, block) in blocks(text) {
        let Ok(block) = parse_block(text, block) else {
            continue;
        };
        let upto = block
            .options
            .get("upto")
            .and_then(|v| v.value.trim().parse().ok());
        if directive == "octal" {
            if let Some(name) = block.options.get("name") {
                found.push(Defined {
                    name: name.value.trim().to_string(),
                    directive,
                    fence,
                    rule: block
                        .options
                        .get("code")
                        .map_or_else(String::new, |c| c.value.trim().to_string()),
                    upto,
                });
            }
            continue;
        }
        for (line, _) in &block.body {
            let rule = line.trim();
            let name = rule
                .split('(')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string();
            if rule.contains('(') && !name.is_empty() && name.chars().all(is_word) {
                found.push(Defined {
                    name,
                    directive,
                    fence: fence.clone(),
                    rule: rule.to_string(),
                    upto,
                });
            }
        }
    }
    found
}

/// Returns each `{octal}` or `{define}` block: its directive, its fence line and its span
/// from the opening fence to the end of the closing one (or of the page).
fn blocks(text: &str) -> Vec<(&'static str, Range<usize>, Range<usize>)> {
    let mut out = Vec::new();
    let mut open: Option<(Option<&'static str>, Range<usize>)> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let t = line.trim_start();
        if !(t.starts_with("```") || t.starts_with("~~~")) {
            continue;
        }
        match open.take() {
            None => {
                let name = super::markup::fence_name(line.trim_end()).and_then(|(n, _)| match n {
                    "octal" => Some("octal"),
                    "define" => Some("define"),
                    _ => None,
                });
                open = Some((name, start..start + line.trim_end().len()));
            }
            Some((Some(name), fence)) => out.push((name, fence.clone(), fence.start..at)),
            Some((None, _)) => {}
        }
    }
    if let Some((Some(name), fence)) = open {
        out.push((name, fence.clone(), fence.start..text.len()));
    }
    out
}

/// Returns whether a character belongs to a name.
pub fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Returns the name covering byte `col` of `line` and its span in the line, when it is
/// called, `kayles(10)`, or is an argument, `period(kayles)`.
pub fn call_at(line: &str, col: usize) -> Option<(&str, Range<usize>)> {
    let col = col.min(line.len());
    let start = line[..col]
        .char_indices()
        .rev()
        .find(|&(_, c)| !is_word(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = line[col..]
        .find(|c| !is_word(c))
        .map_or(line.len(), |i| col + i);
    if start >= end {
        return None;
    }
    let called = line[end..].trim_start().starts_with('(');
    let argument = line[..start].trim_end().ends_with('(');
    (called || argument).then(|| (&line[start..end], start..end))
}

/// Computes the games defined above byte `before` of the page, each to at most
/// [`UPTO_CAP`] values; a block that does not compute is left out.
pub fn games_above(text: &str, before: usize) -> Games {
    let mut games = Games::new();
    let defined = defined(text);
    let mut i = 0;
    while i < defined.len() {
        let d = &defined[i];
        let same = defined[i..]
            .iter()
            .take_while(|e| e.fence == d.fence)
            .count();
        if d.fence.start >= before {
            break;
        }
        let upto = d.upto.unwrap_or(0).clamp(1, UPTO_CAP);
        if d.directive == "octal" {
            if let Ok(code) = OctalCode::parse(&d.rule)
                && let Ok((game, _)) = OctalGame::compute_within(&code, upto, OCTAL_WORK)
            {
                games.insert(Game::from_octal(&d.name, &game));
            }
        } else {
            let rules: Result<Vec<_>, _> = defined[i..i + same]
                .iter()
                .map(|e| stmt::parse_rule(&e.rule))
                .collect();
            if let Ok(rules) = rules
                && let Ok(tables) = stmt::tabulate(&rules, upto, &games, DEFINE_WORK)
            {
                let (shared, read) = (Arc::<[stmt::Rule]>::from(rules.clone()), games.clone());
                let shared_tables = Arc::<[Vec<u32>]>::from(tables.clone());
                for (index, (rule, values)) in rules.iter().zip(tables).enumerate() {
                    // The period as the build proves it, from a recurring window.
                    let (period, why) = crate::catalogue::prove_period(rule, &values);
                    let moves = stmt::rule_moves(
                        Arc::clone(&shared),
                        index,
                        Arc::clone(&shared_tables),
                        read.clone(),
                    );
                    games.insert(
                        Game::new(rule.name(), values, period)
                            .with_unproved(why)
                            .with_moves(moves),
                    );
                }
            }
        }
        i += same;
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# Games\n\n```{octal}\n:code: 0.77\n:name: kayles\n:upto: 50\n```\n\
        \n```{define}\n:upto: 20\ns(n) = mex{ s(n - k) : k in {1, 2}, k <= n }\n\
        t(n) = s(n) + 1\n```\n\nSo {nim}`kayles(4)`.\n";

    #[test]
    fn octal_and_define_blocks_name_their_games() {
        let found = defined(PAGE);
        let names: Vec<&str> = found.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["kayles", "s", "t"]);
        assert_eq!(found[0].rule, "0.77");
        assert_eq!(&PAGE[found[0].fence.clone()], "```{octal}");
        assert_eq!(&PAGE[found[1].fence.clone()], "```{define}");
        assert_eq!(found[1].upto, Some(20));
        assert!(defined("```{table}\n:op: mul\n```\n").is_empty());
    }

    #[test]
    fn a_call_is_found_under_the_cursor() {
        let line = "So {nim}`kayles(4) + period(s)` and kayles";
        assert_eq!(call_at(line, 11), Some(("kayles", 9..15)));
        assert_eq!(call_at(line, 29).map(|c| c.0), Some("s"));
        assert_eq!(call_at(line, 40), None, "a name not called");
        assert_eq!(call_at(line, 3), None);
    }

    #[test]
    fn games_above_the_cursor_are_computed() {
        let games = games_above(PAGE, PAGE.len());
        let kayles = games.get("kayles").expect("kayles");
        assert_eq!(kayles.value(4), Some(1));
        assert_eq!(games.get("t").and_then(|t| t.value(2)), Some(3));
        let s = games.get("s").and_then(|s| s.period()).expect("a period");
        assert_eq!((s.period, s.preperiod), (3, 0));
        assert!(games_above(PAGE, 5).get("kayles").is_none());
    }
}
