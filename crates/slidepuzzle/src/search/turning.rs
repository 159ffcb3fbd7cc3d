//! Puzzles whose tiles turn (docs/THEORY.md section 8) as a search domain,
//! with an orientation-aware Manhattan distance.
//!
//! Each cell holds one byte, a *label*: 0 for the blank, else
//! `(t - 1) * k + o + 1` for tile `t` with orientation `o` in Z_k, so the
//! labels of a puzzle with `n` vertices fit a byte while `(n - 1) * k`
//! stays below 256 ([`MAX_LABELS`]). A move slides a tile into the blank
//! and changes its label by the edge's turn.
//!
//! The heuristic ([`TurnDistance`]) sums, over the tiles, the distance in
//! the *lifted graph* on vertex x orientation pairs (a tile on `v` with
//! orientation `o` steps to `(w, o + turn(v -> w))`) from the tile's
//! (vertex, orientation) to its goal pair: the least moves the tile
//! needs alone, counting the detours that turn it the way the goal wants.
//! A move takes one tile one step there, so the sum is admissible and
//! consistent; on a puzzle whose turns are all 0 it is the Manhattan
//! distance.

use super::domain::{Domain, Step, Steps};
use super::heuristic::Heuristic;
use super::packed::{Adjacency, GraphCells, cells_in};
use crate::model::{Configuration, Puzzle};

/// The most labels (tiles x orientations) the domain packs: 255.
pub const MAX_LABELS: usize = 255;

/// A move: the step (its `tile` is the label before the move) and the
/// label after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnStep {
    /// The slide, with the label before it.
    pub step: Step,
    /// The tile's label after it.
    pub turned: u8,
}

impl Steps for TurnStep {
    #[inline(always)]
    fn for_each_step(self, mut f: impl FnMut(Step)) {
        f(self.step)
    }
}

/// The packed cells (labels), the blank's moves and the turn of every
/// move.
#[derive(Clone, Debug)]
pub struct TurningDomain {
    cells: GraphCells,
    adjacency: Adjacency,
    /// `turned[i][label]`: the label after turning by the turn of the
    /// `i`-th entry of the adjacency array (the tile slides from that
    /// neighbour into the blank).
    turned: Vec<[u8; 256]>,
    offsets: Vec<u32>,
    /// The largest label: (tiles) x k.
    largest: usize,
}

/// The label of tile `t` turned `o` in Z_`k` (0 for the blank).
fn label(t: u32, o: u8, k: u8) -> usize {
    if t == 0 {
        0
    } else {
        (t as usize - 1) * k as usize + o as usize + 1
    }
}

/// A configuration's labels, one byte per vertex.
fn labels(c: &Configuration, k: u8) -> Vec<u8> {
    (0..c.len())
        .map(|v| label(c.tile_at(v), c.orientation_at(v), k) as u8)
        .collect()
}

impl TurningDomain {
    /// The puzzle at `start`, searching for `goal`. `None` for a puzzle
    /// without turns, above 256 vertices or [`MAX_LABELS`] labels, or
    /// unless both configurations have one blank.
    pub(crate) fn new(
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let turns = puzzle.turns()?;
        let k = turns.modulus();
        let n = puzzle.vertex_count();
        let fits = |c: &Configuration| c.len() == n && c.blanks().len() == 1;
        if (n - 1) * k as usize > MAX_LABELS || !fits(start) || !fits(goal) {
            return None;
        }
        let adjacency = Adjacency::new(puzzle.graph())?;
        let mut turned = Vec::new();
        let mut offsets = vec![0u32];
        for blank in 0..n {
            for &w in puzzle.graph().neighbors(blank) {
                let r = turns.turn(w, blank);
                let mut row = [0u8; 256];
                for (l, slot) in row.iter_mut().enumerate().take(MAX_LABELS + 1).skip(1) {
                    let (t, o) = ((l - 1) / k as usize, ((l - 1) % k as usize) as u8);
                    *slot = (t * k as usize + turns.add(o, r) as usize + 1) as u8;
                }
                turned.push(row);
            }
            offsets.push(turned.len() as u32);
        }
        let cells = GraphCells::from_bytes(&labels(start, k), &labels(goal, k))?;
        Some(TurningDomain {
            cells,
            adjacency,
            turned,
            offsets,
            largest: (n - 1) * k as usize,
        })
    }
}

const NO_VERTEX: u16 = u16::MAX;

#[inline(always)]
fn context(blank: u8, prev: u16) -> u32 {
    blank as u32 | (prev as u32) << 16
}

impl Domain for TurningDomain {
    type Move = TurnStep;
    /// The blank's vertex, and its vertex before the last move.
    type Context = u32;

    fn root_context(&self) -> u32 {
        context(self.cells.blank().unwrap_or(0) as u8, NO_VERTEX)
    }

    #[inline(always)]
    fn branching(&self, at: u32) -> usize {
        self.adjacency.neighbors(at as u8).len()
    }

    #[inline(always)]
    fn nth_move(&self, at: u32, i: usize) -> Option<TurnStep> {
        let (blank, prev) = (at as u8, (at >> 16) as u16);
        let p = *self.adjacency.neighbors(blank).get(i)?;
        if p as u16 == prev {
            return None;
        }
        let tile = self.cells.get(p);
        let row = self.offsets[blank as usize] as usize + i;
        Some(TurnStep {
            step: Step {
                tile,
                from: p,
                to: blank,
            },
            turned: self.turned[row][tile as usize],
        })
    }

