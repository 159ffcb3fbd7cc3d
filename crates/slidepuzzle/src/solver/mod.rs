//! The front door: one [`Solver`] decides how to solve and does it, for
//! every face (command line, bench, web API, bindings).
//!
//! [`Solver::plan`] makes the decision for a puzzle, goal and
//! [`SolveOptions`]: which kernel, which heuristic, which pattern databases
//! (and whether they are in the store), streamed or collected, optimal or
//! not, and why. [`Solver::solve`] carries it out:
//!
//! 1. the reachability test ([`crate::theory::check`], O(V + E)): an
//!    unsolvable instance is answered at once, with the reason;
//! 2. the tables the plan needs are loaded from the caller's
//!    [`TableStore`] or built (and saved there), within the memory budget,
//!    refused before anything is allocated when they would not fit;
//! 3. the search runs within the [`Limits`] (nodes, time, memory,
//!    cancellation), on all of rayon's threads for one hard board instance
//!    unless [`SolveOptions::single_thread`];
//! 4. the solution is **replayed** on the general model and compared with
//!    the goal before it is returned.
//!
//! The automatic choice ([`Algorithm::Auto`], [`Heuristic::Auto`]):
//!
//! | puzzle | method |
//! |---|---|
//! | boards of up to 9 cells | IDA*, Manhattan distance + linear conflict |
//! | boards of 10 to 16 cells | IDA* with additive pattern databases: the default partition (6-6-3 on 4x4) when cached, else groups of at most 5 tiles built in well under a second, with the default tables built afterwards for later runs |
//! | larger boards | the constructive solver (not optimal; `Algorithm::Ida` asks for the optimum, with pattern databases) |
//! | other graphs, up to 10 vertices | A*, generalised Manhattan distance |
//! | other graphs, 11 to 64 vertices, average degree below 3 (thetas, sparse graphs) | IDA* with graph pattern databases (groups of up to about 4 M placements each, cached) |
//! | other graphs, 11 to 64 vertices, denser (boxes, tori, diagonal boards) | IDA*, generalised Manhattan distance |
//! | other graphs, more vertices | the constructive solver |
//!
//! ```
//! use slidepuzzle::{Configuration, Outcome, Puzzle, SolveOptions, Solver};
//! let puzzle = Puzzle::parse("3x3").unwrap();
//! let start: Configuration = slidepuzzle::format::parse_configuration(&puzzle, "8 6 7/2 5 4/3 0 1", 1).unwrap();
//! let solver = Solver::new();
//! let plan = solver.plan(&puzzle, &puzzle.default_goal(), &SolveOptions::default()).unwrap();
//! assert_eq!(plan.name(), "ida-md-lc");
//! let Outcome::Solved(s) = solver.solve(&puzzle, &start, &puzzle.default_goal(), &SolveOptions::default()).unwrap()
//! else { panic!() };
//! assert_eq!(s.blank_path.len(), 31); // one of the two hardest 8-puzzles
//! assert!(s.optimal);
//! ```

pub mod analysis;
pub mod answers;
mod kernel;
pub mod many;
pub mod plan;
mod several;
pub mod spec;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub use answers::{Listed, Listing, MoveValue, Review, ReviewedMove, SolutionQuery, Waste};
pub use plan::{BoardHeuristic, Fallback, Method, Plan, TableKind, TablePlan};
pub use several::{
    AUTO_SEVERAL_BLANKS_NODES, AUTO_SEVERAL_BLANKS_WEIGHT, SEVERAL_BLANKS_CHECK_STATES,
};
pub use spec::{Algorithm, Heuristic, MovePruning, Partition};

use crate::construct::board::{StreamReport, stream_board_solution_within};
use crate::error::{Error, Resource, Result};
use crate::explore::distance_table::DistanceTable;
use crate::model::{Configuration, Metric, Puzzle};
use crate::moves::replay;
use crate::search::best_first::{Strategy, best_first};
use crate::search::board::{self, BoardDomain};
use crate::search::graph::GraphDomain;
use crate::search::graph_pdb::{self, GraphPdb};
use crate::search::heuristic::{Max, Zero};
use crate::search::linear_conflict::{LinearConflict, LinearConflictTables};
use crate::search::manhattan::{Manhattan, TileDistances};
use crate::search::mtm::{MtmBoardDomain, MtmManhattan};
use crate::search::mtm_pdb::{MtmPdb, MtmPdbLookup};
use crate::search::partition;
use crate::search::pdb::{self, BuildEvent};
use crate::search::pdb_lookup::{BoardPdbTables, PdbLookup};
use crate::search::walking::{WalkingDistance, WalkingDistanceTables};
use crate::search::{Limits, SearchResult, SearchStats, StopReason};
use crate::store::TableStore;
use crate::theory::{Verdict, check};
use kernel::{FirstSolution, Kernel};

/// Plain boards with more cells than this are solved constructively by
/// [`Algorithm::Auto`] (optimal search beyond the 15-puzzle can take hours).
pub const AUTO_OPTIMAL_BOARD_CELLS: usize = 16;

/// Boards with at most this many cells use linear conflict, not tables,
/// under [`Heuristic::Auto`] (they are solved in milliseconds either way).
pub const AUTO_LINEAR_CONFLICT_CELLS: usize = 9;

/// Graphs (other than plain boards) with more vertices than this are
/// solved constructively by [`Algorithm::Auto`].
pub const AUTO_OPTIMAL_GRAPH_VERTICES: usize = 64;

/// Graphs with at most this many vertices use A* under [`Algorithm::Auto`].
pub const AUTO_ASTAR_VERTICES: usize = 10;

/// Placements per table of the automatic graph pattern databases (and of
/// the quick board tables): each builds in well under a second.
pub const QUICK_TABLE_ENTRIES: u64 = 4_000_000;

/// Bytes a collected constructive board solution takes per move while it
/// is built, shortened, replayed and written as letters (the path, its
/// shortened copy, the letters).
pub const COLLECTED_BYTES_PER_MOVE: u64 = 24;

/// Refuses, before any work, a constructive board solution that would not
/// fit `max_memory` when collected: a W x H board takes about
/// 1.35 W H (W + H) moves (1000 x 1000: 2.66e9; measured), each
/// [`COLLECTED_BYTES_PER_MOVE`]. [`Solver::solve_to_writer`] streams such
/// solutions instead, in O(W H) memory.
fn check_collected_board(puzzle: &Puzzle, max_memory: u64) -> Result<()> {
    let Some((w, h)) = puzzle.plain_board_size() else {
        return Ok(());
    };
    let moves = 1.35 * (w as f64) * (h as f64) * ((w + h) as f64);
    let need = moves * COLLECTED_BYTES_PER_MOVE as f64;
    if need > max_memory as f64 {
        return Err(Error::Limit {
            resource: Resource::Memory,
            needed: if need >= u64::MAX as f64 {
                u64::MAX
            } else {
                need as u64
            },
            budget: max_memory,
        });
    }
    Ok(())
}

