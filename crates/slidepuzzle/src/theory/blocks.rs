//! Blocks (biconnected components and bridges) and articulation points.
//!
//! Hopcroft and Tarjan's depth-first search with an edge stack
//! (Hopcroft and Tarjan, "Efficient algorithms for graph manipulation",
//! CACM 16, 1973), written iteratively so deep graphs (a 1000x1 path) do not
//! overflow the call stack. O(V + E).

use crate::model::Graph;

/// What kind of block a 2-connected component or bridge is; this decides
/// its contribution to the puzzle group (docs/THEORY.md section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// A single edge whose removal disconnects the graph: no tile passes.
    Bridge,
    /// A cycle: tiles only rotate (cyclic group of order |B| - 1).
    Cycle,
    /// Wilson's exceptional theta(1,2,2): a group of order 120 (PGL(2,5)).
    Theta0,
    /// 2-connected, not a cycle, not theta0, bipartite: A_(|B|-1).
    Bipartite,
    /// 2-connected, not a cycle, not bipartite: S_(|B|-1).
    NonBipartite,
}

impl BlockKind {
    /// A short lower-case name (`bridge`, `cycle`, `theta0`, `bipartite
    /// 2-connected`, `non-bipartite 2-connected`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            BlockKind::Bridge => "bridge",
            BlockKind::Cycle => "cycle",
            BlockKind::Theta0 => "theta0",
            BlockKind::Bipartite => "bipartite 2-connected",
            BlockKind::NonBipartite => "non-bipartite 2-connected",
        }
    }
}

impl std::fmt::Display for BlockKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Serialised as its `BlockKind::name` (`"bipartite 2-connected"`).
impl serde::Serialize for BlockKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// One block: its vertices (sorted), its edges, and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's vertices, in increasing order.
    pub vertices: Vec<usize>,
    /// The block's edges `(u, v)`, `u < v`.
    pub edges: Vec<(usize, usize)>,
    /// Its kind.
    pub kind: BlockKind,
}

/// The block decomposition of a graph.
#[derive(Clone, Debug)]
pub struct Blocks {
    /// All blocks, in the order the search closed them.
    pub blocks: Vec<Block>,
    /// Articulation (cut) vertices, in increasing order.
    pub articulation_points: Vec<usize>,
}

