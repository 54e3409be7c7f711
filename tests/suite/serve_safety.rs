//! `serve` safety through the real binary: it listens on 127.0.0.1 only, refuses every
//! path that could leave the site (including a symlink leading out), keeps answering while
//! other clients stall, and labels each kind of file with its content type.

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream, UdpSocket};
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

/// Sends a raw request line and returns the status, the headers and the body.
fn request(port: u16, target: &str) -> Option<(u16, String, Vec<u8>)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let text = format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    stream.write_all(text.as_bytes()).ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let split = response.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&response[..split]).into_owned();
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, head, response[split + 4..].to_vec()))
}

/// Returns a header's value, by case-insensitive name.
fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|line| {
        let (k, v) = line.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
    })
}

/// Builds once to learn a figure's path, then starts `serve` and waits for the home page.
fn start(site: &Site) -> (Server, u16, String) {
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\nText.\n\n```{table}\n:op: mul\n:size: 4\n```\n",
    );
    let built = site.build_ok();
    let svg = built
        .keys()
        .find(|k| k.ends_with(".svg"))
        .expect("a figure in the site")
        .clone();
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(["serve", "--port", &port.to_string(), "--root"])
        .arg(site.root())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start serve");
    let server = Server(child);
    let started = Instant::now();
    while request(port, "/").is_none_or(|(status, _, _)| status != 200) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "serve never answered"
        );
        sleep(Duration::from_millis(100));
    }
    (server, port, svg)
}

/// Returns this machine's address on a non-loopback interface, if it has one.
fn outward_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

#[test]
fn serve_is_local_refuses_escapes_and_labels_content() {
    let site = Site::new();
    let outside = tempfile::tempdir().expect("tempdir");
    std::fs::write(outside.path().join("secret.txt"), "SECRET").expect("write");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        outside.path().join("secret.txt"),
        site.root().join("leak.txt"),
    )
    .expect("symlink");
    // A base URL, so the site has a sitemap to serve.
    site.write("nimsite.toml", "base_url = \"https://example.org/\"\n");
    let (_server, port, svg) = start(&site);

    // Only the loopback interface answers.
    if let Some(ip) = outward_address() {
        let reached =
            TcpStream::connect_timeout(&SocketAddr::new(ip, port), Duration::from_secs(2));
        assert!(reached.is_err(), "serve answered on {ip}");
    }

    for target in [
        "/../Cargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "/..%2f..%2fetc/passwd",
        "//etc/passwd",
        "/etc/passwd",
        "http://localhost/../../etc/passwd",
        "/C:/Windows/win.ini",
        "/leak.txt",
        "/..\\..\\etc\\passwd",
    ] {
        let (status, _, body) = request(port, target).expect("an answer");
        assert_eq!(status, 404, "{target}");
        assert!(
            !String::from_utf8_lossy(&body).contains("SECRET"),
            "{target}"
        );
        assert!(
            !String::from_utf8_lossy(&body).contains("root:"),
            "{target}"
        );
    }

    for (target, kind) in [
        ("/first.html", "text/html"),
        ("/style.css", "text/css"),
        (&*format!("/{svg}"), "image/svg+xml"),
        ("/claims.json", "application/json"),
        ("/sitemap.xml", "application/xml"),
    ] {
        let (status, head, _) = request(port, target).expect("an answer");
        assert_eq!(status, 200, "{target}");
        let got = header(&head, "Content-Type").unwrap_or_default();
        assert!(got.starts_with(kind), "{target}: {got}");
    }
}

#[test]
fn stalled_clients_do_not_block_others() {
    let site = Site::new();
    let (_server, port, _) = start(&site);
    // Clients that connect and send nothing, or half a request, and then stall.
    let mut stalled = Vec::new();
    for i in 0..16 {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        if i % 2 == 1 {
            stream
                .write_all(b"GET /first.html HTTP/1.1\r\nHost: loc")
                .expect("write");
        }
        stalled.push(stream);
    }
    // A live-reload stream that stays open as well.
    let mut reload = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    reload
        .write_all(b"GET /__livereload HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .expect("write");
    let (status, _, body) = request(port, "/first.html").expect("answered despite stalls");
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&body).contains("Text."));
    // A rebuild still happens and is served.
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nEdited.\n",
    );
    let started = Instant::now();
    loop {
        let (_, _, body) = request(port, "/first.html").expect("answer");
        if String::from_utf8_lossy(&body).contains("Edited.") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "no rebuild");
        sleep(Duration::from_millis(100));
    }
    drop(stalled);
}

