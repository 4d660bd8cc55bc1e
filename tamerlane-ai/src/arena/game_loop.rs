//! One game under the arbiter: the engines started, each move asked for
//! (with the clocks kept) and checked, until the rules, the ply cap or a
//! forfeit end it, or the caller stops it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tamerlane_core::Color;

use super::players::{start_side, Player, Side};
use super::record::{GameEnd, GameRecord};
use crate::stop_relay::relay_stop;
use crate::AnyGame;

/// The longest move text kept in a [`GameEnd::Illegal`].
const MAX_MOVE_TEXT: usize = 40;

/// Plays one game from `opening` (a game without moves). The engines are
/// started White's first (one that cannot be started loses by forfeit).
/// Every move is checked by the arbiter (`AnyGame::play_uci`): an illegal
/// move or a missing one loses at once. With a `ply_cap`, a game that
/// reaches that many plies is a draw ([`GameEnd::PlyCap`]).
pub fn play_game(
    players: [&Player; 2],
    opening: &AnyGame,
    a_white: bool,
    index: usize,
    ply_cap: Option<usize>,
) -> GameRecord {
    let unstoppable = None;
    let played = play_game_until(players, opening, a_white, index, ply_cap, unstoppable);
    played.expect("a game without a stop flag is never stopped")
}

/// [`play_game`], stopped when `stop` is set: `None` then (checked before
/// every move; an in-process engine's search is stopped within a few
/// milliseconds, an engine command's move is awaited). Without a flag, it
/// always returns the game.
pub fn play_game_until(
    players: [&Player; 2],
    opening: &AnyGame,
    a_white: bool,
    index: usize,
    ply_cap: Option<usize>,
    stop: Option<&AtomicBool>,
) -> Option<GameRecord> {
    let mut game = opening.clone();
    let white = if a_white { 0 } else { 1 };
    let end = play_out(players, white, &mut game, ply_cap, stop)?;
    Some(GameRecord {
        index,
        opening: opening.clone(),
        white,
        moves: game.moves(),
        end,
    })
}

/// Whether `stop` is given and set.
pub(super) fn stopped(stop: Option<&AtomicBool>) -> bool {
    stop.is_some_and(|s| s.load(Ordering::Relaxed))
}

/// How long an engine's failure waits for a stop that may be coming.
const STOP_GRACE: Duration = Duration::from_millis(200);

/// Whether `stop` is given and is set within [`STOP_GRACE`]: asked when
/// an engine fails, since the signal that sets it (a Ctrl-C sent to the
/// whole process group) may also have ended an engine that was being
/// started, a moment before the flag is set. Such a game is stopped, not
/// forfeited.
fn stopping(stop: Option<&AtomicBool>) -> bool {
    let Some(flag) = stop else {
        return false;
    };
    let until = Instant::now() + STOP_GRACE;
    loop {
        if flag.load(Ordering::Relaxed) {
            return true;
        }
        if Instant::now() >= until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn play_out(
    players: [&Player; 2],
    white: usize,
    game: &mut AnyGame,
    ply_cap: Option<usize>,
    stop: Option<&AtomicBool>,
) -> Option<GameEnd> {
    let player_of = |c: Color| if c == Color::White { white } else { 1 - white };
    let mut sides: Vec<Option<Side>> = vec![None, None];
    let plies_before = game.moves().len();
    let mut plies = plies_before;
    for c in [Color::White, Color::Black] {
        match start_side(players[player_of(c)], game.variant()) {
            Ok(s) => sides[player_of(c)] = Some(s),
            Err(_) if stopping(stop) => return None,
            Err(e) => return Some(GameEnd::from_failure(c, e)),
        }
    }
    let mut clocks = players.map(|p| p.clock.map(|c| c.base));
    loop {
        if stopped(stop) {
            return None;
        }
        if let Some((winner, termination)) = game.outcome() {
            return Some(GameEnd::Rules(winner, termination));
        }
        if ply_cap.is_some_and(|cap| plies - plies_before >= cap) {
            return Some(GameEnd::PlyCap);
        }
        let turn = game.turn();
        let idx = player_of(turn);
        let player = players[idx];
        let mut limits = player.limits.clone();
        for c in [Color::White, Color::Black] {
            let p = player_of(c);
            let inc = players[p].clock.map_or(Duration::ZERO, |k| k.inc);
            limits.set_clock(c, clocks[p], inc);
        }
        let t0 = Instant::now();
        let (answer, elapsed) = match sides[idx].as_mut() {
            Some(Side::Internal(e)) => {
                let r = match stop {
                    None => e.search_any(game, &limits, |_| {}),
                    Some(stop) => {
                        let flag = e.stop_flag();
                        relay_stop(stop, &[&flag], || e.search_any(game, &limits, |_| {}))
                    }
                };
                (r.best.unwrap_or_else(|| "(none)".to_owned()), t0.elapsed())
            }
            Some(Side::External(x)) => match x.go(game, &limits) {
                Ok(b) => (b.text, b.elapsed),
                Err(_) if stopping(stop) => return None,
                Err(e) => return Some(GameEnd::from_failure(turn, e)),
            },
            None => return Some(GameEnd::Abandoned(turn, "no engine".into())),
        };
        // A move cut short by the stop is not played.
        if stopped(stop) {
            return None;
        }
        if let Some(left) = clocks[idx] {
            if elapsed > left + player.timeouts.margin {
                return Some(GameEnd::TimeForfeit(
                    turn,
                    format!(
                        "the move took {} ms with {} ms on the clock",
                        elapsed.as_millis(),
                        left.as_millis()
                    ),
                ));
            }
            let inc = player.clock.map_or(Duration::ZERO, |k| k.inc);
            clocks[idx] = Some(left.saturating_sub(elapsed) + inc);
        }
        if game.play_uci(&answer).is_err() {
            let text: String = answer.chars().take(MAX_MOVE_TEXT).collect();
            return Some(GameEnd::Illegal(turn, text));
        }
        plies += 1;
    }
}
