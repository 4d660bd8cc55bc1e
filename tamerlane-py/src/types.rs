//! The small value types: `Color`, `Role`, `Piece`, `Termination`,
//! `Outcome`, `Move`, and square arguments.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple, PyType};
use tamerlane_core as core;
use tamerlane_core::{excerpt, Bitboard, CoordMove, MoveKind, Square, EXCERPT_CHARS};

use crate::errors::InvalidMoveError;

/// A side: `Color.WHITE` moves first.
///
/// As python-chess's `WHITE = True` and `BLACK = False`: `WHITE` is true,
/// equal to `True` and `1`, hashes as `1`, and `int(WHITE) == 1`; `BLACK`
/// is false, equal to `False` and `0`, hashes as `0`. So `==`, `hash()`,
/// `in` lists and `in` sets agree, and every argument that takes a colour
/// also takes a `bool` (`not board.turn`).
#[pyclass(module = "tamerlane", frozen)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// White, upper-case letters, moves first.
    #[pyo3(name = "WHITE")]
    White = 0,
    /// Black, lower-case letters.
    #[pyo3(name = "BLACK")]
    Black = 1,
}

impl From<core::Color> for Color {
    fn from(c: core::Color) -> Color {
        match c {
            core::Color::White => Color::White,
            core::Color::Black => Color::Black,
        }
    }
}

impl From<Color> for core::Color {
    fn from(c: Color) -> core::Color {
        match c {
            Color::White => core::Color::White,
            Color::Black => core::Color::Black,
        }
    }
}

#[pymethods]
impl Color {
    /// The other side.
    #[getter]
    fn other(&self) -> Color {
        core::Color::from(*self).other().into()
    }

    /// `"white"` or `"black"`.
    fn __str__(&self) -> &'static str {
        core::Color::from(*self).name()
    }

    /// As in python-chess: `WHITE` is true, `BLACK` false, so
    /// `if board.turn:` means "White to move".
    fn __bool__(&self) -> bool {
        *self == Color::White
    }

    /// As python-chess's `int(WHITE)`: 1 for White, 0 for Black.
    fn __int__(&self) -> u8 {
        u8::from(self.__bool__())
    }

    /// Equal to the same colour and to the bool (or int) python-chess uses
    /// for it: `WHITE == True == 1`, `BLACK == False == 0`.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyObject {
        let py = other.py();
        let same = if let Ok(c) = other.downcast::<Color>() {
            Some(*c.get() == *self)
        } else if let Ok(i) = other.downcast::<PyInt>() {
            Some(i.extract::<i64>().ok() == Some(i64::from(self.__int__())))
        } else {
            None
        };
        match same {
            Some(b) => PyBool::new(py, b).to_owned().into_any().unbind(),
            None => py.NotImplemented(),
        }
    }

    /// The hash of the bool it equals (`hash(True) == 1`, `hash(False) == 0`).
    fn __hash__(&self) -> u64 {
        u64::from(self.__int__())
    }

    /// The TFEN letter, `"w"` or `"b"`.
    #[getter]
    fn letter(&self) -> String {
        core::Color::from(*self).char().to_string()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        enum_reduce(
            slf,
            if *slf.get() == Color::White {
                "WHITE"
            } else {
                "BLACK"
            },
        )
    }
}

/// A colour argument: a `Color`, or a `bool` as python-chess has them
/// (`True` is White, `False` Black; `numpy.bool_` too), so that
/// `not board.turn` names the side not to move. Anything else (ints
/// included) is a `TypeError`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ColorArg(pub Color);

impl<'py> FromPyObject<'py> for ColorArg {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<ColorArg> {
        if let Ok(c) = ob.downcast::<Color>() {
            return Ok(ColorArg(*c.get()));
        }
        let ty = type_name(ob);
        if ob.downcast::<PyBool>().is_ok() || matches!(ty.as_str(), "bool" | "bool_") {
            let white = ob.is_truthy()?;
            return Ok(ColorArg(if white { Color::White } else { Color::Black }));
        }
        Err(PyTypeError::new_err(format!(
            "a colour must be tamerlane.WHITE, tamerlane.BLACK or a bool (True for White), not {ty}"
        )))
    }
}

