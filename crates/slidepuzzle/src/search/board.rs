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

use super::deepen::{ABORT, FOUND, deepen};
use super::limits::{Limits, StopReason};
use super::stats::{SearchResult, SearchStats};
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
pub struct BoardTables {
    width: usize,
    height: usize,
    n: usize,
    /// `md[t][p]`: Manhattan distance of tile t from cell p to its goal.
    md: Box<[[u8; MAX_CELLS]; MAX_CELLS]>,
    /// Blank moves from each cell in the order up, left, right, down.
    moves: [[u8; 4]; MAX_CELLS],
    move_count: [u8; MAX_CELLS],
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
    heuristic: BoardHeuristic,
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
        let mut md = Box::new([[0u8; MAX_CELLS]; MAX_CELLS]);
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
                md[t][p] = (x.abs_diff(gx) + y.abs_diff(gy)) as u8;
                if y == gy && width <= MAX_TABLE_LINE {
                    row_contrib[t][p] = (gx as u32 + 1) * (width as u32 + 1).pow(x as u32);
                }
                if x == gx && height <= MAX_TABLE_LINE {
                    col_contrib[t][p] = (gy as u32 + 1) * (height as u32 + 1).pow(y as u32);
                }
            }
        }
        let mut moves = [[0u8; 4]; MAX_CELLS];
        let mut move_count = [0u8; MAX_CELLS];
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
            moves,
            move_count,
            row_of,
            col_of,
            row_contrib,
            col_contrib,
            row_table,
            col_table,
            heuristic,
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

    fn row_conflict(&self, code: u32) -> u8 {
        self.row_table.as_ref().map_or(0, |t| t[code as usize])
    }

    fn col_conflict(&self, code: u32) -> u8 {
        self.col_table.as_ref().map_or(0, |t| t[code as usize])
    }

    /// Manhattan distance of `cells`.
    pub fn manhattan(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(p, &t)| self.md[t as usize][p] as u32)
            .sum()
    }

    /// The full heuristic value of `cells` (Manhattan plus, if enabled,
    /// linear conflict of every line of at most 7 cells).
    pub fn heuristic(&self, cells: &[u8]) -> u32 {
        let mut h = self.manhattan(cells);
        h += (0..self.height)
            .map(|r| self.row_conflict(self.row_code(cells, r)) as u32)
            .sum::<u32>();
        h += (0..self.width)
            .map(|c| self.col_conflict(self.col_code(cells, c)) as u32)
            .sum::<u32>();
        h
    }
}

struct Search<'a> {
    t: &'a BoardTables,
    cells: [u8; MAX_CELLS],
    row_code: [u32; MAX_CELLS],
    col_code: [u32; MAX_CELLS],
    row_lc: [u8; MAX_CELLS],
    col_lc: [u8; MAX_CELLS],
    lc: bool,
    path: Vec<usize>,
    stats: SearchStats,
    limits: &'a Limits,
    stopped: Option<StopReason>,
    /// Set when searching one subtree of a split search.
    shared: Option<&'a super::split::Shared>,
    halted: bool,
}

impl<'a> Search<'a> {
    /// A search from `cells` (one byte per cell) with every incremental
    /// table (row and column codes, their conflicts) initialised.
    fn new(t: &'a BoardTables, start: &[u8], limits: &'a Limits) -> Self {
        let mut cells = [0u8; MAX_CELLS];
        cells[..start.len()].copy_from_slice(start);
        let mut search = Search {
            t,
            cells,
            row_code: [0; MAX_CELLS],
            col_code: [0; MAX_CELLS],
            row_lc: [0; MAX_CELLS],
            col_lc: [0; MAX_CELLS],
            lc: t.heuristic == BoardHeuristic::LinearConflict,
            path: Vec::new(),
            stats: SearchStats::default(),
            limits,
            stopped: None,
            shared: None,
            halted: false,
        };
        for r in 0..t.height {
            search.row_code[r] = t.row_code(start, r);
            search.row_lc[r] = t.row_conflict(search.row_code[r]);
        }
        for c in 0..t.width {
            search.col_code[c] = t.col_code(start, c);
            search.col_lc[c] = t.col_conflict(search.col_code[c]);
        }
        search
    }

    /// One bounded depth-first search from `blank` at depth `g`.
    fn run(&mut self, blank: usize, prev: usize, g: u32, h: u32, bound: u32) -> u32 {
        self.stats.bound = bound;
        if self.lc {
            self.dfs::<true>(blank, prev, g, h, bound)
        } else {
            self.dfs::<false>(blank, prev, g, h, bound)
        }
    }

