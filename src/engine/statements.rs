//! Checking statements of the statement language wherever a page writes them: roles,
//! `{claim}` lines, plain math and prose all come here, so a statement is checked, recorded
//! and perturbed the same way wherever it is written.

use std::ops::Range;

use super::context::Deferred;
use super::{Check, Claimed, Cx, DirectiveError};
use crate::diagnostics::Code;
use crate::ledger::{ClaimKind, Provenance};
use crate::math::lint::{Lint, Unreadable};
use crate::stmt::{ExprError, ExprErrorKind, Meaning, Statement, VacuityKind, Verdict};

/// A statement with its verdict, as a claim that knows how to perturb itself.
struct StatementClaim<'a> {
    statement: &'a Statement,
    verdict: &'a Verdict,
    /// Whether it was read from plain math or prose, where notation has more than one reading.
    plain: bool,
}

impl Claimed for StatementClaim<'_> {
    fn holds(&self) -> Result<(), String> {
        if self.verdict.holds {
            Ok(())
        } else if self.plain {
            Err(format!(
                "{}; read as `{}` {}",
                self.statement.explain(self.verdict),
                self.statement.to_text(),
                self.statement
                    .describe_reading(&self.verdict.reading)
                    .unwrap_or_else(|| "with every operation read as the nimber one".to_string()),
            ))
        } else {
            Err(self.statement.explain(self.verdict))
        }
    }

    fn perturbed_holds(&self) -> bool {
        self.statement
            .perturbed(&self.verdict.reading)
            .holds()
            .unwrap_or(false)
    }
}

/// Checks a claim written at `offset` in the page (where the statement's own spans start),
/// records it, and reports a vacuous form under `check --mutate`. Returns whether it holds.
pub fn check(
    cx: &mut Cx<'_>,
    statement: &Statement,
    span: Range<usize>,
    offset: usize,
    anchor: String,
) -> Result<(bool, Verdict), DirectiveError> {
    check_read(cx, statement, span, offset, anchor, false)
}

/// Checks a claim as [`check`] does; `plain` says it was read from plain math or prose,
/// so a failure names the reading used and how to write the other one.
fn check_read(
    cx: &mut Cx<'_>,
    statement: &Statement,
    span: Range<usize>,
    offset: usize,
    anchor: String,
    plain: bool,
) -> Result<(bool, Verdict), DirectiveError> {
    let mut bound = bind(cx, statement, offset)?;
    // Plain math on a page that declared `+` (or `×`) the nimber operation reads it so.
    if plain && bound.ambiguous_count() > 0 {
        let declared = cx.declared_before(span.start);
        if !declared.is_empty() {
            bound = bound.settled(|op| declared.contains(&op).then_some(Meaning::Nim));
        }
    }
    let statement = &bound;
    let left = cx.work_left();
    let (verdict, past) = evaluate(cx, statement, left);
    let verdict = verdict.map_err(|e| match e.kind {
        ExprErrorKind::TooMuchWork { work, .. } if left < crate::stmt::MAX_WORK => {
            let at = e.span.start + offset..e.span.end + offset;
            let work = u64::try_from(work).unwrap_or(u64::MAX);
            cx.over_budget(at, "this claim", work)
        }
        _ => expr_error(&e, offset),
    })?;
    cx.spent(verdict.steps);
    let check = Check {
        kind: ClaimKind::Equation,
        span: statement
            .failing_step(&verdict)
            .filter(|_| !verdict.holds)
            .map_or(span, |s| offset + s.start..offset + s.end),
        anchor,
        statement: statement.to_text(),
        evidence: evidence(statement, &verdict, past),
    };
    let claim = StatementClaim {
        statement,
        verdict: &verdict,
        plain,
    };
    let provenance = provenance(cx, statement, past);
    let holds = cx.check_resting(check, &claim, provenance);
    let text = statement.to_text();
    if !holds && plain && ["sqrt", "inv", "^", "⁻"].iter().any(|op| text.contains(op)) {
        cx.note_last(PLAIN_HINT);
    }
    if cx.mutating() {
        for v in statement.vacuities() {
            let why = match v.kind {
                VacuityKind::SameSides {
                    reordered: false, ..
                } => "its two sides are the same expression".to_string(),
                VacuityKind::SameSides {
                    reordered: true, ..
                } => {
                    "its two sides are the same expression up to the order of operands".to_string()
                }
                VacuityKind::EmptyRange(var) => format!("the range of `{var}` is empty"),
                VacuityKind::UnusedVariable(var) => {
                    format!("`{var}` is quantified but never used")
                }
            };
            cx.vacuous(offset + v.span.start..offset + v.span.end, why);
        }
    }
    Ok((holds, verdict))
}

