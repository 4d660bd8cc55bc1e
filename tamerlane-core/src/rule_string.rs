//! The rule-set string syntax shared by the three games (docs/RULES.md,
//! section 9): comma-separated `key=value` items after an optional preset,
//! strict about case, spacing and repeats; the count values (`off` or a
//! number); the canonical form; and [`RuleSetError`], which names what is
//! wrong. Each game's options type (Tamerlane's
//! [`RuleSet`](crate::tamerlane::RuleSet), [`chess::Rules`](crate::chess::Rules),
//! [`makruk::Rules`](crate::makruk::Rules)) supplies its keys and presets.

use core::fmt;

use crate::excerpt::{excerpt, EXCERPT_CHARS};

/// One option of a rule set with two named values, defined by
/// [`option_enum!`]: its key and the names of its values.
pub(crate) trait NamedOption: Copy + Sized {
    /// The key of the option in the string form.
    const KEY: &'static str;
    /// The value named `s`, if any.
    fn from_name(s: &str) -> Option<Self>;
}

/// Defines a two-valued option of a game's rule set (docs/RULES.md,
/// section 9): the enum (its first variant the default), its key and the
/// names of its values in the string form, in one place.
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
        }

        impl $crate::rule_string::NamedOption for $name {
            const KEY: &'static str = $key;
            fn from_name(s: &str) -> Option<$name> {
                match s {
                    $s0 => Some($name::$v0),
                    $s1 => Some($name::$v1),
                    _ => None,
                }
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}
pub(crate) use option_enum;

/// Sets `slot` to the value named `value` of its option.
pub(crate) fn set_named<T: NamedOption>(slot: &mut T, value: &str) -> Result<(), RuleSetError> {
    *slot = T::from_name(value).ok_or_else(|| RuleSetError::UnknownValue {
        key: T::KEY.to_owned(),
        value: excerpt(value, EXCERPT_CHARS),
    })?;
    Ok(())
}

/// A game's rule options as the rule-set string reads and writes them;
/// [`rule_string_impls!`] gives them `FromStr` and `Display`.
pub(crate) trait RuleOptions: Clone + Default + 'static {
    /// The presets by name: `default` first.
    const PRESETS: &'static [(&'static str, Self)];
    /// Applies one `key=value` pair.
    fn apply(&mut self, key: &str, value: &str) -> Result<(), RuleSetError>;
    /// Every option's key and value, in the canonical order.
    fn pairs(&self) -> Vec<(&'static str, String)>;
}

/// `FromStr` (the strict syntax of [`parse_rule_string`]) and `Display`
/// (the canonical form: the keys whose values differ from the default, in
/// the canonical order, comma-separated; empty for the default) of a
/// game's [`RuleOptions`].
macro_rules! rule_string_impls {
    ($t:ty) => {
        impl core::str::FromStr for $t {
            type Err = $crate::rule_string::RuleSetError;

            /// Parses a rule-set string: an optional preset as the first
            /// item, then `key=value` pairs applied left to right. The
            /// syntax is strict: lower case, no whitespace, no empty items,
            /// no key twice (docs/RULES.md, section 9).
            fn from_str(s: &str) -> Result<$t, $crate::rule_string::RuleSetError> {
                use $crate::rule_string::RuleOptions;
                $crate::rule_string::parse_rule_string(
                    s,
                    <$t>::default(),
                    <$t as RuleOptions>::PRESETS,
                    <$t as RuleOptions>::apply,
                )
            }
        }

        impl core::fmt::Display for $t {
            /// The canonical form: the keys that differ from the default,
            /// in the canonical order, comma-separated; the default is
            /// empty.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                $crate::rule_string::write_options(self, f)
            }
        }
    };
}
pub(crate) use rule_string_impls;

/// The longest rule-set string accepted, in bytes: every key with its
/// longest value takes under 300.
pub const MAX_RULE_SET_LEN: usize = 1024;

/// The key of the repetition count.
pub(crate) const REPETITION_KEY: &str = "repetition";
/// The key of the move limit.
pub(crate) const MOVE_LIMIT_KEY: &str = "move-limit";

/// The smallest and largest repetition counts (`repetition=N`).
pub const REPETITION_RANGE: (u32, u32) = (2, 10);
/// The smallest and largest move limits in plies (`move-limit=N`).
pub const MOVE_LIMIT_RANGE: (u32, u32) = (1, 10_000);

/// Parses `off` or a decimal integer without sign or leading zeros within
/// `range` (inclusive): the numeric option values of every game.
pub(crate) fn parse_count(
    key: &str,
    value: &str,
    range: (u32, u32),
) -> Result<Option<u32>, RuleSetError> {
    if value == "off" {
        return Ok(None);
    }
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(RuleSetError::UnknownValue {
            key: key.to_owned(),
            value: excerpt(value, EXCERPT_CHARS),
        });
    }
    if value.len() > 1 && value.starts_with('0') {
        return Err(RuleSetError::LeadingZero {
            key: key.to_owned(),
            value: excerpt(value, EXCERPT_CHARS),
        });
    }
    let out_of_range = || RuleSetError::OutOfRange {
        key: key.to_owned(),
        value: excerpt(value, EXCERPT_CHARS),
        min: range.0,
        max: range.1,
    };
    let n: u32 = value.parse().map_err(|_| out_of_range())?;
    if !(range.0..=range.1).contains(&n) {
        return Err(out_of_range());
    }
    Ok(Some(n))
}

