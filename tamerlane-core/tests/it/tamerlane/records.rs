//! Game records: the writer and the reader agree (whatever a record holds,
//! its text reads back as the same record), the methods that change a
//! record refuse what could not be read back, and the reader on good, bad
//! and garbage input. Size limits are in `limits.rs`.

use proptest::prelude::*;
use tamerlane_core::tamerlane::GameOverError;
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{
    read_records, Color, GameRecord, GameResult, Outcome, RecordEditError, RecordErrorKind,
    SanError, Termination, INITIAL_TFEN,
};
use tamerlane_testkit::Rng;

use super::notation::random_game;

// ---------------------------------------------------------------------------
// The writer and the reader agree.

/// The review's first case: the result set without the `Result` tag gave a
/// record the reader refused (the tag said `*`, the token `1-0`). The
/// `Result` tag is written from the result, the one place that holds it.
#[test]
fn the_result_tag_is_written_from_the_result() {
    let mut game = Game::new();
    game.play_str("f3f4").unwrap();
    let mut rec = GameRecord::new(game).unwrap();
    rec.set_result(GameResult::WhiteWins).unwrap();
    let text = rec.to_string();
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"1-0\"]\n[Variant \"Tamerlane\"]\n\n1. f4 1-0\n"
    );
    assert_eq!(GameRecord::from_pgn(&text), Ok(rec.clone()));
    // The tag is the result: setting one sets the other.
    rec.set_tag("Result", "1/2-1/2").unwrap();
    assert_eq!(rec.result(), GameResult::Draw);
    assert_eq!(rec.tag("Result"), Some("1/2-1/2"));
    assert_eq!(
        rec.set_tag("Result", "2-0"),
        Err(RecordEditError::BadResult("2-0".into()))
    );
    assert_eq!(
        rec.remove_tag("Result"),
        Err(RecordEditError::RequiredTag("Result"))
    );
    assert_eq!(rec.result(), GameResult::Draw);
    // A game decided by the rules keeps that result.
    let mut mate = GameRecord::new(finished(MATE_START, &["a1a10"])).unwrap();
    let before = mate.clone();
    match mate.set_result(GameResult::Draw) {
        Err(RecordEditError::ResultContradicts {
            result: GameResult::Draw,
            outcome,
        }) => {
            assert_eq!(outcome.termination, Termination::Checkmate);
            assert_eq!(outcome.winner, Some(Color::White));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(mate, before);
    // The reader takes the `Result` tag wherever it stands, or no `Result`
    // tag at all; the writer puts it after the roster tags.
    let text = "[Result \"0-1\"]\n[White \"a\"]\n[Annotator \"b\"]\n\n1. f4 0-1\n";
    let read = GameRecord::from_pgn(text).unwrap();
    assert_eq!(
        read.tags().collect::<Vec<_>>(),
        [("White", "a"), ("Result", "0-1"), ("Annotator", "b")]
    );
    assert_eq!(GameRecord::from_pgn(&read.to_string()), Ok(read));
    let read = GameRecord::from_pgn("1. f4 *\n").unwrap();
    assert_eq!(read.to_string(), "[Result \"*\"]\n\n1. f4 *\n");
    assert_eq!(GameRecord::from_pgn(&read.to_string()), Ok(read));
}

/// The review's second case: `set_tag("Time Control", ..)` wrote a record
/// the reader refused. Tag names and values are those the reader reads.
#[test]
fn tag_names_and_values_are_those_the_reader_reads() {
    // The reader's grammar refuses the name.
    assert!(GameRecord::from_pgn("[Time Control \"40/7200\"]\n\n*\n").is_err());
    let mut rec = GameRecord::new(Game::new()).unwrap();
    let before = rec.clone();
    for name in [
        "Time Control",
        "",
        "Zeitkontrolle_ü",
        "a-b",
        "[X",
        "X]",
        "X\"",
        "X\n",
    ] {
        assert_eq!(
            rec.set_tag(name, "v"),
            Err(RecordEditError::BadTagName(name.into())),
            "{name:?}"
        );
    }
    assert_eq!(
        rec.set_tag("Time Control", "40/7200")
            .unwrap_err()
            .to_string(),
        "invalid tag name \"Time Control\": a tag name is ASCII letters, digits and _"
    );
    // No control character in a value but the tab.
    for value in ["a\nb", "\r", "\u{0}", "x\u{85}"] {
        assert_eq!(
            rec.set_tag("Annotator", value),
            Err(RecordEditError::BadTagValue("Annotator".into())),
            "{value:?}"
        );
    }
    assert_eq!(rec, before);
    assert_eq!(rec.to_string(), before.to_string());
    // Quotes, backslashes, tabs, brackets and Unicode are written back.
    rec.set_tag("TimeControl", "40/7200").unwrap();
    rec.set_tag("Annotator", "\"Ibn\" \\ Arabshah\t[1] %ü }")
        .unwrap();
    let text = rec.to_string();
    assert!(
        text.contains("[Annotator \"\\\"Ibn\\\" \\\\ Arabshah\t[1] %ü }\"]\n"),
        "{text}"
    );
    assert_eq!(GameRecord::from_pgn(&text), Ok(rec));

    // The tags the reader checks agree with the game.
    let mut rec = GameRecord::new(Game::new()).unwrap();
    let before = rec.clone();
    assert_eq!(
        rec.set_tag("Variant", "Chess"),
        Err(RecordEditError::WrongVariant("Chess".into()))
    );
    assert_eq!(
        rec.set_tag("FEN", "8/8/8/8/8/8/8/8 w - - 0 1"),
        Err(RecordEditError::FenTag)
    );
    // (The error quotes the first 40 characters.)
    for (tfen, quoted) in [
        (MATE_START, "10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00..."),
        ("garbage", "garbage"),
    ] {
        assert_eq!(
            rec.set_tag("TFEN", tfen),
            Err(RecordEditError::TfenMismatch(quoted.into()))
        );
    }
    assert_eq!(
        rec.set_tag("Termination", "checkmate"),
        Err(RecordEditError::TerminationMismatch {
            tag: "checkmate".into(),
            outcome: None
        })
    );
    assert_eq!(rec, before);
    rec.set_tag("Variant", " tamerlane ").unwrap();
    rec.set_tag("TFEN", INITIAL_TFEN).unwrap();
    rec.set_tag("Termination", "time forfeit").unwrap();
    assert_eq!(GameRecord::from_pgn(&rec.to_string()), Ok(rec.clone()));
    // The TFEN tag may go only with the initial position.
    assert_eq!(rec.remove_tag("TFEN"), Ok(Some(INITIAL_TFEN.to_owned())));
    assert_eq!(rec.remove_tag("TFEN"), Ok(None));
    let mut mate = GameRecord::new(finished(MATE_START, &["a1a10"])).unwrap();
    assert_eq!(
        mate.remove_tag("TFEN"),
        Err(RecordEditError::RequiredTag("TFEN"))
    );
    assert_eq!(mate.remove_tag("Event"), Ok(Some("?".to_owned())));
    assert_eq!(GameRecord::from_pgn(&mate.to_string()), Ok(mate));
}

/// The review's third case: comments given out of order came back moved
/// (one after ply 3 then one after ply 1 were both written after ply 3).
/// Each comment is kept at its ply, in ply order.
#[test]
fn comments_keep_their_order() {
    let mut game = Game::new();
    for m in ["f3f4", "f8f7", "b2c4", "b9c7"] {
        game.play_str(m).unwrap();
    }
    let mut rec = GameRecord::new(game).unwrap();
    for (ply, text) in [(3, "c"), (1, "a"), (3, "d"), (0, "z")] {
        rec.add_comment(ply, text).unwrap();
    }
    let expected = [(0, "z"), (1, "a"), (3, "c"), (3, "d")].map(|(p, t)| (p, t.to_owned()));
    assert_eq!(rec.comments(), expected);
    let text = rec.to_string();
    assert!(
        text.ends_with("\n\n{z} 1. f4 {a} 1... f7 2. Nc4 {c} {d} 2... Nc7 *\n"),
        "{text}"
    );
    assert_eq!(GameRecord::from_pgn(&text), Ok(rec.clone()));
    // Up to after the last move, not past it.
    let before = rec.clone();
    assert_eq!(
        rec.add_comment(5, "late"),
        Err(RecordEditError::CommentAfterEnd { ply: 5, plies: 4 })
    );
    assert_eq!(rec, before);
    // A comment is stored as it is read back: whitespace collapsed, and a
    // `}` cannot end it.
    rec.add_comment(4, "  two\n\tlines }  end ").unwrap();
    assert_eq!(rec.comments()[4], (4, "two lines ) end".to_owned()));
    assert_eq!(GameRecord::from_pgn(&rec.to_string()), Ok(rec));
}

/// A line beginning with `[` starts the next game, one beginning with `%`
/// is skipped: such comment words stay on the line of the word before
/// them, which may then be longer than 80 characters.
#[test]
fn comment_words_that_cannot_begin_a_line_stay_after_a_word() {
    let run = ["[1] %x"; 30].join(" ");
    let mut rec = GameRecord::new(Game::new()).unwrap();
    rec.add_comment(0, &format!("see {run} and {run}")).unwrap();
    let text = rec.to_string();
    // Two tokens of 214 characters, each on its own line, then the result.
    assert!(
        text.ends_with(&format!("\n\n{{see {run}\nand {run}}}\n*\n")),
        "{text}"
    );
    assert_eq!(GameRecord::from_pgn(&text), Ok(rec));
}

/// A record carries its game's rules in a `Rules` tag (the canonical
/// rule-set string), and the reader plays the moves by them: a game drawn
/// by a 4-ply move limit, or by a second repetition, reads back as the
/// same drawn game (the review's reproduction of issue 11).
#[test]
fn a_record_carries_its_rules() {
    for (rules, termination) in [
        ("move-limit=4", Termination::MoveLimit),
        ("repetition=2", Termination::Repetition),
    ] {
        let mut game = Game::with_rules(rules.parse().unwrap());
        for m in ["b2c4", "b9c7", "c4b2", "c7b9"] {
            game.play_str(m).unwrap();
        }
        assert_eq!(game.outcome().map(|o| o.termination), Some(termination));
        let rec = GameRecord::new(game.clone()).unwrap();
        assert_eq!(rec.tag("Rules"), Some(rules));
        assert_eq!(rec.tag("TFEN"), None, "the standard start needs no TFEN");
        let text = rec.to_string();
        assert!(text.contains(&format!("[Rules \"{rules}\"]")), "{text}");
        let back = GameRecord::from_pgn(&text).unwrap();
        assert_eq!(back, rec);
        assert_eq!(back.game(), &game);
        assert_eq!(back.game().rules(), game.rules());
        // The Rules tag must match the game, and cannot be removed.
        let mut rec = rec;
        assert!(matches!(
            rec.set_tag("Rules", "move-limit=5"),
            Err(RecordEditError::RulesMismatch(_))
        ));
        assert_eq!(
            rec.remove_tag("Rules"),
            Err(RecordEditError::RequiredTag("Rules"))
        );
    }
    // The default rules write no Rules tag.
    let rec = GameRecord::new(Game::new()).unwrap();
    assert_eq!(rec.tag("Rules"), None);
    // A preset's game: its canonical pairs, and the preset's start as TFEN.
    let mut game = Game::with_rules("seed-001".parse().unwrap());
    game.play_str("b3b4").unwrap();
    let rec = GameRecord::new(game.clone()).unwrap();
    assert_eq!(
        rec.tag("Rules").map(str::to_owned),
        Some(game.rules().to_string())
    );
    assert!(rec.tag("TFEN").is_some());
    let back = GameRecord::from_pgn(&rec.to_string()).unwrap();
    assert_eq!(back.game(), &game);
    // A bad Rules tag is an error at the tag.
    let e = GameRecord::from_pgn("[Rules \"repetition=1\"]\n\n1. f4 *\n").unwrap_err();
    assert!(matches!(e.kind, RecordErrorKind::BadRules(_)), "{e}");
    assert_eq!((e.line, e.column), (1, 1));
}

/// One change to a record, as the proptest below makes them.
#[derive(Clone, Debug)]
enum Edit {
    SetTag(String, String),
    RemoveTag(String),
    SetResult(GameResult),
    AddComment(usize, String),
}

/// In a generated tag value, stands for the game's start position.
const START: &str = "<start>";

fn tag_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "Result",
            "Variant",
            "TFEN",
            "FEN",
            "SetUp",
            "Termination",
            "Event",
            "White",
            "Black",
            "Annotator",
        ])
        .prop_map(str::to_owned),
        "[A-Za-z0-9_]{1,8}",
        "[ -~é\t\n]{0,8}",
    ]
}

