//! The games of a `VectorEnv`, without Python: one game ([`Env`]) and how
//! it moves, ends and restarts, the settings all games share
//! ([`Setting`]), and the step and reset of runs of games writing their
//! outputs into the env's buffers ([`Out`]). Generic over the game
//! ([`EnvGame`]): one implementation for Tamerlane, chess and Makruk
//! (docs/PYTHON.md, "Reinforcement learning").

use std::collections::VecDeque;

use tamerlane_core::{Color, Outcome};

use crate::env_game::{obs_len, EnvGame};
use crate::repetition_window::RepetitionWindow;
use crate::research::{PlaneValue, MAX_HISTORY};

/// The earlier placements (kept with the latest last) as the plane writers
/// take them: the latest first, then `None` for the plies before the
/// game's start.
fn earlier_placements<K>(earlier: &VecDeque<K>) -> [Option<&K>; MAX_HISTORY] {
    let mut out = [None; MAX_HISTORY];
    for (slot, key) in out.iter_mut().zip(earlier.iter().rev()) {
        *slot = Some(key);
    }
    out
}

/// How a game stands after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status<T> {
    /// The game goes on.
    Ongoing,
    /// The rules ended the game.
    Over(Outcome<T>),
    /// The length cap ended it.
    Truncated,
}

/// One game of the vector: the current position and the action indices of
/// its legal moves, the positions the repetition rule still reads, and the
/// placements of the `history` positions before the current one (for the
/// history planes).
#[derive(Clone)]
pub struct Env<P: EnvGame> {
    /// The current position.
    pub pos: P,
    /// The action index of every legal move, in the generator's order (that
    /// of `Position::legal_moves`).
    pub actions: Vec<u16>,
    /// Plies played in the current episode.
    pub plies: u32,
    /// `None` when the rules have no repetition rule: nothing reads the
    /// count then, so it is taken as 1.
    pub window: Option<RepetitionWindow<P>>,
    /// The placements of up to `history` earlier positions, the latest last.
    pub earlier: VecDeque<P::Key>,
    /// The number of earlier positions in an observation.
    pub history: usize,
    /// What the last write into the game's observation set.
    obs_planes: P::PlaneRecord,
    /// Next-step autoreset: the game ended in the last step and is reset
    /// by the next one (which ignores its action).
    pub pending_reset: bool,
}

impl<P: EnvGame> Env<P> {
    /// A game at `start` keeping `history` earlier placements.
    pub fn new(start: &P, history: usize) -> Env<P> {
        let mut env = Env {
            pos: start.clone(),
            actions: Vec::new(),
            plies: 0,
            window: None,
            earlier: VecDeque::with_capacity(history),
            history,
            obs_planes: P::PlaneRecord::default(),
            pending_reset: false,
        };
        env.reset(start);
        env
    }

    /// Starts a new episode at `start` (whose rules may differ from the
    /// last episode's).
    pub fn reset(&mut self, start: &P) {
        self.pos.clone_from(start);
        if start.end_rules().has_repetition() {
            match &mut self.window {
                Some(w) => w.restart(start),
                None => self.window = Some(RepetitionWindow::new(start)),
            }
        } else {
            self.window = None;
        }
        self.earlier.clear();
        self.generate();
        self.plies = 0;
        self.pending_reset = false;
    }

    /// Generates the action indices of the legal moves of the current
    /// position (without building the moves where the game can).
    pub fn generate(&mut self) {
        let actions = &mut self.actions;
        actions.clear();
        self.pos.for_each_action(|a| actions.push(a as u16));
    }

    /// How many times the current position has occurred in this game (1
    /// when the rules have no repetition rule).
    pub fn repetitions(&self) -> usize {
        self.window.as_ref().map_or(1, |w| w.count(&self.pos))
    }

    /// The outcome of the current position as `Game::outcome` decides it
    /// (`self.actions` must be its legal moves).
    pub fn outcome(&self, repetitions: usize) -> Option<Outcome<P::Termination>> {
        self.pos.outcome_with(!self.actions.is_empty(), repetitions)
    }

    /// How the game stands: over by the rules, truncated at `max_plies`,
    /// or going on.
    pub fn status(&self, repetitions: usize, max_plies: u32) -> Status<P::Termination> {
        if let Some(o) = self.outcome(repetitions) {
            return Status::Over(o);
        }
        if self.plies >= max_plies {
            return Status::Truncated;
        }
        Status::Ongoing
    }

