//! The syntax tree: a statement is data (quantifiers, a chain of comparisons, expressions)
//! before anything evaluates it, so its properties are methods rather than guesses from
//! rendered glyphs.

use std::ops::Range;
use std::sync::Arc;

use super::game::{Game, GameProp};

/// How a statement's operators are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Roles, `{claim}` lines and `nimsite eval`: `+` is `⊕`, `*` is `⊗`, `^` is the
    /// nim-power and `**` the ordinary power of literals. Nothing is ambiguous.
    Role,
    /// Plain math and prose: `+`, `×`, `·` and `x^n` (with `n > 0`) are each read both as
    /// the nimber operation and as the ordinary one.
    Plain,
}

/// A comparison between two values.
///
/// `=` and `≠` compare nimbers. `<`, `≤`, `>` and `≥` compare the ordinary integers that
/// name the two values (the order of nimbers as ordinals), as in "more calls than".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `=`.
    Eq,
    /// `≠`, `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `≤`, `<=`.
    Le,
    /// `>`.
    Gt,
    /// `≥`, `>=`.
    Ge,
}

impl Cmp {
    /// Returns whether `a` compares to `b` this way (for values, the order is the ordinal
    /// order: every finite nimber lies below ω).
    #[inline]
    pub fn holds<T: Ord>(self, a: T, b: T) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }

    /// Returns the comparison that holds exactly when this one does not.
    pub fn negated(self) -> Cmp {
        match self {
            Cmp::Eq => Cmp::Ne,
            Cmp::Ne => Cmp::Eq,
            Cmp::Lt => Cmp::Ge,
            Cmp::Le => Cmp::Gt,
            Cmp::Gt => Cmp::Le,
            Cmp::Ge => Cmp::Lt,
        }
    }

    /// Returns whether this compares integers (`<`, `≤`, `>`, `≥`) rather than nimbers.
    pub fn is_order(self) -> bool {
        !matches!(self, Cmp::Eq | Cmp::Ne)
    }

    /// Returns the comparison in Unicode text.
    pub fn text(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "≠",
            Cmp::Lt => "<",
            Cmp::Le => "≤",
            Cmp::Gt => ">",
            Cmp::Ge => "≥",
        }
    }

    /// Returns the comparison in LaTeX.
    pub fn latex(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "\\neq",
            Cmp::Lt => "<",
            Cmp::Le => "\\le",
            Cmp::Gt => ">",
            Cmp::Ge => "\\ge",
        }
    }
}

/// Whether a quantifier asks for every case or for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuantKind {
    /// `forall`, `∀`: every case must hold.
    Forall,
    /// `exists`, `∃`: some case must hold.
    Exists,
}

/// The finite set of values a quantified variable ranges over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Domain {
    /// Every integer `v` with `lo ≤ v < hi`.
    Range {
        /// The least value.
        lo: u128,
        /// One past the greatest value.
        hi: u128,
    },
    /// The listed values, duplicates removed, in the order written.
    Set(Vec<u128>),
}

impl Domain {
    /// Returns the number of values.
    pub fn len(&self) -> u128 {
        match self {
            Domain::Range { lo, hi } => hi.saturating_sub(*lo),
            Domain::Set(v) => v.len() as u128,
        }
    }

    /// Returns whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How a quantifier's range was written, kept for rendering it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// `a < N` or `a ≤ N`.
    Upper(Cmp, Lit),
    /// `L < a < N`, with either comparison strict or not.
    Between(Lit, Cmp, Cmp, Lit),
    /// `a ∈ {…}`.
    Set(Vec<Lit>),
}

/// One bounded quantifier over one or more variables that share a range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quantifier {
    pub(crate) kind: QuantKind,
    pub(crate) vars: Vec<(String, Range<usize>)>,
    pub(crate) bound: Bound,
    pub(crate) domain: Domain,
    pub(crate) span: Range<usize>,
}

impl Quantifier {
    /// Returns whether the quantifier is `forall` or `exists`.
    pub fn kind(&self) -> QuantKind {
        self.kind
    }

