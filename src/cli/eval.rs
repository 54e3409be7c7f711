//! `nimsite eval`: the expression language from the shell, so a writer can try a claim
//! before putting it in an essay.

use std::io::Write;
use std::process::ExitCode;

use crate::stmt::{self, Evaluation, ExprError};

/// Prints the value of each expression; exits 1 when a comparison is false and 2 on an
/// error, after trying every expression.
pub fn eval(exprs: &[String]) -> ExitCode {
    let (mut any_false, mut any_error) = (false, false);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for src in exprs {
        match stmt::parse(src).and_then(|s| s.evaluate()) {
            Ok(Evaluation::Value(v)) => {
                let _ = writeln!(out, "{v}");
            }
            Ok(Evaluation::Comparison { holds, .. }) => {
                any_false |= !holds;
                let _ = writeln!(out, "{holds}");
            }
            Err(e) => {
                any_error = true;
                let _ = out.flush();
                eprint!("{}", render_error(src, &e));
            }
        }
    }
    if any_error {
        ExitCode::from(2)
    } else if any_false {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Renders an expression error with the expression and a caret under its span.
pub fn render_error(src: &str, e: &ExprError) -> String {
    let start = e.span.start.min(src.len());
    let end = e.span.end.clamp(start, src.len());
    let column = src.get(..start).map_or(start, |s| s.chars().count());
    let width = src.get(start..end).map_or(1, |s| s.chars().count()).max(1);
    let mut s = format!("error: {} (column {})\n", e.kind, column + 1);
    s.push_str(&format!(
        "  {src}\n  {}{}\n",
        " ".repeat(column),
        "^".repeat(width)
    ));
    if let Some(h) = e.kind.hint() {
        s.push_str(&format!("  = hint: {h}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_sit_under_the_span() {
        let src = "3 * inv(0)";
        let e = stmt::parse(src)
            .and_then(|s| s.evaluate())
            .expect_err("inv(0)");
        let text = render_error(src, &e);
        assert!(text.contains("column 5"), "{text}");
        assert!(text.contains("\n      ^^^^^^\n"), "{text}");
    }
}
