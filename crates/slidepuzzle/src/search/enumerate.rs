//! Every solution in a range of lengths, not just the first: the IDA*
//! tree searched to the end of each bound.
//!
//! One bounded depth-first search per length `b` (Korf 1985's iteration
//! with the goal test made exact): a node is expanded while `g + h <= b`,
//! and a path is a solution when it reaches the goal with cost exactly `b`
//! (a path that passes the goal earlier goes on, so longer solutions
//! through the goal are found at their own length). Lengths follow each
//! other as in IDA*: the next bound is the smallest f above the last, so
//! lengths without solutions (the wrong parity on a bipartite graph) cost
//! at most one pruned iteration.
//!
//! Which solutions are listed is the domain's move pruning: each path of
//! the search tree is listed once, so nothing is listed twice; with
//! [`super::board::BoardDomain`]`<false>` and [`super::graph::GraphDomain`]
//! these are all paths that never undo their previous move (every optimal
//! solution, and every longer one without an immediate reversal), with
//! [`super::mtm::MtmBoardDomain`] all sequences of maximal runs. Domains
//! that prune longer redundant sequences (`BoardDomain<true>`) would miss
//! solutions: the front door never enumerates with them.
//!
//! Memory O(n + length); time: the nodes of the iterations searched,
//! counted like [`super::ida`]'s.

use std::ops::ControlFlow;
use std::time::Instant;

use super::dfs::{EXHAUSTED, FOUND, Ida, STOP, Visitor};
use super::domain::Domain;
use super::heuristic::Heuristic;
use super::limits::{Limits, Poller, StopReason};
use super::stats::SearchStats;

/// What [`enumerate`] found.
#[derive(Clone, Debug, Default)]
pub struct Enumeration {
    /// Solutions passed to the sink.
    pub count: u64,
    /// The length of the first solution found (the shortest at least the
    /// first bound), if any.
    pub first_length: Option<u32>,
    /// The last length searched to the end (every solution of that length
    /// and all shorter ones in range were listed), if any.
    pub complete_through: Option<u32>,
    /// Counters over all iterations.
    pub stats: SearchStats,
    /// Why the enumeration stopped early (a limit), if it did. A sink that
    /// asks to stop is not a limit.
    pub stopped: Option<StopReason>,
}

/// Which lengths [`enumerate`] lists: from `first` to `last` (inclusive),
/// or, with `beyond_first`, to the first length found plus that many.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lengths {
    /// The shortest length listed (the search's first bound is at least
    /// this and at least the heuristic's value at the start).
    pub first: u32,
    /// The longest length listed.
    pub last: Option<u32>,
    /// List the lengths up to this many above the first length that has a
    /// solution (0: that length only).
    pub beyond_first: Option<u32>,
}

/// The visitor of [`enumerate`]: every solution of cost exactly the
/// bound, passed to the sink as the domain's moves.
struct Listing<'s, M> {
    sink: &'s mut dyn FnMut(&[M]) -> bool,
    count: u64,
}

impl<D: Domain> Visitor<D> for Listing<'_, D::Move> {
    const EXACT: bool = true;
    const READS_PATH: bool = true;
    fn visit(&mut self, _domain: &D, path: &[D::Move]) -> ControlFlow<()> {
        self.count += 1;
        if (self.sink)(path) {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }
}

/// Lists every solution from the domain's configuration to its goal with a
/// length in `lengths`, shortest first, calling `sink` with each one's
/// moves (the domain's, first to last); the sink returns `false` to stop. With an admissible heuristic, the
/// lengths are exact (the first length found is the optimum when
/// `lengths.first` is at most it). The goal must be reachable (check
/// first), or the search ends only at `lengths.last` or a limit.
///
/// ```
/// use slidepuzzle::search::{board::BoardDomain, enumerate::{enumerate, Lengths}};
/// use slidepuzzle::search::manhattan::{Manhattan, TileDistances};
/// use slidepuzzle::{Configuration, Limits};
/// // 2x2: the blank top-left, tiles 3 1 2; the goal 1 2 3 and the blank.
/// let goal = Configuration::from_cells(vec![1, 2, 3, 0], 1).unwrap();
/// let start = Configuration::from_cells(vec![0, 1, 3, 2], 1).unwrap();
/// let domain = BoardDomain::<false>::new(2, 2, &start, &goal).unwrap();
/// let distances = TileDistances::board(2, 2, &goal).unwrap();
/// let mut found = Vec::new();
/// let lengths = Lengths { beyond_first: Some(0), ..Lengths::default() };
/// let e = enumerate(domain, Manhattan::new(&distances), lengths, &Limits::default(),
///                   &mut |moves: &[_]| { found.push(moves.to_vec()); true });
/// assert_eq!(e.first_length, Some(2));
/// // One solution: tile 1 slides left (the blank right), then tile 2 up (the blank down).
/// let froms: Vec<Vec<u8>> = found.iter().map(|m| m.iter().map(|s| s.from).collect()).collect();
/// assert_eq!(froms, vec![vec![1, 3]]);
/// ```
pub fn enumerate<D, H>(
    domain: D,
    mut heuristic: H,
    lengths: Lengths,
    limits: &Limits,
    sink: &mut dyn FnMut(&[D::Move]) -> bool,
) -> Enumeration
where
    D: Domain,
    H: Heuristic<D>,
{
    let clock = Instant::now();
    let h0 = heuristic.reset(&domain);
    let context = domain.root_context();
    let listing = Listing { sink, count: 0 };
    let mut lister = Ida::with_visitor(domain, heuristic, Poller::new(limits), listing);
    lister.stats.generated = 1;
    let mut out = Enumeration::default();
    let mut bound = h0.max(lengths.first);
    loop {
        let last = match (lengths.last, lengths.beyond_first, out.first_length) {
            (Some(l), Some(d), Some(f)) => l.min(f.saturating_add(d)),
            (None, Some(d), Some(f)) => f.saturating_add(d),
            (l, _, _) => l.unwrap_or(u32::MAX - 3),
        };
        if bound > last {
            break;
        }
        lister.stats.bound = bound;
        limits.report(bound, lister.stats.expanded, lister.stats.generated);
        let before = lister.visitor.count;
        let next = lister.dfs(0, h0, bound, context);
        if lister.visitor.count > before && out.first_length.is_none() {
            out.first_length = Some(bound);
        }
        if next == FOUND || next == STOP {
            break; // the sink asked to stop, or a limit did
        }
        out.complete_through = Some(bound);
        if next == EXHAUSTED {
            break; // nothing below the bound has more moves
        }
        bound = next.max(bound + 1);
    }
    out.count = lister.visitor.count;
    out.stopped = lister.stopped;
    out.stats = lister.stats;
    out.stats.seconds = clock.elapsed().as_secs_f64();
    out
}
