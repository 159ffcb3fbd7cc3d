//! Beam search on every thread, lean in memory: the search for short
//! answers where optimal ones are out of reach.
//!
//! Breadth-first layers that keep only the `width` configurations the
//! heuristic ranks best (Lowerre 1976; on sliding-tile puzzles Zhou and
//! Hansen, "Beam-stack search", ICAPS 2005, section 2). Every
//! configuration of a layer has the same g, so ranking by h is ranking by
//! f = g + h. Not optimal and not complete (the beam may lose every path
//! to the goal), but its memory is bounded by its width.
//!
//! How it is laid out:
//! - A layer is a list of (configuration packed as a key
//!   [`StateKey`], move-pruning context). Each layer is expanded in
//!   chunks on rayon's threads, each with its own copy of the domain and
//!   heuristic; the children come back in the layer's order, so a run
//!   does not depend on the thread count.
//! - The children are ranked by a counting sort on h (O(children)), ties
//!   in a pseudo-random order (bits of their fingerprints; in generation
//!   order the beam fills with the children of a few parents and its
//!   answers are longer), and taken until `width` are kept that no layer has
//!   kept before: every kept configuration leaves a 64-bit fingerprint
//!   (rustc-hash's FxHasher of its key) in one hash set, so a beam never
//!   circles back, and on a small state space it ends when the layer
//!   empties (two configurations sharing a fingerprint would cost the
//!   second a slot, never a wrong answer). The domain's move pruning
//!   (its context) drops the move straight back before that.
//! - The path is kept as one (parent, move) pair per kept configuration
//!   per layer, so a width of a million over 130 layers costs about three
//!   gigabytes with the fingerprints, rather than tens for every
//!   configuration.
//!
//! Memory is estimated before each layer (the path so far, the layer, the
//! largest possible set of children and the hash set) and checked against
//! [`Limits::max_memory`]; the deadline and the cancel flag are read
//! before every chunk of [`CHUNK`] configurations, and the node budget
//! before every layer (a layer that would pass it is not started).

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use rustc_hash::{FxHashSet, FxHasher};

use super::best_first::{StateKey, WithKey, with_key};
use super::domain::SharedDomain;
use super::heuristic::{Evaluate, EvaluateShared, Heuristic};
use super::limits::{Limits, StopReason};
use super::stats::{SearchResult, SearchStats};

/// Configurations of a layer expanded by one task (one read of the
/// clock and the cancel flag each).
pub const CHUNK: usize = 2048;

/// Runs a beam search of `width` configurations per layer (at least 1)
/// and at most `max_depth` layers from the domain's configuration to its
/// goal, on rayon's threads when `parallel`. Returns the domain's moves
/// (never proven optimal), [`StopReason::BeamExhausted`] when the beam
/// lost every path or reached `max_depth`, or the limit that stopped it.
/// The lower bound is the heuristic's value at the start when it is
/// admissible. Time O(depth x width x branching), memory about
/// `depth x width x (24 + size of a move)` bytes for the path and the
/// fingerprints plus the layer and its children ([`beam_bytes`]).
///
/// ```
/// use slidepuzzle::search::beam::beam_search;
/// use slidepuzzle::search::board::BoardDomain;
/// use slidepuzzle::search::manhattan::{Manhattan, TileDistances};
/// use slidepuzzle::{Configuration, Limits};
/// let goal = Configuration::natural(16); // 1 .. 15, the blank last
/// let mut cells: Vec<u32> = (1..16).chain([0]).collect();
/// cells.swap(15, 11); // the blank one cell up
/// let start = Configuration::from_cells(cells, 1).unwrap();
/// let domain = BoardDomain::<false>::new(4, 4, &start, &goal).unwrap();
/// let table = TileDistances::board(4, 4, &goal).unwrap();
/// let found = beam_search(domain, Manhattan::new(&table), 100, 1000, &Limits::default(), true);
/// assert_eq!(found.moves().unwrap().len(), 1);
/// ```
pub fn beam_search<D, H>(
    domain: D,
    mut heuristic: H,
    width: usize,
    max_depth: usize,
    limits: &Limits,
    parallel: bool,
) -> SearchResult<D::Move>
where
    D: SharedDomain,
    H: Heuristic<D> + Clone + Send + Sync,
{
    // The search itself sees the heuristic behind a pointer: compiled once
    // per domain, not once per domain and heuristic ([`EvaluateShared`]).
    let beam = Beam {
        width: width.max(1),
        max_depth,
        limits,
        parallel,
        admissible: H::ADMISSIBLE,
    };
    beam.search(domain, &mut heuristic)
}

