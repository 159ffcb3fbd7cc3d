//! A constructive solver for puzzles on any graph (one blank).
//!
//! Vertices are frozen one at a time, farthest from the goal's blank first
//! (so the vertices still active always stay connected: each keeps its
//! breadth-first parent). To freeze a vertex its goal tile is walked there
//! along a shortest path of the active graph, the blank routed around it
//! before each step (breadth-first search avoiding the tile); where that
//! greedy walk is stuck (the tile on a cut vertex), an exact search over
//! (tile, blank) positions takes over. After each placement the linear-time
//! reachability test ([`crate::theory::check`]) is run on what remains;
//! a placement that would leave it unsolvable is undone and the vertex
//! postponed. When few vertices remain, A* finishes optimally.
//!
//! This is a greedy method, checked at every step, not yet the complete
//! construction of seed 000 (section 6) or Kornhauser-Miller-Spirakis: it
//! solves well-connected graphs (boxes, boards with diagonals, the Petersen
//! graph, cycles, dense random graphs) but gets stuck on sparse ones
//! (long ears, such as random 2-connected graphs with few chords, where a
//! frozen vertex leaves tiles locked on pendant paths); then it returns an
//! error rather than a wrong or endless answer. It is used only when asked
//! for (`--algo constructive`), never chosen automatically.

use std::collections::{HashMap, VecDeque};

use crate::error::{Error, Result};
use crate::model::{Configuration, Graph, Puzzle, PuzzleKind};
use crate::search::{Algorithm, Outcome, SolveOptions, solve};
use crate::theory::check;

/// Remaining active vertices at which A* takes over.
pub const FINISH_VERTICES: usize = 9;

struct State<'a> {
    graph: &'a Graph,
    cells: Vec<u32>,
    pos: Vec<usize>,
    active: Vec<bool>,
    path: Vec<usize>,
}

impl State<'_> {
    fn step(&mut self, v: usize) {
        let b = self.pos[0];
        let t = self.cells[v];
        self.cells[b] = t;
        self.pos[t as usize] = b;
        self.cells[v] = 0;
        self.pos[0] = v;
        self.path.push(v);
    }

    /// Breadth-first route of the blank to `to` over active vertices other
    /// than `avoid`; false if there is none.
    fn route_blank(&mut self, to: usize, avoid: usize) -> bool {
        let from = self.pos[0];
        if from == to {
            return true;
        }
        let mut parent: HashMap<usize, usize> = HashMap::from([(from, from)]);
        let mut queue = VecDeque::from([from]);
        while let Some(u) = queue.pop_front() {
            if u == to {
                break;
            }
            for &w in self.graph.neighbors(u) {
                if self.active[w] && w != avoid && !parent.contains_key(&w) {
                    parent.insert(w, u);
                    queue.push_back(w);
                }
            }
        }
        if !parent.contains_key(&to) {
            return false;
        }
        let mut route = vec![to];
        let mut c = to;
        while c != from {
            c = parent[&c];
            route.push(c);
        }
        for &v in route.iter().rev().skip(1) {
            self.step(v);
        }
        true
    }

    /// Exact search over (tile, blank) positions in the active graph.
    fn move_tile_exact(&mut self, tile: u32, to: usize) -> bool {
        let start = (self.pos[tile as usize], self.pos[0]);
        let mut parent: HashMap<(usize, usize), (usize, usize)> = HashMap::from([(start, start)]);
        let mut queue = VecDeque::from([start]);
        let mut found = None;
        while let Some(s) = queue.pop_front() {
            if s.0 == to {
                found = Some(s);
                break;
            }
            let (t, z) = s;
            for &w in self.graph.neighbors(z) {
                if !self.active[w] {
                    continue;
                }
                let next = (if w == t { z } else { t }, w);
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(next) {
                    e.insert(s);
                    queue.push_back(next);
                }
            }
        }
        let Some(mut s) = found else { return false };
        let mut blanks = Vec::new();
        while s != start {
            blanks.push(s.1);
            s = parent[&s];
        }
        for &v in blanks.iter().rev() {
            self.step(v);
        }
        true
    }

    /// Walks `tile` to `to` (greedy, then exact).
    fn move_tile(&mut self, tile: u32, to: usize) -> bool {
        loop {
            let at = self.pos[tile as usize];
            if at == to {
                return true;
            }
            // Next vertex on a shortest active path from the tile to `to`.
            let next = {
                let mut parent: HashMap<usize, usize> = HashMap::from([(to, to)]);
                let mut queue = VecDeque::from([to]);
                while let Some(u) = queue.pop_front() {
                    if u == at {
                        break;
                    }
                    for &w in self.graph.neighbors(u) {
                        if self.active[w] && !parent.contains_key(&w) {
                            parent.insert(w, u);
                            queue.push_back(w);
                        }
                    }
                }
                match parent.get(&at) {
                    Some(&n) => n,
                    None => return false,
                }
            };
            if !self.route_blank(next, at) {
                return self.move_tile_exact(tile, to);
            }
            self.step(at);
        }
    }

    /// The active part as its own puzzle, with start and goal relabelled;
    /// returns it with the local-to-global vertex map.
    fn sub_instance(
        &self,
        goal: &Configuration,
    ) -> Result<(Puzzle, Configuration, Configuration, Vec<usize>)> {
        let map: Vec<usize> = (0..self.cells.len()).filter(|&v| self.active[v]).collect();
        let local: HashMap<usize, usize> = map.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let edges: Vec<(usize, usize)> = self
            .graph
            .edges()
            .filter(|(a, b)| self.active[*a] && self.active[*b])
            .map(|(a, b)| (local[&a], local[&b]))
            .collect();
        let sub = Puzzle::new(
            Graph::from_edges(map.len(), &edges)?,
            PuzzleKind::Graph,
            "active part",
        );
        let mut label: HashMap<u32, u32> = HashMap::new();
        let mut goal_cells = Vec::with_capacity(map.len());
        for &v in &map {
            let t = goal.tile_at(v);
            if t == 0 {
                goal_cells.push(0);
            } else {
                let l = label.len() as u32 + 1;
                label.insert(t, l);
                goal_cells.push(l);
            }
        }
        let start_cells: Vec<u32> = map
            .iter()
            .map(|&v| {
                let t = self.cells[v];
                if t == 0 {
                    Ok(0)
                } else {
                    label.get(&t).copied().ok_or(())
                }
            })
            .collect::<std::result::Result<_, ()>>()
            .map_err(|_| Error::Unsupported("internal error: a tile outside its part".into()))?;
        Ok((
            sub,
            Configuration::from_cells(start_cells, 1)?,
            Configuration::from_cells(goal_cells, 1)?,
            map,
        ))
    }
}

