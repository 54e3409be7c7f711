//! The Atom feed (`atom.xml`): one entry per dated page, newest first. Atom needs absolute
//! ids, so a site has a feed only with a base URL; and it is dated by its newest page,
//! never by the clock, so two builds write the same bytes.

use std::cmp::Ordering;

use super::dates::PageDate;
use super::evaluate::Evaluated;
use super::urls::{href, normalize_base};
use crate::html::escape;

/// The feed's path in the site.
pub const FEED: &str = "atom.xml";

/// Why a site with dated pages but no base URL has no feed.
pub const NO_FEED: &str = "no atom.xml was written: a feed needs absolute ids; set `base_url` in nimsite.toml (or NIMSITE_BASE_URL)";

/// A dated page, as its feed entry shows it.
#[derive(Clone, Debug)]
pub struct Entry<'a> {
    /// The page's path in the site, such as `nim.html`.
    pub url: String,
    /// The page's title.
    pub title: &'a str,
    /// The page's one-line summary, if it has one.
    pub summary: Option<&'a str>,
    /// When the page was published.
    pub date: &'a PageDate,
    /// When it was last changed, if it was.
    pub updated: Option<&'a PageDate>,
}

impl Entry<'_> {
    /// Returns when the entry last changed: `updated`, else `date`.
    fn last(&self) -> &PageDate {
        self.updated.unwrap_or(self.date)
    }
}

/// What the feed says about the site.
#[derive(Clone, Copy, Debug)]
pub struct Site<'a> {
    /// The site's title.
    pub title: &'a str,
    /// One line about the site; empty when absent.
    pub description: &'a str,
    /// The site's author; empty when absent (the title then stands in, as Atom needs one).
    pub author: &'a str,
}

/// Returns the dated written pages as feed entries, in no particular order.
pub fn entries<'p>(written: &[&'p Evaluated<'_>]) -> Vec<Entry<'p>> {
    written
        .iter()
        .filter_map(|e| {
            let front = e.page.front.as_ref()?;
            Some(Entry {
                url: e.page.src.url(),
                title: &front.title,
                summary: front.summary.as_deref(),
                date: front.date.as_ref()?,
                updated: front.updated.as_ref(),
            })
        })
        .collect()
}

/// Returns the Atom feed of `entries` under `base`, newest first; `None` without a base
/// URL or without a dated page.
pub fn atom(site: Site<'_>, mut entries: Vec<Entry<'_>>, base: Option<&str>) -> Option<String> {
    let base = normalize_base(base)?;
    entries.sort_by(|a, b| newest_first(a, b));
    let newest = entries
        .iter()
        .map(Entry::last)
        .max_by(|a, b| a.cmp_time(b))?;
    let author = if site.author.is_empty() {
        site.title
    } else {
        site.author
    };
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n",
    );
    let line = |xml: &mut String, text: String| {
        xml.push_str("  ");
        xml.push_str(&text);
        xml.push('\n');
    };
    line(&mut xml, format!("<id>{}</id>", escape(&base)));
    line(&mut xml, format!("<title>{}</title>", escape(site.title)));
    if !site.description.is_empty() {
        line(
            &mut xml,
            format!("<subtitle>{}</subtitle>", escape(site.description)),
        );
    }
    line(&mut xml, format!("<updated>{}</updated>", newest.instant()));
    line(
        &mut xml,
        format!(
            "<link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>",
            escape(&format!("{base}{FEED}"))
        ),
    );
    line(
        &mut xml,
        format!(
            "<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>",
            escape(&base)
        ),
    );
    line(
        &mut xml,
        format!("<author><name>{}</name></author>", escape(author)),
    );
    for entry in &entries {
        xml.push_str(&entry_xml(entry, &base));
    }
    xml.push_str("</feed>\n");
    Some(xml)
}

