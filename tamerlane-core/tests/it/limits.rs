//! Input size limits of the rules crate: very long TFEN strings, move
//! texts and record files are refused with typed errors, and the line
//! reader and the record reader stream without holding a long line,
//! comment or file in memory.
//! Memory is measured with a per-thread counting allocator. See
//! `docs/RELIABILITY.md`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{self, Read};

use tamerlane_core::io::{read_line_bounded, LineRead};
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{
    read_records, GameRecord, RecordEditError, RecordErrorKind, SanError, Setup, TfenError,
    TfenField,
};
use tamerlane_testkit::Rng;

/// The system allocator, counting the bytes live in each thread and their
/// high-water mark (blocks freed by another thread count there, which only
/// lowers that thread's figure).
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is forwarded unchanged to `System`; the counters only
// use const-initialized thread-locals, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            track(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        track(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            track(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Runs `f` and returns its result with the most bytes it held at once
/// (in this thread, beyond what was live before).
fn peak_bytes<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    let peak = PEAK.with(Cell::get) - base;
    (out, peak.max(0) as usize)
}

const MIB: usize = 1 << 20;

/// A reader that yields `prefix`, then `len` bytes of `fill`, then
/// `suffix`, generated on the fly (never materialized).
struct Generated {
    prefix: Vec<u8>,
    fill: u8,
    len: usize,
    suffix: Vec<u8>,
    at: usize,
}

impl Generated {
    fn new(prefix: &str, fill: u8, len: usize, suffix: &str) -> Generated {
        Generated {
            prefix: prefix.as_bytes().to_vec(),
            fill,
            len,
            suffix: suffix.as_bytes().to_vec(),
            at: 0,
        }
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (p, l) = (self.prefix.len(), self.len);
        let mut n = 0;
        while n < buf.len() {
            let i = self.at;
            let b = if i < p {
                self.prefix[i]
            } else if i < p + l {
                self.fill
            } else if i < p + l + self.suffix.len() {
                self.suffix[i - p - l]
            } else {
                break;
            };
            buf[n] = b;
            n += 1;
            self.at += 1;
        }
        Ok(n)
    }
}

fn reader(g: Generated) -> io::BufReader<Generated> {
    io::BufReader::with_capacity(1 << 16, g)
}

const GAME: &str = "[Event \"after\"]\n\n1. f4 f7 *\n";

#[test]
fn the_longest_tfen_is_within_the_limit() {
    // Every square a two-letter pawn token, both citadels occupied, the
    // largest counters: the longest string the grammar accepts.
    let full = "PR".repeat(11);
    let mut ranks = vec![full.clone(); 10];
    ranks[1] = format!("(PR){full}");
    ranks[8] = format!("{full}(pr)");
    let tfen = format!("{} w Kk 22 4294967295 4294967295", ranks.join("/"));
    assert_eq!(tfen.len(), 267);
    assert!(tfen.len() <= Setup::MAX_TFEN_LEN);
    let setup = Setup::from_tfen(&tfen).expect("the grammar accepts it");
    assert_eq!(setup.to_tfen(), tfen);
}

#[test]
fn a_very_long_tfen_is_refused_without_splitting_it() {
    // Ten million spaces would be ten million fields (160 MB of slices).
    let long = " ".repeat(10 * MIB);
    let (result, peak) = peak_bytes(|| Position::from_tfen(&long));
    match result {
        Err(TfenError::Syntax(e)) => {
            assert_eq!(e.field, TfenField::Whole);
            assert!(e.reason.contains("bytes long"), "{e}");
            assert!(e.text.len() <= 43, "the error quotes an excerpt");
        }
        other => panic!("{other:?}"),
    }
    assert!(peak < 4096, "refusing it took {peak} bytes");
    // One byte over the limit is enough.
    let over = format!(
        "{} w Kk 00 0 1{}",
        tamerlane_core::INITIAL_TFEN.split(' ').next().unwrap(),
        " ".repeat(Setup::MAX_TFEN_LEN)
    );
    assert!(Setup::from_tfen(&over).is_err());
}

