//! The two sides.

use core::ops::Not;

use crate::parse_value::{named_enum, ValueKind};

named_enum! {
    /// A side: White moves first. Written `white` and `black`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Color: ValueKind::Color {
        /// The side that moves first; its pieces are written in upper case.
        White => "white",
        /// The second side; its pieces are written in lower case.
        Black => "black",
    }
}

impl Color {
    /// The opposite colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black: an index for per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The TFEN side-to-move letter: `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Parses the TFEN side-to-move letter.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// Picks `white` or `black` according to the colour.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}
