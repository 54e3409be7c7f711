//! Tests of the math lint and the text reader: a true and a false fixture for every form.

use proptest::prelude::*;

use super::*;

/// Reads `latex` as a claim and returns whether it holds.
fn holds(latex: &str) -> bool {
    match lint(latex) {
        Lint::Claim(s) => s.check().unwrap_or_else(|e| panic!("{latex}: {e}")).holds,
        other => panic!("{latex}: {other:?}"),
    }
}

fn pair(true_form: &str, false_form: &str) {
    assert!(holds(true_form), "{true_form} should hold");
    assert!(!holds(false_form), "{false_form} should fail");
}

fn unreadable(latex: &str) -> Unreadable {
    match lint(latex) {
        Lint::Unreadable(u) => {
            assert!(latex.get(u.span.clone()).is_some(), "{u:?}");
            u
        }
        other => panic!("{latex}: {other:?}"),
    }
}

#[test]
fn reads_what_authors_write() {
    pair("2 \\otimes 2 = 3,", "2 \\otimes 2 = 4,");
    pair("4^{-1} = 15.", "4^{-1} = 14.");
    pair("4^{-1} = 15 \\;.", "4^{-1} = 14 \\quad;");
    pair("3^2 = 9", "3^2 = 3");
    pair("3^{2} = 2", "5^2 = 6");
    pair("5^2 = 7", "5^{2} = 24");
    pair("(3^{4})^{-1} = 2", "(3^{4})^{-1} = 5");
    // A power of 2 from the eighth on is the integer: a nim-power of 2 is 1, 2 or 3.
    pair(
        "2^{32} \\otimes 2^{32} = 2^{32} \\oplus 2^{31}",
        "2^{32} \\otimes 2^{32} = 2^{32} \\oplus 2^{30}",
    );
    pair(
        "\\ast 2 \\oplus \\ast 3 = \\ast 1",
        "\\ast 2 \\oplus \\ast 3 = \\ast 5",
    );
    pair("\\sqrt 2 = 3", "\\sqrt 2 = 5");
    pair("\\sqrt{2} = 3", "\\sqrt{2} = 2");
    pair("4 \\times 4 = 6", "4 \\times 4 = 7");
    pair("4 \\cdot 4 = 16", "4 \\cdot 4 = 17");
    pair("\\operatorname{inv} 4 = 15", "\\operatorname{inv} 4 = 14");
    pair(
        "\\operatorname{inv}(4) \\neq 4",
        "\\operatorname{inv}(4) \\neq 15",
    );
    pair(
        "\\operatorname{mex}\\{0,1,3\\} = 2",
        "\\operatorname{mex}\\{0,1,3\\} = 4",
    );
    pair(
        "\\operatorname{mex}\\left(\\{0, 2\\}\\right) = 1",
        "\\mathrm{mex}(0, 1) = 0",
    );
    pair(
        "\\mathbf{2} \\otimes \\mathbf{2} = \\text{3}",
        "\\mathbf{2} \\otimes 2 = 2",
    );
    pair(
        "65\\,536 \\otimes 65\\,536 = 98\\,304",
        "65{,}536 \\otimes 65{,}536 = 98{,}305",
    );
    pair("4 ⊗ 4 ⊕ 1 ≠ 6", "4 ⊗ 4 ⊕ 1 ≠ 7");
    pair("2 \\otimes 2 \\not= 4", "2 \\otimes 2 \\not = 3");
    pair("2 \\otimes 2 \\ne 4", "2 \\otimes 2 \\neq 3");
    pair("2 \\otimes 2 \\ge 3", "2 \\otimes 2 \\gt 3");
    pair(
        "2 \\otimes 3 \\lt 2 \\otimes 4",
        "2 \\otimes 4 \\le 2 \\otimes 3",
    );
    pair("2 \\otimes 2 \\leq 3", "2 \\otimes 2 \\geq 4");
    pair("8 \\otimes 8 \\oplus 2^{64} > 2^{63}", "2 \\oplus 3 < 1");
}

/// Returns the values of the terms of a false claim (under the nimber reading).
fn false_values(latex: &str) -> Vec<u128> {
    let Lint::Claim(s) = lint(latex) else {
        panic!("{latex}")
    };
    let v = s.check().expect("checks");
    assert!(!v.holds && v.reading.is_nim(), "{latex}");
    assert_eq!(s.failing_span(&v), s.link_span(0), "{latex}");
    let terms = v.values.expect("closed").terms;
    terms.iter().filter_map(stmt::Value::as_finite).collect()
}

#[test]
fn false_claims_report_their_values_under_the_nimber_reading() {
    assert_eq!(false_values("2 \\otimes 2 = 4,"), [3, 4]);
    assert_eq!(false_values("4^{-1} = 14."), [15, 14]);
    assert_eq!(false_values("3^2 = 3"), [2, 3]);
    assert_eq!(false_values("5^2 = 6"), [7, 6]);
    assert_eq!(false_values("(3^{4})^{-1} = 5"), [2, 5]);
    assert_eq!(false_values("\\ast 2 \\oplus \\ast 3 = \\ast 5"), [1, 5]);
    assert_eq!(false_values("\\sqrt 2 = 5"), [3, 5]);
    assert_eq!(false_values("4 \\times 4 = 7"), [6, 7]);
    assert_eq!(false_values("\\operatorname{inv} 4 = 14"), [15, 14]);
    assert_eq!(false_values("\\operatorname{mex}\\{0,1,3\\} = 4"), [2, 4]);
    assert_eq!(false_values("65{,}536 \\otimes 2 = 2"), [131072, 2]);
}

#[test]
fn chains_report_the_failing_link() {
    let chain = "8 \\otimes 8 = (2 \\otimes 2) \\otimes (4 \\otimes 4) = 3 \\otimes 6 = ";
    pair(&format!("{chain}13"), &format!("{chain}14"));
    let Lint::Claim(s) = lint(&format!("{chain}14")) else {
        panic!("reads")
    };
    let v = s.check().expect("checks");
    let at = s.failing_span(&v).expect("a link fails");
    assert_eq!(&format!("{chain}14")[at], "3 \\otimes 6 = 14");
    assert_eq!(v.values.expect("closed").failing, Some(2));
}

#[test]
fn reads_quantifiers() {
    pair(
        "\\forall a \\le 15 : a \\oplus a = 0",
        "\\forall a \\le 15 : a \\otimes a = a",
    );
    pair(
        "\\forall 0 < a < 16 :\\ a \\otimes a^{-1} = 1",
        "\\forall 0 < a < 16 :\\ a \\otimes a^{-1} = a",
    );
    pair(
        "\\exists x < 4 : x \\otimes x = 2",
        "\\exists x < 2 : x \\otimes x = 2",
    );
    pair(
        "\\forall a \\in \\{2, 4\\} : a \\otimes a \\ne a",
        "\\forall a \\in \\{1, 2, 4\\} : a \\otimes a \\ne a",
    );
    pair(
        "\\forall a, b < 16 \\colon a \\otimes b = b \\otimes a",
        "\\forall a, b < 16 \\colon a \\otimes b = a \\oplus b",
    );
    pair(
        "\\forall a, b < 16,\\ a \\oplus b = b \\oplus a",
        "\\forall a, b < 16,\\ a \\otimes b = a",
    );
    pair(
        "∀ a < 16 \\; \\exists x < 16 : x \\otimes x = a",
        "\\forall a < 16 \\quad \\exists x < 4 : x \\otimes x = a",
    );
    pair(
        "\\forall b < 256 :\\ 1 \\otimes b = b",
        "\\forall b < 2^{8} :\\ 1 \\otimes b = 1",
    );
}

#[test]
fn leaves_mathematics_without_claims_alone() {
    for latex in [
        "x",
        "a \\otimes b",
        "2^{64}",
        "\\{0, 1, 2\\}",
        "\\{0, 1, \\ldots, 7\\}",
        "x' < x",
        "m < n",
        "x < 2^{64}",
        "n - m",
        "4^{s} - 3 \\cdot 4^{s-1}",
        "\\ast 5",
        "\\operatorname{mex} S",
        "0 < \\alpha' < \\alpha",
        "",
        "\\tfrac{3}{2} F",
        "F = 2^{2^k}",
        "n + 1 = m",
        "a^2 = b",
        "a_1 \\cdot 2 = 5",
    ] {
        assert_eq!(lint(latex), Lint::NoClaim, "{latex}");
    }
}

#[test]
fn reports_claim_like_spans_it_cannot_read() {
    let u = unreadable("c = 2 \\otimes 3");
    assert_eq!(u.span, 0..1);
    assert!(u.hint.contains("\\forall c"), "{u}");
    assert!(u.to_string().contains("not quantified"), "{u}");
    let u = unreadable("(a \\oplus a') \\otimes b = 0");
    assert_eq!(u.span, 11..12);
    let u = unreadable("2 \\otimes 2 = 3 \\text{ and } 3 \\otimes 3 = 2");
    assert_eq!(u.span, 16..28);
    assert!(u.what.contains("and"), "{u}");
    let u = unreadable("\\alpha^{-1} = 1");
    assert!(u.hint.contains("Latin letter"), "{u}");
    let u = unreadable("a \\otimes b = \\operatorname{mex}\\{\\, a' \\otimes b : a' < a \\,\\}.");
    assert!(u.what.contains("prime"), "{u}");
    let u = unreadable("2 * 2 = 3");
    assert!(u.hint.contains("\\otimes"), "{u}");
    let u = unreadable("\\forall a : a \\oplus a = 0");
    assert!(u.hint.contains("finite range"), "{u}");
    let u = unreadable("2^{2^k} \\otimes 2 = 1");
    assert!(latex_span_ok(&u));
    let u = unreadable("2 \\otimes 2 = 3. 3 \\otimes 3 = 2");
    assert_eq!(u.span, 15..16);
    let u = unreadable(&(vec!["1"; 66].join(" + ") + " = 0"));
    assert!(u.what.contains("two ways"), "{u}");
}

fn latex_span_ok(u: &Unreadable) -> bool {
    u.span.start <= u.span.end
}

#[test]
fn compat_read_keeps_the_old_shape() {
    let r = read("\\forall a < 256 :\\ a \\oplus a = 0").expect("reads");
    assert!(r.vars.is_empty());
    assert!(matches!(
        r.statement.evaluate(),
        Ok(stmt::Evaluation::Comparison { holds: true, .. })
    ));
    let e = read("\\forall a, b < 65536 : a \\oplus b = b \\oplus a").expect_err("large");
    assert!(e.contains("too large"), "{e}");
    assert!(read("2 \\otimes 3").is_err());
    assert!(read("c = 2 \\otimes 3").is_err());
}

#[test]
fn laws_over_free_variables_are_read_over_the_default_domain() {
    let text = |latex: &str| match lint(latex) {
        Lint::Claim(s) => s.to_text(),
        other => panic!("{latex}: {other:?}"),
    };
    assert!(text("x \\oplus y = y \\oplus x").starts_with("∀ x, y < 256:"));
    pair("a \\oplus a = 0", "a \\oplus a = a");
    pair("x \\oplus y = y \\oplus x", "x \\otimes y = y \\oplus x");
    let law = "a \\otimes (b \\oplus c) = a \\otimes b \\oplus a \\otimes c";
    assert!(text(law).starts_with("∀ a, b, c < 16:"), "{}", text(law));
    assert!(holds(law));
}

#[test]
fn laws_with_operators_of_two_readings_are_read_when_no_letter_is_defined() {
    pair("n + n = 0", "n + n = 1");
    pair("n + n = 0", "n + n = n");
    pair("a \\cdot b = b \\cdot a", "a \\cdot b = a + b");
    // A letter on one side only is defined by the other: no claim.
    for definition in ["n + 1 = m", "F = 2^{2^k}", "x = a + b", "2^{2^n} + 1 = 5"] {
        assert!(matches!(lint(definition), Lint::NoClaim), "{definition}");
    }
}

#[test]
fn ordinary_differences_and_implications_and_the_empty_set_are_read() {
    pair("(2 \\times 3) - 1 = 5", "(2 \\times 3) - 1 = 4");
    pair("2 \\times 3 - 1 = 5", "2 \\times 3 - 1 = 6");
    pair("5 + 3 - 1 = 7", "5 + 3 - 1 = 8");
    pair(
        "\\operatorname{mex}(\\emptyset) = 0",
        "\\operatorname{mex}(\\varnothing) = 1",
    );
    let parts = environment_rows("2 \\otimes 2 = 3 \\implies 3 \\otimes 3 = 2").expect("parts");
    assert_eq!(parts.len(), 2);
    assert!(parts.iter().all(|(_, p)| holds(p)));
    let parts = environment_rows("2 \\otimes 2 = 3 \\iff 3 \\otimes 3 = 1").expect("parts");
    assert!(holds(&parts[0].1) && !holds(&parts[1].1));
    assert!(environment_rows("2 \\otimes 2 = 3").is_none());
}

fn text_results(text: &str) -> Vec<(&str, Option<bool>)> {
    read_text(text)
        .into_iter()
        .map(|f| {
            let verdict = match &f.lint {
                Lint::Claim(s) => Some(s.check().expect("checks").holds),
                _ => None,
            };
            (&text[f.span], verdict)
        })
        .collect()
}

#[test]
fn quantifiers_in_prose_read_as_in_math() {
    assert_eq!(
        text_results("Some x works: ∃ x < 16: x ⊗ x = 3."),
        [("∃ x < 16: x ⊗ x = 3", Some(true))]
    );
    assert_eq!(
        text_results("So ∀ a, b < 16: a ⊕ b = b ⊕ a, and ∃ x ∈ {1, 2}: x ⊗ x = 5."),
        [
            ("∀ a, b < 16: a ⊕ b = b ⊕ a", Some(true)),
            ("∃ x ∈ {1, 2}: x ⊗ x = 5", Some(false))
        ]
    );
    assert_eq!(
        text_results("∀ a < 16: ∃ x < 16: x ⊗ x = a"),
        [("∀ a < 16: ∃ x < 16: x ⊗ x = a", Some(true))]
    );
}

#[test]
fn finds_claims_in_prose() {
    assert_eq!(text_results("Why 4 ⊗ 4 = 6"), [("4 ⊗ 4 = 6", Some(true))]);
    assert_eq!(text_results("Why 4 ⊗ 4 = 8?"), [("4 ⊗ 4 = 8", Some(false))]);
    assert_eq!(
        text_results("so 2 ⊗ 2 = 3, and 4 ⊗ 4 = 8."),
        [("2 ⊗ 2 = 3", Some(true)), ("4 ⊗ 4 = 8", Some(false))]
    );
    assert_eq!(
        text_results("This is a 2 ⊗ 2 = 3 example (so 3 ⊗ 3 = 2)."),
        [("2 ⊗ 2 = 3", Some(true)), ("3 ⊗ 3 = 2", Some(true))]
    );
    assert_eq!(
        text_results("the inverse 4⁻¹ = 15 here, not 4⁻¹ = 14"),
        [("4⁻¹ = 15", Some(true)), ("4⁻¹ = 14", Some(false))]
    );
    assert_eq!(text_results("3² ⊕ 1 = 3"), [("3² ⊕ 1 = 3", Some(true))]);
    assert_eq!(text_results("3² ⊕ 1 = 5"), [("3² ⊕ 1 = 5", Some(false))]);
    assert_eq!(
        text_results("mex(0, 1, 3) ⊕ inv(4) = 13"),
        [("mex(0, 1, 3) ⊕ inv(4) = 13", Some(true))]
    );
    assert_eq!(
        text_results("then 65,536 ⊗ 65,536 = 98,304 follows"),
        [("65,536 ⊗ 65,536 = 98,304", Some(true))]
    );
    assert_eq!(
        text_results("more calls: 12 < 14 ⊕ 1"),
        [("12 < 14 ⊕ 1", Some(true))]
    );
    assert_eq!(
        text_results("x ⊕ y = y ⊕ x"),
        [("x ⊕ y = y ⊕ x", Some(true))]
    );
    assert_eq!(
        text_results("plain 2 + 2 = 4 and a ⊗ b"),
        [("2 + 2 = 4", Some(true))]
    );
    assert!(text_results("no claims at all").is_empty());
}

#[test]
fn text_spans_point_into_the_text() {
    let text = "Heading: so 8 ⊗ 8 = 14, wrongly";
    let found = read_text(text);
    assert_eq!(found.len(), 1);
    let Lint::Claim(s) = &found[0].lint else {
        panic!("reads")
    };
    assert_eq!(&text[s.span()], "8 ⊗ 8 = 14");
    let found = read_text("so 2 ⊗ 2 = = 3");
    let Lint::Unreadable(u) = &found[0].lint else {
        panic!("unreadable")
    };
    assert_eq!(u.span, 13..14);
}

proptest! {
    #[test]
    fn prop_lint_never_panics_and_spans_lie_within(src in "\\PC{0,40}") {
        match lint(&src) {
            Lint::Unreadable(u) => prop_assert!(src.get(u.span.clone()).is_some(), "{u:?}"),
            Lint::Claim(s) => prop_assert!(src.get(s.span()).is_some()),
            Lint::NoClaim => {}
        }
    }

    #[test]
    fn prop_lint_never_panics_on_latex_like_input(
        parts in proptest::collection::vec(prop_oneof![
            Just("\\otimes"), Just("\\oplus"), Just("="), Just("\\neq"), Just("^{-1}"),
            Just("^{2}"), Just("{"), Just("}"), Just("\\{"), Just("\\}"), Just("\\forall"),
            Just("a"), Just("b"), Just(","), Just("<"), Just(":"), Just("\\,"), Just("2"),
            Just("65\\,536"), Just("\\sqrt"), Just("\\operatorname{mex}"), Just("\\ast"),
            Just("\\text{"), Just("\\not"), Just("\\left("), Just("\\right)"), Just("."),
            Just("\\"), Just("é"), Just("{,}"), Just("\\times"), Just("\\exists"), Just("\\in"),
        ], 0..12)
    ) {
        let src = parts.join(" ");
        match lint(&src) {
            Lint::Unreadable(u) => prop_assert!(src.get(u.span.clone()).is_some(), "{u:?}"),
            Lint::Claim(s) => {
                prop_assert!(src.get(s.span()).is_some());
                if s.work() <= 1 << 12 {
                    let _ = s.check();
                }
            }
            Lint::NoClaim => {}
        }
    }

    #[test]
    fn prop_text_reader_spans_lie_within(src in "[a-z0-9 ,.:;()⊗⊕=≠<⁻¹²+-]{0,40}") {
        for f in read_text(&src) {
            prop_assert!(src.get(f.span.clone()).is_some());
            match &f.lint {
                Lint::Unreadable(u) => prop_assert!(src.get(u.span.clone()).is_some(), "{u:?}"),
                Lint::Claim(s) => prop_assert!(src.get(s.span()).is_some()),
                Lint::NoClaim => prop_assert!(false, "no claim is never found"),
            }
        }
    }

    #[test]
    fn prop_words_and_entities_never_panic(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("the"), Just("nim-sum"), Just("of"), Just("and"), Just("is"),
                Just("not"), Just("inverse"), Just("order"), Just("squared"),
                Just("exactly"), Just("nonzero"), Just("elements"), Just("below"),
                Just("have"), Just("are"), Just("primitive"), Just("sixty-four"),
                Just("two"), Just("hundred"), Just("thousand"), Just("fifteen"),
                Just("16"), Just("0x1f"), Just("&otimes;"), Just("&#8855;"), Just("*3"),
                Just("√"), Just("²"), Just("="), Just(","), Just("."), Just("&"),
            ],
            0..16,
        )
    ) {
        let src = parts.join(" ");
        for f in read_text(&src) {
            prop_assert!(src.get(f.span.clone()).is_some());
            if let Lint::Claim(s) = &f.lint {
                prop_assert!(src.get(s.span()).is_some());
                let _ = s.check();
            }
        }
    }
}

#[test]
fn omega_is_read_as_the_ordinal() {
    let Lint::Claim(s) = lint("\\omega^{\\otimes 3} = 2") else {
        panic!("reads")
    };
    assert!(s.holds().expect("checks"));
    assert_eq!(false_values("\\omega^{\\otimes 3} = 3"), [2, 3]);
    let Lint::Claim(s) =
        lint("(\\omega \\oplus 1)^{-1} = \\omega^{2} \\cdot 2 + \\omega \\cdot 2 \\oplus 2")
    else {
        panic!("reads")
    };
    assert!(s.holds().expect("checks"));
    let Lint::Claim(s) = lint("\\omega^{\\omega} \\otimes 1 = \\omega^{\\omega}") else {
        panic!("reads")
    };
    assert!(s.holds().expect("checks"));
    assert_eq!(lint("\\omega^{\\omega^{2}}"), Lint::NoClaim);
    let found = read_text("so ω^⊗3 = 2, and ω ⊗ ω = ω².");
    assert_eq!(found.len(), 2, "{found:?}");
    for f in found {
        let Lint::Claim(s) = f.lint else {
            panic!("{f:?}")
        };
        assert!(s.holds().expect("checks"));
    }
}

