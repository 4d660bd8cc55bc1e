//! The text layer of moves, shared by the three games: one error for a
//! string that is not a move of the game's coordinate (UCI) form
//! ([`ParseMoveError`]), one for a move that is not legal where it was tried
//! ([`IllegalMoveError`], with the game's own reasons), the two together
//! ([`MoveError`]), and the error of a SAN move ([`SanError`]).

use core::fmt;

use crate::color::Color;
use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::variant::Variant;

/// A string that is not a move in the game's coordinate form: `<from><to>`
/// with the game's squares (`a1`..`k10`, `wc`, `bc` in Tamerlane; `a1`..`h8`
/// in chess, then `q`, `r`, `b` or `n` for a promotion; `a1`..`h8` in
/// Makruk, then `m` for a promotion).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The game whose move it was to be.
    pub variant: Variant,
    /// The rejected text (an excerpt).
    pub text: String,
}

impl ParseMoveError {
    /// The error of `text`, not a move of `variant` (the text kept as an
    /// excerpt).
    pub(crate) fn new(variant: Variant, text: &str) -> ParseMoveError {
        ParseMoveError {
            variant,
            text: crate::excerpt::excerpt(text, crate::excerpt::EXCERPT_CHARS),
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, expected) = match self.variant {
            Variant::Tamerlane => (
                "move",
                "<from><to> with squares a1..k10, wc or bc (e.g. f3f4)",
            ),
            Variant::Chess => (
                "UCI move",
                "<from><to>[q|r|b|n] with squares a1..h8 (e.g. e2e4, e7e8q)",
            ),
            Variant::Makruk => (
                "move",
                "<from><to> with squares a1..h8, and m after a promotion (e.g. e3e4, e5e6m)",
            ),
        };
        write!(f, "invalid {kind} {:?}: expected {expected}", self.text)
    }
}

impl std::error::Error for ParseMoveError {}

/// The reasons the three games share why a coordinate move is not legal
/// (each game's `IllegalReason` has them, under its own names).
pub(crate) trait SharedReasons: Sized {
    /// The side to move has no legal move.
    const NO_LEGAL_MOVES: Self;
    /// There is no piece on the origin square.
    const EMPTY_SQUARE: Self;
    /// The piece on the origin square is the opponent's.
    const OPPONENT_PIECE: Self;
    /// The piece's pattern reaches the target, but the move would leave
    /// the mover's royal attacked.
    const LEAVES_ROYAL_ATTACKED: Self;
    /// The piece cannot move there.
    const NOT_A_MOVE: Self;
}

/// Why a coordinate move is not legal, asked in the same order in the
/// three games: no legal move at all; no piece on the origin square
/// (`origin`: the colour of the piece there), or the opponent's; the
/// game's own reason for its piece, if `own` gives one (chess's castling);
/// else the move would leave the royal attacked if the piece's pattern
/// `reaches` the target, and is no move of the piece if not.
pub(crate) fn why_illegal<R: SharedReasons>(
    has_legal_moves: bool,
    origin: Option<Color>,
    turn: Color,
    own: impl FnOnce() -> Option<R>,
    reaches: impl FnOnce() -> bool,
) -> R {
    match origin {
        _ if !has_legal_moves => R::NO_LEGAL_MOVES,
        None => R::EMPTY_SQUARE,
        Some(c) if c != turn => R::OPPONENT_PIECE,
        Some(_) => own().unwrap_or_else(|| {
            if reaches() {
                R::LEAVES_ROYAL_ATTACKED
            } else {
                R::NOT_A_MOVE
            }
        }),
    }
}

