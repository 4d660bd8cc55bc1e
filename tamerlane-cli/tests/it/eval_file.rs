//! `--eval-file` (docs/ENGINE.md, "Networks (NNUE)"): a net file is used
//! for its game, the configuration's `hce` still chooses the hand-made
//! evaluation, and a damaged file is an error naming the reason (exit code
//! 2, never a panic).

use std::path::PathBuf;

use tamerlane_ai::nnue::arch::{BUCKETS, HIDDEN};
use tamerlane_ai::nnue::{Network, NnueGame, HEADER_LEN};
use tamerlane_core::chess;

use crate::cli::{run, stderr, stdout};

/// A chess net of zeros (every position worth 0) and a copy with one
/// weight's byte changed, in a fresh temporary directory.
fn nets() -> (PathBuf, PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tamerlane-cli-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let n = <chess::Position as NnueGame>::FEATURES;
    let net = Network::<chess::Position>::from_parts(
        &vec![0; n * HIDDEN],
        &[0; HIDDEN],
        &vec![0; BUCKETS * 2 * HIDDEN],
        &[0; BUCKETS],
    )
    .unwrap();
    let good = dir.join("zero.nnue");
    net.save(&good).unwrap();
    let mut bytes = net.to_bytes();
    bytes[HEADER_LEN + 7] ^= 0x10;
    let bad = dir.join("damaged.nnue");
    std::fs::write(&bad, bytes).unwrap();
    (dir, good, bad)
}

#[test]
fn eval_file_is_used_or_refused() {
    let (dir, good, bad) = nets();
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let analyze = |extra: &[&str]| {
        let mut args = vec!["analyze", "--game", "chess", "--depth", "3", "--hash", "1"];
        args.extend_from_slice(extra);
        run(&args, "")
    };
    let o = analyze(&["--eval-file", good]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("evaluation: network"), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("info depth 3 seldepth"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains(" score cp 0 "), "{}", stdout(&o));
    let o = analyze(&["--eval-file", good, "--config", "full,hce"]);
    assert!(
        stderr(&o).contains("evaluation: hand-made"),
        "{}",
        stderr(&o)
    );
    // The net is for chess: Makruk is searched as without the file (with
    // its embedded net, or the hand-made evaluation in a build without one).
    let makruk = |extra: &[&str]| {
        let mut args = vec!["analyze", "--game", "makruk", "--depth", "4", "--hash", "1"];
        args.extend_from_slice(extra);
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let err = stderr(&o);
        let evaluation = err
            .lines()
            .find(|l| l.starts_with("evaluation:"))
            .map(String::from);
        (evaluation, without_times(&stdout(&o)))
    };
    assert_eq!(makruk(&["--eval-file", good]), makruk(&[]));

    for args in [
        &["analyze", "--depth", "2", "--eval-file", bad][..],
        &["engine", "--eval-file", bad],
        &["play", "--auto", "--eval-file", bad],
    ] {
        let o = run(args, "quit\n");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(
            e.contains("--eval-file") && e.contains("net damaged"),
            "{args:?}: {e}"
        );
        assert!(!e.contains("panicked"), "{args:?}: {e}");
    }
    let o = run(
        &[
            "match",
            "--game",
            "chess",
            "--a-eval-file",
            bad,
            "--depth",
            "1",
            "--games",
            "2",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--a-eval-file: net file") && stderr(&o).contains("net damaged"),
        "{}",
        stderr(&o)
    );
    // An engine session with a good file searches with it.
    let o = run(
        &["engine", "--game", "chess", "--eval-file", good],
        "position startpos\ngo depth 3\n",
    );
    assert!(stdout(&o).contains(" score cp 0 "), "{}", stdout(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

/// `analyze`'s output (its info lines and best move) without the `time`
/// and `nps` items, which vary from run to run.
fn without_times(out: &str) -> String {
    out.lines()
        .map(|line| {
            let mut words = line.split(' ');
            let mut kept = Vec::new();
            while let Some(w) = words.next() {
                if w == "time" || w == "nps" {
                    words.next();
                } else {
                    kept.push(w);
                }
            }
            kept.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}
