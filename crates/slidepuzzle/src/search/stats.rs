//! What every search kernel returns: the moves (if found), whether they
//! are proven optimal, node counters and why it stopped.

use super::limits::StopReason;

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
    /// A proven lower bound on the optimal cost (0 when nothing is
    /// proven): IDA*'s last bound, every smaller one having finished (the
    /// length when it found a solution); A*'s least g + h left on its open
    /// list, an optimal path always keeping a node there (Pearl,
    /// "Heuristics", 1984, section 3.1), and at least h at the start.
    /// Holds with an admissible heuristic only; beam search and the
    /// constructions prove none.
    pub lower_bound: u32,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
}

/// What a search algorithm returns: its real outcomes, each with the
/// counters. `M` is the domain's move ([`super::domain::Domain::Move`]); the
/// front door flattens moves into steps `(from, to)` once
/// ([`super::domain::flatten`]).
#[derive(Clone, Debug)]
pub enum SearchResult<M> {
    /// A solution: the moves from the start to the goal, in order.
    Found {
        /// The moves, first to last.
        moves: Vec<M>,
        /// Whether they are proven optimal (an admissible heuristic and an
        /// optimal search).
        optimal: bool,
        /// Counters.
        stats: SearchStats,
    },
    /// The search ran out of nodes to expand without a solution: the goal
    /// is unreachable (the kernels' move pruning keeps a shortest path to
    /// every configuration, docs/THEORY.md section 5).
    Exhausted {
        /// Counters.
        stats: SearchStats,
    },
    /// A limit stopped the search before it found a solution.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// Counters up to the stop.
        stats: SearchStats,
    },
}

impl<M> SearchResult<M> {
    /// The outcome of a search that ended without a solution: exhausted,
    /// or stopped by `stopped` (a search stopped with no reason recorded,
    /// such as a sibling thread's halt, counts as cancelled).
    pub(crate) fn not_found(
        exhausted: bool,
        stopped: Option<StopReason>,
        stats: SearchStats,
    ) -> Self {
        match (exhausted, stopped) {
            (true, _) => Self::Exhausted { stats },
            (false, reason) => Self::Stopped {
                reason: reason.unwrap_or(StopReason::Cancelled),
                stats,
            },
        }
    }

    /// The counters.
    pub fn stats(&self) -> &SearchStats {
        match self {
            Self::Found { stats, .. } | Self::Exhausted { stats } | Self::Stopped { stats, .. } => {
                stats
            }
        }
    }

    /// The counters, to change.
    pub(crate) fn stats_mut(&mut self) -> &mut SearchStats {
        match self {
            Self::Found { stats, .. } | Self::Exhausted { stats } | Self::Stopped { stats, .. } => {
                stats
            }
        }
    }

    /// The moves of a solution, if one was found.
    pub fn moves(&self) -> Option<&[M]> {
        match self {
            Self::Found { moves, .. } => Some(moves),
            _ => None,
        }
    }

    /// The solution's single-tile steps `(from, to)`
    /// ([`super::domain::flatten`]), if one was found.
    pub fn steps(&self) -> Option<Vec<(usize, usize)>>
    where
        M: super::domain::Steps,
    {
        self.moves().map(super::domain::flatten)
    }

    /// The limit that stopped the search, if one did.
    pub fn stopped(&self) -> Option<StopReason> {
        match self {
            Self::Stopped { reason, .. } => Some(*reason),
            _ => None,
        }
    }

    /// Whether a solution was found and proven optimal.
    pub fn optimal(&self) -> bool {
        matches!(self, Self::Found { optimal: true, .. })
    }

    /// The same outcome with the moves changed by `f` (the flattening of a
    /// domain's moves into steps, a symmetry's mapping back).
    pub(crate) fn map_moves<N>(self, f: impl FnOnce(Vec<M>) -> Vec<N>) -> SearchResult<N> {
        match self {
            Self::Found {
                moves,
                optimal,
                stats,
            } => SearchResult::Found {
                moves: f(moves),
                optimal,
                stats,
            },
            Self::Exhausted { stats } => SearchResult::Exhausted { stats },
            Self::Stopped { reason, stats } => SearchResult::Stopped { reason, stats },
        }
    }
}
