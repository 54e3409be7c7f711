//! The math lint: reads what authors write in plain LaTeX math, and in runs of prose, into
//! the statement language, so every claim an essay makes is checked or reported.
//!
//! An author who writes `$2 \otimes 4 = 8$` has made a claim, directive or not. For each
//! span the lint answers one of three things ([`Lint`]): there is no claim here
//! (`$x$`, `$a \otimes b$`, `$2^{64}$`, `$\{0, 1, 2\}$`), here is the claim as a
//! [`Statement`] for the caller to check, or this looks like a claim but cannot be read,
//! with the span of what could not be read and a hint. It never silently skips a claim.
//!
//! A span *looks like a claim* when it has
//!
//! - an `=` or `≠` together with a nimber operator (`\oplus`, `\otimes`, an inverse
//!   `^{-1}`, `\operatorname{mex}`, `\sqrt`, `\operatorname{inv}`, a star value `\ast n`),
//!   or with an ordinal: `\omega`, `\alpha_p`, `\deg`, `\operatorname{excess}`;
//! - an `=` or `≠` together with an operator with two readings (`+`, `\times`, `\cdot`, a
//!   power `x^n`) and no letters: `$3^2 = 9$` is a claim, while the definition
//!   `$F = 2^{2^k}$` and the identity `$n + 1 = m$` are left alone; the same with
//!   letters when it states a law, the same letters on both sides or none on one
//!   (`$n + n = 0$`, `$a + b = b + a$`); or
//! - an order comparison (`<`, `\le`, …) together with a nimber operator. A power alone
//!   does not count there, so ranges such as `$x < 2^{64}$` are left alone.
//!
//! Plain math is parsed in [`Mode::Plain`]: `+`, `\times`, `\cdot` and `x^n` with a
//! positive exponent are read both as nimber and as ordinary operations. `\omega` (or `ω`)
//! is the ordinal ω, a constant rather than a variable; its ordinary power `\omega^{3}` is
//! the ordinal ω³, its nim-power `\omega^{\otimes 3}` is 2. A readable claim
//! with free variables (`$x \oplus y = y \oplus x$`) is unreadable, with the hint to
//! quantify it. [`read_text`] does the same for prose, headings, captions and table cells,
//! where any notation of the language makes a comparison a claim, and also reads claims
//! in words ("the nim-sum of 3 and 5 is 6", "exactly 8 of the nonzero elements below 16
//! are primitive") in a small closed grammar.
//!
//! `a / b` and `\frac{a}{b}` have two readings, as `+` has: the nim quotient `a ⊗ b⁻¹`
//! (`\frac{1}{2} = 3`) and the ordinary quotient (`\frac{16 \cdot 15}{2} = 120`), which
//! must be whole: a reading in which the division leaves a remainder fails, so
//! `7 / 2 = 3` is false under both (its nim quotient is 14) and is never truncated. Beside
//! ω only the nim quotient is read. A name of several letters before `(`
//! (`\operatorname{kayles}(10)`, `\mathrm{kayles}(10)`, `kayles(10)` in prose) is a game
//! the page defines, bound by the engine; one letter before `(`, `g(9)`, is a call too.
//!
//! [`math_claims`] reads a display whole: each row of an `aligned` or `align` (a row that
//! starts with `=` continues the one before), or each cell of an operation table, an
//! `array` or `tabular` with an operator in its top-left cell, as `row op column = cell`
//! at the cell. `\tag{…}`, `\label{…}` and `\notag` are no part of a claim.
//!
//! A set written by a condition over a finite range is read through counts: its size
//! `|\{a < 16 : a \otimes a \otimes a = 1\}| = 3` as `count{a < 16 : …} = 3`, and the
//! equation `\{a < 16 : …\} = \{1, 2, 3\}` (`:` or `\mid`) as the chain of counts that
//! holds exactly when the two sets are equal (see `set_equation`).
//!
//! A quantifier in words after a claim in prose binds its only variable: "g(n + 12) =
//! g(n) for every n < 100", "… for all 1 ≤ a < 4", "… whenever n ≥ 72". A bound below
//! only ("for every n ≥ 60") is read over the [`TRAILING_WINDOW`] values from it, `∀ 60 ≤
//! n < 1060`, and the claim as read says so; a bound that is no literal (`n ≥ n₀`) leaves
//! the prose alone.

mod fermat;
mod frames;
mod latex;
mod laws;
mod text;
mod words;

use std::fmt;
use std::ops::Range;

use crate::stmt::{self, Cmp, Mode, Statement, Tok, Token};
pub use frames::may_be_framed;
use latex::{Item, Unread as UnreadKind};
pub use text::{
    holds_nothing, note_block, read_again_after, read_text, read_text_after, read_text_in,
    read_text_screened, read_text_with,
};
pub use words::last_game_named;

/// A claim, or a claim-like run that cannot be read, found in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Byte offsets of the run in the text.
    pub span: Range<usize>,
    /// The claim ([`Lint::Claim`], spans into the text) or [`Lint::Unreadable`].
    pub lint: Lint,
}

/// What the lint makes of one span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lint {
    /// Mathematics with no claim in it.
    NoClaim,
    /// A claim, read; its spans point into the span's source.
    Claim(Statement),
    /// Something that looks like a claim but cannot be read.
    Unreadable(Unreadable),
}