impl Beam<'_> {
    /// [`beam_search`] with the heuristic behind a pointer.
    fn search<D: SharedDomain>(
        self,
        domain: D,
        heuristic: &mut dyn EvaluateShared<D>,
    ) -> SearchResult<D::Move> {
        struct Search<'a, 'h, D> {
            beam: Beam<'a>,
            domain: D,
            heuristic: &'a mut (dyn EvaluateShared<D> + 'h),
        }
        impl<D: SharedDomain> WithKey for Search<'_, '_, D> {
            type Output = SearchResult<D::Move>;
            fn run<K: StateKey>(self) -> Self::Output {
                self.beam.run::<K, D>(self.domain, self.heuristic)
            }
        }
        let (n, largest) = (domain.cells().len(), domain.largest_cell());
        with_key(
            n,
            largest,
            Search {
                beam: self,
                domain,
                heuristic,
            },
        )
    }
}

/// One beam search's settings.
struct Beam<'a> {
    width: usize,
    max_depth: usize,
    limits: &'a Limits,
    parallel: bool,
    /// Whether the heuristic is admissible ([`Heuristic::ADMISSIBLE`]).
    admissible: bool,
}

/// A configuration of the current layer.
struct Kept<K, C> {
    key: K,
    context: C,
}

/// A child generated from the current layer.
struct Child<K, C, M> {
    h: u32,
    /// The key's fingerprint (computed on the expanding thread).
    print: u64,
    key: K,
    context: C,
    /// Its parent's index in the current layer.
    parent: u32,
    via: M,
}

/// What one chunk of a layer gives back: its children, its counters and
/// the first child that is the goal (its index in the chunk's children).
struct Expanded<K, C, M> {
    children: Vec<Child<K, C, M>>,
    expanded: u64,
    generated: u64,
    goal: Option<usize>,
    stopped: Option<StopReason>,
}

