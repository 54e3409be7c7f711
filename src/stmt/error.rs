//! Typed errors of the statement language: each one has a byte span into the source it
//! came from and, where one helps, a hint that says how to write the statement instead.

use std::fmt;
use std::ops::Range;

use crate::nimber::ArithError;
use crate::nimber::ordinal::OrdinalError;

/// A parse or evaluation error at a byte span of the statement's source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// Byte offsets into the source (the expression, the LaTeX or the text it was read from).
    pub span: Range<usize>,
    /// What went wrong.
    pub kind: ExprErrorKind,
}

/// What went wrong in a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExprErrorKind {
    /// The statement is empty.
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
    /// Literal subtraction next to `⊕`, `⊗` or `^`, where a reader could group it either way.
    AmbiguousSubtraction,
    /// `**` applied to something other than literals.
    IntegerPowerOfNonLiteral,
    /// An exponent outside the signed 128-bit range.
    ExponentTooLarge,
    /// `x^a^b` without parentheses.
    ChainedPower,
    /// A second comparison where only one is allowed (kept for callers of the old API; the
    /// language now reads chains).
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
    /// A variable with no value: neither quantified nor given.
    Unbound(String),
    /// An operation with no value, such as `inv(0)`.
    Arith(ArithError),
    /// An ordinal operation with no value, or none below ω^(ω^ω) the core can reach.
    Ordinal(OrdinalError),
    /// `rem(a, 0)`.
    RemainderByZero,
    /// An ordinary quotient `a / b` that is no whole number, or `b = 0`.
    Inexact {
        /// The dividend.
        a: u128,
        /// The divisor.
        b: u128,
    },
    /// A function of a prime, such as `alpha(p)`, given something else.
    NotAnOddPrime(String),
    /// A quantifier with no finite range.
    Unbounded(String),
    /// A quantifier bound that is not an integer literal.
    BadBound,
    /// A variable quantified twice.
    DuplicateVariable(String),
    /// A quantifier followed by an expression rather than a claim.
    QuantifiedExpression,
    /// An expression where a claim (a comparison) is needed.
    NotAClaim,
    /// A claim where a single value is needed.
    NotAnExpression,
    /// More work than the bound allows.
    TooMuchWork {
        /// The steps the statement would need: at least one a case, or an estimate from
        /// the cases run before the bound was reached.
        work: u128,
        /// The bound.
        limit: u64,
    },
    /// More operators with two readings than can be tried in every combination.
    TooManyReadings(usize),
    /// Brackets nested deeper than the parser reads.
    TooDeep {
        /// The deepest nesting allowed.
        limit: usize,
    },
    /// More tokens in one statement than the parser reads.
    TooLong {
        /// The tokens the statement has.
        tokens: usize,
        /// The most allowed.
        limit: usize,
    },
    /// An evaluation error in one case of a quantified claim.
    InCase {
        /// The assignment, as `a = 0, b = 3`.
        case: String,
        /// The error in that case.
        error: Box<ExprErrorKind>,
    },
    /// A name called like a function that is no function and no game defined here.
    UnknownGame {
        /// The name.
        name: String,
        /// The games that are defined, in order.
        known: Vec<String>,
    },
    /// `period(g)` or `preperiod(g)` of a game with no period proved.
    NoPeriod {
        /// The game.
        name: String,
        /// How many values it has.
        upto: usize,
        /// Why no period can be proved, when more values would not help.
        why: Option<String>,
    },
    /// A game's value asked for past its computed values, with no period to reach it.
    PastBound {
        /// The game.
        name: String,
        /// The heap size asked for.
        n: u128,
        /// How many values it has.
        upto: usize,
    },
    /// `options(g, n)` of a game whose moves are not known.
    NoMoves {
        /// The game.
        name: String,
    },
    /// `excluded(a, b)` of a factor past 127, or holding a value too large for a set.
    ExcludedTooLarge {
        /// The first factor.
        a: u128,
        /// The second factor.
        b: u128,
        /// The largest value a set may hold.
        max: u32,
    },
    /// `options(g, n)` holding a value too large for a set.
    OptionTooLarge {
        /// The game.
        name: String,
        /// The position.
        n: u128,
        /// The largest value a set may hold.
        max: u32,
    },
    /// A set `{a, b}` or `options(g, n)` anywhere but a whole side of `=` or `≠` with a set
    /// on the other side.
    SetTerm,
    /// A heap size below zero in a game's argument.
    NegativeHeap,
    /// A rule that calls its own function at an argument not below the one it values.
    NotDescending {
        /// The function.
        name: String,
        /// The argument being valued.
        n: u128,
        /// The argument called.
        called: u128,
    },
    /// `+` or `*` beside `period(…)` or `preperiod(…)` outside a game's argument, where it
    /// could be the nimber or the ordinary operation.
    AmbiguousGameArithmetic,
    /// A statement that the old two-valued [`crate::stmt::Evaluation`] cannot describe.
    NeedsCheck,
    /// A count over the nonzero elements below a number that is no field size it takes.
    CountField(u128),
    /// `count(name, …)` with a name that is no kind of count.
    UnknownCount(String),
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
                "`**` is the ordinary power of literals and of ordinals (`w**2`); for the nim-power write `^`"
            }
            ExprErrorKind::ChainedPower => "add parentheses, as in `(x^2)^3` or `w**(w**2)`",
            ExprErrorKind::Overflow => "values are nimbers below 2^128",
            ExprErrorKind::SecondComparison => "a claim makes one comparison",
            ExprErrorKind::UnknownFunction(_) => {
                "the functions are inv, sqrt, ord, mex, deg, rem, alpha and excess"
            }
            ExprErrorKind::Ordinal(OrdinalError::AboveClosure) => {
                "values are nimbers below 2^128 and ordinals below ω^(ω^ω)"
            }
            ExprErrorKind::NotAnOddPrime(_) => "α_p and m_p are defined for odd primes p up to 281",
            ExprErrorKind::Unbound(_) => "quantify it, as in `forall x < 16: …`",
            ExprErrorKind::Unbounded(_) => "give it a finite range, as in `forall a < 256: …`",
            ExprErrorKind::BadBound => "bounds are integer literals, as in `a < 2**8`",
            ExprErrorKind::DuplicateVariable(_) => "give each quantified variable its own name",
            ExprErrorKind::QuantifiedExpression => "state a comparison after the quantifier",
            ExprErrorKind::NotAClaim => "a claim compares, as in `2*2 = 3`",
            ExprErrorKind::NotAnExpression => "drop the comparison to get a value",
            ExprErrorKind::TooMuchWork { .. } => {
                "narrow the ranges, or state the claim for a smaller field"
            }
            ExprErrorKind::TooDeep { .. } => "drop redundant brackets, or name a part with a role",
            ExprErrorKind::TooLong { .. } => "split it into several claims, one a line",
            ExprErrorKind::TooManyReadings(_) => {
                "write `\\otimes`, `\\oplus` and `^{\\otimes n}` where a nimber operation is meant"
            }
            ExprErrorKind::NeedsCheck => "use `Statement::check`",
            ExprErrorKind::UnknownGame { .. } => {
                "games come from `{octal}` or `{define}` on the page, above a role or directive that uses one (or `nimsite eval --octal NAME=CODE`); the functions are inv, sqrt, ord, mex, deg, rem, alpha and excess"
            }
            ExprErrorKind::NoPeriod { .. } => {
                "periods are proved for octal games and for rules that read a bounded window of earlier values: raise `:upto:` until one is, or state values instead"
            }
            ExprErrorKind::PastBound { .. } => "raise its `:upto:`, or ask for a smaller heap",
            ExprErrorKind::NegativeHeap => "heap sizes are 0 or more",
            ExprErrorKind::NoMoves { .. } => {
                "options are known for octal games, Grundy's game and `{define}` rules whose value is a `mex{…}`"
            }
            ExprErrorKind::OptionTooLarge { .. } => "state the values of the options one by one",
            ExprErrorKind::ExcludedTooLarge { .. } => {
                "state the excluded values of a product of factors below 128"
            }
            ExprErrorKind::SetTerm => "compare sets whole, as in `options(kayles, 2) = {0, 1}`",
            ExprErrorKind::Inexact { .. } => {
                "an ordinary quotient must be whole; for the nim quotient write `a \\otimes b^{-1}`"
            }
            ExprErrorKind::NotDescending { .. } => {
                "a rule may call its own function only at smaller arguments, as in `g(n - k)` with `k in {1, 2}, k <= n`"
            }
            ExprErrorKind::AmbiguousGameArithmetic => {
                "period(…) and preperiod(…) are ordinary integers: do heap arithmetic inside a game's argument, as in `kayles(n + period(kayles))`, or write `⊕`/`⊗` for the nimber operation"
            }
            ExprErrorKind::CountField(_) => {
                "count over a field: the nonzero elements below 2, 4, 16, 256 or 65536"
            }
            ExprErrorKind::UnknownCount(_) => {
                "the counts are units, squares, cubes, roots, primitive, fixed and order, as in `count(squares, 16)` or `count(order, 16, 5)`"
            }
            ExprErrorKind::InCase { error, .. } => return error.hint(),
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
                write!(
                    f,
                    "literal subtraction next to `⊕`, `⊗` or `^` is ambiguous"
                )
            }
            ExprErrorKind::IntegerPowerOfNonLiteral => write!(f, "`**` on a non-literal"),
            ExprErrorKind::ExponentTooLarge => write!(f, "exponent is too large"),
            ExprErrorKind::ChainedPower => write!(f, "chained power"),
            ExprErrorKind::SecondComparison => write!(f, "more than one comparison"),
            ExprErrorKind::UnknownFunction(n) => write!(f, "unknown function `{n}`"),
            ExprErrorKind::Arity {
                name,
                expected,
                found,
            } => {
                let noun = if *expected == 1 {
                    "argument"
                } else {
                    "arguments"
                };
                write!(f, "`{name}` takes {expected} {noun}, found {found}")
            }
            ExprErrorKind::Unbound(n) => write!(f, "unknown variable `{n}`"),
            ExprErrorKind::Arith(e) => write!(f, "{e}"),
            ExprErrorKind::Ordinal(e) => write!(f, "{e}"),
            ExprErrorKind::NotAnOddPrime(v) => write!(f, "{v} is not an odd prime"),
            ExprErrorKind::RemainderByZero => write!(f, "a remainder on division by 0"),
            ExprErrorKind::Inexact { b: 0, .. } => write!(f, "an ordinary division by 0"),
            ExprErrorKind::Inexact { a, b } => {
                write!(
                    f,
                    "{a} / {b}, which leaves a remainder, as an ordinary quotient"
                )
            }
            ExprErrorKind::Unbounded(n) => write!(f, "`{n}` is quantified without a bound"),
            ExprErrorKind::BadBound => write!(f, "a quantifier bound must be an integer"),
            ExprErrorKind::DuplicateVariable(n) => write!(f, "`{n}` is quantified twice"),
            ExprErrorKind::QuantifiedExpression => write!(f, "a quantifier needs a claim"),
            ExprErrorKind::NotAClaim => write!(f, "expected a claim, found an expression"),
            ExprErrorKind::NotAnExpression => write!(f, "expected an expression, found a claim"),
            ExprErrorKind::TooMuchWork { work, limit } => write!(
                f,
                "this needs about {work} steps of work (a step is about one nim-product), more than the bound of {limit}"
            ),
            ExprErrorKind::TooDeep { limit } => {
                write!(f, "brackets are nested more than {limit} deep")
            }
            ExprErrorKind::TooLong { tokens, limit } => write!(
                f,
                "the statement has {tokens} tokens, more than the {limit} one statement may have"
            ),
            ExprErrorKind::TooManyReadings(n) => write!(
                f,
                "{n} operators could each be read two ways, more than the {} that are tried",
                super::MAX_UNIFORM
            ),
            ExprErrorKind::InCase { case, error } => write!(f, "{error} at {case}"),
            ExprErrorKind::UnknownGame { name, known } if known.is_empty() => {
                write!(f, "no function or game named `{name}`")
            }
            ExprErrorKind::UnknownGame { name, known } => write!(
                f,
                "no function or game named `{name}`; the games defined here are {}",
                known.join(", ")
            ),
            ExprErrorKind::NoPeriod { name, upto, why } => match why {
                Some(why) => write!(f, "no period of `{name}` can be proved: {why}"),
                None => write!(
                    f,
                    "no period of `{name}` is proved within its {upto} values"
                ),
            },
            ExprErrorKind::PastBound { name, n, upto } => write!(
                f,
                "`{name}({n})` is past the {upto} values computed, and no period is proved to reach it"
            ),
            ExprErrorKind::NegativeHeap => write!(f, "a heap size cannot be negative"),
            ExprErrorKind::NoMoves { name } => {
                write!(
                    f,
                    "the moves of `{name}` are not known, so neither are its options"
                )
            }
            ExprErrorKind::ExcludedTooLarge { a, b, max } => write!(
                f,
                "the pairs below ({a}, {b}) exclude values past {max}, more than a set holds"
            ),
            ExprErrorKind::OptionTooLarge { name, n, max } => {
                write!(f, "an option of `{name}` at {n} is worth more than {max}")
            }
            ExprErrorKind::SetTerm => {
                write!(f, "a set is compared whole with another set, by `=` or `≠`")
            }
            ExprErrorKind::NotDescending { name, n, called } => write!(
                f,
                "the rule does not descend: valuing {name}({n}) calls {name}({called})"
            ),
            ExprErrorKind::CountField(n) => write!(
                f,
                "the nimbers below {n} are not a field of at most 2^16 elements, so nothing is counted there"
            ),
            ExprErrorKind::UnknownCount(n) => write!(f, "no count named `{n}`"),
            ExprErrorKind::AmbiguousGameArithmetic => write!(
                f,
                "`+` or `*` beside period(…) or preperiod(…) could be the nimber or the ordinary operation"
            ),
            ExprErrorKind::NeedsCheck => {
                write!(f, "the statement is not a single comparison of two values")
            }
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

/// Returns an error of `kind` at `span`.
pub(crate) fn err(span: Range<usize>, kind: ExprErrorKind) -> ExprError {
    ExprError { span, kind }
}
