//! Optimal solutions of the small regions the constructive solvers leave
//! for last (a 2 x 3 corner of a board, a block of a few vertices).

use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};

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
    let limits = crate::search::Limits::default();
    let board = puzzle.plain_board_size().and_then(|(w, h)| {
        crate::search::board::BoardTables::new(
            w,
            h,
            goal,
            crate::search::board::BoardHeuristic::LinearConflict,
        )
    });
    let result = match board {
        Some(tables) => crate::search::board::solve_board(&tables, start, &limits),
        None => crate::search::astar::best_first(
            puzzle.graph(),
            start,
            goal,
            crate::search::astar::BestFirst::AStar { weight: 1.0 },
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
