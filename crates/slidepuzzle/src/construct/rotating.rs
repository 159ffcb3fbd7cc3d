//! A constructive solver for rotating puzzles too large for an optimal
//! search ([`crate::model::rotating`]; docs/THEORY.md section 9): tokens
//! are put home a few at a time, each stage found by a meet-in-the-middle
//! search, and the last few tokens by the optimal search on the cycles
//! that touch only them.
//!
//! 1. **Order.** Vertices are fixed farthest first from the last vertex
//!    (by distance in the union of the cycles, ties by vertex number), so
//!    the tokens still free gather round the last vertex. A stage fixes
//!    the next vertex and, with it, every free vertex that no longer lies
//!    on a cycle of free vertices only (so a corner of a `WxH:twiddle`
//!    board is fixed with its neighbour, as a speedsolver does).
//! 2. **Stage.** The state is the vertices of the tokens fixed so far
//!    and the stage's own; a breadth-first search from the arrangement
//!    and one backwards from those tokens' home vertices grow the smaller
//!    side first until they meet ([`MAX_STAGE_STATES`] states in all).
//! 3. **Finish.** When at most [`FINAL_TOKENS`] vertices are free, each
//!    on a cycle of free vertices only, and those cycles can take the
//!    free tokens home ([`crate::theory::rotating::check`]), IDA* with
//!    the rotation distance ([`crate::search::rotating`]) solves that
//!    small puzzle optimally.
//!
//! Not optimal: a stage's sequence is shortest for its tokens, not for
//! the whole. Cost: a stage is at most [`MAX_STAGE_STATES`] states of
//! O(fixed tokens) each.
//!
//! ```
//! use slidepuzzle::construct::rotating::solve_rotating_constructively;
//! use slidepuzzle::model::rotating::RotatingPuzzle;
//! use slidepuzzle::Limits;
//! let p = RotatingPuzzle::parse("5x5:twiddle").unwrap();
//! let start = slidepuzzle::theory::rotating::scramble(&p, &p.goal(), 1).unwrap();
//! let turns = solve_rotating_constructively(&p, &start, &p.goal(), &Limits::default()).unwrap();
//! let mut a = start.clone();
//! for &t in &turns {
//!     p.apply(&mut a, t);
//! }
//! assert_eq!(a, p.goal());
//! ```

use std::collections::HashMap;

use super::limits::check_limits;
use crate::error::{Error, Result};
use crate::model::rotating::{RotatingPuzzle, Rotation};
use crate::search::Limits;

/// Most states a stage's two searches hold together.
pub const MAX_STAGE_STATES: usize = 3_000_000;

/// Most states a stage's first try holds: past them, its tokens are
/// first brought near home by the turns clear of the fixed tokens.
pub const QUICK_STAGE_STATES: usize = 30_000;

/// Most free tokens the last, optimal stage takes.
pub const FINAL_TOKENS: usize = 9;

/// Most vertices times turns the solver tabulates (each turn's image of
/// every vertex, two bytes each).
pub const MAX_TURN_TABLE: usize = 1 << 24;

