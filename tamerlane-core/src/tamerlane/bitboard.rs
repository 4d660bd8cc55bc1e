//! A set of squares in one `u128`: bits 0..110 are the ordinary squares
//! (`rank * 11 + file`), bit 110 is `wc` and bit 111 is `bc`.

use core::fmt;

use crate::tamerlane::square::Square;

/// A set of squares.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 112 squares.
    pub const ALL: Bitboard = Bitboard((1u128 << 112) - 1);
    /// The 110 ordinary squares.
    pub const ORDINARY: Bitboard = Bitboard((1u128 << 110) - 1);
    /// The two citadels.
    pub const CITADELS: Bitboard = Bitboard(3u128 << 110);

    /// The set holding `sq` alone.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set is not empty.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has more than one square.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros()))
        }
    }

    /// The highest square, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(127 - self.0.leading_zeros()))
        }
    }

    /// The only square of a one-square set.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    /// Adds `sq`.
    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// Toggles `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1u128 << sq.index();
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// The set rotated by 180 degrees (see [`Square::rotate`]).
    pub fn rotate(self) -> Bitboard {
        self.squares().map(Square::rotate).collect()
    }
}

crate::bitset::bitset_common!(Bitboard, Square);

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
