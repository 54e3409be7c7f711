//! The expression language of roles, `{claim}` blocks and `nimsite eval`.
//!
//! Essays write nimber arithmetic inline, such as `2 ⊗ 2 = 3` or `4^-1 = 15`, and this
//! module parses it, evaluates it with the nimber core and renders it back as LaTeX or
//! text exactly as written. Every error carries a byte span into the expression.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;

use crate::nimber::{self, ArithError};

/// A parsed expression, possibly with one comparison that makes it a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    lhs: Expr,
    cmp: Option<(CmpOp, Expr)>,
}

/// The comparison of a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `=`.
    Eq,
    /// `!=` or `≠`.
    Ne,
}

/// The result of evaluating a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// An expression's value.
    Value(u128),
    /// A comparison's two sides and whether it holds.
    Comparison {
        /// The left side's value.
        lhs: u128,
        /// The comparison.
        op: CmpOp,
        /// The right side's value.
        rhs: u128,
        /// Whether the comparison holds.
        holds: bool,
    },
}

/// A parse or evaluation error at a byte span of the expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// Byte offsets into the expression string.
    pub span: Range<usize>,
    /// What went wrong.
    pub kind: ExprErrorKind,
}

/// What went wrong in an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExprErrorKind {
    /// The expression is empty.
    Empty,
    /// A character that starts no token.
    UnexpectedChar(char),
    /// A token where another was expected.
    Unexpected {
        /// What was found.
        found: String,
        /// What would have been accepted.
        expected: &'static str,
    },
    /// The input ended where more was expected.
    UnexpectedEnd {
        /// What would have been accepted.
        expected: &'static str,
    },
    /// A literal such as `0x` or `0b2` with no valid digits.
    BadLiteral,
    /// A value at or above 2^128.
    Overflow,
    /// Literal subtraction below zero.
    Negative,
    /// `-` between operands that are not both literals.
    Subtraction,
    /// Literal subtraction next to `⊗` or `^`, where a reader could group it either way.
    AmbiguousSubtraction,
    /// `**` applied to something other than literals.
    IntegerPowerOfNonLiteral,
    /// An exponent outside the signed 128-bit range.
    ExponentTooLarge,
    /// `x^a^b` without parentheses.
    ChainedPower,
    /// A second `=` or `!=`.
    SecondComparison,
    /// A name followed by `(` that is no function.
    UnknownFunction(String),
    /// A function called with the wrong number of arguments.
    Arity {
        /// The function.
        name: &'static str,
        /// How many arguments it takes.
        expected: usize,
        /// How many it got.
        found: usize,
    },
    /// A variable with no value in the environment.
    Unbound(String),
    /// An operation with no value, such as `inv(0)`.
    Arith(ArithError),
}

impl ExprErrorKind {
    /// Returns a hint for fixing the error, if there is one.
    pub fn hint(&self) -> Option<&'static str> {
        Some(match self {
            ExprErrorKind::Subtraction => "in characteristic 2 subtraction is addition: write `+`",
            ExprErrorKind::AmbiguousSubtraction => {
                "put the literal in parentheses, as in `3 * (2**64-1)`"
            }
            ExprErrorKind::IntegerPowerOfNonLiteral => {
                "`**` is the ordinary power of literals; for the nim-power write `^`"
            }
            ExprErrorKind::ChainedPower => "add parentheses, as in `(x^2)^3`",
            ExprErrorKind::Overflow => "values are nimbers below 2^128",
            ExprErrorKind::SecondComparison => "a claim makes one comparison",
            ExprErrorKind::UnknownFunction(_) => "the functions are inv, sqrt, ord and mex",
            _ => return None,
        })
    }
}

