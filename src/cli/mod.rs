//! The command line's own parts: the nimber calculator behind `nimsite eval`, the Library
//! Checker answerer behind `nimsite products`, the octal-game table behind `nimsite octal`, progress on stderr, and how the user
//! invoked the program. Only this layer and `main.rs` print or choose exit codes.

mod eval;
mod invocation;
mod octal;
mod products;
mod progress;

pub use eval::{eval, eval_with, octal_games, render_error};
pub use invocation::build_command;
pub use octal::{OCTAL_DEFAULT_UPTO, format_octal, octal};
pub use products::{
    ProductsError, ProductsErrorKind, format_products, parse_queries, products, products_io,
};
pub use progress::Reporter;

use std::io::Write;

/// Writes text to stdout; a closed pipe (`nimsite build | head`) or any other failure is
/// ignored, since there is nowhere left to report it.
pub fn print_out(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Writes text to stderr, ignoring failure as [`print_out`] does.
pub fn print_err(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
