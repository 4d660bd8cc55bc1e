//! The result of a game as a record writes it: `1-0`, `0-1`, `1/2-1/2` or
//! `*`, read back by `FromStr`.

use core::fmt;
use core::str::FromStr;

use crate::color::Color;
use crate::outcome::Outcome;
use crate::parse_value::{ParseValueError, ValueKind};

/// The result of a game as written in a record: `1-0`, `0-1`, `1/2-1/2` or `*`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// The result token.
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Parses a result token.
    pub fn from_token(s: &str) -> Option<GameResult> {
        Some(match s {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }

    /// The result of an outcome (`*` for none).
    pub fn from_outcome<T>(outcome: Option<Outcome<T>>) -> GameResult {
        match outcome {
            None => GameResult::Unknown,
            Some(o) => match o.winner {
                Some(Color::White) => GameResult::WhiteWins,
                Some(Color::Black) => GameResult::BlackWins,
                None => GameResult::Draw,
            },
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

impl FromStr for GameResult {
    type Err = ParseValueError;
    /// Reads what `Display` writes: `1-0`, `0-1`, `1/2-1/2` or `*`.
    ///
    /// ```
    /// use tamerlane_core::GameResult;
    ///
    /// assert_eq!("1/2-1/2".parse(), Ok(GameResult::Draw));
    /// assert!("½-½".parse::<GameResult>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<GameResult, ParseValueError> {
        GameResult::from_token(s).ok_or_else(|| ParseValueError::new(ValueKind::GameResult, s))
    }
}