fn tag_value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "Tamerlane",
            " tamerlane ",
            "Chess",
            START,
            INITIAL_TFEN,
            "checkmate",
            "stalemate",
            "citadel",
            "repetition",
            "move-limit",
            "royals-only",
            "resignation",
        ])
        .prop_map(str::to_owned),
        "[ -~éü€\t]{0,30}",
        "[\\x00-\\x1f\"\\\\\\[\\]{}%;x ]{0,10}",
    ]
}

fn comment_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ -~éü\t\n\\x00]{0,80}",
        "( ?\\[[a-z]{0,3}| ?%[a-z]{0,2}| [a-z]{1,4}| \\}| \\{|\n){0,30}",
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (tag_name(), tag_value()).prop_map(|(k, v)| Edit::SetTag(k, v)),
        1 => tag_name().prop_map(Edit::RemoveTag),
        1 => prop::sample::select(vec![
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ])
        .prop_map(Edit::SetResult),
        3 => (0usize..90, comment_text()).prop_map(|(p, t)| Edit::AddComment(p, t)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Anything the writer writes, the reader reads back as an equal
    /// record, and writing that gives the same text: records of random
    /// special-rule-heavy games after random changes, many of them refused
    /// (a refused change leaves the record as it was).
    #[test]
    fn whatever_the_writer_writes_reads_back_equal(
        seed in any::<u64>(),
        plies in 0usize..80,
        edits in prop::collection::vec(edit(), 0..24),
    ) {
        let game = random_game(seed, plies, |_| {});
        let start = game.start().to_tfen();
        let mut rec = GameRecord::new(game).unwrap();
        for edit in edits {
            let before = rec.clone();
            let done = match edit {
                Edit::SetTag(k, v) => rec.set_tag(&k, &v.replace(START, &start)),
                Edit::RemoveTag(k) => rec.remove_tag(&k).map(|_| ()),
                Edit::SetResult(r) => rec.set_result(r),
                Edit::AddComment(p, t) => rec.add_comment(p, &t),
            };
            if done.is_err() {
                prop_assert_eq!(&rec, &before);
                prop_assert_eq!(rec.to_string(), before.to_string());
            }
        }
        let text = rec.to_string();
        let back = GameRecord::from_pgn(&text)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &rec, "{}", text);
        prop_assert_eq!(back.to_string(), text);
    }
}

