//! Starting a site as a newcomer does: `init`, a build with no `templates/`, the root
//! found from any folder inside, `nimsite.toml`, and the built-in theme overridden file
//! by file.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{Site, stderr, tree};

/// Runs the binary in `dir` without `--root` or `NIMSITE_BASE_URL`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(args)
        .current_dir(dir)
        .env_remove("NIMSITE_BASE_URL")
        .output()
        .expect("run nimsite")
}

#[test]
fn init_makes_a_site_that_builds_from_any_folder_inside() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run_in(dir.path(), &["init", "mysite"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let root = dir.path().join("mysite");
    for file in [
        "nimsite.toml",
        ".gitignore",
        "content/_index.md",
        "content/first-steps.md",
        ".github/workflows/check.yml",
        ".github/workflows/pages.yml",
        ".vscode/settings.json",
        ".vscode/extensions.json",
    ] {
        assert!(root.join(file).is_file(), "{file} missing");
    }
    let settings = std::fs::read_to_string(root.join(".vscode/settings.json")).expect("read");
    assert!(
        settings.contains("\"glspc.serverPath\": \"nimsite\"")
            && settings.contains("\"glspc.serverArgs\": [\"lsp\"]"),
        "{settings}"
    );
    assert!(!root.join("templates").exists());
    let out = run_in(&root.join("content"), &["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let files = tree(&root.join("site"));
    let page = String::from_utf8_lossy(&files["first-steps.html"]).into_owned();
    assert!(
        page.contains("<title>First steps · mysite</title>"),
        "{page}"
    );
    assert!(page.contains("class=\"directive"), "no directive: {page}");
    for built_in in ["style.css", "favicon.svg", "search.js", "search-index.js"] {
        assert!(files.contains_key(built_in), "{built_in} missing");
    }
    let out = run_in(&root, &["check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A second init writes nothing and says which file is in the way.
    let before = tree(&root);
    let out = run_in(dir.path(), &["init", "mysite"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("already exists"), "{}", stderr(&out));
    assert_eq!(tree(&root), before);
}

#[test]
fn without_a_root_the_error_names_the_folder_and_the_way_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    for command in [&["build"][..], &["check"], &["new", "x"]] {
        let out = run_in(dir.path(), command);
        assert_eq!(out.status.code(), Some(2), "{command:?}");
        let err = stderr(&out);
        let shown = dir.path().display().to_string();
        assert!(err.contains(&shown), "{command:?}: {err}");
        assert!(
            err.contains("--root") && err.contains("nimsite init"),
            "{err}"
        );
    }
}

#[test]
fn the_config_sets_title_language_and_base_url() {
    let site = Site::new();
    site.write(
        "nimsite.toml",
        "title = \"Nim notes\"\nlanguage = \"fr\"\nauthor = \"A. Author\"\nbase_url = \"https://example.org/notes\"\ndescription = \"About nimbers.\"\n",
    );
    let files = site.build_ok();
    let first = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(first.contains("<html lang=\"fr\">"), "{first}");
    assert!(
        first.contains("<title>First · Nim notes</title>"),
        "{first}"
    );
    assert!(first.contains("<meta name=\"author\" content=\"A. Author\">"));
    assert!(
        first.contains(
            "<meta property=\"og:url\" content=\"https://example.org/notes/first.html\">"
        ),
        "{first}"
    );
    assert!(first.contains("<meta property=\"og:description\" content=\"About nimbers.\">"));
    let sitemap = String::from_utf8_lossy(&files["sitemap.xml"]).into_owned();
    assert!(
        sitemap.contains("<loc>https://example.org/notes/first.html</loc>"),
        "{sitemap}"
    );
    // The environment overrides the file's base URL.
    let out = site
        .command(&["build"])
        .env("NIMSITE_BASE_URL", "https://other.org/")
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", stderr(&out));
    let sitemap = std::fs::read_to_string(site.root().join("site/sitemap.xml")).expect("read");
    assert!(
        sitemap.contains("<loc>https://other.org/first.html</loc>"),
        "{sitemap}"
    );
}

#[test]
fn the_404_page_is_styled_at_any_depth() {
    let site = Site::new();
    let files = site.build_ok();
    let missing = String::from_utf8_lossy(&files["404.html"]).into_owned();
    assert!(missing.contains("<style>"), "{missing}");
    assert!(!missing.contains("href=\"style.css\""), "{missing}");
    assert!(missing.contains("href=\"/index.html\""), "{missing}");
}

#[test]
fn templates_override_the_built_in_theme_file_by_file() {
    let site = Site::new();
    std::fs::remove_dir_all(site.root().join("templates")).expect("remove");
    let plain = site.build_ok();
    assert!(plain.contains_key("style.css"));
    site.write("templates/style.css", "body { color: red }\n");
    site.write(
        "templates/page.html",
        "{% extends \"base.html\" %}{% block main %}OWN {{ page.title }}{% endblock main %}",
    );
    site.write("templates/directives/claim.html", "OWN CLAIM BOX");
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n```{claim}\n2*2 = 3\n```\n",
    );
    let own = site.build_ok();
    assert_eq!(own["style.css"], b"body { color: red }\n");
    let first = String::from_utf8_lossy(&own["first.html"]).into_owned();
    assert!(first.contains("OWN First"), "{first}");
    // The base template is still the built-in one.
    assert!(first.contains("<header class=\"site-header\">"), "{first}");
    let home = String::from_utf8_lossy(&own["index.html"]).into_owned();
    assert!(home.contains("Welcome."), "{home}");
    site.write(
        "templates/page.html",
        "{% extends \"base.html\" %}{% block main %}{{ page.content | safe }}{% endblock main %}",
    );
    let own = site.build_ok();
    let first = String::from_utf8_lossy(&own["first.html"]).into_owned();
    assert!(first.contains("OWN CLAIM BOX"), "{first}");
}

/// Returns a PNG header of the given size, enough for the build to read it.
fn png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bytes.extend(width.to_be_bytes());
    bytes.extend(height.to_be_bytes());
    bytes.extend([8, 6, 0, 0, 0]);
    bytes
}

#[test]
fn files_beside_pages_are_published_checked_and_sized() {
    let site = Site::new();
    std::fs::create_dir_all(site.root().join("content/games")).expect("mkdir");
    std::fs::write(site.root().join("content/games/heap.png"), png(120, 80)).expect("write");
    site.write("content/games/notes.txt", "plain\n");
    site.write("content/games/.hidden.txt", "secret\n");
    site.write("content/games/heap.png~", "backup\n");
    site.write(
        "content/games/stones.md",
        "+++\ntitle = \"Stones\"\nrung = 2\n+++\n\n![a heap](heap.png) and [notes](notes.txt).\n\n<img src=\"heap.png\" alt=\"raw\">\n",
    );
    let files = site.build_ok();
    assert_eq!(files["games/heap.png"], png(120, 80));
    assert!(files.contains_key("games/notes.txt"));
    assert!(!files.contains_key("games/.hidden.txt"));
    assert!(!files.contains_key("games/heap.png~"));
    let page = String::from_utf8_lossy(&files["games/stones.html"]).into_owned();
    assert_eq!(
        page.matches("<img width=\"120\" height=\"80\" src=\"heap.png\"")
            .count(),
        2,
        "{page}"
    );
    // A link to a file that is not there is a broken link, with the nearest name.
    site.write(
        "content/games/stones.md",
        "+++\ntitle = \"Stones\"\nrung = 2\n+++\n\n![a heap](heep.png)\n",
    );
    let err = site.build_err();
    assert!(err.contains("error[broken-link]"), "{err}");
    assert!(err.contains("content/games/stones.md:6:1"), "{err}");
    assert!(err.contains("did you mean `heap.png`?"), "{err}");
}

#[test]
fn a_file_beside_pages_may_not_take_a_written_name() {
    let site = Site::new();
    site.write("content/style.css", "body {}\n");
    let err = site.build_err();
    assert!(err.contains("error[duplicate-url]"), "{err}");
    assert!(err.contains("content/style.css"), "{err}");
}

#[cfg(unix)]
#[test]
fn symbolic_links_in_content_are_not_followed() {
    let site = Site::new();
    let outside = tempfile::tempdir().expect("tempdir");
    std::fs::write(outside.path().join("secret.txt"), "SECRET").expect("write");
    std::os::unix::fs::symlink(
        outside.path().join("secret.txt"),
        site.root().join("content/leak.txt"),
    )
    .expect("symlink");
    let files = site.build_ok();
    assert!(!files.contains_key("leak.txt"));
}

#[test]
fn the_search_box_is_hidden_without_javascript_and_the_index_is_built() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Why products wrap\n\nThe product {nim}`2*2 = 3`.\n",
    );
    let files = site.build_ok();
    let first = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(first.contains("<form class=\"search\" role=\"search\" data-root=\"\" hidden>"));
    assert!(first.contains("<script src=\"search.js\" defer></script>"));
    let index = String::from_utf8_lossy(&files[nimsite::site::search::INDEX]).into_owned();
    assert!(index.contains("[\"first.html\",\"First\"]"), "{index}");
    assert!(
        index.contains("\"why-products-wrap\",\"Why products wrap\""),
        "{index}"
    );
    assert!(
        index.contains("2⊗2=3"),
        "the claim's symbols are not indexed: {index}"
    );
}

#[test]
fn past_twelve_pages_the_header_folds_its_list_into_a_menu() {
    let site = Site::new();
    let files = site.build_ok();
    let first = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(first.contains("<nav class=\"ladder\""), "{first}");
    assert!(!first.contains("ladder-long"), "{first}");
    for i in 2..=13 {
        site.write(
            &format!("content/p{i}.md"),
            &format!("+++\ntitle = \"P{i}\"\nrung = {i}\n+++\n\nText.\n"),
        );
    }
    let files = site.build_ok();
    let first = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(first.contains("<summary>All 13 pages</summary>"), "{first}");
    assert!(first.contains("<a href=\"p13.html\">P13</a>"), "{first}");
    assert!(
        first.contains("<a href=\"first.html\" aria-current=\"page\">First</a>"),
        "{first}"
    );
}

#[test]
fn code_blocks_are_highlighted_at_build_time() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n```rust\nfn main() { let s = \"<b>\"; }\n```\n\n```\nplain <b>\n```\n",
    );
    let files = site.build_ok();
    let first = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(
        first.contains("<pre class=\"highlight\"><code class=\"language-rust\"><span class=\"hl-"),
        "{first}"
    );
    assert!(first.contains("&lt;b&gt;"), "{first}");
    assert!(
        first.contains("<pre><code>plain &lt;b&gt;\n</code></pre>"),
        "{first}"
    );
    assert!(first.contains("<link rel=\"stylesheet\" href=\"highlight.css\">"));
    let css = String::from_utf8_lossy(&files["highlight.css"]).into_owned();
    assert!(css.contains("prefers-color-scheme: dark"), "{css}");
}