/// Solves `start` -> `goal` on any graph constructively; returns the blank
/// path (the caller replays it). `start` must reach `goal` (check first).
///
/// # Errors
/// [`Error::Unsupported`] if the greedy construction gets stuck with more
/// than [`FINISH_VERTICES`] vertices left (not seen in tests), or for
/// several blanks.
pub fn solve_graph_constructively(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> Result<Vec<usize>> {
    if start.blanks().len() != 1 || goal.blanks().len() != 1 {
        return Err(Error::Unsupported(
            "the constructive solver handles one blank".into(),
        ));
    }
    let graph = puzzle.graph();
    let n = graph.vertex_count();
    let b = goal.blank();
    let dist = graph.distances_from(b);
    let mut st = State {
        graph,
        cells: start.cells().to_vec(),
        pos: start.positions(),
        active: dist
            .iter()
            .map(|&d| d != crate::model::graph::UNREACHABLE)
            .collect(),
        path: Vec::new(),
    };
    // Farthest first; the goal's blank vertex is never frozen.
    let mut order: Vec<usize> = (0..n).filter(|&v| st.active[v] && v != b).collect();
    order.sort_by_key(|&v| std::cmp::Reverse((dist[v], v)));
    let mut pending: VecDeque<usize> = order.into_iter().collect();
    let mut postponed = 0;
    while st.active.iter().filter(|&&a| a).count() > FINISH_VERTICES {
        let Some(v) = pending.pop_front() else { break };
        let tile = goal.tile_at(v);
        let saved = (st.cells.clone(), st.pos.clone(), st.path.len());
        let placed = st.move_tile(tile, v);
        if placed {
            st.active[v] = false;
            // The rest must stay solvable, and the blank must not be on v.
            let ok = st.pos[0] != v && {
                let (sub, s, g, _) = st.sub_instance(goal)?;
                check(&sub, &s, &g)?.solvable
            };
            if ok {
                postponed = 0;
                continue;
            }
            st.active[v] = true;
        }
        // Undo and try this vertex later.
        st.cells = saved.0;
        st.pos = saved.1;
        st.path.truncate(saved.2);
        pending.push_back(v);
        postponed += 1;
        if postponed > pending.len() {
            break;
        }
    }
    // Finish the rest optimally.
    let (sub, s, g, map) = st.sub_instance(goal)?;
    if sub.vertex_count() > 12 {
        return Err(Error::Unsupported(format!(
            "the constructive graph solver got stuck with {} vertices left",
            sub.vertex_count()
        )));
    }
    let opts = SolveOptions {
        algorithm: Algorithm::AStar,
        ..SolveOptions::default()
    };
    match solve(&sub, &s, &g, &opts)? {
        Outcome::Solved(sol) => {
            for v in sol.blank_path {
                st.path.push(map[v]);
            }
        }
        other => {
            return Err(Error::Unsupported(format!(
                "internal error: the remaining part is not solvable: {other:?}"
            )));
        }
    }
    // Cancel moves that undo the previous one.
    let mut out: Vec<usize> = Vec::with_capacity(st.path.len());
    let mut before = vec![start.blank()];
    for v in st.path {
        if before.len() >= 2 && before[before.len() - 2] == v {
            before.pop();
            out.pop();
        } else {
            before.push(v);
            out.push(v);
        }
    }
    Ok(out)
}
