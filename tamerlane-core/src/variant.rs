//! The three games by name ([`Variant`]: the protocol's `UCI_Variant`, the
//! command line's `--game`, a record's `Variant` tag).

use std::fmt;
use std::str::FromStr;

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

    /// The value of the `Variant` tag a game record of this game carries:
    /// `Tamerlane`, `Makruk`, or none for chess (standard PGN has none).
    pub const fn variant_tag(self) -> Option<&'static str> {
        match self {
            Variant::Tamerlane => Some("Tamerlane"),
            Variant::Chess => None,
            Variant::Makruk => Some("Makruk"),
        }
    }

    /// Whether a record's `Variant` tag names this game (any case,
    /// surrounding blanks ignored): the game's name; for chess also
    /// `Standard`, as most servers write it.
    pub fn is_variant_tag(self, value: &str) -> bool {
        let v = value.trim();
        v.eq_ignore_ascii_case(self.name())
            || (self == Variant::Chess && v.eq_ignore_ascii_case("standard"))
    }

    /// The record tag holding a start position other than the initial one:
    /// `TFEN` for Tamerlane, `FEN` for chess and Makruk.
    pub const fn fen_tag(self) -> &'static str {
        match self {
            Variant::Tamerlane => "TFEN",
            Variant::Chess | Variant::Makruk => "FEN",
        }
    }

    /// A position tag that a record of this game refuses: a chess `FEN`
    /// in a Tamerlane record (its positions go in `TFEN`).
    pub const fn foreign_fen_tag(self) -> Option<&'static str> {
        match self {
            Variant::Tamerlane => Some("FEN"),
            Variant::Chess | Variant::Makruk => None,
        }
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
            crate::excerpt::excerpt(&self.0, crate::excerpt::EXCERPT_CHARS),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_in_any_case() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!(v.name().to_uppercase().parse::<Variant>(), Ok(v));
        }
        let e = "shogi".parse::<Variant>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game `shogi` (expected tamerlane, chess, makruk)"
        );
    }
}
