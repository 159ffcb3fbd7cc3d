//! IDA* on boards with additive pattern databases ([`super::pdb`]), with
//! the maximum over the transposed (reflected) lookup on square boards whose
//! goal is symmetric under transposition (Korf and Felner 2002; Felner,
//! Korf and Hanan 2004).
//!
//! A move changes the placement of one group only, so each node re-ranks
//! one group (and one group of the mirrored state): O(k) per node. Entries
//! are stored over the Manhattan distance ([`super::pdb::PatternDb`]), and
//! the Manhattan distance is the same for a state and its transpose, so
//! h = MD + 2 max(sum of direct entries, sum of mirrored entries), with the
//! Manhattan distance kept incrementally.

use std::time::Instant;

use super::deepen::{ABORT, FOUND, deepen};
use super::limits::{Limits, StopReason};
use super::pdb::{
    BuildEvent, PatternDb, build_memory, entry, file_name, load_or_build, rank_placement,
};
use super::stats::{SearchResult, SearchStats};
use crate::error::{Error, Resource, Result};
use crate::model::Configuration;
use crate::store::TableStore;

/// A partition of the tiles into groups, by group sizes (`[5, 5, 5]`),
/// filled with the goal's cells in reading order.
///
/// # Errors
/// [`Error::Argument`] (named `pattern`) when the sizes do not add up to
/// the tile count or a size is not 1 to 8.
pub fn partition_by_sizes(goal: &Configuration, sizes: &[usize]) -> Result<Vec<Vec<u32>>> {
    let tiles: Vec<u32> = goal.cells().iter().copied().filter(|&t| t != 0).collect();
    if sizes.iter().sum::<usize>() != tiles.len() {
        return Err(Error::argument(
            "pattern",
            format!(
                "sizes {sizes:?} add up to {}, but the board has {} tiles",
                sizes.iter().sum::<usize>(),
                tiles.len()
            ),
        ));
    }
    if sizes.iter().any(|&s| s == 0 || s > 8) {
        return Err(Error::argument("pattern", "each group needs 1 to 8 tiles"));
    }
    let mut out = Vec::new();
    let mut i = 0;
    for &s in sizes {
        out.push(tiles[i..i + s].to_vec());
        i += s;
    }
    Ok(out)
}

/// The default partition for a board and goal with the blank's goal in a
/// corner: on 4x4 the 6-6-3 split into two 2-column blocks and the remaining
/// row (about half the nodes of row-major 6-6-3 on Korf's instances); on
/// 5x5 Korf and Felner's 6-6-6-6 split (AI 134, 2002, figure 5); other
/// corners by reflection. Otherwise row-major groups from
/// [`default_sizes`]. Tiles are numbered as in `goal`.
///
/// # Errors
/// As [`partition_by_sizes`] (not expected for the default sizes).
pub fn default_partition(
    width: usize,
    height: usize,
    goal: &Configuration,
) -> Result<Vec<Vec<u32>>> {
    // Cells for the blank on cell 0.
    const CELLS_4X4: &[&[usize]] = &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
    const CELLS_5X5: &[&[usize]] = &[
        &[1, 2, 5, 6, 7, 12],
        &[3, 4, 8, 9, 13, 14],
        &[10, 11, 15, 16, 20, 21],
        &[17, 18, 19, 22, 23, 24],
    ];
    let cells = match (width, height) {
        (4, 4) => Some(CELLS_4X4),
        (5, 5) => Some(CELLS_5X5),
        _ => None,
    };
    if let Some(groups) = cells.and_then(|c| corner_partition(c, width, height, goal)) {
        return Ok(groups);
    }
    partition_by_sizes(goal, &default_sizes(width * height - 1))
}

/// The groups of tiles on `cells` (given for the blank's goal on cell 0),
/// reflected to the corner where `goal` has its blank; `None` when the
/// blank's goal is not in a corner.
fn corner_partition(
    cells: &[&[usize]],
    width: usize,
    height: usize,
    goal: &Configuration,
) -> Option<Vec<Vec<u32>>> {
    let w = width;
    let blank = goal.blank();
    let (flip_x, flip_y) = (blank % w == w - 1, blank / w == height - 1);
    let corner = (blank.is_multiple_of(w) || flip_x) && (blank / w == 0 || flip_y);
    if !corner {
        return None;
    }
    let map = |c: usize| {
        let (x, y) = (c % w, c / w);
        let x = if flip_x { w - 1 - x } else { x };
        let y = if flip_y { height - 1 - y } else { y };
        y * w + x
    };
    Some(
        cells
            .iter()
            .map(|group| group.iter().map(|&c| goal.tile_at(map(c))).collect())
            .collect(),
    )
}

