//! Evaluates statements that reach beyond the finite nimbers, by walking the tree.
//!
//! A statement that mentions ω (or α_p, m_p, a degree or an ordinal power) works with values
//! in Cantor normal form, whose products consult the ordinal core's memo; such statements
//! are few and small, so a plain recursive walk over [`Value`]s serves them, and the
//! register code of `compile` stays a tight loop over `u128` for everything else. Finite
//! operands still take the finite core's fast paths.

use std::collections::BTreeMap;
use std::ops::Range;

use super::ast::{Cmp, Domain, Expr, Func, Meaning, Node, Statement};
use super::error::{ExprError, ExprErrorKind, err};
use super::game::excluded_mask;
use super::games;
use super::machine::Machine;
use super::reading::Reading;
use super::value::{Value, ordinal_add, ordinal_arith, ordinal_mul, ordinal_pow};
use crate::nimber::{
    self, Costly, Meter, finite_steps,
    ordinal::{OrdinalArith, OrdinalError, TABLE_END},
};

/// A statement's terms, ready to evaluate over values under one reading.
pub(crate) struct Walker<'s> {
    terms: Vec<&'s Expr>,
    links: Vec<Cmp>,
    slots: BTreeMap<String, usize>,
    /// The slots of counts' variables, after the terms' values.
    extra: usize,
    vars: usize,
    loops: usize,
    reading: Reading,
}

