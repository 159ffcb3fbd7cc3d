//! Sharded breadth-first search: a complete search of a puzzle's state
//! space whose layers live in a [`TableStore`] (a directory on disk, shared
//! by the machines of a cluster) instead of memory, cut into independent
//! tasks that any number of processes or machines can run.
//!
//! The rank space of [`Ranker`] (`n!/2` on bipartite boards) is cut into
//! `shards` contiguous ranges. The search is level-synchronous, as in
//! Korf's disk-based searches (Korf, "Linear-time disk-based implicit graph
//! search", JACM 55(6), 2008; Korf and Schultze, AAAI 2005):
//!
//! 1. **Expand** ([`ShardedBfs::expand`], one task per shard): read the
//!    shard's frontier at depth `d`, apply every move to every
//!    configuration, and write the neighbours' ranks bucketed by the shard
//!    they fall in: one file per expanding shard, a few sorted parts
//!    (runs) per target shard. Run 0 holds the neighbours ranked afresh
//!    (radix-sorted, duplicates removed); each other run holds the
//!    neighbours of the moves that shift the blank by one amount along
//!    consecutive vertex numbers (a row move on a board numbered row by
//!    row), whose ranks are the parents' plus a constant and so come out
//!    sorted. A single slide is ranked from the parent's Lehmer digits
//!    (`SequentialUnranker::rank_after_slide`), never from cells.
//! 2. **Merge** ([`ShardedBfs::merge`], one task per shard, after every
//!    expansion): set one bit per rank of the shard for its part of every
//!    bucket file, clear the bits of the configurations of depths `d` and
//!    `d - 1`, and read the bits left in rank order. What is left is the shard's frontier at depth `d + 1`.
//!    Moves can be undone (two-way edges, tiles that do not turn), so a
//!    neighbour of depth `d` lies at depth `d - 1`, `d` or `d + 1`: no
//!    visited set is needed (Korf's *frontier search*), only the last two
//!    layers.
//! 3. **Complete the level** ([`ShardedBfs::complete_level`]): add the
//!    new layer's size to the recorded distribution, written atomically,
//!    then discard the files no later level needs.
//!
//! Every file is written atomically by the store (a temporary file, then a
//! rename), and a task's output depends only on its inputs, so a task that
//! was killed is simply run again, and a run that was stopped resumes at
//! its last complete level ([`ShardedBfs::open`] reads it back). A store
//! that fails (a full disk) stops the run with the store's I/O error; the
//! last complete level stays intact because the record only moves on after
//! every shard of the next level is written.
//!
//! Files, all directly in the store (`LLLL` the depth, `SSSSS` a shard):
//! - `sharded-bfs.json`: the run (puzzle, goal, metric, shards, rank space)
//!   and the distribution of the complete levels. A store holding another
//!   run is refused with the reason.
//! - `frontier-LLLL-SSSSS.ranks`: a shard's layer at depth `LLLL`.
//! - `buckets-LLLL-SSSSS.ranks`: the neighbours of a shard's layer, up
//!   to `R` parts (runs) per target shard (`R` is one more than the number
//!   of distinct blank shifts of the sequence-keeping moves: 3 for a board
//!   in STM). Only the parts that hold configurations are written, so a
//!   file's size follows its configurations, not the shard count, and a
//!   level's files grow linearly in the shard count.
//!
//! A frontier file is a header line (`slidepuzzle-ranks v1 parts P`),
//! then `P` pairs of little-endian `u64` (configurations, bytes), then the
//! parts. A bucket file is a header line (`slidepuzzle-ranks v2 sparse P`),
//! then `P` triples of little-endian `u64` (slot, configurations, bytes),
//! slots increasing, where slot `t * R + r` is run `r` for target shard
//! `t`, then the parts. A part is sorted ranks as LEB128 deltas compressed
//! by zstd (level 1, with its frame checksum).
//!
//! The core does no I/O of its own here: every read and write goes through
//! the store the caller hands in ([`crate::store::DirectoryStore`] on the
//! directory the user named).
//!
//! ```
//! use slidepuzzle::explore::sharded::{ShardedBfs, ShardedOptions};
//! use slidepuzzle::store::MemoryStore;
//! use slidepuzzle::Puzzle;
//!
//! let puzzle = Puzzle::parse("3x2").unwrap();
//! let options = ShardedOptions { shards: 4, ..ShardedOptions::default() };
//! let bfs = ShardedBfs::new(&puzzle, &puzzle.default_goal(), &options).unwrap();
//! let report = bfs.run(&MemoryStore::new(), 10, &|_, _| {}).unwrap();
//! assert_eq!(report.states, 360);
//! assert_eq!(report.diameter, 21);
//! ```

use std::io::BufRead;
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use strength_reduce::StrengthReducedU64;

use super::godsnumber::{GodsReport, apply, move_table, to_string};
use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Metric, Puzzle};
use crate::store::{TableStore, split_header};
use crate::theory::ranking::{Ranker, SequentialUnranker};

/// The record's name in the store.
pub const RECORD: &str = "sharded-bfs.json";
const FORMAT: &str = "slidepuzzle-sharded-bfs-v1";
const RANKS_HEADER: &str = "slidepuzzle-ranks v1 parts";
const SPARSE_HEADER: &str = "slidepuzzle-ranks v2 sparse";
/// Most shards a run may have.
pub const MAX_SHARDS: usize = 99_999;
/// Most levels (depths) a run may have: the file names hold four digits.
pub const MAX_LEVELS: usize = 9_999;

