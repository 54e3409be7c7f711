//! Conway's nimbers: the arithmetic every page of the site is computed with.
//!
//! Nimbers are the non-negative integers with two new operations. The nim-sum is XOR,
//! and the nim-product is the least value that the definition does not exclude:
//!
//! ```
//! use nimsite_core::nimber::{add, mul};
//! assert_eq!(add(3, 5), 6);
//! assert_eq!(mul(2, 2), 3);
//! assert_eq!(mul(4, 4), 6);
//! ```
//!
//! The nimbers below `2^(2^k)` form a field, so every nonzero element has an inverse,
//! every element has one square root, and powers may be negative:
//!
//! ```
//! use nimsite_core::nimber::{inv, mul, pow, sqrt, order};
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
//! use nimsite_core::nimber::{check_field, Table};
//! let t = Table::product_by_definition(16)?;
//! assert_eq!(check_field(&t, 16).map(|r| r.triples), Ok(4096));
//! let refusal = check_field(&t, 8).unwrap_err();
//! assert_eq!(refusal.to_string(), "closure fails: 2 ⊗ 4 = 8, outside {0, …, 7}");
//! # Ok::<(), nimsite_core::nimber::SizeError>(())
//! ```
//!
//! Claims beyond one table are checked by arguments that stay exhaustive: a certificate
//! of the field below 65536 through bilinearity, the subfields below 256, the quadratic
//! closure of the small fields, Conway's rules for every Fermat 2-power below 2^128.
//! Each check takes the product as a parameter, so a wrong product can be seen to fail:
//!
//! ```
//! use nimsite_core::nimber::{check_fermat_rules, check_subfields_256, mul};
//! assert_eq!(check_subfields_256(mul).sizes, vec![2, 4, 16, 256]);
//! assert!(check_fermat_rules(|a, b| a.wrapping_mul(b)).failure.is_some());
//! ```
//!
//! Games are played out by search to show what the arithmetic computes: the stone games
//! in one, two and three dimensions, Turning Corners, the tartan products of coin-turning
//! games, and a stone beside a Nim heap (see each function's docs).
//!
//! A single product can be worked by hand:
//!
//! ```
//! let d = nimsite_core::nimber::derive(2, 2)?;
//! assert_eq!((d.excluded, d.value), (vec![0, 1, 2], 3));
//! # Ok::<(), nimsite_core::nimber::SizeError>(())
//! ```

mod arith;
mod certificate;
#[cfg(target_arch = "x86_64")]
mod clmul;
mod cost;
mod derive;
mod fermat;
mod field;
mod games;
mod logarithm;
mod meter;
mod minpoly;
mod mul64;
pub mod ordinal;
mod portable;
mod quadratic;
mod subfield;
mod table;

pub use arith::{ArithError, add, inv, mex, mul, mul64, order, pow, pow_by, sqrt};
pub use certificate::{
    Agreement, CertificateReport, certify_field_65536, certify_field_65536_from,
    certify_field_65536_threads, certify_with, definition_product_256,
    fast_product_agreement_65536,
};
pub use cost::{
    Cost, NAIVE_LIMIT, cost, law_check_crossover, memoised_option_count, naive_call_count,
    naive_product_count,
};
pub use derive::{
    Derivation, Step, Summary, derive, derive_from, excluded, inverse_by_mex_set,
    inverses_by_mex_set,
};
pub use fermat::{
    FERMAT_POWERS, FERMAT_SHIFT_MAX, FermatFailure, FermatReport, check_fermat_rules,
    check_fermat_rules_upto,
};
pub use field::{Axiom, FieldReport, Op, Refusal, Witness, check_field};
pub use games::{
    BoxValues, COINS_MAX, CodeError, CodeErrorKind, CoinCheck, CoinMismatch, CoinRule, CoinValues,
    GameValues, HEAPS_MAX, KNOWN_GAMES, KNOWN_UPTO, KnownGame, KnownValues, OCTAL_DIGITS_MAX,
    OCTAL_UPTO_MAX, OCTAL_WORK_MAX, OctalCode, OctalGame, OctalLimit, Period, SEARCH_KEY_BYTES,
    STONES_1D_LIMIT, STONES_2D_FULL_MAX_POSITIONS, STONES_2D_SUM_MAX, STONES_3D_FULL_MAX,
    STONES_3D_SUM_MAX, SearchLimit, SumCheck, TartanCheck, WINDOW_CELLS_MAX, WindowLimit,
    check_coin_game, check_stones_beside_heap, check_tartan, check_turning_corners, coin_game,
    find_period, grundy_option_values, grundy_values, grundy_values_naive, grundy_values_within,
    known_games_in, odious, ruler_value, stones_1d_grundy, stones_2d_full, stones_2d_sum,
    stones_3d_full, stones_3d_sum, tartan_game, turning_corners, window_period,
};
pub use logarithm::{LogError, LogOrder, element_order, totient};
pub use meter::{Costly, Meter, OverBudget, finite_steps};
pub use minpoly::{MinimalPolynomial, PolyError, is_primitive, minimal_polynomial};
pub use mul64::Mul64;
pub use portable::{mul_counted, mul_counted_as_described, mul64_portable};
pub use quadratic::{
    QUADRATIC_COEFFICIENTS_MAX, QUADRATIC_FIELDS, QuadraticReport, check_quadratics,
    check_quadratics_with,
};
pub use subfield::{
    FrobeniusReport, SubfieldFailure, SubfieldReport, check_frobenius_256, check_subfields_256,
};
pub use table::{MAX_TABLE, SizeError, Table};

/// Keeps the old path `nimber::fast::Mul64` working until its callers use
/// [`nimber::Mul64`](Mul64); it holds nothing else.
#[doc(hidden)]
pub mod fast {
    pub use super::Mul64;
}
