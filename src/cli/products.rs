//! `nimsite products`: Library Checker's nim_product_64 problem, which tests the fast
//! product against an outside judge at scale.

use std::fmt;
use std::io::{Read, Write};
use std::process::ExitCode;

use crate::nimber::Mul64;

/// Reads Library Checker's nim_product_64 input on stdin and prints each product.
pub fn products() -> ExitCode {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut input) {
        eprintln!("error: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let mut out = Vec::new();
    if let Err(e) = products_io(&input, &mut out) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    if let Err(e) = lock.write_all(&out).and_then(|_| lock.flush()) {
        eprintln!("error: cannot write standard output: {e}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// Malformed `products` input, with the 1-based line it was found on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductsError {
    /// The line number, counting from 1.
    pub line: usize,
    /// What was wrong with it.
    pub kind: ProductsErrorKind,
}

/// What was wrong with a line of `products` input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProductsErrorKind {
    /// The first line is not a single count `T`.
    BadCount,
    /// A query line is not two unsigned decimal numbers.
    BadQuery,
    /// A number does not fit in 64 bits.
    Overflow,
    /// The input ended before `T` queries.
    TooFewQueries {
        /// The count promised.
        expected: usize,
        /// The queries found.
        found: usize,
    },
    /// Text after the last query.
    TrailingInput,
}

impl fmt::Display for ProductsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            ProductsErrorKind::BadCount => write!(f, "expected the number of queries T"),
            ProductsErrorKind::BadQuery => write!(f, "expected two numbers `A B`"),
            ProductsErrorKind::Overflow => write!(f, "number does not fit in 64 bits"),
            ProductsErrorKind::TooFewQueries { expected, found } => {
                write!(f, "input ends after {found} of {expected} queries")
            }
            ProductsErrorKind::TrailingInput => write!(f, "unexpected text after the last query"),
        }
    }
}

impl std::error::Error for ProductsError {}

/// Parses, multiplies and formats a whole `products` input.
pub fn products_io(input: &[u8], out: &mut Vec<u8>) -> Result<(), ProductsError> {
    let (a, b) = parse_queries(input)?;
    let mut p = vec![0u64; a.len()];
    Mul64::detect().mul_batch(&a, &b, &mut p);
    format_products(&p, out);
    Ok(())
}

/// Returns the numbers on one line, at most `N`, or `None` if a token is not a number.
fn numbers<const N: usize>(line: &[u8], lineno: usize) -> Result<Vec<u64>, ProductsError> {
    let bad = |kind| ProductsError { line: lineno, kind };
    let mut out = Vec::with_capacity(N);
    for token in line
        .split(|c| *c == b' ' || *c == b'\t' || *c == b'\r')
        .filter(|t| !t.is_empty())
    {
        if out.len() == N || !token.iter().all(u8::is_ascii_digit) {
            return Err(bad(ProductsErrorKind::BadQuery));
        }
        let mut v: u64 = 0;
        for &d in token {
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(d - b'0')))
                .ok_or(bad(ProductsErrorKind::Overflow))?;
        }
        out.push(v);
    }
    Ok(out)
}

/// Parses `T` and then `T` lines `A B` into two vectors.
///
/// A single tight pass handles well-formed input; anything it does not expect sends the
/// input to the line-by-line parser, which accepts extra blanks and names the bad line.
pub fn parse_queries(input: &[u8]) -> Result<(Vec<u64>, Vec<u64>), ProductsError> {
    match scan_queries(input) {
        Some(parsed) => Ok(parsed),
        None => parse_queries_by_line(input),
    }
}

/// Parses canonical input (`T\n` then `A B\n` lines) in one pass, or returns `None`.
fn scan_queries(input: &[u8]) -> Option<(Vec<u64>, Vec<u64>)> {
    let mut i = 0;
    let count = usize::try_from(scan_number(input, &mut i)?).ok()?;
    scan_end_of_line(input, &mut i)?;
    let cap = count.min(input.len() / 4 + 1);
    let (mut a, mut b) = (Vec::with_capacity(cap), Vec::with_capacity(cap));
    for _ in 0..count {
        a.push(scan_number(input, &mut i)?);
        if input.get(i) != Some(&b' ') {
            return None;
        }
        i += 1;
        b.push(scan_number(input, &mut i)?);
        scan_end_of_line(input, &mut i)?;
    }
    let rest = input.get(i..)?;
    rest.iter().all(u8::is_ascii_whitespace).then_some((a, b))
}

