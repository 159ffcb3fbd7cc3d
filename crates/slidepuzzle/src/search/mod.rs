//! The search kernels: IDA* (packed boards, boards with pattern
//! databases, any graph), A*, weighted A*, BFS and beam search, the
//! heuristics they use and the pattern databases' construction.
//!
//! Kernels take the general model ([`crate::Puzzle`], [`crate::Configuration`]), convert
//! internally and return blank paths; they do not check reachability or
//! replay their answer: the front door ([`crate::solver::Solver`]) decides
//! which kernel runs, checks first and replays after.

pub mod astar;
pub mod beam;
pub mod board;
pub(crate) mod deepen;
pub mod graph_pdb;
pub mod heuristic;
pub mod ida;
pub mod limits;
pub mod pdb;
pub mod pdb_build;
pub mod pdb_ida;
pub mod placement;
pub mod split;
pub mod stats;

pub use limits::{Limits, Progress, ProgressSink, StopReason};
pub use stats::{SearchResult, SearchStats};
