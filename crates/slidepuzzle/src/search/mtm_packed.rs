//! The multi-tile metric (MTM) on boards of at most 16 cells, packed: the
//! board is one `u64` of sixteen 4-bit cells (cell `p` in bits `4p..4p+4`,
//! 0 for the blank), and a run is one mask and two shifts, whatever its
//! length.
//!
//! [`MtmPackedDomain`] has the moves, the move order and the move pruning
//! of [`super::mtm::MtmBoardDomain`] (blank up, left, right, down, runs of
//! 1, 2, ... cells; after a horizontal run only vertical ones and the other
//! way round, docs/THEORY.md section 1), so the two search exactly the
//! same trees and count the same nodes; it is the fast path for 4 x 4 and
//! the smaller boards, tested against the general domain. Its moves,
//! [`PackedRun`]s, carry their tiles as nibbles, so heuristics that follow
//! tiles step by step (the walking distance) work unchanged, and the index
//! of their run in a [`RunTable`], so a heuristic that follows a packed
//! board of its own (the class boards of [`super::mtm_class_boards`])
//! moves it with the same mask.
//!
//! How a run moves a packed board: the run's cells, from the blank's to
//! the last tile's, are one mask `M`; every tile in it moves one cell
//! towards the blank, which is a shift of the masked bits by `4·|stride|`
//! (down when the blank moves to higher cells, up otherwise). The blank's
//! zero nibble leaves the mask and the cell the blank reaches receives the
//! zeros from outside it: `b' = (b & !M) | ((b & M) >> r << l)` with one of
//! `r`, `l` zero. Undoing swaps the two shifts. O(1) per move.

use super::domain::{Domain, Step, Steps};
use super::mtm::{ANY, HORIZONTAL_ONLY, VERTICAL_ONLY, context, in_context};
use crate::model::Configuration;

/// Most cells of a packed board (one nibble a cell in a `u64`).
pub const PACKED_CELLS: usize = 16;

/// The cells of one run and how a packed board moves under it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunMask {
    /// The nibbles of the run's cells, the blank's included.
    pub cells: u64,
    /// The nibbles of the run's tiles (the cells the blank passes to).
    pub tiles: u64,
    /// Bits to shift the masked cells right (the blank moves to higher
    /// cells), else 0.
    pub right: u8,
    /// Bits to shift the masked cells left (the blank moves to lower
    /// cells), else 0.
    pub left: u8,
    /// The blank's cell before the move.
    pub blank: u8,
    /// The blank's cell after the move.
    pub end: u8,
    /// Cells between consecutive positions of the blank (±1 or ±W).
    pub stride: i8,
    /// Tiles the run slides (1 to 15).
    pub len: u8,
    /// The blank's direction: 0 up, 1 left, 2 right, 3 down.
    pub direction: u8,
}

impl RunMask {
    /// `board` after the run (the blank on [`RunMask::blank`]).
    #[inline(always)]
    pub(crate) fn apply(&self, board: u64) -> u64 {
        (board & !self.cells) | (((board & self.cells) >> self.right) << self.left)
    }

    /// `board` before the run (the blank on [`RunMask::end`]).
    #[inline(always)]
    pub(crate) fn undo(&self, board: u64) -> u64 {
        (board & !self.cells) | (((board & self.cells) >> self.left) << self.right)
    }
}

/// Every run of a `width x height` board (at most [`PACKED_CELLS`] cells),
/// numbered blank cell by blank cell in move order (up with runs of 1, 2,
/// ..., left, right, down); the number is what a [`PackedRun`] carries,
/// and any two tables of the same board number the runs alike.
#[derive(Clone, Debug)]
pub struct RunTable {
    width: usize,
    height: usize,
    runs: Vec<RunMask>,
    /// `[cell][axis filter]`: the runs allowed (ANY, VERTICAL_ONLY,
    /// HORIZONTAL_ONLY), in move order.
    lists: Vec<[Vec<u8>; 3]>,
}

