//! Legal move generation for chess.
//!
//! Moves are handed out as *move sets*: an origin square and the bitboard of
//! its legal target squares, each origin square once. Every `(from, to)`
//! pair is one legal move, except that a pawn's target on the last rank
//! stands for four moves, one per promotion piece (queen, rook, bishop,
//! knight).
//!
//! Only legal moves are generated, from what the position already knows:
//! the pieces giving check and the pieces pinned to the king (computed once
//! when the position is made, [`Position::checkers`], [`Position::pinned`]).
//! - In double check only the king moves.
//! - In single check the other pieces may only capture the checker or step
//!   between it and the king.
//! - A pinned piece moves only along the line through its king and itself.
//! - The king's targets are tested one by one with the king lifted off the
//!   board (so that it cannot hide behind itself from a slider).
//! - Castling: the right, the empty squares between king and rook, and the
//!   king's three squares (from, passed, reached) not attacked.
//! - En passant, the one capture that empties a square beside the moving
//!   pawn, is tested by looking at the king after the capture: that covers
//!   the horizontal pin through both pawns.
//!
//! Counting ([`Position::count_legal`]) counts the moves of unpinned pawns
//! as whole sets (one popcount per direction) without visiting the pawns.

use core::ops::ControlFlow;

use super::castling::CastlingSide;
use super::move_list::MoveList;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::role::Role;
use crate::board8::{attacks, Bitboard, Square};
use crate::color::Color;

/// `bb` moved one rank forward for `color`'s pawns.
#[inline]
fn forward(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb.north(),
        Color::Black => bb.south(),
    }
}

/// The squares `color`'s pawns on `pawns` attack towards the a-file.
#[inline]
fn captures_west(color: Color, pawns: Bitboard) -> Bitboard {
    captures_towards(color, pawns, Bitboard::FILE_A, 7, 9)
}

/// The squares `color`'s pawns on `pawns` attack towards the h-file.
#[inline]
fn captures_east(color: Color, pawns: Bitboard) -> Bitboard {
    captures_towards(color, pawns, Bitboard::FILE_H, 9, 7)
}

/// The squares `color`'s pawns on `pawns` attack on one side: the pawns on
/// that side's edge file `edge` left out, the others shifted up by `white`
/// squares for White, down by `black` for Black.
#[inline]
fn captures_towards(
    color: Color,
    pawns: Bitboard,
    edge: Bitboard,
    white: u32,
    black: u32,
) -> Bitboard {
    let p = (pawns - edge).0;
    Bitboard(match color {
        Color::White => p << white,
        Color::Black => p >> black,
    })
}

/// `color`'s third rank: a pawn that has stepped there from its initial
/// square may step again.
#[inline]
fn third_rank(color: Color) -> Bitboard {
    Bitboard::rank(match color {
        Color::White => 2,
        Color::Black => 5,
    })
}

/// `color`'s last rank, where its pawns promote.
#[inline]
pub(crate) fn last_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard::RANK_8,
        Color::Black => Bitboard::RANK_1,
    }
}

impl Position {
    /// Appends the moves of one move set: four promotions for a pawn's
    /// target on the last rank; the kind of other pawn and king moves read
    /// from the position; plain moves for the other pieces.
    #[inline]
    fn push_moves(&self, list: &mut MoveList, from: Square, targets: Bitboard) {
        let b = &self.board;
        match b.role_at(from) {
            Some(Role::Pawn) => {
                for to in targets {
                    if self.is_promotion_square(to) {
                        for r in Role::PROMOTIONS {
                            list.push(Move {
                                from,
                                to,
                                role: Role::Pawn,
                                capture: b.role_at(to),
                                kind: MoveKind::Promotion(r),
                            });
                        }
                    } else {
                        list.push(self.move_between(from, to, None));
                    }
                }
            }
            Some(Role::King) => {
                for to in targets {
                    list.push(self.move_between(from, to, None));
                }
            }
            Some(role) => {
                for to in targets {
                    list.push(Move::normal(from, to, role, b.role_at(to)));
                }
            }
            None => {}
        }
    }