#[test]
fn ordinal_functions_read_as_they_render() {
    pair("\\alpha_7 = \\omega + 1", "\\alpha_7 = \\omega + 2");
    pair("\\alpha_{5} = 4", "\\alpha_{5} = 5");
    pair("\\deg(\\omega) = 6", "\\deg(\\omega) = 4");
    pair(
        "\\operatorname{deg}(\\omega \\otimes \\omega) = 6",
        "\\operatorname{deg}(\\omega \\otimes \\omega) = 3",
    );
    pair(
        "\\operatorname{excess}(7) = 1",
        "\\operatorname{excess}(7) = 0",
    );
    // An equation about ω is a claim even with no nimber operator in it.
    assert!(matches!(lint("\\omega = \\omega^{1}"), Lint::Claim(_)));
    let found = read_text("so α₇ = ω + 1 and α₅ = 5 here");
    let verdicts: Vec<bool> = found
        .iter()
        .map(|f| match &f.lint {
            Lint::Claim(s) => s.holds().expect("checks"),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(verdicts, [true, false], "{found:?}");
    // In prose too: ω with a comparison is read.
    let found = read_text("and so ω + 1 = ω + 2 here");
    assert!(
        matches!(&found[..], [Found { lint: Lint::Claim(s), .. }] if !s.holds().expect("checks")),
        "{found:?}"
    );
    let u = unreadable("\\omega^{2} \\bmod 3 = 1");
    assert!(u.what.contains("bmod"), "{u:?}");
}

#[test]
fn rendered_latex_becomes_mathml() {
    for src in [
        "2^3 = 2**3 + 2",
        "forall a, b < 16: exists x in {1, 2}: x*x = 0xff + a",
        "forall 0 < a <= 15: a * inv(a) = 1 != 0",
        "mex(0, 1, 3) ≥ 2^-1",
        "inv(w + 1) = w**2*2 + w*2 + 2",
        "w**(w**2) != alpha(7) + excess(19) + deg(w**w)",
    ] {
        let latex = stmt::parse(src).expect("parses").to_latex();
        let mathml = crate::math::mathml::to_mathml(&latex, false);
        assert!(mathml.is_ok(), "{latex}: {mathml:?}");
    }
    for latex in [
        "\\ast 2 \\oplus \\ast 3 = \\ast 1",
        "\\operatorname{mex}\\{0,1,3\\} = 2",
    ] {
        let Lint::Claim(s) = lint(latex) else {
            panic!("{latex}")
        };
        let again = s.to_latex();
        assert!(
            crate::math::mathml::to_mathml(&again, false).is_ok(),
            "{again}"
        );
        assert!(matches!(lint(&again), Lint::Claim(_)), "{again}");
    }
}

#[test]
fn row_environments_split_into_rows_and_chains() {
    let latex = "\\begin{aligned} 2 \\otimes 2 &= 3 \\\\\n 4 \\otimes 4 &= 6 \\\\ &= 2 \\oplus 4 \\end{aligned}";
    let rows = environment_rows(latex).expect("an environment");
    assert_eq!(rows.len(), 2);
    assert!(rows[0].1.contains("2 \\otimes 2  = 3"), "{rows:?}");
    assert!(matches!(lint(&rows[0].1), Lint::Claim(_)), "{rows:?}");
    let Lint::Claim(chain) = lint(&rows[1].1) else {
        panic!("{rows:?}");
    };
    assert!(chain.check().expect("checks").holds);
    assert_eq!(
        &latex[rows[1].0.clone()],
        &latex[rows[1].0.start..rows[1].0.end]
    );
    assert!(environment_rows("\\begin{matrix} 1 \\end{matrix}").is_none());
    assert!(environment_rows("x = \\begin{aligned} 1 \\end{aligned}").is_none());
}

#[test]
fn every_notation_in_prose_is_a_claim() {
    // Each notation with a true and a false fixture.
    let cases = [
        ("so 2² = 3 here", "2² = 3", true),
        ("so 2² = 5 here", "2² = 5", false),
        ("and √3 = 2.", "√3 = 2", true),
        ("and √3 = 3.", "√3 = 3", false),
        ("then 3 × 5 = 15", "3 × 5 = 15", true),
        ("then 3 × 5 = 16", "3 × 5 = 16", false),
        ("then 2 · 3 = 1", "2 · 3 = 1", true),
        ("then 2 · 3 = 7", "2 · 3 = 7", false),
        ("then 2 * 3 = 6", "2 * 3 = 6", true),
        ("then 2 * 3 = 7", "2 * 3 = 7", false),
        ("so *3 + *5 = *6 wins", "*3 + *5 = *6", true),
        ("so *3 + *5 = *8 wins", "*3 + *5 = *8", false),
        ("so ∗3 + ∗5 = ∗6 wins", "∗3 + ∗5 = ∗6", true),
        ("so ∗3 + ∗5 = ∗7 wins", "∗3 + ∗5 = ∗7", false),
        ("the word 0x1f = 31 here", "0x1f = 31", true),
        ("the word 0x1f = 30 here", "0x1f = 30", false),
        ("and 0b101 = 5", "0b101 = 5", true),
        ("and 0b101 = 6", "0b101 = 6", false),
        ("also 3 + 5 = 6", "3 + 5 = 6", true),
        ("also 3 + 5 = 7", "3 + 5 = 7", false),
        ("since 1 + 1 = 2", "1 + 1 = 2", true),
        ("and 2^8 = 256", "2^8 = 256", true),
        ("and 2^8 = 255", "2^8 = 255", false),
        ("so inv(4) = 15", "inv(4) = 15", true),
        ("so sqrt(3) = 3", "sqrt(3) = 3", false),
        ("and ord(2) = 3", "ord(2) = 3", true),
        ("so ∀ a < 16: a + a = 0 here", "∀ a < 16: a + a = 0", true),
        ("so ∀ a < 16: a + 1 = 0 here", "∀ a < 16: a + 1 = 0", false),
        ("so 4 ⊗ 4 = 6", "4 ⊗ 4 = 6", true),
    ];
    for (text, claim, verdict) in cases {
        assert_eq!(
            text_results(text),
            [(claim, Some(verdict))],
            "{text}: {:?}",
            read_text(text)
        );
    }
}

#[test]
fn ordinary_prose_with_numbers_is_left_alone() {
    for text in [
        "In 1976 Conway wrote a book; rung 3 follows rung 2.",
        "See section 3, and the range 0 ≤ a < 16 of the table.",
        "A nimber below 2^64 fits in a word; 2⁶⁴ of them.",
        "Written on 2026-12-02 at 10:30, pages 3-5.",
        "So n + 1 = m, and x² = 3 has letters, as a = 2 does.",
        "a 16 × 16 table of 256 cells",
        "2^63 < 2^64 is a comparison of labels",
        "the order of things is not 3",
        "the inverse of 4 is 15 more than that",
        "checked ∀ n < 300: for every heap",
        "It says {nim}`2*2 = 3` there.",
    ] {
        assert_eq!(text_results(text), [], "{text}");
    }
}

#[test]
fn claims_in_words_are_checked() {
    let cases = [
        ("the nim-sum of 3 and 5 is 6", true),
        ("the nimber product of 4 and 4 is 6", true),
        ("the product of 3 and 3 in the nim sense is 2", true),
        ("the sum of 3 and 5 in nimber arithmetic is 7", false),
        ("nim-multiplying 7 by 7 gives 4", true),
        ("nim-adding 3 to 5 gives 7", false),
        ("The nim-sum of 3 and 5 is 7", false),
        ("the nim-product of 4 and 4 is 6", true),
        ("the nim product of four and four is eight", false),
        ("2 nim-times 3 is 1", true),
        ("2 nim-times 3 is 6", false),
        ("5 nim-plus 3 is 6", true),
        ("5 nim-plus 3 is not 6", false),
        ("the inverse of 4 is 15", true),
        ("the inverse of four is fourteen", false),
        ("the nim square root of 3 is 2", true),
        ("the square root of 3 is 3", false),
        ("the order of 2 is 3", true),
        ("the multiplicative order of 2 is 5", false),
        ("3 squared is 2", true),
        ("3 squared is 9", true),
        ("3 squared is 5", false),
        (
            "the nim-product of sixty-four and two hundred fifty-six is 16384",
            true,
        ),
        (
            "the nim-product of sixty-four and two hundred fifty-six is 16385",
            false,
        ),
        (
            "the nim-sum of sixty-four and two hundred and fifty-six is 320",
            true,
        ),
        ("the nim-sum of twenty nine and one thousand is 1029", false),
        (
            "the nim-sum of twenty nine and one thousand is not 1029",
            true,
        ),
        ("the nim-sum of 0x10 and 0b1 equals seventeen", true),
        ("the nim-sum of 3 and 5 is equal to 6", true),
        ("the nim-sum of 3 and 5 does not equal 6", false),
        ("the nim-inverse of 4 is 15", true),
        ("the reciprocal of 4 is 14", false),
        ("4 has inverse 15", true),
        ("2 has order 2", false),
        ("the nim-square of 2 is 3", true),
        ("the square of 4 is 4", false),
        ("2 nim-squared is 3", true),
        ("the nim-product of 2 and 2 is greater than 3", false),
        ("the nim-product of 2 and 2 is at most 3", true),
        ("the nim-product of 2 and 2 is *3", true),
        ("the nim-sum of 3 and 5 is *7", false),
        ("the nim-product of ω and ω is ω", false),
        ("the order of ω is 9", true),
        ("3 and 5 nim-add to 6", true),
        ("3 and 5 nim-multiply to 7", false),
        ("nim-adding 3 and 5 gives 7", false),
        ("4 and 15 are inverses", true),
        ("4 and 14 are mutually inverse", false),
        ("the nim-sum of 1, 2 and 3 is 0", true),
        ("the nim-sum of 1, 2, and 4 is 0", false),
        ("the nim-sum of one, two, four and eight is fifteen", true),
        ("the nim-product of 2, 2 and 2 is 1", true),
        ("the nim-product of 2, 3 and 3 is 2", false),
        ("1 nim-plus 2 nim-plus 3 is 0", true),
        ("2 nim-times 2 nim-plus 1 is 3", false),
    ];
    for (text, verdict) in cases {
        let found = text_results(text);
        assert_eq!(
            found,
            [(text, Some(verdict))],
            "{text}: {:?}",
            read_text(text)
        );
    }
    // Spans point at the words, so an error lands on the clause.
    let text = "Indeed, the inverse of 4 is 14, as shown.";
    let found = read_text(text);
    assert_eq!(&text[found[0].span.clone()], "the inverse of 4 is 14");
    let Lint::Claim(s) = &found[0].lint else {
        panic!("{found:?}")
    };
    assert_eq!(s.to_text(), "inv(4) = 14");
    assert_eq!(&text[s.span()], "inverse of 4 is 14");
}

#[test]
fn counts_in_words_are_computed() {
    let cases = [
        (
            "exactly 8 of the nonzero elements below 16 are primitive",
            true,
        ),
        (
            "exactly 6 of the nonzero elements below 16 are primitive",
            false,
        ),
        (
            "exactly eight of the 15 nonzero elements are primitive elements",
            true,
        ),
        (
            "all but: 15 of the nonzero elements below 16 have an inverse",
            true,
        ),
        ("14 of the nonzero elements below 16 have an inverse", false),
        (
            "exactly fifteen of the nonzero elements below 16 are squares",
            true,
        ),
        (
            "exactly 7 of the nonzero elements below 16 are squares",
            false,
        ),
        (
            "15 of the nonzero elements below 16 have a square root",
            true,
        ),
        (
            "16 of the nonzero elements below 16 have a square root",
            false,
        ),
        (
            "exactly one of the nonzero elements below 16 is fixed by squaring",
            true,
        ),
        (
            "exactly 3 of the nonzero elements below 16 are fixed by squaring",
            false,
        ),
        (
            "exactly two of the nonzero elements below 16 have order 3",
            true,
        ),
        (
            "exactly 4 of the nonzero elements below 16 have order 3",
            false,
        ),
        ("none of the nonzero elements below 16 have order 7", true),
        ("none of the nonzero elements below 16 have order 5", false),
    ];
    for (text, verdict) in cases {
        let found = text_results(text);
        let claim = text.trim_start_matches("all but: ");
        assert_eq!(
            found,
            [(claim, Some(verdict))],
            "{text}: {:?}",
            read_text(text)
        );
    }
    // The size of the set is a claim of its own when both are given.
    assert_eq!(
        text_results("exactly 8 of the 14 nonzero elements below 16 are primitive"),
        [
            (
                "exactly 8 of the 14 nonzero elements below 16 are primitive",
                Some(true)
            ),
            ("14 nonzero elements below 16", Some(false)),
        ]
    );
    // A count over no field is reported at the clause.
    let found = read_text("exactly 3 of the nonzero elements below 10 are squares");
    assert!(
        matches!(&found[..], [Found { lint: Lint::Unreadable(u), .. }] if u.what.contains("not a field")),
        "{found:?}"
    );
}

#[test]
fn cantor_normal_forms_have_one_reading() {
    pair(
        "\\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 1 = \\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 1 \\otimes 1",
        "\\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 1 = \\omega^{2} \\cdot 3 + \\omega \\cdot 2",
    );
    pair(
        "\\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 1 = (\\omega \\otimes \\omega \\otimes 3) \\oplus (\\omega \\otimes 2) \\oplus 1",
        "\\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 1 = (\\omega \\otimes \\omega \\otimes 3) \\oplus \\omega \\oplus 1",
    );
    pair(
        "\\omega + \\omega = \\omega \\cdot 2",
        "\\omega + \\omega = 0",
    );
    pair("\\omega^{3} \\ne 2", "\\omega^{3} = 2");
    let Lint::Claim(s) = lint(
        "\\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 1 = \\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 2^{2}",
    ) else {
        panic!("reads")
    };
    // Only the finite power keeps two readings.
    assert_eq!(s.ambiguous_count(), 1);
}

#[test]
fn html_entities_are_read_as_their_characters() {
    assert_eq!(
        text_results("so 4 &otimes; 4 = 6, and 4 &#8855; 4 &ne; 7"),
        [
            ("4 &otimes; 4 = 6", Some(true)),
            ("4 &#8855; 4 &ne; 7", Some(true))
        ]
    );
    assert_eq!(
        text_results("and 3 &#x2295; 5 = 7 here"),
        [("3 &#x2295; 5 = 7", Some(false))]
    );
    let text = "so 4 &otimes; 4 = 7";
    let Lint::Claim(s) = &read_text(text)[0].lint else {
        panic!("reads")
    };
    assert_eq!(&text[s.span()], "4 &otimes; 4 = 7");
    assert!(text_results("AT&T; fish &amp; chips = 2").is_empty());
}

#[test]
fn big_operators_over_nimbers_are_claims_that_cannot_be_read() {
    let u = unreadable(r"\bigoplus_{i=1}^{3} i = 1");
    assert!(u.what.contains("bigoplus"), "{u:?}");
    assert!(u.hint.contains("terms out"), "{u:?}");
    assert!(
        unreadable(r"\bigotimes_{i<4} i = 3")
            .what
            .contains("bigotimes")
    );
    assert_eq!(lint(r"\bigoplus_{i} x_i"), Lint::NoClaim, "no comparison");
}

#[test]
fn a_style_around_mathematics_is_read_as_what_it_holds() {
    assert!(matches!(lint(r"\mathrm{2 \otimes 3 = 1}"), Lint::Claim(_)));
    assert!(matches!(lint(r"\text{2 ⊗ 3 = 1}"), Lint::Claim(_)));
    assert!(matches!(lint(r"\mathrm{4 \otimes 4} = 6"), Lint::Claim(_)));
    let false_one = lint(r"\textbf{2 ⊗ 2 = 2}");
    let Lint::Claim(s) = false_one else {
        panic!("{false_one:?}")
    };
    assert!(!s.holds().expect("checks"));
    // Words in a style stay words.
    assert_eq!(lint(r"x \text{ for all } y"), Lint::NoClaim);
    assert_eq!(lint(r"\mathbf{2}"), Lint::NoClaim);
}

#[test]
fn math_reads_as_plain_text_for_claims_that_run_into_prose() {
    use super::linear;
    assert_eq!(linear(r"2 \otimes 2").as_deref(), Some("2⊗2"));
    assert_eq!(linear(r"\ast 3 \oplus a").as_deref(), Some("∗3⊕a"));
    assert_eq!(linear(r"4^{-1}").as_deref(), Some("4^(-1)"));
    assert_eq!(linear(r"\operatorname{inv} 4").as_deref(), Some("inv 4"));
    // Read the same way as the math itself, in prose.
    let read = |t: &str| {
        super::read_text(t)
            .into_iter()
            .map(|f| f.lint)
            .collect::<Vec<_>>()
    };
    assert!(matches!(read("4^(-1) = 14")[..], [Lint::Claim(_)]));
    // What the math lint cannot read is no text either.
    assert_eq!(linear(r"x_1 \otimes y"), None);
    assert_eq!(linear(r"\frac{1}{2}").as_deref(), Some("((1)/(2))"));
}

#[test]
fn look_alike_symbols_and_words_beside_symbols_are_read() {
    let verdicts = |t: &str| {
        text_results(t)
            .into_iter()
            .map(|(_, v)| v)
            .collect::<Vec<_>>()
    };
    for (text, verdict) in [
        ("so 2 ⨂ 3 = 1 here", true),
        ("so 2 ⨁ 3 = 5 here", false),
        ("so 2 ⊗ 3 ＝ 1 here", true),
        ("so ２ ⊗ ３ = ５ here", false),
        ("so 2 ⊗\u{fe0f} 3 = 1 here", true),
        ("so 2\u{200b}⊗\u{200b}3 = 5 here", false),
        ("so 2 ⊗ 3 ≡ 1 here", true),
        ("so 2 ⊗ 3 ≢ 1 here", false),
        ("so 2 ⊗ 3 is 1 here", true),
        ("so 2 ⊗ 3 equals 5 here", false),
        ("so 2 ⊗ 3 is equal to one here", true),
        ("so 2 ⊗ 3 is not 1 here", false),
        ("so 2 ⊗ 3 does not equal 5 here", true),
        ("so two ⊗ three = one here", true),
        ("so two ⊗ three is five here", false),
        ("so 2 \\otimes 3 = 1 here, without the dollars", true),
        ("so 2 \\otimes 3 \\ne 1 here", false),
        ("so \\ast 3 \\oplus \\ast 5 = \\ast 7 here", false),
        ("Conway says “2 ⊗ 2 = 3”.", true),
        ("see [3 ⊗ 3 = 3] here", false),
        ("and «3⊗3 = 3» there", false),
        ("so 2 ⊗ 2 gives 3", true),
        ("so 2 ⊗ 2 comes to 2", false),
        ("so 2 ⊗ 2 is the same as 3", true),
        ("so 2 ⊗ 2 isn't 3", false),
        ("so 4⁻¹ is 15", true),
        ("so √3 is 3", false),
        ("so *3 + *5 is *6", true),
        ("so 2 ⊗ 2 is *2", false),
        ("so 2 ⊗ 2 ⩵ 3", true),
        ("so 2 ⊗ 2 =\u{338} 3", false),
        ("so 2 ⊗ 2 =/= 2", true),
        ("so 𝟐 ⊗ 𝟐 = 𝟐", false),
        ("so ② ⊗ ② = ③", true),
        ("so 3 xor 5 = 6", true),
        ("so 3 XOR 5 = 7", false),
        ("so 3 ⊻ 5 = 7", false),
        ("so 2 ⋅ 3 = 1", true),
    ] {
        assert_eq!(
            verdicts(text),
            [Some(verdict)],
            "{text}: {:?}",
            read_text(text)
        );
    }
    // Words that go on past the number, or no number at all, leave prose alone.
    for text in [
        "the product 2 ⊗ 2 is one of the entries",
        "the product 2 ⊗ 3 is small",
        "in 2 ⊗ 3 = 1, one sees it; there is one",
        "the heap is one",
        "about 1.5 × 2 = 3 of them",
        "Heaps x2 and v1.2 = 3 are labels",
    ] {
        assert!(
            text_results(text).iter().all(|(_, v)| *v != Some(false)),
            "{text}: {:?}",
            read_text(text)
        );
    }
}

/// The values below 50 of the subtraction game `s` whose moves take 1, 3 or 4, each the
/// mex of its options' values.
fn subtraction() -> Vec<u32> {
    let mut s: Vec<u32> = Vec::new();
    for n in 0..50 {
        let options = [1, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|k| u128::from(s[n - k]));
        s.push(crate::nimber::mex(options) as u32);
    }
    s
}

/// Kayles to 200 heaps (its period proved), Kayles again as `g`, and the subtraction game
/// `s`, as pages define them.
fn games() -> stmt::Games {
    let code = "0.77".parse().expect("a code");
    let kayles = crate::nimber::OctalGame::compute(&code, 200).expect("computes");
    let mut games = stmt::Games::new();
    for name in ["kayles", "g"] {
        games.insert(stmt::Game::from_octal(name, &kayles));
    }
    // Moves 1, 3 and 4 give values of period 7 from the start.
    let period = crate::nimber::Period {
        period: 7,
        preperiod: 0,
        checked_below: 50,
    };
    games.insert(stmt::Game::new("s", subtraction(), Some(period)));
    games
}

/// Returns whether a claim that names games holds once they are bound.
fn holds_with_games(lint: &Lint) -> bool {
    let Lint::Claim(s) = lint else {
        panic!("{lint:?}")
    };
    let mut s = s.clone();
    s.bind_games(&games()).expect("binds");
    s.check().expect("checks").holds
}

/// Kayles's value at heap `n`, from the core.
fn kayles(n: u128) -> u128 {
    let code = "0.77".parse().expect("a code");
    let table = crate::nimber::OctalGame::compute(&code, 200).expect("computes");
    let mut s = stmt::parse(&format!("kayles({n})")).expect("parses");
    let mut games = stmt::Games::new();
    games.insert(stmt::Game::from_octal("kayles", &table));
    s.bind_games(&games).expect("binds");
    s.value().expect("a value").as_finite().expect("finite")
}

#[test]
fn a_call_in_prose_is_read_with_its_name() {
    let sum = kayles(9) ^ kayles(10);
    for (text, verdict) in [
        (format!("so g(9) ⊕ g(10) = {sum} here"), true),
        (format!("so g(9) ⊕ g(10) = {} here", sum + 1), false),
        (format!("| g(9) ⊕ g(10) = {sum} |"), true),
    ] {
        let found = read_text(&text);
        let [Found { span, lint }] = &found[..] else {
            panic!("{text}: {found:?}")
        };
        assert!(text[span.clone()].starts_with("g(9)"), "{text}: {found:?}");
        assert_eq!(holds_with_games(lint), verdict, "{text}");
    }
}

#[test]
fn page_defined_games_are_read_as_calls() {
    let v = kayles(10);
    for form in [
        "\\operatorname{kayles}(10)",
        "\\mathrm{kayles}(10)",
        "\\text{kayles}(10)",
        "\\operatorname{kayles}\\left(10\\right)",
    ] {
        assert!(holds_with_games(&lint(&format!("{form} = {v}"))), "{form}");
        assert!(
            !holds_with_games(&lint(&format!("{form} = {}", v + 1))),
            "{form}"
        );
    }
    let period = "\\operatorname{period}(\\mathrm{kayles}) = 12";
    assert!(holds_with_games(&lint(period)));
    assert!(!holds_with_games(&lint(
        "\\operatorname{period}(\\mathrm{kayles}) = 11"
    )));
    // Words in a style that call nothing stay words.
    assert_eq!(lint("\\text{kayles} = 4"), Lint::NoClaim);
}

#[test]
fn quotients_are_ordinary_when_whole_and_nim_quotients_otherwise() {
    // The ordinary reading, exact.
    pair("16 \\cdot 15 / 2 = 120", "16 \\cdot 15 / 2 = 121");
    pair(
        "\\frac{16 \\cdot 15}{2} = 120",
        "\\frac{16 \\cdot 15}{2} = 240",
    );
    pair("\\dfrac{12}{4} = 3", "\\tfrac{12}{4} = 4");
    pair("12 \\div 4 = 3", "12 ÷ 4 = 2");
    // The nim quotient a ⊗ b⁻¹: 2⁻¹ = 3.
    pair("\\frac{1}{2} = 3", "\\frac{1}{2} = 2");
    pair("\\frac12 = 3", "\\frac12 = 1");
    pair("2 \\otimes \\frac{1}{2} = 1", "2 \\otimes \\frac{1}{2} = 2");
    pair("1/2 = 3", "1/2 = 2");
    pair("2 \\otimes 1/2 = 1", "2 \\otimes 1/2 = 3");
    // A quotient with a remainder is never truncated: 7 / 2 is 14 as a nim quotient.
    assert!(!holds("7 / 2 = 3"));
    assert!(holds("7 / 2 = 14"));
    assert!(!holds("\\frac{7}{2} = 3"));
    // The fraction is one operand: (1/2)² = 3² = 2, while 1/(2²) = 3⁻¹ = 2 too, but
    // ordinarily (12/2)^2 = 36 and 12/(2^2) = 3.
    pair("\\frac{12}{2}^{2} = 36", "\\frac{12}{2}^{2} = 3");
    let Lint::Claim(s) = lint("\\frac{1}{2} = 3") else {
        panic!("reads")
    };
    assert_eq!(s.to_text(), "(1 / 2) = 3");
    let Lint::Claim(s) = lint("\\frac{16 \\cdot 15}{2} = 120") else {
        panic!("reads")
    };
    let v = s.check().expect("checks");
    let how = s.describe_reading(&v.reading).expect("two readings");
    assert!(how.contains("ordinary quotient"), "{how}");
    assert!(
        matches!(lint(&s.to_latex()), Lint::Claim(_)),
        "{}",
        s.to_latex()
    );
    // In prose too.
    assert_eq!(
        text_results("so 16 · 15 / 2 = 120 here"),
        [("16 · 15 / 2 = 120", Some(true))]
    );
    assert_eq!(
        text_results("so 2 ⊗ 1/2 = 3 here"),
        [("2 ⊗ 1/2 = 3", Some(false))]
    );
    // A fraction of letters is no claim.
    assert_eq!(lint("\\frac{a}{b}"), Lint::NoClaim);
}

#[test]
fn tags_and_labels_are_no_part_of_the_claim() {
    pair("2 \\otimes 2 = 3 \\tag{1}", "2 \\otimes 2 = 2 \\tag{1}");
    pair(
        "\\label{eq:four} 4 \\otimes 4 = 6 \\tag*{(a)}",
        "\\label{eq:four} 4 \\otimes 4 = 4 \\tag*{(a)}",
    );
    pair("4^{-1} = 15 \\nonumber", "4^{-1} = 14 \\notag");
    let rows = environment_rows(
        "\\begin{align} 2 \\otimes 2 &= 3 \\label{a} \\\\ 3 \\otimes 3 &= 2 \\tag{b} \\end{align}",
    )
    .expect("rows");
    assert!(rows.iter().all(|(_, r)| holds(r)), "{rows:?}");
}

#[test]
fn mex_chains_with_calls_read_whole() {
    let s = subtraction();
    let (k5, k3, k2) = (s[5], s[3], s[2]);
    let mex = (0..).find(|v| ![k5, k3, k2].contains(v)).expect("a mex");
    let chain = format!(
        "s(6) = \\operatorname{{mex}}(s(5), s(3), s(2)) = \\operatorname{{mex}}({k5}, {k3}, {k2})"
    );
    let good = format!("{chain} = {mex}");
    let Lint::Claim(read) = lint(&good) else {
        panic!("reads")
    };
    assert_eq!(read.links.len(), 3, "read whole");
    assert!(holds_with_games(&lint(&good)), "{good}");
    assert!(!holds_with_games(&lint(&format!("{chain} = {}", mex + 1))));
    pair(
        "\\operatorname{mex}\\{0, 1, 3\\} = 2",
        "\\operatorname{mex}\\{0, 1, 3\\} = 3",
    );
    // In prose, the chain is one claim.
    let text = format!("so s(6) = mex(s(5), s(3), s(2)) = mex({k5}, {k3}, {k2}) = {mex}.");
    assert_eq!(s[6], mex);
    let found = read_text(&text);
    let [Found { span, lint }] = &found[..] else {
        panic!("{found:?}")
    };
    assert!(text[span.clone()].starts_with("s(6)"), "{found:?}");
    assert!(holds_with_games(lint));
}

#[test]
fn quantifiers_in_words_after_a_claim_bind_its_variable() {
    let read = |text: &str| {
        let found = read_text(text);
        let [Found { span, lint }] = &found[..] else {
            panic!("{text}: {found:?}")
        };
        let Lint::Claim(s) = lint else {
            panic!("{text}: {lint:?}")
        };
        (
            text[span.clone()].to_string(),
            s.to_text(),
            holds_with_games(lint),
        )
    };
    // Kayles's period is 12 from heap 71 on (the core's table says so, and `kayles` has
    // its period proved).
    let (span, as_read, holds) = read("so g(n + 12) = g(n) for every n ≥ 71.");
    assert_eq!(span, "g(n + 12) = g(n) for every n ≥ 71");
    assert_eq!(
        as_read,
        format!("∀ 71 ≤ n < {}: g(n + 12) = g(n)", 71 + TRAILING_WINDOW)
    );
    assert!(holds);
    assert!(!read("so g(n + 12) = g(n) for every n ≥ 70.").2);
    assert!(read("and g(n + 12) = g(n) whenever n > 70, as shown").2);
    assert!(!read("and g(n + 12) = g(n) whenever n > 69, as shown").2);
    let (_, as_read, holds) = read("a ⊕ a = 0 for all a < 16");
    assert_eq!(as_read, "∀ a < 16: a ⊕ a = 0");
    assert!(holds);
    assert!(!read("a ⊗ a = a for all a < 16").2);
    let (_, as_read, holds) = read("a ⊗ a ⊗ a = 1 for each 1 ≤ a < 4 here");
    assert_eq!(as_read, "∀ 1 ≤ a < 4: a ⊗ a ⊗ a = 1");
    assert!(holds);
    assert!(!read("a ⊗ a ⊗ a = 1 for each 1 ≤ a < 5 here").2);
    // Math joined with prose reads the same, as a run of text does.
    let text = format!(
        "{} for every {}",
        super::linear("g(n + 12) = g(n)").expect("linear"),
        super::linear("n \\ge 71").expect("linear")
    );
    assert!(read(&text).2, "{text}");
    // Without a literal bound, or with another free letter, prose is left as it was.
    for text in [
        "then G(n + p) = G(n) for every n ≥ n₀",
        "so g(n + p) = g(n) for every n < 100",
        "take g(n) for every n < 100",
    ] {
        assert!(
            read_text(text)
                .iter()
                .all(|f| !matches!(f.lint, Lint::Claim(_))),
            "{text}: {:?}",
            read_text(text)
        );
    }
}

#[test]
fn operation_tables_are_read_cell_by_cell() {
    let cell = |a: u128, b: u128| {
        stmt::parse(&format!("{a} * {b}"))
            .expect("parses")
            .value()
            .expect("a value")
            .as_finite()
            .expect("finite")
    };
    let mut table = String::from("\\begin{array}{c|cccc} \\otimes & 1 & 2 & 3 & 4 \\\\ \\hline\n");
    for a in 1..4u128 {
        let row: Vec<String> = (1..5).map(|b| cell(a, b).to_string()).collect();
        table.push_str(&format!("{a} & {} \\\\\n", row.join(" & ")));
    }
    table.push_str("\\end{array}");
    let claims = math_claims(&table);
    assert_eq!(claims.len(), 12);
    for (at, lint) in &claims {
        let Lint::Claim(s) = lint else {
            panic!("{lint:?}")
        };
        assert!(s.check().expect("checks").holds, "{}", s.to_text());
        assert_eq!(&table[s.span()], &table[at.clone()]);
    }
    // A wrong entry fails at its cell: 2 ⊗ 3 is 1, not 6.
    let wrong = table.replacen("2 & 2 & 3 & 1 & 8", "2 & 2 & 3 & 6 & 8", 1);
    assert_ne!(wrong, table, "{table}");
    let failing: Vec<_> = math_claims(&wrong)
        .into_iter()
        .filter(|(_, l)| matches!(l, Lint::Claim(s) if !s.check().expect("checks").holds))
        .collect();
    assert_eq!(failing.len(), 1);
    let Lint::Claim(s) = &failing[0].1 else {
        panic!("a claim")
    };
    assert_eq!(s.to_text(), "(2) ⊗ (3) = 6");
    assert_eq!(&wrong[failing[0].0.clone()], "6");
    // In a `tabular`, with `$…$` cells and ⊕.
    let sums =
        "\\begin{tabular}{c|cc} $\\oplus$ & 1 & 2 \\\\ 3 & 2 & 1 \\\\ 5 & 4 & 6 \\end{tabular}";
    let verdicts: Vec<bool> = math_claims(sums)
        .iter()
        .map(|(_, l)| matches!(l, Lint::Claim(s) if s.check().expect("checks").holds))
        .collect();
    assert_eq!(verdicts, [true, true, true, false]);
    // A table with no operator in its corner is no operation table; an unreadable cell is
    // reported at its place.
    assert!(operation_table("\\begin{array}{cc} 1 & 2 \\\\ 3 & 4 \\end{array}").is_none());
    let odd = "\\begin{array}{c|c} \\otimes & 2 \\\\ 2 & x' \\end{array}";
    let cells = math_claims(odd);
    assert!(
        matches!(&cells[..], [(_, Lint::Unreadable(u))] if &odd[u.span.clone()] == "'"),
        "{cells:?}"
    );
}

#[test]
fn set_builder_sets_and_their_sizes_are_read_as_counts() {
    // The cube roots of 1 below 16, from the core.
    let roots: Vec<String> = (0..16u128)
        .filter(|&a| crate::nimber::mul(crate::nimber::mul(a, a), a) == 1)
        .map(|a| a.to_string())
        .collect();
    let set = roots.join(", ");
    let n = roots.len();
    let builder = "\\{a < 16 : a \\otimes a \\otimes a = 1\\}";
    pair(
        &format!("{builder} = \\{{{set}\\}}"),
        &format!("{builder} = \\{{1, 6, 7\\}}"),
    );
    // A listed value outside the range, or one missing, makes it false.
    let more = format!("{set}, 16");
    assert!(!holds(&format!("{builder} = \\{{{more}\\}}")));
    assert!(!holds(&format!(
        "{builder} = \\{{{}\\}}",
        roots[..n - 1].join(", ")
    )));
    assert!(holds(&format!(
        "\\{{\\, 1 \\le a < 16 \\mid a \\otimes a \\otimes a = 1 \\,\\}} = \\{{{set}\\}}"
    )));
    // Its size, with bars.
    pair(
        &format!("|{builder}| = {n}"),
        &format!("|{builder}| = {}", n + 1),
    );
    pair(
        &format!("\\left|{builder}\\right| = {n}"),
        &format!("\\lvert {builder} \\rvert = {}", n + 2),
    );
    let Lint::Claim(s) = lint(&format!("|{builder}| = {n}")) else {
        panic!("reads")
    };
    assert!(
        matches!(lint(&s.to_latex()), Lint::Claim(_)),
        "{}",
        s.to_latex()
    );
    // A set of its own, and a bar that is no size, are as before.
    assert_eq!(lint("\\{0, 1, 2\\}"), Lint::NoClaim);
    assert!(unreadable("|2 \\otimes 3| = 1").what.contains("bar"));
}

proptest! {
    #[test]
    fn prop_new_forms_never_panic_and_spans_lie_within(
        parts in proptest::collection::vec(prop_oneof![
            Just("\\frac"), Just("/"), Just("|"), Just("\\tag{1}"), Just("\\tag*"),
            Just("\\begin{array}{c|cc}"), Just("\\end{array}"), Just("&"), Just("\\\\"),
            Just("\\operatorname{kayles}"), Just("\\mid"), Just("\\{"), Just("\\}"),
            Just("{"), Just("}"), Just("("), Just(")"), Just("a"), Just("<"), Just("16"),
            Just(":"), Just("="), Just("\\otimes"), Just("2"), Just(","), Just("\\hline"),
            Just("$"), Just("\\lvert"), Just("\\rvert"), Just("s"), Just("\\le"),
        ], 0..14)
    ) {
        let src = parts.join(" ");
        for (at, lint) in math_claims(&src) {
            prop_assert!(src.get(at.clone()).is_some(), "{at:?}");
            match lint {
                Lint::Unreadable(u) => prop_assert!(src.get(u.span.clone()).is_some(), "{u:?}"),
                Lint::Claim(s) => {
                    prop_assert!(src.get(s.span()).is_some());
                    if s.work() <= 1 << 12 {
                        let _ = s.check_within(1 << 16);
                    }
                }
                Lint::NoClaim => {}
            }
        }
        let _ = linear(&src);
    }

    #[test]
    fn prop_trailing_quantifiers_never_panic(
        parts in proptest::collection::vec(prop_oneof![
            Just("g(n + 1)"), Just("="), Just("g(n)"), Just("for every"), Just("for all"),
            Just("whenever"), Just("n"), Just("≥"), Just("<"), Just("≤"), Just(">"),
            Just("60"), Just("340282366920938463463374607431768211455"), Just("é"),
            Just(","), Just("."), Just("⊕"), Just("a"), Just("1"),
        ], 0..14)
    ) {
        let src = parts.join(" ");
        for f in read_text(&src) {
            prop_assert!(src.get(f.span.clone()).is_some());
            if let Lint::Claim(s) = &f.lint {
                prop_assert!(src.get(s.span()).is_some());
                let _ = s.check_within(1 << 16);
            }
        }
    }
}

/// Renders `n` as an author might: digits, or number words below a hundred.
fn spelled(n: u128, words: bool) -> String {
    use crate::math::lexicon::{TENS, UNITS};
    match n {
        _ if !words || n >= 100 => n.to_string(),
        0..20 => UNITS[n as usize].to_string(),
        _ if n.is_multiple_of(10) => TENS[(n / 10 - 2) as usize].to_string(),
        _ => format!(
            "{}-{}",
            TENS[(n / 10 - 2) as usize],
            UNITS[(n % 10) as usize]
        ),
    }
}

/// A claim in words about `a` and `b` from one of the grammar's templates, with its value
/// computed by the core; `None` where the template does not apply (no inverse of 0).
fn english(template: usize, a: u128, b: u128, value: Option<u128>, words: bool) -> Option<String> {
    let n = |x: u128| spelled(x, words);
    let sum = a ^ b;
    let product = crate::nimber::mul(a, b);
    Some(match template {
        0 => format!(
            "The nim-sum of {} and {} is {}.",
            n(a),
            n(b),
            n(value.unwrap_or(sum))
        ),
        1 => format!(
            "The nim-product of {} and {} is {}.",
            n(a),
            n(b),
            n(value.unwrap_or(product))
        ),
        2 => format!(
            "{} nim-times {} is {}.",
            n(a),
            n(b),
            n(value.unwrap_or(product))
        ),
        3 => {
            let inv = crate::nimber::inv(a).ok()?;
            format!("The inverse of {} is {}.", n(a), n(value.unwrap_or(inv)))
        }
        4 => format!(
            "The square root of {} is {}.",
            n(a),
            n(value.unwrap_or(crate::nimber::sqrt(a)))
        ),
        5 => format!(
            "{} and {} nim-add to {}.",
            n(a),
            n(b),
            n(value.unwrap_or(sum))
        ),
        6 => format!(
            "The nim-square of {} is {}.",
            n(a),
            n(value.unwrap_or(crate::nimber::mul(a, a)))
        ),
        _ => {
            let ia = crate::nimber::inv(a).ok()?;
            let ib = crate::nimber::inv(b).ok()?;
            let (va, vb) = match value {
                Some(v) => (ia, v),
                None => (ia, ib),
            };
            format!(
                "The inverses of {} and {} are {} and {}, respectively.",
                n(a),
                n(b),
                n(va),
                n(vb)
            )
        }
    })
}

/// Reads a sentence: whether every claim it holds holds, or `None` when it holds none.
fn english_holds(text: &str) -> Option<bool> {
    let found = crate::math::lint::read_text(text);
    if found.is_empty() {
        return None;
    }
    Some(found.iter().all(|f| match &f.lint {
        Lint::Claim(s) => s.check().is_ok_and(|v| v.holds),
        _ => false,
    }))
}

proptest! {
    #[test]
    fn prop_true_claims_in_english_hold_and_perturbed_ones_fail(
        template in 0usize..8,
        a in 1u128..64,
        b in 1u128..64,
        shift in 1u128..64,
        words in any::<bool>(),
    ) {
        let Some(truth) = english(template, a, b, None, words) else {
            return Ok(());
        };
        prop_assert_eq!(english_holds(&truth), Some(true), "{}", truth);
        // The same sentence with its value moved.
        let right = match template {
            0 | 5 => a ^ b,
            1 | 2 => crate::nimber::mul(a, b),
            3 => crate::nimber::inv(a).unwrap_or(0),
            4 => crate::nimber::sqrt(a),
            6 => crate::nimber::mul(a, a),
            _ => crate::nimber::inv(b).unwrap_or(0),
        };
        let wrong = right ^ shift;
        let Some(false_form) = english(template, a, b, Some(wrong), words) else {
            return Ok(());
        };
        prop_assert_eq!(english_holds(&false_form), Some(false), "{}", false_form);
    }
}

/// The words of the grammar's newer forms, with games and their names, for the property
/// test below.
const NEWER_WORDS: &[&str] = &[
    "the",
    "of",
    "and",
    "is",
    "are",
    "not",
    "squaring",
    "inversion",
    "sends",
    "maps",
    "↦",
    "to",
    "permutes",
    "as",
    "(",
    ")",
    "powers",
    "squares",
    "cubes",
    "respectively",
    "both",
    "⊗",
    "⊕",
    "equal",
    "give",
    "x",
    "x²",
    "+",
    "^",
    "1",
    "2",
    "3",
    "8",
    "16",
    "256",
    "12",
    "minimal",
    "polynomial",
    "over",
    "field",
    "subfield",
    "below",
    "contains",
    "with",
    "elements",
    "every",
    "element",
    "has",
    "a",
    "cube",
    "root",
    "primitive",
    "{",
    "}",
    ",",
    ".",
    "ω",
    "α₅",
    "twelve",
    "multiplied",
    "in",
    "nim",
    "sense",
    "times",
    "least",
    "number",
    "missing",
    "from",
    "on",
    "for",
    "every",
    "n",
    "kayles",
    "kayles(n)",
    "dawson",
    "Dawson’s",
    "s",
    "Kayles",
    "subtraction",
    "game",
    "moves",
    "period",
    "heap",
    "size",
    "P-positions",
    "first",
    "values",
    "exactly",
    "zero",
    "’",
    "nim-add",
    "rows",
];

proptest! {
    #[test]
    fn prop_newer_forms_never_panic_and_spans_lie_within(
        parts in proptest::collection::vec(proptest::sample::select(NEWER_WORDS), 0..24)
    ) {
        let src = parts.join(" ");
        let mut lex = crate::math::lexicon::Lexicon::builtin();
        for (name, title) in [("kayles", None), ("dawson", Some("Dawson's Kayles")), ("s", None)] {
            lex.add_game(crate::math::lexicon::GameWords::new(name, title, None));
        }
        for f in super::read_text_in(&src, &lex) {
            prop_assert!(src.get(f.span.clone()).is_some());
            match &f.lint {
                Lint::Unreadable(u) => prop_assert!(src.get(u.span.clone()).is_some(), "{u:?}"),
                Lint::Claim(s) => {
                    prop_assert!(src.get(s.span()).is_some());
                    let mut s = s.clone();
                    if s.bind_games(&games()).is_ok() && s.work() <= 1 << 16 {
                        let _ = s.check();
                    }
                }
                Lint::NoClaim => prop_assert!(false, "no claim is never found"),
            }
        }
    }
}

/// Reads `text` with Kayles, Dawson's Kayles and `s` declared; returns each claim as
/// read and whether it holds with the games bound (Dawson's Kayles is not bound: its
/// claims are only read).
fn read_with_games(text: &str) -> Vec<(String, Option<bool>)> {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new("kayles", None, None));
    lex.add_game(crate::math::lexicon::GameWords::new("s", None, None));
    super::read_text_in(text, &lex)
        .into_iter()
        .map(|f| match &f.lint {
            Lint::Claim(s) => {
                let mut s = s.clone();
                let holds = s
                    .bind_games(&games())
                    .ok()
                    .map(|()| s.check().expect("checks").holds);
                (s.to_text(), holds)
            }
            l => (format!("{l:?}"), None),
        })
        .collect()
}

#[test]
fn first_positions_with_a_value_and_counts_of_positions_are_read() {
    let read = read_with_games("The first row of Kayles worth ∗5 has 28 pins.");
    assert!(read.iter().all(|r| r.1 == Some(true)), "{read:?}");
    assert!(read.iter().any(|r| r.0 == "kayles(28) = 5"), "{read:?}");
    let read = read_with_games("The first row of Kayles worth ∗5 has 27 pins.");
    assert!(read.iter().any(|r| r.1 == Some(false)), "{read:?}");
    let read = read_with_games("Below 30, exactly 9 heap sizes of Kayles are P-positions.");
    assert_eq!(read.len(), 1, "{read:?}");
    let holds = read[0].1;
    let read = read_with_games("Exactly 9 heap sizes below 30 are P-positions in Kayles.");
    assert_eq!(read[0].0, "count{n < 30: kayles(n) = 0} = 9", "{read:?}");
    assert_eq!(read[0].1, holds);
    let read = read_with_games(
        "Kayles settles into a period of 12, and it becomes periodic at heap size 71.",
    );
    let texts: Vec<&str> = read.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(texts, ["period(kayles) = 12", "preperiod(kayles) = 71"]);
}

#[test]
fn a_game_named_after_the_value_is_the_positions_game() {
    let read = read_with_games("Heaps of 2, 7 and 9 are worth ∗12 together in Nim.");
    assert_eq!(read, [("2 ⊕ 7 ⊕ 9 = 12".to_string(), Some(true))]);
    let read = read_with_games("Heaps of 2, 7 and 9 are worth ∗13 together in Nim.");
    assert_eq!(read, [("2 ⊕ 7 ⊕ 9 = 13".to_string(), Some(false))]);
}

#[test]
fn newer_forms_in_words_are_read_and_checked() {
    let cases: &[(&str, &[&str], bool)] = &[
        (
            "The powers of 8 are 8, 13, 14, 10 and 1.",
            &["8⁵ = 1"],
            true,
        ),
        (
            "The powers of 8 are 8, 13, 1, and then they repeat.",
            &["8³ = 1"],
            false,
        ),
        // From the power 0: 8⁰ = 1, 8¹ = 8, 8² = 13, 8³ = 14.
        ("The powers of 8 go 1, 8, 13, 14.", &["8³ = 14"], true),
        ("The powers of 8 go 1, 8, 13, 10.", &["8³ = 10"], false),
        (
            "Squaring twice fixes exactly the four elements 0, 1, 2 and 3.",
            &["count{a < 65536: a^⊗4 = a} = 4"],
            true,
        ),
        ("Squaring fixes only 0 and 1 below 16.", &["1^⊗2 = 1"], true),
        (
            "Squaring fixes only 0 and 3 below 16.",
            &["3^⊗2 = 3"],
            false,
        ),
        (
            "Squaring once fixes 4 of the 256.",
            &["count{a < 256: a^⊗2 = a} = 4"],
            false,
        ),
        ("Squaring sends 4 ↦ 6, 5 ↦ 7 and 6 ↦ 5.", &["6² = 5"], true),
        ("Inversion maps 8 ↦ 11.", &["inv(8) = 11"], false),
        (
            "Squaring permutes them as (2 3).",
            &["2² = 3", "3² = 2"],
            true,
        ),
        (
            "4 is a primitive element of the field below 16.",
            &["ord(4) = 15", "4 < 16"],
            true,
        ),
        ("Both 5 ⊗ 12 and 7 ⊗ 10 equal 1.", &["7 ⊗ 10 = 1"], false),
        (
            "Multiplied in the nim sense, 7 and 7 give 4.",
            &["7 ⊗ 7 = 4"],
            true,
        ),
        (
            "In nimber arithmetic, 3 times 3 is 1.",
            &["3 ⊗ 3 = 1"],
            false,
        ),
        (
            "The minimal polynomial of 8 over the two-element field is x^4 + x^3 + x^2 + x + 1.",
            &["8^⊗4 ⊕ 8^⊗3 ⊕ 8^⊗2 ⊕ 8 ⊕ 1 = 0", "deg(8) = 4"],
            true,
        ),
        (
            "x² + x + 1 is the minimal polynomial of 4.",
            &["deg(4) = 2"],
            false,
        ),
        (
            "The field below 256 contains a subfield with 8 elements.",
            &["8 ≤ 256"],
            false,
        ),
        (
            "Every element of the field below 16 has a cube root in it.",
            &[],
            false,
        ),
        (
            "The least number missing from {0, 1, 2, 4} is 3.",
            &[],
            true,
        ),
        (
            "Of the first 12 kayles values, exactly one is 0.",
            &[],
            true,
        ),
        (
            "The P-positions of the game s below 10 are 0, 2, 7 and 9.",
            &[],
            true,
        ),
        (
            "The P-positions of the game s below 10 are 0, 2, 7 and 8.",
            &[],
            false,
        ),
    ];
    for (text, shown, holds) in cases {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}: nothing read");
        for s in *shown {
            assert!(read.iter().any(|(r, _)| r == s), "{text}: {read:?}");
        }
        let all = read.iter().all(|(_, h)| *h == Some(true));
        assert_eq!(all, *holds, "{text}: {read:?}");
    }
    // Prose with numbers and no such form is still left alone.
    for text in [
        "This essay has 3 parts, and 2 players sit at 4 tables.",
        "Both 3 and 4 players may join.",
        "Twelve people came, and 8 stayed.",
    ] {
        assert!(read_with_games(text).is_empty(), "{text}");
    }
    // A map whose value goes on in symbols is read there.
    let text = "Squaring three gives 3 ⊗ 3 = 2.";
    assert_eq!(
        read_with_games(text),
        [("3 ⊗ 3 = 2".to_string(), Some(true))],
        "{text}"
    );
}