/// Decomposes `graph` into blocks. Isolated vertices belong to no block.
/// O(V + E) time and memory.
pub(crate) fn decompose(graph: &Graph) -> Blocks {
    const UNSEEN: usize = usize::MAX;
    let n = graph.vertex_count();
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut is_cut = vec![false; n];
    let mut timer = 0;
    let mut edge_stack: Vec<(usize, usize)> = Vec::new();
    let mut raw_blocks: Vec<Vec<(usize, usize)>> = Vec::new();
    // Frames: (vertex, parent, next neighbour index).
    let mut frames: Vec<(usize, usize, usize)> = Vec::new();
    for root in 0..n {
        if disc[root] != UNSEEN {
            continue;
        }
        disc[root] = timer;
        low[root] = timer;
        timer += 1;
        let mut root_children = 0;
        frames.push((root, UNSEEN, 0));
        while let Some(frame) = frames.last_mut() {
            let (v, parent, idx) = *frame;
            if idx < graph.neighbors(v).len() {
                frame.2 += 1;
                let w = graph.neighbors(v)[idx];
                if disc[w] == UNSEEN {
                    disc[w] = timer;
                    low[w] = timer;
                    timer += 1;
                    edge_stack.push((v, w));
                    if v == root {
                        root_children += 1;
                    }
                    frames.push((w, v, 0));
                } else if w != parent && disc[w] < disc[v] {
                    edge_stack.push((v, w));
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                frames.pop();
                if parent == UNSEEN {
                    continue;
                }
                low[parent] = low[parent].min(low[v]);
                if low[v] >= disc[parent] {
                    if parent != root {
                        is_cut[parent] = true;
                    }
                    let mut block = Vec::new();
                    while let Some(e) = edge_stack.pop() {
                        block.push(e);
                        if e == (parent, v) {
                            break;
                        }
                    }
                    raw_blocks.push(block);
                }
            }
        }
        if root_children > 1 {
            is_cut[root] = true;
        }
    }
    let blocks = raw_blocks.into_iter().map(classify).collect();
    Blocks {
        blocks,
        articulation_points: (0..n).filter(|&v| is_cut[v]).collect(),
    }
}

fn classify(edges: Vec<(usize, usize)>) -> Block {
    let mut edges: Vec<(usize, usize)> = edges
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    let mut vertices: Vec<usize> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    vertices.sort_unstable();
    vertices.dedup();
    let kind = if edges.len() == 1 {
        BlockKind::Bridge
    } else if edges.len() == vertices.len() {
        BlockKind::Cycle
    } else if is_theta0(&vertices, &edges) {
        BlockKind::Theta0
    } else if local_graph(&vertices, &edges).is_bipartite() {
        BlockKind::Bipartite
    } else {
        BlockKind::NonBipartite
    };
    Block {
        vertices,
        edges,
        kind,
    }
}

/// The block as a graph on local indices `0..vertices.len()`.
pub(crate) fn local_graph(vertices: &[usize], edges: &[(usize, usize)]) -> Graph {
    let local = |v: usize| vertices.binary_search(&v).expect("edge vertex in block");
    let local_edges: Vec<_> = edges.iter().map(|&(a, b)| (local(a), local(b))).collect();
    Graph::from_edges(vertices.len(), &local_edges).expect("local indices are in range")
}

/// theta(1,2,2): 7 vertices, 8 edges, two vertices of degree 3 joined by
/// paths with 1, 2 and 2 internal vertices.
fn is_theta0(vertices: &[usize], edges: &[(usize, usize)]) -> bool {
    if vertices.len() != 7 || edges.len() != 8 {
        return false;
    }
    let g = local_graph(vertices, edges);
    let branch: Vec<usize> = (0..7).filter(|&v| g.neighbors(v).len() == 3).collect();
    if branch.len() != 2 || (0..7).any(|v| !matches!(g.neighbors(v).len(), 2 | 3)) {
        return false;
    }
    // Walk each path from the first branch vertex to the second.
    let mut lengths: Vec<usize> = g
        .neighbors(branch[0])
        .iter()
        .map(|&start| {
            let (mut prev, mut cur, mut internal) = (branch[0], start, 0);
            while cur != branch[1] {
                internal += 1;
                let next = g
                    .neighbors(cur)
                    .iter()
                    .copied()
                    .find(|&x| x != prev)
                    .unwrap_or(cur);
                prev = cur;
                cur = next;
                if internal > 7 {
                    break;
                }
            }
            internal
        })
        .collect();
    lengths.sort_unstable();
    lengths == [1, 2, 2]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;

    fn kinds(spec: &str) -> Vec<BlockKind> {
        let p = Puzzle::parse(spec).unwrap();
        let mut k: Vec<_> = decompose(p.graph()).blocks.iter().map(|b| b.kind).collect();
        k.sort_by_key(|k| k.name());
        k
    }

    #[test]
    fn named_graphs_have_the_expected_blocks() {
        assert_eq!(kinds("4x4"), vec![BlockKind::Bipartite]);
        assert_eq!(kinds("cycle:6"), vec![BlockKind::Cycle]);
        assert_eq!(kinds("theta0"), vec![BlockKind::Theta0]);
        assert_eq!(kinds("theta:1,2,3"), vec![BlockKind::NonBipartite]);
        assert_eq!(kinds("theta:2,2,2"), vec![BlockKind::Bipartite]);
        assert_eq!(kinds("petersen"), vec![BlockKind::NonBipartite]);
        assert_eq!(kinds("path:4"), vec![BlockKind::Bridge; 3]);
    }

    #[test]
    fn articulation_points_of_a_bowtie_with_tail() {
        // Two triangles sharing vertex 2, and a tail 4-5.
        let p = Puzzle::parse("edges:0-1,1-2,2-0,2-3,3-4,4-2,4-5").unwrap();
        let b = decompose(p.graph());
        assert_eq!(b.articulation_points, vec![2, 4]);
        assert_eq!(b.blocks.len(), 3);
    }
}
