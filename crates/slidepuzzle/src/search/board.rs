//! The fast path for plain W x H boards: the configuration packed in a
//! byte array, the blank's moves precomputed in the order up, left, right,
//! down (the order of Korf 1985, which fixes the node counts of the last
//! IDA* iteration), and the move that undoes the previous one pruned.
//!
//! With `LOOPS` on, [`BoardDomain`] also prunes redundant move sequences
//! of up to 8 moves ([`super::sequences`]; Taylor and Korf 1993): the
//! shortest cycles of a board's state graph take the blank three times
//! around a 2 x 2 block, so going one and a half times around a block
//! clockwise or counter-clockwise (6 moves) leaves the same configuration,
//! and longer loops around 2 x 3 rectangles add more. IDA* stays optimal
//! and searches fewer nodes than Korf's published counts.

use super::domain::{Domain, Step};
use super::packed::{BoardCells, MAX_CELLS, cells_in};
use super::sequences::{LENGTH, SequenceTable};
use crate::model::Configuration;

/// A W x H board with one blank, up to [`MAX_CELLS`] cells.
/// With `LOOPS`, redundant 6-move sequences around 2 x 2 blocks are
/// pruned too (see the module).
#[derive(Clone, Debug)]
pub struct BoardDomain<const LOOPS: bool = false> {
    board: BoardCells,
    /// The blank's moves from each cell, up, left, right, down.
    moves: [[u8; 4]; MAX_CELLS],
    /// Their directions (0 up, 1 left, 2 right, 3 down).
    directions: [[u8; 4]; MAX_CELLS],
    move_count: [u8; MAX_CELLS],
    /// Redundant sequences (with `LOOPS`).
    sequences: &'static SequenceTable,
}

/// Marks "no previous move" in the pruning context.
const NO_CELL: u8 = u8::MAX;

/// Direction of a blank move (the blank's, not the tile's).
const UP: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const DOWN: u8 = 3;

impl<const LOOPS: bool> BoardDomain<LOOPS> {
    /// The number of moves made after the `i`-th move from the blank's
    /// cell `b` in context `at` (not capped), and the window of the last
    /// [`LENGTH`] directions.
    #[inline(always)]
    fn window(&self, at: u64, b: usize, i: usize) -> (u64, u64) {
        let made = (at >> 16 & 15) + 1;
        let window =
            ((at >> 20) << 2 | self.directions[b][i & 3] as u64) & ((1 << (2 * LENGTH)) - 1);
        (made, window)
    }

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
        let mut directions = [[0u8; 4]; MAX_CELLS];
        let mut move_count = [0u8; MAX_CELLS];
        for p in 0..n {
            let (x, y) = (p % width, p / width);
            let targets = [
                (y > 0).then(|| (p - width, UP)),
                (x > 0).then(|| (p - 1, LEFT)),
                (x + 1 < width).then(|| (p + 1, RIGHT)),
                (y + 1 < height).then(|| (p + width, DOWN)),
            ];
            for (q, d) in targets.into_iter().flatten() {
                moves[p][move_count[p] as usize] = q as u8;
                directions[p][move_count[p] as usize] = d;
                move_count[p] += 1;
            }
        }
        Some(BoardDomain {
            board: BoardCells::new(start, goal)?,
            moves,
            directions,
            move_count,
            sequences: SequenceTable::get(),
        })
    }
}

/// A context: the blank's cell (bits 0-7), its cell before the last move
/// (bits 8-15) and, with `LOOPS`, the number of moves made (bits 16-19,
/// capped at [`LENGTH`]) and the last [`LENGTH`] directions (from bit 20,
/// the last in the low bits).
#[inline(always)]
fn context(blank: u8, prev: u8, made: u64, window: u64) -> u64 {
    blank as u64 | (prev as u64) << 8 | made << 16 | window << 20
}

impl<const LOOPS: bool> Domain for BoardDomain<LOOPS> {
    type Move = Step;
    /// The blank's cell, its cell before the last move and the recent
    /// directions (see `context`).
    type Context = u64;

    fn root_context(&self) -> u64 {
        let blank = self.board.blank();
        context(blank.unwrap_or(0) as u8, NO_CELL, 0, 0)
    }

    #[inline(always)]
    fn branching(&self, context: u64) -> usize {
        self.move_count[context as usize & (MAX_CELLS - 1)] as usize
    }

    #[inline(always)]
    fn nth_move(&self, at: u64, i: usize) -> Option<Step> {
        let (blank, prev) = (at as u8, (at >> 8) as u8);
        let b = blank as usize & (MAX_CELLS - 1);
        let p = self.moves[b][i & 3];
        if p == prev {
            return None;
        }
        if LOOPS {
            let (made, window) = self.window(at, b, i);
            if self.sequences.ends_redundant(window as u32, made as u32) {
                return None;
            }
        }
        let tile = self.board.get(p);
        Some(Step {
            tile,
            from: p,
            to: blank,
        })
    }

    #[inline(always)]
    fn child_context(&self, at: u64, s: Step, i: usize) -> u64 {
        if LOOPS {
            let (made, window) = self.window(at, s.to as usize & (MAX_CELLS - 1), i);
            context(s.from, s.to, made.min(LENGTH as u64), window)
        } else {
            context(s.from, s.to, 0, 0)
        }
    }

    #[inline(always)]
    fn apply(&mut self, s: Step) {
        self.board.slide(s);
    }

    #[inline(always)]
    fn undo(&mut self, s: Step) {
        self.board.slide_back(s);
    }

    cells_in!(board);
}
