//! The input layer: piece-square features seen from each side, and the
//! trait that gives a game's features ([`NnueGame`]), written once for the
//! three games over the core's `Position` (docs/ENGINE.md, "Networks
//! (NNUE)").
//!
//! A man (a piece or pawn of either side) on a square is one feature in
//! each side's view. From `view`'s side, a man of colour `c` and role
//! index `r` on square `s` is feature
//!
//! ```text
//! (relative(c) * ROLES + r) * SQUARES + oriented(s, view)
//! ```
//!
//! where `relative(c)` is 0 for `view`'s own men and 1 for the opponent's,
//! and `oriented` is the square itself for White and the square seen from
//! Black's side for Black (the core's own mirror: a 180-degree turn in
//! Tamerlane chess, citadels swapped, and in Makruk; ranks flipped in
//! chess). So both views see "my men, their men, from my side", and one
//! set of weights serves both. `(colour, role)` is the piece code of the
//! training data less one (`1 + colour * ROLES + role`, docs/ENGINE.md).

use tamerlane_core::{Color, Position};

/// A man as the features see it: its square, colour and role index (in the
/// order of the game's `Role::ALL`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// The square's index in the game's numbering (0..`SQUARES`).
    pub square: u8,
    /// Its side.
    pub color: Color,
    /// Its role's index (0..`ROLES`).
    pub role: u8,
}

impl Man {
    /// The man of `color` and role index `role` on the square of index
    /// `square` (each below 256: the games' boards have 112 squares at most).
    #[inline]
    pub fn new(square: usize, color: Color, role: usize) -> Man {
        Man {
            square: square as u8,
            color,
            role: role as u8,
        }
    }

    /// This man's feature in `view`'s view (see the module docs).
    #[inline]
    pub fn feature<G: NnueGame>(self, view: Color) -> usize {
        let relative = usize::from(self.color != view);
        (relative * G::ROLES + usize::from(self.role)) * G::SQUARES
            + G::oriented(usize::from(self.square), view)
    }
}

/// What a move that names all it changes does to the board: `mover`
/// leaves its square, `captured` (if any) leaves the target, and `placed`
/// (the mover, or what a promotion makes of it) arrives there.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedChange {
    /// The man that moves, on its origin.
    pub mover: Man,
    /// The man taken on the target, if any.
    pub captured: Option<Man>,
    /// The man on the target after the move.
    pub placed: Man,
}

/// A game the networks can read: the sizes of its board and its roles, how
/// Black's view turns the board, and where its men stand. Everything else
/// (the features, the deltas of moves, the accumulators) is written once
/// over it.
pub trait NnueGame: Position {
    /// The squares, citadels included (112 in Tamerlane chess, 64 in chess
    /// and Makruk); at most 128.
    const SQUARES: usize;
    /// The roles of one side (23 in Tamerlane chess, 6 in chess and Makruk).
    const ROLES: usize;
    /// The men of the start position: the scale of the output buckets.
    const MAX_MEN: usize;
    /// The number of input features: two sides times the roles times the
    /// squares.
    const FEATURES: usize = 2 * Self::ROLES * Self::SQUARES;

    /// The square `sq` seen from `view`'s side: `sq` for White, the core's
    /// mirror of it for Black.
    fn oriented(sq: usize, view: Color) -> usize;

    /// The man on square `sq`, if any.
    fn man_at(&self, sq: usize) -> Option<Man>;

    /// Calls `f` with every man on the board.
    fn for_each_man(&self, f: impl FnMut(Man));

    /// The occupied squares of each side (White first), one bit per square
    /// index.
    fn occupancy(&self) -> [u128; 2];

    /// The two squares a move names (its origin and target): the only
    /// squares whose man may change its role while the square stays
    /// occupied by the same side (a promotion, a king swap).
    fn move_squares(m: &Self::Move) -> [usize; 2];

    /// What `m`, played by `us`, changes when the move names all of it: an
    /// ordinary move or capture (the captured man on the target) or a
    /// promotion on the target. `None` for the other kinds (castling, en
    /// passant, king swaps, the pawn of pawns' arrivals, placements and
    /// transfers, citadel entries), whose deltas
    /// [`Delta::between`](super::Delta::between) finds from the boards.
    fn named_change(m: &Self::Move, us: Color) -> Option<NamedChange>;

    /// The number of men on the board.
    #[inline]
    fn men(&self) -> usize {
        let [white, black] = self.occupancy();
        (white.count_ones() + black.count_ones()) as usize
    }

    /// The active features in `view`'s view, in square order.
    fn active_features(&self, view: Color) -> Vec<usize> {
        let mut features = Vec::with_capacity(Self::MAX_MEN);
        self.for_each_man(|man| features.push(man.feature::<Self>(view)));
        features
    }
}
