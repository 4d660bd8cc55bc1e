//! Self-play training data for any of the three games: the engine plays
//! itself at a fixed node count per move from random openings (or from a
//! book of positions, [`Book`]), and every position where it searched a
//! move is written with the search's score and the game's result
//! (`tamerlane datagen`; the Python package's `datagen_shard`, which
//! `tamerlane.cluster` runs on many machines), as text or in a binary
//! format ([`binary`]). The formats are `docs/ENGINE.md`'s, "Self-play
//! data".
//!
//! Game `i` of a run depends only on the [`Settings`] and `i`, never on
//! the games before it, so a run cut into shards of games `[first,
//! first + count)` ([`write_shard`], [`shard`]) gives, shard after shard,
//! the same positions whoever plays them:
//!
//! - its opening ([`opening`]) is `opening_plies` random legal moves from
//!   the rules' start position (or the book's position `i mod len`), drawn
//!   from an [`Rng`](crate::Rng) seeded with [`game_seed`]`(seed, i)`; a
//!   draw whose game ends before (or on) its last ply is thrown away and
//!   the next one drawn from the same generator. The game starts at the
//!   position reached, without the opening's moves;
//! - the engine starts the game afresh ([`Engine::new_game`]: an empty
//!   transposition table at generation 0, no history scores kept) and
//!   searches every move with one thread and [`Limits::nodes`] only, which
//!   is deterministic.
//!
//! Which searched positions are written is the [`Filter`]: all of them, or
//! the quiet ones (the side to move not in check, the best move not a
//! capture), the default of the binary format.
//!
//! # The text of a shard
//!
//! ```text
//! # tamerlane datagen 1
//! # game chess rules default seed 7 first 0 count 2 nodes 5000 opening-plies 6 config full
//! FEN | SCORE | RESULT
//! ...
//! ```
//!
//! The first line is [`HEADER`]; the second ([`header`]) names the settings
//! (`rules` as a rule string the game reads back, `default` for its
//! default rules; `config` as given, without blanks; ` book LEN:FNV` with a
//! book). Then one line per written position, game after game in index
//! order: the position (a TFEN for Tamerlane, a FEN for chess and Makruk),
//! `SCORE` the search's score in centipawns from White's point of view (a
//! mate is `±30000`, [`MATE_SCORE`]), `RESULT` the game's result for White
//! (`1`, `0.5` or `0`).

use std::fmt;
use std::io::{self, Cursor, Seek, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

use tamerlane_core::{Color, Game};

use crate::nnue::Nets;
use crate::stop_relay::relay_stop;
use crate::{AnyGame, AnyRules, ConfigError, Engine, Limits, Score, SearchConfig};

pub mod binary;
pub mod board_bytes;
mod openings;
mod settings_line;

pub use board_bytes::DataPosition;
pub use openings::{game_seed, opening, opening_from, Book, BookError};
pub use settings_line::{header, net_item, settings_line};

use board_bytes::is_quiet_sample;
use openings::OPENING_TRIES;

/// The first line of a data file or shard in the text format.
pub const HEADER: &str = "# tamerlane datagen 1";

/// A mate, as written in the score column (`+` when White mates) and in a
/// binary record's score (for the side to move).
pub const MATE_SCORE: i32 = 30_000;

/// The default of [`Settings::max_plies`]: games are cut, as draws, after
/// this many plies from the end of their opening.
pub const MAX_PLIES: usize = 2000;

/// What a run plays: the same settings give the same games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The game and its rules.
    pub rules: AnyRules,
    /// The run's seed (with a game's index, its opening's).
    pub seed: u64,
    /// Nodes searched per move (at least 1).
    pub nodes: u64,
    /// Random plies from the start position making each opening.
    pub opening_plies: usize,
    /// The most plies a game plays after its opening: a game still going
    /// then ends there as a draw (its positions get the result of a draw).
    /// Rules without a move limit (Makruk's by default) let two engines
    /// shuffle their pieces for tens of thousands of plies without
    /// repeating a position.
    pub max_plies: usize,
    /// The engine configuration's text (`docs/ENGINE.md`), e.g. `full` or
    /// `full,-lmr`.
    pub config: String,
    /// The engine's transposition table in MiB (its size changes the
    /// searches, so keep it for a whole run).
    pub hash_mib: usize,
    /// The engine's networks, used where the configuration evaluates with
    /// a net (`full`; docs/ENGINE.md, "Networks (NNUE)"): by default the
    /// embedded ones.
    pub nets: Nets,
    /// The positions the openings start from (`None`: the rules' start
    /// position).
    pub book: Option<Book>,
}

