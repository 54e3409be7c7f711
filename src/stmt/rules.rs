//! Games and functions defined by recursive rules, as `{define}` writes them:
//!
//! ```text
//! g(n) = mex{ g(a) ⊕ g(n - a) : 0 < a < n - a }        Grundy's game
//! s(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }      a subtraction game
//! ```
//!
//! A rule names its function and argument, then a value: literals, the argument or a
//! bound variable (as a nimber), calls `f(heap)`, `⊕`/`+` (nim-sum) and `⊗`/`*`
//! (nim-product) between values, and `mex{…}` of a list or of a set-builder. Inside a
//! call's argument and a binder, `+`, `-` and `*` are ordinary integer arithmetic. A
//! binder is `k in {1, 3, 4}`, or a comparison chain such as `0 < a < n - a`, whose bare
//! new names range over 0 to n and which then filters, as a condition like `k <= n` does.
//!
//! [`tabulate`] computes f(0), f(1), … in order, so every call to the function being
//! defined must be at a smaller argument (else the rule does not descend: an error at the
//! call), and calls to functions of earlier lines, or to the page's games, read their
//! tables.
//!
//! ```
//! use nimsite::stmt::{Games, parse_rule, tabulate};
//! let rule = parse_rule("s(n) = mex{ s(n - k) : k in {1, 2}, k <= n }")?;
//! let tables = tabulate(&[rule], 7, &Games::new(), 1 << 20).map_err(|(_, e)| e)?;
//! assert_eq!(tables[0], [0, 1, 2, 0, 1, 2, 0]);
//! # Ok::<(), nimsite::stmt::ExprError>(())
//! ```

use std::ops::Range;
use std::sync::Arc;

use super::ast::{Cmp, Mode};
use super::error::{ExprError, ExprErrorKind, err};
use super::game::Games;
use super::lexer::{Tok, Token, lex, span_at, unexpected_at};
use super::parser::check_size;

/// A rule `name(var) = value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    name: String,
    name_span: Range<usize>,
    var: String,
    body: Value,
}

impl Rule {
    /// Returns the name of the function it defines.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Returns the span of the name in the rule's source.
    pub fn name_span(&self) -> Range<usize> {
        self.name_span.clone()
    }
}

/// A value: a nimber.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Lit(u32),
    Var(String, Range<usize>),
    Sum(Box<Value>, Box<Value>),
    Prod(Box<Value>, Box<Value>),
    Call(String, Box<Int>, Range<usize>),
    Mex(Vec<Value>),
    Builder(Box<Value>, Vec<Binder>),
}

/// An ordinary integer: a heap size, a bound or a counter.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Int {
    Lit(i64),
    Var(String, Range<usize>),
    Add(Box<Int>, Box<Int>),
    Sub(Box<Int>, Box<Int>, Range<usize>),
    Mul(Box<Int>, Box<Int>),
}

/// One binder of a set-builder.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Binder {
    /// `k in {1, 3, 4}`.
    In(String, Vec<i64>),
    /// A comparison chain; `fresh` are the names it introduces, each over 0 to n.
    Chain {
        fresh: Vec<String>,
        terms: Vec<Int>,
        cmps: Vec<Cmp>,
    },
}

/// Parses one rule; spans are byte offsets into `src`.
pub fn parse_rule(src: &str) -> Result<Rule, ExprError> {
    let tokens = lex(src, Mode::Role)?;
    // The statement parser's bounds: the recursive descent below, evaluation and the
    // rule's drop all recurse once per bracket, and a long rule is refused before parsing.
    check_size(&tokens)?;
    let mut p = RuleParser {
        colons: set_colons(&tokens),
        tokens: &tokens,
        pos: 0,
        len: src.len(),
        scope: Vec::new(),
    };
    let rule = p.rule()?;
    if p.pos < tokens.len() {
        return Err(p.fail("the end of the rule"));
    }
    Ok(rule)
}

/// Returns, for each `{` token, the position of the first `:` directly inside it (not
/// inside a nested bracket), found in one pass over the tokens.
fn set_colons(tokens: &[Token]) -> Vec<Option<usize>> {
    let mut colons = vec![None; tokens.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match t.tok {
            Tok::LBrace | Tok::LParen => open.push(i),
            Tok::RBrace | Tok::RParen => {
                open.pop();
            }
            Tok::Colon => {
                if let Some(&o) = open.last()
                    && tokens[o].tok == Tok::LBrace
                    && colons[o].is_none()
                {
                    colons[o] = Some(i);
                }
            }
            _ => {}
        }
    }
    colons
}

struct RuleParser<'t> {
    /// For each `{`, its set-builder's `:`, if it has one.
    colons: Vec<Option<usize>>,
    tokens: &'t [Token],
    pos: usize,
    len: usize,
    /// The variables in scope: the argument, then the binders' names.
    scope: Vec<String>,
}

