//! What a move changes in the input layer ([`Delta`]): the men removed and
//! the men added, found from the positions before and after the move in one
//! way for every game and every kind of move (captures, promotions, en
//! passant, castling, Tamerlane's king swaps and the pawn of pawns'
//! arrivals, placements and transfers).
//!
//! A square's man can change in three ways: the square is emptied or
//! filled, it changes side, or it keeps a man of the same side whose role
//! changes. The first two show in the sides' occupancy before and after;
//! the third happens only on a move's own two squares (a promotion's
//! target, a king swap's two squares). So the squares to compare are the
//! occupancy changes and the move's squares, and each compared square
//! gives at most one removed and one added man. The largest moves change
//! four squares (castling; a king swap and the pawn of pawns' second
//! arrival change two or three).

use tamerlane_core::Color;

use super::features::{Man, NnueGame};

/// The most squares one move changes in these games (castling's four).
pub const MAX_CHANGED: usize = 4;

/// The men a move removes and adds, the same in both views (each view
/// turns them into its own features).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Delta {
    removed: [Man; MAX_CHANGED],
    added: [Man; MAX_CHANGED],
    n_removed: u8,
    n_added: u8,
}

/// A placeholder for the unused entries of a [`Delta`].
const NO_MAN: Man = Man {
    square: 0,
    color: tamerlane_core::Color::White,
    role: 0,
};

/// Appends `man` to the first `len` entries of `men`; false if they are
/// all used.
#[inline]
fn push(men: &mut [Man; MAX_CHANGED], len: &mut u8, man: Man) -> bool {
    let n = usize::from(*len);
    if n == MAX_CHANGED {
        return false;
    }
    men[n] = man;
    *len += 1;
    true
}

impl Delta {
    /// A delta that changes nothing.
    pub const EMPTY: Delta = Delta {
        removed: [NO_MAN; MAX_CHANGED],
        added: [NO_MAN; MAX_CHANGED],
        n_removed: 0,
        n_added: 0,
    };

    /// The men removed.
    #[inline]
    pub fn removed(&self) -> &[Man] {
        &self.removed[..usize::from(self.n_removed)]
    }

    /// The men added.
    #[inline]
    pub fn added(&self) -> &[Man] {
        &self.added[..usize::from(self.n_added)]
    }

    /// Adds the removal of `man`; false if the delta is full.
    #[inline]
    fn remove(&mut self, man: Man) -> bool {
        push(&mut self.removed, &mut self.n_removed, man)
    }

    /// Adds the arrival of `man`; false if the delta is full.
    #[inline]
    fn add(&mut self, man: Man) -> bool {
        push(&mut self.added, &mut self.n_added, man)
    }

    /// The delta of move `m`, played by `us`, when the move names all it
    /// changes ([`NnueGame::named_change`]: an ordinary move, a capture, a
    /// promotion on the target), found without the boards; `None` for the
    /// other kinds (see [`between`](Self::between)).
    #[inline]
    pub fn named<G: NnueGame>(m: &G::Move, us: Color) -> Option<Delta> {
        let change = G::named_change(m, us)?;
        let mut delta = Delta::EMPTY;
        delta.removed[0] = change.mover;
        delta.n_removed = 1;
        if let Some(man) = change.captured {
            delta.removed[1] = man;
            delta.n_removed = 2;
        }
        delta.added[0] = change.placed;
        delta.n_added = 1;
        Some(delta)
    }

    /// The delta of move `m` played in `before`, reaching `after` (see the
    /// module docs). `None` if it changes more than [`MAX_CHANGED`]
    /// squares, which no move of the three games does (the caller then
    /// refreshes), or if `after` is not `before` after `m`.
    pub fn between<G: NnueGame>(before: &G, after: &G, m: &G::Move) -> Option<Delta> {
        let [wb, bb] = before.occupancy();
        let [wa, ba] = after.occupancy();
        let mut squares = (wb ^ wa) | (bb ^ ba);
        for sq in G::move_squares(m) {
            squares |= 1u128 << sq;
        }
        let mut delta = Delta::EMPTY;
        while squares != 0 {
            let sq = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            let old = before.man_at(sq);
            let new = after.man_at(sq);
            if old == new {
                continue;
            }
            if let Some(man) = old {
                if !delta.remove(man) {
                    return None;
                }
            }
            if let Some(man) = new {
                if !delta.add(man) {
                    return None;
                }
            }
        }
        Some(delta)
    }
}