/// A start position with a mate in one: `a1a10` (`Ra10#`).
const MATE_START: &str = "10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1";

// ---------------------------------------------------------------------------
// Outcome, tags, reader errors and recovery.

fn finished(start: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_position(Position::from_tfen(start).unwrap());
    for m in moves {
        game.play_str(m).unwrap();
    }
    game
}

#[test]
fn outcome_is_written_as_result_and_termination() {
    let cases: &[(&str, &[&str], &str, Termination)] = &[
        (
            "10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1",
            &["a1a10"],
            "1-0",
            Termination::Checkmate,
        ),
        (
            "11/K10/11/11/11/2PR8/11/11/10k/11 w - 00 0 1",
            &["a9bc"],
            "1/2-1/2",
            Termination::Citadel,
        ),
        (
            "11/K10/11/11/11/2PR8/11/11/10k/11 b - 00 0 1",
            &["k2wc"],
            "1/2-1/2",
            Termination::Citadel,
        ),
    ];
    for (tfen, moves, result, term) in cases {
        let rec = GameRecord::new(finished(tfen, moves)).unwrap();
        assert_eq!(rec.result().token(), *result);
        assert_eq!(rec.tag("Result"), Some(*result));
        assert_eq!(rec.tag("Termination"), Some(term.name()));
        assert_eq!(rec.tag("TFEN"), Some(*tfen));
        assert_eq!(rec.tag("Variant"), Some("Tamerlane"));
        let text = rec.to_string();
        assert!(text.ends_with(&format!(" {result}\n")), "{text}");
        assert_eq!(GameRecord::from_pgn(&text).unwrap(), rec);
    }
    let rec = GameRecord::new(Game::new()).unwrap();
    assert_eq!(rec.result(), GameResult::Unknown);
    assert_eq!(rec.tag("TFEN"), None);
    assert_eq!(rec.tag("Termination"), None);
    assert_eq!(rec.to_string().lines().last(), Some("*"));
}

