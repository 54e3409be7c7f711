//! Math: LaTeX to MathML at build time, and the lint that checks plain nimber equations.

pub mod closure;
pub mod lexicon;
pub mod lint;
pub mod mathml;
pub mod rules;
