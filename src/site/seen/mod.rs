//! The reader's eye: after rendering, every text a reader sees on a page (its text, and the
//! attributes a browser shows or reads aloud: `title`, `alt`, `aria-label`, the description
//! meta tags, math's `alttext`) is read with the one claim detector of the math lint. A
//! claim-shaped span must sit in a checked claim's element, in a directive's computed
//! output, in a waived block, or state a claim the page checked elsewhere; anything else
//! fails the build with `unchecked-claim` at the source line it came from.
//!
//! The source-side reading (`engine::prose`, `engine::mathspan`) checks claims; this pass
//! is the net under it, so that no spelling the source side misses (an entity, a link's
//! title, a front matter title) reaches a reader unchecked.

mod html;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::{BuildHasher, DefaultHasher, Hash, Hasher};
use std::ops::Range;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::load::MAX_PAGE_BYTES;
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::Readings;
use crate::engine::prose::{SHOWN_ATTRIBUTES, Sections, waiver};
use crate::ledger::{Claim, ClaimKind, Outcome};
use crate::math::lexicon::{GameWords, Lexicon};
use crate::math::lint::{self, Lint};
use html::Token;

/// A page as written to the site, with the source it came from.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    /// The page's source file, as diagnostics name it; empty for a generated page.
    pub file: &'a str,
    /// The page's source, front matter included.
    pub source: &'a str,
    /// The page's slug, as the ledger names the page its claims sit on.
    pub slug: &'a str,
    /// The HTML the build writes for it.
    pub html: &'a str,
}

impl<'a> Seen<'a> {
    /// Returns the site's `nimsite.toml` as a source only: no page shows it, but what it
    /// sets (the site's title in every header) is reported at its line.
    pub fn config(source: &'a str) -> Seen<'a> {
        Seen {
            file: super::config::FILE,
            source,
            slug: "",
            html: "",
        }
    }
}

/// What the build checked, for deciding whether a span a reader sees is covered.
#[derive(Debug, Default)]
pub struct Checked {
    /// Every claim's anchor, by page slug.
    pub anchors: BTreeSet<(String, String)>,
    /// The statements of every checked claim on the site, as the ledger writes them (one
    /// that fails is reported where it was checked, not again where it is seen).
    pub statements: BTreeSet<String>,
    /// The notions and names a sentence states facts about.
    pub lexicon: Lexicon,
    /// What each run of text read as, so that a run every page shows (a nav, a footer) is
    /// read once a build, not once a page.
    runs: Runs,
    /// The build's readings of prose, shared with the pages' evaluation.
    texts: Option<Arc<Readings>>,
    /// The games each page defines, by slug: a page's text is read with their English
    /// names, as its evaluation read it.
    games: BTreeMap<String, Vec<GameWords>>,
}

impl Checked {
    /// Returns what was checked with the build's readings of prose, and their lexicon.
    pub fn with_readings(mut self, texts: Arc<Readings>) -> Self {
        self.lexicon = texts.lexicon().clone();
        self.texts = Some(texts);
        self
    }

    /// Returns what was checked, with the games each page (by slug) defines.
    pub fn with_games(mut self, games: BTreeMap<String, Vec<GameWords>>) -> Self {
        self.games = games;
        self
    }

    /// Returns the lexicon a page's text is read with: the build's, with the games the
    /// page defines; `None` when it defines none, and the build's is used.
    fn page_lexicon(&self, slug: &str) -> Option<Lexicon> {
        let games = self.games.get(slug).filter(|g| !g.is_empty())?;
        let mut lexicon = self.lexicon.clone();
        for g in games {
            lexicon.add_game(g.clone());
        }
        Some(lexicon)
    }

    /// Returns the build's readings of prose when they were made with this lexicon.
    fn texts(&self) -> Option<&Readings> {
        self.texts
            .as_deref()
            .filter(|t| t.lexicon() == &self.lexicon)
    }
}

/// Runs of text already read, with what each was found to hold.
#[derive(Debug, Default)]
struct Runs(Mutex<RunMemo>);

/// What [`Runs`] keeps: a run's findings once it has been met twice, and the digests of
/// runs met once. Most runs (a page's own paragraphs) are met once, and keeping them all
/// would only fill memory; a run every page shows is read twice, then found.
#[derive(Debug, Default)]
struct RunMemo {
    kept: rustc_hash::FxHashMap<Run, Arc<Vec<Sighting>>>,
    met: rustc_hash::FxHashSet<u64>,
}

impl Runs {
    /// Returns what `run` was found to hold, if it is kept.
    fn get(&self, run: &Run) -> Option<Arc<Vec<Sighting>>> {
        self.0.lock().ok()?.kept.get(run).cloned()
    }

