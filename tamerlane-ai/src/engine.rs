//! The engine object and Lazy SMP: several threads search the same position
//! over one shared transposition table; the main thread's result is used.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::config::SearchConfig;
use crate::eval::EvalKind;
use crate::nnue::{NetError, Nets, Network};
use tamerlane_core::{Game, Variant};

use crate::game::SearchPosition;
use crate::limits::Limits;
use crate::result::{Info, SearchResult};
use crate::search::{Shared, Worker};
use crate::timeman::budget;
use crate::tt::TranspositionTable;

/// The engine: configuration, transposition table, thread count, stop
/// flag, and the history scores kept from one search to the next (until
/// [`new_game`](Self::new_game); see `keephist` in
/// [`Features`](crate::Features)). One engine searches any of the games
/// (a core [`Game`] of Tamerlane, chess or Makruk); a table shared between
/// games is harmless but useless, so call [`new_game`](Self::new_game)
/// when switching.
///
/// ```
/// use tamerlane_ai::{Engine, Limits};
/// use tamerlane_core::tamerlane::Game;
///
/// let mut engine = Engine::builder().hash_mib(4).threads(1).build();
/// let result = engine.search(&Game::new(), &Limits::new().depth(2), |_| {});
/// assert!(result.best.is_some());
/// assert_eq!(result.depth, 2);
/// ```
///
/// Its evaluation is the configuration's ([`SearchConfig::eval`]): by
/// default [`EvalKind::Net`], the network of the game being searched from
/// the engine's [`Nets`] (at the start the nets embedded in the crate,
/// [`Nets::embedded`]; another with [`set_eval_file`](Self::set_eval_file)
/// or [`set_nets`](Self::set_nets)), and the hand-made evaluation for a
/// game without a net: [`uses_net`](Self::uses_net) tells which a search
/// of a game uses.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    /// One optional network per game.
    nets: Nets,
    hash_mib: usize,
    threads: usize,
    config: SearchConfig,
    stop: Arc<AtomicBool>,
    /// The node count of the running or last search ([`NodeCounter`]).
    nodes: Arc<AtomicU64>,
    /// The name of the game (variant) of the last search and each
    /// thread's quiet-move history scores at its end: the next search of
    /// that game starts from them (the `keephist` feature).
    kept_history: Option<(&'static str, Vec<Vec<i32>>)>,
}

/// The node count of an engine's running search ([`Engine::node_counter`]):
/// the nodes it has visited so far, 0 when no search runs. Each search
/// thread adds its nodes every 1024 nodes and after each iteration, so the
/// count lags the search by at most that; the finished search's total is
/// its [`SearchResult::nodes`].
///
/// ```
/// use tamerlane_ai::{Engine, Limits};
/// use tamerlane_core::tamerlane::Game;
///
/// let mut engine = Engine::builder().hash_mib(1).build();
/// let counter = engine.node_counter();
/// let mut seen = 0;
/// let result = engine.search(&Game::new(), &Limits::new().depth(3), |info| {
///     seen = counter.nodes();
///     assert_eq!(seen, info.nodes);
/// });
/// assert_eq!(seen, result.nodes);
/// assert_eq!(counter.nodes(), 0); // no search runs
/// ```
#[derive(Clone, Debug)]
pub struct NodeCounter(Arc<AtomicU64>);

impl NodeCounter {
    /// The nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// Builds an [`Engine`]: table size, threads and configuration, each with
/// its default unless set ([`Engine::builder`]).
#[derive(Clone, Debug)]
pub struct EngineBuilder {
    hash_mib: usize,
    threads: usize,
    config: SearchConfig,
    nets: Option<Nets>,
}

impl EngineBuilder {
    /// The transposition table size in MiB (default
    /// [`Engine::DEFAULT_HASH_MIB`]; at least 1). A table the machine
    /// cannot give is made smaller: [`Engine::hash_mib`] tells the size
    /// obtained.
    pub fn hash_mib(mut self, mib: usize) -> EngineBuilder {
        self.hash_mib = mib;
        self
    }

    /// The number of search threads (default 1; 1 to
    /// [`Engine::MAX_THREADS`], other values are brought into that range).
    pub fn threads(mut self, n: usize) -> EngineBuilder {
        self.threads = n;
        self
    }

    /// The search configuration (default [`SearchConfig::full`]).
    pub fn config(mut self, config: SearchConfig) -> EngineBuilder {
        self.config = config;
        self
    }

    /// The networks (default [`Nets::embedded`]).
    pub fn nets(mut self, nets: Nets) -> EngineBuilder {
        self.nets = Some(nets);
        self
    }

