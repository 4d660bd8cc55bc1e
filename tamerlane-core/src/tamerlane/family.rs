//! Tamerlane chess in the family: its implementation of the
//! [`Position`](crate::Position) trait (the same functions as the inherent
//! methods of the same names, and the end of the game as the rules of
//! docs/RULES.md, section 6, order it), and the conversions of its errors
//! into the family's generic ones.

use super::move_list::MoveList;
use super::moves::{IllegalMoveError, Move, MoveError};
use super::outcome::Termination;
use super::position::Position;
use super::rule_set::{RoyalsOnly, RuleSet};
use super::san::SanError;
use super::setup::PositionError;
use super::tfen::TfenError;

impl crate::Position for Position {
    crate::position::forward_to_inherent!(
        variant: Tamerlane,
        rules: RuleSet,
        fen: TfenError, from_tfen_with_rules, to_tfen, parse_move,
        moves: from_move_sets,
        end: repetition_then_move_limit
    );

    #[inline]
    fn is_irreversible(&self, m: &Move) -> bool {
        Position::is_irreversible(self, m)
    }

    /// No legal move and a single royal, attacked (with several royals the
    /// side without a move is stalemated, and loses all the same).
    fn is_checkmate(&self) -> bool {
        self.is_single_royal_attacked() && !Position::has_legal_moves(self)
    }

    fn is_stalemate(&self) -> bool {
        !self.is_single_royal_attacked() && !Position::has_legal_moves(self)
    }

    /// The citadel entry: the position after it has no legal moves, and is
    /// a draw all the same.
    #[inline]
    fn is_immediate_draw(&self) -> bool {
        self.is_citadel_draw()
    }

    /// Royals only, under `royals-only=draw`.
    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.rules.royals_only() == RoyalsOnly::Draw && self.is_royals_only()
    }

    /// Checkmate and stalemate both lose.
    #[inline]
    fn no_moves_is_loss(&self, _in_check: bool) -> bool {
        true
    }
}

crate::game::play_error_from!();
crate::fen::fen_error_of!(Tamerlane);
