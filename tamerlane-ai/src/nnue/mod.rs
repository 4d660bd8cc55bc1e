//! Efficiently updatable neural networks (NNUE) for the three games,
//! written once over the core's `Position` (docs/ENGINE.md, "Networks
//! (NNUE)"). The search evaluates with them under
//! [`EvalKind::Net`](crate::EvalKind::Net), the default, for the games an
//! engine has a net for ([`Nets`]); the others use the hand-made
//! evaluation.
//!
//! - [`arch`]: the sizes and the quantisation;
//! - [`NnueGame`] (`features.rs`, `games.rs`): a game's piece-square
//!   features in each side's view;
//! - [`Delta`]: the men a move removes and adds, from the positions before
//!   and after it;
//! - [`Accumulator`]: the first layer for both views, refreshed from a
//!   position or updated by a delta (one per ply under copy-make);
//! - [`Network`]: the weights, and the forward pass (`forward.rs`: SCReLU,
//!   output buckets), with AVX2 where the machine has it (`simd.rs`);
//! - the net file (`format.rs`): [`Network::from_bytes`],
//!   [`Network::load`], [`Network::to_bytes`], refused with a [`NetError`];
//! - [`Nets`] (`nets.rs`): one optional net per game, as an engine holds
//!   them, and the nets embedded from `tamerlane-ai/nets/`.
//!
//! ```
//! use tamerlane_ai::nnue::{Accumulator, Delta, Network, NnueGame};
//! use tamerlane_core::{chess, Position};
//!
//! # fn net() -> Network<chess::Position> {
//! #     use tamerlane_ai::nnue::arch::{BUCKETS, HIDDEN};
//! #     let n = <chess::Position as NnueGame>::FEATURES;
//! #     Network::from_parts(&vec![1; n * HIDDEN], &[0; HIDDEN], &vec![1; BUCKETS * 2 * HIDDEN], &[0; BUCKETS]).unwrap()
//! # }
//! let net: Network<chess::Position> = net();
//! let before = chess::Position::new();
//! let acc = Accumulator::new(&net, &before);
//! let m = before.parse_move("e2e4").unwrap();
//! let mut after = before.clone();
//! after.play_unchecked(&m);
//! let mut next = Accumulator::default();
//! next.update_from(&acc, &Delta::between(&before, &after, &m).unwrap(), &net);
//! assert_eq!(next, Accumulator::new(&net, &after));
//! println!("{}", net.evaluate(&next, after.turn(), after.men()));
//! ```

mod accumulator;
pub mod arch;
mod delta;
mod error;
mod features;
mod format;
mod forward;
mod games;
mod nets;
mod network;
mod simd;
#[cfg(test)]
mod tests;

pub use accumulator::Accumulator;
pub use delta::{Delta, MAX_CHANGED};
pub use error::NetError;
pub use features::{Man, NamedChange, NnueGame};
pub use format::{file_game, fnv1a64, HEADER_LEN, MAGIC, VERSION};
pub use nets::{check_embedded, embedded_bytes, Nets};
pub use network::Network;
pub use simd::Row;
