//! The walking distance on W x H boards (Ken'ichiro Takahashi), updated in
//! O(1) per move.
//!
//! Takahashi described it in his web pages "15 puzzle optimal solver"
//! (2002); it is the heuristic of MichaelKim/15puzzle and of Kociemba's
//! 15-puzzle solver, who reports 1.89 s per random 4x4 instance with the
//! walking distance against 25.6 s with the Manhattan distance.
//!
//! The vertical walking distance forgets where tiles are within a row and
//! which tile is which, keeping only how many tiles of each goal row sit in
//! each row: the state is the H x H matrix `m[r][k]` = number of tiles in
//! row `r` whose goal row is `k` (the blank is not counted; the blank's row
//! is the row holding W - 1 tiles). A vertical move of the real puzzle
//! becomes one abstract move: the blank swaps with a tile of the row above
//! or below, whose class `k` moves into the blank's row. The vertical
//! walking distance of a configuration is the length of a shortest
//! abstract path from its matrix to the goal's, found by breadth-first
//! search once per board and goal. The horizontal walking distance is the
//! same with columns. Each real move is exactly one abstract move in one of
//! the two graphs and no move in the other, so their sum is admissible; and
//! since one abstract move moves one tile by one row (column), the vertical
//! part is at least the sum of the tiles' row distances and the horizontal
//! part at least that of their column distances: the sum is at least the
//! Manhattan distance. Both parts change by exactly 1 per move (each
//! abstract graph is bipartite: a move changes the blank's line by one), so
//! the value has the parity of the solution length.
//!
//! [`WalkingDistanceTables`] holds the two abstract graphs (a dense index
//! per state, its distance, its successors); [`WalkingDistance`] follows a
//! configuration as two state indices and updates one of them per move by
//! one table lookup.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::domain::{Domain, Steps};
use super::heuristic::Heuristic;
use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Metric};

/// Largest board (in cells) the tables accept: cells and tiles fit a byte,
/// as in [`super::domain::Step`].
pub const WALKING_MAX_CELLS: usize = 256;

/// Bits of a packed state key.
const KEY_BITS: usize = 128;

/// Largest matrix a key can hold (entries of at least one bit).
const MAX_ENTRIES: usize = KEY_BITS;

/// Placeholder for a missing successor while the search runs; replaced by
/// the dead state's index at the end.
const MISSING: u32 = u32::MAX;

/// One direction's abstract graph (rows for the vertical walking distance,
/// columns for the horizontal one).
///
/// States are numbered densely in breadth-first order from the goal (index
/// 0). One more index, `states`, is a dead state: distance 0, every
/// successor itself. It stands for "no such state" (an impossible
/// transition, or a configuration that is not one of the board's), so
/// every index the heuristic holds is in range and the value stays
/// admissible.
struct LineTable {
    /// `L`: the number of lines (rows or columns) and of goal classes.
    lines: usize,
    /// Bits per matrix entry in a key.
    bits: usize,
    /// Packed matrix -> state index (live states only).
    index: FxHashMap<u128, u32>,
    /// Distance to the goal per state (saturated at 255), then 0 for the
    /// dead state.
    dist: Vec<u8>,
    /// The same in the multi-tile metric (a run of the blank across
    /// several lines in one direction is one move), then 0.
    mtm_dist: Vec<u8>,
    /// `next[(s * 2 + dir) * L + k]`: the state after the blank leaves its
    /// line for the previous one (`dir` 0: up or left) or the next one
    /// (`dir` 1: down or right), a tile of class `k` coming the other way;
    /// the dead state when there is no such move.
    next: Vec<u32>,
    /// The number of live states (= the dead state's index).
    states: u32,
}

impl LineTable {
    /// The distance of state `s` (0 for the dead state).
    #[inline(always)]
    fn dist(&self, s: u32) -> u32 {
        self.dist.get(s as usize).map_or(0, |&d| d as u32)
    }

