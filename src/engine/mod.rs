//! The page engine: the live parts of an essay, with no directive named.
//!
//! The site parses a page into pulldown-cmark events with byte offsets and hands them, with
//! the [`Registry`] of directives, to [`prepare`], which reads every block directive's
//! options into a typed spec. [`expand`] then evaluates those specs and every inline role
//! with the nimber core, checks plain math and prose with the lint, and gives back events
//! with the live parts replaced by HTML, plus the page's figures, claims and diagnostics.
//!
//! Directives implement [`Directive`] (`directive.rs`) and live in the catalogue. Claims go
//! through [`Cx::check`], which records them in the ledger and, for `check --mutate`, also
//! runs each claim against a perturbed copy to prove that it can fail. This file is the
//! driver: the two phases and the walk over a page's events; the lints of markup that
//! would publish a live part as text are in `markup.rs`, and results a build computes once
//! are kept by type in `shared.rs`.

mod args;
pub mod bounded;
pub mod budget;
pub mod caption;
pub mod cite;
pub mod claims;
mod codeblock;
pub mod context;
mod directive;
pub mod html;
mod markup;
mod mathspan;
mod notation;
pub mod parse;
pub mod prose;
mod readings;
mod registry;
pub mod roles;
pub mod shared;
pub mod statements;
mod tables;
pub mod view;

use crate::diagnostics::Code;
use std::collections::BTreeMap;
use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};

pub use args::{Args, CAPTION, DirectiveError, Opt};
pub use caption::Caption;
pub use claims::{Agree, Claimed, Passes, Perturb};
pub use context::{Check, Cx, PERIODICITY};
pub use directive::{Body, Directive, Spec};
pub use readings::Readings;
pub use registry::Registry;
pub use shared::{Memo, Shared};
pub use view::{Partials, Status, View};

use crate::diagnostics::Diagnostic;
use crate::ledger::Claim;
use crate::math::lexicon::GameWords;
use crate::math::lint;

/// What a directive needs to know about the page it sits in.
#[derive(Clone, Debug)]
pub struct PageCtx<'a> {
    /// The page's path relative to the site root, as diagnostics show it.
    pub file: &'a str,
    /// The page's full source, front matter included; spans index into it.
    pub source: &'a str,
    /// The page's slug, which names its figure folder: `figures/<slug>/<id>.svg`.
    pub slug: &'a str,
    /// The relative path from the page's HTML file to the site root: `""` or `"../"`.
    pub root: &'a str,
    /// The directives the page may use.
    pub registry: &'a Registry,
    /// The partials directive output is rendered through.
    pub partials: &'a Partials,
    /// The site's bibliography, which citations and `{cited}` sources name.
    pub bibliography: Option<&'a crate::bib::Bibliography>,
    /// The lexicon claims in words are read with; the built-in one when none.
    pub lexicon: Option<&'a crate::math::lexicon::Lexicon>,
    /// The build's readings of prose, shared by its pages.
    pub readings: Option<&'a Readings>,
}

impl<'a> PageCtx<'a> {
    /// Returns the context of a page using `registry`'s directives and built-in partials.
    pub fn new(
        registry: &'a Registry,
        file: &'a str,
        source: &'a str,
        slug: &'a str,
        root: &'a str,
    ) -> Self {
        PageCtx {
            file,
            source,
            slug,
            root,
            registry,
            partials: registry.partials(),
            bibliography: None,
            lexicon: None,
            readings: None,
        }
    }

    /// Returns the context with the build's readings of prose, and their lexicon as the
    /// site's.
    pub fn with_readings(mut self, readings: &'a Readings) -> Self {
        self.lexicon = Some(readings.lexicon());
        self.readings = Some(readings);
        self
    }

    /// Returns the context with the site's lexicon.
    pub fn with_lexicon(mut self, lexicon: Option<&'a crate::math::lexicon::Lexicon>) -> Self {
        self.lexicon = lexicon;
        self
    }

    /// Returns the context with the site's bibliography.
    pub fn with_bibliography(mut self, bibliography: Option<&'a crate::bib::Bibliography>) -> Self {
        self.bibliography = bibliography;
        self
    }

