//! `tamerlane-ai`: a search engine for Tamerlane chess.
//!
//! The crate is split like Stockfish: [`search`] (iterative deepening, PVS,
//! quiescence, pruning and the game rules in the tree), [`eval`] (static
//! evaluation), [`tt`] (the shared transposition table), [`movepick`] (move
//! ordering), [`timeman`] (limits and time), [`thread`] (the [`Engine`] and
//! Lazy SMP) and [`uci`] (the text protocol). Engine matches, Elo and SPRT
//! are tooling: they live in the `tamerlane` command-line tool
//! (`tamerlane-cli`).
//!
//! ```
//! use tamerlane_ai::{Engine, Limits};
//! use tamerlane_core::Position;
//!
//! // A depth-3 search of the initial position, with one info line per iteration.
//! let pos = Position::new();
//! let mut engine = Engine::new(8);
//! let r = engine.search(&pos, &[], &Limits::depth(3), |info| {
//!     assert!(info.depth >= 1);
//! });
//! assert!(pos.is_legal(&r.best.unwrap()));
//! ```

#![warn(missing_docs)]

pub mod eval;
pub mod movepick;
mod rng;
pub mod search;
pub mod thread;
pub mod timeman;
pub mod tt;
pub mod uci;

pub use eval::EvalKind;
pub use rng::Rng;
pub use search::{Features, Info, Score, SearchConfig, SearchResult};
pub use thread::Engine;
pub use timeman::Limits;
