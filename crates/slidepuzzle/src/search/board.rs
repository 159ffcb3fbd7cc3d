//! The fast path for plain W x H boards: the configuration packed in a
//! byte array, the blank's moves precomputed in the order up, left, right,
//! down (the order of Korf 1985, which fixes the node counts of the last
//! IDA* iteration), and the move that undoes the previous one pruned.
//!
//! With `LOOPS` on, [`BoardDomain`] also prunes redundant move sequences
//! of up to 14 moves through a finite-state machine ([`super::sequences`];
//! Taylor and Korf 1993): the shortest cycles of a board's state graph
//! take the blank three times around a 2 x 2 block, so going one and a
//! half times around a block clockwise or counter-clockwise (6 moves)
//! leaves the same configuration, and longer loops around larger
//! rectangles add more. IDA* stays optimal and searches fewer nodes than
//! Korf's published counts.

use super::domain::{Domain, Step};
use super::packed::{BoardCells, MAX_CELLS, cells_in};
use super::sequences::SequenceAutomaton;
use crate::model::Configuration;

/// A W x H board with one blank, up to [`MAX_CELLS`] cells.
/// With `LOOPS`, redundant sequences of up to 14 moves are pruned too
/// (see the module).
#[derive(Clone, Debug)]
pub struct BoardDomain<const LOOPS: bool = false> {
    board: BoardCells,
    /// The blank's moves from each cell, up, left, right, down, then
    /// [`ABSENT`]: four entries each, so the search's loop over them has a
    /// fixed length (the compiler unrolls it, one branch per slot, as a
    /// hand-written kernel would).
    moves: [[u8; 4]; MAX_CELLS],
    /// Their directions (0 up, 1 left, 2 right, 3 down).
    directions: [[u8; 4]; MAX_CELLS],
    /// Redundant sequences (with `LOOPS`).
    sequences: &'static SequenceAutomaton,
}

/// Marks "no previous move" in the pruning context.
const NO_CELL: u8 = u8::MAX;
/// Marks a missing move in the move table.
const ABSENT: u8 = u8::MAX - 1;

/// Direction of a blank move (the blank's, not the tile's).
const UP: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const DOWN: u8 = 3;

impl<const LOOPS: bool> BoardDomain<LOOPS> {
    /// The automaton's state after the `i`-th move from the blank's cell
    /// `b` in context `at`, or [`SequenceAutomaton::PRUNED`].
    #[inline(always)]
    fn next_state(&self, at: u64, b: usize, i: usize) -> u32 {
        self.sequences
            .next((at >> 16) as u32, self.directions[b][i & 3])
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
        let mut moves = [[ABSENT; 4]; MAX_CELLS];
        let mut directions = [[0u8; 4]; MAX_CELLS];
        for p in 0..n {
            let (x, y) = (p % width, p / width);
            let targets = [
                (y > 0).then(|| (p - width, UP)),
                (x > 0).then(|| (p - 1, LEFT)),
                (x + 1 < width).then(|| (p + 1, RIGHT)),
                (y + 1 < height).then(|| (p + width, DOWN)),
            ];
            for (k, (q, d)) in targets.into_iter().flatten().enumerate() {
                moves[p][k] = q as u8;
                directions[p][k] = d;
            }
        }
        Some(BoardDomain {
            board: BoardCells::new(start, goal)?,
            moves,
            directions,
            // Reversal-only searches do not build the automaton.
            sequences: if LOOPS {
                SequenceAutomaton::get()
            } else {
                SequenceAutomaton::none()
            },
        })
    }
}

/// A context: the blank's cell (bits 0-7), its cell before the last move
/// (bits 8-15) and, with `LOOPS`, the state of the redundant-sequence
/// automaton (bits 16-47).
#[inline(always)]
fn context(blank: u8, prev: u8, state: u32) -> u64 {
    blank as u64 | (prev as u64) << 8 | (state as u64) << 16
}

impl<const LOOPS: bool> Domain for BoardDomain<LOOPS> {
    type Move = Step;
    /// The blank's cell, its cell before the last move and the recent
    /// directions (see `context`).
    type Context = u64;

    fn root_context(&self) -> u64 {
        let blank = self.board.blank();
        context(blank.unwrap_or(0) as u8, NO_CELL, SequenceAutomaton::START)
    }

    /// Four: every cell has four slots, up, left, right, down; the
    /// missing moves are marked absent and never returned.
    #[inline(always)]
    fn branching(&self, _: u64) -> usize {
        4
    }

    #[inline(always)]
    fn nth_move(&self, at: u64, i: usize) -> Option<Step> {
        let (blank, prev) = (at as u8, (at >> 8) as u8);
        let b = blank as usize & (MAX_CELLS - 1);
        let p = self.moves[b][i & 3];
        if p == prev || p == ABSENT {
            return None;
        }
        if LOOPS && self.next_state(at, b, i) == SequenceAutomaton::PRUNED {
            return None;
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
            let state = self.next_state(at, s.to as usize & (MAX_CELLS - 1), i);
            context(s.from, s.to, state)
        } else {
            context(s.from, s.to, SequenceAutomaton::START)
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
