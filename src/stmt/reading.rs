//! Readings: in plain math an author's `3^{4}` may be the integer or a nim-power, and
//! `4 \times 4` an ordinary or a nim-product (a power of 2 from `2^{8}` on, a nim-power
//! only 1, 2 or 3 would be, is always the integer). Each such operator is read
//! both ways, and a claim holds if some combination of readings makes it true. With more
//! ambiguous operators than combinations are tried, only the two uniform readings are:
//! every operator as the nimber operation, and every one as the ordinary operation.

use super::ast::{Expr, Meaning, Node, Statement};

/// One choice of meaning for every ambiguous operator of a statement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reading {
    bits: u64,
    count: u8,
}

/// What an ambiguous operator is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AmbiguousOp {
    /// `+`: the nim-sum or the ordinary sum.
    Sum,
    /// `×` or `·`: the nim-product or the ordinary product.
    Product,
    /// `x^n` with `n > 0`: the nim-power or the ordinary power.
    Power,
    /// `/`: the nim quotient or the ordinary exact quotient.
    Quotient,
}

/// An operator with two readings, in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ambiguity {
    /// The operator's kind.
    pub op: AmbiguousOp,
    /// The span of the expression it builds.
    pub span: std::ops::Range<usize>,
    /// The expression, in text.
    pub text: String,
}

impl Reading {
    /// Returns the reading with every operator read as the nimber operation.
    pub fn nim(count: usize) -> Reading {
        Reading {
            bits: 0,
            count: count as u8,
        }
    }

    /// Returns the readings of `count` ambiguous operators that are tried, the all-nimber
    /// one first: every combination up to [`super::MAX_AMBIGUOUS`] operators, else the
    /// two uniform ones.
    pub fn all(count: usize) -> impl Iterator<Item = Reading> {
        let count = count.min(super::MAX_UNIFORM) as u8;
        let all = u64::MAX >> (64 - u32::from(count.max(1)));
        let bits: Vec<u64> = if usize::from(count) <= super::MAX_AMBIGUOUS {
            (0..1u64 << count).collect()
        } else {
            vec![0, all]
        };
        bits.into_iter().map(move |bits| Reading { bits, count })
    }

    /// Returns whether operator `i` (in source order) is read as the ordinary operation.
    pub fn is_integer(&self, i: usize) -> bool {
        i < 64 && self.bits >> i & 1 == 1
    }

    /// Returns whether every operator is read as the nimber operation.
    pub fn is_nim(&self) -> bool {
        self.bits == 0
    }

    /// Returns the meaning this reading gives `m`.
    pub fn resolve(&self, m: Meaning) -> Meaning {
        match m {
            Meaning::Either(i) if self.is_integer(i as usize) => Meaning::Int,
            Meaning::Either(_) => Meaning::Nim,
            m => m,
        }
    }
}

impl Statement {
    /// Returns the operators that have two readings, in source order.
    pub fn ambiguities(&self) -> Vec<Ambiguity> {
        let mut out = Vec::new();
        for e in self.terms() {
            e.walk(&mut |e| {
                let op = match &e.node {
                    Node::Sum(_, _, Meaning::Either(_)) => AmbiguousOp::Sum,
                    Node::Prod(_, _, Meaning::Either(_)) => AmbiguousOp::Product,
                    Node::Pow(_, _, Meaning::Either(_)) => AmbiguousOp::Power,
                    Node::Quot(_, _, Meaning::Either(_)) => AmbiguousOp::Quotient,
                    _ => return,
                };
                out.push((e.meaning_index(), op, e.span.clone(), e.to_text()));
            });
        }
        out.sort_by_key(|a| a.0);
        out.into_iter()
            .map(|(_, op, span, text)| Ambiguity { op, span, text })
            .collect()
    }

    /// Returns the number of operators with two readings.
    pub fn ambiguous_count(&self) -> usize {
        self.ambiguous
    }

    /// Returns the statement with each ambiguous operator to which `pick` gives a meaning
    /// by its kind fixed to that meaning, and the others renumbered in source order: on a
    /// page that declares `+` the nim-sum, every `+` reads so.
    pub fn settled(&self, pick: impl Fn(AmbiguousOp) -> Option<Meaning>) -> Statement {
        let kinds: Vec<AmbiguousOp> = self.ambiguities().iter().map(|a| a.op).collect();
        let kept: Vec<usize> = (0..kinds.len())
            .filter(|&i| pick(kinds[i]).is_none())
            .collect();
        let mut s = self.clone();
        let mut fix = |e: &mut Expr| {
            if let Node::Sum(_, _, m)
            | Node::Prod(_, _, m)
            | Node::Pow(_, _, m)
            | Node::Quot(_, _, m) = &mut e.node
                && let Meaning::Either(i) = *m
            {
                let i = usize::from(i);
                *m = match kinds.get(i).and_then(|k| pick(*k)) {
                    Some(meaning) => meaning,
                    None => {
                        let new = kept.iter().position(|&k| k == i).unwrap_or(usize::MAX);
                        Meaning::Either(u8::try_from(new).unwrap_or(u8::MAX))
                    }
                };
            }
        };
        s.first.walk_mut(&mut fix);
        for l in &mut s.links {
            l.rhs.walk_mut(&mut fix);
        }
        s.ambiguous = kept.len();
        s
    }