impl RuleParser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    fn span(&self) -> Range<usize> {
        span_at(self.tokens, self.pos, self.len)
    }

    fn fail(&self, expected: &'static str) -> ExprError {
        unexpected_at(self.tokens, self.pos, self.len, expected)
    }

    fn eat(&mut self, t: &Tok) -> bool {
        let found = self.peek() == Some(t);
        self.pos += usize::from(found);
        found
    }

    /// Takes the token `t`, or fails naming what was expected there.
    fn take(&mut self, t: Tok, expected: &'static str) -> Result<Range<usize>, ExprError> {
        let span = self.span();
        if self.eat(&t) {
            Ok(span)
        } else {
            Err(self.fail(expected))
        }
    }

    fn ident(&mut self, expected: &'static str) -> Result<(String, Range<usize>), ExprError> {
        match self.peek().cloned() {
            Some(Tok::Ident(name)) => {
                let span = self.span();
                self.pos += 1;
                Ok((name, span))
            }
            _ => Err(self.fail(expected)),
        }
    }

    fn rule(&mut self) -> Result<Rule, ExprError> {
        let (name, name_span) = self.ident("the function's name, as in `g(n) = …`")?;
        self.take(Tok::LParen, "`(`")?;
        let (var, _) = self.ident("the argument's name")?;
        self.take(Tok::RParen, "`)`")?;
        self.take(Tok::Cmp(Cmp::Eq), "`=`")?;
        self.scope.push(var.clone());
        let body = self.value()?;
        Ok(Rule {
            name,
            name_span,
            var,
            body,
        })
    }

    fn value(&mut self) -> Result<Value, ExprError> {
        let mut lhs = self.value_term()?;
        while self.eat(&Tok::NimSum) {
            lhs = Value::Sum(Box::new(lhs), Box::new(self.value_term()?));
        }
        Ok(lhs)
    }

    fn value_term(&mut self) -> Result<Value, ExprError> {
        let mut lhs = self.value_atom()?;
        while self.eat(&Tok::NimProd) {
            lhs = Value::Prod(Box::new(lhs), Box::new(self.value_atom()?));
        }
        Ok(lhs)
    }

    fn value_atom(&mut self) -> Result<Value, ExprError> {
        let span = self.span();
        match self.peek().cloned() {
            Some(Tok::Num(text)) => {
                self.pos += 1;
                let v = text
                    .parse::<u32>()
                    .map_err(|_| err(span, ExprErrorKind::Overflow))?;
                Ok(Value::Lit(v))
            }
            Some(Tok::LParen) => {
                self.pos += 1;
                let v = self.value()?;
                self.take(Tok::RParen, "`)`")?;
                Ok(v)
            }
            Some(Tok::Ident(name)) if name == "mex" => {
                self.pos += 1;
                self.mex()
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if self.eat(&Tok::LParen) {
                    let arg = self.int()?;
                    let end = self.take(Tok::RParen, "`)` after a heap size")?.end;
                    return Ok(Value::Call(name, Box::new(arg), span.start..end));
                }
                self.in_scope(&name, &span)?;
                Ok(Value::Var(name, span))
            }
            _ => Err(self.fail("a value: a number, a call such as `g(n - 1)`, or `mex{…}`")),
        }
    }

    fn in_scope(&self, name: &str, span: &Range<usize>) -> Result<(), ExprError> {
        if self.scope.iter().any(|s| s == name) {
            Ok(())
        } else {
            Err(err(span.clone(), ExprErrorKind::Unbound(name.to_string())))
        }
    }

    /// Parses `{ v, v, … }` or `{ v : binder, binder, … }` after `mex`.
    fn mex(&mut self) -> Result<Value, ExprError> {
        self.take(Tok::LBrace, "`{` after `mex`")?;
        if self.eat(&Tok::RBrace) {
            return Ok(Value::Mex(Vec::new()));
        }
        // The element may use names its binders introduce: parse the binders first.
        let start = self.pos;
        let colon = start
            .checked_sub(1)
            .and_then(|brace| self.colons.get(brace).copied().flatten());
        let Some(colon) = colon else {
            let mut items = vec![self.value()?];
            while self.eat(&Tok::Comma) {
                items.push(self.value()?);
            }
            self.take(Tok::RBrace, "`,` or `}`")?;
            return Ok(Value::Mex(items));
        };
        let outer = self.scope.len();
        self.pos = colon + 1;
        let mut binders = vec![self.binder()?];
        while self.eat(&Tok::Comma) {
            binders.push(self.binder()?);
        }
        let end = self.pos;
        self.take(Tok::RBrace, "`,` or `}`")?;
        let after = self.pos;
        self.pos = start;
        let elem = self.value()?;
        if self.pos != colon {
            return Err(self.fail("`:` after the element of a set"));
        }
        self.pos = after;
        let _ = end;
        self.scope.truncate(outer);
        Ok(Value::Builder(Box::new(elem), binders))
    }

    fn binder(&mut self) -> Result<Binder, ExprError> {
        if let (Some(Tok::Ident(name)), Some(Tok::In)) = (
            self.peek().cloned(),
            self.tokens.get(self.pos + 1).map(|t| &t.tok),
        ) {
            self.pos += 2;
            self.take(Tok::LBrace, "`{` after `in`")?;
            let mut values = Vec::new();
            loop {
                let span = self.span();
                let Some(Tok::Num(text)) = self.peek().cloned() else {
                    return Err(self.fail("a number"));
                };
                self.pos += 1;
                values.push(
                    text.parse::<i64>()
                        .map_err(|_| err(span, ExprErrorKind::Overflow))?,
                );
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.take(Tok::RBrace, "`,` or `}`")?;
            self.scope.push(name.clone());
            return Ok(Binder::In(name, values));
        }
        // A chain: its bare names not yet in scope are introduced by it.
        let mut fresh = Vec::new();
        let mut i = self.pos;
        while let Some(t) = self.tokens.get(i) {
            match &t.tok {
                Tok::Comma | Tok::RBrace => break,
                Tok::Ident(n) if !self.scope.contains(n) && !fresh.contains(n) => {
                    fresh.push(n.clone())
                }
                _ => {}
            }
            i += 1;
        }
        self.scope.extend(fresh.iter().cloned());
        let mut terms = vec![self.int()?];
        let mut cmps = Vec::new();
        while let Some(Tok::Cmp(c)) = self.peek().cloned() {
            self.pos += 1;
            cmps.push(c);
            terms.push(self.int()?);
        }
        if cmps.is_empty() {
            return Err(self.fail("a comparison such as `k <= n`, or `k in {…}`"));
        }
        Ok(Binder::Chain { fresh, terms, cmps })
    }

    fn int(&mut self) -> Result<Int, ExprError> {
        let mut lhs = self.int_term()?;
        loop {
            let span = self.span();
            let plain_plus = self.peek() == Some(&Tok::NimSum) && span.len() == 1;
            if plain_plus {
                self.pos += 1;
                lhs = Int::Add(Box::new(lhs), Box::new(self.int_term()?));
            } else if self.eat(&Tok::Minus) {
                lhs = Int::Sub(Box::new(lhs), Box::new(self.int_term()?), span);
            } else {
                return Ok(lhs);
            }
        }
    }

    fn int_term(&mut self) -> Result<Int, ExprError> {
        let mut lhs = self.int_atom()?;
        while self.peek() == Some(&Tok::NimProd) && self.span().len() == 1 {
            self.pos += 1;
            lhs = Int::Mul(Box::new(lhs), Box::new(self.int_atom()?));
        }
        Ok(lhs)
    }

    fn int_atom(&mut self) -> Result<Int, ExprError> {
        let span = self.span();
        match self.peek().cloned() {
            Some(Tok::Num(text)) => {
                self.pos += 1;
                let v = text
                    .parse::<i64>()
                    .map_err(|_| err(span, ExprErrorKind::Overflow))?;
                Ok(Int::Lit(v))
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                self.in_scope(&name, &span)?;
                Ok(Int::Var(name, span))
            }
            Some(Tok::LParen) => {
                self.pos += 1;
                let v = self.int()?;
                self.take(Tok::RParen, "`)`")?;
                Ok(v)
            }
            _ => Err(self.fail("an integer: a number or a name, with `+`, `-` and `*`")),
        }
    }
}