impl From<ColorArg> for core::Color {
    fn from(c: ColorArg) -> core::Color {
        c.0.into()
    }
}

fn enum_reduce<'py, T: pyo3::PyClass>(
    slf: &Bound<'py, T>,
    name: &str,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = slf.py();
    let getattr = py.import("builtins")?.getattr("getattr")?;
    let args = PyTuple::new(
        py,
        [
            slf.as_any().get_type().into_any(),
            PyString::new(py, name).into_any(),
        ],
    )?;
    PyTuple::new(py, [getattr, args.into_any()])
}

macro_rules! roles {
    ($($py:literal $v:ident),* $(,)?) => {
        /// A kind of piece or pawn: the twelve pieces (royals first), then the
        /// eleven pawns, each named after the piece it promotes to.
        ///
        /// A role equals only itself (never an int: `Role.KING != 0`);
        /// `int(role)` and `role.index` give its index.
        #[pyclass(module = "tamerlane", eq, frozen, hash)]
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Role {
            $(
                #[doc = concat!("`", $py, "`")]
                #[pyo3(name = $py)]
                $v,
            )*
        }

        impl Role {
            /// All roles in core order.
            pub const ALL: [Role; 23] = [$(Role::$v),*];
            const NAMES: [&'static str; 23] = [$($py),*];
        }

        impl From<core::Role> for Role {
            fn from(r: core::Role) -> Role {
                Role::ALL[r.index()]
            }
        }

        impl From<Role> for core::Role {
            fn from(r: Role) -> core::Role {
                core::Role::ALL[r as usize]
            }
        }
    };
}

roles!(
    "KING" King,
    "PRINCE" Prince,
    "ADVENTITIOUS_KING" AdventitiousKing,
    "FERZ" Ferz,
    "VIZIER" Vizier,
    "ROOK" Rook,
    "KNIGHT" Knight,
    "ELEPHANT" Elephant,
    "CAMEL" Camel,
    "DABBABA" Dabbaba,
    "TALIA" Talia,
    "GIRAFFE" Giraffe,
    "PAWN_OF_ROOKS" PawnOfRooks,
    "PAWN_OF_KNIGHTS" PawnOfKnights,
    "PAWN_OF_TALIAS" PawnOfTalias,
    "PAWN_OF_GIRAFFES" PawnOfGiraffes,
    "PAWN_OF_FERZES" PawnOfFerzes,
    "PAWN_OF_VIZIERS" PawnOfViziers,
    "PAWN_OF_ELEPHANTS" PawnOfElephants,
    "PAWN_OF_CAMELS" PawnOfCamels,
    "PAWN_OF_DABBABAS" PawnOfDabbabas,
    "PAWN_OF_KINGS" PawnOfKings,
    "PAWN_OF_PAWNS" PawnOfPawns,
);

#[pymethods]
impl Role {
    /// Every role, in order (`Role.KING` ... `Role.PAWN_OF_PAWNS`).
    #[staticmethod]
    fn all() -> Vec<Role> {
        Role::ALL.to_vec()
    }

    /// The role for an upper-case TFEN token (`"K"`, `"G"`, `"PR"`, ...).
    #[staticmethod]
    fn from_token(token: &str) -> PyResult<Role> {
        core::Role::ALL
            .iter()
            .find(|r| r.token() == token)
            .map(|&r| r.into())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown role token {:?} (expected K S A F V R N E C D T G or PR PN PT PG PF PV PE PC PD PK PP)",
                    excerpt(token, EXCERPT_CHARS)
                ))
            })
    }

    /// The index 0..22 (`Role.KING` is 0, `Role.PAWN_OF_PAWNS` 22).
    #[getter]
    fn index(&self) -> usize {
        *self as usize
    }

    /// The upper-case TFEN token: `"K"`, `"G"`, `"PR"`, ...
    #[getter]
    fn token(&self) -> &'static str {
        core::Role::from(*self).token()
    }

    /// The English name, e.g. `"giraffe"` or `"pawn of pawns"`.
    #[getter]
    fn english(&self) -> &'static str {
        core::Role::from(*self).name()
    }

    /// Whether this is one of the eleven pawn kinds.
    #[getter]
    fn is_pawn(&self) -> bool {
        core::Role::from(*self).is_pawn()
    }

    /// Whether this is a royal: King, Prince or Adventitious King.
    #[getter]
    fn is_royal(&self) -> bool {
        core::Role::from(*self).is_royal()
    }

    /// For a pawn, the piece it promotes to (`None` for the pawn of pawns
    /// and for pieces).
    #[getter]
    fn promotion(&self) -> Option<Role> {
        core::Role::from(*self).promotion().map(Role::from)
    }

    fn __str__(&self) -> &'static str {
        core::Role::from(*self).name()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        enum_reduce(slf, Role::NAMES[*slf.get() as usize])
    }
}

