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
        "a <abbr title=\"x = 3 ⊗ 5\">note</abbr> here",
        "unchecked-claim",
        5,
    );
    passes("<!-- unchecked: a variable -->\na <abbr title=\"x = 3 ⊗ 5\">note</abbr> here");
    // A law in an attribute is checked over the default domain.
    both(
        "a <abbr title=\"x ⊕ x = 0\">note</abbr> here",
        "a <abbr title=\"x ⊕ 3 = 5\">note</abbr> here",
        "stale-claim",
    );
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

/// Writes a page showing `figure.svg`, and the image with `texts` as its text lines.
fn drawn(texts: &[&str]) -> Site {
    let site = Site::new();
    site.write(
        "content/t.md",
        "+++\ntitle = \"T\"\n+++\n\n![a figure](figure.svg)\n",
    );
    let mut svg = String::from("<svg xmlns=\"http://www.w3.org/2000/svg\">\n");
    for (i, t) in texts.iter().enumerate() {
        svg.push_str(&format!(
            "  <text x=\"0\" y=\"{}\">{t}</text>\n",
            20 * (i + 1)
        ));
    }
    svg.push_str("</svg>\n");
    site.write("content/figure.svg", &svg);
    site
}

#[test]
fn the_text_of_an_image_a_page_shows() {
    // True text in a hand-drawn image is checked and listed where it is seen.
    let site = drawn(&[
        "2 ⊗ 3 = 1",
        "so 2 <tspan>⊗ 2</tspan> = 3",
        "heaps 1, 2 and 3",
    ]);
    let files = site.build_ok();
    let ledger = String::from_utf8_lossy(&files["checked.html"]).into_owned();
    assert_eq!(
        ledger.matches("in the image `content/figure.svg`").count(),
        2,
        "{ledger}"
    );
    // A false one fails at its line of the image, even split by a `tspan`.
    let err = drawn(&["2 ⊗ 3 = 1", "so 2 <tspan>⊗ 2</tspan> = 2"]).build_err();
    assert!(err.contains("error[stale-claim]"), "{err}");
    assert!(err.contains("┌─ content/figure.svg:3:"), "{err}");
    // A waiver inside the image covers the element after it.
    let waived = drawn(&["<!-- unchecked: a wrong sum on purpose --></text><text>2 ⊗ 2 = 2"]);
    waived.build_ok();
    // An image no page shows is not read.
    let site = drawn(&["2 ⊗ 2 = 2"]);
    site.write("content/t.md", "+++\ntitle = \"T\"\n+++\n\nNo figure.\n");
    site.build_ok();
}

/// One true claim about `a` and `b` in one of the ways an author writes one, with the
/// product computed by the core.
fn written_claim(form: u8, a: u128, b: u128) -> String {
    let p = nimsite::nimber::mul(a, b);
    let s = a ^ b;
    match form % 7 {
        0 => format!("so {a} ⊗ {b} = {p} here."),
        1 => format!("and ${a} \\otimes {b} = {p}$ too."),
        2 => format!("as {{nim}}`{a}*{b} = {p}` says."),
        3 => format!("**{a} ⊗ {b}** = {p} holds."),
        4 => format!("- and {a} ⊕ {b} = {s}"),
        5 => format!("## Why {a} ⊗ {b} = {p}"),
        _ => format!("> {a} &oplus; {b} = {s}"),
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]

    /// Every claim the source side checks and anchors is found by the rendered side,
    /// inside its anchor's element.
    #[test]
    fn the_rendered_side_finds_every_anchored_claim(
        claims in proptest::collection::vec((0u8..7, 0u128..256, 0u128..256), 1..6)
    ) {
        let body: Vec<String> = claims.iter().map(|(f, a, b)| written_claim(*f, *a, *b)).collect();
        let site = Site::new();
        let source = format!("+++\ntitle = \"T\"\n+++\n\n{}\n", body.join("\n\n"));
        site.write("content/t.md", &source);
        let files = site.build_ok();
        let html = String::from_utf8_lossy(&files["t.html"]).to_string();
        let ledger: serde_json::Value =
            serde_json::from_slice(&files["claims.json"]).expect("claims.json");
        let anchors: Vec<String> = ledger
            .as_array()
            .expect("a list")
            .iter()
            .filter(|c| c["page"] == "t" && c["anchor"] != "")
            .map(|c| c["anchor"].as_str().unwrap_or("").to_string())
            .collect();
        proptest::prop_assert!(!anchors.is_empty());
        let mut checked = nimsite::site::seen::Checked::default();
        for a in &anchors {
            checked.anchors.insert(("t".to_string(), a.clone()));
        }
        let page = nimsite::site::seen::Seen { file: "content/t.md", source: &source, slug: "t", html: &html };
        let seen = nimsite::site::seen::claims_seen(&page, &checked);
        for a in &anchors {
            proptest::prop_assert!(
                seen.iter().any(|(_, at)| at.as_deref() == Some(a.as_str())),
                "claim {a} not seen in\n{html}\nseen: {seen:?}"
            );
        }
    }

    /// The rendered side reads any markup without panicking.
    #[test]
    fn the_rendered_side_reads_any_markup(html in "[<>/\"'=&;#!a-z0-9 ⊗⊕·-]{0,300}") {
        let page = nimsite::site::seen::Seen { file: "content/t.md", source: "", slug: "t", html: &html };
        let _ = nimsite::site::seen::check(&[page], &nimsite::site::seen::Checked::default(), true);
    }
}

