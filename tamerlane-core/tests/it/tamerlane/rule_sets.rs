//! Rule-set strings (docs/RULES.md, section 9): the strict syntax, presets,
//! overriding, ranges, the canonical form, and errors that name the bad
//! key or value. Expected values are written out by hand from docs/RULES.md.

use proptest::prelude::*;
use tamerlane_core::rule_set::{
    CitadelEntry, LoneRoyal, PawnOfPawns, PlacementOnto, PlacementTargets, RoyalsOnly, StartArray,
    SwapWhen, SwapWith, SEED_001_TFEN,
};
use tamerlane_core::{RuleSet, RuleSetError};

fn parse(s: &str) -> Result<RuleSet, RuleSetError> {
    s.parse()
}

#[test]
fn empty_and_default_are_sections_1_to_8() {
    for s in ["", "default"] {
        let r = parse(s).unwrap();
        assert_eq!(r, RuleSet::default());
        assert!(r.is_default());
        assert_eq!(r.swap_when(), SwapWhen::CheckOrStuck);
        assert_eq!(r.swap_with(), SwapWith::Officer);
        assert_eq!(r.citadel_entry(), CitadelEntry::HighestRoyal);
        assert_eq!(r.pawn_of_pawns(), PawnOfPawns::ThreeArrivals);
        assert_eq!(r.placement_onto(), PlacementOnto::Empty);
        assert_eq!(r.placement_targets(), PlacementTargets::Fork);
        assert_eq!(r.lone_royal(), LoneRoyal::AfterMove);
        assert_eq!(r.royals_only(), RoyalsOnly::Draw);
        assert_eq!(r.repetition(), Some(3));
        assert_eq!(r.move_limit(), Some(200));
        assert_eq!(r.start(), StartArray::Standard);
        assert_eq!(r.to_string(), "");
    }
}

#[test]
fn seed_001_preset_has_the_listed_values_and_its_own_start() {
    let r = parse("seed-001").unwrap();
    assert_eq!(r.swap_when(), SwapWhen::Check);
    assert_eq!(r.swap_with(), SwapWith::Any);
    assert_eq!(r.citadel_entry(), CitadelEntry::KingOnly);
    assert_eq!(r.pawn_of_pawns(), PawnOfPawns::OneArrival);
    assert_eq!(r.placement_onto(), PlacementOnto::Enemy);
    assert_eq!(r.placement_targets(), PlacementTargets::ForkOrTrapped);
    assert_eq!(r.lone_royal(), LoneRoyal::AfterMove);
    assert_eq!(r.royals_only(), RoyalsOnly::Off);
    assert_eq!(r.repetition(), None);
    assert_eq!(r.move_limit(), None);
    assert_eq!(r.start(), StartArray::Seed001);
    assert_eq!(r.start().tfen(), SEED_001_TFEN);
    assert_eq!(
        r.to_string(),
        "swap-when=check,swap-with=any,citadel-entry=king-only,pawn-of-pawns=one-arrival,\
         placement-onto=enemy,placement-targets=fork-or-trapped,royals-only=off,\
         repetition=off,move-limit=off"
    );
    // The same values as pairs: the same rules, but the standard start.
    let pairs = parse(&r.to_string()).unwrap();
    assert_eq!(pairs, r);
    assert_eq!(pairs.start(), StartArray::Standard);
}

#[test]
fn pairs_after_a_preset_override_it_and_keep_its_start() {
    let r = parse("seed-001,repetition=3").unwrap();
    assert_eq!(r.repetition(), Some(3));
    assert_eq!(r.swap_when(), SwapWhen::Check);
    assert_eq!(r.start(), StartArray::Seed001);
    let r = parse("seed-001,swap-when=check-or-stuck,move-limit=200").unwrap();
    assert_eq!(r.swap_when(), SwapWhen::CheckOrStuck);
    assert_eq!(r.move_limit(), Some(200));
    assert!(!r.to_string().contains("swap-when"));
    assert!(!r.to_string().contains("move-limit"));
    let r = parse("default,lone-royal=before-move").unwrap();
    assert_eq!(r.to_string(), "lone-royal=before-move");
}

#[test]
fn canonical_form_keeps_the_table_order_whatever_the_input_order() {
    let r = parse("move-limit=50,repetition=off,swap-with=any,swap-when=check").unwrap();
    assert_eq!(
        r.to_string(),
        "swap-when=check,swap-with=any,repetition=off,move-limit=50"
    );
    // Default values written out are not printed.
    let r = parse("swap-when=check-or-stuck,repetition=3,move-limit=200").unwrap();
    assert_eq!(r.to_string(), "");
    assert!(r.is_default());
}

