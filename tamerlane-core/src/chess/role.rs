//! The six kinds of chess pieces and the coloured pieces.

use core::fmt;

use crate::color::Color;

/// A kind of chess piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (`P`).
    Pawn = 0,
    /// Knight (`N`).
    Knight = 1,
    /// Bishop (`B`).
    Bishop = 2,
    /// Rook (`R`).
    Rook = 3,
    /// Queen (`Q`).
    Queen = 4,
    /// King (`K`).
    King = 5,
}

impl Role {
    /// The number of roles.
    pub const COUNT: usize = 6;

    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, queen first (FIDE 3.7.3.3).
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// `0` for the pawn up to `5` for the king: an index for per-role arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of FEN and SAN: `P N B R Q K`.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case letter, as in UCI promotions (`e7e8q`): `p n b r q k`.
    pub const fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The role whose letter is `c`, in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The lower-case English name: `pawn`, `knight`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role and a colour.
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
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }

    /// The piece whose FEN letter is `c` (upper case White, lower case Black).
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
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
