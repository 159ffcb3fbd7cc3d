//! The constructive solver for several blanks on any connected graph:
//! sorting by conjugated exchanges (docs/THEORY.md section 4.5).
//!
//! With k >= 2 blanks, three vertices around a *junction* x (a vertex of
//! degree 3 or more, with neighbours y1, y2, y3) exchange two tiles: with
//! x and y3 blank, the tiles A on y1 and B on y2 swap in six moves
//! (A: y1 -> x -> y3, B: y2 -> x -> y1, A: y3 -> x -> y2), and the blanks
//! end where they were. A sequence rho of moves that carries the tile on
//! vertex a to y1 and leaves x and y3 blank turns that into the exchange
//! of positions a and c (c being the vertex whose tile rho carried to y2):
//! rho, the six moves, then rho backwards (each move undone, last first)
//! is the transposition (a c) of whatever tiles stand there, with every
//! other tile and every blank back in place. That is the conjugation by
//! which Kornhauser, Miller and Spirakis (FOCS 1984) show that the group
//! of a graph with several blanks is a product of symmetric groups.
//!
//! The solver:
//! 1. carries the blanks of the start onto the goal's blank set B
//!    (unlabelled motion: `arrange`, leaves of a spanning tree first);
//! 2. finds, for every tile of an orbit (marked-tile class at B) with a
//!    tile away from home, a route rho_a to its nearest junction state: a
//!    search over the *marked-tile states* of a's tile (its vertex and the
//!    number of blanks in each piece of G minus that vertex: docs/THEORY.md
//!    section 4.3) to a state next to a junction with two blanks and a tile
//!    on the junction's side. A route is realised by `walk`: each step
//!    takes the natural move (the nearest blank ahead slides up) when the
//!    goal stays in reach, re-planning from there, else the planned one
//!    (the unlabelled tokens of the piece entered rearranged to the planned
//!    counts). The partner the route brings gives an exchange (a c_a);
//!    where these leave an orbit in several parts, *chosen* partners join
//!    them: after rho_a, with a's tile held on y1, the tile from h is walked
//!    to a neighbour y2 of the junction (`chosen_partner`), giving (a h);
//! 3. places the tiles leaf by leaf of a spanning forest of those pairs:
//!    the tile due on a leaf by one chosen exchange straight from where it
//!    is when that can be built, else along the forest path.
//!
//! Steps 2 and 3 succeed when every tile's goal vertex is joined to its
//! vertex by the exchange pairs. On a feasible instance that is what the
//! routes find: on every connected graph up to 7 vertices (cycles aside),
//! every k >= 2, 30 reachable configurations each (119,929 instances),
//! and on random graphs of 8 to 60 vertices of the kinds that strand tiles
//! (`tests/exchange_sort.rs`), every one was solved. Where they are not
//! (or a route is not found within [`ROUTE_STATES`]) the solver refuses
//! with [`Error::Unsupported`]; it never returns a wrong solution, and the
//! solver replays every solution.
//!
//! Cost: a route visits at most [`ROUTE_STATES`] states; realising one
//! step rearranges one piece, O(V + E) per token moved. The solution has
//! at most one direct exchange per tile (plus forest paths where none is
//! built), each 2 |route| + 6 moves: polynomial, far from optimal (about
//! 2x the optimum on 9- and 10-vertex trees; 1.3 M moves for a
//! 1,000-vertex tree with 10 blanks: docs/BENCHMARKS.md), shortened at the
//! end by cancelling moves that undo each other. The pieces of G minus a
//! vertex are kept for every vertex the routes visit (4 bytes per vertex
//! each; 4 n^2 bytes checked against the memory budget first), and, with
//! one vertex held, within a quarter of the budget.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Graph, Puzzle};
use crate::search::Limits;
use crate::theory::tile_classes::TileClasses;

/// Most marked-tile states one route search visits.
pub const ROUTE_STATES: usize = 200_000;

/// Most states a search visits to check that a natural move keeps the goal
/// in reach (`walk`); beyond, the planned move is taken.
const REPLAN_STATES: usize = 2_000;

/// How many partners of another component each vertex tries per round.
const PARTNERS: usize = 4;

/// How many junction states along longer routes are tried, at most.
const LATER_ROUTES: usize = 16;

/// No piece (the vertex removed).
const NONE: u32 = u32::MAX;

/// The components ("pieces") of G minus one vertex x: `piece[v]` for
/// every vertex v != x (`NONE` at x), and each piece's size.
struct Pieces {
    piece: Vec<u32>,
    sizes: Vec<u32>,
}

/// The pieces of G - x for each vertex, computed on first use; with a
/// frozen vertex f, the pieces of G - f - x inside x's component.
struct PieceCache<'g> {
    graph: &'g Graph,
    frozen: usize,
    cache: Vec<Option<Pieces>>,
    /// How many vertices' pieces are kept.
    kept: usize,
}

impl<'g> PieceCache<'g> {
    fn new(graph: &'g Graph, frozen: Option<usize>) -> Self {
        let n = graph.vertex_count();
        Self {
            graph,
            frozen: frozen.unwrap_or(usize::MAX),
            cache: (0..n).map(|_| None).collect(),
            kept: 0,
        }
    }

