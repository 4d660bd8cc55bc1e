//! `Engine`: the search engine, with the GIL released while it thinks.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use pyo3::exceptions::{
    PyKeyboardInterrupt, PyOverflowError, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::PyBool;
use tamerlane_ai as ai;
use tamerlane_core as core;

use crate::board::{read_board, Board};
use crate::interrupt::run_interruptible;
use crate::types::{opt_int_arg, Move};

/// Largest transposition table accepted, in MiB.
const MAX_HASH_MB: i64 = 4096;
/// Largest thread count accepted.
const MAX_THREADS: i64 = 256;
/// Largest depth accepted (the search's own maximum).
const MAX_DEPTH: i64 = ai::MAX_DEPTH as i64;
/// Stack of the search thread (the search recurses deeply).
const SEARCH_STACK: usize = 64 << 20;
/// How long a wait for a busy engine sleeps between polls.
const LOCK_POLL: Duration = Duration::from_millis(2);

thread_local! {
    /// The address of the engine whose search (and so whose `info`
    /// callback) runs on this thread, or 0.
    static SEARCHING: Cell<usize> = const { Cell::new(0) };
}

/// The search engine (PVS alpha-beta, Lazy SMP with `threads` threads, a
/// transposition table of `hash_mb` MiB).
///
/// Searches from several Python threads on one `Engine` are serialised
/// (each waits for the previous to finish, GIL released, Ctrl-C honoured);
/// separate engines search in parallel. Calling `search` or `new_game` from
/// the engine's own `info` callback raises `RuntimeError` (it would wait
/// for itself).
#[pyclass(module = "tamerlane", frozen)]
pub struct Engine {
    engine: Mutex<ai::Engine>,
    stop: Arc<AtomicBool>,
    last: Mutex<Option<Py<SearchResult>>>,
    /// Fixed at construction, so readable without the engine lock.
    hash_mb: usize,
    /// Fixed at construction, so readable without the engine lock.
    threads: usize,
}

fn check_range(name: &str, v: i64, lo: i64, hi: i64) -> PyResult<i64> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(PyValueError::new_err(format!(
            "{name} {v} out of range (expected {lo}..={hi})"
        )))
    }
}

/// A score as `(score_cp, mate)`.
fn score_parts(s: ai::Score) -> (Option<i32>, Option<i32>) {
    match s {
        ai::Score::Cp(c) => (Some(c), None),
        ai::Score::Mate(m) => (None, Some(m)),
    }
}

/// Wraps a PV: the moves alternate sides starting with `turn`.
fn pv_moves(pv: &[core::Move], turn: core::Color) -> Vec<Move> {
    let mut c = turn;
    pv.iter()
        .map(|&m| {
            let r = Move::full(m, c);
            c = !c;
            r
        })
        .collect()
}

/// The board's game: its start position and move stack (for the
/// repetition rule).
fn board_game(board: &Board) -> PyResult<core::Game> {
    let mut game = core::Game::from_position(board.start().clone());
    for (_, m) in &board.stack {
        game.play(m).map_err(|e| {
            PyRuntimeError::new_err(format!("the board's move stack is not a game: {e}"))
        })?;
    }
    Ok(game)
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let us = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / us).min(u128::from(u64::MAX)) as u64
}

impl Engine {
    fn id(&self) -> usize {
        self as *const Engine as usize
    }

    /// `RuntimeError` if called from this engine's own `info` callback.
    fn check_not_reentrant(&self, what: &str) -> PyResult<()> {
        if SEARCHING.with(Cell::get) == self.id() {
            return Err(PyRuntimeError::new_err(format!(
                "engine is busy: Engine.{what}() cannot be called from this engine's \
                 own info callback (use another Engine, or return and call it afterwards)"
            )));
        }
        Ok(())
    }

    /// The engine lock, or `None` if it is held by someone else right now.
    fn try_lock(&self) -> Option<MutexGuard<'_, ai::Engine>> {
        match self.engine.try_lock() {
            Ok(g) => Some(g),
            Err(TryLockError::Poisoned(e)) => Some(e.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// Waits for the engine lock (a search on another thread may hold it)
    /// with the GIL released between polls, checking for signals: Ctrl-C
    /// raises `KeyboardInterrupt` promptly.
    fn lock_interruptible(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, ai::Engine>> {
        loop {
            if let Some(g) = self.try_lock() {
                return Ok(g);
            }
            py.check_signals()?;
            py.allow_threads(|| std::thread::sleep(LOCK_POLL));
        }
    }
}

/// The `movetime` argument in seconds: `ValueError` when out of range
/// (including ints too big for a float), `TypeError` for a non-number or a
/// `bool`.
fn movetime_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<f64>> {
    let Some(o) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let range_err = |t: &str| {
        PyValueError::new_err(format!(
            "movetime {t} out of range (expected seconds, 0 to 1e7)"
        ))
    };
    if o.downcast::<PyBool>().is_ok() {
        return Err(PyTypeError::new_err(
            "movetime must be a number of seconds, not bool",
        ));
    }
    let t = match o.extract::<f64>() {
        Ok(t) => t,
        Err(e) if e.is_instance_of::<PyOverflowError>(o.py()) => {
            return Err(range_err("(a huge number)"))
        }
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "movetime must be a number of seconds, not {}",
                o.get_type().name()?
            )))
        }
    };
    if !(t.is_finite() && (0.0..=1e7).contains(&t)) {
        return Err(range_err(&t.to_string()));
    }
    Ok(Some(t))
}

