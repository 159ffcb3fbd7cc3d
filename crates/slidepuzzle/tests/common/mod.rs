//! Oracles shared by the integration tests: breadth-first search over
//! configurations, written independently of the library's search code, and
//! the published distance tables.
//! Each test file uses what it needs (`mod common;`).
#![allow(dead_code)]

use std::collections::VecDeque;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rustc_hash::{FxHashMap, FxHashSet};
use slidepuzzle::model::Graph;

/// Configurations (cells, 0 for a blank) and their distances from a start.
/// FxHash, not the standard library's SipHash: the oracles hash hundreds of
/// thousands of short keys of their own making, where SipHash's resistance
/// to chosen keys buys nothing and costs most of the search.
pub type Distances = FxHashMap<Vec<u32>, usize>;

/// A set of configurations (cells, 0 for a blank).
pub type Configurations = FxHashSet<Vec<u32>>;

/// The distance in single-tile moves from `start` (cells, 0 for a blank;
/// any number of blanks) to every configuration it reaches.
pub fn distances(graph: &Graph, start: &[u32]) -> Distances {
    distances_within(graph, start, usize::MAX)
}

/// [`distances`] to the configurations at most `depth` moves away.
pub fn distances_within(graph: &Graph, start: &[u32], depth: usize) -> Distances {
    let mut seen = Distances::default();
    seen.insert(start.to_vec(), 0usize);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(cells) = queue.pop_front() {
        let d = seen[&cells];
        if d >= depth {
            continue;
        }
        for v in 0..cells.len() {
            if cells[v] != 0 {
                continue;
            }
            for &w in graph.neighbors(v) {
                if cells[w] != 0 {
                    let mut next = cells.clone();
                    next.swap(v, w);
                    if !seen.contains_key(&next) {
                        seen.insert(next.clone(), d + 1);
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    seen
}

/// Every configuration reachable from `start` (any number of blanks).
pub fn reachable(graph: &Graph, start: &[u32]) -> Configurations {
    distances(graph, start).into_keys().collect()
}

/// Whether `graph` is a cycle (tiles only rotate there).
pub fn is_cycle(graph: &Graph) -> bool {
    let n = graph.vertex_count();
    n >= 3 && graph.edge_count() == n && (0..n).all(|v| graph.neighbors(v).len() == 2)
}

/// A graph from an edge list `0-1,1-2,...` (tests/data).
pub fn parse_edges(line: &str) -> Graph {
    let edges: Vec<(usize, usize)> = line
        .split(',')
        .map(|e| {
            let (u, v) = e.split_once('-').unwrap();
            (u.parse().unwrap(), v.parse().unwrap())
        })
        .collect();
    let n = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap() + 1;
    Graph::from_edges(n, &edges).unwrap()
}

/// A random graph of one of the kinds that strand tiles.
pub fn random_graph(rng: &mut ChaCha8Rng, n: usize) -> Graph {
    let mut edges: Vec<(usize, usize)> = Vec::new();
    match rng.random_range(0..6) {
        // A random tree.
        0 => (1..n).for_each(|v| edges.push((rng.random_range(0..v), v))),
        // A tree with a long hallway: a path with bushes at both ends.
        1 => {
            let hall = rng.random_range(2..n - 3);
            (1..=hall).for_each(|v| edges.push((v - 1, v)));
            for v in hall + 1..n {
                let at = if rng.random_bool(0.5) { 0 } else { hall };
                let at = if v > hall + 2 && rng.random_bool(0.3) {
                    v - 1
                } else {
                    at
                };
                edges.push((at, v));
            }
        }
        // A cycle with pendant paths.
        2 => {
            let c = rng.random_range(3..n - 1);
            (0..c).for_each(|v| edges.push((v, (v + 1) % c)));
            (c..n).for_each(|v| edges.push((rng.random_range(0..v), v)));
        }
        // Two cycles joined by a path.
        3 => {
            let a = rng.random_range(3..=(n - 3).min(5));
            let b = rng.random_range(3..=(n - a).min(5));
            (0..a).for_each(|v| edges.push((v, (v + 1) % a)));
            (0..b).for_each(|v| edges.push((a + v, a + (v + 1) % b)));
            let mut prev = 0;
            for v in a + b..n {
                edges.push((prev, v));
                prev = v;
            }
            edges.push((prev, a));
        }
        // A star with some paths lengthened.
        4 => (1..n).for_each(|v| {
            let at = if v > 3 && rng.random_bool(0.5) {
                v - 1
            } else {
                0
            };
            edges.push((at, v))
        }),
        // Sparse: a tree plus one or two chords.
        _ => {
            (1..n).for_each(|v| edges.push((rng.random_range(0..v), v)));
            for _ in 0..rng.random_range(1..=2) {
                let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
                if u != v && !edges.contains(&(u, v)) && !edges.contains(&(v, u)) {
                    edges.push((u, v));
                }
            }
        }
    }
    Graph::from_edges(n, &edges).unwrap()
}

/// The published distribution of `board` in `metric` (`stm`, `mtm`) from
/// `data/bfs_distributions.txt` (copied from the project's shared/data):
/// compared with, never used as input.
pub fn published(metric: &str, board: &str) -> Vec<u64> {
    const TABLES: &str = include_str!("../../data/bfs_distributions.txt");
    let prefix = format!("{metric} {board}:");
    let line = TABLES
        .lines()
        .find(|l| l.starts_with(&prefix))
        .expect("board in the data file");
    line[prefix.len()..]
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect()
}
