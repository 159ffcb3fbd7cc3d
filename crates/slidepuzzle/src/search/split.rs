//! Root splitting: one IDA* instance on all of rayon's threads, for every
//! domain and heuristic.
//!
//! Each iteration first expands the top of its own tree level by level,
//! in the sequential search's order, keeping only the nodes within the
//! bound, until at least [`SPLIT_TARGET`] subtrees are left (or
//! [`MAX_SPLIT_DEPTH`] levels): so the subtrees are many and small however
//! strongly the heuristic prunes the top of the tree (pattern databases on
//! the 24-puzzle leave few nodes at depth 8). The subtrees are then handed
//! out **in the sequential order** from one queue, one at a time, to as
//! many workers as rayon has threads, each searching with its own copy of
//! the domain and heuristic (the depth-first search of `search::dfs`). The
//! first worker to find a solution raises a flag that stops the others
//! (polled with the limits, [`super::limits::POLL_INTERVAL`]). A solution
//! found at the bound is optimal because the previous iterations found
//! none shorter. The top levels are counted like the sequential search
//! counts them, so every complete iteration counts exactly the sequential
//! search's nodes; the last one may count a little more (the other
//! workers' subtrees after the solution's) or less.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use super::dfs::{DfsEnd, EXHAUSTED, FOUND, Ida, STOP, deepen};
use super::domain::{Domain, SharedDomain};
use super::heuristic::Heuristic;
use super::limits::{Limits, Poller, Shared, StopReason};
use super::stats::{SearchResult, SearchStats};

/// Subtrees an iteration hands out at least (when the tree has them).
pub const SPLIT_TARGET: usize = 1024;

/// Deepest level the top of an iteration's tree is expanded to.
pub const MAX_SPLIT_DEPTH: usize = 24;

/// The shallowest solution worth splitting for.
const SPLIT_DEPTH: u32 = 8;

/// Whether splitting pays: more than one thread, not already on a rayon
/// worker (a batch is parallel across instances), and a solution well
/// beyond the split depth.
pub(crate) fn worth_splitting(h0: u32) -> bool {
    rayon::current_num_threads() >= 2
        && rayon::current_thread_index().is_none()
        && h0 >= 2 * SPLIT_DEPTH
}

/// A subtree root: the moves from the root, the pruning context after
/// them, their cost and the heuristic there.
struct Prefix<M, C> {
    moves: Vec<M>,
    context: C,
    g: u32,
    h: u32,
}

/// The search's root and the subtrees of the current iteration, shared
/// by the workers.
struct Root<D: Domain, H> {
    domain: D,
    heuristic: H,
    h0: u32,
    prefixes: Prefixes<D>,
}

/// The subtree roots of one iteration, in the sequential order.
type Prefixes<D> = Vec<Prefix<<D as Domain>::Move, <D as Domain>::Context>>;

/// The subtrees of one iteration with `bound`: the top of the tree
/// expanded level by level (see the module), counted into `stats`; also
/// the smallest f above the bound met there.
/// Each expansion is claimed from `shared` first, so the node budget holds
/// here too; `Err` when it is spent.
fn split<D: Domain + Clone, H: Heuristic<D> + Clone>(
    root: &Root<D, H>,
    bound: u32,
    stats: &mut SearchStats,
    (shared, limits): (&Shared, &Limits),
) -> Result<(Prefixes<D>, u32), StopReason> {
    let (mut domain, mut heuristic) = (root.domain.clone(), root.heuristic.clone());
    let mut next_bound = EXHAUSTED;
    let mut level = vec![Prefix {
        moves: Vec::new(),
        context: domain.root_context(),
        g: 0,
        h: root.h0,
    }];
    for _ in 0..MAX_SPLIT_DEPTH {
        if level.len() >= SPLIT_TARGET || level.is_empty() {
            break;
        }
        let mut below = Vec::with_capacity(level.len() * 2);
        for p in level {
            let mut undos = Vec::with_capacity(p.moves.len());
            let mut h = root.h0;
            for &m in &p.moves {
                let (h1, undo) = heuristic.apply(&domain, m, h, u32::MAX);
                undos.push(undo);
                domain.apply(m);
                h = h1;
            }
            let at_goal = p.h == 0 && domain.is_goal();
            if !at_goal {
                if shared.claim(1, limits.max_nodes) == 0 {
                    return Err(StopReason::MaxNodes);
                }
                stats.expanded += 1;
                for i in 0..domain.branching(p.context) {
                    let Some(m) = domain.nth_move(p.context, i) else {
                        continue;
                    };
                    stats.generated += 1;
                    let g = p.g + domain.cost(m);
                    let (h1, undo) = heuristic.apply(&domain, m, p.h, u32::MAX);
                    heuristic.undo(&domain, m, undo);
                    if g + h1 > bound {
                        next_bound = next_bound.min(g + h1);
                        continue;
                    }
                    let mut moves = p.moves.clone();
                    moves.push(m);
                    below.push(Prefix {
                        moves,
                        context: domain.child_context(p.context, m, i),
                        g,
                        h: h1,
                    });
                }
            }
            for (&m, &u) in p.moves.iter().zip(&undos).rev() {
                domain.undo(m);
                heuristic.undo(&domain, m, u);
            }
            if at_goal {
                // The solution: left to a worker, which finds it at once.
                below.push(p);
            }
        }
        level = below;
    }
    Ok((level, next_bound))
}

