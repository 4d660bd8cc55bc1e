//! A caller's stop flag passed on to an engine's: the engine clears its own
//! flag when each search starts ([`Engine::stop_flag`](crate::Engine::stop_flag)),
//! so a stop asked for once (say, Ctrl-C in Python) must be set again on it
//! while the work goes on. [`relay_stop`] runs the work with a watcher
//! thread doing that.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How often the watcher looks at the caller's flag.
const POLL: Duration = Duration::from_millis(5);

/// Runs `work` while a watcher thread copies `stop` (once it is set) into
/// each of `targets` every few milliseconds, so that a search running on
/// one of them ends within a few milliseconds of `stop` (the search polls
/// its flag every 1024 nodes). The watcher ends as soon as `work` returns.
/// If the watcher cannot be started, `work` still runs, and `stop` reaches
/// the searches only where the work checks it itself.
pub(crate) fn relay_stop<T>(
    stop: &AtomicBool,
    targets: &[&AtomicBool],
    work: impl FnOnce() -> T,
) -> T {
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        let watcher = std::thread::Builder::new()
            .name("tamerlane-stop-relay".into())
            .spawn_scoped(scope, move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(POLL) {
                    if stop.load(Ordering::Relaxed) {
                        for t in targets {
                            t.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        let value = work();
        // Dropping the sender wakes the watcher at once.
        drop(done);
        if let Ok(w) = watcher {
            let _ = w.join();
        }
        value
    })
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::{Engine, Limits};
    use tamerlane_core::tamerlane::Game;

    #[test]
    fn a_stop_set_before_the_search_still_ends_it() {
        let mut engine = Engine::builder().hash_mib(1).build();
        let target = engine.stop_flag();
        // Set before the search starts (which clears the engine's flag).
        let stop = AtomicBool::new(true);
        let started = Instant::now();
        let r = relay_stop(&stop, &[&target], || {
            engine.search(&Game::new(), &Limits::new().depth(60), |_| {})
        });
        assert!(r.stopped);
        assert!(started.elapsed() < Duration::from_secs(20));
    }
}
