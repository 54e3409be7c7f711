//! The plain-page path: a cold build of 5,000 and of 500 generated pages of about 5 KB
//! each (headings, paragraphs, lists, a code block and a link; no directive, no claim),
//! through the library. Each sentence draws its twelve words from 200 by a hash, so no
//! sentence repeats and no cache of read text can hit. The pages are those
//! `benches/peers.sh` gives nimsite, Hugo and mdBook, so this bench follows the figure that
//! script compares.

use std::fs;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nimsite::site::{Cache, CompileOptions, compile};

/// The words the prose is made of.
const WORDS: [&str; 200] = [
    "ladder", "heap", "game", "move", "player", "turn", "stone", "pile", "sum", "rule", "winning",
    "losing", "position", "option", "value", "field", "square", "root", "order", "number", "table",
    "figure", "proof", "reader", "page", "essay", "section", "strategy", "board", "token", "count",
    "answer", "question", "simple", "careful", "quiet", "long", "river", "house", "garden",
    "window", "letter", "story", "morning", "evening", "winter", "summer", "autumn", "spring",
    "forest", "mountain", "valley", "village", "city", "street", "road", "bridge", "market",
    "school", "teacher", "student", "friend", "family", "mother", "father", "brother", "sister",
    "child", "people", "water", "bread", "apple", "orange", "paper", "pencil", "chair", "door",
    "wall", "floor", "roof", "kitchen", "lamp", "light", "shadow", "color", "sound", "voice",
    "music", "song", "dance", "picture", "painting", "lesson", "book", "chapter", "word", "idea",
    "thought", "reason", "choice", "change", "chance", "moment", "minute", "hour", "week", "month",
    "year", "season", "weather", "cloud", "rain", "snow", "wind", "storm", "sun", "moon", "ocean",
    "island", "harbor", "ship", "boat", "train", "station", "ticket", "journey", "travel", "visit",
    "walk", "run", "jump", "climb", "carry", "bring", "hold", "open", "close", "begin", "finish",
    "follow", "lead", "keep", "leave", "find", "lose", "build", "break", "fix", "clean", "write",
    "read", "speak", "listen", "watch", "learn", "teach", "help", "play", "rest", "sleep", "wake",
    "early", "late", "quick", "slow", "small", "large", "bright", "dark", "warm", "cold", "soft",
    "hard", "loud", "happy", "gentle", "honest", "clever", "brave", "calm", "kind", "proud",
    "strong", "weak", "green", "blue", "red", "yellow", "brown", "white", "black", "silver",
    "golden", "wooden", "narrow", "wide", "deep", "shallow", "heavy", "lantern",
];

/// Returns word `w` of sentence `m` of paragraph `k` of page `i`, by a splitmix64 hash
/// (`k < 16`, `m < 8`, `w < 16`), so sentences do not repeat and no cache of read text can hit.
fn pick(i: usize, k: usize, m: usize, w: usize) -> &'static str {
    let x = (((i * 16 + k) * 8 + m) * 16 + w) as u64;
    let mut z = x
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    WORDS[((z ^ (z >> 31)) % WORDS.len() as u64) as usize]
}

/// Returns sentence `m` of paragraph `k` of page `i`: twelve words, one emphasised and
/// one strong.
fn sentence(i: usize, k: usize, m: usize) -> String {
    let words: Vec<String> = (0..12)
        .map(|w| {
            let word = pick(i, k, m, w);
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
