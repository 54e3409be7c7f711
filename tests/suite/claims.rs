//! Every claim-like form an author writes is checked or refused at its line: a true and a
//! false fixture for each, through the binary. Page bodies start on line 5.

use crate::common::{Site, stderr};
use crate::directives::{fails, passes};

/// Asserts that `truthful` builds and `false_form` fails with `code` on line 5.
fn both(truthful: &str, false_form: &str, code: &str) {
    passes(truthful);
    fails(false_form, code, 5);
}

#[test]
fn punctuation_inside_math() {
    both(
        "$$2 \\otimes 2 = 3,$$",
        "$$2 \\otimes 2 = 4,$$",
        "stale-claim",
    );
    both("so $4^{-1} = 15.$", "so $4^{-1} = 14.$", "stale-claim");
    both(
        "$2 \\otimes 3 = 1;\\quad$",
        "$2 \\otimes 3 = 2;\\quad$",
        "stale-claim",
    );
}

#[test]
fn chains_check_every_link() {
    both(
        "$$8 \\otimes 8 = (2 \\otimes 2) \\otimes (4 \\otimes 4) = 3 \\otimes 6 = 13$$",
        "$$8 \\otimes 8 = (2 \\otimes 2) \\otimes (4 \\otimes 4) = 3 \\otimes 6 = 14$$",
        "stale-claim",
    );
    both(
        "{nim}`2*2 = 3 = 1 + 2`",
        "{nim}`2*2 = 3 = 2`",
        "stale-claim",
    );
}

#[test]
fn powers_are_read_both_ways() {
    both("$3^2 = 2$", "$3^2 = 3$", "stale-claim");
    both("$5^2 = 7$", "$5^2 = 6$", "stale-claim");
    both("$3^2 = 9$", "$3^2 = 8$", "stale-claim");
    fails("$(2^{64})^{-1} = 5$", "stale-claim", 5);
}

#[test]
fn common_notation_is_read() {
    both(
        "$\\ast 2 \\oplus \\ast 3 = \\ast 1$",
        "$\\ast 2 \\oplus \\ast 3 = \\ast 5$",
        "stale-claim",
    );
    both("$\\sqrt 3 = 2$", "$\\sqrt 2 = 5$", "stale-claim");
    both("$4 \\times 4 = 6$", "$4 \\times 4 = 7$", "stale-claim");
    both(
        "$\\operatorname{inv} 4 = 15$",
        "$\\operatorname{inv} 4 = 14$",
        "stale-claim",
    );
    both(
        "$\\operatorname{mex}\\{0,1,3\\} = 2$",
        "$\\operatorname{mex}\\{0,1,3\\} = 4$",
        "stale-claim",
    );
    both("$2 ⊗ 2 ⊕ 1 ≠ 3$", "$2 ⊗ 2 ⊕ 1 ≠ 2$", "stale-claim");
    both(
        "$2 \\otimes 2 \\not= 2$",
        "$2 \\otimes 2 \\not= 3$",
        "stale-claim",
    );
    both(
        "$\\mathbf{2} \\otimes 2 = 3$",
        "$\\mathbf{2} \\otimes 2 = 2$",
        "stale-claim",
    );
    both(
        "$65\\,536 \\otimes 2 = 131\\,072$",
        "$65\\,536 \\otimes 65\\,536 = 65\\,536$",
        "stale-claim",
    );
}

#[test]
fn quantifiers_in_every_form() {
    both(
        "$\\forall a \\le 15 :\\ a \\otimes 1 = a$",
        "$\\forall a \\le 15 :\\ a \\otimes 2 = a$",
        "stale-claim",
    );
    both(
        "$\\forall 0 < a < 16 :\\ a \\otimes a^{-1} = 1$",
        "$\\forall 0 < a < 16 :\\ a \\otimes a = 1$",
        "stale-claim",
    );
    both(
        "$\\exists x < 4 :\\ x \\otimes x = 2$",
        "$\\exists x < 4 :\\ x \\otimes x = 4$",
        "stale-claim",
    );
    both(
        "$\\forall a \\in \\{1, 2, 3\\} :\\ a \\otimes a \\otimes a = 1$",
        "$\\forall a \\in \\{1, 2, 4\\} :\\ a \\otimes a \\otimes a = 1$",
        "stale-claim",
    );
    both(
        "{nim}`forall a < 16: exists x < 16: x*x = a`",
        "{nim}`forall a < 16: exists x < 4: x*x = a`",
        "stale-claim",
    );
}

