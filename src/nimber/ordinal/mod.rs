//! Nimbers below ω^(ω^ω): the algebraic closure of the two-element field, computed.
//!
//! The finite nimbers stop at quadratic extensions; the first infinite ordinal ω is already
//! a cube root of 2. An ordinal below ω^(ω^ω) is written in Cantor normal form, and as a
//! nimber it is the nim-sum of its terms ω^E ⊗ c, so `w**2*3 + w + 1` reads the same both
//! ways (`**` is the ordinal power, `*` by a finite coefficient the ordinal product):
//!
//! ```
//! use nimsite_core::nimber::ordinal::{Ordinal, OrdinalArith};
//! let ctx = OrdinalArith::cited()?;
//! let w = Ordinal::omega();
//! assert_eq!(ctx.mul(&w, &w)?.to_string(), "w**2");
//! assert_eq!(ctx.pow(&w, 3)?, Ordinal::from_finite(2));
//! assert_eq!(ctx.pow(&w, 4)?.to_string(), "w*2");
//! let x: Ordinal = "w + 1".parse()?;
//! assert_eq!(ctx.inv(&x)?.to_string(), "w**2*2 + w*2 + 2");
//! assert_eq!(ctx.inv(&x)?.to_latex(), r"\omega^{2} \cdot 2 + \omega \cdot 2 + 2");
//! # Ok::<(), nimsite_core::nimber::ordinal::OrdinalError>(())
//! ```
//!
//! Every ω^E is a product of generators κ_{p^(i+1)} = ω^(ω^k·p^i), one family per odd prime
//! p = p_k, and the p-th power of the lowest, κ_p = ω^(ω^k), is a constant α_p below it:
//!
//! ```
//! use nimsite_core::nimber::ordinal::{Ordinal, OrdinalArith};
//! let ctx = OrdinalArith::cited()?;
//! assert_eq!(ctx.pow(&"w**w".parse()?, 5)?, Ordinal::from_finite(4));
//! assert_eq!(ctx.pow(&"w**(w**2)".parse()?, 7)?.to_string(), "w + 1");
//! assert_eq!(ctx.alpha(7)?.to_string(), "w + 1");
//! assert_eq!(ctx.degree(&"w**w".parse()?)?, 20);
//! assert_eq!(ctx.order(&"w**w".parse()?)?, 75);
//! # Ok::<(), nimsite_core::nimber::ordinal::OrdinalError>(())
//! ```
//!
//! Lenstra showed α_p = κ_{f(p)} + m_p with f(p) the order of 2 mod p and a small excess
//! m_p, and gave an algorithm for it. The table is recomputed here from nothing but the
//! rows before, and compared with the cited values of OEIS A380496:
//!
//! ```
//! use nimsite_core::nimber::ordinal::{RowLimit, Source, compute_rows};
//! let rows = compute_rows(RowLimit::primes_up_to(43))?;
//! let row = rows.iter().find(|r| r.prime == 19).expect("a row per odd prime");
//! assert_eq!((row.order_of_two, row.kappa_set.as_slice(), row.excess), (18, &[9][..], 4));
//! assert_eq!((row.degree, row.source, row.agrees_with_table()), (18, Source::Computed, Some(true)));
//! assert_eq!(row.alpha()?.to_string(), "w**3 + 4");
//! # Ok::<(), nimsite_core::nimber::ordinal::OrdinalError>(())
//! ```
//!
//! Values the core cannot reach are errors, never panics:
//!
//! ```
//! use nimsite_core::nimber::ordinal::{Ordinal, OrdinalArith, OrdinalError};
//! let ctx = OrdinalArith::cited()?;
//! assert_eq!("w**(w**w)".parse::<Ordinal>(), Err(OrdinalError::AboveClosure));
//! assert_eq!(ctx.inv(&Ordinal::zero()), Err(OrdinalError::InverseOfZero));
//! let past = ctx.alpha(283).unwrap_err();
//! assert_eq!(past.to_string(), "α_283 is needed, but the excess table ends at p = 281");
//! # Ok::<(), OrdinalError>(())
//! ```

mod alpha;
mod cnf;
mod error;
mod excess;
mod field;
mod omega;
mod ops;
mod primes;
mod product;
mod row;
mod syntax;
mod table;

#[cfg(test)]
mod facts;

pub use alpha::Alphas;
pub use cnf::{Exponent, Ordinal};
pub use error::OrdinalError;
pub use excess::{RowLimit, compute_rows};
pub use omega::{OMEGA_FIELD_SIZE, omega_field_element, omega_field_index};
pub use ops::{FIELD_DEGREE_LIMIT, ORDER_DEGREE_LIMIT};
pub use primes::MAX_INDEX;
pub use product::OrdinalArith;
pub use row::{ExcessRow, Source};
pub use table::{CITED_EXCESS, TABLE_END, cited_excess};