    /// Returns FOUND, ABORT, or the smallest f above the bound.
    /// `LC`: whether linear conflict is on (a compile-time switch, so the
    /// Manhattan-only search carries none of its bookkeeping).
    fn dfs<const LC: bool>(
        &mut self,
        blank: usize,
        prev: usize,
        g: u32,
        h: u32,
        bound: u32,
    ) -> u32 {
        let f = g + h;
        if f > bound {
            return f;
        }
        if h == 0 {
            return FOUND;
        }
        self.stats.expanded += 1;
        if self.stats.expanded & (super::split::NODE_BATCH - 1) == 0 {
            match super::split::poll(self.shared, self.limits, self.stats.expanded) {
                super::split::Poll::Go => {}
                super::split::Poll::Stop(r) => {
                    self.stopped = Some(r);
                    return ABORT;
                }
                super::split::Poll::Halt => {
                    self.halted = true;
                    return ABORT;
                }
            }
        }
        let t = self.t;
        let mut next_bound = ABORT;
        let blank = blank & (MAX_CELLS - 1);
        for i in 0..t.move_count[blank] as usize {
            let p = t.moves[blank][i & 3] as usize & (MAX_CELLS - 1);
            if p == prev {
                continue;
            }
            self.stats.generated += 1;
            let tile = self.cells[p] as usize & (MAX_CELLS - 1);
            let mut nh = h + t.md[tile][blank] as u32 - t.md[tile][p] as u32;
            let (rp, rb) = (t.row_of[p] as usize, t.row_of[blank] as usize);
            let (cp, cb) = (t.col_of[p] as usize, t.col_of[blank] as usize);
            let mut saved_codes = (0, 0, 0, 0);
            let mut saved_lc = (0, 0);
            if LC {
                saved_codes = (
                    self.row_code[rp],
                    self.row_code[rb],
                    self.col_code[cp],
                    self.col_code[cb],
                );
                self.row_code[rp] -= t.row_contrib[tile][p];
                self.row_code[rb] += t.row_contrib[tile][blank];
                self.col_code[cp] -= t.col_contrib[tile][p];
                self.col_code[cb] += t.col_contrib[tile][blank];
                if rp == rb {
                    // Horizontal: the row keeps its order; two columns change.
                    saved_lc = (self.col_lc[cp], self.col_lc[cb]);
                    let a = t.col_conflict(self.col_code[cp]);
                    let b = t.col_conflict(self.col_code[cb]);
                    nh = nh + a as u32 + b as u32 - saved_lc.0 as u32 - saved_lc.1 as u32;
                    self.col_lc[cp] = a;
                    self.col_lc[cb] = b;
                } else {
                    saved_lc = (self.row_lc[rp], self.row_lc[rb]);
                    let a = t.row_conflict(self.row_code[rp]);
                    let b = t.row_conflict(self.row_code[rb]);
                    nh = nh + a as u32 + b as u32 - saved_lc.0 as u32 - saved_lc.1 as u32;
                    self.row_lc[rp] = a;
                    self.row_lc[rb] = b;
                }
            }
            let result = if g + 1 + nh > bound {
                // Pruned without a call: the child's f is the next bound
                // candidate.
                g + 1 + nh
            } else {
                self.cells[blank] = tile as u8;
                self.cells[p] = 0;
                self.path.push(p);
                let r = self.dfs::<LC>(p, blank, g + 1, nh, bound);
                if r == FOUND {
                    return FOUND;
                }
                self.path.pop();
                self.cells[p] = tile as u8;
                self.cells[blank] = 0;
                r
            };
            if LC {
                // Restore in reverse order of assignment (indices may coincide).
                self.col_code[cb] = saved_codes.3;
                self.col_code[cp] = saved_codes.2;
                self.row_code[rb] = saved_codes.1;
                self.row_code[rp] = saved_codes.0;
                if rp == rb {
                    self.col_lc[cb] = saved_lc.1;
                    self.col_lc[cp] = saved_lc.0;
                } else {
                    self.row_lc[rb] = saved_lc.1;
                    self.row_lc[rp] = saved_lc.0;
                }
            }
            if result == ABORT && (self.stopped.is_some() || self.halted) {
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
    let cells: Vec<u8> = start.cells().iter().map(|&t| t as u8).collect();
    let mut search = Search::new(tables, &cells, limits);
    // The root counts as generated once (Korf 1985's convention).
    search.stats.generated = 1;
    let h0 = tables.heuristic(&cells[..n]);
    let blank = start.blank();
    let found = deepen(h0, |bound| {
        limits.report(bound, search.stats.generated);
        search.run(blank, usize::MAX, 0, h0, bound)
    });
    search.stats.seconds = clock.elapsed().as_secs_f64();
    SearchResult {
        path: found.then(|| search.path.clone()),
        optimal: found,
        stats: search.stats,
        stopped: search.stopped,
    }
}

/// [`solve_board`] on all of rayon's threads for one instance (root
/// splitting, [`super::split`]); falls back to the sequential search for
/// easy instances or when already on a rayon worker (a batch is parallel
/// across instances).
pub fn solve_board_parallel(
    tables: &BoardTables,
    start: &Configuration,
    limits: &Limits,
) -> SearchResult {
    let n = tables.n;
    let cells: Vec<u8> = start.cells().iter().map(|&t| t as u8).collect();
    let h0 = tables.heuristic(&cells[..n]);
    if !super::split::worth_splitting(h0) {
        return solve_board(tables, start, limits);
    }
    let neighbors = |c: usize| -> Vec<usize> {
        (0..tables.move_count[c] as usize)
            .map(|i| tables.moves[c][i] as usize)
            .collect()
    };
    super::split::split_deepen(
        &cells[..n],
        start.blank(),
        h0,
        limits,
        neighbors,
        |c: &[u8]| tables.heuristic(c),
        |c: &[u8], shared, p: &super::split::Subtree| {
            let mut s = Search::new(tables, c, limits);
            s.shared = Some(shared);
            let r = s.run(p.blank, p.prev, p.depth, p.h, p.bound);
            (r, s.path, s.stats, s.stopped)
        },
    )
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
