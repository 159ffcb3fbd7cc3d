//! Oracles shared by the integration tests: breadth-first search over
//! configurations, written independently of the library's search code.
//! Each test file uses what it needs (`mod common;`).
#![allow(dead_code)]

use std::collections::{HashMap, HashSet, VecDeque};

use slidepuzzle::model::Graph;

/// The distance in single-tile moves from `start` (cells, 0 for a blank;
/// any number of blanks) to every configuration it reaches.
pub fn distances(graph: &Graph, start: &[u32]) -> HashMap<Vec<u32>, usize> {
    let mut seen = HashMap::from([(start.to_vec(), 0usize)]);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(cells) = queue.pop_front() {
        let d = seen[&cells];
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
pub fn reachable(graph: &Graph, start: &[u32]) -> HashSet<Vec<u32>> {
    distances(graph, start).into_keys().collect()
}
