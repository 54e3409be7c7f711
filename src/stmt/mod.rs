//! The statement language of roles, `{claim}` blocks, plain math, prose and `nimsite eval`.
//!
//! Essays state nimber arithmetic in many places: {nim}`2*2 = 3`, a `{claim}` line, plain
//! LaTeX such as `$4^{-1} = 15$`, a heading "Why 4 ⊗ 4 = 6". All of them become one
//! [`Statement`] (bounded quantifiers, a chain of comparisons, nimber expressions) before
//! anything is evaluated, so every place checks claims the same way and reports the same
//! typed errors with spans and hints.
//!
//! ```
//! use nimsite::stmt::{self, Mode};
//! let s = stmt::parse_in("forall a < 16: exists x < 16: x*x = a", Mode::Role)?;
//! let v = s.check()?;
//! assert!(v.holds);
//! assert_eq!(s.to_text(), "∀ a < 16: ∃ x < 16: x ⊗ x = a");
//! # Ok::<(), nimsite::stmt::ExprError>(())
//! ```
//!
//! Values are finite nimbers and, past them, the ordinals below ω^(ω^ω) ([`Value`]): `w`
//! or `ω` is ω, `**` is the ordinary power (the ordinal power when ω is involved, so
//! `w**3` is the ordinal ω³), `^` stays the nim-power, and `alpha(p)`, `excess(p)`,
//! `deg(x)` and `ord(x)` read the ordinal core. Ordinal values print in the syntax they
//! are read in:
//!
//! ```
//! use nimsite::stmt;
//! assert_eq!(stmt::parse("w^3")?.value()?, 2);
//! assert_eq!(stmt::parse("inv(w + 1)")?.value()?.to_string(), "w**2*2 + w*2 + 2");
//! assert!(stmt::parse("alpha(7) = w + 1 != w**7")?.holds()?);
//! assert_eq!(stmt::parse("w**3 != w^3")?.to_latex(), r"\omega^{3} \neq \omega^{\otimes 3}");
//! # Ok::<(), nimsite::stmt::ExprError>(())
//! ```
//!
//! The pieces, one concern each: [`lexer`] (text to tokens), [`parser`] (tokens to the
//! tree in [`ast`]), `compile` (the tree to register code over `u128`, for statements on
//! the finite nimbers), `walk` (a tree walk over [`Value`]s, for statements that need the
//! ordinal core), `quant` (cases, readings and the [`Verdict`], on either machine), `value`
//! (the values and Cantor's operations), `reading` (the two readings of plain-math
//! operators), [`count`] (how many elements of a field are of a kind), `props` (variables, perturbation, vacuity), `render` (LaTeX and text) and
//! [`error`].

pub mod ast;
mod compile;
pub mod count;
pub mod error;
mod game;
mod games;
pub mod lexer;
mod machine;
pub mod parser;
mod props;
mod quant;
mod reading;
mod render;
mod rules;
mod value;
mod walk;

use std::collections::BTreeMap;

pub use ast::{
    Cmp, Domain, Expr, Link, Meaning, QuantKind, Quantifier, Statement, continues_name,
    is_function, is_reserved,
};
pub use error::{ExprError, ExprErrorKind};
pub use game::{Game, GameProp, Games, Moves};
pub use lexer::{Tok, Token, fullwidth_digit, is_invisible};
pub use parser::{Mode, parse_tokens};
pub use props::{Vacuity, VacuityKind};
pub use quant::{Binding, Role, Values, Verdict};
pub use reading::{Ambiguity, AmbiguousOp, Reading};
pub use rules::{Rule, option_values, parse_rule, rule_moves, tabulate, tabulate_counted};
pub use value::{Value, ordinal_add, ordinal_arith, ordinal_mul, ordinal_pow};

/// The most steps of work one claim or value may take (see [`crate::nimber::Meter`]): an
/// instruction of a finite case is a step, an inverse or a root of a wide nimber hundreds,
/// an ordinal operation by the size of its operands or its field. About two seconds.
pub const MAX_WORK: u64 = 1 << 27;

/// The most operators with two readings whose `2^n` combinations are all tried; beyond
/// it only the two uniform readings are.
pub const MAX_AMBIGUOUS: usize = 4;

/// The most operators with two readings a plain-math claim may have.
pub const MAX_UNIFORM: usize = 64;

