//! The parser: tokens to a [`Statement`].
//!
//! The grammar, loosest first (see the crate README for the prose version):
//!
//! ```text
//! statement  := quantifier* term (cmp term)*
//! quantifier := (forall | exists) binder ("," binder)* [":" | ","]
//! binder     := names ("<" | "<=") lit | lit ("<" | "<=") names ("<" | "<=") lit
//!             | names "in" "{" lit ("," lit)* "}"
//! term       := product (("+" | "⊕") product)*
//! product    := power (("*" | "⊗" | "×" | "·" | "/") power)*
//! power      := unary ["^" ["⊗"] ["-"] lit]        (also "^(" … ")" and superscripts)
//!             | unary "**" unary                   (a literal base, or ω on one side)
//! unary      := ["\ast"] atom
//! atom       := lit | name | "w" | "ω" | func "(" args ")" | func atom | mex "{" args "}"
//!             | count "(" kind "," lit ["," lit] ")" | "(" term ")"
//! lit        := number ["**" number] ("-" number ["**" number])*
//! ```
//!
//! In [`Mode::Plain`] (math and prose) `+`, `×`/`·`, `/` and `x^n` with a positive
//! exponent have two readings each, recorded as [`Meaning::Either`]: `a / b` is the nim
//! quotient `a ⊗ b⁻¹` or the ordinary quotient, which must leave no remainder (a reading
//! in which it does fails; it is never truncated). In roles `/` is the nim quotient.

use std::collections::BTreeSet;
use std::ops::Range;

use super::MAX_UNIFORM;
pub use super::ast::Mode;
use super::ast::{
    Bound, CallForm, Cmp, Domain, Exponent, Expr, Func, Link, Lit, Meaning, Node, QuantKind,
    Quantifier, Statement,
};
use super::count::{CountKind, is_field_size};
use super::error::{ExprError, ExprErrorKind, err};
use super::game::GameProp;
use super::lexer::{Tok, Token, span_at, unexpected_at};

/// Parses tokens (from [`super::lexer::lex`] or the math lint) into a statement; `len` is
/// the length of the source, for spans at its end.
pub fn parse_tokens(tokens: &[Token], len: usize, mode: Mode) -> Result<Statement, ExprError> {
    check_size(tokens)?;
    let mut p = Parser {
        tokens,
        pos: 0,
        len,
        mode,
        ambiguous: 0,
        bound: BTreeSet::new(),
        heap: 0,
    };
    p.statement()
}

/// Returns whether a term is `period(g)`, `preperiod(g)` or `moves(g, n)`, an ordinary
/// integer.
fn is_integer_prop(e: &Expr) -> bool {
    matches!(
        e.node,
        Node::GameProp(
            GameProp::Period | GameProp::Preperiod | GameProp::Moves(_),
            ..
        )
    )
}

/// Returns whether a term is a set: `{1, 0}` or `options(g, n)`.
pub(crate) fn is_set(e: &Expr) -> bool {
    matches!(
        e.node,
        Node::Lit(Lit::Set(_))
            | Node::GameProp(GameProp::Options(_), ..)
            | Node::Call(Func::Excluded, ..)
    )
}

/// Refuses a set anywhere but a whole side of `=` or `≠` whose other side is a set: its
/// value is a mask, which means nothing as a nimber.
fn check_sets(first: &Expr, links: &[Link]) -> Result<(), ExprError> {
    let terms: Vec<&Expr> = std::iter::once(first)
        .chain(links.iter().map(|l| &l.rhs))
        .collect();
    let mut inner = None;
    for t in &terms {
        let mut visit = |e: &Expr| {
            if is_set(e) && !std::ptr::eq(e, *t) && inner.is_none() {
                inner = Some(e.span.clone());
            }
        };
        t.walk(&mut visit);
    }
    if let Some(span) = inner {
        return Err(err(span, ExprErrorKind::SetTerm));
    }
    for (i, l) in links.iter().enumerate() {
        let sets = (is_set(terms[i]), is_set(&l.rhs));
        let plain = matches!(l.cmp, Cmp::Eq | Cmp::Ne);
        if sets.0 != sets.1 || (sets.0 && !plain) {
            let at = if sets.0 { terms[i] } else { &l.rhs };
            return Err(err(at.span.clone(), ExprErrorKind::SetTerm));
        }
    }
    if links.is_empty() && is_set(first) {
        return Err(err(first.span.clone(), ExprErrorKind::SetTerm));
    }
    Ok(())
}

/// The deepest bracket nesting a statement may have.
pub const MAX_DEPTH: usize = 64;
/// The most tokens one statement may have.
pub const MAX_TOKENS: usize = 4096;

