//! What the front door's analyses answer ([`super::Solver::solutions`],
//! [`super::Solver::review`], [`super::Solver::waste`],
//! [`super::Solver::good_moves`]): plain data, apart from the code that
//! computes it.

use crate::error::Result;
use crate::model::{Configuration, Metric, Puzzle};
use crate::search::{SearchStats, StopReason};
use crate::theory::Verdict;

/// Which solutions [`super::Solver::solutions`] lists. The default lists every
/// optimal solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolutionQuery {
    /// List at most this many (shortest first); `None`: every solution in
    /// the range of lengths.
    pub max_count: Option<u64>,
    /// The shortest length listed (default: the optimum).
    pub min_length: Option<u32>,
    /// The longest length listed. Default: the optimum plus
    /// `beyond_optimal` when that is given, else the optimum, unless only
    /// `max_count` is given (then as long as it takes to list that many).
    pub max_length: Option<u32>,
    /// List solutions up to this many moves longer than the optimum.
    pub beyond_optimal: Option<u32>,
}

/// Where [`super::Solver::solutions`] sends each solution: its steps
/// `(from, to)`; returns `false` to stop the listing.
pub type SolutionSink<'a> = dyn FnMut(&[(usize, usize)]) -> bool + 'a;

/// What [`super::Solver::solutions`] found.
#[derive(Clone, Debug)]
pub struct Listing {
    /// The optimal length in the metric.
    pub optimal_length: usize,
    /// Solutions passed to the sink.
    pub count: u64,
    /// Whether every solution in the range was listed (false when the
    /// count or a limit stopped the listing first).
    pub complete: bool,
    /// The method's short name ([`super::Plan::name`]).
    pub algorithm: String,
    /// Counters of the optimal search and the listing together.
    pub stats: SearchStats,
    /// The limit that stopped the listing, if one did.
    pub stopped: Option<StopReason>,
}

/// What [`super::Solver::solutions`] returns.
#[derive(Clone, Debug)]
pub enum Listed {
    /// Solutions were listed (see the counts).
    Listed(Listing),
    /// The goal cannot be reached; the verdict says why.
    Unsolvable(Verdict),
}

/// One move of a reviewed solution ([`super::Solver::review`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewedMove {
    /// The move's steps `(from, to)` (one in STM, a straight run of one
    /// blank in MTM).
    pub steps: Vec<(usize, usize)>,
    /// Optimal distance to the goal before the move.
    pub before: usize,
    /// Optimal distance after it.
    pub after: usize,
    /// Moves lost: `1 + after - before` (0 for a move that keeps the
    /// solution optimal; 2 for a wrong single-tile move on a bipartite
    /// board).
    pub loss: usize,
}

/// The analysis of a solution ([`super::Solver::review`]): slidy-cli's
/// `opt-diff`, the speedsolvers' bots' "analyse".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The metric moves and distances are counted in.
    pub metric: Metric,
    /// The optimal distance before each move, and after the last (0 when
    /// the moves end at the goal): one more entry than [`Review::moves`].
    pub distances: Vec<usize>,
    /// Each move with its distances and loss.
    pub moves: Vec<ReviewedMove>,
    /// The solution's length in the metric.
    pub length: usize,
    /// The total of the losses: length - (distance at the start - distance
    /// at the end), so `length - optimum` for a solution that ends at the
    /// goal.
    pub waste: usize,
}

impl Review {
    /// Each reviewed move as people write it, from the position it was
    /// made in ([`crate::moves::write_steps`]: letters, the blank's walk,
    /// or `FROM>TO` steps with several blanks), `start` being where the
    /// reviewed solution began. O(steps).
    ///
    /// # Errors
    /// [`crate::Error::Moves`] if the moves do not replay from `start`
    /// (they do, for a review made from `start`).
    pub fn written(&self, puzzle: &Puzzle, start: &Configuration) -> Result<Vec<String>> {
        let mut at = start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for m in &self.moves {
            out.push(crate::moves::write_steps(puzzle, &at, &m.steps));
            at = crate::moves::replay_steps(puzzle, &at, &m.steps)?;
        }
        Ok(out)
    }
}

/// The waste of a solution without the profile ([`super::Solver::waste`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waste {
    /// The solution's length in the metric.
    pub length: usize,
    /// The optimal distance of the start.
    pub optimal: usize,
    /// The optimal distance left at the end (0 when the moves solve it).
    pub remaining: usize,
    /// length - (optimal - remaining).
    pub waste: usize,
}

/// A move from a position with its distance after it ([`super::Solver::good_moves`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move's steps `(from, to)` (one in STM, a straight run of one
    /// blank in MTM).
    pub steps: Vec<(usize, usize)>,
    /// Optimal distance to the goal after the move.
    pub distance: usize,
    /// Whether the move keeps the position optimal (distance after = before
    /// - 1).
    pub good: bool,
}