    /// The legal move with action index `action`, if any.
    pub fn find(&self, action: usize) -> Option<P::Move> {
        if !self.actions.iter().any(|a| usize::from(*a) == action) {
            return None;
        }
        self.pos.action_move(action)
    }

    /// Plays `m` (a legal move) and brings the action indices up to date
    /// (generated once: the outcome's "no legal move" test reads them).
    pub fn advance(&mut self, m: &P::Move, max_plies: u32) -> (Status<P::Termination>, usize) {
        if self.history > 0 {
            if self.earlier.len() == self.history {
                self.earlier.pop_front();
            }
            self.earlier.push_back(self.pos.key());
        }
        let irreversible = self.pos.is_irreversible(m);
        self.pos.play_unchecked(m);
        if let Some(w) = &mut self.window {
            w.push(m, irreversible, &self.pos);
        }
        self.plies += 1;
        self.generate();
        let reps = self.repetitions();
        (self.status(reps, max_plies), reps)
    }

    /// Writes the planes of the current position (`history` earlier ones)
    /// into `out` whole, leaving the record of the game's observation
    /// alone: a final observation.
    pub fn write_planes<T: PlaneValue>(&self, out: &mut [T], repetitions: usize) {
        let earlier = earlier_placements(&self.earlier);
        let mut record = P::PlaneRecord::default();
        self.pos.write_obs(
            &mut record,
            out,
            repetitions,
            &earlier[..self.history],
            true,
        );
    }

    /// Writes the planes of the current position into `obs`, this game's
    /// observation: whole after a reset (`whole`), else by updating the
    /// planes of the previous step in place.
    pub fn write_obs<T: PlaneValue>(&mut self, obs: &mut [T], repetitions: usize, whole: bool) {
        let earlier = earlier_placements(&self.earlier);
        self.pos.write_obs(
            &mut self.obs_planes,
            obs,
            repetitions,
            &earlier[..self.history],
            whole,
        );
    }

    /// Sets (or clears) the mask entries of the current legal moves.
    pub fn mark(&self, mask: &mut [bool], value: bool) {
        for &a in &self.actions {
            mask[usize::from(a)] = value;
        }
    }
}

/// The per-game outputs of a step, for a run of consecutive games.
pub struct Out<'a, T> {
    /// The observations.
    pub obs: &'a mut [T],
    /// The legal-action masks.
    pub mask: &'a mut [bool],
    /// The rewards of the movers.
    pub reward: &'a mut [f32],
    /// Whether the rules ended a game.
    pub terminated: &'a mut [bool],
    /// Whether the length cap ended a game.
    pub truncated: &'a mut [bool],
    /// The last observations of the games that ended (same-step mode).
    pub final_obs: &'a mut [T],
    /// Whether a game ended.
    pub done: &'a mut [bool],
    /// The winners of the games that ended (1, -1, 0).
    pub winner: &'a mut [i8],
    /// Their terminations (-1 if truncated).
    pub termination: &'a mut [i8],
    /// Their lengths.
    pub plies: &'a mut [i32],
}

impl<'a, T> Out<'a, T> {
    /// The first `n` games' outputs and the rest's.
    fn split(self, n: usize, obs_len: usize, actions: usize) -> (Out<'a, T>, Out<'a, T>) {
        let (obs, obs2) = self.obs.split_at_mut(n * obs_len);
        let (mask, mask2) = self.mask.split_at_mut(n * actions);
        let (reward, reward2) = self.reward.split_at_mut(n);
        let (terminated, terminated2) = self.terminated.split_at_mut(n);
        let (truncated, truncated2) = self.truncated.split_at_mut(n);
        let (final_obs, final_obs2) = self.final_obs.split_at_mut(n * obs_len);
        let (done, done2) = self.done.split_at_mut(n);
        let (winner, winner2) = self.winner.split_at_mut(n);
        let (termination, termination2) = self.termination.split_at_mut(n);
        let (plies, plies2) = self.plies.split_at_mut(n);
        (
            Out {
                obs,
                mask,
                reward,
                terminated,
                truncated,
                final_obs,
                done,
                winner,
                termination,
                plies,
            },
            Out {
                obs: obs2,
                mask: mask2,
                reward: reward2,
                terminated: terminated2,
                truncated: truncated2,
                final_obs: final_obs2,
                done: done2,
                winner: winner2,
                termination: termination2,
                plies: plies2,
            },
        )
    }

