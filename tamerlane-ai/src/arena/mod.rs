//! Engine matches: play games of any of the three games
//! ([`AnyGame`](crate::AnyGame)) between two players, with an
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
//! The `tamerlane match` command and the Python package
//! (`tamerlane.cluster`, which spreads a match's games over machines) both
//! play their games here: game `i` of a match ([`play_match_game`]) depends
//! only on the players, the openings ([`random_openings`]), `i` and the ply
//! cap, so a match played game by game elsewhere is the same match.
//!
//! One file per job, each importing only files below it (and none this
//! one, which only re-exports): at the bottom `stats` (the tally, Elo
//! and SPRT), `openings` (random openings), `players` (players, clocks
//! and the engines they start) and `record` (how a game ended, a
//! finished game and its text); above them `setup` (a player from its
//! text settings) and `game_loop` (one game, move by move, under the
//! arbiter); on top `runner` (a match: each game's opening and colours,
//! its games on threads, the running tally, the SPRT's stop). The tests
//! that go through several of them are in `tests.rs`.

mod game_loop;
mod openings;
mod players;
mod record;
mod runner;
mod setup;
mod stats;
#[cfg(test)]
mod tests;

pub use game_loop::{play_game, play_game_until};
pub use openings::random_openings;
pub use players::{Clock, Player, PlayerKind};
pub use record::{GameEnd, GameRecord};
pub use runner::{play_match_game, run_match, MatchOptions, SprtStop};
pub use setup::{PlayerSetup, SetupError, DEFAULT_HASH_MIB};
pub use stats::{elo_of, score_of, Sprt, SprtState, Tally};