/// What one worker found in one iteration.
struct Found<M> {
    next: u32,
    stats: SearchStats,
    stopped: Option<StopReason>,
    /// The moves found and the index of their prefix.
    solution: Option<(usize, Vec<M>)>,
}

/// IDA* from the domain's configuration on all of rayon's threads (root
/// splitting, see the module). `h0` is the heuristic's value there
/// (after [`Heuristic::reset`]).
pub fn split_ida_star<D, H>(
    domain: D,
    heuristic: H,
    h0: u32,
    limits: &Limits,
) -> SearchResult<D::Move>
where
    D: SharedDomain,
    H: Heuristic<D> + Clone + Send + Sync,
{
    let clock = Instant::now();
    let mut root = Root {
        domain,
        heuristic,
        h0,
        prefixes: Vec::new(),
    };
    let mut stats = SearchStats {
        generated: 1,
        ..SearchStats::default()
    };
    let mut solution = None;
    let mut stopped = None;
    let shared = Shared::default();
    let workers = rayon::current_num_threads().max(1);
    let end = deepen(limits.first_bound(h0), |bound| {
        stats.bound = bound;
        if limits.bound_reached(bound) {
            stopped = Some(StopReason::BoundReached);
            return STOP;
        }
        limits.report(bound, stats.expanded, stats.generated);
        shared.halt(false, Ordering::Relaxed);
        let (prefixes, top_next) = match split(&root, bound, &mut stats, (&shared, limits)) {
            Ok(split) => split,
            Err(reason) => {
                stopped = Some(reason);
                return STOP;
            }
        };
        root.prefixes = prefixes;
        let root = &root;
        let queue = AtomicUsize::new(0);
        let results = Mutex::new(Vec::new());
        rayon::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|_| {
                    let found = work(root, &queue, &shared, limits, bound);
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(found);
                });
            }
        });
        let mut next = top_next;
        let mut first: Option<(usize, Vec<D::Move>)> = None;
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
            STOP
        } else {
            next
        }
    });
    let found = end == DfsEnd::Found;
    stats.seconds = clock.elapsed().as_secs_f64();
    stats.lower_bound = if H::ADMISSIBLE { stats.bound } else { 0 };
    match solution {
        Some(moves) if found => SearchResult::Found {
            moves,
            optimal: H::ADMISSIBLE,
            stats,
        },
        _ => SearchResult::not_found(end == DfsEnd::Exhausted, stopped, stats),
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
) -> Found<D::Move>
where
    D: Domain + Clone,
    H: Heuristic<D> + Clone,
{
    let poller = Poller::shared(limits, shared);
    let mut ida = Ida::new(root.domain.clone(), root.heuristic.clone(), poller);
    let mut out = Found {
        next: EXHAUSTED,
        stats: SearchStats::default(),
        stopped: None,
        solution: None,
    };
    loop {
        let i = queue.fetch_add(1, Ordering::Relaxed);
        let Some(p) = root.prefixes.get(i) else {
            break;
        };
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
            out.solution = Some((i, ida.path.clone()));
            break;
        }
        if r == STOP {
            out.stopped = ida.stopped;
            break;
        }
        for (&m, &u) in p.moves.iter().zip(&undos).rev() {
            ida.domain.undo(m);
            ida.heuristic.undo(&ida.domain, m, u);
        }
        out.next = out.next.min(r);
    }
    ida.poller.release(ida.stats.expanded);
    out.stats = ida.stats;
    out
}
