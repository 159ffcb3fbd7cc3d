//! Seed 000, section 7: A* with the generalised Manhattan distance against
//! breadth-first search, and weighted A*, on random solvable instances.
//!
//! For each graph, `instances` configurations are drawn uniformly from those
//! reachable from the default goal ([`uniform_reachable`]) and solved by
//! BFS, A* and weighted A* (W = 4.0, 2.0, 1.4) with the searches of
//! [`crate::search::best_first`]. "Expanded" counts nodes taken from the open
//! list and expanded (the goal is detected when it is taken, not when it is
//! generated).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::{Error, Result};
use crate::model::Puzzle;
use crate::primitives::budget::Budget;
use crate::search::Limits;
use crate::search::best_first::{Strategy, best_first};
use crate::search::domain::Domain;
use crate::search::graph::GraphDomain;
use crate::search::graph_pdb::{GraphPdb, auto_partition};
use crate::search::heuristic::Zero;
use crate::search::manhattan::{Manhattan, TileDistances};
use crate::search::pdb_lookup::PdbLookup;
use crate::theory::uniform_reachable;

/// The paper's graphs, with its averages (A* expanded, BFS expanded).
pub const PAPER: [(&str, &str, f64, f64); 3] = [
    ("theta:2,2,3", "(2,2,3) theta graph", 48152.3, 185222.0),
    ("3x3", "8-puzzle", 2017.29, 84869.2),
    (
        "3x3+diag",
        "8-puzzle, diagonal movements allowed",
        1492.69,
        162282.0,
    ),
];

/// The weights of the paper's weighted-A* table.
pub const WEIGHTS: [f64; 3] = [4.0, 2.0, 1.4];

/// One weighted-A* measurement.
#[derive(Clone, Debug, Serialize)]
pub struct WeightedRow {
    /// The weight W.
    pub weight: f64,
    /// Mean nodes expanded by weighted A*.
    pub expanded: f64,
    /// Percentage fewer nodes than A*.
    pub percent_fewer_nodes: f64,
    /// Percentage longer solutions than optimal.
    pub percent_longer: f64,
}

/// One graph's results.
#[derive(Clone, Debug, Serialize)]
pub struct ExperimentRow {
    /// Puzzle spec.
    pub puzzle: String,
    /// The paper's name for it.
    pub name: String,
    /// Cyclomatic number.
    pub cyclomatic_number: usize,
    /// Instances solved.
    pub instances: usize,
    /// Mean optimal length.
    pub mean_length: f64,
    /// Mean nodes expanded by A*.
    pub astar_expanded: f64,
    /// Mean nodes expanded by BFS.
    pub bfs_expanded: f64,
    /// Percentage decrease from BFS to A*.
    pub percent_decrease: f64,
    /// The paper's A* mean.
    pub paper_astar: f64,
    /// The paper's BFS mean.
    pub paper_bfs: f64,
    /// Weighted A* at each weight.
    pub weighted: Vec<WeightedRow>,
    /// Mean nodes expanded by A* with additive pattern databases (our
    /// answer to the paper's call for a better heuristic).
    pub astar_pdb_expanded: f64,
    /// The automatic partition used.
    pub pdb_groups: Vec<Vec<u32>>,
}

/// Per instance: BFS expanded, A* expanded, optimal length, (expanded,
/// length) of weighted A* at each of [`WEIGHTS`], and A* with pattern
/// databases expanded.
type InstanceResult = (u64, u64, usize, Vec<(u64, usize)>, u64);

