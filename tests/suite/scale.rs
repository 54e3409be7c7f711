//! A generated site of a few hundred pages through the real binary: half plain Markdown,
//! half with a small `{table}` and `{nim}` roles. Every page must be written, linked from
//! the home page and to its neighbour, and two builds must be byte-for-byte the same.
//! Timings and memory at 5,000 pages are measured by `benches/site.rs` and
//! `benches/scale_rss.sh`, not here.

use crate::common::{Site, tree};

/// The number of generated pages: enough for every page to be checked in about a second.
const PAGES: usize = 250;

/// Returns generated page `i` of `n`: prose, a list, a table and code, linking to the next
/// page; odd pages also hold a product table below 4 and two checked `{nim}` claims.
fn page(i: usize, n: usize) -> String {
    let mut text = format!(
        "+++\ntitle = \"Page {i}\"\nrung = {}\nsummary = \"Generated page {i}.\"\n+++\n\n",
        i + 2
    );
    for section in 0..4 {
        text.push_str(&format!(
            "## Section {section}\n\nSome *plain* prose with a [link](page-{}.html) and `code`, \
             enough words to look like an essay paragraph.\n\n\
             - one item\n- another item\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nlet x = 1;\n```\n\n",
            (i + 1) % n
        ));
    }
    if i % 2 == 1 {
        text.push_str(&format!(
            "## Products\n\nBelow 4, {{nim}}`2 * 2 = 3` and {{nim}}`{i} + {i} = 0`.\n\n\
             ```{{table}}\n:op: mul\n:size: 4\n```\n"
        ));
    }
    text
}

/// Returns a root holding the generated pages beside the home page and `first.md`.
fn generated() -> Site {
    let site = Site::new();
    for i in 0..PAGES {
        site.write(&format!("content/page-{i}.md"), &page(i, PAGES));
    }
    site
}

#[test]
fn generated_pages_build_linked_and_deterministic() {
    let site = generated();
    let first = site.build_ok();
    let html = |name: &str| {
        String::from_utf8_lossy(first.get(name).map_or(&[][..], Vec::as_slice)).into_owned()
    };
    let home = html("index.html");
    for i in 0..PAGES {
        let name = format!("page-{i}.html");
        let text = html(&name);
        assert!(
            text.contains(&format!("<h1 class=\"page-title\">Page {i}</h1>")),
            "{name} missing or untitled"
        );
        let next = format!("href=\"page-{}.html\"", (i + 1) % PAGES);
        assert!(
            text.contains(&next),
            "{name} does not link to its neighbour"
        );
        assert!(
            home.contains(&format!("href=\"{name}\"")),
            "the home page does not list {name}"
        );
        let tables = text.matches("<table class=\"op-table\"").count();
        assert_eq!(tables, i % 2, "{name} has {tables} product tables");
    }
    let mut figures = tree(&site.root().join("figures"));
    assert!(
        figures.remove(".nimsite-figures").is_some(),
        "the list of drawn figures"
    );
    assert_eq!(figures.len(), PAGES / 2, "one figure per product table");
    let again = site.build_ok();
    assert!(again == first, "a second build differs from the first");
    let mut after = tree(&site.root().join("figures"));
    after.remove(".nimsite-figures");
    assert!(after == figures, "figures changed");
}

/// Returns the header's list of pages in `html`: from its `<nav class="ladder` to `</nav>`.
fn header_nav(html: &str) -> &str {
    let start = html.find("<nav class=\"ladder").unwrap_or(html.len());
    let end = html[start..]
        .find("</nav>")
        .map_or(html.len(), |e| start + e);
    &html[start..end]
}

#[test]
fn the_header_lists_a_bounded_number_of_pages_and_the_home_page_all() {
    let site = crate::common::Site::new();
    let n = 40;
    for i in 2..=n {
        site.write(
            &format!("content/p{i}.md"),
            &format!("+++\ntitle = \"P{i}\"\nrung = {i}\n+++\n\nText.\n"),
        );
    }
    let files = site.build_ok();
    let html = |name: &str| String::from_utf8_lossy(&files[name]).into_owned();
    for name in ["first.html", "p40.html"] {
        let page = html(name);
        let nav = header_nav(&page);
        assert!(nav.contains("<summary>All 40 pages</summary>"), "{nav}");
        assert_eq!(nav.matches("<li>").count(), 24, "{nav}");
        assert!(nav.contains("href=\"p24.html\">P24</a>"), "{nav}");
        assert!(!nav.contains("p25.html"), "{nav}");
        assert!(
            nav.contains("href=\"index.html#site-ladder\""),
            "the header links to the full list: {nav}"
        );
    }
    let home = html("index.html");
    let start = home
        .find("id=\"site-ladder\"")
        .expect("the home page's list");
    for i in 2..=n {
        assert!(
            home[start..].contains(&format!("href=\"p{i}.html\"")),
            "the home page does not list p{i}"
        );
    }
}
