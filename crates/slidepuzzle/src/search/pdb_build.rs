//! Building a pattern-database table: a layered, parallel breadth-first
//! search over bitsets.
//!
//! The abstract state of a group of `k` tiles on a graph of `n <= 64`
//! vertices is (the placement of the group's tiles, the blank's region):
//! the region is the set of free vertices the blank reaches without moving
//! a group tile (such moves cost nothing), represented by its smallest
//! vertex. A state is one bit: placement rank x (n - k) + the index of the
//! representative among the free vertices, so a table of `P = n!/(n-k)!`
//! placements needs `P (n - k)` bits per bitset. The search keeps three
//! bitsets (seen, this layer, next layer) and a byte per placement; each
//! layer is expanded in parallel (rayon) with atomic bit sets, and a
//! placement's entry is written when it is first reached. The search stops
//! as soon as every placement has its entry. Korf and Felner, "Disjoint
//! pattern database heuristics" (AI 134, 2002) define the tables; the
//! bit-per-state layering is the usual breadth-first search in external or
//! compressed form (Korf, "Linear-time disk-based implicit graph search",
//! JACM 2008, uses the same two-bit-per-state idea).
//!
//! Entries can be stored **over the distance sum**: a group's value minus
//! the sum of its tiles' graph distances to their goals (their generalised
//! Manhattan distance), halved on bipartite graphs, where every move of a
//! group tile changes that sum by one so the difference is even. The values
//! left are small (at most 14 for the 7-8 and 6-6-6-6 tables), so they fit
//! in 4 bits.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::limits::Limits;
use super::placement::{placements, rank_placement, unrank_placement};
use crate::error::{Error, Resource, Result, StopReason};
use crate::model::{Configuration, Graph};
use crate::primitives::alloc::try_vec;

/// What a table entry means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The entry is the fewest moves of the group's tiles (255 = never
    /// reached).
    Absolute,
    /// The entry is (fewest moves - distance sum) / `step`, where the
    /// distance sum is that of the group's tiles to their goal vertices and
    /// `step` is 2 on bipartite graphs, else 1 (the maximum value = never
    /// reached).
    OverDistance {
        /// 2 on bipartite graphs, else 1.
        step: u8,
    },
}

/// One finished layer of a build, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// The layer's depth (moves of group tiles).
    pub depth: u32,
    /// Abstract states in the layer.
    pub layer_states: u64,
    /// Placements with their entry so far.
    pub placements_reached: u64,
    /// All placements.
    pub placements: u64,
}

/// Memory a build of a `k`-tile table on `n` vertices needs, in bytes: three
/// bitsets of `P (n - k)` bits and a byte per placement, `P = n!/(n-k)!`.
pub(crate) fn build_memory(n: usize, k: usize) -> u64 {
    let p = placements(n, k);
    let words = (p * (n - k) as u64).div_ceil(64);
    3 * words * 8 + p
}

/// Computes the blank's region: the free vertices reachable from a vertex
/// through free vertices.
struct Flood {
    /// Neighbour mask of every vertex.
    neighbors: Vec<u64>,
    /// For a plain W x H board (no wrap, no diagonals): W and the masks of
    /// cells not in the last and not in the first column, so the region
    /// grows by whole-board shifts.
    grid: Option<(u32, u64, u64)>,
}

impl Flood {
    fn new(graph: &Graph) -> Self {
        let n = graph.vertex_count();
        let neighbors: Vec<u64> = (0..n)
            .map(|v| graph.neighbors(v).iter().fold(0u64, |m, &u| m | 1u64 << u))
            .collect();
        // Recognise a plain board: some width w whose grid adjacency is
        // exactly the graph's.
        let grid = (1..=n).filter(|w| n.is_multiple_of(*w)).find_map(|w| {
            let grid_neighbors = |v: usize| {
                let mut m = 0u64;
                if !v.is_multiple_of(w) {
                    m |= 1 << (v - 1);
                }
                if v % w + 1 < w {
                    m |= 1 << (v + 1);
                }
                if v >= w {
                    m |= 1 << (v - w);
                }
                if v + w < n {
                    m |= 1 << (v + w);
                }
                m
            };
            (0..n).all(|v| neighbors[v] == grid_neighbors(v)).then(|| {
                let (mut not_last, mut not_first) = (0u64, 0u64);
                for v in 0..n {
                    if v % w + 1 < w {
                        not_last |= 1 << v;
                    }
                    if !v.is_multiple_of(w) {
                        not_first |= 1 << v;
                    }
                }
                (w as u32, not_last, not_first)
            })
        });
        Flood { neighbors, grid }
    }