/// How to write the other reading of a plain-math claim, or waive it.
const PLAIN_HINT: &str = "in plain math and prose `\\sqrt`, `^{-1}`, `\\otimes` and `\\oplus` are nimber operations (`\\sqrt{16}` is the nim square root); a statement of ordinary arithmetic is not a nimber claim: write it in words, or waive its paragraph with `<!-- unchecked: ordinary arithmetic -->`";

/// Returns the statement with the games it names bound from those defined above it on
/// the page; a name with no game is an error at its span.
pub fn bind(
    cx: &Cx<'_>,
    statement: &Statement,
    offset: usize,
) -> Result<Statement, DirectiveError> {
    let mut bound = statement.clone();
    if statement.uses_games() {
        bound
            .bind_games(cx.games())
            .map_err(|e| expr_error(&e, offset))?;
    }
    Ok(bound)
}

/// Returns whether a statement read in prose holds, with nothing reported or spent: a
/// statement that waits for a game further down, or cannot be bound or evaluated, does not.
pub fn holds_quietly(cx: &Cx<'_>, statement: &Statement) -> bool {
    bind(cx, statement, 0).is_ok_and(|bound| {
        let (verdict, _) = evaluate(cx, &bound, cx.work_left());
        verdict.is_ok_and(|v| v.holds)
    })
}

/// Evaluates a statement. One that names games is evaluated first on their computed
/// tables alone; only if it reads past them, or names a period, is it evaluated again
/// through the proved periods, and then it is `past` (the second value returned).
fn evaluate(cx: &Cx<'_>, statement: &Statement, left: u64) -> (Result<Verdict, ExprError>, bool) {
    if !statement.uses_games() {
        return (statement.check_within(left), false);
    }
    let mut tables = crate::stmt::Games::new();
    for name in statement.game_names() {
        if let Some(game) = cx.games().get(&name) {
            tables.insert(game.table_only());
        }
    }
    let mut on_tables = statement.clone();
    if on_tables.bind_games(&tables).is_ok() {
        match on_tables.check_within(left) {
            Ok(verdict) => return (Ok(verdict), false),
            Err(e) if reads_past(&e.kind) => {}
            Err(e) => return (Err(e), false),
        }
    }
    let verdict = statement.check_within(left);
    let past = statement
        .game_names()
        .iter()
        .any(|n| cx.games().get(n).is_some_and(|g| g.theorem().is_some()));
    (verdict, past)
}

/// Returns whether an error says a game's value was read past its table, or its period
/// named, in any case of a quantified claim.
fn reads_past(kind: &ExprErrorKind) -> bool {
    match kind {
        ExprErrorKind::PastBound { .. } | ExprErrorKind::NoPeriod { .. } => true,
        ExprErrorKind::InCase { error, .. } => reads_past(error),
        _ => false,
    }
}

/// Says how a statement's values were obtained: by the core, and for each game it names
/// by that game's method; a statement that reads past a game's table rests on the theorem
/// that proves the game's period.
fn provenance(cx: &Cx<'_>, statement: &Statement, past: bool) -> Provenance {
    let mut parts = Vec::new();
    let mut rests_on = Vec::new();
    for name in statement.game_names() {
        let Some(game) = cx.games().get(&name) else {
            continue;
        };
        let mut part = format!("{name}: {}", game.method());
        if let Some(theorem) = game.theorem().filter(|_| past) {
            part.push_str(&format!(
                "; values past {name}({}) read through the proved period",
                game.upto().saturating_sub(1)
            ));
            if !rests_on.iter().any(|r| r == theorem) {
                rests_on.push(theorem.to_string());
            }
        }
        parts.push(part);
    }
    parts.push(core_method(statement).to_string());
    Provenance {
        method: parts.join("; "),
        rests_on,
    }
}

