//! End to end in a real browser: the built home page and one essay open in headless
//! Chromium with their MathML laid out at a non-zero size, every image loaded and no
//! script or resource errors. Skips, saying so, where no Chromium is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::Site;

/// The probe the test adds to each built page: it records what the browser laid out.
const PROBE: &str = r#"<script>
window.__errors = [];
window.addEventListener('error', function (e) {
  var t = e.target;
  window.__errors.push(t && t !== window ? 'resource ' + (t.src || t.href) : String(e.message));
}, true);
var oldError = console.error;
console.error = function () { window.__errors.push('console ' + Array.from(arguments).join(' ')); oldError.apply(console, arguments); };
window.addEventListener('load', function () {
  var maths = Array.from(document.querySelectorAll('math')).map(function (m) {
    var r = m.getBoundingClientRect();
    return { ns: m.namespaceURI, w: r.width, h: r.height };
  });
  var imgs = Array.from(document.images).map(function (i) {
    return { src: i.getAttribute('src'), w: i.naturalWidth, done: i.complete };
  });
  var out = document.createElement('pre');
  out.id = 'probe';
  out.textContent = JSON.stringify({ maths: maths, imgs: imgs, errors: window.__errors });
  document.body.appendChild(out);
});
</script>"#;

/// Returns the Chromium binary, if one is installed.
fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            let out = Command::new("which").arg(name).output().ok()?;
            let path = String::from_utf8(out.stdout).ok()?;
            let path = path.trim();
            (out.status.success() && !path.is_empty()).then(|| PathBuf::from(path))
        })
}

/// Loads a file in headless Chromium and returns the probe's JSON.
fn probe(browser: &Path, page: &Path, profile: &Path) -> serde_json::Value {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--allow-file-access-from-files",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("run chromium");
    let dom = String::from_utf8_lossy(&out.stdout);
    let marker = "<pre id=\"probe\">";
    let Some(start) = dom.find(marker).map(|at| at + marker.len()) else {
        panic!(
            "no probe output; stderr:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let end = dom[start..].find("</pre>").expect("probe end") + start;
    let json = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).expect("probe JSON")
}

/// Adds the probe to a built page.
fn add_probe(path: &Path) {
    let html = std::fs::read_to_string(path).expect("read page");
    let html = html.replacen("<head>", &format!("<head>{PROBE}"), 1);
    std::fs::write(path, html).expect("write page");
}

#[test]
fn pages_render_math_and_figures_in_chromium() {
    let Some(browser) = chromium() else {
        eprintln!(
            "skipping the browser test: no chromium binary found (run .ci/run to install one)"
        );
        return;
    };
    let site = Site::new();
    site.write(
        "templates/dot.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"><rect width=\"40\" height=\"20\" fill=\"#36c\"/></svg>\n",
    );
    site.write(
        "content/_index.md",
        "+++\ntitle = \"Home\"\n+++\n\nThe product $2 \\otimes 2 = 3$. Read [the first page](first.html).\n\n![a dot](dot.svg)\n",
    );
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\n$$\\frac{a}{b} \\oplus x^{2}$$\n\n![a dot](dot.svg)\n",
    );
    site.build_ok();
    let profile = tempfile::tempdir().expect("profile dir");
    for name in ["index.html", "first.html"] {
        let page = site.root().join("site").join(name);
        add_probe(&page);
        let result = probe(&browser, &page, profile.path());
        let maths = result["maths"].as_array().expect("maths");
        assert!(!maths.is_empty(), "{name}: no MathML found: {result}");
        for m in maths {
            assert_eq!(m["ns"], "http://www.w3.org/1998/Math/MathML", "{name}: {m}");
            assert!(
                m["w"].as_f64().unwrap_or(0.0) > 0.0,
                "{name}: zero-width math {m}"
            );
            assert!(
                m["h"].as_f64().unwrap_or(0.0) > 0.0,
                "{name}: zero-height math {m}"
            );
        }
        let imgs = result["imgs"].as_array().expect("imgs");
        assert!(!imgs.is_empty(), "{name}: no images: {result}");
        for img in imgs {
            assert!(
                img["w"].as_f64().unwrap_or(0.0) > 0.0,
                "{name}: image did not load: {img}"
            );
        }
        let errors = result["errors"].as_array().expect("errors");
        assert!(
            errors.is_empty(),
            "{name}: errors in the browser: {errors:?}"
        );
    }
}

/// Types `query` into the search box once the page has loaded, then follows the first
/// result.
fn add_search(path: &Path, query: &str) {
    let script = format!(
        "<script>
window.addEventListener('load', function () {{
  var input = document.querySelector('form.search input');
  input.value = {query:?};
  input.dispatchEvent(new Event('input'));
  var tries = 0;
  (function follow() {{
    var a = document.querySelector('.search-results a');
    if (a) {{ a.click(); return; }}
    if (++tries < 200) setTimeout(follow, 20);
  }})();
}});
</script>"
    );
    let html = std::fs::read_to_string(path).expect("read page");
    std::fs::write(
        path,
        html.replacen("</body>", &format!("{script}</body>"), 1),
    )
    .expect("write page");
}

/// Adds a probe to a page that records where the browser ended up.
fn add_location_probe(path: &Path) {
    let probe = "<script>window.addEventListener('load', function () { var p = document.createElement('pre'); p.id = 'probe'; p.textContent = JSON.stringify({ href: location.href, box: !document.querySelector('form.search').hidden }); document.body.appendChild(p); });</script>";
    let html = std::fs::read_to_string(path).expect("read page");
    std::fs::write(
        path,
        html.replacen("</body>", &format!("{probe}</body>"), 1),
    )
    .expect("write page");
}

#[test]
fn the_search_box_finds_a_claim_in_symbols_and_follows_it() {
    let Some(browser) = chromium() else {
        eprintln!(
            "skipping the browser test: no chromium binary found (run .ci/run to install one)"
        );
        return;
    };
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\nText.\n\n## Why products wrap\n\nThe product {nim}`2*2 = 3` is small.\n",
    );
    site.write(
        "content/second.md",
        "+++\ntitle = \"Second\"\nrung = 2\n+++\n\n## Sums\n\nThe sum {nim}`2+3 = 1`.\n",
    );
    site.build_ok();
    let built = site.root().join("site");
    add_search(&built.join("index.html"), "2 ⊗ 2");
    for page in ["first.html", "second.html", "index.html"] {
        add_location_probe(&built.join(page));
    }
    let profile = tempfile::tempdir().expect("profile dir");
    let result = probe(&browser, &built.join("index.html"), profile.path());
    let href = result["href"].as_str().expect("href");
    assert!(
        href.ends_with("/first.html#why-products-wrap"),
        "the search did not land on the heading: {result}"
    );
    assert_eq!(
        result["box"], true,
        "the search box stayed hidden: {result}"
    );
}
