//! Reading chess and Makruk games in PGN for `tamerlane pgn --game chess|makruk`:
//! tag pairs, then movetext in SAN (played by `chess::Game::play_san` and
//! `makruk::Game::play_san`), ended by a result token. Comments (`{...}`,
//! `; ...`), variations (`(...)`), NAGs (`$n`), move numbers (`12.`,
//! `12...`) and move suffixes (`!`, `?`) are skipped. A `FEN` tag gives
//! the start position. Each game is read on its own: an error names its
//! line and column, and the reader goes on after that game's result token.

use tamerlane_ai::{AnyGame, AnyRules};
use tamerlane_core::GameResult;

use crate::games::{play_san, start};

/// A game read.
#[derive(Debug, PartialEq, Eq)]
pub struct SiblingGame {
    /// The game, every move played.
    pub game: AnyGame,
    /// The result token.
    pub result: GameResult,
    /// The `Termination` tag, if any.
    pub termination: Option<String>,
}

/// Why a game could not be read, and where (1-based line and column).
#[derive(Debug, PartialEq, Eq)]
pub struct SiblingError {
    /// The line of the fault.
    pub line: usize,
    /// The column of the fault (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A game's tags and moves as read, before they are played.
#[derive(Default)]
struct Pending {
    tags: Vec<(String, String)>,
    /// Set by the first fault; the rest of the game is skipped.
    error: Option<SiblingError>,
    game: Option<AnyGame>,
    /// Whether anything of the game has been read.
    started: bool,
}

/// Reads every game of `text` under `rules`, in order.
pub fn read_games(text: &str, rules: AnyRules) -> Vec<Result<SiblingGame, SiblingError>> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        column: 1,
    };
    let mut out = Vec::new();
    let mut pending = Pending::default();
    while let Some((token, line, column)) = reader.token() {
        let fault = |message: String| SiblingError {
            line,
            column,
            message,
        };
        pending.started = true;
        match token {
            Token::Bad(message) => {
                pending.error.get_or_insert(fault(message));
            }
            Token::Tag(name, value) => {
                if pending.game.is_some() {
                    // Tags after moves: the game before has no result token.
                    out.push(Err(pending.error.take().unwrap_or_else(|| {
                        fault("a game without a result token (1-0, 0-1, 1/2-1/2, *)".into())
                    })));
                    pending = Pending {
                        started: true,
                        ..Pending::default()
                    };
                }
                pending.tags.push((name, value));
            }
            Token::Move(san) => {
                if pending.error.is_some() {
                    continue;
                }
                if let Err(message) = play(&mut pending, &san, rules) {
                    pending.error = Some(fault(message));
                }
            }
            Token::Result(result) => {
                out.push(finish(std::mem::take(&mut pending), result, rules, fault));
            }
        }
    }
    if pending.started {
        out.push(Err(SiblingError {
            line: reader.line,
            column: reader.column,
            message: pending
                .error
                .map(|e| e.message)
                .unwrap_or_else(|| "the last game has no result token".into()),
        }));
    }
    out
}

/// The game of `pending`, started from its `FEN` tag (or the start
/// position) on first use.
fn game_of(pending: &mut Pending, rules: AnyRules) -> Result<&mut AnyGame, String> {
    let game = match pending.game.take() {
        Some(game) => game,
        None => {
            let fen = pending
                .tags
                .iter()
                .find(|(n, _)| n == "FEN")
                .map(|(_, v)| v.as_str());
            start(fen, rules).map_err(|e| format!("FEN tag: {e}"))?
        }
    };
    Ok(pending.game.insert(game))
}

/// Plays one SAN move (suffixes `!`, `?` dropped).
fn play(pending: &mut Pending, san: &str, rules: AnyRules) -> Result<(), String> {
    let san = san.trim_end_matches(['!', '?']);
    let game = game_of(pending, rules)?;
    play_san(game, san).map_err(|e| format!("move {} ({san}): {e}", game.moves().len() + 1))
}