/// Says how the core evaluated a statement.
fn core_method(statement: &Statement) -> &'static str {
    if statement.needs_ordinals() {
        "evaluated in the ordinal core"
    } else if statement.uses_product() {
        "evaluated with the site's product (carry-less where the CPU has it, else the Fermat recursion)"
    } else {
        "evaluated directly"
    }
}

/// Says exactly what checking a statement enumerated, and under which reading.
fn evidence(statement: &Statement, verdict: &Verdict, past: bool) -> String {
    let mut parts = Vec::new();
    if statement.is_quantified() {
        let cases = verdict.cases;
        parts.push(format!(
            "{} case{}",
            super::html::count(cases),
            if cases == 1 { "" } else { "s" }
        ));
        if let Some(w) = verdict.bindings.first().filter(|_| verdict.holds) {
            parts.push(format!("witness {} = {}", w.name, w.value));
        }
    }
    if past {
        parts.push(
            "game values past the computed tables read through their proved periods".to_string(),
        );
    } else if statement.uses_games() {
        parts.push("game values from the computed tables".to_string());
    }
    parts.push(core_method(statement).to_string());
    if let Some(r) = statement.describe_reading(&verdict.reading) {
        parts.push(r);
    }
    parts.join("; ")
}

/// Checks a claim written at `at` in the page (its statement's own spans start at
/// `offset`) under a fresh anchor named for its line, reporting an error that stops it from
/// being evaluated. Returns the anchor and the verdict when it was evaluated, held or not.
pub fn claim(
    cx: &mut Cx<'_>,
    statement: &Statement,
    at: Range<usize>,
    offset: usize,
) -> Option<(String, Verdict)> {
    claim_read(cx, statement, at, offset, false)
}

/// Checks a claim as [`claim`] does; `plain` as for [`check_read`].
fn claim_read(
    cx: &mut Cx<'_>,
    statement: &Statement,
    at: Range<usize>,
    offset: usize,
    plain: bool,
) -> Option<(String, Verdict)> {
    let anchor = cx.anchor(&format!("claim-{}", cx.line(at.start)));
    match check_read(cx, statement, at, offset, anchor.clone(), plain) {
        Ok((_, verdict)) => Some((anchor, verdict)),
        Err(e) => {
            cx.error(e);
            None
        }
    }
}