/// A piece of a given colour and role.
#[pyclass(module = "tamerlane", eq, frozen, hash)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The piece's side.
    #[pyo3(get)]
    pub color: Color,
    /// The piece's kind.
    #[pyo3(get)]
    pub role: Role,
}

impl From<core::Piece> for Piece {
    fn from(p: core::Piece) -> Piece {
        Piece {
            color: p.color.into(),
            role: p.role.into(),
        }
    }
}

#[pymethods]
impl Piece {
    /// The piece of `color` (a `Color` or a bool, `True` for White) and
    /// `role`.
    #[new]
    fn new(color: ColorArg, role: Role) -> Piece {
        Piece {
            color: color.0,
            role,
        }
    }

    /// The piece for a TFEN token: `"K"`, `"k"`, `"PR"`, `"pr"`, ...
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Piece> {
        let color = if symbol.chars().all(|c| c.is_ascii_uppercase()) {
            Color::White
        } else {
            Color::Black
        };
        let role = Role::from_token(&symbol.to_ascii_uppercase()).map_err(|_| {
            PyValueError::new_err(format!(
                "unknown piece symbol {:?}",
                excerpt(symbol, EXCERPT_CHARS)
            ))
        })?;
        let p = Piece { color, role };
        if p.symbol() != symbol {
            return Err(PyValueError::new_err(format!(
                "unknown piece symbol {:?} (both letters of a pawn must have the same case)",
                excerpt(symbol, EXCERPT_CHARS)
            )));
        }
        Ok(p)
    }

