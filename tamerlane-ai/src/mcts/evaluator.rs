//! Evaluators: what values the leaves of a batch. An [`Evaluator`] is
//! called once per batch with the leaves' positions and legal moves (a
//! [`Batch`]) and fills a prior per legal move and a value per position;
//! [`RolloutEvaluator`] is the one written in Rust (uniform priors, the
//! value of a short random playout), for tests and baselines.

use std::convert::Infallible;

use tamerlane_core::{Color, Position, Rng};

/// The leaves of one batch: for each, its position, its legal moves (in
/// the generator's order), a prior per move and a value, which the
/// evaluator fills. Before the call the priors are uniform and the values
/// 0; after it, the search renormalises the priors (a negative,
/// non-finite or all-zero set of priors counts as uniform).
///
/// The buffers are kept from batch to batch: filling one allocates
/// nothing once they have grown.
#[derive(Clone, Debug)]
pub struct Batch<P: Position> {
    positions: Vec<P>,
    /// `moves[offsets[i]..offsets[i + 1]]` are the moves of leaf `i`.
    offsets: Vec<usize>,
    moves: Vec<P::Move>,
    priors: Vec<f32>,
    values: Vec<f32>,
    /// The tree node of each leaf.
    pub(crate) nodes: Vec<u32>,
}

impl<P: Position> Default for Batch<P> {
    fn default() -> Self {
        Batch {
            positions: Vec::new(),
            offsets: vec![0],
            moves: Vec::new(),
            priors: Vec::new(),
            values: Vec::new(),
            nodes: Vec::new(),
        }
    }
}

impl<P: Position> Batch<P> {
    /// The number of leaves.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are no leaves.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The position of leaf `i`.
    pub fn position(&self, i: usize) -> &P {
        &self.positions[i]
    }

    /// The legal moves of leaf `i`.
    pub fn moves(&self, i: usize) -> &[P::Move] {
        &self.moves[self.offsets[i]..self.offsets[i + 1]]
    }

    /// The priors of leaf `i`, one per legal move.
    pub fn priors(&self, i: usize) -> &[f32] {
        &self.priors[self.offsets[i]..self.offsets[i + 1]]
    }

    /// The value of leaf `i`.
    pub fn value(&self, i: usize) -> f32 {
        self.values[i]
    }

    /// Leaf `i` to fill: its position, its legal moves, its priors (one
    /// per move, to write) and its value (to write: from the view of the
    /// side to move, in -1..=1).
    pub fn leaf_mut(&mut self, i: usize) -> (&P, &[P::Move], &mut [f32], &mut f32) {
        let range = self.offsets[i]..self.offsets[i + 1];
        (
            &self.positions[i],
            &self.moves[range.clone()],
            &mut self.priors[range],
            &mut self.values[i],
        )
    }

    /// Empties the batch (its buffers kept).
    pub(crate) fn clear(&mut self) {
        self.positions.clear();
        self.offsets.truncate(1);
        self.moves.clear();
        self.priors.clear();
        self.values.clear();
        self.nodes.clear();
    }

    /// Adds a leaf (tree node `node`) with its legal moves (at least one),
    /// uniform priors and value 0; returns its slot.
    pub(crate) fn push(&mut self, node: usize, pos: &P, moves: &[P::Move]) -> usize {
        self.positions.push(pos.clone());
        self.moves.extend_from_slice(moves);
        self.offsets.push(self.moves.len());
        let p = 1.0 / moves.len().max(1) as f32;
        self.priors.resize(self.priors.len() + moves.len(), p);
        self.values.push(0.0);
        self.nodes.push(node as u32);
        self.positions.len() - 1
    }

