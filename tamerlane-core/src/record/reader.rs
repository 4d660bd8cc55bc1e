//! The streaming record reader: games from any `BufRead`, with recovery
//! after a bad game and bounded memory.

use core::str::FromStr;
use std::io::BufRead;

use super::checks::{
    comment_cost, contradicted_outcome, is_tag_name_byte, is_tag_value_char, normalize_comment,
    tag_cost, termination_contradicts,
};
use super::error::{RecordError, RecordErrorKind};
use super::limits::{MAX_LINE_BYTES, MAX_PLIES, MAX_TAGS, MAX_TEXT_BYTES};
use super::lines::comment_line_bytes;
use super::result::GameResult;
use super::types::GameRecord;
use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::game::{Game, GameOverError};
use crate::io::{read_line_bounded, LineRead};
use crate::position::Position;

impl GameRecord {
    /// Reads a text holding exactly one Tamerlane game. A game of any of
    /// the three is read with `str::parse` (`FromStr`):
    ///
    /// ```
    /// use tamerlane_core::{makruk, GameRecord};
    ///
    /// let record: GameRecord<makruk::Position> = "[Variant \"Makruk\"]\n\n1. c4 *\n".parse()?;
    /// assert_eq!(record.game().moves()[0].to_string(), "c3c4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pgn(text: &str) -> Result<GameRecord, RecordError> {
        read_one(text)
    }
}

/// Reads a text holding exactly one game of kind `P`.
fn read_one<P: Position>(text: &str) -> Result<GameRecord<P>, RecordError<P>> {
    let mut reader = RecordReader::<_, P>::new(text.as_bytes());
    let first = reader.next().unwrap_or(Err(RecordError {
        game: 1,
        line: 1,
        column: 1,
        kind: RecordErrorKind::NoGame,
    }))?;
    match reader.next() {
        None => Ok(first),
        Some(Ok(_)) | Some(Err(_)) => Err(RecordError {
            game: 2,
            line: reader.game_line,
            column: reader.game_column,
            kind: RecordErrorKind::MoreThanOneGame,
        }),
    }
}

impl<P: Position> FromStr for GameRecord<P> {
    type Err = RecordError<P>;
    /// Reads a text holding exactly one game (see [`GameRecord::from_pgn`]).
    fn from_str(s: &str) -> Result<GameRecord<P>, RecordError<P>> {
        read_one(s)
    }
}

/// Streams the games of a record file.
///
/// Each item is a game or the error that made the reader give up on it;
/// after an error the reader skips to the next game (the next line that
/// begins with `[` after the bad game's tag section), so one bad game loses
/// nothing else. It never panics, whatever the input, and its memory is
/// bounded whatever the input's size: lines longer than
/// [`GameRecord::MAX_LINE_BYTES`] are skipped unread, and a game may hold
/// at most [`GameRecord::MAX_PLIES`] plies, [`GameRecord::MAX_TAGS`] tags
/// besides `Result` and [`GameRecord::MAX_TEXT_BYTES`] of tags and
/// comments. A read error ends the input and is the last item
/// ([`RecordErrorKind::Io`]).
pub fn read_records<R: BufRead>(src: R) -> RecordReader<R> {
    RecordReader::new(src)
}

impl<R: BufRead, P: Position> RecordReader<R, P> {
    /// A reader of the records of games of kind `P` in `src` (for
    /// Tamerlane, [`read_records`] says the same).
    ///
    /// ```
    /// use tamerlane_core::{chess, RecordReader};
    ///
    /// let text = "[Event \"?\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    /// let games: Vec<_> = RecordReader::<_, chess::Position>::new(text.as_bytes()).collect();
    /// let game = games[0].as_ref().unwrap().game();
    /// assert_eq!(game.outcome().unwrap().termination, chess::Termination::Checkmate);
    /// ```
    pub fn new(src: R) -> RecordReader<R, P> {
        RecordReader {
            src,
            raw: Vec::new(),
            line: String::new(),
            pos: 0,
            line_no: 0,
            bad_line: None,
            too_long: false,
            io_error: None,
            done: false,
            games: 0,
            phase: Phase::Tags,
            game_line: 1,
            game_column: 1,
            default_rules: P::Rules::default(),
        }
    }
}

