//! Checking a claim: every reading, every case of its bounded quantifiers, and a verdict
//! that says how many cases ran and which assignment decided it.

use std::collections::BTreeMap;

use super::MAX_WORK;
use super::ast::{Cmp, Domain, QuantKind, Statement};
use super::compile::Program;
use super::error::{ExprError, ExprErrorKind, err};
use super::machine::Machine;
use super::reading::Reading;
use super::value::Value;
use super::walk::Walker;
use crate::nimber::Meter;

/// The outcome of checking a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the claim holds under [`Verdict::reading`].
    pub holds: bool,
    /// How many cases (assignments of the quantified variables) that reading evaluated.
    pub cases: u64,
    /// How many cases all the readings tried took together.
    pub work: u64,
    /// The steps of work all the readings took together (see [`crate::nimber::Meter`]).
    pub steps: u64,
    /// The reading that made the claim hold or, when none did, the all-nimber reading.
    pub reading: Reading,
    /// The assignment that decided the claim, outermost variable first: the counterexample
    /// of each `forall` that failed and the witness of each `exists` that held.
    pub bindings: Vec<Binding>,
    /// The value of every term of the chain in the deciding case, when one case decides
    /// (a closed claim, or one whose every variable is bound in [`Verdict::bindings`]).
    pub values: Option<Values>,
}

/// A quantified variable's value in the deciding case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The variable.
    pub name: String,
    /// Its value.
    pub value: u128,
    /// Whether it is a witness or a counterexample.
    pub role: Role,
}

/// What a binding shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A value for which an `exists` holds.
    Witness,
    /// A value for which a `forall` fails.
    Counterexample,
}

/// The values of a chain's terms in one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    /// The value of each term, left to right.
    pub terms: Vec<Value>,
    /// The first link (`0` compares terms 0 and 1) that fails, if any.
    pub failing: Option<usize>,
}

/// One quantified variable, with its slot.
struct Level<'s> {
    name: &'s str,
    kind: QuantKind,
    domain: &'s Domain,
}

impl Statement {
    /// Returns the number of cases: the product of the sizes of the quantifiers' ranges.
    pub fn cases(&self) -> u128 {
        self.levels()
            .iter()
            .fold(1u128, |n, l| n.saturating_mul(l.domain.len()))
    }

    /// Returns the evaluations a check may need: cases times readings. Each costs at least
    /// a step of [`MAX_WORK`], so more than that is refused before any runs; the steps are
    /// counted as they run.
    pub fn work(&self) -> u128 {
        self.cases().saturating_mul(1 << self.ambiguous.min(8))
    }

    /// Checks a claim with no free variables.
    pub fn check(&self) -> Result<Verdict, ExprError> {
        self.check_with(&BTreeMap::new())
    }

    /// Returns whether a claim with no free variables holds.
    pub fn holds(&self) -> Result<bool, ExprError> {
        self.check().map(|v| v.holds)
    }

    /// Checks a claim, taking free variables from `env`: under every reading (the
    /// all-nimber one first) until one holds, over every case of its quantifiers.
    pub fn check_with(&self, env: &BTreeMap<String, u128>) -> Result<Verdict, ExprError> {
        self.check_bounded(env, MAX_WORK)
    }

    /// Checks a claim with no free variables as [`Statement::check`] does, within `limit`
    /// steps of work (at most [`MAX_WORK`]).
    pub fn check_within(&self, limit: u64) -> Result<Verdict, ExprError> {
        self.check_bounded(&BTreeMap::new(), limit.min(MAX_WORK))
    }

