//! What the two bitboards (the 11x10 board's `u128` and the 8x8 board's
//! `u64`) share, written once: iteration over the squares, filtering,
//! collecting, the set operators, and the queries and edits of single
//! squares. Each bitboard type supplies `ALL` and invokes
//! [`bitset_common!`] in its own file; each board invokes [`colour_sets!`]
//! for its queries by colour.

/// The squares iterator (`Squares`), `squares`, `filter`, `IntoIterator`,
/// `FromIterator<Square>`, `From<Square>`, `&`, `|`, `^` (and their
/// assignments), `-` (difference) and `!` (the complement within the
/// board's squares, `ALL`) for the bitboard `$bb` of squares `$sq`.
macro_rules! bitset_common {
    ($bb:ident, $sq:ident, $int:ty) => {
        impl $bb {
            /// No square.
            pub const EMPTY: $bb = $bb(0);

            /// The set holding `sq` alone.
            #[inline]
            pub const fn from_square(sq: $sq) -> $bb {
                $bb((1 as $int) << sq.index())
            }

            /// Whether `sq` is in the set.
            #[inline]
            pub const fn contains(self, sq: $sq) -> bool {
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
            pub const fn first(self) -> Option<$sq> {
                if self.0 == 0 {
                    None
                } else {
                    Some($sq::new_unchecked(self.0.trailing_zeros()))
                }
            }

            /// The highest square, if any.
            #[inline]
            pub const fn last(self) -> Option<$sq> {
                if self.0 == 0 {
                    None
                } else {
                    Some($sq::new_unchecked(<$int>::BITS - 1 - self.0.leading_zeros()))
                }
            }

            /// The only square of a one-square set.
            #[inline]
            pub const fn single(self) -> Option<$sq> {
                if self.0 != 0 && !self.more_than_one() {
                    self.first()
                } else {
                    None
                }
            }

            /// The set with `sq` added.
            #[inline]
            #[must_use]
            pub const fn with(self, sq: $sq) -> $bb {
                $bb(self.0 | (1 as $int) << sq.index())
            }

            /// The set with `sq` removed.
            #[inline]
            #[must_use]
            pub const fn without(self, sq: $sq) -> $bb {
                $bb(self.0 & !((1 as $int) << sq.index()))
            }

            /// Adds `sq`.
            #[inline]
            pub fn add(&mut self, sq: $sq) {
                self.0 |= (1 as $int) << sq.index();
            }

            /// Removes `sq`.
            #[inline]
            pub fn remove(&mut self, sq: $sq) {
                self.0 &= !((1 as $int) << sq.index());
            }

            /// Toggles `sq`.
            #[inline]
            pub fn toggle(&mut self, sq: $sq) {
                self.0 ^= (1 as $int) << sq.index();
            }

            /// Removes and returns the lowest square.
            #[inline]
            pub fn pop_first(&mut self) -> Option<$sq> {
                let sq = self.first()?;
                self.0 &= self.0 - 1;
                Some(sq)
            }

            /// The squares of the set, lowest first.
            #[inline]
            pub fn squares(self) -> Squares {
                Squares(self)
            }

            /// The squares of the set for which `keep` returns true.
            #[inline]
            #[must_use]
            pub fn filter(self, mut keep: impl FnMut($sq) -> bool) -> $bb {
                let mut out = $bb::EMPTY;
                for sq in self {
                    if keep(sq) {
                        out.add(sq);
                    }
                }
                out
            }
        }

        /// The squares of a bitboard, lowest first.
        #[derive(Clone, Debug)]
        pub struct Squares($bb);

        impl Iterator for Squares {
            type Item = $sq;

            #[inline]
            fn next(&mut self) -> Option<$sq> {
                self.0.pop_first()
            }

            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for Squares {}

        impl IntoIterator for $bb {
            type Item = $sq;
            type IntoIter = Squares;

            #[inline]
            fn into_iter(self) -> Squares {
                Squares(self)
            }
        }

        impl FromIterator<$sq> for $bb {
            fn from_iter<I: IntoIterator<Item = $sq>>(iter: I) -> $bb {
                let mut b = $bb::EMPTY;
                for sq in iter {
                    b.add(sq);
                }
                b
            }
        }

        impl From<$sq> for $bb {
            #[inline]
            fn from(sq: $sq) -> $bb {
                $bb::from_square(sq)
            }
        }

        $crate::bitset::bitset_common!(@op $bb, BitAnd, bitand, BitAndAssign, bitand_assign, &);
        $crate::bitset::bitset_common!(@op $bb, BitOr, bitor, BitOrAssign, bitor_assign, |);
        $crate::bitset::bitset_common!(@op $bb, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

        impl core::ops::Sub for $bb {
            type Output = $bb;
            /// The squares of `self` not in `rhs`.
            #[inline]
            fn sub(self, rhs: $bb) -> $bb {
                $bb(self.0 & !rhs.0)
            }
        }

        impl core::ops::Not for $bb {
            type Output = $bb;
            /// The complement within the board's squares.
            #[inline]
            fn not(self) -> $bb {
                $bb(!self.0 & $bb::ALL.0)
            }
        }
    };
    (@op $bb:ident, $tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl core::ops::$tr for $bb {
            type Output = $bb;
            #[inline]
            fn $f(self, rhs: $bb) -> $bb {
                $bb(self.0 $op rhs.0)
            }
        }

        impl core::ops::$atr for $bb {
            #[inline]
            fn $af(&mut self, rhs: $bb) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

pub(crate) use bitset_common;

/// The queries `occupied` and `by_color` of a board that keeps a bitboard
/// per colour in its field `by_color: [Bitboard; 2]` (White first): the
/// 8x8 board's and Tamerlane's. Invoked in the board's `impl` block.
macro_rules! colour_sets {
    () => {
        /// Every occupied square.
        #[inline]
        pub fn occupied(&self) -> Bitboard {
            self.by_color[0] | self.by_color[1]
        }

        /// The squares of `color`'s pieces.
        #[inline]
        pub fn by_color(&self, color: Color) -> Bitboard {
            self.by_color[color.index()]
        }
    };
}
pub(crate) use colour_sets;
