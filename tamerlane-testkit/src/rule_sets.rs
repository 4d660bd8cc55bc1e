//! Random rule sets (docs/RULES.md, section 9) for the property tests and the
//! fuzz targets: one function of bytes, [`rule_set_from_bytes`], which the
//! fuzz targets call on their input and the proptest strategy
//! `arb_rule_set` (with the feature `proptest`) maps over random bytes.
//!
//! Every option takes each of its values, the counts range over their
//! whole ranges and `off` (with short move limits that a playout reaches
//! often), and the `seed-001` preset comes up on its own and with its
//! counts overridden, so that its own start array is used. All-zero bytes
//! give the default rules, so shrinking ends there.

use tamerlane_core::rule_set::{
    CitadelEntry, LoneRoyal, PawnOfPawns, PlacementOnto, PlacementTargets, RoyalsOnly, SwapWhen,
    SwapWith,
};
use tamerlane_core::RuleSet;

/// How many bytes [`rule_set_from_bytes`] reads.
///
/// - byte 0, modulo 8: 0 to 5 take the options from the bytes below, 6 is
///   the `seed-001` preset, 7 the preset followed by the counts below
///   (`seed-001,repetition=R,move-limit=M`);
/// - byte 1: one bit per two-valued option, in the order of docs/RULES.md's
///   table (bit 0 `swap-when` ... bit 7 `royals-only`); a set bit selects
///   the option's non-default value;
/// - byte 2, modulo 11: the repetition count: 0 the default (3), 1 `off`,
///   2 to 10 that count;
/// - byte 3, modulo 4: the move limit: 0 the default (200), 1 `off`, 2 a
///   short limit of 1 to 32 plies (byte 4), 3 any limit of 1 to 10,000
///   plies (bytes 4 and 5).
pub const RULE_SET_BYTES: usize = 6;

/// The rule set the first [`RULE_SET_BYTES`] bytes of `data` describe
/// (missing bytes count as zero), and the bytes after them.
///
/// ```
/// use tamerlane_core::RuleSet;
/// use tamerlane_testkit::rule_sets::rule_set_from_bytes;
///
/// assert_eq!(rule_set_from_bytes(&[]), (RuleSet::DEFAULT, &[][..]));
/// // The preset with its counts overridden, then two more bytes.
/// let (rules, rest) = rule_set_from_bytes(&[7, 0, 1, 2, 9, 0, 42, 43]);
/// assert_eq!(rules, "seed-001,repetition=off,move-limit=10".parse().unwrap());
/// assert_eq!(rest, [42, 43]);
/// ```
pub fn rule_set_from_bytes(data: &[u8]) -> (RuleSet, &[u8]) {
    let (head, rest) = data.split_at(data.len().min(RULE_SET_BYTES));
    let mut b = [0u8; RULE_SET_BYTES];
    b[..head.len()].copy_from_slice(head);
    let repetition = match b[2] % 11 {
        0 => Some(3),
        1 => None,
        n => Some(u32::from(n)),
    };
    let move_limit = match b[3] % 4 {
        0 => Some(200),
        1 => None,
        2 => Some(1 + u32::from(b[4] % 32)),
        _ => Some(1 + u32::from(u16::from_le_bytes([b[4], b[5]])) % 10_000),
    };
    let rules = match b[0] % 8 {
        6 => preset("seed-001"),
        7 => preset(&format!(
            "seed-001,repetition={},move-limit={}",
            count_text(repetition),
            count_text(move_limit)
        )),
        _ => {
            let bit = |i: u32| b[1] & (1 << i) != 0;
            let mut r = RuleSet::DEFAULT;
            r.set_swap_when(pick(bit(0), SwapWhen::CheckOrStuck, SwapWhen::Check))
                .set_swap_with(pick(bit(1), SwapWith::Officer, SwapWith::Any))
                .set_citadel_entry(pick(
                    bit(2),
                    CitadelEntry::HighestRoyal,
                    CitadelEntry::KingOnly,
                ))
                .set_pawn_of_pawns(pick(
                    bit(3),
                    PawnOfPawns::ThreeArrivals,
                    PawnOfPawns::OneArrival,
                ))
                .set_placement_onto(pick(bit(4), PlacementOnto::Empty, PlacementOnto::Enemy))
                .set_placement_targets(pick(
                    bit(5),
                    PlacementTargets::Fork,
                    PlacementTargets::ForkOrTrapped,
                ))
                .set_lone_royal(pick(bit(6), LoneRoyal::AfterMove, LoneRoyal::BeforeMove))
                .set_royals_only(pick(bit(7), RoyalsOnly::Draw, RoyalsOnly::Off));
            r.set_repetition(repetition)
                .expect("repetition counts are drawn in range");
            r.set_move_limit(move_limit)
                .expect("move limits are drawn in range");
            r
        }
    };
    (rules, rest)
}

