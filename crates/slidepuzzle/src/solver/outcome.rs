//! What a solve answers: a replayed [`Solution`], or why there is none
//! ([`Outcome`]); what a streamed solve wrote ([`Written`]); a stopped
//! search in words ([`stop_message`]).

use crate::error::{Error, Result};
use crate::model::{Configuration, Metric, Puzzle};
use crate::search::{SearchResult, SearchStats, StopReason};
use crate::theory::Verdict;

/// A verified solution.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The moves as the tile's `(from, to)` vertices, one per single-tile
    /// step (the tile on `from` slides into the blank on `to`), for any
    /// number of blanks ([`crate::moves::replay_steps`] replays them).
    pub steps: Vec<(usize, usize)>,
    /// The turns of a rotating puzzle's solution, in order (it has no
    /// blank, so no steps; [`crate::model::rotating::RotatingPuzzle::apply`]
    /// replays them); empty on a sliding puzzle.
    pub turns: Vec<crate::model::rotating::Rotation>,
    /// Whether [`Solution::length`] is proven optimal in
    /// [`Solution::metric`].
    pub optimal: bool,
    /// The metric the solution was asked for (and is optimal in).
    pub metric: Metric,
    /// Its length in that metric: single-tile steps in STM (the blank
    /// path's length), straight runs in MTM.
    pub length: usize,
    /// The method's short name ([`super::Plan::name`]).
    pub algorithm: String,
    /// Search counters (nodes, last bound, seconds).
    pub stats: SearchStats,
}

impl Solution {
    /// The solution as people and files write it, from its steps: slidysim
    /// letters with counts where there is one blank and every move has a
    /// direction, else the blank's walk with its start (`9-7-4-3`,
    /// [`crate::moves::spell`]), else, with several blanks, the steps
    /// (`3>7 4>3`, [`crate::moves::format_steps`]); on a rotating puzzle
    /// the turns (`1 3' 2`). O(steps).
    ///
    /// ```
    /// use slidepuzzle::{Outcome, Puzzle, solve, SolveOptions};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let start = slidepuzzle::format::parse_configuration(&p, "1 2 3/4 5 6/0 7 8", 1).unwrap();
    /// let Outcome::Solved(s) = solve(&p, &start, &p.default_goal(), &SolveOptions::default()).unwrap()
    /// else { panic!() };
    /// assert_eq!(s.written(&p, &start), "L2");
    /// ```
    pub fn written(&self, puzzle: &Puzzle, start: &Configuration) -> String {
        if let Some(r) = puzzle.rotating() {
            return r.format_moves(&self.turns);
        }
        crate::moves::write_steps(puzzle, start, &self.steps)
    }

    /// The vertices the blank visits after its start (its `from` at each
    /// step, [`crate::moves::blank_path_of_steps`]); empty with several
    /// blanks, where a blank path cannot say which blank moved.
    pub fn blank_path(&self, start: &Configuration) -> Vec<usize> {
        if start.blanks().len() != 1 {
            return Vec::new();
        }
        crate::moves::blank_path_of_steps(&self.steps)
    }

    /// The blank's walk with its start ([`crate::moves::blank_walk`]):
    /// k + 1 vertices for k moves; empty with several blanks.
    pub fn blank_walk(&self, start: &Configuration) -> Vec<usize> {
        crate::moves::walk_of_steps(start, &self.steps)
    }

    /// Its length in multi-tile moves (straight runs of one blank), where
    /// the puzzle has directions and there is one blank; `None` otherwise.
    pub fn mtm_length(&self, puzzle: &Puzzle, start: &Configuration) -> Option<usize> {
        if start.blanks().len() != 1 {
            return None;
        }
        crate::moves::mtm_length(puzzle, start.blank(), &self.blank_path(start))
    }
}

/// What [`super::Solver::solve`] returns.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Solved; the path has been replayed and reaches the goal.
    Solved(Solution),
    /// The goal cannot be reached; the verdict says why.
    Unsolvable(Verdict),
    /// A limit stopped the search first.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// The method's short name.
        algorithm: String,
        /// Counters up to the stop (`bound` = how far it got).
        stats: SearchStats,
    },
}

