//! The field checker: does `{0, …, n−1}` with XOR and a given product form a field?
//!
//! The essays claim that the nimbers below `2^(2^k)` form a field and that other initial
//! segments do not. This module checks the axioms exhaustively and either counts what it
//! enumerated or refuses with the first failing axiom and a witness.

use std::fmt;

use super::table::Table;

/// A field axiom, in the order the checker tests them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Axiom {
    /// `1 ≠ 0`: the set holds 1.
    OneIsNotZero,
    /// Sums and products stay in the set.
    Closure,
    /// `a ⊕ b = b ⊕ a` and `a ⊗ b = b ⊗ a`.
    Commutativity,
    /// `(a ⊕ b) ⊕ c = a ⊕ (b ⊕ c)` and `(a ⊗ b) ⊗ c = a ⊗ (b ⊗ c)`.
    Associativity,
    /// `a ⊗ (b ⊕ c) = (a ⊗ b) ⊕ (a ⊗ c)`.
    Distributivity,
    /// Every nonzero element has a multiplicative inverse in the set.
    Inverses,
    /// `1 ⊗ b = b`: 1 is the unit of the product. [`check_field`] does not test it (it is
    /// not in [`Axiom::ALL`]); the certificate of the field below 65536 does.
    Identity,
}

impl Axiom {
    /// Lists every axiom in checking order.
    pub const ALL: [Axiom; 6] = [
        Axiom::OneIsNotZero,
        Axiom::Closure,
        Axiom::Commutativity,
        Axiom::Associativity,
        Axiom::Distributivity,
        Axiom::Inverses,
    ];

    /// Returns the axiom's stable kebab-case name, as `:reason:` options spell it.
    pub fn name(&self) -> &'static str {
        match self {
            Axiom::OneIsNotZero => "one-is-not-zero",
            Axiom::Closure => "closure",
            Axiom::Commutativity => "commutativity",
            Axiom::Associativity => "associativity",
            Axiom::Distributivity => "distributivity",
            Axiom::Inverses => "inverses",
            Axiom::Identity => "identity",
        }
    }

    /// Returns the axiom with the given name, if any.
    pub fn from_name(name: &str) -> Option<Axiom> {
        Axiom::ALL
            .into_iter()
            .chain([Axiom::Identity])
            .find(|a| a.name() == name)
    }
}

impl fmt::Display for Axiom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the two operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// The nim-sum `⊕`.
    Sum,
    /// The nim-product `⊗`.
    Product,
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Op::Sum => "⊕",
            Op::Product => "⊗",
        })
    }
}

/// The elements and computed values that show an axiom failing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Witness {
    /// The set is `{0}` (or empty), so it has no `1 ≠ 0`.
    NoOne {
        /// The size checked.
        n: usize,
    },
    /// `a op b = value` falls outside `{0, …, n−1}`.
    Outside {
        /// The operation.
        op: Op,
        /// The left operand.
        a: usize,
        /// The right operand.
        b: usize,
        /// The computed result.
        value: usize,
        /// The size checked.
        n: usize,
    },
    /// `a op b = ab` but `b op a = ba`.
    NotCommutative {
        /// The operation.
        op: Op,
        /// The left operand.
        a: usize,
        /// The right operand.
        b: usize,
        /// `a op b`.
        ab: usize,
        /// `b op a`.
        ba: usize,
    },
    /// `(a op b) op c = left` but `a op (b op c) = right`.
    NotAssociative {
        /// The operation.
        op: Op,
        /// The first element.
        a: usize,
        /// The second element.
        b: usize,
        /// The third element.
        c: usize,
        /// `(a op b) op c`.
        left: usize,
        /// `a op (b op c)`.
        right: usize,
    },
    /// `a ⊗ (b ⊕ c) = left` but `(a ⊗ b) ⊕ (a ⊗ c) = right`.
    NotDistributive {
        /// The multiplier.
        a: usize,
        /// The first summand.
        b: usize,
        /// The second summand.
        c: usize,
        /// `a ⊗ (b ⊕ c)`.
        left: usize,
        /// `(a ⊗ b) ⊕ (a ⊗ c)`.
        right: usize,
    },
    /// `(a ⊕ b) ⊗ c = left` but `(a ⊗ c) ⊕ (b ⊗ c) = right`.
    NotDistributiveRight {
        /// The first summand.
        a: usize,
        /// The second summand.
        b: usize,
        /// The multiplier.
        c: usize,
        /// `(a ⊕ b) ⊗ c`.
        left: usize,
        /// `(a ⊗ c) ⊕ (b ⊗ c)`.
        right: usize,
    },
    /// `1 ⊗ b = value`, which is not `b`.
    NotIdentity {
        /// The element 1 fails to fix.
        b: usize,
        /// `1 ⊗ b`.
        value: usize,
    },
    /// No `b` in the set has `a ⊗ b = 1`.
    NoInverse {
        /// The element without an inverse.
        a: usize,
    },
}

