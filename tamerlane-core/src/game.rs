//! A game: a start position, the moves played, and the game-level rules
//! (repetition and the move limit) that need the history. A game ends at
//! its first terminal event and stays ended (RULES-SPEC 8.4).

use core::fmt;

use crate::color::Color;
use crate::moves::{IllegalMoveError, Move, MoveError};
use crate::outcome::{Outcome, Termination};
use crate::position::Position;
use crate::rule_set::RuleSet;
use crate::san::SanError;

/// A move refused because the game has already ended (RULES-SPEC 8.4: a
/// game ends at its first terminal event and stays ended).
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
    /// The algebraic (SAN) move cannot be read or is not legal here.
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

/// A game: start position, moves and the positions they led to. The rules
/// are those the start position carries ([`Position::rules`]).
///
/// Two games are equal when their rules, start positions and moves are
/// (and so the positions they led to).
///
/// ```
/// use tamerlane_core::Game;
///
/// let mut game = Game::new();
/// game.play_str("f3f4").unwrap();
/// assert_eq!(game.moves().len(), 1);
/// game.undo();
/// assert_eq!(game.position(), game.start());
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
    /// A game from the initial position with the default rules.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game under `rules` from their start position (the standard array,
    /// or the array of the preset the rule-set string began with).
    ///
    /// ```
    /// use tamerlane_core::{Game, RuleSet};
    ///
    /// let game = Game::with_rules("move-limit=40".parse()?);
    /// assert_eq!(game.rules().move_limit(), Some(40));
    /// # Ok::<(), tamerlane_core::RuleSetError>(())
    /// ```
    pub fn with_rules(rules: RuleSet) -> Game {
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
    pub fn rules(&self) -> &RuleSet {
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
    ///
    /// ```
    /// use tamerlane_core::{Game, PlayError, Termination};
    ///
    /// // Two moves there and back, twice, repeat the start position.
    /// let mut game = Game::with_rules("repetition=2".parse()?);
    /// for m in ["b2c4", "b9c7", "c4b2", "c7b9"] {
    ///     game.play_str(m)?;
    /// }
    /// assert_eq!(game.outcome().unwrap().termination, Termination::Repetition);
    /// match game.play_str("b2c4") {
    ///     Err(PlayError::GameOver(e)) => assert_eq!(e.ply, 4),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        self.check_not_over()?;
        let mut next = self.position().clone();
        next.play(m)?;
        self.moves.push(*m);
        self.positions.push(next);
        Ok(())
    }

    /// Parses and plays a coordinate move (refused once the game has ended).
    pub fn play_str(&mut self, s: &str) -> Result<Move, PlayError> {
        self.check_not_over()?;
        let m = self.position().parse_move(s)?;
        self.push_legal(m);
        Ok(m)
    }

    /// Parses and plays a move in algebraic notation (SAN), refused once the
    /// game has ended; an error leaves the game unchanged.
    ///
    /// ```
    /// use tamerlane_core::Game;
    ///
    /// let mut game = Game::new();
    /// let m = game.play_san("Nc4")?;
    /// assert_eq!(m.to_string(), "b2c4");
    /// assert!(game.play_san("Nc4").is_err()); // Black has no knight that reaches c4
    /// assert_eq!(game.moves(), [m]);
    /// # Ok::<(), tamerlane_core::PlayError>(())
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
    /// (itself included). Positions are the same when placement, side to
    /// move, swap rights and pawn-of-pawns stages agree.
    pub fn repetition_count(&self) -> usize {
        let cur = self.position();
        self.positions
            .iter()
            .filter(|p| p.same_position(cur))
            .count()
    }

    /// The outcome, if the game has ended, checking the rules of section 6
    /// in order: citadel, no legal move, royals only, repetition, move limit
    /// (each as the game's [`RuleSet`] sets it). A game refuses moves once
    /// it has ended, so this is its first terminal event.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(o) = pos.outcome_before_repetition() {
            return Some(o);
        }
        let draw = |termination| {
            Some(Outcome {
                winner: None,
                termination,
            })
        };
        let repeated = pos
            .rules()
            .repetition()
            .is_some_and(|n| self.repetition_count() >= n as usize);
        if repeated {
            return draw(Termination::Repetition);
        }
        if pos.is_move_limit_reached() {
            return draw(Termination::MoveLimit);
        }
        None
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
