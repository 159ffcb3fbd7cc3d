//! What runs once the front door has chosen a domain and a heuristic: a
//! [`Kernel`]. The choice of domain, heuristic and tables is made once
//! ([`super::run`]); the kernel is what differs between a solve
//! (IDA*, the first optimal solution) and an enumeration (every solution
//! in a range of lengths).

use crate::search::Limits;
use crate::search::best_first::{Strategy, best_first};
use crate::search::domain::SharedDomain;
use crate::search::enumerate::{Enumeration, Lengths, enumerate};
use crate::search::heuristic::Heuristic;
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
    /// every blank path found is given back in the caller's cells,
    /// `back[c]` for the domain's cell `c`.
    fn run_mapped<D, H>(self, domain: D, heuristic: H, back: Option<&[usize]>) -> Self::Output
    where
        D: SharedDomain,
        H: Heuristic<D> + Clone + Send + Sync;
}

/// `path` in the caller's cells: `back[c]` for each cell `c`.
fn mapped(path: &[usize], back: &[usize]) -> Vec<usize> {
    path.iter()
        .map(|&c| back.get(c).copied().unwrap_or(c))
        .collect()
}

/// `result`'s path given back through `back` (see [`Kernel::run_mapped`]).
fn result_mapped(mut result: SearchResult, back: Option<&[usize]>) -> SearchResult {
    if let (Some(path), Some(back)) = (result.path.as_mut(), back) {
        *path = mapped(path, back);
    }
    result
}

/// IDA* for the first (optimal) solution, on one thread or split.
pub(crate) struct FirstSolution<'a> {
    pub limits: &'a Limits,
    pub split: bool,
}

impl Kernel for FirstSolution<'_> {
    type Output = SearchResult;
    const LONG_PRUNING: bool = true;

    fn run_mapped<D, H>(self, domain: D, heuristic: H, back: Option<&[usize]>) -> SearchResult
    where
        D: SharedDomain,
        H: Heuristic<D> + Clone + Send + Sync,
    {
        result_mapped(ida_star(domain, heuristic, self.limits, self.split), back)
    }
}

/// A*, weighted A* or beam search for one solution
/// ([`crate::search::best_first`]).
pub(crate) struct BestFirst<'a> {
    pub limits: &'a Limits,
    pub strategy: Strategy,
}

impl Kernel for BestFirst<'_> {
    type Output = SearchResult;
    const LONG_PRUNING: bool = true;

    fn run_mapped<D, H>(self, domain: D, heuristic: H, back: Option<&[usize]>) -> SearchResult
    where
        D: SharedDomain,
        H: Heuristic<D> + Clone + Send + Sync,
    {
        let result = best_first(domain, heuristic, self.strategy, self.limits);
        result_mapped(result, back)
    }
}

/// Every solution with a length in range, to a sink.
pub(crate) struct AllSolutions<'a, 's> {
    pub limits: &'a Limits,
    pub lengths: Lengths,
    pub sink: &'s mut dyn FnMut(&[usize]) -> bool,
}

impl Kernel for AllSolutions<'_, '_> {
    type Output = Enumeration;
    const LONG_PRUNING: bool = false;

    fn run_mapped<D, H>(self, domain: D, heuristic: H, back: Option<&[usize]>) -> Enumeration
    where
        D: SharedDomain,
        H: Heuristic<D> + Clone + Send + Sync,
    {
        let Some(back) = back else {
            return enumerate(domain, heuristic, self.lengths, self.limits, self.sink);
        };
        let sink = self.sink;
        let mut given_back = |path: &[usize]| sink(&mapped(path, back));
        enumerate(
            domain,
            heuristic,
            self.lengths,
            self.limits,
            &mut given_back,
        )
    }
}
