//! `tamerlane`: Tamerlane chess for Rust. This facade re-exports the rules
//! crate ([`core`]) and ships the `tamerlane` command-line tool.
//!
//! ```
//! use tamerlane::core::{perft, Position};
//! assert_eq!(perft(&Position::new(), 1), 24);
//! ```

pub use tamerlane_ai as ai;
pub use tamerlane_core as core;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}