/// Refuses statements whose nesting or length would make the recursive parser, the
/// evaluator or the renderer run out of stack, before any of them starts.
pub(crate) fn check_size(tokens: &[Token]) -> Result<(), ExprError> {
    if let Some(t) = tokens.get(MAX_TOKENS) {
        let kind = ExprErrorKind::TooLong {
            tokens: tokens.len(),
            limit: MAX_TOKENS,
        };
        return Err(err(t.span.clone(), kind));
    }
    let mut depth = 0usize;
    for t in tokens {
        match t.tok {
            Tok::LParen | Tok::LBrace => depth += 1,
            Tok::RParen | Tok::RBrace => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_DEPTH {
            return Err(err(
                t.span.clone(),
                ExprErrorKind::TooDeep { limit: MAX_DEPTH },
            ));
        }
    }
    Ok(())
}

struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    len: usize,
    mode: Mode,
    ambiguous: usize,
    bound: BTreeSet<String>,
    /// How deep inside game arguments the parser is: there `+`, `-` and `*` are ordinary.
    heap: usize,
}

fn boxed(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tok_at(self.pos)
    }

    fn tok_at(&self, i: usize) -> Option<&Tok> {
        self.tokens.get(i).map(|t| &t.tok)
    }

    fn peek_is(&self, t: &Tok) -> bool {
        self.peek() == Some(t)
    }

    fn span_here(&self) -> Range<usize> {
        span_at(self.tokens, self.pos, self.len)
    }

    fn fail(&self, expected: &'static str) -> ExprError {
        unexpected_at(self.tokens, self.pos, self.len, expected)
    }

    /// Takes the token `t`, or fails naming what was expected there.
    fn take(&mut self, t: Tok, expected: &'static str) -> Result<Range<usize>, ExprError> {
        if self.peek_is(&t) {
            let span = self.span_here();
            self.pos += 1;
            Ok(span)
        } else {
            Err(self.fail(expected))
        }
    }

    fn next_meaning(&mut self, ambiguous: bool) -> Meaning {
        if !ambiguous || self.mode == Mode::Role {
            return Meaning::Nim;
        }
        self.ambiguous += 1;
        Meaning::Either(u8::try_from(self.ambiguous - 1).unwrap_or(u8::MAX))
    }

    fn statement(&mut self) -> Result<Statement, ExprError> {
        let (Some(first_tok), Some(last_tok)) = (self.tokens.first(), self.tokens.last()) else {
            return Err(err(0..self.len, ExprErrorKind::Empty));
        };
        let span = first_tok.span.start..last_tok.span.end;
        let mut quants = Vec::new();
        while matches!(self.peek(), Some(Tok::Forall | Tok::Exists)) {
            quants.extend(self.quantifier()?);
        }
        let first = self.expr()?;
        let mut links = Vec::new();
        while let Some(Tok::Cmp(cmp)) = self.peek() {
            let (cmp, op_span) = (*cmp, self.span_here());
            self.pos += 1;
            let rhs = self.expr()?;
            links.push(Link { cmp, op_span, rhs });
        }
        if let Some(t) = self.peek() {
            let kind = match t {
                Tok::Minus => ExprErrorKind::Subtraction,
                t => ExprErrorKind::Unexpected {
                    found: t.text(),
                    expected: "an operator or the end",
                },
            };
            return Err(err(self.span_here(), kind));
        }
        if !quants.is_empty() && links.is_empty() {
            return Err(err(first.span, ExprErrorKind::QuantifiedExpression));
        }
        check_sets(&first, &links)?;
        let mut first = first;
        let ambiguous = settle_ordinals(&mut first, &mut links);
        if ambiguous > MAX_UNIFORM {
            return Err(err(span, ExprErrorKind::TooManyReadings(ambiguous)));
        }
        Ok(Statement {
            quants,
            first,
            links,
            ambiguous,
            span,
        })
    }

    /// Parses `forall a, b < 16, c in {1, 2}:` into one quantifier per binder.
    fn quantifier(&mut self) -> Result<Vec<Quantifier>, ExprError> {
        let kind = if self.peek_is(&Tok::Forall) {
            QuantKind::Forall
        } else {
            QuantKind::Exists
        };
        let start = self.span_here().start;
        self.pos += 1;
        let mut out = vec![self.binder(kind, start)?];
        while self.peek_is(&Tok::Comma) && self.binder_at(self.pos + 1) {
            self.pos += 1;
            let start = self.span_here().start;
            out.push(self.binder(kind, start)?);
        }
        match self.peek() {
            Some(Tok::Colon | Tok::Comma) => self.pos += 1,
            Some(Tok::Forall | Tok::Exists) => {}
            _ if self.mode == Mode::Plain => {}
            _ => return Err(self.fail("`:` after the quantifier")),
        }
        Ok(out)
    }

    /// Returns whether a binder (`b < 4`, `1 <= b < 4`, `b in {…}`) starts at token `i`.
    fn binder_at(&self, mut i: usize) -> bool {
        let is_lt = |t: Option<&Tok>| matches!(t, Some(Tok::Cmp(Cmp::Lt | Cmp::Le)));
        let is_name =
            |t: Option<&Tok>| matches!(t, Some(Tok::Ident(n)) if Func::from_name(n).is_none());
        if matches!(self.tok_at(i), Some(Tok::Num(_))) {
            return is_lt(self.tok_at(i + 1)) && is_name(self.tok_at(i + 2));
        }
        while is_name(self.tok_at(i)) {
            i += 1;
            if self.tok_at(i) == Some(&Tok::Comma) && is_name(self.tok_at(i + 1)) {
                i += 1;
            } else {
                break;
            }
        }
        match self.tok_at(i) {
            Some(Tok::In) => true,
            t => is_lt(t) && matches!(self.tok_at(i + 1), Some(Tok::Num(_))),
        }
    }

    fn binder(&mut self, kind: QuantKind, start: usize) -> Result<Quantifier, ExprError> {
        let lower = if matches!(self.peek(), Some(Tok::Num(_))) {
            let lo = self.bound_literal()?;
            let cmp = self.order_cmp()?;
            Some((lo, cmp))
        } else {
            None
        };
        let vars = self.names()?;
        let (bound, domain) = match (lower, self.peek()) {
            (None, Some(Tok::In)) => {
                self.pos += 1;
                self.set_bound()?
            }
            (lower, Some(Tok::Cmp(Cmp::Lt | Cmp::Le))) => {
                let cmp = self.order_cmp()?;
                let hi = self.bound_literal()?;
                self.range_bound(lower, cmp, hi)?
            }
            _ => {
                let (name, span) = vars[0].clone();
                return Err(err(span, ExprErrorKind::Unbounded(name)));
            }
        };
        let end = self.tokens[self.pos - 1].span.end;
        Ok(Quantifier {
            kind,
            vars,
            bound,
            domain,
            span: start..end,
        })
    }

    fn order_cmp(&mut self) -> Result<Cmp, ExprError> {
        match self.peek() {
            Some(Tok::Cmp(c @ (Cmp::Lt | Cmp::Le))) => {
                let c = *c;
                self.pos += 1;
                Ok(c)
            }
            _ => Err(self.fail("`<` or `<=` in a quantifier's range")),
        }
    }

    fn names(&mut self) -> Result<Vec<(String, Range<usize>)>, ExprError> {
        let mut out = Vec::new();
        loop {
            let span = self.span_here();
            let Some(Tok::Ident(name)) = self.peek().cloned() else {
                return Err(self.fail("a variable name"));
            };
            if Func::from_name(&name).is_some() {
                return Err(self.fail("a variable name"));
            }
            if !self.bound.insert(name.clone()) {
                return Err(err(span, ExprErrorKind::DuplicateVariable(name)));
            }
            self.pos += 1;
            out.push((name, span));
            let more = self.peek_is(&Tok::Comma)
                && matches!(self.tok_at(self.pos + 1), Some(Tok::Ident(_)));
            if !more {
                return Ok(out);
            }
            self.pos += 1;
        }
    }

    fn bound_literal(&mut self) -> Result<(Lit, Range<usize>), ExprError> {
        let (mut lit, mut span) = self.literal("an integer bound")?;
        if self.mode == Mode::Plain && self.peek_is(&Tok::Caret) {
            self.pos += 1;
            let paren = self.peek_is(&Tok::LParen);
            self.pos += usize::from(paren);
            let (exp, exp_span) = self.literal("an integer exponent")?;
            span.end = exp_span.end;
            if paren {
                span.end = self.take(Tok::RParen, "`)`")?.end;
            }
            lit = Lit::Pow(Box::new(lit), Box::new(exp));
        }
        Ok((lit, span))
    }

    fn range_bound(
        &self,
        lower: Option<((Lit, Range<usize>), Cmp)>,
        cmp: Cmp,
        (hi, hi_span): (Lit, Range<usize>),
    ) -> Result<(Bound, Domain), ExprError> {
        let value = |lit: &Lit, span: &Range<usize>| lit.value().map_err(|k| err(span.clone(), k));
        let top = value(&hi, &hi_span)?;
        let hi_value = if cmp == Cmp::Le {
            top.checked_add(1)
                .ok_or_else(|| err(hi_span.clone(), ExprErrorKind::Overflow))?
        } else {
            top
        };
        let Some(((lo, lo_span), lo_cmp)) = lower else {
            let domain = Domain::Range {
                lo: 0,
                hi: hi_value,
            };
            return Ok((Bound::Upper(cmp, hi), domain));
        };
        let bottom = value(&lo, &lo_span)?;
        let lo_value = if lo_cmp == Cmp::Lt {
            bottom.saturating_add(1)
        } else {
            bottom
        };
        let domain = Domain::Range {
            lo: lo_value,
            hi: hi_value.max(lo_value),
        };
        Ok((Bound::Between(lo, lo_cmp, cmp, hi), domain))
    }

    fn set_bound(&mut self) -> Result<(Bound, Domain), ExprError> {
        self.take(Tok::LBrace, "`{` after `in`")?;
        let mut lits = Vec::new();
        let mut values = Vec::new();
        if !self.peek_is(&Tok::RBrace) {
            loop {
                let (lit, span) = self.literal("an integer in the set")?;
                let v = lit.value().map_err(|k| err(span, k))?;
                if !values.contains(&v) {
                    values.push(v);
                }
                lits.push(lit);
                if !self.peek_is(&Tok::Comma) {
                    break;
                }
                self.pos += 1;
            }
        }
        self.take(Tok::RBrace, "`,` or `}`")?;
        Ok((Bound::Set(lits), Domain::Set(values)))
    }

    fn expr(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.term()?;
        while let Some(t @ (Tok::NimSum | Tok::Plus | Tok::Minus)) = self.peek().cloned() {
            // Outside a heap size, `-` is read only in plain math, as the ordinary
            // difference: `(2 × 3) − 1 = 5`. In roles and `{claim}` it is refused, since
            // subtraction of nimbers is their sum.
            if t == Tok::Minus && self.heap == 0 && self.mode != Mode::Plain {
                break;
            }
            let (op, plain) = (self.span_here(), self.written_plainly(&t));
            let meaning = self.operator_meaning(&t, plain);
            self.pos += 1;
            let rhs = self.term()?;
            self.refuse_prop_operand(plain, op, &lhs, &rhs)?;
            let span = lhs.span.start..rhs.span.end;
            let node = if t == Tok::Minus {
                Node::Diff(boxed(lhs), boxed(rhs))
            } else {
                Node::Sum(boxed(lhs), boxed(rhs), meaning)
            };
            lhs = Expr { node, span };
        }
        Ok(lhs)
    }

    fn term(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.power()?;
        loop {
            let t = match self.peek().cloned() {
                Some(t @ (Tok::NimProd | Tok::Times | Tok::Slash)) => t,
                _ if self.juxtaposed(&lhs) => Tok::Times,
                _ => break,
            };
            let (op, plain) = (self.span_here(), self.written_plainly(&t));
            let meaning = self.operator_meaning(&t, plain);
            if t != Tok::Times || self.peek_is(&Tok::Times) {
                self.pos += 1;
            }
            let rhs = self.power()?;
            let rhs = self.cnf_term(rhs)?;
            self.refuse_prop_operand(plain, op, &lhs, &rhs)?;
            let span = lhs.span.start..rhs.span.end;
            let node = if t == Tok::Slash {
                Node::Quot(boxed(lhs), boxed(rhs), meaning)
            } else {
                Node::Prod(boxed(lhs), boxed(rhs), meaning)
            };
            lhs = Expr { node, span };
        }
        Ok(lhs)
    }

    /// Reads a term of a Cantor normal form after an operator, `ω²·3` in `ω ⊗ ω²·3`: a
    /// power of ω times a whole number is one ordinal, their nim-product, so it binds
    /// before the operator on its left.
    fn cnf_term(&mut self, power: Expr) -> Result<Expr, ExprError> {
        let of_omega = match &power.node {
            Node::Omega => true,
            Node::OrdPow(base, _) | Node::Pow(base, ..) => matches!(base.node, Node::Omega),
            _ => false,
        };
        let coefficient = matches!(self.tok_at(self.pos + 1), Some(Tok::Num(_)))
            && !matches!(
                self.tok_at(self.pos + 2),
                Some(Tok::Caret | Tok::StarStar | Tok::LParen)
            );
        if !of_omega || !self.peek_is(&Tok::Times) || !coefficient {
            return Ok(power);
        }
        self.pos += 1;
        let n = self.unary()?;
        let span = power.span.start..n.span.end;
        Ok(Expr {
            node: Node::Prod(boxed(power), boxed(n), Meaning::Nim),
            span,
        })
    }

    /// Returns whether a bracket opens right after `lhs`, a number or a bracket, as in
    /// `3(8)` or `(2+1)(2+1)`: in plain math that is a product, read two ways like `×`.
    fn juxtaposed(&self, lhs: &Expr) -> bool {
        // Tokens a reader builds share one empty span; only written ones are juxtaposed.
        self.mode == Mode::Plain
            && self.peek_is(&Tok::LParen)
            && !lhs.span.is_empty()
            && self.span_here().start == lhs.span.end
            && matches!(lhs.node, Node::Lit(_) | Node::Paren(_))
    }

    /// Returns whether the operator at the cursor is written `+`, `-`, `*` or `×` rather
    /// than `⊕` or `⊗` (`\oplus`, `\otimes` in LaTeX).
    fn written_plainly(&self, t: &Tok) -> bool {
        match t {
            Tok::Plus | Tok::Times | Tok::Minus | Tok::Slash => true,
            Tok::NimSum | Tok::NimProd => self.mode == Mode::Role && self.span_here().len() == 1,
            _ => false,
        }
    }

    /// Returns what an operator means: inside a game's argument `+`, `*` and `×` are
    /// ordinary (`⊕` and `⊗` stay the nimber operations); elsewhere as always.
    fn operator_meaning(&mut self, t: &Tok, plain: bool) -> Meaning {
        if self.heap > 0 && plain {
            return Meaning::Int;
        }
        self.next_meaning(matches!(t, Tok::Plus | Tok::Times | Tok::Slash))
    }

    /// Refuses `+` or `*` (not `⊕`, `⊗`) beside `period(…)` or `preperiod(…)` outside a
    /// game's argument: a reader may take it for ordinary arithmetic on the integers.
    fn refuse_prop_operand(
        &self,
        plain: bool,
        op: Range<usize>,
        lhs: &Expr,
        rhs: &Expr,
    ) -> Result<(), ExprError> {
        let is_prop = |x: &Expr| match &x.node {
            Node::Paren(inner) => is_integer_prop(inner),
            _ => is_integer_prop(x),
        };
        if self.heap == 0 && plain && (is_prop(lhs) || is_prop(rhs)) {
            return Err(err(op, ExprErrorKind::AmbiguousGameArithmetic));
        }
        Ok(())
    }

    /// Parses `name(heap)` after a name that is no function: a game's value, whose argument
    /// is a heap size written with ordinary `+`, `-` and `*`; or `period(name)` and
    /// `preperiod(name)`.
    fn game(&mut self, name: String, name_span: Range<usize>) -> Result<Expr, ExprError> {
        self.take(Tok::LParen, "`(`")?;
        if let Some(mut prop) = GameProp::from_name(&name) {
            let Some(Tok::Ident(game)) = self.peek().cloned() else {
                return Err(self.fail("the name of a game"));
            };
            self.pos += 1;
            if let GameProp::Options(_) | GameProp::Moves(_) = prop {
                self.take(Tok::Comma, "`,` and a position")?;
                let (lit, span) = self.number("a position")?;
                let n = lit.value().map_err(|k| err(span, k))?;
                prop = match prop {
                    GameProp::Moves(_) => GameProp::Moves(n),
                    _ => GameProp::Options(n),
                };
            }
            let end = self.take(Tok::RParen, "`)`")?.end;
            return Ok(Expr {
                node: Node::GameProp(prop, game, None),
                span: name_span.start..end,
            });
        }
        self.heap += 1;
        let arg = self.expr();
        self.heap -= 1;
        let arg = arg?;
        let end = self.take(Tok::RParen, "`)` after a heap size")?.end;
        Ok(Expr {
            node: Node::Game(name, boxed(arg), None),
            span: name_span.start..end,
        })
    }

    fn power(&mut self) -> Result<Expr, ExprError> {
        let base = self.unary()?;
        if self.peek_is(&Tok::StarStar) {
            return self.ordinal_power(base);
        }
        if !self.peek_is(&Tok::Caret) {
            return Ok(base);
        }
        let caret = self.pos;
        self.pos += 1;
        let paren = self.peek_is(&Tok::LParen);
        self.pos += usize::from(paren);
        let literal_next = matches!(
            self.peek(),
            Some(Tok::Num(_) | Tok::Minus | Tok::NimProd) | None
        );
        if self.mode == Mode::Plain && !literal_next {
            // `\omega^{\omega}`: an exponent with ω in it makes the ordinal power.
            let resume = self.pos;
            self.pos = caret + 1;
            match self.unary() {
                Ok(exp) if mentions_omega(&exp) || mentions_omega(&base) => {
                    return self.finish_ordinal_power(base, exp);
                }
                _ => self.pos = resume,
            }
        }
        let marked = self.peek_is(&Tok::NimProd);
        self.pos += usize::from(marked);
        let negative = self.peek_is(&Tok::Minus);
        self.pos += usize::from(negative);
        let (lit, exp_span) = self.literal("an integer exponent")?;
        let mut end = exp_span.end;
        if paren {
            end = self.take(Tok::RParen, "`)`")?.end;
        }
        if self.peek_is(&Tok::Caret) {
            return Err(err(self.span_here(), ExprErrorKind::ChainedPower));
        }
        // `2^{32}`: a nim-power of 2 is only 1, 2 or 3, so a power of 2 from the eighth
        // on names the integer, as a Fermat 2-power (`2^{8}`, `2^{64}`) or its neighbours do;
        // "the fourth power of 2" may still be the nim-power.
        let two = matches!(&base.node, Node::Lit(Lit::Num { value: 2, .. }));
        let large = matches!(&lit, Lit::Num { value, .. } if *value >= 8);
        let meaning = if self.mode == Mode::Plain && two && large && !negative && !marked {
            Meaning::Int
        } else {
            self.next_meaning(!negative && !marked)
        };
        let span = base.span.start..end;
        let exp = Exponent { negative, lit };
        Ok(Expr {
            node: Node::Pow(boxed(base), exp, meaning),
            span,
        })
    }

    /// Parses `base ** exponent` after a base that is not a bare literal, or whose
    /// exponent is not one: the ordinary power, of a literal (`2**k`) or with ω on one side
    /// (the ordinal power `w**3`).
    fn ordinal_power(&mut self, base: Expr) -> Result<Expr, ExprError> {
        let op_span = self.span_here();
        self.pos += 1;
        let exp = self.unary()?;
        let literal_base = matches!(base.node, Node::Lit(_));
        if !literal_base && !mentions_omega(&base) && !mentions_omega(&exp) {
            return Err(err(op_span, ExprErrorKind::IntegerPowerOfNonLiteral));
        }
        self.finish_ordinal_power(base, exp)
    }

    fn finish_ordinal_power(&mut self, base: Expr, exp: Expr) -> Result<Expr, ExprError> {
        if matches!(exp.node, Node::Lit(Lit::Sub(..))) {
            return Err(err(exp.span, ExprErrorKind::AmbiguousSubtraction));
        }
        if matches!(self.peek(), Some(Tok::StarStar | Tok::Caret)) {
            return Err(err(self.span_here(), ExprErrorKind::ChainedPower));
        }
        let span = base.span.start..exp.span.end;
        Ok(Expr {
            node: Node::OrdPow(boxed(base), boxed(exp)),
            span,
        })
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        if !self.peek_is(&Tok::Star) {
            return self.atom();
        }
        let start = self.span_here().start;
        self.pos += 1;
        let inner = self.atom()?;
        let span = start..inner.span.end;
        Ok(Expr {
            node: Node::Star(boxed(inner)),
            span,
        })
    }

    /// Parses `n`, `n**k` and differences of those.
    fn literal(&mut self, expected: &'static str) -> Result<(Lit, Range<usize>), ExprError> {
        if self.heap > 0 {
            // Inside a game's argument `-` is ordinary subtraction, read by `expr`.
            return self.literal_power(expected);
        }
        let start = self.pos;
        let (mut lit, mut span) = self.literal_power(expected)?;
        let first = (self.pos, lit.clone(), span.clone());
        while self.peek_is(&Tok::Minus) {
            if !matches!(self.tok_at(self.pos + 1), Some(Tok::Num(_))) {
                return Err(err(self.span_here(), ExprErrorKind::Subtraction));
            }
            self.pos += 1;
            let (rhs, rspan) = self.literal_power(expected)?;
            lit = Lit::Sub(Box::new(lit), Box::new(rhs));
            span = span.start..rspan.end;
        }
        // `2*3-1` or `5 + 3 - 1` would read as ordinary arithmetic with the wrong grouping.
        let binds = |t: Option<&Tok>| {
            matches!(
                t,
                Some(Tok::NimProd | Tok::Times | Tok::Caret | Tok::NimSum | Tok::Plus | Tok::Star)
            )
        };
        let before = start.checked_sub(1).and_then(|i| self.tok_at(i));
        if matches!(lit, Lit::Sub(..)) && (binds(before) || binds(self.peek())) {
            // Plain math reads `-` as the ordinary difference in `expr`, with the usual
            // precedence: `2 × 3 - 1` is (2 × 3) - 1.
            if self.mode == Mode::Plain {
                self.pos = first.0;
                return Ok((first.1, first.2));
            }
            return Err(err(span, ExprErrorKind::AmbiguousSubtraction));
        }
        Ok((lit, span))
    }

    fn literal_power(&mut self, expected: &'static str) -> Result<(Lit, Range<usize>), ExprError> {
        let base = self.number(expected)?;
        let exp_is_number = matches!(self.tok_at(self.pos + 1), Some(Tok::Num(_)));
        if !self.peek_is(&Tok::StarStar) || !exp_is_number {
            // `2**w` is an ordinal power, which the power rule reads.
            return Ok(base);
        }
        self.pos += 1;
        let exp = self.number("an integer literal after `**`")?;
        if self.peek_is(&Tok::StarStar) {
            return Err(err(self.span_here(), ExprErrorKind::ChainedPower));
        }
        let span = base.1.start..exp.1.end;
        Ok((Lit::Pow(Box::new(base.0), Box::new(exp.0)), span))
    }

    fn number(&mut self, expected: &'static str) -> Result<(Lit, Range<usize>), ExprError> {
        match self.peek() {
            Some(Tok::Num(text)) => {
                let (text, span) = (text.clone(), self.span_here());
                let value = number_value(&text, span.clone())?;
                self.pos += 1;
                Ok((Lit::Num { text, value }, span))
            }
            Some(Tok::Minus) if self.heap > 0 => {
                Err(err(self.span_here(), ExprErrorKind::NegativeHeap))
            }
            Some(Tok::Minus) => Err(err(self.span_here(), ExprErrorKind::Subtraction)),
            _ => Err(self.fail(expected)),
        }
    }

    fn atom(&mut self) -> Result<Expr, ExprError> {
        let span = self.span_here();
        match self.peek().cloned() {
            Some(Tok::Num(_)) => {
                let (lit, span) = self.literal("a number")?;
                Ok(Expr {
                    node: Node::Lit(lit),
                    span,
                })
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if name == "count" && self.peek_is(&Tok::LParen) {
                    return self.count(span);
                }
                if name == "count" && self.peek_is(&Tok::LBrace) {
                    return self.count_of(span);
                }
                if let Some(f) = Func::from_name(&name) {
                    return self.call(f, span);
                }
                if self.peek_is(&Tok::LParen) {
                    return self.game(name, span);
                }
                Ok(Expr {
                    node: Node::Var(name),
                    span,
                })
            }
            Some(Tok::LBrace) => {
                // `{1, 0}`: a set of values, which `check_sets` lets compare only with a set.
                self.pos += 1;
                let mut items = vec![self.number("a value")?.0];
                while self.peek_is(&Tok::Comma) {
                    self.pos += 1;
                    items.push(self.number("a value")?.0);
                }
                let end = self.take(Tok::RBrace, "`,` or `}`")?.end;
                let lit = Lit::Set(items);
                lit.value().map_err(|k| err(span.start..end, k))?;
                Ok(Expr {
                    node: Node::Lit(lit),
                    span: span.start..end,
                })
            }
            Some(Tok::LParen) => {
                self.pos += 1;
                let inner = self.expr()?;
                let end = self.take(Tok::RParen, "`)`")?.end;
                Ok(Expr {
                    node: Node::Paren(boxed(inner)),
                    span: span.start..end,
                })
            }
            Some(Tok::Omega) => {
                self.pos += 1;
                Ok(Expr {
                    node: Node::Omega,
                    span,
                })
            }
            Some(Tok::Minus) if self.heap > 0 => Err(err(span, ExprErrorKind::NegativeHeap)),
            Some(Tok::Minus) => Err(err(span, ExprErrorKind::Subtraction)),
            _ => Err(self.fail("a number, a name or `(`")),
        }
    }

    fn call(&mut self, f: Func, name_span: Range<usize>) -> Result<Expr, ExprError> {
        let (args, form) = match self.peek() {
            Some(Tok::LParen) => (self.args(Tok::LParen, Tok::RParen)?, CallForm::Paren),
            Some(Tok::LBrace) if f == Func::Mex => {
                (self.args(Tok::LBrace, Tok::RBrace)?, CallForm::Set)
            }
            Some(Tok::Num(_) | Tok::Ident(_) | Tok::Star | Tok::Omega)
                if self.mode == Mode::Plain =>
            {
                (vec![self.unary()?], CallForm::Bare)
            }
            _ => return Err(self.fail("`(` after a function name")),
        };
        let end = self.tokens[self.pos - 1].span.end;
        let span = name_span.start..end;
        if let Some(expected) = f.arity().filter(|&n| n != args.len()) {
            let kind = ExprErrorKind::Arity {
                name: f.name(),
                expected,
                found: args.len(),
            };
            return Err(err(span, kind));
        }
        // `excluded(a, b)` is a constant of the program, as a count is.
        if matches!(f, Func::Excluded | Func::Distinct)
            && let Some(a) = args.iter().find(|a| !matches!(a.node, Node::Lit(_)))
        {
            let kind = ExprErrorKind::Unexpected {
                found: "an expression".into(),
                expected: "integer literals, as in `excluded(3, 3)`",
            };
            return Err(err(a.span.clone(), kind));
        }
        Ok(Expr {
            node: Node::Call(f, args, form),
            span,
        })
    }

    /// Parses the rest of `count(kind, size)` or `count(order, size, d)`, whose arguments
    /// are literals.
    fn count(&mut self, name_span: Range<usize>) -> Result<Expr, ExprError> {
        self.take(Tok::LParen, "`(`")?;
        let kind_span = self.span_here();
        let Some(Tok::Ident(name)) = self.peek().cloned() else {
            return Err(self.fail("the name of a count, such as `squares`"));
        };
        let kind = CountKind::from_name(&name)
            .ok_or_else(|| err(kind_span, ExprErrorKind::UnknownCount(name)))?;
        self.pos += 1;
        let mut args = Vec::new();
        for i in 0..kind.arity() {
            self.take(Tok::Comma, "`,`")?;
            let (lit, span) = self.literal("an integer literal")?;
            let value = lit.value().map_err(|k| err(span.clone(), k))?;
            if i == 0 && !is_field_size(value) {
                return Err(err(span, ExprErrorKind::CountField(value)));
            }
            args.push(Expr {
                node: Node::Lit(lit),
                span,
            });
        }
        let end = self.take(Tok::RParen, "`)`")?.end;
        Ok(Expr {
            node: Node::Call(Func::Count(kind), args, CallForm::Paren),
            span: name_span.start..end,
        })
    }

    /// Parses the rest of `count{a < 16 : chain}` or `count{a, b < 16 : chain}`: a binder,
    /// `:` and a chain, whose variables are bound inside the braces only.
    fn count_of(&mut self, name_span: Range<usize>) -> Result<Expr, ExprError> {
        self.take(Tok::LBrace, "`{`")?;
        let start = self.span_here().start;
        let q = self.binder(QuantKind::Forall, start)?;
        self.take(Tok::Colon, "`:` after the range of a count")?;
        let first = self.expr();
        let mut links = Vec::new();
        let mut failed = first.as_ref().err().cloned();
        while failed.is_none()
            && let Some(Tok::Cmp(cmp)) = self.peek()
        {
            let (cmp, op_span) = (*cmp, self.span_here());
            self.pos += 1;
            match self.expr() {
                Ok(rhs) => links.push(Link { cmp, op_span, rhs }),
                Err(e) => failed = Some(e),
            }
        }
        for (name, _) in &q.vars {
            self.bound.remove(name);
        }
        if let Some(e) = failed {
            return Err(e);
        }
        let first = first?;
        if links.is_empty() {
            return Err(err(first.span, ExprErrorKind::NotAClaim));
        }
        let end = self.take(Tok::RBrace, "`}` after a count's claim")?.end;
        Ok(Expr {
            node: Node::CountOf(Box::new(q), boxed(first), links),
            span: name_span.start..end,
        })
    }

    /// Parses `open arg, arg, … close`; `mex({…})` is read as `mex{…}`.
    fn args(&mut self, open: Tok, close: Tok) -> Result<Vec<Expr>, ExprError> {
        self.take(open, "`(`")?;
        let set_inside = close == Tok::RParen && self.peek_is(&Tok::LBrace);
        if set_inside {
            let args = self.args(Tok::LBrace, Tok::RBrace)?;
            self.take(Tok::RParen, "`)`")?;
            return Ok(args);
        }
        let mut args = Vec::new();
        if !self.peek_is(&close) {
            args.push(self.expr()?);
            while self.peek_is(&Tok::Comma) {
                self.pos += 1;
                args.push(self.expr()?);
            }
        }
        let expected = if close == Tok::RParen {
            "`,` or `)`"
        } else {
            "`,` or `}`"
        };
        self.take(close, expected)?;
        Ok(args)
    }
}

