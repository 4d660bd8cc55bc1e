//! Moves with their context, coordinate move strings, and the errors of
//! reading and playing moves.

use core::fmt;
use core::str::FromStr;

use crate::tamerlane::role::Role;
use crate::tamerlane::square::Square;

/// What happens when the pawn of pawns reaches its last rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arrival {
    /// First arrival (stage 0 to 1): it stays there, waiting to be placed.
    First,
    /// Second arrival (stage 1 to 2) with the owner's king-pawn start square
    /// (`f3`/`f8`) empty: it is moved there at once.
    SecondToReturnSquare,
    /// Second arrival with the return square occupied: it waits on the last
    /// rank until transferred.
    SecondWaiting,
}

/// The kind of a move: what it does beyond taking a piece from one square to
/// another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture.
    Normal,
    /// A pawn reaching the last rank and becoming the given piece (a Prince
    /// for the pawn of kings, an Adventitious King for the pawn of pawns on
    /// its third arrival).
    Promotion(Role),
    /// A royal stepping into a citadel: the opponent's (the game ends in a
    /// draw) or, for an Adventitious King, its own.
    CitadelEntry,
    /// The pawn of pawns reaching the last rank on its first or second arrival.
    Arrival(Arrival),
    /// The waiting pawn of pawns (stage 1) lifted onto a square where it
    /// attacks two enemy pieces.
    Placement,
    /// The waiting pawn of pawns (stage 2) transferred to its return square.
    Transfer,
    /// The King exchanging squares with a friendly piece.
    KingSwap,
}

/// A Tamerlane move with its context: which piece moves, what it takes and
/// what kind of move it is (the family's [`Move`](crate::moves::Move)).
/// Its [`Display`](fmt::Display) is the coordinate string.
///
/// For a swap, `from` is the King's square and `to` the partner's; for a
/// second arrival, `to` is the last-rank square reached. A `Move` is only
/// meaningful in the position it was made for; use
/// [`Position::is_legal`](crate::tamerlane::Position::is_legal) to check one
/// from elsewhere.
pub type Move = crate::moves::Move<Square, Role, MoveKind>;

crate::moves::kind_with_promotion_role!(MoveKind, Role);

impl Move {
    /// Whether the move resets the halfmove clock: a capture or any pawn
    /// move (placements and transfers of the pawn of pawns included).
    #[inline]
    pub fn is_zeroing(&self) -> bool {
        self.capture.is_some() || (self.role.is_pawn() && self.kind != MoveKind::KingSwap)
    }

    /// The move as a bare `from`/`to` pair.
    #[inline]
    pub fn coord(&self) -> CoordMove {
        CoordMove {
            from: self.from,
            to: self.to,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A move as written in coordinate notation, `<from><to>`, not yet matched
/// against a position (see [`Position::parse_move`](crate::tamerlane::Position::parse_move)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoordMove {
    /// Origin square.
    pub from: Square,
    /// Target square.
    pub to: Square,
}

impl fmt::Display for CoordMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A string that is not a move of this game: the family's
/// [`ParseMoveError`](crate::move_text::ParseMoveError).
pub type ParseMoveError = crate::move_text::ParseMoveError;

impl FromStr for CoordMove {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<CoordMove, ParseMoveError> {
        let err = || ParseMoveError::new(crate::variant::Variant::Tamerlane, s);
        let b = s.as_bytes();
        if !(4..=6).contains(&b.len()) {
            return Err(err());
        }
        let split = if matches!(&b[..2], b"wc" | b"bc") || b[1] != b'1' || b[2] != b'0' {
            2
        } else {
            3
        };
        let from = Square::from_ascii(&b[..split]).ok_or_else(err)?;
        let to = Square::from_ascii(&b[split..]).ok_or_else(err)?;
        Ok(CoordMove { from, to })
    }
}

crate::move_text::illegal_reasons! {
    /// Why a move is not legal in a position.
    pub enum IllegalReason {
        leaves:
        /// The move would leave the mover's only royal attacked.
        LeavesRoyalAttacked => "it would leave the only royal attacked",
        /// The move's context (role, capture, kind) does not match the position.
        WrongContext => "its role, capture or kind does not match this position",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinate_strings_parse_and_print() {
        for s in [
            "f3f4", "a10e5", "k2wc", "wck1", "a9bc", "e10e9", "a1a10", "k10k9",
        ] {
            assert_eq!(s.parse::<CoordMove>().unwrap().to_string(), s);
        }
        for s in [
            "", "f3", "f3f", "f11f4", "z1a1", "f3f4 ", "a0a1", "wcwc1", "f3-f4", "é3f4",
        ] {
            assert!(s.parse::<CoordMove>().is_err(), "{s}");
        }
    }
}
