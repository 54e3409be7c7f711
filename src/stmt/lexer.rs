//! The lexer: source text to tokens with byte spans.
//!
//! Role and `{claim}` text, `nimsite eval` arguments and runs of prose share one lexer, so
//! `⊗`, `⊕`, `≠`, `≤`, `∀` and superscripts such as `4⁻¹` read the same everywhere. The math
//! lint builds the same tokens from LaTeX, which is why [`Token`] is public.

use std::ops::Range;

use super::ast::{Cmp, Mode};
use super::error::{ExprError, ExprErrorKind, err};

/// A token of the statement language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A number as written, with any digit-group separators removed.
    Num(String),
    /// A name: a variable or a function.
    Ident(String),
    /// The nim-sum: `⊕`, or `+` in role mode.
    NimSum,
    /// The nim-product: `⊗`, or `*` in role mode.
    NimProd,
    /// `+` in plain mode: the nim-sum or the ordinary sum.
    Plus,
    /// `×` or `·` (and `*` in plain text): the nim-product or the ordinary product in plain
    /// mode, the nim-product in role mode.
    Times,
    /// `**`, the ordinary power of literals.
    StarStar,
    /// `^`, a power.
    Caret,
    /// `\ast`, the star of a star value `*n` (which is `n`).
    Star,
    /// `-`.
    Minus,
    /// `/` (`\\frac` in LaTeX): the nim quotient `a ⊗ b⁻¹`, or in plain mode also the
    /// ordinary exact quotient.
    Slash,
    /// `(`, or a LaTeX group `{`.
    LParen,
    /// `)`, or the end of a LaTeX group `}`.
    RParen,
    /// A set's `{` (`\{` in LaTeX).
    LBrace,
    /// A set's `}` (`\}` in LaTeX).
    RBrace,
    /// `,`.
    Comma,
    /// `:`, the end of a quantifier.
    Colon,
    /// A comparison.
    Cmp(Cmp),
    /// `forall` or `∀`.
    Forall,
    /// `exists` or `∃`.
    Exists,
    /// `in` or `∈`.
    In,
    /// ω: `ω` anywhere, `w` in role mode, `\omega` in LaTeX.
    Omega,
}

/// A token with its byte span in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Byte offsets into the source.
    pub span: Range<usize>,
}

impl Token {
    /// Returns a token of `tok` at `span`.
    pub fn new(tok: Tok, span: Range<usize>) -> Token {
        Token { tok, span }
    }
}

impl Tok {
    /// Returns the token as it would be written, for messages.
    pub fn text(&self) -> String {
        match self {
            Tok::Num(s) | Tok::Ident(s) => s.clone(),
            Tok::NimSum => "⊕".into(),
            Tok::NimProd => "⊗".into(),
            Tok::Plus => "+".into(),
            Tok::Times => "×".into(),
            Tok::StarStar => "**".into(),
            Tok::Caret => "^".into(),
            Tok::Star => "*".into(),
            Tok::Minus => "-".into(),
            Tok::Slash => "/".into(),
            Tok::LParen => "(".into(),
            Tok::RParen => ")".into(),
            Tok::LBrace => "{".into(),
            Tok::RBrace => "}".into(),
            Tok::Comma => ",".into(),
            Tok::Colon => ":".into(),
            Tok::Cmp(c) => c.text().into(),
            Tok::Forall => "forall".into(),
            Tok::Exists => "exists".into(),
            Tok::In => "in".into(),
            Tok::Omega => "ω".into(),
        }
    }
}

const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/// Returns the digit a superscript character stands for.
fn superscript_digit(c: char) -> Option<char> {
    let i = SUPERSCRIPTS.iter().position(|&s| s == c)?;
    char::from_digit(i as u32, 10)
}

