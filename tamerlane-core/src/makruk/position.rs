//! A validated, playable Makruk position: state, making moves, attacks,
//! hashing and the end-of-game rules that depend on the position alone.

use super::board::Board;
use super::counting::{self, Count};
use super::fen::FenError;
use super::moves::{IllegalMoveError, IllegalReason, Move, MoveError, MoveKind, UciMove};
use super::outcome::Termination;
use super::role::{Piece, Role};
use super::rules::Rules;
use super::setup::{PositionError, Setup};
use super::zobrist;
use super::Outcome;
use crate::board8::{attacks, Bitboard, Square};
use crate::color::Color;

/// A legal Makruk position: placement, side to move, the running count,
/// clocks, the rule options, and its Zobrist hash kept up to date.
///
/// ```
/// use tamerlane_core::makruk::{perft, Position};
///
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 23);
/// assert_eq!(perft(&pos, 3), 12_012);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) count: Option<Count>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    pub(crate) rules: Rules,
}

crate::position_inherent::position_inherent!(
    rules: Rules,
    fen: FenError, from_fen, from_fen_with_rules, to_fen,
    coordinate: UciMove, uci, parse_move, play_str,
    debug: "makruk::Position",
    put_take: put_take,
    mirror: mirror,
    display: diagram
);

impl Position {
    /// The start position, played under `rules`.
    pub fn start_with_rules(rules: Rules) -> Position {
        Position::from_setup_with_rules(Setup::start(), rules).expect("the start position is valid")
    }

    /// Validates a [`Setup`] into a position played under `rules`.
    pub fn from_setup_with_rules(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        setup.validate()?;
        let mut pos = Position {
            board: setup.board,
            turn: setup.turn,
            count: setup.count,
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
            board: self.board,
            turn: self.turn,
            count: self.count,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The running count of the counting rules, if one runs.
    #[inline]
    pub fn count(&self) -> Option<Count> {
        self.count
    }

    /// Whether two positions are the same for the repetition rule (same
    /// placement and side to move; count and clocks ignored).
    pub fn same_position(&self, other: &Position) -> bool {
        self.hash == other.hash && self.turn == other.turn && self.board == other.board
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn compute_hash(&self) -> u64 {
        self.placement_hash()
    }

    /// The square of `color`'s King.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.board
            .king(color)
            .expect("a valid position has both Kings")
    }

    /// Pieces of `attacker` that attack `sq` (could capture on it by their
    /// movement pattern, whether or not that capture would be legal).
    #[inline]
    pub fn attackers(&self, sq: Square, attacker: Color) -> Bitboard {
        self.board.attackers(sq, attacker, self.board.occupied())
    }

    /// Whether `sq` is attacked by `attacker`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color) -> bool {
        self.attackers(sq, attacker).any()
    }

    /// The enemy pieces attacking the King of the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.king(self.turn), !self.turn)
    }

    /// Whether the King of the side to move is attacked.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `m` (legal here) attacks the opponent's King once played:
    /// the moved piece from its target (a Bia reaching its sixth rank as a
    /// Met), or a Rook of the mover's side whose line to the King the move
    /// opens (Rooks are Makruk's only sliders; a capture leaves its square
    /// occupied, so only the origin can open a line). Found from this
    /// position alone, without playing the move.
    pub fn gives_check(&self, m: &Move) -> bool {
        let us = self.turn;
        let king = self.king(!us);
        let b = &self.board;
        let occ = b.occupied().without(m.from).with(m.to);
        let role = match m.kind {
            MoveKind::Promotion => Role::Met,
            MoveKind::Normal => m.role,
        };
        let direct = match role {
            Role::Pawn => attacks::pawn(us, m.to),
            Role::Met => attacks::ferz(m.to),
            Role::Khon => attacks::khon(us, m.to),
            Role::Knight => attacks::knight(m.to),
            Role::Rook => attacks::rook(m.to, occ),
            Role::King => attacks::king(m.to),
        };
        let rooks = (b.by_role(Role::Rook) & b.by_color(us)).without(m.from);
        direct.contains(king) || (attacks::rook(king, occ) & rooks).any()
    }

    /// Whether the halfmove clock is at or above the rules' move limit.
    #[inline]
    pub fn is_move_limit_reached(&self) -> bool {
        self.rules.move_limit().is_some_and(|n| self.halfmoves >= n)
    }

    /// The outcome decided by this position alone: checkmate (a draw under
    /// the seed's counting if the mating side is at a disadvantage while a
    /// count runs), the count past its limit, stalemate, then the rules'
    /// move limit. Repetition needs the game history: see
    /// [`Game::outcome`](super::Game::outcome).
    ///
    /// ```
    /// use tamerlane_core::makruk::{Position, Termination};
    ///
    /// // A lone King counting against two Rooks, past the limit of 8 moves.
    /// let pos = Position::from_fen("8/8/8/4k3/8/8/R7/4K2R w - 16 17 9")?;
    /// assert_eq!(pos.outcome().unwrap().termination, Termination::Counting);
    /// # Ok::<(), tamerlane_core::makruk::FenError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_before_history().or_else(|| {
            self.is_move_limit_reached()
                .then_some(Outcome::draw(Termination::MoveLimit))
        })
    }

    /// Checkmate, the count, stalemate: what ends the game before the
    /// repetition and move-limit rules are looked at.
    pub(crate) fn outcome_before_history(&self) -> Option<Outcome> {
        let stuck = !self.has_legal_moves();
        if stuck && self.is_check() {
            let counting = self.rules.counting();
            if counting::mate_is_draw(&self.board, self.turn, self.count, counting) {
                return Some(Outcome::draw(Termination::CountingMate));
            }
            return Some(Outcome {
                winner: Some(!self.turn),
                termination: Termination::Checkmate,
            });
        }
        if self.count.is_some_and(Count::is_exceeded) {
            return Some(Outcome::draw(Termination::Counting));
        }
        stuck.then_some(Outcome::draw(Termination::Stalemate))
    }

    /// Plays `m` without checking that it is legal. `m` must be a legal
    /// move of this position (from [`legal_moves`](Self::legal_moves) or
    /// [`parse_move`](Self::parse_move)); anything else leaves a position
    /// that may break the rules.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let captured = m.capture.is_some();
        if captured {
            self.take(m.to);
        }
        self.take(m.from);
        let role = m.promotion().unwrap_or(m.role);
        self.put(m.to, Piece::new(us, role));
        self.pass_turn(m.is_zeroing());
        // Counting needs a board without pawns: skip the work before that.
        if self.count.is_some() || self.board.by_role(Role::Pawn).is_empty() {
            self.count = counting::after_move(
                self.count,
                &self.board,
                self.turn,
                captured,
                self.rules.counting(),
            );
        }
    }

    /// The position with the other side to move and nothing else changed
    /// except the clocks: a *null move*, as used by null-move pruning in a
    /// search. It is not a move of the game: the count does not advance.
    /// The halfmove clock restarts at 0 (so a repetition is never detected
    /// across a null move) and the fullmove number advances after Black's
    /// pass, as after a move.
    ///
    /// If the side to move was in check, its opponent may now capture the
    /// King: search code must not make a null move in check.
    ///
    /// ```
    /// use tamerlane_core::Color;
    /// use tamerlane_core::makruk::Position;
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
