//! Progress on stderr: a build phase that runs past a second says so, naming the page it
//! is on and how far it got; a progress bar where stderr is a terminal, plain lines
//! elsewhere, and nothing at all when the build is fast. A watchdog thread notices a
//! single page that runs long, since no step arrives while it works.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::site::{Phase, Progress, Step};

/// How long a phase or a page runs before it is reported.
const THRESHOLD: Duration = Duration::from_secs(1);
/// How often the watchdog looks.
const TICK: Duration = Duration::from_millis(100);
/// The least time between two plain progress lines of one phase.
const LINE_EVERY: Duration = Duration::from_secs(1);
/// The least time between two redraws of the bar.
const REDRAW_EVERY: Duration = Duration::from_millis(50);
/// The width of the bar, in cells.
const BAR: usize = 24;

/// A [`Progress`] sink that reports slow work on stderr; stops its watchdog when dropped.
pub struct Reporter {
    inner: Arc<Inner>,
    watchdog: Option<JoinHandle<()>>,
}

/// The state the steps and the watchdog share.
struct Inner {
    state: Mutex<State>,
    /// Whether the output is a terminal, so a bar can be redrawn in place.
    tty: bool,
    /// How long a phase or a page runs before it is reported.
    threshold: Duration,
    /// Whether every phase is reported, however fast (`serve` at start-up).
    verbose: AtomicBool,
    stop: AtomicBool,
}

/// The phase in progress, and where reports go.
struct State {
    out: Box<dyn Write + Send>,
    phase: Option<Phase>,
    started: Instant,
    total: usize,
    done: usize,
    running: BTreeMap<String, Instant>,
    named: BTreeSet<String>,
    /// Whether this phase has been reported as slow.
    shown: bool,
    last_line: Instant,
    bar: bool,
}

impl Reporter {
    /// Returns a reporter on stderr, with its watchdog running.
    pub fn stderr() -> Self {
        let tty = std::io::stderr().is_terminal();
        Reporter::new(Box::new(std::io::stderr()), tty, THRESHOLD)
    }

    /// Returns a reporter writing to `out` (redrawing a bar in place when `tty`), that
    /// reports work running past `threshold`.
    pub fn new(out: Box<dyn Write + Send>, tty: bool, threshold: Duration) -> Self {
        let now = Instant::now();
        let inner = Arc::new(Inner {
            state: Mutex::new(State {
                out,
                phase: None,
                started: now,
                total: 0,
                done: 0,
                running: BTreeMap::new(),
                named: BTreeSet::new(),
                shown: false,
                last_line: now,
                bar: false,
            }),
            tty,
            threshold,
            verbose: AtomicBool::new(false),
            stop: AtomicBool::new(false),
        });
        let watched = Arc::clone(&inner);
        let tick = TICK.min(threshold / 4).max(Duration::from_millis(1));
        let watchdog = thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                while !watched.stop.load(Ordering::Relaxed) {
                    thread::park_timeout(tick);
                    watched.tick();
                }
            })
            .ok();
        Reporter { inner, watchdog }
    }

    /// Sets whether every phase is reported with its time, however fast.
    pub fn set_verbose(&self, verbose: bool) {
        self.inner.verbose.store(verbose, Ordering::Relaxed);
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        self.inner.stop.store(true, Ordering::Relaxed);
        if let Some(handle) = self.watchdog.take() {
            // Woken rather than waited for, so exiting costs no tick.
            handle.thread().unpark();
            let _ = handle.join();
        }
    }
}

impl Progress for Reporter {
    fn step(&self, step: Step<'_>) {
        self.inner.step(step);
    }
}