    fn check_bounded(
        &self,
        env: &BTreeMap<String, u128>,
        limit: u64,
    ) -> Result<Verdict, ExprError> {
        if self.links.is_empty() {
            return Err(err(self.span.clone(), ExprErrorKind::NotAClaim));
        }
        let work = self.work();
        if work > u128::from(limit) {
            let span = self.quants.first().map_or(self.span.clone(), |q| q.span());
            return Err(err(span, ExprErrorKind::TooMuchWork { work, limit }));
        }
        let levels = self.levels();
        let meter = Meter::new(limit);
        let mut first: Option<Result<Verdict, ExprError>> = None;
        let mut total = 0;
        // A denial holds in some ordinary reading almost always ("6² ≠ 5" as 36): it is
        // said of nimbers, so only the all-nimber reading is tried.
        let denial = self.links.iter().all(|l| l.cmp == Cmp::Ne);
        let readings = Reading::all(self.ambiguous).take(if denial { 1 } else { usize::MAX });
        for reading in readings {
            let result = self.check_reading(&levels, env, reading, &meter);
            if let Ok(v) = &result {
                total += v.cases;
                if v.holds {
                    return Ok(Verdict {
                        work: total,
                        steps: meter.spent(),
                        ..v.clone()
                    });
                }
            }
            if meter.exhausted() {
                return result;
            }
            first.get_or_insert(result);
        }
        // The all-nimber reading comes first, so `first` is set; its result otherwise.
        let mut result = first.unwrap_or_else(|| {
            self.check_reading(&levels, env, Reading::nim(self.ambiguous), &meter)
        });
        if let Ok(v) = &mut result {
            v.work = total;
            v.steps = meter.spent();
        }
        result
    }

    fn levels(&self) -> Vec<Level<'_>> {
        self.quants
            .iter()
            .flat_map(|q| {
                q.vars.iter().map(move |(name, _)| Level {
                    name,
                    kind: q.kind,
                    domain: &q.domain,
                })
            })
            .collect()
    }

    fn check_reading(
        &self,
        levels: &[Level<'_>],
        env: &BTreeMap<String, u128>,
        reading: Reading,
        meter: &Meter,
    ) -> Result<Verdict, ExprError> {
        let mut names: Vec<&str> = levels.iter().map(|l| l.name).collect();
        for n in env.keys() {
            if !names.contains(&n.as_str()) {
                names.push(n);
            }
        }
        let run = Run {
            levels,
            names: &names,
            env,
            reading,
            meter,
            span: self.quants.first().map_or(self.span.clone(), |q| q.span()),
            cases: self.work(),
        };
        if self.needs_ordinals() {
            search(&Walker::new(self, &reading, &names, levels.len())?, &run)
        } else {
            search(
                &Program::compile(self, &reading, &names, levels.len())?,
                &run,
            )
        }
    }
}

/// What one reading's search needs besides its machine.
struct Run<'a> {
    levels: &'a [Level<'a>],
    names: &'a [&'a str],
    env: &'a BTreeMap<String, u128>,
    reading: Reading,
    meter: &'a Meter,
    /// Where an error about the claim as a whole points.
    span: std::ops::Range<usize>,
    /// The cases of every reading, for the estimate of the work past the budget.
    cases: u128,
}

/// Returns the error for a check that ran out of work after `done` cases (the one it
/// stopped in counted): the steps it took, scaled to every case, as the estimate.
pub(crate) fn out_of_work(
    meter: &Meter,
    span: std::ops::Range<usize>,
    done: u64,
    cases: u128,
) -> ExprError {
    let per_case = u128::from(meter.wanted()) / u128::from(done.max(1));
    let work = per_case
        .saturating_mul(cases)
        .max(u128::from(meter.wanted()));
    let limit = meter.limit();
    err(span, ExprErrorKind::TooMuchWork { work, limit })
}

