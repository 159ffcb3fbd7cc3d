//! Best-first search, once, for every domain and heuristic: A*, weighted
//! A* and breadth-first search (beam search, which keeps only a layer, is
//! [`super::beam`]).
//!
//! - A* (Hart, Nilsson and Raphael 1968) with f = g + W h: W = 1 with an
//!   admissible h gives optimal solutions; W > 1 is weighted A* (Pohl
//!   1970), at most W times longer than optimal; h = 0
//!   ([`super::heuristic::Zero`]) is breadth-first (uniform-cost) search.
//!   The goal is detected when a node is taken from the open list. Ties in
//!   f go to the deeper node, then to the smaller configuration (so runs
//!   are reproducible).
//!
//! Configurations are stored once each as packed keys ([`StateKey`]: 4
//! bits a cell up to 16 vertices, 5 bits up to 25, 6 bits in four or seven
//! words up to 40 or 70 vertices with values below 64, else a byte; a byte
//! whenever a cell may hold more, [`super::domain::Domain::largest_cell`]) in a
//! FxHash table (rustc-hash) indexing an arena of nodes that remember
//! their g, their parent and the move from it; the path is rebuilt from
//! the parents. Memory is estimated per stored node and checked against
//! [`Limits::max_memory`] at every insertion. With a
//! [`Limits::progress`] sink, a search reports about once a second the
//! nodes so far and the least g + h on its open list, below which no
//! solution lies (h admissible; else 0).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::hash_map::Entry;
use std::hash::Hash;
use std::time::Instant;

use rustc_hash::FxHashMap;

use super::domain::Domain;
use super::heuristic::{Evaluate, Heuristic};
use super::limits::{Limits, Poll, Poller, StopReason};
use super::stats::{SearchResult, SearchStats};

/// A configuration packed as a hash key. Keys order like the cells they
/// pack (lexicographically).
pub trait StateKey: Clone + Eq + Hash + Ord + Send + Sync {
    /// Packs cells (one byte per vertex).
    fn pack(cells: &[u8]) -> Self;
    /// Unpacks into `out` (as many cells as were packed).
    fn unpack(&self, out: &mut [u8]);
}

/// Work generic over the key type ([`with_key`] picks it).
pub(crate) trait WithKey {
    /// What the work returns.
    type Output;
    /// Runs with key type `K`.
    fn run<K: StateKey>(self) -> Self::Output;
}

/// Runs `work` with the smallest key that packs `n` cells holding values
/// up to `largest`: 4 bits a cell up to 16 cells, 5 bits up to 25, 6 bits
/// in four or seven words up to 40 or 70, else a byte a cell.
pub(crate) fn with_key<W: WithKey>(n: usize, largest: usize, work: W) -> W::Output {
    if n <= 16 && largest < 16 {
        work.run::<u64>()
    } else if n <= 25 && largest < 32 {
        work.run::<u128>()
    } else if n <= 40 && largest < 64 {
        work.run::<[u64; 4]>()
    } else if n <= 70 && largest < 64 {
        work.run::<[u64; 7]>()
    } else {
        work.run::<Box<[u8]>>()
    }
}

/// Up to 16 cells of 4 bits, cell 0 in the top bits.
impl StateKey for u64 {
    #[inline]
    fn pack(cells: &[u8]) -> Self {
        cells
            .iter()
            .enumerate()
            .fold(0, |k, (i, &t)| k | (t as u64) << (60 - 4 * i))
    }

    #[inline]
    fn unpack(&self, out: &mut [u8]) {
        for (i, c) in out.iter_mut().enumerate() {
            *c = (self >> (60 - 4 * i) & 15) as u8;
        }
    }
}

/// Up to 25 cells of 5 bits, cell 0 in the top bits.
impl StateKey for u128 {
    #[inline]
    fn pack(cells: &[u8]) -> Self {
        cells
            .iter()
            .enumerate()
            .fold(0, |k, (i, &t)| k | (t as u128) << (123 - 5 * i))
    }

    #[inline]
    fn unpack(&self, out: &mut [u8]) {
        for (i, c) in out.iter_mut().enumerate() {
            *c = (self >> (123 - 5 * i) & 31) as u8;
        }
    }
}

/// Up to `10 N` cells of 6 bits (values below 64), ten cells per word,
/// cell 0 in the top bits of word 0: boards up to 6 x 6 in four words, up
/// to 8 x 8 in seven, with no heap allocation per configuration.
impl<const N: usize> StateKey for [u64; N] {
    #[inline]
    fn pack(cells: &[u8]) -> Self {
        let mut key = [0u64; N];
        for (word, chunk) in key.iter_mut().zip(cells.chunks(10)) {
            *word = chunk
                .iter()
                .enumerate()
                .fold(0, |k, (i, &t)| k | (t as u64 & 63) << (54 - 6 * i));
        }
        key
    }

