//! Game records of the three games for `tamerlane.pgn`: `PgnRecord` (a
//! `tamerlane_core` `GameRecord` of Tamerlane, chess or Makruk: tags,
//! moves, comments, result) and `PgnReader`, the Rust record reader
//! streaming games from a Python text file object, of one game or of each
//! record's own game (its `Variant` tag).
//!
//! One implementation serves the three games: [`AnyRecord`] and
//! [`AnyReader`] hold the core's generic record and reader of one of them,
//! every method dispatches with `each_game!` to code generic over
//! [`RecordGame`] (what a record needs of its game's Python classes), and
//! the file object's lines come through one [`LineSource`].
//!
//! The pure-Python module `tamerlane.pgn` builds the python-chess style API
//! (`Game`, `Headers`, `read_game`) on these two classes.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, Read};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyUnicodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3::IntoPyObjectExt;
use tamerlane_core::{chess, makruk, tamerlane};
use tamerlane_core::{
    Game, GameRecord, Position, RecordEditError, RecordError, RecordErrorKind, RecordReader,
    RuleSet, Variant,
};

use crate::board_core::{self, PyGame};
use crate::rules::RulesArg;
use crate::types::type_name;

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

/// How far the by-`Variant` reader reads ahead for a game's tag section
/// before it chooses the game's reader: at most this many pieces of lines
/// and (about) this many bytes; a longer tag section is read by the reader
/// chosen from what was seen.
const READ_AHEAD_PIECES: usize = 4096;
const READ_AHEAD_BYTES: usize = 4 << 20;

/// Runs `$body` with `$x` bound to what the `$enum` value `$value` holds,
/// whichever of the three games it is of (`$enum` has the variants
/// `Tamerlane`, `Chess` and `Makruk`).
macro_rules! each_game {
    ($enum:ident, $value:expr, $x:ident => $body:expr) => {
        match $value {
            $enum::Tamerlane($x) => $body,
            $enum::Chess($x) => $body,
            $enum::Makruk($x) => $body,
        }
    };
}

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
fn edit_err<P: Position>(py: Python<'_>, e: RecordEditError<P>) -> PyErr {
    pgn_err(py, e.to_string(), None)
}

/// A reading error of a record of any of the three games: where (1-based
/// game, line and column in the file) and what.
#[derive(Clone, Debug)]
struct Failure {
    game: usize,
    line: usize,
    column: usize,
    /// What is wrong, as the core says it.
    message: String,
    /// The input ended before the game's result token.
    truncated: bool,
    /// The value of a `Variant` tag the reader refused.
    wrong_variant: Option<String>,
}

impl Failure {
    fn of<P: Position>(e: RecordError<P>) -> Failure {
        Failure {
            game: e.game,
            line: e.line,
            column: e.column,
            message: e.kind.to_string(),
            truncated: matches!(e.kind, RecordErrorKind::Truncated),
            wrong_variant: match e.kind {
                RecordErrorKind::WrongVariant(v) => Some(v),
                _ => None,
            },
        }
    }

    /// The error of a record read by its `Variant` tag: a `Variant` tag
    /// that names none of the three games says so.
    fn by_variant(mut self) -> Failure {
        if let Some(v) = self
            .wrong_variant
            .as_deref()
            .filter(|v| known_game(v).is_none())
        {
            self.message = format!(
                "Variant tag {v:?}: not one of the games read here (Tamerlane, Makruk, \
                 and chess as \"Standard\" or \"chess\")"
            );
        }
        self
    }

    /// The `PgnError` of this failure.
    fn err(&self, py: Python<'_>) -> PyErr {
        pgn_err(
            py,
            self.to_string(),
            Some((self.game, self.line, self.column)),
        )
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.line, self.column, self.message
        )
    }
}

/// The game a `Variant` tag value names (as the core reads it: any case,
/// `Standard` for chess), if any.
fn known_game(value: &str) -> Option<Variant> {
    Variant::ALL.into_iter().find(|v| v.is_variant_tag(value))
}

