//! Admissible heuristics on the general model.

use crate::model::{BLANK, Configuration, Graph, Tile};

/// Manhattan distance generalised to any graph: the sum over tiles of the
/// graph distance from the tile's vertex to its goal vertex (seed 000,
/// section 7). It ignores the blank, so it is admissible and consistent:
/// a move changes it by at most 1.
///
/// Memory: an `n x n` distance table of `u16` (n <= 65,535).
#[derive(Clone, Debug)]
pub struct GraphManhattan {
    n: usize,
    /// `dist[u * n + v]`, saturated at `u16::MAX` for unreachable pairs.
    dist: Vec<u16>,
    /// Goal vertex of each tile (index 0 unused).
    goal_vertex: Vec<usize>,
}

impl GraphManhattan {
    /// Builds the table for `graph` and `goal`. O(V (V + E)).
    pub fn new(graph: &Graph, goal: &Configuration) -> Self {
        let n = graph.vertex_count();
        let dist = graph
            .distance_matrix()
            .into_iter()
            .map(|d| d.min(u16::MAX as u32) as u16)
            .collect();
        GraphManhattan {
            n,
            dist,
            goal_vertex: goal.positions(),
        }
    }

    /// Distance from `v` to tile `t`'s goal vertex.
    #[inline]
    pub fn tile_cost(&self, t: Tile, v: usize) -> u32 {
        self.dist[v * self.n + self.goal_vertex[t as usize]] as u32
    }

    /// The heuristic value of cells stored as bytes (the searches' state
    /// keys). O(n).
    pub fn value_bytes(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(v, &t)| self.tile_cost(t as Tile, v))
            .sum()
    }

    /// The heuristic value of a configuration given as cells. O(n).
    pub fn value(&self, cells: &[Tile]) -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != BLANK)
            .map(|(v, &t)| self.tile_cost(t, v))
            .sum()
    }
}

/// A configuration as a byte vector (the state key of A*, BFS and beam
/// search; at most 255 tiles).
pub fn state_bytes(c: &Configuration) -> Vec<u8> {
    c.cells().iter().map(|&t| t as u8).collect()
}
