//! Legal move generation.
//!
//! Moves are handed out as *move sets*: an origin square and the bitboard of
//! its legal target squares. In this game every legal move has a distinct
//! `(from, to)` pair and promotions are forced, so a set is a list of moves
//! and counting moves is a popcount.
//!
//! Legality follows the rule "after the move, the mover has more than one
//! royal, or its single royal is not attacked":
//! - With two or more royals every pseudo-legal move is legal (a move never
//!   reduces its own side's royals).
//! - With one royal not in check, only *pinned* pieces need care. Every line
//!   of attack that can be blocked (rook, talia, giraffe) runs along one of the
//!   eight rays from the royal (the giraffe's straight leg ends on the royal's
//!   rank or file, and its diagonal square is on that line too), so a pinned
//!   piece is the first piece on such a ray whose removal exposes the royal.
//!   Their moves are tested one by one; all other pieces move freely.
//! - In check, every move is tested by the exact attack test on the position
//!   after the move.
//! - Royal moves test their target square with the royal lifted off the board.
//! - Rare moves (pawn-of-pawns placements, transfers and second arrivals,
//!   king swaps) are always tested on the position after the move.
//! - A promotion that creates a royal (the pawn of kings, or the pawn of
//!   pawns' third arrival) leaves two royals and is always legal; a citadel
//!   entry puts the royal where nothing attacks it and is always legal.
//!
//! The callback that receives the move sets returns a
//! [`ControlFlow`]: `Continue(())` asks for the next set, `Break(value)`
//! stops the generation at once and the value is handed back. Lookups
//! (`has_legal_moves`, `is_legal`, `find_move`) stop at the first hit.

use core::ops::ControlFlow;

use crate::color::Color;
use crate::tamerlane::attacks;
use crate::tamerlane::bitboard::Bitboard;
use crate::tamerlane::move_list::MoveList;
use crate::tamerlane::moves::Move;
use crate::tamerlane::position::Position;
use crate::tamerlane::role::Role;
use crate::tamerlane::rule_set::{
    LoneRoyal, PawnOfPawns, PlacementOnto, PlacementTargets, SwapWhen, SwapWith,
};
use crate::tamerlane::setup::{last_rank, pre_last_rank};
use crate::tamerlane::square::{Rank, Square};

/// How the legality of ordinary moves is decided in a position.
#[derive(Copy, Clone)]
enum Safety {
    /// Several royals, or a single royal on a citadel: ordinary moves of
    /// non-royal pieces are all legal.
    Free,
    /// A single royal on `royal`, not attacked; `pinned` pieces are tested.
    Pins { royal: Square, pinned: Bitboard },
    /// A single royal on `royal`, attacked: every move is tested.
    Check { royal: Square },
}

/// What every piece's generation needs to know about the position. It is
/// `Copy` so that the rare special moves take it by value: a reference
/// would make the hot loops keep it in memory instead of registers (1-3%
/// more instructions in perft, measured with callgrind).
#[derive(Copy, Clone)]
struct Ctx {
    us: Color,
    them: Color,
    own: Bitboard,
    theirs: Bitboard,
    occ: Bitboard,
    /// Squares an ordinary move may go to: empty, or holding a capturable
    /// enemy piece (never a citadel, never a waiting pawn of pawns).
    targets: Bitboard,
    /// Enemy pieces that can be captured.
    capturable: Bitboard,
    /// The mover's single royal, if it has exactly one.
    single_royal: Option<Square>,
    safety: Safety,
}

impl Position {
    fn ctx(&self) -> Option<Ctx> {
        if self.is_citadel_draw() {
            return None;
        }
        let b = &self.board;
        let us = self.turn;
        let them = !us;
        let own = b.by_color(us);
        let theirs = b.by_color(them);
        let occ = b.occupied();
        let royals = b.royals() & own;
        if royals.is_empty() {
            return None;
        }
        let waiting_them = b.pawns() & theirs & last_rank(them);
        let capturable = (theirs & Bitboard::ORDINARY) - waiting_them;
        let targets = (Bitboard::ORDINARY - occ) | capturable;
        let single_royal = royals.single();
        let safety = match single_royal {
            Some(k) if !k.is_citadel() => {
                if self.is_attacked_with(k, them, theirs, occ) {
                    Safety::Check { royal: k }
                } else {
                    Safety::Pins {
                        royal: k,
                        pinned: self.pinned(k, own, theirs, occ),
                    }
                }
            }
            _ => Safety::Free,
        };
        Some(Ctx {
            us,
            them,
            own,
            theirs,
            occ,
            targets,
            capturable,
            single_royal,
            safety,
        })
    }

