//! `tamerlane.chess` and `tamerlane.makruk`: the Python `Board`, `Move`,
//! `LegalMoves`, `Outcome` and `SearchResult` of the sibling games, and
//! their module functions, defined once by the `sibling_board!` macro and
//! instantiated for each game (the modules [`chess`] and [`makruk`]).
//!
//! What the two games spell alike in `tamerlane_core` is written once in
//! the macro; what differs comes from [`SiblingGame`]. The API is that of
//! `tamerlane.Board` (python-chess's names) where it applies: see
//! docs/PYTHON.md, "Chess and Makruk".

use std::str::FromStr;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::boolean_struct::False;
use pyo3::types::{PyBytes, PyString};
use pyo3::PyClass;
use tamerlane_core::board8::Square;
use tamerlane_core::{Color as CoreColor, RuleSetError};

use crate::errors::{rules_err, InvalidRulesError};
use crate::sibling_errors::InvalidFenError;
use crate::sibling_game::{ExtraPlane, SiblingGame};
use crate::types::{index_arg, type_name};

/// The twelve piece planes: the mover's six roles, then the opponent's.
pub const PIECE_PLANES: usize = 12;

/// Borrows a pyclass value for reading; a `RuntimeError` (never a panic)
/// while another call modifies it.
pub fn read<'py, T: PyClass>(obj: &Bound<'py, T>) -> PyResult<PyRef<'py, T>> {
    obj.try_borrow()
        .map_err(|_| PyRuntimeError::new_err("the board is being modified by another call"))
}

/// Borrows a pyclass value for writing; a `RuntimeError` (never a panic)
/// while another call uses it.
pub fn write<'py, T: PyClass<Frozen = False>>(obj: &Bound<'py, T>) -> PyResult<PyRefMut<'py, T>> {
    obj.try_borrow_mut()
        .map_err(|_| PyRuntimeError::new_err("the board is in use by another call"))
}

/// A `rules=` argument: a rule-set string of the game; a non-string
/// (`None` included) is a `TypeError`, a bad string an `InvalidRulesError`
/// naming the item.
pub fn rules_arg<R>(obj: &Bound<'_, PyAny>, game: &str) -> PyResult<R>
where
    R: FromStr<Err = RuleSetError>,
{
    let Ok(text) = obj.downcast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "rules must be a {game} rule-set string, not {}",
            type_name(obj)
        )));
    };
    match text.to_cow() {
        Ok(t) => t.parse().map_err(rules_err),
        Err(_) => Err(InvalidRulesError::new_err(
            "rule set: not valid Unicode text (a lone surrogate)",
        )),
    }
}

/// A FEN argument as text: `InvalidFenError` for a string that is not
/// valid Unicode, `TypeError` for a non-string (`None` included: the empty
/// board of python-chess's `Board(None)` is no valid position).
pub fn fen_text(obj: &Bound<'_, PyAny>, game: &str) -> PyResult<String> {
    match obj.downcast::<PyString>() {
        Ok(s) => s.to_cow().map(|t| t.into_owned()).map_err(|_| {
            InvalidFenError::new_err("FEN: not valid Unicode text (a lone surrogate)")
        }),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a {game} FEN must be a string, not {} (Board() starts from the initial position; \
             python-chess's empty board is not a valid position)",
            type_name(obj)
        ))),
    }
}

/// A square of the 8x8 board: an int 0..63 (`a1` = 0, `h8` = 63) or a
/// name `"a1"`..`"h8"`.
pub fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    let out_of_range = |n: &dyn std::fmt::Display| {
        PyValueError::new_err(format!("square {n} out of range (expected 0 to 63)"))
    };
    if let Some(i) = index_arg(obj, "square")? {
        let n: i64 = i.extract().map_err(|_| out_of_range(&i))?;
        return u32::try_from(n)
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| out_of_range(&n));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        let s = s.to_cow()?;
        return s.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "invalid square name {:?} (expected a1 to h8)",
                tamerlane_core::excerpt(&s, tamerlane_core::EXCERPT_CHARS)
            ))
        });
    }
    Err(PyTypeError::new_err(format!(
        "a square must be an int 0 to 63 or a name like 'e4', not {}",
        type_name(obj)
    )))
}

/// The piece planes and the game's extra planes of a position, as
/// `float32` values in `(plane, rank, file)` order, seen by the side to
/// move (its rank 1 is row 0). `pieces` gives each piece's square, colour
/// and role index (0..6).
pub fn plane_values<G: SiblingGame>(
    game: &G,
    turn: CoreColor,
    pieces: impl Iterator<Item = (Square, CoreColor, usize)>,
    repetitions: usize,
) -> Vec<f32> {
    let extras = game.extra_planes(repetitions);
    let mut data = vec![0f32; (PIECE_PLANES + extras.len()) * 64];
    for (sq, color, role) in pieces {
        let plane = if color == turn { role } else { 6 + role };
        data[plane * 64 + G::relative(sq, turn).index()] = 1.0;
    }
    for (i, extra) in extras.into_iter().enumerate() {
        let plane = &mut data[(PIECE_PLANES + i) * 64..][..64];
        match extra {
            ExtraPlane::Fill(v) => plane.fill(v),
            ExtraPlane::Square(Some(sq)) => plane[sq.index()] = 1.0,
            ExtraPlane::Square(None) => {}
        }
    }
    data
}

