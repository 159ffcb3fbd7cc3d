//! Perfect ranking of placements: the cells of a group of `k` distinct
//! tiles on `n <= 64` cells as a partial permutation, `n!/(n-k)!` ranks.
//! The index of every pattern-database table ([`super::pdb`],
//! [`super::pdb_build`], [`super::graph_pdb`]).

/// Number of placements of `k` distinct tiles on `n` cells.
pub fn placements(n: usize, k: usize) -> u64 {
    (n - k + 1..=n).map(|x| x as u64).product()
}

/// Ranks the cells of a group's tiles (in group order) as a partial
/// permutation of `0..n`: O(k).
#[inline]
pub fn rank_placement(cells: &[u8], n: usize) -> u64 {
    let mut used = 0u64;
    let mut rank = 0u64;
    for (i, &c) in cells.iter().enumerate() {
        let smaller_used = (used & ((1u64 << c) - 1)).count_ones() as u64;
        rank = rank * (n - i) as u64 + (c as u64 - smaller_used);
        used |= 1u64 << c;
    }
    rank
}

/// Inverse of [`rank_placement`].
pub(crate) fn unrank_placement(mut rank: u64, n: usize, k: usize, out: &mut [u8]) {
    let mut digits = [0u64; 64];
    for i in (0..k).rev() {
        let base = (n - i) as u64;
        digits[i] = rank % base;
        rank /= base;
    }
    let mut used = 0u64;
    for i in 0..k {
        // The digits[i]-th unused cell.
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut free = !used & all;
        for _ in 0..digits[i] {
            free &= free - 1;
        }
        let c = free.trailing_zeros() as u8;
        out[i] = c;
        used |= 1u64 << c;
    }
}
