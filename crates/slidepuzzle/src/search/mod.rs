//! The search kernels: IDA* (packed boards, boards with pattern
//! databases, any graph), A*, weighted A*, BFS and beam search, the
//! heuristics they use and the pattern databases' construction.
//!
//! Kernels take the general model ([`Puzzle`], [`Configuration`]), convert
//! internally and return blank paths; they do not check reachability or
//! replay their answer: the front door ([`crate::solver::Solver`]) decides
//! which kernel runs, checks first and replays after.

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

pub use limits::{Limits, StopReason};

use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};

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

/// An optimal blank path for a small instance (the constructive solvers'
/// last regions): IDA* with Manhattan distance and linear conflict on
/// plain boards, A* with the generalised Manhattan distance elsewhere,
/// checked for reachability first and replayed after.
///
/// # Errors
/// [`Error::Unsupported`] when `goal` cannot be reached from `start` (with
/// the reason) or the search stops at a limit; [`Error::Internal`] if the
/// path fails its replay.
pub(crate) fn small_optimal_path(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> Result<Vec<usize>> {
    let verdict = crate::theory::check(puzzle, start, goal)?;
    if !verdict.solvable {
        return Err(Error::Unsupported(format!(
            "the part is not solvable as it stands: {}",
            verdict.reason
        )));
    }
    let limits = Limits::default();
    let board = puzzle.plain_board_size().and_then(|(w, h)| {
        board::BoardTables::new(w, h, goal, board::BoardHeuristic::LinearConflict)
    });
    let result = match board {
        Some(tables) => board::solve_board(&tables, start, &limits),
        None => astar::best_first(
            puzzle.graph(),
            start,
            goal,
            astar::BestFirst::AStar { weight: 1.0 },
            &limits,
        ),
    };
    let path = result.path.ok_or_else(|| {
        Error::Unsupported(format!(
            "the search for a part stopped: {:?}",
            result.stopped
        ))
    })?;
    if &crate::moves::replay(puzzle, start, &path)? != goal {
        return Err(Error::Internal(
            "a part's solution does not reach its goal on replay".into(),
        ));
    }
    Ok(path)
}