#[test]
fn what_a_role_shows_and_the_text_beside_it_are_read_as_one() {
    // "{val}`2*2` ⊗ 2 = 2" shows "3 ⊗ 2 = 2"; "{nim}`2*2 = 3` = 2" shows a false chain.
    fails("We get {val}`2*2` ⊗ 2 = 2.", "stale-claim", 5);
    fails("We get {nim}`2*2 = 3` = 2.", "stale-claim", 5);
    passes("We get {val}`2*2` ⊗ 2 = 1, and {nim}`2*2 = 3` here.");
}

#[test]
fn more_attributes_a_reader_sees() {
    both(
        "<input type=\"button\" value=\"2 ⊗ 3 = 1\">",
        "<input type=\"button\" value=\"2 ⊗ 3 = 5\">",
        "stale-claim",
    );
    both(
        "<select><option label=\"2 ⊗ 3 = 1\">a</option></select>",
        "<select><option label=\"2 ⊗ 3 = 5\">a</option></select>",
        "stale-claim",
    );
    // A line break inside a tooltip is a space.
    both(
        "<span title=\"2 ⊗ 3 =&#10;1\">x</span>",
        "<span title=\"2 ⊗ 3 =&#10;5\">x</span>",
        "stale-claim",
    );
}

#[test]
fn files_a_page_links_to_are_read() {
    for (name, text, line) in [
        ("notes.txt", "Notes.\nHere 2 ⊗ 3 = 5.\n", 2),
        ("notes.html", "<p>Notes.</p>\n<p>Here 2 ⊗ 3 = 5.</p>\n", 2),
    ] {
        let site = Site::new();
        site.write(
            "content/t.md",
            &format!("+++\ntitle = \"T\"\n+++\n\nSee [the notes]({name}).\n"),
        );
        site.write(&format!("content/{name}"), text);
        let err = site.build_err();
        assert!(err.contains("error[stale-claim]"), "{err}");
        assert!(err.contains(&format!("┌─ content/{name}:{line}:")), "{err}");
        site.write(&format!("content/{name}"), &text.replace('5', "1"));
        site.build_ok();
    }
}

#[test]
fn math_without_alternative_text_and_text_shown_right_to_left() {
    both(
        "<math><mn>2</mn><mo>⊗</mo><mn>3</mn><mo>=</mo><mn>1</mn></math>",
        "<math><mn>2</mn><mo>⊗</mo><mn>3</mn><mo>=</mo><mn>5</mn></math>",
        "stale-claim",
    );
    // "12 = 3 ⊗ 4" written right to left shows "4 ⊗ 3 = 21".
    fails("<bdo dir=\"rtl\">12 = 3 ⊗ 4</bdo>", "unchecked-claim", 5);
    fails("We get \u{202e}12 = 3 ⊗ 4\u{202c}.", "unchecked-claim", 5);
}

#[test]
fn an_images_alt_text_holds_no_markup_of_its_claims() {
    let html = passes(
        "![Two heaps of 9 and 12 in Nim are worth 5 together.](https://example.org/two.svg)",
    );
    assert!(
        html.contains("alt=\"Two heaps of 9 and 12 in Nim are worth 5 together.\""),
        "{html}"
    );
    fails(
        "![Two heaps of 9 and 12 in Nim are worth 6 together.](https://example.org/two.svg)",
        "stale-claim",
        5,
    );
    // A fact in an alt text the grammar does not read is refused there.
    fails(
        "![The heaps ∗9 and ∗12 side by side, like the heap ∗3](https://example.org/two.svg)",
        "unchecked-claim",
        5,
    );
}

#[test]
fn a_claim_a_line_break_cuts_is_reported_on_its_own_page() {
    // The words "6 is 4 3" stand on one line of another page; the claim is on this one,
    // over a line break, around a value a role computed.
    let site = Site::new();
    site.write(
        "content/a.md",
        "+++\ntitle = \"A\"\n+++\n\nNext, $6$ is\n{nim}`4 + 3`, by the table.\n",
    );
    site.write(
        "content/b.md",
        "+++\ntitle = \"B\"\n+++\n\nRow 6 is long, column 4 too, and 3 is short.\n",
    );
    let err = site.build_err();
    assert!(err.contains("content/a.md:5:"), "{err}");
    assert!(!err.contains("content/b.md"), "{err}");
}
