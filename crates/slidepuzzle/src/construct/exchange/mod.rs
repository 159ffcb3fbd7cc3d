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

mod motion;
mod routes;

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Graph, Puzzle};
use crate::search::Limits;
use crate::theory::tile_classes::TileClasses;
use motion::arrange;
#[cfg(feature = "internals")]
pub use routes::ROUTE_STATES;
use routes::{FrozenPieces, NONE, PieceCache, Route, piece_holding, route_to_junction, walk};

/// How many partners of another component each vertex tries per round.
const PARTNERS: usize = 4;

/// How many junction states along longer routes are tried, at most.
const LATER_ROUTES: usize = 16;

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
        super::limits::check_limits(limits)?;
        routes[a] = route_to_junction(graph, &mut pieces, &blanks, a, 0);
    }
    // Each tile's nearest junction, with whatever partner its route brings
    // there; then chosen partners from other components of the same orbit
    // until every orbit is joined.
    for &a in members.values().flatten() {
        if let Some(route) = &routes[a] {
            super::limits::check_limits(limits)?;
            exchanges.add(a, free_partner(graph, &mut pieces, route, a, 0));
        }
    }
    if !exchanges.joins(&cells, goal.cells()) {
        let mut progress = true;
        while progress && !exchanges.joins(&cells, goal.cells()) {
            progress = false;
            for a in (0..n).filter(|&a| routes[a].is_some()) {
                super::limits::check_limits(limits)?;
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
                super::limits::check_limits(limits)?;
                if let Some(route) = route_to_junction(graph, &mut pieces, &blanks, a, nth) {
                    for site in 0..route.sites.len(graph) {
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
            super::limits::check_limits(limits)?;
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
    let (x, y2, y3) = route.sites.get(graph, site);
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
            .junctions()
            .iter()
            .any(|&x| side_of(x) == side_of(at))
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
                if id == NONE || state.counts.get(id as usize) < 2 {
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
