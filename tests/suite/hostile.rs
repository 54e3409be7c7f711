//! Hostile pages through the real binary: nesting, width, length and repetition in places
//! the other suites do not reach. Each must build, or fail with its code at its line and
//! leave `site/` as it was, and never abort. The sizes here keep the suite fast;
//! `benches/hostile.sh` runs the same shapes at full size (10,000 deep, 100,000 columns,
//! 5 MB lines, …) and prints their time and memory.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::common::{Site, stderr, tree};

/// Returns a page titled `title` on rung 2 with `body` after its front matter (four lines).
fn page(title: &str, body: &str) -> String {
    format!("+++\ntitle = \"{title}\"\nrung = 2\n+++\n{body}")
}

/// Builds a site holding `content/page.md` and returns the page's HTML.
fn builds(text: &str) -> String {
    let site = Site::new();
    site.write("content/page.md", text);
    let files = site.build_ok();
    String::from_utf8_lossy(&files["page.html"]).into_owned()
}

/// Returns `site/` as it is now.
fn output(site: &Site) -> BTreeMap<String, Vec<u8>> {
    tree(&site.root().join("site"))
}

/// Builds a site once, then lets `setup` break it, and asserts a failed build with `code`
/// at `location` that left `site/` unchanged and did not abort; returns stderr.
fn fails(setup: impl FnOnce(&Site), code: &str, location: &str) -> String {
    let site = Site::new();
    site.build_ok();
    let before = output(&site);
    setup(&site);
    let out = site.run(&["build"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("error[{code}]")), "{err}");
    assert!(err.contains(location), "expected {location} in:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(output(&site), before, "site/ changed");
    err
}

#[test]
fn ordered_lists_ten_thousand_deep_build() {
    let html = builds(&page("Lists", &format!("{}deep\n", "1. ".repeat(10_000))));
    assert!(html.contains("deep"));
}

#[test]
fn quotes_and_lists_alternating_five_thousand_deep_build() {
    let html = builds(&page("Mixed", &format!("{}deep\n", "> - ".repeat(5_000))));
    assert!(html.contains("deep") && html.contains("<blockquote>"));
}

#[test]
fn a_table_of_twenty_thousand_columns_builds() {
    let n = 20_000;
    let mut body = String::new();
    for row in ["| c ", "|---", "| 1 "] {
        body.push_str(&row.repeat(n));
        body.push_str("|\n");
    }
    let html = builds(&page("Table", &body));
    assert_eq!(html.matches("<th>").count(), n);
}

#[test]
fn a_one_megabyte_line_builds() {
    let line = "A word, 2 and 3, again. ".repeat(1 << 16);
    let html = builds(&page("Line", &format!("{line}\n")));
    assert!(html.contains("A word, 2 and 3, again."));
}

#[test]
fn ten_thousand_reference_definitions_resolve() {
    let n = 10_000;
    let mut body = String::new();
    for i in 0..n {
        let _ = writeln!(body, "[r{i}]: first.html#start");
    }
    body.push('\n');
    for i in 0..n {
        let _ = write!(body, "[link][r{i}] ");
    }
    let html = builds(&page("References", &body));
    assert_eq!(html.matches("href=\"first.html#start\"").count(), n);
}

#[test]
fn a_reference_storm_with_one_missing_definition_fails_at_its_line() {
    let mut body = String::new();
    for i in 0..5_000 {
        let _ = writeln!(body, "[r{i}]: first.html");
    }
    body.push_str("\n[link][r5000]\n");
    fails(
        |site| site.write("content/page.md", &page("References", &body)),
        "broken-link",
        "┌─ content/page.md:5006:",
    );
}

#[test]
fn five_thousand_footnotes_build() {
    let n = 5_000;
    let mut body = String::new();
    for i in 0..n {
        let _ = writeln!(body, "Text[^n{i}].");
    }
    for i in 0..n {
        let _ = write!(body, "\n[^n{i}]: Note {i}.\n");
    }
    let html = builds(&page("Notes", &body));
    assert!(html.contains("Note 4999."));
    assert!(html.matches("footnote-reference").count() >= n);
}

#[test]
fn a_heading_of_two_hundred_kilobytes_builds() {
    let text = "heading words ".repeat(15_000);
    let html = builds(&page("Heading", &format!("## {text}\n")));
    assert!(html.contains("id=\"heading-words-heading-words"));
}

#[test]
fn a_directive_with_ten_thousand_options_fails_at_the_first_unknown_one() {
    let mut body = String::from("```{table}\n:op: mul\n:size: 4\n");
    for i in 0..10_000 {
        let _ = writeln!(body, ":opt{i}: x");
    }
    body.push_str("```\n");
    let err = fails(
        |site| site.write("content/page.md", &page("Options", &body)),
        "unknown-option",
        "┌─ content/page.md:8:",
    );
    assert!(err.contains("content/page.md:10007:"), "the last one too");
}

#[test]
fn an_option_value_of_two_hundred_kilobytes_builds() {
    let caption = "caption words ".repeat(15_000);
    let body = format!("```{{table}}\n:op: mul\n:size: 4\n:caption: {caption}\n```\n");
    let html = builds(&page("Caption", &body));
    assert!(html.contains(caption.trim_end()));
}

#[test]
fn an_option_value_of_two_hundred_kilobytes_that_is_not_a_number_fails_at_its_line() {
    let size = "9".repeat(200_000);
    let body = format!("```{{table}}\n:op: mul\n:size: {size}\n```\n");
    fails(
        |site| site.write("content/page.md", &page("Size", &body)),
        "bad-value",
        "┌─ content/page.md:7:",
    );
}

#[test]
fn front_matter_of_two_hundred_kilobytes_builds_or_fails_at_its_key() {
    let title = "title words ".repeat(17_000);
    let html = builds(&format!(
        "+++\ntitle = \"{}\"\nrung = 2\n+++\n\nText.\n",
        title.trim_end()
    ));
    assert!(html.contains(title.trim_end()));
    let keys: String = (0..20_000).map(|i| format!("k{i} = 1\n")).collect();
    fails(
        |site| {
            site.write(
                "content/page.md",
                &format!("+++\ntitle = \"T\"\n{keys}+++\n"),
            )
        },
        "front-matter",
        "┌─ content/page.md:3:",
    );
}

#[test]
fn a_role_with_a_hundred_kilobyte_code_span_fails_at_its_line() {
    let body = format!("\nSo {{nim}}`{}1 = 0`.\n", "1 + ".repeat(25_000));
    fails(
        |site| site.write("content/page.md", &page("Role", &body)),
        "expr",
        "┌─ content/page.md:6:",
    );
}

#[test]
fn ten_thousand_nested_html_blocks_build() {
    let mut body = String::new();
    for i in 0..10_000 {
        let _ = writeln!(body, "<div id=\"d{i}\">");
    }
    body.push_str("text\n");
    let html = builds(&page("Html", &body));
    assert!(html.contains("<div id=\"d9999\">"));
}

#[test]
fn many_pages_on_one_url_each_fail_at_their_file() {
    let err = fails(
        |site| {
            for i in 0..200 {
                site.write(
                    &format!("content/s{i}/_index.md"),
                    "+++\ntitle = \"A\"\n+++\n",
                );
                site.write(
                    &format!("content/s{i}/index.md"),
                    "+++\ntitle = \"B\"\n+++\n",
                );
            }
        },
        "duplicate-url",
        "content/s199/index.md",
    );
    assert_eq!(err.matches("error[duplicate-url]").count(), 200, "{err}");
}

#[test]
fn a_full_game_search_past_its_bound_fails_at_its_size_before_searching() {
    let body = "\n```{game-check}\n:game: stones-2d\n:size: 16\n:method: full\n```\n";
    let err = fails(
        |site| site.write("content/page.md", &page("Game", body)),
        "limit",
        "┌─ content/page.md:8:",
    );
    assert!(err.contains("positions counted before searching"), "{err}");
    // A board the search finishes is not refused.
    let body = body.replace(":size: 16", ":size: 4");
    let html = builds(&page("Game", &body));
    assert!(html.contains("2,304 positions"), "{html}");
}

#[test]
fn a_rule_whose_set_never_fills_fails_at_its_line_within_its_work_bound() {
    // Five names over 0 to n and a chain that never holds: about n^5 points an argument,
    // each work, though no element is ever kept.
    let body = "\n```{define}\n:upto: 200\ng(n) = mex{ 1 : a + b + c + d + e = n + 1000 }\n```\n";
    let err = fails(
        |site| site.write("content/page.md", &page("Rule", body)),
        "limit",
        "┌─ content/page.md:8:",
    );
    assert!(err.contains("steps of work to tabulate"), "{err}");
    let body = body
        .replace(" + 1000", "")
        .replace(":upto: 200", ":upto: 12");
    assert!(builds(&page("Rule", &body)).contains("define-g"));
}

#[test]
fn ordinal_claims_past_their_work_fail_at_their_line_with_an_estimate() {
    // Sixteen inverses in a field of degree 6820: few cases, each millions of steps.
    let claim = "{nim}`forall a < 2**4: inv(w**(w**9) + w**(w**3) + 1 + a) != 0`";
    let err = fails(
        |site| {
            site.write(
                "content/page.md",
                &page("Work", &format!("\nSo {claim}.\n")),
            )
        },
        "expr",
        "┌─ content/page.md:6:",
    );
    assert!(
        err.contains("steps of work") && err.contains("more than the bound"),
        "{err}"
    );
    // A product whose factors have thousands of terms each, listed in a table, is refused
    // before it is worked term by term.
    let big = "inv(w**(w**9) + w**(w**3) + 1)";
    let body = format!("\n```{{ordinal-table}}\n:elements: 1, {big}, w\n```\n");
    let err = fails(
        |site| site.write("content/page.md", &page("Table", &body)),
        "expr",
        "┌─ content/page.md:7:12",
    );
    assert!(err.contains("need more than"), "{err}");
}
