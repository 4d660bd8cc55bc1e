//! Tamerlane chess in the family: its implementation of the
//! [`Position`](crate::Position) trait (the same functions as the inherent
//! methods of the same names, and the end of the game as the rules of
//! docs/RULES.md, section 6, order it), and the conversions of its errors
//! into the family's generic ones.

use core::ops::ControlFlow;

use super::move_list::MoveList;
use super::moves::{IllegalMoveError, Move, MoveError};
use super::outcome::Termination;
use super::position::Position;
use super::rule_set::{RoyalsOnly, RuleSet};
use super::san::SanError;
use super::setup::PositionError;
use super::tfen::TfenError;
use super::Outcome;
use crate::color::Color;
use crate::end_rules::EndRules;
use crate::variant::Variant;

impl crate::Position for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Rules = RuleSet;
    type Termination = Termination;
    type FenError = TfenError;
    type MoveError = MoveError;
    type IllegalMoveError = IllegalMoveError;
    type SanError = SanError;

    const VARIANT: Variant = Variant::Tamerlane;

    fn start(rules: RuleSet) -> Position {
        Position::start_with_rules(rules)
    }

    fn from_fen_with_rules(fen: &str, rules: RuleSet) -> Result<Position, TfenError> {
        Position::from_tfen_with_rules(fen, rules)
    }

    fn to_fen(&self) -> String {
        self.to_tfen()
    }

    #[inline]
    fn rules(&self) -> &RuleSet {
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

    #[inline]
    fn is_irreversible(&self, m: &Move) -> bool {
        Position::is_irreversible(self, m)
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

    /// Whether some royal of the side to move is attacked (docs/RULES.md,
    /// "Interpretations and decisions", 6).
    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    /// No legal move and a single royal, attacked (with several royals the
    /// side without a move is stalemated, and loses all the same).
    fn is_checkmate(&self) -> bool {
        self.is_single_royal_attacked() && !Position::has_legal_moves(self)
    }

    fn is_stalemate(&self) -> bool {
        !self.is_single_royal_attacked() && !Position::has_legal_moves(self)
    }

    fn outcome_before_history(&self) -> Option<Outcome> {
        self.outcome_before_repetition()
    }

    /// Repetition first, then the move limit (docs/RULES.md, section 6).
    fn end_rules(&self) -> EndRules<Termination> {
        EndRules::repetition_then_clock(
            self.rules.repetition(),
            Termination::Repetition,
            self.rules.move_limit(),
            Termination::MoveLimit,
        )
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
