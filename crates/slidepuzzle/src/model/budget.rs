//! Size budgets of the model, checked **before** anything is allocated: a
//! spec such as `100000x100000`, `complete:100000` or `edges:0-4294967295`
//! is refused with a [`Error::Limit`] naming the numbers, never by a failed
//! allocation.

use crate::error::{Error, Resource, Result};

/// Most vertices a puzzle may have: 2^22 (a 2048 x 2048 board; its graph
/// takes about 300 MB, and a solution is billions of moves).
pub const MAX_VERTICES: u64 = 1 << 22;

/// Most edges a puzzle may have: 2^24 (`complete:5793`, or a 2048 x 2048
/// board counted at four edges a cell; a graph this size takes about
/// 2.5 GB while it is built).
pub const MAX_EDGES: u64 = 1 << 24;

/// The largest graph a caller accepts, checked while a spec is read and
/// before its graph is built ([`crate::model::Puzzle::parse_within`]): the
/// library's own ceiling is [`SizeBudget::DEFAULT`]; a face can ask for
/// less (the web page takes at most 10,000 vertices).
///
/// ```
/// use slidepuzzle::model::{budget::SizeBudget, Puzzle};
/// let small = SizeBudget { vertices: 100, edges: 1_000 };
/// assert!(Puzzle::parse_within("10x10", None, &small).is_ok());
/// assert!(Puzzle::parse_within("complete:100", None, &small).is_err()); // 4,950 edges
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeBudget {
    /// Most vertices.
    pub vertices: u64,
    /// Most edges.
    pub edges: u64,
}

impl SizeBudget {
    /// [`MAX_VERTICES`] and [`MAX_EDGES`].
    pub const DEFAULT: SizeBudget = SizeBudget {
        vertices: MAX_VERTICES,
        edges: MAX_EDGES,
    };

    /// Checks a graph's size; `vertices` and `edges` are computed by the
    /// caller with checked or widened arithmetic (`None` = overflowed,
    /// refused as well).
    ///
    /// # Errors
    /// [`Error::Limit`] ([`Resource::Vertices`] or [`Resource::Edges`]).
    pub fn check(&self, vertices: Option<u64>, edges: Option<u64>) -> Result<()> {
        let v = vertices.unwrap_or(u64::MAX);
        if v > self.vertices {
            return Err(Error::limit(Resource::Vertices, v, self.vertices));
        }
        let e = edges.unwrap_or(u64::MAX);
        if e > self.edges {
            return Err(Error::limit(Resource::Edges, e, self.edges));
        }
        Ok(())
    }
}

impl Default for SizeBudget {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// `a * b` in u64, `None` on overflow.
pub(crate) fn mul(a: usize, b: usize) -> Option<u64> {
    (a as u64).checked_mul(b as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;

    #[test]
    fn huge_specs_are_refused_before_allocation() {
        for spec in [
            "100000x100000",
            "4294967296x4294967296",
            "complete:100000",
            "cycle:1000000000",
            "path:1000000000",
            "theta:1000000000,1,1",
            "edges:0-4294967295",
            "random:1000000000,3",
            "10000x10000x10000",
            "18446744073709551615x2",
        ] {
            let e = Puzzle::parse(spec).unwrap_err();
            assert!(matches!(e, Error::Limit { .. }), "{spec}: {e}");
        }
        assert!(Puzzle::parse("1000x1000").is_ok());
    }
}
