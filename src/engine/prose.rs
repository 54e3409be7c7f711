//! Claims in plain text: a run of prose, a heading, a table cell, a caption, a cited body
//! or an HTML block that holds a nimber operator and a comparison is read with the
//! statement language and checked like any other claim; one that cannot be read fails
//! the build unless its block is waived with `<!-- unchecked: why -->`.

use std::ops::Range;

use pulldown_cmark::{CowStr, Event};

use super::{Cx, statements};
use crate::html::{Token, decode_padded};
use crate::math::lexicon::{Lexicon, sentences};
use crate::math::lint::{self, Lint};

/// Reads a waiver comment, `<!-- unchecked: why -->`: `Some(reason)` for one, `None` for
/// any other HTML. An empty reason is returned as empty, for the caller to refuse.
pub fn waiver(html: &str) -> Option<String> {
    let inner = html
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim();
    let reason = inner.strip_prefix("unchecked")?.trim_start();
    let reason = reason.strip_prefix(':').unwrap_or(reason);
    Some(reason.trim().to_string())
}

/// Reads a waiver comment that opens an HTML block with more after it, as in a list item
/// `- <!-- unchecked: why -->The identity is 1.`: the reason and the comment's length.
pub fn leading_waiver(html: &str) -> Option<(String, usize)> {
    let start = html.len() - html.trim_start().len();
    let end = html[start..].find("-->")? + start + "-->".len();
    let rest = html[end..].trim();
    let reason = waiver(&html[start..end]).filter(|_| !rest.is_empty())?;
    Some((reason, end))
}

/// Uses the waiver in force on `text` at `span` when a sentence of it states a fact
/// nobody read, as the reader's eye would find it.
pub fn waive_unread(cx: &mut Cx<'_>, text: &str, span: Range<usize>) {
    let unread = || {
        sentences(text)
            .into_iter()
            .any(|r| cx.lexicon().unread(&text[r], &[]).is_some())
    };
    if cx.waiving() && unread() {
        cx.waive(span);
    }
}

/// Checks the claims in inline code under a waiver: the reader's eye takes the waiver
/// to cover the whole block, code included, and a waiver covers only what cannot be
/// read, so a claim that can be read is checked here.
pub fn waived_code(cx: &mut Cx<'_>, code: &str, span: &Range<usize>) {
    if !cx.waiving() {
        return;
    }
    // The code's text starts after its opening backticks.
    let written = cx.page.source.get(span.clone()).unwrap_or("");
    let offset = span.start + written.find(code).unwrap_or(0);
    for f in cx.read_text(code) {
        if matches!(f.lint, Lint::Claim(_)) {
            let at = offset + f.span.start..offset + f.span.end;
            statements::read(cx, &f.lint, at, offset);
        }
    }
}

/// Returns whether a claim at `span` of a text a line break follows may go on in the
/// next line: it reaches the text's end, spaces and a comma aside ("… are 2⏎and 3", "0,
/// 1, 4,⏎7"). A claim that starts after a break is read with its line, as written there:
/// read with the lines before it, true readings changed as often as they were mended.
fn cut_by_break(text: &str, span: &Range<usize>) -> bool {
    text.get(span.end..).is_none_or(|rest| {
        rest.trim_matches(|c: char| c.is_whitespace() || c == ',')
            .is_empty()
    })
}

/// Returns whether `text` is what smart punctuation makes of `written`.
fn is_smart(written: &str, text: &str) -> bool {
    matches!(
        (written, text),
        ("'", "’" | "‘") | ("\"", "“" | "”") | ("--", "–") | ("---", "—") | ("...", "…")
    )
}

/// Returns whether a finding at `span` of a text that follows a line break lies in the
/// text's first sentence, which may have begun on the line before.
fn opens_after_break(text: &str, span: &Range<usize>) -> bool {
    let head = text.get(..span.start).unwrap_or("");
    !head.contains(['.', ';', ':', '?', '!'])
}