    /// Own pieces whose removal would let a rook, talia or giraffe attack
    /// the royal on `k`.
    fn pinned(&self, k: Square, own: Bitboard, theirs: Bitboard, occ: Bitboard) -> Bitboard {
        let b = &self.board;
        let rooks = b.kind(Role::Rook) & theirs;
        let talias = b.kind(Role::Talia) & theirs;
        let giraffes = b.kind(Role::Giraffe) & theirs;
        let orth = if (rooks & attacks::rook_empty(k)).any()
            || (giraffes & attacks::giraffe_sources(k)).any()
        {
            0..4
        } else {
            0..0
        };
        let diag = if (talias & attacks::diagonals_empty(k)).any() {
            4..8
        } else {
            4..4
        };
        let mut pinned = Bitboard::EMPTY;
        for dir in orth.chain(diag) {
            let blocker = Bitboard(attacks::ray(dir, k.index(), occ.0)).last_or_first(dir) & own;
            if let Some(c) = blocker.first() {
                if self.is_attacked_with(k, !self.turn, theirs, occ.without(c)) {
                    pinned.add(c);
                }
            }
        }
        pinned
    }

    /// Whether the single royal on `k` is safe once the pieces on `vacated`
    /// have left, `filled` has been occupied and the enemy piece on
    /// `captured` (if any) is gone.
    #[inline]
    fn safe_after(
        &self,
        c: &Ctx,
        k: Square,
        vacated: Bitboard,
        filled: Bitboard,
        captured: Square,
    ) -> bool {
        let occ = (c.occ - vacated) | filled;
        !self.is_attacked_with(k, c.them, c.theirs.without(captured), occ)
    }

    /// Filters the targets of an ordinary move of the non-royal piece on `from`.
    #[inline]
    fn filter_ordinary(&self, c: &Ctx, from: Square, targets: Bitboard) -> Bitboard {
        match c.safety {
            Safety::Free => targets,
            Safety::Pins { royal, pinned } if pinned.contains(from) => {
                targets.filter(|to| self.safe_after(c, royal, from.into(), to.into(), to))
            }
            Safety::Pins { .. } => targets,
            Safety::Check { royal } => {
                targets.filter(|to| self.safe_after(c, royal, from.into(), to.into(), to))
            }
        }
    }

    /// Whether a rare move (placement, transfer, relocating arrival) that
    /// takes the pawn from `from` to the square `lands`, capturing on
    /// `captured` if anything is there, keeps the mover legal.
    fn rare_move_legal(&self, c: &Ctx, from: Square, lands: Square, captured: Square) -> bool {
        match c.single_royal {
            Some(k) if !k.is_citadel() => {
                let vacated = Bitboard::from_square(from).with(captured);
                self.safe_after(c, k, vacated, lands.into(), captured)
            }
            _ => true,
        }
    }