/// A claim-like span that cannot be read: what could not be read, and how to write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// Byte offsets of the unreadable part, inside the span's source.
    pub span: Range<usize>,
    /// What could not be read, as a lowercase phrase.
    pub what: String,
    /// How to write it so that it is checked.
    pub hint: String,
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read {}; {}", self.what, self.hint)
    }
}

/// Returns plain text that reads as `latex` does (`2 \otimes 2` as `2⊗2`), so a claim that
/// runs from math into the prose around it (`$2 \otimes 2$ = 3`) is read whole; `None`
/// when some of the math cannot be read.
pub fn linear(latex: &str) -> Option<String> {
    if let Some(name) = field_name(latex) {
        return Some(name);
    }
    // Groups nest as deep as the lexer recurses.
    if super::mathml::too_deep(latex).is_some() {
        return None;
    }
    let mut out = String::new();
    for item in latex::lex(latex) {
        let Item::Tok(token) = item else {
            return None;
        };
        let text = match token.tok {
            // In prose `*` is a product; a star value is written `∗`.
            Tok::Star => "∗".to_string(),
            tok => tok.text(),
        };
        let word = |c: char| c.is_alphanumeric() || c == '_';
        if out.ends_with(word) && text.starts_with(word) {
            out.push(' ');
        }
        out.push_str(&text);
    }
    Some(out)
}

/// Reads math that is only a finite field's name, `\mathbb{F}_{16}`, `F_4` or
/// `\mathrm{GF}(16)`, as the plain text `F_16`, so prose about the field reads its size.
fn field_name(latex: &str) -> Option<String> {
    let t = latex.trim();
    let rest = [
        "\\mathbb{F}",
        "\\mathbf{F}",
        "\\mathbb F",
        "\\mathrm{GF}",
        "GF",
        "F",
    ]
    .iter()
    .find_map(|p| t.strip_prefix(p))?
    .trim_start();
    let digits = if let Some(r) = rest.strip_prefix('_') {
        let r = r.trim_start();
        match r.strip_prefix('{') {
            Some(inner) => inner.strip_suffix('}')?.trim(),
            None => r,
        }
    } else {
        rest.strip_prefix('(')?.strip_suffix(')')?.trim()
    };
    let ok = !digits.is_empty() && digits.len() <= 20 && digits.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| format!("F_{digits}"))
}

/// The arrows that join statements in a chain of implications.
const ARROWS: [&str; 10] = [
    "\\implies",
    "\\iff",
    "\\Longrightarrow",
    "\\Longleftrightarrow",
    "\\Rightarrow",
    "\\Leftrightarrow",
    "⟹",
    "⇒",
    "⟺",
    "⇔",
];

