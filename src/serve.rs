//! `serve`: rebuilds on every change, serves the last good site from memory on 127.0.0.1,
//! and reloads open pages through server-sent events. It sits above the site and uses
//! only what the site offers every caller: `compile` and its cache.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use notify::RecursiveMode;

use crate::html::escape as escape_html;
use crate::site::urls::percent_decode;
use crate::site::{Cache, CompileOptions, Error, compile};

/// The path the live-reload event stream is served at.
pub const LIVERELOAD_PATH: &str = "/__livereload";
/// How many clients are served at once, live-reload streams included.
const MAX_CLIENTS: usize = 64;
/// How long a client may take to send its whole request head.
const READ_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a client may take to accept a response.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest request head read.
const MAX_HEAD: usize = 16 * 1024;
/// How many live-reload streams may be open at once.
const MAX_STREAMS: usize = 32;

/// Where and how to serve.
#[derive(Clone, Copy, Debug)]
pub struct ServeOptions {
    /// The port on 127.0.0.1 to listen on.
    pub port: u16,
}

/// What `serve` tells its caller, who decides what to print.
#[derive(Clone, Copy, Debug)]
pub enum ServeEvent<'a> {
    /// A build finished without errors and its site is now served.
    Built {
        /// Whether this was the build at start-up.
        first: bool,
        /// How long it took.
        elapsed: Duration,
        /// How many pages had their Markdown or template output computed afresh.
        rendered: usize,
        /// Its warnings, rendered; empty when there were none.
        report: &'a str,
    },
    /// A build failed; the last good site is still served, under the errors.
    Failed {
        /// Whether this was the build at start-up.
        first: bool,
        /// How long it took.
        elapsed: Duration,
        /// How many errors it found.
        errors: usize,
        /// Its diagnostics, rendered.
        report: &'a str,
    },
    /// The server is listening at this address.
    Listening {
        /// The address to open, such as `http://127.0.0.1:1111/`.
        url: &'a str,
    },
}

/// What the server shows: the last good site and, after a failed rebuild, its errors.
#[derive(Debug, Default)]
pub struct Snapshot {
    /// The last site that built without errors.
    pub files: Arc<BTreeMap<String, Vec<u8>>>,
    /// The diagnostics of the latest rebuild, when it failed.
    pub errors: Option<String>,
}

/// The server's shared state, with a version that changes on every rebuild.
#[derive(Default)]
struct Live {
    snapshot: RwLock<Snapshot>,
    version: Mutex<u64>,
    changed: Condvar,
}

