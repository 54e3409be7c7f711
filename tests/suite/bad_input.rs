//! A catalogue of bad input, through the real binary. Every case starts from a root that
//! has already been built once, so `site/` and `figures/` exist, and asserts the error's
//! code and `file:line`, a non-zero exit, and that both trees are byte-for-byte unchanged.
//! Input that looks odd but is valid (spaces and non-ASCII in file names, a symlink loop,
//! a 10 MB page, deep nesting) must build, in bounded time.

use std::collections::BTreeMap;
use std::fs;

use crate::common::{Site, stderr, tree};

/// A page with a directive, so that the first build draws a figure.
const FIGURED: &str =
    "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\n```{table}\n:op: mul\n:size: 4\n```\n";

/// Returns a root built once, with a figure in `figures/`.
fn built() -> Site {
    let site = Site::new();
    site.write("content/first.md", FIGURED);
    site.build_ok();
    assert!(
        !tree(&site.root().join("figures")).is_empty(),
        "the first build must draw a figure"
    );
    site
}

/// Returns `site/` and `figures/` as they are now.
fn snapshot(site: &Site) -> (BTreeMap<String, Vec<u8>>, BTreeMap<String, Vec<u8>>) {
    (
        tree(&site.root().join("site")),
        tree(&site.root().join("figures")),
    )
}