    /// Clears the step outputs of game `i` (no reward, no ending).
    fn clear_step(&mut self, i: usize) {
        self.reward[i] = 0.0;
        self.terminated[i] = false;
        self.truncated[i] = false;
        self.done[i] = false;
        self.winner[i] = 0;
        self.termination[i] = -1;
        self.plies[i] = 0;
    }
}

/// When a finished game of a `VectorEnv` restarts (Gymnasium's
/// `AutoresetMode`, but for `DISABLED`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// In the step it ends: `obs` shows the new game, the last position is
    /// in `info["final_obs"]`.
    SameStep,
    /// In the next step, which ignores the game's action: `obs` shows the
    /// last position.
    NextStep,
}

impl Autoreset {
    /// The value of Gymnasium's `AutoresetMode` member.
    pub fn value(self) -> &'static str {
        match self {
            Autoreset::SameStep => "SameStep",
            Autoreset::NextStep => "NextStep",
        }
    }

    /// The name of Gymnasium's `AutoresetMode` member.
    pub fn member(self) -> &'static str {
        match self {
            Autoreset::SameStep => "SAME_STEP",
            Autoreset::NextStep => "NEXT_STEP",
        }
    }
}

/// The winner of an outcome as a number: 1 White, -1 Black, 0 none.
pub fn winner_code<T>(o: &Outcome<T>) -> i8 {
    match o.winner {
        Some(Color::White) => 1,
        Some(Color::Black) => -1,
        None => 0,
    }
}

/// The settings every game of a vector shares.
#[derive(Clone)]
pub struct Setting<P: EnvGame> {
    /// Where a game restarts (an autoreset, a reset without options).
    pub start: P,
    /// The length cap.
    pub max_plies: u32,
    /// Earlier positions in an observation.
    pub history: usize,
    /// When a finished game restarts.
    pub autoreset: Autoreset,
}

impl<P: EnvGame> Setting<P> {
    /// The values of one game's observation.
    pub fn obs_len(&self) -> usize {
        obs_len::<P>(self.history)
    }

    /// Steps game `i` of a run (`out` holds the run's outputs) with `m`;
    /// `None` resets a game that ended in the last step (next-step
    /// autoreset).
    fn step_one<T: PlaneValue>(
        &self,
        env: &mut Env<P>,
        m: Option<&P::Move>,
        i: usize,
        out: &mut Out<'_, T>,
    ) {
        let len = self.obs_len();
        let a = P::ACTION_SPACE;
        out.clear_step(i);
        let obs = &mut out.obs[i * len..(i + 1) * len];
        let mask = &mut out.mask[i * a..(i + 1) * a];
        let Some(m) = m else {
            // Next-step autoreset: the game ended in the last step (its mask
            // row was cleared then).
            env.reset(&self.start);
            env.write_obs(obs, 1, true);
            env.mark(mask, true);
            return;
        };
        let mover = env.pos.turn();
        env.mark(mask, false);
        let (status, reps) = env.advance(m, self.max_plies);
        let mut reps = reps;
        if status != Status::Ongoing {
            out.done[i] = true;
            out.plies[i] = env.plies as i32;
            match status {
                Status::Over(o) => {
                    out.terminated[i] = true;
                    out.termination[i] = P::termination_code(o.termination);
                    out.winner[i] = winner_code(&o);
                    out.reward[i] = match o.winner {
                        Some(w) if w == mover => 1.0,
                        Some(_) => -1.0,
                        None => 0.0,
                    };
                }
                _ => out.truncated[i] = true,
            }
            if self.autoreset == Autoreset::NextStep {
                // The last position is the observation; the mask row stays
                // clear (no move is played in this game next step).
                env.write_obs(obs, reps, false);
                env.pending_reset = true;
                return;
            }
            env.write_planes(&mut out.final_obs[i * len..(i + 1) * len], reps);
            env.reset(&self.start);
            reps = 1;
        }
        env.write_obs(obs, reps, status != Status::Ongoing);
        env.mark(mask, true);
    }

