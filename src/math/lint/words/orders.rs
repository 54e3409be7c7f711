//! Multiplicative orders in a finite field of nimbers, said of the field the sentence or
//! its paragraph names: censuses ("two elements have order 3, four have order 5, and eight
//! have order 15", "16 elements of order 17, 64 of order 85"), how many are primitive
//! ("Of the 255 nonzero elements, 128 are primitive"), the least primitive element ("the
//! smallest primitive element there is 18"), which orders occur ("the orders that occur
//! are 1, 3, 5 and 15") and what every order divides.
//!
//! Each is checked by counting the field with the core's own orders. The field is the one
//! named in the clause ("below 256", "in the field below 16"), or else the one the
//! paragraph named last before it; with none, the sentence is left to the other forms.

use super::{
    Found, Matcher, claim_at_span, clause_claims, count_range, elements_below, how_many,
    may_be_subject, num_text, num_value, number, number_of, one_claim, root_degree, text_of,
};
use crate::stmt::count;
use crate::stmt::{Mode, Token};

/// How many words back a paragraph's field may be named.
const FIELD_REACH: usize = 150;

/// Returns the size of the field the text names last before word `start`: "below 256",
/// "under 16", "the field of 16 elements".
fn field_in_text(m: &Matcher<'_>, start: usize) -> Option<u128> {
    let size = |k: usize| {
        number(m.w, k)
            .and_then(|n| number_of(&n.text))
            .filter(|&v| count::is_field_size(v))
    };
    (start.saturating_sub(FIELD_REACH)..start)
        .rev()
        .find_map(|k| match m.w[k].text.as_ref() {
            "below" | "under" => size(k + 1),
            // "the field of 16 elements", "the field with 256 elements".
            "field"
                if m.w
                    .get(k + 1)
                    .is_some_and(|w| w.text == "of" || w.text == "with") =>
            {
                size(k + 2).filter(|_| m.w.get(k + 3).is_some_and(|w| w.text == "elements"))
            }
            _ => None,
        })
}

/// Takes "below 16" or "in (of) the field below 256", a field a count may range over, and
/// returns its size; takes nothing when the words name none.
fn named_field(m: &mut Matcher<'_>) -> Option<u128> {
    let save = (m.at, m.loose);
    let size = count_range(m).filter(|&v| count::is_field_size(v));
    if size.is_none() {
        (m.at, m.loose) = save;
    }
    size
}

/// Takes where the clause says its field is: "below 16", "in the field below 256",
/// "there", "in it"; returns its size, or the paragraph's field when the clause says
/// nothing or points back.
fn clause_field(m: &mut Matcher<'_>, start: usize) -> Option<u128> {
    if let Some(size) = named_field(m) {
        return Some(size);
    }
    let _ = m
        .word(&["there"])
        .or_else(|| m.words(&["in", "it"]))
        .or_else(|| m.words(&["of", "it"]));
    field_in_text(m, start)
}

/// Takes an opening that names the field: "In the field below 256,", "Below 16,", or
/// "Below 16" before "the".
fn lead_field(m: &mut Matcher<'_>) -> Option<u128> {
    let save = (m.at, m.loose);
    let lead = named_field(m);
    if lead.is_some() && m.after_comma() {
        m.past_comma();
        return lead;
    }
    if lead.is_some() && m.w.get(m.at).is_some_and(|w| w.text == "the") {
        return lead;
    }
    (m.at, m.loose) = save;
    None
}

