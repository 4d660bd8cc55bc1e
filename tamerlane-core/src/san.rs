//! What the SAN of the three games shares: the marks a reader strips, the
//! `[origin][x|-|:]target` part of a move and the origin it names
//! ([`Origin`]), how much of its origin a piece move names
//! ([`Disambiguation`]), the check and mate suffix, and the list of every
//! legal move with its SAN. Each game's `san.rs` writes and reads the rest
//! (docs/NOTATION.md).

use crate::move_text::SanError;
use crate::position::Position;

/// Strips check, mate and annotation marks (`+`, `#`, `!`, `?`) from the end.
pub(crate) fn strip_marks(s: &str) -> &str {
    s.trim_end_matches(['+', '#', '!', '?'])
}

/// A board's squares as SAN names them: the 8x8 board's and Tamerlane's.
pub(crate) trait SanSquare: Copy + Eq {
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

/// The candidates of an ambiguous SAN: each matching move's SAN followed by
/// its coordinate string, e.g. `Nbd5 (b4d5)`.
pub(crate) fn candidates<'a, M: core::fmt::Display + 'a>(
    matching: impl IntoIterator<Item = &'a M>,
    san: impl Fn(&M) -> String,
) -> Vec<String> {
    matching
        .into_iter()
        .map(|m| format!("{} ({m})", san(m)))
        .collect()
}
