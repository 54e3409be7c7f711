//! The nimber calculator behind `nimsite eval` and `nimsite products`.

use std::process::ExitCode;

/// Prints the value of each expression; exits 1 when a comparison is false.
pub fn eval(exprs: &[String]) -> ExitCode {
    let _ = exprs;
    eprintln!("error: eval is not available yet");
    ExitCode::FAILURE
}

/// Reads Library Checker's nim_product_64 input on stdin and prints each product.
pub fn products() -> ExitCode {
    eprintln!("error: products is not available yet");
    ExitCode::FAILURE
}
