//! How a game ends: the [`Termination`] and the [`Outcome`] (winner and
//! termination), with their written forms.

use core::fmt;
use core::str::FromStr;

use crate::color::Color;
use crate::parse_value::{self, ParseValueError, ValueKind};

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move has no legal move and its single royal is attacked: it loses.
    Checkmate,
    /// The side to move has no legal move and is not in check: it loses too.
    Stalemate,
    /// A royal stepped into the opponent's citadel: draw.
    Citadel,
    /// Both sides have only royal pieces: draw.
    RoyalsOnly,
    /// The same position occurred for the third time (by default): draw.
    Repetition,
    /// 200 plies (by default) without a capture or pawn move: draw.
    MoveLimit,
}

impl Termination {
    /// All terminations, in declaration order.
    pub const ALL: [Termination; 6] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::Citadel,
        Termination::RoyalsOnly,
        Termination::Repetition,
        Termination::MoveLimit,
    ];

    /// The lower-case name used in records and by the command-line tool:
    /// `checkmate`, `stalemate`, `citadel`, `royals-only`, `repetition`, `move-limit`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Citadel => "citadel",
            Termination::RoyalsOnly => "royals-only",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move-limit",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Termination {
    type Err = ParseValueError;
    /// Reads what [`Display`](fmt::Display) writes: the [`name`](Self::name).
    fn from_str(s: &str) -> Result<Termination, ParseValueError> {
        parse_value::by_name(
            &Termination::ALL,
            Termination::name,
            ValueKind::Termination,
            s,
        )
    }
}

/// The result of a finished game.
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
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

impl fmt::Display for Outcome {
    /// `white checkmate`, `black stalemate`, `draw citadel`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} {}", c, self.termination),
            None => write!(f, "draw {}", self.termination),
        }
    }
}

impl FromStr for Outcome {
    type Err = ParseValueError;
    /// Reads what [`Display`](fmt::Display) writes: `white`, `black` or
    /// `draw`, one space, and a [`Termination`] name.
    fn from_str(s: &str) -> Result<Outcome, ParseValueError> {
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
