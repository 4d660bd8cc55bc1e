//! What the three move generators share. Each game's generator hands its
//! legal moves to a callback as *move sets* (an origin and a bitboard of
//! targets: `for_each_legal`, `for_each_tactical`) and turns one set into
//! moves (`push_moves`); [`move_lists!`] builds the move lists and the
//! early-stopping queries on those three, once for the three games.

/// The inherent methods `legal_moves`, `legal_moves_into`,
/// `tactical_moves`, `tactical_moves_into`, `has_legal_moves` and
/// `is_legal_pair` of a game's `Position`, written with its
/// `for_each_legal`, `for_each_tactical` and `push_moves`. Invoked in each
/// game's `movegen.rs`; its `@list` arm writes a list and its `_into`
/// form once, for the legal and the tactical moves.
macro_rules! move_lists {
    () => {
        impl Position {
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
