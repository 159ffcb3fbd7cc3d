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
//! For a given pair of configurations the exact test is algebraic
//! ([`BlankGroup`]): the *blank-set graph* has one node per set of k blank
//! vertices and one edge per move. Its spanning tree from the goal's blank
//! set B and each non-tree edge give a closed walk of blank sets, and the
//! tile arrangements these loops produce generate the group of all
//! arrangements reachable with the blanks back on B (the homotopy argument
//! of Wilson 1974 and Kornhauser, Miller and Spirakis, FOCS 1984, applied
//! to the blank-set graph, whose loops generate its fundamental group).
//! Schreier-Sims ([`super::schreier_sims`]) then decides membership exactly.
//! This is polynomial for fixed k (C(n, k) blank sets), not the linear time
//! of Yu ("A linear time algorithm for the feasibility of pebble motion on
//! graphs", arXiv 1301.2342); above its limits breadth-first search over
//! configurations, bounded by a state limit, is the fallback.

use std::collections::{HashSet, VecDeque};

use std::collections::HashMap;

use num_bigint::BigUint;

use super::Perm;
use super::blocks::{BlockKind, decompose};
use super::reachability::Verdict;
use super::schreier_sims::SimsTable;
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

/// Exact counts for several blanks (see [`several_blank_counts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlankCounts {
    /// Order of the group of arrangements with the blanks on the goal's
    /// vertices.
    pub group_order: BigUint,
    /// Blank sets reachable from the goal's.
    pub blank_sets: BigUint,
    /// Configurations reachable from the goal: the product of the two.
    pub reachable_configurations: BigUint,
}

/// Exact counts for `goal`'s blanks: in closed form when
/// [`everything_reachable`] holds on a connected graph ((n-k)! arrangements,
/// C(n, k) blank sets), else from [`BlankGroup`]; `None` beyond the
/// group's limits.
pub fn several_blank_counts(puzzle: &Puzzle, goal: &Configuration) -> Option<BlankCounts> {
    let n = puzzle.vertex_count();
    let k = goal.blanks().len();
    let fact = |m: usize| -> BigUint { (1..=m as u64).map(BigUint::from).product() };
    if puzzle.graph().components().1 == 1 && everything_reachable(puzzle, k).0 {
        let sets = fact(n) / (fact(k) * fact(n - k));
        return Some(BlankCounts {
            group_order: fact(n - k),
            reachable_configurations: fact(n) / fact(k),
            blank_sets: sets,
        });
    }
    let group = BlankGroup::new(puzzle.graph(), &goal.blanks()).ok()?;
    Some(BlankCounts {
        group_order: group.order(),
        blank_sets: BigUint::from(group.blank_sets()),
        reachable_configurations: group.reachable_configurations(),
    })
}

/// Most blank sets [`BlankGroup::new`] will enumerate.
pub const BLANK_GROUP_MAX_SETS: usize = 200_000;
/// Most entries (blank sets times vertices) of the stored arrangements.
pub const BLANK_GROUP_MAX_CELLS: usize = 40_000_000;
/// Most tiles (the Sims table's degree; it stores n^2 permutations).
pub const BLANK_GROUP_MAX_TILES: usize = 256;

/// The group of tile arrangements reachable with the blanks returned to a
/// base set B (see the module docs), with the blank-set graph's spanning
/// tree to bring any configuration's blanks to B.
pub struct BlankGroup {
    /// The base blank set, sorted.
    base: Vec<usize>,
    /// Blank sets reached from the base, with (parent index, blank vertex
    /// the move emptied, vertex it filled). The root's parent is itself.
    index: HashMap<Vec<usize>, usize>,
    parent: Vec<(usize, usize, usize)>,
    /// Tile-point numbering: vertex -> point (for vertices off the base).
    point: Vec<usize>,
    table: SimsTable,
    generators: usize,
}