    /// The TFEN token: upper case for White, lower case for Black.
    pub fn symbol(&self) -> String {
        core::Piece::new(self.color.into(), self.role.into()).token()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let p = slf.get();
        let args = PyTuple::new(
            py,
            [
                Bound::new(py, p.color)?.into_any(),
                Bound::new(py, p.role)?.into_any(),
            ],
        )?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

macro_rules! terminations {
    ($($(#[$doc:meta])* $py:literal $v:ident,)*) => {
        /// Why a game ended. A termination equals only itself (never an int).
        #[pyclass(module = "tamerlane", eq, frozen, hash)]
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Termination {
            $($(#[$doc])* #[pyo3(name = $py)] $v,)*
        }

        impl Termination {
            const NAMES: &'static [&'static str] = &[$($py),*];
        }

        impl From<core::Termination> for Termination {
            fn from(t: core::Termination) -> Termination {
                match t {
                    $(core::Termination::$v => Termination::$v,)*
                }
            }
        }

        impl From<Termination> for core::Termination {
            fn from(t: Termination) -> core::Termination {
                match t {
                    $(Termination::$v => core::Termination::$v,)*
                }
            }
        }
    };
}

terminations!(
    /// No legal move, the single royal attacked: the side to move loses.
    "CHECKMATE" Checkmate,
    /// No legal move otherwise: the side to move loses too.
    "STALEMATE" Stalemate,
    /// A royal stepped into the opponent's citadel: draw.
    "CITADEL" Citadel,
    /// Only royals left on both sides: draw.
    "ROYALS_ONLY" RoyalsOnly,
    /// The same position occurred as often as the rules' repetition count
    /// (three times by default): draw.
    "REPETITION" Repetition,
    /// The rules' move limit (200 plies by default) without a capture or
    /// pawn move: draw.
    "MOVE_LIMIT" MoveLimit,
);

#[pymethods]
impl Termination {
    /// `"checkmate"`, `"stalemate"`, `"citadel"`, `"royals-only"`,
    /// `"repetition"` or `"move-limit"`.
    fn __str__(&self) -> &'static str {
        core::Termination::from(*self).name()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        enum_reduce(slf, Termination::NAMES[*slf.get() as usize])
    }
}

/// The result of a finished game: the winner (`None` for a draw) and why.
#[pyclass(module = "tamerlane", eq, frozen, hash)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winning side, `None` for a draw.
    #[pyo3(get)]
    pub winner: Option<Color>,
    /// Why the game ended.
    #[pyo3(get)]
    pub termination: Termination,
}

impl From<core::Outcome> for Outcome {
    fn from(o: core::Outcome) -> Outcome {
        Outcome {
            winner: o.winner.map(Color::from),
            termination: o.termination.into(),
        }
    }
}

#[pymethods]
impl Outcome {
    /// The outcome won by `winner` (a `Color` or a bool, `None` for a
    /// draw) for the reason `termination`.
    #[new]
    #[pyo3(signature = (winner, termination))]
    fn new(winner: Option<ColorArg>, termination: Termination) -> Outcome {
        Outcome {
            winner: winner.map(|c| c.0),
            termination,
        }
    }

    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub fn result(&self) -> &'static str {
        result_of(self.winner.map(core::Color::from))
    }

    fn __str__(&self) -> String {
        core::Outcome::<core::Termination> {
            winner: self.winner.map(core::Color::from),
            termination: self.termination.into(),
        }
        .to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, termination=Termination.{})",
            winner_repr(self.winner.map(core::Color::from)),
            Termination::NAMES[self.termination as usize]
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let o = slf.get();
        let winner = match o.winner {
            Some(c) => Bound::new(py, c)?.into_any(),
            None => py.None().into_bound(py),
        };
        let args = PyTuple::new(py, [winner, Bound::new(py, o.termination)?.into_any()])?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

/// A move: origin and target square, plus, for moves that came from a
/// position (`Board.legal_moves`, `Board.push_str`, a search), the context
/// there: the moving role, the captured role, the kind of move and the
/// mover's colour.
///
/// Moves compare and hash by their squares alone (the coordinate string):
/// in any position each legal move has exactly one coordinate string.
#[pyclass(module = "tamerlane", frozen)]
#[derive(Copy, Clone, Debug)]
pub struct Move {
    /// The squares.
    pub coord: CoordMove,
    /// The full move and the mover, when known.
    pub ctx: Option<(core::Move, core::Color)>,
}

impl Move {
    /// A move with its context in a position where `color` is to move.
    pub fn full(m: core::Move, color: core::Color) -> Move {
        Move {
            coord: m.coord(),
            ctx: Some((m, color)),
        }
    }
}

/// Moves compare by their squares alone, as in Python.
impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.coord == other.coord
    }
}

/// The coordinate string, e.g. `f3f4`.
impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.coord.fmt(f)
    }
}

/// The kind of a move as a small int (for pickling), and back.
const KINDS: [MoveKind; 8] = [
    MoveKind::Normal,
    MoveKind::CitadelEntry,
    MoveKind::Arrival(core::Arrival::First),
    MoveKind::Arrival(core::Arrival::SecondToReturnSquare),
    MoveKind::Arrival(core::Arrival::SecondWaiting),
    MoveKind::Placement,
    MoveKind::Transfer,
    MoveKind::KingSwap,
];
/// The pickled code of a promotion (followed by the promoted role).
const PROMOTION_CODE: usize = 8;

