//! The group of a puzzle whose slides exchange two other tiles (Conway's
//! M13, [`crate::model::exchanges`]; docs/THEORY.md section 12), found by
//! computation: the loop generators at the hole, Schreier-Sims, the
//! transitivity read off the stabiliser chain, and simplicity by normal
//! closures of conjugacy-class representatives.
//!
//! Conway, Elkies and Martin (Experimental Mathematics 15, 2006) show
//! that the moves of M13 which bring the hole back to its point form
//! the Mathieu group M12 acting on the other twelve points. Here that
//! is computed, not assumed: the order 95,040 = 12 · 11 · 10 · 9 · 8
//! with a 5-transitive action makes the group sharply 5-transitive on
//! twelve points, and Jordan's theorem (C. Jordan, 1873) leaves only
//! M12 among such groups of that degree; the normal closures then show
//! it simple.
//!
//! ```
//! use slidepuzzle::model::Puzzle;
//! use slidepuzzle::theory::exchanges::analyze_exchanges;
//! let m13 = Puzzle::parse("m13").unwrap();
//! let a = analyze_exchanges(&m13, &m13.default_goal()).unwrap();
//! assert_eq!((a.group.as_str(), a.group_order.as_str()), ("M12", "95040"));
//! assert_eq!((a.transitivity, a.simple), (5, Some(true)));
//! assert_eq!(a.reachable_configurations, "1235520"); // 13 x 95,040
//! ```

use std::collections::{HashMap, HashSet};

use num_bigint::BigUint;
use rand::RngExt;
use serde::Serialize;

use super::perm::Perm;
use super::reachability::{Decision, Verdict, require_fitting};
use super::schreier_sims::SimsTable;
use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};
use crate::primitives::budget::Budget;

/// Groups up to this order are listed element by element for the
/// simplicity test (about 100 bytes an element); larger ones leave it
/// open.
pub const MAX_LISTED_ORDER: u64 = 2_000_000;

/// What [`analyze_exchanges`] finds.
#[derive(Clone, Debug, Serialize)]
pub struct ExchangeAnalysis {
    /// The puzzle's spec.
    pub spec: String,
    /// Vertices (points).
    pub vertices: usize,
    /// Edges (pairs of vertices a tile slides between).
    pub edges: usize,
    /// Tiles (counters).
    pub tiles: usize,
    /// The vertex the hole returns to (the goal's blank).
    pub hole_vertex: usize,
    /// The group's name where the computation identifies it (`S_m`,
    /// `A_m`, `M11`, `M12`), else `order N`.
    pub group: String,
    /// The order of the group of moves that bring the hole back, by
    /// Schreier-Sims (decimal).
    pub group_order: String,
    /// The largest k for which the group is k-transitive on the tiles'
    /// vertices (read off the stabiliser chain).
    pub transitivity: usize,
    /// Whether the group acts sharply k-transitively (its order is
    /// m (m - 1) ... (m - k + 1) for m tiles and k = `transitivity`).
    pub sharply_transitive: bool,
    /// Whether the group is simple (every conjugacy class's normal
    /// closure is the whole group); `None` above [`MAX_LISTED_ORDER`].
    pub simple: Option<bool>,
    /// Conjugacy classes (with the identity's), when listed.
    pub conjugacy_classes: Option<usize>,
    /// Vertices the hole can reach times the group's order: every
    /// configuration reachable from the goal (decimal).
    pub reachable_configurations: String,
    /// The findings in words.
    pub summary: String,
}

/// The hole's moves as tile permutations: `content[v]` is the vertex
/// whose starting content is now on `v`.
struct Walker<'a> {
    puzzle: &'a Puzzle,
    content: Vec<usize>,
    hole: usize,
}

impl Walker<'_> {
    /// The hole moves to `v` (the tile on `v` slides into it, and the
    /// edge's pair is exchanged).
    fn step(&mut self, v: usize) {
        self.content.swap(v, self.hole);
        if let Some(x) = self.puzzle.exchanges() {
            x.exchange(&mut self.content, v, self.hole);
        }
        self.hole = v;
    }
}

/// The vertices other than `hole`, numbered from 0 in order: the points
/// the group acts on.
fn points_without(hole: usize) -> impl Fn(usize) -> usize {
    move |v| if v < hole { v } else { v - 1 }
}

