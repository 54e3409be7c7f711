//! Settings and templates that could hang, flood or mislead a build: runaway templates,
//! `templates/` and `nimsite.toml` behind links or as FIFOs, a script as `base_url`, and
//! `init` and `new` with inputs they cannot write whole.

use std::path::Path;
use std::process::Command;

use crate::common::{Site, stderr};

/// A line of text a runaway loop repeats.
const LINE: &str = "<p>Repeated text that fills the page, a thousand bytes at a time.</p>";

/// Makes a FIFO at `path`.
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(made.success(), "mkfifo failed");
}

#[test]
fn runaway_templates_fail_with_their_name_and_bounded_ones_build() {
    let text = LINE.repeat(15);
    let runaways = [
        "{% for a in range(end=100000) %}{% for b in range(end=100000) %}{% endfor %}{% endfor %}"
            .to_string(),
        "{% component grow(n) %}{{ <grow n={n}/> }}{{ <grow n={n}/> }}{% endcomponent grow %}\
         {{ <grow n={1}/> }}"
            .to_string(),
        format!(
            "{{% for a in range(end=2) %}}{{% for b in range(end=100000) %}}{text}\
             {{{{ page.content | safe }}}}{{% endfor %}}{{% endfor %}}"
        ),
    ];
    for page in &runaways {
        let site = Site::new();
        site.write("templates/page.html", page);
        let err = site.build_err();
        assert!(err.contains("templates/page.html"), "{page}\n{err}");
        assert!(!site.root().join("site").exists(), "{page}");
    }
    let site = Site::new();
    site.write(
        "templates/page.html",
        "{% component item(n) %}<i>{{ n }}</i>{% endcomponent item %}\
         {% for a in range(end=100) %}{% for b in range(end=100) %}{% endfor %}{% endfor %}\
         {% for a in range(end=3) %}{{ <item n={a}/> }}{% endfor %}{{ page.content | safe }}",
    );
    let files = site.build_ok();
    let first = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(first.contains("<i>0</i><i>1</i><i>2</i>"), "{first}");
}

#[test]
fn a_directive_partial_that_runs_away_is_stopped() {
    let runaways = [
        "{% for a in range(end=100000) %}{% for b in range(end=100000) %}{% endfor %}{% endfor %}",
        "{% for a in range(end=900) %}{% for b in range(end=1000) %}0123456789abcdef0123456789abcdef\
         0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\
         {% endfor %}{% endfor %}",
    ];
    for partial in runaways {
        let site = Site::new();
        site.write(
            "content/first.md",
            "+++\ntitle = \"First\"\nrung = 1\n+++\n\n```{table}\n:op: mul\n:size: 4\n```\n",
        );
        site.write("templates/directives/table.html", partial);
        let err = site.build_err();
        assert!(err.contains("directives/table.html"), "{partial}\n{err}");
        assert!(
            err.contains("without end") || err.contains("list items"),
            "{partial}\n{err}"
        );
        assert!(!site.root().join("site").exists());
    }
}

#[test]
fn templates_behind_links_out_of_the_root_are_refused() {
    let outside = tempfile::tempdir().expect("tempdir");
    std::fs::write(outside.path().join("secret.txt"), "secret").expect("write");

    let site = Site::new();
    std::fs::remove_dir_all(site.root().join("templates")).expect("rm");
    std::os::unix::fs::symlink(outside.path(), site.root().join("templates")).expect("link");
    let err = site.build_err();
    assert!(
        err.contains("templates") && err.contains("out of the site's root"),
        "{err}"
    );
    assert!(!site.root().join("site").exists());

    let site = Site::new();
    std::os::unix::fs::symlink(
        outside.path().join("secret.txt"),
        site.root().join("templates/secret.txt"),
    )
    .expect("link");
    let err = site.build_err();
    assert!(err.contains("templates/secret.txt"), "{err}");

    // A link that stays inside the root is followed, for the folder and for a file.
    let site = Site::new();
    std::fs::rename(site.root().join("templates"), site.root().join("theme")).expect("mv");
    std::os::unix::fs::symlink("theme", site.root().join("templates")).expect("link");
    site.write("notes/extra.txt", "extra");
    std::os::unix::fs::symlink(
        site.root().join("notes/extra.txt"),
        site.root().join("theme/extra.txt"),
    )
    .expect("link");
    let files = site.build_ok();
    assert_eq!(files["extra.txt"], b"extra");
}

