//! Manhattan distance plus linear conflict on W x H boards, updated
//! incrementally.
//!
//! Hansson, Mayer and Yung, "Criticizing solutions to relaxed models yields
//! powerful admissible heuristics", Information Sciences 63 (1992). For
//! each row (column), among the tiles whose goal is in that row (column),
//! the tiles that must leave it so the rest are in goal order number
//! `k - LIS`; each adds 2 moves. Rows and columns add, and add to the
//! Manhattan distance.
//!
//! A horizontal move only changes the linear conflict of the two columns
//! involved (the row keeps its order), a vertical move only that of the two
//! rows, so each node recomputes two lines by table lookup (lines of up to
//! 7 cells; longer lines contribute nothing, which stays admissible).

use super::domain::{Domain, Step};
use super::heuristic::Heuristic;
use super::manhattan::TileDistances;
use crate::model::Configuration;

use super::packed::MAX_CELLS;

/// Linear conflict of one line: `digits` holds, per cell, 0 for a tile that
/// does not belong to this line (or the blank), else 1 + its goal index
/// along the line. Returns `2 * (k - LIS)`.
fn line_conflict(digits: &[u8]) -> u8 {
    let mut tails = [0u8; MAX_CELLS];
    let mut len = 0;
    let mut k = 0;
    for &d in digits.iter().filter(|&&d| d != 0) {
        k += 1;
        let pos = tails[..len].partition_point(|&x| x < d);
        tails[pos] = d;
        if pos == len {
            len += 1;
        }
    }
    (2 * (k - len)) as u8
}

/// Largest line (row or column) that gets a linear-conflict table:
/// `(len + 1)^len` entries, 2 MiB at 7. Longer lines contribute no linear
/// conflict (the heuristic stays admissible).
const MAX_TABLE_LINE: usize = 7;

/// Precomputed tables for one board size and goal.
pub struct LinearConflictTables {
    width: usize,
    height: usize,
    n: usize,
    /// Manhattan distances.
    distances: TileDistances,
    row_of: [u8; MAX_CELLS],
    col_of: [u8; MAX_CELLS],
    /// `row_contrib[t][p]`: tile t's term in the code of p's row
    /// (`digit * (W + 1)^x`, digit = 1 + goal column if t belongs to that
    /// row, else 0).
    row_contrib: Box<[[u32; MAX_CELLS]; MAX_CELLS]>,
    /// Same for columns (`digit * (H + 1)^y`).
    col_contrib: Box<[[u32; MAX_CELLS]; MAX_CELLS]>,
    row_table: Option<Vec<u8>>,
    col_table: Option<Vec<u8>>,
}

/// Linear conflict of every line code: the code of a line is
/// `sum digit_i * (len + 1)^i` along the line.
fn conflict_table(line: usize) -> Option<Vec<u8>> {
    if line > MAX_TABLE_LINE {
        return None;
    }
    let base = line + 1;
    let size = base.pow(line as u32);
    let mut digits = vec![0u8; line];
    Some(
        (0..size)
            .map(|code| {
                let mut c = code;
                for d in digits.iter_mut() {
                    *d = (c % base) as u8;
                    c /= base;
                }
                line_conflict(&digits)
            })
            .collect(),
    )
}

impl LinearConflictTables {
    /// Builds the tables for a `width x height` board and `goal`.
    ///
    /// Returns `None` if the board has more than [`MAX_CELLS`] cells or the
    /// goal does not have `width * height` cells with one blank.
    pub fn new(width: usize, height: usize, goal: &Configuration) -> Option<Self> {
        let n = width * height;
        if n > MAX_CELLS || goal.len() != n || goal.blanks().len() != 1 {
            return None;
        }
        let goal_pos = goal.positions();
        let mut row_contrib = Box::new([[0u32; MAX_CELLS]; MAX_CELLS]);
        let mut col_contrib = Box::new([[0u32; MAX_CELLS]; MAX_CELLS]);
        let mut row_of = [0u8; MAX_CELLS];
        let mut col_of = [0u8; MAX_CELLS];
        for p in 0..n {
            row_of[p] = (p / width) as u8;
            col_of[p] = (p % width) as u8;
        }
        for t in 1..n {
            let gp = goal_pos[t];
            let (gx, gy) = (gp % width, gp / width);
            for p in 0..n {
                let (x, y) = (p % width, p / width);
                if y == gy && width <= MAX_TABLE_LINE {
                    row_contrib[t][p] = (gx as u32 + 1) * (width as u32 + 1).pow(x as u32);
                }
                if x == gx && height <= MAX_TABLE_LINE {
                    col_contrib[t][p] = (gy as u32 + 1) * (height as u32 + 1).pow(y as u32);
                }
            }
        }
        Some(LinearConflictTables {
            width,
            height,
            n,
            distances: TileDistances::board(width, height, goal)?,
            row_of,
            col_of,
            row_contrib,
            col_contrib,
            row_table: conflict_table(width),
            col_table: conflict_table(height),
        })
    }

    fn row_code(&self, cells: &[u8], r: usize) -> u32 {
        (0..self.width)
            .map(|x| {
                let p = r * self.width + x;
                self.row_contrib[cells[p] as usize][p]
            })
            .sum()
    }

    fn col_code(&self, cells: &[u8], c: usize) -> u32 {
        (0..self.height)
            .map(|y| {
                let p = y * self.width + c;
                self.col_contrib[cells[p] as usize][p]
            })
            .sum()
    }

