//! Permutations of `0..n` as image slices: `p[i]` is the image of `i`.

/// Number of cycles of `p` (fixed points count as cycles). O(n).
pub(crate) fn cycle_count(p: &[usize]) -> usize {
    let mut seen = vec![false; p.len()];
    let mut cycles = 0;
    for s in 0..p.len() {
        if !seen[s] {
            cycles += 1;
            let mut v = s;
            while !seen[v] {
                seen[v] = true;
                v = p[v];
            }
        }
    }
    cycles
}

/// Whether `p` is an odd permutation: `n - cycles` is its number of
/// transpositions mod 2. O(n).
pub(crate) fn is_odd(p: &[usize]) -> bool {
    (p.len() - cycle_count(p)) % 2 == 1
}

/// The product "`x` then `y`" as arrangements: `then(x, y)[v] = x[y[v]]`
/// (for arrangements `x[v]` = where the content on `v` came from, this is
/// applying `x` first, then `y`). O(n).
pub(crate) fn then(x: &[usize], y: &[usize]) -> Vec<usize> {
    y.iter().map(|&v| x[v]).collect()
}

/// The inverse permutation: `inverse(p)[p[i]] = i`. O(n).
pub(crate) fn inverse(p: &[usize]) -> Vec<usize> {
    let mut r = vec![0; p.len()];
    for (v, &t) in p.iter().enumerate() {
        r[t] = v;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_product_inverse() {
        let p = [1, 2, 0, 4, 3]; // (0 1 2)(3 4)
        assert_eq!(cycle_count(&p), 2);
        assert!(is_odd(&p));
        assert!(!is_odd(&[1, 2, 0]));
        let q = inverse(&p);
        assert_eq!(then(&p, &q), vec![0, 1, 2, 3, 4]);
        assert_eq!(then(&q, &p), vec![0, 1, 2, 3, 4]);
    }
}
