//! Claims in English against the build they sit in: one compile of the essays, and the
//! claim reading of the same essays alone (every paragraph read by the claim reader with
//! the lexicon, and every sentence put to the closure's test of a notion beside a number).
//! The second must stay a small part of the first.

use std::fs;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use nimsite::math::lexicon::Lexicon;
use nimsite::math::lint::read_text_in;
use nimsite::site::{Cache, CompileOptions, compile};

/// Returns the paragraphs of every essay, front matter and fenced blocks left out.
fn paragraphs(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut pages: Vec<_> = fs::read_dir(root.join("content"))
        .expect("content")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    for page in pages {
        let text = fs::read_to_string(&page).expect("read");
        let body = text.splitn(3, "+++").nth(2).unwrap_or("");
        let mut fenced = false;
        for block in body.split("\n\n") {
            if block.trim_start().starts_with("```") {
                fenced = !block.trim_end().ends_with("```") || block.trim().len() <= 3;
                continue;
            }
            if fenced {
                fenced = !block.contains("```");
                continue;
            }
            out.push(block.to_string());
        }
    }
    out
}

fn bench_english(c: &mut Criterion) {
    nimsite::site::init_workers();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lexicon = Lexicon::builtin();
    let blocks = paragraphs(root);
    let mut group = c.benchmark_group("english");
    group.sample_size(10);
    group.bench_function("essays, whole build", |b| {
        b.iter(|| black_box(compile(root, CompileOptions::default(), &Cache::new())))
    });
    group.bench_function("essays, claim reading alone", |b| {
        b.iter(|| {
            let mut found = 0;
            for block in &blocks {
                found += read_text_in(block, &lexicon).len();
                for sentence in block.split(". ") {
                    found += usize::from(lexicon.unread(sentence, &[]).is_some());
                }
            }
            black_box(found)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_english);
criterion_main!(benches);
