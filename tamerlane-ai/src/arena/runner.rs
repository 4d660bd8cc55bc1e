//! A match: which opening and colours each of its games has
//! ([`play_match_game`]), its games played on threads ([`run_match`]), the
//! running tally, and the SPRT's early stop.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::game_loop::{play_game_until, stopped};
use super::players::Player;
use super::record::GameRecord;
use super::stats::{Sprt, SprtState, Tally};
use crate::{AnyGame, AnyRules};

/// Match settings.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Number of games (each opening is played twice, colours swapped).
    pub games: usize,
    /// Games played at the same time.
    pub concurrency: usize,
    /// The openings (used in turn): games without moves. None: the
    /// standard Tamerlane start.
    pub openings: Vec<AnyGame>,
    /// Plies after which a game is adjudicated a draw, if any.
    pub ply_cap: Option<usize>,
    /// Stop early when this SPRT decides.
    pub sprt: Option<Sprt>,
}

/// How an SPRT stopped a match early: its decision and the tally when it
/// decided. Games already in play then are finished and counted in the
/// match's tally, which may therefore read differently.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SprtStop {
    /// The decision (never [`SprtState::Continue`]).
    pub state: SprtState,
    /// The tally when the test decided.
    pub at: Tally,
}

/// Plays game `index` of a match between `a` and `b` as [`run_match`]
/// plays it: from opening `openings[(index / 2) % openings.len()]` (the
/// standard Tamerlane start when `openings` is empty), `a` White when
/// `index` is even, and the match's `ply_cap`. `None` if `stop` was set
/// before it ended (see [`play_game_until`](super::play_game_until)).
/// A game depends on nothing but these: the engines are new for each game.
pub fn play_match_game(
    a: &Player,
    b: &Player,
    openings: &[AnyGame],
    index: usize,
    ply_cap: Option<usize>,
    stop: Option<&AtomicBool>,
) -> Option<GameRecord> {
    let standard;
    let openings = if openings.is_empty() {
        standard = [AnyGame::new(AnyRules::default())];
        &standard[..]
    } else {
        openings
    };
    let opening = &openings[(index / 2) % openings.len()];
    play_game_until([a, b], opening, index % 2 == 0, index, ply_cap, stop)
}

/// Plays a match between `a` and `b`. `on_game` is called after each game
/// (in completion order) with the record and the running tally; the
/// records are returned in game order, with the SPRT's stop if it ended
/// the match early.
///
/// When `stop` is set (by a Ctrl-C handler, say), no game is started and
/// the games in play are abandoned ([`play_match_game`]): they are neither
/// counted nor returned, so the tally and the records are those of the
/// games that ended.
pub fn run_match(
    a: &Player,
    b: &Player,
    opts: &MatchOptions,
    stop: Option<&AtomicBool>,
    mut on_game: impl FnMut(&GameRecord, &Tally) + Send,
) -> (Tally, Vec<GameRecord>, Option<SprtStop>) {
    let next = AtomicUsize::new(0);
    let state = Mutex::new((Tally::default(), Vec::<GameRecord>::new(), None::<SprtStop>));
    let on_game = Mutex::new(&mut on_game);
    std::thread::scope(|s| {
        for _ in 0..opts.concurrency.max(1) {
            s.spawn(|| loop {
                if stopped(stop) || state.lock().map(|st| st.2.is_some()).unwrap_or(true) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= opts.games {
                    return;
                }
                let Some(rec) = play_match_game(a, b, &opts.openings, i, opts.ply_cap, stop) else {
                    return;
                };
                let Ok(mut st) = state.lock() else { return };
                st.0.add(rec.score_a());
                if let (Some(sprt), None) = (opts.sprt, st.2) {
                    let decided = sprt.state(&st.0);
                    if decided != SprtState::Continue {
                        st.2 = Some(SprtStop {
                            state: decided,
                            at: st.0,
                        });
                    }
                }
                if let Ok(mut f) = on_game.lock() {
                    (*f)(&rec, &st.0);
                }
                st.1.push(rec);
            });
        }
    });
    let (tally, mut records, stop) = state.into_inner().unwrap_or_default();
    records.sort_by_key(|r| r.index);
    (tally, records, stop)
}
