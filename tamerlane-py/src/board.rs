//! `Board`: a game (a start position with its rules, and the moves played
//! from it), and `LegalMoves`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{
    PyIndexError, PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use tamerlane_core as core;
use tamerlane_core::{excerpt, CoordMove, Game, Position, RuleSet, Square};

use crate::errors::{move_err, play_err, san_err, tfen_err, IllegalMoveError, InvalidMoveError};
use crate::interrupt::run_interruptible;
use crate::research;
use crate::rules::{rules_with_start, start_array_name, RulesArg};
use crate::types::{int_arg, square_arg, type_name, Color, Move, Outcome, Piece, Role};

/// The deepest perft `Board.perft` accepts.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// A Tamerlane position with the moves that led to it (python-chess style),
/// played under a rule set: a `tamerlane_core::Game`, so the Rust rules
/// decide legality and the outcome, and a game that has ended refuses
/// further moves.
///
/// Every method borrows the board only briefly while holding the GIL;
/// `perft`, `to_planes` and `legal_action_mask` copy what they need and let
/// the board go before releasing the GIL or calling numpy: a `Board` shared
/// between threads is safe (each call is atomic), never half-updated.
#[pyclass(module = "tamerlane")]
#[derive(Clone)]
pub struct Board {
    /// The game: the start position (which carries the rules), the moves
    /// played and the positions they led to.
    pub game: Game,
}

impl Board {
    /// A board at `start`, with an empty move stack.
    pub fn at(start: Position) -> Board {
        Board {
            game: Game::from_position(start),
        }
    }

    /// The current position.
    pub fn pos(&self) -> &Position {
        self.game.position()
    }

    /// The start position of the game.
    pub fn start(&self) -> &Position {
        self.game.start()
    }

    /// The rule set of the game.
    pub fn rule_set(&self) -> RuleSet {
        *self.game.rules()
    }

    /// Resolves a Python move argument (a `Move` or a coordinate string) to
    /// the legal move of this position.
    pub fn resolve(&self, mv: &Bound<'_, PyAny>) -> PyResult<core::Move> {
        let coord = coord_arg(mv)?;
        self.pos()
            .find_move(coord)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// Plays a coordinate move string through the game (refused once the
    /// game has ended, or if illegal) and returns it with its context.
    fn play_str(&mut self, py: Python<'_>, text: &str) -> PyResult<Move> {
        let turn = self.game.turn();
        let m = self.game.play_str(text).map_err(|e| play_err(py, e))?;
        Ok(Move::full(m, turn))
    }

    fn wrap_move(&self, m: core::Move) -> Move {
        Move::full(m, self.pos().turn())
    }

    /// The moves played, each with the side that made it, oldest first.
    fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.game
            .moves()
            .iter()
            .zip(self.game.positions())
            .map(|(m, before)| Move::full(*m, before.turn()))
    }
}

/// The squares of a move argument: a `Move` or a coordinate string.
pub fn coord_arg(mv: &Bound<'_, PyAny>) -> PyResult<CoordMove> {
    if let Ok(m) = mv.downcast::<Move>() {
        return Ok(m.get().coord);
    }
    if let Ok(s) = mv.downcast::<PyString>() {
        let s = s.to_cow()?;
        return s
            .parse::<CoordMove>()
            .map_err(|e| InvalidMoveError::new_err(e.to_string()));
    }
    Err(move_type_err(mv))
}

/// A move argument as the coordinate string to play through the game: a
/// `Move`'s squares, or the string itself.
fn move_text(mv: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(m) = mv.downcast::<Move>() {
        return Ok(m.get().coord.to_string());
    }
    if let Ok(s) = mv.downcast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    Err(move_type_err(mv))
}

/// The `TypeError` of a move argument that is neither a `Move` nor a string.
fn move_type_err(mv: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "expected a tamerlane.Move or a coordinate string like 'f3f4', not {}",
        type_name(mv)
    ))
}

/// Borrows a board for reading; a `RuntimeError` (never a panic) if it is
/// being modified at this moment (e.g. by `__setstate__` calling back into
/// Python).
pub fn read_board<'py>(board: &Bound<'py, Board>) -> PyResult<PyRef<'py, Board>> {
    board.try_borrow().map_err(|_| {
        PyRuntimeError::new_err(
            "the Board is being modified by another call (Already mutably borrowed)",
        )
    })
}

