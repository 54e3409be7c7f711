//! `nimsite products`: Library Checker's nim_product_64 problem, which tests the fast
//! product against an outside judge at scale.
//!
//! The input streams through a fixed buffer: canonical lines (`A B\n`) take a word-at-a-time
//! scan, anything else is read byte by byte with the line numbers kept, and products are
//! multiplied, formatted and written a batch at a time, so memory stays flat however long
//! the input.

use std::fmt;
use std::io::{self, Read, Write};
use std::process::ExitCode;

use super::print_err;
use crate::nimber::Mul64;

/// Bytes read from the input at a time.
const BLOCK: usize = 1 << 20;
/// Queries multiplied and written together.
const BATCH: usize = 4096;
/// Queries read at most while the product's tables are being built.
const EARLY: usize = 128 * BATCH;
/// Bytes the word scan needs ahead of a line start: a canonical line is at most 43 bytes,
/// and each number's scan may load 24.
const LOOKAHEAD: usize = 64;

/// Reads Library Checker's nim_product_64 input on stdin and prints each product.
///
/// Products are written a batch at a time, so on malformed input the products of earlier
/// lines may already be on stdout; the exit code (2) says the answer is incomplete. A
/// closed stdout ends the command quietly.
pub fn products() -> ExitCode {
    match products_io(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(ProductsError {
            kind: ProductsErrorKind::Write(io::ErrorKind::BrokenPipe),
            ..
        }) => ExitCode::SUCCESS,
        Err(e) => {
            print_err(&format!("error: {e}\n"));
            ExitCode::from(2)
        }
    }
}

/// Malformed `products` input, or a failed read or write, with the 1-based line it
/// happened on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductsError {
    /// The line number, counting from 1.
    pub line: usize,
    /// What was wrong with it.
    pub kind: ProductsErrorKind,
}

/// What was wrong with a line of `products` input, or with its reading or writing.
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
    /// Reading the input failed while on this line.
    Read(io::ErrorKind),
    /// Writing the products failed while on this line.
    Write(io::ErrorKind),
}

impl fmt::Display for ProductsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ProductsErrorKind::Read(e) => return write!(f, "cannot read the input: {e}"),
            ProductsErrorKind::Write(e) => return write!(f, "cannot write the products: {e}"),
            _ => {}
        }
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            ProductsErrorKind::BadCount => write!(f, "expected the number of queries T"),
            ProductsErrorKind::BadQuery => write!(f, "expected two numbers `A B`"),
            ProductsErrorKind::Overflow => write!(f, "number does not fit in 64 bits"),
            ProductsErrorKind::TooFewQueries { expected, found } => {
                write!(f, "input ends after {found} of {expected} queries")
            }
            ProductsErrorKind::TrailingInput => write!(f, "unexpected text after the last query"),
            ProductsErrorKind::Read(_) | ProductsErrorKind::Write(_) => Ok(()),
        }
    }
}

impl std::error::Error for ProductsError {}