    /// Steps a run of games, each with its move (`None`: reset it).
    fn step_run<T: PlaneValue>(
        &self,
        envs: &mut [Env<P>],
        moves: &[Option<P::Move>],
        mut out: Out<'_, T>,
    ) {
        for (i, (env, m)) in envs.iter_mut().zip(moves).enumerate() {
            self.step_one(env, m.as_ref(), i, &mut out);
        }
    }

    /// Puts game `i` in `env` (a new episode, or a state set from
    /// Python), writing its observation whole and its mask row (whose old
    /// entries, those of `old`'s legal moves, are cleared first). A game
    /// that is over by the rules or at the length cap becomes a game that
    /// the next step resets (next-step mode only: the caller checks).
    pub fn place<T: PlaneValue>(
        &self,
        slot: &mut Env<P>,
        env: Env<P>,
        i: usize,
        out: &mut Out<'_, T>,
    ) {
        let len = self.obs_len();
        let a = P::ACTION_SPACE;
        out.clear_step(i);
        let mask = &mut out.mask[i * a..(i + 1) * a];
        if !slot.pending_reset {
            slot.mark(mask, false);
        }
        *slot = env;
        let reps = slot.repetitions();
        slot.pending_reset = slot.status(reps, self.max_plies) != Status::Ongoing;
        slot.write_obs(&mut out.obs[i * len..(i + 1) * len], reps, true);
        if !slot.pending_reset {
            slot.mark(mask, true);
        }
    }
}

/// The fewest games a worker thread of `step` gets: starting the threads
/// for every step costs tens of microseconds, and smaller runs were
/// slower on two threads than on one (docs/BENCHMARKS.md, "VectorEnv").
const MIN_GAMES_PER_STEP_THREAD: usize = 512;

/// Splits `0..n` into at most `threads` runs of consecutive indices: the
/// run lengths.
pub fn run_lengths(n: usize, threads: usize) -> Vec<usize> {
    let threads = threads.clamp(1, n.max(1));
    let base = n / threads;
    let extra = n % threads;
    (0..threads)
        .map(|t| base + usize::from(t < extra))
        .collect()
}

/// Steps every game with its move, in runs on up to `threads` threads
/// (each with at least `MIN_GAMES_PER_STEP_THREAD` games).
pub fn step_all<P: EnvGame, T: PlaneValue>(
    envs: &mut [Env<P>],
    setting: &Setting<P>,
    threads: usize,
    moves: &[Option<P::Move>],
    out: Out<'_, T>,
) {
    let threads = threads.min(envs.len() / MIN_GAMES_PER_STEP_THREAD).max(1);
    let lengths = run_lengths(envs.len(), threads);
    if lengths.len() == 1 {
        setting.step_run(envs, moves, out);
        return;
    }
    std::thread::scope(|s| {
        let mut envs = envs;
        let mut moves = moves;
        let mut out = out;
        for n in lengths {
            let (e, e2) = envs.split_at_mut(n);
            let (m, m2) = moves.split_at(n);
            let (o, o2) = out.split(n, setting.obs_len(), P::ACTION_SPACE);
            envs = e2;
            moves = m2;
            out = o2;
            s.spawn(move || setting.step_run(e, m, o));
        }
    });
}

/// Resets every game to the setting's start and writes its observation
/// and mask (the mask cleared whole first).
pub fn reset_all<P: EnvGame, T: PlaneValue>(
    envs: &mut [Env<P>],
    setting: &Setting<P>,
    out: Out<'_, T>,
) {
    let len = setting.obs_len();
    let a = P::ACTION_SPACE;
    out.mask.fill(false);
    out.reward.fill(0.0);
    out.terminated.fill(false);
    out.truncated.fill(false);
    out.done.fill(false);
    out.winner.fill(0);
    out.termination.fill(-1);
    out.plies.fill(0);
    for (i, env) in envs.iter_mut().enumerate() {
        env.reset(&setting.start);
        env.write_obs(&mut out.obs[i * len..(i + 1) * len], 1, true);
        env.mark(&mut out.mask[i * a..(i + 1) * a], true);
    }
}

/// Puts each `(i, env)` of `games` in game `i` ([`Setting::place`]).
pub fn place_all<P: EnvGame, T: PlaneValue>(
    envs: &mut [Env<P>],
    setting: &Setting<P>,
    games: Vec<(usize, Env<P>)>,
    mut out: Out<'_, T>,
) {
    for (i, env) in games {
        setting.place(&mut envs[i], env, i, &mut out);
    }
}
