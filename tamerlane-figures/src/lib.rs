//! `tamerlane-figures`: the piece drawings of the tamerlane project, the
//! one source of the figures of the Python package's SVG boards
//! (`tamerlane.svg`, docs/PYTHON.md) and of the web board of
//! `tamerlane serve` (docs/WEB.md).
//!
//! A figure is the SVG elements of one piece in a [`BOX`]-wide square, in
//! a group (`<g>`) that sets its colours: White's light with a dark
//! outline, Black's dark ([`Palette`]). Its key is the upper-case TFEN
//! token of the Tamerlane piece (`"K"` ... `"G"`, the pawns `"PR"` ...
//! `"PP"`), or `"Q"`, `"B"` and `"P"` for the queen, bishop and pawn of
//! chess and Makruk (their other pieces are drawn with the Tamerlane
//! figures of the same pieces): [`KEYS`].
//!
//! ```
//! use tamerlane_figures::{figure, Side};
//!
//! let rook = figure("R", Side::Black)?;
//! assert!(rook.starts_with(r##"<g fill="#1c1c1c" stroke="#000000""##));
//! assert!(figure("PR", Side::White)?.contains(">R</text>"));
//! assert_eq!(
//!     figure("X", Side::White).unwrap_err().to_string(),
//!     "no piece figure `X` (the figures are K, S, A, F, V, R, N, E, C, D, T, G, \
//!      PR, PN, PT, PG, PF, PV, PE, PC, PD, PK, PP, Q, B, P)"
//! );
//! # Ok::<(), tamerlane_figures::UnknownFigure>(())
//! ```
//!
//! # The drawing files
//!
//! The drawings are the files under `drawings/` in this crate, embedded
//! when it is compiled: one per figure named by its key (`K.svg` ...),
//! `pawn.svg` for the eleven Tamerlane pawns, `figure.svg` (the group
//! around every figure) and the parts several drawings share
//! (`drawings/parts/`, e.g. `plinth.svg`). Each file is a template of SVG
//! elements:
//!
//! - one element a line; the lines are joined with nothing between them
//!   (a file's line breaks are not part of the drawing), and blank lines
//!   and lines that are one XML comment (`<!-- ... -->`, each file's
//!   first line says what it draws) are left out;
//! - `{fill}`, `{outline}` and `{detail}` are the colours of the side
//!   ([`Palette`]);
//! - `{NAME}` is the part `drawings/parts/NAME.svg`;
//! - in `pawn.svg`, `{kind}` is the letter of the pawn's kind and `{head}`
//!   its head: `parts/pawn-head-KIND.svg` when there is one (the pawn of
//!   kings' crown, the pawn of pawns' second head), else
//!   `parts/pawn-head.svg`;
//! - in `figure.svg`, `{drawing}` is the figure's drawing.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}

use std::fmt;
use std::sync::OnceLock;

/// Side of the square every figure is drawn in, in its own units.
pub const BOX: u32 = 45;

/// The keys of the figures: the twelve Tamerlane pieces, the eleven
/// Tamerlane pawns (their TFEN tokens), then the queen, bishop and pawn of
/// chess and Makruk.
pub const KEYS: [&str; 26] = [
    "K", "S", "A", "F", "V", "R", "N", "E", "C", "D", "T", "G", "PR", "PN", "PT", "PG", "PF", "PV",
    "PE", "PC", "PD", "PK", "PP", "Q", "B", "P",
];

/// The figure of each piece letter of the 8x8 games, by game: `(game,
/// [(upper-case FEN letter, figure key)])`. Chess has its own queen, bishop
/// and pawn; Makruk's Met steps one square diagonally, as the Ferz does,
/// and its Khon is chaturanga's elephant (the ancestor of Tamerlane's
/// Elephant too). Tamerlane's TFEN tokens are the figures' keys
/// themselves.
pub const LETTERS: [(&str, [(char, &str); 6]); 2] = [
    (
        "chess",
        [
            ('K', "K"),
            ('Q', "Q"),
            ('R', "R"),
            ('B', "B"),
            ('N', "N"),
            ('P', "P"),
        ],
    ),
    (
        "makruk",
        [
            ('K', "K"),
            ('M', "F"),
            ('S', "E"),
            ('R', "R"),
            ('N', "N"),
            ('P', "P"),
        ],
    ),
];

/// The figure key of the upper-case FEN `letter` of the 8x8 `game`
/// (`"chess"` or `"makruk"`, see [`LETTERS`]), if it has one.
///
/// ```
/// assert_eq!(tamerlane_figures::letter_key("makruk", 'M'), Some("F"));
/// assert_eq!(tamerlane_figures::letter_key("chess", 'M'), None);
/// ```
pub fn letter_key(game: &str, letter: char) -> Option<&'static str> {
    let (_, letters) = LETTERS.iter().find(|(g, _)| *g == game)?;
    letters.iter().find(|(l, _)| *l == letter).map(|(_, k)| *k)
}