/// "two elements have order 3, four have order 5, and eight have order 15", "16 elements
/// of order 17, 64 of order 85, 128 of order 255", "one element of order 1": how many
/// elements of the field have each order.
pub(super) fn order_census(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let lead = lead_field(m);
    let first = m.at;
    // "8, 10, 13 and 14 have order 5" lists elements; "13 has order 5" is one.
    let listed = first.checked_sub(1).is_some_and(|p| {
        let gap = &m.text[m.w[p].span.end..m.w[first].span.start];
        m.w[p].text == "and" || m.w[p].text == "or" || gap.trim() == "," && lead.is_none()
    });
    if listed || !may_be_subject(m, first) {
        return None;
    }
    let mut items = Vec::new();
    let mut members = Vec::new();
    let mut field = lead;
    loop {
        let item_start = m.at;
        let k = how_many(m)?;
        m.maybe(&["nonzero", "non-zero"]);
        let noun = m
            .word(&["elements", "element", "nimbers", "nimber", "values"])
            .is_some();
        if items.is_empty() && field.is_none() {
            field = named_field(m);
        }
        let have = m.word(&["have", "has"]).is_some();
        if !have {
            m.word(&["of"])?;
        }
        m.maybe(&["multiplicative"]);
        m.word(&["order"])?;
        let d = m.number()?;
        members.extend(members_of(m, &num_text(&d)?)?);
        // "eight have order 15" is a count; "one has order 1" and "eight of order 15" need
        // their noun to be one.
        let kv = num_value(&k)?;
        if items.is_empty() && !noun && (kv == 1 || !have) {
            return None;
        }
        if m.w[item_start..m.at].iter().any(|w| w.text == "has") && kv != 1 {
            return None;
        }
        items.push((k, d));
        let save = (m.at, m.loose);
        // "two of order 3 (namely 2 and 3), four of order 5": a comma after the brackets.
        if [",", "),", ";"].contains(&m.gap()) {
            m.loose = Some(m.at);
        }
        let and = m.word(&["and"]).is_some();
        if m.w.get(m.at).is_none_or(|w| !w.numeric) || !and && m.loose != Some(m.at) {
            (m.at, m.loose) = save;
            break;
        }
        m.loose = Some(m.at);
    }
    let size = match field {
        Some(size) => size,
        None => field_in_text(m, start)?,
    };
    let claims = items
        .iter()
        .map(|(k, d)| {
            Some(format!(
                "count(order, {size}, {}) = {}",
                num_text(d)?,
                num_text(k)?
            ))
        })
        .collect::<Option<Vec<_>>>()?;
    clause_claims(m, start, &[claims, members].concat())
}

/// "the remaining eight nonzero values, namely 4, 5, 6, 7, 9, 11, 12 and 15, have order 15",
/// "the other eight nonzero elements, including 7 and 11, have order 15", "the remaining
/// eight nonzero elements other than 1 are primitive, of order 15": the elements a census
/// leaves to its last order, counted, with those it names.
pub(super) fn remaining_order(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["the"])?;
    m.word(&["remaining", "other"])?;
    let k = how_many(m)?;
    m.maybe(&["nonzero", "non-zero"]);
    m.word(&["elements", "values", "nimbers"])?;
    // "other than 1": the unit, which has order 1 and is left out of every census's rest.
    if m.words(&["other", "than"]).is_some() && m.number().and_then(|n| num_value(&n))? != 1 {
        return None;
    }
    let mut named = Vec::new();
    if m.after_comma() {
        m.past_comma();
        m.word(&["namely", "including"])?;
        let first = m.number()?;
        named = m.series(first);
        if !m.after_comma() {
            return None;
        }
        m.past_comma();
    }
    let verb = m.word(&["have", "are"])?;
    let d = if m.text[verb].eq_ignore_ascii_case("have") {
        m.maybe(&["multiplicative"]);
        m.word(&["order"])?;
        m.number()?
    } else {
        // "are primitive", "are primitive, of order 15", "are of order 15".
        let primitive = m.word(&["primitive"]).is_some();
        if primitive && m.after_comma() {
            m.past_comma();
        } else if primitive {
            let size = clause_field(m, start)?;
            let claim = format!("count(primitive, {size}) = {}", num_text(&k)?);
            return claims_with(m, start, claim, &named, size - 1);
        }
        m.word(&["of", "with"])?;
        m.word(&["order"])?;
        m.number()?
    };
    let size = clause_field(m, start)?;
    let d = num_value(&d)?;
    let claim = format!("count(order, {size}, {d}) = {}", num_text(&k)?);
    claims_with(m, start, claim, &named, d)
}

/// The claim of a census's clause, with each named element's order `d` after it.
fn claims_with(
    m: &mut Matcher<'_>,
    start: usize,
    claim: String,
    named: &[Token],
    d: u128,
) -> Option<Vec<Found>> {
    let mut all = vec![claim];
    for x in named {
        all.push(format!("ord({}) = {d}", num_text(x)?));
    }
    clause_claims(m, start, &all)
}

