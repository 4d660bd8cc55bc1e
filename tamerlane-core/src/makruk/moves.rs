//! Makruk moves with their context, their UCI strings (`e3e4`, `e5e6m`),
//! and the errors of reading and playing them.

use core::fmt;

use super::role::Role;
use crate::board8::Square;

/// The kind of a Makruk move: whether a pawn becomes a Met.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture.
    Normal,
    /// A pawn reaching its sixth rank and becoming a Met (always so for a
    /// pawn arriving there).
    Promotion,
}

/// A Makruk move with its context: which piece moves, what it takes, and
/// whether it promotes (the family's [`Move`](crate::moves::Move)). Its
/// [`Display`](fmt::Display) is the UCI string.
///
/// A `Move` is only meaningful in the position it was made for; use
/// [`Position::is_legal`](super::Position::is_legal) to check one from
/// elsewhere.
pub type Move = crate::moves::Move<Square, Role, MoveKind>;

impl crate::moves::Kind<Role> for MoveKind {
    const NORMAL: MoveKind = MoveKind::Normal;

    /// A Met, for a promotion.
    #[inline]
    fn promotion(self) -> Option<Role> {
        match self {
            MoveKind::Promotion => Some(Role::Met),
            MoveKind::Normal => None,
        }
    }
}

impl Move {
    /// Whether the move resets the halfmove clock: a capture or a pawn move.
    #[inline]
    pub fn is_zeroing(&self) -> bool {
        self.capture.is_some() || self.role == Role::Pawn
    }

    /// The move as its UCI string's parts.
    #[inline]
    pub fn uci(&self) -> UciMove {
        UciMove {
            from: self.from,
            to: self.to,
            promotion: self.kind == MoveKind::Promotion,
        }
    }
}

impl fmt::Display for Move {
    /// The UCI string: `e3e4`, `e5e6m` for a promotion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.uci().fmt(f)
    }
}

/// A Makruk move as written in UCI, `<from><to>` with `m` after a
/// promotion (`e3e4`, `e5e6m`, as Fairy-Stockfish writes Makruk moves), not
/// yet matched against a position (see
/// [`Position::parse_move`](super::Position::parse_move)).
pub type UciMove = crate::board8::UciMove<bool>;

/// Makruk's mark: whether the string ends in `m` (a pawn becoming a Met).
impl crate::board8::PromotionMark for bool {
    const VARIANT: crate::variant::Variant = crate::variant::Variant::Makruk;

    fn read(suffix: &str) -> Option<bool> {
        match suffix {
            "" => Some(false),
            "m" => Some(true),
            _ => None,
        }
    }

    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self {
            f.write_str("m")?;
        }
        Ok(())
    }
}

/// A string that is not a move of this game: the family's
/// [`ParseMoveError`](crate::move_text::ParseMoveError).
pub type ParseMoveError = crate::move_text::ParseMoveError;

crate::move_text::illegal_reasons! {
    /// Why a move is not legal in a position.
    pub enum IllegalReason {
        leaves:
        /// The move would leave the mover's King attacked.
        LeavesKingAttacked => "it would leave the King attacked",
        /// A pawn reaches its sixth rank, which makes it a Met: the string
        /// must end in `m`.
        MissingPromotion => "the pawn reaches its sixth rank and becomes a Met: write m at the end",
        /// The string ends in `m` but the move is no pawn reaching its sixth rank.
        NotAPromotion => "only a pawn reaching its sixth rank promotes (m at the end)",
        /// The move's context (role, capture, promotion) does not match the position.
        WrongContext => "its role, capture or promotion does not match this position",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_strings_parse_and_print() {
        for s in ["e3e4", "a1h8", "e5e6m", "d4c3m"] {
            assert_eq!(s.parse::<UciMove>().unwrap().to_string(), s);
        }
        for s in [
            "", "e3", "e3e", "e3e9", "i1a1", "e3e4 ", "e3e4q", "e5e6M", "e3-e4", "é3e4",
        ] {
            assert!(s.parse::<UciMove>().is_err(), "{s}");
        }
    }
}