#[test]
fn very_long_move_texts_are_refused_in_constant_memory() {
    let pos = Position::new();
    for text in [
        "N".repeat(MIB),
        format!("Nc4{}", "+".repeat(MIB)),
        format!("{}c4", "x".repeat(MIB)),
        "é".repeat(MIB / 2),
    ] {
        let (san, peak) = peak_bytes(|| pos.parse_san(&text));
        match san {
            Err(SanError::Syntax { text: t, .. }) | Err(SanError::Illegal { text: t, .. }) => {
                assert!(t.len() <= 43 + 40, "excerpt {t:?}");
            }
            Ok(m) => {
                // Marks are stripped however many there are.
                assert!(text.starts_with("Nc4+"));
                assert_eq!(m.to_string(), "b2c4");
            }
            Err(e) => panic!("{e:?}"),
        }
        assert!(peak < 64 * 1024, "SAN parse held {peak} bytes");
        let (coord, peak) = peak_bytes(|| pos.parse_move(&text));
        let e = coord.unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
        assert!(peak < 64 * 1024, "coordinate parse held {peak} bytes");
    }
}

#[test]
fn a_line_reader_keeps_at_most_its_limit() {
    // 64 MiB on one line: the buffer never grows past the limit.
    let mut src = reader(Generated::new("", b'p', 64 * MIB, "\nisready\r\nlast\r"));
    let mut line = Vec::new();
    let (read, peak) = peak_bytes(|| read_line_bounded(&mut src, &mut line, 1000).unwrap());
    assert_eq!(read, LineRead::TooLong);
    assert_eq!(line, vec![b'p'; 1000], "the line's first bytes are kept");
    assert!(line.capacity() < 1 << 16, "{}", line.capacity());
    assert!(peak < 1 << 16, "reading held {peak} bytes");
    // The line ending (`\n`, `\r\n`) is removed.
    assert_eq!(
        read_line_bounded(&mut src, &mut line, 1000).unwrap(),
        LineRead::Line
    );
    assert_eq!(line, b"isready");
    // The last line needs no line ending (a last `\r` is one); then the
    // input ends.
    assert_eq!(
        read_line_bounded(&mut src, &mut line, 1000).unwrap(),
        LineRead::Line
    );
    assert_eq!(line, b"last");
    assert_eq!(
        read_line_bounded(&mut src, &mut line, 1000).unwrap(),
        LineRead::End
    );
    assert!(line.is_empty());
    // A line of exactly the limit is whole, with either line ending; one
    // byte more is too long.
    let mut src = io::Cursor::new(b"abc\nabc\r\nabcd\nabc\r".to_vec());
    for (want, text) in [
        (LineRead::Line, "abc"),
        (LineRead::Line, "abc"),
        (LineRead::TooLong, "abc"),
        (LineRead::Line, "abc"),
        (LineRead::End, ""),
    ] {
        assert_eq!(read_line_bounded(&mut src, &mut line, 3).unwrap(), want);
        assert_eq!(line, text.as_bytes());
    }
    // A read error is returned, not taken for the end; an interrupted read
    // is retried.
    struct Broken(Vec<io::ErrorKind>);
    impl Read for Broken {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.pop() {
                Some(kind) => Err(io::Error::new(kind, "broken pipe")),
                None => {
                    buf[..3].copy_from_slice(b"ok\n");
                    Ok(3)
                }
            }
        }
    }
    let mut src = io::BufReader::new(Broken(vec![io::ErrorKind::Other]));
    let e = read_line_bounded(&mut src, &mut line, 1000).unwrap_err();
    assert_eq!(e.to_string(), "broken pipe");
    let mut src = io::BufReader::new(Broken(vec![io::ErrorKind::Interrupted; 3]));
    assert_eq!(
        read_line_bounded(&mut src, &mut line, 1000).unwrap(),
        LineRead::Line
    );
    assert_eq!(line, b"ok");
}

#[test]
fn a_line_past_the_limit_is_skipped_not_stored() {
    // 64 MiB on one line, then a good game.
    let src = reader(Generated::new("1. ", b'a', 64 * MIB, &format!("\n{GAME}")));
    let (items, peak) = peak_bytes(|| read_records(src).collect::<Vec<_>>());
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::LineTooLong(GameRecord::MAX_LINE_BYTES)
    );
    assert_eq!((e.game, e.line), (1, 1));
    assert_eq!(e.column, GameRecord::MAX_LINE_BYTES + 1);
    assert_eq!(items[1].as_ref().unwrap().tag("Event"), Some("after"));
    assert!(peak < 4 * MIB, "reading held {peak} bytes");

    // A line of exactly the limit is read (here: one long comment).
    let body = "x".repeat(GameRecord::MAX_LINE_BYTES - 2);
    let text = format!("{{{body}}}\n1. f4 *\n");
    let rec = GameRecord::from_pgn(&text).expect("a line at the limit is fine");
    assert_eq!(rec.comments()[0].1.len(), body.len());
    // With a line ending of \r\n as well.
    let text = format!("{{{body}}}\r\n1. f4 *\r\n");
    assert!(GameRecord::from_pgn(&text).is_ok());
    // One byte more is too long.
    let text = format!("{{{body}x}}\n1. f4 *\n");
    let e = GameRecord::from_pgn(&text).unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::LineTooLong(GameRecord::MAX_LINE_BYTES)
    );
}