#[test]
fn writer_format() {
    let mut game = Game::new();
    for m in ["f3f4", "f8f7", "b2c4", "b9c7"] {
        game.play_str(m).unwrap();
    }
    let mut rec = GameRecord::new(game).unwrap();
    for (ply, text) in [(0, "start"), (1, "a {brace}"), (4, "end")] {
        rec.add_comment(ply, text).unwrap();
    }
    let text = rec.to_string();
    assert!(
        text.ends_with("\n\n{start} 1. f4 {a {brace)} 1... f7 2. Nc4 Nc7 {end} *\n"),
        "{text}"
    );
    // A start with Black to move numbers Black's move with `...`.
    let start = "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/4PE6/PPPDPC1PFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E b Kk 00 0 1";
    let rec = GameRecord::new(finished(start, &["e8e7", "b2c4"])).unwrap();
    assert!(rec.to_string().ends_with("\n\n1... e7 2. Nc4 *\n"), "{rec}");
    assert!(rec.to_string().contains("[SetUp \"1\"]\n[TFEN \""));
}

#[test]
fn reader_accepts_usual_pgn_forms() {
    let text = "\u{feff}% a comment line\n[Event \"Test \\\"quoted\\\" \\\\ \"]\n[Variant \"tamerlane\"]\n\n\
        1.f4 $1 f7 {a\n  multi-line  comment} 2. Nc4 (2. Nh1 {inside} (2. Cb4 Cb7) Cd7) 2... Nc7!? ; rest of line\n\
        3.Cb4 3... Cb7 *\n";
    let games: Vec<_> = read_records(text.as_bytes()).collect();
    assert_eq!(games.len(), 1);
    let rec = games[0].as_ref().unwrap();
    assert_eq!(rec.tag("Event"), Some("Test \"quoted\" \\ "));
    assert_eq!(rec.game().moves().len(), 6);
    assert_eq!(
        rec.comments(),
        [
            (2, "a multi-line comment".to_owned()),
            (4, "rest of line".to_owned())
        ]
    );
    // Written and read again: the same record.
    assert_eq!(&GameRecord::from_pgn(&rec.to_string()).unwrap(), rec);
}