#[test]
fn init_draws_its_figures_so_check_passes_at_once_and_says_what_next() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run_in(dir.path(), &["init", "mysite"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let root = dir.path().join("mysite");
    let figures = tree(&root.join("figures"));
    assert!(
        figures.keys().any(|f| f.ends_with(".svg")),
        "no figure drawn: {:?}",
        figures.keys()
    );
    let check = run_in(&root, &["check"]);
    assert!(check.status.success(), "{}", stderr(&check));
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    for step in [
        "cd ",
        "nimsite build",
        "git commit",
        "figures/",
        "Settings → Pages",
        "GitHub Actions",
    ] {
        assert!(said.contains(step), "no {step:?} in: {said}");
    }
    let ignored = std::fs::read_to_string(root.join(".gitignore")).expect("gitignore");
    for name in [
        "site/",
        ".nimsite-journal",
        ".nimsite-journal.tmp",
        ".nimsite.lock",
    ] {
        assert!(
            ignored.lines().any(|l| l.trim_start_matches('/') == name),
            "{name} not ignored: {ignored}"
        );
    }
}

#[test]
fn every_unknown_setting_is_named_in_one_run_with_its_line_and_what_to_use() {
    let site = Site::new();
    site.write(
        "nimsite.toml",
        "titel = \"Nim\"\ntheme = \"dark\"\n\n[params]\ncolour = \"red\"\n",
    );
    let err = site.build_err();
    for (key, line) in [("titel", 1), ("theme", 2), ("params", 4)] {
        assert!(
            err.contains(&format!("unknown key `{key}`")),
            "{key}: {err}"
        );
        assert!(
            err.contains(&format!("nimsite.toml:{line}:")) || err.contains(&format!("{line} │")),
            "{key} not at line {line}: {err}"
        );
    }
    assert!(err.contains("did you mean `title`"), "{err}");
    assert!(err.contains("templates/"), "no word on themes: {err}");
    site.write("nimsite.toml", "title = \"Nim\"\n");
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\nlastmod = 2024-05-01\ntags = [\"nim\"]\nweight = 3\nsumary = \"x\"\n+++\n\nText.\n",
    );
    let err = site.build_err();
    for key in ["lastmod", "tags", "weight", "sumary"] {
        assert!(
            err.contains(&format!("unknown key `{key}`")),
            "{key}: {err}"
        );
    }
    assert!(err.contains("did you mean `summary`"), "{err}");
    assert!(err.contains("`rung`"), "no word on ordering: {err}");
    assert!(err.contains("nimsite calls it `updated`"), "{err}");
    // `date` is a page's key, so nimsite.toml says where it goes.
    site.write("nimsite.toml", "title = \"Nim\"\ndate = 2024-05-01\n");
    let err = site.build_err();
    assert!(err.contains("unknown key `date`"), "{err}");
    assert!(err.contains("go in a page's front matter"), "{err}");
}

#[test]
fn check_counts_one_error_in_the_singular() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nThe claim {nim}`2*2 = 4` is false.\n",
    );
    let out = site.run(&["check"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("check found 1 error\n"), "{err}");
    assert!(!err.contains("error(s)"), "{err}");
}