/// Tables quick to build (at most 5 tiles a group, well under a second in
/// all), for a first solve before the default ones are cached: on 4x4 with
/// the blank's goal in a corner a 5-5-5 split into compact blocks (half the
/// nodes of reading order on Korf's hardest instances), elsewhere groups of
/// 5 in reading order.
///
/// # Errors
/// As [`partition_by_sizes`].
pub fn quick_partition(width: usize, height: usize, goal: &Configuration) -> Result<Vec<Vec<u32>>> {
    // Cells for the blank on cell 0: the row and column through the
    // far corner, and two 2 x 2-ish blocks.
    const QUICK_4X4: &[&[usize]] = &[&[8, 12, 13, 14, 15], &[3, 6, 7, 10, 11], &[1, 2, 4, 5, 9]];
    if (width, height) == (4, 4)
        && let Some(groups) = corner_partition(QUICK_4X4, width, height, goal)
    {
        return Ok(groups);
    }
    let tiles = width * height - 1;
    let mut sizes = vec![5; tiles / 5];
    if !tiles.is_multiple_of(5) {
        sizes.push(tiles % 5);
    }
    partition_by_sizes(goal, &sizes)
}

/// Checks an explicit partition: every tile of `goal` in exactly one group,
/// each group of 1 to 8 tiles.
///
/// # Errors
/// [`Error::Argument`] (named `pattern`) naming a missing, repeated or
/// unknown tile.
pub fn check_partition(goal: &Configuration, groups: &[Vec<u32>]) -> Result<()> {
    let n = goal.len() as u32;
    let mut seen = vec![false; n as usize];
    for g in groups {
        if g.is_empty() || g.len() > 8 {
            return Err(Error::argument("pattern", "each group needs 1 to 8 tiles"));
        }
        for &t in g {
            if t == 0 || t >= n {
                return Err(Error::argument(
                    "pattern",
                    format!("tile {t} is not a tile (1..{})", n - 1),
                ));
            }
            if std::mem::replace(&mut seen[t as usize], true) {
                return Err(Error::argument(
                    "pattern",
                    format!("tile {t} is in two groups"),
                ));
            }
        }
    }
    if let Some(t) = (1..n).find(|&t| !seen[t as usize]) {
        return Err(Error::argument(
            "pattern",
            format!("tile {t} is in no group"),
        ));
    }
    Ok(())
}

/// The default partition: groups of 5 (the last one smaller), e.g. 5-5-5
/// on 4x4 and 4-4 on 3x3.
pub fn default_sizes(tiles: usize) -> Vec<usize> {
    if tiles <= 8 {
        return vec![tiles.div_ceil(2), tiles / 2]
            .into_iter()
            .filter(|&s| s > 0)
            .collect();
    }
    let mut sizes = vec![5; tiles / 5];
    if !tiles.is_multiple_of(5) {
        sizes.push(tiles % 5);
    }
    sizes
}

/// The tables and lookups for one board and goal.
pub struct PdbHeuristic {
    width: usize,
    n: usize,
    dbs: Vec<PatternDb>,
    /// Group index of each tile (u8::MAX for the blank).
    group_of: Vec<u8>,
    /// Manhattan distance of tile t on cell c to its goal: `[t * 64 + c]`.
    distance: Vec<u8>,
    /// Transposed lookup, for square boards with a symmetric goal.
    mirror: Option<Mirror>,
}

/// Data for the transposed lookup.
struct Mirror {
    /// Cell (x, y) -> cell (y, x).
    cells: Vec<u8>,
    /// For each group, the tile of the real state whose mirror image is
    /// the group's i-th tile.
    sources: Vec<Vec<u32>>,
    /// Mirrored group affected when a tile moves.
    group_of: Vec<u8>,
}