/// Reads `text` with the games of a page that defines several (Kayles, Dawson's Kayles,
/// Grundy's game, two subtraction games named by their moves); returns each claim as read.
fn read_with_many_games(text: &str) -> Vec<String> {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    for (n, t) in [
        ("kayles", "Kayles"),
        ("dawson", "Dawson's Kayles"),
        ("g", "Grundy's game"),
        ("s", "the subtraction game"),
        ("t", "the game with moves of two or five"),
        ("u", "the game of one or two"),
    ] {
        lex.add_game(crate::math::lexicon::GameWords::new(n, Some(t), None));
    }
    super::read_text_in(text, &lex)
        .into_iter()
        .map(|f| match &f.lint {
            Lint::Claim(s) => s.to_text(),
            l => format!("{l:?}"),
        })
        .collect()
}

#[test]
fn games_named_in_words_are_the_games_read_among_several() {
    let cases: &[(&str, &str)] = &[
        (
            "In Grundy’s game a heap of six tokens has value 1.",
            "g(6) = 1",
        ),
        (
            "In Grundy's game a heap of 20 tokens is a P-position.",
            "g(20) = 0",
        ),
        (
            "In the game with moves of two or five, a heap of four has value 0.",
            "t(4) = 0",
        ),
        (
            "A single row of twelve pins is a win for the player about to move.",
            "kayles(12) ≠ 0",
        ),
        ("Why a row of seven pins has value 2", "kayles(7) = 2"),
        (
            "A row of four Kayles pins beside a Nim heap of one is a P-position.",
            "kayles(4) ⊕ 1 = 0",
        ),
        (
            "A row of nine pins in Dawson's Kayles is a P-position.",
            "dawson(9) = 0",
        ),
    ];
    for (text, read) in cases {
        assert_eq!(read_with_many_games(text), [read.to_string()], "{text}");
    }
}

#[test]
fn a_number_after_a_preposition_or_an_operator_is_no_subject() {
    // "below 16 has order 7" is no claim that 16 has order 7; "ω + 1 has order 63" none
    // that 1 has.
    pair_in_words(
        "No nimber below 16 has order 7.",
        "No nimber below 16 has order 5.",
        "count(order, 16, 7) = 0",
    );
    pair_in_words(
        "The element ω + 1 has order 63.",
        "The element ω + 1 has order 21.",
        "ord((ω + 1)) = 63",
    );
    // An unclosed parenthesis opens prose: the claim inside is read up to its comma.
    let found = read_text("Squares are less obvious (9 ⊗ 9 = 12, for instance).");
    let [
        Found {
            lint: Lint::Claim(s),
            ..
        },
    ] = &found[..]
    else {
        panic!("{found:?}")
    };
    assert!(s.check().expect("checks").holds);
    let found = read_text("Squares are less obvious (9 ⊗ 9 = 14, for instance).");
    let [
        Found {
            lint: Lint::Claim(s),
            ..
        },
    ] = &found[..]
    else {
        panic!("{found:?}")
    };
    assert!(!s.check().expect("checks").holds);
}

/// Asserts that `true_text` is read as `shown` (among its claims) and holds, and that
/// `false_text` is read and fails.
fn pair_in_words(true_text: &str, false_text: &str, shown: &str) {
    for (text, verdict) in [(true_text, true), (false_text, false)] {
        let found = read_text(text);
        assert!(!found.is_empty(), "{text}: nothing read");
        let mut all = true;
        let mut texts = Vec::new();
        for f in &found {
            let Lint::Claim(s) = &f.lint else {
                panic!("{text}: {found:?}")
            };
            texts.push(s.to_text());
            all &= s.check().expect("checks").holds;
        }
        if verdict {
            assert!(texts.iter().any(|t| t == shown), "{text}: {texts:?}");
        }
        assert_eq!(all, verdict, "{text}: {texts:?}");
    }
}

#[test]
fn counts_of_field_elements_in_words_are_read() {
    pair_in_words(
        "Exactly four elements of the field below 16 have order 5.",
        "Exactly three elements of the field below 16 have order 5.",
        "count(order, 16, 5) = 4",
    );
    pair_in_words(
        "There are eight primitive elements in the field below 16.",
        "There are six primitive elements in the field below 16.",
        "count(primitive, 16) = 8",
    );
    pair_in_words(
        "The field below 256 has 128 primitive elements.",
        "The field below 256 has 64 primitive elements.",
        "count(primitive, 256) = 128",
    );
    pair_in_words(
        "The field below 16 has 15 nonzero elements, each with an inverse.",
        "The field below 16 has 16 nonzero elements, each with an inverse.",
        "count(units, 16) = 15",
    );
    pair_in_words(
        "The elements of order 3 below 16 are 2 and 3.",
        "The elements of order 3 below 16 are 2, 3 and 6.",
        "count(order, 16, 3) = count{a ∈ {2, 3}: a ≠ 0} = count{a ∈ {2, 3}: a < 16} = count{a ∈ {2, 3}: ord(a) = 3} = 2",
    );
    pair_in_words(
        "Squaring leaves exactly two values below 16 unchanged.",
        "Squaring leaves exactly three values below 16 unchanged.",
        "count{a < 16: a^⊗2 = a} = 2",
    );
    pair_in_words(
        "Squaring twice leaves four values below 256 unchanged.",
        "Squaring twice leaves sixteen values below 256 unchanged.",
        "count{a < 256: a^⊗4 = a} = 4",
    );
}

#[test]
fn counts_of_a_tables_entries_are_read() {
    pair_in_words(
        "Exactly 15 of the nim-products below 16 equal 1.",
        "Exactly 16 of the nim-products below 16 equal 1.",
        "count{a, b < 16: a ⊗ b = 1} = 15",
    );
    pair_in_words(
        "Of the nim sums below 8, exactly eight are 0.",
        "Of the nim sums below 8, exactly seven are 0.",
        "count{a, b < 8: a ⊕ b = 0} = 8",
    );
    pair_in_words(
        "The nim-product table below 4 has 16 entries, and 7 of them are 0.",
        "The nim-product table below 4 has 16 entries, and 6 of them are 0.",
        "count{a, b < 4: a ⊗ b = 0} = 7",
    );
    pair_in_words(
        "The table of nim-products below 16 has 256 entries, of which 15 equal 1.",
        "The table of nim-products below 16 has 255 entries, of which 15 equal 1.",
        "count{a, b < 16: a < 16} = 256",
    );
    pair_in_words(
        "Of the 64 products of two nimbers below 8, 37.5% fall outside the range.",
        "Of the 64 products of two nimbers below 8, 25% fall outside the range.",
        "count{a, b < 8: a ⊗ b ≥ 8} = 24",
    );
    pair_in_words(
        "Of the nim-products below 8, 40 stay inside the range.",
        "Of the nim-products below 8, 41 stay inside the range.",
        "count{a, b < 8: a ⊗ b < 8} = 40",
    );
    pair_in_words(
        "Of the nim-sums below 4, a quarter are 0.",
        "Of the nim-sums below 4, a half are 0.",
        "count{a, b < 4: a ⊕ b = 0} = 4",
    );
}

#[test]
fn maps_by_an_element_and_ordinal_words_are_read() {
    pair_in_words(
        "Multiplying 5 by 11 the nim way gives 12.",
        "Multiplying 5 by 11 the nim way gives 13.",
        "5 ⊗ 11 = 12",
    );
    // With no word of nimbers, the ordinary reading holds too.
    pair_in_words(
        "Multiplying 5 by 11 gives 55.",
        "Multiplying 5 by 11 gives 56.",
        "5 × 11 = 55",
    );
    pair_in_words(
        "Nim-multiplying by 2 sends 8 to 12 and 4 to 8.",
        "Nim-multiplying by 2 sends 8 to 14 and 4 to 8.",
        "8 ⊗ 2 = 12",
    );
    pair_in_words(
        "Multiplying by 2 sends 8 to 12.",
        "Multiplying by 2 sends 8 to 14.",
        "8 × 2 = 12",
    );
    pair_in_words(
        "The ninth power of ω is 1.",
        "The ninth power of ω is 2.",
        "ω ⊗ ω ⊗ ω ⊗ ω ⊗ ω ⊗ ω ⊗ ω ⊗ ω ⊗ ω = 1",
    );
    pair_in_words(
        "The third power of 2 is 1.",
        "The third power of 2 is 2.",
        "2³ = 1",
    );
    pair_in_words(
        "The ordinals ω + 3 and ω + 5 nim-add to 6.",
        "The ordinals ω + 3 and ω + 5 nim-add to 7.",
        "(ω + 3) ⊕ (ω + 5) = 6",
    );
}

#[test]
fn first_positions_counts_and_roots_in_words_are_read() {
    pair_in_words(
        "The value 8 has exactly three cube roots below 16.",
        "The value 8 has exactly two cube roots below 16.",
        "count{x < 16: x^⊗3 = 8} = 3",
    );
    pair_in_words(
        "The powers of ω + 1 run through all 63 nonzero elements of the field with 64 elements.",
        "The powers of ω run through all 63 nonzero elements of the field with 64 elements.",
        "ord((ω + 1)) = 63",
    );
    pair_in_words(
        "The powers of 2 run through the 3 nonzero elements of the field below 4.",
        "The powers of 2 run through the 15 nonzero elements of the field below 16.",
        "ord(2) = 3",
    );
}

#[test]
fn subfields_fixed_points_and_lists_that_end_in_another_clause_are_read() {
    pair_in_words(
        "The nimbers below 8 do not form a subfield of the field below 256.",
        "The nimbers below 16 do not form a subfield of the field below 256.",
        "∃ a, b < 8: a ⊗ b ≥ 8",
    );
    pair_in_words(
        "The nimbers below 16 form a subfield of the field below 256.",
        "The nimbers below 8 form a subfield of the field below 256.",
        "∀ a, b < 16: a ⊗ b < 16",
    );
    // A subfield of a smaller field is not read.
    assert!(read_text("The nimbers below 256 form a subfield of the field below 16.").is_empty());
    pair_in_words(
        "A fifth of the nonzero nimbers below 16 are left unchanged by squaring twice.",
        "A third of the nonzero nimbers below 16 are left unchanged by squaring twice.",
        "count{0 < a < 16: a^⊗4 = a} = 3",
    );
    let read = read_text(
        "Taking inverses sends 8 to 10, and the inverses of 5 and 6 are 12 and 9, respectively.",
    );
    let texts = claim_texts(&read);
    assert_eq!(
        texts,
        ["inv(8) = 10", "inv(5) = 12", "inv(6) = 9"],
        "{read:?}"
    );
}

#[test]
fn verbs_and_lead_words_authors_use_are_read() {
    pair_in_words(
        "Cubing 3 in nim arithmetic gives 1 back.",
        "Cubing 3 in nim arithmetic gives 3 back.",
        "3^⊗3 = 1",
    );
    pair_in_words(
        "The product 2 ⊗ 2 ⊗ 2 comes out as 1.",
        "The product 2 ⊗ 2 ⊗ 2 comes out as 3.",
        "2 ⊗ 2 ⊗ 2 = 1",
    );
    pair_in_words(
        "The least whole number missing from the set {0, 2, 3, 5} is one.",
        "The least whole number missing from the set {0, 2, 3, 5} is four.",
        "mex(0, 2, 3, 5) = 1",
    );
    pair_in_words(
        "The smallest field that holds ω has 64 elements.",
        "The smallest field that holds ω has 16 elements.",
        "2^(deg(ω)) = 64",
    );
    pair_in_words(
        "Heaps of 7, 9 and 14 give the second player a win.",
        "Heaps of 7, 9 and 14 give the first player a win.",
        "7 ⊕ 9 ⊕ 14 = 0",
    );
    pair_in_words(
        "A Nim position of ∗5, ∗6 and ∗2 is worth ∗1.",
        "A Nim position of ∗5, ∗6 and ∗2 is worth ∗2.",
        "5 ⊕ 6 ⊕ 2 = 1",
    );
    pair_in_words(
        "Heaps of 6 and 7, played side by side, are worth 1 together.",
        "Heaps of 6 and 7, played side by side, are worth 2 together.",
        "6 ⊕ 7 = 1",
    );
    pair_in_words(
        "The cube roots of 8 in nim arithmetic are 6, 11 and 13.",
        "The cube roots of 8 in nim arithmetic are 6 and 11.",
        "count{x < 16: x^⊗3 = 8} = 3",
    );
    pair_in_words(
        "The element ω^(ω) has multiplicative order 75.",
        "The element ω^(ω) has multiplicative order 25.",
        "ord((ω^ω)) = 75",
    );
    pair_in_words(
        "Thus 3 ⊕ 5 = 6, and adding 5 again gives 3.",
        "Thus 3 ⊕ 5 = 6, and adding 5 again gives 2.",
        "6 ⊕ 5 = 3",
    );
    pair_in_words(
        "Raising 8 to successive nim-powers, one first returns to 1 after five steps.",
        "Raising 8 to successive nim-powers, one first returns to 1 after fifteen steps.",
        "ord(8) = 5",
    );
    pair_in_words(
        "The nim-powers of 4 run 4, 6, 14, 5, 2, and so on until they return to 1.",
        "The nim-powers of 4 run 4, 6, 14, 5, 2, and so on until they return to 3.",
        "4^⊗0 = 1",
    );
}

#[test]
fn degrees_and_orders_of_ordinals_are_read() {
    pair_in_words(
        "ω has degree 6 over the two-element field.",
        "ω has degree 4 over the two-element field.",
        "deg(ω) = 6",
    );
    pair_in_words(
        "The ordinal ω^ω has degree 20 and order 75.",
        "The ordinal ω^ω has degree 20 and order 25.",
        "deg((ω^ω)) = 20",
    );
}

#[test]
fn functions_compared_placed_in_a_field_or_after_their_value_are_read() {
    pair_in_words(
        "The order of 16 in the field below 256 is 85.",
        "The order of 16 in the field below 256 is 51.",
        "ord(16) = 85",
    );
    pair_in_words(
        "Twelve is the inverse of 5.",
        "Fifteen is the inverse of 5.",
        "inv(5) = 12",
    );
    pair_in_words(
        "The order of 2 is smaller than the order of 6.",
        "The order of 6 is smaller than the order of 2.",
        "ord(2) < ord(6)",
    );
    pair_in_words(
        "The order of 4 exceeds that of 8 by ten.",
        "The order of 4 exceeds that of 8 by five.",
        "ord(4) - ord(8) = 10",
    );
    pair_in_words(
        "The order of 4 exceeds that of 8.",
        "The order of 8 exceeds that of 4.",
        "ord(4) > ord(8)",
    );
    pair_in_words(
        "The inverse of ω + 1 is ω²·2 + ω·2 + 2.",
        "The inverse of ω + 1 is ω²·2 + ω·2 + 3.",
        "inv((ω + 1)) = (ω² × 2 + ω × 2 + 2)",
    );
    // A field of sixteen elements counts zero; its nonzero elements do not.
    pair_in_words(
        "The field below 256 has 256 elements.",
        "The field below 65536 has 65535 elements.",
        "count{a < 256: a < 256} = 256",
    );
}

#[test]
fn periods_in_other_word_orders_are_read() {
    let cases: &[(&str, &[&str])] = &[
        (
            "The Kayles values repeat with period 12 from heap size 71 on.",
            &["period(kayles) = 12", "preperiod(kayles) = 71"],
        ),
        (
            "The last exceptional value of Kayles falls at heap size 70, and after it the values repeat with period 12.",
            &["preperiod(kayles) = 71", "period(kayles) = 12"],
        ),
        (
            "Dawson’s Kayles settles into a period of 34.",
            &["period(dawson) = 34"],
        ),
        (
            "Kayles becomes periodic at heap size seventy-one, with period twelve.",
            &["preperiod(kayles) = 71", "period(kayles) = 12"],
        ),
        (
            "Rows of three and four pins played side by side form an N-position.",
            &["kayles(3) ⊕ kayles(4) ≠ 0"],
        ),
    ];
    for (text, read) in cases {
        assert_eq!(read_with_many_games(text), *read, "{text}");
    }
    // Checked against Kayles's computed values: the true ones hold, a changed one fails.
    for (text, holds) in [
        (
            "Kayles becomes periodic at heap size seventy-one, with period twelve.",
            true,
        ),
        (
            "Kayles becomes periodic at heap size seventy-two, with period twelve.",
            false,
        ),
        (
            "The last exceptional value of Kayles falls at heap size 70.",
            true,
        ),
        (
            "The last exceptional value of Kayles falls at heap size 66.",
            false,
        ),
        (
            "The Kayles values repeat with period 12 from heap size 71 on.",
            true,
        ),
        (
            "The Kayles values repeat with period 10 from heap size 71 on.",
            false,
        ),
        (
            "Rows of three and four pins played side by side form an N-position.",
            true,
        ),
        (
            "Rows of three and four pins played side by side form a P-position.",
            false,
        ),
    ] {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}");
        let all = read.iter().all(|(_, h)| *h == Some(true));
        assert_eq!(all, holds, "{text}: {read:?}");
    }
}

#[test]
fn stones_on_a_grid_are_worth_the_nim_product_of_their_coordinates() {
    pair_in_words(
        "A lone stone at (3, 3) on the grid is worth 2.",
        "A lone stone at (3, 3) on the grid is worth 3.",
        "(3 ⊗ 3) = 2",
    );
    pair_in_words(
        "Stones at (2, 3) and (1, 1) together form a P-position.",
        "Stones at (2, 4) and (3, 6) together form a P-position.",
        "(2 ⊗ 3) ⊕ (1 ⊗ 1) = 0",
    );
    pair_in_words(
        "In Turning Corners, a position whose only head is the coin at (5, 5) has value 7.",
        "In Turning Corners, a position whose only head is the coin at (5, 5) has value 6.",
        "(5 ⊗ 5) = 7",
    );
    pair_in_words(
        "A stone at (2, 2, 2) in the three-dimensional game is worth 1.",
        "A stone at (2, 2, 2) in the three-dimensional game is worth 3.",
        "(2 ⊗ 2 ⊗ 2) = 1",
    );
    // A point alone after a comma, "one at", "alone" and "the three-dimensional stone game".
    true_and_false(&[
        (
            "In three dimensions, (3, 5, 6) is worth 4.",
            "In three dimensions, (3, 5, 6) is worth 5.",
        ),
        (
            "A stone at (5, 7) is worth 13 and one at (6, 7) is worth 3.",
            "A stone at (5, 7) is worth 13 and one at (6, 7) is worth 4.",
        ),
        (
            "Turning Corners. A coin alone at (2, 2) is worth 3.",
            "Turning Corners. A coin alone at (2, 2) is worth 2.",
        ),
        (
            "A stone at (2, 3, 6) in the three-dimensional stone game is worth 6.",
            "A stone at (2, 3, 6) in the three-dimensional stone game is worth 7.",
        ),
    ]);
    // In a tartan product a coin is worth the product of its games' values.
    let read = read_with_games("In the tartan example of Ruler, the coin at (6, 3) is worth 8.");
    assert!(read.iter().all(|r| r.1 != Some(false)), "{read:?}");
    // Heaps named in brackets after a noun are not a point.
    assert!(
        read_with_games("The Nim position (3, 5, 6) is worth 4.")
            .iter()
            .all(|r| r.0 != "(3 ⊗ 5 ⊗ 6) = 4")
    );
    // A value that goes on in symbols is read there, as a statement of its own.
    let found = read_text("For example, a lone stone at (2, 2) is worth 2⊗2 = 3.");
    let [
        Found {
            span,
            lint: Lint::Claim(s),
        },
    ] = &found[..]
    else {
        panic!("{found:?}")
    };
    assert_eq!(s.to_text(), "2 ⊗ 2 = 3", "{span:?}");
}

#[test]
fn operations_with_itself_in_the_nimbers_and_ordinal_roots_are_read() {
    pair_in_words(
        "The nim-sum of 8 with itself is 0.",
        "The nim-sum of 8 with itself is 16.",
        "8 ⊕ 8 = 0",
    );
    pair_in_words(
        "Multiplying 8 by 8 in the nimbers gives 13.",
        "Multiplying 8 by 8 in the nimbers gives 12.",
        "8 ⊗ 8 = 13",
    );
    // Without the phrase "multiplying" has both readings of plain math.
    pair_in_words(
        "Multiplying 8 by 8 gives 64.",
        "Multiplying 8 by 8 gives 65.",
        "8 × 8 = 64",
    );
    pair_in_words(
        "The ordinal ω³ is a cube root of ω.",
        "The ordinal ω³ is a cube root of ω².",
        "(ω³) ⊗ (ω³) ⊗ (ω³) = ω",
    );
    pair_in_words(
        "The field generated by ω has 64 elements.",
        "The field generated by ω has 81 elements.",
        "2^(deg(ω)) = 64",
    );
    pair_in_words(
        "The field that ω generates has 64 elements.",
        "The field that ω generates has 32 elements.",
        "2^(deg(ω)) = 64",
    );
    pair_in_words(
        "ω has order 9 and degree 6. Its field has 64 elements.",
        "ω has order 9 and degree 6. Its field has 128 elements.",
        "2^(deg(ω)) = 64",
    );
    pair_in_words(
        "The orders of ω and ω + 1 are 9 and 63, respectively.",
        "The orders of ω and ω + 1 are 9 and 62, respectively.",
        "ord((ω + 1)) = 63",
    );
    // "Half of the fifteen elements" does not say fifteen are primitive.
    let read = read_text("More than half of the fifteen nonzero elements below 16 are primitive.");
    assert!(
        read.iter().all(|f| match &f.lint {
            Lint::Claim(s) => s.check().expect("checks").holds,
            _ => true,
        }),
        "{read:?}"
    );
}

#[test]
fn counts_over_heap_sizes_and_first_and_smallest_heaps_are_read() {
    for (text, holds) in [
        (
            "Of the heap sizes from 1 to 12, exactly three have Kayles value 4.",
            true,
        ),
        (
            "Of the heap sizes from 1 to 12, exactly two have Kayles value 4.",
            false,
        ),
        (
            "Among the rows of 1 to 8 pins in Kayles, one is a P-position.",
            false,
        ),
        (
            "Among the rows of 0 to 8 pins in Kayles, one is a P-position.",
            true,
        ),
        (
            "The first heap sizes at which Kayles has value 1 are 1, 4 and 8.",
            true,
        ),
        (
            "The first heap sizes at which Kayles has value 1 are 1, 4 and 9.",
            false,
        ),
        (
            "The smallest row in Kayles with value 4 has five pins.",
            true,
        ),
        (
            "The smallest row in Kayles with value 4 has nine pins.",
            false,
        ),
    ] {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}");
        let all = read.iter().all(|(_, h)| *h == Some(true));
        assert_eq!(all, holds, "{text}: {read:?}");
    }
}

#[test]
fn table_rows_fractions_and_the_least_excluded_value_are_read() {
    pair_in_words(
        "In the nim-sum table below 8, the row of 5 reads 5, 4, 7, 6, 1, 0, 3, 2.",
        "In the nim-sum table below 8, the row of 5 reads 5, 4, 7, 6, 1, 0, 2, 3.",
        "5 ⊕ 7 = 2",
    );
    pair_in_words(
        "The least excluded value of {0, 1, 2, 4} is 3.",
        "The least excluded value of {0, 1, 2, 4} is 4.",
        "mex(0, 1, 2, 4) = 3",
    );
    pair_in_words(
        "More than half of the fifteen nonzero elements below 16 are primitive.",
        "Two thirds of the fifteen nonzero elements below 16 are primitive.",
        "count(primitive, 16) > 7",
    );
    pair_in_words(
        "About 50% of the nonzero nimbers below 256 are primitive.",
        "About 40% of the nonzero nimbers below 256 are primitive.",
        "count(primitive, 256) ≥ 122",
    );
}

#[test]
fn winning_moves_in_nim_and_fractions_of_a_games_values_are_read() {
    pair_in_words(
        "From heaps of 4, 7 and 9 the only winning move takes six counters from the heap of 9.",
        "From heaps of 4, 7 and 9 the only winning move takes two counters from the heap of 9.",
        "4 ⊕ 7 ⊕ (9 - 6) = 0",
    );
    // "Only": no other heap has a winning move (from 1, 2 and 3 none has).
    pair_in_words(
        "From heaps of 1, 2 and 4 the only winning move takes one counter from the heap of 4.",
        "From heaps of 3, 5 and 7 the only winning move takes five counters from the heap of 7.",
        "1 ⊕ 2 ⊕ (4 - 1) = 0",
    );
    for (text, holds) in [
        (
            "Within one period of Kayles, from heap size 71 to 82, a quarter of the values are 1.",
            true,
        ),
        (
            "Within one period of Kayles, from heap size 71 to 82, a third of the values are 1.",
            false,
        ),
        (
            "Within one period of Kayles, from heap size 70 to 81, a quarter of the values are 1.",
            false,
        ),
    ] {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}");
        let all = read.iter().all(|(_, h)| *h == Some(true));
        assert_eq!(all, holds, "{text}: {read:?}");
    }
}

#[test]
fn nim_sums_of_ranges_extremes_of_values_and_powers_of_ordinal_terms_are_read() {
    pair_in_words(
        "The nim-sum of all the numbers from 1 to 7 is 0.",
        "The nim-sum of all the numbers from 1 to 7 is 7.",
        "1 ⊕ 2 ⊕ 3 ⊕ 4 ⊕ 5 ⊕ 6 ⊕ 7 = 0",
    );
    pair_in_words(
        "The fifth nim-power of ω^ω is 4.",
        "The fifth nim-power of ω^ω is 2.",
        "(ω^ω) ⊗ (ω^ω) ⊗ (ω^ω) ⊗ (ω^ω) ⊗ (ω^ω) = 4",
    );
    for (text, holds) in [
        (
            "Among the first twelve values of Kayles, the largest is 6.",
            true,
        ),
        (
            "Among the first twelve values of Kayles, the largest is 4.",
            false,
        ),
        (
            "Among the first ten values of Kayles, the largest is 6.",
            false,
        ),
    ] {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}");
        let all = read.iter().all(|(_, h)| *h == Some(true));
        assert_eq!(all, holds, "{text}: {read:?}");
    }
}

#[test]
fn text_said_to_hold_nothing_reads_as_nothing() {
    let texts = [
        "Quiet heap field order and square root of a table.",
        "The order of two is three.",
        "The nim-sum of two and three is one.",
        "so a = b here",
        "2 \\otimes 3 is 1",
        "mex{} is nothing",
        "inv(x) is it",
        "Twenty heaps",
        "the value *3",
        "x &lt; y",
    ];
    for t in texts {
        if holds_nothing(t) {
            assert!(read_text(t).is_empty(), "{t}");
        } else {
            assert_ne!(t, texts[0]);
        }
    }
    assert!(holds_nothing(texts[0]));
    assert!(!holds_nothing(texts[1]) && !holds_nothing(texts[3]));
}

#[test]
fn a_claim_after_a_long_stretch_without_numbers_is_still_read() {
    let filler = "quiet words about heaps and fields and orders ".repeat(8);
    let text =
        format!("{filler}and the nim-sum of 3 and 5 is 6, while the nim-sum of 3 and 5 is not 7.");
    assert_eq!(
        text_results(&text)
            .iter()
            .map(|(_, v)| *v)
            .collect::<Vec<_>>(),
        [Some(true), Some(true)]
    );
}

#[test]
fn positions_by_remainders_and_moves_in_words_are_read() {
    let cases = [
        (
            "In s, the losing heaps are exactly the heap sizes that leave remainder 0 or 2 on division by 7.",
            true,
        ),
        (
            "In s, the losing heaps are exactly the heap sizes that leave remainder 0 or 3 on division by 7.",
            false,
        ),
        ("The P-positions of s are the multiples of seven.", false),
        (
            "The winning heaps of s are exactly the heap sizes that leave remainder 1, 3, 4, 5 or 6 when divided by 7.",
            true,
        ),
        (
            "In s a move takes one, three or four tokens from a single heap.",
            true,
        ),
        (
            "In s a move takes one, two or four tokens from a single heap.",
            false,
        ),
    ];
    for (text, verdict) in cases {
        let read = read_with_games(text);
        let holds = !read.is_empty() && read.iter().all(|r| r.1 == Some(true));
        assert_eq!(holds, verdict, "{text}: {read:?}");
    }
}

#[test]
fn field_sizes_and_subfield_counts_in_words_are_read() {
    let all_hold = |text: &str| {
        let read = text_results(text);
        assert!(!read.is_empty(), "{text}");
        read.iter().all(|r| r.1 == Some(true))
    };
    for (text, verdict) in [
        (
            "The nimbers form fields at the sizes 2, 4, 16, 256 and 65536.",
            true,
        ),
        (
            "The nimbers form fields at the sizes 2, 4, 8, 16 and 256.",
            false,
        ),
        ("The nimbers form fields at the sizes 2, 4 and 256.", false),
        (
            "The nimbers below n form a field exactly when n is 2, 4, 16 or 256.",
            true,
        ),
        (
            "The nimbers below n form a field exactly when n is 2, 4 or 8.",
            false,
        ),
        ("The field below 256 has four subfields.", true),
        ("The field below 256 has three subfields.", false),
        ("The field below 65536 has four proper subfields.", true),
        ("The field below 65536 has five proper subfields.", false),
    ] {
        assert_eq!(all_hold(text), verdict, "{text}");
    }
}

#[test]
fn claims_in_words_are_read_within_their_sentence() {
    // A sentence with no number starts no claim; the next one is read whole, both true and
    // false, and a full stop inside a sentence ("Fig. 2") does not end it.
    for (text, holds) in [
        ("Heaps are small. The nim-sum of 3 and 5 is 6.", true),
        ("Heaps are small. The nim-sum of 3 and 5 is 7.", false),
        ("As in Fig. 2, the nim-product of 2 and 3 is 1.", true),
        ("As in Fig. 2, the nim-product of 2 and 3 is 2.", false),
    ] {
        let found = text_results(text);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        assert_eq!(found[0].1, Some(holds), "{text}: {found:?}");
    }
}

#[test]
fn settings_after_an_operand_change_the_reading_only_where_they_say_nothing_new() {
    assert_eq!(
        text_results("The inverse of 9 under ⊗ is 6."),
        [("The inverse of 9 under ⊗ is 6", Some(true))]
    );
    assert_eq!(
        text_results("The inverse of 9 in the field below 256 is 7."),
        [("The inverse of 9 in the field below 256 is 7", Some(false))]
    );
    // A field that does not hold the operand: the sentence is shown false.
    let small = text_results("The inverse of 9 in the field below 4 is 6.");
    assert!(small.iter().any(|(_, v)| *v == Some(false)), "{small:?}");
    // Under addition every element is its own inverse: another question, not read as the
    // product's; nor is a size that is no field.
    for text in [
        "The inverse of 9 under ⊕ is 9.",
        "The inverse of 9 under nim-addition is 9.",
        "The inverse of 9 in the field below 10 is 6.",
        "The inverse of 9 in the field below 340282366920938463463374607431768211455 is 6.",
    ] {
        assert!(
            text_results(text).iter().all(|(_, v)| v.is_none()),
            "{text}: {:?}",
            text_results(text)
        );
    }
}

