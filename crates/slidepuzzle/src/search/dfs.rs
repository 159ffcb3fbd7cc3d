//! The bounded depth-first search of IDA*, once, for every domain and
//! heuristic: [`super::ida`] runs it on one thread, [`super::split`] on
//! all of them.
//!
//! Iterative-deepening A* (Korf, "Depth-first iterative-deepening: an
//! optimal admissible tree search", Artificial Intelligence 27, 1985):
//! depth-first searches bounded by f = g + h, each bound the smallest f that
//! exceeded the last. The configuration is changed in place
//! ([`Domain::apply`] / [`Domain::undo`]) and the heuristic updated
//! incrementally ([`Heuristic::apply`] / [`Heuristic::undo`]); the domain
//! prunes redundant moves (at least the one undoing the previous move).
//! Monomorphised over the domain and the heuristic, so the inner loop has
//! no dynamic dispatch. Memory: O(n + solution length).
//!
//! Counting follows Korf 1985: a node is *expanded* when its children are
//! generated, each child is *generated* (pruned by the bound or not), the
//! root counts as generated once, and every iteration counts again. With
//! the same move order and heuristic this reproduces the published node
//! counts exactly.

use super::domain::Domain;
use super::heuristic::Heuristic;
use super::limits::{Poll, Poller, StopReason};
use super::stats::SearchStats;

/// What a bounded depth-first iteration returns besides a next bound.
pub(crate) const FOUND: u32 = u32::MAX - 1;
/// A limit (or another thread's solution) stopped the iteration.
pub(crate) const ABORT: u32 = u32::MAX;

/// One depth-first searcher: the domain at the current node, the heuristic
/// following it, the moves from the root, the counters.
pub(crate) struct Ida<'a, D: Domain, H> {
    pub domain: D,
    pub heuristic: H,
    /// The moves from the search's root to the current node.
    pub path: Vec<D::Move>,
    pub stats: SearchStats,
    pub poller: Poller<'a>,
    /// Why the search stopped: a limit, or `None` with `halted` set when
    /// another thread found a solution.
    pub stopped: Option<StopReason>,
    pub halted: bool,
}

impl<'a, D: Domain, H: Heuristic<D>> Ida<'a, D, H> {
    /// A searcher at `domain`'s configuration.
    pub fn new(domain: D, heuristic: H, poller: Poller<'a>) -> Self {
        Ida {
            domain,
            heuristic,
            path: Vec::new(),
            stats: SearchStats::default(),
            poller,
            stopped: None,
            halted: false,
        }
    }

    /// Whether the search must stop (a limit, or another thread's
    /// solution).
    #[inline(always)]
    fn must_stop(&self) -> bool {
        self.stopped.is_some() || self.halted
    }

    /// The bounded depth-first search below the current node (at depth
    /// `g`, heuristic value `h`, with `g + h <= bound`). Returns [`FOUND`]
    /// (the path leads to the goal and the domain is left there),
    /// [`ABORT`], or the smallest f above the bound.
    pub fn dfs(&mut self, g: u32, h: u32, bound: u32, context: D::Context) -> u32 {
        if h == 0 && self.domain.is_goal() {
            return FOUND;
        }
        self.stats.expanded += 1;
        if Poller::due(self.stats.expanded) {
            match self.poller.poll(self.stats.expanded) {
                Poll::Go => {}
                Poll::Stop(r) => {
                    self.stopped = Some(r);
                    return ABORT;
                }
                Poll::Halt => {
                    self.halted = true;
                    return ABORT;
                }
            }
        }
        let mut next_bound = ABORT;
        if H::PREFETCH {
            for i in 0..self.domain.branching(context) {
                if let Some(m) = self.domain.nth_move(context, i) {
                    self.heuristic.prefetch(&self.domain, m);
                }
            }
        }
        for i in 0..self.domain.branching(context) {
            let Some(m) = self.domain.nth_move(context, i) else {
                continue;
            };
            self.stats.generated += 1;
            let g1 = g + self.domain.cost(m);
            let (h1, undo) = self
                .heuristic
                .apply(&self.domain, m, h, bound.saturating_sub(g1));
            if g1 + h1 > bound {
                // Pruned without making the move: the child's f is the
                // next bound candidate.
                self.heuristic.undo(&self.domain, m, undo);
                next_bound = next_bound.min(g1 + h1);
                continue;
            }
            let child_context = self.domain.child_context(context, m, i);
            self.domain.apply(m);
            self.path.push(m);
            let result = self.dfs(g1, h1, bound, child_context);
            if result == FOUND {
                return FOUND;
            }
            self.path.pop();
            self.domain.undo(m);
            self.heuristic.undo(&self.domain, m, undo);
            if result == ABORT && self.must_stop() {
                return ABORT;
            }
            next_bound = next_bound.min(result);
        }
        next_bound
    }

    /// The blank's path of the moves found.
    pub fn blank_path(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.path.len());
        for &m in &self.path {
            self.domain.blank_path(m, &mut out);
        }
        out
    }
}

/// The iterative-deepening driver: calls `iteration(bound)` from `h0` on,
/// each time with the smallest f that exceeded the last bound, until it
/// returns [`FOUND`] (true) or [`ABORT`] (false).
pub(crate) fn deepen(h0: u32, mut iteration: impl FnMut(u32) -> u32) -> bool {
    let mut bound = h0;
    loop {
        match iteration(bound) {
            FOUND => return true,
            ABORT => return false,
            next => bound = next,
        }
    }
}
