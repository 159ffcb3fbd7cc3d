//! Factorials and binomial coefficients, and [`Count`]: an exact count
//! given by factorials, whose digits are computed only when asked for.

use std::fmt;
use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::One;

/// k! exactly. The product is taken as a balanced tree, so the big
/// multiplications are between numbers of similar size (Karatsuba/Toom in
/// num-bigint): about O(M(d) log k) for d = O(k log k) digits, against
/// O(k^2 log^2 k) for the left-to-right product (200000! has 973,351
/// digits).
pub(crate) fn factorial(k: usize) -> BigUint {
    product(1, k + 1)
}

/// The product of the integers in `lo..hi` (1 if empty), as a balanced
/// product tree.
pub(crate) fn product(lo: usize, hi: usize) -> BigUint {
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
pub(crate) fn binomial(n: usize, k: usize) -> BigUint {
    if k > n {
        return BigUint::ZERO;
    }
    let k = k.min(n - k);
    product(n - k + 1, n + 1) / factorial(k)
}

/// Counts with at most this many decimal digits (estimated) are computed
/// at once; larger ones only when their digits are asked for. 200,000
/// digits (about 45,000!) take a few milliseconds.
pub const EAGER_DIGITS: f64 = 200_000.0;

/// An exact natural number, kept as a formula of factorials until its
/// digits are needed: a sum of terms, each a product of integer ranges
/// (`k!` is the range `1..=k`) and a small factor over a product of
/// ranges and a small factor, the division exact.
///
/// Counts up to 200,000 digits (`EAGER_DIGITS`) are evaluated when made, so for
/// every puzzle of a practical size this is a plain [`BigUint`]. Larger
/// ones (10^6! has 5,565,709 digits and takes seconds to write out) give
/// their size, leading digits and order of magnitude at once
/// ([`Count::digits`], [`Count::summary`]) from the logarithm of the
/// formula (Stirling's series for ln Γ), and their exact value on the
/// first call of `Count::value` (or `Display`, or serialisation, which
/// writes the decimal string).
///
/// ```
/// use slidepuzzle::Count;
/// let s5 = Count::factorial(5);
/// assert_eq!(s5.to_string(), "120");
/// let classes = Count::factorial(1_000_000).div(&Count::from(999_999_000_000u64));
/// assert_eq!(classes.digits(), 5_565_697);
/// assert!(classes.summary().starts_with("≈ 8.2639"), "{}", classes.summary());
/// ```
#[derive(Clone)]
pub struct Count {
    terms: Vec<Term>,
    value: OnceLock<BigUint>,
}

/// `Π up · times / (Π down · over)`, ranges half-open `[lo, hi)`.
#[derive(Clone, Debug)]
struct Term {
    up: Vec<(u64, u64)>,
    down: Vec<(u64, u64)>,
    times: BigUint,
    over: BigUint,
}

impl Term {
    fn int(n: BigUint) -> Self {
        Term {
            up: Vec::new(),
            down: Vec::new(),
            times: n,
            over: BigUint::one(),
        }
    }

    /// Cancels overlapping ranges above and below the line.
    fn cancel(mut self) -> Self {
        'again: loop {
            for i in 0..self.up.len() {
                for j in 0..self.down.len() {
                    let (a, b) = (self.up[i], self.down[j]);
                    let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
                    if lo < hi {
                        self.up.swap_remove(i);
                        self.down.swap_remove(j);
                        for (r, side) in [(a, &mut self.up), (b, &mut self.down)] {
                            side.extend([(r.0, lo), (hi, r.1)].into_iter().filter(|x| x.0 < x.1));
                        }
                        continue 'again;
                    }
                }
            }
            return self;
        }
    }

    /// The natural logarithm of the term.
    fn ln(&self) -> f64 {
        let ranges = |v: &[(u64, u64)]| -> f64 {
            v.iter()
                .map(|&(lo, hi)| ln_gamma(hi as f64) - ln_gamma(lo as f64))
                .sum()
        };
        ranges(&self.up) - ranges(&self.down) + ln_big(&self.times) - ln_big(&self.over)
    }

    fn value(&self) -> BigUint {
        let ranges = |v: &[(u64, u64)]| -> BigUint {
            v.iter()
                .map(|&(lo, hi)| product(lo as usize, hi as usize))
                .fold(BigUint::one(), |a, b| a * b)
        };
        ranges(&self.up) * &self.times / (ranges(&self.down) * &self.over)
    }
}