    /// The distances of one metric.
    fn distances(&self, metric: Metric) -> &[u8] {
        match metric {
            Metric::Stm => &self.dist,
            Metric::Mtm => &self.mtm_dist,
        }
    }

    /// Breadth-first search from the goal (state 0) where a move is a run:
    /// the blank crosses 1 to L - 1 lines in one direction, a tile of any
    /// class present coming the other way at each line. The run graph is
    /// symmetric (a run's reverse is a run the other way with the same
    /// classes), so these are distances to the goal. O(states x runs).
    fn run_distances(&self) -> Vec<u8> {
        let live = self.states as usize;
        let mut dist = vec![u8::MAX; live + 1];
        if live == 0 {
            return vec![0];
        }
        dist[0] = 0;
        let mut queue = std::collections::VecDeque::from([0u32]);
        let (mut frontier, mut reached) = (Vec::new(), Vec::new());
        while let Some(s) = queue.pop_front() {
            let d = dist[s as usize].saturating_add(1);
            for dir in 0..2 {
                frontier.clear();
                frontier.push(s);
                for _ in 1..self.lines {
                    reached.clear();
                    for &f in &frontier {
                        for class in 0..self.lines {
                            let i = (f as usize * 2 + dir) * self.lines + class;
                            let t = self.next.get(i).copied().unwrap_or(self.states);
                            if t != self.states && !reached.contains(&t) {
                                reached.push(t);
                            }
                        }
                    }
                    for &t in &reached {
                        if dist[t as usize] == u8::MAX {
                            dist[t as usize] = d;
                            queue.push_back(t);
                        }
                    }
                    std::mem::swap(&mut frontier, &mut reached);
                    if frontier.is_empty() {
                        break;
                    }
                }
            }
        }
        dist[live] = 0;
        // States the runs cannot reach (none on boards) count as 0.
        for x in dist.iter_mut().filter(|x| **x == u8::MAX) {
            *x = 0;
        }
        dist
    }

    /// The state after a tile of class `class` slid from line `from` to the
    /// adjacent line `to` (the blank from `to` to `from`) in state `s`; the
    /// dead state if the lines are not adjacent or there is no such move.
    #[inline(always)]
    fn step(&self, s: u32, from: u8, to: u8, class: u8) -> u32 {
        let dir = if from.wrapping_add(1) == to {
            0
        } else if from == to.wrapping_add(1) {
            1
        } else {
            return self.states;
        };
        let i = (s as usize * 2 + dir) * self.lines + class as usize;
        self.next.get(i).copied().unwrap_or(self.states)
    }

    /// The state of a packed matrix, or the dead state.
    fn lookup(&self, key: Option<u128>) -> u32 {
        key.and_then(|k| self.index.get(&k).copied())
            .unwrap_or(self.states)
    }

    /// Bytes held now (from the actual capacities).
    fn bytes(&self) -> u64 {
        map_bytes(self.index.capacity() as u64)
            + self.dist.capacity() as u64
            + self.mtm_dist.capacity() as u64
            + 4 * self.next.capacity() as u64
    }
}

impl std::fmt::Debug for LineTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineTable")
            .field("lines", &self.lines)
            .field("states", &self.states)
            .finish()
    }
}

/// An upper bound on the bytes of an `FxHashMap<u128, u32>` holding `items`
/// entries (buckets: a power of two at most 8/7 full, one control byte
/// each plus a group's worth).
fn map_bytes(items: u64) -> u64 {
    let buckets = (items * 8).div_ceil(7).next_power_of_two().max(8);
    let entry = std::mem::size_of::<(u128, u32)>() as u64 + 1;
    buckets * entry + 64
}

