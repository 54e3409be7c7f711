//! The paths the build generates itself: a page, template or asset written to one of them
//! would be silently replaced, so each such clash is a `duplicate-url` error instead.

use super::{feed, ledger_page, output, search, sitemap};

/// Every file the build adds to every site, with what it is.
pub const GENERATED: [(&str, &str); 7] = [
    (ledger_page::URL, "the page \"What is checked here\""),
    (ledger_page::JSON, "the claims ledger"),
    (sitemap::SITEMAP, "the sitemap"),
    (feed::FEED, "the Atom feed"),
    (sitemap::NOT_FOUND, "the page shown for a missing URL"),
    (output::MARK, "the list of files the build wrote"),
    (search::INDEX, "the search index"),
];

/// The folder of the site that holds the drawn figures.
pub const FIGURES: &str = "figures/";

/// Returns what the build generates at `path` in the site, if anything.
pub fn generated(path: &str) -> Option<&'static str> {
    if path.starts_with(FIGURES) {
        return Some("the folder of drawn figures");
    }
    GENERATED
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, what)| *what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_every_generated_file_and_nothing_else() {
        for (name, _) in GENERATED {
            assert!(generated(name).is_some(), "{name}");
        }
        assert!(generated("figures/nim/a.svg").is_some());
        assert_eq!(generated("nim.html"), None);
        assert_eq!(generated("style.css"), None);
        assert_eq!(generated("a/checked.html"), None);
    }
}
