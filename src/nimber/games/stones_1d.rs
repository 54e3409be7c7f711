//! The 1-D stone game: Nim in disguise.
//!
//! Cells are labelled 0, 1, 2, …; a move takes one stone to a cell with a smaller label,
//! and a stone in cell 0 is dead. A stone at `l` is a Nim heap of `l`, so a position's
//! value is the XOR of its labels. The search here finds that by play alone.
//!
//! ```
//! use nimsite_core::nimber::stones_1d_grundy;
//! assert_eq!(stones_1d_grundy(&[3, 5, 6]), Ok(3 ^ 5 ^ 6));
//! assert_eq!(stones_1d_grundy(&[4, 4]), Ok(0));
//! ```

use super::search::{Memo, SEARCH_KEY_BYTES, SearchLimit, grundy};

/// Distinct positions [`stones_1d_grundy`] may search before it gives up.
pub const STONES_1D_LIMIT: u64 = 100_000;

/// Returns the Grundy value of stones on the given labels of the 1D stone game.
///
/// The search walks the whole game tree, memoised on the sorted multiset of live stones;
/// it assumes nothing about sums of games. It stops with [`SearchLimit`] after
/// [`STONES_1D_LIMIT`] distinct positions, or fewer when the stored positions would
/// outgrow [`SEARCH_KEY_BYTES`].
pub fn stones_1d_grundy(labels: &[usize]) -> Result<u32, SearchLimit> {
    search_1d(labels, STONES_1D_LIMIT)
}

/// Runs the 1D search with a bound on distinct positions.
fn search_1d(labels: &[usize], limit: u64) -> Result<u32, SearchLimit> {
    let mut root: Vec<usize> = labels.iter().copied().filter(|&l| l > 0).collect();
    root.sort_unstable();
    // Stones never multiply in this game, so no position is bigger than the start.
    let key_bytes = (root.len() as u64).saturating_mul(8).saturating_add(24);
    let limit = limit.min(SEARCH_KEY_BYTES / key_bytes);
    // Moving a stone down one cell at a time visits sum+1 distinct positions, and a full
    // search values every one of them.
    let sum = root
        .iter()
        .fold(0u64, |acc, &l| acc.saturating_add(l as u64));
    if sum >= limit {
        return Err(SearchLimit { limit });
    }
    let mut memo = Memo::default();
    grundy(&mut memo, root, limit, |pos, out| {
        options_1d(pos, limit, out)
    })
}

/// Lists the positions one move away in the 1D game, refusing more than `limit` of them.
fn options_1d(pos: &[usize], limit: u64, out: &mut Vec<Vec<usize>>) -> Result<(), SearchLimit> {
    // Moves from distinct labels to distinct targets give distinct positions, so a
    // position with more options than the limit cannot be searched within it.
    let mut count: u64 = 0;
    for (i, &label) in pos.iter().enumerate() {
        if i == 0 || pos[i - 1] != label {
            count = count.saturating_add(label as u64);
        }
    }
    if count > limit {
        return Err(SearchLimit { limit });
    }
    for (i, &label) in pos.iter().enumerate() {
        if i > 0 && pos[i - 1] == label {
            continue;
        }
        for target in 0..label {
            let mut next = pos.to_vec();
            next.remove(i);
            if target > 0 {
                let at = next.partition_point(|&l| l < target);
                next.insert(at, target);
            }
            out.push(next);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Returns every multiset of up to `stones` labels below `labels`, as sorted lists.
    fn small_multisets(stones: usize, labels: usize) -> Vec<Vec<usize>> {
        let mut all = vec![Vec::new()];
        let mut layer = vec![Vec::new()];
        for _ in 0..stones {
            let mut next = Vec::new();
            for m in &layer {
                let from = m.last().copied().unwrap_or(0);
                for l in from..labels {
                    let mut grown: Vec<usize> = m.clone();
                    grown.push(l);
                    next.push(grown);
                }
            }
            all.extend(next.iter().cloned());
            layer = next;
        }
        all
    }

    /// Returns the first small 1D position whose searched value differs from `claim`.
    fn first_1d_mismatch(claim: impl Fn(&[usize]) -> u32) -> Option<Vec<usize>> {
        small_multisets(3, 8)
            .into_iter()
            .find(|m| stones_1d_grundy(m) != Ok(claim(m)))
    }

    #[test]
    fn one_d_values_are_xor_of_labels() {
        assert_eq!(small_multisets(3, 8).len(), 1 + 8 + 36 + 120);
        let xor = |m: &[usize]| m.iter().fold(0, |acc, &l| acc ^ l as u32);
        assert_eq!(first_1d_mismatch(xor), None);
    }

    #[test]
    fn one_d_check_catches_a_wrong_rule() {
        let sum = |m: &[usize]| m.iter().map(|&l| l as u32).sum::<u32>();
        assert!(first_1d_mismatch(sum).is_some());
    }

    #[test]
    fn one_d_equal_pairs_cancel() {
        for label in 0..16 {
            assert_eq!(stones_1d_grundy(&[label, label]), Ok(0), "label {label}");
            assert_eq!(stones_1d_grundy(&[label, label, 5]), Ok(5), "label {label}");
        }
        // The cancelling check is not vacuous: unequal pairs do not cancel.
        assert_ne!(stones_1d_grundy(&[3, 4]), Ok(0));
    }

    #[test]
    fn one_d_order_of_labels_does_not_matter() {
        assert_eq!(
            stones_1d_grundy(&[7, 0, 2, 5]),
            stones_1d_grundy(&[5, 2, 7])
        );
    }

    #[test]
    fn one_d_refuses_huge_searches() {
        let over = Err(SearchLimit {
            limit: STONES_1D_LIMIT,
        });
        assert_eq!(stones_1d_grundy(&[usize::MAX]), over);
        let many = stones_1d_grundy(&vec![1; 200_000]);
        assert!(many.is_err_and(|e| e.limit < STONES_1D_LIMIT));
        assert_eq!(search_1d(&[2, 3], 6), Err(SearchLimit { limit: 6 }));
        assert_eq!(search_1d(&[2, 3], 12), Ok(1));
        // Few options per position but too many positions: stopped during the walk.
        assert_eq!(
            search_1d(&[5, 6, 7, 8], 100),
            Err(SearchLimit { limit: 100 })
        );
        let tuples = (5 + 1) * (6 + 1) * (7 + 1) * (8 + 1);
        assert_eq!(search_1d(&[5, 6, 7, 8], tuples), Ok(5 ^ 6 ^ 7 ^ 8));
    }
}
