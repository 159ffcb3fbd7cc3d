//! The puzzle group of any graph: its structure in closed form (docs/THEORY.md
//! section 3), its generators, and the whole-puzzle analysis `analyze`
//! prints.
//!
//! With the blank fixed on vertex `b`, the puzzle group is the set of tile
//! permutations achieved by closed blank walks from `b`. It is the direct
//! product over the blocks of `b`'s component of: trivial (bridge), C_(k)
//! (cycle with k + 1 vertices), PGL(2,5) of order 120 (theta0), A_k
//! (other bipartite blocks), S_k (other blocks), where k = |B| - 1
//! (Wilson 1974, extended block by block; checked against Schreier-Sims and
//! brute force in this crate's tests).

use serde::Serialize;

use super::blocks::{BlockKind, decompose};
use super::perm::Perm;
use super::rooted::root_blocks;
use crate::model::{Configuration, Puzzle};
use crate::primitives::counting::Count;

/// One block in an [`Analysis`].
#[derive(Clone, Debug, Serialize)]
pub struct BlockReport {
    /// The block's vertices.
    pub vertices: Vec<usize>,
    /// Its number of edges.
    pub edges: usize,
    /// Which kind of block (serialised as `type`, its name: `bridge`,
    /// `cycle`, `theta0`, `bipartite 2-connected` or `non-bipartite
    /// 2-connected`).
    #[serde(rename = "type")]
    pub kind: BlockKind,
    /// The vertex it is rooted at (nearest the goal's blank), when in the
    /// blank's component.
    pub root: Option<usize>,
    /// Its factor of the puzzle group (`S_5`, `A_8`, `C_3`, `PGL(2,5)`, `1`).
    pub group: String,
    /// The factor's order (a decimal string in JSON).
    pub group_order: Count,
}

/// Everything `slidepuzzle analyze` reports about a puzzle. Big numbers are
/// `Count`s (24! does not fit in 64 bits; 10^6! has 5.6 million
/// digits, written out only when asked for), serialised as decimal
/// strings.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The puzzle spec.
    pub puzzle: String,
    /// Number of vertices.
    pub vertices: usize,
    /// Number of edges.
    pub edges: usize,
    /// Number of connected components.
    pub components: usize,
    /// Whether the graph is bipartite.
    pub bipartite: bool,
    /// E - V + components.
    pub cyclomatic_number: usize,
    /// Articulation points, increasing.
    pub articulation_points: Vec<usize>,
    /// Blocks of the whole graph.
    pub blocks: Vec<BlockReport>,
    /// The goal's blank vertex (where the group is computed).
    pub blank_vertex: usize,
    /// The puzzle group as a direct product, e.g. `S_5 x C_3`.
    pub group: String,
    /// Its order.
    pub group_order: Count,
    /// Configurations reachable from the goal, over all blank positions.
    pub reachable_configurations: Count,
    /// Number of classes (orbits) the n! configurations fall into.
    pub classes: Count,
}

/// Big numbers are written in JSON as decimal strings.
pub(crate) fn decimal<S: serde::Serializer>(
    n: &num_bigint::BigUint,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(n)
}

/// Name and order of a block's group factor, with k = |B| - 1 tiles owned.
pub(crate) fn block_factor(kind: BlockKind, block_size: usize) -> (String, Count) {
    let k = block_size.saturating_sub(1);
    let trivial = ("1".to_string(), Count::from(1));
    match kind {
        BlockKind::Bridge => trivial,
        BlockKind::Cycle if k <= 1 => trivial,
        BlockKind::Cycle => (format!("C_{k}"), Count::from(k as u64)),
        BlockKind::Theta0 => ("PGL(2,5)".into(), Count::from(120)),
        BlockKind::Bipartite if k <= 2 => trivial,
        BlockKind::Bipartite => (
            format!("A_{k}"),
            Count::factorial(k as u64).div(&Count::from(2)),
        ),
        BlockKind::NonBipartite if k <= 1 => trivial,
        BlockKind::NonBipartite => (format!("S_{k}"), Count::factorial(k as u64)),
    }
}