/// Reads 1 to 20 digits at `*i`, checking only 20-digit numbers for overflow.
#[inline]
fn scan_number(input: &[u8], i: &mut usize) -> Option<u64> {
    let s = input.get(*i..)?;
    if s.len() < 24 {
        return scan_number_slow(input, i);
    }
    // Count digits eight bytes at a time; digits are bytes 0x30..=0x39.
    let mut len = 0;
    loop {
        let chunk = load8(s, len);
        let t = chunk ^ 0x3030_3030_3030_3030;
        let bad = (t | t.wrapping_add(0x0606_0606_0606_0606)) & 0xf0f0_f0f0_f0f0_f0f0;
        if bad != 0 {
            len += bad.trailing_zeros() as usize / 8;
            break;
        }
        len += 8;
        if len > 16 {
            break;
        }
    }
    if len == 0 || len > 20 {
        return None;
    }
    let mut v: u64 = 0;
    let mut pos = 0;
    let head = len % 8;
    if head != 0 {
        let digits = load8(s, 0).wrapping_sub(0x3030_3030_3030_3030);
        v = parse8(digits << (8 * (8 - head)));
        pos = head;
    }
    while pos < len {
        let chunk = parse8(load8(s, pos).wrapping_sub(0x3030_3030_3030_3030));
        v = v.checked_mul(100_000_000)?.checked_add(chunk)?;
        pos += 8;
    }
    *i += len;
    Some(v)
}

/// Loads eight bytes at `at` as a little-endian word; `s` has at least `at + 8` bytes.
#[inline(always)]
fn load8(s: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&s[at..at + 8]);
    u64::from_le_bytes(b)
}

/// Returns the value of eight digit values (0 to 9), the most significant in the low byte.
#[inline(always)]
fn parse8(x: u64) -> u64 {
    let x = x.wrapping_mul(10).wrapping_add(x >> 8);
    let lo = (x & 0x0000_00ff_0000_00ff).wrapping_mul(100 + (1_000_000 << 32));
    let hi = ((x >> 16) & 0x0000_00ff_0000_00ff).wrapping_mul(1 + (10_000 << 32));
    lo.wrapping_add(hi) >> 32
}

/// Reads 1 to 20 digits at `*i` one at a time, near the end of the input.
fn scan_number_slow(input: &[u8], i: &mut usize) -> Option<u64> {
    let start = *i;
    let mut v = 0u64;
    while let Some(&c) = input.get(*i) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        if *i - start == 20 {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(u64::from(d))?;
        *i += 1;
    }
    (*i > start).then_some(v)
}

/// Skips a line ending (`\n`, `\r\n` or the end of input) at `*i`.
#[inline]
fn scan_end_of_line(input: &[u8], i: &mut usize) -> Option<()> {
    if input.get(*i) == Some(&b'\r') {
        *i += 1;
    }
    match input.get(*i) {
        None => Some(()),
        Some(b'\n') => {
            *i += 1;
            Some(())
        }
        Some(_) => None,
    }
}

/// Parses line by line, accepting any blanks, and names the first bad line.
fn parse_queries_by_line(input: &[u8]) -> Result<(Vec<u64>, Vec<u64>), ProductsError> {
    let mut lines = input.split(|&c| c == b'\n');
    let count_line = lines.next().unwrap_or_default();
    let count = match numbers::<1>(count_line, 1) {
        Ok(v) if v.len() == 1 => usize::try_from(v[0]).ok(),
        _ => None,
    }
    .ok_or(ProductsError {
        line: 1,
        kind: ProductsErrorKind::BadCount,
    })?;
    let cap = count.min(input.len() / 4 + 1);
    let (mut a, mut b) = (Vec::with_capacity(cap), Vec::with_capacity(cap));
    let mut lineno = 1;
    while let Some(line) = lines.next() {
        if a.len() == count {
            if line.iter().any(|c| !c.is_ascii_whitespace()) {
                return Err(ProductsError {
                    line: lineno + 1,
                    kind: ProductsErrorKind::TrailingInput,
                });
            }
            lineno += 1;
            continue;
        }
        lineno += 1;
        if let Some(pair) = fast_pair(line) {
            a.push(pair.0);
            b.push(pair.1);
            continue;
        }
        if line.iter().all(u8::is_ascii_whitespace)
            && lines.clone().flatten().all(u8::is_ascii_whitespace)
        {
            break;
        }
        let v = numbers::<2>(line, lineno)?;
        if v.len() != 2 {
            return Err(ProductsError {
                line: lineno,
                kind: ProductsErrorKind::BadQuery,
            });
        }
        a.push(v[0]);
        b.push(v[1]);
    }
    if a.len() < count {
        return Err(ProductsError {
            line: lineno,
            kind: ProductsErrorKind::TooFewQueries {
                expected: count,
                found: a.len(),
            },
        });
    }
    Ok((a, b))
}

/// Parses the common case `digits SPACE digits` with at most 19 digits each.
#[inline]
fn fast_pair(line: &[u8]) -> Option<(u64, u64)> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let space = line.iter().position(|&c| c == b' ')?;
    Some((
        short_number(&line[..space])?,
        short_number(&line[space + 1..])?,
    ))
}

