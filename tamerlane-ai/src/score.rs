//! Scores, below the search and what it reports: the internal score
//! (centipawns, with mates near [`MATE`]), its conversions for the
//! transposition table, and the [`Score`] reported to the user.
//!
//! Like Stockfish's score type, it sits below both the search
//! (`search.rs`) and its reports (`result.rs`), which import it and not
//! each other.

/// Internal scores above this (in absolute value) are mate scores. The
/// evaluations (`eval/`) keep their scores below it; it is defined there.
pub(crate) use crate::eval::MATE_BOUND;

/// The score of a mate at the root (mate in `n` plies is `MATE - n`).
pub(crate) const MATE: i32 = 30_000;
/// A bound above every score.
pub(crate) const INFINITY: i32 = 31_000;

/// The score of the side to move when it is mated at `ply`.
pub(crate) fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// A score at `ply` as the transposition table stores it: a mate counted
/// from the node rather than from the root.
pub(crate) fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A score read from the transposition table at `ply`: a mate counted
/// from the root again (the inverse of [`to_tt`]).
pub(crate) fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// A score as reported to the user.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub(crate) fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    /// `cp N` or `mate N`, as in the protocol's `info` lines (which the
    /// protocol's line reader, `uci::line`, reads back).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_scores_convert_to_moves() {
        assert_eq!(Score::from_internal(35), Score::Cp(35));
        assert_eq!(
            Score::from_internal(-MATE_BOUND + 1),
            Score::Cp(-MATE_BOUND + 1)
        );
        // Mate in 1 ply is mate in 1 move; in 3 plies, in 2 moves.
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        // Mated now, and mated in 2 plies (1 move).
        assert_eq!(Score::from_internal(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::Cp(-35).to_string(), "cp -35");
        assert_eq!(Score::Mate(-3).to_string(), "mate -3");
    }

    #[test]
    fn table_scores_are_relative_to_the_node() {
        for s in [0, 120, -400, MATE - 7, mated_in(9), MATE_BOUND, -MATE_BOUND] {
            for ply in [0, 1, 5, 40] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s, "{s} at {ply}");
            }
        }
        assert_eq!(to_tt(MATE - 7, 5), MATE - 2);
        assert_eq!(to_tt(mated_in(9), 5), mated_in(4));
        assert_eq!(to_tt(120, 5), 120);
    }
}
