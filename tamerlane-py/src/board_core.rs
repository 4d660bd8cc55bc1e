//! The one implementation of the three Python boards (`tamerlane.Board`,
//! `tamerlane.chess.Board`, `tamerlane.makruk.Board`): every method they
//! share is written once, generic over the core [`tamerlane_core::Position`]
//! trait, its [`tamerlane_core::Game`] and the [`PyGame`] trait below (what
//! a board needs beyond the core trait: the game's Python classes, argument
//! parsing, attacks, edits, LAN). Since a `#[pyclass]` cannot be generic,
//! the [`board_class!`](crate::board_class) macro stamps out each game's
//! `Board` and `LegalMoves` classes from these functions, with the game's own
//! methods (constructor, planes, extras) spliced in; pickling, argument
//! types (`FenArg`) and move errors are written once here too.

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};
use std::fmt::Display;
use std::marker::PhantomData;

use tamerlane_core::move_text::{MoveError, SanError};
use tamerlane_core::{Color, Game, Position};

use crate::errors::{game_over_with, move_err, san_err};
use crate::interrupt::run_interruptible;
use crate::types::{index_arg, int_arg, type_name};

/// The deepest perft `Board.perft` accepts.
pub const MAX_PERFT_DEPTH: u32 = 30;
/// Stack of the worker thread of perft.
const WORKER_STACK: usize = 64 << 20;

/// Perft that polls `stop` between subtrees; `None` once stopped.
pub fn perft_stoppable<P: Position>(pos: &P, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 4 {
        return Some(tamerlane_core::perft(pos, depth));
    }
    pos.legal_moves().iter().try_fold(0u64, |total, m| {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        Some(total + perft_stoppable(&child, depth - 1, stop)?)
    })
}

/// `Board.perft(depth)`: the depth checked (0..=30; `TypeError` for a
/// non-int, `ValueError` out of range), then counted in Rust with the GIL
/// released; Ctrl-C raises `KeyboardInterrupt` within milliseconds.
pub fn perft<P: Position>(py: Python<'_>, pos: P, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
    let depth = int_arg(depth, "perft depth")?;
    let depth = u32::try_from(depth)
        .ok()
        .filter(|d| *d <= MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "perft depth {depth} out of range (expected 0 to {MAX_PERFT_DEPTH})"
            ))
        })?;
    if depth <= 3 {
        return Ok(py.allow_threads(|| tamerlane_core::perft(&pos, depth)));
    }
    let stop = AtomicBool::new(false);
    let on_signal = || stop.store(true, Ordering::SeqCst);
    let (n, signal) = run_interruptible(py, &on_signal, WORKER_STACK, || {
        perft_stoppable(&pos, depth, &stop)
    })?;
    if let Some(e) = signal {
        return Err(e);
    }
    n.ok_or_else(|| PyKeyboardInterrupt::new_err("perft interrupted"))
}

/// A `stack` argument of `Board.copy`: `True` (every move), `False` (no
/// move) or an int, the number of last moves to keep (python-chess's
/// `copy(stack=...)`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StackArg {
    /// Every move of the game.
    All,
    /// At most this many of the last moves.
    Last(usize),
}

impl<'py> FromPyObject<'py> for StackArg {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<StackArg> {
        if let Ok(b) = ob.downcast::<PyBool>() {
            return Ok(if b.is_true() {
                StackArg::All
            } else {
                StackArg::Last(0)
            });
        }
        if index_arg(ob, "stack")?.is_none() {
            return Err(PyTypeError::new_err(format!(
                "stack must be a bool or an int (the number of last moves to keep), not {}",
                type_name(ob)
            )));
        }
        let n = int_arg(ob, "stack")?;
        usize::try_from(n).map(StackArg::Last).map_err(|_| {
            PyValueError::new_err(format!(
                "stack must not be negative (the number of last moves to keep), not {n}"
            ))
        })
    }
}

/// `game` with only the last moves that `stack` keeps: the copy starts
/// that many moves back.
pub fn copy_game<P: Position>(game: &Game<P>, stack: StackArg) -> PyResult<Game<P>> {
    let moves = game.moves();
    let keep = match stack {
        StackArg::All => return Ok(game.clone()),
        StackArg::Last(n) => n.min(moves.len()),
    };
    let first = moves.len() - keep;
    let mut copy = Game::from_position(game.positions()[first].clone());
    for m in &moves[first..] {
        copy.play(m)
            .map_err(|e| PyRuntimeError::new_err(format!("copy: replaying {m}: {e}")))?;
    }
    Ok(copy)
}

/// `2 * (fullmove_number - 1)`, plus 1 if Black is to move.
pub fn ply<P: Position>(pos: &P) -> u64 {
    2 * (u64::from(pos.fullmoves()) - 1) + u64::from(pos.turn() == Color::Black)
}

/// The SAN of a line of moves, each given with the position it is played
/// in, numbered as python-chess numbers a variation: `1. e4 e5 2. Nf3`, or
/// `1...e5 2. Nf3` when Black moves first.
pub fn numbered<P: Position>(moves: &[(P, P::Move)]) -> String {
    let mut out: Vec<String> = Vec::with_capacity(moves.len());
    for (before, m) in moves {
        let san = before.san(m);
        out.push(match before.turn() {
            Color::White => format!("{}. {san}", before.fullmoves()),
            Color::Black if out.is_empty() => format!("{}...{san}", before.fullmoves()),
            Color::Black => san,
        });
    }
    out.join(" ")
}

/// Whether the current position of `game` has occurred at least `count`
/// times (3 by default), as python-chess's `is_repetition(count=3)`.
pub fn is_repetition<P: Position>(game: &Game<P>, count: Option<i64>) -> bool {
    let seen = i64::try_from(game.repetition_count()).unwrap_or(i64::MAX);
    seen >= count.unwrap_or(3)
}

/// A game as its Python `Board` needs it beyond the core [`Position`]
/// trait: the Python classes of its moves, pieces and outcomes, how
/// arguments are read, and the few rules the boards ask about that the
/// core trait does not have (attacks, edits, notation). Implemented for the
/// three position types; `board_class!` writes each `Board` from it.
pub trait PyGame: Position {
    /// The Python move class.
    type PyMove: for<'py> IntoPyObject<'py> + Clone;
    /// The Python outcome class.
    type PyOutcome: for<'py> IntoPyObject<'py>;
    /// The Python piece class.
    type PyPiece: for<'py> IntoPyObject<'py>;
    /// A square of the board.
    type Square: Copy;
    /// A piece of the game.
    type Piece: Copy + PartialEq;
    /// What a move argument names (its squares and promotion).
    type MoveKey: Copy;

