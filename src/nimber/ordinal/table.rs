//! The cited excess table: Lenstra's m_p as published, the datum every cited row rests on.

/// Marks the largest prime of the cited table.
pub const TABLE_END: u64 = 281;

/// Lists Lenstra's excess m_p for the odd primes p = 3, 5, …, 281, as (p, m_p).
///
/// Source: OEIS A380496, "Lenstra excess of the n-th odd prime", data section (the version of
/// January 2025, terms 1 to 59). Later versions extend the data past 281.
pub const CITED_EXCESS: [(u64, u64); 59] = [
    (3, 0),
    (5, 0),
    (7, 1),
    (11, 1),
    (13, 0),
    (17, 0),
    (19, 4),
    (23, 1),
    (29, 0),
    (31, 1),
    (37, 0),
    (41, 1),
    (43, 1),
    (47, 1),
    (53, 1),
    (59, 1),
    (61, 0),
    (67, 0),
    (71, 0),
    (73, 1),
    (79, 1),
    (83, 1),
    (89, 1),
    (97, 0),
    (101, 1),
    (103, 0),
    (107, 1),
    (109, 0),
    (113, 0),
    (127, 1),
    (131, 0),
    (137, 1),
    (139, 0),
    (149, 1),
    (151, 0),
    (157, 1),
    (163, 4),
    (167, 1),
    (173, 0),
    (179, 1),
    (181, 0),
    (191, 0),
    (193, 0),
    (197, 0),
    (199, 0),
    (211, 0),
    (223, 1),
    (227, 1),
    (229, 1),
    (233, 1),
    (239, 0),
    (241, 0),
    (251, 1),
    (257, 0),
    (263, 1),
    (269, 1),
    (271, 0),
    (277, 1),
    (281, 0),
];

/// Returns the cited m_p, if the table reaches p.
pub fn cited_excess(p: u64) -> Option<u64> {
    CITED_EXCESS.iter().find(|r| r.0 == p).map(|r| r.1)
}