/// A file of three games; game 2 is replaced by `bad`.
fn three_games(bad: &str) -> String {
    let good1 = "[Event \"one\"]\n[Result \"*\"]\n\n1. f4 f7 *\n\n";
    let good3 = "[Event \"three\"]\n\n1. Nc4 {ok} 1... Nc7 2. Cb4 *\n";
    format!("{good1}{bad}\n{good3}")
}

fn expect_error(bad: &str, line: usize, column: usize, check: impl Fn(&RecordErrorKind) -> bool) {
    let text = three_games(bad);
    let items: Vec<_> = read_records(text.as_bytes()).collect();
    assert_eq!(items.len(), 3, "{text}\n{items:?}");
    assert_eq!(items[0].as_ref().unwrap().tag("Event"), Some("one"));
    let rec3 = items[2]
        .as_ref()
        .unwrap_or_else(|e| panic!("game 3 lost: {e}\n{text}"));
    assert_eq!(rec3.tag("Event"), Some("three"));
    assert_eq!(rec3.game().moves().len(), 3);
    let err = items[1].as_ref().unwrap_err();
    assert_eq!(err.game, 2, "{err}");
    assert!(check(&err.kind), "{err}");
    assert_eq!((err.line, err.column), (line, column), "{err}");
}

#[test]
fn reader_errors_have_game_line_column_and_lose_nothing_else() {
    // Game 2 starts on line 6.
    expect_error("[Event \"two\"]\n\n1. f4 Nc4 *\n", 8, 7, |k| {
        matches!(
            k,
            RecordErrorKind::Move {
                number: 1,
                color: Color::Black,
                error: SanError::Illegal { .. },
                ..
            }
        )
    });
    expect_error("[Event \"two\"]\n\n1. Rc4 *\n", 8, 4, |k| {
        k.to_string() == "move 1. Rc4: illegal move \"Rc4\": no rook can move to c4"
    });
    expect_error("[Event \"two]\n[Site \"x\"]\n\n1. f4 *\n", 6, 13, |k| {
        matches!(k, RecordErrorKind::BadTag(_))
    });
    expect_error("[Event two]\n\n1. f4 *\n", 6, 8, |k| {
        matches!(k, RecordErrorKind::BadTag(_))
    });
    expect_error("[Event \"a\"]\n[Event \"b\"]\n\n1. f4 *\n", 7, 1, |k| {
        matches!(k, RecordErrorKind::DuplicateTag(_))
    });
    expect_error("[Variant \"chess\"]\n\n1. f4 *\n", 6, 1, |k| {
        matches!(k, RecordErrorKind::WrongVariant(_))
    });
    expect_error("[TFEN \"11/11 w - 00 0 1\"]\n\n1. f4 *\n", 6, 1, |k| {
        matches!(k, RecordErrorKind::BadTfen(_))
    });
    expect_error(
        "[FEN \"rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *\n",
        6,
        1,
        |k| matches!(k, RecordErrorKind::FenTag),
    );
    expect_error("[Result \"1-0\"]\n\n1. f4 *\n", 8, 7, |k| {
        matches!(k, RecordErrorKind::ResultMismatch { .. })
    });
    expect_error("[Event \"two\"]\n\n1. f4 f7\n", 10, 1, |k| {
        matches!(k, RecordErrorKind::MissingResult)
    });
    expect_error("[Event \"two\"]\n\n1. f4 {unclosed\n", 8, 7, |k| {
        matches!(k, RecordErrorKind::UnterminatedComment)
    });
    expect_error("[Event \"two\"]\n\n1. f4 (1. b4\n", 8, 7, |k| {
        matches!(k, RecordErrorKind::UnterminatedVariation)
    });
    expect_error("[Event \"two\"]\n\n1. f4 ) *\n", 8, 7, |k| {
        matches!(k, RecordErrorKind::UnexpectedChar(')'))
    });
    expect_error("[Event \"two\"]\n\n1. f4 f7 } *\n", 8, 10, |k| {
        matches!(k, RecordErrorKind::UnexpectedChar('}'))
    });
    expect_error("[Termination \"checkmate\"]\n\n1. f4 *\n", 6, 1, |k| {
        matches!(k, RecordErrorKind::TerminationMismatch { .. })
    });
    // A decided game with the wrong result.
    expect_error(
        "[TFEN \"10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1\"]\n\n1. Ra10# 0-1\n",
        8,
        10,
        |k| {
            matches!(
                k,
                RecordErrorKind::ResultContradicts {
                    token: GameResult::BlackWins,
                    ..
                }
            )
        },
    );
    // Moves after the end of the game.
    expect_error(
        "[TFEN \"10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1\"]\n\n1. Ra10# Kj10 1-0\n",
        8,
        10,
        |k| {
            matches!(
                k,
                RecordErrorKind::PastTheEnd(GameOverError {
                    ply: 1,
                    outcome: Outcome {
                        winner: Some(Color::White),
                        termination: Termination::Checkmate
                    }
                })
            )
        },
    );
    // A control character in a tag value.
    expect_error("[Event \"a\u{1}b\"]\n\n1. f4 *\n", 6, 10, |k| {
        *k == RecordErrorKind::BadTag("control character in the tag value")
    });
    // Garbage text and control characters.
    expect_error("[Event \"two\"]\n\n\u{0}\u{7}garbage ~~~ *\n", 8, 1, |k| {
        matches!(
            k,
            RecordErrorKind::Move {
                error: SanError::Syntax { .. },
                ..
            }
        )
    });
    // Unicode before the error: the column counts characters.
    expect_error("[Event \"twö\"]\n\n{ünïcödé} 1. Rc4 *\n", 8, 14, |k| {
        matches!(k, RecordErrorKind::Move { .. })
    });
}