/// The permutation a closed hole walk from `hole` makes, on the `n - 1`
/// other vertices: `p^g` is the vertex the content of `p` ends on.
fn loop_permutation(puzzle: &Puzzle, hole: usize, walk: &[usize]) -> Perm {
    let n = puzzle.vertex_count();
    let mut w = Walker {
        puzzle,
        content: (0..n).collect(),
        hole,
    };
    for &v in walk {
        w.step(v);
    }
    let point = points_without(hole);
    let mut images = vec![0u32; n - 1];
    for (v, &from) in w.content.iter().enumerate() {
        if v != hole && from != hole {
            images[point(from)] = point(v) as u32;
        }
    }
    Perm::from_images(images).expect("a closed walk permutes the other vertices")
}

/// A breadth-first tree from `root`: each vertex's parent (`usize::MAX`
/// where the hole cannot go).
fn tree(puzzle: &Puzzle, root: usize) -> Vec<usize> {
    let graph = puzzle.graph();
    let mut parent = vec![usize::MAX; graph.vertex_count()];
    parent[root] = root;
    let mut queue = std::collections::VecDeque::from([root]);
    while let Some(u) = queue.pop_front() {
        for &w in graph.neighbors(u) {
            if parent[w] == usize::MAX {
                parent[w] = u;
                queue.push_back(w);
            }
        }
    }
    parent
}

/// The tree path from `root` to `v` (without `root`).
fn path_from_root(parent: &[usize], v: usize) -> Vec<usize> {
    let mut path = Vec::new();
    let mut at = v;
    while parent[at] != at {
        path.push(at);
        at = parent[at];
    }
    path.reverse();
    path
}

/// The loop generators at `hole` (tree path out, across a non-tree edge,
/// tree path back; docs/THEORY.md section 3), reduced to those that
/// enlarge the group in turn, and the group's table.
fn hole_group(puzzle: &Puzzle, hole: usize, budget: &Budget) -> Result<(Vec<Perm>, SimsTable)> {
    let n = puzzle.vertex_count();
    let parent = tree(puzzle, hole);
    let mut table = SimsTable::within(n - 1, &[], budget)?;
    let mut kept = Vec::new();
    for (u, v) in puzzle.graph().edges() {
        if parent[u] == usize::MAX || parent[u] == v || parent[v] == u {
            continue;
        }
        let mut walk = path_from_root(&parent, u);
        walk.push(v);
        let mut back = path_from_root(&parent, v);
        back.reverse();
        walk.extend(back.into_iter().skip(1));
        walk.push(hole);
        let g = loop_permutation(puzzle, hole, &walk);
        if !table.contains(&g) {
            table.add_generator(g.clone());
            table.completed()?;
            kept.push(g);
        }
        budget.check("the group of the hole's loops")?;
    }
    Ok((kept, table))
}

/// Whether `goal` is reachable from `start` on a puzzle whose slides
/// exchange (one blank each): bring the start's hole to the goal's along
/// a tree path, then test the tiles' permutation for membership in the
/// hole's group (Schreier-Sims). O(n^2) after the group's table.
///
/// # Errors
/// [`Error::Configuration`] for configurations that do not fit or hold
/// other tiles; [`Error::Unsupported`] for several blanks.
pub fn check(puzzle: &Puzzle, start: &Configuration, goal: &Configuration) -> Result<Verdict> {
    let n = puzzle.vertex_count();
    require_fitting(puzzle, start, goal)?;
    if start.blanks().len() != 1 || goal.blanks().len() != 1 {
        return Err(Error::unsupported(format!(
            "{} is played with one hole; several blanks are not decided",
            puzzle.spec()
        )));
    }
    let hole = goal.blank();
    let parent = tree(puzzle, hole);
    if parent[start.blank()] == usize::MAX {
        return Ok(Verdict {
            solvable: false,
            reason: format!(
                "the hole is on vertex {} and cannot reach the goal's hole on vertex {hole}",
                start.blank()
            ),
            decided_by: Decision::Components,
        });
    }
    let mut moved = start.clone();
    let mut at = start.blank();
    while at != hole {
        let next = parent[at];
        puzzle.slide(&mut moved, next, at);
        at = next;
    }
    let point = points_without(hole);
    let mut home = vec![0usize; n];
    for v in 0..n {
        home[goal.tile_at(v) as usize] = v;
    }
    let images: Vec<u32> = (0..n)
        .filter(|&v| v != hole)
        .map(|v| point(home[moved.tile_at(v) as usize]) as u32)
        .collect();
    let g = Perm::from_images(images).expect("the same tiles");
    let (_, table) = hole_group(puzzle, hole, &Budget::default())?;
    let name = group_name(n - 1, &table.order(), transitivity(&table), None);
    let solvable = table.contains(&g);
    Ok(Verdict {
        solvable,
        reason: format!(
            "with the hole brought to vertex {hole}, the tiles' permutation {} the group of the hole's loops ({name}, order {})",
            if solvable { "lies in" } else { "is not in" },
            table.order()
        ),
        decided_by: Decision::SchreierSims,
    })
}

