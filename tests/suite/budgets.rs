//! One budget of work per page: directives and claims each inside their own bound add up
//! on a page, and the one that would pass the page's budget is a `limit` error at its line
//! that names the page and the estimate. `benches/hostile.sh` runs the reported shapes at
//! full size (six octal games, 45 derivations, 3,000 tables, …).

use std::fmt::Write as _;

use crate::common::{Site, stderr};

/// The page's budget, in steps, as the error states it.
const PAGE_WORK: &str = "1073741824";

/// Field checks of the sizes 256 down to 220: with the product table they draw 2^30 −
/// 2,995,528 steps (twice the cube of each size), just under the page's budget.
fn filler() -> String {
    let mut body = String::from("```{field-check}\n:size: 256\n:expect: field\n```\n\n");
    for n in (220..256).rev() {
        let _ = write!(
            body,
            "```{{field-check}}\n:size: {n}\n:expect: refusal\n```\n\n"
        );
    }
    body
}

/// Returns the page: front matter (four lines), a blank line, `body`.
fn page(body: &str) -> String {
    format!("+++\ntitle = \"Heavy\"\nrung = 2\n+++\n\n{body}")
}

/// Returns the 1-based line of the last line of `text` that starts with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .iter()
        .rposition(|l| l.starts_with(prefix))
        .expect("the line")
        + 1
}

/// Builds `body` after the filler and asserts a `limit` error at the line of the last
/// line starting with `at`, naming the page and the budget.
fn refused(body: &str, at: &str) -> String {
    let text = page(&format!("{}{body}", filler()));
    let site = Site::new();
    site.write("content/heavy.md", &text);
    let out = site.run(&["build"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let line = line_of(&text, at);
    assert!(
        err.contains(&format!("content/heavy.md:{line}:")),
        "expected line {line} in:\n{err}"
    );
    assert!(
        err.contains("error[limit]: page `content/heavy.md` would pass its budget"),
        "{err}"
    );
    assert!(err.contains(PAGE_WORK), "{err}");
    assert_eq!(err.matches("error[").count(), 1, "{err}");
    err
}

#[test]
fn a_page_just_under_its_budget_builds() {
    let site = Site::new();
    site.write("content/heavy.md", &page(&filler()));
    let files = site.build_ok();
    assert!(files.contains_key("heavy.html"));
}

#[test]
fn one_more_field_check_passes_the_budget_at_its_line() {
    let err = refused(
        "```{field-check}\n:size: 219\n:expect: refusal\n```\n",
        ":expect:",
    );
    assert!(
        err.contains("the field check of the nimbers below 219 needs about 21006918 more"),
        "{err}"
    );
}

#[test]
fn an_octal_game_inside_its_own_bound_stops_at_the_page_budget() {
    refused(
        "```{octal}\n:code: 0.127\n:name: late\n:upto: 1048576\n```\n",
        ":upto:",
    );
}

#[test]
fn a_derivation_draws_on_the_page_budget() {
    refused(
        "```{derivation}\n:a: 255\n:b: 255\n:detail: summary\n```\n",
        "```{derivation}",
    );
}

#[test]
fn a_table_draws_on_the_page_budget() {
    refused("```{table}\n:op: mul\n:size: 256\n```\n", "```{table}");
}

#[test]
fn a_rule_stops_at_the_page_budget() {
    refused(
        "```{define}\n:upto: 5000\ng(n) = mex{ a : b < n, a < 4095 }\n```\n",
        "g(n) = mex",
    );
}

#[test]
fn an_ordinal_table_stops_at_the_page_budget() {
    refused(
        "```{ordinal-table}\n:elements: 1, inv(w**(w**9) + w**(w**3) + 1), w\n```\n",
        ":elements:",
    );
}

#[test]
fn a_claim_inside_its_own_bound_stops_at_the_page_budget() {
    refused("So {nim}`forall a < 2**22: a * 1 = a`.\n", "So {nim}");
}
