//! A set of squares of the 8x8 board in one `u64` (bit `rank * 8 + file`).

use core::fmt;

use super::square::Square;

/// A set of squares of the 8x8 board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// All 64 squares.
    pub const ALL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// Rank 1.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// Rank 8.
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);

    /// Rank `rank` (0 = rank 1).
    #[inline]
    pub const fn rank(rank: u32) -> Bitboard {
        Bitboard(0xff << (8 * (rank & 7)))
    }

    /// File `file` (0 = a).
    #[inline]
    pub const fn file(file: u32) -> Bitboard {
        Bitboard(Bitboard::FILE_A.0 << (file & 7))
    }

    /// The set seen from the other side (ranks mirrored).
    #[inline]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The set moved one rank up (towards rank 8); squares leaving the board drop.
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set moved one rank down (towards rank 1).
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }
}

crate::bitset::bitset_common!(Bitboard, Square, u64);

impl fmt::Debug for Bitboard {
    /// The board as eight lines of `X` and `.`, rank 8 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                f.write_str(if self.contains(sq) { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
