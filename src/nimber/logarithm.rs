//! Discrete logarithms in a finite field: the nonzero elements as powers of a primitive
//! element, and the checks that such a layout is right.
//!
//! A field is given by its product on indices `0..n`, with 0 the zero and 1 the one, so
//! the same code serves the nimbers below a Fermat 2-power and the field of ω's ordinals:
//!
//! ```
//! use nimsite_core::nimber::{LogOrder, element_order, mul};
//! let product = |a: usize, b: usize| mul(a as u128, b as u128) as usize;
//! let logs = LogOrder::least_primitive(16, product).expect("16 is a field");
//! assert_eq!(element_order(logs.generator, 15, product), Some(15));
//! assert_eq!(logs.order().len(), 16);
//! assert_eq!(logs.check(16, product), Ok(()));
//! ```

/// A field's nonzero elements as the powers of one element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogOrder {
    /// The element whose powers these are.
    pub generator: usize,
    /// `g^k` for each k from 0 to n − 2.
    pub powers: Vec<usize>,
}

/// Why a layout by logarithm is wrong, with the indices involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogError {
    /// The powers or the generator do not fit a field of the given size.
    Misfit,
    /// `g^k` is 0 or outside the field.
    Outside { k: usize, value: usize },
    /// `g^j` and `g^k` are the same element.
    Repeated { j: usize, k: usize, value: usize },
    /// `g^k ⊗ g` is not the next power listed.
    Chain {
        k: usize,
        product: usize,
        next: usize,
    },
    /// An element less than the generator is primitive too.
    SmallerPrimitive { element: usize },
    /// A nonzero element is no power of the generator.
    NotAPower { element: usize },
    /// `log(a ⊗ b)` is not `log a + log b`: the product is not `g^k`.
    NotAdditive {
        a: usize,
        b: usize,
        product: usize,
        k: usize,
    },
}

/// Returns the multiplicative order of `x` under `product`: the least m ≥ 1 with
/// `x^m = 1`, or `None` if there is none up to `limit`.
///
/// ```
/// use nimsite_core::nimber::{element_order, mul};
/// let product = |a: usize, b: usize| mul(a as u128, b as u128) as usize;
/// assert_eq!(element_order(2, 15, product), Some(3));
/// assert_eq!(element_order(0, 15, product), None);
/// ```
pub fn element_order<T: Copy + PartialEq + From<u8>>(
    x: T,
    limit: usize,
    product: impl Fn(T, T) -> T,
) -> Option<usize> {
    let (mut power, mut m) = (x, 1);
    while power != T::from(1) {
        if m >= limit {
            return None;
        }
        power = product(power, x);
        m += 1;
    }
    Some(m)
}

impl LogOrder {
    /// Returns the least element of the field of `n` elements whose powers under `product`
    /// are every nonzero element once, with those powers; `None` if no element's are.
    pub fn least_primitive(n: usize, product: impl Fn(usize, usize) -> usize) -> Option<LogOrder> {
        let period = n.checked_sub(1)?;
        let generator = (1..n).find(|&g| element_order(g, period, &product) == Some(period))?;
        let mut powers = Vec::with_capacity(period);
        let mut x = 1;
        for _ in 0..period {
            powers.push(x);
            x = product(x, generator);
        }
        let layout = LogOrder { generator, powers };
        layout
            .logs(n)
            .iter()
            .skip(1)
            .all(Option::is_some)
            .then_some(layout)
    }

    /// Returns each element's logarithm, by index; `None` for 0 and for any element that
    /// is no power (a later repeat of a power keeps the first logarithm).
    pub fn logs(&self, n: usize) -> Vec<Option<usize>> {
        let mut logs = vec![None; n];
        for (k, &p) in self.powers.iter().enumerate() {
            if let Some(slot) = logs.get_mut(p).filter(|s| p != 0 && s.is_none()) {
                *slot = Some(k);
            }
        }
        logs
    }

    /// Returns the elements in logarithm order: `g^0`, …, `g^(n−2)`, then 0.
    pub fn order(&self) -> Vec<usize> {
        self.powers.iter().copied().chain([0]).collect()
    }

