//! FIDE chess in the family: its implementation of the
//! [`Position`](crate::Position) trait (the same functions as the inherent
//! methods of the same names; the draws of FIDE 9.2, 9.3 and 9.6 as data),
//! and the conversions of its errors into the family's generic ones.

use core::ops::ControlFlow;

use super::fen::FenError;
use super::move_list::MoveList;
use super::moves::{IllegalMoveError, Move, MoveError};
use super::outcome::Termination;
use super::position::{Position, FIFTY_MOVES, SEVENTY_FIVE_MOVES};
use super::rules::{Draws, Rules};
use super::san::SanError;
use super::setup::PositionError;
use crate::end_rules::{DrawTrigger, EndRules};

impl crate::Position for Position {
    crate::position::forward_to_inherent!(
        variant: Chess,
        rules: Rules,
        fen: FenError, from_fen_with_rules, to_fen, parse_uci
    );

    /// From a move list: a pawn's move set stands for up to four
    /// promotion moves.
    #[inline]
    fn for_each_move<B>(&self, mut f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut list = MoveList::new();
        Position::legal_moves_into(self, &mut list);
        for m in list.iter() {
            f(*m)?;
        }
        ControlFlow::Continue(())
    }

    /// A capture or a pawn move.
    #[inline]
    fn is_irreversible(&self, m: &Move) -> bool {
        m.is_zeroing()
    }

    /// The 75-move rule, fivefold repetition, and with `draws=automatic`
    /// the 50-move rule and threefold repetition, in that order; else the
    /// last two on a claim (FIDE 9.2, 9.3, 9.6).
    fn end_rules(&self) -> EndRules<Termination> {
        let rules = EndRules::none()
            .with_automatic(
                DrawTrigger::Clock(SEVENTY_FIVE_MOVES),
                Termination::SeventyFiveMoves,
            )
            .with_automatic(DrawTrigger::Repetition(5), Termination::FivefoldRepetition);
        let fifty = (DrawTrigger::Clock(FIFTY_MOVES), Termination::FiftyMoves);
        let threefold = (DrawTrigger::Repetition(3), Termination::ThreefoldRepetition);
        match self.rules.draws() {
            Draws::Automatic => rules
                .with_automatic(fifty.0, fifty.1)
                .with_automatic(threefold.0, threefold.1),
            Draws::Claim => rules
                .with_claimable(threefold.0, threefold.1)
                .with_claimable(fifty.0, fifty.1),
        }
    }

    /// A dead position (insufficient material).
    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.is_insufficient_material()
    }

    /// Checkmate loses; stalemate draws.
    #[inline]
    fn no_moves_is_loss(&self, in_check: bool) -> bool {
        in_check
    }
}

crate::game::play_error_from!();
crate::fen::fen_error_of!(Chess);
