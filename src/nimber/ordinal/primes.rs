//! Small number theory for the ordinal core: the odd primes that index the generators,
//! the order of 2 modulo a prime, and the prime factors of 2^d − 1 for multiplicative orders.

use std::sync::OnceLock;

/// Bounds how many odd primes (and so how many exponent places ω^k) the core indexes.
pub const MAX_INDEX: usize = 1024;

/// Returns the first [`MAX_INDEX`] odd primes 3, 5, 7, …, sieved once.
pub(crate) fn odd_primes() -> &'static [u64] {
    static PRIMES: OnceLock<Vec<u64>> = OnceLock::new();
    PRIMES.get_or_init(|| {
        // The 1024th odd prime is 8167.
        let n = 8192;
        let mut composite = vec![false; n];
        let mut primes = Vec::with_capacity(MAX_INDEX);
        for i in 3..n {
            if composite[i] || i % 2 == 0 {
                continue;
            }
            if primes.len() < MAX_INDEX {
                primes.push(i as u64);
            }
            for j in (i * i..n).step_by(2 * i) {
                composite[j] = true;
            }
        }
        primes
    })
}

/// Returns p_k, the (k+1)-th odd prime, if `k` is below [`MAX_INDEX`].
pub(crate) fn odd_prime(k: usize) -> Option<u64> {
    odd_primes().get(k).copied()
}

/// Returns k with p_k = p, if `p` is one of the indexed odd primes.
pub(crate) fn odd_prime_index(p: u64) -> Option<usize> {
    odd_primes().binary_search(&p).ok()
}

/// Returns the multiplicative order of 2 modulo the odd prime `p`.
pub(crate) fn order_of_two(p: u64) -> u64 {
    let (mut x, mut k) = (2 % p, 1);
    while x != 1 {
        x = x * 2 % p;
        k += 1;
    }
    k
}

