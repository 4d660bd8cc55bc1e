//! Files, ranks and squares: the 11x10 board and its two citadels.

use core::fmt;
use core::str::FromStr;

use crate::color::Color;
use crate::parse_value::ValueKind;

/// A file (column), `a` to `k` from White's left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

crate::index_type::index_type!(File, 11, "files (0 = `a`)");

impl File {
    /// The file letter, `a` to `k`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// Parses a file letter.
    pub const fn from_char(c: char) -> Option<File> {
        if c >= 'a' && c <= 'k' {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }

    /// Parses a file letter written as one byte.
    const fn from_ascii(s: &[u8]) -> Option<File> {
        match s {
            [c] => File::from_char(*c as char),
            _ => None,
        }
    }
}

crate::parse_value::text_value!(File: ValueKind::File, char, from_ascii, "one letter `a` to `k`");

/// A rank (row), `1` to `10` from White's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

crate::index_type::index_type!(Rank, 10, "ranks (0 = rank 1)");

impl Rank {
    /// The rank number as written, 1 to 10.
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

    /// The last rank for `color`: where its pawns promote (10 for White, 1 for Black).
    pub const fn last(color: Color) -> Rank {
        match color {
            Color::White => Rank(9),
            Color::Black => Rank(0),
        }
    }

    /// The first rank for `color` (1 for White, 10 for Black).
    pub const fn first(color: Color) -> Rank {
        Rank::last(color.other())
    }

    /// Parses a rank number written as in a square name, `1` to `10` (no
    /// sign, no leading zero).
    pub const fn from_ascii(s: &[u8]) -> Option<Rank> {
        match s {
            [d @ b'1'..=b'9'] => Some(Rank(*d - b'1')),
            [b'1', b'0'] => Some(Rank(9)),
            _ => None,
        }
    }
}

crate::parse_value::text_value!(Rank: ValueKind::Rank, number, from_ascii, "a number `1` to `10`");

/// One of the 112 squares: the 110 ordinary squares `a1`..`k10` and the two
/// citadels `wc` (White's, right of `k2`) and `bc` (Black's, left of `a9`).
///
/// Ordinary squares are numbered `rank * 11 + file` (so `a1` = 0, `k10` = 109);
/// `wc` is 110 and `bc` is 111.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

crate::index_type::index_type!(Square, 112, "squares, citadels included");

impl Square {
    /// Number of ordinary squares.
    pub const ORDINARY_COUNT: usize = 110;

    /// White's citadel, directly right of `k2`.
    pub const WC: Square = Square(110);
    /// Black's citadel, directly left of `a9`.
    pub const BC: Square = Square(111);

