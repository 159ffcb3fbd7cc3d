//! The undirected graph a puzzle is played on.

use std::collections::VecDeque;

use crate::error::{Error, Result};

/// A finite simple undirected graph on vertices `0..n`.
///
/// Loops and parallel edges are dropped when the graph is built: they change
/// nothing in a sliding puzzle (seed 000, section 5). Neighbour lists keep the
/// order in which edges were first given, so searches are deterministic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    adjacency: Vec<Vec<usize>>,
    edge_count: usize,
}

/// Marker for "no path" in `Graph::distances_from`.
pub const UNREACHABLE: u32 = u32::MAX;

impl Graph {
    /// Builds a graph with `vertex_count` vertices from an edge list.
    ///
    /// # Errors
    /// [`Error::Spec`] if an edge names a vertex `>= vertex_count`.
    /// Loops (`u == v`) and repeated edges are ignored: each vertex's
    /// neighbours are in the order their edges are first named. O(V + E)
    /// time and memory.
    pub fn from_edges(vertex_count: usize, edges: &[(usize, usize)]) -> Result<Self> {
        for (index, &(u, v)) in edges.iter().enumerate() {
            if u >= vertex_count || v >= vertex_count {
                return Err(Error::spec(
                    "",
                    format!(
                        "edge {} ({u}-{v}) names a vertex outside 0..{}",
                        index + 1,
                        vertex_count.saturating_sub(1)
                    ),
                ));
            }
        }
        // Every edge goes in both lists in the order given, then each list
        // keeps the first of its repeats (a stamp per vertex: O(V + E)
        // time and no set of edges, so complete:5000's 12.5 M edges need
        // no hash table of hundreds of MB).
        let mut degree = vec![0u32; vertex_count];
        for &(u, v) in edges {
            if u != v {
                degree[u] = degree[u].saturating_add(1);
                degree[v] = degree[v].saturating_add(1);
            }
        }
        let mut adjacency: Vec<Vec<usize>> = degree
            .iter()
            .map(|&d| Vec::with_capacity(d as usize))
            .collect();
        for &(u, v) in edges {
            if u != v {
                adjacency[u].push(v);
                adjacency[v].push(u);
            }
        }
        let mut stamp = vec![usize::MAX; vertex_count];
        let mut ends = 0;
        for (u, list) in adjacency.iter_mut().enumerate() {
            list.retain(|&v| std::mem::replace(&mut stamp[v], u) != u);
            ends += list.len();
        }
        let edge_count = ends / 2;
        Ok(Graph {
            adjacency,
            edge_count,
        })
    }

    /// The graph on `vertex_count` vertices without edges.
    pub(crate) fn empty(vertex_count: usize) -> Self {
        Graph {
            adjacency: vec![Vec::new(); vertex_count],
            edge_count: 0,
        }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.adjacency.len()
    }

    /// Number of edges (after dropping loops and duplicates).
    pub fn edge_count(&self) -> usize {
        self.edge_count
    }

    /// Neighbours of `v`, in the order the edges were given.
    ///
    /// # Panics
    /// If `v >= vertex_count()` (vertices are 0-based).
    pub fn neighbors(&self, v: usize) -> &[usize] {
        &self.adjacency[v]
    }

    /// Whether `u` and `v` are adjacent. O(degree of `u`).
    ///
    /// # Panics
    /// If `u >= vertex_count()`.
    pub(crate) fn has_edge(&self, u: usize, v: usize) -> bool {
        self.adjacency[u].contains(&v)
    }

