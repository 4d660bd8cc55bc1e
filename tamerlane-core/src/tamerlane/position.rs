//! A validated, playable position: state, making moves, attacks, hashing and
//! the end-of-game rules that depend on the position alone.

use crate::by_color::ByColor;
use crate::color::Color;
use crate::move_text;
use crate::tamerlane::attacks;
use crate::tamerlane::bitboard::Bitboard;
use crate::tamerlane::board::Board;
use crate::tamerlane::moves::{
    Arrival, CoordMove, IllegalMoveError, IllegalReason, Move, MoveError, MoveKind,
};
// `pub(crate)`: the record module still names them by this path.
use crate::tamerlane::outcome::Termination;
use crate::tamerlane::role::{Piece, Role};
use crate::tamerlane::rule_set::{CitadelEntry, PawnOfPawns, RoyalsOnly, RuleSet};
use crate::tamerlane::setup::{last_rank, PositionError, Setup};
use crate::tamerlane::square::Square;
use crate::tamerlane::tfen::TfenError;
use crate::tamerlane::zobrist;
use crate::tamerlane::Outcome;

/// A legal Tamerlane position: placement, side to move, king-swap rights,
/// pawn-of-pawns stages, clocks, and its Zobrist hash kept up to date.
///
/// ```
/// use tamerlane_core::tamerlane::Position;
///
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 24);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) swap_rights: ByColor<bool>,
    pub(crate) stages: ByColor<u8>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    /// The rule options: read by move generation and the outcome.
    pub(crate) rules: RuleSet,
}

crate::position_inherent::position_inherent!(
    rules: RuleSet,
    fen: TfenError, from_tfen, from_tfen_with_rules, to_tfen,
    coordinate: CoordMove, coord, parse_move, play_str,
    debug: "Position",
    put_take: put_take,
    mirror: mirror,
    display: diagram
);

impl Position {
    /// The start position of `rules`: the standard initial position, or the
    /// start array of the preset the rule-set string began with.
    ///
    /// ```
    /// use tamerlane_core::RuleSet;
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// let rules: RuleSet = "seed-001".parse()?;
    /// let pos = Position::start_with_rules(rules);
    /// assert_eq!(pos.rules(), &rules);
    /// assert_ne!(pos.board(), Position::new().board());
    /// # Ok::<(), tamerlane_core::RuleSetError>(())
    /// ```
    pub fn start_with_rules(rules: RuleSet) -> Position {
        Position::from_tfen_with_rules(rules.start().tfen(), rules)
            .expect("every start array is valid under its rules")
    }

