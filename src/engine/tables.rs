//! Tables an author writes by hand: a header that names operands (`a`, `b`) and a column
//! that is an expression in them (`a ⊗ b`, `a⁻¹`) states, in each row, that the row's
//! entry is that expression's value. Each row is checked as a claim at its line, so a
//! wrong entry in a hand-made table of products fails the build like a wrong equation.

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

/// Returns whether tokens compute something with a nimber operation.
fn nimber_operation(tokens: &[Token]) -> bool {
    let mut caret = false;
    tokens.iter().any(|t| {
        let op = match &t.tok {
            Tok::NimSum | Tok::NimProd | Tok::Star | Tok::Omega => true,
            Tok::Ident(n) => stmt::is_function(n),
            Tok::Minus => caret,
            _ => false,
        };
        caret = t.tok == Tok::Caret || (caret && t.tok == Tok::LParen);
        op
    })
}

/// Checks every body row of a finished table against its expression columns, and
/// returns the anchors to place before the entries checked, by output index.
pub fn check(cx: &mut Cx<'_>, table: Table) -> Vec<(usize, String)> {
    let mut anchors = Vec::new();
    let Some((header, body)) = table.rows.split_first() else {
        return anchors;
    };
    let names: Vec<(usize, String)> = header
        .iter()
        .enumerate()
        .filter_map(|(i, c)| operand_name(c).map(|n| (i, n)))
        .collect();
    if names.is_empty() {
        return anchors;
    }
    for (col, head) in header.iter().enumerate() {
        let Some(expr) = lex(head) else { continue };
        let idents: Vec<&str> = expr
            .iter()
            .filter_map(|t| match &t.tok {
                Tok::Ident(n) if !stmt::is_function(n) => Some(n.as_str()),
                _ => None,
            })
            .collect();
        let known = |n: &&str| names.iter().any(|(_, m)| m == n);
        let is_expression = !idents.is_empty()
            && idents.iter().all(known)
            && nimber_operation(&expr)
            && !expr.iter().any(|t| matches!(t.tok, Tok::Cmp(_)));
        if !is_expression {
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
    let mut tokens = Vec::new();
    for t in expr {
        match &t.tok {
            Tok::Ident(n) if !stmt::is_function(n) => {
                let (i, _) = names.iter().find(|(_, m)| m == n)?;
                let operand = lex(row.get(*i)?).filter(|v| !v.is_empty() && operand_like(v))?;
                // An operand of several tokens keeps its own precedence.
                let (start, end) = (operand[0].span.start, operand[operand.len() - 1].span.end);
                let group = operand.len() > 1;
                if group {
                    tokens.push(Token::new(Tok::LParen, start..start));
                }
                tokens.extend(operand);
                if group {
                    tokens.push(Token::new(Tok::RParen, end..end));
                }
            }
            _ => tokens.push(t.clone()),
        }
    }
    let at = value[0].span.start..value[value.len() - 1].span.end;
    tokens.push(Token::new(Tok::Cmp(Cmp::Eq), at.start..at.start));
    tokens.extend(value);
    let statement = stmt::parse_tokens(&tokens, at.end, Mode::Plain).ok()?;
    statements::read(cx, &Lint::Claim(statement), at, 0)
}

/// Returns whether a cell holds a value: no names other than functions, no comparison.
fn operand_like(tokens: &[Token]) -> bool {
    tokens.iter().all(|t| match &t.tok {
        Tok::Ident(n) => stmt::is_function(n),
        Tok::Cmp(_) | Tok::Colon | Tok::Forall | Tok::Exists | Tok::In => false,
        _ => true,
    })
}