/// The nibble of cell `p`.
#[inline(always)]
fn nibble(p: usize) -> u64 {
    0xF << (4 * p)
}

impl RunTable {
    /// The runs of a `width x height` board; `None` above
    /// [`PACKED_CELLS`] cells or for an empty board.
    pub(crate) fn new(width: usize, height: usize) -> Option<Self> {
        let n = width.checked_mul(height)?;
        if n == 0 || n > PACKED_CELLS {
            return None;
        }
        let mut runs = Vec::new();
        let mut lists = Vec::with_capacity(n);
        for p in 0..n {
            let (x, y) = (p % width, p / width);
            let w = width as i8;
            let mut by_axis: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
            let mut all = Vec::new();
            for (direction, stride, reach) in [
                (0u8, -w, y),
                (1, -1, x),
                (2, 1, width - 1 - x),
                (3, w, height - 1 - y),
            ] {
                for len in 1..=reach {
                    let at = |i: usize| (p as isize + i as isize * stride as isize) as usize;
                    let cells = (0..=len).fold(0, |m, i| m | nibble(at(i)));
                    let tiles = cells & !nibble(p);
                    let shift = 4 * stride.unsigned_abs();
                    let (right, left) = if stride > 0 { (shift, 0) } else { (0, shift) };
                    let id = runs.len() as u8;
                    runs.push(RunMask {
                        cells,
                        tiles,
                        right,
                        left,
                        blank: p as u8,
                        end: at(len) as u8,
                        stride,
                        len: len as u8,
                        direction,
                    });
                    all.push(id);
                    by_axis[usize::from(direction == 1 || direction == 2)].push(id);
                }
            }
            let [vertical, horizontal] = by_axis;
            lists.push([all, vertical, horizontal]);
        }
        Some(RunTable {
            width,
            height,
            runs,
            lists,
        })
    }

    /// The board's width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// All runs, by number.
    pub(crate) fn runs(&self) -> &[RunMask] {
        &self.runs
    }

    /// Run number `id` (a default, empty run for a number not in the
    /// table).
    #[inline(always)]
    pub(crate) fn run(&self, id: u8) -> RunMask {
        self.runs.get(id as usize).copied().unwrap_or_default()
    }

    /// The run of the transposed board matching run `id` of this (square)
    /// board: the blank's cell transposed, up and left swapped, right and
    /// down swapped, the same length. `None` on a board that is not square.
    pub(crate) fn transposed(&self, id: u8) -> Option<u8> {
        if self.width != self.height {
            return None;
        }
        let r = self.runs.get(id as usize)?;
        let w = self.width;
        let t = (r.blank as usize % w) * w + r.blank as usize / w;
        let direction = [1, 0, 3, 2][r.direction as usize & 3];
        self.lists.get(t)?[0].iter().copied().find(|&i| {
            self.runs[i as usize].direction == direction && self.runs[i as usize].len == r.len
        })
    }

    #[inline(always)]
    fn list(&self, context: u32) -> &[u8] {
        in_context(&self.lists, context)
    }
}

/// A board as one `u64` of nibbles (cell `p` in bits `4p..4p+4`). `None`
/// above [`PACKED_CELLS`] cells or for a tile above 15.
pub(crate) fn pack(cells: &[u8]) -> Option<u64> {
    if cells.len() > PACKED_CELLS || cells.iter().any(|&t| t > 15) {
        return None;
    }
    Some(
        cells
            .iter()
            .enumerate()
            .fold(0, |b, (p, &t)| b | (t as u64) << (4 * p)),
    )
}

/// One multi-tile move of a packed board: run number `run` of the board's
/// [`RunTable`], with its tiles as they stood before the move (nibbles in
/// their cells, the rest 0). Its steps are those of
/// [`super::mtm::Run`]: nearest tile to the blank first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedRun {
    /// The run's tiles before the move, in place.
    pub tiles: u64,
    /// The run's number in the [`RunTable`].
    pub run: u8,
    /// The blank's cell before the move.
    pub blank: u8,
    /// Cells between consecutive positions of the blank (±1 or ±W).
    pub stride: i8,
    /// How many tiles slide.
    pub len: u8,
}

