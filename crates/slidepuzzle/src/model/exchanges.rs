//! Moves that exchange two other tiles as a tile slides (docs/THEORY.md
//! section 12): Conway's M13 (J. H. Conway, "M13", in *Surveys in
//! Combinatorics* 1997; Conway, Elkies and Martin, "The Mathieu group M12
//! and its pseudogroup extension M13", Experimental Mathematics 15, 2006;
//! seed 001).
//!
//! M13 is played on the 13 points of the projective plane of order 3,
//! PG(2, 3), with twelve counters and a hole. Any two points lie on one
//! line, and each line has four points; a move `p -> q` takes the counter
//! on `p` to the hole on `q` **and exchanges the counters on the other
//! two points of the line pq**. So the puzzle's graph is the complete
//! graph K13, and each of its edges carries the pair the move exchanges.
//! A move is its own inverse: `q -> p` exchanges the same pair.
//!
//! Numbering (`m13`): the points are the vectors of F_3^3 up to sign,
//! written with their last nonzero coordinate 1. Points 0 to 8 are the
//! affine plane, `(x, y, 1)` at vertex `x + 3y`, drawn as a 3 x 3 grid;
//! points 9 to 12 are the line at infinity, the directions `(1, 0, 0)`,
//! `(0, 1, 0)`, `(1, 1, 0)` and `(2, 1, 0)` (rows, columns and the two
//! diagonals), drawn beside the grid. The goal puts counter `v + 1` on
//! point `v` and the hole on point 12.
//!
//! ```
//! use slidepuzzle::model::{Configuration, Puzzle};
//! let m13 = Puzzle::parse("m13").unwrap();
//! let x = m13.exchanges().unwrap();
//! // The line through the affine points 0 and 1 is the row y = 0: its
//! // other points are 2 and the direction of the rows, 9.
//! assert_eq!(x.pair(0, 1), Some((2, 9)));
//! let mut c = m13.default_goal();
//! m13.slide(&mut c, 0, 12); // counter 1 goes to the hole on 12 ...
//! // ... and the line {0, 12, ...} exchanges its other two counters.
//! let (r, s) = x.pair(0, 12).unwrap();
//! assert_eq!((c.tile_at(12), c.tile_at(0), c.tile_at(r)), (1, 0, s as u32 + 1));
//! ```

use super::graph::Graph;
use crate::error::{Error, Result};

/// The pairs a puzzle's moves exchange: for every edge `{p, q}`, the two
/// other vertices whose tiles swap when a tile slides along it (either
/// way), or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchanges {
    /// `pairs[p * n + q]`: the pair exchanged by a slide between `p` and
    /// `q`; `None` off the edges and for plain slides.
    pairs: Vec<Option<(u32, u32)>>,
    n: usize,
}

impl Exchanges {
    /// The exchanges `(p, q, r, s)`: a slide between `p` and `q` (either
    /// way) exchanges the tiles on `r` and `s`; other edges of `graph`
    /// slide plainly.
    ///
    /// # Errors
    /// [`Error::Argument`] when `p q` is not an edge, a vertex is out of
    /// range, `r` or `s` repeats a vertex of the four, or an edge is
    /// given two exchanges.
    pub(crate) fn new(graph: &Graph, exchanges: &[(usize, usize, usize, usize)]) -> Result<Self> {
        let n = graph.vertex_count();
        let mut pairs = vec![None; n * n];
        for (i, &(p, q, r, s)) in exchanges.iter().enumerate() {
            let distinct = [p, q, r, s]
                .iter()
                .enumerate()
                .all(|(j, a)| [p, q, r, s][..j].iter().all(|b| a != b));
            if [p, q, r, s].iter().any(|&v| v >= n) || !graph.has_edge(p, q) || !distinct {
                return Err(Error::argument(
                    "exchanges",
                    format!(
                        "exchange {} ({p}-{q} exchanging {r} and {s}) needs an edge and two other vertices",
                        i + 1
                    ),
                ));
            }
            if pairs[p * n + q].is_some() {
                return Err(Error::argument(
                    "exchanges",
                    format!("exchange {} gives the edge {p}-{q} a second pair", i + 1),
                ));
            }
            let pair = Some((r.min(s) as u32, r.max(s) as u32));
            pairs[p * n + q] = pair;
            pairs[q * n + p] = pair;
        }
        Ok(Exchanges { pairs, n })
    }

    /// The pair of vertices whose tiles a slide between `p` and `q` (either
    /// way) exchanges, smaller first; `None` for a plain slide or a pair
    /// that is not an edge. O(1).
    pub fn pair(&self, p: usize, q: usize) -> Option<(usize, usize)> {
        let (r, s) = (*self.pairs.get(p.checked_mul(self.n)?.checked_add(q)?)?)?;
        Some((r as usize, s as usize))
    }

    /// Every exchange as `(p, q, r, s)` with `p < q` (a slide between
    /// `p` and `q` exchanges the tiles on `r` and `s`), by `p` then `q`.
    /// O(n^2).
    pub fn list(&self) -> Vec<(usize, usize, usize, usize)> {
        let mut out = Vec::new();
        for p in 0..self.n {
            for q in p + 1..self.n {
                if let Some((r, s)) = self.pair(p, q) {
                    out.push((p, q, r, s));
                }
            }
        }
        out
    }

    /// Applies a slide's exchange to `cells` (any per-vertex contents):
    /// swaps the pair of [`Exchanges::pair`]`(p, q)`, if any.
    pub fn exchange<T>(&self, cells: &mut [T], p: usize, q: usize) {
        if let Some((r, s)) = self.pair(p, q) {
            cells.swap(r, s);
        }
    }
}