/// Splits `P \implies Q \iff R` at its arrows outside any group into the statements it
/// chains, each read as a claim of its own: every link of such a chain is asserted, so
/// each must hold. `None` when there is no arrow.
fn implied_parts(latex: &str) -> Option<Vec<(Range<usize>, String)>> {
    let mut parts = Vec::new();
    let (mut depth, mut start, mut at) = (0usize, 0, 0);
    while at < latex.len() {
        let rest = &latex[at..];
        if let Some(arrow) = ARROWS.iter().find(|a| rest.starts_with(**a)).filter(|a| {
            depth == 0 && !rest[a.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
        }) {
            parts.push(start..at);
            at += arrow.len();
            start = at;
            continue;
        }
        let c = rest.chars().next()?;
        match c {
            '\\' if rest[1..].starts_with(['{', '}']) => at += 1,
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += c.len_utf8();
    }
    if parts.is_empty() {
        return None;
    }
    parts.push(start..latex.len());
    Some(
        parts
            .into_iter()
            .filter(|p| !latex[p.clone()].trim().is_empty())
            .map(|p| (p.clone(), latex[p].to_string()))
            .collect(),
    )
}

/// The marks that stand for the rest of a list: `2^2 = 3, 4^2 = 6, \\ldots`.
const ELLIPSES: [&str; 5] = ["...", "\\ldots", "\\dots", "\\cdots", "…"];

/// Splits a run of equations listed with commas, `2^2 = 3, 4^2 = 6, 16^2 = 24, \\ldots`,
/// at its commas outside any bracket, each equation read as a claim of its own. Every
/// item must hold an `=` or be an ellipsis, and two must hold one, so `f(a, b) = 1`,
/// `x = 1, 2` and `0 \\le a, b < 16` stay whole. `None` for anything else.
fn listed_equations(latex: &str) -> Option<Vec<(Range<usize>, String)>> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in latex.char_indices() {
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(start..at);
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(start..latex.len());
    let text = |r: &Range<usize>| latex[r.clone()].trim().trim_end_matches(['.', ',']).trim();
    let ellipsis = |r: &Range<usize>| {
        let t = text(r);
        t.is_empty() || ELLIPSES.contains(&t)
    };
    let equation = |r: &Range<usize>| text(r).contains('=');
    let equations = items.iter().filter(|r| equation(r)).count();
    if equations < 2 || !items.iter().all(|r| equation(r) || ellipsis(r)) {
        return None;
    }
    Some(
        items
            .into_iter()
            .filter(|r| equation(r))
            .map(|r| (r.clone(), latex[r].to_string()))
            .collect(),
    )
}

/// The environments whose rows are read one by one.
const ROW_ENVIRONMENTS: [&str; 7] = [
    "aligned", "align", "align*", "gather", "gather*", "split", "cases",
];

/// Splits a span that is one row environment (`\begin{aligned} … \end{aligned}`) into
/// its rows, each with `&` and `\\` blanked so offsets stay those of `latex`; a row that
/// starts with a relation (`&= c`) continues the one before, as a chain. `None` when the
/// span is not one such environment.
pub fn environment_rows(latex: &str) -> Option<Vec<(Range<usize>, String)>> {
    let trimmed = latex.trim_start();
    let lead = latex.len() - trimmed.len();
    let Some(rest) = trimmed.strip_prefix("\\begin{") else {
        return implied_parts(latex);
    };
    let name = &rest[..rest.find('}')?];
    if !ROW_ENVIRONMENTS.contains(&name) {
        return None;
    }
    let body_start = lead + "\\begin{".len() + name.len() + 1;
    let end = format!("\\end{{{name}}}");
    let body_end = latex.rfind(&end)?;
    if body_end < body_start || !latex[body_end + end.len()..].trim().is_empty() {
        return None;
    }
    let blanked: String = latex.replace("\\\\", "  ").replace('&', " ");
    let mut groups: Vec<Range<usize>> = Vec::new();
    let mut start = body_start;
    let body = &latex[body_start..body_end];
    let breaks = body.match_indices("\\\\").map(|(i, _)| body_start + i);
    for stop in breaks.chain(std::iter::once(body_end)) {
        let row = start..stop;
        let text = blanked[row.clone()].trim_start();
        if text.trim().is_empty() {
            start = stop + 2;
            continue;
        }
        let continues = [
            "=", "<", ">", "\\ne", "\\le", "\\ge", "\\not", "≠", "≤", "≥",
        ]
        .iter()
        .any(|r| text.starts_with(r));
        match groups.last_mut() {
            Some(last) if continues => last.end = stop,
            _ => groups.push(row),
        }
        start = stop + 2;
    }
    Some(
        groups
            .into_iter()
            .filter(|g| !blanked[g.clone()].trim().is_empty())
            .map(|g| (g.clone(), blanked[g].to_string()))
            .collect(),
    )
}

/// Reads every claim of a LaTeX math span (without its `$` delimiters): each row of a row
/// environment ([`environment_rows`]), each cell of an operation table
/// ([`operation_table`]), or else the span as one ([`lint`]). Each comes with the span it
/// covers; every span, the claims' own included, is an offset into `latex`.
pub fn math_claims(latex: &str) -> Vec<(Range<usize>, Lint)> {
    if let Some(cells) = operation_table(latex) {
        return cells;
    }
    match environment_rows(latex).or_else(|| listed_equations(latex)) {
        Some(rows) => rows
            .into_iter()
            .map(|(at, row)| {
                // Blanks before the row keep its offsets those of `latex`.
                let placed = format!("{}{row}", " ".repeat(at.start));
                (at, lint(&placed))
            })
            .collect(),
        None => vec![(0..latex.len(), lint(latex))],
    }
}

/// The environments whose cells make an operation table.
const TABLE_ENVIRONMENTS: [&str; 3] = ["array", "tabular", "matrix"];

/// Reads an operation table, an `array` or `tabular` whose top-left cell is an operator
/// (`\otimes`, `\oplus`, `⊗`, `+`, `\times`) and whose first row and column are its
/// operands: each other cell that is not empty states `row op column = cell`, read with
/// its span at the cell. A cell that cannot be read is unreadable at its place. `None`
/// when the span is no such table.
pub fn operation_table(latex: &str) -> Option<Vec<(Range<usize>, Lint)>> {
    if super::mathml::too_deep(latex).is_some() {
        return None;
    }
    let trimmed = latex.trim_start();
    let lead = latex.len() - trimmed.len();
    let rest = trimmed.strip_prefix("\\begin{")?;
    let name = &rest[..rest.find('}')?];
    if !TABLE_ENVIRONMENTS.contains(&name) {
        return None;
    }
    let mut body_start = lead + "\\begin{".len() + name.len() + 1;
    // The column specification, `{c|cccc}`.
    if name != "matrix" && latex[body_start..].trim_start().starts_with('{') {
        let open =
            body_start + (latex[body_start..].len() - latex[body_start..].trim_start().len());
        body_start = open + latex[open..].find('}')? + 1;
    }
    let end = format!("\\end{{{name}}}");
    let body_end = latex.rfind(&end)?;
    if body_end < body_start || !latex[body_end + end.len()..].trim().is_empty() {
        return None;
    }
    let grid = table_cells(latex, body_start..body_end);
    let corner = grid.first()?.first()?.clone();
    let op = match &cell_tokens(latex, &corner).ok()?[..] {
        [t] if matches!(t.tok, Tok::NimProd | Tok::NimSum | Tok::Times | Tok::Plus) => t.clone(),
        _ => return None,
    };
    let header = &grid[0];
    let mut out = Vec::new();
    for row in &grid[1..] {
        let Some(row_head) = row.first() else {
            continue;
        };
        for (j, cell) in row.iter().enumerate().skip(1) {
            if latex[cell.clone()].trim().is_empty() {
                continue;
            }
            let Some(col_head) = header.get(j) else {
                let unread = Unreadable {
                    span: cell.clone(),
                    what: "a cell past the operands of the table's first row".into(),
                    hint: "give every column an operand in the first row".into(),
                };
                out.push((cell.clone(), Lint::Unreadable(unread)));
                continue;
            };
            out.push((
                cell.clone(),
                table_claim(latex, &op, row_head, col_head, cell),
            ));
        }
    }
    Some(out)
}

/// Splits a table's body into rows at `\\` and cells at `&`, each cell's span trimmed of
/// rules (`\hline`) and spaces.
fn table_cells(latex: &str, body: Range<usize>) -> Vec<Vec<Range<usize>>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let (mut start, mut at, mut depth) = (body.start, body.start, 0usize);
    let text = &latex[..body.end];
    while at < body.end {
        let rest = &text[at..];
        let c = rest.chars().next().unwrap_or(' ');
        if rest.starts_with("\\\\") && depth == 0 {
            row.push(start..at);
            rows.push(std::mem::take(&mut row));
            at += 2;
            start = at;
            continue;
        }
        match c {
            '\\' => {
                at += 1 + rest[1..].chars().next().map_or(0, char::len_utf8);
                continue;
            }
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            '&' if depth == 0 => {
                row.push(start..at);
                start = at + 1;
            }
            _ => {}
        }
        at += c.len_utf8();
    }
    row.push(start..body.end);
    rows.push(row);
    rows.into_iter()
        .map(|r| r.into_iter().map(|c| trim_cell(latex, c)).collect())
        .filter(|r: &Vec<Range<usize>>| r.iter().any(|c| !c.is_empty()))
        .collect()
}

/// Trims a cell's span of spaces and of rules before it (`\hline`, `\midrule`).
fn trim_cell(latex: &str, mut cell: Range<usize>) -> Range<usize> {
    const RULES: [&str; 4] = ["\\hline", "\\toprule", "\\midrule", "\\bottomrule"];
    loop {
        let text = &latex[cell.clone()];
        let trimmed = text.trim_start();
        cell.start += text.len() - trimmed.len();
        match RULES.iter().find(|r| trimmed.starts_with(**r)) {
            Some(r) => cell.start += r.len(),
            None => break,
        }
    }
    let text = &latex[cell.clone()];
    cell.end = cell.start + text.trim_end().len();
    // A `tabular`'s cell holds its math in `$…$`.
    let text = &latex[cell.clone()];
    if text.len() >= 2 && text.starts_with('$') && text.ends_with('$') {
        cell = cell.start + 1..cell.end - 1;
    }
    cell
}

/// Lexes one cell, spans into `latex`, or returns what in it cannot be read.
fn cell_tokens(latex: &str, cell: &Range<usize>) -> Result<Vec<Token>, Unreadable> {
    let mut tokens = Vec::new();
    for item in latex::lex(&latex[cell.clone()]) {
        match item {
            Item::Tok(t) => tokens.push(Token::new(
                t.tok,
                cell.start + t.span.start..cell.start + t.span.end,
            )),
            Item::Unread {
                span, what, hint, ..
            } => {
                let span = cell.start + span.start..cell.start + span.end;
                let hint = hint.to_string();
                return Err(Unreadable { span, what, hint });
            }
            Item::Punct(_) => {}
        }
    }
    Ok(tokens)
}

/// Reads the claim `row op col = cell` of one cell of an operation table; the operands
/// and the operator stand, as spans, at the cell's start.
fn table_claim(
    latex: &str,
    op: &Token,
    row: &Range<usize>,
    col: &Range<usize>,
    cell: &Range<usize>,
) -> Lint {
    let at = cell.start..cell.start;
    let operand = |r: &Range<usize>| -> Result<Vec<Token>, Unreadable> {
        let tokens = cell_tokens(latex, r)?;
        if tokens.is_empty() {
            let what = "a row or column of the table with no operand".to_string();
            let hint = "give each row and column its operand".to_string();
            return Err(Unreadable {
                span: r.clone(),
                what,
                hint,
            });
        }
        let mut out = vec![Token::new(Tok::LParen, at.clone())];
        out.extend(tokens.into_iter().map(|t| Token::new(t.tok, at.clone())));
        out.push(Token::new(Tok::RParen, at.clone()));
        Ok(out)
    };
    let parts = (|| {
        let mut tokens = operand(row)?;
        tokens.push(Token::new(op.tok.clone(), at.clone()));
        tokens.extend(operand(col)?);
        tokens.push(Token::new(Tok::Cmp(Cmp::Eq), at.clone()));
        tokens.extend(cell_tokens(latex, cell)?);
        Ok(tokens)
    })();
    match parts {
        Ok(tokens) => judge(stmt::parse_tokens(&tokens, latex.len(), Mode::Plain), true),
        Err(u) => Lint::Unreadable(u),
    }
}

/// Returns `text` lowercased, with line breaks and tabs read as spaces so that a phrase
/// may run over a line's end; `None` when lowercasing would move byte offsets, which
/// spans into the result must share with `text`.
fn lowered(text: &str) -> Option<String> {
    let lower: String = text
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_whitespace() && c.is_ascii() {
                ' '
            } else {
                c
            }
        })
        .collect();
    (lower.len() == text.len()).then_some(lower)
}

