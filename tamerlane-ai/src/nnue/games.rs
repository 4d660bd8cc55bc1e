//! The three games' [`NnueGame`] data: their sizes, Black's view of the
//! board (the core's mirror of each board, so the two views see the start
//! position alike) and where their men stand. The rest is generic.

use tamerlane_core::moves::Kind;
use tamerlane_core::{board8, chess, makruk, tamerlane, Color};

use super::features::{Man, NamedChange, NnueGame};

/// The [`NnueGame`] items of a game, whose boards differ only in their
/// squares, roles, largest number of men and Black's view.
macro_rules! nnue_game {
    ($game:ident, $square:ty, squares: $squares:expr, roles: $roles:expr,
     max_men: $max_men:expr, black_view: $black_view:expr) => {
        impl NnueGame for $game::Position {
            const SQUARES: usize = $squares;
            const ROLES: usize = $roles;
            const MAX_MEN: usize = $max_men;

            #[inline]
            fn oriented(sq: usize, view: Color) -> usize {
                match view {
                    Color::White => sq,
                    Color::Black => $black_view(sq),
                }
            }

            #[inline]
            fn man_at(&self, sq: usize) -> Option<Man> {
                let p = self.board().piece_at(<$square>::new(sq as u32)?)?;
                Some(Man::new(sq, p.color, p.role.index()))
            }

            #[inline]
            fn for_each_man(&self, mut f: impl FnMut(Man)) {
                for (sq, p) in self.board().pieces() {
                    f(Man::new(sq.index(), p.color, p.role.index()));
                }
            }

            #[inline]
            fn occupancy(&self) -> [u128; 2] {
                let b = self.board();
                Color::ALL.map(|c| u128::from(b.by_color(c).0))
            }

            #[inline]
            fn move_squares(m: &$game::Move) -> [usize; 2] {
                [m.from.index(), m.to.index()]
            }

            #[inline]
            fn named_change(m: &$game::Move, us: Color) -> Option<NamedChange> {
                let placed = match m.kind.promotion() {
                    Some(role) => role,
                    None if m.kind == <$game::MoveKind as Kind<_>>::NORMAL => m.role,
                    None => return None,
                };
                let (from, to) = (m.from.index(), m.to.index());
                Some(NamedChange {
                    mover: Man::new(from, us, m.role.index()),
                    captured: m.capture.map(|role| Man::new(to, !us, role.index())),
                    placed: Man::new(to, us, placed.index()),
                })
            }
        }
    };
}

// Tamerlane: Black's view turns the board by 180 degrees, the citadels
// swapped (`Square::rotate`, as Black's start placement is White's
// turned); 11 pawns and 17 pieces a side (docs/RULES.md, section 7).
nnue_game!(
    tamerlane,
    tamerlane::Square,
    squares: tamerlane::Square::COUNT,
    roles: tamerlane::Role::COUNT,
    max_men: 56,
    black_view: |sq: usize| tamerlane::Square::new(sq as u32).map_or(sq, |s| s.rotate().index())
);
// Chess: Black's view flips the ranks (`e2` <-> `e7`), the core's
// `chess::Board::mirror`; 16 men a side.
nnue_game!(
    chess,
    board8::Square,
    squares: 64,
    roles: 6,
    max_men: 32,
    black_view: |sq: usize| sq ^ 56
);
// Makruk: Black's view turns the board by 180 degrees (`d1` <-> `e8`), the
// core's `makruk::Board::mirror`, as Black's king stands opposite White's
// (docs/MAKRUK.md); 16 men a side.
nnue_game!(
    makruk,
    board8::Square,
    squares: 64,
    roles: 6,
    max_men: 32,
    black_view: |sq: usize| 63 - sq
);
