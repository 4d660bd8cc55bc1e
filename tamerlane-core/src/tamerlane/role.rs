//! Piece kinds (`Role`) and coloured pieces (`Piece`).

use core::fmt;
use core::str::FromStr;

use crate::color::Color;
use crate::parse_value::{named_enum, ParseValueError, ValueKind};

named_enum! {
    /// Every kind of piece and pawn in Tamerlane chess.
    ///
    /// The twelve piece kinds come first, royals first of all; then the eleven
    /// pawn kinds, each named after the piece it promotes to.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[repr(u8)]
    pub enum Role: ValueKind::Role {
        /// King (Şah), `K`: one step in any direction. The highest royal.
        King => "king",
        /// Prince (Şehzade), `S`: moves as a King; made only by promoting the pawn of kings. Royal.
        Prince => "prince",
        /// Adventitious King (Ek Şah), `A`: moves as a King; made only by the third
        /// arrival of the pawn of pawns. Royal, the lowest.
        AdventitiousKing => "adventitious king",
        /// Ferz, `F`: one step diagonally.
        Ferz => "ferz",
        /// Vizier (Vezir), `V`: one step orthogonally.
        Vizier => "vizier",
        /// Rook (Ruh), `R`: orthogonal rider.
        Rook => "rook",
        /// Knight (At), `N`: (2,1) leaper.
        Knight => "knight",
        /// Elephant (Fil), `E`: (2,2) leaper.
        Elephant => "elephant",
        /// Camel (Deve), `C`: (3,1) leaper.
        Camel => "camel",
        /// Dabbaba (Dabbabe), `D`: (2,0) leaper.
        Dabbaba => "dabbaba",
        /// Talia, `T`: diagonal rider of at least two squares, blocked if the
        /// adjacent diagonal square is occupied.
        Talia => "talia",
        /// Giraffe (Zürafa), `G`: one diagonal step, then at least three more
        /// squares straight on, away from its start.
        Giraffe => "giraffe",
        /// Pawn of rooks, `PR`.
        PawnOfRooks => "pawn of rooks",
        /// Pawn of knights, `PN`.
        PawnOfKnights => "pawn of knights",
        /// Pawn of talias, `PT`.
        PawnOfTalias => "pawn of talias",
        /// Pawn of giraffes, `PG`.
        PawnOfGiraffes => "pawn of giraffes",
        /// Pawn of the ferz, `PF`.
        PawnOfFerzes => "pawn of the ferz",
        /// Pawn of the vizier, `PV`.
        PawnOfViziers => "pawn of the vizier",
        /// Pawn of elephants, `PE`.
        PawnOfElephants => "pawn of elephants",
        /// Pawn of camels, `PC`.
        PawnOfCamels => "pawn of camels",
        /// Pawn of dabbabas, `PD`.
        PawnOfDabbabas => "pawn of dabbabas",
        /// Pawn of kings, `PK`: promotes to a Prince.
        PawnOfKings => "pawn of kings",
        /// Pawn of pawns, `PP`: see the rules on its three arrivals.
        PawnOfPawns => "pawn of pawns",
    }
}

impl Role {
    /// Number of roles.
    pub const COUNT: usize = 23;

    /// Index in [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this is one of the eleven pawn kinds.
    #[inline]
    pub const fn is_pawn(self) -> bool {
        self as u8 >= Role::PawnOfRooks as u8
    }

    /// Whether this is a royal piece: King, Prince or Adventitious King.
    #[inline]
    pub const fn is_royal(self) -> bool {
        self as u8 <= Role::AdventitiousKing as u8
    }

    /// For a royal, its rank: 3 for the King, 2 for the Prince, 1 for the
    /// Adventitious King; 0 for every other role.
    pub const fn royal_rank(self) -> u8 {
        match self {
            Role::King => 3,
            Role::Prince => 2,
            Role::AdventitiousKing => 1,
            _ => 0,
        }
    }

    /// What a pawn of this kind becomes on the last rank. The pawn of kings
    /// becomes a Prince; the pawn of pawns has its own rules and returns
    /// `None`, as do non-pawns.
    pub const fn promotion(self) -> Option<Role> {
        Some(match self {
            Role::PawnOfRooks => Role::Rook,
            Role::PawnOfKnights => Role::Knight,
            Role::PawnOfTalias => Role::Talia,
            Role::PawnOfGiraffes => Role::Giraffe,
            Role::PawnOfFerzes => Role::Ferz,
            Role::PawnOfViziers => Role::Vizier,
            Role::PawnOfElephants => Role::Elephant,
            Role::PawnOfCamels => Role::Camel,
            Role::PawnOfDabbabas => Role::Dabbaba,
            Role::PawnOfKings => Role::Prince,
            _ => return None,
        })
    }

