//! A held-out set: false claims written the way authors write them, in every notation and
//! every place a reader sees, each of which must fail the build at its line; markup slips,
//! each an error at its line; and a page of true statements in the same notations, which
//! must build with no refusal. The test reports how many fail where they should and
//! requires all of them.

use crate::common::Site;

/// A false claim, and the line of `content/t.md` it must fail at (bodies start on line 5).
const FALSE: &[(&str, usize)] = &[
    // Symbols in prose.
    ("Squaring three gives 3 ⊗ 3 = 3, so three is idempotent.", 5),
    ("Combining heaps 5 and 6 leaves 5 ⊕ 6 = 2.", 5),
    ("In the field of sixteen, 7 ⊗ 7 = 5.", 5),
    ("Note that 8 ⊗ 8 = 12 here.", 5),
    ("The table's corner entry says 15 ⊗ 15 = 10.", 5),
    ("(Recall 12 ⊗ 12 = 13.)", 5),
    ("Thus 2 ⊗ 7 = 14.", 5),
    ("With 13 ⊕ 7 = 12 in hand, we go on.", 5),
    // Entities for the operators.
    ("Here 6 &otimes; 6 = 6.", 5),
    ("and 11 &otimes; 3 = 7 follows.", 5),
    ("so 4 &#x2297; 4 = 7.", 5),
    ("Adding, 9 &oplus; 4 = 12.", 5),
    ("while 16 &CircleTimes; 16 = 32.", 5),
    // Powers and roots in prose.
    ("In nimbers 2² = 2.", 5),
    ("and 4³ = 13 in the field.", 5),
    ("so 3⁻¹ = 3 in the field of four.", 5),
    ("and √8 = 12.", 5),
    ("Then √3 = 3.", 5),
    ("we get 5² = 6.", 5),
    // Products written × and ·.
    ("so 4 × 4 = 7.", 5),
    ("and 6 × 3 = 12.", 5),
    ("hence 10 · 10 = 15.", 5),
    ("and 5 × 5 = 6.", 5),
    // Star values.
    ("so *3 + *5 = *7.", 5),
    ("Two equal heaps: ∗2 + ∗2 = ∗2.", 5),
    ("the sum *4 + *1 = *4.", 5),
    // Other bases.
    ("In hex, 0x10 ⊗ 0x10 = 0x20.", 5),
    ("and 0b101 ⊕ 0b011 = 0b111.", 5),
    ("Masking: 0xff ⊕ 0x0f = 0xff.", 5),
    // Words.
    ("The nim-sum of 3 and 5 is 7.", 5),
    ("The nim-product of 2 and 3 is 2.", 5),
    ("Also 4 nim-times 4 is 7.", 5),
    ("The inverse of 3 is 3.", 5),
    ("The square root of 8 is 12.", 5),
    ("The order of 2 is 15.", 5),
    ("Three squared is three.", 5),
    ("The nim-sum of two and three is five.", 5),
    // Counts.
    ("Exactly 5 of the nonzero elements below 16 are squares.", 5),
    (
        "Exactly 3 of the 15 nonzero elements below 16 have order 5.",
        5,
    ),
    (
        "Exactly one of the nonzero elements below 4 is primitive.",
        5,
    ),
    // Math.
    ("so $x \\oplus x = 1$ always.", 5),
    ("$\\bigoplus_{i=1}^{3} i = 1$", 5),
    ("$\\omega \\otimes \\omega = \\omega$", 5),
    ("$\\omega^{\\otimes 3} = 3$", 5),
    ("$\\omega^2 \\cdot 3 + 1 = \\omega + 1$", 5),
    (
        "$$\\begin{aligned} 2 \\otimes 3 &= 1 \\\\ 3 \\otimes 3 &= 3 \\end{aligned}$$",
        5,
    ),
    ("$\\sqrt{8} = 12$", 5),
    ("$\\operatorname{mex}\\{0, 1, 3\\} = 3$", 5),
    // Places a reader sees.
    ("## Why 6 ⊗ 6 = 6", 5),
    ("| a | b |\n|---|---|\n| 7 ⊗ 7 = 7 | x |", 7),
    ("- 10 ⊗ 10 = 10", 5),
    ("> 12 ⊗ 12 = 12", 5),
    ("Text.[^1]\n\n[^1]: Since 5 ⊗ 5 = 5.", 7),
    ("[see](t.html \"where 4 ⊗ 4 = 5\")", 5),
    ("<img alt=\"4 ⊗ 4 = 5\" src=\"t.html\">", 5),
    ("a <abbr title=\"6 ⊕ 6 = 6\">note</abbr>", 5),
    ("as `8 ⊗ 8 = 8` shows", 5),
    ("*9* ⊗ *9* = 9", 5),
    (
        "<details>\n<summary>3 ⊗ 3 = 3</summary>\n\nx\n\n</details>",
        6,
    ),
    (
        "```{table}\n:op: mul\n:size: 4\n:caption: with 2 ⊗ 2 = 2\n```",
        8,
    ),
    // Quantified prose.
    ("∀ a < 16: a ⊗ a = a", 5),
    ("∃ x < 16: x ⊗ x = 16", 5),
    ("so a ⊕ a = 1 for every a.", 5),
    // Ordinals in prose.
    ("and ω ⊗ ω = ω.", 5),
    ("Lenstra's α₃ = 3.", 5),
];