/// An upper bound on the bytes the breadth-first search holds once it has
/// `states` states with `lines` lines: the map, the queue of keys, the
/// distances and the successors, the dead state included. A vector holds
/// at most twice its length (amortised growth); the distances and the
/// successors, three times while the final `shrink_to_fit` copies them.
fn build_bytes(states: u64, lines: u64) -> u64 {
    let vec = |len: u64, size: u64, times: u64| (times * len + 8) * size;
    map_bytes(states)
        + vec(states, 16, 2)
        + vec(states + 1, 1, 4)
        + vec((states + 1) * 2 * lines, 4, 3)
}

/// Most abstract states a direction (a few seconds of breadth-first
/// search): 4x4 has 24,964, 5x5 65,650,495 (88 s and about 10 GB), which
/// is refused at once; pattern databases serve 5x5 better.
pub const MAX_STATES: u64 = 4_000_000;

/// Breadth-first search of one direction's abstract graph from `goal` (an
/// L x L matrix, row-major, line by class), with lines of `len` cells.
/// `used` bytes are already held; refuses before holding more than
/// `budget` in all.
fn build(lines: usize, len: usize, goal: &[u8], used: u64, budget: u64) -> Result<LineTable> {
    let bits = (usize::BITS - len.leading_zeros()) as usize;
    if lines * lines * bits > KEY_BITS || goal.len() != lines * lines {
        return Err(Error::unsupported(format!(
            "walking distance: {lines} lines of {len} cells need {} bits per state, over {KEY_BITS}",
            lines * lines * bits
        )));
    }
    let mask = (1u128 << bits) - 1;
    let unit = |line: usize, class: usize| 1u128 << ((line * lines + class) * bits);
    let goal_key = pack(goal, bits).ok_or_else(|| {
        Error::internal("walking distance: the goal's matrix does not fit its key")
    })?;
    let check = |states: u64| {
        let need = used.saturating_add(build_bytes(states, lines as u64));
        if need > budget {
            Err(Error::limit(Resource::Memory, need, budget))
        } else if states > MAX_STATES {
            Err(Error::limit(Resource::States, states, MAX_STATES))
        } else {
            Ok(())
        }
    };
    check(1)?;
    let mut index = FxHashMap::default();
    index.insert(goal_key, 0u32);
    let mut keys = vec![goal_key];
    let mut dist = vec![0u8];
    let mut next: Vec<u32> = Vec::new();
    let mut counts = [0u8; MAX_ENTRIES];
    let mut head = 0;
    while let Some(&key) = keys.get(head) {
        let d = dist.get(head).map_or(u8::MAX, |&d| d.saturating_add(1));
        for (i, c) in counts.iter_mut().enumerate().take(lines * lines) {
            *c = ((key >> (i * bits)) & mask) as u8;
        }
        let sum = |line: usize| -> usize {
            counts[line * lines..(line + 1) * lines]
                .iter()
                .map(|&c| c as usize)
                .sum()
        };
        let blank = (0..lines).find(|&line| sum(line) + 1 == len);
        for dir in 0..2 {
            let other = blank.and_then(|b| match dir {
                0 => b.checked_sub(1),
                _ => Some(b + 1).filter(|&o| o < lines),
            });
            for class in 0..lines {
                let target = match (blank, other) {
                    (Some(b), Some(o)) if counts[o * lines + class] > 0 => {
                        let moved = key - unit(o, class) + unit(b, class);
                        match index.get(&moved) {
                            Some(&s) => s,
                            None => {
                                check(keys.len() as u64 + 1)?;
                                let s = keys.len() as u32;
                                index.insert(moved, s);
                                keys.push(moved);
                                dist.push(d);
                                s
                            }
                        }
                    }
                    _ => MISSING,
                };
                next.push(target);
            }
        }
        head += 1;
    }
    drop(keys);
    let states = dist.len() as u32;
    for s in next.iter_mut().filter(|s| **s == MISSING) {
        *s = states;
    }
    next.extend(std::iter::repeat_n(states, 2 * lines));
    dist.push(0);
    next.shrink_to_fit();
    dist.shrink_to_fit();
    let mut table = LineTable {
        lines,
        bits,
        index,
        dist,
        mtm_dist: Vec::new(),
        next,
        states,
    };
    table.mtm_dist = table.run_distances();
    Ok(table)
}

