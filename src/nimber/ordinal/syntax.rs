//! Text for ordinals: the syntax the expression language reads (`w**2*3 + w + 1`) and the
//! LaTeX of Cantor normal form (`\omega^{2} \cdot 3 + \omega + 1`) for pages.
//!
//! `**` is the ordinal power, so printed values read back as the same ordinal; `+` between
//! terms is the nim-sum, which for distinct exponents is the ordinal sum.

use std::fmt;
use std::str::FromStr;

use super::cnf::{Exponent, Ordinal};
use super::error::OrdinalError;

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        for (i, (e, c)) in self.terms().iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write_term(f, e, *c)?;
        }
        Ok(())
    }
}

impl fmt::Display for Exponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_ordinal(), f)
    }
}

/// Writes ω^e·c as `c`, `w`, `w*c`, `w**3*c`, `w**w*c` or `w**(…)*c`.
fn write_term(f: &mut fmt::Formatter<'_>, e: &Exponent, c: u128) -> fmt::Result {
    if e.is_zero() {
        return write!(f, "{c}");
    }
    f.write_str("w")?;
    match e.as_finite() {
        Some(1) => {}
        Some(n) => write!(f, "**{n}")?,
        None if e.places() == [0, 1] => f.write_str("**w")?,
        None => write!(f, "**({e})")?,
    }
    if c != 1 {
        write!(f, "*{c}")?;
    }
    Ok(())
}

impl Ordinal {
    /// Returns the Cantor normal form in LaTeX, such as `\omega^{2} \cdot 3 + \omega + 1`.
    pub fn to_latex(&self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let terms: Vec<String> = self
            .terms()
            .iter()
            .map(|(e, c)| {
                let base = match e.as_finite() {
                    Some(0) => return c.to_string(),
                    Some(1) => r"\omega".to_string(),
                    _ => format!(r"\omega^{{{}}}", e.to_ordinal().to_latex()),
                };
                if *c == 1 {
                    base
                } else {
                    format!(r"{base} \cdot {c}")
                }
            })
            .collect();
        terms.join(" + ")
    }
}

impl FromStr for Ordinal {
    type Err = OrdinalError;

    /// Reads the printed syntax; terms are nim-summed, so they may come in any order.
    fn from_str(s: &str) -> Result<Ordinal, OrdinalError> {
        let mut p = Parser { s, pos: 0 };
        let terms = p.sum()?;
        p.skip_space();
        if p.pos != s.len() {
            return Err(p.expected("`+` or the end of the input"));
        }
        Ok(Ordinal::from_terms(terms))
    }
}

