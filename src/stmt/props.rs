//! Properties of a statement read off its tree: which variables it uses, whether it
//! multiplies, the perturbed copy `check --mutate` runs, and the ways a claim can be
//! vacuous.
//!
//! # Perturbation
//!
//! `--mutate` calls a claim vacuous when its perturbed copy still passes, so the copy must
//! fail whenever an honest check of the original passes:
//!
//! - the last link of the chain is perturbed: `a = b` becomes `a = b ⊕ 1` (the right
//!   side's value moves); any other comparison becomes its negation, so `2*2 ≠ 5` becomes
//!   `2*2 = 5` (the equation it denies) and `a < b` becomes `a ≥ b`. Honest inequalities
//!   such as `2*2 != 5` and `inv(4) != 0` are therefore never flagged;
//! - every `exists` becomes `forall`, the body perturbed as above: if `∃x: P(x)` held with
//!   witness `w`, the copy fails at `w`, whereas perturbing the body alone could let
//!   another `x` pass;
//! - ambiguous operators are fixed to the reading under which the claim held.
//!
//! A copy that still passes then means the check never looked (or a range is empty).
//!
//! # Vacuity
//!
//! [`Statement::vacuities`] finds claims that hold by their form alone:
//!
//! - a link `=`, `≤` or `≥` whose two sides are the same tree (`2*2 = 2*2`, or
//!   `forall a < 4: a*a = a*a`);
//! - a link whose two sides are the same tree up to the order of the operands of `⊕` and
//!   `⊗`, **only when the link has no variables** (`2*3 = 3*2`). With variables this is a
//!   law, such as commutativity `forall a, b < 16: a*b = b*a`, and a real claim;
//! - a quantifier whose range is empty (`forall a < 0`, `0 < a < 1`, `a in {}`);
//! - a quantified variable the claim never uses.

use std::collections::BTreeSet;
use std::fmt;
use std::ops::Range;

use super::ast::{
    Bound, Cmp, Domain, Expr, Func, Link, Lit, Meaning, Node, QuantKind, Quantifier, Statement,
};
use super::reading::Reading;

/// A reason a claim holds by its form alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vacuity {
    /// What makes it vacuous.
    pub kind: VacuityKind,
    /// The span of the link, quantifier or variable at fault.
    pub span: Range<usize>,
}

/// What makes a claim vacuous.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VacuityKind {
    /// Both sides of link `link` are the same expression.
    SameSides {
        /// The link, counted from 0.
        link: usize,
        /// Whether they are the same only after reordering commutative operands.
        reordered: bool,
    },
    /// The quantifier ranges over no values.
    EmptyRange(String),
    /// The quantified variable does not occur in the claim.
    UnusedVariable(String),
}

impl fmt::Display for Vacuity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            VacuityKind::SameSides {
                reordered: false, ..
            } => write!(
                f,
                "both sides are the same expression; compare with a value"
            ),
            VacuityKind::SameSides { .. } => write!(
                f,
                "both sides are the same expression up to operand order; compare with a value"
            ),
            VacuityKind::EmptyRange(v) => {
                write!(f, "`{v}` ranges over no values; widen the range")
            }
            VacuityKind::UnusedVariable(v) => {
                write!(f, "`{v}` is quantified but never used; drop it or use it")
            }
        }
    }
}

impl Statement {
    /// Returns the chain's terms, left to right.
    pub fn terms(&self) -> impl Iterator<Item = &Expr> {
        std::iter::once(&self.first).chain(self.links.iter().map(|l| &l.rhs))
    }

    /// Returns the quantifiers, outermost first.
    pub fn quantifiers(&self) -> &[Quantifier] {
        &self.quants
    }

