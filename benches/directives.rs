//! Times evaluating every directive of the essay site, the figures they draw, and the
//! results they share, and each check added since the first landing on its own. The
//! budgets are 1.5 s for all directives cold (shared results and the certificate of the
//! field below 65536 included) and 200 ms for the figures the bench can redraw.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use nimsite::catalogue::shared::Tables;
use nimsite::engine::{self, Expanded, Figure, PageCtx, Shared};
use nimsite::figure::{
    Board, CellCheck, Grid, Heatmap, Mark, MarkKind, board, heatmap, permutation,
};
use nimsite::nimber::{self, Table};
use nimsite::site::render::parse_events;

/// One essay page: its file name and source, front matter included.
struct Page {
    file: String,
    slug: String,
    source: String,
}

/// Reads every page of the essay site in `content/`, sorted by name.
fn pages() -> Vec<Page> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("content dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .to_string();
            Page {
                file: format!("content/{name}"),
                slug: name.trim_end_matches(".md").to_string(),
                source: std::fs::read_to_string(&path).expect("page"),
            }
        })
        .collect()
}

/// Parses and expands one page against `shared`.
fn expand_page<'a>(page: &'a Page, shared: &Shared) -> Expanded<'a> {
    let ctx = PageCtx::new(
        nimsite::catalogue::registry(),
        &page.file,
        &page.source,
        &page.slug,
        "",
    );
    engine::expand_page(&ctx, shared, parse_events(&page.source))
}

/// One figure call as a directive makes it, with the data computed beforehand.
enum Drawing {
    /// A heatmap of the product or sum table, with its corners and marks.
    Heatmap {
        grid: Grid,
        corners: Vec<usize>,
        marks: Vec<Mark>,
    },
    /// The squaring permutation.
    Permutation(Vec<u16>),
    /// A game board with every cell checked by one method.
    Board(Board),
}

impl Drawing {
    /// Draws the figure, as the directive does, with a placeholder title and description.
    fn draw(&self) -> String {
        match self {
            Drawing::Heatmap {
                grid,
                corners,
                marks,
            } => heatmap(&Heatmap {
                grid,
                title: "title".into(),
                desc: "desc".into(),
                corners: corners.clone(),
                marks: marks.clone(),
                numbers: grid.size <= 16,
                axis_label: ("a".into(), "b".into()),
                style: Default::default(),
            }),
            Drawing::Permutation(values) => permutation(values, "title", "desc"),
            Drawing::Board(spec) => board(spec),
        }
    }
}

/// Returns the top-left `n`×`n` corner of a table as a figure grid.
fn grid(table: &Table, n: usize) -> Grid {
    let values = (0..n)
        .flat_map(|a| (0..n).map(move |b| table.get(a, b) as u16))
        .collect();
    Grid { size: n, values }
}

/// Returns the smallest field size above `x`.
fn field_above(x: usize) -> usize {
    let mut size = 2;
    while size <= x {
        size *= size;
    }
    size
}

/// Returns the marks of a derivation of `a ⊗ b`: every feeding cell, then the target.
fn derivation_marks(a: usize, b: usize) -> Vec<Mark> {
    let mut marks: Vec<Mark> = Vec::new();
    for a1 in 0..a {
        for b1 in 0..b {
            for (row, col) in [(a1, b), (a, b1), (a1, b1)] {
                if !marks.iter().any(|m| m.row == row && m.col == col) {
                    let kind = MarkKind::Feeder;
                    marks.push(Mark { row, col, kind });
                }
            }
        }
    }
    marks.push(Mark {
        row: a,
        col: b,
        kind: MarkKind::Target,
    });
    marks
}

/// Returns the figure call behind a figure id of the essay site, or `None` for an id
/// this bench does not know.
fn drawing(id: &str, shared: &Shared) -> Option<Drawing> {
    let tables = Tables::of(shared);
    let number = |s: &str| s.parse::<usize>().ok();
    let parts: Vec<&str> = id.split('-').collect();
    Some(match parts.as_slice() {
        ["table", op, n] => {
            let n = number(n)?;
            let table = if *op == "add" {
                tables.sum()
            } else {
                tables.product()
            };
            // The site outlines every subfield corner below n, as by default.
            let corners = (1..n).filter(|&c| field_above(c - 1) == c).collect();
            Drawing::Heatmap {
                grid: grid(table, n),
                corners,
                marks: Vec::new(),
            }
        }
        ["derivation", ab] => {
            let (a, b) = ab.split_once('x')?;
            let (a, b) = (number(a)?, number(b)?);
            Drawing::Heatmap {
                grid: grid(tables.product(), field_above(a.max(b))),
                corners: Vec::new(),
                marks: derivation_marks(a, b),
            }
        }
        ["inverses", n] => {
            let n = number(n)?;
            let table = tables.product();
            let marks = (0..n)
                .flat_map(|a| (0..n).map(move |b| (a, b)))
                .filter(|&(a, b)| table.get(a, b) == 1)
                .map(|(row, col)| Mark {
                    row,
                    col,
                    kind: MarkKind::Pair,
                })
                .collect();
            Drawing::Heatmap {
                grid: grid(table, n),
                corners: Vec::new(),
                marks,
            }
        }
        ["squares", n] => {
            let n = number(n)?;
            Drawing::Permutation((0..n).map(|x| tables.product().get(x, x) as u16).collect())
        }
        ["game", "stones", "2d", method, n] => {
            let n = number(n)?;
            let (values, mark) = if *method == "full" {
                (nimber::stones_2d_full(n, u64::MAX).ok()?, CellCheck::Full)
            } else {
                (nimber::stones_2d_sum(n).ok()?, CellCheck::Sum)
            };
            Drawing::Board(Board {
                size: n,
                cells: vec![mark; n * n],
                values: (n <= 16).then(|| values.values.iter().map(|&v| v as u16).collect()),
                title: "title".into(),
                desc: "desc".into(),
            })
        }
        _ => return None,
    })
}

