//! The six kinds of chess pieces and the coloured pieces.

crate::board8::letter_roles! {
    /// A kind of chess piece.
    pub enum Role {
        /// Pawn (`P`).
        Pawn => 'P', "pawn",
        /// Knight (`N`).
        Knight => 'N', "knight",
        /// Bishop (`B`).
        Bishop => 'B', "bishop",
        /// Rook (`R`).
        Rook => 'R', "rook",
        /// Queen (`Q`).
        Queen => 'Q', "queen",
        /// King (`K`).
        King => 'K', "king",
    }
}

impl Role {
    /// The roles a pawn may promote to, queen first (FIDE 3.7.3.3).
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
}