impl Steps for PackedRun {
    #[inline(always)]
    fn for_each_step(self, mut f: impl FnMut(Step)) {
        let mut at = self.blank as i32;
        for _ in 0..self.len {
            let next = at + self.stride as i32;
            let tile = (self.tiles >> (4 * (next as u32 & 15))) as u8 & 0xF;
            f(Step {
                tile,
                from: next as u8,
                to: at as u8,
            });
            at = next;
        }
    }
}

/// A board of at most 16 cells and 15 tiles with one blank in the
/// multi-tile metric, packed (module docs). Same moves, order and pruning
/// as [`super::mtm::MtmBoardDomain`]; the context is the blank's cell
/// (bits 0-7) and the axis the next run may take (bits 8+).
#[derive(Clone, Debug)]
pub struct MtmPackedDomain {
    runs: RunTable,
    board: u64,
    goal: u64,
    /// The same board, a byte a cell ([`Domain::cells`]).
    cells: [u8; PACKED_CELLS],
    n: usize,
}

impl MtmPackedDomain {
    /// The board `width x height` at `start`, searching for `goal`. `None`
    /// above [`PACKED_CELLS`] cells, or unless both configurations have
    /// `width * height` cells, one blank and tiles up to 15.
    pub(crate) fn new(
        width: usize,
        height: usize,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let runs = RunTable::new(width, height)?;
        let n = width * height;
        let bytes = |c: &Configuration| -> Option<Vec<u8>> {
            (c.len() == n && c.blanks().len() == 1)
                .then(|| c.cells().iter().map(|&t| u8::try_from(t).ok()).collect())
                .flatten()
        };
        let (s, g) = (bytes(start)?, bytes(goal)?);
        let mut cells = [0u8; PACKED_CELLS];
        cells[..n].copy_from_slice(&s);
        Some(MtmPackedDomain {
            runs,
            board: pack(&s)?,
            goal: pack(&g)?,
            cells,
            n,
        })
    }

    /// The packed board.
    pub fn board(&self) -> u64 {
        self.board
    }
}

impl Domain for MtmPackedDomain {
    type Move = PackedRun;
    /// The blank's cell and which axis the next run may take.
    type Context = u32;

    fn root_context(&self) -> u32 {
        let blank = self.cells[..self.n].iter().position(|&t| t == 0);
        context(blank.unwrap_or(0) as u8, ANY)
    }

    #[inline(always)]
    fn branching(&self, context: u32) -> usize {
        self.runs.list(context).len()
    }

    #[inline(always)]
    fn nth_move(&self, context: u32, i: usize) -> Option<PackedRun> {
        let id = *self.runs.list(context).get(i)?;
        let r = self.runs.run(id);
        Some(PackedRun {
            tiles: self.board & r.tiles,
            run: id,
            blank: r.blank,
            stride: r.stride,
            len: r.len,
        })
    }

    #[inline(always)]
    fn child_context(&self, _: u32, m: PackedRun, _: usize) -> u32 {
        let r = self.runs.run(m.run);
        let filter = if r.direction == 1 || r.direction == 2 {
            VERTICAL_ONLY
        } else {
            HORIZONTAL_ONLY
        };
        context(r.end, filter)
    }

    #[inline(always)]
    fn apply(&mut self, m: PackedRun) {
        self.board = self.runs.run(m.run).apply(self.board);
        m.for_each_step(|s| {
            self.cells[s.to as usize & (PACKED_CELLS - 1)] = s.tile;
            self.cells[s.from as usize & (PACKED_CELLS - 1)] = 0;
        });
    }

    #[inline(always)]
    fn undo(&mut self, m: PackedRun) {
        self.board = self.runs.run(m.run).undo(self.board);
        m.for_each_step(|s| self.cells[s.from as usize & (PACKED_CELLS - 1)] = s.tile);
        self.cells[m.blank as usize & (PACKED_CELLS - 1)] = 0;
    }

