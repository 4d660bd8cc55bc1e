//! A validated, playable chess position: state, making moves, attacks,
//! hashing, and the end-of-game rules that depend on the position alone.

use core::fmt;

use super::board::Board;
use super::castling::{CastlingRights, CastlingSide};
use super::fen::FenError;
use super::moves::{
    CastlingProblem, IllegalMoveError, IllegalReason, Move, MoveError, MoveKind, UciMove,
};
use super::outcome::Termination;
use super::role::{Piece, Role};
use super::rules::Rules;
use super::setup::{PositionError, Setup};
use super::zobrist;
use super::Outcome;
use crate::board8::{attacks, Bitboard, Square};
use crate::color::Color;
use crate::move_text;

/// The dark squares (`a1` is dark): bishops on them never attack a light one.
const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

/// The halfmove clock at which the 75-move rule draws (FIDE 9.6.2).
pub(crate) const SEVENTY_FIVE_MOVES: u32 = 150;
/// The halfmove clock at which the 50-move rule may be claimed (FIDE 9.3).
pub(crate) const FIFTY_MOVES: u32 = 100;

/// A legal chess position: placement, side to move, castling rights,
/// en-passant square, clocks, its Zobrist hash kept up to date, and the
/// checkers and pinned pieces of the side to move (computed once per
/// position, used by move generation).
///
/// `Position` is `Copy` (about 100 bytes): search and perft copy it and
/// play on the copy.
///
/// ```
/// use tamerlane_core::chess::Position;
///
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// pos.play_uci("e2e4")?;
/// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// # Ok::<(), tamerlane_core::chess::MoveError>(())
/// ```
///
/// Moves and positions are read with their errors typed:
///
/// ```
/// use tamerlane_core::chess::{FenError, IllegalReason, MoveError, Position, PositionError};
///
/// let pos = Position::new();
/// assert_eq!(pos.parse_uci("g1f3")?.to_string(), "g1f3");
/// match pos.parse_uci("e1g1") {
///     Err(MoveError::Illegal(e)) => assert!(matches!(e.reason, IllegalReason::Castling(_))),
///     other => panic!("{other:?}"),
/// }
/// assert!(matches!(pos.parse_uci("e2e5"), Err(MoveError::Illegal(_))));
/// assert!(matches!(pos.parse_uci("e2e9"), Err(MoveError::Invalid(_))));
///
/// // The kings side by side: Black, not to move, is in check.
/// let pos = Position::from_fen("8/8/8/8/8/8/8/Kk6 w - - 0 1");
/// assert!(matches!(pos, Err(FenError::Position(PositionError::OppositeCheck { .. }))));
/// # Ok::<(), MoveError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    /// Only set when an en-passant capture is legal.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    /// Enemy pieces attacking the king of the side to move.
    pub(crate) checkers: Bitboard,
    /// Pieces of the side to move that stand alone between their king and
    /// an enemy slider on a common line.
    pub(crate) pinned: Bitboard,
    /// The rule options: which draws end the game by themselves.
    pub(crate) rules: Rules,
}

crate::position_inherent::position_inherent!(
    rules: Rules,
    fen: FenError, from_fen, from_fen_with_rules, to_fen,
    coordinate: UciMove, uci, parse_uci, play_uci,
    debug: "Position"
);

impl Position {
    /// Validates a [`Setup`] into a position played under `rules` (see
    /// [`Setup::validate`]). An en-passant square from which no en-passant
    /// capture is legal is dropped: the position is the same without it
    /// (FIDE 9.2.2).
    pub fn from_setup_with_rules(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        setup.validate()?;
        let mut pos = Position {
            board: setup.board,
            turn: setup.turn,
            castling: setup.castling,
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            rules,
        };
        pos.update_check_info();
        if let Some(ep) = setup.ep_square {
            pos.set_ep_if_capturable(ep);
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The initial position, played under `rules`.
    pub fn start_with_rules(rules: Rules) -> Position {
        Position::from_setup_with_rules(Setup::initial(), rules)
            .expect("the initial position is valid")
    }

    /// The same position played under `rules` (which only decide how
    /// draws end the game, not which positions are valid).
    pub fn with_rules(mut self, rules: Rules) -> Position {
        self.rules = rules;
        self
    }

    /// The position as a plain [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The castling rights.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The square an en-passant capture would go to, when one is legal now
    /// (the square a pawn passed over with a double step on the last move;
    /// `None` when no pawn can legally take it).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = self.placement_hash();
        h ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep_square {
            h ^= zobrist::en_passant(ep);
        }
        h
    }

    /// Whether two positions are the same for the repetition rules (FIDE
    /// 9.2.2: same placement, side to move, castling rights and possible
    /// en-passant capture; clocks ignored).
    pub fn same_position(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep_square == other.ep_square
            && self.board == other.board
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        let kings = self.board.by_role(Role::King) & self.board.by_color(color);
        Square::new_unchecked(kings.0.trailing_zeros())
    }

    /// The pieces of `by` attacking `sq` ("attack": could capture there).
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        self.board.attackers(sq, by, self.board.occupied())
    }