/// Options of a sharded search.
#[derive(Clone, Debug)]
pub struct ShardedOptions {
    /// The metric: STM, or MTM on boards, tori and boxes.
    pub metric: Metric,
    /// How many ranges the rank space is cut into (1 to [`MAX_SHARDS`]).
    pub shards: usize,
    /// Memory one task may use, in bytes; a task whose shard holds more is
    /// refused before it allocates, with the advice to use more shards.
    pub task_memory: u64,
}

impl Default for ShardedOptions {
    fn default() -> Self {
        ShardedOptions {
            metric: Metric::Stm,
            shards: 16,
            task_memory: 4 << 30,
        }
    }
}

impl ShardedOptions {
    /// Options for [`ShardedBfs::run`] on this machine: `total_memory`
    /// bytes shared by the tasks it runs at once (one per rayon thread).
    pub fn on_this_machine(metric: Metric, shards: usize, total_memory: u64) -> Self {
        ShardedOptions {
            metric,
            shards,
            task_memory: total_memory / rayon::current_num_threads().max(1) as u64,
        }
    }
}

/// The record of a run, kept in the store as [`RECORD`].
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ShardedRecord {
    /// Always `slidepuzzle-sharded-bfs-v1`.
    pub format: String,
    /// The puzzle's spec.
    pub puzzle: String,
    /// The goal's cells (0 the blank).
    pub goal: Vec<u32>,
    /// The metric.
    pub metric: Metric,
    /// The number of shards.
    pub shards: usize,
    /// The size of the rank space.
    pub size: u64,
    /// Configurations at each depth of the complete levels, from 0.
    pub distribution: Vec<u64>,
    /// Whether the last level had no successor (the search is over).
    pub finished: bool,
    /// Seconds spent in the levels recorded so far, over every run.
    pub seconds: f64,
    /// Configurations in each shard at the last complete levels (at most
    /// two, the older first): a shard of size 0 at one of them has no
    /// frontier file, and its expansion no bucket file, so a level costs
    /// files for its non-empty shards only. Empty in the records of
    /// earlier versions, whose every shard has its files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub layers: Vec<Vec<u64>>,
}

impl ShardedRecord {
    /// The deepest complete level: its frontier files are in the store.
    pub fn level(&self) -> usize {
        self.distribution.len() - 1
    }

    /// Whether the record shows that `shard` holds no configuration at
    /// depth `level` (so it has no frontier file there); `false` when it
    /// does not know.
    pub fn is_empty_at(&self, level: usize, shard: usize) -> bool {
        let Some(back) = self.level().checked_sub(level) else {
            return false;
        };
        back < self.layers.len() && self.layers[self.layers.len() - 1 - back].get(shard) == Some(&0)
    }
}

/// A sharded breadth-first search of one puzzle from one goal.
#[derive(Debug)]
pub struct ShardedBfs {
    puzzle: Puzzle,
    goal: Configuration,
    metric: Metric,
    shards: usize,
    ranker: Ranker,
    /// Each blank vertex's moves (blank paths), each with how its child
    /// is ranked.
    moves: Vec<Vec<(Vec<usize>, Child)>>,
    /// Sorted runs per target shard in a bucket file: run 0 for the
    /// children ranked afresh (radix-sorted), one run per distinct blank
    /// shift of the moves that keep the tile sequence (sorted as they
    /// come, since the frontier is).
    runs: usize,
    /// Ranks per shard (the last may hold fewer).
    shard_len: u64,
    task_memory: u64,
}

/// How an expansion ranks the child of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Child {
    /// The move [keeps the tile sequence](Ranker::keeps_sequence): the
    /// child's rank is the parent's with the blank moved, which shifts a
    /// sorted frontier by a constant, so its children go to run `run`
    /// already sorted.
    Shifted { run: usize },
    /// One tile slides from vertex `from`:
    /// [`SequentialUnranker::rank_after_slide`].
    Slide { from: usize },
    /// Several tiles slide (MTM): unranked, moved and ranked.
    Path,
}

/// The name of a shard's frontier file at `level`.
pub fn frontier_name(level: usize, shard: usize) -> String {
    format!("frontier-{level:04}-{shard:05}.ranks")
}

/// The name of the bucket file a shard's expansion at `level` writes.
pub(crate) fn buckets_name(level: usize, shard: usize) -> String {
    format!("buckets-{level:04}-{shard:05}.ranks")
}

