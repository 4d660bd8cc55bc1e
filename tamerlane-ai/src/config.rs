//! The search configuration: which search techniques are on and which
//! evaluation is used, and its text form (`full,-lmr,material`).

use std::fmt;
use std::str::FromStr;

use crate::eval::EvalKind;

/// Declares the search features once: each field with its name in the
/// text form, whether the default engine uses it, whether the plain
/// baseline does, and its documentation.
macro_rules! features {
    ($($(#[doc = $doc:literal])* $field:ident: $name:literal, default $on:literal, plain $plain:literal;)*) => {
        /// Which search techniques are on: every one can be switched off to
        /// measure what it is worth.
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub struct Features {
            $($(#[doc = $doc])* pub $field: bool,)*
        }

        impl Features {
            /// The engine's default: everything that measured a gain
            /// (`docs/STRENGTH.md`). A game may change some switches for
            /// its own engine
            /// ([`SearchPosition::DEFAULT_FEATURES`](crate::SearchPosition::DEFAULT_FEATURES):
            /// Makruk's prunes by null move). Null-move pruning is off
            /// here until an SPRT proves it in chess and Tamerlane chess
            /// (`full,+null` turns it on); the continuation histories
            /// (`cont`) measured a loss and are off.
            pub const DEFAULT: Features = Features { $($field: $on,)* };
            /// Everything on.
            pub const ALL: Features = Features { $($field: true,)* };
            /// Plain alpha-beta: iterative deepening, captures first
            /// (MVV-LVA) and a quiescence search, nothing else.
            pub const PLAIN: Features = Features { $($field: $plain,)* };
            /// The features' names in the text form, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($name,)*];

            /// The switch of the feature named `name` in the text form.
            pub fn flag_mut(&mut self, name: &str) -> Option<&mut bool> {
                match name {
                    $($name => Some(&mut self.$field),)*
                    _ => None,
                }
            }

            /// The switches in the order of [`NAMES`](Self::NAMES).
            pub fn flags(&self) -> Vec<bool> {
                vec![$(self.$field,)*]
            }

            /// Every switch off: as a set of switches, the empty one.
            const NONE: Features = Features { $($field: false,)* };

            /// The switches that differ between `self` and `other` (on
            /// where they differ), as a set of switches.
            const fn differences(self, other: Features) -> Features {
                Features { $($field: self.$field != other.$field,)* }
            }

            /// The switches on in `self` or in `other`.
            const fn union(self, other: Features) -> Features {
                Features { $($field: self.$field || other.$field,)* }
            }

            /// `self` with the switches of the set `which` taken from `other`.
            const fn taking(self, other: Features, which: Features) -> Features {
                Features { $($field: if which.$field { other.$field } else { self.$field },)* }
            }
        }
    };
}

impl Features {
    /// Whether a feature uses the static evaluation of interior nodes
    /// (else the search does not compute it there).
    pub const fn use_static_eval(&self) -> bool {
        self.null_move || self.rfp || self.razoring || self.futility || self.improving
    }
}

features! {
    /// Use the transposition table for cutoffs and move ordering.
    tt: "tt", default true, plain false;
    /// Principal variation search (zero-window searches after the first move).
    pvs: "pvs", default true, plain false;
    /// Aspiration windows from depth 5.
    aspiration: "asp", default true, plain false;
    /// Null-move pruning (with the zugzwang guard); on in Makruk's
    /// defaults.
    null_move: "null", default false, plain false;
    /// Late-move reductions.
    lmr: "lmr", default true, plain false;
    /// Killer moves and the history heuristic.
    killers_history: "kh", default true, plain false;
    /// Extend moves that give check (attack a single royal) by one ply.
    check_extension: "check", default true, plain false;
    /// Quiescence search on captures and other tactical moves.
    quiescence: "qs", default true, plain true;
    /// Reverse futility pruning (static null move) at low depth.
    rfp: "rfp", default true, plain false;
    /// Razoring: a quiescence search decides nodes far below alpha at low depth.
    razoring: "razor", default true, plain false;
    /// Futility pruning of quiet moves far below alpha at low depth.
    futility: "fut", default true, plain false;
    /// Move-count (late-move) pruning of quiet moves at low depth.
    lmp: "lmp", default true, plain false;
    /// Internal iterative reduction of nodes without a table move.
    iir: "iir", default true, plain false;
    /// Transposition-table cutoffs in the quiescence search.
    qs_tt: "qstt", default true, plain false;
    /// Late-move reductions adjusted by the move's history score.
    history_lmr: "hlmr", default true, plain false;
    /// The "improving" flag in the pruning margins.
    improving: "imp", default true, plain false;
    /// Static exchange evaluation: captures that lose material are ordered
    /// after the quiet moves and left out of the quiescence search.
    see: "see", default true, plain false;
    /// Pruning of moves that lose material by static exchange at low
    /// depth (quiet moves onto lost squares, captures losing beyond a
    /// margin).
    see_pruning: "seep", default true, plain false;
    /// Continuation histories (one and two plies) in the ordering of quiet
    /// moves.
    continuation: "cont", default false, plain false;
    /// Time management by the search's settledness (best-move stability
    /// and score changes) under a clock.
    time_management: "tm", default true, plain false;
    /// Contempt: a draw counts as the game's
    /// [`CONTEMPT`](crate::SearchPosition::CONTEMPT) centipawns below 0
    /// for the side to move at the root (and as much
    /// above for the other side), in the draw scores of the search and in
    /// the evaluation's pull toward a draw, so that the side that is
    /// about even plays on rather than runs for a citadel or repeats.
    contempt: "contempt", default false, plain false;
    /// The quiet-move history scores kept from one search to the next of
    /// the same game (variant), halved at each new search and cleared by
    /// `Engine::new_game`, instead of starting every search from zero. A
    /// search then depends on the engine's earlier searches until
    /// `new_game`, as it already did through the transposition table.
    keep_history: "keephist", default true, plain false;
    /// The evaluation judges a citadel escape by the side the search plays
    /// for: its own runner by a walk over the squares the other side does
    /// not attack, the other side's runner by the King distance and the
    /// door (as without the feature), so that it neither counts on a way
    /// in that is shut nor lets the opponent's runner come near. Like
    /// contempt, it makes scores depend on the side the search plays for:
    /// an engine that searches for both sides in turn (self-play in one
    /// engine) finds the other side's scores in its table. Off: its SPRT
    /// against the engine without it measured a loss (`docs/STRENGTH.md`).
    own_walk: "ownwalk", default false, plain false;
    /// Singular extensions: a table move that a reduced search of the
    /// other moves, below the table score by a margin, cannot match is
    /// extended by one ply; when even that lowered bound is at or above
    /// beta, the node is cut there (multi-cut).
    singular: "se", default false, plain false;
    /// A network's score of a Tamerlane position is pulled toward a draw by
    /// the citadel rule, as the hand-made evaluation's score is (the
    /// move-limit fade applies either way). The nets learn from search
    /// scores that carry the pull already; without the switch it comes
    /// from the net alone.
    net_pull: "netpull", default true, plain false;
    /// A Makruk ending of a bare King against a King and two of Met and Ma
    /// is scored by its exact result (`eval::makruk_bare_king`: a table of
    /// distances to mate, and the count) instead of by the net.
    endings: "endings", default true, plain false;
    /// With `endings`, a Makruk ending of a bare King against a King with
    /// a Met or a Ma and a Bia is scored by its exact result too. Off: at
    /// 10+0.1 against Fairy-Stockfish it scored no better than without
    /// (`docs/STRENGTH.md`).
    bia_endings: "biaendings", default false, plain false;
}

/// A search configuration: features and evaluation.
///
/// The full engine's features are its game's own
/// ([`SearchPosition::DEFAULT_FEATURES`](crate::SearchPosition::DEFAULT_FEATURES)):
/// [`Features::DEFAULT`] but where a game measured better with another
/// switch. A configuration built by [`full`](SearchConfig::full) (or
/// from text starting `full`) keeps that: its [`features`](Self::features)
/// start from [`Features::DEFAULT`], and in a search of a game, every
/// switch that was neither named by a `+`/`-` change nor set away from
/// [`Features::DEFAULT`] takes the game's value
/// ([`features_for`](Self::features_for)). A configuration built by
/// [`new`](SearchConfig::new) or from `plain` has the same features in
/// every game.
///
/// Its text form is a base, `full` ([`SearchConfig::full`]) or `plain`
/// ([`SearchConfig::plain_material`]), followed by comma-separated
/// changes: `-NAME` switches a feature off and `+NAME` on (the names are
/// [`Features::NAMES`]: `tt pvs asp null lmr kh check qs` ...), and
/// `nnue`, `hce` (or its older name `fulleval`) and `material` choose the
/// evaluation: the game's network where the engine has one, else the
/// hand-made evaluation ([`EvalKind::Net`], the default of `full`); the
/// hand-made evaluation ([`EvalKind::Full`]); material only
/// ([`EvalKind::Material`], the default of `plain`).
///
/// ```
/// use tamerlane_ai::{ConfigError, EvalKind, SearchConfig};
///
/// let c: SearchConfig = "full,-lmr,material".parse().unwrap();
/// assert!(!c.features.lmr && c.features.tt);
/// assert_eq!(c.eval, EvalKind::Material);
/// assert_eq!("full".parse::<SearchConfig>().unwrap().eval, EvalKind::Net);
/// assert_eq!("full,hce".parse::<SearchConfig>().unwrap().eval, EvalKind::Full);
/// assert_eq!(
///     "full,-warp".parse::<SearchConfig>(),
///     Err(ConfigError::UnknownFeature("warp".into()))
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// The search techniques used. In a configuration that follows the
    /// game's defaults (`full`), a switch still at its
    /// [`Features::DEFAULT`] value and not named by a change takes the
    /// game's value ([`features_for`](Self::features_for)).
    pub features: Features,
    /// The evaluation used.
    pub eval: EvalKind,
    /// Whether the game's own defaults replace [`Features::DEFAULT`]'s
    /// switches (`full`).
    game_defaults: bool,
    /// The switches named by a `+`/`-` change: kept in every game.
    named: Features,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::full()
    }
}

impl SearchConfig {
    /// The full engine: [`Features::DEFAULT`] and the network evaluation
    /// ([`EvalKind::Net`]: the hand-made one for a game the engine has no
    /// net for).
    pub const fn full() -> SearchConfig {
        SearchConfig {
            features: Features::DEFAULT,
            eval: EvalKind::Net,
            game_defaults: true,
            named: Features::NONE,
        }
    }

    /// The baseline: plain alpha-beta with a material-only evaluation.
    pub const fn plain_material() -> SearchConfig {
        SearchConfig::new(Features::PLAIN, EvalKind::Material)
    }

    /// Exactly `features` and `eval`, in every game.
    pub const fn new(features: Features, eval: EvalKind) -> SearchConfig {
        SearchConfig {
            features,
            eval,
            game_defaults: false,
            named: Features::NONE,
        }
    }

    /// The features a search of a game uses, given that game's defaults
    /// `game` ([`SearchPosition::DEFAULT_FEATURES`](crate::SearchPosition::DEFAULT_FEATURES)):
    /// [`features`](Self::features), but for a configuration that follows
    /// the game's defaults (`full`), each switch neither named by a change
    /// nor set away from [`Features::DEFAULT`] is the game's.
    ///
    /// ```
    /// use tamerlane_ai::{SearchConfig, SearchPosition};
    /// use tamerlane_core::{chess, makruk};
    ///
    /// let (makruk, chess) = (makruk::Position::DEFAULT_FEATURES, chess::Position::DEFAULT_FEATURES);
    /// // Makruk's engine prunes by null move, chess's does not.
    /// let full = SearchConfig::full();
    /// assert!(full.features_for(makruk).null_move);
    /// assert!(!full.features_for(chess).null_move);
    /// // A switch named in the text is kept in every game.
    /// let c: SearchConfig = "full,-null".parse().unwrap();
    /// assert!(!c.features_for(makruk).null_move);
    /// let c: SearchConfig = "full,+null".parse().unwrap();
    /// assert!(c.features_for(chess).null_move);
    /// ```
    pub fn features_for(&self, game: Features) -> Features {
        if !self.game_defaults {
            return self.features;
        }
        let kept = self
            .named
            .union(self.features.differences(Features::DEFAULT));
        game.taking(self.features, kept)
    }

    /// This configuration as a search of a game with the defaults `game`
    /// uses it: the features of [`features_for`](Self::features_for), the
    /// same in every game from then on.
    pub fn for_game(&self, game: Features) -> SearchConfig {
        SearchConfig::new(self.features_for(game), self.eval)
    }
}

/// Why a text is not a [`SearchConfig`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The first item is not `full` or `plain` (the item is given).
    BadBase(String),
    /// An item is not `nnue`, `hce`, `fulleval`, `material` or a `+`/`-`
    /// feature change.
    BadItem(String),
    /// A `+`/`-` change names no known feature (the name is given).
    UnknownFeature(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::BadBase(b) => write!(
                f,
                "configuration must start with `full` or `plain`, not `{b}`"
            ),
            ConfigError::BadItem(i) => write!(
                f,
                "bad configuration item `{i}` (expected `nnue`, `hce`, `fulleval`, `material`, `+FEATURE` or `-FEATURE`)"
            ),
            ConfigError::UnknownFeature(n) => write!(
                f,
                "unknown feature `{n}` (known: {})",
                Features::NAMES.join(", ")
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

impl FromStr for SearchConfig {
    type Err = ConfigError;

    /// Parses the text form described on [`SearchConfig`] (blanks around
    /// items are ignored).
    fn from_str(spec: &str) -> Result<SearchConfig, ConfigError> {
        let mut parts = spec.split(',').map(str::trim);
        let mut c = match parts.next() {
            Some("full") => SearchConfig::full(),
            Some("plain") => SearchConfig::plain_material(),
            other => return Err(ConfigError::BadBase(other.unwrap_or_default().to_owned())),
        };
        for p in parts {
            match p {
                "material" => c.eval = EvalKind::Material,
                "hce" | "fulleval" => c.eval = EvalKind::Full,
                "nnue" => c.eval = EvalKind::Net,
                _ => {
                    let (on, name) = match p.split_at_checked(1) {
                        Some(("-", n)) => (false, n),
                        Some(("+", n)) => (true, n),
                        _ => return Err(ConfigError::BadItem(p.to_owned())),
                    };
                    match c.features.flag_mut(name) {
                        Some(flag) => *flag = on,
                        None => return Err(ConfigError::UnknownFeature(name.to_owned())),
                    }
                    if let Some(named) = c.named.flag_mut(name) {
                        *named = true;
                    }
                }
            }
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<SearchConfig, ConfigError> {
        s.parse()
    }

    #[test]
    fn bases_and_evaluations() {
        assert_eq!(parse("full"), Ok(SearchConfig::full()));
        assert_eq!(parse("plain"), Ok(SearchConfig::plain_material()));
        assert_eq!(
            parse("plain, fulleval"),
            Ok(SearchConfig::new(Features::PLAIN, EvalKind::Full))
        );
        assert_eq!(
            parse("full,material").map(|c| c.eval),
            Ok(EvalKind::Material)
        );
    }

    #[test]
    fn evaluation_items() {
        let eval = |s: &str| parse(s).map(|c| c.eval);
        assert_eq!(eval("full"), Ok(EvalKind::Net));
        assert_eq!(eval("full,hce"), Ok(EvalKind::Full));
        assert_eq!(eval("full,fulleval"), Ok(EvalKind::Full));
        assert_eq!(eval("full, nnue"), Ok(EvalKind::Net));
        assert_eq!(eval("full,hce,nnue"), Ok(EvalKind::Net), "the last wins");
        assert_eq!(eval("plain"), Ok(EvalKind::Material));
        assert_eq!(eval("plain,nnue"), Ok(EvalKind::Net));
        assert_eq!(eval("plain,hce"), Ok(EvalKind::Full));
        // The features are the same whichever the evaluation.
        assert_eq!(
            parse("full,-lmr,hce").map(|c| c.features),
            parse("full,-lmr").map(|c| c.features)
        );
        assert_eq!(parse("full,NNUE"), Err(ConfigError::BadItem("NNUE".into())));
        assert_eq!(
            parse("full,+nnue"),
            Err(ConfigError::UnknownFeature("nnue".into()))
        );
        let e = parse("full,net").unwrap_err().to_string();
        assert!(e.contains("`nnue`, `hce`"), "{e}");
    }

    #[test]
    fn each_feature_switch_changes_its_own_flag() {
        let names = Features::NAMES;
        let n = names.len();
        let all: String = names.iter().map(|f| format!(",+{f}")).collect();
        let full = parse(&format!("full{all}")).unwrap().features;
        assert_eq!(full, Features::ALL);
        for (i, name) in names.iter().enumerate() {
            let off = parse(&format!("full{all},-{name}")).unwrap().features;
            let mut expected = vec![true; n];
            expected[i] = false;
            assert_eq!(off.flags(), expected, "-{name}");
            let on = parse(&format!("plain,+{name}")).unwrap().features;
            let mut expected = Features::PLAIN.flags();
            expected[i] = true;
            assert_eq!(on.flags(), expected, "+{name}");
        }
        // The documented names are the fields they switch.
        let f = parse("plain,+tt,+lmr,+check").unwrap().features;
        assert!(f.tt && f.lmr && f.check_extension && !f.pvs && !f.null_move);
    }

    /// Makruk's own default switches null-move pruning on (`games/makruk.rs`);
    /// chess and Tamerlane chess keep [`Features::DEFAULT`].
    #[test]
    fn full_follows_each_games_defaults_but_keeps_what_was_set() {
        use crate::SearchPosition;
        use tamerlane_core::{chess, makruk, tamerlane};
        let makruk = makruk::Position::DEFAULT_FEATURES;
        let chess = chess::Position::DEFAULT_FEATURES;
        let full = SearchConfig::full();
        let makruk_full = full.features_for(makruk);
        assert!(makruk_full.null_move && !Features::DEFAULT.null_move);
        assert_eq!(
            makruk_full,
            Features {
                null_move: true,
                ..Features::DEFAULT
            }
        );
        assert_eq!(full.features_for(chess), Features::DEFAULT);
        assert_eq!(
            full.features_for(tamerlane::Position::DEFAULT_FEATURES),
            Features::DEFAULT
        );
        // Named switches win over the game's default, either way.
        let off = parse("full,-null").unwrap();
        assert!(!off.features_for(makruk).null_move);
        let on = parse("full,+null").unwrap();
        assert!(on.features_for(chess).null_move);
        assert!(on.features_for(makruk).null_move);
        // A switch set in code away from the generic default is kept; the
        // others still follow the game.
        let mut set = SearchConfig::full();
        set.features.lmr = false;
        let f = set.features_for(makruk);
        assert!(!f.lmr && f.null_move);
        // `plain` and `new` are the same in every game.
        let plain = parse("plain,+lmr").unwrap();
        assert_eq!(plain.features_for(makruk), plain.features);
        let exact = SearchConfig::new(Features::DEFAULT, EvalKind::Net);
        assert!(!exact.features_for(makruk).null_move);
        // Resolved once, a configuration stays resolved.
        let resolved = full.for_game(makruk);
        assert_eq!(resolved.features_for(chess), makruk_full);
    }

    #[test]
    fn bad_configurations_are_typed_errors() {
        assert_eq!(parse(""), Err(ConfigError::BadBase(String::new())));
        assert_eq!(parse("fast"), Err(ConfigError::BadBase("fast".into())));
        assert_eq!(parse("-lmr,full"), Err(ConfigError::BadBase("-lmr".into())));
        assert_eq!(parse("full,lmr"), Err(ConfigError::BadItem("lmr".into())));
        assert_eq!(parse("full,"), Err(ConfigError::BadItem(String::new())));
        assert_eq!(
            parse("full,-"),
            Err(ConfigError::UnknownFeature(String::new()))
        );
        assert_eq!(
            parse("full,+LMR"),
            Err(ConfigError::UnknownFeature("LMR".into()))
        );
        // A multi-byte first character is not a sign, and no panic.
        assert_eq!(parse("full,é"), Err(ConfigError::BadItem("é".into())));
        let e = parse("full,-warp").unwrap_err().to_string();
        assert!(e.contains("unknown feature `warp`"), "{e}");
    }
}
