//! `tamerlane match` against engine commands: an in-process configuration
//! against `tamerlane engine` run as an external command, and against
//! deliberately broken engines (scripts for `sh`) that must lose by
//! forfeit without hanging the match; the games written with `--out` must
//! read back with `tamerlane pgn`. Also the match's openings file and its
//! Ctrl-C.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::cli;

const BIN: &str = env!("CARGO_BIN_EXE_tamerlane");

/// Runs the binary with `args` and an empty standard input.
fn tamerlane(args: &[&str]) -> Output {
    cli::run(args, "")
}

/// A fresh path for a record file of this test.
fn out_file(name: &str) -> PathBuf {
    cli::fresh_file("match", name)
}

/// Runs `tamerlane pgn FILE`: every game must be valid; returns its lines.
fn read_back(path: &Path) -> Vec<String> {
    let o = tamerlane(&["pgn", path.to_str().unwrap()]);
    let out = cli::stdout(&o);
    assert!(o.status.success(), "{out}{}", cli::stderr(&o));
    out.lines().map(str::to_owned).collect()
}

/// The engine command that runs this binary's `engine` subcommand.
fn engine_cmd() -> String {
    format!("'{BIN}' engine")
}

#[test]
fn in_process_against_the_engine_command() {
    let path = out_file("external.pgn");
    let cmd = engine_cmd();
    let o = tamerlane(&[
        "match",
        "--a-cmd",
        &cmd,
        "--a-name",
        "ext",
        "--a-option",
        "Threads=1",
        "--b",
        "plain",
        "--games",
        "2",
        "--nodes",
        "40",
        "--hash",
        "1",
        "--out",
        path.to_str().unwrap(),
    ]);
    let out = cli::stdout(&o);
    assert!(o.status.success(), "{out}{}", cli::stderr(&o));
    assert!(out.starts_with("ext vs plain: 2 games\n"), "{out}");
    assert!(out.contains("\nillegal moves: 0\n"), "{out}");
    assert!(out.contains("\nforfeits: time 0, abandoned 0\n"), "{out}");
    assert!(out.contains("\nelo "), "{out}");
    let games = read_back(&path);
    assert_eq!(games.len(), 2, "{games:?}");
    for g in &games {
        // Games end by the rules; the `Termination` tag is the rule's name.
        assert!(
            [
                "checkmate",
                "stalemate",
                "citadel",
                "repetition",
                "move-limit",
                "royals-only"
            ]
            .iter()
            .any(|t| g.ends_with(t)),
            "{g}"
        );
    }
    let records = std::fs::read_to_string(&path).unwrap();
    assert!(
        records.contains("[White \"ext\"]\n[Black \"plain\"]"),
        "{records}"
    );
    assert!(
        records.contains("[White \"plain\"]\n[Black \"ext\"]"),
        "{records}"
    );
    assert!(records.contains("[Round \"2\"]"), "{records}");
    assert!(records.contains("[TFEN \""), "{records}");
}

/// A scripted engine for `sh -c` that handshakes and answers `go` with
/// `reply` (a shell command).
#[cfg(unix)]
fn script(reply: &str) -> String {
    format!(
        "sh -c 'while read -r l; do case \"$l\" in \
         uci) echo uciok;; isready) echo readyok;; go*) {reply};; quit) exit 0;; \
         esac; done'"
    )
}