/// Reads a LaTeX math span (without its `$` delimiters).
pub fn lint(latex: &str) -> Lint {
    // Too deep to read safely; converting it to MathML fails at its place instead.
    if super::mathml::too_deep(latex).is_some() {
        return Lint::NoClaim;
    }
    let items = latex::lex(latex);
    let name = Tok::Ident("x".into());
    let like = claim_like(
        items.iter().filter_map(|i| match i {
            Item::Tok(t) => Some(&t.tok),
            Item::Unread {
                kind: UnreadKind::Operator,
                ..
            } => Some(&Tok::Times),
            Item::Unread {
                kind: UnreadKind::Name,
                ..
            } => Some(&name),
            Item::Unread {
                kind: UnreadKind::BigOperator,
                ..
            } => Some(&Tok::NimSum),
            _ => None,
        }),
        &|_| false,
    );
    if let Some(Item::Unread {
        span, what, hint, ..
    }) = items.iter().find(|i| matches!(i, Item::Unread { .. }))
    {
        return unreadable_if(like, span.clone(), what.clone(), hint.to_string());
    }
    let tokens: Vec<Token> = items
        .into_iter()
        .filter_map(|i| match i {
            Item::Tok(t) => Some(t),
            _ => None,
        })
        .collect();
    let like = like || law(&tokens.iter().map(|t| &t.tok).collect::<Vec<_>>());
    let (tokens, like) = match set_equation(&tokens) {
        Some(counted) => (counted, true),
        None => (tokens, like),
    };
    // Only a claim-like span is read as a law: `n + 1 = m` stays a definition.
    let parsed = if like {
        parse_law(&tokens, latex.len())
    } else {
        stmt::parse_tokens(&tokens, latex.len(), Mode::Plain)
    };
    judge(parsed, like)
}

