//! The site pipeline through the real binary: good builds, and failures that point at the
//! right line and leave `site/` exactly as it was.

use crate::common::{Site, stderr, tree};

/// Asserts that a failing build reports `location` and leaves the earlier site untouched.
fn assert_fails_cleanly(site: &Site, location: &str, code: &str) {
    let before = tree(&site.root().join("site"));
    assert!(!before.is_empty(), "a good build must come first");
    let err = site.build_err();
    assert!(err.contains(location), "expected {location} in:\n{err}");
    assert!(
        err.contains(&format!("error[{code}]")),
        "expected {code} in:\n{err}"
    );
    assert_eq!(
        tree(&site.root().join("site")),
        before,
        "site/ changed after a failure"
    );
}

#[test]
fn a_page_with_math_renders_mathml() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nInline $2 \\otimes 2 = 3$ and\n\n$$\\sum_i x_i$$\n",
    );
    let files = site.build_ok();
    let html = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert_eq!(html.matches("<math").count(), 2, "{html}");
    assert!(html.contains("display=\"block\""));
    // The one script is the optional search box's; math needs none.
    assert_eq!(
        html.matches("<script").count(),
        1,
        "build output must carry no other script"
    );
    assert!(html.contains("<script src=\"search.js\" defer></script>"));
}

#[test]
fn a_latex_error_is_reported_at_its_line() {
    let site = Site::new();
    site.build_ok();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nFine $x$.\n\nBad $a + \\nosuch$ here.\n",
    );
    assert_fails_cleanly(&site, "content/first.md:8:10", "math");
}

#[test]
fn a_broken_link_is_reported_at_its_line() {
    let site = Site::new();
    site.build_ok();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\nSee [nowhere](missing.html).\n",
    );
    assert_fails_cleanly(&site, "content/first.md:8:5", "broken-link");
}

#[test]
fn a_broken_anchor_is_reported_and_a_good_one_is_not() {
    let site = Site::new();
    site.write(
        "content/_index.md",
        "+++\ntitle = \"Home\"\n+++\n\n[a](first.html#start)\n",
    );
    site.build_ok();
    site.write(
        "content/_index.md",
        "+++\ntitle = \"Home\"\n+++\n\n[a](first.html#stop)\n",
    );
    assert_fails_cleanly(&site, "content/_index.md:5:1", "broken-link");
}

#[test]
fn a_template_error_is_reported_at_the_template_line() {
    let site = Site::new();
    site.build_ok();
    let path = site.root().join("templates/page.html");
    let text = std::fs::read_to_string(&path).expect("read");
    let at = text.find("{% block main %}").expect("a main block");
    let line = text[..at].lines().count() + 2;
    let broken = text.replacen(
        "{% block main %}",
        "{% block main %}\n{{ page.nosuch.field }}",
        1,
    );
    std::fs::write(&path, broken).expect("write");
    assert_fails_cleanly(&site, &format!("templates/page.html:{line}:"), "template");
}

#[test]
fn a_template_syntax_error_is_reported_at_its_line() {
    let site = Site::new();
    site.build_ok();
    let path = site.root().join("templates/index.html");
    std::fs::write(
        &path,
        "{% extends \"base.html\" %}\n\n{% block main %}{% if %}{% endblock main %}\n",
    )
    .expect("write");
    assert_fails_cleanly(&site, "templates/index.html:3:", "template");
}

#[test]
fn an_unknown_front_matter_key_is_reported_at_the_key() {
    let site = Site::new();
    site.build_ok();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\ncolour = \"blue\"\n+++\n\nText.\n",
    );
    assert_fails_cleanly(&site, "content/first.md:4:1", "front-matter");
}

#[test]
fn a_file_that_is_not_utf8_is_reported_at_its_start() {
    let site = Site::new();
    site.build_ok();
    std::fs::write(
        site.root().join("content/bad.md"),
        b"+++\ntitle = \"\xff\"\n+++\n",
    )
    .expect("write");
    assert_fails_cleanly(&site, "content/bad.md:1:1", "not-utf8");
}