impl Beam<'_> {
    fn run<K, D>(&self, domain: D, heuristic: &mut dyn EvaluateShared<D>) -> SearchResult<D::Move>
    where
        K: StateKey,
        D: SharedDomain,
    {
        let clock = Instant::now();
        let mut stats = SearchStats::default();
        let h0 = heuristic.value(&domain);
        if self.admissible {
            // The beam loses paths: only h at the start is proven.
            stats.lower_bound = h0;
        }
        let finish = |mut stats: SearchStats, reason: StopReason| {
            stats.seconds = clock.elapsed().as_secs_f64();
            SearchResult::Stopped { reason, stats }
        };
        if domain.is_goal() {
            stats.seconds = clock.elapsed().as_secs_f64();
            return SearchResult::Found {
                moves: Vec::new(),
                optimal: true,
                stats,
            };
        }
        let n = domain.cells().len();
        let branching = domain.branching(domain.root_context()).max(1);
        let mut layer = vec![Kept {
            key: K::pack(domain.cells()),
            context: domain.root_context(),
        }];
        // path[d][j]: the parent (in layer d) and the move of layer d+1's
        // configuration j.
        let mut path: Vec<Vec<(u32, D::Move)>> = Vec::new();
        let mut path_bytes = 0u64;
        // The fingerprints of every configuration kept so far.
        let mut seen: FxHashSet<u64> = FxHashSet::default();
        seen.insert(fingerprint(&layer[0].key));
        let stop = AtomicBool::new(false);
        for depth in 0..self.max_depth {
            stats.bound = depth as u32;
            if let Some(r) = self.limits.check(stats.expanded) {
                return finish(stats, r);
            }
            if self
                .limits
                .max_nodes
                .is_some_and(|m| stats.expanded + layer.len() as u64 > m)
            {
                return finish(stats, StopReason::MaxNodes);
            }
            let need = path_bytes + layer_bytes::<K, D>(layer.len(), branching, self.width, n);
            if need > self.limits.max_memory {
                return finish(stats, StopReason::Memory);
            }
            let heuristic: &dyn EvaluateShared<D> = heuristic;
            let expand = |(domain, heuristic, cells): &mut (
                D,
                Box<dyn Evaluate<D> + Send + '_>,
                Vec<u8>,
            ),
                          (c, chunk): (usize, &[Kept<K, D::Context>])| {
                self.expand_chunk(domain, &mut **heuristic, cells, c * CHUNK, chunk, &stop)
            };
            let init = || (domain.clone(), heuristic.fork(), vec![0u8; n]);
            let chunks: Vec<Expanded<K, D::Context, D::Move>> = if self.parallel {
                layer
                    .par_chunks(CHUNK)
                    .enumerate()
                    .map_init(init, expand)
                    .collect()
            } else {
                let mut local = init();
                layer
                    .chunks(CHUNK)
                    .enumerate()
                    .map(|job| expand(&mut local, job))
                    .collect()
            };
            // The limit a chunk met, rather than the Cancelled of the
            // chunks that saw it stop (unless the cancel flag was the cause).
            let mut stopped = None;
            for e in &chunks {
                stats.expanded += e.expanded;
                stats.generated += e.generated;
                stopped = match (stopped, e.stopped) {
                    (None | Some(StopReason::Cancelled), Some(r)) => Some(r),
                    (kept, _) => kept,
                };
            }
            // A goal found is an answer even when a limit stopped other
            // chunks of the layer (every goal of a layer is as short).
            if let Some((e, g)) = chunks.iter().find_map(|e| e.goal.map(|g| (e, g))) {
                let child = &e.children[g];
                let mut moves = vec![child.via];
                let mut at = child.parent;
                for layer in path.iter().rev() {
                    let (parent, via) = layer[at as usize];
                    moves.push(via);
                    at = parent;
                }
                moves.reverse();
                stats.bound = moves.len() as u32;
                stats.seconds = clock.elapsed().as_secs_f64();
                return SearchResult::Found {
                    moves,
                    optimal: false,
                    stats,
                };
            }
            if let Some(r) = stopped {
                return finish(stats, r);
            }
            let (next, links) = self.select(chunks, &mut seen);
            if next.is_empty() {
                break;
            }
            path_bytes +=
                (links.len() * (std::mem::size_of::<(u32, D::Move)>() + SEEN_BYTES)) as u64;
            path.push(links);
            layer = next;
        }
        finish(stats, StopReason::BeamExhausted)
    }

    /// Expands one chunk of a layer (`first` is its first configuration's
    /// index in the layer).
    fn expand_chunk<K, D>(
        &self,
        domain: &mut D,
        heuristic: &mut dyn Evaluate<D>,
        cells: &mut [u8],
        first: usize,
        chunk: &[Kept<K, D::Context>],
        stop: &AtomicBool,
    ) -> Expanded<K, D::Context, D::Move>
    where
        K: StateKey,
        D: SharedDomain,
    {
        let mut out = Expanded {
            children: Vec::with_capacity(chunk.len() * 3),
            expanded: 0,
            generated: 0,
            goal: None,
            stopped: None,
        };
        if stop.load(Ordering::Relaxed) {
            out.stopped = Some(StopReason::Cancelled);
            return out;
        }
        if let Some(r) = self.limits.check_time() {
            stop.store(true, Ordering::Relaxed);
            out.stopped = Some(r);
            return out;
        }
        for (j, kept) in chunk.iter().enumerate() {
            kept.key.unpack(cells);
            domain.set_cells(cells);
            let h = heuristic.value(domain);
            out.expanded += 1;
            let context = kept.context;
            for i in 0..domain.branching(context) {
                let Some(m) = domain.nth_move(context, i) else {
                    continue;
                };
                out.generated += 1;
                let h1 = heuristic.child_value(domain, m, h);
                domain.apply(m);
                let key = K::pack(domain.cells());
                let goal = domain.is_goal();
                domain.undo(m);
                if goal && out.goal.is_none() {
                    out.goal = Some(out.children.len());
                }
                out.children.push(Child {
                    h: h1,
                    print: fingerprint(&key),
                    key,
                    context: domain.child_context(context, m, i),
                    parent: (first + j) as u32,
                    via: m,
                });
            }
            if out.goal.is_some() {
                break;
            }
        }
        out
    }

    /// The next layer: the `width` best children by h (a counting sort,
    /// ties by [`rank_of`]) whose fingerprints are not in `seen`
    /// (which gains them), with their (parent, move) links.
    #[allow(clippy::type_complexity)]
    fn select<K: StateKey, C: Copy, M: Copy>(
        &self,
        chunks: Vec<Expanded<K, C, M>>,
        seen: &mut FxHashSet<u64>,
    ) -> (Vec<Kept<K, C>>, Vec<(u32, M)>) {
        let all: Vec<Child<K, C, M>> = chunks.into_iter().flat_map(|e| e.children).collect();
        let rank = |c: &Child<K, C, M>| rank_of(c.h, c.print);
        let top = all.iter().map(rank).max().unwrap_or(0);
        let mut start = vec![0usize; top + 2];
        for c in &all {
            start[rank(c) + 1] += 1;
        }
        for r in 0..=top {
            start[r + 1] += start[r];
        }
        let mut order = vec![0u32; all.len()];
        for (i, c) in all.iter().enumerate() {
            let slot = &mut start[rank(c)];
            order[*slot] = i as u32;
            *slot += 1;
        }
        let keep = self.width.min(all.len());
        seen.reserve(keep);
        let mut next = Vec::with_capacity(keep);
        let mut links = Vec::with_capacity(keep);
        for &i in &order {
            if next.len() == keep {
                break;
            }
            let c = &all[i as usize];
            if !seen.insert(c.print) {
                continue;
            }
            next.push(Kept {
                key: c.key.clone(),
                context: c.context,
            });
            links.push((c.parent, c.via));
        }
        (next, links)
    }
}

