//! The pieces of the 8x8 games: a colour and a role of the game's six
//! ([`PieceKind`]), written by one letter (FEN and SAN), upper case for
//! White. Each game declares its roles with [`letter_roles!`].

use core::fmt;
use core::hash::Hash;

use crate::color::Color;

/// The six roles of an 8x8 game of the family (chess's or Makruk's), as
/// the shared [`Board`](super::Board) and [`Piece`] need them.
pub trait PieceKind: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// Every role, in index order.
    const ALL: [Self; 6];
    /// The king of the game.
    const KING: Self;
    /// `0..6`: the role's place in [`ALL`](Self::ALL).
    fn index(self) -> usize;
    /// The upper-case letter of FEN and SAN.
    fn letter(self) -> char;
    /// The role whose letter is `c`, in either case.
    fn from_letter(c: char) -> Option<Self>;
}

/// A piece: a role and a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece<R> {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: R,
}

impl<R: PieceKind> Piece<R> {
    /// The piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: R) -> Piece<R> {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn char(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece whose FEN letter is `c` (upper case White, lower case
    /// Black).
    pub fn from_char(c: char) -> Option<Piece<R>> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        R::from_letter(c).map(|role| Piece { color, role })
    }
}

impl<R: PieceKind> fmt::Display for Piece<R> {
    /// The FEN letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Declares a game's `Role` enum from its letters and names (the first
/// role is index 0), with its [`PieceKind`] implementation.
macro_rules! letter_roles {
    (
        $(#[$meta:meta])*
        pub enum Role {
            $( $(#[$vmeta:meta])* $variant:ident => $letter:literal, $name:literal, )+
        }
    ) => {
        $crate::parse_value::named_enum! {
            $(#[$meta])*
            #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub enum Role: $crate::parse_value::ValueKind::Role {
                $( $(#[$vmeta])* $variant => $name, )+
            }
        }

        impl Role {
            /// The number of roles.
            pub const COUNT: usize = Role::ALL.len();

            /// `0` for the first role of [`ALL`](Self::ALL) up: an index for
            /// per-role arrays.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The upper-case letter of FEN and SAN.
            pub const fn letter(self) -> char {
                match self {
                    $( Role::$variant => $letter, )+
                }
            }

            /// The role whose letter is `c`, in either case.
            pub const fn from_letter(c: char) -> Option<Role> {
                match c.to_ascii_uppercase() {
                    $( $letter => Some(Role::$variant), )+
                    _ => None,
                }
            }
        }

        impl $crate::board8::PieceKind for Role {
            const ALL: [Role; 6] = Role::ALL;
            const KING: Role = Role::King;
            #[inline]
            fn index(self) -> usize {
                Role::index(self)
            }
            #[inline]
            fn letter(self) -> char {
                Role::letter(self)
            }
            #[inline]
            fn from_letter(c: char) -> Option<Role> {
                Role::from_letter(c)
            }
        }

        /// A piece of this game: a role and a colour.
        pub type Piece = $crate::board8::Piece<Role>;
    };
}
pub(crate) use letter_roles;