/// Largest puzzle the general optimal searches handle (vertices).
pub const MAX_SEARCH_VERTICES: usize = 256;

/// Options of one solve.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// The algorithm ([`Algorithm::Auto`] by default).
    pub algorithm: Algorithm,
    /// The heuristic ([`Heuristic::Auto`] by default).
    pub heuristic: Heuristic,
    /// Nodes, time, memory and cancellation. `limits.max_memory` also
    /// bounds table builds.
    pub limits: Limits,
    /// Keep one instance on one thread (the default splits hard board
    /// instances over all of rayon's threads); node counts are then exactly
    /// those of the sequential search.
    pub single_thread: bool,
    /// Which redundant moves the search skips ([`MovePruning::Sequences`]
    /// by default; [`MovePruning::Reversal`] reproduces published node
    /// counts).
    pub move_pruning: MovePruning,
    /// How moves are counted: [`Metric::Stm`] (the default) or
    /// [`Metric::Mtm`] (a straight run of tiles is one move; optimal
    /// search on plain boards). Optimality, lengths and enumerations are in
    /// this metric.
    pub metric: Metric,
}

/// A verified solution.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Vertices the blank visits, after its start (0-based). Empty with
    /// several blanks (a blank path cannot say which blank moved): see
    /// [`Solution::steps`].
    pub blank_path: Vec<usize>,
    /// The moves as the tile's `(from, to)` vertices, one per single-tile
    /// step (the tile on `from` slides into the blank on `to`), for any
    /// number of blanks ([`crate::moves::replay_steps`] replays them).
    pub steps: Vec<(usize, usize)>,
    /// Whether [`Solution::length`] is proven optimal in
    /// [`Solution::metric`].
    pub optimal: bool,
    /// The metric the solution was asked for (and is optimal in).
    pub metric: Metric,
    /// Its length in that metric: single-tile steps in STM (the blank
    /// path's length), straight runs in MTM.
    pub length: usize,
    /// The method's short name ([`Plan::name`]).
    pub algorithm: String,
    /// Search counters (nodes, last bound, seconds).
    pub stats: SearchStats,
}

impl Solution {
    /// The solution as people and files write it, from its steps: slidysim
    /// letters with counts where there is one blank and every move has a
    /// direction, else the blank path (`7-4-3`, the vertices the blank
    /// visits after `start`'s), else, with several blanks, the steps
    /// (`3>7 4>3`, [`crate::moves::format_steps`]). O(steps).
    ///
    /// ```
    /// use slidepuzzle::{Outcome, Puzzle, solve, SolveOptions};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let start = slidepuzzle::format::parse_configuration(&p, "1 2 3/4 5 6/0 7 8", 1).unwrap();
    /// let Outcome::Solved(s) = solve(&p, &start, &p.default_goal(), &SolveOptions::default()).unwrap()
    /// else { panic!() };
    /// assert_eq!(s.written(&p, &start), "L2");
    /// ```
    pub fn written(&self, puzzle: &Puzzle, start: &Configuration) -> String {
        if start.blanks().len() != 1 {
            return crate::moves::format_steps(&self.steps);
        }
        let path: Vec<usize> = self.steps.iter().map(|&(from, _)| from).collect();
        crate::moves::letters(puzzle, start.blank(), &path).unwrap_or_else(|| {
            let p: Vec<String> = path.iter().map(|v| v.to_string()).collect();
            p.join("-")
        })
    }

    /// Its length in multi-tile moves (straight runs of one blank), where
    /// the puzzle has directions and there is one blank; `None` otherwise.
    pub fn mtm_length(&self, puzzle: &Puzzle, start: &Configuration) -> Option<usize> {
        if start.blanks().len() != 1 {
            return None;
        }
        let path: Vec<usize> = self.steps.iter().map(|&(from, _)| from).collect();
        crate::moves::mtm_length(puzzle, start.blank(), &path)
    }
}

/// What [`Solver::solve`] returns.
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
        /// The method's short name.
        algorithm: String,
        /// Counters up to the stop (`bound` = how far it got).
        stats: SearchStats,
    },
}

/// What [`Solver::solve_to_writer`] wrote.
#[derive(Clone, Debug)]
pub enum Written {
    /// The moves were written (and replayed to the goal).
    Solved {
        /// Single-tile moves.
        moves: u64,
        /// Multi-tile moves, where the puzzle has directions.
        mtm: Option<u64>,
        /// Whether the length is proven optimal.
        optimal: bool,
        /// Whether the moves were streamed as they were found.
        streamed: bool,
    },
    /// Nothing was written; the outcome says why (unsolvable or stopped).
    NotSolved(Outcome),
}

/// Receives table messages and build progress.
pub type EventSink = Arc<dyn Fn(&BuildEvent) + Send + Sync>;

/// Decides and solves. Holds the caller's table store, the memory budget
/// for building tables, a sink for build progress, and the tables loaded
/// so far (a batch loads them once). Cheap to share (`&Solver` across
/// threads).
pub struct Solver {
    store: Option<Arc<dyn TableStore>>,
    events: Option<EventSink>,
    board_tables: Mutex<HashMap<TablesKey, Arc<BoardPdbTables>>>,
    graph_tables: Mutex<HashMap<TablesKey, Arc<GraphPdb>>>,
    mtm_tables: Mutex<HashMap<TablesKey, Arc<MtmPdb>>>,
    distance_tables: Mutex<HashMap<TablesKey, Arc<DistanceTable>>>,
    /// Held while [`Solver::build_later`] builds, so concurrent callers (web
    /// requests) wait for one build and then find its tables.
    later_build: Mutex<()>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("store", &self.store)
            .finish_non_exhaustive()
    }
}

/// Average degree below 3 (2E < 3V): where graph pattern databases pay.
fn sparse(puzzle: &Puzzle) -> bool {
    2 * puzzle.graph().edge_count() < 3 * puzzle.vertex_count()
}

