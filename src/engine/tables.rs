//! Tables an author writes by hand: a header that names operands (`a`, `b`) and a column
//! that is an expression in them (`a ⊗ b`, `a⁻¹`, `kayles(n)`) states, in each row, that
//! the row's entry is that expression's value. So does a column named by a map in words
//! (`| element | inverse |`), and every cell of an operation table, whose corner is the
//! operator (`| ⊗ | 0 | 1 |`). Each entry is checked as a claim at its line, so a wrong
//! entry in a hand-made table fails the build like a wrong equation.

use std::ops::Range;

use super::{Cx, statements};
use crate::math::lint::Lint;
use crate::stmt::{self, Cmp, Mode, Tok, Token};

/// One cell: its text as the reader sees it and where that text is in the source.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    text: String,
    span: Option<Range<usize>>,
    /// Where the cell's first text event stands in the page's output.
    out_index: Option<usize>,
}

/// A table as it is read: its header and body rows.
#[derive(Default)]
pub struct Table {
    rows: Vec<Vec<Cell>>,
    /// A cell is open, so text belongs to it.
    open_cell: bool,
}

impl Table {
    /// Starts a row (the header is the first).
    pub fn row(&mut self) {
        self.rows.push(Vec::new());
    }

    /// Starts a cell of the current row.
    pub fn cell(&mut self) {
        if self.rows.is_empty() {
            self.row();
        }
        if let Some(r) = self.rows.last_mut() {
            r.push(Cell::default());
        }
        self.open_cell = true;
    }

    /// Returns a table of rows of cells, each its text and where that text is written, as
    /// read from a table drawn in a code block.
    pub fn from_cells(rows: Vec<Vec<(String, Range<usize>)>>) -> Self {
        let cell = |(text, span)| Cell {
            text,
            span: Some(span),
            out_index: None,
        };
        Table {
            rows: rows
                .into_iter()
                .map(|r| r.into_iter().map(cell).collect())
                .collect(),
            open_cell: false,
        }
    }

    /// Ends the current cell.
    pub fn end_cell(&mut self) {
        self.open_cell = false;
    }

    /// Adds text the current cell shows, written at `span`, whose output is at `out_index`.
    pub fn text(&mut self, text: &str, span: Range<usize>, out_index: usize) {
        if !self.open_cell {
            return;
        }
        let Some(cell) = self.rows.last_mut().and_then(|r| r.last_mut()) else {
            return;
        };
        cell.text.push_str(text);
        cell.out_index.get_or_insert(out_index);
        cell.span = Some(match cell.span.take() {
            Some(s) => s.start..span.end,
            None => span,
        });
    }
}

/// Returns the single-letter name a header cell gives an operand, if it is one.
fn operand_name(cell: &Cell) -> Option<String> {
    let t = cell.text.trim();
    (t.len() == 1 && t.chars().all(|c| c.is_ascii_alphabetic())).then(|| t.to_string())
}

/// Lexes a cell's text as plain text, with spans into the page.
fn lex(cell: &Cell) -> Option<Vec<Token>> {
    let span = cell.span.clone()?;
    let tokens = stmt::lexer::lex(&cell.text, Mode::Plain).ok()?;
    // Offsets are the source's only when the cell's text is written as it reads.
    let exact = cell.text.len() == span.len();
    Some(
        tokens
            .into_iter()
            .map(|t| {
                let at = if exact {
                    span.start + t.span.start..span.start + t.span.end
                } else {
                    span.clone()
                };
                Token::new(t.tok, at)
            })
            .collect(),
    )
}

/// Returns whether tokens compute something with a nimber operation or a game the page
/// defines.
fn nimber_operation(cx: &Cx<'_>, tokens: &[Token]) -> bool {
    let mut caret = false;
    tokens.iter().enumerate().any(|(i, t)| {
        let op = match &t.tok {
            Tok::NimSum | Tok::NimProd | Tok::Star | Tok::Omega => true,
            Tok::Ident(n) => stmt::is_function(n) || is_game_call(cx, tokens, i),
            Tok::Minus => caret,
            _ => false,
        };
        caret = t.tok == Tok::Caret || (caret && t.tok == Tok::LParen);
        op
    })
}