/// Removes the title and description elements, which hold only text, from an SVG.
fn without_text(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    for line in svg.lines() {
        if !line.starts_with("<title") && !line.starts_with("<desc") {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Returns the site's figure calls the bench knows, having checked that each draws the
/// site's figure byte for byte apart from its title and description; figures drawn from
/// a directive's own layout (panels, ordered or recoloured tables) are timed with their
/// directives instead.
fn site_drawings(figures: &[Figure], shared: &Shared) -> Vec<Drawing> {
    figures
        .iter()
        .filter_map(|figure| {
            let d = drawing(&figure.id, shared)?;
            let (ours, theirs) = (without_text(&d.draw()), without_text(&figure.svg));
            let differ = ours.lines().zip(theirs.lines()).find(|(a, b)| a != b);
            assert!(
                ours == theirs,
                "the bench's call for `{}` draws something else: {differ:?}",
                figure.id
            );
            Some(d)
        })
        .collect()
}

/// The checks added since the first landing, one block each, as the essays write them.
const NEW_CHECKS: &[(&str, &str)] = &[
    (
        "corners_4",
        "```{game-check}\n:game: corners\n:size: 4\n```\n",
    ),
    (
        "tartan_ruler_mock_4",
        "```{game-check}\n:game: tartan\n:rules: ruler, mock-turtles\n:size: 4\n```\n",
    ),
    (
        "stones_3d_full_3",
        "```{game-check}\n:game: stones-3d\n:size: 3\n:method: full\n```\n",
    ),
    (
        "stones_3d_sum_16",
        "```{game-check}\n:game: stones-3d\n:size: 16\n:method: sum\n```\n",
    ),
    (
        "beside_nim_4_16",
        "```{game-check}\n:game: stones-beside-nim\n:size: 4\n:heaps: 16\n```\n",
    ),
    (
        "subfields_256",
        "```{subfields}\n:size: 256\n:frobenius: 16\n```\n",
    ),
    (
        "quadratic_16",
        "```{quadratic}\n:over: 16\n:upto: 65536\n```\n",
    ),
    ("fermat", "```{fermat}\n:exhaustive: 65536\n```\n"),
    (
        "minpoly_16",
        "```{minpoly}\n:size: 16\n:element: 4\n:polynomial: x^4 + x + 1\n:primitive: yes\n```\n",
    ),
    (
        "table_256_logarithms",
        "```{table}\n:op: mul\n:size: 256\n:view: logarithms\n```\n",
    ),
    (
        "table_256_subfields",
        "```{table}\n:op: mul\n:size: 256\n:view: subfields\n```\n",
    ),
    ("field_65536", "```{field-check}\n:size: 65536\n```\n"),
];

/// Times each new check on a cache that already holds the definition's table, so each
/// figure is the check's own work.
fn bench_new_checks(c: &mut Criterion, warm: &Shared) {
    let mut group = c.benchmark_group("new_checks");
    group.sample_size(10);
    for (name, block) in NEW_CHECKS {
        let page = Page {
            file: "content/bench.md".into(),
            slug: "bench".into(),
            source: (*block).to_string(),
        };
        let out = expand_page(&page, warm);
        let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        group.bench_function(*name, |b| {
            b.iter(|| black_box(expand_page(&page, warm).claims.len()))
        });
    }
    group.finish();
}

/// Expands every page in order and returns how many figures and claims they made.
fn expand_site(pages: &[Page], shared: &Shared) -> (usize, usize) {
    pages.iter().fold((0, 0), |(figures, claims), page| {
        let out = expand_page(page, shared);
        (figures + out.figures.len(), claims + out.claims.len())
    })
}

fn bench_directives(c: &mut Criterion) {
    let pages = pages();
    let probe = Shared::new();
    for page in &pages {
        let out = expand_page(page, &probe);
        let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{}: {errors:?}", page.file);
    }
    let (figures, claims) = expand_site(&pages, &probe);
    eprintln!(
        "essay site: {} pages, {figures} figures, {claims} claims",
        pages.len()
    );
    let site_figures: Vec<Figure> = pages
        .iter()
        .flat_map(|page| expand_page(page, &probe).figures)
        .collect();
    let drawings = site_drawings(&site_figures, &probe);

    let mut group = c.benchmark_group("directives");
    group.sample_size(10);
    group.bench_function("essay_site_fresh_shared", |b| {
        b.iter(|| black_box(expand_site(&pages, &Shared::new())))
    });
    group.bench_function("essay_site_warm_shared", |b| {
        b.iter(|| black_box(expand_site(&pages, &probe)))
    });
    group.bench_function("essay_site_figures_only", |b| {
        b.iter(|| {
            let bytes: usize = drawings.iter().map(|d| d.draw().len()).sum();
            black_box(bytes)
        })
    });
    group.finish();
    bench_new_checks(c, &probe);
}

criterion_group!(benches, bench_directives);
criterion_main!(benches);
