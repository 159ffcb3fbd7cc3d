//! The multi-tile metric (MTM) on W x H boards: a move slides a straight
//! run of 1 to k tiles one cell towards the blank, all in the same
//! direction, and costs 1 (docs/THEORY.md section 1; slidysim's and
//! slidy-cli's MTM).
//!
//! [`MtmBoardDomain`] is a [`Domain`] whose moves are [`Run`]s: the blank
//! jumps `len` cells up, left, right or down and the `len` tiles it passes
//! each slide one cell the other way. A run is made of `len` single-tile
//! [`Step`]s ([`Steps`]), so the heuristics that follow tiles step by step
//! (the walking distance, [`super::walking`]) work unchanged.
//!
//! Move pruning: two consecutive runs along the same axis can always be
//! replaced by at most one run (`R1 R2` = `R3`, `R2 L1` = `R1`, `R1 L1` =
//! nothing), so no shortest solution has two; after a horizontal run only
//! vertical runs are generated, and the other way round. This keeps every
//! MTM-optimal solution in its one canonical spelling (maximal runs), so an
//! enumeration of all optimal solutions lists each exactly once. On a 4 x 4
//! board every node but the root has exactly 3 children.

use super::domain::{Domain, Step, Steps};
use crate::model::Configuration;

use super::packed::{BoardCells, MAX_CELLS, cells_in};

/// Longest run: boards at most 16 cells wide and 16 high.
pub const MAX_RUN: usize = 15;

/// One multi-tile move: the blank leaves cell `blank` and jumps `len`
/// cells by `stride` (±1 horizontally, ±W vertically); `tiles[i]` is the
/// tile that slides from cell `blank + (i+1)·stride` to `blank + i·stride`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// The tiles in the order they slide (nearest to the blank first).
    pub tiles: [u8; MAX_RUN],
    /// The blank's cell before the move.
    pub blank: u8,
    /// Cells between consecutive positions of the blank (±1 or ±W).
    pub stride: i8,
    /// How many tiles slide (1..=[`MAX_RUN`]).
    pub len: u8,
}

impl Run {
    /// The blank's cell after the move.
    #[inline(always)]
    pub(crate) fn end(self) -> u8 {
        (self.blank as i32 + self.len as i32 * self.stride as i32) as u8
    }
}

impl Steps for Run {
    #[inline(always)]
    fn for_each_step(self, mut f: impl FnMut(Step)) {
        let mut at = self.blank as i32;
        for &tile in &self.tiles[..self.len as usize] {
            let next = at + self.stride as i32;
            f(Step {
                tile,
                from: next as u8,
                to: at as u8,
            });
            at = next;
        }
    }
}

/// Which axis the next run may take (the pruning part of the context),
/// here and in [`super::mtm_packed`]: any, vertical only, horizontal only.
pub(super) const ANY: u32 = 0;
pub(super) const VERTICAL_ONLY: u32 = 1;
pub(super) const HORIZONTAL_ONLY: u32 = 2;

/// A target of the blank: the cell it jumps to, the stride and the length.
#[derive(Clone, Copy, Debug, Default)]
struct Jump {
    stride: i8,
    len: u8,
}

/// A W x H board (at most [`MAX_CELLS`] cells, sides at most 16) with one
/// blank in the multi-tile metric. Moves from a cell are listed in the
/// order blank up (runs of 1, 2, ...), left, right, down.
#[derive(Clone, Debug)]
pub struct MtmBoardDomain {
    board: BoardCells,
    /// `jumps[cell][axis filter]`: the runs from `cell` allowed under
    /// ANY / VERTICAL_ONLY / HORIZONTAL_ONLY, in move order.
    jumps: Vec<[Vec<Jump>; 3]>,
}