    /// Makes the priors of every leaf a probability distribution (uniform
    /// where they are not usable) and every value finite, clamped to
    /// -1..=1 (0 where it was not a number).
    pub(crate) fn normalise(&mut self) {
        for i in 0..self.len() {
            let range = self.offsets[i]..self.offsets[i + 1];
            let priors = &mut self.priors[range];
            let usable = priors.iter().all(|p| p.is_finite() && *p >= 0.0);
            let sum: f32 = priors.iter().sum();
            if usable && sum > 0.0 && sum.is_finite() {
                priors.iter_mut().for_each(|p| *p /= sum);
            } else {
                let u = 1.0 / priors.len().max(1) as f32;
                priors.iter_mut().for_each(|p| *p = u);
            }
            let v = &mut self.values[i];
            *v = if v.is_nan() { 0.0 } else { v.clamp(-1.0, 1.0) };
        }
    }
}

/// What values the leaves of the search, a batch at a time.
pub trait Evaluator<P: Position> {
    /// Why an evaluation failed: the search stops and returns it.
    type Error;

    /// Fills the priors and the value of every leaf of `batch` (see
    /// [`Batch::leaf_mut`]).
    fn evaluate(&mut self, batch: &mut Batch<P>) -> Result<(), Self::Error>;
}

/// The value of a position whose game is over, from the view of the side
/// to move: 1 won, -1 lost, 0 drawn; `None` while the game goes on.
pub fn outcome_value<P: Position>(pos: &P) -> Option<f32> {
    pos.outcome().map(|o| value_for(o.winner, pos.turn()))
}

/// The value of a game won by `winner` (`None`: a draw) for `side`.
pub(crate) fn value_for(winner: Option<Color>, side: Color) -> f32 {
    match winner {
        None => 0.0,
        Some(w) if w == side => 1.0,
        Some(_) => -1.0,
    }
}

/// The default number of random plies of a [`RolloutEvaluator`]'s playout.
pub const DEFAULT_ROLLOUT_PLIES: u32 = 4;

/// Uniform priors, and as the value the result of a random playout of at
/// most `rollout_plies` plies from the leaf (1, -1 or 0 from the leaf's
/// side to move if the game ends within them, else 0). With 0 plies every
/// value is 0: the search then counts only the endings it reaches in the
/// tree. Its own seeded generator makes it deterministic.
#[derive(Clone, Debug)]
pub struct RolloutEvaluator<P: Position> {
    rng: Rng,
    rollout_plies: u32,
    list: P::MoveList,
}

impl<P: Position> RolloutEvaluator<P> {
    /// An evaluator playing out `rollout_plies` random plies, seeded with
    /// `seed`.
    pub fn new(rollout_plies: u32, seed: u64) -> Self {
        RolloutEvaluator {
            rng: Rng::new(seed),
            rollout_plies,
            list: P::MoveList::default(),
        }
    }

    /// The number of plies of a playout.
    pub fn rollout_plies(&self) -> u32 {
        self.rollout_plies
    }

    /// The value of a random playout from `start` (whose game is not over),
    /// from the view of its side to move.
    pub fn rollout(&mut self, start: &P) -> f32 {
        if self.rollout_plies == 0 {
            return 0.0;
        }
        let side = start.turn();
        let mut pos = start.clone();
        for ply in 0..self.rollout_plies {
            if ply > 0 {
                if let Some(o) = pos.outcome() {
                    return value_for(o.winner, side);
                }
            }
            pos.legal_moves_into(&mut self.list);
            if self.list.is_empty() {
                // Only a position whose outcome says so has no move.
                return 0.0;
            }
            let m = self.list[self.rng.below(self.list.len())];
            pos.play_unchecked(&m);
        }
        outcome_value(&pos).map_or(0.0, |v| if pos.turn() == side { v } else { -v })
    }
}

impl<P: Position> Evaluator<P> for RolloutEvaluator<P> {
    type Error = Infallible;

    fn evaluate(&mut self, batch: &mut Batch<P>) -> Result<(), Infallible> {
        for i in 0..batch.len() {
            let v = self.rollout(batch.position(i));
            // The priors are uniform already.
            batch.values[i] = v;
        }
        Ok(())
    }
}
