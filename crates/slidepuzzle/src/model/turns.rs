//! Tiles that turn as they slide (docs/THEORY.md section 8): every edge
//! carries a turn in Z_k, and a configuration records each tile's
//! orientation.
//!
//! Convention: a tile sliding from `u` to `v` along an edge with turn `r`
//! (written `u-v^r`) turns by `r` (in units of `1/k` of a full turn,
//! counter-clockwise); sliding back from `v` to `u` it turns by `-r`.
//! Orientations live in `0..k`; plain numbers in a state mean
//! orientation 0, `5^1` is tile 5 turned once.
//!
//! The specs that build such puzzles are in [`super::turn_specs`].
//!
//! ```
//! use slidepuzzle::model::Puzzle;
//! let p = Puzzle::parse("turns:4:0-1^1,1-2,2-0").unwrap();
//! let t = p.turns().unwrap();
//! assert_eq!((t.modulus(), t.turn(0, 1), t.turn(1, 0), t.turn(1, 2)), (4, 1, 3, 0));
//! assert_eq!(Puzzle::parse("segerman").unwrap().vertex_count(), 20);
//! ```

use super::graph::Graph;
use crate::error::{Error, Result};

/// The largest modulus `k` a turning puzzle may have.
pub const MAX_MODULUS: u8 = 24;

/// The turns of a puzzle's edges: for each vertex, `(neighbour, turn)`
/// pairs giving the turn of a tile sliding from the vertex to the
/// neighbour, in `0..modulus`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turns {
    modulus: u8,
    by_vertex: Vec<Vec<(u32, u8)>>,
}

impl Turns {
    /// The turns `(u, v, r)` (a tile sliding `u -> v` turns by `r`, back by
    /// `-r`) on the edges of `graph`, modulo `modulus`; edges not listed
    /// have turn 0.
    ///
    /// # Errors
    /// [`Error::Argument`] for a modulus outside `2..=`[`MAX_MODULUS`], a
    /// turn naming a missing edge, or an edge given two turns.
    pub(crate) fn new(graph: &Graph, modulus: u8, turns: &[(usize, usize, u8)]) -> Result<Self> {
        if !(2..=MAX_MODULUS).contains(&modulus) {
            return Err(Error::argument(
                "turns",
                format!("the modulus k of Z_k must be 2..={MAX_MODULUS}, got {modulus}"),
            ));
        }
        let n = graph.vertex_count();
        let mut by_vertex: Vec<Vec<(u32, u8)>> = (0..n)
            .map(|v| graph.neighbors(v).iter().map(|&w| (w as u32, 0)).collect())
            .collect();
        let mut given = std::collections::HashSet::new();
        for (i, &(u, v, r)) in turns.iter().enumerate() {
            if u >= n || v >= n || !graph.has_edge(u, v) {
                return Err(Error::argument(
                    "turns",
                    format!("turn {} names {u}-{v}, which is not an edge", i + 1),
                ));
            }
            if !given.insert((u.min(v), u.max(v))) {
                return Err(Error::argument(
                    "turns",
                    format!("turn {} gives the edge {u}-{v} a second turn", i + 1),
                ));
            }
            let r = r % modulus;
            let back = (modulus - r) % modulus;
            set(&mut by_vertex[u], v, r);
            set(&mut by_vertex[v], u, back);
        }
        Ok(Turns { modulus, by_vertex })
    }

    /// `k`: orientations and turns live in Z_k.
    pub fn modulus(&self) -> u8 {
        self.modulus
    }

    /// The turn of a tile sliding from `from` to its neighbour `to`, in
    /// `0..k` (0 for a pair that is not an edge). O(degree).
    pub fn turn(&self, from: usize, to: usize) -> u8 {
        self.by_vertex
            .get(from)
            .and_then(|list| list.iter().find(|&&(w, _)| w as usize == to))
            .map_or(0, |&(_, r)| r)
    }

    /// Every edge `(u, v, r)` with `u < v` and a nonzero turn `r` for the
    /// slide `u -> v`, in increasing order.
    pub fn nonzero(&self) -> Vec<(usize, usize, u8)> {
        let mut out = Vec::new();
        for (u, list) in self.by_vertex.iter().enumerate() {
            for &(v, r) in list {
                if (v as usize) > u && r != 0 {
                    out.push((u, v as usize, r));
                }
            }
        }
        out
    }

    /// `a + b` in Z_k.
    pub(crate) fn add(&self, a: u8, b: u8) -> u8 {
        ((a as u16 + b as u16) % self.modulus as u16) as u8
    }

    /// `-a` in Z_k.
    pub(crate) fn negate(&self, a: u8) -> u8 {
        (self.modulus - a % self.modulus) % self.modulus
    }
}

fn set(list: &mut [(u32, u8)], to: usize, r: u8) {
    if let Some(slot) = list.iter_mut().find(|(w, _)| *w as usize == to) {
        slot.1 = r;
    }
}
