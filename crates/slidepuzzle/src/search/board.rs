//! The fast path for plain W x H boards: IDA* with Manhattan distance and
//! linear conflict, updated incrementally.
//!
//! - IDA*: Korf, "Depth-first iterative-deepening: an optimal admissible
//!   tree search", Artificial Intelligence 27 (1985).
//! - Linear conflict: Hansson, Mayer and Yung, "Criticizing solutions to
//!   relaxed models yields powerful admissible heuristics", Information
//!   Sciences 63 (1992). For each row (column), among the tiles whose goal
//!   is in that row (column), the tiles that must leave it so the rest are in
//!   goal order number `k - LIS`; each adds 2 moves. Rows and columns add.
//!
//! The board lives in a byte array changed in place. A horizontal move only
//! changes the linear conflict of the two columns involved (the row keeps
//! its order), a vertical move only that of the two rows, so each node
//! recomputes two lines by table lookup (lines of up to 6 cells; longer
//! lines are computed directly). Children are generated with the blank
//! moving up, left, right, down, never undoing the previous move.
//!
//! Boards up to [`MAX_CELLS`] cells; the tests check this kernel against the
//! general A*/BFS on random boards.

use std::time::Instant;

use super::limits::{Limits, StopReason};
use super::{SearchResult, SearchStats};
use crate::model::Configuration;

/// Largest board (in cells) the kernel accepts.
pub const MAX_CELLS: usize = 64;

/// Which board heuristic to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BoardHeuristic {
    /// Manhattan distance only (Korf 1985's baseline).
    Manhattan,
    /// Manhattan distance plus linear conflict (the default).
    #[default]
    LinearConflict,
}

/// Precomputed tables for one board size and goal.
pub struct BoardTables {
    width: usize,
    height: usize,
    n: usize,
    /// `md[t * n + p]`: Manhattan distance of tile t from cell p to its goal.
    md: Vec<u8>,
    goal_row: Vec<u8>,
    goal_col: Vec<u8>,
    /// Blank moves from each cell in the order up, left, right, down.
    moves: Vec<[u8; 4]>,
    move_count: Vec<u8>,
    row_table: Option<Vec<u8>>,
    col_table: Option<Vec<u8>>,
    heuristic: BoardHeuristic,
}

