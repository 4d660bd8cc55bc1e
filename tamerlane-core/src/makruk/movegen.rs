//! Legal move generation for Makruk.
//!
//! Moves are handed out as *move sets*: an origin square and the bitboard of
//! its legal target squares. Every legal move has a distinct `(from, to)`
//! pair (a pawn reaching its sixth rank always becomes a Met), so a set is
//! a list of moves and counting moves is a popcount.
//!
//! Legality is decided once per position from the King's square:
//! - The *checkers* (enemy pieces attacking the King). With two, only the
//!   King moves. With one, every other move must capture it or, for a Rook,
//!   stop on a square between it and the King.
//! - The *pinned* pieces: the Rook is the only slider, so a pin runs along
//!   the King's rank or file, and a pinned piece keeps to that line.
//! - King moves are tested square by square, with the King lifted off the
//!   board (so it cannot hide behind itself from a Rook).
//!
//! Nothing is played and taken back. Pawns that are not pinned are handled
//! all at once by shifting bitboards, which also gives bulk counting: the
//! number of legal moves without building them ([`Position::count_legal`]).

use core::ops::ControlFlow;

use super::move_list::MoveList;
use super::moves::{IllegalMoveError, IllegalReason, Move, MoveKind, UciMove};
use super::position::Position;
use super::role::Role;
use super::setup::promotion_rank;
use crate::board8::{attacks, Bitboard, Square};
use crate::color::Color;
use crate::move_text;

/// What every move of one position is checked against.
struct Ctx {
    us: Color,
    own: Bitboard,
    theirs: Bitboard,
    occ: Bitboard,
    king: Square,
    /// Where a move of a piece other than the King may land: not on an own
    /// piece, and in check on the checker or a square that blocks it.
    /// Tactical generation keeps only the captures.
    dest: Bitboard,
    /// The same for pawns; tactical generation keeps the captures and the
    /// promotion rank.
    pawn_dest: Bitboard,
    /// Own pieces pinned to the King along its rank or file.
    pinned: Bitboard,
}

/// The squares strictly between two squares on one rank or file (empty
/// if they are neighbours).
#[inline]
fn rook_between(a: Square, b: Square) -> Bitboard {
    attacks::rook(a, b.into()) & attacks::rook(b, a.into())
}

impl Ctx {
    /// The line a pinned piece on `from` must keep to: the King's file if
    /// it stands on it, else the King's rank.
    #[inline]
    fn pin_line(&self, from: Square) -> Bitboard {
        if from.file() == self.king.file() {
            Bitboard::file(from.file())
        } else {
            Bitboard::rank(from.rank())
        }
    }

    /// The legal targets among `targets` of the non-King piece on `from`,
    /// which may land on `dest`.
    #[inline]
    fn legal(&self, from: Square, targets: Bitboard, dest: Bitboard) -> Bitboard {
        let t = targets & dest;
        if self.pinned.contains(from) {
            t & self.pin_line(from)
        } else {
            t
        }
    }
}

