//! The fixed-capacity list of chess moves and its proven capacity,
//! [`MAX_LEGAL_MOVES`].

use super::moves::Move;
use crate::fixed_list::{max_over, min, move_list_types};

/// The most moves one piece other than the king can have: a queen in the
/// centre of an empty board has 27; a pawn has at most three target
/// squares, each worth four promotion moves, so 12.
const MAX_PIECE_MOVES: usize = 27;
/// A king has 8 steps and 2 castling moves at most.
const MAX_KING_MOVES: usize = 10;

/// An upper bound on the number of legal moves in any position a
/// [`Position`](super::Position) accepts (material is not limited: a FEN
/// may give a side many queens).
///
/// Proof. Let `n` be the number of pieces of the side to move (1 to 63: the
/// other side has its king). Moves of one piece other than promotions go to
/// distinct squares not occupied by its own side: at most `64 - n` of them,
/// and at most 27 for a non-king piece (a queen in the middle of an empty
/// board; blockers only remove targets). A pawn has at most `min(3, 64 - n)` target squares, each
/// worth four promotions: at most `min(12, 4 * (64 - n))` moves. So each of
/// the `n - 1` non-king pieces has at most
/// `max(min(27, 64 - n), min(12, 4 * (64 - n)))` moves, and the king at most
/// `min(8, 64 - n) + 2` (two castlings). The bound is the
/// maximum over `n` of the sum: 982, at `n = 37`.
pub const MAX_LEGAL_MOVES: usize = max_over!(n in 1..=63 => {
    let free = 64 - n;
    let plain = min(MAX_PIECE_MOVES, free);
    let promoting = min(12, 4 * free);
    let per_piece = if plain > promoting { plain } else { promoting };
    (n - 1) * per_piece + min(MAX_KING_MOVES - 2, free) + 2
});

move_list_types!(Move, MAX_LEGAL_MOVES);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_by_hand() {
        // n = 37: 36 pieces with min(27, 27) = 27 moves, the king
        // min(8, 27) + 2 = 10: 972 + 10.
        assert_eq!(MAX_LEGAL_MOVES, 982);
    }
}
