//! FIDE chess for the search: the trait implementations for
//! [`Position`] and [`Game`].
//!
//! Rules in the tree: checkmate loses and stalemate is a draw; a
//! repetition is a draw, and so are the 50-move rule (the engine would
//! claim it) and positions where neither side can mate (insufficient
//! material).

use tamerlane_core::chess::{Move, MoveKind, Position, Role};

use crate::eval::chess::order_value;
use crate::game::SearchPosition;
use crate::movepick::mvv_lva;
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
    super::board8::board8_search_items!(chess);

    #[inline]
    fn null_move(&self) -> Option<Position> {
        Position::null_move(self)
    }

    /// A piece other than pawns and the king (zugzwang is rare then).
    #[inline]
    fn has_null_move_material(&self) -> bool {
        let b = self.board();
        (b.by_color(Position::turn(self)) - b.by_role(Role::Pawn) - b.by_role(Role::King)).any()
    }

    #[inline]
    fn pack(m: &Move) -> PackedMove {
        PackedMove::new(
            m.from.index() as u16 | (m.to.index() as u16) << 6 | promotion_bits(m.kind) << 12,
        )
    }

    #[inline]
    fn is_quiet(m: &Move) -> bool {
        m.capture.is_none() && !matches!(m.kind, MoveKind::Promotion(_))
    }

    #[inline(never)]
    fn tactical_score(m: &Move) -> i32 {
        let promo = match m.kind {
            MoveKind::Promotion(r) => order_value(r),
            _ => 0,
        };
        mvv_lva(m.capture.map_or(0, order_value), promo, order_value(m.role))
    }
}
