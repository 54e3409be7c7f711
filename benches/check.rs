//! The essay site's full check, cold (no cache), as `build` and `check --mutate` run it, and
//! the reader's-eye pass over its rendered pages on its own, for its share of the whole.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use nimsite::site::seen::{self, Seen};
use nimsite::site::{Cache, CompileOptions, compile};

#[path = "../tests/suite/common.rs"]
mod common;
use common::copy_dir;

fn bench_check(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_dir(&repo.join("content"), &dir.path().join("content"));
    copy_dir(&repo.join("templates"), &dir.path().join("templates"));
    let root = dir.path();
    let probe = compile(root, CompileOptions::default(), &Cache::new());
    assert!(!probe.has_errors(), "{}", probe.report(false));
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    group.bench_function("essay_site_cold", |b| {
        b.iter(|| black_box(compile(root, CompileOptions::default(), &Cache::new())))
    });
    let mutate = CompileOptions {
        mutate: true,
        ..CompileOptions::default()
    };
    group.bench_function("essay_site_cold_mutate", |b| {
        b.iter(|| black_box(compile(root, mutate, &Cache::new())))
    });
    // The pages as written, each with its source, for the reader's-eye pass alone.
    let pages: Vec<(String, String, String, String)> = probe
        .sources
        .iter()
        .filter_map(|(file, source)| {
            let slug = file.strip_prefix("content/")?.strip_suffix(".md")?;
            let url = if slug == "_index" {
                "index.html".to_string()
            } else {
                format!("{slug}.html")
            };
            let html = String::from_utf8(probe.files.get(&url)?.clone()).ok()?;
            Some((file.clone(), source.clone(), slug.to_string(), html))
        })
        .collect();
    assert!(pages.len() > 1, "the essay pages are found");
    let seen: Vec<Seen<'_>> = pages
        .iter()
        .map(|(file, source, slug, html)| Seen {
            file,
            source,
            slug,
            html,
        })
        .collect();
    let checked = seen::checked(&probe.claims);
    group.bench_function("reader_eye_pass", |b| {
        b.iter(|| black_box(seen::check(&seen, &checked, false)))
    });
    group.finish();
}

criterion_group!(benches, bench_check);
criterion_main!(benches);
