//! `tamerlane.chess` and `tamerlane.makruk`: the Python `Move`, `Piece`,
//! `Outcome` and search results (`SearchResult`, `PvLine`, `Info`,
//! `PlayResult`, from [`engine_records!`](crate::engine_records): what
//! `tamerlane.Engine` answers for these boards) of the sibling games, their
//! module functions (`search` being a call of the engine's code,
//! [`search_once`](crate::engine::search_once)), and their `Board`s (made
//! by `board_class!` from the shared implementation of `board_core.rs`,
//! through the [`PyGame`](crate::board_core::PyGame) impl here), defined
//! once by the `sibling_board!` macro and instantiated for each
//! game (the modules [`chess`] and [`makruk`]) with its own extras
//! (castling and en passant for chess, the count for Makruk).
//!
//! What the two games spell alike in `tamerlane_core` is written once in
//! the macro; what differs comes from [`SiblingGame`]. The API is that of
//! `tamerlane.Board` (python-chess's names): see docs/PYTHON.md, "Chess and
//! Makruk".

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use tamerlane_core::board8::Square;
use tamerlane_core::Color as CoreColor;

use crate::errors::InvalidFenError;
use crate::sibling_game::{ExtraPlane, SiblingGame};
use crate::types::{duck_text, index_arg, type_name};

/// The twelve piece planes: the mover's six roles, then the opponent's.
pub const PIECE_PLANES: usize = 12;

pub use crate::board_core::{read, write};

/// A FEN argument as text: `InvalidFenError` for a string that is not
/// valid Unicode, `TypeError` for a non-string (`None` included: the empty
/// board of python-chess's `Board(None)` is no valid position).
pub fn fen_text(obj: &Bound<'_, PyAny>, game: &str) -> PyResult<String> {
    match obj.downcast::<PyString>() {
        Ok(s) => s.to_cow().map(|t| t.into_owned()).map_err(|_| {
            InvalidFenError::new_err("FEN: not valid Unicode text (a lone surrogate)")
        }),
        Err(_) => match duck_text(obj, "fen")? {
            Some(text) if !obj.is_none() => Ok(text),
            _ => Err(PyTypeError::new_err(format!(
                "a {game} FEN must be a string or a board with fen(), not {} (Board() starts \
                 from the initial position; python-chess's empty board is not a valid position)",
                type_name(obj)
            ))),
        },
    }
}

