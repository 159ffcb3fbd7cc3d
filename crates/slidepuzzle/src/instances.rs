//! Benchmark instances shipped with the library.
//!
//! `data/korf100_15puzzle.tsv` and `data/korf50_24puzzle.tsv` are copied from
//! the project's `shared/data/` (Korf 1985's 100 random 15-puzzles; Korf and
//! Felner 2002's 50 random 24-puzzles, with their published optimal
//! lengths). Their goal has the blank top-left: tile i on cell i.

use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};

/// One benchmark instance.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The instance number in the published list (1-based).
    pub id: u32,
    /// The published optimal solution length (single-tile moves).
    pub optimal: u32,
    /// Korf 1985's IDA* + Manhattan node count (15-puzzle only).
    pub md_nodes: Option<u64>,
    /// Korf and Felner 2002's node count with their 6-6-6-6 pattern
    /// databases and the reflected lookup (24-puzzle only; the root is not
    /// counted, so it is one less than our generated count).
    pub pdb_nodes: Option<u64>,
    /// The start configuration, row-major.
    pub start: Configuration,
}

const KORF100: &str = include_str!("../data/korf100_15puzzle.tsv");
const KORF50: &str = include_str!("../data/korf50_24puzzle.tsv");

/// The goal of Korf's instances on an `n`-cell board: blank on cell 0,
/// tile i on cell i.
pub fn blank_first_goal(n: usize) -> Configuration {
    Configuration::from_cells((0..n as u32).collect(), 1).expect("a permutation")
}

fn parse(
    text: &str,
    n: usize,
    md_column: Option<usize>,
    pdb_column: Option<usize>,
) -> Result<Vec<Instance>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let bad = || Error::input(i + 1, "malformed instance-file line");
        let id = cols.first().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
        let optimal = cols.get(1).and_then(|s| s.parse().ok()).ok_or_else(bad)?;
        let column = |c: Option<usize>| c.and_then(|c| cols.get(c)).and_then(|s| s.parse().ok());
        let (md_nodes, pdb_nodes) = (column(md_column), column(pdb_column));
        let tiles: Vec<u32> = cols
            .last()
            .ok_or_else(bad)?
            .split_whitespace()
            .map(|t| t.parse().map_err(|_| bad()))
            .collect::<Result<_>>()?;
        if tiles.len() != n {
            return Err(bad());
        }
        out.push(Instance {
            id,
            optimal,
            md_nodes,
            pdb_nodes,
            start: Configuration::from_cells(tiles, 1)?,
        });
    }
    Ok(out)
}

/// Korf's 100 random 15-puzzle instances (4x4, goal [`blank_first_goal`]).
pub fn korf100() -> Vec<Instance> {
    parse(KORF100, 16, Some(4), None).expect("the shipped data is valid")
}

/// Korf and Felner's 50 random 24-puzzle instances (5x5).
pub fn korf50() -> Vec<Instance> {
    parse(KORF50, 25, None, Some(3)).expect("the shipped data is valid")
}

/// The 4x4 board and the blank-first goal used by [`korf100`].
pub fn korf100_puzzle() -> (Puzzle, Configuration) {
    (
        Puzzle::board(4, 4, false, false).expect("4x4"),
        blank_first_goal(16),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn shipped_instances_parse() {
        let k = super::korf100();
        assert_eq!(k.len(), 100);
        let mean = k.iter().map(|i| i.optimal as f64).sum::<f64>() / 100.0;
        assert!((mean - 53.05).abs() < 1e-9);
        assert_eq!(super::korf50().len(), 50);
    }
}