/// The one reading path of claim-like text, wherever it is written (prose, plain math, a
/// caption, a cited body): a claim the lint read is checked as [`claim`] does, a span that
/// looks like a claim but cannot be read is reported unless waived, and anything else is
/// left alone. Returns the claim's anchor when it was evaluated.
pub fn read(cx: &mut Cx<'_>, lint: &Lint, at: Range<usize>, offset: usize) -> Option<String> {
    match lint {
        // A law read from free variables may be a step under a hypothesis ("if a and b
        // have the same square, a ⊕ b is zero"): a waiver over its block covers it.
        Lint::Claim(statement) if statement.is_implied_law() && cx.waive(at.clone()) => None,
        // "If x ⊕ 9 = 4, then x = 13": a supposition is not asserted when its sentence goes
        // on; a law over its letter later in the sentence is read for the values where it
        // holds.
        Lint::Claim(statement)
            if statement.is_implied_law()
                && supposes(cx.page.source, &at)
                && let Some(supposed) = supposition(cx.page.source, statement, &at) =>
        {
            suppose(cx, supposed, &at)
        }
        // An equation posed to be solved ("solve $7 ⊗ x = 5$") states that it has a
        // solution, not a law; what follows it in its sentence is read under it, as under
        // a supposition ("the solution of x ⊕ 11 = 6 is x = 13").
        Lint::Claim(statement) if statement.is_implied_law() && posed(cx.page.source, &at) => {
            let read = claim_read(cx, &statement.as_solvable(), at.clone(), offset, true);
            if let Some(supposed) = supposition(cx.page.source, statement, &at) {
                suppose(cx, supposed, &at);
            }
            read.map(|(anchor, _)| anchor)
        }
        Lint::Claim(statement)
            if statement.is_implied_law()
                && let Some((letter, values)) = cx.supposition_at(at.start)
                && let Some(bound) = statement.among(&[letter.to_string()], values) =>
        {
            claim_read(cx, &bound, at, offset, true).map(|(anchor, _)| anchor)
        }
        // A law whose letters the words before it set: "with a = 5 and b = 9 we have …".
        Lint::Claim(statement)
            if statement.is_implied_law()
                && let Some(bound) = statement.given(&given_values(cx.page.source, at.start)) =>
        {
            claim_read(cx, &bound, at, offset, true).map(|(anchor, _)| anchor)
        }
        // A law over the values the words around it name: "for every nonzero x below 16".
        Lint::Claim(statement)
            if statement.is_implied_law()
                && let Some(bound) = stated_range(cx.page.source, &at)
                    .and_then(|(names, lo, hi)| statement.within(&names, lo, hi)) =>
        {
            claim_read(cx, &bound, at, offset, true).map(|(anchor, _)| anchor)
        }
        // A law over the letter F on a page about Fermat 2-powers: F is each of them, as
        // in Conway's rule $F \otimes F = F \oplus F/2$.
        Lint::Claim(statement)
            if statement.is_implied_law()
                && let Some(bound) = over_fermat_powers(cx.page.source, statement) =>
        {
            claim_read(cx, &bound, at, offset, true).map(|(anchor, _)| anchor)
        }
        // A supposition and its consequence ("the equation 4.4 = 4 would imply 4 = 1") are
        // not asserted: when one does not hold, a waiver over its block covers it.
        Lint::Claim(statement)
            if supposed(cx.page.source, at.start)
                && !holds_quietly(cx, statement)
                && cx.waive(at.clone()) =>
        {
            None
        }
        // A call to a name no game or function has ("G(21) = mex(1, 2) = 0" in a text that
        // never defines G) cannot be checked: a waiver over its block covers it.
        Lint::Claim(statement)
            if names_no_game(cx, statement, at.start) && cx.waive(at.clone()) =>
        {
            None
        }
        // A claim about a game a block further down defines is checked once it is.
        Lint::Claim(statement) if waits_for_a_game(cx, statement, at.start) => {
            let anchor = cx.anchor(&format!("claim-{}", cx.line(at.start)));
            cx.defer(Deferred {
                statement: statement.clone(),
                at,
                offset,
                anchor: anchor.clone(),
            });
            Some(anchor)
        }
        Lint::Claim(statement) => {
            claim_read(cx, statement, at, offset, true).map(|(anchor, _)| anchor)
        }
        Lint::Unreadable(u) => {
            unreadable(cx, u, offset, at);
            None
        }
        Lint::NoClaim => None,
    }
}

/// Returns whether the text at `at` follows a modal verb in its clause, or is named as
/// an equation ("the equation x = 4"), so it is supposed or mentioned, not asserted. The
/// clause runs back to a comma, semicolon, colon, sentence end or blank line, at most 200
/// bytes.
fn supposed(source: &str, at: usize) -> bool {
    let clause = clause_before(source, at);
    let named = clause.trim_end().to_ascii_lowercase();
    crate::math::lexicon::modal(clause)
        || named.ends_with("equation")
        || named.ends_with("equations")
}

/// Returns the clause before `at`: back to a comma, semicolon, colon, sentence end or
/// blank line, at most 200 bytes.
fn clause_before(source: &str, at: usize) -> &str {
    let Some(before) = source.get(..at) else {
        return "";
    };
    let mut from = at.saturating_sub(200);
    while !before.is_char_boundary(from) {
        from += 1;
    }
    let head = &before[from..];
    [", ", "; ", ": ", ". ", ".\n", "\n\n"]
        .iter()
        .filter_map(|b| head.rfind(b).map(|i| i + b.len()))
        .max()
        .map_or(head, |i| &head[i..])
}