/// Returns the ASCII digit a look-alike digit stands for: full-width (`２`), the
/// mathematical alphanumeric digits (`𝟐`), Arabic-Indic (`٢`, `۲`) and circled (`②`).
pub fn fullwidth_digit(c: char) -> Option<char> {
    let u = c as u32;
    let i = match u {
        0xFF10..=0xFF19 => u - 0xFF10,
        0x1D7CE..=0x1D7FF => (u - 0x1D7CE) % 10,
        0x0660..=0x0669 => u - 0x0660,
        0x06F0..=0x06F9 => u - 0x06F0,
        0x2460..=0x2468 => u - 0x2460 + 1,
        0x24EA => 0,
        _ => return None,
    };
    char::from_digit(i, 10)
}

/// Returns whether `c` shows nothing between two characters: a zero-width space or
/// joiner, a word joiner, a byte-order mark, a soft hyphen or a variation selector.
pub fn is_invisible(c: char) -> bool {
    // Combining marks over a digit or an operator show it still (`2́`), except the
    // overlay that strikes out `=` as `≠`.
    matches!(c, '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{ad}' | '\u{fe00}'..='\u{fe0f}')
        || (('\u{300}'..='\u{36f}').contains(&c) && c != '\u{338}')
        || ('\u{20d0}'..='\u{20ff}').contains(&c)
}

/// Returns the digit a subscript character stands for.
fn subscript_digit(c: char) -> Option<char> {
    let i = "₀₁₂₃₄₅₆₇₈₉".chars().position(|s| s == c)?;
    char::from_digit(i as u32, 10)
}

/// Splits `src` into tokens; `mode` decides what `+` and `*` mean and whether `65,536`
/// is one number.
/// Returns the span of the token at `pos`, or the empty span at the end of a source of
/// `len` bytes.
pub(super) fn span_at(tokens: &[Token], pos: usize, len: usize) -> Range<usize> {
    tokens.get(pos).map_or(len..len, |t| t.span.clone())
}

/// Returns the error for the token at `pos` when `expected` was wanted there.
pub(super) fn unexpected_at(
    tokens: &[Token],
    pos: usize,
    len: usize,
    expected: &'static str,
) -> ExprError {
    let span = span_at(tokens, pos, len);
    match tokens.get(pos) {
        Some(t) => err(
            span,
            ExprErrorKind::Unexpected {
                found: t.tok.text(),
                expected,
            },
        ),
        None => err(span, ExprErrorKind::UnexpectedEnd { expected }),
    }
}

pub fn lex(src: &str, mode: Mode) -> Result<Vec<Token>, ExprError> {
    let mut lx = Lexer {
        src,
        pos: 0,
        mode,
        depth: 0,
        out: Vec::new(),
    };
    while let Some(c) = lx.peek() {
        lx.step(c)?;
    }
    read_binary(&mut lx.out);
    Ok(lx.out)
}

/// Reads every number as binary when all are written in 0s and 1s and one has a leading
/// zero, as in `1010 XOR 0011 = 1001`: a leading zero is how binary is written in prose,
/// and read in decimal such a claim would be shown false.
fn read_binary(tokens: &mut [Token]) {
    let nums = || {
        tokens.iter().filter_map(|t| match &t.tok {
            Tok::Num(n) => Some(n),
            _ => None,
        })
    };
    let bits = |n: &String| !n.is_empty() && n.bytes().all(|b| b == b'0' || b == b'1');
    let padded = |n: &String| n.len() > 1 && n.starts_with('0');
    if !(nums().all(bits) && nums().any(padded)) {
        return;
    }
    for t in tokens.iter_mut() {
        if let Tok::Num(n) = &mut t.tok {
            n.insert_str(0, "0b");
        }
    }
}

struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    mode: Mode,
    depth: usize,
    out: Vec<Token>,
}

