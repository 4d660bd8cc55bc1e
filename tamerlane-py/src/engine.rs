//! `Engine`: the search engine, with the GIL released while it thinks, and
//! its `Analysis`: a search running on a background Rust thread (no GIL
//! needed there) that passes its progress to Python through a channel, as
//! `chess.engine`'s `analysis()`: iterate it for infos, stop it, wait for
//! the result.
//!
//! One engine searches the boards of the three games: each method reads its
//! board argument as a core game of any of them ([`board_game`], an
//! [`AnyGame`]) and dispatches once (`each_game!`) to code generic over
//! the game ([`EngineGame`]), which answers in the game's own result
//! classes. The sibling modules' `search` functions are this code too
//! ([`search_once`]).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError, Weak};
use std::thread::JoinHandle;
use std::time::Duration;

use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use tamerlane_ai as ai;
use tamerlane_core::{chess, makruk, tamerlane, AnyGame, Game, Variant};

use crate::board_core::PyGame;
use crate::interrupt::run_interruptible;
use crate::search_limits::{check_range, limit_object, set_lines, LimitArgs};
use crate::search_results::EngineGame;
use crate::types::{index_arg, opt_int_arg, type_name};

/// Largest transposition table accepted, in MiB.
const MAX_HASH_MB: i64 = 4096;
/// Largest thread count accepted.
const MAX_THREADS: i64 = 256;
/// Stack of the search thread (the search recurses deeply).
pub const SEARCH_STACK: usize = 64 << 20;
/// How long a wait for a busy engine sleeps between polls.
pub const LOCK_POLL: Duration = Duration::from_millis(2);