    /// Returns the comparisons of the chain, left to right.
    pub fn comparisons(&self) -> impl Iterator<Item = Cmp> + '_ {
        self.links.iter().map(|l| l.cmp)
    }

    /// Returns the span of link `i`: from its left term to its right term.
    pub fn link_span(&self, i: usize) -> Option<Range<usize>> {
        let l = self.links.get(i)?;
        let left = if i == 0 {
            &self.first
        } else {
            &self.links[i - 1].rhs
        };
        Some(left.span.start..l.rhs.span.end)
    }

    /// Returns the span of the step that does not follow in a verdict's deciding case: the
    /// whole claim when it has one link, else the failing link's right term, since the
    /// chain's first term is what it works out and each later link starts from a term the
    /// links before it reached.
    pub fn failing_step(&self, v: &super::Verdict) -> Option<Range<usize>> {
        let i = v.values.as_ref()?.failing?;
        if self.links.len() == 1 {
            return self.link_span(0);
        }
        Some(self.links.get(i)?.rhs.span.clone())
    }

    /// Returns the span of the link that failed in a verdict's deciding case, if one did.
    pub fn failing_span(&self, v: &super::Verdict) -> Option<Range<usize>> {
        self.link_span(v.values.as_ref()?.failing?)
    }

    /// Returns the statement's byte span in its source.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// Returns whether the statement makes a comparison.
    pub fn is_claim(&self) -> bool {
        !self.links.is_empty()
    }

    /// Returns whether the statement has quantifiers.
    pub fn is_quantified(&self) -> bool {
        !self.quants.is_empty()
    }

    /// Returns the names of the variables the statement uses, sorted.
    pub fn variables(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for t in self.terms() {
            t.walk(&mut |e| {
                if let Node::Var(n) = &e.node {
                    out.insert(n.clone());
                }
            });
        }
        out
    }

    /// Returns whether the statement is a law read over the default domain: its
    /// quantifier was not written (its span is empty), only implied by free variables.
    pub fn is_implied_law(&self) -> bool {
        self.quants.first().is_some_and(|q| q.span.is_empty())
    }

    /// Returns the statement that holds exactly when this one does not: each quantifier
    /// turned (`∀` to `∃` and back) and the comparison negated; `None` for a chain of more
    /// than one comparison, whose denial is no chain.
    pub fn denied(&self) -> Option<Statement> {
        let [link] = self.links.as_slice() else {
            return None;
        };
        let mut s = self.clone();
        for q in &mut s.quants {
            q.kind = match q.kind {
                QuantKind::Forall => QuantKind::Exists,
                QuantKind::Exists => QuantKind::Forall,
            };
        }
        s.links = vec![Link {
            cmp: link.cmp.negated(),
            ..link.clone()
        }];
        Some(s)
    }

    /// Returns whether the statement denies one value: no quantifier, one `≠`.
    pub fn is_denial(&self) -> bool {
        self.quants.is_empty() && matches!(self.links.as_slice(), [l] if l.cmp == Cmp::Ne)
    }

    /// Returns the statement with `value`, written at `at`, for the number it compares
    /// with: "16 ⊗ 16 = 256; the correct value is 24" reads as `16 ⊗ 16 = 24`. `None`
    /// unless it compares, unquantified, one side with a number by `=` or `≠`.
    pub fn corrected(&self, value: u128, at: &Range<usize>) -> Option<Statement> {
        let [link] = self.links.as_slice() else {
            return None;
        };
        let numeral = matches!(&link.rhs.node, Node::Lit(Lit::Num { .. }));
        if !self.quants.is_empty() || !matches!(link.cmp, Cmp::Eq | Cmp::Ne) || !numeral {
            return None;
        }
        let mut s = self.clone();
        s.span = s.span.start.min(at.start)..s.span.end.max(at.end);
        s.links = vec![Link {
            cmp: Cmp::Eq,
            op_span: link.op_span.clone(),
            rhs: Expr {
                node: Node::Lit(Lit::of(value)),
                span: at.clone(),
            },
        }];
        Some(s)
    }

    /// Returns the statement with every span at `at`: a claim read from words said again
    /// elsewhere ("…, and so does 4") is shown where it is said.
    pub fn placed_at(&self, at: &Range<usize>) -> Statement {
        let mut s = self.clone();
        s.span = at.clone();
        for q in &mut s.quants {
            q.span = at.clone();
            for (_, v) in &mut q.vars {
                *v = at.clone();
            }
        }
        let mut place = |e: &mut Expr| e.span = at.clone();
        s.first.walk_mut(&mut place);
        for l in &mut s.links {
            l.op_span = at.clone();
            l.rhs.walk_mut(&mut place);
        }
        s
    }

    /// Returns the statement with its implied quantifiers over `names` ranging over
    /// `lo ≤ v < hi`, as the words around it state ("for every nonzero x below 16"); `None`
    /// when no implied quantifier binds only those names.
    pub fn within(&self, names: &[String], lo: u128, hi: u128) -> Option<Statement> {
        let bound = match lo.checked_sub(1) {
            None => Bound::Upper(Cmp::Lt, Lit::of(hi)),
            Some(below) => Bound::Between(Lit::of(below), Cmp::Lt, Cmp::Lt, Lit::of(hi)),
        };
        self.ranging(names, Domain::Range { lo, hi }, bound)
    }

    /// Returns the statement with its implied quantifiers over `names` ranging over the
    /// listed values ("F ⊗ F = F ⊕ F/2" for each Fermat 2-power F); `None` as for
    /// [`Statement::within`].
    pub fn among(&self, names: &[String], values: &[u128]) -> Option<Statement> {
        let bound = Bound::Set(values.iter().map(|&v| Lit::of(v)).collect());
        self.ranging(names, Domain::Set(values.to_vec()), bound)
    }

    fn ranging(&self, names: &[String], domain: Domain, bound: Bound) -> Option<Statement> {
        let mut s = self.clone();
        let mut any = false;
        for q in s.quants.iter_mut().filter(|q| q.span.is_empty()) {
            if q.vars.iter().all(|(n, _)| names.contains(n)) {
                q.domain = domain.clone();
                q.bound = bound.clone();
                any = true;
            }
        }
        any.then_some(s)
    }

    /// Returns the statement with each letter of its implied law set to the value the words
    /// give it ("with a = 5 and b = 9 we have a ⊕ b = 12" states 5 ⊕ 9 = 12); `None` unless
    /// every such letter is given, or when a count binds letters of its own.
    pub fn given(&self, values: &[(String, u128)]) -> Option<Statement> {
        let implied = |q: &&Quantifier| q.span.is_empty();
        if !self.quants.iter().any(|q| implied(&q)) {
            return None;
        }
        let value = |name: &str| values.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
        let all_given = self
            .quants
            .iter()
            .filter(implied)
            .all(|q| q.vars.iter().all(|(n, _)| value(n).is_some()));
        let mut counts = false;
        for t in self.terms() {
            t.walk(&mut |e| counts |= matches!(e.node, Node::CountOf(..)));
        }
        if !all_given || counts {
            return None;
        }
        let mut s = self.clone();
        s.quants.retain(|q| !q.span.is_empty());
        let mut set = |e: &mut Expr| {
            if let Node::Var(n) = &e.node
                && let Some(v) = value(n)
            {
                e.node = Node::Lit(Lit::of(v));
            }
        };
        s.first.walk_mut(&mut set);
        for l in &mut s.links {
            l.rhs.walk_mut(&mut set);
        }
        Some(s)
    }

    /// Returns the letter of an implied law over one letter and the values below its
    /// bound where the law holds: "if x ⊗ x = 1, …" supposes x is 1. `None` for any other
    /// statement, or when a case cannot be evaluated.
    pub fn solutions(&self) -> Option<(String, Vec<u128>)> {
        let [q] = &self.quants[..] else {
            return None;
        };
        let ([(name, _)], Domain::Range { lo, hi }) = (&q.vars[..], &q.domain) else {
            return None;
        };
        if !q.span.is_empty() || self.uses_games() {
            return None;
        }
        let mut values = Vec::new();
        for v in *lo..*hi {
            if self.given(&[(name.clone(), v)])?.holds().ok()? {
                values.push(v);
            }
        }
        Some((name.clone(), values))
    }

    /// Returns the statement as an equation posed to be solved: its implied quantifiers ask
    /// for one case ("solve 7 ⊗ x = 5" states that a solution exists).
    pub fn as_solvable(&self) -> Statement {
        let mut s = self.clone();
        for q in s.quants.iter_mut().filter(|q| q.span.is_empty()) {
            q.kind = QuantKind::Exists;
        }
        s
    }

    /// Returns whether the statement names a value rather than stating a law: a lone
    /// variable on one side (`c = 2 ⊗ 3`, `x = 1`), as in "let c = …".
    pub fn is_definition(&self) -> bool {
        let bare = |t: &Expr| matches!(&t.node, Node::Var(_));
        let closed = |t: &Expr| {
            let mut vars = false;
            t.walk(&mut |e| vars |= matches!(&e.node, Node::Var(_)));
            !vars
        };
        let (a, b) = (&self.first, self.links.first().map(|l| &l.rhs));
        self.quants.is_empty()
            && self.links.len() == 1
            && b.is_some_and(|b| (bare(a) && closed(b)) || (bare(b) && closed(a)))
    }

    /// Returns the variables the statement uses without quantifying them, sorted.
    pub fn free_variables(&self) -> BTreeSet<String> {
        let mut bound: BTreeSet<String> = self
            .quants
            .iter()
            .flat_map(|q| q.names().map(str::to_string))
            .collect();
        // A count binds its own variable.
        for t in self.terms() {
            t.walk(&mut |e| {
                if let Node::CountOf(q, ..) = &e.node {
                    bound.extend(q.names().map(str::to_string));
                }
            });
        }
        let mut vars = self.variables();
        vars.retain(|v| !bound.contains(v));
        vars
    }

    /// Returns the first use of `name`'s span, if it occurs.
    pub fn variable_span(&self, name: &str) -> Option<Range<usize>> {
        let mut found = None;
        for t in self.terms() {
            t.walk(&mut |e| {
                if matches!(&e.node, Node::Var(n) if n == name) && found.is_none() {
                    found = Some(e.span.clone());
                }
            });
        }
        found
    }

    /// Returns whether the statement needs the ordinal core: it mentions ω, takes an
    /// ordinal power, or asks for α_p, m_p or a degree. Every other statement runs on the
    /// finite nimbers alone, by the fast register code.
    pub fn needs_ordinals(&self) -> bool {
        let mut needs = false;
        for t in self.terms() {
            t.walk(&mut |e| {
                needs |= match &e.node {
                    // A count runs its chain once a value, by the walker.
                    Node::Omega | Node::OrdPow(..) | Node::CountOf(..) => true,
                    Node::Call(f, ..) => f.is_ordinal(),
                    _ => false,
                };
            });
        }
        needs
    }

    /// Returns whether evaluating may use the nim-product (a product, power, inverse,
    /// square root or order read as a nimber operation).
    pub fn uses_product(&self) -> bool {
        let mut uses = false;
        for t in self.terms() {
            t.walk(&mut |e| {
                uses |= match &e.node {
                    Node::Prod(_, _, m) | Node::Pow(_, _, m) | Node::Quot(_, _, m) => {
                        *m != Meaning::Int
                    }
                    Node::Call(f, ..) => !matches!(f, Func::Mex | Func::Rem),
                    _ => false,
                };
            });
        }
        uses
    }

    /// Returns the copy `check --mutate` runs: it fails whenever an honest check of this
    /// claim passes under `reading` (see the module docs).
    pub fn perturbed(&self, reading: &Reading) -> Statement {
        let mut s = self.resolved(reading);
        for q in &mut s.quants {
            q.kind = QuantKind::Forall;
        }
        if let Some(last) = s.links.last_mut() {
            if last.cmp == Cmp::Eq {
                let span = last.rhs.span.clone();
                let one = Expr {
                    node: Node::Lit(Lit::of(1)),
                    span: span.clone(),
                };
                let rhs = std::mem::replace(&mut last.rhs, one.clone());
                last.rhs = Expr {
                    node: Node::Sum(Box::new(rhs), Box::new(one), Meaning::Nim),
                    span,
                };
            } else {
                last.cmp = last.cmp.negated();
            }
        }
        s
    }

    /// Returns every way the claim holds by its form alone (see the module docs).
    pub fn vacuities(&self) -> Vec<Vacuity> {
        let mut out = Vec::new();
        let terms: Vec<&Expr> = self.terms().collect();
        for (i, l) in self.links.iter().enumerate() {
            if !matches!(l.cmp, Cmp::Eq | Cmp::Le | Cmp::Ge) {
                continue;
            }
            let (a, b) = (terms[i], terms[i + 1]);
            let reordered = if a.canonical(false) == b.canonical(false) {
                false
            } else if !a.has_variables()
                && !b.has_variables()
                && a.canonical(true) == b.canonical(true)
            {
                true
            } else {
                continue;
            };
            let span = a.span.start..b.span.end;
            out.push(Vacuity {
                kind: VacuityKind::SameSides { link: i, reordered },
                span,
            });
        }
        let used = self.variables();
        for q in &self.quants {
            for (name, span) in &q.vars {
                if q.domain.is_empty() {
                    let kind = VacuityKind::EmptyRange(name.clone());
                    out.push(Vacuity {
                        kind,
                        span: q.span(),
                    });
                } else if !used.contains(name) {
                    let kind = VacuityKind::UnusedVariable(name.clone());
                    out.push(Vacuity {
                        kind,
                        span: span.clone(),
                    });
                }
            }
        }
        out
    }
}

