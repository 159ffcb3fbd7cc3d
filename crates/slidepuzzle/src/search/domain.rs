//! What a search needs from a puzzle: the [`Domain`] trait.
//!
//! A domain owns one mutable configuration and changes it in place:
//! [`Domain::apply`] makes a move, [`Domain::undo`] takes it back. Moves are
//! enumerated by index ([`Domain::branching`], [`Domain::nth_move`]) so a
//! depth-first search needs no allocation per node; a move-pruning
//! context ([`Domain::Context`]) travels down the search tree and lets the
//! domain refuse moves that are redundant after the ones before (at least
//! the move that undoes the previous one).
//!
//! The search kernels ([`super::ida`], [`super::split`],
//! [`super::best_first`]) are generic over a domain and a
//! [`super::heuristic::Heuristic`], monomorphised, so the inner loop has no
//! dynamic dispatch. The domains here: [`super::board::BoardDomain`] (W x H
//! boards packed in a byte array, the fast path) and
//! [`super::graph::GraphDomain`] (any graph, including boxes, tori and
//! boards with diagonal moves).

/// One tile sliding along an edge into the blank: the tile leaves vertex
/// `from` (where the blank goes) for vertex `to` (where the blank was).
/// Vertices are numbered as in the puzzle's graph (boards in reading
/// order); `tile` is the tile's number (1..n-1).
///
/// Four bytes aligned (three fields and padding), so a step is one 32-bit
/// value in the search's registers and on its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(4))]
pub struct Step {
    /// The moving tile.
    pub tile: u8,
    /// The tile's vertex before the move (the blank's after).
    pub from: u8,
    /// The tile's vertex after the move (the blank's before).
    pub to: u8,
}

/// The single-tile steps a move is made of, in the order they happen; a
/// move of the single-tile metric is one step, a move of the multi-tile
/// metric (a straight run of tiles) is several. Heuristics that follow
/// tiles ([`super::manhattan`], pattern databases) update step by step.
pub trait Steps: Copy {
    /// Calls `f` on each step in order.
    fn for_each_step(self, f: impl FnMut(Step));
}

impl Steps for Step {
    #[inline(always)]
    fn for_each_step(self, mut f: impl FnMut(Step)) {
        f(self)
    }
}

/// A sliding-tile puzzle as a search sees it: one configuration changed in
/// place, its moves, their costs, and move pruning.
///
/// Conventions: cells are one byte per vertex holding the tile number, 0
/// for a blank; a solution is the list of the domain's moves, which the
/// front door flattens into single-tile steps ([`Steps`]).
pub trait Domain {
    /// A move as the search stores it on its path.
    type Move: Steps;
    /// What the search carries down the tree besides the configuration:
    /// where the blank is (kept in a register rather than in the domain)
    /// and what move pruning remembers (the previous move, or a state of a
    /// finite automaton over move sequences).
    type Context: Copy;

    /// The context of the current configuration as a search's root
    /// (nothing pruned). O(n): it may look for the blank.
    fn root_context(&self) -> Self::Context;

    /// An upper bound on the number of moves from the current
    /// configuration, reached with `context`: [`Domain::nth_move`] is asked
    /// for `0..branching(context)`.
    fn branching(&self, context: Self::Context) -> usize;

    /// The `i`-th move from the current configuration, or `None` when
    /// there is no such move or it is pruned in `context`. The order of
    /// the moves is the order the search tries them (it decides which of
    /// several optimal solutions IDA* returns, and the node count of its
    /// last iteration).
    fn nth_move(&self, context: Self::Context, i: usize) -> Option<Self::Move>;

    /// The context after `m`, the `i`-th move in `context` (asked only for
    /// the moves the search makes, not for those the bound prunes).
    fn child_context(&self, context: Self::Context, m: Self::Move, i: usize) -> Self::Context;

    /// The cost of a move: 1 in the single-tile metric.
    #[inline(always)]
    fn cost(&self, _m: Self::Move) -> u32 {
        1
    }

    /// Makes a move (one of [`Domain::nth_move`]'s).
    fn apply(&mut self, m: Self::Move);

    /// Takes back the last move made.
    fn undo(&mut self, m: Self::Move);

    /// Whether the current configuration is the goal.
    fn is_goal(&self) -> bool;

    /// The current configuration, one byte per vertex (0 = blank).
    fn cells(&self) -> &[u8];

    /// Sets the current configuration (same vertex count, same tiles);
    /// searches from it start with [`Domain::root_context`].
    fn set_cells(&mut self, cells: &[u8]);

    /// The goal's cells, as [`Domain::cells`] holds them, where the domain
    /// keeps them (searches from the goal need them); `None` otherwise.
    fn goal_cells(&self) -> Option<&[u8]> {
        None
    }

    /// The largest value a cell can hold: the number of tiles, unless
    /// cells hold something else (labels of turned tiles,
    /// [`super::turning`]). Searches that pack cells into keys size them
    /// by it.
    fn largest_cell(&self) -> usize {
        self.cells().len().saturating_sub(1)
    }
}

/// A domain a split search can copy to its threads
/// ([`super::split`]): every [`Domain`] that is `Clone + Send + Sync`
/// with sendable moves and contexts.
pub trait SharedDomain:
    Domain<Move: Send + Sync, Context: Send + Sync> + Clone + Send + Sync
{
}

impl<D> SharedDomain for D
where
    D: Domain + Clone + Send + Sync,
    D::Move: Send + Sync,
    D::Context: Send + Sync,
{
}

/// A domain's moves flattened into single-tile steps as `(from, to)`
/// vertices (the tile on `from` slides into the blank on `to`), in order:
/// the one place a kernel's path becomes the library's. O(steps).
///
/// ```
/// use slidepuzzle::search::domain::{Step, flatten};
/// let moves = [Step { tile: 8, from: 7, to: 8 }, Step { tile: 5, from: 4, to: 7 }];
/// assert_eq!(flatten(&moves), [(7, 8), (4, 7)]);
/// ```
pub fn flatten<M: Steps>(moves: &[M]) -> Vec<(usize, usize)> {
    let mut steps = Vec::with_capacity(moves.len());
    for &m in moves {
        m.for_each_step(|s| steps.push((s.from as usize, s.to as usize)));
    }
    steps
}
