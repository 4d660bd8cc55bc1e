//! The move with its context, one type for the three games: which piece
//! goes from which square to which, what it takes, and what kind of move it
//! is. Each game names it with its own squares, roles and kinds
//! ([`chess::Move`](crate::chess::Move), [`makruk::Move`](crate::makruk::Move),
//! [`tamerlane::Move`](crate::tamerlane::Move)) and adds the methods of its
//! own rules in its `moves.rs`.

/// A move with its context: the squares `S` it goes between, the role `R`
/// of the moving piece and of the piece it takes, and its kind `K` (what it
/// does beyond taking a piece from one square to another). Its
/// `Display` is the game's coordinate (UCI) string.
///
/// A move is only meaningful in the position it was made for; each game's
/// `Position::is_legal` checks one from elsewhere.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move<S, R, K> {
    /// The square the piece leaves.
    pub from: S,
    /// The square the piece goes to (the coordinate string's target).
    pub to: S,
    /// The role of the moving piece.
    pub role: R,
    /// The role of the captured piece, if any.
    pub capture: Option<R>,
    /// What kind of move this is.
    pub kind: K,
}

/// What the shared [`Move`] asks of a game's move kind (`R`: the game's
/// role).
pub trait Kind<R>: Copy {
    /// The kind of an ordinary move or capture.
    const NORMAL: Self;

    /// The role the moving piece becomes, if this kind is a promotion.
    fn promotion(self) -> Option<R>;
}

impl<S, R, K> Move<S, R, K> {
    /// Whether the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture.is_some()
    }
}

impl<S, R, K: Kind<R>> Move<S, R, K> {
    /// An ordinary move or capture of a piece of `role` (the kind
    /// [`Kind::NORMAL`]).
    #[inline]
    pub fn normal(from: S, to: S, role: R, capture: Option<R>) -> Self {
        Move {
            from,
            to,
            role,
            capture,
            kind: K::NORMAL,
        }
    }

    /// The role the moving piece becomes, for a promotion.
    #[inline]
    pub fn promotion(&self) -> Option<R> {
        self.kind.promotion()
    }
}

/// Implements [`Kind`] for a game's kind enum `$kind` whose ordinary move
/// is `Normal` and whose promotion is `Promotion(role)` (chess and
/// Tamerlane; `$role`: the game's role).
macro_rules! kind_with_promotion_role {
    ($kind:ident, $role:ty) => {
        impl $crate::moves::Kind<$role> for $kind {
            const NORMAL: $kind = $kind::Normal;

            #[inline]
            fn promotion(self) -> Option<$role> {
                match self {
                    $kind::Promotion(r) => Some(r),
                    _ => None,
                }
            }
        }
    };
}

pub(crate) use kind_with_promotion_role;