/// `kernel` on a board with `first`, maximised with the second heuristic
/// of `(width, height, goal, second)` when there is one (looked up only
/// where `first` does not prune).
fn board_run_with<H, K: Kernel, const LOOPS: bool>(
    domain: BoardDomain<LOOPS>,
    first: H,
    (w, h, goal, second): (usize, usize, &Configuration, Option<BoardHeuristic>),
    max_memory: u64,
    kernel: K,
) -> Result<K::Output>
where
    H: crate::search::heuristic::Heuristic<BoardDomain<LOOPS>> + Clone + Send + Sync,
{
    let too_large = || Error::Internal("board too large for the board kernel".into());
    Ok(match second {
        // The tables are stored over the Manhattan distance: never below it.
        None | Some(BoardHeuristic::Manhattan) => kernel.run(domain, first),
        Some(BoardHeuristic::LinearConflict) => {
            let t = LinearConflictTables::new(w, h, goal).ok_or_else(too_large)?;
            kernel.run(domain, Max::new(first, LinearConflict::new(&t)))
        }
        Some(BoardHeuristic::WalkingDistance) => {
            let t = WalkingDistanceTables::new(w, h, goal, max_memory)?;
            kernel.run(domain, Max::new(first, WalkingDistance::new(&t)))
        }
    })
}

/// A constructive solver's answer as a kernel's: the path (not optimal,
/// its length as the bound), or stopped when a limit stopped the
/// construction between steps ([`Error::Stopped`]); other errors pass.
/// The plan on a cycle when the automatic choice or a constructive
/// solution is asked for in the single-tile metric: the rotation solver,
/// shortest and O(n + moves), with any number of blanks.
fn cycle_plan(puzzle: &Puzzle, options: &SolveOptions) -> Option<Plan> {
    let wanted = matches!(options.algorithm, Algorithm::Auto | Algorithm::Constructive)
        && matches!(options.heuristic, Heuristic::Auto)
        && options.metric == Metric::Stm;
    (wanted && crate::theory::blanks::cycle_order(puzzle.graph()).is_some()).then(|| Plan {
        method: Method::CycleRotation,
        tables: None,
        later: None,
        optimal: true,
        streamed: false,
        reason: "On a cycle tiles only rotate: each tile's displacement is fixed up to a whole turn, and the rotation solver moves every tile straight home with the turn that costs least, a shortest solution".into(),
        fallback: None,
    })
}

/// Runs the rotation solver (see [`cycle_plan`]) and writes each step as
/// `encode` says; the result is marked optimal (its solutions are
/// shortest).
fn rotated(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
    encode: impl Fn((usize, usize)) -> usize,
) -> Result<SearchResult> {
    let built = crate::theory::blanks::cycle_order(puzzle.graph())
        .ok_or_else(|| Error::Internal("the rotation solver planned off a cycle".into()))
        .and_then(|order| crate::construct::cycle::solve_cycle(&order, start, goal, limits))
        .map(|steps| steps.into_iter().map(encode).collect());
    let mut result = constructed(built)?;
    result.optimal = result.path.is_some();
    Ok(result)
}

/// A constructed path as a search result; `optimal` when the construction
/// is known to give shortest solutions.
fn constructed(built: Result<Vec<usize>>) -> Result<SearchResult> {
    match built {
        Ok(path) => Ok(SearchResult {
            stats: SearchStats {
                bound: u32::try_from(path.len()).unwrap_or(u32::MAX),
                ..SearchStats::default()
            },
            path: Some(path),
            optimal: false,
            stopped: None,
            exhausted: false,
        }),
        Err(Error::Stopped { reason, .. }) => Ok(SearchResult {
            stats: SearchStats::default(),
            path: None,
            optimal: false,
            stopped: Some(reason),
            exhausted: false,
        }),
        Err(e) => Err(e),
    }
}

/// The outcome of a search that returned no path: stopped by a limit, or
/// exhausted, which proves the goal unreachable (the kernels' move pruning
/// keeps a shortest path to every configuration).
fn not_solved(result: &SearchResult, algorithm: String, stats: SearchStats) -> Outcome {
    if result.exhausted {
        return Outcome::Unsolvable(Verdict {
            solvable: false,
            reason: format!(
                "the search ({algorithm}) expanded every configuration it can reach from the start without meeting the goal"
            ),
            decided_by: crate::theory::Decision::ExhaustiveSearch,
        });
    }
    Outcome::Stopped {
        reason: result.stopped.unwrap_or(StopReason::Cancelled),
        algorithm,
        stats,
    }
}

/// The graph domain for a plan's puzzle (one blank, at most
/// [`MAX_SEARCH_VERTICES`] vertices: checked by the plan).
fn graph_domain(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> Result<GraphDomain> {
    GraphDomain::new(puzzle.graph(), start, goal).ok_or_else(|| {
        Error::Unsupported(format!(
            "optimal search takes one blank and at most {MAX_SEARCH_VERTICES} vertices"
        ))
    })
}

/// The generalised Manhattan distance's table for a plan's puzzle.
fn tile_distances(puzzle: &Puzzle, goal: &Configuration) -> Result<TileDistances> {
    TileDistances::new(puzzle.graph(), goal).ok_or_else(|| {
        Error::limit(
            Resource::Vertices,
            puzzle.vertex_count() as u64,
            MAX_SEARCH_VERTICES as u64,
        )
    })
}

/// The value under `key` in `map`, built by `build` (outside the lock) the
/// first time.
fn memoised<T>(
    map: &Mutex<HashMap<TablesKey, Arc<T>>>,
    key: TablesKey,
    build: impl FnOnce() -> Result<T>,
) -> Result<Arc<T>> {
    if let Some(v) = map.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return Ok(v.clone());
    }
    let built = Arc::new(build()?);
    map.lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key, built.clone());
    Ok(built)
}

/// Which loaded tables a [`Solver`] holds: their kind, the puzzle (its
/// spec), the goal's cells, the groups (empty for a whole-space table) and
/// the metric.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TablesKey {
    kind: Option<TableKind>,
    puzzle: String,
    goal: Vec<u32>,
    groups: Vec<Vec<u32>>,
    metric: Metric,
}

/// The key of the pattern databases of `kind` for `groups`.
fn tables_key(
    kind: TableKind,
    puzzle: &Puzzle,
    goal: &Configuration,
    groups: &[Vec<u32>],
) -> TablesKey {
    TablesKey {
        kind: Some(kind),
        puzzle: puzzle.spec().to_string(),
        goal: goal.cells().to_vec(),
        groups: groups.to_vec(),
        metric: if kind == TableKind::MultiTile {
            Metric::Mtm
        } else {
            Metric::Stm
        },
    }
}

/// The key of a whole-space distance table in `metric`.
fn distance_table_key(puzzle: &Puzzle, goal: &Configuration, metric: Metric) -> TablesKey {
    TablesKey {
        kind: None,
        puzzle: puzzle.spec().to_string(),
        goal: goal.cells().to_vec(),
        groups: Vec::new(),
        metric,
    }
}

