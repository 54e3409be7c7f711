//! Math: LaTeX to MathML at build time, and the lint that checks plain nimber equations.

pub mod lint;
pub mod mathml;
