//! The search loop: simulations gathered in batches (selection with
//! virtual loss down to a new leaf or an ending), one evaluator call per
//! batch, then expansion and backup; the Dirichlet noise at the root, the
//! final choice and the tree kept between moves.

use std::sync::atomic::{AtomicBool, Ordering};

use tamerlane_core::{Position, Rng};

use super::config::{MctsConfig, MctsConfigError, MctsError};
use super::evaluator::{outcome_value, Batch, Evaluator, RolloutEvaluator};
use super::noise::{dirichlet, uniform_open};
use super::select::select_child;
use super::tree::{NodeState, Tree, ROOT};

/// Where a simulation's value comes from.
#[derive(Copy, Clone, Debug)]
enum LeafValue {
    /// An ending: the value from the view of the side to move there.
    Known(f32),
    /// The evaluation of the batch's leaf in this slot.
    Slot(u32),
}

/// One simulation of the batch: its path (`paths[start..end]`, root first)
/// and where its value comes from.
#[derive(Copy, Clone, Debug)]
struct Simulation {
    start: u32,
    end: u32,
    value: LeafValue,
}

/// The statistics of one move at the root.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ChildStats<M> {
    /// The move.
    pub mv: M,
    /// Completed simulations through it.
    pub visits: u32,
    /// Its prior (with the root's noise mixed in, if any).
    pub prior: f32,
    /// Its mean value from the view of the side to move at the root
    /// (`None` before its first visit).
    pub q: Option<f64>,
    /// Whether the move is proven to win (`Some(true)`) or to lose
    /// (`Some(false)`) for the side to move at the root: it ends the game
    /// so, or (with [`MctsConfig::solver`]) the search proved it.
    pub proven: Option<bool>,
}

/// What one [`Mcts::run`] did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RunStats {
    /// Simulations completed (fewer than asked only when stopped).
    pub simulations: u32,
    /// Evaluator calls.
    pub batches: u32,
    /// Whether the stop flag ended the run early.
    pub stopped: bool,
}

/// A Monte Carlo tree search over any game of the family (PUCT, batched
/// leaves with virtual loss), whose tree is kept from move to move.
///
/// ```
/// use tamerlane_ai::mcts::{Mcts, MctsConfig, RolloutEvaluator};
/// use tamerlane_core::chess;
///
/// // A back-rank mate in one: Ra8.
/// let pos = chess::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
/// let config = MctsConfig { simulations: 2000, dirichlet_fraction: 0.0, temperature: 0.0, ..MctsConfig::default() };
/// let mut mcts = Mcts::new(pos, config).unwrap();
/// let mut eval = RolloutEvaluator::new(config.rollout_plies, config.seed);
/// mcts.run(&mut eval, None).unwrap();
/// assert_eq!(mcts.choose().unwrap().to_string(), "a1a8");
/// let visits: u32 = mcts.root_stats().iter().map(|c| c.visits).sum();
/// assert_eq!(visits, 2000);
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<P: Position> {
    pub(super) config: MctsConfig,
    rng: Rng,
    root_pos: P,
    /// Plies played since the search started (for the ply cap).
    root_ply: u32,
    pub(super) tree: Tree<P::Move>,
    /// The root's priors before any noise (empty until the root has been
    /// expanded and noised).
    clean_priors: Vec<f32>,
    noise: Vec<f32>,
    // Buffers reused from batch to batch.
    batch: Batch<P>,
    paths: Vec<u32>,
    sims: Vec<Simulation>,
    moves: P::MoveList,
    /// For each leaf of the batch, whether its side to move can draw at
    /// once (the solver's floor of 0 under its value).
    can_draw: Vec<bool>,
}

impl<P: Position> Mcts<P> {
    /// A search from `root` with `config` (checked first).
    pub fn new(root: P, config: MctsConfig) -> Result<Self, MctsConfigError> {
        config.validate()?;
        Ok(Mcts {
            config,
            rng: Rng::new(config.seed),
            root_pos: root,
            root_ply: 0,
            tree: Tree::new(),
            clean_priors: Vec::new(),
            noise: Vec::new(),
            batch: Batch::default(),
            paths: Vec::new(),
            sims: Vec::new(),
            moves: P::MoveList::default(),
            can_draw: Vec::new(),
        })
    }

