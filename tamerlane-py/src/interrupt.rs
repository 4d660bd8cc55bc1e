//! Long computations (perft, search) with the GIL released and Ctrl-C
//! honoured.
//!
//! The work runs on a helper thread while the calling thread, with the GIL
//! released, waits for it and every few milliseconds takes the GIL to run
//! `Python::check_signals`. On the main thread that raises
//! `KeyboardInterrupt` after a SIGINT (or `_thread.interrupt_main()`); the
//! watcher then sets the stop flag and keeps waiting until the work returns,
//! which it does promptly because it polls the flag.

use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the watcher looks for signals.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work` on a helper thread (with `stack` bytes of stack) with the GIL
/// released. Returns its value and the `KeyboardInterrupt` (or other signal
/// handler error) raised meanwhile, if any. `on_signal` is called (once)
/// when a signal handler raised: it should ask `work` to return soon.
pub fn run_interruptible<T, F>(
    py: Python<'_>,
    on_signal: &(dyn Fn() + Sync),
    stack: usize,
    work: F,
) -> PyResult<(T, Option<PyErr>)>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    let outcome = py.allow_threads(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel::<()>();
            let handle = std::thread::Builder::new()
                .name("tamerlane-work".into())
                .stack_size(stack)
                .spawn_scoped(scope, move || {
                    let value = work();
                    let _ = tx.send(());
                    value
                });
            let handle = match handle {
                Ok(h) => h,
                Err(e) => return Err(format!("could not start a worker thread: {e}")),
            };
            let mut signal: Option<PyErr> = None;
            loop {
                match rx.recv_timeout(POLL) {
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if signal.is_none() {
                            if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                                on_signal();
                                signal = Some(e);
                            }
                        }
                    }
                }
            }
            match handle.join() {
                Ok(v) => Ok((v, signal)),
                Err(_) => Err("internal error: the worker thread panicked".to_owned()),
            }
        })
    });
    outcome.map_err(PyRuntimeError::new_err)
}
