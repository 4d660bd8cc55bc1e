//! `tamerlane`: Tamerlane chess (Timur satrancı, Shatranj al-Kabir) for
//! Rust in one dependency.
//!
//! This facade re-exports the rules crate [`tamerlane_core`] at its root
//! and the engine crate [`tamerlane_ai`] as [`ai`]. Depend on the two
//! crates directly for finer control; the command-line tool is the
//! `tamerlane-cli` package.
//!
//! ```
//! use tamerlane::perft;
//! use tamerlane::tamerlane::Game;
//! use tamerlane::ai::{Engine, Limits};
//!
//! let game = Game::new();
//! assert_eq!(perft(game.position(), 1), 24);
//! let mut engine = Engine::builder().hash_mib(8).build();
//! let result = engine.search(&game, &Limits::new().depth(2), |_| {});
//! assert!(game.position().is_legal(&result.best.unwrap()));
//! ```

pub use tamerlane_ai as ai;
pub use tamerlane_core::*;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}
