//! `Board`: a game (a start position with its rules, and the moves played
//! from it), and `LegalMoves`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{
    PyIndexError, PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyMapping, PyString, PyTuple};
use tamerlane_core as core;
use tamerlane_core::{excerpt, Bitboard, CoordMove, Game, Position, RuleSet};

use crate::edit::edited;
use crate::errors::{move_err, play_err, san_err, tfen_err, IllegalMoveError, InvalidMoveError};
use crate::interrupt::run_interruptible;
use crate::notation;
use crate::research;
use crate::rules::{rules_with_start, start_array_name, RulesArg};
use crate::types::{
    index_arg, int_arg, opt_int_arg, square_arg, square_list, type_name, Color, ColorArg, Move,
    Outcome, Piece, Role, SquareMask,
};

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

    /// The termination of the current position by itself (citadel, no
    /// legal move, royals only, move limit), without the game's history.
    fn position_termination(&self) -> Option<core::Termination> {
        self.pos().outcome().map(|o| o.termination)
    }

    /// The legal moves (only captures if `captures`) from `from` to `to`,
    /// as a Python iterator.
    fn moves_between<'py>(
        &self,
        py: Python<'py>,
        from: SquareMask,
        to: SquareMask,
        captures: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.pos();
        let turn = pos.turn();
        let moves = pos
            .legal_moves()
            .iter()
            .filter(|m| from.0.contains(m.from) && to.0.contains(m.to))
            .filter(|m| !captures || m.is_capture())
            .map(|&m| Move::full(m, turn))
            .collect::<Vec<_>>();
        Ok(PyList::new(py, moves)?.try_iter()?.into_any())
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

/// A `tfen` argument: a TFEN string, or (only as the default of
/// `Board()`) the start position of the rules. `None` is a `TypeError`:
/// an empty board, python-chess's `Board(None)`, is not a valid Tamerlane
/// position (each side needs a royal).
#[derive(Clone, Debug)]
pub enum TfenArg {
    /// The rules' start position (`Board()` without a TFEN).
    Start,
    /// A TFEN string.
    Text(String),
}

impl<'py> FromPyObject<'py> for TfenArg {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<TfenArg> {
        if let Ok(s) = ob.downcast::<PyString>() {
            return Ok(TfenArg::Text(s.to_cow()?.into_owned()));
        }
        if ob.is_none() {
            return Err(PyTypeError::new_err(
                "tfen must be a TFEN string, not None: an empty board (python-chess's Board(None)) \
                 is not a valid Tamerlane position, each side needs a royal; Board() starts from \
                 the start position, set_piece_map() builds a position piece by piece",
            ));
        }
        Err(PyTypeError::new_err(format!(
            "tfen must be a TFEN string, not {}",
            type_name(ob)
        )))
    }
}

