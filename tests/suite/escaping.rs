//! Escaping through the real binary: a `<script>` written in a front-matter title, a
//! directive caption, a free-text option or a cited body reaches the page as text, and one
//! in an option with fixed choices or in role text is an error, so no page carries it.

use crate::common::{Site, stderr, tree};

/// The script an author might paste; it must never reach a page as markup.
const SCRIPT: &str = "<script>alert(1)</script>";

/// Returns every built HTML and SVG file that holds a live `<script` tag other than the
/// theme's one search script.
fn live_scripts(site: &Site) -> Vec<String> {
    let own = |text: &str| text.matches("search.js\" defer></script>").count();
    tree(&site.root().join("site"))
        .into_iter()
        .filter(|(name, _)| name.ends_with(".html") || name.ends_with(".svg"))
        .filter(|(_, bytes)| {
            let text = String::from_utf8_lossy(bytes);
            text.matches("<script").count() > own(&text)
        })
        .map(|(name, _)| name)
        .collect()
}

#[test]
fn scripts_in_titles_captions_and_options_are_text() {
    let site = Site::new();
    site.write(
        "content/first.md",
        &format!(
            "+++\ntitle = \"T {SCRIPT}\"\nrung = 1\nsummary = \"S {SCRIPT}\"\n+++\n\n\
             ```{{table}}\n:op: mul\n:size: 4\n:caption: C {SCRIPT}\n```\n\n\
             ```{{cited}}\n:source: book\nA fact {SCRIPT}.\n```\n"
        ),
    );
    site.write(
        "references.bib",
        &format!("@book{{book, author = {{Author, An}}, title = {{{SCRIPT}}}, publisher = {{Press}}, year = {{1999}}}}\n"),
    );
    site.build_ok();
    assert_eq!(live_scripts(&site), Vec::<String>::new());
    let page = std::fs::read_to_string(site.root().join("site/first.html")).expect("page");
    // Each one is there, escaped: title, summary, caption, source and body.
    assert!(
        page.matches("&lt;script&gt;alert(1)&lt;/script&gt;")
            .count()
            >= 5,
        "{page}"
    );

    // The check can fail: the same text in a page body as raw HTML is passed through.
    site.write(
        "content/first.md",
        &format!("+++\ntitle = \"T\"\nrung = 1\n+++\n\n{SCRIPT}\n"),
    );
    site.build_ok();
    assert_eq!(live_scripts(&site), vec!["first.html".to_string()]);
}

#[test]
fn scripts_in_fixed_options_and_role_text_are_errors() {
    let site = Site::new();
    site.build_ok();
    let before = tree(&site.root().join("site"));
    for (body, code, line) in [
        (
            format!("```{{table}}\n:op: {SCRIPT}\n:size: 4\n```\n"),
            "bad-value",
            7,
        ),
        (format!("Role {{val}}`{SCRIPT}`.\n"), "expr", 6),
        (format!("Role {{nim}}`2*2 = 3 {SCRIPT}`.\n"), "expr", 6),
    ] {
        site.write(
            "content/first.md",
            &format!("+++\ntitle = \"T\"\nrung = 1\n+++\n\n{body}"),
        );
        let out = site.run(&["build"]);
        let err = stderr(&out);
        assert!(!out.status.success(), "{body}");
        assert!(err.contains(&format!("error[{code}]")), "{err}");
        assert!(
            err.contains(&format!("┌─ content/first.md:{line}:")),
            "{err}"
        );
        assert_eq!(tree(&site.root().join("site")), before);
    }
}