    fn get(&mut self, x: usize) -> &Pieces {
        let (graph, frozen) = (self.graph, self.frozen);
        if self.cache[x].is_none() {
            self.kept += 1;
        }
        self.cache[x].get_or_insert_with(|| {
            let n = graph.vertex_count();
            let mut piece = vec![NONE; n];
            let mut sizes = Vec::new();
            let mut queue = VecDeque::new();
            for &s in graph.neighbors(x) {
                if piece[s] != NONE || s == frozen {
                    continue;
                }
                let id = sizes.len() as u32;
                piece[s] = id;
                let mut size = 1u32;
                queue.push_back(s);
                while let Some(v) = queue.pop_front() {
                    for &w in graph.neighbors(v) {
                        if w != x && w != frozen && piece[w] == NONE {
                            piece[w] = id;
                            size += 1;
                            queue.push_back(w);
                        }
                    }
                }
                sizes.push(size);
            }
            Pieces { piece, sizes }
        })
    }
}

/// The pieces with one vertex frozen (a tile held on it), one cache per
/// frozen vertex, all dropped when they would pass a byte budget.
struct FrozenPieces<'g> {
    graph: &'g Graph,
    caches: FxHashMap<usize, PieceCache<'g>>,
    budget: u64,
}

impl<'g> FrozenPieces<'g> {
    fn new(graph: &'g Graph, budget: u64) -> Self {
        Self {
            graph,
            caches: FxHashMap::default(),
            budget,
        }
    }

    fn with_frozen(&mut self, frozen: usize) -> &mut PieceCache<'g> {
        let n = self.graph.vertex_count() as u64;
        let kept: u64 = self.caches.values().map(|c| c.kept as u64 + 1).sum();
        if kept * 4 * n > self.budget {
            self.caches.clear();
        }
        let graph = self.graph;
        self.caches
            .entry(frozen)
            .or_insert_with(|| PieceCache::new(graph, Some(frozen)))
    }
}

/// Solves `start` -> `goal` (k >= 2 blanks on both sides, a connected
/// graph) by conjugated exchanges (module docs); the steps are the tile's
/// `(from, to)` vertices. Not optimal.
///
/// # Errors
/// [`Error::Configuration`] if the sides differ in size or blanks;
/// [`Error::Unsupported`] on a disconnected graph, with fewer than two
/// blanks, or when the transpositions found do not join some tile to its
/// goal (an instance that is infeasible, or beyond the route search);
/// [`Error::Limit`] when the pieces kept would exceed `limits.max_memory`;
/// [`Error::Stopped`] when a limit stops it.
///
/// ```
/// use slidepuzzle::construct::exchange::solve_by_exchanges;
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::moves::replay_steps;
/// use slidepuzzle::search::Limits;
/// // A star: centre 0, leaves 1..4; two blanks. Tiles pass each other only
/// // through the centre.
/// let p = Puzzle::parse("edges:0-1,0-2,0-3,0-4").unwrap();
/// let goal = Configuration::from_cells(vec![0, 1, 2, 3, 0], 2).unwrap();
/// let start = Configuration::from_cells(vec![0, 3, 1, 2, 0], 2).unwrap();
/// let steps = solve_by_exchanges(&p, &start, &goal, &Limits::default()).unwrap();
/// assert_eq!(replay_steps(&p, &start, &steps).unwrap(), goal);
/// ```
pub fn solve_by_exchanges(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let graph = puzzle.graph();
    let n = graph.vertex_count();
    let k = start.blanks().len();
    if start.len() != n || goal.len() != n || goal.blanks().len() != k {
        return Err(Error::config(
            "start and goal need one cell per vertex and the same number of blanks",
        ));
    }
    if k < 2 {
        return Err(Error::Unsupported(
            "sorting by exchanges needs at least two blanks".into(),
        ));
    }
    if graph.components().1 > 1 {
        return Err(Error::Unsupported(
            "sorting by exchanges works on connected graphs".into(),
        ));
    }
    let needed = 4 * (n as u64) * (n as u64);
    if needed > limits.max_memory {
        return Err(Error::Limit {
            resource: Resource::Memory,
            needed,
            budget: limits.max_memory,
        });
    }
    let mut cells = start.cells().to_vec();
    let mut steps = Vec::new();
    // 1. The blanks onto the goal's blank set.
    let all: Vec<usize> = (0..n).collect();
    let target: Vec<bool> = goal.cells().iter().map(|&t| t == 0).collect();
    arrange(graph, &mut cells, &all, &target, &mut steps);
    if goal.cells() == cells.as_slice() {
        return Ok(steps);
    }
    // 2. Routes and their transpositions: first each tile's nearest
    // junction with whatever partner comes, then chosen partners of the
    // same orbit (the marked-tile classes) until every orbit is joined.
    let mut pieces = PieceCache::new(graph, None);
    let blanks: Vec<bool> = cells.iter().map(|&t| t == 0).collect();
    let mut exchanges = Exchanges::new(n);
    let mut frozen = FrozenPieces::new(graph, limits.max_memory / 4);
    let classes = TileClasses::new(graph, k)
        .and_then(|mut c| c.classes_of_cells(&cells))
        .unwrap_or_else(|_| vec![0; n]);
    // The orbits (classes) with a tile away from home; the others need no
    // exchange.
    let mut members: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
    for a in (0..n).filter(|&a| !blanks[a]) {
        members.entry(classes[a]).or_default().push(a);
    }
    members.retain(|_, m| m.iter().any(|&a| cells[a] != goal.cells()[a]));
    let mut routes: Vec<Option<Route>> = (0..n).map(|_| None).collect();
    for &a in members.values().flatten() {
        super::check_limits(limits)?;
        routes[a] = route_to_junction(graph, &mut pieces, &blanks, a, 0);
    }
    // Each tile's nearest junction, with whatever partner its route brings
    // there; then chosen partners from other components of the same orbit
    // until every orbit is joined.
    for &a in members.values().flatten() {
        if let Some(route) = &routes[a] {
            super::check_limits(limits)?;
            exchanges.add(a, free_partner(graph, &mut pieces, route, a, 0));
        }
    }
    if !exchanges.joins(&cells, goal.cells()) {
        let mut progress = true;
        while progress && !exchanges.joins(&cells, goal.cells()) {
            progress = false;
            for a in (0..n).filter(|&a| routes[a].is_some()) {
                super::check_limits(limits)?;
                let route = routes[a].as_ref().expect("filtered");
                let distance = graph.distances_from(route.y1);
                let mut others: Vec<usize> = members[&classes[a]]
                    .iter()
                    .copied()
                    .filter(|&h| exchanges.root(h) != exchanges.root(a))
                    .collect();
                // Nearest first (by where the route left their tiles).
                let at = |h: usize| route.cells.iter().position(|&t| t as usize == h + 1);
                others.sort_by_key(|&h| at(h).map_or(u32::MAX, |v| distance[v]));
                for &h in others.iter().take(PARTNERS) {
                    if let Some(t) = chosen_partner(graph, &mut frozen, route, a, h) {
                        exchanges.add(a, t);
                        progress = true;
                        break;
                    }
                }
            }
        }
        // Last, longer routes to later junction states, every site there
        // (small graphs with two blanks, where holding a tile on y1 leaves
        // too little room: the partner changes as the tiles go round).
        for nth in 1..LATER_ROUTES {
            if exchanges.joins(&cells, goal.cells()) {
                break;
            }
            for a in (0..n).filter(|&a| routes[a].is_some()) {
                super::check_limits(limits)?;
                if let Some(route) = route_to_junction(graph, &mut pieces, &blanks, a, nth) {
                    for site in 0..route.sites.len() {
                        exchanges.add(a, free_partner(graph, &mut pieces, &route, a, site));
                    }
                }
            }
        }
    }
    if let Some((tile, from, to)) = exchanges.first_unjoined(&cells, goal.cells()) {
        return Err(Error::Unsupported(format!(
            "sorting by exchanges found no way to carry tile {tile} from vertex {from} to vertex {to} (the instance is infeasible or beyond the route search)"
        )));
    }
    // 3. Token swapping along a spanning forest of the transpositions.
    let direct = |leaf: usize, p: usize| {
        let mut from = |a: usize, h: usize| {
            let route = routes[a].as_ref()?;
            chosen_partner(graph, &mut frozen, route, a, h)
        };
        from(leaf, p).or_else(|| from(p, leaf))
    };
    exchanges.sort(&mut cells, goal.cells(), direct, &mut steps, limits)?;
    debug_assert_eq!(cells.as_slice(), goal.cells());
    Ok(cancel_inverse_pairs(steps))
}