/// Takes the elements a census names of order `d`: "(namely 2 and 3)", "(8, 10, 13 and
/// 14)", ", among them 16, 17 and 128", ", including 7 and 11", ": 8, 10, 13 and 14";
/// returns that each has it.
fn members_of(m: &mut Matcher<'_>, d: &str) -> Option<Vec<String>> {
    let save = (m.at, m.loose);
    let paren = m.gap() == "(";
    // "Four values have order 5: 8, 10, 13 and 14".
    if m.gap() == ":" {
        m.loose = Some(m.at);
    } else if paren {
        m.loose = Some(m.at);
        m.maybe(&["namely", "that", "i.e"]);
    } else if m.after_comma() {
        m.past_comma();
        let named = m
            .words(&["among", "them"])
            .or_else(|| m.word(&["including", "namely"]));
        if named.is_none() {
            (m.at, m.loose) = save;
            return Some(Vec::new());
        }
    } else {
        return Some(Vec::new());
    }
    let listed = m.number().map(|first| m.series(first));
    let closed = !paren || m.gap().starts_with(')');
    let Some(listed) = listed.filter(|_| closed) else {
        (m.at, m.loose) = save;
        return Some(Vec::new());
    };
    if paren {
        m.loose = Some(m.at);
    }
    listed
        .iter()
        .map(|x| Some(format!("ord({}) = {d}", num_text(x)?)))
        .collect()
}

/// "each of the 15 nonzero elements of the field below 16", "all 255 nonzero nimbers in the
/// field below 256": a count of the field's nonzero elements, said in passing.
pub(super) fn nonzero_of_field(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let _ = m.words(&["each", "of"]).or_else(|| m.words(&["all", "of"]));
    m.maybe(&["the", "all"]);
    let n = m.number()?;
    m.word(&["nonzero", "non-zero"])?;
    m.word(&["elements", "nimbers", "values"])?;
    let size = named_field(m)?;
    clause_claims(
        m,
        start,
        &[format!("count(units, {size}) = {}", num_text(&n)?)],
    )
}

/// "Of the 255 nonzero elements, 128 are primitive", "exactly 128 are primitive", "it has
/// 128 primitive elements": how many of the paragraph's field are primitive.
pub(super) fn primitive_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let mut claims = Vec::new();
    let mut of_all = None;
    if m.words(&["of", "the"]).is_some() {
        let n = m.number()?;
        m.word(&["nonzero", "non-zero"])?;
        m.word(&["elements", "nimbers", "values"])?;
        if !m.after_comma() {
            return None;
        }
        m.past_comma();
        of_all = Some(n);
    }
    let k = if m.word(&["it", "which"]).is_some() {
        m.word(&["has", "contains"])?;
        let k = how_many(m)?;
        m.word(&["primitive"])?;
        m.word(&["elements"])?;
        k
    } else {
        let at = m.at;
        let words = ["exactly", "just", "only", "precisely"];
        let counted =
            m.w.get(at)
                .is_some_and(|w| words.contains(&w.text.as_ref()));
        if of_all.is_none() && !counted && !may_be_subject(m, at) {
            return None;
        }
        // "32 and 255 are primitive" lists elements.
        if at.checked_sub(1).is_some_and(|p| m.w[p].text == "and") {
            return None;
        }
        let k = how_many(m)?;
        m.word(&["are"])?;
        m.word(&["primitive"])?;
        m.maybe(&["elements"]);
        k
    };
    let size = clause_field(m, start)?;
    if let Some(n) = of_all {
        claims.push(format!("count(units, {size}) = {}", num_text(&n)?));
    }
    claims.push(format!("count(primitive, {size}) = {}", num_text(&k)?));
    clause_claims(m, start, &claims)
}

/// "the least primitive element below 256 is 18", "The smallest primitive element there is
/// 18": the element is primitive and none below it is.
pub(super) fn least_primitive(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.word(&["least", "smallest", "first", "lowest"])?;
    m.word(&["primitive"])?;
    m.word(&["element", "nimber"])?;
    let size = clause_field(m, start)?;
    m.is()?;
    let x = num_text(&m.number()?)?;
    let top = size - 1;
    let claims = [
        format!("ord({x}) = {top}"),
        format!("count{{0 < a < {x} : ord(a) = {top}}} = 0"),
    ];
    clause_claims(m, start, &claims)
}

