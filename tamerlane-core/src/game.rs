//! A game: a start position, the moves played, and the game-level rules
//! (repetition and the move limit) that need the history.

use crate::color::Color;
use crate::moves::{IllegalMoveError, Move, MoveError};
use crate::outcome::{Outcome, Termination};
use crate::position::Position;
use crate::san::SanError;

/// The draw limits of a game (RULES-SPEC 6.4, 6.5, 9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Plies without a capture or pawn move after which the game is drawn
    /// (default 200: 100 moves by each side).
    pub ply_limit: u32,
    /// How many times the same position must occur for a draw (default 3).
    pub repetitions: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            ply_limit: 200,
            repetitions: 3,
        }
    }
}

/// A game: start position, moves and the positions they led to.
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
    rules: Rules,
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

    /// A game from `start` with the default rules.
    pub fn from_position(start: Position) -> Game {
        Game::with_rules(start, Rules::default())
    }

    /// A game from `start` with the given draw limits.
    pub fn with_rules(start: Position, rules: Rules) -> Game {
        Game {
            rules,
            moves: Vec::new(),
            positions: vec![start],
        }
    }

    /// The draw limits in force.
    pub fn rules(&self) -> Rules {
        self.rules
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

    /// Plays a legal move; an illegal one is refused and changes nothing.
    /// Moves are accepted after the game has ended by repetition or the
    /// move limit only if they are legal in the position (the caller decides
    /// whether to stop at [`outcome`](Self::outcome)).
    pub fn play(&mut self, m: &Move) -> Result<(), IllegalMoveError> {
        let mut next = self.position().clone();
        next.play(m)?;
        self.moves.push(*m);
        self.positions.push(next);
        Ok(())
    }

    /// Parses and plays a coordinate move.
    pub fn play_str(&mut self, s: &str) -> Result<Move, MoveError> {
        let m = self.position().parse_move(s)?;
        self.push_legal(m);
        Ok(m)
    }

    /// Reads a move in SAN (or any form that
    /// [`Position::parse_san`] accepts) and plays it; an unreadable or
    /// illegal move is refused and changes nothing.
    ///
    /// ```
    /// use tamerlane_core::{Game, SanError};
    ///
    /// let mut game = Game::new();
    /// let m = game.play_san("Nc4")?;
    /// assert_eq!(m.to_string(), "b2c4");
    /// assert!(game.play_san("Nc4").is_err()); // Black has no knight that reaches c4
    /// assert_eq!(game.moves(), [m]);
    /// # Ok::<(), SanError>(())
    /// ```
    pub fn play_san(&mut self, s: &str) -> Result<Move, SanError> {
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
    /// in order: citadel, no legal move, royals only, repetition, move limit.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        // Rules 1-3 come first; the move limit (rule 5) after repetition.
        match pos.outcome(u32::MAX) {
            Some(o) => Some(o),
            None if self.repetition_count() >= self.rules.repetitions as usize => Some(Outcome {
                winner: None,
                termination: Termination::Repetition,
            }),
            None if pos.halfmoves() >= self.rules.ply_limit => Some(Outcome {
                winner: None,
                termination: Termination::MoveLimit,
            }),
            None => None,
        }
    }

    /// The side to move in the current position.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }
}