proptest! {
    #[test]
    fn prop_this_rounds_forms_never_panic(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("the"), Just("inverse"), Just("of"), Just("under"), Just("⊗"),
                Just("⊕"), Just("in"), Just("field"), Just("below"), Just("is"),
                Just("what"), Just("gives"), Just("obtained"), Just("by"),
                Just("nim-multiplying"), Just("itself"), Just("polynomial"), Just("x"),
                Just("vanishes"), Just("at"), Just("="), Just("∗6,"), Just("∗9"),
                Just("and"), Just("are"), Just("worth"), Just("smallest"),
                Just("contains"), Just("has"), Just("elements"), Just("first"),
                Just("values,"), Just("30%"), Just("excess"), Just("for"), Just("p"),
                Just("19"), Just("0"), Just("340282366920938463463374607431768211455"),
                Just("sixty-four"), Just("Fermat 2-power"), Just("respectively"),
            ],
            0..14,
        )
    ) {
        let src = parts.join(" ");
        for f in read_text(&src) {
            prop_assert!(src.get(f.span.clone()).is_some());
            if let Lint::Claim(s) = &f.lint
                && s.work() <= 1 << 12
            {
                let _ = s.check_within(1 << 16);
            }
        }
    }
}

/// Every word a form of the grammar reads is a word that lets its sentence be tried (a word
/// of the list or outside ASCII), or a function word: a form with a word of neither would
/// never be tried.
#[test]
fn the_grammar_tries_every_sentence_with_a_word_it_reads() {
    use super::words::{FUNCTION_WORDS, GRAMMAR_WORDS};
    assert!(GRAMMAR_WORDS.windows(2).all(|p| p[0] < p[1]), "not sorted");
    let source = [include_str!("words.rs"), include_str!("words/play.rs")].concat();
    let mut missing = Vec::new();
    for call in [".word(&[", ".words(&[", ".maybe(&["] {
        for (at, _) in source.match_indices(call) {
            let list = &source[at + call.len()..];
            let list = &list[..list.find(']').unwrap_or(0)];
            for word in list
                .split('"')
                .skip(1)
                .step_by(2)
                .flat_map(str::split_whitespace)
            {
                let known = GRAMMAR_WORDS.binary_search(&word).is_ok()
                    || FUNCTION_WORDS.contains(&word)
                    || !word.is_ascii()
                    || word.bytes().all(|b| b.is_ascii_digit());
                if !known {
                    missing.push(word);
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "words the gate does not know: {missing:?}"
    );
}

/// Past the gate on sentences (tested beside it in `words.rs`), a sentence with a notion
/// beside plain ones is still read and checked.
#[test]
fn a_notion_sentence_is_read_beside_ungated_ones() {
    assert!(read_text("See page 4 and item 0. Section 3 of page 2").is_empty());
    let found = read_text("See page 4. The nim-sum of 3 and 5 is 7.");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(matches!(&found[0].lint, Lint::Claim(s) if !s.check().is_ok_and(|c| c.holds)));
}

/// A number in a notion's name ("2-power") does not make every sentence with that number
/// a candidate.
#[test]
fn a_number_is_no_word_of_the_lexicon() {
    let lex = crate::math::lexicon::Lexicon::builtin();
    assert!(!lex.names_word("2"));
    assert!(lex.names_word("inverse"));
}

#[test]
fn a_product_or_quotient_in_words_has_both_readings_unless_made_the_nimber_one() {
    for (text, holds) in [
        ("The product of 6 and 7 is 42.", true),
        ("The product of 6 and 7 is 3.", true),
        ("The product of 6 and 7 is 5.", false),
        ("The product of 6 and 7 in the nim sense is 42.", false),
        ("6 divided by 3 is 11.", true),
        ("12 divided by 4 is 3.", true),
        ("6 divided by 3 is 5.", false),
        ("6 divided by 3 in nim arithmetic is 2.", false),
        ("In nim arithmetic, 6 divided by 3 is 11.", true),
        ("The nim quotient of 6 by 3 is 5.", false),
        ("Dividing 1 by 6 gives 9.", true),
        ("Dividing 1 by 6 gives 8.", false),
    ] {
        let found = text_results(text);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        assert_eq!(found[0].1, Some(holds), "{text}");
    }
}

#[test]
fn laws_of_every_element_mexes_and_fractions_of_a_count_in_more_words() {
    for (text, holds) in [
        (
            "Every element of the field below 2 is its own square.",
            true,
        ),
        (
            "Every element of the field below 4 is its own square.",
            false,
        ),
        ("The smallest number not in {0, 2, 3} is 1.", true),
        ("The smallest number not in {0, 2, 3} is 4.", false),
        ("The least excludant of {0, 1, 2} is 3.", true),
        ("The least excludant of {0, 1, 2} is 4.", false),
        // 15 does not halve: "half of them" cannot be exact.
        (
            "Half of the nonzero elements below 16 are primitive.",
            false,
        ),
    ] {
        let found = text_results(text);
        assert!(!found.is_empty(), "{text}");
        let all = found.iter().all(|(_, v)| *v == Some(true));
        assert_eq!(all, holds, "{text}: {found:?}");
    }
    // "About half" of 15 is 7 or 8.
    let found = text_results("About half of the 15 nonzero elements below 16 are primitive.");
    assert!(found.iter().all(|(_, v)| *v == Some(true)), "{found:?}");
    let found = text_results("About a third of the 15 nonzero elements below 16 are primitive.");
    assert!(found.iter().any(|(_, v)| *v == Some(false)), "{found:?}");
}

#[test]
fn a_clause_about_the_same_element_or_another_pair_is_read_after_the_first() {
    let verdicts = |text: &str| -> Vec<Option<bool>> {
        text_results(text).into_iter().map(|(_, v)| v).collect()
    };
    assert_eq!(
        verdicts("The square of 2 is 3 and its cube is 1."),
        [Some(true), Some(true)]
    );
    assert_eq!(
        verdicts("The square of 2 is 3 and its cube is 2."),
        [Some(true), Some(false)]
    );
    assert_eq!(
        verdicts("2 and 3 are each other's inverses, and so are 4 and 15."),
        [Some(true), Some(true)]
    );
    assert_eq!(
        verdicts("2 and 3 are each other's inverses, and so are 4 and 14."),
        [Some(true), Some(false)]
    );
}

#[test]
fn a_preperiod_as_the_first_heaps_and_values_after_a_colon_are_read() {
    let read = read_with_games("Kayles has period 12 after the first 71 heaps.");
    assert_eq!(
        read[1],
        ("preperiod(kayles) = 71".to_string(), Some(true)),
        "{read:?}"
    );
    let read = read_with_games("Kayles has period 12 after the first 70 heaps.");
    assert_eq!(read[1].1, Some(false), "{read:?}");
    let read = read_with_games("The first four Kayles values: 0, 1, 2, 3.");
    assert!(
        read.iter().all(|(_, v)| *v == Some(true)) && read.len() == 4,
        "{read:?}"
    );
    let read = read_with_games("The first four Kayles values: 0, 1, 2, 4.");
    assert!(read.iter().any(|(_, v)| *v == Some(false)), "{read:?}");
}

#[test]
fn asides_stars_and_polynomials_with_their_roots_are_read() {
    for (text, holds) in [
        ("ω cubed, as a nimber, is 2.", true),
        ("ω cubed, as a nimber, is 3.", false),
        ("Adding ∗7 to itself gives ∗0.", true),
        ("Adding ∗7 to itself gives ∗14.", false),
        ("x² + x + 1 has two roots, 2 and 3.", true),
        ("x^2 + x + 1 has the roots 2 and 4.", false),
    ] {
        let found = text_results(text);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        assert_eq!(found[0].1, Some(holds), "{text}");
    }
    // A minimal polynomial with a coefficient other than 0 and 1 is refused, not passed.
    let found = read_text("The minimal polynomial of 2 is x² + x + 2.");
    assert!(
        found.iter().any(|f| matches!(f.lint, Lint::Unreadable(_))),
        "{found:?}"
    );
}

#[test]
fn no_position_ever_worth_more_is_checked_over_a_window() {
    let read = read_with_games("In Kayles, no row is ever worth more than 8.");
    assert_eq!(
        read,
        [("∀ n < 10000: kayles(n) ≤ 8".to_string(), Some(true))]
    );
    let read = read_with_games("In Kayles, no row is ever worth more than 7.");
    assert_eq!(read[0].1, Some(false), "{read:?}");
}

#[test]
fn their_nim_sum_is_the_heaps_listed_before_it() {
    let verdicts = |text: &str| -> Vec<Option<bool>> {
        text_results(text).into_iter().map(|(_, v)| v).collect()
    };
    assert_eq!(
        verdicts("Take heaps of 3, 5 and 6. Their nim-sum is 0."),
        [Some(true)]
    );
    assert_eq!(
        verdicts("Take heaps of 3, 5 and 6. Their nim-sum is 1."),
        [Some(false)]
    );
    assert_eq!(
        verdicts("Take heaps of 2, 7 and 9. Those have nim-sum 12."),
        [Some(true)]
    );
    assert_eq!(
        verdicts("Take heaps of 2, 7 and 9. Those have nim-sum 13."),
        [Some(false)]
    );
    // The move's words after it: how many heaps it leaves.
    let move_text = "From heaps of 2, 7 and 9 the only winning move takes four counters from the heap of 9, which leaves three heaps whose nim-sum is zero again.";
    assert!(verdicts(move_text).iter().all(|v| *v == Some(true)));
    // A wrong count is refused.
    let wrong = move_text.replace("three heaps", "two heaps");
    let found = read_text(&wrong);
    assert!(
        found.iter().any(|f| matches!(f.lint, Lint::Unreadable(_))),
        "{found:?}"
    );
}

#[test]
fn positions_counted_after_and_are_all_read() {
    // Two rows of 4 and one of 1 are worth 1: the second player does not win.
    let read =
        read_with_games("The second player wins Kayles from two rows of 4 and one row of 1.");
    assert_eq!(
        read,
        [(
            "kayles(4) ⊕ kayles(4) ⊕ kayles(1) = 0".to_string(),
            Some(false)
        )]
    );
    let read = read_with_games("Two rows of 4 and two rows of 1 in Kayles are worth 0.");
    assert_eq!(read.len(), 1, "{read:?}");
    assert_eq!(read[0].1, Some(true), "{read:?}");
}

#[test]
fn no_whole_number_as_a_root_is_checked_below_two_to_the_sixteen() {
    for (text, holds) in [
        ("No whole number is a cube root of 2.", true),
        ("No finite nimber is a cube root of 3.", true),
        ("No whole number is a cube root of 8.", false),
        ("No whole number is a square root of 2.", false),
    ] {
        let found = text_results(text);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        assert_eq!(found[0].1, Some(holds), "{text}");
    }
}

#[test]
fn the_pairs_of_the_mex_rule_are_read_as_the_values_they_exclude() {
    let cases = [
        (
            "The four pairs below (2, 2) exclude the values 0, 2, 2 and 1.",
            vec![true],
        ),
        (
            "The four pairs below (2, 2) exclude the values 0, 2, 3 and 1.",
            vec![false],
        ),
        (
            "The nim-product of 4 and 4 is 6. Its sixteen pairs exclude only ten distinct values, 0, 1, 2, 3, 4, 5, 8, 11, 12 and 14, and the least value they miss is 6.",
            vec![true, true, true, true],
        ),
        (
            "For 4 ⊗ 4 the sixteen pairs exclude nine distinct values, and the least value they miss is 6.",
            vec![false, true],
        ),
        (
            "To multiply 3 by 3, take every pair below. The nine pairs cross off only the values 0, 1 and 3, so the least value that survives is 3.",
            vec![true, false],
        ),
    ];
    for (text, verdicts) in cases {
        let found: Vec<Option<bool>> = text_results(text).into_iter().map(|(_, v)| v).collect();
        let wanted: Vec<Option<bool>> = verdicts.into_iter().map(Some).collect();
        assert_eq!(found, wanted, "{text}");
    }
    // A count of pairs other than a·b is not read as the rule's.
    let found = text_results(
        "To multiply 3 by 3, take every pair. The eight pairs cross off only the values 0, 1 and 3.",
    );
    assert!(found.iter().all(|(_, v)| *v != Some(true)), "{found:?}");
}

#[test]
fn the_options_of_a_position_are_read_as_a_set() {
    let read = read_with_games("The options of a row of two pins in Kayles are worth 1 and 0.");
    assert_eq!(
        read,
        [("options(kayles, 2) = {1, 0}".to_string(), Some(true))]
    );
    let read = read_with_games("The options of a row of two pins in Kayles are worth 2 and 0.");
    assert_eq!(
        read,
        [("options(kayles, 2) = {2, 0}".to_string(), Some(false))]
    );
    // A row of 4 leaves 3, 1 + 2, 2 or 1 + 1 pins.
    let read = read_with_games("A row of 4 in Kayles has three options, worth 3, 2 and 0.");
    assert_eq!(read[0].1, Some(true), "{read:?}");
    let read = read_with_games("A row of 4 in Kayles has options worth 3 and 1.");
    assert_eq!(read[0].1, Some(false), "{read:?}");
    // "so the row is worth …": the position's own value.
    let read = read_with_games(
        "The options of a row of two pins in Kayles are worth 1 and 0, so the row is worth ∗2.",
    );
    assert_eq!(
        read[1],
        ("kayles(2) = 2".to_string(), Some(true)),
        "{read:?}"
    );
    let read = read_with_games(
        "The options of a row of two pins in Kayles are worth 1 and 0, so the row is worth ∗3.",
    );
    assert_eq!(read[1].1, Some(false), "{read:?}");
    let read = read_with_games(
        "In Kayles a row of 4 pins has options worth 0, 2 and 3, so its value is 4.",
    );
    assert_eq!(
        read[1],
        ("kayles(4) = 4".to_string(), Some(false)),
        "{read:?}"
    );
    let read = read_with_games(
        "The options of a row of 4 in Kayles are worth 3, 2 and 0, and the least value missing from them is 2.",
    );
    assert_eq!(
        read[1],
        ("kayles(4) = 2".to_string(), Some(false)),
        "{read:?}"
    );
    let read = read_with_games(
        "In Kayles a row of 4 pins has options worth 0, 2 and 3, so it is worth ∗1.",
    );
    assert_eq!(
        read[1],
        ("kayles(4) = 1".to_string(), Some(true)),
        "{read:?}"
    );
    // A count that is not the count of the values listed counts the moves.
    let read =
        read_with_games("The three options of a row of two pins in Kayles are worth 1 and 0.");
    assert!(
        read.contains(&("moves(kayles, 2) = 3".to_string(), Some(false))),
        "{read:?}"
    );
}

#[test]
fn swaps_bounds_on_values_listed_heaps_and_returns_are_read() {
    let holds = |text: &str| {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}: not read");
        read.iter().all(|r| r.1 == Some(true))
    };
    // inv(11) = 7 and inv(7) = 11.
    assert!(holds("Inversion swaps 11 and 7."));
    assert!(!holds("Inversion swaps 11 and 5."));
    // Kayles's values below 10 reach 4 (at 5 and 9) and no more.
    assert!(holds("No row below 10 is worth more than ∗4 in Kayles."));
    assert!(!holds("No row below 10 is worth more than ∗3 in Kayles."));
    assert!(holds("Two Nim heaps, ∗6 and ∗3, played together make ∗5."));
    assert!(!holds("Two Nim heaps, ∗6 and ∗3, played together make ∗4."));
    // The order of 2 is 3.
    assert!(holds("The powers of 2 come back to 1 after three steps."));
    assert!(!holds("The powers of 2 come back to 1 after six steps."));
}

#[test]
fn a_square_by_itself_splits_and_a_sum_side_by_side_are_read() {
    let read = read_with_games("Multiplied by itself, ∗3 gives ∗2.");
    assert_eq!(read, [("3^⊗2 = 2".to_string(), Some(true))]);
    let read = read_with_games("Multiplied by itself, ∗3 gives ∗3.");
    assert_eq!(read, [("3^⊗2 = 3".to_string(), Some(false))]);
    let read = read_with_games(
        "A row of five pins and a row of nine in Kayles, side by side, are a loss for the player to move.",
    );
    let holds = kayles(5) == kayles(9);
    assert_eq!(
        read,
        [("kayles(5) ⊕ kayles(9) = 0".to_string(), Some(holds))]
    );
    let read =
        read_with_games("The splits of a row of two pins in Kayles reach the values 1 and 0.");
    assert_eq!(
        read,
        [("options(kayles, 2) = {1, 0}".to_string(), Some(true))]
    );
}

#[test]
fn roots_namely_asides_appositions_field_sizes_and_relative_clauses_are_read() {
    let all = |text: &str| {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}: not read");
        read.iter().all(|r| r.1 == Some(true))
    };
    // The cube roots of 14 below 16 are 4, 8 and 12.
    assert!(all(
        "Below 16 the value 14 has exactly three cube roots, namely 4, 8 and 12."
    ));
    assert!(!all(
        "Below 16 the value 14 has exactly three cube roots, namely 4, 8 and 13."
    ));
    assert!(all("The cube of 5 among the nimbers is 13."));
    assert!(!all("The cube of 5 among the nimbers is 12."));
    assert!(all("In the nimbers five squared, for instance, is seven."));
    assert!(!all("In the nimbers five squared, for instance, is six."));
    assert!(all("A row of eleven skittles, worth ∗6 in Kayles."));
    assert!(!all("A row of eleven skittles, worth ∗5 in Kayles."));
    assert!(all(
        "The nimbers below 16 form a field with sixteen elements."
    ));
    assert!(!all(
        "The nimbers below 16 form a field with fifteen elements."
    ));
    assert!(all("The exception is p = 19, whose excess is 4."));
    assert!(!all("The exception is p = 19, whose excess is 2."));
    assert!(all("Take 7, whose inverse is 11."));
    assert!(!all("Take 7, whose inverse is 9."));
}

#[test]
fn sizes_first_climbs_and_firsts_by_until_are_read() {
    let all = |text: &str| {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}: not read");
        read.iter().all(|r| r.1 == Some(true))
    };
    let v = kayles(10);
    assert!(all(&format!("At heap size 10 the value of Kayles is {v}.")));
    assert!(!all(&format!(
        "At heap size 10 the value of Kayles is {}.",
        v + 1
    )));
    // Kayles first reaches 3 at 3 and 4 at 5.
    assert!(all(
        "The value of a row in Kayles first climbs to three at 3 pins, and to four at 5."
    ));
    assert!(!all(
        "The value of a row in Kayles first climbs to three at 3 pins, and to four at 9."
    ));
    assert!(all("No row is worth ∗4 in Kayles until it holds 5 pins."));
    assert!(!all("No row is worth ∗4 in Kayles until it holds 9 pins."));
}

#[test]
fn winning_moves_counted_and_exceptions_counted_are_read() {
    let all = |text: &str| {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}: not read");
        read.iter().all(|r| r.1 == Some(true))
    };
    // 3 ⊕ 5 ⊕ 7 = 1: each heap has a move to a nim-sum of 0.
    assert!(all(
        "From heaps of 3, 5 and 7 there are exactly three winning moves."
    ));
    assert!(!all(
        "From heaps of 3, 5 and 7 there are exactly two winning moves."
    ));
    // 6 ⊕ 10 ⊕ 13 = 1: take one from 13.
    assert!(all(
        "From heaps of 6, 10 and 13, the winning move is to take one counter from the heap of 13."
    ));
    assert!(!all(
        "From heaps of 6, 10 and 13, the winning move is to take two counters from the heap of 13."
    ));
    // Kayles: 14 exceptions, the last at 70.
    assert!(all("Kayles has 14 exceptions, the last at heap size 70."));
    assert!(!all("Kayles has 13 exceptions."));
    assert!(!all(
        "Kayles has 14 exceptional values, the last of them at 69."
    ));
}

#[test]
fn a_percentage_of_a_range_of_sizes_is_a_count() {
    let all = |text: &str| {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}: not read");
        read.iter().all(|r| r.1 == Some(true))
    };
    let lost = (0..20).filter(|&n| kayles(n) == 0).count();
    assert_eq!(lost * 100 % 20, 0, "a whole percentage");
    let percent = lost * 100 / 20;
    assert!(all(&format!(
        "In Kayles, of the heap sizes below 20, {percent}% are lost for the player to move."
    )));
    assert!(!all(&format!(
        "In Kayles, of the heap sizes below 20, {}% are lost for the player to move.",
        percent + 5
    )));
}

#[test]
fn table_cells_orders_before_returning_and_values_as_elements_are_read() {
    let all = |text: &str| {
        let read = read_with_games(text);
        assert!(!read.is_empty(), "{text}: not read");
        read.iter().all(|r| r.1 == Some(true))
    };
    assert!(all(
        "Exactly fifteen cells of the product table below 16 hold 1."
    ));
    assert!(!all(
        "Exactly fourteen cells of the product table below 16 hold 1."
    ));
    assert!(all(
        "The powers of 16 run through 85 different values before they return to 1."
    ));
    assert!(!all(
        "The powers of 16 run through 255 different values before they return to 1."
    ));
    assert!(all(
        "Of the 255 nonzero values below 256, 128 are primitive."
    ));
    assert!(!all(
        "Of the 255 nonzero values below 256, 127 are primitive."
    ));
    assert!(all(
        "Of the 64 products of two values below 8, 24 land outside the range."
    ));
    assert!(!all(
        "Of the 64 products of two values below 8, 25 land outside the range."
    ));
}

#[test]
fn a_period_from_the_start_has_no_preperiod() {
    let read = read_with_games("The values of s repeat with period 7 from the start.");
    let texts: Vec<&str> = read.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(texts, ["period(s) = 7", "preperiod(s) = 0"]);
    assert!(read.iter().all(|r| r.1 == Some(true)), "{read:?}");
    let read = read_with_games("The values of Kayles repeat with period 12 from the start.");
    assert_eq!(read[1], ("preperiod(kayles) = 0".to_string(), Some(false)));
}

#[test]
fn forms_of_a_read_set_hold_when_true_and_fail_when_false() {
    // Each sentence is read, holds, and fails once one number changes.
    let pairs = [
        (
            "Raising 7 to the fourth power in the nim sense gives 6.",
            "Raising 7 to the fourth power in the nim sense gives 5.",
        ),
        (
            "Starting from 10, the powers first come back to 1 at the fifth step.",
            "Starting from 10, the powers first come back to 1 at the sixth step.",
        ),
        (
            "Worked in binary, nim-adding twelve and ten leaves six.",
            "Worked in binary, nim-adding twelve and ten leaves seven.",
        ),
        (
            "A row of eleven pins in Kayles has nim-value 6.",
            "A row of eleven pins in Kayles has nim-value 5.",
        ),
        (
            "The field below 256 holds exactly thirty-two elements of order 51.",
            "The field below 256 holds exactly thirty elements of order 51.",
        ),
        (
            "Kayles needs a preperiod of 71 before its period of twelve sets in.",
            "Kayles needs a preperiod of 71 before its period of ten sets in.",
        ),
        (
            "The multiplicative order of ω is nine, and its degree is six.",
            "The multiplicative order of ω is nine, and its degree is five.",
        ),
        (
            "The nimber 16 has degree 8 over the two-element field, its inverse is 170, and its square root is 30.",
            "The nimber 16 has degree 8 over the two-element field, its inverse is 171, and its square root is 30.",
        ),
        (
            "With Nim heaps of 3, 10 and 12 on the table, the only winning move cuts the heap of 12 down to 9.",
            "With Nim heaps of 3, 10 and 12 on the table, the only winning move cuts the heap of 12 down to 8.",
        ),
        (
            "From heaps of 1, 4, 9 and 16, whose nim-sum is 28, the winning move takes four counters from the heap of 16, and no other heap offers one.",
            "From heaps of 1, 4, 9 and 16, whose nim-sum is 29, the winning move takes four counters from the heap of 16, and no other heap offers one.",
        ),
        (
            "In the field below 256, about half of the nonzero elements are primitive.",
            "In the field below 256, about a quarter of the nonzero elements are primitive.",
        ),
        (
            "Cubing the nonzero nimbers below 16 reaches only a third of them.",
            "Cubing the nonzero nimbers below 16 reaches only 40% of them.",
        ),
        (
            "Squaring twice leaves exactly four of the values below 16 where they were.",
            "Squaring twice leaves exactly two of the values below 16 where they were.",
        ),
        (
            "By the rule for equal Fermat 2-powers, the nim-square of 65536 is 65536 + 32768.",
            "By the rule for equal Fermat 2-powers, the nim-square of 65536 is 65536 + 16384.",
        ),
        (
            "The numbers 2, 4, 16, 256 and 65536 are the first Fermat 2-powers.",
            "The numbers 2, 4, 16, 64 and 65536 are the first Fermat 2-powers.",
        ),
        (
            "A row of 4 in Kayles has four options.",
            "A row of 4 in Kayles has three options.",
        ),
        (
            "A row of three pins in Kayles, played beside a Nim heap of five, is worth ∗6.",
            "A row of three pins in Kayles, played beside a Nim heap of five, is worth ∗7.",
        ),
        (
            "Kayles has period 12 from heap size 71, and its last exceptional value falls at heap size 70.",
            "Kayles has period 12 from heap size 71, and its last exceptional value falls at heap size 69.",
        ),
        (
            "The least whole number absent from {0, 1, 2, 4, 5} is 3.",
            "The least whole number absent from {0, 1, 2, 4, 5} is 6.",
        ),
        (
            "Kayles is played with pins. Its first six values are 0, 1, 2, 3, 1 and 4.",
            "Kayles is played with pins. Its first six values are 0, 1, 2, 3, 1 and 5.",
        ),
        (
            "Kayles settles much later than s. It has period 12.",
            "Kayles settles much later than s. It has period 13.",
        ),
        (
            "Below 20, Kayles leaves the player to move lost at exactly one heap size.",
            "Below 20, Kayles leaves the player to move lost at exactly two heap sizes.",
        ),
    ];
    true_and_false(&pairs);
}

#[test]
fn descriptions_and_conditions_state_no_value() {
    for text in [
        "A position is lost exactly when the nim-sum of its heaps is 0.",
        "A winning move is one that leaves a position of nim-sum zero.",
        "A move may split a row in two.",
        "The next games break a heap into two, and then the nim-sum does the work.",
        "We played on a board of 8 by 8 squares.",
        "With these, the square of 32 takes six lines:",
        "A cube root of 2 would have order 9.",
        "The sheet had twelve questions worth 60 marks in all.",
        "Take the nimber 4.",
    ] {
        assert!(!refused_unread(text), "{text}");
    }
    // A value the sentence states is still one.
    for text in [
        "The value of a heap of 7 is 3 when it stands alone.",
        "Any position with value 5 is won.",
        "The nim-reciprocal of 16 is 160.",
        "Raising 7 to the fourth nim-power gives 5.",
        "The powers of 8 come back to 1.",
        "The square of 32 is 7:",
        "Its order is 3, a member of the field below 4.",
        "The field has 15 elements.",
    ] {
        assert!(refused_unread(text), "{text}");
    }
}

/// Returns whether the reader's eye, with the built-in lexicon, refuses `text` when
/// nothing in it was read: it holds a notion and a number.
fn refused_unread(text: &str) -> bool {
    crate::math::lexicon::Lexicon::builtin()
        .unread(text, &[])
        .is_some()
}

#[test]
fn adverbs_plain_sums_listed_fields_named_fields_and_hyphened_heaps_are_read() {
    let pairs = [
        ("Thus 8 + 4 + 1 is still 13.", "Thus 8 + 4 + 1 is still 14."),
        ("So 2 ⊗ 3 is again 1.", "So 2 ⊗ 3 is again 6."),
        ("Here 2^6 is 64.", "Here 2^6 is 12."),
        (
            "The numbers 0, 1, 2, 3 form a field.",
            "The numbers 0, 1, 2, 3, 4 form a field.",
        ),
        (
            "The set {0, 1} is the field F₂, of order 2.",
            "The set {0, 1} is the field F₂, of order 3.",
        ),
        (
            "The numbers 0, 1, 2, 3 form the field F_4.",
            "The numbers 0, 1, 2, 3 form the field F_8.",
        ),
        (
            "The nimbers below 4 form a field of order 4.",
            "The nimbers below 4 form a field of order 8.",
        ),
        ("The field F₁₆ has order 16.", "The field F₁₆ has order 32."),
        ("GF(16) has 16 elements.", "GF(16) has 15 elements."),
        (
            "The first 16 nimbers form a field.",
            "The first 8 nimbers form a field.",
        ),
        (
            "The nimbers less than 4 form a field.",
            "The nimbers less than 8 form a field.",
        ),
        (
            "The nimbers from 0 to 15 form a field.",
            "The nimbers from 0 to 7 form a field.",
        ),
        (
            "The set {0, 1, …, 15} is a field.",
            "The set {0, 1, …, 7} is a field.",
        ),
        (
            "The nimbers below 16 are closed under nim-multiplication.",
            "The nimbers below 8 are closed under nim-multiplication.",
        ),
        (
            "The field of order 16 contains exactly 3 subfields.",
            "The field of order 16 contains exactly 4 subfields.",
        ),
        (
            "The multiplicative group of the field below 16 is cyclic of order 15.",
            "The multiplicative group of the field below 16 is cyclic of order 14.",
        ),
        (
            "Adding ∗3 and ∗5 leaves you with ∗6.",
            "Adding ∗3 and ∗5 leaves you with ∗7.",
        ),
        (
            "Nim-adding all the numbers from 1 to 6 gives 7.",
            "Nim-adding all the numbers from 1 to 6 gives 6.",
        ),
        (
            "Nim-multiplying 5 by 5 returns 7.",
            "Nim-multiplying 5 by 5 returns 11.",
        ),
        (
            "The square root of 8 happens to be 14.",
            "The square root of 8 happens to be 15.",
        ),
        (
            "The cube roots of 1 in the field below 16 are 1, 2 and 3.",
            "The cube roots of 1 in the field below 16 are 1, 2 and 4.",
        ),
        (
            "Raising 3 to the nim-power 3 gives 1.",
            "Raising 3 to the nim-power 3 gives 2.",
        ),
        (
            "The order of ω, as a nimber, is 9.",
            "The order of ω, as a nimber, is 27.",
        ),
        (
            "The reciprocal of 5, in nimber arithmetic, equals 12.",
            "The reciprocal of 5, in nimber arithmetic, equals 11.",
        ),
        (
            "Multiply 6 by 7 and you get 3.",
            "Multiply 6 by 7 and you get 5.",
        ),
        (
            "If you nim-add 3 and 5 you get 6.",
            "If you nim-add 3 and 5 you get 8.",
        ),
        (
            "Nim-dividing 1 by 2 gives 3.",
            "Nim-dividing 1 by 2 gives 2.",
        ),
        ("In nimbers, 1/2 is 3.", "In nimbers, 1/2 is 2."),
        (
            "ω to the third nim-power is 2.",
            "ω to the third nim-power is 3.",
        ),
        (
            "Both 2 ⊗ 3 and 3 ⊗ 2 come to 1.",
            "Both 2 ⊗ 3 and 3 ⊗ 2 come to 2.",
        ),
        (
            "The nonzero nimbers below 256 form a cyclic group of order 255.",
            "The nonzero nimbers below 8 form a cyclic group of order 7.",
        ),
        (
            "This puts the opponent in a 1-4-5 position, which we already know is a losing one.",
            "This puts the opponent in a 2-4-5 position, which we already know is a losing one.",
        ),
        (
            "The position 3-4-5 is a winning position.",
            "The position 1-4-5 is a winning position.",
        ),
        (
            "Together, a 1-heap and a 4-heap act just like a 5-heap.",
            "Together, a 1-heap and a 4-heap act just like a 6-heap.",
        ),
        (
            "A 3-heap and a 5-heap are equivalent to a 6-heap.",
            "A 3-heap and a 5-heap are equivalent to a 2-heap.",
        ),
    ];
    true_and_false(&pairs);
    // A list with a gap, or not from 0, is no field's elements; a letter is no plain sum.
    for text in [
        "The numbers 0, 1, 3 form a field.",
        "The numbers 1, 2, 3 form a field.",
        "Here n + 1 is 5.",
    ] {
        assert!(read_with_games(text).is_empty(), "{text}");
    }
}

#[test]
fn the_heaps_a_winning_move_leaves_are_those_listed() {
    let lex = crate::math::lexicon::Lexicon::builtin();
    let refused = |text: &str| {
        super::read_text_in(text, &lex)
            .iter()
            .any(|f| matches!(f.lint, Lint::Unreadable(_)))
    };
    let move_ = "From heaps of 4, 7 and 9 the only winning move takes six counters from the heap of 9, leaving";
    for (tail, wrong) in [
        (" 4, 7 and 3, whose nim-sum is 0.", false),
        (" 4, 7 and 2, whose nim-sum is 0.", true),
        (" 4, 7 and 2.", true),
        (" 3.", false),
        (" 2.", true),
    ] {
        let text = format!("{move_}{tail}");
        assert_eq!(refused(&text), wrong, "{text}");
        if !wrong {
            assert!(
                read_with_games(&text).iter().all(|r| r.1 == Some(true)),
                "{text}"
            );
        }
    }
    // The nim-sum of heaps named with "with", the comma left out.
    let holds = |text: &str| {
        let found = super::read_text_in(text, &lex);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        match &found[0].lint {
            Lint::Claim(s) => s.check().expect("checks").holds,
            other => panic!("{other:?}"),
        }
    };
    assert!(holds("With heaps of 4, 7 and 9 the nim-sum is 10 instead."));
    // Alternatives, each a position alone.
    let each = |text: &str| -> Vec<Option<bool>> {
        read_with_games(text).into_iter().map(|r| r.1).collect()
    };
    assert_eq!(
        each("In Kayles, rows of 1 or 4 are worth 1."),
        [Some(true); 2]
    );
    assert_eq!(
        each("In Kayles, rows of 1 or 3 are worth 1."),
        [Some(true), Some(false)]
    );
    assert_eq!(each("In Nim, heaps of 1 and 2 are worth 3."), [Some(true)]);
    assert!(!holds(
        "With heaps of 4, 7 and 9 the nim-sum is 11 instead."
    ));
}

