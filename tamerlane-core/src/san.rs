//! What the SAN of the three games shares: the marks a reader strips, the
//! `[origin][x|-|:]target` part of a move and the origin it names
//! ([`Origin`]), how much of its origin a piece move names
//! ([`Disambiguation`]), the check and mate suffix, and the list of every
//! legal move with its SAN; the SAN methods every game's `Position` has
//! ([`san_inherent!`]); and the reasons a SAN matches no move that the
//! games share ([`san_illegal_reasons!`]). Each game's `san.rs` writes and
//! reads the rest (docs/NOTATION.md).

use crate::move_text::SanError;
use crate::moves::Move;
use crate::position::Position;

/// Strips check, mate and annotation marks (`+`, `#`, `!`, `?`) from the end.
fn strip_marks(s: &str) -> &str {
    s.trim_end_matches(['+', '#', '!', '?'])
}

/// A SAN string as a reader takes it: trimmed (the first part, which the
/// errors quote), then without its marks (the second); an empty move is an
/// error.
pub(crate) fn trimmed<R>(s: &str) -> Result<(&str, &str), SanError<R>> {
    let full = s.trim();
    let text = strip_marks(full);
    if text.is_empty() {
        return Err(SanError::syntax(full, "empty move"));
    }
    Ok((full, text))
}

/// A board's squares as SAN names them: the 8x8 board's and Tamerlane's.
pub(crate) trait SanSquare: Copy + Eq + core::fmt::Display {
    /// A file, as an origin may name it.
    type File: Copy + Eq;
    /// A rank, as an origin may name it.
    type Rank: Copy + Eq;
    /// The error of a move without a target square, naming the squares.
    const EXPECTED_TARGET: &'static str;
    /// The square named by all of `b`.
    fn from_ascii(b: &[u8]) -> Option<Self>;
    /// The file named by the letter `c`.
    fn file_from_ascii(c: u8) -> Option<Self::File>;
    /// The rank named by all of `b`.
    fn rank_from_ascii(b: &[u8]) -> Option<Self::Rank>;
    /// The square's file (none for a citadel).
    fn file_of(self) -> Option<Self::File>;
    /// The square's rank (none for a citadel).
    fn rank_of(self) -> Option<Self::Rank>;
}

impl SanSquare for crate::board8::Square {
    type File = u32;
    type Rank = u32;
    const EXPECTED_TARGET: &'static str = "expected a target square a1..h8";
    fn from_ascii(b: &[u8]) -> Option<Self> {
        match b {
            [f, r] => Self::from_coords(Self::file_from_ascii(*f)?, Self::rank_from_ascii(&[*r])?),
            _ => None,
        }
    }
    fn file_from_ascii(c: u8) -> Option<u32> {
        matches!(c, b'a'..=b'h').then(|| u32::from(c - b'a'))
    }
    fn rank_from_ascii(b: &[u8]) -> Option<u32> {
        match b {
            [d @ b'1'..=b'8'] => Some(u32::from(d - b'1')),
            _ => None,
        }
    }
    fn file_of(self) -> Option<u32> {
        Some(self.file())
    }
    fn rank_of(self) -> Option<u32> {
        Some(self.rank())
    }
}

impl SanSquare for crate::tamerlane::square::Square {
    type File = crate::tamerlane::square::File;
    type Rank = crate::tamerlane::square::Rank;
    const EXPECTED_TARGET: &'static str = "expected a target square a1..k10, wc or bc";
    fn from_ascii(b: &[u8]) -> Option<Self> {
        Self::from_ascii(b)
    }
    fn file_from_ascii(c: u8) -> Option<Self::File> {
        Self::File::from_char(char::from(c))
    }
    fn rank_from_ascii(b: &[u8]) -> Option<Self::Rank> {
        Self::Rank::from_ascii(b)
    }
    fn file_of(self) -> Option<Self::File> {
        self.file()
    }
    fn rank_of(self) -> Option<Self::Rank> {
        self.rank()
    }
}