    /// Returns the context with a site's own partials.
    pub fn with_partials(mut self, partials: &'a Partials) -> Self {
        self.partials = partials;
        self
    }
}

/// A figure drawn by a directive, written to `figures/<slug>/<id>.svg`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The stable id within the page.
    pub id: String,
    /// The standalone SVG document.
    pub svg: String,
    /// The 1-based line of the directive that drew it.
    pub line: usize,
    /// The id of the element the figure sits in, for `page.html#anchor` links.
    pub anchor: String,
}

/// A page's events after expansion, with everything the directives produced.
#[derive(Debug, Default)]
pub struct Expanded<'a> {
    /// The page's events with directives and roles replaced by their output.
    pub events: Vec<(Event<'a>, Range<usize>)>,
    /// The figures drawn on this page.
    pub figures: Vec<Figure>,
    /// The claims made on this page.
    pub claims: Vec<Claim>,
    /// Errors, warnings and verbose notes found on this page.
    pub diagnostics: Vec<Diagnostic>,
    /// The keys of the works the page cites, in the order of first citation.
    pub cited: Vec<String>,
    /// The English names and units of the games the page defines, which the reader's eye
    /// reads the rendered page with.
    pub games: Vec<GameWords>,
}

/// A block directive read in the first phase: the spec the second phase evaluates.
struct ReadBlock {
    directive: &'static dyn Directive,
    spec: Box<dyn Spec>,
    /// The block from its fence to its closing fence.
    span: Range<usize>,
    /// The `:caption:` value and where it starts, read again for its claims.
    caption: Option<(String, usize)>,
}

/// A page read in the first phase: its events, every block directive's spec, and what
/// was found wrong. The second phase evaluates these specs; nothing is parsed twice.
pub struct Prepared<'a> {
    events: Vec<(Event<'a>, Range<usize>)>,
    /// The specs of the blocks that read without error, by the fence's offset.
    blocks: BTreeMap<usize, ReadBlock>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Prepared<'a> {
    /// Returns the page's events.
    pub fn events(&self) -> &[(Event<'a>, Range<usize>)] {
        &self.events
    }

    /// Returns what reading the page found wrong (and notes), leaving none behind.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }
}

/// Reads every block directive and role on a page and validates its options into specs,
/// without evaluating anything, so a typo is reported at once however heavy the page is.
pub fn prepare<'a>(ctx: &PageCtx<'_>, events: Vec<(Event<'a>, Range<usize>)>) -> Prepared<'a> {
    let shared = Shared::new();
    let mut cx = Cx::new(ctx, &shared, false);
    let mut blocks = BTreeMap::new();
    let mut in_code = false;
    for (event, span) in &events {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                if let CodeBlockKind::Fenced(info) = kind {
                    if parse::directive_name(info).is_some() {
                        if let Some(read) = read_block(&mut cx, span.clone()) {
                            blocks.insert(span.start, read);
                        }
                    } else {
                        markup::fence_slip(&mut cx, info, span);
                    }
                }
            }
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Code(_) if parse::role_before(ctx.source, span.start).is_none() => {
                markup::role_slip(&mut cx, span.start);
            }
            Event::Text(_) if !in_code => markup::unclosed_role(&mut cx, span),
            _ => {}
        }
    }
    Prepared {
        events,
        blocks,
        diagnostics: cx.finish().2,
    }
}

/// Evaluates every directive, role and checked math span of a prepared page. What the
/// first phase found stays in `prepared`; the site reports it before evaluating.
pub fn expand<'a>(ctx: &PageCtx<'_>, shared: &Shared, prepared: Prepared<'a>) -> Expanded<'a> {
    let mut cx = Cx::new(ctx, shared, false);
    let mut events = expand_events(&mut cx, &prepared.blocks, prepared.events);
    let cited = cite::references(&cx, &mut events);
    let games = cx.game_words();
    let (figures, claims, diagnostics) = cx.finish();
    Expanded {
        events,
        figures,
        claims,
        diagnostics,
        cited,
        games,
    }
}

