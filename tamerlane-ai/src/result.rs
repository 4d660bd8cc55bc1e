//! What a search reports: the progress after each iteration ([`Info`])
//! and the result ([`SearchResult`]), with scores as [`Score`] (from
//! `score.rs`, below this file and the search).

use std::time::Duration;

use tamerlane_core::{Color, Move};

use crate::score::Score;

/// What the search reports after each completed iteration. `M` is the
/// game's move type (Tamerlane's by default).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Info<M = Move> {
    /// The iteration depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which line this is, from 1 (the best) to the `multipv` asked for.
    pub multipv: usize,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the start of the search.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Permille of the transposition table used by this search.
    pub hashfull: u32,
}

/// The result of a search. `M` is the game's move type (Tamerlane's by
/// default).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SearchResult<M = Move> {
    /// The best move (`None` when the game has already ended or the
    /// position has no legal move).
    pub best: Option<M>,
    /// Its score.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Total nodes.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<M>,
    /// The best lines of the last completed iteration, best first (as many
    /// as `Limits::multipv` asked for and the root has moves; the first is
    /// `score` and `pv`). Empty when no iteration completed.
    pub lines: Vec<PvLine<M>>,
    /// The elapsed time.
    pub time: Duration,
    /// Whether the search was ended by the stop flag
    /// ([`Engine::stop_flag`](crate::Engine::stop_flag)) rather than by
    /// its limits or the end of the game tree.
    pub stopped: bool,
}

/// One of the best lines of a search: its score and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine<M = Move> {
    /// The score for the side to move.
    pub score: Score,
    /// The moves, the first being the root move.
    pub pv: Vec<M>,
}

impl<M> SearchResult<M> {
    /// The answer for a game that has already ended with `winner` (`None`
    /// for a draw), the side to move being `us`: no move and no search; the
    /// score is mate (0) when `us` has lost, 0 for a draw.
    pub(crate) fn game_over(winner: Option<Color>, us: Color) -> SearchResult<M> {
        SearchResult::empty(if winner == Some(!us) {
            Score::Mate(0)
        } else {
            Score::Cp(0)
        })
    }

    /// A result with `score` and nothing else: no move, line, depth, node
    /// or time (where a search starts, and all of a search that has none
    /// to make).
    pub(crate) fn empty(score: Score) -> SearchResult<M> {
        SearchResult {
            best: None,
            score,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            lines: Vec::new(),
            time: Duration::ZERO,
            stopped: false,
        }
    }
}

impl<M> Info<M> {
    /// The same report with each move of the principal variation mapped
    /// by `f` (to text, for instance).
    pub fn map_moves<N>(self, f: impl FnMut(M) -> N) -> Info<N> {
        Info {
            depth: self.depth,
            seldepth: self.seldepth,
            multipv: self.multipv,
            score: self.score,
            nodes: self.nodes,
            nps: self.nps,
            time: self.time,
            pv: self.pv.into_iter().map(f).collect(),
            hashfull: self.hashfull,
        }
    }
}

impl<M> SearchResult<M> {
    /// The same result with each move mapped by `f` (to text, for
    /// instance).
    pub fn map_moves<N>(self, mut f: impl FnMut(M) -> N) -> SearchResult<N> {
        SearchResult {
            best: self.best.map(&mut f),
            score: self.score,
            depth: self.depth,
            nodes: self.nodes,
            pv: self.pv.into_iter().map(&mut f).collect(),
            lines: self
                .lines
                .into_iter()
                .map(|l| PvLine {
                    score: l.score,
                    pv: l.pv.into_iter().map(&mut f).collect(),
                })
                .collect(),
            time: self.time,
            stopped: self.stopped,
        }
    }
}