impl Settings {
    /// The defaults of `tamerlane datagen` for `rules`: seed 1, 5000 nodes
    /// per move, 6 opening plies, games cut at [`MAX_PLIES`], the `full`
    /// configuration, 16 MiB, the embedded nets, no book.
    pub fn new(rules: AnyRules) -> Settings {
        Settings {
            rules,
            seed: 1,
            nodes: 5000,
            opening_plies: 6,
            max_plies: MAX_PLIES,
            config: "full".into(),
            hash_mib: Engine::DEFAULT_HASH_MIB,
            nets: Nets::embedded(),
            book: None,
        }
    }
}

/// How a shard is written.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Lines of text (see the module documentation).
    #[default]
    Text,
    /// Fixed-size records ([`binary`]).
    Binary,
}

/// Which searched positions a shard holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Filter {
    /// Every searched position.
    All,
    /// The positions whose side to move is not in check and whose best
    /// move does not capture.
    Quiet,
}

impl Format {
    /// The names, as `--format` takes them.
    pub const NAMES: [&'static str; 2] = ["text", "binary"];

    /// The filter of this format when none is asked for: every position
    /// in text (as the format always was), the quiet ones in binary.
    pub const fn default_filter(self) -> Filter {
        match self {
            Format::Text => Filter::All,
            Format::Binary => Filter::Quiet,
        }
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "text" => Ok(Format::Text),
            "binary" => Ok(Format::Binary),
            _ => Err(format!("unknown format {s:?} (expected text or binary)")),
        }
    }
}

impl FromStr for Filter {
    type Err = String;

    fn from_str(s: &str) -> Result<Filter, String> {
        match s {
            "all" => Ok(Filter::All),
            "quiet" => Ok(Filter::Quiet),
            _ => Err(format!("unknown filter {s:?} (expected quiet or all)")),
        }
    }
}

/// How a shard is written: its format and filter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// The format.
    pub format: Format,
    /// Which positions are written.
    pub filter: Filter,
}

impl Output {
    /// `format` with its default filter.
    pub const fn new(format: Format) -> Output {
        Output {
            format,
            filter: format.default_filter(),
        }
    }
}

impl Default for Output {
    /// Text, every position: what `tamerlane datagen` always wrote.
    fn default() -> Output {
        Output::new(Format::Text)
    }
}

/// Why a shard was not written.
#[derive(Debug)]
pub enum DatagenError {
    /// The configuration cannot be read.
    Config(ConfigError),
    /// A setting is out of range (the text says which).
    Setting(String),
    /// No opening could be drawn for this game: every draw ended the game.
    NoOpening(u64),
    /// The engine played a move the game refused (a bug): the game's
    /// index, the move and the reason.
    IllegalMove(u64, String, String),
    /// Writing failed.
    Io(io::Error),
    /// The stop flag was set: the shard is incomplete.
    Stopped,
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::Config(e) => write!(f, "config: {e}"),
            DatagenError::Setting(e) => f.write_str(e),
            DatagenError::NoOpening(i) => write!(
                f,
                "game {i}: every one of {OPENING_TRIES} random openings ended the game"
            ),
            DatagenError::IllegalMove(i, m, e) => {
                write!(f, "game {i}: the engine played an illegal move {m}: {e}")
            }
            DatagenError::Io(e) => e.fmt(f),
            DatagenError::Stopped => f.write_str("stopped"),
        }
    }
}

impl std::error::Error for DatagenError {}

impl From<io::Error> for DatagenError {
    fn from(e: io::Error) -> DatagenError {
        DatagenError::Io(e)
    }
}