#[test]
fn plain_text_is_read() {
    both("## Why 4 ⊗ 4 = 6", "## Why 4 ⊗ 4 = 8", "stale-claim");
    both(
        "So 2 ⊗ 2 = 3, as shown.",
        "So 2 ⊗ 2 = 2, as shown.",
        "stale-claim",
    );
    passes("| a | b |\n|---|---|\n| 2 ⊗ 2 = 3 | x |");
    fails("| a | b |\n|---|---|\n| 2 ⊗ 2 = 2 | x |", "stale-claim", 7);
    let caption = "```{squares}\n:size: 4\n:caption: Squares, where 2 ⊗ 2 = 4\n```";
    fails(caption, "stale-claim", 7);
    passes("```{squares}\n:size: 4\n:caption: Squares, where 2 ⊗ 2 = 3\n```");
}

#[test]
fn claims_cut_by_inline_markup_or_a_line_break_are_read_whole() {
    both("**2 ⊗ 2** = 3 here", "**2 ⊗ 2** = 4 here", "stale-claim");
    both("so 2 ⊗ 2 = *3*.", "so 2 ⊗ 2 = *2*.", "stale-claim");
    both("[2 ⊗ 2](t.html) = 3", "[2 ⊗ 2](t.html) = 1", "stale-claim");
    both("so 2 ⊗ 3\n= 1 holds", "so 2 ⊗ 3\n= 2 holds", "stale-claim");
    both("<b>2 ⊗ 2</b> = 3", "<b>2 ⊗ 2</b> = 1", "stale-claim");
}

#[test]
fn ordinal_claims_in_plain_math_are_read() {
    both(
        "$\\alpha_7 = \\omega + 1$",
        "$\\alpha_7 = \\omega + 2$",
        "stale-claim",
    );
    both(
        "$\\deg(\\omega) = 6$.",
        "$\\deg(\\omega) = 4$.",
        "stale-claim",
    );
    fails("$\\omega^{2} \\bmod 3 = 1$", "unchecked-claim", 5);
}

#[test]
fn subtraction_next_to_an_operator_is_refused() {
    fails("{nim}`5 + 3 - 1 = 7`", "expr", 5);
    passes("{nim}`5 + (3 - 1) = 7`");
}

#[test]
fn unreadable_claims_fail_unless_waived() {
    let err = fails("Let $c = 2 \\otimes 3$.", "unchecked-claim", 5);
    assert!(err.contains("quantif"), "{err}");
    passes("<!-- unchecked: a name for a value -->\nLet $c = 2 \\otimes 3$.");
    // A law with free letters is checked over the default domain, and a waiver covers one
    // that is a step under a hypothesis.
    passes("$x \\oplus y = y \\oplus x$");
    fails("$x \\oplus y = x$", "stale-claim", 5);
    passes("<!-- unchecked: a step under a hypothesis -->\nIf so, $x \\oplus y = x$.");
    // A waiver that covers nothing is itself an error.
    fails(
        "<!-- unchecked: nothing here -->\n\nPlain words.",
        "unused-waiver",
        5,
    );
    // Mathematics with no claim in it is left alone.
    passes("$x$, $a \\otimes b$, $2^{64}$ and $\\{0, 1, 2\\}$.");
}

#[test]
fn a_supposed_consequence_fails_unless_waived() {
    // After "would", a claim that holds is checked; one that does not is a supposition,
    // which only a waiver over its block lets stand.
    passes("Then $4 \\otimes 4 = 6$ would follow, and $2 \\otimes 2 = 3$ would imply $3 = 3$.");
    fails(
        "The equation $4 \\otimes 4 = 4$ would imply $4 = 1$.",
        "stale-claim",
        5,
    );
    passes(
        "<!-- unchecked: suppositions -->\nThe equation $4 \\otimes 4 = 4$\nwould imply $4 = 1$.",
    );
    // Without the modal verb the waiver does not cover a false closed claim.
    fails(
        "<!-- unchecked: suppositions -->\nSo $4 = 1$.",
        "stale-claim",
        6,
    );
}

