//! Game records for download and upload: the core's `GameRecord` text
//! (the Tamerlane record format of docs/NOTATION.md for Tamerlane, PGN for
//! chess and Makruk), read back by its `RecordReader`.

use tamerlane_ai::{AnyGame, Variant};
use tamerlane_core::{chess, makruk, tamerlane, Game, GameRecord, Position, RecordReader};

use super::errors::ApiError;

/// The record of a game line.
pub fn record_text(line: &AnyGame) -> Result<String, ApiError> {
    fn text<P: Position>(g: &Game<P>) -> Result<String, ApiError> {
        let mut rec = GameRecord::new(g.clone()).map_err(|e| ApiError::bad(e.to_string()))?;
        rec.set_tag("Event", "tamerlane serve")
            .map_err(|e| ApiError::bad(e.to_string()))?;
        Ok(rec.to_string())
    }
    match line {
        AnyGame::Tamerlane(g) => text(g),
        AnyGame::Chess(g) => text(g),
        AnyGame::Makruk(g) => text(g),
    }
}

/// The game named by the record's `Variant` tag, if it has one.
fn tagged_variant(text: &str) -> Option<Result<Variant, ApiError>> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("[Variant "))?;
    let value = line
        .trim_start_matches("[Variant ")
        .trim_end_matches(']')
        .trim()
        .trim_matches('"');
    Some(
        Variant::ALL
            .into_iter()
            .find(|v| v.is_variant_tag(value))
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "the record's Variant tag names no game of this server: {}",
                    tamerlane_core::excerpt(value, tamerlane_core::EXCERPT_CHARS)
                ))
            }),
    )
}

/// The first game of a record text: of the game its `Variant` tag names,
/// or else chess (standard PGN has no such tag).
pub fn read_record(text: &str) -> Result<AnyGame, ApiError> {
    fn first<P: Position>(text: &str) -> Result<Game<P>, ApiError>
    where
        AnyGame: From<Game<P>>,
    {
        match RecordReader::<_, P>::new(text.as_bytes()).next() {
            None => Err(ApiError::bad("the record holds no game")),
            Some(Err(e)) => Err(ApiError::bad(format!("bad record: {e}"))),
            Some(Ok(rec)) => Ok(rec.game().clone()),
        }
    }
    let variant = tagged_variant(text).unwrap_or(Ok(Variant::Chess))?;
    Ok(match variant {
        Variant::Tamerlane => first::<tamerlane::Position>(text)?.into(),
        Variant::Chess => first::<chess::Position>(text)?.into(),
        Variant::Makruk => first::<makruk::Position>(text)?.into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_the_same_game() {
        for (v, moves) in [
            (Variant::Tamerlane, ["f3f4", "f8f7"]),
            (Variant::Chess, ["e2e4", "e7e5"]),
            (Variant::Makruk, ["e3e4", "e6e5"]),
        ] {
            let mut g = AnyGame::new(v.default_rules());
            for m in moves {
                g.play_uci(m).unwrap();
            }
            let text = record_text(&g).unwrap();
            assert_eq!(read_record(&text).unwrap(), g, "{text}");
        }
        assert!(read_record("").is_err());
        assert!(read_record("[Variant \"Shogi\"]\n\n*").is_err());
        assert!(read_record("1. e5 *").is_err());
    }
}
