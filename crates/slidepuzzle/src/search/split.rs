//! Root splitting: one IDA* instance on all of rayon's threads, for every
//! domain and heuristic.
//!
//! Every iteration's search tree is cut at depth [`SPLIT_DEPTH`]; the
//! subtrees below the prefixes whose f stays within the bound are handed
//! out **in the sequential search's order** from one queue, one at a time,
//! to as many workers as rayon has threads, each searching with its own
//! copy of the domain and heuristic (the depth-first search of `search::dfs`). The first
//! worker to find a solution raises a flag that stops the others (polled
//! with the limits, [`super::limits::POLL_INTERVAL`]). A solution found at the
//! bound is optimal because the previous iterations found none shorter.
//! Because the queue follows the sequential order, the workers together
//! reach the sequential search's solution after about 1/T of its last
//! iteration's work (T threads) plus at most one subtree each; the earlier
//! iterations are searched completely either way. Node counts are the sum
//! over workers; the last iteration may count a little more than the
//! sequential search.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use super::dfs::{ABORT, FOUND, Ida, deepen};
use super::domain::{Domain, SharedDomain};
use super::heuristic::Heuristic;
use super::limits::{Limits, Poller, Shared, StopReason};
use super::stats::{SearchResult, SearchStats};

/// Depth of the prefixes handed to the workers: below the 12-move
/// shortest cycle of a board's state graph, so no two prefixes reach the
/// same configuration there.
pub const SPLIT_DEPTH: usize = 8;

/// Whether splitting pays: more than one thread, not already on a rayon
/// worker (a batch is parallel across instances), and a solution well
/// beyond the split depth.
pub fn worth_splitting(h0: u32) -> bool {
    rayon::current_num_threads() >= 2
        && rayon::current_thread_index().is_none()
        && h0 >= 2 * SPLIT_DEPTH as u32
}

/// A subtree root: the moves from the root, the pruning context after
/// them, their cost, the heuristic there and the largest f on the way.
struct Prefix<M, C> {
    moves: Vec<M>,
    context: C,
    g: u32,
    h: u32,
    f_max: u32,
}

/// Collects the prefixes of depth [`SPLIT_DEPTH`] below the domain's
/// configuration (or shallower where no move is left), in the order the
/// sequential search meets them.
fn prefixes<D: Domain, H: Heuristic<D>>(
    domain: &mut D,
    heuristic: &mut H,
    at: Prefix<D::Move, D::Context>,
    out: &mut Vec<Prefix<D::Move, D::Context>>,
) {
    if at.moves.len() == SPLIT_DEPTH || (at.h == 0 && domain.is_goal()) {
        out.push(at);
        return;
    }
    let before = out.len();
    for i in 0..domain.branching(at.context) {
        let Some(m) = domain.nth_move(at.context, i) else {
            continue;
        };
        let context = domain.child_context(at.context, m, i);
        let g = at.g + domain.cost(m);
        let (h, undo) = heuristic.apply(domain, m, at.h, u32::MAX);
        domain.apply(m);
        let mut moves = at.moves.clone();
        moves.push(m);
        let next = Prefix {
            moves,
            context,
            g,
            h,
            f_max: at.f_max.max(g + h),
        };
        prefixes(domain, heuristic, next, out);
        domain.undo(m);
        heuristic.undo(domain, m, undo);
    }
    if out.len() == before {
        // A dead end above the split depth: kept as a leaf so the
        // iteration sees its f.
        out.push(at);
    }
}

/// The search's root and its prefixes, shared by the workers.
struct Root<D: Domain, H> {
    domain: D,
    heuristic: H,
    h0: u32,
    prefixes: Vec<Prefix<D::Move, D::Context>>,
}

/// What one worker found in one iteration.
struct Found {
    next: u32,
    stats: SearchStats,
    stopped: Option<StopReason>,
    /// The blank's path and the index of its prefix.
    solution: Option<(usize, Vec<usize>)>,
}

