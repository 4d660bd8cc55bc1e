//! Engine matches: play games between two players, with an arbiter that
//! checks every move, and summarise the result as a score, an Elo
//! difference with its 95% interval, and an optional SPRT.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use tamerlane_core::{Color, Game, Move, Position, Termination};

use crate::search::SearchConfig;
use crate::thread::Engine;
use crate::timeman::Limits;

/// One side of a match: an in-process engine configuration and its limits.
#[derive(Clone, Debug)]
pub struct Player {
    /// A short name for reports and records.
    pub name: String,
    /// The search configuration.
    pub config: SearchConfig,
    /// The limits of every move.
    pub limits: Limits,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules.
    Rules(Option<Color>, Termination),
    /// A player returned an illegal move or none at all: it loses.
    Illegal(Color, String),
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game's number in the match (0-based).
    pub index: usize,
    /// The opening position.
    pub opening: Position,
    /// Which player had White: 0 = the first player (A).
    pub white: usize,
    /// The moves played.
    pub moves: Vec<Move>,
    /// How it ended.
    pub end: GameEnd,
}

impl GameRecord {
    /// The winning colour, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match &self.end {
            GameEnd::Rules(w, _) => *w,
            GameEnd::Illegal(c, _) => Some(!*c),
        }
    }

    /// Player A's points: 1, 0.5 or 0.
    pub fn score_a(&self) -> f64 {
        let a_color = if self.white == 0 {
            Color::White
        } else {
            Color::Black
        };
        match self.winner() {
            None => 0.5,
            Some(c) if c == a_color => 1.0,
            Some(_) => 0.0,
        }
    }

    /// The result as `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_string(&self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// One record line: `index white black result reason | opening TFEN | moves`.
    pub fn to_line(&self, names: [&str; 2]) -> String {
        let (w, b) = if self.white == 0 {
            (names[0], names[1])
        } else {
            (names[1], names[0])
        };
        let reason = match &self.end {
            GameEnd::Rules(_, t) => t.to_string(),
            GameEnd::Illegal(c, m) => format!("illegal-move-by-{c}:{m}"),
        };
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        format!(
            "{} {w} {b} {} {reason} | {} | {}",
            self.index + 1,
            self.result_string(),
            self.opening.to_tfen(),
            moves.join(" ")
        )
    }
}

/// Plays one game. Every move is checked by the arbiter (`Game::play`): an
/// illegal move or a missing one loses at once.
pub fn play_game(
    players: [&Player; 2],
    opening: &Position,
    a_white: bool,
    index: usize,
) -> GameRecord {
    let mut engines: Vec<Engine> = players
        .iter()
        .map(|p| Engine::with_config(p.config, p.hash_mib))
        .collect();
    let mut game = Game::from_position(opening.clone());
    let white = if a_white { 0 } else { 1 };
    let end = loop {
        if let Some(o) = game.outcome() {
            break GameEnd::Rules(o.winner, o.termination);
        }
        let turn = game.turn();
        let idx = if turn == Color::White {
            white
        } else {
            1 - white
        };
        let r = engines[idx].search_game(&game, &players[idx].limits, |_| {});
        match r.best {
            Some(m) if game.position().is_legal(&m) => {
                if game.play(&m).is_err() {
                    break GameEnd::Illegal(turn, m.to_string());
                }
            }
            Some(m) => break GameEnd::Illegal(turn, m.to_string()),
            None => break GameEnd::Illegal(turn, "(none)".into()),
        }
    };
    GameRecord {
        index,
        opening: opening.clone(),
        white,
        moves: game.moves().to_vec(),
        end,
    }
}

/// A small deterministic random generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Seeds the generator.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `n` distinct opening positions: `plies` random legal moves from the
/// initial position (seeded), skipping any that end the game.
pub fn random_openings(n: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Position> = Vec::new();
    let mut tries = 0;
    while out.len() < n && tries < n * 100 {
        tries += 1;
        let mut game = Game::new();
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let _ = game.play(&m);
        }
        let pos = game.position().clone();
        if game.outcome().is_none() && !out.iter().any(|p| p.same_position(&pos)) {
            out.push(pos);
        }
    }
    out
}

/// Wins, draws and losses from player A's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// Adds one game (A's points: 1, 0.5 or 0).
    pub fn add(&mut self, score_a: f64) {
        if score_a > 0.75 {
            self.wins += 1;
        } else if score_a < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's mean score (0 to 1).
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }

    /// The Elo difference and its 95% interval `(elo, low, high)`, from the
    /// mean score and its standard error over games (normal approximation;
    /// a score of 0 or 1 is clamped to half a game).
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let eps = 0.5 / n;
        let s = self.score().clamp(eps, 1.0 - eps);
        let w = self.wins as f64 / n;
        let d = self.draws as f64 / n;
        let l = self.losses as f64 / n;
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        let se = (var / n).sqrt();
        let lo = (s - 1.96 * se).clamp(eps, 1.0 - eps);
        let hi = (s + 1.96 * se).clamp(eps, 1.0 - eps);
        (elo_of(s), elo_of(lo), elo_of(hi))
    }
}

