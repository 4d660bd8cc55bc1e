//! A plain, unvalidated description of a Makruk position, and the errors
//! found when validating one.

use core::fmt;

use super::board::Board;
use super::counting::Count;
use super::role::{Piece, Role};
use crate::board8::{Bitboard, KingCount, Square};
use crate::color::Color;

/// The most pieces a side may have (its sixteen at the start; a side never
/// gains a piece), checked when a position is validated.
pub const MAX_PIECES_PER_SIDE: u32 = 16;

/// Everything a FEN says, with no rule checked yet.
///
/// Turn it into a playable [`Position`](super::Position) with
/// [`Position::from_setup`](super::Position::from_setup), which validates it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The running count of the counting rules, if any.
    pub count: Option<Count>,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
}

impl Setup {
    /// The start position.
    pub fn start() -> Setup {
        Setup {
            board: Board::start(),
            ..Setup::empty()
        }
    }

    /// An empty board, White to move, no count, move 1.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            count: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Checks what a position must satisfy to be played. The checks are
    /// made in a fixed order and the first failure is reported:
    /// the fullmove number, then for each side (White first) one King, at
    /// most 16 pieces and no pawn on or past its promotion rank, then that
    /// the side not to move is not in check, then that a count runs only
    /// without pawns.
    pub fn validate(&self) -> Result<(), PositionError> {
        let b = &self.board;
        if self.fullmoves == 0 {
            return Err(PositionError::FullmoveZero);
        }
        for color in Color::ALL {
            match b.king_count(color) {
                KingCount::None => return Err(PositionError::NoKing { color }),
                KingCount::Several => return Err(PositionError::TooManyKings { color }),
                KingCount::One => {}
            }
            let count = b.by_color(color).count();
            if count > MAX_PIECES_PER_SIDE {
                return Err(PositionError::TooManyPieces { color, count });
            }
            let zone = b.by_piece(Piece::new(color, Role::Pawn)) & promotion_zone(color);
            if let Some(square) = zone.first() {
                return Err(PositionError::PawnOnPromotionRank { square, color });
            }
        }
        let waiting = !self.turn;
        let king = b.king(waiting).expect("checked above");
        if b.attackers(king, self.turn, b.occupied()).any() {
            return Err(PositionError::OpponentInCheck { color: waiting });
        }
        if self.count.is_some() && b.by_role(Role::Pawn).any() {
            return Err(PositionError::CountWithPawns);
        }
        Ok(())
    }

    /// The same position seen from the other side: the board turned 180
    /// degrees with the colours swapped and the other side to move. The
    /// count and the clocks are kept.
    pub fn mirror(&self) -> Setup {
        Setup {
            board: self.board.mirror(),
            turn: !self.turn,
            ..self.clone()
        }
    }
}

/// The squares where a pawn of `color` cannot stand: its sixth rank, where
/// it becomes a Met, and beyond (ranks 6-8 for White, 1-3 for Black).
pub(crate) fn promotion_zone(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(!0 << 40),
        Color::Black => Bitboard(!0 >> 40),
    }
}

/// The rank a pawn of `color` promotes on: the sixth (third for Black).
pub(crate) fn promotion_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard::rank(5),
        Color::Black => Bitboard::rank(2),
    }
}

/// A rule that a [`Setup`] breaks, found by [`Setup::validate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no King.
    NoKing {
        /// The side.
        color: Color,
    },
    /// A side has more than one King.
    TooManyKings {
        /// The side.
        color: Color,
    },
    /// A side has more pieces than the sixteen it starts with.
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A pawn stands on its sixth rank (third for Black) or beyond, where
    /// it would already have become a Met.
    PawnOnPromotionRank {
        /// The square.
        square: Square,
        /// The pawn's side.
        color: Color,
    },
    /// The side that has just moved is in check.
    OpponentInCheck {
        /// The side not to move, whose King is attacked.
        color: Color,
    },
    /// A count is given while pawns remain (counting needs a board without pawns).
    CountWithPawns,
    /// The fullmove number is 0 (it starts at 1).
    FullmoveZero,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NoKing { color } => write!(f, "{color} has no King"),
            PositionError::TooManyKings { color } => write!(f, "{color} has more than one King"),
            PositionError::TooManyPieces { color, count } => write!(
                f,
                "{color} has {count} pieces, more than the {MAX_PIECES_PER_SIDE} a side starts with"
            ),
            PositionError::PawnOnPromotionRank { square, color } => write!(
                f,
                "{color} pawn on {square} stands on or past its promotion rank (it would be a Met)"
            ),
            PositionError::OpponentInCheck { color } => {
                write!(f, "{color} is not to move but its King is attacked")
            }
            PositionError::CountWithPawns => {
                f.write_str("a count is given but pawns remain on the board")
            }
            PositionError::FullmoveZero => f.write_str("the fullmove number must be at least 1"),
        }
    }
}

impl std::error::Error for PositionError {}
