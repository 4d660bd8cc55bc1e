//! The game trait's implementations: one file per game, each saying how
//! the search packs, orders and scores that game's moves and which draw
//! rules it applies, and what the two 8x8 games share (`board8`).

mod board8;
mod chess;
mod makruk;
mod tamerlane;
