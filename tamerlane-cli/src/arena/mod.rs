//! Engine matches: play games of any of the three games
//! ([`AnyGame`](tamerlane_ai::AnyGame)) between two players, with an
//! arbiter that checks every move, and summarise the result as a score, an
//! Elo difference with its 95% interval, and an optional SPRT.
//!
//! A side of a match is a [`Player`]: an in-process engine configuration
//! ([`PlayerKind::Internal`]) or an engine command speaking our protocol
//! ([`PlayerKind::External`], driven by [`external`](crate::external)).
//! The arbiter plays every move on its own `AnyGame` (moves in UCI,
//! under the match's rules): a move that is not
//! legal there (or that cannot be read) loses at once
//! ([`GameEnd::Illegal`]); an external engine that does not answer in time
//! loses on time ([`GameEnd::TimeForfeit`]) and one that cannot be started,
//! dies or rejects a command loses by forfeit ([`GameEnd::Abandoned`]).
//! With a [`Clock`], a player whose move takes longer than its remaining
//! time plus the margin of its [`Timeouts`](crate::external::Timeouts)
//! loses on time; a game that reaches the match's ply cap is adjudicated a
//! draw. Finished games convert to standard game records
//! ([`GameRecord::to_record`]; PGN with SAN for chess and Makruk).
//!
//! One file per job, each importing only files below it (and none this
//! one, which only re-exports): at the bottom [`stats`] (the tally, Elo
//! and SPRT), [`openings`] (random openings), [`players`] (players, clocks
//! and the engines they start) and [`record`] (how a game ended, a
//! finished game and its text); above them [`game_loop`] (one game, move
//! by move, under the arbiter); on top [`runner`] (a match: its games on
//! threads, the running tally, the SPRT's stop). The tests that go through
//! several of them are in `tests.rs`.

mod game_loop;
mod openings;
mod players;
mod record;
mod runner;
mod stats;
#[cfg(test)]
mod tests;

pub use openings::random_openings;
pub use players::{Clock, Player, PlayerKind};
pub use record::{GameEnd, GameRecord};
pub use runner::{run_match, MatchOptions, SprtStop};
pub use stats::{Sprt, SprtState, Tally};
