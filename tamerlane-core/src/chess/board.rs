//! The placement of the pieces on the 8x8 board: one bitboard per role and
//! one per colour.

use super::role::{Piece, Role};
use crate::board8::{attacks, Bitboard, Square};
use crate::color::Color;

/// Where the pieces stand. Any placement can be described (no rule is
/// checked here: see [`Setup::validate`](super::Setup::validate)).
///
/// ```
/// use tamerlane_core::board8::Square;
/// use tamerlane_core::chess::{Board, Piece, Role};
/// use tamerlane_core::Color;
///
/// let board = Board::initial();
/// let e1: Square = "e1".parse()?;
/// assert_eq!(board.piece_at(e1), Some(Piece::new(Color::White, Role::King)));
/// assert_eq!(board.occupied().count(), 32);
/// # Ok::<(), tamerlane_core::board8::ParseSquareError>(())
/// ```
pub type Board = crate::board8::Board<Role>;

impl Board {
    /// The initial placement of FIDE chess.
    pub const fn initial() -> Board {
        Board::from_bitboards(
            [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            [Bitboard(0xffff), Bitboard(0xffff << 48)],
        )
    }

    /// Bishops and queens, both colours: the diagonal sliders.
    #[inline]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }

    /// Rooks and queens, both colours: the orthogonal sliders.
    #[inline]
    pub fn orthogonal_sliders(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    /// The square of `color`'s king, if it has exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).single()
    }

    /// The pieces of `by` that attack `sq` when the occupied squares are
    /// `occ` ("attack": could capture there by their movement pattern).
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let them = self.by_color(by);
        ((attacks::knight(sq) & self.by_role(Role::Knight))
            | (attacks::king(sq) & self.by_role(Role::King))
            | (attacks::pawn(!by, sq) & self.by_role(Role::Pawn))
            | (attacks::bishop(sq, occ) & self.diagonal_sliders())
            | (attacks::rook(sq, occ) & self.orthogonal_sliders()))
            & them
    }

    /// The board seen from the other side: ranks mirrored (`e2` <-> `e7`)
    /// and colours swapped.
    pub fn mirror(&self) -> Board {
        self.mirrored(Bitboard::flip_ranks)
    }
}
