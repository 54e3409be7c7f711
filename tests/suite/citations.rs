//! Citations and the bibliography: `[@key]` in prose, `{cited}` sources by key, the
//! references section each citing page ends with, and what each claim rests on.

use super::common::Site;

/// Two entries, whose authors sort Abel before Zorn.
const BIB: &str = "@book{zorn1950,\n  author = {Zorn, Max},\n  title = {A Later Book},\n  publisher = {Press},\n  year = {1950},\n}\n\n@article{abel1826,\n  author = {Abel, Niels},\n  title = {An Earlier Paper},\n  journaltitle = {Journal},\n  volume = {1},\n  year = {1826},\n}\n";

fn site_with(page: &str) -> Site {
    let site = Site::new();
    site.write("references.bib", BIB);
    site.write("content/first.md", page);
    site
}

fn page(body: &str) -> String {
    format!("+++\ntitle = \"First\"\nrung = 1\n+++\n\n{body}")
}

fn claims_json(site: &Site) -> serde_json::Value {
    let text = std::fs::read_to_string(site.root().join("site/claims.json")).expect("claims.json");
    serde_json::from_str(&text).expect("claims.json parses")
}

#[test]
fn an_unknown_citation_key_fails_at_its_line() {
    let site = site_with(&page(
        "Some text.\n\nAs shown in [@abel1826] and [@nosuch].\n",
    ));
    let err = site.build_err();
    assert!(err.contains("error[unknown-citation]"), "{err}");
    assert!(err.contains("content/first.md:8:30"), "{err}");
    assert!(err.contains("no entry `nosuch`"), "{err}");
}

#[test]
fn a_page_citing_two_entries_renders_both_in_order() {
    let site = site_with(&page(
        "First [@zorn1950, p. 12], then [@abel1826].\n\nBoth [@zorn1950; @abel1826].\n",
    ));
    let files = site.build_ok();
    let html = String::from_utf8_lossy(&files["first.html"]).into_owned();
    let refs = html
        .find("id=\"references\"")
        .expect("a references section");
    let abel = html.find("id=\"ref-abel1826\"").expect("Abel's entry");
    let zorn = html.find("id=\"ref-zorn1950\"").expect("Zorn's entry");
    assert!(
        refs < abel && abel < zorn,
        "author-date lists by author:\n{html}"
    );
    assert!(html.contains("An Earlier Paper") && html.contains("A Later Book"));
    // Each citation links to its entry, in the style's words, with the locator.
    let cite = html
        .find("href=\"#ref-zorn1950\">")
        .expect("a linked citation");
    assert!(
        html[cite..].starts_with("href=\"#ref-zorn1950\">(Zorn 1950, 12)"),
        "{}",
        &html[cite..cite + 80]
    );
    assert!(
        html.contains("href=\"#ref-abel1826\">(Abel 1826)"),
        "{html}"
    );
    assert!(!html.contains("[@"), "no citation is left as written");
}

#[test]
fn a_page_without_citations_has_no_references_section() {
    let site = site_with(&page("Plain text.\n"));
    let files = site.build_ok();
    let html = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(!html.contains("id=\"references\""), "{html}");
}

#[test]
fn a_cited_block_names_its_sources_by_key() {
    let free = site_with(&page("```{cited}\n:source: A. Book (1999)\nA fact.\n```\n"));
    let err = free.build_err();
    assert!(err.contains("error[unknown-citation]"), "{err}");
    assert!(err.contains("content/first.md:7:10"), "{err}");
    let none = site_with(&page("```{cited}\nA fact.\n```\n"));
    let err = none.build_err();
    assert!(err.contains("error[missing-option]"), "{err}");
    let unknown = site_with(&page(
        "```{cited}\n:source: abel1826; nosuch\nA fact.\n```\n",
    ));
    let err = unknown.build_err();
    assert!(
        err.contains("no entry `nosuch`") && err.contains("content/first.md:7:20"),
        "{err}"
    );
}

#[test]
fn claims_json_carries_the_sources_of_each_cited_statement() {
    let site = site_with(&page(
        "```{cited}\n:source: zorn1950, chap. 2; abel1826\nA fact.\n```\n",
    ));
    site.build_ok();
    let claims = claims_json(&site);
    let cited = claims
        .as_array()
        .expect("a list")
        .iter()
        .find(|c| c["kind"] == "cited")
        .expect("the cited statement");
    assert_eq!(
        cited["sources"],
        serde_json::json!(["zorn1950", "abel1826"])
    );
    assert_eq!(cited["evidence"], "(Zorn 1950, chap. 2; Abel 1826)");
}

