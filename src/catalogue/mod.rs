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
    use crate::diagnostics::Diagnostic;
    use crate::engine::{Args, Cx, Directive, DirectiveError, PageCtx, Shared, View, parse};

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