impl Solver {
    /// A solver without a table store: tables are built in memory when a
    /// plan needs them (and kept for the solver's life).
    pub fn new() -> Self {
        Solver {
            store: None,
            events: None,
            board_tables: Mutex::new(HashMap::new()),
            graph_tables: Mutex::new(HashMap::new()),
            mtm_tables: Mutex::new(HashMap::new()),
            distance_tables: Mutex::new(HashMap::new()),
            later_build: Mutex::new(()),
        }
    }

    /// Keeps tables in `store` between runs.
    pub fn with_store(mut self, store: Arc<dyn TableStore>) -> Self {
        self.store = Some(store);
        self
    }

    /// Sends table messages and build progress to `sink`.
    pub fn with_events(mut self, sink: EventSink) -> Self {
        self.events = Some(sink);
        self
    }

    /// The table store, if any.
    pub fn store(&self) -> Option<&dyn TableStore> {
        self.store.as_deref()
    }

    fn report(&self, e: &BuildEvent) {
        if let Some(sink) = &self.events {
            sink(e);
        }
    }

    /// The plan for `groups`: which tables the store lacks (asked once
    /// per table) and the memory the largest missing one needs to build.
    fn table_plan(
        &self,
        groups: Vec<Vec<u32>>,
        kind: TableKind,
        name: impl Fn(&[u32]) -> String,
        build_memory: impl Fn(usize) -> u64,
    ) -> TablePlan {
        let store = self.store.as_ref();
        let missing: Vec<usize> = groups
            .iter()
            .filter(|g| !store.is_some_and(|s| s.contains(&name(g))))
            .map(|g| g.len())
            .collect();
        TablePlan {
            cached: store.is_some() && missing.is_empty(),
            build_memory: missing.into_iter().map(build_memory).max().unwrap_or(0),
            partitions: vec![groups.len()],
            groups,
            kind,
        }
    }

    fn board_table_plan(
        &self,
        w: usize,
        h: usize,
        goal: &Configuration,
        groups: Vec<Vec<u32>>,
    ) -> TablePlan {
        self.table_plan(
            groups,
            TableKind::Board,
            |g| pdb::file_name(w, h, goal, g),
            |k| pdb::build_memory(w * h, k),
        )
    }

    fn graph_table_plan(&self, puzzle: &Puzzle, goal: &Configuration) -> TablePlan {
        let groups = graph_pdb::auto_partition(puzzle.graph(), goal, QUICK_TABLE_ENTRIES);
        let n = puzzle.vertex_count();
        self.table_plan(
            groups,
            TableKind::Graph,
            |g| graph_pdb::table_name(puzzle.graph(), goal, g),
            |k| crate::search::pdb_build::build_memory(n, k),
        )
    }

    /// The partition a board pattern-database heuristic names.
    fn board_groups(
        w: usize,
        h: usize,
        goal: &Configuration,
        partition: &Partition,
    ) -> Result<Vec<Vec<u32>>> {
        match partition {
            Partition::Default => partition::default_partition(w, h, goal),
            Partition::Sizes(sizes) => {
                // The sizes of the default partition select it (6-6-3 on 4x4
                // is the two-column split), so `pdb build --partition 6-6-3`
                // and `--heuristic pdb` prepare and use the same tables.
                let default = partition::default_partition(w, h, goal)?;
                let default_sizes: Vec<usize> = default.iter().map(|g| g.len()).collect();
                if &default_sizes == sizes {
                    Ok(default)
                } else {
                    partition::partition_by_sizes(goal, sizes)
                }
            }
            Partition::Groups(groups) => {
                partition::check_partition(goal, groups)?;
                Ok(groups.clone())
            }
        }
    }

