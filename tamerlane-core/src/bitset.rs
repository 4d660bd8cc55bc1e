//! What the two bitboards (the 11x10 board's `u128` and the 8x8 board's
//! `u64`) share, written once: iteration over the squares, filtering,
//! collecting, and the set operators. Each bitboard type supplies
//! `EMPTY`, `ALL`, `from_square`, `add`, `count` and `pop_first`, and
//! invokes [`bitset_common!`] in its own file.

/// The squares iterator (`Squares`), `squares`, `filter`, `IntoIterator`,
/// `FromIterator<Square>`, `From<Square>`, `&`, `|`, `^` (and their
/// assignments), `-` (difference) and `!` (the complement within the
/// board's squares, `ALL`) for the bitboard `$bb` of squares `$sq`.
macro_rules! bitset_common {
    ($bb:ident, $sq:ident) => {
        impl $bb {
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
