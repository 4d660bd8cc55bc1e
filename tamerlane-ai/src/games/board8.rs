//! What FIDE chess and Makruk have in common for the search, written once
//! for both: the items of their [`SearchPosition`](crate::SearchPosition)
//! implementations that read the same on the shared 8x8 board.

/// Expands, inside `impl SearchPosition for Position` of the 8x8 game
/// `$game` (`chess` or `makruk`: the core's module of that name, and the
/// engine's `eval` and `see` modules of that name), to the items the two
/// games share: moves indexed by origin and target (64 squares) and by
/// piece kind and target; check as the core sees it, and whether a move
/// gives it (the core's test, without playing the move); six men or more
/// surely have a move; no material kept move by move (the evaluation
/// counts it), the game's evaluation and static exchange evaluation.
macro_rules! board8_search_items {
    ($game:ident) => {
        type Material = ();

        const HISTORY_SIZE: usize = 64 * 64;

        const PIECE_TO_SIZE: usize = tamerlane_core::$game::Role::ALL.len() * 64;

        #[inline]
        fn in_check(&self) -> bool {
            self.is_check()
        }

        /// The core's test, which does not play the move.
        #[inline]
        fn gives_check(&self, m: &Self::Move) -> bool {
            Self::gives_check(self, m)
        }

        #[inline]
        fn surely_has_moves(&self) -> bool {
            self.board().by_color(self.turn()).count() >= 6
        }

        #[inline]
        fn history_index(m: &Self::Move) -> usize {
            m.from.index() * 64 + m.to.index()
        }

        #[inline]
        fn piece_to_index(m: &Self::Move) -> usize {
            m.role.index() * 64 + m.to.index()
        }

        #[inline]
        fn see_ge(&self, m: &Self::Move, threshold: i32) -> bool {
            $crate::see::$game::see_ge(self, m, threshold)
        }

        #[inline]
        fn material(&self) {}

        #[inline]
        fn material_after(_before: (), _m: &Self::Move, _us: tamerlane_core::Color) {}

        #[inline]
        fn evaluate(
            &self,
            kind: $crate::eval::EvalKind,
            _material: (),
            view: $crate::eval::Perspective,
        ) -> i32 {
            $crate::eval::$game::evaluate(self, kind, view.draw)
        }

        #[inline]
        fn scale_net(
            &self,
            raw: i32,
            view: $crate::eval::Perspective,
            features: &$crate::Features,
        ) -> i32 {
            $crate::eval::$game::scale_net(self, raw, view.draw, features)
        }
    };
}
pub(super) use board8_search_items;
