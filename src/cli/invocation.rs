//! How the user runs the program, so a hint names the command they would type:
//! `cargo run -- build` inside a checkout, `nimsite build` for an installed binary.

use std::ffi::OsStr;
use std::path::Path;

/// Returns the command that builds the site, as the user invoked this program: under
/// cargo (a binary in a `target/` folder, run with `CARGO` set) `cargo run -- build`,
/// otherwise the program's own name from `argv0` followed by `build`.
pub fn build_command(argv0: Option<&OsStr>, under_cargo: bool) -> String {
    let path = argv0.map(Path::new);
    let in_target = path.is_some_and(|p| p.components().any(|c| c.as_os_str() == "target"));
    if under_cargo && in_target {
        return "cargo run -- build".to_string();
    }
    let name = path
        .and_then(Path::file_stem)
        .and_then(OsStr::to_str)
        .filter(|n| !n.is_empty())
        .unwrap_or("nimsite");
    format!("{name} build")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_command_as_invoked() {
        let cargo = OsStr::new("/work/x/target/debug/nimsite");
        assert_eq!(build_command(Some(cargo), true), "cargo run -- build");
        assert_eq!(build_command(Some(cargo), false), "nimsite build");
        let installed = OsStr::new("/usr/local/bin/nimsite");
        assert_eq!(build_command(Some(installed), true), "nimsite build");
        assert_eq!(build_command(Some(OsStr::new("ns.exe")), false), "ns build");
        assert_eq!(build_command(None, false), "nimsite build");
    }
}