    #[inline(always)]
    fn row_conflict(&self, code: u32) -> u8 {
        self.row_table.as_ref().map_or(0, |t| t[code as usize])
    }

    #[inline(always)]
    fn col_conflict(&self, code: u32) -> u8 {
        self.col_table.as_ref().map_or(0, |t| t[code as usize])
    }

    /// The heuristic value of `cells` (one byte per cell): Manhattan
    /// distance plus the linear conflict of every line of at most 7 cells.
    /// O(n).
    pub fn value(&self, cells: &[u8]) -> u32 {
        LinearConflict::new(self).evaluate(&cells[..self.n])
    }
}

/// Manhattan distance plus linear conflict as a search heuristic: the
/// tables, the current value and every line's code and conflict.
#[derive(Clone)]
pub struct LinearConflict<'t> {
    t: &'t LinearConflictTables,
    row_code: [u32; MAX_CELLS],
    col_code: [u32; MAX_CELLS],
    row_lc: [u8; MAX_CELLS],
    col_lc: [u8; MAX_CELLS],
}

/// What [`LinearConflict`] restores on undo: the four line codes and the
/// two conflicts a move changed.
#[derive(Clone, Copy)]
pub struct LinearConflictUndo {
    codes: [u32; 4],
    conflicts: [u8; 2],
}

impl<'t> LinearConflict<'t> {
    /// Follows configurations with `tables`.
    pub fn new(tables: &'t LinearConflictTables) -> Self {
        LinearConflict {
            t: tables,
            row_code: [0; MAX_CELLS],
            col_code: [0; MAX_CELLS],
            row_lc: [0; MAX_CELLS],
            col_lc: [0; MAX_CELLS],
        }
    }

    fn evaluate(&mut self, cells: &[u8]) -> u32 {
        let t = self.t;
        let mut h = t.distances.sum(cells);
        for r in 0..t.height {
            self.row_code[r] = t.row_code(cells, r);
            self.row_lc[r] = t.row_conflict(self.row_code[r]);
            h += self.row_lc[r] as u32;
        }
        for c in 0..t.width {
            self.col_code[c] = t.col_code(cells, c);
            self.col_lc[c] = t.col_conflict(self.col_code[c]);
            h += self.col_lc[c] as u32;
        }
        h
    }
}

impl<D: Domain<Move = Step>> Heuristic<D> for LinearConflict<'_> {
    type Undo = LinearConflictUndo;

    fn reset(&mut self, d: &D) -> u32 {
        self.evaluate(d.cells())
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, s: Step, h: u32, _: u32) -> (u32, LinearConflictUndo) {
        const M: usize = MAX_CELLS - 1;
        let t = self.t;
        let (tile, p, b) = (s.tile as usize & M, s.from as usize & M, s.to as usize & M);
        let (rp, rb) = (t.row_of[p] as usize & M, t.row_of[b] as usize & M);
        let (cp, cb) = (t.col_of[p] as usize & M, t.col_of[b] as usize & M);
        let codes = [
            self.row_code[rp],
            self.row_code[rb],
            self.col_code[cp],
            self.col_code[cb],
        ];
        let mut nh = h.wrapping_add(t.distances.delta(s));
        self.row_code[rp] -= t.row_contrib[tile][p];
        self.row_code[rb] += t.row_contrib[tile][b];
        self.col_code[cp] -= t.col_contrib[tile][p];
        self.col_code[cb] += t.col_contrib[tile][b];
        let conflicts = if rp == rb {
            // Horizontal: the row keeps its order; two columns change.
            let saved = [self.col_lc[cp], self.col_lc[cb]];
            let a = t.col_conflict(self.col_code[cp]);
            let c = t.col_conflict(self.col_code[cb]);
            nh = nh + a as u32 + c as u32 - saved[0] as u32 - saved[1] as u32;
            self.col_lc[cp] = a;
            self.col_lc[cb] = c;
            saved
        } else {
            let saved = [self.row_lc[rp], self.row_lc[rb]];
            let a = t.row_conflict(self.row_code[rp]);
            let c = t.row_conflict(self.row_code[rb]);
            nh = nh + a as u32 + c as u32 - saved[0] as u32 - saved[1] as u32;
            self.row_lc[rp] = a;
            self.row_lc[rb] = c;
            saved
        };
        (nh, LinearConflictUndo { codes, conflicts })
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, s: Step, u: LinearConflictUndo) {
        const M: usize = MAX_CELLS - 1;
        let t = self.t;
        let (p, b) = (s.from as usize & M, s.to as usize & M);
        let (rp, rb) = (t.row_of[p] as usize & M, t.row_of[b] as usize & M);
        let (cp, cb) = (t.col_of[p] as usize & M, t.col_of[b] as usize & M);
        // Restore in reverse order of assignment (indices may coincide).
        self.col_code[cb] = u.codes[3];
        self.col_code[cp] = u.codes[2];
        self.row_code[rb] = u.codes[1];
        self.row_code[rp] = u.codes[0];
        if rp == rb {
            self.col_lc[cb] = u.conflicts[1];
            self.col_lc[cp] = u.conflicts[0];
        } else {
            self.row_lc[rb] = u.conflicts[1];
            self.row_lc[rp] = u.conflicts[0];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_conflict_counts_tiles_to_remove() {
        assert_eq!(line_conflict(&[1, 2, 3, 4]), 0);
        assert_eq!(line_conflict(&[2, 1, 0, 0]), 2);
        assert_eq!(line_conflict(&[4, 3, 2, 1]), 6);
        assert_eq!(line_conflict(&[3, 0, 1, 2]), 2);
    }
}
