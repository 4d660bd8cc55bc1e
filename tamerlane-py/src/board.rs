//! `tamerlane.Board`: a Tamerlane game (a start position with its rules,
//! and the moves played from it), and `LegalMoves`. The board's methods
//! are those of every board (`board_class!`, `board_core.rs`), written once
//! for the three games over [`PyGame`], implemented here for the Tamerlane
//! position; this file adds what is Tamerlane's alone: TFEN, king-swap
//! rights, pawn-of-pawns stages, planes with history, the rules' start
//! array in a pickled state, SVG.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use tamerlane_core as core;
use tamerlane_core::tamerlane::Position;
use tamerlane_core::{Bitboard, CoordMove, RuleSet};

use crate::board_core::{self, FenArg, PyGame};
use crate::edit::edited;
use crate::errors::{tfen_err, InvalidMoveError};
use crate::notation;
use crate::research;
use crate::rules::{rules_with_start, start_array_name, RulesArg};
use crate::types::{
    duck_text, square_arg, square_list, type_name, ColorArg, Move, Outcome, Piece, Role,
};

pub use crate::board_core::MAX_PERFT_DEPTH;

impl PyGame for Position {
    type PyMove = Move;
    type PyOutcome = Outcome;
    type PyPiece = Piece;
    type Square = core::Square;
    type Piece = core::Piece;
    type MoveKey = CoordMove;

    const BOARD: &'static str = "Board";
    const FEN_KEY: &'static str = "tfen";

    crate::py_game_common!();

    fn move_key(obj: &Bound<'_, PyAny>) -> PyResult<CoordMove> {
        coord_arg(obj)
    }

    fn wrap(&self, m: &core::Move) -> Move {
        Move::full(*m, self.turn())
    }

    fn lan(&self, m: &core::Move) -> String {
        notation::lan(self, m)
    }

    fn fen_error(e: core::TfenError) -> PyErr {
        tfen_err(e)
    }

    fn fen_arg(obj: &Bound<'_, PyAny>) -> PyResult<String> {
        tfen_text(obj)
    }

    /// The canonical string (`"rules"`), and the preset whose start array
    /// the rules use (`"start"`: `"default"` or `"seed-001"`), which the
    /// canonical form does not name.
    fn put_rules(rules: &RuleSet, state: &Bound<'_, PyDict>) -> PyResult<()> {
        state.set_item("rules", rules.to_string())?;
        state.set_item("start", start_array_name(rules))
    }

    fn rules_of_state<'py>(
        field: &dyn Fn(&str) -> PyResult<Bound<'py, PyAny>>,
    ) -> PyResult<RuleSet> {
        let rules: String = field("rules")?.extract()?;
        let start: String = field("start")?.extract()?;
        rules_with_start(&rules, &start)
    }

    /// A plain list of coordinate moves: the state of older versions.
    fn moves_of_old_state(state: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        state.extract()
    }

    fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<core::Square> {
        square_arg(obj)
    }

    fn piece_arg(obj: &Bound<'_, PyAny>) -> PyResult<core::Piece> {
        let p = obj.downcast::<Piece>().map_err(|_| {
            PyTypeError::new_err(format!(
                "expected a tamerlane.Piece, not {}",
                type_name(obj)
            ))
        })?;
        let p = p.get();
        Ok(core::Piece::new(p.color.into(), p.role.into()))
    }

    fn role_piece(role: &Bound<'_, PyAny>, color: core::Color) -> PyResult<core::Piece> {
        let role: Role = role.extract()?;
        Ok(core::Piece::new(color, role.into()))
    }

    fn is_royal(p: core::Piece) -> bool {
        p.role.is_royal()
    }

    fn is_king(p: core::Piece) -> bool {
        p.role == core::Role::King
    }

    /// A side left without a King loses its king-swap right (see
    /// [`edited`]).
    fn with_placement(&self, pieces: &[(core::Square, core::Piece)]) -> PyResult<Position> {
        edited(self, |b| {
            *b = core::Board::empty();
            for &(sq, p) in pieces {
                b.set(sq, Some(p));
            }
        })
    }

    /// The union over the royals of the side to move.
    fn checkers_of(&self) -> Vec<usize> {
        let them = !self.turn();
        let all = self
            .royals(self.turn())
            .squares()
            .fold(Bitboard::EMPTY, |a, sq| a | self.attackers(sq, them));
        square_list(all)
    }

    fn royals_of(&self, color: core::Color) -> Vec<usize> {
        square_list(self.royals(color))
    }

    /// Turned through 180 degrees (`a1` <-> `k10`, `wc` <-> `bc`), colours,
    /// rights, stages and the side to move swapped: python-chess flips
    /// vertically, but only a rotation maps the two citadels onto each
    /// other.
    fn mirrored(&self) -> PyResult<Position> {
        Ok(self.mirror())
    }

    fn game_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<core::tamerlane::Game>> {
        match obj.downcast::<Board>() {
            Ok(b) => Ok(Some(board_core::read(b)?.game.clone())),
            Err(_) => Ok(None),
        }
    }

    /// Decided by the position's own ending (a citadel entry comes first).
    fn board_is_checkmate(&self) -> bool {
        self.outcome().map(|o| o.termination) == Some(core::Termination::Checkmate)
    }

    /// A loss in Tamerlane chess, unlike chess.
    fn board_is_stalemate(&self) -> bool {
        self.outcome().map(|o| o.termination) == Some(core::Termination::Stalemate)
    }
}