impl MtmBoardDomain {
    /// The board `width x height` at `start`, searching for `goal`. `None`
    /// above [`MAX_CELLS`] cells or [`MAX_RUN`] + 1 cells a side, or
    /// unless both configurations have `width * height` cells and one
    /// blank.
    pub(crate) fn new(
        width: usize,
        height: usize,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let n = width.checked_mul(height)?;
        let fits = |c: &Configuration| c.len() == n && c.blanks().len() == 1;
        if n > MAX_CELLS
            || width > MAX_RUN + 1
            || height > MAX_RUN + 1
            || !fits(start)
            || !fits(goal)
        {
            return None;
        }
        let w = width as i8;
        let mut jumps = Vec::with_capacity(n);
        for p in 0..n {
            let (x, y) = (p % width, p / width);
            let vertical = |stride: i8, reach: usize| {
                (1..=reach).map(move |len| Jump {
                    stride,
                    len: len as u8,
                })
            };
            let up: Vec<Jump> = vertical(-w, y).collect();
            let left: Vec<Jump> = vertical(-1, x).collect();
            let right: Vec<Jump> = vertical(1, width - 1 - x).collect();
            let down: Vec<Jump> = vertical(w, height - 1 - y).collect();
            let all: Vec<Jump> = [&up, &left, &right, &down]
                .into_iter()
                .flatten()
                .copied()
                .collect();
            let vertical_only: Vec<Jump> = up.iter().chain(&down).copied().collect();
            let horizontal_only: Vec<Jump> = left.iter().chain(&right).copied().collect();
            jumps.push([all, vertical_only, horizontal_only]);
        }
        Some(MtmBoardDomain {
            board: BoardCells::new(start, goal)?,
            jumps,
        })
    }

    #[inline(always)]
    fn jumps(&self, context: u32) -> &[Jump] {
        in_context(&self.jumps, context)
    }
}

/// The moves allowed in `context` from lists by blank cell and axis
/// filter (empty for a context outside them).
#[inline(always)]
pub(super) fn in_context<T>(lists: &[[Vec<T>; 3]], context: u32) -> &[T] {
    let blank = (context & 0xff) as usize;
    let filter = (context >> 8) as usize;
    lists
        .get(blank)
        .and_then(|l| l.get(filter))
        .map_or(&[], |v| v.as_slice())
}

/// The context: the blank's cell (bits 0-7) and the axis filter (bits 8+).
#[inline(always)]
pub(super) fn context(blank: u8, filter: u32) -> u32 {
    blank as u32 | filter << 8
}

impl Domain for MtmBoardDomain {
    type Move = Run;
    /// The blank's cell and which axis the next run may take.
    type Context = u32;

    fn root_context(&self) -> u32 {
        let blank = self.board.blank();
        context(blank.unwrap_or(0) as u8, ANY)
    }

    #[inline(always)]
    fn branching(&self, context: u32) -> usize {
        self.jumps(context).len()
    }

    #[inline(always)]
    fn nth_move(&self, context: u32, i: usize) -> Option<Run> {
        let jump = *self.jumps(context).get(i)?;
        let blank = (context & 0xff) as u8;
        let mut tiles = [0u8; MAX_RUN];
        let mut at = blank as i32;
        for t in tiles.iter_mut().take(jump.len as usize) {
            at += jump.stride as i32;
            *t = self.board.get(at as u8);
        }
        Some(Run {
            tiles,
            blank,
            stride: jump.stride,
            len: jump.len,
        })
    }

    #[inline(always)]
    fn child_context(&self, _: u32, m: Run, _: usize) -> u32 {
        let filter = if m.stride == 1 || m.stride == -1 {
            VERTICAL_ONLY
        } else {
            HORIZONTAL_ONLY
        };
        context(m.end(), filter)
    }

    #[inline(always)]
    fn apply(&mut self, m: Run) {
        m.for_each_step(|s| self.board.set(s.to, s.tile));
        self.board.set(m.end(), 0);
    }

    #[inline(always)]
    fn undo(&mut self, m: Run) {
        m.for_each_step(|s| self.board.set(s.from, s.tile));
        self.board.set(m.blank, 0);
    }

    cells_in!(board);
}

/// An admissible MTM heuristic from the tiles' row and column distances
/// alone, for boards where the walking-distance tables do not fit: a
/// vertical run moves at most H - 1 tiles one row each and changes no
/// column, a horizontal run at most W - 1 tiles one column each, so at
/// least ceil(sum of row distances / (H - 1)) vertical and ceil(sum of
/// column distances / (W - 1)) horizontal runs remain. O(1) per step.
#[derive(Clone, Debug)]
pub struct MtmManhattan {
    row: [u8; MAX_CELLS],
    col: [u8; MAX_CELLS],
    goal_row: [u8; 256],
    goal_col: [u8; 256],
    /// Tiles per run, at most (H - 1 and W - 1, at least 1).
    per_vertical: u32,
    per_horizontal: u32,
    vertical: u32,
    horizontal: u32,
}

