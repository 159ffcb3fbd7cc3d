//! The constructive solver for puzzles whose tiles turn (docs/THEORY.md
//! 8.4): tile by tile, then a small region by optimal search.
//!
//! 1. **The last region** `R`: the smallest ball around a vertex, or
//!    union of two short cycles (at most [`MAX_REGION`] vertices), whose
//!    induced graph is 2-connected, neither
//!    a cycle nor theta0, and has the whole puzzle's turn invariants (the
//!    same cycle turns d and the same (parity, total turn) pairs). By the
//!    closed form (docs/THEORY.md 8.2) every position of `R`'s tiles that
//!    meets the invariants is solvable inside `R`, and a reachable
//!    position meets them once everything outside `R` is solved.
//! 2. **Placement**: the vertices outside `R`, farthest from `R` first (so
//!    the unsolved vertices stay connected), each get their tile with its
//!    goal orientation by a breadth-first search over (blank, tile's
//!    vertex, tile's orientation), the blank never entering a solved
//!    vertex. A tile far from the turning cycles walks to one and round it
//!    to turn. When a vertex cannot be filled now, the next farthest is
//!    tried.
//! 3. **The region** is solved optimally ([`crate::search::turning`]).
//!
//! The goal's blank is first moved into `R` (and the solution ends by
//! moving it back). Cost: O(n^2 (n + E)) for choosing the fills, the
//! placement searches (O(n^2 k^2 E) each at worst, usually far less), and
//! the search on `R`; at most [`MAX_VERTICES`] vertices. Not optimal; replayed before it is returned.

use std::collections::VecDeque;

use crate::error::{Error, Result};
use crate::model::turns::Turns;
use crate::model::{Configuration, Graph, Puzzle, PuzzleKind};
use crate::moves::replay;
use crate::search::{Limits, SearchResult};
use crate::theory::turning;

/// The most vertices of the last region (7).
pub const MAX_REGION: usize = 7;

/// The most vertices of a puzzle that is searched whole (A*) when placing
/// its tiles one by one leaves a part that cannot be solved among itself
/// (10, as the solver's `AUTO_ASTAR_VERTICES`).
pub const WHOLE_SEARCH_VERTICES: usize = 10;

/// The most vertices the solver takes (1,024): each fill tests the
/// 2-connectivity of what is left for every candidate, O(n^2 (n + E))
/// in all.
pub const MAX_VERTICES: usize = 1024;