    /// Returns the names it binds, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.vars.iter().map(|(n, _)| n.as_str())
    }

    /// Returns the values each of its variables ranges over.
    pub fn domain(&self) -> &Domain {
        &self.domain
    }

    /// Returns its byte span in the source.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

/// One comparison of a chain with the term to its right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub(crate) cmp: Cmp,
    pub(crate) op_span: Range<usize>,
    pub(crate) rhs: Expr,
}

impl Link {
    /// Returns the comparison.
    pub fn cmp(&self) -> Cmp {
        self.cmp
    }
}

/// A parsed statement: quantifiers, then a chain `t0 op1 t1 op2 t2 …` of terms and
/// comparisons. With no comparison it is an expression, with one or more a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    pub(crate) quants: Vec<Quantifier>,
    pub(crate) first: Expr,
    pub(crate) links: Vec<Link>,
    pub(crate) ambiguous: usize,
    pub(crate) span: Range<usize>,
}

/// A nimber expression with its byte span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub(crate) node: Node,
    pub(crate) span: Range<usize>,
}

impl Expr {
    /// Returns the expression's byte span in the source.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

/// What an operator means: the nimber operation, the ordinary integer one, or (in plain
/// math) either, decided by the reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// The nimber operation: `⊕`, `⊗`, the nim-power.
    Nim,
    /// The ordinary integer operation: `+`, `×`, the integer power.
    Int,
    /// Either; the index counts such operators in source order.
    Either(u8),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Node {
    Lit(Lit),
    Var(String),
    Sum(Box<Expr>, Box<Expr>, Meaning),
    Prod(Box<Expr>, Box<Expr>, Meaning),
    Pow(Box<Expr>, Exponent, Meaning),
    Call(Func, Vec<Expr>, CallForm),
    Paren(Box<Expr>),
    Star(Box<Expr>),
    /// ω, written `w` or `ω` (`\omega` in LaTeX).
    Omega,
    /// The ordinal (Cantor) power `base ** exponent`, where one side involves ω.
    OrdPow(Box<Expr>, Box<Expr>),
    /// A game's value at a heap size, `kayles(n + 1)`, with the game once bound.
    Game(String, Box<Expr>, Option<Arc<Game>>),
    /// `period(kayles)` or `preperiod(kayles)`, with the game once bound.
    GameProp(GameProp, String, Option<Arc<Game>>),
    /// Ordinary subtraction of heap sizes, inside a game's argument only.
    Diff(Box<Expr>, Box<Expr>),
    /// `count{a < 16 : a ⊗ a ⊗ a = 1}`: how many values of the quantifier's range make the
    /// chain (its first term and links) hold; `|\{…\}|` in LaTeX.
    CountOf(Box<Quantifier>, Box<Expr>, Vec<Link>),
    /// `a / b`: the nim quotient `a ⊗ b⁻¹`, or the ordinary quotient, which must be exact.
    Quot(Box<Expr>, Box<Expr>, Meaning),
}

/// The exponent of a power: an integer literal, perhaps negative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Exponent {
    pub negative: bool,
    pub lit: Lit,
}

/// How a function's arguments were written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallForm {
    /// `f(x)`.
    Paren,
    /// `\sqrt 2`, `\operatorname{inv} 4`.
    Bare,
    /// `\operatorname{mex}\{0, 1, 3\}`.
    Set,
}

/// A function of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Func {
    Inv,
    Sqrt,
    Ord,
    Mex,
    /// `alpha(p)`: α_p, the p-th power of the lowest generator of prime p.
    Alpha,
    /// `excess(p)`: Lenstra's excess m_p.
    Excess,
    /// `deg(x)`: the degree of x over F₂.
    Deg,
    /// `rem(a, n)`: the remainder of the integer a on division by n.
    Rem,
    /// `count(kind, size)`: how many nonzero elements below a field size are of a kind.
    Count(super::count::CountKind),
    /// `excluded(a, b)`: the set of values the pairs below `(a, b)` exclude in the mex
    /// rule for `a ⊗ b`.
    Excluded,
    /// `distinct(a, b)`: how many values `excluded(a, b)` holds, an ordinary integer.
    Distinct,
}

