#![deny(missing_docs)]
//! # slidepuzzle
//!
//! Sliding-tile puzzles on any graph. A puzzle is a graph with one tile on
//! every vertex but the blanks; a move slides a tile along an edge into a
//! blank.
//!
//! ## The front door
//!
//! Most users need only the items re-exported here:
//!
//! - [`Puzzle`] (`Puzzle::parse("4x4")`, `"theta0"`, `"3x3x2"`, ...),
//!   [`Configuration`] and [`format::parse_configuration`];
//! - [`Solver`] with [`SolveOptions`] ([`Algorithm`], [`Heuristic`],
//!   [`Limits`]): [`Solver::plan`] says how it will solve and why,
//!   [`Solver::solve`] does it and returns an [`Outcome`] whose
//!   [`Solution`] has been replayed to the goal;
//! - [`check`] (is the goal reachable, and why not, in O(V + E)),
//!   [`analyze`] (blocks, puzzle group and its order), [`scramble`]
//!   (uniformly random reachable configurations).
//!
//! ```
//! use slidepuzzle::{format::parse_configuration, Outcome, Puzzle, SolveOptions, Solver};
//! let puzzle = Puzzle::parse("3x3").unwrap();
//! let start = parse_configuration(&puzzle, "1 2 3/4 5 6/7 0 8", 1).unwrap();
//! let goal = puzzle.default_goal();
//! assert!(slidepuzzle::check(&puzzle, &start, &goal).unwrap().solvable);
//! match Solver::new().solve(&puzzle, &start, &goal, &SolveOptions::default()).unwrap() {
//!     Outcome::Solved(s) => assert_eq!(s.steps, vec![(8, 7)]), // tile 8 slides left
//!     other => panic!("{other:?}"),
//! }
//! ```
//!
//! ## The layers
//!
//! - `primitives`: the shared small routines (BFS, permutation parity,
//!   products and inverses, ranking, factorials and binomials).
//! - [`model`]: graphs, puzzles (boards, tori, boxes, named graphs, JSON
//!   graphs), configurations; [`format`](mod@format) and [`moves`]: slidysim state
//!   strings and move letters, flat lists, blank paths, tile numbers.
//! - [`theory`]: blocks, reachability on any graph (Wilson 1974 and its
//!   extension), the puzzle group, several blanks, uniform scrambles.
//! - [`search`]: the kernels (IDA*, A*, BFS, beam; Manhattan distance,
//!   linear conflict, pattern databases).
//! - `construct`: the constructive solvers for any size.
//!
//! `primitives`, `batch` and `construct` are the crate's own (the faces
//! reach them through [`Solver`] and [`problem`]); the `internals`
//! feature makes them public for the crate's tests, benches and fuzzing.
//! - [`explore`]: whole state spaces, words in generators, experiments.
//! - [`solver`]: the front door that decides and checks.
//! - [`store`]: where tables are kept (the only module that touches files,
//!   through the store a caller hands in).

#[cfg(feature = "internals")]
pub mod batch;
#[cfg(not(feature = "internals"))]
pub(crate) mod batch;
#[cfg(feature = "internals")]
pub mod construct;
#[cfg(not(feature = "internals"))]
pub(crate) mod construct;
pub mod error;
pub mod explore;
pub mod format;
pub mod instances;
pub mod model;
pub mod moves;
pub mod notation;
#[cfg(feature = "internals")]
pub mod primitives;
#[cfg(not(feature = "internals"))]
pub(crate) mod primitives;
pub mod problem;
pub mod records;
pub mod render;
pub mod search;
pub mod solver;
pub mod store;
pub mod theory;

pub use error::{Error, Hint, Resource, Result};
pub use model::{Configuration, Graph, Puzzle};
pub use primitives::budget::Budget;
pub use primitives::counting::Count;
pub use search::{Limits, SearchStats, StopReason};
pub use solver::{
    Algorithm, Heuristic, Method, MovePruning, Outcome, Partition, Plan, Solution, SolveOptions,
    Solver, solve,
};
pub use theory::decide::check;
pub use theory::{analyze, uniform_reachable as scramble};
