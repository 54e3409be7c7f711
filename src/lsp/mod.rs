//! `nimsite lsp`: the language server. Every open page is checked while it is typed, by
//! the build's own passes over the site with the unsaved text laid over the disk; the
//! server compiles only and never writes `site/` or `figures/`.

mod actions;
mod completion;
mod definition;
mod diagnostics;
mod documents;
mod games;
mod hover;
mod markup;
mod position;
mod transport;

use std::io::{self, BufReader};
use std::path::{Path, PathBuf};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::{
    CodeActionParams, CodeActionProviderCapability, CompletionOptions, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DidSaveTextDocumentParams,
    GotoDefinitionParams, GotoDefinitionResponse, HoverParams, HoverProviderCapability,
    InitializeParams, Location, OneOf, PublishDiagnosticsParams, ServerCapabilities,
    TextDocumentPositionParams, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde_json::json;

use crate::site::{Cache, CompileOptions, Compiled, compile, content};
use documents::{Doc, Documents};

/// Serves the Language Server Protocol on stdin and stdout until the client exits; `root`
/// is the site's root, or `None` to take the editor's workspace.
pub fn run(root: Option<PathBuf>) -> Result<(), String> {
    let (server, client) = Connection::memory();
    let to_server = client.sender;
    std::thread::spawn(move || {
        let mut stdin = BufReader::new(io::stdin().lock());
        while let Ok(Some(read)) = transport::read(&mut stdin) {
            match read {
                Ok(msg) => {
                    let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                    if to_server.send(msg).is_err() || exit {
                        break;
                    }
                }
                Err(why) => eprintln!("nimsite lsp: skipped {why}"),
            }
        }
    });
    let from_server = client.receiver;
    let writer = std::thread::spawn(move || -> io::Result<()> {
        let mut stdout = io::stdout().lock();
        for msg in from_server {
            msg.write(&mut stdout)?;
        }
        Ok(())
    });
    let result = serve(server, root);
    // The connection is dropped by now, so the writer ends once it has sent everything.
    let _ = writer.join();
    result
}

/// Initializes, then answers requests and checks pages until shutdown.
fn serve(conn: Connection, root: Option<PathBuf>) -> Result<(), String> {
    let (id, params) = conn.initialize_start().map_err(|e| e.to_string())?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let root = root
        .or_else(|| workspace(&params))
        .or_else(|| std::env::current_dir().ok())
        .ok_or("no site root")?;
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["{", ":", "(", "#"].map(String::from).to_vec()),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    };
    let result = json!({
        "capabilities": capabilities,
        "serverInfo": { "name": "nimsite", "version": env!("CARGO_PKG_VERSION") },
    });
    conn.initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    let mut server = Server::new(&root);
    if watches_files(&params) {
        server.send(&conn, watch_request());
    }
    server.main_loop(&conn)
}

/// Returns the site root holding the editor's first workspace folder, if it has one.
fn workspace(params: &InitializeParams) -> Option<PathBuf> {
    let uri = params.workspace_folders.as_ref()?.first()?.uri.clone();
    let path = uri.as_str().strip_prefix("file://")?;
    let path = PathBuf::from(crate::site::urls::percent_decode(path));
    crate::site::find_root(&path).or(Some(path))
}

/// Returns whether the client lets the server ask to hear of files changed on disk.
fn watches_files(params: &InitializeParams) -> bool {
    params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|d| d.dynamic_registration)
        .unwrap_or(false)
}

/// Asks the client to report changes to the pages, templates and settings on disk, which
/// change what the open pages are checked against.
fn watch_request() -> Message {
    let globs = ["**/content/**", "**/templates/**", "**/nimsite.toml"];
    let watchers: Vec<_> = globs.iter().map(|g| json!({ "globPattern": g })).collect();
    Request::new(
        "nimsite/watch".to_string().into(),
        "client/registerCapability".to_string(),
        json!({ "registrations": [{
            "id": "nimsite-files",
            "method": "workspace/didChangeWatchedFiles",
            "registerOptions": { "watchers": watchers },
        }]}),
    )
    .into()
}