#[pymethods]
impl Engine {
    /// An engine with a `hash_mb` MiB table (1..=4096) and `threads` search
    /// threads (1..=256).
    #[new]
    #[pyo3(
        signature = (hash_mb = None, threads = None),
        text_signature = "(hash_mb=16, threads=1)"
    )]
    fn new(
        hash_mb: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Engine> {
        let hash_mb = opt_int_arg(hash_mb, "hash_mb")?.unwrap_or(16);
        let threads = opt_int_arg(threads, "threads")?.unwrap_or(1);
        let hash = check_range("hash_mb", hash_mb, 1, MAX_HASH_MB)? as usize;
        let threads = check_range("threads", threads, 1, MAX_THREADS)? as usize;
        let e = ai::Engine::builder()
            .hash_mib(hash)
            .threads(threads)
            .build();
        let stop = e.stop_flag();
        Ok(Engine {
            engine: Mutex::new(e),
            stop,
            last: Mutex::new(None),
            hash_mb: hash,
            threads,
        })
    }

    /// The table size in MiB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The number of search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets everything learnt (clears the transposition table). If a
    /// search on another thread is running, waits for it to finish (GIL
    /// released, Ctrl-C honoured); from this engine's own `info` callback
    /// raises `RuntimeError`.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        self.check_not_reentrant("new_game")?;
        let mut guard = self.lock_interruptible(py)?;
        let engine: &mut ai::Engine = &mut guard;
        py.allow_threads(|| engine.new_game());
        Ok(())
    }

    /// Asks the running search (if any) to stop soon; it then returns its
    /// best move so far. Safe to call from any thread.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The result of the last search that finished or was interrupted.
    #[getter]
    fn last_result(&self, py: Python<'_>) -> Option<Py<SearchResult>> {
        self.last
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|r| r.clone_ref(py))
    }

    /// Searches `board`'s position (its move stack counts for repetitions)
    /// until `depth` plies, `movetime` seconds or `nodes` nodes, whichever
    /// comes first; with no limit at all, until stopped (`stop()` or
    /// Ctrl-C). `info`, if given, is called with an `Info` after each
    /// completed iteration; an exception in it stops the search and is
    /// re-raised.
    ///
    /// The GIL is released while searching. On Ctrl-C the search stops
    /// within a few milliseconds and `KeyboardInterrupt` is raised; the
    /// interrupted search's result (best move so far) is attached to it as
    /// `.result` and kept in `engine.last_result`.
    ///
    /// If another thread is searching with this engine, waits for it (GIL
    /// released, Ctrl-C honoured). Called from this engine's own `info`
    /// callback, raises `RuntimeError` ("engine is busy").
    #[pyo3(signature = (board, depth = None, movetime = None, nodes = None, info = None))]
    fn search(
        &self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        depth: Option<&Bound<'_, PyAny>>,
        movetime: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        info: Option<PyObject>,
    ) -> PyResult<Py<SearchResult>> {
        self.check_not_reentrant("search")?;
        let movetime = movetime_arg(movetime)?;
        let depth = opt_int_arg(depth, "depth")?;
        let nodes = opt_int_arg(nodes, "nodes")?;
        let mut limits = ai::Limits::new();
        if let Some(d) = depth {
            limits.depth = Some(check_range("depth", d, 1, MAX_DEPTH)? as u32);
        }
        if let Some(t) = movetime {
            limits.movetime = Some(Duration::from_secs_f64(t).max(Duration::from_millis(1)));
        }
        if let Some(n) = nodes {
            limits.nodes = Some(check_range("nodes", n, 1, i64::MAX)? as u64);
        }
        if depth.is_none() && movetime.is_none() && nodes.is_none() {
            limits.infinite = true;
        }
        let game = board_game(&*read_board(board)?)?;
        let turn = game.turn();
        let interrupted = AtomicBool::new(false);
        // Whether this call holds the engine (so may stop its search).
        let mine = AtomicBool::new(false);
        let stop: &AtomicBool = &self.stop;
        // On Ctrl-C the watcher sets `interrupted`, then the engine's flag
        // if this call's search is the one running (not another thread's).
        let on_signal = || {
            interrupted.store(true, Ordering::SeqCst);
            if mine.load(Ordering::SeqCst) {
                stop.store(true, Ordering::SeqCst);
            }
        };
        let id = self.id();
        let (outcome, signal) = run_interruptible(py, &on_signal, SEARCH_STACK, || {
            // Wait for a search of another thread to finish, unless Ctrl-C.
            let mut engine = loop {
                if let Some(g) = self.try_lock() {
                    break g;
                }
                if interrupted.load(Ordering::SeqCst) {
                    return None;
                }
                std::thread::sleep(LOCK_POLL);
            };
            mine.store(true, Ordering::SeqCst);
            SEARCHING.with(|s| s.set(id));
            let mut callback_error: Option<PyErr> = None;
            let result = engine.search(&game, &limits, |i| {
                // The search clears the stop flag when it starts: a Ctrl-C
                // that came just before is passed on here (the first
                // iteration is short).
                if interrupted.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                }
                let Some(cb) = &info else { return };
                if callback_error.is_some() {
                    return;
                }
                let (score_cp, mate) = score_parts(i.score);
                let obj = Info {
                    depth: i.depth,
                    seldepth: i.seldepth,
                    score_cp,
                    mate,
                    nodes: i.nodes,
                    nps: i.nps,
                    time: i.time.as_secs_f64(),
                    pv: pv_moves(&i.pv, turn),
                    hashfull: i.hashfull,
                };
                let r = Python::with_gil(|py| cb.call1(py, (obj,)).map(|_| ()));
                if let Err(e) = r {
                    callback_error = Some(e);
                    stop.store(true, Ordering::SeqCst);
                }
            });
            SEARCHING.with(|s| s.set(0));
            Some((result, callback_error))
        })?;
        let Some((result, callback_error)) = outcome else {
            // Interrupted while waiting for another thread's search.
            return Err(signal.unwrap_or_else(|| {
                PyKeyboardInterrupt::new_err("interrupted while waiting for the engine")
            }));
        };
        let (score_cp, mate) = score_parts(result.score);
        let r = Py::new(
            py,
            SearchResult {
                r#move: result.best.map(|m| Move::full(m, turn)),
                score_cp,
                mate,
                pv: pv_moves(&result.pv, turn),
                depth: result.depth,
                nodes: result.nodes,
                nps: nps(result.nodes, result.time),
                time: result.time.as_secs_f64(),
            },
        )?;
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(r.clone_ref(py));
        if let Some(e) = signal {
            if e.is_instance_of::<PyKeyboardInterrupt>(py) {
                let _ = e.value(py).setattr("result", r.clone_ref(py));
            }
            return Err(e);
        }
        if let Some(e) = callback_error {
            return Err(e);
        }
        Ok(r)
    }
}

