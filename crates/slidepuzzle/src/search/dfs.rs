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

use std::ops::ControlFlow;

use super::domain::Domain;
use super::heuristic::Heuristic;
use super::limits::{Poll, Poller, StopReason};
use super::stats::SearchStats;

/// A visitor broke off the search at a solution (the path is kept, the
/// domain left at the goal).
pub(crate) const FOUND: u32 = u32::MAX - 1;
/// A limit (or another thread's solution) stopped the search.
pub(crate) const STOP: u32 = u32::MAX - 2;
/// No child beyond the bound was met: the tree below is exhausted.
pub(crate) const EXHAUSTED: u32 = u32::MAX;

/// How an iterative deepening ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DfsEnd {
    /// A visitor broke off at a solution.
    Found,
    /// The whole tree was searched: no (further) solution exists.
    Exhausted,
    /// A limit or another thread's solution stopped it (the searcher says
    /// which: [`Ida::stopped`], [`Ida::halted`]).
    Stopped,
}

/// What the bounded depth-first search does at a goal node: the one
/// search serves the first solution, every solution of a length and
/// counting through its visitor.
pub(crate) trait Visitor<D: Domain> {
    /// Whether only solutions of cost exactly the bound are wanted (every
    /// solution of a length): a node at the bound is then a leaf, tested
    /// and not expanded, and a path passing the goal earlier goes on.
    /// Otherwise (the first solution) every node is tested and a node at
    /// the bound is expanded like any other, as Korf 1985 counts.
    const EXACT: bool;
    /// Whether [`Visitor::visit`] reads the path. When it does not, the
    /// search records no path on the way down and builds it on the way
    /// back up from a solution (no push and pop per node).
    const READS_PATH: bool;
    /// Called at a goal node with the moves from the root (the domain at
    /// the goal): `Break` ends the search there, `Continue` searches on.
    fn visit(&mut self, domain: &D, path: &[D::Move]) -> ControlFlow<()>;
}

/// The first solution ends the search (IDA*).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FirstSolution;

impl<D: Domain> Visitor<D> for FirstSolution {
    const EXACT: bool = false;
    const READS_PATH: bool = false;
    #[inline(always)]
    fn visit(&mut self, _: &D, _: &[D::Move]) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

/// One depth-first searcher: the domain at the current node, the heuristic
/// following it, the moves from the root, the counters, the visitor.
pub(crate) struct Ida<'a, D: Domain, H, V = FirstSolution> {
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
    pub visitor: V,
    /// The bound of the running iteration (a field, not an argument: one
    /// value fewer kept across each recursive call).
    bound: u32,
}

impl<'a, D: Domain, H: Heuristic<D>> Ida<'a, D, H> {
    /// A first-solution searcher at `domain`'s configuration.
    pub(crate) fn new(domain: D, heuristic: H, poller: Poller<'a>) -> Self {
        Self::with_visitor(domain, heuristic, poller, FirstSolution)
    }
}

impl<'a, D: Domain, H: Heuristic<D>, V: Visitor<D>> Ida<'a, D, H, V> {
    /// A searcher at `domain`'s configuration calling `visitor` at goals.
    pub(crate) fn with_visitor(domain: D, heuristic: H, poller: Poller<'a>, visitor: V) -> Self {
        Ida {
            domain,
            heuristic,
            path: Vec::new(),
            stats: SearchStats::default(),
            poller,
            stopped: None,
            halted: false,
            visitor,
            bound: 0,
        }
    }

    /// The bounded depth-first search below the current node (at depth
    /// `g`, heuristic value `h`, with `g + h <= bound`). Returns [`FOUND`]
    /// (the visitor broke off; the path leads to the goal and the domain
    /// is left there), [`STOP`], or the smallest f above the bound met
    /// ([`EXHAUSTED`] when none was).
    pub(crate) fn dfs(&mut self, g: u32, h: u32, bound: u32, context: D::Context) -> u32 {
        let base = self.path.len();
        self.bound = bound;
        let result = self.search(g, h, context);
        if result == FOUND && !V::READS_PATH {
            // Pushed from the goal back up: put it in order.
            self.path[base..].reverse();
        }
        result
    }

    /// [`Ida::dfs`] itself; unless the visitor reads the path, the path
    /// is pushed in reverse on the way back up from a solution.
    fn search(&mut self, g: u32, h: u32, context: D::Context) -> u32 {
        if V::EXACT {
            if g == self.bound {
                if h == 0
                    && self.domain.is_goal()
                    && self.visitor.visit(&self.domain, &self.path).is_break()
                {
                    return FOUND;
                }
                // Paths through here have at least one more move.
                return self.bound + 1;
            }
        } else if h == 0
            && self.domain.is_goal()
            && self.visitor.visit(&self.domain, &self.path).is_break()
        {
            return FOUND;
        }
        self.stats.expanded += 1;
        if self.poller.due(self.stats.expanded) {
            match self.poller.poll(self.stats.expanded) {
                Poll::Go => {}
                Poll::Stop(r) => {
                    self.stats.expanded -= 1; // refused, not expanded
                    self.stopped = Some(r);
                    return STOP;
                }
                Poll::Halt => {
                    self.stats.expanded -= 1;
                    self.halted = true;
                    return STOP;
                }
            }
        }
        let mut next_bound = EXHAUSTED;
        // Counted here and added once (a register, not a store per child).
        let mut generated = 0;
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
            generated += 1;
            let g1 = g + self.domain.cost(m);
            let (h1, undo) =
                self.heuristic
                    .apply(&self.domain, m, h, self.bound.saturating_sub(g1));
            if g1 + h1 > self.bound {
                // Pruned without making the move: the child's f is the
                // next bound candidate.
                self.heuristic.undo(&self.domain, m, undo);
                next_bound = next_bound.min(g1 + h1);
                continue;
            }
            let child_context = self.domain.child_context(context, m, i);
            self.domain.apply(m);
            if V::READS_PATH {
                self.path.push(m);
            }
            let result = self.search(g1, h1, child_context);
            if result == FOUND || result == STOP {
                // Found: the path and the domain stay at the goal. Stopped:
                // the searcher is abandoned as it is.
                if result == FOUND && !V::READS_PATH {
                    self.path.push(m);
                }
                self.stats.generated += generated;
                return result;
            }
            if V::READS_PATH {
                self.path.pop();
            }
            self.domain.undo(m);
            self.heuristic.undo(&self.domain, m, undo);
            next_bound = next_bound.min(result);
        }
        self.stats.generated += generated;
        next_bound
    }
}

/// The iterative-deepening driver: calls `iteration(bound)` from `h0` on,
/// each time with the smallest f that exceeded the last bound, until it
/// returns [`FOUND`], [`STOP`] or [`EXHAUSTED`] (nothing lay beyond the
/// bound: the tree is finite and searched).
pub(crate) fn deepen(h0: u32, mut iteration: impl FnMut(u32) -> u32) -> DfsEnd {
    let mut bound = h0;
    loop {
        match iteration(bound) {
            FOUND => return DfsEnd::Found,
            STOP => return DfsEnd::Stopped,
            EXHAUSTED => return DfsEnd::Exhausted,
            next => bound = next,
        }
    }
}