/// Returns what `text` reads with the blocks before it on the page to look back into,
/// when that reads more than `found` (see [`lint::read_again_after`]).
fn read_after_blocks(
    cx: &Cx<'_>,
    text: &str,
    found: &[lint::Found],
    game: Option<&str>,
) -> Option<Vec<lint::Found>> {
    lint::read_again_after(text, found, cx.lexicon(), game, cx.text_before())
}

/// Checks the claims in a text event and returns its events, each claim wrapped in an
/// element the ledger can link to. `run` is the run the text is in when a line break
/// comes before or after it: a first sentence the text cannot read after a break, and a
/// claim a sentence going on past a break may frame, are left to it. `game` is the game
/// the paragraph named before the text, whose positions the text's are when it names none.
/// `opens` says the text opens its block.
pub fn scan_event<'a>(
    cx: &mut Cx<'_>,
    text: CowStr<'a>,
    span: Range<usize>,
    broken: bool,
    run: Option<&mut Run>,
    game: Option<&str>,
    opens: bool,
) -> Vec<(Event<'a>, Range<usize>)> {
    // Read afresh with a paragraph's game: the build's readings are kept by text alone.
    let mut found = match game {
        Some(g) => lint::read_text_after(&text, cx.lexicon(), Some(g)),
        None => cx.read_text(&text),
    };
    // A block whose opening sentence the reader's eye would refuse is read again with the
    // blocks before it, whose heaps or field that sentence may speak of.
    if opens && let Some(again) = read_after_blocks(cx, &text, &found, game) {
        found = again;
    }
    // A claim a line break may cut is left to the run, which reads the lines joined.
    found.retain(|f| !(broken && cut_by_break(&text, &f.span)));
    // A first sentence the line refuses, or reads as false, is read again with the lines
    // before it ("A Kayles row of 6⏎beside a Notch strip of 8 is …" is not a claim about
    // the strip alone); if they read nothing there, the line's verdict stands. A true
    // reading stays the line's.
    let exact = cx.page.source.get(span.clone()) == Some(text.as_ref());
    if let Some(run) = run.filter(|_| exact) {
        let after = run.follows_break();
        found.retain(|f| {
            let failed = match &f.lint {
                Lint::Unreadable(_) => true,
                Lint::Claim(statement) => !statements::holds_quietly(cx, statement),
                Lint::NoClaim => false,
            };
            // A claim whose sentence the next line may report, deny or correct is the
            // run's to read as well.
            let framed = broken && lint::may_be_framed(&text, f);
            if !(framed || after && failed && opens_after_break(&text, &f.span)) {
                return true;
            }
            let at = span.start + f.span.start..span.start + f.span.end;
            if framed {
                run.framed.push(at.clone());
            }
            run.deferred.push((f.lint.clone(), at, span.start));
            false
        });
    }
    // A sentence the reader's eye would refuse as a fact nobody read: a waiver over its
    // block covers it, and is used.
    if found.is_empty() {
        waive_unread(cx, &text, span.clone());
    }
    if found.is_empty() {
        return vec![(Event::Text(text), span)];
    }
    // Each piece of the text keeps its own span where the text is the source as written, so
    // a role's `{name}` after a claim is still found at the end of the text before it.
    let piece = |r: Range<usize>| {
        if exact {
            span.start + r.start..span.start + r.end
        } else {
            span.clone()
        }
    };
    let mut out = Vec::new();
    let mut done = 0;
    for f in found {
        let offset = if exact {
            span.start
        } else {
            span.start.min(span.end)
        };
        let at = if exact {
            offset + f.span.start..offset + f.span.end
        } else {
            span.clone()
        };
        let shift = if exact { offset } else { at.start };
        // Where the text is not the source as written, only the whole event can be pointed at.
        let lint = match f.lint {
            Lint::Unreadable(u) if !exact => Lint::Unreadable(lint::Unreadable { span: 0..0, ..u }),
            other => other,
        };
        let Some(anchor) = statements::read(cx, &lint, at, shift) else {
            continue;
        };
        if f.span.start >= done {
            out.push((
                Event::Text(CowStr::from(text[done..f.span.start].to_string())),
                piece(done..f.span.start),
            ));
            // A supposition is marked so the reader's-eye pass takes it as read.
            let open = if anchor == statements::SUPPOSED {
                "<span class=\"supposed\">".to_string()
            } else {
                format!("<span class=\"claim\" id=\"{anchor}\">")
            };
            out.push((Event::InlineHtml(CowStr::from(open)), span.clone()));
            out.push((
                Event::Text(CowStr::from(text[f.span.clone()].to_string())),
                piece(f.span.clone()),
            ));
            out.push((Event::InlineHtml(CowStr::from("</span>")), span.clone()));
            done = f.span.end;
        }
    }
    if done == 0 {
        return vec![(Event::Text(text), span)];
    }
    out.push((
        Event::Text(CowStr::from(text[done..].to_string())),
        piece(done..text.len()),
    ));
    out
}

