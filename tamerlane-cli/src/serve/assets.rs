//! The page's files, embedded in the binary and served by name only: a
//! request names one entry of [`ASSETS`] or gets a 404, so no path ever
//! reaches the file system. The piece figures (`figures.json`) are those of
//! the `tamerlane-figures` crate, the project's one source of piece drawings
//! (the Python package's SVG boards draw them too; docs/WEB.md, "The piece
//! drawings").

use std::sync::OnceLock;

use serde_json::{json, Map, Value};
use tamerlane_figures::{figure, Side, BOX, KEYS, LETTERS};

/// One embedded file: its name in the URL, its media type and contents.
pub struct Asset {
    /// The name after `/assets/`.
    pub name: &'static str,
    /// The `Content-Type`.
    pub mime: &'static str,
    /// The bytes (made on the first call for `figures.json`).
    pub body: fn() -> &'static [u8],
}

/// The page itself, served at `/`.
pub const INDEX_HTML: &str = include_str!("assets/index.html");

/// Every file under `/assets/`.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "app.js",
        mime: "text/javascript; charset=utf-8",
        body: || include_bytes!("assets/app.js"),
    },
    Asset {
        name: "board.js",
        mime: "text/javascript; charset=utf-8",
        body: || include_bytes!("assets/board.js"),
    },
    Asset {
        name: "api.js",
        mime: "text/javascript; charset=utf-8",
        body: || include_bytes!("assets/api.js"),
    },
    Asset {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        body: || include_bytes!("assets/style.css"),
    },
    Asset {
        name: "figures.json",
        mime: "application/json",
        body: figures_json,
    },
];

/// The figures as the page reads them: `{"box": 45, "figures": {KEY:
/// {"w": White's, "b": Black's}}, "letters": {GAME: {LETTER: KEY}}}`, each
/// figure the SVG elements of [`tamerlane_figures::figure`], the letters
/// the figure keys of the 8x8 games' pieces ([`LETTERS`]; docs/WEB.md,
/// "The piece drawings").
fn figures_json() -> &'static [u8] {
    static JSON: OnceLock<Vec<u8>> = OnceLock::new();
    JSON.get_or_init(|| {
        let figures: Map<String, Value> = KEYS
            .iter()
            .filter_map(|&key| {
                let (w, b) = (
                    figure(key, Side::White).ok()?,
                    figure(key, Side::Black).ok()?,
                );
                Some((key.to_owned(), json!({ "w": w, "b": b })))
            })
            .collect();
        let letters: Map<String, Value> = LETTERS
            .iter()
            .map(|(game, letters)| {
                let keys: Map<String, Value> = letters
                    .iter()
                    .map(|(letter, key)| (letter.to_string(), json!(key)))
                    .collect();
                (game.to_string(), Value::Object(keys))
            })
            .collect();
        json!({ "box": BOX, "figures": figures, "letters": letters })
            .to_string()
            .into_bytes()
    })
}

/// The embedded file named `name`, if there is one.
pub fn asset(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assets_are_found_by_exact_name_only() {
        assert!(asset("app.js").is_some());
        for bad in [
            "../Cargo.toml",
            "/app.js",
            "app.js/",
            "APP.JS",
            "",
            "assets/app.js",
        ] {
            assert!(asset(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_figures_are_those_of_the_figures_crate_for_each_side() {
        let figures: Value =
            serde_json::from_slice((asset("figures.json").unwrap().body)()).unwrap();
        assert_eq!(figures["box"], json!(BOX));
        let drawn = figures["figures"].as_object().unwrap();
        assert_eq!(drawn.len(), KEYS.len());
        for key in KEYS {
            assert_eq!(
                drawn[key]["w"],
                json!(figure(key, Side::White).unwrap()),
                "{key}"
            );
            assert_eq!(
                drawn[key]["b"],
                json!(figure(key, Side::Black).unwrap()),
                "{key}"
            );
        }
    }
}
