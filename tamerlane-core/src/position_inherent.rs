//! The inherent methods that every game's position has alike, written once:
//! [`position_inherent!`] is invoked in each game's `position.rs` and
//! gives its `Position` the constructors from a setup and from the
//! position text, the plain accessors, reading and playing coordinate
//! moves, and the `Default`, `FromStr`, `Debug` and `Hash` impls (and its
//! `Setup`'s `Default`, the start position's). What differs between the
//! games (validation, the start position, the hash's parts, the move
//! rules) stays in the game's own files.
//!
//! The game's module must have in scope: `Position` (with the fields
//! `board`, `turn`, `halfmoves`, `fullmoves`, `hash`, `rules`, and the
//! inherent `start_with_rules`, `from_setup_with_rules`, `to_setup`,
//! `find_move`, `is_legal` and `play_unchecked`), `Setup` (with the
//! position-text reader and writer named as the position's), `Board`,
//! `Move`, `MoveError`, `IllegalMoveError`, `IllegalReason` (with
//! `WrongContext`), `PositionError`, the game's `zobrist` module (with
//! `piece` and `black_to_move`), and, for `put`/`take`, `Piece` and
//! `Square`.

/// See the [module documentation](self). The arguments name what differs
/// between the games:
/// - `rules`: the rule options' type (with a `DEFAULT`);
/// - `fen`: the position text's error type, then the names of the readers
///   (default rules, given rules) and of the writer, which the game's
///   `Setup` also uses for its reader and writer;
/// - `coordinate`: the coordinate move's type, the `Move` method giving it,
///   and the names of the reader and of the reading player;
/// - `debug`: the prefix of the `Debug` form, `prefix(fen)`;
/// - `put_take`: with `put_take`, the board edits that keep the hash;
/// - `mirror`: with `mirror`, the mirrored position under the same rules;
/// - `display`: with `diagram`, a `Display` of the board diagram followed
///   by the position text.
macro_rules! position_inherent {
    (
        rules: $rules:ty,
        fen: $fen_error:ty, $from_fen:ident, $from_fen_with_rules:ident, $to_fen:ident,
        coordinate: $coord:ty, $coord_of:ident, $parse:ident, $play_str:ident,
        debug: $debug:literal
        $(, put_take: $put_take:ident)?
        $(, mirror: $mirror:ident)?
        $(, display: $display:ident)?
    ) => {
        impl Default for Position {
            fn default() -> Position {
                Position::new()
            }
        }

        impl Default for Setup {
            /// The start position under the default rules, as
            /// [`Position::new`] has it.
            fn default() -> Setup {
                Position::new().to_setup()
            }
        }

        impl Position {
            /// The start position, with the default rules.
            pub fn new() -> Position {
                Position::start_with_rules(<$rules>::DEFAULT)
            }

            /// Validates a [`Setup`] into a position with the default rules.
            pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
                Position::from_setup_with_rules(setup, <$rules>::DEFAULT)
            }

            /// Reads and validates a position text, with the default rules.
            pub fn $from_fen(fen: &str) -> Result<Position, $fen_error> {
                Position::$from_fen_with_rules(fen, <$rules>::DEFAULT)
            }

            /// Reads a position text and validates it, to be played under
            /// `rules`.
            pub fn $from_fen_with_rules(fen: &str, rules: $rules) -> Result<Position, $fen_error> {
                Ok(Position::from_setup_with_rules(Setup::$from_fen(fen)?, rules)?)
            }

            /// The position text.
            pub fn $to_fen(&self) -> String {
                self.to_setup().$to_fen()
            }

            /// The rule options this position is played under.
            #[inline]
            pub fn rules(&self) -> &$rules {
                &self.rules
            }

            /// The placement.
            #[inline]
            pub fn board(&self) -> &Board {
                &self.board
            }

            /// The side to move.
            #[inline]
            pub fn turn(&self) -> $crate::Color {
                self.turn
            }

            /// Plies since the last capture or pawn move.
            #[inline]
            pub fn halfmoves(&self) -> u32 {
                self.halfmoves
            }

            /// The move number: starts at 1, incremented after Black's move.
            #[inline]
            pub fn fullmoves(&self) -> u32 {
                self.fullmoves
            }

            /// The Zobrist hash, kept up to date move by move: the
            /// position's identity for the repetition rule (it covers what
            /// [`same_position`](Self::same_position) compares).
            #[inline]
            pub fn hash(&self) -> u64 {
                self.hash
            }

            /// Reads a coordinate (UCI) move and finds it among the legal
            /// moves.
            pub fn $parse(&self, s: &str) -> Result<Move, MoveError> {
                let c: $coord = s.parse()?;
                Ok(self.find_move(c)?)
            }

            /// Plays `m` if it is legal; otherwise returns why not and
            /// leaves the position unchanged.
            pub fn play(&mut self, m: &Move) -> Result<(), IllegalMoveError> {
                IllegalMoveError::play_checked(self, m, |pos| match pos.find_move(m.$coord_of()) {
                    Ok(_) => IllegalReason::WrongContext,
                    Err(e) => e.reason,
                })
            }

            /// Reads and plays a coordinate (UCI) move; an error leaves
            /// the position unchanged.
            pub fn $play_str(&mut self, s: &str) -> Result<Move, MoveError> {
                $crate::Position::play_str(self, s)
            }

            /// The hash of the placement and the side to move: the part of
            /// [`compute_hash`](Self::compute_hash) every game shares.
            fn placement_hash(&self) -> u64 {
                let mut h = 0;
                for (sq, p) in self.board.pieces() {
                    h ^= zobrist::piece(p, sq);
                }
                if self.turn == $crate::Color::Black {
                    h ^= zobrist::black_to_move();
                }
                h
            }

            /// Ends a move or a pass, keeping the hash: the halfmove clock
            /// restarts at 0 after a `zeroing` move and counts on otherwise,
            /// the fullmove number advances after Black's turn, and the
            /// other side is to move.
            #[inline]
            fn pass_turn(&mut self, zeroing: bool) {
                if zeroing {
                    self.halfmoves = 0;
                } else {
                    self.halfmoves = self.halfmoves.saturating_add(1);
                }
                if self.turn == $crate::Color::Black {
                    self.fullmoves = self.fullmoves.saturating_add(1);
                }
                self.turn = !self.turn;
                self.hash ^= zobrist::black_to_move();
            }

            $($crate::position_inherent::position_inherent!(@$put_take);)?
            $($crate::position_inherent::position_inherent!(@$mirror);)?
        }

        $($crate::position_inherent::position_inherent!(@$display, $to_fen);)?

        impl core::hash::Hash for Position {
            /// Hashes the Zobrist key and the clocks. Equal positions have
            /// equal keys and clocks, so this agrees with `Eq`.
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                state.write_u64(self.hash);
                state.write_u32(self.halfmoves);
                state.write_u32(self.fullmoves);
            }
        }

        impl core::fmt::Debug for Position {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}({})", $debug, self.$to_fen())
            }
        }

        impl core::str::FromStr for Position {
            type Err = $fen_error;
            fn from_str(s: &str) -> Result<Position, $fen_error> {
                Position::$from_fen(s)
            }
        }
    };
    (@mirror) => {
        /// The same position seen from the other side (board turned 180
        /// degrees, colours swapped, the other side to move; the rules, the
        /// clocks and Makruk's count kept). Perft counts and outcomes of the
        /// two are equal.
        pub fn mirror(&self) -> Position {
            Position::from_setup_with_rules(self.to_setup().mirror(), self.rules)
                .expect("mirroring keeps a position valid")
        }
    };
    (@diagram, $to_fen:ident) => {
        impl core::fmt::Display for Position {
            /// The board diagram followed by the position text.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                writeln!(f, "{}", self.board)?;
                write!(f, "{}", self.$to_fen())
            }
        }
    };
    (@put_take) => {
        /// Puts `piece` on the empty square `sq`, keeping the hash.
        #[inline]
        fn put(&mut self, sq: Square, piece: Piece) {
            self.board.put(sq, piece);
            self.hash ^= zobrist::piece(piece, sq);
        }

        /// Takes the piece off `sq`, keeping the hash.
        #[inline]
        fn take(&mut self, sq: Square) -> Option<Piece> {
            let p = self.board.take(sq)?;
            self.hash ^= zobrist::piece(p, sq);
            Some(p)
        }
    };
}
pub(crate) use position_inherent;
