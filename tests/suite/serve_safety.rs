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
        site.root().join("templates/leak.txt"),
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
    sleep(Duration::from_millis(300));
    // One more is told at once, before it even sends a request, that the server is full.
    let mut extra = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    extra
        .set_read_timeout(Some(Duration::from_secs(3)))
        .expect("timeout");
    let mut answer = [0u8; 12];
    extra.read_exact(&mut answer).expect("an immediate answer");
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