/// Analyses `puzzle` with the blank where `goal` has it. O(V + E) plus the
/// big-number arithmetic (n! has O(n log n) digits).
pub fn analyze(puzzle: &Puzzle, goal: &Configuration) -> Analysis {
    let graph = puzzle.graph();
    let n = graph.vertex_count();
    let (component, components) = graph.components();
    let blocks = decompose(graph);
    let b = goal.blank();
    let rooted = root_blocks(graph, &blocks, b);
    let mut reports: Vec<BlockReport> = blocks
        .blocks
        .iter()
        .map(|block| BlockReport {
            vertices: block.vertices.clone(),
            edges: block.edges.len(),
            kind: block.kind,
            root: None,
            group: "1".into(),
            group_order: Count::from(1),
        })
        .collect();
    let mut order = Count::from(1);
    let mut factors: Vec<String> = Vec::new();
    for rb in &rooted {
        let block = &blocks.blocks[rb.block];
        let (name, o) = block_factor(block.kind, block.vertices.len());
        let report = &mut reports[rb.block];
        report.root = Some(rb.root);
        report.group = name.clone();
        if name != "1" {
            factors.push(name);
        }
        order = order.mul(&o);
        report.group_order = o;
    }
    factors.sort_by_key(|f| std::cmp::Reverse(factor_sort_key(f)));
    let component_size = (0..n).filter(|&v| component[v] == component[b]).count();
    let reachable = order.mul(&Count::from(component_size as u64));
    let classes = if components == 1 {
        Count::factorial(n as u64).div(&reachable)
    } else {
        classes_of_components(&blocks, &component, components, n)
    };
    Analysis {
        puzzle: puzzle.spec().to_string(),
        vertices: n,
        edges: graph.edge_count(),
        components,
        bipartite: graph.is_bipartite(),
        cyclomatic_number: graph.edge_count() + components - n,
        articulation_points: blocks.articulation_points,
        blocks: reports,
        blank_vertex: b,
        group: if factors.is_empty() {
            "1".into()
        } else {
            factors.join(" x ")
        },
        group_order: order,
        reachable_configurations: reachable,
        classes,
    }
}

/// The number of classes of the n! one-blank configurations on a
/// disconnected graph. A class keeps the blank in one component C_i (tiles
/// never cross components); the blank has |C_i| places there and the
/// tiles an orbit of the component's group G_i (the product of its blocks'
/// factors, whatever the blank's vertex), so the (n-1)! |C_i|
/// configurations with the blank in C_i fall into (n-1)! / |G_i| classes,
/// summed over components. Components with equal group orders are counted
/// together (one big division per distinct order).
fn classes_of_components(
    blocks: &super::blocks::Blocks,
    component: &[usize],
    components: usize,
    n: usize,
) -> Count {
    // A component's order is the product of its blocks' factors; its
    // sorted factor names (`S_5`, `C_3`) name it, so components with equal
    // names share one order and one division.
    let mut factors: Vec<Vec<(String, Count)>> = vec![Vec::new(); components];
    for block in &blocks.blocks {
        let (name, order) = block_factor(block.kind, block.vertices.len());
        if name != "1" {
            factors[component[block.vertices[0]]].push((name, order));
        }
    }
    let mut by_order: std::collections::BTreeMap<Vec<String>, (u64, Count)> =
        std::collections::BTreeMap::new();
    for mut f in factors {
        f.sort_by(|a, b| a.0.cmp(&b.0));
        let names = f.iter().map(|(name, _)| name.clone()).collect();
        by_order
            .entry(names)
            .or_insert_with(|| (0, f.iter().fold(Count::from(1), |o, (_, x)| o.mul(x))))
            .0 += 1;
    }
    let rest = Count::factorial(n.saturating_sub(1) as u64);
    by_order
        .into_values()
        .map(|(count, order)| rest.div(&order).mul(&Count::from(count)))
        .fold(Count::from(0), |a, b| a.add(&b))
}

fn factor_sort_key(name: &str) -> (usize, String) {
    let digits: String = name.chars().filter(|c| c.is_ascii_digit()).collect();
    (digits.parse().unwrap_or(0), name.to_string())
}

/// The tile permutation of a closed blank walk from the blank of `start`,
/// as a permutation of vertices in GAP's convention: `p^g` is the vertex the
/// tile on `p` ends on. Fixes the blank's vertex.
pub(crate) fn walk_permutation(puzzle: &Puzzle, blank: usize, walk: &[usize]) -> Perm {
    debug_assert_eq!(
        walk.last().copied().unwrap_or(blank),
        blank,
        "a closed walk"
    );
    Perm::of_blank_walk(puzzle.vertex_count(), blank, walk).expect("a walk on the puzzle")
}

/// Most bytes [`loop_generators`] may take when a face asks first with
/// [`check_loop_generators`] (1 GiB).
pub const MAX_LOOP_GENERATOR_BYTES: u64 = 1 << 30;

