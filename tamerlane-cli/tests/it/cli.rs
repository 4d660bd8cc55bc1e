//! End-to-end tests of the `tamerlane` command-line tool: output formats,
//! the `--stdin` modes, and errors (stderr, exit code 2, never a panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tamerlane");

/// Runs the binary with `args` and `stdin` (also used by `cli_chess`).
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
    // A Ferz on a1 keeps the start from being a royals-only draw already.
    let tfen = "11/K10/11/11/11/11/11/11/10k/F10 w - 00 0 1";
    let o = run(&["outcome", "--tfen", tfen, "a9bc"], "");
    assert_eq!(stdout(&o), "draw citadel\n");
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