/// The iterator returned by [`read_records`].
pub struct RecordReader<R, P: Position = crate::tamerlane::Position> {
    src: R,
    /// The current line as read: line ending removed, at most
    /// [`GameRecord::MAX_LINE_BYTES`] bytes.
    raw: Vec<u8>,
    /// The current line, decoded, without its line ending.
    line: String,
    /// Byte offset of the next unread character in `line`.
    pos: usize,
    line_no: usize,
    /// Why the current line cannot be read (not UTF-8, too long) and the
    /// column to report.
    bad_line: Option<(usize, RecordErrorKind<P>)>,
    /// Whether the raw line was cut at the length limit.
    too_long: bool,
    /// A read error not reported yet: it ends the input, and is reported
    /// as the last item (instead of the truncation it causes, if any).
    io_error: Option<String>,
    /// End of input or a read error.
    done: bool,
    games: usize,
    phase: Phase,
    /// Where the current game began.
    game_line: usize,
    game_column: usize,
    /// The rules of a game without a `Rules` tag.
    default_rules: P::Rules,
}

impl<R, P: Position> RecordReader<R, P> {
    /// Reads the games that have no `Rules` tag under `rules` instead of
    /// the default rules (a `Rules` tag still decides for its own game).
    ///
    /// ```
    /// use tamerlane_core::{read_records, RuleSet};
    ///
    /// let text = "1. Nc4 Nc7 2. Nb2 Nb9 *\n";
    /// let rules: RuleSet = "repetition=2".parse()?;
    /// let err = read_records(text.as_bytes()).with_default_rules(rules).next().unwrap();
    /// assert!(err.is_err()); // drawn by repetition after ply 4: `*` contradicts it
    /// assert!(read_records(text.as_bytes()).next().unwrap().is_ok());
    /// # Ok::<(), tamerlane_core::RuleSetError>(())
    /// ```
    pub fn with_default_rules(mut self, rules: P::Rules) -> RecordReader<R, P> {
        self.default_rules = rules;
        self
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Tags,
    Movetext,
    /// The game has been read to its result token: nothing to skip.
    Done,
}

/// An error with its position, before the game index is attached.
struct Failure<P: Position> {
    line: usize,
    column: usize,
    kind: RecordErrorKind<P>,
    /// Whether the reader already stands at the start of the next game
    /// (nothing to skip).
    at_boundary: bool,
}

impl<R: BufRead, P: Position> Iterator for RecordReader<R, P> {
    type Item = Result<GameRecord<P>, RecordError<P>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.phase = Phase::Tags;
        match self.next_token() {
            Ok(false) => {
                let e = self.io_error.take()?;
                self.games += 1;
                return Some(Err(RecordError {
                    game: self.games,
                    line: self.line_no.max(1),
                    column: 1,
                    kind: RecordErrorKind::Io(e),
                }));
            }
            Ok(true) => {}
            Err(f) => {
                self.games += 1;
                return Some(Err(self.fail(f)));
            }
        }
        self.games += 1;
        self.game_line = self.line_no;
        self.game_column = self.column_at(self.pos);
        match self.read_game() {
            Ok(r) => Some(Ok(r)),
            Err(f) => Some(Err(self.fail(f))),
        }
    }
}

fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']')
}

/// Whether a raw line looks like the start of a game: first non-blank byte `[`.
fn starts_game(raw: &[u8]) -> bool {
    raw.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
}

impl<R: BufRead, P: Position> RecordReader<R, P> {
    fn column_at(&self, pos: usize) -> usize {
        self.line.get(..pos).map_or(pos, |s| s.chars().count()) + 1
    }

    fn failure(&self, pos: usize, kind: RecordErrorKind<P>) -> Failure<P> {
        Failure {
            line: self.line_no.max(1),
            column: self.column_at(pos),
            kind,
            at_boundary: false,
        }
    }