/// Returns a duration as progress lines show it: milliseconds below a second, else
/// seconds with one decimal.
fn secs(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

impl Inner {
    /// Folds one step into the state, reporting what is due.
    fn step(&self, step: Step<'_>) {
        let Ok(mut s) = self.state.lock() else { return };
        let now = Instant::now();
        match step {
            Step::Started { phase, total } => s.start(phase, total, now),
            Step::ItemStarted { item, .. } => {
                s.running.insert(item.to_string(), now);
            }
            Step::ItemDone { item, .. } => {
                s.running.remove(item);
                s.done += 1;
                let every = if self.tty { REDRAW_EVERY } else { LINE_EVERY };
                if s.shown && now - s.last_line >= every {
                    self.report_progress(&mut s, now, Some(item));
                }
            }
            Step::Finished { phase } => self.finish(&mut s, phase, now),
        }
    }

    /// Reports what has become slow since the last look.
    fn tick(&self) {
        let Ok(mut s) = self.state.lock() else { return };
        let now = Instant::now();
        if s.phase.is_none() || now - s.started < self.threshold {
            return;
        }
        let slow: Vec<(String, Duration)> = s
            .running
            .iter()
            .filter(|(item, t)| now - **t >= self.threshold && !s.named.contains(*item))
            .map(|(item, t)| (item.clone(), now - *t))
            .collect();
        let phase = s.phase.map_or("", Phase::as_str);
        for (item, ran) in slow {
            self.line(
                &mut s,
                &format!("{phase}: {item} is taking a while ({})\n", secs(ran)),
            );
            s.named.insert(item);
        }
        if !s.shown || self.tty || now - s.last_line >= 5 * LINE_EVERY {
            s.shown = true;
            self.report_progress(&mut s, now, None);
        }
    }

    /// Prints how far the phase is: the bar on a terminal, a line elsewhere.
    fn report_progress(&self, s: &mut State, now: Instant, done: Option<&str>) {
        let phase = s.phase.map_or("", Phase::as_str);
        let on = match s.running.iter().min_by_key(|(_, t)| **t) {
            Some((item, _)) => format!(", on {item}"),
            None => done.map_or(String::new(), |item| format!(", finished {item}")),
        };
        let count = if s.total > 0 {
            format!("{}/{} pages", s.done, s.total)
        } else {
            "working".to_string()
        };
        let elapsed = secs(now - s.started);
        if self.tty {
            let filled = (s.done * BAR).checked_div(s.total).unwrap_or(0).min(BAR);
            let bar = format!("{}{}", "#".repeat(filled), "-".repeat(BAR - filled));
            s.emit(&format!("\r\x1b[2K{phase} [{bar}] {count}, {elapsed}{on}"));
            s.bar = true;
        } else {
            s.emit(&format!("{phase}: {count}, {elapsed}{on}\n"));
        }
        s.last_line = now;
    }

    /// Prints a whole line, above the bar if one is drawn.
    fn line(&self, s: &mut State, text: &str) {
        if s.bar {
            s.emit("\r\x1b[2K");
            s.bar = false;
        }
        s.emit(text);
    }

    /// Ends a phase: a closing line if it was slow, or if every phase is reported.
    fn finish(&self, s: &mut State, phase: Phase, now: Instant) {
        let took = now - s.started;
        let pages = if s.total > 0 {
            format!("{} pages in ", s.total)
        } else {
            String::new()
        };
        if s.shown || self.verbose.load(Ordering::Relaxed) {
            let text = format!("{phase}: {pages}{}\n", secs(took));
            self.line(s, &text);
        }
        s.phase = None;
    }
}

impl State {
    /// Writes to the output, ignoring failure: a closed stderr leaves nowhere to report it.
    fn emit(&mut self, text: &str) {
        let _ = self
            .out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.flush());
    }

    /// Begins a phase.
    fn start(&mut self, phase: Phase, total: usize, now: Instant) {
        self.phase = Some(phase);
        self.started = now;
        self.total = total;
        self.done = 0;
        self.running.clear();
        self.named.clear();
        self.shown = false;
        self.last_line = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shared buffer to read what a reporter wrote.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("buffer").extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Buffer {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().expect("buffer")).into_owned()
        }
    }

    /// Runs a phase of three pages, the second of which takes `slow`.
    fn run(reporter: &Reporter, slow: Duration) {
        let phase = Phase::Evaluate;
        reporter.step(Step::Started { phase, total: 3 });
        for (item, time) in [
            ("a.md", Duration::ZERO),
            ("b.md", slow),
            ("c.md", Duration::ZERO),
        ] {
            reporter.step(Step::ItemStarted { phase, item });
            thread::sleep(time);
            reporter.step(Step::ItemDone { phase, item });
        }
        reporter.step(Step::Finished { phase });
    }

    #[test]
    fn a_fast_phase_says_nothing() {
        let buffer = Buffer::default();
        let reporter = Reporter::new(Box::new(buffer.clone()), false, Duration::from_secs(5));
        run(&reporter, Duration::from_millis(20));
        drop(reporter);
        assert_eq!(buffer.text(), "");
    }

    #[test]
    fn a_slow_page_is_named_with_how_far_the_phase_got() {
        let buffer = Buffer::default();
        let reporter = Reporter::new(Box::new(buffer.clone()), false, Duration::from_millis(40));
        run(&reporter, Duration::from_millis(300));
        drop(reporter);
        let text = buffer.text();
        assert!(text.contains("evaluate: b.md is taking a while"), "{text}");
        assert!(text.contains("1/3 pages"), "{text}");
        assert!(text.contains("evaluate: 3 pages in"), "{text}");
        assert!(!text.contains('\r'), "no bar when not a terminal: {text:?}");
    }

    #[test]
    fn a_terminal_gets_a_bar_and_a_clean_last_line() {
        let buffer = Buffer::default();
        let reporter = Reporter::new(Box::new(buffer.clone()), true, Duration::from_millis(40));
        run(&reporter, Duration::from_millis(300));
        drop(reporter);
        let text = buffer.text();
        assert!(text.contains("evaluate [########"), "{text:?}");
        assert!(text.contains("\r\x1b[2Kevaluate: 3 pages in"), "{text:?}");
    }

    #[test]
    fn verbose_reports_every_phase() {
        let buffer = Buffer::default();
        let reporter = Reporter::new(Box::new(buffer.clone()), false, Duration::from_secs(5));
        reporter.set_verbose(true);
        run(&reporter, Duration::ZERO);
        drop(reporter);
        assert!(
            buffer.text().starts_with("evaluate: 3 pages in "),
            "{}",
            buffer.text()
        );
    }
}