    /// The [`RolloutEvaluator`] of this search's settings (its playout
    /// length, and a seed derived from the search's).
    pub fn rollout_evaluator(&self) -> RolloutEvaluator<P> {
        RolloutEvaluator::new(
            self.config.rollout_plies,
            self.config.seed ^ 0x5DEE_CE66_D1CE_4E5B,
        )
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The position at the root.
    pub fn position(&self) -> &P {
        &self.root_pos
    }

    /// The number of nodes in the tree.
    pub fn tree_size(&self) -> usize {
        self.tree.nodes.len()
    }

    /// The value of `pos` if the search does not go on from it (its game is
    /// over, or the ply cap is reached `plies` plies after the root).
    fn terminal_value(&self, pos: &P, plies: u32) -> Option<f32> {
        if let Some(v) = outcome_value(pos) {
            return Some(v);
        }
        let cap = self.config.max_plies?;
        (self.root_ply.saturating_add(plies) >= cap).then_some(0.0)
    }

    /// Runs `config.simulations` more simulations (the statistics of a
    /// tree kept from an earlier move or run are added to), evaluating
    /// leaves a batch at a time; a `stop` flag set meanwhile ends the run
    /// after the current batch. The root is evaluated first if it is new
    /// (not a simulation), and noise is mixed into its priors when the
    /// settings ask for it (fresh noise each run).
    pub fn run<E: Evaluator<P>>(
        &mut self,
        evaluator: &mut E,
        stop: Option<&AtomicBool>,
    ) -> Result<RunStats, MctsError<E::Error>> {
        let mut stats = RunStats {
            simulations: 0,
            batches: 0,
            stopped: false,
        };
        self.prepare_root(evaluator, &mut stats)?;
        self.add_root_noise();
        let total = self.config.simulations;
        while stats.simulations < total {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                stats.stopped = true;
                break;
            }
            let n = (total - stats.simulations).min(self.config.batch);
            let gathered = self.gather(n);
            if !self.batch.is_empty() {
                stats.batches += 1;
                if let Err(e) = evaluator.evaluate(&mut self.batch) {
                    self.abandon();
                    return Err(MctsError::Evaluator(e));
                }
            }
            self.finish_batch();
            stats.simulations += gathered;
        }
        Ok(stats)
    }

    /// Evaluates and expands a new root; `GameOver` for a root that is an
    /// ending.
    fn prepare_root<E: Evaluator<P>>(
        &mut self,
        evaluator: &mut E,
        stats: &mut RunStats,
    ) -> Result<(), MctsError<E::Error>> {
        match self.tree.nodes[ROOT].state {
            NodeState::Expanded => return Ok(()),
            NodeState::Terminal(_) => return Err(MctsError::GameOver),
            NodeState::New | NodeState::Pending(_) => {}
        }
        if let Some(v) = self.terminal_value(&self.root_pos, 0) {
            self.tree.nodes[ROOT].state = NodeState::Terminal(v);
            return Err(MctsError::GameOver);
        }
        self.batch.clear();
        self.root_pos.legal_moves_into(&mut self.moves);
        self.batch.push(ROOT, &self.root_pos, &self.moves);
        stats.batches += 1;
        evaluator
            .evaluate(&mut self.batch)
            .map_err(MctsError::Evaluator)?;
        self.batch.normalise();
        let root = &mut self.tree.nodes[ROOT];
        root.visits = 1;
        root.value_sum = -f64::from(self.batch.value(0));
        self.tree
            .expand(ROOT, self.batch.moves(0), self.batch.priors(0));
        self.clean_priors.clear();
        self.batch.clear();
        Ok(())
    }

