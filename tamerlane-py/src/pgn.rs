//! Game records for `tamerlane.pgn`: `PgnRecord` (a `tamerlane_core`
//! `GameRecord`: tags, moves, comments, result) and `PgnReader`, the Rust
//! record reader streaming games from a Python text file object.
//!
//! The pure-Python module `tamerlane.pgn` builds the python-chess style API
//! (`Game`, `Headers`, `read_game`) on these two classes.

use std::io::{self, BufRead, Read};
use std::sync::{Arc, Mutex};

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyUnicodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tamerlane_core::tamerlane::Game;
use tamerlane_core::{read_records, GameRecord, RecordEditError, RecordError, RecordReader};

use crate::board::Board;
use crate::board_core;
use crate::rules::RulesArg;
use crate::types::{type_name, Move};

create_exception!(
    tamerlane.pgn,
    PgnError,
    PyValueError,
    "A game record that cannot be read (`game`, `line` and `column`, all 1-based, say \
     where), or a change a record refuses (those three are then `None`)."
);

/// The most characters asked of `readline` at a time: a longer line comes
/// in pieces, so a huge line is never held whole (the reader skips lines
/// longer than `GameRecord::MAX_LINE_BYTES`).
const READ_CHUNK: usize = 1 << 16;

/// A `PgnError` with its position (or `None`s for an edit error).
fn pgn_err(py: Python<'_>, msg: String, at: Option<(usize, usize, usize)>) -> PyErr {
    let err = PgnError::new_err(msg);
    let value = err.value(py);
    let (game, line, column) = match at {
        Some((g, l, c)) => (Some(g), Some(l), Some(c)),
        None => (None, None, None),
    };
    let set = value
        .setattr("game", game)
        .and_then(|()| value.setattr("line", line))
        .and_then(|()| value.setattr("column", column));
    match set {
        Ok(()) => err,
        Err(other) => other,
    }
}

/// A refused record change as `PgnError` (no position).
fn edit_err(py: Python<'_>, e: RecordEditError) -> PyErr {
    pgn_err(py, e.to_string(), None)
}

/// A reading error as `PgnError` with its game, line and column.
fn read_err(py: Python<'_>, e: &RecordError) -> PyErr {
    pgn_err(py, e.to_string(), Some((e.game, e.line, e.column)))
}

/// A game with its record data: the tags (the `Result` tag among them), the
/// moves from the start position, the comments and the result. Every
/// change is checked: a record is always one that `str()` writes as text
/// the reader reads back equal.
#[pyclass(module = "tamerlane.pgn")]
#[derive(Clone)]
pub struct PgnRecord {
    record: GameRecord,
}

#[pymethods]
impl PgnRecord {
    /// The record of `board`'s game (its start position, rules and moves)
    /// with the seven standard tags, `Variant`, and `Rules`, `SetUp`/`TFEN`
    /// and `Termination` where they apply; the result is the game's outcome
    /// (`*` while it goes on).
    #[staticmethod]
    fn from_board(py: Python<'_>, board: &Bound<'_, Board>) -> PyResult<PgnRecord> {
        let game = board_core::read(board)?.game.clone();
        let record = GameRecord::new(game).map_err(|e| edit_err(py, e))?;
        Ok(PgnRecord { record })
    }

    /// Reads a text holding exactly one game (`PgnError` otherwise).
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<PgnRecord> {
        GameRecord::from_pgn(text)
            .map(|record| PgnRecord { record })
            .map_err(|e| read_err(py, &e))
    }

    /// The tag pairs in the order written, `Result` among them.
    fn tags(&self) -> Vec<(String, String)> {
        self.record
            .tags()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect()
    }

    /// The value of tag `name`, `None` if there is none.
    fn tag(&self, name: &str) -> Option<String> {
        self.record.tag(name).map(str::to_owned)
    }

