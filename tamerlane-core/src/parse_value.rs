//! The error of the `FromStr` implementations that read back what
//! `Display` writes for the small types: [`Color`](crate::Color),
//! [`Role`](crate::Role), [`Piece`](crate::Piece), [`File`](crate::File),
//! [`Rank`](crate::Rank), [`Termination`](crate::Termination),
//! [`Outcome`](crate::Outcome) and [`GameResult`](crate::GameResult).

use core::fmt;

use crate::excerpt::{excerpt, EXCERPT_CHARS};

/// The type a string failed to parse as, in a [`ParseValueError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// A [`Color`](crate::Color): `white` or `black`.
    Color,
    /// A [`Role`](crate::Role): its English name, e.g. `giraffe`.
    Role,
    /// A [`Piece`](crate::Piece): its TFEN token, e.g. `G` or `pp`.
    Piece,
    /// A [`File`](crate::File): `a` to `k`.
    File,
    /// A [`Rank`](crate::Rank): `1` to `10`.
    Rank,
    /// A [`Termination`](crate::Termination), e.g. `royals-only`.
    Termination,
    /// An [`Outcome`](crate::Outcome), e.g. `white checkmate`.
    Outcome,
    /// A [`GameResult`](crate::GameResult): `1-0`, `0-1`, `1/2-1/2` or `*`.
    GameResult,
}

impl ValueKind {
    /// What the type is called in error messages.
    const fn what(self) -> &'static str {
        match self {
            ValueKind::Color => "colour",
            ValueKind::Role => "role",
            ValueKind::Piece => "piece",
            ValueKind::File => "file",
            ValueKind::Rank => "rank",
            ValueKind::Termination => "termination",
            ValueKind::Outcome => "outcome",
            ValueKind::GameResult => "game result",
        }
    }

    /// The forms that are accepted.
    const fn expected(self) -> &'static str {
        match self {
            ValueKind::Color => "white or black",
            ValueKind::Role => "a role's name in lower case, e.g. king, pawn or giraffe",
            ValueKind::Piece => "a TFEN piece token, e.g. K, g, PR or pp",
            ValueKind::File => "a file letter a to k",
            ValueKind::Rank => "a rank number 1 to 10",
            ValueKind::Termination => "a termination's name, e.g. checkmate or stalemate",
            ValueKind::Outcome => {
                "white, black or draw, a space and a termination, e.g. white checkmate"
            }
            ValueKind::GameResult => "1-0, 0-1, 1/2-1/2 or *",
        }
    }
}

/// A string that is not the written form (the `Display` output) of a value
/// of the type it was parsed as.
///
/// ```
/// use tamerlane_core::{Color, ValueKind};
///
/// let err = "purple".parse::<Color>().unwrap_err();
/// assert_eq!(err.kind, ValueKind::Color);
/// assert_eq!(err.text, "purple");
/// assert_eq!(err.to_string(), "invalid colour \"purple\": expected white or black");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseValueError {
    /// The type the text was parsed as.
    pub kind: ValueKind,
    /// The rejected text (truncated to 40 characters).
    pub text: String,
}

impl ParseValueError {
    /// The error for `text` parsed as `kind`.
    pub(crate) fn new(kind: ValueKind, text: &str) -> ParseValueError {
        ParseValueError {
            kind,
            text: excerpt(text, EXCERPT_CHARS),
        }
    }
}

/// The value among `all` whose `name` is `s`: the `FromStr` of the types
/// written by name.
pub(crate) fn by_name<T: Copy>(
    all: &[T],
    name: fn(T) -> &'static str,
    kind: ValueKind,
    s: &str,
) -> Result<T, ParseValueError> {
    all.iter()
        .copied()
        .find(|&x| name(x) == s)
        .ok_or_else(|| ParseValueError::new(kind, s))
}

impl fmt::Display for ParseValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} {:?}: expected {}",
            self.kind.what(),
            self.text,
            self.kind.expected()
        )
    }
}

impl std::error::Error for ParseValueError {}

/// Declares an enum whose values are written by name: the enum, `ALL` (in
/// declaration order), `name()`, and the `Display` and `FromStr` that write
/// and read the name (the latter failing with the given [`ValueKind`]).
///
/// ```ignore
/// named_enum! {
///     /// A side.
///     pub enum Color: ValueKind::Color {
///         /// Moves first.
///         White => "white",
///         Black => "black",
///     }
/// }
/// ```
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident: $kind:path {
            $( $(#[$vmeta:meta])* $variant:ident => $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// The written name: what `Display` writes and `FromStr` reads.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::parse_value::ParseValueError;
            /// Reads what `Display` writes: the [`name`](Self::name).
            fn from_str(s: &str) -> Result<$name, $crate::parse_value::ParseValueError> {
                $crate::parse_value::by_name(&$name::ALL, $name::name, $kind, s)
            }
        }
    };
}
pub(crate) use named_enum;

/// The `Display` and `FromStr` of a value written as what its method
/// `$write` returns and read back from the bytes of a string by its
/// function `$read` (failing with the [`ValueKind`] `$kind`); `$reads`
/// says what the reader accepts, for its doc. Invoked in the type's file,
/// where `fmt` and `FromStr` are in scope.
macro_rules! text_value {
    ($name:ident: $kind:path, $write:ident, $read:ident, $reads:literal) => {
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.$write())
            }
        }

        impl FromStr for $name {
            type Err = $crate::parse_value::ParseValueError;
            #[doc = concat!("Reads what [`Display`](fmt::Display) writes: ", $reads, ".")]
            fn from_str(s: &str) -> Result<$name, $crate::parse_value::ParseValueError> {
                $name::$read(s.as_bytes())
                    .ok_or_else(|| $crate::parse_value::ParseValueError::new($kind, s))
            }
        }
    };
}
pub(crate) use text_value;
