//! `tamerlane serve`: a local web board for Tamerlane, chess and Makruk
//! (docs/WEB.md). The files: `routes` (the router and its handlers),
//! `sessions`, `engine_pool` (the engine work and its bounds), `view` (the
//! state the page draws), `records`, `errors` (validation and the 4xx
//! answers) and `assets` (the embedded page).

mod assets;
mod engine_pool;
mod errors;
mod records;
mod routes;
mod sessions;
mod view;

use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use engine_pool::{EngineLimits, EnginePool};
use routes::App;
use sessions::Sessions;

/// Arguments of `tamerlane serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on: 127.0.0.1 (this machine only) unless
    /// told otherwise (docs/WEB.md, "Serving to other machines").
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the default browser (`xdg-open`, `open`).
    #[arg(long)]
    pub open: bool,
    /// The longest time per engine move, in milliseconds.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub max_movetime_ms: u64,
    /// The longest an analysis runs, in milliseconds.
    #[arg(long, default_value_t = 300_000, value_parser = clap::value_parser!(u64).range(100..=86_400_000))]
    pub max_analysis_ms: u64,
    /// Search threads of each search.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// Searches at once over all sessions (more are refused with a 429).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub max_searches: u64,
    /// Sessions kept (the one used longest ago is forgotten first).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_sessions: u64,
    /// The transposition table of each session's engine, in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub hash_mib: u64,
    /// The largest request body, in KiB.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_body_kib: u64,
}

/// Runs the server until Ctrl-C (or SIGTERM): prints its address, then
/// stops taking connections, ends the event streams and the searches, and
/// returns.
pub fn run(args: ServeArgs) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("starting the server: {e}"))?;
    let result = rt.block_on(serve(args));
    rt.shutdown_timeout(Duration::from_secs(3));
    result
}

async fn serve(args: ServeArgs) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|e| format!("listening on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (down_tx, down_rx) = tokio::sync::watch::channel(false);
    let app = Arc::new(App {
        sessions: Sessions::new(args.max_sessions as usize),
        pool: EnginePool::new(EngineLimits {
            max_movetime: Duration::from_millis(args.max_movetime_ms),
            max_analysis: Duration::from_millis(args.max_analysis_ms),
            threads: args.threads as usize,
            max_searches: args.max_searches as usize,
            hash_mib: args.hash_mib as usize,
            max_multipv: 5,
        }),
        shutdown: down_rx,
        max_body: (args.max_body_kib as usize) << 10,
    });
    let url = format!("http://{addr}/");
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "tamerlane serve: listening on {url} (Ctrl-C to stop)")
            .and_then(|()| out.flush())
            .map_err(|e| format!("writing to stdout: {e}"))?;
    }
    if args.open {
        open_browser(&url);
    }
    let router = routes::router(Arc::clone(&app));
    let on_signal = {
        let app = Arc::clone(&app);
        async move {
            crate::interrupt::signalled().await;
            eprintln!("tamerlane serve: stopping");
            let _ = down_tx.send(true);
            app.pool.shutdown.store(true, Ordering::Relaxed);
            app.sessions.stop_all();
        }
    };
    axum::serve(listener, router)
        .with_graceful_shutdown(on_signal)
        .await
        .map_err(|e| format!("serving: {e}"))?;
    eprintln!("tamerlane serve: stopped");
    Ok(())
}

/// Opens `url` in the desktop's browser; a failure is only reported.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("tamerlane serve: could not open a browser ({opener}: {e}); open {url}");
    }
}