/// Parses a statement written in `mode`.
pub fn parse_in(src: &str, mode: Mode) -> Result<Statement, ExprError> {
    let tokens = lexer::lex(src, mode)?;
    parse_tokens(&tokens, src.len(), mode)
}

/// Parses an expression or claim of a role, `{claim}` line or `nimsite eval`.
pub fn parse(src: &str) -> Result<Statement, ExprError> {
    parse_in(src, Mode::Role)
}

/// The comparison of a claim, in the two-valued view of [`Evaluation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `=`.
    Eq,
    /// `!=` or `≠`.
    Ne,
}

/// The result of evaluating a statement, in the two-valued view older callers use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// An expression's value.
    Value(Value),
    /// A comparison's two sides and whether it holds.
    Comparison {
        /// The left side's value.
        lhs: Value,
        /// The comparison.
        op: CmpOp,
        /// The right side's value.
        rhs: Value,
        /// Whether the comparison holds.
        holds: bool,
    },
}

impl Statement {
    /// Returns the value of an expression (no comparison) with no free variables; an
    /// ambiguous operator takes its nimber reading.
    pub fn value(&self) -> Result<Value, ExprError> {
        self.value_with(&BTreeMap::new())
    }

    /// Returns the value of an expression, taking variables from `env`.
    pub fn value_with(&self, env: &BTreeMap<String, u128>) -> Result<Value, ExprError> {
        if self.is_claim() {
            return Err(error::err(self.span(), ExprErrorKind::NotAnExpression));
        }
        let names: Vec<&str> = env.keys().map(String::as_str).collect();
        let reading = Reading::nim(self.ambiguous);
        if self.needs_ordinals() {
            let walker = walk::Walker::new(self, &reading, &names, 0)?;
            return run_once(&walker, &names, env, self.span());
        }
        let program = compile::Program::compile(self, &reading, &names, 0)?;
        run_once(&program, &names, env, self.span())
    }

    /// Evaluates a statement that has no free variables, in the two-valued view.
    pub fn evaluate(&self) -> Result<Evaluation, ExprError> {
        self.evaluate_with(&BTreeMap::new())
    }

    /// Evaluates the statement with free variables from `env`, in the two-valued view: a
    /// chain or quantified claim reports its deciding `=` or `≠` link; one that has no
    /// such link is [`ExprErrorKind::NeedsCheck`] when false.
    pub fn evaluate_with(&self, env: &BTreeMap<String, u128>) -> Result<Evaluation, ExprError> {
        if !self.is_claim() {
            return self.value_with(env).map(Evaluation::Value);
        }
        let v = self.check_with(env)?;
        let two_valued = v.values.as_ref().and_then(|vals| {
            let i = vals.failing.unwrap_or(vals.terms.len().checked_sub(2)?);
            let op = match self.links[i].cmp {
                Cmp::Eq => CmpOp::Eq,
                Cmp::Ne => CmpOp::Ne,
                _ => return None,
            };
            let (lhs, rhs) = (vals.terms[i].clone(), vals.terms[i + 1].clone());
            Some(Evaluation::Comparison {
                lhs,
                op,
                rhs,
                holds: v.holds,
            })
        });
        match (two_valued, v.holds) {
            (Some(e), _) => Ok(e),
            (None, true) => Ok(Evaluation::Comparison {
                lhs: Value::Nim(0),
                op: CmpOp::Eq,
                rhs: Value::Nim(0),
                holds: true,
            }),
            (None, false) => Err(error::err(self.span(), ExprErrorKind::NeedsCheck)),
        }
    }
}

/// Runs a machine once with the variables of `env` and returns its first term.
fn run_once<M: machine::Machine>(
    m: &M,
    names: &[&str],
    env: &BTreeMap<String, u128>,
    span: std::ops::Range<usize>,
) -> Result<Value, ExprError> {
    let mut regs = m.registers();
    for (i, n) in names.iter().enumerate() {
        regs[i] = M::Reg::from(env[*n]);
    }
    let meter = crate::nimber::Meter::new(MAX_WORK);
    m.run(&mut regs, &meter).map_err(|f| {
        if meter.exhausted() {
            quant::out_of_work(&meter, span, 1, 1)
        } else {
            m.error(f)
        }
    })?;
    Ok(m.term(&regs, 0))
}

#[cfg(test)]
mod tests;