/// The origin a SAN move names: nothing, a file, a rank or a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin<S: SanSquare> {
    /// No origin.
    Any,
    /// An origin file.
    File(S::File),
    /// An origin rank.
    Rank(S::Rank),
    /// The origin square.
    Square(S),
}

impl<S: SanSquare> Origin<S> {
    /// Whether a piece on `sq` fits the origin.
    pub(crate) fn matches(self, sq: S) -> bool {
        match self {
            Origin::Any => true,
            Origin::File(f) => sq.file_of() == Some(f),
            Origin::Rank(r) => sq.rank_of() == Some(r),
            Origin::Square(s) => s == sq,
        }
    }
}

/// Reads `[origin][x|-|:]target`, all of `b` (the move `text` without its
/// piece letter and suffixes): the origin (a file, a rank, a square or
/// nothing) and the target square.
pub(crate) fn origin_and_target<S: SanSquare, R>(
    text: &str,
    b: &[u8],
) -> Result<(Origin<S>, S), SanError<R>> {
    // The longest name that ends `b` (Tamerlane's tenth rank has three
    // characters).
    let (to, rest) = (2..=b.len().min(3))
        .rev()
        .find_map(|n| Some((S::from_ascii(&b[b.len() - n..])?, &b[..b.len() - n])))
        .ok_or_else(|| SanError::syntax(text, S::EXPECTED_TARGET))?;
    let rest = match rest {
        [r @ .., b'x' | b'-' | b':'] => r,
        r => r,
    };
    let from = match rest {
        [] => Some(Origin::Any),
        [c] if S::file_from_ascii(*c).is_some() => S::file_from_ascii(*c).map(Origin::File),
        r => S::rank_from_ascii(r)
            .map(Origin::Rank)
            .or_else(|| S::from_ascii(r).map(Origin::Square)),
    }
    .ok_or_else(|| {
        SanError::syntax(
            text,
            "expected an origin file, rank or square before the target square",
        )
    })?;
    Ok((from, to))
}

/// `from`, the origin a pawn move names, unless it is a rank alone (a pawn
/// move names its origin file or square): then the syntax error `message`.
pub(crate) fn pawn_origin<S: SanSquare, R>(
    text: &str,
    from: Origin<S>,
    message: &'static str,
) -> Result<Origin<S>, SanError<R>> {
    match from {
        Origin::Rank(_) => Err(SanError::syntax(text, message)),
        from => Ok(from),
    }
}

/// A move's SAN body split by its first character: a piece move (an
/// upper-case letter other than `P`), read whole, or the body of a pawn
/// move (a leading `P` dropped) for the game to read its marks from.
pub(crate) enum PieceOrPawn<'a, S: SanSquare, R> {
    /// The role, the origin as written and the target.
    Piece(R, Origin<S>, S),
    /// What follows the optional `P`.
    Pawn(&'a [u8]),
}

/// Splits `b`, all of the move `text` without its check and annotation
/// marks, into a piece move or a pawn move's body ([`PieceOrPawn`]), for
/// chess and Tamerlane. `role` reads a piece letter, `unknown_piece` is
/// the syntax error for a letter it does not know; a piece move with one
/// of the pawns' marks `pawn_marks` in it is the syntax error
/// `marks_only_pawns`.
pub(crate) fn piece_or_pawn<'a, S: SanSquare, R, E>(
    text: &str,
    b: &'a [u8],
    role: impl FnOnce(char) -> Option<R>,
    unknown_piece: &'static str,
    pawn_marks: &[u8],
    marks_only_pawns: &'static str,
) -> Result<PieceOrPawn<'a, S, R>, SanError<E>> {
    match b.first() {
        None => Err(SanError::syntax(text, "empty move")),
        Some(&c) if c.is_ascii_uppercase() && c != b'P' => {
            let role = role(c as char).ok_or_else(|| SanError::syntax(text, unknown_piece))?;
            if b.iter().any(|c| pawn_marks.contains(c)) {
                return Err(SanError::syntax(text, marks_only_pawns));
            }
            let (from, to) = origin_and_target(text, &b[1..])?;
            Ok(PieceOrPawn::Piece(role, from, to))
        }
        Some(_) => Ok(PieceOrPawn::Pawn(b.strip_prefix(b"P").unwrap_or(b))),
    }
}