    /// The engine (this allocates and clears its table).
    pub fn build(self) -> Engine {
        let tt = TranspositionTable::new(self.hash_mib);
        Engine {
            nets: self.nets.unwrap_or_else(Nets::embedded),
            hash_mib: tt.size_mib().max(1),
            tt: Arc::new(tt),
            threads: self.threads.clamp(1, Engine::MAX_THREADS),
            config: self.config,
            stop: Arc::new(AtomicBool::new(false)),
            nodes: Arc::new(AtomicU64::new(0)),
            kept_history: None,
        }
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// The default transposition table size in MiB.
    pub const DEFAULT_HASH_MIB: usize = 16;
    /// The largest number of search threads.
    pub const MAX_THREADS: usize = 256;

    /// An engine with the defaults: the full configuration, one thread
    /// and a table of [`DEFAULT_HASH_MIB`](Self::DEFAULT_HASH_MIB) MiB.
    pub fn new() -> Engine {
        Engine::builder().build()
    }

    /// A builder starting from the defaults of [`new`](Self::new).
    pub fn builder() -> EngineBuilder {
        EngineBuilder {
            hash_mib: Engine::DEFAULT_HASH_MIB,
            threads: 1,
            config: SearchConfig::full(),
            nets: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Sets the configuration of the searches that follow (the history
    /// scores kept from earlier searches are kept).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// The networks.
    pub fn nets(&self) -> &Nets {
        &self.nets
    }

    /// Sets the networks.
    pub fn set_nets(&mut self, nets: Nets) {
        self.nets = nets;
    }

    /// Reads the net file at `path` and evaluates the game its header
    /// names with it; returns that game. A file that cannot be read or is
    /// refused ([`NetError`]) leaves the nets as they were.
    pub fn set_eval_file(&mut self, path: impl AsRef<Path>) -> Result<Variant, NetError> {
        self.nets.load_file(path)
    }

    /// Goes back to the nets embedded in the crate, for every game (none
    /// for a game the crate has no net for).
    pub fn use_embedded_nets(&mut self) {
        self.nets = Nets::embedded();
    }

    /// The net a search of `P` would use, whatever the configuration.
    pub fn net<P: SearchPosition>(&self) -> Option<Arc<Network<P>>> {
        self.nets.get::<P>()
    }

    /// Whether a search of the game `P` evaluates with a network: the
    /// configuration asks for one ([`EvalKind::Net`]) and the engine has
    /// one for `P`. Otherwise it uses the hand-made evaluation (the full
    /// one, or material only with [`EvalKind::Material`]).
    pub fn uses_net<P: SearchPosition>(&self) -> bool {
        self.uses_net_for(P::VARIANT)
    }

    /// [`uses_net`](Self::uses_net) for the game `variant`.
    pub fn uses_net_for(&self, variant: Variant) -> bool {
        self.config.eval == EvalKind::Net && self.nets.has(variant)
    }

    /// Builds, before a game of `variant`, what its searches would
    /// otherwise build when they first need it, so that no timed search
    /// waits on it: with a net, what the game's
    /// [`SearchPosition::prepare_scale_net`] builds (in Makruk with the
    /// `endings` switch, the exact tables of the bare-King endings, about
    /// 2 s once per process). Hosts call it before the clock runs: the
    /// match tool when it starts an engine, the UCI loop at `isready`,
    /// Python's `Engine` at its first search of a game. Every search with
    /// a deadline also calls it before its own clock starts, so a time
    /// budget never pays for a build.
    pub fn prepare(&self, variant: Variant) {
        match variant {
            Variant::Tamerlane => self.prepare_game::<tamerlane_core::tamerlane::Position>(),
            Variant::Chess => self.prepare_game::<tamerlane_core::chess::Position>(),
            Variant::Makruk => self.prepare_game::<tamerlane_core::makruk::Position>(),
        }
    }

    /// [`prepare`](Self::prepare) for the game `P`.
    fn prepare_game<P: SearchPosition>(&self) {
        if self.uses_net::<P>() {
            P::prepare_scale_net(&self.config.features_for(P::DEFAULT_FEATURES));
        }
    }

    /// Resizes (and clears) the transposition table to `mib` MiB (at
    /// least 1; smaller than asked if the memory cannot be had:
    /// [`hash_mib`](Self::hash_mib) tells the size obtained).
    pub fn set_hash_mib(&mut self, mib: usize) {
        // Free the old table first, so that its memory can be reused.
        self.tt = Arc::new(TranspositionTable::new(1));
        let tt = TranspositionTable::new(mib);
        self.hash_mib = tt.size_mib().max(1);
        self.tt = Arc::new(tt);
    }

    /// The table size in MiB.
    pub fn hash_mib(&self) -> usize {
        self.hash_mib
    }

    /// Sets the number of search threads (1 to
    /// [`MAX_THREADS`](Self::MAX_THREADS); other values are brought into
    /// that range).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, Engine::MAX_THREADS);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets everything learnt (for a new game): the table and the
    /// history scores kept between searches.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.kept_history = None;
    }

    /// The stop flag: setting it to `true` from any thread ends the
    /// running search soon after, with its best move so far and
    /// [`SearchResult::stopped`] set. Every search clears the flag when it
    /// starts, so a stop set before a search begins has no effect on it.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The node count of this engine's running search, to read from any
    /// thread while it runs (its progress between the [`Info`]s of its
    /// iterations).
    pub fn node_counter(&self) -> NodeCounter {
        NodeCounter(Arc::clone(&self.nodes))
    }

    /// Searches the current position of `game` under the game's rules
    /// (its draws: repetition, with the game's earlier positions, and the
    /// game's others), and answers at once with no move when the game has
    /// already ended. `info` is called after each completed iteration of
    /// the main thread.
    pub fn search<P: SearchPosition>(
        &mut self,
        game: &Game<P>,
        limits: &Limits,
        info: impl FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        let pos = game.position();
        if let Some(outcome) = game.outcome() {
            return SearchResult::game_over(outcome.winner, pos.turn());
        }
        self.search_position(pos, &game.earlier_hashes(), limits, info)
    }

    /// Searches `pos` under its rules: `history` holds the hashes of the
    /// game's earlier positions, oldest first (for repetitions; all of them
    /// may recur, so pass those since the last irreversible move, as
    /// [`Game::earlier_hashes`] does). Unlike
    /// [`search`](Self::search), it does not know whether the game has
    /// already ended by a rule that needs the history.
    pub fn search_position<P: SearchPosition>(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        mut info: impl FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        // A search on a clock prepares before its clock starts: a host that
        // did not (the CLI's `analyze` and `play`, a UCI `go` without
        // `isready`) then waits once, outside the time budget, instead of
        // overrunning it; when already prepared this costs nothing. A
        // search without a deadline (a depth or a node count) builds only
        // what it meets.
        let budget = budget(limits, pos.turn());
        if budget.hard.is_some() {
            self.prepare_game::<P>();
        }
        self.stop.store(false, Ordering::Relaxed);
        self.nodes.store(0, Ordering::Relaxed);
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            user_stop: &self.stop,
            stop: AtomicBool::new(false),
            nodes: &self.nodes,
            start: Instant::now(),
            budget,
            limits,
            threads: self.threads,
        };
        let config = self.config.for_game(P::DEFAULT_FEATURES);
        let net = if config.eval == EvalKind::Net {
            self.nets.get::<P>()
        } else {
            None
        };
        // The history scores each thread starts from: those it ended the
        // last search of this game with (`keephist`).
        let mut kept = match self.kept_history.take() {
            Some((name, h)) if config.features.keep_history && name == P::NAME => h,
            _ => Vec::new(),
        };
        kept.resize(self.threads, Vec::new());
        let (mut result, histories) = std::thread::scope(|scope| {
            // A helper thread the system refuses to start is simply not
            // used: the search goes on with the threads it has.
            let helpers: Vec<_> = kept
                .drain(1..)
                .enumerate()
                .filter_map(|(i, h)| {
                    let shared = &shared;
                    let id = i + 1;
                    let net = net.clone();
                    std::thread::Builder::new()
                        .stack_size(16 << 20)
                        .spawn_scoped(scope, move || {
                            let mut w = Worker::new(id, shared, config, net, pos, history);
                            w.restore_history(h);
                            w.iterate(pos, &mut |_| {});
                            w.into_history()
                        })
                        .ok()
                        .map(|handle| (id, handle))
                })
                .collect();
            let mut main = Worker::new(0, &shared, config, net, pos, history);
            main.restore_history(kept.pop().unwrap_or_default());
            let r = main.iterate(pos, &mut info);
            shared.stop.store(true, Ordering::Relaxed);
            // Each thread's table at its id (empty for a helper that did
            // not start or did not finish).
            let mut histories = vec![Vec::new(); self.threads];
            histories[0] = main.into_history();
            for (id, h) in helpers {
                histories[id] = h.join().unwrap_or_default();
            }
            (r, histories)
        });
        self.kept_history = config.features.keep_history.then_some((P::NAME, histories));
        result.nodes = shared.nodes.load(Ordering::Relaxed);
        result.time = shared.start.elapsed();
        // Every thread has ended: no search runs.
        self.nodes.store(0, Ordering::Relaxed);
        result
    }
}