    /// Attaches the game index and skips to the next game.
    fn fail(&mut self, f: Failure<P>) -> RecordError<P> {
        let kind = match f.kind {
            // Cut short by a read error: report the error itself.
            RecordErrorKind::Truncated
            | RecordErrorKind::UnterminatedComment
            | RecordErrorKind::UnterminatedVariation
                if self.io_error.is_some() =>
            {
                RecordErrorKind::Io(self.io_error.take().unwrap_or_default())
            }
            kind => kind,
        };
        let err = RecordError {
            game: self.games,
            line: f.line,
            column: f.column,
            kind,
        };
        if !f.at_boundary && self.phase != Phase::Done {
            self.recover();
        }
        err
    }

    /// Reads the next raw line (line ending removed); `false` at the end of
    /// input. At most [`GameRecord::MAX_LINE_BYTES`] bytes of it are kept:
    /// the rest of a longer line is read and dropped, and `too_long` is set.
    fn read_raw(&mut self) -> bool {
        if self.done {
            return false;
        }
        match read_line_bounded(&mut self.src, &mut self.raw, MAX_LINE_BYTES) {
            Ok(LineRead::End) => {
                self.done = true;
                false
            }
            Ok(read) => {
                self.too_long = read == LineRead::TooLong;
                self.line_no += 1;
                true
            }
            Err(e) => {
                // The end of input; the games read so far stay valid, and
                // the error is reported as the last item.
                self.io_error = Some(e.to_string());
                self.done = true;
                false
            }
        }
    }

    /// Decodes the raw line into the current line.
    fn decode(&mut self) {
        let mut raw: &[u8] = &self.raw;
        if self.line_no == 1 {
            raw = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
        }
        self.line.clear();
        self.pos = 0;
        if self.too_long {
            self.bad_line = Some((
                MAX_LINE_BYTES + 1,
                RecordErrorKind::LineTooLong(MAX_LINE_BYTES),
            ));
            return;
        }
        match core::str::from_utf8(raw) {
            Ok(s) => {
                self.line.push_str(s);
                self.bad_line = None;
            }
            Err(e) => {
                let good = core::str::from_utf8(&raw[..e.valid_up_to()]).unwrap_or("");
                self.bad_line = Some((good.chars().count() + 1, RecordErrorKind::InvalidUtf8));
            }
        }
    }

    /// Reads and decodes the next line; `false` at the end of input.
    fn next_line(&mut self) -> bool {
        if !self.read_raw() {
            // Stay at the end of the last line, for the error position.
            self.pos = self.line.len();
            self.bad_line = None;
            return false;
        }
        self.decode();
        true
    }

    /// Skips the rest of a bad game: the rest of its tag section if the
    /// error was there, then everything up to the next line that begins
    /// with `[`.
    fn recover(&mut self) {
        // The current line is the one with the error: a tag line when the
        // error is in the tag section.
        let mut in_tags = self.phase == Phase::Tags && starts_game(&self.raw);
        loop {
            if !self.read_raw() {
                self.line.clear();
                self.pos = 0;
                self.bad_line = None;
                return;
            }
            let game_line = starts_game(&self.raw);
            if in_tags {
                if !game_line {
                    in_tags = false;
                }
                continue;
            }
            if game_line {
                self.decode();
                return;
            }
        }
    }

    /// The failure for the current line if it cannot be read.
    fn line_failure(&self) -> Option<Failure<P>> {
        self.bad_line.as_ref().map(|(column, kind)| Failure {
            line: self.line_no,
            column: *column,
            kind: kind.clone(),
            at_boundary: false,
        })
    }

    fn byte(&self) -> Option<u8> {
        self.line.as_bytes().get(self.pos).copied()
    }

    /// Moves to the next token, across lines, skipping whitespace and `%`
    /// escape lines; `false` at the end of input.
    fn next_token(&mut self) -> Result<bool, Failure<P>> {
        loop {
            if let Some(f) = self.line_failure() {
                return Err(f);
            }
            let b = self.line.as_bytes();
            if self.pos == 0 && b.first() == Some(&b'%') {
                self.pos = b.len();
            }
            while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.pos < b.len() {
                return Ok(true);
            }
            if !self.next_line() {
                return Ok(false);
            }
        }
    }