impl Position {
    fn ctx<const TACTICAL: bool>(&self) -> Ctx {
        let b = &self.board;
        let us = self.turn;
        let own = b.by_color(us);
        let theirs = b.by_color(!us);
        let occ = own | theirs;
        let king = self.king(us);
        let checkers = b.attackers(king, !us, occ);
        let evasion = match checkers.single() {
            None if checkers.any() => Bitboard::EMPTY,
            None => !own,
            Some(c) if b.by_role(Role::Rook).contains(c) => rook_between(king, c).with(c),
            Some(c) => c.into(),
        };
        let (dest, pawn_dest) = if TACTICAL {
            (evasion & theirs, evasion & (theirs | promotion_rank(us)))
        } else {
            (evasion, evasion)
        };
        // Enemy Rooks that see the King through own pieces only.
        let snipers = attacks::rook(king, theirs) & theirs & b.by_role(Role::Rook);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let between = rook_between(king, s) & occ;
            if !between.more_than_one() {
                pinned |= between;
            }
        }
        Ctx {
            us,
            own,
            theirs,
            occ,
            king,
            dest,
            pawn_dest,
            pinned,
        }
    }

    /// The generator behind the public ones. With `BULK`, the moves of the
    /// pawns that are not pinned are not reported to `f` but counted and
    /// returned; with `TACTICAL`, only captures and promotions are made.
    #[inline]
    fn generate<const BULK: bool, const TACTICAL: bool, B>(
        &self,
        f: &mut impl FnMut(Square, Bitboard) -> ControlFlow<B>,
    ) -> ControlFlow<B, usize> {
        let c = self.ctx::<TACTICAL>();
        let b = &self.board;
        let us = c.us;
        let mut emit = |from: Square, t: Bitboard| {
            if t.any() {
                f(from, t)
            } else {
                ControlFlow::Continue(())
            }
        };

        // The King first: in double check it alone moves.
        let lifted = c.occ.without(c.king);
        let mut king_targets = attacks::king(c.king) - c.own;
        if TACTICAL {
            king_targets &= c.theirs;
        }
        let king_targets = king_targets.filter(|to| b.attackers(to, !us, lifted).is_empty());
        emit(c.king, king_targets)?;
        if c.pawn_dest.is_empty() {
            // Double check: the King alone moves.
            return ControlFlow::Continue(0);
        }

        // Pawns: in bulk counting, the ones not pinned all at once.
        let pawns = b.by_role(Role::Pawn) & c.own;
        let mut bulk = 0;
        let mut one_by_one = pawns;
        if BULK {
            let (push, left, right) = pawn_targets(us, pawns - c.pinned, c.occ, c.theirs);
            bulk = (push & c.pawn_dest).count()
                + (left & c.pawn_dest).count()
                + (right & c.pawn_dest).count();
            one_by_one &= c.pinned;
        }
        for from in one_by_one {
            let t = pawn_moves(us, from, c.occ, c.theirs);
            emit(from, c.legal(from, t, c.pawn_dest))?;
        }

        // Pieces.
        for from in b.by_role(Role::Met) & c.own {
            emit(from, c.legal(from, attacks::ferz(from), c.dest))?;
        }
        for from in b.by_role(Role::Khon) & c.own {
            emit(from, c.legal(from, attacks::khon(us, from), c.dest))?;
        }
        for from in b.by_role(Role::Knight) & c.own {
            emit(from, c.legal(from, attacks::knight(from), c.dest))?;
        }
        for from in b.by_role(Role::Rook) & c.own {
            emit(from, c.legal(from, attacks::rook(from, c.occ), c.dest))?;
        }
        ControlFlow::Continue(bulk as usize)
    }

    /// Appends the moves of one move set.
    #[inline]
    fn push_moves(&self, list: &mut MoveList, from: Square, targets: Bitboard) {
        for to in targets {
            list.push(self.move_between(from, to));
        }
    }

    /// The full move for the pair `from`/`to`, with its context read from
    /// this position. The pair must come from the legal move sets.
    #[inline]
    pub(crate) fn move_between(&self, from: Square, to: Square) -> Move {
        let b = &self.board;
        let role = b.role_at(from).expect("a piece on the origin square");
        Move {
            from,
            to,
            role,
            capture: b.role_at(to),
            kind: if role == Role::Pawn && promotion_rank(self.turn).contains(to) {
                MoveKind::Promotion
            } else {
                MoveKind::Normal
            },
        }
    }

    /// Whether `m` is legal here (its context must match, too).
    pub fn is_legal(&self, m: &Move) -> bool {
        self.is_legal_pair(m.from, m.to) && self.move_between(m.from, m.to) == *m
    }

    /// The legal move with UCI string `u`.
    pub fn find_move(&self, u: UciMove) -> Result<Move, IllegalMoveError> {
        let reason = if self.is_legal_pair(u.from, u.to) {
            let m = self.move_between(u.from, u.to);
            match (m.kind == MoveKind::Promotion, u.promotion) {
                (true, false) => IllegalReason::MissingPromotion,
                (false, true) => IllegalReason::NotAPromotion,
                _ => return Ok(m),
            }
        } else {
            self.why_illegal(u)
        };
        Err(IllegalMoveError {
            text: u.to_string(),
            reason,
        })
    }

    /// Why the pair of `u` is no legal move.
    fn why_illegal(&self, u: UciMove) -> IllegalReason {
        let origin = self.board.piece_at(u.from).map(|p| p.color);
        let reaches = || self.pseudo_legal_targets(u.from).contains(u.to);
        move_text::why_illegal(self.has_legal_moves(), origin, self.turn, || None, reaches)
    }

    /// The targets the piece on `from` (of the side to move) could move to
    /// if leaving the King attacked were allowed.
    pub(crate) fn pseudo_legal_targets(&self, from: Square) -> Bitboard {
        let b = &self.board;
        let us = self.turn;
        let occ = b.occupied();
        let theirs = b.by_color(!us);
        let t = match b.role_at(from) {
            None => return Bitboard::EMPTY,
            Some(Role::Pawn) => pawn_moves(us, from, occ, theirs),
            Some(Role::Met) => attacks::ferz(from),
            Some(Role::Khon) => attacks::khon(us, from),
            Some(Role::Knight) => attacks::knight(from),
            Some(Role::Rook) => attacks::rook(from, occ),
            Some(Role::King) => attacks::king(from),
        };
        t - b.by_color(us)
    }
}

/// The targets of the pawn of `color` on `from`: the step forward if empty,
/// the diagonal steps forward onto an enemy piece.
#[inline]
fn pawn_moves(color: Color, from: Square, occ: Bitboard, theirs: Bitboard) -> Bitboard {
    let (push, _, _) = pawn_targets(color, from.into(), occ, theirs);
    push | (attacks::pawn(color, from) & theirs)
}

/// The targets of all the pawns `pawns` of `color` at once: the steps
/// forward, and the captures towards the a-file and towards the h-file.
#[inline]
fn pawn_targets(
    color: Color,
    pawns: Bitboard,
    occ: Bitboard,
    theirs: Bitboard,
) -> (Bitboard, Bitboard, Bitboard) {
    let ahead = match color {
        Color::White => pawns.north(),
        Color::Black => pawns.south(),
    };
    let push = ahead - occ;
    let left = Bitboard((ahead - Bitboard::FILE_A).0 >> 1) & theirs;
    let right = Bitboard((ahead - Bitboard::FILE_H).0 << 1) & theirs;
    (push, left, right)
}

crate::movegen::move_lists!(
    /// Calls `f(from, targets)` for every piece of the side to move that
    /// has legal moves; each `(from, to)` pair is one legal move. `f` may
    /// stop the generation early by returning [`ControlFlow::Break`], whose
    /// value is returned.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use tamerlane_core::makruk::Position;
    ///
    /// let pos = Position::new();
    /// let mut n = 0;
    /// let _ = pos.for_each_legal(|_from, targets| {
    ///     n += targets.count();
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(n, 23);
    /// // Stop at the first piece with a move.
    /// let first = pos.for_each_legal(|from, _| ControlFlow::Break(from));
    /// assert!(first.is_break());
    /// ```
    for_each_legal;
    /// Like [`for_each_legal`](Self::for_each_legal), but only for the
    /// *tactical* moves: captures and promotions. The generator of a
    /// quiescence search.
    for_each_tactical;
    /// The number of legal moves, counted from the move sets without
    /// building moves (the pawns that are not pinned are counted in bulk).
    count_legal;
);