/// Evaluates a prepared page as [`expand`] does, trying every claim perturbed as well
/// (`check --mutate`): the claims whose perturbed copy still passes are reported first.
/// One evaluation serves both, since perturbing changes nothing but those reports.
pub fn expand_mutating<'a>(
    ctx: &PageCtx<'_>,
    shared: &Shared,
    prepared: Prepared<'a>,
) -> Expanded<'a> {
    let mut cx = Cx::new(ctx, shared, true);
    let mut events = expand_events(&mut cx, &prepared.blocks, prepared.events);
    let cited = cite::references(&cx, &mut events);
    let games = cx.game_words();
    let (figures, claims, diagnostics) = cx.finish();
    let (mut vacuous, others): (Vec<Diagnostic>, Vec<Diagnostic>) = diagnostics
        .into_iter()
        .partition(|d| d.code == context::VACUOUS);
    vacuous.extend(others);
    Expanded {
        events,
        figures,
        claims,
        diagnostics: vacuous,
        cited,
        games,
    }
}

/// Reads and evaluates a page's events in one go, with the first phase's diagnostics
/// first: for callers that evaluate a page whether or not it reads cleanly.
pub fn expand_page<'a>(
    ctx: &PageCtx<'_>,
    shared: &Shared,
    events: Vec<(Event<'a>, Range<usize>)>,
) -> Expanded<'a> {
    let mut prepared = prepare(ctx, events);
    let mut diagnostics = prepared.take_diagnostics();
    let mut expanded = expand(ctx, shared, prepared);
    diagnostics.append(&mut expanded.diagnostics);
    expanded.diagnostics = diagnostics;
    expanded
}

/// Perturbs each claim on a prepared page in turn and returns a diagnostic for every claim
/// whose perturbed copy still passes: a vacuous check (`check --mutate`).
pub fn find_vacuous(
    ctx: &PageCtx<'_>,
    shared: &Shared,
    prepared: &Prepared<'_>,
) -> Vec<Diagnostic> {
    let mut cx = Cx::new(ctx, shared, true);
    expand_events(&mut cx, &prepared.blocks, prepared.events.clone());
    cx.finish()
        .2
        .into_iter()
        .filter(|d| d.code == context::VACUOUS)
        .collect()
}

