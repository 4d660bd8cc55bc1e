//! Engine matches: play games of any of the three games ([`AnyGame`])
//! between two players, with an arbiter that checks every move, and
//! summarise the result as a score, an Elo difference with its 95%
//! interval, and an optional SPRT.
//!
//! A side of a match is a [`Player`]: an in-process engine configuration
//! ([`PlayerKind::Internal`]) or an engine command speaking our protocol
//! ([`PlayerKind::External`], driven by [`external`](crate::external)).
//! The arbiter plays every move on its own [`AnyGame`] (moves in UCI,
//! under the match's rules): a move that is not
//! legal there (or that cannot be read) loses at once
//! ([`GameEnd::Illegal`]); an external engine that does not answer in time
//! loses on time ([`GameEnd::TimeForfeit`]) and one that cannot be started,
//! dies or rejects a command loses by forfeit ([`GameEnd::Abandoned`]).
//! With a [`Clock`], a player whose move takes longer than its remaining
//! time plus the margin of its [`Timeouts`] loses on time; a game that
//! reaches the match's ply cap is adjudicated a draw. Finished Tamerlane
//! games convert to standard game records ([`GameRecord::to_record`]);
//! chess and Makruk games to one result line each
//! ([`GameRecord::to_line`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tamerlane_core::{Color, GameResult};

use crate::external::{EngineError, ExternalEngine, ExternalSpec, FailureKind, Timeouts};
use crate::games::legal_moves;
use tamerlane_ai::{AnyGame, AnyRules, Engine, Limits, Rng, SearchConfig, Variant};

/// A time control: a base time and an increment added after each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time on the clock at the start of a game.
    pub base: Duration,
    /// Added after each move.
    pub inc: Duration,
}

/// What plays one side of a match.
#[derive(Clone, Debug)]
pub enum PlayerKind {
    /// An in-process [`Engine`] (a new one each game, one thread).
    Internal {
        /// The search configuration.
        config: SearchConfig,
        /// Transposition table size in MiB.
        hash_mib: usize,
    },
    /// An engine command speaking our protocol (a new process each game).
    External(ExternalSpec),
}

/// One side of a match: who plays, and with which limits.
#[derive(Clone, Debug)]
pub struct Player {
    /// A short name for reports and records.
    pub name: String,
    /// The engine.
    pub kind: PlayerKind,
    /// The limits of every move (`depth`, `nodes`, `movetime`; the clock
    /// fields are filled in by the arbiter when there is a [`Clock`]).
    pub limits: Limits,
    /// A clock kept by the arbiter, if any.
    pub clock: Option<Clock>,
    /// How long the arbiter waits for an external engine; the margin is
    /// also the tolerance of the clock for both kinds of player.
    pub timeouts: Timeouts,
}

impl Player {
    /// An in-process player without a clock.
    #[cfg(test)]
    pub fn internal(name: &str, config: SearchConfig, limits: Limits, hash_mib: usize) -> Player {
        Player {
            name: name.to_owned(),
            kind: PlayerKind::Internal { config, hash_mib },
            limits,
            clock: None,
            timeouts: Timeouts::default(),
        }
    }

    /// An external engine without a clock, with the default timeouts.
    #[cfg(test)]
    pub fn external(name: &str, spec: ExternalSpec, limits: Limits) -> Player {
        Player {
            name: name.to_owned(),
            kind: PlayerKind::External(spec),
            limits,
            clock: None,
            timeouts: Timeouts::default(),
        }
    }
}

/// How a game ended. In every case but [`Rules`](GameEnd::Rules) the
/// given colour loses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules: the winner (`None` for a draw) and the termination's
    /// name (`checkmate`, `counting`, `threefold-repetition`, ...).
    Rules(Option<Color>, String),
    /// The game reached the match's ply cap: adjudicated a draw.
    PlyCap,
    /// A player returned an illegal or unreadable move, or none at all; the
    /// text is the move as given (`(none)` for no move).
    Illegal(Color, String),
    /// A player overstepped its time: no `bestmove` in time, or its clock
    /// fell. The text says what happened.
    TimeForfeit(Color, String),
    /// An external engine could not be started, exited, closed its output
    /// or rejected a command. The text says what happened.
    Abandoned(Color, String),
}

