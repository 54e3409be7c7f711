//! Writes a random nim_product_64 input: `gen T [SEED]` prints `T`, then `T` lines of two
//! uniform 64-bit numbers.

use std::io::{self, Write};

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let t: usize = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let mut x: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(14);
    // splitmix64
    let mut next = || {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut out = io::BufWriter::with_capacity(1 << 20, io::stdout().lock());
    writeln!(out, "{t}")?;
    for _ in 0..t {
        let (a, b) = (next(), next());
        writeln!(out, "{a} {b}")?;
    }
    out.flush()
}
