//! Complete breadth-first search of a puzzle's state space: the distance
//! table from a goal, God's number (the diameter from it) and the antipodes.
//!
//! Two engines:
//! - **two-bit array** (the default where ranking fits): every rank of the
//!   [`Ranker`] space gets 2 bits, unseen / frontier / next / done, as in
//!   Korf's disk-based searches of the 15-puzzle (Korf and Schultze, AAAI
//!   2005) but in memory. Each layer scans the array on all cores
//!   (rayon), expands frontier states by unranking, and claims neighbours
//!   with a compare-and-swap; a pass then turns frontier into done and next
//!   into frontier. Memory: `ranks / 4` bytes (4x3: 60 MB for 12!/2 ranks).
//!   Checkpoints after each layer (temporary file, then rename) make long
//!   runs resumable.
//! - **hash set** for puzzles whose reachable set is much smaller than any
//!   ranking space (cycles, theta0, separable graphs), too large to rank,
//!   or with several blanks (every blank moves):
//!   layered BFS over byte vectors, with the memory computed from the
//!   closed-form reachable count first.
//!
//! Metrics: STM (one tile per move) on any graph; MTM (a straight run of
//! tiles in one direction is one move) on boards, tori and boxes.

use std::collections::HashSet;
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Resource, Result, or_fallback};
use crate::format::format_configuration;
use crate::model::turns::Turns;
use crate::model::{Configuration, Puzzle};
use crate::theory::analyze;
use crate::theory::ranking::Ranker;

pub use crate::model::Metric;

/// Options for [`explore`].
#[derive(Clone, Debug)]
pub struct GodsOptions {
    /// The metric.
    pub metric: Metric,
    /// Memory budget in bytes; the run is refused up front above it.
    pub max_memory: u64,
    /// How many antipodes to list.
    pub max_antipodes: usize,
    /// Write a checkpoint here (two-bit engine) after a layer, at most once
    /// per `checkpoint_interval` seconds.
    pub checkpoint: Option<PathBuf>,
    /// Minimum seconds between checkpoints (0: after every layer).
    pub checkpoint_interval: f64,
    /// Continue from the checkpoint if it exists and matches.
    pub resume: bool,
    /// The deadline and cancel flag, read after every layer (a stopped
    /// run keeps its last checkpoint).
    pub budget: crate::primitives::budget::Budget,
}

impl Default for GodsOptions {
    fn default() -> Self {
        GodsOptions {
            metric: Metric::Stm,
            max_memory: 8 << 30,
            max_antipodes: 10,
            checkpoint: None,
            checkpoint_interval: 0.0,
            resume: false,
            budget: crate::primitives::budget::Budget::default(),
        }
    }
}

