//! `serve` through the real binary: pages come with the live-reload script, paths outside
//! the site are refused, edits are rebuilt, and a failed rebuild shows its errors over the
//! last good site.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::common::Site;

/// Kills the server when the test ends, pass or fail.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Returns a port that was free a moment ago.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

/// Sends a GET and returns the status code and body, or `None` if nothing answers.
fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.split_whitespace().nth(1)?.parse().ok()?;
    let body = text
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string());
    Some((status, body))
}

/// Polls until `ready` holds for the body at `path`, or panics after a while.
fn wait_for(port: u16, path: &str, what: &str, ready: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        if let Some((200, body)) = get(port, path)
            && ready(&body)
        {
            return body;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        sleep(Duration::from_millis(100));
    }
}

#[test]
fn serve_reloads_refuses_traversal_and_shows_errors() {
    let site = Site::new();
    let port = free_port();
    let log_dir = tempfile::tempdir().expect("tempdir");
    let log_path = log_dir.path().join("serve.log");
    let log = std::fs::File::create(&log_path).expect("log file");
    let child = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(["serve", "--port", &port.to_string(), "--root"])
        .arg(site.root())
        .stdout(Stdio::null())
        .stderr(Stdio::from(log))
        .spawn()
        .expect("start serve");
    let _server = Server(child);
    let first = wait_for(port, "/first.html", "the first page", |b| {
        b.contains("Text.")
    });
    assert!(
        first.contains("/__livereload"),
        "no live-reload script in served page"
    );
    assert!(
        !site.root().join("site").exists(),
        "serve must not write site/"
    );
    for path in ["/../Cargo.toml", "/%2e%2e/%2e%2e/etc/passwd", "/nope.html"] {
        let (status, _) = get(port, path).expect("answer");
        assert_eq!(status, 404, "{path}");
    }
    let (status, css) = get(port, "/style.css").expect("css");
    assert_eq!(status, 200);
    assert!(!css.contains("__livereload"));

    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nEdited text.\n",
    );
    wait_for(port, "/first.html", "the edit", |b| {
        b.contains("Edited text.")
    });

    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nBroken <b>[x](nowhere.html)</b>.\n",
    );
    // The watcher may catch the file half written (a front-matter error) before the
    // whole edit, so wait for the error the edit makes.
    let page = wait_for(port, "/first.html", "the error overlay", |b| {
        b.contains("nimsite-errors") && b.contains("broken-link")
    });
    assert!(
        page.contains("Edited text."),
        "the last good page must still be served"
    );
    assert!(
        page.contains("&lt;b&gt;"),
        "diagnostics must be escaped: {page}"
    );
    assert!(
        page.contains("id=\"nimsite-errors-close\""),
        "the overlay has a close button: {page}"
    );
    let log = std::fs::read_to_string(&log_path).expect("log");
    // Start-up reports each phase; a failed rebuild says so, and is not "rebuilt".
    for phase in ["load:", "validate:", "evaluate:", "links:", "render:"] {
        assert!(log.contains(phase), "no {phase} line at start-up:\n{log}");
    }
    assert!(log.contains("built in "), "{log}");
    assert!(log.contains("rebuilt in "), "{log}");
    let failed = log
        .find("rebuild failed")
        .expect("a failed rebuild is logged");
    assert!(
        !log[failed..].contains("rebuilt in"),
        "a failure was logged as a rebuild:\n{log}"
    );
}