#[test]
fn a_fifo_in_templates_is_refused_without_waiting() {
    let site = Site::new();
    mkfifo(&site.root().join("templates/pipe.html"));
    let err = site.build_err();
    assert!(
        err.contains("templates/pipe.html") && err.contains("regular"),
        "{err}"
    );
}

#[test]
fn nimsite_toml_is_read_only_as_a_small_regular_file() {
    let site = Site::new();
    std::os::unix::fs::symlink("/dev/zero", site.root().join("nimsite.toml")).expect("link");
    let err = site.build_err();
    assert!(
        err.contains("nimsite.toml") && err.contains("regular"),
        "{err}"
    );

    let site = Site::new();
    mkfifo(&site.root().join("nimsite.toml"));
    let err = site.build_err();
    assert!(
        err.contains("nimsite.toml") && err.contains("regular"),
        "{err}"
    );

    let site = Site::new();
    site.write("nimsite.toml", &format!("# {}\n", "x".repeat(2 << 20)));
    let err = site.build_err();
    assert!(
        err.contains("nimsite.toml") && err.contains("larger"),
        "{err}"
    );

    let site = Site::new();
    site.write("nimsite.toml", "title = \"Small\"\n");
    site.build_ok();
}

#[test]
fn base_url_must_be_http_or_https() {
    let site = Site::new();
    site.write(
        "nimsite.toml",
        "title = \"T\"\nbase_url = \"javascript:alert(1)\"\n",
    );
    let err = site.build_err();
    assert!(err.contains("nimsite.toml:2:12"), "{err}");
    assert!(err.contains("https://"), "{err}");
    assert!(!site.root().join("site").exists());

    site.write(
        "nimsite.toml",
        "title = \"T\"\nbase_url = \"https://example.org/n/\"\n",
    );
    let files = site.build_ok();
    let sitemap = String::from_utf8_lossy(&files["sitemap.xml"]).into_owned();
    assert!(sitemap.contains("https://example.org/n/"), "{sitemap}");

    // A bad value in the environment is an error too, and nothing is written.
    let before = std::fs::read(site.root().join("site/sitemap.xml")).expect("read");
    let out = site
        .command(&["build"])
        .env("NIMSITE_BASE_URL", "javascript:alert(1)")
        .output()
        .expect("run");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("bad NIMSITE_BASE_URL"), "{err}");
    let after = std::fs::read(site.root().join("site/sitemap.xml")).expect("read");
    assert_eq!(after, before);
}

#[test]
fn init_writes_all_or_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let target = dir.path().join("mysite");
    std::fs::create_dir_all(&target).expect("mkdir");
    std::fs::write(target.join(".github"), "mine").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(["init", "mysite"])
        .current_dir(dir.path())
        .output()
        .expect("run");
    assert!(!out.status.success(), "init wrote past a blocked folder");
    let left: Vec<_> = std::fs::read_dir(&target)
        .expect("read")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(left, [".github"], "{}", stderr(&out));

    std::fs::remove_file(target.join(".github")).expect("rm");
    let out = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(["init", "mysite"])
        .current_dir(dir.path())
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(target.join("nimsite.toml").is_file());
}

#[test]
fn new_refuses_control_characters_and_quotes_a_title_safely() {
    let site = Site::new();
    let out = site.run(&["new", "My\nTitle"]);
    assert!(!out.status.success(), "accepted a line break");
    assert!(
        stderr(&out).contains("control character"),
        "{}",
        stderr(&out)
    );
    assert!(!site.root().join("content/my-title.md").exists());

    let out = site.run(&["new", "A \"quoted\" \\ title"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let files = site.build_ok();
    let page = String::from_utf8_lossy(&files["a-quoted-title.html"]).into_owned();
    assert!(page.contains("A &quot;quoted&quot; \\ title"), "{page}");
}