/// A blank path taking `start` to `goal` on the turning `puzzle` (one
/// blank; see the module docs).
///
/// # Errors
/// [`Error::Unsupported`] when the goal is out of reach (with the reason),
/// for several blanks, or when no last region exists (the puzzle is
/// not 2-connected near any vertex, or too small a ball never has the
/// puzzle's invariants); [`Error::Stopped`] at the limits;
/// [`Error::Internal`] if the path fails its replay (a bug).
pub(crate) fn solve_turning_within(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<usize>> {
    let turns = puzzle
        .turns()
        .ok_or_else(|| Error::unsupported("this solver is for puzzles whose tiles turn"))?;
    let verdict = crate::theory::decide::check(puzzle, start, goal)?;
    if !verdict.solvable {
        return Err(Error::Unsupported(format!(
            "the goal cannot be reached: {}",
            verdict.reason
        )));
    }
    let n = puzzle.vertex_count();
    if n > MAX_VERTICES {
        return Err(Error::limit(
            crate::error::Resource::Vertices,
            n as u64,
            MAX_VERTICES as u64,
        ));
    }
    let region = if n <= MAX_REGION {
        (0..n).collect()
    } else {
        last_region(puzzle)?
    };
    let in_region = membership(n, &region);
    // Move the goal's blank into the region: solve to `inner_goal`, then
    // walk the blank back out.
    let graph = puzzle.graph();
    let to_region = nearest_path(graph, goal.blank(), &in_region)
        .ok_or_else(|| Error::unsupported("the goal's blank cannot reach the last region"))?;
    let inner_goal = replay(puzzle, goal, &to_region)?;
    let mut config = start.clone();
    let mut path = Vec::new();
    let mut solved = vec![false; n];
    let mut order: Vec<usize> = (0..n).filter(|&v| !in_region[v]).collect();
    let distance = distances_to(graph, &in_region);
    order.sort_by_key(|&v| std::cmp::Reverse(distance[v]));
    let fill = |v: usize| (v, inner_goal.tile_at(v), inner_goal.orientation_at(v));
    // The vertices the final search solves: the region, or everything
    // still unsolved when no vertex can be filled on its own.
    let mut last = region;
    while !order.is_empty() {
        super::limits::check_limits(limits)?;
        let step = next_fills(puzzle, turns, &config, &solved, &order, &fill);
        let Some((vertices, moves)) = step else {
            last = (0..n).filter(|&v| !solved[v]).collect();
            break;
        };
        for &w in &moves {
            let b = config.blank();
            puzzle.slide(&mut config, w, b);
        }
        path.extend(moves);
        for v in vertices {
            solved[v] = true;
            order.retain(|&x| x != v);
        }
    }
    match solve_region(puzzle, turns, &last, &config, &inner_goal, limits) {
        Ok(moves) => path.extend(moves),
        // Placement left a part that cannot be solved among itself: a small
        // puzzle is searched whole instead, from the start.
        Err(Error::Unsupported(_)) if n <= WHOLE_SEARCH_VERTICES => {
            let all: Vec<usize> = (0..n).collect();
            path = solve_region(puzzle, turns, &all, start, goal, limits)?;
            return Ok(path);
        }
        Err(e) => return Err(e),
    }
    // Back out to the goal's blank.
    let back: Vec<usize> = to_region
        .iter()
        .rev()
        .skip(1)
        .copied()
        .chain([goal.blank()])
        .collect();
    if !to_region.is_empty() {
        path.extend(back);
    }
    if &replay(puzzle, start, &path)? != goal {
        return Err(Error::internal(
            "the turning constructive solution does not replay to the goal",
        ));
    }
    Ok(path)
}

/// The next vertices to fill and the blank path filling them: a single
/// vertex whose filling leaves the unsolved vertices 2-connected (no dead
/// ends a tile could not be turned into), else two neighbouring ones that
/// do, else any single vertex that can be filled; farthest from the last
/// region first (`order`).
fn next_fills(
    puzzle: &Puzzle,
    turns: &Turns,
    config: &Configuration,
    solved: &[bool],
    order: &[usize],
    fill: &dyn Fn(usize) -> Fill,
) -> Option<(Vec<usize>, Vec<usize>)> {
    let graph = puzzle.graph();
    let keeps = |vs: &[usize]| two_connected_without(graph, solved, vs);
    for &v in order {
        if keeps(&[v])
            && let Some(moves) = place(puzzle, turns, config, solved, &[fill(v)])
        {
            return Some((vec![v], moves));
        }
    }
    for &v in order {
        for &w in graph.neighbors(v) {
            if order.contains(&w)
                && keeps(&[v, w])
                && let Some(moves) = place(puzzle, turns, config, solved, &[fill(v), fill(w)])
            {
                return Some((vec![v, w], moves));
            }
        }
    }
    order.iter().find_map(|&v| {
        place(puzzle, turns, config, solved, &[fill(v)]).map(|moves| (vec![v], moves))
    })
}

/// Whether the unsolved vertices other than `filled` induce a 2-connected
/// graph. O(V + E).
fn two_connected_without(graph: &Graph, solved: &[bool], filled: &[usize]) -> bool {
    let n = graph.vertex_count();
    let alive: Vec<usize> = (0..n)
        .filter(|&w| !solved[w] && !filled.contains(&w))
        .collect();
    let mut index = vec![usize::MAX; n];
    for (i, &w) in alive.iter().enumerate() {
        index[w] = i;
    }
    let edges: Vec<(usize, usize)> = alive
        .iter()
        .flat_map(|&a| {
            graph
                .neighbors(a)
                .iter()
                .filter(|&&b| index[b] != usize::MAX && a < b)
                .map(|&b| (index[a], index[b]))
                .collect::<Vec<_>>()
        })
        .collect();
    let Ok(sub) = Graph::from_edges(alive.len(), &edges) else {
        return false;
    };
    let blocks = crate::theory::blocks::decompose(&sub);
    blocks.blocks.len() == 1 && blocks.blocks[0].vertices.len() == alive.len()
}

fn membership(n: usize, vertices: &[usize]) -> Vec<bool> {
    let mut inside = vec![false; n];
    for &v in vertices {
        inside[v] = true;
    }
    inside
}

/// The distance of every vertex from the marked set.
fn distances_to(graph: &Graph, marked: &[bool]) -> Vec<u32> {
    let n = graph.vertex_count();
    let mut dist = vec![u32::MAX; n];
    let mut queue: VecDeque<usize> = (0..n).filter(|&v| marked[v]).collect();
    for &v in &queue {
        dist[v] = 0;
    }
    while let Some(v) = queue.pop_front() {
        for &w in graph.neighbors(v) {
            if dist[w] == u32::MAX {
                dist[w] = dist[v] + 1;
                queue.push_back(w);
            }
        }
    }
    dist
}

/// The blank path (without `from`) from `from` to the nearest marked
/// vertex; empty when `from` is marked.
fn nearest_path(graph: &Graph, from: usize, marked: &[bool]) -> Option<Vec<usize>> {
    let n = graph.vertex_count();
    let mut parent = vec![usize::MAX; n];
    parent[from] = from;
    let mut queue = VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        if marked[v] {
            let mut path = Vec::new();
            let mut x = v;
            while x != from {
                path.push(x);
                x = parent[x];
            }
            path.reverse();
            return Some(path);
        }
        for &w in graph.neighbors(v) {
            if parent[w] == usize::MAX {
                parent[w] = v;
                queue.push_back(w);
            }
        }
    }
    None
}

