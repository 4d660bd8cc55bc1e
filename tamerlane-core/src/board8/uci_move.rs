//! The UCI form of a move on the 8x8 board, shared by chess and Makruk:
//! `<from><to>` and the game's promotion mark (docs/RULES.md, section 10).

use core::fmt;
use core::str::FromStr;

use super::Square;
use crate::move_text::ParseMoveError;
use crate::variant::Variant;

/// A move as UCI writes it on the 8x8 board: origin, target and the game's
/// promotion mark `P`, not yet matched against a position. Each game names
/// it with its mark: [`chess::UciMove`](crate::chess::UciMove) (the
/// promotion piece), [`makruk::UciMove`](crate::makruk::UciMove) (`m`).
///
/// [`FromStr`] reads what [`Display`](fmt::Display) writes: lower case
/// only, no null move (`0000`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UciMove<P> {
    /// Origin square.
    pub from: Square,
    /// Target square.
    pub to: Square,
    /// The promotion mark: what follows the two squares.
    pub promotion: P,
}

/// A game's promotion mark in its UCI moves: what follows the two squares.
pub trait PromotionMark: Copy {
    /// The game whose moves carry this mark (named by the reading error).
    const VARIANT: Variant;

    /// Reads the text after the two squares (empty for no promotion);
    /// `None` if it is no mark of the game.
    fn read(suffix: &str) -> Option<Self>;

    /// Writes the mark (nothing for no promotion).
    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<P: PromotionMark> fmt::Display for UciMove<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        self.promotion.write(f)
    }
}

impl<P: PromotionMark> FromStr for UciMove<P> {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<UciMove<P>, ParseMoveError> {
        let err = || ParseMoveError::new(P::VARIANT, s);
        if !(4..=5).contains(&s.len()) || !s.is_ascii() {
            return Err(err());
        }
        Ok(UciMove {
            from: s[..2].parse().map_err(|_| err())?,
            to: s[2..4].parse().map_err(|_| err())?,
            promotion: P::read(&s[4..]).ok_or_else(err)?,
        })
    }
}