#[test]
fn an_entry_no_page_cites_is_a_note() {
    let site = site_with(&page("Only [@abel1826].\n"));
    let out = site.run(&["check", "--verbose"]);
    assert!(out.status.success(), "{}", super::common::stderr(&out));
    let err = super::common::stderr(&out);
    assert!(
        err.contains("unused-reference") && err.contains("zorn1950"),
        "{err}"
    );
    assert!(!err.contains("`abel1826`"), "{err}");
}

#[test]
fn a_style_hayagriva_does_not_archive_is_an_error() {
    let site = site_with(&page("Only [@abel1826].\n"));
    site.write("nimsite.toml", "bibliography_style = \"no-such-style\"\n");
    let err = site.build_err();
    assert!(
        err.contains("error[bibliography]") && err.contains("no-such-style"),
        "{err}"
    );
}

/// A page with an octal game, the theorem its period rests on, and three claims: one on
/// the table alone, one past it, one naming the period.
const OCTAL: &str = "```{octal}\n:code: 0.77\n:name: kayles\n:upto: 300\n```\n\nA row of three and one of four: {nim}`kayles(3) + kayles(4) = 2`.\n\nFar out: {nim}`kayles(1000) = kayles(1012)`.\n\nThe period: {nim}`period(kayles) = 12`.\n\n```{cited}\n:source: abel1826\n:id: octal-periodicity\nThe octal periodicity theorem.\n```\n\nAnd [@zorn1950].\n";

fn entry<'a>(claims: &'a serde_json::Value, statement: &str) -> &'a serde_json::Value {
    claims
        .as_array()
        .expect("a list")
        .iter()
        .find(|c| {
            c["statement"]
                .as_str()
                .is_some_and(|s| s.contains(statement))
        })
        .unwrap_or_else(|| panic!("no claim `{statement}` in {claims:#}"))
}

#[test]
fn a_claim_past_the_computed_range_rests_on_the_periodicity_statement() {
    let site = site_with(&page(OCTAL));
    site.build_ok();
    let claims = claims_json(&site);
    let past = entry(&claims, "kayles(1000)");
    assert_eq!(past["rests_on"], serde_json::json!(["octal-periodicity"]));
    assert!(
        past["method"]
            .as_str()
            .unwrap()
            .contains("read through the proved period"),
        "{past}"
    );
    let period = entry(&claims, "period(kayles)");
    assert_eq!(period["rests_on"], serde_json::json!(["octal-periodicity"]));
    let window = entry(&claims, "kayles(n + 12) = kayles(n)");
    assert_eq!(window["rests_on"], serde_json::json!(["octal-periodicity"]));
}

#[test]
fn a_purely_computed_claim_rests_on_nothing() {
    let site = site_with(&page(OCTAL));
    site.build_ok();
    let claims = claims_json(&site);
    let near = entry(&claims, "kayles(3)");
    assert_eq!(near["rests_on"], serde_json::json!([]));
    assert_eq!(
        near["method"].as_str().unwrap().split("; ").next(),
        Some("kayles: sparse method, compared with the mex definition on G(0)–G(299)")
    );
    let oracle = entry(&claims, "sparse-space method agree");
    assert_eq!(oracle["rests_on"], serde_json::json!([]));
}

#[test]
fn the_ledger_groups_claims_as_claims_json_does() {
    let site = site_with(&page(OCTAL));
    let files = site.build_ok();
    let claims = claims_json(&site);
    let list = claims.as_array().expect("a list");
    let holds = |c: &&serde_json::Value| c["outcome"] == "holds";
    let computed = list
        .iter()
        .filter(holds)
        .filter(|c| c["rests_on"].as_array().is_some_and(Vec::is_empty))
        .count();
    let given = list
        .iter()
        .filter(holds)
        .filter(|c| c["rests_on"] == serde_json::json!(["octal-periodicity"]))
        .count();
    assert!(
        computed > 0 && given == 3,
        "{computed} computed, {given} given"
    );
    let html = String::from_utf8_lossy(&files["checked.html"]).into_owned();
    assert!(
        html.contains(&format!("By computation ({computed})")),
        "{html}"
    );
    assert!(
        html.contains(&format!("Given octal-periodicity ({given})")),
        "{html}"
    );
    // The cited statement lists the claims resting on it, with links.
    let row = html
        .find("id=\"octal-periodicity\"")
        .expect("the statement's row");
    let end = html[row..].find("</tr>").expect("row end") + row;
    assert_eq!(
        html[row..end].matches("first.md, line").count(),
        given + 1,
        "{}",
        &html[row..end]
    );
}