#[test]
fn a_field_named_in_math_reads_as_its_size() {
    assert_eq!(super::linear("\\mathbb{F}_{16}").as_deref(), Some("F_16"));
    assert_eq!(super::linear("\\mathrm{GF}(4)").as_deref(), Some("F_4"));
    assert_eq!(super::linear("F_2").as_deref(), Some("F_2"));
    assert_eq!(super::linear("\\mathbb{F}_{q}"), None);
}

/// Asserts that each true sentence is read and holds, and that its false twin is read and
/// fails.
/// Returns the statements read, as text, leaving out what was not read as a claim.
fn claim_texts(found: &[super::Found]) -> Vec<String> {
    found
        .iter()
        .filter_map(|f| match &f.lint {
            Lint::Claim(s) => Some(s.to_text()),
            _ => None,
        })
        .collect()
}

fn true_and_false(pairs: &[(&str, &str)]) {
    for (true_text, false_text) in pairs {
        let read = read_with_games(true_text);
        assert!(!read.is_empty(), "{true_text}: not read");
        assert!(
            read.iter().all(|r| r.1 == Some(true)),
            "{true_text}: {read:?}"
        );
        let read = read_with_games(false_text);
        assert!(
            read.iter().any(|r| r.1 == Some(false)),
            "{false_text}: {read:?}"
        );
    }
}

#[test]
fn a_pronoun_stands_for_the_number_its_clause_is_about() {
    true_and_false(&[
        (
            "Take the nimber 4. Its order is 15.",
            "Take the nimber 4. Its order is 5.",
        ),
        (
            "One of them is 4: its order is 15.",
            "One of them is 4: its order is 5.",
        ),
        (
            "The nimber 8 squares to 13, and its inverse is 10.",
            "The nimber 8 squares to 13, and its inverse is 15.",
        ),
        ("Take 4. It has order 15.", "Take 4. It has order 5."),
        (
            "The element 8 is not primitive; it squares to 13.",
            "The element 8 is not primitive; it squares to 12.",
        ),
        (
            "In the field below 16, take 6. Its inverse is 9.",
            "In the field below 16, take 6. Its inverse is 7.",
        ),
        (
            "The nimber 4 is primitive: its powers run through all fifteen nonzero values.",
            "The nimber 4 is primitive: its powers run through all seven nonzero values.",
        ),
        (
            "Take 4. Its fifth power is 2.",
            "Take 4. Its fifth power is 3.",
        ),
        (
            "The nimber 4 is good. Its nim-square is 6 and its nim-cube is 14.",
            "The nimber 4 is good. Its nim-square is 6 and its nim-cube is 13.",
        ),
    ]);
    // Where the clause before holds an expression, an ordinal, another pronoun or two
    // numbers, or its start is cut off, the pronoun is not resolved.
    for text in [
        "That leaves ω + 1. Its order is 63.",
        "8 ⊗ 8 = 13, and its inverse is 15.",
        "The square of 8 is 13. Its inverse is 15.",
        "is 170, and its square root is 30.",
        "It has order 3. Its inverse is 3.",
    ] {
        let read = read_with_games(text);
        assert!(read.iter().all(|r| r.1 != Some(false)), "{text}: {read:?}");
    }
}

#[test]
fn primitive_in_the_least_field_moves_from_heaps_before_and_subfields_of_a_size() {
    true_and_false(&[
        (
            "The element 8 is not primitive.",
            "The element 8 is primitive.",
        ),
        (
            "The nimber 2 is primitive.",
            "The nimber 2 is not primitive.",
        ),
        (
            "In the field below 256, 4 is not primitive.",
            "In the field below 256, 4 is primitive.",
        ),
        (
            "With Nim heaps of 3, 7 and 12 the nim-sum is 8. The only winning move reduces the heap of 12 to 4, leaving heaps whose nim-sum is 0.",
            "With Nim heaps of 3, 7 and 12 the nim-sum is 8. The only winning move reduces the heap of 12 to 5, leaving heaps whose nim-sum is 0.",
        ),
        (
            "The field with 256 elements has no subfield with 8 elements.",
            "The field with 256 elements has no subfield with 16 elements.",
        ),
    ]);
    // A field named before leaves "primitive" without one unread, not read in another.
    let read = read_with_games("In this field, 8 is primitive.");
    assert!(read.iter().all(|r| r.1 != Some(false)), "{read:?}");
}

#[test]
fn a_grundy_value_names_no_game() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new(
        "kayles",
        Some("Kayles"),
        Some("row"),
    ));
    lex.add_game(crate::math::lexicon::GameWords::new(
        "grundy",
        Some("Grundy's game"),
        Some("heap"),
    ));
    let text = "In Kayles a row of eleven pins has Grundy value 6, and a row of three has value 3.";
    let read = claim_texts(&super::read_text_in(text, &lex));
    assert!(read.contains(&"kayles(3) = 3".to_string()), "{read:?}");
    assert!(read.iter().all(|r| !r.contains("grundy")), "{read:?}");
}

#[test]
fn a_value_in_symbols_a_later_form_and_a_game_just_declared_are_read() {
    true_and_false(&[
        (
            "In Kayles, rows of 3 and 7 are worth 3 ⊕ 2 = 1 together.",
            "In Kayles, rows of 3 and 7 are worth 3 ⊕ 1 = 2 together.",
        ),
        // A form that reads "the inverse of ω is ω" and stops leaves it to one that reads
        // the whole term.
        ("The inverse of ω is ω^2×3.", "The inverse of ω is ω^2×2."),
    ]);
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new("t", None, None));
    for (text, holds) in [
        ("Its values repeat with period 11.", "period(t) = 11"),
        (
            "Its values repeat with period 11 from the very start.",
            "preperiod(t) = 0",
        ),
    ] {
        let read = claim_texts(&super::read_text_in(text, &lex));
        assert!(read.iter().any(|r| r == holds), "{text}: {read:?}");
    }
    // Codes of octal games name the games.
    let text = "Kayles and Dawson's Kayles are the octal games 0.77 and 0.07.";
    assert!(!refused_unread(text), "{text}");
}

#[test]
fn an_operation_named_in_a_lead_or_had_by_a_pair_is_read() {
    true_and_false(&[
        (
            "Under nim-multiplication, 6 and 7 give 3.",
            "Under nim-multiplication, 6 and 7 give 5.",
        ),
        (
            "With the nim-sum, 6 and 7 give 1.",
            "With the nim-sum, 6 and 7 give 2.",
        ),
        ("6 and 7 have nim-product 3.", "6 and 7 have nim-product 2."),
        (
            "6 and 7 have a nim-sum of 1.",
            "6 and 7 have a nim-sum of 2.",
        ),
        (
            "In the field generated by ω, which has 64 elements, ω has order 9.",
            "In the field generated by ω, which has 32 elements, ω has order 9.",
        ),
    ]);
    // The lead joins its notion to the numbers after its comma, so what no form reads is
    // refused rather than published.
    let text = "Under nim-multiplication, 6 and 7 end up at 5.";
    assert!(refused_unread(text), "{text}");
}

#[test]
fn a_move_to_win_in_the_imperative_and_a_mex_among_a_list_are_read() {
    true_and_false(&[
        (
            "To win from Nim heaps of 1, 2 and 4, remove one counter from the heap of 4.",
            "To win from Nim heaps of 1, 2 and 4, remove three counters from the heap of 4.",
        ),
        (
            "To win from Nim heaps of 1, 2 and 4, reduce the heap of 4 to 3.",
            "To win from Nim heaps of 1, 2 and 4, reduce the heap of 4 to 2.",
        ),
        (
            "To win from Nim heaps of 3, 3 and 4, you must empty the heap of 4.",
            "To win from Nim heaps of 3, 3 and 4, you must empty the heap of 3.",
        ),
        (
            "The least nonnegative integer not among 1, 2 and 5 is 0.",
            "The least nonnegative integer not among 1, 2 and 5 is 3.",
        ),
    ]);
    // "S(1, 2)" names a game: its letter is no variable, so the sentence is not passed
    // over as a law.
    let text = "The subtraction game S(1, 2) has heap 5 worth 1.";
    assert!(refused_unread(text), "{text}");
}

#[test]
fn omega_cubed_in_words_is_its_nim_cube_and_an_unnamed_game_is_not_nim() {
    true_and_false(&[
        ("ω cubed is 2.", "ω cubed is 3."),
        ("ω squared is not 2.", "ω squared is 2."),
    ]);
    // A heap in a game the sentence describes but no form names is not a Nim heap.
    let lex = crate::math::lexicon::Lexicon::builtin();
    let text = "In the game where you may remove 1 or 3 counters, a heap of 4 is worth 0.";
    let found = super::read_text_in(text, &lex);
    assert!(
        found.iter().all(|f| !matches!(f.lint, Lint::Claim(_))),
        "{found:?}"
    );
    true_and_false(&[(
        "In the game of Nim, a heap of 4 is worth 4.",
        "In the game of Nim, a heap of 4 is worth 5.",
    )]);
}

#[test]
fn a_win_by_a_move_and_whoever_moves_first_are_read() {
    true_and_false(&[
        (
            "From Nim heaps of 2, 5 and 6, you win by taking one counter from the heap of 5.",
            "From Nim heaps of 2, 5 and 6, you win by taking one counter from the heap of 6.",
        ),
        (
            "From Nim heaps of 3, 3 and 4, you can win by emptying the heap of 4.",
            "From Nim heaps of 3, 3 and 4, you can win by emptying the heap of 3.",
        ),
        (
            "Whoever moves first from Nim heaps of 4, 5 and 1 will lose.",
            "Whoever moves first from Nim heaps of 4, 5 and 1 will win.",
        ),
    ]);
}

#[test]
fn equations_listed_with_commas_are_read_one_by_one() {
    let latex = "2^{2} = 3,4^{2} = 6,16^{2} = 24,...,\\left[2^{2^{n}}\\right]^{2} = 5.";
    let parts = listed_equations(latex).expect("a list");
    let texts: Vec<&str> = parts.iter().map(|(at, _)| &latex[at.clone()]).collect();
    assert_eq!(texts[..3], ["2^{2} = 3", "4^{2} = 6", "16^{2} = 24"]);
    assert_eq!(parts.len(), 4);
    let claims = math_claims(latex);
    assert!(matches!(claims[2].1, Lint::Claim(_)), "{:?}", claims[2]);
    // Not a list of equations: one equation, an item with none, commas inside brackets.
    for whole in [
        "2^2 = 3",
        "x = 1, 2",
        "0 \\le a, b < 16",
        "f(a, b) = 1",
        "\\{1, 2\\} = S",
    ] {
        assert!(listed_equations(whole).is_none(), "{whole}");
    }
}

#[test]
fn a_move_in_nim_is_read_from_the_whole_sentence() {
    true_and_false(&[
        (
            "The first player wins from 3, 5 and 7 by reducing the heap of 7 to 6.",
            "The first player wins from 3, 5 and 7 by reducing the heap of 7 to 5.",
        ),
        (
            "A winning reply to heaps of 1, 4 and 6 is to take 1 from the heap of 6.",
            "A winning reply to heaps of 1, 4 and 6 is to take 2 from the heap of 6.",
        ),
        (
            "The winning move from 2, 5 and 6 leaves 4 counters in the heap of 5.",
            "The winning move from 2, 5 and 6 leaves 3 counters in the heap of 5.",
        ),
        (
            "Remove one counter from the heap of 5 to win from heaps of 2, 5 and 6.",
            "Remove two counters from the heap of 5 to win from heaps of 2, 5 and 6.",
        ),
        (
            "In Nim with heaps of 2, 5 and 6, taking a counter from the heap of 5 is the only winning move.",
            "In Nim with heaps of 3, 5 and 7, taking a counter from the heap of 5 is the only winning move.",
        ),
        (
            "Facing 3, 4 and 5, you should take 2 counters from the heap of 3.",
            "Facing 3, 4 and 5, you should take 1 counter from the heap of 3.",
        ),
        (
            "To move from heaps of 4, 5 and 6 into a P-position, reduce the 6-heap to 1.",
            "To move from heaps of 4, 5 and 6 into a P-position, reduce the 6-heap to 2.",
        ),
        (
            "The only good move from 1, 2 and 4 is to take 1 from the 4, leaving 1, 2 and 3.",
            "The only good move from 1, 2 and 4 is to take 2 from the 4, leaving 1, 2 and 2.",
        ),
        (
            "The player to move from heaps of 1, 4 and 5 loses.",
            "The player to move from heaps of 1, 4 and 6 loses.",
        ),
        (
            "Whoever faces heaps of 2, 3 and 1 has lost.",
            "Whoever faces heaps of 2, 3 and 4 has lost.",
        ),
        (
            "There is no winning move from heaps of 3, 5 and 6.",
            "There is no winning move from heaps of 3, 5 and 7.",
        ),
    ]);
    // Heaps left that the move does not leave are refused.
    let wrong = "The only good move from 1, 2 and 4 is to take 1 from the 4, leaving 1, 2 and 2.";
    assert!(
        read_with_games(wrong)
            .iter()
            .any(|r| r.0.contains("heaps the move leaves, which are 1, 2, 3")),
        "{wrong}"
    );
    // A move denied, a second move or a number the sentence does not place is not read
    // as a winning move.
    for unread in [
        "From heaps of 3, 5 and 7, taking 2 from the heap of 3 is not a winning move.",
        "From heaps of 3, 5 and 7, the winning move takes 1 from the heap of 3 after 2 turns.",
        "From heaps of 3, 5 and 7 you win by taking 1 from the heap of 3 or 1 from the heap of 5.",
    ] {
        assert!(
            read_with_games(unread).iter().all(|r| r.1 != Some(false)),
            "{unread}: {:?}",
            read_with_games(unread)
        );
    }
}

#[test]
fn the_nim_phrase_may_lead_or_follow_the_result() {
    true_and_false(&[
        (
            "3 times 3 is 2 in nim arithmetic.",
            "3 times 3 is 3 in nim arithmetic.",
        ),
        (
            "In nim arithmetic, 3 times 3 times 3 is 1.",
            "In nim arithmetic, 3 times 3 times 3 is 2.",
        ),
        (
            "In the nimbers, 3 plus 5 is 6.",
            "In the nimbers, 3 plus 5 is 8.",
        ),
        (
            "In nim arithmetic, ω times ω times ω is 2.",
            "In nim arithmetic, ω times ω times ω is 3.",
        ),
    ]);
}

#[test]
fn a_value_is_the_mex_of_the_options_named_before() {
    true_and_false(&[
        (
            "With options worth 1 and 2, the mex is 0.",
            "With options worth 1 and 2, the mex is 3.",
        ),
        (
            "Since the options have values 0, 2 and 3, the position is worth 1.",
            "Since the options have values 0, 2 and 3, the position is worth 4.",
        ),
        (
            "The first value not among 0, 1, 2, 3 is 4.",
            "The first value not among 0, 1, 2, 3 is 5.",
        ),
    ]);
}

#[test]
fn a_nimber_operation_compares_with_the_ordinary_one() {
    true_and_false(&[
        (
            "The nim-sum of 5 and 3 is smaller than their ordinary sum.",
            "The nim-sum of 5 and 3 is larger than their ordinary sum.",
        ),
        (
            "The nim-sum of 9 and 6 equals their ordinary sum.",
            "The nim-sum of 9 and 7 equals their ordinary sum.",
        ),
        (
            "The nim-product of 4 and 4 is smaller than their ordinary product.",
            "The nim-product of 2 and 16 is smaller than their ordinary product.",
        ),
    ]);
}

#[test]
fn a_power_as_a_verb_and_a_result_named_by_its_noun() {
    true_and_false(&[
        ("The nimber 8 squares to 13.", "The nimber 8 squares to 12."),
        ("4 squares to 6.", "4 squares to 7."),
        ("ω cubes to 2.", "ω cubes to 3."),
        (
            "The nimber 13 is the nim-product of 8 and 8.",
            "The nimber 12 is the nim-product of 8 and 8.",
        ),
        (
            "The number 6 is the nim-sum of 2 and 4.",
            "The number 7 is the nim-sum of 2 and 4.",
        ),
    ]);
    // A count of squares is no power.
    assert!(read_with_games("We cut 4 squares to size.").is_empty());
}

#[test]
fn heaps_act_like_a_heap_named_either_way() {
    true_and_false(&[
        (
            "A Nim heap of 3 together with a Nim heap of 5 acts like a heap of 6.",
            "A Nim heap of 3 together with a Nim heap of 5 acts like a heap of 7.",
        ),
        (
            "Nim heaps of 1 and 4 act like a single heap of 5.",
            "Nim heaps of 1 and 4 act like a single heap of 3.",
        ),
        (
            "Together, Nim heaps of 2 and 7 are equivalent to one heap of 5.",
            "Together, Nim heaps of 2 and 7 are equivalent to one heap of 9.",
        ),
        (
            "A 1-heap and a 4-heap combined act just like a 5-heap.",
            "A 1-heap and a 4-heap combined act just like a 6-heap.",
        ),
    ]);
}

#[test]
fn the_multiplicative_group_and_every_element_a_power() {
    true_and_false(&[
        (
            "The multiplicative group of the field below 16 has 15 elements.",
            "The multiplicative group of the field below 16 has 16 elements.",
        ),
        (
            "Every element of the field below 16 is a square.",
            "Every element of the field below 16 is a cube.",
        ),
        (
            "In the field of order 16, every element is a square.",
            "In the field of order 4, every element is a cube.",
        ),
    ]);
    // A field that is another thing's argument is not counted as itself.
    let read = read_with_games("The group of units of the field below 16 has 16 elements.");
    assert!(read.iter().all(|r| r.1 != Some(true)), "{read:?}");
}

#[test]
fn the_nimber_operation_after_but() {
    true_and_false(&[
        (
            "In ordinary arithmetic 3 + 5 = 8, but in nim arithmetic it is 6.",
            "In ordinary arithmetic 3 + 5 = 8, but in nim arithmetic it is 7.",
        ),
        (
            "Ordinarily 2 times 3 is 6, whereas in the nimbers it is 1.",
            "Ordinarily 2 times 3 is 6, whereas in the nimbers it is 6.",
        ),
    ]);
    // "But" opening a sentence looks back into the one before.
    true_and_false(&[(
        "We had 3 + 5 = 8 there. But in nim arithmetic it is 6.",
        "We had 3 + 5 = 8 there. But in nim arithmetic it is 8.",
    )]);
}

#[test]
fn a_power_named_by_its_ordinal_word_alone() {
    true_and_false(&[
        (
            "In nim arithmetic, 2 to the third is 1.",
            "In nim arithmetic, 2 to the third is 2.",
        ),
        (
            "ω cubed is 2, so ω to the sixth is 3.",
            "ω cubed is 2, so ω to the sixth is 2.",
        ),
    ]);
}

#[test]
fn a_count_of_them_is_of_the_field_named_before() {
    true_and_false(&[
        (
            "There are 15 nonzero nimbers below 16, and 8 of them are primitive.",
            "There are 15 nonzero nimbers below 16, and 6 of them are primitive.",
        ),
        (
            "Take the nonzero nimbers below 16: four of them have order 5.",
            "Take the nonzero nimbers below 16: three of them have order 5.",
        ),
    ]);
    // With no field named before in the sentence, nothing is read.
    assert!(read_with_games("Eight of them are primitive.").is_empty());
}

#[test]
fn a_result_named_first_spans_both_numbers() {
    true_and_false(&[
        (
            "The nimber 3 is the square of 2.",
            "The nimber 5 is the square of 3.",
        ),
        ("6 is the square of 4.", "7 is the square of 4."),
    ]);
    assert!(!refused_unread_after_reading(
        "The nimber 3 is the square of 2."
    ));
}

/// Returns whether the reader's eye refuses `text` once what the grammar read in it is
/// taken out, as a build does.
fn refused_unread_after_reading(text: &str) -> bool {
    let lex = crate::math::lexicon::Lexicon::builtin();
    let mut masked = text.to_string();
    for f in super::read_text_in(text, &lex) {
        masked.replace_range(f.span.clone(), &" ".repeat(f.span.len()));
    }
    lex.unread(&masked, &[]).is_some()
}

#[test]
fn questions_and_tasks_state_only_what_they_ask_to_be_shown() {
    for text in [
        "Find the square root of 10.",
        "Find the orders of 2, 4 and 8 in the field below 16.",
        "Which of the three is primitive?",
        "How many of the 64 nim-products of two values below 8 are 8 or more?",
        "For which of the sizes 8 and 16 do the nimbers below that size form a field?",
        "In the game above, is a heap of 100 counters won or lost for the player to move?",
        "Without computing any value past heap size 80, find the Grundy value of a row of 200 pins.",
        "Then compute the nim-cube of ω.",
    ] {
        assert!(!refused_unread(text), "{text}");
    }
    // What a task asks to be shown, or uses, and a question's lead are stated.
    for text in [
        "Show that the inverse of 7 is the nim-square of 12 in words nobody reads.",
        "Use the fact that the order of 2 exceeds every heap of 5 to solve it.",
        "Since the values of 2 heaps of 5 agree, which elements are primitive?",
        "Why is the order of 4 equal to 15?",
        "Try it: the order of 4 is what you think.",
        "Did you know that the order of 4 is what you think?",
        "Work out the order of 4 and you get what you think.",
    ] {
        assert!(refused_unread(text), "{text}");
    }
    true_and_false(&[(
        "Show that the inverse of 7 is 11.",
        "Show that the inverse of 7 is 12.",
    )]);
    // Nor does the grammar read a claim inside a question.
    assert!(read_with_games("Which of 2, 4 and 8 is primitive?").is_empty());
    assert!(!read_with_games("Which is primitive? 8 is primitive.").is_empty());
}

#[test]
fn a_binary_digit_and_a_condition_across_a_line_are_no_values() {
    for text in [
        "The winning moves are as many as the heaps with a 1 in that place.",
        "A winning move exists\nwhen the nim-sum is not zero.",
    ] {
        assert!(!refused_unread(text), "{text}");
    }
    assert!(refused_unread("The heaps with a value of 1 in Nim are 3."));
}

#[test]
fn the_nimbers_below_a_field_size_are_the_field() {
    true_and_false(&[
        (
            "The nimbers below 256 have 128 primitive elements.",
            "The nimbers below 256 have 127 primitive elements.",
        ),
        (
            "The nimbers below 16 have 2 elements of order 3.",
            "The nimbers below 16 have 3 elements of order 3.",
        ),
    ]);
}

#[test]
fn the_least_of_a_counted_kind_and_one_among_them() {
    true_and_false(&[
        (
            "The nimbers below 256 have 128 primitive elements, of which the least is 18.",
            "The nimbers below 256 have 128 primitive elements, of which the least is 19.",
        ),
        (
            "The field below 16 has 8 primitive elements, the largest of which is 15.",
            "The field below 16 has 8 primitive elements, the largest of which is 14.",
        ),
        (
            "The field below 16 has 8 primitive elements, and 2 is not one of them.",
            "The field below 16 has 8 primitive elements, and 4 is not one of them.",
        ),
        (
            "The field below 16 has 2 elements of order 3, and 2 is among them.",
            "The field below 16 has 2 elements of order 3, and 4 is among them.",
        ),
    ]);
}

#[test]
fn a_clause_said_again_of_other_numbers() {
    true_and_false(&[
        (
            "The value 5 is a cube root of 13, and so are 10 and 15.",
            "The value 5 is a cube root of 13, and so are 10 and 14.",
        ),
        (
            "The nimber 2 has order 3, and so does 3.",
            "The nimber 2 has order 3, and so does 4.",
        ),
        (
            "The nimber 2 has order 3; 3 does too.",
            "The nimber 2 has order 3; 4 does too.",
        ),
        // Said of a list, it is said again of the other list.
        (
            "Both 2 and 3 have order 3, and so do 2 and 3.",
            "Both 2 and 3 have order 3, and so do 4 and 5.",
        ),
    ]);
}

#[test]
fn several_numbers_with_one_power_as_a_verb_and_roots_owned() {
    true_and_false(&[
        (
            "For example 6, 11 and 13 all cube to 8.",
            "For example 6, 11 and 12 all cube to 8.",
        ),
        (
            "Eight has the three cube roots 6, 11 and 13.",
            "Eight has the three cube roots 6, 11 and 12.",
        ),
    ]);
}

#[test]
fn positions_that_are_all_lost_are_each_lost() {
    true_and_false(&[
        (
            "In Kayles, rows of 1 and 4 pins are all won for the player to move.",
            "In Kayles, rows of 1 and 4 pins are all lost for the player to move.",
        ),
        (
            "In Kayles, the rows of 1 and 4 pins are N-positions.",
            "In Kayles, the rows of 1 and 4 pins are P-positions.",
        ),
    ]);
}

#[test]
fn fields_listed_periods_starting_and_powers_raised_are_read() {
    true_and_false(&[
        (
            "The nimbers below 2, 4 and 16 each form a field.",
            "The nimbers below 2, 4 and 8 each form a field.",
        ),
        // Past 256, on the products of the powers of two below the bound.
        (
            "The nimbers below 16 and 65536 each form a field.",
            "The nimbers below 16 and 512 each form a field.",
        ),
        (
            "The nimbers below 65536 form a field.",
            "The nimbers below 65536 do not form a field.",
        ),
        (
            "Kayles has period 12, starting at heap size 71.",
            "Kayles has period 12, starting at heap size 70.",
        ),
        (
            "The values of Kayles repeat with period 12 from heap size 71; the last exception is at heap size 70.",
            "The values of Kayles repeat with period 12 from heap size 71; the last exception is at heap size 71.",
        ),
        (
            "The values of Kayles repeat with period 12, and the repetition starts at heap size 71.",
            "The values of Kayles repeat with period 12, and the repetition starts at heap size 70.",
        ),
        (
            "Two raised to the fifth nim-power is 3.",
            "Two raised to the fifth nim-power is 2.",
        ),
        (
            "We need the minimal polynomial of 2, which is x² + x + 1.",
            "We need the minimal polynomial of 2, which is x³ + x + 1.",
        ),
    ]);
}

#[test]
fn a_number_word_that_goes_on_or_names_a_position_is_no_value() {
    // "one and a half times 16" is 24, not 1; "form one as well" is a position, not ∗1.
    for text in [
        "Its nim-square is one and a half times 16.",
        "Heaps of 3, 5 and 7 form one as well.",
        "Its nim-square is one and a",
    ] {
        let read = read_with_games(text);
        assert!(
            read.iter().all(|r| !r.0.ends_with("= 1")),
            "{text}: {read:?}"
        );
    }
    // The number word still reads where nothing goes on.
    let read = read_text("Heaps of 1 and 2 make 3.");
    let texts = claim_texts(&read);
    assert_eq!(texts, ["1 ⊕ 2 = 3"]);
}

#[test]
fn a_position_with_no_moves_and_products_of_nonzero_values_are_read() {
    true_and_false(&[
        (
            "A position with no moves has value 0.",
            "A position with no moves has value 1.",
        ),
        (
            "No product of two nonzero values is 0.",
            "No product of two nonzero values is 1.",
        ),
        (
            "No product of two nonzero nimbers below 16 is zero.",
            "No product of two nonzero nimbers below 16 is six.",
        ),
    ]);
}

#[test]
fn the_values_of_the_game_declared_last_are_read_when_no_game_is_named() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new("kayles", None, None));
    let read = |text: &str| claim_texts(&super::read_text_in(text, &lex));
    assert_eq!(
        read("The first three values are 0, 1 and 2."),
        ["kayles(0) = 0", "kayles(1) = 1", "kayles(2) = 2"]
    );
    assert_eq!(
        read("The values repeat with period 12 from heap size 71."),
        ["period(kayles) = 12", "preperiod(kayles) = 71"]
    );
}

#[test]
fn counts_after_their_range_and_groups_of_nonzero_values_are_read() {
    true_and_false(&[
        (
            "Below 256 there are 128 primitive elements.",
            "Below 256, there are 120 primitive elements.",
        ),
        (
            "The nonzero values below 16 form a cyclic group of order 15.",
            "The nonzero values below 16 form a cyclic group of order 16.",
        ),
    ]);
}

#[test]
fn a_function_of_the_value_each_case_sets_is_read() {
    true_and_false(&[
        (
            "For p = 7 the excess is 1, and for p = 13 it is 0.",
            "For p = 7 the excess is 1, and for p = 13 it is 2.",
        ),
        (
            "For p = 19, the excess is 4.",
            "For p = 19, the excess is 2.",
        ),
        (
            "For F = 256 the ordinary square is 65536, and for F = 16 it is 256.",
            "For F = 256 the ordinary square is 65536, and for F = 16 it is 24.",
        ),
        (
            "For a = 4 the inverse is 15.",
            "For a = 4 the inverse is 14.",
        ),
        // "it" is the excess the sentence named, beyond a clause between.
        (
            "For p = 7 the excess is 1, since α₇ = ω + 1, and for p = 13 it is 0.",
            "For p = 7 the excess is 1, since α₇ = ω + 1, and for p = 13 it is 2.",
        ),
    ]);
    // The excess named in a sentence before is not what "it" is here.
    let read =
        read_with_games("The excess of 7 is 1. For p = 13 it is 2, and the order of 2 is 3.");
    assert!(read.iter().all(|r| !r.0.starts_with("m₁₃")), "{read:?}");
}

#[test]
fn an_expression_said_to_be_a_value_after_which_is_is_read() {
    true_and_false(&[(
        "The square of 6 is 6 ⊕ 3, which is 5.",
        "The square of 6 is 6 ⊕ 3, which is 7.",
    )]);
}

#[test]
fn a_count_with_its_values_in_brackets_is_read() {
    true_and_false(&[
        ("Two (2 and 3) have order 3.", "Two (2 and 5) have order 3."),
        (
            "Four (8, 10, 13 and 14) have order 5.",
            "Three (8, 10, 13 and 14) have order 5.",
        ),
        (
            "One (the value 1) has order 1.",
            "One (the value 2) has order 1.",
        ),
    ]);
}

#[test]
fn remarks_in_brackets_after_the_items_of_a_list_are_passed_over() {
    true_and_false(&[(
        "In Kayles the options of a row of three pins are worth 2 (one end pin knocked down), 0 (the middle pin, leaving two single pins) and 1 (two pins at one end).",
        "In Kayles the options of a row of three pins are worth 2 (one end pin knocked down), 0 (the middle pin, leaving two single pins) and 3 (two pins at one end).",
    )]);
    // A bracket with a number in it is no remark: the list stops before it.
    let read = read_with_games(
        "In Kayles the options of a row of three pins are worth 2 (row 2), 0 and 1.",
    );
    assert!(read.iter().all(|r| !r.0.contains("{2, 0, 1}")), "{read:?}");
}

#[test]
fn a_count_among_the_nonzero_values_and_the_least_being_are_read() {
    true_and_false(&[
        (
            "Below 256 there are 128 primitive elements among the 255 nonzero values, the least being 18.",
            "Below 256 there are 128 primitive elements among the 255 nonzero values, the least being 17.",
        ),
        (
            "Below 256 there are 128 primitive elements among the 255 nonzero values.",
            "Below 256 there are 128 primitive elements among the 256 nonzero values.",
        ),
    ]);
}

#[test]
fn heaps_of_value_zero_below_a_bound_are_read_with_the_bound_first_or_last() {
    true_and_false(&[
        (
            "In the subtraction game s, the heaps of value 0 below 10 are 0, 2, 7 and 9.",
            "In the subtraction game s, the heaps of value 0 below 10 are 0, 2, 7 and 8.",
        ),
        (
            "In the subtraction game s, below 10 the heaps of value 0 are 0, 2, 7 and 9.",
            "In the subtraction game s, below 10 the heaps of value 0 are 0, 2 and 7.",
        ),
    ]);
}

#[test]
fn square_roots_are_counted_in_the_least_field_when_no_bound_is_named() {
    true_and_false(&[(
        "So 10 has exactly one square root.",
        "So 10 has exactly two square roots.",
    )]);
    // Cube roots depend on the field: with none named the sentence is not read.
    let read = read_with_games("So 10 has exactly one cube root.");
    assert!(read.iter().all(|r| !r.0.starts_with("count")), "{read:?}");
}

#[test]
fn more_than_in_words_is_a_comparison() {
    true_and_false(&[
        ("So 6 ⊕ 3 is more than 4.", "So 6 ⊕ 3 is more than 5."),
        (
            "The square of 6 is 6 ⊕ 3, which is more than 4.",
            "The square of 6 is 6 ⊕ 3, which is more than 5.",
        ),
    ]);
}

#[test]
fn a_relative_clause_states_a_value_and_ordinals_are_spoken_of_again() {
    true_and_false(&[
        (
            "The same rules give the nim-product of 3141 and 5926, which is 14994.",
            "The same rules give the nim-product of 3141 and 5926, which is 14995.",
        ),
        (
            "The first few values of Kayles are 0, 1, 2 and 3.",
            "The first few values of Kayles are 0, 1, 2 and 2.",
        ),
        (
            "ω has degree 6 over the two-element field, and its order is 9, because its ninth nim-power is 1.",
            "ω has degree 6 over the two-element field, and its order is 9, because its ninth nim-power is 2.",
        ),
        (
            "ω has degree 6, and its square is ω².",
            "ω has degree 6, and its square is ω² + 1.",
        ),
        (
            "ω^ω has fifth nim-power 4, degree 20 and order 75.",
            "ω^ω has fifth nim-power 4, degree 20 and order 74.",
        ),
        (
            "The element ω + 1 does better: it has order 63.",
            "The element ω + 1 does better: it has order 62.",
        ),
        (
            "ω has order 9. Its inverse is ω²·3.",
            "ω has order 9. Its inverse is ω²·2.",
        ),
        (
            "The nimbers below 2, 4, 16 and so on form fields.",
            "The nimbers below 2, 4, 8 and so on form fields.",
        ),
    ]);
    // A condition on a position not named states no value.
    assert!(!refused_unread(
        "You move to a position whose nim-sum is zero."
    ));
    assert!(refused_unread(
        "You move to the position whose nim-sum is 3."
    ));
}

