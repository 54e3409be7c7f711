//! `nimsite.toml`: what a site says about itself as a whole (title, description, base URL,
//! language, author), and the file that marks a folder as a site's root.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::diagnostics::{Code, Diagnostic, lowercase_first};

/// The configuration file's name, at the site's root.
pub const FILE: &str = "nimsite.toml";

/// The keys `nimsite.toml` may hold, for the note under an error.
const KEYS: &str = "title, description, base_url, language, author";

/// What `nimsite.toml` says; every key is optional.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The site's title, in every page's header; the home page's title when absent.
    pub title: Option<String>,
    /// One line about the site, for the home page's meta tags.
    pub description: Option<String>,
    /// The URL the site is published at, for the sitemap, the 404 page and OpenGraph.
    pub base_url: Option<String>,
    /// The language of the pages, as `<html lang>`; `en` when absent.
    pub language: Option<String>,
    /// Who wrote the site, for the author meta tag.
    pub author: Option<String>,
}

impl Config {
    /// Reads `root/nimsite.toml`; a missing file is the default configuration. Returns the
    /// file's text too (empty when absent), for diagnostics to point into.
    pub fn load(root: &Path) -> (Result<Config, Box<Diagnostic>>, String) {
        let path = root.join(FILE);
        let text = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                return (Ok(Config::default()), String::new());
            }
            Err(err) => {
                let d = Diagnostic::error(Code::Config, FILE, None, "cannot read this file")
                    .with_note(lowercase_first(&err.to_string()));
                return (Err(Box::new(d)), String::new());
            }
        };
        let Ok(text) = String::from_utf8(text) else {
            let d = Diagnostic::error(Code::Config, FILE, Some(0..0), "not valid UTF-8");
            return (Err(Box::new(d)), String::new());
        };
        (Config::parse(&text), text)
    }

    /// Parses the text of `nimsite.toml`, with an error at the offending key.
    pub fn parse(text: &str) -> Result<Config, Box<Diagnostic>> {
        let config: Config = toml::from_str(text).map_err(|err| {
            let message = err.message().lines().next().unwrap_or("").to_string();
            Box::new(
                Diagnostic::error(Code::Config, FILE, err.span(), "bad configuration")
                    .with_label(lowercase_first(&message))
                    .with_note(format!("known keys: {KEYS}")),
            )
        })?;
        Ok(config)
    }

    /// Returns the base URL: `env` (from `NIMSITE_BASE_URL`) over the file's.
    pub fn base_url<'a>(&'a self, env: Option<&'a str>) -> Option<&'a str> {
        env.or(self.base_url.as_deref())
    }
}

/// Returns the site's root: the nearest of `start` and its ancestors holding
/// `nimsite.toml`, as cargo finds `Cargo.toml`; `None` when there is none.
pub fn find_root(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|dir| dir.join(FILE).is_file())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::line_col;

    #[test]
    fn reads_every_key() {
        let text = "title = \"Nimbers\"\ndescription = \"d\"\nbase_url = \"https://x.org/\"\nlanguage = \"fr\"\nauthor = \"A\"\n";
        let config = Config::parse(text).expect("valid");
        assert_eq!(config.title.as_deref(), Some("Nimbers"));
        assert_eq!(config.language.as_deref(), Some("fr"));
        assert_eq!(config.base_url(None), Some("https://x.org/"));
        assert_eq!(
            config.base_url(Some("https://y.org")),
            Some("https://y.org")
        );
    }

    #[test]
    fn an_unknown_key_is_an_error_at_its_line() {
        let text = "title = \"t\"\n\nbase-url = \"https://x.org\"\n";
        let err = Config::parse(text).expect_err("unknown key");
        assert_eq!(err.code, Code::Config);
        let span = err.span.clone().expect("span");
        assert_eq!(line_col(text, span.start), (3, 1));
        assert!(err.label.contains("base-url"), "{}", err.label);
        let err = Config::parse("title = 3\n").expect_err("a number as title");
        assert_eq!(
            line_col("title = 3\n", err.span.expect("span").start),
            (1, 9)
        );
    }

    #[test]
    fn finds_the_root_above() {
        let dir = tempfile::tempdir().expect("tempdir");
        let deep = dir.path().join("content/a/b");
        std::fs::create_dir_all(&deep).expect("mkdir");
        assert_eq!(find_root(&deep).filter(|r| r.starts_with(dir.path())), None);
        std::fs::write(dir.path().join(FILE), "").expect("write");
        assert_eq!(find_root(&deep).as_deref(), Some(dir.path()));
    }
}
