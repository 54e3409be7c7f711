//! Times checking quantified claims with the statement language. The budget is 1 s in the
//! dev profile for associativity below 256: 2^24 cases, four products each. Claims about
//! ordinals run on the slower walker over Cantor normal forms, and are timed apart.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use nimsite::math::lint;
use nimsite::stmt::{self, Mode};

fn quantified(c: &mut Criterion) {
    let assoc = stmt::parse("forall a, b, c < 256: (a*b)*c = a*(b*c)").expect("parses");
    let mut g = c.benchmark_group("stmt");
    g.sample_size(10);
    g.bench_function("associativity below 256 (2^24 cases)", |b| {
        b.iter(|| assert!(black_box(&assoc).holds().expect("checks")))
    });
    let squares = stmt::parse("forall a < 4096: exists x < 4096: x*x = a").expect("parses");
    g.bench_function("square roots below 2^12 (forall-exists)", |b| {
        b.iter(|| black_box(&squares).check().expect("checks"))
    });
    let wide = stmt::parse("forall a, b < 4096: (a + 2**64) * b = a*b + 2**64*b").expect("parses");
    g.bench_function("distributivity across 2^64 (2^24 cases)", |b| {
        b.iter(|| assert!(black_box(&wide).holds().expect("checks")))
    });
    g.finish();
}

fn ordinals(c: &mut Criterion) {
    // The rows of Lenstra's table are computed once per process; do it before timing.
    assert!(
        stmt::parse("w^3 = 2")
            .expect("parses")
            .holds()
            .expect("checks")
    );
    let mut g = c.benchmark_group("stmt ordinals");
    g.sample_size(10);
    let expansion = stmt::parse(
        "forall a, c, d < 16: a*w**2 + w*(w*c + d) + a*(w*c + d) = w**2*(a + c) + w*(d + a*c) + a*d",
    )
    .expect("parses");
    g.bench_function("ω ⊗ ω² expansion (4,096 cases)", |b| {
        b.iter(|| assert!(black_box(&expansion).holds().expect("checks")))
    });
    let alpha = stmt::parse("alpha(7) = (w**(w**2))^7 = w + 1").expect("parses");
    g.bench_function("α_7 two ways", |b| {
        b.iter(|| assert!(black_box(&alpha).holds().expect("checks")))
    });
    g.finish();
}

fn parsing(c: &mut Criterion) {
    let chain = "8 \\otimes 8 = (2 \\otimes 2) \\otimes (4 \\otimes 4) = 3 \\otimes 6 = 13";
    c.bench_function("lint a chain", |b| b.iter(|| lint::lint(black_box(chain))));
    let src = "forall 0 < a < 16: a * inv(a) = 1";
    c.bench_function("parse a quantified claim", |b| {
        b.iter(|| stmt::parse_in(black_box(src), Mode::Role))
    });
}

criterion_group!(benches, quantified, ordinals, parsing);
criterion_main!(benches);
