//! The settings line of a self-play file (docs/ENGINE.md, "Self-play
//! data"): the text format's second line, and the binary header's text.

use tamerlane_core::tamerlane::rule_set::{
    CitadelEntry, LoneRoyal, PawnOfPawns, PlacementOnto, PlacementTargets, RoyalsOnly, StartArray,
    SwapWhen, SwapWith,
};
use tamerlane_core::RuleSet;

use super::{Settings, HEADER};
use crate::{AnyRules, EvalKind, SearchConfig};

/// Every option of a Tamerlane rule set as `(key, value)` in the string
/// form (docs/RULES.md, section 9), the defaults included.
fn option_pairs(r: &RuleSet) -> [(&'static str, String); 10] {
    let count = |v: Option<u32>| v.map_or_else(|| "off".to_owned(), |n| n.to_string());
    [
        (SwapWhen::KEY, r.swap_when().name().to_owned()),
        (SwapWith::KEY, r.swap_with().name().to_owned()),
        (CitadelEntry::KEY, r.citadel_entry().name().to_owned()),
        (PawnOfPawns::KEY, r.pawn_of_pawns().name().to_owned()),
        (PlacementOnto::KEY, r.placement_onto().name().to_owned()),
        (
            PlacementTargets::KEY,
            r.placement_targets().name().to_owned(),
        ),
        (LoneRoyal::KEY, r.lone_royal().name().to_owned()),
        (RoyalsOnly::KEY, r.royals_only().name().to_owned()),
        ("repetition", count(r.repetition())),
        ("move-limit", count(r.move_limit())),
    ]
}

/// `rules` as a rule string its game reads back: its canonical form (the
/// options that differ from the default), `default` when that is empty;
/// for a Tamerlane rule set with the start array of the preset
/// `seed-001` (which the canonical form does not name), that preset and
/// the options that differ from it.
pub(super) fn rules_text(rules: AnyRules) -> String {
    let text = match rules {
        AnyRules::Tamerlane(r) if r.start() == StartArray::Seed001 => {
            let preset = option_pairs(&RuleSet::SEED_001);
            let mut items = vec!["seed-001".to_owned()];
            for ((key, value), (_, base)) in option_pairs(&r).into_iter().zip(preset) {
                if value != base {
                    items.push(format!("{key}={value}"));
                }
            }
            items.join(",")
        }
        _ => rules.to_string(),
    };
    if text.is_empty() {
        "default".to_owned()
    } else {
        text
    }
}

/// The settings of a shard of games `[first, first + count)`, without
/// the leading `# ` and the newline: `game G rules R seed S first F count
/// N nodes N opening-plies K config C`, then ` book LEN:FNV` when the run
/// has a book of openings, ` max-plies N` when games are cut elsewhere
/// than at the default [`MAX_PLIES`](super::MAX_PLIES), then ` net HASH` (16 hexadecimal digits, the
/// weights' hash of the net file's header) when its searches evaluate
/// with a network (an unreadable configuration names none: the run
/// refuses it anyway).
pub fn settings_line(settings: &Settings, first: u64, count: u64) -> String {
    let config: String = settings
        .config
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let mut line = format!(
        "game {} rules {} seed {} first {first} count {count} nodes {} opening-plies {} config {config}",
        settings.rules.variant(),
        rules_text(settings.rules),
        settings.seed,
        settings.nodes,
        settings.opening_plies,
    );
    if let Some(book) = &settings.book {
        line.push_str(" book ");
        line.push_str(&book.fingerprint());
    }
    if settings.max_plies != super::MAX_PLIES {
        line.push_str(&format!(" max-plies {}", settings.max_plies));
    }
    let variant = settings.rules.variant();
    let with_net = settings
        .config
        .parse::<SearchConfig>()
        .is_ok_and(|c| c.eval == EvalKind::Net);
    line.push_str(&net_item(
        settings.nets.fingerprint(variant).filter(|_| with_net),
    ));
    line
}

/// The settings line's last item: ` net HASH` (the net's fingerprint in
/// 16 hexadecimal digits) for the net that scores a run, nothing for a
/// run without one.
pub fn net_item(fingerprint: Option<u64>) -> String {
    fingerprint.map_or_else(String::new, |h| format!(" net {h:016x}"))
}

/// The two comment lines a text shard of games `[first, first + count)`
/// starts with ([`HEADER`] and the settings), each ending with a newline.
pub fn header(settings: &Settings, first: u64, count: u64) -> String {
    format!("{HEADER}\n# {}\n", settings_line(settings, first, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn rules_are_written_as_their_game_reads_them() {
        let texts = [
            ("seed-001,repetition=3", "seed-001,repetition=3"),
            ("seed-001,repetition=off", "seed-001"),
            (
                "seed-001,swap-when=check-or-stuck,lone-royal=before-move",
                "seed-001,swap-when=check-or-stuck,lone-royal=before-move",
            ),
            ("seed-001", "seed-001"),
            ("repetition=off", "repetition=off"),
            ("", "default"),
        ];
        for (given, written) in texts {
            let rules = Variant::Tamerlane.parse_rules(given).unwrap();
            assert_eq!(rules_text(rules), written);
            assert_eq!(Variant::Tamerlane.parse_rules(written), Ok(rules));
        }
        let chess = Variant::Chess.parse_rules("draws=automatic").unwrap();
        assert_eq!(rules_text(chess), "draws=automatic");
    }

    #[test]
    fn the_line_names_the_net_that_scores() {
        use crate::nnue::arch::{BUCKETS, HIDDEN};
        use crate::nnue::{fnv1a64, Network, NnueGame, HEADER_LEN};
        use std::sync::Arc;
        use tamerlane_core::chess;

        let n = <chess::Position as NnueGame>::FEATURES;
        let net = Network::<chess::Position>::from_parts(
            &vec![3; n * HIDDEN],
            &[1; HIDDEN],
            &vec![-2; BUCKETS * 2 * HIDDEN],
            &[5; BUCKETS],
        )
        .unwrap();
        let hash = fnv1a64(&net.to_bytes()[HEADER_LEN..]);
        let mut settings = Settings::new(Variant::Chess.parse_rules("").unwrap());
        settings.nets = crate::nnue::Nets::none();
        let plain = "game chess rules default seed 1 first 0 count 2 nodes 5000 \
                     opening-plies 6 config full";
        assert_eq!(settings_line(&settings, 0, 2), plain);
        settings.nets.set(Arc::new(net));
        assert_eq!(
            settings_line(&settings, 0, 2),
            format!("{plain} net {hash:016x}")
        );
        // The hand-made evaluation: no net named, though the engine has one.
        settings.config = "full,hce".into();
        assert!(!settings_line(&settings, 0, 2).contains(" net "));
    }
}