    /// The generator behind [`for_each_legal`](Self::for_each_legal),
    /// [`for_each_tactical`](Self::for_each_tactical) and
    /// [`count_legal`](Self::count_legal). With `COUNT`, `f` is never
    /// called and the moves are counted; with `TACTICAL`, only the tactical
    /// moves are reported.
    #[inline(always)]
    fn generate<const COUNT: bool, const TACTICAL: bool, B>(
        &self,
        f: &mut impl FnMut(Square, Bitboard) -> ControlFlow<B>,
    ) -> ControlFlow<B, usize> {
        let b = &self.board;
        let us = self.turn;
        let them = !us;
        let own = b.by_color(us);
        let theirs = b.by_color(them);
        let occ = own | theirs;
        let king = self.king(us);
        let mut count = 0usize;

        macro_rules! emit {
            ($from:expr, $targets:expr) => {{
                let t: Bitboard = $targets;
                if COUNT {
                    count += t.count() as usize;
                } else if t.any() {
                    f($from, t)?;
                }
            }};
        }

        // The king: steps to squares not attacked once it has left its
        // own, and castling.
        let mut steps = attacks::king(king) - own;
        if TACTICAL {
            steps &= theirs;
        }
        let lifted = occ.without(king);
        let mut king_targets = steps.filter(|to| !self.is_attacked_with(to, them, lifted));
        if !TACTICAL && self.checkers.is_empty() {
            king_targets |= self.castling_targets(occ);
        }
        emit!(king, king_targets);
        if self.checkers.more_than_one() {
            return ControlFlow::Continue(count);
        }

        // Where the other pieces may go: anywhere not ours, or in check
        // onto the checker or between it and the king.
        let mask = match self.checkers.first() {
            Some(checker) => attacks::between(king, checker).with(checker),
            None => !own,
        };
        let dest = if TACTICAL { mask & theirs } else { mask };
        let pinned = self.pinned;

        // A pinned knight never stays on its line.
        for from in (b.by_role(Role::Knight) & own) - pinned {
            emit!(from, attacks::knight(from) & dest);
        }
        macro_rules! sliders {
            ($role:expr, |$from:ident| $attacks:expr) => {
                for $from in b.by_role($role) & own {
                    let mut t = $attacks & dest;
                    if pinned.contains($from) {
                        t &= attacks::line(king, $from);
                    }
                    emit!($from, t);
                }
            };
        }
        sliders!(Role::Bishop, |from| attacks::bishop(from, occ));
        sliders!(Role::Rook, |from| attacks::rook(from, occ));
        sliders!(Role::Queen, |from| attacks::queen(from, occ));

        // Pawns.
        let pawns = b.by_role(Role::Pawn) & own;
        let last = last_rank(us);
        let empty = !occ;
        let (ep, ep_capturers) = match self.ep_square {
            Some(ep) => (ep, self.ep_capturers(ep)),
            None => (Square::A1, Bitboard::EMPTY),
        };
        if COUNT {
            let free = pawns - pinned;
            let one = forward(us, free) & empty;
            let two = forward(us, one & third_rank(us)) & empty & mask;
            let one = one & mask;
            let west = captures_west(us, free) & theirs & mask;
            let east = captures_east(us, free) & theirs & mask;
            let plain =
                (one - last).count() + two.count() + (west - last).count() + (east - last).count();
            let promoting = (one & last).count() + (west & last).count() + (east & last).count();
            count += (plain + 4 * promoting) as usize + ep_capturers.count() as usize;
            for from in pawns & pinned {
                let t = self.pawn_targets::<false>(from, theirs, empty)
                    & mask
                    & attacks::line(king, from);
                count += (t.count() + 3 * (t & last).count()) as usize;
            }
        } else {
            for from in pawns {
                let mut t = self.pawn_targets::<TACTICAL>(from, theirs, empty) & mask;
                if pinned.contains(from) {
                    t &= attacks::line(king, from);
                }
                if ep_capturers.contains(from) {
                    t.add(ep);
                }
                emit!(from, t);
            }
        }
        ControlFlow::Continue(count)
    }