/// Returns whether inline HTML is a tag that only styles text (`<b>`, `</em>`, `<span
/// class="x">`), so a claim may run through it; `<sup>` and `<sub>` change the meaning.
pub fn is_formatting_tag(html: &str) -> bool {
    let name = html
        .trim()
        .trim_start_matches('<')
        .trim_start_matches('/')
        .split(|c: char| c.is_whitespace() || c == '>' || c == '/')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    html.trim().starts_with('<')
        && matches!(
            name.as_str(),
            "b" | "i" | "em" | "strong" | "span" | "u" | "mark" | "small" | "a"
        )
}

/// The games the open sections' headings name ("### Slide 7: the values of Kayles"): a
/// paragraph that names no game speaks of its section's, before the game declared last.
#[derive(Default)]
pub struct Sections {
    /// Each open section's heading level and its game, outermost first.
    open: Vec<(u8, SectionGame)>,
    /// The text of the heading being read, when one is.
    heading: Option<(u8, String)>,
}

/// What a section's heading, or a block declared in it, says of its game.
#[derive(Clone, Debug, PartialEq)]
enum SectionGame {
    /// The heading names this game.
    Named(String),
    /// The heading speaks of a game it does not name, or the section declares one: no
    /// game named outside it is its game.
    Own,
    /// The heading speaks of no game ("### Slide 2: Knocking down pins"): the game of the
    /// section around it is its game too.
    Open,
}

impl Sections {
    /// Starts reading a heading of `level`.
    pub fn start(&mut self, level: u8) {
        self.heading = Some((level, String::new()));
    }

    /// Adds text to the heading being read, if any.
    pub fn text(&mut self, text: &str) {
        if let Some((_, h)) = self.heading.as_mut() {
            h.push_str(text);
        }
    }

    /// Ends the heading being read: its section replaces any of the same level or deeper.
    pub fn end(&mut self, lexicon: &Lexicon) {
        let Some((level, text)) = self.heading.take() else {
            return;
        };
        self.open.retain(|(l, _)| *l < level);
        let game = match lint::last_game_named(&text, lexicon) {
            Some(g) => SectionGame::Named(g),
            None if speaks_of_a_game(&text) => SectionGame::Own,
            None => SectionGame::Open,
        };
        self.open.push((level, game));
    }

    /// Notes a game declared in the innermost section: it, not the heading's, is the
    /// section's game from here on.
    pub fn declared(&mut self) {
        if let Some((_, game)) = self.open.last_mut() {
            *game = SectionGame::Own;
        }
    }

    /// Returns the game of the innermost section: the one its heading names, or, when
    /// its heading speaks of no game, its outer section's. A section whose heading speaks
    /// of a game it does not name inherits none: "### A warm-up subtraction game" under
    /// "## Part 1: Nim" is not about Nim.
    pub fn game(&self) -> Option<String> {
        self.open.iter().rev().find_map(|(_, g)| match g {
            SectionGame::Named(name) => Some(Some(name.clone())),
            SectionGame::Own => Some(None),
            SectionGame::Open => None,
        })?
    }
}

