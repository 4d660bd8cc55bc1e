//! The three games by name ([`Variant`]: the protocol's `UCI_Variant` and
//! the command line's `--game`), and a rule set of any of them
//! ([`AnyRules`]).

use std::fmt;
use std::str::FromStr;

use tamerlane_core::{chess, makruk, RuleSet, RuleSetError};

/// One of the games the engine plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Tamerlane chess (the default).
    #[default]
    Tamerlane,
    /// FIDE chess.
    Chess,
    /// Makruk (Thai chess).
    Makruk,
}

impl Variant {
    /// The three games, in the order of their names in [`NAMES`](Self::NAMES).
    pub const ALL: [Variant; 3] = [Variant::Tamerlane, Variant::Chess, Variant::Makruk];
    /// The names, as the protocol and the command line write them.
    pub const NAMES: [&'static str; 3] = ["tamerlane", "chess", "makruk"];

    /// The name (`tamerlane`, `chess` or `makruk`).
    pub const fn name(self) -> &'static str {
        Variant::NAMES[self as usize]
    }

    /// The default rules of this game.
    pub const fn default_rules(self) -> AnyRules {
        match self {
            Variant::Tamerlane => AnyRules::Tamerlane(RuleSet::DEFAULT),
            Variant::Chess => AnyRules::Chess(chess::Rules::DEFAULT),
            Variant::Makruk => AnyRules::Makruk(makruk::Rules::DEFAULT),
        }
    }

    /// Reads a rule string (RULES-SPEC section 9) as this game's rules.
    pub fn parse_rules(self, text: &str) -> Result<AnyRules, RuleSetError> {
        Ok(match self {
            Variant::Tamerlane => AnyRules::Tamerlane(text.parse()?),
            Variant::Chess => AnyRules::Chess(text.parse()?),
            Variant::Makruk => AnyRules::Makruk(text.parse()?),
        })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of [`Variant::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game `{}` (expected {})",
            tamerlane_core::excerpt(&self.0, tamerlane_core::EXCERPT_CHARS),
            Variant::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// The name, in any case.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// The rules of one of the games: the game and its options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AnyRules {
    /// A Tamerlane rule set.
    Tamerlane(RuleSet),
    /// Chess rules.
    Chess(chess::Rules),
    /// Makruk rules.
    Makruk(makruk::Rules),
}

impl AnyRules {
    /// The game these rules are for.
    pub const fn variant(&self) -> Variant {
        match self {
            AnyRules::Tamerlane(_) => Variant::Tamerlane,
            AnyRules::Chess(_) => Variant::Chess,
            AnyRules::Makruk(_) => Variant::Makruk,
        }
    }
}

impl From<RuleSet> for AnyRules {
    fn from(r: RuleSet) -> AnyRules {
        AnyRules::Tamerlane(r)
    }
}

impl Default for AnyRules {
    fn default() -> AnyRules {
        Variant::Tamerlane.default_rules()
    }
}

impl fmt::Display for AnyRules {
    /// The rule string (without the game's name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyRules::Tamerlane(r) => r.fmt(f),
            AnyRules::Chess(r) => r.fmt(f),
            AnyRules::Makruk(r) => r.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_in_any_case() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!(v.name().to_uppercase().parse::<Variant>(), Ok(v));
            assert_eq!(v.default_rules().variant(), v);
        }
        let e = "shogi".parse::<Variant>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game `shogi` (expected tamerlane, chess, makruk)"
        );
    }

    #[test]
    fn rule_strings_are_read_as_the_game_says() {
        assert_eq!(
            Variant::Chess
                .parse_rules("draws=automatic")
                .unwrap()
                .to_string(),
            "draws=automatic"
        );
        assert!(Variant::Tamerlane.parse_rules("draws=automatic").is_err());
        assert!(Variant::Makruk
            .parse_rules("counting=fairy-stockfish")
            .is_ok());
    }
}
