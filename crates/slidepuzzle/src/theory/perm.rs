//! Permutations in GAP's conventions.
//!
//! A [`Perm`] of degree n acts on points `0..n` internally and is written
//! 1-based in GAP cycle notation, `(1,2,3)(4,5)`. Products read **left to
//! right**, as in GAP: `p^(g*h) = (p^g)^h`, so [`Perm::then`]`(g, h)` applies
//! g first. Parity: sign = (-1)^(n - number of cycles) (Johnson 1879).

use std::fmt;

use crate::error::{Error, Result};

/// A permutation of `0..degree`: `images[p]` is `p^g`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Perm {
    images: Vec<u32>,
}

/// The largest point [`Perm::parse_gap`] accepts: 2^24 (a permutation of
/// that degree takes 64 MiB).
pub const MAX_POINTS: usize = 1 << 24;

impl Perm {
    /// The identity of degree `n`.
    pub(crate) fn identity(n: usize) -> Self {
        Perm {
            images: (0..n as u32).collect(),
        }
    }

    /// Wraps an image list; `None` unless it is a permutation of `0..len`.
    pub fn from_images(images: Vec<u32>) -> Option<Self> {
        let mut seen = vec![false; images.len()];
        for &i in &images {
            let slot = seen.get_mut(i as usize)?;
            if *slot {
                return None;
            }
            *slot = true;
        }
        Some(Perm { images })
    }

    /// The tile permutation of a blank walk on `n` vertices: the blank
    /// starts on `blank` and moves to each vertex of `walk` in turn,
    /// swapping with the tile there. `p^g` is the vertex the content of
    /// `p` ends on (the blank's too). O(n + walk). `None` if a vertex is
    /// `>= n`.
    ///
    /// ```
    /// use slidepuzzle::theory::perm::Perm;
    /// // Round a triangle: the blank 0 -> 1 -> 2 -> 0 turns the two tiles.
    /// let g = Perm::of_blank_walk(3, 0, &[1, 2, 0]).unwrap();
    /// assert_eq!(g.to_string(), "(2,3)");
    /// ```
    pub fn of_blank_walk(n: usize, blank: usize, walk: &[usize]) -> Option<Self> {
        // content[v] = the vertex the content now on v started on.
        let mut content: Vec<u32> = (0..n as u32).collect();
        let mut at = blank;
        for &v in walk {
            if at >= n || v >= n {
                return None;
            }
            content.swap(at, v);
            at = v;
        }
        let mut images = vec![0u32; n];
        for (v, &from) in content.iter().enumerate() {
            images[from as usize] = v as u32;
        }
        Some(Perm { images })
    }

    /// The degree (number of points).
    pub fn degree(&self) -> usize {
        self.images.len()
    }

    /// `p^g`.
    #[inline]
    pub(crate) fn image(&self, p: usize) -> usize {
        self.images[p] as usize
    }

    /// The image list.
    pub(crate) fn images(&self) -> &[u32] {
        &self.images
    }

    /// Whether this is the identity.
    pub(crate) fn is_identity(&self) -> bool {
        self.images.iter().enumerate().all(|(i, &x)| i as u32 == x)
    }

    /// The product `self * other` in GAP's order: apply `self`, then `other`.
    pub fn then(&self, other: &Perm) -> Perm {
        Perm {
            images: self
                .images
                .iter()
                .map(|&x| other.images[x as usize])
                .collect(),
        }
    }

    /// The inverse.
    pub(crate) fn inverse(&self) -> Perm {
        let mut inv = vec![0u32; self.images.len()];
        for (i, &x) in self.images.iter().enumerate() {
            inv[x as usize] = i as u32;
        }
        Perm { images: inv }
    }

    /// Extends to degree `n >= degree` by fixing the new points.
    pub fn extended(&self, n: usize) -> Perm {
        let mut images = self.images.clone();
        images.extend(self.images.len() as u32..n as u32);
        Perm { images }
    }