#[test]
fn non_utf8_and_truncated_input() {
    // Invalid UTF-8 in game 2's movetext.
    let mut bytes = three_games("[Event \"two\"]\n\n1. f4 XX *\n").into_bytes();
    let at = bytes.windows(2).position(|w| w == b"XX").unwrap();
    bytes[at] = 0xff;
    bytes[at + 1] = 0xfe;
    let items: Vec<_> = read_records(&bytes[..]).collect();
    assert_eq!(items.len(), 3);
    let err = items[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.line, err.column), (2, 8, 7), "{err}");
    assert_eq!(err.kind, RecordErrorKind::InvalidUtf8);
    assert!(items[2].is_ok());
    // Invalid UTF-8 in a tag line.
    let mut bytes = three_games("[Event \"tXX\"]\n[Site \"?\"]\n\n1. f4 *\n").into_bytes();
    let at = bytes.windows(2).position(|w| w == b"XX").unwrap();
    bytes[at] = 0xc3;
    bytes[at + 1] = 0x28;
    let items: Vec<_> = read_records(&bytes[..]).collect();
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!(
        items[1].as_ref().unwrap_err().kind,
        RecordErrorKind::InvalidUtf8
    );
    assert!(items[2].is_ok());
    // Truncated: every prefix of a good file reads without panic, the last
    // game either complete or reported.
    let text = three_games("[Event \"two\"]\n\n1. f4 f7 2. Nc4 *\n");
    for cut in 0..text.len() {
        for item in read_records(&text.as_bytes()[..cut]) {
            if let Err(e) = item {
                assert!(e.line >= 1 && e.column >= 1 && e.game >= 1, "{e}");
            }
        }
    }
    let cut = text.find("2. Nc4").unwrap();
    let items: Vec<_> = read_records(&text.as_bytes()[..cut]).collect();
    assert_eq!(items.len(), 2);
    assert_eq!(
        items[1].as_ref().unwrap_err().kind,
        RecordErrorKind::Truncated
    );
}

