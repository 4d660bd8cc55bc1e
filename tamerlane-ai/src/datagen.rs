//! Self-play training data for any of the three games: the engine plays
//! itself at a fixed node count per move from random openings, and every
//! position where it searched a move is written with the search's score
//! and the game's result (`tamerlane datagen`; the Python package's
//! `datagen_shard`, which `tamerlane.cluster` runs on many machines).
//!
//! Game `i` of a run depends only on the [`Settings`] and `i`, never on
//! the games before it, so a run cut into shards of games `[first,
//! first + count)` ([`write_shard`], [`shard`]) gives, shard after shard,
//! the same positions whoever plays them:
//!
//! - its opening ([`opening`]) is `opening_plies` random legal moves from
//!   the rules' start position, drawn from an [`Rng`] seeded with
//!   [`game_seed`]`(seed, i)`; a draw whose game ends before (or on) its
//!   last ply is thrown away and the next one drawn from the same
//!   generator. The game starts at the position reached, without the
//!   opening's moves;
//! - the engine starts the game afresh ([`Engine::new_game`]: an empty
//!   transposition table at generation 0, no history scores kept) and
//!   searches every move with one thread and [`Limits::nodes`] only, which
//!   is deterministic.
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
//! default rules; `config` as given, without blanks). Then one line per
//! searched position, game after game in index order: the position (a TFEN
//! for Tamerlane, a FEN for chess and Makruk), `SCORE` the search's score
//! in centipawns from White's point of view (a mate is `±30000`,
//! [`MATE_SCORE`]), `RESULT` the game's result for White (`1`, `0.5` or
//! `0`). The format is `docs/ENGINE.md`'s, "Self-play data".

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use tamerlane_core::tamerlane::rule_set::{
    CitadelEntry, LoneRoyal, PawnOfPawns, PlacementOnto, PlacementTargets, RoyalsOnly, StartArray,
    SwapWhen, SwapWith,
};
use tamerlane_core::{Color, RuleSet};

use crate::stop_relay::relay_stop;
use crate::{AnyGame, AnyRules, ConfigError, Engine, Limits, Rng, Score, SearchConfig};

/// The first line of a data file or shard.
pub const HEADER: &str = "# tamerlane datagen 1";

/// A mate, as written in the score column (`+` when White mates).
pub const MATE_SCORE: i32 = 30_000;

/// How many random openings are drawn for one game before giving up (each
/// thrown away only if its game ended during the opening).
const OPENING_TRIES: usize = 1000;

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
    /// The engine configuration's text (`docs/ENGINE.md`), e.g. `full` or
    /// `full,-lmr`.
    pub config: String,
    /// The engine's transposition table in MiB (its size changes the
    /// searches, so keep it for a whole run).
    pub hash_mib: usize,
}

impl Settings {
    /// The defaults of `tamerlane datagen` for `rules`: seed 1, 5000 nodes
    /// per move, 6 opening plies, the `full` configuration, 16 MiB.
    pub fn new(rules: AnyRules) -> Settings {
        Settings {
            rules,
            seed: 1,
            nodes: 5000,
            opening_plies: 6,
            config: "full".into(),
            hash_mib: Engine::DEFAULT_HASH_MIB,
        }
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

/// SplitMix64's output function: a bijection of `u64` that mixes every
/// input bit into every output bit.
const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index`'s opening in a run seeded `seed`:
/// `splitmix64(splitmix64(seed) ^ index)`, SplitMix64's output function
/// (`z += 0x9E3779B97F4A7C15; z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9; z =
/// (z ^ z >> 27) * 0x94D049BB133111EB; z ^ z >> 31`, wrapping).
pub const fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix64(splitmix64(seed) ^ index)
}

/// The opening of game `index` of a run under `rules` seeded `seed`:
/// `plies` random legal moves from the start position (see the module
/// documentation), as a game starting at the position reached. `None` if
/// 1000 draws all ended the game.
pub fn opening(rules: AnyRules, plies: usize, seed: u64, index: u64) -> Option<AnyGame> {
    let mut rng = Rng::new(game_seed(seed, index));
    'draw: for _ in 0..OPENING_TRIES {
        let mut game = AnyGame::new(rules);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if game.outcome().is_some() || moves.is_empty() {
                continue 'draw;
            }
            if game.play_uci(&moves[rng.below(moves.len())]).is_err() {
                continue 'draw;
            }
        }
        if game.outcome().is_some() {
            continue;
        }
        if let Ok(start) = AnyGame::from_fen(rules, &game.fen()) {
            return Some(start);
        }
    }
    None
}

