//! Compiles a statement's terms, under one reading, into straight-line register code.
//!
//! A quantified claim runs its body up to 2^26 times, so the body is not walked as a tree
//! with a map of variables: every variable, constant and intermediate value has a fixed
//! slot in one array, and each case only writes the variables' slots and runs the code.
//! Products of values below 256 come from a 64 KiB table.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use super::ast::{Cmp, Expr, Func, Meaning, Node, Statement};
use super::count;
use super::error::{ExprError, ExprErrorKind, err};
use super::game::{Game, excluded_mask};
use super::games;
use super::machine::Machine;
use super::reading::Reading;
use super::value::Value;
use crate::nimber::{self, ArithError, Costly, Meter, fast::Mul64, finite_steps};

/// A register index.
type Reg = u32;

#[derive(Clone, Copy, Debug)]
enum Instr {
    Add(Reg, Reg, Reg),
    Mul(Reg, Reg, Reg),
    IntAdd(Reg, Reg, Reg, u32),
    IntMul(Reg, Reg, Reg, u32),
    Pow(Reg, Reg, i128, u32),
    IntPow(Reg, Reg, u32, u32),
    Inv(Reg, Reg, u32),
    Sqrt(Reg, Reg),
    Ord(Reg, Reg, u32),
    Rem(Reg, Reg, Reg, u32),
    Mex(Reg, u32, u32),
    IntSub(Reg, Reg, Reg, u32),
    /// `IntDiv(d, a, b, at)`: the ordinary quotient, which must leave no remainder.
    IntDiv(Reg, Reg, Reg, u32),
    /// `Game(d, heap, game, at)`: the value of `games[game]` at the heap size in `heap`.
    Game(Reg, Reg, u32, u32),
}

/// Why one evaluation stopped: the index of the span, and what went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fault {
    pub at: u32,
    pub kind: FaultKind,
}

/// What went wrong in one evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FaultKind {
    Arith(ArithError),
    Overflow,
    RemainderByZero,
    NegativeHeap,
    /// An ordinary quotient `a / b` that is no whole number.
    Inexact(u128, u128),
    /// A game's value past its computed values, with no period: the game and the heap.
    PastBound(u32, u128),
    /// The meter refused the work of a stage.
    OutOfWork,
}

impl FaultKind {
    pub(crate) fn into_kind(self) -> ExprErrorKind {
        match self {
            FaultKind::Arith(e) => ExprErrorKind::Arith(e),
            FaultKind::Overflow => ExprErrorKind::Overflow,
            FaultKind::RemainderByZero => ExprErrorKind::RemainderByZero,
            FaultKind::NegativeHeap => ExprErrorKind::NegativeHeap,
            FaultKind::Inexact(a, b) => ExprErrorKind::Inexact { a, b },
            FaultKind::PastBound(_, n) => ExprErrorKind::PastBound {
                name: String::new(),
                n,
                upto: 0,
            },
            // The search reports this with its estimate; this is what is left without one.
            FaultKind::OutOfWork => ExprErrorKind::TooMuchWork {
                work: u128::from(super::MAX_WORK) + 1,
                limit: super::MAX_WORK,
            },
        }
    }
}

/// A statement's terms as register code; the first `slots` registers are its variables.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    code: Vec<Instr>,
    /// `code[stages[k]]` is the code whose innermost variable is slot `k - 1` (stage 0
    /// depends on no quantified variable), so each loop runs only what its variable moves.
    stages: Vec<Range<usize>>,
    init: Vec<u128>,
    mex_args: Vec<Reg>,
    terms: Vec<Reg>,
    links: Vec<(Cmp, Reg, Reg)>,
    spans: Vec<Range<usize>>,
    table: &'static [u8],
    mul: Mul64,
    games: Vec<Arc<Game>>,
}

/// Returns the products `a ⊗ b` for `a, b < 256`, indexed by `a << 8 | b`.
fn small_products() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1u32 << 16)
            .map(|i| nimber::mul(u128::from(i >> 8), u128::from(i & 255)) as u8)
            .collect()
    })
}

