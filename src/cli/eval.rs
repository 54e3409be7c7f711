//! `nimsite eval`: the statement language from the shell, so a writer can try a claim
//! before putting it in an essay.
//!
//! Each argument is read as role text ({nim}`…`), or, between `$` signs, as plain LaTeX
//! math the way the math lint reads it. A value prints as a number, or beyond the finite
//! nimbers in Cantor normal form in the syntax it was read in (`w**2*2 + w*2 + 2`), and a
//! claim as `true` or `false`; a chain, a quantified claim or a claim with two readings adds a line with
//! the cases checked, the witness or counterexample, the failing link and the reading.
//! A vacuous claim (`1 = 1`, `forall a < 0: …`) gets a note on standard error.

use std::io::Write;
use std::process::ExitCode;

use crate::math::lint::{self, Lint, Unreadable};
use crate::nimber::{OctalCode, OctalGame};
use crate::stmt::{self, ExprError, Game, Games, Statement, Value, Verdict};

/// What one argument came to.
enum Outcome {
    Value(Value),
    Claim(Box<(Statement, Verdict)>),
}

/// Prints the value of each expression; exits 1 when a claim is false and 2 on an
/// error, after trying every expression.
pub fn eval(exprs: &[String]) -> ExitCode {
    eval_with(exprs, &Games::new())
}

/// Returns the games of `--octal NAME=CODE` options, each computed to `upto` values, or
/// the message for the first that is malformed.
pub fn octal_games(specs: &[String], upto: usize) -> Result<Games, String> {
    let mut games = Games::new();
    for spec in specs {
        let Some((name, code)) = spec.split_once('=') else {
            return Err(format!(
                "error: `--octal {spec}` needs NAME=CODE, as in `--octal kayles=0.77`\n"
            ));
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(format!(
                "error: the game name `{name}` must be letters only, as in `kayles`\n"
            ));
        }
        // The check pages make of `:name:`: a claim would read these as the language's own.
        if stmt::is_reserved(name) {
            return Err(format!(
                "error: `{name}` is a function or keyword of the statement language; name the game otherwise, as in `kayles`\n"
            ));
        }
        if games.get(name).is_some() {
            return Err(format!(
                "error: `--octal {name}=…` is given twice; give each game once, under its own name\n"
            ));
        }
        let code = OctalCode::parse(code).map_err(|e| format!("error: {name}={code}: {e}\n"))?;
        let game =
            OctalGame::compute(&code, upto).map_err(|e| format!("error: {name}={code}: {e}\n"))?;
        games.insert(Game::from_octal(name, &game));
    }
    Ok(games)
}

