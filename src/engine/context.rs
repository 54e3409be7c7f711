//! The evaluation context of one page: where claims, figures and errors are recorded.

use crate::diagnostics::Code;
use std::collections::BTreeMap;
use std::ops::Range;

use super::budget::Budget;
use super::{Claimed, DirectiveError, Figure, PageCtx, Shared};
use crate::bib::Cite;
use crate::diagnostics::{Diagnostic, Severity};
use crate::ledger::{Claim, ClaimKind, Outcome, Provenance};
use crate::math::lexicon::{self, GameWords, Lexicon};
use crate::stmt::{AmbiguousOp, Game, Games, Moves, Statement};

/// The id of the `{cited}` statement of the octal periodicity theorem (Guy and Smith): a
/// proved period, and every value read through it past the values computed, rests on it.
pub const PERIODICITY: &str = "octal-periodicity";

/// The code of a claim that no longer holds.
pub const STALE: Code = Code::StaleClaim;
/// The code of a claim whose perturbed copy still passes.
pub const VACUOUS: Code = Code::VacuousClaim;

/// A claim about to be checked: what it says, where, and what backs it.
#[derive(Clone, Debug)]
pub struct Check {
    /// What sort of claim.
    pub kind: ClaimKind,
    /// The span of the claim in the page source.
    pub span: Range<usize>,
    /// The element id the claim renders in.
    pub anchor: String,
    /// The claim in symbols or words.
    pub statement: String,
    /// Exactly what was enumerated to check it.
    pub evidence: String,
}

/// A claim read above the block that defines a game it names, kept until that block is
/// evaluated.
#[derive(Clone, Debug)]
pub struct Deferred {
    /// The claim as read.
    pub statement: Statement,
    /// Where it is written in the page.
    pub at: Range<usize>,
    /// Where the statement's own spans start.
    pub offset: usize,
    /// The element id it renders in, given when it was read.
    pub anchor: String,
}

/// An author's waiver of the claim-like spans of one block, with its reason.
#[derive(Clone, Debug)]
struct Waiver {
    reason: String,
    span: Range<usize>,
    /// The depth of the block it covers, once that block has started.
    depth: Option<usize>,
    /// Where the covered text starts: the block's start, or the end of a waiver written
    /// inside its block.
    from: Option<usize>,
    /// The waived spans, as a range from the first one's start to the last one's end.
    waived: Option<Range<usize>>,
}

/// One page's evaluation: the page, the build's shared results, and what was recorded.
pub struct Cx<'a> {
    /// The page being evaluated.
    pub page: &'a PageCtx<'a>,
    /// Results shared by every page of the build.
    pub shared: &'a Shared,
    mutate: bool,
    block: Range<usize>,
    anchors: BTreeMap<String, usize>,
    figures: Vec<Figure>,
    claims: Vec<Claim>,
    diagnostics: Vec<Diagnostic>,
    /// The waiver in force, if any: `<!-- unchecked: why -->` before or in a block.
    waiver: Option<Waiver>,
    /// The byte offset where each line starts, so a line number costs a binary search
    /// rather than a scan from the top of a long page.
    line_starts: Vec<usize>,
    /// The games `{octal}` and `{define}` have defined so far on the page.
    games: Games,
    /// The lexicon with the English names of those games, once one is defined.
    lexicon: Option<Lexicon>,
    /// The games known by name the page names and has not defined itself.
    known: Vec<&'static str>,
    /// The games the page's blocks define, by name, with where each block starts, known
    /// before any is evaluated.
    ahead: Vec<(usize, String)>,
    /// Claims that name a game a block further down defines, checked once it is.
    deferred: Vec<Deferred>,
    /// The work the page's directives and claims have drawn.
    budget: Budget,
    /// The citations made so far, each a group of works cited together, in page order.
    citations: Vec<Vec<Cite>>,
    /// Where the page declares an operator's nimber reading, found on first use.
    notation: std::cell::OnceCell<Vec<(usize, AmbiguousOp)>>,
    /// A supposition in plain text ("if x ⊕ 9 = 4, …"): where its sentence ends, its
    /// letter, and the values where it holds.
    supposition: Option<(usize, String, Vec<u128>)>,
    /// The text of the blocks read so far, its last few hundred words: a block's opening
    /// sentence may speak of the heaps or the field they named.
    before: String,
}

/// How many values of a game named by its rule are computed: enough for the periods of
/// small subtraction games to be proved.
const RULE_UPTO: usize = 600;