/// Packs matrix entries of `bits` bits each (entry i at bit `i * bits`);
/// `None` if an entry does not fit.
fn pack(counts: &[u8], bits: usize) -> Option<u128> {
    let mut key = 0u128;
    for (i, &c) in counts.iter().enumerate() {
        if (c as u128) >> bits != 0 || (i + 1) * bits > KEY_BITS {
            return None;
        }
        key |= (c as u128) << (i * bits);
    }
    Some(key)
}

/// The walking-distance tables of a `width x height` board and a goal: the
/// vertical and the horizontal abstract graphs, each a dense index per
/// state, its distance to the goal and its successors.
///
/// Conventions: cells in reading order (cell = y * width + x), one blank;
/// each tile's goal row and column, and the blank's goal row and column,
/// come from the goal configuration (any blank position, any numbering).
/// A state is packed in a 128-bit key, each of the L x L entries of a
/// direction with L lines of `len` cells in as many bits as `len` needs
/// (3 for 4x4 and 5x5), so 6x6 fits and 7x7 is refused
/// ([`Error::Unsupported`]); in practice the budget decides first.
///
/// Sizes: 4x4 has 24,964 states per direction (about 2 MiB, one table
/// for both directions with the usual goals, built in a few
/// milliseconds); 5x5 has 65,650,495 per direction (distances up to 70;
/// about 7 GiB kept, 10 GiB at the peak and a minute and a half to build
/// one table). Building is a breadth-first search, O(states x L) hash
/// lookups for L lines. When
/// the goal makes the two directions alike (a square board with the blank's
/// goal on the diagonal) one table serves both.
///
/// ```
/// use slidepuzzle::search::walking::WalkingDistanceTables;
/// use slidepuzzle::Configuration;
/// let goal = Configuration::natural(16); // 1..15, blank last
/// let wd = WalkingDistanceTables::new(4, 4, &goal, 1 << 30).unwrap();
/// assert_eq!(wd.states(), (24_964, 24_964));
/// let mut cells: Vec<u8> = (1..16).chain([0]).collect();
/// assert_eq!(wd.value(&cells), 0);
/// cells.swap(14, 15); // the blank one step left: one horizontal move
/// assert_eq!(wd.value(&cells), 1);
/// ```
#[derive(Clone)]
pub struct WalkingDistanceTables {
    n: usize,
    /// Row and column of each cell (0 beyond the board).
    row_of: [u8; WALKING_MAX_CELLS],
    col_of: [u8; WALKING_MAX_CELLS],
    /// Goal row and column of each tile (0 for tiles not on the board).
    goal_row: [u8; WALKING_MAX_CELLS],
    goal_col: [u8; WALKING_MAX_CELLS],
    vertical: Arc<LineTable>,
    horizontal: Arc<LineTable>,
}

impl std::fmt::Debug for WalkingDistanceTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalkingDistanceTables")
            .field("cells", &self.n)
            .field("states", &self.states())
            .finish()
    }
}

