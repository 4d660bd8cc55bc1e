//! The page's files, embedded in the binary and served by name only: a
//! request names one entry of [`ASSETS`] or gets a 404, so no path ever
//! reaches the file system. The piece figures (`figures.json`) are a copy
//! generated from the project's one source of piece drawings, the Python
//! package's `_svg_figures.py`, by `tools/web/figures_json.py` (docs/WEB.md).

/// One embedded file: its name in the URL, its media type and contents.
pub struct Asset {
    /// The name after `/assets/`.
    pub name: &'static str,
    /// The `Content-Type`.
    pub mime: &'static str,
    /// The bytes.
    pub body: &'static [u8],
}

/// The page itself, served at `/`.
pub const INDEX_HTML: &str = include_str!("assets/index.html");

/// Every file under `/assets/`.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "app.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("assets/app.js"),
    },
    Asset {
        name: "board.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("assets/board.js"),
    },
    Asset {
        name: "api.js",
        mime: "text/javascript; charset=utf-8",
        body: include_bytes!("assets/api.js"),
    },
    Asset {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        body: include_bytes!("assets/style.css"),
    },
    Asset {
        name: "figures.json",
        mime: "application/json",
        body: include_bytes!("assets/figures.json"),
    },
];

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
        let figures: serde_json::Value =
            serde_json::from_slice(asset("figures.json").unwrap().body).unwrap();
        assert!(figures["figures"]["PK"]["w"]
            .as_str()
            .unwrap()
            .contains("<g"));
    }
}