impl<'a> Cx<'a> {
    /// Returns a fresh context; with `mutate`, every claim is also tried perturbed.
    pub fn new(page: &'a PageCtx<'a>, shared: &'a Shared, mutate: bool) -> Self {
        let mut cx = Cx {
            page,
            shared,
            mutate,
            block: 0..0,
            anchors: BTreeMap::new(),
            figures: Vec::new(),
            claims: Vec::new(),
            diagnostics: Vec::new(),
            waiver: None,
            games: Games::new(),
            lexicon: None,
            known: Vec::new(),
            ahead: Vec::new(),
            deferred: Vec::new(),
            budget: Budget::default(),
            citations: Vec::new(),
            notation: std::cell::OnceCell::new(),
            supposition: None,
            before: String::new(),
            line_starts: std::iter::once(0)
                .chain(page.source.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
        };
        // A game known by name may be spoken of wherever the page names it; a game the
        // page defines under the same name replaces it.
        for known in crate::nimber::known_games_in(page.source) {
            let values = known.values();
            let theorem = values.period.map(|_| PERIODICITY.to_string());
            let game = Game::new(known.name, values.values.clone(), values.period)
                .with_provenance(values.method.clone(), theorem)
                .with_moves(Moves::Known(known));
            cx.define_game(game);
            cx.define_words(
                GameWords::new(known.name, Some(known.title), Some(known.unit)).known(),
            );
            cx.known.push(known.name);
        }
        // A game named by its rule ("take one, three or four") is the subtraction game of
        // those moves, and one named by its code ("0.137") that octal game: the page may
        // speak of either with no directive.
        let rules = crate::math::rules::rule_games_in(page.source);
        let codes = crate::math::rules::code_games_in(page.source);
        let rules = rules.into_iter().map(|r| (r, "its rule, as "));
        for (rule, from) in rules.chain(codes.into_iter().map(|r| (r, ""))) {
            let computed = crate::nimber::OctalCode::parse(&rule.code)
                .ok()
                .and_then(|code| crate::nimber::OctalGame::compute(&code, RULE_UPTO).ok());
            let Some(game) = computed else {
                continue;
            };
            let method = format!(
                "computed from {from}the octal game {}, to {RULE_UPTO} values",
                rule.code
            );
            let theorem = game.period().map(|_| PERIODICITY.to_string());
            cx.define_game(Game::from_octal(&rule.name, &game).with_provenance(method, theorem));
            cx.define_words(GameWords::new(&rule.name, Some(&rule.title), None).known());
        }
        cx
    }

    /// Returns the operators whose nimber reading the page declared before byte `at` (see
    /// [`super::notation`]).
    pub fn declared_before(&self, at: usize) -> Vec<AmbiguousOp> {
        self.notation
            .get_or_init(|| super::notation::declared(self.page.source))
            .iter()
            .filter(|(from, _)| *from <= at)
            .map(|(_, op)| *op)
            .collect()
    }

    /// Returns the games defined above the point being evaluated.
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// Defines a game for the statements below it on the page.
    pub fn define_game(&mut self, game: Game) {
        self.known.retain(|k| *k != game.name());
        self.games.insert(game);
    }

    /// Returns whether the page defined a game of that name above: a game known by name
    /// is not defined by the page, which may define its own.
    pub fn defined_above(&self, name: &str) -> bool {
        self.games.get(name).is_some() && !self.known.contains(&name)
    }

    /// Notes the words of a game the block starting at `start` defines, before any block
    /// is evaluated: a sentence above the block may speak of it.
    pub fn foresee(&mut self, start: usize, words: GameWords) {
        self.ahead.push((start, words.name.clone()));
        self.define_words(words.ahead());
    }

    /// Returns whether `name` is a game not defined yet that a block after `at` defines.
    pub fn defined_below(&self, name: &str, at: usize) -> bool {
        self.games.get(name).is_none() && self.ahead.iter().any(|(s, n)| n == name && *s > at)
    }

    /// Keeps a claim until the games it names further down are defined.
    pub fn defer(&mut self, claim: Deferred) {
        self.deferred.push(claim);
    }

    /// Takes the kept claims whose games are all defined now, or all of them with `all`.
    pub fn take_deferred(&mut self, all: bool) -> Vec<Deferred> {
        let games = &self.games;
        let (ready, waiting) =
            std::mem::take(&mut self.deferred)
                .into_iter()
                .partition(|d: &Deferred| {
                    all || d
                        .statement
                        .game_names()
                        .iter()
                        .all(|n| games.get(n).is_some())
                });
        self.deferred = waiting;
        ready
    }

    /// Returns the English names and units of the games the page defined.
    pub fn game_words(&self) -> Vec<GameWords> {
        let page = self.page.lexicon.map_or(0, |l| l.games().len());
        self.lexicon
            .as_ref()
            .map(|l| l.games().iter().skip(page).cloned().collect())
            .unwrap_or_default()
    }

    /// Adds a game's English name and unit to the lexicon claims in words are read with.
    pub fn define_words(&mut self, words: GameWords) {
        let page = self.page.lexicon;
        self.lexicon
            .get_or_insert_with(|| page.cloned().unwrap_or_else(Lexicon::builtin))
            .add_game(words);
    }

    /// Returns the claims found in `text` with the lexicon of this point of the page,
    /// from the build's readings when the text was read before with the same lexicon.
    pub fn read_text(&self, text: &str) -> Vec<crate::math::lint::Found> {
        super::Readings::read_with(self.page.readings, text, self.lexicon())
    }

    /// Returns the lexicon claims in words are read with at this point of the page.
    pub fn lexicon(&self) -> &Lexicon {
        self.lexicon
            .as_ref()
            .or(self.page.lexicon)
            .unwrap_or_else(|| lexicon::builtin())
    }

    /// Returns the steps of work left in the page's budget.
    pub fn work_left(&self) -> u64 {
        self.budget.left()
    }

    /// Draws an estimate of `steps` for `what` from the page's budget before the work
    /// runs, or returns the `limit` error at `span` that names the page and the estimate.
    pub fn draw(
        &mut self,
        span: Range<usize>,
        what: &str,
        steps: u64,
    ) -> Result<(), DirectiveError> {
        if self.budget.draw(steps) {
            return Ok(());
        }
        Err(self.over_budget(span, what, steps))
    }

    /// Draws `steps` for the shared result `key` the first time the page uses it, so a
    /// page pays for it whether or not another page computed it first.
    pub fn draw_shared(
        &mut self,
        key: &str,
        span: Range<usize>,
        steps: u64,
    ) -> Result<(), DirectiveError> {
        if !self.budget.unpaid(key) {
            return Ok(());
        }
        self.draw(span, key, steps)?;
        self.budget.pay(key);
        Ok(())
    }

    /// Draws the steps a computation spent running on what was left; it never spent more.
    pub fn spent(&mut self, steps: u64) {
        self.budget.draw(steps.min(self.budget.left()));
    }

    /// Returns the `limit` error for `what`, whose work of at least `steps` would pass the
    /// page's budget.
    pub fn over_budget(&self, span: Range<usize>, what: &str, steps: u64) -> DirectiveError {
        DirectiveError::new(
            Code::Limit,
            span,
            format!(
                "page `{}` would pass its budget of {} steps of work: {what} needs about {} more, with {} spent above",
                self.page.file,
                self.budget.limit(),
                steps,
                self.budget.spent(),
            ),
        )
        .with_label("past the page's budget of work")
        .with_note("every directive and claim on a page draws on one budget (a step is about one nim-product); move some of this work to another page, or ask for less of it")
    }

    /// Records a group of works cited together (each key known to the bibliography) and
    /// returns the citation as the site's style writes it, in HTML, numbered or
    /// disambiguated among the page's citations so far.
    pub fn cite_works(&mut self, group: Vec<Cite>) -> String {
        self.citations.push(group);
        let Some(bib) = self.page.bibliography else {
            return String::new();
        };
        bib.format(&self.citations)
            .citations
            .pop()
            .unwrap_or_default()
    }

    /// Returns the page's citations so far, in order.
    pub fn citations(&self) -> &[Vec<Cite>] {
        &self.citations
    }

    /// Returns the 1-based line of a byte offset in the page.
    pub fn line(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset)
    }