    /// Mixes fresh Dirichlet noise into the root's priors (from the clean
    /// priors kept the first time): `(1 - fraction) * prior + fraction *
    /// noise`. Nothing for a fraction of 0 or a root not expanded.
    pub(crate) fn add_root_noise(&mut self) {
        let fraction = self.config.dirichlet_fraction;
        let children = self.tree.nodes[ROOT].children();
        if fraction <= 0.0 || children.is_empty() {
            return;
        }
        if self.clean_priors.is_empty() {
            self.clean_priors
                .extend(self.tree.nodes[children.clone()].iter().map(|c| c.prior));
        }
        self.noise.resize(children.len(), 0.0);
        dirichlet(
            &mut self.rng,
            f64::from(self.config.dirichlet_alpha),
            &mut self.noise,
        );
        for ((child, clean), eta) in self.tree.nodes[children]
            .iter_mut()
            .zip(&self.clean_priors)
            .zip(&self.noise)
        {
            child.prior = (1.0 - fraction) * clean + fraction * eta;
        }
    }

    /// Selects up to `n` simulations' paths (virtual loss added along
    /// each), putting the new leaves into the batch; returns how many. A
    /// path that ends at a leaf already waiting in this batch (a
    /// collision) is taken back and the selection tried again, at most `n`
    /// times per batch: the batch then goes with fewer simulations. The
    /// first path of a batch cannot collide, so every batch has one.
    fn gather(&mut self, n: u32) -> u32 {
        self.batch.clear();
        self.can_draw.clear();
        self.paths.clear();
        self.sims.clear();
        let c_puct = f64::from(self.config.c_puct);
        let mut pos = self.root_pos.clone();
        let mut collisions = 0;
        while (self.sims.len() as u32) < n && collisions < n {
            pos.clone_from(&self.root_pos);
            let start = self.paths.len() as u32;
            let mut node = ROOT;
            let mut plies = 0u32;
            let value = loop {
                self.paths.push(node as u32);
                self.tree.nodes[node].in_flight += 1;
                match self.tree.nodes[node].state {
                    NodeState::Expanded if self.tree.nodes[node].num_children > 0 => {
                        node = select_child(&self.tree, node, c_puct);
                        let mv = self.tree.nodes[node].mv.expect("a child has a move");
                        pos.play_unchecked(&mv);
                        plies += 1;
                    }
                    // Not reachable: a position that is no ending has a
                    // legal move. Valued as a draw.
                    NodeState::Expanded => break Some(LeafValue::Known(0.0)),
                    NodeState::Terminal(v) => break Some(LeafValue::Known(v)),
                    NodeState::Pending(_) => break None,
                    NodeState::New => {
                        if let Some(v) = self.terminal_value(&pos, plies) {
                            self.tree.nodes[node].state = NodeState::Terminal(v);
                            break Some(LeafValue::Known(v));
                        }
                        pos.legal_moves_into(&mut self.moves);
                        let mut can_draw = false;
                        if self.config.solver {
                            match self.ending_in_one(&pos, plies) {
                                Some(true) => {
                                    self.tree.nodes[node].state = NodeState::Terminal(1.0);
                                    break Some(LeafValue::Known(1.0));
                                }
                                Some(false) => can_draw = true,
                                None => {}
                            }
                        }
                        let slot = self.batch.push(node, &pos, &self.moves) as u32;
                        self.can_draw.push(can_draw);
                        self.tree.nodes[node].state = NodeState::Pending(slot);
                        break Some(LeafValue::Slot(slot));
                    }
                }
            };
            match value {
                Some(value) => self.sims.push(Simulation {
                    start,
                    end: self.paths.len() as u32,
                    value,
                }),
                None => {
                    for &node in &self.paths[start as usize..] {
                        self.tree.nodes[node as usize].in_flight -= 1;
                    }
                    self.paths.truncate(start as usize);
                    collisions += 1;
                }
            }
        }
        self.sims.len() as u32
    }

