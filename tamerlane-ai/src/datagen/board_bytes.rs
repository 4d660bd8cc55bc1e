//! A board as one byte per square, and what else a data record needs of a
//! position and its best move, for the three games: the one definition of
//! the piece codes (docs/ENGINE.md, "Self-play data", "The binary
//! format"), which the Python package's history planes use as well.
//!
//! A square's byte is 0 when it is empty, else `1 + color * R + role`:
//! `color` 0 for White and 1 for Black, `R` the number of roles of the game
//! ([`DataPosition::ROLES`]) and `role` the role's index in its game's
//! `Role::ALL`. The squares are in the order of the game's `Square::index`:
//! 112 for Tamerlane (the 110 squares of the board and the two citadels),
//! 64 for chess and Makruk (a1 = 0, b1 = 1, ..., h8 = 63).

use tamerlane_core::{chess, makruk, tamerlane, Color, Position};

use crate::SearchPosition;

/// The byte of a piece of `color` whose role has the index `role` in a
/// game of `roles` roles: `1 + color * roles + role`.
pub const fn piece_code(color: Color, role: usize, roles: usize) -> u8 {
    let color = match color {
        Color::White => 0,
        Color::Black => 1,
    };
    (1 + color * roles + role) as u8
}

/// The largest byte of a square in a game of `roles` roles (a Black piece
/// of the last role): a byte above it is no square's.
pub const fn max_piece_code(roles: usize) -> u8 {
    (2 * roles) as u8
}

/// The piece a square's byte holds in a game of `roles` roles, as its
/// colour and role index: `None` for an empty square (0) and for a byte
/// above [`max_piece_code`].
pub const fn piece_of_code(code: u8, roles: usize) -> Option<(Color, usize)> {
    if code == 0 || code > max_piece_code(roles) {
        return None;
    }
    let i = (code - 1) as usize;
    let color = if i < roles {
        Color::White
    } else {
        Color::Black
    };
    Some((color, i % roles))
}

/// What a data record needs of a position of one of the three games
/// beyond the search's [`SearchPosition`]: the board as bytes and the
/// squares of a move.
pub trait DataPosition: SearchPosition {
    /// The number of squares, the length of [`board_bytes`](Self::board_bytes).
    const SQUARES: usize;
    /// The number of roles of the game (`R` of the piece codes).
    const ROLES: usize;

    /// Writes the board into `out` ([`SQUARES`](Self::SQUARES) bytes), one
    /// [`piece_code`] per square.
    fn board_bytes(&self, out: &mut [u8]);
    /// The indices of a move's origin and target squares (as its UCI text
    /// names them: for a Tamerlane king swap, the King's square and the
    /// partner's; for castling, the king's).
    fn move_squares(m: &Self::Move) -> (u8, u8);
    /// Whether a move captures (en passant included).
    fn is_capture(m: &Self::Move) -> bool;
}

impl DataPosition for tamerlane::Position {
    const SQUARES: usize = 112;
    const ROLES: usize = tamerlane_core::Role::COUNT;

    fn board_bytes(&self, out: &mut [u8]) {
        out.fill(0);
        for (sq, p) in self.board().pieces() {
            out[sq.index()] = piece_code(p.color, p.role.index(), Self::ROLES);
        }
    }

    fn move_squares(m: &tamerlane_core::Move) -> (u8, u8) {
        (m.from.index() as u8, m.to.index() as u8)
    }

    fn is_capture(m: &tamerlane_core::Move) -> bool {
        m.is_capture()
    }
}

/// [`DataPosition`] for a game on the 8x8 board (`chess` or `makruk`).
macro_rules! board8_data_position {
    ($game:ident) => {
        impl DataPosition for $game::Position {
            const SQUARES: usize = 64;
            const ROLES: usize = $game::Role::COUNT;

            fn board_bytes(&self, out: &mut [u8]) {
                out.fill(0);
                for (sq, p) in self.board().pieces() {
                    out[sq.index()] = piece_code(p.color, p.role.index(), Self::ROLES);
                }
            }

            fn move_squares(m: &$game::Move) -> (u8, u8) {
                (m.from.index() as u8, m.to.index() as u8)
            }

            fn is_capture(m: &$game::Move) -> bool {
                m.is_capture()
            }
        }
    };
}

board8_data_position!(chess);
board8_data_position!(makruk);

/// Whether a position is one the quiet filter keeps: the side to move is
/// not in check (the core's [`Position::is_check`]) and `best` does not
/// capture.
pub fn is_quiet_sample<P: DataPosition>(pos: &P, best: &P::Move) -> bool {
    !Position::is_check(pos) && !P::is_capture(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_codes_round_trip() {
        // Tamerlane has 23 roles (docs/RULES.md): codes 1..=46.
        assert_eq!(max_piece_code(23), 46);
        assert_eq!(piece_code(Color::White, 0, 23), 1);
        assert_eq!(piece_code(Color::Black, 0, 23), 24);
        assert_eq!(piece_code(Color::Black, 22, 23), 46);
        for code in 1..=12u8 {
            let (c, r) = piece_of_code(code, 6).unwrap();
            assert_eq!(piece_code(c, r, 6), code);
        }
        assert_eq!(piece_of_code(0, 6), None);
        assert_eq!(piece_of_code(13, 6), None);
    }

    #[test]
    fn start_boards_are_coded() {
        let mut b = [0u8; 64];
        chess::Position::start(Default::default()).board_bytes(&mut b);
        // a1 a White rook, e1 the White king, e8 the Black king, e4 empty
        // (chess's roles: pawn, knight, bishop, rook, queen, king).
        assert_eq!((b[0], b[4], b[60], b[28]), (4, 6, 12, 0));
        assert_eq!(b.iter().filter(|&&c| c != 0).count(), 32);
        let mut t = [0u8; 112];
        tamerlane::Position::start(Default::default()).board_bytes(&mut t);
        assert_eq!(t.iter().filter(|&&c| c != 0).count(), 56);
    }
}
