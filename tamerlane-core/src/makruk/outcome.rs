//! How a Makruk game ends: its [`Termination`]s and their written names
//! (the [`Outcome`](crate::Outcome) that pairs one with the winner is
//! shared by the three games).

use core::fmt;
use core::str::FromStr;

use crate::parse_value::{self, ParseValueError, ValueKind};

/// How a Makruk game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move has no legal move and its King is attacked: it loses.
    Checkmate,
    /// The side to move has no legal move and is not in check: draw.
    Stalemate,
    /// The count has passed its limit without checkmate: draw.
    Counting,
    /// Checkmate given, while a count runs, by the side at a disadvantage
    /// (fewer pieces): a draw under the seed's counting rules.
    CountingMate,
    /// The same position occurred for the third time (by default): draw.
    Repetition,
    /// The rules' move limit of plies without capture or pawn move: draw.
    MoveLimit,
}

impl Termination {
    /// Every termination, in declaration order.
    pub const ALL: [Termination; 6] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::Counting,
        Termination::CountingMate,
        Termination::Repetition,
        Termination::MoveLimit,
    ];

    /// The lower-case name used by the command-line tool: `checkmate`,
    /// `stalemate`, `counting`, `counting-mate`, `repetition`, `move-limit`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Counting => "counting",
            Termination::CountingMate => "counting-mate",
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
