//! Solving: optimal search (IDA*, A*, BFS) and weighted A*.
//!
//! [`solve`] is the entry point: it checks reachability first (so an
//! unsolvable instance is answered at once, with the reason), picks an
//! algorithm, runs it within the [`Limits`], and **replays** the solution
//! against the puzzle before returning it.
//!
//! Automatic choice ([`Algorithm::Auto`]): plain boards of up to
//! [`board::MAX_CELLS`] cells use the board kernel (IDA* with Manhattan
//! distance and linear conflict), except boards of more than
//! [`AUTO_OPTIMAL_BOARD_CELLS`] cells, which go to the constructive solver;
//! other puzzles with at most 10 vertices use A* with the generalised
//! Manhattan distance, up to [`AUTO_OPTIMAL_GRAPH_VERTICES`] IDA* with it,
//! larger ones the constructive solver. With board pattern databases
//! ([`SolveOptions::pattern`]) it is always IDA*.

pub mod astar;
pub mod beam;
pub mod board;
pub mod graph_pdb;
pub mod heuristic;
pub mod ida;
pub mod limits;
pub mod pdb;
pub mod pdb_build;
pub mod pdb_ida;
pub mod split;

use std::time::Instant;

pub use limits::{Limits, StopReason};

use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Puzzle};
use crate::moves::replay;
use crate::theory::{Verdict, check};
use board::{BoardHeuristic, BoardTables};

/// What a bounded depth-first iteration returns besides a next bound.
pub(crate) const FOUND: u32 = u32::MAX - 1;
/// A limit stopped the iteration.
pub(crate) const ABORT: u32 = u32::MAX;

/// The iterative-deepening driver shared by the IDA* kernels: calls
/// `iteration(bound)` from `h0` on, each time with the smallest f that
/// exceeded the last bound, until it returns [`FOUND`] (true) or [`ABORT`]
/// (false).
pub(crate) fn deepen(h0: u32, mut iteration: impl FnMut(u32) -> u32) -> bool {
    let mut bound = h0;
    loop {
        match iteration(bound) {
            FOUND => return true,
            ABORT => return false,
            next => bound = next,
        }
    }
}

/// Plain boards with more cells than this are solved constructively by
/// [`Algorithm::Auto`] (optimal search beyond the 15-puzzle needs pattern
/// databases).
pub const AUTO_OPTIMAL_BOARD_CELLS: usize = 16;

/// Graphs (other than plain boards) with more vertices than this are
/// solved constructively by [`Algorithm::Auto`].
pub const AUTO_OPTIMAL_GRAPH_VERTICES: usize = 64;

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct SearchStats {
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Nodes generated: the root once, plus every child created (IDA*
    /// counts re-generations in later iterations, as Korf 1985 does).
    pub generated: u64,
    /// The last f-bound (IDA*) or largest g expanded (A*, BFS).
    pub bound: u32,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
}

/// What a search algorithm returns.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The blank path, if a solution was found.
    pub path: Option<Vec<usize>>,
    /// Whether the path is proven optimal.
    pub optimal: bool,
    /// Counters.
    pub stats: SearchStats,
    /// Why the search stopped early, if it did.
    pub stopped: Option<StopReason>,
}

/// The search algorithm to use.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Algorithm {
    /// Choose by puzzle and size (see the module docs).
    #[default]
    Auto,
    /// IDA* (the board kernel on plain boards, generalised Manhattan
    /// elsewhere).
    Ida,
    /// A* with the generalised Manhattan distance.
    AStar,
    /// Breadth-first search.
    Bfs,
    /// Weighted A* with f = g + weight * h (not optimal for weight > 1).
    WeightedAStar {
        /// The weight on h.
        weight: f64,
    },
    /// The constructive board solver (any size, not optimal); see
    /// [`crate::construct`].
    Constructive,
    /// Beam search keeping `width` configurations per layer (not optimal).
    Beam {
        /// Configurations kept per layer.
        width: usize,
    },
}

impl Algorithm {
    /// Parses `auto`, `ida`, `astar`, `bfs` or `wastar` (the latter with
    /// `weight`).
    ///
    /// # Errors
    /// [`Error::Argument`] (named `algo` or `weight`) for an unknown name or
    /// a weight below 1.
    pub fn parse(name: &str, weight: f64) -> Result<Self> {
        match name {
            "auto" => Ok(Algorithm::Auto),
            "ida" | "idastar" => Ok(Algorithm::Ida),
            "astar" => Ok(Algorithm::AStar),
            "bfs" => Ok(Algorithm::Bfs),
            "constructive" => Ok(Algorithm::Constructive),
            "beam" => Ok(Algorithm::Beam { width: 2000 }),
            "wastar" => {
                if weight >= 1.0 && weight.is_finite() {
                    Ok(Algorithm::WeightedAStar { weight })
                } else {
                    Err(Error::argument(
                        "weight",
                        format!("must be a number >= 1, got {weight}"),
                    ))
                }
            }
            _ => Err(Error::argument(
                "algo",
                format!(
                    "unknown algorithm '{name}': expected auto, ida, astar, bfs, wastar, beam or constructive"
                ),
            )),
        }
    }
}

