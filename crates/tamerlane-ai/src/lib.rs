//! `tamerlane-ai`: a search engine for Tamerlane chess.
//!
//! The crate is split like Stockfish: [`search`] (iterative deepening, PVS,
//! quiescence, pruning and the game rules in the tree), [`eval`] (static
//! evaluation), [`tt`] (the shared transposition table), [`movepick`] (move
//! ordering), [`timeman`] (limits and time), [`thread`] (the [`Engine`] and
//! Lazy SMP), [`uci`] (the text protocol), [`arena`] (engine matches,
//! Elo and SPRT) and [`external`] (a client for engine commands speaking
//! the protocol).
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

pub mod arena;
pub mod eval;
pub mod external;
pub mod movepick;
pub mod search;
pub mod thread;
pub mod timeman;
pub mod tt;
pub mod uci;
pub mod verify;

pub use eval::EvalKind;
pub use search::{Features, Info, Score, SearchConfig, SearchResult};
pub use thread::Engine;
pub use timeman::Limits;
