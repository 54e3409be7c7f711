//! Dates in front matter, shown on the page and listed in the Atom feed (`atom.xml`).

use crate::common::{Site, stderr, tree};

/// The base URL the feed tests publish at.
const BASE: &str = "https://example.org/nim/";

/// Returns a page's Markdown with a title, a rung and extra front matter.
fn page(title: &str, rung: u32, extra: &str) -> String {
    format!("+++\ntitle = \"{title}\"\nrung = {rung}\n{extra}+++\n\nText.\n")
}

/// Builds with `NIMSITE_BASE_URL` set, asserting success, and returns the site's files.
fn build_at_base(site: &Site) -> std::collections::BTreeMap<String, Vec<u8>> {
    let out = site
        .command(&["build"])
        .env("NIMSITE_BASE_URL", BASE)
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", stderr(&out));
    tree(&site.root().join("site"))
}

/// Returns the file as text.
fn text(files: &std::collections::BTreeMap<String, Vec<u8>>, name: &str) -> String {
    String::from_utf8_lossy(files.get(name).unwrap_or_else(|| panic!("{name} missing")))
        .into_owned()
}

/// Checks that `xml` is well formed as far as its elements go: one root, every element
/// closed in order, no stray `<` or `&` in text. Returns the element names in order.
fn elements(xml: &str) -> Result<Vec<String>, String> {
    let body = xml
        .strip_prefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        .ok_or("no XML declaration")?;
    let mut open: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = body;
    let mut roots = 0;
    while let Some(at) = rest.find('<') {
        let text = &rest[..at];
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..];
            let ok = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                .iter()
                .any(|e| entity.starts_with(e));
            if !ok {
                return Err(format!("a bare `&` in {text:?}"));
            }
        }
        let end = rest[at..].find('>').ok_or("an unclosed tag")? + at;
        let tag = &rest[at + 1..end];
        if tag.contains('<') {
            return Err(format!("a `<` inside the tag {tag:?}"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            let top = open.pop().ok_or(format!("</{name}> closes nothing"))?;
            if top != name {
                return Err(format!("</{name}> closes <{top}>"));
            }
        } else {
            let name = tag.split([' ', '/']).next().unwrap_or("").to_string();
            if open.is_empty() {
                roots += 1;
            }
            names.push(name.clone());
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    if !open.is_empty() || roots != 1 || !rest.trim().is_empty() {
        return Err(format!("unclosed {open:?}, {roots} roots"));
    }
    Ok(names)
}

/// A site with three dated pages published out of order, one undated, and one draft.
fn dated_site() -> Site {
    let site = Site::new();
    site.write(
        "content/first.md",
        &page(
            "First & foremost",
            1,
            "date = 2024-01-15\nupdated = \"2024-06-01T08:00:00+02:00\"\nsummary = \"Where <it> starts\"\n",
        ),
    );
    site.write(
        "content/second.md",
        &page("Second", 2, "date = \"2024-03-02\"\n"),
    );
    site.write(
        "content/third.md",
        &page("Third", 3, "date = 2023-11-30T23:00:00Z\n"),
    );
    site.write("content/undated.md", &page("Undated", 4, ""));
    site.write(
        "content/later.md",
        &page("Later", 5, "date = 2025-01-01\ndraft = true\n"),
    );
    site
}

#[test]
fn the_feed_lists_dated_pages_newest_first() {
    let site = dated_site();
    let files = build_at_base(&site);
    let feed = text(&files, "atom.xml");
    let names = elements(&feed).unwrap_or_else(|e| panic!("{e}:\n{feed}"));
    assert_eq!(names[0], "feed", "{feed}");
    assert!(feed.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">"));
    assert_eq!(names.iter().filter(|n| *n == "entry").count(), 3, "{feed}");
    // Newest publication first; undated pages and drafts are left out.
    let at = |url: &str| {
        feed.find(&format!("<id>{BASE}{url}</id>"))
            .unwrap_or_else(|| panic!("{url} missing:\n{feed}"))
    };
    assert!(at("second.html") < at("first.html"), "{feed}");
    assert!(at("first.html") < at("third.html"), "{feed}");
    assert!(!feed.contains("undated.html") && !feed.contains("later.html"));
    // The feed is as new as the newest change in it, an update included.
    let head = &feed[..feed.find("<entry>").expect("an entry")];
    assert!(head.contains(&format!("<id>{BASE}</id>")), "{head}");
    assert!(
        head.contains("<updated>2024-06-01T08:00:00+02:00</updated>"),
        "{head}"
    );
    assert!(head.contains(&format!(
        "<link rel=\"self\" type=\"application/atom+xml\" href=\"{BASE}atom.xml\"/>"
    )));
    assert!(head.contains(&format!(
        "<link rel=\"alternate\" type=\"text/html\" href=\"{BASE}\"/>"
    )));
    assert!(head.contains("<title>Home</title>"), "{head}");
    // Each entry has its id, title, link, dates and summary, escaped.
    assert!(
        feed.contains("<title>First &amp; foremost</title>"),
        "{feed}"
    );
    assert!(
        feed.contains("<summary>Where &lt;it&gt; starts</summary>"),
        "{feed}"
    );
    assert_eq!(feed.matches("<summary>").count(), 1, "{feed}");
    assert!(feed.contains("<published>2024-01-15T00:00:00Z</published>"));
    assert!(feed.contains("<published>2023-11-30T23:00:00Z</published>"));
    assert!(feed.contains(&format!(
        "<link rel=\"alternate\" type=\"text/html\" href=\"{BASE}first.html\"/>"
    )));
    // Every page links to the feed from its head.
    for name in ["index.html", "first.html", "undated.html", "checked.html"] {
        let html = text(&files, name);
        assert!(
            html.contains("<link rel=\"alternate\" type=\"application/atom+xml\""),
            "{name}: no feed link"
        );
    }
    // Two builds write the same feed: it is dated by the pages, never by the clock.
    let again = build_at_base(&site);
    assert_eq!(text(&again, "atom.xml"), feed);
}

#[test]
fn the_page_shows_its_dates() {
    let site = dated_site();
    let files = site.build_ok();
    let first = text(&files, "first.html");
    assert!(
        first.contains("<time datetime=\"2024-01-15\">15 January 2024</time>"),
        "{first}"
    );
    assert!(
        first.contains("Updated <time datetime=\"2024-06-01T08:00:00+02:00\">1 June 2024</time>"),
        "{first}"
    );
    let second = text(&files, "second.html");
    assert!(
        second.contains("<time datetime=\"2024-03-02\">"),
        "{second}"
    );
    assert!(!second.contains("Updated"), "{second}");
    assert!(!text(&files, "undated.html").contains("<time"));
}

#[test]
fn without_a_base_url_there_is_no_feed_and_the_build_says_why() {
    let site = dated_site();
    let out = site.run(&["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no atom.xml was written: a feed needs absolute ids"),
        "{}",
        stderr(&out)
    );
    let files = tree(&site.root().join("site"));
    assert!(!files.contains_key("atom.xml"));
    assert!(!text(&files, "first.html").contains("application/atom+xml"));
}

#[test]
fn without_a_dated_page_there_is_no_feed() {
    let site = Site::new();
    let files = build_at_base(&site);
    assert!(!files.contains_key("atom.xml"), "{:?}", files.keys());
    assert!(!text(&files, "first.html").contains("application/atom+xml"));
}

#[test]
fn a_bad_date_fails_at_its_line() {
    for (date, col, why) in [
        ("date = 2024-02-30", 8, "invalid date"),
        ("date = \"2024-02-30\"", 8, "February 2024 has no day 30"),
        ("date = \"15/01/2024\"", 8, "is not a date such as"),
        ("updated = 2024-01-01T10:00:00", 11, "no time zone"),
        ("date = 2024", 8, "an integer is not a date"),
    ] {
        let site = Site::new();
        site.write(
            "content/first.md",
            &format!("+++\ntitle = \"First\"\nrung = 1\n{date}\n+++\n\nText.\n"),
        );
        let err = site.build_err();
        assert!(err.contains("error[front-matter]"), "{date}: {err}");
        assert!(
            err.contains(&format!("┌─ content/first.md:4:{col}")),
            "{date}: {err}"
        );
        assert!(err.contains(why), "{date}: {err}");
        assert!(!site.root().join("site").exists(), "{date}: wrote the site");
    }
}

#[test]
fn the_xml_check_refuses_what_is_not_well_formed() {
    let head = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n";
    assert!(elements(&format!("{head}<feed><id>a</id></feed>\n")).is_ok());
    for bad in [
        "<feed><id>a</feed></id>",
        "<feed><id>a & b</id></feed>",
        "<feed><id>a</id>",
        "<feed/><feed/>",
        "<feed><title>a <b</title></feed>",
    ] {
        assert!(elements(&format!("{head}{bad}")).is_err(), "{bad}");
    }
    assert!(elements("<feed/>").is_err());
}