impl ShardedBfs {
    /// Prepares a search of every configuration reachable from `goal`.
    /// Nothing is allocated but the move table and the ranker.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for several blanks, one-way edges, tiles
    /// that turn, or MTM without straight lines; [`Error::Limit`] above 21
    /// vertices (ranks in 64 bits); [`Error::Argument`] (`shards`) for 0
    /// or more than [`MAX_SHARDS`] shards.
    pub fn new(puzzle: &Puzzle, goal: &Configuration, options: &ShardedOptions) -> Result<Self> {
        if !(1..=MAX_SHARDS).contains(&options.shards) {
            return Err(Error::argument(
                "shards",
                format!("must be 1 to {MAX_SHARDS}, got {}", options.shards),
            ));
        }
        if goal.blanks().len() != 1 {
            return Err(Error::Unsupported(format!(
                "sharded search handles one blank, not {}",
                goal.blanks().len()
            )));
        }
        if puzzle.digraph().is_some() || puzzle.turns().is_some() || puzzle.exchanges().is_some() {
            return Err(Error::Unsupported(
                "sharded search needs moves that can be undone: no one-way edges, no tiles that turn (godsnumber without shards searches those)".into(),
            ));
        }
        let ranker = Ranker::new(puzzle, goal)?;
        let table = move_table(puzzle, options.metric)?;
        let mut shifts: Vec<i64> = Vec::new();
        for (blank, paths) in table.iter().enumerate() {
            for p in paths {
                if Ranker::keeps_sequence(blank, p) {
                    shifts.push(p[p.len() - 1] as i64 - blank as i64);
                }
            }
        }
        shifts.sort_unstable();
        shifts.dedup();
        let moves = table
            .into_iter()
            .enumerate()
            .map(|(blank, paths)| {
                paths
                    .into_iter()
                    .map(|p| {
                        let child = if Ranker::keeps_sequence(blank, &p) {
                            let shift = p[p.len() - 1] as i64 - blank as i64;
                            let at = shifts.binary_search(&shift).unwrap_or(0);
                            Child::Shifted { run: 1 + at }
                        } else if p.len() == 1 {
                            Child::Slide { from: p[0] }
                        } else {
                            Child::Path
                        };
                        (p, child)
                    })
                    .collect()
            })
            .collect();
        let size = ranker.size();
        // Buckets hold offsets within a shard in 32 bits.
        let fewest = size.div_ceil(1 << 32);
        if (options.shards as u64) < fewest {
            return Err(Error::argument(
                "shards",
                format!(
                    "{} has {size} ranks: use at least {fewest} shards (at most 2^32 ranks each)",
                    puzzle.spec()
                ),
            ));
        }
        Ok(ShardedBfs {
            puzzle: puzzle.clone(),
            goal: goal.clone(),
            metric: options.metric,
            shards: options.shards,
            shard_len: size.div_ceil(options.shards as u64).max(1),
            ranker,
            moves,
            runs: 1 + shifts.len(),
            task_memory: options.task_memory,
        })
    }

    /// The number of shards.
    pub fn shards(&self) -> usize {
        self.shards
    }

    /// The size of the rank space (`n!/2` on bipartite graphs, else `n!`).
    pub fn size(&self) -> u64 {
        self.ranker.size()
    }

    fn shard_of(&self, rank: u64) -> usize {
        (rank / self.shard_len) as usize
    }

    fn fresh_record(&self) -> ShardedRecord {
        ShardedRecord {
            format: FORMAT.into(),
            puzzle: self.puzzle.spec().to_string(),
            goal: self.goal.cells().to_vec(),
            metric: self.metric,
            shards: self.shards,
            size: self.ranker.size(),
            distribution: vec![1],
            finished: false,
            seconds: 0.0,
            layers: Vec::new(),
        }
    }

    /// Opens the run in `store`: reads its record, or starts a new run
    /// (the goal as the frontier of depth 0) when the store holds none.
    ///
    /// # Errors
    /// [`Error::Argument`] (`dir`) when the store holds another run: another
    /// puzzle, goal, metric or shard count, named in the message; the
    /// store's errors.
    pub fn open(&self, store: &dyn TableStore) -> Result<ShardedRecord> {
        let want = self.fresh_record();
        if let Some(bytes) = store.load(RECORD)? {
            let record: ShardedRecord = serde_json::from_slice(&bytes).map_err(|e| {
                Error::argument(
                    "dir",
                    format!(
                        "{} in {} is not a sharded search record: {e}",
                        RECORD,
                        store.location()
                    ),
                )
            })?;
            let describe = |r: &ShardedRecord| {
                format!(
                    "{} ({}, {} shards, goal {:?})",
                    r.puzzle, r.metric, r.shards, r.goal
                )
            };
            if record.format != want.format
                || record.puzzle != want.puzzle
                || record.goal != want.goal
                || record.metric != want.metric
                || record.shards != want.shards
                || record.size != want.size
                || record.distribution.is_empty()
                || record.layers.len() > 2
                || record.layers.iter().any(|l| l.len() != record.shards)
            {
                return Err(Error::argument(
                    "dir",
                    format!(
                        "{} holds a sharded search of {}, not of {}; name another directory",
                        store.location(),
                        describe(&record),
                        describe(&want)
                    ),
                ));
            }
            return Ok(record);
        }
        let goal: Vec<u8> = self.goal.cells().iter().map(|&t| t as u8).collect();
        let rank = self.ranker.rank(&goal);
        let mut record = want;
        let mut sizes = vec![0; self.shards];
        sizes[self.shard_of(rank)] = 1;
        record.layers = vec![sizes];
        store.save(
            &frontier_name(0, self.shard_of(rank)),
            &[&encode_parts(&[&[rank]])],
        )?;
        save_record(store, &record)?;
        Ok(record)
    }

    /// Expands `shard`'s frontier at `level` into its bucket file. Skipped
    /// when that file is already stored (an earlier run wrote it whole).
    ///
    /// # Errors
    /// [`Error::Argument`] (`shards`) when the shard holds more than
    /// [`ShardedOptions::task_memory`] allows; [`Error::Io`] for a missing
    /// or corrupt frontier; the store's errors.
    pub fn expand(&self, store: &dyn TableStore, level: usize, shard: usize) -> Result<()> {
        self.check_shard(shard)?;
        let record = self.open(store)?;
        self.expand_with(store, &record, level, shard)
    }

