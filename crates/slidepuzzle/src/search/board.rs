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
    /// The blank's moves from each cell, one row per cell and direction
    /// it came from (`cell << 3 | came`, `came` 0-3 the direction back to
    /// the previous cell, [`NO_DIRECTION`] at the root): the target cell
    /// in each direction up, left, right, down, or [`ABSENT`] off the
    /// board and for the move back. Four slots with one test each, so the
    /// search's loop over them has a fixed length (the compiler unrolls
    /// it, as a hand-written kernel would).
    moves: [[u8; 4]; ROWS],
    /// Redundant sequences (with `LOOPS`).
    sequences: &'static SequenceAutomaton,
}

/// Marks "no previous move" in the pruning context.
const NO_DIRECTION: u8 = 4;
/// Marks a missing move in the move table.
const ABSENT: u8 = u8::MAX;
/// Rows of the move table: eight per cell (four used by the directions
/// back, one at the root).
const ROWS: usize = MAX_CELLS << 3;

/// Direction of a blank move (the blank's, not the tile's).
const UP: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const DOWN: u8 = 3;

/// The direction opposite `direction` (up and down, left and right): with
/// the numbering above, `3 - direction`.
#[inline(always)]
const fn opposite(direction: u8) -> u8 {
    DOWN - direction
}

impl<const LOOPS: bool> BoardDomain<LOOPS> {
    /// The automaton's state after a move in direction `i` in context
    /// `at`, or [`SequenceAutomaton::PRUNED`].
    #[inline(always)]
    fn next_state(&self, at: u64, i: usize) -> u32 {
        self.sequences.next((at >> 16) as u32, i as u8)
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
        let mut moves = [[ABSENT; 4]; ROWS];
        for p in 0..n {
            let (x, y) = (p % width, p / width);
            let targets = [
                (y > 0).then(|| p - width),
                (x > 0).then(|| p - 1),
                (x + 1 < width).then(|| p + 1),
                (y + 1 < height).then(|| p + width),
            ];
            for came in [UP, LEFT, RIGHT, DOWN, NO_DIRECTION] {
                for (d, q) in targets.iter().enumerate() {
                    if let Some(q) = *q
                        && d != came as usize
                    {
                        moves[p << 3 | came as usize][d] = q as u8;
                    }
                }
            }
        }
        Some(BoardDomain {
            board: BoardCells::new(start, goal)?,
            moves,
            // Reversal-only searches do not build the automaton.
            sequences: if LOOPS {
                SequenceAutomaton::get()
            } else {
                SequenceAutomaton::none()
            },
        })
    }
}

/// A context: the move table's row, that is the direction back to the
/// blank's previous cell (bits 0-2) and the blank's cell (bits 3-8) and,
/// with `LOOPS`, the state of the redundant-sequence automaton (bits
/// 16-47).
#[inline(always)]
fn context(blank: u8, came: u8, state: u32) -> u64 {
    came as u64 | (blank as u64) << 3 | (state as u64) << 16
}

/// The move table's row of context `at`.
#[inline(always)]
fn row(at: u64) -> usize {
    at as usize & (ROWS - 1)
}

impl<const LOOPS: bool> Domain for BoardDomain<LOOPS> {
    type Move = Step;
    /// The blank's cell, the direction back to its cell before the last
    /// move and the recent directions (see `context`).
    type Context = u64;

    fn root_context(&self) -> u64 {
        let blank = self.board.blank();
        context(
            blank.unwrap_or(0) as u8,
            NO_DIRECTION,
            SequenceAutomaton::START,
        )
    }

    /// Four: every cell has four slots, up, left, right, down; the
    /// missing moves are marked absent and never returned.
    #[inline(always)]
    fn branching(&self, _: u64) -> usize {
        4
    }

    #[inline(always)]
    fn nth_move(&self, at: u64, i: usize) -> Option<Step> {
        let p = self.moves[row(at)][i & 3];
        if p == ABSENT {
            return None;
        }
        if LOOPS && self.next_state(at, i) == SequenceAutomaton::PRUNED {
            return None;
        }
        let tile = self.board.get(p);
        Some(Step {
            tile,
            from: p,
            to: (row(at) >> 3) as u8,
        })
    }

    #[inline(always)]
    fn child_context(&self, at: u64, s: Step, i: usize) -> u64 {
        let came = opposite((i & 3) as u8);
        if LOOPS {
            context(s.from, came, self.next_state(at, i))
        } else {
            context(s.from, came, SequenceAutomaton::START)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;

    #[test]
    fn opposite_directions_pair_up_and_down_left_and_right() {
        assert_eq!(opposite(UP), DOWN);
        assert_eq!(opposite(DOWN), UP);
        assert_eq!(opposite(LEFT), RIGHT);
        assert_eq!(opposite(RIGHT), LEFT);
    }

    /// After any move, the child's row offers every neighbour of the new
    /// blank cell but the cell the blank just left, in the order up, left,
    /// right, down; the root's row offers them all.
    #[test]
    fn each_row_offers_the_neighbours_but_the_way_back() {
        let (w, h) = (4, 3);
        let puzzle = Puzzle::parse("4x3").unwrap();
        let goal = puzzle.default_goal();
        let domain = BoardDomain::<false>::new(w, h, &goal, &goal).unwrap();
        let neighbours = |p: usize| {
            let (x, y) = (p % w, p / w);
            [
                (y > 0).then(|| p - w),
                (x > 0).then(|| p - 1),
                (x + 1 < w).then(|| p + 1),
                (y + 1 < h).then(|| p + w),
            ]
        };
        for p in 0..w * h {
            let root = domain.moves[p << 3 | NO_DIRECTION as usize];
            let want = neighbours(p).map(|q| q.map_or(ABSENT, |q| q as u8));
            assert_eq!(root, want, "root row of cell {p}");
            for (d, q) in neighbours(p).into_iter().enumerate() {
                let Some(q) = q else { continue };
                let child = domain.moves[q << 3 | opposite(d as u8) as usize];
                let want = neighbours(q).map(|r| match r {
                    Some(r) if r != p => r as u8,
                    _ => ABSENT,
                });
                assert_eq!(child, want, "cell {q} entered from {p}");
            }
        }
    }
}
