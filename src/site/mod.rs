//! The site: content discovery, front matter, Markdown, templates and atomic output.

mod commands;
pub mod compile;
pub mod content;
pub mod front_matter;
pub mod links;
pub mod output;
pub mod render;
pub mod scaffold;
pub mod serve;
pub mod templates;

pub use commands::{build, check, new_page, serve};
pub use compile::{Cache, CompileOptions, Compiled, compile};