    /// Decides how to solve instances of `puzzle` towards `goal` with
    /// `options`, without searching: see the [module docs](self) for the
    /// automatic choice. Cheap (no table is loaded or built).
    ///
    /// # Errors
    /// [`Error::Argument`] for a heuristic the puzzle cannot use (pattern
    /// databases with an explicit partition on a graph), a bad partition;
    /// [`Error::Unsupported`] for an optimal search on more than
    /// [`MAX_SEARCH_VERTICES`] vertices.
    pub fn plan(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        options: &SolveOptions,
    ) -> Result<Plan> {
        if let Some(plan) = cycle_plan(puzzle, options) {
            return Ok(plan);
        }
        if goal.blanks().len() > 1 {
            return self.plan_several_blanks(puzzle, goal, options);
        }
        let n = puzzle.vertex_count();
        let board = puzzle.plain_board_size();
        let kernel_board = board.filter(|&(w, h)| w * h <= board::MAX_CELLS);
        let constructive = || {
            if board.is_some_and(|(w, h)| w >= 2 && h >= 2) {
                (Method::ConstructiveBoard, true)
            } else {
                (Method::ConstructiveGraph, false)
            }
        };
        if options.metric == Metric::Mtm && !crate::moves::has_straight_lines(puzzle) {
            return Err(Error::Unsupported(format!(
                "the multi-tile metric needs straight lines (boards, tori, boxes), not {}",
                puzzle.spec()
            )));
        }
        let mut plan = Plan {
            method: Method::Bfs,
            tables: None,
            later: None,
            optimal: true,
            streamed: false,
            reason: String::new(),
            fallback: None,
        };
        let wants_pdb = matches!(options.heuristic, Heuristic::PatternDatabases(_));
        let explicit_algorithm = options.algorithm != Algorithm::Auto;
        match options.algorithm {
            Algorithm::Constructive => {
                (plan.method, plan.streamed) = constructive();
                plan.optimal = false;
                plan.reason = "The constructive solver was asked for".into();
                return Ok(plan);
            }
            Algorithm::Auto
                if !wants_pdb
                    && board.is_some_and(|(w, h)| {
                        w * h > AUTO_OPTIMAL_BOARD_CELLS && w >= 2 && h >= 2
                    }) =>
            {
                (plan.method, plan.streamed) = constructive();
                plan.optimal = false;
                plan.reason = format!(
                    "Boards above {AUTO_OPTIMAL_BOARD_CELLS} cells are solved constructively (Parberry's algorithm, any size, not optimal); ask for IDA* (--algo ida) for the optimum with pattern databases"
                );
                return Ok(plan);
            }
            Algorithm::Auto if board.is_none() && n > AUTO_OPTIMAL_GRAPH_VERTICES => {
                (plan.method, plan.streamed) = constructive();
                plan.optimal = false;
                plan.reason = format!(
                    "Graphs above {AUTO_OPTIMAL_GRAPH_VERTICES} vertices are solved constructively (block by block, Wilson's 3-cycles; not optimal); ask for IDA* or A* for the optimum"
                );
                return Ok(plan);
            }
            _ => {}
        }
        if options.metric == Metric::Mtm {
            return self.plan_mtm(puzzle, goal, options, plan);
        }
        if n > MAX_SEARCH_VERTICES && kernel_board.is_none() {
            return Err(Error::limit(
                Resource::Vertices,
                n as u64,
                MAX_SEARCH_VERTICES as u64,
            ));
        }
        // Plain boards: the packed kernels.
        if let Some((w, h)) = kernel_board
            && matches!(options.algorithm, Algorithm::Auto | Algorithm::Ida)
        {
            let cells = w * h;
            match &options.heuristic {
                Heuristic::Manhattan | Heuristic::LinearConflict | Heuristic::WalkingDistance => {
                    let heuristic = match options.heuristic {
                        Heuristic::Manhattan => BoardHeuristic::Manhattan,
                        Heuristic::WalkingDistance => BoardHeuristic::WalkingDistance,
                        _ => BoardHeuristic::LinearConflict,
                    };
                    plan.method = Method::BoardIda { heuristic };
                    plan.reason = "The heuristic was asked for".into();
                }
                Heuristic::PatternDatabases(partition)
                | Heuristic::PatternDatabasesMax(partition, _) => {
                    let groups = Self::board_groups(w, h, goal, partition)?;
                    let with = match &options.heuristic {
                        Heuristic::PatternDatabasesMax(_, second) => Some(*second),
                        _ => None,
                    };
                    plan.method = Method::BoardPatternIda { with };
                    plan.tables = Some(self.board_table_plan(w, h, goal, groups));
                    plan.reason = "Pattern databases were asked for".into();
                }
                Heuristic::Auto if cells <= AUTO_LINEAR_CONFLICT_CELLS => {
                    plan.method = Method::BoardIda {
                        heuristic: BoardHeuristic::LinearConflict,
                    };
                    plan.reason = format!(
                        "Boards of up to {AUTO_LINEAR_CONFLICT_CELLS} cells are solved in milliseconds with Manhattan distance and linear conflict"
                    );
                }
                Heuristic::Auto => {
                    let best = partition::default_partition(w, h, goal)?;
                    let best_plan = self.board_table_plan(w, h, goal, best);
                    let quick_ok = best_plan
                        .groups
                        .iter()
                        .all(|g| pdb::placements(cells, g.len()) <= QUICK_TABLE_ENTRIES);
                    plan.method = Method::BoardPatternIda { with: None };
                    if best_plan.cached || quick_ok {
                        plan.reason = "Additive pattern databases, the best heuristic at hand (Korf and Felner 2002)".into();
                        plan.tables = Some(best_plan);
                    } else {
                        // Quick tables now (groups of at most 5 tiles),
                        // the best ones after the answer.
                        let quick = partition::quick_partition(w, h, goal)?;
                        let quick_plan = self.board_table_plan(w, h, goal, quick);
                        plan.reason = format!(
                            "The {} tables are not cached yet, so this run uses {} tables (built in well under a second)",
                            best_plan.sizes(),
                            quick_plan.sizes()
                        );
                        plan.tables = Some(quick_plan);
                        if self.store.is_some() {
                            plan.later = Some(best_plan);
                        }
                    }
                }
            }
            return Ok(plan);
        }
        // Any graph (boards too, with an explicit algorithm).
        let small = n <= AUTO_ASTAR_VERTICES;
        let graph_pdb = match &options.heuristic {
            Heuristic::PatternDatabases(Partition::Default) => true,
            Heuristic::PatternDatabases(_) => {
                return Err(Error::Argument {
                    name: "heuristic".into(),
                    message: format!(
                        "on {} pattern databases use the automatic partition: give pdb without sizes",
                        puzzle.spec()
                    ),
                });
            }
            Heuristic::PatternDatabasesMax(..) | Heuristic::WalkingDistance => {
                return Err(Error::Argument {
                    name: "heuristic".into(),
                    message: format!(
                        "{} is a heuristic for plain boards only, not {}",
                        options.heuristic,
                        puzzle.spec()
                    ),
                });
            }
            // Measured (docs/BENCHMARKS.md): on sparse graphs (thetas,
            // cycles with chords) tiles must travel around long cycles and
            // the tables cut the nodes a thousandfold; on grid-like graphs
            // (boxes, tori, diagonal boards) the generalised Manhattan
            // distance is close and cheaper per node.
            Heuristic::Auto => !small && n <= 64 && sparse(puzzle),
            Heuristic::Manhattan | Heuristic::LinearConflict => false,
        };
        let (method, optimal) = match options.algorithm {
            Algorithm::Auto if small => (Method::AStar { weight: 1.0 }, true),
            Algorithm::Auto | Algorithm::Ida => (Method::GraphIda, true),
            Algorithm::AStar => (Method::AStar { weight: 1.0 }, true),
            Algorithm::WeightedAStar { weight } => (Method::AStar { weight }, weight == 1.0),
            Algorithm::Bfs => (Method::Bfs, true),
            Algorithm::Beam { width } => (Method::Beam { width }, false),
            Algorithm::Constructive => unreachable!("handled above"),
        };
        plan.method = method;
        plan.optimal = optimal;
        let uses_h = matches!(plan.method, Method::GraphIda | Method::AStar { .. });
        if graph_pdb && uses_h {
            if n > 64 {
                return Err(Error::Argument {
                    name: "heuristic".into(),
                    message: format!("pattern databases handle at most 64 vertices, not {n}"),
                });
            }
            plan.tables = Some(self.graph_table_plan(puzzle, goal));
        }
        plan.reason = match (&plan.method, explicit_algorithm) {
            (_, true) => "The algorithm was asked for".into(),
            (Method::AStar { .. }, false) => format!(
                "Graphs of up to {AUTO_ASTAR_VERTICES} vertices are solved at once by A* with the generalised Manhattan distance"
            ),
            _ if plan.tables.is_some() => "A sparse graph (average degree below 3): IDA* with pattern databases over groups of tiles whose goal vertices are close (often thousands of times fewer nodes than the generalised Manhattan distance)".into(),
            _ => "IDA* with the generalised Manhattan distance (on graphs of average degree 3 or more it beats tables small enough to build at once)".into(),
        };
        Ok(plan)
    }

