//! Static exchange evaluation (SEE) for Tamerlane chess: whether a capture
//! wins material once both sides have recaptured on its square with their
//! least valuable attackers, each stopping when recapturing would lose.
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

use tamerlane_core::{Bitboard, Board, Move, MoveKind, Position, Role, Square};

use crate::eval::tamerlane::value;

/// The value of a role in an exchange: its material value, the King above
/// everything.
fn see_value(role: Role) -> i32 {
    if role == Role::King {
        20_000
    } else {
        value(role)
    }
}

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

/// The least valuable of `attackers` (not empty) and its role.
fn least_valuable(b: &Board, attackers: Bitboard) -> (Square, Role) {
    if let Some(sq) = (attackers & b.pawns()).first() {
        return (sq, b.role_at(sq).expect("a pawn"));
    }
    for role in RECAPTURE_ORDER {
        if let Some(sq) = (attackers & b.by_role(role)).first() {
            return (sq, role);
        }
    }
    unreachable!("attackers is not empty")
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
    let b = pos.board();
    let to = m.to;
    // What the side to move has gained so far minus the threshold, and
    // then what is at stake: the piece now on `to`.
    let mut swap = m.capture.map_or(0, see_value) - threshold;
    if swap < 0 {
        return false;
    }
    swap = see_value(m.role) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = b.occupied().without(m.from).without(to);
    let mut attackers = pos.attackers_with_occupancy(to, occ);
    let mut side = pos.turn();
    // `res`: whether the side to move comes out at or above the threshold
    // if the exchange stops here.
    let mut res = true;
    loop {
        side = !side;
        attackers &= occ;
        let own = attackers & b.by_color(side);
        if own.is_empty() {
            break;
        }
        res = !res;
        let (sq, role) = least_valuable(b, own);
        if role == Role::King {
            // The King may recapture only if nothing attacks the square
            // any more.
            return if (attackers & b.by_color(!side)).any() {
                !res
            } else {
                res
            };
        }
        swap = see_value(role) - swap;
        if swap < i32::from(res) {
            break;
        }
        occ.remove(sq);
        attackers = pos.attackers_with_occupancy(to, occ);
    }
    res
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