/// Rebuilds the site with the cache, folds the result into the snapshot, and tells `log`.
fn rebuild(
    root: &Path,
    cache: &Cache,
    live: &Live,
    options: CompileOptions<'_>,
    first: bool,
    log: &mut dyn FnMut(ServeEvent<'_>),
) {
    let started = Instant::now();
    let compiled = compile(root, options, cache);
    let report = compiled.report(false);
    let elapsed = started.elapsed();
    if compiled.has_errors() {
        log(ServeEvent::Failed {
            first,
            elapsed,
            errors: compiled.error_count(),
            report: &report,
        });
    } else {
        log(ServeEvent::Built {
            first,
            elapsed,
            rendered: compiled.rendered,
            report: &report,
        });
    }
    if let Ok(mut snapshot) = live.snapshot.write() {
        if compiled.has_errors() {
            snapshot.errors = Some(report);
        } else {
            snapshot.files = Arc::new(compiled.files);
            snapshot.errors = None;
        }
    }
    if let Ok(mut version) = live.version.lock() {
        *version += 1;
        live.changed.notify_all();
    }
}

/// Returns each source file's path, length and modification time, in a stable order.
fn fingerprint(root: &Path) -> Vec<(PathBuf, u64, Option<SystemTime>)> {
    let mut out = Vec::new();
    for dir in ["content", "templates"] {
        let walk = walkdir::WalkDir::new(root.join(dir)).sort_by_file_name();
        for entry in walk.into_iter().flatten() {
            if let Ok(meta) = entry.metadata()
                && meta.is_file()
            {
                out.push((entry.path().to_path_buf(), meta.len(), meta.modified().ok()));
            }
        }
    }
    out
}

/// Builds, serves on 127.0.0.1 with live reload, and tells `log` what happens; the
/// error says why it could not listen or watch.
pub fn serve(
    root: &Path,
    options: ServeOptions,
    compile: CompileOptions<'_>,
    log: &mut dyn FnMut(ServeEvent<'_>),
) -> Result<(), Error> {
    run(root, options, compile, log).map_err(Error::Serve)
}

/// Serves the site under `root` on 127.0.0.1 until the process is stopped, telling `log`
/// about every build and where it listens.
pub fn run(
    root: &Path,
    options: ServeOptions,
    compile: CompileOptions<'_>,
    log: &mut dyn FnMut(ServeEvent<'_>),
) -> Result<(), String> {
    // Listen before the first build, so a port in use is reported at once, and `--port 0`
    // names the port the system chose.
    let wanted = options.port;
    let listener = TcpListener::bind(("127.0.0.1", wanted))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{wanted}: {e}"))?;
    let port = listener.local_addr().map_or(wanted, |a| a.port());
    // Watch before the first build, and take the sources' fingerprint before it too, so an
    // edit made while it runs, or just after the first page is served, is never missed.
    let (tx, rx) = mpsc::channel();
    let mut debouncer = notify_debouncer_mini::new_debouncer(Duration::from_millis(150), tx)
        .map_err(|e| format!("cannot watch files: {e}"))?;
    for dir in ["content", "templates"] {
        let path = root.join(dir);
        if path.exists() {
            debouncer
                .watcher()
                .watch(&path, RecursiveMode::Recursive)
                .map_err(|e| format!("cannot watch {}: {e}", path.display()))?;
        }
    }
    // Reading the sources during a build raises watch events of its own, so rebuild only
    // when a file's length or modification time changed.
    let mut seen = fingerprint(root);
    let cache = Cache::new();
    let live = Arc::new(Live::default());
    rebuild(root, &cache, &live, compile, true, log);
    let clients = Arc::new(AtomicUsize::new(0));
    let streams = Arc::new(AtomicUsize::new(0));
    {
        let live = Arc::clone(&live);
        thread::spawn(move || accept(&listener, &live, &clients, &streams));
    }
    log(ServeEvent::Listening {
        url: &format!("http://127.0.0.1:{port}/"),
    });
    for events in rx {
        let now = fingerprint(root);
        if events.is_ok() && now != seen {
            seen = now;
            rebuild(root, &cache, &live, compile, false, log);
        }
    }
    Ok(())
}

/// Accepts connections, giving each its own thread up to [`MAX_CLIENTS`] at once; past
/// that a client gets a 503 straight away, so no number of clients exhausts the process.
fn accept(
    listener: &TcpListener,
    live: &Arc<Live>,
    clients: &Arc<AtomicUsize>,
    streams: &Arc<AtomicUsize>,
) {
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        // A client that stops reading or writing is dropped after these.
        let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
        let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
        if clients.fetch_add(1, Ordering::SeqCst) >= MAX_CLIENTS {
            clients.fetch_sub(1, Ordering::SeqCst);
            let _ = write_response(&mut stream, 503, b"too many clients", "text/plain");
            continue;
        }
        let (live, held, streams) = (Arc::clone(live), Arc::clone(clients), Arc::clone(streams));
        let spawned = thread::Builder::new().spawn(move || {
            answer(stream, &live, &streams);
            held.fetch_sub(1, Ordering::SeqCst);
        });
        if spawned.is_err() {
            // The thread never ran, so its slot is given back here.
            clients.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// A request the server answers: its method and target.
#[derive(Debug, PartialEq, Eq)]
struct Request {
    /// Whether the body is wanted (`GET`) or only the head (`HEAD`).
    body: bool,
    /// The request target.
    target: String,
}

/// Reads a request's head, up to [`MAX_HEAD`] bytes within [`READ_TIMEOUT`] in all, and
/// returns the request, or the status to refuse it with.
fn read_request(stream: &mut TcpStream) -> Result<Request, u16> {
    let start = Instant::now();
    let mut head = Vec::new();
    let mut buf = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        // The deadline is for the whole head, however slowly the bytes arrive.
        let left = READ_TIMEOUT.checked_sub(start.elapsed()).ok_or(408u16)?;
        let _ = stream.set_read_timeout(Some(left.max(Duration::from_millis(1))));
        let n = stream.read(&mut buf).map_err(|_| 408u16)?;
        if n == 0 || head.len() + n > MAX_HEAD {
            return Err(400);
        }
        head.extend_from_slice(&buf[..n]);
    }
    parse_head(&String::from_utf8_lossy(&head))
}

/// Reads the request line and the `Host` header; only loopback hosts are served, so a
/// page elsewhere cannot reach the server through a name that resolves to 127.0.0.1.
fn parse_head(head: &str) -> Result<Request, u16> {
    let mut lines = head.lines();
    let mut words = lines.next().ok_or(400u16)?.split_whitespace();
    let (method, target) = (words.next().ok_or(400u16)?, words.next().ok_or(400u16)?);
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        if name.trim().eq_ignore_ascii_case("host") && !is_loopback_host(value.trim()) {
            return Err(403);
        }
    }
    match method {
        "GET" => Ok(Request {
            body: true,
            target: target.to_string(),
        }),
        "HEAD" => Ok(Request {
            body: false,
            target: target.to_string(),
        }),
        _ => Err(405),
    }
}

/// Returns whether a `Host` header names this machine's loopback interface.
fn is_loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        host.rsplit_once(':').map_or(host, |(name, _)| name)
    };
    let name = name.to_ascii_lowercase();
    name == "localhost"
        || name == "::1"
        || name
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Writes a whole response and closes the exchange.
fn write_response(
    stream: &mut TcpStream,
    status: u16,
    body: &[u8],
    kind: &str,
) -> std::io::Result<()> {
    write_head_and_body(stream, status, body, kind, true)
}

/// Writes a response's head, and its body when `with_body` (not for `HEAD`).
fn write_head_and_body(
    stream: &mut TcpStream,
    status: u16,
    body: &[u8],
    kind: &str,
    with_body: bool,
) -> std::io::Result<()> {
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        _ => "Service Unavailable",
    };
    let allow = if status == 405 {
        "Allow: GET, HEAD\r\n"
    } else {
        ""
    };
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         {allow}Connection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if with_body {
        stream.write_all(body)?;
    }
    stream.flush()
}

/// Answers one connection from the snapshot, or holds it as a live-reload stream.
fn answer(mut stream: TcpStream, live: &Arc<Live>, streams: &Arc<AtomicUsize>) {
    let request = match read_request(&mut stream) {
        Ok(request) => request,
        Err(status) => {
            let body: &[u8] = match status {
                403 => b"this server answers only requests for localhost or 127.0.0.1",
                405 => b"only GET and HEAD are served",
                408 => b"the request took too long to arrive",
                _ => b"bad request",
            };
            let _ = write_response(&mut stream, status, body, "text/plain");
            return;
        }
    };
    let target = request.target;
    // An absolute-form target (`http://host/path`) is reduced to its path.
    let path = match target.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("/", |i| &rest[i..]).to_string(),
        None => target,
    };
    if path.split('?').next() == Some(LIVERELOAD_PATH) {
        if streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
            streams.fetch_sub(1, Ordering::SeqCst);
            let _ = write_response(&mut stream, 503, b"too many streams", "text/plain");
            return;
        }
        stream_reloads(stream, live);
        streams.fetch_sub(1, Ordering::SeqCst);
        return;
    }
    let (status, body, kind) = respond_to(&path, live);
    let _ = write_head_and_body(&mut stream, status, body.as_bytes(), kind, request.body);
}

