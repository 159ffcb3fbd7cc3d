//! The state the graph constructions work on: tiles on vertices, the blank
//! path recorded so far, and the vertices the blank may use.
//!
//! Conventions: `cells[v]` is the tile on vertex `v` (0 for the blank),
//! `pos[t]` the vertex of tile `t` (`pos[0]` the blank), and `path` the
//! vertices the blank has visited, in order, without its start (the
//! solution format of [`crate::search`]).

use std::cell::RefCell;
use std::collections::VecDeque;

use crate::model::Graph;

/// Exact (tile, blank) searches are skipped above this many allowed
/// vertices (their state space is the square of it).
pub const EXACT_ROUTE_MAX_VERTICES: usize = 2_000;

/// Sentinel for "no vertex".
pub const NONE: usize = usize::MAX;

/// Tiles on a graph with one blank, and the moves made so far.
pub struct Walker<'a> {
    /// The puzzle graph.
    pub graph: &'a Graph,
    /// `cells[v]`: tile on vertex `v`, 0 for the blank.
    pub cells: Vec<u32>,
    /// `pos[t]`: vertex of tile `t`; `pos[0]` is the blank's vertex.
    pub pos: Vec<usize>,
    /// Vertices the blank has visited so far (each entry is one move).
    pub path: Vec<usize>,
    /// Vertices the blank and the tiles may use.
    pub allowed: Vec<bool>,
    /// The exact fallback of [`Walker::move_tile`] runs only when at most
    /// this many vertices are allowed (default [`EXACT_ROUTE_MAX_VERTICES`];
    /// 0 turns it off).
    pub exact_limit: usize,
    /// Deadline and cancellation, checked by the constructions between
    /// blocks and tiles (unbounded by default).
    pub limits: crate::search::Limits,
    /// The breadth-first searches' buffers, kept between searches.
    scratch: RefCell<RouteScratch>,
}

/// Buffers for [`Walker::shortest_route`], allocated once: a vertex is
/// seen in the current search when its stamp is the current epoch, so a
/// search costs what it explores, not the size of the graph (a tile
/// walked across a 9,000-vertex graph asks for one search per step).
#[derive(Default)]
struct RouteScratch {
    parent: Vec<usize>,
    stamp: Vec<u32>,
    epoch: u32,
    queue: VecDeque<usize>,
}

impl RouteScratch {
    /// Starts a search over `n` vertices: nothing seen.
    fn start(&mut self, n: usize) {
        if self.stamp.len() != n || self.epoch == u32::MAX {
            self.parent = vec![NONE; n];
            self.stamp = vec![0; n];
            self.epoch = 0;
        }
        self.epoch += 1;
        self.queue.clear();
    }

    /// Marks `v` seen with `parent`; false if it was seen already.
    fn see(&mut self, v: usize, parent: usize) -> bool {
        if self.stamp[v] == self.epoch {
            return false;
        }
        self.stamp[v] = self.epoch;
        self.parent[v] = parent;
        true
    }
}

impl<'a> Walker<'a> {
    /// A walker for `cells` (one blank) with every vertex allowed.
    pub(crate) fn new(graph: &'a Graph, cells: &[u32]) -> Self {
        let mut pos = vec![0; cells.len()];
        for (v, &t) in cells.iter().enumerate() {
            pos[t as usize] = v;
        }
        Walker {
            graph,
            cells: cells.to_vec(),
            pos,
            path: Vec::new(),
            allowed: vec![true; cells.len()],
            exact_limit: EXACT_ROUTE_MAX_VERTICES,
            limits: crate::search::Limits::default(),
            scratch: RefCell::new(RouteScratch::default()),
        }
    }

    /// The blank's vertex.
    pub(crate) fn blank(&self) -> usize {
        self.pos[0]
    }

    /// One move: the blank goes to its neighbour `v`.
    pub(crate) fn step(&mut self, v: usize) {
        let b = self.pos[0];
        debug_assert!(self.graph.has_edge(b, v), "{b} -> {v} is not an edge");
        let t = self.cells[v];
        self.cells[b] = t;
        self.pos[t as usize] = b;
        self.cells[v] = 0;
        self.pos[0] = v;
        self.path.push(v);
    }

    /// Walks the blank along `walk`, a vertex sequence starting at the
    /// blank's vertex.
    pub(crate) fn walk(&mut self, walk: &[usize]) {
        debug_assert_eq!(walk.first(), Some(&self.pos[0]));
        for &v in &walk[1..] {
            self.step(v);
        }
    }