/// A transposition (a c) of positions, realised with the blanks on the
/// goal's blank set: `steps` (the route, the six-move exchange, the route
/// backwards).
struct Transposition {
    a: usize,
    c: usize,
    steps: Vec<(usize, usize)>,
}

/// The transpositions found, as a graph on positions.
struct Exchanges {
    list: Vec<Transposition>,
    /// `adjacent[v]`: (other end, index into `list`).
    adjacent: Vec<Vec<(usize, usize)>>,
    links: Vec<usize>,
}

impl Exchanges {
    fn new(n: usize) -> Self {
        Self {
            list: Vec::new(),
            adjacent: vec![Vec::new(); n],
            links: (0..n).collect(),
        }
    }

    fn root(&mut self, mut v: usize) -> usize {
        while self.links[v] != v {
            self.links[v] = self.links[self.links[v]];
            v = self.links[v];
        }
        v
    }

    fn add(&mut self, a: usize, t: Transposition) {
        let (ra, rc) = (self.root(a), self.root(t.c));
        if ra == rc {
            // Already joined: a forest needs no second path.
            return;
        }
        self.links[ra] = rc;
        let i = self.list.len();
        self.adjacent[t.a].push((t.c, i));
        self.adjacent[t.c].push((t.a, i));
        self.list.push(t);
    }

    /// The first tile whose vertex and goal vertex are not joined.
    fn first_unjoined(&mut self, cells: &[u32], goal: &[u32]) -> Option<(u32, usize, usize)> {
        let mut goal_of = vec![usize::MAX; cells.len() + 1];
        for (v, &t) in goal.iter().enumerate() {
            if t != 0 {
                goal_of[t as usize] = v;
            }
        }
        for (v, &t) in cells.iter().enumerate() {
            if t != 0 {
                let g = goal_of[t as usize];
                if g != v && self.root(v) != self.root(g) {
                    return Some((t, v, g));
                }
            }
        }
        None
    }