/// Linear conflict of one line: `digits` holds, per cell, 0 for a tile that
/// does not belong to this line (or the blank), else 1 + its goal index
/// along the line. Returns `2 * (k - LIS)`.
fn line_conflict(digits: &[u8]) -> u8 {
    let mut tails: [u8; MAX_CELLS] = [0; MAX_CELLS];
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

fn conflict_table(line: usize) -> Option<Vec<u8>> {
    if line > 6 {
        return None;
    }
    let base = line + 1;
    let size = base.pow(line as u32);
    let mut table = vec![0u8; size];
    let mut digits = vec![0u8; line];
    for (code, slot) in table.iter_mut().enumerate() {
        let mut c = code;
        for i in (0..line).rev() {
            digits[i] = (c % base) as u8;
            c /= base;
        }
        *slot = line_conflict(&digits);
    }
    Some(table)
}

impl BoardTables {
    /// Builds the tables for a `width x height` board and `goal`.
    ///
    /// Returns `None` if the board has more than [`MAX_CELLS`] cells or the
    /// goal does not have `width * height` cells with one blank.
    pub fn new(
        width: usize,
        height: usize,
        goal: &Configuration,
        heuristic: BoardHeuristic,
    ) -> Option<Self> {
        let n = width * height;
        if n > MAX_CELLS || goal.len() != n || goal.blanks().len() != 1 {
            return None;
        }
        let goal_pos = goal.positions();
        let mut md = vec![0u8; n * n];
        let mut goal_row = vec![0u8; n];
        let mut goal_col = vec![0u8; n];
        for t in 1..n {
            let gp = goal_pos[t];
            goal_row[t] = (gp / width) as u8;
            goal_col[t] = (gp % width) as u8;
            for p in 0..n {
                md[t * n + p] =
                    ((p / width).abs_diff(gp / width) + (p % width).abs_diff(gp % width)) as u8;
            }
        }
        let mut moves = vec![[0u8; 4]; n];
        let mut move_count = vec![0u8; n];
        for p in 0..n {
            let (x, y) = (p % width, p / width);
            let mut add = |q: usize| {
                moves[p][move_count[p] as usize] = q as u8;
                move_count[p] += 1;
            };
            if y > 0 {
                add(p - width);
            }
            if x > 0 {
                add(p - 1);
            }
            if x + 1 < width {
                add(p + 1);
            }
            if y + 1 < height {
                add(p + width);
            }
        }
        let (row_table, col_table) = match heuristic {
            BoardHeuristic::LinearConflict => (conflict_table(width), conflict_table(height)),
            BoardHeuristic::Manhattan => (None, None),
        };
        Some(BoardTables {
            width,
            height,
            n,
            md,
            goal_row,
            goal_col,
            moves,
            move_count,
            row_table,
            col_table,
            heuristic,
        })
    }

    /// Linear conflict of row `r` of `cells`.
    fn row_conflict(&self, cells: &[u8], r: usize) -> u8 {
        let w = self.width;
        let digit = |t: u8| {
            if t != 0 && self.goal_row[t as usize] as usize == r {
                self.goal_col[t as usize] + 1
            } else {
                0
            }
        };
        let line = &cells[r * w..r * w + w];
        match &self.row_table {
            Some(table) => {
                let mut code = 0usize;
                for &t in line {
                    code = code * (w + 1) + digit(t) as usize;
                }
                table[code]
            }
            None => {
                let digits: Vec<u8> = line.iter().map(|&t| digit(t)).collect();
                line_conflict(&digits)
            }
        }
    }

    /// Linear conflict of column `c` of `cells`.
    fn col_conflict(&self, cells: &[u8], c: usize) -> u8 {
        let (w, h) = (self.width, self.height);
        let digit = |t: u8| {
            if t != 0 && self.goal_col[t as usize] as usize == c {
                self.goal_row[t as usize] + 1
            } else {
                0
            }
        };
        match &self.col_table {
            Some(table) => {
                let mut code = 0usize;
                for y in 0..h {
                    code = code * (h + 1) + digit(cells[y * w + c]) as usize;
                }
                table[code]
            }
            None => {
                let digits: Vec<u8> = (0..h).map(|y| digit(cells[y * w + c])).collect();
                line_conflict(&digits)
            }
        }
    }

    /// Manhattan distance of `cells`.
    pub fn manhattan(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(p, &t)| self.md[t as usize * self.n + p] as u32)
            .sum()
    }

    /// The full heuristic value of `cells` (Manhattan plus, if enabled,
    /// linear conflict).
    pub fn heuristic(&self, cells: &[u8]) -> u32 {
        let mut h = self.manhattan(cells);
        if self.heuristic == BoardHeuristic::LinearConflict {
            h += (0..self.height)
                .map(|r| self.row_conflict(cells, r) as u32)
                .sum::<u32>();
            h += (0..self.width)
                .map(|c| self.col_conflict(cells, c) as u32)
                .sum::<u32>();
        }
        h
    }
}

struct Search<'a> {
    t: &'a BoardTables,
    cells: [u8; MAX_CELLS],
    row_lc: [u8; MAX_CELLS],
    col_lc: [u8; MAX_CELLS],
    path: Vec<usize>,
    stats: SearchStats,
    limits: &'a Limits,
    stopped: Option<StopReason>,
}

const FOUND: u32 = u32::MAX - 1;
const ABORT: u32 = u32::MAX;

