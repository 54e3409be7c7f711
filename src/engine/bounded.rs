//! Tera renders that stop when a template runs away: the output of one render is capped,
//! and `range` and `split` draw their items from one allowance per render, so nested
//! loops end. The site's templates and the directives' partials both render through here.

use std::cell::Cell;
use std::io::Write;

use tera::{Context, Kwargs, State, Tera, TeraResult, Value};

/// The most bytes one page may render to: past it a template is running away.
pub const MAX_PAGE_BYTES: usize = 64 << 20;

/// The most list items `range` and `split` may make while one page renders, so nested
/// loops end; lists from the site itself are bounded by the site.
pub const MAX_RENDER_ITEMS: usize = 1_000_000;

thread_local! {
    /// The items the render in progress on this thread may still make: a render runs on
    /// one thread, and tera gives its functions no handle of their own to count with.
    static ITEMS_LEFT: Cell<usize> = const { Cell::new(MAX_RENDER_ITEMS) };
}

/// Why a bounded render failed.
#[derive(Debug)]
pub enum Failure {
    /// The render passed [`MAX_PAGE_BYTES`].
    TooLarge,
    /// The render made bytes that are not UTF-8.
    NotText,
    /// Tera's own error, the allowance of items included.
    Tera(tera::Error),
}

/// Replaces tera's `range` and `split` with the versions that count their items.
pub fn register(tera: &mut Tera) {
    tera.register_function("range", range);
    tera.register_filter("split", split);
}

/// Renders `name` with a fresh allowance and a capped output.
pub fn render(tera: &Tera, name: &str, context: &Context) -> Result<String, Failure> {
    ITEMS_LEFT.with(|left| left.set(MAX_RENDER_ITEMS));
    let mut out = Bounded::default();
    match tera.render_to(name, context, &mut out) {
        Ok(()) => String::from_utf8(out.bytes).map_err(|_| Failure::NotText),
        Err(_) if out.full => Err(Failure::TooLarge),
        Err(err) => Err(Failure::Tera(err)),
    }
}

/// A page's output that refuses to grow past [`MAX_PAGE_BYTES`].
#[derive(Default)]
struct Bounded {
    bytes: Vec<u8>,
    full: bool,
}

impl Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > MAX_PAGE_BYTES {
            self.full = true;
            return Err(std::io::Error::other("the page is too large"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Takes `items` from the current render's allowance, or fails when it is spent.
fn spend(items: usize) -> TeraResult<()> {
    ITEMS_LEFT.with(|left| match left.get().checked_sub(items) {
        Some(rest) => {
            left.set(rest);
            Ok(())
        }
        None => {
            left.set(0);
            Err(tera::Error::message(format!(
                "this page's render makes more than {MAX_RENDER_ITEMS} list items with \
                 `range` and `split`; a loop is running away"
            )))
        }
    })
}

/// Tera's `range(start, end, step_by)`, with each item taken from the render's allowance.
fn range(kwargs: Kwargs, _: &State) -> TeraResult<Vec<i128>> {
    let start = kwargs.get::<i128>("start")?.unwrap_or_default();
    let end = kwargs.must_get::<i128>("end")?;
    let step = kwargs.get::<i128>("step_by")?.unwrap_or(1);
    if step == 0 {
        return Err(tera::Error::message(
            "`range` was called with a `step_by` of 0",
        ));
    }
    if start > end && step > 0 {
        return Err(tera::Error::message(
            "`range` was called with a `start` greater than its `end`",
        ));
    }
    let mut items = Vec::new();
    let mut at = start;
    while (step > 0 && at < end) || (step < 0 && at > end) {
        spend(1)?;
        items.push(at);
        let Some(next) = at.checked_add(step) else {
            break;
        };
        at = next;
    }
    Ok(items)
}

/// Tera's `split(pat)` filter, with its pieces taken from the render's allowance.
fn split(text: &str, kwargs: Kwargs, _: &State) -> TeraResult<Value> {
    let pat = kwargs.must_get::<&str>("pat")?;
    let pieces: Vec<Value> = text.split(pat).map(Value::from).collect();
    spend(pieces.len())?;
    Ok(pieces.into())
}
