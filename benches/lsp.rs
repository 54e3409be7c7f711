//! The language server's check after a keystroke: the essay site compiled in memory with
//! an edited, unsaved `content/nim.md` laid over the disk and a warm cache, as `nimsite
//! lsp` does on every change. It should take well under 100 ms.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use nimsite::site::{Cache, CompileOptions, compile};

/// The page the author is typing in.
const PAGE: &str = "content/nim.md";

fn bench_lsp(c: &mut Criterion) {
    nimsite::site::init_workers();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let original = std::fs::read_to_string(root.join(PAGE)).expect("read");
    let cache = Cache::new();
    let probe = compile(root, CompileOptions::default(), &cache);
    assert!(!probe.has_errors(), "{}", probe.report(false));
    let mut group = c.benchmark_group("lsp");
    group.sample_size(20);
    let mut flip = false;
    group.bench_function("essay_page_unsaved_edit_warm", |b| {
        b.iter(|| {
            flip = !flip;
            let typed = if flip {
                "\nEdited.\n"
            } else {
                "\nEdited again.\n"
            };
            let overlay = BTreeMap::from([(PAGE.to_string(), format!("{original}{typed}"))]);
            let options = CompileOptions {
                overlay: Some(&overlay),
                ..CompileOptions::default()
            };
            black_box(compile(root, options, &cache))
        })
    });
    group.finish();
}

criterion_group!(benches, bench_lsp);
criterion_main!(benches);