/// Prunes readings by the operands' types: `+`, `×`/`·` and `x^n` with an ω operand are
/// ordinal notation, Cantor's sum, product and power, so `ω^2·3 + ω·2 + 1` has one
/// reading; `+` beside a star value is the sum of games, the nim-sum. The operators left with two readings are renumbered in source order;
/// returns their number.
fn settle_ordinals(first: &mut Expr, links: &mut [Link]) -> usize {
    let mut kept = Vec::new();
    let mut settle = |e: &mut Expr| {
        let (ordinal, game) = match &e.node {
            Node::Sum(a, b, Meaning::Either(_)) => (
                mentions_omega(a) || mentions_omega(b),
                is_star(a) || is_star(b),
            ),
            Node::Prod(a, b, Meaning::Either(_)) => (mentions_omega(a) || mentions_omega(b), false),
            // Ordinals have no ordinary quotient: beside ω `/` is the nim quotient.
            Node::Quot(a, b, Meaning::Either(_)) => (false, mentions_omega(a) || mentions_omega(b)),
            Node::Pow(a, _, Meaning::Either(_)) => (mentions_omega(a), false),
            _ => return,
        };
        if let Node::Sum(_, _, m) | Node::Prod(_, _, m) | Node::Pow(_, _, m) | Node::Quot(_, _, m) =
            &mut e.node
        {
            match *m {
                // The sum of games `*3 + *5` is the nim-sum; it has no ordinary reading.
                // Nor has a quotient beside ω.
                Meaning::Either(_) if game => *m = Meaning::Nim,
                Meaning::Either(_) if ordinal => *m = Meaning::Int,
                Meaning::Either(i) => kept.push(i),
                _ => {}
            }
        }
    };
    first.walk_mut(&mut settle);
    for l in links.iter_mut() {
        l.rhs.walk_mut(&mut settle);
    }
    kept.sort_unstable();
    let renumber = |e: &mut Expr| {
        if let Node::Sum(_, _, m) | Node::Prod(_, _, m) | Node::Pow(_, _, m) | Node::Quot(_, _, m) =
            &mut e.node
            && let Meaning::Either(i) = *m
        {
            let new = kept.iter().position(|&k| k == i).unwrap_or(usize::MAX);
            *m = Meaning::Either(u8::try_from(new).unwrap_or(u8::MAX));
        }
    };
    let mut renumber = renumber;
    first.walk_mut(&mut renumber);
    for l in links.iter_mut() {
        l.rhs.walk_mut(&mut renumber);
    }
    kept.len()
}

/// Returns whether an expression is a star value, `*3`, or a sum of them.
fn is_star(e: &Expr) -> bool {
    match &e.node {
        Node::Star(_) => true,
        Node::Paren(a) => is_star(a),
        Node::Sum(a, b, Meaning::Nim) => is_star(a) || is_star(b),
        _ => false,
    }
}

/// Returns whether an expression involves ω, directly or through `alpha(p)`.
fn mentions_omega(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| {
        found |= matches!(x.node, Node::Omega | Node::Call(Func::Alpha, ..));
    });
    found
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
