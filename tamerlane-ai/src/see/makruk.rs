//! Static exchange evaluation for Makruk: the game's part of the swap loop
//! of [`see`](super).
//!
//! Every piece kind takes part, least valuable first, with the values of
//! the Makruk evaluation ([`eval::makruk::value`](crate::eval::makruk::value)):
//! Bia (pawns), Met (the promoted pawns among them), Khon, Ma, Ruea and the
//! King; a Ruea behind a piece that has captured joins in (its attacks are
//! recomputed with the capturers removed,
//! [`Board::attackers`](tamerlane_core::makruk::Board::attackers)).
//! Simplifications, as usual for a SEE: pins are ignored, and a Bia that
//! becomes a Met by its capture counts as the Bia it was.

use tamerlane_core::makruk::{Move, Position, Role};

use crate::eval::makruk::value;

super::impl_exchange_board8!(Position, Role, value);

/// Whether the exchange that `m` (legal in `pos`) starts gains at least
/// `threshold` centipawns for the side to move (the simplifications are in
/// the module's documentation).
pub fn see_ge(pos: &Position, m: &Move, threshold: i32) -> bool {
    super::swap_ge(pos, m.from, m.to, m.role, m.capture, threshold)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::see::tests::assert_exchange;

    /// The exchanges, counted by hand with the values of
    /// `eval::makruk::value` (Ruea 500, Ma 310, Khon 260, Met 190, Bia
    /// 100). The x-rays along a Ruea line and the King's are in the parent
    /// module, with chess's.
    #[test]
    fn exchanges_counted_by_hand() {
        // White's Ruea d1 takes the Ma on d4; Black's Bia e5 retakes (a
        // Black Bia captures diagonally toward rank 1).
        assert_exchange(
            "7k/8/8/4p3/3n4/8/8/K2R4 w - - 0 1",
            "d1d4",
            see_ge,
            310 - 500,
        );
        // A Black Khon on d5 retakes straight forward.
        assert_exchange(
            "7k/8/8/3s4/3n4/8/8/K2R4 w - - 0 1",
            "d1d4",
            see_ge,
            310 - 500,
        );
        // A Black Khon on d3 does not (its straight step goes to d2): the
        // Ma hangs to the Ruea a4.
        assert_exchange("7k/8/8/8/R2n4/3s4/8/K7 w - - 0 1", "a4d4", see_ge, 310);
        // A Met on c5 retakes diagonally.
        assert_exchange(
            "7k/8/8/2m5/3n4/8/8/K2R4 w - - 0 1",
            "d1d4",
            see_ge,
            310 - 500,
        );
    }

    /// A Bia that becomes a Met by its capture counts as the Bia: it takes
    /// a Ruea on d6 and the Ma e8 retakes (500 - 100, not 500 - 190).
    #[test]
    fn a_promotion_counts_as_the_bia() {
        let fen = "4n2k/8/3r4/2P5/8/8/8/K7 w - - 0 1";
        let m = Position::from_fen(fen)
            .unwrap()
            .parse_move("c5d6m")
            .unwrap();
        assert_eq!(m.promotion(), Some(Role::Met));
        assert_exchange(fen, "c5d6m", see_ge, 500 - 100);
    }
}