    /// The board's name in the messages about a pickled state (`"Board"`,
    /// `"chess Board"`).
    const BOARD: &'static str;
    /// The key of the start position in a pickled state (`"tfen"`, `"fen"`).
    const FEN_KEY: &'static str;

    /// A move argument: a `Move`, a coordinate (UCI) string, or (duck-typed)
    /// any object with `uci()`; `TypeError` otherwise, `InvalidMoveError`
    /// for a string that is no move.
    fn move_key(obj: &Bound<'_, PyAny>) -> PyResult<Self::MoveKey>;
    /// The legal move of this position that `key` names.
    fn find(&self, key: Self::MoveKey) -> Result<Self::Move, Self::IllegalMoveError>;
    /// The Python move of `m`, a legal move of this position.
    fn wrap(&self, m: &Self::Move) -> Self::PyMove;
    /// The origin and target squares of a move, as indices.
    fn squares_of(m: &Self::Move) -> (usize, usize);
    /// Whether a legal move captures.
    fn is_capture(m: &Self::Move) -> bool;
    /// Whether a legal move gives check.
    fn gives_check(&self, m: &Self::Move) -> bool;
    /// The long algebraic notation of a legal move.
    fn lan(&self, m: &Self::Move) -> String;
    /// The Python outcome.
    fn wrap_outcome(o: tamerlane_core::Outcome<Self::Termination>) -> Self::PyOutcome;
    /// A refused move as the Python exception of its kind.
    fn play_error(py: Python<'_>, e: tamerlane_core::PlayError<Self>) -> PyErr;
    /// A refused position text as the Python exception.
    fn fen_error(e: Self::FenError) -> PyErr;
    /// A position argument as text: a string or (duck-typed) an object
    /// with `fen()`; `TypeError` otherwise (`None` included).
    fn fen_arg(obj: &Bound<'_, PyAny>) -> PyResult<String>;
    /// Writes the rules into a pickled state (as `"rules"`, and what else
    /// the game needs to read them back).
    fn put_rules(rules: &Self::Rules, state: &Bound<'_, PyDict>) -> PyResult<()>;
    /// The rules of a pickled state, from its entries (`field` reads one).
    fn rules_of_state<'py>(
        field: &dyn Fn(&str) -> PyResult<Bound<'py, PyAny>>,
    ) -> PyResult<Self::Rules>;
    /// The moves of a pickled state that is not a dict (a format of older
    /// versions, or an error).
    fn moves_of_old_state(state: &Bound<'_, PyAny>) -> PyResult<Vec<String>>;

    /// A square argument: an int or a name.
    fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<Self::Square>;
    /// A piece argument.
    fn piece_arg(obj: &Bound<'_, PyAny>) -> PyResult<Self::Piece>;
    /// A role argument, with a colour, as the piece.
    fn role_piece(role: &Bound<'_, PyAny>, color: Color) -> PyResult<Self::Piece>;
    /// The Python piece of `p`.
    fn wrap_piece(p: Self::Piece) -> Self::PyPiece;
    /// The index of a square.
    fn square_index(sq: Self::Square) -> usize;
    /// Every piece with its square.
    fn placement(&self) -> Vec<(Self::Square, Self::Piece)>;
    /// The piece on `sq`.
    fn piece_on(&self, sq: Self::Square) -> Option<Self::Piece>;
    /// Whether a piece stays on `clear()` (a royal).
    fn is_royal(p: Self::Piece) -> bool;
    /// Whether a piece is a King (`king()`; in Tamerlane chess the King
    /// alone among the royals).
    fn is_king(p: Self::Piece) -> bool;
    /// The colour of a piece.
    fn color_of(p: Self::Piece) -> Color;
    /// Every square of the board, in index order.
    fn all_squares() -> Vec<Self::Square>;
    /// This position with its placement replaced by `pieces`, validated
    /// under its rules (`InvalidPositionError` otherwise); side to move and
    /// clocks kept, rights the placement no longer allows dropped.
    fn with_placement(&self, pieces: &[(Self::Square, Self::Piece)]) -> PyResult<Self>;
    /// The squares of the pieces of `by` attacking `sq`, as indices.
    fn attackers_of(&self, sq: Self::Square, by: Color) -> Vec<usize>;
    /// Whether a piece of `by` attacks `sq`.
    fn is_attacked_by(&self, sq: Self::Square, by: Color) -> bool;
    /// The squares of the pieces giving check.
    fn checkers_of(&self) -> Vec<usize>;
    /// The squares of the royals of `color`.
    fn royals_of(&self, color: Color) -> Vec<usize>;
    /// The position seen from the other side.
    fn mirrored(&self) -> PyResult<Self>;
    /// The text diagram of `str(board)`.
    fn diagram(&self) -> String;
    /// The game of a board argument when it is a board of this game (this
    /// game's `Board`; for chess also a python-chess `Board`), `None` when
    /// it is no board of this game (so that a caller taking the boards of
    /// several games tries the next one). A board of this game that cannot
    /// be read is an error.
    fn game_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<Game<Self>>>;
    /// Whether the side to move is checkmated, as the board reports it.
    fn board_is_checkmate(&self) -> bool {
        self.is_checkmate()
    }
    /// Whether the side to move is stalemated, as the board reports it.
    fn board_is_stalemate(&self) -> bool {
        self.is_stalemate()
    }
}

/// A move refused by a game as the Python exception of its kind:
/// `GameOverError` (with the attributes `ply` and `outcome`), or the move
/// or SAN error (the [`PyGame::play_error`] of the three games).
pub fn play_err<P, R, S>(py: Python<'_>, e: tamerlane_core::PlayError<P>) -> PyErr
where
    P: PyGame + Position<MoveError = MoveError<R>, SanError = SanError<S>>,
    R: Display,
    S: Display,
{
    match e {
        tamerlane_core::PlayError::GameOver(e) => {
            game_over_with(py, e.to_string(), e.ply, P::wrap_outcome(e.outcome))
        }
        tamerlane_core::PlayError::Move(e) => move_err(e),
        tamerlane_core::PlayError::San(e) => san_err(e),
    }
}

/// A position argument of `Board()` (see [`PyGame::fen_arg`]): absent
/// (`None` here), the rules' start position.
pub struct FenArg<P>(Option<String>, PhantomData<P>);

impl<P> Default for FenArg<P> {
    fn default() -> FenArg<P> {
        FenArg(None, PhantomData)
    }
}

impl<'py, P: PyGame> FromPyObject<'py> for FenArg<P> {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<FenArg<P>> {
        P::fen_arg(ob).map(|text| FenArg(Some(text), PhantomData))
    }
}

impl<P: PyGame> FenArg<P> {
    /// A new game at this position (or the start position) under `rules`.
    pub fn game(&self, rules: P::Rules) -> PyResult<Game<P>> {
        new_game(self.0.as_deref(), rules)
    }
}

/// A new game at the position of a FEN (the start position without one)
/// under `rules`.
pub fn new_game<P: PyGame>(fen: Option<&str>, rules: P::Rules) -> PyResult<Game<P>> {
    match fen {
        None => Ok(Game::with_rules(rules)),
        Some(f) => Ok(Game::from_position(
            P::from_fen_with_rules(f, rules).map_err(P::fen_error)?,
        )),
    }
}

/// The pickled state of a game: a dict with the start position (under
/// [`PyGame::FEN_KEY`]), the rules ([`PyGame::put_rules`]) and the moves
/// played as coordinate (UCI) strings (`"moves"`).
pub fn game_state<'py, P: PyGame>(py: Python<'py>, game: &Game<P>) -> PyResult<Bound<'py, PyDict>> {
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    let d = PyDict::new(py);
    d.set_item(P::FEN_KEY, game.start().to_fen())?;
    P::put_rules(game.rules(), &d)?;
    d.set_item("moves", PyList::new(py, moves)?)?;
    Ok(d)
}

/// The game of a pickled state (see [`game_state`]): the start position
/// under its rules, then the moves replayed (a move after the end raises
/// `GameOverError`). A state that is not a dict is read by
/// [`PyGame::moves_of_old_state`], its moves replayed from `start`. The
/// state is read whole before the board is borrowed: reading it may run
/// Python code that uses the board.
pub fn game_of_state<P: PyGame>(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    start: impl FnOnce() -> PyResult<P>,
) -> PyResult<Game<P>> {
    let (mut game, moves) = match state.downcast::<PyDict>() {
        Ok(d) => {
            let field = |key: &str| -> PyResult<Bound<'_, PyAny>> {
                d.get_item(key)?.ok_or_else(|| {
                    PyValueError::new_err(format!("pickled {} state: no {key:?} entry", P::BOARD))
                })
            };
            let fen = P::fen_arg(&field(P::FEN_KEY)?)?;
            let rules = P::rules_of_state(&field)?;
            let moves: Vec<String> = field("moves")?.extract()?;
            (new_game(Some(&fen), rules)?, moves)
        }
        Err(_) => {
            let moves = P::moves_of_old_state(state)?;
            (Game::from_position(start()?), moves)
        }
    };
    for text in &moves {
        push_text(py, &mut game, text)?;
    }
    Ok(game)
}

/// `GameOverError` (as the game words it) if `game` has ended.
pub fn check_open<P: PyGame>(py: Python<'_>, game: &Game<P>) -> PyResult<()> {
    match game.outcome() {
        Some(outcome) => Err(P::play_error(
            py,
            tamerlane_core::PlayError::GameOver(tamerlane_core::GameOverError {
                ply: game.moves().len(),
                outcome,
            }),
        )),
        None => Ok(()),
    }
}

/// The legal move `key` names in the current position, as the game's
/// `IllegalMoveError`.
pub fn find<P: PyGame>(py: Python<'_>, pos: &P, key: P::MoveKey) -> PyResult<P::Move> {
    pos.find(key)
        .map_err(|e| P::play_error(py, tamerlane_core::PlayError::Move(e.into())))
}

/// Plays a move argument: `GameOverError` once the game has ended (for any
/// string too), then the argument's errors, then `IllegalMoveError`; the
/// game is unchanged on an error. Returns the Python move.
pub fn push<P: PyGame>(
    py: Python<'_>,
    game: &mut Game<P>,
    obj: &Bound<'_, PyAny>,
) -> PyResult<P::PyMove> {
    // A string's game-over error comes before its own errors; another
    // argument's type errors come first. The game's outcome is computed
    // once either way.
    let text = obj.downcast::<pyo3::types::PyString>().is_ok();
    if text {
        check_open(py, game)?;
    }
    let key = P::move_key(obj)?;
    if !text {
        check_open(py, game)?;
    }
    push_found(py, game, key)
}

/// Plays the legal move `key` names in a game known not to have ended.
fn push_found<P: PyGame>(
    py: Python<'_>,
    game: &mut Game<P>,
    key: P::MoveKey,
) -> PyResult<P::PyMove> {
    let m = find(py, game.position(), key)?;
    let wrapped = game.position().wrap(&m);
    game.play_unchecked(&m);
    Ok(wrapped)
}

/// Plays a coordinate (UCI) string through the game.
pub fn push_text<P: PyGame>(py: Python<'_>, game: &mut Game<P>, text: &str) -> PyResult<P::PyMove> {
    let before = game.position().clone();
    let m = game.play_str(text).map_err(|e| P::play_error(py, e))?;
    Ok(before.wrap(&m))
}

/// Plays a SAN string through the game.
pub fn push_san<P: PyGame>(py: Python<'_>, game: &mut Game<P>, san: &str) -> PyResult<P::PyMove> {
    let before = game.position().clone();
    let m = game.play_san(san).map_err(|e| P::play_error(py, e))?;
    Ok(before.wrap(&m))
}

/// The legal move a coordinate (UCI) string names.
pub fn parse_text<P: PyGame>(py: Python<'_>, pos: &P, text: &str) -> PyResult<P::PyMove> {
    let m = pos
        .parse_move(text)
        .map_err(|e| P::play_error(py, tamerlane_core::PlayError::Move(e)))?;
    Ok(pos.wrap(&m))
}

/// The legal move a SAN string names.
pub fn parse_san<P: PyGame>(py: Python<'_>, pos: &P, san: &str) -> PyResult<P::PyMove> {
    let m = pos
        .parse_san(san)
        .map_err(|e| P::play_error(py, tamerlane_core::PlayError::San(e)))?;
    Ok(pos.wrap(&m))
}

/// The legal move of a move argument.
pub fn resolve<P: PyGame>(py: Python<'_>, pos: &P, obj: &Bound<'_, PyAny>) -> PyResult<P::Move> {
    find(py, pos, P::move_key(obj)?)
}

/// Whether a move argument is legal here: `False` for a string that is no
/// move, `TypeError` for what is no move argument at all.
pub fn is_legal<P: PyGame>(pos: &P, obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    match P::move_key(obj) {
        Ok(key) => Ok(pos.find(key).is_ok()),
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => Err(e),
        Err(_) => Ok(false),
    }
}

/// The moves played, each as the Python move of the position before it.
pub fn move_stack<P: PyGame>(game: &Game<P>) -> Vec<P::PyMove> {
    game.moves()
        .iter()
        .zip(game.positions())
        .map(|(m, before)| before.wrap(m))
        .collect()
}

/// The numbered SAN of a line of move arguments played from the current
/// position of `game` (a copy; the board is not changed).
pub fn variation_san<P: PyGame>(
    py: Python<'_>,
    game: &Game<P>,
    variation: &Bound<'_, PyAny>,
) -> PyResult<String> {
    if variation.downcast::<pyo3::types::PyString>().is_ok() {
        return Err(PyTypeError::new_err(
            "variation_san takes a list of moves, not a str (write [\"e2e4\", \"e7e5\"])",
        ));
    }
    let mut game = game.clone();
    let mut line = Vec::new();
    for mv in variation.try_iter()? {
        let mv = mv?;
        let before = game.position().clone();
        if mv.downcast::<pyo3::types::PyString>().is_ok() {
            check_open(py, &game)?;
        }
        let key = P::move_key(&mv)?;
        check_open(py, &game)?;
        let m = find(py, &before, key)?;
        game.play(&m).map_err(|e| P::play_error(py, e))?;
        line.push((before, m));
    }
    Ok(numbered(&line))
}

/// The legal moves (only captures if `captures`) from a square of the
/// mask `from` to a square of the mask `to`, as a Python iterator.
pub fn moves_between<'py, P: PyGame>(
    py: Python<'py>,
    pos: &P,
    from: u128,
    to: u128,
    captures: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let moves: Vec<P::PyMove> = pos
        .legal_moves()
        .iter()
        .filter(|m| {
            let (f, t) = P::squares_of(m);
            from >> f & 1 == 1 && to >> t & 1 == 1 && (!captures || P::is_capture(m))
        })
        .map(|m| pos.wrap(m))
        .collect();
    Ok(pyo3::types::PyList::new(py, moves)?.try_iter()?.into_any())
}

/// A square-mask argument: an int whose bit `i` stands for square `i`
/// (bits past the board's squares ignored, so `-1` is every square, the
/// default); a `bool`, `None` or a non-integer is a `TypeError`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MaskArg(pub u128);

impl Default for MaskArg {
    fn default() -> MaskArg {
        MaskArg(u128::MAX)
    }
}

impl<'py> FromPyObject<'py> for MaskArg {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<MaskArg> {
        let Some(i) = index_arg(ob, "a square mask")? else {
            return Err(PyTypeError::new_err(format!(
                "a square mask must be an int (bit i set for square i), not {}",
                type_name(ob)
            )));
        };
        Ok(MaskArg(i.call_method1("__and__", (u128::MAX,))?.extract()?))
    }
}

/// A board edit: the placement after `edit`, validated.
pub fn edited<P: PyGame>(
    pos: &P,
    edit: impl FnOnce(&mut Vec<(P::Square, P::Piece)>),
) -> PyResult<P> {
    let mut pieces = pos.placement();
    edit(&mut pieces);
    pos.with_placement(&pieces)
}

/// Removes the piece on `sq` from a placement (squares compared by index).
pub fn take_square<P: PyGame>(pieces: &mut Vec<(P::Square, P::Piece)>, sq: P::Square) {
    let i = P::square_index(sq);
    pieces.retain(|(s, _)| P::square_index(*s) != i);
}

/// The pieces of a mapping from squares to pieces (read whole before the
/// board is borrowed: reading it may run Python code).
pub fn mapping_arg<P: PyGame>(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(P::Square, P::Piece)>> {
    let mapping = obj.downcast::<pyo3::types::PyMapping>().map_err(|_| {
        PyTypeError::new_err(format!(
            "set_piece_map takes a dict from squares to Pieces, not {}",
            type_name(obj)
        ))
    })?;
    let mut placed = Vec::new();
    for item in mapping.items()?.try_iter()? {
        let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item?.extract()?;
        placed.push((P::square_arg(&key)?, P::piece_arg(&value)?));
    }
    Ok(placed)
}

/// Defines a game's `Board` and `LegalMoves` pyclasses over `tamerlane_core::Game<$P>` (`$P`
/// a [`PyGame`]), with every method the three boards share written once;
/// `$extra` are the game's own methods (its constructor, planes
/// and the documented extras), spliced into the same `#[pymethods]` block.
#[macro_export]
macro_rules! board_class {
    ($(#[$meta:meta])* $P:ty, $pymodule:literal, { $($extra:tt)* }) => {
        $(#[$meta])*
        #[pyclass(module = $pymodule, name = "Board")]
        #[derive(Clone)]
        pub struct Board {
            /// The game: the start position (which carries the rules), the
            /// moves played and the positions they led to.
            pub game: tamerlane_core::Game<$P>,
        }

        /// The legal moves of a position (a snapshot taken when
        /// `Board.legal_moves` was read): `len()`, iteration and `in`.
        #[pyclass(module = $pymodule, name = "LegalMoves", frozen)]
        pub struct LegalMoves {
            pos: $P,
        }

        #[pymethods]
        impl LegalMoves {
            fn __len__(&self) -> usize {
                tamerlane_core::Position::count_legal(&self.pos)
            }

            fn __bool__(&self) -> bool {
                tamerlane_core::Position::has_legal_moves(&self.pos)
            }

            /// The number of legal moves.
            fn count(&self) -> usize {
                tamerlane_core::Position::count_legal(&self.pos)
            }

            fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                let moves = tamerlane_core::Position::legal_moves(&self.pos);
                let wrapped = moves.iter().map(|m| $crate::board_core::PyGame::wrap(&self.pos, m));
                Ok(pyo3::types::PyList::new(py, wrapped)?.try_iter()?.into_any())
            }

            /// Whether a `Move` or a coordinate (UCI) string is among the
            /// moves (never raises: anything else is simply not in).
            fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
                <$P as $crate::board_core::PyGame>::move_key(item)
                    .is_ok_and(|k| $crate::board_core::PyGame::find(&self.pos, k).is_ok())
            }

            fn __repr__(&self) -> String {
                let moves = tamerlane_core::Position::legal_moves(&self.pos);
                let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                v.sort();
                format!(
                    "<LegalMoves ({}): {}>",
                    v.len(),
                    tamerlane_core::excerpt(&v.join(", "), 200)
                )
            }
        }

        #[pymethods]
        impl Board {
            /// The rule options, in canonical form (`""` for the defaults).
            #[getter(rules)]
            fn rules_string(&self) -> String {
                self.game.rules().to_string()
            }

            /// The current position as a FEN (TFEN for Tamerlane).
            fn fen(&self) -> String {
                tamerlane_core::Position::to_fen(self.game.position())
            }

            /// Replaces the position by one read from a FEN (or an object
            /// with `fen()`), under the board's rules, and clears the move
            /// stack. `None` raises `TypeError`.
            fn set_fen(&mut self, fen: &Bound<'_, PyAny>) -> PyResult<()> {
                let text = <$P as $crate::board_core::PyGame>::fen_arg(fen)?;
                let rules = *self.game.rules();
                let pos = <$P as tamerlane_core::Position>::from_fen_with_rules(&text, rules)
                    .map_err(<$P as $crate::board_core::PyGame>::fen_error)?;
                self.game = tamerlane_core::Game::from_position(pos);
                Ok(())
            }

            /// Back to the start position of the rules, with an empty move stack.
            fn reset(&mut self) {
                self.game = tamerlane_core::Game::with_rules(*self.game.rules());
            }

            /// The side to move.
            #[getter]
            fn turn(&self) -> $crate::types::Color {
                self.game.turn().into()
            }

            /// `2 * (fullmove_number - 1)`, plus 1 if Black is to move (a
            /// method, as in python-chess).
            fn ply(&self) -> u64 {
                $crate::board_core::ply(self.game.position())
            }

            /// Plies since the last capture or pawn move.
            #[getter]
            fn halfmove_clock(&self) -> u32 {
                tamerlane_core::Position::halfmoves(self.game.position())
            }

            /// The move number: starts at 1, goes up after each Black move.
            #[getter]
            fn fullmove_number(&self) -> u32 {
                tamerlane_core::Position::fullmoves(self.game.position())
            }

            /// The legal moves: sized (`len`), iterable and supporting `in`.
            #[getter]
            fn legal_moves(&self) -> LegalMoves {
                LegalMoves {
                    pos: self.game.position().clone(),
                }
            }

            /// Whether `move` (a `Move`, a coordinate/UCI string or an
            /// object with `uci()`) is legal here; `False` for a string
            /// that is no move.
            fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
                $crate::board_core::is_legal(self.game.position(), r#move)
            }

            /// Plays `move` (a `Move`, a coordinate/UCI string or an object
            /// with `uci()`). Raises `GameOverError` once the game has
            /// ended, else `IllegalMoveError` (`InvalidMoveError` for a bad
            /// string); the board is then unchanged.
            fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
                $crate::board_core::push(py, &mut self.game, r#move).map(drop)
            }

            /// Plays a coordinate (UCI) string and returns the move;
            /// `GameOverError` once the game has ended.
            fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<<$P as $crate::board_core::PyGame>::PyMove> {
                $crate::board_core::push_text(py, &mut self.game, uci)
            }

            /// The same as `push_uci` (the coordinate notation's name).
            fn push_str(&mut self, py: Python<'_>, text: &str) -> PyResult<<$P as $crate::board_core::PyGame>::PyMove> {
                $crate::board_core::push_text(py, &mut self.game, text)
            }

            /// Plays a SAN string (or a coordinate one) and returns the
            /// move; `GameOverError` once the game has ended.
            fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<<$P as $crate::board_core::PyGame>::PyMove> {
                $crate::board_core::push_san(py, &mut self.game, san)
            }

            /// The legal move a coordinate (UCI) string names.
            fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<<$P as $crate::board_core::PyGame>::PyMove> {
                $crate::board_core::parse_text(py, self.game.position(), uci)
            }

            /// The same as `parse_uci` (the coordinate notation's name).
            fn parse_str(&self, py: Python<'_>, text: &str) -> PyResult<<$P as $crate::board_core::PyGame>::PyMove> {
                $crate::board_core::parse_text(py, self.game.position(), text)
            }

            /// The legal move a SAN string (or a coordinate one) names.
            fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<<$P as $crate::board_core::PyGame>::PyMove> {
                $crate::board_core::parse_san(py, self.game.position(), san)
            }

            /// The SAN of a legal move (`IllegalMoveError` otherwise).
            fn san(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
                let pos = self.game.position();
                let m = $crate::board_core::resolve(py, pos, r#move)?;
                Ok(tamerlane_core::Position::san(pos, &m))
            }

            /// The long algebraic notation of a legal move
            /// (`IllegalMoveError` otherwise): SAN with the whole origin
            /// square and `-` or `x` (`Ng1-f3`, `e7xd8=Q+`, `Nb2-c4`).
            fn lan(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
                let pos = self.game.position();
                let m = $crate::board_core::resolve(py, pos, r#move)?;
                Ok($crate::board_core::PyGame::lan(pos, &m))
            }

            /// The SAN of a line of moves played from here, numbered as
            /// python-chess numbers them (`"1. e4 e5 2. Nf3"`, `"1...e5"`
            /// when Black moves first). The board is not changed; a move
            /// that cannot be played raises as `push` does.
            fn variation_san(&self, py: Python<'_>, variation: &Bound<'_, PyAny>) -> PyResult<String> {
                $crate::board_core::variation_san(py, &self.game, variation)
            }

            /// Takes back the last move and returns it (`IndexError` if
            /// none); a game that had ended is open again.
            fn pop(&mut self) -> PyResult<<$P as $crate::board_core::PyGame>::PyMove> {
                let n = self.game.moves().len();
                let Some(before) = n.checked_sub(1).map(|i| self.game.positions()[i].clone()) else {
                    return Err(pyo3::exceptions::PyIndexError::new_err("pop from an empty move stack"));
                };
                let m = self.game.undo().expect("a move to take back");
                Ok($crate::board_core::PyGame::wrap(&before, &m))
            }

            /// The last move played (`IndexError` if none).
            fn peek(&self) -> PyResult<<$P as $crate::board_core::PyGame>::PyMove> {
                $crate::board_core::move_stack(&self.game)
                    .pop()
                    .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("peek at an empty move stack"))
            }

            /// The moves played, oldest first.
            #[getter]
            fn move_stack(&self) -> Vec<<$P as $crate::board_core::PyGame>::PyMove> {
                $crate::board_core::move_stack(&self.game)
            }

            /// A copy (same rules). `stack` is as in python-chess: `True`
            /// keeps the whole move stack, `False` none (the copy starts at
            /// the current position), an int `n` the last `n` moves
            /// (`ValueError` if negative).
            #[pyo3(signature = (stack = $crate::board_core::StackArg::All), text_signature = "($self, stack=True)")]
            fn copy(&self, stack: $crate::board_core::StackArg) -> PyResult<Board> {
                Ok(Board {
                    game: $crate::board_core::copy_game(&self.game, stack)?,
                })
            }

            fn __copy__(&self) -> Board {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
                self.clone()
            }

            /// A new board at the start position of this one's game (same rules).
            fn root(&self) -> Board {
                Board {
                    game: tamerlane_core::Game::from_position(self.game.start().clone()),
                }
            }

            /// The piece on `square` (an int or a name), or `None`.
            fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<<$P as $crate::board_core::PyGame>::PyPiece>> {
                use $crate::board_core::PyGame;
                let sq = <$P>::square_arg(square)?;
                Ok(self.game.position().piece_on(sq).map(<$P>::wrap_piece))
            }

            /// The squares (ints, ascending) of the pieces of `role` and
            /// `color` (a `Color` or a bool).
            fn pieces(&self, role: &Bound<'_, PyAny>, color: $crate::types::ColorArg) -> PyResult<Vec<usize>> {
                use $crate::board_core::PyGame;
                let piece = <$P>::role_piece(role, color.into())?;
                let mut squares: Vec<usize> = self
                    .game
                    .position()
                    .placement()
                    .into_iter()
                    .filter(|(_, p)| *p == piece)
                    .map(|(sq, _)| <$P>::square_index(sq))
                    .collect();
                squares.sort_unstable();
                Ok(squares)
            }

            /// All pieces as a dict from square (int) to `Piece`.
            fn piece_map(&self) -> std::collections::BTreeMap<usize, <$P as $crate::board_core::PyGame>::PyPiece> {
                use $crate::board_core::PyGame;
                self.game
                    .position()
                    .placement()
                    .into_iter()
                    .map(|(sq, p)| (<$P>::square_index(sq), <$P>::wrap_piece(p)))
                    .collect()
            }

            /// Puts `piece` (a `Piece`, or `None` to empty the square) on
            /// `square`. The move stack is cleared, as in python-chess.
            /// Raises `InvalidPositionError` and leaves the board unchanged
            /// if the result is not a valid position.
            #[pyo3(signature = (square, piece))]
            fn set_piece_at(&mut self, square: &Bound<'_, PyAny>, piece: &Bound<'_, PyAny>) -> PyResult<()> {
                use $crate::board_core::PyGame;
                let sq = <$P>::square_arg(square)?;
                let piece = if piece.is_none() { None } else { Some(<$P>::piece_arg(piece)?) };
                let pos = $crate::board_core::edited(self.game.position(), |pieces| {
                    $crate::board_core::take_square::<$P>(pieces, sq);
                    pieces.extend(piece.map(|p| (sq, p)));
                })?;
                self.game = tamerlane_core::Game::from_position(pos);
                Ok(())
            }

            /// Empties `square` and returns the piece that stood there
            /// (`None` if it was empty). Clears the move stack; raises
            /// `InvalidPositionError` (board unchanged) if the result is
            /// not a valid position (a side's last royal, for example).
            fn remove_piece_at(&mut self, square: &Bound<'_, PyAny>) -> PyResult<Option<<$P as $crate::board_core::PyGame>::PyPiece>> {
                use $crate::board_core::PyGame;
                let sq = <$P>::square_arg(square)?;
                let removed = self.game.position().piece_on(sq);
                let pos = $crate::board_core::edited(self.game.position(), |pieces| {
                    $crate::board_core::take_square::<$P>(pieces, sq);
                })?;
                self.game = tamerlane_core::Game::from_position(pos);
                Ok(removed.map(<$P>::wrap_piece))
            }

            /// Replaces the whole placement by a mapping from squares
            /// (ints or names) to pieces, the inverse of `piece_map()`.
            /// Side to move and clocks are kept, the move stack is
            /// cleared; raises `InvalidPositionError` (or
            /// `TypeError`/`ValueError` for a bad key or value) and leaves
            /// the board unchanged if the result is not a valid position.
            fn set_piece_map(slf: &Bound<'_, Self>, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
                use $crate::board_core::PyGame;
                let placed = $crate::board_core::mapping_arg::<$P>(pieces)?;
                let mut board = $crate::board_core::write(slf)?;
                let pos = board.game.position().with_placement(&placed)?;
                board.game = tamerlane_core::Game::from_position(pos);
                Ok(())
            }

            /// Empties every square but the royals' (the kings'; a board
            /// needs them) and clears the move stack: python-chess's
            /// `clear()` for boards that hold only valid positions.
            fn clear(&mut self) -> PyResult<()> {
                use $crate::board_core::PyGame;
                let pos = $crate::board_core::edited(self.game.position(), |pieces| {
                    pieces.retain(|(_, p)| <$P>::is_royal(*p));
                })?;
                self.game = tamerlane_core::Game::from_position(pos);
                Ok(())
            }

            /// The squares of the pieces of `color` (a `Color` or a bool)
            /// that attack `square`, pinned or not, as a `SquareSet`.
            fn attackers(&self, color: $crate::types::ColorArg, square: &Bound<'_, PyAny>) -> PyResult<$crate::square_set::SquareSet> {
                use $crate::board_core::PyGame;
                let sq = <$P>::square_arg(square)?;
                Ok($crate::square_set::SquareSet::of(self.game.position().attackers_of(sq, color.into())))
            }

            /// The squares the piece on `square` attacks (none for an
            /// empty square), as a `SquareSet`: those whose `attackers` of
            /// the piece's colour include it, whatever stands there
            /// (python-chess's `attacks`).
            fn attacks(&self, square: &Bound<'_, PyAny>) -> PyResult<$crate::square_set::SquareSet> {
                use $crate::board_core::PyGame;
                let sq = <$P>::square_arg(square)?;
                let pos = self.game.position();
                let from = <$P>::square_index(sq);
                let targets = match pos.piece_on(sq) {
                    None => Vec::new(),
                    Some(p) => <$P>::all_squares()
                        .into_iter()
                        .filter(|&t| pos.attackers_of(t, <$P>::color_of(p)).contains(&from))
                        .map(<$P>::square_index)
                        .collect(),
                };
                Ok($crate::square_set::SquareSet::of(targets))
            }

            /// Whether a piece of `color` attacks `square` (see `attackers`).
            fn is_attacked_by(&self, color: $crate::types::ColorArg, square: &Bound<'_, PyAny>) -> PyResult<bool> {
                use $crate::board_core::PyGame;
                let sq = <$P>::square_arg(square)?;
                Ok(PyGame::is_attacked_by(self.game.position(), sq, color.into()))
            }

            /// The squares of the opponent's pieces attacking a royal of
            /// the side to move, as a `SquareSet`: empty exactly when
            /// `is_check()` is false.
            fn checkers(&self) -> $crate::square_set::SquareSet {
                $crate::square_set::SquareSet::of($crate::board_core::PyGame::checkers_of(self.game.position()))
            }

            /// The squares (ascending) of the royals of `color` (the King
            /// in chess and Makruk).
            fn royals(&self, color: $crate::types::ColorArg) -> Vec<usize> {
                $crate::board_core::PyGame::royals_of(self.game.position(), color.into())
            }

            /// The square of the King of `color` (a `Color` or a bool), as
            /// python-chess's `king`: always one in chess and Makruk; in
            /// Tamerlane chess `None` once that side has no King (its other
            /// royals are `royals(color)`).
            fn king(&self, color: $crate::types::ColorArg) -> Option<usize> {
                use $crate::board_core::PyGame;
                let color: tamerlane_core::Color = color.into();
                self.game
                    .position()
                    .placement()
                    .into_iter()
                    .filter(|(_, p)| <$P>::is_king(*p) && <$P>::color_of(*p) == color)
                    .map(|(sq, _)| <$P>::square_index(sq))
                    .min()
            }

            /// The colour of the piece on `square` (an int or a name), or
            /// `None` if it is empty.
            fn color_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<$crate::types::Color>> {
                use $crate::board_core::PyGame;
                let sq = <$P>::square_arg(square)?;
                Ok(self.game.position().piece_on(sq).map(|p| <$P>::color_of(p).into()))
            }

            /// The placement field of `fen()`: the pieces alone, as
            /// python-chess's `board_fen()`.
            fn board_fen(&self) -> String {
                let fen = tamerlane_core::Position::to_fen(self.game.position());
                fen.split(' ').next().unwrap_or_default().to_owned()
            }

            /// The coordinate (UCI) text of a legal move, as python-chess's
            /// `uci(move)` (`IllegalMoveError` for a move that is not legal
            /// here).
            fn uci(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
                let m = $crate::board_core::resolve(py, self.game.position(), r#move)?;
                Ok(m.to_string())
            }

            /// The SAN of a legal move, then plays it (the errors of `san`,
            /// then of `push`): python-chess's `san_and_push`.
            fn san_and_push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
                let san = self.san(py, r#move)?;
                $crate::board_core::push(py, &mut self.game, r#move)?;
                Ok(san)
            }

            /// Whether a legal move (`IllegalMoveError` otherwise) restarts
            /// the halfmove clock (a capture or a pawn move), as
            /// python-chess's `is_zeroing`.
            fn is_zeroing(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
                let pos = self.game.position();
                let m = $crate::board_core::resolve(py, pos, r#move)?;
                let mut after = pos.clone();
                tamerlane_core::Position::play_unchecked(&mut after, &m);
                Ok(tamerlane_core::Position::halfmoves(&after) == 0)
            }

            /// Keeps the position and forgets the moves that led to it, as
            /// python-chess's `clear_stack`: the position becomes the
            /// game's start (`root()`), and its earlier occurrences no
            /// longer count for repetition (so a game that repetition
            /// ended goes on, as after `set_fen(fen())`).
            fn clear_stack(&mut self) {
                self.game = tamerlane_core::Game::from_position(self.game.position().clone());
            }

            /// The position seen from the other side, as a new board
            /// without move stack (same rules).
            fn mirror(&self) -> PyResult<Board> {
                let pos = $crate::board_core::PyGame::mirrored(self.game.position())?;
                Ok(Board {
                    game: tamerlane_core::Game::from_position(pos),
                })
            }

            /// Whether the side to move is in check.
            fn is_check(&self) -> bool {
                tamerlane_core::Position::is_check(self.game.position())
            }

            /// Whether the side to move is checkmated.
            fn is_checkmate(&self) -> bool {
                $crate::board_core::PyGame::board_is_checkmate(self.game.position())
            }

            /// Whether the side to move has no legal move and is not in
            /// check (in Tamerlane chess a loss, not a draw).
            fn is_stalemate(&self) -> bool {
                $crate::board_core::PyGame::board_is_stalemate(self.game.position())
            }

            /// Whether the current position has occurred at least `count`
            /// times in this game (this occurrence included), as
            /// python-chess's `is_repetition(count=3)`.
            #[pyo3(signature = (count = None), text_signature = "($self, count=3)")]
            fn is_repetition(&self, count: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
                let count = $crate::types::opt_int_arg(count, "count")?;
                Ok($crate::board_core::is_repetition(&self.game, count))
            }

            /// How many times the current position has occurred in this game.
            fn repetition_count(&self) -> usize {
                self.game.repetition_count()
            }

            /// The legal moves from a square of `from_mask` to a square of
            /// `to_mask` (ints, bit `i` for square `i`, as python-chess's
            /// masks; every square by default: `-1`), as an iterator of
            /// `Move`s.
            #[pyo3(
                signature = (from_mask = $crate::board_core::MaskArg::default(), to_mask = $crate::board_core::MaskArg::default()),
                text_signature = "($self, from_mask=-1, to_mask=-1)"
            )]
            fn generate_legal_moves<'py>(&self, py: Python<'py>, from_mask: $crate::board_core::MaskArg, to_mask: $crate::board_core::MaskArg) -> PyResult<Bound<'py, PyAny>> {
                $crate::board_core::moves_between(py, self.game.position(), from_mask.0, to_mask.0, false)
            }

            /// The legal captures between the masks (see
            /// `generate_legal_moves`), as an iterator of `Move`s.
            #[pyo3(
                signature = (from_mask = $crate::board_core::MaskArg::default(), to_mask = $crate::board_core::MaskArg::default()),
                text_signature = "($self, from_mask=-1, to_mask=-1)"
            )]
            fn generate_legal_captures<'py>(&self, py: Python<'py>, from_mask: $crate::board_core::MaskArg, to_mask: $crate::board_core::MaskArg) -> PyResult<Bound<'py, PyAny>> {
                $crate::board_core::moves_between(py, self.game.position(), from_mask.0, to_mask.0, true)
            }

            /// Whether a legal move captures (`IllegalMoveError` otherwise).
            fn is_capture(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
                let m = $crate::board_core::resolve(py, self.game.position(), r#move)?;
                Ok(<$P as $crate::board_core::PyGame>::is_capture(&m))
            }

            /// Whether a legal move (`IllegalMoveError` otherwise) gives
            /// check: `is_check()` after `push(move)`.
            fn gives_check(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
                let pos = self.game.position();
                let m = $crate::board_core::resolve(py, pos, r#move)?;
                Ok($crate::board_core::PyGame::gives_check(pos, &m))
            }

            /// The outcome if the game has ended (its first terminal
            /// event, as the Rust `Game` decides it under the board's
            /// rules), else `None`. No move is accepted after it.
            fn outcome(&self) -> Option<<$P as $crate::board_core::PyGame>::PyOutcome> {
                self.game.outcome().map(<$P as $crate::board_core::PyGame>::wrap_outcome)
            }

            /// Whether `outcome()` is not `None`.
            fn is_game_over(&self) -> bool {
                self.game.is_over()
            }

            /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
            fn result(&self) -> &'static str {
                match self.game.outcome() {
                    Some(o) => $crate::types::result_of(o.winner),
                    None => "*",
                }
            }

            /// The number of legal move sequences of `depth` plies
            /// (0..=30), computed in Rust with the GIL released. Ctrl-C
            /// (KeyboardInterrupt) stops it within a few milliseconds.
            fn perft(slf: &Bound<'_, Self>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
                // Copy the position and let the board go before releasing
                // the GIL, so other threads can use it meanwhile.
                let pos = $crate::board_core::read(slf)?.game.position().clone();
                $crate::board_core::perft(slf.py(), pos, depth)
            }

            /// Same position (placement, side to move, the game's rights
            /// and clocks) under the same rules; move stacks are not
            /// compared.
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyObject {
                let py = other.py();
                let Ok(o) = other.downcast::<Board>() else {
                    return py.NotImplemented();
                };
                let same = o.try_borrow().is_ok_and(|o| {
                    o.game.position() == self.game.position() && o.game.rules() == self.game.rules()
                });
                match same.into_pyobject(py) {
                    Ok(b) => b.to_owned().into_any().unbind(),
                    Err(_) => py.NotImplemented(),
                }
            }

            /// A hash of the position, its clocks and rules (consistent with `==`).
            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                Hash::hash(self.game.position(), &mut h);
                Hash::hash(self.game.rules(), &mut h);
                h.finish()
            }

            /// The board as text, rank by rank from the top.
            fn __str__(&self) -> String {
                $crate::board_core::PyGame::diagram(self.game.position())
            }

            fn __repr__(&self) -> String {
                let rules = *self.game.rules();
                let fen = tamerlane_core::Position::to_fen(self.game.position());
                if rules == Default::default() {
                    format!("Board('{fen}')")
                } else {
                    format!("Board('{fen}', rules='{rules}')")
                }
            }

            /// The pickled state: a dict with the start position (`"tfen"`
            /// for Tamerlane, `"fen"`), the rules (`"rules"`; for
            /// Tamerlane also `"start"`, the preset whose start array they
            /// use: `"default"` or `"seed-001"`) and the moves played as
            /// coordinate (UCI) strings (`"moves"`).
            fn __getstate__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                $crate::board_core::game_state(slf.py(), &$crate::board_core::read(slf)?.game)
            }

            /// Restores a pickled state (see `__getstate__`): the start
            /// position under its rules, then the moves replayed through
            /// the game (a move after the end raises `GameOverError`). A
            /// Tamerlane board also takes a plain list of coordinate moves
            /// (the state of older versions), replayed from its start
            /// position.
            fn __setstate__(slf: &Bound<'_, Self>, state: &Bound<'_, PyAny>) -> PyResult<()> {
                let game = $crate::board_core::game_of_state(slf.py(), state, || {
                    Ok($crate::board_core::read(slf)?.game.start().clone())
                })?;
                $crate::board_core::write(slf)?.game = game;
                Ok(())
            }

            /// Pickling: a new `Board()` given the state of `__getstate__`.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                let py = slf.py();
                let state = Board::__getstate__(slf)?;
                pyo3::types::PyTuple::new(
                    py,
                    [
                        slf.get_type().into_any(),
                        pyo3::types::PyTuple::empty(py).into_any(),
                        state.into_any(),
                    ],
                )
            }