/// A response's body: a file of the served site, written from the snapshot's own buffer
/// (so slow readers never hold a copy each), or a page with the live-reload script added.
enum Body {
    /// The file at this path of the snapshot.
    File(Arc<BTreeMap<String, Vec<u8>>>, String),
    /// Bytes made for this response.
    Made(Vec<u8>),
}

impl Body {
    /// Returns the bytes to send.
    fn as_bytes(&self) -> &[u8] {
        match self {
            Body::File(files, path) => files.get(path).map_or(&[], Vec::as_slice),
            Body::Made(bytes) => bytes,
        }
    }
}

/// Returns the status, body and content type for a URL.
fn respond_to(url: &str, live: &Live) -> (u16, Body, &'static str) {
    let (files, errors) = match live.snapshot.read() {
        Ok(s) => (Arc::clone(&s.files), s.errors.clone()),
        Err(_) => (
            Arc::default(),
            Some("the server's state is unavailable".to_string()),
        ),
    };
    let found = resolve(url, &files);
    let (status, path) = match found {
        Some(path) => (200, path),
        None => (404, "404.html".to_string()),
    };
    let kind = content_type(&path);
    if !kind.starts_with("text/html") {
        return (status, Body::File(files, path), kind);
    }
    let page = match files.get(&path) {
        Some(page) if !page.is_empty() => page.as_slice(),
        _ => b"<!doctype html><title>nimsite</title><body></body>",
    };
    (status, Body::Made(inject(page, errors.as_deref())), kind)
}

