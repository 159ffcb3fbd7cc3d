//! Perfect ranking of **blank-aware** pattern states: the cells of a group
//! of `k` distinct tiles on a graph of `n <= 64` vertices together with
//! the blank's region (the free vertices the blank reaches without moving
//! a group tile). The index of the blank-aware tables of
//! [`super::blank_aware`].
//!
//! A state is ranked in three parts, after Clausecker's zero-aware
//! pattern databases (R. Clausecker, "The 24 puzzle", master's thesis,
//! 2018) and Döbbelin, Schütt and Reinefeld, "Building large compressed
//! PDBs for the sliding tile puzzle" (2013):
//!
//! 1. the **set** of occupied vertices, `C(n, k)` of them, in the
//!    colexicographic rank `sum_i C(v_i, i + 1)` of its sorted vertices;
//! 2. the blank's **slot** in the set's run of slots: slot 0 for the
//!    set's largest region (the *main* region; ties go to the one with the
//!    smallest vertex), then one slot per vertex of the other regions (the
//!    *pockets*), in vertex order. The vertices of one pocket share a value;
//!    giving each its own slot lets a lookup find the slot from one word
//!    per set (first slot, pocket vertices) without a flood fill;
//! 3. the **order** of the tiles on the set's vertices, `k!` of them, as a
//!    Lehmer code.
//!
//! index = (first slot of the set + slot) x k! + order. On the 5 x 5
//! board with 6 tiles: 177,100 sets, 65,920 of them with pockets, 322,692
//! slots, 232,338,240 entries, of which 181,008,000 are distinct states
//! (one per region: Clausecker's count).

use crate::error::{Error, Resource, Result};
use crate::model::Graph;
use crate::primitives::alloc::try_vec;

/// Most tiles a group may hold (`k!` must stay small).
pub const MAX_GROUP: usize = 8;

/// The compact index of (placement, blank region) states for `k`-tile
/// groups on one graph of at most [`MAX_VERTICES`] vertices. One `u64` per
/// set of occupied vertices.
pub struct RegionIndex {
    n: usize,
    k: usize,
    /// `binom[v * (MAX_GROUP + 1) + i]` = C(v, i).
    binom: Vec<u64>,
    /// The colex rank's share of each 5-vertex chunk of a set:
    /// `chunk_rank[(chunk * (MAX_GROUP + 1) + set vertices below the
    /// chunk) * 32 + the chunk's bits]`.
    chunk_rank: Vec<u32>,
    /// Number of 5-vertex chunks.
    chunks: usize,
    /// `(k - 1 - i)!` for the Lehmer code's digit i.
    weights: [u64; MAX_GROUP],
    /// Per set: its first slot (low [`SLOT_BITS`] bits) and its pocket
    /// vertices (the bits above).
    sets: Vec<u64>,
    /// Slots in all.
    slots: u64,
    /// Neighbour mask of every vertex.
    neighbors: Vec<u64>,
    /// k!
    orders: u64,
}

/// Most vertices of a graph with a region index (slot and pocket bits
/// share a word).
pub const MAX_VERTICES: usize = 40;

/// Bits of a set's first slot.
const SLOT_BITS: u32 = 24;

/// k! for k <= [`MAX_GROUP`].
fn factorial(k: usize) -> u64 {
    (1..=k as u64).product()
}

impl RegionIndex {
    /// Bytes [`RegionIndex::new`] would allocate for `k` tiles on `n`
    /// vertices, before counting the regions (an upper bound: one slot per
    /// set and free vertex). Saturates on overflow.
    pub(crate) fn memory_bound(n: usize, k: usize) -> u64 {
        binomial(n as u64, k as u64).saturating_mul(8)
    }