/// How far back a rule reads its own values, when it reads a bounded window of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The window's width k: the rule calls itself only at n − d with 1 ≤ d ≤ k.
    pub width: usize,
    /// From here on every condition in the rule is settled, so f(n) is a function of
    /// f(n − k), …, f(n − 1) alone.
    pub from: usize,
}

/// The most steps the analysis of a rule's window may take.
const WINDOW_SCAN_MAX: u64 = 1 << 20;

impl Rule {
    /// Returns the window the rule reads, or why it reads none: a rule reads a bounded
    /// window when it calls only itself, at n − d for fixed amounts d ≥ 1 (`k in {…}`
    /// names and literals), never uses n as a value nor ranges a name over 0 to n, and its
    /// conditions compare n with fixed amounts only, so each is settled for large n.
    ///
    /// The analysis runs the rule once with n as a symbol: every integer is a·n + b, and a
    /// condition whose sides differ by a·n + b with a ≠ 0 has the sign of a once n > |b|.
    pub fn window(&self) -> Result<Window, String> {
        let mut scan = WindowScan {
            rule: self,
            width: 0,
            from: 0,
            steps: 0,
        };
        let mut env = vec![(self.var.clone(), Lin { a: 1, b: 0 })];
        scan.value(&self.body, &mut env)?;
        let width = usize::try_from(scan.width).map_err(|_| "its window is too wide")?;
        let from = usize::try_from(scan.from.max(scan.width))
            .map_err(|_| "its conditions settle too late")?;
        Ok(Window { width, from })
    }
}

/// An integer a·n + b, with n the rule's argument.
#[derive(Clone, Copy, Debug)]
struct Lin {
    a: i64,
    b: i64,
}