/// Walks the events, replacing directive blocks, roles and checked math.
fn expand_events<'a>(
    cx: &mut Cx<'_>,
    blocks: &BTreeMap<usize, ReadBlock>,
    events: Vec<(Event<'a>, Range<usize>)>,
) -> Vec<(Event<'a>, Range<usize>)> {
    let mut out: Vec<(Event<'a>, Range<usize>)> = Vec::with_capacity(events.len());
    // A sentence may speak of a game a block further down defines.
    for (start, read) in blocks {
        for words in read.spec.defines() {
            cx.foresee(*start, words);
        }
    }
    let mut iter = events.into_iter().peekable();
    // How deep the open tags are, and whether the text is code, for waivers and prose.
    let (mut depth, mut in_code) = (0usize, false);
    let mut run = prose::Run::default();
    let mut sections = prose::Sections::default();
    // A table being read, for the rows a header's expression states.
    let mut table: Option<tables::Table> = None;
    // A code block being read, for the numbers it shows.
    let mut code: Option<codeblock::Block> = None;
    while let Some((event, span)) = iter.next() {
        match &event {
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.as_ref(),
                    CodeBlockKind::Indented => "",
                };
                code = Some(codeblock::Block::new(info, span.clone()));
            }
            Event::End(TagEnd::Paragraph) => codeblock::paragraph(cx, span.clone()),
            Event::End(TagEnd::CodeBlock) => {
                in_code = false;
                if let Some(block) = code.take() {
                    codeblock::check(cx, block);
                }
            }
            Event::Text(text) if in_code => {
                if let Some(block) = code.as_mut() {
                    block.push(cx.page.source, text, span.clone());
                }
            }
            Event::Start(Tag::Heading { level, .. }) => sections.start(*level as u8),
            Event::End(TagEnd::Heading(_)) => {
                sections.end(cx.lexicon());
                run.set_section(sections.game());
            }
            Event::Start(Tag::Table(_)) => table = Some(tables::Table::default()),
            Event::Start(Tag::TableHead | Tag::TableRow) => {
                if let Some(t) = table.as_mut() {
                    t.row();
                }
            }
            Event::Start(Tag::TableCell) => {
                if let Some(t) = table.as_mut() {
                    t.cell();
                }
            }
            Event::End(TagEnd::TableCell) => {
                if let Some(t) = table.as_mut() {
                    t.end_cell();
                }
            }
            Event::End(TagEnd::Table) => {
                if let Some(t) = table.take() {
                    let anchors = tables::check(cx, t);
                    prose::place_anchors(&mut out, anchors, span.start);
                }
            }
            _ => {}
        }
        // Inline markup and line breaks do not end a run of prose; anything else does.
        let inline = match &event {
            Event::Start(tag) => matches!(
                tag,
                Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. }
            ),
            Event::End(tag) => matches!(
                tag,
                TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link
            ),
            Event::Text(_) | Event::SoftBreak | Event::HardBreak => !in_code,
            // A claim may run from math into text ("$2 \otimes 2$ = 3").
            Event::InlineMath(_) | Event::DisplayMath(_) => true,
            Event::InlineHtml(html) => prose::is_formatting_tag(html),
            _ => false,
        };
        if !inline {
            run.flush(cx, &mut out);
        }
        match event {
            Event::Start(ref tag) if !matches!(tag, Tag::CodeBlock(CodeBlockKind::Fenced(_))) => {
                if let Tag::Link { title, .. } | Tag::Image { title, .. } = tag {
                    shown_title(cx, title, &span);
                }
                depth += 1;
                cx.enter_block(depth, span.start);
                out.push((event, span));
            }
            Event::End(_) => {
                cx.leave_block(depth, span.end);
                depth = depth.saturating_sub(1);
                out.push((event, span));
            }
            Event::Html(ref html) | Event::InlineHtml(ref html)
                if prose::waiver(html).is_some() =>
            {
                let reason = prose::waiver(html).unwrap_or_default();
                if reason.is_empty() {
                    cx.error(
                        DirectiveError::new(
                            Code::UnusedWaiver,
                            span.clone(),
                            "a waiver needs a reason",
                        )
                        .with_label(
                            "say why this is prose, as in `<!-- unchecked: a definition -->`",
                        ),
                    );
                }
                let inline = matches!(event, Event::InlineHtml(_)) && depth > 0;
                cx.begin_waiver(reason, span.clone(), inline.then_some(depth));
                out.push((event, span));
            }
            // A list item or block that opens with a waiver: the waiver covers the block.
            Event::Html(ref html) if prose::leading_waiver(html).is_some() => {
                let (reason, len) = prose::leading_waiver(html).unwrap_or_default();
                if reason.is_empty() {
                    cx.error(
                        DirectiveError::new(
                            Code::UnusedWaiver,
                            span.start..span.start + len,
                            "a waiver needs a reason",
                        )
                        .with_label(
                            "say why this is prose, as in `<!-- unchecked: a definition -->`",
                        ),
                    );
                }
                cx.begin_waiver(reason, span.start..span.start + len, Some(depth));
                let shown = prose::shown_text(&html[len..]);
                prose::scan_text(cx, &shown, span.start + len);
                prose::waive_unread(cx, &shown, span.start + len..span.end);
                // At the top, the HTML block is the whole block the waiver covers.
                if depth == 0 {
                    cx.end_waiver(Some(span.end));
                }
                markup::html_slip(cx, html, span.start);
                out.push((event, span));
            }
            Event::InlineHtml(ref html) if cx.page.source.get(span.clone()) == Some(html) => {
                // A tag's attributes (`title`, `alt`) are shown to a reader.
                prose::scan_text(cx, &prose::shown_text(html), span.start);
                out.push((event, span));
            }
            Event::Html(ref html) => {
                prose::scan_text(cx, &prose::shown_text(html), span.start);
                markup::html_slip(cx, html, span.start);
                out.push((event, span));
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref info)))
                if parse::directive_name(info).is_some() =>
            {
                in_code = false;
                code = None;
                // A game declared inside a section is the one its paragraphs speak of.
                if blocks
                    .get(&span.start)
                    .is_some_and(|b| !b.spec.defines().is_empty())
                {
                    sections.declared();
                    run.set_section(sections.game());
                }
                cx.enter_block(depth + 1, span.start);
                // Skip the block's text; the directive reads its source directly.
                for (e, _) in iter.by_ref() {
                    if matches!(e, Event::End(TagEnd::CodeBlock)) {
                        break;
                    }
                }
                let html = blocks
                    .get(&span.start)
                    .map(|b| block(cx, b))
                    .unwrap_or_default();
                cx.leave_block(depth + 1, span.end);
                out.push((Event::Html(CowStr::from(html)), span));
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => {
                depth += 1;
                cx.enter_block(depth, span.start);
                out.push((event, span));
            }
            Event::Code(code) => match parse::role_before(cx.page.source, span.start) {
                Some((name, name_span)) if trim_role_name(&mut out, &name_span) => {
                    let role_span = name_span.start..span.end;
                    out.extend(roles::evaluate(cx, &name, role_span, span.clone()));
                }
                // A slip such as `{Nim}` was reported when the page was prepared.
                _ => {
                    prose::waived_code(cx, &code, &span);
                    out.push((Event::Code(code), span))
                }
            },
            Event::Text(text) if !in_code => {
                let (text, span) = merge_text(cx.page.source, text, span, &mut iter);
                // The text merged whole: "[", "00:05:00", "]" and " Kayles" of a heading.
                sections.text(&text);
                if text.contains('$') {
                    markup::dollar_slip(cx, &span);
                }
                // Citations become links; the prose reader sees blanks in their place.
                if let Some((blanked, parts)) = cite::split(cx, &text, &span) {
                    run.push_blanked(&blanked, span.clone(), out.len());
                    if let Some(t) = table.as_mut() {
                        t.text(&blanked, span.clone(), out.len());
                    }
                    for (part, part_span) in parts {
                        match part {
                            Event::Text(t) => out.extend(prose::scan_event(
                                cx, t, part_span, false, None, None, false,
                            )),
                            other => out.push((other, part_span)),
                        }
                    }
                    continue;
                }
                let broken = matches!(iter.peek(), Some((Event::SoftBreak, _)));
                if let Some(t) = table.as_mut() {
                    t.text(&text, span.clone(), out.len());
                }
                let after = run.after_break();
                let opens = run.is_empty();
                let game = run
                    .game_before(cx, &text, &span)
                    .or_else(|| sections.game());
                let taken = run.push(cx.page.source, &text, span.clone(), out.len(), broken);
                let before = (taken && (after || broken)).then_some(&mut run);
                let game = game.as_deref();
                out.extend(prose::scan_event(
                    cx,
                    text,
                    span,
                    taken && broken,
                    before,
                    game,
                    opens,
                ));
            }
            Event::InlineMath(latex) => {
                if let Some(text) = lint::linear(&latex) {
                    run.push_math(&text, span.clone(), out.len());
                }
                out.extend(mathspan::lint(cx, latex, span, false));
            }
            Event::DisplayMath(latex) => {
                if let Some(text) = lint::linear(&latex) {
                    run.push_math(&text, span.clone(), out.len());
                }
                out.extend(mathspan::lint(cx, latex, span, true));
            }
            other => out.push((other, span)),
        }
    }
    run.flush(cx, &mut out);
    statements::check_deferred(cx, true);
    out
}

