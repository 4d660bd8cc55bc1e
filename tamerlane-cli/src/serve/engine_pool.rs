//! The engine work of the server and its bounds (docs/WEB.md, "Limits"):
//! the longest time per move and per analysis, the threads of each search,
//! the number of searches at once (a semaphore: a search that finds no
//! permit is refused with a 429), the table size; the strength levels; and
//! running one search with a watchdog that stops it when asked, at its
//! time limit or when the server shuts down.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tamerlane_ai::{AnyGame, Engine, Info, Limits, Score, SearchResult};
use tamerlane_core::Rng;
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

/// A strength level: a search bounded in depth and nodes that sees a few
/// best lines, then a choice among those close to the best, weighted by a
/// softmax of their scores. A weak level so plays a natural move that is a
/// little worse than the best, never a random blunder: a move more than
/// `margin` centipawns below the best is never chosen.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Level {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Lines searched (multipv).
    pub lines: usize,
    /// Softmax temperature in centipawns (0: always the best).
    pub temperature: f64,
    /// The most a chosen move may lose against the best, in centipawns.
    pub margin: i32,
}

/// The levels, weakest first; the last is the full engine, bounded only by
/// the time per move.
pub const LEVELS: [Level; 6] = [
    Level {
        depth: Some(2),
        nodes: Some(3_000),
        lines: 4,
        temperature: 70.0,
        margin: 180,
    },
    Level {
        depth: Some(3),
        nodes: Some(10_000),
        lines: 4,
        temperature: 50.0,
        margin: 120,
    },
    Level {
        depth: Some(4),
        nodes: Some(40_000),
        lines: 3,
        temperature: 30.0,
        margin: 80,
    },
    Level {
        depth: Some(6),
        nodes: Some(150_000),
        lines: 3,
        temperature: 15.0,
        margin: 40,
    },
    Level {
        depth: Some(9),
        nodes: Some(600_000),
        lines: 2,
        temperature: 6.0,
        margin: 15,
    },
    Level {
        depth: None,
        nodes: None,
        lines: 1,
        temperature: 0.0,
        margin: 0,
    },
];

impl Level {
    /// The level numbered `n` (1 = weakest, [`LEVELS`]`.len()` = full).
    pub fn numbered(n: u32) -> Result<Level, ApiError> {
        usize::try_from(n)
            .ok()
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| LEVELS.get(i))
            .copied()
            .ok_or_else(|| ApiError::bad(format!("level must be 1 to {}", LEVELS.len())))
    }

    /// The search limits of this level with `movetime`.
    pub fn limits(&self, movetime: Duration) -> Limits {
        let mut l = Limits::new().movetime(movetime).multipv(self.lines);
        l.depth = self.depth;
        l.nodes = self.nodes;
        l
    }

    /// The move this level plays from a search's lines (`None` when the
    /// search found none).
    pub fn choose(&self, result: &SearchResult<String>, seed: u64) -> Option<String> {
        let best = result.lines.first().map_or(result.score, |l| l.score);
        let top = centipawns(best);
        let candidates: Vec<(&String, f64)> = result
            .lines
            .iter()
            .filter_map(|l| Some((l.pv.first()?, centipawns(l.score))))
            .filter(|(_, s)| top - s <= f64::from(self.margin))
            .collect();
        if self.temperature <= 0.0 || candidates.len() < 2 {
            return candidates
                .first()
                .map(|(m, _)| (*m).clone())
                .or_else(|| result.best.clone());
        }
        let weights: Vec<f64> = candidates
            .iter()
            .map(|(_, s)| ((s - top) / self.temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut pick = (Rng::new(seed).next_u64() as f64 / u64::MAX as f64) * total;
        for ((m, _), w) in candidates.iter().zip(&weights) {
            if pick < *w {
                return Some((*m).clone());
            }
            pick -= w;
        }
        candidates.last().map(|(m, _)| (*m).clone())
    }
}

/// A score on one scale: mates far above (or below) every evaluation,
/// nearer mates further out.
pub fn centipawns(score: Score) -> f64 {
    match score {
        Score::Cp(c) => f64::from(c),
        Score::Mate(n) if n > 0 => 100_000.0 - f64::from(n),
        Score::Mate(n) => -100_000.0 - f64::from(n),
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
    fn weak_levels_choose_among_near_best_moves_only() {
        let mut engine = Engine::builder().hash_mib(1).build();
        let game = AnyGame::new(Variant::Chess.default_rules());
        let level = Level::numbered(1).unwrap();
        let r = engine.search_any(&game, &level.limits(Duration::from_secs(5)), |_| {});
        assert_eq!(r.lines.len(), 4);
        let top = centipawns(r.lines[0].score);
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let m = level.choose(&r, seed).unwrap();
            let line = r.lines.iter().find(|l| l.pv[0] == m).unwrap();
            assert!(top - centipawns(line.score) <= f64::from(level.margin));
            seen.insert(m);
        }
        assert!(!seen.is_empty());
        let full = Level::numbered(LEVELS.len() as u32).unwrap();
        assert_eq!(full.choose(&r, 3), Some(r.lines[0].pv[0].clone()));
        assert!(Level::numbered(0).is_err());
        assert!(Level::numbered(99).is_err());
    }

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
