//! `{minpoly}`: the order and the minimal polynomial over F₂ of every nonzero element of a
//! small field, which elements are primitive, and optionally one element's facts as the
//! page states them.

use std::ops::Range;

use serde::Serialize;

use super::shared::Tables;
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::view::DataTable;
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html,
};
use crate::ledger::ClaimKind;
use crate::nimber::{self, MinimalPolynomial};

/// The `{minpoly}` directive.
pub struct Minpoly;

/// The field sizes whose elements are listed.
const SIZES: &[usize] = &[4, 16, 256];

/// What the page states about one element.
#[derive(Debug)]
struct Stated {
    element: usize,
    polynomial: Option<MinimalPolynomial>,
    primitive: Option<bool>,
    span: Range<usize>,
}

/// A `{minpoly}` as written.
#[derive(Debug)]
struct MinpolySpec {
    size: usize,
    size_span: Range<usize>,
    stated: Option<Stated>,
    caption: Caption,
}

impl Directive for Minpoly {
    fn name(&self) -> &'static str {
        "minpoly"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/minpoly.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("size", "the field: 4, 16 or 256"),
            Opt::optional("element", "one element whose facts the page states"),
            Opt::optional(
                "polynomial",
                "its minimal polynomial, such as `x^4 + x + 1`",
            ),
            Opt::optional(
                "primitive",
                "whether its powers reach every nonzero element",
            )
            .one_of(&["yes", "no"]),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        MinpolySpec::read(args).map(|s| Box::new(s) as Box<dyn Spec>)
    }
}

impl MinpolySpec {
    /// Reads the options into a spec.
    fn read(args: &Args) -> Result<MinpolySpec, Vec<DirectiveError>> {
        let mut errors = Vec::new();
        let size = args.number_in("size", SIZES).map_err(|e| errors.push(e));
        let max = *size.as_ref().unwrap_or(&256) - 1;
        let element = args
            .get("element")
            .map(|_| args.number("element", 1, max, None))
            .transpose()
            .map_err(|e| errors.push(e))
            .ok()
            .flatten();
        let polynomial = args.text("polynomial").and_then(|text| match parse(text) {
            Some(p) => Some(p),
            None => {
                errors.push(
                    DirectiveError::new(
                        Code::BadValue,
                        args.span_of("polynomial"),
                        format!("`:polynomial:` must be a polynomial over F₂, not `{text}`"),
                    )
                    .with_note("write its terms with `+`, highest first, such as `x^4 + x + 1`"),
                );
                None
            }
        });
        let primitive = args.text("primitive").map(|t| t == "yes");
        if element.is_none() {
            for name in ["polynomial", "primitive"] {
                if args.get(name).is_some() {
                    errors.push(args.useless(name, "it states a fact about `:element:`"));
                }
            }
        } else if polynomial.is_none() && primitive.is_none() && errors.is_empty() {
            errors.push(args.useless(
                "element",
                "state its `:polynomial:` or whether it is `:primitive:`",
            ));
        }
        let caption = Caption::read(args, &["size", "element"]).map_err(|e| errors.push(e));
        match (size, caption) {
            (Ok(size), Ok(caption)) if errors.is_empty() => Ok(MinpolySpec {
                size,
                size_span: args.span_of("size"),
                stated: element.map(|element| Stated {
                    element,
                    polynomial,
                    primitive,
                    span: args.span_of("element"),
                }),
                caption,
            }),
            _ => Err(errors),
        }
    }
}

/// Reads a polynomial over F₂ written as terms `x^k`, `x` and `1` joined by `+`.
fn parse(text: &str) -> Option<MinimalPolynomial> {
    let mut powers = Vec::new();
    for term in text.split('+').map(str::trim) {
        let power = match term {
            "1" => 0,
            "x" => 1,
            _ => {
                let exponent = term.strip_prefix("x^")?.trim();
                exponent
                    .parse::<u32>()
                    .ok()
                    .filter(|k| (2..=128).contains(k))?
            }
        };
        if powers.contains(&power) {
            return None;
        }
        powers.push(power);
    }
    let degree = powers.iter().copied().max()?;
    let lower = powers
        .iter()
        .filter(|&&k| k < degree)
        .fold(0u128, |acc, &k| acc | 1 << k);
    Some(MinimalPolynomial { degree, lower })
}

