//! `tamerlane datagen`: the file's format, its determinism, and that every
//! line is a legal position with a score and its game's result.

use tamerlane_core::tamerlane::Position;

use crate::cli::run;

fn datagen(out: &std::path::Path, seed: &str) -> String {
    let o = run(
        &[
            "datagen",
            "--games",
            "2",
            "--nodes",
            "300",
            "--seed",
            seed,
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
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
    assert!(lines.next().unwrap().starts_with("# games 2 nodes 300"));
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
