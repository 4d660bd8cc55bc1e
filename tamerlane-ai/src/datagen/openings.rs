//! The openings of a self-play run (docs/ENGINE.md, "Self-play data"):
//! game `i` starts from `opening_plies` random legal moves drawn from a
//! generator seeded with [`game_seed`]`(seed, i)`, played from the rules'
//! start position or, with a [`Book`], from the book's position
//! `i mod len`.

use std::fmt;
use std::sync::Arc;

use tamerlane_core::AnyFenError;

use super::DatagenError;
use crate::{AnyGame, AnyRules, Rng};

/// How many random openings are drawn for one game before giving up (each
/// thrown away only if its game ended during the opening).
pub(super) const OPENING_TRIES: usize = 1000;

/// SplitMix64's output function: a bijection of `u64` that mixes every
/// input bit into every output bit.
pub(super) const fn splitmix64(x: u64) -> u64 {
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
    opening_from(&AnyGame::new(rules), plies, seed, index)
}

/// As [`opening`], from the position of `start` instead of the rules'
/// start position.
pub fn opening_from(start: &AnyGame, plies: usize, seed: u64, index: u64) -> Option<AnyGame> {
    let rules = start.rules();
    let mut rng = Rng::new(game_seed(seed, index));
    'draw: for _ in 0..OPENING_TRIES {
        let mut game = start.clone();
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

/// A book of start positions, one TFEN (Tamerlane) or FEN (chess, Makruk)
/// a line; blank lines and lines starting with `#` are skipped. Game `i`
/// of a run starts from position `i mod len` (then the run's random
/// plies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    positions: Arc<[String]>,
    digest: u64,
}

/// A line of a book that is no position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The book holds no position.
    Empty,
    /// Line `n` (from 1) cannot be read, or its game has already ended.
    Line(usize, String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Empty => f.write_str("the book holds no position"),
            BookError::Line(n, e) => write!(f, "line {n}: {e}"),
        }
    }
}

impl std::error::Error for BookError {}

/// FNV-1a, 64 bits: the book's fingerprint in the settings line.
fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

impl Book {
    /// Reads a book's text under `rules`: one position a line, blank
    /// lines and lines starting with `#` skipped; every position is
    /// checked (read under the rules, its game not over).
    pub fn parse(text: &str, rules: AnyRules) -> Result<Book, BookError> {
        let lines = text
            .lines()
            .enumerate()
            .map(|(n, l)| (n + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        Book::from_numbered(lines, rules)
    }

    /// A book of the given positions, in order (their errors numbered from
    /// 1 as lines), each checked as by [`parse`](Self::parse).
    pub fn from_positions<'a>(
        positions: impl IntoIterator<Item = &'a str>,
        rules: AnyRules,
    ) -> Result<Book, BookError> {
        Book::from_numbered(
            positions
                .into_iter()
                .enumerate()
                .map(|(n, p)| (n + 1, p.trim())),
            rules,
        )
    }

    fn from_numbered<'a>(
        lines: impl Iterator<Item = (usize, &'a str)>,
        rules: AnyRules,
    ) -> Result<Book, BookError> {
        let mut positions = Vec::new();
        for (n, line) in lines {
            let game = AnyGame::from_fen(rules, line)
                .map_err(|e: AnyFenError| BookError::Line(n, e.to_string()))?;
            if game.outcome().is_some() {
                return Err(BookError::Line(n, "the game is over".into()));
            }
            positions.push(line.to_owned());
        }
        if positions.is_empty() {
            return Err(BookError::Empty);
        }
        let digest = fnv1a(positions.iter().flat_map(|p| p.bytes().chain([b'\n'])));
        Ok(Book {
            positions: positions.into(),
            digest,
        })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there is no position (never: a book holds one at least).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The positions, in order.
    pub fn positions(&self) -> &[String] {
        &self.positions
    }

    /// The book as the settings line names it: `LEN:FNV` (its number of
    /// positions, and FNV-1a 64 of its positions each followed by a
    /// newline, in hexadecimal).
    pub fn fingerprint(&self) -> String {
        format!("{}:{:016x}", self.positions.len(), self.digest)
    }

    /// The start of game `index` under `rules`: position `index mod len`
    /// (an error if the book was read under other rules that accept it
    /// and these refuse it).
    pub(super) fn start(&self, rules: AnyRules, index: u64) -> Result<AnyGame, DatagenError> {
        let k = (index % self.positions.len() as u64) as usize;
        AnyGame::from_fen(rules, &self.positions[k])
            .map_err(|e| DatagenError::Setting(format!("book position {}: {e}", k + 1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use tamerlane_core::Color;

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
    fn openings_are_played_out() {
        let rules = Variant::Makruk.default_rules();
        let o = opening(rules, 5, 3, 9).unwrap();
        assert!(o.moves().is_empty() && o.outcome().is_none());
        assert_eq!(o.turn(), Color::Black);
        assert_eq!(opening(rules, 5, 3, 9), Some(o));
        assert_eq!(opening(rules, 0, 3, 9), Some(AnyGame::new(rules)));
    }

    #[test]
    fn books_are_read_and_cycled() {
        let rules = Variant::Chess.default_rules();
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let book = Book::parse(&format!("# two\n{after_e4}\n\n  {start}  \n"), rules).unwrap();
        assert_eq!(book.positions(), [after_e4, start]);
        assert_eq!(book.start(rules, 0).unwrap().fen(), after_e4);
        assert_eq!(book.start(rules, 3).unwrap().fen(), start);
        // FNV-1a 64 of "a\n" (the published algorithm transcribed in
        // Python, outside this code).
        assert_eq!(fnv1a(*b"a\n"), 0x089b_dc07_b544_e7b2);
        assert!(book.fingerprint().starts_with("2:"));
        assert_eq!(Book::parse("# none\n\n", rules), Err(BookError::Empty));
        let e = Book::parse(&format!("{start}\nnot a fen\n"), rules).unwrap_err();
        assert!(matches!(e, BookError::Line(2, _)), "{e}");
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let e = Book::parse(mate, rules).unwrap_err();
        assert_eq!(e, BookError::Line(1, "the game is over".into()));
        let listed = Book::from_positions([after_e4, start], rules).unwrap();
        assert_eq!(listed, book);
        let e = Book::from_positions([start, mate], rules).unwrap_err();
        assert_eq!(e, BookError::Line(2, "the game is over".into()));
    }
}
