//! FIDE chess (`tamerlane_core::chess`): its rules on hand-made positions,
//! notation, the published perft suites, invariants over random games and
//! records.

mod invariants;
mod notation;
mod perft;
mod records;
mod rules;