/// `default` or, when `set`, `other`.
fn pick<T>(set: bool, default: T, other: T) -> T {
    if set {
        other
    } else {
        default
    }
}

/// A count as the string form writes it.
fn count_text(v: Option<u32>) -> String {
    v.map_or_else(|| "off".to_owned(), |n| n.to_string())
}

/// A rule-set string made here, parsed (it always parses).
fn preset(s: &str) -> RuleSet {
    s.parse()
        .unwrap_or_else(|e| panic!("the generated rule set {s:?} parses: {e}"))
}

/// Random rule sets for proptest: [`rule_set_from_bytes`] over random
/// bytes (shrinking goes towards the default rules).
///
/// ```
/// use proptest::prelude::*;
/// use tamerlane_testkit::rule_sets::arb_rule_set;
///
/// proptest!(|(rules in arb_rule_set())| {
///     prop_assert_eq!(rules.to_string().parse(), Ok(rules));
/// });
/// ```
#[cfg(feature = "proptest")]
pub fn arb_rule_set() -> impl proptest::strategy::Strategy<Value = tamerlane_core::RuleSet> {
    use proptest::prelude::*;
    any::<[u8; RULE_SET_BYTES]>().prop_map(|b| rule_set_from_bytes(&b).0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_core::rule_set::StartArray;

    /// Every value of every option, every count and both start arrays come
    /// out of some bytes.
    #[test]
    fn every_value_is_reachable() {
        let mut texts = std::collections::HashSet::new();
        let mut starts = std::collections::HashSet::new();
        let mut repetitions = std::collections::HashSet::new();
        let mut limits = std::collections::HashSet::new();
        for b0 in 0..8u8 {
            for b1 in 0..=255u8 {
                let (r, _) = rule_set_from_bytes(&[b0, b1]);
                texts.insert(r.to_string());
                starts.insert(r.start());
            }
        }
        for b2 in 0..11u8 {
            repetitions.insert(rule_set_from_bytes(&[0, 0, b2]).0.repetition());
        }
        for b3 in 0..4u8 {
            for b4 in 0..=255u8 {
                for b5 in 0..=255u8 {
                    limits.insert(rule_set_from_bytes(&[0, 0, 0, b3, b4, b5]).0.move_limit());
                }
            }
        }
        // 256 combinations of the two-valued options, and the preset.
        assert_eq!(texts.len(), 257);
        assert!(texts.contains(""));
        assert!(texts.contains(
            "swap-when=check,swap-with=any,citadel-entry=king-only,pawn-of-pawns=one-arrival,\
             placement-onto=enemy,placement-targets=fork-or-trapped,lone-royal=before-move,\
             royals-only=off"
        ));
        assert_eq!(starts.len(), 2);
        assert!(starts.contains(&StartArray::Seed001));
        let mut expected: Vec<Option<u32>> = (2..=10).map(Some).collect();
        expected.push(None);
        let mut got: Vec<_> = repetitions.into_iter().collect();
        got.sort();
        expected.sort();
        assert_eq!(got, expected);
        assert_eq!(limits.len(), 10_001, "1 to 10,000 and off");
        assert!(limits.contains(&Some(1)) && limits.contains(&Some(10_000)));
    }

    #[test]
    fn the_preset_keeps_its_start_with_overridden_counts() {
        let (r, rest) = rule_set_from_bytes(&[6, 0xFF, 5]);
        assert_eq!(r, RuleSet::SEED_001);
        assert_eq!(r.start(), StartArray::Seed001);
        assert!(rest.is_empty());
        let (r, _) = rule_set_from_bytes(&[7, 0, 10, 3, 0xFF, 0xFF]);
        assert_eq!(r.start(), StartArray::Seed001);
        assert_eq!(r.repetition(), Some(10));
        // 1 + 65535 % 10000
        assert_eq!(r.move_limit(), Some(5536));
        assert_eq!(r.swap_with(), SwapWith::Any);
    }
}