/// Returns the prime factorization of `n ≥ 1` as (prime, exponent) pairs in increasing order.
pub(crate) fn factorize(mut n: u64) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut d = 2;
    while d * d <= n {
        let mut e = 0;
        while n.is_multiple_of(d) {
            n /= d;
            e += 1;
        }
        if e > 0 {
            out.push((d, e));
        }
        d += 1;
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

/// Returns the greatest common divisor.
pub(crate) fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Returns the least common multiple, or `None` on overflow.
pub(crate) fn lcm(a: u64, b: u64) -> Option<u64> {
    (a / gcd(a, b)).checked_mul(b)
}

/// Returns the number of bits of the smallest finite field F_{2^(2^i)} holding the nimber `m`.
pub(crate) fn finite_degree(m: u128) -> u32 {
    let mut w = 1;
    while w < 128 && m >> w != 0 {
        w *= 2;
    }
    w
}

/// Returns the distinct prime factors of 2^d − 1 for 1 ≤ d ≤ 128, in increasing order, or
/// `None` when some cofactor resists trial division and is not prime.
///
/// 2^d − 1 is the product of the cyclotomic values Φ_e(2) over e | d, and a prime dividing
/// Φ_e(2) is ≡ 1 mod e unless it divides e, so trial division only tries such primes.
pub(crate) fn mersenne_prime_factors(d: u32) -> Option<Vec<u128>> {
    assert!((1..=128).contains(&d), "2^d − 1 must fit in u128");
    let mersenne = |e: u32| {
        if e == 128 {
            u128::MAX
        } else {
            (1u128 << e) - 1
        }
    };
    let divisors: Vec<u32> = (1..=d).filter(|e| d.is_multiple_of(*e)).collect();
    let mut phi: Vec<(u32, u128)> = Vec::new();
    let mut primes = Vec::new();
    for &e in &divisors {
        let lower: u128 = phi
            .iter()
            .filter(|(f, _)| e.is_multiple_of(*f))
            .map(|&(_, v)| v)
            .product();
        let value = mersenne(e) / lower;
        phi.push((e, value));
        primes.extend(factor_cyclotomic(e, value)?);
    }
    primes.sort_unstable();
    primes.dedup();
    Some(primes)
}

/// Factors Φ_e(2) (given as `value`) by trial division over the primes it can hold.
fn factor_cyclotomic(e: u32, mut value: u128) -> Option<Vec<u128>> {
    let mut out = Vec::new();
    let take = |value: &mut u128, l: u128, out: &mut Vec<u128>| {
        if value.is_multiple_of(l) {
            out.push(l);
            while value.is_multiple_of(l) {
                *value /= l;
            }
        }
    };
    for (q, _) in factorize(u64::from(e)) {
        take(&mut value, u128::from(q), &mut out);
    }
    let step = if e % 2 == 1 { 2 * e } else { e };
    let mut l = u128::from(step) + 1;
    while l <= 1 << 24 && l * l <= value {
        take(&mut value, l, &mut out);
        l += u128::from(step);
    }
    if value > 1 {
        if l * l <= value && !is_probable_prime(value) {
            return None;
        }
        out.push(value);
    }
    Some(out)
}

/// Returns `a·b mod m` without overflow.
fn mul_mod(a: u128, b: u128, m: u128) -> u128 {
    if m <= u128::from(u64::MAX) {
        return (a % m) * (b % m) % m;
    }
    let add = |x: u128, y: u128| {
        let (s, over) = x.overflowing_add(y);
        if over || s >= m { s.wrapping_sub(m) } else { s }
    };
    let (mut a, mut b, mut r) = (a % m, b % m, 0);
    while b != 0 {
        if b & 1 == 1 {
            r = add(r, a);
        }
        a = add(a, a);
        b >>= 1;
    }
    r
}

/// Returns `a^e mod m`.
fn pow_mod(mut a: u128, mut e: u128, m: u128) -> u128 {
    let mut r = 1 % m;
    while e != 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// Runs Miller–Rabin with the first twenty primes as bases.
fn is_probable_prime(n: u128) -> bool {
    if n < 2 {
        return false;
    }
    let bases = [
        2u128, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
    ];
    if let Some(&b) = bases.iter().find(|&&b| n.is_multiple_of(b)) {
        return n == b;
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'base: for &a in &bases {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'base;
            }
        }
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_primes_start_at_three() {
        assert_eq!(&odd_primes()[..6], &[3, 5, 7, 11, 13, 17]);
        assert_eq!(odd_primes().len(), MAX_INDEX);
        assert_eq!(odd_prime(58), Some(281));
        assert_eq!(odd_prime_index(281), Some(58));
        assert_eq!(odd_prime_index(9), None);
    }

    #[test]
    fn orders_of_two() {
        assert_eq!(order_of_two(3), 2);
        assert_eq!(order_of_two(7), 3);
        assert_eq!(order_of_two(47), 23);
        assert_eq!(order_of_two(257), 16);
    }

    #[test]
    fn mersenne_factors_multiply_back() {
        for d in 1..=128u32 {
            let Some(ps) = mersenne_prime_factors(d) else {
                continue;
            };
            let mut n = if d == 128 {
                u128::MAX
            } else {
                (1u128 << d) - 1
            };
            for p in &ps {
                assert!(is_probable_prime(*p), "{p} in 2^{d} − 1");
                while n % p == 0 {
                    n /= p;
                }
            }
            assert_eq!(n, 1, "2^{d} − 1 is not covered by {ps:?}");
        }
        assert_eq!(mersenne_prime_factors(20), Some(vec![3, 5, 11, 31, 41]));
        assert_eq!(mersenne_prime_factors(84).map(|v| v.len()), Some(12));
    }

    #[test]
    fn miller_rabin_knows_mersenne_primes() {
        assert!(is_probable_prime((1u128 << 127) - 1));
        assert!(!is_probable_prime((1u128 << 67) - 1));
    }
}