    /// Sets tag `name` (in place if present, else at the end); `PgnError`
    /// for what the record refuses (a bad name, a control character, a
    /// `Result`, `Variant`, `TFEN`, `Rules` or `Termination` value that
    /// contradicts the game, ...).
    fn set_tag(&mut self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        self.record
            .set_tag(name, value)
            .map_err(|e| edit_err(py, e))
    }

    /// Removes tag `name`: its value, or `None` if absent. `PgnError` for a
    /// tag the record needs (`Result`; `TFEN` and `Rules` when they apply).
    fn remove_tag(&mut self, py: Python<'_>, name: &str) -> PyResult<Option<String>> {
        self.record.remove_tag(name).map_err(|e| edit_err(py, e))
    }

    /// The result token: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    fn result(&self) -> &'static str {
        self.record.result().token()
    }

    /// The comments as `(ply, text)`, in ply order (ply 0: before the first
    /// move).
    fn comments(&self) -> Vec<(usize, String)> {
        self.record.comments().to_vec()
    }

    /// Replaces every comment by `comments` (`(ply, text)` pairs, kept in
    /// ply order); the record is unchanged if one of them is refused
    /// (`PgnError`).
    fn set_comments(&mut self, py: Python<'_>, comments: Vec<(usize, String)>) -> PyResult<()> {
        let mut record = self.record.clone();
        record.clear_comments();
        for (ply, text) in &comments {
            record
                .add_comment(*ply, text)
                .map_err(|e| edit_err(py, e))?;
        }
        self.record = record;
        Ok(())
    }

    /// The number of plies (moves) of the game.
    fn plies(&self) -> usize {
        self.record.game().moves().len()
    }

    /// The moves, each with the side that made it.
    fn moves(&self) -> Vec<Move> {
        let game = self.record.game();
        game.moves()
            .iter()
            .zip(game.positions())
            .map(|(m, before)| Move::full(*m, before.turn()))
            .collect()
    }

    /// The SAN of the move of ply `ply` (0-based).
    fn san(&self, ply: usize) -> PyResult<String> {
        let game = self.record.game();
        match game.moves().get(ply) {
            Some(m) => Ok(game.positions()[ply].san(m)),
            None => Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "ply {ply} out of range: the game has {} plies",
                game.moves().len()
            ))),
        }
    }

    /// A new board after the first `ply` moves (the start position for 0),
    /// with those moves on its stack.
    fn board(&self, ply: usize) -> PyResult<Board> {
        let game = self.record.game();
        let Some(moves) = game.moves().get(..ply) else {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "ply {ply} out of range: the game has {} plies",
                game.moves().len()
            )));
        };
        let mut board = Game::from_position(game.start().clone());
        for m in moves {
            board
                .play(m)
                .map_err(|e| PyValueError::new_err(format!("internal error: {e}")))?;
        }
        Ok(Board { game: board })
    }

    /// The record as text: tag pairs, a blank line, the movetext (SAN,
    /// comments, result) wrapped at 80 columns, and a newline.
    fn __str__(&self) -> String {
        self.record.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PgnRecord>()
            .is_ok_and(|o| o.borrow().record == self.record)
    }

    fn __copy__(&self) -> PgnRecord {
        self.clone()
    }
}

/// What a [`PgnReader`] shares with its [`HandleSource`]: the file object
/// of the `read` call under way, and the Python exception that ended the
/// input (for `read` to raise).
#[derive(Default)]
struct Shared {
    handle: Option<PyObject>,
    error: Option<PyErr>,
}

/// The [`Shared`] state, locked (a poisoned lock is taken over: the state
/// is two plain slots).
fn lock(shared: &Mutex<Shared>) -> std::sync::MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(|p| p.into_inner())
}

/// A Python text file object as a `BufRead`: lines come from
/// `handle.readline(READ_CHUNK)`, encoded as UTF-8. A Python exception in
/// `readline` (or a `readline` that returns something other than `str`)
/// ends the input as a read error and is kept, to be raised in its place.
struct HandleSource {
    buf: Vec<u8>,
    pos: usize,
    failed: bool,
    shared: Arc<Mutex<Shared>>,
}

