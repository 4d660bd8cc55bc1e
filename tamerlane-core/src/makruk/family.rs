//! Makruk in the family: its implementation of the
//! [`Position`](crate::Position) trait (the same functions as the inherent
//! methods of the same names; the count and the draws of docs/MAKRUK.md),
//! and the conversions of its errors into the family's generic ones.

use core::ops::ControlFlow;

use super::counting::Count;
use super::fen::FenError;
use super::moves::{IllegalMoveError, Move, MoveError, MoveList};
use super::outcome::Termination;
use super::position::Position;
use super::rules::Rules;
use super::san::SanError;
use super::setup::PositionError;
use super::Outcome;
use crate::color::Color;
use crate::end_rules::EndRules;
use crate::variant::Variant;

impl crate::Position for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Rules = Rules;
    type Termination = Termination;
    type FenError = FenError;
    type MoveError = MoveError;
    type IllegalMoveError = IllegalMoveError;
    type SanError = SanError;

    const VARIANT: Variant = Variant::Makruk;

    fn start(rules: Rules) -> Position {
        Position::start_with_rules(rules)
    }

    fn from_fen_with_rules(fen: &str, rules: Rules) -> Result<Position, FenError> {
        Position::from_fen_with_rules(fen, rules)
    }

    fn to_fen(&self) -> String {
        Position::to_fen(self)
    }

    #[inline]
    fn rules(&self) -> &Rules {
        &self.rules
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    #[inline]
    fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn same_position(&self, other: &Position) -> bool {
        Position::same_position(self, other)
    }

    #[inline]
    fn for_each_move<B>(&self, mut f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
        self.for_each_legal(|from, targets| {
            for to in targets {
                f(self.move_between(from, to))?;
            }
            ControlFlow::Continue(())
        })
    }

    #[inline]
    fn legal_moves_into(&self, list: &mut MoveList) {
        Position::legal_moves_into(self, list);
    }

    #[inline]
    fn tactical_moves_into(&self, list: &mut MoveList) {
        Position::tactical_moves_into(self, list);
    }

    #[inline]
    fn count_legal(&self) -> usize {
        Position::count_legal(self)
    }

    #[inline]
    fn has_legal_moves(&self) -> bool {
        Position::has_legal_moves(self)
    }

    fn is_legal(&self, m: &Move) -> bool {
        Position::is_legal(self, m)
    }

    fn play(&mut self, m: &Move) -> Result<(), IllegalMoveError> {
        Position::play(self, m)
    }

    #[inline]
    fn play_unchecked(&mut self, m: &Move) {
        Position::play_unchecked(self, m);
    }

    /// A capture or a pawn move.
    #[inline]
    fn is_irreversible(&self, m: &Move) -> bool {
        m.is_zeroing()
    }

    fn parse_move(&self, s: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, s)
    }

    fn parse_san(&self, s: &str) -> Result<Move, SanError> {
        Position::parse_san(self, s)
    }

    fn san(&self, m: &Move) -> String {
        Position::san(self, m)
    }

    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn outcome_before_history(&self) -> Option<Outcome> {
        self.outcome_before_repetition()
    }

    /// Repetition first, then the move limit (docs/MAKRUK.md).
    fn end_rules(&self) -> EndRules<Termination> {
        EndRules::repetition_then_clock(
            self.rules.repetition(),
            Termination::Repetition,
            self.rules.move_limit(),
            Termination::MoveLimit,
        )
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