/// Borrows a board for writing; a `RuntimeError` (never a panic) if it is
/// in use by another call.
pub fn write_board<'py>(board: &Bound<'py, Board>) -> PyResult<PyRefMut<'py, Board>> {
    board.try_borrow_mut().map_err(|_| {
        PyRuntimeError::new_err("the Board is in use by another call (Already borrowed)")
    })
}

fn color_arg(c: Color) -> core::Color {
    c.into()
}

/// Perft that polls `stop` between subtrees; `None` when stopped.
fn perft_stoppable(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 4 {
        return Some(core::perft(pos, depth));
    }
    let mut n = 0;
    for m in pos.legal_moves().iter() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        n += perft_stoppable(&child, depth - 1, stop)?;
    }
    Some(n)
}

#[pymethods]
impl Board {
    /// A board played under `rules` (a rule-set string such as
    /// `"seed-001"` or `"repetition=2,move-limit=100"`; raises
    /// `InvalidRulesError`), at the position of a TFEN string (raises
    /// `InvalidTfenError`) or, without one, at the rules' start position.
    #[new]
    #[pyo3(
        signature = (tfen = None, *, rules = RulesArg::default()),
        text_signature = "(tfen=None, *, rules='')"
    )]
    fn new(tfen: Option<&str>, rules: RulesArg) -> PyResult<Board> {
        let pos = match tfen {
            None => Position::start_with_rules(rules.0),
            Some(t) => Position::from_tfen_with_rules(t, rules.0).map_err(tfen_err)?,
        };
        Ok(Board::at(pos))
    }

    /// The rule set, in canonical form (`""` for the default rules).
    #[getter]
    fn rules(&self) -> String {
        self.rule_set().to_string()
    }

    /// Replaces the position by a TFEN one (under the board's rules) and
    /// clears the move stack.
    fn set_tfen(&mut self, tfen: &str) -> PyResult<()> {
        *self = Board::at(Position::from_tfen_with_rules(tfen, self.rule_set()).map_err(tfen_err)?);
        Ok(())
    }

    /// Back to the start position of the rules, with an empty move stack.
    fn reset(&mut self) {
        *self = Board::at(Position::start_with_rules(self.rule_set()));
    }

    /// The position as a TFEN string.
    fn tfen(&self) -> String {
        self.pos().to_tfen()
    }

    /// The side to move.
    #[getter]
    fn turn(&self) -> Color {
        self.pos().turn().into()
    }

    /// Plies since the start of the game, from the fullmove number and side
    /// to move: `2 * (fullmove_number - 1) + (1 if Black to move else 0)`.
    #[getter]
    fn ply(&self) -> u64 {
        2 * (u64::from(self.pos().fullmoves()) - 1) + self.pos().turn().index() as u64
    }

    /// Plies since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos().halfmoves()
    }

    /// The move number: starts at 1, goes up after each Black move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos().fullmoves()
    }

    /// The king-swap rights as `(white, black)` booleans.
    #[getter]
    fn swap_rights(&self) -> (bool, bool) {
        (
            self.pos().swap_right(core::Color::White),
            self.pos().swap_right(core::Color::Black),
        )
    }

    /// Whether `color` still has its king-swap right.
    fn has_swap_right(&self, color: Color) -> bool {
        self.pos().swap_right(color_arg(color))
    }

    /// The pawn-of-pawns stages (0, 1 or 2) as `(white, black)`.
    #[getter]
    fn pawn_of_pawns_stages(&self) -> (u8, u8) {
        (
            self.pos().pawn_of_pawns_stage(core::Color::White),
            self.pos().pawn_of_pawns_stage(core::Color::Black),
        )
    }

    /// The pawn-of-pawns stage (0, 1 or 2) of `color`.
    fn pawn_of_pawns_stage(&self, color: Color) -> u8 {
        self.pos().pawn_of_pawns_stage(color_arg(color))
    }

    /// The legal moves: sized (`len`), iterable and supporting `in`.
    #[getter]
    fn legal_moves(&self) -> LegalMoves {
        LegalMoves {
            pos: self.pos().clone(),
        }
    }

    /// Whether `move` (a `Move` or a coordinate string) is legal here. Moves
    /// are matched by their squares. Never raises for a bad string.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match coord_arg(r#move) {
            Ok(c) => Ok(self.pos().find_move(c).is_ok()),
            Err(e) if e.is_instance_of::<PyTypeError>(r#move.py()) => Err(e),
            Err(_) => Ok(false),
        }
    }

    /// Plays `move` (a `Move` or a coordinate string), matched by its squares
    /// against the legal moves. Raises `GameOverError` once the game has
    /// ended, else `IllegalMoveError` (or `InvalidMoveError` for a bad
    /// string), and leaves the board unchanged.
    fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = move_text(r#move)?;
        self.play_str(py, &text).map(|_| ())
    }

    /// Parses and plays a coordinate move string; returns the move.
    /// Raises `GameOverError` once the game has ended.
    fn push_str(&mut self, py: Python<'_>, text: &str) -> PyResult<Move> {
        self.play_str(py, text)
    }

    /// Parses a coordinate move string into the legal move it names.
    fn parse_str(&self, text: &str) -> PyResult<Move> {
        let m = self.pos().parse_move(text).map_err(move_err)?;
        Ok(self.wrap_move(m))
    }

    /// Parses and plays a SAN string (or coordinates); returns the move.
    /// Raises `GameOverError` once the game has ended.
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Move> {
        let turn = self.game.turn();
        let m = self.game.play_san(san).map_err(|e| play_err(py, e))?;
        Ok(Move::full(m, turn))
    }

    /// Parses a SAN string (or coordinates) into the legal move it names.
    fn parse_san(&self, san: &str) -> PyResult<Move> {
        let m = self.pos().parse_san(san).map_err(san_err)?;
        Ok(self.wrap_move(m))
    }

    /// The SAN of a legal move (raises `IllegalMoveError` otherwise).
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.resolve(r#move)?;
        Ok(self.pos().san(&m))
    }

    /// Takes back the last move and returns it (`IndexError` if none); a
    /// game that had ended is open again.
    fn pop(&mut self) -> PyResult<Move> {
        match self.game.undo() {
            Some(m) => Ok(self.wrap_move(m)),
            None => Err(PyIndexError::new_err("pop from an empty move stack")),
        }
    }

    /// The last move played (`IndexError` if none).
    fn peek(&self) -> PyResult<Move> {
        self.moves()
            .next_back()
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.moves().collect()
    }

    /// A copy (with the rules); with `stack=False` the copy has no move
    /// history.
    #[pyo3(signature = (stack = true))]
    fn copy(&self, stack: bool) -> Board {
        if stack {
            self.clone()
        } else {
            Board::at(self.pos().clone())
        }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// A new board at the start position of this one's game (same rules).
    fn root(&self) -> Board {
        Board::at(self.start().clone())
    }

    /// The piece on `square` (an int 0..111 or a name), or `None`.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<Piece>> {
        let sq = square_arg(square)?;
        Ok(self.pos().board().piece_at(sq).map(Piece::from))
    }

    /// The squares (ints, ascending) holding pieces of `role` and `color`.
    fn pieces(&self, role: Role, color: Color) -> Vec<usize> {
        self.pos()
            .board()
            .by_piece(core::Piece::new(color.into(), role.into()))
            .squares()
            .map(Square::index)
            .collect()
    }

    /// All pieces as a dict from square (int) to `Piece`.
    fn piece_map<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let pieces: Vec<(usize, Piece)> = read_board(slf)?
            .pos()
            .board()
            .pieces()
            .map(|(sq, p)| (sq.index(), Piece::from(p)))
            .collect();
        let d = PyDict::new(slf.py());
        for (sq, p) in pieces {
            d.set_item(sq, p)?;
        }
        Ok(d)
    }

    /// Whether some royal of the side to move is attacked.
    fn is_check(&self) -> bool {
        self.pos().is_check()
    }

    /// How many times the current position has occurred in this game.
    fn repetition_count(&self) -> usize {
        self.game.repetition_count()
    }

    /// The outcome if the game has ended (citadel, no legal move, royals
    /// only, repetition over the move stack, move limit; each as the rule
    /// set has it), else `None`. A game ends at its first terminal event:
    /// no move is accepted after it.
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().map(Outcome::from)
    }

    /// Whether `outcome()` is not `None`.
    fn is_game_over(&self) -> bool {
        self.game.is_over()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    fn result(&self) -> &'static str {
        match self.game.outcome() {
            Some(o) => Outcome::from(o).result(),
            None => "*",
        }
    }

    /// The number of legal move sequences of `depth` plies (0..=30),
    /// computed in Rust with the GIL released. Ctrl-C (KeyboardInterrupt)
    /// stops it within a few milliseconds.
    fn perft(slf: &Bound<'_, Self>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let py = slf.py();
        let depth = int_arg(depth, "perft depth")?;
        let depth = u32::try_from(depth)
            .ok()
            .filter(|d| *d <= MAX_PERFT_DEPTH)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "perft depth {depth} out of range (expected 0..={MAX_PERFT_DEPTH})"
                ))
            })?;
        // Copy the position and drop the borrow before releasing the GIL, so
        // other threads can use the board meanwhile.
        let pos = read_board(slf)?.pos().clone();
        if depth <= 3 {
            return Ok(py.allow_threads(|| core::perft(&pos, depth)));
        }
        let stop = AtomicBool::new(false);
        let on_signal = || stop.store(true, Ordering::SeqCst);
        let (n, signal) = run_interruptible(py, &on_signal, 16 << 20, || {
            perft_stoppable(&pos, depth, &stop)
        })?;
        if let Some(e) = signal {
            return Err(e);
        }
        n.ok_or_else(|| PyKeyboardInterrupt::new_err("perft interrupted"))
    }

    /// The position as planes: a numpy array of shape
    /// `(PLANES + 46 * history, 10, 13)`, from the side to move's view (see
    /// docs/PYTHON.md): `float32` by default, or `uint8` (the values times
    /// 255); into `out` if given (checked: shape, dtype, C order; without
    /// `dtype`, `out`'s dtype is used). With
    /// `history=k`, the piece planes of the k positions before this one
    /// follow (zeros before the game's start).
    #[pyo3(signature = (*, dtype = None, out = None, history = None))]
    fn to_planes<'py>(
        slf: &Bound<'py, Self>,
        dtype: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
        history: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let dtype = research::planes_dtype_arg(dtype, out)?;
        let history = history.map_or(Ok(0), research::history_arg)?;
        // Copy what is needed and let the board go before calling numpy
        // (which may let other threads run).
        let source = research::PlaneSource::of(&read_board(slf)?.game, history);
        research::planes(slf.py(), source, history, dtype, out)
    }

    /// A numpy `bool` array of length `ACTION_SPACE_SIZE`, true at the
    /// index of every legal move (see `move_to_index`).
    fn legal_action_mask<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let pos = read_board(slf)?.pos().clone();
        research::mask(slf.py(), &pos)
    }

    /// Same position, as the Rust `Position` compares them: placement
    /// (citadels included), side to move, swap rights, pawn-of-pawns
    /// stages, clocks and rules (move stacks are not compared).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyObject {
        let py = other.py();
        match other.downcast::<Board>() {
            Ok(o) => {
                let same = match o.try_borrow() {
                    Ok(o) => o.pos() == self.pos(),
                    Err(_) => false,
                };
                same.into_pyobject(py)
                    .map(|b| b.to_owned().into_any().unbind())
                    .unwrap_or_else(|_| py.NotImplemented())
            }
            Err(_) => py.NotImplemented(),
        }
    }

    /// A hash of the position, its clocks and rules (consistent with `==`).
    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        Hash::hash(self.pos(), &mut h);
        Hash::hash(&self.rule_set(), &mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.pos().board().to_string()
    }

    fn __repr__(&self) -> String {
        let rules = self.rule_set();
        if rules.is_default() {
            format!("Board('{}')", self.pos().to_tfen())
        } else {
            format!("Board('{}', rules='{rules}')", self.pos().to_tfen())
        }
    }

    /// The pickled state: a dict with the start TFEN (`"tfen"`), the
    /// rules in canonical form (`"rules"`), the preset whose start array
    /// they use (`"start"`: `"default"` or `"seed-001"`) and the moves
    /// played as coordinate strings (`"moves"`).
    fn __getstate__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let (tfen, rules, start, moves) = {
            let b = read_board(slf)?;
            let moves: Vec<String> = b.game.moves().iter().map(|m| m.to_string()).collect();
            let rules = b.rule_set();
            (
                b.start().to_tfen(),
                rules.to_string(),
                start_array_name(&rules),
                moves,
            )
        };
        let d = PyDict::new(py);
        d.set_item("tfen", tfen)?;
        d.set_item("rules", rules)?;
        d.set_item("start", start)?;
        d.set_item("moves", PyList::new(py, moves)?)?;
        Ok(d)
    }

    /// Pickling: a new `Board()` given the state of `__getstate__`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let state = Board::__getstate__(slf)?;
        PyTuple::new(
            py,
            [
                slf.get_type().into_any(),
                PyTuple::empty(py).into_any(),
                state.into_any(),
            ],
        )
    }

    /// Restores a pickled state (see `__getstate__`): the start position
    /// under its rules, then the moves replayed through the game (a move
    /// after the end raises `GameOverError`). A plain list of coordinate
    /// moves (the state of older versions) is replayed from this board's
    /// start position.
    fn __setstate__(slf: &Bound<'_, Self>, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = slf.py();
        // Read the whole (user-supplied) state before borrowing the board:
        // reading it may run Python code that uses this board.
        let (start, moves) = match state.downcast::<PyDict>() {
            Ok(d) => {
                let field = |key: &str| -> PyResult<Bound<'_, PyAny>> {
                    d.get_item(key)?.ok_or_else(|| {
                        PyValueError::new_err(format!("pickled Board state: no {key:?} entry"))
                    })
                };
                let tfen: String = field("tfen")?.extract()?;
                let rules: String = field("rules")?.extract()?;
                let start: String = field("start")?.extract()?;
                let moves: Vec<String> = field("moves")?.extract()?;
                let rules = rules_with_start(&rules, &start)?;
                let pos = Position::from_tfen_with_rules(&tfen, rules).map_err(tfen_err)?;
                (Some(pos), moves)
            }
            Err(_) => (None, state.extract()?),
        };
        let start = match start {
            Some(p) => p,
            None => read_board(slf)?.start().clone(),
        };
        let mut b = Board::at(start);
        for s in &moves {
            b.play_str(py, s)?;
        }
        *write_board(slf)? = b;
        Ok(())
    }

    /// SVG for Jupyter (via `tamerlane.svg.board`), with the last move marked.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let svg = py.import("tamerlane.svg")?;
        let kwargs = PyDict::new(py);
        let last = read_board(slf)?.moves().next_back();
        if let Some(m) = last {
            kwargs.set_item("lastmove", m)?;
        }
        svg.getattr("board")?
            .call((slf,), Some(&kwargs))?
            .extract::<String>()
    }
}

