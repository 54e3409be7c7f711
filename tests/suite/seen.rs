//! What a reader sees is checked: a claim the rendered page shows in any spelling (an
//! entity, a link's title, an attribute of raw HTML, code, the front matter) builds when it
//! is true and fails at its line when it is false. Page bodies start on line 5.

use crate::common::Site;
use crate::directives::{fails, passes};

/// Asserts that `truthful` builds and `false_form` fails with `code` on line 5.
fn both(truthful: &str, false_form: &str, code: &str) {
    passes(truthful);
    fails(false_form, code, 5);
}

#[test]
fn entities_for_the_operators() {
    both(
        "so 2 &otimes; 3 = 1 here.",
        "so 2 &otimes; 3 = 7 here.",
        "stale-claim",
    );
    both(
        "and 9 &#8853; 4 = 13.",
        "and 9 &#8853; 4 = 12.",
        "stale-claim",
    );
}

#[test]
fn a_links_title() {
    both(
        "[see](t.html \"where 3 ⊕ 5 = 6\")",
        "[see](t.html \"where 3 ⊕ 5 = 9\")",
        "stale-claim",
    );
}

#[test]
fn attributes_of_raw_html() {
    both(
        "a <abbr title=\"3 ⊕ 5 = 6\">note</abbr> here",
        "a <abbr title=\"3 ⊕ 5 = 9\">note</abbr> here",
        "stale-claim",
    );
    fails(
        "a <abbr title=\"x ⊗ 3 = 5\">note</abbr> here",
        "unchecked-claim",
        5,
    );
    passes("<!-- unchecked: a variable -->\na <abbr title=\"x ⊗ 3 = 5\">note</abbr> here");
}

#[test]
fn code_a_reader_sees() {
    both(
        "as `2 ⊗ 3 = 1` shows",
        "as `2 ⊗ 3 = 7` shows",
        "stale-claim",
    );
    passes("```\n4 ⊗ 4 = 6\n```");
    fails("```\n4 ⊗ 4 = 7\n```", "stale-claim", 6);
}

/// Builds a page with `front` as its front matter and expects `code` at its line 2.
fn front_matter(front: &str, code: Option<&str>) {
    let site = Site::new();
    site.write("content/t.md", &format!("+++\n{front}\n+++\n\nText.\n"));
    match code {
        None => {
            site.build_ok();
        }
        Some(code) => {
            let err = site.build_err();
            assert!(err.contains(&format!("error[{code}]")), "{err}");
            assert!(err.contains("content/t.md:2:"), "{err}");
        }
    }
}

#[test]
fn a_title_in_front_matter() {
    front_matter("title = \"Why 4 ⊗ 4 = 6\"", None);
    front_matter("title = \"Why 4 ⊗ 4 = 7\"", Some("stale-claim"));
}

#[test]
fn a_seen_claim_is_in_the_ledger() {
    let site = Site::new();
    site.write(
        "content/t.md",
        "+++\ntitle = \"T\"\n+++\n\nAs `2 ⊗ 7 = 9` shows.\n",
    );
    let files = site.build_ok();
    let ledger = String::from_utf8_lossy(&files["claims.json"]).to_string();
    assert!(ledger.contains("2 ⊗ 7 = 9"), "{ledger}");
    assert!(
        ledger.contains("checked where a reader sees it"),
        "{ledger}"
    );
}
