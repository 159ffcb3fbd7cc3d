//! Tiles that turn as they slide (docs/THEORY.md section 8) with any
//! number of blanks, as a search domain: the cells hold the labels of
//! [`super::turning`] (tile and orientation in one byte), and a move
//! slides a tile along an edge into any blank, turning it by the edge's
//! turn.
//!
//! Moves are numbered blank vertex by blank vertex over every vertex
//! (`v * d + i` for the `i`-th tile that may slide into `v`, `d` the
//! largest number), so enumeration costs O(n d) a node: meant for the
//! small puzzles breadth-first search answers (the plan searches from
//! both ends, [`super::bidirectional`]), with no heuristic. The move
//! straight back is pruned.

use super::domain::{Domain, Step};
use super::packed::{Adjacency, GraphCells, cells_in};
use super::turning::{MAX_LABELS, TurnStep};
use crate::model::{Configuration, Puzzle};

/// The packed labels, the moves into each vertex and their turns.
#[derive(Clone, Debug)]
pub struct TurningBlanksDomain {
    cells: GraphCells,
    /// `into.neighbors(v)`: the vertices whose tile may slide into `v`.
    into: Adjacency,
    /// `turns[offsets[v] + i]`: the turn of a slide from the `i`-th of
    /// them into `v`.
    turns: Vec<u8>,
    offsets: Vec<u32>,
    modulus: u8,
    degree: usize,
    largest: usize,
}

/// The label of tile `t` turned `o` in Z_`k` (0 for the blank), as in
/// [`super::turning`].
fn label(t: u32, o: u8, k: u8) -> u8 {
    if t == 0 {
        0
    } else {
        ((t as usize - 1) * k as usize + o as usize + 1) as u8
    }
}

impl TurningBlanksDomain {
    /// The puzzle at `start`, searching for `goal` (the same number of
    /// blanks, at least one). `None` for a puzzle without turns, above 256
    /// vertices or [`MAX_LABELS`] labels, or for configurations that do
    /// not fit.
    pub(crate) fn new(
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let turns = puzzle.turns()?;
        let k = turns.modulus();
        let n = puzzle.vertex_count();
        let blanks = start.blanks().len();
        let fits = |c: &Configuration| c.len() == n && c.blanks().len() == blanks;
        if blanks == 0 || n.saturating_sub(blanks) * k as usize > MAX_LABELS {
            return None;
        }
        if !fits(start) || !fits(goal) {
            return None;
        }
        let into = Adjacency::of_puzzle(puzzle)?;
        let mut turn_list = Vec::new();
        let mut offsets = vec![0u32];
        for v in 0..n {
            for &w in puzzle.blank_moves(v) {
                turn_list.push(turns.turn(w, v));
            }
            offsets.push(turn_list.len() as u32);
        }
        let labels = |c: &Configuration| -> Vec<u8> {
            (0..n)
                .map(|v| label(c.tile_at(v), c.orientation_at(v), k))
                .collect()
        };
        let cells = GraphCells::from_bytes(&labels(start), &labels(goal))?;
        let largest = n.saturating_sub(blanks) * k as usize;
        Some(TurningBlanksDomain {
            cells,
            degree: into.max_degree().max(1),
            into,
            turns: turn_list,
            offsets,
            modulus: k,
            largest,
        })
    }

    /// The label `l` turned by `r`.
    #[inline(always)]
    fn turned(&self, l: u8, r: u8) -> u8 {
        let k = self.modulus;
        let (t, o) = ((l - 1) / k, (l - 1) % k);
        t * k + (o + r) % k + 1
    }
}

/// No move before the root.
const NO_MOVE: u32 = u32::MAX;

impl Domain for TurningBlanksDomain {
    type Move = TurnStep;
    /// The last move as `from << 8 | to` (its reversal is pruned).
    type Context = u32;

    fn root_context(&self) -> u32 {
        NO_MOVE
    }

    fn branching(&self, _: u32) -> usize {
        self.cells.cells().len() * self.degree
    }

    fn nth_move(&self, last: u32, i: usize) -> Option<TurnStep> {
        let (v, j) = (i / self.degree, i % self.degree);
        let to = u8::try_from(v).ok()?;
        if self.cells.get(to) != 0 {
            return None;
        }
        let from = *self.into.neighbors(to).get(j)?;
        let tile = self.cells.get(from);
        if tile == 0 || last == (u32::from(to) << 8 | u32::from(from)) {
            return None;
        }
        let r = self.turns[self.offsets[v] as usize + j];
        Some(TurnStep {
            step: Step { tile, from, to },
            turned: self.turned(tile, r),
        })
    }

    fn child_context(&self, _: u32, m: TurnStep, _: usize) -> u32 {
        u32::from(m.step.from) << 8 | u32::from(m.step.to)
    }

    fn apply(&mut self, m: TurnStep) {
        self.cells.set(m.step.to, m.turned);
        self.cells.set(m.step.from, 0);
    }

    fn undo(&mut self, m: TurnStep) {
        self.cells.slide_back(m.step);
    }

    cells_in!(cells);

    fn largest_cell(&self) -> usize {
        self.largest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_turns_its_tile_as_the_general_model_does_and_undo_restores_it() {
        let puzzle = Puzzle::parse("turns:4:0-1^1,1-2,2-3,3-0").unwrap();
        let goal = puzzle
            .orient(Configuration::natural_with_blanks(4, 2))
            .unwrap();
        let mut d = TurningBlanksDomain::new(&puzzle, &goal, &goal).unwrap();
        let root = d.root_context();
        let moves: Vec<TurnStep> = (0..d.branching(root))
            .filter_map(|i| d.nth_move(root, i))
            .collect();
        // Blanks on 2 and 3: tile 2 (on 1) into 2, tile 1 (on 0) into 3.
        assert_eq!(moves.len(), 2);
        for m in moves {
            d.apply(m);
            let mut c = goal.clone();
            puzzle.slide(&mut c, m.step.from as usize, m.step.to as usize);
            let want: Vec<u8> = (0..4)
                .map(|v| label(c.tile_at(v), c.orientation_at(v), 4))
                .collect();
            assert_eq!(d.cells(), want.as_slice());
            d.undo(m);
            assert!(d.is_goal());
        }
    }
}