    /// Returns the statement with each ambiguous operator fixed as `reading` reads it.
    pub fn resolved(&self, reading: &Reading) -> Statement {
        let mut s = self.clone();
        s.first.resolve(reading);
        for l in &mut s.links {
            l.rhs.resolve(reading);
        }
        s.ambiguous = 0;
        s
    }

    /// Says which operators `reading` reads as ordinary integer operations, if any
    /// operator is ambiguous: "with 2⁶⁴ read as the ordinary power".
    pub fn describe_reading(&self, reading: &Reading) -> Option<String> {
        if self.ambiguous == 0 {
            return None;
        }
        if self.ambiguous > super::MAX_AMBIGUOUS && !reading.is_nim() {
            return Some("with every operator read as the ordinary operation".to_string());
        }
        let parts: Vec<String> = self
            .ambiguities()
            .iter()
            .enumerate()
            .filter(|(i, _)| reading.is_integer(*i))
            .map(|(_, a)| {
                let what = match a.op {
                    AmbiguousOp::Sum => "sum",
                    AmbiguousOp::Product => "product",
                    AmbiguousOp::Power => "power",
                    AmbiguousOp::Quotient => "quotient",
                };
                format!("{} as the ordinary {what}", a.text)
            })
            .collect();
        Some(if parts.is_empty() {
            "with every operator read as the nimber operation".to_string()
        } else {
            format!("with {}", parts.join(" and "))
        })
    }
}

impl Expr {
    /// Calls `f` on this expression and every sub-expression.
    pub(crate) fn walk(&self, f: &mut impl FnMut(&Expr)) {
        f(self);
        match &self.node {
            Node::Sum(a, b, _) | Node::Prod(a, b, _) | Node::Quot(a, b, _) => {
                a.walk(f);
                b.walk(f);
            }
            Node::Pow(a, ..) | Node::Paren(a) | Node::Star(a) => a.walk(f),
            Node::OrdPow(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Node::Call(_, args, _) => args.iter().for_each(|a| a.walk(f)),
            Node::Game(_, a, _) => a.walk(f),
            Node::Diff(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Node::CountOf(_, first, links) => {
                first.walk(f);
                links.iter().for_each(|l| l.rhs.walk(f));
            }
            Node::Lit(_) | Node::Var(_) | Node::Omega | Node::GameProp(..) => {}
        }
    }

    /// Calls `f` on this expression and every sub-expression, mutably.
    pub(crate) fn walk_mut(&mut self, f: &mut impl FnMut(&mut Expr)) {
        f(self);
        match &mut self.node {
            Node::Sum(a, b, _)
            | Node::Prod(a, b, _)
            | Node::Quot(a, b, _)
            | Node::OrdPow(a, b)
            | Node::Diff(a, b) => {
                a.walk_mut(f);
                b.walk_mut(f);
            }
            Node::Pow(a, ..) | Node::Paren(a) | Node::Star(a) | Node::Game(_, a, _) => {
                a.walk_mut(f)
            }
            Node::Call(_, args, _) => args.iter_mut().for_each(|a| a.walk_mut(f)),
            Node::CountOf(_, first, links) => {
                first.walk_mut(f);
                links.iter_mut().for_each(|l| l.rhs.walk_mut(f));
            }
            Node::Lit(_) | Node::Var(_) | Node::Omega | Node::GameProp(..) => {}
        }
    }

    fn meaning_index(&self) -> u8 {
        match &self.node {
            Node::Sum(_, _, Meaning::Either(i))
            | Node::Prod(_, _, Meaning::Either(i))
            | Node::Quot(_, _, Meaning::Either(i))
            | Node::Pow(_, _, Meaning::Either(i)) => *i,
            _ => u8::MAX,
        }
    }

    fn resolve(&mut self, reading: &Reading) {
        match &mut self.node {
            Node::Sum(a, b, m) | Node::Prod(a, b, m) | Node::Quot(a, b, m) => {
                *m = reading.resolve(*m);
                a.resolve(reading);
                b.resolve(reading);
            }
            Node::Pow(a, _, m) => {
                *m = reading.resolve(*m);
                a.resolve(reading);
            }
            Node::Paren(a) | Node::Star(a) => a.resolve(reading),
            Node::OrdPow(a, b) => {
                a.resolve(reading);
                b.resolve(reading);
            }
            Node::Call(_, args, _) => args.iter_mut().for_each(|a| a.resolve(reading)),
            Node::Game(_, a, _) => a.resolve(reading),
            Node::Diff(a, b) => {
                a.resolve(reading);
                b.resolve(reading);
            }
            Node::CountOf(_, first, links) => {
                first.resolve(reading);
                links.iter_mut().for_each(|l| l.rhs.resolve(reading));
            }
            Node::Lit(_) | Node::Var(_) | Node::Omega | Node::GameProp(..) => {}
        }
    }
}
