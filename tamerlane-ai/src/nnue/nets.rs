//! Which network an engine evaluates each game with ([`Nets`]), and the
//! nets shipped inside the crate (docs/ENGINE.md, "Networks (NNUE)",
//! "Embedded nets"): `tamerlane-ai/nets/<game>.nnue`, embedded by the
//! build script when the file exists and parsed once per process.

use core::any::Any;
use core::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use tamerlane_core::{chess, makruk, tamerlane, Variant};

use super::error::NetError;
use super::features::NnueGame;
use super::format::{file_game, fnv1a64, HEADER_LEN};
use super::network::Network;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_nets.rs"));
}

/// A net of any game, behind its game's type, with its fingerprint: the
/// FNV-1a 64 hash of its weights as the net file stores them (the
/// header's hash).
type AnyNet = (Arc<dyn Any + Send + Sync>, u64);

/// The index of `v` in [`Variant::ALL`] (the net file's game number).
fn slot(v: Variant) -> usize {
    Variant::ALL.iter().position(|&x| x == v).unwrap_or(0)
}

/// The bytes of the net embedded for `v`, if the crate was built with one.
pub fn embedded_bytes(v: Variant) -> Option<&'static [u8]> {
    match v {
        Variant::Tamerlane => embedded::TAMERLANE,
        Variant::Chess => embedded::CHESS,
        Variant::Makruk => embedded::MAKRUK,
    }
}

/// Parses `bytes` as a net of `v`.
fn parse(v: Variant, bytes: &[u8]) -> Result<AnyNet, NetError> {
    let net: Arc<dyn Any + Send + Sync> = match v {
        Variant::Tamerlane => Arc::new(Network::<tamerlane::Position>::from_bytes(bytes)?),
        Variant::Chess => Arc::new(Network::<chess::Position>::from_bytes(bytes)?),
        Variant::Makruk => Arc::new(Network::<makruk::Position>::from_bytes(bytes)?),
    };
    // The file was checked: its weights follow the header.
    Ok((net, fnv1a64(&bytes[HEADER_LEN..])))
}

/// The embedded net of `v`, parsed at its first use and kept for the
/// process; `None` without one, or if it does not parse (the test
/// `embedded_nets_parse` checks that the shipped ones do).
fn embedded_net(v: Variant) -> Option<AnyNet> {
    static PARSED: [OnceLock<Option<AnyNet>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    PARSED[slot(v)]
        .get_or_init(|| embedded_bytes(v).and_then(|b| parse(v, b).ok()))
        .clone()
}

/// The embedded net of `v` parsed, or why it does not parse (`Ok(None)`:
/// the crate was built without one).
pub fn check_embedded(v: Variant) -> Result<Option<()>, NetError> {
    embedded_bytes(v).map(|b| parse(v, b).map(drop)).transpose()
}

/// One optional network per game: what an [`Engine`](crate::Engine)
/// evaluates with under [`EvalKind::Net`](crate::EvalKind::Net). Cloning
/// is cheap (the nets are shared), so every search thread and every
/// engine of a match can hold the same nets.
///
/// ```
/// use tamerlane_ai::nnue::Nets;
/// use tamerlane_ai::Variant;
///
/// let mut nets = Nets::embedded(); // the nets shipped in `nets/`, if any
/// nets.clear(Variant::Chess); // chess: the hand-made evaluation
/// assert!(!nets.has(Variant::Chess));
/// assert!(nets.load_bytes(b"not a net").is_err());
/// ```
#[derive(Clone, Default)]
pub struct Nets {
    nets: [Option<AnyNet>; 3],
}

impl fmt::Debug for Nets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Nets");
        for v in Variant::ALL {
            d.field(v.name(), &self.has(v));
        }
        d.finish()
    }
}

/// Two sets are equal when they hold the same nets (the same shared
/// weights, not merely equal ones) for every game.
impl PartialEq for Nets {
    fn eq(&self, other: &Nets) -> bool {
        self.nets
            .iter()
            .zip(&other.nets)
            .all(|(a, b)| match (a, b) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(&a.0, &b.0),
                _ => false,
            })
    }
}

impl Eq for Nets {}

impl Nets {
    /// No net for any game: every search uses the hand-made evaluation.
    pub fn none() -> Nets {
        Nets::default()
    }

    /// The nets embedded in the crate (`tamerlane-ai/nets/<game>.nnue` at
    /// build time), for the games that have one.
    pub fn embedded() -> Nets {
        Nets {
            nets: Variant::ALL.map(embedded_net),
        }
    }

    /// Whether there is a net for `v`.
    pub fn has(&self, v: Variant) -> bool {
        self.nets[slot(v)].is_some()
    }

    /// The net of the game `G`, if any.
    pub fn get<G: NnueGame + 'static>(&self) -> Option<Arc<Network<G>>> {
        let (net, _) = self.nets[slot(G::VARIANT)].clone()?;
        net.downcast::<Network<G>>().ok()
    }

    /// Uses `net` for its game `G`.
    pub fn set<G: NnueGame + 'static>(&mut self, net: Arc<Network<G>>) {
        let fingerprint = fnv1a64(&net.to_bytes()[HEADER_LEN..]);
        self.nets[slot(G::VARIANT)] = Some((net, fingerprint));
    }

    /// The fingerprint of the net for `v`, if any: the FNV-1a 64 hash of
    /// its weights, as its file's header holds it (self-play data name the
    /// net that scored them by it).
    pub fn fingerprint(&self, v: Variant) -> Option<u64> {
        self.nets[slot(v)].as_ref().map(|(_, h)| *h)
    }

    /// No net for `v` (its searches use the hand-made evaluation).
    pub fn clear(&mut self, v: Variant) {
        self.nets[slot(v)] = None;
    }

    /// Goes back to the embedded net of `v` (none if the crate has none).
    pub fn use_embedded(&mut self, v: Variant) {
        self.nets[slot(v)] = embedded_net(v);
    }

    /// Reads a net file's bytes and uses the net for the game its header
    /// names; a refused net changes nothing. Returns the game.
    pub fn load_bytes(&mut self, bytes: &[u8]) -> Result<Variant, NetError> {
        let v = file_game(bytes)?;
        self.nets[slot(v)] = Some(parse(v, bytes)?);
        Ok(v)
    }

    /// Reads the net file at `path` (see [`load_bytes`](Self::load_bytes)).
    pub fn load_file(&mut self, path: impl AsRef<Path>) -> Result<Variant, NetError> {
        let bytes = std::fs::read(path)?;
        self.load_bytes(&bytes)
    }
}
