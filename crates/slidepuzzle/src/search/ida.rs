//! IDA* on any graph puzzle with the generalised Manhattan distance.
//!
//! Iterative-deepening A* (Korf 1985): depth-first searches bounded by
//! f = g + h, each bound the smallest f that exceeded the last. The state is
//! changed in place and h updated incrementally (a move changes only the
//! moved tile's term). The move that would undo the previous one is never
//! generated. Memory: O(n + solution length).

use std::time::Instant;

use super::heuristic::GraphManhattan;
use super::limits::{Limits, StopReason};
use super::{SearchResult, SearchStats};
use crate::model::{Configuration, Graph};

struct Ida<'a> {
    graph: &'a Graph,
    h: GraphManhattan,
    cells: Vec<u32>,
    path: Vec<usize>,
    stats: SearchStats,
    limits: &'a Limits,
    stopped: Option<StopReason>,
}

enum Step {
    Found,
    Next(u32),
}

impl Ida<'_> {
    fn dfs(&mut self, blank: usize, prev: usize, g: u32, hv: u32, bound: u32) -> Step {
        let f = g + hv;
        if f > bound {
            return Step::Next(f);
        }
        if hv == 0 {
            return Step::Found;
        }
        self.stats.expanded += 1;
        if self.stats.expanded.is_multiple_of(16384)
            && let Some(r) = self.limits.check(self.stats.expanded)
        {
            self.stopped = Some(r);
            return Step::Next(u32::MAX);
        }
        let mut next_bound = u32::MAX;
        for i in 0..self.graph.neighbors(blank).len() {
            let w = self.graph.neighbors(blank)[i];
            if w == prev {
                continue;
            }
            self.stats.generated += 1;
            let t = self.cells[w];
            let nh = hv + self.h.tile_cost(t, blank) - self.h.tile_cost(t, w);
            self.cells.swap(blank, w);
            self.path.push(w);
            match self.dfs(w, blank, g + 1, nh, bound) {
                Step::Found => return Step::Found,
                Step::Next(b) => next_bound = next_bound.min(b),
            }
            self.path.pop();
            self.cells.swap(blank, w);
            if self.stopped.is_some() {
                return Step::Next(u32::MAX);
            }
        }
        Step::Next(next_bound)
    }
}

/// Runs IDA* from `start` to `goal`. The goal must be reachable (check
/// first), or the search only ends at a limit.
pub fn ida_star(
    graph: &Graph,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> SearchResult {
    let clock = Instant::now();
    let h = GraphManhattan::new(graph, goal);
    let h0 = h.value(start.cells());
    let mut ida = Ida {
        graph,
        h,
        cells: start.cells().to_vec(),
        path: Vec::new(),
        stats: SearchStats {
            generated: 1,
            ..SearchStats::default()
        },
        limits,
        stopped: None,
    };
    let mut bound = h0;
    let blank = start.blank();
    let found = loop {
        ida.stats.bound = bound;
        match ida.dfs(blank, usize::MAX, 0, h0, bound) {
            Step::Found => break true,
            Step::Next(b) if b == u32::MAX || ida.stopped.is_some() => break false,
            Step::Next(b) => bound = b,
        }
    };
    // h reaches 0 only at the goal configuration, since each tile's term is
    // 0 exactly on its goal vertex.
    ida.stats.seconds = clock.elapsed().as_secs_f64();
    SearchResult {
        path: found.then(|| ida.path.clone()),
        optimal: found,
        stats: ida.stats,
        stopped: ida.stopped,
    }
}
