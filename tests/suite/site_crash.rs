//! Crash safety: a build killed with SIGKILL at any moment leaves a complete `site/`,
//! either the previous build or the new one, never a mixture or a gap.

use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::Instant;

use crate::common::{Site, tree};

/// The number of pages, enough that a build takes a noticeable moment.
const PAGES: usize = 150;

/// Writes every page in one of two versions.
fn write_version(site: &Site, version: usize) {
    for i in 0..PAGES {
        site.write(
            &format!("content/p{i}.md"),
            &format!("+++\ntitle = \"Page {i} v{version}\"\nrung = {}\n+++\n\n## Part\n\nVersion {version}, $x_{i}$.\n", i + 2),
        );
    }
}

#[test]
fn a_killed_build_leaves_a_complete_site() {
    let site = Site::new();
    write_version(&site, 1);
    let v1 = site.build_ok();
    write_version(&site, 2);
    let started = Instant::now();
    let v2 = site.build_ok();
    let full = started.elapsed();
    assert_ne!(v1, v2);
    let mut kills = 0;
    for i in 0..50u64 {
        write_version(&site, 1 + (i as usize % 2));
        let delay = full.mul_f64(((i * 7919) % 53) as f64 / 45.0);
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimsite"))
            .arg("build")
            .arg("--root")
            .arg(site.root())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn build");
        sleep(delay);
        if child.kill().is_ok() {
            kills += 1;
        }
        let _ = child.wait();
        let now = tree(&site.root().join("site"));
        assert!(
            now == v1 || now == v2,
            "after kill {i} at {delay:?}, site/ is neither build"
        );
    }
    assert!(kills > 0);
    let out = site.run(&["build"]);
    assert!(out.status.success(), "a build after the kills must succeed");
    let left: Vec<String> = std::fs::read_dir(site.root())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".nimsite-"))
        .collect();
    assert!(left.is_empty(), "left beside the site: {left:?}");
}
