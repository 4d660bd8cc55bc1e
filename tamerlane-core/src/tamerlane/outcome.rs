//! How a Tamerlane game ends: its [`Termination`]s and their written names
//! (the [`Outcome`](crate::Outcome) that pairs one with the winner is shared
//! by the three games).

use core::fmt;
use core::str::FromStr;

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
