//! Pattern databases for the multi-tile metric: the exact MTM distance of
//! every configuration of an **abstraction** of the board, where tiles
//! are only known by their class (a domain abstraction, Holte et al.,
//! "Searching with abstractions", 1996; Culberson and Schaeffer's pattern
//! databases, 1998, with every tile kept but some made alike).
//!
//! Additive pattern databases (Korf and Felner 2002) count each tile's
//! moves in one table only; in the multi-tile metric one move slides tiles
//! of several groups at once, so their sum overestimates. Instead each
//! tile gets a class (the blank its own), and one table holds the exact
//! MTM distance of every arrangement of the classes with the blank: a real
//! move is an abstract move, so the value never exceeds the real distance.
//! On 4 x 4 the classes are the goal's regions of 2, 4, 5 and 4 tiles
//! (top-left pair, top-right 2 x 2 block, the left columns below, the
//! bottom-right block: the labelling Tomas Rokicki suggested for MTM, as
//! slidy-cli uses): 16! / (2! 4! 5! 4!) = 151,351,200 entries of one
//! byte. Boards of up to 10 cells keep every tile apart (the exact
//! distances). When the board is square and the blank's goal is on the
//! main diagonal, the table is also looked up for the transposed
//! configuration (Culberson and Schaeffer's reflection), a second
//! admissible value for free.
//!
//! Ranking: an arrangement is the cells of each class, as a subset of the
//! cells not taken by earlier classes (blank first), ranked by the
//! combinatorial number system and combined in mixed radix; O(n) popcounts
//! per rank, from one bit mask per class that [`MtmPdbLookup`] keeps
//! incrementally (one XOR per step).
//!
//! Building: layered breadth-first search from the goal over the table,
//! in parallel over ranks (rayon), one byte per entry (the distance; 255 =
//! not reached yet), a few seconds to a minute on 4 x 4.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use rayon::prelude::*;

use super::domain::{Domain, Steps};
use super::heuristic::Heuristic;
use super::pdb_build::BuildProgress;
use crate::error::{Error, Resource, Result};
use crate::model::Configuration;
use crate::store::{StoredTable, TableStore, checksum};

/// Largest board (cells): masks are `u64`.
pub const MAX_CELLS: usize = 64;

/// Most classes, the blank's included.
pub const MAX_CLASSES: usize = 16;

/// Most entries a table may have (the 4 x 4 table has 151,351,200).
pub const MAX_ENTRIES: u64 = 200_000_000;

/// Boards up to this many cells keep every tile in its own class.
pub const EXACT_CELLS: usize = 10;

/// Marks an entry the build has not reached.
const UNSEEN: u8 = u8::MAX;

/// Binomial coefficients C(i, j) for i, j <= 64 (saturating).
fn binomials() -> Vec<[u64; 65]> {
    let mut c = vec![[0u64; 65]; 65];
    for i in 0..65 {
        c[i][0] = 1;
        for j in 1..=i {
            c[i][j] = c[i - 1][j - 1].saturating_add(c[i - 1][j]);
        }
    }
    c
}