/// A `game=` argument: `None`, or a game's name (`"tamerlane"`, `"chess"`,
/// `"makruk"`, any case).
fn game_arg(game: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Variant>> {
    let Some(g) = game.filter(|g| !g.is_none()) else {
        return Ok(None);
    };
    let s = g.downcast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "game must be 'tamerlane', 'chess', 'makruk' or None, not {}",
            type_name(g)
        ))
    })?;
    s.to_cow()?
        .parse::<Variant>()
        .map(Some)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A `rules=` argument for the game whose rules are `R`: the default rules
/// when absent or `None`.
fn rules_arg<R>(rules: Option<&Bound<'_, PyAny>>) -> PyResult<R>
where
    R: Default,
    for<'py> RulesArg<R>: FromPyObject<'py>,
{
    match rules.filter(|r| !r.is_none()) {
        None => Ok(R::default()),
        Some(r) => Ok(r.extract::<RulesArg<R>>()?.0),
    }
}

/// A record of one of the three games.
#[derive(Clone, PartialEq)]
pub enum AnyRecord {
    /// A Tamerlane record.
    Tamerlane(GameRecord<tamerlane::Position>),
    /// A chess record.
    Chess(GameRecord<chess::Position>),
    /// A Makruk record.
    Makruk(GameRecord<makruk::Position>),
}

/// A record reader of one of the three games, over a [`LineSource`].
pub enum AnyReader {
    /// Reads Tamerlane records.
    Tamerlane(RecordReader<LineSource, tamerlane::Position>),
    /// Reads chess records.
    Chess(RecordReader<LineSource, chess::Position>),
    /// Reads Makruk records.
    Makruk(RecordReader<LineSource, makruk::Position>),
}

impl AnyReader {
    /// The reader of `game`'s records from `src`, those without a `Rules`
    /// tag read under `rules` (Tamerlane's; chess and Makruk records under
    /// their default rules).
    fn of_game(game: Variant, src: LineSource, rules: RuleSet) -> AnyReader {
        match game {
            Variant::Tamerlane => tamerlane::Position::any_reader(src, rules),
            Variant::Chess => chess::Position::any_reader(src, chess::Rules::default()),
            Variant::Makruk => makruk::Position::any_reader(src, makruk::Rules::default()),
        }
    }

    /// The next record or error, `None` at the end of the input.
    fn next_item(&mut self) -> Option<Result<AnyRecord, Failure>> {
        each_game!(AnyReader, self, r => r
            .next()
            .map(|item| item.map(RecordGame::any_record).map_err(Failure::of)))
    }
}

/// A game whose records `tamerlane.pgn` reads and writes: its position
/// type (with the Python classes of [`PyGame`]) and its Python `Board`.
pub trait RecordGame: PyGame {
    /// A new Python `Board` of this game, playing `game`.
    fn py_board(py: Python<'_>, game: Game<Self>) -> PyResult<PyObject>;
    /// The game of a Python `Board` of this game, if `board` is one.
    fn board_game(board: &Bound<'_, PyAny>) -> PyResult<Option<Game<Self>>>;
    /// `record` as an [`AnyRecord`].
    fn any_record(record: GameRecord<Self>) -> AnyRecord;
    /// A reader of this game's records from `src`, those without a `Rules`
    /// tag read under `rules`.
    fn any_reader(src: LineSource, rules: Self::Rules) -> AnyReader;
}

/// Implements [`RecordGame`] for the position type `$P`, whose Python
/// board is `$board` and whose variant of the enums is `$name`.
macro_rules! record_game {
    ($P:ty, $board:ty, $name:ident) => {
        impl RecordGame for $P {
            fn py_board(py: Python<'_>, game: Game<$P>) -> PyResult<PyObject> {
                type B = $board;
                Ok(Py::new(py, B { game })?.into_any())
            }

            fn board_game(board: &Bound<'_, PyAny>) -> PyResult<Option<Game<$P>>> {
                match board.downcast::<$board>() {
                    Ok(b) => Ok(Some(board_core::read(b)?.game.clone())),
                    Err(_) => Ok(None),
                }
            }

            fn any_record(record: GameRecord<$P>) -> AnyRecord {
                AnyRecord::$name(record)
            }

            fn any_reader(src: LineSource, rules: <$P as Position>::Rules) -> AnyReader {
                AnyReader::$name(RecordReader::new(src).with_default_rules(rules))
            }
        }
    };
}

record_game!(tamerlane::Position, crate::board::Board, Tamerlane);
record_game!(chess::Position, crate::sibling_board::chess::Board, Chess);
record_game!(
    makruk::Position,
    crate::sibling_board::makruk::Board,
    Makruk
);

/// The `IndexError` of a ply past the end of a game of `plies` plies.
fn ply_error(ply: usize, plies: usize) -> PyErr {
    PyIndexError::new_err(format!(
        "ply {ply} out of range: the game has {plies} plies"
    ))
}

/// The record of `game` (see [`PgnRecord::from_board`]).
fn new_record<P: RecordGame>(py: Python<'_>, game: Game<P>) -> PyResult<PgnRecord> {
    GameRecord::new(game)
        .map(|record| PgnRecord {
            record: P::any_record(record),
        })
        .map_err(|e| edit_err(py, e))
}

/// The moves of a record's game as its Python moves.
fn moves_of<P: RecordGame>(py: Python<'_>, record: &GameRecord<P>) -> PyResult<Vec<PyObject>> {
    let game = record.game();
    game.moves()
        .iter()
        .zip(game.positions())
        .map(|(m, before)| before.wrap(m).into_py_any(py))
        .collect()
}

/// The SAN of the move of ply `ply` of a record's game.
fn san_of<P: Position>(record: &GameRecord<P>, ply: usize) -> PyResult<String> {
    let game = record.game();
    match game.moves().get(ply) {
        Some(m) => Ok(game.positions()[ply].san(m)),
        None => Err(ply_error(ply, game.moves().len())),
    }
}

/// A new Python board of a record's game after its first `ply` moves.
fn board_of<P: RecordGame>(
    py: Python<'_>,
    record: &GameRecord<P>,
    ply: usize,
) -> PyResult<PyObject> {
    let game = record.game();
    let Some(moves) = game.moves().get(..ply) else {
        return Err(ply_error(ply, game.moves().len()));
    };
    let mut board = Game::from_position(game.start().clone());
    for m in moves {
        board
            .play(m)
            .map_err(|e| PyValueError::new_err(format!("internal error: {e}")))?;
    }
    P::py_board(py, board)
}

/// How a record's game ended by the rules, as its Python outcome.
fn outcome_of<P: RecordGame>(py: Python<'_>, record: &GameRecord<P>) -> PyResult<Option<PyObject>> {
    record
        .game()
        .outcome()
        .map(|o| P::wrap_outcome(o).into_py_any(py))
        .transpose()
}

/// `record` with its comments replaced by `comments`.
fn with_comments<P: Position>(
    record: &GameRecord<P>,
    comments: &[(usize, String)],
) -> Result<GameRecord<P>, RecordEditError<P>> {
    let mut record = record.clone();
    record.clear_comments();
    for (ply, text) in comments {
        record.add_comment(*ply, text)?;
    }
    Ok(record)
}

/// Reads a text holding exactly one game of kind `P`.
fn parse_one<P: RecordGame>(text: &str) -> Result<AnyRecord, Failure> {
    text.parse::<GameRecord<P>>()
        .map(P::any_record)
        .map_err(Failure::of)
}

/// A game with its record data, of one of the three games: the tags (the
/// `Result` tag among them), the moves from the start position, the
/// comments and the result. Every change is checked: a record is always
/// one that `str()` writes as text the reader reads back equal.
#[pyclass(module = "tamerlane.pgn")]
#[derive(Clone)]
pub struct PgnRecord {
    record: AnyRecord,
}

#[pymethods]
impl PgnRecord {
    /// The record of `board`'s game (a `tamerlane.Board`,
    /// `tamerlane.chess.Board` or `tamerlane.makruk.Board`: its start
    /// position, rules and moves) with the seven standard tags, `Variant`
    /// (not for chess), and `Rules`, `SetUp` with `TFEN` (`FEN` for chess
    /// and Makruk) and `Termination` where they apply; the result is the
    /// game's outcome (`*` while it goes on). `TypeError` for anything else.
    #[staticmethod]
    fn from_board(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<PgnRecord> {
        if let Some(game) = tamerlane::Position::board_game(board)? {
            return new_record(py, game);
        }
        if let Some(game) = chess::Position::board_game(board)? {
            return new_record(py, game);
        }
        if let Some(game) = makruk::Position::board_game(board)? {
            return new_record(py, game);
        }
        Err(PyTypeError::new_err(format!(
            "expected a tamerlane.Board, tamerlane.chess.Board or tamerlane.makruk.Board, not {}",
            type_name(board)
        )))
    }

    /// Reads a text holding exactly one game (`PgnError` otherwise) of
    /// `game` (`"tamerlane"`, `"chess"` or `"makruk"`), or with `None`
    /// of the game its `Variant` tag names (Tamerlane without one).
    #[staticmethod]
    #[pyo3(signature = (text, game = None))]
    fn parse(py: Python<'_>, text: &str, game: Option<&Bound<'_, PyAny>>) -> PyResult<PgnRecord> {
        let chosen = game_arg(game)?;
        let variant = chosen.unwrap_or_else(|| {
            tag_section_variant(text.split('\n').map(str::as_bytes))
                .as_deref()
                .and_then(known_game)
                .unwrap_or(Variant::Tamerlane)
        });
        let read = match variant {
            Variant::Tamerlane => parse_one::<tamerlane::Position>(text),
            Variant::Chess => parse_one::<chess::Position>(text),
            Variant::Makruk => parse_one::<makruk::Position>(text),
        };
        match read {
            Ok(record) => Ok(PgnRecord { record }),
            Err(f) if chosen.is_none() => Err(f.by_variant().err(py)),
            Err(f) => Err(f.err(py)),
        }
    }

    /// The game of the record: `"tamerlane"`, `"chess"` or `"makruk"`.
    #[getter]
    fn game(&self) -> &'static str {
        each_game!(AnyRecord, &self.record, r => variant_name(r))
    }

    /// The rule set of the record's game, as its canonical string.
    #[getter]
    fn rules(&self) -> String {
        each_game!(AnyRecord, &self.record, r => r.game().rules().to_string())
    }

    /// The tag pairs in the order written, `Result` among them.
    fn tags(&self) -> Vec<(String, String)> {
        each_game!(AnyRecord, &self.record, r => r
            .tags()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect())
    }

    /// The value of tag `name`, `None` if there is none.
    fn tag(&self, name: &str) -> Option<String> {
        each_game!(AnyRecord, &self.record, r => r.tag(name).map(str::to_owned))
    }

    /// Sets tag `name` (in place if present, else at the end); `PgnError`
    /// for what the record refuses (a bad name, a control character, a
    /// `Result`, `Variant`, position tag (`TFEN` for Tamerlane, `FEN` for
    /// chess and Makruk), `Rules` or `Termination` value that contradicts
    /// the game, a `FEN` tag in a Tamerlane record, ...).
    fn set_tag(&mut self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        each_game!(AnyRecord, &mut self.record, r => r
            .set_tag(name, value)
            .map_err(|e| edit_err(py, e)))
    }

    /// Removes tag `name`: its value, or `None` if absent. `PgnError` for a
    /// tag the record needs (`Result`; the position tag and `Rules` when
    /// they apply).
    fn remove_tag(&mut self, py: Python<'_>, name: &str) -> PyResult<Option<String>> {
        each_game!(AnyRecord, &mut self.record, r => r
            .remove_tag(name)
            .map_err(|e| edit_err(py, e)))
    }

    /// The result token: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    fn result(&self) -> &'static str {
        each_game!(AnyRecord, &self.record, r => r.result().token())
    }

    /// How the game ended by the rules in its final position (the game's
    /// `Outcome`), `None` if it did not.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        each_game!(AnyRecord, &self.record, r => outcome_of(py, r))
    }

    /// The comments as `(ply, text)`, in ply order (ply 0: before the first
    /// move).
    fn comments(&self) -> Vec<(usize, String)> {
        each_game!(AnyRecord, &self.record, r => r.comments().to_vec())
    }

    /// Replaces every comment by `comments` (`(ply, text)` pairs, kept in
    /// ply order); the record is unchanged if one of them is refused
    /// (`PgnError`).
    fn set_comments(&mut self, py: Python<'_>, comments: Vec<(usize, String)>) -> PyResult<()> {
        each_game!(AnyRecord, &mut self.record, r => {
            *r = with_comments(r, &comments).map_err(|e| edit_err(py, e))?;
        });
        Ok(())
    }

    /// The number of plies (moves) of the game.
    fn plies(&self) -> usize {
        each_game!(AnyRecord, &self.record, r => r.game().moves().len())
    }

    /// The moves, as the game's `Move`s (a Tamerlane move with the side
    /// that made it).
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<PyObject>> {
        each_game!(AnyRecord, &self.record, r => moves_of(py, r))
    }

    /// The SAN of the move of ply `ply` (0-based).
    fn san(&self, ply: usize) -> PyResult<String> {
        each_game!(AnyRecord, &self.record, r => san_of(r, ply))
    }

    /// A new board of the record's game after the first `ply` moves (the
    /// start position for 0), with those moves on its stack.
    fn board(&self, py: Python<'_>, ply: usize) -> PyResult<PyObject> {
        each_game!(AnyRecord, &self.record, r => board_of(py, r, ply))
    }

    /// The record as text: tag pairs, a blank line, the movetext (SAN,
    /// comments, result) wrapped at 80 columns, and a newline.
    fn __str__(&self) -> String {
        each_game!(AnyRecord, &self.record, r => r.to_string())
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

/// The name of the game of a record (`"tamerlane"`, `"chess"`, `"makruk"`).
fn variant_name<P: Position>(_: &GameRecord<P>) -> &'static str {
    P::VARIANT.name()
}

// --- the file object's lines --------------------------------------------------

/// A piece of a line of the file object: the whole line (with its `\n`)
/// unless it is longer than [`READ_CHUNK`] characters.
struct Piece {
    bytes: Vec<u8>,
    /// Whether the piece begins a line.
    line_start: bool,
}

/// A line's bytes after a UTF-8 byte-order mark, if any.
fn after_bom(line: &[u8]) -> &[u8] {
    line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line)
}

/// The first byte of a line that is not ASCII whitespace.
fn first_non_blank(line: &[u8]) -> Option<u8> {
    after_bom(line)
        .iter()
        .copied()
        .find(|b| !b.is_ascii_whitespace())
}

/// Whether a line (or the first piece of one) is movetext as the reader
/// sees it: not blank, not a `%` escape line, not a tag line (first
/// non-blank byte `[`).
fn is_movetext(line: &[u8]) -> bool {
    after_bom(line).first() != Some(&b'%') && !matches!(first_non_blank(line), None | Some(b'['))
}

/// The value of the first `Variant` tag pair of a tag line, if it has a
/// well-formed one (`[Variant "Makruk"]`; the reader judges the rest).
fn variant_value(line: &[u8]) -> Option<String> {
    let line = std::str::from_utf8(after_bom(line)).ok()?;
    let mut rest = line;
    loop {
        rest = &rest[rest.find('[')? + 1..];
        let name_start = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
        let name_len = name_start
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let (name, after) = name_start.split_at(name_len);
        let Some(quoted) = after
            .trim_start_matches(|c: char| c.is_ascii_whitespace())
            .strip_prefix('"')
        else {
            continue;
        };
        let mut value = String::new();
        let mut chars = quoted.char_indices();
        let end = loop {
            match chars.next()? {
                (j, '"') => break j,
                (_, '\\') => value.push(chars.next()?.1),
                (_, c) => value.push(c),
            }
        };
        if name == "Variant" {
            return Some(value);
        }
        rest = &quoted[end + 1..];
    }
}

/// The value of the first `Variant` tag of the tag section that begins
/// `lines` (up to the first movetext line).
fn tag_section_variant<'a>(lines: impl Iterator<Item = &'a [u8]>) -> Option<String> {
    lines
        .take_while(|line| !is_movetext(line))
        .find_map(variant_value)
}

