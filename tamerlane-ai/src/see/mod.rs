//! Static exchange evaluation (SEE), one swap algorithm for the three
//! games: whether a capture wins material once both sides have recaptured
//! on its square with their least valuable attackers, each stopping when
//! recapturing would lose.
//!
//! The swap loop is written once here, over what it needs of a game
//! (`ExchangeBoard`): the attackers of a square for a given occupancy
//! (so that a rider behind a piece that has captured joins in: an x-ray),
//! the colours, the least valuable attacker and the value of each role.
//! Each game supplies them in its own file: [`tamerlane`] (also at this
//! module's root, as before the sibling games), [`chess`] and [`makruk`].
//!
//! Simplifications common to the three, as usual for a SEE: pins and
//! checks are ignored, and the King never recaptures onto a square the
//! other side still attacks (it is worth more than everything else).

pub mod chess;
pub mod makruk;
pub mod tamerlane;

use core::ops::BitAnd;

use tamerlane_core::{board8, Color};

pub use self::tamerlane::see_ge;

/// The value of a King in an exchange: above every other piece, so that it
/// recaptures last (the evaluations give it no material value).
const KING_VALUE: i32 = 20_000;

/// A set of squares, as the swap loop uses it.
pub(crate) trait SquareSet: Copy + BitAnd<Output = Self> {
    /// The square type of the set.
    type Square: Copy;
    /// Whether the set has a square.
    fn any(self) -> bool;
    /// The set without `sq`.
    fn without(self, sq: Self::Square) -> Self;
    /// The first square of the set, if any.
    fn first(self) -> Option<Self::Square>;
}

impl SquareSet for tamerlane_core::Bitboard {
    type Square = tamerlane_core::Square;
    #[inline]
    fn any(self) -> bool {
        tamerlane_core::Bitboard::any(self)
    }
    #[inline]
    fn without(self, sq: Self::Square) -> Self {
        tamerlane_core::Bitboard::without(self, sq)
    }
    #[inline]
    fn first(self) -> Option<Self::Square> {
        tamerlane_core::Bitboard::first(self)
    }
}

impl SquareSet for board8::Bitboard {
    type Square = board8::Square;
    #[inline]
    fn any(self) -> bool {
        board8::Bitboard::any(self)
    }
    #[inline]
    fn without(self, sq: Self::Square) -> Self {
        board8::Bitboard::without(self, sq)
    }
    #[inline]
    fn first(self) -> Option<Self::Square> {
        board8::Bitboard::first(self)
    }
}

/// What the swap loop needs of a game's position.
pub(crate) trait ExchangeBoard {
    /// The game's sets of squares.
    type Set: SquareSet;
    /// The game's piece kinds.
    type Role: Copy + PartialEq;
    /// The King's role (the one piece that never recaptures into attack).
    const KING: Self::Role;

    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// Every occupied square.
    fn occupied(&self) -> Self::Set;
    /// The pieces of `color`.
    fn pieces(&self, color: Color) -> Self::Set;
    /// Pieces of either colour attacking `sq` when exactly the squares of
    /// `occ` are occupied (riders blocked by `occ` only). Pieces off `occ`
    /// may be included: the swap loop keeps only those on `occ`.
    fn attackers(&self, sq: Square<Self>, occ: Self::Set) -> Self::Set;
    /// The least valuable of `attackers` (pieces of one colour) and its
    /// role, or `None` for an empty set.
    fn least_valuable(&self, attackers: Self::Set) -> Option<(Square<Self>, Self::Role)>;
    /// The material value of `role` in centipawns: the game's evaluation
    /// value (the King's is not used: it counts as [`KING_VALUE`]).
    fn material_value(role: Self::Role) -> i32;
}

/// The square type of a game's position.
pub(crate) type Square<B> = <<B as ExchangeBoard>::Set as SquareSet>::Square;

/// The value of `role` in an exchange: its material value, the King above
/// everything.
#[inline]
fn value<B: ExchangeBoard>(role: B::Role) -> i32 {
    if role == B::KING {
        KING_VALUE
    } else {
        B::material_value(role)
    }
}

