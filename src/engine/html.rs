//! Small text helpers shared by the directives: escaping and counts with separators.

pub use crate::html::escape;

/// Formats a count with thousands separators: 4096 → "4,096".
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_separators() {
        assert_eq!(count(4096), "4,096");
        assert_eq!(count(16_777_216), "16,777,216");
        assert_eq!(count(256), "256");
        assert_eq!(count(0), "0");
    }
}