/// A searched position: the position, the move its search chose and the
/// score in centipawns for the side to move (mates ±[`MATE_SCORE`]).
struct Searched<P: DataPosition> {
    pos: P,
    best: P::Move,
    score: i32,
}

/// Plays `game` (game `index` of the run) with `engine` (restarted first)
/// to its end; returns its searched positions and its winner (`None`: a
/// draw).
fn play_game<P: DataPosition>(
    engine: &mut Engine,
    settings: &Settings,
    mut game: Game<P>,
    index: u64,
    stop: &AtomicBool,
) -> Result<(Vec<Searched<P>>, Option<Color>), DatagenError> {
    engine.new_game();
    let limits = Limits::new().nodes(settings.nodes);
    let mut searched = Vec::new();
    while game.outcome().is_none() && searched.len() < settings.max_plies {
        if stop.load(Ordering::Relaxed) {
            return Err(DatagenError::Stopped);
        }
        let r = engine.search(&game, &limits, |_| {});
        // A search cut short by the stop is not written.
        if stop.load(Ordering::Relaxed) {
            return Err(DatagenError::Stopped);
        }
        let Some(best) = r.best else {
            break;
        };
        let score = match r.score {
            Score::Cp(c) => c,
            Score::Mate(n) if n > 0 => MATE_SCORE,
            Score::Mate(_) => -MATE_SCORE,
        };
        searched.push(Searched {
            pos: game.position().clone(),
            best,
            score,
        });
        game.play(&best)
            .map_err(|e| DatagenError::IllegalMove(index, best.to_string(), e.to_string()))?;
    }
    // A game cut at `max_plies` has no outcome: a draw.
    Ok((searched, game.outcome().and_then(|o| o.winner)))
}

/// Where a shard's positions go: text lines or binary records.
enum Sink<'a, W: Write + Seek> {
    Text(&'a mut W),
    Binary(binary::Writer<&'a mut W>),
}

impl<W: Write + Seek> Sink<'_, W> {
    /// Writes the positions of a game won by `winner` (`None`: drawn) that
    /// `filter` keeps; returns how many.
    fn write_game<P: DataPosition>(
        &mut self,
        filter: Filter,
        searched: &[Searched<P>],
        winner: Option<Color>,
    ) -> io::Result<u64> {
        let kept = searched
            .iter()
            .filter(|s| filter == Filter::All || is_quiet_sample(&s.pos, &s.best));
        let mut written = 0;
        match self {
            Sink::Text(out) => {
                let result = match winner {
                    Some(Color::White) => "1",
                    Some(Color::Black) => "0",
                    None => "0.5",
                };
                for s in kept {
                    let white = if s.pos.turn() == Color::White {
                        s.score
                    } else {
                        -s.score
                    };
                    writeln!(out, "{} | {white} | {result}", s.pos.to_fen())?;
                    written += 1;
                }
            }
            Sink::Binary(w) => {
                for s in kept {
                    w.push(&binary::Record::new(&s.pos, &s.best, s.score, winner))?;
                    written += 1;
                }
            }
        }
        Ok(written)
    }

    /// Ends the shard (a binary file's record count) and flushes it.
    fn finish(self) -> io::Result<()> {
        match self {
            Sink::Text(out) => out.flush(),
            Sink::Binary(w) => w.finish().map(drop),
        }
    }
}

/// The opening of game `index` of the run (see the module documentation).
fn game_opening(settings: &Settings, index: u64) -> Result<AnyGame, DatagenError> {
    let (plies, seed) = (settings.opening_plies, settings.seed);
    let opening = match &settings.book {
        None => opening(settings.rules, plies, seed, index),
        Some(book) => opening_from(&book.start(settings.rules, index)?, plies, seed, index),
    };
    opening.ok_or(DatagenError::NoOpening(index))
}

