//! A game of any of the three: a start position, the moves played, and the
//! rules that need the history (repetition, the clock's draws, claims). A
//! game ends at its first terminal event and stays ended (docs/RULES.md,
//! section 9, "Games stay ended").

use core::fmt;

use crate::color::Color;
use crate::outcome::Outcome;
use crate::position::Position;

/// A move or claim refused because the game has already ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameOverError<T> {
    /// The ply at which the game ended: the number of moves played before
    /// its first terminal event (0: the start position was already over).
    pub ply: usize,
    /// How it ended.
    pub outcome: Outcome<T>,
}

impl<T: fmt::Display> fmt::Display for GameOverError<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game ended at ply {} ({}): no further move is accepted",
            self.ply, self.outcome
        )
    }
}

impl<T: fmt::Debug + fmt::Display> std::error::Error for GameOverError<T> {}

/// Why a [`Game`] refused a move; the game is left unchanged.
pub enum PlayError<P: Position> {
    /// The game has already ended.
    GameOver(GameOverError<P::Termination>),
    /// The coordinate (UCI) move is garbled or not legal in the current
    /// position.
    Move(P::MoveError),
    /// The SAN move is garbled, ambiguous or not legal in the current
    /// position.
    San(P::SanError),
}

impl<P: Position> Clone for PlayError<P> {
    fn clone(&self) -> Self {
        match self {
            PlayError::GameOver(e) => PlayError::GameOver(*e),
            PlayError::Move(e) => PlayError::Move(e.clone()),
            PlayError::San(e) => PlayError::San(e.clone()),
        }
    }
}

impl<P: Position> PartialEq for PlayError<P> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (PlayError::GameOver(a), PlayError::GameOver(b)) => a == b,
            (PlayError::Move(a), PlayError::Move(b)) => a == b,
            (PlayError::San(a), PlayError::San(b)) => a == b,
            _ => false,
        }
    }
}

impl<P: Position> Eq for PlayError<P> {}

impl<P: Position> fmt::Debug for PlayError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(e) => f.debug_tuple("GameOver").field(e).finish(),
            PlayError::Move(e) => f.debug_tuple("Move").field(e).finish(),
            PlayError::San(e) => f.debug_tuple("San").field(e).finish(),
        }
    }
}

impl<P: Position> fmt::Display for PlayError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(e) => e.fmt(f),
            PlayError::Move(e) => e.fmt(f),
            PlayError::San(e) => e.fmt(f),
        }
    }
}

impl<P: Position> std::error::Error for PlayError<P> {}

impl<P: Position> From<GameOverError<P::Termination>> for PlayError<P> {
    fn from(e: GameOverError<P::Termination>) -> PlayError<P> {
        PlayError::GameOver(e)
    }
}

/// `From` the move and SAN errors of one game into its [`PlayError`], so
/// that `?` converts them: invoked in each game's `family.rs`.
macro_rules! play_error_from {
    () => {
        impl From<MoveError> for $crate::game::PlayError<Position> {
            fn from(e: MoveError) -> Self {
                $crate::game::PlayError::Move(e)
            }
        }

        impl From<IllegalMoveError> for $crate::game::PlayError<Position> {
            fn from(e: IllegalMoveError) -> Self {
                $crate::game::PlayError::Move(e.into())
            }
        }

        impl From<SanError> for $crate::game::PlayError<Position> {
            fn from(e: SanError) -> Self {
                $crate::game::PlayError::San(e)
            }
        }
    };
}

pub(crate) use play_error_from;

/// The family's generic game types named for one game (`$game`: its name
/// in the docs): `Game`, `PlayError`, `GameOverError` and `Outcome`, of its
/// `Position` and `Termination`. Invoked in each game's `mod.rs`.
macro_rules! game_types {
    ($game:literal) => {
        #[doc = concat!("A ", $game, " game.")]
        pub type Game = $crate::Game<Position>;
        #[doc = concat!("Why a ", $game, " [`Game`] refused a move.")]
        pub type PlayError = $crate::PlayError<Position>;
        #[doc = concat!("A move or claim refused because the ", $game, " game has ended.")]
        pub type GameOverError = $crate::GameOverError<Termination>;
        #[doc = concat!("The outcome of a ", $game, " game.")]
        pub type Outcome = $crate::Outcome<Termination>;
    };
}

pub(crate) use game_types;

/// Why a draw claim was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClaimError<T> {
    /// The game has already ended.
    GameOver(GameOverError<T>),
    /// No draw can be claimed in the current position.
    NothingToClaim,
}

impl<T: fmt::Display> fmt::Display for ClaimError<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::GameOver(e) => e.fmt(f),
            ClaimError::NothingToClaim => f.write_str(
                "no draw to claim: the position has not occurred often enough and the clock has not reached the rules' limit",
            ),
        }
    }
}

impl<T: fmt::Debug + fmt::Display> std::error::Error for ClaimError<T> {}

