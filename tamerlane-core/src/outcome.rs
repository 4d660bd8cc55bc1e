//! How a game of any of the three ends: the [`Outcome`] (the winner and the
//! game's own termination), and its written form.

use core::fmt;
use core::str::FromStr;

use crate::color::Color;
use crate::parse_value::{ParseValueError, ValueKind};

/// The result of a finished game: the winner (or none for a draw) and why
/// it ended, as a termination of the game's own kind `T`
/// ([`tamerlane::Termination`](crate::tamerlane::Termination),
/// [`chess::Termination`](crate::chess::Termination),
/// [`makruk::Termination`](crate::makruk::Termination)); Tamerlane's by
/// default.
///
/// Written as the winner (or `draw`) and the termination:
///
/// ```
/// use tamerlane_core::{Color, Outcome, Termination};
///
/// let o = Outcome { winner: Some(Color::Black), termination: Termination::Stalemate };
/// assert_eq!(o.to_string(), "black stalemate");
/// assert_eq!("black stalemate".parse(), Ok(o));
/// assert!("draw".parse::<Outcome>().is_err());
///
/// let chess: tamerlane_core::chess::Outcome = "draw fifty-moves".parse()?;
/// assert_eq!(chess.winner, None);
/// # Ok::<(), tamerlane_core::ParseValueError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome<T = crate::tamerlane::Termination> {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: T,
}

impl<T> Outcome<T> {
    /// A draw for `termination`.
    pub const fn draw(termination: T) -> Outcome<T> {
        Outcome {
            winner: None,
            termination,
        }
    }

    /// A win for `winner` by `termination`.
    pub const fn win(winner: Color, termination: T) -> Outcome<T> {
        Outcome {
            winner: Some(winner),
            termination,
        }
    }
}

impl<T: fmt::Display> fmt::Display for Outcome<T> {
    /// `white checkmate`, `black stalemate`, `draw citadel`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} {}", c, self.termination),
            None => write!(f, "draw {}", self.termination),
        }
    }
}

impl<T: FromStr> FromStr for Outcome<T> {
    type Err = ParseValueError;
    /// Reads what [`Display`](fmt::Display) writes: `white`, `black` or
    /// `draw`, one space, and a termination's name.
    fn from_str(s: &str) -> Result<Outcome<T>, ParseValueError> {
        let err = || ParseValueError::new(ValueKind::Outcome, s);
        let (winner, termination) = s.split_once(' ').ok_or_else(err)?;
        let winner = match winner {
            "draw" => None,
            w => Some(w.parse::<Color>().map_err(|_| err())?),
        };
        let termination = termination.parse().map_err(|_| err())?;
        Ok(Outcome {
            winner,
            termination,
        })
    }
}
