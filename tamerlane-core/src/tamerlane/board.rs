//! Piece placement: which piece stands on which square.

use core::fmt;

use crate::color::Color;
use crate::tamerlane::bitboard::Bitboard;
use crate::tamerlane::role::{Piece, Role};
use crate::tamerlane::square::Square;

/// Index into the per-kind bitboards: the 12 piece roles by themselves, and
/// one shared entry for all eleven pawn kinds (they move alike).
#[inline]
const fn kind(role: Role) -> usize {
    if role.is_pawn() {
        12
    } else {
        role as usize
    }
}

/// The placement of pieces on the 110 ordinary squares and the two citadels.
///
/// It keeps a bitboard per colour, a bitboard per piece kind (all pawn kinds
/// share one), and a square-indexed array of pieces. A `Board` may hold any
/// placement; the rules are checked when a [`Setup`](crate::Setup) is turned
/// into a [`Position`](crate::tamerlane::Position).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 13],
    squares: [Option<Piece>; 112],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 13],
            squares: [None; 112],
        }
    }

    /// The initial placement of section 7 of the rules.
    pub fn initial() -> Board {
        use Role::*;
        let mut b = Board::empty();
        let back: [Option<Role>; 11] = [
            Some(Elephant),
            None,
            Some(Camel),
            None,
            Some(Dabbaba),
            None,
            Some(Dabbaba),
            None,
            Some(Camel),
            None,
            Some(Elephant),
        ];
        let second = [
            Rook, Knight, Talia, Giraffe, Ferz, King, Vizier, Giraffe, Talia, Knight, Rook,
        ];
        let pawns = [
            PawnOfPawns,
            PawnOfDabbabas,
            PawnOfCamels,
            PawnOfElephants,
            PawnOfFerzes,
            PawnOfKings,
            PawnOfViziers,
            PawnOfGiraffes,
            PawnOfTalias,
            PawnOfKnights,
            PawnOfRooks,
        ];
        for file in 0..11 {
            let sq = |rank: i32| Square::from_xy(file as i32, rank).expect("on board");
            if let Some(role) = back[file] {
                b.set(sq(0), Some(Piece::new(Color::White, role)));
            }
            b.set(sq(1), Some(Piece::new(Color::White, second[file])));
            b.set(sq(2), Some(Piece::new(Color::White, pawns[file])));
        }
        let white: Vec<(Square, Piece)> = b.pieces().collect();
        for (sq, p) in white {
            b.put(sq.rotate(), Piece::new(Color::Black, p.role));
        }
        b
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.squares[sq.index()].map(|p| p.role)
    }

    /// Puts `piece` on `sq` (or empties it with `None`), returning what stood there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        let old = self.take(sq);
        if let Some(p) = piece {
            self.put(sq, p);
        }
        old
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()].is_none());
        self.by_color[piece.color.index()].toggle(sq);
        self.by_kind[kind(piece.role)].toggle(sq);
        self.squares[sq.index()] = Some(piece);
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq.index()].take()?;
        self.by_color[piece.color.index()].toggle(sq);
        self.by_kind[kind(piece.role)].toggle(sq);
        Some(piece)
    }

    crate::bitset::colour_sets!();

    /// The squares holding pieces of `role` (either colour).
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        let b = self.by_kind[kind(role)];
        if role.is_pawn() {
            b.filter(|sq| self.role_at(sq) == Some(role))
        } else {
            b
        }
    }

    /// The squares holding `piece`.
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// The bitboard of one piece kind, without the pawn filter.
    #[inline]
    pub(crate) fn kind(&self, role: Role) -> Bitboard {
        self.by_kind[kind(role)]
    }

    /// All pawns of every kind, both colours.
    #[inline]
    pub fn pawns(&self) -> Bitboard {
        self.by_kind[12]
    }

    /// All royal pieces (King, Prince, Adventitious King), both colours.
    #[inline]
    pub fn royals(&self) -> Bitboard {
        self.by_kind[0] | self.by_kind[1] | self.by_kind[2]
    }

    /// Iterates over `(square, piece)` in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .squares()
            .map(move |sq| (sq, self.squares[sq.index()].expect("occupied")))
    }

    /// The same placement seen from the other side: rotated 180 degrees
    /// with the colours swapped.
    pub fn mirror(&self) -> Board {
        let mut b = Board::empty();
        for (sq, p) in self.pieces() {
            b.put(sq.rotate(), Piece::new(!p.color, p.role));
        }
        b
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Board {
    /// A text diagram, rank 10 on top. Each square is three characters wide
    /// (`.` for empty); Black's citadel is drawn in brackets left of rank 9,
    /// White's right of rank 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = |sq: Square| match self.piece_at(sq) {
            Some(p) => format!("{:<3}", p.token()),
            None => ".  ".to_owned(),
        };
        let citadel = |sq: Square| match self.piece_at(sq) {
            Some(p) => format!("[{:<2}]", p.token()),
            None => "[  ]".to_owned(),
        };
        for rank in (0..10).rev() {
            let left = if rank == 8 {
                citadel(Square::BC)
            } else {
                "    ".to_owned()
            };
            let mut line = format!("{left} {:>2}  ", rank + 1);
            for file in 0..11 {
                line.push_str(&cell(Square::from_xy(file, rank).expect("on board")));
            }
            if rank == 1 {
                line.push_str(&citadel(Square::WC));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        write!(f, "         a  b  c  d  e  f  g  h  i  j  k")
    }
}