/// Returns whether a heading speaks of a game, named or not.
fn speaks_of_a_game(heading: &str) -> bool {
    heading
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w.to_lowercase().as_str(), "game" | "games"))
}

/// The text events of one run of inline content (a paragraph, a heading, a cell), with
/// where each one's output starts, so a claim that emphasis, a link or a line break cuts
/// into pieces ("**2 ⊗ 2** = 4") is still read whole.
#[derive(Default)]
pub struct Run {
    pieces: Vec<(Range<usize>, usize)>,
    /// Pieces whose text is not their source as written (`&otimes;` read as `⊗`, `\*` as
    /// `*`), by their span: read as their text padded to the source's length, so offsets
    /// into the run stay offsets into the page.
    decoded: Vec<(Range<usize>, String)>,
    /// Pieces a line break follows, by their span: a claim at such a piece's end is read
    /// only by the run (see [`cut_by_break`]).
    broken: Vec<Range<usize>>,
    /// Refusals of a piece's first sentence after a line break, with their page span and
    /// offset: reported when the run, reading the lines joined, reads nothing there.
    deferred: Vec<(Lint, Range<usize>, usize)>,
    /// Of those, the claims left because the next line may frame them (see
    /// [`lint::may_be_framed`]): the run's reading at such a span is the one that stands.
    framed: Vec<Range<usize>>,
    /// The game the heading of the section the run is in names (see [`Sections`]).
    section: Option<String>,
}

impl Run {
    /// Sets the game of the section the runs after this point are in.
    pub fn set_section(&mut self, game: Option<String>) {
        self.section = game;
    }

    /// Reads `text` as [`Cx::read_text`] does, with the section's game, if any, as the
    /// game of positions it names none for.
    fn read(&self, cx: &Cx<'_>, text: &str) -> Vec<lint::Found> {
        match &self.section {
            Some(g) => lint::read_text_after(text, cx.lexicon(), Some(g)),
            None => cx.read_text(text),
        }
    }

    /// Adds a text event at `span` whose output starts at `out_index`, when its text is
    /// the source as written or a character reference or escape no longer than it.
    /// Returns whether the run took it, and notes whether a line break follows it.
    pub fn push(
        &mut self,
        source: &str,
        text: &str,
        span: Range<usize>,
        out_index: usize,
        broken: bool,
    ) -> bool {
        if span.is_empty() {
            return false;
        }
        match source.get(span.clone()) {
            Some(written) if written == text => {}
            Some(written) if text.len() <= written.len() && written.starts_with(['&', '\\']) => {
                self.decoded.push((span.clone(), text.to_string()));
            }
            // Smart punctuation: the parser gives `’` for `'`, `“` for `"`, `–` for `--`.
            // The run reads the source as written, so "Dawson's Kayles" stays one name.
            Some(written) if is_smart(written, text) => {}
            _ => return false,
        }
        if broken {
            self.broken.push(span.clone());
        }
        self.pieces.push((span, out_index));
        true
    }

