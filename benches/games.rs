//! Measures the stone-game searches that check the nim-product against play.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use nimsite::nimber::{
    CoinRule, OctalCode, OctalGame, check_stones_beside_heap, check_tartan, check_turning_corners,
    grundy_values, mul, stones_1d_grundy, stones_2d_full, stones_2d_sum, stones_3d_full,
    stones_3d_sum,
};

/// Times the full multiset search on the 4×4 board, the largest that finishes quickly.
fn full_search(c: &mut Criterion) {
    c.bench_function("stones_2d_full(4)", |b| {
        b.iter(|| stones_2d_full(black_box(4), 1_000_000))
    });
    // The 5×5 search passes ten million positions unfinished; this times the first 100,000.
    c.bench_function("stones_2d_full(5) to 100k positions", |b| {
        b.iter(|| stones_2d_full(black_box(5), 100_000))
    });
}

/// Times the sum-theorem search on the boards the essays show.
fn sum_search(c: &mut Criterion) {
    c.bench_function("stones_2d_sum(16)", |b| {
        b.iter(|| stones_2d_sum(black_box(16)))
    });
    let mut slow = c.benchmark_group("slow");
    slow.sample_size(10);
    slow.bench_function("stones_2d_sum(256)", |b| {
        b.iter(|| stones_2d_sum(black_box(256)))
    });
    slow.finish();
}

/// Times the 1D search on a three-stone position.
fn one_d(c: &mut Criterion) {
    c.bench_function("stones_1d_grundy([5, 6, 7])", |b| {
        b.iter(|| stones_1d_grundy(black_box(&[5, 6, 7])))
    });
}

/// Times the coin-form searches: every heads-set of a 4×4 board.
fn coins(c: &mut Criterion) {
    c.bench_function("check_turning_corners(4)", |b| {
        b.iter(|| check_turning_corners(black_box(4), 1 << 16, mul))
    });
    let (ruler, mock) = (CoinRule::RULER, CoinRule::MOCK_TURTLES);
    c.bench_function("check_tartan(Mock Turtles × Ruler, 4)", |b| {
        b.iter(|| check_tartan(&mock, &ruler, black_box(4), 1 << 16, mul))
    });
}

/// Times the 3-D searches and the stone beside a heap.
fn three_d_and_sums(c: &mut Criterion) {
    c.bench_function("stones_3d_full(3)", |b| {
        b.iter(|| stones_3d_full(black_box(3), 1 << 22))
    });
    c.bench_function("stones_3d_sum(16)", |b| {
        b.iter(|| stones_3d_sum(black_box(16)))
    });
    c.bench_function("check_stones_beside_heap(4, 8)", |b| {
        b.iter(|| check_stones_beside_heap(black_box(4), 8, 1 << 22, |x, y| x ^ y))
    });
}

/// Times the octal-game targets: 0.127's period proved (values to 93,200, last
/// exception at 46,577) and Kayles' first 100,000 values.
fn octal(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal");
    group.sample_size(10);
    let late: OctalCode = "0.127".parse().expect("a code");
    group.bench_function("0.127 period proved (93,200 values)", |b| {
        b.iter(|| {
            let game = OctalGame::compute(black_box(&late), 93_200).expect("within bounds");
            assert_eq!(game.period().map(|p| p.preperiod), Some(46_578));
        })
    });
    let kayles: OctalCode = "0.77".parse().expect("a code");
    group.bench_function("kayles 100,000 values", |b| {
        b.iter(|| grundy_values(black_box(&kayles), 100_000))
    });
    group.finish();
}

criterion_group!(
    benches,
    octal,
    full_search,
    sum_search,
    one_d,
    coins,
    three_d_and_sums
);
criterion_main!(benches);
