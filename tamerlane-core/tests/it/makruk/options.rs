//! Makruk's rule options (`makruk::Rules`): the strict string syntax of
//! docs/RULES.md, section 9, the values, the canonical form, and typed errors.
//! Expected values are written out by hand from docs/RULES.md and its
//! defaults (seed counting, threefold repetition, no move limit).

use tamerlane_core::makruk::{Counting, Position, Rules};
use tamerlane_core::RuleSetError;

fn parse(s: &str) -> Result<Rules, RuleSetError> {
    s.parse()
}

#[test]
fn the_default_is_seed_counting_threefold_and_no_move_limit() {
    for s in ["", "default"] {
        let r = parse(s).unwrap();
        assert_eq!(r, Rules::default());
        assert_eq!(r.counting(), Counting::Seed);
        assert_eq!(r.repetition(), Some(3));
        assert_eq!(r.move_limit(), None);
        assert_eq!(r.to_string(), "");
    }
    assert_eq!(Position::new().rules(), &Rules::DEFAULT);
}

#[test]
fn values_and_the_canonical_form() {
    let r = parse("move-limit=100,counting=fairy-stockfish,repetition=off").unwrap();
    assert_eq!(r.counting(), Counting::FairyStockfish);
    assert_eq!(r.repetition(), None);
    assert_eq!(r.move_limit(), Some(100));
    // Printed in the table's order, only what differs from the default.
    assert_eq!(
        r.to_string(),
        "counting=fairy-stockfish,repetition=off,move-limit=100"
    );
    assert_eq!(parse(&r.to_string()).unwrap(), r);
    // Default values written out print as nothing.
    assert_eq!(
        parse("counting=seed,repetition=3,move-limit=off")
            .unwrap()
            .to_string(),
        ""
    );
    assert_eq!(parse("default,repetition=2").unwrap().repetition(), Some(2));
    assert_eq!(parse("repetition=10").unwrap().repetition(), Some(10));
    assert_eq!(parse("move-limit=1").unwrap().move_limit(), Some(1));
    assert_eq!(
        parse("move-limit=10000").unwrap().move_limit(),
        Some(10_000)
    );
    let mut r = Rules::default();
    r.set_counting(Counting::FairyStockfish);
    r.set_repetition(None)
        .unwrap()
        .set_move_limit(Some(50))
        .unwrap();
    assert_eq!(
        r.to_string(),
        "counting=fairy-stockfish,repetition=off,move-limit=50"
    );
    assert!(r.set_repetition(Some(1)).is_err());
    assert!(r.set_move_limit(Some(0)).is_err());
    assert_eq!(r.repetition(), None, "a refused value changes nothing");
}

#[test]
fn bad_strings_are_typed_errors_naming_the_fault() {
    use RuleSetError as E;
    let cases: [(&str, E); 12] = [
        (
            "counting=manual",
            E::UnknownValue {
                key: "counting".into(),
                value: "manual".into(),
            },
        ),
        (
            "counting=",
            E::UnknownValue {
                key: "counting".into(),
                value: "".into(),
            },
        ),
        ("swap-when=check", E::UnknownKey("swap-when".into())),
        (
            "seed-001",
            E::UnknownPreset {
                name: "seed-001".into(),
                presets: vec!["default"],
            },
        ),
        ("repetition=3,default", E::PresetNotFirst("default".into())),
        (
            "repetition=1",
            E::OutOfRange {
                key: "repetition".into(),
                value: "1".into(),
                min: 2,
                max: 10,
            },
        ),
        (
            "move-limit=10001",
            E::OutOfRange {
                key: "move-limit".into(),
                value: "10001".into(),
                min: 1,
                max: 10_000,
            },
        ),
        (
            "repetition=03",
            E::LeadingZero {
                key: "repetition".into(),
                value: "03".into(),
            },
        ),
        (
            "repetition=2,repetition=3",
            E::DuplicateKey("repetition".into()),
        ),
        ("counting=seed,", E::EmptyItem { index: 1 }),
        (
            "Counting=seed",
            E::BadCharacter {
                index: 0,
                found: 'C',
            },
        ),
        (
            "counting = seed",
            E::BadCharacter {
                index: 8,
                found: ' ',
            },
        ),
    ];
    for (s, want) in cases {
        assert_eq!(parse(s).unwrap_err(), want, "{s}");
    }
    assert_eq!(
        parse("counting=manual").unwrap_err().to_string(),
        "rule set: counting does not take the value \"manual\""
    );
}
