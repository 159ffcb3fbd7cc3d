//! Perfect ranking of configurations, for complete breadth-first search.
//!
//! A configuration with one blank on `n` vertices is ranked as
//! `blank * T + r`, where `r` ranks the sequence of tiles on the other
//! vertices (in vertex order) by its Lehmer code (Lehmer 1960; Knuth TAOCP
//! 3, 5.1.1) and `T` is the number of tile arrangements per blank position.
//! On a bipartite graph every reachable configuration with the blank on a
//! given vertex has the same tile parity (docs/THEORY.md section 3), so the last
//! two Lehmer digits are implied and `T = (n-1)!/2`: the rank space is
//! `n!/2` (the 15-puzzle's even class), not `n!`. Ranking and unranking are
//! O(n) and O(n^2) with bit masks; n <= 21 (ranks fit in 64 bits).

use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Puzzle};
use crate::moves::replay;
use crate::primitives::counting::factorial_u64;

/// Ranks configurations of one puzzle (one blank).
#[derive(Clone, Debug)]
pub struct Ranker {
    n: usize,
    /// Tile arrangements per blank position.
    per_blank: u64,
    /// `Some(parity[b])`: the parity every reachable tile sequence has with
    /// the blank on b (bipartite graphs); `None`: all arrangements.
    parity: Option<Vec<u8>>,
    /// Weights of the Lehmer digits.
    weights: Vec<u64>,
}

/// Parity of the tile sequence (vertex order, blank skipped).
fn tile_parity(cells: &[u32]) -> u8 {
    let mut used = 0u64;
    let mut parity = 0u32;
    for &t in cells.iter().filter(|&&t| t != 0) {
        let smaller_unused = (t - 1) - (used & ((1u64 << t) - 1)).count_ones();
        parity += smaller_unused;
        used |= 1u64 << t;
    }
    (parity % 2) as u8
}

impl Ranker {
    /// A ranker for configurations reachable from `goal` on `puzzle`.
    /// Uses the half-size space on bipartite graphs.
    ///
    /// # Errors
    /// [`Error::Limit`] ([`Resource::Vertices`]) above 21 vertices;
    /// [`Error::Unsupported`] with several blanks.
    pub fn new(puzzle: &Puzzle, goal: &Configuration) -> Result<Self> {
        let n = puzzle.vertex_count();
        if !(2..=21).contains(&n) {
            return Err(Error::limit(Resource::Vertices, n as u64, 21));
        }
        if goal.blanks().len() != 1 {
            return Err(Error::Unsupported(
                "complete search handles one blank".into(),
            ));
        }
        let m = n - 1;
        let bipartite = puzzle.graph().is_bipartite() && m >= 2;
        let parity = if bipartite {
            let mut parity = vec![0u8; n];
            for (b, slot) in parity.iter_mut().enumerate() {
                if let Some(path) = puzzle.graph().shortest_path(goal.blank(), b) {
                    let c = replay(puzzle, goal, &path[1..])?;
                    *slot = tile_parity(c.cells());
                }
            }
            Some(parity)
        } else {
            None
        };
        let fact = factorial_u64;
        let digits = if bipartite { m - 2 } else { m };
        let weights: Vec<u64> = (0..digits)
            .map(|i| {
                let f = fact(m - 1 - i);
                if bipartite { f / 2 } else { f }
            })
            .collect();
        let per_blank = if bipartite { fact(m) / 2 } else { fact(m) };
        Ok(Ranker {
            n,
            per_blank,
            parity,
            weights,
        })
    }

    /// Size of the rank space (`n!/2` or `n!`).
    pub fn size(&self) -> u64 {
        self.per_blank * self.n as u64
    }

    /// Whether this ranker uses the half-size (parity) space.
    pub fn is_half(&self) -> bool {
        self.parity.is_some()
    }

    /// The rank of a configuration given as cells (0 = blank).
    pub fn rank(&self, cells: &[u8]) -> u64 {
        let mut used = 0u64;
        let mut r = 0u64;
        let mut blank = 0;
        let mut i = 0;
        for (v, &t) in cells.iter().enumerate() {
            if t == 0 {
                blank = v;
                continue;
            }
            if i < self.weights.len() {
                let t = t as u32;
                let d = (t - 1) - (used & ((1u64 << t) - 1)).count_ones();
                r += d as u64 * self.weights[i];
                used |= 1u64 << t;
            }
            i += 1;
        }
        blank as u64 * self.per_blank + r
    }

    /// Writes the configuration of `rank` into `cells` (length n).
    pub fn unrank(&self, rank: u64, cells: &mut [u8]) {
        let m = self.n - 1;
        let blank = (rank / self.per_blank) as usize;
        let mut r = rank % self.per_blank;
        let mut unused: u64 = ((1u64 << m) - 1) << 1; // tiles 1..=m
        let mut seq = [0u8; 24];
        let mut digit_sum = 0u64;
        // Below 2^32 (up to 13 tiles, as on 7x2) the digits come from
        // 32-bit divisions, several times faster than 64-bit ones.
        let narrow = self.per_blank <= u64::from(u32::MAX);
        for (i, &w) in self.weights.iter().enumerate() {
            let d = if narrow {
                let (r32, w32) = (r as u32, w as u32);
                r = u64::from(r32 % w32);
                u64::from(r32 / w32)
            } else {
                let d = r / w;
                r %= w;
                d
            };
            digit_sum += d;
            // The d-th smallest unused tile.
            let mut bits = unused;
            for _ in 0..d {
                bits &= bits - 1;
            }
            let t = bits.trailing_zeros();
            seq[i] = t as u8;
            unused &= !(1u64 << t);
        }
        let k = self.weights.len();
        if let Some(parity) = &self.parity {
            let a = unused.trailing_zeros() as u8;
            let b = (63 - unused.leading_zeros()) as u8;
            seq[k] = a;
            seq[k + 1] = b;
            // The sequence's parity is the sum of its Lehmer digits; the
            // last two tiles in increasing order add 0, swapped add 1.
            if (digit_sum % 2) as u8 != parity[blank] {
                seq.swap(k, k + 1);
            }
        }
        let mut i = 0;
        for (v, c) in cells.iter_mut().enumerate().take(self.n) {
            if v == blank {
                *c = 0;
            } else {
                *c = seq[i];
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ranks_are_a_bijection_on_the_reachable_set() {
        for spec in ["3x2", "2x2x2", "theta:1,2,3", "2x3"] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = p.default_goal();
            let ranker = Ranker::new(&p, &goal).unwrap();
            let mut cells = vec![0u8; p.vertex_count()];
            let mut seen = HashSet::new();
            for r in 0..ranker.size() {
                ranker.unrank(r, &mut cells);
                assert_eq!(ranker.rank(&cells), r, "{spec}");
                assert!(seen.insert(cells.clone()));
            }
        }
    }
}