/// A game of any of the three: the start position, the moves, the
/// positions they led to and a draw claimed in the current position. The
/// rules are those the start position carries ([`Position::rules`]).
///
/// Two games are equal when their start positions (rules included), moves
/// and claims are.
///
/// ```
/// use tamerlane_core::{chess, tamerlane};
///
/// let mut game = tamerlane::Game::new();
/// game.play_str("f3f4")?;
/// assert_eq!(game.moves().len(), 1);
/// game.undo();
/// assert_eq!(game.position(), game.start());
///
/// // Fool's mate, and a game stays ended.
/// let mut game = chess::Game::new();
/// for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     game.play_uci(m)?;
/// }
/// assert_eq!(game.outcome().unwrap().termination, chess::Termination::Checkmate);
/// assert!(game.play_uci("e1f2").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<P: Position> {
    moves: Vec<P::Move>,
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<P>,
    /// A draw claimed in the current position.
    claimed: Option<Outcome<P::Termination>>,
}

impl<P: Position> Default for Game<P> {
    fn default() -> Game<P> {
        Game::new()
    }
}

impl<P: Position> Game<P> {
    /// A game from the start position of the default rules.
    pub fn new() -> Game<P> {
        Game::with_rules(P::Rules::default())
    }

    /// A game under `rules` from their start position.
    ///
    /// ```
    /// use tamerlane_core::tamerlane::{Game, RuleSet};
    ///
    /// let game = Game::with_rules("move-limit=40".parse()?);
    /// assert_eq!(game.rules().move_limit(), Some(40));
    /// # Ok::<(), tamerlane_core::RuleSetError>(())
    /// ```
    pub fn with_rules(rules: P::Rules) -> Game<P> {
        Game::from_position(P::start(rules))
    }

    /// A game from `start`, played under the rules `start` carries.
    pub fn from_position(start: P) -> Game<P> {
        Game {
            moves: Vec::new(),
            positions: vec![start],
            claimed: None,
        }
    }

    /// A game from a position text (TFEN or FEN) under `rules`.
    pub fn from_fen_with_rules(fen: &str, rules: P::Rules) -> Result<Game<P>, P::FenError> {
        Ok(Game::from_position(P::from_fen_with_rules(fen, rules)?))
    }

    /// The rule options of the game (those its positions carry).
    pub fn rules(&self) -> &P::Rules {
        self.start().rules()
    }

    /// The start position.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &P {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The positions of the game, from the start to the current one.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The side to move in the current position.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// Plays `m` if the game has not ended and `m` is legal; otherwise
    /// returns why not and leaves the game unchanged.
    ///
    /// ```
    /// use tamerlane_core::tamerlane::{Game, Termination};
    /// use tamerlane_core::PlayError;
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
    pub fn play(&mut self, m: &P::Move) -> Result<(), PlayError<P>> {
        self.check_not_over()?;
        let mut next = self.position().clone();
        next.play(m)
            .map_err(|e| PlayError::Move(P::MoveError::from(e)))?;
        self.moves.push(*m);
        self.positions.push(next);
        Ok(())
    }

    /// Reads and plays a coordinate (UCI) move, refused once the game has
    /// ended; an error leaves the game unchanged.
    pub fn play_str(&mut self, s: &str) -> Result<P::Move, PlayError<P>> {
        self.check_not_over()?;
        let m = self.position().parse_move(s).map_err(PlayError::Move)?;
        self.push_legal(m);
        Ok(m)
    }

    /// The same as [`play_str`](Self::play_str): the protocol's name for
    /// coordinate moves.
    pub fn play_uci(&mut self, s: &str) -> Result<P::Move, PlayError<P>> {
        self.play_str(s)
    }

    /// Reads and plays a move in algebraic notation (SAN), refused once the
    /// game has ended; an error leaves the game unchanged.
    ///
    /// ```
    /// use tamerlane_core::tamerlane::Game;
    ///
    /// let mut game = Game::new();
    /// let m = game.play_san("Nc4")?;
    /// assert_eq!(m.to_string(), "b2c4");
    /// assert!(game.play_san("Nc4").is_err()); // Black has no knight that reaches c4
    /// assert_eq!(game.moves(), [m]);
    /// # Ok::<(), tamerlane_core::tamerlane::PlayError>(())
    /// ```
    pub fn play_san(&mut self, s: &str) -> Result<P::Move, PlayError<P>> {
        self.check_not_over()?;
        let m = self.position().parse_san(s).map_err(PlayError::San)?;
        self.push_legal(m);
        Ok(m)
    }

    /// Plays `m` without the checks of [`play`](Self::play): `m` must be a
    /// legal move of the current position and the game must not have
    /// ended (as when the caller has just checked both). For a caller that
    /// has found the move among the legal ones: the game's outcome is not
    /// computed again.
    pub fn play_unchecked(&mut self, m: &P::Move) {
        debug_assert!(self.outcome().is_none() && self.position().is_legal(m));
        self.push_legal(*m);
    }

    /// Appends `m`, a legal move of the current position.
    fn push_legal(&mut self, m: P::Move) {
        let mut next = self.position().clone();
        next.play_unchecked(&m);
        self.moves.push(m);
        self.positions.push(next);
    }

    /// `Err` with the ply and outcome if the game has ended.
    fn check_not_over(&self) -> Result<(), GameOverError<P::Termination>> {
        match self.outcome() {
            Some(outcome) => Err(GameOverError {
                ply: self.moves.len(),
                outcome,
            }),
            None => Ok(()),
        }
    }

