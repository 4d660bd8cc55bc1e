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
//! // the order of docs/RULES.md's table; presets are printed as their pairs.
//! assert_eq!(
//!     rules.to_string(),
//!     "swap-when=check,swap-with=any,citadel-entry=king-only,pawn-of-pawns=one-arrival,\
//!      placement-onto=enemy,placement-targets=fork-or-trapped,royals-only=off,move-limit=off"
//! );
//! assert_eq!(RuleSet::default().to_string(), "");
//! assert!("swap-when=never".parse::<RuleSet>().is_err());
//! # Ok::<(), tamerlane_core::RuleSetError>(())
//! ```

use core::hash::{Hash, Hasher};
use core::num::NonZeroU16;

use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::rule_string::{
    count_text, option_enum, parse_count, rule_string_impls, set_named, RuleOptions,
};
pub use crate::rule_string::{RuleSetError, MAX_RULE_SET_LEN, MOVE_LIMIT_RANGE, REPETITION_RANGE};
use crate::rule_string::{MOVE_LIMIT_KEY, REPETITION_KEY};

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
/// Parse one from its string form with [`FromStr`](core::str::FromStr); [`Display`](core::fmt::Display)
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

/// The getter and the setter of each named option of [`RuleSet`]
/// (`field: Type` then the setter's name), with their docs.
macro_rules! named_option_accessors {
    ($(
        $(#[$get_doc:meta])* $field:ident: $ty:ty,
        $(#[$set_doc:meta])* $setter:ident;
    )+) => {
        $(
            $(#[$get_doc])*
            pub const fn $field(&self) -> $ty {
                self.$field
            }
            $(#[$set_doc])*
            pub fn $setter(&mut self, v: $ty) -> &mut RuleSet {
                self.$field = v;
                self
            }
        )+
    };
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

    named_option_accessors! {
        /// When the King swap is available.
        swap_when: SwapWhen,
        /// Sets when the King swap is available.
        set_swap_when;
        /// Which pieces the King may swap with.
        swap_with: SwapWith,
        /// Sets which pieces the King may swap with.
        set_swap_with;
        /// Which royal may enter the opponent's citadel.
        citadel_entry: CitadelEntry,
        /// Sets which royal may enter the opponent's citadel.
        set_citadel_entry;
        /// How far the pawn of pawns goes.
        pawn_of_pawns: PawnOfPawns,
        /// Sets how far the pawn of pawns goes.
        set_pawn_of_pawns;
        /// What a placement may land on.
        placement_onto: PlacementOnto,
        /// Sets what a placement may land on.
        set_placement_onto;
        /// Which squares a placement may choose.
        placement_targets: PlacementTargets,
        /// Sets which squares a placement may choose.
        set_placement_targets;
        /// How a move of a side with a single royal is judged.
        lone_royal: LoneRoyal,
        /// Sets how a move of a side with a single royal is judged.
        set_lone_royal;
        /// Whether royals against royals is a draw.
        royals_only: RoyalsOnly,
        /// Sets whether royals against royals is a draw.
        set_royals_only;
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

impl RuleOptions for RuleSet {
    /// The presets by name: `default` and `seed-001`.
    const PRESETS: &'static [(&'static str, RuleSet)] = &[
        ("default", RuleSet::DEFAULT),
        ("seed-001", RuleSet::SEED_001),
    ];

    fn apply(&mut self, key: &str, value: &str) -> Result<(), RuleSetError> {
        match key {
            SwapWhen::KEY => set_named(&mut self.swap_when, value),
            SwapWith::KEY => set_named(&mut self.swap_with, value),
            CitadelEntry::KEY => set_named(&mut self.citadel_entry, value),
            PawnOfPawns::KEY => set_named(&mut self.pawn_of_pawns, value),
            PlacementOnto::KEY => set_named(&mut self.placement_onto, value),
            PlacementTargets::KEY => set_named(&mut self.placement_targets, value),
            LoneRoyal::KEY => set_named(&mut self.lone_royal, value),
            RoyalsOnly::KEY => set_named(&mut self.royals_only, value),
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

    /// In the order of the table of docs/RULES.md, section 9.
    fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            (SwapWhen::KEY, self.swap_when.to_string()),
            (SwapWith::KEY, self.swap_with.to_string()),
            (CitadelEntry::KEY, self.citadel_entry.to_string()),
            (PawnOfPawns::KEY, self.pawn_of_pawns.to_string()),
            (PlacementOnto::KEY, self.placement_onto.to_string()),
            (PlacementTargets::KEY, self.placement_targets.to_string()),
            (LoneRoyal::KEY, self.lone_royal.to_string()),
            (RoyalsOnly::KEY, self.royals_only.to_string()),
            (REPETITION_KEY, count_text(self.repetition())),
            (MOVE_LIMIT_KEY, count_text(self.move_limit())),
        ]
    }
}

rule_string_impls!(RuleSet);
