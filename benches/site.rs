//! Build timings: a generated site of 500 plain Markdown pages, cold and after a one-page
//! edit with a warm cache (as under `serve`); sites of 5,000 pages, plain and half with
//! small directives, for the time per page at scale; and a typo below a directive that
//! takes seconds, which the first phase must reject in well under 50 ms.

use std::fs;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nimsite::site::{Cache, CompileOptions, compile};

#[path = "../tests/suite/common.rs"]
mod common;
use common::copy_dir;

/// The number of pages in the generated site.
const PAGES: usize = 500;

/// Copies the repository's top-level templates into `to`, leaving the directive partials
/// built in.
fn copy_templates(to: &Path) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("templates") {
        let path = entry.expect("entry").path();
        if path.is_file() {
            fs::copy(&path, to.join(path.file_name().expect("name"))).expect("copy");
        }
    }
}

/// Returns an essay page other than the home page, to edit.
fn first_rung(content: &Path) -> Option<std::path::PathBuf> {
    let mut pages: Vec<_> = fs::read_dir(content)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md") && !p.ends_with("_index.md"))
        .collect();
    pages.sort();
    pages.into_iter().next()
}

/// Returns plain page `i` of `n`, about 4 KB: headings, lists, a table, code and links.
fn page(i: usize, n: usize) -> String {
    let mut text = format!(
        "+++\ntitle = \"Page {i}\"\nrung = {i}\nsummary = \"Generated page {i}.\"\n+++\n\n"
    );
    for section in 0..4 {
        text.push_str(&format!("## Section {section}\n\nSome *plain* prose with a [link](page-{}.html) and `code`, \
            enough words to look like an essay paragraph that goes on for a while, with smart \"quotes\" -- and dashes.\n\n",
            (i + 1) % n));
        text.push_str("- one item\n- another item\n  - nested\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nlet x = 1;\n```\n\n");
    }
    text
}

/// The number of pages in the generated sites at scale.
const SCALE_PAGES: usize = 5_000;

/// Returns page `i` of a site of `n` pages at scale: like [`page`], and when `directives`
/// holds for odd `i`, with a product table below 4 and two checked `{nim}` claims.
fn scale_page(i: usize, n: usize, directives: bool) -> String {
    let mut text = page(i, n);
    if directives && i % 2 == 1 {
        text.push_str(&format!(
            "## Products\n\nBelow 4, {{nim}}`2 * 2 = 3` and {{nim}}`{i} + {i} = 0`.\n\n\
             ```{{table}}\n:op: mul\n:size: 4\n```\n"
        ));
    }
    text
}

/// Writes a site of `n` pages made by `page` under `root`, with a home page.
fn generate_with(root: &Path, n: usize, page: impl Fn(usize) -> String) {
    copy_templates(&root.join("templates"));
    let content = root.join("content");
    fs::create_dir_all(&content).expect("mkdir");
    fs::write(
        content.join("_index.md"),
        "+++\ntitle = \"Bench\"\n+++\n\nHome.\n",
    )
    .expect("write");
    for i in 0..n {
        fs::write(content.join(format!("page-{i}.md")), page(i)).expect("write");
    }
}

/// Writes a site of `n` pages at scale under `root`.
fn generate_scale(root: &Path, n: usize, directives: bool) {
    generate_with(root, n, |i| scale_page(i, n, directives));
}

/// Writes the generated site under `root`.
fn generate(root: &Path) {
    generate_with(root, PAGES, |i| page(i, PAGES));
}

fn bench_site(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    generate(dir.path());
    let root = dir.path();
    let probe = compile(root, CompileOptions::default(), &Cache::new());
    assert!(!probe.has_errors(), "{}", probe.report(false));
    let mut group = c.benchmark_group("site");
    group.sample_size(10);
    group.bench_function("compile_500_plain_pages_cold", |b| {
        b.iter(|| black_box(compile(root, CompileOptions::default(), &Cache::new())))
    });
    let cache = Cache::new();
    compile(root, CompileOptions::default(), &cache);
    let edited = root.join("content/page-250.md");
    let mut flip = false;
    group.bench_function("one_page_edit_warm_500", |b| {
        b.iter(|| {
            flip = !flip;
            let mut text = page(250, PAGES);
            text.push_str(if flip {
                "\nEdited.\n"
            } else {
                "\nEdited again.\n"
            });
            fs::write(&edited, text).expect("write");
            black_box(compile(root, CompileOptions::default(), &cache))
        })
    });
    let essays = tempfile::tempdir().expect("tempdir");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("content"),
        &essays.path().join("content"),
    );
    copy_templates(&essays.path().join("templates"));
    let essays = essays.path();
    let cache = Cache::new();
    compile(essays, CompileOptions::default(), &cache);
    group.bench_function("essay_site_no_change_warm", |b| {
        b.iter(|| black_box(compile(essays, CompileOptions::default(), &cache)))
    });
    if let Some(page) = first_rung(&essays.join("content")) {
        let original = fs::read_to_string(&page).expect("read");
        let mut flip = false;
        group.bench_function("essay_site_one_page_edit_warm", |b| {
            b.iter(|| {
                flip = !flip;
                let text = format!(
                    "{original}{}",
                    if flip {
                        "\nEdited.\n"
                    } else {
                        "\nEdited again.\n"
                    }
                );
                fs::write(&page, text).expect("write");
                black_box(compile(essays, CompileOptions::default(), &cache))
            })
        });
    }
    group.finish();
}

/// A page whose field check takes seconds, with a misspelt option on its last lines.
const HEAVY_WITH_TYPO: &str = "+++\ntitle = \"Heavy\"\nrung = 1\n+++\n\n\
    ```{field-check}\n:size: 65536\n```\n\n```{table}\n:op: mul\n:sise: 4\n```\n";

fn bench_scale(c: &mut Criterion) {
    let mut group = c.benchmark_group("site");
    group.sample_size(10);
    group.throughput(Throughput::Elements(SCALE_PAGES as u64));
    for (name, directives) in [("plain", false), ("half_directives", true)] {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        generate_scale(root, SCALE_PAGES, directives);
        let probe = compile(root, CompileOptions::default(), &Cache::new());
        assert!(!probe.has_errors(), "{}", probe.report(false));
        assert_eq!(probe.pages, SCALE_PAGES + 1);
        group.bench_function(format!("compile_5000_{name}_pages_cold"), |b| {
            b.iter(|| black_box(compile(root, CompileOptions::default(), &Cache::new())))
        });
    }
    group.finish();
}

fn bench_typo_fails_fast(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    copy_templates(&root.join("templates"));
    fs::create_dir_all(root.join("content")).expect("mkdir");
    fs::write(
        root.join("content/_index.md"),
        "+++\ntitle = \"Home\"\n+++\n",
    )
    .expect("write");
    fs::write(root.join("content/heavy.md"), HEAVY_WITH_TYPO).expect("write");
    let probe = compile(root, CompileOptions::default(), &Cache::new());
    assert!(
        probe.has_errors() && !probe.evaluated,
        "the typo must stop the first phase"
    );
    let mut group = c.benchmark_group("site");
    group.bench_function("typo_below_a_heavy_directive_fails", |b| {
        b.iter(|| black_box(compile(root, CompileOptions::default(), &Cache::new())))
    });
    group.finish();
}

criterion_group!(benches, bench_typo_fails_fast, bench_site, bench_scale);
criterion_main!(benches);
