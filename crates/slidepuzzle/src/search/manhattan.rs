//! Manhattan distance, on boards and generalised to any graph: the sum
//! over tiles of the graph distance from the tile's vertex to its goal
//! vertex (Korf 1985 on boards; seed 000, section 7, on graphs). A move
//! changes one tile's term by at most 1, so it is admissible and
//! consistent; on a board the graph distance is the Manhattan distance.

use super::domain::{Domain, Step, Steps};
use super::heuristic::Heuristic;
use crate::model::{Configuration, Graph};

/// Largest vertex count the table covers (vertices and tiles fit a byte).
pub const MAX_VERTICES: usize = 256;

/// Distances of every tile from every vertex to its goal vertex:
/// `get(t, v)`, one byte each (a graph of at most 256 vertices has a
/// diameter below 256; unreachable pairs are saturated at 255). 64 KiB.
#[derive(Clone)]
pub struct TileDistances {
    /// `table[v << 8 | t]`: vertex-major, so a packed [`Step`]'s
    /// `tile` and `from` bytes index it with few instructions.
    table: Box<[u8; 1 << 16]>,
}

impl std::fmt::Debug for TileDistances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TileDistances")
    }
}

impl TileDistances {
    /// The table for `graph` and `goal`: one breadth-first search per goal
    /// vertex, O(V (V + E)). `None` above [`MAX_VERTICES`] vertices.
    pub fn new(graph: &Graph, goal: &Configuration) -> Option<Self> {
        Self::from_distances(graph.vertex_count(), goal, |gv| {
            graph
                .distances_from(gv)
                .into_iter()
                .map(|d| d as usize)
                .collect()
        })
    }

    /// The table for `puzzle`'s moves and `goal`: [`TileDistances::new`] on
    /// its graph, or on a puzzle with one-way edges the distances along
    /// the arcs (a tile's shortest directed path to its goal vertex; a
    /// move takes one tile along one arc, so the sum stays admissible and
    /// consistent; a tile that can no longer reach its goal counts 255).
    /// `None` above [`MAX_VERTICES`] vertices.
    pub(crate) fn of_puzzle(puzzle: &crate::model::Puzzle, goal: &Configuration) -> Option<Self> {
        match puzzle.digraph() {
            None => Self::new(puzzle.graph(), goal),
            Some(d) => Self::from_distances(d.vertex_count(), goal, |gv| {
                d.distances_to(gv).into_iter().map(|x| x as usize).collect()
            }),
        }
    }

    /// The table for a `width x height` board (Manhattan distances) and
    /// `goal`. `None` above 256 cells.
    pub fn board(width: usize, height: usize, goal: &Configuration) -> Option<Self> {
        let n = width * height;
        Self::from_distances(n, goal, |gv| {
            let (gx, gy) = (gv % width, gv / width);
            (0..n)
                .map(|v| (v % width).abs_diff(gx) + (v / width).abs_diff(gy))
                .collect()
        })
    }

    /// The table from `distances(goal vertex)`, the distances of every
    /// vertex to it.
    fn from_distances(
        n: usize,
        goal: &Configuration,
        distances: impl Fn(usize) -> Vec<usize>,
    ) -> Option<Self> {
        if n > MAX_VERTICES || goal.len() != n {
            return None;
        }
        let mut table = Box::new([0u8; 1 << 16]);
        for (gv, &t) in goal.cells().iter().enumerate() {
            if t == 0 {
                continue;
            }
            for (v, d) in distances(gv).into_iter().enumerate().take(n) {
                table[v << 8 | t as usize] = d.min(255) as u8;
            }
        }
        Some(TileDistances { table })
    }

    /// The distance of tile `t` on vertex `v` from its goal vertex.
    #[inline(always)]
    pub fn get(&self, t: u8, v: u8) -> u32 {
        self.table[(v as usize) << 8 | t as usize] as u32
    }

    /// The change of the sum when `s` is made (-1, 0 or +1 in the graph's
    /// metric, as an addend modulo 2^32).
    #[inline(always)]
    pub(crate) fn delta(&self, s: Step) -> u32 {
        Self::delta_in(&self.table, s)
    }

    #[inline(always)]
    fn delta_in(table: &[u8; 1 << 16], s: Step) -> u32 {
        let at = |v: u8| table[(v as usize) << 8 | s.tile as usize] as u32;
        at(s.to).wrapping_sub(at(s.from))
    }

    /// The sum over the tiles of `cells` (one byte per vertex, 0 = blank).
    /// O(n).
    pub fn sum(&self, cells: &[u8]) -> u32 {
        Self::sum_in(&self.table, cells)
    }

    fn sum_in(table: &[u8; 1 << 16], cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(v, &t)| table[(v & 255) << 8 | t as usize] as u32)
            .sum()
    }
}

/// The Manhattan distance as a search heuristic: the table and the current
/// value.
#[derive(Clone, Debug)]
pub struct Manhattan<'t> {
    /// The table itself (one indirection in the inner loop).
    table: &'t [u8; 1 << 16],
}

impl<'t> Manhattan<'t> {
    /// Follows configurations with `distances`.
    pub fn new(distances: &'t TileDistances) -> Self {
        Manhattan {
            table: &distances.table,
        }
    }
}

impl<D: Domain> Heuristic<D> for Manhattan<'_> {
    type Undo = ();

    fn reset(&mut self, d: &D) -> u32 {
        TileDistances::sum_in(self.table, d.cells())
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, m: D::Move, mut h: u32, _: u32) -> (u32, ()) {
        m.for_each_step(|s| h = h.wrapping_add(TileDistances::delta_in(self.table, s)));
        (h, ())
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, _: D::Move, _: ()) {}
}
