//! The three games' [`NnueGame`] data: their sizes, Black's view of the
//! board (the core's mirror of each board, so the two views see the start
//! position alike) and where their men stand. The rest is generic.

use tamerlane_core::board8::{self, Bitboard};
use tamerlane_core::{chess, makruk, tamerlane, Color};

use super::features::{Man, NnueGame};

impl NnueGame for tamerlane::Position {
    const SQUARES: usize = tamerlane::Square::COUNT;
    const ROLES: usize = tamerlane::Role::COUNT;
    /// 56: 11 pawns and 17 pieces a side (docs/RULES.md, section 7).
    const MAX_MEN: usize = 56;

    /// Black's view turns the board by 180 degrees, the citadels swapped
    /// (`Square::rotate`, as Black's start placement is White's turned).
    #[inline]
    fn oriented(sq: usize, view: Color) -> usize {
        match view {
            Color::White => sq,
            Color::Black => match tamerlane::Square::new(sq as u32) {
                Some(s) => s.rotate().index(),
                None => sq,
            },
        }
    }

    #[inline]
    fn man_at(&self, sq: usize) -> Option<Man> {
        let square = tamerlane::Square::new(sq as u32)?;
        let p = self.board().piece_at(square)?;
        Some(Man {
            square: sq as u8,
            color: p.color,
            role: p.role.index() as u8,
        })
    }

    #[inline]
    fn for_each_man(&self, mut f: impl FnMut(Man)) {
        for (sq, p) in self.board().pieces() {
            f(Man {
                square: sq.index() as u8,
                color: p.color,
                role: p.role.index() as u8,
            });
        }
    }

    #[inline]
    fn occupancy(&self) -> [u128; 2] {
        let b = self.board();
        [b.by_color(Color::White).0, b.by_color(Color::Black).0]
    }

    #[inline]
    fn move_squares(m: &tamerlane::Move) -> [usize; 2] {
        [m.from.index(), m.to.index()]
    }
}

/// The [`NnueGame`] items of an 8x8 game (chess, Makruk), whose boards
/// differ only in their roles and in Black's view.
macro_rules! board8_game {
    ($game:ident, $max_men:expr, $black_view:expr) => {
        impl NnueGame for $game::Position {
            const SQUARES: usize = 64;
            const ROLES: usize = 6;
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
                let square = board8::Square::new(sq as u32)?;
                let p = self.board().piece_at(square)?;
                Some(Man {
                    square: sq as u8,
                    color: p.color,
                    role: p.role.index() as u8,
                })
            }

            #[inline]
            fn for_each_man(&self, mut f: impl FnMut(Man)) {
                for (sq, p) in self.board().pieces() {
                    f(Man {
                        square: sq.index() as u8,
                        color: p.color,
                        role: p.role.index() as u8,
                    });
                }
            }

            #[inline]
            fn occupancy(&self) -> [u128; 2] {
                let b = self.board();
                let bits = |bb: Bitboard| u128::from(bb.0);
                [
                    bits(b.by_color(Color::White)),
                    bits(b.by_color(Color::Black)),
                ]
            }

            #[inline]
            fn move_squares(m: &$game::Move) -> [usize; 2] {
                [m.from.index(), m.to.index()]
            }
        }
    };
}

// Chess: Black's view flips the ranks (`e2` <-> `e7`), the core's
// `chess::Board::mirror`; 16 men a side.
board8_game!(chess, 32, |sq: usize| sq ^ 56);
// Makruk: Black's view turns the board by 180 degrees (`d1` <-> `e8`), the
// core's `makruk::Board::mirror`, as Black's king stands opposite White's
// (docs/MAKRUK.md); 16 men a side.
board8_game!(makruk, 32, |sq: usize| 63 - sq);