impl MtmManhattan {
    /// The heuristic for a `width x height` board and `goal`; `None` above
    /// [`MAX_CELLS`] cells or unless `goal` has `width * height` cells.
    pub(crate) fn new(width: usize, height: usize, goal: &Configuration) -> Option<Self> {
        let n = width.checked_mul(height)?;
        if n > MAX_CELLS || goal.len() != n || width == 0 {
            return None;
        }
        let mut h = MtmManhattan {
            row: [0; MAX_CELLS],
            col: [0; MAX_CELLS],
            goal_row: [0; 256],
            goal_col: [0; 256],
            per_vertical: (height as u32).saturating_sub(1).max(1),
            per_horizontal: (width as u32).saturating_sub(1).max(1),
            vertical: 0,
            horizontal: 0,
        };
        for p in 0..n {
            h.row[p] = (p / width) as u8;
            h.col[p] = (p % width) as u8;
        }
        for (p, &t) in goal.cells().iter().enumerate() {
            let t = (t as usize).min(255);
            h.goal_row[t] = h.row[p];
            h.goal_col[t] = h.col[p];
        }
        Some(h)
    }

    #[inline(always)]
    fn value(&self) -> u32 {
        self.vertical.div_ceil(self.per_vertical) + self.horizontal.div_ceil(self.per_horizontal)
    }
}

impl<D: Domain> super::heuristic::Heuristic<D> for MtmManhattan {
    /// The row and column sums before the move.
    type Undo = (u32, u32);

    fn reset(&mut self, d: &D) -> u32 {
        (self.vertical, self.horizontal) = (0, 0);
        for (p, &t) in d.cells().iter().enumerate().take(MAX_CELLS) {
            if t != 0 {
                let t = t as usize;
                self.vertical += self.row[p].abs_diff(self.goal_row[t]) as u32;
                self.horizontal += self.col[p].abs_diff(self.goal_col[t]) as u32;
            }
        }
        self.value()
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, m: D::Move, _: u32, _: u32) -> (u32, (u32, u32)) {
        let before = (self.vertical, self.horizontal);
        m.for_each_step(|s| {
            let (from, to, t) = (
                s.from as usize & (MAX_CELLS - 1),
                s.to as usize & (MAX_CELLS - 1),
                s.tile as usize,
            );
            let (gr, gc) = (self.goal_row[t], self.goal_col[t]);
            self.vertical = self.vertical + self.row[to].abs_diff(gr) as u32
                - self.row[from].abs_diff(gr) as u32;
            self.horizontal = self.horizontal + self.col[to].abs_diff(gc) as u32
                - self.col[from].abs_diff(gc) as u32;
        });
        (self.value(), before)
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, _: D::Move, (v, h): (u32, u32)) {
        (self.vertical, self.horizontal) = (v, h);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_four_by_four_node_has_three_children_after_the_root() {
        let goal = Configuration::natural(16);
        let d = MtmBoardDomain::new(4, 4, &goal, &goal).unwrap();
        let root = d.root_context();
        assert_eq!(d.branching(root), 6); // blank bottom-right: 3 up, 3 left
        let m = d.nth_move(root, 1).unwrap(); // up by 2
        assert_eq!((m.len, m.stride, m.end()), (2, -4, 7));
        assert_eq!(&m.tiles[..2], &[12, 8]);
        assert_eq!(d.branching(d.child_context(root, m, 1)), 3);
    }

    #[test]
    fn apply_and_undo_move_the_whole_run() {
        let goal = Configuration::natural(9);
        let mut d = MtmBoardDomain::new(3, 3, &goal, &goal).unwrap();
        let root = d.root_context();
        let left2 = d.nth_move(root, 3).unwrap(); // up 1, up 2, left 1, left 2
        assert_eq!((left2.len, left2.stride), (2, -1));
        d.apply(left2);
        assert_eq!(d.cells(), &[1, 2, 3, 4, 5, 6, 0, 7, 8]);
        d.undo(left2);
        assert_eq!(
            d.cells(),
            goal.cells().iter().map(|&t| t as u8).collect::<Vec<_>>()
        );
        assert_eq!(crate::search::domain::flatten(&[left2]), [(7, 8), (6, 7)]);
    }
}
