//! `ByColor<T>`: one value for each side.

use core::ops::{Index, IndexMut};

use crate::color::Color;

/// One value of `T` for each side: the public API's per-colour data (swap
/// rights, pawn-of-pawns stages, material, ...), named by field or indexed
/// by [`Color`] instead of by a hand-written array index.
///
/// ```
/// use tamerlane_core::{ByColor, Color};
///
/// let mut stages = ByColor { white: 0u8, black: 2 };
/// assert_eq!(stages[Color::Black], 2);
/// *stages.get_mut(Color::White) += 1;
/// assert_eq!(*stages.get(Color::White), 1);
/// assert_eq!(stages.map(|s| s == 2), ByColor { white: false, black: true });
/// assert_eq!(ByColor::new_with(|c| c.name()).black, "black");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds both values by calling `init` with each colour, White first.
    pub fn new_with<F: FnMut(Color) -> T>(mut init: F) -> ByColor<T> {
        let white = init(Color::White);
        let black = init(Color::Black);
        ByColor { white, black }
    }

    /// `color`'s value.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// `color`'s value, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Applies `f` to both values, White's first.
    pub fn map<U, F: FnMut(T) -> U>(self, mut f: F) -> ByColor<U> {
        let white = f(self.white);
        let black = f(self.black);
        ByColor { white, black }
    }

    /// The values exchanged: White gets Black's and Black gets White's (as
    /// when a position is seen from the other side).
    pub fn flip(self) -> ByColor<T> {
        ByColor {
            white: self.black,
            black: self.white,
        }
    }

    /// Both values by reference.
    pub fn as_ref(&self) -> ByColor<&T> {
        ByColor {
            white: &self.white,
            black: &self.black,
        }
    }

    /// Iterates over `(colour, value)`, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}