/// The class of each goal cell (0 for the blank's), or `None` for boards
/// without a table (more than 16 cells, or classes that do not fit
/// [`MAX_ENTRIES`]).
///
/// 4 x 4: the regions described in the module docs, read in the goal's
/// cell coordinates. Up to [`EXACT_CELLS`] cells: one class per tile.
/// Other boards of up to 16 cells: the tiles in reading order of their
/// goal cells, cut into as many consecutive classes of nearly equal size
/// as fit [`MAX_ENTRIES`].
pub fn default_classes(width: usize, height: usize, goal: &Configuration) -> Option<Vec<u8>> {
    let n = width.checked_mul(height)?;
    if n > 16 || goal.len() != n || goal.blanks().len() != 1 || n < 2 {
        return None;
    }
    let blank = goal.blank();
    let mut classes = vec![0u8; n];
    if (width, height) == (4, 4) {
        // Region of each cell (x, y), reading order.
        const REGIONS: [u8; 16] = [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0];
        // Move the blank's region: the blank takes its goal cell's region
        // value away and the cell (3, 3) gets it instead.
        for (p, c) in classes.iter_mut().enumerate() {
            *c = if p == blank {
                0
            } else if p == 15 {
                REGIONS[blank]
            } else {
                REGIONS[p]
            };
        }
        return Some(classes);
    }
    let tiles = n - 1;
    let mut best = None;
    for k in (1..=tiles.min(MAX_CLASSES - 1)).rev() {
        let sizes: Vec<usize> = (0..k)
            .map(|i| tiles / k + usize::from(i < tiles % k))
            .collect();
        let mut counts = vec![1usize];
        counts.extend(&sizes);
        if entries(n, &counts).is_some_and(|e| e <= MAX_ENTRIES) {
            best = Some(sizes);
            break;
        }
    }
    let sizes = best?;
    let mut cells = (0..n).filter(|&p| p != blank);
    for (i, &size) in sizes.iter().enumerate() {
        for p in cells.by_ref().take(size) {
            classes[p] = (i + 1) as u8;
        }
    }
    Some(classes)
}

/// n! / prod(counts!) (the arrangements), `None` on overflow.
fn entries(n: usize, counts: &[usize]) -> Option<u64> {
    let c = binomials();
    let mut free = n;
    let mut total: u64 = 1;
    for &m in counts {
        total = total.checked_mul(*c.get(free)?.get(m)?)?;
        free = free.checked_sub(m)?;
    }
    Some(total)
}

/// Ranks arrangements of classes on a board.
#[derive(Clone, Debug)]
struct Ranker {
    n: usize,
    /// Tiles per class (class 0: the blank, 1).
    counts: Vec<u8>,
    /// C(free cells, count) per class, the mixed radix.
    radix: Vec<u64>,
    binom: Vec<[u64; 65]>,
    entries: u64,
}

impl Ranker {
    fn new(n: usize, counts: Vec<u8>) -> Option<Self> {
        let binom = binomials();
        let mut free = n;
        let mut radix = Vec::with_capacity(counts.len());
        for &m in &counts {
            radix.push(binom[free][m as usize]);
            free = free.checked_sub(m as usize)?;
        }
        let entries = entries(n, &counts.iter().map(|&m| m as usize).collect::<Vec<_>>())?;
        (free == 0).then_some(Ranker {
            n,
            counts,
            radix,
            binom,
            entries,
        })
    }

    /// The rank of the arrangement with `members[c]` = the cells of class
    /// `c` (a partition of the board's cells).
    #[inline(always)]
    fn rank(&self, members: &[u64]) -> u64 {
        let mut free: u64 = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        let mut rank = 0u64;
        let k = self.counts.len();
        for (c, &class) in members.iter().enumerate().take(k.saturating_sub(1)) {
            let mut mask = class;
            let mut sub = 0u64;
            let mut j = 0usize;
            while mask != 0 {
                let p = mask.trailing_zeros();
                let below = free & ((1u64 << p) - 1);
                j += 1;
                sub += self.binom[below.count_ones() as usize][j];
                mask &= mask - 1;
            }
            rank = rank * self.radix[c] + sub;
            free &= !class;
        }
        rank
    }

