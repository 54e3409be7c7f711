//! Sprague–Grundy on a sum, by search: a stone of the 2-D game beside a Nim heap, played
//! as one game, is worth the nim-sum of the stone's value and the heap. The joint search
//! assumes no sum theorem; the stone's value comes from its own search.

use super::GAME_LIMIT;
use super::{Arith, GameCheckSpec};
use crate::engine::claims::first_difference;
use crate::engine::{Agree, Check, Cx, DirectiveError, View, html};
use crate::figure::{CellShape, Panel};
use crate::ledger::ClaimKind;
use crate::nimber;

impl GameCheckSpec {
    /// Checks every stone below the size beside every heap below `:heaps:`.
    pub(super) fn beside_nim(&self, cx: &mut Cx<'_>, arith: Arith) -> Result<View, DirectiveError> {
        let (n, heaps) = (self.size, self.heaps);
        let found = nimber::check_stones_beside_heap(n, heaps, GAME_LIMIT, arith.add)
            .map_err(|e| self.limit(e, "lower `:size:` or `:heaps:`"))?;
        let id = cx.anchor(&format!("game-beside-nim-{n}"));
        let index: Vec<(usize, usize, usize)> = (0..n)
            .flat_map(|x| (0..n).flat_map(move |y| (0..heaps).map(move |h| (x, y, h))))
            .collect();
        let stone = |x: usize, y: usize| found.stones.get(x * n + y).copied().unwrap_or(0);
        let stated: Vec<u128> = found.values.iter().map(|&v| u128::from(v)).collect();
        let computed: Vec<u128> = index
            .iter()
            .map(|&(x, y, h)| (arith.add)(u128::from(stone(x, y)), h as u128))
            .collect();
        let shown = index.clone();
        let claim = Agree::new(stated, computed, move |s: &Vec<u128>, c: &Vec<u128>| {
            match first_difference(s, c) {
                Some((i, Some(got), Some(want))) => {
                    let (x, y, h) = shown[i];
                    format!(
                        "a stone at ({x}, {y}) beside a heap of {h} is worth {got} by the joint search, and the nim-sum of the parts is {want}"
                    )
                }
                _ => "the joint search and the parts differ in size".to_string(),
            }
        });
        let positions = html::count(found.positions);
        let compared = html::count(found.checked);
        let check = Check {
            kind: ClaimKind::Game,
            span: self.size_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "Sprague–Grundy on sums: a stone of the 2-D game at (x, y) with x and y below {n}, played beside a Nim heap of h < {heaps} as one game, is worth the stone's own value ⊕ h"
            ),
            evidence: format!(
                "{compared} joint positions compared; {positions} positions of the joint game searched in full, no sum theorem, and {} for the stone alone",
                html::count(found.part_positions)
            ),
        };
        let ok = cx.check(check, &claim);
        let labels: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        let panels: Vec<Panel> = (0..heaps)
            .map(|h| Panel {
                heading: format!("heap {h}"),
                rows: labels.clone(),
                cols: labels.clone(),
                cells: (0..n * n)
                    .map(|i| {
                        let at = (i / n * n + i % n) * heaps + h;
                        found.values.get(at).and_then(|&v| u16::try_from(v).ok())
                    })
                    .collect(),
            })
            .collect();
        let title =
            format!("A stone below {n} beside a Nim heap below {heaps}, searched as one game");
        let desc = format!(
            "One board per heap size h from 0 to {}; in the board for h, row x and column y hold the value of the joint position (a stone at (x, y) and a heap of h), found by searching the joint game in full; it equals (x ⊗ y) ⊕ h.",
            heaps - 1
        );
        let figure = self.panels_figure(
            cx,
            &id,
            (title, desc),
            panels,
            (heaps.min(4), CellShape::Square),
            (&positions, &[]),
        );
        let sentence = format!(
            "{compared} joint positions, {positions} positions searched as one game; each is worth the stone's value ⊕ h."
        );
        Ok(self.coin_view(&id, ok, figure, vec![sentence], &positions))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::stale;
    use crate::nimber;

    #[test]
    fn the_sum_check_fails_on_a_broken_nim_sum() {
        let block = "```{game-check}\n:game: stones-beside-nim\n:size: 3\n:heaps: 4\n```\n";
        assert_eq!(stale(block, nimber::mul, nimber::add), 0);
        assert_eq!(stale(block, nimber::mul, |a, b| a + b), 1);
    }
}