impl WalkingDistanceTables {
    /// Builds the tables for a `width x height` board and `goal`, holding
    /// at most `budget` bytes while building (checked as the searches grow,
    /// before allocating).
    ///
    /// # Errors
    /// [`Error::Configuration`] if `goal` does not have `width * height`
    /// cells; [`Error::Unsupported`] unless it has exactly one blank, or if
    /// a direction's states do not fit a 128-bit key; [`Error::Limit`]
    /// above [`WALKING_MAX_CELLS`] cells ([`Resource::Vertices`]) or when the
    /// tables would need more than `budget` bytes ([`Resource::Memory`]) or
    /// a direction has more than [`MAX_STATES`] states
    /// ([`Resource::States`]).
    pub fn new(width: usize, height: usize, goal: &Configuration, budget: u64) -> Result<Self> {
        let n = width.saturating_mul(height);
        if n > WALKING_MAX_CELLS {
            return Err(Error::limit(
                Resource::Vertices,
                n as u64,
                WALKING_MAX_CELLS as u64,
            ));
        }
        if width == 0 || goal.len() != n {
            return Err(Error::config(format!(
                "the goal has {} cells, a {width}x{height} board {n}",
                goal.len()
            )));
        }
        if goal.blanks().len() != 1 {
            return Err(Error::unsupported(
                "walking distance: the goal must have exactly one blank",
            ));
        }
        let (mut row_of, mut col_of) = ([0u8; WALKING_MAX_CELLS], [0u8; WALKING_MAX_CELLS]);
        for p in 0..n {
            row_of[p] = (p / width) as u8;
            col_of[p] = (p % width) as u8;
        }
        let (mut goal_row, mut goal_col) = ([0u8; WALKING_MAX_CELLS], [0u8; WALKING_MAX_CELLS]);
        let goal_cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        for (p, &t) in goal_cells.iter().enumerate() {
            goal_row[t as usize] = (p / width) as u8;
            goal_col[t as usize] = (p % width) as u8;
        }
        let v_goal = matrix(n, &goal_cells, &row_of, &goal_row, height);
        let h_goal = matrix(n, &goal_cells, &col_of, &goal_col, width);
        let (Some(v_goal), Some(h_goal)) = (v_goal, h_goal) else {
            return Err(Error::unsupported(format!(
                "walking distance: a {width}x{height} board has too many lines for a 128-bit key"
            )));
        };
        let vertical = Arc::new(build(height, width, &v_goal, 0, budget)?);
        let horizontal = if (width, &h_goal) == (height, &v_goal) {
            Arc::clone(&vertical)
        } else {
            Arc::new(build(width, height, &h_goal, vertical.bytes(), budget)?)
        };
        Ok(WalkingDistanceTables {
            n,
            row_of,
            col_of,
            goal_row,
            goal_col,
            vertical,
            horizontal,
        })
    }

    /// The vertical and horizontal states of `cells` (dead states when
    /// `cells` is not a configuration of this board).
    fn states_of(&self, cells: &[u8]) -> (u32, u32) {
        let (v, h) = (&*self.vertical, &*self.horizontal);
        let key = |line_of, class_of, t: &LineTable| {
            matrix(self.n, cells, line_of, class_of, t.lines).and_then(|m| pack(&m, t.bits))
        };
        (
            v.lookup(key(&self.row_of, &self.goal_row, v)),
            h.lookup(key(&self.col_of, &self.goal_col, h)),
        )
    }

    /// The walking distance of `cells` (one byte per cell, reading order,
    /// 0 = blank), computed from scratch in O(n + L^2): the vertical plus
    /// the horizontal distance; 0 exactly at the goal. A slice that is not
    /// a configuration of this board (wrong length, several blanks,
    /// repeated or unknown tiles) gets the value of the matrices it gives
    /// if they are states, else 0 for that direction; never a panic.
    pub fn value(&self, cells: &[u8]) -> u32 {
        let (v, h) = self.states_of(cells);
        self.vertical.dist(v) + self.horizontal.dist(h)
    }

    /// The number of abstract states (vertical, horizontal): 24,964 each
    /// on 4x4, whatever the blank's goal cell.
    pub fn states(&self) -> (usize, usize) {
        (
            self.vertical.states as usize,
            self.horizontal.states as usize,
        )
    }

    /// The bytes the tables hold (both directions; one when they share).
    pub fn bytes(&self) -> u64 {
        let v = self.vertical.bytes();
        if Arc::ptr_eq(&self.vertical, &self.horizontal) {
            v
        } else {
            v + self.horizontal.bytes()
        }
    }
}