impl fmt::Display for ExprErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprErrorKind::Empty => write!(f, "empty expression"),
            ExprErrorKind::UnexpectedChar(c) => write!(f, "unexpected character `{c}`"),
            ExprErrorKind::Unexpected { found, expected } => {
                write!(f, "expected {expected}, found `{found}`")
            }
            ExprErrorKind::UnexpectedEnd { expected } => {
                write!(f, "expected {expected}, found the end")
            }
            ExprErrorKind::BadLiteral => write!(f, "malformed number"),
            ExprErrorKind::Overflow => write!(f, "value does not fit below 2^128"),
            ExprErrorKind::Negative => write!(f, "literal subtraction goes below zero"),
            ExprErrorKind::Subtraction => write!(f, "`-` between nimbers"),
            ExprErrorKind::AmbiguousSubtraction => {
                write!(f, "literal subtraction next to `⊗` or `^` is ambiguous")
            }
            ExprErrorKind::IntegerPowerOfNonLiteral => write!(f, "`**` on a non-literal"),
            ExprErrorKind::ExponentTooLarge => write!(f, "exponent is too large"),
            ExprErrorKind::ChainedPower => write!(f, "chained `^`"),
            ExprErrorKind::SecondComparison => write!(f, "more than one comparison"),
            ExprErrorKind::UnknownFunction(n) => write!(f, "unknown function `{n}`"),
            ExprErrorKind::Arity {
                name,
                expected,
                found,
            } => write!(f, "`{name}` takes {expected} argument(s), found {found}"),
            ExprErrorKind::Unbound(n) => write!(f, "unknown variable `{n}`"),
            ExprErrorKind::Arith(e) => write!(f, "{e}"),
        }
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        if let Some(h) = self.kind.hint() {
            write!(f, "; {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ExprError {}

/// A function of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Func {
    Inv,
    Sqrt,
    Ord,
    Mex,
}

impl Func {
    fn from_name(name: &str) -> Option<Func> {
        Some(match name {
            "inv" => Func::Inv,
            "sqrt" => Func::Sqrt,
            "ord" => Func::Ord,
            "mex" => Func::Mex,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Func::Inv => "inv",
            Func::Sqrt => "sqrt",
            Func::Ord => "ord",
            Func::Mex => "mex",
        }
    }
}

/// An integer written with literals only: `7`, `0xff`, `2**64-1`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Lit {
    Num { text: String, value: u128 },
    Pow(Box<Lit>, Box<Lit>),
    Sub(Box<Lit>, Box<Lit>),
}

/// A nimber expression node with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Expr {
    node: Node,
    span: Range<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Lit(Lit),
    Var(String),
    Sum(Box<Expr>, Box<Expr>),
    Prod(Box<Expr>, Box<Expr>),
    /// Base, the exponent's sign, the exponent literal, and whether it was in parentheses.
    Pow(Box<Expr>, bool, Lit, bool),
    Call(Func, Vec<Expr>),
    Paren(Box<Expr>),
}

/// Parses an expression or claim.
pub fn parse(src: &str) -> Result<Statement, ExprError> {
    let tokens = lex(src)?;
    let mut p = Parser {
        tokens,
        pos: 0,
        len: src.len(),
    };
    if p.tokens.is_empty() {
        return Err(err(0..src.len(), ExprErrorKind::Empty));
    }
    let lhs = p.expr()?;
    let cmp = match p.peek() {
        Some((Tok::Eq, _)) | Some((Tok::Ne, _)) => {
            let op = if p.peek_is(&Tok::Eq) {
                CmpOp::Eq
            } else {
                CmpOp::Ne
            };
            p.pos += 1;
            Some((op, p.expr()?))
        }
        _ => None,
    };
    if let Some((t, span)) = p.peek() {
        let kind = if matches!(t, Tok::Eq | Tok::Ne) {
            ExprErrorKind::SecondComparison
        } else if matches!(t, Tok::Minus) {
            ExprErrorKind::Subtraction
        } else {
            ExprErrorKind::Unexpected {
                found: t.text(),
                expected: "an operator or the end",
            }
        };
        return Err(err(span.clone(), kind));
    }
    Ok(Statement { lhs, cmp })
}

fn err(span: Range<usize>, kind: ExprErrorKind) -> ExprError {
    ExprError { span, kind }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Num(String),
    Ident(String),
    Plus,
    Star,
    StarStar,
    Caret,
    Minus,
    LParen,
    RParen,
    Comma,
    Eq,
    Ne,
}