    /// The class masks of rank `rank`.
    fn unrank(&self, mut rank: u64, members: &mut [u64]) {
        let k = self.counts.len();
        let mut subs = [0u64; MAX_CLASSES];
        for c in (0..k.saturating_sub(1)).rev() {
            subs[c] = rank % self.radix[c];
            rank /= self.radix[c];
        }
        let mut free: Vec<u32> = (0..self.n as u32).collect();
        for c in 0..k {
            let m = self.counts[c] as usize;
            let mut chosen = Vec::with_capacity(m);
            if c + 1 == k {
                chosen.extend(0..free.len());
            } else {
                let mut sub = subs[c];
                let mut top = free.len();
                for j in (1..=m).rev() {
                    // The largest i < top with C(i, j) <= sub.
                    let mut i = j - 1;
                    while i + 1 < top && self.binom[i + 1][j] <= sub {
                        i += 1;
                    }
                    sub -= self.binom[i][j];
                    chosen.push(i);
                    top = i;
                }
            }
            let mut mask = 0u64;
            for &i in &chosen {
                mask |= 1u64 << free[i];
            }
            members[c] = mask;
            chosen.sort_unstable();
            for &i in chosen.iter().rev() {
                free.remove(i);
            }
        }
    }
}

/// One table: the exact MTM distance of every arrangement of the classes.
pub struct MtmPdb {
    width: usize,
    height: usize,
    /// Class of each tile number (0 for the blank).
    class_of_tile: [u8; 256],
    /// The class of the tile whose goal cell is the transpose of tile t's
    /// (when the transposed lookup applies).
    transposed_class_of_tile: Option<[u8; 256]>,
    ranker: Ranker,
    data: Data,
}

enum Data {
    Owned(Vec<u8>),
    Stored(StoredTable, usize),
}

impl Data {
    #[inline(always)]
    fn get(&self, i: u64) -> u8 {
        let bytes: &[u8] = match self {
            Data::Owned(v) => v,
            Data::Stored(s, at) => &s[*at..],
        };
        bytes.get(i as usize).copied().unwrap_or(0)
    }
}

impl std::fmt::Debug for MtmPdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MtmPdb")
            .field("board", &(self.width, self.height))
            .field("entries", &self.ranker.entries)
            .finish_non_exhaustive()
    }
}

/// The classes of each tile from the classes of goal cells; the counts.
fn tile_classes(goal: &Configuration, cell_classes: &[u8]) -> Result<([u8; 256], Vec<u8>)> {
    let bad = |m: &str| Error::argument("classes", m.to_string());
    if cell_classes.len() != goal.len() {
        return Err(bad("one class per goal cell"));
    }
    let k = cell_classes
        .iter()
        .map(|&c| c as usize + 1)
        .max()
        .unwrap_or(0);
    if !(2..=MAX_CLASSES).contains(&k) {
        return Err(bad("between 2 and 16 classes, the blank's (0) among them"));
    }
    let mut class_of_tile = [0u8; 256];
    let mut counts = vec![0u8; k];
    for (p, &t) in goal.cells().iter().enumerate() {
        let c = cell_classes[p];
        if (t == 0) != (c == 0) {
            return Err(bad("class 0 is the blank's alone"));
        }
        class_of_tile[(t as usize).min(255)] = c;
        counts[c as usize] += 1;
    }
    if counts.contains(&0) {
        return Err(bad("every class from 0 to the largest must have a tile"));
    }
    Ok((class_of_tile, counts))
}

/// The transpose of each cell of a square board (`None` otherwise).
fn transpose_cells(width: usize, height: usize) -> Option<Vec<u8>> {
    (width == height).then(|| {
        (0..width * height)
            .map(|p| ((p % width) * width + p / width) as u8)
            .collect()
    })
}

/// `class_of_tile` seen through the transposition: the class of the tile
/// whose goal is the transposed goal cell of tile t, when the goal's blank
/// is on the diagonal (then transposing a configuration keeps its MTM
/// distance).
fn transposed_classes(
    width: usize,
    height: usize,
    goal: &Configuration,
    class_of_tile: &[u8; 256],
) -> Option<[u8; 256]> {
    let t = transpose_cells(width, height)?;
    let blank = goal.blank();
    if t[blank] as usize != blank {
        return None;
    }
    let mut out = [0u8; 256];
    for (p, &tile) in goal.cells().iter().enumerate() {
        let mirror = goal.cells()[t[p] as usize];
        out[(tile as usize).min(255)] = class_of_tile[(mirror as usize).min(255)];
    }
    Some(out)
}