/// The state of [`Rule::window`]'s symbolic run.
struct WindowScan<'r> {
    rule: &'r Rule,
    width: i64,
    from: i64,
    steps: u64,
}

impl WindowScan<'_> {
    fn step(&mut self) -> Result<(), String> {
        self.steps += 1;
        if self.steps > WINDOW_SCAN_MAX {
            return Err(format!(
                "its sets take more than {WINDOW_SCAN_MAX} steps to analyse"
            ));
        }
        Ok(())
    }

    fn value(&mut self, v: &Value, env: &mut Vec<(String, Lin)>) -> Result<(), String> {
        self.step()?;
        match v {
            Value::Lit(_) => Ok(()),
            Value::Var(name, _) => match lin_lookup(env, name) {
                Lin { a: 0, .. } => Ok(()),
                _ => Err(format!("it uses `{name}` as a value")),
            },
            Value::Sum(x, y) | Value::Prod(x, y) => {
                self.value(x, env)?;
                self.value(y, env)
            }
            Value::Call(name, arg, _) => {
                if *name != self.rule.name {
                    return Err(format!("it calls `{name}`, not only itself"));
                }
                let at = self.int(arg, env)?;
                if at.a != 1 || at.b >= 0 {
                    return Err(format!(
                        "it calls `{name}` other than at {} minus a fixed amount",
                        self.rule.var
                    ));
                }
                self.width = self.width.max(-at.b);
                Ok(())
            }
            Value::Mex(items) => items.iter().try_for_each(|item| self.value(item, env)),
            Value::Builder(elem, binders) => self.enumerate(elem, binders, env),
        }
    }

    fn enumerate(
        &mut self,
        elem: &Value,
        binders: &[Binder],
        env: &mut Vec<(String, Lin)>,
    ) -> Result<(), String> {
        let Some((first, rest)) = binders.split_first() else {
            return self.value(elem, env);
        };
        match first {
            Binder::In(name, values) => {
                for &x in values {
                    env.push((name.clone(), Lin { a: 0, b: x }));
                    let r = self.enumerate(elem, rest, env);
                    env.pop();
                    r?;
                }
                Ok(())
            }
            Binder::Chain { fresh, terms, cmps } => {
                if let Some(name) = fresh.first() {
                    return Err(format!(
                        "`{name}` runs over 0 to {}, which grows with it",
                        self.rule.var
                    ));
                }
                let mut sides = Vec::with_capacity(terms.len());
                for t in terms {
                    sides.push(self.int(t, env)?);
                }
                let mut holds = true;
                for (i, c) in cmps.iter().enumerate() {
                    let (x, y) = (sides[i], sides[i + 1]);
                    let d = Lin {
                        a: x.a.checked_sub(y.a).ok_or(OVERFLOW)?,
                        b: x.b.checked_sub(y.b).ok_or(OVERFLOW)?,
                    };
                    // x − y = a·n + b: for a ≠ 0 its sign is a's once n > |b|.
                    let sign = if d.a == 0 {
                        d.b
                    } else {
                        self.from = self.from.max(d.b.checked_abs().ok_or(OVERFLOW)? + 1);
                        d.a.signum()
                    };
                    holds &= c.holds(sign, 0);
                }
                if holds {
                    self.enumerate(elem, rest, env)?;
                }
                Ok(())
            }
        }
    }

    fn int(&mut self, i: &Int, env: &[(String, Lin)]) -> Result<Lin, String> {
        self.step()?;
        Ok(match i {
            Int::Lit(x) => Lin { a: 0, b: *x },
            Int::Var(name, _) => lin_lookup(env, name),
            Int::Add(x, y) => {
                let (x, y) = (self.int(x, env)?, self.int(y, env)?);
                Lin {
                    a: x.a.checked_add(y.a).ok_or(OVERFLOW)?,
                    b: x.b.checked_add(y.b).ok_or(OVERFLOW)?,
                }
            }
            Int::Sub(x, y, _) => {
                let (x, y) = (self.int(x, env)?, self.int(y, env)?);
                Lin {
                    a: x.a.checked_sub(y.a).ok_or(OVERFLOW)?,
                    b: x.b.checked_sub(y.b).ok_or(OVERFLOW)?,
                }
            }
            Int::Mul(x, y) => {
                let (x, y) = (self.int(x, env)?, self.int(y, env)?);
                if x.a != 0 && y.a != 0 {
                    return Err(format!("it multiplies {0} by {0}", self.rule.var));
                }
                let cross = |p: i64, q: i64| p.checked_mul(q).ok_or(OVERFLOW);
                Lin {
                    a: cross(x.a, y.b)?
                        .checked_add(cross(y.a, x.b)?)
                        .ok_or(OVERFLOW)?,
                    b: cross(x.b, y.b)?,
                }
            }
        })
    }
}

/// Why a window's analysis stopped on an overflow.
const OVERFLOW: &str = "its arithmetic overflows";