/// Every option of a Tamerlane rule set as `(key, value)` in the string
/// form (docs/RULES.md, section 9), the defaults included.
fn option_pairs(r: &RuleSet) -> [(&'static str, String); 10] {
    let count = |v: Option<u32>| v.map_or_else(|| "off".to_owned(), |n| n.to_string());
    [
        (SwapWhen::KEY, r.swap_when().name().to_owned()),
        (SwapWith::KEY, r.swap_with().name().to_owned()),
        (CitadelEntry::KEY, r.citadel_entry().name().to_owned()),
        (PawnOfPawns::KEY, r.pawn_of_pawns().name().to_owned()),
        (PlacementOnto::KEY, r.placement_onto().name().to_owned()),
        (
            PlacementTargets::KEY,
            r.placement_targets().name().to_owned(),
        ),
        (LoneRoyal::KEY, r.lone_royal().name().to_owned()),
        (RoyalsOnly::KEY, r.royals_only().name().to_owned()),
        ("repetition", count(r.repetition())),
        ("move-limit", count(r.move_limit())),
    ]
}

/// `rules` as a rule string its game reads back: its canonical form (the
/// options that differ from the default), `default` when that is empty;
/// for a Tamerlane rule set with the start array of the preset
/// `seed-001` (which the canonical form does not name), that preset and
/// the options that differ from it.
fn rules_text(rules: AnyRules) -> String {
    let text = match rules {
        AnyRules::Tamerlane(r) if r.start() == StartArray::Seed001 => {
            let preset = option_pairs(&RuleSet::SEED_001);
            let mut items = vec!["seed-001".to_owned()];
            for ((key, value), (_, base)) in option_pairs(&r).into_iter().zip(preset) {
                if value != base {
                    items.push(format!("{key}={value}"));
                }
            }
            items.join(",")
        }
        _ => rules.to_string(),
    };
    if text.is_empty() {
        "default".to_owned()
    } else {
        text
    }
}

/// The two comment lines a shard of games `[first, first + count)` starts
/// with ([`HEADER`] and the settings), each ending with a newline.
pub fn header(settings: &Settings, first: u64, count: u64) -> String {
    let config: String = settings
        .config
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    format!(
        "{HEADER}\n# game {} rules {} seed {} first {first} count {count} nodes {} opening-plies {} config {config}\n",
        settings.rules.variant(),
        rules_text(settings.rules),
        settings.seed,
        settings.nodes,
        settings.opening_plies,
    )
}

/// Plays game `index` with `engine` (restarted first) and writes its
/// lines to `out`; returns how many.
fn play_game(
    engine: &mut Engine,
    settings: &Settings,
    index: u64,
    stop: &AtomicBool,
    out: &mut impl Write,
) -> Result<u64, DatagenError> {
    let mut game = opening(settings.rules, settings.opening_plies, settings.seed, index)
        .ok_or(DatagenError::NoOpening(index))?;
    engine.new_game();
    let limits = Limits::new().nodes(settings.nodes);
    let mut lines: Vec<(String, i32)> = Vec::new();
    while game.outcome().is_none() {
        if stop.load(Ordering::Relaxed) {
            return Err(DatagenError::Stopped);
        }
        let r = engine.search_any(&game, &limits, |_| {});
        // A search cut short by the stop is not written.
        if stop.load(Ordering::Relaxed) {
            return Err(DatagenError::Stopped);
        }
        let Some(m) = r.best else {
            break;
        };
        let score = match r.score {
            Score::Cp(c) => c,
            Score::Mate(n) if n > 0 => MATE_SCORE,
            Score::Mate(_) => -MATE_SCORE,
        };
        let white = if game.turn() == Color::White {
            score
        } else {
            -score
        };
        lines.push((game.fen(), white));
        game.play_uci(&m)
            .map_err(|e| DatagenError::IllegalMove(index, m.clone(), e.to_string()))?;
    }
    let result = match game.outcome().and_then(|(winner, _)| winner) {
        Some(Color::White) => "1",
        Some(Color::Black) => "0",
        None => "0.5",
    };
    for (fen, score) in &lines {
        writeln!(out, "{fen} | {score} | {result}")?;
    }
    Ok(lines.len() as u64)
}

/// Writes the shard of games `[first, first + count)` to `out` (its text:
/// see the module documentation) and returns its number of positions.
/// The settings are checked before anything is written. `stop` is
/// checked between moves and passed on to the engine's search (which ends
/// within a few milliseconds): once it is set, the shard is abandoned with
/// [`DatagenError::Stopped`], what was written being incomplete.
pub fn write_shard(
    settings: &Settings,
    first: u64,
    count: u64,
    stop: &AtomicBool,
    out: &mut impl Write,
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
    out.write_all(header(settings, first, count).as_bytes())?;
    let mut engine = Engine::builder()
        .hash_mib(settings.hash_mib)
        .threads(1)
        .config(config)
        .build();
    let engine_stop = engine.stop_flag();
    relay_stop(stop, &[&engine_stop], || {
        let mut positions = 0;
        for index in first..end {
            positions += play_game(&mut engine, settings, index, stop, out)?;
        }
        out.flush()?;
        Ok(positions)
    })
}

/// A shard's text and its number of positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// The text (see the module documentation).
    pub text: String,
    /// The number of position lines.
    pub positions: u64,
}