impl MtmPdb {
    /// Bytes a build holds: one per entry.
    pub fn build_memory(width: usize, height: usize, goal: &Configuration) -> Option<u64> {
        let classes = default_classes(width, height, goal)?;
        let (_, counts) = tile_classes(goal, &classes).ok()?;
        Ranker::new(width * height, counts).map(|r| r.entries)
    }

    /// Builds the table of `width x height` with the classes of the goal
    /// cells `cell_classes` (0 for the blank's cell) by breadth-first
    /// search in the multi-tile metric; `progress` hears of each layer.
    ///
    /// # Errors
    /// [`Error::Argument`] for classes that are not a partition with the
    /// blank alone in class 0; [`Error::Limit`] above [`MAX_ENTRIES`]
    /// entries or `max_memory` bytes, or above [`MAX_CELLS`] cells.
    pub fn build(
        width: usize,
        height: usize,
        goal: &Configuration,
        cell_classes: &[u8],
        max_memory: u64,
        progress: &(dyn Fn(&BuildProgress) + Sync),
    ) -> Result<Self> {
        let n = width.saturating_mul(height);
        if !(2..=MAX_CELLS).contains(&n) || goal.len() != n {
            return Err(Error::limit(Resource::Vertices, n as u64, MAX_CELLS as u64));
        }
        let (class_of_tile, counts) = tile_classes(goal, cell_classes)?;
        let ranker = Ranker::new(n, counts)
            .ok_or_else(|| Error::limit(Resource::States, u64::MAX, MAX_ENTRIES))?;
        if ranker.entries > MAX_ENTRIES {
            return Err(Error::limit(Resource::States, ranker.entries, MAX_ENTRIES));
        }
        if ranker.entries > max_memory {
            return Err(Error::limit(Resource::Memory, ranker.entries, max_memory));
        }
        let dist: Vec<AtomicU8> = (0..ranker.entries).map(|_| AtomicU8::new(UNSEEN)).collect();
        let mut goal_members = [0u64; MAX_CLASSES];
        for (p, &c) in cell_classes.iter().enumerate() {
            goal_members[c as usize] |= 1u64 << p;
        }
        dist[ranker.rank(&goal_members) as usize].store(0, Ordering::Relaxed);
        // Blank runs from each cell: (stride, length) in cell steps.
        let runs: Vec<Vec<(isize, usize)>> = (0..n)
            .map(|p| {
                let (x, y) = (p % width, p / width);
                let w = width as isize;
                let mut v = Vec::new();
                v.extend((1..=y).map(|l| (-w, l)));
                v.extend((1..=x).map(|l| (-1, l)));
                v.extend((1..width - x).map(|l| (1, l)));
                v.extend((1..height - y).map(|l| (w, l)));
                v
            })
            .collect();
        let reached = AtomicU64::new(1);
        let mut depth: u8 = 0;
        loop {
            let added = AtomicU64::new(0);
            dist.par_chunks(1 << 16)
                .enumerate()
                .for_each(|(chunk, entries)| {
                    let mut members = [0u64; MAX_CLASSES];
                    let mut cell_class = [0u8; MAX_CELLS];
                    let mut new = 0u64;
                    for (i, d) in entries.iter().enumerate() {
                        if d.load(Ordering::Relaxed) != depth {
                            continue;
                        }
                        let rank = ((chunk << 16) + i) as u64;
                        ranker.unrank(rank, &mut members);
                        for (c, &m) in members.iter().enumerate().take(ranker.counts.len()) {
                            let mut mask = m;
                            while mask != 0 {
                                cell_class[mask.trailing_zeros() as usize] = c as u8;
                                mask &= mask - 1;
                            }
                        }
                        let blank = members[0].trailing_zeros() as usize;
                        for &(stride, len) in &runs[blank] {
                            let mut child = members;
                            let mut at = blank as isize;
                            for _ in 0..len {
                                let next = at + stride;
                                let c = cell_class[next as usize] as usize;
                                let flip = (1u64 << at) | (1u64 << next);
                                child[c] ^= flip;
                                child[0] ^= flip;
                                at = next;
                            }
                            let r = ranker.rank(&child) as usize;
                            if let Some(e) = dist.get(r)
                                && e.load(Ordering::Relaxed) == UNSEEN
                            {
                                e.store(depth + 1, Ordering::Relaxed);
                                new += 1;
                            }
                        }
                    }
                    added.fetch_add(new, Ordering::Relaxed);
                });
            // Several threads may count one entry: recount exactly.
            let layer = dist
                .par_iter()
                .filter(|d| d.load(Ordering::Relaxed) == depth + 1)
                .count() as u64;
            let total = reached.fetch_add(layer, Ordering::Relaxed) + layer;
            progress(&BuildProgress {
                depth: u32::from(depth) + 1,
                layer_states: layer,
                placements_reached: total,
                placements: ranker.entries,
            });
            if layer == 0 || depth >= UNSEEN - 2 {
                break;
            }
            depth += 1;
        }
        let data: Vec<u8> = dist.into_iter().map(AtomicU8::into_inner).collect();
        let transposed_class_of_tile = transposed_classes(width, height, goal, &class_of_tile);
        Ok(MtmPdb {
            width,
            height,
            class_of_tile,
            transposed_class_of_tile,
            ranker,
            data: Data::Owned(data),
        })
    }

