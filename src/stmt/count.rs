//! Counts: `count(squares, 16)` is how many of the nonzero nimbers below 16 are squares.
//!
//! A count ranges over the nonzero elements of one subfield, the nimbers below 2^(2^k),
//! so that "a square", "primitive" and "of order d" mean what they mean in that field.
//! Every count enumerates the field with the core's own operations (`mul`, `inv`, `sqrt`,
//! `order`); nothing is read off a formula. The field is at most 2^16 elements, which
//! keeps a count to a bounded amount of work.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::error::ExprErrorKind;
use crate::nimber;

/// The largest field a count may range over.
pub const MAX_COUNT_FIELD: u128 = 1 << 16;

/// What a count counts, among the nonzero elements below a field size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountKind {
    /// Elements with a nim-inverse: `units`.
    Units,
    /// Elements `y ⊗ y` for some `y` of the field: `squares`.
    Squares,
    /// Elements `y ⊗ y ⊗ y` for some `y` of the field: `cubes`.
    Cubes,
    /// Elements whose nim square root lies in the field: `roots`.
    Roots,
    /// Elements whose order is the size of the multiplicative group: `primitive`.
    Primitive,
    /// Elements with `x ⊗ x = x`: `fixed`.
    Fixed,
    /// Elements of a given multiplicative order: `order`, with the order as an argument.
    Order,
}

impl CountKind {
    /// Returns the kind named `name` in `count(name, …)`.
    pub fn from_name(name: &str) -> Option<CountKind> {
        Some(match name {
            "units" => CountKind::Units,
            "squares" => CountKind::Squares,
            "cubes" => CountKind::Cubes,
            "roots" => CountKind::Roots,
            "primitive" => CountKind::Primitive,
            "fixed" => CountKind::Fixed,
            "order" => CountKind::Order,
            _ => return None,
        })
    }

    /// Returns the name written in `count(name, …)`.
    pub fn name(self) -> &'static str {
        match self {
            CountKind::Units => "units",
            CountKind::Squares => "squares",
            CountKind::Cubes => "cubes",
            CountKind::Roots => "roots",
            CountKind::Primitive => "primitive",
            CountKind::Fixed => "fixed",
            CountKind::Order => "order",
        }
    }

    /// Returns how many arguments follow the name: the field size, and for `order` the
    /// order.
    pub fn arity(self) -> usize {
        if self == CountKind::Order { 2 } else { 1 }
    }
}

/// Returns whether `n` is the size of a subfield the count may range over.
pub(crate) fn is_field_size(n: u128) -> bool {
    (0..5).any(|k| n == 1u128 << (1u32 << k)) && n <= MAX_COUNT_FIELD
}

/// Counts already made, by kind, field size and order.
type Memo = HashMap<(CountKind, u128, u128), u128>;

/// Counts the nonzero elements below `size` of the kind asked; `order` is the order for
/// [`CountKind::Order`].
pub fn count(kind: CountKind, size: u128, order: u128) -> Result<u128, ExprErrorKind> {
    if !is_field_size(size) {
        return Err(ExprErrorKind::CountField(size));
    }
    // A count inside a quantified claim is asked once a case; each is enumerated once.
    static MEMO: OnceLock<Mutex<Memo>> = OnceLock::new();
    let memo = MEMO.get_or_init(Default::default);
    let key = (kind, size, order);
    if let Some(&n) = memo.lock().ok().as_ref().and_then(|m| m.get(&key)) {
        return Ok(n);
    }
    let n = enumerate(kind, size, order);
    if let Ok(mut m) = memo.lock() {
        m.insert(key, n);
    }
    Ok(n)
}

/// Enumerates the nonzero elements below the field size `size` and counts those of `kind`.
fn enumerate(kind: CountKind, size: u128, order: u128) -> u128 {
    let elements = 1..size;
    let mut squares = vec![false; usize::try_from(size).unwrap_or(0)];
    if matches!(kind, CountKind::Squares | CountKind::Cubes) {
        for y in 0..size {
            let mut s = nimber::mul(y, y);
            if kind == CountKind::Cubes {
                s = nimber::mul(s, y);
            }
            if let Some(slot) = usize::try_from(s).ok().and_then(|i| squares.get_mut(i)) {
                *slot = true;
            }
        }
    }
    let group = size - 1;
    let mut n = 0u128;
    for x in elements {
        let yes = match kind {
            CountKind::Units => nimber::inv(x).is_ok(),
            CountKind::Squares | CountKind::Cubes => {
                squares.get(x as usize).copied().unwrap_or(false)
            }
            CountKind::Roots => {
                let r = nimber::sqrt(x);
                r < size && nimber::mul(r, r) == x
            }
            CountKind::Primitive => nimber::order(x).is_ok_and(|o| o == group),
            CountKind::Fixed => nimber::mul(x, x) == x,
            CountKind::Order => nimber::order(x).is_ok_and(|o| o == order),
        };
        n += u128::from(yes);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_the_field_of_sixteen_agree_with_direct_search() {
        // Every element of a field of characteristic 2 is a square and has a root, and
        // only 1 is fixed by squaring among the nonzero ones.
        let direct = |p: &dyn Fn(u128) -> bool| (1..16u128).filter(|&x| p(x)).count() as u128;
        assert_eq!(
            count(CountKind::Units, 16, 0),
            Ok(direct(&|x| (1..16).any(|y| nimber::mul(x, y) == 1)))
        );
        assert_eq!(
            count(CountKind::Squares, 16, 0),
            Ok(direct(&|x| (0..16).any(|y| nimber::mul(y, y) == x)))
        );
        // The cube map on a group of 15 has a kernel of 3, so five of its elements are
        // cubes; counted directly, not from that.
        let cubes = direct(&|x| (0..16).any(|y| nimber::mul(nimber::mul(y, y), y) == x));
        assert_eq!(cubes, 5);
        assert_eq!(count(CountKind::Cubes, 16, 0), Ok(cubes));
        assert_eq!(
            count(CountKind::Fixed, 16, 0),
            Ok(direct(&|x| nimber::mul(x, x) == x))
        );
        let order = |x: u128| (1..=15u128).find(|&k| nimber::pow(x, k as i128) == Ok(1));
        assert_eq!(
            count(CountKind::Primitive, 16, 0),
            Ok(direct(&|x| order(x) == Some(15)))
        );
        for d in 1..=15 {
            assert_eq!(
                count(CountKind::Order, 16, d),
                Ok(direct(&|x| order(x) == Some(d)))
            );
        }
    }

    #[test]
    fn counts_refuse_sizes_that_are_no_field() {
        assert_eq!(
            count(CountKind::Units, 10, 0),
            Err(ExprErrorKind::CountField(10))
        );
        assert!(count(CountKind::Units, 1 << 32, 0).is_err());
        assert_eq!(count(CountKind::Fixed, 4, 0), Ok(1));
    }
}