impl PdbHeuristic {
    /// Loads the tables for `groups` from `store`, building (and saving
    /// there) the missing ones; without a store they are built in memory.
    ///
    /// # Errors
    /// As [`load_or_build`]; [`Error::Limit`] for boards over 64 cells
    /// ([`Resource::Vertices`]) or a missing table whose build would need
    /// more than `max_memory` bytes ([`Resource::Memory`]).
    pub fn new(
        width: usize,
        height: usize,
        goal: &Configuration,
        groups: &[Vec<u32>],
        store: Option<&dyn TableStore>,
        max_memory: u64,
        report: &dyn Fn(&BuildEvent),
    ) -> Result<Self> {
        let n = width * height;
        if n > 64 {
            return Err(Error::limit(Resource::Vertices, n as u64, 64));
        }
        // Refuse up front, before building any table, when one of the
        // missing tables would not fit.
        let need = groups
            .iter()
            .filter(|g| !store.is_some_and(|s| s.contains(&file_name(width, height, goal, g))))
            .map(|g| (g.len(), build_memory(n, g.len())))
            .max_by_key(|&(_, m)| m);
        if let Some((_, need)) = need.filter(|&(_, m)| m > max_memory) {
            return Err(Error::limit(Resource::Memory, need, max_memory));
        }
        let mut dbs = Vec::new();
        for g in groups {
            dbs.push(load_or_build(
                store, width, height, goal, g, max_memory, report,
            )?);
        }
        let mut group_of = vec![u8::MAX; n];
        for (i, g) in groups.iter().enumerate() {
            for &t in g {
                group_of[t as usize] = i as u8;
            }
        }
        // Transposition symmetry: cell (x, y) -> (y, x); tile t -> the tile
        // whose goal cell is the transpose of t's.
        let mirror = if width == height {
            let cmap: Vec<u8> = (0..n)
                .map(|c| ((c % width) * width + c / width) as u8)
                .collect();
            let gpos = goal.positions();
            if cmap[goal.blank()] as usize == goal.blank() {
                let tmap: Vec<u32> = (0..n)
                    .map(|t| goal.tile_at(cmap[gpos[t]] as usize))
                    .collect();
                // Mirrored group entry i of group g holds tile g[i]; in the
                // mirrored state that tile is the image of tile s with
                // tmap[s] = g[i].
                let mut inv = vec![0u32; n];
                for (s, &t) in tmap.iter().enumerate() {
                    inv[t as usize] = s as u32;
                }
                let sources: Vec<Vec<u32>> = groups
                    .iter()
                    .map(|g| g.iter().map(|&t| inv[t as usize]).collect())
                    .collect();
                let mut mgroup_of = vec![u8::MAX; n];
                for (gi, src) in sources.iter().enumerate() {
                    for &s in src {
                        mgroup_of[s as usize] = gi as u8;
                    }
                }
                Some(Mirror {
                    cells: cmap,
                    sources,
                    group_of: mgroup_of,
                })
            } else {
                None
            }
        } else {
            None
        };
        let gpos = goal.positions();
        let mut distance = vec![0u8; 64 * 64];
        for t in 1..n {
            let (gx, gy) = (gpos[t] % width, gpos[t] / width);
            for c in 0..n {
                distance[t * 64 + c] = ((c % width).abs_diff(gx) + (c / width).abs_diff(gy)) as u8;
            }
        }
        Ok(PdbHeuristic {
            width,
            n,
            dbs,
            group_of,
            distance,
            mirror,
        })
    }

    /// Group `g`'s entry (value over the Manhattan distance, halved).
    fn group_entry(&self, g: usize, pos: &[u8]) -> u32 {
        let mut cells = [0u8; 16];
        let tiles = &self.dbs[g].tiles;
        for (i, &t) in tiles.iter().enumerate() {
            cells[i] = pos[t as usize];
        }
        self.dbs[g].get(rank_placement(&cells[..tiles.len()], self.n))
    }

    /// Group `g`'s entry in the transposed state.
    fn mirror_entry(&self, g: usize, pos: &[u8]) -> u32 {
        let m = self.mirror.as_ref().expect("mirror");
        let mut cells = [0u8; 16];
        for (i, &s) in m.sources[g].iter().enumerate() {
            cells[i] = m.cells[pos[s as usize] as usize];
        }
        self.dbs[g].get(rank_placement(&cells[..m.sources[g].len()], self.n))
    }