fn role_at(i: i64) -> PyResult<core::Role> {
    usize::try_from(i)
        .ok()
        .and_then(|i| core::Role::ALL.get(i).copied())
        .ok_or_else(|| PyValueError::new_err(format!("bad role index {i} in a Move state")))
}

/// The kind of a core move as its Python string.
pub fn kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Normal => "normal",
        MoveKind::Promotion(_) => "promotion",
        MoveKind::CitadelEntry => "citadel-entry",
        MoveKind::Arrival(core::Arrival::First) => "first-arrival",
        MoveKind::Arrival(core::Arrival::SecondToReturnSquare) => "second-arrival-return",
        MoveKind::Arrival(core::Arrival::SecondWaiting) => "second-arrival-waiting",
        MoveKind::Placement => "placement",
        MoveKind::Transfer => "transfer",
        MoveKind::KingSwap => "king-swap",
    }
}

#[pymethods]
impl Move {
    /// A move from `from_square` to `to_square` (ints 0..111 or names
    /// such as `"f3"`, `"wc"`), without context.
    #[new]
    fn new(from_square: &Bound<'_, PyAny>, to_square: &Bound<'_, PyAny>) -> PyResult<Move> {
        Ok(Move {
            coord: CoordMove {
                from: square_arg(from_square)?,
                to: square_arg(to_square)?,
            },
            ctx: None,
        })
    }