    /// Keeps what `run` was found to hold if it was met before; else notes it as met.
    fn keep(&self, run: Run, found: &[Sighting]) {
        let digest = rustc_hash::FxBuildHasher.hash_one(&run);
        if let Ok(mut memo) = self.0.lock()
            && !memo.met.insert(digest)
        {
            memo.kept.insert(run, Arc::new(found.to_vec()));
        }
    }
}

/// Where on the page a claim-shaped span was seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Text,
    Attribute(&'static str),
    Math,
}

impl Place {
    fn describe(self) -> String {
        match self {
            Place::Text => "in the page's text".to_string(),
            Place::Attribute(a) => format!("in a `{a}` attribute"),
            Place::Math => "in math".to_string(),
        }
    }
}

/// A claim-shaped span seen and covered by nothing.
#[derive(Clone, Debug)]
struct Uncovered {
    /// The span seen just before it, covered or not, which places a text written twice.
    after: Option<String>,
    text: String,
    place: Place,
    lint: Lint,
}

/// Reads every page a reader sees. A claim-shaped span covered by nothing is checked where
/// it is seen and recorded in the ledger, at the line of the source it came from (the
/// page's own source first, then the other pages', since a title is shown on every page
/// that links to it); one that does not hold or cannot be read is an error there.
/// `mutate` also tries each such claim perturbed, as `check --mutate` does.
pub fn check(pages: &[Seen<'_>], checked: &Checked, mutate: bool) -> (Vec<Diagnostic>, Vec<Claim>) {
    check_with(pages, checked, mutate, &Memo::default())
}

/// What a page showed that nothing covered, kept between builds by the page's source file
/// with a digest of all it was found from, so an edit re-reads only the pages it changed.
#[derive(Debug, Default)]
pub struct Memo {
    kept: Mutex<HashMap<String, (u64, Shown)>>,
    /// Keeps nothing, for a single build.
    off: bool,
}

/// What one page showed, shared between builds.
type Shown = Arc<Read>;

/// What one reading of a page found: the claim-shaped spans nothing covered, and the files
/// the page shows or links to.
#[derive(Debug, Default)]
pub struct Read {
    uncovered: Vec<Uncovered>,
    files: Vec<String>,
}

impl Read {
    /// Returns the paths of the files the page shows or links to, as written (see
    /// [`files_shown`]).
    pub fn files(&self) -> &[String] {
        &self.files
    }
}

impl Memo {
    /// Returns a memo that keeps nothing, for a single build.
    pub fn off() -> Self {
        Memo {
            off: true,
            ..Memo::default()
        }
    }

    /// Returns what `page` showed, from the memo when nothing it depends on changed.
    fn uncovered(
        &self,
        page: &Seen<'_>,
        checked: &Checked,
        checked_key: u64,
        texts: Option<&Readings>,
    ) -> Shown {
        // A generated page has no file of its own to be kept by.
        if page.file.is_empty() || self.off {
            return Arc::new(uncovered(page, checked, texts));
        }
        let mut hasher = DefaultHasher::new();
        (page.source, page.slug, page.html, checked_key).hash(&mut hasher);
        let key = hasher.finish();
        if let Ok(memo) = self.kept.lock()
            && let Some((k, found)) = memo.get(page.file)
            && *k == key
        {
            return Arc::clone(found);
        }
        let found = Arc::new(uncovered(page, checked, texts));
        if let Ok(mut memo) = self.kept.lock() {
            memo.insert(page.file.to_string(), (key, Arc::clone(&found)));
        }
        found
    }
}

/// Returns whether a file is past a page's bound, where it is not read as text: its tokens
/// would take many times its size.
fn too_long(page: &Seen<'_>) -> bool {
    page.source.len() as u64 > MAX_PAGE_BYTES
}

/// Does the work of [`check`], reading the pages in parallel and keeping what each showed
/// in `memo`.
pub fn check_with(
    pages: &[Seen<'_>],
    checked: &Checked,
    mutate: bool,
    memo: &Memo,
) -> (Vec<Diagnostic>, Vec<Claim>) {
    settle_all(pages, &read(pages, checked, memo), mutate)
}

/// Reads every page a reader sees, in parallel, each in one walk over its tokens, keeping
/// what each showed in `memo`; [`settle_all`] then checks what they found.
pub fn read(pages: &[Seen<'_>], checked: &Checked, memo: &Memo) -> Vec<Shown> {
    // Only a memo that keeps pages finds them by it.
    let checked_key = if memo.off {
        0
    } else {
        let mut hasher = DefaultHasher::new();
        (
            &checked.anchors,
            &checked.statements,
            &checked.lexicon,
            &checked.games,
        )
            .hash(&mut hasher);
        hasher.finish()
    };
    // Compared once here, not once a run.
    let texts = checked.texts();
    pages
        .par_iter()
        .map(|page| {
            if too_long(page) {
                Arc::new(Read {
                    uncovered: Vec::new(),
                    files: files_shown(page.html),
                })
            } else {
                memo.uncovered(page, checked, checked_key, texts)
            }
        })
        .collect()
}

/// Checks what [`read`] found on `pages` (in the same order). A claim-shaped span covered
/// by nothing is checked where it is seen and recorded in the ledger; see [`check`].
pub fn settle_all(
    pages: &[Seen<'_>],
    found: &[Shown],
    mutate: bool,
) -> (Vec<Diagnostic>, Vec<Claim>) {
    let mut diagnostics = Vec::new();
    let mut claims = Vec::new();
    let mut reported = BTreeSet::new();
    // Where a text not written on the page showing it was found: a title shown in every
    // header is looked for among all the sources once, not once a page.
    let mut elsewhere: std::collections::HashMap<String, (&str, Option<Range<usize>>)> =
        std::collections::HashMap::new();
    for (page, found) in pages.iter().zip(found) {
        if too_long(page) {
            diagnostics.push(too_large(page.file, page.source.len()));
            continue;
        }
        // Spans are met in the order they were written: each is looked for after the one
        // seen before it, so a text written twice is placed where this one was written.
        let mut cursor = 0;
        for u in found.uncovered.iter() {
            let from = |at: usize, text: &str| {
                let rest = page.source.get(at..)?;
                rest.find(text).map(|k| at + k)
            };
            let start = u
                .after
                .as_deref()
                .and_then(|a| from(cursor, a).map(|k| k + a.len()))
                .unwrap_or(cursor);
            let at = from(start, &u.text)
                .or_else(|| from(cursor, &u.text))
                .or_else(|| page.source.find(&u.text));
            if let Some(at) = at.filter(|&at| at >= cursor) {
                cursor = at + u.text.len();
            }
            let (file, span) = match at.filter(|_| !page.file.is_empty()) {
                Some(at) => (page.file, Some(at..at + u.text.len())),
                None => elsewhere
                    .entry(u.text.clone())
                    .or_insert_with(|| locate(page, pages, &u.text))
                    .clone(),
            };
            let start = span.as_ref().map(|s| s.start);
            if !reported.insert((file.to_string(), start, u.text.clone())) {
                continue;
            }
            let home = pages.iter().find(|p| p.file == file).unwrap_or(page);
            // A claim written in a source no page is made from sits on the page showing it.
            let slug = if home.slug.is_empty() {
                page.slug
            } else {
                home.slug
            };
            let line = crate::diagnostics::line_col(home.source, start.unwrap_or(0)).0;
            let place = match page.file {
                f if f.ends_with(".svg") => format!("in the image `{f}`"),
                f if f.ends_with(".md") || f.is_empty() => u.place.describe(),
                f => format!("in the file `{f}`"),
            };
            let (error, claim) = settle(u, &place, file, span, mutate);
            diagnostics.extend(error);
            claims.extend(claim.map(|(statement, outcome)| Claim {
                file: file.to_string(),
                line,
                page: slug.to_string(),
                anchor: String::new(),
                kind: ClaimKind::Equation,
                statement,
                outcome,
                evidence: format!("checked where a reader sees it, {place}"),
                id: String::new(),
                rests_on: Vec::new(),
                method: "evaluated by the build from the text a reader sees".to_string(),
                sources: Vec::new(),
            }));
        }
    }
    (diagnostics, claims)
}

/// Returns the error for a file a page shows or links to that is too large to read.
fn too_large(file: &str, len: usize) -> Diagnostic {
    Diagnostic::error(
        Code::Limit,
        file,
        None,
        "this file is too large to read as a reader sees it",
    )
    .with_note(format!(
        "it has {len} bytes; a file a page shows or links to is read up to {} MiB, as a page is",
        MAX_PAGE_BYTES >> 20
    ))
}

/// Checks a span a reader sees that nothing covered: the error, if any, and the claim's
/// statement and outcome when it could be checked.
fn settle(
    u: &Uncovered,
    place: &str,
    file: &str,
    span: Option<Range<usize>>,
    mutate: bool,
) -> (Option<Diagnostic>, Option<(String, Outcome)>) {
    let error = |code: Code, message: String| {
        let d = Diagnostic::error(code, file, span.clone(), message)
            .with_label(format!("seen {place}"));
        if span.is_none() {
            d.with_note("the text comes from a template or front matter, and was not found in the source as written")
        } else {
            d
        }
    };
    let statement = match &u.lint {
        Lint::NoClaim => return (None, None),
        Lint::Unreadable(r) => {
            let d = error(
                Code::UncheckedClaim,
                format!(
                    "a reader sees `{}`, which looks like a claim but cannot be checked: cannot read {}",
                    u.text, r.what
                ),
            )
            .with_note(format!("to have it checked, {}", r.hint))
            .with_note("if it is meant as prose, waive its block with `<!-- unchecked: why -->`");
            return (Some(d), None);
        }
        Lint::Claim(s) => s,
    };
    let verdict = match statement.check() {
        Ok(v) => v,
        Err(e) => {
            let d = error(
                Code::UncheckedClaim,
                format!(
                    "a reader sees `{}`, which looks like a claim but cannot be checked: {e}",
                    u.text
                ),
            )
            .with_note(
                "write it in the page's text, or waive its block with `<!-- unchecked: why -->`",
            );
            return (Some(d), None);
        }
    };
    let text = statement.to_text();
    if !verdict.holds {
        let d = error(Code::StaleClaim, format!("claim does not hold: {text}"))
            .with_note(format!("computed: {}", statement.explain(&verdict)));
        return (Some(d), Some((text, Outcome::Fails)));
    }
    let vacuous = statement
        .perturbed(&verdict.reading)
        .holds()
        .unwrap_or(false)
        || !statement.vacuities().is_empty();
    if mutate && vacuous {
        let d = error(Code::VacuousClaim, format!("claim cannot fail: {text}"))
            .with_note("change the claim so that it says something a wrong result would break");
        return (Some(d), Some((text, Outcome::Holds)));
    }
    (None, Some((text, Outcome::Holds)))
}

/// How a stretch of text is covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cover {
    None,
    /// Inside a directive's output, a computed value, or a waived block.
    Covered,
    /// Inside the element of the checked claim with this anchor (an index into the page's
    /// anchors).
    Claim(usize),
}

/// One open element.
struct Frame {
    name: String,
    cover: Cover,
    /// Text inside is not shown as it reads (a footnote's number).
    skip: bool,
    /// Inside `<sup>`: digits are read as superscripts.
    sup: bool,
    /// For a checked claim's element, where the run stood when it opened: an element that
    /// closes with nothing in it is an anchor before a claim that markup cuts into pieces.
    claim_at: Option<(usize, usize)>,
    /// A formula read into the run as plain text, so a claim that runs from it into the
    /// text around it is read whole.
    linear: bool,
    /// Math with no alternative text, read from the text it shows.
    raw_math: bool,
}

/// A run of inline text with what covers each piece, read whole at a block's end.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
struct Run {
    text: String,
    /// Where each piece starts in `text`, and whether it is covered.
    pieces: Vec<(usize, Cover)>,
    /// Empty claim anchors: each covers the next claim found after it.
    markers: Vec<(usize, usize)>,
    /// Where formulas read as plain text stand in `text`.
    math: Vec<Range<usize>>,
    /// Formulas read from their alternative text, by where they stand in `text`: the
    /// values they show account for the same numbers in the words around them.
    formulas: Vec<(usize, String)>,
}

impl Run {
    fn push(&mut self, text: &str, cover: Cover) {
        if text.is_empty() {
            return;
        }
        self.pieces.push((self.text.len(), cover));
        self.text.push_str(text);
    }

    /// Adds a formula read as plain text; a claim wholly inside it is the formula's own,
    /// read from its `alttext`.
    fn push_math(&mut self, text: &str, cover: Cover) {
        let start = self.text.len();
        self.push(text, cover);
        self.math.push(start..self.text.len());
    }

    fn cover_at(&self, at: usize) -> Cover {
        self.pieces
            .iter()
            .rev()
            .find(|(start, _)| *start <= at)
            .map_or(Cover::None, |(_, c)| *c)
    }

    /// Returns what covers all of `span`: a computed value or a checked claim's element
    /// covers a claim only when the claim lies wholly inside it, so "{val}`2*2` ⊗ 2 = 2",
    /// which shows "3 ⊗ 2 = 2", and "{nim}`2*2 = 3` = 2" are read where they are seen.
    fn cover_over(&self, span: &Range<usize>) -> Cover {
        let first = self.cover_at(span.start);
        if first == Cover::None {
            return first;
        }
        let uncovered_inside = self
            .pieces
            .iter()
            .any(|(start, c)| *start > span.start && *start < span.end && *c == Cover::None);
        if uncovered_inside { Cover::None } else { first }
    }

    /// Reads the run and empties it, adding every claim-shaped span to `out` with what
    /// covers it; a run read before is not read again.
    fn flush(&mut self, out: &mut Vec<Sighting>, checked: &Checked, reading: &Reading<'_>) {
        let run = std::mem::take(self);
        if run.text.trim().is_empty() {
            return;
        }
        // Runs read with the build's lexicon are shared by every page; a page that
        // defines games reads its own.
        // A run read with its section's game reads as the build read it there, not as the
        // same text reads elsewhere.
        let section = reading.section.borrow().game();
        let memo = (reading.own.is_none() && section.is_none()).then_some(&checked.runs);
        let refused = |f: &[Sighting]| f.iter().any(|s| matches!(s.lint, Lint::Unreadable(_)));
        // A run that refuses nothing reads the same whatever came before it.
        if let Some(found) = memo.and_then(|m| m.get(&run)).filter(|f| !refused(f)) {
            out.extend(found.iter().cloned());
            lint::note_block(&mut reading.before.borrow_mut(), &run.text);
            return;
        }
        let mut found = Vec::new();
        // Claims are read with the page's games, and a fact nobody read is one about a
        // notion of the same lexicon: a game the page names is a notion.
        let again = run.read(
            &mut found,
            (reading.lexicon(checked), section.as_deref()),
            reading.texts,
            Place::Text,
            &reading.before.borrow(),
        );
        lint::note_block(&mut reading.before.borrow_mut(), &run.text);
        // A reading that looked back is this page's own.
        if let Some(m) = memo.filter(|_| !again) {
            m.keep(run, &found);
        }
        out.extend(found);
    }

    /// Adds every claim-shaped span of the run to `out` with what covers it, read with the
    /// lexicon and the game of its section; `before` is the text of the runs before it.
    /// Returns whether the reading looked back into it.
    fn read(
        &self,
        out: &mut Vec<Sighting>,
        lexicon: (&Lexicon, Option<&str>),
        texts: Option<&Readings>,
        place: Place,
        before: &str,
    ) -> bool {
        let from = out.len();
        let (refused, _) = self.read_claims(out, lexicon, texts, place, None);
        // A run the eye refused is read again with the runs before it, as the build read
        // it (which asks whether the refusal is of its opening); most runs are read once.
        if !refused || before.is_empty() {
            return false;
        }
        let mut again = Vec::new();
        let (_, looked_back) = self.read_claims(&mut again, lexicon, texts, place, Some(before));
        if looked_back {
            out.truncate(from);
            out.extend(again);
        }
        looked_back
    }

    /// Does the work of [`Run::read`], reading the run with `before` to look back into
    /// when it is given; returns whether the reader's eye refused a sentence of it, and
    /// whether the reading looked back.
    fn read_claims(
        &self,
        out: &mut Vec<Sighting>,
        (lexicon, section): (&Lexicon, Option<&str>),
        texts: Option<&Readings>,
        place: Place,
        before: Option<&str>,
    ) -> (bool, bool) {
        let run = self;
        let mut markers = run.markers.iter().copied().peekable();
        // What was read or covered, blanked, so what is left can be told from it.
        let mut read: Vec<Range<usize>> = run
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, (_, c))| *c != Cover::None)
            .map(|(k, (start, _))| *start..run.pieces.get(k + 1).map_or(run.text.len(), |p| p.0))
            .collect();
        // A claim runs over a line break as over a space ("2 ⊗ 3⏎= 1"), as the build
        // read it; the closure below keeps the lines, to name the line a fact is on.
        let flat = if run.text.contains('\n') {
            std::borrow::Cow::Owned(run.text.replace('\n', " "))
        } else {
            std::borrow::Cow::Borrowed(run.text.as_str())
        };
        let claims = match (texts, section) {
            (_, Some(game)) => lint::read_text_after(&flat, lexicon, Some(game)),
            // Read, not kept: the pages' evaluation is over, and a run met again is kept
            // whole by `Runs`.
            (Some(t), None) => t.read_unkept(&flat),
            (None, None) => lint::read_text_in(&flat, lexicon),
        };
        let again =
            before.and_then(|b| lint::read_again_after(&flat, &claims, lexicon, section, b));
        let looked_back = again.is_some();
        let claims = again.unwrap_or(claims);
        for found in claims {
            read.push(found.span.clone());
            let own = |m: &Range<usize>| m.start <= found.span.start && found.span.end <= m.end;
            if run.math.iter().any(own) {
                continue;
            }
            // A claim inside an element of its own keeps the markers before it for the
            // next claim: two claims read from one piece ("… is 0, which says that heaps
            // of 1, 2 and 3⏎form a losing position") share that piece's marker.
            let inside = run.cover_over(&found.span);
            let mut marked = None;
            if inside == Cover::None {
                // Markers of claims the reading does not find are passed; of several at one
                // place (two claims that start on one line), each claim takes one.
                while let Some((at, anchor)) = markers.next_if(|m| m.0 <= found.span.start) {
                    marked = Some(anchor);
                    if markers.peek().is_some_and(|n| n.0 == at) {
                        break;
                    }
                }
            }
            let cover = marked.map_or(inside, Cover::Claim);
            out.extend(sighting(
                found.lint,
                run.text.get(found.span.clone()).unwrap_or_default(),
                place,
                cover,
            ));
        }
        let masked = blank(&run.text, &read);
        let unread = crate::math::closure::unread(&run.text, &masked, &run.formulas, lexicon);
        let refused = !unread.is_empty();
        for (span, why) in unread {
            out.extend(sighting(
                Lint::Unreadable(why),
                &run.text[span],
                place,
                Cover::None,
            ));
        }
        (refused, looked_back)
    }
}

/// How a page's claims are read: with its own lexicon when it defines games, else with
/// the build's lexicon and the build's shared readings.
struct Reading<'t> {
    own: Option<Lexicon>,
    texts: Option<&'t Readings>,
    /// The text of the runs read so far, whose heaps or field a run's opening sentence
    /// may speak of, as the build read it (see [`lint::read_again_after`]).
    before: std::cell::RefCell<String>,
    /// The games the open sections' headings name, as the build read them.
    section: std::cell::RefCell<Sections>,
}

impl<'t> Reading<'t> {
    /// Returns how `page` is read.
    fn of(page: &Seen<'_>, checked: &Checked, texts: Option<&'t Readings>) -> Self {
        let own = checked.page_lexicon(page.slug);
        let texts = if own.is_some() { None } else { texts };
        Reading {
            own,
            texts,
            before: std::cell::RefCell::default(),
            section: std::cell::RefCell::default(),
        }
    }