/// The L x L matrix (line by goal class) of `cells` on a board of `n`
/// cells, `None` if it has more than [`MAX_ENTRIES`] entries or `cells`
/// has not `n` cells.
fn matrix(
    n: usize,
    cells: &[u8],
    line_of: &[u8; WALKING_MAX_CELLS],
    class_of: &[u8; WALKING_MAX_CELLS],
    lines: usize,
) -> Option<Vec<u8>> {
    if cells.len() != n || lines * lines > MAX_ENTRIES {
        return None;
    }
    let mut m = vec![0u8; lines * lines];
    for (p, &t) in cells.iter().enumerate() {
        if t != 0 {
            let line = line_of[p & (WALKING_MAX_CELLS - 1)] as usize;
            let i = line * lines + class_of[t as usize] as usize;
            let c = m.get_mut(i)?;
            *c = c.checked_add(1)?;
        }
    }
    Some(m)
}

/// The walking distance as a search heuristic for boards
/// ([`super::board::BoardDomain`], or [`super::graph::GraphDomain`] on a
/// plain board): the two current state indices.
///
/// [`Heuristic::reset`] looks the configuration up (O(n + L^2));
/// [`Heuristic::apply`] is O(1): a step between rows changes the vertical
/// state by one table lookup (the moving tile's goal row, the blank's
/// direction), a step between columns the horizontal one. The undo token
/// is the previous pair of indices. The value is the vertical plus the
/// horizontal distance, admissible and at least the Manhattan distance.
/// Moves are single-tile steps of the board (the single-tile metric).
/// Other steps never panic: a step across both a row and a column (a
/// diagonal) updates both parts, as [`WalkingDistanceTables::value`] would
/// (but the value is then not admissible); a step between lines that are
/// not adjacent (a torus's wrap) makes that direction's part 0 until it is
/// undone.
#[derive(Clone, Debug)]
pub struct WalkingDistance<'t> {
    tables: &'t WalkingDistanceTables,
    vertical: &'t LineTable,
    horizontal: &'t LineTable,
    /// The distances of the metric, per vertical and horizontal state.
    vertical_dist: &'t [u8],
    horizontal_dist: &'t [u8],
    v: u32,
    h: u32,
}

impl<'t> WalkingDistance<'t> {
    /// Follows configurations with `tables`, counting single-tile moves.
    pub fn new(tables: &'t WalkingDistanceTables) -> Self {
        Self::with_metric(tables, Metric::Stm)
    }

    /// Follows configurations with `tables`, counting moves of `metric`.
    /// In the multi-tile metric ([`Metric::Mtm`]) each direction's
    /// distance is that of its abstract graph where a run of the blank
    /// across several lines in one direction is one move (a real vertical
    /// run is one such abstract run and leaves the columns alone, and the
    /// other way round), so the sum is admissible for MTM; moves are then
    /// the [`super::mtm::Run`]s of [`super::mtm::MtmBoardDomain`], followed
    /// step by step.
    pub(crate) fn with_metric(tables: &'t WalkingDistanceTables, metric: Metric) -> Self {
        WalkingDistance {
            tables,
            vertical: &tables.vertical,
            horizontal: &tables.horizontal,
            vertical_dist: tables.vertical.distances(metric),
            horizontal_dist: tables.horizontal.distances(metric),
            v: tables.vertical.states,
            h: tables.horizontal.states,
        }
    }

    #[inline(always)]
    fn value(&self) -> u32 {
        let d = |dist: &[u8], s: u32| dist.get(s as usize).map_or(0, |&d| d as u32);
        d(self.vertical_dist, self.v) + d(self.horizontal_dist, self.h)
    }
}