/// The lines of the Python file object of the `read` call under way, as
/// the record readers take them, and the Python exception that ended the
/// input (for `read` to raise).
///
/// Lines come from `handle.readline(READ_CHUNK)`, encoded as UTF-8. A
/// Python exception in `readline` (or a `readline` that returns something
/// other than `str`) ends the input as a read error and is kept, to be
/// raised in its place.
///
/// When split (the by-`Variant` reader), the lines are served in chunks,
/// each read by the reader of its game: a chunk ends before a line that
/// begins with `[` (a tag line) after a movetext line, which is where the
/// core's reader, too, always begins the next game.
struct Lines {
    handle: Option<PyObject>,
    error: Option<PyErr>,
    /// Pieces read but not yet served.
    pending: VecDeque<Piece>,
    /// Whether the next piece read from the file object begins a line.
    line_start: bool,
    /// The file object has no more lines.
    eof: bool,
    /// The file object raised (the exception is in `error` until `read`
    /// takes it).
    failed: bool,
    /// The read error has been given to a reader.
    fail_reported: bool,
    /// Whether the lines are served in chunks.
    split: bool,
    /// The current chunk has had a movetext line.
    movetext: bool,
    /// The current chunk has ended: the first pending piece begins the
    /// next.
    at_boundary: bool,
    /// The lines served so far.
    served_lines: usize,
}

