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
use strength_reduce::StrengthReducedU64;

/// Ranks configurations of one puzzle (one blank).
#[derive(Clone, Debug)]
pub struct Ranker {
    n: usize,
    /// Tile arrangements per blank position.
    per_blank: u64,
    /// `Some(parity[b])`: the parity every reachable tile sequence has with
    /// the blank on b (bipartite graphs); `None`: all arrangements.
    parity: Option<Vec<u8>>,
    /// Weights of the Lehmer digits, as divisors for [`unrank`](Ranker::unrank).
    weights: Vec<StrengthReducedU64>,
    /// `per_blank` as a divisor.
    per_blank_reduced: StrengthReducedU64,
}

/// `SELECT_IN_BYTE[b][k]`: the position of the k-th set bit of the byte `b`
/// (8 where it has no k-th bit).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The position of the `d`-th (from 0) set bit of `bits`, a byte at a time.
fn select(bits: u64, mut d: u32) -> u32 {
    let mut bits = bits;
    let mut base = 0;
    loop {
        let byte = (bits & 0xff) as usize;
        let c = byte.count_ones();
        if d < c {
            return base + u32::from(SELECT_IN_BYTE[byte][d as usize]);
        }
        d -= c;
        bits >>= 8;
        base += 8;
    }
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
        let weights: Vec<StrengthReducedU64> = (0..digits)
            .map(|i| {
                let f = fact(m - 1 - i);
                StrengthReducedU64::new(if bipartite { f / 2 } else { f })
            })
            .collect();
        let per_blank = if bipartite { fact(m) / 2 } else { fact(m) };
        Ok(Ranker {
            n,
            per_blank_reduced: StrengthReducedU64::new(per_blank),
            per_blank,
            parity,
            weights,
        })
    }

    /// Size of the rank space (`n!/2` or `n!`).
    pub(crate) fn size(&self) -> u64 {
        self.per_blank * self.n as u64
    }

    /// Tile arrangements per blank position: a rank is
    /// `blank * per_blank() + arrangement`.
    pub(crate) fn per_blank(&self) -> u64 {
        self.per_blank
    }

    /// Whether a move whose blank path is `path` (from `blank`) leaves the
    /// tile sequence (vertex order, blank skipped) as it is: true when the
    /// path visits consecutive vertex numbers (`b+1, b+2, ...` or
    /// `b-1, b-2, ...`), such as a move along a row of a board numbered row
    /// by row, single- or multi-tile. The child's rank is then
    /// [`Ranker::rank_with_blank_at`], without ranking its cells.
    pub fn keeps_sequence(blank: usize, path: &[usize]) -> bool {
        let step = |a: usize, b: usize| a.abs_diff(b) == 1;
        match path.first() {
            None => true,
            Some(&first) => {
                let up = first > blank;
                step(blank, first)
                    && path
                        .windows(2)
                        .all(|w| step(w[0], w[1]) && (w[1] > w[0]) == up)
            }
        }
    }

    /// The rank of the configuration of `rank` with the blank moved to
    /// `vertex` by a move that [keeps the tile
    /// sequence](Ranker::keeps_sequence). O(1).
    ///
    /// ```
    /// use slidepuzzle::theory::ranking::Ranker;
    /// use slidepuzzle::Puzzle;
    /// let p = Puzzle::parse("3x2").unwrap();
    /// let ranker = Ranker::new(&p, &p.default_goal()).unwrap();
    /// let goal = [1u8, 2, 3, 4, 5, 0];
    /// let left = [1u8, 2, 3, 4, 0, 5]; // tile 5 slid right
    /// assert!(Ranker::keeps_sequence(5, &[4]));
    /// assert_eq!(ranker.rank_with_blank_at(ranker.rank(&goal), 4), ranker.rank(&left));
    /// ```
    pub fn rank_with_blank_at(&self, rank: u64, vertex: usize) -> u64 {
        vertex as u64 * self.per_blank + rank % self.per_blank
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
                r += d as u64 * self.weights[i].get();
                used |= 1u64 << t;
            }
            i += 1;
        }
        blank as u64 * self.per_blank + r
    }

    /// Writes the configuration of `rank` into `cells` (length n).
    pub(crate) fn unrank(&self, rank: u64, cells: &mut [u8]) {
        let m = self.n - 1;
        let (blank, mut r) = StrengthReducedU64::div_rem(rank, self.per_blank_reduced);
        let blank = blank as usize;
        let mut unused: u64 = ((1u64 << m) - 1) << 1; // tiles 1..=m
        let mut seq = [0u8; 24];
        let mut digit_sum = 0u64;
        for (i, &w) in self.weights.iter().enumerate() {
            // Division by a fixed weight as a multiplication (the
            // strength_reduce crate), several times faster than `div`.
            let (d, rest) = StrengthReducedU64::div_rem(r, w);
            r = rest;
            digit_sum += d;
            // The d-th smallest unused tile.
            let t = select(unused, d as u32);
            seq[i] = t as u8;
            unused &= !(1u64 << t);
        }
        self.place(seq, unused, digit_sum, blank, cells);
    }

    /// Writes into `cells` the tiles `seq` chosen by the Lehmer digits
    /// (whose sum is `digit_sum`), then on the half-size space the two
    /// tiles left in `unused`, in the order the blank's parity asks, with
    /// the blank at `blank`.
    /// Completes a sequence whose first `weights.len()` tiles are chosen:
    /// on half rank spaces its last two tiles are the two `unused` ones,
    /// in the order the parity of the blank position asks for.
    fn finish_sequence(&self, seq: &mut [u8; 24], unused: u64, digit_sum: u64, blank: usize) {
        let k = self.weights.len();
        if let Some(parity) = &self.parity {
            seq[k] = unused.trailing_zeros() as u8;
            seq[k + 1] = (63 - unused.leading_zeros()) as u8;
            // The sequence's parity is the sum of its Lehmer digits; the
            // last two tiles in increasing order add 0, swapped add 1.
            if (digit_sum % 2) as u8 != parity[blank] {
                seq.swap(k, k + 1);
            }
        }
    }

    /// Writes the tile sequence `seq` into the vertices other than `blank`.
    fn fill_cells(&self, seq: &[u8; 24], blank: usize, cells: &mut [u8]) {
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

    fn place(
        &self,
        mut seq: [u8; 24],
        unused: u64,
        digit_sum: u64,
        blank: usize,
        cells: &mut [u8],
    ) {
        self.finish_sequence(&mut seq, unused, digit_sum, blank);
        self.fill_cells(&seq, blank, cells);
    }
}

