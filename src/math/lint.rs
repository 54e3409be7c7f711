//! The math lint: reads a plain LaTeX span as a closed nimber statement, if it is one.
//!
//! An author who writes `$2 \otimes 4 = 8$` in prose has made a claim, directive or not.
//! The lint translates such spans into the expression language and leaves the checking to
//! the caller. Anything it cannot read with certainty is skipped, with the reason, so it
//! never checks a span that means something else.

use crate::stmt::{self, Statement};

/// The largest number of variable assignments a quantified statement may range over.
pub const MAX_ASSIGNMENTS: u128 = 1 << 16;

/// A math span read as a nimber statement, perhaps quantified over `vars < bound`.
#[derive(Debug)]
pub struct Reading {
    /// The quantified variables, in order.
    pub vars: Vec<String>,
    /// Every variable ranges over `0..bound`.
    pub bound: u128,
    /// The statement, in the expression language.
    pub statement: Statement,
    /// The statement as translated, for messages.
    pub source: String,
}

/// Reads a LaTeX span as a closed nimber statement, or says why it is not one.
pub fn read(latex: &str) -> Result<Reading, String> {
    let (vars, bound, body) = quantifier(latex)?;
    let source = translate(body)?;
    if !source.contains(['*', '+']) && !source.contains("^-") && !source.contains('(') {
        return Err("no nimber operation (⊕, ⊗, an inverse or a function)".into());
    }
    let statement = stmt::parse(&source).map_err(|e| format!("does not parse: {e}"))?;
    if !statement.is_claim() {
        return Err("not an equation (`=` or `\\neq`)".into());
    }
    let free: Vec<String> = statement
        .variables()
        .into_iter()
        .filter(|v| !vars.contains(v))
        .collect();
    if let Some(v) = free.first() {
        return Err(format!(
            "`{v}` is not quantified (write `\\forall {v} < N :` first)"
        ));
    }
    let assignments = u32::try_from(vars.len())
        .ok()
        .and_then(|k| bound.checked_pow(k));
    if assignments.is_none_or(|n| n > MAX_ASSIGNMENTS) {
        return Err(format!(
            "the range is too large to check exhaustively (at most {MAX_ASSIGNMENTS} assignments)"
        ));
    }
    Ok(Reading {
        vars,
        bound,
        statement,
        source,
    })
}

/// Splits off a leading `\forall a, b < N :`, returning the variables, the bound and the
/// rest.
fn quantifier(latex: &str) -> Result<(Vec<String>, u128, &str), String> {
    let t = latex.trim();
    let Some(rest) = t.strip_prefix("\\forall") else {
        return Ok((Vec::new(), 1, t));
    };
    let sep = [":", "\\colon", ","]
        .iter()
        .filter_map(|s| {
            // The separator after the bound: the first one after `<`.
            let lt = rest.find('<').or_else(|| rest.find("\\lt"))?;
            rest[lt..].find(s).map(|i| (lt + i, s.len()))
        })
        .min()
        .ok_or("a `\\forall` needs `< N :` before the statement")?;
    let head = &rest[..sep.0];
    let body = &rest[sep.0 + sep.1..];
    let (names, bound) = head
        .split_once("\\lt")
        .or_else(|| head.split_once('<'))
        .ok_or("a `\\forall` needs a bound `< N`")?;
    let vars: Vec<String> = names.split(',').map(|v| v.trim().to_string()).collect();
    if vars
        .iter()
        .any(|v| v.len() != 1 || !v.chars().all(|c| c.is_ascii_lowercase()))
    {
        return Err("quantified variables must be single letters".into());
    }
    let bound = clean(bound)
        .parse::<u128>()
        .map_err(|_| format!("the bound `{}` is not a number", bound.trim()))?;
    Ok((vars, bound, body))
}

/// Drops LaTeX spacing commands and braces around a number.
fn clean(s: &str) -> String {
    let mut s = s.to_string();
    for space in [
        "\\,", "\\;", "\\:", "\\!", "\\ ", "\\quad", "\\qquad", "~", "{", "}",
    ] {
        s = s.replace(space, "");
    }
    s.trim().to_string()
}