    #[inline]
    fn unpack(&self, out: &mut [u8]) {
        for (word, chunk) in self.iter().zip(out.chunks_mut(10)) {
            for (i, c) in chunk.iter_mut().enumerate() {
                *c = (word >> (54 - 6 * i) & 63) as u8;
            }
        }
    }
}

/// Any number of cells, a byte each.
impl StateKey for Box<[u8]> {
    fn pack(cells: &[u8]) -> Self {
        cells.into()
    }

    fn unpack(&self, out: &mut [u8]) {
        out.copy_from_slice(self);
    }
}

/// Which best-first search to run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Strategy {
    /// A* with f = g + weight x h (weight 1: optimal with an admissible
    /// heuristic; [`super::heuristic::Zero`] makes it breadth-first).
    AStar {
        /// The weight W on h (>= 0).
        weight: f64,
    },
}

/// One stored configuration (its key is in the index).
struct Node<M> {
    g: u32,
    parent: u32,
    via: Option<M>,
}

/// The stored configurations: an arena and its index.
struct Arena<K, M> {
    nodes: Vec<Node<M>>,
    index: FxHashMap<K, u32>,
    /// Estimated bytes per stored configuration.
    per_node: u64,
}

impl<K: StateKey, M: Copy> Arena<K, M> {
    fn new(n: usize) -> Self {
        let key_heap = if std::mem::size_of::<K>() == std::mem::size_of::<Box<[u8]>>() {
            n as u64
        } else {
            0
        };
        Arena {
            nodes: Vec::new(),
            index: FxHashMap::default(),
            // The node, the key in the index with its slot and control
            // byte, the key again in an open-list entry (with its score,
            // slot and g), the key's heap bytes.
            per_node: (std::mem::size_of::<Node<M>>() + 2 * std::mem::size_of::<K>() + 24) as u64
                + 2 * key_heap,
        }
    }

    fn bytes(&self) -> u64 {
        self.nodes.len() as u64 * self.per_node
    }

    /// The moves from the root to node `i`.
    fn moves_to(&self, mut i: u32) -> Vec<M> {
        let mut moves = Vec::new();
        while let Some(m) = self.nodes[i as usize].via {
            moves.push(m);
            i = self.nodes[i as usize].parent;
        }
        moves.reverse();
        moves
    }
}

/// Runs a best-first search from the domain's configuration to its goal.
/// Returns the domain's moves, or why it stopped.
///
/// ```
/// use slidepuzzle::search::{best_first::{Strategy, best_first}, graph::GraphDomain, heuristic::Zero};
/// use slidepuzzle::{Limits, Puzzle};
/// let puzzle = Puzzle::parse("cycle:4").unwrap();
/// let goal = puzzle.default_goal(); // 1 2 3 _
/// let start = slidepuzzle::Configuration::from_cells(vec![1, 2, 0, 3], 1).unwrap();
/// let domain = GraphDomain::new(puzzle.graph(), &start, &goal).unwrap();
/// let bfs = best_first(domain, Zero, Strategy::AStar { weight: 1.0 }, &Limits::default());
/// let step = bfs.moves().unwrap()[0];
/// assert_eq!((step.from, step.to), (3, 2)); // tile 3 slides into the blank: the blank moves to vertex 3
/// ```
pub fn best_first<D, H>(
    domain: D,
    mut heuristic: H,
    strategy: Strategy,
    limits: &Limits,
) -> SearchResult<D::Move>
where
    D: Domain,
    H: Heuristic<D>,
{
    // The search itself sees the heuristic behind a pointer: compiled once
    // per domain, not once per domain and heuristic ([`Evaluate`]).
    let admissible = H::ADMISSIBLE;
    best_first_evaluated(domain, &mut heuristic, admissible, strategy, limits)
}