/// Unranks a sequence of ranks that mostly rises in small steps (a sorted
/// frontier) faster than `Ranker::unrank` one by one: the Lehmer digits
/// of the last rank are kept with the unused tiles before each digit, the
/// difference to the next rank is added to them as a mixed-radix number
/// (radix `m - i` for digit `i`), and only the tiles from the first digit
/// that changed on are chosen again. A rank in another blank position, or
/// below the last one, is unranked from scratch. The result is always that
/// of `Ranker::unrank`.
///
/// It also ranks the configuration one slide away without building it
/// (`SequentialUnranker::rank_after_slide`): the moved tile jumps over
/// the tiles between its vertex and the blank in the tile sequence, so
/// only the Lehmer digits of that stretch change, O(jump) instead of the
/// O(n) of [`Ranker::rank`].
#[derive(Clone, Debug)]
pub struct SequentialUnranker<'a> {
    ranker: &'a Ranker,
    last: Option<u64>,
    blank: usize,
    digits: [u64; 24],
    /// `unused[i]`: the tiles not placed before digit `i`.
    unused: [u64; 25],
    /// `sums[i]`: the sum of the digits before digit `i`.
    sums: [u64; 25],
    /// The whole tile sequence of the last rank (the implied last two
    /// tiles included).
    seq: [u8; 24],
    /// The last rank's arrangement (`rank % per_blank`).
    arrangement: u64,
    /// The Lehmer weights as plain numbers, 0 past the ranked digits.
    weights: [u64; 24],
    /// `radices[r]` divides by `r` (digit `i` has radix `m - i`) by a
    /// multiplication.
    radices: [StrengthReducedU64; 24],
}