/// Breaks a built root with `setup`, then asserts a failed build with `code` at
/// `location` (such as `┌─ content/bad.md:7:`) that left both trees unchanged.
fn fails(setup: impl FnOnce(&Site), code: &str, location: &str) {
    let site = built();
    let before = snapshot(&site);
    setup(&site);
    let out = site.run(&["build"]);
    let err = stderr(&out);
    assert!(!out.status.success(), "build should have failed:\n{err}");
    assert!(
        err.contains(&format!("error[{code}]")),
        "expected error[{code}] in:\n{err}"
    );
    assert!(err.contains(location), "expected {location} in:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(snapshot(&site), before, "site/ or figures/ changed");
}

/// Asserts that a page `content/bad.md` with `body` after its front matter fails with
/// `code` at `line`.
fn page_fails(body: &str, code: &str, line: usize) {
    let page = format!("+++\ntitle = \"Bad\"\n+++\n\n{body}");
    fails(
        |site| site.write("content/bad.md", &page),
        code,
        &format!("┌─ content/bad.md:{line}:"),
    );
}

#[test]
fn an_unknown_directive() {
    page_fails("```{tabel}\n:size: 4\n```\n", "unknown-directive", 5);
}

#[test]
fn an_unknown_option() {
    page_fails("```{table}\n:op: mul\n:sise: 4\n```\n", "unknown-option", 7);
}

#[test]
fn a_missing_option() {
    page_fails("```{table}\n:op: mul\n```\n", "missing-option", 5);
}

#[test]
fn a_size_that_is_not_a_number() {
    page_fails("```{table}\n:op: mul\n:size: four\n```\n", "bad-value", 7);
}

#[test]
fn size_zero() {
    page_fails("```{table}\n:op: mul\n:size: 0\n```\n", "bad-value", 7);
}

#[test]
fn size_two_to_the_forty() {
    page_fails("```{table}\n:op: mul\n:size: 2**40\n```\n", "bad-value", 7);
    let written = (1u64 << 40).to_string();
    page_fails(
        &format!("```{{field-check}}\n:size: {written}\n```\n"),
        "bad-value",
        6,
    );
}

#[test]
fn a_negative_literal() {
    page_fails("Text {val}`-3` here.\n", "expr", 5);
}

#[test]
fn a_value_of_two_to_the_128_or_more() {
    page_fails("Text {val}`2**128` here.\n", "expr", 5);
    let written = (u128::MAX).to_string();
    // One more than the largest nimber, written out in digits.
    let over = format!("{}{}", &written[..written.len() - 1], "6");
    assert_eq!(over.parse::<u128>().ok(), None, "{over} must not fit");
    page_fails(&format!("\n\nText {{val}}`{over}` here.\n"), "expr", 7);
}

#[test]
fn the_inverse_of_zero() {
    page_fails("Text {val}`inv(0)` here.\n", "expr", 5);
    page_fails("```{claim}\n2 * 2 = 3\ninv(0) = 1\n```\n", "expr", 7);
}

#[test]
fn an_unterminated_fence() {
    page_fails("Text.\n\n```{table}\n:op: mul\n:size: 4\n", "syntax", 7);
}

#[test]
fn a_file_that_is_not_utf8() {
    fails(
        |site| {
            fs::write(
                site.root().join("content/bad.md"),
                b"+++\ntitle = \"Bad\"\n+++\n\n\xc3\x28 text\n",
            )
            .expect("write")
        },
        "not-utf8",
        "┌─ content/bad.md:1:",
    );
}

#[test]
fn an_empty_file() {
    fails(
        |site| site.write("content/bad.md", ""),
        "front-matter",
        "┌─ content/bad.md:1:",
    );
}

#[test]
fn bad_front_matter() {
    fails(
        |site| {
            site.write(
                "content/bad.md",
                "+++\ntitle = \"Bad\"\nrung = \"two\"\n+++\n",
            )
        },
        "front-matter",
        "┌─ content/bad.md:3:",
    );
    fails(
        |site| site.write("content/bad.md", "+++\ntitle = \"Bad\nbody\n"),
        "front-matter",
        "┌─ content/bad.md:1:",
    );
}

#[test]
fn duplicate_urls() {
    fails(
        |site| {
            site.write("content/a/index.md", "+++\ntitle = \"A\"\n+++\n");
            site.write("content/a/_index.md", "+++\ntitle = \"A again\"\n+++\n");
        },
        "duplicate-url",
        "┌─ content/a/index.md:1:",
    );
    // Each note is printed once.
    let site = built();
    site.write("content/a/index.md", "+++\ntitle = \"A\"\n+++\n");
    site.write("content/a/_index.md", "+++\ntitle = \"A again\"\n+++\n");
    let err = site.build_err();
    assert_eq!(err.matches("is also written to").count(), 1, "{err}");
}

#[test]
fn a_missing_template() {
    let text = fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/page.html"),
    )
    .expect("read");
    let at = text.find("{% block main %}").expect("a main block");
    // The include goes on the line after the block's opening tag.
    let line = text[..at].matches('\n').count() + 2;
    let broken = text.replacen(
        "{% block main %}",
        "{% block main %}\n{% include \"nosuch.html\" %}",
        1,
    );
    fails(
        |site| site.write("templates/page.html", &broken),
        "template",
        // tera reports an unknown include in its own shape: `--> page.html:LINE:COL`.
        &format!("--> page.html:{line}:"),
    );
}

#[test]
fn a_template_syntax_error() {
    fails(
        |site| {
            site.write("templates/page.html", "{% extends \"base.html\" %}\n\n{% block main %}{{ page.title }\n{% endblock main %}\n")
        },
        "template",
        "┌─ templates/page.html:3:",
    );
}

#[test]
fn a_latex_error() {
    page_fails("Line.\nMath $\\nosuchcommand{1}$ here.\n", "math", 6);
}

