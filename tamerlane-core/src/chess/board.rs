//! The placement of the pieces on the 8x8 board: one bitboard per role and
//! one per colour.

use core::fmt;

use super::role::{Piece, Role};
use crate::board8::{attacks, Bitboard, Square};
use crate::color::Color;

/// Where the pieces stand. Any placement can be described (no rule is
/// checked here: see [`Setup::validate`](super::Setup::validate)).
///
/// ```
/// use tamerlane_core::board8::Square;
/// use tamerlane_core::chess::{Board, Piece, Role};
/// use tamerlane_core::Color;
///
/// let board = Board::initial();
/// let e1: Square = "e1".parse()?;
/// assert_eq!(board.piece_at(e1), Some(Piece::new(Color::White, Role::King)));
/// assert_eq!(board.occupied().count(), 32);
/// # Ok::<(), tamerlane_core::board8::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board without pieces.
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
        }
    }

    /// The initial placement of FIDE chess.
    pub const fn initial() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xffff), Bitboard(0xffff << 48)],
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    /// Puts `piece` on `sq` (or empties it with `None`), returning what stood there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        let old = self.piece_at(sq);
        if let Some(p) = old {
            self.toggle(sq, p);
        }
        if let Some(p) = piece {
            self.toggle(sq, p);
        }
        old
    }

    /// Adds `piece` on `sq` if the square is empty, or removes it if it
    /// stands there: the primitive of making moves.
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.by_role[piece.role.index()] ^= bit;
        self.by_color[piece.color.index()] ^= bit;
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of the pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// Bishops and queens, both colours: the diagonal sliders.
    #[inline]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }

    /// Rooks and queens, both colours: the orthogonal sliders.
    #[inline]
    pub fn orthogonal_sliders(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    /// The square of `color`'s king, if it has exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).single()
    }

    /// The pieces of `by` that attack `sq` when the occupied squares are
    /// `occ` ("attack": could capture there by their movement pattern).
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let them = self.by_color(by);
        ((attacks::knight(sq) & self.by_role(Role::Knight))
            | (attacks::king(sq) & self.by_role(Role::King))
            | (attacks::pawn(!by, sq) & self.by_role(Role::Pawn))
            | (attacks::bishop(sq, occ) & self.diagonal_sliders())
            | (attacks::rook(sq, occ) & self.orthogonal_sliders()))
            & them
    }

    /// Every piece with its square, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The board seen from the other side: ranks mirrored (`e2` <-> `e7`)
    /// and colours swapped.
    pub fn mirror(&self) -> Board {
        Board {
            by_role: self.by_role.map(Bitboard::flip_ranks),
            by_color: [self.by_color[1].flip_ranks(), self.by_color[0].flip_ranks()],
        }
    }
}

impl fmt::Display for Board {
    /// Eight lines of FEN letters and `.` for empty squares, rank 8 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                let c = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            if rank > 0 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board(")?;
        fmt::Display::fmt(self, f)?;
        write!(f, ")")
    }
}