/// The sub-puzzle induced on `vertices` (renumbered in their order), with
/// the turns restricted to it.
fn induced(puzzle: &Puzzle, turns: &Turns, vertices: &[usize]) -> Result<Puzzle> {
    let index = |v: usize| vertices.iter().position(|&x| x == v);
    let mut edges = Vec::new();
    let mut with_turns = Vec::new();
    for (i, &u) in vertices.iter().enumerate() {
        for &w in puzzle.graph().neighbors(u) {
            if let Some(j) = index(w)
                && i < j
            {
                edges.push((i, j));
                with_turns.push((i, j, turns.turn(u, w)));
            }
        }
    }
    let graph = Graph::from_edges(vertices.len(), &edges)?;
    let sub_turns = Turns::new(&graph, turns.modulus(), &with_turns)?;
    Ok(Puzzle::new(graph, PuzzleKind::Graph, "region").with_turns(sub_turns))
}

/// Whether the solver applies to `puzzle` at all: a turning puzzle of at
/// most [`MAX_REGION`] vertices (its own region) or one with a last
/// region (see the module docs), at most [`MAX_VERTICES`] vertices. The
/// planner asks it so that a puzzle without one (a tree, a cycle, a
/// unicyclic graph) is searched instead of refused.
///
/// # Errors
/// The reason it does not apply, as [`solve_turning_within`] would give it.
pub(crate) fn applies_to(puzzle: &Puzzle) -> Result<()> {
    let n = puzzle.vertex_count();
    if puzzle.turns().is_none() {
        return Err(Error::unsupported(
            "this solver is for puzzles whose tiles turn",
        ));
    }
    if n > MAX_VERTICES {
        return Err(Error::limit(
            crate::error::Resource::Vertices,
            n as u64,
            MAX_VERTICES as u64,
        ));
    }
    if n <= MAX_REGION {
        return Ok(());
    }
    last_region(puzzle).map(|_| ())
}

/// The last region (see the module docs): the smallest candidate that
/// qualifies, among the balls round each vertex and the unions of two
/// shortest cycles (through some edge each) that share a vertex.
fn last_region(puzzle: &Puzzle) -> Result<Vec<usize>> {
    let graph = puzzle.graph();
    let turns = puzzle.turns().expect("a turning puzzle");
    let whole = turning::invariants(puzzle, 0).expect("vertex 0 exists");
    let n = graph.vertex_count();
    let mut candidates: Vec<Vec<usize>> = Vec::new();
    for centre in 0..n {
        let dist = graph.distances_from(centre);
        for radius in 1..=3u32 {
            let ball: Vec<usize> = (0..n).filter(|&v| dist[v] <= radius).collect();
            if ball.len() > MAX_REGION {
                break;
            }
            candidates.push(ball);
        }
    }
    let mut cycles = short_cycles(graph);
    cycles.extend(turning_walks(puzzle, turns));
    cycles.sort();
    cycles.dedup();
    let mut by_vertex: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, c) in cycles.iter().enumerate() {
        for &v in c {
            by_vertex[v].push(i);
        }
    }
    for (i, c) in cycles.iter().enumerate() {
        for &v in c {
            for &j in &by_vertex[v] {
                if j <= i {
                    continue;
                }
                let mut union = c.clone();
                union.extend(&cycles[j]);
                union.sort_unstable();
                union.dedup();
                if union.len() <= MAX_REGION {
                    candidates.push(union);
                }
            }
        }
    }
    candidates.sort_by_key(|c| c.len());
    candidates.dedup();
    for region in candidates.into_iter().filter(|c| c.len() >= 4) {
        let sub = induced(puzzle, turns, &region)?;
        let same = turning::invariants(&sub, 0)
            .is_some_and(|inv| inv.turn_step == whole.turn_step && inv.cycles == whole.cycles);
        if same && turning::closed_form_applies(&sub) {
            return Ok(region);
        }
    }
    Err(Error::unsupported(format!(
        "the constructive solver needs a small 2-connected region (at most {MAX_REGION} vertices) \
         with the puzzle's turn invariants, and {} has none",
        crate::error::excerpt(puzzle.spec())
    )))
}