#[test]
fn numbers_have_ranges_and_no_sign_or_leading_zeros() {
    assert_eq!(parse("repetition=2").unwrap().repetition(), Some(2));
    assert_eq!(parse("repetition=10").unwrap().repetition(), Some(10));
    assert_eq!(parse("move-limit=1").unwrap().move_limit(), Some(1));
    assert_eq!(
        parse("move-limit=10000").unwrap().move_limit(),
        Some(10_000)
    );
    let out_of_range = |s: &str, key: &str| match parse(s) {
        Err(RuleSetError::OutOfRange { key: k, .. }) => assert_eq!(k, key, "{s}"),
        other => panic!("{s}: {other:?}"),
    };
    out_of_range("repetition=1", "repetition");
    out_of_range("repetition=11", "repetition");
    out_of_range("move-limit=0", "move-limit");
    out_of_range("move-limit=10001", "move-limit");
    out_of_range("move-limit=99999999999999999999999", "move-limit");
    assert!(matches!(
        parse("repetition=03"),
        Err(RuleSetError::LeadingZero { .. })
    ));
    assert!(matches!(
        parse("move-limit=00"),
        Err(RuleSetError::LeadingZero { .. })
    ));
    assert!(matches!(
        parse("repetition=+3"),
        Err(RuleSetError::BadCharacter { found: '+', .. })
    ));
    assert!(matches!(
        parse("repetition=-3"),
        Err(RuleSetError::UnknownValue { .. })
    ));
    assert!(matches!(
        parse("repetition=three"),
        Err(RuleSetError::UnknownValue { .. })
    ));
}

/// A check of an error's kind and contents.
type ErrorCheck = fn(&RuleSetError) -> bool;

#[test]
fn syntax_is_strict() {
    let cases: &[(&str, ErrorCheck)] = &[
        ("Swap-when=check", |e| {
            matches!(
                e,
                RuleSetError::BadCharacter {
                    index: 0,
                    found: 'S'
                }
            )
        }),
        ("swap-when=CHECK", |e| {
            matches!(e, RuleSetError::BadCharacter { index: 10, .. })
        }),
        (" swap-when=check", |e| {
            matches!(e, RuleSetError::BadCharacter { found: ' ', .. })
        }),
        ("swap-when=check, repetition=3", |e| {
            matches!(e, RuleSetError::BadCharacter { found: ' ', .. })
        }),
        ("swap-when=check\n", |e| {
            matches!(e, RuleSetError::BadCharacter { found: '\n', .. })
        }),
        ("swap-when=check,", |e| {
            matches!(e, RuleSetError::EmptyItem { index: 1 })
        }),
        (",swap-when=check", |e| {
            matches!(e, RuleSetError::EmptyItem { index: 0 })
        }),
        ("swap-when=check,,repetition=3", |e| {
            matches!(e, RuleSetError::EmptyItem { index: 1 })
        }),
        (",", |e| matches!(e, RuleSetError::EmptyItem { index: 0 })),
        (
            "seed-001,default",
            |e| matches!(e, RuleSetError::PresetNotFirst(p) if p == "default"),
        ),
        (
            "repetition=3,seed-001",
            |e| matches!(e, RuleSetError::PresetNotFirst(p) if p == "seed-001"),
        ),
        (
            "seed-002",
            |e| matches!(e, RuleSetError::UnknownPreset { name, .. } if name == "seed-002"),
        ),
        (
            "swap-when",
            |e| matches!(e, RuleSetError::UnknownPreset { name, .. } if name == "swap-when"),
        ),
        (
            "swap=check",
            |e| matches!(e, RuleSetError::UnknownKey(k) if k == "swap"),
        ),
        (
            "=check",
            |e| matches!(e, RuleSetError::UnknownKey(k) if k.is_empty()),
        ),
        (
            "swap-when=",
            |e| matches!(e, RuleSetError::UnknownValue { key, value } if key == "swap-when" && value.is_empty()),
        ),
        (
            "swap-when=never",
            |e| matches!(e, RuleSetError::UnknownValue { key, value } if key == "swap-when" && value == "never"),
        ),
        (
            "royals-only=on",
            |e| matches!(e, RuleSetError::UnknownValue { key, .. } if key == "royals-only"),
        ),
        (
            "swap-when=check,swap-when=check",
            |e| matches!(e, RuleSetError::DuplicateKey(k) if k == "swap-when"),
        ),
        (
            "repetition=3,move-limit=5,repetition=4",
            |e| matches!(e, RuleSetError::DuplicateKey(k) if k == "repetition"),
        ),
    ];
    for (s, ok) in cases {
        let e = parse(s).expect_err(s);
        assert!(ok(&e), "{s:?} gave {e:?}");
        assert!(!e.to_string().is_empty());
    }
    let long = "repetition=3,".repeat(100);
    assert!(matches!(parse(&long), Err(RuleSetError::TooLong(_))));
}