/// Runs the experiment on the paper's three graphs (instances in parallel).
///
/// `budget` bounds the run (its deadline and cancel flag reach every
/// search; its memory, the tables); `progress(done, total)` is called
/// from the searching threads after each instance, with `total` the
/// instances of all three graphs.
///
/// # Errors
/// [`Error::Stopped`] when the budget stops a search (with how many
/// instances were done); [`Error::Stopped`] for memory when a table does
/// not fit `budget.max_memory` (4 GiB without one).
pub fn astar_vs_bfs(
    instances: usize,
    seed: u64,
    budget: &Budget,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<ExperimentRow>> {
    let mut rows = Vec::new();
    let total = instances * PAPER.len();
    let done = AtomicUsize::new(0);
    let limits = Limits {
        deadline: budget.deadline,
        cancel: budget.cancel.clone(),
        ..Limits::default()
    };
    for (spec, name, paper_astar, paper_bfs) in PAPER {
        let puzzle = Puzzle::parse(spec)?;
        let goal = puzzle.default_goal();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let starts: Vec<_> = (0..instances)
            .map(|_| uniform_reachable(&puzzle, &goal, &mut rng))
            .collect::<Result<_>>()?;
        let groups = auto_partition(puzzle.graph(), &goal, 1_000_000);
        let pdb = GraphPdb::new(
            puzzle.graph(),
            &goal,
            groups.clone(),
            budget.max_memory.unwrap_or(4 << 30),
        )?;
        let distances = TileDistances::new(puzzle.graph(), &goal).ok_or_else(|| {
            crate::error::Error::unsupported("the experiment's graphs have at most 256 vertices")
        })?;
        let root = GraphDomain::new(puzzle.graph(), &goal, &goal).ok_or_else(|| {
            crate::error::Error::unsupported("the experiment's puzzles have one blank")
        })?;
        let results: Vec<InstanceResult> = starts
            .par_iter()
            .map(|start| -> Result<InstanceResult> {
                let cells: Vec<u8> = start.cells().iter().map(|&t| t as u8).collect();
                let domain = || {
                    let mut d = root.clone();
                    d.set_cells(&cells);
                    d
                };
                let astar = |weight| Strategy::AStar { weight };
                let md = Manhattan::new(&distances);
                let bfs = best_first(domain(), Zero, astar(1.0), &limits);
                let optimal = best_first(domain(), md.clone(), astar(1.0), &limits);
                let len = optimal.moves().map_or(0, <[_]>::len);
                let weighted = WEIGHTS
                    .iter()
                    .map(|&w| {
                        let r = best_first(domain(), md.clone(), astar(w), &limits);
                        (r.stats().expanded, r.moves().map_or(0, <[_]>::len))
                    })
                    .collect();
                let with_pdb = best_first(domain(), PdbLookup::graph(&pdb), astar(1.0), &limits);
                if let Some(reason) = limits.check_time() {
                    let finished = done.load(Ordering::Relaxed);
                    return Err(crate::primitives::budget::stopped(
                        reason,
                        &format!("the experiment ({finished} of {total} instances done)"),
                    ));
                }
                if with_pdb.moves().map(<[_]>::len) != Some(len) {
                    return Err(Error::Internal(format!(
                        "A* with pattern databases and with Manhattan distance disagree on {spec}"
                    )));
                }
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                Ok((
                    bfs.stats().expanded,
                    optimal.stats().expanded,
                    len,
                    weighted,
                    with_pdb.stats().expanded,
                ))
            })
            .collect::<Result<_>>()?;
        let k = instances.max(1) as f64;
        let mean = |f: &dyn Fn(&InstanceResult) -> f64| results.iter().map(f).sum::<f64>() / k;
        let bfs_expanded = mean(&|r| r.0 as f64);
        let astar_expanded = mean(&|r| r.1 as f64);
        let mean_length = mean(&|r| r.2 as f64);
        let weighted = WEIGHTS
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let expanded = mean(&|r| r.3[i].0 as f64);
                let length = mean(&|r| r.3[i].1 as f64);
                WeightedRow {
                    weight: w,
                    expanded,
                    percent_fewer_nodes: 100.0 * (1.0 - expanded / astar_expanded.max(1e-9)),
                    percent_longer: 100.0 * (length / mean_length.max(1e-9) - 1.0),
                }
            })
            .collect();
        let g = puzzle.graph();
        rows.push(ExperimentRow {
            puzzle: spec.to_string(),
            name: name.to_string(),
            cyclomatic_number: g.edge_count() + 1 - g.vertex_count(),
            instances,
            mean_length,
            astar_expanded,
            bfs_expanded,
            percent_decrease: 100.0 * (1.0 - astar_expanded / bfs_expanded.max(1e-9)),
            paper_astar,
            paper_bfs,
            weighted,
            astar_pdb_expanded: mean(&|r| r.4 as f64),
            pdb_groups: groups,
        });
    }
    Ok(rows)
}
