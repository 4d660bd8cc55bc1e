//! The engine work of the server and its bounds (docs/WEB.md, "Limits"):
//! the longest time per move and per analysis, the threads of each search,
//! the number of searches at once (a semaphore: a search that finds no
//! permit is refused with a 429), the table size; and running one search
//! with a watchdog that stops it when asked, at its time limit or when the
//! server shuts down. The strength levels are `tamerlane_ai::Level`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tamerlane_ai::{AnyGame, Engine, Info, Limits, SearchResult};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::errors::ApiError;

/// The bounds of the server's engine work.
#[derive(Clone, Debug)]
pub struct EngineLimits {
    /// The longest time an engine move may be given.
    pub max_movetime: Duration,
    /// The longest an analysis runs before it stops by itself.
    pub max_analysis: Duration,
    /// Search threads of each search.
    pub threads: usize,
    /// Searches running at once, over all sessions.
    pub max_searches: usize,
    /// Transposition table of each session's engine, in MiB.
    pub hash_mib: usize,
    /// The most lines an analysis may ask for.
    pub max_multipv: usize,
}

/// The server's engines: their bounds, the permits of the searches at
/// once and the flag that stops every search at shutdown.
pub struct EnginePool {
    /// The bounds.
    pub limits: EngineLimits,
    permits: Arc<Semaphore>,
    /// Set at shutdown: every running search stops.
    pub shutdown: Arc<AtomicBool>,
}

impl EnginePool {
    /// A pool with these bounds.
    pub fn new(limits: EngineLimits) -> EnginePool {
        EnginePool {
            permits: Arc::new(Semaphore::new(limits.max_searches.max(1))),
            limits,
            shutdown: Arc::new(AtomicBool::new(false)),
        }
    }

    /// A permit to run one search, or a 429 when as many run as allowed.
    pub fn permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.permits).try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "the server runs {} searches at once already: try again soon",
                self.limits.max_searches
            ))
        })
    }

    /// A new engine for a session.
    pub fn new_engine(&self) -> Engine {
        Engine::builder()
            .hash_mib(self.limits.hash_mib)
            .threads(self.limits.threads)
            .build()
    }
}

/// Searches `game` with `limits`, reporting each iteration to `info` and
/// calling `tick` about every `tick_every` while it runs. A watchdog
/// thread stops the search when `cancel` or `shutdown` is set or
/// `deadline` passes (a search clears the engine's stop flag when it
/// starts, so the watchdog sets it until the search has ended).
#[allow(clippy::too_many_arguments)]
pub fn run_search(
    engine: &mut Engine,
    game: &AnyGame,
    limits: &Limits,
    cancel: &AtomicBool,
    shutdown: &AtomicBool,
    deadline: Duration,
    tick_every: Duration,
    mut tick: impl FnMut() + Send,
    info: impl FnMut(&Info<String>),
) -> SearchResult<String> {
    let stop = engine.stop_flag();
    let done = AtomicBool::new(false);
    let started = Instant::now();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut last_tick = Instant::now();
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(10));
                if cancel.load(Ordering::Relaxed)
                    || shutdown.load(Ordering::Relaxed)
                    || started.elapsed() >= deadline
                {
                    stop.store(true, Ordering::Relaxed);
                }
                if last_tick.elapsed() >= tick_every {
                    last_tick = Instant::now();
                    tick();
                }
            }
        });
        let result = engine.search_any(game, limits, info);
        done.store(true, Ordering::Relaxed);
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_ai::Variant;

    #[test]
    fn a_cancelled_search_stops_at_once() {
        let mut engine = Engine::builder().hash_mib(1).build();
        let game = AnyGame::new(Variant::Tamerlane.default_rules());
        let cancel = AtomicBool::new(true);
        let off = AtomicBool::new(false);
        let t = Instant::now();
        let mut ticks = 0;
        let r = run_search(
            &mut engine,
            &game,
            &Limits::new().infinite(),
            &cancel,
            &off,
            Duration::from_secs(60),
            Duration::from_millis(1),
            || ticks += 1,
            |_| {},
        );
        assert!(t.elapsed() < Duration::from_secs(10));
        assert!(r.best.is_some());
    }
}
