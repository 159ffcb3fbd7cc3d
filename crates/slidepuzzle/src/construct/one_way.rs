//! The constructive solver for puzzles with one-way edges
//! (docs/THEORY.md section 7), built on the two proofs there:
//! - **strongly connected**, any number of blanks: solve the two-way
//!   puzzle on the underlying graph ([`super::graph`], [`super::several`]),
//!   then replace every move against an arc `u -> v` by the moves of the
//!   reversal theorem round a shortest directed cycle `u, v, c_2, ...,
//!   c_(L-1)` through it: the blank walks back round the cycle once from
//!   `u` to `v`, then L - 2 times round from `v` to `v` (a step that would
//!   move a blank into a blank is left out). A reversed move costs
//!   `(L - 1) + (L - 2) L` moves.
//! - **not strongly connected**, one blank: the route the goal fixes
//!   through the strong components ([`crate::theory::directed`]); each
//!   component is solved as above on its own, then the blank crosses to
//!   the next.
//!
//! Solutions are not optimal; every one is replayed on the one-way puzzle
//! before it is returned.

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::model::digraph::Digraph;
use crate::model::{BLANK, Configuration, Puzzle, PuzzleKind};
use crate::moves::{replay_steps, steps_of_blank_path};
use crate::search::Limits;
use crate::theory::directed::{local_configurations, route};

/// Steps `(from, to)` (a tile slides from `from` into the blank on `to`)
/// taking `start` to `goal` on the one-way `puzzle` (see the module docs).
///
/// # Errors
/// [`Error::Unsupported`] on a two-way puzzle, or with several blanks on
/// a digraph that is not strongly connected; [`Error::Configuration`] if
/// the goal is out of reach; the two-way solvers' errors and stops;
/// [`Error::Internal`] if the steps fail their replay (a bug).
pub(crate) fn solve_one_way_within(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let d = puzzle
        .digraph()
        .ok_or_else(|| Error::unsupported("this solver is for puzzles with one-way edges"))?;
    let steps = if let Some(order) = blank_cycle(d, start) {
        forced_walk(&order, start, goal, limits)?
    } else if d.is_strongly_connected() {
        strongly_connected(d, start, goal, limits)?
    } else if start.blanks().len() == 1 {
        downstream(d, start, goal, limits)?
    } else {
        return Err(Error::unsupported(
            "no constructive solver yet for several blanks on a one-way puzzle that is not \
             strongly connected",
        ));
    };
    // Configurations visited twice are cut out (the forced walks of a
    // one-way cycle come back to where they were).
    let steps = super::shorten::remove_step_loops(start.cells(), &steps);
    match replay_steps(puzzle, start, &steps) {
        Ok(end) if end == *goal => Ok(steps),
        _ => Err(Error::internal(
            "the one-way constructive solution does not replay to the goal",
        )),
    }
}

/// The vertices in the order one blank must visit them, from its start,
/// when the digraph is one directed cycle through every vertex (each
/// vertex lets the blank go one way only, as on `dcycle:N`); `None`
/// otherwise or with several blanks.
fn blank_cycle(d: &Digraph, start: &Configuration) -> Option<Vec<usize>> {
    let n = d.vertex_count();
    let blanks = start.blanks();
    if blanks.len() != 1 || (0..n).any(|v| d.blank_moves(v).len() != 1) {
        return None;
    }
    let mut order = Vec::with_capacity(n);
    let mut v = blanks[0];
    for _ in 0..n {
        order.push(v);
        v = d.blank_moves(v)[0];
    }
    (v == blanks[0] && {
        let mut seen = vec![false; n];
        order
            .iter()
            .all(|&w| !std::mem::replace(&mut seen[w], true))
    })
    .then_some(order)
}

/// The one solution on a directed cycle, by its length: every move is
/// forced, and after `t` moves the blank stands on `order[t mod n]` while
/// the tiles read from the vertex after it round the cycle are the
/// start's reading turned by `t mod (n - 1)`. The goal fixes both
/// residues; as n and n - 1 are coprime, the Chinese remainder theorem
/// gives the unique `t < n (n - 1)` (`g + n ((r - g) mod (n - 1))`), the
/// shortest solution. O(n + t), its moves counted against the memory
/// budget before they are made.
fn forced_walk(
    order: &[usize],
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let n = order.len();
    let reading = |c: &Configuration, from: usize| -> Vec<u32> {
        (1..n).map(|i| c.tile_at(order[(from + i) % n])).collect()
    };
    let unreachable =
        || Error::config("the goal is out of reach: the tiles' order round the cycle differs");
    let g = order
        .iter()
        .position(|&v| goal.tile_at(v) == BLANK)
        .ok_or_else(unreachable)?;
    let (ours, theirs) = (reading(start, 0), reading(goal, g));
    let m = (n - 1) as u64;
    // Every turn r of our reading that is the goal's (several when labels
    // repeat), and the shortest walk among them.
    let t = (0..n - 1)
        .filter(|&r| ours[r] == theirs[0])
        .filter(|&r| (0..n - 1).all(|i| ours[(r + i) % (n - 1)] == theirs[i]))
        .map(|r| g as u64 + n as u64 * ((r as u64 + m - g as u64 % m) % m))
        .min()
        .ok_or_else(unreachable)?;
    let bytes = t.saturating_mul(size_of::<(usize, usize)>() as u64);
    limits.budget().check_memory(
        bytes,
        &format!("the one solution on this directed cycle ({t} moves)"),
    )?;
    let mut steps: Vec<(usize, usize)> = Vec::new();
    steps.try_reserve_exact(t as usize).map_err(|_| {
        crate::primitives::alloc::out_of_memory(bytes, "the moves round the directed cycle")
    })?;
    steps.extend((0..t as usize).map(|i| (order[(i + 1) % n], order[i % n])));
    Ok(steps)
}

