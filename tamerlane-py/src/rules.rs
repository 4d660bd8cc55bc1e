//! The rule set of a `Board` of any of the three games: the `rules=`
//! argument (a rule-set string, docs/RULES.md, section 9), and the form in
//! which a pickled Tamerlane board keeps it.

use std::str::FromStr;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tamerlane_core::rule_set::StartArray;
use tamerlane_core::{RuleSet, RuleSetError};

use crate::errors::{rules_err, InvalidRulesError};
use crate::types::type_name;

/// A `rules=` argument: a rule-set string of the game whose rules are `R`
/// (Tamerlane's by default), parsed. Anything but a `str` (`None`
/// included) is a `TypeError`; a malformed string, an unknown preset, key
/// or value, an out-of-range number or a duplicate key is an
/// `InvalidRulesError` naming it.
#[derive(Copy, Clone, Debug, Default)]
pub struct RulesArg<R = RuleSet>(pub R);

/// The rule sets of the three games, as a `rules=` argument reads them.
pub trait GameRules: FromStr<Err = RuleSetError> {
    /// What a `rules=` argument must be, for its `TypeError`.
    const EXPECTED: &'static str;
}

impl GameRules for RuleSet {
    const EXPECTED: &'static str = "a rule-set string such as 'seed-001' or 'move-limit=100'";
}

impl GameRules for tamerlane_core::chess::Rules {
    const EXPECTED: &'static str = "a chess rule-set string";
}

impl GameRules for tamerlane_core::makruk::Rules {
    const EXPECTED: &'static str = "a Makruk rule-set string";
}

impl<'py, R: GameRules> FromPyObject<'py> for RulesArg<R> {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<RulesArg<R>> {
        let s = ob.downcast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "rules must be {}, not {}",
                R::EXPECTED,
                type_name(ob)
            ))
        })?;
        let text = s.to_cow().map_err(|_| {
            InvalidRulesError::new_err("rule set: not valid Unicode text (a lone surrogate)")
        })?;
        text.parse().map(RulesArg).map_err(rules_err)
    }
}

/// The name of the start array `rules` carries (the preset it began with:
/// `"default"` for the standard array), kept beside the canonical string
/// when a board is pickled: the canonical form names no preset.
pub fn start_array_name(rules: &RuleSet) -> &'static str {
    match rules.start() {
        StartArray::Standard => "default",
        StartArray::Seed001 => "seed-001",
    }
}

/// The rule set with the options of `canonical` (a rule-set string) and
/// the start array of the preset `start` (as [`start_array_name`] gives
/// it): the inverse of pickling a rule set as those two strings.
pub fn rules_with_start(canonical: &str, start: &str) -> PyResult<RuleSet> {
    let options: RuleSet = canonical.parse().map_err(rules_err)?;
    if !matches!(start, "default" | "seed-001") {
        return Err(PyValueError::new_err(format!(
            "pickled Board state: unknown start array {start:?} (expected 'default' or 'seed-001')"
        )));
    }
    let mut rules: RuleSet = start.parse().map_err(rules_err)?;
    rules
        .set_swap_when(options.swap_when())
        .set_swap_with(options.swap_with())
        .set_citadel_entry(options.citadel_entry())
        .set_pawn_of_pawns(options.pawn_of_pawns())
        .set_placement_onto(options.placement_onto())
        .set_placement_targets(options.placement_targets())
        .set_lone_royal(options.lone_royal())
        .set_royals_only(options.royals_only())
        .set_repetition(options.repetition())
        .and_then(|r| r.set_move_limit(options.move_limit()))
        .map_err(rules_err)?;
    Ok(rules)
}