/// Rewrites a set-builder equation, `\{a < 16 : P\} = \{1, 2, 3\}` (a range binder, a
/// listed set of literals), as the chain of counts that holds exactly when the two sets
/// are equal: `count{a < 16 : P} = count{a ∈ {1, 2, 3} : P} = count{a ∈ {1, 2, 3} : a <
/// 16} = 3`, the number of distinct listed values. `None` for any other tokens.
fn set_equation(tokens: &[Token]) -> Option<Vec<Token>> {
    let tok = |i: usize| tokens.get(i).map(|t| &t.tok);
    if tok(0) != Some(&Tok::LBrace) {
        return None;
    }
    // The comprehension's `}`, and its `:` at depth one.
    let mut depth = 0usize;
    let (mut colon, mut close) = (None, None);
    for (i, t) in tokens.iter().enumerate() {
        match t.tok {
            Tok::LBrace | Tok::LParen => depth += 1,
            Tok::RBrace | Tok::RParen => depth = depth.saturating_sub(1),
            Tok::Colon if depth == 1 && colon.is_none() => colon = Some(i),
            _ => {}
        }
        if depth == 0 {
            close = Some(i);
            break;
        }
    }
    let (colon, close) = (colon?, close?);
    let binder = &tokens[1..colon];
    let var = match binder.iter().map(|t| &t.tok).collect::<Vec<_>>()[..] {
        [Tok::Ident(v), Tok::Cmp(Cmp::Lt | Cmp::Le), Tok::Num(_)] => v.clone(),
        [
            Tok::Num(_),
            Tok::Cmp(Cmp::Lt | Cmp::Le),
            Tok::Ident(v),
            Tok::Cmp(Cmp::Lt | Cmp::Le),
            Tok::Num(_),
        ] => v.clone(),
        _ => return None,
    };
    if tok(close + 1) != Some(&Tok::Cmp(Cmp::Eq)) || tok(close + 2) != Some(&Tok::LBrace) {
        return None;
    }
    let listed = &tokens[close + 2..];
    let (open_set, close_set) = (listed.first()?, listed.last()?);
    if close_set.tok != Tok::RBrace {
        return None;
    }
    let mut values = Vec::new();
    for (i, t) in listed[1..listed.len() - 1].iter().enumerate() {
        match (&t.tok, i % 2) {
            (Tok::Num(n), 0) => values.push(n.parse::<u128>().ok()?),
            (Tok::Comma, 1) => {}
            _ => return None,
        }
    }
    values.sort_unstable();
    values.dedup();
    let body = &tokens[colon + 1..close];
    let at = |t: &Token| t.span.clone();
    let count_over = |domain: &[Token], chain: &[Token]| {
        let mut out = vec![
            Token::new(Tok::Ident("count".into()), at(&tokens[0])),
            tokens[0].clone(),
        ];
        out.extend_from_slice(domain);
        out.push(tokens[colon].clone());
        out.extend_from_slice(chain);
        out.push(tokens[close].clone());
        out
    };
    let mut in_set = vec![
        Token::new(Tok::Ident(var), at(open_set)),
        Token::new(Tok::In, at(open_set)),
    ];
    in_set.extend_from_slice(listed);
    let eq = tokens[close + 1].clone();
    let mut out = count_over(binder, body);
    out.push(eq.clone());
    out.extend(count_over(&in_set, body));
    out.push(eq.clone());
    out.extend(count_over(&in_set, binder));
    out.push(eq);
    let span = open_set.span.start..close_set.span.end;
    out.push(Token::new(Tok::Num(values.len().to_string()), span));
    Some(out)
}

/// How far a free variable ranges when the page states no domain: a law such as
/// `a \oplus a = 0` is read as holding for every nimber below 256 (the field of 2^8
/// elements), or below 16 when it has three variables or more, so it stays within a
/// claim's work.
pub const FREE_DOMAIN: (u128, u128) = (256, 16);

