//! The search: iterative deepening, PVS alpha-beta with aspiration windows,
//! quiescence search, transposition table, null-move pruning with a
//! zugzwang guard, late-move reductions, check extensions and mate-distance
//! scores, with the game's rules applied at every node.
//!
//! One search for every game: it is generic over [`SearchPosition`] and
//! monomorphised per game. The rules in the tree, in the order the games
//! rank them: the position's immediate draw (Tamerlane's citadel entry);
//! a repetition of a position of the current path or of the game history,
//! where the rules make it a draw; the move limit and the game's other
//! rule draws, unless the side to move has no move; and no legal move, a
//! loss or a draw as the game says (each game's file in `games/` lists its
//! rules).

mod net_stack;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use self::net_stack::NetStack;
use crate::config::SearchConfig;
use crate::eval::{EvalKind, Perspective};
use crate::game::SearchPosition;
use crate::limits::Limits;
use crate::movepick::{pick_checked, OrderingTables, CAPTURE_SCORE};
use crate::nnue::Network;
use crate::packed_move::PackedMove;
use crate::result::{Info, PvLine, SearchResult};
use crate::score::{from_tt, mated_in, to_tt, Score, INFINITY, MATE, MATE_BOUND};
use crate::timeman::{soft_scale, TimeBudget};
use crate::tt::{Bound, TranspositionTable};

/// The deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 128;

/// What all threads of one search share.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub user_stop: &'a AtomicBool,
    pub stop: AtomicBool,
    /// The nodes of all threads, each adding its own every 1024 nodes and
    /// after each iteration (the engine's, so that it can be read while
    /// the search runs: [`Engine::node_counter`](crate::Engine::node_counter)).
    pub nodes: &'a AtomicU64,
    pub start: Instant,
    pub budget: TimeBudget,
    pub limits: &'a Limits,
    pub threads: usize,
}

/// One search thread, for the game `P`.
pub(crate) struct Worker<'a, 'b, P: SearchPosition> {
    id: usize,
    shared: &'b Shared<'a>,
    config: SearchConfig,
    /// The game's draw rules, read at every node (from the root, whose
    /// rules every node shares): the move limit in plies (`u32::MAX` when
    /// off) and whether repeated positions are draws.
    move_limit: u32,
    repetition_draw: bool,
    nodes: u64,
    unflushed: u64,
    aborted: bool,
    /// Whether this thread saw the user's stop flag set.
    stopped_by_user: bool,
    stacks: Vec<Option<Box<P::MoveList>>>,
    scores: Vec<Vec<i32>>,
    ordering: OrderingTables<P>,
    /// The continuation key of the move played at each ply (`None` for a
    /// null move).
    cont_keys: Vec<Option<usize>>,
    hashes: Vec<u64>,
    root_len: usize,
    /// How many of the positions before each ply's could be the same
    /// position: the plies since the last irreversible move (or null
    /// move), counting the whole history given at the root.
    reversible: Vec<usize>,
    pv: Vec<Vec<P::Move>>,
    seldepth: usize,
    lmr: Vec<[i32; 64]>,
    eval_cache: Vec<(u64, i32)>,
    /// The evaluation's material term at each ply, updated move by move.
    material: Vec<P::Material>,
    /// The network and its accumulators, when the search evaluates with a
    /// net ([`EvalKind::Net`] and a net for the game).
    net: Option<NetStack<P>>,
    /// The hand-made evaluation used without a net: the configuration's,
    /// [`EvalKind::Full`] for [`EvalKind::Net`].
    hce: EvalKind,
    /// Whether the single royal of the side to move is attacked, at each
    /// ply: set by whoever searches that ply (the parent already knows it
    /// from its check extension test).
    checks: Vec<bool>,
    /// The static evaluation at each ply of the current path (`-INFINITY`
    /// in check).
    static_evals: Vec<i32>,
    /// Whether the static evaluation improved on two plies before.
    improving: Vec<bool>,
    /// The root moves the search may play (`searchmoves`; empty: all).
    root_only: Vec<P::Move>,
    /// Root moves already given as better lines of this iteration
    /// (`multipv`): not searched again.
    root_excluded: Vec<P::Move>,
    /// At each ply, the move a singular-extension search leaves out (the
    /// table move whose singularity it tests); `None` in a normal search.
    excluded: Vec<Option<PackedMove>>,
    /// The depth of the current iteration (singular extensions stop at
    /// twice this ply).
    root_depth: i32,
}