    /// The plan for an optimal search in the multi-tile metric: IDA* on
    /// the plain-board MTM domain with the walking distance counted in
    /// runs (boards of up to [`AUTO_OPTIMAL_BOARD_CELLS`] cells under
    /// [`Heuristic::Auto`]) or the row and column distances divided by the
    /// longest run.
    fn plan_mtm(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        options: &SolveOptions,
        mut plan: Plan,
    ) -> Result<Plan> {
        let Some((w, h)) = puzzle
            .plain_board_size()
            .filter(|&(w, h)| w * h <= board::MAX_CELLS)
            .filter(|&(w, h)| w.max(h) <= crate::search::mtm::MAX_RUN + 1)
        else {
            return Err(Error::Unsupported(format!(
                "optimal search in the multi-tile metric takes plain boards of up to {} cells and {} a side, not {} (the constructive solver, --algo constructive, counts its moves in MTM too)",
                board::MAX_CELLS,
                crate::search::mtm::MAX_RUN + 1,
                puzzle.spec()
            )));
        };
        if !matches!(options.algorithm, Algorithm::Auto | Algorithm::Ida) {
            return Err(Error::argument(
                "algo",
                format!(
                    "in the multi-tile metric the optimal solver is IDA* (auto or ida), not {}",
                    options.algorithm
                ),
            ));
        }
        let classes = crate::search::mtm_pdb::default_classes(w, h, goal);
        let table = |classes: &[u8]| {
            let mut groups: Vec<Vec<u32>> = Vec::new();
            for (p, &c) in classes.iter().enumerate() {
                if c > 0 {
                    if groups.len() < c as usize {
                        groups.resize(c as usize, Vec::new());
                    }
                    groups[c as usize - 1].push(goal.cells()[p]);
                }
            }
            // One table holds every class: its name stands for each group.
            let name = MtmPdb::file_name(w, h, goal, classes);
            let entries = MtmPdb::build_memory(w, h, goal).unwrap_or(0);
            self.table_plan(groups, TableKind::MultiTile, |_| name.clone(), |_| entries)
        };
        let heuristic = match (&options.heuristic, &classes) {
            (Heuristic::Auto | Heuristic::PatternDatabases(Partition::Default), Some(c)) => {
                plan.tables = Some(table(c));
                BoardHeuristic::WalkingDistance
            }
            (Heuristic::PatternDatabases(_), _) => {
                return Err(Error::argument(
                    "heuristic",
                    format!(
                        "in the multi-tile metric the pattern database has fixed classes of tiles: give pdb without a partition, on boards of up to 16 cells, not {}",
                        puzzle.spec()
                    ),
                ));
            }
            (Heuristic::Auto, None) | (Heuristic::Manhattan, _) => BoardHeuristic::Manhattan,
            (Heuristic::WalkingDistance, _) => BoardHeuristic::WalkingDistance,
            _ => {
                return Err(Error::argument(
                    "heuristic",
                    format!(
                        "{} counts single-tile moves and overestimates in the multi-tile metric: use auto, pdb, wd or md",
                        options.heuristic
                    ),
                ));
            }
        };
        plan.method = Method::MtmBoardIda { heuristic };
        plan.reason = match (&plan.tables, heuristic) {
            (Some(_), _) => "The multi-tile metric: IDA* over straight runs with a pattern database of exact MTM distances over classes of tiles (every tile apart on boards of up to 10 cells; four regions on 4x4), looked up for the configuration and its transpose".into(),
            (None, BoardHeuristic::WalkingDistance) => "The multi-tile metric: IDA* over straight runs with the walking distance counted in runs (Takahashi's tables searched again with a run of the blank as one move)".into(),
            _ => "The multi-tile metric: IDA* over straight runs with the row and column distances divided by the longest run".into(),
        };
        Ok(plan)
    }

    /// Runs `kernel` on the domain and heuristic of an IDA* plan
    /// ([`Method::BoardIda`], [`Method::BoardPatternIda`],
    /// [`Method::MtmBoardIda`], [`Method::GraphIda`]): the one place where
    /// a plan becomes a domain and a heuristic, for every kernel.
    fn ida_run<K: Kernel>(
        &self,
        puzzle: &Puzzle,
        (start, goal): (&Configuration, &Configuration),
        plan: &Plan,
        options: &SolveOptions,
        kernel: K,
    ) -> Result<K::Output> {
        let max_memory = options.limits.max_memory;
        let too_large = || Error::Internal("board too large for the board kernel".into());
        let board = || {
            puzzle
                .plain_board_size()
                .ok_or_else(|| Error::Internal("board kernel planned for a graph".into()))
        };
        match &plan.method {
            Method::BoardIda { .. } | Method::BoardPatternIda { .. } => {
                if K::LONG_PRUNING && options.move_pruning == MovePruning::Sequences {
                    self.board_run::<true, K>(puzzle, start, goal, plan, max_memory, kernel)
                } else {
                    self.board_run::<false, K>(puzzle, start, goal, plan, max_memory, kernel)
                }
            }
            Method::MtmBoardIda { heuristic } => {
                let (w, h) = board()?;
                let domain = MtmBoardDomain::new(w, h, start, goal).ok_or_else(too_large)?;
                if plan.tables.is_some() {
                    let table = self.mtm_tables(puzzle, goal, max_memory)?;
                    // The walking distance in runs first: cheap, and where
                    // it prunes the table (a cache miss) is not read.
                    let wd = match WalkingDistanceTables::new(w, h, goal, max_memory) {
                        Ok(wd) => wd,
                        Err(e) if e.is_fallback() => {
                            return Ok(kernel.run(domain, MtmPdbLookup::new(&table)));
                        }
                        Err(e) => return Err(e),
                    };
                    let both = Max::new(
                        WalkingDistance::with_metric(&wd, Metric::Mtm),
                        MtmPdbLookup::new(&table),
                    );
                    return Ok(kernel.run(domain, both));
                }
                Ok(match heuristic {
                    BoardHeuristic::WalkingDistance => {
                        let t = WalkingDistanceTables::new(w, h, goal, max_memory)?;
                        kernel.run(domain, WalkingDistance::with_metric(&t, Metric::Mtm))
                    }
                    _ => {
                        let md = MtmManhattan::new(w, h, goal).ok_or_else(too_large)?;
                        kernel.run(domain, md)
                    }
                })
            }
            Method::GraphIda => {
                let domain = graph_domain(puzzle, start, goal)?;
                match &plan.tables {
                    Some(t) => {
                        let pdb = self.graph_tables(puzzle, goal, t, max_memory)?;
                        Ok(kernel.run(domain, PdbLookup::graph(&pdb)))
                    }
                    None => {
                        let d = tile_distances(puzzle, goal)?;
                        Ok(kernel.run(domain, Manhattan::new(&d)))
                    }
                }
            }
            _ => Err(Error::Internal(format!(
                "{} is not an IDA* plan",
                plan.name()
            ))),
        }
    }