#[cfg(unix)]
fn match_against(cmd: &str, extra: &[&str], path: &Path) -> (Output, Duration) {
    let mut args = vec![
        "match",
        "--a",
        "full",
        "--b-cmd",
        cmd,
        "--b-name",
        "broken",
        "--games",
        "2",
        "--nodes",
        "40",
        "--out",
        path.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let t0 = Instant::now();
    let o = tamerlane(&args);
    (o, t0.elapsed())
}

#[cfg(unix)]
#[test]
fn broken_engines_lose_by_forfeit() {
    let cases = [
        // An illegal move, and text that is not a move.
        (
            "illegal",
            script("echo \"bestmove a1a2\""),
            vec![],
            "rules infraction",
        ),
        (
            "garbage",
            script("echo \"bestmove @#!\""),
            vec![],
            "rules infraction",
        ),
        // Never answers `go`: loses on time after movetime + margin.
        (
            "silent",
            script("echo \"info string thinking\""),
            vec!["--movetime", "20", "--margin", "100"],
            "time forfeit",
        ),
        // Dies on `go`.
        (
            "crash",
            script("echo dying >&2; exit 7"),
            vec![],
            "abandoned",
        ),
    ];
    for (name, cmd, extra, termination) in &cases {
        let path = out_file(&format!("{name}.pgn"));
        let (o, took) = match_against(cmd, extra, &path);
        let out = cli::stdout(&o);
        let err = cli::stderr(&o);
        assert!(o.status.success(), "{name}: {out}{err}");
        assert!(took < Duration::from_secs(20), "{name}: {took:?}");
        // Player A wins both games, whatever its colour.
        assert!(
            out.contains("score 2.0/2 (100.0%)  +2 =0 -0"),
            "{name}: {out}"
        );
        let count = |needle: &str| out.lines().any(|l| l == needle);
        match *termination {
            "rules infraction" => {
                assert!(count("illegal moves: 2"), "{name}: {out}");
                assert!(count("endings: illegal-move 2"), "{name}: {out}");
            }
            "time forfeit" => assert!(count("forfeits: time 2, abandoned 0"), "{out}"),
            _ => assert!(count("forfeits: time 0, abandoned 2"), "{out}"),
        }
        // The reason is on stderr and in the records, which read back.
        assert!(err.contains("(broken) loses"), "{name}: {err}");
        let games = read_back(&path);
        assert_eq!(games.len(), 2, "{name}: {games:?}");
        assert!(
            games[0].ends_with(&format!("1-0 {termination}")),
            "{games:?}"
        );
        assert!(
            games[1].ends_with(&format!("0-1 {termination}")),
            "{games:?}"
        );
        let records = std::fs::read_to_string(&path).unwrap();
        assert!(records.contains("{Black (broken) loses"), "{records}");
        assert!(records.contains("{White (broken) loses"), "{records}");
        let why = match *name {
            "illegal" => "illegal move a1a2",
            "garbage" => "invalid move \"@#!\"",
            "silent" => "no `bestmove` within 120 ms",
            _ => "dying",
        };
        assert!(records.contains(why), "{name}: {records}");
    }
}

#[cfg(unix)]
#[test]
fn an_engine_that_cannot_start_stops_the_match_at_once() {
    let path = out_file("deaf.pgn");
    let deaf = "sh -c 'while read -r l; do :; done'";
    let (o, took) = match_against(deaf, &["--timeout", "200"], &path);
    assert_eq!(o.status.code(), Some(2));
    let err = cli::stderr(&o);
    assert!(err.contains("error: engine b"), "{err}");
    assert!(err.contains("no `uciok` within 200 ms"), "{err}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert!(!path.exists());

    let (o, _) = match_against("/nonexistent/engine", &[], &path);
    assert_eq!(o.status.code(), Some(2));
    assert!(cli::stderr(&o).contains("cannot start"));

    let (o, _) = match_against("sh -c 'unclosed", &[], &path);
    assert_eq!(o.status.code(), Some(2));
    assert!(cli::stderr(&o).contains("unclosed"));
}

#[test]
fn a_player_is_a_configuration_or_a_command_not_both() {
    let cmd = engine_cmd();
    let o = tamerlane(&[
        "match", "--a", "full", "--a-cmd", &cmd, "--games", "2", "--nodes", "10",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(cli::stderr(&o).contains("cannot be used with"));
    let o = tamerlane(&["match", "--games", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(cli::stderr(&o).contains("--movetime, --nodes, --depth or --tc"));
    let o = tamerlane(&["match", "--a-option", "Hash=1", "--nodes", "10"]);
    assert_eq!(o.status.code(), Some(2));
}

/// Ctrl-C in a terminal signals the whole process group: the match and,
/// unless they are kept apart, its engine commands. The match stops
/// starting games, abandons the ones in play, and still reports and
/// records every game that ended; the exit code (130) says it is partial.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_match_with_a_report_of_the_games_that_ended() {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;

    let path = out_file("interrupted.pgn");
    let cmd = format!("'{BIN}' engine --game chess");
    let mut child = Command::new(BIN)
        .args([
            "match",
            "--game",
            "chess",
            "--a-cmd",
            &cmd,
            "--a-name",
            "ext",
            "--b",
            "full",
            "--a-movetime",
            "10",
            "--b-movetime",
            "10",
            "--max-plies",
            "16",
            "--games",
            "40",
            "--out",
            path.to_str().unwrap(),
        ])
        .process_group(0)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let (tx, progress) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut buf = [0u8; 256];
        while let Ok(n @ 1..) = stderr.read(&mut buf) {
            all.extend_from_slice(&buf[..n]);
            let _ = tx.send(String::from_utf8_lossy(&all).into_owned());
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    // Two games ended: the progress line says so.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let seen = progress
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("two games end within a minute");
        if seen.contains("] 2/40") {
            break;
        }
    }
    let group = format!("-{}", child.id());
    let signalled = Command::new("sh")
        .args(["-c", "kill -s INT -- \"$0\"", &group])
        .status()
        .unwrap();
    assert!(signalled.success());
    let status =
        cli::exit_within(&mut child, Duration::from_secs(30)).expect("the match stops within 30 s");
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let err = reader.join().unwrap();
    assert_eq!(status.code(), Some(130), "{out}{err}");
    assert!(
        err.contains("tamerlane match: stopping"),
        "{status:?} [{out}] [{err}]"
    );
    let played: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("interrupted: "))
        .and_then(|l| l.strip_suffix(" of 40 games played (the games in play were abandoned)"))
        .unwrap_or_else(|| panic!("no interruption line in\n{out}"))
        .parse()
        .unwrap();
    assert!((2..40).contains(&played), "{out}");
    assert!(
        out.contains(&format!("ext vs full: {played} games")),
        "{out}"
    );
    // No game ended by the signal: none was forfeited by a killed engine.
    assert!(out.contains("forfeits: time 0, abandoned 0"), "{out}");
    // Every counted game is in the record, and only those.
    let o = tamerlane(&["pgn", "--game", "chess", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", cli::stderr(&o));
    let lines: Vec<String> = cli::stdout(&o).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), played, "{lines:?}");
}

/// `--openings FILE`: the games start from the file's positions in order,
/// each played twice with the colours swapped; comments and blank lines
/// are skipped, and a bad line is named.
#[test]
fn an_openings_file_gives_the_start_positions_in_order() {
    // Two Makruk endings (a Ruea against a bare King; Black to move in the
    // second), as Fairy-Stockfish writes FENs.
    let first = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let second = "8/8/8/3k4/8/8/3K4/3R4 b - - 0 1";
    let book = out_file("book.txt");
    std::fs::write(&book, format!("# two endings\n{first}\n\n{second}\n")).unwrap();
    let path = out_file("book-games.pgn");
    let o = tamerlane(&[
        "match",
        "--game",
        "makruk",
        "--rules",
        "counting=fairy-stockfish",
        "--a",
        "full",
        "--a-name",
        "a",
        "--b",
        "full",
        "--b-name",
        "b",
        "--games",
        "4",
        "--nodes",
        "300",
        "--hash",
        "1",
        "--max-plies",
        "20",
        "--openings",
        book.to_str().unwrap(),
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", cli::stderr(&o));
    assert!(
        cli::stdout(&o).contains("a vs b: 4 games"),
        "{}",
        cli::stdout(&o)
    );
    // One game at a time: the records are in the order of the games.
    let text = std::fs::read_to_string(&path).unwrap();
    let tag = |name: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(&format!("[{name} \"")))
            .map(|v| v.trim_end_matches("\"]").to_owned())
            .collect()
    };
    assert_eq!(tag("FEN"), [first, first, second, second]);
    assert_eq!(tag("White"), ["a", "b", "a", "b"]);
    let o = tamerlane(&[
        "pgn",
        "--game",
        "makruk",
        "--rules",
        "counting=fairy-stockfish",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", cli::stderr(&o));
    assert_eq!(cli::stdout(&o).lines().count(), 4, "{}", cli::stdout(&o));

    // Line 3 (counting from 1, comments included) is no Makruk position.
    std::fs::write(&book, format!("# two endings\n{first}\n4k3/8/8\n")).unwrap();
    let o = tamerlane(&[
        "match",
        "--game",
        "makruk",
        "--nodes",
        "300",
        "--openings",
        book.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", cli::stdout(&o));
    let err = cli::stderr(&o);
    assert!(
        err.contains("--openings") && err.contains("line 3"),
        "{err}"
    );
    // The random openings' settings do not go with a file.
    let o = tamerlane(&[
        "match",
        "--nodes",
        "300",
        "--openings",
        book.to_str().unwrap(),
        "--seed",
        "3",
    ]);
    assert!(!o.status.success());
    assert!(
        cli::stderr(&o).contains("cannot be used with"),
        "{}",
        cli::stderr(&o)
    );
}