    /// The region of `from` among `free` vertices. O(region size), or
    /// O(region radius) word operations on a board.
    #[inline(always)]
    fn region(&self, free: u64, from: u32) -> u64 {
        let mut region = 1u64 << from;
        if let Some((w, not_last, not_first)) = self.grid {
            let free = free | region;
            loop {
                let grown = (region
                    | (region & not_last) << 1
                    | (region & not_first) >> 1
                    | region << w
                    | region >> w)
                    & free;
                if grown == region {
                    return region;
                }
                region = grown;
            }
        }
        let mut todo = region;
        while todo != 0 {
            let v = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let add = self.neighbors[v] & free & !region;
            region |= add;
            todo |= add;
        }
        region
    }
}

/// Zeroed atomic words in anonymous memory, with transparent huge pages
/// requested (the build's random accesses then miss the TLB far less).
pub(super) struct AtomicWords {
    map: memmap2::MmapMut,
    len: usize,
}

impl AtomicWords {
    /// `len` zero words.
    pub(super) fn zeroed(len: usize) -> Result<Self> {
        let map = memmap2::MmapOptions::new()
            .len(len.max(1) * 8)
            .map_anon()
            .map_err(|e| {
                Error::Unsupported(format!(
                    "cannot allocate {} MiB for a pattern database build: {e}",
                    (len * 8) >> 20
                ))
            })?;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(AtomicWords { map, len })
    }

    pub(super) fn words(&self) -> &[AtomicU64] {
        // SAFETY: the mapping is page-aligned, `len * 8` bytes long, lives
        // as long as `self`, and is only accessed through atomics.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr().cast::<AtomicU64>(), self.len) }
    }
}

/// Asks the processor to fetch the cache line holding `x`.
#[inline(always)]
fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching has no architectural effect, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            (x as *const T).cast::<i8>(),
            std::arch::x86_64::_MM_HINT_T0,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// The entry of a placement first reached at `depth` with distance sum
/// `distance_sum` (capped at 254; 255 means never reached).
#[inline(always)]
pub(super) fn encode(encoding: Encoding, depth: u32, distance_sum: u32) -> u8 {
    match encoding {
        Encoding::Absolute => depth.min(254) as u8,
        Encoding::OverDistance { step } => ((depth - distance_sum) / step as u32).min(254) as u8,
    }
}