/// Streams a `products` input from `input`, writing each product to `out` a batch at a
/// time; memory stays within a fixed buffer whatever the input's length.
pub fn products_io<R: Read, W: Write>(mut input: R, out: W) -> Result<(), ProductsError> {
    let mut parser = Parser::default();
    let mut sink = Answers::new(out);
    let mut buf = vec![0u8; BLOCK];
    let mut end = 0;
    loop {
        let n = loop {
            match input.read(&mut buf[end..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(parser.error(ProductsErrorKind::Read(e.kind()))),
            }
        };
        end += n;
        let eof = n == 0;
        let used = parser.run(&buf[..end], eof, &mut sink)?;
        if eof {
            break;
        }
        // At most a partial line of under LOOKAHEAD bytes is left, so the block never fills.
        buf.copy_within(used..end, 0);
        end -= used;
    }
    sink.finish()
        .map_err(|e| parser.error(ProductsErrorKind::Write(e.kind())))
}

/// Parses `T` and then `T` lines `A B` into two vectors, naming the first bad line.
///
/// Blanks (spaces, tabs, `\r`) may surround the numbers and blank lines may end the input.
pub fn parse_queries(input: &[u8]) -> Result<(Vec<u64>, Vec<u64>), ProductsError> {
    let mut queries = (Vec::new(), Vec::new());
    Parser::default().run(input, true, &mut queries)?;
    Ok(queries)
}

/// Where the parsed queries go.
trait Queries {
    /// Takes one query.
    fn push(&mut self, a: u64, b: u64) -> io::Result<()>;
}

impl Queries for (Vec<u64>, Vec<u64>) {
    fn push(&mut self, a: u64, b: u64) -> io::Result<()> {
        self.0.push(a);
        self.1.push(b);
        Ok(())
    }
}

/// Multiplies queries a batch at a time and writes the products.
struct Answers<W> {
    mul: Multiplier,
    a: Vec<u64>,
    b: Vec<u64>,
    p: Vec<u64>,
    text: Vec<u8>,
    out: W,
}

/// The product, whose tables are built on another thread while the first queries are read.
enum Multiplier {
    Building(std::thread::JoinHandle<Mul64>),
    Ready(Mul64),
}

impl Multiplier {
    fn start() -> Self {
        match std::thread::Builder::new().spawn(Mul64::detect) {
            Ok(handle) => Multiplier::Building(handle),
            Err(_) => Multiplier::Ready(Mul64::detect()),
        }
    }

    fn is_ready(&self) -> bool {
        match self {
            Multiplier::Building(handle) => handle.is_finished(),
            Multiplier::Ready(_) => true,
        }
    }

    /// Returns the product, waiting for its tables if need be.
    fn get(&mut self) -> Mul64 {
        if let Multiplier::Building(_) = self {
            let Multiplier::Building(handle) =
                std::mem::replace(self, Multiplier::Ready(Mul64::portable()))
            else {
                unreachable!("matched above")
            };
            let mul = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            *self = Multiplier::Ready(mul);
        }
        match self {
            Multiplier::Ready(mul) => *mul,
            Multiplier::Building(_) => unreachable!("replaced above"),
        }
    }
}

impl<W: Write> Answers<W> {
    fn new(out: W) -> Self {
        Answers {
            mul: Multiplier::start(),
            a: Vec::with_capacity(BATCH),
            b: Vec::with_capacity(BATCH),
            p: vec![0; BATCH],
            text: Vec::with_capacity(21 * BATCH),
            out,
        }
    }

    /// Multiplies, formats and writes the queries held, a batch at a time.
    fn write_batch(&mut self) -> io::Result<()> {
        let mul = self.mul.get();
        for (a, b) in self.a.chunks(BATCH).zip(self.b.chunks(BATCH)) {
            let p = &mut self.p[..a.len()];
            mul.mul_batch(a, b, p);
            self.text.clear();
            format_products(p, &mut self.text);
            self.out.write_all(&self.text)?;
        }
        self.a.clear();
        self.b.clear();
        Ok(())
    }

    /// Writes what is left and flushes.
    fn finish(mut self) -> io::Result<()> {
        self.write_batch()?;
        self.out.flush()
    }
}

impl<W: Write> Queries for Answers<W> {
    #[inline]
    fn push(&mut self, a: u64, b: u64) -> io::Result<()> {
        self.a.push(a);
        self.b.push(b);
        // Until the product is ready, up to EARLY queries (8 MiB) wait for it.
        if self.a.len().is_multiple_of(BATCH) && (self.a.len() == EARLY || self.mul.is_ready()) {
            self.write_batch()?;
        }
        Ok(())
    }
}

/// A number being read byte by byte.
#[derive(Clone, Copy, Debug, Default)]
struct Token {
    value: u64,
    /// A byte other than a digit was seen.
    nondigit: bool,
    overflow: bool,
}

/// The input's state between blocks. Line by line it follows one rule: the first line is
/// the count, each of the next `T` lines two numbers, and after them only blanks; a blank
/// line before the `T`-th query is an error unless nothing but blanks follows it.
#[derive(Debug)]
struct Parser {
    /// The count `T`, once line 1 has been read.
    count: Option<usize>,
    found: usize,
    /// The current line.
    line: usize,
    /// The first of a run of blank lines met before the last query.
    blank_from: Option<usize>,
    /// Whether part of the current line has been read byte by byte.
    mid_line: bool,
    /// The current line's numbers so far.
    values: [u64; 2],
    nvalues: usize,
    token: Option<Token>,
    /// The current line holds only ASCII whitespace so far.
    blank: bool,
    /// A token of form feeds was read on a line still blank; an error if the line is not.
    blank_token: bool,
}

impl Default for Parser {
    fn default() -> Self {
        Parser {
            count: None,
            found: 0,
            line: 1,
            blank_from: None,
            mid_line: false,
            values: [0; 2],
            nvalues: 0,
            token: None,
            blank: true,
            blank_token: false,
        }
    }
}

impl Parser {
    fn error(&self, kind: ProductsErrorKind) -> ProductsError {
        ProductsError {
            line: self.line,
            kind,
        }
    }

    /// The error for a bad number on the current line.
    fn bad(&self, kind: ProductsErrorKind) -> ProductsError {
        match self.count {
            None => self.error(ProductsErrorKind::BadCount),
            Some(_) => self.error(kind),
        }
    }

    /// Consumes `data`, returning how many bytes it used; unless `eof`, the rest (under
    /// [`LOOKAHEAD`] bytes) must be offered again with more after it.
    fn run<S: Queries>(
        &mut self,
        data: &[u8],
        eof: bool,
        sink: &mut S,
    ) -> Result<usize, ProductsError> {
        let mut i = 0;
        loop {
            if let Some(count) = self.count
                && !self.mid_line
                && self.blank_from.is_none()
            {
                i = self.canonical_lines(data, i, count, sink)?;
                if !eof && data.len() - i < LOOKAHEAD && self.found < count {
                    return Ok(i);
                }
            }
            match data[i..].iter().position(|&c| c == b'\n') {
                Some(n) => {
                    self.bytes(&data[i..i + n])?;
                    self.end_line(sink)?;
                    self.line += 1;
                    i += n + 1;
                }
                None => {
                    self.bytes(&data[i..])?;
                    if eof {
                        self.end_line(sink)?;
                        return self.finish().map(|()| data.len());
                    }
                    self.mid_line = true;
                    return Ok(data.len());
                }
            }
        }
    }

    /// Reads canonical query lines (`A B\n` or `A B\r\n`) from `i` while a whole line is
    /// surely in `data`, returning where it stopped.
    #[inline]
    fn canonical_lines<S: Queries>(
        &mut self,
        data: &[u8],
        mut i: usize,
        count: usize,
        sink: &mut S,
    ) -> Result<usize, ProductsError> {
        while self.found < count && data.len() - i >= LOOKAHEAD {
            let Some((a, b, next)) = scan_line(data, i) else {
                break;
            };
            sink.push(a, b)
                .map_err(|e| self.error(ProductsErrorKind::Write(e.kind())))?;
            self.found += 1;
            self.line += 1;
            i = next;
        }
        Ok(i)
    }

    /// Reads bytes of the current line, none of them `\n`.
    fn bytes(&mut self, bytes: &[u8]) -> Result<(), ProductsError> {
        if self.blank_from.is_some() || self.count.is_some_and(|t| self.found == t) {
            // Only blanks may follow; a word after a blank run makes its first line bad.
            if bytes.iter().all(u8::is_ascii_whitespace) {
                return Ok(());
            }
            return Err(match self.blank_from {
                Some(line) => ProductsError {
                    line,
                    kind: ProductsErrorKind::BadQuery,
                },
                None => self.error(ProductsErrorKind::TrailingInput),
            });
        }
        for &c in bytes {
            if matches!(c, b' ' | b'\t' | b'\r') {
                self.end_token()?;
                continue;
            }
            if self.blank && !c.is_ascii_whitespace() {
                self.blank = false;
                if self.blank_token {
                    return Err(self.bad(ProductsErrorKind::BadQuery));
                }
            }
            let t = self.token.get_or_insert_default();
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                t.nondigit = true;
            } else if let Some(v) = t
                .value
                .checked_mul(10)
                .and_then(|v| v.checked_add(d.into()))
            {
                t.value = v;
            } else {
                t.overflow = true;
            }
        }
        Ok(())
    }

    /// Ends the token being read, if any.
    fn end_token(&mut self) -> Result<(), ProductsError> {
        let Some(t) = self.token.take() else {
            return Ok(());
        };
        let room = if self.count.is_none() { 1 } else { 2 };
        if t.nondigit && self.blank {
            // Only form feeds so far: harmless if the line stays blank.
            self.blank_token = true;
        } else if self.nvalues == room || t.nondigit {
            return Err(self.bad(ProductsErrorKind::BadQuery));
        } else if t.overflow {
            return Err(self.bad(ProductsErrorKind::Overflow));
        } else {
            self.values[self.nvalues] = t.value;
            self.nvalues += 1;
        }
        Ok(())
    }

    /// Ends the current line and starts the next.
    fn end_line<S: Queries>(&mut self, sink: &mut S) -> Result<(), ProductsError> {
        self.end_token()?;
        let line = std::mem::replace(
            self,
            Parser {
                line: self.line,
                ..Parser::default()
            },
        );
        self.count = line.count;
        self.found = line.found;
        self.blank_from = line.blank_from;
        match line.count {
            None => {
                let count = (line.nvalues == 1)
                    .then(|| usize::try_from(line.values[0]).ok())
                    .flatten()
                    .ok_or(self.error(ProductsErrorKind::BadCount))?;
                self.count = Some(count);
            }
            Some(count) if line.blank_from.is_none() && line.found < count => {
                if line.blank {
                    self.blank_from = Some(line.line);
                } else if line.nvalues != 2 {
                    return Err(self.error(ProductsErrorKind::BadQuery));
                } else {
                    sink.push(line.values[0], line.values[1])
                        .map_err(|e| self.error(ProductsErrorKind::Write(e.kind())))?;
                    self.found += 1;
                }
            }
            Some(_) => {}
        }
        Ok(())
    }

    /// Checks, at the end of the input, that every query was there.
    fn finish(&self) -> Result<(), ProductsError> {
        match self.count {
            Some(expected) if self.found < expected => Err(ProductsError {
                line: self.blank_from.unwrap_or(self.line),
                kind: ProductsErrorKind::TooFewQueries {
                    expected,
                    found: self.found,
                },
            }),
            _ => Ok(()),
        }
    }
}