impl Program {
    /// Compiles the terms of `s` under `reading`; `names` gives each variable its slot,
    /// and the first `loops` of them are the quantified ones, outermost first.
    pub(crate) fn compile(
        s: &Statement,
        reading: &Reading,
        names: &[&str],
        loops: usize,
    ) -> Result<Program, ExprError> {
        let slots: BTreeMap<&str, Reg> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (*n, i as Reg))
            .collect();
        let mut c = Compiler {
            p: Program {
                code: Vec::new(),
                stages: Vec::new(),
                init: vec![0; names.len()],
                mex_args: Vec::new(),
                terms: Vec::new(),
                links: Vec::new(),
                spans: Vec::new(),
                table: small_products(),
                mul: Mul64::detect(),
                games: Vec::new(),
            },
            slots,
            reading,
        };
        for t in s.terms() {
            let r = c.expr(t)?;
            c.p.terms.push(r);
        }
        for (i, l) in s.links.iter().enumerate() {
            let (a, b) = (c.p.terms[i], c.p.terms[i + 1]);
            c.p.links.push((l.cmp, a, b));
        }
        c.p.stage(loops);
        Ok(c.p)
    }

    /// Sorts the code into stages by the innermost quantified variable each instruction
    /// depends on; a stable sort keeps every operand before its use.
    fn stage(&mut self, loops: usize) {
        let mut depth: Vec<usize> = (0..self.init.len())
            .map(|r| if r < loops { r + 1 } else { 0 })
            .collect();
        let mut keyed: Vec<(usize, Instr)> = Vec::with_capacity(self.code.len());
        for &i in &self.code {
            let (d, operands) = i.registers(&self.mex_args);
            let k = operands
                .iter()
                .map(|&r| depth[r as usize])
                .max()
                .unwrap_or(0);
            depth[d as usize] = k;
            keyed.push((k, i));
        }
        keyed.sort_by_key(|&(k, _)| k);
        self.stages = (0..=loops)
            .map(|k| {
                let start = keyed.partition_point(|&(j, _)| j < k);
                let end = keyed.partition_point(|&(j, _)| j <= k);
                start..end
            })
            .collect();
        self.code = keyed.into_iter().map(|(_, i)| i).collect();
    }

    /// Runs stage `k` (see [`Program::stage`]), drawing a step for each instruction and
    /// more for the costly ones.
    #[inline]
    pub(crate) fn run_stage(
        &self,
        k: usize,
        regs: &mut [u128],
        meter: &Meter,
    ) -> Result<(), Fault> {
        self.exec(&self.code[self.stages[k].clone()], regs, meter)
    }

    /// Returns whether every link holds, once the code has run.
    #[inline]
    pub(crate) fn links_hold(&self, regs: &[u128]) -> bool {
        self.links
            .iter()
            .all(|&(c, a, b)| c.holds(regs[a as usize], regs[b as usize]))
    }

    /// Returns a fresh register file, with every variable 0.
    pub(crate) fn registers(&self) -> Vec<u128> {
        self.init.clone()
    }

    /// Returns the span a fault points at.
    pub(crate) fn span(&self, f: &Fault) -> Range<usize> {
        self.spans.get(f.at as usize).cloned().unwrap_or(0..0)
    }

    /// Returns the value of term `i` after [`Program::run`].
    pub(crate) fn term(&self, regs: &[u128], i: usize) -> u128 {
        regs[self.terms[i] as usize]
    }

    /// Returns the number of terms.
    pub(crate) fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// Returns the index of the first link that fails after [`Program::run`].
    pub(crate) fn failing_link(&self, regs: &[u128]) -> Option<usize> {
        self.links
            .iter()
            .position(|&(c, a, b)| !c.holds(regs[a as usize], regs[b as usize]))
    }

    #[inline]
    fn nim_mul(&self, a: u128, b: u128) -> u128 {
        if (a | b) < 256 {
            u128::from(self.table[(a as usize) << 8 | b as usize])
        } else if (a | b) >> 64 == 0 {
            u128::from(self.mul.mul(a as u64, b as u64))
        } else {
            nimber::mul(a, b)
        }
    }

    /// Runs all the code on `regs`, whose variable slots are already set.
    pub(crate) fn run(&self, regs: &mut [u128], meter: &Meter) -> Result<(), Fault> {
        self.exec(&self.code, regs, meter)
    }

    #[inline]
    fn exec(&self, code: &[Instr], regs: &mut [u128], meter: &Meter) -> Result<(), Fault> {
        let fault = |at: u32, kind| Fault { at, kind };
        let arith = |at: u32| move |e| fault(at, FaultKind::Arith(e));
        // A step for each instruction, and what the costly ones add as they run.
        let mut steps = code.len() as u64;
        for &i in code {
            let (d, v) = match i {
                Instr::Add(d, a, b) => (d, regs[a as usize] ^ regs[b as usize]),
                Instr::Mul(d, a, b) => (d, self.nim_mul(regs[a as usize], regs[b as usize])),
                Instr::IntAdd(d, a, b, at) => {
                    let v = regs[a as usize].checked_add(regs[b as usize]);
                    (d, v.ok_or(fault(at, FaultKind::Overflow))?)
                }
                Instr::IntMul(d, a, b, at) => {
                    let v = regs[a as usize].checked_mul(regs[b as usize]);
                    (d, v.ok_or(fault(at, FaultKind::Overflow))?)
                }
                Instr::Pow(d, a, e, at) => {
                    let x = regs[a as usize];
                    steps += finite_steps(Costly::Pow(e.unsigned_abs()), x);
                    if e < 0 {
                        steps += finite_steps(Costly::Inv, x);
                    }
                    (d, nimber::pow(x, e).map_err(arith(at))?)
                }
                Instr::IntPow(d, a, e, at) => {
                    let v = regs[a as usize].checked_pow(e);
                    (d, v.ok_or(fault(at, FaultKind::Overflow))?)
                }
                Instr::Inv(d, a, at) => {
                    let x = regs[a as usize];
                    steps += finite_steps(Costly::Inv, x);
                    (d, nimber::inv(x).map_err(arith(at))?)
                }
                Instr::Sqrt(d, a) => {
                    let x = regs[a as usize];
                    steps += finite_steps(Costly::Sqrt, x);
                    (d, nimber::sqrt(x))
                }
                Instr::Ord(d, a, at) => {
                    let x = regs[a as usize];
                    steps += finite_steps(Costly::Order, x);
                    (d, nimber::order(x).map_err(arith(at))?)
                }
                Instr::Rem(d, a, b, at) => {
                    let v = regs[a as usize].checked_rem(regs[b as usize]);
                    (d, v.ok_or(fault(at, FaultKind::RemainderByZero))?)
                }
                Instr::Mex(d, start, len) => {
                    steps += u64::from(len);
                    let args = &self.mex_args[start as usize..(start + len) as usize];
                    (d, nimber::mex(args.iter().map(|&r| regs[r as usize])))
                }
                Instr::IntSub(d, a, b, at) => {
                    let v = regs[a as usize].checked_sub(regs[b as usize]);
                    (d, v.ok_or(fault(at, FaultKind::NegativeHeap))?)
                }
                Instr::IntDiv(d, a, b, at) => {
                    let (x, y) = (regs[a as usize], regs[b as usize]);
                    let exact = x.checked_rem(y) == Some(0);
                    let v = x.checked_div(y).filter(|_| exact);
                    (d, v.ok_or(fault(at, FaultKind::Inexact(x, y)))?)
                }
                Instr::Game(d, a, g, at) => {
                    let n = regs[a as usize];
                    let v = self.games[g as usize].value(n);
                    (
                        d,
                        u128::from(v.ok_or(fault(at, FaultKind::PastBound(g, n)))?),
                    )
                }
            };
            regs[d as usize] = v;
        }
        meter
            .charge(steps)
            .map_err(|_| fault(0, FaultKind::OutOfWork))
    }
}

