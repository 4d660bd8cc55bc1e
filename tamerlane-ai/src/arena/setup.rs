//! A side of a match from its text settings ([`PlayerSetup`]): an
//! in-process configuration or an engine command, its name, options and
//! limits, read as `tamerlane match` reads its `--a`/`--a-cmd` options
//! (and the Python package its arguments).

use std::fmt;

use super::players::{Clock, Player, PlayerKind};
use crate::external::{ExternalSpec, Timeouts};
use crate::nnue::Nets;
use crate::{AnyRules, ConfigError, Limits, SearchConfig};

/// What is said about one side of a match.
#[derive(Clone, Debug, Default)]
pub struct PlayerSetup<'a> {
    /// The in-process configuration (`docs/ENGINE.md`), e.g. `full` or
    /// `full,-lmr`; ignored when there is a [`command`](Self::command).
    pub config: &'a str,
    /// An engine command speaking the protocol, split as
    /// [`split_command`](crate::external::split_command) splits it.
    pub command: Option<&'a str>,
    /// The name in reports and records (default: the configuration, or
    /// the command's [`short_name`](ExternalSpec::short_name)).
    pub name: Option<&'a str>,
    /// A net file for the in-process engine (docs/ENGINE.md, "Networks
    /// (NNUE)"): it evaluates the game the file names with it instead of
    /// the embedded net; ignored for an engine command (give it the
    /// `EvalFile` option).
    pub eval_file: Option<&'a str>,
    /// The engine command's options, `NAME=VALUE`, sent after `Hash`.
    pub options: &'a [String],
    /// The table size in MiB: of the in-process engine (16 when not
    /// given), and sent to an engine command as its `Hash` option only
    /// when given.
    pub hash_mib: Option<usize>,
    /// The limits of every move.
    pub limits: Limits,
    /// The clock kept by the arbiter, if any.
    pub clock: Option<Clock>,
    /// How long the arbiter waits for an engine command.
    pub timeouts: Timeouts,
}

/// A side that cannot be set up.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupError {
    /// The configuration cannot be read.
    Config(ConfigError),
    /// The engine command cannot be split into words.
    Command(String),
    /// An engine option is not `NAME=VALUE`.
    Option(String),
    /// The net file cannot be read or is refused (the file and the
    /// reason).
    Net(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Config(e) => e.fmt(f),
            SetupError::Command(e) | SetupError::Option(e) | SetupError::Net(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for SetupError {}

/// The table size of an in-process player when none is given, in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

impl PlayerSetup<'_> {
    /// The player, for games under `rules`: an engine command is told the
    /// rules (as its `Rules` option, if it lists one) when they are not
    /// the game's default. Its engine is not started here (see
    /// [`Player::try_start`]).
    pub fn player(&self, rules: AnyRules) -> Result<Player, SetupError> {
        let kind = match self.command {
            None => PlayerKind::Internal {
                config: self
                    .config
                    .parse::<SearchConfig>()
                    .map_err(SetupError::Config)?,
                hash_mib: self.hash_mib.unwrap_or(DEFAULT_HASH_MIB),
                nets: {
                    let mut nets = Nets::embedded();
                    if let Some(path) = self.eval_file {
                        nets.load_file(path)
                            .map_err(|e| SetupError::Net(format!("net file {path}: {e}")))?;
                    }
                    nets
                },
            },
            Some(cmd) => {
                let mut spec = ExternalSpec::parse(cmd).map_err(SetupError::Command)?;
                if let Some(h) = self.hash_mib {
                    spec.options.push(("Hash".into(), h.to_string()));
                }
                if rules != rules.variant().default_rules() {
                    spec.rules = Some(rules.to_string());
                }
                spec.options.extend(parse_options(self.options)?);
                PlayerKind::External(spec)
            }
        };
        let name = match (self.name, &kind) {
            (Some(n), _) => n.to_owned(),
            (None, PlayerKind::External(spec)) => spec.short_name(),
            (None, PlayerKind::Internal { .. }) => self.config.to_owned(),
        };
        Ok(Player {
            name,
            kind,
            limits: self.limits.clone(),
            clock: self.clock,
            timeouts: self.timeouts,
        })
    }
}

/// Reads `NAME=VALUE` engine options (blanks around each trimmed).
fn parse_options(items: &[String]) -> Result<Vec<(String, String)>, SetupError> {
    items
        .iter()
        .map(|item| match item.split_once('=') {
            Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_owned(), v.trim().to_owned())),
            _ => Err(SetupError::Option(format!(
                "engine option `{item}`: expected NAME=VALUE"
            ))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn sides_are_read_as_the_command_line_reads_them() {
        let options = ["Threads=2".to_owned()];
        let side = PlayerSetup {
            command: Some("'/opt/my engine' --uci"),
            options: &options,
            hash_mib: Some(64),
            ..PlayerSetup::default()
        };
        let makruk = Variant::Makruk
            .parse_rules("counting=fairy-stockfish")
            .unwrap();
        let p = side.player(makruk).unwrap();
        assert_eq!(p.name, "my engine --uci");
        let PlayerKind::External(spec) = &p.kind else {
            panic!("an engine command");
        };
        assert_eq!(spec.command, ["/opt/my engine", "--uci"]);
        let pairs = [("Hash", "64"), ("Threads", "2")].map(|(n, v)| (n.into(), v.into()));
        assert_eq!(spec.options, pairs);
        assert_eq!(spec.rules.as_deref(), Some("counting=fairy-stockfish"));
        let p = side.player(Variant::Makruk.default_rules()).unwrap();
        let PlayerKind::External(spec) = &p.kind else {
            panic!("an engine command");
        };
        assert_eq!(spec.rules, None);

        let internal = PlayerSetup {
            config: "full,-lmr",
            ..PlayerSetup::default()
        };
        let p = internal.player(AnyRules::default()).unwrap();
        assert_eq!(p.name, "full,-lmr");
        assert!(matches!(
            p.kind,
            PlayerKind::Internal {
                hash_mib: DEFAULT_HASH_MIB,
                ..
            }
        ));
        assert!(p.try_start(Variant::Chess).is_ok());

        let bad = |s: PlayerSetup| s.player(AnyRules::default()).unwrap_err();
        let e = bad(PlayerSetup {
            config: "fast",
            ..PlayerSetup::default()
        });
        assert!(matches!(e, SetupError::Config(_)), "{e:?}");
        let e = bad(PlayerSetup {
            command: Some("engine 'x"),
            ..PlayerSetup::default()
        });
        assert_eq!(e, SetupError::Command("unclosed ' in `engine 'x`".into()));
        let options = ["=1".to_owned()];
        let e = bad(PlayerSetup {
            command: Some("engine"),
            options: &options,
            ..PlayerSetup::default()
        });
        assert_eq!(e.to_string(), "engine option `=1`: expected NAME=VALUE");
    }
}