    /// Whether a piece of `by` attacks `sq` when the occupied squares are
    /// `occ`: the king-safety test, cheapest sets first.
    #[inline]
    pub(crate) fn is_attacked_with(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let b = &self.board;
        let them = b.by_color(by);
        (attacks::knight(sq) & b.by_role(Role::Knight) & them).any()
            || (attacks::pawn(!by, sq) & b.by_role(Role::Pawn) & them).any()
            || (attacks::king(sq) & b.by_role(Role::King) & them).any()
            || (attacks::bishop(sq, occ) & b.diagonal_sliders() & them).any()
            || (attacks::rook(sq, occ) & b.orthogonal_sliders() & them).any()
    }

    /// Whether a piece of `by` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.is_attacked_with(sq, by, self.board.occupied())
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The pieces of the side to move pinned to their king: each stands
    /// alone between the king and an enemy bishop, rook or queen on a
    /// common line, and may only move along that line.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// Whether `m` (legal here) gives check. Found from this position
    /// alone, without playing the move: the mover's pieces as they stand
    /// after it (the piece placed on the target, a promotion's new role,
    /// castling's rook on its new square) tested against the enemy king
    /// through the occupancy after it (an en passant victim removed), so
    /// direct, discovered, castling and en passant checks are all seen.
    pub fn gives_check(&self, m: &Move) -> bool {
        let us = self.turn;
        let b = &self.board;
        let king = self.king(!us);
        let ours = |role: Role| b.by_role(role) & b.by_color(us);
        let placed = match m.kind {
            MoveKind::Promotion(r) => r,
            _ => m.role,
        };
        let at_target = |roles: &[Role]| {
            if roles.contains(&placed) {
                Bitboard::EMPTY.with(m.to)
            } else {
                Bitboard::EMPTY
            }
        };
        let mut occ = b.occupied().without(m.from).with(m.to);
        let mut orthogonal = ((ours(Role::Rook) | ours(Role::Queen)).without(m.from))
            | at_target(&[Role::Rook, Role::Queen]);
        match m.kind {
            MoveKind::EnPassant => {
                occ = occ.without(Square::new_unchecked(m.from.rank() * 8 + m.to.file()));
            }
            MoveKind::Castle(side) => {
                let (from, to) = (side.rook_from(us), side.rook_to(us));
                occ = occ.without(from).with(to);
                orthogonal = orthogonal.without(from).with(to);
            }
            _ => {}
        }
        let diagonal = ((ours(Role::Bishop) | ours(Role::Queen)).without(m.from))
            | at_target(&[Role::Bishop, Role::Queen]);
        let knights = ours(Role::Knight).without(m.from) | at_target(&[Role::Knight]);
        let pawns = ours(Role::Pawn).without(m.from) | at_target(&[Role::Pawn]);
        ((attacks::knight(king) & knights)
            | (attacks::pawn(!us, king) & pawns)
            | (attacks::bishop(king, occ) & diagonal)
            | (attacks::rook(king, occ) & orthogonal))
            .any()
    }

