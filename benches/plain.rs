//! The plain-page path: a cold build of 5,000 and of 500 generated pages of about 5 KB
//! each (headings, paragraphs, lists, a code block and a link; no directive, no claim),
//! through the library. The pages are those `benches/peers.sh` gives nimsite, Hugo and
//! mdBook, so this bench follows the figure that script compares.

use std::fs;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nimsite::site::{Cache, CompileOptions, compile};

/// The words the prose is made of.
const WORDS: [&str; 37] = [
    "ladder", "heap", "game", "move", "player", "turn", "stone", "pile", "sum", "rule", "winning",
    "losing", "position", "option", "value", "field", "square", "root", "order", "number", "table",
    "figure", "proof", "reader", "page", "essay", "section", "strategy", "board", "token", "count",
    "answer", "question", "simple", "careful", "quiet", "long",
];

/// Returns sentence `m` of paragraph `k` of page `i`: twelve words, one emphasised and
/// one strong.
fn sentence(i: usize, k: usize, m: usize) -> String {
    let words: Vec<String> = (0..12)
        .map(|w| {
            let word = WORDS[(i * 31 + k * 17 + m * 7 + w * 3 + w * w) % WORDS.len()];
            match w {
                4 => format!("*{word}*"),
                8 => format!("**{word}**"),
                _ => word.to_string(),
            }
        })
        .collect();
    let text = words.join(" ");
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
    format!("{first}{}.", chars.as_str())
}

/// Returns paragraph `k` of page `i`: five sentences.
fn paragraph(i: usize, k: usize) -> String {
    (0..5)
        .map(|m| sentence(i, k, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Returns the Markdown of page `i` of `n`, without its front matter.
fn body(i: usize, n: usize) -> String {
    let mut parts = vec![paragraph(i, 0)];
    for s in 0..4 {
        let j = (i + s + 1) % n;
        parts.push(format!("## Section {s} of page {i}"));
        parts.push(paragraph(i, 3 * s + 1));
        parts.push(
            (0..3)
                .map(|m| format!("- {}", sentence(i, 3 * s + 2, m)))
                .collect::<Vec<_>>()
                .join("\n"),
        );
        parts.push(format!(
            "{} See [page {j}](page-{j}.html) and `item {s}`.",
            paragraph(i, 3 * s + 3)
        ));
        parts.push(format!(
            "```\nplain code line {s}\n    indented line {i}\n```"
        ));
    }
    parts.join("\n\n") + "\n"
}

/// Writes a site of `n` plain pages under `root`, with the repository's templates.
fn write_site(root: &Path, n: usize) {
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    fs::create_dir_all(root.join("templates")).expect("mkdir");
    for entry in fs::read_dir(templates).expect("templates") {
        let path = entry.expect("entry").path();
        if path.is_file() {
            let to = root.join("templates").join(path.file_name().expect("name"));
            fs::copy(&path, to).expect("copy");
        }
    }
    fs::write(root.join("nimsite.toml"), "title = \"Bench\"\n").expect("write");
    let content = root.join("content");
    fs::create_dir_all(&content).expect("mkdir");
    fs::write(
        content.join("_index.md"),
        "+++\ntitle = \"Bench\"\n+++\n\nHome of the generated site.\n",
    )
    .expect("write");
    for i in 0..n {
        let text = format!(
            "+++\ntitle = \"Page {i}\"\nrung = {i}\n+++\n\n{}",
            body(i, n)
        );
        fs::write(content.join(format!("page-{i}.md")), text).expect("write");
    }
}

fn bench_plain(c: &mut Criterion) {
    let mut group = c.benchmark_group("plain");
    group.sample_size(10);
    for n in [500, 5_000] {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        write_site(root, n);
        let probe = compile(root, CompileOptions::default(), &Cache::new());
        assert!(!probe.has_errors(), "{}", probe.report(false));
        assert_eq!(probe.pages, n + 1);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("compile_{n}_plain_pages_cold"), |b| {
            b.iter(|| black_box(compile(root, CompileOptions::default(), &Cache::new())))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_plain);
criterion_main!(benches);