    /// Whether the current token is the first of its line.
    fn first_on_line(&self) -> bool {
        self.line.as_bytes()[..self.pos.min(self.line.len())]
            .iter()
            .all(u8::is_ascii_whitespace)
    }

    fn read_tag(&mut self) -> Result<(String, String), Failure<P>> {
        let b = self.line.as_bytes();
        let mut i = self.pos + 1;
        let skip_ws = |mut i: usize| {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            i
        };
        i = skip_ws(i);
        let start = i;
        while i < b.len() && is_tag_name_byte(b[i]) {
            i += 1;
        }
        if i == start {
            return Err(self.failure(i, RecordErrorKind::BadTag("expected a tag name after [")));
        }
        let name = self.line[start..i].to_owned();
        i = skip_ws(i);
        if b.get(i) != Some(&b'"') {
            return Err(self.failure(
                i,
                RecordErrorKind::BadTag("expected a quoted value after the tag name"),
            ));
        }
        i += 1;
        let mut value = String::new();
        let mut chars = self.line[i..].char_indices();
        let end = loop {
            match chars.next() {
                None => {
                    return Err(self.failure(
                        self.line.len(),
                        RecordErrorKind::BadTag("the tag value's closing quote is missing"),
                    ))
                }
                Some((j, '"')) => break i + j + 1,
                Some((j, '\\')) => match chars.next() {
                    Some((_, c @ ('"' | '\\'))) => value.push(c),
                    _ => {
                        return Err(self.failure(
                            i + j,
                            RecordErrorKind::BadTag("only \\\" and \\\\ may be escaped"),
                        ))
                    }
                },
                Some((j, c)) if !is_tag_value_char(c) => {
                    return Err(self.failure(
                        i + j,
                        RecordErrorKind::BadTag("control character in the tag value"),
                    ))
                }
                Some((_, c)) => value.push(c),
            }
        };
        let i = skip_ws(end);
        if b.get(i) != Some(&b']') {
            return Err(self.failure(i, RecordErrorKind::BadTag("expected ] after the tag value")));
        }
        self.pos = i + 1;
        Ok((name, value))
    }

    /// Reads a `{` comment, possibly over several lines; returns its text
    /// with whitespace collapsed. A comment longer than `budget` bytes is
    /// refused ([`RecordErrorKind::TextTooLong`]) as soon as it passes it.
    fn read_comment(&mut self, budget: usize) -> Result<String, Failure<P>> {
        let open = self.failure(self.pos, RecordErrorKind::UnterminatedComment);
        self.pos += 1;
        let mut text = String::new();
        loop {
            if let Some(f) = self.line_failure() {
                return Err(f);
            }
            let rest = &self.line[self.pos.min(self.line.len())..];
            let (piece, closed) = match rest.find('}') {
                Some(j) => (&rest[..j], true),
                None => (rest, false),
            };
            if text.len() + piece.len() > budget {
                return Err(self.failure(self.pos, RecordErrorKind::TextTooLong(MAX_TEXT_BYTES)));
            }
            text.push_str(piece);
            if closed {
                self.pos += piece.len() + 1;
                return Ok(normalize_comment(&text));
            }
            text.push(' ');
            if !self.next_line() {
                return Err(open);
            }
            if self.bad_line.is_none() && self.line.trim_start().starts_with('[') {
                return Err(Failure {
                    at_boundary: true,
                    ..open
                });
            }
        }
    }

