//! Constructive (suboptimal, polynomial-time) solvers for puzzles too large
//! for optimal search.

pub mod board;
pub mod graph;
pub mod shorten;
mod small;
pub mod three_cycle;
pub mod walker;

pub use board::solve_board_constructively;
pub use graph::solve_graph_constructively;
