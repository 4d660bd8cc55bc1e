//! The protocol's `Rules` option (issue 11): `setoption name Rules value
//! STRING` sets the rule set of the positions that follow, is listed in the
//! `uci` answer, refuses a bad string with an error naming it, and a game
//! that has already ended is answered at once with `bestmove (none)`.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tamerlane_ai::uci::{parse_command_with_rules, Command, CommandError, Session};
use tamerlane_core::{RuleSet, SEED_001_TFEN};

type Buf = Arc<Mutex<Vec<u8>>>;

/// Everything the session printed so far.
pub(crate) fn text(buf: &Buf) -> String {
    String::from_utf8(buf.lock().unwrap().clone()).unwrap()
}

/// Handles `lines` in a new session, each `go` waited for until its
/// `bestmove` (at most 20 s), and returns everything printed.
pub(crate) fn transcript(lines: &[&str]) -> String {
    let buf: Buf = Arc::new(Mutex::new(Vec::new()));
    let mut s = Session::new(buf.clone());
    for line in lines {
        let before = text(&buf).matches("bestmove").count();
        assert!(s.handle(line));
        if line.starts_with("go") {
            let t = Instant::now();
            while text(&buf).matches("bestmove").count() == before {
                assert!(t.elapsed() < Duration::from_secs(20), "{line}: no bestmove");
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
    s.finish();
    text(&buf)
}

/// Kings only: drawn at once under the default rules (royals only).
const KINGS: &str = "11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1";

#[test]
fn the_option_is_listed_and_validated() {
    let out = transcript(&["uci", "setoption name Rules value swap-when=never"]);
    assert!(out.contains("option name Rules type string"), "{out}");
    assert!(out.contains("info string error: option Rules"), "{out}");
    assert!(out.contains("swap-when"), "{out}");
    assert!(out.contains("never"), "{out}");
}

#[test]
fn a_finished_game_gets_no_move_at_once() {
    // Royals against royals: over before any move by default.
    let out = transcript(&[&format!("position tfen {KINGS}"), "go depth 5"]);
    assert!(out.lines().any(|l| l == "bestmove (none)"), "{out}");
    assert!(!out.contains("info depth"), "no search: {out}");
    // With royals-only=off the game goes on: the engine plays a move.
    let out = transcript(&[
        "setoption name Rules value royals-only=off",
        &format!("position tfen {KINGS}"),
        "go depth 2",
    ]);
    let best = out.lines().find(|l| l.starts_with("bestmove")).unwrap();
    assert_ne!(best, "bestmove (none)", "{out}");
}

#[test]
fn positions_are_read_under_the_option() {
    // repetition=2: the knights' round trip repeats the start at ply 4, so
    // a fifth move is refused; under the default rules it is accepted.
    let line = "position startpos moves b2c4 b9c7 c4b2 c7b9 b2c4";
    let rules: RuleSet = "repetition=2".parse().unwrap();
    assert!(matches!(
        parse_command_with_rules(line, rules),
        Err(CommandError::BadMove { index: 5, .. })
    ));
    assert!(matches!(
        parse_command_with_rules(line, RuleSet::DEFAULT),
        Ok(Some(Command::Position(_)))
    ));
    // `startpos` is the preset's own start array.
    match parse_command_with_rules("position startpos", "seed-001".parse().unwrap()) {
        Ok(Some(Command::Position(p))) => assert_eq!(p.game().start_fen(), SEED_001_TFEN),
        other => panic!("{other:?}"),
    }
    // In a session: the refused position is an error line, and the game
    // left is the previous one.
    let out = transcript(&["setoption name Rules value repetition=2", line, "isready"]);
    assert!(out.contains("info string error: move 5 (b2c4)"), "{out}");
    assert!(out.contains("ply 4"), "{out}");
}

#[test]
fn the_option_round_trips_as_a_command() {
    let rules: RuleSet = "seed-001,repetition=3".parse().unwrap();
    let cmd = Command::Rules(rules.into());
    let line = cmd.to_string();
    assert!(line.starts_with("setoption name Rules value swap-when=check,"));
    assert_eq!(line.parse::<Command>(), Ok(cmd));
    // The default rules: an empty value.
    let cmd = Command::Rules(RuleSet::DEFAULT.into());
    assert_eq!(cmd.to_string(), "setoption name Rules value ");
    assert_eq!("setoption name Rules value".parse::<Command>(), Ok(cmd));
}