impl Machine for Program {
    type Reg = u128;
    type Fault = Fault;

    #[inline]
    fn registers(&self) -> Vec<u128> {
        Program::registers(self)
    }

    #[inline]
    fn run_stage(&self, k: usize, regs: &mut [u128], meter: &Meter) -> Result<(), Fault> {
        Program::run_stage(self, k, regs, meter)
    }

    fn run(&self, regs: &mut [u128], meter: &Meter) -> Result<(), Fault> {
        Program::run(self, regs, meter)
    }

    #[inline]
    fn links_hold(&self, regs: &[u128]) -> bool {
        Program::links_hold(self, regs)
    }

    fn failing_link(&self, regs: &[u128]) -> Option<usize> {
        Program::failing_link(self, regs)
    }

    fn term(&self, regs: &[u128], i: usize) -> Value {
        Value::Nim(Program::term(self, regs, i))
    }

    fn term_count(&self) -> usize {
        Program::term_count(self)
    }

    fn error(&self, f: Fault) -> ExprError {
        let kind = match f.kind {
            FaultKind::PastBound(g, n) => {
                let game = &self.games[g as usize];
                ExprErrorKind::PastBound {
                    name: game.name().to_string(),
                    n,
                    upto: game.upto(),
                }
            }
            other => other.into_kind(),
        };
        err(self.span(&f), kind)
    }
}