impl Lines {
    fn new(split: bool) -> Lines {
        Lines {
            handle: None,
            error: None,
            pending: VecDeque::new(),
            line_start: true,
            eof: false,
            failed: false,
            fail_reported: false,
            split,
            movetext: false,
            at_boundary: false,
            served_lines: 0,
        }
    }

    fn readline(&self, py: Python<'_>) -> PyResult<Vec<u8>> {
        let Some(handle) = self.handle.as_ref() else {
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
        Ok(s.to_cow()?.as_bytes().to_vec())
    }

    /// The next piece of the file object; `None` at its end. A Python
    /// exception is kept and ends the input.
    fn fetch(&mut self) -> io::Result<Option<Piece>> {
        if self.failed {
            return Err(io::Error::other("the file object raised an exception"));
        }
        if self.eof {
            return Ok(None);
        }
        match Python::with_gil(|py| self.readline(py)) {
            Ok(bytes) if bytes.is_empty() => {
                self.eof = true;
                Ok(None)
            }
            Ok(bytes) => {
                let line_start = self.line_start;
                self.line_start = bytes.last() == Some(&b'\n');
                Ok(Some(Piece { bytes, line_start }))
            }
            Err(e) => {
                self.failed = true;
                self.error = Some(e);
                Err(io::Error::other("the file object raised an exception"))
            }
        }
    }

    /// The next piece for the reader of the current chunk; `None` at the
    /// end of the chunk or of the input. The read error, once.
    fn serve(&mut self) -> io::Result<Option<Vec<u8>>> {
        if self.at_boundary {
            return Ok(None);
        }
        let piece = match self.pending.pop_front() {
            Some(p) => p,
            None if self.fail_reported => return Ok(None),
            None => match self.fetch() {
                Ok(Some(p)) => p,
                Ok(None) => return Ok(None),
                Err(e) => {
                    self.fail_reported = true;
                    return Err(e);
                }
            },
        };
        if piece.line_start {
            if self.split && self.movetext && first_non_blank(&piece.bytes) == Some(b'[') {
                self.pending.push_front(piece);
                self.at_boundary = true;
                return Ok(None);
            }
            self.movetext |= is_movetext(&piece.bytes);
            self.served_lines += 1;
        }
        Ok(Some(piece.bytes))
    }

    /// Begins the next chunk: reads its tag section ahead (up to its first
    /// movetext line, within the read-ahead limits) and returns the value
    /// of its first `Variant` tag, or `None` when no input is left.
    fn begin_chunk(&mut self) -> Option<Option<String>> {
        self.at_boundary = false;
        self.movetext = false;
        let (mut i, mut bytes, mut variant) = (0, 0, None);
        loop {
            if i == self.pending.len() {
                if i >= READ_AHEAD_PIECES || bytes >= READ_AHEAD_BYTES {
                    break;
                }
                match self.fetch() {
                    Ok(Some(p)) => self.pending.push_back(p),
                    Ok(None) | Err(_) => break,
                }
            }
            let p = &self.pending[i];
            i += 1;
            bytes += p.bytes.len();
            if !p.line_start {
                continue;
            }
            if is_movetext(&p.bytes) {
                break;
            }
            if variant.is_none() {
                variant = variant_value(&p.bytes);
            }
        }
        if self.pending.is_empty() && (self.eof || self.fail_reported) {
            return None;
        }
        Some(variant)
    }

    /// The line and column of the `[` that begins the next chunk, if the
    /// current one has ended there.
    fn boundary(&self) -> Option<(usize, usize)> {
        let piece = self.pending.front().filter(|_| self.at_boundary)?;
        let blanks = piece
            .bytes
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        Some((self.served_lines + 1, blanks + 1))
    }
}

/// The [`Lines`], locked (a poisoned lock is taken over: the state is
/// plain data).
fn lock(lines: &Mutex<Lines>) -> MutexGuard<'_, Lines> {
    lines.lock().unwrap_or_else(|p| p.into_inner())
}