    /// Returns each element's place in [`LogOrder::order`]: its logarithm, or the last
    /// place for 0.
    pub fn positions(&self, n: usize) -> Vec<usize> {
        let last = self.powers.len();
        self.logs(n)
            .into_iter()
            .map(|log| log.unwrap_or(last))
            .collect()
    }

    /// Checks that the powers are every nonzero element once, each the one before times the
    /// generator, that no smaller element is primitive, and that logarithms add, all under
    /// `product`; returns the first thing that fails.
    pub fn check(&self, n: usize, product: impl Fn(usize, usize) -> usize) -> Result<(), LogError> {
        let period = self.powers.len();
        if n < 2 || period != n - 1 || self.generator >= n {
            return Err(LogError::Misfit);
        }
        let mut logs = vec![None; n];
        for (k, &p) in self.powers.iter().enumerate() {
            match logs.get(p) {
                _ if p == 0 || p >= n => return Err(LogError::Outside { k, value: p }),
                Some(&Some(j)) => return Err(LogError::Repeated { j, k, value: p }),
                _ => logs[p] = Some(k),
            }
            let next = self.powers[(k + 1) % period];
            let got = product(p, self.generator);
            if got != next {
                return Err(LogError::Chain {
                    k,
                    product: got,
                    next,
                });
            }
        }
        // Each element below the generator must come back to 1 sooner, or it is primitive too.
        if let Some(element) =
            (1..self.generator).find(|&s| element_order(s, period - 1, &product).is_none())
        {
            return Err(LogError::SmallerPrimitive { element });
        }
        let log = |v: usize| logs.get(v).copied().flatten();
        for a in 1..n {
            for b in 1..n {
                let (Some(i), Some(j)) = (log(a), log(b)) else {
                    return Err(LogError::NotAPower { element: a.max(b) });
                };
                let (p, k) = (product(a, b), (i + j) % period);
                if log(p) != Some(k) {
                    return Err(LogError::NotAdditive {
                        a,
                        b,
                        product: p,
                        k,
                    });
                }
            }
        }
        Ok(())
    }
}

/// Returns Euler's totient of `n`: how many of 1..=n are prime to it, and so how many
/// generators a cyclic group of order `n` has.
///
/// ```
/// assert_eq!(nimsite_core::nimber::totient(255), 128);
/// ```
pub fn totient(mut n: u64) -> u64 {
    let mut phi = n;
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            while n.is_multiple_of(p) {
                n /= p;
            }
            phi -= phi / p;
        }
        p += 1;
    }
    if n > 1 {
        phi -= phi / n;
    }
    phi
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mul;

    fn product(a: usize, b: usize) -> usize {
        mul(a as u128, b as u128) as usize
    }

    #[test]
    fn every_field_below_256_has_a_least_primitive_element_whose_logs_add() {
        for n in [4, 16, 256] {
            let logs = LogOrder::least_primitive(n, product).expect("a field");
            assert_eq!(logs.check(n, product), Ok(()), "{n}");
            let count = (1..n)
                .filter(|&g| element_order(g, n - 1, product) == Some(n - 1))
                .count();
            assert_eq!(count as u64, totient(n as u64 - 1), "{n}");
            let mut seen = logs.order();
            seen.sort_unstable();
            assert_eq!(seen, (0..n).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_wrong_layout_or_product_fails_the_check() {
        let logs = LogOrder::least_primitive(16, product).expect("a field");
        let broken = |a: usize, b: usize| if (a, b) == (15, 15) { 0 } else { product(a, b) };
        assert!(logs.check(16, broken).is_err());
        let mut later = logs.clone();
        later.generator = 3;
        assert!(later.check(16, product).is_err());
        let mut repeated = logs.clone();
        repeated.powers[2] = repeated.powers[1];
        assert!(matches!(
            repeated.check(16, product),
            Err(LogError::Repeated { .. } | LogError::Chain { .. })
        ));
        assert_eq!(LogOrder::least_primitive(8, |a, b| (a * b) % 8), None);
    }

    #[test]
    fn the_totient_counts_the_units() {
        assert_eq!((totient(15), totient(255), totient(3)), (8, 128, 2));
        for n in 1..200u64 {
            let units = (1..=n).filter(|k| gcd(*k, n) == 1).count() as u64;
            assert_eq!(totient(n), units, "{n}");
        }
    }

    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
}