#[test]
fn each_position_a_first_nonzero_value_a_largest_excluded_value_and_fields_named() {
    true_and_false(&[
        (
            "In the subtraction game s, heaps of 0 and 2 tokens leave no good move, so their values are 0.",
            "In the subtraction game s, heaps of 0 and 3 tokens leave no good move, so their values are 0.",
        ),
        (
            "In the subtraction game s, heaps of 1 and 3 tokens leave no good move and have value 1.",
            "In the subtraction game s, heaps of 1 and 4 tokens leave no good move and have value 1.",
        ),
        (
            "In Kayles the first row with a nonzero value is 1, with value 1.",
            "In Kayles the first row with a nonzero value is 1, with value 2.",
        ),
        (
            "For 4 ⊗ 4, the sixteen pairs exclude ten distinct values, and the least value they miss is 6, although the largest value they exclude is 14.",
            "For 4 ⊗ 4, the sixteen pairs exclude ten distinct values, and the least value they miss is 6, although the largest value they exclude is 13.",
        ),
        (
            "Twelve and ten are 1100 and 1010, and their nim-sum is also 6.",
            "Twelve and ten are 1100 and 1010, and their nim-sum is also 7.",
        ),
        (
            "So the fields below 2, 4 and 16 are good models.",
            "So the fields below 2, 4 and 8 are good models.",
        ),
    ]);
    // A sum of positions stays a sum: "are worth" with no clause between.
    let read = read_with_games("In the subtraction game s, heaps of 1 and 3 tokens are worth 0.");
    assert!(read.iter().any(|r| r.0.contains('⊕')), "{read:?}");
}

#[test]
fn a_number_in_a_cited_title_states_nothing() {
    assert!(!refused_unread(
        "Lenstra, “On the algebraic closure of two” (1977)."
    ));
    assert!(refused_unread(
        "Lenstra, “On the algebraic closure of two”."
    ));
}

#[test]
fn runs_with_an_ellipsis_comparisons_of_functions_and_clauses_said_again() {
    true_and_false(&[
        (
            "Below 16 the squares of 0, 1, …, 7 are 0, 1, 3, 2, 6, 7, 5 and 4.",
            "Below 16 the squares of 0, 1, …, 7 are 0, 1, 3, 2, 6, 7, 5 and 5.",
        ),
        (
            "So the order of 2 is smaller than the order of 6.",
            "So the order of 2 is larger than the order of 6.",
        ),
        (
            "So the order of 2 is smaller than that of 8.",
            "So the order of 2 is larger than that of 8.",
        ),
        (
            "So ∗5 and ∗3 together are worth ∗6, ∗1, ∗4 and ∗5 together are worth ∗0.",
            "So ∗5 and ∗3 together are worth ∗6, ∗1, ∗4 and ∗5 together are worth ∗1.",
        ),
        (
            "But every order in the field below 16 divides 15, and 9 does not.",
            "But every order in the field below 16 divides 15, and 5 does not.",
        ),
        (
            "The values of s start 0, 1, 0, 1, 2, 3, 2 and then repeat with period 7 from the very first heap.",
            "The values of s start 0, 1, 0, 1, 2, 3, 2 and then repeat with period 8 from the very first heap.",
        ),
    ]);
}

#[test]
fn a_definition_states_nothing_and_a_bound_after_a_verb_is_a_value() {
    for text in [
        "The order of a nonzero nimber is the number of factors it takes to come back to 1.",
        "The minimal polynomial of an element is the least polynomial with coefficients 0 and 1.",
        "A heap of at most 3 tokens has few moves.",
    ] {
        assert!(!refused_unread(text), "{text}");
    }
    for text in [
        "The order of a nimber below 16 is at most 14.",
        "Every nimber below 16 has order at most 14.",
        "The order of 2 is the number 3.",
    ] {
        assert!(refused_unread(text), "{text}");
    }
}

#[test]
fn a_result_before_symbols_a_star_together_with_another_and_a_count_in_apposition() {
    true_and_false(&[
        (
            "Further along, thirteen is 8 ⊗ 8.",
            "Further along, twelve is 8 ⊗ 8.",
        ),
        (
            "Going higher, ω³ itself has order 27.",
            "Going higher, ω³ itself has order 26.",
        ),
        (
            "By contrast, ∗2 together with ∗9 is worth ∗11.",
            "By contrast, ∗2 together with ∗9 is worth ∗10.",
        ),
        (
            "The P-positions of s below 10 are 0, 2, 7 and 9, four of the first ten heaps.",
            "The P-positions of s below 10 are 0, 2, 7 and 9, five of the first ten heaps.",
        ),
    ]);
    // A task reported states nothing it asks for.
    assert!(!refused_unread(
        "Exercise 7.12 asks for the inverse and the order of 200."
    ));
    assert!(refused_unread(
        "Exercise 7.12 shows the order of 200 is 51."
    ));
}

#[test]
fn the_set_of_cubes_below_a_bound_and_a_lead_in_with_here_are() {
    true_and_false(&[(
        "Not always: the cubes of the nonzero nimbers below 16 are only 1, 8, 10, 13 and 14.",
        "Not always: the cubes of the nonzero nimbers below 16 are only 1, 8, 10, 13 and 15.",
    )]);
    assert!(!refused_unread(
        "Here are the first eight inverses, from 1 to 8:"
    ));
    assert!(refused_unread("Here the first eight inverses are 1 to 8:"));
}

#[test]
fn counts_over_a_range_of_sizes_shares_said_again_and_positions_each_worth_a_value() {
    true_and_false(&[
        (
            "Among the rows of 1 to 10 pins in Kayles, two are worth 4.",
            "Among the rows of 1 to 10 pins in Kayles, three are worth 4.",
        ),
        (
            "Four of the heaps of 0 to 9 tokens in s are P-positions.",
            "Three of the heaps of 0 to 9 tokens in s are P-positions.",
        ),
        (
            "Eight of the fifteen nonzero elements of the field below 16 are primitive.",
            "Seven of the fifteen nonzero elements of the field below 16 are primitive.",
        ),
        (
            "Of the 64 products of two values below 8, 24 leave the range, which is 37.5 percent of them.",
            "Of the 64 products of two values below 8, 24 leave the range, which is 40 percent of them.",
        ),
        (
            "The nim-sum of all the whole numbers from 1 to 10 is 11.",
            "The nim-sum of all the whole numbers from 1 to 10 is 0.",
        ),
        (
            "No single nonempty row of Kayles is worth 0.",
            "No row of Kayles is worth 7.",
        ),
        (
            "Heaps of 4 and of 6 in s are each worth 2, so together they are worth 0.",
            "Heaps of 4 and of 6 in s are each worth 2, so together they are worth 2.",
        ),
        (
            "In Kayles a row of two pins is worth 2, and so is a row of seven.",
            "In Kayles a row of two pins is worth 2, and so is a row of three.",
        ),
        (
            "Kayles has 14 exceptional row lengths, the last of them at 70.",
            "Kayles has 13 exceptional row lengths, the last of them at 70.",
        ),
        (
            "The values of the subtraction game start 0, 1, 0, 1, 2, 3, 2.",
            "The values of the subtraction game start 0, 1, 0, 1, 2, 3, 3.",
        ),
    ]);
}

#[test]
fn a_long_counted_subject_is_near_its_notion_and_a_law_about_it_states_nothing() {
    for text in [
        "Seven of the fifteen nonzero elements of the field are primitive.",
        "The nim-sum of all the positive numbers from 1 to 10 is 11.",
    ] {
        assert!(refused_unread(text), "{text}");
    }
    for text in [
        "A position is a P-position when the previous player wins: its value is 0.",
        "Exercise 7.12, my favourite in the book,\nasks for the inverse of 200.",
        "Two of the group went on to give a talk about fields in May.",
    ] {
        assert!(!refused_unread(text), "{text}");
    }
}

#[test]
fn values_run_exceptions_there_are_a_size_one_of_the_losing_and_a_period_said_again() {
    true_and_false(&[
        (
            "In s the values start 0, 1, 0, 1, 2.",
            "In s the values start 0, 1, 0, 1, 3.",
        ),
        (
            "There are fourteen exceptions in Kayles, the first at 0.",
            "There are thirteen exceptions in Kayles, the first at 0.",
        ),
        (
            "There are fourteen exceptions in Kayles, the first at 0.",
            "There are fourteen exceptions in Kayles, the first at 3.",
        ),
        (
            "Nine is one of the losing heaps in s.",
            "Eight is one of the losing heaps in s.",
        ),
        (
            "Kayles settles into a period of 12, and it has period 12 from heap size 71.",
            "Kayles settles into a period of 12, and it has period 12 from heap size 70.",
        ),
        ("The order of 10 is only 5.", "The order of 10 is only 3."),
        (
            "Below 10, the heaps that are lost in s are those of 0, 2, 7 and 9 tokens.",
            "Below 10, the heaps that are lost in s are those of 0, 2, 7 and 8 tokens.",
        ),
    ]);
}

#[test]
fn prices_ages_and_lengths_of_time_state_no_value_and_listed_sizes_are_sizes() {
    for text in [
        "I shall not tell her about the nim-sum until she is ten.",
        "The fare for the nim-sum lecture is £87.",
        "The nim-sum lecture lasts ninety minutes.",
        "With heaps of 2, 11 and 14 I was less lucky.",
    ] {
        assert!(!refused_unread(text), "{text}");
    }
    for text in [
        "The nim-sum here is 87.",
        "With heaps of 2, 11 and 14 the nim-sum is 3.",
    ] {
        assert!(refused_unread(text), "{text}");
    }
}

#[test]
fn a_range_of_arguments_a_function_said_again_and_where_repetition_starts() {
    true_and_false(&[
        (
            "The nim-squares of 0 to 3 are 0, 1, 3 and 2.",
            "The nim-squares of 0 to 3 are 0, 1, 3 and 3.",
        ),
        (
            "The cube of 6 is 8, and so are the cubes of 11 and 13.",
            "The cube of 6 is 8, and so are the cubes of 11 and 12.",
        ),
        (
            "Kayles repeats from heap size 71.",
            "Kayles repeats from heap size 70.",
        ),
    ]);
    // A text cut at a possessive may hide the "until" of a first position worth a value.
    let read = read_with_games("No heap is worth ∗5 in Grundy’");
    assert!(read.is_empty(), "{read:?}");
}

#[test]
fn a_share_of_the_first_values_is_read() {
    // s takes 1, 3 or 4: its first eight values are 0, 1, 0, 1, 2, 3, 2, 0.
    true_and_false(&[
        (
            "A quarter of the first eight values of s are 2.",
            "Half of the first eight values of s are 2.",
        ),
        (
            "A quarter of the first eight values of s are 1.",
            "A third of the first eight values of s are 1.",
        ),
    ]);
}

#[test]
fn a_fraction_or_a_count_before_a_line_break_is_still_seen() {
    for text in [
        "So exactly one third of\nall heap sizes are P-positions.",
        "Seven of\nthe fifteen nonzero elements of the field are primitive.",
    ] {
        assert!(refused_unread(text), "{text:?}");
    }
}

#[test]
fn a_correction_states_the_value_that_should_stand() {
    true_and_false(&[
        (
            "Page 3, line 18: the nim-sum of 12 and 10 should read 6.",
            "Page 3, line 18: the nim-sum of 12 and 10 should read 22.",
        ),
        (
            "Table 3: the inverse of 7 should read 11.",
            "Table 3: the inverse of 7 should read 9.",
        ),
    ]);
}

#[test]
fn heaps_are_in_the_game_an_earlier_sentence_named() {
    // s takes 1, 3 or 4, and heaps of 3 and 5 are worth 1 and 3 there; in Kayles, 3 and 4.
    true_and_false(&[
        (
            "In Kayles a heap of 1 is worth 1. We look further. A heap of 5 is worth 4.",
            "In Kayles a heap of 1 is worth 1. We look further. A heap of 5 is worth 3.",
        ),
        (
            "In Kayles a heap of 1 is worth 1. Now add a second. Heaps of 3 and 5 together are worth 7.",
            "In Kayles a heap of 1 is worth 1. Now add a second. Heaps of 3 and 5 together are worth 2.",
        ),
    ]);
}

#[test]
fn the_sprague_grundy_theorem_names_no_game() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(
        crate::math::lexicon::GameWords::new("grundy", Some("Grundy's game"), None).known(),
    );
    // Heaps after the theorem's name are Nim's, with nim-sum 4 ⊕ 7 ⊕ 9 = 10.
    let text =
        "By the Sprague–Grundy theorem sums add. With heaps of 4, 7 and 9 the nim-sum is 10.";
    assert_eq!(claims_read(text, &lex), ["4 ⊕ 7 ⊕ 9 = 10"]);
}

#[test]
fn a_formula_set_off_by_commas_is_compared_by_the_verb_after_it() {
    true_and_false(&[
        (
            "The fourth, ω ⊗ ω ⊗ ω ⊗ ω, is ω·2.",
            "The fourth, ω ⊗ ω ⊗ ω ⊗ ω, is ω·3.",
        ),
        (
            "The fourth power, 2 ⊗ 2 ⊗ 2 ⊗ 2, is 2.",
            "The fourth power, 2 ⊗ 2 ⊗ 2 ⊗ 2, is 3.",
        ),
    ]);
}

#[test]
fn squaring_any_number_of_times_fixes_a_subfield() {
    // Below 256, squaring k times fixes the 2^gcd(k, 8) values of a subfield.
    true_and_false(&[
        (
            "In the field below 256, squaring four times fixes 16 values.",
            "In the field below 256, squaring four times fixes 8 values.",
        ),
        (
            "Squaring 3 times fixes only 2 values of the field below 256.",
            "Squaring 3 times fixes only 4 values of the field below 256.",
        ),
        (
            "Six heap sizes from 0 to 20 are losses for the player to move in s.",
            "Five heap sizes from 0 to 20 are losses for the player to move in s.",
        ),
    ]);
    // With no field named, the count is refused, not passed over.
    assert!(refused_unread("Squaring four times fixes 8 values."));
}

#[test]
fn a_later_clause_counts_what_squaring_fixes_in_the_field_named_before() {
    true_and_false(&[
        (
            "Squaring leaves exactly two values below 16 unchanged, and squaring twice leaves exactly four.",
            "Squaring leaves exactly two values below 16 unchanged, and squaring twice leaves exactly eight.",
        ),
        (
            "In the field below 256, squaring once fixes only 0 and 1, squaring three times fixes 2, and squaring eight times fixes all 256.",
            "In the field below 256, squaring once fixes only 0 and 1, squaring three times fixes 4, and squaring eight times fixes all 256.",
        ),
        (
            "In the field below 256, squaring once fixes only 0 and 1.",
            "In the field below 256, squaring once fixes only 0 and 2.",
        ),
    ]);
}

#[test]
fn lists_of_a_game_s_values_exceptions_and_lost_heaps_are_read() {
    // Each true sentence is read whole and holds; its copy with one number changed fails.
    let cases: &[(&str, &str, usize)] = &[
        (
            "For Kayles the first four values, for heap sizes 0 to 3, are 0, 1, 2 and 3.",
            "For Kayles the first four values, for heap sizes 0 to 3, are 0, 1, 2 and 4.",
            4,
        ),
        (
            "The exceptions of Kayles are at heap sizes 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, \
             34, 39, 57 and 70, fourteen in all.",
            "The exceptions of Kayles are at heap sizes 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, \
             34, 39, 57 and 70, fifteen in all.",
            2,
        ),
        (
            "Kayles has fourteen exceptions in all, at heap sizes 0, 3, 6, 9, 11, 15, 18, 21, \
             22, 28, 34, 39, 57 and 70.",
            "Kayles has fourteen exceptions in all, at heap sizes 0, 3, 6, 9, 11, 15, 18, 21, \
             22, 28, 34, 39, 58 and 70.",
            2,
        ),
        (
            "The lost heaps below 20 are 0, 2, 7, 9, 14 and 16.",
            "The lost heaps below 20 are 0, 2, 7, 9 and 14.",
            1,
        ),
        (
            "The heaps of value 0 up to 16 are those of 0, 2, 7, 9, 14 and 16 counters.",
            "The heaps of value 0 up to 16 are those of 0, 2, 7, 9 and 14 counters.",
            1,
        ),
        (
            "Kayles is our game. The values are eventually periodic with period 12, starting \
             at heap size 71.",
            "Kayles is our game. The values are eventually periodic with period 12, starting \
             at heap size 70.",
            2,
        ),
        (
            "For Kayles I find period 12, beginning at heap size 71.",
            "For Kayles I find period 12, beginning at heap size 72.",
            2,
        ),
    ];
    for (truth, lie, n) in cases {
        let read = read_with_games(truth);
        assert_eq!(read.len(), *n, "{truth}: {read:?}");
        assert!(read.iter().all(|r| r.1 == Some(true)), "{truth}: {read:?}");
        let read = read_with_games(lie);
        assert!(read.iter().any(|r| r.1 == Some(false)), "{lie}: {read:?}");
    }
    // Exceptions set aside by their sizes are the exceptions.
    true_and_false(&[(
        "The values of Kayles repeat with period 12 except at 0, 3, 6, 9, 11, 15, 18, 21, \
         22, 28, 34, 39, 57 and 70.",
        "The values of Kayles repeat with period 12 except at 0, 3, 6, 9, 11, 15, 18, 21, \
         22, 28, 34, 39 and 70.",
    )]);
    // A list said to run over other sizes than its own is not read as the first values.
    let read = read_with_games("For Kayles the values, for heap sizes 1 to 4, are 1, 2, 3 and 1.");
    assert!(read.iter().all(|r| r.1 != Some(true)), "{read:?}");
}

#[test]
fn winning_moves_counted_and_listed_and_maps_after_a_colon_are_read() {
    true_and_false(&[
        (
            "For heaps of 3, 5 and 7 there are exactly three winning moves.",
            "For heaps of 3, 5 and 7 there are exactly two winning moves.",
        ),
        (
            "For Nim heaps of 3, 5 and 7, the nim-sum is 1. There are exactly three winning \
             moves: reduce the heap of 3 to 2, the heap of 5 to 4, or the heap of 7 to 6.",
            "For Nim heaps of 3, 5 and 7, the nim-sum is 1. There are exactly three winning \
             moves: reduce the heap of 3 to 2, the heap of 5 to 3, or the heap of 7 to 6.",
        ),
        (
            "The position with heaps of 2, 4 and 7 has exactly one winning move.",
            "The position with heaps of 2, 4 and 7 has exactly three winning moves.",
        ),
        (
            "Squaring below 16 drawn as arrows: 4 goes to 6, 8 goes to 13, and 12 goes to 11.",
            "Squaring below 16 drawn as arrows: 4 goes to 6, 8 goes to 13, and 12 goes to 9.",
        ),
    ]);
    // The count after a nim-sum, the heaps it takes from, and an adverb passed over.
    true_and_false(&[
        (
            "Nim heaps of 7, 11 and 13 also have nim-sum 1.",
            "Nim heaps of 7, 11 and 13 also have nim-sum 2.",
        ),
        (
            "Nim heaps of 7, 11 and 13 have nim-sum 1, and three winning moves.",
            "Nim heaps of 7, 11 and 13 have nim-sum 1, and two winning moves.",
        ),
        (
            "Nim heaps of 10, 15, 22 and 27 have nim-sum 8 and three winning moves, in the \
             heaps of 10, 15 and 27.",
            "Nim heaps of 10, 15, 22 and 27 have nim-sum 8 and three winning moves, in the \
             heaps of 10, 15 and 22.",
        ),
        (
            "Nim heaps of 10, 15, 22 and 27 have nim-sum 8 and three winning moves, in the \
             heaps of 10, 15 and 27.",
            "Nim heaps of 10, 15, 22 and 27 have nim-sum 8 and three winning moves, in the \
             heaps of 10 and 15.",
        ),
    ]);
    // Every listed move is read, each leaving a nim-sum of 0.
    let read = read_with_games(
        "There are exactly three winning moves from heaps of 3, 5 and 7: reduce the heap \
         of 3 to 2, the heap of 5 to 4, or the heap of 7 to 6.",
    );
    assert!(read.iter().all(|r| r.1 != Some(false)), "{read:?}");
}

#[test]
fn a_condition_with_a_number_on_a_read_claim_is_refused() {
    // The claim as read (the period) would leave the condition out.
    for text in [
        "Kayles is periodic with period 12 for heaps of 40 or more.",
        "The values of Kayles are periodic with period 12 once the heap has more than 40 \
         pins.",
        "For rows of 40 or more the values of Kayles are periodic with period 12.",
        "Once the row has more than 40 pins the values of Kayles repeat with period 12.",
        "The values of Kayles repeat with period 12 beyond 40.",
        "Ignoring the thirteen exceptional sizes, the values of Kayles repeat with period 12.",
        "The values of Kayles repeat with period 12, apart from thirteen exceptions.",
        "The values of Kayles repeat with period 12 after the last exception (heap 69).",
    ] {
        let read = read_with_games(text);
        assert!(
            read.iter().any(|r| r.0.contains("a condition on it")),
            "{text}: {read:?}"
        );
    }
    // A topic is no condition, nor a range said by the claim itself.
    for text in [
        "For Nim heaps of 3, 5 and 7, the nim-sum is 1.",
        "For 4 ⊗ 4 the sixteen pairs exclude ten distinct values, and the least value they \
         miss is 6.",
        "For the examples on page 10, a row of 3 pins in Kayles has value 3.",
        "The values of Kayles repeat with period 12 from heap size 71.",
        "The last exception of Kayles falls at heap size 70, and Kayles has fourteen \
         exceptional heap sizes in all.",
    ] {
        let read = read_with_games(text);
        assert!(
            read.iter().all(|r| !r.0.contains("a condition on it")),
            "{text}: {read:?}"
        );
    }
}

#[test]
fn a_property_s_value_is_no_subject_of_the_next_clause() {
    // "degree 1, two have degree 2" counts elements: 1 and 2 are not said to have degree 2.
    let read = read_with_games(
        "In the field below 256, two elements have degree 1, two have degree 2, twelve have \
         degree 4 and 240 have degree 8.",
    );
    assert!(read.iter().all(|r| r.1 != Some(false)), "{read:?}");
    assert!(read.iter().all(|r| !r.0.starts_with("deg(1)")), "{read:?}");
    // A subject with no property before it is still one.
    true_and_false(&[("Both 2 and 3 have order 3.", "Both 2 and 3 have order 5.")]);
}

#[test]
fn heaps_listed_without_of_and_clauses_said_again_with_as_are_read_whole() {
    let read = read_nim("Heaps 1, 2 and 3 have nim-sum 0.");
    assert_eq!(read, vec![("1 ⊕ 2 ⊕ 3 = 0".to_string(), Some(true))]);
    let read = read_nim(
        "Heaps 1, 2 and 3 have nim-sum 0, as do heaps 4, 5, 6 and 7, and heaps 10, 20 and 30.",
    );
    assert_eq!(read.len(), 3, "{read:?}");
    assert!(read.iter().all(|r| r.1 == Some(true)), "{read:?}");
    nim_true_and_false(&[
        (
            "Heaps 1, 4, 5 and 8 have nim-sum 8.",
            "Heaps 1, 4, 5 and 8 have nim-sum 9.",
        ),
        (
            "With heaps 2, 7 and 9 the nim-sum is 12.",
            "With heaps 2, 7 and 9 the nim-sum is 13.",
        ),
        (
            "Heaps 1, 2 and 3 have nim-sum 0, as do heaps 4, 5, 6 and 7.",
            "Heaps 1, 2 and 3 have nim-sum 0, as do heaps 4, 5, 6 and 8.",
        ),
        (
            "Heaps 1, 2 and 3 have nim-sum 0, as do heaps 4, 5, 6 and 7, and heaps 10, 20 and 30.",
            "Heaps 1, 2 and 3 have nim-sum 0, as do heaps 4, 5, 6 and 7, and heaps 10, 20 and 31.",
        ),
        (
            "2 has order 3, and so does 3, and 4 has order 15.",
            "2 has order 3, and so does 3, and 4 has order 3.",
        ),
    ]);
}

/// Returns the claims read in `text` with `lex`, as text.
fn claims_read(text: &str, lex: &crate::math::lexicon::Lexicon) -> Vec<String> {
    super::read_text_in(text, lex)
        .into_iter()
        .filter_map(|f| match f.lint {
            Lint::Claim(s) => Some(s.to_text()),
            _ => None,
        })
        .collect()
}

/// Asserts that each first text is read and holds, and each second is read false, with
/// the built-in lexicon alone.
fn nim_true_and_false(pairs: &[(&str, &str)]) {
    for (true_text, false_text) in pairs {
        let read = read_nim(true_text);
        assert!(
            !read.is_empty() && read.iter().all(|r| r.1 == Some(true)),
            "{true_text}: {read:?}"
        );
        let read = read_nim(false_text);
        assert!(
            read.iter().any(|r| r.1 == Some(false)),
            "{false_text}: {read:?}"
        );
    }
}

/// Reads `text` with the built-in lexicon alone, where heaps are Nim heaps, each claim
/// with whether it holds.
fn read_nim(text: &str) -> Vec<(String, Option<bool>)> {
    let lex = crate::math::lexicon::Lexicon::builtin();
    super::read_text_in(text, &lex)
        .into_iter()
        .map(|f| match &f.lint {
            Lint::Claim(s) => (s.to_text(), s.check().ok().map(|v| v.holds)),
            l => (format!("{l:?}"), None),
        })
        .collect()
}

#[test]
fn a_bound_set_before_its_clause_and_positions_after_from_or_in_are_read() {
    nim_true_and_false(&[
        (
            "Below 16, the nimbers are closed under the nim-product.",
            "Below 32, the nimbers are closed under the nim-product.",
        ),
        (
            "Below 16, too, the nimbers form a field.",
            "Below 32, by contrast, the nimbers are closed under nim multiplication.",
        ),
        (
            "From heaps of 4, 7 and 9 the nim-sum is 10.",
            "From heaps of 4, 7 and 9 the nim-sum is 11.",
        ),
        (
            "In the position 3, 12, 14, 1 the nim-sum is 0.",
            "In the position 3, 12, 14, 2 the nim-sum is 0.",
        ),
    ]);
}

#[test]
fn a_game_known_by_name_is_not_the_game_of_a_sentence_that_names_none() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(
        crate::math::lexicon::GameWords::new("grundy", Some("Grundy's game"), None).known(),
    );
    // "Take one or two" is no game of the page: its values are not Grundy's game's.
    let text = "The simplest is take one or two, and the values run 0, 1, 2, 0, 1, 2 for ever.";
    let read = super::read_text_in(text, &lex);
    assert!(
        read.iter().all(|f| !matches!(f.lint, Lint::Claim(_))),
        "{read:?}"
    );
    // Named, it is spoken of.
    let text = "In Grundy's game the values run 0, 0, 0, 1, 0, 2.";
    let read = super::read_text_in(text, &lex);
    assert!(
        read.iter().any(|f| matches!(f.lint, Lint::Claim(_))),
        "{read:?}"
    );
}

#[test]
fn stones_worth_values_in_turn_and_first_rows_said_again_are_read() {
    true_and_false(&[
        (
            "Stones at (2, 3) and (1, 1) are worth 1 and 1, which cancel.",
            "Stones at (2, 3) and (1, 1) are worth 1 and 2, which do not cancel.",
        ),
        (
            "The first row of Kayles worth 3 has 3 pins, the first worth 4 has 5.",
            "The first row of Kayles worth 3 has 3 pins, the first worth 4 has 6.",
        ),
        (
            "The first row of Kayles worth 4 has 5 pins and the first worth 6 has 11.",
            "The first row of Kayles worth 4 has 5 pins and the first worth 6 has 12.",
        ),
        ("Kayles still has period 12.", "Kayles still has period 13."),
    ]);
}

#[test]
fn the_nim_sum_of_heaps_no_sentence_gives_a_game_is_nim_s() {
    // The page's game `s` is played on heaps; the nim-sum of heaps is still Nim's.
    for text in [
        "From heaps of 4, 7 and 9 the nim-sum is 10.",
        "With heaps of 3, 5 and 7, the nim-sum is 1.",
    ] {
        let read = read_with_games(text);
        assert!(
            read.len() == 1 && read[0].1 == Some(true) && !read[0].0.contains("s("),
            "{text}: {read:?}"
        );
    }
    let read = read_with_games("From heaps of 4, 7 and 9 the nim-sum is 11.");
    assert!(read.iter().any(|r| r.1 == Some(false)), "{read:?}");
    // Its value is the page game's.
    let read = read_with_games("With heaps of 4, 7 and 9, the value is 0.");
    assert!(read.iter().all(|r| r.0.contains("s(")), "{read:?}");
}

#[test]
fn a_one_letter_name_of_a_game_declared_below_is_a_letter_of_the_prose() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new("s", None, None).ahead());
    let text = "This is legal when h has a 1 in the leading binary digit of s. \
                From heaps of 4, 7 and 9 the nim-sum is 10.";
    assert_eq!(claims_read(text, &lex), ["4 ⊕ 7 ⊕ 9 = 10"]);
}

#[test]
fn the_field_sizes_listed_are_read() {
    true_and_false(&[
        (
            "The field sizes are 2, 4, 16, 256 and 65536.",
            "The field sizes are 2, 4, 8, 16 and 256.",
        ),
        (
            "The nimber fields have sizes 2, 4, 16 and 256.",
            "The nimber fields have sizes 2, 4, 16 and 128.",
        ),
    ]);
}

#[test]
fn a_period_said_bare_what_a_computation_finds_and_the_largest_value_are_read() {
    true_and_false(&[
        (
            "Kayles is our game. The period is 12, and it starts at heap size 71.",
            "Kayles is our game. The period is 12, and it starts at heap size 70.",
        ),
        (
            "Kayles is our game. The preperiod is 71.",
            "Kayles is our game. The preperiod is 72.",
        ),
        (
            "For Kayles the library finds period 12.",
            "For Kayles the library finds period 11.",
        ),
        (
            "The largest value of Kayles is 8, first reached by a row of 27 pins.",
            "The largest value of Kayles is 8, first reached by a row of 28 pins.",
        ),
        (
            "In Kayles the largest value in the whole sequence is 8.",
            "In Kayles the largest value in the whole sequence is 7.",
        ),
    ]);
}

#[test]
fn a_condition_on_a_letter_just_named_is_no_claim() {
    let claims = |text: &str| claims_read(text, crate::math::lexicon::builtin());
    assert!(claims("Any heap h with h ⊕ s < h can be reduced to h ⊕ s.").is_empty());
    assert!(claims("Each x where x ⊗ x = x is 0 or 1.").is_empty());
    // Not after the letter it conditions, a law is a law.
    assert_eq!(claims("For heaps, h ⊕ s < h."), ["∀ h, s < 256: h ⊕ s < h"]);
    assert_eq!(
        claims("A heap h with s ⊕ 1 = 2 wins."),
        ["∀ s < 256: s ⊕ 1 = 2"]
    );
}

#[test]
fn a_letter_against_the_last_number_carries_the_claim_on() {
    let read = super::read_text("For a Fermat 2-power, F ⊗ F = 3F/2: 16 ⊗ 16 = 24.");
    assert!(
        read.iter()
            .all(|f| !matches!(&f.lint, Lint::Claim(s) if s.to_text().contains("= 3"))),
        "{read:?}"
    );
    assert!(
        read.iter().any(|f| matches!(&f.lint, Lint::Unreadable(_))),
        "{read:?}"
    );
    // An ordinal's suffix is no factor.
    let read = super::read_text("So 2 ⊗ 3 = 1 on the 3rd line.");
    assert!(
        read.iter().any(|f| matches!(&f.lint, Lint::Claim(_))),
        "{read:?}"
    );
}

#[test]
fn censuses_by_order_are_of_the_field_named() {
    true_and_false(&[
        (
            "In the field below 16, two elements have order 3, four have order 5, and eight have order 15.",
            "In the field below 16, two elements have order 3, four have order 5, and seven have order 15.",
        ),
        (
            "In the field below 256, 16 elements have order 17.",
            "In the field below 256, 17 elements have order 17.",
        ),
        (
            "The field below 256 has 255 nonzero elements. Counting: 16 elements of order 17, 64 of order 85, 128 of order 255.",
            "The field below 256 has 255 nonzero elements. Counting: 16 elements of order 17, 64 of order 85, 120 of order 255.",
        ),
        (
            "The census of the field below 16: one element of order 1, two of order 3 (namely 2 and 3), four of order 5 (8, 10, 13 and 14) and eight of order 15.",
            "The census of the field below 16: one element of order 1, two of order 3 (namely 2 and 3), four of order 5 (8, 10, 12 and 14) and eight of order 15.",
        ),
    ]);
    // What a census leaves to its last order, counted, with the elements it names.
    true_and_false(&[
        (
            "Below 16, the remaining eight nonzero values, namely 4, 5, 6, 7, 9, 11, 12 and 15, have order 15.",
            "Below 16, the remaining eight nonzero values, namely 4, 5, 6, 7, 9, 10, 12 and 15, have order 15.",
        ),
        (
            "Below 16 the other eight nonzero elements, including 7 and 11, have order 15.",
            "Below 16 the other seven nonzero elements, including 7 and 11, have order 15.",
        ),
        (
            "In the field below 16, the remaining eight nonzero elements other than 1 are primitive, of order 15.",
            "In the field below 16, the remaining eight nonzero elements other than 1 are primitive, of order 5.",
        ),
        (
            "In the field below 16, the other eight elements are primitive.",
            "In the field below 16, the other nine elements are primitive.",
        ),
    ]);
    // Elements listed before "have" are elements, not a count.
    true_and_false(&[(
        "In the field below 16, 8, 10, 13 and 14 have order 5.",
        "In the field below 16, 8, 10, 12 and 14 have order 5.",
    )]);
}