impl Lexer<'_> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, skip: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(skip)
    }

    fn push(&mut self, tok: Tok, len: usize) {
        self.out.push(Token::new(tok, self.pos..self.pos + len));
        self.pos += len;
    }

    fn step(&mut self, c: char) -> Result<(), ExprError> {
        let len = c.len_utf8();
        let plain = self.mode == Mode::Plain;
        let next = self.peek_at(1);
        match c {
            c if c.is_whitespace() || is_invisible(c) => self.pos += len,
            // The n-ary circled operators look the same between two operands.
            '⊕' | '⨁' | '⊻' => self.push(Tok::NimSum, len),
            '+' if plain => self.push(Tok::Plus, len),
            '+' => self.push(Tok::NimSum, len),
            '⊗' | '⨂' => self.push(Tok::NimProd, len),
            '*' if next == Some('*') => self.push(Tok::StarStar, 2),
            '*' if plain && self.star_value_here() => self.push(Tok::Star, len),
            '*' if plain => self.push(Tok::Times, len),
            '∗' | '⋆' | '✱' => self.push(Tok::Star, len),
            '√' => self.push(Tok::Ident("sqrt".into()), len),
            '*' => self.push(Tok::NimProd, len),
            '×' | '·' | '⋅' => self.push(Tok::Times, len),
            '^' => self.push(Tok::Caret, len),
            '-' | '−' => self.push(Tok::Minus, len),
            '/' | '÷' | '∕' => self.push(Tok::Slash, len),
            '(' => {
                self.depth += 1;
                self.push(Tok::LParen, len)
            }
            ')' => {
                self.depth = self.depth.saturating_sub(1);
                self.push(Tok::RParen, len)
            }
            '{' => self.push(Tok::LBrace, len),
            '}' => self.push(Tok::RBrace, len),
            // The empty set is the set `{}`: `mex(∅) = 0`.
            '∅' => {
                self.out
                    .push(Token::new(Tok::LBrace, self.pos..self.pos + len));
                self.push(Tok::RBrace, len)
            }
            ',' => self.push(Tok::Comma, len),
            ':' => self.push(Tok::Colon, len),
            '∀' => self.push(Tok::Forall, len),
            '∃' => self.push(Tok::Exists, len),
            '∈' => self.push(Tok::In, len),
            'ω' => self.push(Tok::Omega, len),
            'α' if self.peek_at(1).and_then(subscript_digit).is_some() => self.alpha(),
            c if c == '⁻' || superscript_digit(c).is_some() => self.superscript(),
            c if c.is_ascii_digit() => self.number(),
            c if fullwidth_digit(c).is_some() => self.fullwidth_number(),
            '=' if next == Some('\u{338}') => {
                self.push(Tok::Cmp(Cmp::Ne), 1 + '\u{338}'.len_utf8())
            }
            '=' if self.src[self.pos..].starts_with("=/=") => self.push(Tok::Cmp(Cmp::Ne), 3),
            c if c.is_ascii_alphabetic() => self.word(),
            _ => return self.comparison(c),
        }
        Ok(())
    }

    /// Returns whether the `*` at the cursor starts a star value, as in `*3 + *5`: it
    /// stands where an operand begins and a digit follows.
    fn star_value_here(&self) -> bool {
        let digit = self.peek_at(1).is_some_and(|c| c.is_ascii_digit());
        let operand_starts = match self.out.last().map(|t| &t.tok) {
            None => true,
            Some(t) => !matches!(
                t,
                Tok::Num(_) | Tok::Ident(_) | Tok::RParen | Tok::RBrace | Tok::Omega
            ),
        };
        digit && operand_starts
    }

    fn comparison(&mut self, c: char) -> Result<(), ExprError> {
        let next = self.peek_at(1);
        let (cmp, len) = match (c, next) {
            ('=', Some('=')) => (Cmp::Eq, 2),
            ('=', _) => (Cmp::Eq, 1),
            ('＝' | '≡' | '⩵' | '⩶' | '꞊' | '⁼', _) => (Cmp::Eq, c.len_utf8()),
            ('≢', _) => (Cmp::Ne, c.len_utf8()),
            ('≦' | '≯', _) => (Cmp::Le, c.len_utf8()),
            ('≧' | '≮', _) => (Cmp::Ge, c.len_utf8()),
            ('!', Some('=')) => (Cmp::Ne, 2),
            ('≠', _) => (Cmp::Ne, c.len_utf8()),
            ('<', Some('=')) => (Cmp::Le, 2),
            ('<', _) => (Cmp::Lt, 1),
            ('>', Some('=')) => (Cmp::Ge, 2),
            ('>', _) => (Cmp::Gt, 1),
            ('≤' | '⩽', _) => (Cmp::Le, c.len_utf8()),
            ('≥' | '⩾', _) => (Cmp::Ge, c.len_utf8()),
            _ => {
                let span = self.pos..self.pos + c.len_utf8();
                return Err(err(span, ExprErrorKind::UnexpectedChar(c)));
            }
        };
        self.push(Tok::Cmp(cmp), len);
        Ok(())
    }

    /// Reads `α₇`, as text renders it, as the call `alpha(7)`.
    fn alpha(&mut self) {
        let start = self.pos;
        self.push(Tok::Ident("alpha".into()), 'α'.len_utf8());
        self.out.push(Token::new(Tok::LParen, start..start));
        let digits_start = self.pos;
        let mut digits = String::new();
        while let Some(d) = self.peek().and_then(subscript_digit) {
            digits.push(d);
            self.pos += self.peek().map_or(1, char::len_utf8);
        }
        self.out
            .push(Token::new(Tok::Num(digits), digits_start..self.pos));
        self.out.push(Token::new(Tok::RParen, self.pos..self.pos));
    }

    /// Reads `⁻¹` or `²` as `^`, an optional `-` and a number.
    fn superscript(&mut self) {
        let start = self.pos;
        self.out.push(Token::new(Tok::Caret, start..start));
        if self.peek() == Some('⁻') {
            self.push(Tok::Minus, '⁻'.len_utf8());
        }
        let digits_start = self.pos;
        let mut digits = String::new();
        while let Some(d) = self.peek().and_then(superscript_digit) {
            digits.push(d);
            self.pos += self.peek().map_or(1, char::len_utf8);
        }
        if !digits.is_empty() {
            self.out
                .push(Token::new(Tok::Num(digits), digits_start..self.pos));
        }
    }

    fn number(&mut self) {
        let start = self.pos;
        let rest = &self.src[start..];
        let mut end = rest
            .find(|d: char| !(d.is_ascii_alphanumeric() || d == '_'))
            .unwrap_or(rest.len());
        let mut text = rest[..end].to_string();
        let groups = (1..=3).contains(&end)
            && text.bytes().all(|b| b.is_ascii_digit())
            && !text.starts_with('0');
        if self.mode == Mode::Plain && self.depth == 0 && groups {
            while let Some(group) = digit_group(&rest[end..]) {
                text.push_str(&rest[end..][group.clone()]);
                end += group.end;
            }
        }
        self.push(Tok::Num(text), end);
    }

    /// Reads full-width digits (`１６`) as the number they show.
    fn fullwidth_number(&mut self) {
        let start = self.pos;
        let mut text = String::new();
        while let Some(d) = self.peek().and_then(fullwidth_digit) {
            text.push(d);
            self.pos += self.peek().map_or(1, char::len_utf8);
        }
        self.out.push(Token::new(Tok::Num(text), start..self.pos));
    }

    fn word(&mut self) {
        let rest = &self.src[self.pos..];
        // A name may go on with digits and `_` after its first letter: `g52`, `take_3_4`.
        let end = rest
            .find(|d: char| !super::continues_name(d))
            .unwrap_or(rest.len());
        let tok = match &rest[..end] {
            "forall" => Tok::Forall,
            "exists" => Tok::Exists,
            "in" => Tok::In,
            // The nim-sum is the bitwise exclusive or; LaTeX names left without `\`.
            "xor" | "XOR" | "oplus" => Tok::NimSum,
            "otimes" => Tok::NimProd,
            "w" if self.mode == Mode::Role => Tok::Omega,
            w => Tok::Ident(w.to_string()),
        };
        self.push(tok, end);
    }
}