/// Writes the shard of games `[first, first + count)` to `out` in the
/// format and with the filter of `output` (see the module documentation)
/// and returns its number of positions. The settings are checked before
/// anything is written. `stop` is checked between moves and passed on to
/// the engine's search (which ends within a few milliseconds): once it is
/// set, the shard is abandoned with [`DatagenError::Stopped`], what was
/// written being incomplete (a binary file left so counts no record, and
/// its reader refuses it).
pub fn write_shard<W: Write + Seek>(
    settings: &Settings,
    output: Output,
    first: u64,
    count: u64,
    stop: &AtomicBool,
    out: &mut W,
) -> Result<u64, DatagenError> {
    let config: SearchConfig = settings.config.parse().map_err(DatagenError::Config)?;
    if settings.nodes == 0 {
        return Err(DatagenError::Setting("nodes must be at least 1".into()));
    }
    if settings.hash_mib == 0 {
        return Err(DatagenError::Setting("hash must be at least 1 MiB".into()));
    }
    let end = first
        .checked_add(count)
        .ok_or_else(|| DatagenError::Setting("first + count is beyond 2^64 - 1".into()))?;
    let mut sink = match output.format {
        Format::Text => {
            out.write_all(header(settings, first, count).as_bytes())?;
            Sink::Text(out)
        }
        Format::Binary => {
            let header = binary::Header {
                variant: settings.rules.variant(),
                quiet: output.filter == Filter::Quiet,
                records: 0,
                first,
                games: count,
                settings: settings_line(settings, first, count),
            };
            Sink::Binary(binary::Writer::new(out, &header)?)
        }
    };
    let mut engine = Engine::builder()
        .hash_mib(settings.hash_mib)
        .threads(1)
        .config(config)
        .nets(settings.nets.clone())
        .build();
    let engine_stop = engine.stop_flag();
    relay_stop(stop, &[&engine_stop], || {
        let mut positions = 0;
        for index in first..end {
            let opening = game_opening(settings, index)?;
            positions += tamerlane_core::each_game!(opening, g => {
                let (searched, winner) = play_game(&mut engine, settings, g, index, stop)?;
                sink.write_game(output.filter, &searched, winner)?
            });
        }
        sink.finish()?;
        Ok(positions)
    })
}

/// A shard's bytes and its number of positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// The bytes: text (see the module documentation) or a binary file.
    pub data: Vec<u8>,
    /// The number of positions (text lines or binary records).
    pub positions: u64,
}