/// Reads a pawn move's `[origin][x|-|:]target` (its marks already taken
/// off) as [`origin_and_target`] does, with the origin checked by
/// [`pawn_origin`] (`message` for a rank alone).
pub(crate) fn pawn_origin_and_target<S: SanSquare, R>(
    text: &str,
    body: &[u8],
    message: &'static str,
) -> Result<(Origin<S>, S), SanError<R>> {
    let (from, to) = origin_and_target(text, body)?;
    Ok((pawn_origin(text, from, message)?, to))
}

/// How much of a piece move's origin square its SAN names: nothing when no
/// other piece of its kind can reach the target; else the file if that
/// tells them apart, else the rank if that does, else the whole square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Disambiguation {
    /// No rival: no origin.
    Nothing,
    /// The rivals stand on other files.
    File,
    /// Some rival shares the file, none the rank.
    Rank,
    /// The file and the rank are each shared by some rival.
    Square,
}

impl Disambiguation {
    /// What to name of the origin `from` (file, rank), given the origins of
    /// the rivals: the other moves of the same kind of piece to the same
    /// target.
    pub(crate) fn needed<F: PartialEq, R: PartialEq>(
        from: (F, R),
        rivals: impl IntoIterator<Item = (F, R)>,
    ) -> Disambiguation {
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        for (file, rank) in rivals {
            any = true;
            same_file |= file == from.0;
            same_rank |= rank == from.1;
        }
        match (any, same_file, same_rank) {
            (false, _, _) => Disambiguation::Nothing,
            (true, false, _) => Disambiguation::File,
            (true, true, false) => Disambiguation::Rank,
            (true, true, true) => Disambiguation::Square,
        }
    }
}

/// Writes the SAN of the piece move `m`: its piece `letter`, as much of its
/// origin as its rivals make needed, `x` for a capture, and the target. The
/// rivals are the origins of the other `legal` moves of the same kind of
/// piece to the same target, of the kinds that `piece_move` accepts (not
/// the special moves a game writes in its own way). An origin without a
/// file and a rank (a citadel) is named whole; a file is the square name's
/// first letter.
pub(crate) fn write_piece_move<S: SanSquare, R: Copy + Eq, K: Copy>(
    s: &mut String,
    letter: char,
    m: &Move<S, R, K>,
    legal: &[Move<S, R, K>],
    piece_move: impl Fn(K) -> bool,
) {
    use core::fmt::Write as _;
    let (from, to, capture) = (m.from, m.to, m.is_capture());
    let rivals = legal
        .iter()
        .filter(|o| o.role == m.role && o.to == to && o.from != from)
        .filter(|o| piece_move(o.kind))
        .map(|o| o.from);
    s.push(letter);
    let coords = |sq: S| (sq.file_of(), sq.rank_of());
    let needed = Disambiguation::needed(coords(from), rivals.map(coords));
    match (coords(from), needed) {
        (_, Disambiguation::Nothing) => {}
        ((Some(_), Some(_)), Disambiguation::File) => s.push_str(&from.to_string()[..1]),
        ((Some(_), Some(_)), Disambiguation::Rank) => s.push_str(&from.to_string()[1..]),
        _ => {
            let _ = write!(s, "{from}");
        }
    }
    let _ = write!(s, "{}{to}", if capture { "x" } else { "" });
}