impl<'s> Walker<'s> {
    /// Prepares the terms of `s` under `reading`; `names` gives each variable its slot,
    /// and the first `loops` of them are the quantified ones.
    pub(crate) fn new(
        s: &'s Statement,
        reading: &Reading,
        names: &[&str],
        loops: usize,
    ) -> Result<Walker<'s>, ExprError> {
        let mut slots: BTreeMap<String, usize> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.to_string(), i))
            .collect();
        let terms: Vec<&Expr> = s.terms().collect();
        // The variables of counts take slots after the terms' values.
        let mut extra = 0;
        for t in &terms {
            t.walk(&mut |e| {
                if let Node::CountOf(q, ..) = &e.node {
                    for n in q.names() {
                        if !slots.contains_key(n) {
                            slots.insert(n.to_string(), names.len() + terms.len() + extra);
                            extra += 1;
                        }
                    }
                }
            });
        }
        let mut unbound = None;
        for t in &terms {
            t.walk(&mut |e| {
                if let Node::Var(n) = &e.node
                    && !slots.contains_key(n)
                    && unbound.is_none()
                {
                    unbound = Some(err(e.span.clone(), ExprErrorKind::Unbound(n.clone())));
                }
            });
        }
        if let Some(e) = unbound {
            return Err(e);
        }
        Ok(Walker {
            terms,
            links: s.links.iter().map(|l| l.cmp).collect(),
            slots,
            extra,
            vars: names.len(),
            loops,
            reading: *reading,
        })
    }

    fn int(&self, m: Meaning) -> bool {
        self.reading.resolve(m) == Meaning::Int
    }

    /// Returns the value of `e`, with variables from `regs`, drawing a step on `meter`
    /// for each node and what the core charges for each operation.
    fn eval(&self, e: &Expr, regs: &[Value], meter: &Meter) -> Result<Value, ExprError> {
        let at = |k: ExprErrorKind| err(e.span.clone(), k);
        let ord = |r: Result<Value, OrdinalError>| r.map_err(|o| at(ExprErrorKind::Ordinal(o)));
        meter
            .charge(1)
            .map_err(|o| at(ExprErrorKind::Ordinal(o.into())))?;
        let eval = |e: &Expr| self.eval(e, regs, meter);
        Ok(match &e.node {
            Node::Lit(l) => Value::Nim(l.value().map_err(at)?),
            Node::Var(n) => regs[self.slots[n]].clone(),
            Node::Omega => Value::omega(),
            Node::Paren(a) | Node::Star(a) => eval(a)?,
            Node::Sum(a, b, m) => {
                let (x, y) = (eval(a)?, eval(b)?);
                charge_terms(meter, &x, &y).map_err(|o| at(ExprErrorKind::Ordinal(o)))?;
                if self.int(*m) {
                    ord(ordinary_sum(&x, &y))?
                } else {
                    x.nim_add(&y)
                }
            }
            Node::Prod(a, b, m) => {
                let (x, y) = (eval(a)?, eval(b)?);
                if self.int(*m) {
                    charge_terms(meter, &x, &y).map_err(|o| at(ExprErrorKind::Ordinal(o)))?;
                    ord(ordinary_product(&x, &y))?
                } else {
                    ord(nim_product(&x, &y, meter))?
                }
            }
            Node::Pow(base, exp, m) => {
                let x = eval(base)?;
                let n = exp.lit.value().map_err(at)?;
                if self.int(*m) {
                    charge_terms(meter, &x, &x).map_err(|o| at(ExprErrorKind::Ordinal(o)))?;
                    ord(ordinary_power(&x, &Value::Nim(n)))?
                } else {
                    let n = i128::try_from(n).map_err(|_| at(ExprErrorKind::ExponentTooLarge))?;
                    let n = if exp.negative { -n } else { n };
                    self.nim_power(&x, n, e.span.clone(), meter)?
                }
            }
            Node::OrdPow(base, exp) => {
                let (x, y) = (eval(base)?, eval(exp)?);
                charge_terms(meter, &x, &y).map_err(|o| at(ExprErrorKind::Ordinal(o)))?;
                ord(ordinary_power(&x, &y))?
            }
            Node::CountOf(q, first, links) => {
                let mut local = regs.to_vec();
                let mut n = 0u128;
                let slots: Vec<usize> = q.names().map(|name| self.slots[name]).collect();
                // Each variable takes each value of the domain: an odometer over the
                // positions of the values, the last variable turning fastest.
                let (len, value): (u128, Box<dyn Fn(u128) -> u128>) = match q.domain() {
                    Domain::Range { lo, hi } => {
                        let lo = *lo;
                        (hi.saturating_sub(lo), Box::new(move |k| lo + k))
                    }
                    Domain::Set(v) => (v.len() as u128, Box::new(|k| v[k as usize])),
                };
                let mut at = vec![0u128; slots.len()];
                // An empty domain has no values to count.
                let mut more = len > 0;
                while more {
                    for (slot, k) in slots.iter().zip(&at) {
                        local[*slot] = Value::Nim(value(*k));
                    }
                    let mut left = self.eval(first, &local, meter)?;
                    let mut holds = true;
                    for l in links {
                        let right = self.eval(&l.rhs, &local, meter)?;
                        holds &= l.cmp.holds(&left, &right);
                        left = right;
                    }
                    n += u128::from(holds);
                    match at.iter().rposition(|k| k + 1 < len) {
                        Some(turn) => {
                            at[turn] += 1;
                            at[turn + 1..].fill(0);
                        }
                        None => more = false,
                    }
                }
                Value::Nim(n)
            }
            Node::Quot(a, b, m) => {
                let (x, y) = (eval(a)?, eval(b)?);
                if self.int(*m) {
                    let (Value::Nim(p), Value::Nim(q)) = (&x, &y) else {
                        return Err(at(ExprErrorKind::Unexpected {
                            found: "an ordinal".into(),
                            expected: "a whole number in an ordinary quotient",
                        }));
                    };
                    let exact = p.checked_rem(*q) == Some(0);
                    let v = p.checked_div(*q).filter(|_| exact);
                    Value::Nim(v.ok_or_else(|| at(ExprErrorKind::Inexact { a: *p, b: *q }))?)
                } else {
                    let inverse = call(Func::Inv, &[y], e.span.clone(), meter)?;
                    ord(nim_product(&x, &inverse, meter))?
                }
            }
            Node::Diff(a, b) => {
                let (x, y) = (eval(a)?, eval(b)?);
                match (x, y) {
                    (Value::Nim(x), Value::Nim(y)) => Value::Nim(
                        x.checked_sub(y)
                            .ok_or_else(|| at(ExprErrorKind::NegativeHeap))?,
                    ),
                    _ => return Err(at(ExprErrorKind::NegativeHeap)),
                }
            }
            Node::Game(name, arg, slot) => {
                let game = games::bound(name, slot, &e.span)?;
                let Value::Nim(n) = eval(arg)? else {
                    return Err(at(ExprErrorKind::NegativeHeap));
                };
                let v = game.value(n).ok_or_else(|| {
                    at(ExprErrorKind::PastBound {
                        name: name.clone(),
                        n,
                        upto: game.upto(),
                    })
                })?;
                Value::Nim(u128::from(v))
            }
            Node::GameProp(prop, name, slot) => {
                let game = games::bound(name, slot, &e.span)?;
                Value::Nim(prop.of(game).map_err(at)?)
            }
            Node::Call(f, args, _) => {
                let values = args.iter().map(eval).collect::<Result<Vec<_>, _>>()?;
                call(*f, &values, e.span.clone(), meter)?
            }
        })
    }

    fn nim_power(
        &self,
        x: &Value,
        n: i128,
        span: Range<usize>,
        meter: &Meter,
    ) -> Result<Value, ExprError> {
        match x {
            Value::Nim(v) => {
                let mut steps = finite_steps(Costly::Pow(n.unsigned_abs()), *v);
                if n < 0 {
                    steps += finite_steps(Costly::Inv, *v);
                }
                meter
                    .charge(steps)
                    .map_err(|o| err(span.clone(), ExprErrorKind::Ordinal(o.into())))?;
                nimber::pow(*v, n)
                    .map(Value::Nim)
                    .map_err(|a| err(span, ExprErrorKind::Arith(a)))
            }
            Value::Ordinal(o) => arith()
                .and_then(|c| c.pow_within(o, n, meter))
                .map(Value::from_ordinal)
                .map_err(|o| err(span, ExprErrorKind::Ordinal(o))),
        }
    }
}