    /// Returns the game the run's text before `span` names last, when `text`, the text at
    /// `span`, may hold a claim: a line's heaps are that game's when the line names none
    /// ("In Grundy's game … ⏎ … a heap of seven is lost").
    pub fn game_before(&self, cx: &Cx<'_>, text: &str, span: &Range<usize>) -> Option<String> {
        // With no game on the page, heaps are Nim's whether the paragraph says so or not.
        if cx.lexicon().games().is_empty() || lint::holds_nothing(text) {
            return None;
        }
        // The pieces as read, formulas in symbols: the `s` of `$h \oplus s$` is no game.
        // The last few thousand bytes hold the words a game is looked for in, so a long
        // paragraph is not read again at each of its lines.
        let mut pieces: Vec<(&str, &Range<usize>)> = Vec::new();
        let mut len = 0;
        for (piece, _) in self
            .pieces
            .iter()
            .rev()
            .filter(|(p, _)| p.end <= span.start)
        {
            let decoded = self.decoded.iter().rev().find(|(d, _)| d == piece);
            let text = decoded.map(|(_, t)| t.as_str());
            let text = text.or_else(|| cx.page.source.get(piece.clone()))?;
            pieces.push((text, piece));
            len += text.len() + 1;
            if len > 4096 {
                break;
            }
        }
        pieces.reverse();
        // Pieces that touch in the source are one word: "Dawson", "'", "s Kayles".
        let mut joined = String::with_capacity(len);
        let mut end = None;
        for (text, piece) in pieces {
            if end.is_some_and(|e| e != piece.start) {
                joined.push(' ');
            }
            joined.push_str(text);
            end = Some(piece.end);
        }
        lint::last_game_named(&joined, cx.lexicon())
    }

    /// Returns whether the last piece added follows a line break: it goes on a sentence
    /// that may have begun before the break.
    pub fn follows_break(&self) -> bool {
        let n = self.pieces.len();
        n >= 2 && self.broken.contains(&self.pieces[n - 2].0)
    }

    /// Returns whether the run holds no piece yet: the next text opens its block.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Returns whether the last piece added has a line break after it, so the next text
    /// goes on a sentence that began before the break.
    pub fn after_break(&self) -> bool {
        self.pieces
            .last()
            .is_some_and(|(p, _)| self.broken.contains(p))
    }

    /// Adds a text event at `span` read as `text`, its source with the citations blanked
    /// out (as long as the source), whose output starts at `out_index`.
    pub fn push_blanked(&mut self, text: &str, span: Range<usize>, out_index: usize) {
        if span.is_empty() || text.len() != span.len() {
            return;
        }
        self.decoded.push((span.clone(), text.to_string()));
        self.pieces.push((span, out_index));
    }

    /// Adds inline math at `span`, read as `text` (see [`lint::linear`]), whose output
    /// starts at `out_index`, when the text is no longer than the math's source.
    pub fn push_math(&mut self, text: &str, span: Range<usize>, out_index: usize) {
        if span.is_empty() || text.len() > span.len() {
            return;
        }
        self.decoded.push((span.clone(), text.to_string()));
        self.pieces.push((span, out_index));
    }

    /// Checks every claim of the run that no single piece holds, anchoring each before its
    /// first piece in `out`, and empties the run.
    pub fn flush<'a>(&mut self, cx: &mut Cx<'_>, out: &mut Vec<(Event<'a>, Range<usize>)>) {
        // The block's text, for the blocks after it to look back into.
        let mut text = String::new();
        for (piece, _) in &self.pieces {
            let decoded = self.decoded.iter().find(|(d, _)| d == piece);
            let written = decoded.map(|(_, t)| t.as_str());
            text.push_str(
                written
                    .or_else(|| cx.page.source.get(piece.clone()))
                    .unwrap_or(""),
            );
            text.push(' ');
        }
        self.check(cx, out);
        if !text.is_empty() {
            cx.read_block(&text);
        }
    }