/// The Elo difference of a mean score.
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A sequential probability ratio test of H0: `elo0` against H1: `elo1`
/// (logistic Elo), with error rates `alpha` and `beta`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// The state of an SPRT.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// Not decided yet.
    Continue,
    /// H1 accepted: A is stronger by about `elo1`.
    AcceptH1,
    /// H0 accepted.
    AcceptH0,
}

impl Sprt {
    /// The log-likelihood ratio of the tally (the generalised SPRT's normal
    /// approximation on the trinomial game results, as used by Fishtest).
    pub fn llr(&self, t: &Tally) -> f64 {
        let n = t.games() as f64;
        if n == 0.0
            || t.wins == 0 && t.losses == 0
            || t.wins + t.draws == 0
            || t.losses + t.draws == 0
        {
            return 0.0;
        }
        let s = t.score();
        let (w, d, l) = (t.wins as f64 / n, t.draws as f64 / n, t.losses as f64 / n);
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_of(self.elo0);
        let s1 = score_of(self.elo1);
        (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var / n)
    }

    /// `(lower, upper)` LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Whether the test has decided.
    pub fn state(&self, t: &Tally) -> SprtState {
        let llr = self.llr(t);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

/// Match settings.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Number of games (each opening is played twice, colours swapped).
    pub games: usize,
    /// Games played at the same time.
    pub concurrency: usize,
    /// The opening positions (used in turn).
    pub openings: Vec<Position>,
    /// Stop early when this SPRT decides.
    pub sprt: Option<Sprt>,
}

/// Plays a match between `a` and `b`. `on_game` is called after each game
/// (in completion order) with the record and the running tally; the
/// records are returned in game order.
pub fn run_match(
    a: &Player,
    b: &Player,
    opts: &MatchOptions,
    mut on_game: impl FnMut(&GameRecord, &Tally) + Send,
) -> (Tally, Vec<GameRecord>) {
    let next = AtomicUsize::new(0);
    let state = Mutex::new((Tally::default(), Vec::<GameRecord>::new(), false));
    let on_game = Mutex::new(&mut on_game);
    let openings = if opts.openings.is_empty() {
        vec![Position::new()]
    } else {
        opts.openings.clone()
    };
    std::thread::scope(|s| {
        for _ in 0..opts.concurrency.max(1) {
            s.spawn(|| loop {
                if state.lock().map(|st| st.2).unwrap_or(true) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= opts.games {
                    return;
                }
                let opening = &openings[(i / 2) % openings.len()];
                let rec = play_game([a, b], opening, i.is_multiple_of(2), i);
                let Ok(mut st) = state.lock() else { return };
                st.0.add(rec.score_a());
                if let Some(sprt) = opts.sprt {
                    if sprt.state(&st.0) != SprtState::Continue {
                        st.2 = true;
                    }
                }
                if let Ok(mut f) = on_game.lock() {
                    (*f)(&rec, &st.0);
                }
                st.1.push(rec);
            });
        }
    });
    let (tally, mut records, _) = state.into_inner().unwrap_or_default();
    records.sort_by_key(|r| r.index);
    (tally, records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_sprt_arithmetic() {
        let t = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!((t.score() - 0.7).abs() < 1e-9);
        let (e, lo, hi) = t.elo();
        assert!((e - 147.2).abs() < 0.5, "{e}");
        assert!(lo < e && e < hi);
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert!(even.elo().0.abs() < 1e-9);
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt.bounds();
        assert!((hi - 2.944).abs() < 0.01 && (lo + 2.944).abs() < 0.01);
        assert_eq!(sprt.state(&t), SprtState::Continue);
        let big = Tally {
            wins: 600,
            draws: 200,
            losses: 200,
        };
        assert_eq!(sprt.state(&big), SprtState::AcceptH1);
        assert!(sprt.llr(&even) < 0.0);
    }

    #[test]
    fn openings_are_distinct_and_playable() {
        let o = random_openings(10, 4, 7);
        assert_eq!(o.len(), 10);
        for p in &o {
            assert!(p.has_legal_moves());
        }
        assert_eq!(random_openings(10, 4, 7), o);
    }

    #[test]
    fn a_short_match_is_legal_and_recorded() {
        let p = |name: &str, config| Player {
            name: name.into(),
            config,
            limits: Limits::nodes(200),
            hash_mib: 1,
        };
        let a = p("full", SearchConfig::full());
        let b = p("plain", SearchConfig::plain_material());
        let opts = MatchOptions {
            games: 2,
            concurrency: 2,
            openings: random_openings(1, 2, 1),
            sprt: None,
        };
        // The game itself keeps the rules' 200-ply limit; a tiny node
        // budget keeps the test short.
        let (tally, recs) = run_match(&a, &b, &opts, |_, _| {});
        assert_eq!(tally.games(), 2);
        for r in &recs {
            assert!(!matches!(r.end, GameEnd::Illegal(..)), "{r:?}");
            assert!(!r.to_line(["full", "plain"]).is_empty());
        }
    }
}
