//! Makruk in the family: its implementation of the
//! [`Position`](crate::Position) trait (the same functions as the inherent
//! methods of the same names; the count and the draws of docs/MAKRUK.md),
//! and the conversions of its errors into the family's generic ones.

use super::counting::Count;
use super::fen::FenError;
use super::move_list::MoveList;
use super::moves::{IllegalMoveError, Move, MoveError};
use super::outcome::Termination;
use super::position::Position;
use super::rules::Rules;
use super::san::SanError;
use super::setup::PositionError;

impl crate::Position for Position {
    crate::position::forward_to_inherent!(
        variant: Makruk,
        rules: Rules,
        fen: FenError, from_fen_with_rules, to_fen, parse_move,
        moves: from_move_sets,
        end: repetition_then_move_limit
    );

    /// A capture or a pawn move.
    #[inline]
    fn is_irreversible(&self, m: &Move) -> bool {
        m.is_zeroing()
    }

    /// A count past its limit.
    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.count.is_some_and(Count::is_exceeded)
    }

    /// Stalemate draws; checkmate loses unless the counting rules make it
    /// a draw (rare: the position's outcome decides).
    #[inline]
    fn no_moves_is_loss(&self, in_check: bool) -> bool {
        in_check && self.outcome().is_some_and(|o| o.winner.is_some())
    }
}

crate::game::play_error_from!();
crate::fen::fen_error_of!(Makruk);