    /// Does the work of [`Run::flush`] but for noting the block's text.
    fn check<'a>(&mut self, cx: &mut Cx<'_>, out: &mut Vec<(Event<'a>, Range<usize>)>) {
        let pieces = std::mem::take(&mut self.pieces);
        let decoded = std::mem::take(&mut self.decoded);
        let broken = std::mem::take(&mut self.broken);
        let mut deferred = std::mem::take(&mut self.deferred);
        let framed = std::mem::take(&mut self.framed);
        if pieces.len() < 2 {
            read_deferred(cx, deferred);
            return;
        }
        let start = pieces[0].0.start;
        let end = pieces[pieces.len() - 1].0.end;
        // The source of the run with everything but its text (markup, line breaks) blanked,
        // so offsets in it are page offsets less `start`.
        let mut buf = vec![b' '; end - start];
        for (span, _) in &pieces {
            buf[span.start - start..span.end - start]
                .copy_from_slice(&cx.page.source.as_bytes()[span.clone()]);
        }
        for (span, text) in &decoded {
            let at = span.start - start;
            buf[at..span.end - start].fill(b' ');
            buf[at..at + text.len()].copy_from_slice(text.as_bytes());
        }
        let Ok(joined) = String::from_utf8(buf) else {
            read_deferred(cx, deferred);
            return;
        };
        // The reader's eye reads the run whole, as shown ("let’s" with its apostrophe): a
        // fact nobody read that no piece alone holds uses the waiver too.
        waive_unread(cx, &joined, start..end);
        let mut anchors = Vec::new();
        let found = self.read(cx, &joined);
        let section = self.section.as_deref();
        let found = read_after_blocks(cx, &joined, &found, section).unwrap_or(found);
        for f in found {
            let at = start + f.span.start..start + f.span.end;
            // The pieces are in source order: the last one starting at or before the claim.
            let k = pieces.partition_point(|(p, _)| p.start <= at.start);
            let holder = k.checked_sub(1).map(|k| &pieces[k]);
            // A claim a line left to the run is read here, as the lines joined read it.
            let left_here = framed.contains(&at);
            if let Some((p, _)) = holder.filter(|(p, _)| at.end <= p.end && !left_here) {
                // Read with its text event, unless it needs words outside it ("In the
                // subtraction game *t* a move takes …" names its game before the piece).
                let shift = p.start - start;
                let piece = &joined[shift..p.end - start];
                let alone = self.read(cx, piece);
                // A claim a line break may cut was left to the run.
                let left = broken.contains(p);
                // A formula the line reads as a law may be a condition the words before
                // the break set ("any heap h with⏎h ⊕ s < h"): the run's "no claim" stands.
                let unclaimed = matches!(f.lint, Lint::NoClaim);
                if alone.iter().any(|g| {
                    g.span.start + shift == f.span.start
                        && g.span.end + shift == f.span.end
                        && (!unclaimed || matches!(g.lint, Lint::NoClaim))
                        && !(left && cut_by_break(piece, &g.span))
                }) {
                    continue;
                }
            }
            // Split only by smart punctuation ("Dawson’s Kayles …"), the last piece read
            // alone the same statement to the same end: it was checked with that piece.
            if !left_here
                && read_by_a_piece(|t| self.read(cx, t), &joined, start, &pieces, &at, &f.lint)
            {
                continue;
            }
            let first = holder.map_or(pieces[0].1, |(_, i)| *i);
            // A refusal the run reads again here, read or refused, is the run's now.
            deferred.retain(|(_, d, _)| !(at.start <= d.start && d.start < at.end));
            if let Some(anchor) = statements::read(cx, &f.lint, at, start)
                && anchor != statements::SUPPOSED
            {
                anchors.push((first, anchor));
            }
        }
        read_deferred(cx, deferred);
        // Each anchor goes just before its first piece's output.
        place_anchors(out, anchors, start);
    }
}

/// Reports the lines' own verdicts on first sentences that the run did not read again.
fn read_deferred(cx: &mut Cx<'_>, deferred: Vec<(Lint, Range<usize>, usize)>) {
    for (lint, at, offset) in deferred {
        statements::read(cx, &lint, at, offset);
    }
}

