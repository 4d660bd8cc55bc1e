//! The [`Position`] trait: what every game of the family is, so that one
//! [`Game`](crate::Game), one perft, one record format and one engine
//! serve Tamerlane chess, FIDE chess and Makruk.
//!
//! Each game's position type ([`tamerlane::Position`](crate::tamerlane::Position),
//! [`chess::Position`](crate::chess::Position),
//! [`makruk::Position`](crate::makruk::Position)) implements it; its inherent
//! methods of the same names are the same functions, so code written for
//! one game needs no import of the trait.

use core::fmt;
use core::hash::Hash;
use core::ops::{ControlFlow, Deref, DerefMut};
use core::str::FromStr;

use crate::color::Color;
use crate::end_rules::EndRules;
use crate::outcome::Outcome;
use crate::parse_value::ParseValueError;
use crate::rule_string::RuleSetError;
use crate::variant::Variant;

/// A legal position of one game of the family, with the rules it is played
/// under.
///
/// The required methods are the game's own rules; the provided ones
/// (`legal_moves`, `play_str`, `is_checkmate`, `outcome`, ...) are written
/// once for the three games.
///
/// ```
/// use tamerlane_core::{chess, makruk, perft, tamerlane, Position};
///
/// fn first_moves<P: Position>(rules: &str) -> usize {
///     let pos = P::start(rules.parse().unwrap());
///     pos.legal_moves().len()
/// }
/// assert_eq!(first_moves::<tamerlane::Position>(""), 24);
/// assert_eq!(first_moves::<chess::Position>(""), 20);
/// assert_eq!(first_moves::<makruk::Position>(""), 23);
/// assert_eq!(perft(&makruk::Position::new(), 2), 529);
/// ```
pub trait Position:
    Clone + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + Sized + 'static
{
    /// A legal move of this game, with its context.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// A list of moves, filled by the move generator.
    type MoveList: Default
        + Clone
        + fmt::Debug
        + Deref<Target = [Self::Move]>
        + DerefMut
        + IntoIterator<Item = Self::Move>
        + Send;
    /// The rule options, read from and written as a rule-set string
    /// (docs/RULES.md, section 9).
    type Rules: Copy
        + Eq
        + Hash
        + Default
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = RuleSetError>
        + Send
        + Sync
        + 'static;
    /// How a game of this kind ends.
    type Termination: Copy
        + Eq
        + Hash
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = ParseValueError>
        + Send
        + Sync
        + 'static;
    /// Why a position text (TFEN or FEN) was refused.
    type FenError: std::error::Error + Clone + Eq + Send + Sync + 'static;
    /// Why a coordinate (UCI) move was refused: garbled, or not legal here.
    type MoveError: std::error::Error
        + Clone
        + Eq
        + From<Self::IllegalMoveError>
        + Send
        + Sync
        + 'static;
    /// Why a move was not legal here.
    type IllegalMoveError: std::error::Error + Clone + Eq + Send + Sync + 'static;
    /// Why a SAN move was refused.
    type SanError: std::error::Error + Clone + Eq + Send + Sync + 'static;

    /// Which game this is.
    const VARIANT: Variant;

    /// The start position of `rules`.
    fn start(rules: Self::Rules) -> Self;
    /// Reads a position text (TFEN for Tamerlane, FEN for the siblings)
    /// and validates it under `rules`.
    fn from_fen_with_rules(fen: &str, rules: Self::Rules) -> Result<Self, Self::FenError>;
    /// The position text (TFEN or FEN).
    fn to_fen(&self) -> String;
    /// The rule options this position is played under.
    fn rules(&self) -> &Self::Rules;

    /// The side to move.
    fn turn(&self) -> Color;
    /// Plies since the last capture or pawn move, as the game counts them.
    fn halfmoves(&self) -> u32;
    /// The move number: starts at 1, incremented after Black's move.
    fn fullmoves(&self) -> u32;
    /// The Zobrist hash: equal for positions that are the same for the
    /// repetition rule.
    fn zobrist_hash(&self) -> u64;
    /// Whether two positions are the same for the repetition rule (clocks
    /// ignored).
    fn same_position(&self, other: &Self) -> bool;

    /// Calls `f` with each legal move; `f` may stop the generation early,
    /// and its `Break` value is returned.
    fn for_each_move<B>(&self, f: impl FnMut(Self::Move) -> ControlFlow<B>) -> ControlFlow<B>;
    /// Replaces the contents of `list` with the legal moves.
    fn legal_moves_into(&self, list: &mut Self::MoveList);
    /// Replaces the contents of `list` with the legal tactical moves
    /// (captures, promotions and the game's other tactical kinds).
    fn tactical_moves_into(&self, list: &mut Self::MoveList);
    /// The number of legal moves, counted without building them.
    fn count_legal(&self) -> usize;
    /// Whether the side to move has a legal move.
    fn has_legal_moves(&self) -> bool;
    /// Whether `m` is a legal move here.
    fn is_legal(&self, m: &Self::Move) -> bool;
    /// Plays `m` if it is legal; otherwise returns why not and leaves the
    /// position unchanged.
    fn play(&mut self, m: &Self::Move) -> Result<(), Self::IllegalMoveError>;
    /// Plays a legal move (an illegal one leaves an unspecified position).
    fn play_unchecked(&mut self, m: &Self::Move);
    /// Whether no earlier position can recur after the legal move `m`.
    fn is_irreversible(&self, m: &Self::Move) -> bool;

    /// Reads a coordinate (UCI) move and finds it among the legal moves.
    fn parse_move(&self, s: &str) -> Result<Self::Move, Self::MoveError>;
    /// Reads a SAN move and finds it among the legal moves.
    fn parse_san(&self, s: &str) -> Result<Self::Move, Self::SanError>;
    /// The SAN of the legal move `m`.
    fn san(&self, m: &Self::Move) -> String;

    /// Whether the side to move is in check (for Tamerlane: its single
    /// royal is attacked).
    fn is_check(&self) -> bool;
    /// The ending this position decides by itself before the rules of the
    /// history and the clock ([`end_rules`](Self::end_rules)) are looked
    /// at: checkmate and stalemate, and the game's own (a citadel entry,
    /// royals only, a dead position, the count, the 75-move rule).
    fn outcome_before_history(&self) -> Option<Outcome<Self::Termination>>;
    /// The draws by repetition and by the clock under this position's
    /// rules, as data.
    fn end_rules(&self) -> EndRules<Self::Termination>;

    /// Whether a draw is decided by the position before anything else,
    /// even a position without moves (Tamerlane's citadel entry). What the
    /// search asks first at every node.
    #[inline]
    fn is_immediate_draw(&self) -> bool {
        false
    }
    /// Whether the position is a draw by the game's own rules other than
    /// repetition and the clock, which gives way to a position without
    /// legal moves (royals only, a dead position, a count past its limit).
    fn is_rule_draw(&self) -> bool;
    /// Whether having no legal move loses here (else it is a draw), given
    /// whether the side to move is in check.
    fn no_moves_is_loss(&self, in_check: bool) -> bool;

    /// The legal moves.
    #[inline]
    fn legal_moves(&self) -> Self::MoveList {
        let mut list = Self::MoveList::default();
        self.legal_moves_into(&mut list);
        list
    }
    /// Reads and plays a coordinate (UCI) move; an error leaves the
    /// position unchanged.
    fn play_str(&mut self, s: &str) -> Result<Self::Move, Self::MoveError> {
        let m = self.parse_move(s)?;
        self.play_unchecked(&m);
        Ok(m)
    }
    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }
    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
    /// The outcome this position decides alone: its own ending, then the
    /// automatic clock rules (the repetition rules need the game: see
    /// [`Game::outcome`](crate::Game::outcome)).
    fn outcome(&self) -> Option<Outcome<Self::Termination>> {
        self.outcome_before_history().or_else(|| {
            self.end_rules()
                .automatic_draw(|| 1, self.halfmoves())
                .map(Outcome::draw)
        })
    }
}

