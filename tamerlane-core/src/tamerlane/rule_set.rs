//! Tamerlane's rule sets: the rule options of docs/RULES.md, section 9, their string form
//! (`seed-001`, `swap-when=check,repetition=off`, ...), and the presets.
//!
//! One [`RuleSet`] value carries every option. The options that change
//! which moves exist (the King swap, citadel entry, the pawn of pawns, the
//! placement, the lone royal) are read by the position that generates moves;
//! the game-level draws (royals only, repetition, the move limit) are read
//! by [`Game`](crate::Game) and by the search.
//!
//! ```
//! use tamerlane_core::RuleSet;
//!
//! let rules: RuleSet = "seed-001,repetition=3".parse()?;
//! assert_eq!(rules.repetition(), Some(3));
//! // The canonical form: only the keys that differ from the default, in
//! // the order of the spec's table; presets are printed as their pairs.
//! assert_eq!(
//!     rules.to_string(),
//!     "swap-when=check,swap-with=any,citadel-entry=king-only,pawn-of-pawns=one-arrival,\
//!      placement-onto=enemy,placement-targets=fork-or-trapped,royals-only=off,move-limit=off"
//! );
//! assert_eq!(RuleSet::default().to_string(), "");
//! assert!("swap-when=never".parse::<RuleSet>().is_err());
//! # Ok::<(), tamerlane_core::RuleSetError>(())
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};
use core::num::NonZeroU16;
use core::str::FromStr;

use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::rule_string::{count_text, parse_count, parse_rule_string, write_pairs};
pub use crate::rule_string::{RuleSetError, MAX_RULE_SET_LEN, MOVE_LIMIT_RANGE, REPETITION_RANGE};
use crate::rule_string::{MOVE_LIMIT_KEY, REPETITION_KEY};