/// What `Engine.search` returns.
#[pyclass(module = "tamerlane", frozen, get_all)]
pub struct SearchResult {
    /// The best move (`None` if the position has no legal move).
    pub r#move: Option<Move>,
    /// The score in centipawns for the side to move (`None` for a mate score).
    pub score_cp: Option<i32>,
    /// Mate in this many moves (negative: the side to move is mated), or `None`.
    pub mate: Option<i32>,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Seconds spent.
    pub time: f64,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let mv = self
            .r#move
            .map_or("None".to_owned(), |m| m.coord.to_string());
        let score = match (self.score_cp, self.mate) {
            (_, Some(m)) => format!("mate={m}"),
            (Some(c), None) => format!("score_cp={c}"),
            (None, None) => "score=None".to_owned(),
        };
        let pv: Vec<String> = self.pv.iter().map(|m| m.coord.to_string()).collect();
        format!(
            "SearchResult(move={mv}, {score}, depth={}, nodes={}, nps={}, pv=[{}])",
            self.depth,
            self.nodes,
            self.nps,
            pv.join(" ")
        )
    }
}

/// Progress of a search, passed to the `info` callback after each
/// completed iteration.
#[pyclass(module = "tamerlane", frozen, get_all)]
pub struct Info {
    /// The iteration depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score in centipawns for the side to move (`None` for a mate score).
    pub score_cp: Option<i32>,
    /// Mate in this many moves, or `None`.
    pub mate: Option<i32>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Seconds since the start of the search.
    pub time: f64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
}

#[pymethods]
impl Info {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.coord.to_string()).collect();
        let opt = |v: Option<i32>| v.map_or("None".to_owned(), |x| x.to_string());
        format!(
            "Info(depth={}, score_cp={}, mate={}, nodes={}, pv=[{}])",
            self.depth,
            opt(self.score_cp),
            opt(self.mate),
            self.nodes,
            pv.join(" ")
        )
    }
}