/// Returns the error for a part of a statement that the finite register code cannot run;
/// statements with such parts go to the walker instead.
fn needs_ordinals(span: &Range<usize>) -> ExprError {
    let kind = ExprErrorKind::Unexpected {
        found: "an ordinal".into(),
        expected: "a finite nimber",
    };
    err(span.clone(), kind)
}

impl Instr {
    /// Returns the destination and the operand registers.
    fn registers(&self, mex_args: &[Reg]) -> (Reg, Vec<Reg>) {
        match *self {
            Instr::Add(d, a, b)
            | Instr::Mul(d, a, b)
            | Instr::IntAdd(d, a, b, _)
            | Instr::IntMul(d, a, b, _)
            | Instr::IntSub(d, a, b, _)
            | Instr::IntDiv(d, a, b, _)
            | Instr::Rem(d, a, b, _) => (d, vec![a, b]),
            Instr::Game(d, a, ..) => (d, vec![a]),
            Instr::Pow(d, a, ..)
            | Instr::IntPow(d, a, ..)
            | Instr::Inv(d, a, _)
            | Instr::Sqrt(d, a)
            | Instr::Ord(d, a, _) => (d, vec![a]),
            Instr::Mex(d, start, len) => {
                (d, mex_args[start as usize..(start + len) as usize].to_vec())
            }
        }
    }
}

struct Compiler<'a> {
    p: Program,
    slots: BTreeMap<&'a str, Reg>,
    reading: &'a Reading,
}

