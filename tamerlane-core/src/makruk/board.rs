//! The placement of a Makruk position: one bitboard per colour and one per
//! role.

use core::fmt;

use super::role::{Piece, Role};
use crate::board8::{attacks, Bitboard, Square};
use crate::color::Color;

/// Which piece stands on which square. Placing and removing pieces keeps
/// the colour and role bitboards consistent; nothing else is checked here
/// (see [`Setup::validate`](super::Setup::validate) for the rules).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
}

impl Board {
    /// A board with no piece.
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
        }
    }

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

    /// The pieces of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The pieces of `role` and `color`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s King (the first one, if a setup has several).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).first()
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

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(!self.occupied().contains(sq), "{sq} is occupied");
        self.by_color[piece.color.index()].add(sq);
        self.by_role[piece.role.index()].add(sq);
    }

    /// Removes and returns the piece on `sq`, if any.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_color[piece.color.index()].remove(sq);
        self.by_role[piece.role.index()].remove(sq);
        Some(piece)
    }

    /// Sets what stands on `sq` (replacing whatever stood there).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.take(sq);
        if let Some(p) = piece {
            self.put(sq, p);
        }
    }

    /// Every piece with its square, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied")))
    }

    /// The board turned 180 degrees with the colours swapped: White's
    /// pieces become Black's on the opposite squares (`d1` <-> `e8`).
    pub fn mirror(&self) -> Board {
        let turn = |b: Bitboard| Bitboard(b.0.reverse_bits());
        Board {
            by_color: [turn(self.by_color[1]), turn(self.by_color[0])],
            by_role: self.by_role.map(turn),
        }
    }
}

impl fmt::Display for Board {
    /// Eight lines of FEN letters and `.`, rank 8 first.
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

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        fmt::Display::fmt(self, f)
    }
}