/// Options for [`solve`].
#[derive(Clone, Default)]
pub struct SolveOptions {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Heuristic for the board kernel.
    pub board_heuristic: BoardHeuristic,
    /// Pattern databases for boards (built for the goal being solved);
    /// when set, IDA* on boards uses them instead of Manhattan distance.
    pub pattern: Option<std::sync::Arc<pdb_ida::PdbHeuristic>>,
    /// Pattern databases for other graphs (built for the goal being
    /// solved); when set, A* uses them instead of Manhattan distance.
    pub graph_pattern: Option<std::sync::Arc<graph_pdb::GraphPdb>>,
    /// Limits.
    pub limits: Limits,
    /// Keep one instance on one thread (the default splits hard board
    /// instances over all of rayon's threads, [`split`]); node counts are
    /// then exactly those of the sequential search.
    pub single_thread: bool,
}

impl std::fmt::Debug for SolveOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveOptions")
            .field("algorithm", &self.algorithm)
            .field("board_heuristic", &self.board_heuristic)
            .field("pattern", &self.pattern.is_some())
            .field("graph_pattern", &self.graph_pattern.is_some())
            .field("limits", &self.limits)
            .finish()
    }
}

/// A verified solution.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Vertices the blank visits, after its start.
    pub blank_path: Vec<usize>,
    /// Whether the length is proven optimal.
    pub optimal: bool,
    /// Name of the algorithm that found it (`ida-md-lc`, `astar`, ...).
    pub algorithm: String,
    /// Search counters.
    pub stats: SearchStats,
}

/// The result of [`solve`].
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Solved; the path has been replayed and reaches the goal.
    Solved(Solution),
    /// The goal cannot be reached; the verdict says why.
    Unsolvable(Verdict),
    /// A limit stopped the search first.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// Algorithm name.
        algorithm: String,
        /// Counters up to the stop (`bound` = how far it got).
        stats: SearchStats,
    },
}

