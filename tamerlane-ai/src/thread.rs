//! The engine object and Lazy SMP: several threads search the same position
//! over one shared transposition table; the main thread's result is used.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use tamerlane_core::{Game, Position};

use crate::search::{Info, SearchConfig, SearchResult, Shared, Worker};
use crate::timeman::{budget, Limits};
use crate::tt::TranspositionTable;

/// A Tamerlane engine: configuration, hash table, thread count and stop flag.
///
/// ```
/// use tamerlane_ai::{Engine, Limits};
/// use tamerlane_core::Position;
///
/// let mut engine = Engine::new(4);
/// let result = engine.search(&Position::new(), &[], &Limits::depth(2), |_| {});
/// assert!(result.best.is_some());
/// ```
pub struct Engine {
    tt: Arc<TranspositionTable>,
    hash_mib: usize,
    threads: usize,
    config: SearchConfig,
    stop: Arc<AtomicBool>,
}

impl Engine {
    /// An engine with the full configuration, one thread and a table of
    /// `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Engine {
        Engine::with_config(SearchConfig::full(), hash_mib)
    }

    /// An engine with a given configuration.
    ///
    /// A table the machine cannot give is made smaller (see
    /// [`TranspositionTable::new`]); [`hash_mib`](Self::hash_mib) tells the
    /// size obtained.
    pub fn with_config(config: SearchConfig, hash_mib: usize) -> Engine {
        let tt = TranspositionTable::new(hash_mib);
        Engine {
            hash_mib: tt.size_mib().max(1),
            tt: Arc::new(tt),
            threads: 1,
            config,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The configuration.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Resizes (and clears) the transposition table (smaller than asked
    /// if the memory cannot be had, see [`TranspositionTable::new`]).
    pub fn set_hash(&mut self, mib: usize) {
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

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, 256);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets everything learnt (for a new game).
    pub fn new_game(&mut self) {
        self.tt.clear();
    }

    /// The stop flag: setting it to `true` from any thread ends the search
    /// soon after. The engine never resets it: clear it before a search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches the last position of `game`, with its history for the
    /// repetition rule.
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        info: impl FnMut(&Info),
    ) -> SearchResult {
        let positions = game.positions();
        let history: Vec<u64> = positions[..positions.len() - 1]
            .iter()
            .map(Position::hash)
            .collect();
        self.search(game.position(), &history, limits, info)
    }

    /// Searches `pos`. `history` holds the hashes of the game's earlier
    /// positions, oldest first (for the repetition rule); `info` is called
    /// after each completed iteration of the main thread.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        mut info: impl FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            user_stop: &self.stop,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            budget: budget(limits, pos.turn().index()),
            limits,
            threads: self.threads,
        };
        let config = self.config;
        let mut result = std::thread::scope(|scope| {
            // A helper thread the system refuses to start is simply not
            // used: the search goes on with the threads it has.
            let helpers: Vec<_> = (1..self.threads)
                .filter_map(|id| {
                    let shared = &shared;
                    std::thread::Builder::new()
                        .stack_size(16 << 20)
                        .spawn_scoped(scope, move || {
                            let mut w = Worker::new(id, shared, config, history);
                            w.iterate(pos, &mut |_| {});
                            w.nodes()
                        })
                        .ok()
                })
                .collect();
            let mut main = Worker::new(0, &shared, config, history);
            let r = main.iterate(pos, &mut info);
            shared.stop.store(true, Ordering::Relaxed);
            for h in helpers {
                let _ = h.join();
            }
            r
        });
        result.nodes = shared.nodes.load(Ordering::Relaxed);
        result.time = shared.start.elapsed();
        result
    }
}