/// Returns the innermost symbolic value of a name in scope.
fn lin_lookup(env: &[(String, Lin)], name: &str) -> Lin {
    env.iter()
        .rev()
        .find(|(n, _)| n == name)
        .map_or(Lin { a: 0, b: 0 }, |(_, v)| *v)
}

/// Sets the value of the innermost bound name.
fn set_last(env: &mut [(String, i64)], x: i64) {
    if let Some(last) = env.last_mut() {
        last.1 = x;
    }
}

/// How many elements a set collects before its repeated values are dropped.
const SEEN_CAP: usize = 1 << 12;

/// The values of a set's elements. Many elements share few values, so the repeats are
/// dropped whenever the list has doubled since they last were: memory follows the values,
/// not the work, and each element costs a constant amortised even when the distinct
/// values sit just below a power of two.
#[derive(Debug)]
struct Seen {
    values: Vec<u32>,
    /// How many values were pushed, repeats included.
    count: usize,
    /// The length at which the repeats are dropped next.
    next: usize,
}

impl Default for Seen {
    fn default() -> Self {
        Seen {
            values: Vec::new(),
            count: 0,
            next: SEEN_CAP,
        }
    }
}

impl Seen {
    fn push(&mut self, v: u32) {
        self.count += 1;
        self.values.push(v);
        if self.values.len() >= self.next {
            self.values.sort_unstable();
            self.values.dedup();
            self.next = (2 * self.values.len()).max(SEEN_CAP);
        }
    }
}

/// What evaluation needs: the tables so far, the page's games and the work left.
struct Eval<'a> {
    rules: &'a [Rule],
    tables: &'a [Vec<u32>],
    /// The rule being tabulated and the argument being valued.
    current: usize,
    n: usize,
    games: &'a Games,
    work: u64,
    limit: u64,
}

/// Returns f(0), …, f(upto − 1) for each rule in order, reading the page's `games`; an
/// error comes with the index of the rule it is in.
pub fn tabulate(
    rules: &[Rule],
    upto: usize,
    games: &Games,
    limit: u64,
) -> Result<Vec<Vec<u32>>, (usize, ExprError)> {
    tabulate_counted(rules, upto, games, limit).map(|(tables, _)| tables)
}

/// Each rule's values, and the steps of work they took.
pub type Tabulated = (Vec<Vec<u32>>, u64);

/// Tabulates as [`tabulate`] does, and returns the steps of work it took.
pub fn tabulate_counted(
    rules: &[Rule],
    upto: usize,
    games: &Games,
    limit: u64,
) -> Result<Tabulated, (usize, ExprError)> {
    let mut tables: Vec<Vec<u32>> = Vec::with_capacity(rules.len());
    let mut work = 0;
    for (i, rule) in rules.iter().enumerate() {
        tables.push(Vec::with_capacity(upto));
        for n in 0..upto {
            let mut ev = Eval {
                rules,
                tables: &tables,
                current: i,
                n,
                games,
                work,
                limit,
            };
            let mut env = vec![(rule.var.clone(), n as i64)];
            let v = ev.value(&rule.body, &mut env).map_err(|e| (i, e))?;
            work = ev.work;
            tables[i].push(v);
        }
    }
    Ok((tables, work))
}

/// The work one claim on the options of a rule may take.
pub const OPTIONS_WORK: u64 = 1 << 22;

/// Returns how the options of `rules[index]` are found: [`option_values`] over the
/// finished `tables`, within [`OPTIONS_WORK`].
pub fn rule_moves(
    rules: Arc<[Rule]>,
    index: usize,
    tables: Arc<[Vec<u32>]>,
    games: Games,
) -> super::game::Moves {
    super::game::Moves::Rule(Arc::new(move |n| {
        option_values(&rules, index, &tables, &games, n, OPTIONS_WORK).map_err(|e| e.kind)
    }))
}

/// Returns the distinct values of the options of `rules[index]` at `n`, in increasing
/// order, and how many elements (moves) the `mex{…}` its value is has there, read from
/// the finished `tables`. `None` when its value is not a mex, or `n` is past its table.
pub fn option_values(
    rules: &[Rule],
    index: usize,
    tables: &[Vec<u32>],
    games: &Games,
    n: usize,
    limit: u64,
) -> Result<Option<(Vec<u32>, usize)>, ExprError> {
    let Some(rule) = rules.get(index) else {
        return Ok(None);
    };
    if tables.get(index).is_none_or(|t| n >= t.len()) {
        return Ok(None);
    }
    let mut ev = Eval {
        rules,
        tables,
        current: index,
        n,
        games,
        work: 0,
        limit,
    };
    let mut env = vec![(rule.var.clone(), n as i64)];
    let mut seen = Seen::default();
    match &rule.body {
        Value::Mex(items) => {
            for item in items {
                let v = ev.value(item, &mut env)?;
                seen.push(v);
            }
        }
        Value::Builder(elem, binders) => ev.enumerate(elem, binders, &mut env, &mut seen)?,
        _ => return Ok(None),
    }
    seen.values.sort_unstable();
    seen.values.dedup();
    Ok(Some((seen.values, seen.count)))
}