/// The legal moves of a position (a snapshot taken when
/// `Board.legal_moves` was read): `len()`, iteration and `in`.
#[pyclass(module = "tamerlane", frozen)]
pub struct LegalMoves {
    pos: Position,
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.pos.count_legal()
    }

    fn __bool__(&self) -> bool {
        self.pos.has_legal_moves()
    }

    /// The number of legal moves.
    fn count(&self) -> usize {
        self.pos.count_legal()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let turn = self.pos.turn();
        let list = PyList::new(
            py,
            self.pos.legal_moves().iter().map(|&m| Move::full(m, turn)),
        )?;
        Ok(list.try_iter()?.into_any())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        match item.downcast::<Move>() {
            Ok(m) => self.pos.find_move(m.get().coord).is_ok(),
            Err(_) => match item.downcast::<PyString>() {
                Ok(s) => s
                    .to_cow()
                    .ok()
                    .and_then(|s| s.parse::<CoordMove>().ok())
                    .is_some_and(|c| self.pos.find_move(c).is_ok()),
                Err(_) => false,
            },
        }
    }

    fn __repr__(&self) -> String {
        let mut v: Vec<String> = self
            .pos
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        v.sort();
        format!(
            "<LegalMoves ({}): {}>",
            v.len(),
            excerpt(&v.join(", "), 200)
        )
    }
}

/// The legal move of `board` with action index `index` (see
/// [`research::action_move`]).
#[pyfunction]
pub fn index_to_move(board: &Bound<'_, Board>, index: &Bound<'_, PyAny>) -> PyResult<Move> {
    let index = int_arg(index, "action index")?;
    let b = read_board(board)?;
    research::action_move(b.pos(), index)
}
