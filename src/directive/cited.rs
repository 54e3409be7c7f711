//! `{cited}`: a fact stated on the literature's authority, recorded in the ledger as cited
//! and not checked.

use super::{Args, Cx, Directive, DirectiveError, Opt, html};
use crate::diagnostics::Code;

/// The `{cited}` directive.
pub struct Cited;

impl Directive for Cited {
    fn name(&self) -> &'static str {
        "cited"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("source", "the work the fact is taken from")];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        let statement: Vec<&str> = args.body().iter().map(|(l, _)| l.trim()).collect();
        let statement = statement.join(" ").trim().to_string();
        if statement.is_empty() {
            return Err(DirectiveError::new(
                Code::MissingBody,
                args.name_span(),
                "`{cited}` needs a body: the fact, in a sentence",
            ));
        }
        let source = args.text("source").unwrap_or_default().to_string();
        let id = cx.anchor(&format!("cited-{}", cx.line(args.span().start)));
        cx.cite(args.span(), id.clone(), statement.clone(), source.clone());
        let inner = format!(
            "<p>{}</p>\n<p class=\"source\">Cited, not checked here: {}</p>\n",
            html::escape(&statement),
            html::escape(&source)
        );
        Ok(html::wrap("cited", &id, "cited", args.caption(), &inner))
    }
}