    /// The cycles of length >= 2, each starting at its smallest point, in
    /// order of that point (0-based).
    pub(crate) fn cycles(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.images.len()];
        let mut out = Vec::new();
        for s in 0..self.images.len() {
            if seen[s] {
                continue;
            }
            let mut cycle = Vec::new();
            let mut p = s;
            while !seen[p] {
                seen[p] = true;
                cycle.push(p);
                p = self.images[p] as usize;
            }
            if cycle.len() > 1 {
                out.push(cycle);
            }
        }
        out
    }

    /// Whether the permutation is odd: (n - cycles, fixed points counted) is odd.
    pub(crate) fn is_odd(&self) -> bool {
        self.cycles().iter().map(|c| c.len() - 1).sum::<usize>() % 2 == 1
    }

    /// Cycle type as (length, count) pairs for lengths >= 2, longest first.
    pub(crate) fn cycle_type(&self) -> Vec<(usize, usize)> {
        let mut lengths: Vec<usize> = self.cycles().iter().map(|c| c.len()).collect();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        let mut out: Vec<(usize, usize)> = Vec::new();
        for l in lengths {
            match out.last_mut() {
                Some((len, count)) if *len == l => *count += 1,
                _ => out.push((l, 1)),
            }
        }
        out
    }

    /// Order of the permutation (lcm of cycle lengths), saturating at
    /// `u128::MAX`.
    pub(crate) fn order(&self) -> u128 {
        fn gcd(a: u128, b: u128) -> u128 {
            if b == 0 { a } else { gcd(b, a % b) }
        }
        self.cycles().iter().fold(1u128, |acc, c| {
            let l = c.len() as u128;
            (acc / gcd(acc, l)).saturating_mul(l)
        })
    }

    /// Parses GAP cycle notation (`(1,2,3)(4,5)`, `()`, 1-based points, at
    /// most [`MAX_POINTS`]) into
    /// a permutation of degree `max(degree, largest point)`.
    ///
    /// # Errors
    /// [`Error::Argument`] (named `permutation`) naming the character
    /// position of a syntax error, a point 0, or a point repeated.
    ///
    /// ```
    /// use slidepuzzle::theory::perm::Perm;
    /// let g = Perm::parse_gap("(1,2,3)", 0).unwrap();
    /// let h = Perm::parse_gap("(3,4,5)", 0).unwrap().extended(5);
    /// // GAP: (1,2,3)*(3,4,5) = (1,2,4,5,3)
    /// assert_eq!(g.extended(5).then(&h).to_gap(), "(1,2,4,5,3)");
    /// ```
    pub fn parse_gap(text: &str, degree: usize) -> Result<Perm> {
        let bad = |pos: usize, what: &str| {
            Error::argument(
                "permutation",
                format!("'{text}': {what} at character {}", pos + 1),
            )
        };
        let mut cycles: Vec<Vec<usize>> = Vec::new();
        let mut current: Option<Vec<usize>> = None;
        // The last character that was not a space: a ',' needs a number
        // before and after it.
        let mut last = ' ';
        let mut number = String::new();
        let mut number_start = 0;
        let chars: Vec<char> = text.chars().collect();
        let flush =
            |number: &mut String, current: &mut Option<Vec<usize>>, start: usize| -> Result<()> {
                if number.is_empty() {
                    return Ok(());
                }
                let p: usize = number.parse().map_err(|_| bad(start, "bad number"))?;
                if p == 0 {
                    return Err(bad(start, "point 0 (points are 1-based)"));
                }
                if p > MAX_POINTS {
                    return Err(bad(
                        start,
                        &format!("point {p} above the limit of {MAX_POINTS} points"),
                    ));
                }
                current
                    .as_mut()
                    .ok_or_else(|| bad(start, "number outside parentheses"))?
                    .push(p - 1);
                number.clear();
                Ok(())
            };
        for (i, &c) in chars.iter().enumerate() {
            match c {
                '(' => {
                    if current.is_some() {
                        return Err(bad(i, "nested '('"));
                    }
                    // A number right before '(' is outside the cycle, not
                    // the start of its first point ("5(1,2)").
                    flush(&mut number, &mut current, number_start)?;
                    current = Some(Vec::new());
                }
                ')' => {
                    if number.is_empty() && last == ',' {
                        return Err(bad(i, "',' with no number after it"));
                    }
                    flush(&mut number, &mut current, number_start)?;
                    let cycle = current.take().ok_or_else(|| bad(i, "unmatched ')'"))?;
                    cycles.push(cycle);
                }
                ',' => {
                    if number.is_empty() && !last.is_ascii_digit() {
                        return Err(bad(i, "',' with no number before it"));
                    }
                    flush(&mut number, &mut current, number_start)?
                }
                d if d.is_ascii_digit() => {
                    if number.is_empty() {
                        number_start = i;
                    }
                    number.push(d);
                }
                w if w.is_whitespace() => flush(&mut number, &mut current, number_start)?,
                _ => return Err(bad(i, &format!("unexpected '{c}'"))),
            }
            if !c.is_whitespace() {
                last = c;
            }
        }
        if current.is_some() {
            return Err(bad(chars.len().saturating_sub(1), "missing ')'"));
        }
        // A number after the last ')' ("(1,2)3") is refused, not dropped.
        flush(&mut number, &mut current, number_start)?;
        let max_point = cycles.iter().flatten().map(|&p| p + 1).max().unwrap_or(0);
        let n = degree.max(max_point);
        // Cycles compose left to right: (1,2)(2,3) = apply (1,2), then (2,3).
        // Each cycle updates only its own points, through the inverse: the
        // point x that the product so far sends to p now goes to c(p). So
        // the work is O(n + total cycle length), not O(n) per cycle.
        let mut images: Vec<u32> = (0..n as u32).collect();
        let mut inverse = images.clone();
        for cycle in &cycles {
            let mut seen = std::collections::HashSet::new();
            let mut updates = Vec::with_capacity(cycle.len());
            for (k, &p) in cycle.iter().enumerate() {
                if !seen.insert(p) {
                    return Err(Error::argument(
                        "permutation",
                        format!("'{text}': point {} repeated in a cycle", p + 1),
                    ));
                }
                updates.push((inverse[p] as usize, cycle[(k + 1) % cycle.len()] as u32));
            }
            for (x, image) in updates {
                images[x] = image;
                inverse[image as usize] = x as u32;
            }
        }
        Ok(Perm { images })
    }

    /// GAP cycle notation, 1-based; `()` for the identity.
    pub fn to_gap(&self) -> String {
        let cycles = self.cycles();
        if cycles.is_empty() {
            return "()".into();
        }
        cycles
            .iter()
            .map(|c| {
                let inner: Vec<String> = c.iter().map(|p| (p + 1).to_string()).collect();
                format!("({})", inner.join(","))
            })
            .collect()
    }
}