    /// [`ShardedBfs::expand`] with the run's record read.
    fn expand_with(
        &self,
        store: &dyn TableStore,
        record: &ShardedRecord,
        level: usize,
        shard: usize,
    ) -> Result<()> {
        // An empty layer has no neighbours: no bucket file.
        if record.is_empty_at(level, shard) {
            return Ok(());
        }
        let out = buckets_name(level, shard);
        if store.contains(&out) {
            return Ok(());
        }
        let name = frontier_name(level, shard);
        let file = load(store, &name)?;
        let parts = parse_parts(&file, &name, store)?;
        let count = parts.first().map_or(0, |p| p.0);
        let branching = self.moves.iter().map(Vec::len).max().unwrap_or(0) as u64;
        self.check_task_memory(count.saturating_mul(8 * (1 + branching)), level, shard)?;
        // Each target shard's neighbours as offsets from its first rank
        // (shards hold at most 2^32 ranks), one vector per (target, run).
        let runs = self.runs;
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); self.shards * runs];
        let mut cells = vec![0u8; self.puzzle.vertex_count()];
        // The frontier is sorted: unranked incrementally.
        let mut unranker = SequentialUnranker::new(&self.ranker);
        let per_blank = StrengthReducedU64::new(self.ranker.per_blank());
        let shard_len = StrengthReducedU64::new(self.shard_len);
        for_each_rank(&file, parts[0], self.shard_len, &name, store, |rank| {
            let blank = (rank / per_blank) as usize;
            let mut advanced = false;
            for (m, child) in &self.moves[blank] {
                let (r, run) = match *child {
                    Child::Shifted { run } => {
                        (self.ranker.rank_with_blank_at(rank, m[m.len() - 1]), run)
                    }
                    Child::Slide { from } => {
                        if !advanced {
                            unranker.advance(rank);
                            advanced = true;
                        }
                        (unranker.rank_after_slide(from), 0)
                    }
                    Child::Path => {
                        if !advanced {
                            unranker.advance(rank);
                            advanced = true;
                        }
                        unranker.cells(&mut cells);
                        apply(&mut cells, blank, m);
                        (self.ranker.rank(&cells), 0)
                    }
                };
                let (target, offset) = StrengthReducedU64::div_rem(r, shard_len);
                buckets[target as usize * runs + run].push(offset as u32);
            }
        })?;
        // Only the slots that hold configurations are written.
        let mut encoded: Vec<(u64, (u64, Vec<u8>))> = Vec::new();
        // One compression context for all the parts (making one per part
        // costs more than compressing a small part).
        let mut zstd = compressor();
        for (i, b) in buckets.iter_mut().enumerate() {
            if b.is_empty() {
                continue;
            }
            if i % runs == 0 {
                radsort::sort(b);
                b.dedup();
            }
            debug_assert!(b.windows(2).all(|w| w[0] < w[1]));
            let base = (i / runs) as u64 * self.shard_len;
            encoded.push((
                i as u64,
                compress(&mut zstd, b.iter().map(|&o| base + o as u64), b.len()),
            ));
            *b = Vec::new();
        }
        store.save_deferred(&out, &[&assemble_sparse(encoded)])
    }

    /// Merges the buckets for `shard` written by every expansion at
    /// `level` into its frontier at `level + 1`, and returns its size.
    /// When that frontier is already stored, returns its size only.
    ///
    /// # Errors
    /// [`Error::Io`] when a bucket file is missing (not every shard was
    /// expanded) or corrupt; [`Error::Argument`] (`shards`) over the task
    /// memory; the store's errors.
    pub fn merge(&self, store: &dyn TableStore, level: usize, shard: usize) -> Result<u64> {
        self.check_shard(shard)?;
        let out = frontier_name(level + 1, shard);
        if store.contains(&out) {
            return self.stored_count(store, &out);
        }
        let record = self.open(store)?;
        let buckets = self.load_buckets(store, &record, level)?;
        self.merge_loaded(store, &record, level, shard, &buckets)
    }

    /// The configurations of the stored frontier file `name`.
    fn stored_count(&self, store: &dyn TableStore, name: &str) -> Result<u64> {
        let file = load(store, name)?;
        let parts = parse_parts(&file, name, store)?;
        Ok(parts.first().map_or(0, |p| p.0))
    }

    /// Every expansion's buckets at `level`, each file loaded (mapped) and
    /// its part index read once, then indexed by target shard: a merge of
    /// every shard in one process reads each file once, not once per
    /// shard, and finds its parts without scanning the others (the cost
    /// grows linearly in the shard count, not with its square).
    fn load_buckets(
        &self,
        store: &dyn TableStore,
        record: &ShardedRecord,
        level: usize,
    ) -> Result<LoadedBuckets> {
        let mut files = Vec::with_capacity(self.shards);
        let mut by_target: Vec<Vec<(usize, Part)>> = vec![Vec::new(); self.shards];
        let slots = (self.shards * self.runs) as u64;
        for from in 0..self.shards {
            if record.is_empty_at(level, from) {
                continue;
            }
            let name = buckets_name(level, from);
            let file = load(store, &name)?;
            for (slot, part) in parse_sparse(&file, &name, store)? {
                if slot >= slots {
                    return Err(corrupt(
                        store,
                        &name,
                        format!(
                            "slot {slot} where the run has {} shards of {} runs",
                            self.shards, self.runs
                        ),
                    ));
                }
                by_target[(slot / self.runs as u64) as usize].push((files.len(), part));
            }
            files.push((name, file));
        }
        Ok(LoadedBuckets { files, by_target })
    }

    /// [`ShardedBfs::merge`] with the buckets loaded.
    fn merge_loaded(
        &self,
        store: &dyn TableStore,
        record: &ShardedRecord,
        level: usize,
        shard: usize,
        buckets: &LoadedBuckets,
    ) -> Result<u64> {
        let out = frontier_name(level + 1, shard);
        if store.contains(&out) {
            return self.stored_count(store, &out);
        }
        let mut total = 0u64;
        let mut sections = Vec::with_capacity(buckets.by_target[shard].len());
        for &(from, part) in &buckets.by_target[shard] {
            let (name, file) = &buckets.files[from];
            total = total.saturating_add(part.0);
            sections.push((name, file, part));
        }
        if total == 0 {
            // No neighbour falls in the shard: its next layer is empty,
            // whatever the known layers hold, and has no file.
            return Ok(0);
        }
        let known_levels = if level == 0 {
            vec![0]
        } else {
            vec![level - 1, level]
        };
        let known: Vec<(String, _)> = known_levels
            .into_iter()
            .filter(|&l| !record.is_empty_at(l, shard))
            .map(|l| {
                let name = frontier_name(l, shard);
                load(store, &name).map(|f| (name, f))
            })
            .collect::<Result<_>>()?;
        let base = shard as u64 * self.shard_len;
        let len = self.shard_len.min(self.ranker.size().saturating_sub(base));
        let mut known_parts = Vec::with_capacity(known.len());
        for (name, file) in &known {
            known_parts.push((name, file, parse_parts(file, name, store)?[0]));
        }
        let known_total: u64 = known_parts.iter().map(|k| k.2.0).sum();
        // Calls `f` with each rank of a part, checked to be in the shard.
        let each = |name: &str, file: &[u8], part: Part, f: &mut dyn FnMut(u64)| {
            let mut bad = None;
            for_each_rank(file, part, self.shard_len, name, store, |r| {
                if r < base || r - base >= len {
                    bad.get_or_insert_with(|| {
                        corrupt(store, name, format!("rank {r} is not in shard {shard}"))
                    });
                } else {
                    f(r);
                }
            })?;
            bad.map_or(Ok(()), Err)
        };
        // Few ranks for the shard's size (the first and last levels): sort
        // them; else one bit per rank of the shard, set by the buckets,
        // cleared by the two known layers, read in rank order.
        if total.saturating_add(known_total).saturating_mul(64) < len {
            self.check_task_memory((total + known_total) * 8, level, shard)?;
            let mut next = Vec::with_capacity(total as usize);
            for (name, file, part) in sections {
                each(name, file, part, &mut |r| next.push(r))?;
            }
            next.sort_unstable();
            next.dedup();
            let mut old = Vec::with_capacity(known_total as usize);
            for (name, file, part) in known_parts {
                each(name, file, part, &mut |r| old.push(r))?;
            }
            old.sort_unstable();
            next.retain(|r| old.binary_search(r).is_err());
            let count = next.len() as u64;
            if count == 0 {
                return Ok(0);
            }
            let part = compress(&mut compressor(), next.into_iter(), count as usize);
            store.save_deferred(&out, &[&assemble(vec![part])])?;
            return Ok(count);
        }
        self.check_task_memory(len.div_ceil(8) + total.min(len) * 8, level, shard)?;
        let mut bits = vec![0u64; len.div_ceil(64) as usize];
        for (name, file, part) in sections {
            each(name, file, part, &mut |r| {
                let o = r - base;
                bits[(o / 64) as usize] |= 1 << (o % 64);
            })?;
        }
        for (name, file, part) in known_parts {
            each(name, file, part, &mut |r| {
                let o = r - base;
                bits[(o / 64) as usize] &= !(1 << (o % 64));
            })?;
        }
        let count: u64 = bits.iter().map(|w| u64::from(w.count_ones())).sum();
        if count == 0 {
            return Ok(0);
        }
        let ranks = bits.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as u64;
                    w &= w - 1;
                    base + i as u64 * 64 + b
                })
            })
        });
        let part = compress(&mut compressor(), ranks, count as usize);
        store.save_deferred(&out, &[&assemble(vec![part])])?;
        Ok(count)
    }

    /// Records the level after `record.level()` as complete, with the sizes
    /// `counts` that [`ShardedBfs::merge`] returned for each shard, then
    /// discards the files no later level reads. A level of size 0 ends the
    /// search (`finished`). Returns the new level's size.
    ///
    /// # Errors
    /// [`Error::Argument`] (`counts`) unless there is one count per shard;
    /// [`Error::Limit`] past [`MAX_LEVELS`]; the store's errors.
    pub fn complete_level(
        &self,
        store: &dyn TableStore,
        record: &mut ShardedRecord,
        counts: &[u64],
        seconds: f64,
    ) -> Result<u64> {
        if counts.len() != self.shards {
            return Err(Error::argument(
                "counts",
                format!("{} counts for {} shards", counts.len(), self.shards),
            ));
        }
        let level = record.level();
        if level + 1 >= MAX_LEVELS {
            return Err(Error::limit(
                Resource::Moves,
                level as u64 + 1,
                MAX_LEVELS as u64 - 1,
            ));
        }
        let total: u64 = counts.iter().sum();
        let before = record.clone();
        record.seconds += seconds;
        if total == 0 {
            record.finished = true;
        } else {
            record.distribution.push(total);
            record.layers.push(counts.to_vec());
            if record.layers.len() > 2 {
                record.layers.remove(0);
            }
        }
        // The level's files were saved deferred: one sync makes them
        // durable before the record that trusts them is.
        store.sync()?;
        save_record(store, record)?;
        for shard in 0..self.shards {
            if !before.is_empty_at(level, shard) {
                store.discard(&buckets_name(level, shard))?;
            }
            if level >= 1 && !before.is_empty_at(level - 1, shard) {
                store.discard(&frontier_name(level - 1, shard))?;
            }
        }
        Ok(total)
    }

    /// The report of a finished run: the distribution and up to
    /// `max_antipodes` antipodes in rank order (as the in-memory engine
    /// lists them).
    ///
    /// # Errors
    /// [`Error::Argument`] when the run is not finished; [`Error::Io`] for
    /// a missing or corrupt frontier of the last level.
    pub fn report(
        &self,
        store: &dyn TableStore,
        record: &ShardedRecord,
        max_antipodes: usize,
    ) -> Result<GodsReport> {
        if !record.finished {
            return Err(Error::argument(
                "dir",
                format!(
                    "the sharded search in {} is at depth {}, not finished",
                    store.location(),
                    record.level()
                ),
            ));
        }
        let level = record.level();
        let mut antipodes = Vec::new();
        let mut cells = vec![0u8; self.puzzle.vertex_count()];
        for shard in 0..self.shards {
            if antipodes.len() >= max_antipodes {
                break;
            }
            if record.is_empty_at(level, shard) {
                continue;
            }
            let name = frontier_name(level, shard);
            let file = load(store, &name)?;
            let parts = parse_parts(&file, &name, store)?;
            if parts[0].0 == 0 {
                continue;
            }
            let ranks = decode_part(&file, parts[0], self.shard_len, &name, store)?;
            for &r in ranks.iter().take(max_antipodes - antipodes.len()) {
                self.ranker.unrank(r, &mut cells);
                antipodes.push(to_string(&self.puzzle, &cells));
            }
        }
        let distribution = record.distribution.clone();
        Ok(GodsReport {
            puzzle: record.puzzle.clone(),
            metric: record.metric,
            states: distribution.iter().sum(),
            diameter: level,
            antipode_count: *distribution.last().unwrap_or(&0),
            distribution,
            antipodes,
            engine: format!("sharded ({} shards)", self.shards),
            seconds: record.seconds,
        })
    }

    /// Runs the whole search on this machine: every level's expansions,
    /// then its merges, each on all cores (rayon, one shard per task),
    /// resuming at the store's last complete level. `progress` gets each
    /// new depth and its size.
    ///
    /// # Errors
    /// As [`ShardedBfs::open`], [`ShardedBfs::expand`] and
    /// [`ShardedBfs::merge`]; after an error the store holds the last
    /// complete level, and the same call resumes there.
    pub fn run(
        &self,
        store: &dyn TableStore,
        max_antipodes: usize,
        progress: &(dyn Fn(usize, u64) + Sync),
    ) -> Result<GodsReport> {
        let mut record = self.open(store)?;
        while !record.finished {
            let clock = Instant::now();
            let level = record.level();
            (0..self.shards)
                .into_par_iter()
                .try_for_each(|s| self.expand_with(store, &record, level, s))?;
            let buckets = self.load_buckets(store, &record, level)?;
            let counts: Vec<u64> = (0..self.shards)
                .into_par_iter()
                .map(|s| self.merge_loaded(store, &record, level, s, &buckets))
                .collect::<Result<_>>()?;
            drop(buckets);
            let seconds = clock.elapsed().as_secs_f64();
            let found = self.complete_level(store, &mut record, &counts, seconds)?;
            if found > 0 {
                progress(level + 1, found);
            }
        }
        self.report(store, &record, max_antipodes)
    }

    fn check_shard(&self, shard: usize) -> Result<()> {
        if shard >= self.shards {
            return Err(Error::argument(
                "shard",
                format!(
                    "{shard} is not a shard of this run (0 to {})",
                    self.shards - 1
                ),
            ));
        }
        Ok(())
    }

    fn check_task_memory(&self, need: u64, level: usize, shard: usize) -> Result<()> {
        if need > self.task_memory {
            return Err(Error::argument(
                "shards",
                format!(
                    "shard {shard} at depth {level} needs {} MiB, over the {} MiB one task may use; use more shards or a larger memory budget",
                    need.div_ceil(1 << 20),
                    self.task_memory >> 20
                ),
            ));
        }
        Ok(())
    }
}