    /// The index for `k`-tile groups on `graph` (`1 <= k <= 8`,
    /// `k + 1 < n <= 64`), refusing more than `max_memory` bytes
    /// (`RegionIndex::memory_bound`). O(C(n, k) n) time.
    ///
    /// # Errors
    /// [`Error::Limit`] above 64 vertices ([`Resource::Vertices`]) or
    /// `max_memory` ([`Resource::Memory`]); [`Error::Unsupported`] for a
    /// group size out of range.
    pub(crate) fn new(graph: &Graph, k: usize, max_memory: u64) -> Result<Self> {
        let n = graph.vertex_count();
        check_sizes(n, k)?;
        let need = Self::memory_bound(n, k);
        if need > max_memory {
            return Err(Error::limit(Resource::Memory, need, max_memory));
        }
        let mut binom = vec![0u64; 65 * (MAX_GROUP + 1)];
        for v in 0..=64u64 {
            for i in 0..=MAX_GROUP as u64 {
                binom[v as usize * (MAX_GROUP + 1) + i as usize] = binomial(v, i);
            }
        }
        let chunks = n.div_ceil(5);
        let mut chunk_rank = vec![0u32; chunks * (MAX_GROUP + 1) * 32];
        for c in 0..chunks {
            for before in 0..=MAX_GROUP {
                for bits in 0..32usize {
                    let mut share = 0u64;
                    let mut i = before;
                    for j in 0..5 {
                        if bits & (1 << j) != 0 {
                            i += 1;
                            if i <= MAX_GROUP {
                                share += binom[(5 * c + j) * (MAX_GROUP + 1) + i];
                            }
                        }
                    }
                    chunk_rank[(c * (MAX_GROUP + 1) + before) * 32 + bits] = share as u32;
                }
            }
        }
        let mut weights = [0u64; MAX_GROUP];
        for (i, w) in weights.iter_mut().enumerate().take(k) {
            *w = factorial(k - 1 - i);
        }
        let count = binomial(n as u64, k as u64) as usize;
        let mut sets = try_vec(count, "a region index", || 0u64)?;
        let mut slots = 0u64;
        for_each_set(graph, k, |s, pockets| {
            sets[s] = slots | pockets << SLOT_BITS;
            slots += 1 + pockets.count_ones() as u64;
        });
        if slots >= 1 << SLOT_BITS {
            return Err(Error::Unsupported(format!(
                "blank-aware tables of {k} tiles on {n} vertices need {slots} slots, over {}",
                1u64 << SLOT_BITS
            )));
        }
        Ok(RegionIndex {
            n,
            k,
            binom,
            chunk_rank,
            chunks,
            weights,
            sets,
            slots,
            neighbors: neighbor_masks(graph),
            orders: factorial(k),
        })
    }

    /// Number of states [`RegionIndex::new`] would rank for `k`-tile groups
    /// on `graph`, without keeping the index. O(C(n, k) n) time.
    ///
    /// # Errors
    /// As [`RegionIndex::new`] (with no memory budget).
    pub(crate) fn count_states(graph: &Graph, k: usize) -> Result<u64> {
        check_sizes(graph.vertex_count(), k)?;
        let mut slots = 0u64;
        for_each_set(graph, k, |_, pockets| {
            slots += 1 + pockets.count_ones() as u64
        });
        Ok(slots * factorial(k))
    }

    /// Number of entries of a table (one per slot and order).
    pub(crate) fn states(&self) -> u64 {
        self.slots * self.orders
    }

    /// Number of vertices.
    pub(crate) fn vertices(&self) -> usize {
        self.n
    }

    /// Tiles per group.
    pub(crate) fn group_size(&self) -> usize {
        self.k
    }

    /// Bytes held by the index.
    pub fn bytes(&self) -> u64 {
        self.sets.len() as u64 * 8
    }

    /// The colexicographic rank of the set of vertices `set` (`k` bits):
    /// one table read per 5-vertex chunk.
    #[inline(always)]
    fn set_rank(&self, set: u64) -> usize {
        let mut rank = 0u32;
        for c in 0..self.chunks {
            let below = (set & ((1u64 << (5 * c)) - 1)).count_ones() as usize;
            let bits = (set >> (5 * c)) as usize & 31;
            rank += self
                .chunk_rank
                .get((c * (MAX_GROUP + 1) + below.min(MAX_GROUP)) * 32 + bits)
                .copied()
                .unwrap_or(0);
        }
        rank as usize
    }

