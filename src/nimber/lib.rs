//! The nimber core of nimsite as a crate of its own: pure arithmetic with no I/O and no
//! dependencies, compiled once at full optimisation for the site, its tests and its benches.

#[path = "mod.rs"]
pub mod nimber;