    /// Expands the batch's leaves with their priors and backs up every
    /// simulation's value, the sign flipped at each ply.
    fn finish_batch(&mut self) {
        self.batch.normalise();
        for slot in 0..self.batch.len() {
            let node = self.batch.nodes[slot] as usize;
            self.tree
                .expand(node, self.batch.moves(slot), self.batch.priors(slot));
        }
        for k in 0..self.sims.len() {
            let sim = self.sims[k];
            let v = match sim.value {
                LeafValue::Known(v) => v,
                // A side that can draw at once is worth at least a draw.
                LeafValue::Slot(s) if self.can_draw[s as usize] => {
                    self.batch.value(s as usize).max(0.0)
                }
                LeafValue::Slot(s) => self.batch.value(s as usize),
            };
            // The leaf's value is the side to move's there; its node holds
            // the view of the side that moved into it.
            let mut x = -f64::from(v);
            for &node in self.paths[sim.start as usize..sim.end as usize]
                .iter()
                .rev()
            {
                let n = &mut self.tree.nodes[node as usize];
                n.in_flight -= 1;
                n.visits += 1;
                n.value_sum += x;
                x = -x;
            }
            if self.config.solver && matches!(sim.value, LeafValue::Known(v) if v.abs() >= 1.0) {
                self.prove_up(sim.start as usize, sim.end as usize);
            }
        }
        self.batch.clear();
    }

    /// The solver's step ([`MctsConfig::solver`]) after a simulation that
    /// ended in a won or lost position (`paths[start..end]`, the root
    /// first): from the leaf's parent up, each node whose result its
    /// children now prove becomes an ending of that value, until one is
    /// not proven. The root is never marked (it has to stay searchable);
    /// its moves' proofs are read by [`Mcts::root_stats`].
    fn prove_up(&mut self, start: usize, end: usize) {
        for i in (start + 1..end - 1).rev() {
            let node = self.paths[i] as usize;
            let Some(won) = self.proof(node) else { return };
            self.tree.nodes[node].state = NodeState::Terminal(if won { 1.0 } else { -1.0 });
        }
    }

    /// What the children of an expanded `node` prove for its side to
    /// move: won if a move leads to a position lost for the opponent, lost
    /// if every move leads to one won for the opponent.
    fn proof(&self, node: usize) -> Option<bool> {
        let n = &self.tree.nodes[node];
        if n.state != NodeState::Expanded || n.num_children == 0 {
            return None;
        }
        let mut all_lost = true;
        for child in &self.tree.nodes[n.children()] {
            match child.proven() {
                Some(false) => return Some(true),
                Some(true) => {}
                None => all_lost = false,
            }
        }
        all_lost.then_some(false)
    }

    /// The best ending the side to move at `pos` (`plies` after the
    /// root, its legal moves in `self.moves`) can reach in one move:
    /// `Some(true)` a win, `Some(false)` a draw (and no win), `None`
    /// neither. The solver's check of a new leaf: a win in one proves the
    /// leaf without waiting for the search to visit that move among all
    /// the others (a forced win a few moves deep then needs only the
    /// defences visited), and a draw in one puts a floor of 0 under the
    /// leaf's value (a side far behind that can run into a citadel is not
    /// lost).
    fn ending_in_one(&self, pos: &P, plies: u32) -> Option<bool> {
        let mut next = pos.clone();
        let mut best = None;
        for mv in self.moves.iter() {
            next.clone_from(pos);
            next.play_unchecked(mv);
            match self.terminal_value(&next, plies + 1) {
                Some(v) if v <= -1.0 => return Some(true),
                Some(v) if v < 1.0 => best = Some(false),
                _ => {}
            }
        }
        best
    }

    /// Takes back the virtual loss of a batch whose evaluation failed, its
    /// leaves new again.
    fn abandon(&mut self) {
        for sim in &self.sims {
            for &node in &self.paths[sim.start as usize..sim.end as usize] {
                self.tree.nodes[node as usize].in_flight -= 1;
            }
        }
        for &node in &self.batch.nodes {
            self.tree.nodes[node as usize].state = NodeState::New;
        }
        self.batch.clear();
    }

    /// The root's moves with their statistics, in the generator's order
    /// (empty before the first run).
    pub fn root_stats(&self) -> Vec<ChildStats<P::Move>> {
        self.tree.nodes[self.tree.nodes[ROOT].children()]
            .iter()
            .map(|c| ChildStats {
                mv: c.mv.expect("a child has a move"),
                visits: c.visits,
                prior: c.prior,
                q: c.q(),
                proven: c.proven().map(|won| !won),
            })
            .collect()
    }