/// Returns the shared ordinal context.
fn arith() -> Result<&'static OrdinalArith, OrdinalError> {
    ordinal_arith()
}

/// Returns the nim-product, by the finite core when both are finite.
fn nim_product(x: &Value, y: &Value, meter: &Meter) -> Result<Value, OrdinalError> {
    match (x, y) {
        (Value::Nim(a), Value::Nim(b)) => Ok(Value::Nim(nimber::mul(*a, *b))),
        _ => arith()?
            .mul_within(&x.to_ordinal(), &y.to_ordinal(), meter)
            .map(Value::from_ordinal),
    }
}

/// Draws a step for every pair of terms of two ordinals, what the sums, Cantor's products
/// and powers of [`super::value`] cost at most; finite values cost nothing more.
fn charge_terms(meter: &Meter, x: &Value, y: &Value) -> Result<(), OrdinalError> {
    let len = |v: &Value| match v {
        Value::Nim(_) => 0,
        Value::Ordinal(o) => o.terms().len() as u64,
    };
    let (a, b) = (len(x), len(y));
    if a + b == 0 {
        return Ok(());
    }
    Ok(meter.charge((a.max(1)).saturating_mul(b.max(1)))?)
}

/// Returns the ordinary sum: of integers, or Cantor's sum of ordinals.
fn ordinary_sum(x: &Value, y: &Value) -> Result<Value, OrdinalError> {
    match (x, y) {
        (Value::Nim(a), Value::Nim(b)) => a
            .checked_add(*b)
            .map(Value::Nim)
            .ok_or(OrdinalError::Overflow),
        _ => ordinal_add(&x.to_ordinal(), &y.to_ordinal()).map(Value::from_ordinal),
    }
}

