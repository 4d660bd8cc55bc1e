//! The fixed-capacity move list of Tamerlane moves and its proven
//! capacity, [`MAX_LEGAL_MOVES`].

use crate::fixed_list::{max_over, min, move_list_types};
use crate::tamerlane::attacks;
use crate::tamerlane::moves::Move;
use crate::tamerlane::role::Role;

/// The most moves any single piece has (not counting king swaps and
/// pawn-of-pawns placements): the largest empty-board attack set of any
/// role, and at least 9 so that a royal's citadel entry is covered.
const MAX_PIECE_MOVES: usize = {
    let mut best = 9;
    let mut i = 0;
    while i < Role::COUNT {
        let n = attacks::empty_board_max(Role::ALL[i]) as usize;
        if n > best {
            best = n;
        }
        i += 1;
    }
    best
};

/// An upper bound on the number of legal moves in any position.
///
/// Proof. Let `n` be the number of pieces of the side to move (1 to 112).
/// Every legal move is a distinct `(from, to)` pair. Apart from king swaps
/// and pawn-of-pawns placements, a piece moves to squares not occupied by its
/// own side (at most `112 - n` of them), and to no more squares than it
/// attacks on an empty board (blockers only remove targets), plus one
/// citadel for a royal (a royal's empty-board set is at most 8 squares, so
/// the floor of 9 covers it). A pawn has at most three targets. So ordinary
/// moves number at most `n * min(MAX_PIECE_MOVES, 112 - n)`. King swaps: the
/// single King exchanges with at most `n - 1` friendly pieces. Placements:
/// the side has at most one pawn of pawns, placed on an empty square whose
/// two diagonal-forward squares both hold enemy pieces, so not on the a- or
/// k-file nor on its last rank: at most `min(81, 112 - n)` squares. The
/// bound is the maximum of the sum over `n`. `MAX_PIECE_MOVES` is computed
/// from the attack tables themselves (the giraffe's 22 is the largest).
pub const MAX_LEGAL_MOVES: usize = max_over!(n in 1..=112 => {
    n * min(MAX_PIECE_MOVES, 112 - n) + (n - 1) + min(81, 112 - n)
});

move_list_types!(Move, MAX_LEGAL_MOVES);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tamerlane::square::Square;

    #[test]
    fn capacity_follows_from_the_largest_piece() {
        use crate::{Bitboard, Color};
        // Recompute the largest empty-board move set with the run-time
        // attack functions (the constant uses the compile-time tables).
        let largest = Role::ALL
            .iter()
            .flat_map(|&r| Square::all().map(move |sq| (r, sq)))
            .map(|(r, sq)| {
                let t = attacks::attacks(Color::White, r, sq, Bitboard::EMPTY);
                let push = if r.is_pawn() {
                    attacks::pawn_push(Color::White, sq)
                } else {
                    Bitboard::EMPTY
                };
                (t | push).count() as usize
            })
            .max()
            .unwrap();
        // By hand: a giraffe on b2 reaches c6..c10, f3..k3, a6..a10, f1..k1.
        assert_eq!(largest, 22);
        assert_eq!(MAX_PIECE_MOVES, largest);
        // By hand: n * min(22, 112 - n) + (n - 1) + min(81, 112 - n) is
        // largest at n = 90: 1980 + 89 + 22.
        let bound = (1..=112)
            .map(|n: usize| n * largest.min(112 - n) + (n - 1) + 81.min(112 - n))
            .max()
            .unwrap();
        assert_eq!(bound, 2091);
        assert_eq!(MAX_LEGAL_MOVES, bound);
    }
}