/// Parses plain-mode tokens; a claim with free variables is read as a law, quantified
/// over [`FREE_DOMAIN`].
pub(crate) fn parse_law(tokens: &[Token], len: usize) -> Result<Statement, stmt::ExprError> {
    let parsed = stmt::parse_tokens(tokens, len, Mode::Plain);
    let Ok(s) = &parsed else {
        return parsed;
    };
    let free = s.free_variables();
    if free.is_empty() || !s.is_claim() || s.is_definition() {
        return parsed;
    }
    let bound = if free.len() <= 2 {
        FREE_DOMAIN.0
    } else {
        FREE_DOMAIN.1
    };
    let at = s.span().start..s.span().start;
    let mut law = vec![Token::new(Tok::Forall, at.clone())];
    for (i, v) in free.iter().enumerate() {
        if i > 0 {
            law.push(Token::new(Tok::Comma, at.clone()));
        }
        let span = s.variable_span(v).unwrap_or(at.clone());
        law.push(Token::new(Tok::Ident(v.clone()), span));
    }
    law.push(Token::new(Tok::Cmp(Cmp::Lt), at.clone()));
    law.push(Token::new(Tok::Num(bound.to_string()), at.clone()));
    law.push(Token::new(Tok::Colon, at));
    law.extend(tokens.iter().cloned());
    stmt::parse_tokens(&law, len, Mode::Plain).or(parsed)
}

/// Turns a parse into a lint result: a closed claim, an unreadable claim-like span, or
/// nothing.
fn judge(parsed: Result<Statement, stmt::ExprError>, like: bool) -> Lint {
    let s = match parsed {
        Ok(s) => s,
        Err(e) => {
            let hint = e.kind.hint().unwrap_or(
                "write it with numbers, `\\oplus`, `\\otimes`, `^{-1}` and bounded quantifiers",
            );
            let what = format!("the claim ({})", e.kind);
            return unreadable_if(like, e.span, what, hint.to_string());
        }
    };
    if !s.is_claim() {
        return Lint::NoClaim;
    }
    if let Some(v) = s.free_variables().into_iter().next() {
        let span = s.variable_span(&v).unwrap_or(s.span());
        let what = format!("`{v}`, which is not quantified");
        let hint = format!("bound it first, as in `\\forall {v} < 256 :` (or `\\exists`)");
        return unreadable_if(like, span, what, hint);
    }
    Lint::Claim(s)
}

/// Returns the word after `at` in `text` that carries an arithmetic claim on past its
/// last number ("= 3 minus 1", "is 15 squared", "= 3 (mod 2)"), or an operator symbol
/// that does, with its span: the reader's claim is then longer than what was read.
pub(crate) fn goes_on(text: &str, at: usize) -> Option<Range<usize>> {
    const WORDS: [&str; 10] = [
        "minus", "plus", "times", "squared", "cubed", "inverted", "mod", "modulo", "divided",
        "nim-plus",
    ];
    let rest = &text[at..];
    // A letter against the last number multiplies it: "F ⊗ F = 3F/2" (not "3rd").
    let mut chars = rest.chars();
    if chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && !chars.next().is_some_and(char::is_alphabetic)
        && text[..at].ends_with(|c: char| c.is_ascii_digit())
    {
        return Some(at..at + 1);
    }
    let start = at + (rest.len() - rest.trim_start().len());
    let rest = rest.trim_start();
    let rest_word = rest.strip_prefix('(').unwrap_or(rest);
    let len = rest_word
        .bytes()
        .take_while(|b| b.is_ascii_alphabetic() || *b == b'-')
        .count();
    let word = rest_word[..len].to_ascii_lowercase();
    let skip = rest.len() - rest_word.len();
    if WORDS.contains(&word.as_str()) {
        return Some(start..start + skip + len);
    }
    // An operator and another operand: "is 6 ⊕ 1" (a separator such as "6 · Site" is not).
    let op = rest.chars().next().filter(|c| "⊗⊕⨂⨁×·+^".contains(*c))?;
    let operand = rest[op.len_utf8()..]
        .trim_start()
        .starts_with(|c: char| c.is_ascii_digit() || "(*∗ω".contains(c));
    operand.then(|| start..start + op.len_utf8())
}

/// How many values a trailing quantifier with a lower bound only ranges over: "for every
/// n ≥ 60" is read as `∀ 60 ≤ n < 1060`, which the claim as read shows.
pub const TRAILING_WINDOW: u128 = 1000;

/// A quantifier stated in words after a claim ("for every n ≥ 60").
pub(crate) struct Trailing {
    /// The variable it binds.
    pub var: String,
    /// The tokens of its prefix, `∀ [lo ≤] n < hi :`, with spans into the text (the `∀`
    /// and `:` empty at `claim_start`, a window's end empty at the phrase's end).
    pub tokens: Vec<Token>,
    /// Where the phrase ends in the text.
    pub end: usize,
}

