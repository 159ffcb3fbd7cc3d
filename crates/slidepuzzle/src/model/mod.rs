//! The general model: a graph, a configuration on it, and moves.
//!
//! Everything in the library accepts these types; fast kernels (packed
//! boards) convert from them and agree with them (see `search::board`).

pub mod budget;
pub mod components;
pub mod config;
pub mod digraph;
pub mod exchanges;
pub mod graph;
pub mod m13;
pub mod metric;
pub mod one_way;
pub mod puzzle;
pub mod random_graph;
pub mod rotating;
pub mod spec;
pub mod symmetry;
pub mod turn_specs;
pub mod turns;

pub use components::ComponentPuzzle;
pub use config::{BLANK, Configuration, Tile};
pub use graph::Graph;
pub use metric::Metric;
pub use puzzle::{Direction, Puzzle, PuzzleKind};