/// Bytes one layer of `len` configurations of `n` cells takes while it is
/// expanded: the layer, its children (at most `branching` each, twice
/// while they are gathered, with their place in the ranking) and the fingerprints and links of the next
/// layer (at most `width`).
fn layer_bytes<K, D: SharedDomain>(len: usize, branching: usize, width: usize, n: usize) -> u64 {
    let children = len as u64 * branching as u64;
    // Children twice: the chunks' lists and the ranked list they are
    // gathered into.
    len as u64 * (std::mem::size_of::<Kept<K, D::Context>>() + key_heap::<K>(n)) as u64
        + children
            * (2 * (std::mem::size_of::<Child<K, D::Context, D::Move>>() + key_heap::<K>(n)) + 4)
                as u64
        + width.min(children as usize) as u64
            * (SEEN_BYTES + std::mem::size_of::<(u32, D::Move)>()) as u64
}

/// An estimate of the most memory, in bytes, a beam of `width` over
/// `depth` layers takes on `domain`: the (parent, move) links and the
/// fingerprints of every layer plus the largest layer being expanded ([`beam_search`] checks
/// the same estimate before each layer). O(1).
pub fn beam_bytes<D: SharedDomain>(domain: &D, width: usize, depth: usize) -> u64 {
    struct Layer<D> {
        width: usize,
        branching: usize,
        n: usize,
        domain: std::marker::PhantomData<D>,
    }
    impl<D: SharedDomain> WithKey for Layer<D> {
        type Output = u64;
        fn run<K: StateKey>(self) -> u64 {
            layer_bytes::<K, D>(self.width, self.branching, self.width, self.n)
        }
    }
    let (n, largest) = (domain.cells().len(), domain.largest_cell());
    let branching = domain.branching(domain.root_context()).max(1);
    let links =
        (depth as u64) * width as u64 * (std::mem::size_of::<(u32, D::Move)>() + SEEN_BYTES) as u64;
    let layer = Layer::<D> {
        width,
        branching,
        n,
        domain: std::marker::PhantomData,
    };
    links + with_key(n, largest, layer)
}