    /// The squares the pawn of the side to move on `from` could go to if
    /// pins and checks did not matter (en passant aside): steps to empty
    /// squares (only promotions with `TACTICAL`) and captures.
    #[inline]
    fn pawn_targets<const TACTICAL: bool>(
        &self,
        from: Square,
        theirs: Bitboard,
        empty: Bitboard,
    ) -> Bitboard {
        let us = self.turn;
        let one = forward(us, Bitboard::from_square(from)) & empty;
        let two = forward(us, one & third_rank(us)) & empty;
        let mut pushes = one | two;
        if TACTICAL {
            pushes &= last_rank(us);
        }
        pushes | (attacks::pawn(us, from) & theirs)
    }

    /// The king's castling targets (`g1`, `c1`, ...) for the side to move,
    /// which must not be in check: the right, nothing between king and
    /// rook, and no attacked square passed or reached.
    #[inline]
    fn castling_targets(&self, occ: Bitboard) -> Bitboard {
        let us = self.turn;
        let mut t = Bitboard::EMPTY;
        if self.castling.is_empty() {
            return t;
        }
        for side in CastlingSide::ALL {
            if !self.castling.has(us, side) || (side.empty_squares(us) & occ).any() {
                continue;
            }
            let to = side.king_to(us);
            let passed = attacks::between(CastlingSide::king_from(us), to).with(to);
            if passed
                .into_iter()
                .all(|sq| !self.is_attacked_with(sq, !us, occ))
            {
                t.add(to);
            }
        }
        t
    }

    /// The targets the piece on `from` could move to if leaving the king in
    /// check were allowed (castling and en passant aside): used to explain
    /// why a move is illegal.
    pub(crate) fn pseudo_legal_targets(&self, from: Square) -> Bitboard {
        let b = &self.board;
        let Some(role) = b.role_at(from) else {
            return Bitboard::EMPTY;
        };
        let own = b.by_color(self.turn);
        let theirs = b.by_color(!self.turn);
        let occ = b.occupied();
        let t = match role {
            Role::Pawn => return self.pawn_targets::<false>(from, theirs, !occ),
            Role::Knight => attacks::knight(from),
            Role::Bishop => attacks::bishop(from, occ),
            Role::Rook => attacks::rook(from, occ),
            Role::Queen => attacks::queen(from, occ),
            Role::King => attacks::king(from),
        };
        t - own
    }
}

crate::movegen::move_lists!(
    /// Calls `f(from, targets)` for every piece of the side to move that
    /// has legal moves, each origin square once. Each `(from, to)` pair is
    /// one legal move, but a pawn's target on the last rank stands for four
    /// (one per promotion piece).
    ///
    /// `f` decides whether to go on: `ControlFlow::Continue(())` asks for
    /// the next set, `ControlFlow::Break(value)` stops the generation there
    /// and it returns `ControlFlow::Break(value)`; it returns
    /// `ControlFlow::Continue(())` when every set was reported.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use tamerlane_core::chess::Position;
    ///
    /// let pos = Position::new();
    /// let mut moves = 0;
    /// let _ = pos.for_each_legal(|_, targets| {
    ///     moves += targets.count();
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(moves, 20);
    /// // Stop at the first knight (b1 or g1).
    /// let knight = pos.for_each_legal(|from, targets| {
    ///     if targets.count() == 2 && from.rank() == 0 {
    ///         ControlFlow::Break(from)
    ///     } else {
    ///         ControlFlow::Continue(())
    ///     }
    /// });
    /// assert!(knight.is_break());
    /// ```
    for_each_legal;
    /// Like [`for_each_legal`](Self::for_each_legal), but only for the
    /// *tactical* moves: captures (en passant included) and promotions
    /// (with or without capture). Quiet moves and castling are left out.
    /// This is the generator of a quiescence search.
    for_each_tactical;
    /// The number of legal moves (promotions count four each), counted from
    /// the move sets without building moves; the moves of unpinned pawns
    /// are counted as whole sets.
    count_legal;
);
