//! The game trait's implementations: one file per game, each saying how
//! the search packs, orders and scores that game's moves and which draw
//! rules it applies.

mod chess;
mod makruk;
mod tamerlane;