impl BlankGroup {
    /// Builds the group for blank set `base` (sorted, distinct vertices).
    /// O(S * (n + k * deg)) time for S reachable blank sets, plus
    /// Schreier-Sims on the loops (each sifted first; only new ones kept).
    ///
    /// # Errors
    /// [`Error::Unsupported`] beyond [`BLANK_GROUP_MAX_SETS`],
    /// [`BLANK_GROUP_MAX_CELLS`] or [`BLANK_GROUP_MAX_TILES`].
    pub fn new(graph: &Graph, base: &[usize]) -> Result<Self> {
        let n = graph.vertex_count();
        let mut base = base.to_vec();
        base.sort_unstable();
        let tiles = n - base.len();
        if tiles > BLANK_GROUP_MAX_TILES {
            return Err(Error::Unsupported(format!(
                "{tiles} tiles: the blank-set group is limited to {BLANK_GROUP_MAX_TILES}"
            )));
        }
        let mut point = vec![usize::MAX; n];
        let mut next = 0;
        for (v, p) in point.iter_mut().enumerate() {
            if base.binary_search(&v).is_err() {
                *p = next;
                next += 1;
            }
        }
        const BLANK: u32 = u32::MAX;
        // Arrangement at the base: point labels, blanks on the base.
        let identity: Vec<u32> = (0..n)
            .map(|v| {
                if point[v] == usize::MAX {
                    BLANK
                } else {
                    point[v] as u32
                }
            })
            .collect();
        let mut index = HashMap::from([(base.clone(), 0usize)]);
        let mut sets = vec![base.clone()];
        let mut parent = vec![(0usize, usize::MAX, usize::MAX)];
        let mut arrangement: Vec<Vec<u32>> = vec![identity];
        // Each non-tree edge reaches blank set j with arrangement X; walking
        // the tree back from j to the base turns it into sigma with
        // sigma[u] = X[vertex where the tree arrangement of j holds u].
        let mut table = SimsTable::new(tiles, &[]);
        let mut generators = 0;
        let mut where_is = vec![0usize; tiles];
        let symmetric: BigUint = (1..=tiles as u64).map(BigUint::from).product();
        let alternating = &symmetric / 2u32;
        let mut order = BigUint::from(1u32);
        let mut head = 0;
        while head < sets.len() {
            let set = sets[head].clone();
            for (bi, &b) in set.iter().enumerate() {
                for &w in graph.neighbors(b) {
                    if set.binary_search(&w).is_ok() {
                        continue;
                    }
                    // The tile on w moves to b: the blank set loses b, gains w.
                    let mut child = set.clone();
                    child.remove(bi);
                    let at = child.binary_search(&w).unwrap_err();
                    child.insert(at, w);
                    let mut moved = arrangement[head].clone();
                    moved.swap(b, w);
                    match index.get(&child) {
                        None => {
                            if sets.len() >= BLANK_GROUP_MAX_SETS
                                || (sets.len() + 1) * n > BLANK_GROUP_MAX_CELLS
                            {
                                return Err(Error::Unsupported(format!(
                                    "more than {BLANK_GROUP_MAX_SETS} blank sets (or {BLANK_GROUP_MAX_CELLS} stored cells)"
                                )));
                            }
                            index.insert(child.clone(), sets.len());
                            sets.push(child);
                            parent.push((head, b, w));
                            arrangement.push(moved);
                        }
                        Some(&j) if j != parent[head].0 && order != symmetric => {
                            for (v, &label) in arrangement[j].iter().enumerate() {
                                if label != BLANK {
                                    where_is[label as usize] = v;
                                }
                            }
                            let images: Vec<u32> = (0..tiles).map(|u| moved[where_is[u]]).collect();
                            let sigma =
                                Perm::from_images(images).expect("a relabelling is a permutation");
                            // Once the group is A_p only an odd loop can
                            // add anything; sifting is skipped.
                            let new = if order == alternating {
                                sigma.is_odd()
                            } else {
                                !sigma.is_identity() && !table.contains(&sigma)
                            };
                            if new {
                                table.add_generator(sigma);
                                generators += 1;
                                order = table.order();
                            }
                        }
                        Some(_) => {}
                    }
                }
            }
            head += 1;
        }
        Ok(BlankGroup {
            base,
            index,
            parent,
            point,
            table,
            generators,
        })
    }

