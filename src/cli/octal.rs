//! `nimsite octal CODE [--upto N]`: an octal game's values and its proved period, so an
//! author can explore a game before writing a `{octal}` directive for it.
//!
//! The values print in rows of one period once a period is proved (exceptions marked
//! with `*`), in rows of twelve otherwise, then a line that states the period and the range
//! that proves it by the octal periodicity theorem, or says that none was proved.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::nimber::{OctalCode, OctalGame};

use super::{print_err, print_out};

/// How many values `nimsite octal` computes without `--upto`.
pub const OCTAL_DEFAULT_UPTO: usize = 1000;

/// Prints the values of the octal game `code` below `upto` and its proved period; exits 2
/// for a bad code or a bound past its limit.
pub fn octal(code: &str, upto: usize) -> ExitCode {
    let parsed = match OctalCode::parse(code) {
        Ok(c) => c,
        Err(e) => {
            print_err(&format!("error: {e}\n  {code}\n  {}^\n", " ".repeat(e.at)));
            return ExitCode::from(2);
        }
    };
    match OctalGame::compute(&parsed, upto) {
        Ok(game) => {
            print_out(&format_octal(&game));
            ExitCode::SUCCESS
        }
        Err(e) => {
            print_err(&format!("error: {code}: {e}\n"));
            ExitCode::from(2)
        }
    }
}

/// Returns the text `nimsite octal` prints for a computed game.
pub fn format_octal(game: &OctalGame) -> String {
    let values = game.values();
    let width = values.iter().max().map_or(1, |m| m.to_string().len()) + 1;
    let row = game.period().map_or(12, |p| p.period.clamp(1, 64));
    let label = values.len().saturating_sub(1).to_string().len();
    let mut out = format!(
        "octal game {}: G(0) … G({})\n",
        game.code(),
        values.len().saturating_sub(1)
    );
    for (start, chunk) in values.chunks(row).enumerate().map(|(i, c)| (i * row, c)) {
        let _ = write!(out, "{start:>label$}:");
        for (i, v) in chunk.iter().enumerate() {
            let mark = if game.is_exception(start + i) {
                "*"
            } else {
                " "
            };
            let _ = write!(out, "{v:>width$}{mark}");
        }
        out.push('\n');
    }
    match game.period() {
        Some(p) => {
            let _ = writeln!(
                out,
                "period {} from n = {} (last exception {}): G(n + {}) = G(n) checked for {} ≤ n < {}, so for every n ≥ {} by the octal periodicity theorem (Guy and Smith, 1956)",
                p.period,
                p.preperiod,
                p.preperiod
                    .checked_sub(1)
                    .map_or("none".into(), |n| n.to_string()),
                p.period,
                p.preperiod,
                p.checked_below,
                p.preperiod
            );
            let exceptions = (0..p.preperiod).filter(|&n| game.is_exception(n)).count();
            let _ = writeln!(out, "{exceptions} exceptions, marked *");
        }
        None => {
            let _ = writeln!(
                out,
                "no period proved within the {} values computed; try a larger --upto",
                values.len()
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_prints_its_period_and_marks_its_exceptions() {
        let game = OctalGame::compute(&"0.77".parse().unwrap(), 200).unwrap();
        let text = format_octal(&game);
        assert!(
            text.contains("period 12 from n = 71 (last exception 70)"),
            "{text}"
        );
        assert!(text.contains("14 exceptions"), "{text}");
        assert!(text.lines().nth(1).unwrap().starts_with("  0:"), "{text}");
    }

    #[test]
    fn too_few_values_say_so() {
        let game = OctalGame::compute(&"0.77".parse().unwrap(), 100).unwrap();
        assert!(format_octal(&game).contains("no period proved within the 100 values"));
    }
}
