//! Puzzles whose slides exchange two other tiles (Conway's M13,
//! [`crate::model::exchanges`]) as a search domain: one blank, a move
//! slides a tile into it and swaps the tiles on the edge's pair.
//!
//! A move is its own inverse (the way back exchanges the same pair), so
//! the domain prunes the move that returns the blank where it was, as
//! the graph domain does. No heuristic here follows tiles (an exchange
//! moves two tiles that did not slide), so the plan searches breadth
//! first ([`crate::search::heuristic::Zero`]): M13 has 13 x 95,040
//! configurations.

use super::domain::{Domain, Step};
use super::packed::{Adjacency, GraphCells, cells_in};
use crate::model::{Configuration, Puzzle};

/// No pair: the slide exchanges nothing.
const NO_PAIR: (u8, u8) = (u8::MAX, u8::MAX);

/// The packed cells, the blank's moves and the pair each move exchanges.
#[derive(Clone, Debug)]
pub struct ExchangeDomain {
    cells: GraphCells,
    adjacency: Adjacency,
    /// `pairs[to * n + from]`: the pair a slide from `from` into `to`
    /// exchanges ([`NO_PAIR`] for none): one lookup a move.
    pairs: Vec<(u8, u8)>,
    n: usize,
}

impl ExchangeDomain {
    /// The puzzle at `start`, searching for `goal`. `None` for a puzzle
    /// without exchanges, above 256 vertices, or unless both
    /// configurations have one blank.
    pub(crate) fn new(
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let exchanges = puzzle.exchanges()?;
        let n = puzzle.vertex_count();
        let fits = |c: &Configuration| c.len() == n && c.blanks().len() == 1;
        if !fits(start) || !fits(goal) {
            return None;
        }
        let adjacency = Adjacency::new(puzzle.graph())?;
        let pairs = (0..n * n)
            .map(|i| match exchanges.pair(i % n, i / n) {
                Some((r, s)) => (r as u8, s as u8),
                None => NO_PAIR,
            })
            .collect();
        let cells = GraphCells::new(start, goal)?;
        Some(ExchangeDomain {
            cells,
            adjacency,
            pairs,
            n,
        })
    }

    /// Swaps the tiles of the pair a slide between `from` and `to`
    /// exchanges.
    #[inline(always)]
    fn exchange(&mut self, m: Step) {
        let i = m.to as usize * self.n + m.from as usize;
        let Some(&(r, s)) = self.pairs.get(i) else {
            return;
        };
        if (r, s) != NO_PAIR {
            let (a, b) = (self.cells.get(r), self.cells.get(s));
            self.cells.set(r, b);
            self.cells.set(s, a);
        }
    }
}

const NO_VERTEX: u16 = u16::MAX;

#[inline(always)]
fn context(blank: u8, prev: u16) -> u32 {
    blank as u32 | (prev as u32) << 16
}

impl Domain for ExchangeDomain {
    type Move = Step;
    /// The blank's vertex, and its vertex before the last move.
    type Context = u32;

    fn root_context(&self) -> u32 {
        context(self.cells.blank().unwrap_or(0) as u8, NO_VERTEX)
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
    fn child_context(&self, _: u32, m: Step, _: usize) -> u32 {
        context(m.from, m.to as u16)
    }

    #[inline(always)]
    fn apply(&mut self, m: Step) {
        self.cells.slide(m);
        self.exchange(m);
    }

    #[inline(always)]
    fn undo(&mut self, m: Step) {
        self.exchange(m);
        self.cells.slide_back(m);
    }

    cells_in!(cells);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_and_its_undo_agree_with_the_general_model() {
        let puzzle = Puzzle::parse("m13").unwrap();
        let goal = puzzle.default_goal();
        let mut d = ExchangeDomain::new(&puzzle, &goal, &goal).unwrap();
        let mut c = goal.clone();
        let root = d.root_context();
        let m = d.nth_move(root, 3).unwrap();
        d.apply(m);
        puzzle.slide(&mut c, m.from as usize, m.to as usize);
        let bytes: Vec<u8> = c.cells().iter().map(|&t| t as u8).collect();
        assert_eq!(d.cells(), bytes.as_slice());
        d.undo(m);
        assert!(d.is_goal());
    }
}
