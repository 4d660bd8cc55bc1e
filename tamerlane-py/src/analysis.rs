//! `Analysis`: a search running on a background Rust thread (no GIL needed
//! there) that passes its progress to Python through a channel, as
//! `chess.engine`'s `analysis()`: iterate it for infos, stop it, wait for
//! the result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use tamerlane_ai as ai;
use tamerlane_core::Game;

use crate::engine::{Engine, LOCK_POLL, SEARCH_STACK};
use crate::search_results::{Info, SearchResult};

/// How often a wait for the next event looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(20);

/// What the search thread sends.
enum Event {
    /// An iteration completed.
    Info(Info),
    /// The search ended with this result.
    Done(SearchResult),
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
/// Iterating it yields an `Info` after each completed iteration until the
/// search ends (by its limit, or `stop()`: a search stopped once it holds
/// the engine still completes its first iteration, so it has a result with
/// a move; one stopped while waiting for another search of the engine
/// never begins, and has no result); the wait for the next one
/// releases the GIL and honours Ctrl-C (which stops the search and raises
/// `KeyboardInterrupt`). As a context manager it stops the search and
/// waits for it on exit. Dropping it stops the search too, and so does a
/// new command of its engine (`search`, `play`, `analysis`, `new_game`,
/// from any thread), as in `chess.engine`.
#[pyclass(module = "tamerlane")]
pub struct Analysis {
    engine: Py<Engine>,
    events: Mutex<Receiver<Event>>,
    stop_state: Arc<AnalysisStop>,
    thread: Mutex<Option<JoinHandle<()>>>,
    result: Mutex<Option<Py<SearchResult>>>,
    latest: Mutex<Option<Py<Info>>>,
    finished: AtomicBool,
}

impl Analysis {
    /// Starts searching `game` within `limits` with `engine`.
    pub fn start(
        py: Python<'_>,
        engine: Py<Engine>,
        game: Game,
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
    /// Ctrl-C every few milliseconds (which stops the search and is
    /// raised); `None` once the search has ended.
    fn next_event(&self, py: Python<'_>) -> PyResult<Option<Py<Info>>> {
        loop {
            if self.finished.load(Ordering::SeqCst) {
                return Ok(None);
            }
            let event = py.allow_threads(|| lock(&self.events).recv_timeout(POLL));
            match event {
                Ok(Event::Info(i)) => {
                    let info = Py::new(py, i)?;
                    *lock(&self.latest) = Some(info.clone_ref(py));
                    return Ok(Some(info));
                }
                Ok(Event::Done(r)) => {
                    let r = Py::new(py, r)?;
                    self.engine.get().set_last(r.clone_ref(py));
                    *lock(&self.result) = Some(r);
                    self.finish(py);
                }
                Ok(Event::Cancelled) | Err(RecvTimeoutError::Disconnected) => self.finish(py),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        self.request_stop();
                        return Err(e);
                    }
                }
            }
        }
    }

    fn finish(&self, py: Python<'_>) {
        self.finished.store(true, Ordering::SeqCst);
        py.allow_threads(|| self.join());
    }
}

/// The search thread: waits for the engine (unless stopped first),
/// searches, sends the infos and the result.
fn search_thread(
    engine: Py<Engine>,
    game: Game,
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
        let _ = tx.send(Event::Info(Info::new(i, turn)));
    });
    lock(&shared.0).searching = false;
    drop(guard);
    let _ = tx.send(Event::Done(SearchResult::new(&result, turn)));
}

#[pymethods]
impl Analysis {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<Info>>> {
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
    fn wait(&self, py: Python<'_>) -> PyResult<Option<Py<SearchResult>>> {
        while self.next_event(py)?.is_some() {}
        Ok(self.result(py))
    }

    /// The result once the search has ended (and been waited for or
    /// iterated to the end), else `None`.
    #[getter]
    fn result(&self, py: Python<'_>) -> Option<Py<SearchResult>> {
        lock(&self.result).as_ref().map(|r| r.clone_ref(py))
    }

    /// The latest `Info` received, `None` before the first.
    #[getter]
    fn info(&self, py: Python<'_>) -> Option<Py<Info>> {
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