/// Returns whether token `i` names a game the page defines, called: `kayles(n)`.
fn is_game_call(cx: &Cx<'_>, tokens: &[Token], i: usize) -> bool {
    let called = tokens.get(i + 1).is_some_and(|t| t.tok == Tok::LParen);
    matches!(&tokens[i].tok, Tok::Ident(n) if called && cx.games().get(n).is_some())
}

/// Returns whether token `i` is an operand's name: a name that is neither a function of
/// the statement language nor a game called.
fn is_operand(cx: &Cx<'_>, tokens: &[Token], i: usize) -> bool {
    matches!(&tokens[i].tok, Tok::Ident(n) if !stmt::is_function(n)) && !is_game_call(cx, tokens, i)
}

/// Returns the expression a column header names in words, in an operand `x`: "inverse",
/// "square root", "order", or a game's value ("Kayles value", "Grundy value" when the
/// page defined one game).
fn map_in_words(cx: &Cx<'_>, header: &str) -> Option<String> {
    let words = header.trim().to_lowercase();
    let words = words.trim_start_matches("its ").trim_start_matches("the ");
    // "inverse of a": the map, of the operand the first column names.
    let words = match words.rsplit_once(" of ") {
        Some((map, x)) if x.len() == 1 && x.bytes().all(|b| b.is_ascii_lowercase()) => map,
        _ => words,
    };
    let map = match words.trim_start_matches("nim-").trim_start_matches("nim ") {
        "inverse" | "multiplicative inverse" => "inv(x)",
        "square" => "x ⊗ x",
        "cube" => "x ⊗ x ⊗ x",
        "square root" => "sqrt(x)",
        "order" | "multiplicative order" => "ord(x)",
        _ => return game_value(cx, words).map(|name| format!("{name}(x)")),
    };
    Some(map.to_string())
}

/// Returns the function name of the game whose value a header in words names: "Kayles
/// value", "value in Kayles", or "value" and "Grundy value" on a page of one game.
fn game_value(cx: &Cx<'_>, words: &str) -> Option<String> {
    let games = cx.game_words();
    let computed = |name: &str| cx.games().get(name).is_some();
    let rest = ["grundy value", "nim-value", "nim value", "value"]
        .iter()
        .find_map(|v| words.strip_suffix(v))
        .or_else(|| {
            [
                "value in ",
                "value of ",
                "grundy value in ",
                "grundy value of ",
            ]
            .iter()
            .find_map(|v| words.strip_prefix(v))
        })?
        .trim();
    let rest = rest.trim_end_matches("'s").trim_end_matches("’s").trim();
    let game = if rest.is_empty() || rest == "grundy" {
        // The one game the page computes, of those the site names.
        let mut computed_here = games.iter().filter(|g| computed(&g.name));
        let one = computed_here.next()?;
        if computed_here.any(|g| g.name != one.name) {
            return None;
        }
        one
    } else {
        games
            .iter()
            .find(|g| g.title.eq_ignore_ascii_case(rest) || g.name.eq_ignore_ascii_case(rest))?
    };
    computed(&game.name).then(|| game.name.clone())
}

/// Returns the operator an operation table's corner cell shows: `⊗`, `⊕`, `×`, `+`.
fn corner_operator(cell: &Cell) -> Option<Token> {
    let mut tokens = lex(cell)?;
    let op = matches!(
        tokens.first().map(|t| &t.tok),
        Some(Tok::NimSum | Tok::NimProd | Tok::Times | Tok::Plus)
    );
    (op && tokens.len() == 1).then(|| tokens.remove(0))
}

/// Checks every entry of an operation table, `row op column = entry`, and returns the
/// anchors to place before the entries checked.
fn check_operation(
    cx: &mut Cx<'_>,
    op: &Token,
    header: &[Cell],
    body: &[Vec<Cell>],
) -> Vec<(usize, String)> {
    let value = |c: Option<&Cell>| lex(c?).filter(|v| v.len() == 1 && operand_like(v));
    let columns: Vec<Option<Vec<Token>>> = header.iter().skip(1).map(|c| value(Some(c))).collect();
    // Only a table whose margins are all values is an operation table.
    if columns.is_empty() || columns.iter().any(Option::is_none) {
        return Vec::new();
    }
    let mut anchors = Vec::new();
    for row in body {
        let Some(left) = value(row.first()) else {
            continue;
        };
        for (j, right) in columns.iter().flatten().enumerate() {
            let Some(cell) = row.get(j + 1) else { continue };
            let Some(entry) = lex(cell).filter(|v| !v.is_empty() && operand_like(v)) else {
                continue;
            };
            let at = entry[0].span.start..entry[entry.len() - 1].span.end;
            // The claim stands at its entry: the margins are placed there too.
            let here = |t: &Token| Token::new(t.tok.clone(), at.start..at.start);
            let mut tokens: Vec<Token> = left.iter().map(here).collect();
            tokens.push(here(op));
            tokens.extend(right.iter().map(here));
            tokens.push(Token::new(Tok::Cmp(Cmp::Eq), at.start..at.start));
            tokens.extend(entry);
            let Ok(statement) = stmt::parse_tokens(&tokens, at.end, Mode::Plain) else {
                continue;
            };
            if let Some(anchor) = statements::read(cx, &Lint::Claim(statement), at, 0)
                && let Some(i) = cell.out_index
            {
                anchors.push((i, anchor));
            }
        }
    }
    anchors
}

