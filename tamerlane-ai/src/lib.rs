//! `tamerlane-ai`: a search engine for Tamerlane chess and its siblings,
//! FIDE chess and Makruk: one search, generic over the game
//! ([`SearchPosition`], over the core `Position` trait), monomorphised for each.
//!
//! The public surface: the [`Engine`] (built with [`Engine::builder`]),
//! its [`Limits`], its [`SearchConfig`] (search [`Features`] and
//! [`EvalKind`]), what a search reports ([`Info`] after each iteration, a
//! [`SearchResult`] at the end, scores as [`Score`]), strength levels
//! ([`Level`]), the piece values and static evaluation ([`eval`]) and the
//! text protocol ([`uci`]). Inside,
//! the crate is split like Stockfish: the search, the transposition table,
//! move ordering and time management are private.
//!
//! The tooling on top, shared by the `tamerlane` command-line tool
//! (`tamerlane-cli`) and the Python package: engine matches with an
//! arbiter, Elo and SPRT ([`arena`]), the client of engine commands that
//! speak the protocol ([`external`]), self-play training data
//! ([`datagen`]), and a batched Monte Carlo tree search with PUCT for
//! AlphaZero-style training ([`mcts`]).
//!
//! A timed search, stopped from another thread long before its time is up:
//!
//! ```
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use std::time::{Duration, Instant};
//! use tamerlane_ai::{Engine, Limits};
//! use tamerlane_core::tamerlane::Game;
//!
//! let mut game = Game::new();
//! game.play_str("f3f4").unwrap();
//! let mut engine = Engine::builder().hash_mib(16).threads(1).build();
//! let stop = engine.stop_flag();
//! let done = AtomicBool::new(false);
//! let started = Instant::now();
//! let result = std::thread::scope(|s| {
//!     // A search clears the flag when it starts, so keep asking until it ends.
//!     s.spawn(|| {
//!         while !done.load(Ordering::Relaxed) {
//!             std::thread::sleep(Duration::from_millis(20));
//!             stop.store(true, Ordering::Relaxed);
//!         }
//!     });
//!     let limits = Limits::new().movetime(Duration::from_secs(60));
//!     let result = engine.search(&game, &limits, |info| assert!(info.depth >= 1));
//!     done.store(true, Ordering::Relaxed);
//!     result
//! });
//! assert!(result.stopped);
//! assert!(started.elapsed() < Duration::from_secs(60));
//! assert!(game.position().is_legal(&result.best.unwrap()));
//! ```

#![warn(missing_docs)]

mod any_game;
pub mod arena;
mod config;
pub mod datagen;
mod engine;
pub mod eval;
pub mod external;
mod game;
mod games;
mod level;
mod limits;
pub mod mcts;
mod movepick;
pub mod nnue;
mod packed_move;
mod result;
mod rng;
mod score;
mod search;
pub mod see;
mod stop_relay;
mod timeman;
mod tt;
pub mod uci;

pub use config::{ConfigError, Features, SearchConfig};
pub use engine::{Engine, EngineBuilder, NodeCounter};
pub use eval::EvalKind;
pub use eval::Perspective;
pub use game::SearchPosition;
pub use level::{Level, LEVELS};
pub use limits::Limits;
pub use packed_move::PackedMove;
pub use result::{Info, PvLine, SearchResult};
pub use rng::Rng;
pub use score::Score;
pub use tamerlane_core::{AnyFenError, AnyGame, AnyPlayError, AnyRules, UnknownVariant, Variant};

/// The deepest iteration a search reaches (a larger depth limit counts as
/// this one).
pub const MAX_DEPTH: u32 = search::MAX_PLY as u32 - 8;
