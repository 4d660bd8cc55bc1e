//! A chess game: a start position, the moves played, the rule options, and
//! the rules that need the history: repetition (threefold on a claim,
//! fivefold automatic) and the draws that are claimed. A game ends at its
//! first terminal event and stays ended.

use core::fmt;

use super::moves::{IllegalMoveError, Move, MoveError};
use super::outcome::{Outcome, Termination};
use super::position::{Position, FIFTY_MOVES};
use super::rules::{Draws, Rules};
use super::san::SanError;
use crate::color::Color;

/// A move or claim refused because the game has already ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameOverError {
    /// The ply at which the game ended: the number of moves played before
    /// its terminal event (0: the start position was already over).
    pub ply: usize,
    /// How it ended.
    pub outcome: Outcome,
}

impl fmt::Display for GameOverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game ended at ply {} ({}): no further move is accepted",
            self.ply, self.outcome
        )
    }
}

impl std::error::Error for GameOverError {}

/// Why a [`Game`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has already ended.
    GameOver(GameOverError),
    /// The UCI move is garbled or not legal in the current position.
    Move(MoveError),
    /// The SAN move is garbled, ambiguous or not legal in the current position.
    San(SanError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(e) => e.fmt(f),
            PlayError::Move(e) => e.fmt(f),
            PlayError::San(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<GameOverError> for PlayError {
    fn from(e: GameOverError) -> PlayError {
        PlayError::GameOver(e)
    }
}

impl From<MoveError> for PlayError {
    fn from(e: MoveError) -> PlayError {
        PlayError::Move(e)
    }
}

impl From<IllegalMoveError> for PlayError {
    fn from(e: IllegalMoveError) -> PlayError {
        PlayError::Move(MoveError::Illegal(e))
    }
}

impl From<SanError> for PlayError {
    fn from(e: SanError) -> PlayError {
        PlayError::San(e)
    }
}

/// Why a draw claim was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClaimError {
    /// The game has already ended.
    GameOver(GameOverError),
    /// The position has not occurred three times and the 50 moves are not
    /// complete.
    NothingToClaim,
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::GameOver(e) => e.fmt(f),
            ClaimError::NothingToClaim => f.write_str(
                "no draw to claim: the position has not occurred three times and 50 moves without pawn move or capture are not complete",
            ),
        }
    }
}

impl std::error::Error for ClaimError {}

