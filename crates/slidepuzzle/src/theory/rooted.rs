//! Blocks rooted toward the blank: the shared step of the reachability test
//! ([`super::reachability`]), the group analysis ([`super::group`]), the
//! scrambler and the constructive solver. Each block of the blank's
//! component is rooted at its vertex nearest the blank and owns its other
//! vertices; on a cycle they are listed in cycle order. Its own module so
//! `group` and `reachability` do not import each other.

use super::blocks::{Block, BlockKind, Blocks};
use crate::model::Graph;

/// A block of the blank's component rooted toward a blank vertex.
#[derive(Clone, Debug)]
pub struct RootedBlock {
    /// Index into [`Blocks::blocks`].
    pub block: usize,
    /// The block's vertex nearest the blank (the blank's vertex itself if
    /// the block contains it).
    pub root: usize,
    /// The owned vertices (all but the root); for a cycle, in cycle order
    /// starting next to the root.
    pub owned: Vec<usize>,
}

/// Roots every block of the component of `blank` at its vertex nearest
/// `blank`. O(V + E).
pub(crate) fn root_blocks(graph: &Graph, blocks: &Blocks, blank: usize) -> Vec<RootedBlock> {
    let dist = graph.distances_from(blank);
    let mut out = Vec::new();
    for (i, block) in blocks.blocks.iter().enumerate() {
        if dist[block.vertices[0]] == crate::model::graph::UNREACHABLE {
            continue;
        }
        let root = *block
            .vertices
            .iter()
            .min_by_key(|&&v| (dist[v], v))
            .expect("blocks are non-empty");
        let owned = if block.kind == BlockKind::Cycle {
            cycle_order(block, root)
        } else {
            block
                .vertices
                .iter()
                .copied()
                .filter(|&v| v != root)
                .collect()
        };
        out.push(RootedBlock {
            block: i,
            root,
            owned,
        });
    }
    out
}

/// The vertices of a cycle block in order, starting next to `root` and
/// ending next to it on the other side. O(k log k) for a cycle of k
/// vertices: each edge is entered once in a two-slot neighbour table indexed
/// by the vertex's position in the sorted `block.vertices`, then the cycle is
/// walked once (the former edge scan per step was quadratic).
fn cycle_order(block: &Block, root: usize) -> Vec<usize> {
    let local = |v: usize| {
        block
            .vertices
            .binary_search(&v)
            .expect("edge vertex in block")
    };
    let k = block.vertices.len();
    let mut nbr = vec![[usize::MAX; 2]; k];
    for &(a, b) in &block.edges {
        let (la, lb) = (local(a), local(b));
        let slot = usize::from(nbr[la][0] != usize::MAX);
        nbr[la][slot] = lb;
        let slot = usize::from(nbr[lb][0] != usize::MAX);
        nbr[lb][slot] = la;
    }
    let root_l = local(root);
    let mut order = Vec::with_capacity(k.saturating_sub(1));
    let (mut prev, mut cur) = (root_l, nbr[root_l][0]);
    while cur != root_l {
        order.push(block.vertices[cur]);
        let [x, y] = nbr[cur];
        let next = if x == prev { y } else { x };
        prev = cur;
        cur = next;
    }
    order
}
