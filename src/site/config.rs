//! `nimsite.toml`: what a site says about itself as a whole (title, description, base URL,
//! language, author), and the file that marks a folder as a site's root.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::diagnostics::{Code, Diagnostic, lowercase_first};
use crate::math::lexicon::{GameWords, Lexicon};

/// The configuration file's name, at the site's root.
pub const FILE: &str = "nimsite.toml";

/// The most bytes `nimsite.toml` may hold.
pub const MAX_BYTES: u64 = 1 << 20;

/// The keys `nimsite.toml` may hold.
const KNOWN: &[&str] = &[
    "title",
    "description",
    "base_url",
    "language",
    "author",
    "bibliography_style",
    "lexicon",
];

/// The keys `nimsite.toml` may hold, for the note under an error.
const KEYS: &str = "title, description, base_url, language, author, bibliography_style, [lexicon]";

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
    /// The CSL style citations and reference lists are formatted in, by its name in
    /// hayagriva's archive; "chicago-author-date" when absent.
    pub bibliography_style: Option<String>,
    /// Nouns and games of the site's own, for reading claims in words.
    pub lexicon: Option<LexiconConfig>,
}

/// `[lexicon]`: what the claim reader learns from the site.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LexiconConfig {
    /// Nouns a sentence states facts about, besides the built-in notions.
    #[serde(default)]
    pub nouns: Vec<String>,
    /// Games named in sentences on every page: their function name, English name and unit.
    #[serde(default)]
    pub games: Vec<GameConfig>,
}

/// One game of `[lexicon]`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    /// The name calls use.
    pub name: String,
    /// Its English name; the name when absent.
    pub title: Option<String>,
    /// The noun for one heap; `heap` when absent.
    pub unit: Option<String>,
}

impl Config {
    /// Reads `root/nimsite.toml`; a missing file is the default configuration. Returns the
    /// file's text too (empty when absent), for diagnostics to point into.
    pub fn load(root: &Path) -> (Result<Config, Box<Diagnostic>>, String) {
        let path = root.join(FILE);
        let text = match read_regular(&path, MAX_BYTES) {
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
        if let Some(d) = super::keys::unknown(Code::Config, FILE, text, 0, KNOWN) {
            return Err(Box::new(d));
        }
        let config: Config = toml::from_str(text).map_err(|err| {
            let message = err.message().lines().next().unwrap_or("").to_string();
            Box::new(
                Diagnostic::error(Code::Config, FILE, err.span(), "bad configuration")
                    .with_label(lowercase_first(&message))
                    .with_note(format!("known keys: {KEYS}")),
            )
        })?;
        if let Some(url) = &config.base_url
            && let Err(why) = check_base_url(url)
        {
            let span = value_span(text, "base_url");
            return Err(Box::new(
                Diagnostic::error(Code::Config, FILE, span, "bad base_url")
                    .with_label(why)
                    .with_note(BASE_URL_HINT),
            ));
        }
        Ok(config)
    }

    /// Returns the lexicon claims in words are read with: the built-in notions and what
    /// `[lexicon]` adds.
    pub fn lexicon(&self) -> Lexicon {
        let mut lexicon = Lexicon::builtin();
        if let Some(own) = &self.lexicon {
            for noun in &own.nouns {
                lexicon.add_noun(noun, "a directive that computes it");
            }
            for g in &own.games {
                lexicon.add_game(GameWords::new(
                    &g.name,
                    g.title.as_deref(),
                    g.unit.as_deref(),
                ));
            }
        }
        lexicon
    }

    /// Returns the base URL: `env` (from `NIMSITE_BASE_URL`) over the file's; an `env`
    /// that is not an http(s) URL is never used (see [`env_base_url_error`]).
    pub fn base_url<'a>(&'a self, env: Option<&'a str>) -> Option<&'a str> {
        env.filter(|url| check_base_url(url).is_ok())
            .or(self.base_url.as_deref())
    }
}

/// What a base URL looks like, for the note under an error.
pub const BASE_URL_HINT: &str =
    "the base URL is an absolute http:// or https:// address, as in `https://example.org/nimbers/`";

/// Checks that `url` is an absolute `http://` or `https://` URL with a host, so links
/// built from it cannot run script; returns why not.
pub fn check_base_url(url: &str) -> Result<(), String> {
    let lower = url.to_ascii_lowercase();
    let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    else {
        return Err("not an http:// or https:// URL".to_string());
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty() || host.starts_with(':') || host.starts_with('@') {
        return Err("this URL names no host".to_string());
    }
    if url.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err("a URL holds no spaces or control characters".to_string());
    }
    Ok(())
}

/// Returns the error for a `NIMSITE_BASE_URL` that is not an http(s) URL, if it is not.
pub fn env_base_url_error(env: Option<&str>) -> Option<Diagnostic> {
    let why = check_base_url(env?).err()?;
    Some(
        Diagnostic::error(Code::Config, FILE, None, "bad NIMSITE_BASE_URL")
            .with_note(format!("the environment's NIMSITE_BASE_URL: {why}"))
            .with_note(BASE_URL_HINT),
    )
}

/// Returns the span of `key`'s value in `text`, when the key is a top-level line.
fn value_span(text: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix(key)
            && rest.trim_start().starts_with('=')
        {
            let indent = line.len() - trimmed.len();
            let eq = rest.find('=').unwrap_or(0);
            let value = &rest[eq + 1..];
            let start = at + indent + key.len() + eq + 1 + (value.len() - value.trim_start().len());
            let end = at + line.trim_end().len();
            return Some(start..end.max(start));
        }
        at += line.len();
    }
    None
}