    /// The name the table is stored under: board, goal hash, classes.
    pub fn file_name(
        width: usize,
        height: usize,
        goal: &Configuration,
        cell_classes: &[u8],
    ) -> String {
        let g: Vec<u8> = goal.cells().iter().flat_map(|t| t.to_le_bytes()).collect();
        let c = checksum(cell_classes) as u32;
        format!(
            "{width}x{height}-g{:08x}-mtm-c{c:08x}.pdb",
            checksum(&g) as u32
        )
    }

    fn header(
        width: usize,
        height: usize,
        goal: &Configuration,
        cell_classes: &[u8],
        sum: u64,
    ) -> String {
        let g: Vec<String> = goal.cells().iter().map(|t| t.to_string()).collect();
        let c: Vec<String> = cell_classes.iter().map(|t| t.to_string()).collect();
        format!(
            "slidepuzzle-mtm-pdb v1 board {width}x{height} goal {} classes {} encoding distance bits 8 checksum {sum:016x}\n",
            g.join(","),
            c.join(",")
        )
    }

    /// Loads the default table of `width x height` and `goal` from `store`,
    /// building and saving it when missing, stale or corrupt.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a board without a default table
    /// ([`default_classes`]); as [`MtmPdb::build`].
    pub fn load_or_build(
        store: Option<&dyn TableStore>,
        width: usize,
        height: usize,
        goal: &Configuration,
        max_memory: u64,
        report: &(dyn Fn(&super::pdb::BuildEvent) + Sync),
    ) -> Result<Self> {
        use super::pdb::BuildEvent;
        let classes = default_classes(width, height, goal).ok_or_else(|| {
            Error::Unsupported(format!(
                "no multi-tile pattern database for {width}x{height} (boards of up to 16 cells)"
            ))
        })?;
        let name = Self::file_name(width, height, goal, &classes);
        if let Some(store) = store {
            match store.load(&name) {
                Ok(Some(bytes)) => match Self::parse(bytes, width, height, goal, &classes) {
                    Ok(t) => return Ok(t),
                    Err(e) => report(&BuildEvent::Message(format!("rebuilding {name}: {e}"))),
                },
                Ok(None) => {}
                Err(e) => report(&BuildEvent::Message(format!("rebuilding: {e}"))),
            }
        }
        let entries = Self::build_memory(width, height, goal).unwrap_or(0);
        report(&BuildEvent::Message(format!(
            "building the multi-tile pattern database for {width}x{height} ({entries} entries, about {} MiB; once, then cached)",
            entries >> 20
        )));
        let table = Self::build(width, height, goal, &classes, max_memory, &|p| {
            report(&BuildEvent::Layer(*p))
        })?;
        if let (Some(store), Data::Owned(data)) = (store, &table.data) {
            let head = Self::header(width, height, goal, &classes, checksum(data));
            if let Err(e) = store.save(&name, &[head.as_bytes(), data]) {
                report(&BuildEvent::Message(format!(
                    "note: the table was not cached ({e}); it is used from memory"
                )));
            }
        }
        Ok(table)
    }