/// ln Γ(x) for x >= 1: exact sums below 16, Stirling's series above
/// (relative error below 1e-15).
fn ln_gamma(x: f64) -> f64 {
    if x < 16.0 {
        return (2..x as u64).map(|i| (i as f64).ln()).sum();
    }
    let x2 = x * x;
    (x - 0.5) * x.ln() - x + 0.5 * (2.0 * std::f64::consts::PI).ln() + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x * x2)
        + 1.0 / (1260.0 * x * x2 * x2)
}

/// ln n for n >= 1 (from its top 64 bits).
fn ln_big(n: &BigUint) -> f64 {
    let bits = n.bits();
    let shift = bits.saturating_sub(64);
    let top = n >> shift;
    let top = top.iter_u64_digits().next().unwrap_or(1) as f64;
    top.ln() + shift as f64 * std::f64::consts::LN_2
}

impl Count {
    fn of(terms: Vec<Term>) -> Self {
        let c = Count {
            terms: terms.into_iter().map(Term::cancel).collect(),
            value: OnceLock::new(),
        };
        if c.log10() <= EAGER_DIGITS {
            c.value();
        }
        c
    }

    /// k!.
    pub fn factorial(k: u64) -> Self {
        Count::of(vec![Term {
            up: vec![(1, k + 1)],
            ..Term::int(BigUint::one())
        }])
    }

    /// The product.
    pub(crate) fn mul(&self, other: &Count) -> Self {
        if let (Some(a), Some(b)) = (self.value.get(), other.value.get()) {
            return Count::from(a * b);
        }
        let mut terms = Vec::new();
        for a in &self.terms {
            for b in &other.terms {
                terms.push(Term {
                    up: [&a.up[..], &b.up[..]].concat(),
                    down: [&a.down[..], &b.down[..]].concat(),
                    times: &a.times * &b.times,
                    over: &a.over * &b.over,
                });
            }
        }
        Count::of(terms)
    }

    /// The quotient, which the caller knows to be exact (`other` nonzero
    /// and dividing `self`).
    pub fn div(&self, other: &Count) -> Self {
        if let (Some(a), Some(b)) = (self.value.get(), other.value.get()) {
            return Count::from(a / b);
        }
        match &other.terms[..] {
            [d] => Count::of(
                self.terms
                    .iter()
                    .map(|a| Term {
                        up: [&a.up[..], &d.down[..]].concat(),
                        down: [&a.down[..], &d.up[..]].concat(),
                        times: &a.times * &d.over,
                        over: &a.over * &d.times,
                    })
                    .collect(),
            ),
            _ => Count::from(self.value() / other.value()),
        }
    }

    /// The sum.
    pub(crate) fn add(&self, other: &Count) -> Self {
        if let (Some(a), Some(b)) = (self.value.get(), other.value.get()) {
            return Count::from(a + b);
        }
        Count::of([&self.terms[..], &other.terms[..]].concat())
    }

    /// log10 of the count, from the formula (accurate to about 1e-9 for a
    /// million-digit count); exact-valued counts use their value.
    pub(crate) fn log10(&self) -> f64 {
        if let Some(v) = self.value.get() {
            return ln_big(v) / std::f64::consts::LN_10;
        }
        let logs: Vec<f64> = self.terms.iter().map(Term::ln).collect();
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = logs.iter().map(|l| (l - top).exp()).sum();
        (top + sum.ln()) / std::f64::consts::LN_10
    }

    /// The count as a `u64`, or `None` when it is larger (decided from
    /// the logarithm first, so a huge lazy count is not computed).
    pub(crate) fn to_u64(&self) -> Option<u64> {
        if self.log10() > 20.0 {
            return None;
        }
        u64::try_from(self.value()).ok()
    }

