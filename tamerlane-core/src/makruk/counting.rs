//! The counting rules (docs/MAKRUK.md, "Counting"): the count a position
//! carries, when it starts and restarts, its limit (board's honour and the
//! pieces'-honour table), and the seed's rule on a checkmate given by the
//! side that counts.
//!
//! Counting is automatic, as in Fairy-Stockfish: after every move the side
//! to move is the side that would count. The count is kept in plies: it
//! starts at 0 for the board's honour and at twice the number of pieces on
//! the board for the pieces' honour, goes up by one with every move, and the
//! game is drawn once it exceeds twice the limit (unless the position is
//! checkmate).

use super::board::Board;
use super::role::Role;
use super::rules::Counting;
use crate::color::Color;

/// The board's honour: the limit, in moves, once no pawn is left and both
/// sides still have a piece besides the King.
pub const BOARDS_HONOUR: u8 = 64;

/// A running count: its limit in moves, and the plies counted so far.
///
/// In a FEN the count replaces the en-passant field (the limit, in plies)
/// and the halfmove field (the plies counted), as Fairy-Stockfish writes it:
/// `8/8/8/4k3/8/8/R7/4K2R b - 16 8 1` is a count of limit 8 moves (16
/// plies) at ply 8.
///
/// ```
/// use tamerlane_core::makruk::Count;
///
/// let count = Count::new(8, 8).unwrap();
/// assert_eq!(count.limit_plies(), 16);
/// assert!(!count.is_exceeded());
/// assert!(Count::new(8, 17).unwrap().is_exceeded());
/// assert!(Count::new(9, 0).is_none()); // 9 moves is no limit of the rules
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    limit: u8,
    ply: u16,
}

impl Count {
    /// Every limit the rules give, in moves: the pieces'-honour table (8,
    /// 16, 22, 32, 44, 64) and the board's honour (64).
    pub const LIMITS: [u8; 6] = [8, 16, 22, 32, 44, 64];

    /// A count of limit `limit` moves at ply `ply`; `None` unless `limit`
    /// is one of [`LIMITS`](Self::LIMITS).
    pub fn new(limit: u8, ply: u16) -> Option<Count> {
        Count::LIMITS
            .contains(&limit)
            .then_some(Count { limit, ply })
    }

    /// The limit in moves.
    #[inline]
    pub const fn limit(self) -> u8 {
        self.limit
    }

    /// The limit in plies (twice the moves), as a FEN writes it.
    #[inline]
    pub const fn limit_plies(self) -> u16 {
        2 * self.limit as u16
    }

    /// The plies counted so far.
    #[inline]
    pub const fn ply(self) -> u16 {
        self.ply
    }

    /// Whether the count has passed its limit: the game is drawn unless
    /// the position is checkmate.
    #[inline]
    pub const fn is_exceeded(self) -> bool {
        self.ply > self.limit_plies()
    }
}

/// The pieces'-honour limit, in moves, of a side with `rooks`, `khons` and
/// `knights` (and any number of Mets) against a bare King.
///
/// The seed's table is read in its own order, each row with its own
/// condition: two Rooks 8, one Rook 16, no Rook but two Khons 22, no Rook
/// nor Khon but two Knights 32, no Rook but one Khon 44, no Rook nor Khon
/// but one Knight 64, Mets only 64. Fairy-Stockfish tests two Knights
/// before one Khon, so a Khon with two Knights gets 32 there, 44 here.
/// "Two" means two or more (a setup may hold more).
///
/// ```
/// use tamerlane_core::makruk::{pieces_honour, Counting};
///
/// assert_eq!(pieces_honour(Counting::Seed, 2, 0, 1), 8);
/// assert_eq!(pieces_honour(Counting::Seed, 0, 1, 2), 44);
/// assert_eq!(pieces_honour(Counting::FairyStockfish, 0, 1, 2), 32);
/// ```
pub fn pieces_honour(counting: Counting, rooks: u32, khons: u32, knights: u32) -> u8 {
    let knights_first = counting == Counting::FairyStockfish;
    if rooks >= 2 {
        8
    } else if rooks == 1 {
        16
    } else if khons >= 2 {
        22
    } else if knights >= 2 && (khons == 0 || knights_first) {
        32
    } else if khons == 1 {
        44
    } else {
        64
    }
}

/// The limit, in moves, of a count kept by `counter`, or `None` when no
/// count applies: a pawn is on the board, or `counter`'s opponent has
/// nothing but its King. A `counter` with a piece besides its King counts
/// the board's honour; a bare King counts the pieces' honour of what its
/// opponent has.
pub(crate) fn limit_for(board: &Board, counter: Color, counting: Counting) -> Option<u8> {
    let strong = board.by_color(!counter);
    if board.by_role(Role::Pawn).any() || strong.count() == 1 {
        return None;
    }
    if board.by_color(counter).count() > 1 {
        return Some(BOARDS_HONOUR);
    }
    let n = |role| (board.by_role(role) & strong).count();
    Some(pieces_honour(
        counting,
        n(Role::Rook),
        n(Role::Khon),
        n(Role::Knight),
    ))
}

/// The count after a move: `count` is the count before it, `board` the
/// placement after it, `to_move` the side now to move, `captured` whether
/// the move took a piece.
///
/// A running count advances one ply. A count starts when none runs and one
/// applies to `to_move`; it restarts when the move has taken the last
/// piece besides the King of `to_move`. A count that starts or restarts for
/// a bare King begins at twice the number of pieces on the board (both
/// Kings included); the board's honour begins at 0.
pub(crate) fn after_move(
    count: Option<Count>,
    board: &Board,
    to_move: Color,
    captured: bool,
    counting: Counting,
) -> Option<Count> {
    let advanced = count.map(|c| Count {
        ply: c.ply.saturating_add(1),
        ..c
    });
    let bare = board.by_color(to_move).count() == 1;
    if advanced.is_some() && !(captured && bare) {
        return advanced;
    }
    match limit_for(board, to_move, counting) {
        Some(limit) => Some(Count {
            limit,
            ply: if bare {
                2 * board.occupied().count() as u16
            } else {
                0
            },
        }),
        None => advanced,
    }
}

/// Whether a checkmate of `mated` is a draw under the seed's rule: a count
/// runs and the mating side is the one at a disadvantage, with fewer pieces
/// on the board than the side it mated.
pub(crate) fn mate_is_draw(
    board: &Board,
    mated: Color,
    count: Option<Count>,
    counting: Counting,
) -> bool {
    let pieces = |c: Color| board.by_color(c).count();
    counting == Counting::Seed && count.is_some() && pieces(!mated) < pieces(mated)
}
