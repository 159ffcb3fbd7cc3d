//! The search core and its kernels.
//!
//! - [`domain::Domain`] (a puzzle as a search sees it: moves, costs,
//!   apply/undo in place, move pruning) with the fast paths
//!   [`board::BoardDomain`] (packed W x H boards) and
//!   [`graph::GraphDomain`] (any graph, boxes and tori included), and
//!   [`several::SeveralBlanksDomain`] (any graph, several blanks);
//! - [`heuristic::Heuristic`] (incremental, admissible) with
//!   [`manhattan::Manhattan`], [`linear_conflict::LinearConflict`],
//!   [`walking::WalkingDistance`], the pattern-database lookups of
//!   [`pdb_lookup`] and the combinators [`heuristic::Max`] and
//!   [`heuristic::Sum`];
//! - one IDA* ([`ida`], its depth-first search in `dfs`), one driver that runs one IDA* instance on all
//!   threads ([`split`]), one best-first family ([`best_first`]: A*,
//!   weighted A*, BFS, beam), one limit check ([`limits`]);
//! - the pattern databases' construction and storage ([`pdb`],
//!   [`pdb_build`], [`graph_pdb`], [`partition`], [`placement`]).
//!
//! Kernels return their domain's moves in a [`SearchResult`] (found,
//! exhausted or stopped); they do not check reachability or replay
//! their answer: the front door ([`crate::solver::Solver`]) decides which
//! domain, heuristic and kernel run, checks first and replays after.

pub mod beam;
pub mod best_first;
pub mod bidirectional;
pub mod blank_aware;
pub mod board;
pub(crate) mod dfs;
pub mod domain;
pub mod enumerate;
pub mod exchanges;
pub mod graph;
pub mod graph_pdb;
pub mod heuristic;
pub mod ida;
pub mod limits;
pub mod linear_conflict;
pub mod manhattan;
pub mod mtm;
pub mod mtm_class_boards;
pub mod mtm_lines;
pub mod mtm_packed;
pub mod mtm_pdb;
pub mod packed;
pub mod partition;
pub mod pdb;
pub mod pdb_build;
pub mod pdb_lookup;
pub mod placement;
pub mod region_index;
pub mod rotating;
pub mod sequences;
pub mod several;
pub mod several_pdb;
pub mod split;
pub mod stats;
pub mod turning;
pub mod turning_blanks;
pub mod walking;

pub use limits::{
    Improvement, ImprovementSink, Limits, MachineMemory, Progress, ProgressSink, StopReason, Work,
    memory_budget,
};
pub use stats::{SearchResult, SearchStats};