/// What [`super::Solver::solve_to_writer`] wrote.
#[derive(Clone, Debug)]
pub enum Written {
    /// The moves were written (and replayed to the goal).
    Solved {
        /// Single-tile moves.
        moves: u64,
        /// Multi-tile moves, where the puzzle has directions.
        mtm: Option<u64>,
        /// Whether the length is proven optimal.
        optimal: bool,
        /// Whether the moves were streamed as they were found.
        streamed: bool,
    },
    /// Nothing was written; the outcome says why (unsolvable or stopped).
    NotSolved(Outcome),
}

/// The outcome of a search that returned no path: stopped by a limit, or
/// exhausted, which proves the goal unreachable (the kernels' move pruning
/// keeps a shortest path to every configuration).
pub(super) fn not_solved<M>(
    result: &SearchResult<M>,
    algorithm: String,
    stats: SearchStats,
) -> Outcome {
    if let SearchResult::Exhausted { .. } = result {
        return Outcome::Unsolvable(Verdict {
            solvable: false,
            reason: format!(
                "the search ({algorithm}) expanded every configuration it can reach from the start without meeting the goal"
            ),
            decided_by: crate::theory::Decision::ExhaustiveSearch,
        });
    }
    Outcome::Stopped {
        reason: result.stopped().unwrap_or(StopReason::Cancelled),
        algorithm,
        stats,
    }
}

/// How far a stopped search got, in words, from its counters alone (no
/// guess from the method's name): the nodes expanded, how deep it got
/// (IDA*'s bound, A*'s and BFS's deepest level) and the proven lower bound
/// on the optimum when there is one. A method that counts no nodes (the
/// constructive and rotation solvers) or one stopped before its first
/// expansion is described by the time it ran instead.
///
/// ```
/// use slidepuzzle::{SearchStats, StopReason, solver::stop_message};
/// let stats = SearchStats { expanded: 1000, bound: 51, lower_bound: 51, ..Default::default() };
/// assert_eq!(
///     stop_message(StopReason::MaxNodes, &stats),
///     "node limit reached: 1000 nodes expanded, 51 moves deep; no solution shorter than 51 moves exists"
/// );
/// let constructive = SearchStats { seconds: 20.01, ..Default::default() };
/// assert_eq!(
///     stop_message(StopReason::Timeout, &constructive),
///     "time limit reached after 20.0 s, before the solver had an answer"
/// );
/// ```
pub fn stop_message(
    reason: crate::search::StopReason,
    stats: &crate::search::SearchStats,
) -> String {
    let proven = if stats.lower_bound > 0 {
        format!(
            "; no solution shorter than {} moves exists",
            stats.lower_bound
        )
    } else {
        String::new()
    };
    if stats.expanded == 0 && stats.bound == 0 {
        return format!(
            "{} after {:.1} s, before the solver had an answer{proven}",
            reason.describe(),
            stats.seconds
        );
    }
    format!(
        "{}: {} nodes expanded, {} moves deep{proven}",
        reason.describe(),
        stats.expanded,
        stats.bound
    )
}

/// Constructed moves (steps, or a rotating puzzle's turns) as a search
/// result (not optimal, their count as the bound), or stopped when a limit
/// stopped the construction between moves ([`Error::Stopped`]); other
/// errors pass.
pub(super) fn constructed<M>(built: Result<Vec<M>>) -> Result<SearchResult<M>> {
    match built {
        Ok(steps) => Ok(SearchResult::Found {
            stats: SearchStats {
                bound: u32::try_from(steps.len()).unwrap_or(u32::MAX),
                ..SearchStats::default()
            },
            moves: steps,
            optimal: false,
        }),
        Err(Error::Stopped { reason, .. }) => Ok(SearchResult::Stopped {
            reason,
            stats: SearchStats::default(),
        }),
        Err(e) => Err(e),
    }
}