/// The shard of games `[first, first + count)` in memory (see
/// [`write_shard`]).
pub fn shard(
    settings: &Settings,
    first: u64,
    count: u64,
    stop: &AtomicBool,
) -> Result<Shard, DatagenError> {
    let mut bytes = Vec::new();
    let positions = write_shard(settings, first, count, stop, &mut bytes)?;
    // Every line is ASCII text.
    let text = String::from_utf8_lossy(&bytes).into_owned();
    Ok(Shard { text, positions })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// The lines of a shard after its two header lines.
    fn body(text: &str) -> String {
        text.lines().skip(2).map(|l| format!("{l}\n")).collect()
    }

    #[test]
    fn game_seeds_are_pinned() {
        // SplitMix64 computed outside this code (a Python transcription
        // of the formula in the documentation of `game_seed`).
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(game_seed(1, 0), 0x5E41_AB08_7439_611E);
        assert_eq!(game_seed(7, 3), 0x6BAA_7868_1A99_F995);
        assert_ne!(game_seed(1, 2), game_seed(2, 1));
    }

    #[test]
    fn each_game_depends_only_on_the_seed_and_its_index() {
        let never = AtomicBool::new(false);
        for v in Variant::ALL {
            let settings = Settings {
                nodes: 150,
                opening_plies: 4,
                hash_mib: 1,
                seed: 11,
                ..Settings::new(v.default_rules())
            };
            let all = shard(&settings, 0, 3, &never).unwrap();
            let parts: Vec<Shard> = (0..3)
                .map(|i| shard(&settings, i, 1, &never).unwrap())
                .collect();
            let joined: String = parts.iter().map(|p| body(&p.text)).collect();
            assert_eq!(body(&all.text), joined, "{v}");
            assert_eq!(
                all.positions,
                parts.iter().map(|p| p.positions).sum::<u64>()
            );
            assert_eq!(all.positions as usize, all.text.lines().count() - 2);
            assert_eq!(shard(&settings, 0, 3, &never).unwrap(), all, "{v}");
            let mut lines = all.text.lines();
            assert_eq!(lines.next(), Some(HEADER));
            assert_eq!(
                lines.next().unwrap(),
                format!(
                    "# game {v} rules default seed 11 first 0 count 3 nodes 150 \
                     opening-plies 4 config full"
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
            let other = Settings {
                seed: 12,
                ..settings
            };
            assert_ne!(
                opening(other.rules, 4, 12, 0),
                opening(other.rules, 4, 11, 0)
            );
        }
    }

    #[test]
    fn openings_are_played_out_and_bad_settings_refused() {
        let rules = Variant::Makruk.default_rules();
        let o = opening(rules, 5, 3, 9).unwrap();
        assert!(o.moves().is_empty() && o.outcome().is_none());
        assert_eq!(o.turn(), Color::Black);
        assert_eq!(opening(rules, 5, 3, 9), Some(o));
        assert_eq!(opening(rules, 0, 3, 9), Some(AnyGame::new(rules)));

        let never = AtomicBool::new(false);
        let bad = |s: Settings| shard(&s, 0, 1, &never).unwrap_err().to_string();
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
        let e = shard(&base, u64::MAX, 2, &never).unwrap_err();
        assert!(matches!(e, DatagenError::Setting(_)), "{e}");
        let texts = [
            ("seed-001,repetition=3", "seed-001,repetition=3"),
            ("seed-001,repetition=off", "seed-001"),
            (
                "seed-001,swap-when=check-or-stuck,lone-royal=before-move",
                "seed-001,swap-when=check-or-stuck,lone-royal=before-move",
            ),
            ("seed-001", "seed-001"),
            ("repetition=off", "repetition=off"),
            ("", "default"),
        ];
        for (given, written) in texts {
            let rules = Variant::Tamerlane.parse_rules(given).unwrap();
            assert_eq!(rules_text(rules), written);
            assert_eq!(Variant::Tamerlane.parse_rules(written), Ok(rules));
        }
        let chess = Variant::Chess.parse_rules("draws=automatic").unwrap();
        assert_eq!(rules_text(chess), "draws=automatic");
    }

    #[test]
    fn a_stop_abandons_the_shard() {
        let stop = AtomicBool::new(true);
        let settings = Settings {
            nodes: 50_000_000,
            ..Settings::new(AnyRules::default())
        };
        let e = shard(&settings, 0, 100, &stop).unwrap_err();
        assert!(matches!(e, DatagenError::Stopped), "{e}");
    }
}
