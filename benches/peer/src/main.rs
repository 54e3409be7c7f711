//! Library Checker "Nim Product (64-bit)" the common fast way: read the whole input at
//! once, parse bytes by hand, multiply with 16-bit log/exp tables and two levels of
//! Karatsuba-style splitting, format into one buffer and write it once.
//!
//! Input: `T`, then `T` lines `A B` with `0 <= A, B < 2^64`; output: `A ⊗ B`, one a line.

use std::io::{self, Read, Write};

/// The multiplicative group of the nimbers below 2^16 has order 2^16 - 1.
const ORDER: usize = 65535;

/// 16-bit nim-products by log/exp tables, with the two constant products the splitting
/// needs as tables of their own.
struct Tables {
    log: Vec<u32>,
    /// `exp[i] = g^i` for `i < 2 * ORDER`, so two logs add without a reduction.
    exp: Vec<u16>,
    /// `half[x] = x ⊗ 2^15`.
    half: Vec<u16>,
    /// `half2[x] = x ⊗ 2^15 ⊗ 2^15`.
    half2: Vec<u16>,
}

/// The nim-product of two numbers below `2^(2^k)`, straight from the Fermat-power rules;
/// only used to build the tables.
fn slow_mul(a: u32, b: u32, k: u32) -> u32 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let h = 1 << (k - 1);
    let mask = (1u32 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let low = slow_mul(a0, b0, k - 1);
    let top = slow_mul(a1, b1, k - 1);
    let mid = slow_mul(a0 ^ a1, b0 ^ b1, k - 1);
    // (a1 F + a0)(b1 F + b0) with F^2 = F + F/2.
    ((mid ^ low) << h) | (low ^ slow_mul(top, 1 << (h - 1), k - 1))
}

impl Tables {
    fn new() -> Self {
        let is_generator = |g: u32| {
            // The order divides 3 * 5 * 17 * 257; g generates if no maximal divisor kills it.
            [3, 5, 17, 257].iter().all(|&p| {
                let (mut x, mut base, mut e) = (1, g, ORDER / p);
                while e > 0 {
                    if e & 1 == 1 {
                        x = slow_mul(x, base, 4);
                    }
                    base = slow_mul(base, base, 4);
                    e >>= 1;
                }
                x != 1
            })
        };
        let g = (2..=u16::MAX as u32)
            .find(|&g| is_generator(g))
            .expect("GF(2^16) has a generator");
        let mut log = vec![0u32; 1 << 16];
        let mut exp = vec![0u16; 2 * ORDER];
        let mut x = 1u32;
        for i in 0..ORDER {
            exp[i] = x as u16;
            exp[i + ORDER] = x as u16;
            log[x as usize] = i as u32;
            x = slow_mul(x, g, 4);
        }
        let mut t = Tables {
            log,
            exp,
            half: Vec::new(),
            half2: Vec::new(),
        };
        t.half = (0..1u32 << 16)
            .map(|x| t.mul16(x, 1 << 15) as u16)
            .collect();
        t.half2 = (0..1u32 << 16)
            .map(|x| t.half[t.half[x as usize] as usize])
            .collect();
        t
    }

    #[inline(always)]
    fn mul16(&self, a: u32, b: u32) -> u32 {
        if a == 0 || b == 0 {
            return 0;
        }
        u32::from(self.exp[(self.log[a as usize] + self.log[b as usize]) as usize])
    }

    #[inline(always)]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a1, a0, b1, b0) = (a >> 16, a & 0xffff, b >> 16, b & 0xffff);
        let low = self.mul16(a0, b0);
        let top = self.mul16(a1, b1);
        let mid = self.mul16(a0 ^ a1, b0 ^ b1);
        ((mid ^ low) << 16) | (low ^ u32::from(self.half[top as usize]))
    }

    /// `y ⊗ 2^31` for `y < 2^32`: with G = 2^16, (y1 G + y0)(2^15 G) has top half
    /// (y1 + y0) ⊗ 2^15 and low half y1 ⊗ 2^15 ⊗ 2^15.
    #[inline(always)]
    fn times_half32(&self, y: u32) -> u32 {
        let (y1, y0) = (y >> 16, y & 0xffff);
        (u32::from(self.half[(y1 ^ y0) as usize]) << 16) | u32::from(self.half2[y1 as usize])
    }

    #[inline(always)]
    fn mul64(&self, a: u64, b: u64) -> u64 {
        let (a1, a0) = ((a >> 32) as u32, a as u32);
        let (b1, b0) = ((b >> 32) as u32, b as u32);
        let low = self.mul32(a0, b0);
        let top = self.mul32(a1, b1);
        let mid = self.mul32(a0 ^ a1, b0 ^ b1);
        (u64::from(mid ^ low) << 32) | u64::from(low ^ self.times_half32(top))
    }
}

/// Reads the unsigned number at `*i`, skipping whatever precedes it.
#[inline(always)]
fn next_u64(input: &[u8], i: &mut usize) -> u64 {
    while *i < input.len() && !input[*i].is_ascii_digit() {
        *i += 1;
    }
    let mut v = 0u64;
    while *i < input.len() && input[*i].is_ascii_digit() {
        v = v * 10 + u64::from(input[*i] - b'0');
        *i += 1;
    }
    v
}

const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// Appends `x` in decimal and a newline, two digits per division.
#[inline(always)]
fn push_u64(out: &mut Vec<u8>, mut x: u64) {
    let mut buf = [0u8; 20];
    let mut k = buf.len();
    while x >= 100 {
        let r = (x % 100) as usize * 2;
        x /= 100;
        k -= 2;
        buf[k..k + 2].copy_from_slice(&PAIRS[r..r + 2]);
    }
    if x >= 10 {
        k -= 2;
        buf[k..k + 2].copy_from_slice(&PAIRS[x as usize * 2..x as usize * 2 + 2]);
    } else {
        k -= 1;
        buf[k] = b'0' + x as u8;
    }
    out.extend_from_slice(&buf[k..]);
    out.push(b'\n');
}

fn main() -> io::Result<()> {
    let mut input = Vec::new();
    io::stdin().lock().read_to_end(&mut input)?;
    let tables = Tables::new();
    let mut i = 0;
    let t = next_u64(&input, &mut i) as usize;
    let mut out = Vec::with_capacity(t * 21);
    for _ in 0..t {
        let a = next_u64(&input, &mut i);
        let b = next_u64(&input, &mut i);
        push_u64(&mut out, tables.mul64(a, b));
    }
    io::stdout().lock().write_all(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_products_match_the_definition() {
        let t = Tables::new();
        // Known values: 2 ⊗ 2 = 3, 4 ⊗ 4 = 6, 8 ⊗ 8 = 13, 16 ⊗ 16 = 24, 2^32 ⊗ 2^32 = 3 ⋅ 2^31.
        assert_eq!(t.mul64(2, 2), 3);
        assert_eq!(t.mul64(4, 4), 6);
        assert_eq!(t.mul64(8, 8), 13);
        assert_eq!(t.mul64(16, 16), 24);
        assert_eq!(t.mul64(1 << 32, 1 << 32), 3 << 31);
        for a in 0..64u32 {
            for b in 0..64u32 {
                assert_eq!(t.mul64(a.into(), b.into()), slow_mul(a, b, 3).into());
            }
        }
        let (a, b) = (0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210u64);
        assert_eq!(t.mul64(a, b), t.mul64(b, a));
    }
}