    /// The square `a1`.
    pub const A1: Square = Square(0);
    /// The square `b1`.
    pub const B1: Square = Square(1);
    /// The square `c1`.
    pub const C1: Square = Square(2);
    /// The square `d1`.
    pub const D1: Square = Square(3);
    /// The square `e1`.
    pub const E1: Square = Square(4);
    /// The square `f1`.
    pub const F1: Square = Square(5);
    /// The square `g1`.
    pub const G1: Square = Square(6);
    /// The square `h1`.
    pub const H1: Square = Square(7);
    /// The square `i1`.
    pub const I1: Square = Square(8);
    /// The square `j1`.
    pub const J1: Square = Square(9);
    /// The square `k1`.
    pub const K1: Square = Square(10);
    /// The square `a2`.
    pub const A2: Square = Square(11);
    /// The square `b2`.
    pub const B2: Square = Square(12);
    /// The square `c2`.
    pub const C2: Square = Square(13);
    /// The square `d2`.
    pub const D2: Square = Square(14);
    /// The square `e2`.
    pub const E2: Square = Square(15);
    /// The square `f2`.
    pub const F2: Square = Square(16);
    /// The square `g2`.
    pub const G2: Square = Square(17);
    /// The square `h2`.
    pub const H2: Square = Square(18);
    /// The square `i2`.
    pub const I2: Square = Square(19);
    /// The square `j2`.
    pub const J2: Square = Square(20);
    /// The square `k2`.
    pub const K2: Square = Square(21);
    /// The square `a3`.
    pub const A3: Square = Square(22);
    /// The square `b3`.
    pub const B3: Square = Square(23);
    /// The square `c3`.
    pub const C3: Square = Square(24);
    /// The square `d3`.
    pub const D3: Square = Square(25);
    /// The square `e3`.
    pub const E3: Square = Square(26);
    /// The square `f3`.
    pub const F3: Square = Square(27);
    /// The square `g3`.
    pub const G3: Square = Square(28);
    /// The square `h3`.
    pub const H3: Square = Square(29);
    /// The square `i3`.
    pub const I3: Square = Square(30);
    /// The square `j3`.
    pub const J3: Square = Square(31);
    /// The square `k3`.
    pub const K3: Square = Square(32);
    /// The square `a4`.
    pub const A4: Square = Square(33);
    /// The square `b4`.
    pub const B4: Square = Square(34);
    /// The square `c4`.
    pub const C4: Square = Square(35);
    /// The square `d4`.
    pub const D4: Square = Square(36);
    /// The square `e4`.
    pub const E4: Square = Square(37);
    /// The square `f4`.
    pub const F4: Square = Square(38);
    /// The square `g4`.
    pub const G4: Square = Square(39);
    /// The square `h4`.
    pub const H4: Square = Square(40);
    /// The square `i4`.
    pub const I4: Square = Square(41);
    /// The square `j4`.
    pub const J4: Square = Square(42);
    /// The square `k4`.
    pub const K4: Square = Square(43);
    /// The square `a5`.
    pub const A5: Square = Square(44);
    /// The square `b5`.
    pub const B5: Square = Square(45);
    /// The square `c5`.
    pub const C5: Square = Square(46);
    /// The square `d5`.
    pub const D5: Square = Square(47);
    /// The square `e5`.
    pub const E5: Square = Square(48);
    /// The square `f5`.
    pub const F5: Square = Square(49);
    /// The square `g5`.
    pub const G5: Square = Square(50);
    /// The square `h5`.
    pub const H5: Square = Square(51);
    /// The square `i5`.
    pub const I5: Square = Square(52);
    /// The square `j5`.
    pub const J5: Square = Square(53);
    /// The square `k5`.
    pub const K5: Square = Square(54);
    /// The square `a6`.
    pub const A6: Square = Square(55);
    /// The square `b6`.
    pub const B6: Square = Square(56);
    /// The square `c6`.
    pub const C6: Square = Square(57);
    /// The square `d6`.
    pub const D6: Square = Square(58);
    /// The square `e6`.
    pub const E6: Square = Square(59);
    /// The square `f6`.
    pub const F6: Square = Square(60);
    /// The square `g6`.
    pub const G6: Square = Square(61);
    /// The square `h6`.
    pub const H6: Square = Square(62);
    /// The square `i6`.
    pub const I6: Square = Square(63);
    /// The square `j6`.
    pub const J6: Square = Square(64);
    /// The square `k6`.
    pub const K6: Square = Square(65);
    /// The square `a7`.
    pub const A7: Square = Square(66);
    /// The square `b7`.
    pub const B7: Square = Square(67);
    /// The square `c7`.
    pub const C7: Square = Square(68);
    /// The square `d7`.
    pub const D7: Square = Square(69);
    /// The square `e7`.
    pub const E7: Square = Square(70);
    /// The square `f7`.
    pub const F7: Square = Square(71);
    /// The square `g7`.
    pub const G7: Square = Square(72);
    /// The square `h7`.
    pub const H7: Square = Square(73);
    /// The square `i7`.
    pub const I7: Square = Square(74);
    /// The square `j7`.
    pub const J7: Square = Square(75);
    /// The square `k7`.
    pub const K7: Square = Square(76);
    /// The square `a8`.
    pub const A8: Square = Square(77);
    /// The square `b8`.
    pub const B8: Square = Square(78);
    /// The square `c8`.
    pub const C8: Square = Square(79);
    /// The square `d8`.
    pub const D8: Square = Square(80);
    /// The square `e8`.
    pub const E8: Square = Square(81);
    /// The square `f8`.
    pub const F8: Square = Square(82);
    /// The square `g8`.
    pub const G8: Square = Square(83);
    /// The square `h8`.
    pub const H8: Square = Square(84);
    /// The square `i8`.
    pub const I8: Square = Square(85);
    /// The square `j8`.
    pub const J8: Square = Square(86);
    /// The square `k8`.
    pub const K8: Square = Square(87);
    /// The square `a9`.
    pub const A9: Square = Square(88);
    /// The square `b9`.
    pub const B9: Square = Square(89);
    /// The square `c9`.
    pub const C9: Square = Square(90);
    /// The square `d9`.
    pub const D9: Square = Square(91);
    /// The square `e9`.
    pub const E9: Square = Square(92);
    /// The square `f9`.
    pub const F9: Square = Square(93);
    /// The square `g9`.
    pub const G9: Square = Square(94);
    /// The square `h9`.
    pub const H9: Square = Square(95);
    /// The square `i9`.
    pub const I9: Square = Square(96);
    /// The square `j9`.
    pub const J9: Square = Square(97);
    /// The square `k9`.
    pub const K9: Square = Square(98);
    /// The square `a10`.
    pub const A10: Square = Square(99);
    /// The square `b10`.
    pub const B10: Square = Square(100);
    /// The square `c10`.
    pub const C10: Square = Square(101);
    /// The square `d10`.
    pub const D10: Square = Square(102);
    /// The square `e10`.
    pub const E10: Square = Square(103);
    /// The square `f10`.
    pub const F10: Square = Square(104);
    /// The square `g10`.
    pub const G10: Square = Square(105);
    /// The square `h10`.
    pub const H10: Square = Square(106);
    /// The square `i10`.
    pub const I10: Square = Square(107);
    /// The square `j10`.
    pub const J10: Square = Square(108);
    /// The square `k10`.
    pub const K10: Square = Square(109);

