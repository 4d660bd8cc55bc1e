//! The placement of an 8x8 game (chess or Makruk): one bitboard per colour
//! and one per role, generic over the game's roles. Each game adds its own
//! start placement and attack rules in its `board.rs`.

use core::fmt;

use super::piece::{Piece, PieceKind};
use super::{Bitboard, Square};
use crate::color::Color;
use crate::fen::{write_placement, FenReader, ParseFenError};

/// How many kings a side has: a valid setup has one each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum KingCount {
    /// No king.
    None,
    /// Exactly one.
    One,
    /// More than one.
    Several,
}

/// Which piece stands on which square. Placing and removing pieces keeps
/// the colour and role bitboards consistent; nothing else is checked here
/// (each game's `Setup::validate` checks the rules).
#[derive(Copy, PartialEq, Eq, Hash)]
pub struct Board<R> {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    roles: core::marker::PhantomData<R>,
}

impl<R: Copy> Clone for Board<R> {
    /// A plain copy (a derived `Clone` of a generic type would copy field
    /// by field).
    #[inline]
    fn clone(&self) -> Board<R> {
        *self
    }
}

impl<R: PieceKind> Default for Board<R> {
    fn default() -> Board<R> {
        Board::empty()
    }
}

impl<R: PieceKind> Board<R> {
    /// A board with no piece.
    pub const fn empty() -> Board<R> {
        Board::from_bitboards([Bitboard::EMPTY; 6], [Bitboard::EMPTY; 2])
    }

    /// The board of the given role sets (in [`PieceKind::ALL`] order) and
    /// colour sets (White first), which must be consistent.
    pub(crate) const fn from_bitboards(
        by_role: [Bitboard; 6],
        by_color: [Bitboard; 2],
    ) -> Board<R> {
        Board {
            by_role,
            by_color,
            roles: core::marker::PhantomData,
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece<R>> {
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
    pub fn role_at(&self, sq: Square) -> Option<R> {
        if !self.occupied().contains(sq) {
            return None;
        }
        R::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    crate::bitset::colour_sets!();

    /// The squares of the pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: R) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece<R>) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// The square of `color`'s king (the first one, if a setup has several).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, R::KING)).first()
    }

    /// How many kings `color` has, as a setup's validation reads it.
    pub(crate) fn king_count(&self, color: Color) -> KingCount {
        let kings = self.by_piece(Piece::new(color, R::KING));
        if kings.is_empty() {
            KingCount::None
        } else if kings.more_than_one() {
            KingCount::Several
        } else {
            KingCount::One
        }
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece<R>) {
        debug_assert!(!self.occupied().contains(sq), "{sq} is occupied");
        self.by_color[piece.color.index()].add(sq);
        self.by_role[piece.role.index()].add(sq);
    }

    /// Removes and returns the piece on `sq`, if any.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece<R>> {
        let piece = self.piece_at(sq)?;
        self.by_color[piece.color.index()].remove(sq);
        self.by_role[piece.role.index()].remove(sq);
        Some(piece)
    }

    /// Puts `piece` on `sq` (or empties it with `None`), returning what
    /// stood there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece<R>>) -> Option<Piece<R>> {
        let old = self.take(sq);
        if let Some(p) = piece {
            self.put(sq, p);
        }
        old
    }

    /// Adds `piece` on `sq` if the square is empty, or removes it if it
    /// stands there: the primitive of making moves.
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece<R>) {
        let bit = Bitboard::from_square(sq);
        self.by_role[piece.role.index()] ^= bit;
        self.by_color[piece.color.index()] ^= bit;
    }

    /// Every piece with its square, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece<R>)> + '_ {
        self.occupied()
            .into_iter()
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied")))
    }

    /// Reads the placement field of a FEN: the pieces' letters (upper case
    /// White) and counts of empty squares, rank 8 first.
    pub(crate) fn read_fen(reader: FenReader, field: &str) -> Result<Board<R>, ParseFenError> {
        let letters: String = R::ALL.iter().map(|r| r.letter()).collect();
        let expected = format!("one of {letters} {}", letters.to_ascii_lowercase());
        let mut board = Board::empty();
        reader.placement(
            field,
            (8, 8),
            &expected,
            |b: &[u8]| Piece::from_char(char::from(b[0])).map(|p| (p, 1)),
            |_, _, _, _| None,
            |file, rank, piece| {
                let sq = Square::from_coords(file, rank).expect("on the board");
                board.put(sq, piece);
            },
        )?;
        Ok(board)
    }

    /// The placement field of the FEN, e.g.
    /// `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`.
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(72);
        write_placement(
            &mut s,
            (8, 8),
            |file, rank| {
                let sq = Square::from_coords(file, rank).expect("on the board");
                self.piece_at(sq).map(Piece::char)
            },
            |_| (None, None),
        );
        s
    }

    /// The board with every set moved by `turn` and the colours swapped:
    /// the game's mirror, given how it turns the board.
    pub(crate) fn mirrored(&self, turn: impl Fn(Bitboard) -> Bitboard) -> Board<R> {
        Board::from_bitboards(
            self.by_role.map(&turn),
            [turn(self.by_color[1]), turn(self.by_color[0])],
        )
    }
}

impl<R: PieceKind> fmt::Display for Board<R> {
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

impl<R: PieceKind> fmt::Debug for Board<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board(")?;
        fmt::Display::fmt(self, f)?;
        write!(f, ")")
    }
}