impl<D: Domain> Heuristic<D> for WalkingDistance<'_> {
    /// The vertical and horizontal states before the move.
    type Undo = (u32, u32);

    fn reset(&mut self, d: &D) -> u32 {
        (self.v, self.h) = self.tables.states_of(d.cells());
        self.value()
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, m: D::Move, _: u32, _: u32) -> (u32, (u32, u32)) {
        let t = self.tables;
        let before = (self.v, self.h);
        m.for_each_step(|s| {
            let (from, to, tile) = (s.from as usize, s.to as usize, s.tile as usize);
            let (rf, rt) = (t.row_of[from], t.row_of[to]);
            if rf != rt {
                self.v = self.vertical.step(self.v, rf, rt, t.goal_row[tile]);
            }
            let (cf, ct) = (t.col_of[from], t.col_of[to]);
            if cf != ct {
                self.h = self.horizontal.step(self.h, cf, ct, t.goal_col[tile]);
            }
        });
        (self.value(), before)
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, _: D::Move, (v, h): (u32, u32)) {
        self.v = v;
        self.h = h;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instances::blank_first_goal;

    const BUDGET: u64 = 1 << 30;

    #[test]
    fn the_4x4_tables_have_24964_states_per_direction() {
        for goal in [Configuration::natural(16), blank_first_goal(16)] {
            let wd = WalkingDistanceTables::new(4, 4, &goal, BUDGET).unwrap();
            assert_eq!(wd.states(), (24_964, 24_964));
            // The blank's goal is on the diagonal: one table serves both.
            assert!(Arc::ptr_eq(&wd.vertical, &wd.horizontal));
            let cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
            assert_eq!(wd.value(&cells), 0);
        }
        // Blank's goal off the diagonal (cell 1): two tables, same size.
        let mut cells: Vec<u32> = (0..16).collect();
        cells.swap(0, 1);
        let goal = Configuration::from_cells(cells, 1).unwrap();
        let wd = WalkingDistanceTables::new(4, 4, &goal, BUDGET).unwrap();
        assert!(!Arc::ptr_eq(&wd.vertical, &wd.horizontal));
        assert_eq!(wd.states(), (24_964, 24_964));
    }

    #[test]
    fn every_transition_changes_the_distance_by_one() {
        // The abstract graphs are bipartite (every move changes the
        // blank's line by one), so neighbours' distances differ by 1.
        for (w, h) in [(3, 3), (4, 3), (3, 4), (4, 4), (2, 5), (1, 4), (4, 1)] {
            let goal = Configuration::natural(w * h);
            let wd = WalkingDistanceTables::new(w, h, &goal, BUDGET).unwrap();
            for t in [&*wd.vertical, &*wd.horizontal] {
                assert_eq!(t.next.len(), (t.states as usize + 1) * 2 * t.lines);
                assert_eq!(t.dist.len(), t.states as usize + 1);
                for s in 0..t.states {
                    for (i, &n) in t.next[s as usize * 2 * t.lines..][..2 * t.lines]
                        .iter()
                        .enumerate()
                    {
                        if n != t.states {
                            assert_eq!(t.dist(s).abs_diff(t.dist(n)), 1, "{w}x{h} {s} {i}");
                        }
                    }
                    assert!(s == 0 || t.dist(s) > 0);
                }
                let dead = &t.next[t.states as usize * 2 * t.lines..];
                assert!(dead.iter().all(|&n| n == t.states));
            }
        }
    }

    #[test]
    fn a_line_board_has_one_state_across() {
        // 1 x 4: one row; the vertical graph has one state, the horizontal
        // one is the path's.
        let goal = Configuration::natural(4);
        let wd = WalkingDistanceTables::new(4, 1, &goal, BUDGET).unwrap();
        assert_eq!(wd.states().0, 1);
        assert_eq!(wd.value(&[0, 1, 2, 3]), 3);
        assert_eq!(wd.value(&[1, 0, 2, 3]), 2);
        let wd = WalkingDistanceTables::new(1, 4, &goal, BUDGET).unwrap();
        assert_eq!(wd.states().1, 1);
        assert_eq!(wd.value(&[0, 1, 2, 3]), 3);
    }

    #[test]
    fn budgets_and_sizes_are_refused_with_errors() {
        let goal = Configuration::natural(16);
        let e = WalkingDistanceTables::new(4, 4, &goal, 100_000).unwrap_err();
        assert!(
            matches!(e, Error::Limit { resource: Resource::Memory, needed, budget: 100_000 } if needed > 100_000),
            "{e}"
        );
        // Enough for the vertical table of 4x3 but not for both.
        let goal = Configuration::natural(12);
        let full = WalkingDistanceTables::new(4, 3, &goal, BUDGET).unwrap();
        let (rows, columns) = full.states();
        let budget = build_bytes(rows as u64, 3);
        assert!(full.vertical.bytes() + build_bytes(columns as u64, 4) > budget);
        let v_goal = [4, 0, 0, 0, 4, 0, 0, 0, 3];
        assert_eq!(
            build(3, 4, &v_goal, 0, budget).unwrap().states as usize,
            rows
        );
        let e = WalkingDistanceTables::new(4, 3, &goal, budget).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Limit {
                    resource: Resource::Memory,
                    ..
                }
            ),
            "{e}"
        );
        // 7 lines of 7 cells do not fit a 128-bit key.
        let goal = Configuration::natural(49);
        let e = WalkingDistanceTables::new(7, 7, &goal, BUDGET).unwrap_err();
        assert!(matches!(e, Error::Unsupported(_)), "{e}");
        let goal = Configuration::natural(12);
        let e = WalkingDistanceTables::new(12, 1, &goal, BUDGET).unwrap_err();
        assert!(matches!(e, Error::Unsupported(_)), "{e}");
        let e = WalkingDistanceTables::new(17, 16, &Configuration::natural(272), BUDGET);
        assert!(matches!(
            e,
            Err(Error::Limit {
                resource: Resource::Vertices,
                ..
            })
        ));
        // Wrong size, two blanks.
        let e = WalkingDistanceTables::new(3, 3, &Configuration::natural(12), BUDGET);
        assert!(matches!(e, Err(Error::Configuration { .. })));
        let e = WalkingDistanceTables::new(0, 3, &Configuration::natural(12), BUDGET);
        assert!(matches!(e, Err(Error::Configuration { .. })));
        let two = Configuration::natural_with_blanks(9, 2);
        let e = WalkingDistanceTables::new(3, 3, &two, BUDGET);
        assert!(matches!(e, Err(Error::Unsupported(_))));
    }

    #[test]
    fn foreign_cells_give_zero_not_a_panic() {
        let goal = Configuration::natural(9);
        let wd = WalkingDistanceTables::new(3, 3, &goal, BUDGET).unwrap();
        assert_eq!(wd.value(&[]), 0);
        assert_eq!(wd.value(&[1, 2, 3]), 0);
        assert_eq!(wd.value(&[255; 9]), 0);
        assert_eq!(wd.value(&[0; 9]), 0);
        assert_eq!(wd.value(&[1, 1, 1, 1, 0, 1, 1, 1, 1]), 0);
        assert!(wd.value(&[8, 7, 6, 5, 4, 3, 2, 1, 0]) > 0);
        // A dead state's transitions stay dead.
        let t = &*wd.vertical;
        assert_eq!(t.step(t.states, 0, 1, 2), t.states);
        assert_eq!(t.step(0, 0, 2, 0), t.states);
        assert_eq!(t.step(u32::MAX - 1, 1, 0, 200), t.states);
    }

    #[test]
    fn five_by_five_is_refused_at_once() {
        let goal = Configuration::natural(25);
        let e = WalkingDistanceTables::new(5, 5, &goal, 16 << 30).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Limit {
                    resource: Resource::States,
                    ..
                }
            ),
            "{e}"
        );
    }
}