/// The SAN of `m`, a move of `pos` whose legal moves are `legal`: its body
/// as `body` writes it, then `+` for a check or `#` for a checkmate (none
/// after a move that ends the game in a draw at once, such as Tamerlane's
/// citadel entry). A move that is not legal is written as its coordinate
/// string.
pub(crate) fn write_san<P: Position>(
    pos: &P,
    m: &P::Move,
    legal: &[P::Move],
    body: impl FnOnce(&mut String),
) -> String {
    if !legal.contains(m) {
        return m.to_string();
    }
    let mut s = String::with_capacity(12);
    body(&mut s);
    let mut after = pos.clone();
    after.play_unchecked(m);
    if !after.is_immediate_draw() && after.is_check() {
        s.push(if after.is_checkmate() { '#' } else { '+' });
    }
    s
}

/// Every legal move of `pos` with its SAN (`san_with` writes one, given
/// the legal moves), in generation order.
pub(crate) fn san_moves<P: Position>(
    pos: &P,
    san_with: impl Fn(&P::Move, &[P::Move]) -> String,
) -> Vec<(P::Move, String)> {
    let legal = pos.legal_moves();
    legal.iter().map(|m| (*m, san_with(m, &legal))).collect()
}

/// The one legal move that `matches` a SAN string, `None` if none does; if
/// several do, the error of the SAN `full` naming them (see [`ambiguous`]).
pub(crate) fn unique_match<'a, M: core::fmt::Display, R>(
    full: &str,
    legal: &'a [M],
    matches: impl Fn(&M) -> bool,
    san: impl Fn(&M) -> String,
) -> Result<Option<&'a M>, SanError<R>> {
    let mut matching = legal.iter().filter(|m| matches(m));
    match (matching.next(), matching.next()) {
        (Some(_), Some(_)) => Err(ambiguous(full, legal.iter().filter(|m| matches(m)), san)),
        (m, _) => Ok(m),
    }
}

/// The error of the SAN `full` that all the `matching` legal moves fit:
/// its candidates are each one's SAN (as `san` writes it) followed by its
/// coordinate string, e.g. `Nbd5 (b4d5)`.
pub(crate) fn ambiguous<'a, M: core::fmt::Display + 'a, R>(
    full: &str,
    matching: impl IntoIterator<Item = &'a M>,
    san: impl Fn(&M) -> String,
) -> SanError<R> {
    let candidates = matching
        .into_iter()
        .map(|m| format!("{} ({m})", san(m)))
        .collect();
    SanError::ambiguous(full, candidates)
}

