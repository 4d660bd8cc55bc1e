//! `tamerlane`: Tamerlane chess (Timur satrancı, Shatranj al-Kabir) for
//! Rust in one dependency.
//!
//! This facade re-exports the rules crate [`tamerlane_core`] at its root
//! and the engine crate [`tamerlane_ai`] as [`ai`]. Depend on the two
//! crates directly for finer control; the command-line tool is the
//! `tamerlane-cli` package.
//!
//! ```
//! use tamerlane::{perft, Position};
//! use tamerlane::ai::{Engine, Limits};
//!
//! let pos = Position::new();
//! assert_eq!(perft(&pos, 1), 24);
//! let mut engine = Engine::new(8);
//! let result = engine.search(&pos, &[], &Limits::depth(2), |_| {});
//! assert!(pos.is_legal(&result.best.unwrap()));
//! ```

pub use tamerlane_ai as ai;
pub use tamerlane_core::*;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}