    /// Computes the checkers and the pinned pieces of the side to move.
    pub(crate) fn update_check_info(&mut self) {
        let b = &self.board;
        let us = self.turn;
        let king = self.king(us);
        let theirs = b.by_color(!us);
        let occ = b.occupied();
        let mut checkers = ((attacks::knight(king) & b.by_role(Role::Knight))
            | (attacks::pawn(us, king) & b.by_role(Role::Pawn)))
            & theirs;
        let snipers = ((attacks::rook_rays(king) & b.orthogonal_sliders())
            | (attacks::bishop_rays(king) & b.diagonal_sliders()))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(s, king) & occ;
            if blockers.is_empty() {
                checkers.add(s);
            } else if !blockers.more_than_one() {
                pinned |= blockers & b.by_color(us);
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// Whether the pawn of the side to move on `from` may legally capture
    /// en passant onto `ep`: the position after the capture (both pawns
    /// gone from their squares, ours on `ep`) must not leave our king
    /// attacked. This covers every pin, the horizontal one through both
    /// pawns included, and checks the capture resolves or not.
    #[inline]
    pub(crate) fn ep_capture_is_legal(&self, from: Square, ep: Square) -> bool {
        let b = &self.board;
        let us = self.turn;
        let king = self.king(us);
        let victim = Square::new_unchecked(from.rank() * 8 + ep.file());
        let occ = (b.occupied().without(from).without(victim)).with(ep);
        let theirs = b.by_color(!us).without(victim);
        let attackers = (attacks::knight(king) & b.by_role(Role::Knight))
            | (attacks::pawn(us, king) & b.by_role(Role::Pawn))
            | (attacks::bishop(king, occ) & b.diagonal_sliders())
            | (attacks::rook(king, occ) & b.orthogonal_sliders());
        (attackers & theirs).is_empty()
    }

    /// The pawns of the side to move that may legally capture en passant
    /// onto `ep`.
    #[inline]
    pub(crate) fn ep_capturers(&self, ep: Square) -> Bitboard {
        let b = &self.board;
        let us = self.turn;
        let candidates = attacks::pawn(!us, ep) & b.by_role(Role::Pawn) & b.by_color(us);
        candidates.filter(|from| self.ep_capture_is_legal(from, ep))
    }

    /// Records `ep` as the en-passant square if a legal capture onto it
    /// exists (the hash is updated by the caller).
    fn set_ep_if_capturable(&mut self, ep: Square) {
        if self.ep_capturers(ep).any() {
            self.ep_square = Some(ep);
        }
    }

    /// The full move from `from` to `to` (with the promotion piece, for a
    /// pawn reaching the last rank), its context read from this position.
    /// The squares must hold a legal move of this position.
    pub(crate) fn move_between(&self, from: Square, to: Square, promotion: Option<Role>) -> Move {
        let b = &self.board;
        let role = b.role_at(from).expect("a piece on the origin square");
        let mut capture = b.role_at(to);
        let kind = match role {
            Role::Pawn => {
                if let Some(r) = promotion {
                    MoveKind::Promotion(r)
                } else if Some(to) == self.ep_square {
                    capture = Some(Role::Pawn);
                    MoveKind::EnPassant
                } else if from.index().abs_diff(to.index()) == 16 {
                    MoveKind::DoubleStep
                } else {
                    MoveKind::Normal
                }
            }
            Role::King => match CastlingSide::of_king_move(self.turn, from, to) {
                Some(side) => MoveKind::Castle(side),
                None => MoveKind::Normal,
            },
            _ => MoveKind::Normal,
        };
        Move {
            from,
            to,
            role,
            capture,
            kind,
        }
    }

    /// Whether a pawn of the side to move on `from` moving to `to` promotes.
    #[inline]
    pub(crate) fn is_promotion_square(&self, to: Square) -> bool {
        to.relative_rank(self.turn) == 7
    }

    /// Whether `m` is legal here (its context must match, too).
    pub fn is_legal(&self, m: &Move) -> bool {
        self.is_legal_pair(m.from, m.to)
            && (m.role == Role::Pawn && self.is_promotion_square(m.to)) == m.promotion().is_some()
            && self.move_between(m.from, m.to, m.promotion()) == *m
    }

    /// The legal move written as `uci`, or why there is none.
    pub fn find_move(&self, uci: UciMove) -> Result<Move, IllegalMoveError> {
        let illegal = |reason| IllegalMoveError {
            text: uci.to_string(),
            reason,
        };
        if !self.is_legal_pair(uci.from, uci.to) {
            return Err(illegal(self.why_illegal(uci.from, uci.to)));
        }
        let promotes =
            self.board.role_at(uci.from) == Some(Role::Pawn) && self.is_promotion_square(uci.to);
        match (promotes, uci.promotion) {
            (true, None) => Err(illegal(IllegalReason::MissingPromotion)),
            (false, Some(_)) => Err(illegal(IllegalReason::NotAPromotion)),
            (true, Some(Role::Pawn | Role::King)) => Err(illegal(IllegalReason::NotAMove)),
            _ => Ok(self.move_between(uci.from, uci.to, uci.promotion)),
        }
    }

    /// Explains why `from`/`to` is not among the legal moves.
    fn why_illegal(&self, from: Square, to: Square) -> IllegalReason {
        let piece = self.board.piece_at(from);
        let castling = || {
            let side = CastlingSide::of_king_move(self.turn, from, to)?;
            let king = piece?.role == Role::King;
            king.then(|| IllegalReason::Castling(self.castling_problem(side)))
        };
        move_text::why_illegal(
            self.has_legal_moves(),
            piece.map(|p| p.color),
            self.turn,
            castling,
            || self.pseudo_legal_targets(from).contains(to),
        )
    }

    /// Why castling to `side` is not possible now (the first problem found
    /// in the order of [`CastlingProblem`]); `IntoCheck` if nothing else.
    fn castling_problem(&self, side: CastlingSide) -> CastlingProblem {
        let us = self.turn;
        if !self.castling.has(us, side) {
            return CastlingProblem::NoRight;
        }
        if (side.empty_squares(us) & self.board.occupied()).any() {
            return CastlingProblem::Blocked;
        }
        if self.is_check() {
            return CastlingProblem::InCheck;
        }
        let passed = attacks::between(CastlingSide::king_from(us), side.king_to(us));
        if passed.into_iter().any(|sq| self.is_attacked(sq, !us)) {
            return CastlingProblem::ThroughCheck;
        }
        CastlingProblem::IntoCheck
    }

    #[inline]
    fn toggle(&mut self, sq: Square, piece: Piece) {
        self.board.toggle(sq, piece);
        self.hash ^= zobrist::piece(piece, sq);
    }

    /// Plays `m` without checking that it is legal. `m` must be a legal
    /// move of this position (from [`legal_moves`](Self::legal_moves),
    /// [`parse_uci`](Self::parse_uci) or
    /// [`parse_san`](Self::parse_san)); anything else leaves a position
    /// that may break the rules.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(ep);
        }
        match m.kind {
            MoveKind::EnPassant => {
                let victim = Square::new_unchecked(m.from.rank() * 8 + m.to.file());
                self.toggle(victim, Piece::new(them, Role::Pawn));
            }
            _ => {
                if let Some(captured) = m.capture {
                    self.toggle(m.to, Piece::new(them, captured));
                }
            }
        }
        self.toggle(m.from, Piece::new(us, m.role));
        let placed = match m.kind {
            MoveKind::Promotion(r) => r,
            _ => m.role,
        };
        self.toggle(m.to, Piece::new(us, placed));
        if let MoveKind::Castle(side) = m.kind {
            let rook = Piece::new(us, Role::Rook);
            self.toggle(side.rook_from(us), rook);
            self.toggle(side.rook_to(us), rook);
        }
        let rights = self.castling.after_touching(m.from).after_touching(m.to);
        if rights != self.castling {
            self.hash ^= zobrist::castling(self.castling) ^ zobrist::castling(rights);
            self.castling = rights;
        }
        self.pass_turn(m.is_zeroing());
        self.update_check_info();
        if m.kind == MoveKind::DoubleStep {
            let ep = Square::new_unchecked((m.from.index() + m.to.index()) as u32 / 2);
            self.set_ep_if_capturable(ep);
            if self.ep_square.is_some() {
                self.hash ^= zobrist::en_passant(ep);
            }
        }
    }

