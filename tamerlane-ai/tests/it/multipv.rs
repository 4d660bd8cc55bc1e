//! Several best lines (`multipv`), a restricted root (`searchmoves`) and
//! the moves to go (`movestogo`), in the library and the protocol.

use tamerlane_ai::uci::{Command, CommandError};
use tamerlane_ai::{Engine, Limits, Score};
use tamerlane_core::chess;
use tamerlane_core::tamerlane::Game;

#[test]
fn multipv_gives_distinct_lines_best_first() {
    let mut engine = Engine::builder().hash_mib(4).build();
    let mut infos = Vec::new();
    let r = engine.search(&Game::new(), &Limits::new().depth(4).multipv(3), |i| {
        infos.push((i.depth, i.multipv))
    });
    assert_eq!(r.lines.len(), 3);
    let firsts: Vec<_> = r.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert_eq!(r.best, Some(firsts[0]));
    assert_eq!(r.pv, r.lines[0].pv);
    assert_eq!(r.score, r.lines[0].score);
    let cp = |s: Score| match s {
        Score::Cp(c) => c,
        Score::Mate(_) => panic!("no mate at the start"),
    };
    assert!(cp(r.lines[0].score) >= cp(r.lines[1].score));
    assert!(cp(r.lines[1].score) >= cp(r.lines[2].score));
    // Every iteration reports its three lines, numbered 1 to 3.
    assert_eq!(
        infos,
        (1..=4)
            .flat_map(|d| (1..=3).map(move |k| (d, k)))
            .collect::<Vec<_>>()
    );
    // More lines than moves: as many lines as moves. White's king on h1
    // has one legal move, Kg1 (the rook on a2 covers g2 and h2).
    let one = chess::Position::from_fen("7k/8/8/8/8/8/r7/7K w - - 0 1").unwrap();
    let r = engine.search_position(&one, &[], &Limits::new().depth(3).multipv(10), |_| {});
    assert_eq!(r.lines.len(), 1);
    assert_eq!(r.lines[0].pv[0].to_string(), "h1g1");
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut engine = Engine::builder().hash_mib(4).build();
    // Chess: the back-rank mate Ra8 is excluded; the engine must play one
    // of the moves it was given.
    let pos = chess::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let r = engine.search_position(
        &pos,
        &[],
        &Limits::new().depth(4).searchmoves(["h2h3", "g1f1"]),
        |_| {},
    );
    let best = r.best.unwrap().to_string();
    assert!(best == "h2h3" || best == "g1f1", "{best}");
    assert_ne!(r.score, Score::Mate(1));
    // Texts that name no legal move are ignored: all moves then, and the
    // mate is found.
    let r = engine.search_position(
        &pos,
        &[],
        &Limits::new().depth(4).searchmoves(["z9z9"]),
        |_| {},
    );
    assert_eq!(r.best.unwrap().to_string(), "a1a8");
}

#[test]
fn the_protocol_reads_and_writes_them() {
    let go: Command = "go movestogo 12 wtime 1000 searchmoves f3f4 b2c4 depth 5"
        .parse()
        .unwrap();
    let Command::Go(l) = &go else {
        panic!("{go:?}")
    };
    assert_eq!(l.movestogo, Some(12));
    assert_eq!(l.searchmoves, ["f3f4", "b2c4"]);
    assert_eq!(l.depth, Some(5));
    assert_eq!(go.to_string().parse::<Command>(), Ok(go.clone()));
    assert_eq!(
        "setoption name MultiPV value 3".parse::<Command>(),
        Ok(Command::MultiPv(3))
    );
    assert!(matches!(
        "setoption name MultiPV value 0".parse::<Command>(),
        Err(CommandError::OptionOutOfRange {
            name: "MultiPV",
            ..
        })
    ));
    assert!(matches!(
        "go movestogo x".parse::<Command>(),
        Err(CommandError::BadNumber { .. })
    ));
}

/// Runs the protocol on `input` (without a final `quit`, so that the
/// searches end by themselves) and returns everything it wrote.
fn session_output(input: &str) -> String {
    let buf = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    tamerlane_ai::uci::run(input.as_bytes(), buf.clone());
    let out = buf.lock().unwrap().clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_weak_level_plays_one_of_its_near_best_lines() {
    use tamerlane_ai::uci::line::{parse_bestmove, parse_info, InfoLine};
    assert_eq!(
        "setoption name Level value 2".parse::<Command>(),
        Ok(Command::Level(2))
    );
    assert_eq!(
        Command::Level(2).to_string(),
        "setoption name Level value 2"
    );
    for bad in ["0", "7", "x"] {
        let line = format!("setoption name Level value {bad}");
        assert!(line.parse::<Command>().is_err(), "{line}");
    }
    let out = session_output("uci\n");
    assert!(
        out.contains("option name Level type spin default 6 min 1 max 6"),
        "{out}"
    );
    // Level 1 in each game: depth 2 and 4 lines whatever `go` and MultiPV
    // ask, and a best move that is the first move of one of the last
    // iteration's lines, at most 180 centipawns below the first.
    for variant in ["tamerlane", "chess", "makruk"] {
        let out = session_output(&format!(
            "setoption name UCI_Variant value {variant}\nsetoption name MultiPV value 2\n\
             setoption name Level value 1\nposition startpos\ngo depth 9\n"
        ));
        let infos: Vec<_> = out.lines().filter_map(parse_info).collect();
        assert!(
            infos.iter().all(|i| i.depth.is_some_and(|d| d <= 2)),
            "{out}"
        );
        let last: Vec<_> = infos.iter().filter(|i| i.depth == Some(2)).collect();
        assert_eq!(last.len(), 4, "{out}");
        let best = out.lines().find_map(parse_bestmove).expect("a bestmove");
        let chosen = last
            .iter()
            .find(|i| i.pv[0] == best)
            .expect("a line's move");
        let cp = |i: &InfoLine| match i.score {
            Some(Score::Cp(c)) => c,
            s => panic!("{s:?}"),
        };
        assert!(cp(last[0]) - cp(chosen) <= 180, "{out}");
    }
    // Level 6 is the full engine: MultiPV and the depth asked are kept.
    let out = session_output(
        "setoption name MultiPV value 2\nsetoption name Level value 1\n\
         setoption name Level value 6\nposition startpos\ngo depth 3\n",
    );
    let infos: Vec<_> = out.lines().filter_map(parse_info).collect();
    assert_eq!(
        infos.iter().filter(|i| i.depth == Some(3)).count(),
        2,
        "{out}"
    );
}