/// Returns the words of the sentence a formula at `at` stands in, before it: back to a
/// full stop or a blank line, at most 160 bytes.
pub(super) fn sentence_before(source: &str, at: usize) -> Option<&str> {
    let mut from = at.saturating_sub(160);
    while !source.is_char_boundary(from) {
        from += 1;
    }
    let before = source.get(from..at)?;
    Some(
        [". ", ".\n", "\n\n"]
            .iter()
            .filter_map(|b| before.rfind(b).map(|i| &before[i + b.len()..]))
            .min_by_key(|t| t.len())
            .unwrap_or(before),
    )
}

/// Returns the letters the sentence before `at` sets to a number, "with a = 5 and b = 9",
/// "for $x = 3$", each with its value; the last setting of a letter counts.
fn given_values(source: &str, at: usize) -> Vec<(String, u128)> {
    let Some(before) = sentence_before(source, at) else {
        return Vec::new();
    };
    let text = before.replace(['$', '\\'], " ");
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let mut out: Vec<(String, u128)> = Vec::new();
    for k in 0..words.len().saturating_sub(2) {
        let (letter, sign, number) = (words[k], words[k + 1], words[k + 2]);
        let is_letter = letter.len() == 1 && letter.bytes().all(|b| b.is_ascii_lowercase());
        // "a = 5" and no more: "a = 5 ⊗ b" sets nothing.
        let more = words
            .get(k + 3)
            .is_some_and(|w| w.starts_with(['+', '-', '*', '⊕', '⊗', '×', '^', '=']));
        if let (true, "=", Ok(v), false) = (is_letter, sign, number.parse::<u128>(), more) {
            out.retain(|(n, _)| n != letter);
            out.push((letter.to_string(), v));
        }
    }
    out
}

/// Returns the letters and the range `lo ≤ v < hi` that the words of the sentence around
/// the formula at `at` quantify over: "every nonzero x below 16", "for all a, b < 16", "for
/// each element x of the field below 256".
fn stated_range(source: &str, at: &Range<usize>) -> Option<(Vec<String>, u128, u128)> {
    let mut to = (at.end + 80).min(source.len());
    while !source.is_char_boundary(to) {
        to -= 1;
    }
    let before = sentence_before(source, at.start)?;
    let after = source.get(at.end..to)?;
    let after = after.split(['.', ';']).next().unwrap_or("");
    range_in_words(before).or_else(|| range_in_words(after))
}

/// The Fermat 2-powers 2^(2^k) a law over F ranges over: those below 2^128, whose
/// products the core computes.
const FERMAT_POWERS: [u128; 7] = [2, 4, 16, 256, 1 << 16, 1 << 32, 1 << 64];

/// Returns a law whose one letter is F, on a page that speaks of Fermat 2-powers, with F
/// ranging over them (see [`FERMAT_POWERS`]).
fn over_fermat_powers(source: &str, statement: &Statement) -> Option<Statement> {
    let [q] = statement.quantifiers() else {
        return None;
    };
    if !q.names().eq(["F"]) || !source.contains("Fermat") {
        return None;
    }
    statement.among(&["F".to_string()], &FERMAT_POWERS)
}

