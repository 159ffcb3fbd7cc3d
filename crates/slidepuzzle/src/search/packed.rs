//! What the packed kernels share: the cells a puzzle's tiles sit on, one
//! byte a cell, with the goal's ([`PackedCells`]), and a graph's
//! neighbour lists in one array ([`Adjacency`]). The board kernels
//! (single-tile [`super::board::BoardDomain`], multi-tile
//! [`super::mtm::MtmBoardDomain`]) and the graph kernels (one blank
//! [`super::graph::GraphDomain`], several
//! [`super::several::SeveralBlanksDomain`]) differ only in their moves;
//! cells, goal test and adjacency are written here once.
//!
//! Cell indices are masked to the array (`p & (CAP - 1)`, `CAP` a power of
//! two), so a move needs no bounds check and can never index outside it.

use super::domain::Step;
use crate::model::{Configuration, Graph};

/// Largest board (in cells) the packed board kernels accept: the
/// single-tile domain, the multi-tile domain ([`super::mtm`]) and linear
/// conflict ([`super::linear_conflict`]); a power of two, so a cell index
/// masked with `MAX_CELLS - 1` is always in bounds. Larger boards run on
/// the graph kernel.
pub const MAX_CELLS: usize = 64;

/// The cells of a board kernel: at most [`MAX_CELLS`].
pub type BoardCells = PackedCells<MAX_CELLS>;

/// The cells of a graph kernel: at most
/// [`super::manhattan::MAX_VERTICES`] (256), one byte each.
pub type GraphCells = PackedCells<{ super::manhattan::MAX_VERTICES }>;

/// A configuration's cells, one tile number a byte (0 for a blank), and
/// the goal's; `CAP` (a power of two) cells at most.
#[derive(Clone, Debug)]
pub struct PackedCells<const CAP: usize> {
    cells: [u8; CAP],
    goal: [u8; CAP],
    n: usize,
}

impl<const CAP: usize> PackedCells<CAP> {
    /// `start` packed, searching for `goal`. `None` unless both have the
    /// same number of cells, at most `CAP`, and tile numbers below 256.
    pub(crate) fn new(start: &Configuration, goal: &Configuration) -> Option<Self> {
        const { assert!(CAP.is_power_of_two()) };
        let n = start.len();
        let packs = |c: &Configuration| c.cells().iter().all(|&t| t < 256);
        if n > CAP || goal.len() != n || !packs(start) || !packs(goal) {
            return None;
        }
        let mut packed = PackedCells {
            cells: [0; CAP],
            goal: [0; CAP],
            n,
        };
        for (p, (&s, &g)) in start.cells().iter().zip(goal.cells()).enumerate() {
            packed.cells[p] = s as u8;
            packed.goal[p] = g as u8;
        }
        Some(packed)
    }

    /// Cells given as bytes (0 for a blank), searching for `goal`. `None`
    /// unless both have the same length, at most `CAP`.
    pub(crate) fn from_bytes(start: &[u8], goal: &[u8]) -> Option<Self> {
        let n = start.len();
        if n > CAP || goal.len() != n {
            return None;
        }
        let mut packed = PackedCells {
            cells: [0; CAP],
            goal: [0; CAP],
            n,
        };
        packed.cells[..n].copy_from_slice(start);
        packed.goal[..n].copy_from_slice(goal);
        Some(packed)
    }

    /// The tile on cell `p` (0 for a blank).
    #[inline(always)]
    pub(crate) fn get(&self, p: u8) -> u8 {
        self.cells[p as usize & (CAP - 1)]
    }

    /// Puts `tile` on cell `p`.
    #[inline(always)]
    pub(crate) fn set(&mut self, p: u8, tile: u8) {
        self.cells[p as usize & (CAP - 1)] = tile;
    }

    /// Makes step `s`: its tile slides from `s.from` into the blank on
    /// `s.to`.
    #[inline(always)]
    pub(crate) fn slide(&mut self, s: Step) {
        self.set(s.to, s.tile);
        self.set(s.from, 0);
    }