#[test]
fn an_equation_posed_to_be_solved_states_that_it_has_a_solution() {
    passes(
        "Solve the\nequation $7 \\otimes x = 5$, and find every root of $x \\oplus x \\otimes x = 2$.",
    );
    fails(
        "To solve $x \\otimes x \\otimes x = 2$, cube.",
        "stale-claim",
        5,
    );
    // Asserted for every value, it is a law.
    fails(
        "The equation $a \\oplus a = 1$ holds for every a.",
        "stale-claim",
        5,
    );
    // What follows a posed equation in its sentence is read under it.
    passes("The solution of x ⊕ 11 = 6 is x = 13.");
    fails("The solution of x ⊕ 11 = 6 is x = 12.", "stale-claim", 5);
}

#[test]
fn a_law_ranges_over_the_values_its_words_name() {
    both(
        "Every nonzero x below 16 satisfies $x^{\\otimes 15} = 1$.",
        "Every nonzero x below 16 satisfies $x^{\\otimes 5} = 1$.",
        "stale-claim",
    );
    both(
        "$x^{\\otimes 16} = x$ for every x in the field below 16.",
        "$x^{\\otimes 16} = x$ for every x in the field below 256.",
        "stale-claim",
    );
    both(
        "For all a, b below 4, $(a \\oplus b)^{\\otimes 2} = a^{\\otimes 2} \\oplus b^{\\otimes 2}$.",
        "For all a, b below 4, $(a \\oplus b)^{\\otimes 2} = a^{\\otimes 2} \\oplus b^{\\otimes 3}$.",
        "stale-claim",
    );
}

#[test]
fn a_law_whose_letters_the_words_set_is_checked_at_those_values() {
    both(
        "With a = 5 and b = 9 we have $a \\oplus b = 12$.",
        "With a = 5 and b = 9 we have $a \\oplus b = 13$.",
        "stale-claim",
    );
    both(
        "Taking $x = 3$, the law gives $x \\otimes x = 2$.",
        "Taking $x = 3$, the law gives $x \\otimes x = 3$.",
        "stale-claim",
    );
    // A letter the words do not set keeps the law over every value.
    fails("With a = 5 we have $a \\otimes b = 1$.", "stale-claim", 5);
}

#[test]
fn equations_listed_with_commas_are_each_checked() {
    passes("They satisfy $$2^2 = 3, 4^2 = 6, 16^2 = 24, \\ldots, [2^{2^n}]^2 = m.$$");
    fails(
        "They satisfy $$2^2 = 3, 4^2 = 6, 16^2 = 25, \\ldots$$",
        "stale-claim",
        5,
    );
}

#[test]
fn claims_inside_a_cited_body_are_checked() {
    let cited = |claim: &str| format!("```{{cited}}\n:source: book\nIt says {claim} there.\n```");
    let html = passes(&cited("{nim}`2*2 = 3`"));
    assert!(html.contains("It says 2 ⊗ 2 = 3 there."), "{html}");
    fails(&cited("{nim}`2*2 = 2`"), "stale-claim", 7);
    fails(&cited("2 ⊗ 2 = 2"), "stale-claim", 7);
}

#[test]
fn an_edited_waived_span_is_stale_until_built_again() {
    let site = Site::new();
    let page = |text: &str| {
        format!("+++\ntitle = \"T\"\n+++\n\n<!-- unchecked: a name for a value -->\nLet {text}.\n")
    };
    site.write("content/t.md", &page("$c = 2 \\otimes 3$"));
    site.build_ok();
    let list = std::fs::read_to_string(site.root().join("figures/waivers.txt")).expect("list");
    assert!(list.contains("a name for a value"), "{list}");
    assert!(site.run(&["check"]).status.success());
    // The waived text changes under the same reason: check names its line.
    site.write("content/t.md", &page("$c = 2 \\otimes 7$"));
    let out = site.run(&["check"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("error[stale-waiver]"), "{err}");
    assert!(err.contains("content/t.md:6:"), "{err}");
    assert!(err.contains("a name for a value"), "{err}");
    assert!(!err.contains("stale-figure"), "{err}");
    // A build records it, and check passes again.
    site.build_ok();
    assert!(site.run(&["check"]).status.success());
    // The list is not published with the site.
    assert!(!site.root().join("site/figures/waivers.txt").exists());
}