/// Reads a quantifier in words after a claim that ends at `at` and starts at
/// `claim_start`: "for every n ≥ 60", "for all n < 100", "for each 2 ≤ n < 9",
/// "whenever n ≥ 72", with the variable compared to integer literals. An upper bound is
/// the range's; a lower bound alone ranges over [`TRAILING_WINDOW`] values from it.
pub(crate) fn trailing_quantifier(text: &str, at: usize, claim_start: usize) -> Option<Trailing> {
    const LEADS: [&str; 6] = [
        "for every ",
        "for all ",
        "for each ",
        "for any ",
        "whenever ",
        "for ",
    ];
    let rest = text.get(at..)?;
    let skip = rest.len() - rest.trim_start_matches([' ', ',', '\u{a0}']).len();
    let rest = &rest[skip..];
    let lead = LEADS.iter().find(|l| {
        rest.get(..l.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(l))
    })?;
    let from = at + skip + lead.len();
    let phrase = &text[from..];
    // The bound: letters, digits, spaces and order signs, up to any other character.
    let bound = |c: char| {
        c.is_ascii_alphanumeric() || c.is_whitespace() || "<>=≤≥⩽⩾\u{2009}\u{202f}".contains(c)
    };
    // Within a few words: the bound comes first.
    let stop = phrase
        .char_indices()
        .take(48)
        .find(|&(_, c)| !bound(c))
        .map_or(
            phrase
                .char_indices()
                .nth(48)
                .map_or(phrase.len(), |(i, _)| i),
            |(i, _)| i,
        );
    let phrase = &phrase[..stop];
    let tokens = stmt::lexer::lex(phrase, Mode::Plain).ok()?;
    let shift = |t: &Token| Token::new(t.tok.clone(), from + t.span.start..from + t.span.end);
    let tok = |i: usize| tokens.get(i).map(|t| &t.tok);
    let is_var =
        |t: Option<&Tok>| matches!(t, Some(Tok::Ident(n)) if n.len() == 1 && !stmt::is_function(n));
    let upper = |t: Option<&Tok>| matches!(t, Some(Tok::Cmp(Cmp::Lt | Cmp::Le)));
    let num = |t: Option<&Tok>| matches!(t, Some(Tok::Num(_)));
    let empty = |i: usize| i..i;
    let mut out = vec![Token::new(Tok::Forall, empty(claim_start))];
    let (var, used) = if is_var(tok(0)) && upper(tok(1)) && num(tok(2)) {
        out.extend(tokens[..3].iter().map(shift));
        (0, 3)
    } else if num(tok(0)) && upper(tok(1)) && is_var(tok(2)) && upper(tok(3)) && num(tok(4)) {
        out.extend(tokens[..5].iter().map(shift));
        (2, 5)
    } else if is_var(tok(0))
        && matches!(tok(1), Some(Tok::Cmp(Cmp::Ge | Cmp::Gt)))
        && let Some(Tok::Num(lo)) = tok(2)
    {
        // `n ≥ 60` is `60 ≤ n < 60 + window`; `n > 60` is `60 < n < 61 + window`.
        let strict = tok(1) == Some(&Tok::Cmp(Cmp::Gt));
        let lo_value: u128 = lo.parse().ok()?;
        let hi = lo_value.checked_add(TRAILING_WINDOW + u128::from(strict))?;
        let end = from + tokens[2].span.end;
        let cmp = if strict { Cmp::Lt } else { Cmp::Le };
        out.push(Token::new(
            Tok::Num(lo.clone()),
            from + tokens[2].span.start..end,
        ));
        out.push(Token::new(
            Tok::Cmp(cmp),
            from + tokens[1].span.start..from + tokens[1].span.end,
        ));
        out.push(shift(&tokens[0]));
        out.push(Token::new(Tok::Cmp(Cmp::Lt), empty(end)));
        out.push(Token::new(Tok::Num(hi.to_string()), empty(end)));
        (0, 3)
    } else if is_var(tok(0))
        && matches!(tok(1), Some(Tok::Ident(w)) if w == "from")
        && let Some(Tok::Num(lo)) = tok(2)
    {
        // "for every n from 60 on": `60 ≤ n < 60 + window`.
        let lo_value: u128 = lo.parse().ok()?;
        let hi = lo_value.checked_add(TRAILING_WINDOW)?;
        let on = matches!(tok(3), Some(Tok::Ident(w)) if ["on", "onward", "onwards"].contains(&w.as_str()));
        let last = if on { 3 } else { 2 };
        let end = from + tokens[last].span.end;
        out.push(shift(&tokens[2]));
        out.push(Token::new(Tok::Cmp(Cmp::Le), shift(&tokens[1]).span));
        out.push(shift(&tokens[0]));
        out.push(Token::new(Tok::Cmp(Cmp::Lt), empty(end)));
        out.push(Token::new(Tok::Num(hi.to_string()), empty(end)));
        (0, last + 1)
    } else {
        return None;
    };
    // The phrase ends there: what follows is prose, not more of a bound.
    if !matches!(tok(used), None | Some(Tok::Ident(_))) {
        return None;
    }
    let Some(Tok::Ident(name)) = tok(var).cloned() else {
        return None;
    };
    out.push(Token::new(Tok::Colon, empty(claim_start)));
    Some(Trailing {
        var: name,
        tokens: out,
        end: from + tokens[used - 1].span.end,
    })
}

/// Returns the word after a quantified claim at `at` that adds a condition on one of its
/// variables `names`, which the claim as read leaves out ("∃ x < 16: x ⊗ x = 0 and x ≠
/// 0"), with its span.
pub(crate) fn adds_condition(text: &str, at: usize, names: &[String]) -> Option<Range<usize>> {
    const WORDS: [&str; 7] = ["and", "where", "with", "such", "whenever", "if", "unless"];
    let rest = &text[at..];
    let start = at + (rest.len() - rest.trim_start().len());
    let rest = rest.trim_start();
    let len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    if !WORDS.contains(&rest[..len].to_ascii_lowercase().as_str()) {
        return None;
    }
    let sentence = &rest[len..rest.find(['.', ';', '!', '?']).unwrap_or(rest.len())];
    sentence
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| names.iter().any(|n| n == w))
        .then(|| start..start + len)
}