    /// Takes step `s` back: its tile returns from `s.to` to `s.from`.
    #[inline(always)]
    pub(crate) fn slide_back(&mut self, s: Step) {
        self.set(s.from, s.tile);
        self.set(s.to, 0);
    }

    /// The first blank cell, if any. O(cells).
    pub(crate) fn blank(&self) -> Option<usize> {
        self.cells().iter().position(|&t| t == 0)
    }

    /// Whether the cells are the goal's. O(cells).
    pub(crate) fn is_goal(&self) -> bool {
        self.cells[..self.n] == self.goal[..self.n]
    }

    /// The cells, one tile number each.
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells[..self.n]
    }

    /// The goal's cells, one tile number each.
    pub(crate) fn goal_cells(&self) -> &[u8] {
        &self.goal[..self.n]
    }

    /// Sets the cells from the first [`PackedCells::cells`]`.len()` of
    /// `cells`.
    pub(crate) fn set_cells(&mut self, cells: &[u8]) {
        self.cells[..self.n].copy_from_slice(&cells[..self.n]);
    }
}

/// A graph's neighbour lists in one array, vertices as bytes (graphs of
/// at most 256 vertices): the neighbours of `v` are
/// `targets[offsets[v]..offsets[v + 1]]`, in the graph's order.
#[derive(Clone, Debug)]
pub struct Adjacency {
    offsets: Vec<u32>,
    targets: Vec<u8>,
    max_degree: usize,
}

impl Adjacency {
    /// The lists of `graph`. `None` above 256 vertices. O(V + E).
    pub(crate) fn new(graph: &Graph) -> Option<Self> {
        Self::from_lists(graph.vertex_count(), |v| graph.neighbors(v))
    }

    /// The blank's moves of `puzzle` ([`crate::model::Puzzle::blank_moves`]:
    /// against the arcs on a puzzle with one-way edges). `None` above 256
    /// vertices. O(V + E).
    pub(crate) fn of_puzzle(puzzle: &crate::model::Puzzle) -> Option<Self> {
        Self::from_lists(puzzle.vertex_count(), |v| puzzle.blank_moves(v))
    }

    fn from_lists<'a>(n: usize, list: impl Fn(usize) -> &'a [usize]) -> Option<Self> {
        if n > 256 {
            return None;
        }
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0u32);
        let mut targets = Vec::new();
        let mut max_degree = 0;
        for v in 0..n {
            let neighbors = list(v);
            max_degree = max_degree.max(neighbors.len());
            targets.extend(neighbors.iter().map(|&w| w as u8));
            offsets.push(targets.len() as u32);
        }
        Some(Adjacency {
            offsets,
            targets,
            max_degree,
        })
    }

    /// The neighbours of `v` (empty for a vertex not in the graph).
    #[inline(always)]
    pub(crate) fn neighbors(&self, v: u8) -> &[u8] {
        let v = v as usize;
        match (self.offsets.get(v), self.offsets.get(v + 1)) {
            (Some(&a), Some(&b)) => &self.targets[a as usize..b as usize],
            _ => &[],
        }
    }

    /// The largest degree.
    pub(crate) fn max_degree(&self) -> usize {
        self.max_degree
    }
}

/// Writes a [`super::domain::Domain`]'s cell methods (`is_goal`, `cells`,
/// `set_cells`, `goal_cells`) as calls on the domain's [`PackedCells`] field `$field`:
/// inside `impl Domain for ...`, `cells_in!(board);`.
macro_rules! cells_in {
    ($field:ident) => {
        fn is_goal(&self) -> bool {
            self.$field.is_goal()
        }

        fn cells(&self) -> &[u8] {
            self.$field.cells()
        }

        fn set_cells(&mut self, cells: &[u8]) {
            self.$field.set_cells(cells);
        }

        fn goal_cells(&self) -> Option<&[u8]> {
            Some(self.$field.goal_cells())
        }
    };
}
pub(crate) use cells_in;
