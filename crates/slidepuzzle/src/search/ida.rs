//! IDA* on any graph puzzle, with the generalised Manhattan distance or
//! additive pattern databases.
//!
//! Iterative-deepening A* (Korf 1985): depth-first searches bounded by
//! f = g + h, each bound the smallest f that exceeded the last. The state is
//! changed in place and h updated incrementally (a move changes only the
//! moved tile's Manhattan term, or only its group's table entry). The move
//! that would undo the previous one is never generated. Memory: O(n +
//! solution length).

use std::time::Instant;

use super::graph_pdb::GraphPdb;
use super::heuristic::GraphManhattan;
use super::limits::{Limits, StopReason};
use super::stats::{SearchResult, SearchStats};
use crate::model::{Configuration, Graph};

/// A heuristic IDA* updates move by move.
trait Incremental {
    /// The value after `tile` moved from `from` to `to` (the blank's old
    /// vertex), given the value `h` before; may update internal state.
    fn after_move(&mut self, tile: u32, from: usize, to: usize, h: u32) -> u32;
    /// Undoes [`Incremental::after_move`] (the tile is back on `from`).
    fn undo(&mut self, tile: u32, from: usize, to: usize);
}

impl Incremental for GraphManhattan {
    #[inline]
    fn after_move(&mut self, tile: u32, from: usize, to: usize, h: u32) -> u32 {
        h + self.tile_cost(tile, to) - self.tile_cost(tile, from)
    }

    #[inline]
    fn undo(&mut self, _tile: u32, _from: usize, _to: usize) {}
}

/// Pattern-database lookups kept up to date: tile positions and each
/// group's current entry (only the moved tile's group changes).
struct PdbState<'a> {
    pdb: &'a GraphPdb,
    pos: [u8; 64],
    group_h: Vec<u32>,
    saved: Vec<u32>,
}

impl Incremental for PdbState<'_> {
    #[inline]
    fn after_move(&mut self, tile: u32, _from: usize, to: usize, h: u32) -> u32 {
        self.pos[tile as usize] = to as u8;
        let g = self.pdb.group_of(tile);
        let old = self.group_h[g];
        let new = self.pdb.group_value(g, &self.pos);
        self.saved.push(old);
        self.group_h[g] = new;
        h + new - old
    }

    #[inline]
    fn undo(&mut self, tile: u32, from: usize, _to: usize) {
        self.pos[tile as usize] = from as u8;
        let g = self.pdb.group_of(tile);
        self.group_h[g] = self.saved.pop().expect("balanced");
    }
}

struct Ida<'a, H> {
    graph: &'a Graph,
    h: H,
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

impl<H: Incremental> Ida<'_, H> {
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
            let nh = self.h.after_move(t, w, blank, hv);
            self.cells.swap(blank, w);
            self.path.push(w);
            match self.dfs(w, blank, g + 1, nh, bound) {
                Step::Found => return Step::Found,
                Step::Next(b) => next_bound = next_bound.min(b),
            }
            self.path.pop();
            self.cells.swap(blank, w);
            self.h.undo(t, w, blank);
            if self.stopped.is_some() {
                return Step::Next(u32::MAX);
            }
        }
        Step::Next(next_bound)
    }
}

/// Runs IDA* from `start` to `goal` with the generalised Manhattan
/// distance. The goal must be reachable (check first), or the search only
/// ends at a limit.
pub fn ida_star(
    graph: &Graph,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> SearchResult {
    let h = GraphManhattan::new(graph, goal);
    let h0 = h.value(start.cells());
    run(graph, start, h, h0, limits)
}

/// Runs IDA* with additive pattern databases built for `goal` (graphs of
/// at most 64 vertices); every tile must be in a group, so h = 0 exactly
/// at the goal.
pub fn ida_star_pdb(
    graph: &Graph,
    start: &Configuration,
    pdb: &GraphPdb,
    limits: &Limits,
) -> SearchResult {
    let mut pos = [0u8; 64];
    for (v, &t) in start.cells().iter().enumerate() {
        pos[t as usize] = v as u8;
    }
    let group_h: Vec<u32> = (0..pdb.groups().len())
        .map(|g| pdb.group_value(g, &pos))
        .collect();
    let h0 = group_h.iter().sum();
    let state = PdbState {
        pdb,
        pos,
        group_h,
        saved: Vec::new(),
    };
    run(graph, start, state, h0, limits)
}

fn run<H: Incremental>(
    graph: &Graph,
    start: &Configuration,
    h: H,
    h0: u32,
    limits: &Limits,
) -> SearchResult {
    let clock = Instant::now();
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
        limits.report(bound, ida.stats.generated);
        match ida.dfs(blank, usize::MAX, 0, h0, bound) {
            Step::Found => break true,
            Step::Next(b) if b == u32::MAX || ida.stopped.is_some() => break false,
            Step::Next(b) => bound = b,
        }
    };
    // h reaches 0 only at the goal configuration (each tile's term, or
    // group's entry, is 0 exactly with its tiles home).
    ida.stats.seconds = clock.elapsed().as_secs_f64();
    SearchResult {
        path: found.then(|| ida.path.clone()),
        optimal: found,
        stats: ida.stats,
        stopped: ida.stopped,
    }
}