/// The first of `order` (roles, least valuable first) that has a square in
/// `attackers`, with that square: `by_role` gives a role's squares.
#[inline]
pub(crate) fn first_in_order<S: SquareSet, R: Copy>(
    order: &[R],
    attackers: S,
    by_role: impl Fn(R) -> S,
) -> Option<(S::Square, R)> {
    order
        .iter()
        .find_map(|&role| (attackers & by_role(role)).first().map(|sq| (sq, role)))
}

/// Implements [`ExchangeBoard`] for the position type of an 8x8 sibling
/// game (chess, Makruk): its board's `attackers(sq, by, occ)` for both
/// colours, the recapture order of the game's `Role::ALL` (every role,
/// least valuable first: the tests check it against the values) and the
/// material values of the function `$value`.
macro_rules! impl_exchange_board8 {
    ($position:ty, $role:ty, $value:path) => {
        impl $crate::see::ExchangeBoard for $position {
            type Set = tamerlane_core::board8::Bitboard;
            type Role = $role;
            const KING: $role = <$role>::King;

            #[inline]
            fn side_to_move(&self) -> tamerlane_core::Color {
                self.turn()
            }

            #[inline]
            fn occupied(&self) -> Self::Set {
                self.board().occupied()
            }

            #[inline]
            fn pieces(&self, color: tamerlane_core::Color) -> Self::Set {
                self.board().by_color(color)
            }

            #[inline]
            fn attackers(&self, sq: tamerlane_core::board8::Square, occ: Self::Set) -> Self::Set {
                let b = self.board();
                b.attackers(sq, tamerlane_core::Color::White, occ)
                    | b.attackers(sq, tamerlane_core::Color::Black, occ)
            }

            #[inline]
            fn least_valuable(
                &self,
                attackers: Self::Set,
            ) -> Option<(tamerlane_core::board8::Square, $role)> {
                $crate::see::first_in_order(&<$role>::ALL, attackers, |role| {
                    self.board().by_role(role)
                })
            }

            #[inline]
            fn material_value(role: $role) -> i32 {
                $value(role)
            }
        }
    };
}
use impl_exchange_board8;

/// Whether the exchange that a piece of role `role` starts in `pos` by
/// moving from `from` to `to` and taking `captured` there (or nothing)
/// gains at least `threshold` centipawns for the side to move: the classic
/// swap loop, each side recapturing with its least valuable attacker and
/// the attackers recomputed with the capturers removed from the occupancy.
pub(crate) fn swap_ge<B: ExchangeBoard>(
    pos: &B,
    from: Square<B>,
    to: Square<B>,
    role: B::Role,
    captured: Option<B::Role>,
    threshold: i32,
) -> bool {
    // What the side to move has gained so far minus the threshold, and
    // then what is at stake: the piece now on `to`.
    let mut swap = captured.map_or(0, value::<B>) - threshold;
    if swap < 0 {
        return false;
    }
    swap = value::<B>(role) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied().without(from).without(to);
    let mut attackers = pos.attackers(to, occ);
    let mut side = pos.side_to_move();
    // `res`: whether the side to move comes out at or above the threshold
    // if the exchange stops here.
    let mut res = true;
    loop {
        side = !side;
        attackers = attackers & occ;
        let Some((sq, role)) = pos.least_valuable(attackers & pos.pieces(side)) else {
            break;
        };
        res = !res;
        if role == B::KING {
            // The King may recapture only if nothing attacks the square
            // any more.
            return if (attackers & pos.pieces(!side)).any() {
                !res
            } else {
                res
            };
        }
        swap = value::<B>(role) - swap;
        if swap < i32::from(res) {
            break;
        }
        occ = occ.without(sq);
        attackers = pos.attackers(to, occ);
    }
    res
}

#[cfg(test)]
mod tests {
    use tamerlane_core::chess::{Position as ChessPosition, Role as ChessRole};
    use tamerlane_core::makruk::{Position as MakrukPosition, Role as MakrukRole};

    use crate::game::SearchPosition;