/// A numpy array of `dtype` and `shape` holding `bytes` (native endian), writable.
pub fn to_numpy<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy").map_err(|e| {
        pyo3::exceptions::PyImportError::new_err(format!(
            "to_planes() and legal_action_mask() need numpy (pip install numpy): {e}"
        ))
    })?;
    let flat = numpy.call_method1("frombuffer", (PyBytes::new(py, bytes), dtype))?;
    flat.call_method0("copy")?
        .call_method1("reshape", (shape.to_vec(),))
}

/// Defines, in a module `$module`, the Python classes and functions of a
/// sibling game `$game` (a `SiblingGame` whose core types live in
/// `$core`), for the Python module `$pymodule`.
macro_rules! sibling_board {
    ($module:ident, $game:ty, $core:ident, $pymodule:literal, $start_fen:expr) => {
        /// The Python classes and functions of one sibling game.
        pub mod $module {
            use std::collections::hash_map::DefaultHasher;
            use std::hash::{Hash, Hasher};
            use std::sync::atomic::{AtomicBool, Ordering};

            use pyo3::exceptions::{
                PyIndexError, PyKeyboardInterrupt, PyTypeError, PyValueError,
            };
            use pyo3::prelude::*;
            use pyo3::types::{PyDict, PyList, PyString, PyTuple};
            use tamerlane_ai as ai;
            use tamerlane_core::$core as game_core;
            use tamerlane_core::Color as CoreColor;

            use crate::board::MAX_PERFT_DEPTH;
            use crate::errors::{
                AmbiguousMoveError, GameOverError, IllegalMoveError, InvalidMoveError,
            };
            use crate::interrupt::run_interruptible;
            use crate::search_limits::{check_range, LimitArgs};
            use crate::sibling_board::{
                fen_text, plane_values, read, rules_arg, square_arg, to_numpy, write,
                PIECE_PLANES,
            };
            use crate::sibling_errors::InvalidFenError;
            use crate::sibling_game::SiblingGame;
            use crate::types::{int_arg, opt_int_arg, type_name, Color, ColorArg};

            type Game = $game;
            type Uci = <Game as SiblingGame>::Uci;
            type Rules = <Game as SiblingGame>::Rules;

            /// The game's name in messages.
            const NAME: &str = <Game as SiblingGame>::NAME;
            /// Stack of the worker thread of perft and search.
            const WORKER_STACK: usize = 64 << 20;
            /// Largest transposition table of `search`, in MiB.
            const MAX_HASH_MB: i64 = 4096;

            /// A move refused by the game (or its text) as the Python
            /// exception of its kind.
            fn play_error(py: Python<'_>, e: impl Into<game_core::PlayError>) -> PyErr {
                use game_core::{MoveError as M, PlayError as P, SanError as S};
                let e = e.into();
                let text = e.to_string();
                match e {
                    P::GameOver(over) => game_over_error(py, over.ply, over.outcome),
                    P::Move(M::Invalid(_)) | P::San(S::Syntax { .. }) => {
                        InvalidMoveError::new_err(text)
                    }
                    P::San(S::Ambiguous { .. }) => AmbiguousMoveError::new_err(text),
                    P::Move(M::Illegal(_)) | P::San(S::Illegal { .. }) => {
                        IllegalMoveError::new_err(text)
                    }
                }
            }

            /// `GameOverError` with the attributes `ply` and `outcome`.
            fn game_over_error(py: Python<'_>, ply: usize, outcome: game_core::Outcome) -> PyErr {
                let err = GameOverError::new_err(format!(
                    "the game ended at ply {ply} ({outcome}): no further move is accepted"
                ));
                let value = err.value(py);
                let attrs = value
                    .setattr("ply", ply)
                    .and_then(|()| value.setattr("outcome", Outcome::from(outcome)));
                match attrs {
                    Ok(()) => err,
                    Err(other) => other,
                }
            }

            /// A UCI string as a move, `InvalidMoveError` if it is not one.
            fn parse_uci_text(text: &str) -> PyResult<Uci> {
                text.parse::<Uci>()
                    .map_err(|e| InvalidMoveError::new_err(e.to_string()))
            }

            /// A move argument: a `Move` or a UCI string.
            fn move_arg(obj: &Bound<'_, PyAny>) -> PyResult<Uci> {
                if let Ok(m) = obj.downcast::<Move>() {
                    return Ok(m.get().uci);
                }
                match obj.downcast::<PyString>() {
                    Ok(s) => parse_uci_text(&s.to_cow()?),
                    Err(_) => Err(PyTypeError::new_err(format!(
                        "expected a {} Move or a UCI string like 'e2e4', not {}",
                        $pymodule,
                        type_name(obj)
                    ))),
                }
            }

            /// A move of the game, as python-chess has them: the squares
            /// and the promotion piece, without context. Compares and
            /// hashes by its UCI string.
            #[pyclass(module = $pymodule, name = "Move", frozen, eq, hash)]
            #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
            pub struct Move {
                /// The move as UCI writes it.
                pub uci: Uci,
            }

            #[pymethods]
            impl Move {
                /// The move of a UCI string (raises `InvalidMoveError`).
                #[staticmethod]
                fn from_uci(uci: &Bound<'_, PyAny>) -> PyResult<Move> {
                    match uci.downcast::<PyString>() {
                        Ok(s) => Ok(Move {
                            uci: parse_uci_text(&s.to_cow()?)?,
                        }),
                        Err(_) => Err(PyTypeError::new_err(format!(
                            "a UCI move must be a string, not {}",
                            type_name(uci)
                        ))),
                    }
                }

                /// The origin square, 0 (`a1`) .. 63 (`h8`).
                #[getter(from_square)]
                fn origin(&self) -> usize {
                    <Game as SiblingGame>::squares(&self.uci).0.index()
                }

                /// The target square, 0 (`a1`) .. 63 (`h8`).
                #[getter(to_square)]
                fn target(&self) -> usize {
                    <Game as SiblingGame>::squares(&self.uci).1.index()
                }

                /// The promotion piece letter (lower case), or `None`.
                #[getter]
                fn promotion(&self) -> Option<String> {
                    <Game as SiblingGame>::promotion_letter(&self.uci).map(String::from)
                }

                /// The UCI string.
                fn uci(&self) -> String {
                    self.uci.to_string()
                }

                fn __str__(&self) -> String {
                    self.uci.to_string()
                }

                fn __repr__(&self) -> String {
                    format!("Move.from_uci('{}')", self.uci)
                }

                fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
                    let py = slf.py();
                    let args = PyTuple::new(py, [slf.get().uci.to_string()])?;
                    PyTuple::new(
                        py,
                        [slf.get_type().getattr("from_uci")?, args.into_any()],
                    )
                }
            }

            /// How a game ended: the winner (`None` for a draw) and the
            /// termination's name.
            #[pyclass(module = $pymodule, name = "Outcome", frozen, eq, hash)]
            #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
            pub struct Outcome {
                outcome: game_core::Outcome,
            }

            impl From<game_core::Outcome> for Outcome {
                fn from(outcome: game_core::Outcome) -> Outcome {
                    Outcome { outcome }
                }
            }

            #[pymethods]
            impl Outcome {
                /// An outcome: `winner` a `Color`, a bool (`True` for
                /// White) or `None` for a draw, and a termination name
                /// from `TERMINATIONS` (`ValueError` otherwise).
                #[new]
                fn new(
                    winner: Option<ColorArg>,
                    termination: &Bound<'_, PyAny>,
                ) -> PyResult<Outcome> {
                    let winner = winner.map(CoreColor::from);
                    let name: String = termination.extract().map_err(|_| {
                        PyTypeError::new_err(format!(
                            "termination must be a string, not {}",
                            type_name(termination)
                        ))
                    })?;
                    let termination = <Game as SiblingGame>::TERMINATIONS
                        .iter()
                        .copied()
                        .find(|t| t.name() == name)
                        .ok_or_else(|| {
                            PyValueError::new_err(format!(
                                "unknown {NAME} termination {:?} (expected one of {})",
                                tamerlane_core::excerpt(&name, tamerlane_core::EXCERPT_CHARS),
                                termination_names().join(", ")
                            ))
                        })?;
                    Ok(Outcome {
                        outcome: game_core::Outcome {
                            winner,
                            termination,
                        },
                    })
                }

                /// The winning side, `None` for a draw.
                #[getter]
                fn winner(&self) -> Option<Color> {
                    self.outcome.winner.map(Color::from)
                }

                /// Why the game ended: one of `TERMINATIONS`.
                #[getter]
                fn termination(&self) -> &'static str {
                    self.outcome.termination.name()
                }

                /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
                fn result(&self) -> &'static str {
                    match self.outcome.winner {
                        Some(CoreColor::White) => "1-0",
                        Some(CoreColor::Black) => "0-1",
                        None => "1/2-1/2",
                    }
                }

                fn __str__(&self) -> String {
                    self.outcome.to_string()
                }

                fn __repr__(&self) -> String {
                    let winner = match self.outcome.winner {
                        Some(CoreColor::White) => "Color.WHITE",
                        Some(CoreColor::Black) => "Color.BLACK",
                        None => "None",
                    };
                    format!("Outcome({winner}, '{}')", self.outcome.termination.name())
                }

                fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
                    let py = slf.py();
                    let o = slf.get();
                    let winner = o.winner().into_pyobject(py)?.into_any();
                    let args = PyTuple::new(
                        py,
                        [winner, PyString::new(py, o.termination()).into_any()],
                    )?;
                    PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
                }
            }

            /// The names of the terminations, in the order the game checks them.
            fn termination_names() -> Vec<&'static str> {
                <Game as SiblingGame>::TERMINATIONS
                    .iter()
                    .map(|t| t.name())
                    .collect()
            }

            /// The legal moves of a position (a snapshot taken when
            /// `Board.legal_moves` was read): `len()`, iteration and `in`.
            #[pyclass(module = $pymodule, name = "LegalMoves", frozen)]
            pub struct LegalMoves {
                moves: Vec<Uci>,
            }

            #[pymethods]
            impl LegalMoves {
                fn __len__(&self) -> usize {
                    self.moves.len()
                }

                fn __bool__(&self) -> bool {
                    !self.moves.is_empty()
                }

                /// The number of legal moves.
                fn count(&self) -> usize {
                    self.moves.len()
                }

                fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    let list = PyList::new(py, self.moves.iter().map(|&uci| Move { uci }))?;
                    Ok(list.try_iter()?.into_any())
                }

                /// Whether a `Move` or UCI string is among the moves (never
                /// raises: anything else is simply not in).
                fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
                    move_arg(item).is_ok_and(|uci| self.moves.contains(&uci))
                }

                fn __repr__(&self) -> String {
                    let mut v: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
                    v.sort();
                    format!(
                        "<LegalMoves ({}): {}>",
                        v.len(),
                        tamerlane_core::excerpt(&v.join(", "), 200)
                    )
                }
            }

            /// What `search` returns.
            #[pyclass(module = $pymodule, name = "SearchResult", frozen, get_all)]
            pub struct SearchResult {
                /// The best move (`None` if the game has ended).
                pub r#move: Option<Move>,
                /// The score in centipawns for the side to move (`None`
                /// for a mate score).
                pub score_cp: Option<i32>,
                /// Mate in this many moves (negative: the side to move is
                /// mated), or `None`.
                pub mate: Option<i32>,
                /// The principal variation.
                pub pv: Vec<Move>,
                /// The last completed depth.
                pub depth: u32,
                /// Nodes searched.
                pub nodes: u64,
                /// Seconds spent.
                pub time: f64,
            }

            #[pymethods]
            impl SearchResult {
                fn __repr__(&self) -> String {
                    let mv = self.r#move.map_or("None".to_owned(), |m| m.uci.to_string());
                    let score = match (self.score_cp, self.mate) {
                        (_, Some(m)) => format!("mate={m}"),
                        (Some(c), None) => format!("score_cp={c}"),
                        (None, None) => "score=None".to_owned(),
                    };
                    let pv: Vec<String> = self.pv.iter().map(|m| m.uci.to_string()).collect();
                    format!(
                        "SearchResult(move={mv}, {score}, depth={}, nodes={}, pv=[{}])",
                        self.depth,
                        self.nodes,
                        pv.join(" ")
                    )
                }
            }

            /// A `rules=` argument of `Board()` (see `rules_arg`); absent,
            /// the default rules.
            #[derive(Default)]
            pub struct RulesArg(Rules);

            impl<'py> FromPyObject<'py> for RulesArg {
                fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<RulesArg> {
                    rules_arg(ob, NAME).map(RulesArg)
                }
            }

            /// A FEN argument of `Board()`: absent (the start position) or
            /// a string.
            pub enum FenArg {
                /// No FEN given.
                Start,
                /// A FEN string.
                Fen(String),
            }

            impl<'py> FromPyObject<'py> for FenArg {
                fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<FenArg> {
                    fen_text(ob, NAME).map(FenArg::Fen)
                }
            }

            /// A game from a FEN (or the start) under `rules`.
            fn new_game(fen: Option<&str>, rules: Rules) -> PyResult<Game> {
                <Game as SiblingGame>::new_game(fen, rules)
                    .map_err(|e| InvalidFenError::new_err(format!("bad {NAME} FEN: {e}")))
            }

            /// Perft that polls `stop` between subtrees; `None` once stopped.
            fn stoppable_perft(
                pos: &game_core::Position,
                depth: u32,
                stop: &AtomicBool,
            ) -> Option<u64> {
                if depth <= 4 {
                    return Some(game_core::perft(pos, depth));
                }
                pos.legal_moves().iter().try_fold(0u64, |total, m| {
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    Some(total + stoppable_perft(&child, depth - 1, stop)?)
                })
            }

            /// A game of the sibling family with its moves, python-chess
            /// style: the Rust `Game` decides legality and the outcome, and
            /// a game that has ended refuses further moves.
            #[pyclass(module = $pymodule, name = "Board")]
            #[derive(Clone)]
            pub struct Board {
                /// The game: start position, rules, moves played.
                pub game: Game,
            }

            impl Board {
                fn pos(&self) -> &game_core::Position {
                    self.game.position()
                }

                fn rules(&self) -> Rules {
                    self.game.game_rules()
                }

                /// A board whose game starts at `start`, same rules.
                fn restart(&self, start: game_core::Position) -> Board {
                    Board {
                        game: <Game as SiblingGame>::from_position(start, self.rules()),
                    }
                }

                /// The legal move of this position with these squares.
                fn legal(&self, py: Python<'_>, uci: Uci) -> PyResult<game_core::Move> {
                    self.pos().find_move(uci).map_err(|e| play_error(py, e))
                }

                /// `GameOverError` if the game has ended.
                fn check_open(&self, py: Python<'_>) -> PyResult<()> {
                    match self.game.outcome() {
                        Some(o) => Err(game_over_error(py, self.game.moves().len(), o)),
                        None => Ok(()),
                    }
                }

                /// Plays a move (refused once the game has ended, then if
                /// illegal), leaving the board unchanged on an error.
                fn play(&mut self, py: Python<'_>, uci: Uci) -> PyResult<Move> {
                    self.check_open(py)?;
                    let m = self.legal(py, uci)?;
                    self.game.play(&m).map_err(|e| play_error(py, e))?;
                    Ok(Move { uci: m.uci() })
                }

                fn last_move(&self) -> Option<Move> {
                    self.game.moves().last().map(|m| Move { uci: m.uci() })
                }
            }

            #[pymethods]
            impl Board {
                /// A board at a FEN (raises `InvalidFenError`) or, without
                /// one, at the start position, played under `rules` (a
                /// rule-set string; raises `InvalidRulesError`).
                /// `Board(None)` raises `TypeError`: python-chess's empty
                /// board is not a valid position.
                #[new]
                #[pyo3(
                    signature = (fen = FenArg::Start, *, rules = RulesArg::default()),
                    text_signature = "(fen=STARTING_FEN, *, rules='')"
                )]
                fn new(fen: FenArg, rules: RulesArg) -> PyResult<Board> {
                    let rules = rules.0;
                    let fen = match &fen {
                        FenArg::Start => None,
                        FenArg::Fen(f) => Some(f.as_str()),
                    };
                    Ok(Board {
                        game: new_game(fen, rules)?,
                    })
                }

                /// The rule options, in canonical form (`""` for the defaults).
                #[getter(rules)]
                fn rules_text(&self) -> String {
                    self.rules().to_string()
                }

                /// The current position as a FEN.
                fn fen(&self) -> String {
                    self.pos().to_fen()
                }

                /// Replaces the position by a FEN one (under the board's
                /// rules) and clears the move stack.
                fn set_fen(&mut self, fen: &Bound<'_, PyAny>) -> PyResult<()> {
                    let fen = fen_text(fen, NAME)?;
                    self.game = new_game(Some(&fen), self.rules())?;
                    Ok(())
                }

                /// Back to the start position, with an empty move stack.
                fn reset(&mut self) -> PyResult<()> {
                    self.game = new_game(None, self.rules())?;
                    Ok(())
                }

                /// The side to move.
                #[getter]
                fn turn(&self) -> Color {
                    self.pos().turn().into()
                }

                /// `2 * (fullmove_number - 1)`, plus 1 if Black is to move.
                fn ply(&self) -> u64 {
                    let black = u64::from(self.pos().turn() == CoreColor::Black);
                    2 * (u64::from(self.pos().fullmoves()) - 1) + black
                }

                /// The halfmove clock of the FEN.
                #[getter]
                fn halfmove_clock(&self) -> u32 {
                    self.pos().halfmoves()
                }

                /// The move number: starts at 1, goes up after each Black move.
                #[getter]
                fn fullmove_number(&self) -> u32 {
                    self.pos().fullmoves()
                }

                /// The legal moves: sized, iterable, supporting `in`.
                #[getter]
                fn legal_moves(&self) -> LegalMoves {
                    LegalMoves {
                        moves: self.pos().legal_moves().iter().map(|m| m.uci()).collect(),
                    }
                }

                /// Whether `move` (a `Move` or UCI string) is legal here;
                /// `False` for a string that is not a move.
                fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
                    match move_arg(r#move) {
                        Ok(uci) => Ok(self.pos().find_move(uci).is_ok()),
                        Err(e) if e.is_instance_of::<PyTypeError>(r#move.py()) => Err(e),
                        Err(_) => Ok(false),
                    }
                }

                /// Plays `move` (a `Move` or UCI string). Raises
                /// `GameOverError` once the game has ended, else
                /// `IllegalMoveError` (`InvalidMoveError` for a bad
                /// string); the board is then unchanged.
                fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
                    // A finished game refuses any string, as `push_uci` does.
                    if r#move.downcast::<PyString>().is_ok() {
                        self.check_open(py)?;
                    }
                    let uci = move_arg(r#move)?;
                    self.play(py, uci).map(drop)
                }

                /// Plays a UCI string and returns the move.
                fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Move> {
                    self.check_open(py)?;
                    let uci = parse_uci_text(uci)?;
                    self.play(py, uci)
                }

                /// Plays a SAN string (or UCI) and returns the move.
                fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Move> {
                    let m = self.game.play_san(san).map_err(|e| play_error(py, e))?;
                    Ok(Move { uci: m.uci() })
                }

                /// The legal move a UCI string names.
                fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Move> {
                    let m = self.legal(py, parse_uci_text(uci)?)?;
                    Ok(Move { uci: m.uci() })
                }

                /// The legal move a SAN string (or UCI) names.
                fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Move> {
                    let m = self.pos().parse_san(san).map_err(|e| play_error(py, e))?;
                    Ok(Move { uci: m.uci() })
                }

                /// The SAN of a legal move (`IllegalMoveError` otherwise).
                fn san(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
                    let m = self.legal(py, move_arg(r#move)?)?;
                    Ok(self.pos().san(&m))
                }

                /// Takes back the last move and returns it (`IndexError`
                /// if none); a game that had ended is open again.
                fn pop(&mut self) -> PyResult<Move> {
                    match self.game.undo() {
                        Some(m) => Ok(Move { uci: m.uci() }),
                        None => Err(PyIndexError::new_err("pop from an empty move stack")),
                    }
                }

                /// The last move played (`IndexError` if none).
                fn peek(&self) -> PyResult<Move> {
                    self.last_move()
                        .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
                }

                /// The moves played, oldest first.
                #[getter]
                fn move_stack(&self) -> Vec<Move> {
                    self.game.moves().iter().map(|m| Move { uci: m.uci() }).collect()
                }

                /// The piece on `square` (an int 0..63 or a name such as
                /// `"e1"`) as its FEN letter (upper case for White), or `None`.
                fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
                    let sq = square_arg(square)?;
                    Ok(self.pos().board().piece_at(sq).map(|p| p.char().to_string()))
                }

                /// Whether the side to move is in check.
                fn is_check(&self) -> bool {
                    self.pos().is_check()
                }

                /// Whether the side to move is in check and has no legal move.
                fn is_checkmate(&self) -> bool {
                    self.pos().is_check() && !self.pos().has_legal_moves()
                }

                /// Whether the side to move is not in check and has no legal move.
                fn is_stalemate(&self) -> bool {
                    !self.pos().is_check() && !self.pos().has_legal_moves()
                }

                /// How many times the current position has occurred in this game.
                fn repetition_count(&self) -> usize {
                    self.game.repetition_count()
                }

                /// The outcome if the game has ended (as the Rust `Game`
                /// decides it, under the board's rules), else `None`.
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

                /// The number of legal move sequences of `depth` plies
                /// (0..=30), in Rust with the GIL released; Ctrl-C stops it.
                fn perft(slf: &Bound<'_, Self>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
                    let depth = int_arg(depth, "perft depth")?;
                    let depth = u32::try_from(depth)
                        .ok()
                        .filter(|d| *d <= MAX_PERFT_DEPTH)
                        .ok_or_else(|| {
                            PyValueError::new_err(format!(
                                "perft depth {depth} out of range (expected 0 to {MAX_PERFT_DEPTH})"
                            ))
                        })?;
                    let pos = read(slf)?.pos().clone();
                    let stop = AtomicBool::new(false);
                    let on_signal = || stop.store(true, Ordering::SeqCst);
                    let (n, signal) = run_interruptible(slf.py(), &on_signal, WORKER_STACK, || {
                        stoppable_perft(&pos, depth, &stop)
                    })?;
                    if let Some(e) = signal {
                        return Err(e);
                    }
                    n.ok_or_else(|| PyKeyboardInterrupt::new_err("perft interrupted"))
                }

                /// A copy (same rules); with `stack=False` without the moves.
                #[pyo3(signature = (stack = true))]
                fn copy(&self, stack: bool) -> Board {
                    if stack {
                        self.clone()
                    } else {
                        self.restart(self.pos().clone())
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
                    self.restart(self.game.start().clone())
                }

                /// The position as numpy `float32` planes of shape
                /// `(PLANES, 8, 8)`, seen by the side to move (see
                /// docs/PYTHON.md).
                fn to_planes<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                    let data = {
                        let b = read(slf)?;
                        let pos = b.pos();
                        let pieces = pos
                            .board()
                            .pieces()
                            .map(|(sq, p)| (sq, p.color, p.role.index()));
                        plane_values(&b.game, pos.turn(), pieces, b.game.repetition_count())
                    };
                    let bytes: Vec<u8> = data.iter().flat_map(|v| v.to_ne_bytes()).collect();
                    to_numpy(slf.py(), &bytes, "float32", &[data.len() / 64, 8, 8])
                }

                /// A numpy `bool` array of length `ACTION_SPACE_SIZE`, true
                /// at the index of each legal move (see `move_to_index`).
                fn legal_action_mask<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                    let mut mask = vec![0u8; <Game as SiblingGame>::ACTION_SPACE_SIZE];
                    {
                        let b = read(slf)?;
                        let turn = b.pos().turn();
                        for m in b.pos().legal_moves().iter() {
                            mask[<Game as SiblingGame>::action_index(&m.uci(), turn)] = 1;
                        }
                    }
                    to_numpy(slf.py(), &mask, "bool", &[mask.len()])
                }

                /// Same position (placement, side to move, the game's
                /// rights and clocks) under the same rules; move stacks are
                /// not compared.
                fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyObject {
                    let py = other.py();
                    let Ok(o) = other.downcast::<Board>() else {
                        return py.NotImplemented();
                    };
                    let same = o
                        .try_borrow()
                        .is_ok_and(|o| o.pos() == self.pos() && o.rules() == self.rules());
                    match same.into_pyobject(py) {
                        Ok(b) => b.to_owned().into_any().unbind(),
                        Err(_) => py.NotImplemented(),
                    }
                }

                /// A hash of the FEN and the rules (consistent with `==`).
                fn __hash__(&self) -> u64 {
                    let mut h = DefaultHasher::new();
                    self.pos().to_fen().hash(&mut h);
                    self.rules().to_string().hash(&mut h);
                    h.finish()
                }

                /// Eight lines of FEN letters and `.`, rank 8 first.
                fn __str__(&self) -> String {
                    self.pos().board().to_string()
                }

                fn __repr__(&self) -> String {
                    let rules = self.rules().to_string();
                    if rules.is_empty() {
                        format!("Board('{}')", self.pos().to_fen())
                    } else {
                        format!("Board('{}', rules='{rules}')", self.pos().to_fen())
                    }
                }

                /// The pickled state: the start FEN (`"fen"`), the rules
                /// (`"rules"`) and the moves played as UCI strings (`"moves"`).
                fn __getstate__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
                    let py = slf.py();
                    let (fen, rules, moves) = {
                        let b = read(slf)?;
                        let moves: Vec<String> =
                            b.game.moves().iter().map(|m| m.to_string()).collect();
                        (b.game.start().to_fen(), b.rules().to_string(), moves)
                    };
                    let d = PyDict::new(py);
                    d.set_item("fen", fen)?;
                    d.set_item("rules", rules)?;
                    d.set_item("moves", PyList::new(py, moves)?)?;
                    Ok(d)
                }

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

                /// Restores a pickled state (see `__getstate__`): the start
                /// position under its rules, then the moves replayed.
                fn __setstate__(slf: &Bound<'_, Self>, state: &Bound<'_, PyAny>) -> PyResult<()> {
                    let py = slf.py();
                    let d = state.downcast::<PyDict>().map_err(|_| {
                        PyTypeError::new_err(format!(
                            "pickled {NAME} Board state: expected a dict, not {}",
                            type_name(state)
                        ))
                    })?;
                    let field = |key: &str| -> PyResult<Bound<'_, PyAny>> {
                        d.get_item(key)?.ok_or_else(|| {
                            PyValueError::new_err(format!(
                                "pickled {NAME} Board state: no {key:?} entry"
                            ))
                        })
                    };
                    let fen = fen_text(&field("fen")?, NAME)?;
                    let rules: Rules = rules_arg(&field("rules")?, NAME)?;
                    let moves: Vec<String> = field("moves")?.extract()?;
                    let mut b = Board {
                        game: new_game(Some(&fen), rules)?,
                    };
                    for text in &moves {
                        b.push_uci(py, text)?;
                    }
                    *write(slf)? = b;
                    Ok(())
                }
            }

            /// The action index of `move` (a `Move` or UCI string) made by
            /// `turn` (a `Color` or a bool): see docs/PYTHON.md.
            #[pyfunction]
            pub fn move_to_index(r#move: &Bound<'_, PyAny>, turn: ColorArg) -> PyResult<usize> {
                let uci = move_arg(r#move)?;
                Ok(<Game as SiblingGame>::action_index(&uci, turn.into()))
            }

            /// The legal move of `board` with action index `index`:
            /// `ValueError` outside the action space, `IllegalMoveError`
            /// if no legal move has it.
            #[pyfunction]
            pub fn index_to_move(
                board: &Bound<'_, Board>,
                index: &Bound<'_, PyAny>,
            ) -> PyResult<Move> {
                let size = <Game as SiblingGame>::ACTION_SPACE_SIZE;
                let i = int_arg(index, "action index")?;
                let i = usize::try_from(i).ok().filter(|i| *i < size).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "action index {i} out of range (expected 0 to {})",
                        size - 1
                    ))
                })?;
                let b = read(board)?;
                let turn = b.pos().turn();
                b.pos()
                    .legal_moves()
                    .iter()
                    .map(|m| m.uci())
                    .find(|uci| <Game as SiblingGame>::action_index(uci, turn) == i)
                    .map(|uci| Move { uci })
                    .ok_or_else(|| {
                        IllegalMoveError::new_err(format!(
                            "action index {i}: no legal move of this position has it"
                        ))
                    })
            }

            /// Searches `board`'s position (its move stack counts for
            /// repetitions) with a new engine of `hash_mb` MiB, until
            /// `depth` plies, `movetime` seconds or `nodes` nodes, whichever
            /// comes first (at least one is required). The GIL is released;
            /// Ctrl-C stops the search and raises `KeyboardInterrupt`. A
            /// game that has ended is not searched: the result has no move.
            #[pyfunction]
            #[pyo3(signature = (board, *, depth = None, movetime = None, nodes = None, hash_mb = None))]
            pub fn search(
                py: Python<'_>,
                board: &Bound<'_, Board>,
                depth: Option<&Bound<'_, PyAny>>,
                movetime: Option<&Bound<'_, PyAny>>,
                nodes: Option<&Bound<'_, PyAny>>,
                hash_mb: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<SearchResult> {
                let game = read(board)?.game.clone();
                let limits = LimitArgs {
                    depth,
                    movetime,
                    nodes,
                    ..LimitArgs::default()
                }
                .limits(game.position().turn())?;
                if limits.infinite {
                    return Err(PyValueError::new_err(
                        "search needs a limit: depth=, movetime= or nodes=",
                    ));
                }
                let hash = opt_int_arg(hash_mb, "hash_mb")?
                    .map_or(Ok(16), |n| check_range("hash_mb", n, 1, MAX_HASH_MB))?
                    as usize;
                let mut engine = ai::Engine::builder().hash_mib(hash).build();
                let stop = engine.stop_flag();
                let on_signal = || stop.store(true, Ordering::SeqCst);
                let (r, signal) = run_interruptible(py, &on_signal, WORKER_STACK, || {
                    engine.search(&game, &limits, |_| {})
                })?;
                if let Some(e) = signal {
                    return Err(e);
                }
                let wrap = |m: &game_core::Move| Move { uci: m.uci() };
                let (score_cp, mate) = match r.score {
                    ai::Score::Cp(c) => (Some(c), None),
                    ai::Score::Mate(m) => (None, Some(m)),
                };
                Ok(SearchResult {
                    r#move: r.best.as_ref().map(wrap),
                    score_cp,
                    mate,
                    pv: r.pv.iter().map(wrap).collect(),
                    depth: r.depth,
                    nodes: r.nodes,
                    time: r.time.as_secs_f64(),
                })
            }

            /// Adds the module `$module` (classes, functions, constants) to `parent`.
            pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
                let py = parent.py();
                let m = PyModule::new(py, stringify!($module))?;
                m.add_class::<Board>()?;
                m.add_class::<Move>()?;
                m.add_class::<LegalMoves>()?;
                m.add_class::<Outcome>()?;
                m.add_class::<SearchResult>()?;
                m.add_function(wrap_pyfunction!(move_to_index, &m)?)?;
                m.add_function(wrap_pyfunction!(index_to_move, &m)?)?;
                m.add_function(wrap_pyfunction!(search, &m)?)?;
                m.add("STARTING_FEN", $start_fen)?;
                m.add("ACTION_SPACE_SIZE", <Game as SiblingGame>::ACTION_SPACE_SIZE)?;
                let names: Vec<String> = piece_plane_names()
                    .into_iter()
                    .chain(<Game as SiblingGame>::EXTRA_PLANE_NAMES.iter().map(|s| s.to_string()))
                    .collect();
                m.add("PLANES", names.len())?;
                m.add("PLANE_NAMES", names)?;
                m.add("TERMINATIONS", termination_names())?;
                parent.add_submodule(&m)
            }

            /// The names of the twelve piece planes.
            fn piece_plane_names() -> Vec<String> {
                let mut v = Vec::with_capacity(PIECE_PLANES);
                for side in ["own", "opponent"] {
                    for role in game_core::Role::ALL {
                        v.push(format!("{side} {}", role.name()));
                    }
                }
                v
            }
        }
    };
}

sibling_board!(
    chess,
    tamerlane_core::chess::Game,
    chess,
    "tamerlane.chess",
    tamerlane_core::chess::START_FEN
);
sibling_board!(
    makruk,
    tamerlane_core::makruk::Game,
    makruk,
    "tamerlane.makruk",
    tamerlane_core::makruk::START_FEN
);
