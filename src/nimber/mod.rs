//! Conway's nimbers: the arithmetic every page of the site is computed with.
//!
//! Nimbers are the non-negative integers with two new operations. The nim-sum is XOR,
//! and the nim-product is the least value that the definition does not exclude:
//!
//! ```
//! use nimsite::nimber::{add, mul};
//! assert_eq!(add(3, 5), 6);
//! assert_eq!(mul(2, 2), 3);
//! assert_eq!(mul(4, 4), 6);
//! ```
//!
//! The nimbers below `2^(2^k)` form a field, so every nonzero element has an inverse,
//! every element has one square root, and powers may be negative:
//!
//! ```
//! use nimsite::nimber::{inv, mul, pow, sqrt, order};
//! assert_eq!(inv(4), Ok(15));
//! assert_eq!(pow(4, -1), Ok(15));
//! assert_eq!(mul(sqrt(7), sqrt(7)), 7);
//! assert_eq!(order(2), Ok(3));
//! ```
//!
//! The definition itself is available as a table, and the field checker confirms which
//! sizes are fields, or says why not:
//!
//! ```
//! use nimsite::nimber::{check_field, Table};
//! let t = Table::product_by_definition(16)?;
//! assert_eq!(check_field(&t, 16).map(|r| r.triples), Ok(4096));
//! let refusal = check_field(&t, 8).unwrap_err();
//! assert_eq!(refusal.to_string(), "closure fails: 2 ⊗ 4 = 8, outside {0, …, 7}");
//! # Ok::<(), nimsite::nimber::SizeError>(())
//! ```
//!
//! A single product can be worked by hand:
//!
//! ```
//! let d = nimsite::nimber::derive(2, 2)?;
//! assert_eq!((d.excluded, d.value), (vec![0, 1, 2], 3));
//! # Ok::<(), nimsite::nimber::SizeError>(())
//! ```

mod arith;
mod certificate;
mod cost;
mod derive;
pub mod fast;
mod field;
pub mod games;
pub mod ordinal;
mod table;

pub use arith::{
    ArithError, add, inv, mex, mul, mul_counted, mul64, mul64_portable, order, pow, sqrt,
};
pub use certificate::{
    CertificateReport, certify_field_65536, certify_with, definition_product_256,
};
pub use cost::{Cost, NAIVE_LIMIT, cost, naive_product_count};
pub use derive::{Derivation, Step, Summary, derive, inverse_by_mex_set, inverses_by_mex_set};
pub use field::{Axiom, FieldReport, Op, Refusal, Witness, check_field};
pub use games::{GameValues, SearchLimit, stones_1d_grundy, stones_2d_full, stones_2d_sum};
pub use table::{MAX_TABLE, SizeError, Table};
