//! A Makruk game: a start position, the moves played, and the rules that
//! need the history (repetition). A game ends at its first terminal event
//! and stays ended.

use core::fmt;

use super::moves::{IllegalMoveError, Move, MoveError};
use super::position::{Outcome, Position, Termination};
use super::rules::Rules;
use super::san::SanError;
use crate::color::Color;

/// A move refused because the game has already ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameOverError {
    /// The ply at which the game ended: the number of moves played before
    /// its first terminal event (0: the start position was already over).
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
    /// The move is garbled or not legal in the current position.
    Move(MoveError),
    /// The SAN text is garbled, ambiguous or not a legal move here.
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

impl From<GameOverError> for PlayError {
    fn from(e: GameOverError) -> PlayError {
        PlayError::GameOver(e)
    }
}

/// A Makruk game: start position, moves and the positions they led to.
/// The rules are those the start position carries ([`Position::rules`]).
///
/// ```
/// use tamerlane_core::makruk::{Game, PlayError, Rules, Termination};
///
/// // Knights out and back, twice: the start position occurs a third time.
/// let mut game = Game::new();
/// for m in ["b1d2", "g8e7", "d2b1", "e7g8", "b1d2", "g8e7", "d2b1", "e7g8"] {
///     game.play_str(m)?;
/// }
/// assert_eq!(game.outcome().unwrap().termination, Termination::Repetition);
/// match game.play_str("e3e4") {
///     Err(PlayError::GameOver(e)) => assert_eq!(e.ply, 8),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    moves: Vec<Move>,
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the start position with the default rules.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from the start position under `rules`.
    pub fn with_rules(rules: Rules) -> Game {
        Game::from_position(Position::start_with_rules(rules))
    }

    /// A game from `start`, played under the rules `start` carries.
    pub fn from_position(start: Position) -> Game {
        Game {
            moves: Vec::new(),
            positions: vec![start],
        }
    }

    /// The rule options of the game (those its positions carry).
    pub fn rules(&self) -> &Rules {
        self.start().rules()
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

    /// Plays `m` if the game has not ended and `m` is legal; otherwise
    /// returns why not and leaves the game unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        self.check_not_over()?;
        let mut next = self.position().clone();
        next.play(m)?;
        self.moves.push(*m);
        self.positions.push(next);
        Ok(())
    }

    /// Parses and plays a UCI move (refused once the game has ended).
    pub fn play_str(&mut self, s: &str) -> Result<Move, PlayError> {
        self.check_not_over()?;
        let m = self.position().parse_move(s)?;
        self.push_legal(m);
        Ok(m)
    }

    /// Parses and plays a move in SAN, refused once the game has ended; an
    /// error leaves the game unchanged.
    ///
    /// ```
    /// use tamerlane_core::makruk::Game;
    ///
    /// let mut game = Game::new();
    /// let m = game.play_san("Nd2")?;
    /// assert_eq!(m.to_string(), "b1d2");
    /// assert!(game.play_san("Nd2").is_err()); // no black Knight reaches d2
    /// assert_eq!(game.moves(), [m]);
    /// # Ok::<(), tamerlane_core::makruk::PlayError>(())
    /// ```
    pub fn play_san(&mut self, s: &str) -> Result<Move, PlayError> {
        self.check_not_over()?;
        let m = self.position().parse_san(s)?;
        self.push_legal(m);
        Ok(m)
    }

    /// Appends `m`, a legal move of the current position.
    fn push_legal(&mut self, m: Move) {
        let mut next = self.position().clone();
        next.play_unchecked(&m);
        self.moves.push(m);
        self.positions.push(next);
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

    /// Takes back the last move, returning it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// How many times the current position has occurred in this game
    /// (itself included): same placement and side to move.
    pub fn repetition_count(&self) -> usize {
        let cur = self.position();
        self.positions
            .iter()
            .filter(|p| p.same_position(cur))
            .count()
    }

    /// The outcome, if the game has ended: checkmate, the count, stalemate
    /// (see [`Position::outcome`]), then repetition, then the move limit
    /// (each as the game's [`Rules`] set it). A game refuses moves once it
    /// has ended, so this is its first terminal event.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(o) = pos.outcome_before_repetition() {
            return Some(o);
        }
        let repeated = pos
            .rules()
            .repetition()
            .is_some_and(|n| self.repetition_count() >= n as usize);
        if repeated {
            return Some(Outcome::draw(Termination::Repetition));
        }
        pos.is_move_limit_reached()
            .then_some(Outcome::draw(Termination::MoveLimit))
    }

    /// Whether the game has ended ([`outcome`](Self::outcome) is `Some`).
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The side to move in the current position.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }
}
