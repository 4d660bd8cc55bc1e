//! Chess moves with their context, UCI move strings, and the errors of
//! reading and playing moves.

use core::fmt;

use super::castling::CastlingSide;
use super::role::Role;
use crate::board8::Square;

/// The kind of a move: what it does beyond taking a piece from one square
/// to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture (a pawn's single step included).
    Normal,
    /// A pawn's double step from its initial square (FIDE 3.7.2).
    DoubleStep,
    /// A pawn capturing en passant (FIDE 3.7.3.1): the captured pawn is not
    /// on the target square but beside the origin.
    EnPassant,
    /// Castling (FIDE 3.8.2): the king's move of two squares, the rook
    /// jumping over it.
    Castle(CastlingSide),
    /// A pawn reaching the last rank and becoming the given piece (FIDE 3.7.3.3).
    Promotion(Role),
}

/// A chess move with its context: which piece moves, what it takes and
/// what kind of move it is (the family's [`Move`](crate::moves::Move)). Its
/// [`Display`](fmt::Display) is the UCI string.
///
/// For castling, `from` is the king's square and `to` the king's target
/// (`g1`, `c1`, `g8` or `c8`); for a promotion, the role is a pawn's; for
/// en passant, the capture is a pawn. A `Move` is only meaningful in the
/// position it was made for; use
/// [`Position::is_legal`](super::Position::is_legal) to check one from
/// elsewhere.
pub type Move = crate::moves::Move<Square, Role, MoveKind>;

crate::moves::kind_with_promotion_role!(MoveKind, Role);

impl Move {
    /// The side castled to, for castling moves.
    #[inline]
    pub fn castling_side(&self) -> Option<CastlingSide> {
        match self.kind {
            MoveKind::Castle(side) => Some(side),
            _ => None,
        }
    }

    /// Whether the move resets the halfmove clock: a capture or a pawn move
    /// (FIDE 9.3).
    #[inline]
    pub fn is_zeroing(&self) -> bool {
        self.capture.is_some() || self.role == Role::Pawn
    }

    /// Whether the move is *tactical*: a capture (en passant included) or
    /// a promotion. A quiescence search's moves.
    #[inline]
    pub fn is_tactical(&self) -> bool {
        self.capture.is_some() || self.promotion().is_some()
    }

    /// The move as a UCI string's parts.
    #[inline]
    pub fn uci(&self) -> UciMove {
        UciMove {
            from: self.from,
            to: self.to,
            promotion: self.promotion(),
        }
    }
}

impl fmt::Display for Move {
    /// The UCI string: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.uci().fmt(f)
    }
}

/// A chess move as UCI writes it: origin, target and the promotion piece
/// (`e2e4`, `e7e8q`), not yet matched against a position (see
/// [`Position::parse_uci`](super::Position::parse_uci)). Castling is the
/// king's move (`e1g1`).
pub type UciMove = crate::board8::UciMove<Option<Role>>;

/// Chess's mark: the promotion piece's letter, lower case.
impl crate::board8::PromotionMark for Option<Role> {
    const VARIANT: crate::variant::Variant = crate::variant::Variant::Chess;

    fn read(suffix: &str) -> Option<Self> {
        match suffix {
            "" => Some(None),
            "q" => Some(Some(Role::Queen)),
            "r" => Some(Some(Role::Rook)),
            "b" => Some(Some(Role::Bishop)),
            "n" => Some(Some(Role::Knight)),
            _ => None,
        }
    }

    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Some(r) => write!(f, "{}", r.letter().to_ascii_lowercase()),
            None => Ok(()),
        }
    }
}

/// A string that is not a move of this game: the family's
/// [`ParseMoveError`](crate::move_text::ParseMoveError).
pub type ParseUciError = crate::move_text::ParseMoveError;

/// Why castling is not possible in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingProblem {
    /// The right is gone: the king or that rook has moved (FIDE 3.8.2.1).
    NoRight,
    /// A piece stands between the king and the rook.
    Blocked,
    /// The king is in check.
    InCheck,
    /// The king would pass over an attacked square.
    ThroughCheck,
    /// The king would end on an attacked square.
    IntoCheck,
}

impl fmt::Display for CastlingProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastlingProblem::NoRight => "the right to castle there is gone",
            CastlingProblem::Blocked => "a piece stands between the king and the rook",
            CastlingProblem::InCheck => "the king is in check",
            CastlingProblem::ThroughCheck => "the king would pass over an attacked square",
            CastlingProblem::IntoCheck => "the king would end in check",
        })
    }
}

crate::move_text::illegal_reasons! {
    /// Why a move is not legal in a position.
    pub enum IllegalReason {
        leaves:
        /// The move would leave the mover's king in check.
        LeavesKingInCheck => "it would leave the king in check",
        /// A pawn move to the last rank without the promotion piece.
        MissingPromotion => "a pawn reaching the last rank must name its promotion (q, r, b or n)",
        /// A promotion piece on a move that is not a promotion.
        NotAPromotion => "only a pawn reaching the last rank promotes",
        /// The move's context (role, capture, kind) does not match the position.
        WrongContext => "its role, capture or kind does not match this position",
        ; with:
        /// A castling move that is not possible now.
        Castling(CastlingProblem) => "cannot castle: ",
    }
}