#[test]
fn errors_name_the_bad_key_or_value() {
    let msg = |s: &str| parse(s).unwrap_err().to_string();
    assert!(msg("swap-when=never").contains("swap-when"));
    assert!(msg("swap-when=never").contains("never"));
    assert!(msg("colour=red").contains("colour"));
    assert!(msg("repetition=42").contains("repetition=42"));
    assert!(msg("repetition=42").contains("from 2 to 10"));
    assert!(msg("seed-001,seed-001").contains("first item"));
}

#[test]
fn setters_check_ranges() {
    let mut r = RuleSet::default();
    r.set_swap_with(SwapWith::Any)
        .set_royals_only(RoyalsOnly::Off);
    assert!(r.set_repetition(Some(1)).is_err());
    assert!(r.set_move_limit(Some(0)).is_err());
    r.set_repetition(None).unwrap();
    r.set_move_limit(Some(40)).unwrap();
    assert_eq!(
        r.to_string(),
        "swap-with=any,royals-only=off,repetition=off,move-limit=40"
    );
}

/// Every combination of the two-valued options with a few counts: the
/// canonical string parses back to the same rules.
#[test]
fn every_combination_round_trips() {
    let counts_rep = [None, Some(2), Some(3), Some(10)];
    let counts_lim = [None, Some(1), Some(200), Some(10_000)];
    let mut seen = std::collections::HashSet::new();
    for bits in 0u32..256 {
        for rep in counts_rep {
            for lim in counts_lim {
                let pick = |i: u32| bits & (1 << i) != 0;
                let mut r = RuleSet::default();
                r.set_swap_when(if pick(0) {
                    SwapWhen::Check
                } else {
                    SwapWhen::CheckOrStuck
                })
                .set_swap_with(if pick(1) {
                    SwapWith::Any
                } else {
                    SwapWith::Officer
                })
                .set_citadel_entry(if pick(2) {
                    CitadelEntry::KingOnly
                } else {
                    CitadelEntry::HighestRoyal
                })
                .set_pawn_of_pawns(if pick(3) {
                    PawnOfPawns::OneArrival
                } else {
                    PawnOfPawns::ThreeArrivals
                })
                .set_placement_onto(if pick(4) {
                    PlacementOnto::Enemy
                } else {
                    PlacementOnto::Empty
                })
                .set_placement_targets(if pick(5) {
                    PlacementTargets::ForkOrTrapped
                } else {
                    PlacementTargets::Fork
                })
                .set_lone_royal(if pick(6) {
                    LoneRoyal::BeforeMove
                } else {
                    LoneRoyal::AfterMove
                })
                .set_royals_only(if pick(7) {
                    RoyalsOnly::Off
                } else {
                    RoyalsOnly::Draw
                });
                r.set_repetition(rep).unwrap();
                r.set_move_limit(lim).unwrap();
                let text = r.to_string();
                assert_eq!(parse(&text), Ok(r), "{text}");
                assert!(seen.insert(text), "two rule sets print the same");
            }
        }
    }
}

proptest! {
    /// Any string: a rule set or a typed error, never a panic; an accepted
    /// string's canonical form is a fixed point.
    #[test]
    fn any_string_parses_or_errs(s in "[a-z0-9=,-]{0,60}|\\PC{0,40}") {
        if let Ok(r) = parse(&s) {
            let canonical = r.to_string();
            let again = parse(&canonical).unwrap();
            prop_assert_eq!(again, r);
            prop_assert_eq!(again.to_string(), canonical);
        }
    }

    /// Strings built from real keys and values, in any order.
    #[test]
    fn built_strings_parse(items in proptest::sample::subsequence(vec![
        "swap-when=check", "swap-with=any", "citadel-entry=king-only",
        "pawn-of-pawns=one-arrival", "placement-onto=enemy",
        "placement-targets=fork-or-trapped", "lone-royal=before-move",
        "royals-only=off", "repetition=off", "move-limit=77",
    ], 0..10).prop_shuffle()) {
        let s = items.join(",");
        let r = parse(&s).unwrap();
        prop_assert_eq!(r.to_string().split(',').filter(|x| !x.is_empty()).count(), items.len());
    }
}