/// The server's state: the open documents and the last build of the site with them.
struct Server {
    docs: Documents,
    cache: Cache,
    compiled: Compiled,
    /// Whether something changed since the last build.
    dirty: bool,
}

impl Server {
    fn new(root: &Path) -> Self {
        Server {
            docs: Documents::new(root),
            cache: Cache::new(),
            compiled: Compiled::default(),
            dirty: true,
        }
    }

    fn send(&self, conn: &Connection, msg: Message) {
        // A send fails only once the client is gone, and the loop then ends by itself.
        let _ = conn.sender.send(msg);
    }

    fn main_loop(&mut self, conn: &Connection) -> Result<(), String> {
        for msg in &conn.receiver {
            match msg {
                Message::Request(req) => {
                    if conn.handle_shutdown(&req).map_err(|e| e.to_string())? {
                        return Ok(());
                    }
                    if self.dirty {
                        self.check(conn);
                    }
                    let response = self.request(req);
                    self.send(conn, response.into());
                }
                Message::Notification(n) if n.method == "exit" => return Ok(()),
                Message::Notification(n) => self.notification(conn, n),
                Message::Response(_) => {}
            }
            // Edits typed quickly arrive together; check once they are all in.
            if self.dirty && conn.receiver.is_empty() {
                self.check(conn);
            }
        }
        Ok(())
    }

    /// Builds the site in memory with the open pages' text and publishes what it found.
    fn check(&mut self, conn: &Connection) {
        let overlay = self.docs.overlay();
        let options = CompileOptions {
            overlay: Some(&overlay),
            ..CompileOptions::default()
        };
        self.compiled = compile(self.docs.root(), options, &self.cache);
        self.dirty = false;
        for (file, doc) in self.docs.iter() {
            let found = diagnostics::for_file(
                file,
                &self.compiled.diagnostics,
                &self.compiled.sources,
                &self.docs,
            );
            let params = PublishDiagnosticsParams::new(doc.uri.clone(), found, Some(doc.version));
            self.send(conn, publish(params));
        }
    }