    /// The value of the root from the view of its side to move: the mean
    /// of its evaluation and of every simulation's value (`None` before
    /// the first run).
    pub fn root_value(&self) -> Option<f64> {
        self.tree.nodes[ROOT].q().map(|q| -q)
    }

    /// The move to play: with [`MctsConfig::solver`] a move proven to
    /// win if there is one (one that ends the game at once first, else
    /// the first), else at temperature 0 the most
    /// visited (the higher prior, then the first, among equals), else one
    /// sampled with probability proportional to `visits^(1 /
    /// temperature)` from the search's generator. `None` before the first
    /// run.
    pub fn choose(&mut self) -> Option<P::Move> {
        let children = self.tree.nodes[ROOT].children();
        let nodes = &self.tree.nodes[children];
        if self.config.solver {
            let mut wins = nodes.iter().filter_map(|c| match c.proven() {
                Some(false) => c.mv,
                _ => None,
            });
            if let Some(first) = wins.next() {
                let mut after = self.root_pos.clone();
                let at_once = std::iter::once(first).chain(wins).find(|mv| {
                    after.clone_from(&self.root_pos);
                    after.play_unchecked(mv);
                    outcome_value(&after).is_some()
                });
                return Some(at_once.unwrap_or(first));
            }
        }
        let t = f64::from(self.config.temperature);
        let total: u64 = nodes.iter().map(|c| u64::from(c.visits)).sum();
        if t == 0.0 || total == 0 {
            let best = nodes.iter().enumerate().max_by(|(i, a), (j, b)| {
                (a.visits, a.prior)
                    .partial_cmp(&(b.visits, b.prior))
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(j.cmp(i))
            })?;
            return best.1.mv;
        }
        let max = nodes.iter().map(|c| c.visits).max().unwrap_or(0).max(1);
        // Visits over the largest, so that a low temperature cannot overflow.
        let weight = |v: u32| (f64::from(v) / f64::from(max)).powf(1.0 / t);
        let sum: f64 = nodes.iter().map(|c| weight(c.visits)).sum();
        let mut x = uniform_open(&mut self.rng) * sum;
        let mut last = None;
        for c in nodes {
            let w = weight(c.visits);
            if w > 0.0 {
                last = c.mv;
                if x < w {
                    return c.mv;
                }
                x -= w;
            }
        }
        last
    }

    /// Plays `mv` at the root, keeping the subtree under it (its
    /// statistics) as the new tree; `mv` must be legal at the root
    /// (otherwise nothing changes and the error says why).
    pub fn play(&mut self, mv: &P::Move) -> Result<(), P::IllegalMoveError> {
        let mut next = self.root_pos.clone();
        next.play(mv)?;
        self.root_pos = next;
        self.root_ply += 1;
        let child = self.tree.nodes[self.tree.nodes[ROOT].children()]
            .iter()
            .position(|c| c.mv.as_ref() == Some(mv));
        match child {
            Some(i) => {
                let first = self.tree.nodes[ROOT].first_child as usize;
                self.tree.reroot(first + i);
            }
            None => self.tree.clear(),
        }
        // The endings found under the ply cap stay right: a node's ply
        // count from the start is the same under the new root. A root the
        // solver proved is searched again (its proof holds below it); one
        // proved by its win in one, never expanded, is evaluated afresh
        // (an ending is found an ending again).
        let root = &mut self.tree.nodes[ROOT];
        if matches!(root.state, NodeState::Terminal(_)) {
            root.state = if root.num_children > 0 {
                NodeState::Expanded
            } else {
                NodeState::New
            };
        }
        self.clean_priors.clear();
        Ok(())
    }

    /// Starts over from `root`: a new tree, the ply count at 0 (the
    /// generator goes on).
    pub fn reset(&mut self, root: P) {
        self.root_pos = root;
        self.root_ply = 0;
        self.tree.clear();
        self.clean_priors.clear();
    }
}