    fn joins(&mut self, cells: &[u32], goal: &[u32]) -> bool {
        self.first_unjoined(cells, goal).is_none()
    }

    /// The vertex in the middle of a longest path of `r`'s tree: the root
    /// of least height.
    fn centre(&self, r: usize) -> usize {
        let farthest = |from: usize| {
            let mut parent = FxHashMap::from_iter([(from, from)]);
            let mut queue = VecDeque::from([from]);
            let mut last = from;
            while let Some(v) = queue.pop_front() {
                last = v;
                for &(w, _) in &self.adjacent[v] {
                    if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(w) {
                        e.insert(v);
                        queue.push_back(w);
                    }
                }
            }
            (last, parent)
        };
        let (end, _) = farthest(r);
        let (other, parent) = farthest(end);
        let mut path = vec![other];
        while *path.last().expect("non-empty") != end {
            path.push(parent[path.last().expect("non-empty")]);
        }
        path[path.len() / 2]
    }

    /// Token swapping on the spanning forest, each tree rooted at its
    /// centre: vertices leave in reverse breadth-first order (each then a leaf of what remains), each after
    /// its goal tile has been carried to it along the forest path.
    fn sort(
        &self,
        cells: &mut [u32],
        goal: &[u32],
        mut direct: impl FnMut(usize, usize) -> Option<Transposition>,
        steps: &mut Vec<(usize, usize)>,
        limits: &Limits,
    ) -> Result<()> {
        let n = cells.len();
        let mut position = vec![usize::MAX; n + 1];
        for (v, &t) in cells.iter().enumerate() {
            position[t as usize] = v;
        }
        let mut parent = vec![(usize::MAX, usize::MAX); n];
        let mut depth = vec![0u32; n];
        let mut seen = vec![false; n];
        let mut order = Vec::new();
        for r in 0..n {
            if seen[r] || self.adjacent[r].is_empty() {
                continue;
            }
            let r = self.centre(r);
            seen[r] = true;
            let first = order.len();
            order.push(r);
            let mut i = first;
            while i < order.len() {
                let v = order[i];
                i += 1;
                for &(w, e) in &self.adjacent[v] {
                    if !seen[w] {
                        seen[w] = true;
                        parent[w] = (v, e);
                        depth[w] = depth[v] + 1;
                        order.push(w);
                    }
                }
            }
        }
        for &leaf in order.iter().rev() {
            let tile = goal[leaf];
            let mut p = position[tile as usize];
            if p == leaf {
                continue;
            }
            super::check_limits(limits)?;
            // One exchange straight to the leaf when it can be built
            // (shorter than many along the forest).
            if let Some(t) = direct(leaf, p) {
                steps.extend_from_slice(&t.steps);
                let other = cells[leaf];
                cells.swap(p, leaf);
                position[tile as usize] = leaf;
                position[other as usize] = p;
                continue;
            }
            // The forest path p -> leaf: up from both ends to their meeting.
            let (mut up, mut down) = (Vec::new(), Vec::new());
            let (mut u, mut w) = (p, leaf);
            while u != w {
                if depth[u] >= depth[w] {
                    up.push(parent[u].1);
                    u = parent[u].0;
                } else {
                    down.push(parent[w].1);
                    w = parent[w].0;
                }
            }
            for e in up.into_iter().chain(down.into_iter().rev()) {
                let t = &self.list[e];
                let next = if t.a == p { t.c } else { t.a };
                steps.extend_from_slice(&t.steps);
                let other = cells[next];
                cells.swap(p, next);
                position[tile as usize] = next;
                position[other as usize] = p;
                p = next;
            }
        }
        Ok(())
    }
}

/// Drops each move directly followed by its inverse (the same tile moved
/// back), repeatedly: what remains has the same effect.
fn cancel_inverse_pairs(steps: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    let mut kept: Vec<(usize, usize)> = Vec::with_capacity(steps.len());
    for (f, t) in steps {
        if kept.last() == Some(&(t, f)) {
            kept.pop();
        } else {
            kept.push((f, t));
        }
    }
    kept
}

/// One marked-tile state: the tile's vertex and the number of blanks in
/// each piece of G minus that vertex (in the pieces' order).
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    at: u32,
    counts: Vec<u32>,
}

