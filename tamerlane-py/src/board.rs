//! `tamerlane.Board`: a Tamerlane game (a start position with its rules,
//! and the moves played from it), and `LegalMoves`. The board's methods
//! are those of every board (`board_class!`, `board_core.rs`), written once
//! for the three games over [`PyGame`], implemented here for the Tamerlane
//! position; this file adds what is Tamerlane's alone: TFEN, king-swap
//! rights, pawn-of-pawns stages, planes with history, pickling, SVG.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use tamerlane_core as core;
use tamerlane_core::tamerlane::{Game, GameOverError as CoreGameOver, PlayError, Position};
use tamerlane_core::{Bitboard, CoordMove, RuleSet};

use crate::board_core::{self, PyGame};
use crate::edit::edited;
use crate::errors::{game_over_with, move_err, san_err, tfen_err, InvalidMoveError};
use crate::notation;
use crate::research;
use crate::rules::{rules_with_start, start_array_name, RulesArg};
use crate::types::{
    duck_text, int_arg, square_arg, square_list, type_name, ColorArg, Move, Outcome, Piece, Role,
};

pub use crate::board_core::MAX_PERFT_DEPTH;

impl PyGame for Position {
    type PyMove = Move;
    type PyOutcome = Outcome;
    type PyPiece = Piece;
    type Square = core::Square;
    type Piece = core::Piece;
    type MoveKey = CoordMove;

    fn move_key(obj: &Bound<'_, PyAny>) -> PyResult<CoordMove> {
        coord_arg(obj)
    }

    fn find(&self, key: CoordMove) -> Result<core::Move, core::IllegalMoveError> {
        self.find_move(key)
    }

    fn wrap(&self, m: &core::Move) -> Move {
        Move::full(*m, self.turn())
    }

    fn squares_of(m: &core::Move) -> (usize, usize) {
        (m.from.index(), m.to.index())
    }

    fn is_capture(m: &core::Move) -> bool {
        m.is_capture()
    }

    fn gives_check(&self, m: &core::Move) -> bool {
        Position::gives_check(self, m)
    }

    fn lan(&self, m: &core::Move) -> String {
        notation::lan(self, m)
    }

    fn wrap_outcome(o: core::tamerlane::Outcome) -> Outcome {
        Outcome::from(o)
    }

    fn play_error(py: Python<'_>, e: core::tamerlane::PlayError) -> PyErr {
        play_err(py, e)
    }

    fn fen_error(e: core::TfenError) -> PyErr {
        tfen_err(e)
    }

    fn fen_arg(obj: &Bound<'_, PyAny>) -> PyResult<String> {
        tfen_text(obj)
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

    fn wrap_piece(p: core::Piece) -> Piece {
        Piece::from(p)
    }

    fn square_index(sq: core::Square) -> usize {
        sq.index()
    }

    fn placement(&self) -> Vec<(core::Square, core::Piece)> {
        self.board().pieces().collect()
    }

    fn piece_on(&self, sq: core::Square) -> Option<core::Piece> {
        self.board().piece_at(sq)
    }

    fn is_royal(p: core::Piece) -> bool {
        p.role.is_royal()
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

    /// Nothing attacks a citadel.
    fn attackers_of(&self, sq: core::Square, by: core::Color) -> Vec<usize> {
        square_list(self.attackers(sq, by))
    }

    fn is_attacked_by(&self, sq: core::Square, by: core::Color) -> bool {
        self.is_attacked(sq, by)
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

    fn diagram(&self) -> String {
        self.board().to_string()
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
        signature = (tfen = TfenArg::Start, *, rules = RulesArg::default()),
        text_signature = "(tfen=..., *, rules='')"
    )]
    fn new(tfen: TfenArg, rules: RulesArg) -> PyResult<Board> {
        Ok(Board::at(tfen.position(rules.0)?))
    }

    /// The Tamerlane name of `fen()`: the position as a TFEN string.
    fn tfen(&self) -> String {
        self.pos().to_tfen()
    }

    /// The Tamerlane name of `set_fen()`. `None` raises `TypeError`, as in
    /// `Board()`.
    fn set_tfen(&mut self, tfen: TfenArg) -> PyResult<()> {
        *self = Board::at(tfen.position(self.rule_set())?);
        Ok(())
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
        let last = board_core::move_stack(&read_board(slf)?.game).pop();
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

    /// Plays a coordinate move string through the game (refused once the
    /// game has ended, or if illegal) and returns it with its context.
    fn play_str(&mut self, py: Python<'_>, text: &str) -> PyResult<Move> {
        board_core::push_text(py, &mut self.game, text)
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
        tfen_text(ob).map(TfenArg::Text)
    }
}

/// A TFEN argument as text (see [`TfenArg`]).
fn tfen_text(ob: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = ob.downcast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    // Another board (ours, or any object with a `fen()` method returning
    // a string), as the sibling boards accept python-chess boards.
    if !ob.is_none() {
        if let Some(text) = duck_text(ob, "fen")? {
            return Ok(text);
        }
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

impl TfenArg {
    /// The position this argument names under `rules`.
    fn position(&self, rules: RuleSet) -> PyResult<Position> {
        match self {
            TfenArg::Start => Ok(Position::start_with_rules(rules)),
            TfenArg::Text(t) => Position::from_tfen_with_rules(t, rules).map_err(tfen_err),
        }
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
    board_core::read(board)
}

/// Borrows a board for writing; a `RuntimeError` (never a panic) if it is
/// in use by another call.
pub fn write_board<'py>(board: &Bound<'py, Board>) -> PyResult<PyRefMut<'py, Board>> {
    board_core::write(board)
}

/// The legal move of `board` with action index `index` (see
/// [`research::action_move`]).
#[pyfunction]
pub fn index_to_move(board: &Bound<'_, Board>, index: &Bound<'_, PyAny>) -> PyResult<Move> {
    let index = int_arg(index, "action index")?;
    let b = read_board(board)?;
    research::action_move(b.pos(), index)
}

/// A game-over refusal as `GameOverError`, with the attributes `ply` (the
/// moves played before the game ended) and `outcome`.
fn game_over_err(py: Python<'_>, e: CoreGameOver) -> PyErr {
    game_over_with(py, e.to_string(), e.ply, Outcome::from(e.outcome))
}

/// A move refused by a game: `GameOverError`, or the move or SAN error.
fn play_err(py: Python<'_>, e: PlayError) -> PyErr {
    match e {
        PlayError::GameOver(e) => game_over_err(py, e),
        PlayError::Move(e) => move_err(e),
        PlayError::San(e) => san_err(e),
    }
}