    /// Returns the lexicon the page is read with.
    fn lexicon<'c>(&'c self, checked: &'c Checked) -> &'c Lexicon {
        self.own.as_ref().unwrap_or(&checked.lexicon)
    }
}

/// Returns `text` with every character inside one of `spans` replaced by spaces of its
/// length, so offsets stay the same.
fn blank(text: &str, spans: &[Range<usize>]) -> String {
    let mut hidden = vec![false; text.len()];
    for r in spans {
        if let Some(part) = hidden.get_mut(r.start..r.end.min(text.len())) {
            part.fill(true);
        }
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if hidden[i] {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    out
}

/// A claim-shaped span a reader sees, with what covers it.
#[derive(Clone, Debug)]
struct Sighting {
    text: String,
    place: Place,
    lint: Lint,
    cover: Cover,
}

/// Returns a claim-shaped span as a sighting; none when the lint finds no claim.
fn sighting(lint: Lint, text: &str, place: Place, cover: Cover) -> Option<Sighting> {
    (lint != Lint::NoClaim).then(|| Sighting {
        text: text.trim().to_string(),
        place,
        lint,
        cover,
    })
}

/// Returns the claim-shaped spans of a page that nothing covers and that state no claim
/// the site checked elsewhere, and the files it shows.
fn uncovered(page: &Seen<'_>, checked: &Checked, texts: Option<&Readings>) -> Read {
    let walked = sightings(page, checked, texts);
    let mut uncovered = Vec::new();
    let mut before: Option<String> = None;
    for s in walked.found {
        let open = s.cover == Cover::None
            && !matches!(&s.lint, Lint::Claim(st) if checked.statements.contains(&st.to_text()));
        if open {
            uncovered.push(Uncovered {
                after: before.take(),
                text: s.text.clone(),
                place: s.place,
                lint: s.lint,
            });
        }
        before = Some(s.text);
    }
    Read {
        uncovered,
        files: walked.files,
    }
}

/// Returns every claim-shaped span a reader sees on a page, with the anchor of the checked
/// claim whose element holds it, if any.
pub fn claims_seen(page: &Seen<'_>, checked: &Checked) -> Vec<(String, Option<String>)> {
    let Walked { found, anchors, .. } = sightings(page, checked, checked.texts());
    found
        .into_iter()
        .map(|s| {
            let anchor = match s.cover {
                Cover::Claim(i) => anchors.get(i).cloned(),
                _ => None,
            };
            (s.text, anchor)
        })
        .collect()
}

/// Elements that a run of text flows through.
const INLINE: [&str; 22] = [
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd",
    "mark", "q", "s", "samp", "small", "span", "strong", "u",
];

/// Returns whether a run of text flows through an element of this name (an SVG `tspan`
/// too, which styles part of a `text`, and MathML's tokens).
fn inline(name: &str) -> bool {
    INLINE.contains(&name)
        || matches!(name, "sup" | "sub" | "tspan")
        // The tokens of math written without alternative text, read as its text.
        || matches!(name, "mn" | "mo" | "mi" | "mrow" | "mtext" | "mstyle" | "mpadded")
}

/// Returns the paths of the files a page shows or links to (`<img src>`, `<object
/// data>`, `<embed src>`, `<iframe src>`, `<source srcset>`, `<a href>`), as written, so the
/// build can read the text of those it publishes.
pub fn files_shown(html: &str) -> Vec<String> {
    html::tokens(html)
        .filter_map(|t| match t {
            Token::Open { name, attrs, .. } => file_shown(&name, &attrs),
            _ => None,
        })
        .collect()
}

/// Returns the path of the file an element shows or links to, if it is one that does.
fn file_shown(name: &str, attrs: &[(Cow<'_, str>, Cow<'_, str>)]) -> Option<String> {
    let key = match name {
        "img" | "embed" | "iframe" => "src",
        "object" => "data",
        "source" => "srcset",
        "a" => "href",
        _ => return None,
    };
    let value = attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v)?;
    // A srcset's first image, without its width or density.
    Some(value.split([',', ' ']).next().unwrap_or("").to_string())
}

/// Elements whose text is one run that a waiver inside it covers whole.
const TEXT_BLOCKS: [&str; 14] = [
    "p",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "td",
    "th",
    "dt",
    "dd",
    "figcaption",
    "summary",
];

/// Meta tags whose `content` a reader sees in a search result or a link preview.
const META: [&str; 6] = [
    "description",
    "og:title",
    "og:description",
    "twitter:title",
    "twitter:description",
    "twitter:image:alt",
];

/// The right-to-left override, which the claim detector cannot read past.
const RIGHT_TO_LEFT: &str = "\u{202e}";

/// A separator the claim detector never reads through, for math and other breaks.
const BARRIER: &str = "\u{fffc}";

/// What one walk over a page's tokens finds.
struct Walked {
    /// Every claim-shaped span, with what covers it.
    found: Vec<Sighting>,
    /// The anchors of the checked claims' elements that `Cover::Claim` indexes.
    anchors: Vec<String>,
    /// The files the page shows or links to (see [`files_shown`]).
    files: Vec<String>,
}

/// Returns every claim-shaped span of a page with what covers it, and the files it shows,
/// in one walk over its tokens.
fn sightings(page: &Seen<'_>, checked: &Checked, texts: Option<&Readings>) -> Walked {
    let reading = Reading::of(page, checked, texts);
    let mut out = Vec::new();
    let mut anchors: Vec<String> = Vec::new();
    let mut files = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut run = Run::default();
    let mut pending_waiver = false;
    // Inside `<math>`: its text is read from its `alttext` instead.
    let mut in_math = 0usize;
    for token in html::tokens(page.html) {
        let cover = stack.last().map_or(Cover::None, |f| f.cover);
        match token {
            Token::Comment(inner) => {
                if waiver(&format!("<!--{inner}-->")).is_none() {
                    continue;
                }
                match stack.last_mut() {
                    Some(f) if TEXT_BLOCKS.contains(&f.name.as_str()) => {
                        f.cover = Cover::Covered;
                        run.pieces.iter_mut().for_each(|p| p.1 = Cover::Covered);
                    }
                    _ => pending_waiver = true,
                }
            }
            Token::Open {
                name,
                attrs,
                closed,
            } => {
                files.extend(file_shown(&name, &attrs));
                let attr = |n: &str| attrs.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_ref());
                let classes: Vec<&str> = attr("class").unwrap_or("").split_whitespace().collect();
                let is_inline = inline(&name);
                let linear = (name == "math")
                    .then(|| attr("alttext").and_then(lint::linear))
                    .flatten();
                // Math with no alternative text is read from what it shows, as text.
                let raw_math = name == "math" && attr("alttext").is_none();
                // Text shown right to left reads otherwise than it is written: a claim in
                // it cannot be checked as written.
                let reversed = name == "bdo" || attr("dir") == Some("rtl");
                if let Some(text) = &linear {
                    run.push_math(text, cover);
                } else if raw_math {
                } else if name == "math" {
                    run.formulas
                        .push((run.text.len(), attr("alttext").unwrap_or("").to_string()));
                    run.push(BARRIER, cover);
                } else if name == "br" || name == "wbr" {
                    run.push(" ", cover);
                } else if !is_inline && in_math == 0 {
                    run.flush(&mut out, checked, &reading);
                }
                sections_open(&reading, &name, attr("id").is_some(), &classes);
                // What the element's attributes show.
                let mut claim_at = None;
                let own_cover = if pending_waiver && !html::VOID.contains(&name.as_ref()) {
                    pending_waiver = false;
                    Cover::Covered
                } else if classes.contains(&"claim")
                    && attr("id").is_some_and(|id| {
                        checked
                            .anchors
                            .contains(&(page.slug.to_string(), id.to_string()))
                    })
                {
                    anchors.push(attr("id").unwrap_or("").to_string());
                    claim_at = Some((run.text.len(), anchors.len() - 1));
                    Cover::Claim(anchors.len() - 1)
                } else if (classes.contains(&"directive") && name == "div")
                    || (classes.contains(&"computed") && name == "span")
                    // A supposition, read under it with the consequence after it.
                    || (classes.contains(&"supposed") && name == "span")
                    || (classes.contains(&"references") && name == "section")
                    // The ledger's quote of a waived passage: waived where it is written.
                    || (classes.contains(&"waived") && name == "td")
                {
                    Cover::Covered
                } else if classes.contains(&"directive-caption") {
                    Cover::None
                } else {
                    cover
                };
                let lexicon = reading.lexicon(checked);
                scan_attributes(&name, &attrs, (own_cover, lexicon), &mut out);
                if closed || html::VOID.contains(&name.as_ref()) {
                    run.markers.extend(claim_at);
                    continue;
                }
                if name == "math" && !raw_math {
                    in_math += 1;
                }
                if reversed {
                    run.push(RIGHT_TO_LEFT, cover);
                }
                // A citation's text is the bibliography's, formatted by the build.
                let skip = classes.contains(&"footnote-reference")
                    || (classes.contains(&"citation") && name == "span")
                    || stack.last().is_some_and(|f| f.skip);
                let sup = name == "sup" || stack.last().is_some_and(|f| f.sup);
                stack.push(Frame {
                    name: name.into_owned(),
                    cover: own_cover,
                    skip,
                    sup,
                    claim_at,
                    linear: linear.is_some() || raw_math,
                    raw_math,
                });
            }
            Token::Close(name) => {
                let Some(depth) = stack.iter().rposition(|f| f.name == name) else {
                    continue;
                };
                let popped = stack.split_off(depth);
                if let Some(at) = popped[0].claim_at.filter(|at| at.0 == run.text.len()) {
                    run.markers.push(at);
                }
                let was_inline = inline(&name);
                if name == "math" {
                    let formulas = popped.iter().filter(|f| f.name == "math" && !f.raw_math);
                    in_math = in_math.saturating_sub(formulas.count());
                    if !popped[0].linear {
                        run.push(BARRIER, cover);
                    }
                } else if !was_inline && in_math == 0 {
                    if heading_level(&name).is_some() {
                        let mut sections = reading.section.borrow_mut();
                        sections.text(&run.text);
                        sections.end(reading.lexicon(checked));
                    }
                    run.flush(&mut out, checked, &reading);
                }
            }
            Token::Text(text) => {
                let frame = stack.last();
                if in_math > 0 || frame.is_some_and(|f| f.skip) {
                    continue;
                }
                if frame.is_some_and(|f| f.sup) {
                    run.push(&superscript(&text), cover);
                } else {
                    run.push(&text, cover);
                }
            }
        }
    }
    run.flush(&mut out, checked, &reading);
    Walked {
        found: out,
        anchors,
        files,
    }
}

/// Notes what an element opened says of the sections' games, as the build noted it: a
/// heading of the page's text (one with an id, not the page's title) opens a section, and
/// a directive that declares a game makes it its section's.
fn sections_open(reading: &Reading<'_>, name: &str, id: bool, classes: &[&str]) {
    let mut sections = reading.section.borrow_mut();
    if let Some(level) = heading_level(name).filter(|_| id && !classes.contains(&"page-title")) {
        sections.start(level);
    } else if name == "div"
        && classes
            .iter()
            .any(|c| *c == "directive-octal" || *c == "directive-define")
    {
        sections.declared();
    }
}

/// Returns the level of a heading element's name ("h3" is 3).
fn heading_level(name: &str) -> Option<u8> {
    let level = name.strip_prefix('h')?.parse().ok()?;
    (1..=6).contains(&level).then_some(level)
}

/// Reads the attributes of one element a reader sees.
fn scan_attributes(
    name: &str,
    attrs: &[(Cow<'_, str>, Cow<'_, str>)],
    (cover, lexicon): (Cover, &Lexicon),
    out: &mut Vec<Sighting>,
) {
    let get = |n: &str| attrs.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_ref());
    for (key, value) in attrs {
        let place = match key.as_ref() {
            "content"
                if name == "meta"
                    && get("name")
                        .or(get("property"))
                        .is_some_and(|m| META.contains(&m)) =>
            {
                Place::Attribute("content")
            }
            "alttext" if name == "math" => {
                out.extend(scan_math(value, cover));
                continue;
            }
            k => match SHOWN_ATTRIBUTES.iter().find(|s| **s == k) {
                Some(s) => Place::Attribute(s),
                None => continue,
            },
        };
        // A tooltip shows a line break as a space between words of one sentence. What it
        // shows is read as a run of text is, and a fact in it nobody read is refused.
        let mut run = Run::default();
        run.push(&value.replace(['\n', '\r'], " "), cover);
        run.read(out, (lexicon, None), None, place, "");
    }
}