impl Tok {
    fn text(&self) -> String {
        match self {
            Tok::Num(s) | Tok::Ident(s) => s.clone(),
            Tok::Plus => "+".into(),
            Tok::Star => "*".into(),
            Tok::StarStar => "**".into(),
            Tok::Caret => "^".into(),
            Tok::Minus => "-".into(),
            Tok::LParen => "(".into(),
            Tok::RParen => ")".into(),
            Tok::Comma => ",".into(),
            Tok::Eq => "=".into(),
            Tok::Ne => "!=".into(),
        }
    }
}

/// Splits the source into tokens with byte spans.
fn lex(src: &str) -> Result<Vec<(Tok, Range<usize>)>, ExprError> {
    let mut out = Vec::new();
    let mut it = src.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let one = |t: Tok| (t, i..i + c.len_utf8());
        let tok = match c {
            c if c.is_whitespace() => continue,
            '+' | '⊕' => one(Tok::Plus),
            '⊗' => one(Tok::Star),
            '*' => {
                if let Some((_, '*')) = it.peek() {
                    it.next();
                    (Tok::StarStar, i..i + 2)
                } else {
                    one(Tok::Star)
                }
            }
            '^' => one(Tok::Caret),
            '-' | '−' => one(Tok::Minus),
            '(' => one(Tok::LParen),
            ')' => one(Tok::RParen),
            ',' => one(Tok::Comma),
            '=' => {
                if let Some((_, '=')) = it.peek() {
                    it.next();
                    (Tok::Eq, i..i + 2)
                } else {
                    one(Tok::Eq)
                }
            }
            '≠' => one(Tok::Ne),
            '!' => match it.peek() {
                Some((_, '=')) => {
                    it.next();
                    (Tok::Ne, i..i + 2)
                }
                _ => return Err(err(i..i + 1, ExprErrorKind::UnexpectedChar('!'))),
            },
            c if c.is_ascii_digit() => {
                let mut end = i + 1;
                while let Some(&(j, d)) = it.peek() {
                    if d.is_ascii_alphanumeric() || d == '_' {
                        end = j + d.len_utf8();
                        it.next();
                    } else {
                        break;
                    }
                }
                (Tok::Num(src[i..end].to_string()), i..end)
            }
            c if c.is_ascii_alphabetic() => {
                let mut end = i + 1;
                while let Some(&(j, d)) = it.peek() {
                    if d.is_ascii_alphabetic() {
                        end = j + 1;
                        it.next();
                    } else {
                        break;
                    }
                }
                (Tok::Ident(src[i..end].to_string()), i..end)
            }
            c => {
                return Err(err(i..i + c.len_utf8(), ExprErrorKind::UnexpectedChar(c)));
            }
        };
        out.push(tok);
    }
    Ok(out)
}

/// Returns the value of a number token, or the error it deserves.
fn number_value(text: &str, span: Range<usize>) -> Result<u128, ExprError> {
    let (digits, radix) = if let Some(h) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = text.strip_prefix("0b").or(text.strip_prefix("0B")) {
        (b, 2)
    } else {
        (text, 10)
    };
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(err(span, ExprErrorKind::BadLiteral));
    }
    u128::from_str_radix(&digits, radix).map_err(|_| err(span, ExprErrorKind::Overflow))
}

struct Parser {
    tokens: Vec<(Tok, Range<usize>)>,
    pos: usize,
    len: usize,
}

impl Parser {
    fn peek(&self) -> Option<&(Tok, Range<usize>)> {
        self.tokens.get(self.pos)
    }

    fn peek_is(&self, t: &Tok) -> bool {
        self.peek().is_some_and(|(u, _)| u == t)
    }

    fn end_span(&self) -> Range<usize> {
        self.len..self.len
    }

    fn fail(&self, expected: &'static str) -> ExprError {
        match self.peek() {
            Some((t, span)) => err(
                span.clone(),
                ExprErrorKind::Unexpected {
                    found: t.text(),
                    expected,
                },
            ),
            None => err(self.end_span(), ExprErrorKind::UnexpectedEnd { expected }),
        }
    }

