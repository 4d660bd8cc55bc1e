//! PUCT selection (AlphaZero's rule, as mctx's `muzero_policy` and
//! OpenSpiel's `puct` child selection use it): at a node visited `N` times
//! (in-flight simulations included), the child maximising
//!
//! `Q(a) + c_puct * P(a) * sqrt(N) / (1 + N(a))`
//!
//! where `P(a)` is the child's prior, `N(a)` its visits and `Q(a)` its mean
//! value from the view of the side to move at the node (0 for a child not
//! visited yet). A simulation still in flight through a child counts as a
//! visit with value -1 (virtual loss), so the simulations of one batch
//! spread over different paths.

use super::tree::{Node, Tree};

/// The value a simulation in flight counts as, from the view of the side
/// that played the move: a loss.
pub(crate) const VIRTUAL_LOSS: f64 = 1.0;

/// The PUCT score of `child` under a parent with `sqrt_n` as the square
/// root of its visits.
#[inline]
fn score<M>(child: &Node<M>, c_puct: f64, sqrt_n: f64) -> f64 {
    let n = f64::from(child.visits) + f64::from(child.in_flight);
    let q = if n > 0.0 {
        (child.value_sum - VIRTUAL_LOSS * f64::from(child.in_flight)) / n
    } else {
        0.0
    };
    q + c_puct * f64::from(child.prior) * sqrt_n / (1.0 + n)
}

/// The child of `parent` (an expanded node with children) that PUCT
/// selects: the highest score, the first of equal ones (the move
/// generator's order).
#[inline]
pub(crate) fn select_child<M: Copy>(tree: &Tree<M>, parent: usize, c_puct: f64) -> usize {
    let p = &tree.nodes[parent];
    let n = (f64::from(p.visits) + f64::from(p.in_flight)).max(1.0);
    let sqrt_n = n.sqrt();
    let range = p.children();
    let mut best = range.start;
    let mut best_score = f64::NEG_INFINITY;
    for (i, child) in tree.nodes[range.clone()].iter().enumerate() {
        let s = score(child, c_puct, sqrt_n);
        if s > best_score {
            best_score = s;
            best = range.start + i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::tree::ROOT;

    #[test]
    fn the_prior_decides_before_any_visit_and_the_value_after() {
        let mut tree: Tree<u8> = Tree::new();
        tree.expand(ROOT, &[0, 1, 2], &[0.2, 0.5, 0.3]);
        tree.nodes[ROOT].visits = 1;
        // Nodes 1, 2, 3 are the moves 0, 1, 2: the highest prior first.
        assert_eq!(select_child(&tree, ROOT, 1.25), 2);
        // A child that won every visit beats the higher prior.
        let c = &mut tree.nodes[1];
        c.visits = 4;
        c.value_sum = 4.0;
        tree.nodes[ROOT].visits = 5;
        assert_eq!(select_child(&tree, ROOT, 0.5), 1);
        // Virtual loss turns the search away from a child in flight.
        let c = &mut tree.nodes[1];
        c.visits = 0;
        c.value_sum = 0.0;
        tree.nodes[2].in_flight = 3;
        assert_eq!(select_child(&tree, ROOT, 1.25), 3);
    }
}