    /// Every edge once, as `(u, v)` with `u < v`.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.adjacency
            .iter()
            .enumerate()
            .flat_map(|(u, ns)| ns.iter().filter(move |&&v| u < v).map(move |&v| (u, v)))
    }

    /// Breadth-first distances from `source` (in edges); [`UNREACHABLE`]
    /// where there is no path. O(V + E).
    ///
    /// # Panics
    /// If `source >= vertex_count()`.
    pub(crate) fn distances_from(&self, source: usize) -> Vec<u32> {
        crate::primitives::bfs::distances(self.vertex_count(), |u| &self.adjacency[u], source)
    }

    /// A shortest path from `from` to `to`, both included, or `None` when
    /// they are in different components. O(V + E).
    pub(crate) fn shortest_path(&self, from: usize, to: usize) -> Option<Vec<usize>> {
        let n = self.vertex_count();
        let mut parent = vec![usize::MAX; n];
        parent[from] = from;
        let mut queue = VecDeque::from([from]);
        while let Some(u) = queue.pop_front() {
            if u == to {
                break;
            }
            for &v in &self.adjacency[u] {
                if parent[v] == usize::MAX {
                    parent[v] = u;
                    queue.push_back(v);
                }
            }
        }
        if parent[to] == usize::MAX {
            return None;
        }
        let mut path = vec![to];
        let mut v = to;
        while v != from {
            v = parent[v];
            path.push(v);
        }
        path.reverse();
        Some(path)
    }

    /// Connected component index of every vertex (components numbered from 0
    /// in order of their smallest vertex) and the number of components.
    pub fn components(&self) -> (Vec<usize>, usize) {
        let n = self.vertex_count();
        crate::primitives::bfs::flood_labels(n, 0..n, |u| &self.adjacency[u])
    }

    /// A proper 2-colouring (`0`/`1` per vertex) if the graph is bipartite,
    /// else `None`. Each component is coloured from its smallest vertex.
    pub(crate) fn two_coloring(&self) -> Option<Vec<u8>> {
        let n = self.vertex_count();
        let mut color = vec![u8::MAX; n];
        for s in 0..n {
            if color[s] != u8::MAX {
                continue;
            }
            color[s] = 0;
            let mut stack = vec![s];
            while let Some(u) = stack.pop() {
                for &v in &self.adjacency[u] {
                    if color[v] == u8::MAX {
                        color[v] = 1 - color[u];
                        stack.push(v);
                    } else if color[v] == color[u] {
                        return None;
                    }
                }
            }
        }
        Some(color)
    }

    /// Whether the graph is bipartite.
    pub fn is_bipartite(&self) -> bool {
        self.two_coloring().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_and_parallel_edges_are_dropped() {
        let g = Graph::from_edges(3, &[(0, 1), (1, 0), (1, 1), (1, 2)]).unwrap();
        assert_eq!(g.edge_count(), 2);
        assert_eq!(g.edges().collect::<Vec<_>>(), vec![(0, 1), (1, 2)]);
    }

    #[test]
    fn neighbours_keep_the_order_of_first_mention_whatever_the_repeats() {
        // Against the plain rule: an edge is added, in both lists, where it
        // is first named; loops and later repeats are skipped.
        let mut seed = 7u64;
        for n in [2usize, 3, 5, 9, 40] {
            for _ in 0..50 {
                let mut edges = Vec::new();
                for _ in 0..3 * n {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    edges.push(((seed >> 33) as usize % n, (seed >> 13) as usize % n));
                }
                let mut want: Vec<Vec<usize>> = vec![Vec::new(); n];
                for &(u, v) in &edges {
                    if u != v && !want[u].contains(&v) {
                        want[u].push(v);
                        want[v].push(u);
                    }
                }
                let g = Graph::from_edges(n, &edges).unwrap();
                for (v, list) in want.iter().enumerate() {
                    assert_eq!(g.neighbors(v), &list[..], "{edges:?}");
                }
                let count: usize = want.iter().map(Vec::len).sum::<usize>() / 2;
                assert_eq!(g.edge_count(), count);
            }
        }
    }

    #[test]
    fn out_of_range_edge_is_an_error() {
        let err = Graph::from_edges(2, &[(0, 2)]).unwrap_err();
        assert!(err.to_string().contains("edge 1 (0-2)"), "{err}");
    }

    #[test]
    fn distances_paths_and_colouring() {
        let g = Graph::from_edges(5, &[(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
        assert_eq!(g.distances_from(0), vec![0, 1, 2, 1, UNREACHABLE]);
        assert_eq!(g.shortest_path(0, 2).unwrap().len(), 3);
        assert!(g.shortest_path(0, 4).is_none());
        assert_eq!(g.components().1, 2);
        assert!(g.is_bipartite());
        let triangle = Graph::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
        assert!(!triangle.is_bipartite());
    }
}
