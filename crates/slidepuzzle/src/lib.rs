//! # slidepuzzle
//!
//! Sliding-tile puzzles on any graph. A puzzle is a graph with one tile on
//! every vertex but one (the blank); a move slides a tile along an edge into
//! the blank.
//!
//! - [`model`]: graphs, puzzles (boards, tori, boxes, named graphs, JSON
//!   graphs), configurations.
//! - [`format`] and [`moves`]: slidysim state strings and move letters, flat
//!   lists, blank paths, tile numbers.
//! - [`theory`]: blocks, reachability on any graph (Wilson 1974 and its
//!   extension), uniform scrambles.
//! - [`search`]: optimal solving (IDA* with Manhattan distance and linear
//!   conflict on boards, A* and IDA* with the generalised Manhattan distance
//!   on any graph, BFS) and weighted A*.
//! - [`primitives`]: the shared small routines (BFS, permutation parity,
//!   products and inverses, Lehmer ranking, factorials and binomials).
//! - [`instances`]: Korf's benchmark instances.
//! - [`report`]: the JSON records the CLI (and the web API) print.
//!
//! ```
//! use slidepuzzle::{format::parse_configuration, model::Puzzle, search::*};
//! let puzzle = Puzzle::parse("3x3").unwrap();
//! let start = parse_configuration(&puzzle, "1 2 3/4 5 6/7 0 8", 1).unwrap();
//! match solve(&puzzle, &start, &puzzle.default_goal(), &SolveOptions::default()).unwrap() {
//!     Outcome::Solved(s) => assert_eq!(s.blank_path, vec![8]),
//!     other => panic!("{other:?}"),
//! }
//! ```

pub mod batch;
pub mod construct;
pub mod error;
pub mod explore;
pub mod format;
pub mod instances;
pub mod model;
pub mod moves;
pub mod primitives;
pub mod render;
pub mod report;
pub mod search;
pub mod theory;

pub use error::{Error, Result};