/// Returns the three digits of a digit group (`,536` or a thin space and `536`) at the
/// start of `s`, as a range of `s`, if one is there.
fn digit_group(s: &str) -> Option<Range<usize>> {
    let sep = s.chars().next()?;
    if !matches!(sep, ',' | '\u{2009}' | '\u{202f}' | '\u{a0}') {
        return None;
    }
    let start = sep.len_utf8();
    let digits = s[start..].bytes().take_while(u8::is_ascii_digit).count();
    let after = s[start + digits..].chars().next();
    let ok = digits == 3 && !after.is_some_and(|c| c.is_ascii_alphanumeric());
    ok.then_some(start..start + 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str, mode: Mode) -> Vec<Tok> {
        lex(src, mode)
            .expect("lexes")
            .into_iter()
            .map(|t| t.tok)
            .collect()
    }

    #[test]
    fn role_and_plain_modes_differ_only_on_plus_star_and_groups() {
        assert_eq!(
            toks("2+3*4", Mode::Role),
            [
                Tok::Num("2".into()),
                Tok::NimSum,
                Tok::Num("3".into()),
                Tok::NimProd,
                Tok::Num("4".into())
            ]
        );
        assert_eq!(toks("2+3", Mode::Plain)[1], Tok::Plus);
        assert_eq!(toks("65,536", Mode::Plain), [Tok::Num("65536".into())]);
        assert_eq!(toks("65,536", Mode::Role).len(), 3);
        assert_eq!(toks("mex(0,100)", Mode::Plain).len(), 6);
    }

    #[test]
    fn superscripts_are_powers() {
        let t = lex("4⁻¹ ≠ 3²", Mode::Plain).expect("lexes");
        let kinds: Vec<Tok> = t.iter().map(|t| t.tok.clone()).collect();
        assert_eq!(
            kinds,
            [
                Tok::Num("4".into()),
                Tok::Caret,
                Tok::Minus,
                Tok::Num("1".into()),
                Tok::Cmp(Cmp::Ne),
                Tok::Num("3".into()),
                Tok::Caret,
                Tok::Num("2".into())
            ]
        );
        assert_eq!(t[3].span, 4..6);
    }

    #[test]
    fn comparisons_and_keywords() {
        assert_eq!(
            toks("forall a <= 3: a != 1 >= 0", Mode::Role),
            [
                Tok::Forall,
                Tok::Ident("a".into()),
                Tok::Cmp(Cmp::Le),
                Tok::Num("3".into()),
                Tok::Colon,
                Tok::Ident("a".into()),
                Tok::Cmp(Cmp::Ne),
                Tok::Num("1".into()),
                Tok::Cmp(Cmp::Ge),
                Tok::Num("0".into())
            ]
        );
        assert!(lex("2 $ 3", Mode::Role).is_err());
    }

    #[test]
    fn omega_is_w_in_roles_and_the_letter_anywhere() {
        assert_eq!(toks("w", Mode::Role), [Tok::Omega]);
        assert_eq!(toks("ω", Mode::Plain), [Tok::Omega]);
        assert_eq!(
            toks("g52(3)", Mode::Plain),
            [
                Tok::Ident("g52".into()),
                Tok::LParen,
                Tok::Num("3".into()),
                Tok::RParen
            ]
        );
        assert_eq!(
            toks("take_3_4", Mode::Role),
            [Tok::Ident("take_3_4".into())]
        );
        assert_eq!(toks("w", Mode::Plain), [Tok::Ident("w".into())]);
        assert_eq!(toks("w**3", Mode::Role)[1], Tok::StarStar);
        assert_eq!(toks("wx", Mode::Role), [Tok::Ident("wx".into())]);
    }
}
