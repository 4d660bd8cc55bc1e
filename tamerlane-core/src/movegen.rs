//! What the three move generators share. Each game's generator hands its
//! legal moves to a callback as *move sets* (an origin and a bitboard of
//! targets: `for_each_legal`, `for_each_tactical`) and turns one set into
//! moves (`push_moves`); [`move_lists!`] writes, once for the three games,
//! the two walks and the count on each game's generator, and the move
//! lists and the early-stopping queries on those three.

/// The inherent methods of a game's `Position` built on its generator:
/// `for_each_legal`, `for_each_tactical` and `count_legal`, written with
/// its private `generate::<COUNT, TACTICAL, B>(&self, f: &mut impl
/// FnMut(Square, Bitboard) -> ControlFlow<B>) -> ControlFlow<B, usize>`
/// (with `TACTICAL` it reports only the tactical move sets; with `COUNT`
/// it may count some moves in bulk instead of reporting them, and returns
/// their number); then `legal_moves`, `legal_moves_into`,
/// `tactical_moves`, `tactical_moves_into`, `has_legal_moves` and
/// `is_legal_pair`, written with those and its `push_moves`. Invoked at
/// the end of each game's `movegen.rs`, with the game's docs of the first
/// three. The `@walk` arm writes the two walks; the `@list` arm writes a
/// list and its `_into` form once, for the legal and the tactical moves.
macro_rules! move_lists {
    (
        $(#[$legal_doc:meta])*
        for_each_legal;
        $(#[$tactical_doc:meta])*
        for_each_tactical;
        $(#[$count_doc:meta])*
        count_legal;
    ) => {
        impl Position {
            $crate::movegen::move_lists!(@walk $(#[$legal_doc])* for_each_legal, false);
            $crate::movegen::move_lists!(@walk $(#[$tactical_doc])* for_each_tactical, true);

            $(#[$count_doc])*
            #[inline]
            pub fn count_legal(&self) -> usize {
                let mut n = 0;
                let mut each = |_: Square, t: Bitboard| {
                    n += t.count() as usize;
                    ::core::ops::ControlFlow::<::core::convert::Infallible>::Continue(())
                };
                match self.generate::<true, false, ::core::convert::Infallible>(&mut each) {
                    ::core::ops::ControlFlow::Continue(bulk) => n + bulk,
                    ::core::ops::ControlFlow::Break(never) => match never {},
                }
            }

            $crate::movegen::move_lists!(@list
                /// All legal moves.
                legal_moves,
                /// Replaces the contents of `list` with the legal moves: the
                /// way to reuse one list in a loop (a search, say) instead
                /// of returning a new one from every call.
                legal_moves_into,
                for_each_legal
            );

            $crate::movegen::move_lists!(@list
                /// The legal tactical moves (those of
                /// [`for_each_tactical`](Self::for_each_tactical)): a
                /// quiescence search's moves.
                tactical_moves,
                /// Replaces the contents of `list` with the legal tactical
                /// moves.
                tactical_moves_into,
                for_each_tactical
            );

            /// Whether the side to move has at least one legal move: the
            /// generation stops at the first piece that can move.
            #[inline]
            pub fn has_legal_moves(&self) -> bool {
                self.for_each_legal(|_, _| ::core::ops::ControlFlow::Break(()))
                    .is_break()
            }

            /// Whether `to` is among the legal targets of the piece on
            /// `from`: the generation stops at the first hit.
            pub(crate) fn is_legal_pair(&self, from: Square, to: Square) -> bool {
                self.for_each_legal(|f, targets| {
                    if f == from && targets.contains(to) {
                        ::core::ops::ControlFlow::Break(())
                    } else {
                        ::core::ops::ControlFlow::Continue(())
                    }
                })
                .is_break()
            }
        }
    };
    (@walk $(#[$doc:meta])* $name:ident, $tactical:literal) => {
        $(#[$doc])*
        #[inline]
        pub fn $name<B, F>(&self, mut f: F) -> ::core::ops::ControlFlow<B>
        where
            F: FnMut(Square, Bitboard) -> ::core::ops::ControlFlow<B>,
        {
            self.generate::<false, $tactical, B>(&mut f)?;
            ::core::ops::ControlFlow::Continue(())
        }
    };
    (@list
        $(#[$doc:meta])* $list:ident,
        $(#[$into_doc:meta])* $into:ident,
        $for_each:ident
    ) => {
        $(#[$doc])*
        #[inline]
        pub fn $list(&self) -> MoveList {
            let mut list = MoveList::new();
            self.$into(&mut list);
            list
        }

        $(#[$into_doc])*
        #[inline]
        pub fn $into(&self, list: &mut MoveList) {
            list.clear();
            let _ = self.$for_each(|from, targets| {
                self.push_moves(list, from, targets);
                ::core::ops::ControlFlow::<::core::convert::Infallible>::Continue(())
            });
        }
    };
}
pub(crate) use move_lists;
