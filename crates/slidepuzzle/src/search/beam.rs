//! Beam search: breadth-first layers that keep only the `width` best
//! configurations by heuristic value (generalised Manhattan distance).
//!
//! Not optimal and not complete in general (the beam may lose every path to
//! the goal), but fast and bounded in memory (`width` configurations per
//! layer plus the visited set), which suits mid-size puzzles such as 6x6
//! boards or graphs with a few dozen vertices where optimal search is out of
//! reach and the constructive solvers give long solutions (Lowerre 1976;
//! Zhou and Hansen 2005 on beam search for sliding-tile puzzles).

use std::collections::HashMap;
use std::time::Instant;

use super::astar::{NO_PARENT, rebuild_path};
use super::heuristic::{GraphManhattan, state_bytes};
use super::limits::{Limits, StopReason};
use super::stats::{SearchResult, SearchStats};
use crate::model::{Configuration, Graph};

/// Runs beam search with the given width; stops after `max_depth` layers.
pub fn beam_search(
    graph: &Graph,
    start: &Configuration,
    goal: &Configuration,
    width: usize,
    max_depth: usize,
    limits: &Limits,
) -> SearchResult {
    let clock = Instant::now();
    let h = GraphManhattan::new(graph, goal);
    let goal_key = state_bytes(goal);
    let start_key = state_bytes(start);
    // state -> vertex the blank came from (u32::MAX for the start).
    let mut parent: HashMap<Vec<u8>, u32> = HashMap::from([(start_key.clone(), NO_PARENT)]);
    let mut layer = vec![start_key.clone()];
    let mut stats = SearchStats::default();
    let mut found = start_key == goal_key;
    let mut stopped = None;
    let per_state = start_key.len() as u64 + 48;
    'search: for depth in 0..max_depth {
        if found {
            break;
        }
        stats.bound = depth as u32;
        let mut next: Vec<(u32, Vec<u8>)> = Vec::new();
        for state in &layer {
            stats.expanded += 1;
            let blank = state.iter().position(|&t| t == 0).expect("one blank");
            for &w in graph.neighbors(blank) {
                let mut child = state.clone();
                child.swap(blank, w);
                stats.generated += 1;
                if parent.contains_key(&child) {
                    continue;
                }
                parent.insert(child.clone(), blank as u32);
                if child == goal_key {
                    found = true;
                    break 'search;
                }
                next.push((h.value_bytes(&child), child));
            }
        }
        if let Some(r) = limits.check(stats.expanded) {
            stopped = Some(r);
            break;
        }
        if parent.len() as u64 * per_state > limits.max_memory {
            stopped = Some(StopReason::Memory);
            break;
        }
        if next.is_empty() {
            break;
        }
        next.sort_unstable_by_key(|(v, _)| *v);
        next.truncate(width);
        layer = next.into_iter().map(|(_, s)| s).collect();
    }
    stats.seconds = clock.elapsed().as_secs_f64();
    let path = found.then(|| rebuild_path(goal_key.clone(), |s| parent[s]));
    SearchResult {
        path,
        optimal: false,
        stats,
        stopped: if found {
            None
        } else {
            stopped.or(Some(StopReason::BeamExhausted))
        },
    }
}
