//! The engine's seeded generator is the rules crate's
//! [`tamerlane_core::Rng`] (xorshift64*), re-exported as `tamerlane_ai::Rng`
//! so that existing code and recorded seeds keep working unchanged.

pub use tamerlane_core::Rng;
