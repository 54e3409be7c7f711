//! The dates a page carries (`date`, `updated`): RFC 3339 date-times or plain days, read
//! once into a value that orders correctly across time zones and prints as Atom wants it.

use std::cmp::Ordering;
use std::fmt;

/// A day, or an instant with its time zone, as a page's front matter gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageDate {
    year: u32,
    month: u32,
    day: u32,
    /// The time of day and its offset from UTC in minutes; `None` for a plain day.
    time: Option<(Time, i32)>,
}

/// A time of day, with its fraction of a second as written (digits after the point).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Time {
    hour: u32,
    minute: u32,
    second: u32,
    fraction: String,
}

/// The names of the months, for dates shown to readers.
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// What a date may look like, for errors.
pub const EXPECTED: &str = "a date such as `2024-05-17` or `2024-05-17T09:30:00Z`";

impl PageDate {
    /// Reads `YYYY-MM-DD` or an RFC 3339 date-time (`T` or a space before the time, and
    /// `Z` or `±HH:MM` after it); returns why it is not one otherwise.
    pub fn parse(text: &str) -> Result<PageDate, String> {
        let bad = || format!("`{}` is not {EXPECTED}", crate::escape::visible(text));
        let (day, rest) = match text.get(10..) {
            Some(rest) => (&text[..10], rest),
            None => return Err(bad()),
        };
        let (year, month, mday) = parse_day(day).ok_or_else(bad)?;
        if month == 0 || month > 12 {
            return Err(format!("month {month} is not between 1 and 12"));
        }
        if mday == 0 || mday > days_in_month(year, month) {
            return Err(format!("{} has no day {mday}", month_year(year, month)));
        }
        let time = match rest {
            "" => None,
            rest if rest.starts_with(['T', 't', ' ']) => Some(parse_time(&rest[1..], bad)?),
            _ => return Err(bad()),
        };
        Ok(PageDate {
            year,
            month,
            day: mday,
            time,
        })
    }

    /// Returns the day that is `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    pub fn from_unix_days(days: u64) -> PageDate {
        let z = i64::try_from(days).unwrap_or(0).min(2_900_000) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        let small = |n: i64| u32::try_from(n).unwrap_or(0);
        PageDate {
            year: small(year),
            month: small(month),
            day: small(day),
            time: None,
        }
    }

    /// Returns the date as Atom and `<time datetime>` write it: the day alone, or the full
    /// RFC 3339 date-time with `T` and `Z` in capitals.
    pub fn iso(&self) -> String {
        let day = format!("{:04}-{:02}-{:02}", self.year, self.month, self.day);
        match &self.time {
            None => day,
            Some((t, offset)) => format!("{day}T{}{}", clock(t), zone(*offset)),
        }
    }

    /// Returns the date as an instant in RFC 3339 for Atom, where a plain day is its
    /// midnight in UTC.
    pub fn instant(&self) -> String {
        match self.time {
            None => format!("{}T00:00:00Z", self.iso()),
            Some(_) => self.iso(),
        }
    }

    /// Returns the day as a reader sees it, such as "17 May 2024".
    pub fn text(&self) -> String {
        format!("{} {}", self.day, month_year(self.year, self.month))
    }

    /// Returns the key that orders dates in time: seconds since 0000-03-01 in UTC, then
    /// the fraction of the second.
    fn key(&self) -> (i64, String) {
        let days = days_from_civil(self.year, self.month, self.day);
        let (seconds, fraction) = match &self.time {
            None => (0, String::new()),
            Some((t, offset)) => (
                i64::from(t.hour * 3600 + t.minute * 60 + t.second) - i64::from(*offset) * 60,
                t.fraction.trim_end_matches('0').to_string(),
            ),
        };
        (days * 86_400 + seconds, fraction)
    }

    /// Compares two dates by the instant they name.
    pub fn cmp_time(&self, other: &PageDate) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for PageDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iso())
    }
}

/// Returns "May 2024".
fn month_year(year: u32, month: u32) -> String {
    let name = MONTHS.get(month as usize - 1).copied().unwrap_or("");
    format!("{name} {year}")
}

/// Returns `HH:MM:SS` with the fraction as written.
fn clock(t: &Time) -> String {
    let fraction = if t.fraction.is_empty() {
        String::new()
    } else {
        format!(".{}", t.fraction)
    };
    format!("{:02}:{:02}:{:02}{fraction}", t.hour, t.minute, t.second)
}

/// Returns `Z` for UTC, else `±HH:MM`.
fn zone(offset: i32) -> String {
    if offset == 0 {
        return "Z".to_string();
    }
    let sign = if offset < 0 { '-' } else { '+' };
    let m = offset.unsigned_abs();
    format!("{sign}{:02}:{:02}", m / 60, m % 60)
}

/// Reads `YYYY-MM-DD` into numbers, without checking their ranges.
fn parse_day(day: &str) -> Option<(u32, u32, u32)> {
    let b = day.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    Some((
        digits(&day[0..4])?,
        digits(&day[5..7])?,
        digits(&day[8..10])?,
    ))
}

