//! The journal of a swap in progress: a fixed set of operations on names the build
//! derives itself, so no name inside it can forge a line or point anywhere else.
//!
//! ```text
//! nimsite journal 2
//! figures 4242
//! site 4242 0123456789abcdef 2f686f6d652f612f73697465
//! ```
//!
//! `figures PID` moves the figures staged by process PID into `figures/`; `site PID DIGEST
//! OUT` swaps in the site staged by PID beside OUT (hex of the path's bytes), while the
//! staged tree's manifest carries DIGEST.

/// The first line of every journal.
const HEAD: &str = "nimsite journal 2";
/// The most bytes a journal the build writes can hold.
pub const LIMIT: u64 = 64 * 1024;

/// A swap the build was about to make.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Journal {
    /// The process whose staged figures go into `figures/`.
    pub figures: Option<u32>,
    /// The site staged for an output folder.
    pub site: Option<SiteSwap>,
}

/// The site staged by one process for one output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteSwap {
    /// The process that staged it.
    pub pid: u32,
    /// The digest line's hash of the staged manifest, 16 hex digits.
    pub digest: String,
    /// The output folder's path, as bytes.
    pub out: Vec<u8>,
}

impl Journal {
    /// Returns the journal's text.
    pub fn encode(&self) -> String {
        let mut text = format!("{HEAD}\n");
        if let Some(pid) = self.figures {
            text.push_str(&format!("figures {pid}\n"));
        }
        if let Some(site) = &self.site {
            let out: String = site.out.iter().map(|b| format!("{b:02x}")).collect();
            text.push_str(&format!("site {} {} {out}\n", site.pid, site.digest));
        }
        text
    }

    /// Reads a journal, or says which line is not one the build writes.
    pub fn decode(text: &str) -> Result<Journal, (usize, String)> {
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l) != Some(HEAD) {
            return Err((1, format!("the first line is not `{HEAD}`")));
        }
        let mut journal = Journal::default();
        for (index, line) in lines {
            let bad = |why: &str| (index + 1, why.to_string());
            let words: Vec<&str> = line.split(' ').collect();
            match words.as_slice() {
                ["figures", pid] if journal.figures.is_none() => {
                    journal.figures = Some(pid_of(pid).ok_or_else(|| bad("a bad process id"))?);
                }
                ["site", pid, digest, out] if journal.site.is_none() => {
                    let pid = pid_of(pid).ok_or_else(|| bad("a bad process id"))?;
                    if digest.len() != 16 || !digest.bytes().all(|b| b.is_ascii_hexdigit()) {
                        return Err(bad("a bad digest"));
                    }
                    let out = unhex(out).ok_or_else(|| bad("a bad output path"))?;
                    journal.site = Some(SiteSwap {
                        pid,
                        digest: (*digest).to_string(),
                        out,
                    });
                }
                _ => return Err(bad("not an operation the build journals")),
            }
        }
        Ok(journal)
    }
}

/// Reads a process id: decimal digits only.
fn pid_of(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 10 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Reads lower-case hex into bytes.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if text.is_empty() || !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            let pair = text.get(i..i + 2)?;
            if !pair.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
                return None;
            }
            u8::from_str_radix(pair, 16).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_any_path_bytes() {
        let journal = Journal {
            figures: Some(7),
            site: Some(SiteSwap {
                pid: 7,
                digest: "0123456789abcdef".into(),
                out: b"/tmp/a\tb\nsite 1 x /etc".to_vec(),
            }),
        };
        let text = journal.encode();
        assert_eq!(text.lines().count(), 3);
        assert_eq!(Journal::decode(&text), Ok(journal));
    }

    #[test]
    fn refuses_anything_the_build_does_not_write() {
        for (text, line) in [
            ("", 1),
            ("figures\t/etc\n", 1),
            ("nimsite journal 2\nfigures /etc\n", 2),
            ("nimsite journal 2\nfigures ../x\n", 2),
            ("nimsite journal 2\nsite 1 0123456789abcdef /etc\n", 2),
            ("nimsite journal 2\nsite 1 xyz 2f\n", 2),
            ("nimsite journal 2\nfigures 1\nfigures 2\n", 3),
            ("nimsite journal 2\nremove 2f\n", 2),
            ("nimsite journal 2\nfigures 99999999999\n", 2),
        ] {
            let err = Journal::decode(text).expect_err(text);
            assert_eq!(err.0, line, "{text:?}: {err:?}");
        }
    }
}
