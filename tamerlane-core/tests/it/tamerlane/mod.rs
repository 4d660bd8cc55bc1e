//! Tamerlane chess: the rules section by section (docs/RULES.md), the rule
//! options and their strings, the decisions, notation, the perft suites,
//! invariants (under random rule sets too), game records and the API.

mod api;
mod decisions;
mod invariants;
mod notation;
mod option_invariants;
mod options;
mod perft;
mod records;
mod rule_sets;
mod rules;
