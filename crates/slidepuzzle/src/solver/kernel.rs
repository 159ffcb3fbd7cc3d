//! What runs once the front door has chosen a domain and a heuristic: a
//! [`Kernel`]. The choice of domain, heuristic and tables is made once
//! ([`super::run`]); the kernel is what differs between a solve
//! (IDA*, the first optimal solution) and an enumeration (every solution
//! in a range of lengths).

use crate::search::Limits;
use crate::search::beam::beam_search;
use crate::search::best_first::{Strategy, best_first};
use crate::search::bidirectional::bidirectional_bfs;
use crate::search::domain::{SharedDomain, Steps, flatten};
use crate::search::enumerate::{Enumeration, Lengths, enumerate};
use crate::search::heuristic::{Heuristic, Zero};
use crate::search::ida::ida_star;
use crate::search::stats::SearchResult;

/// A search run on a domain and heuristic the front door chose
/// (monomorphised: one copy per domain and heuristic).
pub(crate) trait Kernel: Sized {
    /// What the search returns.
    type Output;
    /// Whether the domain may prune redundant sequences longer than a
    /// reversal (an enumeration must see every path).
    const LONG_PRUNING: bool;
    /// Runs on `domain` with `heuristic`.
    fn run<D, H>(self, domain: D, heuristic: H) -> Self::Output
    where
        D: SharedDomain,
        H: Heuristic<D> + Clone + Send + Sync,
    {
        self.run_mapped(domain, heuristic, None)
    }

    /// Runs on `domain` with `heuristic`; with `back`, the domain sees the
    /// caller's puzzle through a board symmetry (a goal served by the
    /// standard goal's tables: [`crate::model::symmetry::GoalFrame`]) and
    /// every step found is given back in the caller's cells,
    /// `back[c]` for the domain's cell `c`.
    fn run_mapped<D, H>(self, domain: D, heuristic: H, back: Option<&[usize]>) -> Self::Output
    where
        D: SharedDomain,
        H: Heuristic<D> + Clone + Send + Sync;
}

/// `steps` in the caller's cells: `back[c]` for each cell `c` of both
/// ends (see [`Kernel::run_mapped`]).
fn given_back(mut steps: Vec<(usize, usize)>, back: Option<&[usize]>) -> Vec<(usize, usize)> {
    if let Some(back) = back {
        let map = |c: usize| back.get(c).copied().unwrap_or(c);
        for s in &mut steps {
            *s = (map(s.0), map(s.1));
        }
    }
    steps
}

/// A kernel's result with its moves flattened into steps ([`flatten`]) in
/// the caller's cells: the one place a search's path becomes steps.
fn flattened<M: Steps>(result: SearchResult<M>, back: Option<&[usize]>) -> Found {
    result.map_moves(|moves| given_back(flatten(&moves), back))
}

/// What a solving kernel returns to the executor: the outcome with its
/// steps `(from, to)`.
pub(crate) type Found = SearchResult<(usize, usize)>;

/// The search for one solution: IDA* (the first, optimal with an
/// admissible heuristic; on one thread, or split over all of them) or a
/// best-first search (A*, weighted A*, BFS, beam: [`Strategy`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum OneSearch {
    /// IDA*, split over rayon's threads when `split` and worth it.
    Ida {
        /// Whether one instance may use every thread.
        split: bool,
    },
    /// A best-first search ([`crate::search::best_first`]).
    BestFirst(Strategy),
    /// Bidirectional breadth-first search
    /// ([`crate::search::bidirectional`]) on a domain whose moves undo
    /// each other; breadth-first search from the start where the domain
    /// keeps no goal cells.
    Bidirectional,
    /// Beam search ([`crate::search::beam`]), on rayon's threads when
    /// `split`.
    Beam {
        /// Configurations kept per layer.
        width: usize,
        /// Layers before it gives up.
        max_depth: usize,
        /// Whether one instance may use every thread.
        split: bool,
    },
}

/// One solution, by [`OneSearch`], within `limits`: one kernel type for
/// every solving search, so the executor's glue is compiled once.
pub(crate) struct OneSolution<'a> {
    pub limits: &'a Limits,
    pub search: OneSearch,
}

impl Kernel for OneSolution<'_> {
    type Output = Found;
    const LONG_PRUNING: bool = true;

    fn run_mapped<D, H>(self, domain: D, heuristic: H, back: Option<&[usize]>) -> Found
    where
        D: SharedDomain,
        H: Heuristic<D> + Clone + Send + Sync,
    {
        match self.search {
            OneSearch::Ida { split } => {
                flattened(ida_star(domain, heuristic, self.limits, split), back)
            }
            OneSearch::BestFirst(strategy) => {
                flattened(best_first(domain, heuristic, strategy, self.limits), back)
            }
            OneSearch::Bidirectional => match domain.goal_cells().map(<[u8]>::to_vec) {
                Some(goal) => flattened(bidirectional_bfs(domain, &goal, self.limits), back),
                None => {
                    let strategy = Strategy::AStar { weight: 1.0 };
                    flattened(best_first(domain, Zero, strategy, self.limits), back)
                }
            },
            OneSearch::Beam {
                width,
                max_depth,
                split,
            } => flattened(
                beam_search(domain, heuristic, width, max_depth, self.limits, split),
                back,
            ),
        }
    }
}

/// Every solution with a length in range, to a sink that takes its steps
/// `(from, to)` and returns `false` to stop.
pub(crate) struct AllSolutions<'a, 's> {
    pub limits: &'a Limits,
    pub lengths: Lengths,
    pub sink: &'s mut super::answers::SolutionSink<'s>,
}

impl Kernel for AllSolutions<'_, '_> {
    type Output = Enumeration;
    const LONG_PRUNING: bool = false;

    fn run_mapped<D, H>(self, domain: D, heuristic: H, back: Option<&[usize]>) -> Enumeration
    where
        D: SharedDomain,
        H: Heuristic<D> + Clone + Send + Sync,
    {
        let sink = self.sink;
        let mut as_steps = |moves: &[D::Move]| sink(&given_back(flatten(moves), back));
        enumerate(domain, heuristic, self.lengths, self.limits, &mut as_steps)
    }
}
