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

/// Returns the Chromium binary, or says the browser test is skipped.
fn chromium_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        eprintln!(
            "skipping the browser test: no chromium binary found (run .ci/run to install one)"
        );
    }
    found
}

/// Adds a script at the end of a built page's body.
fn add_to_body(path: &Path, script: &str) {
    let html = std::fs::read_to_string(path).expect("read page");
    std::fs::write(
        path,
        html.replacen("</body>", &format!("{script}</body>"), 1),
    )
    .expect("write page");
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
    add_probe_script(path, PROBE);
}

#[test]
fn pages_render_math_and_figures_in_chromium() {
    let Some(browser) = chromium_or_skip() else {
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

/// Adds a script that types `query` into the search box once the page has loaded and,
/// when results are listed (or after four seconds), runs `then` with them as `links`.
fn add_typed_search(path: &Path, query: &str, then: &str) {
    let script = format!(
        "<script>
window.addEventListener('load', function () {{
  var input = document.querySelector('form.search input');
  input.value = {query:?};
  input.dispatchEvent(new Event('input'));
  var tries = 0;
  (function wait() {{
    var links = document.querySelectorAll('.search-results a');
    if (!links.length && ++tries < 200) return setTimeout(wait, 20);
    {then}
  }})();
}});
</script>"
    );
    add_to_body(path, &script);
}

/// Types `query` into the search box once the page has loaded, then follows the first
/// result.
fn add_search(path: &Path, query: &str) {
    add_typed_search(path, query, "if (links.length) links[0].click();");
}

/// Adds a probe to a page that records where the browser ended up.
fn add_location_probe(path: &Path) {
    let probe = "<script>window.addEventListener('load', function () { var p = document.createElement('pre'); p.id = 'probe'; p.textContent = JSON.stringify({ href: location.href, box: !document.querySelector('form.search').hidden }); document.body.appendChild(p); });</script>";
    add_to_body(path, probe);
}

#[test]
fn the_search_box_finds_a_claim_in_symbols_and_follows_it() {
    let Some(browser) = chromium_or_skip() else {
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

/// The probe for the reading checks: once the page and its fonts have loaded, it records
/// what a reader would see, and posts it to the frame that holds the page (the harness
/// that sets the width) as well as writing it into the page itself.
const READER_PROBE: &str = r#"<script>
window.addEventListener('load', function () {
  document.fonts.ready.then(function () {
    var css = function (el, p) { return el ? getComputedStyle(el).getPropertyValue(p) : null; };
    var main = document.querySelector('main');
    var right = main.getBoundingClientRect().right - parseFloat(css(main, 'padding-right'));
    var figure = document.querySelector('figure.figure img');
    var values = document.querySelector('.game-values');
    var wide = Array.from(document.querySelectorAll('main table')).find(function (t) { return !t.closest('.directive, figure') && !t.classList.contains('claims'); });
    var own = document.querySelector('img[src="dot.svg"]');
    var inverted = document.querySelector('img.invert-dark');
    var out = {
      width: window.innerWidth,
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      fonts: Array.from(document.fonts).map(function (f) { return f.family.replace(/"/g, '') + ' ' + f.status; }),
      mathFont: css(document.querySelector('math'), 'font-family'),
      claims: Array.from(document.querySelectorAll('table.claims')).map(function (t) { return t.getBoundingClientRect().right - right; }),
      figureScale: figure ? figure.getBoundingClientRect().width / Number(figure.getAttribute('width')) : null,
      values: values ? { scrolls: values.scrollHeight > values.clientHeight, attachment: css(values, 'background-attachment'), image: css(values, 'background-image') } : null,
      wide: wide ? { scrolls: wide.scrollWidth > wide.clientWidth, attachment: css(wide, 'background-attachment') } : null,
      own: own ? { background: css(own, 'background-color'), filter: css(own, 'filter'), loaded: own.naturalWidth > 0 } : null,
      inverted: inverted ? { background: css(inverted, 'background-color'), filter: css(inverted, 'filter') } : null
    };
    var text = JSON.stringify(out);
    var pre = document.createElement('pre');
    pre.id = 'probe';
    pre.textContent = text;
    document.body.appendChild(pre);
    if (window.parent !== window) window.parent.postMessage(text, '*');
  });
});
</script>"#;

/// Writes a page beside `page` that shows it in a frame `width` pixels wide, so its media
/// queries see that width (headless Chromium does not make windows narrower than 500
/// pixels), and copies the frame's probe into its own DOM.
fn harness(page: &Path, width: u32) -> PathBuf {
    let name = page.file_name().expect("name").to_string_lossy();
    let path = page.with_file_name(format!("harness-{width}-{name}"));
    let html = format!(
        "<!doctype html><html><body style=\"margin:0\"><script>window.addEventListener('message', \
         function (e) {{ var p = document.createElement('pre'); p.id = 'probe'; p.textContent = e.data; \
         document.body.appendChild(p); }});</script><iframe src=\"{name}\" \
         style=\"width:{width}px;height:900px;border:0\"></iframe></body></html>"
    );
    std::fs::write(&path, html).expect("write harness");
    path
}

/// Loads a page in headless Chromium, light or dark, and returns the probe's JSON.
fn probe_scheme(browser: &Path, page: &Path, profile: &Path, dark: bool) -> serde_json::Value {
    let scheme = if dark { "0" } else { "1" };
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
            "--window-size=1400,1000",
        ])
        .arg(format!("--blink-settings=preferredColorScheme={scheme}"))
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("run chromium");
    let dom = String::from_utf8_lossy(&out.stdout);
    let marker = "<pre id=\"probe\">";
    let Some(start) = dom.find(marker).map(|at| at + marker.len()) else {
        panic!(
            "no probe output from {}; stderr:\n{}",
            page.display(),
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

/// Returns the tags of the tables in a WOFF2 file's table directory.
fn woff2_tags(bytes: &[u8]) -> Vec<String> {
    const KNOWN: [&str; 63] = [
        "cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf",
        "loca", "prep", "CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT",
        "VDMX", "vhea", "vmtx", "BASE", "GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT",
        "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar",
        "fdsc", "feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar", "mort", "morx", "opbd",
        "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
    ];
    assert_eq!(&bytes[..4], b"wOF2", "not a WOFF2 file");
    let count = u16::from_be_bytes([bytes[12], bytes[13]]);
    let mut at = 48;
    let base128 = |at: &mut usize| {
        let mut value: u64 = 0;
        loop {
            let byte = bytes[*at];
            *at += 1;
            value = (value << 7) | u64::from(byte & 0x7f);
            if byte & 0x80 == 0 {
                return value;
            }
        }
    };
    let mut tags = Vec::new();
    for _ in 0..count {
        let flags = bytes[at];
        at += 1;
        let tag = if flags & 0x3f == 63 {
            at += 4;
            String::from_utf8_lossy(&bytes[at - 4..at]).into_owned()
        } else {
            KNOWN[usize::from(flags & 0x3f)].to_string()
        };
        base128(&mut at);
        let version = flags >> 6;
        let glyf_or_loca = tag == "glyf" || tag == "loca";
        if (glyf_or_loca && version == 0) || (!glyf_or_loca && version != 0) {
            base128(&mut at);
        }
        tags.push(tag);
    }
    tags
}

/// Returns the contrast ratio (WCAG 2) of two computed colours written `rgb(r, g, b)`.
fn contrast(a: &str, b: &str) -> f64 {
    let luminance = |css: &str| {
        let digits: Vec<f64> = css
            .trim_start_matches("rgba(")
            .trim_start_matches("rgb(")
            .trim_end_matches(')')
            .split(',')
            .take(3)
            .map(|c| c.trim().parse::<f64>().expect("a colour channel") / 255.0)
            .map(|c| {
                if c <= 0.04045 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            })
            .collect();
        0.2126 * digits[0] + 0.7152 * digits[1] + 0.0722 * digits[2]
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn the_theme_reads_well_at_desktop_and_phone_widths_light_and_dark() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let site = Site::new();
    // The font must come from the built-in theme, as in a site with no templates/fonts.
    std::fs::remove_dir_all(site.root().join("templates/fonts")).expect("remove fonts");
    site.write(
        "templates/dot.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"><rect width=\"40\" height=\"20\" fill=\"#36c\"/></svg>\n",
    );
    let columns = (0..24).map(|i| format!("c{i}")).collect::<Vec<_>>();
    let table = format!(
        "| {} |\n|{}\n| {} |\n",
        columns.join(" | "),
        " --- |".repeat(columns.len()),
        columns.join(" | ")
    );
    // A long name without a break: the ledger names the page's figure and file with it.
    let page = "kayles_values_computed_from_the_octal_code_and_checked";
    site.write(
        &format!("content/{page}.md"),
        &format!(
            "+++\ntitle = \"Kayles\"\nrung = 1\n+++\n\n## Values\n\nEvery pair $(a', b')$ with \
             $a' < a$ counts.\n\n```{{octal}}\n:code: 0.77\n:name: kayles\n:upto: 300\n\
             :caption: The values of Kayles.\n```\n\n{table}\n![a dot](dot.svg)\n\n\
             <img class=\"invert-dark\" src=\"dot.svg\" alt=\"a dot, inverted\" width=\"40\" height=\"20\">\n"
        ),
    );
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 2\n+++\n\n## Start\n\nText.\n",
    );
    let files = site.build_ok();
    let font = files
        .get("fonts/math.woff2")
        .expect("the math font is published");
    assert!(
        font.len() < 100_000,
        "the math font has {} bytes",
        font.len()
    );
    assert!(
        woff2_tags(font).iter().any(|t| t == "MATH"),
        "the math font has no MATH table: {:?}",
        woff2_tags(font)
    );
    assert!(
        files.contains_key("fonts/OFL.txt"),
        "the font's licence is not published"
    );
    let css = String::from_utf8_lossy(&files["style.css"]).into_owned();
    assert!(css.contains("url(\"fonts/math.woff2\")"), "{css}");
    let built = site.root().join("site");
    let profile = tempfile::tempdir().expect("profile dir");
    for name in [format!("{page}.html"), "checked.html".to_string()] {
        add_probe_script(&built.join(&name), READER_PROBE);
        for width in [1280, 400] {
            let frame = harness(&built.join(&name), width);
            for dark in [false, true] {
                let r = probe_scheme(&browser, &frame, profile.path(), dark);
                let at = format!("{name} at {width} px, dark {dark}: {r}");
                assert_eq!(r["width"], width, "{at}");
                assert_eq!(r["dark"], dark, "{at}");
                assert!(
                    r["overflow"].as_f64().expect("overflow") <= 0.0,
                    "the page scrolls sideways; {at}"
                );
                for past in r["claims"].as_array().expect("claims") {
                    assert!(
                        past.as_f64().expect("edge") <= 0.5,
                        "a ledger table runs past the column; {at}"
                    );
                }
                if name == "checked.html" {
                    assert!(!r["claims"].as_array().expect("claims").is_empty(), "{at}");
                    continue;
                }
                assert!(
                    r["mathFont"]
                        .as_str()
                        .expect("math font")
                        .contains("Nimsite Math"),
                    "{at}"
                );
                assert!(
                    r["fonts"]
                        .as_array()
                        .expect("fonts")
                        .iter()
                        .any(|f| f == "Nimsite Math loaded"),
                    "the math font did not load; {at}"
                );
                let scale = r["figureScale"].as_f64().expect("a figure");
                assert!(
                    scale >= 0.75,
                    "the plot is drawn at {scale} of its size; {at}"
                );
                assert!(
                    r["values"]["attachment"]
                        .as_str()
                        .expect("values")
                        .contains("local"),
                    "no scroll cue on the values; {at}"
                );
                assert!(
                    r["wide"]["attachment"]
                        .as_str()
                        .expect("wide table")
                        .contains("local"),
                    "no scroll cue on the wide table; {at}"
                );
                if width == 400 {
                    assert_eq!(r["wide"]["scrolls"], true, "{at}");
                }
                assert_eq!(r["own"]["loaded"], true, "{at}");
                let backdrop = r["own"]["background"].as_str().expect("backdrop");
                if dark {
                    assert_eq!(backdrop, "rgb(255, 255, 255)", "no light backdrop; {at}");
                } else {
                    assert_eq!(backdrop, "rgba(0, 0, 0, 0)", "{at}");
                }
                // An SVG that asks to be inverted is, like the figures, and gets no card.
                let inverted = &r["inverted"];
                assert_eq!(inverted["background"], "rgba(0, 0, 0, 0)", "{at}");
                let filter = inverted["filter"].as_str().expect("filter");
                assert_eq!(filter.contains("invert"), dark, "{at}");
            }
        }
    }
}

/// Adds a script to the head of a built page.
fn add_probe_script(path: &Path, script: &str) {
    let html = std::fs::read_to_string(path).expect("read page");
    let html = html.replacen("<head>", &format!("<head>{script}"), 1);
    std::fs::write(path, html).expect("write page");
}

#[test]
fn the_error_overlay_reads_at_aa_contrast_light_and_dark() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let site = Site::new();
    site.build_ok();
    let page = site.root().join("site").join("first.html");
    let html = std::fs::read(&page).expect("read page");
    let html = nimsite::serve::inject(&html, Some("error[broken-link]: no page x.html"));
    let probe = "<script>window.addEventListener('load', function () { var c = function (s, p) { return getComputedStyle(document.querySelector(s)).getPropertyValue(p); }; var p = document.createElement('pre'); p.id = 'probe'; p.textContent = JSON.stringify({ box: [c('#nimsite-errors', 'color'), c('#nimsite-errors', 'background-color')], pre: [c('#nimsite-errors pre', 'color'), c('#nimsite-errors pre', 'background-color')], dark: matchMedia('(prefers-color-scheme: dark)').matches }); document.body.appendChild(p); });</script>";
    let html =
        String::from_utf8(html)
            .expect("utf-8")
            .replacen("<head>", &format!("<head>{probe}"), 1);
    std::fs::write(&page, html).expect("write page");
    let profile = tempfile::tempdir().expect("profile dir");
    for dark in [false, true] {
        let r = probe_scheme(&browser, &page, profile.path(), dark);
        assert_eq!(r["dark"], dark, "{r}");
        for part in ["box", "pre"] {
            let fg = r[part][0].as_str().expect("colour");
            let bg = r[part][1].as_str().expect("background");
            let ratio = contrast(fg, bg);
            assert!(
                ratio >= 4.5,
                "{part} in dark {dark}: {fg} on {bg} is {ratio:.2}:1"
            );
        }
    }
}

/// Types `query` into the search box once the page has loaded and records the results:
/// each one's link and the text of its marks.
fn add_results_probe(path: &Path, query: &str) {
    add_typed_search(
        path,
        query,
        "var p = document.createElement('pre');
    p.id = 'probe';
    p.textContent = JSON.stringify(Array.from(links).map(function (a) {
      return { href: a.getAttribute('href'), marks: Array.from(a.querySelectorAll('mark')).map(function (m) { return m.textContent; }), html: a.innerHTML };
    }));
    document.body.appendChild(p);",
    );
}

#[test]
fn the_search_box_forgives_one_typo_and_marks_what_it_found() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\nText about `<b>tags</b>`.\n\n## Why products wrap\n\nThe product {nim}`2*2 = 3` is small.\n",
    );
    site.build_ok();
    let built = site.root().join("site");
    let profile = tempfile::tempdir().expect("profile dir");
    // One letter dropped, and two swapped; and a word too far off finds nothing.
    for (query, marked) in [("prodcts", "products"), ("wrpa products", "wrap")] {
        let page = built.join(format!("q-{}.html", query.len()));
        std::fs::copy(built.join("index.html"), &page).expect("copy");
        add_results_probe(&page, query);
        let r = probe(&browser, &page, profile.path());
        let first = &r[0];
        assert_eq!(
            first["href"], "first.html#why-products-wrap",
            "{query}: {r}"
        );
        let marks = first["marks"].as_array().expect("marks");
        assert!(
            marks
                .iter()
                .any(|m| m.as_str().is_some_and(|m| m.eq_ignore_ascii_case(marked))),
            "{query}: {marked} is not marked: {r}"
        );
    }
    let page = built.join("q-none.html");
    std::fs::copy(built.join("index.html"), &page).expect("copy");
    add_results_probe(&page, "pradocts");
    let r = probe(&browser, &page, profile.path());
    assert_eq!(r, serde_json::json!([]), "two typos away still matched");
    // Text from the page is shown as text: the escaped tag in the snippet stays escaped.
    let page = built.join("q-tags.html");
    std::fs::copy(built.join("index.html"), &page).expect("copy");
    add_results_probe(&page, "tags");
    let r = probe(&browser, &page, profile.path());
    let html = r[0]["html"].as_str().expect("html");
    assert!(html.contains("<mark>tags</mark>"), "{r}");
    assert!(!html.contains("<b>"), "{r}");
}