    fn notification(&mut self, conn: &Connection, n: Notification) {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params)
                    && let Some(file) = self.docs.file_of(&p.text_document.uri)
                {
                    let doc = Doc {
                        uri: p.text_document.uri,
                        version: p.text_document.version,
                        text: p.text_document.text,
                    };
                    self.docs.open(file, doc);
                    self.dirty = true;
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params)
                    && let Some(file) = self.docs.file_of(&p.text_document.uri)
                    && let Some(doc) = self.docs.get_mut(&file)
                {
                    for change in p.content_changes {
                        match change.range {
                            Some(r) => {
                                let start = position::offset(&doc.text, r.start);
                                let end = position::offset(&doc.text, r.end).max(start);
                                doc.text.replace_range(start..end, &change.text);
                            }
                            None => doc.text = change.text,
                        }
                    }
                    doc.version = p.text_document.version;
                    self.dirty = true;
                }
            }
            "textDocument/didSave" => {
                if let Ok(p) = serde_json::from_value::<DidSaveTextDocumentParams>(n.params)
                    && let Some(file) = self.docs.file_of(&p.text_document.uri)
                    && let (Some(doc), Some(text)) = (self.docs.get_mut(&file), p.text)
                {
                    doc.text = text;
                }
                self.dirty = true;
            }
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params)
                    && let Some(file) = self.docs.file_of(&p.text_document.uri)
                    && let Some(doc) = self.docs.close(&file)
                {
                    let params = PublishDiagnosticsParams::new(doc.uri, Vec::new(), None);
                    self.send(conn, publish(params));
                    self.dirty = true;
                }
            }
            "workspace/didChangeWatchedFiles" => self.dirty = true,
            _ => {}
        }
    }

    fn request(&self, req: Request) -> Response {
        let id = req.id.clone();
        let result = match req.method.as_str() {
            "textDocument/hover" => self.params::<HoverParams>(req).map(|p| {
                let at = self.at(&p.text_document_position_params);
                json!(at.and_then(|(file, text, offset)| {
                    hover::hover(text, &file, offset, &self.compiled.claims)
                }))
            }),
            "textDocument/completion" => self
                .params::<lsp_types::CompletionParams>(req)
                .map(|p| json!(self.complete(&p.text_document_position))),
            "textDocument/definition" => self
                .params::<GotoDefinitionParams>(req)
                .map(|p| json!(self.definition(&p.text_document_position_params))),
            "textDocument/codeAction" => self
                .params::<CodeActionParams>(req)
                .map(|p| json!(self.actions(&p))),
            method => Err((
                ErrorCode::MethodNotFound,
                format!("nimsite does not answer {method}"),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Reads a request's parameters, or says why they do not read.
    fn params<P: serde::de::DeserializeOwned>(
        &self,
        req: Request,
    ) -> Result<P, (ErrorCode, String)> {
        serde_json::from_value(req.params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
    }

    /// Returns the open document a request points into, its text and the byte offset.
    fn at(&self, p: &TextDocumentPositionParams) -> Option<(String, &str, usize)> {
        let file = self.docs.file_of(&p.text_document.uri)?;
        let doc = self.docs.get(&file)?;
        let offset = position::offset(&doc.text, p.position);
        Some((file, doc.text.as_str(), offset))
    }

    /// Offers the fixes the build's diagnostics suggest within the requested range.
    fn actions(&self, p: &CodeActionParams) -> Option<Vec<lsp_types::CodeAction>> {
        let file = self.docs.file_of(&p.text_document.uri)?;
        let doc = self.docs.get(&file)?;
        // Spans point into the text the build read, which is the document's as last checked.
        let source = self.compiled.sources.get(&file).unwrap_or(&doc.text);
        let wanted = position::offset(source, p.range.start)..position::offset(source, p.range.end);
        Some(actions::fixes(
            &doc.uri,
            &file,
            source,
            &self.compiled.diagnostics,
            wanted,
        ))
    }

    /// Returns a page's text by its path relative to the root: the open document's, or
    /// the file's on disk.
    fn read(&self, file: &str) -> Option<String> {
        match self.docs.get(file) {
            Some(doc) => Some(doc.text.clone()),
            None => std::fs::read_to_string(self.docs.root().join(file)).ok(),
        }
    }

    /// Completes what is typed at the cursor, with the site's pages for links.
    fn complete(&self, p: &TextDocumentPositionParams) -> Option<Vec<lsp_types::CompletionItem>> {
        let (file, text, offset) = self.at(p)?;
        let pages = content::discover(self.docs.root()).unwrap_or_default();
        let read = |f: &str| self.read(f);
        let site = completion::Site {
            from: pages.iter().find(|s| s.file == file),
            pages: &pages,
            claims: &self.compiled.claims,
            read: &read,
        };
        Some(completion::complete(text, offset, &site))
    }

    /// Finds where the link under the cursor lands, or the directive that defines the
    /// game called under it.
    fn definition(&self, p: &TextDocumentPositionParams) -> Option<GotoDefinitionResponse> {
        let (file, text, offset) = self.at(p)?;
        let (start, line) = position::line_at(text, offset);
        if let Some((name, _)) = games::call_at(line, offset - start) {
            let defined = games::defined(text);
            let found = defined
                .iter()
                .filter(|d| d.name == name)
                .rfind(|d| d.fence.start < start)
                .or_else(|| defined.iter().find(|d| d.name == name));
            if let Some(d) = found {
                return Some(GotoDefinitionResponse::Scalar(Location::new(
                    p.text_document.uri.clone(),
                    position::range(text, &d.fence),
                )));
            }
        }
        let dest = markup::link_at(line, offset - start)?;
        let pages = content::discover(self.docs.root()).ok()?;
        let from = pages.iter().find(|s| s.file == file)?;
        let read = |f: &str| self.read(f);
        let target = definition::resolve(dest, from, &pages, &self.compiled.claims, &read)?;
        let text = read(&target.file)?;
        let uri: Uri = self.docs.uri_of(&target.file)?;
        Some(GotoDefinitionResponse::Scalar(Location::new(
            uri,
            position::range(&text, &target.span),
        )))
    }
}

/// Returns the notification that publishes one document's diagnostics.
fn publish(params: PublishDiagnosticsParams) -> Message {
    Notification::new("textDocument/publishDiagnostics".to_string(), params).into()
}
