//! The search configuration: which search techniques are on and which
//! evaluation is used, and its text form (`full,-lmr,material`).

use std::fmt;
use std::str::FromStr;

use crate::eval::EvalKind;

/// Which search techniques are on: every one can be switched off to
/// measure what it is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// Use the transposition table for cutoffs and move ordering.
    pub tt: bool,
    /// Principal variation search (zero-window searches after the first move).
    pub pvs: bool,
    /// Aspiration windows from depth 5.
    pub aspiration: bool,
    /// Null-move pruning (with the zugzwang guard).
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Killer moves and the history heuristic.
    pub killers_history: bool,
    /// Extend moves that attack a single royal by one ply.
    pub check_extension: bool,
    /// Quiescence search on captures and other tactical moves.
    pub quiescence: bool,
}

impl Features {
    /// The engine's default: everything that measured a gain
    /// (`docs/STRENGTH.md`), that is everything but null-move pruning,
    /// which measured no gain in 200-game matches at 5,000 and 20,000
    /// nodes per move and is off until it does (`full,+null` turns it on).
    pub const DEFAULT: Features = Features {
        null_move: false,
        ..Features::ALL
    };
    /// Everything on, null-move pruning included.
    pub const ALL: Features = Features {
        tt: true,
        pvs: true,
        aspiration: true,
        null_move: true,
        lmr: true,
        killers_history: true,
        check_extension: true,
        quiescence: true,
    };
    /// Plain alpha-beta: iterative deepening, captures first (MVV-LVA) and
    /// a quiescence search, nothing else.
    pub const PLAIN: Features = Features {
        tt: false,
        pvs: false,
        aspiration: false,
        null_move: false,
        lmr: false,
        killers_history: false,
        check_extension: false,
        quiescence: true,
    };
}

/// A search configuration: features and evaluation.
///
/// Its text form is a base, `full` ([`SearchConfig::full`]) or `plain`
/// ([`SearchConfig::plain_material`]), followed by comma-separated
/// changes: `-tt -pvs -asp -null -lmr -kh -check -qs` switch a feature off
/// (`+...` switches it on), `material` and `fulleval` choose the
/// evaluation.
///
/// ```
/// use tamerlane_ai::{ConfigError, EvalKind, SearchConfig};
///
/// let c: SearchConfig = "full,-lmr,material".parse().unwrap();
/// assert!(!c.features.lmr && c.features.tt);
/// assert_eq!(c.eval, EvalKind::Material);
/// assert_eq!(
///     "full,-warp".parse::<SearchConfig>(),
///     Err(ConfigError::UnknownFeature("warp".into()))
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// The search techniques used.
    pub features: Features,
    /// The evaluation used.
    pub eval: EvalKind,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::full()
    }
}

impl SearchConfig {
    /// The full engine: [`Features::DEFAULT`] and the full evaluation.
    pub const fn full() -> SearchConfig {
        SearchConfig {
            features: Features::DEFAULT,
            eval: EvalKind::Full,
        }
    }

    /// The baseline: plain alpha-beta with a material-only evaluation.
    pub const fn plain_material() -> SearchConfig {
        SearchConfig {
            features: Features::PLAIN,
            eval: EvalKind::Material,
        }
    }
}

/// Why a text is not a [`SearchConfig`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The first item is not `full` or `plain` (the item is given).
    BadBase(String),
    /// An item is not `material`, `fulleval` or a `+`/`-` feature change.
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
                "bad configuration item `{i}` (expected `material`, `fulleval`, `+FEATURE` or `-FEATURE`)"
            ),
            ConfigError::UnknownFeature(n) => write!(
                f,
                "unknown feature `{n}` (known: tt, pvs, asp, null, lmr, kh, check, qs)"
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
                "fulleval" => c.eval = EvalKind::Full,
                _ => {
                    let (on, name) = match p.split_at_checked(1) {
                        Some(("-", n)) => (false, n),
                        Some(("+", n)) => (true, n),
                        _ => return Err(ConfigError::BadItem(p.to_owned())),
                    };
                    let f = &mut c.features;
                    let flag = match name {
                        "tt" => &mut f.tt,
                        "pvs" => &mut f.pvs,
                        "asp" => &mut f.aspiration,
                        "null" => &mut f.null_move,
                        "lmr" => &mut f.lmr,
                        "kh" => &mut f.killers_history,
                        "check" => &mut f.check_extension,
                        "qs" => &mut f.quiescence,
                        _ => return Err(ConfigError::UnknownFeature(name.to_owned())),
                    };
                    *flag = on;
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
            Ok(SearchConfig {
                features: Features::PLAIN,
                eval: EvalKind::Full,
            })
        );
        assert_eq!(
            parse("full,material").map(|c| c.eval),
            Ok(EvalKind::Material)
        );
    }

    /// The flags in the order of the names in the text form.
    fn flags(f: &Features) -> [bool; 8] {
        [
            f.tt,
            f.pvs,
            f.aspiration,
            f.null_move,
            f.lmr,
            f.killers_history,
            f.check_extension,
            f.quiescence,
        ]
    }

    #[test]
    fn each_feature_switch_changes_its_own_flag() {
        let names = ["tt", "pvs", "asp", "null", "lmr", "kh", "check", "qs"];
        assert_eq!(flags(&parse("full,+null").unwrap().features), [true; 8]);
        for (i, name) in names.iter().enumerate() {
            let off = parse(&format!("full,+null,-{name}")).unwrap().features;
            let mut expected = [true; 8];
            expected[i] = false;
            assert_eq!(flags(&off), expected, "-{name}");
            let on = parse(&format!("plain,+{name}")).unwrap().features;
            let mut expected = flags(&Features::PLAIN);
            expected[i] = true;
            assert_eq!(flags(&on), expected, "+{name}");
        }
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
