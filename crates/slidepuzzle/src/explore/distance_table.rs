//! The exact distance of every configuration from a goal, in one byte per
//! configuration: a complete breadth-first search over the perfect ranking
//! of [`Ranker`] (one blank, up to 21 vertices).
//!
//! Where the state space is small (the 8-puzzle's 181,440 configurations
//! take 0.2 MB and a few milliseconds), one table answers any number of
//! distance queries in O(n) each, far faster than one search per query:
//! this is what [`crate::Solver::distances`] uses for the many optimal
//! distance labels a learned heuristic is trained on.
//!
//! The search runs layer by layer: each layer scans the table on all
//! cores (rayon), expands the configurations at the current depth by
//! unranking them, and claims unseen neighbours with a compare-and-swap.
//! Memory: one byte per rank (`n!/2` ranks on bipartite graphs, `n!`
//! otherwise), refused up front above the caller's budget.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Metric, Puzzle};
use crate::search::Limits;
use crate::theory::ranking::Ranker;

/// Entries never reached (no configuration of that rank is reachable).
const UNSEEN: u8 = u8::MAX;

/// The largest distance a table holds (one byte per entry, one value kept
/// for "unseen").
pub const MAX_TABLE_DISTANCE: usize = UNSEEN as usize - 1;

/// Exact distances from one goal to every reachable configuration.
///
/// ```
/// use slidepuzzle::explore::distance_table::DistanceTable;
/// use slidepuzzle::{format::parse_configuration, model::Metric, Limits, Puzzle};
/// let p = Puzzle::parse("3x3").unwrap();
/// let table = DistanceTable::build(&p, &p.default_goal(), Metric::Stm, &Limits::default()).unwrap();
/// assert_eq!(table.states(), 181_440);
/// assert_eq!(table.diameter(), 31); // the 8-puzzle's God's number
/// let c = parse_configuration(&p, "8 6 7/2 5 4/3 0 1", 1).unwrap();
/// assert_eq!(table.distance(&c), Some(31));
/// ```
#[derive(Debug)]
pub struct DistanceTable {
    ranker: Ranker,
    distances: Vec<u8>,
    metric: Metric,
    states: u64,
    diameter: usize,
    vertices: usize,
}

impl DistanceTable {
    /// The number of bytes a table for `puzzle` needs (one per rank).
    ///
    /// # Errors
    /// As [`Ranker::new`]: more than 21 vertices, or several blanks.
    pub(crate) fn bytes_needed(puzzle: &Puzzle, goal: &Configuration) -> Result<u64> {
        Ok(Ranker::new(puzzle, goal)?.size())
    }