    #[inline(always)]
    fn is_goal(&self) -> bool {
        self.board == self.goal
    }

    fn cells(&self) -> &[u8] {
        &self.cells[..self.n]
    }

    fn set_cells(&mut self, cells: &[u8]) {
        let n = self.n.min(cells.len());
        self.cells[..n].copy_from_slice(&cells[..n]);
        self.board = pack(&self.cells[..self.n]).unwrap_or(self.board);
    }
}

#[cfg(test)]
mod tests {
    use super::super::mtm::MtmBoardDomain;
    use super::*;

    /// Every move of every reachable configuration near the goal, on
    /// several boards: the same moves (blank path, tiles) in the same order
    /// as the general domain, and the same boards after apply and undo.
    #[test]
    fn the_packed_domain_moves_like_the_general_one() {
        for (w, h) in [(4, 4), (3, 3), (4, 3), (2, 5), (8, 2), (16, 1)] {
            let n = w * h;
            let goal = Configuration::natural(n);
            let mut packed = MtmPackedDomain::new(w, h, &goal, &goal).unwrap();
            let mut general = MtmBoardDomain::new(w, h, &goal, &goal).unwrap();
            // A walk of 200 runs, comparing every node's moves.
            let (mut cp, mut cg) = (packed.root_context(), general.root_context());
            for step in 0..200usize {
                assert_eq!(packed.branching(cp), general.branching(cg));
                let k = packed.branching(cp);
                for i in 0..k {
                    let (a, b) = (packed.nth_move(cp, i), general.nth_move(cg, i));
                    let (mut ta, mut tb) = (Vec::new(), Vec::new());
                    if let (Some(a), Some(b)) = (a, b) {
                        a.for_each_step(|s| ta.push((s.tile, s.from, s.to)));
                        b.for_each_step(|s| tb.push((s.tile, s.from, s.to)));
                    }
                    assert_eq!(ta, tb, "{w}x{h} move {i}");
                }
                if k == 0 {
                    // A one-row board after a horizontal run: start over.
                    (cp, cg) = (packed.root_context(), general.root_context());
                    continue;
                }
                let i = (step * 7 + 3) % k;
                let (a, b) = (
                    packed.nth_move(cp, i).unwrap(),
                    general.nth_move(cg, i).unwrap(),
                );
                let (ca, cb) = (
                    packed.child_context(cp, a, i),
                    general.child_context(cg, b, i),
                );
                packed.apply(a);
                general.apply(b);
                assert_eq!(packed.cells(), general.cells());
                assert_eq!(Some(packed.board()), pack(general.cells()));
                if step % 5 == 4 {
                    packed.undo(a);
                    general.undo(b);
                    assert_eq!(packed.cells(), general.cells());
                    assert_eq!(Some(packed.board()), pack(general.cells()));
                    packed.apply(a);
                    general.apply(b);
                }
                assert_eq!(packed.is_goal(), general.is_goal());
                (cp, cg) = (ca, cb);
            }
        }
    }

    #[test]
    fn transposed_runs_swap_the_axes() {
        let t = RunTable::new(4, 4).unwrap();
        for id in 0..t.runs().len() as u8 {
            let r = t.run(id);
            let m = t.run(t.transposed(id).unwrap());
            let (x, y) = (r.blank % 4, r.blank / 4);
            assert_eq!(m.blank, x * 4 + y);
            assert_eq!(m.len, r.len);
            assert_eq!(m.end, (r.end % 4) * 4 + r.end / 4);
        }
        assert!(RunTable::new(4, 3).unwrap().transposed(0).is_none());
        assert!(RunTable::new(17, 1).is_none());
    }

    #[test]
    fn large_tiles_and_boards_are_refused() {
        let g = Configuration::natural(20);
        assert!(MtmPackedDomain::new(5, 4, &g, &g).is_none());
        assert_eq!(pack(&[1, 0, 15]), Some(0xF01));
        assert_eq!(pack(&[16]), None);
    }
}