/// True statements in the same notations and places: none may be refused.
const TRUE: &[&str] = &[
    "Squaring three gives 3 ⊗ 3 = 2.",
    "Here 6 &otimes; 6 = 5, and 9 &oplus; 4 = 13.",
    "In nimbers 2² = 3, and √8 = 14, and 3⁻¹ = 2.",
    "so 4 × 4 = 6, and 6 × 3 = 13.",
    "so *3 + *5 = *6.",
    "In hex, 0x10 ⊗ 0x10 = 0x18.",
    "The nim-sum of 3 and 5 is 6.",
    "The nim-product of 2 and 3 is 1.",
    "The inverse of 3 is 2, and the order of 2 is 3.",
    "Three squared is two.",
    "Exactly 15 of the nonzero elements below 16 are squares.",
    "$\\omega \\otimes \\omega = \\omega^2$ and $\\omega^{\\otimes 3} = 2$.",
    "$\\omega^2 \\cdot 3 + 1 = \\omega^2 \\cdot 3 + 1$ is written in Cantor normal form.",
    "$$\\begin{aligned} 2 \\otimes 3 &= 1 \\\\ 3 \\otimes 3 &= 2 \\end{aligned}$$",
    "## Why 6 ⊗ 6 = 5",
    "- 10 ⊗ 10 = 14",
    "[see](t.html \"where 4 ⊗ 4 = 6\")",
    "a <abbr title=\"6 ⊕ 6 = 0\">note</abbr>",
    "as `8 ⊗ 8 = 13` shows",
    "∀ a < 16: a ⊕ a = 0",
    "∃ x < 16: x ⊗ x = 3",
    "Lenstra's α₃ = 2.",
    "In 1978, rung 3 of 6, section 2.4, for 0 ≤ a < 16 and 2^64 values.",
];

/// Markup slips, each an error at its line.
const SLIPS: &[(&str, usize)] = &[
    ("```table\n:op: mul\n:size: 4\n```", 5),
    ("see { nim }`2*2` here", 5),
    ("see {nim}`2*2 here", 5),
    ("```{tabel}\n:op: mul\n:size: 4\n```", 5),
    ("see {Nim}`2*2` here", 5),
    ("<div>\n{nim}`2*2 = 3`\n</div>", 6),
    ("```{table}\n:op: mul\n:size: 4\n:sise: 8\n```", 8),
    ("so $2 \\otimes {3 = 1$ here", 5),
];

/// Builds `body` as `content/t.md` and returns stderr, or `None` when the build succeeds.
fn build(body: &str) -> Option<String> {
    let site = Site::new();
    site.write(
        "content/t.md",
        &format!("+++\ntitle = \"T\"\n+++\n\n{body}\n"),
    );
    let out = site.run(&["build"]);
    (!out.status.success()).then(|| crate::common::stderr(&out))
}

/// Returns the cases that do not fail at their line.
fn missed(cases: &[(&str, usize)]) -> Vec<String> {
    cases
        .iter()
        .filter_map(|(body, line)| match build(body) {
            None => Some(format!("published: {body}")),
            Some(err) if !err.contains(&format!("content/t.md:{line}:")) => {
                Some(format!("not at line {line}: {body}\n{err}"))
            }
            Some(_) => None,
        })
        .collect()
}

#[test]
fn every_held_out_false_claim_fails_at_its_line() {
    let missed = missed(FALSE);
    let caught = FALSE.len() - missed.len();
    assert!(
        missed.is_empty(),
        "{caught} of {} fail at their line; missed:\n{}",
        FALSE.len(),
        missed.join("\n")
    );
}

#[test]
fn every_held_out_markup_slip_fails_at_its_line() {
    let missed = missed(SLIPS);
    assert!(missed.is_empty(), "missed:\n{}", missed.join("\n"));
}

#[test]
fn true_statements_in_the_same_notations_build() {
    let refused: Vec<String> = TRUE
        .iter()
        .filter_map(|body| build(body).map(|err| format!("{body}\n{err}")))
        .collect();
    assert!(refused.is_empty(), "refused:\n{}", refused.join("\n"));
}