    /// The square with index `i`. The caller guarantees `i < 112`.
    #[inline]
    pub(crate) const fn new_unchecked(i: u32) -> Square {
        debug_assert!(i < 112);
        Square(i as u8)
    }

    /// The ordinary square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 11 + file.0)
    }

    /// Whether this is one of the two citadels.
    #[inline]
    pub const fn is_citadel(self) -> bool {
        self.0 >= 110
    }

    /// The citadel owned by `color` (`wc` for White, `bc` for Black).
    #[inline]
    pub const fn citadel(color: Color) -> Square {
        match color {
            Color::White => Square::WC,
            Color::Black => Square::BC,
        }
    }

    /// For a citadel, the side that owns it.
    pub const fn citadel_owner(self) -> Option<Color> {
        match self.0 {
            110 => Some(Color::White),
            111 => Some(Color::Black),
            _ => None,
        }
    }

    /// The file of an ordinary square (`None` for a citadel).
    pub const fn file(self) -> Option<File> {
        if self.is_citadel() {
            None
        } else {
            Some(File(self.0 % 11))
        }
    }

    /// The rank of an ordinary square (`None` for a citadel).
    pub const fn rank(self) -> Option<Rank> {
        if self.is_citadel() {
            None
        } else {
            Some(Rank(self.0 / 11))
        }
    }

    /// Board coordinates `(file, rank)`, extended to the citadels:
    /// `wc` is `(11, 1)` (as if `l2`) and `bc` is `(-1, 8)` (left of `a9`).
    pub const fn coords(self) -> (i32, i32) {
        match self.0 {
            110 => (11, 1),
            111 => (-1, 8),
            i => ((i % 11) as i32, (i / 11) as i32),
        }
    }

    /// The ordinary square at coordinates `(file, rank)`, if on the board.
    pub const fn from_xy(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 11 && rank >= 0 && rank < 10 {
            Some(Square((rank * 11 + file) as u8))
        } else {
            None
        }
    }

    /// The square seen from the other side: rotated by 180 degrees
    /// (`a1` <-> `k10`, `wc` <-> `bc`).
    pub const fn rotate(self) -> Square {
        match self.0 {
            110 => Square::BC,
            111 => Square::WC,
            i => Square(109 - i),
        }
    }

    /// Iterates over all 112 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..112u8).map(Square)
    }

    /// Iterates over the 110 ordinary squares in index order.
    pub fn ordinary() -> impl Iterator<Item = Square> {
        (0..110u8).map(Square)
    }

    /// The square where `color`'s pawn of pawns is brought on its second
    /// arrival: the king-pawn start square, `f3` for White and `f8` for Black.
    pub const fn pawn_of_pawns_return(color: Color) -> Square {
        match color {
            Color::White => Square::F3,
            Color::Black => Square::F8,
        }
    }

    /// Parses a square name from bytes (`a1`..`k10`, `wc`, `bc`).
    pub fn from_ascii(s: &[u8]) -> Option<Square> {
        match s {
            b"wc" => Some(Square::WC),
            b"bc" => Some(Square::BC),
            [f, r @ ..] => Some(Square::from_coords(
                File::from_char(*f as char)?,
                Rank::from_ascii(r)?,
            )),
            [] => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            110 => f.write_str("wc"),
            111 => f.write_str("bc"),
            i => write!(f, "{}{}", (b'a' + i % 11) as char, i / 11 + 1),
        }
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Error for a string that is not a square name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid square name {:?} (expected a1..k10, wc or bc)",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or_else(|| ParseSquareError(s.to_owned()))
    }
}