fn save_record(store: &dyn TableStore, record: &ShardedRecord) -> Result<()> {
    let json = serde_json::to_vec(record).map_err(|e| Error::Internal(e.to_string()))?;
    store.save(RECORD, &[&json, b"\n"])
}

fn load(store: &dyn TableStore, name: &str) -> Result<crate::store::StoredTable> {
    store.load(name)?.ok_or_else(|| {
        Error::invalid_file(
            format!("{}/{name}", store.location()),
            "missing: the level it belongs to was not written whole",
        )
    })
}

fn corrupt(store: &dyn TableStore, name: &str, why: impl Into<String>) -> Error {
    Error::invalid_file(format!("{}/{name}", store.location()), why)
}

/// Encodes sorted, distinct ranks, one part per slice, into the bytes of
/// a `.ranks` file (see the module documentation).
pub(crate) fn encode_parts(parts: &[&[u64]]) -> Vec<u8> {
    let mut zstd = compressor();
    assemble(
        parts
            .iter()
            .map(|p| compress(&mut zstd, p.iter().copied(), p.len()))
            .collect(),
    )
}

/// One part: `count` sorted, distinct ranks as LEB128 deltas, compressed
/// by zstd level 1 with its checksum (no bytes for no ranks).
fn compress(
    zstd: &mut zstd::bulk::Compressor<'static>,
    ranks: impl Iterator<Item = u64>,
    count: usize,
) -> (u64, Vec<u8>) {
    let mut raw = Vec::with_capacity(count * 2);
    let mut last = 0u64;
    let mut n = 0u64;
    for r in ranks {
        let mut d = r - last;
        last = r;
        n += 1;
        loop {
            let byte = (d & 0x7f) as u8;
            d >>= 7;
            if d == 0 {
                raw.push(byte);
                break;
            }
            raw.push(byte | 0x80);
        }
    }
    if raw.is_empty() {
        return (n, Vec::new());
    }
    (n, zstd.compress(&raw).expect("compressing into a vector"))
}