/// Returns whether a claim of the run at `at` lies in pieces that follow each other with
/// nothing between them (text split only by smart punctuation), and one of those pieces,
/// read alone by `read` as the run reads, reads the same statement within the claim's
/// span: it was checked there.
fn read_by_a_piece(
    read: impl Fn(&str) -> Vec<lint::Found>,
    joined: &str,
    start: usize,
    pieces: &[(Range<usize>, usize)],
    at: &Range<usize>,
    lint: &Lint,
) -> bool {
    let Lint::Claim(statement) = lint else {
        return false;
    };
    let from = pieces.partition_point(|(p, _)| p.end <= at.start);
    let to = pieces.partition_point(|(p, _)| p.start < at.end);
    let Some(spanned) = pieces.get(from..to).filter(|s| s.len() > 1) else {
        return false;
    };
    let contiguous = spanned.windows(2).all(|w| w[0].0.end == w[1].0.start);
    if !contiguous {
        return false;
    }
    let text = statement.to_text();
    spanned.iter().any(|(piece, _)| {
        let shift = piece.start - start;
        read(&joined[shift..piece.end - start]).iter().any(|g| {
            let (s, e) = (g.span.start + piece.start, g.span.end + piece.start);
            at.start <= s && e <= at.end && matches!(&g.lint, Lint::Claim(c) if c.to_text() == text)
        })
    })
}

/// Places each anchor, as an empty claim element, before the output at its index (after
/// the last, at `end`, when the index is past it), in one pass over `out`.
pub fn place_anchors<'a>(
    out: &mut Vec<(Event<'a>, Range<usize>)>,
    mut anchors: Vec<(usize, String)>,
    end: usize,
) {
    if anchors.is_empty() {
        return;
    }
    anchors.sort_by_key(|a| a.0);
    let element = |anchor: &str| {
        let html = format!("<span class=\"claim\" id=\"{anchor}\"></span>");
        Event::InlineHtml(CowStr::from(html))
    };
    let mut anchors = anchors.into_iter().peekable();
    let old = std::mem::take(out);
    out.reserve(old.len() + anchors.len());
    for (index, (event, span)) in old.into_iter().enumerate() {
        while let Some((_, anchor)) = anchors.next_if(|a| a.0 <= index) {
            out.push((element(&anchor), span.clone()));
        }
        out.push((event, span));
    }
    for (_, anchor) in anchors {
        out.push((element(&anchor), end..end));
    }
}

/// Attributes of raw HTML a browser shows or reads aloud.
pub const SHOWN_ATTRIBUTES: [&str; 10] = [
    "title",
    "alt",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "aria-valuetext",
    "placeholder",
    // A button's or a field's text, a menu option's or a track's label, a header's
    // short form.
    "value",
    "label",
    "abbr",
];

/// Returns raw HTML with everything a reader does not see blanked to spaces (tag names,
/// attribute names and the values of attributes not shown, comments, scripts), keeping its
/// text and the values of shown attributes where they are, references decoded and padded,
/// so offsets into it are offsets into `html`: `<abbr title="2 ⊗ 3 = 1">` reads as its
/// title alone.
pub fn shown_text(html: &str) -> String {
    let blank = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
    let mut out = String::with_capacity(html.len());
    for (token, span) in crate::html::tokens(html) {
        match token {
            Token::Text(text) => out.push_str(&decode_padded(text)),
            Token::Start(tag) => {
                let mut done = span.start;
                for a in tag.attrs() {
                    let name = a.name.to_ascii_lowercase();
                    if SHOWN_ATTRIBUTES.contains(&name.as_str()) {
                        blank(&mut out, a.span.start - done);
                        out.push_str(&decode_padded(a.raw));
                        done = a.span.end;
                    }
                }
                blank(&mut out, span.end - done);
            }
            _ => blank(&mut out, span.len()),
        }
    }
    out
}

/// Checks the claims in text written at `offset` in the page that is not an event of its
/// own: a caption, a cited body, an HTML block.
pub fn scan_text(cx: &mut Cx<'_>, text: &str, offset: usize) {
    for f in cx.read_text(text) {
        let at = offset + f.span.start..offset + f.span.end;
        statements::read(cx, &f.lint, at, offset);
    }
}

