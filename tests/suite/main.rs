//! The integration tests, in one crate so the library is linked once: each module
//! drives the real binary or the public API the way an author or a reader would.

mod bad_input;
mod bookkeeping;
mod browser;
mod budgets;
mod calc;
mod catalogue;
mod claims;
mod common;
mod commonmark;
mod directive_claims;
mod directives;
mod escaping;
mod figures;
mod fuzz;
mod games;
mod held_out;
mod hostile;
mod hostile_input;
mod layers;
mod lsp;
mod octal;
mod ordinals;
mod output_safety;
mod readme;
mod scale;
mod seen;
mod serve_safety;
mod settings_safety;
mod site_build;
mod site_crash;
mod site_new;
mod site_serve;
mod site_start;
mod words;
mod workflows;
