//! Castling: the two sides, the rights of both players, and the squares
//! each castling move uses (FIDE 3.8.2).

use core::fmt;

use crate::board8::{Bitboard, Square};
use crate::color::Color;

/// The side of the board a castling move goes to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// King side (`O-O`): the king goes to the g-file, the rook from h to f.
    KingSide,
    /// Queen side (`O-O-O`): the king goes to the c-file, the rook from a to d.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// Squares of `color`'s first rank, from the file numbers (0 = a).
    #[inline]
    const fn on_first_rank(color: Color, file: u32) -> Square {
        match color {
            Color::White => Square::new_unchecked(file),
            Color::Black => Square::new_unchecked(56 + file),
        }
    }

    /// The king's square before castling: `e1` or `e8`.
    #[inline]
    pub const fn king_from(color: Color) -> Square {
        CastlingSide::on_first_rank(color, 4)
    }

    /// The king's square after castling: `g1`/`c1` (`g8`/`c8` for Black).
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => CastlingSide::on_first_rank(color, 6),
            CastlingSide::QueenSide => CastlingSide::on_first_rank(color, 2),
        }
    }

    /// The rook's square before castling: `h1`/`a1` (`h8`/`a8`).
    #[inline]
    pub const fn rook_from(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => CastlingSide::on_first_rank(color, 7),
            CastlingSide::QueenSide => CastlingSide::on_first_rank(color, 0),
        }
    }

    /// The rook's square after castling: `f1`/`d1` (`f8`/`d8`).
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => CastlingSide::on_first_rank(color, 5),
            CastlingSide::QueenSide => CastlingSide::on_first_rank(color, 3),
        }
    }

    /// The squares that must be empty: every square between the king and
    /// the rook (FIDE 3.8.2.2: no piece between them).
    #[inline]
    pub fn empty_squares(self, color: Color) -> Bitboard {
        crate::board8::attacks::between(CastlingSide::king_from(color), self.rook_from(color))
    }

    /// The squares the king stands on, passes or reaches, which must not
    /// be attacked (FIDE 3.8.2.2: not out of, through or into check).
    #[inline]
    pub fn king_path(self, color: Color) -> Bitboard {
        let (from, to) = (CastlingSide::king_from(color), self.king_to(color));
        crate::board8::attacks::between(from, to)
            .with(from)
            .with(to)
    }

    /// The side a king move from `from` to `to` castles to, if it is one
    /// of the two castling moves of `color`.
    #[inline]
    pub fn of_king_move(color: Color, from: Square, to: Square) -> Option<CastlingSide> {
        if from != CastlingSide::king_from(color) {
            return None;
        }
        CastlingSide::ALL
            .into_iter()
            .find(|s| s.king_to(color) == to)
    }

    /// The SAN of the castling move: `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }

    /// The bit of `color`'s right to castle to this side.
    #[inline]
    const fn bit(self, color: Color) -> u8 {
        let base = match self {
            CastlingSide::KingSide => 1,
            CastlingSide::QueenSide => 2,
        };
        match color {
            Color::White => base,
            Color::Black => base << 2,
        }
    }
}

/// The castling rights of both players: which castlings are still possible
/// some day, because neither the king nor that rook has moved (FIDE
/// 3.8.2.1). Whether one is possible *now* is decided by move generation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights (the initial position).
    pub const ALL: CastlingRights = CastlingRights(15);

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & side.bit(color) != 0
    }

    /// The rights with `color`'s right to castle to `side` set to `value`.
    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide, value: bool) -> CastlingRights {
        if value {
            CastlingRights(self.0 | side.bit(color))
        } else {
            CastlingRights(self.0 & !side.bit(color))
        }
    }

    /// Whether no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights as four bits (White king side = 1, White queen side = 2,
    /// Black king side = 4, Black queen side = 8): an index for tables.
    #[inline]
    pub const fn bits(self) -> usize {
        self.0 as usize
    }

    /// The rights seen from the other side: White's become Black's.
    #[inline]
    pub const fn mirror(self) -> CastlingRights {
        CastlingRights((self.0 >> 2) | ((self.0 & 3) << 2))
    }

    /// The rights left after a move from or to `sq`: a king leaving its
    /// square loses both of its side's rights, a rook leaving or captured on
    /// its corner loses that one.
    #[inline]
    pub(crate) const fn after_touching(self, sq: Square) -> CastlingRights {
        let lost = match sq.index() {
            0 => 2,
            4 => 3,
            7 => 1,
            56 => 8,
            60 => 12,
            63 => 4,
            _ => 0,
        };
        CastlingRights(self.0 & !lost)
    }

    /// The FEN field: `KQkq` or a part of it in that order, `-` when empty.
    pub fn fen(self) -> String {
        if self.is_empty() {
            return "-".to_owned();
        }
        let mut s = String::with_capacity(4);
        for (color, upper) in [(Color::White, true), (Color::Black, false)] {
            for (side, c) in [
                (CastlingSide::KingSide, 'K'),
                (CastlingSide::QueenSide, 'Q'),
            ] {
                if self.has(color, side) {
                    s.push(if upper { c } else { c.to_ascii_lowercase() });
                }
            }
        }
        s
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({})", self.fen())
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}