impl Eval<'_> {
    fn tick(&mut self, span: &Range<usize>) -> Result<(), ExprError> {
        self.work += 1;
        if self.work > self.limit {
            let kind = ExprErrorKind::TooMuchWork {
                work: u128::from(self.work),
                limit: self.limit,
            };
            return Err(err(span.clone(), kind));
        }
        Ok(())
    }

    fn value(&mut self, v: &Value, env: &mut Vec<(String, i64)>) -> Result<u32, ExprError> {
        // Every node is work; the bound is checked at calls and at each element of a set,
        // so between two checks there is at most one element's worth of nodes.
        self.work += 1;
        Ok(match v {
            Value::Lit(x) => *x,
            Value::Var(name, span) => {
                let x = lookup(env, name);
                u32::try_from(x).map_err(|_| err(span.clone(), ExprErrorKind::Overflow))?
            }
            Value::Sum(a, b) => self.value(a, env)? ^ self.value(b, env)?,
            Value::Prod(a, b) => {
                let (x, y) = (self.value(a, env)?, self.value(b, env)?);
                crate::nimber::mul(u128::from(x), u128::from(y)) as u32
            }
            Value::Call(name, arg, span) => {
                self.tick(span)?;
                let m = self.int(arg, env)?;
                self.call(name, m, span)?
            }
            Value::Mex(items) => {
                let mut seen = Vec::with_capacity(items.len());
                for item in items {
                    seen.push(self.value(item, env)?);
                }
                mex(&mut seen)
            }
            Value::Builder(elem, binders) => {
                let mut seen = Seen::default();
                self.enumerate(elem, binders, env, &mut seen)?;
                mex(&mut seen.values)
            }
        })
    }

    /// Adds the element's value to `seen` for every assignment the binders allow.
    fn enumerate(
        &mut self,
        elem: &Value,
        binders: &[Binder],
        env: &mut Vec<(String, i64)>,
        seen: &mut Seen,
    ) -> Result<(), ExprError> {
        let Some((first, rest)) = binders.split_first() else {
            self.tick(&(0..0))?;
            let v = self.value(elem, env)?;
            seen.push(v);
            return Ok(());
        };
        match first {
            Binder::In(name, values) => {
                env.push((name.clone(), 0));
                let mut r = Ok(());
                for &x in values {
                    set_last(env, x);
                    r = self.enumerate(elem, rest, env, seen);
                    if r.is_err() {
                        break;
                    }
                }
                env.pop();
                r?;
            }
            Binder::Chain { fresh, terms, cmps } => {
                self.chain(fresh, terms, cmps, elem, rest, env, seen)?;
            }
        }
        Ok(())
    }

    /// Runs each fresh name of a chain over 0 to n, keeping the assignments it allows.
    #[allow(clippy::too_many_arguments)]
    fn chain(
        &mut self,
        fresh: &[String],
        terms: &[Int],
        cmps: &[Cmp],
        elem: &Value,
        rest: &[Binder],
        env: &mut Vec<(String, i64)>,
        seen: &mut Seen,
    ) -> Result<(), ExprError> {
        if let Some((name, more)) = fresh.split_first() {
            env.push((name.clone(), 0));
            let mut r = Ok(());
            for x in 0..=self.n as i64 {
                set_last(env, x);
                r = self.chain(more, terms, cmps, elem, rest, env, seen);
                if r.is_err() {
                    break;
                }
            }
            env.pop();
            return r;
        }
        // Every point of the chain is work, whether or not it is kept.
        self.tick(&(0..0))?;
        let mut values = Vec::with_capacity(terms.len());
        for t in terms {
            values.push(self.int(t, env)?);
        }
        let holds = cmps
            .iter()
            .enumerate()
            .all(|(i, c)| c.holds(values[i], values[i + 1]));
        if holds {
            self.enumerate(elem, rest, env, seen)?;
        }
        Ok(())
    }

    fn int(&mut self, i: &Int, env: &[(String, i64)]) -> Result<i64, ExprError> {
        self.work += 1;
        let overflow = |span: &Range<usize>| err(span.clone(), ExprErrorKind::Overflow);
        Ok(match i {
            Int::Lit(x) => *x,
            Int::Var(name, _) => lookup(env, name),
            Int::Add(a, b) => {
                let (x, y) = (self.int(a, env)?, self.int(b, env)?);
                x.checked_add(y).ok_or_else(|| overflow(&(0..0)))?
            }
            Int::Sub(a, b, span) => {
                let (x, y) = (self.int(a, env)?, self.int(b, env)?);
                x.checked_sub(y).ok_or_else(|| overflow(span))?
            }
            Int::Mul(a, b) => {
                let (x, y) = (self.int(a, env)?, self.int(b, env)?);
                x.checked_mul(y).ok_or_else(|| overflow(&(0..0)))?
            }
        })
    }

    /// Returns `name(m)`: from the table being built (m below the current argument), from
    /// an earlier rule's table, or from the page's games.
    fn call(&self, name: &str, m: i64, span: &Range<usize>) -> Result<u32, ExprError> {
        let Ok(m) = usize::try_from(m) else {
            return Err(err(span.clone(), ExprErrorKind::NegativeHeap));
        };
        if let Some(i) = self.rules.iter().position(|r| r.name == name) {
            if i == self.current && m >= self.n {
                let kind = ExprErrorKind::NotDescending {
                    name: name.to_string(),
                    n: self.n as u128,
                    called: m as u128,
                };
                return Err(err(span.clone(), kind));
            }
            if i > self.current {
                return Err(err(
                    span.clone(),
                    ExprErrorKind::UnknownGame {
                        name: name.to_string(),
                        known: Vec::new(),
                    },
                ));
            }
            return self.tables[i].get(m).copied().ok_or_else(|| {
                err(
                    span.clone(),
                    ExprErrorKind::PastBound {
                        name: name.to_string(),
                        n: m as u128,
                        upto: self.tables[i].len(),
                    },
                )
            });
        }
        let game = self.games.get(name).ok_or_else(|| {
            let known = self.games.names().map(str::to_string).collect();
            err(
                span.clone(),
                ExprErrorKind::UnknownGame {
                    name: name.to_string(),
                    known,
                },
            )
        })?;
        game.value(m as u128).ok_or_else(|| {
            err(
                span.clone(),
                ExprErrorKind::PastBound {
                    name: name.to_string(),
                    n: m as u128,
                    upto: game.upto(),
                },
            )
        })
    }
}

