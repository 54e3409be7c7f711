//! `nimsite lsp` driven as an editor drives it: JSON-RPC over the real binary's stdin and
//! stdout, with a temporary site.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::Site;

/// How long any one answer may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(120);

/// A minimal LSP client: frames messages with `Content-Length` and reads the server's.
struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: mpsc::Receiver<Value>,
    next_id: i64,
}

impl Client {
    /// Starts `nimsite lsp` on the site and initializes it.
    fn start(site: &Site) -> Client {
        let mut child = site
            .command(&["lsp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn nimsite lsp");
        let stdin = child.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, incoming) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(msg) = read_frame(&mut stdout) {
                if tx.send(msg).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            incoming,
            next_id: 1,
        };
        let init = client.request("initialize", json!({ "capabilities": {} }));
        assert!(
            init["result"]["capabilities"]["hoverProvider"] == json!(true),
            "{init}"
        );
        client.notify("initialized", json!({}));
        client
    }

    /// Writes one framed body as it is, JSON or not.
    fn send_raw(&mut self, body: &str) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        let msg = json!({ "jsonrpc": "2.0", "method": method, "params": params });
        self.send_raw(&msg.to_string());
    }

    /// Sends a request and returns its response, passing over notifications.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let msg = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        self.send_raw(&msg.to_string());
        loop {
            let msg = self.incoming.recv_timeout(PATIENCE).expect("a response");
            if msg["id"] == json!(id) && msg.get("method").is_none() {
                return msg;
            }
        }
    }

    /// Waits for the diagnostics published for `uri` at `version`.
    fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        loop {
            let msg = self.incoming.recv_timeout(PATIENCE).expect("diagnostics");
            let p = &msg["params"];
            if msg["method"] == "textDocument/publishDiagnostics"
                && p["uri"] == uri
                && p["version"] == version
            {
                return p["diagnostics"].as_array().cloned().unwrap_or_default();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) {
        let doc = json!({ "uri": uri, "languageId": "markdown", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    }

    fn change(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "text": text }],
            }),
        );
    }

    /// Asks for `method` at a line and character of `uri`.
    fn at(&mut self, method: &str, uri: &str, line: usize, character: usize) -> Value {
        let pos = json!({ "line": line, "character": character });
        self.request(
            method,
            json!({ "textDocument": { "uri": uri }, "position": pos }),
        )
    }

    /// Shuts the server down and checks it exits cleanly.
    fn finish(mut self) {
        let reply = self.request("shutdown", Value::Null);
        assert!(reply.get("error").is_none(), "{reply}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("wait");
        assert!(status.success(), "{status}");
    }
}

/// Reads one `Content-Length` framed JSON message, or `None` at the end.
fn read_frame(r: &mut impl BufRead) -> Option<Value> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            len = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

fn uri(site: &Site, rel: &str) -> String {
    let path = site.root().canonicalize().expect("root").join(rel);
    format!("file://{}", path.display())
}

const PAGE: &str = "+++\ntitle = \"Claims\"\nrung = 2\n+++\n\nSo {nim}`2*2 = 2` here.\n\nThe value {nim}`2*2` and [the start](first.html#start).\n";