/// Defines a game's `IllegalReason`: the reasons the three games share
/// (their variants, docs and messages written here once), the game's name
/// for leaving the royal attacked (`leaves:`), the game's own reasons, and
/// at most one reason with a value (after `; with:`, its message followed
/// by the value); with its [`SharedReasons`] and `Display`, and the
/// game's `IllegalMoveError` and `MoveError` named after it.
macro_rules! illegal_reasons {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            leaves: $(#[$ldoc:meta])* $leaves:ident => $leaves_text:literal,
            $( $(#[$vdoc:meta])* $variant:ident => $text:literal, )*
            $( ; with: $(#[$pdoc:meta])* $pvariant:ident($pty:ty) => $ptext:literal, )?
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            /// The side to move has no legal move (the game is over).
            NoLegalMoves,
            /// There is no piece on the origin square.
            EmptySquare,
            /// The piece on the origin square belongs to the opponent.
            OpponentPiece,
            /// The piece cannot make that move here (wrong pattern, blocked
            /// path, own piece on the target, ...).
            NotAMove,
            $(#[$ldoc])*
            $leaves,
            $( $(#[$vdoc])* $variant, )*
            $( $(#[$pdoc])* $pvariant($pty), )?
        }

        impl $crate::move_text::SharedReasons for $name {
            const NO_LEGAL_MOVES: Self = $name::NoLegalMoves;
            const EMPTY_SQUARE: Self = $name::EmptySquare;
            const OPPONENT_PIECE: Self = $name::OpponentPiece;
            const LEAVES_ROYAL_ATTACKED: Self = $name::$leaves;
            const NOT_A_MOVE: Self = $name::NotAMove;
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(match self {
                    $name::NoLegalMoves => "the side to move has no legal moves (game over)",
                    $name::EmptySquare => "there is no piece on the origin square",
                    $name::OpponentPiece => "the piece on the origin square belongs to the opponent",
                    $name::NotAMove => "the piece on the origin square cannot move there",
                    $name::$leaves => $leaves_text,
                    $( $name::$variant => $text, )*
                    $( $name::$pvariant(p) => return write!(f, "{}{p}", $ptext), )?
                })
            }
        }

        /// A move that cannot be played in the position it was tried on:
        /// the family's [`IllegalMoveError`]($crate::move_text::IllegalMoveError)
        /// with this game's reasons.
        pub type IllegalMoveError = $crate::move_text::IllegalMoveError<$name>;

        /// Error from reading a move in a position: the family's
        /// [`MoveError`]($crate::move_text::MoveError) with this game's
        /// reasons.
        pub type MoveError = $crate::move_text::MoveError<$name>;
    };
}
pub(crate) use illegal_reasons;

/// A move that cannot be played in the position it was tried on, and why
/// (`R`: the game's reasons).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError<R> {
    /// The move as a coordinate (UCI) string.
    pub text: String,
    /// Why it is illegal.
    pub reason: R,
}

impl<R> IllegalMoveError<R> {
    /// Plays `m` on `pos` if it is legal; otherwise leaves `pos` unchanged
    /// and returns the error of `m` with the reason `why` gives: what every
    /// game's `play` does.
    pub(crate) fn play_checked<P: crate::Position>(
        pos: &mut P,
        m: &P::Move,
        why: impl FnOnce(&P) -> R,
    ) -> Result<(), IllegalMoveError<R>> {
        if pos.is_legal(m) {
            pos.play_unchecked(m);
            return Ok(());
        }
        Err(IllegalMoveError {
            text: excerpt(&m.to_string(), EXCERPT_CHARS),
            reason: why(pos),
        })
    }
}

impl<R: fmt::Display> fmt::Display for IllegalMoveError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.text, self.reason)
    }
}

impl<R: fmt::Debug + fmt::Display> std::error::Error for IllegalMoveError<R> {}

/// Error from reading a move in a position: garbled text, or a well-formed
/// move that is not legal there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError<R> {
    /// Not a move in the game's coordinate form at all.
    Invalid(ParseMoveError),
    /// A move that is not legal here.
    Illegal(IllegalMoveError<R>),
}

impl<R: fmt::Display> fmt::Display for MoveError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Invalid(e) => e.fmt(f),
            MoveError::Illegal(e) => e.fmt(f),
        }
    }
}

impl<R: fmt::Debug + fmt::Display> std::error::Error for MoveError<R> {}

impl<R> From<ParseMoveError> for MoveError<R> {
    fn from(e: ParseMoveError) -> MoveError<R> {
        MoveError::Invalid(e)
    }
}

impl<R> From<IllegalMoveError<R>> for MoveError<R> {
    fn from(e: IllegalMoveError<R>) -> MoveError<R> {
        MoveError::Illegal(e)
    }
}

/// Why a SAN string could not be read in a position (`R`: the game's
/// reasons why a well-formed SAN matches no legal move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError<R> {
    /// The text is not SAN (nor a coordinate move) at all.
    Syntax {
        /// The rejected text (an excerpt).
        text: String,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The text matches more than one legal move.
    Ambiguous {
        /// The rejected text.
        text: String,
        /// The canonical SAN of every matching move, each followed by its
        /// coordinate string in parentheses, e.g. `Nbd5 (b4d5)`.
        candidates: Vec<String>,
    },
    /// The text is well formed but matches no legal move.
    Illegal {
        /// The rejected text.
        text: String,
        /// Why no legal move matches.
        reason: R,
    },
}

impl<R> SanError<R> {
    /// The error of a `text` that is not SAN, and why.
    pub(crate) fn syntax(text: &str, problem: &'static str) -> SanError<R> {
        SanError::Syntax {
            text: excerpt(text, EXCERPT_CHARS),
            problem,
        }
    }

    /// The error of a well-formed `text` that matches no legal move.
    pub(crate) fn illegal(text: &str, reason: R) -> SanError<R> {
        SanError::Illegal {
            text: excerpt(text, EXCERPT_CHARS),
            reason,
        }
    }

    /// The error of a `text` that matches several legal moves, listed as
    /// `candidates`.
    pub(crate) fn ambiguous(text: &str, candidates: Vec<String>) -> SanError<R> {
        SanError::Ambiguous {
            text: excerpt(text, EXCERPT_CHARS),
            candidates,
        }
    }
}

impl<R: fmt::Display> fmt::Display for SanError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { text, problem } => write!(f, "invalid move {text:?}: {problem}"),
            SanError::Ambiguous { text, candidates } => write!(
                f,
                "ambiguous move {text:?}: matches {}",
                candidates.join(", ")
            ),
            SanError::Illegal { text, reason } => write!(f, "illegal move {text:?}: {reason}"),
        }
    }
}

impl<R: fmt::Debug + fmt::Display> std::error::Error for SanError<R> {}