impl<'a> SequentialUnranker<'a> {
    /// A sequence for `ranker`, with no rank seen yet.
    pub(crate) fn new(ranker: &'a Ranker) -> Self {
        let m = ranker.n - 1;
        let mut unused = [0u64; 25];
        unused[0] = ((1u64 << m) - 1) << 1;
        SequentialUnranker {
            ranker,
            last: None,
            blank: 0,
            digits: [0; 24],
            unused,
            sums: [0; 25],
            seq: [0; 24],
            arrangement: 0,
            weights: std::array::from_fn(|i| ranker.weights.get(i).map_or(0, |w| w.get())),
            radices: std::array::from_fn(|r| StrengthReducedU64::new(r.max(1) as u64)),
        }
    }

    /// Writes the configuration of `rank` into `cells` (length n), as
    /// [`Ranker::unrank`] does.
    #[cfg(test)]
    fn unrank(&mut self, rank: u64, cells: &mut [u8]) {
        let blank = self.advance(rank);
        self.ranker.fill_cells(&self.seq, blank, cells);
    }

    /// Moves to `rank` (below [`Ranker::size`]) without writing cells and
    /// returns its blank vertex; [`SequentialUnranker::cells`] and
    /// [`SequentialUnranker::rank_after_slide`] then read it.
    pub(crate) fn advance(&mut self, rank: u64) -> usize {
        let ranker = self.ranker;
        let m = ranker.n - 1;
        let k = ranker.weights.len();
        let (blank, mut r) = StrengthReducedU64::div_rem(rank, ranker.per_blank_reduced);
        self.arrangement = r;
        let blank = blank as usize;
        let from = match self.last {
            Some(prev) if rank >= prev && blank == self.blank => self.add(rank - prev, m, k),
            _ => None,
        };
        let from = match from {
            Some(i) => i,
            None => {
                for (i, &w) in ranker.weights.iter().enumerate() {
                    let (d, rest) = StrengthReducedU64::div_rem(r, w);
                    r = rest;
                    self.digits[i] = d;
                }
                0
            }
        };
        for i in from..k {
            let d = self.digits[i];
            let t = select(self.unused[i], d as u32);
            self.seq[i] = t as u8;
            self.unused[i + 1] = self.unused[i] & !(1u64 << t);
            self.sums[i + 1] = self.sums[i] + d;
        }
        if k < m {
            ranker.finish_sequence(&mut self.seq, self.unused[k], self.sums[k], blank);
            // The implied digits: the second last is 1 when its two tiles
            // are swapped, the last is always 0.
            self.digits[k] = u64::from(self.seq[k] > self.seq[k + 1]);
            self.digits[k + 1] = 0;
        }
        self.last = Some(rank);
        self.blank = blank;
        blank
    }

    /// Writes the configuration of the last rank into `cells` (length n).
    pub(crate) fn cells(&self, cells: &mut [u8]) {
        self.ranker.fill_cells(&self.seq, self.blank, cells);
    }

    /// The rank of the configuration that the last rank becomes when the
    /// tile on vertex `from` slides into the blank (one step along an
    /// edge; any vertex but the blank). Equal to [`Ranker::rank`] of that
    /// configuration, in O(d) for a tile that jumps over d tiles of the
    /// sequence (d = 0 for a slide between consecutive vertex numbers).
    ///
    /// The tile `t` moves from sequence index `a` to `b`; the tiles between
    /// shift by one. A Lehmer digit counts the smaller tiles after its own,
    /// so `t`'s digit gains (or loses) the smaller tiles it jumps over, each
    /// jumped tile's digit loses (or gains) 1 when it is larger than `t`,
    /// and moves to its new index's weight.
    pub(crate) fn rank_after_slide(&self, from: usize) -> u64 {
        let blank = self.blank;
        let a = from - usize::from(from > blank);
        let b = blank - usize::from(blank > from);
        let t = self.seq[a];
        let (w, d, seq) = (&self.weights, &self.digits, &self.seq);
        let mut add = 0u64;
        let mut sub = 0u64;
        let mut smaller = 0u64;
        if b < a {
            for i in b..a {
                let x = seq[i];
                smaller += u64::from(x < t);
                sub = sub.wrapping_add(d[i] * w[i]);
                add = add.wrapping_add((d[i] - u64::from(x > t)) * w[i + 1]);
            }
            sub = sub.wrapping_add(d[a] * w[a]);
            add = add.wrapping_add((d[a] + smaller) * w[b]);
        } else {
            for i in a + 1..=b {
                let x = seq[i];
                smaller += u64::from(x < t);
                sub = sub.wrapping_add(d[i] * w[i]);
                add = add.wrapping_add((d[i] + u64::from(x > t)) * w[i - 1]);
            }
            sub = sub.wrapping_add(d[a] * w[a]);
            add = add.wrapping_add((d[a] - smaller) * w[b]);
        }
        from as u64 * self.ranker.per_blank + self.arrangement.wrapping_add(add).wrapping_sub(sub)
    }

