//! Searching a game of any of the three ([`AnyGame`], from the core) with
//! the one engine, its moves given in UCI: what the protocol and the
//! command line use.

use tamerlane_core::AnyGame;

use crate::engine::Engine;
use crate::limits::Limits;
use crate::result::{Info, SearchResult};

impl Engine {
    /// Searches the current position of `game`, whichever game it is, with
    /// the moves of the result and of `info` in UCI.
    pub fn search_any(
        &mut self,
        game: &AnyGame,
        limits: &Limits,
        mut info: impl FnMut(&Info<String>),
    ) -> SearchResult<String> {
        tamerlane_core::each_game!(game, g => self
            .search(g, limits, |i| info(&i.clone().map_moves(|m| m.to_string())))
            .map_moves(|m| m.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use tamerlane_core::{Color, Variant};

    use super::*;

    #[test]
    fn each_game_is_searched() {
        let mut engine = Engine::builder().hash_mib(1).build();
        for (v, first) in [
            (Variant::Tamerlane, "f3f4"),
            (Variant::Chess, "e2e4"),
            (Variant::Makruk, "e3e4"),
        ] {
            let mut g = AnyGame::new(v.default_rules());
            g.play_uci(first).unwrap();
            let r = engine.search_any(&g, &Limits::new().depth(3), |_| {});
            let best = r.best.expect("a move");
            g.play_uci(&best).unwrap();
            assert_eq!(g.turn(), Color::White);
        }
    }
}