    /// Asserts that the exchange that `m` starts in `pos` is worth exactly
    /// `value` (at least `value`, not `value + 1`) by the game's `see_ge`
    /// and by the game trait's, which routes to it.
    #[track_caller]
    pub(crate) fn assert_worth<P: SearchPosition>(
        pos: &P,
        m: &P::Move,
        see_ge: fn(&P, &P::Move, i32) -> bool,
        value: i32,
    ) {
        for ge in [see_ge, P::see_ge] {
            assert!(ge(pos, m, value), "{pos:?} {m:?}: worth less than {value}");
            assert!(
                !ge(pos, m, value + 1),
                "{pos:?} {m:?}: worth more than {value}"
            );
        }
    }

    /// Asserts that the move `text` in the position `fen` (default rules)
    /// starts an exchange worth exactly `value` by `see_ge`, as
    /// [`assert_worth`].
    #[track_caller]
    pub(crate) fn assert_exchange<P: SearchPosition>(
        fen: &str,
        text: &str,
        see_ge: fn(&P, &P::Move, i32) -> bool,
        value: i32,
    ) where
        P::Rules: Default,
    {
        let p = P::from_fen_with_rules(fen, P::Rules::default()).unwrap();
        assert_worth(&p, &p.parse_move(text).unwrap(), see_ge, value);
    }

    /// `Role::ALL` is the recapture order of the 8x8 games: every role,
    /// pieces by increasing value of the evaluation, then the King.
    #[test]
    fn the_8x8_recapture_orders_follow_the_values() {
        let chess_values = ChessRole::ALL.map(crate::eval::chess::value);
        let makruk_values = MakrukRole::ALL.map(crate::eval::makruk::value);
        for values in [chess_values, makruk_values] {
            assert!(values[..5].windows(2).all(|w| w[0] < w[1]), "{values:?}");
        }
        assert_eq!(ChessRole::ALL[5], ChessRole::King);
        assert_eq!(MakrukRole::ALL[5], MakrukRole::King);
    }

    /// Exchanges that read the same in chess and Makruk (Kings, rooks =
    /// Ruea, knights = Ma), counted by hand: each with its value in chess
    /// (knight 320, rook 500) and in Makruk (Ma 310, Ruea 500).
    const BOARD8_EXCHANGES: [(&str, &str, i32, i32); 5] = [
        // An x-ray: White's rooks d2, d1; Black's knight d6 defended by
        // its rook d8. Rxd6 Rxd6 Rxd6 wins the knight.
        ("3r3k/8/3n4/8/8/8/3R4/K2R4 w - - 0 1", "d2d6", 320, 310),
        // Without the second rook Black wins the exchange.
        (
            "3r3k/8/3n4/8/8/8/3R4/K7 w - - 0 1",
            "d2d6",
            320 - 500,
            310 - 500,
        ),
        // Black doubled too (d7, d8), the rook on d8 seen only once the
        // one on d7 has recaptured: Rxd6 Rxd6 Rxd6 Rxd6 leaves White no
        // better than stopping after the first recapture.
        (
            "3r3k/3r4/3n4/8/8/8/3R4/K2R4 w - - 0 1",
            "d2d6",
            320 - 500,
            310 - 500,
        ),
        // Black's King e7 is next to d6 but does not recapture: White's
        // rook d1 still covers d6.
        ("8/4k3/3n4/8/8/8/3R4/K2R4 w - - 0 1", "d2d6", 320, 310),
        // Without the second rook the King takes.
        (
            "8/4k3/3n4/8/8/8/3R4/K7 w - - 0 1",
            "d2d6",
            320 - 500,
            310 - 500,
        ),
    ];

    #[test]
    fn x_rays_and_the_king_in_both_8x8_games() {
        for (fen, uci, in_chess, in_makruk) in BOARD8_EXCHANGES {
            assert_exchange::<ChessPosition>(fen, uci, super::chess::see_ge, in_chess);
            assert_exchange::<MakrukPosition>(fen, uci, super::makruk::see_ge, in_makruk);
        }
    }
}