#[test]
fn data_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/");
    // Every game of the sample reads, and writes back to the same records.
    let sample = std::fs::read(format!("{dir}sample.pgn")).unwrap();
    let games: Vec<GameRecord> = read_records(&sample[..]).map(|g| g.unwrap()).collect();
    assert!(games.len() >= 4);
    for g in &games {
        assert_eq!(&GameRecord::from_pgn(&g.to_string()).unwrap(), g);
    }
    // The malformed file: the errors and good games listed in its header.
    let bad = std::fs::read(format!("{dir}malformed.pgn")).unwrap();
    let summary: Vec<String> = read_records(&bad[..])
        .map(|g| match g {
            Ok(r) => format!("ok {}", r.tag("Event").unwrap_or("?")),
            Err(e) => format!("{e}"),
        })
        .collect();
    let expected = std::fs::read_to_string(format!("{dir}malformed.expected")).unwrap();
    assert_eq!(
        summary.join("\n"),
        expected.trim_end(),
        "{}",
        summary.join("\n")
    );
    // Binary garbage: errors, no panic, no game.
    let garbage = std::fs::read(format!("{dir}garbage.bin")).unwrap();
    let items: Vec<_> = read_records(&garbage[..]).collect();
    assert!(!items.is_empty() && items.iter().all(|i| i.is_err()));
}

/// A quick fuzz loop: mutated records (bytes replaced, inserted, deleted,
/// lines swapped, cuts) never make the reader panic, and errors always carry
/// a valid game index, line and column.
#[test]
fn fuzzed_records_never_panic() {
    let mut file = String::new();
    for seed in 0..6 {
        let game = random_game(seed, 30, |_| {});
        let mut rec = GameRecord::new(game).unwrap();
        let ply = rec.game().moves().len().min(3);
        rec.add_comment(ply, "a comment (with) [brackets]").unwrap();
        file.push_str(&rec.to_string());
        file.push('\n');
    }
    let base = file.into_bytes();
    let mut rng = Rng::new(7);
    let alphabet = b"[]{}()\";%$.*-/01x=^@<>+#KNRe10\n \t\xff\xc3";
    for _ in 0..1500 {
        let mut bytes = base.clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(bytes.len());
            match rng.below(5) {
                0 => bytes[i] = alphabet[rng.below(alphabet.len())],
                1 => bytes.insert(i, alphabet[rng.below(alphabet.len())]),
                2 => {
                    bytes.remove(i);
                }
                3 => bytes[i] = rng.next_u64() as u8,
                _ => bytes.truncate(i),
            }
            if bytes.is_empty() {
                break;
            }
        }
        let mut last_game = 0;
        for item in read_records(&bytes[..]) {
            match item {
                Ok(r) => {
                    let _ = r.to_string();
                }
                Err(e) => {
                    assert!(e.game > last_game && e.line >= 1 && e.column >= 1, "{e}");
                    last_game = e.game;
                    let _ = e.to_string();
                }
            }
        }
    }
}