/// A child's place in the ranking: by h, ties by the top
/// [`TIE_BITS`] bits of its fingerprint (a pseudo-random order that
/// keeps the beam from filling with the children of a few parents), then
/// in generation order.
#[inline]
fn rank_of(h: u32, print: u64) -> usize {
    ((h as usize) << TIE_BITS) | (print >> (64 - TIE_BITS)) as usize
}

/// Bits of a fingerprint that break ties in h.
const TIE_BITS: u32 = 6;

/// Bytes a fingerprint takes in the set of those seen, counted generously
/// (8 bytes and a control byte a slot, at most 7/8 full, grown by
/// doubling).
const SEEN_BYTES: usize = 20;

/// A key's 64-bit fingerprint.
fn fingerprint<K: Hash>(key: &K) -> u64 {
    let mut hasher = FxHasher::default();
    key.hash(&mut hasher);
    hasher.finish()
}

/// Heap bytes of a key of `n` cells (boxed keys only).
fn key_heap<K>(n: usize) -> usize {
    if std::mem::size_of::<K>() == std::mem::size_of::<Box<[u8]>>() {
        n
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Configuration;
    use crate::search::board::BoardDomain;
    use crate::search::domain::Domain;
    use crate::search::linear_conflict::{LinearConflict, LinearConflictTables};
    use std::sync::LazyLock;

    /// Korf's goal: the blank first.
    fn korf_goal() -> Configuration {
        Configuration::from_cells((0..16).collect(), 1).unwrap()
    }

    static TABLES: LazyLock<LinearConflictTables> =
        LazyLock::new(|| LinearConflictTables::new(4, 4, &korf_goal()).unwrap());

    fn domain(start: &[u32]) -> (BoardDomain<true>, LinearConflict<'static>) {
        let goal = korf_goal();
        let start = Configuration::from_cells(start.to_vec(), 1).unwrap();
        (
            BoardDomain::<true>::new(4, 4, &start, &goal).unwrap(),
            LinearConflict::new(&TABLES),
        )
    }

    /// Korf's instance 1 (optimum 57 moves).
    const KORF1: [u32; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

    /// The same answer on one thread and on all of them, replayed to the
    /// goal, never shorter than the optimum (Korf's instance 1 is 57).
    #[test]
    fn one_thread_and_many_agree_and_the_answer_replays() {
        let (d, h) = domain(&KORF1);
        let one = beam_search(d.clone(), h.clone(), 3000, 500, &Limits::default(), false);
        let many = beam_search(d.clone(), h, 3000, 500, &Limits::default(), true);
        let (a, b) = (one.moves().unwrap(), many.moves().unwrap());
        assert_eq!(
            crate::search::domain::flatten(a),
            crate::search::domain::flatten(b)
        );
        assert!(a.len() >= 57 && a.len() % 2 == 1, "{}", a.len());
        let mut replay = d;
        for &m in a {
            replay.apply(m);
        }
        assert!(replay.is_goal());
    }

    /// A beam too narrow to keep a path gives up with BeamExhausted at
    /// its depth limit; a memory budget too small stops it at once, and a
    /// deadline passed stops it with the timeout as the reason.
    #[test]
    fn limits_stop_the_beam() {
        let (d, h) = domain(&KORF1);
        let shallow = beam_search(d.clone(), h.clone(), 10, 20, &Limits::default(), true);
        assert_eq!(shallow.stopped(), Some(StopReason::BeamExhausted));
        let tiny = Limits {
            max_memory: 100,
            ..Limits::default()
        };
        let starved = beam_search(d.clone(), h.clone(), 10, 20, &tiny, true);
        assert_eq!(starved.stopped(), Some(StopReason::Memory));
        let late = Limits {
            deadline: Some(Instant::now()),
            ..Limits::default()
        };
        let timed_out = beam_search(d, h, 10, 20, &late, true);
        assert_eq!(timed_out.stopped(), Some(StopReason::Timeout));
    }
}
