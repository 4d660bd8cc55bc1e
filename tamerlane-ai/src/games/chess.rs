//! FIDE chess for the search: the trait implementations for
//! [`Position`] and [`Game`].
//!
//! Rules in the tree: checkmate loses and stalemate is a draw; a
//! repetition is a draw, and so are the 50-move rule (the engine would
//! claim it) and positions where neither side can mate (insufficient
//! material).

use tamerlane_core::chess::{Move, MoveKind, Position, Role};
use tamerlane_core::Color;

use crate::eval::chess::{evaluate, order_value};
use crate::eval::EvalKind;
use crate::eval::Perspective;
use crate::game::SearchPosition;
use crate::packed_move::PackedMove;

/// The promotion's index in a packed move (0 for none or a knight's
/// promotion is told apart by the role bits: 1 to 4).
const fn promotion_bits(kind: MoveKind) -> u16 {
    match kind {
        MoveKind::Promotion(Role::Knight) => 1,
        MoveKind::Promotion(Role::Bishop) => 2,
        MoveKind::Promotion(Role::Rook) => 3,
        MoveKind::Promotion(_) => 4,
        _ => 0,
    }
}

impl SearchPosition for Position {
    type Material = ();

    const HISTORY_SIZE: usize = 64 * 64;

    #[inline]
    fn null_move(&self) -> Option<Position> {
        Position::null_move(self)
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.is_check()
    }

    /// A piece other than pawns and the king (zugzwang is rare then).
    #[inline]
    fn has_null_move_material(&self) -> bool {
        let b = self.board();
        (b.by_color(Position::turn(self)) - b.by_role(Role::Pawn) - b.by_role(Role::King)).any()
    }

    #[inline]
    fn surely_has_moves(&self) -> bool {
        self.board().by_color(Position::turn(self)).count() >= 6
    }

    #[inline]
    fn pack(m: &Move) -> PackedMove {
        PackedMove::new(
            m.from.index() as u16 | (m.to.index() as u16) << 6 | promotion_bits(m.kind) << 12,
        )
    }

    #[inline]
    fn history_index(m: &Move) -> usize {
        m.from.index() * 64 + m.to.index()
    }

    const PIECE_TO_SIZE: usize = tamerlane_core::chess::Role::ALL.len() * 64;

    #[inline]
    fn piece_to_index(m: &Move) -> usize {
        m.role.index() * 64 + m.to.index()
    }

    #[inline]
    fn is_quiet(m: &Move) -> bool {
        m.capture.is_none() && !matches!(m.kind, MoveKind::Promotion(_))
    }

    #[inline(never)]
    fn tactical_score(m: &Move) -> i32 {
        let victim = m.capture.map_or(0, order_value);
        let promo = match m.kind {
            MoveKind::Promotion(r) => order_value(r),
            _ => 0,
        };
        victim * 16 + promo * 8 - order_value(m.role) / 16
    }

    #[inline]
    fn see_ge(&self, m: &Move, threshold: i32) -> bool {
        crate::see::chess::see_ge(self, m, threshold)
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