/// A board argument of the engine as its game: a `tamerlane.Board`, a
/// `tamerlane.chess.Board`, a `tamerlane.makruk.Board` or a python-chess
/// `chess.Board` (its root position and move stack); for anything else a
/// `TypeError` naming the method (`Engine.{what}`) and the type.
pub fn board_game(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<AnyGame> {
    if let Some(g) = <tamerlane::Position as PyGame>::game_of(obj)? {
        return Ok(AnyGame::Tamerlane(g));
    }
    if let Some(g) = <chess::Position as PyGame>::game_of(obj)? {
        return Ok(AnyGame::Chess(g));
    }
    if let Some(g) = <makruk::Position as PyGame>::game_of(obj)? {
        return Ok(AnyGame::Makruk(g));
    }
    Err(PyTypeError::new_err(format!(
        "Engine.{what}: expected a board (a tamerlane.Board, tamerlane.chess.Board, \
         tamerlane.makruk.Board or python-chess chess.Board), not {}",
        type_name(obj)
    )))
}

/// What the engine lock guards: the engine and the game its table and
/// history are about.
pub struct EngineState {
    engine: ai::Engine,
    /// The game of the last search (`None` before the first, and after
    /// `new_game`).
    game: Option<Variant>,
}

impl EngineState {
    /// Readies the engine for a search of `variant`: a search of another
    /// game than the last one's starts with a cleared table and history
    /// (as `new_game`), a search of the same game keeps them. The first
    /// search of a game builds what its searches need (`Engine::prepare`:
    /// Makruk's ending tables) before its own time starts, not in the
    /// middle of a later search.
    fn switch_to(&mut self, variant: Variant) {
        if self.game.is_some_and(|g| g != variant) {
            self.engine.new_game();
        }
        if self.game != Some(variant) {
            self.engine.prepare(variant);
        }
        self.game = Some(variant);
    }

    /// Searches `game` within `limits` (after [`switch_to`](Self::switch_to)
    /// its game), calling `info` after each completed iteration.
    fn search<P: EngineGame>(
        &mut self,
        game: &Game<P>,
        limits: &ai::Limits,
        info: impl FnMut(&ai::Info<P::Move>),
    ) -> ai::SearchResult<P::Move> {
        self.switch_to(P::VARIANT);
        self.engine.search(game, limits, info)
    }
}

thread_local! {
    /// The address of the engine whose search (and so whose `info`
    /// callback) runs on this thread, or 0.
    static SEARCHING: Cell<usize> = const { Cell::new(0) };
}

/// The search engine (PVS alpha-beta, Lazy SMP with `threads` threads, a
/// transposition table of `hash_mb` MiB), for the boards of the three
/// games (Tamerlane, chess, Makruk; a python-chess `chess.Board` too): the
/// results are of the board's game (its `Move`s, its `SearchResult`,
/// `Info`, `PvLine`, `PlayResult` classes). The table and the history
/// scores are kept from one search to the next of the same game; a search
/// of another game than the last one's clears them first (as `new_game`).
///
/// Searches from several Python threads on one `Engine` are serialised
/// (each waits for the previous to finish, GIL released, Ctrl-C honoured);
/// separate engines search in parallel. Calling `search` or `new_game` from
/// the engine's own `info` callback raises `RuntimeError` (it would wait
/// for itself).
#[pyclass(module = "tamerlane", frozen)]
pub struct Engine {
    engine: Mutex<EngineState>,
    stop: Arc<AtomicBool>,
    /// The result of the last search (a `SearchResult` of its game).
    last: Mutex<Option<PyObject>>,
    /// The stop control of the latest analysis, which a new command
    /// (`search`, `play`, `analysis`, `new_game`) stops first.
    analysis: Mutex<Weak<AnalysisStop>>,
    /// Fixed at construction, so readable without the engine lock.
    hash_mb: usize,
    /// Fixed at construction, so readable without the engine lock.
    threads: usize,
}

impl Engine {
    /// An engine with a table of `hash` MiB and `threads` threads (both
    /// already checked), the embedded nets and the default configuration.
    fn build(hash: usize, threads: usize) -> Engine {
        Engine::build_with(
            hash,
            threads,
            ai::nnue::Nets::embedded(),
            ai::SearchConfig::full(),
        )
    }

    /// [`build`](Self::build) with `nets` and `config`.
    fn build_with(
        hash: usize,
        threads: usize,
        nets: ai::nnue::Nets,
        config: ai::SearchConfig,
    ) -> Engine {
        let e = ai::Engine::builder()
            .hash_mib(hash)
            .threads(threads)
            .nets(nets)
            .config(config)
            .build();
        let stop = e.stop_flag();
        Engine {
            engine: Mutex::new(EngineState {
                engine: e,
                game: None,
            }),
            stop,
            last: Mutex::new(None),
            analysis: Mutex::new(Weak::new()),
            hash_mb: hash,
            threads,
        }
    }

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
    pub fn try_lock(&self) -> Option<MutexGuard<'_, EngineState>> {
        match self.engine.try_lock() {
            Ok(g) => Some(g),
            Err(TryLockError::Poisoned(e)) => Some(e.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// Waits for the engine lock (a search on another thread may hold it)
    /// with the GIL released between polls, checking for signals: Ctrl-C
    /// raises `KeyboardInterrupt` promptly.
    fn lock_interruptible(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, EngineState>> {
        loop {
            if let Some(g) = self.try_lock() {
                return Ok(g);
            }
            py.check_signals()?;
            py.allow_threads(|| std::thread::sleep(LOCK_POLL));
        }
    }
}

#[pymethods]
impl Engine {
    /// An engine with a `hash_mb` MiB table (1..=4096) and `threads` search
    /// threads (1..=256). It evaluates with the game's network (the one
    /// embedded in the package, or the net file `eval_file` for the game
    /// its header names; a refused file raises `ValueError` with the
    /// reason) where there is one, else with the hand-made evaluation;
    /// `use_nnue=False` always uses the hand-made evaluation
    /// (docs/ENGINE.md, "Networks (NNUE)").
    #[new]
    #[pyo3(
        signature = (hash_mb = None, threads = None, *, eval_file = None, use_nnue = true),
        text_signature = "(hash_mb=16, threads=1, *, eval_file=None, use_nnue=True)"
    )]
    fn new(
        hash_mb: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        eval_file: Option<&Bound<'_, PyAny>>,
        use_nnue: bool,
    ) -> PyResult<Engine> {
        let hash_mb = opt_int_arg(hash_mb, "hash_mb")?.unwrap_or(16);
        let threads = opt_int_arg(threads, "threads")?.unwrap_or(1);
        let hash = check_range("hash_mb", hash_mb, 1, MAX_HASH_MB)? as usize;
        let threads = check_range("threads", threads, 1, MAX_THREADS)? as usize;
        let mut nets = ai::nnue::Nets::embedded();
        if let Some(f) = eval_file.filter(|f| !f.is_none()) {
            let path: std::path::PathBuf = f.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "eval_file: expected a path (str or os.PathLike), not {}",
                    type_name(f)
                ))
            })?;
            nets.load_file(&path)
                .map_err(|e| PyValueError::new_err(format!("eval_file {}: {e}", path.display())))?;
        }
        let mut config = ai::SearchConfig::full();
        if !use_nnue {
            config.eval = ai::EvalKind::Full;
        }
        Ok(Engine::build_with(hash, threads, nets, config))
    }

    /// Whether a search of `variant` (`"tamerlane"`, `"chess"`, `"makruk"`)
    /// evaluates with a network: asked for (`use_nnue`) and there is one
    /// for that game.
    #[pyo3(text_signature = "(self, variant)")]
    fn uses_net(&self, py: Python<'_>, variant: &str) -> PyResult<bool> {
        let v: Variant = variant
            .parse()
            .map_err(|e: ai::UnknownVariant| PyValueError::new_err(e.to_string()))?;
        let g = self.lock_interruptible(py)?;
        Ok(g.engine.uses_net_for(v))
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

    /// Forgets everything learnt (clears the transposition table and the
    /// history scores kept between searches). A
    /// running `analysis` is stopped first. If a search on another thread
    /// is running, waits for it to finish (GIL
    /// released, Ctrl-C honoured); from this engine's own `info` callback
    /// raises `RuntimeError`.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        self.check_not_reentrant("new_game")?;
        self.stop_analysis();
        let mut guard = self.lock_interruptible(py)?;
        let state: &mut EngineState = &mut guard;
        py.allow_threads(|| {
            state.engine.new_game();
            state.game = None;
        });
        Ok(())
    }

    /// Asks the running search (if any) to stop soon; it then returns its
    /// best move so far. Safe to call from any thread.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The result of the last search that finished or was interrupted (a
    /// `SearchResult` of that search's game).
    #[getter]
    fn last_result(&self, py: Python<'_>) -> Option<PyObject> {
        self.last
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|r| r.clone_ref(py))
    }

    /// Searches `board`'s position under the board's rules (its move stack
    /// counts for repetitions) until `depth` plies, `movetime` seconds or
    /// `nodes` nodes, whichever comes first, or as the clocks allow: the
    /// side to move's `wtime`/`btime` (seconds left) with `winc`/`binc`
    /// (seconds added per move), `movestogo` moves being left to the next
    /// time control (`None`: the clock is for the rest of the game). With
    /// no limit at all (no depth, time or node limit, no clock for the side
    /// to move), until stopped (`stop()` or Ctrl-C). A game that has ended
    /// is not searched: the result, at once, has no move. `info`, if given,
    /// is called with an `Info` after each completed iteration (one per
    /// line); an exception in it stops the search and is re-raised.
    ///
    /// `board` is a `tamerlane.Board`, a `tamerlane.chess.Board`, a
    /// `tamerlane.makruk.Board` or a python-chess `chess.Board` (read as
    /// its root position and move stack); the result and the infos are of
    /// its game (`tamerlane.chess.SearchResult` with `tamerlane.chess.Move`s
    /// for a chess board, ...). Anything else is a `TypeError` naming its
    /// type.
    ///
    /// `multipv` asks for that many best lines (`SearchResult.lines`, best
    /// first; fewer if there are fewer root moves). `searchmoves` (the
    /// game's `Move`s or coordinate strings) restricts the root to those
    /// moves; each must be legal in the board's position
    /// (`IllegalMoveError` naming it otherwise), and an empty iterable
    /// means every move.
    ///
    /// The board is read once, when called: changes made to it during the
    /// search do not affect the search.
    ///
    /// The GIL is released while searching. On Ctrl-C the search stops
    /// within a few milliseconds and `KeyboardInterrupt` is raised; the
    /// interrupted search's result (best move so far) is attached to it as
    /// `.result` and kept in `engine.last_result`.
    ///
    /// A running `analysis` of this engine is stopped first (as a new
    /// command stops it in `chess.engine`). If another thread is searching
    /// with this engine, waits for it (GIL released, Ctrl-C honoured).
    /// Called from this engine's own `info` callback, raises
    /// `RuntimeError` ("engine is busy").
    #[pyo3(signature = (
        board, depth = None, movetime = None, nodes = None, info = None, *,
        wtime = None, btime = None, winc = None, binc = None, movestogo = None,
        multipv = None, searchmoves = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        movetime: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        info: Option<PyObject>,
        wtime: Option<&Bound<'_, PyAny>>,
        btime: Option<&Bound<'_, PyAny>>,
        winc: Option<&Bound<'_, PyAny>>,
        binc: Option<&Bound<'_, PyAny>>,
        movestogo: Option<&Bound<'_, PyAny>>,
        multipv: Option<&Bound<'_, PyAny>>,
        searchmoves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyObject> {
        self.check_not_reentrant("search")?;
        let args = LimitArgs {
            depth,
            movetime,
            nodes,
            wtime,
            btime,
            winc,
            binc,
            movestogo,
        };
        tamerlane_core::each_game!(board_game(board, "search")?, game => {
            let mut limits = args.limits(game.turn())?;
            set_lines(&mut limits, game.position(), multipv, searchmoves)?;
            Ok(self.run(py, game, limits, info)?.into_any())
        })
    }

    /// The move to play in `board`'s position (a board of any of the three
    /// games, as in `search`) within `limit` (a `tamerlane.engine.Limit`),
    /// as `chess.engine`'s `play`: the game's `PlayResult` with `.move`
    /// (`None` if the game has ended), `.ponder` and the search result
    /// `.info`. Searches as `search` does (GIL released, Ctrl-C honoured),
    /// among the root moves `searchmoves` if given (as in `search`).
    ///
    /// `level` (1 to 6, the web board's levels, docs/WEB.md) plays weaker:
    /// the search is bounded by the level's depth and nodes as well as
    /// `limit`, finds the level's number of best lines, and `.move` is
    /// drawn among the lines near the best (`.ponder` is that line's
    /// reply); level 6 is the full engine. `seed` (an int from 0 to 2**64 -
    /// 1) makes the draw repeatable; without it, the draw changes from call
    /// to call. `ValueError` for a level or seed out of range, or a seed
    /// without a level.
    #[pyo3(signature = (board, limit, *, searchmoves = None, level = None, seed = None))]
    fn play(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        limit: &Bound<'_, PyAny>,
        searchmoves: Option<&Bound<'_, PyAny>>,
        level: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyObject> {
        self.check_not_reentrant("play")?;
        let level = level_arg(level, seed)?;
        tamerlane_core::each_game!(board_game(board, "play")?, game => {
            self.play_game(py, game, limit, searchmoves, level)
        })
    }

    /// Starts searching `board`'s position (a board of any of the three
    /// games, as in `search`) on a background thread within `limit` (a
    /// `tamerlane.engine.Limit`; `None`: until stopped) and returns at once
    /// an `Analysis`: iterate it for an `Info` of the board's game after
    /// each completed iteration (one per line: with `multipv=3`, three
    /// infos, `Info.multipv` 1 to 3, per iteration), `stop()` it, `wait()`
    /// for the result; as a context manager it stops the search and waits
    /// on exit. `multipv` and `searchmoves` are as in `search`. A running
    /// analysis of this engine is stopped first.
    #[pyo3(signature = (board, limit = None, *, multipv = None, searchmoves = None))]
    fn analysis(
        slf: &Bound<'_, Self>,
        board: &Bound<'_, PyAny>,
        limit: Option<&Bound<'_, PyAny>>,
        multipv: Option<&Bound<'_, PyAny>>,
        searchmoves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Analysis> {
        slf.get().check_not_reentrant("analysis")?;
        tamerlane_core::each_game!(board_game(board, "analysis")?, game => {
            let mut limits = match limit.filter(|l| !l.is_none()) {
                Some(l) => limit_object(l, game.turn())?,
                None => ai::Limits::new().infinite(),
            };
            set_lines(&mut limits, game.position(), multipv, searchmoves)?;
            slf.get().stop_analysis();
            Analysis::start(slf.py(), slf.clone().unbind(), game, limits)
        })
    }
}

/// `play`'s `level` and `seed` arguments: the level (`None` without one)
/// and the seed of its draw (from the clock when not given). A seed
/// without a level is refused: it would change nothing.
fn level_arg(
    level: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<(ai::Level, u64)>> {
    let seed = seed.filter(|s| !s.is_none());
    let Some(n) = opt_int_arg(level, "level")? else {
        return match seed {
            Some(_) => Err(PyValueError::new_err("seed is only used with a level")),
            None => Ok(None),
        };
    };
    let n = check_range("level", n, 1, ai::LEVELS.len() as i64)?;
    let seed = match seed {
        Some(s) => index_arg(s, "seed")?
            .ok_or_else(|| {
                PyTypeError::new_err(format!("seed must be an int, not {}", type_name(s)))
            })?
            .extract::<u64>()
            .map_err(|_| PyValueError::new_err("seed out of range (expected 0 to 2**64 - 1)"))?,
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    };
    Ok(ai::Level::numbered(n as u32).map(|l| (l, seed)))
}

/// `search` of the sibling modules (`tamerlane.chess.search`,
/// `tamerlane.makruk.search`): `Engine.search` of `game` on a new engine
/// of `hash_mb` MiB (default 16) and one thread, within `limits`, one of
/// which (depth, time or nodes) is required (`ValueError` otherwise).
pub fn search_once<P: EngineGame>(
    py: Python<'_>,
    game: Game<P>,
    limits: &LimitArgs<'_, '_>,
    hash_mb: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<P::Result>> {
    let limits = limits.limits(game.turn())?;
    if limits.infinite {
        return Err(PyValueError::new_err(
            "search needs a limit: depth=, movetime= or nodes=",
        ));
    }
    let hash = opt_int_arg(hash_mb, "hash_mb")?
        .map_or(Ok(16), |n| check_range("hash_mb", n, 1, MAX_HASH_MB))? as usize;
    Engine::build(hash, 1).run(py, game, limits, None)
}

impl Engine {
    /// The engine's stop flag (setting it stops the running search).
    pub fn stop_flag(&self) -> &Arc<AtomicBool> {
        &self.stop
    }

    /// Stops the running analysis of this engine, if any (a new command
    /// replaces it, as in `chess.engine`).
    fn stop_analysis(&self) {
        let running = self
            .analysis
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .upgrade();
        if let Some(a) = running {
            a.request(self);
        }
    }

    /// Makes `stop` the control of the engine's running analysis.
    pub fn set_analysis(&self, stop: &Arc<AnalysisStop>) {
        *self.analysis.lock().unwrap_or_else(|e| e.into_inner()) = Arc::downgrade(stop);
    }

    /// `play` of a board of the game `P`, at `level` with its seed if given.
    fn play_game<P: EngineGame>(
        &self,
        py: Python<'_>,
        game: Game<P>,
        limit: &Bound<'_, PyAny>,
        searchmoves: Option<&Bound<'_, PyAny>>,
        level: Option<(ai::Level, u64)>,
    ) -> PyResult<PyObject> {
        let mut limits = limit_object(limit, game.turn())?;
        set_lines(&mut limits, game.position(), None, searchmoves)?;
        if let Some((level, _)) = level {
            limits = level.bound(limits);
        }
        let result = self.run(py, game, limits, None)?;
        let play = <P as EngineGame>::play(result.bind(py).borrow().clone(), level);
        Ok(Py::new(py, play)?.into_any())
    }

    /// Keeps `result` (a `SearchResult` of some game) as the engine's
    /// `last_result`.
    pub fn set_last(&self, result: PyObject) {
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
    }

    /// Searches `game` (a board's game: its rules, start position and
    /// moves, for the repetition rule; a game that has ended is answered at
    /// once) within `limits` on a helper thread, GIL released, Ctrl-C
    /// honoured (see `search`).
    fn run<P: EngineGame>(
        &self,
        py: Python<'_>,
        game: Game<P>,
        limits: ai::Limits,
        info: Option<PyObject>,
    ) -> PyResult<Py<P::Result>> {
        self.stop_analysis();
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
                let obj = P::info(i, turn);
                let r = Python::with_gil(|py| {
                    let obj = Py::new(py, obj)?;
                    cb.call1(py, (obj,)).map(|_| ())
                });
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
        let r = Py::new(py, P::result(&result, turn))?;
        self.set_last(r.clone_ref(py).into_any());
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

// --- The analysis iterator: a search on a background thread. ---

/// How often a wait for the next event looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(20);

/// A value made on the search thread (without the GIL) as the Python
/// object it becomes once the GIL is held (an `Info` or a `SearchResult` of
/// the searched game).
type ToPython = Box<dyn FnOnce(Python<'_>) -> PyResult<PyObject> + Send>;

/// `value` (a pyclass value) as a [`ToPython`].
fn to_python<T>(value: T) -> ToPython
where
    T: pyo3::PyClass + Into<pyo3::PyClassInitializer<T>> + Send + 'static,
{
    Box::new(move |py| Ok(Py::new(py, value)?.into_any()))
}

/// What the search thread sends.
enum Event {
    /// An iteration completed: its `Info`.
    Info(ToPython),
    /// The search ended with this result (a `SearchResult`).
    Done(ToPython),
    /// Stopped before the search began (while waiting for another search
    /// of the engine to end).
    Cancelled,
}

/// Locks `m`, taking over a poisoned lock (every value behind these locks
/// is valid at all times).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the Python side, the engine and the search thread share about
/// stopping an analysis.
struct StopState {
    /// A stop was asked for.
    cancelled: bool,
    /// The thread's search is the one running on the engine (so stopping
    /// it means setting the engine's stop flag); changed under the lock, so
    /// a stop never reaches a later search of another caller.
    searching: bool,
}

/// How an analysis is stopped: by its `stop()`, by a new command of its
/// engine, or when it is dropped.
pub struct AnalysisStop(Mutex<StopState>);

impl AnalysisStop {
    /// Asks the analysis to stop (or not to begin) on `engine`, its engine.
    pub fn request(&self, engine: &Engine) {
        let mut state = lock(&self.0);
        state.cancelled = true;
        if state.searching {
            engine.stop_flag().store(true, Ordering::SeqCst);
        }
    }
}

/// A search on a background thread, started by `Engine.analysis`.
///
/// Iterating it yields an `Info` (of the searched board's game) after each
/// completed iteration until the search ends (by its limit, or `stop()`: a search stopped once it holds
/// the engine still completes its first iteration, so it has a result with
/// a move; one stopped while waiting for another search of the engine
/// never begins, and has no result); the wait for the next one
/// releases the GIL and honours Ctrl-C, which stops the search, waits for
/// it and raises `KeyboardInterrupt` with the result as `.result` (also
/// kept in `result` and the engine's `last_result`), as `Engine.search`
/// does. As a context manager it stops the search and
/// waits for it on exit. Dropping it stops the search too, and so does a
/// new command of its engine (`search`, `play`, `analysis`, `new_game`,
/// from any thread), as in `chess.engine`.
#[pyclass(module = "tamerlane")]
pub struct Analysis {
    engine: Py<Engine>,
    events: Mutex<Receiver<Event>>,
    stop_state: Arc<AnalysisStop>,
    thread: Mutex<Option<JoinHandle<()>>>,
    /// The result (a `SearchResult` of the searched game).
    result: Mutex<Option<PyObject>>,
    /// The latest `Info` (of the searched game).
    latest: Mutex<Option<PyObject>>,
    finished: AtomicBool,
}

impl Analysis {
    /// Starts searching `game` within `limits` with `engine`.
    pub fn start<P: EngineGame>(
        py: Python<'_>,
        engine: Py<Engine>,
        game: Game<P>,
        limits: ai::Limits,
    ) -> PyResult<Analysis> {
        let (tx, rx) = mpsc::channel();
        let stop_state = Arc::new(AnalysisStop(Mutex::new(StopState {
            cancelled: false,
            searching: false,
        })));
        engine.get().set_analysis(&stop_state);
        let shared = Arc::clone(&stop_state);
        // The thread needs no GIL: `Engine` is frozen and `Sync`, and a
        // `Py` dropped without the GIL is released later by PyO3.
        let eng = engine.clone_ref(py);
        let thread = std::thread::Builder::new()
            .name("tamerlane-analysis".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || search_thread(eng, game, limits, shared, tx))
            .map_err(|e| PyRuntimeError::new_err(format!("could not start a thread: {e}")))?;
        Ok(Analysis {
            engine,
            events: Mutex::new(rx),
            stop_state,
            thread: Mutex::new(Some(thread)),
            result: Mutex::new(None),
            latest: Mutex::new(None),
            finished: AtomicBool::new(false),
        })
    }

    /// Asks the search to stop (or not to begin).
    fn request_stop(&self) {
        self.stop_state.request(self.engine.get());
    }

    /// Waits for the search thread to end (it ends promptly once stopped
    /// or done).
    fn join(&self) {
        if let Some(t) = lock(&self.thread).take() {
            let _ = t.join();
        }
    }

    /// The next event, waiting with the GIL released and looking for
    /// Ctrl-C every few milliseconds; `None` once the search has ended.
    /// Ctrl-C stops the search, waits for it to end and raises the
    /// `KeyboardInterrupt` with its result as `.result` (also kept as the
    /// analysis' `result` and the engine's `last_result`), as `search`
    /// does; none if the search never began.
    fn next_event(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        loop {
            if self.finished.load(Ordering::SeqCst) {
                return Ok(None);
            }
            let event = py.allow_threads(|| lock(&self.events).recv_timeout(POLL));
            match event {
                Ok(event) => {
                    let info = self.take(py, event)?;
                    // A Ctrl-C that came while this event was on its way
                    // is honoured here, with the result, rather than by
                    // the caller's next bytecode, without it.
                    if let Err(e) = py.check_signals() {
                        return Err(self.interrupted(py, e)?);
                    }
                    if info.is_some() {
                        return Ok(info);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => self.finish(py),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        return Err(self.interrupted(py, e)?);
                    }
                }
            }
        }
    }

    /// After a signal's error `e` (Ctrl-C: `KeyboardInterrupt`): stops the
    /// search, waits for it to end and returns `e`, a `KeyboardInterrupt`
    /// carrying the result as `.result` (none if the search never began).
    fn interrupted(&self, py: Python<'_>, e: PyErr) -> PyResult<PyErr> {
        self.request_stop();
        self.drain(py)?;
        if e.is_instance_of::<PyKeyboardInterrupt>(py) {
            if let Some(r) = self.result(py) {
                let _ = e.value(py).setattr("result", r);
            }
        }
        Ok(e)
    }

    /// Takes in an event: an `Info` is returned (and kept as the latest);
    /// the result is kept (and the analysis finished); `Cancelled`
    /// finishes it.
    fn take(&self, py: Python<'_>, event: Event) -> PyResult<Option<PyObject>> {
        match event {
            Event::Info(i) => {
                let info = i(py)?;
                *lock(&self.latest) = Some(info.clone_ref(py));
                Ok(Some(info))
            }
            Event::Done(r) => {
                let r = r(py)?;
                self.engine.get().set_last(r.clone_ref(py));
                *lock(&self.result) = Some(r);
                self.finish(py);
                Ok(None)
            }
            Event::Cancelled => {
                self.finish(py);
                Ok(None)
            }
        }
    }

    /// Once stopped: waits (GIL released) for the search to end, taking in
    /// the events left (the infos, then the result).
    fn drain(&self, py: Python<'_>) -> PyResult<()> {
        while !self.finished.load(Ordering::SeqCst) {
            match py.allow_threads(|| lock(&self.events).recv()) {
                Ok(event) => {
                    self.take(py, event)?;
                }
                Err(_) => self.finish(py),
            }
        }
        Ok(())
    }

    fn finish(&self, py: Python<'_>) {
        self.finished.store(true, Ordering::SeqCst);
        py.allow_threads(|| self.join());
    }
}

/// The search thread: waits for the engine (unless stopped first),
/// searches, sends the infos and the result.
fn search_thread<P: EngineGame>(
    engine: Py<Engine>,
    game: Game<P>,
    limits: ai::Limits,
    shared: Arc<AnalysisStop>,
    tx: mpsc::Sender<Event>,
) {
    let eng = engine.get();
    let turn = game.turn();
    let mut guard = loop {
        if let Some(g) = eng.try_lock() {
            break g;
        }
        if lock(&shared.0).cancelled {
            let _ = tx.send(Event::Cancelled);
            return;
        }
        std::thread::sleep(LOCK_POLL);
    };
    // Stopped from here on, the search still completes its first
    // iteration: a result with a move.
    lock(&shared.0).searching = true;
    let stop = eng.stop_flag();
    let result = guard.search(&game, &limits, |i| {
        // The search clears the engine's stop flag when it starts: a stop
        // that came just before is passed on here (the first iteration is
        // short).
        if lock(&shared.0).cancelled {
            stop.store(true, Ordering::SeqCst);
        }
        let _ = tx.send(Event::Info(to_python(P::info(i, turn))));
    });
    lock(&shared.0).searching = false;
    drop(guard);
    let _ = tx.send(Event::Done(to_python(P::result(&result, turn))));
}

#[pymethods]
impl Analysis {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        self.next_event(py)
    }

    /// Asks the search to stop soon (it then ends with its best move so
    /// far); the iteration ends after the infos already sent. Safe from any
    /// thread.
    fn stop(&self) {
        self.request_stop();
    }

    /// Waits for the search to end (GIL released, Ctrl-C honoured) and
    /// returns its result, `None` if it was stopped while waiting for
    /// another search of the engine. The
    /// infos not iterated yet are skipped (the last one stays in `info`).
    fn wait(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        while self.next_event(py)?.is_some() {}
        Ok(self.result(py))
    }

    /// The result once the search has ended (and been waited for or
    /// iterated to the end), else `None`.
    #[getter]
    fn result(&self, py: Python<'_>) -> Option<PyObject> {
        lock(&self.result).as_ref().map(|r| r.clone_ref(py))
    }

    /// The latest `Info` received, `None` before the first.
    #[getter]
    fn info(&self, py: Python<'_>) -> Option<PyObject> {
        lock(&self.latest).as_ref().map(|r| r.clone_ref(py))
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// Stops the search and waits for it.
    #[pyo3(signature = (*_args))]
    fn __exit__(&self, py: Python<'_>, _args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<bool> {
        self.request_stop();
        self.wait(py)?;
        Ok(false)
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        self.request_stop();
        self.join();
    }
}
