//! The fast path for plain W x H boards: the configuration packed in a
//! byte array, the blank's moves precomputed in the order up, left, right,
//! down (the order of Korf 1985, which fixes the node counts of the last
//! IDA* iteration), and the move that undoes the previous one pruned.

use super::domain::{Domain, Step};
use crate::model::Configuration;

/// Largest board (in cells) the domain accepts.
pub const MAX_CELLS: usize = 64;

/// A W x H board with one blank, up to [`MAX_CELLS`] cells.
#[derive(Clone, Debug)]
pub struct BoardDomain {
    cells: [u8; MAX_CELLS],
    goal: [u8; MAX_CELLS],
    n: usize,
    /// The blank's moves from each cell, up, left, right, down.
    moves: [[u8; 4]; MAX_CELLS],
    move_count: [u8; MAX_CELLS],
}

/// Marks "no previous move" in the pruning context.
const NO_CELL: u8 = u8::MAX;

impl BoardDomain {
    /// The board `width x height` at `start`, searching for `goal`.
    /// `None` above [`MAX_CELLS`] cells, or unless both configurations
    /// have `width * height` cells and one blank.
    pub fn new(
        width: usize,
        height: usize,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let n = width * height;
        let fits = |c: &Configuration| c.len() == n && c.blanks().len() == 1;
        if n > MAX_CELLS || !fits(start) || !fits(goal) {
            return None;
        }
        let mut moves = [[0u8; 4]; MAX_CELLS];
        let mut move_count = [0u8; MAX_CELLS];
        for p in 0..n {
            let (x, y) = (p % width, p / width);
            let targets = [
                (y > 0).then(|| p - width),
                (x > 0).then(|| p - 1),
                (x + 1 < width).then(|| p + 1),
                (y + 1 < height).then(|| p + width),
            ];
            for q in targets.into_iter().flatten() {
                moves[p][move_count[p] as usize] = q as u8;
                move_count[p] += 1;
            }
        }
        let mut domain = BoardDomain {
            cells: [0; MAX_CELLS],
            goal: [0; MAX_CELLS],
            n,
            moves,
            move_count,
        };
        for (g, &t) in domain.goal.iter_mut().zip(goal.cells()) {
            *g = t as u8;
        }
        let start: Vec<u8> = start.cells().iter().map(|&t| t as u8).collect();
        domain.set_cells(&start);
        Some(domain)
    }
}

/// The blank's cell in the low byte of a context, the blank's cell
/// before the last move in the high byte.
#[inline(always)]
fn context(blank: u8, prev: u8) -> u16 {
    blank as u16 | (prev as u16) << 8
}

impl Domain for BoardDomain {
    type Move = Step;
    /// The blank's cell, and its cell before the last move (see
    /// `context`).
    type Context = u16;

    fn root_context(&self) -> u16 {
        let blank = self.cells[..self.n].iter().position(|&t| t == 0);
        context(blank.unwrap_or(0) as u8, NO_CELL)
    }

    #[inline(always)]
    fn branching(&self, context: u16) -> usize {
        self.move_count[context as usize & (MAX_CELLS - 1)] as usize
    }

    #[inline(always)]
    fn nth_move(&self, at: u16, i: usize) -> Option<(Step, u16)> {
        let (blank, prev) = (at as u8, (at >> 8) as u8);
        let p = self.moves[blank as usize & (MAX_CELLS - 1)][i & 3];
        if p == prev {
            return None;
        }
        let tile = self.cells[p as usize & (MAX_CELLS - 1)];
        let step = Step {
            tile,
            from: p,
            to: blank,
        };
        Some((step, context(p, blank)))
    }

    #[inline(always)]
    fn apply(&mut self, s: Step) {
        self.cells[s.to as usize & (MAX_CELLS - 1)] = s.tile;
        self.cells[s.from as usize & (MAX_CELLS - 1)] = 0;
    }

    #[inline(always)]
    fn undo(&mut self, s: Step) {
        self.cells[s.from as usize & (MAX_CELLS - 1)] = s.tile;
        self.cells[s.to as usize & (MAX_CELLS - 1)] = 0;
    }

    fn is_goal(&self) -> bool {
        self.cells[..self.n] == self.goal[..self.n]
    }

    fn cells(&self) -> &[u8] {
        &self.cells[..self.n]
    }

    fn set_cells(&mut self, cells: &[u8]) {
        self.cells[..self.n].copy_from_slice(&cells[..self.n]);
    }
}
