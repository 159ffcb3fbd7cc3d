//! Factorials and binomial coefficients.

use num_bigint::BigUint;
use num_traits::One;

/// k! exactly. The product is taken as a balanced tree, so the big
/// multiplications are between numbers of similar size (Karatsuba/Toom in
/// num-bigint): about O(M(d) log k) for d = O(k log k) digits, against
/// O(k^2 log^2 k) for the left-to-right product (200000! has 973,351
/// digits).
pub fn factorial(k: usize) -> BigUint {
    product(1, k + 1)
}

/// The product of the integers in `lo..hi` (1 if empty), as a balanced
/// product tree.
pub fn product(lo: usize, hi: usize) -> BigUint {
    if hi <= lo {
        return BigUint::one();
    }
    if hi - lo <= 16 {
        return (lo..hi).fold(BigUint::one(), |acc, i| acc * BigUint::from(i));
    }
    let mid = lo + (hi - lo) / 2;
    product(lo, mid) * product(mid, hi)
}

/// k! in 64 bits; `k <= 20`.
///
/// # Panics
/// Above 20 (21! overflows u64).
pub const fn factorial_u64(k: usize) -> u64 {
    assert!(k <= 20, "21! does not fit in 64 bits");
    let mut f = 1u64;
    let mut i = 2;
    while i <= k {
        f *= i as u64;
        i += 1;
    }
    f
}

/// The binomial coefficient C(n, k) exactly (0 for k > n), as
/// n (n-1) ... (n-k+1) / k!. O(M(d) log k).
pub fn binomial(n: usize, k: usize) -> BigUint {
    if k > n {
        return BigUint::ZERO;
    }
    let k = k.min(n - k);
    product(n - k + 1, n + 1) / factorial(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values() {
        let slow = |k: usize| (1..=k as u64).map(BigUint::from).product::<BigUint>();
        for k in [0, 1, 2, 5, 16, 17, 40, 300] {
            assert_eq!(factorial(k), slow(k), "{k}!");
        }
        assert_eq!(factorial_u64(20), 2_432_902_008_176_640_000);
        assert_eq!(factorial_u64(0), 1);
        assert_eq!(binomial(5, 2), BigUint::from(10u32));
        assert_eq!(binomial(52, 5), BigUint::from(2_598_960u32));
        assert_eq!(binomial(3, 4), BigUint::ZERO);
        assert_eq!(binomial(100, 50), slow(100) / (slow(50) * slow(50)));
    }
}