    /// The Manhattan distance of a state (`pos[t]` = cell of tile t).
    fn manhattan(&self, pos: &[u8]) -> u32 {
        (1..self.n)
            .map(|t| self.distance[t * 64 + pos[t] as usize] as u32)
            .sum()
    }

    /// The heuristic value of a configuration (one byte per cell).
    pub fn value(&self, cells: &[u8]) -> u32 {
        let mut pos = [0u8; 64];
        for (c, &t) in cells.iter().enumerate() {
            pos[t as usize] = c as u8;
        }
        let direct: u32 = (0..self.dbs.len()).map(|g| self.group_entry(g, &pos)).sum();
        let mirrored: u32 = match self.mirror {
            Some(_) => (0..self.dbs.len())
                .map(|g| self.mirror_entry(g, &pos))
                .sum(),
            None => 0,
        };
        self.manhattan(&pos) + 2 * direct.max(mirrored)
    }

    /// Whether the transposed lookup is used.
    pub fn has_mirror(&self) -> bool {
        self.mirror.is_some()
    }

    /// The groups' tiles, one list per table.
    pub fn groups(&self) -> Vec<Vec<u32>> {
        self.dbs.iter().map(|d| d.tiles.clone()).collect()
    }

    /// Bytes of all tables (4 bits per entry where packed).
    pub fn table_bytes(&self) -> u64 {
        self.dbs.iter().map(|d| d.entries().len() as u64).sum()
    }
}

/// A group's tiles as a fixed array, for the inner loop.
#[derive(Clone, Copy)]
struct GroupTiles {
    k: usize,
    tiles: [u8; 8],
    packed: bool,
}

impl GroupTiles {
    fn new(tiles: impl Iterator<Item = u32>, packed: bool) -> Self {
        let mut out = GroupTiles {
            k: 0,
            tiles: [0; 8],
            packed,
        };
        for t in tiles {
            out.tiles[out.k] = t as u8;
            out.k += 1;
        }
        out
    }

    /// The table entry for the placement of these tiles in `pos`
    /// (over the Manhattan distance, halved).
    #[inline(always)]
    fn lookup(&self, pos: &[u8; 64], n: usize, table: &[u8]) -> u32 {
        let mut used = 0u64;
        let mut rank = 0u64;
        for i in 0..self.k {
            let c = pos[self.tiles[i] as usize & 63];
            let smaller_used = (used & ((1u64 << c) - 1)).count_ones() as u64;
            rank = rank * (n - i) as u64 + (c as u64 - smaller_used);
            used |= 1u64 << c;
        }
        entry(table, self.packed, rank)
    }
}

struct Search<'a> {
    h: &'a PdbHeuristic,
    direct: Vec<GroupTiles>,
    mirrored: Vec<GroupTiles>,
    /// Mirrored cell of every tile (transposed position).
    mpos: [u8; 64],
    tables: Vec<&'a [u8]>,
    /// Manhattan distance of the current state.
    md: u32,
    /// Sum of the direct entries.
    sum: u32,
    /// Sum of the mirrored entries.
    msum: u32,
    cells: [u8; 64],
    pos: [u8; 64],
    hg: Vec<u32>,
    mg: Vec<u32>,
    path: Vec<usize>,
    stats: SearchStats,
    limits: &'a Limits,
    stopped: Option<StopReason>,
    /// Set when searching one subtree of a split search.
    shared: Option<&'a super::split::Shared>,
    halted: bool,
}