/// Returns the ordinary product: of integers, or Cantor's product of ordinals.
fn ordinary_product(x: &Value, y: &Value) -> Result<Value, OrdinalError> {
    match (x, y) {
        (Value::Nim(a), Value::Nim(b)) => a
            .checked_mul(*b)
            .map(Value::Nim)
            .ok_or(OrdinalError::Overflow),
        _ => ordinal_mul(&x.to_ordinal(), &y.to_ordinal()).map(Value::from_ordinal),
    }
}

/// Returns the ordinary power: of integers, or Cantor's power of ordinals.
fn ordinary_power(x: &Value, y: &Value) -> Result<Value, OrdinalError> {
    match (x, y) {
        (Value::Nim(a), Value::Nim(b)) => {
            let b = u32::try_from(*b).map_err(|_| OrdinalError::Overflow)?;
            a.checked_pow(b)
                .map(Value::Nim)
                .ok_or(OrdinalError::Overflow)
        }
        _ => ordinal_pow(&x.to_ordinal(), &y.to_ordinal()).map(Value::from_ordinal),
    }
}

/// Evaluates a function of the language on values, drawing on `meter` for its work.
fn call(f: Func, args: &[Value], span: Range<usize>, meter: &Meter) -> Result<Value, ExprError> {
    let ord = |o: OrdinalError| err(span.clone(), ExprErrorKind::Ordinal(o));
    let arith_err = |a| err(span.clone(), ExprErrorKind::Arith(a));
    let finite = |op: Costly, v: u128| meter.charge(finite_steps(op, v)).map_err(|o| ord(o.into()));
    if let Func::Count(kind) = f {
        let finite = |i: usize| args.get(i).and_then(Value::as_finite).unwrap_or(0);
        return super::count::count(kind, finite(0), finite(1))
            .map(Value::Nim)
            .map_err(|k| err(span, k));
    }
    if let Func::Excluded | Func::Distinct = f {
        let finite = |i: usize| args.get(i).and_then(Value::as_finite).unwrap_or(0);
        let distinct = f == Func::Distinct;
        return excluded_mask(finite(0), finite(1))
            .map(|m| {
                Value::Nim(if distinct {
                    u128::from(m.count_ones())
                } else {
                    m
                })
            })
            .map_err(|k| err(span, k));
    }
    if f == Func::Mex {
        meter.charge(args.len() as u64).map_err(|o| ord(o.into()))?;
        return Ok(Value::Nim(nimber::mex(
            args.iter().filter_map(Value::as_finite),
        )));
    }
    let Some(x) = args.first() else {
        let kind = ExprErrorKind::Arity {
            name: f.name(),
            expected: 1,
            found: 0,
        };
        return Err(err(span, kind));
    };
    if f == Func::Rem {
        let (Some(a), Some(n)) = (x.as_finite(), args.get(1).and_then(Value::as_finite)) else {
            let kind = ExprErrorKind::Unexpected {
                found: "an ordinal".into(),
                expected: "integers on both sides of a remainder",
            };
            return Err(err(span, kind));
        };
        return a
            .checked_rem(n)
            .map(Value::Nim)
            .ok_or_else(|| err(span, ExprErrorKind::RemainderByZero));
    }
    Ok(match (f, x) {
        (Func::Inv, Value::Nim(v)) => {
            finite(Costly::Inv, *v)?;
            Value::Nim(nimber::inv(*v).map_err(arith_err)?)
        }
        (Func::Sqrt, Value::Nim(v)) => {
            finite(Costly::Sqrt, *v)?;
            Value::Nim(nimber::sqrt(*v))
        }
        (Func::Ord, Value::Nim(v)) => {
            finite(Costly::Order, *v)?;
            Value::Nim(nimber::order(*v).map_err(arith_err)?)
        }
        (Func::Inv, Value::Ordinal(o)) => {
            Value::from_ordinal(arith().and_then(|c| c.inv_within(o, meter)).map_err(ord)?)
        }
        (Func::Sqrt, Value::Ordinal(o)) => {
            Value::from_ordinal(arith().and_then(|c| c.sqrt_within(o, meter)).map_err(ord)?)
        }
        (Func::Ord, Value::Ordinal(o)) => Value::Nim(
            arith()
                .and_then(|c| c.order_within(o, meter))
                .map_err(ord)?,
        ),
        (Func::Deg, x) => {
            let d = arith()
                .and_then(|c| c.degree_within(&x.to_ordinal(), meter))
                .map_err(ord)?;
            Value::Nim(u128::from(d))
        }
        (Func::Alpha | Func::Excess, x) => {
            let p = odd_prime(x).map_err(|k| err(span.clone(), k))?;
            let c = arith().map_err(ord)?;
            if f == Func::Alpha {
                Value::from_ordinal(c.alpha(p).map_err(ord)?)
            } else {
                Value::Nim(u128::from(c.excess(p).map_err(ord)?))
            }
        }
        (Func::Mex | Func::Rem | Func::Count(_) | Func::Excluded | Func::Distinct, _) => {
            Value::Nim(nimber::mex(args.iter().filter_map(Value::as_finite)))
        }
    })
}