/// Checks every body row of a finished table against its expression columns, and
/// returns the anchors to place before the entries checked, by output index.
pub fn check(cx: &mut Cx<'_>, table: Table) -> Vec<(usize, String)> {
    let mut anchors = Vec::new();
    let Some((header, body)) = table.rows.split_first() else {
        return anchors;
    };
    if let Some(op) = header.first().and_then(corner_operator) {
        return check_operation(cx, &op, header, body);
    }
    let numbers = header.len() > 1
        && header[1..]
            .iter()
            .all(|c| lex(c).is_some_and(|v| v.len() == 1 && matches!(v[0].tok, Tok::Num(_))));
    if let Some(name) = header.first().and_then(operand_name).filter(|_| numbers) {
        return check_sideways(cx, &name, header, body);
    }
    let mut names: Vec<(usize, String)> = header
        .iter()
        .enumerate()
        .filter_map(|(i, c)| operand_name(c).map(|n| (i, n)))
        .collect();
    // A first column under a word ("element") is the operand of columns named by a map.
    let by_map = names.is_empty()
        && header
            .iter()
            .skip(1)
            .any(|c| map_in_words(cx, &c.text).is_some());
    if by_map {
        names.push((0, "x".to_string()));
    }
    // A map in words applies to the first column's operand, whatever its name.
    let operand = match names.as_slice() {
        [(0, name)] => Some(name.clone()),
        _ => None,
    };
    if names.is_empty() {
        return anchors;
    }
    for (col, head) in header.iter().enumerate() {
        let map = map_in_words(cx, &head.text).filter(|_| col > 0);
        let expr = match (map, &operand) {
            (Some(map), Some(operand)) => {
                let Some(tokens) = map_tokens(&map, head, operand) else {
                    continue;
                };
                tokens
            }
            _ if by_map => continue,
            _ => {
                let Some(expr) = lex(head) else { continue };
                expr
            }
        };
        if !is_expression_in(cx, &expr, |n| names.iter().any(|(_, m)| m == n)) {
            continue;
        }
        for row in body {
            if let Some(anchor) = check_row(cx, &expr, &names, row, col)
                && let Some(i) = row.get(col).and_then(|c| c.out_index)
            {
                anchors.push((i, anchor));
            }
        }
    }
    anchors
}

/// Returns whether tokens are an expression to check a table by: operands all `known`
/// (at least one), a nimber operation, and no comparison.
fn is_expression_in(cx: &Cx<'_>, expr: &[Token], known: impl Fn(&str) -> bool) -> bool {
    let mut idents = (0..expr.len())
        .filter(|&i| is_operand(cx, expr, i))
        .filter_map(|i| match &expr[i].tok {
            Tok::Ident(n) => Some(n.as_str()),
            _ => None,
        })
        .peekable();
    idents.peek().is_some()
        && idents.all(known)
        && nimber_operation(cx, expr)
        && !expr.iter().any(|t| matches!(t.tok, Tok::Cmp(_)))
}

/// Returns the tokens of a map in words (in `x`) applied to `operand`, placed at `head`.
fn map_tokens(map: &str, head: &Cell, operand: &str) -> Option<Vec<Token>> {
    let at = head.span.clone().unwrap_or_default();
    let tokens = stmt::lexer::lex(map, Mode::Plain).ok()?;
    let rename = |tok: Tok| match tok {
        Tok::Ident(n) if n == "x" => Tok::Ident(operand.to_string()),
        t => t,
    };
    Some(
        tokens
            .into_iter()
            .map(|t| Token::new(rename(t.tok), at.clone()))
            .collect(),
    )
}

