//! Scaffolding: `init` starts a site that builds at once, and `new` adds an essay on the
//! next rung. Both write only files that do not exist yet, and sit above the site, whose
//! settings, front matter and content listing they read.

mod init;
mod new;

use std::path::{Path, PathBuf};

use crate::site::Error;

pub use new::{next_rung, read_name, template};

/// Creates a new site in `dir` that builds at once; refuses to overwrite any file, and
/// returns the files written.
pub fn init(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    init::init(dir)
}

/// Scaffolds `content/NAME.md` (NAME may hold folders) as the next rung; refuses to
/// overwrite, and returns the new file's path.
pub fn new_page(root: &Path, name: &str) -> Result<PathBuf, Error> {
    new::create(root, name)
}
