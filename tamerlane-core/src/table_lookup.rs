//! The attack functions that only read a table built at compile time, by
//! square or by colour and square: written once by [`table_lookups!`] for
//! the 8x8 board's and Tamerlane's attack tables.

/// Public functions that read a table: `$name => $table` gives
/// `$name(sq: Square) -> Bitboard`, the set `$table[sq]`; `$name(color) =>
/// $table` gives `$name(color: Color, sq: Square) -> Bitboard`, the set
/// `$table[color][sq]`. Each item takes its docs. Invoked in an attacks
/// file, where `Square`, `Color` and the board's `Bitboard` are in scope.
macro_rules! table_lookups {
    () => {};
    ($(#[$doc:meta])* $name:ident => $table:ident; $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(sq: Square) -> Bitboard {
            Bitboard($table[sq.index()])
        }

        $crate::table_lookup::table_lookups!($($rest)*);
    };
    ($(#[$doc:meta])* $name:ident(color) => $table:ident; $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(color: Color, sq: Square) -> Bitboard {
            Bitboard($table[color.index()][sq.index()])
        }

        $crate::table_lookup::table_lookups!($($rest)*);
    };
}
pub(crate) use table_lookups;