impl fmt::Display for Perm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_gap())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn cycles_compose_left_to_right_and_empty_items_are_refused() {
        let a = Perm::parse_gap("(1,2)", 3).unwrap();
        let b = Perm::parse_gap("(2,3)", 3).unwrap();
        assert_eq!(Perm::parse_gap("(1,2)(2,3)", 3).unwrap(), a.then(&b));
        assert_eq!(Perm::parse_gap("(1,2,3)(1,3)", 3).unwrap().images, {
            let c = Perm::parse_gap("(1,2,3)", 3).unwrap();
            c.then(&Perm::parse_gap("(1,3)", 3).unwrap()).images
        });
        for bad in ["(1,,2)", "(,1,2)", "(1,2,)", "(1, ,2)"] {
            let e = Perm::parse_gap(bad, 3).unwrap_err().to_string();
            assert!(e.contains("','"), "{bad}: {e}");
        }
    }

    use super::*;

    #[test]
    fn huge_points_are_refused_not_allocated() {
        for text in [
            "(1,4294967296)",
            "(1,99999999999)",
            "(1,99999999999999999999999)",
        ] {
            let e = Perm::parse_gap(text, 0).unwrap_err().to_string();
            assert!(
                e.contains("limit") || e.contains("bad number"),
                "{text}: {e}"
            );
        }
        assert_eq!(Perm::parse_gap("(1,16)", 0).unwrap().degree(), 16);
    }

    #[test]
    fn gap_round_trip_and_products() {
        let g = Perm::parse_gap("(1,2,3)(4,5)", 6).unwrap();
        assert_eq!(g.to_gap(), "(1,2,3)(4,5)");
        assert_eq!(g.degree(), 6);
        assert!(g.is_odd());
        assert_eq!(g.order(), 6);
        assert_eq!(g.cycle_type(), vec![(3, 1), (2, 1)]);
        assert!(g.then(&g.inverse()).is_identity());
        // (1,2)(2,3) read left to right is (1,3,2) in GAP.
        assert_eq!(
            Perm::parse_gap("(1,2)(2,3)", 0).unwrap().to_gap(),
            "(1,3,2)"
        );
        assert_eq!(Perm::parse_gap("()", 3).unwrap().to_gap(), "()");
    }

    #[test]
    fn bad_cycles_say_where() {
        for (text, needle) in [
            ("(1,2", "missing ')'"),
            ("(0,1)", "point 0"),
            ("(1,1)", "repeated"),
            ("(1,x)", "unexpected 'x'"),
            ("1,2)", "outside parentheses"),
            // Digits before '(' once ran into the cycle's first point:
            // "34141(13)" was the point 3414113 (found by fuzzing).
            ("34141(13)", "outside parentheses at character 1"),
            ("(1,2)3", "outside parentheses at character 6"),
            ("(1,2) 3 ", "outside parentheses at character 7"),
        ] {
            let e = Perm::parse_gap(text, 0).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
