//! Timings of the ordinal core: Lenstra's excess table recomputed from scratch, and random
//! nim-products of ordinals below ω^(ω²).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nimsite::nimber::ordinal::{Exponent, Ordinal, OrdinalArith, RowLimit, Source, compute_rows};
use rand::{Rng, SeedableRng, rngs::StdRng};

const PRODUCTS: usize = 100_000;

fn excess_rows(c: &mut Criterion) {
    // The rows must be the table's, or the timing means nothing.
    let rows = compute_rows(RowLimit::standard()).expect("computable");
    let computed = rows.iter().filter(|r| r.source == Source::Computed).count();
    assert_eq!(computed, 52);
    assert!(rows.iter().all(|r| r.agrees_with_table() == Some(true)));
    let mut g = c.benchmark_group("excess");
    g.sample_size(10);
    g.bench_function("rows_to_degree_5060", |b| {
        b.iter(|| black_box(compute_rows(RowLimit::standard()).expect("computable")))
    });
    g.bench_function("rows_to_257_degree_5060", |b| {
        b.iter(|| black_box(compute_rows(RowLimit::primes_up_to(257)).expect("computable")))
    });
    g.bench_function("rows_to_43", |b| {
        b.iter(|| black_box(compute_rows(RowLimit::primes_up_to(43)).expect("computable")))
    });
    g.finish();
}

/// Returns a random ordinal below ω^(ω²) with up to four terms and coefficients below 16.
fn random_ordinal(rng: &mut StdRng) -> Ordinal {
    let terms = rng.random_range(1..=4);
    Ordinal::from_terms((0..terms).map(|_| {
        let places = vec![rng.random_range(0..9), rng.random_range(0..5)];
        let e = Exponent::from_places(places).expect("two places");
        (e, rng.random_range(1..16))
    }))
}

fn ordinal_products(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(11);
    let pairs: Vec<(Ordinal, Ordinal)> = (0..PRODUCTS)
        .map(|_| (random_ordinal(&mut rng), random_ordinal(&mut rng)))
        .collect();
    let mut g = c.benchmark_group("ordinal_product_100k");
    g.throughput(Throughput::Elements(PRODUCTS as u64));
    g.sample_size(10);
    let warm = OrdinalArith::cited().expect("the cited table is consistent");
    g.bench_function("warm_memo", |b| {
        b.iter(|| {
            for (x, y) in &pairs {
                black_box(warm.mul(x, y).expect("known"));
            }
        })
    });
    g.bench_function("fresh_context", |b| {
        b.iter(|| {
            let ctx = OrdinalArith::cited().expect("the cited table is consistent");
            for (x, y) in &pairs {
                black_box(ctx.mul(x, y).expect("known"));
            }
        })
    });
    g.finish();
}

fn field_operations(c: &mut Criterion) {
    let ctx = OrdinalArith::cited().expect("the cited table is consistent");
    let mut g = c.benchmark_group("ordinal_field");
    g.sample_size(10);
    let x: Ordinal = "w**(w**7)*3 + w**(w**3) + w**w + 5"
        .parse()
        .expect("syntax");
    assert_eq!(ctx.field_degree(&x), Ok(5060));
    g.bench_function("inverse_degree_5060", |b| {
        b.iter(|| black_box(ctx.inv(&x).expect("nonzero")))
    });
    let y: Ordinal = "w**(w**2)*3 + w**w*2 + w + 1".parse().expect("syntax");
    g.bench_function("inverse_degree_420", |b| {
        b.iter(|| black_box(ctx.inv(&y).expect("nonzero")))
    });
    g.finish();
}

criterion_group!(benches, excess_rows, ordinal_products, field_operations);
criterion_main!(benches);