/// The file object's lines as a `BufRead`, for a record reader: the
/// pieces of the current chunk (of the whole input when not split).
pub struct LineSource {
    lines: Arc<Mutex<Lines>>,
    buf: Vec<u8>,
    pos: usize,
}

impl LineSource {
    fn new(lines: &Arc<Mutex<Lines>>) -> LineSource {
        LineSource {
            lines: Arc::clone(lines),
            buf: Vec::new(),
            pos: 0,
        }
    }
}

impl Read for LineSource {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let chunk = self.fill_buf()?;
        let n = chunk.len().min(out.len());
        out[..n].copy_from_slice(&chunk[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for LineSource {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos >= self.buf.len() {
            self.buf = lock(&self.lines).serve()?.unwrap_or_default();
            self.pos = 0;
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.buf.len());
    }
}

/// The reader of the current chunk, with where the chunk begins in the
/// file.
struct Chunk {
    reader: AnyReader,
    /// The games of the file before the chunk.
    games_before: usize,
    /// The lines of the file before the chunk.
    lines_before: usize,
    /// The games (good or bad) read from the chunk.
    games: usize,
}

/// The Rust record reader over Python text file objects: each
/// `read(handle)` reads the next game from `handle` (`None` at the end of
/// the file), of the reader's game, or (without one) of the game its
/// `Variant` tag names: `Tamerlane`, `Makruk`, `Standard` or `chess` (any
/// case); a record without one is read as Tamerlane. A bad game raises
/// `PgnError` and is skipped up to the next game's tags, so the next call
/// reads on. The reader keeps its place (the rest of the current line, the
/// line count) between calls and holds no reference to the file object.
/// An exception raised by the file object is raised as it is, except a
/// `UnicodeError` (bytes that are not text in the file's encoding), which
/// becomes a `PgnError` with the line, its cause attached; either ends the
/// input.
#[pyclass(module = "tamerlane.pgn")]
pub struct PgnReader {
    lines: Arc<Mutex<Lines>>,
    /// The rules of Tamerlane records without a `Rules` tag, when each
    /// record's game is chosen by its `Variant` tag (`None`: one game).
    by_variant: Option<RuleSet>,
    /// The reader of the current chunk (of the whole file for one game).
    chunk: Option<Chunk>,
    /// The games of the file before the current chunk.
    games_before: usize,
}

impl PgnReader {
    /// The next record or error of the file, placed in the file.
    fn next_item(&mut self) -> Option<Result<AnyRecord, Failure>> {
        loop {
            if let Some(chunk) = &mut self.chunk {
                if let Some(item) = chunk.reader.next_item() {
                    chunk.games += 1;
                    let (games_before, lines_before) = (chunk.games_before, chunk.lines_before);
                    return Some(item.map_err(|f| self.place(f, games_before, lines_before)));
                }
                self.games_before = chunk.games_before + chunk.games;
                self.chunk = None;
            }
            let rules = self.by_variant?;
            let (variant, lines_before) = {
                let mut lines = lock(&self.lines);
                (lines.begin_chunk()?, lines.served_lines)
            };
            let game = variant
                .as_deref()
                .and_then(known_game)
                .unwrap_or(Variant::Tamerlane);
            self.chunk = Some(Chunk {
                reader: AnyReader::of_game(game, LineSource::new(&self.lines), rules),
                games_before: self.games_before,
                lines_before,
                games: 0,
            });
        }
    }

    /// A failure of a chunk's reader, placed in the file: a game cut short
    /// by the end of its chunk is one whose result token is missing before
    /// the next game's tags (as the core reader reports it reading the
    /// whole file).
    fn place(&self, mut f: Failure, games_before: usize, lines_before: usize) -> Failure {
        f.game += games_before;
        f.line += lines_before;
        if self.by_variant.is_none() {
            return f;
        }
        if f.truncated {
            if let Some((line, column)) = lock(&self.lines).boundary() {
                f.line = line;
                f.column = column;
                f.message = RecordErrorKind::<tamerlane::Position>::MissingResult.to_string();
                f.truncated = false;
            }
        }
        f.by_variant()
    }
}

#[pymethods]
impl PgnReader {
    /// A reader of the records of `game` (`"tamerlane"`, `"chess"` or
    /// `"makruk"`; a `Variant` tag naming another game is an error), or
    /// with `None` of each record's game by its `Variant` tag (Tamerlane
    /// without one). The games without a `Rules` tag are read under
    /// `rules` (a rule-set string of `game`, Tamerlane's for `None`; the
    /// default rules if `None`).
    #[new]
    #[pyo3(signature = (rules = None, game = None))]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        game: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PgnReader> {
        let variant = game_arg(game)?;
        let lines = Arc::new(Mutex::new(Lines::new(variant.is_none())));
        let src = LineSource::new(&lines);
        let reader = match variant {
            None => None,
            Some(Variant::Tamerlane) => Some(tamerlane::Position::any_reader(
                src,
                rules_arg::<RuleSet>(rules)?,
            )),
            Some(Variant::Chess) => Some(chess::Position::any_reader(
                src,
                rules_arg::<chess::Rules>(rules)?,
            )),
            Some(Variant::Makruk) => Some(makruk::Position::any_reader(
                src,
                rules_arg::<makruk::Rules>(rules)?,
            )),
        };
        let by_variant = match reader {
            None => Some(rules_arg::<RuleSet>(rules)?),
            Some(_) => None,
        };
        Ok(PgnReader {
            lines,
            by_variant,
            chunk: reader.map(|reader| Chunk {
                reader,
                games_before: 0,
                lines_before: 0,
                games: 0,
            }),
            games_before: 0,
        })
    }

    /// The next game of `handle` (anything with a `readline(size)` method
    /// returning `str`: a file opened in text mode, `io.StringIO`), or
    /// `None` at the end of the file.
    fn read(&mut self, py: Python<'_>, handle: PyObject) -> PyResult<Option<PgnRecord>> {
        lock(&self.lines).handle = Some(handle);
        let next = self.next_item();
        lock(&self.lines).handle = None;
        match next {
            None => Ok(None),
            Some(Ok(record)) => Ok(Some(PgnRecord { record })),
            Some(Err(e)) => {
                let taken = lock(&self.lines).error.take();
                let Some(cause) = taken else {
                    return Err(e.err(py));
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