#[test]
fn a_line_with_no_end_is_refused_in_bounded_memory() {
    // 64 MiB and no newline at all: the end of input ends the line.
    let src = reader(Generated::new("[Event \"", b'z', 64 * MIB, ""));
    let (items, peak) = peak_bytes(|| read_records(src).collect::<Vec<_>>());
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::LineTooLong(GameRecord::MAX_LINE_BYTES)
    );
    assert!(peak < 4 * MIB, "reading held {peak} bytes");
}

#[test]
fn an_endless_comment_is_cut_at_the_text_budget() {
    // `{` and then 64 MiB of 80-byte comment lines, never closed.
    let line = format!("{}\n", "w".repeat(79));
    let lines = line.repeat(64 * MIB / 80);
    let src = io::Cursor::new(format!("1. f4 {{\n{lines}"));
    let (items, peak) = peak_bytes(|| read_records(src).collect::<Vec<_>>());
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::TextTooLong(GameRecord::MAX_TEXT_BYTES)
    );
    assert!(
        peak < 3 * GameRecord::MAX_TEXT_BYTES,
        "reading held {peak} bytes"
    );
    // The same in `;` comments, one per line: the game's budget is shared.
    let many = format!(
        "1. f4 {}*\n",
        format!(";{}\n", "s".repeat(1000)).repeat(5000)
    );
    let e = GameRecord::from_pgn(&many).unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::TextTooLong(GameRecord::MAX_TEXT_BYTES)
    );
    // And a comment within the budget is kept whole.
    let ok = format!("1. f4 {{{}}} *\n", "c ".repeat(1000));
    assert_eq!(GameRecord::from_pgn(&ok).unwrap().comments().len(), 1);
}

#[test]
fn tag_pairs_are_bounded() {
    let tags = |n: usize| -> String {
        (0..n)
            .map(|i| format!("[T{i} \"v\"]\n"))
            .collect::<String>()
    };
    // The limit counts the tags besides `Result`, which the record holds
    // as its result (and always writes).
    let at_limit = format!(
        "{}[Result \"*\"]\n\n1. f4 *\n{GAME}",
        tags(GameRecord::MAX_TAGS)
    );
    let items: Vec<_> = read_records(at_limit.as_bytes()).collect();
    let rec = items[0].as_ref().unwrap();
    assert_eq!(rec.tags().count(), GameRecord::MAX_TAGS + 1);
    assert_eq!(GameRecord::from_pgn(&rec.to_string()).as_ref(), Ok(rec));
    let over = format!("{}\n1. f4 *\n{GAME}", tags(GameRecord::MAX_TAGS + 1));
    let items: Vec<_> = read_records(over.as_bytes()).collect();
    assert_eq!(items.len(), 2, "the next game is still read");
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(e.kind, RecordErrorKind::TooManyTags(GameRecord::MAX_TAGS));
    assert_eq!(e.line, GameRecord::MAX_TAGS + 1);
    assert!(items[1].is_ok());
    // A few huge tag values exhaust the text budget.
    let big = "v".repeat(MIB - 100);
    let text: String = ["A", "B", "C", "D", "E"]
        .iter()
        .map(|t| format!("[{t} \"{big}\"]\n"))
        .collect();
    let four = format!("{}\n*\n", &text[..4 * (big.len() + 7)]);
    assert!(GameRecord::from_pgn(&four).is_ok(), "four fit");
    let e = GameRecord::from_pgn(&format!("{text}\n*\n"))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::TextTooLong(GameRecord::MAX_TEXT_BYTES)
    );
    assert_eq!(e.line, 5);
}

