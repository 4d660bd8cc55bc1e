//! What the SAN of the three games shares: the marks a reader strips, how
//! much of its origin a piece move names ([`Disambiguation`]), the check and mate
//! suffix, and the list of every legal move with its SAN. Each game's
//! `san.rs` writes and reads the rest (docs/NOTATION.md).

use crate::position::Position;

/// Strips check, mate and annotation marks (`+`, `#`, `!`, `?`) from the end.
pub(crate) fn strip_marks(s: &str) -> &str {
    s.trim_end_matches(['+', '#', '!', '?'])
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