#[test]
fn primitive_elements_are_counted_and_the_least_found_in_the_field_named() {
    true_and_false(&[
        (
            "The field below 256 matters here. Of the 255 nonzero elements, 128 are primitive.",
            "The field below 256 matters here. Of the 255 nonzero elements, 127 are primitive.",
        ),
        (
            "In the field below 256, the least primitive element is 18.",
            "In the field below 256, the least primitive element is 16.",
        ),
        (
            "Take the field below 256. The smallest primitive element there is 18.",
            "Take the field below 256. The smallest primitive element there is 19.",
        ),
        (
            "Below 16 the orders divide 15.",
            "Below 16 the orders divide 5.",
        ),
        (
            "The orders of the nonzero elements below 16 are 1, 3, 5 and 15.",
            "The orders of the nonzero elements below 16 are 1, 3 and 15.",
        ),
        (
            "The orders that occur below 16 are 1, 3, 5 and 15.",
            "The orders that occur below 16 are 1, 3, 5, 7 and 15.",
        ),
    ]);
    // "32 and 255 are primitive" names elements, not 255 of them.
    let read = read_with_games("Below 256, 32 and 255 are primitive.");
    assert!(read.iter().all(|r| r.1 != Some(false)), "{read:?}");
}

#[test]
fn a_mex_said_of_a_list_and_an_operation_as_a_participle() {
    true_and_false(&[
        (
            "The list 0, 2, 2, 1 has mex 3.",
            "The list 0, 2, 2, 1 has mex 4.",
        ),
        (
            "The set {0, 1, 3} has a mex of 2.",
            "The set {0, 1, 3} has a mex of 4.",
        ),
        (
            "1000 nim-added to 999 gives 15.",
            "1000 nim-added to 999 gives 1999.",
        ),
        ("2 nim-multiplied by 3 is 1.", "2 nim-multiplied by 3 is 6."),
        (
            "Every number nim-added to itself gives 0.",
            "Every number nim-added to itself gives 1.",
        ),
        (
            "In the field below 16, 2 and 3 are inverse.",
            "In the field below 16, 2 and 5 are inverse.",
        ),
    ]);
}

/// Reads `text` on a page that declares two games, `kayles` and `g`, both Kayles.
fn read_with_two_games(text: &str) -> Vec<Option<bool>> {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new("kayles", None, None));
    lex.add_game(crate::math::lexicon::GameWords::new("g", None, None));
    super::read_text_in(text, &lex)
        .into_iter()
        .map(|f| match &f.lint {
            Lint::Claim(s) => {
                let mut s = s.clone();
                s.bind_games(&games()).ok()?;
                s.check().ok().map(|c| c.holds)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn both_games_are_the_two_declared_last() {
    assert_eq!(
        read_with_two_games("Both games have period 12."),
        [Some(true), Some(true)]
    );
    assert_eq!(
        read_with_two_games("Both games have period 34."),
        [Some(false), Some(false)]
    );
    // Kayles and `s` (period 7) are two games of different periods.
    let read = read_with_games("Both games have period 12.");
    assert!(read.iter().any(|r| r.1 == Some(false)), "{read:?}");
}

#[test]
fn values_over_a_range_of_rows_and_a_period_the_values_settle_into() {
    true_and_false(&[
        (
            "In Kayles, the values of rows of 1 to 12 skittles are 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6 and 4.",
            "In Kayles, the values of rows of 1 to 12 skittles are 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6 and 5.",
        ),
        (
            "The values of Kayles for rows of 0 to 4 are 0, 1, 2, 3 and 1.",
            "The values of Kayles for rows of 0 to 4 are 0, 1, 2, 3 and 4.",
        ),
        (
            "In Kayles the values settle into period 12 from a row of 71 pins.",
            "In Kayles the values settle into period 12 from a row of 72 pins.",
        ),
        (
            "The values of Kayles settle into a period of 12 from heap size 71.",
            "The values of Kayles settle into a period of 11 from heap size 71.",
        ),
    ]);
}

#[test]
fn roots_none_has_and_each_has_and_elements_their_own_inverse() {
    true_and_false(&[
        (
            "2 has no cube root among the whole numbers.",
            "3 has no square root among the whole numbers.",
        ),
        (
            "Three has no cube root among the whole numbers, and neither does two.",
            "Three has no cube root among the whole numbers, and neither does one.",
        ),
        ("Only 1 is its own inverse.", "Only 2 is its own inverse."),
        (
            "Only 0 and 1 are their own squares.",
            "Only 0, 1 and 2 are their own squares.",
        ),
        (
            "The only nimber that is its own inverse is 1.",
            "The only nimber that is its own inverse is 3.",
        ),
        (
            "Each nonzero cube below 16 has three cube roots.",
            "Each nonzero cube below 16 has two cube roots.",
        ),
        (
            "Below 16 the nonzero cubes are 1, 8, 10, 13 and 14, and each of those five has three cube roots.",
            "Below 16 the nonzero cubes are 1, 8, 10, 13 and 15, and each of those five has three cube roots.",
        ),
        (
            "Below 16, four values have order 5: 8, 10, 13 and 14.",
            "Below 16, four values have order 5: 8, 10, 12 and 14.",
        ),
    ]);
    // "each of them" counts roots only of powers named just before.
    assert!(read_with_games("We met them; each of them has three cube roots.").is_empty());
}

#[test]
fn a_long_list_of_values_may_leave_out_its_and() {
    true_and_false(&[
        (
            "The squares of 0 to 7 are 0, 1, 3, 2, 6, 7, 5, 4.",
            "The squares of 0 to 7 are 0, 1, 3, 2, 6, 7, 5, 5.",
        ),
        (
            "The squares of 0, 1, 2, …, 7 are, in order, 0, 1, 3, 2, 6, 7, 5 and 4.",
            "The squares of 0, 1, 2, …, 7 are, in order, 0, 1, 3, 2, 6, 7, 4 and 5.",
        ),
    ]);
}

#[test]
fn censuses_of_nim_positions_count_every_position_of_the_heaps_said() {
    true_and_false(&[
        (
            "Among the 64 positions with two heaps below 8, exactly 8 have nim-sum zero.",
            "Among the 64 positions with two heaps below 8, exactly 9 have nim-sum zero.",
        ),
        (
            "Of the 64 positions with three heaps below 4, sixteen are lost, one in four.",
            "Of the 64 positions with three heaps below 4, twelve are lost, one in four.",
        ),
        (
            "Of the 64 positions with two heaps below 8, one in eight is lost for the player to move.",
            "Of the 64 positions with two heaps below 8, one in four is lost for the player to move.",
        ),
        (
            "Among the 512 positions of three heaps, each heap holding at most 7 counters, exactly 64 have nim-sum 0.",
            "Among the 500 positions of three heaps, each heap holding at most 7 counters, exactly 64 have nim-sum 0.",
        ),
    ]);
}

#[test]
fn heaps_with_value_zero_below_a_bound_are_those_listed() {
    true_and_false(&[(
        "In Kayles the rows below 30 with value 0 are those of 0.",
        "In Kayles the rows below 30 with value 0 are those of 0 and 4.",
    )]);
}

#[test]
fn a_game_named_by_its_octal_code_is_that_game() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(
        crate::math::lexicon::GameWords::new("octal_0_77", Some("octal game 0.77"), None).known(),
    );
    let code = "0.77".parse().expect("a code");
    let kayles = crate::nimber::OctalGame::compute(&code, 200).expect("computes");
    let mut games = stmt::Games::new();
    games.insert(stmt::Game::from_octal("octal_0_77", &kayles));
    let read = |text: &str| -> Vec<Option<bool>> {
        super::read_text_in(text, &lex)
            .into_iter()
            .map(|f| match &f.lint {
                Lint::Claim(s) => {
                    let mut s = s.clone();
                    s.bind_games(&games).ok()?;
                    s.check().ok().map(|c| c.holds)
                }
                _ => None,
            })
            .collect()
    };
    assert_eq!(read("The game 0.77 has period 12."), [Some(true)]);
    assert_eq!(read("0.77 has period 12."), [Some(true)]);
    assert_eq!(read("0.77 has period 11."), [Some(false)]);
    // A code the page did not name as a game is a number.
    assert!(read("0.75 has period 12.").iter().all(|r| r.is_none()));
}

#[test]
fn a_heap_named_first_is_the_least_with_a_value() {
    true_and_false(&[
        (
            "In Kayles, a row of 27 pins is the first worth 8.",
            "In Kayles, a row of 28 pins is the first worth 8.",
        ),
        (
            "In Kayles, 5 is the first heap of value 4.",
            "In Kayles, 9 is the first heap of value 4.",
        ),
    ]);
}

#[test]
fn subfields_are_listed_by_size_and_counted_after_their_noun() {
    true_and_false(&[
        (
            "The field below 256 has exactly four subfields, with 2, 4, 16 and 256 elements.",
            "The field below 256 has exactly four subfields, with 2, 4, 8 and 256 elements.",
        ),
        (
            "The field below 256 has four subfields, with 2, 4, 16 and 256 elements, and the \
             field below 65536 has five.",
            "The field below 256 has four subfields, with 2, 4, 16 and 256 elements, and the \
             field below 65536 has four.",
        ),
        (
            "It has four subfields. The field below 65536 contains five.",
            "It has four subfields. The field below 65536 contains six.",
        ),
        (
            "The field below 256 contains exactly four subfields, counting itself: the nimbers \
             below 2, 4, 16 and 256.",
            "The field below 256 contains exactly four subfields, counting itself: the nimbers \
             below 2, 4, 8 and 256.",
        ),
        (
            "So the field below 256 has subfields of sizes 2, 4, 16 and 256, and no subfield \
             of size 8.",
            "So the field below 256 has subfields of sizes 2, 4, 16 and 256, and no subfield \
             of size 16.",
        ),
        (
            "The field below 256 has subfields of sizes 2, 4 and 16.",
            "The field below 256 has subfields of sizes 2, 4 and 512.",
        ),
    ]);
    // A list shorter than the count is not read as the subfields.
    assert!(refused_unread(
        "The field below 256 has four subfields, with 2, 4 and 256 elements."
    ));
    // "Has five" with no subfields said before is not a count of them.
    assert!(read_with_games("The field below 65536 has five.").is_empty());
}

#[test]
fn the_pairs_of_a_product_are_worked_in_words() {
    true_and_false(&[
        (
            "For 2 ⊗ 2 the four pairs (0, 0), (0, 1), (1, 0) and (1, 1) exclude 0, 2, 2 and 1, \
             and the least value left over is 3.",
            "For 2 ⊗ 2 the four pairs (0, 0), (0, 1), (1, 0) and (1, 1) exclude 0, 2, 2 and 1, \
             and the least value left over is 4.",
        ),
        (
            "The author works 2 ⊗ 2 by hand: the four pairs exclude 0, 2, 2 and 1, so the mex \
             is 3.",
            "The author works 2 ⊗ 2 by hand: the four pairs exclude 0, 2, 3 and 1, so the mex \
             is 3.",
        ),
        (
            "For 4 ⊗ 4 the sixteen pairs exclude ten values, and the least value they leave \
             out is 6.",
            "For 4 ⊗ 4 the sixteen pairs exclude ten values, and the least value they leave \
             out is 7.",
        ),
        (
            "For 4 ⊗ 4 there are sixteen pairs. Between them they exclude ten distinct values, \
             namely 0, 1, 2, 3, 4, 5, 8, 11, 12 and 14. The least value missing is 6.",
            "For 4 ⊗ 4 there are sixteen pairs. Between them they exclude eleven distinct \
             values, namely 0, 1, 2, 3, 4, 5, 8, 11, 12 and 14. The least value missing is 6.",
        ),
        (
            "For 4 ⊗ 4 there are sixteen pairs. They exclude ten values. The largest excluded \
             value is 14.",
            "For 4 ⊗ 4 there are sixteen pairs. They exclude ten values. The largest excluded \
             value is 15.",
        ),
        (
            "For 2 ⊗ 2 there are four pairs, namely (0, 0), (0, 1), (1, 0) and (1, 1), and \
             they exclude 0, 2, 2 and 1. The least value excluded by none of them is 3.",
            "For 2 ⊗ 2 there are four pairs, namely (0, 0), (0, 1), (1, 0) and (1, 1), and \
             they exclude 0, 2, 2 and 1. The least value excluded by none of them is 1.",
        ),
        (
            "For 4 ⊗ 4: sixteen pairs, and between them they exclude ten different values: 0, \
             1, 2, 3, 4, 5, 8, 11, 12 and 14. The least survivor is 6.",
            "For 4 ⊗ 4: sixteen pairs, and between them they exclude ten different values: 0, \
             1, 2, 3, 4, 5, 8, 11, 12 and 14. The least survivor is 5.",
        ),
        (
            "For 4 ⊗ 4 there are sixteen pairs.",
            "For 4 ⊗ 4 there are fifteen pairs.",
        ),
    ]);
    // Pairs listed that are not those below the product leave the sentence unread.
    assert!(refused_unread(
        "For 2 ⊗ 2 the four pairs (0, 0), (0, 1), (1, 0) and (2, 1) exclude 0, 2, 2 and 1."
    ));
}

#[test]
fn the_pairs_are_named_by_their_bound_or_their_product() {
    true_and_false(&[
        (
            "The pairs (a', b') with both entries below 2 are (0, 0), (0, 1), (1, 0) and (1, \
             1). The four pairs exclude 0, 2, 2 and 1 respectively; for the last, 1 ⊗ 2 ⊕ 2 ⊗ \
             1 ⊕ 1 ⊗ 1 = 1. The excluded set is {0, 1, 2}.",
            "The pairs (a', b') with both entries below 2 are (0, 0), (0, 1), (1, 0) and (1, \
             1). The four pairs exclude 0, 2, 2 and 1 respectively; for the last, 1 ⊗ 2 ⊕ 2 ⊗ \
             1 ⊕ 1 ⊗ 1 = 1. The excluded set is {0, 1, 3}.",
        ),
        (
            "The six pairs for 2 ⊗ 3 exclude only 0, 2 and 3.",
            "The six pairs for 2 ⊗ 3 exclude only 0, 1 and 3.",
        ),
        (
            "For 2 ⊗ 2 the four pairs with a' and b' below 2 exclude the values 0, 2, 2 and 1. \
             The excluded set is {0, 1, 2} and its mex is 3.",
            "For 2 ⊗ 2 the four pairs with a' and b' below 2 exclude the values 0, 2, 2 and 1. \
             The excluded set is {0, 1, 2} and its mex is 4.",
        ),
        (
            "The field below 256 has exactly three proper subfields, those below 2, 4 and 16, \
             and the field below 65536 has four.",
            "The field below 256 has exactly three proper subfields, those below 2, 4 and 16, \
             and the field below 65536 has five.",
        ),
    ]);
    // A bound that is not the product's leaves the sentence unread.
    assert!(refused_unread(
        "For 2 ⊗ 2 the four pairs with a' and b' below 3 exclude the values 0, 2, 2 and 1."
    ));
}

#[test]
fn products_below_a_size_are_counted_in_more_words() {
    true_and_false(&[
        (
            "In all, 24 of the 64 products of two nimbers below 8 land outside the range.",
            "In all, 25 of the 64 products of two nimbers below 8 land outside the range.",
        ),
        (
            "Counting all 64 products of two nimbers below 8, exactly 24 of them leave the \
             range, which is 37.5 per cent, or three products in eight.",
            "Counting all 64 products of two nimbers below 8, exactly 24 of them leave the \
             range, which is 37.5 per cent, or three products in seven.",
        ),
        (
            "In fact 24 of the 64 products of nimbers below 8 land on 8 or more.",
            "In fact 24 of the 64 products of nimbers below 8 land on 4 or more.",
        ),
        (
            "Of the 64 products of values below 8, exactly 24 are 8 or more, which is 37.5 \
             percent, or three eighths of the table.",
            "Of the 64 products of values below 8, exactly 24 are 8 or more, which is 37.5 \
             percent, or five eighths of the table.",
        ),
        (
            "All 225 products of two nonzero values below 16 are nonzero.",
            "All 256 products of two nonzero values below 16 are nonzero.",
        ),
        (
            "Exactly 15 pairs of values below 16 have nim-product 1, and 31 have nim-product 0.",
            "Exactly 15 pairs of values below 16 have nim-product 1, and 30 have nim-product 0.",
        ),
    ]);
}

#[test]
fn exceptions_are_listed_without_their_noun_and_after_a_preperiod() {
    true_and_false(&[
        (
            "Kayles is periodic from heap size 71, with exactly fourteen exceptions.",
            "Kayles is periodic from heap size 71, with exactly thirteen exceptions.",
        ),
        (
            "The exceptions of Kayles are at 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 \
             and 70.",
            "The exceptions of Kayles are at 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 \
             and 71.",
        ),
        (
            "Kayles becomes periodic at heap size 71. Its exceptions are at heap sizes 0, 3, \
             6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 and 70.",
            "Kayles becomes periodic at heap size 71. Its exceptions are at heap sizes 0, 3, \
             6, 9, 11, 15, 18, 21, 22, 28, 34, 39 and 70.",
        ),
    ]);
}

#[test]
fn a_count_of_losses_is_a_value_wherever_it_stands() {
    for text in [
        "Kayles: period 12, so 26 losses among the heaps below 100.",
        "26 losses among the heaps below 100.",
        "Kayles has period 12, so 5 P-positions below 30.",
    ] {
        assert!(refused_unread(text), "{text}");
    }
    // Some of them picked out, or a count of everyday things, states none.
    for text in [
        "The first 20 losses are listed below.",
        "We had 26 visitors.",
    ] {
        assert!(!refused_unread(text), "{text}");
    }
}

#[test]
fn exceptions_counted_after_a_start_are_read() {
    true_and_false(&[
        (
            "Kayles repeats from heap size 71, after fourteen exceptions: at 0, 3, 6, 9, 11, 15, \
             18, 21, 22, 28, 34, 39, 57 and 70.",
            "Kayles repeats from heap size 71, after fourteen exceptions: at 0, 3, 6, 9, 11, 15, \
             18, 21, 22, 28, 34, 39, 56 and 70.",
        ),
        (
            "Kayles repeats from heap size 71, after fourteen exceptions.",
            "Kayles repeats from heap size 71, after thirteen exceptions.",
        ),
    ]);
}

#[test]
fn a_move_or_a_count_of_moves_is_read_of_the_heaps_named_before() {
    let lex = crate::math::lexicon::Lexicon::builtin();
    // Whether every claim read in `text` holds, or None when none is read.
    let holds = |text: &str| {
        let read = super::read_text_in(text, &lex);
        let all = read.iter().all(|f| match &f.lint {
            Lint::Claim(s) => s.check().is_ok_and(|v| v.holds),
            _ => false,
        });
        (!read.is_empty()).then_some(all)
    };
    for (t, f) in [
        (
            "Heaps of 11, 13 and 17 have nim-sum 23. So the winning move is to reduce the heap \
             of 17 to 6.",
            "Heaps of 11, 13 and 17 have nim-sum 23. So the winning move is to reduce the heap \
             of 17 to 7.",
        ),
        (
            "Heaps of 10, 15, 22 and 27 have nim-sum 8. That makes three winning moves in this \
             position.",
            "Heaps of 10, 15, 22 and 27 have nim-sum 8. That makes four winning moves in this \
             position.",
        ),
        (
            "The least primitive element below 256 turns out to be 18.",
            "The least primitive element below 256 turns out to be 16.",
        ),
    ] {
        assert_eq!(holds(t), Some(true), "{t}");
        assert_eq!(holds(f), Some(false), "{f}");
    }
    // With no heaps named before, a count of winning moves is refused, not published.
    assert!(refused_unread(
        "That makes four winning moves in this position."
    ));
    // A verb of being in four words keeps its number within the eye's reach.
    assert!(refused_unread(
        "The least primitive element below 256 turns out to be 16."
    ));
}

#[test]
fn a_sense_set_off_by_commas_and_a_polynomial_named_after_has_are_read() {
    true_and_false(&[
        (
            "Three times seven, in nim-multiplication, is fourteen.",
            "Three times seven, in nim-multiplication, is twelve.",
        ),
        (
            "In nim-multiplication, three times seven is fourteen.",
            "In nim-multiplication, three times seven is twelve.",
        ),
        (
            "9 has minimal polynomial x^4 + x^3 + 1.",
            "9 has minimal polynomial x^4 + x + 1.",
        ),
    ]);
    // Unread, each is refused: the sense between commas is near the numbers on either
    // side, and a polynomial's letter is no variable of a law.
    for text in [
        "Three times seven, in nim-multiplication, comes out as twelve.",
        "In nim-multiplication, three by seven makes twelve.",
        "9 has minimal polynomial x^4 + x + 1.",
    ] {
        assert!(refused_unread(text), "{text}");
    }
    // A law over a variable states no fact of its own, its letter first or not.
    assert!(!refused_unread("For every x below 16, x ⊕ x = 0."));
    assert!(!refused_unread("x has order 15 here."));
    // A game's name before a comma is no sense: "In Kayles a row of 3 … are worth 2, which
    // is not 0", as the reader's masking of its claim leaves it.
    assert!(!refused_unread(
        "In Kayles                                       , which is not 0."
    ));
}

#[test]
fn dividing_said_as_multiplying_and_a_number_in_apposition_are_read_or_refused() {
    true_and_false(&[
        (
            "So dividing by 32 is the same as multiplying by 85.",
            "So dividing by 32 is the same as multiplying by 84.",
        ),
        (
            "Dividing by 3 means multiplying by 2.",
            "Dividing by 3 means multiplying by 3.",
        ),
    ]);
    // A number in apposition at the clause's end is said of the notion before it.
    assert!(refused_unread(
        "Since 16 is a Fermat 2-power, 16 ⊗ 20 is just the ordinary product, 320."
    ));
    // Not one in a list that goes on.
    assert!(!refused_unread("The year was 1902, 3 years on."));
}

#[test]
fn a_value_after_its_options_may_name_the_mex_first() {
    true_and_false(&[(
        "A row of four pins in Kayles has four options, worth 3, 3, 2 and 0, so its value is \
         their mex, 1.",
        "A row of four pins in Kayles has four options, worth 3, 3, 2 and 0, so its value is \
         their mex, 2.",
    )]);
}

#[test]
fn a_count_of_nonzero_elements_in_passing_and_a_relative_aside_are_read_or_refused() {
    true_and_false(&[(
        "Each of the 15 nonzero elements of the field below 16 has an inverse.",
        "The inverse check covers each of the 16 nonzero elements of the field below 16.",
    )]);
    // A relative clause between commas stands between a notion and what its verb says.
    assert!(refused_unread(
        "The product 3141 ⊗ 5926, which the text discusses but omits, equals 14996."
    ));
    // A number inside the relative clause is left to the clause.
    assert!(!refused_unread(
        "The product, which came up in 1902 and later, was new."
    ));
}

#[test]
fn a_win_or_a_loss_is_a_games_only_where_the_sentence_speaks_of_play() {
    // Everyday wins and losses state nothing about a game.
    assert!(!refused_unread(
        "Megan has taken up bowls, and her team won 14 of their 20 matches."
    ));
    assert!(!refused_unread("We lost 3 of our 5 rounds last spring."));
    // Said of a number, or beside a word of play, a win or a loss is a claim.
    assert!(refused_unread("Fourteen is a loss."));
    assert!(refused_unread("The first player wins with 7 and 7 in Nim."));
    assert!(refused_unread("Her side lost with heaps of 3 and 5."));
}

#[test]
fn several_ordinals_have_an_order_each() {
    true_and_false(&[(
        "Both ω + 1 and ω + 2 have order 63.",
        "Both ω + 1 and ω + 2 have order 21.",
    )]);
    true_and_false(&[(
        "The elements ω and ω + 1 have degree 6.",
        "The elements ω and ω + 1 have degree 3.",
    )]);
}

#[test]
fn an_idiom_of_worth_states_no_value() {
    assert!(!refused_unread(
        "To see why a row of 4 is worth so little, look at its moves."
    ));
    assert!(!refused_unread("Heaps of 3 and 5 are worth a look."));
    // A value, or a comparison, after "worth" is stated.
    assert!(refused_unread(
        "A row of 4 is worth rather more than 3 here."
    ));
    assert!(refused_unread(
        "To see why a row of 4 is worth ∗1, look at its moves."
    ));
}

#[test]
fn products_and_sums_in_words_with_no_sense_are_read_as_plain_math() {
    true_and_false(&[
        (
            "Seven times seven, finally, is four again.",
            "Seven times seven, finally, is five again.",
        ),
        ("Two times two is three.", "Two times two is five."),
        ("Six plus three is five.", "Six plus three is four."),
        (
            "As a check, 172 is 128 plus 32 plus 8 plus 4.",
            "As a check, 172 is 128 plus 32 plus 8 plus 5.",
        ),
        (
            "The first sixteen values of Kayles, for rows of 0 to 15 pins, are 0, 1, 2, 3, 1, \
             4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7.",
            "The first sixteen values of Kayles, for rows of 0 to 15 pins, are 0, 1, 2, 3, 1, \
             4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 6.",
        ),
    ]);
    // Said with an aside the grammar does not take, the operation is refused, not passed.
    assert!(refused_unread(
        "Seven times seven, by the same token as before and for the same reason, is five."
    ));
    assert!(refused_unread("Three plus five, as we saw, equals nine."));
    // Numbers of everyday prose are no operation.
    assert!(!refused_unread("I went there 3 times in 4 years."));
}

#[test]
fn the_nim_sum_opening_a_sentence_is_of_the_heaps_of_the_sentence_before() {
    true_and_false(&[(
        "Our very first puzzle was heaps of 1, 4 and 5. The nim-sum is zero, so the mover loses.",
        "Our very first puzzle was heaps of 1, 4 and 6. The nim-sum is zero, so the mover loses.",
    )]);
    // Heaps two sentences back are too far for "the".
    assert!(
        read_with_games(
            "Heaps of 1, 4 and 6 were in the first puzzle. The rules were simple. The nim-sum is 3."
        )
        .is_empty()
    );
}

#[test]
fn a_text_names_its_own_field_before_the_blocks_before_it_do() {
    let lex = crate::math::lexicon::Lexicon::builtin();
    let before = "Which orders occur in the field below 256?\n\n";
    let read = |text: &str| super::read_text_with(text, &lex, None, Some(before));
    // With no field of its own, a census is of the field the blocks before named.
    assert!(
        !read("Solution. The orders that occur are 1, 3, 5, 15, 17, 51, 85 and 255.").is_empty()
    );
    // A field of its own that no count ranges over is not looked past.
    assert!(
        read(
            "The census of the field of 64 elements generated by ω: one element of order 1, two \
         of order 3 and six of order 7."
        )
        .is_empty()
    );
}

#[test]
fn a_set_named_first_with_what_it_misses_and_its_mex_is_read() {
    true_and_false(&[
        (
            "In {0, 2, 4, 6} the number 1 is missing, so the mex is 1.",
            "In {0, 2, 4, 6} the number 1 is missing, so the mex is 3.",
        ),
        (
            "In {0, 2, 4, 6} the number 1 is missing, so the mex is 1.",
            "In {0, 2, 4, 6} the number 2 is missing, so the mex is 1.",
        ),
        (
            "In {0, 1, 2, 5} the numbers 0, 1 and 2 are present and 3 is missing, so the mex is 3.",
            "In {0, 1, 2, 5} the numbers 0, 1 and 3 are present and 3 is missing, so the mex is 3.",
        ),
        (
            "In {0, 1, 3, 4} the first gap is at 2, so the mex is 2.",
            "In {0, 1, 3, 4} the first gap is at 3, so the mex is 2.",
        ),
        (
            "In {2, 3} the number 0 is already missing, so the mex is 0.",
            "In {2, 3} the number 0 is already missing, so the mex is 1.",
        ),
    ]);
}

#[test]
fn a_property_of_the_number_a_claim_ends_with_is_read() {
    true_and_false(&[
        (
            "The seventeenth power of 16 is 8, which has order 5.",
            "The seventeenth power of 16 is 8, which has order 3.",
        ),
        (
            "The fifth power of 2 is 3, whose inverse is 2.",
            "The fifth power of 2 is 3, whose inverse is 7.",
        ),
        (
            "The twenty-first nim-power of 2 is 1.",
            "The twenty-first nim-power of 2 is 2.",
        ),
        (
            "The 255th nim-power of 7 is 1.",
            "The 255th nim-power of 7 is 7.",
        ),
    ]);
    for (word, k) in [
        ("seventeenth", 17),
        ("twenty-first", 21),
        ("255th", 255),
        ("ninth", 9),
    ] {
        assert_eq!(super::words::ordinal_power(word), Some(k), "{word}");
    }
    for word in ["first", "21th", "255nd", "th", "twenty-tenth", "1234567th"] {
        assert_eq!(super::words::ordinal_power(word), None, "{word}");
    }
}

#[test]
fn they_together_is_the_sum_of_the_positions_the_sentence_before_lists() {
    true_and_false(&[
        (
            "In Kayles, rows of 4 and 5 are worth 1 and 4. Together they are a first-player win.",
            "In Kayles, rows of 1 and 4 are worth 1 and 1. Together they are a first-player win.",
        ),
        (
            "In Kayles, rows of 4 and 5 are worth 1 and 4. They are worth 5 together.",
            "In Kayles, rows of 4 and 5 are worth 1 and 4. They are worth 4 together.",
        ),
        (
            "In Kayles, rows of 6 and 7, worth 3 and 2, are worth 1 together.",
            "In Kayles, rows of 6 and 7, worth 3 and 1, are worth 1 together.",
        ),
    ]);
    // With no "together", "they" is not the sum.
    assert!(
        read_with_games("In Kayles, rows of 4 and 5 are worth 1 and 4. They are a win.")
            .iter()
            .all(|r| r.0 != "kayles(4) ⊕ kayles(5) ≠ 0")
    );
}

#[test]
fn a_count_of_them_is_of_the_values_a_sentence_before_lists() {
    let list = "The first twelve values of Kayles, G(0) to G(11), are 0, 1, 2, 3, 1, 4, 3, 2, 1, \
                4, 2, 6.";
    let t = |s: &str| format!("{list} {s}");
    let pairs = [
        (
            t("A quarter of them, three of the twelve, equal 1."),
            t("A quarter of them equal 4."),
        ),
        (
            t("A quarter of them equal 1."),
            t("A quarter of them, four of the twelve, equal 1."),
        ),
        (
            t("A quarter of them equal 1. Likewise two of them equal 4."),
            t("A quarter of them equal 1. Likewise a quarter of them equal 4."),
        ),
    ];
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    true_and_false(&pairs);
    // Three sentences back is too far.
    let far = t("The rows fall. Pins stand. Two of them equal 4.");
    assert!(
        read_with_games(&far)
            .iter()
            .all(|r| !r.0.starts_with("count"))
    );
}

#[test]
fn a_value_set_off_at_the_end_of_a_clause_that_names_it_is_refused_unread() {
    assert!(refused_unread(
        "The rule need not apply, although for 4 ⊗ 8 it happens to give the right answer, 32."
    ));
    // Words between that do not say what the number is keep it apart.
    assert!(!refused_unread(
        "The rule need not apply, although for 4 ⊗ 8 it happens to hold in this chapter, 3."
    ));
}

#[test]
fn every_element_with_its_count_of_roots_is_read_and_a_bound_is_no_subject() {
    true_and_false(&[
        (
            "Every value below 16 has exactly one square root below 16.",
            "Every value below 16 has exactly two square roots below 16.",
        ),
        (
            "Every nonzero element below 16 has exactly one square root.",
            "Every nonzero element below 16 has exactly one cube root.",
        ),
    ]);
    // The bound of "every value below 16" is not the subject of "has one square root".
    assert!(
        read_with_games("Every value below 16 has exactly one square root below 16.")
            .iter()
            .all(|r| !r.0.contains("= 16}"))
    );
}

#[test]
fn the_sizes_of_a_list_of_first_values_may_be_set_off_in_either_notation() {
    true_and_false(&[
        (
            "The first four values of Kayles, for rows of 0 to 3 pins, are 0, 1, 2, 3.",
            "The first four values of Kayles, for rows of 0 to 3 pins, are 0, 1, 2, 2.",
        ),
        (
            "The first four values of Kayles, K(0) to K(3), are 0, 1, 2, 3.",
            "The first four values of Kayles, K(0) to K(3), are 0, 1, 1, 3.",
        ),
    ]);
    // Sizes that do not match the count are no reading.
    assert!(
        read_with_games("The first four values of Kayles, K(0) to K(4), are 0, 1, 2, 3.")
            .iter()
            .all(|r| !r.0.starts_with("kayles"))
    );
}

#[test]
fn its_period_inside_a_sentence_is_of_the_sentence_s_subject() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new(
        "dawson",
        Some("Dawson's Kayles"),
        None,
    ));
    let read = |t: &str| super::read_text_in(t, &lex);
    // Dawson's chess is no game of the page: its period is not Dawson's Kayles'.
    assert!(read("Dawson's chess has the same values, so its period is also 34.").is_empty());
    assert!(!read("Dawson's Kayles is old, and its period is 34.").is_empty());
    // Opening a sentence, "its" may be the page's game.
    assert!(!read("Its period is 34.").is_empty());
}

#[test]
fn the_article_a_names_no_game_called_a() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new("a", None, None));
    lex.add_game(crate::math::lexicon::GameWords::new("g", None, None));
    let read = |t: &str| -> Vec<String> {
        super::read_text_in(t, &lex)
            .iter()
            .filter_map(|f| match &f.lint {
                Lint::Claim(s) => Some(s.to_text()),
                _ => None,
            })
            .collect()
    };
    let found = read("A heap of seven is a loss. Thirteen is the first heap with value 3.");
    assert!(found.iter().all(|t| !t.contains("a(")), "{found:?}");
    // Named as a game, it is the game.
    let found = read("In the game a, a heap of 2 is worth 2.");
    assert!(found.iter().any(|t| t.contains("a(2)")), "{found:?}");
}

#[test]
fn a_nim_sum_of_ordinal_terms_in_words_is_read_whole() {
    true_and_false(&[
        (
            "The nim-sum of ω·3 + 5 and ω·6 + 1 is ω·5 + 4.",
            "The nim-sum of ω·3 + 5 and ω·6 + 1 is ω·5 + 5.",
        ),
        (
            "The nim-sum of ω + 5 and ω + 1 is 4.",
            "The nim-sum of ω + 5 and ω + 1 is 5.",
        ),
    ]);
}