#[test]
fn a_game_past_the_ply_limit_is_refused() {
    // Knights shuttling: b2c4 b9c7 c4b2 c7b9, repeated, under rules that
    // never end the game by repetition or the move limit.
    let rules = "[Rules \"repetition=off,move-limit=off\"]\n\n";
    let cycle = "b2c4 b9c7 c4b2 c7b9 ";
    let n = GameRecord::MAX_PLIES / 4;
    let exact = format!("{rules}{}*\n", cycle.repeat(n));
    let (rec, peak) = peak_bytes(|| GameRecord::from_pgn(&exact));
    let rec = rec
        .map_err(|e| e.kind)
        .expect("a game of MAX_PLIES plies is read");
    assert_eq!(rec.game().moves().len(), GameRecord::MAX_PLIES);
    // Its memory is what the game itself holds, about a position per ply.
    let per_ply = std::mem::size_of::<Position>() + 16;
    assert!(peak < 3 * per_ply * GameRecord::MAX_PLIES, "{peak} bytes");
    let over = format!("{rules}{}b2c4 *\n", cycle.repeat(n));
    let e = GameRecord::from_pgn(&over).map(|_| ()).unwrap_err();
    assert_eq!(e.kind, RecordErrorKind::TooManyPlies(GameRecord::MAX_PLIES));
    assert_eq!((e.line, e.column), (3, 20 * n + 1));
    // Nor can a record be made of a longer game: it would not be read back.
    let mut game = rec.game().clone();
    game.play_str("b2c4").unwrap();
    assert_eq!(
        GameRecord::new(game).map(|_| ()),
        Err(RecordEditError::TooManyPlies(GameRecord::MAX_PLIES))
    );
}

#[test]
fn record_changes_past_the_limits_are_refused() {
    // Tags: `MAX_TAGS` besides `Result` (a new record has 7: the roster
    // tags but `Result`, and `Variant`).
    let mut rec = GameRecord::new(Game::new()).unwrap();
    for i in 7..GameRecord::MAX_TAGS {
        rec.set_tag(&format!("T{i}"), "v").unwrap();
    }
    assert_eq!(
        rec.set_tag("OneMore", "v"),
        Err(RecordEditError::TooManyTags(GameRecord::MAX_TAGS))
    );
    rec.set_tag("Event", "a new value is no new tag").unwrap();
    assert_eq!(rec.tags().count(), GameRecord::MAX_TAGS + 1);
    assert_eq!(GameRecord::from_pgn(&rec.to_string()).as_ref(), Ok(&rec));

    // A tag pair of exactly a line: `[Annotator "` and `"]` are 14 bytes.
    let mut rec = GameRecord::new(Game::new()).unwrap();
    let fits = "a".repeat(GameRecord::MAX_LINE_BYTES - 14);
    rec.set_tag("Annotator", &fits).unwrap();
    assert_eq!(GameRecord::from_pgn(&rec.to_string()).as_ref(), Ok(&rec));
    // As long, but one character is a quote, written `\"`: one byte over.
    let quoted = format!("\"{}", &fits[1..]);
    assert_eq!(
        rec.set_tag("Annotator", &quoted),
        Err(RecordEditError::TagTooLong("Annotator".into()))
    );

    // The text budget, to the byte: a new record's tags count 171 bytes
    // (each tag's name and value and 16; `Result` not counted), each
    // comment its text and 16.
    let mut rec = GameRecord::new(Game::new()).unwrap();
    let mut left = GameRecord::MAX_TEXT_BYTES - 171;
    // Comments of short words, written over many lines.
    let words = |len: usize| {
        format!(
            "{}{}",
            "abcd ".repeat((len - 1) / 5),
            "x".repeat((len - 1) % 5 + 1)
        )
    };
    for _ in 0..3 {
        rec.add_comment(0, &words(MIB - 16)).unwrap();
        left -= MIB;
    }
    rec.add_comment(0, &words(left - 16)).unwrap();
    assert_eq!(
        rec.add_comment(0, ""),
        Err(RecordEditError::TextTooLong(GameRecord::MAX_TEXT_BYTES))
    );
    assert_eq!(
        rec.set_tag("Event", "??"),
        Err(RecordEditError::TextTooLong(GameRecord::MAX_TEXT_BYTES))
    );
    // The reader counts the same: the record reads back.
    assert_eq!(GameRecord::from_pgn(&rec.to_string()).as_ref(), Ok(&rec));
    // Clearing the comments gives their bytes back, to the byte: the
    // budget is the whole of it again, and the record is the new one.
    rec.clear_comments();
    assert_eq!(rec, GameRecord::new(Game::new()).unwrap());
    rec.add_comment(0, &words(GameRecord::MAX_TEXT_BYTES - 171 - 16))
        .unwrap();
    assert_eq!(
        rec.add_comment(0, ""),
        Err(RecordEditError::TextTooLong(GameRecord::MAX_TEXT_BYTES))
    );
}