/// Reads "every (nonzero) x (, y and z) below N" (or "under N", "< N", "in the field below
/// N", "of the field below N") in `text`.
fn range_in_words(text: &str) -> Option<(Vec<String>, u128, u128)> {
    let lower = text.to_ascii_lowercase().replace(['$', '\\', ','], " ");
    let words: Vec<&str> = lower.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| ["every", "each", "all", "any"].contains(w))?;
    let mut k = at + 1;
    let nonzero = words
        .get(k)
        .is_some_and(|w| ["nonzero", "non-zero"].contains(w));
    if nonzero {
        k += 1;
    }
    if words.get(k).is_some_and(|w| {
        [
            "element", "elements", "nimber", "nimbers", "value", "values",
        ]
        .contains(w)
    }) {
        k += 1;
    }
    let mut names = Vec::new();
    while let Some(w) = words.get(k) {
        let letter = w.len() == 1 && w.bytes().all(|b| b.is_ascii_lowercase()) && *w != "a"
            || (*w == "a"
                && names.is_empty()
                && words.get(k + 1).is_some_and(|n| {
                    n.len() == 1 || ["and", "below", "under", "in", "of", "less"].contains(n)
                }));
        if letter {
            names.push(w.to_string());
        } else if *w != "and" {
            break;
        }
        k += 1;
    }
    if names.is_empty() {
        return None;
    }
    // "… in the field below 16".
    if let Some("in" | "of") = words.get(k).copied() {
        k += 1;
        if words.get(k) == Some(&"the") {
            k += 1;
        }
        if words.get(k) != Some(&"field") {
            return None;
        }
        k += 1;
    }
    match words.get(k).copied() {
        Some("below" | "under" | "<") => k += 1,
        Some("less") if words.get(k + 1) == Some(&"than") => k += 2,
        _ => return None,
    }
    let hi: u128 = words.get(k)?.trim_end_matches(['.', ':']).parse().ok()?;
    // A bound past the statement language's reach is not read as one.
    if hi > 1 << 16 {
        return None;
    }
    Some((names, u128::from(nonzero), hi))
}

/// Returns whether the formula at `at` is posed as an equation to solve ("solve
/// $7 ⊗ x = 5$", "the roots of the equation $x ⊕ x ⊗ x = 2$"), not asserted for every
/// value: unless the words after it say it holds for all ("… holds for every a") or has no
/// solution.
pub(super) fn posed(source: &str, at: &Range<usize>) -> bool {
    const POSING: [&str; 9] = [
        "solve",
        "solves",
        "solving",
        "roots of",
        "root of",
        "solutions of",
        "solution of",
        "satisfying",
        "such that",
    ];
    const ASSERTING: [&str; 11] = [
        "holds",
        "hold",
        "is true",
        "for all",
        "for every",
        "for each",
        "always",
        "is an identity",
        "has no",
        "have no",
        "is not",
    ];
    let head = clause_before(source, at.start)
        .trim_end_matches(|c: char| c.is_whitespace() || c == '$' || c == '(' || c == '\\')
        .to_ascii_lowercase()
        .replace('\n', " ");
    let ends_with = |h: &str, w: &str| {
        h.strip_suffix(w)
            .is_some_and(|h| h.is_empty() || h.ends_with(' '))
    };
    // "the equation" is posed only to be solved: "x satisfies the equation …" asserts it.
    let named = ["the equation", "the equations"]
        .iter()
        .find_map(|w| head.strip_suffix(w));
    let posing = POSING.iter().any(|w| ends_with(&head, w))
        || named.is_some_and(|h| {
            [
                "solve",
                "solving",
                "roots",
                "root",
                "solutions",
                "solution",
                "find",
            ]
            .iter()
            .any(|w| h.split_whitespace().any(|x| x == *w))
        });
    let after = source.get(at.end..).unwrap_or("");
    let after =
        after.trim_start_matches(|c: char| c.is_whitespace() || c == '$' || c == ')' || c == '\\');
    let after: String = after
        .chars()
        .take(20)
        .collect::<String>()
        .to_ascii_lowercase();
    posing && !ASSERTING.iter().any(|w| after.starts_with(w))
}

/// Returns whether a statement calls a name that no game on the page has, above `at` or
/// below it.
fn names_no_game(cx: &Cx<'_>, statement: &Statement, at: usize) -> bool {
    statement.uses_games()
        && statement
            .game_names()
            .iter()
            .any(|n| cx.games().get(n).is_none() && !cx.defined_below(n, at))
}