/// Reads a regular file of at most `max` bytes, following links; anything else (a FIFO,
/// a device, a folder) or a larger file is an error, so reading never hangs or floods.
pub fn read_regular(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    let refuse = |what: String| std::io::Error::new(std::io::ErrorKind::InvalidData, what);
    // Opening a FIFO waits for a writer, so its kind is checked before it is opened.
    if !std::fs::metadata(path)?.is_file() {
        return Err(refuse("not a regular file".to_string()));
    }
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(refuse("not a regular file".to_string()));
    }
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(refuse(format!("larger than {} KiB", max >> 10)));
    }
    Ok(bytes)
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

    #[test]
    fn base_url_must_be_http_or_https_at_its_line() {
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:text/html,x",
            "//x.org/",
            "/nimbers/",
            "https://",
            "http:///x",
            "https://x.org/a b",
        ] {
            let text = format!("title = \"t\"\nbase_url = \"{bad}\"\n");
            let err = Config::parse(&text).expect_err(bad);
            assert_eq!(err.code, Code::Config);
            let span = err.span.clone().expect("span");
            assert_eq!(line_col(&text, span.start), (2, 12), "{bad}");
            assert!(err.notes.iter().any(|n| n.contains("https://")), "{bad}");
            assert!(env_base_url_error(Some(bad)).is_some(), "{bad}");
        }
        for good in [
            "https://x.org/",
            "http://localhost:8000/a/",
            "HTTPS://X.org",
        ] {
            let config = Config::parse(&format!("base_url = \"{good}\"\n")).expect(good);
            assert_eq!(config.base_url(Some("javascript:alert(1)")), Some(good));
            assert!(env_base_url_error(Some(good)).is_none(), "{good}");
        }
    }

    #[test]
    fn only_a_bounded_regular_file_is_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("f");
        std::fs::write(&file, "x".repeat(100)).expect("write");
        assert_eq!(read_regular(&file, 100).expect("fits").len(), 100);
        let err = read_regular(&file, 99).expect_err("too large");
        assert!(err.to_string().contains("larger"), "{err}");
        let err = read_regular(dir.path(), 99).expect_err("a folder");
        assert!(err.to_string().contains("regular"), "{err}");
        let err = read_regular(Path::new("/dev/zero"), 99).expect_err("a device");
        assert!(err.to_string().contains("regular"), "{err}");
    }
}