/// Parses 1 to 19 decimal digits, which cannot overflow a u64.
#[inline]
fn short_number(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 19 {
        return None;
    }
    let mut v = 0u64;
    for &c in s {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v * 10 + u64::from(d);
    }
    Some(v)
}

/// Appends each value in decimal on its own line.
pub fn format_products(values: &[u64], out: &mut Vec<u8>) {
    // Two digits per division halves the divisions.
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    out.reserve(values.len() * 21);
    let mut buf = [0u8; 20];
    for &v in values {
        let mut i = buf.len();
        let mut x = v;
        while x >= 100 {
            let r = (x % 100) as usize * 2;
            x /= 100;
            i -= 2;
            buf[i..i + 2].copy_from_slice(&PAIRS[r..r + 2]);
        }
        if x >= 10 {
            let r = x as usize * 2;
            i -= 2;
            buf[i..i + 2].copy_from_slice(&PAIRS[r..r + 2]);
        } else {
            i -= 1;
            buf[i] = b'0' + x as u8;
        }
        out.extend_from_slice(&buf[i..]);
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> Result<String, ProductsError> {
        let mut out = Vec::new();
        products_io(input.as_bytes(), &mut out)?;
        Ok(String::from_utf8(out).expect("ascii"))
    }

    #[test]
    fn answers_queries() {
        let out = run("3\n3141 5926\n21508 42689\n9223372036854775808 9223372036854775808\n");
        assert_eq!(out.expect("valid"), "14994\n35202\n16017865340936038689\n");
        let max = u64::MAX;
        assert_eq!(
            run(&format!("1\r\n{max}  {max}\r\n")).expect("valid"),
            "11290409524105353207\n"
        );
        assert_eq!(run("0\n").expect("valid"), "");
        let mut out = Vec::new();
        let values = [0, 7, 10, 99, 100, 12345, u64::MAX];
        format_products(&values, &mut out);
        let expected: String = values.iter().map(|v| format!("{v}\n")).collect();
        assert_eq!(String::from_utf8(out).expect("ascii"), expected);
    }

    #[test]
    fn malformed_input_names_the_line() {
        let e = run("2\n1 2\n3\n").expect_err("short line");
        assert_eq!((e.line, e.kind), (3, ProductsErrorKind::BadQuery));
        let e = run("x\n").expect_err("no count");
        assert_eq!((e.line, e.kind), (1, ProductsErrorKind::BadCount));
        let e = run("1\n18446744073709551616 1\n").expect_err("too big");
        assert_eq!((e.line, e.kind), (2, ProductsErrorKind::Overflow));
        let e = run("3\n1 2\n").expect_err("too few");
        assert!(matches!(e.kind, ProductsErrorKind::TooFewQueries { .. }));
        let e = run("1\n1 2\n3 4\n").expect_err("extra");
        assert_eq!((e.line, e.kind), (3, ProductsErrorKind::TrailingInput));
        let e = run("1\n1 -2\n").expect_err("negative");
        assert_eq!(e.to_string(), "line 2: expected two numbers `A B`");
    }

    #[test]
    fn the_fast_scan_and_the_line_parser_agree() {
        let input = "3\n0 18446744073709551615\r\n12 34\n9999999999999999999 1";
        let scanned = scan_queries(input.as_bytes()).expect("canonical");
        assert_eq!(Ok(scanned), parse_queries_by_line(input.as_bytes()));
        // Non-canonical but valid input takes the line parser.
        assert!(scan_queries(b"1\n 1\t2 \n").is_none());
        assert_eq!(parse_queries(b"1\n 1\t2 \n"), Ok((vec![1], vec![2])));
        assert!(scan_queries(b"1\n18446744073709551616 1\n").is_none());
        assert!(scan_queries(b"1\n123456789012345678901 1\n").is_none());
    }

    #[test]
    fn the_word_scan_reads_every_length() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..4000u32 {
            x = x.rotate_left(13).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ u64::from(k);
            let v = x >> (k % 64);
            let text = format!("{v} 7\n{}", " ".repeat(30));
            let mut i = 0;
            assert_eq!(scan_number(text.as_bytes(), &mut i), Some(v), "{text}");
            assert_eq!(i, v.to_string().len());
        }
        let mut i = 0;
        let big = format!("18446744073709551616 1{}", " ".repeat(30));
        assert_eq!(scan_number(big.as_bytes(), &mut i), None);
        let long = format!("123456789012345678901 1{}", " ".repeat(30));
        assert_eq!(scan_number(long.as_bytes(), &mut 0), None);
        assert_eq!(scan_number(b" 12345678901234567890123456", &mut 0), None);
    }
}
