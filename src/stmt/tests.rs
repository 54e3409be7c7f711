//! Tests of the statement language: every form has a true and a false fixture.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;
use crate::nimber::ArithError;

fn value(src: &str) -> Value {
    match parse(src).and_then(|s| s.evaluate()) {
        Ok(Evaluation::Value(v)) => v,
        other => panic!("{src}: {other:?}"),
    }
}

fn error(src: &str) -> ExprError {
    match parse(src).and_then(|s| s.evaluate()) {
        Err(e) => e,
        Ok(v) => panic!("{src} evaluated to {v:?}"),
    }
}

fn check(src: &str, mode: Mode) -> Verdict {
    let s = parse_in(src, mode).unwrap_or_else(|e| panic!("{src}: {e}"));
    s.check().unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn holds(src: &str) -> bool {
    check(src, Mode::Role).holds
}

fn plain(src: &str) -> Verdict {
    check(src, Mode::Plain)
}

fn check_error(src: &str) -> ExprErrorKind {
    let s = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    s.check().expect_err(src).kind
}

#[test]
fn operators_and_precedence() {
    assert_eq!(value("2 * 2"), 3);
    assert_eq!(value("2 ⊗ 2 ⊕ 1"), 2);
    assert_eq!(value("1 + 2 * 2"), 2);
    assert_eq!(value("(1 + 2) * 2"), 1);
    assert_eq!(value("0x10 + 0b11"), 19);
    assert_eq!(value("4^-1"), 15);
    assert_eq!(value("4^(-1)"), 15);
    assert_eq!(value("4⁻¹"), 15);
    assert_eq!(value("2 * 2^2"), 1);
    assert_eq!(value("2^⊗2"), 3);
    assert_eq!(value("2**63 * 2**63"), 16017865340936038689);
    assert_eq!(value("(2**64-1) * (2**64-1)"), 11290409524105353207);
    assert_eq!(
        value("inv(4) + sqrt(3) + ord(2) + mex(0, 1, 3)"),
        15 ^ 2 ^ 3 ^ 2
    );
}

#[test]
fn claims_compare() {
    let s = parse("2 ⊗ 2 = 3").expect("parses");
    assert!(s.is_claim());
    assert!(matches!(
        s.evaluate(),
        Ok(Evaluation::Comparison { holds: true, .. })
    ));
    assert!(!holds("2 * 2 != 3"));
    assert!(holds("2 * 2 != 5"));
    assert!(holds("inv(4) ≠ 0"));
}

#[test]
fn chains_check_every_link() {
    assert!(holds("8*8 = (2*2)*(4*4) = 3*6 = 13"));
    let v = check("8*8 = (2*2)*(4*4) = 3*6 = 14", Mode::Role);
    assert!(!v.holds);
    let vals = v.values.clone().expect("closed");
    assert_eq!(vals.terms, vec![13, 13, 13, 14]);
    assert_eq!(vals.failing, Some(2));
    let s = parse("8*8 = (2*2)*(4*4) = 3*6 = 14").expect("parses");
    assert_eq!(s.link_span(2), Some(20..28));
    assert!(s.explain(&v).contains("link 3"), "{}", s.explain(&v));
    assert!(holds("1 = 1 != 2"));
    assert!(!holds("1 = 1 != 1"));
}

#[test]
fn order_comparisons_are_between_integers() {
    assert!(holds("3*5 < 16"));
    assert!(!holds("2*2 > 3"));
    assert!(holds("2*2 >= 3"));
    assert!(holds("2*2 ≤ 3 ≥ 3"));
    assert!(!holds("8 <= 2**2"));
    assert!(holds("0 < 1 < 2 <= 2"));
    assert!(!holds("0 < 1 < 1"));
}

#[test]
fn quantifiers_in_every_form() {
    assert!(holds("forall a, b < 16: a*b = b*a"));
    assert!(!holds("forall a, b < 16: a*b = a+b"));
    assert!(holds("forall a <= 15: a + a = 0"));
    assert!(!holds("forall a <= 15: a * a = a"));
    assert!(holds("forall 0 < a < 16: a * inv(a) = 1"));
    assert!(!holds("forall 0 < a < 16: a * inv(a) = a"));
    assert!(holds("forall a in {1, 2, 4}: a < 8"));
    assert!(!holds("forall a in {1, 2, 8}: a < 8"));
    assert!(holds("exists x < 4: x*x = 2"));
    assert!(!holds("exists x < 2: x*x = 2"));
    assert!(holds("forall a < 16, b in {1}: a*b = a"));
    assert!(holds("∀ a < 4: ∃ x < 4: x ⊗ x = a"));
}

#[test]
fn nested_quantifiers_report_witnesses_and_counterexamples() {
    let v = check("forall a < 16: exists x < 16: x*x = a", Mode::Role);
    assert!(v.holds);
    assert!(v.bindings.is_empty());
    let v = check("exists x < 16: x*x = 7", Mode::Role);
    assert!(v.holds);
    let x = v.bindings[0].value;
    assert_eq!(crate::nimber::mul(x, x), 7);
    assert_eq!(v.bindings[0].role, Role::Witness);
    assert_eq!(v.cases, x as u64 + 1);
    let v = check("forall a < 16: exists x < 4: x*x = a", Mode::Role);
    assert!(!v.holds);
    assert_eq!(v.bindings.len(), 1);
    assert_eq!(
        (v.bindings[0].value, v.bindings[0].role),
        (4, Role::Counterexample)
    );
    assert_eq!(v.values, None);
    let v = check("forall a, b < 4: a*b < 4 != b + 4", Mode::Role);
    assert!(!v.holds);
    assert_eq!((v.bindings[0].value, v.bindings[1].value), (0, 0));
    assert_eq!(v.values.expect("decided").failing, Some(1));
    let v = check("forall a, b < 4: a + b = b + a", Mode::Role);
    assert_eq!((v.cases, v.work), (16, 16));
}

#[test]
fn the_work_bound_is_an_error_not_a_skip() {
    assert!(parse("forall a, b, c < 256: (a*b)*c = a*(b*c)").is_ok());
    let kind = check_error("forall a, b, c, d < 256: a*b*c*d = d*c*b*a");
    assert!(
        matches!(kind, ExprErrorKind::TooMuchWork { limit, .. } if limit == MAX_WORK),
        "{kind:?}"
    );
    assert_eq!(check_error("2*2"), ExprErrorKind::NotAClaim);
    assert!(matches!(
        check_error("forall a < 4: inv(a) = a"),
        ExprErrorKind::InCase { .. }
    ));
}

#[test]
fn quantifier_errors() {
    let e = |src: &str| parse(src).expect_err(src).kind;
    assert_eq!(e("forall a: a = a"), ExprErrorKind::Unbounded("a".into()));
    assert_eq!(
        e("forall a > 3: a = a"),
        ExprErrorKind::Unbounded("a".into())
    );
    assert_eq!(
        e("forall a < 3: forall a < 2: a = a"),
        ExprErrorKind::DuplicateVariable("a".into())
    );
    assert_eq!(
        e("forall a < 3: a * 2"),
        ExprErrorKind::QuantifiedExpression
    );
    assert!(matches!(
        e("forall a < 3 a = a"),
        ExprErrorKind::Unexpected { .. }
    ));
    assert!(matches!(
        e("forall a < b: a = a"),
        ExprErrorKind::Unexpected { .. }
    ));
}

#[test]
fn plain_powers_have_two_readings() {
    let v = plain("3^2 = 9");
    assert!(v.holds);
    assert!(!v.reading.is_nim());
    let v = plain("3^2 = 2");
    assert!(v.holds && v.reading.is_nim());
    let v = plain("3^2 = 3");
    assert!(!v.holds);
    assert!(v.reading.is_nim());
    assert_eq!(v.values.expect("closed").terms, vec![2, 3]);
    assert!(!plain("5^2 = 6").holds);
    assert!(plain("5^2 = 7").holds);
    assert!(plain("2^64 = 18446744073709551616").holds);
    assert!(!plain("(3^4)^-1 = 5").holds);
    let s = parse_in("(3^4)^-1 = 5", Mode::Plain).expect("parses");
    assert_eq!(s.ambiguous_count(), 1);
    // A power of 2 from the eighth on has one reading, the integer.
    let s = parse_in("(2^64)^-1 = 3", Mode::Plain).expect("parses");
    assert_eq!(s.ambiguous_count(), 0);
    assert!(!s.check().expect("checks").holds);
    // A negative exponent is always the inverse, and a marked power always the nim-power.
    assert!(plain("4^-1 = 15").holds);
    assert!(!plain("2^⊗2 = 4").holds);
    // In role mode `^` is the nim-power.
    assert!(!holds("3^2 = 9"));
    assert!(holds("3**2 = 9"));
}

#[test]
fn plain_products_and_sums_have_two_readings() {
    assert!(!plain("4 × 4 = 7").holds);
    assert!(plain("4 × 4 = 6").holds);
    assert!(plain("4 × 4 = 16").holds);
    assert!(plain("2 + 3 = 5").holds);
    assert!(plain("2 + 3 = 1").holds);
    assert!(!plain("2 + 3 = 4").holds);
    let s = parse_in("a^2 + b^2 + c^2 + d^2 = e^2", Mode::Plain).expect("eight");
    assert_eq!(s.ambiguous_count(), 8);
    let many = vec!["1"; 66].join(" + ") + " = 0";
    let s = parse_in(&many, Mode::Plain).expect_err("65 readings");
    assert_eq!(s.kind, ExprErrorKind::TooManyReadings(65));
    let s = parse_in("2^64 × 3 = 3 × 2^64", Mode::Plain).expect("parses");
    let v = s.check().expect("checks");
    let r = s.describe_reading(&v.reading).expect("ambiguous");
    assert!(r.contains("nimber"), "{r}");
}

#[test]
fn readings_are_reported() {
    let s = parse_in("3^4 = 81", Mode::Plain).expect("parses");
    let v = s.check().expect("checks");
    let r = s.describe_reading(&v.reading).expect("ambiguous");
    assert_eq!(r, "with 3⁴ as the ordinary power");
    assert_eq!(s.resolved(&v.reading).to_latex(), "3^{4} = 81");
    let s = parse_in("3^2 = 2", Mode::Plain).expect("parses");
    let v = s.check().expect("checks");
    assert_eq!(s.resolved(&v.reading).to_latex(), "3^{\\otimes 2} = 2");
    assert_eq!(s.resolved(&v.reading).to_text(), "3^⊗2 = 2");
}

#[test]
fn literal_subtraction_next_to_an_operator_is_refused() {
    for src in [
        "2*3-1",
        "x^2-1",
        "2**64-1*3",
        "3 ⊗ 2**64-1",
        "5 + 3 - 1 = 7",
        "2**64-1 + 1",
    ] {
        let kind = parse(src).and_then(|s| s.evaluate()).expect_err(src).kind;
        assert_eq!(kind, ExprErrorKind::AmbiguousSubtraction, "{src}");
    }
    assert!(holds("5 + (3 - 1) = 7"));
    for src in ["2**64-1", "3*(2**64-1)", "(2**64-1) + 1", "2**64-2**32"] {
        assert!(parse(src).and_then(|s| s.evaluate()).is_ok(), "{src}");
    }
}

#[test]
fn errors_have_spans_and_hints() {
    let e = error("x - 1");
    assert_eq!(
        (e.span.clone(), e.kind.clone()),
        (2..3, ExprErrorKind::Subtraction)
    );
    assert!(e.to_string().contains("write `+`"));
    let e = error("3 * inv(0)");
    assert_eq!(e.span, 4..10);
    assert_eq!(e.kind, ExprErrorKind::Arith(ArithError::InverseOfZero));
    assert_eq!(error("2**128").kind, ExprErrorKind::Overflow);
    assert_eq!(
        error("340282366920938463463374607431768211456").kind,
        ExprErrorKind::Overflow
    );
    assert_eq!(error("1 - 2").kind, ExprErrorKind::Negative);
    assert_eq!(error("0x").kind, ExprErrorKind::BadLiteral);
    assert_eq!(error("0b2").kind, ExprErrorKind::BadLiteral);
    assert_eq!(error("").kind, ExprErrorKind::Empty);
    assert_eq!(error("2 +").span, 3..3);
    assert_eq!(error("2 $ 3").span, 2..3);
    assert_eq!(
        error("x ** 2").kind,
        ExprErrorKind::IntegerPowerOfNonLiteral
    );
    assert_eq!(error("2^2^2").kind, ExprErrorKind::ChainedPower);
    assert_eq!(
        error("foo(1)").kind,
        ExprErrorKind::UnknownGame {
            name: "foo".into(),
            known: Vec::new()
        }
    );
    assert!(matches!(
        error("inv(1, 2)").kind,
        ExprErrorKind::Arity { .. }
    ));
    let e = error("y");
    assert_eq!(e.kind, ExprErrorKind::Unbound("y".into()));
    assert!(e.to_string().contains("quantify"), "{e}");
    assert_eq!(
        error("0^-1").kind,
        ExprErrorKind::Arith(ArithError::InverseOfZero)
    );
    assert_eq!(
        error("ord(0)").kind,
        ExprErrorKind::Arith(ArithError::OrderOfZero)
    );
    let e = error("forall a < 4: inv(a) = 1");
    assert_eq!(e.span, 14..20);
    assert!(e.to_string().contains("at a = 0"), "{e}");
}

#[test]
fn variables_come_from_the_environment() {
    let s = parse("a * b + a").expect("parses");
    let vars: Vec<String> = s.variables().into_iter().collect();
    assert_eq!(vars, vec!["a".to_string(), "b".to_string()]);
    let env = BTreeMap::from([("a".to_string(), 2), ("b".to_string(), 3)]);
    assert_eq!(
        s.evaluate_with(&env),
        Ok(Evaluation::Value(Value::Nim(1 ^ 2)))
    );
    let s = parse("forall a < 4: a + b = b + a").expect("parses");
    assert_eq!(s.free_variables().into_iter().collect::<Vec<_>>(), ["b"]);
    assert!(s.check_with(&env).expect("b given").holds);
}

#[test]
fn rendering_marks_nim_powers() {
    let s = parse("2*2 = 3").expect("parses");
    assert_eq!(s.to_latex(), "2 \\otimes 2 = 3");
    assert_eq!(s.to_text(), "2 ⊗ 2 = 3");
    let s = parse("4^-1 != inv(4)").expect("parses");
    assert_eq!(s.to_latex(), "4^{-1} \\neq \\operatorname{inv}(4)");
    assert_eq!(s.to_text(), "4⁻¹ ≠ inv(4)");
    let s = parse("2^3 = 2**3 + 2").expect("parses");
    assert_eq!(s.to_latex(), "2^{\\otimes 3} = 2^{3} \\oplus 2");
    assert_eq!(s.to_text(), "2^⊗3 = 2³ ⊕ 2");
    let s = parse("2**63 + (x + 0xff)").expect("parses");
    assert_eq!(
        s.to_latex(),
        "2^{63} \\oplus \\left(x \\oplus \\mathtt{0xff}\\right)"
    );
    assert_eq!(s.to_text(), "2⁶³ ⊕ (x ⊕ 0xff)");
    let s = parse("forall 0 < a <= 15: exists x in {1, 2}: a <= 15").expect("parses");
    assert_eq!(s.to_text(), "∀ 0 < a ≤ 15: ∃ x ∈ {1, 2}: a ≤ 15");
    assert_eq!(
        s.to_latex(),
        "\\forall 0 < a \\le 15 :\\ \\exists x \\in \\{1, 2\\} :\\ a \\le 15"
    );
}

#[test]
fn rendered_text_reads_back_the_same() {
    // An ordinary power renders as `2³`, which role mode reads as a nim-power, so the
    // round trip holds for statements without one.
    for src in [
        "2^3 = 3 + 2",
        "4^-1 != inv(4)",
        "forall a, b < 16: a*b = b*a",
        "exists x < 4: x*x = 2 < 3",
    ] {
        let s = parse(src).expect("parses");
        let again = parse(&s.to_text()).expect("text parses");
        assert_eq!(s.check(), again.check(), "{src} vs {}", s.to_text());
    }
}

#[test]
fn properties_are_read_off_the_tree() {
    assert!(parse("2*2 = 3").expect("parses").uses_product());
    assert!(parse("4^-1 = 15").expect("parses").uses_product());
    assert!(!parse("5 + 3 = 6").expect("parses").uses_product());
    assert!(!parse("mex(0, 1) = 2").expect("parses").uses_product());
    let s = parse_in("2^64 = 18446744073709551616", Mode::Plain).expect("parses");
    let v = s.check().expect("checks");
    assert!(!s.resolved(&v.reading).uses_product());
}

fn mutate_flags(src: &str, mode: Mode) -> bool {
    let s = parse_in(src, mode).expect("parses");
    let v = s.check().expect("checks");
    assert!(v.holds, "{src}");
    s.perturbed(&v.reading).holds().expect("perturbed checks")
}

#[test]
fn perturbed_copies_of_honest_claims_fail() {
    for src in [
        "2*2 = 3",
        "2*2 != 5",
        "inv(4) != 0",
        "3*5 < 16",
        "2*2 >= 3",
        "8*8 = 3*6 = 13",
        "forall a, b < 16: a*b = b*a",
        "exists x < 16: x*x = 5",
        "exists x in {3}: x*x = 2",
        "forall a < 16: exists x < 16: x*x = a",
    ] {
        assert!(!mutate_flags(src, Mode::Role), "{src}");
    }
    assert!(!mutate_flags("3^2 = 9", Mode::Plain));
    // An empty range makes `forall` hold whatever the body says.
    assert!(mutate_flags("forall a < 0: a = 1", Mode::Role));
    let s = parse("2*2 != 5").expect("parses");
    assert_eq!(s.perturbed(&Reading::nim(0)).to_text(), "2 ⊗ 2 = 5");
    let s = parse("2*2 = 3").expect("parses");
    assert_eq!(s.perturbed(&Reading::nim(0)).to_text(), "2 ⊗ 2 = 3 ⊕ 1");
}

#[test]
fn vacuities_are_found_with_spans() {
    let kinds = |src: &str| -> Vec<(VacuityKind, std::ops::Range<usize>)> {
        let s = parse(src).expect("parses");
        s.vacuities()
            .into_iter()
            .map(|v| (v.kind, v.span))
            .collect()
    };
    assert_eq!(
        kinds("2*2 = 2*2"),
        [(
            VacuityKind::SameSides {
                link: 0,
                reordered: false
            },
            0..9
        )]
    );
    assert_eq!(
        kinds("2*3 = (3*2)"),
        [(
            VacuityKind::SameSides {
                link: 0,
                reordered: true
            },
            0..11
        )]
    );
    assert_eq!(
        kinds("forall a < 4: a*a = a*a")[0].0,
        VacuityKind::SameSides {
            link: 0,
            reordered: false
        }
    );
    assert!(kinds("forall a, b < 16: a*b = b*a").is_empty());
    assert!(kinds("2*3 = 1").is_empty());
    assert!(kinds("2*2 != 2*2").is_empty());
    assert_eq!(
        kinds("forall a < 0: a = 1"),
        [(VacuityKind::EmptyRange("a".into()), 0..12)]
    );
    assert_eq!(
        kinds("forall 0 < a < 1: a = 1")[0].0,
        VacuityKind::EmptyRange("a".into())
    );
    assert_eq!(
        kinds("forall a, b < 4: a = a + 0")[0],
        (VacuityKind::UnusedVariable("b".into()), 10..11)
    );
    let v = &parse("2*2 = 2*2").expect("parses").vacuities()[0];
    assert!(v.to_string().contains("same expression"));
}

#[test]
fn verdicts_explain_themselves() {
    let explain = |src: &str, mode| {
        let s = parse_in(src, mode).expect("parses");
        s.explain(&s.check().expect("checks"))
    };
    assert_eq!(
        explain("2*2 = 4", Mode::Role),
        "fails: the left side is 3 and the right side is 4"
    );
    assert_eq!(
        explain("forall a < 4: a*a = a", Mode::Role),
        "fails: counterexample a = 2; the left side is 3 and the right side is 2; 3 cases checked"
    );
    assert_eq!(
        explain("exists x < 4: x*x = 3", Mode::Role),
        "holds: witness x = 2; the left side is 3 and the right side is 3; 3 cases checked"
    );
    assert_eq!(
        explain("3^2 = 9", Mode::Plain),
        "holds: the left side is 9 and the right side is 9; with 3² as the ordinary power"
    );
    let e = explain("forall a < 16: exists x < 4: x*x = a", Mode::Role);
    assert_eq!(
        e,
        "fails: counterexample a = 4; no value of x works; 14 cases checked"
    );
    assert_eq!(
        explain("exists x < 2: x*x = 2", Mode::Role),
        "fails: no value of x works; 2 cases checked"
    );
}

proptest! {
    #[test]
    fn prop_parse_never_panics(src in "\\PC{0,40}") {
        for mode in [Mode::Role, Mode::Plain] {
            match parse_in(&src, mode) {
                Ok(s) => {
                    prop_assert!(s.span().end <= src.len());
                    if s.work() <= 1 << 12 {
                        let _ = s.check();
                    }
                    let _ = s.to_latex();
                    let _ = s.vacuities();
                }
                Err(e) => prop_assert!(src.get(e.span.clone()).is_some(), "{e:?}"),
            }
        }
    }

    #[test]
    fn prop_parse_never_panics_on_expression_like_text(
        src in "(forall |exists )?[0-9a-z()+*^=!,:<>{}⊕⊗≠≤⁻¹² -]{0,30}"
    ) {
        for mode in [Mode::Role, Mode::Plain] {
            if let Ok(s) = parse_in(&src, mode) {
                if s.work() <= 1 << 12 {
                    let _ = s.check();
                    let _ = s.evaluate();
                }
                let _ = s.to_text();
            }
        }
    }

    #[test]
    fn prop_error_spans_lie_in_the_source(src in "[0-9x()+*^=!,<>: -]{0,20}") {
        if let Err(e) = parse(&src).and_then(|s| s.evaluate()) {
            prop_assert!(src.get(e.span.clone()).is_some());
        }
    }

    #[test]
    fn prop_chains_hold_exactly_when_every_link_does(a in 0u128..300, b in 0u128..300, c in 0u128..300) {
        let src = format!("{a} * {b} = {c} < {b}");
        let v = parse(&src).expect("parses").check().expect("checks");
        let ab = crate::nimber::mul(a, b);
        prop_assert_eq!(v.holds, ab == c && c < b);
    }
}

fn text(src: &str) -> String {
    value(src).to_string()
}

#[test]
fn omega_is_a_cube_root_of_two() {
    assert_eq!(text("w*w"), "w**2");
    assert_eq!(text("ω ⊗ 2"), "w*2");
    assert_eq!(value("w^3"), 2);
    assert_eq!(text("w^4"), "w*2");
    assert_eq!(value("w^9"), 1);
    assert_eq!(text("(w+1)^-1"), "w**2*2 + w*2 + 2");
    assert_eq!(text("inv(w + 1)"), "w**2*2 + w*2 + 2");
    assert_eq!(value("deg(w)"), 6);
    assert_eq!(value("ord(w)"), 9);
    assert_eq!(value("deg(w**w)"), 20);
    assert_eq!(value("ord(w**w)"), 75);
    assert_eq!(value("deg(16)"), 8);
    assert!(holds("w^3 = 2"));
    assert!(!holds("w^3 = 3"));
    assert!(holds("(w**2*3 + w)^3 + (w**2*3 + w) + 1 = 0"));
    assert!(holds("(w**2*2 + w*2)^3 + (w**2*2 + w*2) + 1 = 0"));
    assert!(holds("(w**2 + w*3)^3 + (w**2 + w*3) + 1 = 0"));
    assert!(holds("ord(w + 1) = 63"));
}

#[test]
fn ordinal_powers_are_not_nim_powers() {
    assert_eq!(text("w**3"), "w**3");
    assert_eq!(text("(w**3)^3"), "w");
    assert_eq!(text("w**w"), "w**w");
    assert_eq!(text("(w**w)^5"), "4");
    assert_eq!(text("(w**(w**2))^7"), "w + 1");
    assert_eq!(text("2**w"), "w");
    assert_eq!(text("(w + 1)**2"), "w**2 + w + 1");
    assert_eq!(text("w**2*3 + w + 1"), "w**2*3 + w + 1");
    let s = parse("w**3 != w^3").expect("parses");
    assert_eq!(s.to_latex(), "\\omega^{3} \\neq \\omega^{\\otimes 3}");
    assert_eq!(s.to_text(), "ω³ ≠ ω^⊗3");
    assert_eq!(
        parse("w**(w**2) = alpha(7)").expect("parses").to_latex(),
        "\\omega^{\\omega^{2}} = \\alpha_{7}"
    );
    assert_eq!(
        parse("excess(19) = deg(w) - 2").map(|s| s.to_text()),
        Err(error("excess(19) = deg(w) - 2"))
    );
}

#[test]
fn alpha_and_excess_read_the_rows() {
    assert_eq!(value("alpha(3)"), 2);
    assert_eq!(value("alpha(5)"), 4);
    assert_eq!(text("alpha(7)"), "w + 1");
    assert_eq!(text("alpha(19)"), "w**3 + 4");
    assert_eq!(value("excess(19)"), 4);
    assert_eq!(value("excess(7)"), 1);
    assert!(holds("(w**w)^5 = alpha(5)"));
    let row = ordinal_arith()
        .expect("rows")
        .alphas()
        .row(19)
        .expect("row");
    assert_eq!(row.source, crate::nimber::ordinal::Source::Computed);
    assert_eq!(
        error("alpha(9)").kind,
        ExprErrorKind::NotAnOddPrime("9".into())
    );
    assert_eq!(
        error("excess(2)").kind,
        ExprErrorKind::NotAnOddPrime("2".into())
    );
    assert_eq!(
        error("alpha(w)").kind,
        ExprErrorKind::NotAnOddPrime("w".into())
    );
    assert!(error("alpha(283)").to_string().contains("ends at p = 281"));
}

#[test]
fn out_of_reach_is_an_error_at_its_span() {
    let e = error("1 + w**(w**w)");
    assert_eq!(e.span, 4..13);
    assert!(e.to_string().contains("ω^(ω^ω)"), "{e}");
    assert_eq!(error("w**w**w").kind, ExprErrorKind::ChainedPower);
    assert_eq!(
        error("inv(w + w)").kind,
        ExprErrorKind::Arith(ArithError::InverseOfZero)
    );
    assert!(matches!(
        error("inv(0 * w)").kind,
        ExprErrorKind::Ordinal(_) | ExprErrorKind::Arith(_)
    ));
    assert!(matches!(
        error("(w + 1)**1000").kind,
        ExprErrorKind::Ordinal(_)
    ));
    assert_eq!(
        error("x ** 2").kind,
        ExprErrorKind::IntegerPowerOfNonLiteral
    );
    assert!(parse("forall w < 4: w = w").is_err());
}

#[test]
fn quantified_claims_reach_omega() {
    let v = check(
        "forall a < 4: exists b < 4: (w*a + 1) * (w*b + 1) = w**2*(a*b) + w*(a + b) + 1",
        Mode::Role,
    );
    assert!(v.holds, "{v:?}");
    let v = check("forall a < 16: (w + a)^2 = w**2 + a*a", Mode::Role);
    assert!(v.holds);
    assert_eq!(v.cases, 16);
    let v = check("forall a < 8: w*a != 1", Mode::Role);
    assert!(v.holds);
    assert!(holds("forall 1 <= a < 4: (w*a)^3 = 2"));
    let v = check("forall a < 4: (w*a)^3 = 2", Mode::Role);
    assert!(!v.holds);
    assert_eq!(v.bindings[0].value, 0);
    let s = parse("forall a < 4: (w*a)^3 = 2").expect("parses");
    assert!(
        s.explain(&v)
            .contains("the left side is 0 and the right side is 2"),
        "{}",
        s.explain(&v)
    );
    let e = check_error("forall a < 4: inv(w*a) = 1");
    assert!(matches!(e, ExprErrorKind::InCase { .. }), "{e:?}");
}

#[test]
fn comparisons_order_ordinals() {
    assert!(holds("w > 2**127"));
    assert!(holds("w < w + 1 < w**2 < w**w"));
    assert!(holds("alpha(7) > alpha(5)"));
    assert!(!holds("w^3 > w"));
}

#[test]
fn plain_math_reads_omega() {
    // A power of ω is Cantor's; the nim-power is marked.
    assert!(!plain("ω^3 = 2").holds);
    assert!(plain("ω^⊗3 = 2").holds);
    assert!(plain("ω^3 ≠ 2").holds);
    let v = plain("ω³ = ω^⊗3 ⊗ ω³");
    assert!(!v.holds);
    assert!(plain("ω · 2 = ω ⊗ 2").holds);
    assert!(plain("1 + ω = ω").holds);
}

#[test]
fn perturbed_ordinal_claims_fail() {
    for src in [
        "w^3 = 2",
        "inv(w + 1) = w**2*2 + w*2 + 2",
        "alpha(7) = w + 1",
        "deg(w) = 6",
    ] {
        let s = parse(src).expect("parses");
        assert!(s.holds().expect("checks"), "{src}");
        let p = s.perturbed(&Reading::nim(0));
        assert!(!p.holds().expect("checks"), "{src}");
    }
}

#[test]
fn finite_statements_keep_the_register_code() {
    assert!(
        !parse("forall a, b < 16: a*b = b*a")
            .expect("parses")
            .needs_ordinals()
    );
    assert!(parse("deg(4) = 4").expect("parses").needs_ordinals());
    assert!(parse("1 + w = w + 1").expect("parses").needs_ordinals());
}

#[test]
fn remainders_and_powers_of_literals() {
    assert!(holds(
        "forall k in {2, 4, 8, 16, 32, 64}: rem(2**k, 9) != 1"
    ));
    assert!(!holds("forall k in {2, 6}: rem(2**k, 9) != 1"));
    assert!(holds("forall 1 <= e < 20: rem(2**e, 25) != 1"));
    assert!(holds("rem(2**20, 25) = 1"));
    assert_eq!(value("rem(17, 5)"), 2);
    assert_eq!(error("rem(3, 0)").kind, ExprErrorKind::RemainderByZero);
    assert!(matches!(
        error("rem(w, 3)").kind,
        ExprErrorKind::Unexpected { .. }
    ));
    assert_eq!(
        error("rem(3)").kind,
        ExprErrorKind::Arity {
            name: "rem",
            expected: 2,
            found: 1
        }
    );
    assert_eq!(
        error("rem(3)").kind.to_string(),
        "`rem` takes 2 arguments, found 1"
    );
    assert_eq!(
        error("inv(3, 4)").kind.to_string(),
        "`inv` takes 1 argument, found 2"
    );
    assert!(!parse("rem(7**2, 9) = 4").expect("parses").needs_ordinals());
    assert!(holds("rem(7**2, 9) = 4"));
    assert_eq!(error("2**k").kind, ExprErrorKind::Unbound("k".into()));
    assert_eq!(error("2**200").kind, ExprErrorKind::Overflow);
    let s = parse("forall k < 7: rem(2**(2**k), 9) != 1").expect("parses");
    assert!(s.holds().expect("checks"));
    assert_eq!(s.to_text(), "∀ k < 7: (2^(2^(k)) mod 9) ≠ 1");
    assert_eq!(
        s.to_latex(),
        "\\forall k < 7 :\\ \\left(2^{2^{k}} \\bmod 9\\right) \\neq 1"
    );
}

/// Returns the games the tests name: Kayles to 200 values (period proved) and Kayles
/// again, as `short`, to 50 (none proved).
fn kayles_games() -> crate::stmt::Games {
    use crate::nimber::OctalGame;
    let code = "0.77".parse().expect("a code");
    let mut games = crate::stmt::Games::new();
    let long = OctalGame::compute(&code, 200).expect("computes");
    games.insert(crate::stmt::Game::from_octal("kayles", &long));
    let short = OctalGame::compute(&code, 50).expect("computes");
    games.insert(crate::stmt::Game::from_octal("short", &short));
    games
}

fn with_games(src: &str) -> Result<Statement, ExprError> {
    let mut s = parse(src)?;
    s.bind_games(&kayles_games())?;
    Ok(s)
}

#[test]
fn game_arguments_are_ordinary_arithmetic_and_values_nimbers() {
    let holds = |src: &str| with_games(src).and_then(|s| s.holds());
    assert_eq!(
        holds("forall n < 100: kayles(n + 83) = kayles(n + 71)"),
        Ok(true)
    );
    assert_eq!(
        holds("forall n < 100: kayles(n + 82) = kayles(n + 71)"),
        Ok(false)
    );
    assert_eq!(holds("kayles(3) + kayles(4) = 2"), Ok(true)); // 3 ⊕ 1
    assert_eq!(holds("kayles(3) + kayles(4) = 4"), Ok(false)); // not 3 + 1
    assert_eq!(holds("kayles(2*3 - 1) = kayles(5) = 4"), Ok(true));
    assert_eq!(holds("kayles(2 ⊕ 3) = kayles(1)"), Ok(true)); // ⊕ stays the nim-sum
    assert_eq!(holds("period(kayles) = 12"), Ok(true));
    assert_eq!(holds("preperiod(kayles) = 71"), Ok(true));
    assert_eq!(holds("preperiod(kayles) = 70"), Ok(false));
    assert_eq!(holds("kayles(71 + 12 * 1000) = kayles(71)"), Ok(true));
    assert_eq!(
        holds(
            "forall n < 12: kayles(preperiod(kayles) + n + period(kayles)) = kayles(preperiod(kayles) + n)"
        ),
        Ok(true)
    );
    // In the ordinal walker too.
    assert_eq!(holds("kayles(5) + w = w + 4"), Ok(true));
}

#[test]
fn games_render_with_their_arguments() {
    let s = parse("kayles(n + 83) = kayles(2*n - 1) ⊕ period(kayles)").expect("parses");
    assert_eq!(
        s.to_text(),
        "kayles(n + 83) = kayles(2 × n - 1) ⊕ period(kayles)"
    );
    assert!(
        s.to_latex().contains("\\operatorname{kayles}(n + 83)"),
        "{}",
        s.to_latex()
    );
}

#[test]
fn game_errors_say_how_to_write_it() {
    let kind = |src: &str| with_games(src).and_then(|s| s.value()).unwrap_err();
    let e = kind("period(kayles) + 1");
    assert_eq!(
        (e.kind.clone(), e.span),
        (ExprErrorKind::AmbiguousGameArithmetic, 15..16)
    );
    assert!(
        e.kind
            .hint()
            .unwrap()
            .contains("kayles(n + period(kayles))")
    );
    assert!(matches!(
        kind("2 * preperiod(kayles)").kind,
        ExprErrorKind::AmbiguousGameArithmetic
    ));
    assert!(matches!(
        kind("kayles(3 - 4)").kind,
        ExprErrorKind::NegativeHeap
    ));
    assert!(matches!(
        kind("period(short)").kind,
        ExprErrorKind::NoPeriod { upto: 50, .. }
    ));
    let past = kind("short(50)");
    assert!(
        matches!(
            past.kind,
            ExprErrorKind::PastBound {
                n: 50,
                upto: 50,
                ..
            }
        ),
        "{past:?}"
    );
    assert!(past.to_string().starts_with(
        "`short(50)` is past the 50 values computed, and no period is proved to reach it"
    ));
    let unknown = kind("dawson(3)");
    assert_eq!(unknown.span, 0..9);
    assert!(
        unknown
            .to_string()
            .contains("the games defined here are kayles, short")
    );
    // Outside games, `-` between values is still refused.
    assert!(matches!(
        kind("kayles(3) - 1").kind,
        ExprErrorKind::Subtraction | ExprErrorKind::Unexpected { .. }
    ));
}

#[test]
fn game_claims_perturb_and_fail() {
    let s = with_games("kayles(5) = 4").expect("parses");
    let v = s.check().expect("checks");
    assert!(v.holds);
    assert!(!s.perturbed(&v.reading).holds().expect("checks"));
}

/// Returns the estimate of a claim refused for its work.
fn refused_work(src: &str) -> u128 {
    match parse(src).expect("parses").check() {
        Err(e) => match e.kind {
            ExprErrorKind::TooMuchWork { work, limit } => {
                assert_eq!(limit, MAX_WORK);
                assert!(e.to_string().contains("steps of work"), "{e}");
                work
            }
            other => panic!("{src}: {other:?}"),
        },
        Ok(v) => panic!("{src}: checked in {} steps", v.steps),
    }
}

#[test]
fn work_is_counted_by_what_each_case_costs_not_by_the_cases() {
    // Few cases of cheap operations pass, and the verdict says what they cost.
    let v = parse("forall a < 2**12: inv(w**(w**3) + 1 + a) != 0")
        .expect("parses")
        .check()
        .expect("within the bound");
    assert!(v.holds && v.steps > 4096 * 1000, "{} steps", v.steps);
    // Sixteen cases of an inverse in a field of degree 6820 cost more than the bound: the
    // claim stops at it, with the cost of the cases run scaled to all sixteen.
    let big = "forall a < 2**4: inv(w**(w**9) + w**(w**3) + 1 + a) != 0";
    assert!(refused_work(big) > u128::from(MAX_WORK) * 3 / 2);
    // Inverses and orders of wide finite nimbers cost by their width.
    let wide = refused_work("forall a < 2**20: ord(a + 2**100) != 0");
    assert!(wide > 20 * u128::from(MAX_WORK), "{wide}");
    assert!(holds("forall a < 2**12: ord(a + 2**100) != 0"));
    // A single operation past the bound stops before it runs.
    let power = "(w**(w**20) + w**(w**19) + w**(w**18) + w**(w**17) + w**3 + w + 1)^63 = 1";
    assert!(refused_work(power) > u128::from(MAX_WORK));
    // Cases that cost nothing are still at least a step each.
    assert!(refused_work("forall a < 2**14, b < 2**14: a = a") >= 1 << 28);
}

#[test]
fn counts_are_computed_and_perturbed_copies_fail() {
    assert!(holds("count(primitive, 16) = 8"));
    assert!(!holds("count(primitive, 16) = 6"));
    assert!(holds("count(units, 16) = 15"));
    assert!(!holds("count(units, 16) = 16"));
    assert!(holds("count(squares, 256) = 255"));
    assert!(holds("count(order, 16, 5) = 4"));
    assert!(!holds("count(order, 16, 5) = 2"));
    assert!(holds("count(fixed, 16) = 1"));
    assert!(holds("count(roots, 4) = 3"));
    for src in ["count(primitive, 16) = 8", "3 = count(order, 16, 15) ⊕ 11"] {
        assert!(!mutate_flags(src, Mode::Role), "{src}");
    }
    assert_eq!(
        parse("count(squares, 10)").expect_err("no field").kind,
        ExprErrorKind::CountField(10)
    );
    assert_eq!(
        parse("count(fourths, 16)").expect_err("no such count").kind,
        ExprErrorKind::UnknownCount("fourths".into())
    );
    assert!(holds("count(cubes, 16) = 5"));
    assert!(!holds("count(cubes, 16) = 15"));
    // In the field of 4 the cube of every unit is 1.
    assert!(holds("count(cubes, 4) = 1"));
    assert!(parse("count(order, 16)").is_err());
    let s = parse("count(order, 16, 5) = 4").expect("parses");
    assert_eq!(s.to_text(), "count(order, 16, 5) = 4");
    assert_eq!(parse(&s.to_text()), Ok(s));
}

#[test]
fn star_values_and_roots_read_in_prose() {
    assert!(plain("*3 + *5 = *6").holds);
    assert!(!plain("*3 + *5 = *8").holds);
    assert!(plain("∗3 ⊕ ∗1 = ∗2").holds);
    assert!(plain("√3 = 2").holds);
    assert!(!plain("√3 = 3").holds);
    assert!(plain("2 * 3 = 6").holds);
    assert!(plain("2 * 3 = 1").holds);
    assert!(!plain("2 * 3 = 5").holds);
}

#[test]
fn operands_with_omega_are_ordinal_notation() {
    let s = parse_in("ω^2·3 + ω·2 + 1 = ω^2·3 + ω·2 + 1", Mode::Plain).expect("one reading");
    assert_eq!(s.ambiguous_count(), 0);
    assert!(plain("ω^2·3 + ω·2 + 1 = (ω ⊗ ω ⊗ 3) ⊕ (ω ⊗ 2) ⊕ 1").holds);
    assert!(!plain("ω^2·3 + ω·2 + 1 = (ω ⊗ ω ⊗ 3) ⊕ ω ⊕ 1").holds);
    // Cantor's sum, not the nim-sum, is read beside ω.
    assert!(plain("ω + ω = ω·2").holds);
    assert!(!plain("ω + ω = 0").holds);
    assert!(!plain("ω^3 = 2").holds);
    // Finite operators keep both readings, and only they count towards the limit.
    let s = parse_in("ω^2·3 + ω·2 = 2^2 + 3×3 + 1", Mode::Plain).expect("four");
    assert_eq!(s.ambiguous_count(), 4);
    let v = s.check().expect("checks");
    assert!(!v.holds);
    assert!(s.describe_reading(&v.reading).is_some());
    assert!(!plain("ω = 2^2 + 3×3 + 1 + 1").holds);
    assert!(!mutate_flags("ω^2·3 + ω = (ω ⊗ ω ⊗ 3) ⊕ ω", Mode::Plain));
}

#[test]
fn many_ambiguous_operators_are_read_all_one_way() {
    let worked = "3·3 = (2+1)·(2+1) = 2·2 + 2·1 + 1·2 + 1·1 = 3 + 2 + 2 + 1";
    let s = parse_in(&format!("{worked} = 2"), Mode::Plain).expect("parses");
    assert!(s.ambiguous_count() > MAX_AMBIGUOUS);
    assert!(s.check().expect("checks").holds);
    assert!(!plain(&format!("{worked} = 3")).holds);
    // Ordinary throughout holds too; a mix of readings is not tried.
    assert!(plain("2·3 + 1 + 1 + 1 + 1 + 1 = 11").holds);
    let v = parse_in("2·3 + 1 + 1 + 1 + 1 + 1 = 11", Mode::Plain)
        .and_then(|s| s.check().map(|v| (s, v)))
        .expect("checks");
    let said = v.0.describe_reading(&v.1.reading).expect("ambiguous");
    assert!(
        said.contains("every operator read as the ordinary"),
        "{said}"
    );
    assert!(!plain("2·3 + 1 + 1 + 1 + 1 + 2^3 = 14").holds);
}

#[test]
fn a_bracket_right_after_a_number_or_bracket_is_a_product() {
    assert!(plain("16 × 16 = 3(2^3) = 3(8) = 24").holds);
    assert!(!plain("16 × 16 = 3(2^3) = 3(8) = 25").holds);
    assert!(plain("(2+1)(2+1) = 2").holds);
    assert!(!plain("(2+1)(2+1) = 7").holds);
    // A space keeps them apart, and a name before a bracket is a call.
    assert!(parse_in("3 (8) = 24", Mode::Plain).is_err());
    assert!(parse_in("3(8) = 24", Mode::Role).is_err());
}

#[test]
fn numbers_with_a_leading_zero_in_0s_and_1s_are_binary() {
    assert!(plain("1010 XOR 0011 = 1001").holds);
    assert!(!plain("1010 XOR 0011 = 1011").holds);
    // Without a leading zero, or with another digit, numbers stay decimal.
    assert!(!plain("1010 XOR 11 = 1001").holds);
    assert!(plain("07 ⊕ 1 = 6").holds);
}

#[test]
fn quotients_read_two_ways_and_never_truncate() {
    // In roles `/` is the nim quotient a ⊗ b⁻¹.
    assert!(holds("1 / 2 = 3"));
    assert!(!holds("1 / 2 = 2"));
    assert!(holds("6 / 2 = 6 * inv(2)"));
    assert!(holds("w / w = 1"));
    // In plain text it is also the ordinary quotient, when that is whole.
    assert!(plain("16 × 15 / 2 = 120").holds);
    assert!(!plain("16 × 15 / 2 = 121").holds);
    assert!(!plain("7 / 2 = 3").holds);
    assert_eq!(
        check_error("1 / 0 = 1"),
        ExprErrorKind::Arith(ArithError::InverseOfZero)
    );
    // A heap size is divided as an ordinary number, exactly.
    let s = parse_in("7 / 2 = 3", Mode::Plain).expect("parses");
    let int = s.resolved(&Reading::all(1).nth(1).expect("a second reading"));
    assert_eq!(
        int.check().map(|v| v.holds).unwrap_err().kind,
        ExprErrorKind::Inexact { a: 7, b: 2 }
    );
    assert_eq!(s.to_text(), "7 / 2 = 3");
    assert_eq!(s.to_latex(), "\\frac{7}{2} = 3");
}

#[test]
fn counts_of_a_condition_count_the_values_that_meet_it() {
    // The cube roots of 1 below 16, from the core.
    let roots = (0..16u128)
        .filter(|&a| crate::nimber::mul(crate::nimber::mul(a, a), a) == 1)
        .count();
    assert!(holds(&format!("count{{a < 16 : a*a*a = 1}} = {roots}")));
    assert!(!holds(&format!(
        "count{{a < 16 : a*a*a = 1}} = {}",
        roots + 1
    )));
    assert!(holds("count{a in {1, 2, 4} : a*a = a} = 1"));
    assert!(holds("count{1 <= a < 4 : a + a = 0 = 0} = 3"));
    // Its variable is bound inside only, and a count may stand beside a quantifier.
    assert!(holds("forall b < 4: count{a < 4 : a + b = 0} = 1"));
    let s = parse("count{a < 16 : a*a*a = 1} = 3").expect("parses");
    assert!(s.free_variables().is_empty());
    assert_eq!(s.to_text(), "count{a < 16: a ⊗ a ⊗ a = 1} = 3");
    // Two variables count the pairs: the entries of the product table below 16 equal
    // to 1, one in each nonzero row, and to 0, a row and a column.
    let pairs = |v: u128| {
        (0..16u128)
            .flat_map(|a| (0..16u128).map(move |b| (a, b)))
            .filter(|&(a, b)| crate::nimber::mul(a, b) == v)
            .count()
    };
    assert!(holds(&format!(
        "count{{a, b < 16 : a*b = 1}} = {}",
        pairs(1)
    )));
    assert!(!holds(&format!(
        "count{{a, b < 16 : a*b = 1}} = {}",
        pairs(1) + 1
    )));
    assert!(holds(&format!(
        "count{{a, b < 16 : a*b = 0}} = {}",
        pairs(0)
    )));
    assert!(holds("count{a, b in {1, 2} : a + b = 0} = 2"));
    assert!(holds("count{a, b < 0 : a = b} = 0"));
    assert_eq!(error("count{a < 4 : a}").kind, ExprErrorKind::NotAClaim);
    // Bounded: a count over too wide a range runs out of work, it does not hang.
    let wide = parse("count{a < 2**100 : a = a} = 0").expect("parses");
    assert!(wide.check_within(10_000).is_err());
}

#[test]
fn a_settled_operator_keeps_one_reading() {
    // `11 + 13 = 24` holds as an ordinary sum; with `+` settled as the nim-sum it fails.
    let s = super::parse_tokens(
        &super::lexer::lex("11 + 13 = 24", Mode::Plain).expect("lexes"),
        12,
        Mode::Plain,
    )
    .expect("parses");
    assert!(s.check().expect("checks").holds);
    let nim = s.settled(|op| (op == super::AmbiguousOp::Sum).then_some(super::Meaning::Nim));
    assert_eq!(nim.ambiguous_count(), 0);
    assert!(!nim.check().expect("checks").holds);
    // Only the kinds picked are settled; the rest keep both readings, renumbered.
    let s = super::parse_tokens(
        &super::lexer::lex("2 × 3 + 1 = 7", Mode::Plain).expect("lexes"),
        13,
        Mode::Plain,
    )
    .expect("parses");
    let int = s.settled(|op| (op == super::AmbiguousOp::Sum).then_some(super::Meaning::Int));
    assert_eq!(int.ambiguous_count(), 1);
    assert!(int.check().expect("checks").holds);
}

#[test]
fn the_values_a_product_s_pairs_exclude_compare_as_a_set() {
    // The nine pairs below (3, 3) exclude 0, 1 and 3, so 3 ⊗ 3 = 2.
    assert!(holds("excluded(3, 3) = {0, 1, 3}"));
    assert!(holds("excluded(2, 2) = {0, 2, 2, 1}"));
    assert!(!holds("excluded(3, 3) = {0, 1, 2}"));
    assert!(holds("distinct(4, 4) = 10"));
    assert!(!holds("distinct(4, 4) = 9"));
    let refused = |src: &str| parse(src).expect_err(src).kind;
    assert!(matches!(
        refused("excluded(3, 3) = 2"),
        ExprErrorKind::SetTerm
    ));
    assert!(matches!(
        refused("forall a < 4: distinct(a, 1) = 1"),
        ExprErrorKind::Unexpected { .. }
    ));
    assert!(matches!(
        check_error("excluded(200, 3) = {1}"),
        ExprErrorKind::ExcludedTooLarge { a: 200, b: 3, .. }
    ));
}

#[test]
fn the_options_of_a_position_compare_as_sets() {
    let holds = |src: &str| with_games(src).and_then(|s| s.holds());
    // A row of 4 in Kayles leaves 3, 1 + 2, 2 or 1 + 1 pins: values 3, 3, 2 and 0.
    assert_eq!(holds("options(kayles, 4) = {0, 2, 3}"), Ok(true));
    assert_eq!(holds("options(kayles, 4) = {3, 2, 0, 3}"), Ok(true));
    assert_eq!(holds("options(kayles, 4) = {0, 1, 3}"), Ok(false));
    assert_eq!(holds("options(kayles, 4) != {0, 1, 3}"), Ok(true));
    assert_eq!(holds("options(kayles, 0) = {1}"), Ok(false));
    let s = with_games("options(kayles, 4) = {0, 1, 3}").expect("parses");
    let why = s.explain(&s.check().expect("checks"));
    assert!(
        why.contains("{0, 2, 3}") && why.contains("{0, 1, 3}"),
        "{why}"
    );
    // A set is compared whole, with a set.
    for src in [
        "options(kayles, 4) = 13",
        "{0, 1} = 3",
        "options(kayles, 4) + 1 = {0}",
        "options(kayles, 4) < {0, 2, 3}",
        "{0, 1}",
    ] {
        let e = with_games(src).expect_err(src);
        assert_eq!(e.kind, ExprErrorKind::SetTerm, "{src}");
    }
    let e = holds("options(short, 60) = {0}").expect_err("past the table");
    assert!(matches!(e.kind, ExprErrorKind::PastBound { .. }), "{e:?}");
    let e = with_games("{0, 200} = {0}").expect_err("too large");
    assert_eq!(e.kind, ExprErrorKind::Overflow);
    // A game whose moves are not known has no options to compare.
    let mut games = crate::stmt::Games::new();
    games.insert(crate::stmt::Game::new("t", vec![0, 1, 2], None));
    let mut s = parse("options(t, 2) = {0, 1}").expect("parses");
    s.bind_games(&games).expect("binds");
    let e = s.holds().expect_err("no moves");
    assert!(matches!(e.kind, ExprErrorKind::NoMoves { .. }), "{e:?}");
}

#[test]
fn moves_count_positions_within_the_table() {
    let holds = |src: &str| with_games(src).and_then(|s| s.holds());
    // A row of 4 in Kayles leaves 3, 1 + 2, 2 or 1 + 1 pins.
    assert_eq!(holds("moves(kayles, 4) = 4"), Ok(true));
    assert_eq!(holds("moves(kayles, 4) = 3"), Ok(false));
    assert_eq!(holds("moves(kayles, 4) > 3"), Ok(true));
    let e = holds("moves(short, 100000000000) = 0").expect_err("past the table");
    assert!(matches!(e.kind, ExprErrorKind::PastBound { .. }), "{e:?}");
    let mut games = crate::stmt::Games::new();
    games.insert(crate::stmt::Game::new("t", vec![0, 1, 2], None));
    let mut s = parse("moves(t, 2) = 1").expect("parses");
    s.bind_games(&games).expect("binds");
    let e = s.holds().expect_err("no moves");
    assert!(matches!(e.kind, ExprErrorKind::NoMoves { .. }), "{e:?}");
}
