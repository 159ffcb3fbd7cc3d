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
    use crate::search::{best_first, board, graph, ida, linear_conflict as lc, manhattan, packed};
    let limits = crate::search::Limits::default();
    let unsupported = || Error::Unsupported("a part too large for an optimal search".into());
    let result = match puzzle.plain_board_size() {
        Some((w, h)) if w * h <= packed::MAX_CELLS => {
            let domain =
                board::BoardDomain::<true>::new(w, h, start, goal).ok_or_else(unsupported)?;
            let tables = lc::LinearConflictTables::new(w, h, goal).ok_or_else(unsupported)?;
            ida::ida_star(domain, lc::LinearConflict::new(&tables), &limits, false)
        }
        _ => {
            let domain =
                graph::GraphDomain::new(puzzle.graph(), start, goal).ok_or_else(unsupported)?;
            let distances =
                manhattan::TileDistances::new(puzzle.graph(), goal).ok_or_else(unsupported)?;
            let strategy = best_first::Strategy::AStar { weight: 1.0 };
            best_first::best_first(
                domain,
                manhattan::Manhattan::new(&distances),
                strategy,
                &limits,
            )
        }
    };
    let Some(moves) = result.moves() else {
        return Err(Error::Unsupported(format!(
            "the search for a part stopped: {:?}",
            result.stopped()
        )));
    };
    let path = crate::moves::blank_path_of_steps(&crate::search::domain::flatten(moves));
    if &crate::moves::replay(puzzle, start, &path)? != goal {
        return Err(Error::Internal(
            "a part's solution does not reach its goal on replay".into(),
        ));
    }
    Ok(path)
}