/// Translates LaTeX into the expression language, or names what it cannot read.
fn translate(latex: &str) -> Result<String, String> {
    let mut out = String::new();
    let chars: Vec<char> = latex.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            let start = i + 1;
            let mut j = start;
            while j < chars.len() && chars[j].is_ascii_alphabetic() {
                j += 1;
            }
            if j == start {
                // A one-character command: spacing, or something unknown.
                let sym = chars.get(start).copied().unwrap_or(' ');
                match sym {
                    ',' | ';' | ':' | '!' | ' ' => out.push(' '),
                    _ => return Err(format!("unknown command `\\{sym}`")),
                }
                i = start + 1;
                continue;
            }
            let name: String = chars[start..j].iter().collect();
            i = j;
            match name.as_str() {
                "otimes" => out.push_str(" * "),
                "oplus" => out.push_str(" + "),
                "neq" | "ne" => out.push_str(" != "),
                "quad" | "qquad" | "left" | "right" | "bigl" | "bigr" | "Bigl" | "Bigr" => {
                    out.push(' ')
                }
                "operatorname" | "mathrm" => {
                    let (word, next) = group(&chars, i)?;
                    match word.as_str() {
                        "inv" | "sqrt" | "mex" | "ord" => out.push_str(&word),
                        other => return Err(format!("unknown function `{other}`")),
                    }
                    i = next;
                }
                "sqrt" => out.push_str("sqrt"),
                other => return Err(format!("cannot read `\\{other}`")),
            }
            continue;
        }
        match c {
            '{' => out.push('('),
            '}' => out.push(')'),
            '0'..='9' | '(' | ')' | ',' | ' ' | '=' | '-' | 'a'..='z' => out.push(c),
            '^' => {
                let exponent: String = chars[i + 1..].iter().take_while(|&&c| c != '}').collect();
                if !exponent.trim_start_matches(['{', ' ']).starts_with('-') {
                    return Err(
                        "a power with a positive exponent is ambiguous (nim-power or integer power)"
                            .into(),
                    );
                }
                out.push('^');
            }
            other => return Err(format!("cannot read `{other}`")),
        }
        i += 1;
    }
    Ok(out)
}

/// Reads a `{word}` group starting at `i`, returning the word and the index after it.
fn group(chars: &[char], i: usize) -> Result<(String, usize), String> {
    if chars.get(i) != Some(&'{') {
        return Err("expected `{` after `\\operatorname`".into());
    }
    let end = chars[i..]
        .iter()
        .position(|&c| c == '}')
        .ok_or("unclosed `{`")?;
    Ok((chars[i + 1..i + end].iter().collect(), i + end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_closed_statements() {
        let r = read("2 \\otimes 2 = 3").unwrap();
        assert!(r.vars.is_empty());
        assert_eq!(r.source.split_whitespace().collect::<String>(), "2*2=3");
        let r = read("4^{-1} = 15").unwrap();
        assert_eq!(r.source.split_whitespace().collect::<String>(), "4^(-1)=15");
        let r = read("\\forall a < 256 :\\ a \\oplus a = 0").unwrap();
        assert_eq!((r.vars.clone(), r.bound), (vec!["a".to_string()], 256));
        assert!(read("\\operatorname{inv}(4) \\neq 4").is_ok());
    }

    #[test]
    fn skips_what_it_cannot_read() {
        for (latex, why) in [
            ("x \\oplus y = \\operatorname{mex}(S)", "cannot read"),
            ("x \\oplus y = y \\oplus x", "not quantified"),
            ("2^{63}", "ambiguous"),
            ("a < 2^{2^k}", "cannot read"),
            ("\\{0, 1, 2\\}", "unknown command"),
            ("1 = 1", "no nimber operation"),
            ("2 \\otimes 3", "not an equation"),
            (
                "\\forall a, b < 65536 : a \\oplus b = b \\oplus a",
                "too large",
            ),
            ("\\text{so } 2 \\otimes 2 = 3", "cannot read"),
        ] {
            let err = read(latex).unwrap_err();
            assert!(err.contains(why), "{latex}: {err}");
        }
    }
}