/// The strongly connected case: the two-way solution with every move
/// against an arc reversed round a cycle.
fn strongly_connected(
    d: &Digraph,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let two_way = Puzzle::new(d.underlying()?, PuzzleKind::Graph, "underlying");
    let two_way_steps = if start.blanks().len() == 1 {
        let path = super::graph::solve_graph_constructively_within(&two_way, start, goal, limits)?;
        steps_of_blank_path(start.blank(), &path)
    } else {
        super::several::solve_several_blanks_within(&two_way, start, goal, limits)?
    };
    let mut cells = start.cells().to_vec();
    let mut cycles: FxHashMap<(usize, usize), Vec<usize>> = FxHashMap::default();
    let mut out = Vec::with_capacity(two_way_steps.len());
    let budget = limits.budget();
    for (from, to) in two_way_steps {
        if d.successors(from).contains(&to) {
            out.push((from, to));
            cells.swap(from, to);
            continue;
        }
        // The tile on `from` = v must reach the blank on `to` = u against
        // the arc u -> v.
        let (u, v) = (to, from);
        let cycle = match cycles.get(&(u, v)) {
            Some(c) => c,
            None => {
                let c = cycle_through(d, u, v).ok_or_else(|| {
                    Error::internal("every arc of a strongly connected digraph is on a cycle")
                })?;
                cycles.entry((u, v)).or_insert(c)
            }
        };
        let l = cycle.len() as u64;
        let cost = (l - 1) + (l - 2) * l;
        let need = (out.len() as u64 + cost).saturating_mul(size_of::<(usize, usize)>() as u64);
        budget.check_memory(
            need,
            &format!(
                "the one-way constructive solution (at {} moves; a move against an arc costs {cost} round a cycle of {l})",
                out.len()
            ),
        )?;
        budget.check("the one-way constructive solver")?;
        reverse_round(&mut cells, cycle, &mut out);
    }
    Ok(out)
}

/// A shortest directed cycle `u, v, c_2, ..., c_(L-1)` through the arc
/// `u -> v`: a breadth-first search from `v` back to `u` along the arcs.
fn cycle_through(d: &Digraph, u: usize, v: usize) -> Option<Vec<usize>> {
    let mut parent = vec![usize::MAX; d.vertex_count()];
    parent[v] = v;
    let mut queue = std::collections::VecDeque::from([v]);
    while let Some(w) = queue.pop_front() {
        if w == u {
            break;
        }
        for &x in d.successors(w) {
            if parent[x] == usize::MAX {
                parent[x] = w;
                queue.push_back(x);
            }
        }
    }
    if parent[u] == usize::MAX {
        return None;
    }
    // u, then back along the parents: the path v ... u reversed gives
    // u's predecessors first; the cycle is u, v, ..., pred(u).
    let mut back = vec![];
    let mut w = parent[u];
    while w != v {
        back.push(w);
        w = parent[w];
    }
    back.reverse();
    let mut cycle = vec![u, v];
    cycle.extend(back);
    Some(cycle)
}

/// The moves of the reversal theorem: the blank on `cycle[0]` ends on
/// `cycle[1]` with the tile from `cycle[1]` on `cycle[0]` and everything
/// else as it was. Steps appended to `out`, `cells` kept up to date.
fn reverse_round(cells: &mut [u32], cycle: &[usize], out: &mut Vec<(usize, usize)>) {
    let l = cycle.len();
    let mut at = cycle[0];
    let mut go = |y: usize, at: &mut usize| {
        if cells[y] != BLANK {
            out.push((y, *at));
            cells.swap(y, *at);
        }
        *at = y;
    };
    // Once back round from cycle[0] to cycle[1].
    for i in (1..l).rev() {
        go(cycle[i], &mut at);
    }
    // L - 2 times round from cycle[1] to cycle[1].
    for _ in 0..l.saturating_sub(2) {
        go(cycle[0], &mut at);
        for i in (1..l).rev() {
            go(cycle[i], &mut at);
        }
    }
}

/// One blank on a digraph that is not strongly connected: each leg of the
/// route solved in its component, then the crossing.
fn downstream(
    d: &Digraph,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let legs = route(d, start, goal)?
        .map_err(|reason| Error::config(format!("the goal is out of reach: {reason}")))?;
    let mut out = Vec::new();
    for leg in &legs {
        if leg.vertices.len() > 1 {
            let (from, to) = local_configurations(leg)?.ok_or_else(|| {
                Error::config("the goal is out of reach: a component's tiles differ")
            })?;
            let sub = d.induced(&leg.vertices)?;
            let local = strongly_connected(&sub, &from, &to, limits)?;
            out.extend(
                local
                    .into_iter()
                    .map(|(a, b)| (leg.vertices[a], leg.vertices[b])),
            );
        }
        if let Some((a, b)) = leg.crossing {
            out.push((b, a));
        }
    }
    Ok(out)
}
