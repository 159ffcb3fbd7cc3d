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

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use super::domain::{Domain, Steps};
use super::heuristic::Heuristic;
use super::limits::Limits;
use super::pdb_build::BuildProgress;
use crate::error::{Error, Resource, Result, StopReason};
use crate::model::Configuration;
use crate::primitives::alloc::try_vec;
use crate::primitives::resident::ResidentBytes;
use crate::store::{StoredTable, TableStore, checksum, split_header};

/// Largest board (cells) of the multi-tile metric's relabelled table (the
/// 4x4 board and smaller).
pub const MTM_TABLE_MAX_CELLS: usize = 16;

/// Most classes, the blank's included.
pub const MAX_CLASSES: usize = 16;

/// Most entries a table may have (the 4 x 4 rows table has 252,252,000,
/// the regions table 151,351,200).
pub const MAX_ENTRIES: u64 = 260_000_000;

/// Boards up to this many cells keep every tile in its own class.
pub const EXACT_CELLS: usize = 10;

/// Marks an entry the build has not reached.
const UNSEEN: u8 = u8::MAX;

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
        let mut counts = vec![1u8];
        counts.extend(sizes.iter().map(|&s| s as u8));
        if multinomial(&counts) <= MAX_ENTRIES {
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

/// The classes of the second 4 x 4 table: the goal's rows (class r + 1
/// for the tiles whose goal cell is in row r, 0 for the blank's cell):
/// 16! / (4! 4! 4! 3!) = 252,252,000 entries. Its transposed lookup reads
/// the columns. With the regions of [`default_classes`] it makes a far
/// better maximum than either alone (Korf's 100 in MTM: 49.1 M nodes
/// generated against 485.6 M with the regions and their transpose alone,
/// docs/BENCHMARKS.md). `None` on other boards.
pub(crate) fn row_classes(width: usize, height: usize, goal: &Configuration) -> Option<Vec<u8>> {
    if (width, height) != (4, 4) || goal.len() != 16 || goal.blanks().len() != 1 {
        return None;
    }
    let blank = goal.blank();
    Some(
        (0..16)
            .map(|p| if p == blank { 0 } else { (p / 4 + 1) as u8 })
            .collect(),
    )
}

/// The tables the multi-tile metric uses on a `width x height` board, each
/// as the classes of the goal cells: the regions ([`default_classes`]),
/// and on 4 x 4 the rows ([`row_classes`]) too when both tables fit
/// `max_memory` bytes. Empty for boards without a table.
pub(crate) fn default_class_sets(
    width: usize,
    height: usize,
    goal: &Configuration,
    max_memory: u64,
) -> Vec<Vec<u8>> {
    let Some(regions) = default_classes(width, height, goal) else {
        return Vec::new();
    };
    let mut sets = vec![regions];
    if let Some(rows) = row_classes(width, height, goal) {
        let total: u64 = [&sets[0], &rows]
            .iter()
            .filter_map(|c| MtmPdb::build_memory_of(width, height, goal, c))
            .sum();
        if total <= max_memory {
            sets.push(rows);
        }
    }
    sets
}

/// Most entries of one half's contribution table (`k^half`).
const MAX_HALF_CODES: u64 = 1 << 22;

/// Ranks arrangements of classes on a board of up to 16 cells in
/// lexicographic order of the class sequence (cell 0 most significant), so
/// that moves near the end of the board change the rank little and
/// consecutive lookups of a search often share a cache line or a page.
///
/// The rank is a sum over cells of terms that depend on the cell's class
/// and the classes after it; split at `split`, the first half's terms
/// depend only on its own classes (the tally before it is the whole
/// multiset) and the second half's only on its own (its tally is its
/// own), so rank = `first[code of cells 0..split] + second[code of cells
/// split..n]`, where a code is the classes as digits in base `k`. A search
/// keeps the two codes and changes them by one multiply-add per cell
/// that changes class: two table reads per rank.
#[derive(Clone, Debug)]
struct Ranker {
    n: usize,
    /// Tiles per class (class 0: the blank, 1).
    counts: Vec<u8>,
    split: usize,
    /// The weight of each cell's digit in its half's code (`k^offset`).
    weight: [u32; 16],
    first: Vec<u32>,
    second: Vec<u32>,
    entries: u64,
}

/// (total)! / prod(rem!), the arrangements of a multiset, for at most 16
/// items (0 above: no table has more cells).
fn multinomial(rem: &[u8]) -> u64 {
    let fact = |m: u64| (1..=m).product::<u64>();
    let total: u64 = rem.iter().map(|&r| r as u64).sum();
    if total > 16 {
        return 0;
    }
    rem.iter().fold(fact(total), |a, &r| a / fact(r as u64))
}

impl Ranker {
    fn new(n: usize, counts: Vec<u8>) -> Option<Self> {
        let k = counts.len();
        if n > 16 || !(2..=MAX_CLASSES).contains(&k) {
            return None;
        }
        if counts.iter().map(|&c| c as usize).sum::<usize>() != n {
            return None;
        }
        let entries = multinomial(&counts);
        let split = n / 2;
        let codes = |cells: usize| (k as u64).checked_pow(cells as u32);
        let (c1, c2) = (codes(split)?, codes(n - split)?);
        if c1.max(c2) > MAX_HALF_CODES || entries > u32::MAX as u64 {
            return None;
        }
        let mut weight = [0u32; 16];
        for (p, w) in weight.iter_mut().enumerate().take(n) {
            let offset = if p < split { p } else { p - split };
            *w = (k as u32).pow(offset as u32);
        }
        // The terms of cells `from..to` with classes `digits`, the tally
        // before them being `rem`; None when the digits do not fit it.
        let terms = |digits: &[u8], mut rem: Vec<u8>| -> Option<u32> {
            let mut total: u64 = rem.iter().map(|&r| r as u64).sum();
            let mut m = multinomial(&rem);
            let mut sum = 0u64;
            for &a in digits {
                for &r in rem.iter().take(a as usize) {
                    sum += m * r as u64 / total;
                }
                let r = rem.get_mut(a as usize)?;
                if *r == 0 {
                    return None;
                }
                m = m * *r as u64 / total;
                *r -= 1;
                total -= 1;
            }
            u32::try_from(sum).ok()
        };
        let digits = |code: u64, len: usize| -> Vec<u8> {
            (0..len)
                .map(|i| ((code / (k as u64).pow(i as u32)) % k as u64) as u8)
                .collect()
        };
        let first = (0..c1)
            .map(|code| terms(&digits(code, split), counts.clone()).unwrap_or(0))
            .collect();
        let second = (0..c2)
            .map(|code| {
                let d = digits(code, n - split);
                let mut tally = vec![0u8; k];
                for &a in &d {
                    tally[a as usize] += 1;
                }
                terms(&d, tally).unwrap_or(0)
            })
            .collect();
        Some(Ranker {
            n,
            counts,
            split,
            weight,
            first,
            second,
            entries,
        })
    }

    /// The two codes of a class sequence (one class per cell).
    #[inline(always)]
    fn codes(&self, classes: &[u8]) -> [u32; 2] {
        let mut codes = [0u32; 2];
        for (p, &c) in classes.iter().enumerate().take(self.n) {
            codes[usize::from(p >= self.split)] += c as u32 * self.weight[p & 15];
        }
        codes
    }

    /// The rank of the arrangement with these codes (0 for codes out of
    /// range, which a configuration of the board never has).
    #[inline(always)]
    fn rank_codes(&self, codes: [u32; 2]) -> u64 {
        let a = self.first.get(codes[0] as usize).copied().unwrap_or(0);
        let b = self.second.get(codes[1] as usize).copied().unwrap_or(0);
        a as u64 + b as u64
    }

    /// The rank of a class sequence.
    fn rank(&self, classes: &[u8]) -> u64 {
        self.rank_codes(self.codes(classes))
    }

    /// The class sequence of rank `rank` (< entries).
    fn unrank(&self, mut rank: u64, classes: &mut [u8]) {
        let mut rem = self.counts.clone();
        let mut total = self.n as u64;
        let mut m = self.entries;
        for cell in classes.iter_mut().take(self.n) {
            for (s, r) in rem.iter_mut().enumerate() {
                if *r == 0 {
                    continue;
                }
                let block = m * *r as u64 / total;
                if rank < block {
                    *cell = s as u8;
                    m = block;
                    *r -= 1;
                    total -= 1;
                    break;
                }
                rank -= block;
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

/// The table's bytes, on huge pages where the system grants them: lookups
/// are random over 151 MB, and with 4 KiB pages nearly every one misses
/// the TLB as well as the cache.
struct Data(ResidentBytes);

impl Data {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        &self.0
    }

    #[inline(always)]
    fn get(&self, i: u64) -> u8 {
        self.bytes().get(i as usize).copied().unwrap_or(0)
    }

    /// Asks the processor to bring entry `i` into the cache (a hint: no
    /// effect on other targets, nor for `i` beyond the table).
    #[inline(always)]
    fn prefetch(&self, i: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(entry) = self.bytes().get(i as usize) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch only hints the cache; the address is
            // that of an entry of the table, in bounds.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((entry as *const u8).cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
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
    /// Bytes a build of the table over `classes` holds: one per entry.
    pub(crate) fn build_memory_of(
        width: usize,
        height: usize,
        goal: &Configuration,
        classes: &[u8],
    ) -> Option<u64> {
        let (_, counts) = tile_classes(goal, classes).ok()?;
        Ranker::new(width * height, counts).map(|r| r.entries)
    }

    /// Builds the table of `width x height` with the classes of the goal
    /// cells `cell_classes` (0 for the blank's cell) by breadth-first
    /// search in the multi-tile metric; `progress` hears of each layer,
    /// and `limits`' deadline and cancel flag are polled every 65,536
    /// entries.
    ///
    /// # Errors
    /// [`Error::Stopped`] when `limits` stop the build or the memory
    /// cannot be reserved;
    /// [`Error::Argument`] for classes that are not a partition with the
    /// blank alone in class 0; [`Error::Limit`] above [`MAX_ENTRIES`]
    /// entries or `max_memory` bytes, or above [`MTM_TABLE_MAX_CELLS`] cells.
    pub fn build(
        width: usize,
        height: usize,
        goal: &Configuration,
        cell_classes: &[u8],
        limits: &Limits,
        progress: &(dyn Fn(&BuildProgress) + Sync),
    ) -> Result<Self> {
        let max_memory = limits.max_memory;
        let n = width.saturating_mul(height);
        if !(2..=MTM_TABLE_MAX_CELLS).contains(&n) || goal.len() != n {
            return Err(Error::limit(
                Resource::Vertices,
                n as u64,
                MTM_TABLE_MAX_CELLS as u64,
            ));
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
        let dist: Vec<AtomicU8> = try_vec(
            ranker.entries as usize,
            "a multi-tile pattern database",
            || AtomicU8::new(UNSEEN),
        )?;
        let stopped = std::sync::atomic::AtomicBool::new(false);
        dist[ranker.rank(cell_classes) as usize].store(0, Ordering::Relaxed);
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
        let mut reached = 1u64;
        let mut depth: u8 = 0;
        loop {
            dist.par_chunks(1 << 16)
                .enumerate()
                .for_each(|(chunk, entries)| {
                    if stopped.load(Ordering::Relaxed) || limits.check_time().is_some() {
                        stopped.store(true, Ordering::Relaxed);
                        return;
                    }
                    let mut classes = [0u8; 16];
                    for (i, d) in entries.iter().enumerate() {
                        if d.load(Ordering::Relaxed) != depth {
                            continue;
                        }
                        ranker.unrank(((chunk << 16) + i) as u64, &mut classes);
                        let blank = classes.iter().position(|&c| c == 0).unwrap_or(0);
                        let codes = ranker.codes(&classes);
                        for &(stride, len) in &runs[blank] {
                            // Follow the run, changing the codes cell by cell.
                            let mut child = codes;
                            let mut at = blank as isize;
                            for _ in 0..len {
                                let next = at + stride;
                                let c = classes[next as usize] as u32;
                                let (a, b) = (at as usize, next as usize);
                                child[usize::from(a >= ranker.split)] += c * ranker.weight[a];
                                child[usize::from(b >= ranker.split)] -= c * ranker.weight[b];
                                // The run's later cells still hold their
                                // original classes; only the blank moved.
                                at = next;
                            }
                            let r = ranker.rank_codes(child) as usize;
                            if let Some(e) = dist.get(r)
                                && e.load(Ordering::Relaxed) == UNSEEN
                            {
                                e.store(depth + 1, Ordering::Relaxed);
                            }
                        }
                    }
                });
            if stopped.load(Ordering::Relaxed) {
                let reason = limits.check_time().unwrap_or(StopReason::Cancelled);
                return Err(Error::Stopped {
                    reason,
                    message: format!(
                        "the multi-tile pattern database build stopped at depth {} ({}); no table was kept",
                        depth + 1,
                        reason.describe()
                    ),
                });
            }
            // Several threads may set one entry: count the layer after.
            let layer = dist
                .par_iter()
                .filter(|d| d.load(Ordering::Relaxed) == depth + 1)
                .count() as u64;
            reached += layer;
            progress(&BuildProgress {
                depth: u32::from(depth) + 1,
                layer_states: layer,
                placements_reached: reached,
                placements: ranker.entries,
            });
            if layer == 0 || depth >= UNSEEN - 2 {
                break;
            }
            depth += 1;
        }
        let data: Vec<u8> = dist.into_iter().map(AtomicU8::into_inner).collect();
        let data = Data(ResidentBytes::copy_of(&data)?);
        let transposed_class_of_tile = transposed_classes(width, height, goal, &class_of_tile);
        Ok(MtmPdb {
            width,
            height,
            class_of_tile,
            transposed_class_of_tile,
            ranker,
            data,
        })
    }

    /// The name the table is stored under: board, goal hash, classes.
    pub(crate) fn file_name(
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
            "slidepuzzle-mtm-pdb v2 board {width}x{height} goal {} classes {} encoding distance bits 8 checksum {sum:016x}\n",
            g.join(","),
            c.join(",")
        )
    }

    /// Loads the table of `width x height` and `goal` over `classes` (the
    /// class of each goal cell, as `default_class_sets` gives them) from
    /// `store`, building and saving it when missing, stale or corrupt.
    ///
    /// # Errors
    /// As [`MtmPdb::build`].
    pub(crate) fn load_or_build(
        store: Option<&dyn TableStore>,
        (width, height): (usize, usize),
        goal: &Configuration,
        classes: &[u8],
        limits: &Limits,
        report: &(dyn Fn(&super::pdb::BuildEvent) + Sync),
    ) -> Result<Self> {
        use super::pdb::BuildEvent;
        let name = Self::file_name(width, height, goal, classes);
        if let Some(store) = store {
            match store.load(&name) {
                Ok(Some(bytes)) => match Self::parse(bytes, width, height, goal, classes) {
                    Ok(t) => return Ok(t),
                    Err(e) => report(&BuildEvent::Message(format!("rebuilding {name}: {e}"))),
                },
                Ok(None) => {}
                Err(e) => report(&BuildEvent::Message(format!("rebuilding: {e}"))),
            }
        }
        let entries = Self::build_memory_of(width, height, goal, classes).unwrap_or(0);
        let sizes: Vec<String> = {
            let (_, counts) = tile_classes(goal, classes)?;
            counts.iter().skip(1).map(|c| c.to_string()).collect()
        };
        report(&BuildEvent::Message(format!(
            "building the multi-tile pattern database for {width}x{height} over classes of {} tiles ({entries} entries, about {}; once, then cached)",
            sizes.join("-"),
            crate::error::Resource::Memory.amount(entries)
        )));
        let table = Self::build(width, height, goal, classes, limits, &|p| {
            report(&BuildEvent::Layer(*p))
        })?;
        if let Some(store) = store {
            let data = table.data.bytes();
            let head = Self::header(width, height, goal, classes, checksum(data));
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
        let (head, data) = split_header(&bytes).ok_or_else(|| bad("no header"))?;
        let (class_of_tile, counts) = tile_classes(goal, classes)?;
        let ranker = Ranker::new(width * height, counts).ok_or_else(|| bad("bad classes"))?;
        if data.len() as u64 != ranker.entries {
            return Err(bad("wrong size (truncated or another table)"));
        }
        // Copied and checked in one pass (the file's pages let go behind).
        let (resident, sum) = bytes.resident_with_checksum(head.len())?;
        if head != Self::header(width, height, goal, classes, sum) {
            return Err(bad("header or checksum mismatch (stale or corrupt)"));
        }
        Ok(MtmPdb {
            width,
            height,
            class_of_tile,
            transposed_class_of_tile: transposed_classes(width, height, goal, &class_of_tile),
            ranker,
            data: Data(resident),
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

    /// The class of each cell of `cells` (one tile a cell), and of each
    /// cell of the transposed configuration (all 0 when the transposed
    /// lookup does not apply); `None` unless `cells` is an arrangement of
    /// the table's classes on its board. O(cells).
    pub(super) fn class_cells(
        &self,
        cells: &[u8],
    ) -> Option<([u8; MTM_TABLE_MAX_CELLS], [u8; MTM_TABLE_MAX_CELLS])> {
        let n = self.width * self.height;
        if cells.len() != n || n > MTM_TABLE_MAX_CELLS {
            return None;
        }
        let mut direct = [0u8; MTM_TABLE_MAX_CELLS];
        let mut mirror = [0u8; MTM_TABLE_MAX_CELLS];
        for (p, &tile) in cells.iter().enumerate() {
            direct[p] = self.class_of_tile[tile as usize];
            if let Some(tc) = &self.transposed_class_of_tile {
                // Square boards only: cell (x, y) goes to (y, x).
                let q = (p % self.width) * self.width + p / self.width;
                mirror[q & (MTM_TABLE_MAX_CELLS - 1)] = tc[tile as usize];
            }
        }
        let tally = |classes: &[u8]| {
            let mut out = vec![0u8; self.ranker.counts.len()];
            for &c in classes {
                *out.get_mut(c as usize)? += 1;
            }
            Some(out)
        };
        let fits = |classes: &[u8]| tally(classes).as_ref() == Some(&self.ranker.counts);
        (fits(&direct[..n]) && (self.transposed_class_of_tile.is_none() || fits(&mirror[..n])))
            .then_some((direct, mirror))
    }

    /// Entries in the table.
    pub fn entries(&self) -> u64 {
        self.ranker.entries
    }

    /// The board's width and height.
    pub(crate) fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The class each tile has in the transposed lookup, when it applies.
    pub(super) fn transposed_class_of_tile(&self) -> Option<&[u8; 256]> {
        self.transposed_class_of_tile.as_ref()
    }

    /// Classes (the blank's included), the cell where the second half
    /// code starts, and the two half tables (rank = first[code of the
    /// first half] + second[code of the second], a code being the cells'
    /// classes as base-`classes` digits, the half's first cell least
    /// significant).
    pub(super) fn halves(&self) -> (usize, usize, &[u32], &[u32]) {
        let r = &self.ranker;
        (r.counts.len(), r.split, &r.first, &r.second)
    }

    /// Entry `rank` (0 beyond the table).
    #[inline(always)]
    pub(super) fn entry(&self, rank: u64) -> u8 {
        self.data.get(rank)
    }

    /// Starts loading entry `rank` into the cache.
    #[inline(always)]
    pub(super) fn prefetch_entry(&self, rank: u64) {
        self.data.prefetch(rank)
    }
}

/// An [`MtmPdb`] as a heuristic of [`super::mtm::MtmBoardDomain`]: the
/// two half codes of the configuration (and of its transpose), changed by
/// one multiply-add per cell a step changes, and two small-table reads and
/// one table read per lookup.
#[derive(Clone, Debug)]
pub struct MtmPdbLookup<'t> {
    table: &'t MtmPdb,
    /// Codes of the configuration, then of its transpose.
    codes: [[u32; 2]; 2],
    transpose: [u8; MTM_TABLE_MAX_CELLS],
    /// Whether the configuration loaded is one of the board's (else the
    /// value is 0).
    valid: bool,
}

impl<'t> MtmPdbLookup<'t> {
    /// Follows configurations with `table`.
    pub(crate) fn new(table: &'t MtmPdb) -> Self {
        let mut transpose = [0u8; MTM_TABLE_MAX_CELLS];
        if let Some(t) = transpose_cells(table.width, table.height) {
            transpose[..t.len()].copy_from_slice(&t);
        }
        MtmPdbLookup {
            table,
            codes: [[0; 2]; 2],
            transpose,
            valid: false,
        }
    }

    fn load(&mut self, cells: &[u8]) {
        let t = self.table;
        let n = cells.len();
        match t.class_cells(cells) {
            Some((direct, mirror)) => {
                self.codes = [t.ranker.codes(&direct[..n]), t.ranker.codes(&mirror[..n])];
                self.valid = true;
            }
            None => self.valid = false,
        }
    }

    #[inline(always)]
    fn value(&self) -> u32 {
        let t = self.table;
        if !self.valid {
            return 0;
        }
        let direct = t.ranker.rank_codes(self.codes[0]);
        if t.transposed_class_of_tile.is_none() {
            return t.data.get(direct) as u32;
        }
        // Both addresses first, then both loads: the two cache misses
        // overlap instead of one waiting for the other.
        let mirror = t.ranker.rank_codes(self.codes[1]);
        (t.data.get(direct) as u32).max(t.data.get(mirror) as u32)
    }

    /// The codes after the steps of a move.
    #[inline(always)]
    fn moved<M: Steps>(&self, m: M) -> [[u32; 2]; 2] {
        let t = self.table;
        let r = &t.ranker;
        let mut codes = self.codes;
        let transposed = t.transposed_class_of_tile.as_ref();
        m.for_each_step(|s| {
            let (from, to) = (
                s.from as usize & (MTM_TABLE_MAX_CELLS - 1),
                s.to as usize & (MTM_TABLE_MAX_CELLS - 1),
            );
            // The tile leaves `from` (now the blank's, class 0) for `to`.
            let c = t.class_of_tile[s.tile as usize] as u32;
            let half = |p: usize| usize::from(p >= r.split);
            codes[0][half(to)] = codes[0][half(to)].wrapping_add(c * r.weight[to]);
            codes[0][half(from)] = codes[0][half(from)].wrapping_sub(c * r.weight[from]);
            if let Some(tc) = transposed {
                let c = tc[s.tile as usize] as u32;
                let (from, to) = (
                    self.transpose[from] as usize & (MTM_TABLE_MAX_CELLS - 1),
                    self.transpose[to] as usize & (MTM_TABLE_MAX_CELLS - 1),
                );
                codes[1][half(to)] = codes[1][half(to)].wrapping_add(c * r.weight[to]);
                codes[1][half(from)] = codes[1][half(from)].wrapping_sub(c * r.weight[from]);
            }
        });
        codes
    }
}

impl<D: Domain> Heuristic<D> for MtmPdbLookup<'_> {
    /// The codes before the move.
    type Undo = [[u32; 2]; 2];
    const PREFETCH: bool = true;

    /// Starts loading the child's two entries (the table is far larger
    /// than the caches; the children's loads then overlap).
    #[inline(always)]
    fn prefetch(&self, _: &D, m: D::Move) {
        let codes = self.moved(m);
        let t = self.table;
        t.data.prefetch(t.ranker.rank_codes(codes[0]));
        if t.transposed_class_of_tile.is_some() {
            t.data.prefetch(t.ranker.rank_codes(codes[1]));
        }
    }

    fn reset(&mut self, d: &D) -> u32 {
        self.load(d.cells());
        self.value()
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, m: D::Move, _: u32, _: u32) -> (u32, Self::Undo) {
        let before = self.codes;
        self.codes = self.moved(m);
        (self.value(), before)
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, _: D::Move, before: Self::Undo) {
        self.codes = before;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_round_trips_and_is_dense() {
        let r = Ranker::new(7, vec![1, 2, 3, 1]).unwrap();
        assert_eq!(r.entries, 7 * 15 * 4);
        let mut classes = [0u8; 16];
        let mut last = None;
        for rank in 0..r.entries {
            r.unrank(rank, &mut classes);
            let mut tally = [0u8; 4];
            for &c in &classes[..7] {
                tally[c as usize] += 1;
            }
            assert_eq!(tally, [1, 2, 3, 1]);
            assert_eq!(r.rank(&classes[..7]), rank);
            // Lexicographic: each sequence after the one before.
            if let Some(prev) = last {
                assert!(prev < classes);
            }
            last = Some(classes);
        }
    }

    #[test]
    fn the_rows_table_joins_the_regions_on_four_by_four_within_the_budget() {
        let goal = Configuration::natural(16);
        let rows = row_classes(4, 4, &goal).unwrap();
        assert_eq!(rows, vec![1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 0]);
        assert_eq!(
            MtmPdb::build_memory_of(4, 4, &goal, &rows),
            Some(252_252_000)
        );
        // The blank's goal in the first row: that row has 3 tiles.
        let first = Configuration::from_cells((0..16u32).collect(), 1).unwrap();
        let r0 = row_classes(4, 4, &first).unwrap();
        assert_eq!(&r0[..5], &[0, 1, 1, 1, 2]);
        assert_eq!(
            MtmPdb::build_memory_of(4, 4, &first, &r0),
            Some(252_252_000)
        );
        let both = 151_351_200 + 252_252_000;
        assert_eq!(default_class_sets(4, 4, &goal, both).len(), 2);
        assert_eq!(default_class_sets(4, 4, &goal, both - 1).len(), 1);
        assert_eq!(
            default_class_sets(4, 4, &goal, both - 1)[0],
            default_classes(4, 4, &goal).unwrap()
        );
        let g9 = Configuration::natural(9);
        assert_eq!(default_class_sets(3, 3, &g9, u64::MAX).len(), 1);
        assert!(row_classes(3, 3, &g9).is_none());
        assert!(default_class_sets(5, 5, &Configuration::natural(25), u64::MAX).is_empty());
    }

    #[test]
    fn the_four_by_four_classes_have_151_million_entries() {
        let goal = Configuration::natural(16);
        let classes = default_classes(4, 4, &goal).unwrap();
        let (_, counts) = tile_classes(&goal, &classes).unwrap();
        assert_eq!(counts, vec![1, 2, 4, 5, 4]);
        assert_eq!(Ranker::new(16, counts).unwrap().entries, 151_351_200);
        assert_eq!(
            MtmPdb::build_memory_of(4, 4, &goal, &classes),
            Some(151_351_200)
        );
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

    #[test]
    fn a_corrupt_stored_table_is_rebuilt_never_trusted() {
        use crate::store::DirectoryStore;
        let dir = tempfile::tempdir().unwrap();
        let store = DirectoryStore::new(dir.path());
        let goal = Configuration::natural(6);
        let classes = default_classes(3, 2, &goal).unwrap();
        let build = || {
            MtmPdb::load_or_build(
                Some(&store),
                (3, 2),
                &goal,
                &classes,
                &Limits::default(),
                &|_| {},
            )
            .unwrap()
        };
        let good = build().data.bytes().to_vec();
        let name = MtmPdb::file_name(3, 2, &goal, &classes);
        let path = dir.path().join(&name);
        let mut bytes = std::fs::read(&path).unwrap();
        let middle = bytes.len() - good.len() / 2;
        bytes[middle] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let Err(e) = MtmPdb::parse(store.load(&name).unwrap().unwrap(), 3, 2, &goal, &classes)
        else {
            panic!("a flipped entry was accepted");
        };
        assert!(e.to_string().contains("checksum"), "{e}");
        // Rebuilt, equal to the first build, and stored again.
        assert_eq!(build().data.bytes(), &good[..]);
        let reread = MtmPdb::parse(store.load(&name).unwrap().unwrap(), 3, 2, &goal, &classes);
        assert_eq!(reread.unwrap().data.bytes(), &good[..]);
    }
}