/// The `j`-th set bit of `mask` (from the least significant).
#[inline(always)]
fn select(mut mask: u64, j: u32) -> u32 {
    for _ in 0..j {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// Builds the table of `tiles` (in this order) for `goal` on `graph`:
/// one byte per placement rank ([`rank_placement`]), encoded as
/// `encoding` says ([`Encoding::OverDistance`] if `over_distance`).
/// `progress` is called after every layer; `limits`' deadline and cancel
/// flag are polled every 4096 words of a layer (a few milliseconds).
/// O(states x k x degree x n) time, [`build_memory`] bytes.
///
/// # Errors
/// [`Error::Stopped`] when `limits` stop the build (no table is
/// returned) or the memory cannot be reserved;
/// [`Error::Limit`] ([`Resource::Vertices`]) above 64 vertices;
/// [`Error::Unsupported`] for a group covering every tile, or when a value
/// does not fit in a byte.
pub(crate) fn build_table(
    graph: &Graph,
    goal: &Configuration,
    tiles: &[u32],
    over_distance: bool,
    limits: &Limits,
    progress: &dyn Fn(&BuildProgress),
) -> Result<(Vec<u8>, Encoding)> {
    let n = graph.vertex_count();
    let k = tiles.len();
    if n > 64 {
        return Err(Error::limit(Resource::Vertices, n as u64, 64));
    }
    if k == 0 || k + 1 >= n {
        return Err(Error::Unsupported(format!(
            "a pattern group needs 1 to {} tiles, not {k}",
            n.saturating_sub(2)
        )));
    }
    let free_count = (n - k) as u64;
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let goal_pos = goal.positions();
    let start: Vec<u8> = tiles.iter().map(|&t| goal_pos[t as usize] as u8).collect();
    let encoding = if over_distance {
        Encoding::OverDistance {
            step: if graph.is_bipartite() { 2 } else { 1 },
        }
    } else {
        Encoding::Absolute
    };
    // distance[i * 64 + v]: from tile i's goal vertex to v.
    let mut distance = vec![0u32; k * 64];
    for (i, &g) in start.iter().enumerate() {
        for (v, d) in graph.distances_from(g as usize).into_iter().enumerate() {
            distance[i * 64 + v] = d;
        }
    }
    let distance_sum = |cells: &[u8]| -> u32 {
        cells
            .iter()
            .enumerate()
            .map(|(i, &c)| distance[i * 64 + c as usize])
            .sum()
    };
    let flood = Flood::new(graph);
    let p = placements(n, k);
    let words = (p * free_count).div_ceil(64) as usize;
    let seen_words = AtomicWords::zeroed(words)?;
    let mut layer_words = AtomicWords::zeroed(words)?;
    let mut next_words = AtomicWords::zeroed(words)?;
    let seen = seen_words.words();
    let table: Vec<AtomicU8> =
        try_vec(p as usize, "a pattern database", || AtomicU8::new(u8::MAX))?;
    let state = |rank: u64, occupied: u64, rep: u32| -> u64 {
        let below = (occupied & ((1u64 << rep) - 1)).count_ones();
        rank * free_count + (rep - below) as u64
    };
    let start_occ = start.iter().fold(0u64, |m, &c| m | 1u64 << c);
    let start_rep = flood
        .region(all & !start_occ, goal.blank() as u32)
        .trailing_zeros();
    let start_rank = rank_placement(&start, n);
    let s = state(start_rank, start_occ, start_rep);
    seen[(s >> 6) as usize].fetch_or(1 << (s & 63), Relaxed);
    layer_words.words()[(s >> 6) as usize].fetch_or(1 << (s & 63), Relaxed);
    table[start_rank as usize].store(encode(encoding, 0, distance_sum(&start)), Relaxed);
    let mut reached = 1u64;
    let mut max_value = 0u8;
    let mut depth = 0u32;
    let mut layer_states = 1u64;
    progress(&BuildProgress {
        depth,
        layer_states,
        placements_reached: reached,
        placements: p,
    });
    const CHUNK: usize = 1 << 12;
    // Raised by the first chunk that finds a limit reached: the others
    // then skip their work and the build returns without a table.
    let stopped = AtomicBool::new(false);
    while layer_states > 0 && reached < p {
        depth += 1;
        let next = next_words.words();
        let (states, new_reached, new_max) = layer_words
            .words()
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(chunk, ws)| {
                if stopped.load(Relaxed) || limits.check_time().is_some() {
                    stopped.store(true, Relaxed);
                    return (0, 0, 0);
                }
                let mut batch = Batch::new(seen, next, &table, encoding, depth);
                let mut cells = [0u8; 64];
                let (mut last_rank, mut occ, mut dsum) = (u64::MAX, 0u64, 0u32);
                for (wi, word) in ws.iter().enumerate() {
                    let mut bits = word.load(Relaxed);
                    while bits != 0 {
                        let b = bits.trailing_zeros() as u64;
                        bits &= bits - 1;
                        let idx = ((chunk * CHUNK + wi) as u64) * 64 + b;
                        let rank = idx / free_count;
                        let j = (idx % free_count) as u32;
                        if rank != last_rank {
                            // Several regions of one placement are adjacent bits.
                            unrank_placement(rank, n, k, &mut cells[..k]);
                            occ = cells[..k].iter().fold(0u64, |m, &c| m | 1u64 << c);
                            dsum = distance_sum(&cells[..k]);
                            last_rank = rank;
                        }
                        let free = all & !occ;
                        let region = flood.region(free, select(free, j));
                        for i in 0..k {
                            let from = cells[i];
                            let mut targets = flood.neighbors[from as usize] & region;
                            while targets != 0 {
                                let to = targets.trailing_zeros();
                                targets &= targets - 1;
                                cells[i] = to as u8;
                                let occ2 = (occ & !(1u64 << from)) | 1u64 << to;
                                let rep2 = flood.region(all & !occ2, from as u32).trailing_zeros();
                                let rank2 = rank_placement(&cells[..k], n);
                                let dsum2 = dsum + distance[i * 64 + to as usize]
                                    - distance[i * 64 + from as usize];
                                batch.push(state(rank2, occ2, rep2), rank2, dsum2);
                            }
                            cells[i] = from;
                        }
                    }
                }
                batch.flush();
                (batch.states, batch.reached, batch.max_value)
            })
            .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2.max(b.2)));
        if stopped.load(Relaxed) {
            return Err(stopped_error(limits, "pattern database", tiles, depth));
        }
        layer_states = states;
        reached += new_reached;
        max_value = max_value.max(new_max);
        check_fits_a_byte(max_value, tiles)?;
        progress(&BuildProgress {
            depth,
            layer_states,
            placements_reached: reached,
            placements: p,
        });
        std::mem::swap(&mut layer_words, &mut next_words);
        next_words
            .words()
            .par_iter()
            .for_each(|w| w.store(0, Relaxed));
    }
    Ok((
        table.into_iter().map(AtomicU8::into_inner).collect(),
        encoding,
    ))
}

