//! A list with a fixed capacity, kept inline: the move lists of every game.

use core::fmt;
use core::iter::FusedIterator;
use core::mem::MaybeUninit;
use core::ops::{Deref, DerefMut};

/// The smaller of `a` and `b`, in a `const` (each game's proof of its
/// move list's capacity computes with it).
pub(crate) const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

/// The largest value of `$total` for `$n` from 1 to `$last`, in a `const`:
/// how each game's proof of its move list's capacity ends ("the bound is
/// the maximum over `n`").
macro_rules! max_over {
    ($n:ident in 1..=$last:expr => $total:expr) => {{
        let mut best = 0;
        let mut $n = 1;
        while $n <= $last {
            let total = $total;
            if total > best {
                best = total;
            }
            $n += 1;
        }
        best
    }};
}
pub(crate) use max_over;

/// A game's move list types, `MoveList` and `MoveListIntoIter`, of the
/// capacity `$cap` proven in its `move_list.rs`.
macro_rules! move_list_types {
    ($move:ty, $cap:ident) => {
        /// A list of moves with a fixed capacity of [`MAX_LEGAL_MOVES`]:
        /// filling it never allocates (pushing past it panics, which no
        /// valid position reaches: see the proof there).
        pub type MoveList = $crate::FixedList<$move, $cap>;

        /// The owning iterator over a [`MoveList`]: yields the moves by
        /// value, from either end (`for m in pos.legal_moves()`).
        pub type MoveListIntoIter = $crate::FixedListIntoIter<$move, $cap>;
    };
}
pub(crate) use move_list_types;

/// A list of at most `N` items of a `Copy` type, stored inline: filling it
/// never allocates. It derefs to a slice of the items pushed.
///
/// Each game's move list is one, with a capacity proven large enough for
/// any of its positions ([`MoveList`](crate::MoveList),
/// [`makruk::MoveList`](crate::makruk::MoveList)).
///
/// ```
/// use tamerlane_core::FixedList;
///
/// let mut list: FixedList<u8, 4> = FixedList::new();
/// list.push(1);
/// list.push(2);
/// assert_eq!(&list[..], &[1, 2]);
/// list.clear();
/// assert!(list.is_empty());
/// ```
pub struct FixedList<T: Copy, const N: usize> {
    len: usize,
    items: [MaybeUninit<T>; N],
}

impl<T: Copy, const N: usize> FixedList<T, N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        FixedList {
            len: 0,
            items: [const { MaybeUninit::uninit() }; N],
        }
    }

    /// Appends an item.
    ///
    /// # Panics
    /// Past `N` items (a move list's capacity is proven never to be
    /// exceeded; see each game's `MAX_LEGAL_MOVES`).
    #[inline]
    pub fn push(&mut self, item: T) {
        assert!(self.len < N, "fixed list capacity exceeded");
        self.items[self.len] = MaybeUninit::new(item);
        self.len += 1;
    }

    /// Removes all items.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The most items the list holds.
    #[inline]
    pub const fn capacity(&self) -> usize {
        N
    }
}

impl<T: Copy, const N: usize> Default for FixedList<T, N> {
    fn default() -> Self {
        FixedList::new()
    }
}

impl<T: Copy, const N: usize> Deref for FixedList<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { core::slice::from_raw_parts(self.items.as_ptr().cast::<T>(), self.len) }
    }
}

impl<T: Copy, const N: usize> DerefMut for FixedList<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { core::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<T>(), self.len) }
    }
}

impl<T: Copy, const N: usize> Clone for FixedList<T, N> {
    fn clone(&self) -> Self {
        let mut l = FixedList::new();
        for &item in self.iter() {
            l.push(item);
        }
        l
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for FixedList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a FixedList<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a mut FixedList<T, N> {
    type Item = &'a mut T;
    type IntoIter = core::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: Copy, const N: usize> IntoIterator for FixedList<T, N> {
    type Item = T;
    type IntoIter = FixedListIntoIter<T, N>;
    /// The items by value, in order: `for m in pos.legal_moves()` and
    /// `pos.legal_moves().into_iter().collect::<Vec<Move>>()`.
    fn into_iter(self) -> FixedListIntoIter<T, N> {
        let back = self.len;
        FixedListIntoIter {
            list: self,
            front: 0,
            back,
        }
    }
}

/// The owning iterator over a [`FixedList`], from
/// [`into_iter`](IntoIterator::into_iter): yields the items by value, from
/// either end.
///
/// ```
/// use tamerlane_core::Move;
/// use tamerlane_core::tamerlane::Position;
///
/// let pos = Position::new();
/// let mut n = 0;
/// for m in pos.legal_moves() {
///     assert!(pos.is_legal(&m));
///     n += 1;
/// }
/// assert_eq!(n, 24);
/// let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
/// assert_eq!(moves.len(), 24);
/// ```
#[derive(Clone)]
pub struct FixedListIntoIter<T: Copy, const N: usize> {
    list: FixedList<T, N>,
    /// The next item from the front.
    front: usize,
    /// One past the next item from the back.
    back: usize,
}

impl<T: Copy, const N: usize> Iterator for FixedListIntoIter<T, N> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        if self.front == self.back {
            return None;
        }
        let item = self.list[self.front];
        self.front += 1;
        Some(item)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
}

impl<T: Copy, const N: usize> DoubleEndedIterator for FixedListIntoIter<T, N> {
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        Some(self.list[self.back])
    }
}

impl<T: Copy, const N: usize> ExactSizeIterator for FixedListIntoIter<T, N> {}

impl<T: Copy, const N: usize> FusedIterator for FixedListIntoIter<T, N> {}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for FixedListIntoIter<T, N> {
    /// The items not yet yielded.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("FixedListIntoIter")
            .field(&&self.list[self.front..self.back])
            .finish()
    }
}