/// Checks the claims in a link's or image's title, which a reader sees as a tooltip.
fn shown_title(cx: &mut Cx<'_>, title: &str, span: &Range<usize>) {
    if title.trim().is_empty() {
        return;
    }
    let written = cx.page.source.get(span.clone()).unwrap_or("");
    // The title as written in the link, else where a reference definition writes it; one
    // written with escapes or entities is read from the rendered page.
    let at = written
        .rfind(title)
        .map(|at| span.start + at)
        .or_else(|| cx.page.source.find(title));
    if let Some(at) = at {
        prose::scan_text(cx, title, at);
    }
}

/// Joins the text events that follow `text` with no gap, each exactly its source, into one:
/// the parser splits text at a `<` it tries as HTML, and "∃ x < 16: x ⊗ x = 3" is one claim.
fn merge_text<'a>(
    source: &str,
    text: CowStr<'a>,
    span: Range<usize>,
    iter: &mut std::iter::Peekable<impl Iterator<Item = (Event<'a>, Range<usize>)>>,
) -> (CowStr<'a>, Range<usize>) {
    let exact = |t: &str, s: &Range<usize>| source.get(s.clone()) == Some(t);
    if !exact(&text, &span) {
        return (text, span);
    }
    let (mut text, mut span) = (text, span);
    while let Some((Event::Text(next), next_span)) = iter.peek() {
        if next_span.start != span.end || !exact(next, next_span) {
            break;
        }
        span.end = next_span.end;
        text = CowStr::from(source[span.clone()].to_string());
        iter.next();
    }
    (text, span)
}