    /// Skips a `(` variation with everything nested in it.
    fn skip_variation(&mut self) -> Result<(), Failure<P>> {
        let open = self.failure(self.pos, RecordErrorKind::UnterminatedVariation);
        let mut depth = 0usize;
        loop {
            if !self.next_token()? {
                return Err(open);
            }
            match self.byte() {
                Some(b'(') => {
                    depth += 1;
                    self.pos += 1;
                }
                Some(b')') => {
                    depth -= 1;
                    self.pos += 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some(b'{') => {
                    self.read_comment(MAX_TEXT_BYTES)?;
                }
                Some(b';') => self.pos = self.line.len(),
                Some(_) => {
                    let b = self.line.as_bytes();
                    let mut i = self.pos + 1;
                    while i < b.len() && !is_delimiter(b[i]) {
                        i += 1;
                    }
                    if self.first_on_line() && b[self.pos] == b'[' {
                        return Err(Failure {
                            at_boundary: true,
                            ..open
                        });
                    }
                    self.pos = i;
                }
                None => {}
            }
        }
    }

    fn read_game(&mut self) -> Result<GameRecord<P>, Failure<P>> {
        // Tag pairs: the `Result` tag apart (the record holds the result
        // token, which it must equal).
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut tag_pos: Vec<(usize, usize)> = Vec::new();
        let mut result_tag: Option<String> = None;
        // What is left of the game's text budget (tags and comments).
        let mut budget = MAX_TEXT_BYTES;
        let at_failure = |(line, column), kind| Failure {
            line,
            column,
            kind,
            at_boundary: false,
        };
        let text_too_long = |at| at_failure(at, RecordErrorKind::TextTooLong(MAX_TEXT_BYTES));
        while self.byte() == Some(b'[') {
            let at = (self.line_no, self.column_at(self.pos));
            let (name, value) = self.read_tag()?;
            let given = match name.as_str() {
                "Result" => result_tag.is_some(),
                _ => tags.iter().any(|(k, _)| *k == name),
            };
            if given {
                return Err(at_failure(at, RecordErrorKind::DuplicateTag(name)));
            }
            if name == "Result" {
                result_tag = Some(value);
            } else {
                if tags.len() == MAX_TAGS {
                    let kind = RecordErrorKind::TooManyTags(MAX_TAGS);
                    return Err(at_failure(at, kind));
                }
                budget = budget
                    .checked_sub(tag_cost(&name, &value))
                    .ok_or_else(|| text_too_long(at))?;
                tags.push((name, value));
                tag_pos.push(at);
            }
            if !self.next_token()? {
                break;
            }
        }
        self.phase = Phase::Movetext;
        let tag_failure = |i: usize, kind| at_failure(tag_pos[i], kind);
        let find = |name: &str| tags.iter().position(|(k, _)| k == name);
        if let Some(i) = find("Variant") {
            if !P::VARIANT.is_variant_tag(&tags[i].1) {
                return Err(tag_failure(
                    i,
                    RecordErrorKind::WrongVariant(tags[i].1.clone()),
                ));
            }
        }
        let rules: P::Rules = match find("Rules") {
            Some(i) => tags[i]
                .1
                .parse()
                .map_err(|e| tag_failure(i, RecordErrorKind::BadRules(e)))?,
            None => self.default_rules,
        };
        let start = match find(P::VARIANT.fen_tag()) {
            Some(i) => P::from_fen_with_rules(tags[i].1.trim(), rules)
                .map_err(|e| tag_failure(i, RecordErrorKind::BadTfen(e)))?,
            None => {
                if let Some(i) = P::VARIANT.foreign_fen_tag().and_then(find) {
                    return Err(tag_failure(i, RecordErrorKind::FenTag));
                }
                P::start(rules)
            }
        };
        let mut game = Game::from_position(start);
        let mut comments = Vec::new();

        // Movetext.
        let (result, result_at) = loop {
            if !self.next_token()? {
                return Err(self.failure(self.line.len(), RecordErrorKind::Truncated));
            }
            let c = self.line.as_bytes()[self.pos];
            match c {
                b'[' => {
                    let mut f = self.failure(self.pos, RecordErrorKind::MissingResult);
                    if self.first_on_line() {
                        f.at_boundary = true;
                    } else {
                        f.kind = RecordErrorKind::UnexpectedChar('[');
                    }
                    return Err(f);
                }
                b'{' | b';' => {
                    let at = (self.line_no, self.column_at(self.pos));
                    let text = if c == b'{' {
                        self.read_comment(budget)?
                    } else {
                        let text = normalize_comment(&self.line[self.pos + 1..]);
                        self.pos = self.line.len();
                        text
                    };
                    budget = budget
                        .checked_sub(comment_cost(&text))
                        .ok_or_else(|| text_too_long(at))?;
                    if comment_line_bytes(&text) > MAX_LINE_BYTES {
                        let kind = RecordErrorKind::CommentTooLong(MAX_LINE_BYTES);
                        return Err(at_failure(at, kind));
                    }
                    comments.push((game.moves().len(), text));
                }
                b'(' => self.skip_variation()?,
                b')' | b'}' | b']' => {
                    return Err(self.failure(self.pos, RecordErrorKind::UnexpectedChar(c as char)))
                }
                _ => {
                    let start = self.pos;
                    let b = self.line.as_bytes();
                    let mut end = start + 1;
                    while end < b.len() && !is_delimiter(b[end]) {
                        end += 1;
                    }
                    self.pos = end;
                    let word = &self.line[start..end];
                    if let Some(r) = GameResult::from_token(word) {
                        break (r, (self.line_no, self.column_at(start)));
                    }
                    if word.starts_with('$')
                        && word.len() > 1
                        && word[1..].bytes().all(|d| d.is_ascii_digit())
                    {
                        continue;
                    }
                    // Move numbers: `12.`, `12...`, `12`, `...`, or glued to
                    // the move (`12.e4`, `12...Nf6`).
                    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                    let rest = &word[digits..];
                    let san_text = if digits > 0 && !rest.starts_with('.') {
                        if rest.is_empty() {
                            continue;
                        }
                        word
                    } else {
                        rest.trim_start_matches('.')
                    };
                    if san_text.is_empty() {
                        continue;
                    }
                    let col_offset = word.len() - san_text.len();
                    if game.moves().len() == MAX_PLIES {
                        return Err(self.failure(
                            start + col_offset,
                            RecordErrorKind::TooManyPlies(MAX_PLIES),
                        ));
                    }
                    if let Some(outcome) = game.outcome() {
                        return Err(self.failure(
                            start + col_offset,
                            RecordErrorKind::PastTheEnd(GameOverError {
                                ply: game.moves().len(),
                                outcome,
                            }),
                        ));
                    }
                    match game.position().parse_san(san_text) {
                        Ok(m) => {
                            // `m` is one of the legal moves and the game has
                            // not ended, so `play` succeeds.
                            let played = game.play(&m);
                            debug_assert!(played.is_ok());
                        }
                        Err(error) => {
                            let pos = game.position();
                            return Err(self.failure(
                                start + col_offset,
                                RecordErrorKind::Move {
                                    number: pos.fullmoves(),
                                    color: pos.turn(),
                                    text: excerpt(san_text, EXCERPT_CHARS),
                                    error,
                                },
                            ));
                        }
                    }
                }
            }
        };
        self.phase = Phase::Done;
        let at = |kind| Failure {
            line: result_at.0,
            column: result_at.1,
            kind,
            at_boundary: true,
        };
        if let Some(tag) = result_tag.filter(|t| t != result.token()) {
            return Err(at(RecordErrorKind::ResultMismatch { tag, token: result }));
        }
        let outcome = game.outcome();
        if let Some(outcome) = contradicted_outcome(result, outcome) {
            return Err(at(RecordErrorKind::ResultContradicts {
                token: result,
                outcome,
            }));
        }
        if let Some(i) =
            find("Termination").filter(|&i| termination_contradicts(&tags[i].1, outcome))
        {
            return Err(Failure {
                at_boundary: true,
                ..tag_failure(
                    i,
                    RecordErrorKind::TerminationMismatch {
                        tag: tags[i].1.clone(),
                        outcome,
                    },
                )
            });
        }
        Ok(GameRecord {
            tags,
            game,
            result,
            comments,
            text_bytes: MAX_TEXT_BYTES - budget,
        })
    }
}