#[test]
fn two_pages_with_one_url_are_reported() {
    let site = Site::new();
    site.build_ok();
    site.write("content/a/index.md", "+++\ntitle = \"A\"\n+++\n");
    site.write("content/a/_index.md", "+++\ntitle = \"A again\"\n+++\n");
    assert_fails_cleanly(&site, "content/a/index.md", "duplicate-url");
}

#[test]
fn every_error_is_reported_in_one_run() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n[a](x.html) $\\nosuch$ [b](y.html)\n",
    );
    let err = site.build_err();
    assert_eq!(err.matches("error[broken-link]").count(), 2, "{err}");
    assert_eq!(err.matches("error[math]").count(), 1, "{err}");
    assert!(!site.root().join("site").exists());
}

#[test]
fn two_builds_are_byte_identical() {
    let site = Site::new();
    site.write(
        "content/second.md",
        "+++\ntitle = \"Second\"\nrung = 2\nsummary = \"More\"\n+++\n\n# A\n\n# A\n\n$x^2$ [back](first.html#start)\n",
    );
    let first = site.build_ok();
    let second = site.build_ok();
    assert_eq!(first, second);
    let other = Site::new();
    other.write(
        "content/second.md",
        "+++\ntitle = \"Second\"\nrung = 2\nsummary = \"More\"\n+++\n\n# A\n\n# A\n\n$x^2$ [back](first.html#start)\n",
    );
    assert_eq!(other.build_ok(), first, "another root gave other bytes");
}

#[test]
fn the_ladder_links_neighbours_and_pages_nest_with_relative_links() {
    let site = Site::new();
    site.write(
        "content/deep/third.md",
        "+++\ntitle = \"Third\"\nrung = 3\n+++\n\n[up](../first.html)\n",
    );
    let files = site.build_ok();
    let first = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(
        first.contains("href=\"deep/third.html\">Third →"),
        "{first}"
    );
    let third = String::from_utf8_lossy(&files["deep/third.html"]).into_owned();
    assert!(third.contains("href=\"../style.css\""), "{third}");
    assert!(third.contains("href=\"../first.html\">← First"), "{third}");
    for name in [
        "404.html",
        "checked.html",
        "claims.json",
        "style.css",
        "favicon.svg",
        "search.js",
        "search-index.js",
    ] {
        assert!(files.contains_key(name), "{name} missing");
    }
}

#[test]
fn front_matter_cannot_inject_html() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"<script>alert(1)</script>\"\nrung = 1\nsummary = \"\\\" onload=\\\"x\"\n+++\n\nText.\n",
    );
    let files = site.build_ok();
    for (name, bytes) in &files {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            !text.contains("<script>alert"),
            "{name} carries the title's script"
        );
        assert!(
            !text.contains("\" onload=\""),
            "{name} carries the summary's attribute"
        );
    }
}

#[test]
fn drafts_are_checked_but_not_written() {
    let site = Site::new();
    site.write(
        "content/wip.md",
        "+++\ntitle = \"WIP\"\ndraft = true\n+++\n\nText.\n",
    );
    let files = site.build_ok();
    assert!(!files.contains_key("wip.html"));
    site.write(
        "content/wip.md",
        "+++\ntitle = \"WIP\"\ndraft = true\n+++\n\n$\\nosuch$\n",
    );
    let err = site.build_err();
    assert!(err.contains("content/wip.md:6:"), "{err}");
}