/// Reads math's alternative text as the math lint reads `$…$`, row by row for an
/// environment of rows.
fn scan_math(latex: &str, cover: Cover) -> Vec<Sighting> {
    lint::math_claims(latex)
        .into_iter()
        .filter_map(|(_, found)| sighting(found, latex, Place::Math, cover))
        .collect()
}

/// Returns text inside `<sup>` as it reads: digits, signs and `⊗` raised.
fn superscript(text: &str) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    text.chars()
        .map(|c| match c {
            '0'..='9' => DIGITS[c as usize - '0' as usize],
            '-' | '−' => '⁻',
            c => c,
        })
        .collect()
}

/// Finds where a span a reader sees was written: as written in the page's source, then in
/// the other pages' sources (a title shown in a neighbour's header), else by its numbers and
/// words on one line.
fn locate<'a>(page: &Seen<'a>, pages: &[Seen<'a>], text: &str) -> (&'a str, Option<Range<usize>>) {
    let order = std::iter::once(page).chain(pages.iter().filter(|p| p.file != page.file));
    let sources: Vec<&Seen<'a>> = order.filter(|p| !p.file.is_empty()).collect();
    for p in &sources {
        if let Some(at) = p.source.find(text) {
            return (p.file, Some(at..at + text.len()));
        }
    }
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // Math renders `\omega` as ω: the words a reader sees outside it are in the source.
    let plain: Vec<&str> = words.iter().copied().filter(|w| w.is_ascii()).collect();
    let tries = [
        Some(&words),
        (plain.len() != words.len() && plain.len() > 1).then_some(&plain),
    ];
    for words in tries.into_iter().flatten().filter(|w| !w.is_empty()) {
        for p in &sources {
            if let Some(span) = words_on_lines(p.source, words, 1) {
                return (p.file, Some(span));
            }
            // The page's own text may run over a line break ("$6$ is⏎{nim}`4 + 2`"),
            // before another page holds the words on one line by chance.
            if p.file == page.file
                && let Some(span) = words_on_lines(p.source, words, 2)
            {
                return (p.file, Some(span));
            }
        }
    }
    // Text a role computed is not in the source, but what the author wrote after it is:
    // "3 ⊗ 2 = 2" shown by "{val}`2*2` ⊗ 2 = 2" is found by its tail "⊗ 2 = 2".
    let pieces: Vec<&str> = text.split_whitespace().collect();
    for k in 1..pieces.len().saturating_sub(1) {
        let tail = pieces[k..].join(" ");
        if !tail.contains(['=', '≠', '<', '>', '≤', '≥']) {
            break;
        }
        if let Some(at) = page.source.find(&tail).filter(|_| !page.file.is_empty()) {
            return (page.file, Some(at..at + tail.len()));
        }
    }
    // A title joined to the site's ("A · 2 ⊗ 2 = 2") is found by the site's title, written
    // elsewhere: only a tail of three pieces or more, so that "= 2" alone matches nothing.
    for k in 1..pieces.len().saturating_sub(2) {
        let tail = pieces[k..].join(" ");
        if !tail.contains(['=', '≠', '<', '>', '≤', '≥']) {
            break;
        }
        for p in &sources {
            if let Some(at) = p.source.find(&tail) {
                return (p.file, Some(at..at + tail.len()));
            }
        }
    }
    (sources.first().map_or(page.file, |p| p.file), None)
}

/// Returns the span of the first run of `lines` lines holding every word in order, from
/// the first to the end of the last.
fn words_on_lines(source: &str, words: &[&str], lines: usize) -> Option<Range<usize>> {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < source.len())
        .collect();
    for (k, &offset) in starts.iter().enumerate() {
        let end = starts.get(k + lines).copied().unwrap_or(source.len());
        let line = &source[offset..end];
        let mut at = 0;
        let mut first = None;
        let mut all = true;
        for w in words {
            match line[at..].find(w) {
                Some(k) => {
                    first.get_or_insert(at + k);
                    at += k + w.len();
                }
                None => {
                    all = false;
                    break;
                }
            }
        }
        if all && let Some(f) = first {
            return Some(offset + f..offset + at);
        }
    }
    None
}

/// Collects what the ledger says was checked, for [`check`].
pub fn checked(claims: &[Claim]) -> Checked {
    let mut out = Checked::default();
    for c in claims {
        out.anchors.insert((c.page.clone(), c.anchor.clone()));
        if matches!(c.outcome, Outcome::Holds | Outcome::Fails) {
            out.statements.insert(c.statement.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests;
