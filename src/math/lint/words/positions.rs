//! Counts of Nim positions: "Among the 64 positions with two heaps below 8, exactly 8 have
//! nim-sum zero", "Of the 64 positions with three heaps below 4, sixteen are lost, one in
//! four", "Among the 512 positions of three heaps, each heap holding at most 7 counters,
//! exactly 64 have nim-sum 0". Each is a count over every position of the heaps said,
//! which the statement language enumerates.

use super::{Found, Matcher, clause_claims, how_many, num_text, num_value};

/// The most positions a census may range over.
const MOST_POSITIONS: u128 = 1 << 20;

/// The names of the heaps of a position, in the statement language.
const HEAPS: [&str; 4] = ["a", "b", "c", "d"];

/// Reads a census of Nim positions: how many there are, and how many are lost.
pub(super) fn positions_census(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["among", "of"])?;
    m.word(&["the"])?;
    let total = m.number()?;
    m.word(&["positions"])?;
    m.word(&["with", "of"])?;
    let k = num_value(&m.number()?)?;
    let nonempty = m.word(&["non-empty", "nonempty"]).is_some();
    m.word(&["heaps"])?;
    // "below 8", ", each at most 7", ", each heap holding at most 7 counters".
    let (lo, hi) = heap_range(m, nonempty)?;
    let k = usize::try_from(k)
        .ok()
        .filter(|k| (1..=HEAPS.len()).contains(k))?;
    let size = (hi - lo + 1).checked_pow(u32::try_from(k).ok()?)?;
    if size > MOST_POSITIONS || !m.after_comma() {
        return None;
    }
    m.past_comma();
    let lost = lost_count(m, num_value(&total)?)?;
    let names = HEAPS[..k].join(", ");
    let sum = HEAPS[..k].join(" ⊕ ");
    let range = format!("{lo} <= {names} <= {hi}");
    let claims = [
        format!("count{{{range} : a <= {hi}}} = {}", num_text(&total)?),
        format!("count{{{range} : {sum} = 0}} = {lost}"),
    ];
    let mut claims = claims.to_vec();
    // ", one in four": the share said again, as the count it makes of the total.
    let save = (m.at, m.loose);
    m.past_comma();
    match one_in(m) {
        Some(e) => {
            let share = format!(
                "count{{{range} : {sum} = 0}} = {}",
                share_of(num_value(&total)?, e)?
            );
            // A share that agrees with the count says nothing more to check.
            if !claims.contains(&share) {
                claims.push(share);
            }
        }
        None => (m.at, m.loose) = save,
    }
    clause_claims(m, start, &claims)
}

/// Takes the sizes each heap may have; returns the least and the greatest.
fn heap_range(m: &mut Matcher<'_>, nonempty: bool) -> Option<(u128, u128)> {
    let lo = u128::from(nonempty);
    if m.word(&["below", "under"]).is_some() {
        let b = num_value(&m.number()?)?;
        return Some((lo, b.checked_sub(1)?)).filter(|(lo, hi)| lo <= hi);
    }
    if !m.after_comma() {
        return None;
    }
    m.past_comma();
    m.word(&["each"])?;
    let _ = m
        .words(&["heap", "holding"])
        .or_else(|| m.word(&["of"]))
        .or_else(|| m.word(&["holding"]));
    m.words(&["at", "most"])?;
    let hi = num_value(&m.number()?)?;
    m.maybe(&["counters", "tokens", "stones"]);
    Some((lo, hi)).filter(|(lo, hi)| lo <= hi)
}

/// Takes how many positions are lost: "exactly 8 have nim-sum zero", "sixteen are lost",
/// "one in eight is lost for the player to move"; returns the count's text.
fn lost_count(m: &mut Matcher<'_>, total: u128) -> Option<String> {
    let save = m.at;
    let count = match one_in(m) {
        Some(e) => share_of(total, e)?.to_string(),
        None => {
            m.at = save;
            num_text(&how_many(m)?)?
        }
    };
    if m.word(&["have", "has"]).is_some() {
        m.maybe(&["a"]);
        m.word(&["nim-sum"])?;
        m.maybe(&["of"]);
        let zero = m.number().and_then(|z| num_value(&z)).filter(|&z| z == 0);
        zero.or_else(|| m.word(&["zero"]).map(|_| 0))?;
    } else {
        m.word(&["are", "is"])?;
        if m.word(&["lost", "losses"]).is_some() {
            let _ = m.words(&["for", "the", "player", "to", "move"]);
        } else {
            m.word(&["p-positions"])?;
        }
    }
    Some(count)
}

/// Takes "one in eight", "one position in four"; returns the denominator.
fn one_in(m: &mut Matcher<'_>) -> Option<u128> {
    let save = m.at;
    let found = (|| {
        m.word(&["one"])?;
        m.maybe(&["position"]);
        m.word(&["in"])?;
        num_value(&m.number()?).filter(|&e| e > 0)
    })();
    if found.is_none() {
        m.at = save;
    }
    found
}

/// Returns one `e`-th of `total`, when it is a whole number.
fn share_of(total: u128, e: u128) -> Option<u128> {
    total.is_multiple_of(e).then(|| total / e)
}