    /// The index of the state with the group's tiles on `cells` (in group
    /// order, `k` distinct vertices) and the blank on `blank` (a vertex off
    /// `cells`). O(k), one read of the set's word.
    #[inline(always)]
    pub(crate) fn index(&self, cells: &[u8], blank: u8) -> u64 {
        let mut set = 0u64;
        for &c in cells {
            set |= 1u64 << (c & 63);
        }
        let info = self.sets.get(self.set_rank(set)).copied().unwrap_or(0);
        // Lehmer code: digit i counts the later tiles on smaller vertices,
        // weighted (k - 1 - i)!; the digits do not depend on each other.
        let mut order = 0u64;
        let mut earlier = 0u64;
        for (i, &c) in cells.iter().enumerate() {
            let below = (1u64 << (c & 63)) - 1;
            let later = (set & !earlier & below).count_ones() as u64;
            order += later * self.weights[i & (MAX_GROUP - 1)];
            earlier |= 1u64 << (c & 63);
        }
        let pockets = info >> SLOT_BITS;
        let bit = 1u64 << (blank & 63);
        let slot = (info & ((1 << SLOT_BITS) - 1))
            + if pockets & bit != 0 {
                1 + (pockets & (bit - 1)).count_ones() as u64
            } else {
                0
            };
        slot * self.orders + order
    }

    /// The index of the same state with the blank on its region's smallest
    /// vertex: the one index of the state that a build marks.
    pub(crate) fn canonical(&self, cells: &[u8], blank: u8) -> u64 {
        let mut set = 0u64;
        for &c in cells {
            set |= 1u64 << (c & 63);
        }
        let region = self.region_of(set, blank);
        self.index(cells, region.trailing_zeros() as u8)
    }

    /// The blank's region when the set `set` is occupied and the blank is
    /// on `blank`.
    fn region_of(&self, set: u64, blank: u8) -> u64 {
        let info = self.sets.get(self.set_rank(set)).copied().unwrap_or(0);
        let pockets = info >> SLOT_BITS;
        let all = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        let bit = 1u64 << (blank & 63);
        if pockets & bit == 0 {
            return all & !set & !pockets;
        }
        grow(&self.neighbors, bit, pockets)
    }

    /// The inverse of [`RegionIndex::index`]: writes the tiles' cells (in
    /// group order) to `cells` and returns the blank's region as a vertex
    /// mask. O(log C(n, k) + k^2).
    pub(crate) fn state(&self, index: u64, cells: &mut [u8]) -> u64 {
        let slot = index / self.orders;
        let mut order = index % self.orders;
        let first = |w: &u64| w & ((1 << SLOT_BITS) - 1);
        let s = self.sets.partition_point(|w| first(w) <= slot).max(1) - 1;
        let sorted = self.set_vertices(s);
        let mut digits = [0usize; MAX_GROUP];
        for i in (0..self.k).rev() {
            let base = (self.k - i) as u64;
            digits[i] = (order % base) as usize;
            order /= base;
        }
        let mut used = 0u32;
        for i in 0..self.k {
            // The digits[i]-th of the set's vertices not yet used.
            let mut left = digits[i];
            for (j, &v) in sorted.iter().enumerate().take(self.k) {
                if used & (1 << j) == 0 {
                    if left == 0 {
                        cells[i] = v;
                        used |= 1 << j;
                        break;
                    }
                    left -= 1;
                }
            }
        }
        let set = sorted[..self.k].iter().fold(0u64, |m, &v| m | 1u64 << v);
        let pockets = self.sets[s] >> SLOT_BITS;
        let j = slot - first(&self.sets[s]);
        let blank = if j == 0 {
            let all = if self.n == 64 {
                u64::MAX
            } else {
                (1u64 << self.n) - 1
            };
            (all & !set & !pockets).trailing_zeros()
        } else {
            let mut p = pockets;
            for _ in 1..j {
                p &= p - 1;
            }
            p.trailing_zeros()
        };
        self.region_of(set, blank as u8)
    }