    /// Runs a board plan ([`Method::BoardIda`], [`Method::BoardPatternIda`])
    /// on the packed board domain, pruning loops around 2 x 2 blocks with
    /// `LOOPS`.
    fn board_run<const LOOPS: bool, K: Kernel>(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        plan: &Plan,
        max_memory: u64,
        kernel: K,
    ) -> Result<K::Output> {
        let (w, h) = puzzle
            .plain_board_size()
            .ok_or_else(|| Error::Internal("board kernel planned for a graph".into()))?;
        let domain = BoardDomain::<LOOPS>::new(w, h, start, goal)
            .ok_or_else(|| Error::Internal("board too large for the board kernel".into()))?;
        match &plan.method {
            Method::BoardIda { heuristic } => {
                let too_large = || Error::Internal("board too large for the board kernel".into());
                Ok(match heuristic {
                    BoardHeuristic::Manhattan => {
                        let d = TileDistances::board(w, h, goal).ok_or_else(too_large)?;
                        kernel.run(domain, Manhattan::new(&d))
                    }
                    BoardHeuristic::LinearConflict => {
                        let t = LinearConflictTables::new(w, h, goal).ok_or_else(too_large)?;
                        kernel.run(domain, LinearConflict::new(&t))
                    }
                    BoardHeuristic::WalkingDistance => {
                        let t = WalkingDistanceTables::new(w, h, goal, max_memory)?;
                        kernel.run(domain, WalkingDistance::new(&t))
                    }
                })
            }
            Method::BoardPatternIda { with } => {
                let t = plan.tables.as_ref().ok_or_else(|| {
                    Error::Internal("pattern databases missing from the plan".into())
                })?;
                let tables = self.board_tables(puzzle, goal, t, max_memory)?;
                let second = (w, h, goal, *with);
                match tables.transposed() {
                    Some(mirror) => {
                        let both = Max::new(tables.direct(), mirror);
                        board_run_with(domain, both, second, max_memory, kernel)
                    }
                    None => board_run_with(domain, tables.direct(), second, max_memory, kernel),
                }
            }
            _ => Err(Error::Internal("a graph plan on the board kernel".into())),
        }
    }

    /// Loads or builds the board tables of a plan (kept for the solver's
    /// life, saved to the store when there is one).
    fn board_tables(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        max_memory: u64,
    ) -> Result<Arc<BoardPdbTables>> {
        memoised(
            &self.board_tables,
            tables_key(TableKind::Board, puzzle, goal, &tables.groups),
            || {
                let (w, h) = puzzle
                    .plain_board_size()
                    .ok_or_else(|| Error::Internal("board tables planned for a graph".into()))?;
                BoardPdbTables::new(
                    w,
                    h,
                    goal,
                    &tables.groups,
                    self.store.as_deref(),
                    max_memory,
                    &|e| self.report(e),
                )
            },
        )
    }

    /// Loads or builds the graph tables of a plan, like
    /// [`Solver::board_tables`].
    fn graph_tables(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        max_memory: u64,
    ) -> Result<Arc<GraphPdb>> {
        memoised(
            &self.graph_tables,
            tables_key(TableKind::Graph, puzzle, goal, &tables.groups),
            || {
                GraphPdb::load_or_build(
                    puzzle.graph(),
                    goal,
                    tables.groups.clone(),
                    max_memory,
                    self.store.as_deref(),
                    &|e| self.report(e),
                )
            },
        )
    }

    /// Loads or builds every table `plan` uses, so that later solves with
    /// it start at once (a batch calls this before timing instances).
    ///
    /// # Errors
    /// As [`Solver::solve`] for tables.
    pub fn prepare(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        plan: &Plan,
        max_memory: u64,
    ) -> Result<()> {
        if let Some(t) = &plan.tables {
            self.load_tables(puzzle, goal, t, max_memory)?;
        }
        Ok(())
    }

    /// Loads or builds the tables of one [`TablePlan`], whatever their kind.
    fn load_tables(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        t: &TablePlan,
        max_memory: u64,
    ) -> Result<()> {
        match t.kind {
            TableKind::Board => self.board_tables(puzzle, goal, t, max_memory).map(drop),
            TableKind::Graph => self.graph_tables(puzzle, goal, t, max_memory).map(drop),
            TableKind::MultiTile => self.mtm_tables(puzzle, goal, max_memory).map(drop),
            TableKind::FreeBlank => self
                .free_blank_tables(puzzle, goal, t, max_memory, &Limits::default())
                .map(drop),
        }
    }

    /// Loads or builds the multi-tile pattern database of a board
    /// ([`MtmPdb`]: the default classes), kept for the solver's life.
    fn mtm_tables(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        max_memory: u64,
    ) -> Result<Arc<MtmPdb>> {
        memoised(
            &self.mtm_tables,
            tables_key(TableKind::MultiTile, puzzle, goal, &[]),
            || {
                let (w, h) = puzzle
                    .plain_board_size()
                    .ok_or_else(|| Error::Internal("MTM tables planned for a graph".into()))?;
                MtmPdb::load_or_build(self.store.as_deref(), w, h, goal, max_memory, &|e| {
                    self.report(e)
                })
            },
        )
    }

    /// Builds the better tables a plan left for later ([`Plan::later`]) and
    /// saves them to the store; does nothing without them.
    ///
    /// # Errors
    /// As table builds: over the memory budget, or the store cannot be
    /// written.
    pub fn build_later(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        plan: &Plan,
        max_memory: u64,
    ) -> Result<()> {
        let _one_at_a_time = self.later_build.lock().unwrap_or_else(|p| p.into_inner());
        match &plan.later {
            Some(t) => self.load_tables(puzzle, goal, t, max_memory),
            None => Ok(()),
        }
    }

    /// Solves `start` -> `goal` on `puzzle` as [`Solver::plan`] decides.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for several blanks or a method that cannot
    /// handle the puzzle; as [`Solver::plan`]; table builds over the memory
    /// budget; [`Error::Internal`] if a found path fails its replay (a bug,
    /// never a wrong answer printed).
    pub fn solve(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
    ) -> Result<Outcome> {
        let plan = self.plan(puzzle, goal, options)?;
        self.solve_with_plan(puzzle, start, goal, options, &plan)
    }

    /// Checks one blank on both sides and reachability.
    fn precheck(puzzle: &Puzzle, start: &Configuration, goal: &Configuration) -> Result<Verdict> {
        if start.blanks().len() != 1 || goal.blanks().len() != 1 {
            return Err(Error::Unsupported(
                "start and goal must have the same number of blanks".into(),
            ));
        }
        check(puzzle, start, goal)
    }

