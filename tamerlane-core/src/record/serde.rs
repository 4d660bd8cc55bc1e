//! `GameRecord` as a JSON-friendly structure:
//! `{"tags": {"Event": "?", ...}, "start": TFEN, "moves": ["f3f4", ...],
//! "result": "1-0", "comments": [[ply, "text"], ...]}`.

use core::fmt;

use ::serde::de::{self, MapAccess, Visitor};
use ::serde::ser::{SerializeMap, SerializeStruct};
use ::serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::types::{GameRecord, GameResult};
use crate::game::Game;
use crate::position::Position;

struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl Serialize for GameRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("GameRecord", 5)?;
        st.serialize_field("tags", &Tags(&self.tags))?;
        st.serialize_field("start", self.game.start())?;
        st.serialize_field("moves", self.game.moves())?;
        st.serialize_field("result", self.result.token())?;
        st.serialize_field("comments", &self.comments)?;
        st.end()
    }
}

struct OrderedTags(Vec<(String, String)>);

impl<'de> Deserialize<'de> for OrderedTags {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OrderedTags, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = OrderedTags;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of tag names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OrderedTags, A::Error> {
                let mut tags: Vec<(String, String)> = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, String>()? {
                    if tags.iter().any(|(t, _)| *t == k) {
                        return Err(de::Error::custom(format!("tag {k:?} given twice")));
                    }
                    tags.push((k, v));
                }
                Ok(OrderedTags(tags))
            }
        }
        d.deserialize_map(V)
    }
}

impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameRecord, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = GameRecord;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a game record with tags, start, moves, result and comments")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GameRecord, A::Error> {
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
                let mut game = Game::from_position(start.unwrap_or_default());
                for (i, m) in moves.unwrap_or_default().iter().enumerate() {
                    game.play_str(m)
                        .map_err(|e| de::Error::custom(format!("move {} ({m}): {e}", i + 1)))?;
                }
                let result = match result {
                    None => GameResult::from_outcome(game.outcome()),
                    Some(r) => GameResult::from_token(&r).ok_or_else(|| {
                        de::Error::custom(format!("result {r:?}: expected 1-0, 0-1, 1/2-1/2 or *"))
                    })?,
                };
                let comments = comments.unwrap_or_default();
                if let Some((ply, _)) = comments.iter().find(|(p, _)| *p > game.moves().len()) {
                    return Err(de::Error::custom(format!(
                        "comment after ply {ply}, but the game has {} plies",
                        game.moves().len()
                    )));
                }
                Ok(GameRecord {
                    tags: tags.unwrap_or_default(),
                    game,
                    result,
                    comments,
                })
            }
        }
        d.deserialize_map(V)
    }
}