#[test]
fn check_writes_nothing_and_fails_on_errors() {
    let site = Site::new();
    let out = site.run(&["check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!site.root().join("site").exists());
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\n+++\n[x](nope.html)\n",
    );
    let out = site.run(&["check"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("content/first.md:4:1"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_fails_on_a_stale_figure_and_build_removes_only_its_own() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n```{table}\n:op: mul\n:size: 4\n```\n",
    );
    site.build_ok();
    let out = site.run(&["check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let figures = tree(&site.root().join("figures"));
    let drawn: Vec<String> = figures
        .keys()
        .filter(|k| k.ends_with(".svg"))
        .cloned()
        .collect();
    assert_eq!(drawn.len(), 1, "{figures:?}");
    // A file of the author's is neither stale nor removed.
    site.write(
        "figures/x/mine.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    );
    let out = site.run(&["check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A figure the build drew that no page draws any more is stale, and build removes it.
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nText.\n",
    );
    let out = site.run(&["check"]);
    assert!(!out.status.success(), "an undrawn figure must fail check");
    let err = stderr(&out);
    assert!(
        err.contains("error[stale-figure]") && err.contains(&format!("figures/{}", drawn[0])),
        "{err}"
    );
    site.build_ok();
    let names: Vec<String> = tree(&site.root().join("figures")).into_keys().collect();
    assert_eq!(names, [".nimsite-figures", "x/mine.svg"]);
    let out = site.run(&["check"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn diagnostics_read_like_rustc() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\nSee [the end](first.html#end) and $\\nosuch x$.\n",
    );
    let err = site.build_err();
    let expected = include_str!("../snapshots/site_errors.txt");
    assert_eq!(err, expected, "diagnostic text changed:\n{err}");
}

#[test]
fn validation_errors_read_like_rustc_and_point_at_both_pages() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\nmood = \"odd\"\n+++\n\n## Start\n",
    );
    site.write(
        "content/second.md",
        "+++\ntitle = \"Second\"\nrung = 2\n+++\n\nText.\n",
    );
    site.write(
        "content/third.md",
        "+++\ntitle = \"Third\"\nrung = 2\n+++\n",
    );
    let err = site.build_err();
    let expected = include_str!("../snapshots/site_validation_errors.txt");
    assert_eq!(err, expected, "diagnostic text changed:\n{err}");
}

#[test]
fn a_site_without_a_home_page_gets_one_that_lists_the_ladder() {
    let site = Site::new();
    std::fs::remove_file(site.root().join("content/_index.md")).expect("remove");
    site.write(
        "content/second.md",
        "+++\ntitle = \"Second\"\nrung = 2\n+++\n\nBack [home](index.html).\n",
    );
    let files = site.build_ok();
    let home = String::from_utf8_lossy(&files["index.html"]).into_owned();
    assert!(home.contains("href=\"first.html\">First</a>"), "{home}");
    assert!(home.contains("href=\"second.html\">Second</a>"), "{home}");
    assert!(
        !files.contains_key("sitemap.xml"),
        "a sitemap without a base URL"
    );
    // With a home page of its own, that page is the home.
    let site = Site::new();
    let files = site.build_ok();
    assert!(String::from_utf8_lossy(&files["index.html"]).contains("Welcome."));
}

#[test]
fn a_fast_build_prints_nothing_on_stderr() {
    let site = Site::new();
    site.write("nimsite.toml", "base_url = \"https://example.org/\"\n");
    let out = site.run(&["build"]);
    assert!(out.status.success());
    assert_eq!(stderr(&out), "", "a fast build reports no progress");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("built "));
    // Without a base URL the only line is the note that there is no sitemap.
    std::fs::remove_file(site.root().join("nimsite.toml")).expect("remove");
    let out = site.run(&["build"]);
    assert!(out.status.success());
    assert!(
        stderr(&out).starts_with("note: no sitemap.xml was written"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

#[test]
fn check_mutate_says_how_many_claims_it_perturbed_and_caught() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nBoth {nim}`2*2 = 3` and {nim}`inv(4) = 15` hold.\n",
    );
    let out = site.run(&["check", "--mutate"]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout.contains("mutate: perturbed 2 claims (every checked claim but the figures); 2 caught, 0 still passed"),
        "{stdout}"
    );
    let plain = site.run(&["check"]);
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("mutate:"));
}

#[test]
fn the_base_url_comes_from_the_environment_into_the_sitemap_and_404() {
    let site = Site::new();
    let out = site
        .command(&["build"])
        .env("NIMSITE_BASE_URL", "https://example.org/nim/")
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", stderr(&out));
    let files = tree(&site.root().join("site"));
    let sitemap = String::from_utf8_lossy(&files["sitemap.xml"]).into_owned();
    assert!(
        sitemap.contains("<loc>https://example.org/nim/first.html</loc>"),
        "{sitemap}"
    );
    let missing = String::from_utf8_lossy(&files["404.html"]).into_owned();
    assert!(
        missing.contains("href=\"https://example.org/nim/index.html\""),
        "{missing}"
    );
}

/// Adds a page that draws a figure not yet committed, so `check` fails with `stale-figure`.
fn stray_figure(site: &Site) {
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n```{table}\n:op: mul\n:size: 4\n```\n",
    );
}

#[cfg(unix)]
#[test]
fn the_stale_figure_hint_names_the_command_as_invoked() {
    let site = Site::new();
    stray_figure(&site);
    let bin = tempfile::tempdir().expect("tempdir");
    let link = bin.path().join("nimsite");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_nimsite"), &link).expect("symlink");
    let out = std::process::Command::new(&link)
        .args(["check", "--root"])
        .arg(site.root())
        .env_remove("CARGO")
        .output()
        .expect("run");
    let err = stderr(&out);
    assert!(
        err.contains("run `nimsite build` and commit figures/"),
        "{err}"
    );
    assert!(!err.contains("cargo run"), "{err}");
    let out = site
        .command(&["check"])
        .env("CARGO", "cargo")
        .output()
        .expect("run");
    let err = stderr(&out);
    assert!(err.contains("run `cargo run -- build`"), "{err}");
}

#[test]
fn a_closed_pipe_never_panics() {
    use std::process::Stdio;
    let site = Site::new();
    for (args, code) in [(&["build"][..], 0), (&["check"][..], 0)] {
        let mut child = site
            .command(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        // The reader goes away before the summary is written, as `| head` does.
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("wait");
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
    }
    // A failing build whose stderr is closed still exits with 1, not a panic's 101.
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\n+++\n[x](nope.html)\n",
    );
    let mut child = site
        .command(&["build"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stderr.take());
    assert_eq!(child.wait().expect("wait").code(), Some(1));
}

#[test]
fn exit_codes_tell_a_failing_site_from_a_command_that_could_not_run() {
    let site = Site::new();
    site.build_ok();
    let blocker = site.root().join("blocker");
    std::fs::write(&blocker, "a file where a folder should be").expect("write");
    let out_arg = format!("--out={}", blocker.join("site").display());
    let out = site.run(&["build", &out_arg]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("error: cannot write"),
        "{}",
        stderr(&out)
    );
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\n+++\n[x](nope.html)\n",
    );
    assert_eq!(site.run(&["build"]).status.code(), Some(1));
    assert_eq!(site.run(&["check"]).status.code(), Some(1));
    assert_eq!(site.run(&["new", "../x"]).status.code(), Some(2));
}

#[test]
fn the_ledger_names_each_figure_once_by_its_path() {
    let site = Site::new();
    stray_figure(&site);
    let files = site.build_ok();
    let svg: Vec<&String> = files
        .keys()
        .filter(|k| k.starts_with("figures/") && k.ends_with(".svg"))
        .collect();
    assert_eq!(svg.len(), 1, "{:?}", files.keys());
    for name in ["claims.json", "checked.html"] {
        let text = String::from_utf8_lossy(&files[name]).into_owned();
        assert!(
            text.contains(&format!("the committed {}", svg[0])),
            "{name}: {text}"
        );
        assert!(!text.contains("figures/figures"), "{name}: {text}");
    }
}