    /// Returns an element id unique on this page, built from `base`.
    pub fn anchor(&mut self, base: &str) -> String {
        let count = self.anchors.entry(base.to_string()).or_insert(0);
        *count += 1;
        if *count == 1 {
            base.to_string()
        } else {
            format!("{base}-{count}")
        }
    }

    /// Checks a claim and records it; under `check --mutate` its perturbed copy must fail
    /// too, or the claim is reported as vacuous. Its provenance is its kind's: computed.
    pub fn check(&mut self, check: Check, claim: &dyn Claimed) -> bool {
        let provenance = Provenance::of_kind(check.kind);
        self.check_resting(check, claim, provenance)
    }

    /// Checks a claim as [`Cx::check`] does, recording how its values were obtained and
    /// the cited statements its check rests on.
    pub fn check_resting(
        &mut self,
        check: Check,
        claim: &dyn Claimed,
        provenance: Provenance,
    ) -> bool {
        let result = claim.holds();
        let holds = result.is_ok();
        if let Err(computed) = result {
            self.diagnostics.push(
                Diagnostic::error(
                    STALE,
                    self.page.file,
                    Some(check.span.clone()),
                    format!("claim does not hold: {}", check.statement),
                )
                .with_label("claimed here")
                .with_note(format!("computed: {computed}")),
            );
        } else if self.mutate && claim.perturbed_holds() {
            self.diagnostics.push(
                Diagnostic::error(
                    VACUOUS,
                    self.page.file,
                    Some(check.span.clone()),
                    format!("claim cannot fail: {}", check.statement),
                )
                .with_label("a perturbed copy of this claim still passes")
                .with_note("change the claim so that it says something a wrong result would break"),
            );
        }
        let outcome = if holds {
            Outcome::Holds
        } else {
            Outcome::Fails
        };
        self.record(check, outcome, provenance, Vec::new(), String::new());
        holds
    }