/// The result of [`explore`].
#[derive(Clone, Debug, Serialize)]
pub struct GodsReport {
    /// The puzzle spec.
    pub puzzle: String,
    /// The metric.
    pub metric: Metric,
    /// Configurations reachable from the goal.
    pub states: u64,
    /// God's number from this goal (largest distance).
    pub diameter: usize,
    /// Counts by distance, from 0.
    pub distribution: Vec<u64>,
    /// Configurations at the largest distance.
    pub antipode_count: u64,
    /// Up to `max_antipodes` of them, in the puzzle's state format.
    pub antipodes: Vec<String>,
    /// `two-bit array` or `hash set`.
    pub engine: String,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Moves from each blank vertex: each move is the blank path it makes
/// (length 1 in STM; a straight run in MTM).
///
/// On a puzzle with one-way edges the moves are taken backward
/// ([`Puzzle::blank_moves_back`]): the search then runs from the goal to
/// the configurations that reach it, and each depth is the length of an
/// optimal solution.
pub(super) fn move_table(puzzle: &Puzzle, metric: Metric) -> Result<Vec<Vec<Vec<usize>>>> {
    let n = puzzle.vertex_count();
    if puzzle.digraph().is_some() {
        if metric == Metric::Mtm {
            puzzle.require_two_way("the multi-tile metric")?;
        }
        return Ok(backward_moves(puzzle));
    }
    if metric == Metric::Mtm && !crate::moves::has_straight_lines(puzzle) {
        return Err(Error::Unsupported(format!(
            "the multi-tile metric needs straight lines: boards, tori or boxes, not {}",
            puzzle.spec()
        )));
    }
    Ok((0..n)
        .map(|b| crate::moves::moves_from(puzzle, b, metric))
        .collect())
}

/// The single-tile moves from each blank vertex, taken backward
/// ([`Puzzle::blank_moves_back`]; the plain moves on a two-way puzzle).
fn backward_moves(puzzle: &Puzzle) -> Vec<Vec<Vec<usize>>> {
    (0..puzzle.vertex_count())
        .map(|b| {
            puzzle
                .blank_moves_back(b)
                .iter()
                .map(|&v| vec![v])
                .collect()
        })
        .collect()
}

/// Explores every configuration reachable from `goal`.
///
/// # Errors
/// [`Error::Limit`] when the run would exceed `max_memory`
/// ([`Resource::Memory`], with the need) or the hash search's 255 vertices;
/// [`Error::Unsupported`] for MTM with several blanks (several blanks
/// take the hash-set engine, single-tile moves) or on a graph without
/// lines; [`Error::Io`] with the path for an unreadable, unwritable or
/// mismatched checkpoint.
pub fn explore(
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &GodsOptions,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> Result<GodsReport> {
    match goal.blanks().len() {
        0 => return Err(Error::Unsupported("complete search needs a blank".into())),
        1 => {}
        k => {
            if puzzle.exchanges().is_some() {
                return Err(Error::Unsupported(format!(
                    "{} is played with one hole, not {k}",
                    puzzle.spec()
                )));
            }
            if options.metric == Metric::Mtm {
                return Err(Error::Unsupported(format!(
                    "with {k} blanks complete search counts single-tile moves only"
                ))
                .with_hint("metric", Some("stm")));
            }
            // The exact count where the theory gives it, else every
            // arrangement of the goal's tiles (an upper bound).
            let reachable = crate::theory::blanks::several_blank_counts(puzzle, goal)
                .map(|c| c.reachable_configurations)
                .unwrap_or_else(|| {
                    let fact = crate::primitives::counting::factorial;
                    fact(goal.len()) / fact(k)
                })
                .try_into()
                .unwrap_or(u64::MAX);
            // Tiles that turn multiply the count by at most k^tiles.
            let reachable = match puzzle.turns() {
                Some(t) => (0..goal.len() - k)
                    .fold(reachable, |r, _| r.saturating_mul(u64::from(t.modulus()))),
                None => reachable,
            };
            // Backward on one-way puzzles (see `move_table`).
            let moves = backward_moves(puzzle);
            return hash_bfs(puzzle, goal, &moves, reachable, options, progress);
        }
    }
    if puzzle.turns().is_some() {
        return turning(puzzle, goal, options, progress);
    }
    if puzzle.exchanges().is_some() {
        return exchanging(puzzle, goal, options, progress);
    }
    let moves = move_table(puzzle, options.metric)?;
    let reachable: u64 = analyze(puzzle, goal)
        .reachable_configurations
        .to_u64()
        .unwrap_or(u64::MAX);
    // The two-bit engine and its ranking need moves that can be undone.
    if puzzle.digraph().is_some() {
        return hash_bfs(puzzle, goal, &moves, reachable, options, progress);
    }
    // No ranking (too many vertices): fall back to the hash search.
    let ranker = or_fallback(Ranker::new(puzzle, goal))?;
    match ranker {
        Some(r) if reachable.saturating_mul(8) >= r.size() => {
            two_bit(puzzle, goal, &r, &moves, options, progress)
        }
        _ => hash_bfs(puzzle, goal, &moves, reachable, options, progress),
    }
}

/// Complete search on a puzzle whose tiles turn (one blank, single-tile
/// moves): the hash-set engine on cells holding the tiles' labels
/// ([`crate::search::turning`]: tile and orientation in one byte). The
/// count is the puzzle group's order (Schreier-Sims on the vertex x
/// orientation points) times the blank's vertices, checked against the
/// memory budget first.
fn turning(
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &GodsOptions,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> Result<GodsReport> {
    if options.metric == Metric::Mtm {
        return Err(Error::Unsupported(
            "complete search on tiles that turn counts single-tile moves only".into(),
        )
        .with_hint("metric", Some("stm")));
    }
    let k = puzzle.turns().map_or(1, |t| t.modulus() as usize);
    let labels = (puzzle.vertex_count() - 1) * k;
    if labels > crate::search::turning::MAX_LABELS {
        return Err(Error::limit(
            Resource::Tiles,
            labels as u64,
            crate::search::turning::MAX_LABELS as u64,
        ));
    }
    let order = crate::theory::turning::group_order(puzzle, goal.blank())?;
    let reachable = times_blank_vertices(puzzle, goal, order);
    let moves = move_table(puzzle, options.metric)?;
    hash_bfs(puzzle, goal, &moves, reachable, options, progress)
}

/// Complete search on a puzzle whose slides exchange two other tiles
/// (Conway's M13; one blank, single-tile moves): the hash-set engine,
/// each slide exchanging its pair. The count is the order of the hole's
/// group ([`crate::theory::exchanges`]) times the hole's vertices,
/// checked against the memory budget first.
fn exchanging(
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &GodsOptions,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> Result<GodsReport> {
    if options.metric == Metric::Mtm {
        return Err(Error::Unsupported(format!(
            "complete search on {} counts single-tile moves only",
            puzzle.spec()
        ))
        .with_hint("metric", Some("stm")));
    }
    let order = crate::theory::exchanges::group_order(puzzle, goal.blank())?;
    let reachable = times_blank_vertices(puzzle, goal, order);
    let moves = move_table(puzzle, options.metric)?;
    hash_bfs(puzzle, goal, &moves, reachable, options, progress)
}

/// The configurations reachable with one blank: the group `order` (the
/// arrangements with the blank back home) times the vertices the goal's
/// blank can reach (its component), saturated at `u64::MAX`.
fn times_blank_vertices(puzzle: &Puzzle, goal: &Configuration, order: num_bigint::BigUint) -> u64 {
    let (component, _) = puzzle.graph().components();
    let home = component[goal.blank()];
    let vertices = component.iter().filter(|&&c| c == home).count();
    (order * vertices).try_into().unwrap_or(u64::MAX)
}

/// A configuration's cells as bytes: tile numbers, or the labels of
/// [`crate::search::turning`] on a puzzle whose tiles turn.
fn to_bytes(puzzle: &Puzzle, c: &Configuration) -> Vec<u8> {
    let k = puzzle.turns().map_or(1, |t| t.modulus() as u32);
    (0..c.len())
        .map(|v| match (c.tile_at(v), puzzle.turns()) {
            (0, _) => 0,
            (t, None) => t as u8,
            (t, Some(_)) => ((t - 1) * k + c.orientation_at(v) as u32 + 1) as u8,
        })
        .collect()
}

pub(super) fn apply(cells: &mut [u8], blank: usize, path: &[usize]) -> usize {
    let mut at = blank;
    for &v in path {
        cells.swap(at, v);
        at = v;
    }
    at
}

/// [`apply`] on cells holding labels ([`to_bytes`]) of a puzzle whose
/// tiles turn `turns`: each slide turns its tile.
fn apply_turning(turns: &Turns, cells: &mut [u8], blank: usize, path: &[usize]) {
    let k = turns.modulus();
    let mut at = blank;
    for &v in path {
        cells.swap(at, v);
        let l = cells[at] - 1;
        cells[at] = l - l % k + turns.add(l % k, turns.turn(v, at)) + 1;
        at = v;
    }
}

pub(super) fn undo(cells: &mut [u8], blank: usize, path: &[usize]) {
    let mut at = *path.last().expect("non-empty move");
    for &v in path.iter().rev().skip(1).chain(std::iter::once(&blank)) {
        cells.swap(at, v);
        at = v;
    }
}

fn hash_bfs(
    puzzle: &Puzzle,
    goal: &Configuration,
    moves: &[Vec<Vec<usize>>],
    reachable: u64,
    options: &GodsOptions,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> Result<GodsReport> {
    let clock = Instant::now();
    let n = puzzle.vertex_count();
    if n > 255 {
        return Err(Error::limit(Resource::Vertices, n as u64, 255));
    }
    // A state in the set and (at most once) in a frontier: its bytes, two
    // vector headers and the set's slot.
    let per_state = 2 * n as u64 + 64;
    let need = reachable.saturating_mul(per_state);
    if need > options.max_memory {
        return Err(Error::limit(Resource::Memory, need, options.max_memory));
    }
    let start = to_bytes(puzzle, goal);
    let mut seen: HashSet<Vec<u8>> = HashSet::from([start.clone()]);
    let mut frontier = vec![start];
    let mut distribution = vec![1u64];
    loop {
        let mut next = Vec::new();
        for cells in &frontier {
            // Every blank moves (one with one blank); a move into another
            // blank changes nothing and is skipped.
            for blank in (0..n).filter(|&v| cells[v] == 0) {
                for m in &moves[blank] {
                    if m.iter().any(|&v| cells[v] == 0) {
                        continue;
                    }
                    let mut c = cells.clone();
                    match puzzle.turns() {
                        Some(t) => apply_turning(t, &mut c, blank, m),
                        None => _ = apply(&mut c, blank, m),
                    }
                    if let (Some(x), [v]) = (puzzle.exchanges(), m.as_slice()) {
                        x.exchange(&mut c, *v, blank);
                    }
                    if seen.insert(c.clone()) {
                        next.push(c);
                        // The estimate can be low (orientations, or an
                        // upper bound that is not one): the states held
                        // are counted as they come.
                        if seen.len().is_multiple_of(4096)
                            && (seen.len() as u64).saturating_mul(per_state) > options.max_memory
                        {
                            return Err(Error::limit(
                                Resource::Memory,
                                (seen.len() as u64).saturating_mul(per_state),
                                options.max_memory,
                            ));
                        }
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        distribution.push(next.len() as u64);
        progress(distribution.len() - 1, next.len() as u64);
        options.budget.check("the complete search")?;
        frontier = next;
    }
    frontier.sort();
    let antipodes = frontier
        .iter()
        .take(options.max_antipodes)
        .map(|c| to_string(puzzle, c))
        .collect();
    Ok(GodsReport {
        puzzle: puzzle.spec().to_string(),
        metric: options.metric,
        states: seen.len() as u64,
        diameter: distribution.len() - 1,
        antipode_count: *distribution.last().expect("non-empty"),
        distribution,
        antipodes,
        engine: "hash set".into(),
        seconds: clock.elapsed().as_secs_f64(),
    })
}

pub(super) fn to_string(puzzle: &Puzzle, cells: &[u8]) -> String {
    let blanks = cells.iter().filter(|&&t| t == 0).count();
    let k = puzzle.turns().map_or(1, |t| t.modulus());
    let tile = |l: u8| match (l, puzzle.turns()) {
        (0, _) => 0,
        (l, None) => l as u32,
        (l, Some(_)) => ((l - 1) / k) as u32 + 1,
    };
    let c =
        Configuration::from_cells(cells.iter().map(|&l| tile(l)).collect(), blanks).expect("valid");
    let c = match puzzle.turns() {
        Some(_) => {
            let turns = cells
                .iter()
                .map(|&l| if l == 0 { 0 } else { (l - 1) % k })
                .collect();
            c.with_orientations(turns, k).expect("valid")
        }
        None => c,
    };
    format_configuration(puzzle, &c)
}

const UNSEEN: u64 = 0;
const FRONTIER: u64 = 1;
const NEXT: u64 = 2;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The checkpoint header (a JSON line before the raw table).
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Header {
    format: String,
    puzzle: String,
    goal: Vec<u32>,
    metric: Metric,
    size: u64,
    words: u64,
    distribution: Vec<u64>,
    checksum: u64,
}

fn checksum(table: &[AtomicU64]) -> u64 {
    table.iter().enumerate().fold(0u64, |acc, (i, w)| {
        acc.rotate_left(7) ^ w.load(Ordering::Relaxed).wrapping_mul(i as u64 | 1)
    })
}

/// Writes a checkpoint atomically: a temporary file made by `tempfile` in
/// the checkpoint's own directory (removed if anything fails), synced, then
/// renamed over `path`. Nothing else is created or touched.
fn write_checkpoint(path: &Path, header: &Header, table: &[AtomicU64]) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let io = |e: std::io::Error| Error::io(path, e);
    let tmp = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    let mut w = std::io::BufWriter::new(tmp);
    serde_json::to_writer(&mut w, header).map_err(|e| io(e.into()))?;
    w.write_all(b"\n").map_err(io)?;
    for word in table {
        w.write_all(&word.load(Ordering::Relaxed).to_le_bytes())
            .map_err(io)?;
    }
    let tmp = w.into_inner().map_err(|e| io(e.into_error()))?;
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

fn read_checkpoint(path: &Path, expect: &Header) -> Result<(Vec<u64>, Vec<AtomicU64>)> {
    let bad = |why: String| Error::invalid_file(path, format!("checkpoint: {why}"));
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let mut r = std::io::BufReader::new(file);
    let mut line = String::new();
    // The header is one short JSON line: read at most 64 KiB of it.
    (&mut r)
        .take(1 << 16)
        .read_line(&mut line)
        .map_err(|e| Error::io(path, e))?;
    if !line.ends_with('\n') {
        return Err(bad("no header line (not a checkpoint)".into()));
    }
    let header: Header =
        serde_json::from_str(line.trim()).map_err(|e| bad(format!("bad header: {e}")))?;
    if header.format != expect.format
        || header.puzzle != expect.puzzle
        || header.goal != expect.goal
        || header.metric != expect.metric
        || header.size != expect.size
    {
        return Err(bad("it belongs to another puzzle, goal or metric".into()));
    }
    if header.words != expect.words {
        return Err(bad(format!(
            "its table has {} words where this run needs {}",
            header.words, expect.words
        )));
    }
    let mut table = Vec::with_capacity(header.words as usize);
    let mut buf = [0u8; 8];
    for _ in 0..header.words {
        r.read_exact(&mut buf)
            .map_err(|_| bad("truncated".into()))?;
        table.push(AtomicU64::new(u64::from_le_bytes(buf)));
    }
    if checksum(&table) != header.checksum {
        return Err(bad("checksum mismatch (corrupt file)".into()));
    }
    Ok((header.distribution, table))
}

fn two_bit(
    puzzle: &Puzzle,
    goal: &Configuration,
    ranker: &Ranker,
    moves: &[Vec<Vec<usize>>],
    options: &GodsOptions,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> Result<GodsReport> {
    let clock = Instant::now();
    let n = puzzle.vertex_count();
    let size = ranker.size();
    let words = size.div_ceil(32);
    let need = words * 8;
    if need > options.max_memory {
        return Err(Error::limit(Resource::Memory, need, options.max_memory));
    }
    let goal_bytes: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
    let mut header = Header {
        format: "slidepuzzle-godsnumber-v1".into(),
        puzzle: puzzle.spec().to_string(),
        goal: goal.cells().to_vec(),
        metric: options.metric,
        size,
        words,
        distribution: vec![1],
        checksum: 0,
    };
    let resume_from = options
        .checkpoint
        .as_ref()
        .filter(|p| options.resume && p.exists());
    let (mut distribution, table) = match resume_from {
        Some(path) => read_checkpoint(path, &header)?,
        None => {
            let table: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
            let r = ranker.rank(&goal_bytes);
            table[(r / 32) as usize].fetch_or(FRONTIER << ((r % 32) * 2), Ordering::Relaxed);
            (vec![1u64], table)
        }
    };
    let mut last_checkpoint = Instant::now();
    loop {
        let depth = distribution.len() - 1;
        let found = AtomicU64::new(0);
        table
            .par_chunks(1024)
            .enumerate()
            .for_each(|(chunk_index, chunk)| {
                let mut cells = vec![0u8; n];
                let mut local = 0u64;
                for (k, word) in chunk.iter().enumerate() {
                    let w = word.load(Ordering::Relaxed);
                    let mut frontier = w & LOW_BITS & !(w >> 1);
                    while frontier != 0 {
                        let slot = frontier.trailing_zeros() as u64 / 2;
                        frontier &= frontier - 1;
                        let rank = ((chunk_index * 1024 + k) as u64) * 32 + slot;
                        ranker.unrank(rank, &mut cells);
                        let blank = cells.iter().position(|&t| t == 0).expect("one blank");
                        for m in &moves[blank] {
                            apply(&mut cells, blank, m);
                            let r2 = ranker.rank(&cells);
                            undo(&mut cells, blank, m);
                            let cell = &table[(r2 / 32) as usize];
                            let shift = (r2 % 32) * 2;
                            let mut old = cell.load(Ordering::Relaxed);
                            while (old >> shift) & 3 == UNSEEN {
                                match cell.compare_exchange_weak(
                                    old,
                                    old | (NEXT << shift),
                                    Ordering::Relaxed,
                                    Ordering::Relaxed,
                                ) {
                                    Ok(_) => {
                                        local += 1;
                                        break;
                                    }
                                    Err(current) => old = current,
                                }
                            }
                        }
                    }
                }
                found.fetch_add(local, Ordering::Relaxed);
            });
        let found = found.into_inner();
        if found == 0 {
            break;
        }
        distribution.push(found);
        progress(depth + 1, found);
        options.budget.check("the complete search")?;
        // frontier -> done, next -> frontier.
        table.par_iter().for_each(|word| {
            let w = word.load(Ordering::Relaxed);
            let lo = w & LOW_BITS;
            let hi = (w >> 1) & LOW_BITS;
            word.store((lo | hi) | (lo << 1), Ordering::Relaxed);
        });
        if let Some(path) = &options.checkpoint
            && last_checkpoint.elapsed().as_secs_f64() >= options.checkpoint_interval
        {
            last_checkpoint = Instant::now();
            header.distribution = distribution.clone();
            header.checksum = checksum(&table);
            write_checkpoint(path, &header, &table)?;
        }
    }
    // The last layer is still marked as frontier: the antipodes, in rank
    // order.
    let mut ranks = Vec::new();
    for (i, word) in table.iter().enumerate() {
        let w = word.load(Ordering::Relaxed);
        let mut frontier = w & LOW_BITS & !(w >> 1);
        while frontier != 0 && ranks.len() < options.max_antipodes {
            ranks.push(i as u64 * 32 + frontier.trailing_zeros() as u64 / 2);
            frontier &= frontier - 1;
        }
        if ranks.len() >= options.max_antipodes {
            break;
        }
    }
    let mut cells = vec![0u8; n];
    let antipodes = ranks
        .iter()
        .map(|&r| {
            ranker.unrank(r, &mut cells);
            to_string(puzzle, &cells)
        })
        .collect();
    Ok(GodsReport {
        puzzle: puzzle.spec().to_string(),
        metric: options.metric,
        states: distribution.iter().sum(),
        diameter: distribution.len() - 1,
        antipode_count: *distribution.last().expect("non-empty"),
        distribution,
        antipodes,
        engine: "two-bit array".into(),
        seconds: clock.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(spec: &str, metric: Metric) -> GodsReport {
        let p = Puzzle::parse(spec).unwrap();
        let opts = GodsOptions {
            metric,
            ..GodsOptions::default()
        };
        explore(&p, &p.default_goal(), &opts, &|_, _| {}).unwrap()
    }

    #[test]
    fn small_boards_match_published_tables() {
        // data/bfs_distributions.txt (copied from the project's shared/data)
        assert_eq!(
            run("2x2", Metric::Stm).distribution,
            vec![1, 2, 2, 2, 2, 2, 1]
        );
        assert_eq!(
            run("3x2", Metric::Mtm).distribution,
            vec![
                1, 3, 4, 6, 8, 12, 15, 18, 22, 30, 36, 45, 42, 30, 28, 24, 18, 9, 5, 3, 1
            ]
        );
        let r = run("3x3", Metric::Stm);
        assert_eq!((r.states, r.diameter, r.antipode_count), (181_440, 31, 2));
        assert_eq!(r.engine, "two-bit array");
    }

    #[test]
    fn engines_agree() {
        let p = Puzzle::parse("3x2").unwrap();
        let goal = p.default_goal();
        let moves = move_table(&p, Metric::Stm).unwrap();
        let opts = GodsOptions::default();
        let a = hash_bfs(&p, &goal, &moves, 360, &opts, &|_, _| {}).unwrap();
        let b = two_bit(
            &p,
            &goal,
            &Ranker::new(&p, &goal).unwrap(),
            &moves,
            &opts,
            &|_, _| {},
        )
        .unwrap();
        assert_eq!(a.distribution, b.distribution);
        assert_eq!(a.antipodes.len(), b.antipodes.len());
    }

    #[test]
    fn several_blanks_count_what_the_theory_counts() {
        for (spec, k) in [
            ("2x3", 2),
            ("path:6", 2),
            ("cycle:6", 3),
            ("theta:1,2,2", 2),
            ("3x3", 3),
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
            let r = explore(&p, &goal, &GodsOptions::default(), &|_, _| {}).unwrap();
            let want = crate::theory::blanks::several_blank_counts(&p, &goal)
                .unwrap()
                .reachable_configurations;
            assert_eq!(num_bigint::BigUint::from(r.states), want, "{spec} k={k}");
            assert_eq!(r.distribution.iter().sum::<u64>(), r.states);
            assert_eq!(r.engine, "hash set");
        }
        // The several-blank distances are the optimal solver's.
        let p = Puzzle::parse("2x3").unwrap();
        let goal = Configuration::natural_with_blanks(6, 2);
        let r = explore(&p, &goal, &GodsOptions::default(), &|_, _| {}).unwrap();
        let far = crate::format::parse_configuration(&p, &r.antipodes[0], 2).unwrap();
        match crate::solve(&p, &far, &goal, &crate::SolveOptions::default()).unwrap() {
            crate::Outcome::Solved(s) => assert_eq!(s.steps.len(), r.diameter),
            other => panic!("{other:?}"),
        }
    }
}
