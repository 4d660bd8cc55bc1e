//! The limits of a record, the same for the three games: what the reader
//! accepts and what the methods that change a record allow (public as the
//! constants of [`GameRecord`](crate::GameRecord)).

/// The longest line the reader accepts, in bytes (line ending not
/// counted); longer lines are refused with
/// [`RecordErrorKind::LineTooLong`](crate::RecordErrorKind::LineTooLong) without being held in memory. The
/// writer's lines are at most 80 characters, or one tag pair, or a
/// comment piece that cannot be split: the record refuses tags and
/// comments that would make a longer line.
pub(crate) const MAX_LINE_BYTES: usize = 1 << 20;
/// The most plies one game may have ([`RecordErrorKind::TooManyPlies`](crate::RecordErrorKind::TooManyPlies)).
/// A game played to its rules' end is far shorter: at most 199 plies
/// pass between two captures or pawn moves before the move limit, and
/// a game has at most a few hundred of those (see `docs/RELIABILITY.md`).
pub(crate) const MAX_PLIES: usize = 100_000;
/// The most tag pairs one game may have besides `Result`
/// ([`RecordErrorKind::TooManyTags`](crate::RecordErrorKind::TooManyTags)).
pub(crate) const MAX_TAGS: usize = 1_000;
/// The most bytes of tag and comment text one game may hold, counting
/// 16 bytes of overhead per tag or comment (the `Result` tag not
/// counted) ([`RecordErrorKind::TextTooLong`](crate::RecordErrorKind::TextTooLong)).
pub(crate) const MAX_TEXT_BYTES: usize = 1 << 22;