/// Reverse futility pruning up to this depth.
const RFP_MAX_DEPTH: i32 = 6;
/// Pruning of moves that lose material by static exchange up to this
/// depth.
const SEE_PRUNING_MAX_DEPTH: i32 = 6;
/// A quiet move is pruned when it loses more than this times the depth
/// squared.
const SEE_QUIET_MARGIN: i32 = 20;
/// A capture is pruned when it loses more than this times the depth.
const SEE_CAPTURE_MARGIN: i32 = 90;
/// Razoring up to this depth.
const RAZOR_MAX_DEPTH: i32 = 3;
/// Move-count pruning up to this depth.
const LMP_MAX_DEPTH: i32 = 8;
/// Futility pruning up to this depth.
const FUTILITY_MAX_DEPTH: i32 = 6;
/// The ordering score that marks a move left out by move-count pruning
/// (below every real score, so such moves come up last and end the loop).
const SKIPPED_SCORE: i32 = i32::MIN;
/// Internal iterative reduction from this depth.
const IIR_MIN_DEPTH: i32 = 4;
/// A history score of this size reduces (or, negative, extends) a late
/// move by one ply more.
const HISTORY_LMR_DIVISOR: i32 = 6000;
/// Singular extensions from this depth.
const SINGULAR_MIN_DEPTH: i32 = 6;
/// The table entry must be searched at least this deep (the node's depth
/// minus this) for its move to be tested for singularity.
const SINGULAR_TT_DEPTH_SLACK: i32 = 3;
/// The singular test's bound lies this many centipawns per ply of depth
/// below the table score.
const SINGULAR_MARGIN: i32 = 2;

/// A null move that fails high is verified by a reduced search of the
/// real position from this depth (below it, it cuts at once).
const NULL_VERIFY_MIN_DEPTH: i32 = 12;
/// Each this many centipawns of the static evaluation above beta reduce
/// the null move's search by one ply more (three at most).
const NULL_EVAL_MARGIN: i32 = 200;

/// The plies by which the null move's search is reduced (besides the
/// move itself): three, a quarter of the depth, and up to three more for
/// a static evaluation far above beta.
fn null_reduction(depth: i32, static_eval: i32, beta: i32) -> i32 {
    3 + depth / 4 + ((static_eval - beta) / NULL_EVAL_MARGIN).clamp(0, 3)
}

/// How far above beta the static evaluation must be for reverse futility
/// pruning.
fn rfp_margin(depth: i32, improving: bool) -> i32 {
    80 * depth - if improving { 40 } else { 0 }
}

/// How far below alpha the static evaluation must be for razoring.
fn razor_margin(depth: i32) -> i32 {
    250 + 150 * depth
}

/// Whether the quiet move `m` gives check from a square where the static
/// exchange does not lose it: the quiet moves that move-count pruning keeps
/// (a mate is often a late quiet check; a check that loses the checker is
/// rarely worth a search past the count).
#[inline]
fn safe_check<P: SearchPosition>(pos: &P, m: &P::Move) -> bool {
    pos.gives_check(m) && pos.see_ge(m, 0)
}

/// The quiet moves searched before move-count pruning.
fn lmp_count(depth: i32, improving: bool) -> usize {
    let n = (3 + depth * depth) as usize;
    if improving {
        n
    } else {
        n / 2 + 1
    }
}

/// How far below alpha the static evaluation must be for a quiet move to
/// be pruned as futile.
fn futility_margin(depth: i32) -> i32 {
    100 + 90 * depth
}

/// Entries of the per-thread evaluation cache (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 16;

/// A network's raw score is clamped to this many centipawns, well inside
/// the scores that are not mates, before the game's rule draws adjust it
/// ([`SearchPosition::scale_net`]).
pub(crate) const NET_EVAL_BOUND: i32 = 20_000;