#[test]
fn lsp_checks_pages_as_they_are_typed() {
    let site = Site::new();
    site.write("content/claims.md", PAGE);
    // The terminal's report of the same page, for the range the editor must show.
    let report = crate::common::stderr(&site.run(&["check"]));
    assert!(report.contains("content/claims.md:6:10"), "{report}");
    let uri = uri(&site, "content/claims.md");
    let mut client = Client::start(&site);
    client.open(
        &uri,
        &PAGE.replace("2*2 = 2", "2*2 = 1").replace("So", "Then"),
    );
    let found = client.diagnostics(&uri, 1);
    assert_eq!(
        found[0]["range"]["start"]["character"], 11,
        "the editor's text: {found:?}"
    );
    client.change(&uri, 2, PAGE);
    let found = client.diagnostics(&uri, 2);
    let stale: Vec<&Value> = found
        .iter()
        .filter(|d| d["code"] == "stale-claim")
        .collect();
    assert_eq!(stale.len(), 1, "{found:?}");
    assert_eq!(stale[0]["range"]["start"]["line"], 5, "{found:?}");
    assert_eq!(stale[0]["range"]["start"]["character"], 9, "{found:?}");
    assert_eq!(stale[0]["range"]["end"]["character"], 16, "{found:?}");

    let fixed = PAGE.replace("2*2 = 2", "2*2 = 3");
    client.change(&uri, 3, &fixed);
    let found = client.diagnostics(&uri, 3);
    assert!(found.is_empty(), "{found:?}");

    let hover = client.at("textDocument/hover", &uri, 7, 13);
    let shown = hover["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(shown.contains("**3**"), "{hover}");
    let hover = client.at("textDocument/hover", &uri, 5, 8);
    let shown = hover["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(shown.contains("holds"), "{hover}");

    let target = client.at("textDocument/definition", &uri, 7, 30);
    let target = &target["result"];
    assert!(
        target["uri"]
            .as_str()
            .is_some_and(|u| u.ends_with("/content/first.md")),
        "{target}"
    );
    assert_eq!(target["range"]["start"]["line"], 5, "{target}");

    let typing = format!("{fixed}\n```{{\n");
    client.change(&uri, 4, &typing);
    let items = client.at("textDocument/completion", &uri, 9, 4);
    let labels: Vec<&str> = items["result"]
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["label"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        labels.contains(&"table") && labels.contains(&"claim"),
        "{items}"
    );
    client.finish();
    assert!(!site.root().join("site").exists());
    assert!(!site.root().join("figures").exists());
}

#[test]
fn lsp_survives_bad_requests() {
    let site = Site::new();
    let mut client = Client::start(&site);
    let reply = client.request("nimsite/nothing", json!({}));
    assert_eq!(reply["error"]["code"], -32601, "{reply}");

    client.send_raw("{ this is not json");
    let outside = "file:///nowhere/else/page.md";
    client.open(outside, "+++\ntitle = \"x\"\n+++\n{nim}`1 = 2`\n");
    let reply = client.at("textDocument/hover", outside, 3, 2);
    assert_eq!(reply["result"], Value::Null, "{reply}");
    let reply = client.request("textDocument/hover", json!({ "textDocument": 3 }));
    assert_eq!(reply["error"]["code"], -32602, "{reply}");

    let first = uri(&site, "content/first.md");
    let huge = format!("+++\ntitle = \"Big\"\n+++\n{}", "x".repeat(50 << 20));
    client.open(&first, &huge);
    let found = client.diagnostics(&first, 1);
    assert!(found.iter().any(|d| d["code"] == "limit"), "{found:?}");
    client.finish();
    assert!(!site.root().join("site").exists());
    assert!(!site.root().join("figures").exists());
}

#[test]
fn lsp_rechecks_open_pages_when_another_file_changes() {
    let site = Site::new();
    site.write("content/claims.md", &PAGE.replace("2*2 = 2", "2*2 = 3"));
    let page = uri(&site, "content/claims.md");
    let first = uri(&site, "content/first.md");
    let mut client = Client::start(&site);
    client.open(&page, &PAGE.replace("2*2 = 2", "2*2 = 3"));
    assert!(client.diagnostics(&page, 1).is_empty());
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Later\n",
    );
    let changes = json!({ "changes": [{ "uri": first, "type": 2 }] });
    client.notify("workspace/didChangeWatchedFiles", changes);
    let found = client.diagnostics(&page, 1);
    assert!(
        found.iter().any(|d| d["code"] == "broken-link"),
        "{found:?}"
    );
    assert_eq!(found[0]["range"]["start"]["line"], 7, "{found:?}");
    client.finish();
}

#[test]
fn lsp_offers_the_fix_a_diagnostic_suggests() {
    let site = Site::new();
    let text = "+++\ntitle = \"Fix\"\nrung = 2\n+++\n\nSo {nmi}`2*2`.\n";
    site.write("content/fix.md", text);
    let uri = uri(&site, "content/fix.md");
    let mut client = Client::start(&site);
    client.open(&uri, text);
    let found = client.diagnostics(&uri, 1);
    assert!(
        found.iter().any(|d| d["code"] == "unknown-role"),
        "{found:?}"
    );
    let here =
        json!({ "start": { "line": 5, "character": 4 }, "end": { "line": 5, "character": 4 } });
    let reply = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": here, "context": { "diagnostics": [] } }),
    );
    let edit = &reply["result"][0]["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "{nim}", "{reply}");
    assert_eq!(edit["range"]["start"]["character"], 3, "{reply}");
    client.finish();
}

/// Returns the labels of a completion reply.
fn labels(reply: &Value) -> Vec<&str> {
    reply["result"]
        .as_array()
        .map(|a| a.iter().filter_map(|i| i["label"].as_str()).collect())
        .unwrap_or_default()
}

#[test]
fn lsp_completes_link_targets_and_their_anchors() {
    let site = Site::new();
    let text = "+++\ntitle = \"Links\"\nrung = 2\n+++\n\nSee [the start](\n";
    site.write("content/links.md", text);
    let uri = uri(&site, "content/links.md");
    let mut client = Client::start(&site);
    client.open(&uri, text);
    let pages = client.at("textDocument/completion", &uri, 5, 16);
    assert!(labels(&pages).contains(&"first.html"), "{pages}");
    assert!(!labels(&pages).contains(&"links.html"), "{pages}");
    client.change(&uri, 2, &text.replace("](\n", "](first.html#\n"));
    let anchors = client.at("textDocument/completion", &uri, 5, 27);
    assert_eq!(labels(&anchors), ["start"], "{anchors}");
    let edit = &anchors["result"][0]["textEdit"];
    assert_eq!(edit["range"]["start"]["character"], 27, "{anchors}");
    client.finish();
}

#[test]
fn lsp_goes_from_a_game_call_to_the_directive_defining_it() {
    let site = Site::new();
    let text = "+++\ntitle = \"Kayles\"\nrung = 2\n+++\n\n```{octal}\n:code: 0.77\n\
        :name: kayles\n:upto: 20\n```\n\nSo {nim}`kayles(5)`.\n";
    site.write("content/kayles.md", text);
    let uri = uri(&site, "content/kayles.md");
    let mut client = Client::start(&site);
    client.open(&uri, text);
    let target = client.at("textDocument/definition", &uri, 11, 11);
    let target = &target["result"];
    assert_eq!(target["uri"], json!(uri), "{target}");
    assert_eq!(target["range"]["start"]["line"], 5, "{target}");
    assert_eq!(target["range"]["end"]["character"], 10, "{target}");
    let hover = client.at("textDocument/hover", &uri, 11, 11);
    let shown = hover["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(shown.contains("`kayles(5)` = **4**"), "{hover}");
    client.finish();
}