    /// Whether the exact value has been computed (always, up to
    /// 200,000 digits).
    pub(crate) fn is_evaluated(&self) -> bool {
        self.value.get().is_some()
    }

    /// The exact value, computed on the first call: O(M(d) log d) for d
    /// digits (seconds for millions of digits).
    pub(crate) fn value(&self) -> &BigUint {
        self.value.get_or_init(|| {
            self.terms
                .iter()
                .map(Term::value)
                .fold(BigUint::ZERO, |a, b| a + b)
        })
    }

    /// The number of decimal digits: from the logarithm when the value is
    /// not computed, unless it lies too near a power of ten to tell.
    pub fn digits(&self) -> u64 {
        let l = self.log10();
        let frac = l - l.floor();
        if self.is_evaluated() || !(1e-6..1.0 - 1e-6).contains(&frac) {
            return self.value().to_string().len() as u64;
        }
        l.floor() as u64 + 1
    }

    /// A short text for people: the number itself up to 40 digits; the
    /// first 12 and last 6 digits and the count of digits when it is
    /// computed; else `≈ 8.26394·10^5565696 (5565697 digits)` from the
    /// formula.
    pub fn summary(&self) -> String {
        if let Some(v) = self.value.get() {
            let n = v.to_string();
            return if n.len() <= 40 {
                n
            } else {
                format!("{}...{} ({} digits)", &n[..12], &n[n.len() - 6..], n.len())
            };
        }
        let l = self.log10();
        let exponent = l.floor();
        format!(
            "≈ {:.5}·10^{} ({} digits)",
            10f64.powf(l - exponent),
            exponent as u64,
            self.digits()
        )
    }
}

impl From<BigUint> for Count {
    fn from(n: BigUint) -> Self {
        Count {
            terms: vec![Term::int(n.clone())],
            value: OnceLock::from(n),
        }
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Self {
        Count::from(BigUint::from(n))
    }
}

impl PartialEq for Count {
    fn eq(&self, other: &Self) -> bool {
        self.value() == other.value()
    }
}

impl Eq for Count {}

impl PartialEq<BigUint> for Count {
    fn eq(&self, other: &BigUint) -> bool {
        self.value() == other
    }
}

/// The exact decimal digits (computing them if needed).
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.value(), f)
    }
}

impl fmt::Debug for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value.get() {
            Some(v) => write!(f, "Count({v})"),
            None => write!(f, "Count({})", self.summary()),
        }
    }
}

/// A decimal string, exact.
impl serde::Serialize for Count {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self.value())
    }
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

    /// Lazy counts agree with the exact arithmetic, and their sizes and
    /// leading digits (from Stirling's series) with the exact digits.
    #[test]
    fn lazy_counts_are_exact_when_asked() {
        let big = 60_000u64; // 60000! has 260,635 digits: lazy.
        let f = Count::factorial(big);
        assert!(!f.is_evaluated());
        let q = f.div(&Count::factorial(big - 2)); // cancels to (big-1) big
        assert!(q.is_evaluated());
        assert_eq!(*q.value(), BigUint::from((big - 1) * big));
        let c = f.div(&Count::from(2u64)).mul(&Count::from(3u64));
        let sum = c.add(&Count::factorial(big - 1));
        for lazy in [&f, &c, &sum] {
            assert!(!lazy.is_evaluated());
            let (digits, summary) = (lazy.digits(), lazy.summary());
            let exact = lazy.value().to_string();
            assert_eq!(digits, exact.len() as u64);
            let lead = &summary["≈ ".len()..];
            assert_eq!(&lead[..1], &exact[..1], "{summary}");
            assert_eq!(&lead[2..6], &exact[1..5], "{summary}");
        }
        assert_eq!(
            *sum.value(),
            factorial(60_000) / 2u32 * 3u32 + factorial(59_999)
        );
        assert_eq!(Count::factorial(10).summary(), "3628800");
        assert_eq!(
            Count::factorial(50).summary(),
            "304140932017...000000 (65 digits)"
        );
    }
}