/// A zstd level 1 context that writes frame checksums.
fn compressor() -> zstd::bulk::Compressor<'static> {
    let mut c = zstd::bulk::Compressor::new(1).expect("zstd level 1 exists");
    c.include_checksum(true).expect("a zstd parameter");
    c
}

/// The bytes of a `.ranks` file holding `parts`.
fn assemble(parts: Vec<(u64, Vec<u8>)>) -> Vec<u8> {
    let mut out = format!("{RANKS_HEADER} {}\n", parts.len()).into_bytes();
    let total: usize = parts.iter().map(|p| p.1.len()).sum();
    out.reserve(parts.len() * 16 + total);
    for (count, blob) in &parts {
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&(blob.len() as u64).to_le_bytes());
    }
    for (_, blob) in &parts {
        out.extend_from_slice(blob);
    }
    out
}

/// One part of a `.ranks` file: (configurations, offset, bytes).
type Part = (u64, usize, usize);

/// A level's bucket files, loaded: each file's name and contents, and
/// for each target shard the parts that fall in it, as (file, part).
struct LoadedBuckets {
    files: Vec<(String, crate::store::StoredTable)>,
    by_target: Vec<Vec<(usize, Part)>>,
}

/// The bytes of a sparse `.ranks` file (a bucket file) holding `parts`
/// as (slot, (configurations, bytes)), slots increasing.
fn assemble_sparse(parts: Vec<(u64, (u64, Vec<u8>))>) -> Vec<u8> {
    let mut out = format!("{SPARSE_HEADER} {}\n", parts.len()).into_bytes();
    let total: usize = parts.iter().map(|p| p.1.1.len()).sum();
    out.reserve(parts.len() * 24 + total);
    for (slot, (count, blob)) in &parts {
        out.extend_from_slice(&slot.to_le_bytes());
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&(blob.len() as u64).to_le_bytes());
    }
    for (_, (_, blob)) in &parts {
        out.extend_from_slice(blob);
    }
    out
}

