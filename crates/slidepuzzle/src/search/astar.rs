//! A*, weighted A* and breadth-first search on any graph puzzle.
//!
//! Best-first search (Hart, Nilsson and Raphael 1968) over configurations
//! stored as byte vectors, with f = g + W * h. W = 1 with an admissible h
//! gives optimal solutions; W > 1 is weighted A* (Pohl 1970), whose
//! solutions are at most W times longer than optimal; h = 0 is
//! breadth-first search (uniform cost with unit moves). Each stored state
//! remembers its cost and the vertex the blank came from, so the path is
//! rebuilt by undoing moves. Memory: about `n + 48` bytes per stored state,
//! checked against [`Limits::max_memory`].

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};
use std::time::Instant;

use super::graph_pdb::GraphPdb;
use super::heuristic::{GraphManhattan, state_bytes};
use super::limits::{Limits, StopReason};
use super::stats::{SearchResult, SearchStats};
use crate::model::{Configuration, Graph};

/// Marks the start state in a parent table.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// Rebuilds a blank path backwards from `state` (the goal), given for each
/// stored state the vertex the blank came from ([`NO_PARENT`] at the start).
pub(crate) fn rebuild_path(mut state: Vec<u8>, parent: impl Fn(&[u8]) -> u32) -> Vec<usize> {
    let mut path = Vec::new();
    loop {
        let p = parent(&state);
        if p == NO_PARENT {
            break;
        }
        let blank = state.iter().position(|&t| t == 0).expect("one blank");
        path.push(blank);
        state.swap(blank, p as usize);
    }
    path.reverse();
    path
}

/// Which best-first search to run.
#[derive(Clone, Copy, Debug)]
pub enum BestFirst {
    /// h = 0: breadth-first search.
    Bfs,
    /// A* with the generalised Manhattan distance times `weight` (1.0 =
    /// optimal).
    AStar {
        /// The weight W on h.
        weight: f64,
    },
}

/// Runs a best-first search from `start` to `goal` on `graph` (one blank,
/// at most 255 tiles). Returns the blank path or why it stopped.
pub fn best_first(
    graph: &Graph,
    start: &Configuration,
    goal: &Configuration,
    mode: BestFirst,
    limits: &Limits,
) -> SearchResult {
    best_first_with(graph, start, goal, mode, None, limits)
}

/// [`best_first`] with pattern databases instead of the generalised
/// Manhattan distance when `pdb` is given.
pub fn best_first_with(
    graph: &Graph,
    start: &Configuration,
    goal: &Configuration,
    mode: BestFirst,
    pdb: Option<&GraphPdb>,
    limits: &Limits,
) -> SearchResult {
    let clock = Instant::now();
    let h = GraphManhattan::new(graph, goal);
    let goal_key = state_bytes(goal);
    let start_key = state_bytes(start);
    let weight = match mode {
        BestFirst::Bfs => 0.0,
        BestFirst::AStar { weight } => weight,
    };
    let score = |cells: &[u8], g: u32| -> u64 {
        let hv: u32 = match pdb {
            Some(p) if weight > 0.0 => p.value(cells),
            _ => h.value_bytes(cells),
        };
        // f scaled by 1024 so fractional weights order correctly; ties
        // broken toward larger g (deeper nodes first).
        let f = ((g as f64 + weight * hv as f64) * 1024.0) as u64;
        (f << 20) | (0xFFFFF - (g as u64).min(0xFFFFF))
    };
    let per_state = start_key.len() as u64 + 48;
    let mut stats = SearchStats::default();
    let mut table: HashMap<Vec<u8>, (u32, u32)> = HashMap::new();
    let mut open = BinaryHeap::new();
    table.insert(start_key.clone(), (0, NO_PARENT));
    open.push(Reverse((score(&start_key, 0), start_key)));
    let mut stopped = None;
    let mut found = None;
    while let Some(Reverse((_, state))) = open.pop() {
        let (g, _) = table[&state];
        if state == goal_key {
            found = Some(state);
            break;
        }
        stats.expanded += 1;
        stats.bound = stats.bound.max(g);
        if stats.expanded % 4096 == 0 {
            if let Some(r) = limits.check(stats.expanded) {
                stopped = Some(r);
                break;
            }
            if table.len() as u64 * per_state > limits.max_memory {
                stopped = Some(StopReason::Memory);
                break;
            }
        }
        let blank = state.iter().position(|&t| t == 0).expect("one blank");
        for &w in graph.neighbors(blank) {
            let mut next = state.clone();
            next.swap(blank, w);
            stats.generated += 1;
            let better = match table.entry(next.clone()) {
                Entry::Vacant(e) => {
                    e.insert((g + 1, blank as u32));
                    true
                }
                Entry::Occupied(mut e) => {
                    if e.get().0 > g + 1 {
                        e.insert((g + 1, blank as u32));
                        true
                    } else {
                        false
                    }
                }
            };
            if better {
                let s = score(&next, g + 1);
                open.push(Reverse((s, next)));
            }
        }
    }
    stats.seconds = clock.elapsed().as_secs_f64();
    let path = found.map(|state| rebuild_path(state, |s| table[s].1));
    if let Some(p) = &path {
        stats.bound = p.len() as u32;
    }
    SearchResult {
        optimal: path.is_some() && weight <= 1.0,
        path,
        stats,
        stopped,
    }
}