    /// Adds `delta` to the kept digits; the first digit that changed, or
    /// `None` when the sum leaves the blank position (start afresh).
    fn add(&mut self, delta: u64, m: usize, k: usize) -> Option<usize> {
        if delta == 0 {
            return Some(k);
        }
        let mut carry = delta;
        for i in (0..k).rev() {
            let radix = &self.radices[m - i];
            let v = self.digits[i] + carry;
            if v < radix.get() {
                self.digits[i] = v;
                return Some(i);
            }
            let (q, r) = StrengthReducedU64::div_rem(v, *radix);
            self.digits[i] = r;
            carry = q;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn sequential_unranking_equals_unranking() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for spec in ["3x2", "2x3", "theta:1,2,3", "4x2", "2x2x2"] {
            let p = Puzzle::parse(spec).unwrap();
            let ranker = Ranker::new(&p, &p.default_goal()).unwrap();
            let n = p.vertex_count();
            let (mut a, mut b) = (vec![0u8; n], vec![0u8; n]);
            let mut seq = SequentialUnranker::new(&ranker);
            // Rising by small and large steps, repeats, and jumps back.
            let mut r = 0u64;
            for step in 0..20_000 {
                let gap = match step % 97 {
                    0 => ranker.per_blank(),
                    1 => 0,
                    _ => rng.random_range(0..5u64.pow(1 + step % 4)),
                };
                r = (r + gap) % ranker.size();
                if step % 1000 == 999 {
                    r = rng.random_range(0..ranker.size());
                }
                ranker.unrank(r, &mut a);
                seq.unrank(r, &mut b);
                assert_eq!(a, b, "{spec} rank {r}");
            }
        }
    }

    #[test]
    fn rank_after_slide_equals_ranking_the_slid_configuration() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        // Bipartite boards (half rank spaces), a torus, a box, a theta
        // graph and non-bipartite graphs (full rank spaces).
        for spec in [
            "3x2",
            "2x3",
            "4x2",
            "7x2",
            "4x4",
            "3x3+diag",
            "theta:1,2,3",
            "2x2x2",
            "3x3:torus",
            "4x3:mobius",
            "petersen",
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let ranker = Ranker::new(&p, &p.default_goal()).unwrap();
            let n = p.vertex_count();
            let (mut cells, mut slid) = (vec![0u8; n], vec![0u8; n]);
            let mut seq = SequentialUnranker::new(&ranker);
            let mut r = 0u64;
            for _ in 0..3_000 {
                r = (r + rng.random_range(0..1000u64)) % ranker.size();
                let blank = seq.advance(r);
                seq.cells(&mut cells);
                ranker.unrank(r, &mut slid);
                assert_eq!(cells, slid, "{spec} rank {r}");
                for &from in p.graph().neighbors(blank) {
                    slid.copy_from_slice(&cells);
                    slid.swap(from, blank);
                    assert_eq!(
                        seq.rank_after_slide(from),
                        ranker.rank(&slid),
                        "{spec} rank {r}, tile on {from} into {blank}"
                    );
                }
            }
        }
    }

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