/// Returns the argument of `alpha` or `excess` as an odd prime, or why it is none.
fn odd_prime(x: &Value) -> Result<u64, ExprErrorKind> {
    let not_prime = || ExprErrorKind::NotAnOddPrime(x.to_string());
    let p = x
        .as_finite()
        .and_then(|p| u64::try_from(p).ok())
        .ok_or_else(not_prime)?;
    if p > TABLE_END && is_prime(p) {
        return Err(ExprErrorKind::Ordinal(OrdinalError::PrimePastTable {
            prime: p,
        }));
    }
    if p == 2 || !is_prime(p) {
        return Err(not_prime());
    }
    Ok(p)
}

/// Returns whether `n` is prime, by the Miller–Rabin test with bases that decide it for
/// every 64-bit number.
fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    if let Some(&b) = BASES.iter().find(|&&b| n.is_multiple_of(b)) {
        return n == b;
    }
    let (mut d, mut s) = (n - 1, 0);
    while d.is_multiple_of(2) {
        d /= 2;
        s += 1;
    }
    let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(n)) as u64;
    let pow = |mut a: u64, mut e: u64| {
        let mut r = 1;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, a);
            }
            a = mul(a, a);
            e >>= 1;
        }
        r
    };
    BASES.iter().all(|&a| {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

impl Machine for Walker<'_> {
    type Reg = Value;
    type Fault = ExprError;

    fn registers(&self) -> Vec<Value> {
        vec![Value::Nim(0); self.vars + self.terms.len() + self.extra]
    }

    fn run_stage(&self, k: usize, regs: &mut [Value], meter: &Meter) -> Result<(), ExprError> {
        if k == self.loops {
            self.run(regs, meter)
        } else {
            Ok(())
        }
    }

    fn run(&self, regs: &mut [Value], meter: &Meter) -> Result<(), ExprError> {
        for (i, t) in self.terms.iter().enumerate() {
            let v = self.eval(t, regs, meter)?;
            regs[self.vars + i] = v;
        }
        Ok(())
    }

    fn links_hold(&self, regs: &[Value]) -> bool {
        self.failing_link(regs).is_none()
    }

    fn failing_link(&self, regs: &[Value]) -> Option<usize> {
        let t = &regs[self.vars..];
        self.links
            .iter()
            .enumerate()
            .position(|(i, c)| !c.holds(&t[i], &t[i + 1]))
    }

    fn term(&self, regs: &[Value], i: usize) -> Value {
        regs[self.vars + i].clone()
    }

    fn term_count(&self) -> usize {
        self.terms.len()
    }

    fn error(&self, f: ExprError) -> ExprError {
        f
    }
}

#[cfg(test)]
mod tests {
    use super::is_prime;

    #[test]
    fn primes_are_recognised() {
        let small: Vec<u64> = (0..40).filter(|&n| is_prime(n)).collect();
        assert_eq!(small, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]);
        assert!(is_prime(283) && !is_prime(287) && is_prime(18_446_744_073_709_551_557));
        assert!(!is_prime(3_215_031_751));
    }
}
