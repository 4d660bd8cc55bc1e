//! Reading lines of untrusted input in bounded memory, from any
//! [`BufRead`] the caller passes (this crate opens nothing itself).
//!
//! [`read_line_bounded`] is the one line reader of the project: the record
//! reader ([`read_records`](crate::read_records)), the engine protocol, the
//! command line's `--stdin` modes and the match runner's reading of an
//! engine's output all use it. A line longer than the limit is read to its
//! end but only its first bytes are kept; the caller decides whether to use
//! them or to drop the line.
//!
//! ```
//! use tamerlane_core::io::{read_line_bounded, LineRead};
//!
//! let mut input = "uci\r\n0123456789\nlast".as_bytes();
//! let mut line = Vec::new();
//! assert_eq!(read_line_bounded(&mut input, &mut line, 4)?, LineRead::Line);
//! assert_eq!(line, b"uci");
//! assert_eq!(read_line_bounded(&mut input, &mut line, 4)?, LineRead::TooLong);
//! assert_eq!(line, b"0123");
//! assert_eq!(read_line_bounded(&mut input, &mut line, 4)?, LineRead::Line);
//! assert_eq!(line, b"last");
//! assert_eq!(read_line_bounded(&mut input, &mut line, 4)?, LineRead::End);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{BufRead, ErrorKind};

/// What [`read_line_bounded`] found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineRead {
    /// A whole line (possibly the last one, without a line ending).
    Line,
    /// A line longer than the limit: its first bytes (as many as the limit)
    /// are in the buffer, the rest was read and dropped.
    TooLong,
    /// The end of the input: no line.
    End,
}

/// Reads one line into `buf` (cleared first), keeping at most `max` bytes
/// of it, so that memory stays bounded whatever the input.
///
/// A line ends with `\n` or `\r\n`, or at the end of the input (where a
/// last `\r` counts as the line ending too); the line ending is removed
/// and does not count towards `max`. An interrupted read
/// is retried; any other read error is returned (what was read of the line
/// is lost). The bytes are not decoded: the caller decides what invalid
/// UTF-8 means.
pub fn read_line_bounded(
    src: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<LineRead> {
    buf.clear();
    // One byte more than `max` is kept, for a `\r` that may turn out to be
    // part of the line ending.
    let keep = max.saturating_add(1);
    let mut any = false;
    let mut cut = false;
    loop {
        let chunk = match src.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (len, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let body = &chunk[..if end { len - 1 } else { len }];
        let room = keep - buf.len();
        if body.len() <= room {
            buf.extend_from_slice(body);
        } else {
            buf.extend_from_slice(&body[..room]);
            cut = true;
        }
        src.consume(len);
        if end {
            break;
        }
    }
    if !any {
        return Ok(LineRead::End);
    }
    if !cut && buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if cut || buf.len() > max {
        buf.truncate(max);
        return Ok(LineRead::TooLong);
    }
    Ok(LineRead::Line)
}