/// Removes the `{name}` of a role from the end of the text already emitted; returns false
/// if the text before the code span is not plain text ending in it.
fn trim_role_name(out: &mut Vec<(Event<'_>, Range<usize>)>, name_span: &Range<usize>) -> bool {
    let mut remaining = name_span.len();
    let mut cut = Vec::new();
    for (i, (event, span)) in out.iter().enumerate().rev() {
        let Event::Text(text) = event else {
            return false;
        };
        if span.end != name_span.start + remaining || text.len() != span.len() {
            return false;
        }
        let take = remaining.min(text.len());
        cut.push((i, text.len() - take));
        remaining -= take;
        if remaining == 0 {
            break;
        }
    }
    if remaining != 0 {
        return false;
    }
    for (i, keep) in cut {
        let (event, span) = &mut out[i];
        if keep == 0 {
            out.remove(i);
        } else if let Event::Text(text) = event {
            *event = Event::Text(CowStr::from(text[..keep].to_string()));
            span.end = span.start + keep;
        }
    }
    true
}

/// Evaluates one block directive read in the first phase, returning its HTML (empty on
/// error).
fn block(cx: &mut Cx<'_>, read: &ReadBlock) -> String {
    cx.set_block(read.span.clone());
    let evaluated = read.spec.evaluate(cx);
    // The claims above that wait for the games it defined.
    statements::check_deferred(cx, false);
    let mut view = match evaluated {
        Ok(view) => view,
        Err(e) => {
            cx.error(e);
            return String::new();
        }
    };
    // Read after the directive, so a caption may speak of the game it defines.
    if let Some((caption, start)) = &read.caption {
        prose::scan_caption(cx, caption, *start);
    }
    view.name = read.directive.name();
    match cx.page.partials.render(&view) {
        Ok(html) => html,
        Err(e) => {
            let message = format!("cannot render `directives/{}.html`: {e}", view.name);
            cx.error(DirectiveError::new(
                Code::Template,
                read.span.clone(),
                message,
            ));
            String::new()
        }
    }
}

/// Parses one block directive and reads its options into a spec, recording any error.
fn read_block(cx: &mut Cx<'_>, span: Range<usize>) -> Option<ReadBlock> {
    let parsed = match parse::parse_block(cx.page.source, span) {
        Ok(b) => b,
        Err(e) => {
            cx.error(DirectiveError::new(Code::Syntax, e.span, e.message));
            return None;
        }
    };
    let Some(directive) = cx.page.registry.get(&parsed.name) else {
        let names = cx.page.registry.names();
        let mut err = DirectiveError::new(
            Code::UnknownDirective,
            parsed.name_span.clone(),
            format!("unknown directive `{{{}}}`", parsed.name),
        )
        .with_note(format!("the directives are {}", list(&names, "{", "}")));
        if let Some(near) = parse::nearest(&parsed.name, &names) {
            err = err.with_label(format!("did you mean `{{{near}}}`?"));
        }
        cx.error(err);
        return None;
    };
    let checked = Args::validate(parsed, directive.options(), directive.body()).and_then(|args| {
        let caption = args.get("caption").map(|c| (c.value.clone(), c.span.start));
        if let Some((text, start)) = &caption {
            prose::scan_text(cx, text, *start);
        }
        directive.spec(&args).map(|spec| ReadBlock {
            directive,
            spec,
            span: args.span(),
            caption,
        })
    });
    match checked {
        Ok(read) => Some(read),
        Err(errors) => {
            errors.into_iter().for_each(|e| cx.error(e));
            None
        }
    }
}

/// Joins names as "`{a}`, `{b}` and `{c}`".
fn list(names: &[&str], open: &str, close: &str) -> String {
    let quoted: Vec<String> = names
        .iter()
        .map(|n| format!("`{open}{n}{close}`"))
        .collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}