    /// The pocket vertices of the set of `cells` that are not the
    /// smallest of their pocket, each with that smallest vertex: the slots
    /// whose entries a build copies from their region's canonical slot.
    pub(crate) fn pocket_copies(&self, set_index: usize) -> Vec<(u64, u64)> {
        let Some(&info) = self.sets.get(set_index) else {
            return Vec::new();
        };
        let first = info & ((1 << SLOT_BITS) - 1);
        let pockets = info >> SLOT_BITS;
        let slot_of = |v: u32| first + 1 + (pockets & ((1u64 << v) - 1)).count_ones() as u64;
        let mut out = Vec::new();
        let mut todo = pockets;
        while todo != 0 {
            let rep = todo.trailing_zeros();
            let region = grow(&self.neighbors, 1u64 << rep, pockets);
            todo &= !region;
            let mut rest = region & !(1u64 << rep);
            while rest != 0 {
                let v = rest.trailing_zeros();
                rest &= rest - 1;
                out.push((slot_of(v), slot_of(rep)));
            }
        }
        out
    }

    /// Number of sets of occupied vertices, `C(n, k)`.
    pub(crate) fn set_count(&self) -> usize {
        self.sets.len()
    }

    /// Entries per slot (`k!`).
    pub(crate) fn orders(&self) -> u64 {
        self.orders
    }

    /// The sorted vertices of set number `s` (colex unranking).
    fn set_vertices(&self, s: usize) -> [u8; MAX_GROUP] {
        let mut out = [0u8; MAX_GROUP];
        let mut rest = s as u64;
        for i in (1..=self.k).rev() {
            // The largest v with C(v, i) <= rest.
            let mut v = i - 1;
            while v < self.n && self.binom[(v + 1) * (MAX_GROUP + 1) + i] <= rest {
                v += 1;
            }
            rest -= self.binom[v * (MAX_GROUP + 1) + i];
            out[i - 1] = v as u8;
        }
        out
    }
}

/// Refuses group sizes and graphs a region index cannot rank.
fn check_sizes(n: usize, k: usize) -> Result<()> {
    if n > MAX_VERTICES {
        return Err(Error::limit(
            Resource::Vertices,
            n as u64,
            MAX_VERTICES as u64,
        ));
    }
    if k == 0 || k > MAX_GROUP || k + 1 >= n {
        return Err(Error::Unsupported(format!(
            "a blank-aware pattern group needs 1 to {} tiles, not {k}",
            MAX_GROUP.min(n.saturating_sub(2))
        )));
    }
    Ok(())
}

/// The neighbour mask of every vertex.
fn neighbor_masks(graph: &Graph) -> Vec<u64> {
    (0..graph.vertex_count())
        .map(|v| graph.neighbors(v).iter().fold(0u64, |m, &u| m | 1u64 << u))
        .collect()
}

/// The vertices of `within` reachable from `from` through `within`.
fn grow(neighbors: &[u64], from: u64, within: u64) -> u64 {
    let mut grown = from;
    loop {
        let mut add = 0u64;
        let mut todo = grown;
        while todo != 0 {
            let v = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            add |= neighbors.get(v).copied().unwrap_or(0);
        }
        let next = (grown | add) & within;
        if next == grown {
            return grown;
        }
        grown = next;
    }
}