/// The vertex sets (sorted, distinct) of the shortest closed walks from
/// each vertex with each (parity, total turn) other than (even, 0), where
/// they have at most [`MAX_REGION`] steps: breadth-first over (vertex,
/// parity, turn).
fn turning_walks(puzzle: &Puzzle, turns: &Turns) -> Vec<Vec<usize>> {
    let graph = puzzle.graph();
    let n = graph.vertex_count();
    let k = turns.modulus() as usize;
    let states = n * 2 * k;
    let mut out = Vec::new();
    for u in 0..n {
        let encode = |v: usize, p: usize, c: usize| (v * 2 + p) * k + c;
        let mut parent = vec![usize::MAX; states];
        let mut depth = vec![0usize; states];
        let root = encode(u, 0, 0);
        parent[root] = root;
        let mut queue = VecDeque::from([root]);
        while let Some(s) = queue.pop_front() {
            if depth[s] >= MAX_REGION {
                continue;
            }
            let (v, p, c) = (s / k / 2, s / k % 2, s % k);
            for &w in graph.neighbors(v) {
                let next = encode(w, 1 - p, (c + turns.turn(v, w) as usize) % k);
                if parent[next] == usize::MAX {
                    parent[next] = s;
                    depth[next] = depth[s] + 1;
                    queue.push_back(next);
                }
            }
        }
        for p in 0..2 {
            for c in 0..k {
                let end = encode(u, p, c);
                if end == root || parent[end] == usize::MAX {
                    continue;
                }
                let mut walk = Vec::new();
                let mut x = end;
                while x != root {
                    walk.push(x / k / 2);
                    x = parent[x];
                }
                walk.sort_unstable();
                walk.dedup();
                if walk.len() <= MAX_REGION {
                    out.push(walk);
                }
            }
        }
    }
    out
}