/// A file of many generated games reads back completely (the benchmark
/// reads 10,000 such games).
#[test]
fn many_games_stream() {
    let mut text = String::new();
    let mut plies = 0;
    for seed in 0..200u64 {
        let game = random_game(seed, 60, |_| {});
        plies += game.moves().len();
        text.push_str(&GameRecord::new(game).unwrap().to_string());
        text.push('\n');
    }
    let games: Vec<GameRecord> = read_records(text.as_bytes()).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 200);
    assert_eq!(
        games.iter().map(|g| g.game().moves().len()).sum::<usize>(),
        plies
    );
}

#[cfg(feature = "serde")]
#[test]
fn record_as_json() {
    let mut rec = GameRecord::new(finished(
        "10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1",
        &["a1a10"],
    ))
    .unwrap();
    rec.add_comment(1, "mate").unwrap();
    let json = serde_json::to_string(&rec).unwrap();
    assert!(json.starts_with("{\"tags\":{\"Event\":\"?\","), "{json}");
    assert!(
        json.contains("\"start\":\"10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1\""),
        "{json}"
    );
    assert!(
        json.contains("\"moves\":[\"a1a10\"],\"result\":\"1-0\",\"comments\":[[1,\"mate\"]]"),
        "{json}"
    );
    let back: GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rec);
    // Illegal moves and bad results are refused.
    let bad = json.replace("a1a10", "a1a11");
    assert!(serde_json::from_str::<GameRecord>(&bad).is_err());
    let bad = json.replace("\"1-0\",\"comments\"", "\"2-0\",\"comments\"");
    assert!(serde_json::from_str::<GameRecord>(&bad).is_err());
    // The tags are those written, `Result` among them; what the record
    // refuses from its methods, it refuses from JSON.
    assert!(
        json.contains("\"Black\":\"?\",\"Result\":\"1-0\""),
        "{json}"
    );
    for (from, to, why) in [
        (
            "\"Event\"",
            "\"Time Control\"",
            "invalid tag name \"Time Control\"",
        ),
        (
            "\"Result\":\"1-0\"",
            "\"Result\":\"0-1\"",
            "result 0-1, but",
        ),
        ("\"mate\"", "\"mate\"],[9,\"later\"", "comment after ply 9"),
        (
            "\"TFEN\":\"10k/",
            "\"TFEN\":\"11k/",
            "TFEN tag \"11k/1R9/11/11/11/11/11/11/11/R4K5 w - 00...\"",
        ),
    ] {
        let bad = json.replace(from, to);
        assert_ne!(bad, json, "{from}");
        let e = serde_json::from_str::<GameRecord>(&bad).unwrap_err();
        assert!(e.to_string().contains(why), "{e}");
    }
    // A start that is not the initial position needs its TFEN tag.
    let bad = json.replace(
        "\"TFEN\":\"10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1\",",
        "",
    );
    let e = serde_json::from_str::<GameRecord>(&bad).unwrap_err();
    assert!(e.to_string().contains("no TFEN tag"), "{e}");
    // Comments given out of ply order are kept in ply order.
    let unordered = json.replace("[[1,\"mate\"]]", "[[1,\"mate\"],[0,\"before\"]]");
    let back: GameRecord = serde_json::from_str(&unordered).unwrap();
    assert_eq!(
        back.comments(),
        [(0, "before".to_owned()), (1, "mate".to_owned())]
    );
}
