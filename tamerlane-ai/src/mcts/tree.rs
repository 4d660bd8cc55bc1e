//! The search tree: nodes in one arena (a `Vec`), the children of a node
//! stored next to each other, so that a node names its children by a
//! first index and a count and nothing is allocated per node.
//!
//! Every node holds the statistics of the edge that leads to it: its
//! prior, its visits and the sum of the values backed up through it, from
//! the view of the side that played the edge's move (the side to move at
//! the parent). The root's statistics are from the view of the side that
//! is not to move at the root.

/// What is known of a node's position.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) enum NodeState {
    /// Not reached yet: its position is not classified.
    New,
    /// Waiting for the evaluator in the current batch, in slot `.0`.
    Pending(u32),
    /// Evaluated, its children created (with their priors).
    Expanded,
    /// The game is over here (or the ply cap is reached), or with
    /// [`MctsConfig::solver`](super::MctsConfig::solver) its result is
    /// proven (a won or lost node keeps its children): the value from
    /// the view of the side to move, without any evaluation.
    Terminal(f32),
}

/// One node of the tree (and the edge into it).
#[derive(Clone, Debug)]
pub(crate) struct Node<M> {
    /// The move from the parent; `None` for the root.
    pub mv: Option<M>,
    /// The prior probability of the move (over the parent's legal moves).
    pub prior: f32,
    /// Completed simulations through this node.
    pub visits: u32,
    /// Simulations of the current batch through this node, not yet backed
    /// up: each counts as a visit that lost (virtual loss).
    pub in_flight: u32,
    /// The sum of the backed-up values, from the view of the side that
    /// played `mv`.
    pub value_sum: f64,
    /// The index of the first child (valid when `num_children > 0`).
    pub first_child: u32,
    /// The number of children (the legal moves once expanded).
    pub num_children: u32,
    /// What is known of the position.
    pub state: NodeState,
}

impl<M> Node<M> {
    /// A new node for `mv` with `prior`.
    pub fn new(mv: Option<M>, prior: f32) -> Node<M> {
        Node {
            mv,
            prior,
            visits: 0,
            in_flight: 0,
            value_sum: 0.0,
            first_child: 0,
            num_children: 0,
            state: NodeState::New,
        }
    }

    /// The mean value from the view of the side that played `mv`, or
    /// `None` before the first visit.
    pub fn q(&self) -> Option<f64> {
        (self.visits > 0).then(|| self.value_sum / f64::from(self.visits))
    }

    /// Whether the position is proven won (`Some(true)`) or lost
    /// (`Some(false)`) for its side to move: an ending with a winner, or a
    /// node the solver proved.
    pub fn proven(&self) -> Option<bool> {
        match self.state {
            NodeState::Terminal(v) if v >= 1.0 => Some(true),
            NodeState::Terminal(v) if v <= -1.0 => Some(false),
            _ => None,
        }
    }

    /// The indices of the children.
    pub fn children(&self) -> core::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.num_children as usize
    }
}

/// The arena of nodes; the root is node 0.
#[derive(Clone, Debug)]
pub(crate) struct Tree<M> {
    /// The nodes, the root first.
    pub nodes: Vec<Node<M>>,
    /// The arena a re-rooting copies into, kept for its capacity.
    spare: Vec<Node<M>>,
}

/// The root's index.
pub(crate) const ROOT: usize = 0;

impl<M: Copy> Tree<M> {
    /// A tree of one new root.
    pub fn new() -> Tree<M> {
        Tree {
            nodes: vec![Node::new(None, 1.0)],
            spare: Vec::new(),
        }
    }

    /// Back to a single new root (the arena's capacity is kept).
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::new(None, 1.0));
    }

    /// Creates the children of `parent`, one per move with its prior, and
    /// marks it expanded.
    pub fn expand(&mut self, parent: usize, moves: &[M], priors: &[f32]) {
        debug_assert_eq!(moves.len(), priors.len());
        let first = self.nodes.len();
        self.nodes.extend(
            moves
                .iter()
                .zip(priors)
                .map(|(m, p)| Node::new(Some(*m), *p)),
        );
        let node = &mut self.nodes[parent];
        node.first_child = first as u32;
        node.num_children = moves.len() as u32;
        node.state = NodeState::Expanded;
    }

    /// Makes the subtree of `child` (a child of the root) the whole tree,
    /// its statistics kept, the rest dropped. The nodes are copied
    /// breadth-first into the spare arena, which then becomes the tree.
    pub fn reroot(&mut self, child: usize) {
        let mut out = std::mem::take(&mut self.spare);
        out.clear();
        let mut root = self.nodes[child].clone();
        root.mv = None;
        out.push(root);
        let mut next = 0;
        while next < out.len() {
            let range = out[next].children();
            if !range.is_empty() {
                out[next].first_child = out.len() as u32;
                out.extend_from_slice(&self.nodes[range]);
            }
            next += 1;
        }
        self.spare = std::mem::replace(&mut self.nodes, out);
        self.spare.clear();
    }
}