            $($extra)*
        }
    };
}

/// The [`PyGame`] methods that the three position types implement alike,
/// through their inherent methods of the same names: spliced into each
/// `impl PyGame`.
#[macro_export]
macro_rules! py_game_common {
    () => {
        fn find(&self, key: Self::MoveKey) -> Result<Self::Move, Self::IllegalMoveError> {
            self.find_move(key)
        }

        fn squares_of(m: &Self::Move) -> (usize, usize) {
            (m.from.index(), m.to.index())
        }

        fn is_capture(m: &Self::Move) -> bool {
            m.is_capture()
        }

        fn gives_check(&self, m: &Self::Move) -> bool {
            Self::gives_check(self, m)
        }

        fn wrap_outcome(o: tamerlane_core::Outcome<Self::Termination>) -> Self::PyOutcome {
            o.into()
        }

        fn play_error(py: Python<'_>, e: tamerlane_core::PlayError<Self>) -> PyErr {
            $crate::board_core::play_err(py, e)
        }

        fn wrap_piece(p: Self::Piece) -> Self::PyPiece {
            p.into()
        }

        fn square_index(sq: Self::Square) -> usize {
            sq.index()
        }

        fn placement(&self) -> Vec<(Self::Square, Self::Piece)> {
            self.board().pieces().collect()
        }

        fn piece_on(&self, sq: Self::Square) -> Option<Self::Piece> {
            self.board().piece_at(sq)
        }

        fn color_of(p: Self::Piece) -> tamerlane_core::Color {
            p.color
        }

        fn all_squares() -> Vec<Self::Square> {
            <Self as $crate::board_core::PyGame>::Square::all().collect()
        }

        /// Nothing attacks a Tamerlane citadel.
        fn attackers_of(&self, sq: Self::Square, by: tamerlane_core::Color) -> Vec<usize> {
            self.attackers(sq, by)
                .squares()
                .map(|s| s.index())
                .collect()
        }

        fn is_attacked_by(&self, sq: Self::Square, by: tamerlane_core::Color) -> bool {
            self.is_attacked(sq, by)
        }

        fn diagram(&self) -> String {
            self.board().to_string()
        }
    };
}

/// Borrows a board for reading; a `RuntimeError` (never a panic) while
/// another call modifies it.
pub fn read<'py, T: pyo3::PyClass>(obj: &Bound<'py, T>) -> PyResult<PyRef<'py, T>> {
    obj.try_borrow().map_err(|_| {
        PyRuntimeError::new_err(
            "the Board is being modified by another call (Already mutably borrowed)",
        )
    })
}

/// Borrows a board for writing; a `RuntimeError` (never a panic) while
/// another call uses it.
pub fn write<'py, T: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::False>>(
    obj: &Bound<'py, T>,
) -> PyResult<PyRefMut<'py, T>> {
    obj.try_borrow_mut().map_err(|_| {
        PyRuntimeError::new_err("the Board is in use by another call (Already borrowed)")
    })
}
