//! `GameRecord` as a JSON-friendly structure:
//! `{"tags": {"Event": "?", ...}, "start": TFEN, "moves": ["f3f4", ...],
//! "result": "1-0", "comments": [[ply, "text"], ...]}`. A record is read
//! through the same checked methods as any other change to a record
//! (`set_tag`, `set_result`, `add_comment`), so what is read is one the
//! writer can write and the reader read back.

use core::fmt;

use ::serde::de::{self, MapAccess, Visitor};
use ::serde::ser::{SerializeMap, SerializeStruct};
use ::serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::error::RecordEditError;
use super::limits::MAX_PLIES;
use super::result::GameResult;
use super::types::{is_non_initial, GameRecord};
use crate::tamerlane::{Game, Position, RuleSet};

/// `Deserialize` for `$name`, read from a map by `$read` (a function of
/// the map); `$expecting` says what the map must be, for the errors.
macro_rules! deserialize_map {
    ($name:ident, $expecting:literal, $read:ident) => {
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<$name, A::Error> {
                        $read(map)
                    }
                }
                d.deserialize_map(V)
            }
        }
    };
}

/// The record's tags as written, the `Result` tag among them.
struct Tags<'a>(&'a GameRecord);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        for (k, v) in self.0.tags() {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl Serialize for GameRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("GameRecord", 5)?;
        st.serialize_field("tags", &Tags(self))?;
        st.serialize_field("start", self.game().start())?;
        st.serialize_field("moves", self.game().moves())?;
        st.serialize_field("result", self.result().token())?;
        st.serialize_field("comments", self.comments())?;
        st.end()
    }
}

struct OrderedTags(Vec<(String, String)>);

deserialize_map!(OrderedTags, "a map of tag names to values", read_tags);

/// Reads the tags, refusing a name given twice.
fn read_tags<'de, A: MapAccess<'de>>(mut map: A) -> Result<OrderedTags, A::Error> {
    let mut tags: Vec<(String, String)> = Vec::new();
    while let Some((k, v)) = map.next_entry::<String, String>()? {
        if tags.iter().any(|(t, _)| *t == k) {
            return Err(de::Error::custom(format!("tag {k:?} given twice")));
        }
        tags.push((k, v));
    }
    Ok(OrderedTags(tags))
}

deserialize_map!(
    GameRecord,
    "a game record with tags, start, moves, result and comments",
    read_record
);

/// Reads a record through the checked methods (see the module docs).
fn read_record<'de, A: MapAccess<'de>>(mut map: A) -> Result<GameRecord, A::Error> {
    let mut tags = None;
    let mut start: Option<Position> = None;
    let mut moves: Option<Vec<String>> = None;
    let mut result: Option<String> = None;
    let mut comments: Option<Vec<(usize, String)>> = None;
    while let Some(key) = map.next_key::<String>()? {
        match key.as_str() {
            "tags" => tags = Some(map.next_value::<OrderedTags>()?.0),
            "start" => start = Some(map.next_value()?),
            "moves" => moves = Some(map.next_value()?),
            "result" => result = Some(map.next_value()?),
            "comments" => comments = Some(map.next_value()?),
            other => {
                return Err(de::Error::unknown_field(
                    other,
                    &["tags", "start", "moves", "result", "comments"],
                ))
            }
        }
    }
    let moves = moves.unwrap_or_default();
    if moves.len() > MAX_PLIES {
        let e = RecordEditError::<Position>::TooManyPlies(MAX_PLIES);
        return Err(de::Error::custom(e));
    }
    // The rules come from the `Rules` tag, if any (the start is
    // validated under them).
    let rules = match tags
        .as_ref()
        .and_then(|t| t.iter().find(|(k, _)| k == "Rules"))
    {
        Some((_, v)) => v
            .parse::<RuleSet>()
            .map_err(|e| de::Error::custom(format!("tags: Rules: {e}")))?,
        None => RuleSet::DEFAULT,
    };
    let start: Position = start.unwrap_or_default();
    let start = Position::from_tfen_with_rules(&start.to_tfen(), rules)
        .map_err(|e| de::Error::custom(format!("start: {e}")))?;
    let mut game = Game::from_position(start);
    for (i, m) in moves.iter().enumerate() {
        game.play_str(m)
            .map_err(|e| de::Error::custom(format!("move {} ({m}): {e}", i + 1)))?;
    }
    let mut record = GameRecord::untagged(game).map_err(de::Error::custom)?;
    let tags = tags.unwrap_or_default();
    for (k, v) in &tags {
        record
            .set_tag(k, v)
            .map_err(|e| de::Error::custom(format!("tags: {e}")))?;
    }
    if is_non_initial(record.game().start()) && record.tag("TFEN").is_none() {
        return Err(de::Error::custom(
            "tags: no TFEN tag for a start that is not the initial position",
        ));
    }
    if let Some(r) = result {
        let r = GameResult::from_token(&r).ok_or_else(|| {
            de::Error::custom(format!("result {r:?}: expected 1-0, 0-1, 1/2-1/2 or *"))
        })?;
        if tags.iter().any(|(k, _)| k == "Result") && record.result() != r {
            return Err(de::Error::custom(format!(
                "result {r} differs from the Result tag {}",
                record.result()
            )));
        }
        record.set_result(r).map_err(de::Error::custom)?;
    }
    for (ply, text) in comments.unwrap_or_default() {
        record
            .add_comment(ply, &text)
            .map_err(|e| de::Error::custom(format!("comments: {e}")))?;
    }
    Ok(record)
}
