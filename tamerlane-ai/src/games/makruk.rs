//! Makruk for the search: the trait implementations for [`Position`] and
//! [`Game`].
//!
//! Rules in the tree: checkmate loses, unless the counting rules make it a
//! draw; stalemate is a draw; a repetition is a draw under the rules'
//! repetition rule, and so are a count past its limit and the rules' move
//! limit.

use tamerlane_core::makruk::{Move, Position, Role};
use tamerlane_core::Color;

use crate::eval::makruk::{evaluate, order_value};
use crate::eval::EvalKind;
use crate::eval::Perspective;
use crate::game::SearchPosition;
use crate::packed_move::PackedMove;

impl SearchPosition for Position {
    type Material = ();

    const HISTORY_SIZE: usize = 64 * 64;

    #[inline]
    fn null_move(&self) -> Option<Position> {
        (!self.is_check()).then(|| Position::null_move(self))
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.is_check()
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