impl fmt::Display for Witness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Witness::NoOne { n } => write!(f, "1 is not below {n}"),
            Witness::Outside { op, a, b, value, n } => {
                write!(f, "{a} {op} {b} = {value}, outside {}", range_text(n))
            }
            Witness::NotCommutative { op, a, b, ab, ba } => {
                write!(f, "{a} {op} {b} = {ab} but {b} {op} {a} = {ba}")
            }
            Witness::NotAssociative {
                op,
                a,
                b,
                c,
                left,
                right,
            } => write!(
                f,
                "({a} {op} {b}) {op} {c} = {left} but {a} {op} ({b} {op} {c}) = {right}"
            ),
            Witness::NotDistributive {
                a,
                b,
                c,
                left,
                right,
            } => write!(
                f,
                "{a} ⊗ ({b} ⊕ {c}) = {left} but ({a} ⊗ {b}) ⊕ ({a} ⊗ {c}) = {right}"
            ),
            Witness::NotDistributiveRight {
                a,
                b,
                c,
                left,
                right,
            } => write!(
                f,
                "({a} ⊕ {b}) ⊗ {c} = {left} but ({a} ⊗ {c}) ⊕ ({b} ⊗ {c}) = {right}"
            ),
            Witness::NotIdentity { b, value } => write!(f, "1 ⊗ {b} = {value}, not {b}"),
            Witness::NoInverse { a } => write!(f, "{a} has no inverse"),
        }
    }
}

/// Returns `{0, …, n−1}` written out briefly.
fn range_text(n: usize) -> String {
    if n <= 3 {
        let items: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        format!("{{{}}}", items.join(", "))
    } else {
        format!("{{0, …, {}}}", n - 1)
    }
}

/// The first failing axiom and what shows it failing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The axiom that fails.
    pub axiom: Axiom,
    /// The elements that show it.
    pub witness: Witness,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} fails: {}", self.axiom, self.witness)
    }
}

impl std::error::Error for Refusal {}

/// What a successful check enumerated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldReport {
    /// The number of elements, `n`.
    pub size: usize,
    /// Pairs checked for closure and commutativity: `n²`.
    pub pairs: u64,
    /// Triples checked for associativity and distributivity: `n³`.
    pub triples: u64,
    /// Nonzero elements whose inverse was found: `n − 1`.
    pub inverses: u64,
}

/// Checks that `{0, …, n−1}` with XOR and the product in `table` is a field.
///
/// Axioms are tested in the order of [`Axiom::ALL`]; the first failure is returned with
/// its witness. Returns a refusal naming closure if `n` exceeds the table's size.
pub fn check_field(table: &Table, n: usize) -> Result<FieldReport, Refusal> {
    if n < 2 {
        return Err(refuse(Axiom::OneIsNotZero, Witness::NoOne { n }));
    }
    if n > table.size() {
        let k = table.size();
        let value = if k == 0 { 0 } else { table.get(k - 1, 0) };
        return Err(refuse(
            Axiom::Closure,
            Witness::Outside {
                op: Op::Product,
                a: k,
                b: 0,
                value,
                n: k,
            },
        ));
    }
    check_pairs(table, n)?;
    check_triples(table, n)?;
    let inverses = check_inverses(table, n)?;
    let n64 = n as u64;
    Ok(FieldReport {
        size: n,
        pairs: n64 * n64,
        triples: n64 * n64 * n64,
        inverses,
    })
}

/// Returns a refusal.
fn refuse(axiom: Axiom, witness: Witness) -> Refusal {
    Refusal { axiom, witness }
}

/// Checks closure of both operations over all pairs, then commutativity of both.
fn check_pairs(t: &Table, n: usize) -> Result<(), Refusal> {
    for a in 0..n {
        for b in 0..n {
            for (op, value) in [(Op::Sum, a ^ b), (Op::Product, t.get(a, b))] {
                if value >= n {
                    let w = Witness::Outside { op, a, b, value, n };
                    return Err(refuse(Axiom::Closure, w));
                }
            }
        }
    }
    for a in 0..n {
        for b in 0..n {
            let (ab, ba) = (t.get(a, b), t.get(b, a));
            if ab != ba {
                let w = Witness::NotCommutative {
                    op: Op::Product,
                    a,
                    b,
                    ab,
                    ba,
                };
                return Err(refuse(Axiom::Commutativity, w));
            }
        }
    }
    Ok(())
}

/// Checks associativity of the product over all triples, then distributivity.
///
/// XOR is associative on any integers, so its triples cannot fail and are not looped over.
fn check_triples(t: &Table, n: usize) -> Result<(), Refusal> {
    for a in 0..n {
        let row_a = &t.row(a)[..n];
        for b in 0..n {
            let ab = row_a[b] as usize;
            let row_ab = t.row(ab);
            for c in 0..n {
                let left = row_ab[c] as usize;
                let right = row_a[t.get(b, c)] as usize;
                if left != right {
                    let w = Witness::NotAssociative {
                        op: Op::Product,
                        a,
                        b,
                        c,
                        left,
                        right,
                    };
                    return Err(refuse(Axiom::Associativity, w));
                }
            }
        }
    }
    for a in 0..n {
        let row_a = &t.row(a)[..n];
        for b in 0..n {
            let ab = row_a[b];
            for c in 0..n {
                let left = row_a[b ^ c] as usize;
                let right = (ab ^ row_a[c]) as usize;
                if left != right {
                    let w = Witness::NotDistributive {
                        a,
                        b,
                        c,
                        left,
                        right,
                    };
                    return Err(refuse(Axiom::Distributivity, w));
                }
            }
        }
    }
    Ok(())
}