/// The game of `pending` ended by the result token `result`: its first
/// fault, or the game if the result agrees with the `Result` tag and with
/// the end of the game by the rules.
fn finish(
    mut pending: Pending,
    result: GameResult,
    rules: AnyRules,
    fault: impl Fn(String) -> SiblingError,
) -> Result<SiblingGame, SiblingError> {
    if let Some(e) = pending.error.take() {
        return Err(e);
    }
    let tag = |name: &str| {
        pending
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    if let Some(t) = tag("Result") {
        if t != result.token() {
            return Err(fault(format!(
                "the result token {} differs from the Result tag \"{t}\"",
                result.token()
            )));
        }
    }
    let termination = tag("Termination");
    let game = game_of(&mut pending, rules).map_err(&fault)?.clone();
    if let Some((winner, why)) = game.outcome() {
        let by_rules = match winner {
            Some(tamerlane_core::Color::White) => GameResult::WhiteWins,
            Some(tamerlane_core::Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        };
        if result != by_rules {
            return Err(fault(format!(
                "the result {} contradicts the end of the game ({} {why})",
                result.token(),
                by_rules.token()
            )));
        }
    }
    Ok(SiblingGame {
        game,
        result,
        termination,
    })
}

/// A piece of PGN text.
enum Token {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A move in SAN (with any suffix).
    Move(String),
    /// A result token.
    Result(GameResult),
    /// Something unreadable, said why.
    Bad(String),
}

/// The text being read, with the position of the next character.
struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// Skips characters up to and including `end` (or to the end of text).
    fn skip_past(&mut self, end: char) {
        while let Some(c) = self.bump() {
            if c == end {
                return;
            }
        }
    }

    /// The next token and where it starts; `None` at the end.
    fn token(&mut self) -> Option<(Token, usize, usize)> {
        loop {
            let (line, column) = (self.line, self.column);
            let c = self.peek()?;
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                '%' if column == 1 => self.skip_past('\n'),
                ';' => self.skip_past('\n'),
                '{' => self.skip_past('}'),
                '(' => self.skip_variation(),
                '[' => return Some((self.tag(), line, column)),
                _ => {
                    let word = self.word();
                    if let Some(t) = word_token(&word) {
                        return Some((t, line, column));
                    }
                }
            }
        }
    }

    /// Skips a variation, nested ones and comments inside it included.
    fn skip_variation(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.bump() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                '{' => self.skip_past('}'),
                ';' => self.skip_past('\n'),
                _ => {}
            }
        }
    }

    /// A word: characters up to whitespace or a delimiter.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "[]{}();".contains(c) {
                break;
            }
            word.push(c);
            self.bump();
        }
        if word.is_empty() {
            // A stray `]` or `)`: one character.
            word.extend(self.bump());
        }
        word
    }

    /// `[Name "value"]`, the value's `\"` and `\\` unescaped.
    fn tag(&mut self) -> Token {
        self.bump();
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if name.is_empty() || self.bump() != Some('"') {
            self.skip_past(']');
            return Token::Bad("a tag is not `[Name \"value\"]`".into());
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => value.extend(self.bump()),
                Some('\n') | None => return Token::Bad("a tag value is not closed".into()),
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some(']') {
            self.skip_past(']');
            return Token::Bad(format!("the tag {name} is not closed by `]`"));
        }
        Token::Tag(name, value)
    }
}

/// What a word of movetext is: a result, a move, or nothing to read (a
/// move number, a NAG); `12.e4` is read as `e4`.
fn word_token(word: &str) -> Option<Token> {
    if let Some(r) = GameResult::from_token(word) {
        return Some(Token::Result(r));
    }
    if word.starts_with('$') {
        return None;
    }
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = if rest.len() < word.len() && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        word
    };
    if rest.is_empty() {
        return None;
    }
    if rest == "]" || rest == ")" {
        return Some(Token::Bad(format!("a stray `{rest}`")));
    }
    Some(Token::Move(rest.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_ai::Variant;

    fn chess(text: &str) -> Vec<Result<SiblingGame, SiblingError>> {
        read_games(text, Variant::Chess.default_rules())
    }

    #[test]
    fn reads_games_with_comments_variations_and_numbers() {
        let text = "[Event \"x \\\"y\\\"\"]\n[Result \"1-0\"]\n\n\
                    1. e4 {best} e5 2.Qh5 (2. Nf3 Nc6 (2... d6)) Nc6 $1 \
                    3. Bc4 Nf6?? 4. Qxf7# 1-0\n\n1. d4 ; a comment\n d5 *\n";
        let games = chess(text);
        assert_eq!(games.len(), 2);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.result, GameResult::WhiteWins);
        assert_eq!(
            g.game.moves(),
            ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
        );
        let g = games[1].as_ref().unwrap();
        assert_eq!(g.game.moves(), ["d2d4", "d7d5"]);
        assert_eq!(g.result, GameResult::Unknown);
    }

    #[test]
    fn faults_name_their_place_and_the_next_game_is_read() {
        let text =
            "1. e4 e5 2. Ke3 *\n1. e4 e5 0-1\n[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 1-0\n1. Nf3 *";
        let games = chess(text);
        assert_eq!(games.len(), 4);
        let e = games[0].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (1, 13));
        assert!(e.message.starts_with("move 3 (Ke3): "), "{}", e.message);
        // 0-1 after 1. e4 e5 is a result the rules allow (a resignation).
        assert!(games[1].is_ok());
        let e = games[2].as_ref().unwrap_err();
        assert!(
            e.message.contains("differs from the Result tag"),
            "{}",
            e.message
        );
        assert!(games[3].is_ok());
        let games = chess("[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 0-1 1. e4");
        assert!(games[0].is_ok());
        assert_eq!(
            games[1].as_ref().unwrap_err().message,
            "the last game has no result token"
        );
        let games = chess("1. f3 e5 2. g4 Qh4# 1/2-1/2");
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(
            e.message,
            "the result 1/2-1/2 contradicts the end of the game (0-1 checkmate)"
        );
    }

    #[test]
    fn makruk_games_start_from_their_fen_tag() {
        let text = "[FEN \"k7/8/K7/8/8/8/8/7R w - - 0 1\"]\n1. Rh8# 1-0\n";
        let games = read_games(text, Variant::Makruk.default_rules());
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.game.moves(), ["h1h8"]);
        let games = read_games("[FEN \"8/8 w\"]\n1. Rh8 *", Variant::Makruk.default_rules());
        let e = games[0].as_ref().unwrap_err();
        assert!(e.message.starts_with("FEN tag: "), "{}", e.message);
    }
}