/// Maps a request URL to a file of the site, refusing anything that could leave it.
pub fn resolve(url: &str, files: &BTreeMap<String, Vec<u8>>) -> Option<String> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(path);
    let mut parts = Vec::new();
    for part in decoded.split('/') {
        match part {
            "" | "." => {}
            ".." => return None,
            p if p.contains('\\') || p.contains('\0') => return None,
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    let candidates = if joined.is_empty() {
        vec!["index.html".to_string()]
    } else {
        vec![
            joined.clone(),
            format!("{joined}.html"),
            format!("{joined}/index.html"),
        ]
    };
    candidates.into_iter().find(|c| files.contains_key(c))
}

/// Returns the content type for a file by its extension.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "xml" => "application/xml",
        "png" => "image/png",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Adds the live-reload script, and the escaped diagnostics of a failed rebuild, to a page.
pub fn inject(html: &[u8], errors: Option<&str>) -> Vec<u8> {
    let html = String::from_utf8_lossy(html);
    let mut extra = String::new();
    if let Some(errors) = errors {
        extra.push_str(
            "<style>#nimsite-errors{position:fixed;inset:0;overflow:auto;z-index:9999;padding:1em;\
             background:#fff;color:#900}#nimsite-errors pre{background:#fbf1f1;color:#900}\
             @media (prefers-color-scheme:dark){#nimsite-errors{background:#1c1c1f;color:#ff9e94}\
             #nimsite-errors pre{background:#2b1d20;color:#ff9e94}}</style>\
             <div id=\"nimsite-errors\" role=\"alertdialog\" aria-labelledby=\"nimsite-errors-title\">\
             <button type=\"button\" id=\"nimsite-errors-close\" aria-label=\"Close\" \
             style=\"float:right;font-size:1.5em;line-height:1;padding:0 .3em;cursor:pointer\" \
             onclick=\"document.getElementById('nimsite-errors').remove()\">&times;</button>\
             <h2 id=\"nimsite-errors-title\">The last rebuild failed</h2><pre>",
        );
        extra.push_str(&escape_html(errors));
        extra.push_str(
            "</pre><p>The last good build is still served underneath; close this to see it.</p></div>",
        );
    }
    extra.push_str(&format!(
        "<script>new EventSource(\"{LIVERELOAD_PATH}\").onmessage=function(){{location.reload()}};</script>"
    ));
    let at = html.rfind("</body>").unwrap_or(html.len());
    let mut out = String::with_capacity(html.len() + extra.len());
    out.push_str(&html[..at]);
    out.push_str(&extra);
    out.push_str(&html[at..]);
    out.into_bytes()
}

/// Holds an event stream open, sending `reload` after each rebuild and a comment now and
/// then so a closed client is noticed.
fn stream_reloads(mut writer: TcpStream, live: &Live) {
    let head =
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n";
    if writer
        .write_all(head.as_bytes())
        .and_then(|()| writer.flush())
        .is_err()
    {
        return;
    }
    let Ok(mut version) = live.version.lock() else {
        return;
    };
    let mut seen = *version;
    loop {
        let Ok((guard, _)) = live.changed.wait_timeout(version, Duration::from_secs(15)) else {
            return;
        };
        version = guard;
        let message: &[u8] = if *version != seen {
            seen = *version;
            b"data: reload\n\n"
        } else {
            b": ping\n\n"
        };
        drop(version);
        if writer
            .write_all(message)
            .and_then(|()| writer.flush())
            .is_err()
        {
            return;
        }
        version = match live.version.lock() {
            Ok(v) => v,
            Err(_) => return,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> BTreeMap<String, Vec<u8>> {
        ["index.html", "nim.html", "a/index.html", "style.css"]
            .iter()
            .map(|p| (p.to_string(), Vec::new()))
            .collect()
    }

    #[test]
    fn only_get_and_head_for_loopback_hosts_are_answered() {
        let get = parse_head("GET /a.html HTTP/1.1\r\nHost: 127.0.0.1:1111\r\n\r\n");
        assert_eq!(
            get.map(|r| (r.body, r.target)),
            Ok((true, "/a.html".into()))
        );
        let head = parse_head("HEAD / HTTP/1.1\r\nhost: localhost\r\n\r\n");
        assert_eq!(head.map(|r| r.body), Ok(false));
        assert!(parse_head("GET / HTTP/1.1\r\nHost: [::1]:80\r\n\r\n").is_ok());
        assert!(parse_head("GET / HTTP/1.0\r\n\r\n").is_ok());
        for host in [
            "evil.example",
            "evil.example:1111",
            "10.0.0.1",
            "localhost.evil.example",
        ] {
            let req = format!("GET / HTTP/1.1\r\nHost: {host}\r\n\r\n");
            assert_eq!(parse_head(&req), Err(403), "{host}");
        }
        assert_eq!(parse_head("POST / HTTP/1.1\r\n\r\n"), Err(405));
        assert_eq!(parse_head("\r\n\r\n"), Err(400));
    }

    #[test]
    fn resolves_pages_and_refuses_traversal() {
        let files = site();
        assert_eq!(resolve("/", &files).as_deref(), Some("index.html"));
        assert_eq!(resolve("/nim", &files).as_deref(), Some("nim.html"));
        assert_eq!(resolve("/a/?x=1", &files).as_deref(), Some("a/index.html"));
        assert_eq!(resolve("/style.css", &files).as_deref(), Some("style.css"));
        for bad in [
            "/../etc/passwd",
            "/%2e%2e/x",
            "/a/%2E%2E/%2e%2e/nim.html",
            "/nope",
            "/a\\..\\x",
        ] {
            assert_eq!(resolve(bad, &files), None, "{bad}");
        }
    }

    #[test]
    fn a_file_is_sent_from_the_snapshot_itself() {
        let live = Live::default();
        let mut files = site();
        files.insert("big.png".to_string(), vec![7; 1 << 16]);
        live.snapshot.write().expect("lock").files = Arc::new(files);
        let (status, body, kind) = respond_to("/big.png", &live);
        assert_eq!((status, kind), (200, "image/png"));
        let shared = Arc::clone(&live.snapshot.read().expect("lock").files);
        assert!(std::ptr::eq(body.as_bytes(), shared["big.png"].as_slice()));
        let (status, page, _) = respond_to("/nim", &live);
        assert_eq!(status, 200);
        assert!(String::from_utf8_lossy(page.as_bytes()).contains(LIVERELOAD_PATH));
    }

    #[test]
    fn injects_script_and_escaped_errors() {
        let out = inject(
            b"<html><body><p>x</p></body></html>",
            Some("error: <script>"),
        );
        let out = String::from_utf8(out).expect("utf8");
        assert!(out.contains("&lt;script&gt;"));
        assert!(out.contains("id=\"nimsite-errors-close\""), "{out}");
        assert!(out.contains("getElementById('nimsite-errors').remove()"));
        assert!(out.contains(LIVERELOAD_PATH));
        assert!(out.ends_with("</body></html>"));
        assert_eq!(content_type("a.svg"), "image/svg+xml");
    }
}