/// The error of a build that `limits` stopped at `depth`.
pub(super) fn stopped_error(limits: &Limits, what: &str, tiles: &[u32], depth: u32) -> Error {
    let reason = limits.check_time().unwrap_or(StopReason::Cancelled);
    Error::Stopped {
        reason,
        message: format!(
            "the {what} build for tiles {tiles:?} stopped at depth {depth} ({}); no table was kept",
            reason.describe()
        ),
    }
}

/// Refuses values that do not fit a byte entry.
pub(super) fn check_fits_a_byte(max_value: u8, tiles: &[u32]) -> Result<()> {
    if max_value >= 254 {
        return Err(Error::Unsupported(format!(
            "pattern database values for tiles {tiles:?} exceed a byte"
        )));
    }
    Ok(())
}

/// Successors checked together.
const BATCH: usize = 32;

/// Successor states waiting to be checked against the seen bitset: each is
/// prefetched when pushed and checked [`Batch::SIZE`] pushes later, so the
/// cache misses of a batch overlap.
pub(super) struct Batch<'a> {
    seen: &'a [AtomicU64],
    next: &'a [AtomicU64],
    table: &'a [AtomicU8],
    /// (state, placement rank, distance sum).
    pending: [(u64, u64, u32); BATCH],
    encoding: Encoding,
    depth: u32,
    len: usize,
    pub(super) states: u64,
    pub(super) reached: u64,
    pub(super) max_value: u8,
}

impl<'a> Batch<'a> {
    const SIZE: usize = BATCH;

    pub(super) fn new(
        seen: &'a [AtomicU64],
        next: &'a [AtomicU64],
        table: &'a [AtomicU8],
        encoding: Encoding,
        depth: u32,
    ) -> Self {
        Batch {
            seen,
            next,
            table,
            encoding,
            depth,
            pending: [(0, 0, 0); Self::SIZE],
            len: 0,
            states: 0,
            reached: 0,
            max_value: 0,
        }
    }