    /// The position with the other side to move and nothing else changed
    /// but the clocks and the en-passant square: a *null move*, as used by
    /// null-move pruning in a search. It is not a move of the game. The
    /// halfmove clock restarts at 0 (so no repetition is found across a
    /// null move), the fullmove number advances after Black's pass, and the
    /// en-passant right is gone.
    ///
    /// `None` when the side to move is in check: passing would leave its
    /// king capturable.
    ///
    /// ```
    /// use tamerlane_core::chess::Position;
    /// use tamerlane_core::Color;
    ///
    /// let pos = Position::new();
    /// let passed = pos.null_move().unwrap();
    /// assert_eq!(passed.turn(), Color::Black);
    /// assert_eq!(passed.null_move().unwrap().hash(), pos.hash());
    /// ```
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut pos = *self;
        if let Some(ep) = pos.ep_square.take() {
            pos.hash ^= zobrist::en_passant(ep);
        }
        pos.pass_turn(true);
        pos.update_check_info();
        Some(pos)
    }

    /// The same position seen from the other side (ranks mirrored, colours
    /// swapped, the other side to move; the rules and the clocks kept, as
    /// Makruk's and Tamerlane's `mirror`). Perft counts of the two are
    /// equal.
    pub fn mirror(&self) -> Position {
        Position::from_setup_with_rules(self.to_setup().mirror(), self.rules)
            .expect("mirroring keeps a position valid")
    }

    /// Whether `color` cannot checkmate by any sequence of legal moves,
    /// judged by the material alone (the pieces' kinds and the colours of
    /// the bishops' squares): it has only its king; or its king and one
    /// knight, while the opponent has nothing but its king and queens; or
    /// its king and bishops, while every bishop on the board stands on
    /// squares of one colour and there are no pawns or knights at all.
    /// Never true when `color` could still mate (the other pieces could
    /// otherwise help it by blocking their own king).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let b = &self.board;
        let ours = b.by_color(color);
        let theirs = b.by_color(!color);
        let (pawns, knights, bishops) = (
            b.by_role(Role::Pawn),
            b.by_role(Role::Knight),
            b.by_role(Role::Bishop),
        );
        if (ours & (pawns | b.orthogonal_sliders())).any() {
            return false;
        }
        if (ours & knights).any() {
            return ours.count() <= 2
                && (theirs - b.by_role(Role::King) - b.by_role(Role::Queen)).is_empty();
        }
        if (ours & bishops).any() {
            let one_colour =
                (bishops & DARK_SQUARES).is_empty() || (bishops - DARK_SQUARES).is_empty();
            return one_colour && pawns.is_empty() && knights.is_empty();
        }
        true
    }

    /// Whether neither side can checkmate, judged by the material: a dead
    /// position (FIDE 5.2.2) of the kinds of
    /// [`has_insufficient_material`](Self::has_insufficient_material),
    /// among them K v K, K+B v K, K+N v K and K+B v K+B with bishops on
    /// squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether 75 moves by each side have passed without a pawn move or a
    /// capture (the halfmove clock is at least 150).
    #[inline]
    pub fn is_seventy_five_moves(&self) -> bool {
        self.halfmoves >= SEVENTY_FIVE_MOVES
    }

    /// Whether 50 moves by each side have passed without a pawn move or a
    /// capture (the halfmove clock is at least 100): a draw may be claimed.
    #[inline]
    pub fn is_fifty_moves(&self) -> bool {
        self.halfmoves >= FIFTY_MOVES
    }

    /// The outcome decided by this position alone, in this order:
    /// checkmate, dead position (insufficient material), stalemate, the
    /// 75-move rule (which a checkmate on the 150th ply overrides), and with
    /// `draws=automatic` the 50-move rule. The repetition rules and the
    /// draws that are claimed need the game: see
    /// [`Game::outcome`](crate::Game::outcome).
    pub fn outcome(&self) -> Option<Outcome> {
        crate::position::Position::outcome(self)
    }

    /// Checkmate, dead position, stalemate: what ends the game before the
    /// rules of the clock and of repetition are looked at.
    pub(crate) fn outcome_before_history(&self) -> Option<Outcome> {
        let stuck = !self.has_legal_moves();
        if stuck && self.is_check() {
            return Some(Outcome::win(!self.turn, Termination::Checkmate));
        }
        if self.is_insufficient_material() {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        stuck.then_some(Outcome::draw(Termination::Stalemate))
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