/// The side a figure is coloured for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// White: a light body with a dark outline and dark details.
    White,
    /// Black: a dark body with light details.
    Black,
}

impl Side {
    /// The colours of this side's figures.
    pub const fn palette(self) -> Palette {
        match self {
            Side::White => Palette {
                fill: "#ffffff",
                outline: "#000000",
                detail: "#000000",
            },
            Side::Black => Palette {
                fill: "#1c1c1c",
                outline: "#000000",
                detail: "#ececec",
            },
        }
    }
}

/// The colours of one side's figures (CSS colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Palette {
    /// The body (`{fill}` in the drawings).
    pub fill: &'static str,
    /// The outline (`{outline}`).
    pub outline: &'static str,
    /// The details drawn inside a body: eyes, bands, a pawn's letter
    /// (`{detail}`).
    pub detail: &'static str,
}

/// The figure of `key` (one of [`KEYS`]) coloured for `side`: a `<g>`
/// element drawn in the [`BOX`]-wide square from (0, 0).
///
/// # Errors
///
/// [`UnknownFigure`] when `key` is none of [`KEYS`] (keys are upper case).
pub fn figure(key: &str, side: Side) -> Result<&'static str, UnknownFigure> {
    let i = KEYS
        .iter()
        .position(|k| *k == key)
        .ok_or_else(|| UnknownFigure::new(key))?;
    static DRAWN: OnceLock<Vec<[String; 2]>> = OnceLock::new();
    let drawn = DRAWN.get_or_init(|| {
        KEYS.iter()
            .map(|k| [draw(k, Side::White), draw(k, Side::Black)])
            .collect()
    });
    Ok(&drawn[i][side as usize])
}

/// A key that names no figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFigure {
    key: String,
}

impl UnknownFigure {
    /// The longest excerpt of the key kept, in characters.
    const EXCERPT: usize = 20;

    fn new(key: &str) -> UnknownFigure {
        let mut excerpt: String = key.chars().take(Self::EXCERPT).collect();
        if excerpt.len() < key.len() {
            excerpt.push_str("...");
        }
        UnknownFigure { key: excerpt }
    }

    /// The key asked for (its first 20 characters and `...` when longer).
    pub fn key(&self) -> &str {
        &self.key
    }
}

impl fmt::Display for UnknownFigure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no piece figure `{}` (the figures are {})",
            self.key,
            KEYS.join(", ")
        )
    }
}

impl std::error::Error for UnknownFigure {}

/// The drawing files of the figures, by name (the file name without
/// `.svg`): each figure's own (by key), the Tamerlane pawn's and the group
/// around every figure.
const DRAWINGS: [(&str, &str); 17] = [
    ("K", include_str!("../drawings/K.svg")),
    ("S", include_str!("../drawings/S.svg")),
    ("A", include_str!("../drawings/A.svg")),
    ("F", include_str!("../drawings/F.svg")),
    ("V", include_str!("../drawings/V.svg")),
    ("R", include_str!("../drawings/R.svg")),
    ("N", include_str!("../drawings/N.svg")),
    ("E", include_str!("../drawings/E.svg")),
    ("C", include_str!("../drawings/C.svg")),
    ("D", include_str!("../drawings/D.svg")),
    ("T", include_str!("../drawings/T.svg")),
    ("G", include_str!("../drawings/G.svg")),
    ("Q", include_str!("../drawings/Q.svg")),
    ("B", include_str!("../drawings/B.svg")),
    ("P", include_str!("../drawings/P.svg")),
    ("pawn", include_str!("../drawings/pawn.svg")),
    ("figure", include_str!("../drawings/figure.svg")),
];

/// The parts the drawings share (`drawings/parts/`), by name.
const PARTS: [(&str, &str); 6] = [
    ("plinth", include_str!("../drawings/parts/plinth.svg")),
    ("robe", include_str!("../drawings/parts/robe.svg")),
    ("pawn-body", include_str!("../drawings/parts/pawn-body.svg")),
    ("pawn-head", include_str!("../drawings/parts/pawn-head.svg")),
    (
        "pawn-head-K",
        include_str!("../drawings/parts/pawn-head-K.svg"),
    ),
    (
        "pawn-head-P",
        include_str!("../drawings/parts/pawn-head-P.svg"),
    ),
];