impl Search<'_> {
    fn value(&self) -> u32 {
        self.md + 2 * self.sum.max(self.msum)
    }

    fn dfs(&mut self, blank: usize, prev: usize, g: u32, h: u32, bound: u32) -> u32 {
        if g + h > bound {
            return g + h;
        }
        // The groups cover every tile and a group's entry is 0 only when
        // its tiles are home, so h = 0 exactly at the goal.
        if h == 0 {
            return FOUND;
        }
        self.stats.expanded += 1;
        if self.stats.expanded & (super::split::NODE_BATCH - 1) == 0 {
            match super::split::poll(self.shared, self.limits, self.stats.expanded) {
                super::split::Poll::Go => {}
                super::split::Poll::Stop(r) => {
                    self.stopped = Some(r);
                    return ABORT;
                }
                super::split::Poll::Halt => {
                    self.halted = true;
                    return ABORT;
                }
            }
        }
        let w = self.h.width;
        let n = self.h.n;
        let (x, y) = (blank % w, blank / w);
        let candidates = [
            (y > 0).then(|| blank - w),
            (x > 0).then(|| blank - 1),
            (x + 1 < w).then(|| blank + 1),
            (blank + w < n).then(|| blank + w),
        ];
        let mut next_bound = ABORT;
        for p in candidates.into_iter().flatten() {
            if p == prev {
                continue;
            }
            self.stats.generated += 1;
            let t = self.cells[p] as usize;
            self.cells[blank] = t as u8;
            self.cells[p] = 0;
            self.pos[t] = blank as u8;
            self.pos[0] = p as u8;
            let old_md = self.md;
            self.md = old_md + self.h.distance[t * 64 + blank] as u32
                - self.h.distance[t * 64 + p] as u32;
            let gi = self.h.group_of[t] as usize;
            let old_h = self.hg[gi];
            let new_h = self.direct[gi].lookup(&self.pos, n, self.tables[gi]);
            self.hg[gi] = new_h;
            self.sum = self.sum + new_h - old_h;
            let mut old_m = (usize::MAX, 0);
            let direct_f = g + 1 + self.md + 2 * self.sum;
            let result = if direct_f > bound {
                // Pruned by the direct lookup alone (a lower bound on f, so
                // a safe next-bound candidate); the mirror is not needed.
                direct_f
            } else {
                if let Some(m) = &self.h.mirror {
                    let mi = m.group_of[t] as usize;
                    old_m = (mi, self.mg[mi]);
                    self.mpos[t] = m.cells[blank];
                    self.mpos[0] = m.cells[p];
                    let new_m = self.mirrored[mi].lookup(&self.mpos, n, self.tables[mi]);
                    self.mg[mi] = new_m;
                    self.msum = self.msum + new_m - old_m.1;
                }
                let nh = self.value();
                if g + 1 + nh > bound {
                    g + 1 + nh
                } else {
                    self.path.push(p);
                    let r = self.dfs(p, blank, g + 1, nh, bound);
                    if r == FOUND {
                        return FOUND;
                    }
                    self.path.pop();
                    r
                }
            };
            self.sum = self.sum + old_h - self.hg[gi];
            self.hg[gi] = old_h;
            self.md = old_md;
            if old_m.0 != usize::MAX {
                self.msum = self.msum + old_m.1 - self.mg[old_m.0];
                self.mg[old_m.0] = old_m.1;
                let m = self.h.mirror.as_ref().expect("set above");
                self.mpos[t] = m.cells[p];
                self.mpos[0] = m.cells[blank];
            }
            self.cells[p] = t as u8;
            self.cells[blank] = 0;
            self.pos[t] = p as u8;
            self.pos[0] = blank as u8;
            if result == ABORT && (self.stopped.is_some() || self.halted) {
                return ABORT;
            }
            next_bound = next_bound.min(result);
        }
        next_bound
    }
}

/// A search from `start_cells` (one byte per cell) with every lookup
/// initialised.
fn new_search<'a>(h: &'a PdbHeuristic, start_cells: &[u8], limits: &'a Limits) -> Search<'a> {
    let mut cells = [0u8; 64];
    let mut pos = [0u8; 64];
    for (c, &t) in start_cells.iter().enumerate() {
        cells[c] = t;
        pos[t as usize] = c as u8;
    }
    let tables: Vec<&[u8]> = h.dbs.iter().map(|d| d.entries()).collect();
    let hg: Vec<u32> = (0..h.dbs.len()).map(|g| h.group_entry(g, &pos)).collect();
    let mg: Vec<u32> = if h.mirror.is_some() {
        (0..h.dbs.len()).map(|g| h.mirror_entry(g, &pos)).collect()
    } else {
        vec![0; h.dbs.len()]
    };
    let direct: Vec<GroupTiles> = h
        .dbs
        .iter()
        .map(|d| GroupTiles::new(d.tiles.iter().copied(), d.is_packed()))
        .collect();
    let mut mpos = [0u8; 64];
    let mirrored: Vec<GroupTiles> = match &h.mirror {
        Some(m) => {
            for t in 0..h.n {
                mpos[t] = m.cells[pos[t] as usize];
            }
            m.sources
                .iter()
                .zip(&h.dbs)
                .map(|(src, d)| GroupTiles::new(src.iter().copied(), d.is_packed()))
                .collect()
        }
        None => Vec::new(),
    };
    Search {
        h,
        direct,
        mirrored,
        mpos,
        md: h.manhattan(&pos),
        sum: hg.iter().sum(),
        msum: mg.iter().sum(),
        tables,
        cells,
        pos,
        hg,
        mg,
        path: Vec::new(),
        stats: SearchStats::default(),
        limits,
        stopped: None,
        shared: None,
        halted: false,
    }
}