    fn parse(
        bytes: StoredTable,
        width: usize,
        height: usize,
        goal: &Configuration,
        classes: &[u8],
    ) -> Result<Self> {
        let bad = |why: &str| Error::invalid_file("stored table", why);
        let nl = bytes
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| bad("no header"))?;
        let head = std::str::from_utf8(&bytes[..=nl]).map_err(|_| bad("bad header"))?;
        let (class_of_tile, counts) = tile_classes(goal, classes)?;
        let ranker = Ranker::new(width * height, counts).ok_or_else(|| bad("bad classes"))?;
        let data = &bytes[nl + 1..];
        if data.len() as u64 != ranker.entries {
            return Err(bad("wrong size (truncated or another table)"));
        }
        if head != Self::header(width, height, goal, classes, checksum(data)) {
            return Err(bad("header or checksum mismatch (stale or corrupt)"));
        }
        Ok(MtmPdb {
            width,
            height,
            class_of_tile,
            transposed_class_of_tile: transposed_classes(width, height, goal, &class_of_tile),
            ranker,
            data: Data::Stored(bytes, nl + 1),
        })
    }

    /// The table's value for `cells` (one byte per cell, 0 = blank), the
    /// maximum with the transposed lookup where it applies; 0 for cells
    /// that are not a configuration of the board.
    pub fn value(&self, cells: &[u8]) -> u32 {
        let mut h = MtmPdbLookup::new(self);
        h.load(cells);
        h.value()
    }

    /// Entries in the table.
    pub fn entries(&self) -> u64 {
        self.ranker.entries
    }
}

/// An [`MtmPdb`] as a heuristic of [`super::mtm::MtmBoardDomain`]: class
/// masks of the configuration (and of its transpose) updated by one XOR
/// per step, ranked and looked up per node (O(n)).
#[derive(Clone, Debug)]
pub struct MtmPdbLookup<'t> {
    table: &'t MtmPdb,
    members: [u64; MAX_CLASSES],
    transposed: [u64; MAX_CLASSES],
    transpose: [u8; MAX_CELLS],
}

impl<'t> MtmPdbLookup<'t> {
    /// Follows configurations with `table`.
    pub fn new(table: &'t MtmPdb) -> Self {
        let mut transpose = [0u8; MAX_CELLS];
        if let Some(t) = transpose_cells(table.width, table.height) {
            transpose[..t.len()].copy_from_slice(&t);
        }
        MtmPdbLookup {
            table,
            members: [0; MAX_CLASSES],
            transposed: [0; MAX_CLASSES],
            transpose,
        }
    }

    fn load(&mut self, cells: &[u8]) {
        self.members = [0; MAX_CLASSES];
        self.transposed = [0; MAX_CLASSES];
        let n = self.table.width * self.table.height;
        if cells.len() != n {
            return;
        }
        for (p, &t) in cells.iter().enumerate() {
            let c = self.table.class_of_tile[t as usize] as usize & (MAX_CLASSES - 1);
            self.members[c] |= 1u64 << p;
            if let Some(tc) = &self.table.transposed_class_of_tile {
                let q = self.transpose[p] as usize & (MAX_CELLS - 1);
                self.transposed[tc[t as usize] as usize & (MAX_CLASSES - 1)] |= 1u64 << q;
            }
        }
    }