crate::board_class!(
    /// A Tamerlane position with the moves that led to it (python-chess
    /// style), played under a rule set: a `tamerlane_core::tamerlane::Game`,
    /// so the Rust rules decide legality and the outcome, and a game that
    /// has ended refuses further moves.
    ///
    /// Every method borrows the board only briefly while holding the GIL;
    /// `perft`, `to_planes` and `legal_action_mask` copy what they need
    /// and let the board go before releasing the GIL or calling numpy: a
    /// `Board` shared between threads is safe (each call is atomic), never
    /// half-updated.
    Position,
    "tamerlane",
    {
    /// A board played under `rules` (a rule-set string such as
    /// `"seed-001"` or `"repetition=2,move-limit=100"`; raises
    /// `InvalidRulesError`), at the position of a TFEN string (raises
    /// `InvalidTfenError`) or, without one, at the rules' start position.
    /// `Board(None)` raises `TypeError`: python-chess's empty board is not
    /// a valid Tamerlane position.
    #[new]
    #[pyo3(
        signature = (tfen = FenArg::default(), *, rules = RulesArg::default()),
        text_signature = "(tfen=..., *, rules='')"
    )]
    fn new(tfen: FenArg<Position>, rules: RulesArg) -> PyResult<Board> {
        Ok(Board { game: tfen.game(rules.0)? })
    }

    /// The Tamerlane name of `fen()`: the position as a TFEN string.
    fn tfen(&self) -> String {
        self.pos().to_tfen()
    }

    /// The Tamerlane name of `set_fen()`. `None` raises `TypeError`, as in
    /// `Board()`.
    fn set_tfen(&mut self, tfen: FenArg<Position>) -> PyResult<()> {
        self.game = tfen.game(self.rule_set())?;
        Ok(())
    }

    /// The king-swap rights as `(white, black)` booleans.
    #[getter]
    fn swap_rights(&self) -> (bool, bool) {
        both_sides(|c| self.pos().swap_right(c))
    }

    /// Whether `color` (a `Color` or a bool) still has its king-swap right.
    fn has_swap_right(&self, color: ColorArg) -> bool {
        self.pos().swap_right(color.into())
    }

    /// The pawn-of-pawns stages (0, 1 or 2) as `(white, black)`.
    #[getter]
    fn pawn_of_pawns_stages(&self) -> (u8, u8) {
        both_sides(|c| self.pos().pawn_of_pawns_stage(c))
    }

    /// The pawn-of-pawns stage (0, 1 or 2) of `color` (a `Color` or a bool).
    fn pawn_of_pawns_stage(&self, color: ColorArg) -> u8 {
        self.pos().pawn_of_pawns_stage(color.into())
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
        let source = research::PlaneSource::of(&board_core::read(slf)?.game, history);
        research::planes(slf.py(), source, history, dtype, out)
    }

    /// A numpy `bool` array of length `ACTION_SPACE_SIZE`, true at the
    /// index of every legal move (see `move_to_index`).
    fn legal_action_mask<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let pos = board_core::read(slf)?.pos().clone();
        research::mask(slf.py(), &pos)
    }

    /// SVG for Jupyter (via `tamerlane.svg.board`), with the last move marked.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let svg = py.import("tamerlane.svg")?;
        let kwargs = PyDict::new(py);
        let last = board_core::move_stack(&board_core::read(slf)?.game).pop();
        if let Some(m) = last {
            kwargs.set_item("lastmove", m)?;
        }
        svg.getattr("board")?
            .call((slf,), Some(&kwargs))?
            .extract::<String>()
    }
    }
);

impl Board {
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
}

/// A TFEN argument as text: a string, or (duck-typed) another board or
/// any object with a `fen()` method returning a string. `None` is a
/// `TypeError`: an empty board, python-chess's `Board(None)`, is not a
/// valid Tamerlane position (each side needs a royal).
fn tfen_text(ob: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = ob.downcast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if ob.is_none() {
        return Err(PyTypeError::new_err(
            "tfen must be a TFEN string, not None: an empty board (python-chess's Board(None)) \
             is not a valid Tamerlane position, each side needs a royal; Board() starts from \
             the start position, set_piece_map() builds a position piece by piece",
        ));
    }
    // Another board (ours, or any object with a `fen()` method returning
    // a string), as the sibling boards accept python-chess boards.
    duck_text(ob, "fen")?.ok_or_else(|| {
        PyTypeError::new_err(format!("tfen must be a TFEN string, not {}", type_name(ob)))
    })
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
        type_name(mv)
    )))
}

/// `f` of White and of Black, as `(white, black)`.
fn both_sides<T>(f: impl Fn(core::Color) -> T) -> (T, T) {
    (f(core::Color::White), f(core::Color::Black))
}

/// The legal move of `board` with action index `index` (see
/// [`research::action_move`]).
#[pyfunction]
pub fn index_to_move(board: &Bound<'_, Board>, index: &Bound<'_, PyAny>) -> PyResult<Move> {
    let index = research::action_index_arg(index, research::ACTION_SPACE_SIZE)?;
    let b = board_core::read(board)?;
    research::action_move(b.pos(), index)
}