fn unreadable_if(like: bool, span: Range<usize>, what: String, hint: String) -> Lint {
    if like {
        Lint::Unreadable(Unreadable { span, what, hint })
    } else {
        Lint::NoClaim
    }
}

/// Returns whether tokens look like a claim (see the module docs).
fn claim_like<'t>(tokens: impl Iterator<Item = &'t Tok>, called: &dyn Fn(&str) -> bool) -> bool {
    let (mut equation, mut order, mut nim, mut weak) = (false, false, false, false);
    let (mut caret, mut names, mut calls) = (false, false, false);
    let tokens: Vec<&Tok> = tokens.collect();
    for (i, t) in tokens.iter().copied().enumerate() {
        match t {
            // A game's value at a heap, `\operatorname{kayles}(10)`: a name of several
            // letters (one letter may be any function, unless `called` names it a game)
            // before `(`. Like an ordinary sum it
            // makes a claim with no variables: `kayles(n + 12) = kayles(n)` is a law only
            // with its range ("for every n ≥ 71"), which the prose reader reads.
            Tok::Ident(n)
                if (n.len() > 1 || called(n))
                    && !stmt::is_reserved(n)
                    && tokens.get(i + 1) == Some(&&Tok::LParen) =>
            {
                calls = true;
            }
            Tok::Ident(n) if stmt::GameProp::from_name(n).is_some() || n == "count" => nim = true,
            Tok::Ident(n) if !stmt::is_function(n) => names = true,
            Tok::Cmp(Cmp::Eq | Cmp::Ne) => equation = true,
            Tok::Cmp(_) => order = true,
            Tok::NimSum | Tok::NimProd | Tok::Star => nim = true,
            Tok::Ident(_) | Tok::Omega => nim = true,
            Tok::Minus if caret => nim = true,
            Tok::Plus | Tok::Times | Tok::Caret | Tok::StarStar | Tok::Slash => weak = true,
            _ => {}
        }
        caret = *t == Tok::Caret || (caret && *t == Tok::LParen);
    }
    (equation && (nim || ((weak || calls) && !names))) || (order && nim)
}

/// Returns whether an equation with letters and only operators of two readings states a
/// law rather than defines a letter: exactly one `=`, each letter a single one, and the
/// same letters on both sides (`a + b = b + a`) or none on one side (`n + n = 0`). So
/// `n + 1 = m` and `F = 2^{2^k}` stay definitions.
fn law(tokens: &[&Tok]) -> bool {
    let eq = |t: &&&Tok| matches!(t, Tok::Cmp(Cmp::Eq));
    let weak = tokens
        .iter()
        .any(|t| matches!(t, Tok::Plus | Tok::Times | Tok::Caret | Tok::StarStar));
    // A set or a list (`\mathbb{Z}^+ = \{0, 1, 2, …\}`) is no value.
    let set = tokens.iter().any(|t| matches!(t, Tok::LBrace | Tok::Comma));
    if !weak || set || tokens.iter().filter(eq).count() != 1 {
        return false;
    }
    let Some(at) = tokens.iter().position(|t| eq(&t)) else {
        return false;
    };
    let letters = |side: &[&Tok]| -> Option<std::collections::BTreeSet<String>> {
        let mut out = std::collections::BTreeSet::new();
        let mut caret = false;
        for t in side {
            match t {
                // A letter in an exponent names a size (`2^{2^k}`), not a value.
                Tok::Ident(_) if caret => return None,
                Tok::Ident(n) if stmt::is_function(n) => {}
                Tok::Ident(n) if n.chars().count() == 1 => {
                    out.insert(n.clone());
                }
                Tok::Ident(_) => return None,
                _ => {}
            }
            caret = **t == Tok::Caret || (caret && **t == Tok::LParen);
        }
        Some(out)
    };
    let (Some(left), Some(right)) = (letters(&tokens[..at]), letters(&tokens[at + 1..])) else {
        return false;
    };
    !(left.is_empty() && right.is_empty()) && (left == right || left.is_empty() || right.is_empty())
}

/// The largest number of evaluations [`read`] accepts, as the older lint did.
pub const MAX_ASSIGNMENTS: u128 = 1 << 16;

/// A math span read as a nimber statement, in the shape older callers use: the
/// quantifiers stay inside the statement, so `vars` is empty and `bound` is 1.
#[derive(Debug)]
pub struct Reading {
    /// The quantified variables left to the caller (always empty now).
    pub vars: Vec<String>,
    /// Every variable in `vars` ranges over `0..bound`.
    pub bound: u128,
    /// The statement.
    pub statement: Statement,
    /// The statement in text, for messages.
    pub source: String,
}

/// Reads a LaTeX span as a closed claim, or says why it is not one (no claim, unreadable,
/// or more than [`MAX_ASSIGNMENTS`] evaluations); prefer [`lint`].
pub fn read(latex: &str) -> Result<Reading, String> {
    match lint(latex) {
        Lint::Claim(statement) if statement.work() > MAX_ASSIGNMENTS => Err(format!(
            "the range is too large to check exhaustively (at most {MAX_ASSIGNMENTS} assignments)"
        )),
        Lint::Claim(statement) => Ok(Reading {
            vars: Vec::new(),
            bound: 1,
            source: statement.to_text(),
            statement,
        }),
        Lint::NoClaim => Err("no claim: no nimber operation with a comparison".into()),
        Lint::Unreadable(u) => Err(u.to_string()),
    }
}

#[cfg(test)]
mod tests;
