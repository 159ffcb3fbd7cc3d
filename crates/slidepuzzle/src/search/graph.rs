//! Any graph puzzle with one blank as a search domain: boxes, tori, boards
//! with diagonal moves, thetas and arbitrary graphs of up to
//! [`super::manhattan::MAX_VERTICES`] vertices. The blank's moves follow
//! the graph's neighbour order; the move that undoes the previous one is
//! pruned.

use super::domain::{Domain, Step};
use super::manhattan::MAX_VERTICES;
use super::packed::{Adjacency, GraphCells, cells_in};
use crate::model::{Configuration, Graph, Puzzle};

/// A graph puzzle's configuration and adjacency, packed (one byte per
/// vertex, neighbours in one array).
#[derive(Clone, Debug)]
pub struct GraphDomain {
    cells: GraphCells,
    adjacency: Adjacency,
}

/// Marks "no previous move" in the pruning context.
const NO_VERTEX: u16 = u16::MAX;

impl GraphDomain {
    /// The puzzle on `graph` at `start`, searching for `goal`. `None` above
    /// [`MAX_VERTICES`] vertices, or unless both configurations have one
    /// cell per vertex and one blank.
    pub fn new(graph: &Graph, start: &Configuration, goal: &Configuration) -> Option<Self> {
        Self::with_moves(Adjacency::new(graph)?, graph.vertex_count(), start, goal)
    }

    /// [`GraphDomain::new`] with the blank's moves of `puzzle`
    /// ([`crate::model::Puzzle::blank_moves`]: against the arcs on a
    /// puzzle with one-way edges). The move that undoes the previous one
    /// is pruned only where it exists.
    pub(crate) fn of_puzzle(
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        Self::with_moves(
            Adjacency::of_puzzle(puzzle)?,
            puzzle.vertex_count(),
            start,
            goal,
        )
    }

    fn with_moves(
        adjacency: Adjacency,
        n: usize,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let fits = |c: &Configuration| c.len() == n && c.blanks().len() == 1;
        if n > MAX_VERTICES || !fits(start) || !fits(goal) {
            return None;
        }
        Some(GraphDomain {
            cells: GraphCells::new(start, goal)?,
            adjacency,
        })
    }
}

/// The blank's vertex in the low 16 bits of a context, the blank's vertex
/// before the last move in the high 16 bits.
#[inline(always)]
fn context(blank: u8, prev: u16) -> u32 {
    blank as u32 | (prev as u32) << 16
}

impl Domain for GraphDomain {
    type Move = Step;
    /// The blank's vertex, and its vertex before the last move (see
    /// `context`).
    type Context = u32;

    fn root_context(&self) -> u32 {
        let blank = self.cells.blank();
        context(blank.unwrap_or(0) as u8, NO_VERTEX)
    }

    #[inline(always)]
    fn branching(&self, at: u32) -> usize {
        self.adjacency.neighbors(at as u8).len()
    }

    #[inline(always)]
    fn nth_move(&self, at: u32, i: usize) -> Option<Step> {
        let (blank, prev) = (at as u8, (at >> 16) as u16);
        let p = *self.adjacency.neighbors(blank).get(i)?;
        if p as u16 == prev {
            return None;
        }
        Some(Step {
            tile: self.cells.get(p),
            from: p,
            to: blank,
        })
    }

    #[inline(always)]
    fn child_context(&self, _: u32, s: Step, _: usize) -> u32 {
        context(s.from, s.to as u16)
    }

    #[inline(always)]
    fn apply(&mut self, s: Step) {
        self.cells.slide(s);
    }

    #[inline(always)]
    fn undo(&mut self, s: Step) {
        self.cells.slide_back(s);
    }

    cells_in!(cells);
}