/// The shard of games `[first, first + count)` in memory (see
/// [`write_shard`]).
pub fn shard(
    settings: &Settings,
    output: Output,
    first: u64,
    count: u64,
    stop: &AtomicBool,
) -> Result<Shard, DatagenError> {
    let mut out = Cursor::new(Vec::new());
    let positions = write_shard(settings, output, first, count, stop, &mut out)?;
    Ok(Shard {
        data: out.into_inner(),
        positions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// The end of a settings line of the default configuration: the
    /// embedded net of `v`, if the crate has one.
    fn net_suffix(v: Variant) -> String {
        net_item(crate::nnue::Nets::embedded().fingerprint(v))
    }

    /// A text shard, in memory.
    fn text(settings: &Settings, first: u64, count: u64) -> (String, u64) {
        let never = AtomicBool::new(false);
        let s = shard(settings, Output::default(), first, count, &never).unwrap();
        (String::from_utf8(s.data).unwrap(), s.positions)
    }

    /// The lines of a shard after its two header lines.
    fn body(text: &str) -> String {
        text.lines().skip(2).map(|l| format!("{l}\n")).collect()
    }

    #[test]
    fn each_game_depends_only_on_the_seed_and_its_index() {
        for v in Variant::ALL {
            let settings = Settings {
                nodes: 150,
                opening_plies: 4,
                hash_mib: 1,
                seed: 11,
                ..Settings::new(v.default_rules())
            };
            let (all, positions) = text(&settings, 0, 3);
            let parts: Vec<(String, u64)> = (0..3).map(|i| text(&settings, i, 1)).collect();
            let joined: String = parts.iter().map(|p| body(&p.0)).collect();
            assert_eq!(body(&all), joined, "{v}");
            assert_eq!(positions, parts.iter().map(|p| p.1).sum::<u64>());
            assert_eq!(positions as usize, all.lines().count() - 2);
            assert_eq!(text(&settings, 0, 3), (all.clone(), positions), "{v}");
            let mut lines = all.lines();
            assert_eq!(lines.next(), Some(HEADER));
            assert_eq!(
                lines.next().unwrap(),
                format!(
                    "# game {v} rules default seed 11 first 0 count 3 nodes 150 \
                     opening-plies 4 config full{}",
                    net_suffix(v)
                )
            );
            for line in lines {
                let parts: Vec<&str> = line.split(" | ").collect();
                assert_eq!(parts.len(), 3, "{line}");
                let game = AnyGame::from_fen(settings.rules, parts[0]).unwrap();
                assert!(game.outcome().is_none(), "{line}");
                assert!(parts[1].parse::<i32>().unwrap().abs() <= MATE_SCORE);
                assert!(["1", "0.5", "0"].contains(&parts[2]), "{line}");
            }
            // Another seed, other openings.
            assert_ne!(
                opening(settings.rules, 4, 12, 0),
                opening(settings.rules, 4, 11, 0)
            );
        }
    }

    #[test]
    fn bad_settings_are_refused() {
        let rules = Variant::Makruk.default_rules();
        let never = AtomicBool::new(false);
        let bad = |s: Settings| {
            shard(&s, Output::default(), 0, 1, &never)
                .unwrap_err()
                .to_string()
        };
        let base = Settings::new(rules);
        let e = bad(Settings {
            config: "fast".into(),
            ..base.clone()
        });
        assert!(e.starts_with("config: "), "{e}");
        let e = bad(Settings {
            nodes: 0,
            ..base.clone()
        });
        assert_eq!(e, "nodes must be at least 1");
        let e = shard(&base, Output::default(), u64::MAX, 2, &never).unwrap_err();
        assert!(matches!(e, DatagenError::Setting(_)), "{e}");
        // A settings line too long for the binary header.
        let long = Settings {
            config: format!("full{}", ",+lmr".repeat(100)),
            ..base.clone()
        };
        let e = shard(&long, Output::new(Format::Binary), 0, 1, &never).unwrap_err();
        assert!(e.to_string().contains("does not fit"), "{e}");
        assert_eq!("binary".parse(), Ok(Format::Binary));
        assert_eq!("quiet".parse(), Ok(Filter::Quiet));
        assert!("json".parse::<Format>().unwrap_err().contains("\"json\""));
        assert!("some".parse::<Filter>().is_err());
    }

    #[test]
    fn a_book_gives_the_openings_and_names_itself() {
        let rules = Variant::Chess.default_rules();
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let settings = Settings {
            nodes: 100,
            opening_plies: 0,
            hash_mib: 1,
            book: Some(Book::parse(fen, rules).unwrap()),
            ..Settings::new(rules)
        };
        let (t, _) = text(&settings, 0, 2);
        let mut lines = t.lines().skip(1);
        let settings_line = lines.next().unwrap();
        assert!(
            settings_line.contains(" config full book 1:"),
            "{settings_line}"
        );
        assert!(lines.next().unwrap().starts_with(fen), "{t}");
    }

    #[test]
    fn games_are_cut_as_draws_at_max_plies() {
        // Makruk without a move limit: five plies cannot end a game from
        // the start position, so each game is cut after its fifth.
        let settings = Settings {
            nodes: 200,
            opening_plies: 2,
            max_plies: 5,
            hash_mib: 1,
            ..Settings::new(Variant::Makruk.parse_rules("").unwrap())
        };
        let (t, n) = text(&settings, 0, 3);
        assert_eq!(n, 15, "{t}");
        let mut lines = t.lines().skip(1);
        assert!(lines.next().unwrap().contains(" max-plies 5"), "{t}");
        for line in lines {
            assert!(line.ends_with(" | 0.5"), "a cut game is a draw: {line}");
        }
        let full = Settings {
            max_plies: MAX_PLIES,
            ..settings
        };
        assert!(!text(&full, 0, 1).0.contains("max-plies"));
    }

    #[test]
    fn a_stop_abandons_the_shard() {
        let stop = AtomicBool::new(true);
        let settings = Settings {
            nodes: 50_000_000,
            ..Settings::new(AnyRules::default())
        };
        let e = shard(&settings, Output::default(), 0, 100, &stop).unwrap_err();
        assert!(matches!(e, DatagenError::Stopped), "{e}");
    }
}
