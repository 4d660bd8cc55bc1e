//! How a chess game ends: the [`Termination`] and the [`Outcome`].

use core::fmt;

use crate::color::Color;

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

/// The result of a finished chess game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// A draw for `termination`.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome {
            winner: None,
            termination,
        }
    }
}

impl fmt::Display for Outcome {
    /// `white checkmate`, `draw stalemate`, `draw fivefold-repetition`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} {}", c, self.termination),
            None => write!(f, "draw {}", self.termination),
        }
    }
}