/// Defines a two-valued option: the enum (its first variant the default)
/// and the value names of the string form, in one place.
macro_rules! option_enum {
    (
        $(#[$doc:meta])* $name:ident, $key:literal,
        $(#[$d0:meta])* $v0:ident = $s0:literal,
        $(#[$d1:meta])* $v1:ident = $s1:literal $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub enum $name {
            $(#[$d0])*
            #[default]
            $v0,
            $(#[$d1])*
            $v1,
        }

        impl $name {
            /// The key of this option in the string form.
            pub const KEY: &'static str = $key;

            /// The value's name in the string form.
            pub const fn name(self) -> &'static str {
                match self {
                    $name::$v0 => $s0,
                    $name::$v1 => $s1,
                }
            }

            /// The value named `s`, if any.
            fn from_name(s: &str) -> Option<$name> {
                match s {
                    $s0 => Some($name::$v0),
                    $s1 => Some($name::$v1),
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

option_enum!(
    /// When the King swap is available (key `swap-when`).
    SwapWhen, "swap-when",
    /// While the King is attacked, or when the side has no other legal
    /// move (`check-or-stuck`, the default).
    CheckOrStuck = "check-or-stuck",
    /// Only while the King is attacked (`check`).
    Check = "check",
);

option_enum!(
    /// Which pieces the King may swap with (key `swap-with`).
    SwapWith, "swap-with",
    /// Any friendly non-pawn piece not on a citadel (`officer`, the default).
    Officer = "officer",
    /// Also an ordinary pawn (not a pawn of pawns), provided the King's
    /// square is on neither that pawn's first nor its last rank (`any`).
    Any = "any",
);

option_enum!(
    /// Which royal may enter the opponent's citadel (key `citadel-entry`).
    CitadelEntry, "citadel-entry",
    /// The side's highest-ranked royal present (`highest-royal`, the default).
    HighestRoyal = "highest-royal",
    /// Only the King itself (`king-only`).
    KingOnly = "king-only",
);

option_enum!(
    /// How far the pawn of pawns goes (key `pawn-of-pawns`).
    PawnOfPawns, "pawn-of-pawns",
    /// Three arrivals: waiting and placement, the transfer to the King's
    /// pawn square, the Adventitious King (`three-arrivals`, the default).
    ThreeArrivals = "three-arrivals",
    /// Every arrival is a first arrival; the stage never passes 1
    /// (`one-arrival`).
    OneArrival = "one-arrival",
);

option_enum!(
    /// What a placement of the pawn of pawns may land on (key `placement-onto`).
    PlacementOnto, "placement-onto",
    /// An empty ordinary square (`empty`, the default).
    Empty = "empty",
    /// Also an enemy non-royal piece or pawn, which is captured (`enemy`).
    Enemy = "enemy",
);

option_enum!(
    /// Which squares a placement may choose (key `placement-targets`).
    PlacementTargets, "placement-targets",
    /// Squares from which the pawn attacks two enemy pieces (`fork`, the default).
    Fork = "fork",
    /// Also squares from which it attacks a trapped enemy officer
    /// (`fork-or-trapped`).
    ForkOrTrapped = "fork-or-trapped",
);

option_enum!(
    /// How a move of a side with a single royal is judged (key `lone-royal`).
    LoneRoyal, "lone-royal",
    /// By the royals the mover has after the move (`after-move`, the default).
    AfterMove = "after-move",
    /// With exactly one royal before the move, that royal must not be
    /// attacked after it, even if the move creates another (`before-move`).
    BeforeMove = "before-move",
);

option_enum!(
    /// Whether a game in which both sides have only royals is drawn (key
    /// `royals-only`).
    RoyalsOnly, "royals-only",
    /// Drawn at once (`draw`, the default).
    Draw = "draw",
    /// Play goes on (`off`).
    Off = "off",
);

/// The start array a rule-set string selects: a preset's own start position
/// is used whenever the string begins with that preset.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum StartArray {
    /// The standard array of section 7.
    #[default]
    Standard,
    /// The `seed-001` array: each pawn in front of its own piece, the pawn
    /// of pawns in front of the left Rook, Black the mirror image of White.
    Seed001,
}

impl StartArray {
    /// The TFEN of this start position.
    pub const fn tfen(self) -> &'static str {
        match self {
            StartArray::Standard => crate::tamerlane::tfen::INITIAL_TFEN,
            StartArray::Seed001 => SEED_001_TFEN,
        }
    }
}

/// The start position of the `seed-001` preset (docs/RULES.md, section 9).
pub const SEED_001_TFEN: &str = "e1c1d1d1c1e/rntgfkvgtnr/pppnptpgpfpkpvpgptpnpr/11/11/11/11/PPPNPTPGPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1";

/// A set of rule options (docs/RULES.md, section 9). The default is the rules
/// of sections 1-8.
///
/// Parse one from its string form with [`FromStr`]; [`Display`](fmt::Display)
/// prints the canonical form. Two rule sets are equal when their options
/// are: the [`start`](Self::start) array a preset selects is where a game
/// begins, not a rule, and is not printed.
#[derive(Copy, Clone, Debug)]
pub struct RuleSet {
    swap_when: SwapWhen,
    swap_with: SwapWith,
    citadel_entry: CitadelEntry,
    pawn_of_pawns: PawnOfPawns,
    placement_onto: PlacementOnto,
    placement_targets: PlacementTargets,
    lone_royal: LoneRoyal,
    royals_only: RoyalsOnly,
    // Counts are stored in two bytes each (every allowed value fits), to
    // keep the positions that carry a rule set small.
    repetition: Option<NonZeroU16>,
    move_limit: Option<NonZeroU16>,
    start: StartArray,
}

/// `n` as a stored count (`n` must be in 1..=65535).
const fn count(n: u16) -> Option<NonZeroU16> {
    match NonZeroU16::new(n) {
        Some(c) => Some(c),
        None => panic!("a count is never 0"),
    }
}

/// A validated count as stored (`None`: off).
fn store(v: Option<u32>) -> Option<NonZeroU16> {
    v.and_then(|n| u16::try_from(n).ok())
        .and_then(NonZeroU16::new)
}

/// The default rule set as a constant (the `Default` value).
const DEFAULT: RuleSet = RuleSet {
    swap_when: SwapWhen::CheckOrStuck,
    swap_with: SwapWith::Officer,
    citadel_entry: CitadelEntry::HighestRoyal,
    pawn_of_pawns: PawnOfPawns::ThreeArrivals,
    placement_onto: PlacementOnto::Empty,
    placement_targets: PlacementTargets::Fork,
    lone_royal: LoneRoyal::AfterMove,
    royals_only: RoyalsOnly::Draw,
    repetition: count(3),
    move_limit: count(200),
    start: StartArray::Standard,
};

impl Default for RuleSet {
    fn default() -> RuleSet {
        DEFAULT
    }
}

impl RuleSet {
    /// The rules of sections 1-8.
    pub const DEFAULT: RuleSet = DEFAULT;

    /// The `seed-001` preset (the reading of the second source), with its
    /// own start array.
    pub const SEED_001: RuleSet = RuleSet {
        swap_when: SwapWhen::Check,
        swap_with: SwapWith::Any,
        citadel_entry: CitadelEntry::KingOnly,
        pawn_of_pawns: PawnOfPawns::OneArrival,
        placement_onto: PlacementOnto::Enemy,
        placement_targets: PlacementTargets::ForkOrTrapped,
        lone_royal: LoneRoyal::AfterMove,
        royals_only: RoyalsOnly::Off,
        repetition: None,
        move_limit: None,
        start: StartArray::Seed001,
    };

    /// When the King swap is available.
    pub const fn swap_when(&self) -> SwapWhen {
        self.swap_when
    }
    /// Which pieces the King may swap with.
    pub const fn swap_with(&self) -> SwapWith {
        self.swap_with
    }
    /// Which royal may enter the opponent's citadel.
    pub const fn citadel_entry(&self) -> CitadelEntry {
        self.citadel_entry
    }
    /// How far the pawn of pawns goes.
    pub const fn pawn_of_pawns(&self) -> PawnOfPawns {
        self.pawn_of_pawns
    }
    /// What a placement may land on.
    pub const fn placement_onto(&self) -> PlacementOnto {
        self.placement_onto
    }
    /// Which squares a placement may choose.
    pub const fn placement_targets(&self) -> PlacementTargets {
        self.placement_targets
    }
    /// How a move of a side with a single royal is judged.
    pub const fn lone_royal(&self) -> LoneRoyal {
        self.lone_royal
    }
    /// Whether royals against royals is a draw.
    pub const fn royals_only(&self) -> RoyalsOnly {
        self.royals_only
    }
    /// The number of occurrences of a position that draws (`None`: never).
    pub fn repetition(&self) -> Option<u32> {
        self.repetition.map(|n| u32::from(n.get()))
    }
    /// The plies without capture or pawn move that draw (`None`: never).
    pub fn move_limit(&self) -> Option<u32> {
        self.move_limit.map(|n| u32::from(n.get()))
    }
    /// The start array selected by the preset the string began with.
    pub const fn start(&self) -> StartArray {
        self.start
    }
    /// The highest pawn-of-pawns stage these rules allow (2, or 1 with
    /// `pawn-of-pawns=one-arrival`).
    pub const fn max_stage(&self) -> u8 {
        match self.pawn_of_pawns {
            PawnOfPawns::ThreeArrivals => 2,
            PawnOfPawns::OneArrival => 1,
        }
    }

    /// Whether the options are the default ones.
    pub fn is_default(&self) -> bool {
        *self == DEFAULT
    }

    /// Sets when the King swap is available.
    pub fn set_swap_when(&mut self, v: SwapWhen) -> &mut RuleSet {
        self.swap_when = v;
        self
    }
    /// Sets which pieces the King may swap with.
    pub fn set_swap_with(&mut self, v: SwapWith) -> &mut RuleSet {
        self.swap_with = v;
        self
    }
    /// Sets which royal may enter the opponent's citadel.
    pub fn set_citadel_entry(&mut self, v: CitadelEntry) -> &mut RuleSet {
        self.citadel_entry = v;
        self
    }
    /// Sets how far the pawn of pawns goes.
    pub fn set_pawn_of_pawns(&mut self, v: PawnOfPawns) -> &mut RuleSet {
        self.pawn_of_pawns = v;
        self
    }
    /// Sets what a placement may land on.
    pub fn set_placement_onto(&mut self, v: PlacementOnto) -> &mut RuleSet {
        self.placement_onto = v;
        self
    }
    /// Sets which squares a placement may choose.
    pub fn set_placement_targets(&mut self, v: PlacementTargets) -> &mut RuleSet {
        self.placement_targets = v;
        self
    }
    /// Sets how a move of a side with a single royal is judged.
    pub fn set_lone_royal(&mut self, v: LoneRoyal) -> &mut RuleSet {
        self.lone_royal = v;
        self
    }
    /// Sets whether royals against royals is a draw.
    pub fn set_royals_only(&mut self, v: RoyalsOnly) -> &mut RuleSet {
        self.royals_only = v;
        self
    }
    /// Sets the repetition count (`None`: never), 2 to 10.
    pub fn set_repetition(&mut self, v: Option<u32>) -> Result<&mut RuleSet, RuleSetError> {
        check_range(REPETITION_KEY, v, REPETITION_RANGE)?;
        self.repetition = store(v);
        Ok(self)
    }
    /// Sets the move limit in plies (`None`: never), 1 to 10,000.
    pub fn set_move_limit(&mut self, v: Option<u32>) -> Result<&mut RuleSet, RuleSetError> {
        check_range(MOVE_LIMIT_KEY, v, MOVE_LIMIT_RANGE)?;
        self.move_limit = store(v);
        Ok(self)
    }

    /// Applies one `key=value` pair.
    fn apply(&mut self, key: &str, value: &str) -> Result<(), RuleSetError> {
        fn set<T>(slot: &mut T, v: Option<T>, key: &str, value: &str) -> Result<(), RuleSetError> {
            *slot = v.ok_or_else(|| RuleSetError::UnknownValue {
                key: key.to_owned(),
                value: excerpt(value, EXCERPT_CHARS),
            })?;
            Ok(())
        }
        match key {
            SwapWhen::KEY => set(&mut self.swap_when, SwapWhen::from_name(value), key, value),
            SwapWith::KEY => set(&mut self.swap_with, SwapWith::from_name(value), key, value),
            CitadelEntry::KEY => set(
                &mut self.citadel_entry,
                CitadelEntry::from_name(value),
                key,
                value,
            ),
            PawnOfPawns::KEY => set(
                &mut self.pawn_of_pawns,
                PawnOfPawns::from_name(value),
                key,
                value,
            ),
            PlacementOnto::KEY => set(
                &mut self.placement_onto,
                PlacementOnto::from_name(value),
                key,
                value,
            ),
            PlacementTargets::KEY => set(
                &mut self.placement_targets,
                PlacementTargets::from_name(value),
                key,
                value,
            ),
            LoneRoyal::KEY => set(
                &mut self.lone_royal,
                LoneRoyal::from_name(value),
                key,
                value,
            ),
            RoyalsOnly::KEY => set(
                &mut self.royals_only,
                RoyalsOnly::from_name(value),
                key,
                value,
            ),
            REPETITION_KEY => {
                self.repetition = store(parse_count(key, value, REPETITION_RANGE)?);
                Ok(())
            }
            MOVE_LIMIT_KEY => {
                self.move_limit = store(parse_count(key, value, MOVE_LIMIT_RANGE)?);
                Ok(())
            }
            _ => Err(RuleSetError::UnknownKey(excerpt(key, EXCERPT_CHARS))),
        }
    }
}

impl PartialEq for RuleSet {
    fn eq(&self, other: &RuleSet) -> bool {
        self.swap_when == other.swap_when
            && self.swap_with == other.swap_with
            && self.citadel_entry == other.citadel_entry
            && self.pawn_of_pawns == other.pawn_of_pawns
            && self.placement_onto == other.placement_onto
            && self.placement_targets == other.placement_targets
            && self.lone_royal == other.lone_royal
            && self.royals_only == other.royals_only
            && self.repetition == other.repetition
            && self.move_limit == other.move_limit
    }
}

impl Eq for RuleSet {}

impl Hash for RuleSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The same fields as `eq`: the start array is not a rule.
        (
            self.swap_when,
            self.swap_with,
            self.citadel_entry,
            self.pawn_of_pawns,
            self.placement_onto,
            self.placement_targets,
            self.lone_royal,
            self.royals_only,
            self.repetition,
            self.move_limit,
        )
            .hash(state);
    }
}

/// Checks an optional count against its inclusive range.
fn check_range(key: &str, v: Option<u32>, (lo, hi): (u32, u32)) -> Result<(), RuleSetError> {
    match v {
        Some(n) if !(lo..=hi).contains(&n) => Err(RuleSetError::OutOfRange {
            key: key.to_owned(),
            value: n.to_string(),
            min: lo,
            max: hi,
        }),
        _ => Ok(()),
    }
}

/// The presets by name: `default` and `seed-001`.
const PRESETS: &[(&str, RuleSet)] = &[
    ("default", RuleSet::DEFAULT),
    ("seed-001", RuleSet::SEED_001),
];

impl FromStr for RuleSet {
    type Err = RuleSetError;

    /// Parses a rule-set string: an optional preset as the first item, then
    /// `key=value` pairs applied left to right (section 9). The syntax is
    /// strict: lower case, no whitespace, no empty items, no key twice.
    fn from_str(s: &str) -> Result<RuleSet, RuleSetError> {
        parse_rule_string(s, RuleSet::DEFAULT, PRESETS, RuleSet::apply)
    }
}

impl fmt::Display for RuleSet {
    /// The canonical form: the keys that differ from the default, in the
    /// order of the spec's table, comma-separated; the default is empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = DEFAULT;
        let pairs: [(&str, bool, String); 10] = [
            (
                SwapWhen::KEY,
                self.swap_when != d.swap_when,
                self.swap_when.to_string(),
            ),
            (
                SwapWith::KEY,
                self.swap_with != d.swap_with,
                self.swap_with.to_string(),
            ),
            (
                CitadelEntry::KEY,
                self.citadel_entry != d.citadel_entry,
                self.citadel_entry.to_string(),
            ),
            (
                PawnOfPawns::KEY,
                self.pawn_of_pawns != d.pawn_of_pawns,
                self.pawn_of_pawns.to_string(),
            ),
            (
                PlacementOnto::KEY,
                self.placement_onto != d.placement_onto,
                self.placement_onto.to_string(),
            ),
            (
                PlacementTargets::KEY,
                self.placement_targets != d.placement_targets,
                self.placement_targets.to_string(),
            ),
            (
                LoneRoyal::KEY,
                self.lone_royal != d.lone_royal,
                self.lone_royal.to_string(),
            ),
            (
                RoyalsOnly::KEY,
                self.royals_only != d.royals_only,
                self.royals_only.to_string(),
            ),
            (
                REPETITION_KEY,
                self.repetition != d.repetition,
                count_text(self.repetition()),
            ),
            (
                MOVE_LIMIT_KEY,
                self.move_limit != d.move_limit,
                count_text(self.move_limit()),
            ),
        ];
        write_pairs(f, pairs)
    }
}