/// Best-first search over the marked-tile states of the tile on
/// `start` (blanks where `blanks` says; pieces from `pieces`, which may
/// leave a frozen vertex out) to the first state `goal` accepts, taking
/// states by `rank` of their vertex, then in the order found (so
/// breadth-first when `rank` is constant); returns the states from the
/// first to that one and what `goal` returned. `None` when no state is
/// accepted within `budget` states.
fn search<T>(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    blanks: &[bool],
    start: usize,
    budget: usize,
    rank: impl Fn(usize) -> u32,
    mut goal: impl FnMut(&State, &mut PieceCache<'_>) -> Option<T>,
) -> Option<(Vec<State>, T)> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let first = {
        let p = pieces.get(start);
        let mut counts = vec![0u32; p.sizes.len()];
        for (v, &b) in blanks.iter().enumerate() {
            if b && p.piece[v] != NONE {
                counts[p.piece[v] as usize] += 1;
            }
        }
        State {
            at: start as u32,
            counts,
        }
    };
    let mut states = vec![(first.clone(), usize::MAX)];
    let mut index: FxHashMap<State, usize> = FxHashMap::default();
    index.insert(first, 0);
    let mut open = BinaryHeap::from([Reverse((rank(start), 0usize))]);
    let (last, found) = loop {
        let Reverse((_, head)) = open.pop()?;
        if states.len() > budget {
            return None;
        }
        let state = states[head].0.clone();
        if let Some(found) = goal(&state, pieces) {
            break (head, found);
        }
        let x = state.at as usize;
        // The vertices and blanks of x's component (the frozen vertex and
        // other components left out).
        let (size, k) = {
            let px = pieces.get(x);
            (
                px.sizes.iter().sum::<u32>() + 1,
                state.counts.iter().sum::<u32>(),
            )
        };
        for &y in graph.neighbors(x) {
            let (ci, size_c) = {
                let px = pieces.get(x);
                if px.piece[y] == NONE {
                    continue;
                }
                let ci = px.piece[y] as usize;
                (ci, px.sizes[ci])
            };
            let blanks_c = state.counts[ci];
            if blanks_c == 0 {
                continue;
            }
            let py = pieces.get(y);
            let back = py.piece[x] as usize;
            // beta: the vertices of C (the piece entered) left on x's side
            // of y; the others fill y's remaining pieces.
            let beta = size_c + py.sizes[back] - size;
            let room = size_c - 1 - beta;
            let lowest = (blanks_c - 1).saturating_sub(room);
            let highest = (blanks_c - 1).min(beta);
            for e in spread(lowest, highest) {
                let rest = blanks_c - 1 - e;
                let outside = k - blanks_c + 1 + e;
                for mut counts in distributions(&py.sizes, back, rest) {
                    counts[back] = outside;
                    let next = State {
                        at: y as u32,
                        counts,
                    };
                    if !index.contains_key(&next) {
                        index.insert(next.clone(), states.len());
                        open.push(Reverse((rank(y), states.len())));
                        states.push((next, head));
                    }
                }
            }
        }
    };
    let mut path = Vec::new();
    let mut i = last;
    while i != usize::MAX {
        path.push(i);
        i = states[i].1;
    }
    Some((
        path.into_iter()
            .rev()
            .map(|i| states[i].0.clone())
            .collect(),
        found,
    ))
}

/// Carries the tile on `path[0].at` along `path` (marked-tile states, as
/// [`search`] returns them), moving tokens of `cells`.
fn realise(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    cells: &mut [u32],
    path: &[State],
    steps: &mut Vec<(usize, usize)>,
) {
    for pair in path.windows(2) {
        step_marked_tile(graph, pieces, cells, &pair[0], &pair[1], steps);
    }
}

/// The vertices of the piece of G - `x` (as `pieces` sees it) holding `w`.
fn piece_holding(pieces: &mut PieceCache<'_>, x: usize, w: usize) -> Vec<usize> {
    let p = pieces.get(x);
    let id = p.piece[w];
    (0..p.piece.len()).filter(|&v| p.piece[v] == id).collect()
}

/// Arranges the tokens of `region` so that `x` and `y3` are blank and
/// `y2` holds a tile, keeping the region's other blanks where they are as
/// far as possible.
fn open_junction(
    graph: &Graph,
    cells: &mut [u32],
    region: &[usize],
    (x, y2, y3): (usize, usize, usize),
    steps: &mut Vec<(usize, usize)>,
) {
    let n = cells.len();
    let wanted = region.iter().filter(|&&v| cells[v] == 0).count();
    let mut target = vec![false; n];
    target[x] = true;
    target[y3] = true;
    let mut placed = 2;
    for pass in 0..2 {
        for &v in region {
            if placed < wanted && !target[v] && v != y2 && (pass == 1 || cells[v] == 0) {
                target[v] = true;
                placed += 1;
            }
        }
    }
    arrange(graph, cells, region, &target, steps);
}

/// The six moves that exchange the tiles on `y1` and `y2` through the
/// junction `x` while `x` and `y3` are blank (module docs).
fn exchange_moves(x: usize, y1: usize, y2: usize, y3: usize) -> [(usize, usize); 6] {
    [(y1, x), (x, y3), (y2, x), (x, y1), (y3, x), (x, y2)]
}

/// `steps`, then `middle`, then `steps` undone (reversed, each move
/// backwards): the conjugate of `middle`.
fn conjugate(steps: &[(usize, usize)], middle: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut all = steps.to_vec();
    all.extend_from_slice(middle);
    all.extend(steps.iter().rev().map(|&(f, t)| (t, f)));
    all
}