/// Refuses puzzles whose loop generators would not fit
/// [`MAX_LOOP_GENERATOR_BYTES`]: there are E - V + 1 of them, each a
/// permutation of n points (4 bytes a point) and a walk of up to 2n vertices
/// (8 bytes each), so about (E - V + 1) x 20n bytes (a 1000 x 1000 board
/// would need 2 x 10^13).
///
/// # Errors
/// [`crate::Error::Limit`] ([`crate::Resource::Memory`]) with the estimate.
pub fn check_loop_generators(puzzle: &Puzzle) -> crate::error::Result<()> {
    let what = "`group` (the loop generators and their GAP export)";
    let hint = |e: crate::error::Error| match e {
        crate::error::Error::Unsupported(m) => crate::error::Error::Unsupported(format!(
            "{m}; `analyze` names the group and its order"
        )),
        e => e,
    };
    puzzle.require_two_way(what).map_err(hint)?;
    puzzle.require_no_turns(what).map_err(hint)?;
    puzzle.require_no_exchanges(what).map_err(hint)?;
    let g = puzzle.graph();
    let loops = (g.edge_count() as u64 + 1).saturating_sub(g.vertex_count() as u64);
    let need = loops.saturating_mul(20u64.saturating_mul(g.vertex_count() as u64));
    if need > MAX_LOOP_GENERATOR_BYTES {
        return Err(crate::error::Error::limit(
            crate::error::Resource::Memory,
            need,
            MAX_LOOP_GENERATOR_BYTES,
        ));
    }
    Ok(())
}

/// The loop generators of the puzzle group at blank vertex `blank`
/// (docs/THEORY.md section 3): root a breadth-first spanning tree at the blank;
/// each non-tree edge (u, v) of the blank's component gives the closed walk
/// tree path to u, across to v, tree path back. There are E - V + 1 of them
/// (for the blank's component) and they generate the puzzle group. Returns
/// the walks (blank paths) and their permutations.
pub fn loop_generators(puzzle: &Puzzle, blank: usize) -> Vec<(Vec<usize>, Perm)> {
    let graph = puzzle.graph();
    let n = graph.vertex_count();
    let mut parent = vec![usize::MAX; n];
    parent[blank] = blank;
    let mut order = vec![blank];
    let mut i = 0;
    while i < order.len() {
        let u = order[i];
        i += 1;
        for &w in graph.neighbors(u) {
            if parent[w] == usize::MAX {
                parent[w] = u;
                order.push(w);
            }
        }
    }
    let to_root = |mut v: usize| {
        let mut path = vec![v];
        while v != blank {
            v = parent[v];
            path.push(v);
        }
        path
    };
    let mut out = Vec::new();
    for (u, v) in graph.edges() {
        if parent[u] == usize::MAX || parent[u] == v || parent[v] == u {
            continue;
        }
        let mut walk: Vec<usize> = to_root(u).into_iter().rev().skip(1).collect();
        walk.push(v);
        walk.extend(to_root(v).into_iter().skip(1));
        let perm = walk_permutation(puzzle, blank, &walk);
        out.push((walk, perm));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analysis_of_named_puzzles() {
        for (spec, group, order, reachable) in [
            ("4x4", "A_15", "653837184000", "10461394944000"),
            ("theta0", "PGL(2,5)", "120", "840"),
            ("cycle:6", "C_5", "5", "30"),
            ("petersen", "S_9", "362880", "3628800"),
            ("2x2x2", "A_7", "2520", "20160"),
            ("path:4", "1", "1", "4"),
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let a = analyze(&p, &p.default_goal());
            assert_eq!(
                (
                    a.group.as_str(),
                    a.group_order.to_string().as_str(),
                    a.reachable_configurations.to_string().as_str()
                ),
                (group, order, reachable),
                "{spec}"
            );
        }
        let p = Puzzle::parse("edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3").unwrap();
        let a = analyze(&p, &p.default_goal());
        assert_eq!(a.group, "C_2 x C_2");
        assert_eq!(a.articulation_points, vec![2, 3]);
        assert_eq!(a.cyclomatic_number, 2);
    }

    #[test]
    fn loop_generators_count_and_fix_the_blank() {
        let p = Puzzle::parse("4x4").unwrap();
        let gens = loop_generators(&p, 15);
        assert_eq!(gens.len(), 24 - 16 + 1);
        for (_, g) in &gens {
            assert_eq!(g.image(15), 15);
            assert!(!g.is_odd(), "a loop on a bipartite graph is even");
        }
    }
}
