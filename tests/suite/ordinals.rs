//! Rung 5 through the binary: `eval` beyond the whole numbers, the ordinal directives true
//! and false, and a false claim about ω failing the build at its line.

use std::process::{Command, Output};

use crate::common::{Site, stderr};

fn eval(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .arg("eval")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn eval_agrees_with_the_worked_facts() {
    let out = eval(&[
        "w^3",
        "(w+1)^-1",
        "alpha(7)",
        "excess(19)",
        "deg(w)",
        "ord(w)",
        "w*w",
        "w^4",
        "w**3",
        "deg(w**w)",
        "ord(w**w)",
        "(w**w)^5",
        "(w**(w**2))^7",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "2\nw**2*2 + w*2 + 2\nw + 1\n4\n6\n9\nw**2\nw*2\nw**3\n20\n75\n4\nw + 1\n"
    );
}

#[test]
fn eval_exit_codes_beyond_the_whole_numbers() {
    let out = eval(&["w^3 = 2", "inv(w + 1) = w**2*2 + w*2 + 2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "true\ntrue\n");
    let out = eval(&["w^3 = 3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "false\n  = the left side is 2 and the right side is 3\n"
    );
    let out = eval(&["w**(w**w)"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("ω^(ω^ω)"), "{}", stderr(&out));
    for bad in [
        "alpha(283)",
        "alpha(9)",
        "inv(w + w)",
        "w**w**w",
        "ord(w**(w**9))",
    ] {
        let out = eval(&[bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stdout(&out));
        assert!(
            stderr(&out).starts_with("error: "),
            "{bad}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_false_claim_about_omega_fails_the_build_at_its_line() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nTrue: {nim}`w^3 = 2`.\n\nFalse: {nim}`w^3 = 3`.\n",
    );
    let err = site.build_err();
    assert!(err.contains("first.md:8:"), "{err}");
    assert!(
        err.contains("the left side is 2 and the right side is 3"),
        "{err}"
    );
    assert!(!err.contains("first.md:6:"), "{err}");
}

#[test]
fn claims_about_omega_build_and_render_as_cantor_normal_form() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n{nim}`inv(w + 1)` and {nim}`w^3 = 2`.\n\n\
         ```{claim}\nw**3 != w^3\nalpha(7) = w + 1\n```\n\nPlain: $\\omega^{\\otimes 3} = 2$.\n",
    );
    let files = site.build_ok();
    let page = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(page.contains("<mi>ω</mi>"), "{page}");
    let claims = String::from_utf8_lossy(&files["claims.json"]).into_owned();
    assert_eq!(claims.matches("\"line\"").count(), 4, "{claims}");
}

/// The true version of each rung 5 directive, one block each.
pub(crate) const BLOCKS: &[(&str, &str)] = &[
    (
        "ordinal-table listed",
        "```{ordinal-table}\n:elements: 1, w, w**2, 2, w*2, w**2*2, 3, w*3, w**2*3\n:mark: w**2, w\n```\n",
    ),
    (
        "ordinal-table field",
        "```{ordinal-table}\n:field: w\n```\n",
    ),
    (
        "ordinal-table field logarithms",
        "```{ordinal-table}\n:field: w\n:view: logarithms\n:mark: w**2, w\n```\n",
    ),
    (
        "ordinal-table open",
        "```{ordinal-table}\n:elements: 0, 1, w + 1, w**w, alpha(13)\n```\n",
    ),
    ("excess", "```{excess}\n:upto: 281\n```\n"),
];

#[test]
fn every_ordinal_directive_claims_and_fails_when_perturbed() {
    use nimsite::engine::{PageCtx, Shared, expand_page, find_vacuous, prepare};
    use nimsite::site::render::parse_events;
    let shared = Shared::new();
    for (name, block) in BLOCKS {
        let page = PageCtx::new(
            nimsite::catalogue::registry(),
            "content/t.md",
            block,
            "t",
            "",
        );
        let out = expand_page(&page, &shared, parse_events(block));
        let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        assert!(!out.claims.is_empty(), "{name} made no claim");
        assert_eq!(out.figures.len(), usize::from(!name.starts_with("excess")));
        let vacuous = find_vacuous(&page, &shared, &prepare(&page, parse_events(block)));
        assert!(vacuous.is_empty(), "{name}: {vacuous:?}");
    }
}

#[test]
fn the_excess_table_checks_computed_rows_and_cites_the_rest() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n```{excess}\n:upto: 281\n```\n",
    );
    let files = site.build_ok();
    let claims = String::from_utf8_lossy(&files["claims.json"]).into_owned();
    let computed = claims.matches("computed by Lenstra's test agrees").count();
    let cited = claims.matches("past the computed limit").count();
    assert_eq!((computed, cited), (52, 7), "{claims}");
    let page = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(page.contains("<tr id=\"alpha-7\" class=\"computed\"><td>7</td><td>3</td><td>{3}</td><td>1</td><td>ω + 1</td>"), "{page}");
    assert!(page.contains("id=\"alpha-167\" class=\"cited\""), "{page}");
    assert!(!page.contains("seconds"), "no clock on the page");
}

#[test]
fn the_field_of_omega_in_logarithm_order_names_its_generator() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n```{ordinal-table}\n:field: w\n\
         :view: logarithms\n:mark: w**2, w\n:caption: By powers of {generator}, {period} of them.\n```\n",
    );
    let files = site.build_ok();
    let page = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(page.contains("By powers of ω + 1, 63 of them."), "{page}");
    let (name, svg) = files
        .iter()
        .find(|(k, _)| k.ends_with("ordinal-table-field-w-logarithms.svg"))
        .expect("the figure");
    assert!(page.contains(name.as_str()), "{name}");
    let svg = String::from_utf8_lossy(svg);
    // ω = (ω + 1)^56 and ω² = (ω + 1)^49, so the mark is drawn at row 49, column 56.
    assert!(svg.contains("in row 49 and column 56"), "{svg}");
    assert!(svg.contains("row k holds (ω + 1)^k"), "{svg}");
    let claims = String::from_utf8_lossy(&files["claims.json"]).into_owned();
    assert!(
        claims.contains("ω + 1 is the least primitive element of the field of ω"),
        "{claims}"
    );
}

/// Asserts that a page holding `body` fails to build with `code` at `line`, and returns
/// the error.
fn page_fails(body: &str, code: &str, line: usize) -> String {
    let site = Site::new();
    site.write(
        "content/first.md",
        &format!("+++\ntitle = \"First\"\nrung = 1\n+++\n\n{body}"),
    );
    let err = site.build_err();
    assert!(err.contains(&format!("error[{code}]")), "{code}: {err}");
    assert!(err.contains(&format!("first.md:{line}:")), "{line}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn ordinal_directives_refuse_bad_options_at_their_line() {
    page_fails(
        "```{ordinal-table}\n:elements: 1, w\n:field: w\n```\n",
        "useless-option",
        7,
    );
    page_fails(
        "```{ordinal-table}\n:caption: empty\n```\n",
        "missing-option",
        6,
    );
    page_fails(
        "```{ordinal-table}\n:elements: 1, w = 2\n```\n",
        "bad-value",
        7,
    );
    page_fails("```{ordinal-table}\n:elements: 1, w - 1\n```\n", "expr", 7);
    page_fails(
        "```{ordinal-table}\n:elements: w, 2, w\n```\n",
        "bad-value",
        7,
    );
    page_fails(
        "```{ordinal-table}\n:elements: 1, w\n:mark: w, w**2\n```\n",
        "bad-value",
        8,
    );
    page_fails("```{ordinal-table}\n:field: w**2\n```\n", "bad-value", 7);
    let err = page_fails(
        "```{ordinal-table}\n:elements: 1, w\n:view: logarithms\n```\n",
        "bad-value",
        8,
    );
    assert!(
        err.contains("`:view: logarithms` needs `:field: w`"),
        "{err}"
    );
    page_fails(
        "```{ordinal-table}\n:field: w\n:view: sideways\n```\n",
        "bad-value",
        8,
    );
    page_fails(
        "```{ordinal-table}\n:field: w\n:view: logarithms\n:caption: Below {size}.\n```\n",
        "bad-value",
        9,
    );
    page_fails(
        "```{ordinal-table}\n:field: w\n:caption: Powers of {generator}.\n```\n",
        "bad-value",
        8,
    );
    page_fails("```{ordinal-table}\n:elements: w**(w**w)\n```\n", "expr", 7);
    page_fails("```{excess}\n:upto: 283\n```\n", "bad-value", 7);
    page_fails(
        "```{excess}\n:upto: 7\n:field: w\n```\n",
        "unknown-option",
        8,
    );
}

mod generated {
    use nimsite::stmt;
    use proptest::prelude::*;

    /// Returns ordinal expressions over small fields, so every case is quick.
    fn expression() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("w".to_string()),
            Just("ω".to_string()),
            Just("w**2".to_string()),
            Just("w**w".to_string()),
            Just("2**w".to_string()),
            (0u32..8).prop_map(|n| n.to_string()),
            prop_oneof![Just(3u32), Just(5), Just(7), Just(9), Just(283)]
                .prop_map(|p| format!("alpha({p})")),
        ];
        leaf.prop_recursive(3, 12, 2, |inner| {
            prop_oneof![
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} + {b})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} * {b})")),
                (inner.clone(), -3i32..10).prop_map(|(a, n)| format!("({a})^{n}")),
                (inner.clone(), 0u32..4).prop_map(|(a, n)| format!("({a})**{n}")),
                inner.clone().prop_map(|a| format!("inv({a})")),
                inner.clone().prop_map(|a| format!("sqrt({a})")),
                inner.clone().prop_map(|a| format!("deg({a})")),
                inner.clone().prop_map(|a| format!("ord({a})")),
                inner.clone().prop_map(|a| format!("excess({a})")),
                (inner.clone(), inner).prop_map(|(a, b)| format!("rem({a}, {b})")),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn prop_ordinal_statements_never_panic(a in expression(), b in expression()) {
            for src in [a.clone(), format!("{a} = {b}"), format!("{a} < {b}")] {
                let s = match stmt::parse(&src) {
                    Ok(s) => s,
                    Err(e) => {
                        prop_assert!(src.get(e.span.clone()).is_some(), "{e:?} in {src:?}");
                        continue;
                    }
                };
                let _ = (s.to_text(), s.to_latex());
                let result = if s.is_claim() {
                    s.check().map(|_| ())
                } else {
                    s.value().map(|v| {
                        let _ = (v.to_string(), v.to_latex(), v.to_unicode());
                    })
                };
                if let Err(e) = result {
                    prop_assert!(src.get(e.span.clone()).is_some(), "{e:?} in {src:?}");
                }
            }
        }
    }
}