    /// The blank's walk since `path` had `mark` entries, as a vertex
    /// sequence starting where the blank was then.
    pub(crate) fn walk_since(&self, mark: usize, from: usize) -> Vec<usize> {
        let mut w = Vec::with_capacity(self.path.len() - mark + 1);
        w.push(from);
        w.extend_from_slice(&self.path[mark..]);
        w
    }

    /// Undoes the moves made since `path` had `mark` entries, when the
    /// blank was on `blank_then`, by walking the blank back.
    pub(crate) fn undo_to(&mut self, mark: usize, blank_then: usize) {
        let back = self.walk_since(mark, blank_then);
        for &v in back.iter().rev().skip(1) {
            self.step(v);
        }
        self.path.truncate(mark);
    }

    /// A shortest path of allowed vertices from `from` to `to` that avoids
    /// `avoid` (use [`NONE`] to avoid nothing), as a vertex sequence from
    /// `from` to `to`; `None` if there is none. Breadth-first, stopping at
    /// `to`: O(V + E) at most, O(what it explores) in time (the buffers
    /// are kept between calls).
    pub(crate) fn shortest_route(
        &self,
        from: usize,
        to: usize,
        avoid: usize,
    ) -> Option<Vec<usize>> {
        if from == to {
            return Some(vec![from]);
        }
        let mut scratch = self.scratch.borrow_mut();
        let s = &mut *scratch;
        s.start(self.graph.vertex_count());
        s.see(from, from);
        s.queue.push_back(from);
        while let Some(u) = s.queue.pop_front() {
            for &w in self.graph.neighbors(u) {
                if self.allowed[w] && w != avoid && s.see(w, u) {
                    if w == to {
                        let mut route = vec![to];
                        let mut c = to;
                        while c != from {
                            c = s.parent[c];
                            route.push(c);
                        }
                        route.reverse();
                        return Some(route);
                    }
                    s.queue.push_back(w);
                }
            }
        }
        None
    }

    /// Routes the blank to `to` over allowed vertices other than `avoid`;
    /// false (and no move) if there is no such route.
    pub(crate) fn route_blank(&mut self, to: usize, avoid: usize) -> bool {
        match self.shortest_route(self.blank(), to, avoid) {
            Some(route) => {
                self.walk(&route);
                true
            }
            None => false,
        }
    }

    /// Walks `tile` to `to` over allowed vertices: along a shortest path,
    /// the blank routed around the tile before each step; where that is
    /// stuck, an exact breadth-first search over (tile, blank) positions.
    /// False if neither finds a way (moves made so far are kept).
    pub(crate) fn move_tile(&mut self, tile: u32, to: usize) -> bool {
        // One route for the whole walk: what is allowed does not change
        // while the tile moves, so the rest of a shortest route stays
        // shortest after each step along it.
        let Some(route) = self.shortest_route(self.pos[tile as usize], to, NONE) else {
            return false;
        };
        for &next in &route[1..] {
            let at = self.pos[tile as usize];
            if !self.route_blank(next, at) {
                return self.move_tile_exact(tile, to);
            }
            self.step(at);
        }
        true
    }

    /// Exact search over (tile, blank) positions in the allowed vertices;
    /// false if `tile` cannot reach `to` (or the allowed part is larger
    /// than [`EXACT_ROUTE_MAX_VERTICES`]).
    pub(crate) fn move_tile_exact(&mut self, tile: u32, to: usize) -> bool {
        let local: Vec<usize> = (0..self.graph.vertex_count())
            .filter(|&v| self.allowed[v])
            .collect();
        let m = local.len();
        if m > self.exact_limit {
            return false;
        }
        let mut index = vec![NONE; self.graph.vertex_count()];
        for (i, &v) in local.iter().enumerate() {
            index[v] = i;
        }
        let (t0, z0) = (index[self.pos[tile as usize]], index[self.pos[0]]);
        if t0 == NONE || z0 == NONE {
            return false;
        }
        let start = t0 * m + z0;
        let mut parent = vec![u32::MAX; m * m];
        parent[start] = start as u32;
        let mut queue = VecDeque::from([start]);
        let mut found = None;
        while let Some(s) = queue.pop_front() {
            let (t, z) = (s / m, s % m);
            if local[t] == to {
                found = Some(s);
                break;
            }
            for &w in self.graph.neighbors(local[z]) {
                let wi = index[w];
                if wi == NONE {
                    continue;
                }
                let next = if wi == t { z * m + wi } else { t * m + wi };
                if parent[next] == u32::MAX {
                    parent[next] = s as u32;
                    queue.push_back(next);
                }
            }
        }
        let Some(mut s) = found else { return false };
        let mut blanks = Vec::new();
        while s != start {
            blanks.push(local[s % m]);
            s = parent[s] as usize;
        }
        for &v in blanks.iter().rev() {
            self.step(v);
        }
        true
    }
}
