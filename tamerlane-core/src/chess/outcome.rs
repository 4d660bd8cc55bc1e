//! How a chess game ends: its [`Termination`]s and their written names (the
//! [`Outcome`](crate::Outcome) that pairs one with the winner is shared by
//! the three games).

use crate::parse_value::{named_enum, ValueKind};

named_enum! {
    /// How a chess game ended (FIDE 5 and 9), in the order the game checks
    /// them.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum Termination: ValueKind::Termination {
        /// The side to move is in check and has no legal move: it loses (5.1.1).
        Checkmate => "checkmate",
        /// Neither side can checkmate by any sequence of legal moves, judged by
        /// the material (a dead position, 5.2.2): draw.
        InsufficientMaterial => "insufficient-material",
        /// The side to move is not in check and has no legal move: draw (5.2.1).
        Stalemate => "stalemate",
        /// 75 moves by each side without a pawn move or capture: draw, automatic (9.6.2).
        SeventyFiveMoves => "seventy-five-moves",
        /// The same position for the fifth time: draw, automatic (9.6.1).
        FivefoldRepetition => "fivefold-repetition",
        /// 50 moves by each side without a pawn move or capture: draw on a
        /// claim (9.3), or at once with `draws=automatic`.
        FiftyMoves => "fifty-moves",
        /// The same position for the third time: draw on a claim (9.2), or at
        /// once with `draws=automatic`.
        ThreefoldRepetition => "threefold-repetition",
    }
}