    /// The generator behind [`for_each_legal`](Self::for_each_legal) and
    /// [`count_legal`](Self::count_legal). With `COUNT`, the moves of pawns
    /// that are free to move (not pinned, not in check, not about to
    /// promote) are not reported to `f` but counted in bulk and returned.
    /// With `TACTICAL`, only the tactical moves are reported (see
    /// [`for_each_tactical`](Self::for_each_tactical)). It returns as soon
    /// as `f` breaks.
    #[inline]
    fn generate<const COUNT: bool, const TACTICAL: bool, B>(
        &self,
        f: &mut impl FnMut(Square, Bitboard) -> ControlFlow<B>,
    ) -> ControlFlow<B, usize> {
        let Some(c) = self.ctx() else {
            return ControlFlow::Continue(0);
        };
        // Where ordinary moves may go: anywhere legal, or captures only.
        let dest = if TACTICAL { c.capturable } else { c.targets };
        let b = &self.board;
        let us = c.us;
        let mut any = false;
        let mut bulk = 0;
        // Reports a non-empty move set to `f`, returning if `f` breaks.
        macro_rules! emit {
            ($from:expr, $targets:expr) => {{
                let t: Bitboard = $targets;
                if t.any() {
                    any = true;
                    f($from, t)?;
                }
            }};
        }

        // Pieces that are neither royal nor pawns.
        macro_rules! pieces {
            ($role:expr, |$from:ident| $attacks:expr) => {
                for $from in b.kind($role) & c.own {
                    let t = $attacks & dest;
                    emit!($from, self.filter_ordinary(&c, $from, t));
                }
            };
        }
        pieces!(Role::Ferz, |from| attacks::ferz(from));
        pieces!(Role::Vizier, |from| attacks::vizier(from));
        pieces!(Role::Knight, |from| attacks::knight(from));
        pieces!(Role::Elephant, |from| attacks::elephant(from));
        pieces!(Role::Camel, |from| attacks::camel(from));
        pieces!(Role::Dabbaba, |from| attacks::dabbaba(from));
        pieces!(Role::Rook, |from| attacks::rook(from, c.occ));
        pieces!(Role::Talia, |from| attacks::talia(from, c.occ));
        pieces!(Role::Giraffe, |from| attacks::giraffe(from, c.occ));

        // Pawns.
        let last = last_rank(us);
        let waiting = b.pawns() & c.own & last;
        let return_sq = Square::pawn_of_pawns_return(us);
        let mut pawns = (b.pawns() & c.own) - waiting;
        if COUNT {
            let free = match c.safety {
                Safety::Free => pawns,
                Safety::Pins { pinned, .. } => pawns - pinned,
                Safety::Check { .. } => Bitboard::EMPTY,
            } - pre_last_rank(us);
            if free.any() {
                bulk = attacks::pawn_move_count(us, free, c.occ, c.capturable) as usize;
                pawns = pawns - free;
            }
        }
        for from in pawns {
            let mut push = attacks::pawn_push(us, from) - c.occ;
            if TACTICAL {
                push &= last;
            }
            let t = push | (attacks::pawn(us, from) & c.capturable);
            if t.is_empty() {
                continue;
            }
            let promo = t & last;
            if promo.is_empty() {
                emit!(from, self.filter_ordinary(&c, from, t));
                continue;
            }
            let role = b.role_at(from).expect("pawn");
            let stage = self.stages[us];
            let creates_royal =
                role == Role::PawnOfKings || (role == Role::PawnOfPawns && stage == 2);
            let promo = if creates_royal && self.rules.lone_royal() == LoneRoyal::AfterMove {
                // Two royals after the move: legal whatever is attacked.
                promo
            } else if role == Role::PawnOfPawns
                && stage == 1
                && self.rules.pawn_of_pawns() == PawnOfPawns::ThreeArrivals
                && !c.occ.contains(return_sq)
            {
                promo.filter(|to| self.rare_move_legal(&c, from, return_sq, to))
            } else {
                // Ordinary promotions and waiting arrivals; with
                // `lone-royal=before-move`, also the promotions that create a
                // royal, judged like any move of a side with one royal.
                self.filter_ordinary(&c, from, promo)
            };
            emit!(from, self.filter_ordinary(&c, from, t - last) | promo);
        }

        // The waiting pawn of pawns: placement (stage 1) or transfer (stage 2).
        if let Some(from) = waiting.first() {
            let empty = Bitboard::ORDINARY - c.occ;
            let t = if self.stages[us] == 1 {
                self.placement_targets(c, from)
            } else {
                empty & Bitboard::from_square(return_sq)
            };
            emit!(from, t.filter(|to| self.rare_move_legal(&c, from, to, to)));
        }

        // Royals: steps and citadel entries.
        let runner = self.citadel_runner(us);
        let enemy_citadel = Square::citadel(c.them);
        let own_citadel = Square::citadel(us);
        for from in b.royals() & c.own {
            let role = b.role_at(from).expect("royal");
            let steps = attacks::royal(from) & dest;
            let steps = match c.single_royal {
                Some(_) => steps.filter(|to| {
                    let occ = c.occ.without(from).with(to);
                    !self.is_attacked_with(to, c.them, c.theirs.without(to), occ)
                }),
                None => steps,
            };
            let mut t = steps;
            if Some(role) == runner
                && attacks::royal(enemy_citadel).contains(from)
                && !c.occ.contains(enemy_citadel)
            {
                t.add(enemy_citadel);
            }
            if role == Role::AdventitiousKing
                && attacks::royal(own_citadel).contains(from)
                && !c.occ.contains(own_citadel)
            {
                t.add(own_citadel);
            }
            emit!(from, t);
        }

        // The king swap: with the King attacked, or with no other legal move.
        if !TACTICAL && self.swap_rights[us] {
            if let Some(king) = (b.kind(Role::King) & c.own).first() {
                let king_attacked = match c.safety {
                    Safety::Check { royal } => royal == king,
                    Safety::Pins { .. } => false,
                    Safety::Free => self.is_attacked_with(king, c.them, c.theirs, c.occ),
                };
                let stuck = !(any || bulk > 0);
                if king_attacked || (stuck && self.rules.swap_when() == SwapWhen::CheckOrStuck) {
                    let partners = self.swap_targets(c, king);
                    if partners.any() {
                        f(king, partners)?;
                    }
                }
            }
        }
        ControlFlow::Continue(bulk)
    }

