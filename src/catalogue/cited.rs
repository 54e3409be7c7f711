//! `{cited}`: a fact stated on the literature's authority, recorded in the ledger as cited
//! and not checked. `:source:` names the works it is taken from by their keys in
//! `references.bib`, separated by `;`, each with an optional locator:
//! `:source: guy1956; bcg1982, chap. 4`.

use std::ops::Range;

use serde::Serialize;

use crate::bib::Cite;
use crate::diagnostics::Code;
use crate::engine::{Args, Body, Cx, Directive, DirectiveError, Opt, Spec, Status, View};

/// The `{cited}` directive.
pub struct Cited;

/// A `{cited}` as written.
#[derive(Debug)]
struct CitedSpec {
    lines: Vec<(String, usize)>,
    /// The works named, each with the span of its key in the page.
    sources: Vec<(Cite, Range<usize>)>,
    /// The id the claims resting on it name, when given.
    id: Option<String>,
    span: Range<usize>,
    caption: Option<String>,
}

impl Directive for Cited {
    fn name(&self) -> &'static str {
        "cited"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/cited.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required(
                "source",
                "the keys in references.bib of the works the fact is taken from, separated by `;`",
            ),
            Opt::optional(
                "id",
                "the statement's id, which the claims resting on it name, such as octal-periodicity",
            ),
        ];
        OPTIONS
    }

    fn body(&self) -> Body {
        Body::Required("the fact, in a sentence")
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let sources = sources(args).map_err(|e| vec![e])?;
        Ok(Box::new(CitedSpec {
            lines: args
                .body()
                .iter()
                .map(|(l, span)| (l.clone(), span.start))
                .collect(),
            sources,
            id: statement_id(args)?,
            span: args.span(),
            caption: args.caption().map(str::to_string),
        }))
    }
}

/// Reads `:id:`: letters, digits and hyphens.
fn statement_id(args: &Args) -> Result<Option<String>, Vec<DirectiveError>> {
    let Some(id) = args.text("id").map(str::trim) else {
        return Ok(None);
    };
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(vec![
            DirectiveError::new(
                Code::BadValue,
                args.span_of("id"),
                format!("`:id:` must be letters, digits and hyphens, not `{id}`"),
            )
            .with_label("not an id"),
        ]);
    }
    Ok(Some(id.to_string()))
}

/// Reads `:source:` into keys with their spans: `key` or `key, locator`, split by `;`.
fn sources(args: &Args) -> Result<Vec<(Cite, Range<usize>)>, DirectiveError> {
    let text = args.text("source").unwrap_or_default();
    crate::engine::cite::read_sources(text, args.span_of("source").start)
}

/// What the `{cited}` partial shows.
#[derive(Serialize)]
struct CitedView<'a> {
    statement: &'a str,
    /// The citation, linked to the page's references, as HTML.
    source_html: &'a str,
}

impl Spec for CitedSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let base = self
            .id
            .clone()
            .unwrap_or_else(|| format!("cited-{}", cx.line(self.span.start)));
        let id = cx.anchor(&base);
        // A cited fact may still hold checkable claims: roles and plain-text equations.
        let mut shown = Vec::new();
        for (line, start) in &self.lines {
            crate::engine::prose::scan_text(cx, line, *start);
            shown.push(
                crate::engine::roles::in_text(cx, line, *start)
                    .trim()
                    .to_string(),
            );
        }
        let statement = shown.join(" ").trim().to_string();
        let source_html = crate::engine::cite::cite_group(cx, &self.sources, 0);
        let keys: Vec<String> = self.sources.iter().map(|(c, _)| c.key.clone()).collect();
        let group: Vec<Cite> = self.sources.iter().map(|(c, _)| c.clone()).collect();
        let evidence = cx
            .page
            .bibliography
            .map_or_else(|| keys.join("; "), |b| b.plain(&group));
        let statement_id = self
            .id
            .clone()
            .unwrap_or_else(|| format!("{}#{id}", cx.page.slug));
        let check = crate::engine::Check {
            kind: crate::ledger::ClaimKind::Cited,
            span: self.span.clone(),
            anchor: id.clone(),
            statement: statement.clone(),
            evidence,
        };
        cx.cite(check, statement_id, keys);
        let data = CitedView {
            statement: &statement,
            source_html: &source_html,
        };
        Ok(View::new(&id, Status::Cited, data).with_caption(self.caption.as_deref()))
    }
}

#[cfg(test)]
mod tests {
    use crate::bib::{Bibliography, DEFAULT_STYLE};
    use crate::catalogue::testing::evaluate_citing;
    use crate::diagnostics::Code;
    use crate::ledger::Outcome;

    fn bibliography() -> Bibliography {
        let bib = "@book{zorn1950, author = {Zorn, Max}, title = {A Book}, publisher = {Press}, year = {1950}}\n";
        Bibliography::parse(bib, DEFAULT_STYLE).expect("reads")
    }

    #[test]
    fn a_cited_fact_is_recorded_on_authority_with_its_source() {
        let bib = bibliography();
        let page = evaluate_citing(
            "```{cited}\n:source: zorn1950\nEvery nonzero nimber has an inverse.\n```\n",
            Some(&bib),
        );
        assert_eq!(page.held(), 1);
        assert_eq!(page.claims[0].outcome, Outcome::Cited);
        assert!(
            page.html
                .contains("<p>Every nonzero nimber has an inverse.</p>"),
            "{}",
            page.html
        );
        assert!(
            page.html.contains("Cited, not checked here:"),
            "{}",
            page.html
        );
    }

    #[test]
    fn a_false_claim_inside_a_cited_fact_still_fails() {
        let bib = bibliography();
        let page = evaluate_citing(
            "```{cited}\n:source: zorn1950\nSo {nim}`2*2 = 2`.\n```\n",
            Some(&bib),
        );
        assert_eq!(page.codes(), [Code::StaleClaim]);
    }

    #[test]
    fn an_unknown_work_and_a_bad_id_are_refused() {
        let bib = bibliography();
        let page = evaluate_citing(
            "```{cited}\n:source: nobody1900\nA fact.\n```\n",
            Some(&bib),
        );
        assert_eq!(page.codes(), [Code::UnknownCitation]);
        let page = evaluate_citing(
            "```{cited}\n:source: zorn1950\n:id: not an id\nA fact.\n```\n",
            Some(&bib),
        );
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
