//! Walking distance (Ken'ichiro Takahashi, "15 puzzle optimal solver",
//! 2002; the heuristic of MichaelKim/15puzzle and of Kociemba's 15-puzzle
//! solver, who reports 1.89 s per random 4x4 with it against 25.6 s with
//! Manhattan distance).
//!
//! Vertical walking distance: forget where in its row each tile is and
//! keep only how many tiles of each goal row every row holds (an H x H
//! matrix of counts; the blank's row is the one with W - 1 tiles). A
//! vertical move takes one tile of a neighbouring row into the blank's row;
//! the vertical walking distance of a configuration is the distance of
//! its matrix from the goal's in this abstract graph (breadth-first search
//! from the goal, once per board and goal). Horizontal walking distance is
//! the same with columns. A real move is one abstract move of exactly one
//! of the two, so their sum is admissible; it is never below the
//! Manhattan distance and sees conflicts linear conflict misses (three
//! tiles of one row that must all pass each other).
//!
//! In a search each move looks up one transition, O(1). Tables: about 40
//! bytes per abstract state; 4x4 has 24,964 states per direction.

use rustc_hash::FxHashMap;

use super::domain::{Domain, Step};
use super::heuristic::Heuristic;
use crate::error::{Error, Resource, Result};
use crate::model::Configuration;

/// Largest board (in cells).
const MAX_CELLS: usize = 64;

/// Most abstract states per direction (a few seconds of breadth-first
/// search, about 200 MB): 4x4 has 24,964, 5x5 has many millions.
pub const MAX_STATES: u64 = 4_000_000;

/// The abstract states of one direction (rows for vertical moves, columns
/// for horizontal ones).
struct Axis {
    /// Line (row or column) of every cell.
    line_of: [u8; MAX_CELLS],
    /// Goal line of every tile.
    class_of: [u8; MAX_CELLS],
    /// Number of lines (= classes).
    lines: usize,
    /// Bits per count in a packed matrix.
    bits: u32,
    /// Packed matrix -> state index.
    index: FxHashMap<u128, u32>,
    /// Distance of every state from the goal's (the last state is
    /// "unknown", distance 0).
    distance: Vec<u8>,
    /// `next[(state * 2 + direction) * lines + class]`: the state after the
    /// blank moves to the previous (direction 0) or next (1) line, taking
    /// a tile of that class into its line; the unknown state where there is
    /// no such move.
    next: Vec<u32>,
}

impl Axis {
    /// The packed matrix of `cells`.
    fn pack(&self, cells: &[u8]) -> u128 {
        let mut key = 0u128;
        for (c, &t) in cells.iter().enumerate() {
            if t != 0 {
                let slot = self.line_of[c & (MAX_CELLS - 1)] as usize * self.lines
                    + self.class_of[t as usize & (MAX_CELLS - 1)] as usize;
                key += 1u128 << (slot as u32 * self.bits);
            }
        }
        key
    }

    /// The state of `cells` (the unknown state if the matrix was never
    /// reached from the goal's).
    fn state(&self, cells: &[u8]) -> u32 {
        let unknown = self.distance.len() as u32 - 1;
        self.index
            .get(&self.pack(cells))
            .copied()
            .unwrap_or(unknown)
    }

    /// Breadth-first search from the goal's matrix; `line_length` cells a
    /// line; at most `max_states` states.
    fn build(
        line_of: [u8; MAX_CELLS],
        class_of: [u8; MAX_CELLS],
        lines: usize,
        line_length: usize,
        goal: &[u8],
        max_states: u64,
    ) -> Result<Axis> {
        let bits = u32::BITS - (line_length as u32).leading_zeros();
        if (lines * lines) as u32 * bits > 128 {
            return Err(Error::unsupported(format!(
                "walking distance on lines of {lines} x {line_length} cells does not fit its packed tables"
            )));
        }
        let mut axis = Axis {
            line_of,
            class_of,
            lines,
            bits,
            index: FxHashMap::default(),
            distance: Vec::new(),
            next: Vec::new(),
        };
        let mask = (1u128 << bits) - 1;
        let count = |key: u128, line: usize, class: usize| -> u128 {
            key >> ((line * lines + class) as u32 * bits) & mask
        };
        let root = axis.pack(goal);
        let mut states = vec![root];
        axis.index.insert(root, 0);
        axis.distance.push(0);
        let mut head = 0;
        while head < states.len() {
            let key = states[head];
            let d = axis.distance[head];
            // The blank's line holds one tile fewer.
            let blank = (0..lines)
                .find(|&l| (0..lines).map(|k| count(key, l, k)).sum::<u128>() < line_length as u128)
                .unwrap_or(0);
            for direction in 0..2 {
                let from = match direction {
                    0 if blank > 0 => blank - 1,
                    1 if blank + 1 < lines => blank + 1,
                    _ => {
                        axis.next.extend(std::iter::repeat_n(u32::MAX, lines));
                        continue;
                    }
                };
                for class in 0..lines {
                    if count(key, from, class) == 0 {
                        axis.next.push(u32::MAX);
                        continue;
                    }
                    let moved = key - (1 << ((from * lines + class) as u32 * bits))
                        + (1 << ((blank * lines + class) as u32 * bits));
                    let at = match axis.index.get(&moved) {
                        Some(&i) => i,
                        None => {
                            if states.len() as u64 >= max_states {
                                return Err(Error::limit(
                                    Resource::States,
                                    states.len() as u64 + 1,
                                    max_states,
                                ));
                            }
                            let i = states.len() as u32;
                            axis.index.insert(moved, i);
                            states.push(moved);
                            axis.distance.push(d.saturating_add(1));
                            i
                        }
                    };
                    axis.next.push(at);
                }
            }
            head += 1;
        }
        // The unknown state: distance 0, every move back to itself.
        let unknown = states.len() as u32;
        axis.distance.push(0);
        axis.next.extend(std::iter::repeat_n(unknown, 2 * lines));
        for n in axis.next.iter_mut() {
            if *n == u32::MAX {
                *n = unknown;
            }
        }
        Ok(axis)
    }

