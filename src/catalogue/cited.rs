//! `{cited}`: a fact stated on the literature's authority, recorded in the ledger as cited
//! and not checked.

use std::ops::Range;

use serde::Serialize;

use crate::engine::{Args, Body, Cx, Directive, DirectiveError, Opt, Spec, Status, View};

/// The `{cited}` directive.
pub struct Cited;

/// A `{cited}` as written.
#[derive(Debug)]
struct CitedSpec {
    lines: Vec<(String, usize)>,
    source: String,
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
        const OPTIONS: &[Opt] = &[Opt::required("source", "the work the fact is taken from")];
        OPTIONS
    }

    fn body(&self) -> Body {
        Body::Required("the fact, in a sentence")
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        Ok(Box::new(CitedSpec {
            lines: args
                .body()
                .iter()
                .map(|(l, span)| (l.clone(), span.start))
                .collect(),
            source: args.text("source").unwrap_or_default().to_string(),
            span: args.span(),
            caption: args.caption().map(str::to_string),
        }))
    }
}

/// What the `{cited}` partial shows.
#[derive(Serialize)]
struct CitedView<'a> {
    statement: &'a str,
    source: &'a str,
}

impl Spec for CitedSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let id = cx.anchor(&format!("cited-{}", cx.line(self.span.start)));
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
        cx.cite(
            self.span.clone(),
            id.clone(),
            statement.clone(),
            self.source.clone(),
        );
        let data = CitedView {
            statement: &statement,
            source: &self.source,
        };
        Ok(View::new(&id, Status::Cited, data).with_caption(self.caption.as_deref()))
    }
}