/// The part of a game's [`Position`] implementation that is the same for
/// the three games: the associated types (named alike in each game's
/// module) and the methods whose inherent method in the game's module is
/// the implementation (of the same name, or the given names for the
/// position text and the coordinate move reader). With `moves:
/// from_move_sets`, `for_each_move` walks the game's move sets (`for_each_legal` and `move_between`). With `end:
/// repetition_then_move_limit`, `end_rules` is the rule options'
/// repetition rule, then their move limit. Invoked in each game's
/// `family.rs`, inside `impl Position for Position`.
macro_rules! forward_to_inherent {
    (@same_names $(
        fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty;
    )* @mut $(
        fn $mut_name:ident(&mut self $(, $mut_arg:ident: $mut_ty:ty)*) -> $mut_ret:ty;
    )*) => {
        $(
            #[inline]
            fn $name(&self $(, $arg: $ty)*) -> $ret {
                Self::$name(self $(, $arg)*)
            }
        )*
        $(
            #[inline]
            fn $mut_name(&mut self $(, $mut_arg: $mut_ty)*) -> $mut_ret {
                Self::$mut_name(self $(, $mut_arg)*)
            }
        )*
    };
    (@moves from_move_sets) => {
        #[inline]
        fn for_each_move<B>(
            &self,
            mut f: impl FnMut(Move) -> ::core::ops::ControlFlow<B>,
        ) -> ::core::ops::ControlFlow<B> {
            self.for_each_legal(|from, targets| {
                for to in targets {
                    f(self.move_between(from, to))?;
                }
                ::core::ops::ControlFlow::Continue(())
            })
        }
    };
    (@end repetition_then_move_limit) => {
        /// Repetition first, then the move limit, as the rule options set
        /// them (docs/RULES.md, section 6; docs/MAKRUK.md).
        fn end_rules(&self) -> $crate::end_rules::EndRules<Termination> {
            $crate::end_rules::EndRules::repetition_then_clock(
                self.rules.repetition(),
                Termination::Repetition,
                self.rules.move_limit(),
                Termination::MoveLimit,
            )
        }
    };
    (
        variant: $variant:ident,
        rules: $rules:ty,
        fen: $fen_error:ty, $from_fen:ident, $to_fen:ident, $parse:ident
        $(, moves: $moves:ident)?
        $(, end: $end:ident)?
    ) => {
        $($crate::position::forward_to_inherent!(@moves $moves);)?
        $($crate::position::forward_to_inherent!(@end $end);)?

        type Move = Move;
        type MoveList = MoveList;
        type Rules = $rules;
        type Termination = Termination;
        type FenError = $fen_error;
        type MoveError = MoveError;
        type IllegalMoveError = IllegalMoveError;
        type SanError = SanError;

        const VARIANT: $crate::Variant = $crate::Variant::$variant;

        fn start(rules: $rules) -> Self {
            Self::start_with_rules(rules)
        }
        fn from_fen_with_rules(fen: &str, rules: $rules) -> Result<Self, $fen_error> {
            Self::$from_fen(fen, rules)
        }
        fn to_fen(&self) -> String {
            Self::$to_fen(self)
        }
        #[inline]
        fn zobrist_hash(&self) -> u64 {
            Self::hash(self)
        }
        $crate::position::forward_to_inherent! {
            @same_names
            fn rules(&self) -> &$rules;
            fn turn(&self) -> $crate::Color;
            fn halfmoves(&self) -> u32;
            fn fullmoves(&self) -> u32;
            fn same_position(&self, other: &Self) -> bool;
            fn legal_moves_into(&self, list: &mut MoveList) -> ();
            fn tactical_moves_into(&self, list: &mut MoveList) -> ();
            fn count_legal(&self) -> usize;
            fn has_legal_moves(&self) -> bool;
            fn is_legal(&self, m: &Move) -> bool;
            fn parse_san(&self, s: &str) -> Result<Move, SanError>;
            fn san(&self, m: &Move) -> String;
            fn is_check(&self) -> bool;
            fn outcome_before_history(&self) -> Option<$crate::Outcome<Termination>>;
            @mut
            fn play_unchecked(&mut self, m: &Move) -> ();
            fn play(&mut self, m: &Move) -> Result<(), IllegalMoveError>;
        }
        fn parse_move(&self, s: &str) -> Result<Move, MoveError> {
            Self::$parse(self, s)
        }
    };
}
pub(crate) use forward_to_inherent;
