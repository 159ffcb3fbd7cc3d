//! Constructive (suboptimal, polynomial-time) solvers for puzzles too large
//! for optimal search.

pub mod board;
pub mod cycle;
pub mod exchange;
pub mod graph;
mod limits;
pub mod one_way;
pub mod rotating;
pub mod several;
pub mod shorten;
mod small;
pub mod three_cycle;
pub mod turning;
pub mod walker;

pub(crate) use board::solve_board_constructively_within;
pub(crate) use graph::solve_graph_constructively_within;