    /// The group's order (arrangements reachable with the blanks on the
    /// base).
    pub fn order(&self) -> BigUint {
        self.table.order()
    }

    /// Configurations reachable from one with blanks on the base: blank
    /// sets times the group order.
    pub fn reachable_configurations(&self) -> BigUint {
        self.order() * BigUint::from(self.parent.len())
    }

    /// Blank sets reachable from the base.
    pub fn blank_sets(&self) -> usize {
        self.parent.len()
    }

    /// Loops kept as generators (those not already in the group).
    pub fn generators(&self) -> usize {
        self.generators
    }

    /// Whether `goal` (blanks on the base) is reachable from `start`.
    /// O(n * depth + n^2) after construction.
    pub fn reaches(&self, start: &Configuration, goal: &Configuration) -> Result<bool> {
        let mut goal_blanks = goal.blanks();
        goal_blanks.sort_unstable();
        if goal_blanks != self.base {
            return Err(Error::Unsupported(
                "internal error: the goal's blanks are not the group's base".into(),
            ));
        }
        let mut set = start.blanks();
        set.sort_unstable();
        let Some(&mut_j) = self.index.get(&set) else {
            return Ok(false);
        };
        // Walk the start's blanks back up the tree to the base.
        let mut cells = start.cells().to_vec();
        let mut j = mut_j;
        while j != 0 {
            let (up, b, w) = self.parent[j];
            // Down the tree the tile on w moved to b; undo it.
            cells.swap(b, w);
            j = up;
        }
        // tau[u] = point of the vertex where the walked start holds the
        // goal's tile for u.
        let mut vertex_of = HashMap::new();
        for (v, &t) in cells.iter().enumerate() {
            if t != 0 {
                vertex_of.insert(t, v);
            }
        }
        let mut images = Vec::with_capacity(self.point.len());
        for (v, &t) in goal.cells().iter().enumerate() {
            if self.point[v] == usize::MAX {
                continue;
            }
            let from = *vertex_of
                .get(&t)
                .ok_or_else(|| Error::State("start and goal hold different tiles".into()))?;
            if self.point[from] == usize::MAX {
                return Ok(false);
            }
            images.push(self.point[from] as u32);
        }
        let tau = Perm::from_images(images).expect("a bijection");
        Ok(self.table.contains(&tau))
    }
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
    if let Ok(group) = BlankGroup::new(graph, &goal.blanks()) {
        let yes = group.reaches(start, goal)?;
        return Ok(Verdict {
            solvable: yes,
            reason: format!(
                "{} by the blank-set group: {} blank sets reachable from the goal's, {} loops generate a group of order {} ({why})",
                if yes { "reachable" } else { "not reachable" },
                group.blank_sets(),
                group.generators(),
                group.order()
            ),
        });
    }
    bfs_several_blanks(puzzle, start, goal, max_states, &why)
}

/// Breadth-first search over configurations (the fallback of
/// [`check_several_blanks`]), visiting at most `max_states` states.
///
/// # Errors
/// [`Error::Unsupported`] beyond `max_states`.
pub fn bfs_several_blanks(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    max_states: usize,
    why: &str,
) -> Result<Verdict> {
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
                            "deciding this several-blank instance needs more than {max_states} states of breadth-first search (and is beyond the blank-set group's limits)"
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

    #[test]
    fn closed_form_counts_match_the_group() {
        for (spec, k) in [("3x2", 2), ("petersen", 3), ("theta0", 2)] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
            let counts = several_blank_counts(&p, &goal).unwrap();
            let group = BlankGroup::new(p.graph(), &goal.blanks()).unwrap();
            assert_eq!(
                counts.reachable_configurations,
                group.reachable_configurations(),
                "{spec}"
            );
            assert_eq!(counts.group_order, group.order(), "{spec}");
        }
    }
}
