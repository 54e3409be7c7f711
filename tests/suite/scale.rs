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