/// The largest k for which the table's group is k-transitive on its
/// `m` points: the levels from the top whose orbits are whole (base
/// points `m-1, m-2, ...`, so level `j` is whole when its orbit has
/// `j + 1` points).
fn transitivity(table: &SimsTable) -> usize {
    let sizes = table.orbit_sizes();
    sizes
        .iter()
        .enumerate()
        .rev()
        .take_while(|&(j, &s)| s == j + 1)
        .count()
}

/// The group's name from its degree `m`, order and transitivity `k`:
/// `S_m` and `A_m` by order; `M12` (`M11`) when sharply 5- (4-)
/// transitive on 12 (11) points, which Jordan's theorem leaves to the
/// Mathieu group alone; else `order N`, `simple group of order N` when
/// known simple.
fn group_name(m: usize, order: &BigUint, k: usize, simple: Option<bool>) -> String {
    let factorial = crate::primitives::counting::factorial(m);
    let falling = |k: usize| crate::primitives::counting::product(m + 1 - k.min(m), m + 1);
    if *order == factorial {
        format!("S_{m}")
    } else if m >= 2 && order * 2u32 == factorial {
        format!("A_{m}")
    } else if m == 12 && k >= 5 && *order == falling(5) {
        "M12".into()
    } else if m == 11 && k >= 4 && *order == falling(4) {
        "M11".into()
    } else if simple == Some(true) {
        format!("simple group of order {order}")
    } else {
        format!("order {order}")
    }
}

/// Every element of the group generated by `gens` (of degree at most
/// 16), packed four bits a point, by breadth-first search; `None` above
/// `limit` elements.
fn elements(gens: &[Perm], degree: usize, limit: u64) -> Option<Vec<u64>> {
    if degree > 16 {
        return None;
    }
    let pack = |images: &[u32]| {
        images
            .iter()
            .enumerate()
            .fold(0u64, |k, (i, &x)| k | u64::from(x) << (4 * i))
    };
    let identity: Vec<u32> = (0..degree as u32).collect();
    let mut seen = HashSet::from([pack(&identity)]);
    let mut list = vec![pack(&identity)];
    let mut i = 0;
    while i < list.len() {
        let x = unpack(list[i], degree);
        i += 1;
        for g in gens {
            let y: Vec<u32> = x.iter().map(|&p| g.images()[p as usize]).collect();
            let key = pack(&y);
            if seen.insert(key) {
                list.push(key);
                if list.len() as u64 > limit {
                    return None;
                }
            }
        }
    }
    Some(list)
}

/// The images of a packed element.
fn unpack(key: u64, degree: usize) -> Vec<u32> {
    (0..degree).map(|i| (key >> (4 * i) & 15) as u32).collect()
}

/// A representative of every conjugacy class (the orbits of conjugation
/// by `gens`, which generate the group) among `elements`.
fn class_representatives(elements: &[u64], gens: &[Perm], degree: usize) -> Vec<Perm> {
    let index: HashMap<u64, usize> = elements.iter().enumerate().map(|(i, &e)| (e, i)).collect();
    let pack = |p: &Perm| {
        p.images()
            .iter()
            .enumerate()
            .fold(0u64, |k, (i, &x)| k | u64::from(x) << (4 * i))
    };
    let inverses: Vec<Perm> = gens.iter().map(Perm::inverse).collect();
    let mut class = vec![usize::MAX; elements.len()];
    let mut reps = Vec::new();
    for start in 0..elements.len() {
        if class[start] != usize::MAX {
            continue;
        }
        class[start] = reps.len();
        let rep = Perm::from_images(unpack(elements[start], degree)).expect("an element");
        let mut stack = vec![rep.clone()];
        while let Some(x) = stack.pop() {
            for (g, g_inverse) in gens.iter().zip(&inverses) {
                let y = g_inverse.then(&x).then(g);
                if let Some(&j) = index.get(&pack(&y))
                    && class[j] == usize::MAX
                {
                    class[j] = reps.len();
                    stack.push(y);
                }
            }
        }
        reps.push(rep);
    }
    reps
}

