//! Random sparse graphs with trees hanging off them, the test beds of the
//! several-blank solvers and the feasibility test at scale: a random
//! recursive tree plus random chords (`sparse:N,CHORDS[,SEED]`), and two
//! random trees joined by a hallway (`hallway:N,HALL[,SEED]`), where tiles
//! must squeeze past each other.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::budget::SizeBudget;
use super::graph::Graph;
use super::puzzle::{Puzzle, PuzzleKind};
use crate::error::{Error, Result};

/// A random recursive tree on `n` vertices (each vertex after the first
/// joined to a uniform earlier one) with `chords` distinct random extra
/// edges, and, when `hallway > 0`, a path of `hallway` more vertices from
/// vertex 0 to a second random recursive tree of `n` vertices: `n` or
/// `2 n + hallway` vertices in all. Drawn from `rng`, so a caller that
/// draws several graphs from one stream gets the same graphs every time;
/// the puzzle is named `name`. O(vertices + chords) expected.
///
/// ```
/// use rand_chacha::{ChaCha8Rng, rand_core::SeedableRng};
/// use slidepuzzle::model::random_graph::tree_with_chords;
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// let p = tree_with_chords(100, 30, 0, &mut rng, "sparse").unwrap();
/// assert_eq!((p.vertex_count(), p.graph().edge_count()), (100, 129));
/// let q = tree_with_chords(40, 0, 10, &mut rng, "hallway").unwrap();
/// assert_eq!((q.vertex_count(), q.graph().edge_count()), (90, 89)); // a tree
/// ```
///
/// # Errors
/// [`Error::Spec`] for fewer than 2 vertices or more chords than the
/// tree leaves room for; [`Error::Limit`] over the default size budget.
pub fn tree_with_chords(
    n: usize,
    chords: usize,
    hallway: usize,
    rng: &mut ChaCha8Rng,
    name: &str,
) -> Result<Puzzle> {
    if n < 2 {
        return Err(Error::spec(name, "needs at least 2 vertices"));
    }
    let pairs = (n as u128) * (n as u128 - 1) / 2;
    let possible = u64::try_from(pairs - (n as u128 - 1)).unwrap_or(u64::MAX);
    if chords as u64 > possible {
        return Err(Error::spec(
            name,
            format!("a tree on {n} vertices leaves room for only {possible} chords"),
        ));
    }
    let total = if hallway > 0 {
        (n as u64).saturating_mul(2).saturating_add(hallway as u64)
    } else {
        n as u64
    };
    SizeBudget::DEFAULT.check(Some(total), Some(total.saturating_add(chords as u64)))?;
    let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (rng.random_range(0..v), v)).collect();
    let mut seen: std::collections::HashSet<(usize, usize)> = edges.iter().copied().collect();
    while seen.len() < n - 1 + chords {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        let e = (u.min(v), u.max(v));
        if u != v && seen.insert(e) {
            edges.push(e);
        }
    }
    if hallway > 0 {
        let mut prev = 0;
        for v in n..n + hallway {
            edges.push((prev, v));
            prev = v;
        }
        let second = n + hallway;
        edges.push((prev, second));
        for v in second + 1..second + n {
            edges.push((rng.random_range(second..v), v));
        }
    }
    Ok(Puzzle::new(
        Graph::from_edges(total as usize, &edges)?,
        PuzzleKind::Graph,
        name,
    ))
}

/// `sparse:N,CHORDS,SEED`: a random recursive tree on `n` vertices with
/// `chords` random chords ([`tree_with_chords`]), drawn with ChaCha8 from
/// `seed`.
///
/// # Errors
/// As [`tree_with_chords`].
pub(crate) fn sparse(n: usize, chords: usize, seed: u64) -> Result<Puzzle> {
    use rand_chacha::rand_core::SeedableRng;
    let name = format!("sparse:{n},{chords},{seed}");
    tree_with_chords(n, chords, 0, &mut ChaCha8Rng::seed_from_u64(seed), &name)
}

/// `hallway:N,HALL,SEED`: two random recursive trees of `n` vertices
/// joined by a path of `hall` vertices ([`tree_with_chords`]), drawn with
/// ChaCha8 from `seed`.
///
/// # Errors
/// As [`tree_with_chords`].
pub(crate) fn hallway(n: usize, hall: usize, seed: u64) -> Result<Puzzle> {
    use rand_chacha::rand_core::SeedableRng;
    let name = format!("hallway:{n},{hall},{seed}");
    tree_with_chords(n, 0, hall, &mut ChaCha8Rng::seed_from_u64(seed), &name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specs_name_reproducible_graphs_and_refuse_what_cannot_be_built() {
        let p = Puzzle::parse("sparse:100,30,1").unwrap();
        assert_eq!((p.vertex_count(), p.graph().edge_count()), (100, 129));
        assert_eq!(p.spec(), "sparse:100,30,1");
        let again = Puzzle::parse("sparse:100,30,1").unwrap();
        assert_eq!(
            p.graph().edges().collect::<Vec<_>>(),
            again.graph().edges().collect::<Vec<_>>()
        );
        let h = Puzzle::parse("hallway:40,10,2").unwrap();
        assert_eq!((h.vertex_count(), h.graph().edge_count()), (90, 89));
        // A tree on 3 vertices leaves room for one chord only.
        let e = Puzzle::parse("sparse:3,2").unwrap_err().to_string();
        assert!(e.contains("only 1 chords"), "{e}");
        assert!(Puzzle::parse("sparse:1,0").is_err());
        assert!(Puzzle::parse("hallway:5").is_err());
        // Sizes past any budget are refused, not overflowed.
        let mut rng = <ChaCha8Rng as rand_chacha::rand_core::SeedableRng>::seed_from_u64(0);
        assert!(tree_with_chords(usize::MAX, 1, usize::MAX, &mut rng, "huge").is_err());
        // Refused by the size budget before anything is allocated.
        let e = Puzzle::parse("hallway:4000000000,1").unwrap_err();
        assert!(
            matches!(e.unhinted(), Error::Limit { .. } | Error::Spec { .. }),
            "{e}"
        );
    }
}