    /// The squares the King on `king` may swap to, once a swap is allowed:
    /// its partners' squares that are not attacked. The occupancy is
    /// unchanged by a swap, so the King is safe on the partner's square
    /// exactly when that square is not attacked now.
    #[cold]
    #[inline(never)]
    fn swap_targets(&self, c: Ctx, king: Square) -> Bitboard {
        self.swap_partners(&c, king)
            .filter(|p| !self.is_attacked_with(p, c.them, c.theirs, c.occ))
    }

    /// The pieces the King on `king` may exchange squares with: friendly
    /// non-pawn pieces on ordinary squares, and with `swap-with=any` also
    /// ordinary pawns (not the pawn of pawns), provided the King's square is
    /// on neither the pawn's first nor its last rank.
    fn swap_partners(&self, c: &Ctx, king: Square) -> Bitboard {
        let b = &self.board;
        let own = c.own & Bitboard::ORDINARY;
        let mut partners = (own - b.pawns()).without(king);
        if self.rules.swap_with() == SwapWith::Any {
            let rank = king
                .rank()
                .expect("a King that can swap is on an ordinary square");
            if rank != Rank::first(c.us) && rank != Rank::last(c.us) {
                partners |= (own & b.pawns()) - b.by_role(Role::PawnOfPawns);
            }
        }
        partners
    }

    /// Where the waiting pawn of pawns on `from` may be placed (stage 1),
    /// before the legality test: squares from which it attacks two enemy
    /// pieces (royals count), and with `placement-targets=fork-or-trapped`
    /// also squares from which it attacks a trapped enemy officer. The
    /// target is empty, or with `placement-onto=enemy` holds an enemy
    /// non-royal piece, which is captured. Every condition is judged on the
    /// board after the move.
    #[cold]
    #[inline(never)]
    fn placement_targets(&self, c: Ctx, from: Square) -> Bitboard {
        let b = &self.board;
        let us = c.us;
        let onto = match self.rules.placement_onto() {
            PlacementOnto::Empty => Bitboard::ORDINARY - c.occ,
            PlacementOnto::Enemy => (Bitboard::ORDINARY - c.occ) | (c.capturable - b.royals()),
        };
        let mut candidates = Bitboard::EMPTY;
        for e in c.capturable {
            candidates |= attacks::pawn_attackers(us, e);
        }
        let mut t =
            (candidates & onto).filter(|sq| (attacks::pawn(us, sq) & c.capturable).count() == 2);
        if self.rules.placement_targets() == PlacementTargets::ForkOrTrapped {
            let officers = (c.theirs & Bitboard::ORDINARY) - b.pawns() - b.royals();
            for e in officers {
                for sq in (attacks::pawn_attackers(us, e) & onto) - t {
                    if self.is_trapped_after_placement(&c, e, from, sq) {
                        t.add(sq);
                    }
                }
            }
        }
        t
    }

    /// Whether the enemy officer on `e` has no pseudo-legal move once the
    /// pawn of pawns has gone from `from` to `to` (capturing whatever stood
    /// there): every square of its pattern is off the board, blocked by its
    /// own side, or uncapturable. Checks and the turn are ignored; the
    /// placed pawn itself can be captured.
    fn is_trapped_after_placement(&self, c: &Ctx, e: Square, from: Square, to: Square) -> bool {
        let role = self.board.role_at(e).expect("an enemy officer");
        let occ = c.occ.without(from).with(to);
        // What the officer could move to: empty squares and our pieces on
        // ordinary squares (none of ours waits any more: the only pawn of
        // pawns has just been placed).
        let ours = c.own.without(from).with(to) & Bitboard::ORDINARY;
        let reachable = (Bitboard::ORDINARY - occ) | ours;
        (attacks::attacks(c.them, role, e, occ) & reachable).is_empty()
    }