/// The order of the normal closure of `x` in the group generated by
/// `gens`: the subgroup generated by `x`, enlarged by every conjugate of
/// its generators by `gens` it lacks, until none is missing.
fn normal_closure_order(x: &Perm, gens: &[Perm], degree: usize) -> BigUint {
    let mut table = SimsTable::new(degree, std::slice::from_ref(x));
    let mut members = vec![x.clone()];
    let mut i = 0;
    while i < members.len() {
        let h = members[i].clone();
        i += 1;
        for g in gens {
            let c = g.inverse().then(&h).then(g);
            if !table.contains(&c) {
                table.add_generator(c.clone());
                members.push(c);
            }
        }
    }
    table.order()
}

/// The group of a puzzle whose slides exchange, at `goal`'s hole: its
/// order, transitivity, simplicity and name, all by computation (see the
/// [module docs](self)).
///
/// # Errors
/// [`Error::Argument`] for a puzzle without exchanges;
/// [`Error::Unsupported`] for several blanks; [`Error::Stopped`] when
/// `budget` stops the construction.
pub fn analyze_exchanges_within(
    puzzle: &Puzzle,
    goal: &Configuration,
    budget: &Budget,
) -> Result<ExchangeAnalysis> {
    if puzzle.exchanges().is_none() {
        return Err(Error::argument(
            "puzzle",
            format!("{} has no moves that exchange", puzzle.spec()),
        ));
    }
    if goal.blanks().len() != 1 {
        return Err(Error::unsupported(format!(
            "{} is analysed with one hole, not {}",
            puzzle.spec(),
            goal.blanks().len()
        )));
    }
    let n = puzzle.vertex_count();
    let hole = goal.blank();
    let (gens, table) = hole_group(puzzle, hole, budget)?;
    let order = table.order();
    let k = transitivity(&table);
    let m = n - 1;
    let falling = crate::primitives::counting::product(m + 1 - k.min(m), m + 1);
    let sharply = order == falling;
    let small = u64::try_from(&order).is_ok_and(|o| o <= MAX_LISTED_ORDER);
    let listed = if small {
        budget.check_memory(
            u64::try_from(&order)
                .unwrap_or(u64::MAX)
                .saturating_mul(100),
            "the group's elements",
        )?;
        elements(&gens, m, MAX_LISTED_ORDER)
    } else {
        None
    };
    let (simple, classes) = match &listed {
        Some(list) => {
            let reps = class_representatives(list, &gens, m);
            budget.check("the conjugacy classes")?;
            let simple = order > BigUint::from(1u32)
                && reps
                    .iter()
                    .filter(|r| !r.is_identity())
                    .all(|r| normal_closure_order(r, &gens, m) == order);
            (Some(simple), Some(reps.len()))
        }
        None => (None, None),
    };
    let reached = tree(puzzle, hole)
        .iter()
        .filter(|&&p| p != usize::MAX)
        .count();
    let reachable = order.clone() * BigUint::from(reached);
    let group = group_name(m, &order, k, simple);
    let mut summary = format!(
        "the moves that bring the hole back to vertex {hole} form {group} (order {order}), {k}-transitive{} on the other {m} vertices",
        if sharply { " (sharply)" } else { "" }
    );
    match (simple, classes) {
        (Some(true), Some(c)) => summary.push_str(&format!(
            "; simple: each of its {c} conjugacy classes but the identity's has the whole group as normal closure"
        )),
        (Some(false), _) => summary.push_str("; not simple"),
        _ => {}
    }
    summary.push_str(&format!(
        "; {reachable} configurations reachable ({reached} hole vertices x {order})"
    ));
    Ok(ExchangeAnalysis {
        spec: puzzle.spec().to_string(),
        vertices: n,
        edges: puzzle.graph().edge_count(),
        tiles: m,
        hole_vertex: hole,
        group,
        group_order: order.to_string(),
        transitivity: k,
        sharply_transitive: sharply,
        simple,
        conjugacy_classes: classes,
        reachable_configurations: reachable.to_string(),
        summary,
    })
}

