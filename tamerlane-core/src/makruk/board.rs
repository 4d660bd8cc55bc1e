//! The placement of a Makruk position: one bitboard per colour and one per
//! role.

use super::role::{Piece, Role};
use crate::board8::{attacks, Bitboard, Square};
use crate::color::Color;

/// Which piece stands on which square (the 8x8 board of the family).
pub type Board = crate::board8::Board<Role>;

impl Board {
    /// The placement of the start position (`rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR`):
    /// pawns on the third and sixth ranks, each King on the d- or e-file
    /// with its Met on its right.
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Khon,
            Role::King,
            Role::Met,
            Role::Khon,
            Role::Knight,
            Role::Rook,
        ];
        for file in 0..8u32 {
            let white = |rank| Square::from_coords(file, rank).expect("on the board");
            // Black's back rank is White's turned round: King e8, Met d8.
            let black = |rank| Square::from_coords(7 - file, rank).expect("on the board");
            let role = back[file as usize];
            b.put(white(0), Piece::new(Color::White, role));
            b.put(white(2), Piece::new(Color::White, Role::Pawn));
            b.put(black(7), Piece::new(Color::Black, role));
            b.put(black(5), Piece::new(Color::Black, Role::Pawn));
        }
        b
    }

    /// The pieces of `by` that attack `sq` when exactly the squares of `occ`
    /// are occupied ("attack": could capture there by their movement
    /// pattern): the Ruea are blocked by `occ` only, so a static exchange
    /// evaluation that removes the pieces that have captured from `occ`
    /// sees the Ruea behind them. The pieces are those of the board: one
    /// standing off `occ` is not left out (mask the result with `occ`).
    ///
    /// ```
    /// use tamerlane_core::board8::Square;
    /// use tamerlane_core::makruk::Position;
    /// use tamerlane_core::Color;
    ///
    /// // White Ruea on a1 and a2, a Black Khon on b6.
    /// let pos = Position::from_fen("4k3/8/1s6/8/8/8/R7/R3K3 w - - 0 1")?;
    /// let sq = |name: &str| name.parse::<Square>().unwrap();
    /// let (board, a5) = (pos.board(), sq("a5"));
    /// let occ = board.occupied();
    /// // a2 blocks a1; without a2 the Ruea behind it reaches a5.
    /// assert_eq!(board.attackers(a5, Color::White, occ).single(), Some(sq("a2")));
    /// let lifted = occ.without(sq("a2"));
    /// let behind = board.attackers(a5, Color::White, lifted) & lifted;
    /// assert_eq!(behind.single(), Some(sq("a1")));
    /// // The Khon attacks diagonally (and straight forward, toward rank 1).
    /// assert_eq!(board.attackers(a5, Color::Black, occ).single(), Some(sq("b6")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let b = self;
        // A piece of `by` on X attacks sq exactly when sq is in its
        // pattern from X: for the pawn and the Khon, whose patterns depend on
        // the colour, X is in the other colour's pattern from sq.
        ((attacks::pawn(!by, sq) & b.by_role(Role::Pawn))
            | (attacks::knight(sq) & b.by_role(Role::Knight))
            | (attacks::ferz(sq) & b.by_role(Role::Met))
            | (attacks::khon(!by, sq) & b.by_role(Role::Khon))
            | (attacks::king(sq) & b.by_role(Role::King))
            | (attacks::rook(sq, occ) & b.by_role(Role::Rook)))
            & b.by_color(by)
    }

    /// The board turned 180 degrees with the colours swapped: White's
    /// pieces become Black's on the opposite squares (`d1` <-> `e8`).
    pub fn mirror(&self) -> Board {
        self.mirrored(|b| Bitboard(b.0.reverse_bits()))
    }
}