/// Carries the marked tile on `start` to a state `goal` accepts (as
/// [`search`] finds one), moving tokens of `cells`. Each step prefers the
/// *natural* move: the nearest blank of the piece ahead slides up to the
/// next vertex of the plan and nothing else moves. When `goal` is still
/// reachable from where that leads, by a plan shorter than the rest of
/// the current one, the plan is redone from there;
/// otherwise the planned step is realised as planned (its blank counts
/// restored piece by piece). The natural moves keep the routes short.
fn walk<T>(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    cells: &mut Vec<u32>,
    start: usize,
    rank: impl Fn(usize) -> u32,
    mut goal: impl FnMut(&State, &mut PieceCache<'_>) -> Option<T>,
    steps: &mut Vec<(usize, usize)>,
) -> Option<(usize, T)> {
    let blanks_of = |cells: &[u32]| cells.iter().map(|&t| t == 0).collect::<Vec<bool>>();
    let (mut path, mut found) = search(
        graph,
        pieces,
        &blanks_of(cells),
        start,
        ROUTE_STATES,
        &rank,
        &mut goal,
    )?;
    let mut scratch = Scratch::new(cells.len());
    while path.len() > 1 {
        let (x, y) = (path[0].at as usize, path[1].at as usize);
        let mut trial = cells.clone();
        let mut trial_steps = Vec::new();
        if trial[y] != 0 {
            let px = pieces.get(x);
            let ahead = px.piece[y];
            let alive: Vec<bool> = px.piece.iter().map(|&p| p == ahead).collect();
            pull(
                graph,
                &mut trial,
                &alive,
                y,
                true,
                &mut scratch,
                &mut trial_steps,
            );
        }
        trial.swap(x, y);
        trial_steps.push((x, y));
        let replanned = search(
            graph,
            pieces,
            &blanks_of(&trial),
            y,
            REPLAN_STATES,
            &rank,
            &mut goal,
        );
        // Only a shorter plan counts (so the walk ends).
        if let Some(replanned) = replanned.filter(|(p, _)| p.len() < path.len()) {
            *cells = trial;
            steps.extend(trial_steps);
            (path, found) = replanned;
        } else {
            step_marked_tile(graph, pieces, cells, &path[0], &path[1], steps);
            path.remove(0);
        }
    }
    Some((path[0].at as usize, found))
}

/// A route for the tile on `a` (blanks on `blanks`) to the `nth` nearest
/// state that borders an exchange site (the nearest for 0): the moves, the tokens afterwards (each
/// tile labelled by its starting vertex + 1), the tile's vertex y1 and the
/// sites there.
struct Route {
    steps: Vec<(usize, usize)>,
    cells: Vec<u32>,
    y1: usize,
    sites: Vec<(usize, usize, usize)>,
    /// The piece of G - y1 holding each vertex (`NONE` at y1).
    side: Vec<u32>,
}

fn route_to_junction(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    blanks: &[bool],
    a: usize,
    nth: usize,
) -> Option<Route> {
    let n = graph.vertex_count();
    let mut cells: Vec<u32> = (0..n as u32)
        .map(|v| if blanks[v as usize] { 0 } else { v + 1 })
        .collect();
    let mut steps = Vec::new();
    let (y1, sites) = if nth == 0 {
        walk(
            graph,
            pieces,
            &mut cells,
            a,
            |_| 0,
            |state, pieces| {
                let sites = junctions(graph, pieces, state);
                (!sites.is_empty()).then_some(sites)
            },
            &mut steps,
        )?
    } else {
        let mut skip = nth;
        let (path, sites) = search(
            graph,
            pieces,
            blanks,
            a,
            ROUTE_STATES,
            |_| 0,
            |state, pieces| {
                let sites = junctions(graph, pieces, state);
                if sites.is_empty() {
                    return None;
                }
                if skip == 0 {
                    return Some(sites);
                }
                skip -= 1;
                None
            },
        )?;
        realise(graph, pieces, &mut cells, &path, &mut steps);
        (path.last().expect("a route has a state").at as usize, sites)
    };
    let side = pieces.get(y1).piece.clone();
    Some(Route {
        steps,
        cells,
        y1,
        sites,
        side,
    })
}

/// The transposition (a c) from `route` at its site number `site`
/// (module docs): c is whichever tile the route brought next to the
/// junction.
fn free_partner(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    route: &Route,
    a: usize,
    site: usize,
) -> Transposition {
    let (x, y2, y3) = route.sites[site];
    let y1 = route.y1;
    let mut cells = route.cells.clone();
    let mut steps = route.steps.clone();
    let side = piece_holding(pieces, y1, x);
    open_junction(graph, &mut cells, &side, (x, y2, y3), &mut steps);
    Transposition {
        a,
        c: cells[y2] as usize - 1,
        steps: conjugate(&steps, &exchange_moves(x, y1, y2, y3)),
    }
}

/// The transposition (a h) for a chosen `h`: after `route`, the tile from
/// h is carried, with a's tile held on y1, to a neighbour y2 of a junction
/// x next to y1 whose side (without y1 and y2) keeps two blanks; then x
/// and a third neighbour y3 are cleared and the two tiles exchanged.
/// `None` when h's tile is not on the junction's side or no such route is
/// found.
fn chosen_partner(
    graph: &Graph,
    frozen: &mut FrozenPieces<'_>,
    route: &Route,
    a: usize,
    h: usize,
) -> Option<Transposition> {
    let y1 = route.y1;
    let at = route.cells.iter().position(|&t| t as usize == h + 1)?;
    // h's tile must be on the side of some junction next to y1.
    let side_of = |v: usize| route.side[v];
    if at == y1
        || side_of(at) == NONE
        || !route
            .sites
            .iter()
            .any(|&(x, _, _)| side_of(x) == side_of(at))
    {
        return None;
    }
    let pieces = frozen.with_frozen(y1);
    let near: Vec<usize> = graph.neighbors(y1).to_vec();
    let toward = graph.distances_from(y1);
    let mut cells = route.cells.clone();
    let mut steps = route.steps.clone();
    let found = walk(
        graph,
        pieces,
        &mut cells,
        at,
        |v| toward[v],
        |state, pieces| {
            let y2 = state.at as usize;
            let p = pieces.get(y2);
            for &x in &near {
                if !graph.has_edge(x, y2) || graph.neighbors(x).len() < 3 {
                    continue;
                }
                let id = p.piece[x];
                if id == NONE || state.counts[id as usize] < 2 {
                    continue;
                }
                let y3 = graph
                    .neighbors(x)
                    .iter()
                    .copied()
                    .find(|&w| w != y1 && w != y2)?;
                return Some((x, y2, y3));
            }
            None
        },
        &mut steps,
    );
    let (_, (x, y2, y3)) = found?;
    let side = piece_holding(pieces, y2, x);
    open_junction(graph, &mut cells, &side, (x, y2, y3), &mut steps);
    debug_assert_eq!(cells[y1] as usize, a + 1);
    debug_assert_eq!(cells[y2] as usize, h + 1);
    Some(Transposition {
        a,
        c: h,
        steps: conjugate(&steps, &exchange_moves(x, y1, y2, y3)),
    })
}

/// At most a handful of values of `lowest..=highest`: all of a short
/// range, the ends and the middle of a long one.
fn spread(lowest: u32, highest: u32) -> Vec<u32> {
    if lowest > highest {
        return Vec::new();
    }
    if highest - lowest <= 6 {
        (lowest..=highest).collect()
    } else {
        vec![lowest, (lowest + highest) / 2, highest]
    }
}

/// Ways to put `total` blanks into the pieces other than `skip` (whose
/// entry is left 0), within their sizes: greedily from each piece in turn,
/// and one at a time round the pieces.
fn distributions(sizes: &[u32], skip: usize, total: u32) -> Vec<Vec<u32>> {
    let others: Vec<usize> = (0..sizes.len()).filter(|&i| i != skip).collect();
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut push = |v: Vec<u32>| {
        if !out.contains(&v) {
            out.push(v);
        }
    };
    if others.is_empty() {
        if total == 0 {
            push(vec![0; sizes.len()]);
        }
        return out;
    }
    for s in 0..others.len() {
        let mut counts = vec![0u32; sizes.len()];
        let mut left = total;
        for j in 0..others.len() {
            let p = others[(s + j) % others.len()];
            let put = left.min(sizes[p]);
            counts[p] = put;
            left -= put;
        }
        if left == 0 {
            push(counts);
        }
    }
    let mut counts = vec![0u32; sizes.len()];
    let mut left = total;
    while left > 0 {
        let mut progress = false;
        for &p in &others {
            if left > 0 && counts[p] < sizes[p] {
                counts[p] += 1;
                left -= 1;
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    if left == 0 {
        push(counts);
    }
    out
}

/// The exchange sites a state borders: each neighbour x of the tile's
/// vertex with degree >= 3 whose piece holds at least two blanks and one
/// tile, with each ordered pair (y2, y3) of x's other neighbours.
fn junctions(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    state: &State,
) -> Vec<(usize, usize, usize)> {
    let y1 = state.at as usize;
    let p = pieces.get(y1);
    let mut sites = Vec::new();
    for &x in graph.neighbors(y1) {
        let near = graph.neighbors(x);
        if near.len() < 3 || p.piece[x] == NONE {
            continue;
        }
        let id = p.piece[x] as usize;
        let blanks = state.counts[id];
        if blanks >= 2 && p.sizes[id] > blanks {
            for &y2 in near {
                for &y3 in near {
                    if y2 != y1 && y3 != y1 && y2 != y3 {
                        sites.push((x, y2, y3));
                    }
                }
            }
        }
    }
    sites
}

/// Realises one step of the marked tile from state `from` to state `to`
/// (a neighbour): rearranges the unlabelled tokens of the piece entered so
/// that its blanks split as `to` says, with one on the vertex entered,
/// then moves the tile.
fn step_marked_tile(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    cells: &mut [u32],
    from: &State,
    to: &State,
    steps: &mut Vec<(usize, usize)>,
) {
    let n = cells.len();
    let (x, y) = (from.at as usize, to.at as usize);
    let k: u32 = from.counts.iter().sum();
    let region = piece_holding(pieces, x, y);
    let py = pieces.get(y);
    let back = py.piece[x] as usize;
    // Quotas per part of the region: y's own pieces, and the part left on
    // x's side (blanks there: to.counts[back] minus those outside C and x).
    let blanks_c = region.iter().filter(|&&v| cells[v] == 0).count() as u32;
    let outside = k - blanks_c + 1;
    let mut quota = to.counts.clone();
    quota[back] = to.counts[back] - outside;
    // Breadth-first order from y inside the region: keep the blanks nearest
    // y in each part, then add the nearest tiles' vertices.
    let mut inside = vec![false; n];
    for &v in &region {
        inside[v] = true;
    }
    let mut order = vec![y];
    let mut seen = vec![false; n];
    seen[y] = true;
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &w in graph.neighbors(v) {
            if inside[w] && !seen[w] {
                seen[w] = true;
                order.push(w);
            }
        }
    }
    let mut target = vec![false; n];
    target[y] = true;
    for pass in 0..2 {
        for &v in &order[1..] {
            let part = py.piece[v] as usize;
            if quota[part] > 0 && !target[v] && (pass == 1 || cells[v] == 0) {
                target[v] = true;
                quota[part] -= 1;
            }
        }
    }
    arrange(graph, cells, &region, &target, steps);
    cells.swap(x, y);
    steps.push((x, y));
}

/// Marks for the breadth-first searches of [`pull`], reused.
struct Scratch {
    from: Vec<usize>,
    mark: Vec<u32>,
    stamp: u32,
}

impl Scratch {
    fn new(n: usize) -> Self {
        Self {
            from: vec![usize::MAX; n],
            mark: vec![0; n],
            stamp: 0,
        }
    }
}

/// Makes `to` blank (`want_blank`) or a tile's, pulling the nearest token
/// of that kind among the `alive` vertices along a shortest path (whose
/// inner vertices are all of the other kind): tiles step forward into the
/// blank, or the tile walks through the blanks. The alive vertices must
/// hold a token of that kind, connected to `to`.
fn pull(
    graph: &Graph,
    cells: &mut [u32],
    alive: &[bool],
    to: usize,
    want_blank: bool,
    scratch: &mut Scratch,
    steps: &mut Vec<(usize, usize)>,
) {
    scratch.stamp += 1;
    let stamp = scratch.stamp;
    scratch.mark[to] = stamp;
    let mut queue = VecDeque::from([to]);
    let mut found = None;
    'search: while let Some(v) = queue.pop_front() {
        for &w in graph.neighbors(v) {
            if alive[w] && scratch.mark[w] != stamp {
                scratch.mark[w] = stamp;
                scratch.from[w] = v;
                if (cells[w] == 0) == want_blank {
                    found = Some(w);
                    break 'search;
                }
                queue.push_back(w);
            }
        }
    }
    let end = found.expect("the region holds a token of the kind wanted");
    // path to = p0, ..., pm = end
    let mut path = vec![end];
    while *path.last().expect("non-empty") != to {
        path.push(scratch.from[*path.last().expect("non-empty")]);
    }
    path.reverse();
    let m = path.len() - 1;
    for j in (0..m).rev() {
        // Blank wanted: the tiles p_{m-1}, ..., p_0 each step forward into
        // the blank. Tile wanted: the tile on p_m walks through the blanks.
        let step = if want_blank {
            (path[j], path[j + 1])
        } else {
            (path[j + 1], path[j])
        };
        steps.push(step);
        cells.swap(path[j], path[j + 1]);
    }
}

/// Unlabelled motion inside `region` (connected): moves tokens until the
/// blanks are exactly the region's vertices marked in `target` (as many as
/// the region holds). Vertices leave in reverse breadth-first order, each
/// a leaf of what remains; a leaf of the wrong kind is fixed by pulling
/// the nearest token of the right kind along a path of the other kind.
fn arrange(
    graph: &Graph,
    cells: &mut [u32],
    region: &[usize],
    target: &[bool],
    steps: &mut Vec<(usize, usize)>,
) {
    let n = cells.len();
    if region.iter().all(|&v| (cells[v] == 0) == target[v]) {
        return;
    }
    let mut alive = vec![false; n];
    for &v in region {
        alive[v] = true;
    }
    let mut order = vec![region[0]];
    let mut seen = vec![false; n];
    seen[region[0]] = true;
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &w in graph.neighbors(v) {
            if alive[w] && !seen[w] {
                seen[w] = true;
                order.push(w);
            }
        }
    }
    let mut scratch = Scratch::new(n);
    for &leaf in order.iter().rev() {
        let want_blank = target[leaf];
        if (cells[leaf] == 0) != want_blank {
            pull(graph, cells, &alive, leaf, want_blank, &mut scratch, steps);
        }
        alive[leaf] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::replay_steps;

    #[test]
    fn a_star_of_four_leaves_sorts_any_order() {
        let p = Puzzle::parse("edges:0-1,0-2,0-3,0-4").unwrap();
        let goal = Configuration::from_cells(vec![0, 1, 2, 3, 0], 2).unwrap();
        for cells in [
            vec![0, 3, 1, 2, 0],
            vec![0, 2, 1, 3, 0],
            vec![3, 0, 0, 2, 1],
            vec![1, 2, 3, 0, 0],
        ] {
            let start = Configuration::from_cells(cells.clone(), 2).unwrap();
            let steps = solve_by_exchanges(&p, &start, &goal, &Limits::default()).unwrap();
            assert_eq!(replay_steps(&p, &start, &steps).unwrap(), goal, "{cells:?}");
        }
    }

    #[test]
    fn unlabelled_motion_reaches_any_blank_set() {
        let p = Puzzle::parse("random:30,0,4").unwrap();
        let g = p.graph();
        let mut cells: Vec<u32> = (0..30).map(|v| if v < 5 { 0 } else { v - 4 }).collect();
        let start = cells.clone();
        let target: Vec<bool> = (0..30).map(|v| v >= 25).collect();
        let all: Vec<usize> = (0..30).collect();
        let mut steps = Vec::new();
        arrange(g, &mut cells, &all, &target, &mut steps);
        for v in 0..30 {
            assert_eq!(cells[v] == 0, target[v]);
        }
        let start = Configuration::from_cells(start, 5).unwrap();
        let end = replay_steps(&p, &start, &steps).unwrap();
        assert_eq!(end.cells(), cells.as_slice());
    }
}
