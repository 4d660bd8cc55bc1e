//! Reading a [`GameResult`] back from its token (`FromStr`); the type and
//! its `Display` live with the game records.

use core::str::FromStr;

use crate::parse_value::{ParseValueError, ValueKind};
use crate::GameResult;

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
