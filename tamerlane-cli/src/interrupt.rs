//! Ctrl-C and SIGTERM: awaited by `tamerlane serve` ([`signalled`]), and
//! turned into a flag for the commands that run without an async runtime
//! ([`flag_on_interrupt`], used by `tamerlane match`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Resolves on Ctrl-C, or SIGTERM on Unix.
pub async fn signalled() {
    match Signals::listen() {
        Ok(mut signals) => signals.next().await,
        Err(_) => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Signals closer than this to the first count as the same Ctrl-C.
const SAME_KEYPRESS: std::time::Duration = std::time::Duration::from_millis(300);

/// A flag set by the first Ctrl-C (or SIGTERM), after `first` is printed
/// to stderr; a second one prints `second` and ends the process at once
/// with exit code 130 (one within [`SAME_KEYPRESS`] of the first is
/// taken for the same). The handlers are in place when this returns, and a
/// thread of their own waits for the signals.
pub fn flag_on_interrupt(
    first: &'static str,
    second: &'static str,
) -> Result<Arc<AtomicBool>, String> {
    let failed = |e: std::io::Error| format!("watching for Ctrl-C: {e}");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(failed)?;
    let mut signals = {
        let _entered = runtime.enter();
        Signals::listen().map_err(failed)?
    };
    let flag = Arc::new(AtomicBool::new(false));
    let set = Arc::clone(&flag);
    std::thread::Builder::new()
        .name("interrupt".into())
        .spawn(move || {
            runtime.block_on(async {
                signals.next().await;
                // Said before the work sees the flag, which may end the
                // process.
                eprintln!("\n{first}");
                set.store(true, Ordering::Relaxed);
                let first_at = std::time::Instant::now();
                loop {
                    signals.next().await;
                    // The same Ctrl-C can arrive twice: a child process
                    // being started (not yet running its own program)
                    // still has this handler and is in the terminal's
                    // process group.
                    if first_at.elapsed() >= SAME_KEYPRESS {
                        break;
                    }
                }
                eprintln!("\n{second}");
                std::process::exit(130);
            });
        })
        .map_err(failed)?;
    Ok(flag)
}

/// The signals that stop a command: SIGINT and SIGTERM, each handled from
/// the moment [`Signals::listen`] returns.
#[cfg(unix)]
struct Signals {
    interrupt: tokio::signal::unix::Signal,
    terminate: tokio::signal::unix::Signal,
}

#[cfg(unix)]
impl Signals {
    /// Installs the handlers (inside a Tokio runtime).
    fn listen() -> std::io::Result<Signals> {
        use tokio::signal::unix::{signal, SignalKind};
        Ok(Signals {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    /// Resolves on the next of either signal.
    async fn next(&mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

/// Ctrl-C only, whose handler is installed when first awaited.
#[cfg(not(unix))]
struct Signals;

#[cfg(not(unix))]
impl Signals {
    fn listen() -> std::io::Result<Signals> {
        Ok(Signals)
    }

    async fn next(&mut self) {
        let _ = tokio::signal::ctrl_c().await;
    }
}