/// "The orders that occur are 1, 3, 5 and 15", "the orders of the nonzero elements below
/// 16 are 1, 3, 5 and 15": each listed order is had by some element, and every other
/// divisor of the group's size by none (an order divides it).
pub(super) fn orders_occur(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.word(&["orders"])?;
    let _ = m
        .words(&["that", "occur"])
        .or_else(|| m.words(&["which", "occur"]))
        .or_else(|| m.words(&["of", "the", "nonzero", "elements"]))
        .or_else(|| m.words(&["of", "the", "nonzero", "nimbers"]))
        .or_else(|| m.words(&["of", "the", "elements"]));
    let size = clause_field(m, start)?;
    m.word(&["are"])?;
    let first = m.number()?;
    let listed = m.series(first);
    let mut said: Vec<u128> = listed.iter().map(num_value).collect::<Option<_>>()?;
    said.sort_unstable();
    said.dedup();
    let top = size - 1;
    let mut claims = Vec::new();
    for d in &said {
        claims.push(format!("count(order, {size}, {d}) > 0"));
    }
    // The divisors of the group's size, at most 2^16 − 1, are found by trial.
    for e in (1..=top).filter(|e| top % e == 0 && !said.contains(e)) {
        claims.push(format!("count(order, {size}, {e}) = 0"));
    }
    clause_claims(m, start, &claims)
}

/// "The (multiplicative) order of every nonzero element below 16 divides 15", "every order
/// in the field below 16 divides 15, and 9 does not": the order of each divides the
/// number, in ordinary arithmetic.
pub(super) fn order_divides(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Below 16 the orders divide 15", "the orders of the nonzero elements below 16 divide
    // 15": of the field named, or of the paragraph's.
    let lead = lead_field(m);
    let save = m.at;
    let plural = (|| {
        m.maybe(&["the"]);
        m.maybe(&["multiplicative"]);
        m.word(&["orders"])?;
        let _ = m
            .words(&["of", "the", "nonzero", "elements"])
            .or_else(|| m.words(&["of", "the", "nonzero", "nimbers"]));
        match lead {
            Some(size) => Some(size),
            None => clause_field(m, start),
        }
    })();
    if plural.is_none() {
        m.at = save;
    }
    let size = if let Some(size) = plural {
        size
    } else if lead.is_some() {
        return None;
    } else if m.word(&["every", "each", "any"]).is_some() {
        // "every order in the field below 16 divides 15".
        m.maybe(&["multiplicative"]);
        m.word(&["order"])?;
        m.word(&["in"])?;
        m.field_size()?.0
    } else {
        m.maybe(&["the"]);
        m.maybe(&["multiplicative"]);
        m.word(&["order"])?;
        m.word(&["of"])?;
        m.word(&["every", "each", "any"])?;
        m.word(&["nonzero", "non-zero"])?;
        elements_below(m)?
    };
    if size > 65536 {
        return None;
    }
    if plural.is_some() {
        m.word(&["divide"])?;
    } else {
        m.word(&["divides"])?;
    }
    let d = m.number()?;
    let src = format!("forall 0 < a < {size}: rem({}, ord(a)) = 0", num_text(&d)?);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = one_claim(m, &src, span.clone(), span, Mode::Role)?;
    // "…, and 9 does not": the number named does not divide it.
    let save = (m.at, m.loose);
    m.past_comma();
    let other = m
        .word(&["and", "but", "while"])
        .and_then(|_| m.number())
        .filter(|_| m.words(&["does", "not"]).is_some());
    match other {
        Some(k) => {
            let src = format!("rem({}, {}) != 0", num_text(&d)?, num_text(&k)?);
            let at = k.span.start..m.w[m.at - 1].span.end;
            out.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
        }
        None => (m.at, m.loose) = save,
    }
    Some(out)
}

/// "Each nonzero cube below 16 has three cube roots", "each of those five has three cube
/// roots" after the cubes are named: every fibre of the power map on the nonzero elements
/// is a coset of its kernel, so each power has as many roots as 1 has.
pub(super) fn each_has_roots(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["each", "every"])?;
    let save = m.at;
    let said = if m.word(&["nonzero", "non-zero"]).is_some() {
        let power = m.word(&["cube", "square"])?;
        Some(text_of(m, &power))
    } else {
        m.at = save;
        m.word(&["of"])?;
        m.word(&["them", "these", "those"])?;
        let _ = m.number();
        None
    };
    let field = named_field(m);
    m.word(&["has"])?;
    let k = how_many(m)?;
    let p = root_degree(m)?;
    m.word(&["roots"])?;
    let power = if p == 3 { "cube" } else { "square" };
    // "each of them": the powers are named in the words just before.
    let named = said.is_some_and(|s| s == power)
        || (start.saturating_sub(40)..start).any(|j| m.w[j].text.starts_with(power));
    if !named || p == 5 {
        return None;
    }
    let size = match field.or_else(|| named_field(m)) {
        Some(size) => size,
        None => field_in_text(m, start)?,
    };
    let src = format!("count{{0 < x < {size} : x^{p} = 1}} = {}", num_text(&k)?);
    clause_claims(m, start, &[src])
}
