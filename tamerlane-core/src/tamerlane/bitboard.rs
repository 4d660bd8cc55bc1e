//! A set of squares in one `u128`: bits 0..110 are the ordinary squares
//! (`rank * 11 + file`), bit 110 is `wc` and bit 111 is `bc`.

use core::fmt;

use crate::tamerlane::square::Square;

/// A set of squares.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// All 112 squares.
    pub const ALL: Bitboard = Bitboard((1u128 << 112) - 1);
    /// The 110 ordinary squares.
    pub const ORDINARY: Bitboard = Bitboard((1u128 << 110) - 1);
    /// The two citadels.
    pub const CITADELS: Bitboard = Bitboard(3u128 << 110);

    /// The set rotated by 180 degrees (see [`Square::rotate`]).
    pub fn rotate(self) -> Bitboard {
        self.squares().map(Square::rotate).collect()
    }
}

crate::bitset::bitset_common!(Bitboard, Square, u128);

impl fmt::Debug for Bitboard {
    /// Draws the set as a board, rank 10 on top, with the citadels at the
    /// side (`bc` left of rank 9, `wc` right of rank 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            let mark = |sq: Square| if self.contains(sq) { '1' } else { '.' };
            f.write_str(if rank == 8 {
                if self.contains(Square::BC) {
                    "1 "
                } else {
                    ". "
                }
            } else {
                "  "
            })?;
            for file in 0..11 {
                let sq = Square::from_xy(file, rank).expect("on board");
                write!(f, "{}", mark(sq))?;
            }
            if rank == 1 {
                write!(f, " {}", mark(Square::WC))?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
