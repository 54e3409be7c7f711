//! Times every figure kind at the size the site draws it; the budget is 200 ms for all.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use nimsite::figure::{
    Board, CellCheck, Grid, Heatmap, Mark, MarkKind, board, heatmap, permutation,
};

/// Multiplies nimbers below 2^bits by splitting at the Fermat 2-power (bench data only).
fn nim_mul(a: u32, b: u32, bits: u32) -> u32 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = nim_mul(a1, b1, half);
    let cross = nim_mul(a1, b0, half) ^ nim_mul(a0, b1, half);
    let low = nim_mul(a0, b0, half) ^ nim_mul(high, 1 << (half - 1), half);
    ((high ^ cross) << half) | low
}

fn table(n: usize) -> Grid {
    let values = (0..n * n).map(|i| nim_mul((i / n) as u32, (i % n) as u32, 8) as u16);
    Grid {
        size: n,
        values: values.collect(),
    }
}

fn spec(grid: &Grid, numbers: bool, marks: Vec<Mark>) -> Heatmap<'_> {
    Heatmap {
        grid,
        title: format!("Nim-multiplication table, {0}×{0}", grid.size),
        desc: "Row a, column b holds a ⊗ b.".into(),
        corners: [2, 4, 16].into_iter().filter(|&k| k <= grid.size).collect(),
        marks,
        numbers,
        axis_label: ("a".into(), "b".into()),
        style: Default::default(),
    }
}

fn derivation() -> Vec<Mark> {
    let mut marks = vec![Mark {
        row: 2,
        col: 2,
        kind: MarkKind::Target,
    }];
    for (row, col) in [
        (0, 2),
        (1, 2),
        (2, 0),
        (2, 1),
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
    ] {
        marks.push(Mark {
            row,
            col,
            kind: MarkKind::Feeder,
        });
    }
    marks
}

fn game_board(n: usize) -> Board {
    let cells = (0..n * n).map(|i| match (i / n, i % n) {
        (0, _) | (_, 0) => CellCheck::Unchecked,
        (x, y) if x.max(y) <= 3 => CellCheck::Both,
        _ => CellCheck::Sum,
    });
    let values = (0..n * n).map(|i| nim_mul((i / n) as u32, (i % n) as u32, 8) as u16);
    Board {
        size: n,
        cells: cells.collect(),
        values: Some(values.collect()),
        title: "Board".into(),
        desc: "Each cell shows x ⊗ y and its method.".into(),
    }
}

fn figures(c: &mut Criterion) {
    let (t16, t256) = (table(16), table(256));
    let squares: Vec<u16> = (0..16).map(|x| nim_mul(x, x, 8) as u16).collect();
    let b16 = game_board(16);
    let plain16 = spec(&t16, true, vec![]);
    let full = spec(&t256, false, vec![]);
    let overlay = spec(&t16, true, derivation());
    c.bench_function("heatmap_16_numbers", |b| {
        b.iter(|| heatmap(black_box(&plain16)))
    });
    c.bench_function("heatmap_256", |b| b.iter(|| heatmap(black_box(&full))));
    c.bench_function("heatmap_16_derivation", |b| {
        b.iter(|| heatmap(black_box(&overlay)))
    });
    c.bench_function("permutation_16", |b| {
        b.iter(|| permutation(black_box(&squares), "Squares below 16", "x maps to x ⊗ x."))
    });
    c.bench_function("board_16", |b| b.iter(|| board(black_box(&b16))));
    c.bench_function("all_site_figures", |b| {
        b.iter(|| {
            let drawn = [
                heatmap(&plain16),
                heatmap(&full),
                heatmap(&overlay),
                permutation(&squares, "Squares below 16", "x maps to x ⊗ x."),
                board(&b16),
            ];
            black_box(drawn.iter().map(String::len).sum::<usize>())
        })
    });
}

criterion_group!(benches, figures);
criterion_main!(benches);