/// Reads a run of ASCII digits.
fn digits(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Reads `HH:MM:SS[.frac](Z|±HH:MM)`, with each field in range.
fn parse_time(text: &str, bad: impl Fn() -> String) -> Result<(Time, i32), String> {
    let b = text.as_bytes();
    if b.len() < 8 || b[2] != b':' || b[5] != b':' {
        return Err(bad());
    }
    let field = |range: std::ops::Range<usize>| text.get(range).and_then(digits).ok_or_else(&bad);
    let (hour, minute, second) = (field(0..2)?, field(3..5)?, field(6..8)?);
    let mut rest = text.get(8..).ok_or_else(&bad)?;
    let mut fraction = String::new();
    if let Some(after) = rest.strip_prefix('.') {
        let n = after.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return Err(bad());
        }
        fraction = after[..n].to_string();
        rest = &after[n..];
    }
    let offset = match rest {
        "Z" | "z" => 0,
        "" => {
            return Err(format!(
                "the time `{}` has no time zone; add `Z` for UTC or an offset such as `+01:00`",
                crate::escape::visible(text)
            ));
        }
        _ => parse_offset(rest).ok_or_else(&bad)?,
    };
    if hour > 23 || minute > 59 || second > 60 {
        return Err(format!(
            "{hour:02}:{minute:02}:{second:02} is not a time of day"
        ));
    }
    let time = Time {
        hour,
        minute,
        second,
        fraction,
    };
    Ok((time, offset))
}

/// Reads `±HH:MM` into minutes east of UTC.
fn parse_offset(text: &str) -> Option<i32> {
    let b = text.as_bytes();
    if b.len() != 6 || b[3] != b':' {
        return None;
    }
    let sign = match b[0] {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let (h, m) = (digits(&text[1..3])?, digits(&text[4..6])?);
    (h <= 23 && m <= 59).then(|| sign * i32::try_from(h * 60 + m).unwrap_or(0))
}

/// Returns whether `year` is a leap year of the Gregorian calendar.
fn is_leap(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// Returns how many days `month` of `year` has.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Returns the days from 0000-03-01 to a valid day (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: u32, month: u32, day: u32) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> PageDate {
        PageDate::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn reads_days_and_date_times() {
        assert_eq!(date("2024-05-17").iso(), "2024-05-17");
        assert_eq!(date("2024-05-17").instant(), "2024-05-17T00:00:00Z");
        assert_eq!(date("2024-05-17").text(), "17 May 2024");
        assert_eq!(date("2024-05-17t09:30:00z").iso(), "2024-05-17T09:30:00Z");
        assert_eq!(
            date("2024-05-17 09:30:00.250-05:30").iso(),
            "2024-05-17T09:30:00.250-05:30"
        );
        assert_eq!(date("2024-02-29").text(), "29 February 2024");
    }

    #[test]
    fn refuses_what_is_not_a_date() {
        for bad in [
            "2024-5-17",
            "17 May 2024",
            "2024-13-01",
            "2024-00-10",
            "2023-02-29",
            "2024-04-31",
            "2024-05-17T25:00:00Z",
            "2024-05-17T09:60:00Z",
            "2024-05-17T09:30:00",
            "2024-05-17T09:30Z",
            "2024-05-17T09:30:00+1:00",
            "2024-05-17T09:30:00+24:00",
            "2024-05-17T09:30:00.Z",
            "2024-05-17x",
            "",
            "２０２４-05-17",
            "2024-05-17T09:30:0é",
        ] {
            assert!(PageDate::parse(bad).is_err(), "{bad}");
        }
        let err = PageDate::parse("2023-02-29").expect_err("no leap day");
        assert_eq!(err, "February 2023 has no day 29");
        let err = PageDate::parse("2024-05-17T09:30:00").expect_err("no zone");
        assert!(err.contains("no time zone"), "{err}");
    }

    #[test]
    fn counts_days_from_the_unix_epoch() {
        assert_eq!(PageDate::from_unix_days(0).iso(), "1970-01-01");
        assert_eq!(PageDate::from_unix_days(19_782).iso(), "2024-02-29");
        assert_eq!(PageDate::from_unix_days(19_783).iso(), "2024-03-01");
        assert_eq!(PageDate::from_unix_days(10_957).iso(), "2000-01-01");
        for days in [0, 59, 365, 11_016, 19_782, 2_000_000] {
            let d = PageDate::from_unix_days(days);
            let back = days_from_civil(d.year, d.month, d.day) - days_from_civil(1970, 1, 1);
            assert_eq!(back, days as i64, "{d}");
        }
    }

    #[test]
    fn orders_instants_across_time_zones() {
        let a = date("2024-05-17T09:30:00+02:00");
        let b = date("2024-05-17T08:00:00Z");
        assert_eq!(a.cmp_time(&b), Ordering::Less);
        assert_eq!(b.cmp_time(&a), Ordering::Greater);
        assert_eq!(date("2024-05-17T07:30:00Z").cmp_time(&a), Ordering::Equal);
        assert_eq!(
            date("2024-05-17").cmp_time(&date("2024-05-16T23:59:59Z")),
            Ordering::Greater
        );
        assert_eq!(
            date("2024-01-01").cmp_time(&date("2023-12-31")),
            Ordering::Greater
        );
        assert_eq!(
            date("2024-03-01").cmp_time(&date("2024-02-29")),
            Ordering::Greater
        );
        assert_eq!(
            date("2024-05-17T09:30:00.5Z").cmp_time(&date("2024-05-17T09:30:00.50Z")),
            Ordering::Equal
        );
    }
}