impl Search<'_> {
    /// Returns FOUND, ABORT, or the smallest f above the bound.
    fn dfs(&mut self, blank: usize, prev: usize, g: u32, h: u32, bound: u32) -> u32 {
        let f = g + h;
        if f > bound {
            return f;
        }
        if h == 0 {
            return FOUND;
        }
        self.stats.expanded += 1;
        if self.stats.expanded & 0xFFFF == 0
            && let Some(r) = self.limits.check(self.stats.expanded) {
                self.stopped = Some(r);
                return ABORT;
            }
        let t = self.t;
        let n = t.n;
        let w = t.width;
        let lc = t.heuristic == BoardHeuristic::LinearConflict;
        let mut next_bound = ABORT;
        for i in 0..t.move_count[blank] as usize {
            let p = t.moves[blank][i] as usize;
            if p == prev {
                continue;
            }
            self.stats.generated += 1;
            let tile = self.cells[p] as usize;
            let mut nh = h + t.md[tile * n + blank] as u32 - t.md[tile * n + p] as u32;
            self.cells[blank] = tile as u8;
            self.cells[p] = 0;
            // (line index, old value, is_row) for the two changed lines.
            let mut saved = [(0usize, 0u8, false); 2];
            if lc {
                if p / w == blank / w {
                    // Horizontal move: columns change.
                    for (k, c) in [p % w, blank % w].into_iter().enumerate() {
                        let new = t.col_conflict(&self.cells, c);
                        saved[k] = (c, self.col_lc[c], false);
                        nh = nh + new as u32 - self.col_lc[c] as u32;
                        self.col_lc[c] = new;
                    }
                } else {
                    for (k, r) in [p / w, blank / w].into_iter().enumerate() {
                        let new = t.row_conflict(&self.cells, r);
                        saved[k] = (r, self.row_lc[r], true);
                        nh = nh + new as u32 - self.row_lc[r] as u32;
                        self.row_lc[r] = new;
                    }
                }
            }
            self.path.push(p);
            let result = self.dfs(p, blank, g + 1, nh, bound);
            if result == FOUND {
                return FOUND;
            }
            self.path.pop();
            if lc {
                for &(line, old, is_row) in saved.iter().rev() {
                    if is_row {
                        self.row_lc[line] = old;
                    } else {
                        self.col_lc[line] = old;
                    }
                }
            }
            self.cells[p] = tile as u8;
            self.cells[blank] = 0;
            if result == ABORT && self.stopped.is_some() {
                return ABORT;
            }
            next_bound = next_bound.min(result);
        }
        next_bound
    }
}

/// Solves a board optimally with IDA*; `start` must be able to reach the
/// goal the tables were built for (check first, or the search only ends at
/// a limit). Returns the blank path.
pub fn solve_board(tables: &BoardTables, start: &Configuration, limits: &Limits) -> SearchResult {
    let clock = Instant::now();
    let n = tables.n;
    let mut cells = [0u8; MAX_CELLS];
    for (i, &t) in start.cells().iter().enumerate() {
        cells[i] = t as u8;
    }
    let mut search = Search {
        t: tables,
        cells,
        row_lc: [0; MAX_CELLS],
        col_lc: [0; MAX_CELLS],
        path: Vec::new(),
        // The root counts as generated once (Korf 1985's convention).
        stats: SearchStats {
            generated: 1,
            ..SearchStats::default()
        },
        limits,
        stopped: None,
    };
    if tables.heuristic == BoardHeuristic::LinearConflict {
        for r in 0..tables.height {
            search.row_lc[r] = tables.row_conflict(&cells[..n], r);
        }
        for c in 0..tables.width {
            search.col_lc[c] = tables.col_conflict(&cells[..n], c);
        }
    }
    let h0 = tables.heuristic(&cells[..n]);
    let blank = start.blank();
    let mut bound = h0;
    let found = loop {
        search.stats.bound = bound;
        let r = search.dfs(blank, usize::MAX, 0, h0, bound);
        if r == FOUND {
            break true;
        }
        if r == ABORT {
            break false;
        }
        bound = r;
    };
    search.stats.seconds = clock.elapsed().as_secs_f64();
    SearchResult {
        path: found.then(|| search.path.clone()),
        optimal: found,
        stats: search.stats,
        stopped: search.stopped,
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