/// The SAN methods of a game's `Position` that are the same in the three
/// games: `san`, `san_with`, `san_moves`, `parse_san` and
/// `parse_san_with`, written with the game's `write_body` (a legal move's
/// SAN without the check mark), `find_move` (a coordinate move of the
/// game's `$coord` type) and `parse_san_text` (SAN text that is not a
/// coordinate move). The arguments are the coordinate move type and the
/// docs of `parse_san`: what the game's reader accepts. Invoked in each
/// game's `san.rs`, where `Position`, `Move`, `SanError` and
/// `SanIllegalReason` are in scope.
macro_rules! san_inherent {
    ($coord:ty; $(#[$parse_doc:meta])*) => {
        impl Position {
            /// The canonical SAN of `m`, which must be a legal move here;
            /// for any other move the coordinate (UCI) string is returned.
            pub fn san(&self, m: &Move) -> String {
                self.san_with(m, &self.legal_moves())
            }

            /// [`san`](Self::san) with the legal moves of this position
            /// already generated (they are needed for disambiguation): the
            /// fast way to write several moves of one position.
            pub fn san_with(&self, m: &Move, legal: &[Move]) -> String {
                $crate::san::write_san(self, m, legal, |s| self.write_body(m, legal, s))
            }

            /// Every legal move with its canonical SAN, in generation order.
            pub fn san_moves(&self) -> Vec<(Move, String)> {
                $crate::san::san_moves(self, |m, legal| self.san_with(m, legal))
            }

            $(#[$parse_doc])*
            pub fn parse_san(&self, s: &str) -> Result<Move, SanError> {
                self.parse_san_with(s, &self.legal_moves())
            }

            /// [`parse_san`](Self::parse_san) with the legal moves of this
            /// position already generated.
            pub fn parse_san_with(&self, s: &str, legal: &[Move]) -> Result<Move, SanError> {
                let (full, text) = $crate::san::trimmed(s)?;
                let Ok(c) = text.parse::<$coord>() else {
                    return self.parse_san_text(full, text, legal);
                };
                self.find_move(c)
                    .map_err(|e| SanError::illegal(full, SanIllegalReason::of_coordinate(legal, e.reason)))
            }
        }
    };
}
pub(crate) use san_inherent;

/// Defines a game's `SanIllegalReason`: the reasons the three games share
/// (their variants, docs and messages written here once), the game's name
/// and message for a move that would leave its royal attacked (`leaves:`,
/// the message following the move's squares), the game's name for an
/// illegal coordinate move and how the docs call that move
/// (`coordinate:`; its message is the move's own reason), then the game's
/// own variants and the `Display` arms for them, with the formatter named;
/// the game's `SanError` with these reasons; and `Origin`, the SAN origin
/// on the game's board. Invoked in each game's `san.rs`, where `Role`,
/// `Square` and `IllegalReason` are in scope.
macro_rules! san_illegal_reasons {
    (
        leaves: $(#[$ldoc:meta])* $leaves:ident => $leaves_text:literal,
        coordinate: $coord:ident => $coord_name:literal,
        own: { $($own:tt)* }
        display($f:ident): { $($arm:tt)* }
    ) => {
        /// Why a SAN string could not be read in a position: the family's
        /// [`SanError`]($crate::move_text::SanError) with this game's reasons.
        pub type SanError = $crate::move_text::SanError<SanIllegalReason>;

        /// The origin of a move as its SAN names it, on this game's board.
        type Origin = $crate::san::Origin<Square>;

        /// Why a well-formed SAN string matches no legal move.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum SanIllegalReason {
            /// The side to move has no legal move (the game is over).
            GameOver,
            /// The side to move has no piece of this kind (matching the
            /// disambiguation, if one was written).
            NoPiece(Role),
            /// No piece of that kind (`None`: no pawn) can move to the square.
            Unreachable {
                /// The piece kind written, `None` for a pawn move.
                role: Option<Role>,
                /// The target square.
                to: Square,
            },
            $(#[$ldoc])*
            $leaves {
                /// Origin square.
                from: Square,
                /// Target square.
                to: Square,
            },
            $($own)*
            #[doc = concat!("A ", $coord_name, " move that is not legal.")]
            $coord(IllegalReason),
        }

        impl core::fmt::Display for SanIllegalReason {
            fn fmt(&self, $f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self {
                    SanIllegalReason::GameOver => {
                        $f.write_str("the side to move has no legal moves (game over)")
                    }
                    SanIllegalReason::NoPiece(r) => write!($f, "the side to move has no such {r}"),
                    SanIllegalReason::Unreachable { role, to } => {
                        write!($f, "no {} can move to {to}", role.map_or("pawn", Role::name))
                    }
                    SanIllegalReason::$leaves { from, to } => {
                        write!($f, "{from}{to} {}", $leaves_text)
                    }
                    $($arm)*
                    SanIllegalReason::$coord(r) => r.fmt($f),
                }
            }
        }

        impl SanIllegalReason {
            /// Why coordinate text read as SAN names no legal move: with
            /// no legal move at all the game is over, as for SAN text;
            /// otherwise the coordinate reader's `reason`.
            pub(crate) fn of_coordinate(legal: &[Move], reason: IllegalReason) -> SanIllegalReason {
                if legal.is_empty() {
                    SanIllegalReason::GameOver
                } else {
                    SanIllegalReason::$coord(reason)
                }
            }
        }
    };
}
pub(crate) use san_illegal_reasons;
