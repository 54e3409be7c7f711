//! The 3-D stone game by search: one stone at (x, y, z) is worth x ⊗ y ⊗ z. The cube is
//! shown one slice per z, each slice a board of x and y.

use super::{Arith, GameCheckSpec, GameSearch};
use crate::engine::claims::first_difference;
use crate::engine::{Agree, Check, Cx, DirectiveError, View, html};
use crate::figure::{CellShape, Panel};
use crate::ledger::ClaimKind;
use crate::nimber;

/// The most positions the full 3-D search may value.
const BOX_LIMIT: u64 = 1 << 22;

impl GameCheckSpec {
    /// Checks the 3-D stone game on every cell below the size, by full search or with the
    /// sum theorem, against the product of the three coordinates.
    pub(super) fn three_dimensions(
        &self,
        cx: &mut Cx<'_>,
        search: GameSearch,
        arith: Arith,
    ) -> Result<View, DirectiveError> {
        let n = self.size;
        let values = match search {
            GameSearch::Full => nimber::stones_3d_full(n, BOX_LIMIT),
            GameSearch::Sum => nimber::stones_3d_sum(n),
        }
        .map_err(|e| self.limit(e, "lower `:size:`, or use `:method: sum`"))?;
        let (method, tag) = match search {
            GameSearch::Full => ("full search over positions, no sum theorem", "full"),
            GameSearch::Sum => ("search over single stones, values added by XOR", "sum"),
        };
        let id = cx.anchor(&format!("game-stones-3d-{tag}-{n}"));
        let cells: Vec<(usize, usize, usize)> = (0..n)
            .flat_map(|x| (0..n).flat_map(move |y| (0..n).map(move |z| (x, y, z))))
            .collect();
        let stated: Vec<u128> = values.values.iter().map(|&v| u128::from(v)).collect();
        let computed: Vec<u128> = cells
            .iter()
            .map(|&(x, y, z)| (arith.mul)((arith.mul)(x as u128, y as u128), z as u128))
            .collect();
        let shown = cells.clone();
        let claim = Agree::new(stated, computed, move |s: &Vec<u128>, c: &Vec<u128>| {
            match first_difference(s, c) {
                Some((i, Some(got), Some(want))) => {
                    let (x, y, z) = shown[i];
                    format!(
                        "the stone at ({x}, {y}, {z}) has value {got}, and {x} ⊗ {y} ⊗ {z} = {want}"
                    )
                }
                _ => "the cube and the products differ in size".to_string(),
            }
        });
        let positions = html::count(values.positions);
        let count = html::count(cells.len() as u64);
        let check = Check {
            kind: ClaimKind::Game,
            span: self.size_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "3-D stone game: one stone at (x, y, z) has value x ⊗ y ⊗ z, for every cell with x, y and z below {n}"
            ),
            evidence: format!(
                "{count} cells by {method}; {positions} positions searched; compared with the site's product (carry-less where the CPU has it, else the Fermat recursion)"
            ),
        };
        let ok = cx.check(check, &claim);
        let (order, base) = match log_order(n) {
            Some((g, order)) => (order, Some(g)),
            None => ((0..n).collect(), None),
        };
        let labels: Vec<String> = order.iter().map(usize::to_string).collect();
        let panels: Vec<Panel> = order
            .iter()
            .map(|&z| Panel {
                heading: format!("z = {z}"),
                rows: labels.clone(),
                cols: labels.clone(),
                cells: order
                    .iter()
                    .flat_map(|&x| order.iter().map(move |&y| (x, y)))
                    .map(|(x, y)| values.get(x, y, z).and_then(|v| u16::try_from(v).ok()))
                    .collect(),
            })
            .collect();
        let title = format!("The 3-D stone game below {n}, checked by {method}");
        let layout = match base {
            Some(g) => format!(
                "Boards, rows and columns run through the powers of {g} (1, {g}, {g} ⊗ {g}, …), with 0 last, so that equal values lie along diagonals and each board is the one before with its diagonals moved one step"
            ),
            None => format!("One board per z from 0 to {}", n - 1),
        };
        let desc = format!(
            "{layout}; in the board for z, row x and column y hold the value of one stone at (x, y, z), found by {method}; it equals x ⊗ y ⊗ z. {positions} positions were searched."
        );
        let per_line = n.min(4);
        let base = base.map_or_else(String::new, |g| g.to_string());
        let figure = self.panels_figure(
            cx,
            &id,
            (title, desc),
            panels,
            (per_line, CellShape::Square),
            (&positions, &[("base", base)]),
        );
        let sentence = format!(
            "{count} cells checked by {method}; {positions} positions searched; each stone is worth x ⊗ y ⊗ z."
        );
        Ok(self.coin_view(&id, ok, figure, vec![sentence], &positions))
    }
}

/// Returns the least primitive element below the field size `n` (4 or more) and the
/// order of its powers, 0 last; `None` at any other size.
///
/// Ordered so, `g^i ⊗ g^j ⊗ g^k = g^(i+j+k)`: each slice of the cube is the one before
/// with its diagonals moved one step, where natural order shows only scattered colours.
fn log_order(n: usize) -> Option<(usize, Vec<usize>)> {
    if n < 4 || !field_size(n) {
        return None;
    }
    let product = |a: usize, b: usize| nimber::mul(a as u128, b as u128) as usize;
    nimber::LogOrder::least_primitive(n, product).map(|l| (l.generator, l.order()))
}

/// Returns whether `n` is 2^(2^k) for some k.
fn field_size(n: usize) -> bool {
    let mut f = 2;
    while f < n {
        f *= f;
    }
    f == n
}

#[cfg(test)]
mod tests {
    use super::super::tests::stale;
    use crate::nimber;

    #[test]
    fn the_3d_check_fails_on_a_broken_product() {
        let full = "```{game-check}\n:game: stones-3d\n:size: 3\n:method: full\n```\n";
        let sum = "```{game-check}\n:game: stones-3d\n:size: 8\n:method: sum\n```\n";
        for block in [full, sum] {
            assert_eq!(stale(block, nimber::mul, nimber::add), 0, "{block}");
            assert_eq!(stale(block, |a, b| a * b, nimber::add), 1, "{block}");
        }
    }

    #[test]
    fn field_sizes_are_ordered_by_logarithm() {
        let (g, order) = super::log_order(16).expect("16 is a field");
        assert_eq!(g, 4);
        assert_eq!(&order[..4], &[1, 4, 6, 14]);
        assert_eq!(order.last(), Some(&0));
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..16).collect::<Vec<_>>());
        assert_eq!(super::log_order(3), None);
        assert_eq!(super::log_order(8), None);
    }
}