/// Finds an inverse for every nonzero element; returns how many were found.
fn check_inverses(t: &Table, n: usize) -> Result<u64, Refusal> {
    for a in 1..n {
        if !t.row(a)[..n].contains(&1) {
            return Err(refuse(Axiom::Inverses, Witness::NoInverse { a }));
        }
    }
    Ok(n as u64 - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(n: usize) -> Table {
        Table::product_by_definition(n).expect("within the limit")
    }

    #[test]
    fn field_sizes_pass_with_exact_counts() {
        let t = product(256);
        let r = check_field(&t, 16).expect("16 is a field");
        assert_eq!(
            (r.size, r.pairs, r.triples, r.inverses),
            (16, 256, 4096, 15)
        );
        for n in [2, 4, 256] {
            let r = check_field(&t, n).expect("a field");
            assert_eq!(r.triples, (n * n * n) as u64);
        }
    }

    #[test]
    fn every_other_size_up_to_256_is_refused() {
        let t = product(256);
        for n in 1..=256 {
            let result = check_field(&t, n);
            if [2, 4, 16, 256].contains(&n) {
                assert!(result.is_ok(), "{n} should be a field");
                continue;
            }
            let refusal = result.expect_err("not a field");
            let expected = if n == 1 {
                Axiom::OneIsNotZero
            } else {
                Axiom::Closure
            };
            assert_eq!(refusal.axiom, expected, "size {n}: {refusal}");
        }
    }

    #[test]
    fn refusal_texts_name_the_witness() {
        let t = product(256);
        let at8 = check_field(&t, 8).expect_err("8 is not a field");
        assert_eq!(
            at8.to_string(),
            "closure fails: 2 ⊗ 4 = 8, outside {0, …, 7}"
        );
        let at1 = check_field(&t, 1).expect_err("1 is not a field");
        assert_eq!(at1.axiom.name(), "one-is-not-zero");
        let at3 = check_field(&t, 3).expect_err("3 is not a field");
        assert_eq!(
            at3.to_string(),
            "closure fails: 1 ⊕ 2 = 3, outside {0, 1, 2}"
        );
    }

    /// Returns the 16-element product table with one entry (and its mirror) changed.
    fn broken(a: usize, b: usize, value: usize, symmetric: bool) -> Table {
        let good = product(16);
        Table::from_fn(16, |x, y| {
            if (x, y) == (a, b) || (symmetric && (x, y) == (b, a)) {
                value
            } else {
                good.get(x, y)
            }
        })
        .expect("16 is allowed")
    }

    #[test]
    fn each_axiom_fails_on_a_broken_product() {
        let t = product(16);
        let c = check_field(&broken(3, 5, 16, true), 16).expect_err("out of range");
        assert_eq!(c.axiom, Axiom::Closure);
        let v = t.get(3, 5) ^ 1;
        let c = check_field(&broken(3, 5, v, false), 16).expect_err("asymmetric");
        assert_eq!(c.axiom, Axiom::Commutativity);
        assert_eq!(
            c.witness,
            Witness::NotCommutative {
                op: Op::Product,
                a: 3,
                b: 5,
                ab: v,
                ba: t.get(5, 3)
            }
        );
        let c = check_field(&broken(3, 5, v, true), 16).expect_err("changed");
        assert_eq!(c.axiom, Axiom::Associativity);
        // An operation that is commutative and associative but not distributive: a·b mod 16
        // on nonzero... here max(a, b), which also has no inverses.
        let max = Table::from_fn(16, |x, y| x.max(y)).expect("allowed");
        let c = check_field(&max, 16).expect_err("not distributive");
        assert_eq!(c.axiom, Axiom::Distributivity);
        // The zero product is a ring law-abiding but has no inverses.
        let zero = Table::from_fn(4, |_, _| 0).expect("allowed");
        let c = check_field(&zero, 4).expect_err("no inverses");
        assert_eq!(c.axiom, Axiom::Inverses);
        assert_eq!(c.witness.to_string(), "1 has no inverse");
    }

    #[test]
    fn a_size_beyond_the_table_is_refused() {
        assert!(check_field(&product(4), 8).is_err());
    }

    #[test]
    fn axiom_names_round_trip() {
        for a in Axiom::ALL {
            assert_eq!(Axiom::from_name(a.name()), Some(a));
        }
        assert_eq!(Axiom::from_name("identity"), Some(Axiom::Identity));
        assert_eq!(Axiom::from_name("closed"), None);
    }
}