impl Compiler<'_> {
    fn reg(&mut self, value: u128) -> Reg {
        self.p.init.push(value);
        (self.p.init.len() - 1) as Reg
    }

    fn at(&mut self, span: &Range<usize>) -> u32 {
        self.p.spans.push(span.clone());
        (self.p.spans.len() - 1) as u32
    }

    fn emit(&mut self, make: impl FnOnce(Reg) -> Instr) -> Reg {
        let d = self.reg(0);
        self.p.code.push(make(d));
        d
    }

    fn expr(&mut self, e: &Expr) -> Result<Reg, ExprError> {
        let span = &e.span;
        Ok(match &e.node {
            Node::Lit(l) => {
                let v = l.value().map_err(|k| err(span.clone(), k))?;
                self.reg(v)
            }
            Node::Var(n) => match self.slots.get(n.as_str()) {
                Some(&r) => r,
                None => return Err(err(span.clone(), ExprErrorKind::Unbound(n.clone()))),
            },
            Node::Paren(a) | Node::Star(a) => self.expr(a)?,
            Node::Sum(a, b, m) | Node::Prod(a, b, m) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                let at = self.at(span);
                let int = self.reading.resolve(*m) == Meaning::Int;
                match (&e.node, int) {
                    (Node::Sum(..), false) => self.emit(|d| Instr::Add(d, a, b)),
                    (Node::Sum(..), true) => self.emit(|d| Instr::IntAdd(d, a, b, at)),
                    (_, false) => self.emit(|d| Instr::Mul(d, a, b)),
                    (_, true) => self.emit(|d| Instr::IntMul(d, a, b, at)),
                }
            }
            Node::Pow(base, exp, m) => {
                let b = self.expr(base)?;
                let e_val = exp.lit.value().map_err(|k| err(span.clone(), k))?;
                let at = self.at(span);
                if self.reading.resolve(*m) == Meaning::Int {
                    let e_val = u32::try_from(e_val)
                        .map_err(|_| err(span.clone(), ExprErrorKind::Overflow))?;
                    self.emit(|d| Instr::IntPow(d, b, e_val, at))
                } else {
                    let e_val = i128::try_from(e_val)
                        .map_err(|_| err(span.clone(), ExprErrorKind::ExponentTooLarge))?;
                    let e_val = if exp.negative { -e_val } else { e_val };
                    self.emit(|d| Instr::Pow(d, b, e_val, at))
                }
            }
            Node::Call(f, args, _) => self.call(*f, args, span)?,
            Node::Omega | Node::OrdPow(..) | Node::CountOf(..) => {
                return Err(needs_ordinals(span));
            }
            Node::Diff(a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                let at = self.at(span);
                self.emit(|d| Instr::IntSub(d, a, b, at))
            }
            Node::Quot(a, b, m) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                let at = self.at(span);
                if self.reading.resolve(*m) == Meaning::Int {
                    self.emit(|d| Instr::IntDiv(d, a, b, at))
                } else {
                    let inv = self.emit(|d| Instr::Inv(d, b, at));
                    self.emit(|d| Instr::Mul(d, a, inv))
                }
            }
            Node::Game(name, arg, slot) => {
                let game = Arc::clone(games::bound(name, slot, span)?);
                let a = self.expr(arg)?;
                let at = self.at(span);
                let g = self.p.games.len() as u32;
                self.p.games.push(game);
                self.emit(|d| Instr::Game(d, a, g, at))
            }
            Node::GameProp(prop, name, slot) => {
                let game = games::bound(name, slot, span)?;
                let v = prop.of(game).map_err(|k| err(span.clone(), k))?;
                self.reg(v)
            }
        })
    }

    fn call(&mut self, f: Func, args: &[Expr], span: &Range<usize>) -> Result<Reg, ExprError> {
        // A count's and an excluded set's arguments are literals, so each is a constant of
        // the program.
        let lit = |i: usize| match args.get(i).map(|a| &a.node) {
            Some(Node::Lit(l)) => l.value().map_err(|k| err(span.clone(), k)),
            _ => Ok(0),
        };
        if let Func::Count(kind) = f {
            let n = count::count(kind, lit(0)?, lit(1)?).map_err(|k| err(span.clone(), k))?;
            return Ok(self.reg(n));
        }
        if let Func::Excluded | Func::Distinct = f {
            let mask = excluded_mask(lit(0)?, lit(1)?).map_err(|k| err(span.clone(), k))?;
            let v = if f == Func::Distinct {
                u128::from(mask.count_ones())
            } else {
                mask
            };
            return Ok(self.reg(v));
        }
        let regs = args
            .iter()
            .map(|a| self.expr(a))
            .collect::<Result<Vec<_>, _>>()?;
        let at = self.at(span);
        let x = regs.first().copied().unwrap_or(0);
        Ok(match f {
            Func::Inv => self.emit(|d| Instr::Inv(d, x, at)),
            Func::Sqrt => self.emit(|d| Instr::Sqrt(d, x)),
            Func::Ord => self.emit(|d| Instr::Ord(d, x, at)),
            Func::Rem => {
                let y = regs.get(1).copied().unwrap_or(0);
                self.emit(|d| Instr::Rem(d, x, y, at))
            }
            Func::Mex => {
                let start = self.p.mex_args.len() as u32;
                self.p.mex_args.extend(&regs);
                self.emit(|d| Instr::Mex(d, start, regs.len() as u32))
            }
            Func::Alpha | Func::Excess | Func::Deg => return Err(needs_ordinals(span)),
            Func::Count(_) | Func::Excluded | Func::Distinct => self.reg(0),
        })
    }
}