    /// The targets the piece on `from` could move to if leaving a royal
    /// attacked were allowed (used to explain why a move is illegal).
    pub(crate) fn pseudo_legal_targets(&self, from: Square) -> Bitboard {
        let b = &self.board;
        let Some(p) = b.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let us = self.turn;
        let occ = b.occupied();
        let theirs = b.by_color(!us);
        let waiting_them = b.pawns() & theirs & last_rank(!us);
        let capturable = (theirs & Bitboard::ORDINARY) - waiting_them;
        let targets = (Bitboard::ORDINARY - occ) | capturable;
        if p.role.is_pawn() {
            if last_rank(us).contains(from) {
                return Bitboard::EMPTY;
            }
            (attacks::pawn_push(us, from) - occ) | (attacks::pawn(us, from) & capturable)
        } else {
            attacks::attacks(us, p.role, from, occ) & targets
        }
    }
}

impl Bitboard {
    /// The far end of a ray's attack set (where the first blocker, if any,
    /// stands): the highest square for directions of ascending index, the
    /// lowest otherwise.
    #[inline]
    fn last_or_first(self, dir: usize) -> Bitboard {
        let sq = if matches!(dir, 0 | 1 | 4 | 7) {
            self.last()
        } else {
            self.first()
        };
        sq.map_or(Bitboard::EMPTY, Bitboard::from_square)
    }
}

impl Position {
    /// Appends the moves of one move set. A piece that is neither a pawn
    /// nor a royal only makes ordinary moves, so its moves are built
    /// without looking at the move kind; the others go through
    /// [`move_between`](Self::move_between).
    #[inline]
    fn push_moves(&self, list: &mut MoveList, from: Square, targets: Bitboard) {
        let b = &self.board;
        let role = match b.role_at(from) {
            Some(r) if !r.is_pawn() && !r.is_royal() => r,
            _ => {
                for to in targets {
                    list.push(self.move_between(from, to));
                }
                return;
            }
        };
        for to in targets {
            list.push(Move::normal(from, to, role, b.role_at(to)));
        }
    }
}

crate::movegen::move_lists!(
    /// Calls `f(from, targets)` for every piece of the side to move that has
    /// legal moves. Each `(from, to)` pair is one legal move; a square may be
    /// reported twice (the King: once for its steps, once for its swaps),
    /// with disjoint targets.
    ///
    /// `f` decides whether to go on: `ControlFlow::Continue(())` asks for the
    /// next move set, `ControlFlow::Break(value)` stops the generation there
    /// and `value` is returned as `ControlFlow::Break(value)`. The result is
    /// `ControlFlow::Continue(())` when every set was reported. (When `f`
    /// never stops, the break type must be named, e.g.
    /// `ControlFlow::<()>::Continue(())`.)
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use tamerlane_core::Square;
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// let pos = Position::new();
    ///
    /// // Every move set: count the moves.
    /// let mut n = 0;
    /// let _ = pos.for_each_legal(|_from, targets| {
    ///     n += targets.count();
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(n, 24);
    ///
    /// // Stop at the first piece that can reach c4, and return its square.
    /// let from = pos.for_each_legal(|from, targets| {
    ///     if targets.contains(Square::C4) {
    ///         ControlFlow::Break(from)
    ///     } else {
    ///         ControlFlow::Continue(())
    ///     }
    /// });
    /// assert_eq!(from, ControlFlow::Break(Square::B2));
    /// ```
    for_each_legal;
    /// Like [`for_each_legal`](Self::for_each_legal), but only for the
    /// *tactical* moves: captures, pawn moves to the last rank (promotions
    /// and pawn-of-pawns arrivals), the waiting pawn of pawns' placement or
    /// transfer, and citadel entries. Quiet moves and king swaps are left
    /// out. This is the generator of a quiescence search. `f` may stop it
    /// early in the same way.
    for_each_tactical;
    /// The number of legal moves, counted from the move sets without
    /// building moves (pawn moves are counted in bulk).
    count_legal;
);
