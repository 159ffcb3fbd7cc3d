//! Blank-aware (zero-aware) pattern databases: one entry per (placement
//! of a group's tiles, the blank's region), instead of one per placement.
//!
//! An additive table of Korf and Felner ("Disjoint pattern database
//! heuristics", AI 134, 2002) gives a placement the fewest moves of the
//! group's tiles over **every** position of the blank. The search that
//! builds it ([`super::pdb_build`]) already walks (placement, region)
//! states, where the region is the set of free vertices the blank reaches
//! without moving a group tile; a blank-aware table keeps each state's
//! own distance. Its value is never below the placement's, and still
//! additive: a move moves one tile, which counts for its group only, and
//! for every other group the blank stays in its region (the two vertices
//! it moves between are free and adjacent there). Döbbelin, Schütt and
//! Reinefeld ("Building large compressed PDBs for the sliding tile
//! puzzle", 2013) and Clausecker ("The 24 puzzle", 2018, "zero-aware"
//! tables) solve the 24-puzzle with them.
//!
//! States are ranked by [`RegionIndex`] (181,008,000 states in 232,338,240
//! entries for six tiles on 5 x 5, 116 MB at 4 bits). During a search, a group's entry changes
//! only when one of its tiles moves, and the blank is then on the cell
//! that tile left: the lookup costs one rank, as for the plain tables.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::limits::Limits;
use super::pdb_build::{
    AtomicWords, Batch, BuildProgress, Encoding, check_fits_a_byte, encode, stopped_error,
};
use super::region_index::{MAX_GROUP, RegionIndex};
use crate::error::{Error, Result};
use crate::model::{Configuration, Graph};
use crate::primitives::alloc::try_vec;

/// Memory a build needs for `states` states ([`RegionIndex::states`]):
/// three bitsets and a byte per state, in bytes.
pub(crate) fn build_memory(states: u64) -> u64 {
    3 * states.div_ceil(64) * 8 + states
}