    fn expect(&mut self, t: Tok, expected: &'static str) -> Result<Range<usize>, ExprError> {
        match self.peek() {
            Some((u, span)) if *u == t => {
                let span = span.clone();
                self.pos += 1;
                Ok(span)
            }
            _ => Err(self.fail(expected)),
        }
    }

    fn expr(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.term()?;
        while self.peek_is(&Tok::Plus) {
            self.pos += 1;
            let rhs = self.term()?;
            let span = lhs.span.start..rhs.span.end;
            lhs = Expr {
                node: Node::Sum(Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn term(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.power()?;
        while self.peek_is(&Tok::Star) {
            self.pos += 1;
            let rhs = self.power()?;
            let span = lhs.span.start..rhs.span.end;
            lhs = Expr {
                node: Node::Prod(Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn power(&mut self) -> Result<Expr, ExprError> {
        let base = self.atom()?;
        if self.peek_is(&Tok::StarStar) {
            let span = self.peek().map(|t| t.1.clone()).unwrap_or(self.end_span());
            return Err(err(span, ExprErrorKind::IntegerPowerOfNonLiteral));
        }
        if !self.peek_is(&Tok::Caret) {
            return Ok(base);
        }
        self.pos += 1;
        let paren = self.peek_is(&Tok::LParen);
        if paren {
            self.pos += 1;
        }
        let negative = self.peek_is(&Tok::Minus);
        if negative {
            self.pos += 1;
        }
        let (exp, exp_span) = self.literal("an integer exponent")?;
        let mut end = exp_span.end;
        if paren {
            end = self.expect(Tok::RParen, "`)`")?.end;
        }
        if let Some((Tok::Caret, span)) = self.peek() {
            return Err(err(span.clone(), ExprErrorKind::ChainedPower));
        }
        let span = base.span.start..end;
        Ok(Expr {
            node: Node::Pow(Box::new(base), negative, exp, paren),
            span,
        })
    }

    /// Parses `n`, `n**k` and differences of those.
    fn literal(&mut self, expected: &'static str) -> Result<(Lit, Range<usize>), ExprError> {
        let start = self.pos;
        let (mut lit, mut span) = self.literal_power(expected)?;
        while self.peek_is(&Tok::Minus) {
            let next_is_number = matches!(self.tokens.get(self.pos + 1), Some((Tok::Num(_), _)));
            if !next_is_number {
                let span = self.peek().map(|t| t.1.clone()).unwrap_or(self.end_span());
                return Err(err(span, ExprErrorKind::Subtraction));
            }
            self.pos += 1;
            let (rhs, rspan) = self.literal_power(expected)?;
            lit = Lit::Sub(Box::new(lit), Box::new(rhs));
            span = span.start..rspan.end;
        }
        // `2*3-1` or `2**64-1*3` would read as ordinary arithmetic with the wrong grouping.
        let binds =
            |t: Option<&(Tok, Range<usize>)>| matches!(t, Some((Tok::Star | Tok::Caret, _)));
        if matches!(lit, Lit::Sub(..))
            && ((start > 0 && binds(self.tokens.get(start - 1)))
                || binds(self.tokens.get(self.pos)))
        {
            return Err(err(span, ExprErrorKind::AmbiguousSubtraction));
        }
        Ok((lit, span))
    }

    fn literal_power(&mut self, expected: &'static str) -> Result<(Lit, Range<usize>), ExprError> {
        let base = self.number(expected)?;
        if !self.peek_is(&Tok::StarStar) {
            return Ok(base);
        }
        self.pos += 1;
        let exp = self.number("an integer literal after `**`")?;
        if self.peek_is(&Tok::StarStar) {
            let span = self.peek().map(|t| t.1.clone()).unwrap_or(self.end_span());
            return Err(err(span, ExprErrorKind::ChainedPower));
        }
        let span = base.1.start..exp.1.end;
        Ok((Lit::Pow(Box::new(base.0), Box::new(exp.0)), span))
    }

    fn number(&mut self, expected: &'static str) -> Result<(Lit, Range<usize>), ExprError> {
        match self.peek() {
            Some((Tok::Num(text), span)) => {
                let (text, span) = (text.clone(), span.clone());
                let value = number_value(&text, span.clone())?;
                self.pos += 1;
                Ok((Lit::Num { text, value }, span))
            }
            Some((_, _)) if self.peek_is(&Tok::Minus) => {
                let span = self.peek().map(|t| t.1.clone()).unwrap_or(self.end_span());
                Err(err(span, ExprErrorKind::Subtraction))
            }
            _ => Err(self.fail(expected)),
        }
    }

    fn atom(&mut self) -> Result<Expr, ExprError> {
        let Some((tok, span)) = self.peek().cloned() else {
            return Err(self.fail("a number, a name or `(`"));
        };
        match tok {
            Tok::Num(_) => {
                let (lit, span) = self.literal("a number")?;
                Ok(Expr {
                    node: Node::Lit(lit),
                    span,
                })
            }
            Tok::Ident(name) => {
                self.pos += 1;
                if let Some(f) = Func::from_name(&name) {
                    return self.call(f, span);
                }
                if self.peek_is(&Tok::LParen) {
                    return Err(err(span, ExprErrorKind::UnknownFunction(name)));
                }
                Ok(Expr {
                    node: Node::Var(name),
                    span,
                })
            }
            Tok::LParen => {
                self.pos += 1;
                let inner = self.expr()?;
                let end = self.expect(Tok::RParen, "`)`")?.end;
                Ok(Expr {
                    node: Node::Paren(Box::new(inner)),
                    span: span.start..end,
                })
            }
            Tok::Minus => Err(err(span, ExprErrorKind::Subtraction)),
            _ => Err(self.fail("a number, a name or `(`")),
        }
    }

    fn call(&mut self, f: Func, name_span: Range<usize>) -> Result<Expr, ExprError> {
        self.expect(Tok::LParen, "`(` after a function name")?;
        let mut args = Vec::new();
        if !self.peek_is(&Tok::RParen) {
            args.push(self.expr()?);
            while self.peek_is(&Tok::Comma) {
                self.pos += 1;
                args.push(self.expr()?);
            }
        }
        let end = self.expect(Tok::RParen, "`,` or `)`")?.end;
        let span = name_span.start..end;
        if f != Func::Mex && args.len() != 1 {
            let kind = ExprErrorKind::Arity {
                name: f.name(),
                expected: 1,
                found: args.len(),
            };
            return Err(err(span, kind));
        }
        Ok(Expr {
            node: Node::Call(f, args),
            span,
        })
    }
}

impl Lit {
    /// Returns the literal's ordinary integer value.
    fn value(&self, span: &Range<usize>) -> Result<u128, ExprError> {
        match self {
            Lit::Num { value, .. } => Ok(*value),
            Lit::Pow(b, e) => {
                let (b, e) = (b.value(span)?, e.value(span)?);
                let e = u32::try_from(e).map_err(|_| err(span.clone(), ExprErrorKind::Overflow));
                b.checked_pow(e?)
                    .ok_or_else(|| err(span.clone(), ExprErrorKind::Overflow))
            }
            Lit::Sub(a, b) => a
                .value(span)?
                .checked_sub(b.value(span)?)
                .ok_or_else(|| err(span.clone(), ExprErrorKind::Negative)),
        }
    }

    fn render(&self, latex: bool) -> String {
        match self {
            Lit::Num { text, .. } => {
                if latex && !text.bytes().all(|b| b.is_ascii_digit()) {
                    format!("\\mathtt{{{text}}}")
                } else {
                    text.clone()
                }
            }
            Lit::Pow(b, e) => {
                if latex {
                    format!("{}^{{{}}}", b.render(true), e.render(true))
                } else {
                    format!("{}**{}", b.render(false), e.render(false))
                }
            }
            Lit::Sub(a, b) => format!("{} - {}", a.render(latex), b.render(latex)),
        }
    }
}

impl Expr {
    fn eval(&self, env: &BTreeMap<String, u128>) -> Result<u128, ExprError> {
        let at = |e: ArithError| err(self.span.clone(), ExprErrorKind::Arith(e));
        match &self.node {
            Node::Lit(l) => l.value(&self.span),
            Node::Var(name) => env
                .get(name)
                .copied()
                .ok_or_else(|| err(self.span.clone(), ExprErrorKind::Unbound(name.clone()))),
            Node::Sum(a, b) => Ok(nimber::add(a.eval(env)?, b.eval(env)?)),
            Node::Prod(a, b) => Ok(nimber::mul(a.eval(env)?, b.eval(env)?)),
            Node::Paren(a) => a.eval(env),
            Node::Pow(base, negative, exp, _) => {
                let b = base.eval(env)?;
                let e = exp.value(&self.span)?;
                let e = i128::try_from(e)
                    .map_err(|_| err(self.span.clone(), ExprErrorKind::ExponentTooLarge))?;
                nimber::pow(b, if *negative { -e } else { e }).map_err(at)
            }
            Node::Call(f, args) => {
                let values = args
                    .iter()
                    .map(|a| a.eval(env))
                    .collect::<Result<Vec<_>, _>>()?;
                let x = values.first().copied().unwrap_or(0);
                match f {
                    Func::Inv => nimber::inv(x).map_err(at),
                    Func::Sqrt => Ok(nimber::sqrt(x)),
                    Func::Ord => nimber::order(x).map_err(at),
                    Func::Mex => Ok(nimber::mex(values)),
                }
            }
        }
    }

    fn collect_vars(&self, out: &mut BTreeSet<String>) {
        match &self.node {
            Node::Var(n) => {
                out.insert(n.clone());
            }
            Node::Sum(a, b) | Node::Prod(a, b) => {
                a.collect_vars(out);
                b.collect_vars(out);
            }
            Node::Paren(a) | Node::Pow(a, ..) => a.collect_vars(out),
            Node::Call(_, args) => args.iter().for_each(|a| a.collect_vars(out)),
            Node::Lit(_) => {}
        }
    }

    fn render(&self, latex: bool) -> String {
        match &self.node {
            Node::Lit(l) => l.render(latex),
            Node::Var(n) if latex && n.len() > 1 => format!("\\mathit{{{n}}}"),
            Node::Var(n) => n.clone(),
            Node::Sum(a, b) => {
                let op = if latex { "\\oplus" } else { "⊕" };
                format!("{} {op} {}", a.render(latex), b.render(latex))
            }
            Node::Prod(a, b) => {
                let op = if latex { "\\otimes" } else { "⊗" };
                format!("{} {op} {}", a.render(latex), b.render(latex))
            }
            Node::Paren(a) if latex => format!("\\left({}\\right)", a.render(true)),
            Node::Paren(a) => format!("({})", a.render(false)),
            Node::Pow(base, negative, exp, _) => {
                let sign = if *negative { "-" } else { "" };
                let b = base.render(latex);
                if latex {
                    return format!("{b}^{{{sign}{}}}", exp.render(true));
                }
                match superscript(&format!("{sign}{}", exp.render(false))) {
                    Some(s) => format!("{b}{s}"),
                    None => format!("{b}^({sign}{})", exp.render(false)),
                }
            }
            Node::Call(f, args) => {
                let inner: Vec<String> = args.iter().map(|a| a.render(latex)).collect();
                let inner = inner.join(", ");
                match (latex, f) {
                    (true, Func::Sqrt) => format!("\\sqrt{{{inner}}}"),
                    (true, f) => format!("\\operatorname{{{}}}({inner})", f.name()),
                    (false, f) => format!("{}({inner})", f.name()),
                }
            }
        }
    }
}

/// Returns the text in Unicode superscripts, if it is a plain signed decimal.
fn superscript(s: &str) -> Option<String> {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    s.chars()
        .map(|c| match c {
            '-' => Some('⁻'),
            d => d.to_digit(10).map(|v| DIGITS[v as usize]),
        })
        .collect()
}

impl Statement {
    /// Evaluates a statement that has no variables.
    pub fn evaluate(&self) -> Result<Evaluation, ExprError> {
        self.evaluate_with(&BTreeMap::new())
    }

    /// Evaluates the statement with variables taken from `env`.
    pub fn evaluate_with(&self, env: &BTreeMap<String, u128>) -> Result<Evaluation, ExprError> {
        let lhs = self.lhs.eval(env)?;
        match &self.cmp {
            None => Ok(Evaluation::Value(lhs)),
            Some((op, rhs)) => {
                let rhs = rhs.eval(env)?;
                let holds = match op {
                    CmpOp::Eq => lhs == rhs,
                    CmpOp::Ne => lhs != rhs,
                };
                Ok(Evaluation::Comparison {
                    lhs,
                    op: *op,
                    rhs,
                    holds,
                })
            }
        }
    }

    /// Returns the names of the variables the statement uses, sorted.
    pub fn variables(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        self.lhs.collect_vars(&mut out);
        if let Some((_, rhs)) = &self.cmp {
            rhs.collect_vars(&mut out);
        }
        out
    }

    /// Returns whether the statement makes a comparison.
    pub fn is_claim(&self) -> bool {
        self.cmp.is_some()
    }

    /// Renders the statement as written, in LaTeX.
    pub fn to_latex(&self) -> String {
        self.render(true)
    }

    /// Renders the statement as written, in Unicode text.
    pub fn to_text(&self) -> String {
        self.render(false)
    }

    fn render(&self, latex: bool) -> String {
        let mut s = self.lhs.render(latex);
        if let Some((op, rhs)) = &self.cmp {
            let op = match (op, latex) {
                (CmpOp::Eq, _) => "=",
                (CmpOp::Ne, true) => "\\neq",
                (CmpOp::Ne, false) => "≠",
            };
            s = format!("{s} {op} {}", rhs.render(latex));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value(src: &str) -> u128 {
        match parse(src).and_then(|s| s.evaluate()) {
            Ok(Evaluation::Value(v)) => v,
            other => panic!("{src}: {other:?}"),
        }
    }

    fn error(src: &str) -> ExprError {
        match parse(src).and_then(|s| s.evaluate()) {
            Err(e) => e,
            Ok(v) => panic!("{src} evaluated to {v:?}"),
        }
    }

    #[test]
    fn operators_and_precedence() {
        assert_eq!(value("2 * 2"), 3);
        assert_eq!(value("2 ⊗ 2 ⊕ 1"), 2);
        assert_eq!(value("1 + 2 * 2"), 2);
        assert_eq!(value("(1 + 2) * 2"), 1);
        assert_eq!(value("0x10 + 0b11"), 19);
        assert_eq!(value("4^-1"), 15);
        assert_eq!(value("4^(-1)"), 15);
        assert_eq!(value("2 * 2^2"), 1);
        assert_eq!(value("2**63 * 2**63"), 16017865340936038689);
        assert_eq!(value("(2**64-1) * (2**64-1)"), 11290409524105353207);
        assert_eq!(
            value("inv(4) + sqrt(3) + ord(2) + mex(0, 1, 3)"),
            15 ^ 2 ^ 3 ^ 2
        );
    }

    #[test]
    fn claims_compare() {
        let s = parse("2 ⊗ 2 = 3").expect("parses");
        assert!(s.is_claim());
        assert!(matches!(
            s.evaluate(),
            Ok(Evaluation::Comparison { holds: true, .. })
        ));
        let s = parse("2 * 2 != 3").expect("parses");
        assert!(matches!(
            s.evaluate(),
            Ok(Evaluation::Comparison { holds: false, .. })
        ));
        assert_eq!(error("1 = 1 = 1").kind, ExprErrorKind::SecondComparison);
    }

    #[test]
    fn literal_subtraction_next_to_a_product_is_refused() {
        for src in ["2*3-1", "x^2-1", "2**64-1*3", "3 ⊗ 2**64-1"] {
            assert_eq!(
                error(src).kind,
                ExprErrorKind::AmbiguousSubtraction,
                "{src}"
            );
        }
        for src in ["2**64-1", "3*(2**64-1)", "(2**64-1) + 1", "2**64-2**32"] {
            assert!(parse(src).and_then(|s| s.evaluate()).is_ok(), "{src}");
        }
    }

    #[test]
    fn errors_have_spans_and_hints() {
        let e = error("x - 1");
        assert_eq!(
            (e.span.clone(), e.kind.clone()),
            (2..3, ExprErrorKind::Subtraction)
        );
        assert!(e.to_string().contains("write `+`"));
        let e = error("3 * inv(0)");
        assert_eq!(e.span, 4..10);
        assert_eq!(e.kind, ExprErrorKind::Arith(ArithError::InverseOfZero));
        assert_eq!(error("2**128").kind, ExprErrorKind::Overflow);
        assert_eq!(
            error("340282366920938463463374607431768211456").kind,
            ExprErrorKind::Overflow
        );
        assert_eq!(error("1 - 2").kind, ExprErrorKind::Negative);
        assert_eq!(error("0x").kind, ExprErrorKind::BadLiteral);
        assert_eq!(error("0b2").kind, ExprErrorKind::BadLiteral);
        assert_eq!(error("").kind, ExprErrorKind::Empty);
        assert_eq!(error("2 +").span, 3..3);
        assert_eq!(error("2 $ 3").span, 2..3);
        assert_eq!(
            error("x ** 2").kind,
            ExprErrorKind::IntegerPowerOfNonLiteral
        );
        assert_eq!(error("2^2^2").kind, ExprErrorKind::ChainedPower);
        assert_eq!(
            error("foo(1)").kind,
            ExprErrorKind::UnknownFunction("foo".into())
        );
        assert!(matches!(
            error("inv(1, 2)").kind,
            ExprErrorKind::Arity { .. }
        ));
        assert_eq!(error("y").kind, ExprErrorKind::Unbound("y".into()));
        assert_eq!(
            error("0^-1").kind,
            ExprErrorKind::Arith(ArithError::InverseOfZero)
        );
        assert_eq!(
            error("ord(0)").kind,
            ExprErrorKind::Arith(ArithError::OrderOfZero)
        );
    }

    #[test]
    fn variables_come_from_the_environment() {
        let s = parse("a * b + a").expect("parses");
        let vars: Vec<String> = s.variables().into_iter().collect();
        assert_eq!(vars, vec!["a".to_string(), "b".to_string()]);
        let env = BTreeMap::from([("a".to_string(), 2), ("b".to_string(), 3)]);
        assert_eq!(s.evaluate_with(&env), Ok(Evaluation::Value(1 ^ 2)));
    }

    #[test]
    fn rendering_follows_the_source() {
        let s = parse("2*2 = 3").expect("parses");
        assert_eq!(s.to_latex(), "2 \\otimes 2 = 3");
        assert_eq!(s.to_text(), "2 ⊗ 2 = 3");
        let s = parse("4^-1 != inv(4)").expect("parses");
        assert_eq!(s.to_latex(), "4^{-1} \\neq \\operatorname{inv}(4)");
        assert_eq!(s.to_text(), "4⁻¹ ≠ inv(4)");
        let s = parse("2**63 + (x + 0xff)").expect("parses");
        assert_eq!(
            s.to_latex(),
            "2^{63} \\oplus \\left(x \\oplus \\mathtt{0xff}\\right)"
        );
        assert_eq!(s.to_text(), "2**63 ⊕ (x ⊕ 0xff)");
    }

    proptest! {
        #[test]
        fn prop_parse_never_panics(src in "\\PC{0,40}") {
            if let Ok(s) = parse(&src) {
                let _ = s.evaluate();
                let _ = s.to_latex();
            }
        }

        #[test]
        fn prop_parse_never_panics_on_expression_like_text(
            src in "[0-9a-z()+*^=!,⊕⊗ -]{0,30}"
        ) {
            if let Ok(s) = parse(&src) {
                let _ = s.evaluate();
                let _ = s.to_text();
            }
        }

        #[test]
        fn prop_error_spans_lie_in_the_source(src in "[0-9x()+*^=!, -]{0,20}") {
            if let Err(e) = parse(&src).and_then(|s| s.evaluate()) {
                prop_assert!(e.span.start <= e.span.end && e.span.end <= src.len());
            }
        }
    }
}
