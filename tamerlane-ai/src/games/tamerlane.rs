//! Tamerlane chess for the search: the trait implementations for
//! [`Position`] and [`Game`].
//!
//! Rules in the tree: a position after a citadel entry is a draw (it has
//! no legal moves, so it is tested first); no legal move is a loss
//! (checkmate or stalemate); a repetition is a draw when the rule set has
//! the repetition rule, as are the move limit and royals-only positions
//! under their options (unless the side to move has no move, which the
//! rules rank first). Capturing one of several royals is an ordinary
//! capture, and king swaps and pawn-of-pawns moves come from the move
//! generator like any other move.

use tamerlane_core::tamerlane::Position;
use tamerlane_core::{ByColor, Color, Move, MoveKind};

use crate::config::Features;
use crate::eval::tamerlane::{evaluate_with_material, material, material_after, order_value};
use crate::eval::Perspective;
use crate::eval::{EvalKind, MATE_BOUND};
use crate::game::{gives_check_by_playing, SearchPosition};
use crate::movepick::mvv_lva;
use crate::packed_move::PackedMove;

/// The number of squares (the board's 110 and the two citadels).
const SQUARES: usize = 112;

impl SearchPosition for Position {
    type Material = ByColor<i32>;

    const HISTORY_SIZE: usize = SQUARES * SQUARES;

    #[inline]
    fn null_move(&self) -> Option<Position> {
        Some(Position::null_move(self))
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.is_single_royal_attacked()
    }

    /// Without playing the move for ordinary moves and promotions (which
    /// leave the opponent's royals but the one captured on the target
    /// square): check needs a single royal left, then the core's test.
    #[inline]
    fn gives_check(&self, m: &Move) -> bool {
        match m.kind {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let theirs = self.royals(!Position::turn(self)).without(m.to);
                theirs.single().is_some() && Position::gives_check(self, m)
            }
            _ => gives_check_by_playing(self, m),
        }
    }

    /// Two officers (pieces other than pawns and royals) or more: stalemate
    /// loses, so "passing" is never safe with little material.
    #[inline]
    fn has_null_move_material(&self) -> bool {
        let b = self.board();
        (b.by_color(Position::turn(self)) - b.pawns() - b.royals()).count() >= 2
    }

    /// Six men or more: with several pieces a position without legal
    /// moves is practically impossible.
    #[inline]
    fn surely_has_moves(&self) -> bool {
        self.board().by_color(Position::turn(self)).count() >= 6
    }

    #[inline]
    fn pack(m: &Move) -> PackedMove {
        PackedMove::new(m.from.index() as u16 | (m.to.index() as u16) << 8)
    }

    #[inline]
    fn history_index(m: &Move) -> usize {
        m.from.index() * SQUARES + m.to.index()
    }

    /// Twelve piece kinds and the pawns (of every kind) as a thirteenth.
    const PIECE_TO_SIZE: usize = 13 * SQUARES;
    /// Tamerlane's citadel rule offers the side that is behind a draw that
    /// the other side must keep preventing; with contempt the engine, when
    /// about even, plays on instead of running for it (docs/experiments/LOG.md,
    /// "Node rate, move-count pruning before the move, contempt"). Chess
    /// and Makruk keep the default of 0: in chess the opponent that
    /// measures the engine is stronger, and in Makruk 30 cp scored no
    /// better against Fairy-Stockfish (docs/experiments/LOG.md, "Contempt
    /// in Makruk").
    const CONTEMPT: i32 = 30;

    #[inline]
    fn piece_to_index(m: &Move) -> usize {
        let kind = if m.role.is_pawn() { 12 } else { m.role.index() };
        kind * SQUARES + m.to.index()
    }

    /// Not a capture, promotion, pawn-of-pawns placement or arrival, or
    /// citadel entry.
    #[inline]
    fn is_quiet(m: &Move) -> bool {
        m.capture.is_none()
            && matches!(
                m.kind,
                MoveKind::Normal | MoveKind::KingSwap | MoveKind::Transfer
            )
    }

    /// MVV-LVA and bonuses for the other tactical move kinds.
    ///
    /// Not inlined: inlined into the ordering (its only caller), its
    /// `match` on the move kind is merged with the quiet-move test and
    /// every quiet move pays for it (measured: 40% more instructions in
    /// the ordering, 1% in the whole search).
    #[inline(never)]
    fn tactical_score(m: &Move) -> i32 {
        let bonus = match m.kind {
            MoveKind::Promotion(r) => order_value(r),
            MoveKind::Placement => 300,
            MoveKind::CitadelEntry => 50,
            MoveKind::Arrival(_) => 200,
            _ => 0,
        };
        mvv_lva(m.capture.map_or(0, order_value), bonus, order_value(m.role))
    }

    #[inline]
    fn see_ge(&self, m: &Move, threshold: i32) -> bool {
        crate::see::tamerlane::see_ge(self, m, threshold)
    }

    #[inline]
    fn material(&self) -> ByColor<i32> {
        material(self)
    }

    #[inline]
    fn material_after(before: ByColor<i32>, m: &Move, us: Color) -> ByColor<i32> {
        material_after(before, m, us)
    }

    #[inline]
    fn evaluate(&self, kind: EvalKind, material: ByColor<i32>, view: Perspective) -> i32 {
        evaluate_with_material(self, kind, material, view)
    }

    #[inline]
    fn scale_net(&self, raw: i32, view: Perspective, features: &Features) -> i32 {
        if features.net_pull {
            crate::eval::tamerlane::scale_toward(self, raw, view)
        } else {
            crate::eval::tamerlane::fade_toward(self, raw, view.draw)
                .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn netpull_switches_the_citadel_pull_on_a_nets_score() {
        // Black's lone King is near White's citadel (docs/ENGINE.md,
        // "Networks (NNUE)"): the hand-made evaluation pulls 1000 to 625.
        let pos = Position::from_tfen("11/11/11/11/R10/R10/8k2/11/11/K10 w - 00 0 1").unwrap();
        let mut features = Features::DEFAULT;
        assert!(features.net_pull);
        assert_eq!(pos.scale_net(1000, Perspective::NEUTRAL, &features), 625);
        // Without the pull only the move-limit fade, nothing at clock 0.
        features.net_pull = false;
        assert_eq!(pos.scale_net(1000, Perspective::NEUTRAL, &features), 1000);
        assert_eq!(
            pos.scale_net(40_000, Perspective::NEUTRAL, &features),
            MATE_BOUND - 1
        );
    }
}