#[test]
fn a_comment_the_writer_cannot_split_is_refused() {
    // A word of `MAX_LINE_BYTES - 2` bytes is written `{word}`: one line.
    let word = "w".repeat(GameRecord::MAX_LINE_BYTES - 2);
    let mut rec = GameRecord::new(Game::new()).unwrap();
    rec.add_comment(0, &word).unwrap();
    assert_eq!(GameRecord::from_pgn(&rec.to_string()).as_ref(), Ok(&rec));
    let longer = format!("{word}w");
    assert_eq!(
        rec.add_comment(0, &longer),
        Err(RecordEditError::CommentTooLong(GameRecord::MAX_LINE_BYTES))
    );
    // Words beginning with `[` or `%` cannot begin a line: they make one
    // piece with the word before them.
    let refs = "[1] %2 ".repeat(GameRecord::MAX_LINE_BYTES / 7 + 1);
    assert_eq!(
        rec.add_comment(0, &format!("see {refs}")),
        Err(RecordEditError::CommentTooLong(GameRecord::MAX_LINE_BYTES))
    );
    assert_eq!(rec.comments().len(), 1);
    // The reader refuses such a comment too: a `;` comment on a line of
    // `MAX_LINE_BYTES` (within the line limit) whose one word would be
    // written with braces, one byte over.
    let text = format!(";{longer}\n*\n");
    assert_eq!(text.find('\n'), Some(GameRecord::MAX_LINE_BYTES));
    let e = GameRecord::from_pgn(&text).unwrap_err();
    assert_eq!(
        e.kind,
        RecordErrorKind::CommentTooLong(GameRecord::MAX_LINE_BYTES)
    );
    assert_eq!((e.line, e.column), (1, 1));
    let text = format!(";{word}\n*\n");
    assert_eq!(GameRecord::from_pgn(&text).unwrap().comments()[0].1, word);
}

/// Yields `data`, then fails.
struct Failing(io::Cursor<Vec<u8>>);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.0.read(buf)? {
            0 => Err(io::Error::other("disk on fire")),
            n => Ok(n),
        }
    }
}

#[test]
fn a_read_error_is_reported_not_taken_for_the_end() {
    let failing = |text: &str| {
        let src = io::BufReader::new(Failing(io::Cursor::new(text.as_bytes().to_vec())));
        read_records(src).collect::<Vec<_>>()
    };
    // After a whole game: the game, then the error.
    let items = failing(GAME);
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(items[0].is_ok());
    let e = items[1].as_ref().unwrap_err();
    assert_eq!(e.kind, RecordErrorKind::Io("disk on fire".into()));
    assert_eq!(e.game, 2);
    // In the middle of a game (or a comment): the error, not a truncation.
    for cut in ["[Event \"x\"]\n\n1. f4", "1. f4 {a comment"] {
        let items = failing(cut);
        assert_eq!(items.len(), 1, "{items:?}");
        let e = items[0].as_ref().unwrap_err();
        assert_eq!(e.kind, RecordErrorKind::Io("disk on fire".into()));
    }
    // Nothing read at all.
    let items = failing("");
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].as_ref().unwrap_err().game, 1);
}

/// The position with the most legal moves found by
/// `search_for_the_densest_position` (see `docs/RELIABILITY.md`).
const DENSEST: &str =
    "GGGACCCGRGG/R9R/GGGSkKAG1GG/R9R/GGGCCCCG1GG/R9R/GGGCCCCG1GG/R9R/GGGGAAAG1GG/R9R w Kk 20 0 1";
/// Its number of legal moves.
const DENSEST_MOVES: usize = 573;

#[test]
fn the_densest_known_position_stays_under_the_bound() {
    let pos = Position::from_tfen(DENSEST).expect("a valid position");
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), DENSEST_MOVES);
    assert!(legal.len() <= tamerlane_core::MAX_LEGAL_MOVES);
    // Every one is a distinct legal move, with a SAN that reads back.
    let mut pairs: Vec<_> = legal.iter().map(|m| (m.from, m.to)).collect();
    pairs.sort_by_key(|(f, t)| (f.index(), t.index()));
    pairs.dedup();
    assert_eq!(pairs.len(), legal.len());
    for (m, san) in pos.san_moves() {
        assert_eq!(pos.parse_san(&san), Ok(m), "{san}");
    }
    // Black, to move in the mirrored position, has as many.
    assert_eq!(pos.mirror().legal_moves().len(), DENSEST_MOVES);
}