/// Scans one canonical line at `i`, returning its numbers and where the next line starts;
/// `data` has at least [`LOOKAHEAD`] bytes from `i`.
#[inline(always)]
fn scan_line(data: &[u8], i: usize) -> Option<(u64, u64, usize)> {
    let mut j = i;
    let a = scan_number(data, &mut j)?;
    if data.get(j) != Some(&b' ') {
        return None;
    }
    j += 1;
    let b = scan_number(data, &mut j)?;
    if data.get(j) == Some(&b'\r') {
        j += 1;
    }
    (data.get(j) == Some(&b'\n')).then_some((a, b, j + 1))
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
    // Below 20 digits nothing overflows; the last step of a 20-digit number is checked.
    while pos + 8 < len {
        v = v * 100_000_000 + parse8(load8(s, pos).wrapping_sub(0x3030_3030_3030_3030));
        pos += 8;
    }
    if pos < len {
        let chunk = parse8(load8(s, pos).wrapping_sub(0x3030_3030_3030_3030));
        v = if len < 20 {
            v * 100_000_000 + chunk
        } else {
            v.checked_mul(100_000_000)?.checked_add(chunk)?
        };
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

/// Appends each value in decimal on its own line.
pub fn format_products(values: &[u64], out: &mut Vec<u8>) {
    // Up to 20 digits as three 8-digit words, each stored whole at the write position of a
    // zeroed tail with room to spare; the first word's leading zeros are shifted out, and
    // the tail is cut back to what was written.
    let mut at = out.len();
    out.resize(at + values.len() * 21 + 24, 0);
    for &v in values {
        let (top, rest) = (v / 10_000_000_000_000_000, v % 10_000_000_000_000_000);
        let (mid, low) = ((rest / 100_000_000) as u32, (rest % 100_000_000) as u32);
        let (words, full) = if top != 0 {
            ([digits8(top as u32), digits8(mid), digits8(low)], 3)
        } else if mid != 0 {
            ([digits8(mid), digits8(low), 0], 2)
        } else {
            ([digits8(low), 0, 0], 1)
        };
        // Digit values are the bytes minus '0'; the first nonzero one starts the number,
        // and zero keeps its last digit.
        let lead = ((words[0] & !0x3030_3030_3030_3030).trailing_zeros() / 8).min(7) as usize;
        out[at..at + 8].copy_from_slice(&(words[0] >> (8 * lead)).to_le_bytes());
        at += 8 - lead;
        for &w in &words[1..full] {
            out[at..at + 8].copy_from_slice(&w.to_le_bytes());
            at += 8;
        }
        out[at] = b'\n';
        at += 1;
    }
    out.truncate(at);
}

/// Returns the eight decimal digits of `x < 10^8` as ASCII, the most significant in the
/// low byte, by splitting in lanes: into two halves of four digits, then pairs, then
/// digits, each step a multiply-shift division valid for its range.
#[inline(always)]
fn digits8(x: u32) -> u64 {
    let x = u64::from(x);
    // Lanes of 32 bits: [x / 10^4, x % 10^4].
    let v = (x / 10_000) | ((x % 10_000) << 32);
    // Lanes of 16 bits: n / 100 = (n * 10486) >> 20 for n < 10^4.
    let q = ((v * 10_486) >> 20) & 0x0000_007f_0000_007f;
    let v = q | ((v - q * 100) << 16);
    // Lanes of 8 bits: n / 10 = (n * 103) >> 10 for n < 100.
    let q = ((v * 103) >> 10) & 0x000f_000f_000f_000f;
    let v = q | ((v - q * 10) << 8);
    v | 0x3030_3030_3030_3030
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(input: &str) -> Result<String, ProductsError> {
        let mut out = Vec::new();
        products_io(input.as_bytes(), &mut out)?;
        Ok(String::from_utf8(out).expect("ascii"))
    }

    /// Hands out `data` in pieces of the given sizes, in turn.
    struct Pieces<'a> {
        data: &'a [u8],
        sizes: &'a [usize],
        k: usize,
    }

    impl Read for Pieces<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let want = self.sizes[self.k % self.sizes.len()].max(1);
            self.k += 1;
            let n = want.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn run_in_pieces(input: &[u8], sizes: &[usize]) -> Result<Vec<u8>, ProductsError> {
        let mut out = Vec::new();
        let reader = Pieces {
            data: input,
            sizes,
            k: 0,
        };
        products_io(reader, &mut out).map(|()| out)
    }

    /// The products the reference parser's queries have, as text.
    fn expected_text(a: &[u64], b: &[u64]) -> Vec<u8> {
        let m = Mul64::portable();
        let p: Vec<u64> = a.iter().zip(b).map(|(&x, &y)| m.mul(x, y)).collect();
        let mut out = Vec::new();
        format_products(&p, &mut out);
        out
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
    fn the_stream_and_the_line_parser_agree() {
        let cases = [
            "3\n0 18446744073709551615\r\n12 34\n9999999999999999999 1",
            "1\n 1\t2 \n",
            "1\n18446744073709551616 1\n",
            "1\n123456789012345678901 1\n",
            "2\n1 2\n\n\n",
            "2\n1 2\n\n3 4\n",
            "2\n1 2\n\x0c\n",
            "2\n\x0c 1 2\n3 4\n",
            "1\n00000000000000000000000001 2\n",
            "1\n1 2 3\n",
            "",
            "\n",
            " 2 \r\n1 2\n3 4",
        ];
        for case in cases {
            let expected = parse_queries_by_line(case.as_bytes());
            assert_eq!(parse_queries(case.as_bytes()), expected, "{case:?}");
            let streamed = run_in_pieces(case.as_bytes(), &[1]);
            let want = expected.map(|(a, b)| expected_text(&a, &b));
            assert_eq!(streamed, want, "{case:?}");
        }
    }

    #[test]
    fn streams_across_block_boundaries() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut input = Vec::new();
        let n = 3 * BLOCK / 30;
        input.extend_from_slice(format!("{n}\n").as_bytes());
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for k in 0..n {
            x = x.rotate_left(13).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ k as u64;
            let (u, v) = (x >> (k % 64), x.rotate_left(7) >> (k % 61));
            // Every twentieth line takes the byte-by-byte path.
            let sep = if k % 20 == 0 { " \t " } else { " " };
            input.extend_from_slice(format!("{u}{sep}{v}\n").as_bytes());
            a.push(u);
            b.push(v);
        }
        let want = expected_text(&a, &b);
        let mut out = Vec::new();
        products_io(input.as_slice(), &mut out).expect("valid");
        assert!(out == want, "whole reads differ");
        for sizes in [&[7, 1, 100, 63, 64, 65][..], &[BLOCK / 3 + 11]] {
            assert!(
                run_in_pieces(&input, sizes) == Ok(want.clone()),
                "{sizes:?}"
            );
        }
    }

    #[test]
    fn a_line_may_be_longer_than_a_block() {
        let mut input = b"2\n3".to_vec();
        input.resize(input.len() + BLOCK + 5, b' ');
        input.extend_from_slice(b"5\n2 2\n");
        input.resize(input.len() + 2 * BLOCK, b'\n');
        assert_eq!(run_in_pieces(&input, &[BLOCK]), Ok(b"15\n3\n".to_vec()));
        input.push(b'x');
        let e = run_in_pieces(&input, &[4096]).expect_err("trailing");
        assert_eq!(parse_queries_by_line(&input), Err(e.clone()));
        assert_eq!(
            (e.line, e.kind),
            (2 * BLOCK + 4, ProductsErrorKind::TrailingInput)
        );
    }

    #[test]
    fn write_failures_are_reported() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let e = products_io(&b"1\n2 2\n"[..], Closed).expect_err("closed");
        assert_eq!(e.kind, ProductsErrorKind::Write(io::ErrorKind::BrokenPipe));
        assert_eq!(e.to_string(), "cannot write the products: broken pipe");
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

    #[test]
    fn formats_every_length_and_edge() {
        let mut values = vec![0, 1, 9, u64::MAX, u64::MAX - 1];
        let mut p = 1u64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, next / 2]);
            p = next;
        }
        values.extend([p - 1, p, p + 1]);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..20_000u32 {
            x = x.rotate_left(13).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ u64::from(k);
            values.push(x >> (k % 64));
        }
        let mut out = b"kept".to_vec();
        format_products(&values, &mut out);
        let expected: String = values.iter().map(|v| format!("{v}\n")).collect();
        assert_eq!(out[..4], *b"kept");
        assert!(out[4..] == *expected.as_bytes(), "formatting differs");
    }

    /// Inputs near the canonical form: numbers of any length, odd blanks, stray bytes.
    fn near_canonical() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            8 => any::<u64>().prop_map(|v| v.to_string().into_bytes()),
            2 => (0u64..4).prop_map(|v| v.to_string().into_bytes()),
            1 => Just(b"18446744073709551616".to_vec()),
            1 => Just(b"000000000000000000000000000042".to_vec()),
            6 => Just(b" ".to_vec()),
            6 => Just(b"\n".to_vec()),
            1 => Just(b"\r\n".to_vec()),
            1 => Just(b"\t".to_vec()),
            1 => Just(b"\x0c".to_vec()),
            1 => Just(b"-".to_vec()),
            1 => Just(b"x".to_vec()),
        ];
        (0usize..6, proptest::collection::vec(piece, 0..60)).prop_map(|(t, pieces)| {
            let mut input = format!("{t}\n").into_bytes();
            for p in pieces {
                input.extend_from_slice(&p);
            }
            input
        })
    }

    proptest! {
        #[test]
        fn any_input_streams_as_the_line_parser_reads_it(
            input in near_canonical(),
            sizes in proptest::collection::vec(1usize..80, 1..5),
        ) {
            let expected = parse_queries_by_line(&input);
            prop_assert_eq!(parse_queries(&input), expected.clone());
            let want = expected.map(|(a, b)| expected_text(&a, &b));
            prop_assert_eq!(run_in_pieces(&input, &sizes), want);
        }
    }

    // The line-by-line parser the stream replaced, kept as the reference for its errors.

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
}