/// Returns the innermost value of a variable in scope (the parser made sure it is).
fn lookup(env: &[(String, i64)], name: &str) -> i64 {
    env.iter()
        .rev()
        .find(|(n, _)| n == name)
        .map_or(0, |(_, v)| *v)
}

/// Returns the least value not in `seen`.
fn mex(seen: &mut [u32]) -> u32 {
    seen.sort_unstable();
    let mut m = 0;
    for &v in seen.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(src: &str, upto: usize) -> Vec<u32> {
        let rule = parse_rule(src).unwrap_or_else(|e| panic!("{src}: {e}"));
        tabulate(&[rule], upto, &Games::new(), 1 << 26)
            .map_err(|(_, e)| e)
            .unwrap_or_else(|e| panic!("{src}: {e}"))
            .remove(0)
    }

    #[test]
    fn grundys_game_matches_oeis() {
        let text = include_str!("../../tests/data/oeis/A002188-grundys-game.txt");
        let terms: Vec<u32> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("rule") && !l.starts_with("offset"))
            .flat_map(|l| l.split(','))
            .map(|t| t.trim().parse().expect("a term"))
            .collect();
        let g = table("g(n) = mex{ g(a) ⊕ g(n - a) : 0 < a < n - a }", terms.len());
        assert_eq!(g, terms);
    }

    #[test]
    fn subtraction_games_and_octal_games_agree() {
        let s = table("s(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }", 50);
        assert_eq!(&s[..10], &[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
        // Kayles by its rule agrees with the octal computation of 0.77.
        let k = table(
            "k(n) = mex{ k(a) + k(n - t - a) : t in {1, 2}, 0 <= a <= n - t }",
            120,
        );
        let octal =
            crate::nimber::grundy_values(&"0.77".parse().expect("code"), 120).expect("computes");
        assert_eq!(k, octal);
    }

    #[test]
    fn options_are_the_elements_of_the_mex() {
        let rule = parse_rule("s(n) = mex{ s(n - k) : k in {1, 4}, k <= n }").expect("parses");
        let rules = [rule];
        let tables = tabulate(&rules, 10, &Games::new(), 1 << 20).expect("tabulates");
        let options = |n| option_values(&rules, 0, &tables, &Games::new(), n, 1 << 20);
        // s(5), s(2): a heap of 6 moves to 5 or 2.
        let want = {
            let mut v = vec![tables[0][5], tables[0][2]];
            v.sort_unstable();
            v.dedup();
            v
        };
        assert_eq!(options(6).expect("evaluates"), Some((want, 2)));
        assert_eq!(options(0).expect("evaluates"), Some((vec![], 0)));
        // A heap of 3 has one move, to 2; of 4, two moves whose values may coincide.
        assert_eq!(options(3).expect("evaluates").map(|o| o.1), Some(1));
        assert_eq!(options(4).expect("evaluates").map(|o| o.1), Some(2));
        assert_eq!(options(10).expect("evaluates"), None);
        let plain = [parse_rule("f(n) = n ⊗ n").expect("parses")];
        let t = tabulate(&plain, 4, &Games::new(), 1 << 20).expect("tabulates");
        assert_eq!(
            option_values(&plain, 0, &t, &Games::new(), 2, 1 << 20).ok(),
            Some(None)
        );
    }

    #[test]
    fn lists_products_and_literals() {
        assert_eq!(table("f(n) = mex{ 0, 1, 3 }", 2), [2, 2]);
        assert_eq!(table("f(n) = n * n", 4), [0, 1, 3, 2]);
        assert_eq!(table("f(n) = mex{ }", 1), [0]);
    }

    #[test]
    fn a_rule_that_does_not_descend_is_an_error_at_its_call() {
        for (src, at) in [("g(n) = g(n)", 7..11), ("g(n) = g(n + 1)", 7..15)] {
            let rule = parse_rule(src).expect("parses");
            let (i, e) = tabulate(&[rule], 5, &Games::new(), 1 << 20).unwrap_err();
            assert_eq!(i, 0);
            assert_eq!(e.span, at, "{src}");
            assert!(matches!(e.kind, ExprErrorKind::NotDescending { .. }), "{e}");
            assert!(e.to_string().contains("does not descend"), "{e}");
        }
        let rule = parse_rule("g(n) = mex{ g(n - k) : k in {0, 1}, k <= n }").expect("parses");
        assert!(tabulate(&[rule], 3, &Games::new(), 1 << 20).is_err());
    }

    #[test]
    fn work_past_the_bound_is_an_error() {
        let rule = parse_rule("g(n) = mex{ g(a) ⊕ g(n - a) : 0 < a < n - a }").expect("parses");
        let (_, e) = tabulate(&[rule], 2000, &Games::new(), 100_000).unwrap_err();
        assert!(matches!(e.kind, ExprErrorKind::TooMuchWork { .. }), "{e}");
    }

    #[test]
    fn deep_or_long_rules_are_refused_before_parsing() {
        // 100,000 nested: refused by length, at the first token past the bound.
        for (open, close) in [("mex{", "}"), ("(", ")")] {
            let src = format!("g(n) = {}0{}", open.repeat(100_000), close.repeat(100_000));
            let e = parse_rule(&src).unwrap_err();
            assert!(matches!(e.kind, ExprErrorKind::TooLong { .. }), "{e}");
            assert!(e.span.end <= src.len());
        }
        // Short but deeper than the statement parser allows: refused by depth.
        let deep = super::super::parser::MAX_DEPTH + 1;
        let src = format!("g(n) = {}0{}", "mex{".repeat(deep), "}".repeat(deep));
        let e = parse_rule(&src).unwrap_err();
        assert!(matches!(e.kind, ExprErrorKind::TooDeep { .. }), "{e}");
        // At the bound it still parses and evaluates.
        let ok = super::super::parser::MAX_DEPTH - 2;
        let src = format!("g(n) = {}0{}", "mex{".repeat(ok), "}".repeat(ok));
        assert_eq!(table(&src, 2).len(), 2);
    }

    #[test]
    fn set_builders_nested_in_elements_find_their_own_colon() {
        let src = "f(n) = mex{ mex{ f(n - k) : k in {1}, k <= n } : j in {1, 2} }";
        assert_eq!(table(src, 4), [1, 1, 1, 1]);
        let src = "f(n) = mex{ mex{ 0, 1 }, 0 }";
        assert_eq!(table(src, 1), [1]);
    }

    #[test]
    fn subtraction_rules_read_a_bounded_window() {
        let window = |src: &str| parse_rule(src).expect("parses").window();
        let w = window("s(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }").expect("a window");
        assert_eq!((w.width, w.from), (4, 5));
        let w = window("f(n) = mex{ f(n - 2), f(n - 5) ⊕ 1 }").expect("a window");
        assert_eq!((w.width, w.from), (5, 5));
        let w =
            window("f(n) = mex{ f(n - k * k) : k in {1, 2}, n >= k * k + 3 }").expect("a window");
        assert_eq!((w.width, w.from), (4, 8));
        assert_eq!(window("f(n) = 3").map(|w| w.width), Ok(0));
        for (src, why) in [
            (
                "g(n) = mex{ g(a) ⊕ g(n - a) : 0 < a < n - a }",
                "`a` runs over 0 to n",
            ),
            ("f(n) = n * n", "it uses `n` as a value"),
            ("f(n) = mex{ g(n - 1) }", "it calls `g`, not only itself"),
            (
                "f(n) = mex{ f(n - 1), f(0) }",
                "other than at n minus a fixed amount",
            ),
        ] {
            let e = window(src).expect_err(src);
            assert!(e.contains(why), "{src}: {e}");
        }
        let e = window("f(n) = mex{ f(n - 1) : k in {1}, k * n < 3 }").err();
        assert_eq!(e, None, "k * n is linear in n");
        let e = window("f(n) = mex{ f(n - 1) : k in {1}, n * n < 3 }").unwrap_err();
        assert!(e.contains("multiplies n by n"), "{e}");
    }

    #[test]
    fn parse_errors_have_spans() {
        assert_eq!(parse_rule("g(n) = h(m)").unwrap_err().span, 9..10);
        assert!(parse_rule("g(n) = mex{ g(a) : }").is_err());
        assert!(parse_rule("g(n) g(n)").is_err());
        assert!(parse_rule("g(n) = g(n - 1) g").is_err());
    }
}