/// Whether `obj` is a python-chess board (an object with `fen()`) of the
/// python-chess variant `variant`: its `uci_variant` (`"chess"` for
/// `chess.Board`, `"atomic"` for `chess.variant.AtomicBoard`, ...).
pub fn is_python_chess_board(obj: &Bound<'_, PyAny>, variant: &str) -> bool {
    let named = obj
        .getattr("uci_variant")
        .and_then(|v| v.extract::<String>())
        .is_ok_and(|v| v == variant);
    named && obj.getattr("fen").is_ok_and(|f| f.is_callable())
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
    pos: &G,
    turn: CoreColor,
    pieces: impl Iterator<Item = (Square, CoreColor, usize)>,
    repetitions: usize,
) -> Vec<f32> {
    let extras = pos.extra_planes(repetitions);
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

/// Defines, in a module `$module`, the Python classes and functions of the
/// sibling game whose core types live in `tamerlane_core::$core`, for the
/// Python module `$pymodule`, its board named `$board` in messages; `$extra`
/// are the game's own `Board` methods.
macro_rules! sibling_board {
    ($module:ident, $core:ident, $pymodule:literal, $board:literal, { $($extra:tt)* }) => {
        /// The Python classes and functions of one sibling game.
        pub mod $module {
            use pyo3::exceptions::{
                PyTypeError, PyValueError,
            };
            use pyo3::prelude::*;
            use pyo3::types::{PyDict, PyString, PyTuple};
            use tamerlane_core::$core as game_core;
            use tamerlane_core::Color as CoreColor;

            use crate::board_core::{new_game, FenArg, PyGame};
            use crate::errors::{
                IllegalMoveError, InvalidFenError, InvalidMoveError, InvalidPositionError,
            };
            use crate::rules::RulesArg;
            use crate::search_limits::LimitArgs;
            use crate::sibling_board::{
                fen_text, is_python_chess_board, plane_values, read, square_arg, to_numpy,
                PIECE_PLANES,
            };
            use crate::sibling_game::SiblingGame;
            use crate::types::{
                duck_text, int_arg, result_of, type_name, winner_repr, Color,
                ColorArg,
            };

            /// The position type, the core `Position` of this game.
            type G = game_core::Position;
            type Game = tamerlane_core::Game<G>;
            type Uci = <G as SiblingGame>::Uci;
            type Rules = game_core::Rules;

            /// The game's name in messages.
            const NAME: &str = <G as SiblingGame>::NAME;

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
                if let Ok(s) = obj.downcast::<PyString>() {
                    return parse_uci_text(&s.to_cow()?);
                }
                // A python-chess `Move` (or anything with `uci()`).
                match duck_text(obj, "uci")? {
                    Some(text) => parse_uci_text(&text),
                    None => Err(PyTypeError::new_err(format!(
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
                    <G as SiblingGame>::squares(&self.uci).0.index()
                }

                /// The target square, 0 (`a1`) .. 63 (`h8`).
                #[getter(to_square)]
                fn target(&self) -> usize {
                    <G as SiblingGame>::squares(&self.uci).1.index()
                }

                /// The promotion piece letter (lower case), or `None`.
                #[getter]
                fn promotion(&self) -> Option<String> {
                    <G as SiblingGame>::promotion_letter(&self.uci).map(String::from)
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

            /// The UCI string.
            impl std::fmt::Display for Move {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    self.uci.fmt(f)
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
                    let termination = <G as SiblingGame>::TERMINATIONS
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
                    result_of(self.outcome.winner)
                }

                fn __str__(&self) -> String {
                    self.outcome.to_string()
                }

                fn __repr__(&self) -> String {
                    format!(
                        "Outcome({}, '{}')",
                        winner_repr(self.outcome.winner),
                        self.outcome.termination.name()
                    )
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
                <G as SiblingGame>::TERMINATIONS
                    .iter()
                    .map(|t| t.name())
                    .collect()
            }

            /// A role argument: its name (`"knight"`) or python-chess's
            /// `piece_type` int (1 = pawn .. 6 = king).
            fn role_arg(obj: &Bound<'_, PyAny>) -> PyResult<game_core::Role> {
                if let Ok(s) = obj.downcast::<PyString>() {
                    let s = s.to_cow()?;
                    return game_core::Role::ALL
                        .into_iter()
                        .find(|r| r.name().eq_ignore_ascii_case(&s))
                        .ok_or_else(|| {
                            PyValueError::new_err(format!(
                                "unknown {NAME} role {:?} (expected one of {})",
                                tamerlane_core::excerpt(&s, tamerlane_core::EXCERPT_CHARS),
                                game_core::Role::ALL.map(|r| r.name()).join(", ")
                            ))
                        });
                }
                let n = int_arg(obj, "role")?;
                usize::try_from(n)
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| game_core::Role::ALL.get(i).copied())
                    .ok_or_else(|| {
                        PyValueError::new_err(format!("piece type {n} out of range (expected 1 to 6)"))
                    })
            }

            /// A piece argument: a `Piece`, or anything with `symbol()`
            /// (a python-chess `Piece`).
            fn piece_arg(obj: &Bound<'_, PyAny>) -> PyResult<game_core::Piece> {
                if let Ok(p) = obj.downcast::<Piece>() {
                    return Ok(p.get().piece);
                }
                match duck_text(obj, "symbol")? {
                    Some(text) => Piece::from_symbol(&text).map(|p| p.piece),
                    None => Err(PyTypeError::new_err(format!(
                        "expected a {} Piece, not {}",
                        $pymodule,
                        type_name(obj)
                    ))),
                }
            }

            /// A piece: a colour and a role. `symbol()` is its FEN letter
            /// (upper case for White); `piece_type` is python-chess's int
            /// (1 = pawn .. 6 = king), `role` the role's name.
            #[pyclass(module = $pymodule, name = "Piece", frozen, eq, hash)]
            #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
            pub struct Piece {
                piece: game_core::Piece,
            }

            impl From<game_core::Piece> for Piece {
                fn from(piece: game_core::Piece) -> Piece {
                    Piece { piece }
                }
            }

            #[pymethods]
            impl Piece {
                /// The piece of `color` (a `Color` or a bool) and `role` (a
                /// name such as `"knight"` or a python-chess piece type).
                #[new]
                fn new(color: ColorArg, role: &Bound<'_, PyAny>) -> PyResult<Piece> {
                    Ok(Piece {
                        piece: game_core::Piece::new(color.into(), role_arg(role)?),
                    })
                }

                /// The piece of a FEN letter (`ValueError` otherwise).
                #[staticmethod]
                fn from_symbol(symbol: &str) -> PyResult<Piece> {
                    let mut chars = symbol.chars();
                    match (chars.next().and_then(game_core::Piece::from_char), chars.next()) {
                        (Some(piece), None) => Ok(Piece { piece }),
                        _ => Err(PyValueError::new_err(format!(
                            "unknown {NAME} piece symbol {:?}",
                            tamerlane_core::excerpt(symbol, tamerlane_core::EXCERPT_CHARS)
                        ))),
                    }
                }

                /// The side of the piece.
                #[getter]
                fn color(&self) -> Color {
                    self.piece.color.into()
                }

                /// The role's name (`"pawn"`, `"knight"`, ...).
                #[getter]
                fn role(&self) -> &'static str {
                    self.piece.role.name()
                }

                /// python-chess's piece type: 1 (pawn) .. 6 (king).
                #[getter]
                fn piece_type(&self) -> usize {
                    self.piece.role.index() + 1
                }

                /// The FEN letter: upper case for White.
                fn symbol(&self) -> String {
                    self.piece.char().to_string()
                }

                fn __str__(&self) -> String {
                    self.symbol()
                }

                fn __repr__(&self) -> String {
                    format!("Piece.from_symbol('{}')", self.piece.char())
                }

                fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
                    let py = slf.py();
                    let args = PyTuple::new(py, [slf.get().symbol()])?;
                    PyTuple::new(
                        py,
                        [slf.get_type().getattr("from_symbol")?, args.into_any()],
                    )
                }
            }

            /// A move of the search as the Python `Move` (these moves
            /// carry no colour).
            fn py_move(m: &game_core::Move, _turn: CoreColor) -> Move {
                Move { uci: m.uci() }
            }

            crate::engine_records!($pymodule, G, Move, py_move);

            impl PyGame for G {
                type PyMove = Move;
                type PyOutcome = Outcome;
                type PyPiece = Piece;
                type Square = tamerlane_core::board8::Square;
                type Piece = game_core::Piece;
                type MoveKey = Uci;

                const BOARD: &'static str = $board;
                const FEN_KEY: &'static str = "fen";

                crate::py_game_common!();

                fn move_key(obj: &Bound<'_, PyAny>) -> PyResult<Uci> {
                    move_arg(obj)
                }

                fn wrap(&self, m: &game_core::Move) -> Move {
                    Move { uci: m.uci() }
                }

                /// SAN with the whole origin square and `-` or `x`
                /// (`Ng1-f3`, `e7xd8=Q+`), castling as in SAN, as
                /// python-chess writes it.
                fn lan(&self, m: &game_core::Move) -> String {
                    let san = tamerlane_core::Position::san(self, m);
                    if san.starts_with('O') {
                        return san;
                    }
                    let body = san.trim_end_matches(['+', '#']);
                    let marks = &san[body.len()..];
                    let target = m.to.to_string();
                    let suffix = body.rfind(&target).map_or("", |i| &body[i + target.len()..]);
                    let letter = match body.chars().next() {
                        Some(c) if c.is_ascii_uppercase() => c.to_string(),
                        _ => String::new(),
                    };
                    let sep = if m.is_capture() { 'x' } else { '-' };
                    format!("{letter}{}{sep}{target}{suffix}{marks}", m.from)
                }

                fn fen_error(e: game_core::FenError) -> PyErr {
                    InvalidFenError::new_err(format!("bad {NAME} FEN: {e}"))
                }

                fn fen_arg(obj: &Bound<'_, PyAny>) -> PyResult<String> {
                    fen_text(obj, NAME)
                }

                fn put_rules(rules: &Rules, state: &Bound<'_, PyDict>) -> PyResult<()> {
                    state.set_item("rules", rules.to_string())
                }

                fn rules_of_state<'py>(
                    field: &dyn Fn(&str) -> PyResult<Bound<'py, PyAny>>,
                ) -> PyResult<Rules> {
                    Ok(field("rules")?.extract::<RulesArg<Rules>>()?.0)
                }

                fn moves_of_old_state(state: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
                    Err(PyTypeError::new_err(format!(
                        "pickled {} state: expected a dict, not {}",
                        Self::BOARD,
                        type_name(state)
                    )))
                }

                fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<Self::Square> {
                    square_arg(obj)
                }

                fn piece_arg(obj: &Bound<'_, PyAny>) -> PyResult<game_core::Piece> {
                    piece_arg(obj)
                }

                fn role_piece(role: &Bound<'_, PyAny>, color: CoreColor) -> PyResult<game_core::Piece> {
                    Ok(game_core::Piece::new(color, role_arg(role)?))
                }

                fn is_royal(p: game_core::Piece) -> bool {
                    p.role == game_core::Role::King
                }

                fn is_king(p: game_core::Piece) -> bool {
                    p.role == game_core::Role::King
                }

                fn with_placement(&self, pieces: &[(Self::Square, game_core::Piece)]) -> PyResult<G> {
                    let mut setup = self.to_setup();
                    for (sq, _) in setup.board.clone().pieces() {
                        setup.board.set(sq, None);
                    }
                    for &(sq, p) in pieces {
                        setup.board.set(sq, Some(p));
                    }
                    <G as SiblingGame>::after_edit(&mut setup);
                    G::from_setup_with_rules(setup, *self.rules())
                        .map_err(|e| InvalidPositionError::new_err(format!("invalid position: {e}")))
                }

                fn checkers_of(&self) -> Vec<usize> {
                    self.checkers().squares().map(|s| s.index()).collect()
                }

                fn royals_of(&self, color: CoreColor) -> Vec<usize> {
                    vec![self.king(color).index()]
                }

                /// Ranks flipped and colours swapped, as python-chess's `mirror()`.
                fn mirrored(&self) -> PyResult<G> {
                    G::from_setup_with_rules(self.to_setup().mirror(), *self.rules())
                        .map_err(|e| InvalidPositionError::new_err(format!("invalid position: {e}")))
                }

                /// This game's `Board`, or a python-chess `Board` of this
                /// game (its `uci_variant`, `"chess"` for a standard
                /// `chess.Board`, being the game's python-chess name).
                fn game_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
                    if let Ok(b) = obj.downcast::<Board>() {
                        return Ok(Some(read(b)?.game.clone()));
                    }
                    match <G as SiblingGame>::PYTHON_CHESS_VARIANT {
                        Some(v) if is_python_chess_board(obj, v) => python_chess_game(obj).map(Some),
                        _ => Ok(None),
                    }
                }

            }

            crate::board_class!(
                /// A game of the sibling family with its moves, python-chess
                /// style: the Rust `Game` decides legality and the outcome, and
                /// a game that has ended refuses further moves.
                G,
                $pymodule,
                {
                /// A board at a FEN (raises `InvalidFenError`) or, without
                /// one, at the start position, played under `rules` (a
                /// rule-set string; raises `InvalidRulesError`).
                /// `Board(None)` raises `TypeError`: python-chess's empty
                /// board is not a valid position.
                #[new]
                #[pyo3(
                    signature = (fen = FenArg::default(), *, rules = RulesArg::default()),
                    text_signature = "(fen=STARTING_FEN, *, rules='')"
                )]
                fn new(fen: FenArg<G>, rules: RulesArg<Rules>) -> PyResult<Board> {
                    Ok(Board { game: fen.game(rules.0)? })
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
                        plane_values(pos, pos.turn(), pieces, b.game.repetition_count())
                    };
                    let bytes: Vec<u8> = data.iter().flat_map(|v| v.to_ne_bytes()).collect();
                    to_numpy(slf.py(), &bytes, "float32", &[data.len() / 64, 8, 8])
                }

                /// A numpy `bool` array of length `ACTION_SPACE_SIZE`, true
                /// at the index of each legal move (see `move_to_index`).
                fn legal_action_mask<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                    let mut mask = vec![0u8; <G as SiblingGame>::ACTION_SPACE_SIZE];
                    {
                        let b = read(slf)?;
                        let turn = b.pos().turn();
                        for m in b.pos().legal_moves().iter() {
                            mask[<G as SiblingGame>::action_index(&m.uci(), turn)] = 1;
                        }
                    }
                    to_numpy(slf.py(), &mask, "bool", &[mask.len()])
                }

                /// SVG for Jupyter (via `tamerlane.svg.board`, on the 8x8
                /// board), with the last move marked.
                fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
                    let py = slf.py();
                    let svg = py.import("tamerlane.svg")?;
                    let kwargs = PyDict::new(py);
                    let last = crate::board_core::move_stack(&read(slf)?.game).pop();
                    if let Some(m) = last {
                        kwargs.set_item("lastmove", m)?;
                    }
                    svg.getattr("board")?
                        .call((slf,), Some(&kwargs))?
                        .extract::<String>()
                }

                    $($extra)*
                }
            );

            impl Board {
                fn pos(&self) -> &game_core::Position {
                    self.game.position()
                }
            }

            /// A board argument as its game: a `Board`, or (duck-typed) a
            /// python-chess `Board`, read as its root position's FEN and its
            /// move stack's UCI strings (just its `fen()` without them).
            fn game_arg(obj: &Bound<'_, PyAny>) -> PyResult<Game> {
                if let Ok(b) = obj.downcast::<Board>() {
                    return Ok(read(b)?.game.clone());
                }
                if duck_text(obj, "fen")?.is_none() {
                    return Err(PyTypeError::new_err(format!(
                        "expected a {} Board or a python-chess Board, not {}",
                        $pymodule,
                        type_name(obj)
                    )));
                }
                python_chess_game(obj)
            }

            /// A python-chess `Board` (or any object with `fen()`) as a
            /// game of this module: its root position's FEN and its move
            /// stack's UCI strings (just its `fen()` without them).
            fn python_chess_game(obj: &Bound<'_, PyAny>) -> PyResult<Game> {
                let py = obj.py();
                let (start, moves) = match (obj.getattr("root"), obj.getattr("move_stack")) {
                    (Ok(root), Ok(stack)) => (root.call0()?, stack.try_iter()?.collect::<PyResult<Vec<_>>>()?),
                    _ => (obj.clone(), Vec::new()),
                };
                let mut game = new_game(Some(&fen_text(&start, NAME)?), Rules::default())?;
                for m in &moves {
                    crate::board_core::push(py, &mut game, m)?;
                }
                Ok(game)
            }

            /// The action index of `move` (a `Move` or UCI string) made by
            /// `turn` (a `Color` or a bool): see docs/PYTHON.md.
            #[pyfunction]
            pub fn move_to_index(r#move: &Bound<'_, PyAny>, turn: ColorArg) -> PyResult<usize> {
                let uci = move_arg(r#move)?;
                Ok(<G as SiblingGame>::action_index(&uci, turn.into()))
            }

            /// The legal move of `board` with action index `index`:
            /// `ValueError` outside the action space, `IllegalMoveError`
            /// if no legal move has it.
            #[pyfunction]
            pub fn index_to_move(
                board: &Bound<'_, PyAny>,
                index: &Bound<'_, PyAny>,
            ) -> PyResult<Move> {
                let size = <G as SiblingGame>::ACTION_SPACE_SIZE;
                let i = crate::research::action_index_arg(index, size)?;
                let game = game_arg(board)?;
                let pos = game.position();
                let turn = pos.turn();
                pos.legal_moves()
                    .iter()
                    .map(|m| m.uci())
                    .find(|uci| <G as SiblingGame>::action_index(uci, turn) == i)
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
            /// comes first (at least one is required): `tamerlane.Engine`'s
            /// `search` on a new engine (the same code), so the GIL is
            /// released and Ctrl-C raises `KeyboardInterrupt` with the
            /// result so far as `.result`. A game that has ended is not
            /// searched: the result has no move.
            #[pyfunction]
            #[pyo3(signature = (board, *, depth = None, movetime = None, nodes = None, hash_mb = None))]
            pub fn search(
                py: Python<'_>,
                board: &Bound<'_, PyAny>,
                depth: Option<&Bound<'_, PyAny>>,
                movetime: Option<&Bound<'_, PyAny>>,
                nodes: Option<&Bound<'_, PyAny>>,
                hash_mb: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Py<SearchResult>> {
                let limits = LimitArgs {
                    depth,
                    movetime,
                    nodes,
                    ..LimitArgs::default()
                };
                crate::engine::search_once(py, game_arg(board)?, &limits, hash_mb)
            }

            /// Adds the module `$module` (classes, functions, constants) to `parent`.
            pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
                let py = parent.py();
                let m = PyModule::new(py, stringify!($module))?;
                m.add_class::<Board>()?;
                m.add_class::<Move>()?;
                m.add_class::<LegalMoves>()?;
                m.add_class::<Outcome>()?;
                m.add_class::<Piece>()?;
                m.add_class::<SearchResult>()?;
                m.add_class::<PvLine>()?;
                m.add_class::<Info>()?;
                m.add_class::<PlayResult>()?;
                m.add_function(wrap_pyfunction!(move_to_index, &m)?)?;
                m.add_function(wrap_pyfunction!(index_to_move, &m)?)?;
                m.add_function(wrap_pyfunction!(search, &m)?)?;
                m.add("STARTING_FEN", game_core::START_FEN)?;
                m.add("ACTION_SPACE_SIZE", <G as SiblingGame>::ACTION_SPACE_SIZE)?;
                let names: Vec<String> = piece_plane_names()
                    .into_iter()
                    .chain(<G as SiblingGame>::EXTRA_PLANE_NAMES.iter().map(|s| s.to_string()))
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

sibling_board!(chess, chess, "tamerlane.chess", "chess Board", {
    /// Whether `color` may still castle kingside (the right, not
    /// whether castling is legal now).
    fn has_kingside_castling_rights(&self, color: ColorArg) -> bool {
        let side = game_core::CastlingSide::KingSide;
        self.pos().castling_rights().has(color.into(), side)
    }

    /// Whether `color` may still castle queenside.
    fn has_queenside_castling_rights(&self, color: ColorArg) -> bool {
        let side = game_core::CastlingSide::QueenSide;
        self.pos().castling_rights().has(color.into(), side)
    }

    /// Whether `color` may still castle on either side.
    fn has_castling_rights(&self, color: ColorArg) -> bool {
        let c = color.into();
        game_core::CastlingSide::ALL
            .into_iter()
            .any(|side| self.pos().castling_rights().has(c, side))
    }

    /// The castling rights as a FEN field (`"KQkq"`, `"-"`).
    fn castling_xfen(&self) -> String {
        self.pos().castling_rights().fen()
    }

    /// The en-passant square of the FEN (0..63), or `None`.
    #[getter]
    fn ep_square(&self) -> Option<usize> {
        self.pos().ep_square().map(|sq| sq.index())
    }

    /// Whether a legal move castles (`IllegalMoveError` otherwise).
    fn is_castling(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = crate::board_core::resolve(py, self.pos(), r#move)?;
        Ok(m.castling_side().is_some())
    }

    /// Whether a legal move captures en passant (`IllegalMoveError` otherwise).
    fn is_en_passant(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = crate::board_core::resolve(py, self.pos(), r#move)?;
        Ok(m.kind == game_core::MoveKind::EnPassant)
    }

    /// Whether a legal move castles kingside (`IllegalMoveError` otherwise).
    fn is_kingside_castling(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = crate::board_core::resolve(py, self.pos(), r#move)?;
        Ok(m.castling_side() == Some(game_core::CastlingSide::KingSide))
    }

    /// Whether a legal move castles queenside (`IllegalMoveError` otherwise).
    fn is_queenside_castling(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = crate::board_core::resolve(py, self.pos(), r#move)?;
        Ok(m.castling_side() == Some(game_core::CastlingSide::QueenSide))
    }

    /// Whether an en passant capture is legal now (not only the FEN's
    /// square).
    fn has_legal_en_passant(&self) -> bool {
        self.pos()
            .legal_moves()
            .iter()
            .any(|m| m.kind == game_core::MoveKind::EnPassant)
    }

    /// Whether neither side has the material to mate (FIDE 5.2.2 as
    /// python-chess reads it: a King alone, or with one minor piece, or
    /// Kings and Bishops all on squares of one colour).
    fn is_insufficient_material(&self) -> bool {
        self.pos().is_insufficient_material()
    }

    /// Whether `color` (a `Color` or a bool) lacks the material to mate
    /// whatever the other side does.
    fn has_insufficient_material(&self, color: ColorArg) -> bool {
        self.pos().has_insufficient_material(color.into())
    }

    /// Whether the 50-move rule's moves are complete (100 plies without a
    /// capture or a pawn move) and the side to move has a legal move.
    fn is_fifty_moves(&self) -> bool {
        self.pos().halfmoves() >= 100 && self.pos().has_legal_moves()
    }

    /// Whether 75 moves by each side passed without a capture or a pawn
    /// move and the side to move has a legal move (a draw without a claim,
    /// FIDE 9.6.2: the game's outcome then).
    fn is_seventyfive_moves(&self) -> bool {
        self.pos().halfmoves() >= 150 && self.pos().has_legal_moves()
    }

    /// Whether the position has occurred five times (a draw without a
    /// claim, FIDE 9.6.1: the game's outcome then).
    fn is_fivefold_repetition(&self) -> bool {
        crate::board_core::is_repetition(&self.game, Some(5))
    }

    /// Whether the player to move may claim a draw by threefold
    /// repetition (FIDE 9.2): the position has occurred three times, or
    /// will after one of the legal moves. `False` once the game has ended.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.game.can_claim_threefold()
    }

    /// Whether the player to move may claim a draw by the 50-move rule
    /// (FIDE 9.3): the moves are complete, or will be after one of the
    /// legal moves. `False` once the game has ended.
    fn can_claim_fifty_moves(&self) -> bool {
        self.game.can_claim_fifty_moves()
    }

    /// `can_claim_threefold_repetition() or can_claim_fifty_moves()`.
    fn can_claim_draw(&self) -> bool {
        self.game.can_claim_fifty_moves() || self.game.can_claim_threefold()
    }
});
sibling_board!(makruk, makruk, "tamerlane.makruk", "Makruk Board", {
    /// The running count of the counting rules as `(plies counted, limit
    /// in plies)`, as the FEN writes them, or `None`.
    #[getter]
    fn count(&self) -> Option<(u16, u16)> {
        self.pos().count().map(|c| (c.ply(), c.limit_plies()))
    }
});