/// [`analyze_exchanges_within`] without limits.
///
/// # Errors
/// As [`analyze_exchanges_within`].
pub fn analyze_exchanges(puzzle: &Puzzle, goal: &Configuration) -> Result<ExchangeAnalysis> {
    analyze_exchanges_within(puzzle, goal, &Budget::default())
}

/// A configuration drawn uniformly from those reachable from `goal` (one
/// blank): a uniform element of the hole's group (Schreier-Sims, one
/// coset representative per level) applied to `goal`, then the hole
/// walked along the tree path to a uniform vertex it can reach. Every
/// hole vertex has the same number of configurations, so the draw is
/// uniform. O(n^2) after the group's table.
///
/// # Errors
/// [`Error::Unsupported`] for several blanks.
pub(crate) fn uniform<R: rand::Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    rng: &mut R,
) -> Result<Configuration> {
    if goal.blanks().len() != 1 {
        return Err(Error::unsupported(format!(
            "{} is scrambled with one hole",
            puzzle.spec()
        )));
    }
    let n = puzzle.vertex_count();
    let hole = goal.blank();
    let (_, table) = hole_group(puzzle, hole, &Budget::default())?;
    let g = table.random_element(|m| rng.random_range(0..m.max(1)));
    let point = points_without(hole);
    let vertex = |p: usize| if p < hole { p } else { p + 1 };
    let mut cells = goal.cells().to_vec();
    for v in (0..n).filter(|&v| v != hole) {
        cells[vertex(g.image(point(v)))] = goal.tile_at(v);
    }
    let mut config = Configuration::from_cells(cells, 1)?;
    let parent = tree(puzzle, hole);
    let reached: Vec<usize> = (0..n).filter(|&v| parent[v] != usize::MAX).collect();
    let target = reached[rng.random_range(0..reached.len())];
    let mut at = hole;
    for v in path_from_root(&parent, target) {
        puzzle.slide(&mut config, v, at);
        at = v;
    }
    Ok(config)
}

/// The order of the group of the hole's loops at `hole` (for counts).
///
/// # Errors
/// As [`analyze_exchanges_within`]'s construction.
pub(crate) fn group_order(puzzle: &Puzzle, hole: usize) -> Result<BigUint> {
    Ok(hole_group(puzzle, hole, &Budget::default())?.1.order())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_complete_graph_gives_the_symmetric_group() {
        // Without exchanges the same machinery finds Wilson's S_(n-1).
        let p = Puzzle::parse("complete:5").unwrap();
        let parent = tree(&p, 4);
        assert_eq!(parent[0], 4);
        let (_, table) = hole_group(&p, 4, &Budget::default()).unwrap();
        assert_eq!(table.order(), BigUint::from(24u32));
        assert_eq!(transitivity(&table), 4);
        assert_eq!(group_name(4, &table.order(), 4, None), "S_4");
    }

    #[test]
    fn the_alternating_group_is_simple_and_s4_is_not() {
        let a5 = [
            Perm::parse_gap("(1,2,3,4,5)", 5).unwrap(),
            Perm::parse_gap("(1,2,3)", 5).unwrap(),
        ];
        let list = elements(&a5, 5, 1000).unwrap();
        assert_eq!(list.len(), 60);
        let reps = class_representatives(&list, &a5, 5);
        assert_eq!(reps.len(), 5);
        assert!(
            reps.iter()
                .filter(|r| !r.is_identity())
                .all(|r| normal_closure_order(r, &a5, 5) == BigUint::from(60u32))
        );
        let s4 = [
            Perm::parse_gap("(1,2,3,4)", 4).unwrap(),
            Perm::parse_gap("(1,2)", 4).unwrap(),
        ];
        let list = elements(&s4, 4, 1000).unwrap();
        let reps = class_representatives(&list, &s4, 4);
        assert_eq!(reps.len(), 5);
        let closures: Vec<BigUint> = reps
            .iter()
            .map(|r| normal_closure_order(r, &s4, 4))
            .collect();
        assert!(
            closures.contains(&BigUint::from(4u32)),
            "the Klein four-group"
        );
    }
}