    /// Queues a successor with its placement rank and distance sum.
    #[inline(always)]
    pub(super) fn push(&mut self, state: u64, rank: u64, distance_sum: u32) {
        prefetch(&self.seen[(state >> 6) as usize]);
        self.pending[self.len] = (state, rank, distance_sum);
        self.len += 1;
        if self.len == Self::SIZE {
            self.flush();
        }
    }

    /// Checks every queued successor: a state not seen before joins the
    /// next layer, and its placement gets its entry if it has none.
    pub(super) fn flush(&mut self) {
        for &(s, rank, dsum) in &self.pending[..self.len] {
            let (w, bit) = ((s >> 6) as usize, 1u64 << (s & 63));
            if self.seen[w].load(Relaxed) & bit == 0
                && self.seen[w].fetch_or(bit, Relaxed) & bit == 0
            {
                self.next[w].fetch_or(bit, Relaxed);
                self.states += 1;
                let entry = &self.table[rank as usize];
                let v = encode(self.encoding, self.depth, dsum);
                if entry.load(Relaxed) == u8::MAX
                    && entry.compare_exchange(u8::MAX, v, Relaxed, Relaxed).is_ok()
                {
                    self.reached += 1;
                    self.max_value = self.max_value.max(v);
                }
            }
        }
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;

    #[test]
    fn select_finds_the_jth_set_bit() {
        assert_eq!(select(0b1011_0100, 0), 2);
        assert_eq!(select(0b1011_0100, 1), 4);
        assert_eq!(select(0b1011_0100, 3), 7);
    }

    /// The reference: 0-1 breadth-first search over (placement, blank
    /// vertex) with blank moves into free vertices costing 0 and moves of
    /// group tiles costing 1 (`blank_aware`'s reference); a placement's
    /// value is its least cost over blank vertices.
    fn reference(graph: &Graph, goal: &Configuration, tiles: &[u32]) -> Vec<u8> {
        let n = graph.vertex_count();
        let mut table = vec![u8::MAX; placements(n, tiles.len()) as usize];
        for ((cells, _), d) in crate::search::blank_aware::tests::reference(graph, goal, tiles) {
            let r = rank_placement(&cells, n) as usize;
            table[r] = table[r].min(d as u8);
        }
        table
    }

    #[test]
    fn tables_equal_a_zero_one_breadth_first_search() {
        for (spec, tiles) in [
            ("3x3", vec![1u32, 2, 5]),
            ("4x3", vec![3, 7, 11, 6]),
            ("petersen", vec![2, 5, 9]),
            ("theta:2,2,3", vec![1, 4, 8]),
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = p.default_goal();
            let (table, _) =
                build_table(p.graph(), &goal, &tiles, false, &Limits::default(), &|_| {}).unwrap();
            assert_eq!(table, reference(p.graph(), &goal, &tiles), "{spec}");
        }
    }

    #[test]
    fn over_distance_entries_add_back_to_absolute_ones() {
        let p = Puzzle::parse("3x3").unwrap();
        let goal = p.default_goal();
        let tiles = [1, 2, 5, 8];
        let (abs, e1) =
            build_table(p.graph(), &goal, &tiles, false, &Limits::default(), &|_| {}).unwrap();
        let (rel, e2) =
            build_table(p.graph(), &goal, &tiles, true, &Limits::default(), &|_| {}).unwrap();
        assert_eq!(e1, Encoding::Absolute);
        assert_eq!(e2, Encoding::OverDistance { step: 2 });
        let pos = goal.positions();
        let mut cells = [0u8; 4];
        for r in 0..abs.len() as u64 {
            unrank_placement(r, 9, 4, &mut cells);
            let md: u32 = tiles
                .iter()
                .zip(&cells)
                .map(|(&t, &c)| {
                    let g = pos[t as usize];
                    ((g % 3).abs_diff(c as usize % 3) + (g / 3).abs_diff(c as usize / 3)) as u32
                })
                .sum();
            assert_eq!(abs[r as usize] as u32, md + 2 * rel[r as usize] as u32);
        }
    }
}