fn find(files: &[(&str, &'static str)], name: &str) -> Option<&'static str> {
    files.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// What a placeholder of a template stands for.
#[derive(Clone, Copy)]
enum Value<'a> {
    /// Text put in as it is.
    Text(&'a str),
    /// A template, expanded in its place.
    Template(&'a str),
}

/// Parts within parts deeper than this are left unexpanded (the drawings
/// nest two deep; the tests find any placeholder left).
const MAX_NESTING: u32 = 8;

/// The figure of a key of [`KEYS`] for `side`, from its files.
fn draw(key: &str, side: Side) -> String {
    let palette = side.palette();
    let (drawing, kind, head) = match key.strip_prefix('P').filter(|k| !k.is_empty()) {
        Some(kind) => (
            find(&DRAWINGS, "pawn"),
            kind,
            find(&PARTS, &format!("pawn-head-{kind}")).or(find(&PARTS, "pawn-head")),
        ),
        None => (find(&DRAWINGS, key), "", None),
    };
    let values = [
        ("fill", Value::Text(palette.fill)),
        ("outline", Value::Text(palette.outline)),
        ("detail", Value::Text(palette.detail)),
        ("kind", Value::Text(kind)),
        ("head", Value::Template(head.unwrap_or(""))),
        ("drawing", Value::Template(drawing.unwrap_or(""))),
    ];
    let mut out = String::new();
    expand(
        find(&DRAWINGS, "figure").unwrap_or(""),
        &values,
        &mut out,
        0,
    );
    out
}

/// Appends `template` to `out` with its comments and line breaks left out
/// and its placeholders replaced (by `values` or a part); a placeholder
/// that names nothing is kept as it is.
fn expand(template: &str, values: &[(&str, Value<'_>)], out: &mut String, nesting: u32) {
    for line in template.lines() {
        if line.is_empty() || (line.starts_with("<!--") && line.ends_with("-->")) {
            continue;
        }
        let mut rest = line;
        while let Some(open) = rest.find('{') {
            let Some(len) = rest[open..].find('}') else {
                break;
            };
            let name = &rest[open + 1..open + len];
            let value = values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| *v)
                .or_else(|| find(&PARTS, name).map(Value::Template));
            out.push_str(&rest[..open]);
            match value {
                Some(Value::Text(text)) => out.push_str(text),
                Some(Value::Template(t)) if nesting < MAX_NESTING => {
                    expand(t, values, out, nesting + 1)
                }
                _ => out.push_str(&rest[open..=open + len]),
            }
            rest = &rest[open + len + 1..];
        }
        out.push_str(rest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_names_a_figure() {
        for (game, letters) in LETTERS {
            for (letter, key) in letters {
                assert!(KEYS.contains(&key), "{game} {letter}: {key}");
                assert_eq!(letter_key(game, letter), Some(key));
            }
        }
        assert_eq!(letter_key("tamerlane", 'K'), None);
    }
    use std::collections::HashSet;
    use std::path::Path;

    fn every_figure() -> impl Iterator<Item = (&'static str, Side, &'static str)> {
        KEYS.iter().flat_map(|k| {
            [Side::White, Side::Black]
                .into_iter()
                .map(move |s| (*k, s, figure(k, s).unwrap()))
        })
    }

    #[test]
    fn every_figure_is_a_group_in_its_colours_with_every_placeholder_filled() {
        for (key, side, drawn) in every_figure() {
            let p = side.palette();
            let group = format!(
                r#"<g fill="{}" stroke="{}" stroke-width="1.5""#,
                p.fill, p.outline
            );
            assert!(drawn.starts_with(&group), "{key}: {drawn}");
            assert!(drawn.ends_with("</g>"), "{key}");
            assert!(!drawn.contains(['{', '}', '\n', '\r']), "{key}: {drawn}");
            assert!(!drawn.contains("<!--"), "{key}");
            assert_eq!(drawn.matches("<g").count(), 1, "{key}");
            // Elements one after the other, none left open.
            assert_eq!(
                drawn.matches('<').count(),
                drawn.matches('>').count(),
                "{key}"
            );
        }
    }

    #[test]
    fn the_figures_differ_and_each_side_has_its_colours() {
        for side in [Side::White, Side::Black] {
            let drawn: HashSet<_> = KEYS.iter().map(|k| figure(k, side).unwrap()).collect();
            assert_eq!(drawn.len(), KEYS.len());
        }
        for key in KEYS {
            let (white, black) = (
                figure(key, Side::White).unwrap(),
                figure(key, Side::Black).unwrap(),
            );
            // The same drawing in other colours.
            let uncoloured = |drawn: &str, side: Side| {
                let p = side.palette();
                [p.fill, p.outline, p.detail]
                    .iter()
                    .fold(drawn.to_owned(), |d, c| d.replace(c, ""))
            };
            assert_ne!(white, black);
            assert_eq!(
                uncoloured(white, Side::White),
                uncoloured(black, Side::Black)
            );
            assert!(!black.contains(Side::White.palette().fill), "{key}");
        }
    }

    #[test]
    fn pawns_carry_their_kind_and_only_pawns_carry_letters() {
        for key in KEYS {
            let drawn = figure(key, Side::White).unwrap();
            let letters: Vec<_> = drawn.match_indices("</text>").collect();
            match key.strip_prefix('P').filter(|k| !k.is_empty()) {
                Some(kind) => {
                    assert_eq!(letters.len(), 1, "{key}");
                    assert!(drawn.ends_with(&format!(">{kind}</text></g>")), "{key}");
                }
                None => assert!(letters.is_empty(), "{key}"),
            }
        }
        // The pawn of kings and the pawn of pawns have heads of their own;
        // the other pawns share one figure but for the letter.
        let without_letter = |k: &str| {
            figure(k, Side::White)
                .unwrap()
                .replace(&format!(">{}<", &k[1..]), "><")
        };
        assert_eq!(without_letter("PR"), without_letter("PG"));
        assert_ne!(without_letter("PR"), without_letter("PK"));
        assert_ne!(without_letter("PR"), without_letter("PP"));
        assert_ne!(without_letter("PK"), without_letter("PP"));
        // The 8x8 games' pawn is the Tamerlane pawn without a letter.
        let chess_pawn = figure("P", Side::White).unwrap();
        let letter_at = without_letter("PR").find("<text").unwrap();
        assert_eq!(chess_pawn[..letter_at], without_letter("PR")[..letter_at]);
    }

    #[test]
    fn a_key_that_names_no_figure_is_an_error() {
        for bad in [
            "", "X", "k", "pr", "PX", "P ", " K", "KK", "PRR", "pawn", "figure", "plinth",
        ] {
            let e = figure(bad, Side::White).unwrap_err();
            assert_eq!(e.key(), bad);
            assert!(e
                .to_string()
                .starts_with(&format!("no piece figure `{bad}`")));
        }
        let long = "Q".repeat(10_000);
        let e = figure(&long, Side::Black).unwrap_err();
        assert_eq!(e.key(), format!("{}...", "Q".repeat(20)));
        assert!(e.to_string().len() < 200);
        let e = figure("éééééééééééééééééééééé", Side::Black).unwrap_err();
        assert_eq!(e.key(), format!("{}...", "é".repeat(20)));
    }

    #[test]
    fn templates_fill_values_parts_and_leave_unknown_names() {
        let mut out = String::new();
        let values = [("fill", Value::Text("#123456"))];
        expand(
            "<!-- a comment -->\n\n<a x=\"{fill}\"/>\r\n{plinth}\n<b y=\"{nothing}\"/>{\n",
            &values,
            &mut out,
            0,
        );
        let plinth = r#"<path d="M9.5,39.5 H35.5 V37.5 C35.5,35.8 34.5,34.5 32.5,34.5 H12.5 C10.5,34.5 9.5,35.8 9.5,37.5 Z"/>"#;
        assert_eq!(
            out,
            format!("<a x=\"#123456\"/>{plinth}<b y=\"{{nothing}}\"/>{{")
        );
    }

    /// The files under `drawings/`, as names (`K`, `parts/plinth`).
    fn files_in(dir: &Path, prefix: &str) -> HashSet<String> {
        let mut names = HashSet::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_owned();
            if path.is_dir() {
                names.extend(files_in(&path, &format!("{prefix}{name}/")));
            } else {
                let stem = name
                    .strip_suffix(".svg")
                    .unwrap_or_else(|| panic!("{name}"));
                names.insert(format!("{prefix}{stem}"));
            }
        }
        names
    }

    #[test]
    fn every_drawing_file_is_embedded_used_and_says_what_it_draws() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("drawings");
        let embedded: HashSet<String> = DRAWINGS
            .iter()
            .map(|(n, _)| (*n).to_owned())
            .chain(PARTS.iter().map(|(n, _)| format!("parts/{n}")))
            .collect();
        assert_eq!(files_in(&dir, ""), embedded);
        for (name, text) in DRAWINGS.iter().chain(PARTS.iter()) {
            let first = text.lines().next().unwrap_or("");
            assert!(
                first.starts_with("<!-- ") && first.ends_with(" -->"),
                "{name}: {first}"
            );
            assert!(text.ends_with('\n') && !text.contains('\t'), "{name}");
        }
        // Every part appears in some figure.
        for (name, text) in PARTS {
            let body: String = text.lines().skip(1).collect();
            let used = every_figure().any(|(_, s, drawn)| {
                let mut coloured = String::new();
                let p = s.palette();
                let values = [
                    ("fill", Value::Text(p.fill)),
                    ("outline", Value::Text(p.outline)),
                    ("detail", Value::Text(p.detail)),
                ];
                expand(&body, &values, &mut coloured, 0);
                drawn.contains(&coloured)
            });
            assert!(used, "parts/{name}.svg is in no figure");
        }
    }
}
