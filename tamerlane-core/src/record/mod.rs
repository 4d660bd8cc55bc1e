//! Game records: a PGN-style text format for Tamerlane games, with a
//! streaming reader that recovers from bad games and a writer whose text
//! the reader always reads back as the same record. The format is
//! documented in the project's `docs/NOTATION.md`.
//!
//! ```
//! use tamerlane_core::{read_records, GameRecord, GameResult};
//! use tamerlane_core::tamerlane::Game;
//!
//! let mut game = Game::new();
//! game.play_str("f3f4")?;
//! game.play_str("f8f7")?;
//! let mut record = GameRecord::new(game)?;
//! record.set_tag("White", "Timur")?;
//! record.add_comment(1, "the king's pawn")?;
//! let text = record.to_string();
//! assert!(text.contains("[Variant \"Tamerlane\"]"));
//! assert!(text.contains("1. f4 {the king's pawn} 1... f7 *"));
//!
//! // Read it back (a file of many games streams the same way).
//! let games: Vec<_> = read_records(text.as_bytes()).collect();
//! assert_eq!(games.len(), 1);
//! let back = games[0].as_ref().unwrap();
//! assert_eq!(back, &record);
//! assert_eq!(back.result(), GameResult::Unknown);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The files: `types` (the record and the methods that change it),
//! `result` (the result token), `limits`, `checks` (what the reader
//! requires of a record, shared with those methods), `lines` (how the
//! writer lays out lines), `reader`, `writer`, `error` and `serde`.

mod checks;
mod error;
mod limits;
mod lines;
mod reader;
mod result;
#[cfg(feature = "serde")]
mod serde;
mod types;
mod writer;

pub use error::{RecordEditError, RecordError, RecordErrorKind};
pub use reader::{read_records, RecordReader};
pub use result::GameResult;
pub use types::GameRecord;