impl<'a, 'b, P: SearchPosition> Worker<'a, 'b, P> {
    /// A thread searching `root`, whose game's earlier positions have the
    /// hashes `history` (oldest first), evaluating with `net` under
    /// [`EvalKind::Net`] (without one: the hand-made evaluation).
    pub(crate) fn new(
        id: usize,
        shared: &'b Shared<'a>,
        config: SearchConfig,
        net: Option<Arc<Network<P>>>,
        root: &P,
        history: &[u64],
    ) -> Worker<'a, 'b, P> {
        let mut lmr = vec![[0i32; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.25) as i32;
            }
        }
        let mut hashes = Vec::with_capacity(history.len() + MAX_PLY + 2);
        hashes.extend_from_slice(history);
        Worker {
            id,
            shared,
            config,
            move_limit: root.end_rules().clock_limit().unwrap_or(u32::MAX),
            repetition_draw: root.end_rules().has_repetition(),
            nodes: 0,
            unflushed: 0,
            aborted: false,
            stopped_by_user: false,
            stacks: (0..MAX_PLY + 2).map(|_| Some(Box::default())).collect(),
            scores: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            ordering: {
                let mut o = OrderingTables::new(MAX_PLY + 2);
                if config.features.continuation {
                    o.enable_continuations();
                }
                o
            },
            cont_keys: vec![None; MAX_PLY + 2],
            root_len: history.len(),
            hashes,
            reversible: {
                let mut r = vec![0; MAX_PLY + 2];
                r[0] = history.len();
                r
            },
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            seldepth: 0,
            lmr,
            eval_cache: vec![(u64::MAX, 0); EVAL_CACHE_SIZE],
            material: vec![P::Material::default(); MAX_PLY + 2],
            net: net
                .filter(|_| config.eval == EvalKind::Net)
                .map(|n| NetStack::new(n, MAX_PLY + 2)),
            hce: match config.eval {
                EvalKind::Net => EvalKind::Full,
                k => k,
            },
            checks: vec![false; MAX_PLY + 2],
            static_evals: vec![-INFINITY; MAX_PLY + 2],
            improving: vec![false; MAX_PLY + 2],
            root_only: Vec::new(),
            root_excluded: Vec::new(),
            excluded: vec![None; MAX_PLY + 2],
            root_depth: 0,
        }
    }

    /// Starts from the history scores of an earlier search of the same
    /// game (see [`OrderingTables::restore_history`]).
    pub(crate) fn restore_history(&mut self, kept: Vec<i32>) {
        self.ordering.restore_history(kept);
    }

    /// Ends the worker, handing its history scores over for the next
    /// search.
    pub(crate) fn into_history(mut self) -> Vec<i32> {
        self.ordering.take_history()
    }

    fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Counts a node; returns true when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        self.unflushed += 1;
        let limits = self.shared.limits;
        if self.shared.threads == 1 && limits.nodes.is_some_and(|n| self.nodes > n) {
            self.aborted = true;
            return true;
        }
        if self.unflushed >= 1024 {
            self.flush();
            if self.must_stop() {
                self.aborted = true;
                return true;
            }
        }
        false
    }

    /// Whether the search must end now: a `stop` (from the user, or from
    /// the main thread to the helpers), the shared node limit of a
    /// multi-threaded search, or the hard time limit. Polled every 1024
    /// nodes and after every iteration (iterations can be shorter than
    /// 1024 nodes, e.g. once a mate is found). Remembers whether the
    /// user's stop flag was the reason.
    fn must_stop(&mut self) -> bool {
        if self.shared.user_stop.load(Ordering::Relaxed) {
            self.stopped_by_user = true;
            return true;
        }
        let limits = self.shared.limits;
        self.shared.stop.load(Ordering::Relaxed)
            || limits.nodes.is_some_and(|n| {
                self.shared.threads > 1 && self.shared.nodes.load(Ordering::Relaxed) > n
            })
            || self
                .shared
                .budget
                .hard
                .is_some_and(|h| self.shared.start.elapsed() >= h)
    }

    /// The static evaluation, through a small per-thread cache (the
    /// evaluation also depends on the halfmove clock, so the clock is part
    /// of the key).
    fn eval(&mut self, pos: &P, ply: usize) -> i32 {
        let view = Perspective {
            draw: self.draw_score(ply),
            root_to_move: self.config.features.own_walk.then_some(ply % 2 == 0),
        };
        let side = match view.root_to_move {
            None => 0,
            Some(false) => 0x2545_F491_4F6C_DD1D,
            Some(true) => 0x9FB2_1C65_1E98_DF25,
        };
        let key = pos.zobrist_hash()
            ^ u64::from(pos.halfmoves()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (view.draw as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
            ^ side;
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)];
        if slot.0 == key {
            return slot.1;
        }
        let e = match &self.net {
            Some(net) => {
                let raw = net.evaluate(pos, ply);
                pos.scale_net(
                    raw.clamp(-NET_EVAL_BOUND, NET_EVAL_BOUND),
                    view,
                    &self.config.features,
                )
            }
            None => pos.evaluate(self.hce, self.material[ply], view),
        };
        *slot = (key, e);
        e
    }

    /// Whether the position at `ply` repeats one of the path or of the
    /// game history, looking back to the last irreversible move.
    fn is_repetition(&self, pos: &P, ply: usize) -> bool {
        let n = self.hashes.len();
        let h = pos.zobrist_hash();
        let back = self.reversible[ply].min(n - 1);
        let mut k = 2;
        while k <= back {
            if self.hashes[n - 1 - k] == h {
                return true;
            }
            k += 2;
        }
        false
    }

    /// The score of a draw for the side to move at `ply`: 0, or with
    /// `contempt` the game's `CONTEMPT` below 0 for the side to move at the root
    /// (even plies: a null move also passes the turn) and as much above
    /// for the other. The table is shared across searches, so with
    /// contempt a stored draw line keeps the sign of the search that
    /// stored it (off by default; a known imprecision of contempt).
    #[inline]
    fn draw_score(&self, ply: usize) -> i32 {
        match (self.config.features.contempt, ply % 2) {
            (false, _) => 0,
            (true, 0) => -P::CONTEMPT,
            (true, _) => P::CONTEMPT,
        }
    }

    /// The score of `pos` at `ply` when it has no legal move: mated, or a
    /// draw where the game says so (a stalemate in chess and Makruk).
    #[inline]
    fn no_moves_score(&self, pos: &P, ply: usize) -> i32 {
        if pos.no_moves_is_loss(self.checks[ply]) {
            mated_in(ply)
        } else {
            self.draw_score(ply)
        }
    }

    /// Whether the root move `m` is searched: among the `searchmoves` (if
    /// any) and not already a better line of this iteration.
    #[inline]
    fn is_root_move(&self, m: &P::Move) -> bool {
        (self.root_only.is_empty() || self.root_only.contains(m)) && !self.root_excluded.contains(m)
    }

    /// The continuation keys of the moves one and two plies before `ply`.
    #[inline]
    fn prev_moves(&self, ply: usize) -> [Option<usize>; 2] {
        [
            ply.checked_sub(1).and_then(|p| self.cont_keys[p]),
            ply.checked_sub(2).and_then(|p| self.cont_keys[p]),
        ]
    }

    fn update_pv(&mut self, ply: usize, m: P::Move) {
        let (a, b) = self.pv.split_at_mut(ply + 1);
        a[ply].clear();
        a[ply].push(m);
        a[ply].extend_from_slice(&b[0]);
    }

    /// Alpha-beta search of `pos` to `depth` plies.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        allow_null: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return if self.config.features.quiescence && ply < MAX_PLY - 1 {
                self.qsearch(pos, alpha, beta, ply, 0)
            } else {
                if self.tick() {
                    return 0;
                }
                if pos.is_immediate_draw() {
                    return self.draw_score(ply);
                }
                if !pos.has_legal_moves() {
                    return self.no_moves_score(pos, ply);
                }
                self.eval(pos, ply)
            };
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        self.hashes.truncate(self.root_len + ply);
        self.hashes.push(pos.zobrist_hash());
        let features = self.config.features;
        if ply > 0 {
            if pos.is_immediate_draw() || (self.repetition_draw && self.is_repetition(pos, ply)) {
                return self.draw_score(ply);
            }
            if pos.halfmoves() >= self.move_limit || pos.is_rule_draw() {
                return if pos.has_legal_moves() {
                    self.draw_score(ply)
                } else {
                    self.no_moves_score(pos, ply)
                };
            }
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = self.checks[ply];
        debug_assert_eq!(in_check, pos.in_check());
        let hash = pos.zobrist_hash();
        // In a singular-extension search of this node, its table entry is
        // the one under test: neither its move nor its score is used.
        let excluded = self.excluded[ply];
        let mut tt_move = None;
        let mut tt_hit = None;
        if features.tt && excluded.is_none() {
            if let Some(e) = self.shared.tt.probe(hash) {
                tt_move = e.mv;
                tt_hit = Some(e);
                let s = from_tt(e.score, ply);
                if !pv_node && e.depth >= depth && e.bound.cuts(s, alpha, beta) {
                    return s;
                }
            }
        }
        // The static evaluation, for the pruning below and for the
        // "improving" flag (better than two plies ago, when neither side
        // was in check); not computed when no feature uses it.
        let static_eval = if in_check || !features.use_static_eval() {
            -INFINITY
        } else {
            self.eval(pos, ply)
        };
        self.static_evals[ply] = static_eval;
        let improving =
            features.improving && !in_check && ply >= 2 && static_eval > self.static_evals[ply - 2];
        let quiet_node = !pv_node && !in_check && beta.abs() < MATE_BOUND && excluded.is_none();
        // Reverse futility pruning and razoring judge the node by its
        // static evaluation and captures alone, as if the side to move
        // could pass; like the null move, they are not used for a side
        // with so little that it may be in zugzwang (in Tamerlane having
        // no move loses: a hunted lone royal's node is searched in full,
        // so that its mates are found).
        let static_node = quiet_node && pos.has_null_move_material();
        // Reverse futility pruning (static null move): far above beta at
        // low depth, the side to move keeps its advantage.
        if features.rfp
            && static_node
            && depth <= RFP_MAX_DEPTH
            && static_eval - rfp_margin(depth, improving) >= beta
        {
            return (static_eval + beta) / 2;
        }
        // Razoring: far below alpha at low depth, only a capture can save
        // the node: ask the quiescence search.
        if features.razoring
            && static_node
            && depth <= RAZOR_MAX_DEPTH
            && static_eval + razor_margin(depth) < alpha
        {
            let v = self.qsearch(pos, alpha, alpha + 1, ply, 0);
            if self.aborted {
                return 0;
            }
            if v <= alpha {
                return v;
            }
        }
        // Null-move pruning, guarded against zugzwang (in Tamerlane
        // stalemate loses, so "passing" is never safe with little
        // material): only with the game's minimum of pieces, not in check,
        // and verified by a reduced search of the real position at high
        // depth. The reduction grows with the depth and with the margin of
        // the static evaluation over beta.
        let null = if features.null_move
            && allow_null
            && excluded.is_none()
            && !pv_node
            && !in_check
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && pos.has_null_move_material()
            && static_eval >= beta
        {
            pos.null_move()
        } else {
            None
        };
        if let Some(null) = null {
            self.cont_keys[ply] = None;
            self.reversible[ply + 1] = 0;
            self.material[ply + 1] = self.material[ply];
            if let Some(net) = &mut self.net {
                net.push_null(ply);
            }
            self.checks[ply + 1] = null.in_check();
            let r = null_reduction(depth, static_eval, beta);
            let s = -self.search(
                &null,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                false,
                false,
            );
            self.hashes.truncate(self.root_len + ply + 1);
            if self.aborted {
                return 0;
            }
            if s >= beta {
                if depth < NULL_VERIFY_MIN_DEPTH {
                    return s.min(MATE_BOUND - 1);
                }
                let v = self.search(pos, depth - 1 - r, beta - 1, beta, ply, false, false);
                self.hashes.truncate(self.root_len + ply);
                self.hashes.push(hash);
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return s.min(MATE_BOUND - 1);
                }
            }
        }

        self.improving[ply] = improving;
        // Internal iterative reduction: without a table move, a node is
        // searched a ply shallower (its move ordering is a guess).
        let depth =
            if features.iir && tt_move.is_none() && excluded.is_none() && depth >= IIR_MIN_DEPTH {
                depth - 1
            } else {
                depth
            };
        // Singular extensions: the table move, known to reach at least
        // its score, is tested against the other moves by a reduced
        // search with a bound below that score. If none reaches the bound,
        // the table move is singular and is extended; if the bound is at
        // or above beta even without it, the node fails high (multi-cut).
        let mut singular = None;
        if let (true, Some(e), Some(mv)) = (features.singular && ply > 0, tt_hit, tt_move) {
            let tt_score = from_tt(e.score, ply);
            if depth >= SINGULAR_MIN_DEPTH
                && (ply as i32) < 2 * self.root_depth
                && e.depth >= depth - SINGULAR_TT_DEPTH_SLACK
                && e.bound != Bound::Upper
                && tt_score.abs() < MATE_BOUND
            {
                let s_beta = tt_score - SINGULAR_MARGIN * depth;
                self.excluded[ply] = Some(mv);
                let v = self.search(pos, (depth - 1) / 2, s_beta - 1, s_beta, ply, false, false);
                self.excluded[ply] = None;
                self.hashes.truncate(self.root_len + ply);
                self.hashes.push(hash);
                self.static_evals[ply] = static_eval;
                if self.aborted {
                    return 0;
                }
                if v < s_beta {
                    singular = Some(mv);
                } else if s_beta >= beta {
                    return s_beta;
                }
            }
        }
        let mut list = self.stacks[ply].take().expect("move list");
        let mut scores = std::mem::take(&mut self.scores[ply]);
        pos.legal_moves_into(&mut list);
        let result = if list.is_empty() {
            self.no_moves_score(pos, ply)
        } else {
            let prev = self.prev_moves(ply);
            self.ordering.score(
                pos,
                ply,
                &list,
                tt_move,
                features.killers_history,
                &prev,
                &mut scores,
            );
            self.moves_loop(
                pos,
                depth,
                alpha,
                beta,
                ply,
                pv_node,
                in_check,
                singular,
                &mut list,
                &mut scores,
            )
        };
        self.stacks[ply] = Some(list);
        self.scores[ply] = scores;
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn moves_loop(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        in_check: bool,
        singular: Option<PackedMove>,
        list: &mut P::MoveList,
        scores: &mut [i32],
    ) -> i32 {
        let features = self.config.features;
        let excluded = self.excluded[ply];
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_move: Option<P::Move> = None;
        let mut quiets: [Option<P::Move>; 32] = [None; 32];
        let mut n_quiets = 0;
        let mut searched = 0;
        let n = list.len();
        let mut count_reached = false;
        for i in 0..n {
            let m = pick_checked(pos, list, scores, i, features.see);
            if scores[i] == SKIPPED_SCORE {
                break;
            }
            if ply == 0 && !self.is_root_move(&m) {
                continue;
            }
            if excluded.is_some_and(|x| x == P::pack(&m)) {
                continue;
            }
            let quiet = P::is_quiet(&m);
            // Move-count pruning (late-move pruning): at low depth, once
            // this many moves have come up, the quiet moves left are not
            // searched, except checks that the static exchange does not
            // lose (`safe_check`). They are not even made: when the count
            // is reached, those left are tested once and get the lowest
            // score, so they come up last and the first of them ends the
            // loop; the quiet moves that come up after this one have passed
            // the test. The first move is always searched, so a node is
            // never scored as if it had no move.
            if features.lmp
                && quiet
                && !count_reached
                && i > 0
                && !pv_node
                && !in_check
                && best > -MATE_BOUND
                && depth <= LMP_MAX_DEPTH
                && i >= lmp_count(depth, self.improving[ply])
            {
                count_reached = true;
                for j in i + 1..n {
                    if P::is_quiet(&list[j]) && !safe_check(pos, &list[j]) {
                        scores[j] = SKIPPED_SCORE;
                    }
                }
                if !safe_check(pos, &m) {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(&m);
            if features.tt {
                self.shared.tt.prefetch(child.zobrist_hash());
            }
            self.reversible[ply + 1] = if pos.is_irreversible(&m) {
                0
            } else {
                self.reversible[ply] + 1
            };
            self.material[ply + 1] = P::material_after(self.material[ply], &m, pos.turn());
            let gives_check = child.in_check();
            debug_assert_eq!(gives_check, pos.gives_check(&m));
            self.checks[ply + 1] = gives_check;
            self.cont_keys[ply] = Some(OrderingTables::<P>::cont_key(pos.turn().index(), &m));
            // Futility pruning: a late quiet move that gives no check, too
            // far below alpha at low depth for a quiet move to reach it.
            if features.futility
                && i > 0
                && quiet
                && !pv_node
                && !in_check
                && !gives_check
                && best > -MATE_BOUND
                && depth <= FUTILITY_MAX_DEPTH
                && self.static_evals[ply] + futility_margin(depth) <= alpha
            {
                continue;
            }
            // Moves that lose material by static exchange, at low depth: a
            // quiet move onto a square where it is lost, a capture that
            // loses more than a margin growing with the depth.
            if features.see_pruning
                && i > 0
                && !pv_node
                && !in_check
                && !gives_check
                && best > -MATE_BOUND
                && depth <= SEE_PRUNING_MAX_DEPTH
            {
                let threshold = if quiet {
                    -SEE_QUIET_MARGIN * depth * depth
                } else {
                    -SEE_CAPTURE_MARGIN * depth
                };
                if !pos.see_ge(&m, threshold) {
                    continue;
                }
            }
            if let Some(net) = &mut self.net {
                net.push_move(ply, pos, &child, &m);
            }
            let ext = i32::from(
                (features.check_extension && gives_check && ply < 64)
                    || singular.is_some_and(|x| x == P::pack(&m)),
            );
            let new_depth = depth - 1 + ext;
            let mut score;
            searched += 1;
            if searched == 1 {
                score = -self.search(&child, new_depth, -beta, -alpha, ply + 1, pv_node, true);
            } else {
                let mut r = 0;
                if features.lmr && depth >= 3 && i >= 3 && quiet && !in_check && !gives_check {
                    r = self.lmr[(depth as usize).min(63)][i.min(63)];
                    if pv_node {
                        r -= 1;
                    }
                    if features.history_lmr {
                        r -= self.ordering.history(pos.turn().index(), &m) / HISTORY_LMR_DIVISOR;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                if features.pvs {
                    score = -self.search(
                        &child,
                        new_depth - r,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        true,
                    );
                    if score > alpha && r > 0 && !self.aborted {
                        score = -self.search(
                            &child,
                            new_depth,
                            -alpha - 1,
                            -alpha,
                            ply + 1,
                            false,
                            true,
                        );
                    }
                    if score > alpha && score < beta && pv_node && !self.aborted {
                        score = -self.search(&child, new_depth, -beta, -alpha, ply + 1, true, true);
                    }
                } else {
                    score =
                        -self.search(&child, new_depth - r, -beta, -alpha, ply + 1, pv_node, true);
                    if score > alpha && r > 0 && !self.aborted {
                        score =
                            -self.search(&child, new_depth, -beta, -alpha, ply + 1, pv_node, true);
                    }
                }
            }
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node || ply == 0 {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet && features.killers_history {
                            let tried: Vec<P::Move> =
                                quiets[..n_quiets].iter().flatten().copied().collect();
                            let prev = self.prev_moves(ply);
                            self.ordering.update_quiet(
                                pos.turn().index(),
                                ply,
                                &m,
                                &tried,
                                depth,
                                &prev,
                            );
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets.len() {
                quiets[n_quiets] = Some(m);
                n_quiets += 1;
            }
        }
        // A singular-extension search without any other move to try
        // fails low: the table move is the only one.
        if excluded.is_some() && best == -INFINITY {
            return alpha;
        }
        if features.tt && excluded.is_none() {
            let bound = if best >= beta {
                Bound::Lower
            } else if alpha > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared.tt.store(
                pos.zobrist_hash(),
                best_move.map(|m| P::pack(&m)),
                to_tt(best, ply),
                depth,
                bound,
            );
        }
        best
    }

    /// Quiescence search: the game's tactical moves (for Tamerlane:
    /// captures, promotions, pawn-of-pawns moves and citadel entries); all
    /// moves in check.
    fn qsearch(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize, qdepth: u32) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.is_immediate_draw() {
            return self.draw_score(ply);
        }
        let in_check = self.checks[ply];
        debug_assert_eq!(in_check, pos.in_check());
        // The table's bound cuts here too: any stored depth is at least
        // the quiescence search's.
        if self.config.features.tt && self.config.features.qs_tt {
            if let Some(e) = self.shared.tt.probe(pos.zobrist_hash()) {
                let s = from_tt(e.score, ply);
                if e.bound.cuts(s, alpha, beta) {
                    return s;
                }
            }
        }
        // With several pieces a position without legal moves is practically
        // impossible, so such a side is taken to have a move without
        // generating the quiet ones.
        let many_men = pos.surely_has_moves();
        let mut stand = -INFINITY;
        if !in_check {
            stand = self.eval(pos, ply);
            if stand >= beta && many_men {
                return stand;
            }
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { self.eval(pos, ply) } else { stand };
        }
        let mut list = self.stacks[ply].take().expect("move list");
        let mut scores = std::mem::take(&mut self.scores[ply]);
        // In check every evasion is searched; otherwise only the tactical
        // moves, which the core generates directly.
        if in_check {
            pos.legal_moves_into(&mut list);
        } else {
            pos.tactical_moves_into(&mut list);
        }
        let result = 'done: {
            if list.is_empty() && (in_check || (!many_men && !pos.has_legal_moves())) {
                break 'done self.no_moves_score(pos, ply);
            }
            if pos.halfmoves() >= self.move_limit || pos.is_rule_draw() {
                break 'done self.draw_score(ply);
            }
            if !in_check {
                if stand >= beta {
                    break 'done stand;
                }
                alpha = alpha.max(stand);
            } else if qdepth >= 6 {
                break 'done self.eval(pos, ply);
            }
            self.ordering
                .score(pos, ply, &list, None, false, &[None; 2], &mut scores);
            let mut best = stand;
            for i in 0..list.len() {
                let m = pick_checked(pos, &mut list, &mut scores, i, self.config.features.see);
                // A quiet move that comes with the tactical moves (a
                // Tamerlane pawn-of-pawns transfer) is not searched here,
                // nor (with `see`) a capture that loses material.
                if !in_check && scores[i] < CAPTURE_SCORE {
                    break;
                }
                let mut child = pos.clone();
                child.play_unchecked(&m);
                if self.config.features.tt && self.config.features.qs_tt {
                    self.shared.tt.prefetch(child.zobrist_hash());
                }
                self.material[ply + 1] = P::material_after(self.material[ply], &m, pos.turn());
                self.checks[ply + 1] = child.in_check();
                if let Some(net) = &mut self.net {
                    net.push_move(ply, pos, &child, &m);
                }
                let s = -self.qsearch(&child, -beta, -alpha, ply + 1, qdepth + 1);
                if self.aborted {
                    break 'done 0;
                }
                if s > best {
                    best = s;
                    if s > alpha {
                        alpha = s;
                        self.update_pv(ply, m);
                        if s >= beta {
                            break;
                        }
                    }
                }
            }
            best
        };
        self.stacks[ply] = Some(list);
        self.scores[ply] = scores;
        result
    }

    /// One iteration's search of the root at depth `d`, in an aspiration
    /// window around `prev` (the line's score of the previous iteration)
    /// from depth 5, widened on each fail.
    fn aspiration(&mut self, root: &P, depth: u32, prev: i32) -> i32 {
        let d = depth as i32;
        let mut delta = 25;
        let (mut alpha, mut beta) =
            if self.config.features.aspiration && depth >= 5 && prev.abs() < MATE_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INFINITY, INFINITY)
            };
        loop {
            let s = self.search(root, d, alpha, beta, 0, true, false);
            if self.aborted {
                return s;
            }
            if s <= alpha && alpha > -INFINITY {
                alpha = (alpha - delta).max(-INFINITY);
                delta *= 2;
            } else if s >= beta && beta < INFINITY {
                beta = (beta + delta).min(INFINITY);
                delta *= 2;
            } else {
                return s;
            }
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Iterative deepening from `root`. The main thread (id 0) reports
    /// each line of each iteration through `info`.
    pub(crate) fn iterate(
        &mut self,
        root: &P,
        info: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        let limits = self.shared.limits;
        let max_depth = limits
            .depth
            .unwrap_or(crate::MAX_DEPTH)
            .clamp(1, crate::MAX_DEPTH);
        let mut root_moves = P::MoveList::default();
        if !root.is_immediate_draw() {
            root.legal_moves_into(&mut root_moves);
        }
        if root_moves.is_empty() {
            let lost = !root.is_immediate_draw() && root.no_moves_is_loss(root.in_check());
            return SearchResult::empty(if lost { Score::Mate(0) } else { Score::Cp(0) });
        }
        let mut result = SearchResult::empty(Score::Cp(0));
        // `searchmoves`: the root moves named (all of them when none is).
        self.root_only = root_moves
            .iter()
            .copied()
            .filter(|m| limits.searchmoves.iter().any(|t| *t == m.to_string()))
            .collect();
        let allowed = if self.root_only.is_empty() {
            root_moves.len()
        } else {
            self.root_only.len()
        };
        let wanted = limits.multipv.clamp(1, allowed);
        result.best = Some(self.root_only.first().copied().unwrap_or(root_moves[0]));
        self.material[0] = root.material();
        if let Some(net) = &mut self.net {
            net.set_root(root);
        }
        self.checks[0] = root.in_check();
        // Each line's score of the previous iteration.
        let mut prev = vec![0i32; wanted];
        // The settledness of the search, for time management: a decaying
        // count of best-move changes and the iterations since the last.
        let mut best_changes = 0.0f64;
        let mut stable = 0u32;
        let mut depth = 1;
        if self.id > 0 && self.id % 2 == 1 && max_depth > 1 {
            depth = 2;
        }
        while depth <= max_depth {
            self.seldepth = 0;
            self.root_depth = depth as i32;
            // The lines of this iteration, best first: each searches the
            // root without the moves of the lines before it.
            self.root_excluded.clear();
            let mut lines: Vec<(i32, Vec<P::Move>)> = Vec::with_capacity(wanted);
            for &prev_score in prev.iter().take(wanted) {
                let s = self.aspiration(root, depth, prev_score);
                if self.aborted {
                    break;
                }
                let pv = self.pv[0].clone();
                let Some(&first) = pv.first() else {
                    break;
                };
                self.root_excluded.push(first);
                lines.push((s, pv));
            }
            if self.aborted || lines.is_empty() {
                break;
            }
            // A later line can come out better than an earlier one (its
            // window was another): best first.
            lines.sort_by_key(|l| std::cmp::Reverse(l.0));
            let score = lines[0].0;
            let score_drop = prev[0] - score;
            for (p, l) in prev.iter_mut().zip(&lines) {
                *p = l.0;
            }
            best_changes /= 2.0;
            let m = lines[0].1[0];
            if result.best == Some(m) {
                stable += 1;
            } else {
                best_changes += 1.0;
                stable = 0;
            }
            result.best = Some(m);
            result.score = Score::from_internal(score);
            result.depth = depth;
            result.pv = lines[0].1.clone();
            result.lines = lines
                .into_iter()
                .map(|(s, pv)| PvLine {
                    score: Score::from_internal(s),
                    pv,
                })
                .collect();
            if self.id == 0 {
                self.flush();
                let elapsed = self.shared.start.elapsed();
                let nodes = self.shared.nodes.load(Ordering::Relaxed);
                for (k, line) in result.lines.iter().enumerate() {
                    info(&Info {
                        depth,
                        seldepth: self.seldepth as u32,
                        multipv: k + 1,
                        score: line.score,
                        nodes,
                        nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                        time: elapsed,
                        pv: line.pv.clone(),
                        hashfull: self.shared.tt.hashfull(),
                    });
                }
                let budget = self.shared.budget;
                // With a clock (soft below hard), the soft limit bends to
                // how settled the search is; a fixed move time is used in
                // full.
                let scale = if self.config.features.time_management
                    && budget.soft != budget.hard
                    && depth >= 4
                {
                    soft_scale(best_changes, stable, score_drop)
                } else {
                    1.0
                };
                if budget.soft.is_some_and(|s| {
                    let soft = s.mul_f64(scale).min(budget.hard.unwrap_or(s));
                    self.shared.start.elapsed() >= soft
                }) {
                    break;
                }
                // A forced mate found well within the depth: no need to go on.
                let d = depth as i32;
                if score.abs() >= MATE_BOUND
                    && (MATE - score.abs()) < d - 2
                    && !limits.infinite
                    && limits.depth.is_none()
                {
                    break;
                }
            }
            self.flush();
            if self.must_stop() {
                break;
            }
            depth += 1;
        }
        self.flush();
        result.stopped = self.stopped_by_user;
        result
    }
}

#[cfg(test)]
mod tests {
    //! The singular-extension search (a node searched without its table
    //! move), on a worker driven directly.
    use super::*;
    use tamerlane_core::tamerlane::Position;

    fn pos(tfen: &str) -> Position {
        Position::from_tfen(tfen).unwrap()
    }

    /// The legal move of `p` written `text`.
    fn legal(p: &Position, text: &str) -> PackedMove {
        let mut list = <Position as tamerlane_core::Position>::MoveList::default();
        p.legal_moves_into(&mut list);
        let m = list.iter().find(|m| m.to_string() == text).unwrap();
        <Position as SearchPosition>::pack(m)
    }

    /// Calls `f` with a fresh one-thread worker whose ply 1 is `node`, and
    /// the worker's table.
    fn with_worker<R>(
        node: &Position,
        f: impl FnOnce(&mut Worker<'_, '_, Position>, &TranspositionTable) -> R,
    ) -> R {
        let tt = TranspositionTable::new(1);
        let user_stop = AtomicBool::new(false);
        let nodes = AtomicU64::new(0);
        let limits = Limits::new();
        let shared = Shared {
            tt: &tt,
            user_stop: &user_stop,
            stop: AtomicBool::new(false),
            nodes: &nodes,
            start: Instant::now(),
            budget: TimeBudget {
                soft: None,
                hard: None,
            },
            limits: &limits,
            threads: 1,
        };
        let mut w = Worker::new(0, &shared, SearchConfig::full(), None, node, &[]);
        w.material[1] = node.material();
        w.checks[1] = node.in_check();
        f(&mut w, &tt)
    }

    /// White wins at once only by `k1k9`, which leaves Black without a
    /// move (`finds_the_stalemate_win` in the search tests). Searched
    /// without that move the node is not won, although the table holds
    /// the win for it: the singular search neither takes the table's
    /// cutoff nor plays the move left out, and leaves the table's entry
    /// as it was.
    #[test]
    fn a_node_searched_without_its_winning_move_is_not_won() {
        let p = pos("k10/11/11/11/11/11/11/11/5K5/1R8R w - 00 0 1");
        let win = legal(&p, "k1k9");
        with_worker(&p, |w, tt| {
            let full = w.search(&p, 2, -INFINITY, INFINITY, 1, true, false);
            assert!(full >= MATE_BOUND, "{full}");
            let entry = tt.probe(p.hash());
            assert_eq!(entry.and_then(|e| e.mv), Some(win));
            w.excluded[1] = Some(win);
            // A full window: no move is pruned, so only the exclusion
            // keeps the win out.
            let without = w.search(&p, 2, -INFINITY, INFINITY, 1, true, false);
            assert!(without < MATE_BOUND, "{without}");
            // A zero window at a non-PV node, where the entry (a win to
            // this depth) would cut at once.
            let cut = w.search(&p, 2, MATE_BOUND - 1, MATE_BOUND, 1, false, false);
            assert!(cut < MATE_BOUND, "{cut}");
            assert_eq!(tt.probe(p.hash()), entry);
        });
    }

    /// Black's King on a10 has one move, to a9 (the Rook on b2 holds b9
    /// and b10; a King never enters its own citadel). Left out, the node
    /// fails low at alpha: it is neither scored as a position without
    /// moves (a loss in Tamerlane) nor as worse than alpha.
    #[test]
    fn a_node_whose_only_move_is_left_out_fails_low() {
        let p = pos("k10/11/11/11/11/11/11/11/1R9/5K5 b - 00 0 1");
        let mut list = <Position as tamerlane_core::Position>::MoveList::default();
        p.legal_moves_into(&mut list);
        assert_eq!(
            list.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            ["a10a9"]
        );
        with_worker(&p, |w, _| {
            w.excluded[1] = Some(legal(&p, "a10a9"));
            assert_eq!(w.search(&p, 3, -2000, -1999, 1, false, false), -2000);
        });
    }
}
