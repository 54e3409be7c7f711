//! Reading the client's frames with bounds: a body is read whole before it is parsed, so
//! one that is not JSON is skipped and the stream stays in step, and a length beyond
//! [`MAX_MESSAGE`] is skipped without being held in memory.

use std::io::{self, BufRead, Read};

use lsp_server::Message;

/// The largest message read: room for a page four times over the build's own limit.
pub const MAX_MESSAGE: u64 = 4 * crate::site::MAX_PAGE_BYTES + (1 << 20);

/// The longest header line read.
const MAX_HEADER: u64 = 1 << 10;

/// Reads one framed message: `None` at the end of input, `Some(Err)` for a frame that
/// was skipped, with why.
pub fn read(r: &mut impl BufRead) -> io::Result<Option<Result<Message, String>>> {
    let mut len: Option<u64> = None;
    let mut started = false;
    loop {
        let mut line = String::new();
        if r.by_ref().take(MAX_HEADER).read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if started {
                break;
            }
            continue;
        }
        started = true;
        if let Some((name, value)) = line.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            len = value.trim().parse().ok();
        }
    }
    let Some(len) = len else {
        return Ok(Some(Err("a message without a Content-Length".to_string())));
    };
    if len > MAX_MESSAGE {
        io::copy(&mut r.by_ref().take(len), &mut io::sink())?;
        return Ok(Some(Err(format!("a message of {len} bytes is too large"))));
    }
    let mut body = Vec::new();
    r.by_ref().take(len).read_to_end(&mut body)?;
    Ok(Some(serde_json::from_slice(&body).map_err(|e| {
        format!("a message that is not JSON-RPC: {e}")
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_frames_are_skipped_and_the_next_one_read() {
        let ok = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let input = format!(
            "Content-Length: 5\r\n\r\n{{ bad\
             Content-Length: 99999999999999\r\n\r\n\
             Content-Length: {}\r\n\r\n{ok}",
            ok.len()
        );
        let mut r = io::Cursor::new(input.into_bytes());
        assert!(matches!(read(&mut r), Ok(Some(Err(_)))));
        assert!(matches!(read(&mut r), Ok(Some(Err(e))) if e.contains("too large")));
        // The huge frame swallowed what followed, as its length said it would.
        assert!(matches!(read(&mut r), Ok(None)));
        let mut r = io::Cursor::new(format!("Content-Length: {}\r\n\r\n{ok}", ok.len()));
        assert!(matches!(
            read(&mut r),
            Ok(Some(Ok(Message::Notification(_))))
        ));
    }
}
