//! How a Tamerlane game ends: its [`Termination`]s and their written names
//! (the [`Outcome`](crate::Outcome) that pairs one with the winner is shared
//! by the three games).

use crate::parse_value::{named_enum, ValueKind};

named_enum! {
    /// How a game ended.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum Termination: ValueKind::Termination {
        /// The side to move has no legal move and its single royal is attacked: it loses.
        Checkmate => "checkmate",
        /// The side to move has no legal move and is not in check: it loses too.
        Stalemate => "stalemate",
        /// A royal stepped into the opponent's citadel: draw.
        Citadel => "citadel",
        /// Both sides have only royal pieces: draw.
        RoyalsOnly => "royals-only",
        /// The same position occurred for the third time (by default): draw.
        Repetition => "repetition",
        /// 200 plies (by default) without a capture or pawn move: draw.
        MoveLimit => "move-limit",
    }
}
