//! Timings of the nimber core: the u64 product against a log/exp-table baseline, the
//! `products` pipeline whole (beside the same baseline with plain whole-input I/O) and
//! split into its stages, the definition table, the field check and the certificate, and
//! the cost model's exact step counts at the sizes the essays show.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use nimsite::cli::{format_products, parse_queries, products_io};
use nimsite::nimber::{
    Mul64, Table, certify_field_65536, certify_field_65536_threads, check_fermat_rules,
    check_field, check_quadratics, check_subfields_256, cost, mul, mul64_portable, order,
};
use rand::{Rng, SeedableRng, rngs::StdRng};

const BATCH: usize = 1_000_000;

/// The common method: 16-bit log/exp tables and two levels of Fermat splitting.
struct LogExp {
    log: Vec<u32>,
    exp: Vec<u16>,
}

impl LogExp {
    fn new() -> Self {
        let g = (2u128..65536)
            .find(|&g| order(g) == Ok(65535))
            .expect("GF(2^16) has a generator") as u64;
        let mut log = vec![0u32; 1 << 16];
        let mut exp = vec![0u16; 2 * 65535];
        let mut x = 1u64;
        for i in 0..65535 {
            exp[i] = x as u16;
            exp[i + 65535] = x as u16;
            log[x as usize] = i as u32;
            x = mul64_portable(x, g);
        }
        LogExp { log, exp }
    }

    fn mul16(&self, a: u32, b: u32) -> u32 {
        if a == 0 || b == 0 {
            return 0;
        }
        u32::from(self.exp[(self.log[a as usize] + self.log[b as usize]) as usize])
    }

    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a1, a0, b1, b0) = (a >> 16, a & 0xffff, b >> 16, b & 0xffff);
        let top = self.mul16(a1, b1);
        let low = self.mul16(a0, b0);
        let mid = self.mul16(a0 ^ a1, b0 ^ b1);
        ((mid ^ low) << 16) | (low ^ self.mul16(top, 1 << 15))
    }

    fn mul64(&self, a: u64, b: u64) -> u64 {
        let (a1, a0) = ((a >> 32) as u32, a as u32);
        let (b1, b0) = ((b >> 32) as u32, b as u32);
        let top = self.mul32(a1, b1);
        let low = self.mul32(a0, b0);
        let mid = self.mul32(a0 ^ a1, b0 ^ b1);
        (u64::from(mid ^ low) << 32) | u64::from(low ^ self.mul32(top, 1 << 31))
    }
}

/// Answers a whole `products` input the common way: read it all, parse, multiply with the
/// tables, format one digit at a time into a buffer of all the output.
fn peer_products(baseline: &LogExp, input: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    let mut next = || {
        while i < input.len() && !input[i].is_ascii_digit() {
            i += 1;
        }
        let mut v = 0u64;
        while i < input.len() && input[i].is_ascii_digit() {
            v = v * 10 + u64::from(input[i] - b'0');
            i += 1;
        }
        v
    };
    let n = next() as usize;
    let mut digits = [0u8; 20];
    for _ in 0..n {
        let (a, b) = (next(), next());
        let mut x = baseline.mul64(a, b);
        let mut k = digits.len();
        loop {
            k -= 1;
            digits[k] = b'0' + (x % 10) as u8;
            x /= 10;
            if x == 0 {
                break;
            }
        }
        out.extend_from_slice(&digits[k..]);
        out.push(b'\n');
    }
}

fn random_pairs(n: usize) -> (Vec<u64>, Vec<u64>) {
    let mut rng = StdRng::seed_from_u64(7);
    (0..n)
        .map(|_| (rng.random::<u64>(), rng.random::<u64>()))
        .unzip()
}