#[test]
fn field_sizes_below_a_bound_possible_orders_and_remaining_degrees_are_read() {
    true_and_false(&[
        (
            "The field sizes below 300 are 2, 4, 16 and 256.",
            "The field sizes below 300 are 2, 4 and 16.",
        ),
        (
            "The field sizes below 300 are 2, 4, 16 and 256.",
            "The field sizes below 200 are 2, 4, 16 and 256.",
        ),
        (
            "In the field below 16 the possible orders are the divisors 1, 3, 5 and 15.",
            "In the field below 16 the possible orders are the divisors 1, 3 and 15.",
        ),
        (
            "Of the field below 256, 16 elements lie in a proper subfield. The remaining 240 \
             values all have degree 8.",
            "Of the field below 256, 16 elements lie in a proper subfield. The remaining 240 \
             values all have degree 4.",
        ),
    ]);
}

#[test]
fn the_least_element_of_an_order_in_this_field_is_read() {
    true_and_false(&[
        (
            "Find the order of 16 in the field below 256. The least element of order 255 in \
             this field is 18.",
            "Find the order of 16 in the field below 256. The least element of order 255 in \
             this field is 17.",
        ),
        (
            "The smallest element of order 5 below 16 is 8.",
            "The smallest element of order 5 below 16 is 10.",
        ),
    ]);
}

#[test]
fn a_value_set_off_after_an_outcome_is_read_too() {
    // In Nim, with no game declared.
    for (text, holds) in [
        ("A heap of seven is a win, value 7.", true),
        ("A heap of seven is a win, value 6.", false),
    ] {
        let found = read_text(text);
        assert_eq!(found.len(), 2, "{text}: {found:?}");
        let all = found.iter().all(|f| match &f.lint {
            Lint::Claim(s) => s.check().expect("checks").holds,
            _ => false,
        });
        assert_eq!(all, holds, "{text}");
    }
    true_and_false(&[(
        "In Kayles, a row of 4 pins is a win, value 1.",
        "In Kayles, a row of 4 pins is a win, value 2.",
    )]);
}

#[test]
fn a_question_cut_short_after_one_states_nothing() {
    assert!(!refused_unread(
        "How many values are left unchanged by squaring four times in a row? And by squaring \
         eight times?"
    ));
    // A sentence that opens with "And" and states a value is no question.
    assert!(refused_unread(
        "How many values are left unchanged by squaring four times? And by squaring eight times \
         the count is 256."
    ));
}

#[test]
fn field_sizes_of_zero_or_below_zero_are_no_reading_and_no_panic() {
    // A bound below the sizes listed is false, not an overflow.
    let found = read_text("The field sizes below 0 are 2 and 4.");
    assert!(
        found
            .iter()
            .any(|f| matches!(&f.lint, Lint::Claim(s) if !s.check().expect("checks").holds)),
        "{found:?}"
    );
    // Sizes below 2 name no field to read.
    for text in [
        "The field sizes are 0 and 0.",
        "The field sizes below 1 are 0 and 1.",
    ] {
        assert!(
            read_text(text)
                .iter()
                .all(|f| !matches!(f.lint, Lint::Claim(_))),
            "{text}"
        );
    }
}

#[test]
fn a_nim_sum_after_a_list_is_of_the_numbers_listed() {
    true_and_false(&[
        (
            "Take five, leaving heaps of 1, 4 and 5, whose nim-sum is 0.",
            "Take five, leaving heaps of 1, 4 and 5, whose nim-sum is 1.",
        ),
        (
            "Take 5, 9 and 11, where the nim-sum is 7.",
            "Take 5, 9 and 11, where the nim-sum is 6.",
        ),
        (
            "He moved to 12, 20 and 24, of nim-sum 0, and won.",
            "He moved to 12, 20 and 24, of nim-sum 2, and won.",
        ),
        (
            "Three heaps, 9, 10 and 11: nim-sum 8.",
            "Three heaps, 9, 10 and 11: nim-sum 9.",
        ),
        (
            "The nim-sum of 1, 2, …, 7 is 0.",
            "The nim-sum of 1, 2, …, 6 is 0.",
        ),
    ]);
    // Rows of a game are positions, whose nim-sum is of their values, not of their sizes.
    let read = read_with_games("Rows of 1, 4 and 5, whose nim-sum is 0.");
    assert!(read.iter().all(|r| r.1.is_none()), "{read:?}");
}

#[test]
fn pins_counted_and_sizes_between_two_bounds_are_read() {
    true_and_false(&[
        (
            "In Kayles, two pins, value 2.",
            "In Kayles, two pins, value 1.",
        ),
        (
            "In Kayles fifteen pins has value 7.",
            "In Kayles fifteen pins has value 6.",
        ),
        (
            "In the game s, the heaps of value 0 between 10 and 30 are 14, 16, 21, 23, 28 and 30.",
            "In the game s, the heaps of value 0 between 10 and 30 are 14, 16, 21, 23 and 28.",
        ),
        (
            "And Kayles ends up with period 12.",
            "And Kayles ends up with period 34.",
        ),
        (
            "In Kayles the period is 12, and it starts only at heap size 71.",
            "In Kayles the period is 12, and it starts only at heap size 70.",
        ),
        // The empty row, lost in every game, is no row.
        (
            "In Kayles no single row is a loss for the mover: take the middle one or two.",
            "In the game s no single heap is a loss for the mover: take one or two.",
        ),
    ]);
}

#[test]
fn a_time_with_colons_is_no_value() {
    assert!(!refused_unread("## [00:01:40] The least excluded value"));
    assert!(!refused_unread("- [00:42:00] The nim-product, by hand"));
    // A value beside a time is still one.
    assert!(refused_unread("[00:01:40] The least excluded value is 4"));
    assert!(refused_unread("The least excluded value is 4:5"));
}

#[test]
fn heaps_set_out_after_a_colon_state_nothing() {
    assert!(!refused_unread("Heaps on the slide: 4, 7 and 9."));
    assert!(!refused_unread("The heaps: 4, 7 and 9."));
    // A value beside them is a fact.
    assert!(refused_unread("Heaps: 4, 7 and 9, nim-sum 3."));
    assert!(refused_unread("The heaps have nim-sum: 4 and 9."));
}

#[test]
fn a_pronoun_after_an_expression_stands_for_it() {
    true_and_false(&[
        (
            "The first product is 4 ⊗ 4, and it comes to 6.",
            "The first product is 4 ⊗ 4, and it comes to 7.",
        ),
        (
            "The nim-product of 3 and 5, and it is 15.",
            "The nim-product of 3 and 5, and it is 14.",
        ),
    ]);
}

#[test]
fn numbers_listed_bare_after_with_have_a_nim_sum() {
    true_and_false(&[(
        "With 5, 9 and 11 the nim-sum is 7.",
        "With 5, 9 and 11 the nim-sum is 6.",
    )]);
    // Whose value they are is not said.
    let read = read_with_games("For 5 and 9 the value is 12.");
    assert!(read.iter().all(|r| r.1.is_none()), "{read:?}");
}

#[test]
fn powers_roots_and_orders_said_of_a_field_or_an_element() {
    true_and_false(&[
        (
            "ω has order 9 and degree 6, so the smallest field holding it has 64 elements.",
            "ω has order 9 and degree 6, so the smallest field holding it has 16 elements.",
        ),
        (
            "No value below 16 has cube 2.",
            "No value below 16 has cube 8.",
        ),
        (
            "No element below 16 is a cube root of 2.",
            "No element below 16 is a cube root of 8.",
        ),
        (
            "In the field below 16, every order divides 15.",
            "In the field below 16, every order divides 5.",
        ),
        (
            "The values 1, 2 and 3 all have cube 1.",
            "The values 1, 2 and 4 all have cube 1.",
        ),
        ("14 has cube 10.", "14 has cube 13."),
        (
            "The nine powers of ω are ω, ω², 2, ω·2, ω²·2, 3, ω·3, ω²·3 and 1.",
            "The nine powers of ω are ω, ω², 2, ω·2, ω²·3, 3, ω·3, ω²·3 and 1.",
        ),
        (
            "The nine powers of ω are ω, ω², 2, ω·2, ω²·2, 3, ω·3, ω²·3 and 1.",
            "The eight powers of ω are ω, ω², 2, ω·2, ω²·2, 3, ω·3, ω²·3 and 1.",
        ),
        (
            "Take 4; its powers run 4, 6, 14, 5, 2, 8, 11, 7, 10, 3, 12, 13, 9, 15 and back to 1.",
            "Take 4; its powers run 4, 6, 14, 5, 2, 8, 11, 7, 10, 3, 12, 13, 9, 14 and back to 1.",
        ),
    ]);
    // "is a square root of 7" is of one number: not a count of the squares.
    let read = read_with_games("No element below 256 is a square root of 7.");
    assert!(
        read.iter().all(|r| r.1 == Some(false)) && read.len() == 1,
        "{read:?}"
    );
    // Without a field, what every order divides is not read.
    assert!(read_with_games("Every order divides 15.").is_empty());
}

#[test]
fn a_field_named_by_its_element_and_a_range_of_slides_state_nothing() {
    assert!(!refused_unread("Slides 26–28: the field of ω"));
    assert!(refused_unread(
        "Slides 26–28: the field of ω has 16 elements"
    ));
}

#[test]
fn counts_of_a_field_said_again_or_in_a_later_clause() {
    true_and_false(&[
        (
            "Four of the fifteen nonzero values have order 5, and eight are primitive.",
            "Four of the fifteen nonzero values have order 5, and nine are primitive.",
        ),
        (
            "Below 256, the order of 16 is 85, and there are 128 primitive elements.",
            "Below 256, the order of 16 is 85, and there are 120 primitive elements.",
        ),
        (
            "The elements of the field below 256 that lie in no proper subfield number 240.",
            "The elements of the field below 256 that lie in no proper subfield number 234.",
        ),
        (
            "The values below 16 in no proper subfield are 12 in number.",
            "The values below 16 in no proper subfield are 8 in number.",
        ),
        (
            "Scanning every size from 1 to 256, the fields occur exactly at 2, 4, 16 and 256.",
            "Scanning every size from 1 to 256, the fields occur exactly at 2, 4, 8, 16 and 256.",
        ),
    ]);
}

#[test]
fn counts_and_periods_of_games_in_note_form() {
    true_and_false(&[
        (
            "Below 20 the game s has 6 P-positions: 0, 2, 7, 9, 14 and 16.",
            "Below 20 the game s has 6 P-positions: 0, 2, 7, 9, 14 and 17.",
        ),
        (
            "Below 20 the game s has 6 P-positions.",
            "Below 20 the game s has 5 P-positions.",
        ),
        (
            "Kayles has period 12 from 71, the game s period 7 from 0.",
            "Kayles has period 12 from 71, the game s period 7 from 1.",
        ),
        (
            "Kayles has period 12 from 71, and the game s period 7.",
            "Kayles has period 12 from 71, and the game s period 14.",
        ),
    ]);
}

#[test]
fn what_someone_computes_and_what_a_map_sends_are_read() {
    true_and_false(&[
        (
            "In the worked example she multiplies 3 by 9 and correctly gets 27.",
            "In the worked example she multiplies 3 by 9 and correctly gets 6.",
        ),
        (
            "We nim-add 5 to 3 and obtain 6.",
            "We nim-add 5 to 3 and obtain 8.",
        ),
        (
            "On page 156 she correctly gives 65536 ⊗ 65536 as 65536 + 32768.",
            "On page 156 she correctly gives 65536 ⊗ 65536 as 65536 + 16384.",
        ),
        (
            "The table gives 7 ⊗ 7 as 4.",
            "The table gives 7 ⊗ 7 as 10.",
        ),
        (
            "The first is easy. The second, α₅, is also 4.",
            "The first is easy. The second, α₅, is also 2.",
        ),
        (
            "Altogether the sixteen cubes take only six different values.",
            "Altogether the sixteen cubes take only five different values.",
        ),
        (
            "The nonzero squares below 16 take 15 values.",
            "The nonzero cubes below 16 take 6 values.",
        ),
        (
            "Under squaring 5 is sent to 7.",
            "Under squaring 5 is sent to 6.",
        ),
        (
            "Figure 6.2: squaring below 16, under which 5 is sent to 7.",
            "Figure 6.2: squaring below 16, under which 5 is sent to 6.",
        ),
    ]);
}

#[test]
fn asides_powers_written_with_a_caret_and_negated_fields_are_read() {
    true_and_false(&[
        (
            "The nim-square of 2^63 is 16017865340936038689.",
            "The nim-square of 2^63 is 16017865340936038688.",
        ),
        (
            "The nim-square of 2^64 − 1 is 11290409524105353207.",
            "The nim-square of 2^64 − 1 is 11290409524105353208.",
        ),
        (
            "The next generator, ω^ω, has degree 20 and order 75.",
            "The next generator, ω^ω, has degree 20 and order 74.",
        ),
        (
            "The cube of 4 is 14, and 2 is the cube of nothing below 16.",
            "The cube of 4 is 14, and 8 is the cube of nothing below 16.",
        ),
        (
            "Below 8 the nimbers form no field.",
            "Below 16 the nimbers form no field.",
        ),
        (
            "In Kayles, knocking down an end pin leaves a row of four, of value 1.",
            "In Kayles, knocking down an end pin leaves a row of four, of value 2.",
        ),
        (
            "- the first five powers of 6 are 6, 5, 8, 7 and 3;",
            "- the first five powers of 6 are 6, 5, 8, 7 and 2;",
        ),
    ]);
    // "the first five powers" say nothing of the order.
    let read = read_with_games("- the first five powers of 6 are 6, 5, 8, 7 and 3;");
    assert!(read.iter().all(|r| !r.0.starts_with("ord")), "{read:?}");
}

#[test]
fn pairs_of_inverses_a_spoken_lead_and_the_value_at_the_last_exception_are_read() {
    true_and_false(&[
        (
            "Say: the inverse of four is fifteen; five and twelve are a pair, and so are six and nine.",
            "Say: the inverse of four is fifteen; five and twelve are a pair, and so are six and ten.",
        ),
        (
            "Say: ω has order 9 and degree 6, so the smallest field holding it has 64 elements.",
            "Say: ω has order 9 and degree 6, so the smallest field holding it has 16 elements.",
        ),
        (
            "In Kayles the last exception is at heap size 70, where the value is 6.",
            "In Kayles the last exception is at heap size 70, where the value is 5.",
        ),
    ]);
    // With no inverse in the sentence, "a pair" says nothing.
    assert!(read_with_games("Five and twelve are a pair.").is_empty());
}

#[test]
fn a_note_after_a_label_s_colon_and_a_last_exception_in_note_form_are_read() {
    true_and_false(&[
        (
            "Kayles, G(0) to G(299): period 12 from heap size 71.",
            "Kayles, G(0) to G(299): period 12 from heap size 70.",
        ),
        (
            "Kayles (code 0.77): period 12 from heap size 71, with the last exception at 70.",
            "Kayles (code 0.77): period 12 from heap size 71, with the last exception at 71.",
        ),
        (
            "Kayles: period 12 from heap size 71. Last exception at heap size 70.",
            "Kayles: period 12 from heap size 71. Last exception at heap size 69.",
        ),
    ]);
    assert!(read_with_games("Kayles. Last week we met.").is_empty());
}

#[test]
fn a_capital_letter_writing_values_in_general_names_no_game() {
    let mut lex = crate::math::lexicon::Lexicon::builtin();
    lex.add_game(crate::math::lexicon::GameWords::new("g", None, None));
    lex.add_game(crate::math::lexicon::GameWords::new(
        "octal_0_35",
        Some("0.35"),
        None,
    ));
    let text = "The octal game 0.35, G(0) to G(199): period 6 from heap size 1.";
    let read: Vec<String> = super::read_text_in(text, &lex)
        .iter()
        .filter_map(|f| match &f.lint {
            Lint::Claim(s) => Some(s.to_text()),
            _ => None,
        })
        .collect();
    assert_eq!(
        read,
        ["period(octal_0_35) = 6", "preperiod(octal_0_35) = 1"],
        "{read:?}"
    );
}

#[test]
fn the_ones_a_count_lists_after_its_colon_and_a_claim_past_an_aside_are_read() {
    true_and_false(&[
        (
            "Exactly five of the fifteen nonzero values below 16 are nim-cubes: 1, 8, 10, 13 and 14.",
            "Exactly five of the fifteen nonzero values below 16 are nim-cubes: 1, 8, 10, 13 and 15.",
        ),
        (
            "Exactly eight of the fifteen nonzero values below 16 are primitive: 4, 5, 6, 7, 9, 11, 12 and 15.",
            "Exactly eight of the fifteen nonzero values below 16 are primitive: 4, 5, 6, 7, 9, 11, 12 and 14.",
        ),
        (
            "The nimber 6, by contrast, has order 15.",
            "The nimber 6, by contrast, has order 5.",
        ),
        (
            "A row of 16 pins in Kayles, however, is worth 1.",
            "A row of 16 pins in Kayles, however, is worth 5.",
        ),
    ]);
    // A list as long as no count is not read, and so is refused.
    assert!(refused_unread_after_reading(
        "Exactly five of the fifteen nonzero values below 16 are cubes: 1, 8, 10 and 13."
    ));
}

#[test]
fn a_denial_in_words_is_of_nimbers_and_a_count_including_zero_is_not_read_as_nonzero() {
    true_and_false(&[(
        "The square of 6, however, is not 7.",
        "The square of 6, however, is not 5.",
    )]);
    assert!(refused_unread_after_reading(
        "Including 0, exactly five nimbers below 16 are nim-cubes."
    ));
}

#[test]
fn a_denied_claim_is_checked_as_denied() {
    true_and_false(&[
        ("13 and 15 are not inverses.", "13 and 14 are not inverses."),
        (
            "A heap of 5 is not lost in Kayles.",
            "A heap of 5 is not a first-player win in Kayles.",
        ),
        (
            "The nimbers below 8 aren't closed under nim-multiplication.",
            "The nimbers below 16 aren't closed under nim-multiplication.",
        ),
        (
            "It is not true that 13 and 15 are inverses.",
            "It is not true that 13 and 14 are inverses.",
        ),
        ("It is false that 3 ⊗ 3 = 3.", "It is false that 3 ⊗ 3 = 2."),
        (
            "It is not true that 3 ⊗ 3 = 3: the nim-square of 3 is 2.",
            "It is not true that 3 ⊗ 3 = 2: the nim-square of 3 is 2.",
        ),
        (
            "It is not the case that the nim-sum of 3 and 5 is 7.",
            "It is not the case that the nim-sum of 3 and 5 is 6.",
        ),
    ]);
    // A denial of two claims at once is no claim the checker can read.
    let read = read_with_games("It is not true that 2 is primitive in the field with 16 elements.");
    assert!(read.iter().all(|r| r.1.is_none()), "{read:?}");
}

#[test]
fn a_reported_claim_is_checked_as_its_verdict_says() {
    true_and_false(&[
        (
            "One team insisted that 13 and 14 are inverses; they are.",
            "One team insisted that 13 and 15 are inverses; they are.",
        ),
        (
            "One team insisted that 13 and 15 are inverses; they are not.",
            "One team insisted that 13 and 14 are inverses; they are not.",
        ),
        (
            "One team insisted that 13 and 14 are not inverses; they are, since 13 ⊗ 14 = 1.",
            "One team insisted that 13 and 15 are not inverses; they are, since 13 ⊗ 14 = 1.",
        ),
        (
            "Many candidates wrote that 8 ⊗ 8 = 12, which is wrong.",
            "Many candidates wrote that 8 ⊗ 8 = 13, which is wrong.",
        ),
        (
            "Ann said that 8 ⊗ 8 = 13, which is right.",
            "Ann said that 8 ⊗ 8 = 12, which is right.",
        ),
        (
            "One team wrongly claimed that 6 ⊗ 7 = 2.",
            "One team wrongly claimed that 6 ⊗ 7 = 3.",
        ),
        (
            "The Fans told the room, correctly, that 6 ⊗ 7 = 3.",
            "The Fans told the room, correctly, that 6 ⊗ 7 = 2.",
        ),
        // A report its own words disown is a denial.
        (
            "Nobody believes that 8 ⊗ 8 = 12.",
            "Nobody believes that 8 ⊗ 8 = 13.",
        ),
        (
            "It was once thought that 8 ⊗ 8 = 12.",
            "It was once thought that 8 ⊗ 8 = 13.",
        ),
        (
            "We do not claim that 8 ⊗ 8 = 12.",
            "We do not claim that 8 ⊗ 8 = 13.",
        ),
    ]);
}

#[test]
fn the_least_field_holding_a_number_is_read_from_the_field() {
    true_and_false(&[
        (
            "You need the field with 16 elements before 4 appears.",
            "You need the field with 16 elements before 3 appears.",
        ),
        (
            "The field with 16 elements is the first to contain 5.",
            "The field with 16 elements is the first to contain 3.",
        ),
        (
            "3 first appears in the field with 4 elements.",
            "3 first appears in the field with 16 elements.",
        ),
        (
            "You need the field with 4 elements to find 2.",
            "You need the field with 256 elements to find 2.",
        ),
    ]);
    // Said of a field that is none, it is refused.
    assert!(refused_unread(
        "3 first appears in the field with 8 elements."
    ));
}

#[test]
fn the_least_value_an_expression_never_reaches_is_read() {
    true_and_false(&[
        (
            "The first value that x ⊕ x ⊗ x never reaches below 4 is 2.",
            "The first value that x ⊕ x ⊗ x never reaches below 4 is 3.",
        ),
        (
            "Below 256 the least value that x ⊕ x ⊗ x never reaches is 128.",
            "Below 256 the least value that x ⊕ x ⊗ x never reaches is 64.",
        ),
        (
            "Below 16, the least value x ⊕ x ⊗ x misses is 8.",
            "Below 16, the least value x ⊕ x ⊗ x misses is 4.",
        ),
    ]);
    // A letter that runs inside a name does not make a law: unread, it is refused.
    assert!(refused_unread(
        "The least value x ⊕ x ⊗ x leaves out is 64."
    ));
    // An equation that picks out its letter defines it.
    let read = read_with_games("The quadratic is x ⊕ x ⊗ x = a for the least a that it misses.");
    assert!(read.iter().all(|r| r.0 == "NoClaim"), "{read:?}");
    // A letter in brackets labels an item; the item's claim is read.
    true_and_false(&[("(d) The inverse of 2 is 3.", "(d) The inverse of 2 is 2.")]);
}

#[test]
fn the_ordinal_roots_of_a_polynomial_are_read() {
    true_and_false(&[
        (
            "The roots of x³ + x + 1 in the field of ω are ω²·3 + ω, ω²·2 + ω·2 and ω² + ω·3.",
            "The roots of x³ + x + 1 in the field of ω are ω²·3 + ω, ω²·2 + ω·3 and ω² + ω·3.",
        ),
        (
            "The three roots of x³ ⊕ x ⊕ 1 in that field are ω²·3 + ω, ω²·2 + ω·2 and ω² + ω·3.",
            "The three roots of x³ ⊕ x ⊕ 1 in that field are ω²·3 + ω, ω²·3 + ω and ω² + ω·3.",
        ),
        (
            "The roots of x² ⊕ x ⊕ 1 are 2 and 3.",
            "The roots of x² ⊕ x ⊕ 1 are 2 and 4.",
        ),
    ]);
    // Fewer roots than the degree: the list may not be all of them, so it is not read.
    assert!(refused_unread_after_reading(
        "The roots of x³ + x + 1 there are ω²·3 + ω and ω² + ω·3."
    ));
}

#[test]
fn the_orders_the_elements_of_a_field_have_are_read() {
    true_and_false(&[
        (
            "The nonzero elements of the field below 16 have orders 1, 3, 5 and 15.",
            "The nonzero elements of the field below 16 have orders 1, 3, 5 and 17.",
        ),
        (
            "The field below 16 is named. Its elements have orders 1, 3, 5 and 15.",
            "The field below 16 is named. Its elements have orders 1, 3 and 15.",
        ),
    ]);
}

#[test]
fn a_correction_is_checked_with_the_value_it_gives() {
    true_and_false(&[
        (
            "I wrote 16 ⊗ 16 = 256, multiplying as ordinary numbers; the correct value is 24.",
            "I wrote 16 ⊗ 16 = 256, multiplying as ordinary numbers; the correct value is 25.",
        ),
        (
            "The answer to 8 ⊗ 8 was misprinted as 12; it is 13.",
            "The answer to 8 ⊗ 8 was misprinted as 12; it is 14.",
        ),
        (
            "Careful: 8 ⊗ 8 is not 12; it is 13.",
            "Careful: 8 ⊗ 8 is not 12; it is 12.",
        ),
        ("So 8 ⊗ 8 is not 12 but 13.", "So 8 ⊗ 8 is not 12 but 14."),
        (
            "Last week we said 7 ⊗ 7 = 5; in fact it is 4.",
            "Last week we said 7 ⊗ 7 = 5; in fact it is 6.",
        ),
        ("In the notes 8 ⊗ 8 was 13.", "In the notes 8 ⊗ 8 was 12."),
        (
            "The printed 8 ⊗ 8 was misprinted as 12.",
            "The printed 8 ⊗ 8 was misprinted as 13.",
        ),
    ]);
    // An answer to a question denies nothing after it.
    true_and_false(&[(
        "Is 6 ⊕ 9 ⊕ 15 a win? It isn't: 6 ⊕ 9 ⊕ 15 = 0.",
        "Is 6 ⊕ 9 ⊕ 14 a win? It isn't: 6 ⊕ 9 ⊕ 14 = 0.",
    )]);
}

#[test]
fn numbers_in_bits_are_read_as_binary_in_a_sentence_about_binary() {
    true_and_false(&[
        (
            "In binary 5 = 101 and 3 = 011, so 5 ⊕ 3 = 110 = 6.",
            "In binary 5 = 101 and 3 = 011, so 5 ⊕ 3 = 111 = 6.",
        ),
        // "10" is as often decimal: it stays so.
        (
            "In binary terms, 8 ⊕ 2 = 10.",
            "In binary terms, 8 ⊕ 2 = 11.",
        ),
        (
            "Here 5 ⊕ 3 = 6 and 3 ⊕ 5 = 110 ⊕ 104.",
            "Here 5 ⊕ 3 = 6 and 3 ⊕ 5 = 110.",
        ),
    ]);
}

#[test]
fn pairs_of_inverses_own_inverses_and_a_census_of_degrees_are_read() {
    true_and_false(&[
        (
            "2 and 3 are inverse to each other, and so are 4 and 15, 5 and 12, and 13 and 14.",
            "2 and 3 are inverse to each other, and so are 4 and 15, 5 and 13, and 12 and 14.",
        ),
        ("Here 1 is its own inverse.", "Here 2 is its own inverse."),
        (
            "So 0 and 1 are their own squares.",
            "So 0 and 2 are their own squares.",
        ),
        (
            "In the field below 256, two elements have degree 1, twelve have degree 4 and 240 \
             have degree 8.",
            "In the field below 256, two elements have degree 1, twelve have degree 4 and 242 \
             have degree 8.",
        ),
    ]);
    // A census that mixes orders and degrees is not one census: refused, not misread.
    assert!(refused_unread(
        "In the field below 16, four elements have order 5 and twelve have degree 4."
    ));
}

#[test]
fn a_power_named_with_no_base_is_of_the_base_named_before_and_an_ordinal_cube_is_read() {
    true_and_false(&[
        (
            "The fourth power of ω, in the nim sense, is ω·2. The fifth power is ω²·2, and \
             the ninth power is 1.",
            "The fourth power of ω, in the nim sense, is ω·2. The fifth power is ω²·2, and \
             the ninth power is 2.",
        ),
        (
            "The powers of 4 run 4, 6, 14. The fourth power is 5.",
            "The powers of 4 run 4, 6, 14. The fourth power is 6.",
        ),
        ("The cube of ω is 2.", "The cube of ω is 3."),
        // The sense set off by commas is a sense, not an aside: the ordinary 16 fails.
        (
            "The square of 4, in the nim sense, is 6.",
            "The square of 4, in the nim sense, is 16.",
        ),
        // Where the nimbers are not said, both readings of a square of ω must hold.
        ("The square of ω is ω².", "The cube of ω is ω³."),
    ]);
    // A power with no base named before it is no claim the checker can read.
    assert!(refused_unread("The fifth power is 3."));
}

#[test]
fn membership_of_a_named_field_and_an_approximate_percentage_are_read() {
    true_and_false(&[
        (
            "And 3 is one of the elements of that subfield of four elements.",
            "And 13 is one of the elements of that subfield of four elements.",
        ),
        (
            "And 2 and 3 lie in the subfield with 4 elements.",
            "And 2 and 5 lie in the subfield with 4 elements.",
        ),
        (
            "About 27% of the nonzero nimbers below 16 have order 5.",
            "About 33% of the nonzero nimbers below 16 have order 5.",
        ),
        (
            "About half of the 15 nonzero elements below 16 are primitive.",
            "About a third of the 15 nonzero elements below 16 are primitive.",
        ),
    ]);
    // A field of a size no field has is no field: refused.
    assert!(refused_unread(
        "And 3 is one of the elements of the subfield of 8 elements."
    ));
}

#[test]
fn how_many_values_a_term_takes_is_counted_over_its_image() {
    true_and_false(&[
        (
            "The map x ⊕ x ⊗ x takes exactly 8 of the 16 values below 16.",
            "The map x ⊕ x ⊗ x takes exactly 6 of the 16 values below 16.",
        ),
        (
            "Below 16, x ⊕ (x ⊗ x) reaches exactly half of the values.",
            "Below 16, x ⊕ (x ⊗ x) reaches exactly a quarter of the values.",
        ),
        (
            "Below 16, the values that x ⊕ (x ⊗ x) reaches are exactly half the field.",
            "Below 16, the values that x ⊗ x ⊗ x reaches are exactly half the field.",
        ),
    ]);
    // A bound too large to count over pairs, or a fraction of no whole number: refused.
    assert!(refused_unread(
        "Below 65536, x ⊕ x ⊗ x takes exactly half of the values."
    ));
    assert!(refused_unread(
        "Below 16, x ⊕ x ⊗ x takes exactly a third of the values."
    ));
}

#[test]
fn values_listed_where_each_first_appears_and_a_row_with_its_bare_value_are_read() {
    true_and_false(&[
        (
            "In Kayles the value 4 first appears at heap size 5, value 6 at 11.",
            "In Kayles the value 4 first appears at heap size 5, value 6 at 12.",
        ),
        (
            "In Kayles a row of four is 1, and a row of five is 4.",
            "In Kayles a row of four is 1, and a row of five is 3.",
        ),
    ]);
    // "is a P-position" is no value.
    let read = read_with_games("In Kayles a row of five is a win.");
    assert!(read.iter().all(|r| !r.0.contains("= 1")), "{read:?}");
}

#[test]
fn a_range_whose_members_all_have_one_degree_is_read() {
    true_and_false(&[
        (
            "In the field below 256 the 240 values from 16 to 255 have degree 8.",
            "In the field below 256 the 240 values from 16 to 255 have degree 4.",
        ),
        (
            "The 12 values from 4 to 15 all have degree 4.",
            "The 11 values from 4 to 15 all have degree 4.",
        ),
    ]);
}

#[test]
fn a_fraction_of_all_the_values_a_labelled_nim_sum_and_a_range_of_sizes_are_read() {
    true_and_false(&[
        (
            "A quarter of the sixteen values below 16 have order 5.",
            "A third of the fifteen values below 16 have order 5.",
        ),
        (
            "Heaps of 7, 11 and 12: the nim-sum is 0, so the player to move loses.",
            "Heaps of 7, 11 and 13: the nim-sum is 0, so the player to move loses.",
        ),
    ]);
    // The sixteen values below 16 include 0: they are not the fifteen units.
    let read = read_with_games("A quarter of the sixteen values below 16 have order 5.");
    assert!(read.iter().all(|r| !r.0.contains("units")), "{read:?}");
    // "heap sizes 0 to 299" is a range, not a value of a heap.
    let text = "The table shows heap sizes 0 to 299.";
    assert!(!refused_unread(text), "{text}");
    assert!(refused_unread("The table shows that heap 0 is worth 3."));
    // A bound said with the unit of what it bounds.
    for text in [
        "The octal game 0.07, values up to heap size 99.",
        "The values of Kayles from a row of 0 to a row of 299.",
    ] {
        assert!(!refused_unread(text), "{text}");
    }
}

#[test]
fn a_game_that_starts_with_its_values_and_the_whole_thing_repeating_are_read() {
    true_and_false(&[
        (
            "Kayles starts 0, 1, 2, 3, 1, 4 and has period 12 from heap size 71.",
            "Kayles starts 0, 1, 2, 3, 1, 4 and has period 12 from heap size 70.",
        ),
        (
            "Kayles starts 0, 1, 2, 3, 1, 4 and has period 12.",
            "Kayles starts 0, 1, 2, 3, 1, 3 and has period 12.",
        ),
        (
            "The whole thing repeats with period 7.",
            "The whole thing repeats with period 6.",
        ),
    ]);
}

#[test]
fn a_mex_of_a_set_written_out_in_prose_and_of_a_range_in_words_is_read() {
    true_and_false(&[
        (
            "For example, mex{0, 1, 3} = 2, mex{1, 2} = 0 and mex ∅ = 0.",
            "For example, mex{0, 1, 3} = 2, mex{1, 2} = 3 and mex ∅ = 0.",
        ),
        ("And mex {2, 3, 4} = 0.", "And mex {2, 3, 4} = 1."),
        ("The mex of 0 to 9 is 10.", "The mex of 0 to 9 is 9."),
    ]);
    // A set that is no list of numbers is no mex written out.
    let read = read_with_games("The mex{a, b} = 2 of a set.");
    assert!(read.iter().all(|r| !r.0.contains("mex(")), "{read:?}");
}