    /// Validates a [`Setup`] into a position played under `rules` (which
    /// decide, for one, the highest pawn-of-pawns stage allowed).
    pub fn from_setup_with_rules(setup: Setup, rules: RuleSet) -> Result<Position, PositionError> {
        setup.validate_with_rules(&rules)?;
        let mut pos = Position {
            board: setup.board,
            turn: setup.turn,
            swap_rights: setup.swap_rights,
            stages: setup.stages,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            hash: 0,
            rules,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The position as a plain [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            swap_rights: self.swap_rights,
            stages: self.stages,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Whether `color` still has its king-swap right.
    #[inline]
    pub fn swap_right(&self, color: Color) -> bool {
        self.swap_rights[color]
    }

    /// `color`'s pawn-of-pawns stage: how many times its pawn of pawns has
    /// reached the last rank (0, 1 or 2).
    #[inline]
    pub fn pawn_of_pawns_stage(&self, color: Color) -> u8 {
        self.stages[color]
    }

    /// Whether two positions are the same for the repetition rule (same
    /// placement, side to move, swap rights and stages; clocks ignored).
    pub fn same_position(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.turn == other.turn
            && self.swap_rights == other.swap_rights
            && self.stages == other.stages
            && self.board == other.board
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = self.placement_hash();
        for c in Color::ALL {
            if self.swap_rights[c] {
                h ^= zobrist::swap_right(c);
            }
            h ^= zobrist::stage(c, self.stages[c]);
        }
        h
    }

    /// The royal pieces (King, Prince, Adventitious King) of `color`.
    #[inline]
    pub fn royals(&self, color: Color) -> Bitboard {
        self.board.royals() & self.board.by_color(color)
    }

    /// `color`'s highest-ranked royal role present (King, else Prince, else
    /// Adventitious King): the only royal that may enter the enemy citadel.
    pub fn top_royal(&self, color: Color) -> Option<Role> {
        let own = self.board.by_color(color);
        [Role::King, Role::Prince, Role::AdventitiousKing]
            .into_iter()
            .find(|&r| (self.board.kind(r) & own).any())
    }

    /// The kind of royal of `color` that may enter the enemy citadel under
    /// the rules (docs/RULES.md, section 5 and `citadel-entry`): its
    /// highest royal, or the King alone under `citadel-entry=king-only`
    /// (whether or not it still has one). The move generator and the
    /// engine's evaluation both ask this.
    #[inline]
    pub fn citadel_runner(&self, color: Color) -> Option<Role> {
        match self.rules.citadel_entry() {
            CitadelEntry::HighestRoyal => self.top_royal(color),
            CitadelEntry::KingOnly => Some(Role::King),
        }
    }

    /// The square of `color`'s pawn of pawns while it waits on its last rank
    /// (after its first arrival, or a second arrival with the return square
    /// occupied).
    pub fn waiting_pawn_of_pawns(&self, color: Color) -> Option<Square> {
        (self.board.pawns() & self.board.by_color(color) & last_rank(color)).first()
    }

    /// Pieces of `attacker` that attack `sq` ("attack" = could capture by
    /// its movement pattern, whether or not that capture would be legal).
    /// Nothing attacks a citadel.
    pub fn attackers(&self, sq: Square, attacker: Color) -> Bitboard {
        self.attackers_with_occupancy(sq, self.board.occupied()) & self.board.by_color(attacker)
    }

    /// Pieces of either colour standing on `occ` that attack `sq` when
    /// exactly the squares of `occ` are occupied: the riders (rook, talia,
    /// giraffe) are blocked by `occ` only. A static exchange evaluation
    /// removes the pieces that have captured from `occ` and so sees the
    /// riders behind them. Nothing attacks a citadel.
    ///
    /// ```
    /// use tamerlane_core::{Color, Square};
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// // White's rooks on a4 and b4, Black's King on k3 (not adjacent).
    /// let pos = Position::from_tfen("11/11/11/11/11/11/RR9/10k/11/K10 w - 00 0 1").unwrap();
    /// let sq = |name: &str| name.parse::<Square>().unwrap();
    /// let (d4, b4) = (sq("d4"), sq("b4"));
    /// let occ = pos.board().occupied();
    /// // b4 blocks a4; without b4 the rook behind it reaches d4.
    /// assert_eq!(pos.attackers_with_occupancy(d4, occ).count(), 1);
    /// assert_eq!(pos.attackers_with_occupancy(d4, occ.without(b4)).count(), 1);
    /// assert!(pos.attackers_with_occupancy(d4, occ.without(b4)).contains(sq("a4")));
    /// assert_eq!(pos.attackers(d4, Color::Black).count(), 0);
    /// ```
    pub fn attackers_with_occupancy(&self, sq: Square, occ: Bitboard) -> Bitboard {
        if sq.is_citadel() {
            return Bitboard::EMPTY;
        }
        let b = &self.board;
        let pawns = (attacks::pawn_attackers(Color::White, sq) & b.by_color(Color::White)
            | attacks::pawn_attackers(Color::Black, sq) & b.by_color(Color::Black))
            & b.pawns();
        let mut a = (self.stepper_attackers(sq, Color::White) - b.pawns())
            | pawns
            | (attacks::rook(sq, occ) & b.kind(Role::Rook))
            | (attacks::talia(sq, occ) & b.kind(Role::Talia));
        for g in attacks::giraffe_sources(sq) & b.kind(Role::Giraffe) & occ {
            if attacks::giraffe(g, occ).contains(sq) {
                a.add(g);
            }
        }
        a & occ
    }

    /// Pieces of either colour whose step or leap reaches the ordinary
    /// square `sq`, with the pawns counted as pawns of `color`.
    #[inline]
    fn stepper_attackers(&self, sq: Square, color: Color) -> Bitboard {
        let b = &self.board;
        (attacks::knight(sq) & b.kind(Role::Knight))
            | (attacks::elephant(sq) & b.kind(Role::Elephant))
            | (attacks::camel(sq) & b.kind(Role::Camel))
            | (attacks::dabbaba(sq) & b.kind(Role::Dabbaba))
            | (attacks::ferz(sq) & b.kind(Role::Ferz))
            | (attacks::vizier(sq) & b.kind(Role::Vizier))
            | (attacks::royal_attackers(sq) & b.royals())
            | (attacks::pawn_attackers(color, sq) & b.pawns())
    }

    /// Whether `sq` is attacked by one of the pieces `them` (of colour
    /// `color`; the caller may have removed some) through occupancy `occ`.
    #[inline]
    pub(crate) fn is_attacked_with(
        &self,
        sq: Square,
        color: Color,
        them: Bitboard,
        occ: Bitboard,
    ) -> bool {
        if sq.is_citadel() {
            return false;
        }
        if (self.stepper_attackers(sq, color) & them).any() {
            return true;
        }
        let b = &self.board;
        let rooks = b.kind(Role::Rook) & them;
        if (rooks & attacks::rook_empty(sq)).any() && (attacks::rook(sq, occ) & rooks).any() {
            return true;
        }
        let talias = b.kind(Role::Talia) & them;
        if (talias & attacks::diagonals_empty(sq)).any() && (attacks::talia(sq, occ) & talias).any()
        {
            return true;
        }
        for g in attacks::giraffe_sources(sq) & b.kind(Role::Giraffe) & them {
            if attacks::giraffe(g, occ).contains(sq) {
                return true;
            }
        }
        false
    }

    /// Whether `sq` is attacked by `attacker`.
    pub fn is_attacked(&self, sq: Square, attacker: Color) -> bool {
        self.is_attacked_with(
            sq,
            attacker,
            self.board.by_color(attacker),
            self.board.occupied(),
        )
    }

    /// Whether one of the royals of the side to move is attacked.
    pub fn is_check(&self) -> bool {
        self.royals(self.turn)
            .squares()
            .any(|sq| self.is_attacked(sq, !self.turn))
    }

    /// Whether the side to move has a single royal and it is attacked: the
    /// situation in which having no legal move is checkmate.
    pub fn is_single_royal_attacked(&self) -> bool {
        self.royals(self.turn)
            .single()
            .is_some_and(|sq| self.is_attacked(sq, !self.turn))
    }

    /// Whether `m` (legal here) attacks a royal of the opponent once played.
    ///
    /// For an ordinary move or a promotion (nearly every move) this is
    /// answered without playing the move: the piece on its target square
    /// (the promoted one for a promotion) attacks an enemy royal, or one of
    /// the other pieces of the mover does through the occupancy after the
    /// move (a rook, talia or giraffe whose line the move opened, or, when
    /// the opponent has several royals, a piece already attacking one).
    /// The rarer kinds are played on a copy.
    ///
    /// ```
    /// use tamerlane_core::Square;
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// // White's Rook on a4 behind its Knight on b4, Black's King on k4.
    /// let pos = Position::from_tfen("11/11/11/11/11/11/RN8k/11/11/K10 w - 00 0 1")?;
    /// let knight_away = pos.legal_moves().iter().find(|m| m.to == Square::C6).copied().unwrap();
    /// assert!(pos.gives_check(&knight_away)); // the Rook's line is opened
    /// # Ok::<(), tamerlane_core::TfenError>(())
    /// ```
    pub fn gives_check(&self, m: &Move) -> bool {
        let role = match m.kind {
            MoveKind::Normal => m.role,
            MoveKind::Promotion(role) => role,
            _ => {
                let mut after = self.clone();
                after.play_unchecked(m);
                return after.is_check();
            }
        };
        let b = &self.board;
        let us = self.turn;
        // A captured royal no longer counts; a royal in a citadel is never
        // attacked.
        let royals = (self.royals(!us) & Bitboard::ORDINARY).without(m.to);
        if royals.is_empty() {
            return false;
        }
        let occ = b.occupied().without(m.from).with(m.to);
        let direct = attacks::attacks(us, role, m.to, occ);
        if (direct & royals).any() {
            return true;
        }
        let others = b.by_color(us).without(m.from);
        royals
            .squares()
            .any(|k| self.is_attacked_with(k, us, others, occ))
    }

    /// Whether a royal stands on its opponent's citadel: the game has ended
    /// in a draw and there are no legal moves.
    pub fn is_citadel_draw(&self) -> bool {
        let b = &self.board;
        let white_in = b.by_color(Color::White) & Bitboard::from_square(Square::BC);
        let black_in = b.by_color(Color::Black) & Bitboard::from_square(Square::WC);
        (white_in | black_in).any()
    }

    /// Whether the halfmove clock is at or above the rules' move limit.
    #[inline]
    pub fn is_move_limit_reached(&self) -> bool {
        self.rules.move_limit().is_some_and(|n| self.halfmoves >= n)
    }

    /// Whether both sides have only royal pieces left.
    pub fn is_royals_only(&self) -> bool {
        self.board.occupied() == self.board.royals()
    }

    /// The outcome decided by this position alone, in the order of section 6
    /// of the rules: citadel, no legal move, royals only (unless the rules
    /// turn it off), and the rules' move limit. Repetition needs the game
    /// history: see [`Game::outcome`](crate::Game::outcome).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_given(|| self.has_legal_moves())
    }

    /// [`outcome`](Self::outcome) for a caller that knows whether the side
    /// to move has a legal move, from moves it generated anyway (a move
    /// list, or the move sets of [`for_each_legal`](Self::for_each_legal)):
    /// rule 2's "no legal move" test then starts no generation of its own.
    /// `has_legal_moves` must be true exactly when this position has a
    /// legal move.
    ///
    /// ```
    /// use tamerlane_core::Termination;
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// let pos = Position::new();
    /// let moves = pos.legal_moves();
    /// assert_eq!(pos.outcome_given_moves(!moves.is_empty()), None);
    ///
    /// // White's lone King on a1, boxed in by Black's Rooks (b3, j2): no move.
    /// let stuck = Position::from_tfen("11/11/11/11/11/11/11/1r9/9r1/K9k w - 00 0 1")?;
    /// let moves = stuck.legal_moves();
    /// let outcome = stuck.outcome_given_moves(!moves.is_empty()).unwrap();
    /// assert_eq!(outcome.termination, Termination::Stalemate);
    /// assert_eq!(Some(outcome), stuck.outcome());
    /// # Ok::<(), tamerlane_core::TfenError>(())
    /// ```
    pub fn outcome_given_moves(&self, has_legal_moves: bool) -> Option<Outcome> {
        debug_assert_eq!(has_legal_moves, self.has_legal_moves());
        self.outcome_given(|| has_legal_moves)
    }

    /// The outcome, with `has_legal_moves` answering rule 2's question.
    fn outcome_given(&self, has_legal_moves: impl FnOnce() -> bool) -> Option<Outcome> {
        self.outcome_before_history_given(has_legal_moves)
            .or_else(|| {
                self.is_move_limit_reached().then_some(Outcome {
                    winner: None,
                    termination: Termination::MoveLimit,
                })
            })
    }

    /// Rules 1-3 of section 6: citadel, no legal move, royals only (unless
    /// the rules turn it off). The game checks repetition after these and
    /// the move limit last.
    pub(crate) fn outcome_before_history(&self) -> Option<Outcome> {
        self.outcome_before_history_given(|| self.has_legal_moves())
    }

    /// Rules 1-3 of section 6, with `has_legal_moves` answering rule 2's
    /// question: the one place of their order.
    fn outcome_before_history_given(
        &self,
        has_legal_moves: impl FnOnce() -> bool,
    ) -> Option<Outcome> {
        let draw = |termination| {
            Some(Outcome {
                winner: None,
                termination,
            })
        };
        if self.is_citadel_draw() {
            return draw(Termination::Citadel);
        }
        if !has_legal_moves() {
            let termination = if self.is_single_royal_attacked() {
                Termination::Checkmate
            } else {
                Termination::Stalemate
            };
            return Some(Outcome {
                winner: Some(!self.turn),
                termination,
            });
        }
        if self.rules.royals_only() == RoyalsOnly::Draw && self.is_royals_only() {
            return draw(Termination::RoyalsOnly);
        }
        None
    }

    /// Whether playing `m` (a legal move of this position) makes this
    /// position and every earlier position of the game impossible to reach
    /// again, so that the repetition rule need not look further back than
    /// the position after the last such move. That is every capture and
    /// pawn move ([`Move::is_zeroing`]) except, under
    /// `pawn-of-pawns=one-arrival`, a non-capturing move of a pawn of pawns
    /// at stage 1: it may be placed on a square it left earlier and arrive
    /// again without its stage changing, so that a position before it
    /// recurs.
    ///
    /// Why the others cannot be undone. Along a game the piece count and the
    /// pawn count never rise, the stages never fall and a king-swap right never
    /// returns; two equal positions have equal counts, stages and rights, so
    /// none of these changed between them: no capture, no promotion, no arrival
    /// that raised a stage and no king swap. Without those, the pawns other
    /// than the pawns of pawns only step forward (only a swap with
    /// `swap-with=any` moves one back), so a step of one of them raises the sum
    /// of their ranks (each counted from its own side) for good. That leaves
    /// the pawn of pawns, with its stage fixed: at stage 0 it only steps
    /// forward; at stage 1 or 2 under the default `three-arrivals` it first
    /// waits on its last rank (if it does), is then placed or transferred off
    /// it and only steps forward from there, as arriving again would raise its
    /// stage (or make it an Adventitious King). So its moves also lead to
    /// positions that differ from all earlier ones: by its leaving the last
    /// rank, or by its rank. Under `one-arrival` an arrival at stage 1 leaves
    /// the stage at 1 and the pawn waits again, so its placement and steps can
    /// be undone (`tests/it/tamerlane/options.rs` plays such a repetition).
    ///
    /// ```
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// let pos = Position::new();
    /// let pawn_step = pos.parse_move("f3f4")?;
    /// let knight_out = pos.parse_move("b2c4")?;
    /// assert!(pos.is_irreversible(&pawn_step));
    /// assert!(!pos.is_irreversible(&knight_out));
    /// # Ok::<(), tamerlane_core::MoveError>(())
    /// ```
    pub fn is_irreversible(&self, m: &Move) -> bool {
        let undoable_pawn_of_pawns = m.role == Role::PawnOfPawns
            && !m.is_capture()
            && self.rules.pawn_of_pawns() == PawnOfPawns::OneArrival
            && self.stages[self.turn] >= 1;
        m.is_zeroing() && !undoable_pawn_of_pawns
    }

    /// The full move for the pair `from`/`to`, with its context read from
    /// this position. The pair must come from the legal move sets.
    pub(crate) fn move_between(&self, from: Square, to: Square) -> Move {
        let b = &self.board;
        let us = self.turn;
        let piece = b.piece_at(from).expect("a piece on the origin square");
        let target = b.piece_at(to);
        let role = piece.role;
        if let Some(t) = target {
            if t.color == us {
                return Move {
                    from,
                    to,
                    role,
                    capture: None,
                    kind: MoveKind::KingSwap,
                };
            }
        }
        let capture = target.map(|t| t.role);
        let kind = if role == Role::PawnOfPawns && last_rank(us).contains(from) {
            if self.stages[us] == 1 {
                MoveKind::Placement
            } else {
                MoveKind::Transfer
            }
        } else if to.is_citadel() {
            MoveKind::CitadelEntry
        } else if role.is_pawn() && last_rank(us).contains(to) {
            match (role.promotion(), self.stages[us]) {
                (Some(r), _) => MoveKind::Promotion(r),
                (None, 0) => MoveKind::Arrival(Arrival::First),
                (None, 1) if self.rules.pawn_of_pawns() == PawnOfPawns::OneArrival => {
                    // Every arrival is a first arrival: it waits again.
                    MoveKind::Arrival(Arrival::First)
                }
                (None, 1) => {
                    if b.piece_at(Square::pawn_of_pawns_return(us)).is_none() {
                        MoveKind::Arrival(Arrival::SecondToReturnSquare)
                    } else {
                        MoveKind::Arrival(Arrival::SecondWaiting)
                    }
                }
                (None, _) => MoveKind::Promotion(Role::AdventitiousKing),
            }
        } else {
            MoveKind::Normal
        };
        Move {
            from,
            to,
            role,
            capture,
            kind,
        }
    }

    /// The full move (role, capture, kind) from `from` to `to`, read from
    /// this position, or `None` if `from` holds no piece of the side to
    /// move: the way to turn one pair of the legal move sets of
    /// [`for_each_legal`](Self::for_each_legal) into a move without building
    /// the others. For a pair that is not in those sets the move is not
    /// legal ([`is_legal`](Self::is_legal) says so), and must not be given
    /// to [`play_unchecked`](Self::play_unchecked).
    ///
    /// ```
    /// use tamerlane_core::{MoveKind, Role, Square};
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// let pos = Position::new();
    /// let m = pos.move_for_pair(Square::B2, Square::C4).unwrap();
    /// assert_eq!((m.role, m.capture, m.kind), (Role::Knight, None, MoveKind::Normal));
    /// assert_eq!(Some(m), pos.legal_moves().iter().find(|l| l.to == Square::C4).copied());
    /// assert_eq!(pos.move_for_pair(Square::C4, Square::C5), None); // an empty square
    /// ```
    pub fn move_for_pair(&self, from: Square, to: Square) -> Option<Move> {
        let own = self.board.piece_at(from)?.color == self.turn;
        own.then(|| self.move_between(from, to))
    }

    /// Whether `m` is legal here (its context must match, too). The move
    /// generation stops once `m`'s origin and target are found.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.is_legal_pair(m.from, m.to) && self.move_between(m.from, m.to) == *m
    }

    /// The legal move with coordinate string `from`/`to`. The move
    /// generation stops once it is found.
    pub fn find_move(&self, c: CoordMove) -> Result<Move, IllegalMoveError> {
        if self.is_legal_pair(c.from, c.to) {
            return Ok(self.move_between(c.from, c.to));
        }
        Err(IllegalMoveError {
            text: c.to_string(),
            reason: self.why_illegal(c),
        })
    }

    fn why_illegal(&self, c: CoordMove) -> IllegalReason {
        let origin = self.board.piece_at(c.from).map(|p| p.color);
        let reaches = || self.pseudo_legal_targets(c.from).contains(c.to);
        move_text::why_illegal(self.has_legal_moves(), origin, self.turn, || None, reaches)
    }

    #[inline]
    fn set_swap_right(&mut self, color: Color, value: bool) {
        if self.swap_rights[color] != value {
            self.swap_rights[color] = value;
            self.hash ^= zobrist::swap_right(color);
        }
    }

    #[inline]
    fn set_stage(&mut self, color: Color, stage: u8) {
        self.hash ^= zobrist::stage(color, self.stages[color]) ^ zobrist::stage(color, stage);
        self.stages[color] = stage;
    }

    /// Plays `m` without checking that it is legal. `m` must be a legal
    /// move of this position (from [`legal_moves`](Self::legal_moves) or
    /// [`parse_move`](Self::parse_move)); anything else leaves a position
    /// that may break the rules.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        match m.kind {
            MoveKind::KingSwap => {
                let king = self.take(m.from).expect("king");
                let partner = self.take(m.to).expect("partner");
                self.put(m.from, partner);
                self.put(m.to, king);
                self.set_swap_right(us, false);
            }
            _ => {
                if let Some(captured) = self.take(m.to) {
                    if captured.role == Role::King {
                        self.set_swap_right(them, false);
                    }
                }
                let piece = self.take(m.from).expect("moving piece");
                let (sq, role) = match m.kind {
                    MoveKind::Promotion(r) => (m.to, r),
                    MoveKind::Arrival(Arrival::First) => {
                        self.set_stage(us, 1);
                        (m.to, piece.role)
                    }
                    MoveKind::Arrival(Arrival::SecondToReturnSquare) => {
                        self.set_stage(us, 2);
                        (Square::pawn_of_pawns_return(us), piece.role)
                    }
                    MoveKind::Arrival(Arrival::SecondWaiting) => {
                        self.set_stage(us, 2);
                        (m.to, piece.role)
                    }
                    _ => (m.to, piece.role),
                };
                self.put(sq, Piece::new(us, role));
            }
        }
        self.pass_turn(m.is_zeroing());
    }

    /// The position with the other side to move and nothing else changed
    /// except the clocks: a *null move*, as used by null-move pruning in a
    /// search. It is not a move of the game. The halfmove clock restarts at
    /// 0 and the fullmove number advances after Black's pass, as after a
    /// move.
    ///
    /// The result is a valid position whenever `self` is; if the side to
    /// move was in check, its opponent may now capture a royal.
    ///
    /// ```
    /// use tamerlane_core::Color;
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// let pos = Position::new();
    /// let passed = pos.null_move();
    /// assert_eq!(passed.turn(), Color::Black);
    /// assert_eq!(passed.null_move().hash(), pos.hash());
    /// ```
    pub fn null_move(&self) -> Position {
        let mut pos = self.clone();
        pos.pass_turn(true);
        pos
    }
}

/// Checks that the initial TFEN constant describes the initial position.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::tamerlane::tfen::INITIAL_TFEN;

    #[test]
    fn initial_tfen_matches_initial_board() {
        assert_eq!(Position::new().to_tfen(), INITIAL_TFEN);
        assert_eq!(Position::from_tfen(INITIAL_TFEN).unwrap(), Position::new());
    }
}