fn u64_products(c: &mut Criterion) {
    let (a, b) = random_pairs(BATCH);
    let baseline = LogExp::new();
    let fast = Mul64::detect();
    let mut out = vec![0u64; BATCH];
    // The baseline must compute the same products, or the comparison means nothing.
    fast.mul_batch(&a, &b, &mut out);
    for i in (0..BATCH).step_by(997) {
        assert_eq!(out[i], baseline.mul64(a[i], b[i]));
    }
    let mut g = c.benchmark_group("u64_product_1M");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.sample_size(20);
    g.bench_function("baseline_log_exp", |bench| {
        bench.iter(|| {
            for ((o, &x), &y) in out.iter_mut().zip(&a).zip(&b) {
                *o = baseline.mul64(x, y);
            }
            black_box(&out);
        })
    });
    g.bench_function(if fast.is_clmul() { "clmul" } else { "fast" }, |bench| {
        bench.iter(|| {
            fast.mul_batch(&a, &b, &mut out);
            black_box(&out);
        })
    });
    g.bench_function("portable_fermat", |bench| {
        bench.iter(|| {
            Mul64::portable().mul_batch(&a, &b, &mut out);
            black_box(&out);
        })
    });
    g.finish();
}

fn products_command(c: &mut Criterion) {
    let (a, b) = random_pairs(BATCH);
    let mut input = format!("{BATCH}\n").into_bytes();
    for (x, y) in a.iter().zip(&b) {
        input.extend_from_slice(format!("{x} {y}\n").as_bytes());
    }
    let fast = Mul64::detect();
    let baseline = LogExp::new();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    products_io(input.as_slice(), &mut ours).expect("valid input");
    peer_products(&baseline, &input, &mut theirs);
    assert!(ours == theirs, "the two paths must print the same products");
    let mut g = c.benchmark_group("products_1M");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.sample_size(10);
    // Both whole paths write into a buffer kept from the last run, as a pipe would not
    // charge for growing one.
    g.bench_function("end_to_end", |bench| {
        bench.iter(|| {
            ours.clear();
            products_io(input.as_slice(), &mut ours).expect("valid input");
            black_box(&ours);
        })
    });
    g.bench_function("peer_end_to_end", |bench| {
        bench.iter(|| {
            theirs.clear();
            peer_products(&baseline, &input, &mut theirs);
            black_box(&theirs);
        })
    });
    g.bench_function("parse", |bench| {
        bench.iter(|| black_box(parse_queries(&input).expect("valid input")))
    });
    let mut p = vec![0u64; BATCH];
    g.bench_function("multiply", |bench| {
        bench.iter(|| {
            fast.mul_batch(&a, &b, &mut p);
            black_box(&p);
        })
    });
    g.bench_function("format", |bench| {
        bench.iter_batched_ref(
            || Vec::with_capacity(21 * BATCH),
            |out| format_products(&p, out),
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

fn definition_and_check(c: &mut Criterion) {
    let mut g = c.benchmark_group("field_256");
    g.sample_size(10);
    g.bench_function("definition_table", |bench| {
        bench.iter(|| black_box(Table::product_by_definition(256).expect("allowed")))
    });
    let t = Table::product_by_definition(256).expect("allowed");
    g.bench_function("check_field", |bench| {
        bench.iter(|| black_box(check_field(&t, 256).expect("a field")))
    });
    g.bench_function("certificate_65536", |bench| {
        bench.iter(|| black_box(certify_field_65536()))
    });
    g.bench_function("certificate_65536_two_threads", |bench| {
        bench.iter(|| black_box(certify_field_65536_threads(2)))
    });
    g.finish();
}

/// Times the algebra checks of rungs 2 and 4.
fn algebra_checks(c: &mut Criterion) {
    let mut g = c.benchmark_group("algebra");
    g.sample_size(10);
    g.bench_function("subfields_256", |bench| {
        bench.iter(|| black_box(check_subfields_256(mul)))
    });
    g.bench_function("quadratics", |bench| {
        bench.iter(|| black_box(check_quadratics(mul)))
    });
    g.bench_function("fermat_rules", |bench| {
        bench.iter(|| black_box(check_fermat_rules(mul)))
    });
    g.finish();
}

/// Times the cost model at the sizes the essays show: 6 and 16 run the naive recursion,
/// 256 counts the memoised and fast methods only.
fn cost_model(c: &mut Criterion) {
    let mut g = c.benchmark_group("cost");
    g.sample_size(10);
    for n in [6, 16, 256] {
        g.bench_function(format!("cost_{n}"), |bench| {
            bench.iter(|| black_box(cost(black_box(n))))
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    u64_products,
    products_command,
    definition_and_check,
    algebra_checks,
    cost_model
);
criterion_main!(benches);
