//! The rule options of chess, written in the rule-set string syntax of
//! docs/RULES.md, section 9 (`draws=automatic`).
//!
//! | key | values (default first) | meaning of the non-default value |
//! |---|---|---|
//! | `draws` | `claim`, `automatic` | Threefold repetition and the 50-move rule draw at once, without a claim (as most engines and servers play). |
//!
//! The Laws fix the numbers of the repetition and move-count rules (three
//! and five occurrences, 50 and 75 moves), so chess has no `repetition` or
//! `move-limit` keys: other values would be another game.
//!
//! ```
//! use tamerlane_core::chess::{Draws, Rules};
//!
//! let rules: Rules = "draws=automatic".parse()?;
//! assert_eq!(rules.draws(), Draws::Automatic);
//! assert_eq!(rules.to_string(), "draws=automatic");
//! assert_eq!(Rules::default().to_string(), "");
//! assert!("draws=never".parse::<Rules>().is_err());
//! assert!("repetition=3".parse::<Rules>().is_err());
//! # Ok::<(), tamerlane_core::RuleSetError>(())
//! ```

use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::rule_string::{option_enum, rule_string_impls, set_named, RuleOptions, RuleSetError};

option_enum!(
    /// How threefold repetition and the 50-move rule end a game (key `draws`).
    Draws, "draws",
    /// On a claim by the player to move (FIDE 9.2, 9.3; `claim`, the
    /// default). Fivefold repetition and the 75-move rule are automatic.
    Claim = "claim",
    /// At once, as if claimed (`automatic`).
    Automatic = "automatic",
);

/// The rule options of a chess game. The default is the Laws as the seed
/// states them.
///
/// Parse one from its string form with [`FromStr`](core::str::FromStr) (the empty string and
/// `default` are the default); [`Display`](core::fmt::Display) prints the
/// canonical form, only the keys that differ from the default.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    draws: Draws,
}

impl Rules {
    /// The Laws: threefold repetition and the 50-move rule on a claim.
    pub const DEFAULT: Rules = Rules {
        draws: Draws::Claim,
    };

    /// How threefold repetition and the 50-move rule end a game.
    pub const fn draws(&self) -> Draws {
        self.draws
    }

    /// Sets how threefold repetition and the 50-move rule end a game.
    pub fn set_draws(&mut self, draws: Draws) -> &mut Rules {
        self.draws = draws;
        self
    }

    /// Whether the options are the default ones.
    pub fn is_default(&self) -> bool {
        *self == Rules::DEFAULT
    }
}

impl RuleOptions for Rules {
    /// The one preset, `default`.
    const PRESETS: &'static [(&'static str, Rules)] = &[("default", Rules::DEFAULT)];

    fn apply(&mut self, key: &str, value: &str) -> Result<(), RuleSetError> {
        match key {
            Draws::KEY => set_named(&mut self.draws, value),
            _ => Err(RuleSetError::UnknownKey(excerpt(key, EXCERPT_CHARS))),
        }
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![(Draws::KEY, self.draws.to_string())]
    }
}

rule_string_impls!(Rules);