impl GameEnd {
    /// The winning colour, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameEnd::Rules(w, _) => *w,
            GameEnd::PlyCap => None,
            GameEnd::Illegal(c, _) | GameEnd::TimeForfeit(c, _) | GameEnd::Abandoned(c, _) => {
                Some(!*c)
            }
        }
    }

    /// The value of the record's `Termination` tag: the rule's name
    /// (`checkmate`, `citadel`, ...), `adjudication` at the ply cap, or for
    /// a forfeit PGN's `rules infraction` (illegal move), `time forfeit`
    /// or `abandoned`.
    pub fn termination(&self) -> &str {
        match self {
            GameEnd::Rules(_, t) => t,
            GameEnd::PlyCap => "adjudication",
            GameEnd::Illegal(..) => "rules infraction",
            GameEnd::TimeForfeit(..) => "time forfeit",
            GameEnd::Abandoned(..) => "abandoned",
        }
    }

    /// Whether a player lost by forfeit (any ending but the rules').
    #[cfg(test)]
    pub fn is_forfeit(&self) -> bool {
        !matches!(self, GameEnd::Rules(..) | GameEnd::PlyCap)
    }

    fn from_failure(loser: Color, e: EngineError) -> GameEnd {
        match e.kind {
            FailureKind::Timeout => GameEnd::TimeForfeit(loser, e.message),
            FailureKind::Abandoned => GameEnd::Abandoned(loser, e.message),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game's number in the match (0-based).
    pub index: usize,
    /// The opening: a game whose start is the opening position (under the
    /// match's rules) and without moves.
    pub opening: AnyGame,
    /// Which player had White: 0 = the first player (A).
    pub white: usize,
    /// The moves played, in UCI.
    pub moves: Vec<String>,
    /// How it ended.
    pub end: GameEnd,
}

fn capitalised(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Today's date (UTC) as `YYYY.MM.DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days since 1970-01-01 to a civil date (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

impl GameRecord {
    /// The winning colour, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        self.end.winner()
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

    /// The result.
    pub fn result(&self) -> GameResult {
        match self.winner() {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// The game as it was played (the arbiter checked every move).
    pub fn game(&self) -> AnyGame {
        let mut game = self.opening.clone();
        for m in &self.moves {
            if game.play_uci(m).is_err() {
                break;
            }
        }
        game
    }

    /// The names of White and Black (`names[0]` is A).
    fn players<'a>(&self, names: [&'a str; 2]) -> (&'a str, &'a str) {
        if self.white == 0 {
            (names[0], names[1])
        } else {
            (names[1], names[0])
        }
    }

    /// The game as text for a match's `--out` file: a Tamerlane game as its
    /// standard record ([`to_record`](Self::to_record)), a chess or Makruk
    /// game as its result line ([`to_line`](Self::to_line)).
    pub fn to_text(&self, names: [&str; 2]) -> Result<String, String> {
        match self.opening {
            AnyGame::Tamerlane(_) => self.to_record(names).map(|r| r.to_string()),
            AnyGame::Chess(_) | AnyGame::Makruk(_) => Ok(self.to_line(names)),
        }
    }

    /// One line for the audit of a game of any of the three: `game N:
    /// WHITE - BLACK RESULT (TERMINATION), GAME, fen START, moves M ...`,
    /// the moves in UCI, and for a forfeit `; ` and the
    /// [`explanation`](Self::explanation).
    pub fn to_line(&self, names: [&str; 2]) -> String {
        let (w, b) = self.players(names);
        let mut line = format!(
            "game {}: {w} - {b} {} ({}), {}, fen {}, moves {}",
            self.index + 1,
            self.result(),
            self.end.termination(),
            self.opening.variant(),
            self.opening.start_fen(),
            self.moves.join(" ")
        );
        if let Some(why) = self.explanation(names) {
            line.push_str("; ");
            line.push_str(&why);
        }
        line
    }

    /// The standard game record of a Tamerlane game (`docs/NOTATION.md`):
    /// `Event "tamerlane match"`, today's `Date`, the game number as
    /// `Round`, the players' names (`names[0]` is A), the result,
    /// `Termination` (see [`GameEnd::termination`]) and the opening as
    /// `TFEN` (with `SetUp`) when it is not the initial position. A forfeit
    /// is explained by a comment after the last move (see
    /// [`explanation`](Self::explanation)). A name the record cannot hold
    /// (with a control character) is an error, and so is a chess or Makruk
    /// game (which have no such record: see [`to_line`](Self::to_line)).
    pub fn to_record(&self, names: [&str; 2]) -> Result<tamerlane_core::GameRecord, String> {
        let AnyGame::Tamerlane(game) = self.game() else {
            return Err(format!(
                "a {} game has no game record",
                self.opening.variant()
            ));
        };
        self.tamerlane_record(game, names)
            .map_err(|e| e.to_string())
    }

    fn tamerlane_record(
        &self,
        game: tamerlane_core::Game,
        names: [&str; 2],
    ) -> Result<tamerlane_core::GameRecord, tamerlane_core::RecordEditError> {
        let (w, b) = self.players(names);
        let mut rec = tamerlane_core::GameRecord::new(game)?;
        rec.set_tag("Event", "tamerlane match")?;
        rec.set_tag("Date", &today())?;
        rec.set_tag("Round", &(self.index + 1).to_string())?;
        rec.set_tag("White", w)?;
        rec.set_tag("Black", b)?;
        rec.set_result(self.result())?;
        rec.set_tag("Termination", self.end.termination())?;
        if let Some(text) = self.explanation(names) {
            rec.add_comment(self.moves.len(), &text)?;
        }
        Ok(rec)
    }

    /// For a forfeit, who lost and why, e.g. `Black (B) loses: illegal
    /// move a1a2: ...` (`names[0]` is A); `None` for an ending by the rules.
    pub fn explanation(&self, names: [&str; 2]) -> Option<String> {
        let who = |c: Color| {
            let a_color = if self.white == 0 {
                Color::White
            } else {
                Color::Black
            };
            let name = if c == a_color { names[0] } else { names[1] };
            format!("{} ({name}) loses", capitalised(c))
        };
        match &self.end {
            GameEnd::Rules(..) | GameEnd::PlyCap => None,
            GameEnd::Illegal(c, text) => {
                let why = match text.as_str() {
                    "" | "(none)" => "no move, though it has legal moves".to_owned(),
                    _ => match self.game().play_uci(text) {
                        Err(e) => e.to_string(),
                        Ok(()) => format!("move {text} refused by the arbiter"),
                    },
                };
                Some(format!("{}: {why}", who(*c)))
            }
            GameEnd::TimeForfeit(c, why) => Some(format!("{} on time: {why}", who(*c))),
            GameEnd::Abandoned(c, why) => Some(format!("{} by forfeit: {why}", who(*c))),
        }
    }
}
/// An engine during a game.
enum Side {
    Internal(Box<Engine>),
    External(Box<ExternalEngine>),
}

fn start_side(p: &Player, variant: Variant) -> Result<Side, EngineError> {
    match &p.kind {
        PlayerKind::Internal { config, hash_mib } => Ok(Side::Internal(Box::new(
            Engine::builder()
                .hash_mib(*hash_mib)
                .config(*config)
                .build(),
        ))),
        PlayerKind::External(spec) => {
            let mut e = ExternalEngine::start(spec, variant, p.timeouts)?;
            e.new_game()?;
            Ok(Side::External(Box::new(e)))
        }
    }
}

/// The longest move text kept in a [`GameEnd::Illegal`].
const MAX_MOVE_TEXT: usize = 40;

/// Plays one game from `opening` (a game without moves). The engines are
/// started White's first (one that cannot be started loses by forfeit).
/// Every move is checked by the arbiter (`AnyGame::play_uci`): an illegal
/// move or a missing one loses at once. With a `ply_cap`, a game that
/// reaches that many plies is a draw ([`GameEnd::PlyCap`]).
pub fn play_game(
    players: [&Player; 2],
    opening: &AnyGame,
    a_white: bool,
    index: usize,
    ply_cap: Option<usize>,
) -> GameRecord {
    let mut game = opening.clone();
    let white = if a_white { 0 } else { 1 };
    let end = play_out(players, white, &mut game, ply_cap);
    GameRecord {
        index,
        opening: opening.clone(),
        white,
        moves: game.moves(),
        end,
    }
}

fn play_out(
    players: [&Player; 2],
    white: usize,
    game: &mut AnyGame,
    ply_cap: Option<usize>,
) -> GameEnd {
    let player_of = |c: Color| if c == Color::White { white } else { 1 - white };
    let mut sides: Vec<Option<Side>> = vec![None, None];
    let plies_before = game.moves().len();
    let mut plies = plies_before;
    for c in [Color::White, Color::Black] {
        match start_side(players[player_of(c)], game.variant()) {
            Ok(s) => sides[player_of(c)] = Some(s),
            Err(e) => return GameEnd::from_failure(c, e),
        }
    }
    let mut clocks = players.map(|p| p.clock.map(|c| c.base));
    loop {
        if let Some((winner, termination)) = game.outcome() {
            return GameEnd::Rules(winner, termination);
        }
        if ply_cap.is_some_and(|cap| plies - plies_before >= cap) {
            return GameEnd::PlyCap;
        }
        let turn = game.turn();
        let idx = player_of(turn);
        let player = players[idx];
        let mut limits = player.limits.clone();
        for c in [Color::White, Color::Black] {
            let p = player_of(c);
            let inc = players[p].clock.map_or(Duration::ZERO, |k| k.inc);
            limits.set_clock(c, clocks[p], inc);
        }
        let t0 = Instant::now();
        let (answer, elapsed) = match sides[idx].as_mut() {
            Some(Side::Internal(e)) => {
                let r = game.search(e, &limits, |_| {});
                (r.best.unwrap_or_else(|| "(none)".to_owned()), t0.elapsed())
            }
            Some(Side::External(x)) => match x.go(game, &limits) {
                Ok(b) => (b.text, b.elapsed),
                Err(e) => return GameEnd::from_failure(turn, e),
            },
            None => return GameEnd::Abandoned(turn, "no engine".into()),
        };
        if let Some(left) = clocks[idx] {
            if elapsed > left + player.timeouts.margin {
                return GameEnd::TimeForfeit(
                    turn,
                    format!(
                        "the move took {} ms with {} ms on the clock",
                        elapsed.as_millis(),
                        left.as_millis()
                    ),
                );
            }
            let inc = player.clock.map_or(Duration::ZERO, |k| k.inc);
            clocks[idx] = Some(left.saturating_sub(elapsed) + inc);
        }
        if game.play_uci(&answer).is_err() {
            let text: String = answer.chars().take(MAX_MOVE_TEXT).collect();
            return GameEnd::Illegal(turn, text);
        }
        plies += 1;
    }
}

/// `n` distinct openings: `plies` random legal moves from the start
/// position of `rules` (seeded), skipping any that end the game, each as
/// a game under `rules` that starts at the position reached.
pub fn random_openings(n: usize, plies: usize, seed: u64, rules: AnyRules) -> Vec<AnyGame> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<AnyGame> = Vec::new();
    let mut tries = 0;
    while out.len() < n && tries < n * 100 {
        tries += 1;
        let mut game = AnyGame::new(rules);
        for _ in 0..plies {
            let moves = legal_moves(&game);
            if moves.is_empty() {
                break;
            }
            let _ = game.play_uci(&moves[rng.below(moves.len())]);
        }
        if game.outcome().is_some() || out.iter().any(|o| o.start_fen() == game.fen()) {
            continue;
        }
        if let Ok(opening) = AnyGame::from_fen(rules, &game.fen()) {
            out.push(opening);
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
    /// The openings (used in turn): games without moves. None: the
    /// standard Tamerlane start.
    pub openings: Vec<AnyGame>,
    /// Plies after which a game is adjudicated a draw, if any.
    pub ply_cap: Option<usize>,
    /// Stop early when this SPRT decides.
    pub sprt: Option<Sprt>,
}

/// How an SPRT stopped a match early: its decision and the tally when it
/// decided. Games already in play then are finished and counted in the
/// match's tally, which may therefore read differently.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SprtStop {
    /// The decision (never [`SprtState::Continue`]).
    pub state: SprtState,
    /// The tally when the test decided.
    pub at: Tally,
}

/// Plays a match between `a` and `b`. `on_game` is called after each game
/// (in completion order) with the record and the running tally; the
/// records are returned in game order, with the SPRT's stop if it ended
/// the match early.
pub fn run_match(
    a: &Player,
    b: &Player,
    opts: &MatchOptions,
    mut on_game: impl FnMut(&GameRecord, &Tally) + Send,
) -> (Tally, Vec<GameRecord>, Option<SprtStop>) {
    let next = AtomicUsize::new(0);
    let state = Mutex::new((Tally::default(), Vec::<GameRecord>::new(), None::<SprtStop>));
    let on_game = Mutex::new(&mut on_game);
    let openings = if opts.openings.is_empty() {
        vec![AnyGame::new(AnyRules::default())]
    } else {
        opts.openings.clone()
    };
    std::thread::scope(|s| {
        for _ in 0..opts.concurrency.max(1) {
            s.spawn(|| loop {
                if state.lock().map(|st| st.2.is_some()).unwrap_or(true) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= opts.games {
                    return;
                }
                let opening = &openings[(i / 2) % openings.len()];
                let rec = play_game([a, b], opening, i % 2 == 0, i, opts.ply_cap);
                let Ok(mut st) = state.lock() else { return };
                st.0.add(rec.score_a());
                if let (Some(sprt), None) = (opts.sprt, st.2) {
                    let decided = sprt.state(&st.0);
                    if decided != SprtState::Continue {
                        st.2 = Some(SprtStop {
                            state: decided,
                            at: st.0,
                        });
                    }
                }
                if let Ok(mut f) = on_game.lock() {
                    (*f)(&rec, &st.0);
                }
                st.1.push(rec);
            });
        }
    });
    let (tally, mut records, stop) = state.into_inner().unwrap_or_default();
    records.sort_by_key(|r| r.index);
    (tally, records, stop)
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
        let o = random_openings(10, 4, 7, AnyRules::default());
        assert_eq!(o.len(), 10);
        for g in &o {
            assert!(!legal_moves(g).is_empty());
            assert!(g.moves().is_empty());
        }
        assert_eq!(random_openings(10, 4, 7, AnyRules::default()), o);
    }

    /// The record of `r` as text, read back.
    fn round_trip(r: &GameRecord, names: [&str; 2]) -> tamerlane_core::GameRecord {
        let rec = r.to_record(names).unwrap();
        let text = rec.to_string();
        let back =
            tamerlane_core::GameRecord::from_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, rec, "{text}");
        back
    }

    #[test]
    fn a_short_match_is_legal_and_recorded() {
        let a = Player::internal("full", SearchConfig::full(), Limits::new().nodes(200), 1);
        let b = Player::internal(
            "plain",
            SearchConfig::plain_material(),
            Limits::new().nodes(200),
            1,
        );
        let opts = MatchOptions {
            games: 2,
            concurrency: 2,
            openings: random_openings(1, 2, 1, AnyRules::default()),
            sprt: None,
            ply_cap: None,
        };
        // The game itself keeps the rules' 200-ply limit; a tiny node
        // budget keeps the test short.
        let (tally, recs, stop) = run_match(&a, &b, &opts, |_, _| {});
        assert_eq!(tally.games(), 2);
        assert_eq!(stop, None);
        for r in &recs {
            assert!(!r.end.is_forfeit(), "{r:?}");
            let back = round_trip(r, ["full", "plain"]);
            let moves: Vec<String> = back.game().moves().iter().map(|m| m.to_string()).collect();
            assert_eq!(moves, r.moves);
            assert_eq!(back.tag("Termination"), Some(r.end.termination()));
            assert_eq!(back.tag("TFEN"), Some(&*r.opening.start_fen()));
            assert_eq!(back.tag("Round"), Some(&*(r.index + 1).to_string()));
            let white = if r.white == 0 { "full" } else { "plain" };
            assert_eq!(back.tag("White"), Some(white));
        }
    }

    #[test]
    fn a_sibling_game_at_the_ply_cap_is_a_drawn_line() {
        let a = Player::internal("a", SearchConfig::full(), Limits::new().depth(1), 1);
        let b = Player::internal("b", SearchConfig::full(), Limits::new().depth(1), 1);
        let opening = AnyGame::new(Variant::Makruk.default_rules());
        let r = play_game([&a, &b], &opening, false, 4, Some(6));
        assert_eq!(r.end, GameEnd::PlyCap);
        assert_eq!(r.moves.len(), 6);
        assert_eq!(r.score_a(), 0.5);
        assert_eq!(r.result(), GameResult::Draw);
        let line = r.to_line(["a", "b"]);
        let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
        assert_eq!(
            line,
            format!(
                "game 5: b - a 1/2-1/2 (adjudication), makruk, fen {start}, moves {}",
                r.moves.join(" ")
            )
        );
        assert_eq!(r.to_text(["a", "b"]), Ok(line));
        assert_eq!(
            r.to_record(["a", "b"]).unwrap_err(),
            "a makruk game has no game record"
        );
    }

    #[test]
    fn a_clock_that_runs_out_loses_on_time() {
        // No time on the clock and no margin: any move is too slow.
        let mut slow = Player::internal("slow", SearchConfig::full(), Limits::new().depth(2), 1);
        slow.clock = Some(Clock {
            base: Duration::ZERO,
            inc: Duration::from_secs(1),
        });
        slow.timeouts.margin = Duration::ZERO;
        let fast = Player::internal(
            "fast",
            SearchConfig::plain_material(),
            Limits::new().depth(1),
            1,
        );
        let r = play_game(
            [&slow, &fast],
            &AnyGame::new(AnyRules::default()),
            true,
            0,
            None,
        );
        assert!(
            matches!(r.end, GameEnd::TimeForfeit(Color::White, _)),
            "{r:?}"
        );
        assert_eq!(r.score_a(), 0.0);
        let back = round_trip(&r, ["slow", "fast"]);
        assert_eq!(back.result(), GameResult::BlackWins);
        assert_eq!(back.tag("Termination"), Some("time forfeit"));
    }

    #[cfg(unix)]
    fn script(name: &str, body: &str) -> Player {
        let spec = ExternalSpec {
            command: vec!["sh".into(), "-c".into(), body.into()],
            options: Vec::new(),
            rules: None,
        };
        let mut p = Player::external(name, spec, Limits::new().nodes(50));
        p.timeouts = Timeouts {
            answer: Duration::from_secs(3),
            margin: Duration::from_millis(100),
            untimed: Duration::from_millis(300),
        };
        p
    }

    /// A scripted engine that handshakes and answers `go` with `reply`.
    #[cfg(unix)]
    fn replying(reply: &str) -> String {
        format!(
            r#"while read -r l; do case "$l" in
            uci) echo uciok;; isready) echo readyok;; go*) {reply};; quit) exit 0;;
            esac; done"#
        )
    }

    #[cfg(unix)]
    #[test]
    fn external_engines_forfeit_with_reasons() {
        let internal = Player::internal("full", SearchConfig::full(), Limits::new().nodes(50), 1);
        let cases = [
            ("illegal", replying("echo 'bestmove a1a2'")),
            ("garbage", replying("echo 'bestmove @@!!'")),
            ("nomove", replying("echo 'bestmove (none)'")),
            ("silent", replying(":")),
            ("crash", replying("echo oops >&2; exit 9")),
            ("deaf", "while read -r l; do :; done".to_owned()),
        ];
        for (name, body) in &cases {
            let mut bad = script(name, body);
            if *name == "deaf" {
                bad.timeouts.answer = Duration::from_millis(300);
            }
            // The bad engine has Black: White's first move is played first.
            let r = play_game(
                [&internal, &bad],
                &AnyGame::new(AnyRules::default()),
                true,
                0,
                None,
            );
            assert_eq!(r.winner(), Some(Color::White), "{name}: {r:?}");
            match (*name, &r.end) {
                ("illegal", GameEnd::Illegal(Color::Black, t)) => assert_eq!(t, "a1a2"),
                ("garbage", GameEnd::Illegal(Color::Black, t)) => assert_eq!(t, "@@!!"),
                ("nomove", GameEnd::Illegal(Color::Black, t)) => assert_eq!(t, "(none)"),
                ("silent", GameEnd::TimeForfeit(Color::Black, why)) => {
                    assert!(why.contains("bestmove"), "{why}")
                }
                ("crash", GameEnd::Abandoned(Color::Black, why)) => {
                    assert!(why.contains("oops"), "{why}")
                }
                ("deaf", GameEnd::TimeForfeit(Color::Black, why)) => {
                    assert!(why.contains("uciok"), "{why}")
                }
                (n, e) => panic!("{n}: unexpected end {e:?}"),
            }
            let moves = if *name == "deaf" { 0 } else { 1 };
            assert_eq!(r.moves.len(), moves, "{name}");
            let back = round_trip(&r, ["full", name]);
            assert_eq!(back.result(), GameResult::WhiteWins);
            let (plies, comment) = &back.comments()[0];
            assert_eq!(*plies, moves);
            assert!(
                comment.starts_with(&format!("Black ({name}) loses")),
                "{comment}"
            );
        }
    }
}