    /// The state after `s` from `state` (unchanged when `s` stays in its
    /// line).
    #[inline(always)]
    fn after(&self, state: u32, s: Step) -> u32 {
        const M: usize = MAX_CELLS - 1;
        let (lf, lt) = (
            self.line_of[s.from as usize & M],
            self.line_of[s.to as usize & M],
        );
        if lf == lt {
            return state;
        }
        // The blank goes from the tile's new line to its old one.
        let direction = usize::from(lf > lt);
        let class = self.class_of[s.tile as usize & M] as usize;
        self.next
            .get((state as usize * 2 + direction) * self.lines + class)
            .copied()
            .unwrap_or(state)
    }

    #[inline(always)]
    fn distance(&self, state: u32) -> u32 {
        self.distance.get(state as usize).copied().unwrap_or(0) as u32
    }
}

/// The walking-distance tables of one W x H board and goal: vertical
/// (rows) and horizontal (columns).
pub struct WalkingDistanceTables {
    vertical: Axis,
    horizontal: Axis,
}

impl std::fmt::Debug for WalkingDistanceTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WalkingDistanceTables({:?})", self.states())
    }
}

impl WalkingDistanceTables {
    /// Builds the tables for a `width x height` board and `goal` (one
    /// blank; tiles numbered as in the goal), by breadth-first search over
    /// at most `max_memory` bytes of states (about 48 bytes each) and at
    /// most [`MAX_STATES`] states a direction.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for boards over 64 cells, a goal of another
    /// size or with several blanks, or lines too long to pack;
    /// [`Error::Limit`] ([`Resource::States`]) when the states would not
    /// fit the budget.
    pub fn new(width: usize, height: usize, goal: &Configuration, max_memory: u64) -> Result<Self> {
        let n = width * height;
        if n > MAX_CELLS || goal.len() != n || goal.blanks().len() != 1 {
            return Err(Error::unsupported(
                "walking distance needs a board of at most 64 cells with one blank",
            ));
        }
        let cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        let mut rows = [0u8; MAX_CELLS];
        let mut columns = [0u8; MAX_CELLS];
        for c in 0..n {
            rows[c] = (c / width) as u8;
            columns[c] = (c % width) as u8;
        }
        let mut goal_row = [0u8; MAX_CELLS];
        let mut goal_column = [0u8; MAX_CELLS];
        for (c, &t) in cells.iter().enumerate() {
            goal_row[t as usize] = rows[c];
            goal_column[t as usize] = columns[c];
        }
        let max_states = (max_memory / 48).min(MAX_STATES);
        Ok(WalkingDistanceTables {
            vertical: Axis::build(rows, goal_row, height, width, &cells, max_states)?,
            horizontal: Axis::build(columns, goal_column, width, height, &cells, max_states)?,
        })
    }

    /// The number of abstract states (vertical, horizontal).
    pub fn states(&self) -> (usize, usize) {
        (
            self.vertical.distance.len() - 1,
            self.horizontal.distance.len() - 1,
        )
    }

    /// The walking distance of `cells` (one byte per cell, 0 = blank),
    /// from scratch: O(n).
    pub fn value(&self, cells: &[u8]) -> u32 {
        self.vertical.distance(self.vertical.state(cells))
            + self.horizontal.distance(self.horizontal.state(cells))
    }
}

/// Walking distance as a search heuristic: the tables and the current
/// vertical and horizontal states.
#[derive(Clone, Debug)]
pub struct WalkingDistance<'t> {
    t: &'t WalkingDistanceTables,
    states: (u32, u32),
}

impl<'t> WalkingDistance<'t> {
    /// Follows configurations with `tables`.
    pub fn new(tables: &'t WalkingDistanceTables) -> Self {
        WalkingDistance {
            t: tables,
            states: (0, 0),
        }
    }
}

impl<D: Domain<Move = Step>> Heuristic<D> for WalkingDistance<'_> {
    type Undo = (u32, u32);

    fn reset(&mut self, d: &D) -> u32 {
        let cells = d.cells();
        self.states = (self.t.vertical.state(cells), self.t.horizontal.state(cells));
        self.t.vertical.distance(self.states.0) + self.t.horizontal.distance(self.states.1)
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, s: Step, _: u32, _: u32) -> (u32, (u32, u32)) {
        let before = self.states;
        self.states = (
            self.t.vertical.after(before.0, s),
            self.t.horizontal.after(before.1, s),
        );
        let value =
            self.t.vertical.distance(self.states.0) + self.t.horizontal.distance(self.states.1);
        (value, before)
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, _: Step, before: (u32, u32)) {
        self.states = before;
    }
}