    /// Rebuilds a move with its context from `__reduce__`'s state (private:
    /// used by pickle). Refuses malformed states with `ValueError`.
    #[staticmethod]
    #[pyo3(signature = (from_square, to_square, context = None))]
    fn _restore(
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        context: Option<(i64, i64, i64, i64, i64)>,
    ) -> PyResult<Move> {
        let coord = CoordMove {
            from: square_arg(from_square)?,
            to: square_arg(to_square)?,
        };
        let Some((role, capture, kind, promo, color)) = context else {
            return Ok(Move { coord, ctx: None });
        };
        let kind = match usize::try_from(kind) {
            Ok(k) if k < KINDS.len() => KINDS[k],
            Ok(PROMOTION_CODE) => MoveKind::Promotion(role_at(promo)?),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "bad move kind {kind} in a Move state"
                )))
            }
        };
        let color = match color {
            0 => core::Color::White,
            1 => core::Color::Black,
            _ => return Err(PyValueError::new_err("bad colour in a Move state")),
        };
        let m = core::Move {
            from: coord.from,
            to: coord.to,
            role: role_at(role)?,
            capture: if capture < 0 {
                None
            } else {
                Some(role_at(capture)?)
            },
            kind,
        };
        Ok(Move {
            coord,
            ctx: Some((m, color)),
        })
    }

    /// Moves are immutable: a copy is the move itself (context included).
    fn __copy__(slf: &Bound<'_, Self>) -> Py<Move> {
        slf.clone().unbind()
    }

    /// Moves are immutable: a deep copy is the move itself.
    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> Py<Move> {
        slf.clone().unbind()
    }

    /// Parses a coordinate string such as `"f3f4"`, `"k2wc"` or `"a10e5"`.
    /// Raises `InvalidMoveError` if it is not one.
    #[classmethod]
    fn from_str(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<Move> {
        let coord: CoordMove = text
            .parse()
            .map_err(|e: core::ParseMoveError| InvalidMoveError::new_err(e.to_string()))?;
        Ok(Move { coord, ctx: None })
    }

    /// python-chess's name for [`from_str`](Self::from_str): parses a
    /// coordinate string (`"f3f4"`, `"k2wc"`); raises `InvalidMoveError`.
    #[classmethod]
    fn from_uci(cls: &Bound<'_, PyType>, uci: &str) -> PyResult<Move> {
        Move::from_str(cls, uci)
    }

    /// The coordinate string, e.g. `"f3f4"` (python-chess's name for
    /// `str(move)`).
    fn uci(&self) -> String {
        self.coord.to_string()
    }

    /// The origin square (0..111; for a king swap, the King's square).
    #[getter(from_square)]
    fn origin(&self) -> usize {
        self.coord.from.index()
    }

    /// The target square (0..111; for a king swap, the partner's square).
    #[getter(to_square)]
    fn target(&self) -> usize {
        self.coord.to.index()
    }

    /// The role of the moving piece, if known.
    #[getter]
    fn role(&self) -> Option<Role> {
        self.ctx.map(|(m, _)| m.role.into())
    }

    /// The role of the captured piece (`None` if nothing is captured or the
    /// context is unknown).
    #[getter]
    fn captured(&self) -> Option<Role> {
        self.ctx.and_then(|(m, _)| m.capture.map(Role::from))
    }

    /// The kind of move, if known: `"normal"`, `"promotion"`,
    /// `"citadel-entry"`, `"first-arrival"`, `"second-arrival-return"`,
    /// `"second-arrival-waiting"`, `"placement"`, `"transfer"` or
    /// `"king-swap"`.
    #[getter]
    fn kind(&self) -> Option<&'static str> {
        self.ctx.map(|(m, _)| kind_name(m.kind))
    }

    /// The piece the mover becomes, for a promotion.
    #[getter]
    fn promotion(&self) -> Option<Role> {
        self.ctx.and_then(|(m, _)| m.promotion().map(Role::from))
    }

    /// The side making the move, if known.
    #[getter]
    fn color(&self) -> Option<Color> {
        self.ctx.map(|(_, c)| c.into())
    }

    /// Whether the move is known to capture.
    #[getter]
    fn is_capture(&self) -> bool {
        self.ctx.is_some_and(|(m, _)| m.is_capture())
    }

    /// Whether the move carries its context from a position.
    #[getter]
    fn has_context(&self) -> bool {
        self.ctx.is_some()
    }

    /// The coordinate string, e.g. `"f3f4"`.
    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self) -> String {
        match self.ctx {
            None => format!("Move.from_str('{}')", self.coord),
            Some((m, _)) => {
                let mut s = format!(
                    "<Move {}: {} {}",
                    self.coord,
                    m.role.name(),
                    kind_name(m.kind)
                );
                if let Some(c) = m.capture {
                    s.push_str(&format!(" x {}", c.name()));
                }
                s.push('>');
                s
            }
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyObject {
        let py = other.py();
        match other.downcast::<Move>() {
            Ok(o) => (o.get().coord == self.coord)
                .into_pyobject(py)
                .unwrap()
                .to_owned()
                .into_any()
                .unbind(),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        (self.coord.from.index() * 112 + self.coord.to.index()) as u64
    }

    /// Pickling keeps the context (role, capture, kind, colour).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let mv = slf.get();
        let c = mv.coord;
        let context = mv.ctx.map(|(m, color)| {
            let (kind, promo) = match m.kind {
                MoveKind::Promotion(r) => (PROMOTION_CODE as i64, r.index() as i64),
                k => (KINDS.iter().position(|x| *x == k).unwrap_or(0) as i64, -1),
            };
            (
                m.role.index() as i64,
                m.capture.map_or(-1, |r| r.index() as i64),
                kind,
                promo,
                color.index() as i64,
            )
        });
        let args = (c.from.index(), c.to.index(), context).into_pyobject(py)?;
        let restore = slf.get_type().getattr("_restore")?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}

/// A square from Python: an int 0..111 or a name (`"a1"`..`"k10"`, `"wc"`,
/// `"bc"`).
pub fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Some(i) = index_arg(obj, "square")? {
        let n: i64 = i
            .extract()
            .map_err(|_| PyValueError::new_err("square index out of range (expected 0 to 111)"))?;
        return u32::try_from(n).ok().and_then(Square::new).ok_or_else(|| {
            PyValueError::new_err(format!("square index {n} out of range (expected 0 to 111)"))
        });
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        let s = s.to_cow()?;
        return s.parse::<Square>().map_err(|_| {
            PyValueError::new_err(format!(
                "invalid square name {:?} (expected a1 to k10, wc or bc)",
                excerpt(&s, EXCERPT_CHARS)
            ))
        });
    }
    Err(PyTypeError::new_err(format!(
        "a square must be an int from 0 to 111 or a name like 'f3', 'wc', 'bc', not {}",
        obj.get_type().name()?
    )))
}

/// The result string of an outcome's winner: `"1-0"`, `"0-1"`,
/// `"1/2-1/2"`.
pub fn result_of(winner: Option<core::Color>) -> &'static str {
    match winner {
        Some(core::Color::White) => "1-0",
        Some(core::Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

/// An outcome's winner as its `repr` writes it: `Color.WHITE`,
/// `Color.BLACK` or `None`.
pub fn winner_repr(winner: Option<core::Color>) -> &'static str {
    match winner {
        Some(core::Color::White) => "Color.WHITE",
        Some(core::Color::Black) => "Color.BLACK",
        None => "None",
    }
}

/// The name of the type of `obj`, for a `TypeError` message (`"?"` if it
/// has none).
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// The name of a square index: `"a1"` .. `"k10"`, `"wc"` (110), `"bc"` (111).
#[pyfunction]
pub fn square_name(square: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(square_arg(square)?.to_string())
}

/// The index 0..111 of a square name (`"a1"` is 0, `"k10"` 109, `"wc"` 110,
/// `"bc"` 111). Raises `ValueError` for anything else.
#[pyfunction]
pub fn parse_square(name: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(square_arg(name)?.index())
}

/// An integer-like argument as a Python `int`: `Some` for an `int` or any
/// object with `__index__` (numpy integers), `None` for anything else;
/// `TypeError` for a `bool` (almost always a mistake, e.g. `perft(True)`).
pub fn index_arg<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Option<Bound<'py, PyInt>>> {
    // `numpy.bool_` (named `bool` or `bool_`) is rejected like `bool`.
    let ty = obj.get_type().name()?;
    if obj.downcast::<PyBool>().is_ok() || matches!(&*ty.to_cow()?, "bool" | "bool_") {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            obj.get_type().name()?
        )));
    }
    if let Ok(i) = obj.downcast::<PyInt>() {
        return Ok(Some(i.clone()));
    }
    if obj.get_type().hasattr("__index__")? {
        let i = obj.call_method0("__index__")?;
        return match i.downcast_into::<PyInt>() {
            Ok(i) => Ok(Some(i)),
            Err(_) => Err(PyTypeError::new_err(format!(
                "{name}: __index__ returned a non-int"
            ))),
        };
    }
    Ok(None)
}

