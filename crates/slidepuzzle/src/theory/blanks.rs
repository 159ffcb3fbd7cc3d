//! Several blanks (k >= 2): when is every configuration reachable, and is a
//! given one?
//!
//! THEORY.md section 4 (derived and checked by brute force on 5,971 cases;
//! this crate's tests check it again): on a connected graph with n vertices,
//! k blanks and p = n - k tiles, every configuration is reachable iff
//! - the graph is a path: p <= 1;
//! - a cycle: p <= 2;
//! - 2-connected and not a cycle: always;
//! - separable and not a path: k >= h + 1, where h is the largest number of
//!   vertices of a *hallway*, a path of bridges whose vertices are all cut
//!   vertices and whose inner vertices have degree 2 (a lone cut vertex
//!   gives h = 1).
//!
//! For a given pair of configurations the exact test here is breadth-first
//! search, bounded by a state limit; the linear-time algorithm of Yu
//! ("A linear time algorithm for the feasibility of pebble motion on
//! graphs", arXiv 1301.2342) is future work.

use std::collections::{HashSet, VecDeque};

use super::blocks::{BlockKind, decompose};
use super::reachability::Verdict;
use crate::error::{Error, Result};
use crate::model::{Configuration, Graph, Puzzle};

/// The largest number of vertices of a hallway (see the module docs); 0 when
/// the graph has no cut vertex. O(V + E).
pub fn hallway_length(graph: &Graph) -> usize {
    let blocks = decompose(graph);
    let n = graph.vertex_count();
    let mut is_cut = vec![false; n];
    for &v in &blocks.articulation_points {
        is_cut[v] = true;
    }
    if blocks.articulation_points.is_empty() {
        return 0;
    }
    // Bridges between two cut vertices.
    let mut hall: Vec<Vec<usize>> = vec![Vec::new(); n];
    for block in &blocks.blocks {
        if block.kind == BlockKind::Bridge {
            let (u, v) = block.edges[0];
            if is_cut[u] && is_cut[v] {
                hall[u].push(v);
                hall[v].push(u);
            }
        }
    }
    let inner = |v: usize| graph.neighbors(v).len() == 2 && hall[v].len() == 2;
    let mut best = 1;
    // From every hallway edge, extend both ways through inner vertices
    // (bridges form a forest, so the walks end).
    for u in 0..n {
        for &v in hall[u].iter().filter(|&&v| u < v) {
            let mut count = 2;
            for (from, to) in [(u, v), (v, u)] {
                let (mut prev, mut cur) = (from, to);
                while inner(cur) {
                    let next = if hall[cur][0] == prev {
                        hall[cur][1]
                    } else {
                        hall[cur][0]
                    };
                    prev = cur;
                    cur = next;
                    count += 1;
                }
            }
            best = best.max(count);
        }
    }
    best
}

/// Whether every configuration with `k` blanks is reachable from every
/// other, with the reason. `k >= 1`; for k = 1 this asks whether the puzzle
/// group acts transitively (one class).
pub fn everything_reachable(puzzle: &Puzzle, k: usize) -> (bool, String) {
    let graph = puzzle.graph();
    let n = graph.vertex_count();
    if k >= n {
        return (true, "no tiles: only one configuration".into());
    }
    let p = n - k;
    let (_, components) = graph.components();
    if components > 1 {
        return (
            false,
            format!("the graph has {components} components and tiles cannot cross between them"),
        );
    }
    let blocks = decompose(graph);
    let is_path = graph.edge_count() == n - 1 && (0..n).all(|v| graph.neighbors(v).len() <= 2);
    let is_cycle = blocks.blocks.len() == 1
        && blocks.blocks[0].kind == BlockKind::Cycle
        && blocks.blocks[0].vertices.len() == n;
    let two_connected = blocks.articulation_points.is_empty() && !is_path;
    if k == 1 {
        let a = super::group::analyze(puzzle, &puzzle.default_goal());
        return (
            a.classes == "1",
            format!("one blank: {} class(es) (group {})", a.classes, a.group),
        );
    }
    if is_path {
        return (
            p <= 1,
            format!(
                "a path: tiles never pass each other, so everything is reachable only with at most 1 tile (here {p})"
            ),
        );
    }
    if is_cycle {
        return (
            p <= 2,
            format!(
                "a cycle: tiles keep their cyclic order, so everything is reachable only with at most 2 tiles (here {p})"
            ),
        );
    }
    if two_connected {
        return (
            true,
            "2-connected and not a cycle: with 2 or more blanks every configuration is reachable"
                .into(),
        );
    }
    let h = hallway_length(graph);
    (
        k > h,
        format!(
            "separable, not a path: everything is reachable iff blanks k >= h + 1, with longest hallway h = {h} (k = {k})"
        ),
    )
}

/// Decides reachability between two configurations with any number of
/// blanks by breadth-first search, visiting at most `max_states` states.
///
/// # Errors
/// [`Error::State`] if the tile sets differ; [`Error::Unsupported`] when
/// the search would exceed `max_states` and the closed-form criterion does
/// not settle the question.
pub fn check_several_blanks(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    max_states: usize,
) -> Result<Verdict> {
    let mut a = start.cells().to_vec();
    let mut b = goal.cells().to_vec();
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        return Err(Error::State(
            "start and goal hold different tiles or blank counts".into(),
        ));
    }
    let k = start.blanks().len();
    let (all, why) = everything_reachable(puzzle, k);
    if all {
        return Ok(Verdict {
            solvable: true,
            reason: format!("every configuration with {k} blanks is reachable: {why}"),
        });
    }
    let graph = puzzle.graph();
    let key = |c: &[u32]| -> Vec<u32> { c.to_vec() };
    let target = key(goal.cells());
    let mut seen = HashSet::from([key(start.cells())]);
    let mut queue = VecDeque::from([start.cells().to_vec()]);
    while let Some(cells) = queue.pop_front() {
        if cells == target {
            return Ok(Verdict {
                solvable: true,
                reason: format!(
                    "found by breadth-first search over {} configurations",
                    seen.len()
                ),
            });
        }
        for v in 0..cells.len() {
            if cells[v] != 0 {
                continue;
            }
            for &w in graph.neighbors(v) {
                if cells[w] == 0 {
                    continue;
                }
                let mut next = cells.clone();
                next.swap(v, w);
                if seen.insert(next.clone()) {
                    if seen.len() > max_states {
                        return Err(Error::Unsupported(format!(
                            "deciding this several-blank instance needs more than {max_states} states of breadth-first search (the linear-time test is not implemented yet)"
                        )));
                    }
                    queue.push_back(next);
                }
            }
        }
    }
    Ok(Verdict {
        solvable: false,
        reason: format!(
            "breadth-first search exhausted all {} configurations reachable from the start without meeting the goal ({why})",
            seen.len()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hallways() {
        let h = |spec: &str| hallway_length(Puzzle::parse(spec).unwrap().graph());
        assert_eq!(h("4x4"), 0);
        // Two triangles joined by a path 2-3-4: hallway 2-3-4 has 3 vertices.
        assert_eq!(h("edges:0-1,1-2,2-0,2-3,3-4,4-5,5-6,6-4"), 3);
        // A star: one cut vertex.
        assert_eq!(h("edges:0-1,0-2,0-3"), 1);
    }
}