/// Turns taking `start` to `goal` (both arrangements of `puzzle`, the
/// goal reachable), found stage by stage (module documentation).
///
/// # Errors
/// [`Error::Stopped`] when `limits` stop it between stages;
/// [`Error::Unsupported`] for a puzzle above [`MAX_TURN_TABLE`] or a
/// stage that needs more than [`MAX_STAGE_STATES`] states (or more than
/// the memory budget holds).
pub fn solve_rotating_constructively(
    puzzle: &RotatingPuzzle,
    start: &[u32],
    goal: &[u32],
    limits: &Limits,
) -> Result<Vec<Rotation>> {
    let n = puzzle.vertex_count();
    let turns = puzzle.moves();
    if n.saturating_mul(turns.len()) > MAX_TURN_TABLE {
        return Err(Error::unsupported(format!(
            "the constructive rotating solver tabulates at most {MAX_TURN_TABLE} vertex images; {} has {n} vertices and {} turns",
            crate::error::excerpt(puzzle.spec()),
            turns.len()
        )));
    }
    let images: Vec<Vec<u16>> = turns.iter().map(|&t| image_of(puzzle, t)).collect();
    let inverse: Vec<usize> = turns
        .iter()
        .map(|&t| {
            let back = undoing(puzzle, t);
            turns.iter().position(|&u| u == back).unwrap_or(0)
        })
        .collect();
    let mut home = vec![0usize; n + 1];
    for (v, &t) in goal.iter().enumerate() {
        home[t as usize] = v;
    }
    let order = fixing_order(puzzle);
    let mut fixed = vec![false; n];
    let mut cells = start.to_vec();
    let mut out = Vec::new();
    let mut next = 0;
    loop {
        check_limits(limits)?;
        let free: Vec<usize> = (0..n).filter(|&v| !fixed[v]).collect();
        if free.is_empty() {
            return Ok(out);
        }
        if let Some(rest) = finish(puzzle, &fixed, &free, &cells, goal, limits)? {
            for &t in &rest {
                puzzle.apply(&mut cells, t);
            }
            out.extend(rest);
            return Ok(out);
        }
        while fixed[order[next]] {
            next += 1;
        }
        let before = fixed.clone();
        let mut stage = vec![order[next]];
        fixed[order[next]] = true;
        for v in uncovered(puzzle, &fixed) {
            fixed[v] = true;
            stage.push(v);
        }
        // The tokens whose home is fixed.
        let tokens: Vec<u32> = (0..n).filter(|&v| fixed[v]).map(|v| goal[v]).collect();
        let to: Vec<u16> = tokens.iter().map(|&t| home[t as usize] as u16).collect();
        // A state is kept twice (list and index), two bytes a token.
        let state_bytes = 4 * tokens.len() as u64 + 96;
        let cap = MAX_STAGE_STATES.min((limits.max_memory / state_bytes) as usize);
        let positions = |cells: &[u32]| {
            let mut at_vertex = vec![0u16; n + 1];
            for (v, &t) in cells.iter().enumerate() {
                at_vertex[t as usize] = v as u16;
            }
            tokens
                .iter()
                .map(|&t| at_vertex[t as usize])
                .collect::<Vec<u16>>()
        };
        let quick = meet(
            &images,
            &inverse,
            (positions(&cells), to.clone()),
            cap.min(QUICK_STAGE_STATES),
        );
        let found = match quick {
            Some(found) => Some(found),
            None => {
                // Each of the stage's tokens first as near home as the
                // turns that keep every fixed token take it.
                for &v in &stage {
                    let approach = approach(puzzle, &images, &before, &cells, goal[v], v);
                    for &i in &approach {
                        puzzle.apply(&mut cells, turns[i]);
                    }
                    out.extend(approach.iter().map(|&i| turns[i]));
                }
                meet(&images, &inverse, (positions(&cells), to), cap)
            }
        };
        let found = found.ok_or_else(|| {
            Error::unsupported(format!(
                "the constructive rotating solver found no turns within {MAX_STAGE_STATES} states to put vertex {}'s token home on {}",
                stage[0],
                crate::error::excerpt(puzzle.spec())
            ))
        })?;
        for &i in &found {
            puzzle.apply(&mut cells, turns[i]);
        }
        out.extend(found.iter().map(|&i| turns[i]));
    }
}

/// Turns of cycles clear of `fixed` that take `token` (now on some vertex
/// of `cells`) as near `home` as they can, by the distance in the union
/// of the cycles: a breadth-first search over the token's vertex. O(V
/// turns).
fn approach(
    puzzle: &RotatingPuzzle,
    images: &[Vec<u16>],
    fixed: &[bool],
    cells: &[u32],
    token: u32,
    home: usize,
) -> Vec<usize> {
    let n = cells.len();
    let Some(at) = cells.iter().position(|&t| t == token) else {
        return Vec::new();
    };
    let turns = puzzle.moves();
    let clear: Vec<usize> = (0..turns.len())
        .filter(|&i| {
            puzzle.cycles()[turns[i].cycle as usize]
                .iter()
                .all(|&v| !fixed[v])
        })
        .collect();
    let far = crate::model::Graph::from_edges(n, &puzzle.edges())
        .map(|g| g.distances_from(home))
        .unwrap_or_else(|_| vec![0; n]);
    let mut parent = vec![(usize::MAX, usize::MAX); n];
    let mut seen = vec![false; n];
    seen[at] = true;
    let mut queue = std::collections::VecDeque::from([at]);
    let mut best = at;
    while let Some(v) = queue.pop_front() {
        if far[v] < far[best] {
            best = v;
        }
        for &i in &clear {
            let w = images[i][v] as usize;
            if !seen[w] {
                seen[w] = true;
                parent[w] = (v, i);
                queue.push_back(w);
            }
        }
    }
    let mut path = Vec::new();
    let mut v = best;
    while v != at {
        let (p, i) = parent[v];
        path.push(i);
        v = p;
    }
    path.reverse();
    path
}