/// An integer argument as `i64`: accepts an `int` or anything with
/// `__index__` (numpy integers); `TypeError` for a `bool` or a non-integer,
/// `ValueError` (not `OverflowError`) for an int beyond 64 bits.
pub fn int_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<i64> {
    let Some(i) = index_arg(obj, name)? else {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            obj.get_type().name()?
        )));
    };
    i.extract::<i64>().map_err(|_| {
        PyValueError::new_err(format!("{name} out of range (does not fit in 64 bits)"))
    })
}

/// An optional integer argument (see [`int_arg`]).
pub fn opt_int_arg(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<i64>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => int_arg(o, name).map(Some),
    }
}

/// The squares of a set as ascending ints.
pub fn square_list(bb: Bitboard) -> Vec<usize> {
    bb.squares().map(Square::index).collect()
}

/// The text a python-chess object gives for a method such as `uci()` or
/// `fen()` (duck-typed: any object with that method returning a `str`);
/// `None` if `obj` has no such attribute.
pub fn duck_text(obj: &Bound<'_, PyAny>, method: &str) -> PyResult<Option<String>> {
    if !obj.hasattr(method)? {
        return Ok(None);
    }
    let value = obj.call_method0(method)?;
    match value.downcast::<PyString>() {
        Ok(s) => Ok(Some(s.to_cow()?.into_owned())),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{}.{method}() returned {}, not a str",
            type_name(obj),
            type_name(&value)
        ))),
    }
}
