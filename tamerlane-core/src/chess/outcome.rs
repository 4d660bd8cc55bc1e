//! How a chess game ends: its [`Termination`]s and their written names (the
//! [`Outcome`](crate::Outcome) that pairs one with the winner is shared by
//! the three games).

use core::fmt;
use core::str::FromStr;

use crate::parse_value::{self, ParseValueError, ValueKind};

/// How a chess game ended (FIDE 5 and 9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move: it loses (5.1.1).
    Checkmate,
    /// The side to move is not in check and has no legal move: draw (5.2.1).
    Stalemate,
    /// Neither side can checkmate by any sequence of legal moves, judged by
    /// the material (a dead position, 5.2.2): draw.
    InsufficientMaterial,
    /// 75 moves by each side without a pawn move or capture: draw, automatic (9.6.2).
    SeventyFiveMoves,
    /// The same position for the fifth time: draw, automatic (9.6.1).
    FivefoldRepetition,
    /// 50 moves by each side without a pawn move or capture: draw on a
    /// claim (9.3), or at once with `draws=automatic`.
    FiftyMoves,
    /// The same position for the third time: draw on a claim (9.2), or at
    /// once with `draws=automatic`.
    ThreefoldRepetition,
}

impl Termination {
    /// Every termination, in the order the game checks them.
    pub const ALL: [Termination; 7] = [
        Termination::Checkmate,
        Termination::InsufficientMaterial,
        Termination::Stalemate,
        Termination::SeventyFiveMoves,
        Termination::FivefoldRepetition,
        Termination::FiftyMoves,
        Termination::ThreefoldRepetition,
    ];

    /// The lower-case name used by the command-line tool: `checkmate`,
    /// `stalemate`, `insufficient-material`, `seventy-five-moves`,
    /// `fivefold-repetition`, `fifty-moves`, `threefold-repetition`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient-material",
            Termination::SeventyFiveMoves => "seventy-five-moves",
            Termination::FivefoldRepetition => "fivefold-repetition",
            Termination::FiftyMoves => "fifty-moves",
            Termination::ThreefoldRepetition => "threefold-repetition",
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
