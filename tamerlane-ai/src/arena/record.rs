//! A finished game: how it ended ([`GameEnd`]), its moves and opening
//! ([`GameRecord`]), and its text for a match's `--out` file: the standard
//! game record of any of the three games.

use std::time::{SystemTime, UNIX_EPOCH};

use tamerlane_core::{Color, Game, GameResult, Position, RecordEditError};

use crate::external::{EngineError, FailureKind};
use crate::AnyGame;

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

    /// How the game ended, as a match's report counts it (its `endings:`
    /// line): the rule's termination (`checkmate`, `repetition`, ...),
    /// `adjudication` at the ply cap, `illegal-move`, `time-forfeit` or
    /// `abandoned`.
    pub fn ending(&self) -> &str {
        match self {
            GameEnd::Rules(_, t) => t,
            GameEnd::PlyCap => "adjudication",
            GameEnd::Illegal(..) => "illegal-move",
            GameEnd::TimeForfeit(..) => "time-forfeit",
            GameEnd::Abandoned(..) => "abandoned",
        }
    }

    /// Whether a player lost by forfeit (any ending but the rules').
    #[cfg(test)]
    pub fn is_forfeit(&self) -> bool {
        !matches!(self, GameEnd::Rules(..) | GameEnd::PlyCap)
    }

    /// The end of a game whose engine of `loser` failed with `e`: on
    /// time for a timeout, by forfeit otherwise.
    pub(super) fn from_failure(loser: Color, e: EngineError) -> GameEnd {
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

    /// The game as text for a match's `--out` file: its standard game
    /// record ([`to_record`](Self::to_record)), for any of the three games.
    pub fn to_text(&self, names: [&str; 2]) -> Result<String, String> {
        match self.game() {
            AnyGame::Tamerlane(g) => self.to_record(g, names).map(|r| r.to_string()),
            AnyGame::Chess(g) => self.to_record(g, names).map(|r| r.to_string()),
            AnyGame::Makruk(g) => self.to_record(g, names).map(|r| r.to_string()),
        }
    }

    /// The game as a match's `--out` file holds it: its [`to_text`](Self::to_text)
    /// and a blank line (the file is these texts, one per game, in the
    /// order the games ended).
    pub fn out_text(&self, names: [&str; 2]) -> Result<String, String> {
        self.to_text(names).map(|record| format!("{record}\n"))
    }

    /// The standard game record of the game `game`, as played
    /// (`docs/NOTATION.md`; PGN with SAN for chess and Makruk): `Event
    /// "tamerlane match"`, today's `Date`, the game number as `Round`, the
    /// players' names (`names[0]` is A), the result, `Termination` (see
    /// [`GameEnd::termination`]), the rules when they are not the default,
    /// and the opening as `TFEN` or `FEN` (with `SetUp`) when it is not the
    /// initial position. A forfeit is explained by a comment after the last
    /// move (see [`explanation`](Self::explanation)). A name the record
    /// cannot hold (with a control character) is an error.
    pub fn to_record<P: Position>(
        &self,
        game: Game<P>,
        names: [&str; 2],
    ) -> Result<tamerlane_core::GameRecord<P>, String> {
        let (w, b) = self.players(names);
        let edit = |e: RecordEditError<P>| e.to_string();
        let mut rec = tamerlane_core::GameRecord::new(game).map_err(edit)?;
        rec.set_tag("Event", "tamerlane match").map_err(edit)?;
        rec.set_tag("Date", &today()).map_err(edit)?;
        rec.set_tag("Round", &(self.index + 1).to_string())
            .map_err(edit)?;
        rec.set_tag("White", w).map_err(edit)?;
        rec.set_tag("Black", b).map_err(edit)?;
        rec.set_result(self.result()).map_err(edit)?;
        rec.set_tag("Termination", self.end.termination())
            .map_err(edit)?;
        if let Some(text) = self.explanation(names) {
            rec.add_comment(self.moves.len(), &text).map_err(edit)?;
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