/// Solves `start` -> `goal` on `puzzle`.
///
/// # Errors
/// [`Error::Limit`] ([`Resource::Vertices`]) above 256 vertices for the
/// general searches; [`Error::Unsupported`] when the algorithm cannot
/// handle the puzzle (several blanks, a board too large for its kernel);
/// [`Error::Configuration`] if start and goal do not match; and
/// [`Error::Internal`] if a found path fails its replay (a bug, never a
/// wrong answer printed).
///
/// ```
/// use slidepuzzle::{format::parse_configuration, model::Puzzle, search::*};
/// let p = Puzzle::parse("3x3").unwrap();
/// let start = parse_configuration(&p, "8 6 7/2 5 4/3 0 1", 1).unwrap();
/// let Outcome::Solved(s) = solve(&p, &start, &p.default_goal(), &SolveOptions::default()).unwrap()
/// else { panic!() };
/// assert_eq!(s.blank_path.len(), 31); // one of the two hardest 8-puzzles
/// ```
pub fn solve(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Outcome> {
    if start.blanks().len() != 1 || goal.blanks().len() != 1 {
        return Err(Error::Unsupported(
            "solve handles one blank for now; check --blanks K decides several-blank instances"
                .into(),
        ));
    }
    let verdict = check(puzzle, start, goal)?;
    if !verdict.solvable {
        return Ok(Outcome::Unsolvable(verdict));
    }
    let clock = Instant::now();
    let n = puzzle.vertex_count();
    let board = puzzle
        .plain_board_size()
        .filter(|&(w, h)| w * h <= board::MAX_CELLS);
    let algorithm = match options.algorithm {
        // Board pattern databases were asked for: IDA*, whatever the size.
        Algorithm::Auto if options.pattern.is_some() => Algorithm::Ida,
        Algorithm::Auto
            if puzzle
                .plain_board_size()
                .is_some_and(|(w, h)| w * h > AUTO_OPTIMAL_BOARD_CELLS && w >= 2 && h >= 2) =>
        {
            Algorithm::Constructive
        }
        Algorithm::Auto if board.is_some() => Algorithm::Ida,
        Algorithm::Auto if n > AUTO_OPTIMAL_GRAPH_VERTICES => Algorithm::Constructive,
        Algorithm::Auto if n <= 10 => Algorithm::AStar,
        Algorithm::Auto => Algorithm::Ida,
        a => a,
    };
    if n > 256
        && !(algorithm == Algorithm::Ida && board.is_some())
        && algorithm != Algorithm::Constructive
    {
        return Err(Error::limit(Resource::Vertices, n as u64, 256));
    }
    let (name, result) = match (algorithm, board) {
        (Algorithm::Ida, Some(_)) if options.pattern.is_some() => {
            let h = options.pattern.as_ref().expect("checked");
            (
                "ida-pdb".to_string(),
                pdb_ida::solve_with_pdb(h, start, &options.limits, !options.single_thread),
            )
        }
        (Algorithm::Ida, Some((w, h))) => {
            let tables = BoardTables::new(w, h, goal, options.board_heuristic)
                .ok_or_else(|| Error::Unsupported("board too large for the board kernel".into()))?;
            let name = match options.board_heuristic {
                BoardHeuristic::Manhattan => "ida-md",
                BoardHeuristic::LinearConflict => "ida-md-lc",
            };
            (
                name.to_string(),
                if options.single_thread {
                    board::solve_board(&tables, start, &options.limits)
                } else {
                    board::solve_board_parallel(&tables, start, &options.limits)
                },
            )
        }
        (Algorithm::Ida, None) => match options.graph_pattern.as_deref() {
            Some(pdb) => (
                "ida-graph-pdb".to_string(),
                ida::ida_star_pdb(puzzle.graph(), start, pdb, &options.limits),
            ),
            None => (
                "ida-graph-md".to_string(),
                ida::ida_star(puzzle.graph(), start, goal, &options.limits),
            ),
        },
        (Algorithm::AStar, _) => (
            if options.graph_pattern.is_some() {
                "astar-graph-pdb"
            } else {
                "astar-graph-md"
            }
            .to_string(),
            astar::best_first_with(
                puzzle.graph(),
                start,
                goal,
                astar::BestFirst::AStar { weight: 1.0 },
                options.graph_pattern.as_deref(),
                &options.limits,
            ),
        ),
        (Algorithm::WeightedAStar { weight }, _) => (
            format!("wastar-{weight}"),
            astar::best_first(
                puzzle.graph(),
                start,
                goal,
                astar::BestFirst::AStar { weight },
                &options.limits,
            ),
        ),
        (Algorithm::Beam { width }, _) => (
            format!("beam-{width}"),
            beam::beam_search(
                puzzle.graph(),
                start,
                goal,
                width.max(1),
                100_000,
                &options.limits,
            ),
        ),
        (Algorithm::Bfs, _) => (
            "bfs".to_string(),
            astar::best_first(
                puzzle.graph(),
                start,
                goal,
                astar::BestFirst::Bfs,
                &options.limits,
            ),
        ),
        (Algorithm::Constructive, _) => {
            let clock = Instant::now();
            let path = if puzzle
                .plain_board_size()
                .is_some_and(|(w, h)| w >= 2 && h >= 2)
            {
                crate::construct::solve_board_constructively(puzzle, start, goal)?
            } else {
                crate::construct::solve_graph_constructively(puzzle, start, goal)?
            };
            let stats = SearchStats {
                seconds: clock.elapsed().as_secs_f64(),
                bound: path.len() as u32,
                ..SearchStats::default()
            };
            let name = if options.algorithm == Algorithm::Auto {
                "constructive (too large for optimal search; --algo ida or astar insists)"
            } else {
                "constructive"
            };
            (
                name.to_string(),
                SearchResult {
                    path: Some(path),
                    optimal: false,
                    stats,
                    stopped: None,
                },
            )
        }
        (Algorithm::Auto, _) => unreachable!("auto resolved above"),
    };
    let mut stats = result.stats;
    stats.seconds = clock.elapsed().as_secs_f64();
    match result.path {
        Some(path) => {
            let end = replay(puzzle, start, &path)?;
            if &end != goal {
                return Err(Error::Internal(format!(
                    "the {name} solution of length {} does not reach the goal on replay",
                    path.len()
                )));
            }
            Ok(Outcome::Solved(Solution {
                blank_path: path,
                optimal: result.optimal,
                algorithm: name,
                stats,
            }))
        }
        None => Ok(Outcome::Stopped {
            reason: result.stopped.unwrap_or(StopReason::Cancelled),
            algorithm: name,
            stats,
        }),
    }
}
