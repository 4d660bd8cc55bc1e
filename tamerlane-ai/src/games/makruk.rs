//! Makruk for the search: the trait implementations for [`Position`] and
//! [`Game`].
//!
//! Rules in the tree: checkmate loses, unless the counting rules make it a
//! draw; stalemate is a draw; a repetition is a draw under the rules'
//! repetition rule, and so are a count past its limit and the rules' move
//! limit.

use tamerlane_core::makruk::{Game, Move, MoveList, Position, Role};
use tamerlane_core::Color;

use crate::eval::makruk::{evaluate, order_value};
use crate::eval::EvalKind;
use crate::game::{forward_position_methods, impl_search_game, Perspective, SearchPosition};
use crate::packed_move::PackedMove;

impl SearchPosition for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Material = ();

    const NAME: &'static str = "makruk";
    const HISTORY_SIZE: usize = 64 * 64;

    forward_position_methods!();

    #[inline]
    fn null_move(&self) -> Option<Position> {
        (!self.is_check()).then(|| Position::null_move(self))
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.is_check()
    }

    /// A capture or a pawn move.
    #[inline]
    fn is_irreversible(&self, m: &Move) -> bool {
        m.is_zeroing()
    }

    #[inline]
    fn is_immediate_draw(&self) -> bool {
        false
    }

    #[inline]
    fn repetition_is_draw(&self) -> bool {
        self.rules().repetition().is_some()
    }

    #[inline]
    fn move_limit(&self) -> u32 {
        self.rules().move_limit().unwrap_or(u32::MAX)
    }

    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.count().is_some_and(|c| c.is_exceeded())
    }

    /// Stalemate draws; checkmate loses unless the counting rules make it
    /// a draw (rare: the position's outcome decides).
    #[inline]
    fn no_moves_is_loss(&self, in_check: bool) -> bool {
        in_check && self.outcome().is_some_and(|o| o.winner.is_some())
    }

    /// Two pieces other than Bia and the King.
    #[inline]
    fn has_null_move_material(&self) -> bool {
        let b = self.board();
        (b.by_color(Position::turn(self)) - b.by_role(Role::Pawn) - b.by_role(Role::King)).count()
            >= 2
    }

    #[inline]
    fn surely_has_moves(&self) -> bool {
        self.board().by_color(Position::turn(self)).count() >= 6
    }

    /// Origin and destination: a Bia reaching its sixth rank always
    /// becomes a Met, so they name the move.
    #[inline]
    fn pack(m: &Move) -> PackedMove {
        PackedMove::new(m.from.index() as u16 | (m.to.index() as u16) << 6)
    }

    #[inline]
    fn history_index(m: &Move) -> usize {
        m.from.index() * 64 + m.to.index()
    }

    const PIECE_TO_SIZE: usize = tamerlane_core::makruk::Role::ALL.len() * 64;

    #[inline]
    fn piece_to_index(m: &Move) -> usize {
        m.role.index() * 64 + m.to.index()
    }

    #[inline]
    fn is_quiet(m: &Move) -> bool {
        m.capture.is_none() && !m.promotion
    }

    #[inline(never)]
    fn tactical_score(m: &Move) -> i32 {
        let victim = m.capture.map_or(0, order_value);
        let promo = if m.promotion { 100 } else { 0 };
        victim * 16 + promo * 8 - order_value(m.role) / 16
    }

    #[inline]
    fn see_ge(&self, m: &Move, threshold: i32) -> bool {
        crate::see::makruk::see_ge(self, m, threshold)
    }

    #[inline]
    fn material(&self) {}

    #[inline]
    fn material_after(_before: (), _m: &Move, _us: Color) {}

    #[inline]
    fn evaluate(&self, kind: EvalKind, _material: (), _view: Perspective) -> i32 {
        evaluate(self, kind)
    }
}

impl_search_game!();
