//! Growth with size: sites of 12,500 to 100,000 one-line pages, whose time per page must
//! stay about the same; and one page with 10,000 or 20,000 identical headings, or 3,000 or
//! 6,000 links to missing anchors each given a did-you-mean, whose time per heading or
//! link must stay about the same too. Criterion reports each size's throughput, so
//! linear growth shows as equal elements per second.

use std::fs;
use std::hint::black_box;
use std::path::Path;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use nimsite::site::{Cache, CompileOptions, compile};

/// The page counts of the generated sites.
const SITES: [usize; 4] = [12_500, 25_000, 50_000, 100_000];

/// Writes a site under `root`: a home page and one page per entry of `pages`.
fn write_site(root: &Path, pages: impl Iterator<Item = (String, String)>) {
    let content = root.join("content");
    fs::create_dir_all(&content).expect("mkdir");
    fs::write(
        root.join("content/_index.md"),
        "+++\ntitle = \"Scale\"\n+++\n\nHome.\n",
    )
    .expect("write");
    for (name, text) in pages {
        fs::write(content.join(name), text).expect("write");
    }
}

/// Returns one-line page `i`.
fn one_line(i: usize) -> (String, String) {
    (
        format!("p{i}.md"),
        format!("+++\ntitle = \"Page {i}\"\nrung = {i}\n+++\n\nLine {i} of the site.\n"),
    )
}

/// Returns a page with `n` headings of the same text, so every id needs a counter.
fn same_headings(n: usize) -> String {
    let mut text = String::from("+++\ntitle = \"Headings\"\nrung = 1\n+++\n\n");
    for _ in 0..n {
        text.push_str("## Same\n\n");
    }
    text
}

/// Returns a page with 100 headings and `n` links to anchors one letter off them.
fn broken_anchors(n: usize) -> String {
    let mut text = String::from("+++\ntitle = \"Anchors\"\nrung = 1\n+++\n\n");
    for i in 0..100 {
        text.push_str(&format!("## Missin {i}\n\n"));
    }
    for i in 0..n {
        text.push_str(&format!("[{i}](#missing-{})\n", i % 100));
    }
    text
}

fn bench_pages(c: &mut Criterion) {
    let mut group = c.benchmark_group("scale");
    group.sample_size(10);
    for n in SITES {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        write_site(root, (0..n).map(one_line));
        let probe = compile(root, CompileOptions::default(), &Cache::new());
        assert!(!probe.has_errors(), "{}", probe.report(false));
        assert_eq!(probe.pages, n + 1);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("one_line_pages", n), &n, |b, _| {
            b.iter(|| black_box(compile(root, CompileOptions::default(), &Cache::new())))
        });
    }
    group.finish();
}

/// Benches a one-page site under `name` for each `(size, page)`.
fn bench_one_page(c: &mut Criterion, name: &str, pages: &[(usize, String)], errors: bool) {
    let mut group = c.benchmark_group("scale");
    group.sample_size(10);
    for (n, page) in pages {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        write_site(root, std::iter::once(("page.md".to_string(), page.clone())));
        let probe = compile(root, CompileOptions::default(), &Cache::new());
        assert_eq!(probe.has_errors(), errors, "{}", probe.report(false));
        if errors {
            assert_eq!(probe.error_count(), *n, "one error per broken link");
            assert!(probe.report(false).contains("did you mean"));
        }
        group.throughput(Throughput::Elements(*n as u64));
        group.bench_with_input(BenchmarkId::new(name, n), n, |b, _| {
            b.iter(|| black_box(compile(root, CompileOptions::default(), &Cache::new())))
        });
    }
    group.finish();
}

fn bench_headings(c: &mut Criterion) {
    let pages: Vec<_> = [10_000, 20_000]
        .into_iter()
        .map(|n| (n, same_headings(n)))
        .collect();
    bench_one_page(c, "same_headings", &pages, false);
}

fn bench_anchors(c: &mut Criterion) {
    let pages: Vec<_> = [3_000, 6_000]
        .into_iter()
        .map(|n| (n, broken_anchors(n)))
        .collect();
    bench_one_page(c, "broken_anchors", &pages, true);
}

criterion_group!(benches, bench_headings, bench_anchors, bench_pages);
criterion_main!(benches);
