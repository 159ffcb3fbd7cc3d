//! What every search kernel returns: the path (if found), whether it is
//! proven optimal, node counters and why it stopped.

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
    /// The search ran out of nodes to expand without a solution: the goal
    /// is unreachable (the kernels' move pruning keeps a shortest path to
    /// every configuration, docs/THEORY.md section 5).
    pub exhausted: bool,
}