/// The parts of a sparse `.ranks` file as (slot, part), slots strictly
/// increasing (checked); a dense v1 file is read as its non-empty parts,
/// so a level expanded by an earlier version resumes.
fn parse_sparse(file: &[u8], name: &str, store: &dyn TableStore) -> Result<Vec<(u64, Part)>> {
    let bad = |why: &str| corrupt(store, name, why.to_string());
    let (head, body) = split_header(file).ok_or_else(|| bad("no header line"))?;
    let Some(count) = head.trim().strip_prefix(SPARSE_HEADER) else {
        return Ok(parse_parts(file, name, store)?
            .into_iter()
            .enumerate()
            .filter(|(_, p)| p.0 > 0)
            .map(|(i, p)| (i as u64, p))
            .collect());
    };
    let count: usize = count
        .trim()
        .parse()
        .ok()
        .filter(|&n: &usize| n.checked_mul(24).is_some_and(|len| len <= body.len()))
        .ok_or_else(|| bad("not a sparse ranks file, or a truncated index"))?;
    let index_len = count * 24;
    let word = |i: usize| u64::from_le_bytes(body[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
    let mut parts = Vec::with_capacity(count);
    let mut offset = file.len() - body.len() + index_len;
    for i in 0..count {
        let (slot, n, len) = (word(3 * i), word(3 * i + 1), word(3 * i + 2));
        if parts.last().is_some_and(|&(last, _)| slot <= last) {
            return Err(bad("slots out of order"));
        }
        let len = usize::try_from(len).map_err(|_| bad("part too long"))?;
        if offset.checked_add(len).is_none_or(|end| end > file.len()) {
            return Err(bad("truncated part"));
        }
        parts.push((slot, (n, offset, len)));
        offset += len;
    }
    Ok(parts)
}

fn parse_parts(file: &[u8], name: &str, store: &dyn TableStore) -> Result<Vec<Part>> {
    let bad = |why: &str| corrupt(store, name, why.to_string());
    let (head, body) = split_header(file).ok_or_else(|| bad("no header line"))?;
    let count: usize = head
        .trim()
        .strip_prefix(RANKS_HEADER)
        .and_then(|n| n.trim().parse().ok())
        .filter(|&n| n <= MAX_SHARDS)
        .ok_or_else(|| bad("not a ranks file"))?;
    let index_len = count * 16;
    if body.len() < index_len {
        return Err(bad("truncated index"));
    }
    let word = |i: usize| u64::from_le_bytes(body[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
    let mut parts = Vec::with_capacity(count);
    let mut offset = file.len() - body.len() + index_len;
    for i in 0..count {
        let (n, len) = (word(2 * i), word(2 * i + 1));
        let len = usize::try_from(len).map_err(|_| bad("part too long"))?;
        if offset.checked_add(len).is_none_or(|end| end > file.len()) {
            return Err(bad("truncated part"));
        }
        parts.push((n, offset, len));
        offset += len;
    }
    if parts.is_empty() {
        return Err(bad("no parts"));
    }
    Ok(parts)
}

fn decode_part(
    file: &[u8],
    part: Part,
    max_count: u64,
    name: &str,
    store: &dyn TableStore,
) -> Result<Vec<u64>> {
    let mut ranks = Vec::with_capacity(part.0.min(max_count) as usize);
    for_each_rank(file, part, max_count, name, store, |r| ranks.push(r))?;
    Ok(ranks)
}

/// Calls `f` on each rank of a part, in order, after checking its count
/// against `max_count`; a part cut short or corrupt is an error naming the
/// file.
fn for_each_rank(
    file: &[u8],
    (count, offset, len): Part,
    max_count: u64,
    name: &str,
    store: &dyn TableStore,
    mut f: impl FnMut(u64),
) -> Result<()> {
    let bad = |why: String| corrupt(store, name, why);
    if count > max_count {
        return Err(bad(format!(
            "a part claims {count} configurations, more than a shard holds"
        )));
    }
    if count == 0 {
        return Ok(());
    }
    let decoder = zstd::stream::read::Decoder::with_buffer(&file[offset..offset + len])
        .map_err(|e| bad(format!("zstd: {e}")))?;
    let mut reader = std::io::BufReader::with_capacity(1 << 16, decoder);
    let mut last = 0u64;
    for _ in 0..count {
        let mut d = 0u64;
        let mut shift = 0;
        loop {
            let byte = match reader.fill_buf() {
                Ok([b, ..]) => *b,
                Ok([]) => return Err(bad("cut short".into())),
                Err(e) => return Err(bad(format!("cut short: {e}"))),
            };
            reader.consume(1);
            if shift >= 64 {
                return Err(bad("a rank longer than 64 bits".into()));
            }
            d |= u64::from(byte & 0x7f) << shift;
            shift += 7;
            if byte & 0x80 == 0 {
                break;
            }
        }
        last = last
            .checked_add(d)
            .ok_or_else(|| bad("a rank past 64 bits".into()))?;
        f(last);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_bucket_files_round_trip_and_refuse_damage() {
        let mut zstd = compressor();
        let a: Vec<u64> = vec![3, 9, 1 << 33];
        let parts = vec![
            (2, compress(&mut zstd, a.iter().copied(), a.len())),
            (7, compress(&mut zstd, [5u64].into_iter(), 1)),
        ];
        let bytes = assemble_sparse(parts);
        let store = crate::store::MemoryStore::new();
        let got = parse_sparse(&bytes, "x", &store).unwrap();
        assert_eq!(got.iter().map(|p| p.0).collect::<Vec<_>>(), vec![2, 7]);
        assert_eq!(
            decode_part(&bytes, got[0].1, u64::MAX, "x", &store).unwrap(),
            a
        );
        assert_eq!(
            decode_part(&bytes, got[1].1, u64::MAX, "x", &store).unwrap(),
            vec![5]
        );
        // No parts at all: a header line only.
        assert!(
            parse_sparse(&assemble_sparse(vec![]), "x", &store)
                .unwrap()
                .is_empty()
        );
        // A dense file of an earlier version reads as its non-empty parts.
        let dense = encode_parts(&[&[], &[4, 6], &[]]);
        let got = parse_sparse(&dense, "x", &store).unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, 1);
        // Cut anywhere past the header, the file is refused or reads fewer
        // ranks; never a panic.
        for cut in 0..bytes.len() {
            let short = &bytes[..cut];
            let ok = parse_sparse(short, "x", &store).and_then(|p| {
                p.iter()
                    .map(|&(_, q)| decode_part(short, q, u64::MAX, "x", &store))
                    .collect::<Result<Vec<_>>>()
            });
            assert!(ok.is_err(), "cut at {cut}");
        }
        // Slots out of order are refused.
        let mut swapped = bytes.clone();
        let body = swapped.iter().position(|&b| b == b'\n').unwrap() + 1;
        swapped[body..body + 8].copy_from_slice(&9u64.to_le_bytes());
        assert!(parse_sparse(&swapped, "x", &store).is_err());
    }

    #[test]
    fn ranks_files_round_trip() {
        let a: Vec<u64> = vec![0, 1, 5, 300, 1 << 40, u64::MAX - 1];
        let b: Vec<u64> = vec![];
        let bytes = encode_parts(&[&a, &b, &[7]]);
        let store = crate::store::MemoryStore::new();
        let parts = parse_parts(&bytes, "x", &store).unwrap();
        assert_eq!(parts.len(), 3);
        assert_eq!(
            decode_part(&bytes, parts[0], u64::MAX, "x", &store).unwrap(),
            a
        );
        assert_eq!(
            decode_part(&bytes, parts[1], u64::MAX, "x", &store).unwrap(),
            b
        );
        assert_eq!(
            decode_part(&bytes, parts[2], u64::MAX, "x", &store).unwrap(),
            vec![7]
        );
        // A count above the shard's size is refused before allocating.
        assert!(decode_part(&bytes, parts[0], 3, "x", &store).is_err());
        // Cut anywhere, the file is refused, never misread.
        for cut in 0..bytes.len() {
            let short = &bytes[..cut];
            let ok = parse_parts(short, "x", &store).and_then(|p| {
                p.iter()
                    .map(|&q| decode_part(short, q, u64::MAX, "x", &store))
                    .collect::<Result<Vec<_>>>()
            });
            assert!(ok.is_err(), "cut at {cut}");
        }
        // Any byte changed: an error or some ranks, never a panic, and
        // never more ranks than the part's count allows.
        for at in 0..bytes.len() {
            for flip in [0x01u8, 0x80, 0xff] {
                let mut bad = bytes.clone();
                bad[at] ^= flip;
                if let Ok(parts) = parse_parts(&bad, "x", &store) {
                    for p in parts {
                        if let Ok(r) = decode_part(&bad, p, 1 << 20, "x", &store) {
                            assert!(r.len() as u64 == p.0);
                        }
                    }
                }
            }
        }
    }
}