/// Builds the blank-aware table of `tiles` (in this order) for `goal` on
/// `graph`, indexed by `index` (built for this graph and `tiles.len()`):
/// one byte per state, the fewest moves of the group's tiles from the
/// state to the goal's (the goal placement, the blank in the goal blank's
/// region), stored **over the distance sum** ([`Encoding::OverDistance`]:
/// minus the tiles' graph distances to their goals, halved on bipartite
/// graphs). A layered breadth-first search over bitsets, each layer in
/// parallel (rayon); `progress` after every layer, `limits` polled every
/// 4096 words. O(states x k x degree) time, [`build_memory`] bytes.
///
/// # Errors
/// [`Error::Stopped`] when `limits` stop the build or memory cannot be
/// reserved; [`Error::Unsupported`] when `index` is for another graph or
/// group size, or a value does not fit in a byte.
pub(crate) fn build_blank_aware(
    graph: &Graph,
    goal: &Configuration,
    tiles: &[u32],
    index: &RegionIndex,
    limits: &Limits,
    progress: &dyn Fn(&BuildProgress),
) -> Result<(Vec<u8>, Encoding)> {
    let n = graph.vertex_count();
    let k = tiles.len();
    if index.vertices() != n || index.group_size() != k || k > MAX_GROUP {
        return Err(Error::Unsupported(format!(
            "a blank-aware index for {} tiles on {} vertices cannot rank {k} tiles on {n}",
            index.group_size(),
            index.vertices()
        )));
    }
    let goal_pos = goal.positions();
    let start: Vec<u8> = tiles
        .iter()
        .map(|&t| goal_pos.get(t as usize).copied().unwrap_or(0) as u8)
        .collect();
    let encoding = Encoding::OverDistance {
        step: if graph.is_bipartite() { 2 } else { 1 },
    };
    let mut distance = vec![0u32; k * 64];
    for (i, &g) in start.iter().enumerate() {
        for (v, d) in graph.distances_from(g as usize).into_iter().enumerate() {
            distance[i * 64 + v] = d;
        }
    }
    let neighbors: Vec<u64> = (0..n)
        .map(|v| graph.neighbors(v).iter().fold(0u64, |m, &u| m | 1u64 << u))
        .collect();
    let states = index.states();
    let words = states.div_ceil(64) as usize;
    let seen_words = AtomicWords::zeroed(words)?;
    let mut layer_words = AtomicWords::zeroed(words)?;
    let mut next_words = AtomicWords::zeroed(words)?;
    let seen = seen_words.words();
    let table: Vec<AtomicU8> = try_vec(states as usize, "a pattern database", || {
        AtomicU8::new(u8::MAX)
    })?;
    // The search marks each state once, at its canonical index (the blank
    // on its region's smallest vertex); the other indices of a pocket are
    // copied at the end.
    let s = index.canonical(&start, goal.blank() as u8);
    seen[(s >> 6) as usize].fetch_or(1 << (s & 63), Relaxed);
    layer_words.words()[(s >> 6) as usize].fetch_or(1 << (s & 63), Relaxed);
    table[s as usize].store(encode(encoding, 0, 0), Relaxed);
    let (mut reached, mut max_value, mut depth, mut layer_states) = (1u64, 0u8, 0u32, 1u64);
    progress(&BuildProgress {
        depth,
        layer_states,
        placements_reached: reached,
        placements: states,
    });
    const CHUNK: usize = 1 << 12;
    let stopped = AtomicBool::new(false);
    while layer_states > 0 && reached < states {
        depth += 1;
        let next = next_words.words();
        let (found, new_reached, new_max) = layer_words
            .words()
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(chunk, ws)| {
                if stopped.load(Relaxed) || limits.check_time().is_some() {
                    stopped.store(true, Relaxed);
                    return (0, 0, 0);
                }
                let mut batch = Batch::new(seen, next, &table, encoding, depth);
                let mut cells = [0u8; MAX_GROUP];
                for (wi, word) in ws.iter().enumerate() {
                    let mut bits = word.load(Relaxed);
                    while bits != 0 {
                        let b = bits.trailing_zeros() as u64;
                        bits &= bits - 1;
                        let idx = ((chunk * CHUNK + wi) as u64) * 64 + b;
                        let region = index.state(idx, &mut cells[..k]);
                        let dsum: u32 = (0..k).map(|i| distance[i * 64 + cells[i] as usize]).sum();
                        for i in 0..k {
                            let from = cells[i];
                            let mut targets = neighbors[from as usize] & region;
                            while targets != 0 {
                                let to = targets.trailing_zeros();
                                targets &= targets - 1;
                                cells[i] = to as u8;
                                let next_state = index.canonical(&cells[..k], from);
                                let dsum2 = dsum + distance[i * 64 + to as usize]
                                    - distance[i * 64 + from as usize];
                                batch.push(next_state, next_state, dsum2);
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
            let what = "blank-aware pattern database";
            return Err(stopped_error(limits, what, tiles, depth));
        }
        layer_states = found;
        reached += new_reached;
        max_value = max_value.max(new_max);
        check_fits_a_byte(max_value, tiles)?;
        progress(&BuildProgress {
            depth,
            layer_states,
            placements_reached: reached,
            placements: states,
        });
        std::mem::swap(&mut layer_words, &mut next_words);
        next_words
            .words()
            .par_iter()
            .for_each(|w| w.store(0, Relaxed));
    }
    let mut table: Vec<u8> = table.into_iter().map(AtomicU8::into_inner).collect();
    let orders = index.orders() as usize;
    for set in 0..index.set_count() {
        for (slot, canonical) in index.pocket_copies(set) {
            let (to, from) = (slot as usize * orders, canonical as usize * orders);
            table.copy_within(from..from + orders, to);
            reached += orders as u64;
        }
    }
    // The copies filled the pockets' other slots: the last report counts
    // them, so a finished build ends at every entry.
    progress(&BuildProgress {
        depth,
        layer_states: 0,
        placements_reached: reached,
        placements: states,
    });
    Ok((table, encoding))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::Puzzle;
    use std::collections::{HashMap, VecDeque};

    /// The reference: 0-1 breadth-first search over (placement, blank
    /// vertex), blank moves into free vertices costing 0 and moves of group
    /// tiles 1; every state's own distance (`pdb_build`'s tests take each
    /// placement's least over blank vertices).
    pub(crate) fn reference(
        graph: &Graph,
        goal: &Configuration,
        tiles: &[u32],
    ) -> HashMap<(Vec<u8>, usize), u32> {
        let pos = goal.positions();
        let start: Vec<u8> = tiles.iter().map(|&t| pos[t as usize] as u8).collect();
        let mut best: HashMap<(Vec<u8>, usize), u32> = HashMap::new();
        let mut queue = VecDeque::new();
        best.insert((start.clone(), goal.blank()), 0);
        queue.push_back((start, goal.blank(), 0u32));
        while let Some((cells, blank, d)) = queue.pop_front() {
            if best[&(cells.clone(), blank)] < d {
                continue;
            }
            for &v in graph.neighbors(blank) {
                let mut next = cells.clone();
                let cost = match next.iter().position(|&c| c as usize == v) {
                    Some(i) => {
                        next[i] = blank as u8;
                        1
                    }
                    None => 0,
                };
                let key = (next.clone(), v);
                if best.get(&key).is_none_or(|&b| b > d + cost) {
                    best.insert(key, d + cost);
                    if cost == 0 {
                        queue.push_front((next, v, d));
                    } else {
                        queue.push_back((next, v, d + 1));
                    }
                }
            }
        }
        best
    }

    #[test]
    fn every_entry_equals_a_zero_one_breadth_first_search() {
        for (spec, tiles) in [
            ("3x3", vec![1u32, 2, 5]),
            ("4x3", vec![3, 7, 11, 6]),
            ("petersen", vec![2, 5, 9]),
            ("3x3", vec![8u32]),
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = p.default_goal();
            let graph = p.graph();
            let index = RegionIndex::new(graph, tiles.len(), 1 << 30).unwrap();
            let last = std::sync::Mutex::new(None);
            let report = |p: &BuildProgress| *last.lock().unwrap() = Some(*p);
            let (table, encoding) =
                build_blank_aware(graph, &goal, &tiles, &index, &Limits::default(), &report)
                    .unwrap();
            // The last report counts every entry, the copied ones too.
            let last = last.into_inner().unwrap().unwrap();
            assert_eq!(last.placements_reached, index.states(), "{spec}");
            assert_eq!(last.placements, index.states(), "{spec}");
            let step = match encoding {
                Encoding::OverDistance { step } => step as u32,
                Encoding::Absolute => unreachable!("blank-aware tables are over the distance"),
            };
            let gpos = goal.positions();
            let dist: Vec<Vec<u32>> = tiles
                .iter()
                .map(|&t| graph.distances_from(gpos[t as usize]))
                .collect();
            let want = reference(graph, &goal, &tiles);
            assert_eq!(want.len() as u64, {
                // Every (placement, blank vertex) pair off the placement.
                let n = graph.vertex_count() as u64;
                crate::search::placement::placements(n as usize, tiles.len())
                    * (n - tiles.len() as u64)
            });
            let mut least: HashMap<&Vec<u8>, u32> = HashMap::new();
            for ((cells, _), &d) in &want {
                let e = least.entry(cells).or_insert(d);
                *e = (*e).min(d);
            }
            let mut differs = false;
            for ((cells, blank), d) in &want {
                let i = index.index(cells, *blank as u8);
                let dsum: u32 = cells
                    .iter()
                    .enumerate()
                    .map(|(j, &c)| dist[j][c as usize])
                    .sum();
                assert_eq!(
                    dsum + step * table[i as usize] as u32,
                    *d,
                    "{spec} {cells:?} blank {blank}"
                );
                // The blank matters somewhere (else the test would not
                // tell these tables from the plain ones).
                differs |= least[cells] != *d;
            }
            assert!(differs || tiles.len() == 1, "{spec}");
        }
    }
}
