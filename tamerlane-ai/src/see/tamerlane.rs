//! Static exchange evaluation for Tamerlane chess: the game's part of the
//! swap loop of [`see`](super).
//!
//! Every piece kind takes part: the leapers and steppers (ferz, vizier,
//! elephant, dabbaba, camel, knight, royals), the pawns of every kind, and
//! the riders, whose attacks are recomputed after each capture so that a
//! rook, talia or giraffe behind a piece that has captured joins in
//! ([`Position::attackers_with_occupancy`]). Simplifications, as usual for
//! a SEE: pins are ignored, a promotion counts as the pawn it was, and the
//! King never recaptures onto a square the other side still attacks (it is
//! worth more than everything else). The Prince and the Adventitious King
//! take part as pieces worth their material value.

use tamerlane_core::tamerlane::Position;
use tamerlane_core::{Bitboard, Color, Move, MoveKind, Role, Square};

use super::{first_in_order, ExchangeBoard};
use crate::eval::tamerlane::value;

/// The pieces (not pawns) in the order a side recaptures with them, least
/// valuable first; the pawns come before all of them.
const RECAPTURE_ORDER: [Role; 12] = [
    Role::Ferz,
    Role::Elephant,
    Role::Vizier,
    Role::Dabbaba,
    Role::Camel,
    Role::Talia,
    Role::Knight,
    Role::Prince,
    Role::AdventitiousKing,
    Role::Giraffe,
    Role::Rook,
    Role::King,
];

impl ExchangeBoard for Position {
    type Set = Bitboard;
    type Role = Role;
    const KING: Role = Role::King;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.turn()
    }

    #[inline]
    fn occupied(&self) -> Bitboard {
        self.board().occupied()
    }

    #[inline]
    fn pieces(&self, color: Color) -> Bitboard {
        self.board().by_color(color)
    }

    #[inline]
    fn attackers(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.attackers_with_occupancy(sq, occ)
    }

    /// A pawn of any kind first, then [`RECAPTURE_ORDER`].
    #[inline]
    fn least_valuable(&self, attackers: Bitboard) -> Option<(Square, Role)> {
        let b = self.board();
        if let Some(sq) = (attackers & b.pawns()).first() {
            return b.role_at(sq).map(|role| (sq, role));
        }
        first_in_order(&RECAPTURE_ORDER, attackers, |role| b.by_role(role))
    }

    #[inline]
    fn material_value(role: Role) -> i32 {
        value(role)
    }
}

/// Whether the exchange that `m` (legal in `pos`) starts gains at least
/// `threshold` centipawns for the side to move. Moves other than ordinary
/// moves and promotions (citadel entries, the pawn of pawns' arrivals,
/// placements and transfers, King swaps) are not exchanges: they count as
/// gaining 0.
pub fn see_ge(pos: &Position, m: &Move, threshold: i32) -> bool {
    if !matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_)) {
        return threshold <= 0;
    }
    super::swap_ge(pos, m.from, m.to, m.role, m.capture, threshold)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, s: &str) -> Move {
        pos.parse_move(s).unwrap()
    }

    /// The exchanges, counted by hand with the material values of
    /// `eval::tamerlane::value` (rook 930, knight 275, pawn 100, ferz 60).
    #[test]
    fn exchanges_counted_by_hand() {
        // White rook d1 takes the knight on d6; Black's pawn of rooks on
        // e7 retakes: 275 - 930 < 0.
        let p = Position::from_tfen("k10/11/11/4pr6/3n7/11/11/11/11/K2R7 w - 00 0 1").unwrap();
        let m = mv(&p, "d1d6");
        assert!(!see_ge(&p, &m, 0));
        assert!(see_ge(&p, &m, 275 - 930));
        assert!(!see_ge(&p, &m, 275 - 930 + 1));
        // Without the pawn the knight hangs: exactly +275.
        let p = Position::from_tfen("k10/11/11/11/3n7/11/11/11/11/K2R7 w - 00 0 1").unwrap();
        let m = mv(&p, "d1d6");
        assert!(see_ge(&p, &m, 275));
        assert!(!see_ge(&p, &m, 276));
    }

    /// A rider behind the capturer joins the exchange (an x-ray): the
    /// second rook on d1 recaptures on d6 after the first is taken.
    #[test]
    fn riders_behind_join() {
        // White rooks d2, d1; Black knight d6 defended by a Black rook d10.
        // Rxd6 Rxd6 Rxd6: White wins 275 + 930 - 930 = 275.
        let p = Position::from_tfen("k2r7/11/11/11/3n7/11/11/11/3R7/K2R7 w - 00 0 1").unwrap();
        let m = mv(&p, "d2d6");
        assert!(see_ge(&p, &m, 275));
        assert!(!see_ge(&p, &m, 276));
        // With the second rook gone, Black wins the exchange: 275 - 930.
        let p = Position::from_tfen("k2r7/11/11/11/3n7/11/11/11/3R7/K10 w - 00 0 1").unwrap();
        let m = mv(&p, "d2d6");
        assert!(!see_ge(&p, &m, 0));
        assert!(see_ge(&p, &m, 275 - 930));
    }

    /// The King does not recapture onto a square that is still attacked.
    #[test]
    fn the_king_does_not_recapture_into_attack() {
        // Black King on e7 next to d6: after Rxd6 it could take the rook,
        // but White's second rook on d1 still covers d6.
        let p = Position::from_tfen("11/11/11/4k6/3n7/11/11/11/3R7/K2R7 w - 00 0 1").unwrap();
        let m = mv(&p, "d2d6");
        assert!(see_ge(&p, &m, 275));
        // Without the second rook the King takes: 275 - 930.
        let p = Position::from_tfen("11/11/11/4k6/3n7/11/11/11/3R7/K10 w - 00 0 1").unwrap();
        let m = mv(&p, "d2d6");
        assert!(!see_ge(&p, &m, 0));
    }
}