/// Returns whether a statement names a game that a block below `at` defines and none
/// above has.
fn waits_for_a_game(cx: &Cx<'_>, statement: &Statement, at: usize) -> bool {
    statement.uses_games()
        && statement
            .game_names()
            .iter()
            .any(|n| cx.defined_below(n, at))
}

/// Checks the claims kept for games defined further down whose games are defined now (all
/// of them, with `all`, once the page is done: a game whose block failed is an error).
pub fn check_deferred(cx: &mut Cx<'_>, all: bool) {
    for d in cx.take_deferred(all) {
        if let Err(e) = check_read(cx, &d.statement, d.at, d.offset, d.anchor, true) {
            cx.error(e);
        }
    }
}

/// Returns an expression error as a directive error, shifting its span to the page.
pub fn expr_error(e: &ExprError, offset: usize) -> DirectiveError {
    DirectiveError::new(
        Code::Expr,
        offset + e.span.start..offset + e.span.end.max(e.span.start + 1),
        e.to_string(),
    )
}

/// Reports a claim-like span the lint could not read, or records it as waived when the
/// author waived the block it sits in.
pub fn unreadable(cx: &mut Cx<'_>, u: &Unreadable, offset: usize, whole: Range<usize>) {
    if cx.waive(whole.clone()) {
        return;
    }
    let at = offset + u.span.start..offset + u.span.end.max(u.span.start + 1);
    cx.error(
        DirectiveError::new(
            Code::UncheckedClaim,
            at,
            format!("this looks like a claim, but cannot be checked: {}", u.what),
        )
        .with_label("not read")
        .with_note(format!("to have it checked, {}", u.hint))
        .with_note(
            "if it is meant as prose, waive it with `<!-- unchecked: why -->` before the paragraph",
        ),
    );
}

/// A supposition in plain text: where its sentence ends, its letter, and the values where
/// it holds.
type Supposition = (usize, String, Vec<u128>);

/// Returns the supposition the law at `at` makes ("if x ⊕ 9 = 4, then x = 13"): a law over
/// one letter, some value of which satisfies it, whose sentence goes on to a consequence.
fn supposition(source: &str, law: &Statement, at: &Range<usize>) -> Option<Supposition> {
    let end = sentence_end(source, at.end);
    let rest = source.get(at.end..end)?;
    if !rest.contains('=') {
        return None;
    }
    let (letter, values) = law.solutions()?;
    (!values.is_empty()).then_some((end, letter, values))
}

/// What [`read`] returns for a supposition, which is not asserted: the text is marked as
/// supposed, not as a claim.
pub const SUPPOSED: &str = "";

/// Records a supposition in plain text, and checks under it a consequence that names the
/// letter's value ("then x = 13"), which no reader of symbols reads. Returns [`SUPPOSED`].
fn suppose(
    cx: &mut Cx<'_>,
    (end, letter, values): Supposition,
    at: &Range<usize>,
) -> Option<String> {
    consequence_named(cx, &letter, &values, at.end..end);
    cx.suppose(end, letter, values);
    Some(SUPPOSED.to_string())
}