/// Writes a polynomial with superscript exponents, as the page shows it.
fn pretty(p: &MinimalPolynomial) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut out = String::new();
    let text = p.to_string();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '^' {
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                out.push(SUP[d as usize]);
                chars.next();
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// One element's facts, as computed.
struct Element {
    a: usize,
    order: u64,
    polynomial: Result<MinimalPolynomial, nimber::PolyError>,
    vanishes: bool,
}

/// What the `{minpoly}` partial shows.
#[derive(Serialize)]
struct MinpolyView {
    nonzero: usize,
    primitive: String,
    stated: Option<String>,
    table: DataTable,
}

impl Spec for MinpolySpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let tables = Tables::of(cx.shared);
        let product = |a: u128, b: u128| tables.defined_product(a, b);
        self.evaluate_with(cx, &product)
    }
}

impl MinpolySpec {
    /// Computes every element's order and minimal polynomial under `product`.
    fn evaluate_with(
        &self,
        cx: &mut Cx<'_>,
        product: &dyn Fn(u128, u128) -> u128,
    ) -> Result<View, DirectiveError> {
        let n = self.size;
        let bits = n.trailing_zeros();
        let id = cx.anchor(&format!("minpoly-{n}"));
        let elements: Vec<Element> = (1..n).map(|a| element(a, n, product)).collect();
        let fits = |e: &Element| {
            e.vanishes
                && e.polynomial
                    .as_ref()
                    .is_ok_and(|p| bits.is_multiple_of(p.degree))
        };
        let check = Check {
            kind: ClaimKind::Field,
            span: self.size_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "minimal polynomials below {n}: each of the {} nonzero values a is a root of the product of x ⊕ c over its distinct conjugates c = a, a², a⁴, …, a polynomial whose coefficients are 0 and 1 and whose degree divides {bits}",
                n - 1
            ),
            evidence: format!(
                "{} polynomials multiplied out and evaluated at their values by Horner's rule; products read from the definition's table",
                n - 1
            ),
        };
        let bad: Vec<usize> = elements.iter().filter(|e| !fits(e)).map(|e| e.a).collect();
        let ok_poly = cx.check(
            check,
            &Agree::new(
                vec![true; elements.len()],
                elements.iter().map(fits).collect::<Vec<bool>>(),
                move |_, _| format!("the polynomial fails for {bad:?}"),
            ),
        );
        let group = (n - 1) as u64;
        let primitive = elements.iter().filter(|e| e.order == group).count() as u64;
        let phi = nimber::totient(group);
        let check = Check {
            kind: ClaimKind::Field,
            span: self.size_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "primitive elements below {n}: exactly φ({group}) = {phi} of the {group} nonzero values have order {group}, so that their powers run through every nonzero value"
            ),
            evidence: format!(
                "the order of each nonzero value found by multiplying until 1 is reached; φ({group}) by factoring {group}"
            ),
        };
        let ok_prim = cx.check(
            check,
            &Agree::new(phi, primitive, move |_, got: &u64| {
                format!("{got} values have order {group}")
            }),
        );
        let (ok_stated, stated) = match &self.stated {
            Some(s) => self.check_stated(cx, &id, s, &elements),
            None => (true, None),
        };
        let rows = elements
            .iter()
            .map(|e| {
                vec![
                    e.a.to_string(),
                    html::count(e.order),
                    e.polynomial
                        .as_ref()
                        .map_or_else(|err| err.to_string(), pretty),
                    if e.order == group { "yes" } else { "no" }.to_string(),
                ]
            })
            .collect();
        let data = MinpolyView {
            nonzero: n - 1,
            primitive: html::count(primitive),
            stated,
            table: DataTable::plain(&["a", "order", "minimal polynomial", "primitive"], rows),
        };
        let element = self
            .stated
            .as_ref()
            .map_or(String::new(), |s| s.element.to_string());
        let caption = self
            .caption
            .fill(&[("size", n.to_string()), ("element", element)]);
        Ok(
            View::new(&id, Status::from_ok(ok_poly && ok_prim && ok_stated), data)
                .with_caption(caption.as_deref()),
        )
    }

    /// Checks what the page states about one element.
    fn check_stated(
        &self,
        cx: &mut Cx<'_>,
        id: &str,
        s: &Stated,
        elements: &[Element],
    ) -> (bool, Option<String>) {
        let n = self.size;
        let Some(e) = elements.iter().find(|e| e.a == s.element) else {
            return (true, None);
        };
        let mut parts = Vec::new();
        if let Some(p) = s.primitive {
            parts.push(if p {
                format!("is primitive (order {})", n - 1)
            } else {
                format!("is not primitive (its order is not {})", n - 1)
            });
        }
        if let Some(p) = &s.polynomial {
            parts.push(format!("has minimal polynomial {}", pretty(p)));
        }
        let sentence = format!("{} below {n} {}", s.element, parts.join(" and "));
        let computed_poly = e.polynomial.as_ref().ok().map(|p| (p.degree, p.lower));
        let stated_poly = s.polynomial.map(|p| (p.degree, p.lower)).or(computed_poly);
        let is_primitive = e.order == (n - 1) as u64;
        let stated_prim = s.primitive.unwrap_or(is_primitive);
        let found = format!(
            "{} has order {} and minimal polynomial {}",
            e.a,
            e.order,
            e.polynomial
                .as_ref()
                .map_or_else(|err| err.to_string(), pretty)
        );
        let check = Check {
            kind: ClaimKind::Equation,
            span: s.span.clone(),
            anchor: id.to_string(),
            statement: sentence.clone(),
            evidence: found.clone(),
        };
        let claim = Agree::new(
            (stated_prim, flatten(stated_poly)),
            (is_primitive, flatten(computed_poly)),
            move |_, _| found.clone(),
        );
        (cx.check(check, &claim), Some(sentence))
    }
}

