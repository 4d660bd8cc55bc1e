//! The fixed-capacity list of Makruk moves and its proven capacity,
//! [`MAX_LEGAL_MOVES`].

use super::moves::Move;
use super::setup::MAX_PIECES_PER_SIDE;
use crate::fixed_list::move_list_types;

/// The most targets any non-King piece has: a Rook on an empty board (14).
/// Knights have at most 8, Khons 5, Mets 4, pawns 3.
pub(crate) const MAX_PIECE_MOVES: usize = 14;

/// An upper bound on the number of legal moves in any valid position.
///
/// Proof. Every legal move is a distinct `(from, to)` pair (a pawn reaching
/// its sixth rank always becomes a Met, so promotions add no pairs). A side
/// has at most [`MAX_PIECES_PER_SIDE`] pieces, one of them its King, which
/// has at most 8 targets; each of the other 15 has at most
/// `MAX_PIECE_MOVES` = 14 (blockers only remove targets). So there are at
/// most `15 * 14 + 8 = 218` moves.
pub const MAX_LEGAL_MOVES: usize = (MAX_PIECES_PER_SIDE as usize - 1) * MAX_PIECE_MOVES + 8;

move_list_types!(Move, MAX_LEGAL_MOVES);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::{attacks, Bitboard, Square};
    use crate::color::Color;

    #[test]
    fn capacity_follows_from_the_largest_piece() {
        // The largest empty-board target set of each non-King piece, from
        // the attack functions themselves.
        let most = |f: &dyn Fn(Square) -> Bitboard| Square::all().map(|s| f(s).count()).max();
        assert_eq!(most(&|s| attacks::rook(s, Bitboard::EMPTY)), Some(14));
        assert_eq!(most(&attacks::knight), Some(8));
        assert_eq!(most(&|s| attacks::khon(Color::White, s)), Some(5));
        assert_eq!(most(&attacks::ferz), Some(4));
        assert_eq!(most(&attacks::king), Some(8));
        assert_eq!(MAX_LEGAL_MOVES, 218);
    }
}
