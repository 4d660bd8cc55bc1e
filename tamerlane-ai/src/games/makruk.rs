//! Makruk for the search: the trait implementations for [`Position`] and
//! [`Game`].
//!
//! Rules in the tree: checkmate loses, unless the counting rules make it a
//! draw; stalemate is a draw; a repetition is a draw under the rules'
//! repetition rule, and so are a count past its limit and the rules' move
//! limit.

use tamerlane_core::makruk::{Move, MoveKind, Position, Role};

use crate::eval::makruk::order_value;
use crate::game::SearchPosition;
use crate::movepick::mvv_lva;
use crate::packed_move::PackedMove;
use crate::Features;

impl SearchPosition for Position {
    super::board8::board8_search_items!(makruk);

    /// Null-move pruning pays in Makruk at 10+0.1 against Fairy-Stockfish
    /// (docs/STRENGTH.md, "Makruk").
    const DEFAULT_FEATURES: Features = Features {
        null_move: true,
        ..Features::DEFAULT
    };

    /// The bare-King ending tables that `scale_net` probes with
    /// `endings` (and the Bia's with `biaendings`).
    fn prepare_scale_net(features: &Features) {
        if features.endings {
            crate::eval::makruk_bare_king::build_probed_tables(features.bia_endings);
        }
    }

    #[inline]
    fn null_move(&self) -> Option<Position> {
        (!self.is_check()).then(|| Position::null_move(self))
    }

    /// Two pieces other than Bia and the King.
    #[inline]
    fn has_null_move_material(&self) -> bool {
        let b = self.board();
        (b.by_color(Position::turn(self)) - b.by_role(Role::Pawn) - b.by_role(Role::King)).count()
            >= 2
    }

    /// Origin and destination: a Bia reaching its sixth rank always
    /// becomes a Met, so they name the move.
    #[inline]
    fn pack(m: &Move) -> PackedMove {
        PackedMove::new(m.from.index() as u16 | (m.to.index() as u16) << 6)
    }

    #[inline]
    fn is_quiet(m: &Move) -> bool {
        m.capture.is_none() && m.kind != MoveKind::Promotion
    }

    #[inline(never)]
    fn tactical_score(m: &Move) -> i32 {
        let promo = if m.kind == MoveKind::Promotion {
            100
        } else {
            0
        };
        mvv_lva(m.capture.map_or(0, order_value), promo, order_value(m.role))
    }
}