/// Folds a polynomial's degree and lower terms into one comparable value.
fn flatten(p: Option<(u32, u128)>) -> Vec<u128> {
    p.map_or_else(Vec::new, |(d, l)| vec![u128::from(d), l])
}

/// Computes one element's order by repeated multiplication and its minimal polynomial.
fn element(a: usize, n: usize, product: &dyn Fn(u128, u128) -> u128) -> Element {
    let a128 = a as u128;
    let order = nimber::element_order(a128, n, product).unwrap_or(n) as u64;
    let polynomial = nimber::minimal_polynomial(a128, product);
    let vanishes = polynomial.as_ref().is_ok_and(|p| {
        let value = (0..p.degree)
            .rev()
            .fold(1u128, |v, i| product(v, a128) ^ (p.lower >> i & 1));
        value == 0
    });
    Element {
        a,
        order,
        polynomial,
        vanishes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::testing::{evaluate, run, stale};

    fn failures(block: &str, product: &dyn Fn(u128, u128) -> u128) -> usize {
        let (d, _) = run(block, &Minpoly, MinpolySpec::read, |s, cx| {
            s.evaluate_with(cx, product)
        });
        stale(&d)
    }

    #[test]
    fn polynomials_read_and_print() {
        let p = parse("x^4 + x + 1").expect("reads");
        assert_eq!((p.degree, p.lower), (4, 0b11));
        assert_eq!(pretty(&p), "x⁴ + x + 1");
        for bad in ["", "x^4 + x + x", "y + 1", "x^1000", "2x"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_facts_hold_and_fail_when_stated_wrongly_or_computed_wrongly() {
        let block = "```{minpoly}\n:size: 16\n:element: 4\n:polynomial: x^4 + x + 1\n:primitive: yes\n```\n";
        assert_eq!(failures(block, &nimber::mul), 0);
        let wrong = "```{minpoly}\n:size: 16\n:element: 4\n:polynomial: x^4 + x^3 + 1\n```\n";
        assert_eq!(failures(wrong, &nimber::mul), 1);
        let wrong = "```{minpoly}\n:size: 16\n:element: 2\n:primitive: yes\n```\n";
        assert_eq!(failures(wrong, &nimber::mul), 1);
        // Cross terms wrong: conjugates cycle but the polynomials leave F₂.
        let skewed = |a: u128, b: u128| {
            if a == b {
                nimber::mul(a, b)
            } else {
                nimber::mul(a, b) ^ 1
            }
        };
        assert!(failures("```{minpoly}\n:size: 16\n```\n", &skewed) >= 1);
    }

    #[test]
    fn the_page_states_a_minimal_polynomial_and_a_wrong_one_fails() {
        let block = |p: &str| {
            format!(
                "```{{minpoly}}\n:size: 16\n:element: 4\n:polynomial: {p}\n:primitive: yes\n```\n"
            )
        };
        let page = evaluate(&block("x^4 + x + 1"));
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert_eq!(page.held(), 3);
        assert!(
            page.html.contains(
                "4 below 16 is primitive (order 15) and has minimal polynomial x⁴ + x + 1."
            ),
            "{}",
            page.html
        );
        let page = evaluate(&block("x^4 + x^3 + 1"));
        assert_eq!(page.codes(), [Code::StaleClaim]);
        let page = evaluate("```{minpoly}\n:size: 8\n:element: 4\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