/// Checks a table laid on its side: a header row of operands under a one-letter name
/// ("| a | 8 | 9 |"), and rows each headed by an expression in it or a map in words
/// ("| a ⊗ a | 13 | 12 |", "| inverse | 15 | 9 |"), checked cell by cell.
fn check_sideways(
    cx: &mut Cx<'_>,
    name: &str,
    header: &[Cell],
    body: &[Vec<Cell>],
) -> Vec<(usize, String)> {
    let mut anchors = Vec::new();
    let names = [(0, name.to_string())];
    for row in body {
        let Some(head) = row.first() else { continue };
        let expr = match map_in_words(cx, &head.text) {
            Some(map) => map_tokens(&map, head, name),
            None => lex(head).filter(|expr| is_expression_in(cx, expr, |n| n == name)),
        };
        let Some(expr) = expr else { continue };
        for (operand, entry) in header.iter().zip(row).skip(1) {
            let pair = [operand.clone(), entry.clone()];
            if let Some(anchor) = check_row(cx, &expr, &names, &pair, 1)
                && let Some(i) = entry.out_index
            {
                anchors.push((i, anchor));
            }
        }
    }
    anchors
}

/// Checks one row: its entry in column `col` against the header's expression with the
/// row's operands put in; returns the claim's anchor.
fn check_row(
    cx: &mut Cx<'_>,
    expr: &[Token],
    names: &[(usize, String)],
    row: &[Cell],
    col: usize,
) -> Option<String> {
    let entry = row.get(col)?;
    let value = lex(entry).filter(|v| !v.is_empty() && operand_like(v))?;
    let at = value[0].span.start..value[value.len() - 1].span.end;
    let mut tokens = Vec::new();
    for (k, t) in expr.iter().enumerate() {
        match &t.tok {
            Tok::Ident(n) if is_operand(cx, expr, k) => {
                let (i, _) = names.iter().find(|(_, m)| m == n)?;
                let operand = sized(cx, lex(row.get(*i)?)?);
                let operand = Some(operand).filter(|v| !v.is_empty() && operand_like(v))?;
                // An operand of several tokens keeps its own precedence.
                let group = operand.len() > 1;
                if group {
                    tokens.push(Token::new(Tok::LParen, at.start..at.start));
                }
                tokens.extend(
                    operand
                        .into_iter()
                        .map(|t| Token::new(t.tok, at.start..at.start)),
                );
                if group {
                    tokens.push(Token::new(Tok::RParen, at.start..at.start));
                }
            }
            // The claim stands at its entry, so every token is placed there.
            _ => tokens.push(Token::new(t.tok.clone(), at.start..at.start)),
        }
    }
    tokens.push(Token::new(Tok::Cmp(Cmp::Eq), at.start..at.start));
    tokens.extend(value);
    let statement = stmt::parse_tokens(&tokens, at.end, Mode::Plain).ok()?;
    statements::read(cx, &Lint::Claim(statement), at, 0)
}

/// Returns a margin's tokens without the unit after its number: "7 pins" is 7 where a
/// column gives a game's value.
fn sized(cx: &Cx<'_>, mut tokens: Vec<Token>) -> Vec<Token> {
    const UNITS: [&str; 8] = [
        "pins", "tokens", "counters", "coins", "stones", "beans", "heap", "row",
    ];
    let unit = match tokens.as_slice() {
        [
            Token {
                tok: Tok::Num(_), ..
            },
            Token {
                tok: Tok::Ident(w), ..
            },
        ] => {
            let w = w.to_lowercase();
            UNITS.contains(&w.as_str())
                || cx
                    .game_words()
                    .iter()
                    .any(|g| w == g.unit || w.strip_suffix('s') == Some(g.unit.as_str()))
        }
        _ => false,
    };
    if unit {
        tokens.pop();
    }
    tokens
}

/// Returns whether a cell holds a value: no names other than functions, no comparison.
fn operand_like(tokens: &[Token]) -> bool {
    tokens.iter().all(|t| match &t.tok {
        Tok::Ident(n) => stmt::is_function(n),
        Tok::Cmp(_) | Tok::Colon | Tok::Forall | Tok::Exists | Tok::In => false,
        _ => true,
    })
}