    #[inline(always)]
    fn child_context(&self, _: u32, m: TurnStep, _: usize) -> u32 {
        context(m.step.from, m.step.to as u16)
    }

    #[inline(always)]
    fn apply(&mut self, m: TurnStep) {
        self.cells.set(m.step.to, m.turned);
        self.cells.set(m.step.from, 0);
    }

    #[inline(always)]
    fn undo(&mut self, m: TurnStep) {
        self.cells.slide_back(m.step);
    }

    cells_in!(cells);

    fn largest_cell(&self) -> usize {
        self.largest
    }
}

/// The lifted-graph distances of every label from every vertex to its goal
/// pair: `table[label << 8 | v]`, 255 where the pair cannot reach it.
#[derive(Clone)]
pub struct TurnDistances {
    table: Box<[u8; 1 << 16]>,
}

impl std::fmt::Debug for TurnDistances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TurnDistances")
    }
}

impl TurnDistances {
    /// The table for `puzzle` and `goal`: one breadth-first search of the
    /// lifted graph (`n * k` pairs) per tile, backwards from its goal pair.
    /// O(n * k * (n + E)). `None` as for [`TurningDomain::new`].
    pub(crate) fn new(puzzle: &Puzzle, goal: &Configuration) -> Option<Self> {
        let turns = puzzle.turns()?;
        let k = turns.modulus() as usize;
        let n = puzzle.vertex_count();
        if n > 256 || (n - 1) * k > MAX_LABELS || goal.len() != n {
            return None;
        }
        let graph = puzzle.graph();
        let mut table = Box::new([255u8; 1 << 16]);
        for gv in 0..n {
            let t = goal.tile_at(gv);
            if t == 0 {
                continue;
            }
            // dist[w * k + o]: moves from (w, o) to (gv, goal orientation).
            let mut dist = vec![u32::MAX; n * k];
            let target = gv * k + goal.orientation_at(gv) as usize;
            dist[target] = 0;
            let mut queue = std::collections::VecDeque::from([target]);
            while let Some(x) = queue.pop_front() {
                let (w, o) = (x / k, (x % k) as u8);
                // Predecessors: (v, o - turn(v -> w)) for neighbours v.
                for &v in graph.neighbors(w) {
                    let before = turns.add(o, turns.negate(turns.turn(v, w)));
                    let y = v * k + before as usize;
                    if dist[y] == u32::MAX {
                        dist[y] = dist[x] + 1;
                        queue.push_back(y);
                    }
                }
            }
            for v in 0..n {
                for o in 0..k {
                    let l = label(t, o as u8, k as u8);
                    table[l << 8 | v] = dist[v * k + o].min(255) as u8;
                }
            }
        }
        Some(TurnDistances { table })
    }

    /// The distance of the tile with `label` on vertex `v` from its goal
    /// pair.
    #[inline(always)]
    pub(crate) fn get(&self, label: u8, v: u8) -> u32 {
        self.table[(label as usize) << 8 | v as usize] as u32
    }
}

/// [`TurnDistances`] as a search heuristic on a [`TurningDomain`].
#[derive(Clone, Debug)]
pub struct TurnDistance<'t> {
    table: &'t TurnDistances,
}

impl<'t> TurnDistance<'t> {
    /// Follows configurations with `table`.
    pub(crate) fn new(table: &'t TurnDistances) -> Self {
        TurnDistance { table }
    }
}

impl Heuristic<TurningDomain> for TurnDistance<'_> {
    type Undo = ();

    fn reset(&mut self, d: &TurningDomain) -> u32 {
        d.cells()
            .iter()
            .enumerate()
            .filter(|&(_, &l)| l != 0)
            .map(|(v, &l)| self.table.get(l, v as u8))
            .sum()
    }

    #[inline(always)]
    fn apply(&mut self, _: &TurningDomain, m: TurnStep, h: u32, _: u32) -> (u32, ()) {
        let before = self.table.get(m.step.tile, m.step.from);
        let after = self.table.get(m.turned, m.step.to);
        (h.wrapping_sub(before).wrapping_add(after), ())
    }

    #[inline(always)]
    fn undo(&mut self, _: &TurningDomain, _: TurnStep, _: ()) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_carried_round_the_centre_needs_the_detour() {
        // A triangle with one quarter turn: the tile must go round.
        let p = Puzzle::parse("turns:4:0-1^1,1-2,2-0").unwrap();
        let goal = p.default_goal();
        let d = TurnDistances::new(&p, &goal).unwrap();
        // Tile 1 at home (vertex 0) but turned once: one round 0 -> 2 ->
        // 1 -> 0 turns it back by -1 (three rounds the other way would
        // also do).
        assert_eq!(d.get(label(1, 1, 4) as u8, 0), 3);
        assert_eq!(d.get(label(1, 2, 4) as u8, 0), 6);
        assert_eq!(d.get(label(1, 0, 4) as u8, 0), 0);
        // From vertex 1 the direct slide turns it by -1; 1 -> 2 -> 0 does
        // not turn it.
        assert_eq!(d.get(label(1, 0, 4) as u8, 1), 2);
        assert_eq!(d.get(label(1, 1, 4) as u8, 1), 1);
    }
}