/// Orders entries by publication, newest first, then by URL so the order is total.
fn newest_first(a: &Entry<'_>, b: &Entry<'_>) -> Ordering {
    b.date
        .cmp_time(a.date)
        .then_with(|| b.last().cmp_time(a.last()))
        .then_with(|| a.url.cmp(&b.url))
}

/// Returns one `<entry>` element.
fn entry_xml(entry: &Entry<'_>, base: &str) -> String {
    let url = escape(&format!("{base}{}", href(&entry.url)));
    let mut xml = String::from("  <entry>\n");
    xml.push_str(&format!("    <id>{url}</id>\n"));
    xml.push_str(&format!("    <title>{}</title>\n", escape(entry.title)));
    xml.push_str(&format!(
        "    <link rel=\"alternate\" type=\"text/html\" href=\"{url}\"/>\n"
    ));
    xml.push_str(&format!(
        "    <published>{}</published>\n",
        entry.date.instant()
    ));
    xml.push_str(&format!(
        "    <updated>{}</updated>\n",
        entry.last().instant()
    ));
    if let Some(summary) = entry.summary.filter(|s| !s.trim().is_empty()) {
        xml.push_str(&format!("    <summary>{}</summary>\n", escape(summary)));
    }
    xml.push_str("  </entry>\n");
    xml
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> PageDate {
        PageDate::parse(text).expect("a date")
    }

    const SITE: Site<'static> = Site {
        title: "Nimbers & more",
        description: "",
        author: "",
    };

    #[test]
    fn lists_entries_newest_first_under_the_newest_date() {
        let (old, new, newer) = (date("2024-01-02"), date("2024-03-04"), date("2024-05-06"));
        let entries = vec![
            Entry {
                url: "old.html".into(),
                title: "Old <one>",
                summary: Some("A \"first\" look"),
                date: &old,
                updated: Some(&newer),
            },
            Entry {
                url: "a b.html".into(),
                title: "New",
                summary: None,
                date: &new,
                updated: None,
            },
        ];
        let xml = atom(SITE, entries, Some("https://x.org/nim")).expect("a feed");
        assert!(xml.contains("<id>https://x.org/nim/</id>"), "{xml}");
        assert!(xml.contains("<title>Nimbers &amp; more</title>"), "{xml}");
        assert!(xml.contains("<author><name>Nimbers &amp; more</name></author>"));
        assert!(xml.contains("href=\"https://x.org/nim/atom.xml\""), "{xml}");
        // The feed is as new as its newest change, an update included.
        assert!(xml.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n  <id>"));
        let feed_updated = xml.find("<updated>2024-05-06T00:00:00Z</updated>");
        assert!(feed_updated < xml.find("<entry>"), "{xml}");
        let (a, b) = (
            xml.find("<id>https://x.org/nim/a%20b.html</id>")
                .expect("new"),
            xml.find("<id>https://x.org/nim/old.html</id>")
                .expect("old"),
        );
        assert!(a < b, "newest first:\n{xml}");
        assert!(xml.contains("<title>Old &lt;one&gt;</title>"), "{xml}");
        assert!(xml.contains("<summary>A &quot;first&quot; look</summary>"));
        assert!(xml.contains("<published>2024-01-02T00:00:00Z</published>"));
        assert_eq!(xml.matches("<summary>").count(), 1, "{xml}");
    }

    #[test]
    fn there_is_no_feed_without_a_base_url_or_a_dated_page() {
        let d = date("2024-01-02");
        let entry = Entry {
            url: "a.html".into(),
            title: "A",
            summary: None,
            date: &d,
            updated: None,
        };
        assert!(atom(SITE, vec![entry.clone()], None).is_none());
        assert!(atom(SITE, vec![entry.clone()], Some(" ")).is_none());
        assert!(atom(SITE, Vec::new(), Some("https://x.org/")).is_none());
        assert!(atom(SITE, vec![entry], Some("https://x.org/")).is_some());
    }
}
