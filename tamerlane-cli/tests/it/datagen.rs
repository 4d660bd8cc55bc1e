//! `tamerlane datagen`: the file's format, its determinism, that every
//! line is a legal position with a score and its game's result, and that
//! a range of games is the same whichever file it is written in.

use tamerlane_core::tamerlane::Position;

use crate::cli::run;

fn datagen(out: &std::path::Path, seed: &str) -> String {
    datagen_with(out, &["--games", "2", "--nodes", "300", "--seed", seed])
}

fn datagen_with(out: &std::path::Path, args: &[&str]) -> String {
    let mut all = vec!["datagen", "--out", out.to_str().unwrap()];
    all.extend_from_slice(args);
    let o = run(&all, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn writes_scored_positions_deterministically() {
    let dir = std::env::temp_dir().join(format!("tamerlane-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = datagen(&dir.join("a.txt"), "5");
    let b = datagen(&dir.join("b.txt"), "5");
    let c = datagen(&dir.join("c.txt"), "6");
    assert_eq!(a, b, "the same seed gives the same file");
    assert_ne!(a, c, "another seed, other openings");
    let mut lines = a.lines();
    assert_eq!(lines.next(), Some("# tamerlane datagen 1"));
    assert_eq!(
        lines.next(),
        Some(
            "# game tamerlane rules default seed 5 first 0 count 2 nodes 300 \
             opening-plies 6 config full"
        )
    );
    let mut n = 0;
    for line in lines {
        let parts: Vec<&str> = line.split(" | ").collect();
        assert_eq!(parts.len(), 3, "{line}");
        let pos = Position::from_tfen(parts[0]).unwrap();
        assert!(
            pos.outcome().is_none(),
            "a searched position has a move: {line}"
        );
        let score: i32 = parts[1].parse().unwrap();
        assert!(score.abs() <= 30_000, "{line}");
        assert!(["1", "0", "0.5"].contains(&parts[2]), "{line}");
        n += 1;
    }
    assert!(n > 20, "two whole games: {n} positions");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The position lines of a file (without its `#` lines).
fn positions(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#')).collect()
}

#[test]
fn ranges_of_games_put_together_are_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("tamerlane-datagen-r-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let common = ["--game", "makruk", "--nodes", "200", "--opening-plies", "4"];
    let file = |name: &str, range: [&str; 4]| {
        let mut args = common.to_vec();
        args.extend_from_slice(&range);
        datagen_with(&dir.join(name), &args)
    };
    let whole = file("all.txt", ["--first", "0", "--games", "3"]);
    let head = file("head.txt", ["--first", "0", "--games", "1"]);
    let tail = file("tail.txt", ["--first", "1", "--games", "2"]);
    assert!(tail.lines().nth(1).unwrap().contains(" first 1 count 2 "));
    let mut joined = positions(&head);
    joined.extend(positions(&tail));
    assert_eq!(positions(&whole), joined);
    // Makruk positions are FENs of that game.
    for line in positions(&whole) {
        let fen = line.split(" | ").next().unwrap();
        tamerlane_core::makruk::Position::from_fen(fen).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