/// [`best_first`] with the heuristic behind a pointer; `admissible` is
/// [`Heuristic::ADMISSIBLE`].
fn best_first_evaluated<D: Domain>(
    domain: D,
    heuristic: &mut dyn Evaluate<D>,
    admissible: bool,
    strategy: Strategy,
    limits: &Limits,
) -> SearchResult<D::Move> {
    struct Search<'a, 'h, D: Domain> {
        domain: D,
        heuristic: &'a mut (dyn Evaluate<D> + 'h),
        admissible: bool,
        strategy: Strategy,
        limits: &'a Limits,
    }
    impl<D: Domain> WithKey for Search<'_, '_, D> {
        type Output = SearchResult<D::Move>;
        fn run<K: StateKey>(self) -> Self::Output {
            let Search {
                domain,
                heuristic,
                admissible,
                strategy,
                limits,
            } = self;
            run::<K, D>(domain, heuristic, admissible, strategy, limits)
        }
    }
    let (n, largest) = (domain.cells().len(), domain.largest_cell());
    let search = Search {
        domain,
        heuristic,
        admissible,
        strategy,
        limits,
    };
    with_key(n, largest, search)
}

fn run<K: StateKey, D: Domain>(
    mut domain: D,
    heuristic: &mut dyn Evaluate<D>,
    admissible: bool,
    strategy: Strategy,
    limits: &Limits,
) -> SearchResult<D::Move> {
    let clock = Instant::now();
    let mut arena: Arena<K, D::Move> = Arena::new(domain.cells().len());
    let (found, stats, stopped, optimal) = match strategy {
        Strategy::AStar { weight } => {
            let (found, stats, stopped) = astar(
                &mut domain,
                heuristic,
                admissible,
                weight,
                limits,
                &mut arena,
            );
            (found, stats, stopped, admissible && weight <= 1.0)
        }
    };
    let mut stats = stats;
    stats.seconds = clock.elapsed().as_secs_f64();
    let Some(i) = found else {
        return SearchResult::not_found(stopped.is_none(), stopped, stats);
    };
    let moves = arena.moves_to(i);
    stats.bound = moves.iter().map(|&m| domain.cost(m)).sum();
    SearchResult::Found {
        moves,
        optimal,
        stats,
    }
}

type Run = (Option<u32>, SearchStats, Option<StopReason>);

/// The children of the domain's configuration: for each move, the move,
/// the child's key, whether it is the goal and its h (after
/// [`Heuristic::reset`] on the parent).
fn children<K: StateKey, D: Domain>(
    domain: &mut D,
    heuristic: &mut dyn Evaluate<D>,
    out: &mut Vec<(D::Move, K, bool, u32)>,
) {
    out.clear();
    let h0 = heuristic.value(domain);
    let root = domain.root_context();
    for i in 0..domain.branching(root) {
        let Some(m) = domain.nth_move(root, i) else {
            continue;
        };
        let h = heuristic.child_value(domain, m, h0);
        domain.apply(m);
        out.push((m, K::pack(domain.cells()), domain.is_goal(), h));
        domain.undo(m);
    }
}

/// Polls the limits; `Some` when the search must stop.
fn poll(poller: &mut Poller, expanded: &mut u64) -> Option<StopReason> {
    if !poller.due(*expanded) {
        return None;
    }
    match poller.poll(*expanded) {
        Poll::Stop(r) => {
            *expanded -= 1; // refused, not expanded
            Some(r)
        }
        Poll::Go | Poll::Halt => None,
    }
}

