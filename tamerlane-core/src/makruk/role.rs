//! The six Makruk piece kinds and a piece (kind and colour), with their FEN
//! letters (Fairy-Stockfish's: `k`, `m` = Met, `s` = Khon, `n`, `r`, `p`).

use core::fmt;

use crate::color::Color;

/// A kind of Makruk piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Bia: one step forward, captures one step diagonally forward, becomes
    /// a Met on its sixth rank.
    Pawn = 0,
    /// Met: one step diagonally (also the promoted pawn).
    Met = 1,
    /// Khon: one step diagonally or one step straight forward.
    Khon = 2,
    /// Ma: the Knight of chess.
    Knight = 3,
    /// Ruea: the Rook of chess.
    Rook = 4,
    /// Khun: one step in any direction.
    King = 5,
}

impl Role {
    /// Every role, in index order.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Met,
        Role::Khon,
        Role::Knight,
        Role::Rook,
        Role::King,
    ];

    /// `0..6`: an index for per-role arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of FEN and SAN: `P M S N R K`.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Met => 'M',
            Role::Khon => 'S',
            Role::Knight => 'N',
            Role::Rook => 'R',
            Role::King => 'K',
        }
    }

    /// The role of an upper-case letter `P M S N R K`.
    pub const fn from_letter(c: char) -> Option<Role> {
        Some(match c {
            'P' => Role::Pawn,
            'M' => Role::Met,
            'S' => Role::Khon,
            'N' => Role::Knight,
            'R' => Role::Rook,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The lower-case English name: `pawn`, `met`, `khon`, `knight`, `rook`, `king`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Met => "met",
            Role::Khon => "khon",
            Role::Knight => "knight",
            Role::Rook => "rook",
            Role::King => "king",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role of a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter (`K` is a White King, `s` a Black Khon).
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_letter(c.to_ascii_uppercase()) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    /// The FEN letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