    /// [`Solver::solve`] with a plan made before (by [`Solver::plan`] for
    /// the same puzzle, goal and options).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_plan(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
        plan: &Plan,
    ) -> Result<Outcome> {
        if start.blanks().len() > 1 || goal.blanks().len() > 1 {
            return self.solve_several_blanks(puzzle, start, goal, options, plan);
        }
        let verdict = Self::precheck(puzzle, start, goal)?;
        if !verdict.solvable {
            return Ok(Outcome::Unsolvable(verdict));
        }
        let clock = Instant::now();
        let limits = &options.limits;
        let split = !options.single_thread;
        let result = match &plan.method {
            Method::BoardIda { .. }
            | Method::BoardPatternIda { .. }
            | Method::MtmBoardIda { .. }
            | Method::GraphIda => self.ida_run(
                puzzle,
                (start, goal),
                plan,
                options,
                FirstSolution { limits, split },
            )?,
            Method::AStar { weight } => {
                let domain = graph_domain(puzzle, start, goal)?;
                let strategy = Strategy::AStar { weight: *weight };
                match &plan.tables {
                    Some(t) => {
                        let pdb = self.graph_tables(puzzle, goal, t, limits.max_memory)?;
                        best_first(domain, PdbLookup::graph(&pdb), strategy, limits)
                    }
                    None => {
                        let d = tile_distances(puzzle, goal)?;
                        best_first(domain, Manhattan::new(&d), strategy, limits)
                    }
                }
            }
            Method::Bfs => {
                let domain = graph_domain(puzzle, start, goal)?;
                best_first(domain, Zero, Strategy::AStar { weight: 1.0 }, limits)
            }
            Method::Beam { width } => {
                let domain = graph_domain(puzzle, start, goal)?;
                let d = tile_distances(puzzle, goal)?;
                let strategy = Strategy::Beam {
                    width: (*width).max(1),
                    max_depth: 100_000,
                };
                best_first(domain, Manhattan::new(&d), strategy, limits)
            }
            // With one blank a step's tile comes from the blank's next vertex.
            Method::CycleRotation => rotated(puzzle, start, goal, limits, |(from, _)| from)?,
            Method::ConstructiveBoard | Method::ConstructiveGraph => {
                if plan.method == Method::ConstructiveBoard {
                    check_collected_board(puzzle, limits.max_memory)?;
                }
                let built = if plan.method == Method::ConstructiveBoard {
                    crate::construct::solve_board_constructively_within(puzzle, start, goal, limits)
                } else {
                    crate::construct::solve_graph_constructively_within(puzzle, start, goal, limits)
                };
                constructed(built)?
            }
        };
        let name = plan.name();
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
                let length = crate::moves::length_in(puzzle, start.blank(), &path, options.metric)
                    .ok_or_else(|| {
                        Error::Internal("a multi-tile length without directions".into())
                    })?;
                let optimal = result.optimal && plan.optimal;
                if optimal {
                    stats.lower_bound = u32::try_from(length).unwrap_or(u32::MAX);
                }
                Ok(Outcome::Solved(Solution {
                    steps: crate::moves::steps_of_blank_path(start.blank(), &path),
                    blank_path: path,
                    metric: options.metric,
                    length,
                    optimal,
                    algorithm: name,
                    stats,
                }))
            }
            None => Ok(not_solved(&result, name, stats)),
        }
    }

    /// Solves and writes the moves to `out` (slidysim letters with counts
    /// where the puzzle has directions, else the blank path), followed by a
    /// newline. Constructive board solutions are streamed: the moves never
    /// sit in memory and are replayed as they are written, so a 1000 x 1000
    /// board takes a few hundred MB. Nothing is written for an unsolvable
    /// or stopped instance.
    ///
    /// # Errors
    /// As [`Solver::solve`]; [`Error::Io`]-like write errors.
    pub fn solve_to_writer(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
        out: &mut (dyn std::io::Write + Send),
    ) -> Result<Written> {
        let plan = self.plan(puzzle, goal, options)?;
        if plan.streamed {
            let verdict = Self::precheck(puzzle, start, goal)?;
            if !verdict.solvable {
                return Ok(Written::NotSolved(Outcome::Unsolvable(verdict)));
            }
            let clock = Instant::now();
            let StreamReport { moves, mtm } =
                match stream_board_solution_within(puzzle, start, goal, out, &options.limits) {
                    Ok(report) => report,
                    Err(Error::Stopped { reason, .. }) => {
                        return Ok(Written::NotSolved(Outcome::Stopped {
                            reason,
                            algorithm: plan.name(),
                            stats: SearchStats {
                                seconds: clock.elapsed().as_secs_f64(),
                                ..SearchStats::default()
                            },
                        }));
                    }
                    Err(e) => return Err(e),
                };
            return Ok(Written::Solved {
                moves,
                mtm: Some(mtm),
                optimal: false,
                streamed: true,
            });
        }
        let outcome = self.solve_with_plan(puzzle, start, goal, options, &plan)?;
        let Outcome::Solved(s) = &outcome else {
            return Ok(Written::NotSolved(outcome));
        };
        writeln!(out, "{}", s.written(puzzle, start))
            .map_err(|e| Error::io(crate::construct::board::STREAM, e))?;
        Ok(Written::Solved {
            moves: s.steps.len() as u64,
            mtm: s.mtm_length(puzzle, start).map(|m| m as u64),
            optimal: s.optimal,
            streamed: false,
        })
    }
}

/// Solves with a fresh [`Solver`] without a table store (tables, when the
/// plan needs them, are built in memory).
///
/// # Errors
/// As [`Solver::solve`].
pub fn solve(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Outcome> {
    Solver::new().solve(puzzle, start, goal, options)
}

/// How far a stopped search got, in words, from its counters alone (no
/// guess from the method's name): the nodes expanded, how deep it got
/// (IDA*'s bound, A*'s and BFS's deepest level) and the proven lower bound
/// on the optimum when there is one.
///
/// ```
/// use slidepuzzle::{SearchStats, StopReason, solver::stop_message};
/// let stats = SearchStats { expanded: 1000, bound: 51, lower_bound: 51, ..Default::default() };
/// assert_eq!(
///     stop_message(StopReason::MaxNodes, &stats),
///     "node limit reached: 1000 nodes expanded, 51 moves deep; no solution shorter than 51 moves exists"
/// );
/// ```
pub fn stop_message(
    reason: crate::search::StopReason,
    stats: &crate::search::SearchStats,
) -> String {
    let proven = if stats.lower_bound > 0 {
        format!(
            "; no solution shorter than {} moves exists",
            stats.lower_bound
        )
    } else {
        String::new()
    };
    format!(
        "{}: {} nodes expanded, {} moves deep{proven}",
        reason.describe(),
        stats.expanded,
        stats.bound
    )
}
