//! The build's own files are input too: a figures list, a journal, a staging or lock name
//! or an output path that someone else wrote never makes the build remove, move, write or
//! read anything outside its output and `figures/`. Each case keeps a victim tree outside
//! the root and checks it byte for byte afterwards.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{Site, stderr, tree};

/// A page with a directive, so that the build draws a figure.
const FIGURED: &str =
    "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\n```{table}\n:op: mul\n:size: 4\n```\n";

/// A folder outside every root, with files a hostile input would like to touch.
struct Victim {
    dir: tempfile::TempDir,
}

impl Victim {
    fn new() -> Victim {
        let dir = tempfile::tempdir().expect("tempdir");
        for (rel, text) in [
            ("keep.txt", "precious"),
            ("folder/inner.svg", "<svg>mine</svg>"),
            ("site/index.html", "someone else's page"),
        ] {
            let path = dir.path().join(rel);
            fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            fs::write(path, text).expect("write");
        }
        Victim { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn assert_untouched(&self) {
        let files = tree(self.path());
        let names: Vec<&str> = files.keys().map(String::as_str).collect();
        assert_eq!(names, ["folder/inner.svg", "keep.txt", "site/index.html"]);
        assert_eq!(files["keep.txt"], b"precious");
        assert_eq!(files["folder/inner.svg"], b"<svg>mine</svg>");
        assert_eq!(files["site/index.html"], b"someone else's page");
    }
}

/// A site with a figure, built once.
fn built() -> Site {
    let site = Site::new();
    site.write("content/first.md", FIGURED);
    site.build_ok();
    site
}

/// Runs `build` with extra arguments, asserting it fails with exit 2 naming `what`.
fn refused(site: &Site, args: &[&str], what: &str) -> String {
    let mut all = vec!["build"];
    all.extend_from_slice(args);
    let run = site.run(&all);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.contains(what), "expected {what:?} in:\n{err}");
    err
}

#[test]
fn a_figures_list_naming_paths_outside_figures_is_refused() {
    let victim = Victim::new();
    for line in [
        "../../keep.txt".to_string(),
        victim.path().join("keep.txt").display().to_string(),
        format!("../{}", victim.path().join("keep.txt").display()),
    ] {
        let site = built();
        let list = site.root().join("figures/.nimsite-figures");
        let mut text = fs::read_to_string(&list).expect("list");
        text.push_str(&line);
        text.push('\n');
        fs::write(&list, text).expect("write");
        let before = tree(&site.root().join("figures"));
        // The build would remove every listed figure it no longer draws.
        site.write(
            "content/first.md",
            "+++\ntitle = \"First\"\nrung = 1\n+++\n\nText.\n",
        );
        let err = refused(&site, &[], "not a plain relative path");
        assert!(err.contains(".nimsite-figures:"), "no line in:\n{err}");
        victim.assert_untouched();
        assert_eq!(tree(&site.root().join("figures")), before);
    }
}

#[test]
fn a_crafted_journal_moves_and_removes_nothing() {
    let victim = Victim::new();
    let outside = victim.path().display().to_string();
    for journal in [
        // The old format, naming folders outright.
        format!("figures\t{outside}/folder\nsite\t{outside}/folder\t{outside}/site\t# digest 0\n"),
        format!("nimsite journal 2\nfigures {outside}\n"),
        "nimsite journal 2\nfigures ../../x\n".to_string(),
        // Well formed, for an output elsewhere and a staging folder that is not there.
        format!(
            "nimsite journal 2\nfigures 1\nsite 1 0123456789abcdef {}\n",
            hex(&format!("{outside}/site"))
        ),
    ] {
        let site = built();
        let figures = tree(&site.root().join("figures"));
        let pages = tree(&site.root().join("site"));
        site.write(".nimsite-journal", &journal);
        let run = site.run(&["build"]);
        let err = stderr(&run);
        if journal.starts_with("nimsite journal 2\nfigures 1\n") {
            // A journal of the build's own shape names only the build's own folders.
            assert!(run.status.success(), "{err}");
        } else {
            assert_eq!(run.status.code(), Some(2), "{journal}\n{err}");
            assert!(err.contains(".nimsite-journal:"), "{err}");
            assert!(err.contains("no build wrote this"), "{err}");
            assert_eq!(tree(&site.root().join("site")), pages);
        }
        victim.assert_untouched();
        assert_eq!(tree(&site.root().join("figures")), figures);
    }
}

/// Returns the hex of a path's bytes, as the journal records an output folder.
fn hex(path: &str) -> String {
    path.bytes().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn links_at_the_journal_lock_and_figures_are_never_written_through() {
    let victim = Victim::new();
    let site = built();
    // The journal's temporary name, the journal and the old lock name as links.
    symlink(
        victim.path().join("keep.txt"),
        site.root().join(".nimsite-journal.tmp"),
    )
    .expect("link");
    symlink(
        victim.path().join("made-by-lock"),
        site.root().join(".nimsite.lock"),
    )
    .expect("link");
    site.write(
        "content/first.md",
        &FIGURED.replace(":size: 4", ":size: 16"),
    );
    site.build_ok();
    victim.assert_untouched();
    // A folder of figures/ that is a link to a folder outside.
    let page_figures = site.root().join("figures/first");
    fs::remove_dir_all(&page_figures).expect("rm");
    symlink(victim.path().join("folder"), &page_figures).expect("link");
    site.write("content/first.md", FIGURED);
    let err = refused(&site, &[], "symbolic link");
    assert!(err.contains("figures/first"), "{err}");
    victim.assert_untouched();
    // The figures folder itself as a link.
    fs::remove_file(&page_figures).expect("rm");
    fs::rename(site.root().join("figures"), site.root().join("figs")).expect("mv");
    symlink(victim.path(), site.root().join("figures")).expect("link");
    refused(&site, &[], "symbolic link");
    victim.assert_untouched();
}

#[test]
fn a_fifo_or_an_endless_file_as_a_list_or_journal_fails_at_once() {
    let site = built();
    let list = site.root().join("figures/.nimsite-figures");
    fs::remove_file(&list).expect("rm");
    symlink("/dev/zero", &list).expect("link");
    refused(&site, &[], "a symbolic link");
    fs::remove_file(&list).expect("rm");
    let journal = site.root().join(".nimsite-journal");
    let made = Command::new("mkfifo").arg(&journal).status();
    if made.is_ok_and(|s| s.success()) {
        refused(&site, &[], "a special file");
        fs::remove_file(&journal).expect("rm");
    }
    let marks = site.root().join("site/.nimsite-output");
    fs::remove_file(&marks).expect("rm");
    symlink("/dev/zero", &marks).expect("link");
    refused(&site, &[], "symbolic link");
}

#[test]
fn output_paths_with_tabs_newlines_and_links_land_where_they_say() {
    let victim = Victim::new();
    let site = built();
    // A tab and a newline in --out: the site lands there and nothing beside it moves.
    for name in ["tab\there", "new\nline", "site 1 x"] {
        let out = victim.path().join(name);
        let run = site.run(&["build", "--out", out.to_str().expect("utf-8")]);
        assert!(run.status.success(), "{}", stderr(&run));
        assert!(out.join("index.html").is_file(), "{name:?}");
        fs::remove_dir_all(&out).expect("rm");
        victim.assert_untouched();
    }
    // `LNK/..` is the parent of the link's target, as the system reads it.
    fs::create_dir_all(site.root().join("content/sub")).expect("mkdir");
    symlink(site.root().join("content/sub"), site.root().join("lnk")).expect("link");
    let out = format!("{}/lnk/../x", site.root().display());
    refused(&site, &["--out", &out], "inside content/");
    assert!(!site.root().join("content/x").exists());
}

#[test]
fn folders_the_build_did_not_name_stay() {
    let victim = Victim::new();
    let site = built();
    let out = victim.path().join("public");
    let keep = [
        victim.path().join(".public.old-2024/index.html"),
        victim.path().join(".public.staging-7/index.html"),
        site.root().join(".figures.old/a.svg"),
        site.root().join(".site.old/index.html"),
        victim.path().join(".public.nimsite-staging-x7/index.html"),
    ];
    for file in &keep {
        fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        fs::write(file, "a backup").expect("write");
    }
    for _ in 0..2 {
        let run = site.run(&["build", "--out", out.to_str().expect("utf-8")]);
        assert!(run.status.success(), "{}", stderr(&run));
        site.build_ok();
    }
    for file in &keep {
        assert_eq!(
            fs::read_to_string(file).expect("kept"),
            "a backup",
            "{file:?}"
        );
    }
}

#[test]
fn two_builds_into_one_output_take_turns() {
    let victim = Victim::new();
    let site = built();
    let other = built();
    let shared = tempfile::tempdir().expect("tempdir");
    let out: PathBuf = shared.path().join("public");
    // Another build holds the folder that holds the output.
    let held = fs::File::open(shared.path()).expect("open");
    held.lock().expect("lock");
    let err = refused(
        &site,
        &["--out", out.to_str().expect("utf-8")],
        "another build is running in",
    );
    assert!(err.contains(&shared.path().display().to_string()), "{err}");
    assert!(!out.exists());
    held.unlock().expect("unlock");
    for s in [&site, &other] {
        let run = s.run(&["build", "--out", out.to_str().expect("utf-8")]);
        assert!(run.status.success(), "{}", stderr(&run));
    }
    assert!(out.join("index.html").is_file());
    victim.assert_untouched();
}

#[test]
fn a_file_named_figures_or_a_stray_with_escapes_is_named_as_it_is() {
    let site = built();
    fs::remove_dir_all(site.root().join("figures")).expect("rm");
    site.write("figures", "a file");
    let err = refused(&site, &[], "figures: it is a file");
    assert!(!err.contains("cannot write"), "{err}");
    fs::remove_file(site.root().join("figures")).expect("rm");
    site.build_ok();
    site.write("site/\u{1b}[2Jcleared", "x");
    let err = refused(&site, &[], "which no build wrote");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\\x1b[2Jcleared"), "{err}");
}

#[test]
fn check_reads_only_the_figures_the_build_lists_or_draws() {
    let site = built();
    let fifo = site.root().join("figures/first/yours.svg");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return;
    }
    let run = site.run(&["check"]);
    assert!(run.status.success(), "{}", stderr(&run));
    fs::remove_file(&fifo).expect("rm");
}
