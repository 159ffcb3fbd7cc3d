//! IDA*, the one entry: iterative-deepening A* (Korf, "Depth-first
//! iterative-deepening: an optimal admissible tree search", Artificial
//! Intelligence 27, 1985) for every domain and heuristic, on one thread
//! (`search::dfs`) or, for one hard instance, on all of them
//! ([`super::split`]).

use std::time::Instant;

use super::dfs::{DfsEnd, Ida, STOP, deepen};
use super::domain::SharedDomain;
use super::heuristic::Heuristic;
use super::limits::{Limits, Poller};
use super::stats::SearchResult;
use crate::error::StopReason;

/// Solves optimally (for an admissible heuristic) with IDA* from the
/// domain's configuration to its goal, which must be reachable (check
/// first, or the search only ends at a limit). One instance uses all of
/// rayon's threads ([`super::split`]) when `split` and it is worth it;
/// otherwise one thread. Returns the domain's moves.
///
/// ```
/// use slidepuzzle::search::{board::BoardDomain, ida, manhattan::{Manhattan, TileDistances}};
/// use slidepuzzle::{Configuration, Limits};
/// let goal = Configuration::from_cells(vec![1, 2, 3, 4, 5, 6, 7, 8, 0], 1).unwrap();
/// let start = Configuration::from_cells(vec![1, 2, 3, 4, 5, 6, 0, 7, 8], 1).unwrap();
/// let domain = BoardDomain::<false>::new(3, 3, &start, &goal).unwrap();
/// let distances = TileDistances::board(3, 3, &goal).unwrap();
/// let result = ida::ida_star(domain, Manhattan::new(&distances), &Limits::default(), false);
/// let froms: Vec<u8> = result.moves().unwrap().iter().map(|s| s.from).collect();
/// assert_eq!(froms, [7, 8]); // tiles 7 and 8 slide left: the blank moves right twice
/// assert_eq!(result.stats().generated, 5); // the root, then 2 + 2 children
/// ```
pub fn ida_star<D, H>(
    domain: D,
    mut heuristic: H,
    limits: &Limits,
    split: bool,
) -> SearchResult<D::Move>
where
    D: SharedDomain,
    H: Heuristic<D> + Clone + Send + Sync,
{
    let clock = Instant::now();
    let h0 = heuristic.reset(&domain);
    if split && super::split::worth_splitting(h0) {
        return super::split::split_ida_star(domain, heuristic, h0, limits);
    }
    let context = domain.root_context();
    let mut ida = Ida::new(domain, heuristic, Poller::new(limits));
    ida.stats.generated = 1;
    let end = deepen(limits.first_bound(h0), |bound| {
        ida.stats.bound = bound;
        if limits.bound_reached(bound) {
            ida.stopped = Some(StopReason::BoundReached);
            return STOP;
        }
        limits.report(bound, ida.stats.expanded, ida.stats.generated);
        ida.dfs(0, h0, bound, context)
    });
    let found = end == DfsEnd::Found;
    ida.stats.seconds = clock.elapsed().as_secs_f64();
    ida.stats.lower_bound = if H::ADMISSIBLE { ida.stats.bound } else { 0 };
    if found {
        return SearchResult::Found {
            moves: ida.path,
            optimal: H::ADMISSIBLE,
            stats: ida.stats,
        };
    }
    SearchResult::not_found(end == DfsEnd::Exhausted, ida.stopped, ida.stats)
}