    /// Adds a note to the diagnostic reported last.
    pub fn note_last(&mut self, note: &str) {
        if let Some(d) = self.diagnostics.pop() {
            self.diagnostics.push(d.with_note(note.to_string()));
        }
    }

    /// Returns whether claims are also tried perturbed (`check --mutate`).
    pub fn mutating(&self) -> bool {
        self.mutate
    }

    /// Reports, under `check --mutate`, a claim that holds by its form alone.
    pub fn vacuous(&mut self, span: Range<usize>, why: String) {
        if !self.mutate {
            return;
        }
        self.diagnostics.push(
            Diagnostic::error(
                Code::VacuousClaim,
                self.page.file,
                Some(span),
                format!("claim cannot fail: {why}"),
            )
            .with_label("this holds whatever the arithmetic computes")
            .with_note("change the claim so that it says something a wrong result would break"),
        );
    }

    /// Starts a waiver at `span`: it covers the block it sits in (`depth`, when written
    /// inside one) or else the next block to start.
    pub fn begin_waiver(&mut self, reason: String, span: Range<usize>, depth: Option<usize>) {
        self.end_waiver(None);
        self.waiver = Some(Waiver {
            reason,
            from: depth.map(|_| span.end),
            span,
            depth,
            waived: None,
        });
    }

    /// Notes that a block starts at `depth` at byte `at`; a waiver waiting for its block
    /// takes it.
    pub fn enter_block(&mut self, depth: usize, at: usize) {
        if let Some(w) = self.waiver.as_mut().filter(|w| w.depth.is_none()) {
            w.depth = Some(depth);
            w.from = Some(at);
        }
    }

    /// Notes that the block at `depth` ends at byte `at`; the waiver covering it ends with
    /// it.
    pub fn leave_block(&mut self, depth: usize, at: usize) {
        if self.waiver.as_ref().is_some_and(|w| w.depth == Some(depth)) {
            self.end_waiver(Some(at));
        }
    }

    /// Ends the waiver in force at byte `end` (the end of its block, when known). A used
    /// waiver records the whole text it covers, so that an edit anywhere in the block is
    /// `stale-waiver`, not only an edit to the spans that needed it; an unused one is
    /// reported.
    pub fn end_waiver(&mut self, end: Option<usize>) {
        let Some(w) = self.waiver.take() else {
            return;
        };
        if let Some(waived) = w.waived {
            let from = w.from.unwrap_or(waived.start).min(waived.start);
            let to = end.unwrap_or(waived.end).max(waived.end);
            let statement = self
                .page
                .source
                .get(from..to)
                .unwrap_or("")
                .trim()
                .to_string();
            let lead = self
                .page
                .source
                .get(from..to)
                .map_or(0, |t| t.len() - t.trim_start().len());
            let check = Check {
                kind: ClaimKind::Waived,
                span: from + lead..to,
                anchor: String::new(),
                statement,
                evidence: w.reason,
            };
            let provenance = Provenance::of_kind(ClaimKind::Waived);
            self.record(
                check,
                Outcome::Waived,
                provenance,
                Vec::new(),
                String::new(),
            );
        } else {
            self.diagnostics.push(
                Diagnostic::error(
                    Code::UnusedWaiver,
                    self.page.file,
                    Some(w.span),
                    "this waiver covers no unchecked claim",
                )
                .with_label("nothing in the block after it needed waiving")
                .with_note("remove it, or move it before the block it is meant for"),
            );
        }
    }

    /// Returns the text of the blocks read before the one being read (see [`Cx::read_block`]).
    pub fn text_before(&self) -> &str {
        &self.before
    }

    /// Notes the text of a block just read, for the blocks after it to look back into.
    pub fn read_block(&mut self, text: &str) {
        crate::math::lint::note_block(&mut self.before, text);
    }