/// A recursive-descent reader over the text, tracking a byte offset for errors.
struct Parser<'a> {
    s: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn expected(&self, what: &'static str) -> OrdinalError {
        OrdinalError::Parse {
            at: self.pos,
            expected: what,
        }
    }

    fn skip_space(&mut self) {
        let rest = &self.s[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// Consumes `token` (after spaces) if it comes next.
    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        if self.s[self.pos..].starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn eat_omega(&mut self) -> bool {
        self.eat("w") || self.eat("ω")
    }

    /// Reads `term (+ term)*`.
    fn sum(&mut self) -> Result<Vec<(Exponent, u128)>, OrdinalError> {
        let mut terms = vec![self.term()?];
        while self.eat("+") {
            terms.push(self.term()?);
        }
        Ok(terms)
    }

    /// Reads a number, or `w` with an optional `**exponent` and `*coefficient`.
    fn term(&mut self) -> Result<(Exponent, u128), OrdinalError> {
        if !self.eat_omega() {
            return Ok((Exponent::zero(), self.number()?));
        }
        let e = if self.eat("**") {
            self.exponent()?
        } else {
            Exponent::finite(1)
        };
        let c = if self.s[self.pos..].trim_start().starts_with("**") {
            return Err(self.expected("parentheses around a tower, as in w**(w**2)"));
        } else if self.eat("*") {
            self.number()?
        } else {
            1
        };
        Ok((e, c))
    }

    /// Reads an exponent: a number, `w`, or a parenthesized sum in Cantor normal form.
    fn exponent(&mut self) -> Result<Exponent, OrdinalError> {
        if self.eat_omega() {
            return Exponent::from_places(vec![0, 1]);
        }
        if !self.eat("(") {
            let n = self.number()?;
            return u64::try_from(n)
                .map(Exponent::finite)
                .map_err(|_| OrdinalError::Overflow);
        }
        let start = self.pos;
        let terms = self.sum()?;
        if !self.eat(")") {
            return Err(self.expected("`)`"));
        }
        if terms.windows(2).any(|w| w[0].0 <= w[1].0) {
            return Err(OrdinalError::Parse {
                at: start,
                expected: "an exponent in Cantor normal form (largest term first)",
            });
        }
        Ordinal::from_terms(terms).to_exponent()
    }

    /// Reads a decimal number below 2^128.
    fn number(&mut self) -> Result<u128, OrdinalError> {
        self.skip_space();
        let digits = self.s[self.pos..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return Err(self.expected("a number or `w`"));
        }
        let text = &self.s[self.pos..self.pos + digits];
        let n = text.parse().map_err(|_| OrdinalError::Overflow)?;
        self.pos += digits;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read(s: &str) -> Ordinal {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn prints_the_syntax_it_reads() {
        for s in [
            "w**2*3 + w + 1",
            "w**w + 1",
            "w**(w**2) + 4",
            "w",
            "w*2",
            "0",
            "7",
        ] {
            assert_eq!(read(s).to_string(), s);
        }
        assert_eq!(
            read("w**(w*2 + 1)*5 + w**(w + 3)").to_string(),
            "w**(w*2 + 1)*5 + w**(w + 3)"
        );
        assert_eq!(read(" ω ** 2 * 3+ω+1 ").to_string(), "w**2*3 + w + 1");
    }

    #[test]
    fn reads_terms_as_a_nim_sum() {
        assert_eq!(read("1 + w + w**2*3"), read("w**2*3 + w + 1"));
        assert_eq!(read("w + w"), Ordinal::zero());
        assert_eq!(read("w*3 + w*5"), read("w*6"));
    }

    #[test]
    fn renders_latex() {
        assert_eq!(
            read("w**2*3 + w + 1").to_latex(),
            r"\omega^{2} \cdot 3 + \omega + 1"
        );
        assert_eq!(read("w**w").to_latex(), r"\omega^{\omega}");
        assert_eq!(
            read("w**(w**2*2 + 1) + 4").to_latex(),
            r"\omega^{\omega^{2} \cdot 2 + 1} + 4"
        );
        assert_eq!(Ordinal::zero().to_latex(), "0");
    }

    #[test]
    fn refuses_bad_text_with_an_offset() {
        let err = |s: &str| s.parse::<Ordinal>().expect_err(s);
        assert_eq!(err("").to_string(), "expected a number or `w` at byte 0");
        assert_eq!(err("w +").to_string(), "expected a number or `w` at byte 3");
        assert_eq!(
            err("w**(1 + w)").to_string(),
            "expected an exponent in Cantor normal form (largest term first) at byte 4"
        );
        assert_eq!(err("w**(w**w)"), OrdinalError::AboveClosure);
        assert_eq!(
            err("w**w**2").to_string(),
            "expected parentheses around a tower, as in w**(w**2) at byte 4"
        );
        assert_eq!(
            err("w**(2"),
            OrdinalError::Parse {
                at: 5,
                expected: "`)`"
            }
        );
        assert_eq!(
            err("w 2"),
            OrdinalError::Parse {
                at: 2,
                expected: "`+` or the end of the input"
            }
        );
        assert_eq!(
            err("340282366920938463463374607431768211456"),
            OrdinalError::Overflow
        );
        assert_eq!(err("w**(w**5000)"), OrdinalError::Overflow);
    }

    fn small_ordinal() -> impl Strategy<Value = Ordinal> {
        let term = (prop::collection::vec(0u64..4, 0..4), 1u128..20);
        prop::collection::vec(term, 0..5).prop_map(|ts| {
            Ordinal::from_terms(
                ts.into_iter()
                    .map(|(e, c)| (Exponent::from_places(e).expect("short"), c)),
            )
        })
    }

    proptest! {
        #[test]
        fn prop_print_then_read_is_identity(x in small_ordinal()) {
            prop_assert_eq!(x.to_string().parse::<Ordinal>(), Ok(x));
        }

        #[test]
        fn prop_reading_any_text_never_panics(s in "[w ω0-9*+()]{0,24}") {
            let _ = s.parse::<Ordinal>();
        }
    }
}