impl HandleSource {
    fn readline(&mut self, py: Python<'_>) -> PyResult<()> {
        let handle = lock(&self.shared).handle.as_ref().map(|h| h.clone_ref(py));
        let Some(handle) = handle else {
            return Err(PyValueError::new_err("internal error: no file object"));
        };
        let text = handle.call_method1(py, "readline", (READ_CHUNK,))?;
        let text = text.bind(py);
        let s = text.downcast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "readline() returned {}, not str: open the file in text mode",
                type_name(text)
            ))
        })?;
        self.buf.clear();
        self.buf.extend_from_slice(s.to_cow()?.as_bytes());
        self.pos = 0;
        Ok(())
    }
}

impl Read for HandleSource {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let chunk = self.fill_buf()?;
        let n = chunk.len().min(out.len());
        out[..n].copy_from_slice(&chunk[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for HandleSource {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos >= self.buf.len() && !self.failed {
            if let Err(e) = Python::with_gil(|py| self.readline(py)) {
                self.buf.clear();
                self.pos = 0;
                self.failed = true;
                lock(&self.shared).error = Some(e);
            }
        }
        if self.failed {
            return Err(io::Error::other("the file object raised an exception"));
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.buf.len());
    }
}

/// The Rust record reader over Python text file objects: each
/// `read(handle)` reads the next game from `handle` (`None` at the end of
/// the file). A bad game raises `PgnError` and is skipped up to the next
/// game's tags, so the next call reads on. The reader keeps its place (the
/// rest of the current line, the line count) between calls and holds no
/// reference to the file object. An exception raised by the file object is
/// raised as it is, except a `UnicodeError` (bytes that are not text in the
/// file's encoding), which becomes a `PgnError` with the line, its cause
/// attached; either ends the input.
#[pyclass(module = "tamerlane.pgn")]
pub struct PgnReader {
    reader: RecordReader<HandleSource>,
    shared: Arc<Mutex<Shared>>,
}

#[pymethods]
impl PgnReader {
    /// A reader whose games without a `Rules` tag are read under `rules`
    /// (a rule-set string; the default rules if `None`).
    #[new]
    #[pyo3(signature = (rules = None))]
    fn new(rules: Option<RulesArg>) -> PgnReader {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let source = HandleSource {
            buf: Vec::new(),
            pos: 0,
            failed: false,
            shared: Arc::clone(&shared),
        };
        let reader = read_records(source).with_default_rules(rules.unwrap_or_default().0);
        PgnReader { reader, shared }
    }

    /// The next game of `handle` (anything with a `readline(size)` method
    /// returning `str`: a file opened in text mode, `io.StringIO`), or
    /// `None` at the end of the file.
    fn read(&mut self, py: Python<'_>, handle: PyObject) -> PyResult<Option<PgnRecord>> {
        lock(&self.shared).handle = Some(handle);
        let next = self.reader.next();
        lock(&self.shared).handle = None;
        match next {
            None => Ok(None),
            Some(Ok(record)) => Ok(Some(PgnRecord { record })),
            Some(Err(e)) => {
                let taken = lock(&self.shared).error.take();
                let Some(cause) = taken else {
                    return Err(read_err(py, &e));
                };
                if !cause.is_instance_of::<PyUnicodeError>(py) {
                    return Err(cause);
                }
                // The file object decodes ahead in blocks: the bad bytes are
                // somewhere after the last line read.
                let err = pgn_err(
                    py,
                    format!(
                        "game {}: the text after line {} cannot be decoded \
                         (not in the file's encoding?): {cause}",
                        e.game, e.line
                    ),
                    Some((e.game, e.line, 1)),
                );
                err.set_cause(py, Some(cause));
                Err(err)
            }
        }
    }
}