    #[inline(always)]
    fn value(&self) -> u32 {
        self.value_within(u32::MAX)
    }

    /// The value, or only the direct lookup when it already exceeds
    /// `budget` (the transposed one is then not needed to prune).
    #[inline(always)]
    fn value_within(&self, budget: u32) -> u32 {
        let t = self.table;
        let full = if t.ranker.n == 64 {
            u64::MAX
        } else {
            (1u64 << t.ranker.n) - 1
        };
        let union = self.members[..t.ranker.counts.len()]
            .iter()
            .fold(0, |a, m| a | m);
        if union != full {
            return 0;
        }
        let direct = t.data.get(t.ranker.rank(&self.members)) as u32;
        if t.transposed_class_of_tile.is_none() || direct > budget {
            return direct;
        }
        let mirror = t.data.get(t.ranker.rank(&self.transposed)) as u32;
        direct.max(mirror)
    }
}

impl<D: Domain> Heuristic<D> for MtmPdbLookup<'_> {
    type Undo = ();

    fn reset(&mut self, d: &D) -> u32 {
        self.load(d.cells());
        self.value()
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, m: D::Move, _: u32, budget: u32) -> (u32, ()) {
        self.flip(m);
        (self.value_within(budget), ())
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, m: D::Move, _: ()) {
        self.flip(m);
    }
}

impl MtmPdbLookup<'_> {
    /// XORs the steps of a move into the masks (its own inverse).
    #[inline(always)]
    fn flip<M: Steps>(&mut self, m: M) {
        let t = self.table;
        let transposed = t.transposed_class_of_tile.as_ref();
        m.for_each_step(|s| {
            let (from, to) = (
                s.from as usize & (MAX_CELLS - 1),
                s.to as usize & (MAX_CELLS - 1),
            );
            let flip = (1u64 << from) | (1u64 << to);
            let c = t.class_of_tile[s.tile as usize] as usize & (MAX_CLASSES - 1);
            self.members[c] ^= flip;
            self.members[0] ^= flip;
            if let Some(tc) = transposed {
                let flip =
                    (1u64 << (self.transpose[from] & 63)) | (1u64 << (self.transpose[to] & 63));
                let c = tc[s.tile as usize] as usize & (MAX_CLASSES - 1);
                self.transposed[c] ^= flip;
                self.transposed[0] ^= flip;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_round_trips_and_is_dense() {
        let r = Ranker::new(7, vec![1, 2, 3, 1]).unwrap();
        assert_eq!(r.entries, 7 * 15 * 4);
        let mut seen = vec![false; r.entries as usize];
        let mut m = [0u64; MAX_CLASSES];
        for rank in 0..r.entries {
            r.unrank(rank, &mut m);
            assert_eq!(m[..4].iter().fold(0, |a, x| a | x), 127);
            assert_eq!(r.rank(&m), rank);
            seen[rank as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_four_by_four_classes_have_151_million_entries() {
        let goal = Configuration::natural(16);
        let classes = default_classes(4, 4, &goal).unwrap();
        let (_, counts) = tile_classes(&goal, &classes).unwrap();
        assert_eq!(counts, vec![1, 2, 4, 5, 4]);
        assert_eq!(Ranker::new(16, counts).unwrap().entries, 151_351_200);
        assert_eq!(MtmPdb::build_memory(4, 4, &goal), Some(151_351_200));
        // Small boards are exact; 5x5 has no table.
        let g9 = Configuration::natural(9);
        assert_eq!(
            default_classes(3, 3, &g9).unwrap(),
            vec![1, 2, 3, 4, 5, 6, 7, 8, 0]
        );
        assert!(default_classes(5, 5, &Configuration::natural(25)).is_none());
        let g12 = Configuration::natural(12);
        let c12 = default_classes(4, 3, &g12).unwrap();
        let (_, counts) = tile_classes(&g12, &c12).unwrap();
        assert!(Ranker::new(12, counts).unwrap().entries <= MAX_ENTRIES);
    }
}