fn astar<K: StateKey, D: Domain>(
    domain: &mut D,
    heuristic: &mut dyn Evaluate<D>,
    admissible: bool,
    weight: f64,
    limits: &Limits,
    arena: &mut Arena<K, D::Move>,
) -> Run {
    let mut poller = Poller::new(limits);
    // f scaled by 1024 so fractional weights order correctly; ties broken
    // toward larger g (deeper nodes first).
    let score = |g: u32, h: u32| -> u64 {
        // Kept below 2^44 so that the shift keeps every bit: the order
        // holds while g + W h < 2^34 (weights are at most 1,000).
        let f = (((g as f64 + weight * h as f64) * 1024.0) as u64).min((1 << 44) - 1);
        (f << 20) | (0xFFFFF - (g as u64).min(0xFFFFF))
    };
    let mut stats = SearchStats::default();
    let mut cells = domain.cells().to_vec();
    let root = K::pack(&cells);
    let h0 = heuristic.value(domain);
    arena.index.insert(root.clone(), 0);
    arena.nodes.push(Node {
        g: 0,
        parent: 0,
        via: None,
    });
    let mut open: Open<K> = BinaryHeap::new();
    open.push(Reverse((score(0, h0), root, 0u32, 0u32)));
    // What the open list proves about the optimum when the search ends.
    let proven = |open: &Open<K>, found: Option<u32>| -> u32 {
        if !admissible {
            return 0;
        }
        match found {
            Some(length) if weight <= 1.0 => length,
            _ => {
                let least = least_open_cost(open, weight).min(found.unwrap_or(u32::MAX));
                if least == u32::MAX { h0 } else { least.max(h0) }
            }
        }
    };
    let mut kids: Vec<(D::Move, K, bool, u32)> = Vec::new();
    let (mut reported_at, mut reported_bound) = (Instant::now(), 0);
    while let Some(Reverse((_, key, i, g))) = open.pop() {
        if arena.nodes[i as usize].g != g {
            continue; // reached again with a smaller g since
        }
        key.unpack(&mut cells);
        domain.set_cells(&cells);
        if domain.is_goal() {
            stats.lower_bound = proven(&open, Some(g));
            return (Some(i), stats, None);
        }
        stats.expanded += 1;
        stats.bound = stats.bound.max(g);
        if let Some(r) = poll(&mut poller, &mut stats.expanded) {
            // The node taken off is back on the list for the bound.
            open.push(Reverse((score(g, heuristic.value(domain)), key, i, g)));
            stats.lower_bound = proven(&open, None);
            return (None, stats, Some(r));
        }
        children(domain, heuristic, &mut kids);
        for (m, child, _, h) in kids.drain(..) {
            stats.generated += 1;
            let g1 = g + domain.cost(m);
            let at = match arena.index.entry(child.clone()) {
                Entry::Vacant(e) => {
                    let at = arena.nodes.len() as u32;
                    e.insert(at);
                    arena.nodes.push(Node {
                        g: g1,
                        parent: i,
                        via: Some(m),
                    });
                    at
                }
                Entry::Occupied(e) => {
                    let at = *e.get();
                    let node = &mut arena.nodes[at as usize];
                    if node.g <= g1 {
                        continue;
                    }
                    node.g = g1;
                    node.parent = i;
                    node.via = Some(m);
                    at
                }
            };
            open.push(Reverse((score(g1, h), child, at, g1)));
        }
        if arena.bytes() > limits.max_memory {
            stats.lower_bound = proven(&open, None);
            return (None, stats, Some(StopReason::Memory));
        }
        // Progress about once a second: what the open list proves so far
        // (the largest of the bounds reported; 0 when h is not admissible).
        if limits.progress.is_some()
            && stats.expanded.is_multiple_of(PROGRESS_CHECK_EVERY)
            && reported_at.elapsed() >= PROGRESS_EVERY
        {
            reported_at = Instant::now();
            reported_bound = reported_bound.max(proven(&open, None));
            limits.report(reported_bound, stats.expanded, stats.generated);
        }
    }
    (None, stats, None)
}

/// Expansions between looks at the clock for a progress report.
pub(super) const PROGRESS_CHECK_EVERY: u64 = 1 << 14;
/// The least time between two progress reports (each scans the open list
/// for its lower bound, so a report costs O(open)).
pub(super) const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The open list: (score, configuration, arena slot, g).
type Open<K> = BinaryHeap<Reverse<(u64, K, u32, u32)>>;

/// The least g + h on the open list (`u32::MAX` when it is empty), h
/// recovered from each entry's score f = floor(1024 (g + W h)) as the
/// least integer h the score allows, so never above the true h.
fn least_open_cost<K>(open: &Open<K>, weight: f64) -> u32 {
    open.iter()
        .map(|Reverse((score, _, _, g))| {
            let f = (score >> 20) as f64 / 1024.0;
            let h = if weight >= 0.01 {
                ((f - *g as f64) / weight - 1e-9).ceil().max(0.0) as u32
            } else {
                0
            };
            g.saturating_add(h)
        })
        .min()
        .unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::StateKey;

    /// Every packed key unpacks to its cells, and two configurations that
    /// differ in one cell get different keys, for the word-array keys of
    /// 6 x 6 (36 cells) and 8 x 8 (64 cells) boards.
    #[test]
    fn word_keys_round_trip_and_tell_configurations_apart() {
        fn check<K: StateKey + std::fmt::Debug>(n: usize) {
            let cells: Vec<u8> = (0..n).map(|i| ((i * 7 + 3) % n) as u8).collect();
            let key = K::pack(&cells);
            let mut out = vec![0u8; n];
            key.unpack(&mut out);
            assert_eq!(out, cells);
            let mut swapped = cells.clone();
            swapped.swap(0, n - 1);
            assert_ne!(K::pack(&swapped), key);
        }
        check::<[u64; 4]>(36);
        check::<[u64; 4]>(40);
        check::<[u64; 7]>(49);
        check::<[u64; 7]>(64);
    }
}