/// The turn that undoes `t` (a 2-cycle's one turn undoes itself).
fn undoing(puzzle: &RotatingPuzzle, t: Rotation) -> Rotation {
    if puzzle.cycles()[t.cycle as usize].len() == 2 {
        t
    } else {
        t.inverse()
    }
}

/// Where turn `t` carries the token on each vertex.
fn image_of(puzzle: &RotatingPuzzle, t: Rotation) -> Vec<u16> {
    let mut image: Vec<u16> = (0..puzzle.vertex_count() as u16).collect();
    let c = &puzzle.cycles()[t.cycle as usize];
    for j in 0..c.len() {
        let k = if t.forward {
            (j + 1) % c.len()
        } else {
            (j + c.len() - 1) % c.len()
        };
        image[c[j]] = c[k] as u16;
    }
    image
}

/// The vertices, farthest first from the last one in the union of the
/// cycles (ties by vertex number; unreachable vertices first).
fn fixing_order(puzzle: &RotatingPuzzle) -> Vec<usize> {
    let n = puzzle.vertex_count();
    let mut neighbours = vec![Vec::new(); n];
    for (a, b) in puzzle.edges() {
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    let mut distance = vec![usize::MAX; n];
    let mut queue = std::collections::VecDeque::from([n - 1]);
    distance[n - 1] = 0;
    while let Some(v) = queue.pop_front() {
        for &w in &neighbours[v] {
            if distance[w] == usize::MAX {
                distance[w] = distance[v] + 1;
                queue.push_back(w);
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| (std::cmp::Reverse(distance[v]), v));
    order
}

/// The free vertices on no cycle of free vertices only.
fn uncovered(puzzle: &RotatingPuzzle, fixed: &[bool]) -> Vec<usize> {
    let mut covered = vec![false; fixed.len()];
    for c in puzzle.cycles() {
        if c.iter().all(|&v| !fixed[v]) {
            for &v in c {
                covered[v] = true;
            }
        }
    }
    (0..fixed.len())
        .filter(|&v| !fixed[v] && !covered[v])
        .collect()
}

/// The last stage, if it applies (module documentation): the optimal
/// turns of the free tokens on the cycles of free vertices only.
fn finish(
    puzzle: &RotatingPuzzle,
    fixed: &[bool],
    free: &[usize],
    cells: &[u32],
    goal: &[u32],
    limits: &Limits,
) -> Result<Option<Vec<Rotation>>> {
    if free.len() > FINAL_TOKENS || !uncovered(puzzle, fixed).is_empty() {
        return Ok(None);
    }
    let mut local = vec![usize::MAX; fixed.len()];
    for (i, &v) in free.iter().enumerate() {
        local[v] = i;
    }
    let inner: Vec<usize> = (0..puzzle.cycles().len())
        .filter(|&c| puzzle.cycles()[c].iter().all(|&v| !fixed[v]))
        .collect();
    let cycles: Vec<Vec<usize>> = inner
        .iter()
        .map(|&c| puzzle.cycles()[c].iter().map(|&v| local[v]).collect())
        .collect();
    let small = RotatingPuzzle::new(puzzle.spec(), cycles)?;
    // Tokens renumbered 1..=k by their home among the free vertices.
    let mut rank = HashMap::new();
    for (i, &v) in free.iter().enumerate() {
        rank.insert(goal[v], i as u32 + 1);
    }
    let here: Option<Vec<u32>> = free.iter().map(|&v| rank.get(&cells[v]).copied()).collect();
    let Some(here) = here else {
        return Ok(None);
    };
    let there = small.goal();
    if !crate::theory::rotating::check(&small, &here, &there)?.solvable {
        return Ok(None);
    }
    let domain = crate::search::rotating::RotatingDomain::new(&small, &here, &there)?;
    let heuristic = crate::search::rotating::RotationDistance::default();
    let small_turns = small.moves();
    match crate::search::ida::ida_star(domain, heuristic, limits, false) {
        crate::search::SearchResult::Found { moves, .. } => Ok(Some(
            moves
                .iter()
                .map(|m| {
                    let t = small_turns[m.index()];
                    Rotation {
                        cycle: inner[t.cycle as usize] as u16,
                        forward: t.forward,
                    }
                })
                .collect(),
        )),
        crate::search::SearchResult::Stopped { reason, .. } => Err(Error::Stopped {
            reason,
            message: "the constructive rotating solver stopped in its last stage".into(),
        }),
        crate::search::SearchResult::Exhausted { .. } => Ok(None),
    }
}

/// One side of [`meet`]: the states found, each with its parent and the
/// turn that led to it.
struct Side {
    states: Vec<Vec<u16>>,
    parent: Vec<(u32, u32)>,
    index: HashMap<Vec<u16>, u32>,
    /// The states of the last layer, `states[layer..]`.
    layer: usize,
}

impl Side {
    fn new(root: Vec<u16>) -> Side {
        Side {
            index: HashMap::from([(root.clone(), 0)]),
            states: vec![root],
            parent: vec![(u32::MAX, u32::MAX)],
            layer: 0,
        }
    }

    /// The turns from the root to state `i`, in the order made.
    fn path(&self, mut i: u32) -> Vec<usize> {
        let mut out = Vec::new();
        while self.parent[i as usize].0 != u32::MAX {
            let (p, t) = self.parent[i as usize];
            out.push(t as usize);
            i = p;
        }
        out.reverse();
        out
    }
}

/// Turns (indices into the turn list) taking the tokens on `from` to
/// `to`: breadth-first from both ends, the smaller side a layer at a
/// time, until a state is on both; `None` past `cap` states.
fn meet(
    images: &[Vec<u16>],
    inverse: &[usize],
    (from, to): (Vec<u16>, Vec<u16>),
    cap: usize,
) -> Option<Vec<usize>> {
    if from == to {
        return Some(Vec::new());
    }
    let mut sides = [Side::new(from), Side::new(to)];
    loop {
        let frontier = |side: &Side| side.states.len() - side.layer;
        let s = usize::from(frontier(&sides[1]) < frontier(&sides[0]));
        let (grow, other) = if s == 0 {
            let [a, b] = &mut sides;
            (a, &*b)
        } else {
            let [a, b] = &mut sides;
            (b, &*a)
        };
        let end = grow.states.len();
        if grow.layer == end {
            return None;
        }
        for i in grow.layer..end {
            for (t, image) in images.iter().enumerate() {
                let next: Vec<u16> = grow.states[i].iter().map(|&v| image[v as usize]).collect();
                if grow.index.contains_key(&next) {
                    continue;
                }
                if let Some(&j) = other.index.get(&next) {
                    let (forward, backward) = if s == 0 {
                        let mut f = grow.path(i as u32);
                        f.push(t);
                        (f, other.path(j))
                    } else {
                        let mut b = grow.path(i as u32);
                        b.push(t);
                        (other.path(j), b)
                    };
                    // The backward side made turn t from the goal's side:
                    // undoing its turns in reverse order goes to the goal.
                    let mut turns = forward;
                    turns.extend(backward.iter().rev().map(|&t| inverse[t]));
                    return Some(turns);
                }
                let k = grow.states.len() as u32;
                grow.index.insert(next.clone(), k);
                grow.states.push(next);
                grow.parent.push((i as u32, t as u32));
                if grow.states.len() + other.states.len() > cap {
                    return None;
                }
            }
        }
        grow.layer = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replayed(spec: &str, seed: u64) -> usize {
        let p = RotatingPuzzle::parse(spec).unwrap();
        let start = crate::theory::rotating::scramble(&p, &p.goal(), seed).unwrap();
        let turns = solve_rotating_constructively(&p, &start, &p.goal(), &Limits::default())
            .unwrap_or_else(|e| panic!("{spec} seed {seed}: {e}"));
        let mut a = start;
        for &t in &turns {
            p.apply(&mut a, t);
        }
        assert_eq!(a, p.goal(), "{spec} seed {seed}");
        turns.len()
    }

    #[test]
    fn every_family_is_solved_and_replayed() {
        for spec in [
            "4x4:twiddle",
            "5x5:twiddle",
            "3x6:twiddle",
            "rotate:0-1-2-3,2-3-4-5,4-5-6-0",
        ] {
            for seed in 0..3 {
                assert!(replayed(spec, seed) > 0, "{spec}");
            }
        }
    }
}
