//! End-to-end tests of the `tamerlane` command-line tool: output formats,
//! the `--stdin` modes, and errors (stderr, exit code 2, never a panic).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_tamerlane");

/// Runs the binary with `args` and `stdin` (also used by `cli_chess` and
/// `cli_makruk`).
pub(crate) fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Waits up to `within` for `child` to exit (also used by `serve_client`
/// and `match_external`): its status, or `None` if it is still running.
pub(crate) fn exit_within(child: &mut Child, within: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if start.elapsed() >= within {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A fresh path (no file there) for a file `name` written by a test of
/// `suite` (also used by `match_external` and `match_siblings`), in a
/// folder of the system's temporary directory for this test run.
pub(crate) fn fresh_file(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tamerlane-{suite}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

const INITIAL: &str = tamerlane_core::INITIAL_TFEN;

#[test]
fn perft_prints_the_total_and_speed_on_stderr() {
    let o = run(&["perft", "3"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "14518\n");
    assert!(stderr(&o).contains("leaves/s"));
}

#[test]
fn perft_divide_lists_root_moves_then_the_total() {
    let o = run(&["perft", "2", "--divide"], "");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 25);
    assert_eq!(*lines.last().unwrap(), "576");
    // Every reply count is Black's 24 opening moves.
    for l in &lines[..24] {
        let (_, n) = l.split_once(": ").unwrap();
        assert_eq!(n, "24", "{l}");
    }
    let o = run(&["perft", "0", "--divide"], "");
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn perft_with_tfen() {
    let o = run(
        &[
            "perft",
            "1",
            "--tfen",
            "11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1",
        ],
        "",
    );
    assert_eq!(stdout(&o), "6\n");
}

#[test]
fn moves_are_sorted_on_one_line() {
    let o = run(&["moves"], "");
    let out = stdout(&o);
    let moves: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(moves.len(), 24);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(out.ends_with('\n') && out.lines().count() == 1);
    let o = run(&["moves", "f3f4", "f8f7"], "");
    assert!(stdout(&o).split_whitespace().any(|m| m == "f2f3"));
}

#[test]
fn moves_stdin_answers_every_line() {
    let input = format!(
        "{INITIAL}\nnot a tfen\n11/(K)11/11/11/11/11/11/11/10k/11 b - 00 0 1\n{INITIAL}\r\n"
    );
    let o = run(&["moves", "--stdin"], &input);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.split('\n').collect();
    assert_eq!(lines.len(), 5, "{out:?}");
    assert_eq!(lines[0].split(' ').count(), 24);
    assert!(lines[1].starts_with("error: "), "{}", lines[1]);
    assert_eq!(lines[2], "", "a finished game has no moves");
    assert_eq!(lines[3], lines[0], "CRLF line endings are accepted");
}

#[test]
fn apply_stdin_prints_the_resulting_tfen() {
    let input = format!("{INITIAL} | f3f4\n{INITIAL} | f3f5\n{INITIAL}\n");
    let o = run(&["apply", "--stdin"], &input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/5PK5/PPPDPCPEPF1PVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E b Kk 00 0 1"
    );
    assert!(
        lines[1].starts_with("error: illegal move f3f5"),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("error: "), "{}", lines[2]);
}

#[test]
fn outcome_of_a_game() {
    assert_eq!(stdout(&run(&["outcome"], "")), "none\n");
    // A pawn on the board, or the start would already be drawn by royals
    // against royals (and accept no move).
    let tfen = "11/K10/11/11/11/2PR8/11/11/10k/11 w - 00 0 1";
    let o = run(&["outcome", "--tfen", tfen, "a9bc"], "");
    assert_eq!(stdout(&o), "draw citadel\n");
    let tfen = "11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1";
    let o = run(&["outcome", "--tfen", tfen], "");
    assert_eq!(stdout(&o), "draw royals-only\n");
    let o = run(&["outcome", "--tfen", tfen, "a9bc"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("ply 0"), "{}", stderr(&o));
    // The swap-only position without its swap right: no move, White loses.
    let tfen = "10k/11/11/11/11/11/1pr9/T1n6pr1/1v5r1PR1/K9G w - 00 0 1";
    let o = run(&["outcome", "--tfen", tfen], "");
    assert_eq!(stdout(&o), "black stalemate\n");
}

#[test]
fn errors_go_to_stderr_with_exit_code_2() {
    for args in [
        &["perft", "21"][..],
        &["perft", "x"],
        &["perft", "1", "--tfen", "garbage"],
        &["moves", "e2e9"],
        &["moves", "zz"],
        &["outcome", "f3f4", "f3f4"],
        &["nonsense"],
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
        assert!(!stderr(&o).is_empty(), "{args:?}");
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_bad_match_configuration_is_named() {
    let o = run(
        &[
            "match",
            "--a",
            "full,-warp",
            "--nodes",
            "10",
            "--games",
            "2",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--a: unknown feature `warp`"),
        "{}",
        stderr(&o)
    );
    let o = run(
        &["match", "--b", "fast", "--nodes", "10", "--games", "2"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--b: configuration must start with `full` or `plain`, not `fast`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn pgn_validates_a_record_file() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/");
    let o = run(&["pgn", &format!("{dir}sample.pgn")], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().count() >= 2);
    assert!(
        out.lines()
            .all(|l| l.starts_with("game ") && l.contains(" plies, ")),
        "{out}"
    );
    let o = run(&["pgn", "--tfen", "-"], "1. f4 f7 2. Nc4 *\n");
    assert!(stdout(&o).contains("3 plies, *, final "), "{}", stdout(&o));
    let o = run(&["pgn", &format!("{dir}malformed.pgn")], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("error: line "), "{}", stdout(&o));
    let o = run(&["pgn", "/nonexistent/file.pgn"], "");
    assert_eq!(o.status.code(), Some(2));
}

/// `--rules` on the position and move commands: presets start from their
/// own array, bad strings are exit-2 errors naming the key, and moves past
/// the end of a game name the ply where it ended and why.
#[test]
fn rules_option() {
    // seed-001's array differs from the standard one only in which pawn
    // stands where, so the first moves are the same 24 (docs/RULES.md,
    // section 9, "The `seed-001` preset").
    let o = run(&["perft", "1", "--rules", "seed-001"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "24");
    let o = run(&["moves", "--rules", "seed-001", "f3f4"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    // In the preset's array each pawn stands in front of its own piece: b3
    // holds the pawn of knights (the standard array has the pawn of
    // dabbabas there), and it moves as `PN` in the resulting TFEN.
    let seed = "e1c1d1d1c1e/rntgfkvgtnr/pppnptpgpfpkpvpgptpnpr/11/11/11/11/PPPNPTPGPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1";
    let o = run(
        &["apply", "--stdin", "--rules", "seed-001"],
        &format!("{seed} | b3b4\n"),
    );
    assert_eq!(
        stdout(&o).trim(),
        "e1c1d1d1c1e/rntgfkvgtnr/pppnptpgpfpkpvpgptpnpr/11/11/11/1PN9/PP1PTPGPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E b Kk 00 0 1"
    );
    // A bad rule set names the bad key and value.
    let o = run(&["perft", "1", "--rules", "swap-when=never"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("swap-when"), "{}", stderr(&o));
    assert!(stderr(&o).contains("never"), "{}", stderr(&o));
    // Knights out and back twice: the start position occurs for the second
    // time after ply 4, which ends the game under repetition=2.
    let cycle = ["b2c4", "b9c7", "c4b2", "c7b9"];
    let mut args = vec!["outcome", "--rules", "repetition=2"];
    args.extend(cycle);
    let o = run(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "draw repetition");
    args.push("b2c4");
    let o = run(&args, "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("move 5"), "{err}");
    assert!(err.contains("ply 4"), "{err}");
    assert!(err.contains("repetition"), "{err}");
    // Under the default rules the same moves are fine.
    let mut args = vec!["outcome"];
    args.extend(cycle);
    args.push("b2c4");
    let o = run(&args, "");
    assert_eq!(stdout(&o).trim(), "none");
}

/// `--rules` on `pgn` (for records without a `Rules` tag), `analyze` and
/// `engine`.
#[test]
fn rules_option_on_records_and_the_engine() {
    // Knights out and back: a repetition draw only under repetition=2,
    // where the `*` result contradicts the game's end.
    let record = "1. Nc4 Nc7 2. Nb2 Nb9 *\n";
    let o = run(&["pgn", "-"], record);
    assert!(o.status.success(), "{}", stdout(&o));
    let o = run(&["pgn", "-", "--rules", "repetition=2"], record);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    // A record's own Rules tag decides for it.
    let tagged = "[Rules \"repetition=2\"]\n\n1. Nc4 Nc7 2. Nb2 Nb9 1/2-1/2\n";
    let o = run(&["pgn", "-"], tagged);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("4 plies, 1/2-1/2"), "{}", stdout(&o));
    // analyze: a finished game has no best move.
    let kings = "11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1";
    let o = run(&["analyze", "--tfen", kings, "--depth", "3"], "");
    assert!(stdout(&o).contains("bestmove (none)"), "{}", stdout(&o));
    let o = run(
        &[
            "analyze",
            "--tfen",
            kings,
            "--depth",
            "2",
            "--rules",
            "royals-only=off",
        ],
        "",
    );
    assert!(!stdout(&o).contains("bestmove (none)"), "{}", stdout(&o));
    // engine --rules: the option's starting value.
    let o = run(
        &["engine", "--rules", "royals-only=off"],
        &format!("position tfen {kings}\ngo depth 2\n"),
    );
    let out = stdout(&o);
    let best = out
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .unwrap_or("");
    assert!(!best.is_empty() && best != "bestmove (none)", "{out}");
    let o = run(&["engine", "--rules", "bad"], "");
    assert_eq!(o.status.code(), Some(2));
}
