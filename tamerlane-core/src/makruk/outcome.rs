//! How a Makruk game ends: its [`Termination`]s and their written names
//! (the [`Outcome`](crate::Outcome) that pairs one with the winner is
//! shared by the three games).

use crate::parse_value::{named_enum, ValueKind};

named_enum! {
    /// How a Makruk game ended.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum Termination: ValueKind::Termination {
        /// The side to move has no legal move and its King is attacked: it loses.
        Checkmate => "checkmate",
        /// The side to move has no legal move and is not in check: draw.
        Stalemate => "stalemate",
        /// The count has passed its limit without checkmate: draw.
        Counting => "counting",
        /// Checkmate given, while a count runs, by the side at a disadvantage
        /// (fewer pieces): a draw under the seed's counting rules.
        CountingMate => "counting-mate",
        /// The same position occurred for the third time (by default): draw.
        Repetition => "repetition",
        /// The rules' move limit of plies without capture or pawn move: draw.
        MoveLimit => "move-limit",
    }
}
