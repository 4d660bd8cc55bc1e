//! Makruk's rule options: the counting rules' variant, and the repetition
//! and move-limit draws of docs/RULES.md, section 9, in the same strict string
//! form as Tamerlane's rule sets (`counting=fairy-stockfish,repetition=off`).

use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::rule_string::{
    count_text, option_enum, parse_count, rule_string_impls, set_named, RuleOptions, RuleSetError,
    MOVE_LIMIT_KEY, MOVE_LIMIT_RANGE, REPETITION_KEY, REPETITION_RANGE,
};

option_enum!(
    /// Which reading of the counting rules is played (key `counting`).
    Counting, "counting",
    /// The seed's rules (`seed`, the default): its pieces'-honour table in
    /// its own order, and a checkmate given by the side at a disadvantage
    /// while the count runs is a draw.
    Seed = "seed",
    /// Fairy-Stockfish's `makruk` (`fairy-stockfish`): two Knights before
    /// one Khon in the table, and every checkmate wins.
    FairyStockfish = "fairy-stockfish",
);

/// The rule options of a Makruk game. The default: the seed's counting,
/// threefold repetition, no move limit.
///
/// ```
/// use tamerlane_core::makruk::{Counting, Rules};
///
/// let rules: Rules = "counting=fairy-stockfish,repetition=off".parse()?;
/// assert_eq!(rules.counting(), Counting::FairyStockfish);
/// assert_eq!(rules.repetition(), None);
/// // The canonical form: the keys that differ from the default, in order.
/// assert_eq!(rules.to_string(), "counting=fairy-stockfish,repetition=off");
/// assert_eq!(Rules::default().to_string(), "");
/// assert!("counting=manual".parse::<Rules>().is_err());
/// # Ok::<(), tamerlane_core::RuleSetError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    counting: Counting,
    repetition: Option<u32>,
    move_limit: Option<u32>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::DEFAULT
    }
}

impl Rules {
    /// The default rules: `counting=seed`, `repetition=3`, `move-limit=off`.
    pub const DEFAULT: Rules = Rules {
        counting: Counting::Seed,
        repetition: Some(3),
        move_limit: None,
    };

    /// The reading of the counting rules.
    pub const fn counting(&self) -> Counting {
        self.counting
    }
    /// The number of occurrences of a position that draws (`None`: never).
    pub const fn repetition(&self) -> Option<u32> {
        self.repetition
    }
    /// The plies without capture or pawn move that draw (`None`: never).
    pub const fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }

    /// Sets the reading of the counting rules.
    pub fn set_counting(&mut self, v: Counting) -> &mut Rules {
        self.counting = v;
        self
    }
    /// Sets the repetition count (`None`: never), 2 to 10.
    pub fn set_repetition(&mut self, v: Option<u32>) -> Result<&mut Rules, RuleSetError> {
        self.repetition = checked(REPETITION_KEY, v, REPETITION_RANGE)?;
        Ok(self)
    }
    /// Sets the move limit in plies (`None`: never), 1 to 10,000.
    pub fn set_move_limit(&mut self, v: Option<u32>) -> Result<&mut Rules, RuleSetError> {
        self.move_limit = checked(MOVE_LIMIT_KEY, v, MOVE_LIMIT_RANGE)?;
        Ok(self)
    }
}

/// `v` if it is `None` or within `range`, checked by the string parser's
/// own rule (so both ways of setting a count give the same error).
fn checked(key: &str, v: Option<u32>, range: (u32, u32)) -> Result<Option<u32>, RuleSetError> {
    match v {
        None => Ok(None),
        Some(n) => parse_count(key, &n.to_string(), range),
    }
}

impl RuleOptions for Rules {
    /// The presets: only `default`.
    const PRESETS: &'static [(&'static str, Rules)] = &[("default", Rules::DEFAULT)];

    fn apply(&mut self, key: &str, value: &str) -> Result<(), RuleSetError> {
        match key {
            Counting::KEY => set_named(&mut self.counting, value)?,
            REPETITION_KEY => self.repetition = parse_count(key, value, REPETITION_RANGE)?,
            MOVE_LIMIT_KEY => self.move_limit = parse_count(key, value, MOVE_LIMIT_RANGE)?,
            _ => return Err(RuleSetError::UnknownKey(excerpt(key, EXCERPT_CHARS))),
        }
        Ok(())
    }

    /// `counting`, `repetition`, `move-limit`.
    fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            (Counting::KEY, self.counting.to_string()),
            (REPETITION_KEY, count_text(self.repetition)),
            (MOVE_LIMIT_KEY, count_text(self.move_limit)),
        ]
    }
}

rule_string_impls!(Rules);