    /// Takes back the last move, and a draw claimed after it, returning
    /// the move (`None` at the start).
    pub fn undo(&mut self) -> Option<P::Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.claimed = None;
        Some(m)
    }

    /// How many of the positions since the last irreversible move are the
    /// same as `pos` (no earlier one can be).
    fn occurrences(&self, pos: &P) -> usize {
        self.occurrences_from(self.first_recurrable(), pos)
    }

    /// How many of the positions from index `first` on are the same as
    /// `pos`.
    fn occurrences_from(&self, first: usize, pos: &P) -> usize {
        self.positions[first..]
            .iter()
            .filter(|p| p.same_position(pos))
            .count()
    }

    /// The index of the first position that could recur now: the one after
    /// the last irreversible move.
    fn first_recurrable(&self) -> usize {
        (0..self.moves.len())
            .rev()
            .find(|&i| self.positions[i].is_irreversible(&self.moves[i]))
            .map_or(0, |i| i + 1)
    }

    /// How many times the current position has occurred in this game
    /// (itself included).
    pub fn repetition_count(&self) -> usize {
        self.occurrences(self.position())
    }

    /// The hashes of the earlier positions that could recur, oldest first
    /// (the current one excluded): those since the last irreversible move.
    /// What a search needs to see repetitions of the game's history.
    pub fn earlier_hashes(&self) -> Vec<u64> {
        let first = self.first_recurrable();
        self.positions[first..self.positions.len() - 1]
            .iter()
            .map(Position::zobrist_hash)
            .collect()
    }

    /// The outcome, if the game has ended: a claimed draw; the position's
    /// own ending ([`Position::outcome_before_history`]); then the
    /// automatic draws of [`Position::end_rules`] in their order. A game
    /// refuses moves once it has ended, so this is its first terminal
    /// event.
    pub fn outcome(&self) -> Option<Outcome<P::Termination>> {
        self.claimed.or_else(|| self.rules_outcome())
    }

    /// The outcome by the rules alone, a claimed draw left out: what a
    /// game record's `Termination` tag may name, since a reader replaying
    /// the moves does not see the claim.
    pub fn rules_outcome(&self) -> Option<Outcome<P::Termination>> {
        let pos = self.position();
        pos.outcome_before_history().or_else(|| {
            pos.end_rules()
                .automatic_draw(|| self.repetition_count(), pos.halfmoves())
                .map(Outcome::draw)
        })
    }

    /// Whether the game has ended ([`outcome`](Self::outcome) is `Some`).
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The draw the current position allows a claim for, if any, in the
    /// order of the rules' claims.
    pub(crate) fn claimable(&self) -> Option<Outcome<P::Termination>> {
        let pos = self.position();
        pos.end_rules()
            .claimable_draw(|| self.repetition_count(), pos.halfmoves())
            .map(Outcome::draw)
    }

    /// Ends the game with a claimed draw, if the current position allows
    /// one (the first of the rules' claims that it allows).
    pub(crate) fn claim(&mut self) -> Result<Outcome<P::Termination>, ClaimError<P::Termination>> {
        self.check_not_over().map_err(ClaimError::GameOver)?;
        let outcome = self.claimable().ok_or(ClaimError::NothingToClaim)?;
        self.claimed = Some(outcome);
        Ok(outcome)
    }

    /// Plays `m`, then ends the game with a claimed draw if the position
    /// reached allows one and the game has not ended otherwise.
    pub(crate) fn claim_with_move(
        &mut self,
        m: &P::Move,
    ) -> Result<Option<Outcome<P::Termination>>, PlayError<P>> {
        self.play(m)?;
        if let Some(o) = self.outcome() {
            return Ok(Some(o));
        }
        self.claimed = self.claimable();
        Ok(self.claimed)
    }

    /// The positions after each legal move of the current position.
    fn children(&self) -> impl Iterator<Item = P> + '_ {
        let pos = self.position();
        pos.legal_moves().into_iter().map(move |m| {
            let mut child = pos.clone();
            child.play_unchecked(&m);
            child
        })
    }

    /// Whether a claim by a repetition of `n` occurrences is possible now
    /// or after one of the legal moves. False once the game has ended.
    pub(crate) fn repetition_claimable(&self, n: u32) -> bool {
        let n = n as usize;
        let first = self.first_recurrable();
        !self.is_over()
            && (self.occurrences_from(first, self.position()) >= n
                || self
                    .children()
                    .any(|c| self.occurrences_from(first, &c) + 1 >= n))
    }

    /// Whether a claim by the clock at `n` plies is possible now, or after
    /// one of the legal moves that leaves the opponent a legal move. False
    /// once the game has ended.
    pub(crate) fn clock_claimable(&self, n: u32) -> bool {
        let pos = self.position();
        !self.is_over()
            && (pos.halfmoves() >= n
                || (pos.halfmoves().saturating_add(1) >= n
                    && self
                        .children()
                        .any(|c| c.halfmoves() >= n && c.has_legal_moves())))
    }
}