#[test]
fn a_broken_link_or_anchor() {
    page_fails("See [there](nowhere.html).\n", "broken-link", 5);
    page_fails("\nSee [there](first.html#nowhere).\n", "broken-link", 6);
    page_fails("See [here](#nowhere).\n", "broken-link", 5);
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_in_content_is_not_followed() {
    let site = built();
    let before = snapshot(&site);
    std::os::unix::fs::symlink("..", site.root().join("content/loop")).expect("symlink");
    fs::create_dir_all(site.root().join("content/sub")).expect("mkdir");
    std::os::unix::fs::symlink("../sub", site.root().join("content/sub/again")).expect("symlink");
    let out = site.run(&["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Links are not followed: the same pages, nothing under the loop.
    assert_eq!(snapshot(&site), before);
}

#[test]
fn file_names_with_spaces_and_non_ascii_characters() {
    let site = built();
    site.write(
        "content/my page.md",
        "+++\ntitle = \"Spaced\"\n+++\n\nBack [home](index.html).\n",
    );
    site.write(
        "content/grüße/straße.md",
        "+++\ntitle = \"Straße\"\n+++\n\nBack [home](../index.html) or [spaced](../my%20page.html).\n",
    );
    site.write(
        "content/_index.md",
        "+++\ntitle = \"Home\"\n+++\n\nRead [the first](first.html), [the spaced](my%20page.html) and [the street](grüße/straße.html).\n",
    );
    let files = site.build_ok();
    assert!(files["my page.html"].windows(6).any(|w| w == b"Spaced"));
    assert!(
        files["grüße/straße.html"]
            .windows(7)
            .any(|w| w == "Straße".as_bytes())
    );
    let index = String::from_utf8_lossy(&files["index.html"]).into_owned();
    assert!(index.contains("href=\"my%20page.html\""), "{index}");
    assert!(
        index.contains("href=\"gr%C3%BC%C3%9Fe/stra%C3%9Fe.html\"")
            || index.contains("href=\"grüße/straße.html\""),
        "{index}"
    );
    // A link to a name that does not exist is still caught.
    site.write(
        "content/my page.md",
        "+++\ntitle = \"Spaced\"\n+++\n\nBack [home](my%20pag.html).\n",
    );
    let err = site.build_err();
    assert!(err.contains("error[broken-link]") && err.contains("┌─ content/my page.md:5:"));
}

#[test]
fn a_ten_megabyte_page_builds() {
    let site = built();
    let mut page = String::from("+++\ntitle = \"Big\"\n+++\n\n## Long\n\n");
    let paragraph = "Words, a nim-sum {val}`3+5`, a product $2 \\otimes 2 = 3$, a link to \
                     [the start](first.html#start), and more words to fill the line.\n\n";
    while page.len() < 10 * 1024 * 1024 {
        page.push_str(paragraph);
    }
    site.write("content/big.md", &page);
    let out = site.run(&["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let html = fs::read_to_string(site.root().join("site/big.html")).expect("big.html");
    assert!(html.contains("<math"));
}

#[test]
fn deeply_nested_lists_and_quotes_build() {
    let site = built();
    let depth = 2000;
    let mut page = String::from("+++\ntitle = \"Deep\"\n+++\n\n");
    page.push_str(&"- ".repeat(depth));
    page.push_str("bottom\n\n");
    page.push_str(&">".repeat(depth));
    page.push_str(" quoted\n\n");
    page.push_str(&"[".repeat(depth));
    page.push_str("\n\n");
    page.push_str(&"*".repeat(depth));
    page.push_str("x\n");
    site.write("content/deep.md", &page);
    let out = site.run(&["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let html = fs::read_to_string(site.root().join("site/deep.html")).expect("deep.html");
    assert!(html.contains("bottom") && html.contains("quoted"));
}

#[test]
fn every_directive_bounds_its_work() {
    for (body, code, line) in [
        ("```{field-check}\n:size: 1000\n```\n", "limit", 6),
        ("```{table}\n:op: add\n:size: 257\n```\n", "bad-value", 7),
        ("```{sizes}\n:upto: 257\n```\n", "bad-value", 6),
        ("```{cost}\n:size: 257\n```\n", "bad-value", 6),
        ("```{inverses}\n:size: 512\n```\n", "bad-value", 6),
        ("```{squares}\n:size: 65536\n```\n", "bad-value", 6),
        ("```{derivation}\n:a: 3\n:b: 256\n```\n", "bad-value", 7),
        (
            "```{game-check}\n:game: stones-1d\n:size: 100\n```\n",
            "bad-value",
            7,
        ),
        (
            "```{game-check}\n:game: stones-2d\n:size: 9\n```\n",
            "limit",
            7,
        ),
    ] {
        page_fails(body, code, line);
    }
}

#[test]
fn math_over_too_large_a_range_is_refused_not_skipped() {
    // 2^32 assignments: beyond the work bound, so the claim is refused with a clear error.
    let site = built();
    site.write(
        "content/wide.md",
        "+++\ntitle = \"Wide\"\n+++\n\n$\\forall a, b < 65536 : a \\otimes b = a$\n",
    );
    let err = site.build_err();
    assert!(err.contains("error[expr]"), "{err}");
    assert!(err.contains("┌─ content/wide.md:5:"), "{err}");
    // Within the bound, the same false statement fails as a claim.
    site.write(
        "content/wide.md",
        "+++\ntitle = \"Wide\"\n+++\n\n$\\forall a, b < 16 : a \\otimes b = a$\n",
    );
    let err = site.build_err();
    assert!(err.contains("error[stale-claim]"), "{err}");
    assert!(err.contains("┌─ content/wide.md:5:"), "{err}");
}

#[test]
fn a_typo_after_a_heavy_directive_fails_before_any_evaluation() {
    // The field check of 65536 takes seconds; the misspelt option below it must fail the
    // build without waiting for it (benches/site.rs times this).
    page_fails(
        "```{field-check}\n:size: 65536\n```\n\n```{table}\n:op: mul\n:sise: 4\n```\n",
        "unknown-option",
        11,
    );
}

#[test]
fn two_pages_on_one_rung() {
    let page = "+++\ntitle = \"Second\"\nrung = 1\n+++\n\nText.\n";
    fails(
        |site| site.write("content/second.md", page),
        "duplicate-rung",
        "┌─ content/second.md:3:8",
    );
    let site = built();
    site.write("content/second.md", page);
    let err = site.build_err();
    // The other page is shown too.
    assert!(err.contains("┌─ content/first.md:3:8"), "{err}");
    assert!(err.contains("is taken by this page"), "{err}");
    assert!(err.contains("the next free rung is 2"), "{err}");
    // A rung another page takes is not free.
    site.write(
        "content/third.md",
        "+++\ntitle = \"Third\"\nrung = 2\n+++\n\nText.\n",
    );
    let err = site.build_err();
    assert!(err.contains("the next free rung is 3"), "{err}");
    fs::remove_file(site.root().join("content/third.md")).expect("remove");
    // A draft does not take a rung.
    site.write(
        "content/second.md",
        "+++\ntitle = \"Second\"\nrung = 1\ndraft = true\n+++\n",
    );
    site.build_ok();
}

#[test]
fn a_negative_rung() {
    fails(
        |site| site.write("content/bad.md", "+++\ntitle = \"Bad\"\nrung = -1\n+++\n"),
        "front-matter",
        "┌─ content/bad.md:3:8",
    );
}

#[test]
fn a_rung_that_is_not_a_whole_number() {
    for rung in ["\"5\"", "1.5"] {
        let page = format!("+++\ntitle = \"Bad\"\nrung = {rung}\n+++\n");
        fails(
            |site| site.write("content/bad.md", &page),
            "front-matter",
            "┌─ content/bad.md:3:8",
        );
        let site = built();
        site.write("content/bad.md", &page);
        let err = site.build_err();
        assert!(err.contains("a whole number"), "{err}");
        assert!(!err.contains("i64"), "{err}");
    }
}

#[test]
fn a_link_to_a_draft_says_it_is_a_draft() {
    let site = built();
    let before = snapshot(&site);
    site.write(
        "content/wip.md",
        "+++\ntitle = \"WIP\"\ndraft = true\n+++\n\nText.\n",
    );
    site.write(
        "content/bad.md",
        "+++\ntitle = \"Bad\"\n+++\n\nSee [the draft](wip.html).\n",
    );
    let err = site.build_err();
    assert!(err.contains("error[broken-link]"), "{err}");
    assert!(err.contains("┌─ content/bad.md:5:"), "{err}");
    assert!(err.contains("content/wip.md is not written"), "{err}");
    assert!(err.contains("draft = true"), "{err}");
    assert_eq!(snapshot(&site), before);
}

#[test]
fn broken_links_suggest_the_nearest_page_and_anchor() {
    for (link, suggestion) in [
        ("frist.html#start", "first.html#start"),
        ("first.html#strat", "first.html#start"),
        ("sub/../frist.html", "first.html"),
    ] {
        let site = built();
        site.write(
            "content/bad.md",
            &format!("+++\ntitle = \"Bad\"\n+++\n\nSee [it]({link}).\n"),
        );
        let err = site.build_err();
        assert!(err.contains("┌─ content/bad.md:5:5"), "{err}");
        assert!(
            err.contains(&format!("did you mean `{suggestion}`?")),
            "{link}: {err}"
        );
    }
    // From a nested page, the suggestion is relative to it.
    let site = built();
    site.write(
        "content/deep/bad.md",
        "+++\ntitle = \"Bad\"\n+++\n\nSee [it](../frist.html).\n",
    );
    let err = site.build_err();
    assert!(err.contains("did you mean `../first.html`?"), "{err}");
}

#[test]
fn an_undefined_footnote_or_reference_link() {
    page_fails("Proved elsewhere.[^proof]\n", "broken-link", 5);
    page_fails("See [the table][products].\n", "broken-link", 5);
    page_fails("See [the table][].\n", "broken-link", 5);
    // Defined ones pass, and so do a bracketed interval and `[^1]` in code.
    crate::directives::passes(
        "Proved elsewhere.[^p] See [the table][t], the range [0, 1], `[^1]`.\n\n\
         [^p]: In rung 2.\n\n[t]: #top\n\n# Top {#top}\n",
    );
}

#[test]
fn a_heading_id_given_twice() {
    page_fails(
        "# One {#same}\n\nText.\n\n## Two {#same}\n",
        "duplicate-id",
        9,
    );
}

#[test]
fn a_directive_inside_a_block_quote_is_read() {
    page_fails("> ```{claim}\n> 2*2 = 2\n> ```\n", "stale-claim", 6);
    crate::directives::passes("> ```{table}\n> :op: mul\n> :size: 4\n> ```\n");
}

#[test]
fn an_unknown_key_in_the_config() {
    fails(
        |site| {
            site.write(
                "nimsite.toml",
                "title = \"T\"\nbaseurl = \"https://x.org\"\n",
            )
        },
        "config",
        "┌─ nimsite.toml:2:1",
    );
}

#[test]
fn deep_or_long_statements_fail_at_their_line_without_aborting() {
    let nested = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
    let sum = |n: usize| vec!["1"; n].join(" + ");
    let math_sum = |n: usize| vec!["1"; n].join(" \\oplus ");
    for (body, code, line) in [
        (
            format!("```{{claim}}\n{} = 1\n```\n", nested(1000)),
            "expr",
            6,
        ),
        (
            format!("```{{claim}}\n{} = 0\n```\n", sum(10_000)),
            "expr",
            6,
        ),
        (format!("Text {{nim}}`{} = 1`.\n", nested(2000)), "expr", 5),
        (
            format!("${} = 0$\n", math_sum(20_000)),
            "unchecked-claim",
            5,
        ),
        (
            format!("Prose {} ⊗ 2 = 3.\n", nested(2000)),
            "unchecked-claim",
            5,
        ),
    ] {
        page_fails(&body, code, line);
    }
}

#[test]
fn deep_braces_in_math_fail_at_their_line() {
    let n = 1000;
    let body = format!("${}x{}$\n", "{".repeat(n), "}".repeat(n));
    page_fails(&body, "math", 5);
}

#[test]
fn a_page_above_the_size_limit_fails_naming_the_file() {
    let mut page = String::from("+++\ntitle = \"Huge\"\n+++\n\n");
    let line = "A line of prose that says nothing in particular.\n";
    while page.len() <= 16 << 20 {
        page.push_str(line);
    }
    fails(
        |site| site.write("content/huge.md", &page),
        "limit",
        "content/huge.md",
    );
}