impl Expr {
    fn has_variables(&self) -> bool {
        let mut any = false;
        self.walk(&mut |e| any |= matches!(e.node, Node::Var(_)));
        any
    }

    /// Returns a canonical form without spans or parentheses; with `commute`, the
    /// operands of `⊕` and `⊗` are put in a fixed order.
    fn canonical(&self, commute: bool) -> String {
        let pair = |op: &str, a: &Expr, b: &Expr, m: &Meaning, swap: bool| {
            let (mut x, mut y) = (a.canonical(commute), b.canonical(commute));
            if swap && x > y {
                std::mem::swap(&mut x, &mut y);
            }
            let m = if matches!(m, Meaning::Int) { "i" } else { "" };
            format!("({op}{m} {x} {y})")
        };
        match &self.node {
            Node::Lit(l) => l
                .value()
                .map_or_else(|_| l.render(false), |v| v.to_string()),
            Node::Var(n) => n.clone(),
            Node::Paren(a) | Node::Star(a) => a.canonical(commute),
            Node::Sum(a, b, m) => pair("+", a, b, m, commute),
            Node::Prod(a, b, m) => pair("*", a, b, m, commute),
            Node::Quot(a, b, m) => pair("/", a, b, m, false),
            Node::Pow(a, e, m) => format!(
                "(^{} {} {}{})",
                match m {
                    Meaning::Nim => "n",
                    Meaning::Int => "i",
                    Meaning::Either(_) => "e",
                },
                a.canonical(commute),
                if e.negative { "-" } else { "" },
                e.lit.value().unwrap_or(0)
            ),
            Node::Call(f, args, _) => {
                let args: Vec<String> = args.iter().map(|a| a.canonical(commute)).collect();
                let kind = match f {
                    Func::Count(k) => format!(" {}", k.name()),
                    _ => String::new(),
                };
                format!("({}{kind} {})", f.name(), args.join(" "))
            }
            Node::Omega => "w".to_string(),
            Node::OrdPow(a, b) => format!("(** {} {})", a.canonical(commute), b.canonical(commute)),
            Node::Game(name, a, _) => format!("(game {name} {})", a.canonical(commute)),
            Node::GameProp(p, name, _) => format!("({} {})", p.name(), p.args(name)),
            Node::Diff(a, b) => format!("(- {} {})", a.canonical(commute), b.canonical(commute)),
            Node::CountOf(q, first, links) => {
                let chain: Vec<String> = links
                    .iter()
                    .map(|l| format!("{} {}", l.cmp.text(), l.rhs.canonical(commute)))
                    .collect();
                let range = q.range(false);
                format!(
                    "(count {range} {} {})",
                    first.canonical(commute),
                    chain.join(" ")
                )
            }
        }
    }
}
