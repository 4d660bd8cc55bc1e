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
    let net = tamerlane_ai::datagen::net_item(
        tamerlane_ai::nnue::Nets::embedded().fingerprint(tamerlane_ai::Variant::Tamerlane),
    );
    assert_eq!(
        lines.next(),
        Some(
            format!(
                "# game tamerlane rules default seed 5 first 0 count 2 nodes 300 \
                 opening-plies 6 config full{net}"
            )
            .as_str()
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

#[test]
fn binary_files_hold_the_text_runs_positions() {
    let dir = std::env::temp_dir().join(format!("tamerlane-datagen-b-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let common = [
        "--game", "chess", "--games", "2", "--nodes", "200", "--seed", "3",
    ];
    let file = |name: &str, extra: &[&str]| {
        let mut args = common.to_vec();
        args.extend_from_slice(extra);
        let path = dir.join(name);
        let mut all = vec!["datagen", "--out", path.to_str().unwrap()];
        all.extend_from_slice(&args);
        let o = run(&all, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read(&path).unwrap()
    };
    let text = String::from_utf8(file("a.txt", &[])).unwrap();
    let all = file("all.bin", &["--format", "binary", "--filter", "all"]);
    let quiet = file("quiet.bin", &["--format", "binary"]);
    assert_eq!(
        file("quiet2.bin", &["--format", "binary"]),
        quiet,
        "deterministic"
    );
    let (head, records) = tamerlane_ai::datagen::binary::read(&all).unwrap();
    assert!(!head.quiet);
    assert_eq!(records.len(), positions(&text).len());
    let (head, quiet_records) = tamerlane_ai::datagen::binary::read(&quiet).unwrap();
    assert!(head.quiet);
    let kept: Vec<_> = records.into_iter().filter(|r| r.flags == 0).collect();
    assert_eq!(quiet_records, kept);
    // 76 bytes a chess record, after a 512-byte header.
    assert_eq!(quiet.len(), 512 + 76 * kept.len());
    // The quiet text has the same number of positions.
    let quiet_text = String::from_utf8(file("q.txt", &["--filter", "quiet"])).unwrap();
    assert_eq!(positions(&quiet_text).len(), kept.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn openings_come_from_a_book_and_bad_flags_are_named() {
    let dir = std::env::temp_dir().join(format!("tamerlane-datagen-o-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.fen");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    std::fs::write(&book, format!("# one opening\n{fen}\n")).unwrap();
    let out = dir.join("o.txt");
    let text = datagen_with(
        &out,
        &[
            "--game",
            "chess",
            "--games",
            "1",
            "--nodes",
            "100",
            "--opening-plies",
            "0",
            "--openings",
            book.to_str().unwrap(),
        ],
    );
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .contains(" config full book 1:"),
        "{text}"
    );
    assert!(positions(&text)[0].starts_with(fen), "{text}");
    std::fs::write(&book, format!("{fen}\nnot a position\n")).unwrap();
    let bad = |args: &[&str]| {
        let mut all = vec!["datagen", "--out", out.to_str().unwrap(), "--game", "chess"];
        all.extend_from_slice(args);
        let o = run(&all, "");
        assert!(!o.status.success());
        String::from_utf8(o.stderr).unwrap()
    };
    let e = bad(&["--openings", book.to_str().unwrap()]);
    assert!(e.contains("book.fen: line 2: bad chess FEN"), "{e}");
    let e = bad(&["--openings", dir.join("missing").to_str().unwrap()]);
    assert!(e.contains("--openings") && e.contains("missing"), "{e}");
    let e = bad(&["--format", "csv"]);
    assert!(e.contains("unknown format \"csv\""), "{e}");
    let e = bad(&["--filter", "loud"]);
    assert!(e.contains("unknown filter \"loud\""), "{e}");
    let _ = std::fs::remove_file(&out);
    let long = format!("full{}", ",+lmr".repeat(100));
    let e = bad(&["--format", "binary", "--config", &long]);
    assert!(e.contains("does not fit the binary header"), "{e}");
    assert!(!out.exists(), "refused before the file is created");
    let _ = std::fs::remove_dir_all(&dir);
}
