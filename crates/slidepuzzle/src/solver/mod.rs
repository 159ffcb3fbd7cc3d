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
//!    [`TableStore`](crate::store::TableStore) or built (and saved there), within the memory budget,
//!    refused before anything is allocated when they would not fit;
//! 3. the search runs within the [`Limits`](crate::search::Limits) (nodes, time, memory,
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
//! | boards of 10 to 16 cells | IDA* with additive pattern databases: the strongest cached (on 4x4 7-8, never built automatically, then 7-7-1), else the default partition (6-6-3 on 4x4) when cached, with the stronger 7-7-1 tables built after an answer that took at least [`Plan::later_after`] expansions, else groups of at most 5 tiles built in well under a second, with the default tables built afterwards for later runs; when the quick tables have not solved it within about the default tables' build cost in expansions ([`Plan::switch_after`]), the default tables are built then and the search starts over with them. A goal with its blank in a corner uses the standard goal's cached tables through a board symmetry with the tiles renamed ([`crate::model::symmetry::GoalFrame`]) when its own are not cached, and the tables built for later are the standard goal's |
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
//! assert_eq!(s.steps.len(), 31); // one of the two hardest 8-puzzles
//! assert!(s.optimal);
//! ```

pub mod analysis;
pub mod answers;
mod decide;
mod facade;
mod kernel;
pub mod many;
mod options;
mod outcome;
pub mod plan;
mod rotating;
mod run;
pub mod spec;
mod tables;
mod view;

pub use answers::{
    Listed, Listing, MoveValue, Review, ReviewedMove, SolutionQuery, SolutionSink, Waste,
};
pub use facade::{Solver, solve};
pub use options::{
    AUTO_ASTAR_VERTICES, AUTO_LINEAR_CONFLICT_CELLS, AUTO_OPTIMAL_BOARD_CELLS,
    AUTO_OPTIMAL_GRAPH_VERTICES, AUTO_SEVERAL_BLANKS_NODES, AUTO_SEVERAL_BLANKS_WEIGHT,
    AUTO_TURNING_NODES, AUTO_TURNING_WEIGHT, COLLECTED_BYTES_PER_MOVE, LATER_EXPANSIONS_PER_ENTRY,
    MAX_SEARCH_VERTICES, QUICK_TABLE_ENTRIES, SEVERAL_BLANKS_CHECK_STATES,
    SWITCH_EXPANSIONS_PER_ENTRY, SolveOptions,
};
pub use outcome::{Outcome, Solution, Written, stop_message};
pub use plan::{
    BoardHeuristic, Fallback, Method, Plan, RISING_WEIGHTS, SearchDomain, TableKind, TablePlan,
};
pub use spec::{Algorithm, Heuristic, MAX_WEIGHT, MovePruning, Partition};
pub use tables::{BuildStatus, EventSink};
pub use view::{SolutionView, TurnView};
