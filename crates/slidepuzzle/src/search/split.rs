//! Root splitting: one IDA* instance on all of rayon's threads.
//!
//! Every iteration's search tree is cut at depth [`SPLIT_DEPTH`]; the
//! subtrees below the prefixes whose f stays within the bound are searched
//! in parallel by the kernel's own depth-first search, and the first thread
//! to find a solution raises a flag that stops the others (checked every
//! 65,536 expansions). A solution found at the bound is optimal because the
//! previous iterations found none shorter. Prefixes are handed out in the
//! sequential search's order, so the first thread meets the sequential
//! search's solution no later than it would. Node counts are the sum over
//! threads; the last iteration may count a little more than the sequential
//! search.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::deepen::{ABORT, FOUND, deepen};
use super::limits::StopReason;
use super::stats::{SearchResult, SearchStats};

/// Depth of the prefixes handed to the threads: below the 12-move shortest
/// cycle of a board's state graph, so no two prefixes reach the same
/// configuration.
pub const SPLIT_DEPTH: usize = 8;

/// Whether splitting pays: more than one thread, not already on a rayon
/// worker, and a solution well beyond the split depth.
pub fn worth_splitting(h0: u32) -> bool {
    rayon::current_num_threads() >= 2
        && rayon::current_thread_index().is_none()
        && h0 >= 2 * SPLIT_DEPTH as u32
}

/// What the threads share during one search.
pub struct Shared {
    /// Raised by the thread that found a solution in this iteration.
    pub halt: AtomicBool,
    /// Expansions of all threads so far (updated in steps of
    /// [`NODE_BATCH`]).
    pub nodes: AtomicU64,
}

/// Expansions a thread counts before adding them to [`Shared::nodes`]
/// (and polling the flags and limits).
pub const NODE_BATCH: u64 = 0x10000;

impl Shared {
    /// Adds one batch of expansions; returns the new total.
    pub fn add_batch(&self) -> u64 {
        self.nodes.fetch_add(NODE_BATCH, Ordering::Relaxed) + NODE_BATCH
    }

    /// Whether another thread has found a solution.
    pub fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }
}

/// What a kernel does at its periodic check (every [`NODE_BATCH`]
/// expansions).
pub(crate) enum Poll {
    /// Keep searching.
    Go,
    /// A limit was reached.
    Stop(StopReason),
    /// Another thread found a solution.
    Halt,
}

/// The periodic check of an IDA* kernel: the limits apply to this search's
/// `expanded` count, or, in a split search, to all threads' together.
pub(crate) fn poll(shared: Option<&Shared>, limits: &super::Limits, expanded: u64) -> Poll {
    let total = match shared {
        Some(sh) => sh.add_batch(),
        None => expanded,
    };
    if let Some(r) = limits.check(total) {
        Poll::Stop(r)
    } else if shared.is_some_and(Shared::halted) {
        Poll::Halt
    } else {
        Poll::Go
    }
}

/// Where a subtree starts.
pub struct Subtree {
    /// The blank's cell after the prefix.
    pub blank: usize,
    /// The blank's cell before its last move (not to be undone).
    pub prev: usize,
    /// Moves in the prefix (the subtree root's g).
    pub depth: u32,
    /// The heuristic at the subtree root.
    pub h: u32,
    /// The iteration's f-bound.
    pub bound: u32,
}

struct Prefix {
    path: Vec<usize>,
    cells: Vec<u8>,
    f_max: u32,
    h: u32,
}

/// One IDA* search on all threads. `neighbors(cell)` lists the blank's
/// moves in the kernel's order, `heuristic(cells)` evaluates a
/// configuration from scratch, and `search(cells, shared, subtree)` runs
/// the kernel's bounded search from the subtree root, returning (result,
/// path below the root, counters, stop reason); it polls `shared.halt` and
/// counts its expansions into `shared.nodes`, which the node limit applies
/// to (so `--max-nodes` bounds the whole search, not each thread).
#[allow(clippy::too_many_arguments)]
pub fn split_deepen<N, H, S>(
    cells: &[u8],
    blank: usize,
    h0: u32,
    limits: &super::Limits,
    neighbors: N,
    heuristic: H,
    search: S,
) -> SearchResult
where
    N: Fn(usize) -> Vec<usize>,
    H: Fn(&[u8]) -> u32,
    S: Fn(&[u8], &Shared, &Subtree) -> (u32, Vec<usize>, SearchStats, Option<StopReason>) + Sync,
{
    let clock = Instant::now();
    let mut prefixes = Vec::new();
    let mut stack = vec![(Vec::<usize>::new(), cells.to_vec(), blank, h0)];
    while let Some((path, c, b, f_max)) = stack.pop() {
        if path.len() == SPLIT_DEPTH {
            let h = heuristic(&c);
            prefixes.push(Prefix {
                path,
                cells: c,
                f_max,
                h,
            });
            continue;
        }
        let prev = match path.len() {
            0 => usize::MAX,
            1 => blank,
            k => path[k - 2],
        };
        // Children pushed in reverse so they are popped in the kernel's order.
        for p in neighbors(b).into_iter().rev() {
            if p == prev {
                continue;
            }
            let mut next = c.clone();
            next.swap(b, p);
            let mut np = path.clone();
            np.push(p);
            let f = np.len() as u32 + heuristic(&next);
            stack.push((np, next, p, f_max.max(f)));
        }
    }
    let mut stats = SearchStats {
        generated: 1,
        ..SearchStats::default()
    };
    let mut solution = None;
    let mut stopped = None;
    type Outcome = (u32, SearchStats, Option<StopReason>, Option<Vec<usize>>);
    let shared = Shared {
        halt: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
    };
    let found = deepen(h0, |bound| {
        stats.bound = bound;
        limits.report(bound, stats.generated);
        shared.halt.store(false, Ordering::Relaxed);
        let results: Vec<Outcome> = prefixes
            .par_iter()
            .map(|p| {
                if p.f_max > bound {
                    return (p.f_max, SearchStats::default(), None, None);
                }
                if shared.halted() {
                    return (ABORT, SearchStats::default(), None, None);
                }
                if let Some(r) = limits.check(shared.nodes.load(Ordering::Relaxed)) {
                    return (ABORT, SearchStats::default(), Some(r), None);
                }
                let depth = p.path.len();
                let subtree = Subtree {
                    blank: p.path[depth - 1],
                    prev: if depth >= 2 { p.path[depth - 2] } else { blank },
                    depth: depth as u32,
                    h: p.h,
                    bound,
                };
                let (r, below, s, stop) = search(&p.cells, &shared, &subtree);
                // The part of the count not yet added in whole batches.
                shared
                    .nodes
                    .fetch_add(s.expanded % NODE_BATCH, Ordering::Relaxed);
                let path = (r == FOUND).then(|| {
                    shared.halt.store(true, Ordering::Relaxed);
                    let mut full = p.path.clone();
                    full.extend_from_slice(&below);
                    full
                });
                (r, s, stop, path)
            })
            .collect();
        let mut next = ABORT;
        for (r, s, stop, path) in results {
            stats.expanded += s.expanded;
            stats.generated += s.generated;
            stopped = stopped.or(stop);
            if let Some(path) = path {
                solution.get_or_insert(path);
            }
            if r != ABORT && r != FOUND {
                next = next.min(r);
            }
        }
        if solution.is_some() {
            FOUND
        } else if stopped.is_some() {
            ABORT
        } else {
            next
        }
    });
    stats.seconds = clock.elapsed().as_secs_f64();
    SearchResult {
        path: found.then(|| solution.expect("found")),
        optimal: found,
        stats,
        stopped,
    }
}
