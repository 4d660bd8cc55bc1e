//! Static exchange evaluation for FIDE chess: the game's part of the swap
//! loop of [`see`](super).
//!
//! Pawns, knights, bishops, rooks, queens and the king take part, least
//! valuable first, with the values of the chess evaluation
//! ([`eval::chess::value`](crate::eval::chess::value)); bishops, rooks and
//! queens behind a piece that has captured join in (their attacks are
//! recomputed with the capturers removed). Simplifications, as usual for a
//! SEE: pins are ignored; an en passant capture counts as a pawn taking a
//! pawn on the target square (the taken pawn's own square stays occupied
//! for the lines through it); a promotion counts as the pawn it was (the
//! promotion's gain is not counted, and the piece to recapture is a pawn);
//! castling is not an exchange (it gains 0).

use tamerlane_core::chess::{Move, MoveKind, Position, Role};

use crate::eval::chess::value;

super::impl_exchange_board8!(Position, Role, value);

/// Whether the exchange that `m` (legal in `pos`) starts gains at least
/// `threshold` centipawns for the side to move (the simplifications are in
/// the module's documentation).
pub fn see_ge(pos: &Position, m: &Move, threshold: i32) -> bool {
    if matches!(m.kind, MoveKind::Castle(_)) {
        return threshold <= 0;
    }
    super::swap_ge(pos, m.from, m.to, m.role, m.capture, threshold)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::see::tests::assert_exchange;

    /// The exchanges, counted by hand with the values of
    /// `eval::chess::value` (queen 950, rook 500, bishop 330, knight 320,
    /// pawn 100). The x-rays along a rook line and the King's are in the
    /// parent module, with Makruk's.
    #[test]
    fn exchanges_counted_by_hand() {
        // White's rook d1 takes the knight on d6; Black's pawn e7 retakes.
        assert_exchange(
            "4k3/4p3/3n4/8/8/8/8/K2R4 w - - 0 1",
            "d1d6",
            see_ge,
            320 - 500,
        );
        // Without the pawn the knight hangs.
        assert_exchange("4k3/8/3n4/8/8/8/8/K2R4 w - - 0 1", "d1d6", see_ge, 320);
        // A pawn takes a defended rook.
        assert_exchange(
            "4k3/4p3/3r4/2P5/8/8/8/K7 w - - 0 1",
            "c5d6",
            see_ge,
            500 - 100,
        );
        // A queen behind a bishop on a diagonal: Bxe5 dxe5 Qxe5 wins the
        // knight and a pawn for the bishop.
        assert_exchange(
            "7k/8/3p4/4n3/8/2B5/1Q6/K7 w - - 0 1",
            "c3e5",
            see_ge,
            320 - 330 + 100,
        );
    }

    /// En passant counts as a pawn taking a pawn, a promotion as the pawn
    /// it was, castling as no exchange.
    #[test]
    fn the_special_moves() {
        // exd6 e.p. cxd6.
        assert_exchange(
            "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "e5d6",
            see_ge,
            100 - 100,
        );
        // bxa8=Q Nxa8: the rook won, the pawn (not the queen) lost.
        assert_exchange(
            "r6k/1P6/1n6/8/8/8/8/K7 w - - 0 1",
            "b7a8q",
            see_ge,
            500 - 100,
        );
        // Castling.
        assert_exchange("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", see_ge, 0);
    }
}
