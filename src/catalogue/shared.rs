//! What several directives compute once per build and share: the product and sum tables
//! below 256 from their mex definitions, and the field checks read from the product table,
//! with what a page pays for them from its budget.
//!
//! A result only one directive uses lives in that directive's file instead (the stone
//! game's searches, the certificate below 65536, the cost counts). Each is a type kept in
//! the engine's store ([`Shared::get`]), so adding a directive's cache edits nothing
//! outside the catalogue.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use crate::engine::{Cx, DirectiveError, Memo, Shared};
use crate::figure::Grid;
use crate::nimber::{self, FieldReport, Refusal, Table};

/// The largest table the definition computes, and so the largest exhaustive check.
pub const MAX_TABLE: usize = nimber::MAX_TABLE;

/// The steps of the product or sum table below 256 from its mex definition.
pub const DEFINITION_TABLE_WORK: u64 = 1 << 26;
/// The steps of each cell of a drawn table or each pair of a derivation: checked, rendered
/// and drawn (a 256 × 256 figure takes about as long as 2^28 steps of a claim: four fit a
/// page).
pub const CELL_WORK: u64 = 4096;

/// The definition's tables below 256 and the field checks on them, computed once per
/// build and shared by every page.
#[derive(Default)]
pub struct Tables {
    product: OnceLock<Table>,
    sum: OnceLock<Table>,
    fields: Memo<usize, Result<FieldReport, Refusal>>,
}

impl Tables {
    /// Returns the build's tables.
    pub fn of(shared: &Shared) -> Arc<Tables> {
        shared.get()
    }

    /// Returns the nim-product table below 256, computed from its mex definition.
    pub fn product(&self) -> &Table {
        self.product
            .get_or_init(Table::largest_product_by_definition)
    }

    /// Returns the nim-product by the definition's table below 256, and the fast product
    /// beyond it, so a check on small values rests on the mex alone.
    pub fn defined_product(&self, a: u128, b: u128) -> u128 {
        let table = self.product();
        match (usize::try_from(a), usize::try_from(b)) {
            (Ok(a), Ok(b)) if a < table.size() && b < table.size() => table.get(a, b) as u128,
            _ => nimber::mul(a, b),
        }
    }

    /// Returns the nim-sum table below 256, computed from its mex definition.
    pub fn sum(&self) -> &Table {
        self.sum.get_or_init(Table::largest_sum_by_definition)
    }

    /// Returns the field check of the nimbers below `n` (at most 256) under the
    /// definition's product.
    pub fn field(&self, n: usize) -> Result<FieldReport, Refusal> {
        self.fields
            .get_or_init(n, || nimber::check_field(self.product(), n))
    }
}

/// Draws the product table below 256 from its definition, once per page.
pub fn draw_product(cx: &mut Cx<'_>, span: Range<usize>) -> Result<(), DirectiveError> {
    let key = "the product table below 256 by its definition";
    cx.draw_shared(key, span, DEFINITION_TABLE_WORK)
}

/// Draws the exhaustive field check below `n`, and the product table it reads, once per
/// page.
pub fn draw_field(cx: &mut Cx<'_>, span: Range<usize>, n: usize) -> Result<(), DirectiveError> {
    draw_product(cx, span.clone())?;
    let key = format!("the field check of the nimbers below {n}");
    cx.draw_shared(&key, span, field_work(n))
}

/// Returns the steps of the exhaustive field check of the nimbers below `n`: its triples,
/// twice over.
pub fn field_work(n: usize) -> u64 {
    2 * (n as u64).pow(3)
}

/// Returns the sizes 2^(2^k) up to `n`: the sizes at which the nimbers form a field.
pub fn field_sizes(n: usize) -> Vec<usize> {
    (0..)
        .map(|k: u32| 1usize.checked_shl(1u32 << k))
        .take_while(|s| s.is_some_and(|s| s <= n))
        .flatten()
        .collect()
}

/// Returns the first `n` rows and columns of a table as a figure grid.
pub fn grid(table: &Table, n: usize) -> Grid {
    let values = (0..n)
        .flat_map(|a| (0..n).map(move |b| table.get(a, b) as u16))
        .collect();
    Grid { size: n, values }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_sizes_are_the_fermat_two_powers() {
        assert_eq!(field_sizes(256), vec![2, 4, 16, 256]);
        assert_eq!(field_sizes(15), vec![2, 4]);
        assert_eq!(field_sizes(1), Vec::<usize>::new());
    }

    #[test]
    fn the_tables_are_shared_and_read_the_definition() {
        let shared = Shared::new();
        let tables = Tables::of(&shared);
        assert!(std::ptr::eq(
            tables.product(),
            Tables::of(&shared).product()
        ));
        assert_eq!(tables.defined_product(2, 2), 3);
        assert_eq!(
            tables.defined_product(1 << 8, 1 << 8),
            nimber::mul(1 << 8, 1 << 8)
        );
        assert_eq!(tables.sum().get(5, 3), 6);
        assert!(tables.field(16).is_ok());
        assert!(tables.field(15).is_err());
        assert_eq!(grid(tables.product(), 4).values[2 * 4 + 3], 1);
    }
}
