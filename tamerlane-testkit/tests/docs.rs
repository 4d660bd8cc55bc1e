//! Checks of the workspace's documents against the code: every example
//! that a document under `docs/` shows is run here. The documents are not
//! part of any published crate, so these tests live in the unpublished
//! test-support crate.

use tamerlane_core::tamerlane::Position;

/// docs/NOTATION.md: every row of its example table (kind, SAN, coordinate
/// move, TFEN) parses and prints back as written.
#[test]
fn notation_doc_examples() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/NOTATION.md"))
        .unwrap();
    let mut rows = 0;
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | kind | `SAN` | `coord` | `TFEN` |
        if cells.len() != 6 || !cells[4].starts_with('`') || cells[4].len() < 30 {
            continue;
        }
        let unquote = |s: &str| s.trim_matches('`').to_owned();
        let (san, coord, tfen) = (unquote(cells[2]), unquote(cells[3]), unquote(cells[4]));
        let pos = Position::from_tfen(&tfen).unwrap_or_else(|e| panic!("{tfen}: {e}"));
        let m = pos
            .parse_move(&coord)
            .unwrap_or_else(|e| panic!("{coord}: {e}"));
        assert_eq!(pos.san(&m), san, "{} in {tfen}", cells[1]);
        assert_eq!(pos.parse_san(&san), Ok(m), "{san} in {tfen}");
        rows += 1;
    }
    assert!(rows >= 28, "only {rows} example rows found");
}