/// Returns whether `name` is one of the statement language's functions (`inv`, `deg`, …).
pub fn is_function(name: &str) -> bool {
    Func::from_name(name).is_some()
}

/// Returns whether `c` may go on a name after its first letter: a letter, a digit or `_`
/// (`g52`, `take_3_4`).
pub fn continues_name(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Returns whether `name` is a function or keyword of the statement language, which a game
/// may not take: a claim would read `inv(3)`, `period(s)` or `w` as the language's own.
pub fn is_reserved(name: &str) -> bool {
    is_function(name)
        || super::game::GameProp::from_name(name).is_some()
        || matches!(
            name,
            "w" | "forall" | "exists" | "in" | "xor" | "XOR" | "oplus" | "otimes"
        )
}

impl Func {
    pub(crate) fn from_name(name: &str) -> Option<Func> {
        Some(match name {
            "inv" => Func::Inv,
            "sqrt" => Func::Sqrt,
            "ord" => Func::Ord,
            "mex" => Func::Mex,
            "alpha" => Func::Alpha,
            "excess" => Func::Excess,
            "deg" => Func::Deg,
            "rem" => Func::Rem,
            "excluded" => Func::Excluded,
            "distinct" => Func::Distinct,
            _ => return None,
        })
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Func::Inv => "inv",
            Func::Sqrt => "sqrt",
            Func::Ord => "ord",
            Func::Mex => "mex",
            Func::Alpha => "alpha",
            Func::Excess => "excess",
            Func::Deg => "deg",
            Func::Rem => "rem",
            Func::Count(_) => "count",
            Func::Excluded => "excluded",
            Func::Distinct => "distinct",
        }
    }

    /// Returns how many arguments the function takes, or `None` for any number.
    pub(crate) fn arity(self) -> Option<usize> {
        match self {
            Func::Mex => None,
            Func::Rem | Func::Excluded | Func::Distinct => Some(2),
            Func::Count(k) => Some(k.arity()),
            _ => Some(1),
        }
    }

    /// Returns whether the function needs the ordinal core, whatever its argument.
    pub(crate) fn is_ordinal(self) -> bool {
        matches!(self, Func::Alpha | Func::Excess | Func::Deg)
    }
}

/// An integer written with literals only: `7`, `0xff`, `2**64-1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lit {
    Num {
        text: String,
        value: u128,
    },
    Pow(Box<Lit>, Box<Lit>),
    Sub(Box<Lit>, Box<Lit>),
    /// `{1, 0}`: a set of small values, as a mask with bit `v` set for each `v`.
    Set(Vec<Lit>),
}

impl Lit {
    /// Returns a literal for `value`.
    pub(crate) fn of(value: u128) -> Lit {
        Lit::Num {
            text: value.to_string(),
            value,
        }
    }

    /// Returns the literal's ordinary integer value, or why it has none.
    pub(crate) fn value(&self) -> Result<u128, super::ExprErrorKind> {
        use super::ExprErrorKind::{Negative, Overflow};
        match self {
            Lit::Num { value, .. } => Ok(*value),
            Lit::Pow(b, e) => {
                let (b, e) = (b.value()?, e.value()?);
                let e = u32::try_from(e).map_err(|_| Overflow)?;
                b.checked_pow(e).ok_or(Overflow)
            }
            Lit::Sub(a, b) => a.value()?.checked_sub(b.value()?).ok_or(Negative),
            Lit::Set(items) => items.iter().try_fold(0u128, |mask, x| {
                let v = x.value()?;
                Ok(mask
                    | 1u128
                        .checked_shl(u32::try_from(v).map_err(|_| Overflow)?)
                        .ok_or(Overflow)?)
            }),
        }
    }
}