/// Checks a directive's `:caption:` written at `offset`: its claims as [`scan_text`] does,
/// and a sentence that still holds a notion and a number once they are taken out is
/// refused. The page shows the caption inside the directive's computed output, which the
/// reader's-eye pass takes as computed, so the caption is held to the rule here, where
/// its placeholders (`{period}`) are still names and not numbers.
pub fn scan_caption(cx: &mut Cx<'_>, text: &str, offset: usize) {
    let found = cx.read_text(text);
    let mut masked = text.to_string();
    for f in &found {
        if let Some(piece) = text.get(f.span.clone()) {
            masked.replace_range(f.span.clone(), &" ".repeat(piece.len()));
        }
    }
    for f in found {
        let at = offset + f.span.start..offset + f.span.end;
        statements::read(cx, &f.lint, at, offset);
    }
    for (span, mut why) in crate::math::closure::unread(text, &masked, &[], cx.lexicon()) {
        why.span = span.clone();
        why.hint = format!(
            "{}; in a caption, a placeholder the directive fills is computed",
            why.hint
        );
        statements::unreadable(cx, &why, offset, offset + span.start..offset + span.end);
    }
}

#[cfg(test)]
mod tests {
    use super::waiver;

    #[test]
    fn formatting_tags_are_told_from_others() {
        for tag in [
            "<b>",
            "</b>",
            "<span class=\"x\">",
            "<EM>",
            "<a href=\"#x\">",
        ] {
            assert!(super::is_formatting_tag(tag), "{tag}");
        }
        for tag in ["<sup>", "</sub>", "<br>", "<!-- b -->", "<div>"] {
            assert!(!super::is_formatting_tag(tag), "{tag}");
        }
    }

    #[test]
    fn smart_punctuation_is_its_source_as_written() {
        assert!(super::is_smart("'", "’"));
        assert!(super::is_smart("--", "–"));
        assert!(!super::is_smart("'", "x"));
        assert!(!super::is_smart("a", "a"));
    }

    #[test]
    fn waivers_are_comments_with_a_reason() {
        assert_eq!(
            waiver("<!-- unchecked: a definition -->").as_deref(),
            Some("a definition")
        );
        assert_eq!(waiver("<!--unchecked:x-->\n").as_deref(), Some("x"));
        assert_eq!(waiver("<!-- unchecked -->").as_deref(), Some(""));
        assert_eq!(waiver("<!-- a note -->"), None);
        assert_eq!(waiver("<div>"), None);
    }
}

#[cfg(test)]
mod shown_tests {
    use super::shown_text;

    #[test]
    fn markup_is_blanked_and_shown_values_kept_in_place() {
        let html = "<abbr title=\"x ⊗ 3 = 5\" class=\"2 ⊗ 2 = 9\">note</abbr> 2 ⊗ 3";
        let shown = shown_text(html);
        assert_eq!(shown.len(), html.len());
        assert_eq!(shown.find("note"), html.find("note"));
        assert_eq!(
            shown.split_whitespace().collect::<Vec<_>>().join(" "),
            "x ⊗ 3 = 5 note 2 ⊗ 3"
        );
        assert_eq!(shown.find("x ⊗"), html.find("x ⊗"));
        assert!(!shown.contains("2 ⊗ 2"), "a class is not shown");
        assert_eq!(shown_text("<!-- 2 ⊗ 2 = 9 --> a < b").trim(), "a < b");
    }

    #[test]
    fn references_are_read_as_every_reader_reads_them() {
        let html =
            "<p title='2 &otimes; 3 = 1'>4 &#x2295; 4 &equals; 0</p><script>1 ⊗ 1 = 1</script>";
        let shown = shown_text(html);
        assert_eq!(shown.len(), html.len());
        assert_eq!(
            shown.split_whitespace().collect::<Vec<_>>().join(" "),
            "2 ⊗ 3 = 1 4 ⊕ 4 = 0"
        );
        assert_eq!(shown.find('4'), html.find('4'));
    }

    proptest::proptest! {
        #[test]
        fn prop_shown_text_keeps_offsets(html in "(<|>|/|\"|'|=| |abbr|title|p|é|&otimes;|&#61;|<!--|-->)*") {
            proptest::prop_assert_eq!(shown_text(&html).len(), html.len());
        }
    }
}
