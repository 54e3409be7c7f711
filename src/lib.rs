//! nimsite builds a static site of essays on nimbers whose numbers, figures and claims are
//! computed and checked at build time by its own nimber core.

pub mod bib;
pub mod catalogue;
pub mod cli;
pub mod diagnostics;
pub mod engine;
pub mod escape;
pub mod figure;
pub mod html;
pub mod ledger;
pub mod lsp;
pub mod math;
pub use nimsite_core::nimber;
pub mod scaffold;
pub mod serve;
pub mod site;
pub mod stmt;