    /// Builds the table by breadth-first search from `goal`, in `metric`
    /// (MTM needs straight lines: boards, tori, boxes). Time O(ranks x
    /// diameter / cores + states x moves x n).
    ///
    /// # Errors
    /// [`Error::Limit`] ([`Resource::Memory`]) when the table would exceed
    /// `limits.max_memory`, ([`Resource::Vertices`]) above 21 vertices;
    /// [`Error::Unsupported`] for several blanks, MTM without lines, a
    /// puzzle with one-way edges, or a distance beyond
    /// [`MAX_TABLE_DISTANCE`]; [`Error::Stopped`] when
    /// `limits` (cancellation, deadline) stop the build between layers.
    pub fn build(
        puzzle: &Puzzle,
        goal: &Configuration,
        metric: Metric,
        limits: &Limits,
    ) -> Result<Self> {
        puzzle.require_two_way("a distance table")?;
        puzzle.require_no_turns("a distance table")?;
        puzzle.require_no_exchanges("a distance table")?;
        let ranker = Ranker::new(puzzle, goal)?;
        let size = ranker.size();
        if size > limits.max_memory {
            return Err(Error::limit(Resource::Memory, size, limits.max_memory));
        }
        if metric == Metric::Mtm && !crate::moves::has_straight_lines(puzzle) {
            return Err(Error::Unsupported(format!(
                "the multi-tile metric needs straight lines: boards, tori or boxes, not {}",
                puzzle.spec()
            )));
        }
        let n = puzzle.vertex_count();
        let moves: Vec<Vec<Vec<usize>>> = (0..n)
            .map(|b| crate::moves::moves_from(puzzle, b, metric))
            .collect();
        let table: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSEEN)).collect();
        let goal_cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        table[ranker.rank(&goal_cells) as usize].store(0, Ordering::Relaxed);
        let mut states = 1u64;
        let mut depth = 0usize;
        loop {
            if let Some(reason) = limits.check(0) {
                return Err(Error::Stopped {
                    reason,
                    message: format!(
                        "distance table for {} stopped at depth {depth} ({})",
                        puzzle.spec(),
                        reason.describe()
                    ),
                });
            }
            if depth + 1 > MAX_TABLE_DISTANCE {
                return Err(Error::Unsupported(format!(
                    "distances on {} exceed the table's {MAX_TABLE_DISTANCE}",
                    puzzle.spec()
                )));
            }
            let current = depth as u8;
            let next = current + 1;
            let found: u64 = table
                .par_chunks(1 << 14)
                .enumerate()
                .map(|(chunk, entries)| {
                    let mut cells = vec![0u8; n];
                    let mut found = 0u64;
                    for (i, e) in entries.iter().enumerate() {
                        if e.load(Ordering::Relaxed) != current {
                            continue;
                        }
                        ranker.unrank(((chunk << 14) + i) as u64, &mut cells);
                        let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
                        for path in &moves[blank] {
                            let mut at = blank;
                            for &v in path {
                                cells.swap(at, v);
                                at = v;
                            }
                            let child = ranker.rank(&cells) as usize;
                            if table[child]
                                .compare_exchange(
                                    UNSEEN,
                                    next,
                                    Ordering::Relaxed,
                                    Ordering::Relaxed,
                                )
                                .is_ok()
                            {
                                found += 1;
                            }
                            for &v in path.iter().rev().skip(1).chain(std::iter::once(&blank)) {
                                cells.swap(at, v);
                                at = v;
                            }
                        }
                    }
                    found
                })
                .sum();
            if found == 0 {
                break;
            }
            states += found;
            depth += 1;
        }
        Ok(DistanceTable {
            ranker,
            distances: table.into_iter().map(AtomicU8::into_inner).collect(),
            metric,
            states,
            diameter: depth,
            vertices: n,
        })
    }

    /// The distance of `config` from the goal, or `None` when it is not
    /// reachable (or not a configuration of this puzzle: other size, or
    /// not one blank). Exact for every configuration: on bipartite graphs
    /// the table holds one parity class, and a configuration of the other
    /// class is told apart because unranking its rank does not give it
    /// back. O(n^2).
    pub fn distance(&self, config: &Configuration) -> Option<u32> {
        let n = self.vertices;
        if config.len() != n || config.cells().iter().filter(|&&t| t == 0).count() != 1 {
            return None;
        }
        let mut cells = [0u8; 24];
        for (c, &t) in cells.iter_mut().zip(config.cells()) {
            *c = u8::try_from(t).ok().filter(|&t| (t as usize) < n)?;
        }
        let rank = self.ranker.rank(&cells[..n]);
        let mut back = [0u8; 24];
        self.ranker.unrank(rank, &mut back[..n]);
        if back[..n] != cells[..n] {
            return None;
        }
        match self.distances[rank as usize] {
            UNSEEN => None,
            d => Some(d as u32),
        }
    }

    /// Configurations reachable from the goal.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// The largest distance (God's number from this goal).
    pub fn diameter(&self) -> usize {
        self.diameter
    }

    /// The metric the distances are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.distances.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::godsnumber::{GodsOptions, explore};

    #[test]
    fn layers_equal_the_complete_search() {
        for (spec, metric) in [
            ("3x3", Metric::Stm),
            ("3x3", Metric::Mtm),
            ("2x4", Metric::Stm),
            ("theta0", Metric::Stm),
            ("petersen", Metric::Stm),
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = p.default_goal();
            let table = DistanceTable::build(&p, &goal, metric, &Limits::default()).unwrap();
            let report = explore(
                &p,
                &goal,
                &GodsOptions {
                    metric,
                    ..GodsOptions::default()
                },
                &|_, _| {},
            )
            .unwrap();
            assert_eq!(table.states(), report.states, "{spec} {metric}");
            assert_eq!(table.diameter(), report.diameter, "{spec} {metric}");
            let mut counts = vec![0u64; table.diameter() + 1];
            for &d in &table.distances {
                if d != UNSEEN {
                    counts[d as usize] += 1;
                }
            }
            assert_eq!(counts, report.distribution, "{spec} {metric}");
        }
    }

    #[test]
    fn the_other_parity_class_is_unreachable() {
        use crate::format::parse_configuration;
        let p = Puzzle::parse("3x3").unwrap();
        let table =
            DistanceTable::build(&p, &p.default_goal(), Metric::Stm, &Limits::default()).unwrap();
        let swapped = parse_configuration(&p, "1 2 3/4 5 6/8 7 0", 1).unwrap();
        assert_eq!(table.distance(&swapped), None);
        let near = parse_configuration(&p, "1 2 3/4 5 6/7 0 8", 1).unwrap();
        assert_eq!(table.distance(&near), Some(1));
        // Every configuration: reachable ones have a distance, the others none.
        let mut reachable = 0;
        let mut cells: Vec<u32> = (0..9).collect();
        let goal = p.default_goal();
        permute(&mut cells, 0, &mut |c| {
            let config = Configuration::from_cells(c.to_vec(), 1).unwrap();
            let solvable = crate::theory::check(&p, &config, &goal).unwrap().solvable;
            assert_eq!(table.distance(&config).is_some(), solvable);
            reachable += solvable as u32;
        });
        assert_eq!(reachable, 181_440);
    }

    fn permute(c: &mut [u32], k: usize, f: &mut dyn FnMut(&[u32])) {
        if k == c.len() {
            return f(c);
        }
        for i in k..c.len() {
            c.swap(k, i);
            permute(c, k + 1, f);
            c.swap(k, i);
        }
    }

    #[test]
    fn refuses_above_the_memory_budget() {
        let p = Puzzle::parse("3x4").unwrap();
        let limits = Limits {
            max_memory: 1 << 20,
            ..Limits::default()
        };
        let e = DistanceTable::build(&p, &p.default_goal(), Metric::Stm, &limits).unwrap_err();
        assert!(matches!(e, Error::Limit { .. }), "{e}");
    }
}