    /// The notation letter (upper case): `K S A F V R N E C D T G` for the
    /// pieces; for a pawn, the letter of its kind after `P` (`K` for the pawn
    /// of kings, `P` for the pawn of pawns).
    pub const fn letter(self) -> char {
        match self {
            Role::King | Role::PawnOfKings => 'K',
            Role::Prince => 'S',
            Role::AdventitiousKing => 'A',
            Role::Ferz | Role::PawnOfFerzes => 'F',
            Role::Vizier | Role::PawnOfViziers => 'V',
            Role::Rook | Role::PawnOfRooks => 'R',
            Role::Knight | Role::PawnOfKnights => 'N',
            Role::Elephant | Role::PawnOfElephants => 'E',
            Role::Camel | Role::PawnOfCamels => 'C',
            Role::Dabbaba | Role::PawnOfDabbabas => 'D',
            Role::Talia | Role::PawnOfTalias => 'T',
            Role::Giraffe | Role::PawnOfGiraffes => 'G',
            Role::PawnOfPawns => 'P',
        }
    }

    /// The piece role for an upper-case letter (`K S A F V R N E C D T G`).
    pub const fn from_piece_letter(c: char) -> Option<Role> {
        Some(match c {
            'K' => Role::King,
            'S' => Role::Prince,
            'A' => Role::AdventitiousKing,
            'F' => Role::Ferz,
            'V' => Role::Vizier,
            'R' => Role::Rook,
            'N' => Role::Knight,
            'E' => Role::Elephant,
            'C' => Role::Camel,
            'D' => Role::Dabbaba,
            'T' => Role::Talia,
            'G' => Role::Giraffe,
            _ => return None,
        })
    }

    /// The pawn role for the upper-case letter after `P` in a pawn token
    /// (`R N T G F V E C D K P`).
    pub const fn from_pawn_letter(c: char) -> Option<Role> {
        Some(match c {
            'R' => Role::PawnOfRooks,
            'N' => Role::PawnOfKnights,
            'T' => Role::PawnOfTalias,
            'G' => Role::PawnOfGiraffes,
            'F' => Role::PawnOfFerzes,
            'V' => Role::PawnOfViziers,
            'E' => Role::PawnOfElephants,
            'C' => Role::PawnOfCamels,
            'D' => Role::PawnOfDabbabas,
            'K' => Role::PawnOfKings,
            'P' => Role::PawnOfPawns,
            _ => return None,
        })
    }

    /// The upper-case TFEN token: one letter for a piece, `P` + letter for a pawn.
    pub fn token(self) -> &'static str {
        const TOKENS: [&str; 23] = [
            "K", "S", "A", "F", "V", "R", "N", "E", "C", "D", "T", "G", "PR", "PN", "PT", "PG",
            "PF", "PV", "PE", "PC", "PD", "PK", "PP",
        ];
        TOKENS[self as usize]
    }
}

/// A piece of a given colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The TFEN token: upper case for White, lower case for Black
    /// (`K`, `k`, `PR`, `pr`, ...).
    pub fn token(self) -> String {
        let t = self.role.token();
        match self.color {
            Color::White => t.to_owned(),
            Color::Black => t.to_ascii_lowercase(),
        }
    }

    /// Reads one piece token (`K`, `k`, `PR`, `pr`, ...) from the front of
    /// `s`, returning the piece and the token's length in bytes.
    pub(crate) fn read_token(s: &[u8]) -> Option<(Piece, usize)> {
        let c = *s.first()? as char;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let upper = c.to_ascii_uppercase();
        if upper == 'P' {
            let n = *s.get(1)? as char;
            if n.is_ascii_uppercase() != (color == Color::White) {
                return None;
            }
            let role = Role::from_pawn_letter(n.to_ascii_uppercase())?;
            Some((Piece::new(color, role), 2))
        } else if c.is_ascii_alphabetic() {
            Some((Piece::new(color, Role::from_piece_letter(upper)?), 1))
        } else {
            None
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.token())
    }
}

impl FromStr for Piece {
    type Err = ParseValueError;
    /// Reads what [`Display`](fmt::Display) writes: the TFEN token, e.g.
    /// `G` for a White giraffe or `pp` for a Black pawn of pawns.
    fn from_str(s: &str) -> Result<Piece, ParseValueError> {
        match Piece::read_token(s.as_bytes()) {
            Some((piece, n)) if n == s.len() => Ok(piece),
            _ => Err(ParseValueError::new(ValueKind::Piece, s)),
        }
    }
}