#[test]
fn client_threads_are_bounded_and_stalled_ones_time_out() {
    let site = Site::new();
    let (_server, port, _) = start(&site);
    // More stalled clients than the server holds at once (64).
    let stalled: Vec<TcpStream> = (0..80)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).expect("connect"))
        .collect();
    // One more is told, before it even sends a request, that the server is full: once
    // the server has taken up the stalled ones, which a loaded machine may take a while
    // to do, so this asks again for up to ten seconds.
    let started = Instant::now();
    let answer = loop {
        let mut extra = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        extra
            .set_read_timeout(Some(Duration::from_secs(1)))
            .expect("timeout");
        let mut answer = [0u8; 12];
        if extra.read_exact(&mut answer).is_ok() || started.elapsed() > Duration::from_secs(10) {
            break answer;
        }
    };
    assert_eq!(
        &answer, b"HTTP/1.1 503",
        "the server took more clients than its bound"
    );
    // The stalled clients are dropped after the read timeout, and service resumes.
    let started = Instant::now();
    while request(port, "/first.html").is_none_or(|(status, _, _)| status != 200) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "stalled clients never timed out"
        );
        sleep(Duration::from_millis(200));
    }
    drop(stalled);
}

/// Sends raw bytes and returns the status line's code, if a response came.
fn raw(port: u16, bytes: &[u8]) -> Option<u16> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    stream.write_all(bytes).ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    String::from_utf8_lossy(&response)
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

#[test]
fn foreign_hosts_other_methods_and_slow_heads_are_refused() {
    let site = Site::new();
    let (_server, port, _) = start(&site);
    let foreign = raw(port, b"GET / HTTP/1.1\r\nHost: rebind.example:1111\r\n\r\n");
    assert_eq!(foreign, Some(403), "a DNS-rebinding host must be refused");
    assert_eq!(
        raw(port, b"POST / HTTP/1.1\r\nHost: localhost\r\n\r\n"),
        Some(405)
    );
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .write_all(b"HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .expect("send");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        response.ends_with("\r\n\r\n"),
        "HEAD has no body: {response}"
    );
    // One byte every second never completes the head: the deadline is for the whole head.
    let started = Instant::now();
    let mut slow = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    slow.set_read_timeout(Some(Duration::from_millis(50)))
        .expect("timeout");
    let mut closed = false;
    for byte in b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaa" {
        if slow.write_all(&[*byte]).is_err() {
            closed = true;
            break;
        }
        let mut buf = [0u8; 64];
        if matches!(slow.read(&mut buf), Ok(n) if n > 0) || matches!(slow.read(&mut buf), Ok(0)) {
            closed = true;
            break;
        }
        sleep(Duration::from_millis(500));
    }
    assert!(
        closed,
        "a slow head held its slot for {:?}",
        started.elapsed()
    );
    assert!(
        started.elapsed() < Duration::from_secs(9),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn port_zero_names_the_port_and_a_busy_port_fails_before_building() {
    let site = Site::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(["serve", "--port", "0", "--root"])
        .arg(site.root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start serve");
    let mut out = child.stdout.take().expect("stdout");
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while !line.ends_with(b"\n") && out.read(&mut byte).is_ok_and(|n| n == 1) {
        line.push(byte[0]);
    }
    let server = Server(child);
    let line = String::from_utf8_lossy(&line).into_owned();
    let port: u16 = line
        .trim()
        .rsplit(':')
        .next()
        .and_then(|p| p.trim_end_matches('/').parse().ok())
        .unwrap_or(0);
    assert_ne!(port, 0, "{line}");
    assert_eq!(request(port, "/").map(|r| r.0), Some(200));
    // The same port again is in use: the error comes at once, without a build.
    let busy = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(["serve", "--port", &port.to_string(), "--root"])
        .arg(site.root())
        .output()
        .expect("run serve");
    let err = String::from_utf8_lossy(&busy.stderr);
    assert_eq!(busy.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
    assert!(
        !err.contains("built") && !err.contains("build failed"),
        "{err}"
    );
    drop(server);
}