/// A chess game: start position, moves, the positions they led to, and the
/// rule options.
///
/// ```
/// use tamerlane_core::chess::{Game, Termination};
///
/// // Fool's mate.
/// let mut game = Game::new();
/// for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     game.play_uci(m)?;
/// }
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome.termination, Termination::Checkmate);
/// assert!(game.play_uci("e1f2").is_err());
/// # Ok::<(), tamerlane_core::chess::PlayError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    moves: Vec<Move>,
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    /// A draw claimed in the current position.
    claimed: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the initial position with the default rules.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from the initial position under `rules`.
    pub fn with_rules(rules: Rules) -> Game {
        Game::from_position_with_rules(Position::new(), rules)
    }

    /// A game from `start` with the default rules.
    pub fn from_position(start: Position) -> Game {
        Game::from_position_with_rules(start, Rules::DEFAULT)
    }

    /// A game from `start` under `rules`.
    pub fn from_position_with_rules(start: Position, rules: Rules) -> Game {
        Game {
            rules,
            moves: Vec::new(),
            positions: vec![start],
            claimed: None,
        }
    }

    /// The rule options of the game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The positions of the game, from the start to the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The side to move in the current position.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// `Err` with the ply and outcome if the game has ended.
    fn check_not_over(&self) -> Result<(), GameOverError> {
        match self.outcome() {
            Some(outcome) => Err(GameOverError {
                ply: self.moves.len(),
                outcome,
            }),
            None => Ok(()),
        }
    }

    /// Appends `m`, legal in the current position.
    fn push(&mut self, m: Move) {
        let mut next = *self.position();
        next.play_unchecked(&m);
        self.moves.push(m);
        self.positions.push(next);
    }

    /// Plays `m` if the game has not ended and `m` is legal; otherwise
    /// returns why not and leaves the game unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        self.check_not_over()?;
        let mut next = *self.position();
        next.play(m)?;
        self.moves.push(*m);
        self.positions.push(next);
        Ok(())
    }

    /// Parses and plays a UCI move (refused once the game has ended).
    pub fn play_uci(&mut self, s: &str) -> Result<Move, PlayError> {
        self.check_not_over()?;
        let m = self.position().parse_uci(s)?;
        self.push(m);
        Ok(m)
    }

    /// Parses and plays a SAN move (refused once the game has ended).
    pub fn play_san(&mut self, s: &str) -> Result<Move, PlayError> {
        self.check_not_over()?;
        let m = self.position().parse_san(s)?;
        self.push(m);
        Ok(m)
    }

    /// Takes back the last move, and a draw claimed after it, returning
    /// the move (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.claimed = None;
        Some(m)
    }

    /// How many times `pos` occurs among the game's positions (FIDE 9.2.2:
    /// same placement, side to move, castling rights and possible
    /// en-passant capture). Only the positions since the last capture or
    /// pawn move can be the same, so only those are compared.
    fn occurrences(&self, pos: &Position) -> usize {
        let n = self.positions.len();
        let window = (pos.halfmoves() as usize).min(n - 1);
        self.positions[n - 1 - window..]
            .iter()
            .filter(|p| p.same_position(pos))
            .count()
    }

    /// How many times the current position has occurred in this game
    /// (itself included).
    pub fn repetition_count(&self) -> usize {
        self.occurrences(self.position())
    }

    /// The outcome, if the game has ended, checking in this order:
    /// a claimed draw; checkmate, dead position, stalemate and the 75-move
    /// rule ([`Position::outcome`]); fivefold repetition; and with
    /// `draws=automatic` the 50-move rule and threefold repetition. A game
    /// refuses moves once it has ended, so this is its first terminal
    /// event.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.claimed {
            return Some(o);
        }
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        let repetitions = self.repetition_count();
        if repetitions >= 5 {
            return Some(Outcome::draw(Termination::FivefoldRepetition));
        }
        if self.rules.draws() == Draws::Automatic {
            if pos.is_fifty_moves() {
                return Some(Outcome::draw(Termination::FiftyMoves));
            }
            if repetitions >= 3 {
                return Some(Outcome::draw(Termination::ThreefoldRepetition));
            }
        }
        None
    }

    /// Whether the game has ended ([`outcome`](Self::outcome) is `Some`).
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The positions after each legal move of the current position.
    fn children(&self) -> impl Iterator<Item = Position> + '_ {
        let pos = *self.position();
        pos.legal_moves().to_vec().into_iter().map(move |m| {
            let mut child = pos;
            child.play_unchecked(&m);
            child
        })
    }

    /// Whether the player to move may claim a draw by threefold repetition
    /// (FIDE 9.2): the current position has occurred three times, or will
    /// after one of its legal moves. False once the game has ended.
    pub fn can_claim_threefold(&self) -> bool {
        !self.is_over()
            && (self.repetition_count() >= 3
                || self.children().any(|child| self.occurrences(&child) >= 2))
    }

    /// Whether the player to move may claim a draw by the 50-move rule
    /// (FIDE 9.3): 50 moves by each side without a pawn move or capture are
    /// complete, or will be after one of its legal moves (that leaves the
    /// opponent a legal move). False once the game has ended.
    pub fn can_claim_fifty_moves(&self) -> bool {
        let pos = self.position();
        !self.is_over()
            && (pos.is_fifty_moves()
                || (pos.halfmoves().saturating_add(1) >= FIFTY_MOVES
                    && self
                        .children()
                        .any(|c| c.is_fifty_moves() && c.has_legal_moves())))
    }

    /// The draw the current position allows a claim for, if any:
    /// threefold repetition first, then the 50-move rule.
    fn claimable(&self) -> Option<Outcome> {
        if self.repetition_count() >= 3 {
            Some(Outcome::draw(Termination::ThreefoldRepetition))
        } else if self.position().is_fifty_moves() {
            Some(Outcome::draw(Termination::FiftyMoves))
        } else {
            None
        }
    }

    /// Claims a draw in the current position (FIDE 9.2.1.2, 9.3.2): by
    /// threefold repetition if the position has occurred three times, else
    /// by the 50-move rule if those moves are complete. The game then ends
    /// with that outcome.
    ///
    /// ```
    /// use tamerlane_core::chess::{ClaimError, Game, Termination};
    ///
    /// let mut game = Game::new();
    /// assert_eq!(game.claim_draw(), Err(ClaimError::NothingToClaim));
    /// for _ in 0..2 {
    ///     for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///         game.play_uci(m)?;
    ///     }
    /// }
    /// assert_eq!(game.repetition_count(), 3);
    /// let outcome = game.claim_draw().unwrap();
    /// assert_eq!(outcome.termination, Termination::ThreefoldRepetition);
    /// assert!(game.play_uci("g1f3").is_err());
    /// # Ok::<(), tamerlane_core::chess::PlayError>(())
    /// ```
    pub fn claim_draw(&mut self) -> Result<Outcome, ClaimError> {
        self.check_not_over().map_err(ClaimError::GameOver)?;
        let outcome = self.claimable().ok_or(ClaimError::NothingToClaim)?;
        self.claimed = Some(outcome);
        Ok(outcome)
    }

    /// Claims a draw with an intended move (FIDE 9.2.1.1, 9.3.1): `m` is
    /// played in any case (9.5.2: a move written with a claim must be
    /// made); if the game then ends (by checkmate, say) that is the result;
    /// if the position reached allows the claim, the game ends drawn. The
    /// result is the outcome, or `None` when the claim was not correct and
    /// the game goes on.
    pub fn claim_draw_with_move(&mut self, m: &Move) -> Result<Option<Outcome>, PlayError> {
        self.play(m)?;
        if let Some(o) = self.outcome() {
            return Ok(Some(o));
        }
        self.claimed = self.claimable();
        Ok(self.claimed)
    }
}