/// The legal move count of `setup`, if it is a valid position.
fn move_count(setup: &Setup) -> Option<usize> {
    Position::from_setup(setup.clone())
        .ok()
        .map(|p| p.legal_moves().len())
}

/// Hill climbing with restarts over valid setups, maximizing the number of
/// legal moves: each step puts a random piece (or nothing) on a random
/// square, exchanges two squares, or flips a swap right, a stage or the
/// side to move, and is kept unless the count drops (a worse step is kept
/// now and then, less often as the run goes on). It starts from two Kings
/// in opposite corners with `DENSEST_FILL` percent of the other squares
/// holding random White pieces (default 0), or from the TFEN in
/// `DENSEST_START`. Returns the best setup and its count.
fn densest_search(seed: u64, restarts: usize, steps: usize) -> (Setup, usize) {
    use tamerlane_core::{Color, Piece, Role, Square};
    let mut rng = Rng::new(seed);
    let squares: Vec<Square> = Square::all().collect();
    let mut best = (Setup::empty(), 0);
    for _ in 0..restarts {
        let mut cur = match std::env::var("DENSEST_START") {
            Ok(tfen) => Setup::from_tfen(&tfen).expect("DENSEST_START is a TFEN"),
            Err(_) => {
                let mut s = Setup::empty();
                let king = |c| Some(Piece::new(c, Role::King));
                s.board
                    .set(Square::from_xy(0, 0).unwrap(), king(Color::White));
                s.board
                    .set(Square::from_xy(10, 9).unwrap(), king(Color::Black));
                // Optionally a random start: DENSEST_FILL percent of the
                // squares with White pieces (no pawns, no second King).
                let fill: usize = std::env::var("DENSEST_FILL")
                    .ok()
                    .and_then(|f| f.parse().ok())
                    .unwrap_or(0);
                for sq in Square::ordinary() {
                    if s.board.piece_at(sq).is_none() && rng.below(100) < fill {
                        let role = Role::ALL[1 + rng.below(11)];
                        s.board.set(sq, Some(Piece::new(Color::White, role)));
                    }
                }
                s
            }
        };
        let mut score = move_count(&cur).unwrap_or(0);
        for step in 0..steps {
            let mut next = cur.clone();
            match rng.below(20) {
                0 => next.swap_rights[Color::ALL[rng.below(2)]] ^= true,
                1 => next.stages[Color::ALL[rng.below(2)]] = rng.below(3) as u8,
                2 => next.turn = !next.turn,
                3..=6 => {
                    // Exchange the contents of two squares.
                    let a = squares[rng.below(squares.len())];
                    let b = squares[rng.below(squares.len())];
                    let pa = next.board.piece_at(a);
                    let pb = next.board.set(b, pa);
                    next.board.set(a, pb);
                }
                _ => {
                    let sq = squares[rng.below(squares.len())];
                    let piece = match rng.below(10) {
                        0..=1 => None,
                        2..=7 => Some(Piece::new(next.turn, Role::ALL[rng.below(Role::ALL.len())])),
                        _ => Some(Piece::new(
                            !next.turn,
                            Role::ALL[rng.below(Role::ALL.len())],
                        )),
                    };
                    next.board.set(sq, piece);
                }
            }
            let Some(n) = move_count(&next) else { continue };
            let cooling = (steps - step) as u64;
            if n >= score
                || rng.next_u64() % (steps as u64 * 4) < cooling / ((score - n) as u64 + 1)
            {
                cur = next;
                score = n;
                if n > best.1 {
                    best = (cur.clone(), n);
                }
            }
        }
    }
    best
}

/// The search for the densest position. Slow: run it in release with
/// `cargo test --release -p tamerlane-core --test it -- --ignored --nocapture limits::search_for_the_densest_position`
/// (`DENSEST_SEEDS` runs of `DENSEST_STEPS` steps each).
#[test]
#[ignore]
fn search_for_the_densest_position() {
    let seeds: u64 = std::env::var("DENSEST_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let steps: usize = std::env::var("DENSEST_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200_000);
    for seed in 1..=seeds {
        let (setup, n) = densest_search(seed * 0x9E37_79B9_7F4A_7C15, 1, steps);
        println!("seed {seed}: {n} legal moves: {}", setup.to_tfen());
        assert!(n <= tamerlane_core::MAX_LEGAL_MOVES);
    }
}