/// The vertex sets (sorted, distinct) of a shortest cycle through each
/// edge, where it has at most [`MAX_REGION`] vertices.
fn short_cycles(graph: &Graph) -> Vec<Vec<usize>> {
    let n = graph.vertex_count();
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (u, v) in graph.edges() {
        // Shortest path from u to v avoiding the edge u-v, bounded.
        let mut parent = vec![usize::MAX; n];
        parent[u] = u;
        let mut depth = vec![0usize; n];
        let mut queue = VecDeque::from([u]);
        while let Some(x) = queue.pop_front() {
            if x == v || depth[x] >= MAX_REGION {
                continue;
            }
            for &y in graph.neighbors(x) {
                if parent[y] == usize::MAX && !(x == u && y == v) {
                    parent[y] = x;
                    depth[y] = depth[x] + 1;
                    queue.push_back(y);
                }
            }
        }
        if parent[v] == usize::MAX {
            continue;
        }
        let mut cycle = vec![v];
        let mut x = v;
        while x != u {
            x = parent[x];
            cycle.push(x);
        }
        if cycle.len() <= MAX_REGION {
            cycle.sort_unstable();
            out.push(cycle);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The most states a placement search visits (4,000,000).
const MAX_PLACEMENT_STATES: usize = 4_000_000;

/// One vertex to fill: `(vertex, tile, orientation)`.
type Fill = (usize, u32, u8);

/// The blank path bringing each tile of `fills` (one or two) to its
/// vertex with its orientation, the blank never entering a solved vertex;
/// `None` if there is none within [`MAX_PLACEMENT_STATES`].
/// Breadth-first over (blank, each tile's vertex and orientation), packed
/// in a `u64` of 16-bit vertices and 8-bit orientations.
fn place(
    puzzle: &Puzzle,
    turns: &Turns,
    config: &Configuration,
    solved: &[bool],
    fills: &[Fill],
) -> Option<Vec<usize>> {
    let n = puzzle.vertex_count();
    if n > u16::MAX as usize || fills.is_empty() || fills.len() > 2 {
        return None;
    }
    let encode = |b: usize, tiles: &[(usize, u8)]| -> u64 {
        let mut key = b as u64;
        for &(p, o) in tiles {
            key = key << 24 | (p as u64) << 8 | o as u64;
        }
        key
    };
    let decode = |key: u64| -> (usize, Vec<(usize, u8)>) {
        let mut tiles = Vec::with_capacity(fills.len());
        let mut key = key;
        for _ in fills {
            tiles.push((((key >> 8) & 0xffff) as usize, (key & 0xff) as u8));
            key >>= 24;
        }
        tiles.reverse();
        (key as usize, tiles)
    };
    let mut tiles = Vec::new();
    for &(_, tile, _) in fills {
        let at = (0..n).find(|&v| config.tile_at(v) == tile)?;
        tiles.push((at, config.orientation_at(at)));
    }
    let done: Vec<(usize, u8)> = fills.iter().map(|&(v, _, o)| (v, o)).collect();
    let start = encode(config.blank(), &tiles);
    let mut parent: rustc_hash::FxHashMap<u64, u64> = rustc_hash::FxHashMap::default();
    parent.insert(start, start);
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        let (b, tiles) = decode(s);
        if tiles == done {
            let mut path = Vec::new();
            let mut x = s;
            while x != start {
                path.push(decode(x).0);
                x = parent[&x];
            }
            path.reverse();
            return Some(path);
        }
        if parent.len() > MAX_PLACEMENT_STATES {
            return None;
        }
        for &w in puzzle.graph().neighbors(b) {
            if solved[w] {
                continue;
            }
            let moved: Vec<(usize, u8)> = tiles
                .iter()
                .map(|&(p, o)| {
                    if p == w {
                        (b, turns.add(o, turns.turn(w, b)))
                    } else {
                        (p, o)
                    }
                })
                .collect();
            let next = encode(w, &moved);
            if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(next) {
                e.insert(s);
                queue.push_back(next);
            }
        }
    }
    None
}

/// The optimal blank path inside `region` (the rest solved) from `config`
/// to `goal`, in the puzzle's vertex numbers: A* on the induced puzzle.
/// `region` is the last region, or every vertex still unsolved when
/// placement stuck.
fn solve_region(
    puzzle: &Puzzle,
    turns: &Turns,
    region: &[usize],
    config: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<usize>> {
    use crate::search::{best_first, turning as kernel};
    let sub = induced(puzzle, turns, region)?;
    // Renumber the region's tiles 1.. in the goal's order.
    let mut rename = std::collections::HashMap::new();
    for &v in region {
        let t = goal.tile_at(v);
        if t != 0 {
            let next = rename.len() as u32 + 1;
            rename.insert(t, next);
        }
    }
    let local = |c: &Configuration| -> Result<Configuration> {
        let cells = region
            .iter()
            .map(|&v| match c.tile_at(v) {
                0 => Ok(0),
                t => rename.get(&t).copied().ok_or_else(|| {
                    Error::internal("the last region holds a tile that belongs elsewhere")
                }),
            })
            .collect::<Result<Vec<u32>>>()?;
        let turned = region.iter().map(|&v| c.orientation_at(v)).collect();
        Configuration::from_cells(cells, 1)?.with_orientations(turned, turns.modulus())
    };
    let (from, to) = (local(config)?, local(goal)?);
    let too_many = || {
        Error::unsupported(format!(
            "the constructive solver could not place the tiles of {} vertices one by one, and \
             they are too many to search together",
            region.len()
        ))
    };
    let domain = kernel::TurningDomain::new(&sub, &from, &to).ok_or_else(too_many)?;
    let table = kernel::TurnDistances::new(&sub, &to).ok_or_else(too_many)?;
    let result = best_first::best_first(
        domain,
        kernel::TurnDistance::new(&table),
        best_first::Strategy::AStar { weight: 1.0 },
        limits,
    );
    match result {
        SearchResult::Found { moves, .. } => Ok(crate::search::domain::flatten(&moves)
            .into_iter()
            .map(|(from, _)| region[from])
            .collect()),
        SearchResult::Stopped { reason, .. } => Err(Error::Stopped {
            reason,
            message: "the constructive solver's last region reached a limit".into(),
        }),
        // The last region is solvable by the closed form; what placement
        // left over when it stuck need not be solvable among itself.
        SearchResult::Exhausted { .. } => Err(Error::unsupported(format!(
            "the constructive solver could not place the remaining tiles: the {} unsolved \
             vertices cannot be solved among themselves",
            region.len()
        ))),
    }
}
