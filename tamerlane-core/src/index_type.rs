//! The small index types of the boards (Tamerlane's files, ranks and
//! squares, the 8x8 board's squares): a `u8` below a bound, with the same
//! count, checked constructor and index written once by [`index_type!`].

/// The number `COUNT`, the checked constructor `new` and the accessor
/// `index` of the index type `$name` (a tuple struct of one `u8`) whose
/// values are `0..$count`; `$values` names them in the docs. Invoked in the
/// type's file.
macro_rules! index_type {
    ($name:ident, $count:literal, $values:literal) => {
        impl $name {
            #[doc = concat!("Number of ", $values, ".")]
            pub const COUNT: usize = $count;

            #[doc = concat!("The one of the ", $values, " with index `i` (0..", stringify!($count), "), if `i` is in range.")]
            #[inline]
            pub const fn new(i: u32) -> Option<$name> {
                if i < $count {
                    Some($name(i as u8))
                } else {
                    None
                }
            }

            #[doc = concat!("The index, 0..", stringify!($count), ".")]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}
pub(crate) use index_type;