/// Calls `each(set, pockets)` for every `k`-set of `graph`'s vertices
/// (`n <= 64`) in colexicographic order, with the vertices of all its
/// regions but the main one (the largest; ties go to the region with the
/// smallest vertex). O(C(n, k) n) time.
fn for_each_set(graph: &Graph, k: usize, mut each: impl FnMut(usize, u64)) {
    let n = graph.vertex_count();
    let sets = binomial(n as u64, k as u64) as usize;
    let neighbors = neighbor_masks(graph);
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    // Gosper's hack enumerates the k-subsets of 0..n in increasing integer
    // order, which is colexicographic.
    let mut set = (1u64 << k) - 1;
    for s in 0..sets {
        let free = all & !set;
        let mut rest = free;
        let mut main = 0u64;
        while rest != 0 {
            let region = grow(&neighbors, rest & rest.wrapping_neg(), free);
            if region.count_ones() > main.count_ones() {
                main = region;
            }
            rest &= !region;
        }
        each(s, free & !main);
        if s + 1 < sets {
            let c = set & set.wrapping_neg();
            let r = set + c;
            set = (((r ^ set) >> 2) / c) | r;
        }
    }
}

/// C(n, k), saturating.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k.min(n - k) {
        r = match r.checked_mul(n - i) {
            Some(x) => x / (i + 1),
            None => return u64::MAX,
        };
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;

    #[test]
    fn every_index_round_trips_and_a_region_shares_its_canonical_index() {
        for (spec, k) in [
            ("3x3", 3),
            ("4x3", 4),
            ("petersen", 3),
            ("3x3", 1),
            ("4x4", 5),
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let index = RegionIndex::new(p.graph(), k, 1 << 30).unwrap();
            let n = p.graph().vertex_count();
            let mut cells = [0u8; MAX_GROUP];
            let mut canonical = 0u64;
            let mut distinct = std::collections::HashSet::new();
            for i in 0..index.states() {
                let region = index.state(i, &mut cells[..k]);
                assert_ne!(region, 0, "{spec}");
                let set = cells[..k].iter().fold(0u64, |m, &c| m | 1 << c);
                assert_eq!(region & set, 0, "{spec}");
                // The index is one of the region's; all of them have one
                // canonical index, that of the smallest vertex.
                let of_region: Vec<u64> = (0..n)
                    .filter(|v| region & (1 << v) != 0)
                    .map(|v| index.index(&cells[..k], v as u8))
                    .collect();
                assert!(of_region.contains(&i), "{spec}");
                let rep = region.trailing_zeros() as u8;
                for v in 0..n as u8 {
                    if region & (1 << v) != 0 {
                        assert_eq!(
                            index.canonical(&cells[..k], v),
                            index.index(&cells[..k], rep),
                            "{spec}"
                        );
                    }
                }
                canonical += u64::from(index.canonical(&cells[..k], rep) == i);
                distinct.insert((cells[..k].to_vec(), region));
            }
            // One canonical index per (placement, region), at least one
            // region per placement.
            assert_eq!(canonical, distinct.len() as u64, "{spec}");
            assert!(
                canonical >= crate::search::placement::placements(n, k),
                "{spec}"
            );
        }
    }

    #[test]
    fn the_24_puzzle_counts_match_the_published_ones() {
        let p = Puzzle::parse("5x5").unwrap();
        let index = RegionIndex::new(p.graph(), 6, 1 << 30).unwrap();
        // 322,692 slots of 720 orders; Clausecker's zero-aware tables hold
        // the 181,008,000 distinct states (251,400 regions of 720 orders).
        assert_eq!(index.states(), 232_338_240);
        assert_eq!(
            RegionIndex::count_states(p.graph(), 6).unwrap(),
            232_338_240
        );
        let mut regions = 0u64;
        for s in 0..index.set_count() {
            let copies = index.pocket_copies(s).len() as u64;
            let pockets = (index.sets[s] >> SLOT_BITS).count_ones() as u64;
            regions += 1 + pockets - copies;
        }
        assert_eq!(regions * 720, 181_008_000);
    }

    #[test]
    fn budgets_are_checked_first() {
        let p = Puzzle::parse("5x5").unwrap();
        assert!(matches!(
            RegionIndex::new(p.graph(), 6, 1000),
            Err(Error::Limit { .. })
        ));
        assert!(RegionIndex::new(p.graph(), 24, 1 << 30).is_err());
        let big = Puzzle::parse("7x7").unwrap();
        assert!(RegionIndex::new(big.graph(), 3, 1 << 30).is_err());
    }
}
