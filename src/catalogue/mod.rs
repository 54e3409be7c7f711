//! The directive catalogue: one file per block directive and the registry, the only list
//! of them. Each file declares its directive's name, options and partial, reads its
//! options into a typed spec and evaluates it with the nimber core into a view. Directives
//! use the engine and never one another; what several of them compute once per build (the
//! definition's tables and field checks) is in `shared.rs`, and a result one directive
//! caches is a type in its own file, kept in the engine's store.

mod cited;
mod claim;
mod cost;
mod define;
mod derivation;
mod excess;
mod expect;
mod fermat;
mod field_check;
mod game_check;
mod game_view;
mod inverses;
mod minpoly;
mod octal;
mod ordinal_table;
mod quadratic;
pub mod shared;
mod sizes;
mod squares;
mod subfields;
mod table;

use crate::engine::Registry;
pub(crate) use define::prove_period;

/// Every block directive, in the order the README lists them.
static REGISTRY: Registry = Registry::new(&[
    &table::Table,
    &field_check::FieldCheck,
    &sizes::Sizes,
    &inverses::Inverses,
    &derivation::Derivation,
    &squares::Squares,
    &game_check::GameCheck,
    &cost::Cost,
    &subfields::Subfields,
    &quadratic::Quadratic,
    &fermat::Fermat,
    &minpoly::Minpoly,
    &claim::ClaimBlock,
    &cited::Cited,
    &ordinal_table::OrdinalTable,
    &excess::Excess,
    &octal::Octal,
    &define::Define,
]);

/// Returns the registry of every block directive, for the site to hand to the engine.
pub fn registry() -> &'static Registry {
    &REGISTRY
}

/// Helpers for the directives' own tests: evaluate one block with a chosen product.
#[cfg(test)]
mod testing {
    use pulldown_cmark::{Event, Options, Parser};

    use crate::bib::Bibliography;
    use crate::diagnostics::{Code, Diagnostic};
    use crate::engine::{self, Args, Cx, Directive, DirectiveError, PageCtx, Shared, View, parse};
    use crate::ledger::{Claim, Outcome};

    /// Reads `block` with `directive`'s options and `read`, evaluates it with `eval`, and
    /// returns the diagnostics recorded, with the claims' statements.
    pub(crate) fn run<S>(
        block: &str,
        directive: &dyn Directive,
        read: impl Fn(&Args) -> Result<S, Vec<DirectiveError>>,
        eval: impl FnOnce(&S, &mut Cx<'_>) -> Result<View, DirectiveError>,
    ) -> (Vec<Diagnostic>, Vec<String>) {
        let page = PageCtx::new(super::registry(), "t.md", block, "t", "");
        let shared = Shared::new();
        let mut cx = Cx::new(&page, &shared, false);
        let parsed = parse::parse_block(block, 0..block.len()).expect("a block");
        let args =
            Args::validate(parsed, directive.options(), directive.body()).expect("valid options");
        let spec = read(&args).expect("a spec");
        eval(&spec, &mut cx).expect("evaluates");
        let (_, claims, diagnostics) = cx.finish();
        (
            diagnostics,
            claims.into_iter().map(|c| c.statement).collect(),
        )
    }

    /// A page evaluated as `check --mutate` evaluates it: every claim is also tried
    /// perturbed, and a claim whose perturbed copy still passes is reported as vacuous.
    #[derive(Debug)]
    pub(crate) struct Evaluated {
        /// The HTML the page's directives rendered, in page order.
        pub html: String,
        /// The claims recorded, with their outcomes.
        pub claims: Vec<Claim>,
        /// What reading and evaluating the page reported, in that order.
        pub diagnostics: Vec<Diagnostic>,
        /// How many figures were drawn.
        pub figures: usize,
    }

    impl Evaluated {
        /// Returns the codes reported, in order.
        pub(crate) fn codes(&self) -> Vec<Code> {
            self.diagnostics.iter().map(|d| d.code).collect()
        }

        /// Returns every message, label and note reported, for assertions on the wording.
        pub(crate) fn messages(&self) -> String {
            let mut out = Vec::new();
            for d in &self.diagnostics {
                out.push(d.message.clone());
                out.push(d.label.clone());
                out.extend(d.notes.iter().cloned());
            }
            out.join("\n")
        }

        /// Returns how many claims were recorded, checking that every one held and none
        /// was vacuous: the page reported nothing at all.
        pub(crate) fn held(&self) -> usize {
            assert!(self.diagnostics.is_empty(), "{}", self.messages());
            assert!(
                self.claims.iter().all(|c| c.outcome != Outcome::Fails),
                "{:?}",
                self.claims
            );
            self.claims.len()
        }
    }

    /// Evaluates `source` as a page with the site's directives and no bibliography.
    pub(crate) fn evaluate(source: &str) -> Evaluated {
        evaluate_citing(source, None)
    }

    /// Evaluates `source` as a page with the site's directives and `bibliography`.
    pub(crate) fn evaluate_citing(source: &str, bibliography: Option<&Bibliography>) -> Evaluated {
        let page = PageCtx::new(super::registry(), "t.md", source, "t", "")
            .with_bibliography(bibliography);
        let options = Options::ENABLE_MATH | Options::ENABLE_TABLES;
        let events = Parser::new_ext(source, options)
            .into_offset_iter()
            .collect();
        let mut prepared = engine::prepare(&page, events);
        let mut diagnostics = prepared.take_diagnostics();
        let shared = Shared::new();
        let expanded = engine::expand_mutating(&page, &shared, prepared);
        diagnostics.extend(expanded.diagnostics);
        let html = expanded
            .events
            .iter()
            .filter_map(|(e, _)| match e {
                Event::Html(h) => Some(h.to_string()),
                _ => None,
            })
            .collect();
        Evaluated {
            html,
            claims: expanded.claims,
            diagnostics,
            figures: expanded.figures.len(),
        }
    }

    /// Returns how many of the diagnostics are failed claims, checking there are no others.
    pub(crate) fn stale(diagnostics: &[Diagnostic]) -> usize {
        assert!(
            diagnostics
                .iter()
                .all(|d| d.code == crate::engine::context::STALE),
            "{diagnostics:?}"
        );
        diagnostics.len()
    }
}
