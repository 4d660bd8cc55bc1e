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

use core::fmt;
use core::str::FromStr;

use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::rule_string::{parse_rule_string, RuleSetError};

/// How threefold repetition and the 50-move rule end a game (key `draws`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Draws {
    /// On a claim by the player to move (FIDE 9.2, 9.3; `claim`, the
    /// default). Fivefold repetition and the 75-move rule are automatic.
    #[default]
    Claim,
    /// At once, as if claimed (`automatic`).
    Automatic,
}

impl Draws {
    /// The key of this option in the string form.
    pub const KEY: &'static str = "draws";

    /// The value's name in the string form.
    pub const fn name(self) -> &'static str {
        match self {
            Draws::Claim => "claim",
            Draws::Automatic => "automatic",
        }
    }
}

impl fmt::Display for Draws {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule options of a chess game. The default is the Laws as the seed
/// states them.
///
/// Parse one from its string form with [`FromStr`] (the empty string and
/// `default` are the default); [`Display`](fmt::Display) prints the
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

    /// Applies one `key=value` pair.
    fn apply(&mut self, key: &str, value: &str) -> Result<(), RuleSetError> {
        match key {
            Draws::KEY => {
                self.draws = match value {
                    "claim" => Draws::Claim,
                    "automatic" => Draws::Automatic,
                    _ => {
                        return Err(RuleSetError::UnknownValue {
                            key: key.to_owned(),
                            value: excerpt(value, EXCERPT_CHARS),
                        })
                    }
                };
                Ok(())
            }
            _ => Err(RuleSetError::UnknownKey(excerpt(key, EXCERPT_CHARS))),
        }
    }
}

/// The one preset, `default`.
const PRESETS: &[(&str, Rules)] = &[("default", Rules::DEFAULT)];

impl FromStr for Rules {
    type Err = RuleSetError;

    /// Parses a rule string: optionally `default` first, then `key=value`
    /// pairs (section 9's strict syntax).
    fn from_str(s: &str) -> Result<Rules, RuleSetError> {
        parse_rule_string(s, Rules::DEFAULT, PRESETS, Rules::apply)
    }
}

impl fmt::Display for Rules {
    /// The canonical form: empty for the default, else `draws=automatic`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.draws != Rules::DEFAULT.draws {
            write!(f, "{}={}", Draws::KEY, self.draws)?;
        }
        Ok(())
    }
}