/// IDA* from the domain's configuration on all of rayon's threads (root
/// splitting, see the module). `h0` is the heuristic's value there
/// (after [`Heuristic::reset`]).
pub fn split_ida_star<D, H>(
    mut domain: D,
    mut heuristic: H,
    h0: u32,
    limits: &Limits,
) -> SearchResult
where
    D: SharedDomain,
    H: Heuristic<D> + Clone + Send + Sync,
{
    let clock = Instant::now();
    let top = Prefix {
        moves: Vec::new(),
        context: domain.root_context(),
        g: 0,
        h: h0,
        f_max: h0,
    };
    let mut list = Vec::new();
    prefixes(&mut domain, &mut heuristic, top, &mut list);
    let root = Root {
        domain,
        heuristic,
        h0,
        prefixes: list,
    };
    let mut stats = SearchStats {
        generated: 1,
        ..SearchStats::default()
    };
    let mut solution = None;
    let mut stopped = None;
    let shared = Shared::default();
    let workers = rayon::current_num_threads().max(1);
    let found = deepen(h0, |bound| {
        stats.bound = bound;
        limits.report(bound, stats.generated);
        shared.halt(false, Ordering::Relaxed);
        let queue = AtomicUsize::new(0);
        let results = Mutex::new(Vec::new());
        rayon::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|_| {
                    let found = work(&root, &queue, &shared, limits, bound);
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(found);
                });
            }
        });
        let mut next = ABORT;
        let mut first: Option<(usize, Vec<usize>)> = None;
        for r in results.into_inner().unwrap_or_else(|e| e.into_inner()) {
            stats.expanded += r.stats.expanded;
            stats.generated += r.stats.generated;
            stopped = stopped.or(r.stopped);
            if let Some((i, path)) = r.solution
                && first.as_ref().is_none_or(|(j, _)| i < *j)
            {
                first = Some((i, path));
            }
            next = next.min(r.next);
        }
        if let Some((_, path)) = first {
            solution = Some(path);
            FOUND
        } else if stopped.is_some() {
            ABORT
        } else {
            next
        }
    });
    stats.seconds = clock.elapsed().as_secs_f64();
    SearchResult {
        optimal: found && H::ADMISSIBLE,
        path: if found { solution } else { None },
        stats,
        stopped,
    }
}

/// One worker's share of one iteration: takes prefixes from the queue in
/// order until it is empty, a solution is found or a limit is reached.
fn work<D, H>(
    root: &Root<D, H>,
    queue: &AtomicUsize,
    shared: &Shared,
    limits: &Limits,
    bound: u32,
) -> Found
where
    D: Domain + Clone,
    H: Heuristic<D> + Clone,
{
    let poller = Poller {
        limits,
        shared: Some(shared),
    };
    let mut ida = Ida::new(root.domain.clone(), root.heuristic.clone(), poller);
    let mut out = Found {
        next: ABORT,
        stats: SearchStats::default(),
        stopped: None,
        solution: None,
    };
    loop {
        let i = queue.fetch_add(1, Ordering::Relaxed);
        let Some(p) = root.prefixes.get(i) else {
            break;
        };
        if p.f_max > bound {
            out.next = out.next.min(p.f_max);
            continue;
        }
        if shared.halted() {
            break;
        }
        if let Some(r) = limits.check(shared.nodes()) {
            out.stopped = Some(r);
            break;
        }
        let mut undos = Vec::with_capacity(p.moves.len());
        let mut h = root.h0;
        for &m in &p.moves {
            let (h1, undo) = ida.heuristic.apply(&ida.domain, m, h, u32::MAX);
            undos.push(undo);
            ida.domain.apply(m);
            h = h1;
        }
        ida.path.clear();
        ida.path.extend_from_slice(&p.moves);
        // The poller adds this worker's expansions to the shared count
        // in whole intervals of its running total.
        let r = ida.dfs(p.g, p.h, bound, p.context);
        if r == FOUND {
            shared.halt(true, Ordering::Relaxed);
            out.solution = Some((i, ida.blank_path()));
            break;
        }
        if r == ABORT && (ida.stopped.is_some() || ida.halted) {
            out.stopped = ida.stopped;
            break;
        }
        for (&m, &u) in p.moves.iter().zip(&undos).rev() {
            ida.domain.undo(m);
            ida.heuristic.undo(&ida.domain, m, u);
        }
        out.next = out.next.min(r);
    }
    out.stats = ida.stats;
    out
}