/// Searches the cases of one reading on machine `m`.
fn search<M: Machine>(m: &M, run: &Run<'_>) -> Result<Verdict, ExprError> {
    let Run {
        levels,
        names,
        env,
        reading,
        meter,
        ..
    } = *run;
    let mut regs = m.registers();
    for (i, n) in names.iter().enumerate().skip(levels.len()) {
        regs[i] = M::Reg::from(env[*n]);
    }
    let mut search = Search {
        prog: m,
        levels,
        regs,
        cases: 0,
        path: Vec::new(),
        meter,
    };
    let holds = match search
        .prog
        .run_stage(0, &mut search.regs, meter)
        .and_then(|()| search.level(0))
    {
        Ok(h) => h,
        Err(_) if meter.exhausted() => {
            let done = search.cases + 1;
            return Err(out_of_work(meter, run.span.clone(), done, run.cases));
        }
        Err(f) => return Err(search.fault(f)),
    };
    let values = (search.path.len() == levels.len()).then(|| search.values());
    let bindings = search
        .path
        .iter()
        .map(|&(i, value)| Binding {
            name: levels[i].name.to_string(),
            value,
            role: match levels[i].kind {
                QuantKind::Forall => Role::Counterexample,
                QuantKind::Exists => Role::Witness,
            },
        })
        .collect();
    Ok(Verdict {
        holds,
        cases: search.cases,
        work: search.cases,
        steps: meter.spent(),
        reading,
        bindings,
        values,
    })
}

/// The search through the cases of one reading.
struct Search<'a, M: Machine> {
    prog: &'a M,
    levels: &'a [Level<'a>],
    regs: Vec<M::Reg>,
    cases: u64,
    /// The deciding assignment found so far, as (level, value), outermost first.
    path: Vec<(usize, u128)>,
    meter: &'a Meter,
}

impl<M: Machine> Search<'_, M> {
    /// Returns whether the claim holds from level `i` inward, with outer slots set and
    /// their stages run.
    fn level(&mut self, i: usize) -> Result<bool, M::Fault> {
        let Some(level) = self.levels.get(i) else {
            self.cases += 1;
            return Ok(self.prog.links_hold(&self.regs));
        };
        let decisive = level.kind == QuantKind::Exists;
        let innermost = i + 1 == self.levels.len();
        let mark = self.path.len();
        let n = level.domain.len();
        let mut k = 0u128;
        while k < n {
            let v = nth(level.domain, k);
            self.regs[i] = M::Reg::from(v);
            self.prog.run_stage(i + 1, &mut self.regs, self.meter)?;
            let result = if innermost {
                self.cases += 1;
                self.prog.links_hold(&self.regs)
            } else {
                self.level(i + 1)?
            };
            if result == decisive {
                self.path.insert(mark, (i, v));
                return Ok(decisive);
            }
            self.path.truncate(mark);
            k += 1;
        }
        Ok(!decisive)
    }

    /// Returns the terms' values at the deciding assignment, a case already paid for.
    fn values(&mut self) -> Values {
        for &(i, v) in &self.path {
            self.regs[i] = M::Reg::from(v);
        }
        match self.prog.run(&mut self.regs, &Meter::unlimited()) {
            Ok(()) => Values {
                terms: (0..self.prog.term_count())
                    .map(|t| self.prog.term(&self.regs, t))
                    .collect(),
                failing: self.prog.failing_link(&self.regs),
            },
            Err(_) => Values {
                terms: Vec::new(),
                failing: None,
            },
        }
    }

    /// Turns a fault into an error that names the case it happened in.
    fn fault(&self, f: M::Fault) -> ExprError {
        let e = self.prog.error(f);
        if self.levels.is_empty() {
            return e;
        }
        let case: Vec<String> = self
            .levels
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{} = {}", l.name, self.regs[i]))
            .collect();
        let kind = ExprErrorKind::InCase {
            case: case.join(", "),
            error: Box::new(e.kind),
        };
        err(e.span, kind)
    }
}

/// Returns the `k`-th value of a domain.
fn nth(d: &Domain, k: u128) -> u128 {
    match d {
        Domain::Range { lo, .. } => lo + k,
        Domain::Set(v) => v[k as usize],
    }
}
