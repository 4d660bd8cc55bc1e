//! `Board`: a position with its move stack, and `LegalMoves`.

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{
    PyIndexError, PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use tamerlane_core as core;
use tamerlane_core::{excerpt, CoordMove, Position, Square};

use crate::errors::{move_err, san_err, tfen_err, IllegalMoveError, InvalidMoveError};
use crate::interrupt::run_interruptible;
use crate::research;
use crate::types::{int_arg, square_arg, Color, Move, Outcome, Piece, Role};

/// The deepest perft `Board.perft` accepts.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// Plies without capture or pawn move before the move-limit draw.
const PLY_LIMIT: u32 = 200;
/// Occurrences of a position for the repetition draw.
const REPETITIONS: usize = 3;

/// A Tamerlane position with the moves that led to it (python-chess style).
///
/// Every method borrows the board only briefly while holding the GIL;
/// `perft`, `to_planes` and `legal_action_mask` copy what they need and let
/// the board go before releasing the GIL or calling numpy: a `Board` shared
/// between threads is safe (each call is atomic), never half-updated.
#[pyclass(module = "tamerlane")]
#[derive(Clone)]
pub struct Board {
    /// The current position.
    pub pos: Position,
    /// Each played move with the position before it, oldest first.
    pub stack: Vec<(Position, core::Move)>,
}

impl Board {
    /// The start position of the game.
    pub fn start(&self) -> &Position {
        self.stack.first().map(|(p, _)| p).unwrap_or(&self.pos)
    }

    /// Hashes of the earlier positions, oldest first (for the engine).
    pub fn history(&self) -> Vec<u64> {
        self.stack.iter().map(|(p, _)| p.hash()).collect()
    }

    /// How many times the current position has occurred (itself included).
    pub fn repetitions(&self) -> usize {
        1 + self
            .stack
            .iter()
            .filter(|(p, _)| p.same_position(&self.pos))
            .count()
    }

    fn outcome_core(&self) -> Option<core::Outcome> {
        if let Some(o) = self.pos.outcome() {
            return Some(o);
        }
        let draw = |termination| {
            Some(core::Outcome {
                winner: None,
                termination,
            })
        };
        if self.repetitions() >= REPETITIONS {
            return draw(core::Termination::Repetition);
        }
        if self.pos.halfmoves() >= PLY_LIMIT {
            return draw(core::Termination::MoveLimit);
        }
        None
    }

    /// Resolves a Python move argument (a `Move` or a coordinate string) to
    /// the legal move of this position.
    pub fn resolve(&self, mv: &Bound<'_, PyAny>) -> PyResult<core::Move> {
        let coord = coord_arg(mv)?;
        self.pos
            .find_move(coord)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    fn play(&mut self, m: core::Move) {
        let before = self.pos.clone();
        self.pos.play_unchecked(&m);
        self.stack.push((before, m));
    }

    fn wrap_move(&self, m: core::Move) -> Move {
        Move::full(m, self.pos.turn())
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
    Err(PyTypeError::new_err(format!(
        "expected a tamerlane.Move or a coordinate string like 'f3f4', not {}",
        mv.get_type().name()?
    )))
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
    /// A board at the initial position, or at the position of a TFEN
    /// string (raises `InvalidTfenError`).
    #[new]
    #[pyo3(signature = (tfen = None))]
    fn new(tfen: Option<&str>) -> PyResult<Board> {
        let pos = match tfen {
            None => Position::new(),
            Some(t) => Position::from_tfen(t).map_err(tfen_err)?,
        };
        Ok(Board {
            pos,
            stack: Vec::new(),
        })
    }

    /// Replaces the position by a TFEN one and clears the move stack.
    fn set_tfen(&mut self, tfen: &str) -> PyResult<()> {
        self.pos = Position::from_tfen(tfen).map_err(tfen_err)?;
        self.stack.clear();
        Ok(())
    }

    /// Back to the initial position, with an empty move stack.
    fn reset(&mut self) {
        self.pos = Position::new();
        self.stack.clear();
    }

    /// The position as a TFEN string.
    fn tfen(&self) -> String {
        self.pos.to_tfen()
    }

    /// The side to move.
    #[getter]
    fn turn(&self) -> Color {
        self.pos.turn().into()
    }

    /// Plies since the start of the game, from the fullmove number and side
    /// to move: `2 * (fullmove_number - 1) + (1 if Black to move else 0)`.
    #[getter]
    fn ply(&self) -> u64 {
        2 * (u64::from(self.pos.fullmoves()) - 1) + self.pos.turn().index() as u64
    }

    /// Plies since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmoves()
    }

    /// The move number: starts at 1, goes up after each Black move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmoves()
    }

    /// The king-swap rights as `(white, black)` booleans.
    #[getter]
    fn swap_rights(&self) -> (bool, bool) {
        (
            self.pos.swap_right(core::Color::White),
            self.pos.swap_right(core::Color::Black),
        )
    }

    /// Whether `color` still has its king-swap right.
    fn has_swap_right(&self, color: Color) -> bool {
        self.pos.swap_right(color_arg(color))
    }

    /// The pawn-of-pawns stages (0, 1 or 2) as `(white, black)`.
    #[getter]
    fn pawn_of_pawns_stages(&self) -> (u8, u8) {
        (
            self.pos.pawn_of_pawns_stage(core::Color::White),
            self.pos.pawn_of_pawns_stage(core::Color::Black),
        )
    }

    /// The pawn-of-pawns stage (0, 1 or 2) of `color`.
    fn pawn_of_pawns_stage(&self, color: Color) -> u8 {
        self.pos.pawn_of_pawns_stage(color_arg(color))
    }

    /// The legal moves: sized (`len`), iterable and supporting `in`.
    #[getter]
    fn legal_moves(&self) -> LegalMoves {
        LegalMoves {
            pos: self.pos.clone(),
        }
    }

    /// Whether `move` (a `Move` or a coordinate string) is legal here. Moves
    /// are matched by their squares. Never raises for a bad string.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match coord_arg(r#move) {
            Ok(c) => Ok(self.pos.find_move(c).is_ok()),
            Err(e) if e.is_instance_of::<PyTypeError>(r#move.py()) => Err(e),
            Err(_) => Ok(false),
        }
    }

    /// Plays `move` (a `Move` or a coordinate string), matched by its squares
    /// against the legal moves. Raises `IllegalMoveError` (or
    /// `InvalidMoveError` for a bad string) and leaves the board unchanged.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.resolve(r#move)?;
        self.play(m);
        Ok(())
    }

    /// Parses and plays a coordinate move string; returns the move.
    fn push_str(&mut self, text: &str) -> PyResult<Move> {
        let m = self.pos.parse_move(text).map_err(move_err)?;
        let r = self.wrap_move(m);
        self.play(m);
        Ok(r)
    }

    /// Parses a coordinate move string into the legal move it names.
    fn parse_str(&self, text: &str) -> PyResult<Move> {
        let m = self.pos.parse_move(text).map_err(move_err)?;
        Ok(self.wrap_move(m))
    }

    /// Parses and plays a SAN string (or coordinates); returns the move.
    fn push_san(&mut self, san: &str) -> PyResult<Move> {
        let m = self.pos.parse_san(san).map_err(san_err)?;
        let r = self.wrap_move(m);
        self.play(m);
        Ok(r)
    }

    /// Parses a SAN string (or coordinates) into the legal move it names.
    fn parse_san(&self, san: &str) -> PyResult<Move> {
        let m = self.pos.parse_san(san).map_err(san_err)?;
        Ok(self.wrap_move(m))
    }

    /// The SAN of a legal move (raises `IllegalMoveError` otherwise).
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.resolve(r#move)?;
        Ok(self.pos.san(&m))
    }

    /// Takes back the last move and returns it (`IndexError` if none).
    fn pop(&mut self) -> PyResult<Move> {
        match self.stack.pop() {
            Some((before, m)) => {
                self.pos = before;
                Ok(self.wrap_move(m))
            }
            None => Err(PyIndexError::new_err("pop from an empty move stack")),
        }
    }

    /// The last move played (`IndexError` if none).
    fn peek(&self) -> PyResult<Move> {
        match self.stack.last() {
            Some((before, m)) => Ok(Move::full(*m, before.turn())),
            None => Err(PyIndexError::new_err("peek at an empty move stack")),
        }
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack
            .iter()
            .map(|(p, m)| Move::full(*m, p.turn()))
            .collect()
    }

    /// A copy; with `stack=False` the copy has no move history.
    #[pyo3(signature = (stack = true))]
    fn copy(&self, stack: bool) -> Board {
        if stack {
            self.clone()
        } else {
            Board {
                pos: self.pos.clone(),
                stack: Vec::new(),
            }
        }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// A new board at the start position of this one's game.
    fn root(&self) -> Board {
        Board {
            pos: self.start().clone(),
            stack: Vec::new(),
        }
    }

    /// The piece on `square` (an int 0..111 or a name), or `None`.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<Piece>> {
        let sq = square_arg(square)?;
        Ok(self.pos.board().piece_at(sq).map(Piece::from))
    }

    /// The squares (ints, ascending) holding pieces of `role` and `color`.
    fn pieces(&self, role: Role, color: Color) -> Vec<usize> {
        self.pos
            .board()
            .by_piece(core::Piece::new(color.into(), role.into()))
            .squares()
            .map(Square::index)
            .collect()
    }

    /// All pieces as a dict from square (int) to `Piece`.
    fn piece_map<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let pieces: Vec<(usize, Piece)> = read_board(slf)?
            .pos
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
        self.pos.is_check()
    }

    /// How many times the current position has occurred in this game.
    fn repetition_count(&self) -> usize {
        self.repetitions()
    }

    /// The outcome if the game is over (citadel, no legal move, royals only,
    /// threefold repetition over the move stack, 200-ply limit), else `None`.
    fn outcome(&self) -> Option<Outcome> {
        self.outcome_core().map(Outcome::from)
    }

    /// Whether `outcome()` is not `None`.
    fn is_game_over(&self) -> bool {
        self.outcome_core().is_some()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    fn result(&self) -> &'static str {
        match self.outcome_core() {
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
        let pos = read_board(slf)?.pos.clone();
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

    /// The position as planes: a numpy `float32` array of shape
    /// `(PLANES, 10, 13)`, from the side to move's view (see docs/PYTHON.md).
    fn to_planes<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        // Copy what is needed and let the board go before calling numpy
        // (which may let other threads run).
        let (pos, reps) = {
            let b = read_board(slf)?;
            (b.pos.clone(), b.repetitions())
        };
        research::planes(slf.py(), &pos, reps)
    }

    /// A numpy `bool` array of length `ACTION_SPACE_SIZE`, true at the
    /// index of every legal move (see `move_to_index`).
    fn legal_action_mask<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let pos = read_board(slf)?.pos.clone();
        research::mask(slf.py(), &pos)
    }

    /// Same position: placement (citadels included), side to move, swap
    /// rights and pawn-of-pawns stages (the repetition identity; clocks and
    /// move stacks are not compared).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyObject {
        let py = other.py();
        match other.downcast::<Board>() {
            Ok(o) => {
                let same = match o.try_borrow() {
                    Ok(o) => o.pos.same_position(&self.pos),
                    Err(_) => false,
                };
                same.into_pyobject(py)
                    .map(|b| b.to_owned().into_any().unbind())
                    .unwrap_or_else(|_| py.NotImplemented())
            }
            Err(_) => py.NotImplemented(),
        }
    }

    /// The Zobrist hash of the position (consistent with `==`).
    fn __hash__(&self) -> u64 {
        self.pos.hash()
    }

    fn __str__(&self) -> String {
        self.pos.board().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.pos.to_tfen())
    }

    /// Pickling: the start TFEN and the moves played.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let (start, moves) = {
            let b = read_board(slf)?;
            let moves: Vec<String> = b.stack.iter().map(|(_, m)| m.to_string()).collect();
            (b.start().to_tfen(), moves)
        };
        let args = PyTuple::new(py, [start])?;
        PyTuple::new(
            py,
            [
                slf.get_type().into_any(),
                args.into_any(),
                PyList::new(py, moves)?.into_any(),
            ],
        )
    }

    /// Replays a list of coordinate moves from the start position (used by
    /// unpickling).
    fn __setstate__(slf: &Bound<'_, Self>, state: &Bound<'_, PyAny>) -> PyResult<()> {
        // Collect the (user-supplied) sequence before borrowing the board:
        // iterating it may run Python code that uses this board.
        let state: Vec<String> = state.extract()?;
        let start = read_board(slf)?.start().clone();
        let mut b = Board {
            pos: start,
            stack: Vec::new(),
        };
        for s in &state {
            let m = b.pos.parse_move(s).map_err(move_err)?;
            b.play(m);
        }
        *write_board(slf)? = b;
        Ok(())
    }

    /// SVG for Jupyter (via `tamerlane.svg.board`), with the last move marked.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let svg = py.import("tamerlane.svg")?;
        let kwargs = PyDict::new(py);
        let last = read_board(slf)?
            .stack
            .last()
            .map(|(before, m)| Move::full(*m, before.turn()));
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