/// Solves `start` optimally with IDA* and the pattern databases; the goal
/// must be the one the tables were built for, and reachable. One instance
/// uses all of rayon's threads (root splitting, [`super::split`]) if
/// `split`, unless it is easy or the caller is already on a rayon worker.
pub fn solve_with_pdb(
    h: &PdbHeuristic,
    start: &Configuration,
    limits: &Limits,
    split: bool,
) -> SearchResult {
    let clock = Instant::now();
    let cells: Vec<u8> = start.cells().iter().map(|&t| t as u8).collect();
    let mut search = new_search(h, &cells, limits);
    // The root counts as generated once (Korf 1985's convention).
    search.stats.generated = 1;
    let h0 = search.value();
    let blank = start.blank();
    if split && super::split::worth_splitting(h0) {
        let w = h.width;
        let n = h.n;
        let neighbors = |c: usize| -> Vec<usize> {
            let (x, y) = (c % w, c / w);
            [
                (y > 0).then(|| c - w),
                (x > 0).then(|| c - 1),
                (x + 1 < w).then(|| c + 1),
                (c + w < n).then(|| c + w),
            ]
            .into_iter()
            .flatten()
            .collect()
        };
        return super::split::split_deepen(
            &cells,
            blank,
            h0,
            limits,
            neighbors,
            |c: &[u8]| h.value(c),
            |c: &[u8], shared, p: &super::split::Subtree| {
                let mut s = new_search(h, c, limits);
                s.shared = Some(shared);
                s.stats.bound = p.bound;
                let r = s.dfs(p.blank, p.prev, p.depth, p.h, p.bound);
                (r, s.path, s.stats, s.stopped)
            },
        );
    }
    let found = deepen(h0, |bound| {
        search.stats.bound = bound;
        limits.report(bound, search.stats.generated);
        search.dfs(blank, usize::MAX, 0, h0, bound)
    });
    search.stats.seconds = clock.elapsed().as_secs_f64();
    SearchResult {
        path: found.then(|| search.path.clone()),
        optimal: found,
        stats: search.stats,
        stopped: search.stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_partitions_cover_every_tile_and_follow_the_blank() {
        for (w, h) in [(4, 4), (5, 5), (3, 3), (4, 3)] {
            let n = w * h;
            for blank in [0, w - 1, n - w, n - 1] {
                // Tiles 1..n-1 in reading order, the blank on `blank`.
                let mut cells: Vec<u32> = (1..n as u32).collect();
                cells.insert(blank, 0);
                let goal = Configuration::from_cells(cells, 1).unwrap();
                let groups = default_partition(w, h, &goal).unwrap();
                check_partition(&goal, &groups).unwrap();
                let quick = quick_partition(w, h, &goal).unwrap();
                check_partition(&goal, &quick).unwrap();
                assert!(quick.iter().all(|g| g.len() <= 5));
                if (w, h) == (5, 5) {
                    assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), [6; 4]);
                    // The group next to the blank holds the tiles on the
                    // blank's two neighbours.
                    let pos = goal.positions();
                    let next_to_blank = |t: u32| {
                        let (c, b) = (pos[t as usize], blank);
                        (c % w).abs_diff(b % w) + (c / w).abs_diff(b / w) == 1
                    };
                    assert_eq!(groups[0].iter().filter(|&&t| next_to_blank(t)).count(), 2);
                }
            }
        }
    }
}