    /// Returns whether a waiver is in force at the point being evaluated.
    pub fn waiving(&self) -> bool {
        self.waiver.as_ref().is_some_and(|w| w.depth.is_some())
    }

    /// Records a supposition in plain text, in force until byte `until`: its letter and
    /// the values where it holds.
    pub fn suppose(&mut self, until: usize, letter: String, values: Vec<u128>) {
        self.supposition = Some((until, letter, values));
    }

    /// Returns the letter and values of the supposition in force at byte `at`, if any.
    pub fn supposition_at(&self, at: usize) -> Option<(&str, &[u128])> {
        let (until, letter, values) = self.supposition.as_ref()?;
        (at < *until).then_some((letter.as_str(), values.as_slice()))
    }

    /// Notes a claim-like span at `span` as waived if a waiver covers it; the waiver
    /// records its whole block when it ends.
    pub fn waive(&mut self, span: Range<usize>) -> bool {
        let Some(w) = self.waiver.as_mut().filter(|w| w.depth.is_some()) else {
            return false;
        };
        w.waived = Some(match w.waived.take() {
            Some(r) => r.start.min(span.start)..r.end.max(span.end),
            None => span.clone(),
        });
        let note = format!("waived as prose: {}", w.reason);
        self.note(Code::LintSkipped, span, note);
        true
    }

    /// Records a fact stated on the literature's authority under `id`, taken from the works
    /// `sources` (keys in the bibliography); it is not checked.
    pub fn cite(&mut self, check: Check, id: String, sources: Vec<String>) {
        let provenance = Provenance::of_kind(ClaimKind::Cited);
        self.record(check, Outcome::Cited, provenance, sources, id);
    }

    fn record(
        &mut self,
        check: Check,
        outcome: Outcome,
        provenance: Provenance,
        sources: Vec<String>,
        id: String,
    ) {
        self.claims.push(Claim {
            file: self.page.file.to_string(),
            line: self.line(check.span.start),
            page: self.page.slug.to_string(),
            anchor: check.anchor,
            kind: check.kind,
            statement: check.statement,
            outcome,
            evidence: check.evidence,
            id,
            rests_on: provenance.rests_on,
            method: provenance.method,
            sources,
        });
    }

    /// Notes the span of the block directive being evaluated, for the figures it draws.
    pub fn set_block(&mut self, span: Range<usize>) {
        self.block = span;
    }

    /// Records a figure drawn inside the element `anchor` and returns its path relative
    /// to the page.
    pub fn figure(&mut self, anchor: &str, svg: String) -> String {
        let id = self.anchor(&format!("figure:{anchor}"))["figure:".len()..].to_string();
        let src = format!("{}figures/{}/{id}.svg", self.page.root, self.page.slug);
        let line = self.line(self.block.start);
        self.figures.push(Figure {
            id,
            svg,
            line,
            anchor: anchor.to_string(),
        });
        src
    }

    /// Records an error.
    pub fn error(&mut self, e: DirectiveError) {
        let mut d =
            Diagnostic::error(e.code, self.page.file, Some(e.span), e.message).with_label(e.label);
        d.notes = e.notes;
        // A text read both as a line and within its paragraph may be refused twice alike.
        let same = |o: &Diagnostic| {
            o.code == d.code && o.span == d.span && o.message == d.message && o.notes == d.notes
        };
        if !self.diagnostics.iter().any(same) {
            self.diagnostics.push(d);
        }
    }

    /// Records a note shown only with `--verbose`.
    pub fn note(&mut self, code: Code, span: Range<usize>, message: String) {
        let mut d = Diagnostic::error(code, self.page.file, Some(span), message);
        d.severity = Severity::Note;
        self.diagnostics.push(d);
    }

    /// Returns the figures, claims and diagnostics recorded.
    pub fn finish(mut self) -> (Vec<Figure>, Vec<Claim>, Vec<Diagnostic>) {
        self.end_waiver(None);
        (self.figures, self.claims, self.diagnostics)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::line_col;
    use crate::engine::Registry;

    static EMPTY: Registry = Registry::new(&[]);

    #[test]
    fn line_agrees_with_a_scan_from_the_top() {
        let source = "+++\ntitle = \"é\"\n+++\n\n\nText {val}`1`\nlast";
        let page = PageCtx::new(&EMPTY, "p.md", source, "p", "");
        let shared = Shared::new();
        let cx = Cx::new(&page, &shared, false);
        for offset in 0..=source.len() + 2 {
            assert_eq!(cx.line(offset), line_col(source, offset).0, "at {offset}");
        }
    }
}