/// The strict rule-set string syntax (docs/RULES.md, section 9), for any
/// game's options `T` (Tamerlane's [`RuleSet`](crate::tamerlane::RuleSet), and the sibling games'):
/// at most [`MAX_RULE_SET_LEN`] bytes of `a-z 0-9 - = ,`, comma-separated
/// non-empty items, an optional preset (one of `presets`, by name) only as
/// the first item, then `key=value` pairs handed to `apply` left to right, no
/// key twice. The empty string gives `default`.
pub(crate) fn parse_rule_string<T: Clone>(
    s: &str,
    default: T,
    presets: &'static [(&'static str, T)],
    apply: fn(&mut T, &str, &str) -> Result<(), RuleSetError>,
) -> Result<T, RuleSetError> {
    if s.len() > MAX_RULE_SET_LEN {
        return Err(RuleSetError::TooLong(s.len()));
    }
    if let Some((i, c)) = s
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_lowercase() || c.is_ascii_digit() || "-=,".contains(c)))
    {
        return Err(RuleSetError::BadCharacter { index: i, found: c });
    }
    let mut rules = default;
    if s.is_empty() {
        return Ok(rules);
    }
    let mut seen: Vec<&str> = Vec::new();
    for (index, item) in s.split(',').enumerate() {
        if item.is_empty() {
            return Err(RuleSetError::EmptyItem { index });
        }
        match item.split_once('=') {
            None => match presets.iter().find(|(name, _)| *name == item) {
                Some((_, p)) if index == 0 => rules = p.clone(),
                Some(_) => return Err(RuleSetError::PresetNotFirst(item.to_owned())),
                None => {
                    return Err(RuleSetError::UnknownPreset {
                        name: excerpt(item, EXCERPT_CHARS),
                        presets: presets.iter().map(|(name, _)| *name).collect(),
                    })
                }
            },
            Some((key, value)) => {
                if seen.contains(&key) {
                    return Err(RuleSetError::DuplicateKey(excerpt(key, EXCERPT_CHARS)));
                }
                apply(&mut rules, key, value)?;
                seen.push(key);
            }
        }
    }
    Ok(rules)
}

/// The string form of a count option: the number, or `off`.
pub(crate) fn count_text(v: Option<u32>) -> String {
    v.map_or_else(|| "off".to_owned(), |n| n.to_string())
}

/// Writes the canonical form of a game's rule options: the `key=value`
/// pairs whose values differ from the default's, in the canonical order,
/// comma-separated.
pub(crate) fn write_options<T: RuleOptions>(
    options: &T,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let default = T::default().pairs();
    let mut sep = "";
    for ((key, value), (_, default)) in options.pairs().into_iter().zip(default) {
        if value != default {
            write!(f, "{sep}{key}={value}")?;
            sep = ",";
        }
    }
    Ok(())
}

/// Why a rule-set string was refused. Each names the offending text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleSetError {
    /// The string is longer than [`MAX_RULE_SET_LEN`] bytes (its length).
    TooLong(usize),
    /// A character outside `a-z`, `0-9`, `-`, `=`, `,` (upper case and
    /// white space included), at this byte index.
    BadCharacter {
        /// Byte index in the string.
        index: usize,
        /// The character.
        found: char,
    },
    /// An empty item (`x,`, `,x`, `x,,y`), by its item index.
    EmptyItem {
        /// Index of the item, counting from 0.
        index: usize,
    },
    /// An item without `=` that is not a preset name of the game.
    UnknownPreset {
        /// The item.
        name: String,
        /// The game's presets.
        presets: Vec<&'static str>,
    },
    /// A preset after the first item.
    PresetNotFirst(String),
    /// A key that no option has.
    UnknownKey(String),
    /// A value the key does not take.
    UnknownValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
    },
    /// A number written with a leading zero.
    LeadingZero {
        /// The key.
        key: String,
        /// The value given.
        value: String,
    },
    /// A number outside the key's range.
    OutOfRange {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The smallest value allowed.
        min: u32,
        /// The largest value allowed.
        max: u32,
    },
    /// The same key given twice as a pair.
    DuplicateKey(String),
}

impl fmt::Display for RuleSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSetError::TooLong(n) => write!(
                f,
                "rule set: {n} bytes, longer than the {MAX_RULE_SET_LEN} allowed"
            ),
            RuleSetError::BadCharacter { index, found } => write!(
                f,
                "rule set: {found:?} at byte {index} (only lower-case letters, digits, '-', '=' and ',')"
            ),
            RuleSetError::EmptyItem { index } => {
                write!(f, "rule set: item {} is empty", index + 1)
            }
            RuleSetError::UnknownPreset { name, presets } => write!(
                f,
                "rule set: unknown preset {name:?} (presets: {}; options are key=value)",
                presets.join(", ")
            ),
            RuleSetError::PresetNotFirst(s) => {
                write!(f, "rule set: the preset {s:?} must be the first item")
            }
            RuleSetError::UnknownKey(k) => write!(f, "rule set: unknown key {k:?}"),
            RuleSetError::UnknownValue { key, value } => {
                write!(f, "rule set: {key} does not take the value {value:?}")
            }
            RuleSetError::LeadingZero { key, value } => {
                write!(f, "rule set: {key}={value}: numbers have no leading zeros")
            }
            RuleSetError::OutOfRange {
                key,
                value,
                min,
                max,
            } => write!(
                f,
                "rule set: {key}={value} is out of range (from {min} to {max}, or off)"
            ),
            RuleSetError::DuplicateKey(k) => write!(f, "rule set: key {k:?} given twice"),
        }
    }
}

impl std::error::Error for RuleSetError {}