impl TfenArg {
    /// The position this argument names under `rules`.
    fn position(&self, rules: RuleSet) -> PyResult<Position> {
        match self {
            TfenArg::Start => Ok(Position::start_with_rules(rules)),
            TfenArg::Text(t) => Position::from_tfen_with_rules(t, rules).map_err(tfen_err),
        }
    }
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
    /// `Board(None)` raises `TypeError`: python-chess's empty board is not
    /// a valid Tamerlane position.
    #[new]
    #[pyo3(
        signature = (tfen = TfenArg::Start, *, rules = RulesArg::default()),
        text_signature = "(tfen=..., *, rules='')"
    )]
    fn new(tfen: TfenArg, rules: RulesArg) -> PyResult<Board> {
        Ok(Board::at(tfen.position(rules.0)?))
    }

    /// The rule set, in canonical form (`""` for the default rules).
    #[getter]
    fn rules(&self) -> String {
        self.rule_set().to_string()
    }

    /// Replaces the position by a TFEN one (under the board's rules) and
    /// clears the move stack. `None` raises `TypeError`, as in `Board()`.
    fn set_tfen(&mut self, tfen: TfenArg) -> PyResult<()> {
        *self = Board::at(tfen.position(self.rule_set())?);
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
    /// to move: `2 * (fullmove_number - 1) + (1 if Black to move else 0)`
    /// (a method, as in python-chess).
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

    /// Whether `color` (a `Color` or a bool) still has its king-swap right.
    fn has_swap_right(&self, color: ColorArg) -> bool {
        self.pos().swap_right(color.into())
    }

    /// The pawn-of-pawns stages (0, 1 or 2) as `(white, black)`.
    #[getter]
    fn pawn_of_pawns_stages(&self) -> (u8, u8) {
        (
            self.pos().pawn_of_pawns_stage(core::Color::White),
            self.pos().pawn_of_pawns_stage(core::Color::Black),
        )
    }

    /// The pawn-of-pawns stage (0, 1 or 2) of `color` (a `Color` or a bool).
    fn pawn_of_pawns_stage(&self, color: ColorArg) -> u8 {
        self.pos().pawn_of_pawns_stage(color.into())
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

    /// python-chess's name for [`push_str`](Self::push_str): plays a
    /// coordinate move string (`"f3f4"`) and returns the move.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Move> {
        self.play_str(py, uci)
    }

    /// python-chess's name for [`parse_str`](Self::parse_str): the legal
    /// move a coordinate string names.
    fn parse_uci(&self, uci: &str) -> PyResult<Move> {
        self.parse_str(uci)
    }

    /// The long algebraic notation of a legal move (`IllegalMoveError`
    /// otherwise): SAN with the whole origin square and `-` or `x`
    /// (`Nb2-c4`, `f3-f4`, `d4xe5`, `e9-e10=F`, `a9-bc`); a king swap,
    /// placement or transfer as in SAN (`K<>a1`, `P@e4`, `P>f3`).
    fn lan(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.resolve(r#move)?;
        Ok(notation::lan(self.pos(), &m))
    }

    /// The SAN of a line of moves (`Move`s or coordinate strings) played
    /// from here, numbered: `"1. f4 f7 2. Nc4"`, `"1...f7 2. f4"` when
    /// Black moves first. The board is not changed. A move that is not
    /// legal where it comes raises `IllegalMoveError` (or
    /// `InvalidMoveError`, `GameOverError` as `push` does).
    fn variation_san(&self, py: Python<'_>, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        if variation.downcast::<PyString>().is_ok() {
            return Err(PyTypeError::new_err(
                "variation_san takes a list of moves, not a str (write [\"f3f4\", \"f8f7\"])",
            ));
        }
        let mut game = self.game.clone();
        let mut line = Vec::new();
        for mv in variation.try_iter()? {
            let text = move_text(&mv?)?;
            let before = game.position().clone();
            let m = game.play_str(&text).map_err(|e| play_err(py, e))?;
            line.push((before, m));
        }
        Ok(notation::numbered(&line))
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

    /// A copy (with the rules). `stack` is as in python-chess: `True`
    /// keeps the whole move stack, `False` none (the copy starts at the
    /// current position), an int `n` the last `n` moves (the copy starts
    /// `n` moves back; `ValueError` if negative).
    #[pyo3(signature = (stack = StackArg::All), text_signature = "($self, stack=True)")]
    fn copy(&self, py: Python<'_>, stack: StackArg) -> PyResult<Board> {
        let moves = self.game.moves();
        let keep = match stack {
            StackArg::All => return Ok(self.clone()),
            StackArg::Last(n) => n.min(moves.len()),
        };
        let first = moves.len() - keep;
        let mut game = Game::from_position(self.game.positions()[first].clone());
        for m in &moves[first..] {
            game.play(m).map_err(|e| play_err(py, e))?;
        }
        Ok(Board { game })
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

    /// The squares (ints, ascending) holding pieces of `role` and `color`
    /// (a `Color` or a bool).
    fn pieces(&self, role: Role, color: ColorArg) -> Vec<usize> {
        square_list(
            self.pos()
                .board()
                .by_piece(core::Piece::new(color.into(), role.into())),
        )
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

    /// Whether the side to move is checkmated: no legal move, and its
    /// single royal attacked (a loss; also outside a citadel draw).
    fn is_checkmate(&self) -> bool {
        self.position_termination() == Some(core::Termination::Checkmate)
    }

    /// Whether the side to move is stalemated: no legal move otherwise (in
    /// Tamerlane chess also a loss for it, unlike chess).
    fn is_stalemate(&self) -> bool {
        self.position_termination() == Some(core::Termination::Stalemate)
    }

    /// Whether the current position has occurred at least `count` times
    /// in this game (this occurrence included), as python-chess's
    /// `is_repetition(count=3)`.
    #[pyo3(signature = (count = None), text_signature = "($self, count=3)")]
    fn is_repetition(&self, count: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let count = opt_int_arg(count, "count")?.unwrap_or(3);
        let seen = i64::try_from(self.game.repetition_count()).unwrap_or(i64::MAX);
        Ok(seen >= count)
    }

    /// The legal moves from a square of `from_mask` to a square of
    /// `to_mask` (ints, bit `i` for square `i`, as python-chess's masks;
    /// every square by default: `-1` or `BB_ALL`), as an iterator of
    /// `Move`s.
    #[pyo3(
        signature = (from_mask = SquareMask::ALL, to_mask = SquareMask::ALL),
        text_signature = "($self, from_mask=-1, to_mask=-1)"
    )]
    fn generate_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: SquareMask,
        to_mask: SquareMask,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.moves_between(py, from_mask, to_mask, false)
    }

    /// The legal captures from a square of `from_mask` to a square of
    /// `to_mask` (see `generate_legal_moves`), as an iterator of `Move`s.
    #[pyo3(
        signature = (from_mask = SquareMask::ALL, to_mask = SquareMask::ALL),
        text_signature = "($self, from_mask=-1, to_mask=-1)"
    )]
    fn generate_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: SquareMask,
        to_mask: SquareMask,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.moves_between(py, from_mask, to_mask, true)
    }

    /// Whether a legal move (a `Move` or a coordinate string;
    /// `IllegalMoveError` otherwise) captures.
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.resolve(r#move)?.is_capture())
    }

    /// Whether a legal move (`IllegalMoveError` otherwise) attacks a royal
    /// of the opponent once played: `is_check()` after `push(move)`.
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.resolve(r#move)?;
        Ok(self.pos().gives_check(&m))
    }

    /// The squares (ascending) of the pieces of `color` (a `Color` or a
    /// bool) that attack `square`: that could capture there by their
    /// movement pattern, pinned or not. Nothing attacks a citadel.
    fn attackers(&self, color: ColorArg, square: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let sq = square_arg(square)?;
        Ok(square_list(self.pos().attackers(sq, color.into())))
    }

    /// Whether a piece of `color` attacks `square` (see `attackers`).
    fn is_attacked_by(&self, color: ColorArg, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        let sq = square_arg(square)?;
        Ok(self.pos().is_attacked(sq, color.into()))
    }

    /// The squares (ascending) of the opponent's pieces attacking a royal
    /// of the side to move: empty exactly when `is_check()` is false.
    fn checkers(&self) -> Vec<usize> {
        let pos = self.pos();
        let them = !pos.turn();
        let all = pos
            .royals(pos.turn())
            .squares()
            .fold(Bitboard::EMPTY, |a, sq| a | pos.attackers(sq, them));
        square_list(all)
    }

    /// The squares (ascending) of the royals (King, Prince, Adventitious
    /// King) of `color` (a `Color` or a bool).
    fn royals(&self, color: ColorArg) -> Vec<usize> {
        square_list(self.pos().royals(color.into()))
    }

    /// The position seen from the other side, as a new board without move
    /// stack (same rules): the board turned through 180 degrees (`a1` <->
    /// `k10`, `wc` <-> `bc`), colours, rights, stages and the side to move
    /// swapped. python-chess flips vertically; a Tamerlane board has a
    /// citadel on each side, which only a rotation maps onto each other.
    fn mirror(&self) -> Board {
        Board::at(self.pos().mirror())
    }

    /// Puts `piece` (a `Piece`, or `None` to empty the square) on `square`.
    /// The move stack is cleared, as in python-chess. Raises
    /// `InvalidPositionError` and leaves the board unchanged if the result
    /// is not a valid position (see docs/PYTHON.md).
    #[pyo3(signature = (square, piece))]
    fn set_piece_at(&mut self, square: &Bound<'_, PyAny>, piece: Option<Piece>) -> PyResult<()> {
        let sq = square_arg(square)?;
        let piece = piece.map(|p| core::Piece::new(p.color.into(), p.role.into()));
        let pos = edited(self.pos(), |b| {
            b.set(sq, piece);
        })?;
        *self = Board::at(pos);
        Ok(())
    }

    /// Empties `square` and returns the piece that stood there (`None` if
    /// it was empty). Clears the move stack; raises `InvalidPositionError`
    /// and leaves the board unchanged if the result is not a valid
    /// position (the last royal of a side, for example).
    fn remove_piece_at(&mut self, square: &Bound<'_, PyAny>) -> PyResult<Option<Piece>> {
        let sq = square_arg(square)?;
        let removed = self.pos().board().piece_at(sq);
        let pos = edited(self.pos(), |b| {
            b.set(sq, None);
        })?;
        *self = Board::at(pos);
        Ok(removed.map(Piece::from))
    }

    /// Replaces the whole placement by a mapping from squares (ints or
    /// names) to `Piece`s, the inverse of `piece_map()`. Side to move,
    /// stages and clocks are kept, the move stack is cleared; raises
    /// `InvalidPositionError` (or `TypeError`/`ValueError` for a bad key or
    /// value) and leaves the board unchanged if the result is not a valid
    /// position.
    fn set_piece_map(slf: &Bound<'_, Self>, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        // Read the whole (user-supplied) mapping before borrowing the board.
        let mapping = pieces.downcast::<PyMapping>().map_err(|_| {
            PyTypeError::new_err(format!(
                "set_piece_map takes a dict from squares to Pieces, not {}",
                type_name(pieces)
            ))
        })?;
        let mut placed = Vec::new();
        for item in mapping.items()?.try_iter()? {
            let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item?.extract()?;
            let sq = square_arg(&key)?;
            let p = value.downcast::<Piece>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "set_piece_map: the value for square {sq} must be a tamerlane.Piece, not {}",
                    type_name(&value)
                ))
            })?;
            let p = p.get();
            placed.push((sq, core::Piece::new(p.color.into(), p.role.into())));
        }
        let mut board = write_board(slf)?;
        let pos = edited(board.pos(), |b| {
            *b = core::Board::empty();
            for (sq, p) in placed {
                b.set(sq, Some(p));
            }
        })?;
        *board = Board::at(pos);
        Ok(())
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
                    "perft depth {depth} out of range (expected 0 to {MAX_PERFT_DEPTH})"
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
