//! The executor's rotating branch ([`super::run::execute`] hands a plan on
//! [`SearchDomain::Rotating`] here): IDA* on the turns with the rotation
//! distance ([`crate::search::rotating`]) or the constructive solver
//! ([`crate::construct::rotating`]); the turns are **replayed** on the
//! model and compared with the goal before they leave, as every
//! solution is.

use std::time::Instant;

use super::options::SolveOptions;
use super::outcome::{Outcome, Solution, not_solved};
use super::plan::{Method, Plan, SearchDomain};
use crate::error::{Error, Result};
use crate::model::rotating::{RotatingPuzzle, Rotation};
use crate::model::{Configuration, Metric};
use crate::search::SearchResult;
use crate::search::rotating::{RotatingDomain, RotationDistance};

/// Solves `start` -> `goal` on the rotating puzzle `puzzle` as `plan`
/// says (reachability was decided by the caller).
///
/// # Errors
/// As [`RotatingDomain::new`] and
/// [`crate::construct::rotating::solve_rotating_constructively`];
/// [`Error::Internal`] if the turns fail their replay.
pub(super) fn solve_by_turns(
    puzzle: &RotatingPuzzle,
    (start, goal): (&Configuration, &Configuration),
    options: &SolveOptions,
    plan: &Plan,
) -> Result<Outcome> {
    let clock = Instant::now();
    let limits = &options.limits;
    let result: SearchResult<Rotation> = if plan.method == Method::RotationIda {
        let domain = RotatingDomain::new(puzzle, start.cells(), goal.cells())?;
        let turns = puzzle.moves();
        crate::search::ida::ida_star(
            domain,
            RotationDistance::default(),
            limits,
            !options.single_thread,
        )
        .map_moves(|found| found.iter().map(|m| turns[m.index()]).collect())
    } else {
        super::outcome::constructed(crate::construct::rotating::solve_rotating_constructively(
            puzzle,
            start.cells(),
            goal.cells(),
            limits,
        ))?
    };
    let mut stats = *result.stats();
    stats.seconds = clock.elapsed().as_secs_f64();
    let SearchResult::Found {
        moves: turns,
        optimal: proven,
        ..
    } = result
    else {
        return Ok(not_solved(&result, plan.name(), stats));
    };
    let mut cells = start.cells().to_vec();
    for &t in &turns {
        puzzle.apply(&mut cells, t);
    }
    if cells != goal.cells() {
        return Err(Error::Internal(format!(
            "the {} solution of {} turns does not reach the goal on replay",
            plan.name(),
            turns.len()
        )));
    }
    let optimal = proven && plan.optimal;
    if optimal {
        stats.lower_bound = u32::try_from(turns.len()).unwrap_or(u32::MAX);
    }
    debug_assert_eq!(plan.domain, SearchDomain::Rotating);
    Ok(Outcome::Solved(Solution {
        steps: Vec::new(),
        length: turns.len(),
        turns,
        metric: Metric::Stm,
        optimal,
        algorithm: plan.name(),
        stats,
    }))
}
