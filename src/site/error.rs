//! Why a site command failed, for the CLI to print and turn into an exit code.

use std::fmt;
use std::io;
use std::path::PathBuf;

use super::compile::Mutation;

/// Why a command failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The site has errors, so nothing was written.
    Failed {
        /// Every diagnostic, rendered in rustc's shape.
        report: String,
        /// How many of them are errors.
        errors: usize,
        /// With `check --mutate`, what the perturbed claims did.
        mutation: Option<Mutation>,
    },
    /// A file or folder could not be written.
    Write {
        /// What was being written.
        path: PathBuf,
        /// Why it failed.
        source: io::Error,
    },
    /// The site may not be written where it was asked to be.
    Output {
        /// The output folder as given.
        path: PathBuf,
        /// Why not, and what to do.
        refusal: super::output::Refusal,
    },
    /// The build's own files (its lists, journal or folders) are not what it wrote, or
    /// could not be read or changed.
    Bookkeeping(super::output::Fault),
    /// Another build holds the lock on this folder: the same root, or the folder holding
    /// the same output.
    Busy(PathBuf),
    /// `new` was given a name that cannot name a page.
    BadName {
        /// The name as given.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// `new` would overwrite a file.
    Exists(PathBuf),
    /// No `nimsite.toml` at or above this folder, and no `--root`.
    NoRoot(PathBuf),
    /// `serve` could not listen or watch.
    Serve(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Failed { errors: 1, .. } => write!(f, "the site has 1 error"),
            Error::Failed { errors, .. } => write!(f, "the site has {errors} errors"),
            Error::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            Error::Output { path, refusal } => write!(
                f,
                "refusing to write the site to {}: {}; nothing was changed\nhelp: {}",
                path.display(),
                refusal.reason,
                refusal.hint
            ),
            Error::Bookkeeping(fault) => write!(f, "{fault}"),
            Error::Busy(folder) => write!(
                f,
                "another build is running in {} (it holds the folder's lock); wait for it to finish",
                crate::escape::visible(&folder.display().to_string())
            ),
            Error::BadName { name, reason } => {
                write!(f, "`{name}` is not a valid page name: {reason}")
            }
            Error::Exists(path) => {
                write!(f, "{} already exists; nothing was written", path.display())
            }
            Error::NoRoot(dir) => write!(
                f,
                "no nimsite.toml in {} or any folder above it; pass `--root DIR`, or run `nimsite init` to start a site",
                dir.display()
            ),
            Error::Serve(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Write { source, .. } => Some(source),
            Error::Bookkeeping(super::output::Fault::Io { source, .. }) => Some(source),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_count_agrees_with_its_noun() {
        let failed = |errors| Error::Failed {
            report: String::new(),
            errors,
            mutation: None,
        };
        assert_eq!(failed(1).to_string(), "the site has 1 error");
        assert_eq!(failed(3).to_string(), "the site has 3 errors");
    }
}