/// Prints the value of each expression with `games` to name; exits as [`eval`] does.
pub fn eval_with(exprs: &[String], games: &Games) -> ExitCode {
    let (mut any_false, mut any_error) = (false, false);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for src in exprs {
        match evaluate(src, games) {
            Ok(Outcome::Value(v)) => {
                let _ = writeln!(out, "{v}");
            }
            Ok(Outcome::Claim(claim)) => {
                let (s, v) = &*claim;
                any_false |= !v.holds;
                let _ = write!(out, "{}", report(s, v));
                for vac in s.vacuities() {
                    let _ = out.flush();
                    eprintln!("note: `{src}` is vacuous: {vac}");
                }
            }
            Err(message) => {
                any_error = true;
                let _ = out.flush();
                eprint!("{message}");
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

/// Reads and evaluates one argument, or returns the rendered error.
fn evaluate(src: &str, games: &Games) -> Result<Outcome, String> {
    let latex = src
        .strip_prefix('$')
        .and_then(|s| s.strip_suffix('$'))
        .map(|s| s.trim_matches('$'));
    let s = match latex {
        Some(math) => match lint::lint(math) {
            Lint::Claim(s) => s,
            Lint::NoClaim => return Err(format!("error: no claim in `{math}`\n")),
            Lint::Unreadable(u) => return Err(render_unreadable(math, &u)),
        },
        None => stmt::parse(src).map_err(|e| render_error(src, &e))?,
    };
    let shown = latex.unwrap_or(src);
    let mut s = s;
    s.bind_games(games).map_err(|e| render_error(shown, &e))?;
    if !s.is_claim() {
        return s
            .value()
            .map(Outcome::Value)
            .map_err(|e| render_error(shown, &e));
    }
    let v = s.check().map_err(|e| render_error(shown, &e))?;
    Ok(Outcome::Claim(Box::new((s, v))))
}

/// Returns `true` or `false`, and a line that explains the verdict for a claim that fails
/// (both sides of a false equation) or that is more than one closed comparison of one
/// reading.
pub fn report(s: &Statement, v: &Verdict) -> String {
    let mut text = format!("{}\n", v.holds);
    let simple = !s.is_quantified() && s.comparisons().count() == 1 && s.ambiguous_count() == 0;
    if !simple || !v.holds {
        let why = s.explain(v);
        let why = why.split_once(": ").map_or("", |(_, rest)| rest);
        if !why.is_empty() {
            text.push_str(&format!("  = {why}\n"));
        }
    }
    // A claim near its work bound says so, so a writer sees it before widening a range.
    let share = u128::from(v.steps) * 100 / u128::from(stmt::MAX_WORK);
    if share >= 1 {
        text.push_str(&format!(
            "  = {} steps of work, {share}% of the bound\n",
            v.steps
        ));
    }
    text
}

/// Renders a lint's unreadable span with the math and a caret under it.
fn render_unreadable(src: &str, u: &Unreadable) -> String {
    let head = format!("error: cannot read {}", u.what);
    caret(src, u.span.clone(), head, Some(&u.hint))
}

/// Renders an expression error with the expression and a caret under its span.
pub fn render_error(src: &str, e: &ExprError) -> String {
    caret(
        src,
        e.span.clone(),
        format!("error: {}", e.kind),
        e.kind.hint(),
    )
}

fn caret(src: &str, span: std::ops::Range<usize>, head: String, hint: Option<&str>) -> String {
    let start = span.start.min(src.len());
    let end = span.end.clamp(start, src.len());
    let column = src.get(..start).map_or(start, |s| s.chars().count());
    let width = src.get(start..end).map_or(1, |s| s.chars().count()).max(1);
    let mut s = format!("{head} (column {})\n", column + 1);
    s.push_str(&format!(
        "  {src}\n  {}{}\n",
        " ".repeat(column),
        "^".repeat(width)
    ));
    if let Some(h) = hint {
        s.push_str(&format!("  = hint: {h}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(src: &str) -> String {
        match evaluate(src, &Games::new()) {
            Ok(Outcome::Claim(claim)) => report(&claim.0, &claim.1),
            Ok(Outcome::Value(v)) => v.to_string(),
            Err(e) => e,
        }
    }

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

    #[test]
    fn reports_chains_quantifiers_and_readings() {
        assert_eq!(claim("2*2 = 3"), "true\n");
        assert_eq!(
            claim("2*2 = 4"),
            "false\n  = the left side is 3 and the right side is 4\n"
        );
        assert_eq!(
            claim("8*8 = 3*6 = 14"),
            "false\n  = link 2 (`=`) fails: the left side is 13 and the right side is 14\n"
        );
        assert_eq!(
            claim("forall a < 16: exists x < 16: x*x = a"),
            "true\n  = 136 cases checked\n"
        );
        assert_eq!(
            claim("forall a < 4: a*a = a"),
            "false\n  = counterexample a = 2; the left side is 3 and the right side is 2; \
             3 cases checked\n"
        );
        assert_eq!(
            claim("$3^{4} = 81$"),
            "true\n  = the left side is 81 and the right side is 81; with 3⁴ as the ordinary \
             power\n"
        );
        assert!(claim("forall a < 2**12: inv(a + 2**100) != 0").contains("steps of work, "));
        assert!(claim("forall a < 2**12: inv(a + 2**100) != 0").ends_with("% of the bound\n"));
        assert!(claim("$c = 2 \\otimes 3$").contains("hint: bound it"));
        assert!(claim("$x \\oplus y = y \\oplus x$").starts_with("true"));
        assert!(claim("$x$").contains("no claim"));
    }

    #[test]
    fn games_come_from_octal_options() {
        let games = octal_games(&["kayles=0.77".to_string()], 200).unwrap();
        let run = |src: &str| match evaluate(src, &games) {
            Ok(Outcome::Claim(claim)) => report(&claim.0, &claim.1),
            Ok(Outcome::Value(v)) => v.to_string(),
            Err(e) => e,
        };
        assert_eq!(run("kayles(5)"), "4");
        assert_eq!(run("kayles(3) + kayles(4) = 2"), "true\n");
        assert_eq!(run("period(kayles) = 12"), "true\n");
        assert_eq!(
            run("kayles(1000071) = kayles(75) = 8"),
            "true\n  = the left side is 8 and the right side is 8\n"
        );
        assert!(run("forall n < 100: kayles(n + 83) = kayles(n + 71)").starts_with("true"));
        assert!(
            run("dawson(3)")
                .contains("no function or game named `dawson`; the games defined here are kayles")
        );
        assert!(run("period(kayles) + 1").contains("could be the nimber or the ordinary"));
        assert_eq!(run("period(kayles) ⊕ 1"), "13");
        assert!(run("kayles(2 - 3)").contains("a heap size cannot be negative"));
        assert!(
            octal_games(&["kayles=0.78".to_string()], 10)
                .unwrap_err()
                .contains("character 4")
        );
        let short = octal_games(&["k=0.77".to_string()], 50).unwrap();
        let e = evaluate("k(60)", &short).err().unwrap();
        assert!(e.contains("`k(60)` is past the 50 values computed"), "{e}");
    }

    #[test]
    fn ordinals_print_in_the_syntax_they_are_read_in() {
        assert_eq!(claim("w^3"), "2");
        assert_eq!(claim("inv(w + 1)"), "w**2*2 + w*2 + 2");
        assert_eq!(
            claim("w^3 = 3"),
            "false\n  = the left side is 2 and the right side is 3\n"
        );
        assert_eq!(
            claim("forall a < 4: (w*a)^3 = 2"),
            "false\n  = counterexample a = 0; the left side is 0 and the right side is 2; \
             1 case checked\n"
        );
        assert_eq!(claim("$\\omega^{\\otimes 3} = 2$"), "true\n");
        assert!(claim("w**(w**w)").contains("ω^(ω^ω)"));
    }
}