/// Checks a consequence in `within` that names the supposed letter's value ("then x =
/// 13") for each of the `values` where the supposition holds.
fn consequence_named(cx: &mut Cx<'_>, letter: &str, values: &[u128], within: Range<usize>) {
    let source = cx.page.source;
    let Some(rest) = source.get(within.clone()) else {
        return;
    };
    let pattern = format!("{letter} = ");
    // The letter opens its formula: in "$x \otimes x = 2$" the value is not the letter's.
    let opens = |i: usize| {
        let before = rest[..i].trim_end_matches([' ', '$', '(']);
        let word = before
            .rsplit(|c: char| c.is_whitespace() || c == '$')
            .next()
            .unwrap_or("");
        let operator = word.starts_with('\\') || word.ends_with(['⊕', '⊗', '+', '*', '^', '·']);
        let joined = rest[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        !operator && !joined
    };
    let Some(i) = rest
        .match_indices(&pattern)
        .map(|(i, _)| i)
        .find(|&i| opens(i))
    else {
        return;
    };
    let digits = rest[i + pattern.len()..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    let from = within.start + i;
    let to = from + pattern.len() + digits;
    let read = source
        .get(from..to)
        .and_then(|text| under_supposition(letter, values, text, to - from));
    if let Some(read) = read {
        claim_read(cx, &read, from..to, from, true);
    }
}

/// Reads the formula `text` (in the statement language) under a supposition over `letter`:
/// as a claim for each of the `values` where the supposition holds ("if $x \otimes x = 1$
/// then $x = 1$" states that 1 is the only such value), placed at `0..len`. `None` unless
/// it is a claim that uses the letter and no other.
pub(super) fn under_supposition(
    letter: &str,
    values: &[u128],
    text: &str,
    len: usize,
) -> Option<Statement> {
    let listed: Vec<String> = values.iter().map(u128::to_string).collect();
    let claim = format!("∀ {letter} ∈ {{{}}}: {text}", listed.join(", "));
    let read = crate::stmt::parse_in(&claim, crate::stmt::Mode::Plain).ok()?;
    let uses = read.variables().contains(letter);
    (uses && read.is_claim() && read.free_variables().is_empty()).then(|| read.placed_at(&(0..len)))
}

/// The words that open a supposition before its formula: "if $x \otimes x = 1$, …",
/// "suppose that $a \oplus b = 0$".
const SUPPOSING: [&str; 8] = [
    "if", "suppose", "assume", "assuming", "whenever", "when", "provided", "given",
];

/// The verbs after a formula that make it a supposition: "$x \otimes x = 1$ forces …".
const FORCING: [&str; 6] = ["forces", "implies", "means", "entails", "gives", "yields"];

/// Returns whether the formula at `span` (its `$` signs included) is supposed, not
/// asserted: a word of [`SUPPOSING`] right before it (or before "that"), or of [`FORCING`]
/// right after. "Note that $…$" asserts what it notes.
pub(super) fn supposes(source: &str, span: &Range<usize>) -> bool {
    // The two words before it lie within the last few dozen bytes.
    let mut from = span.start.saturating_sub(40);
    while !source.is_char_boundary(from) {
        from += 1;
    }
    let before = source
        .get(from..span.start)
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut words = before
        .rsplit(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty());
    let last = match words.next() {
        Some("that") => words.next(),
        last => last,
    };
    let after = source.get(span.end..).unwrap_or("").trim_start();
    let next = after
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    last.is_some_and(|w| SUPPOSING.contains(&w)) || FORCING.contains(&next.as_str())
}

/// Returns where the sentence holding byte `at` ends: its full stop, or a blank line.
pub(super) fn sentence_end(source: &str, at: usize) -> usize {
    let rest = source.get(at..).unwrap_or("");
    [". ", ".\n", "\n\n"]
        .iter()
        .filter_map(|b| rest.find(b))
        .min()
        .map_or(source.len(), |i| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence_of(src: &str) -> String {
        let s = crate::stmt::parse(src).expect("parses");
        let v = s.check().expect("checks");
        evidence(&s, &v, false)
    }

    #[test]
    fn a_failed_plain_claim_names_its_reading() {
        let s = crate::stmt::parse("sqrt(16) = 4").expect("parses");
        let v = s.check().expect("checks");
        let claim = StatementClaim {
            statement: &s,
            verdict: &v,
            plain: true,
        };
        let why = claim
            .holds()
            .expect_err("the nim square root of 16 is not 4");
        assert!(why.contains("read as `"), "{why}");
    }

    #[test]
    fn evidence_names_the_engine_that_evaluated() {
        assert_eq!(
            evidence_of("2*2 = 3"),
            "evaluated with the site's product (carry-less where the CPU has it, else the Fermat recursion)"
        );
        assert_eq!(evidence_of("w^3 = 2"), "evaluated in the ordinal core");
        assert_eq!(evidence_of("5 + 3 = 6"), "evaluated directly");
        assert!(evidence_of("forall a < 4: a + a = 0").starts_with("4 cases; "));
    }
}
