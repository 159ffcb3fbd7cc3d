//! Puzzles with one-way edges: a digraph on vertices `0..n` whose arc
//! `u -> v` lets a tile slide from `u` to `v` and never back. The blank
//! therefore moves against the arcs: a blank on `v` may move to `u` exactly
//! when there is an arc `u -> v` (docs/THEORY.md, "One-way edges").
//!
//! ```
//! use slidepuzzle::model::digraph::Digraph;
//! let d = Digraph::parse("arcs:0>1,1>2,2>0").unwrap();
//! assert_eq!((d.vertex_count(), d.arc_count()), (3, 3));
//! assert_eq!(d.blank_moves(1), &[0]); // the tile on 0 slides into 1
//! assert!(d.is_strongly_connected());
//! ```

use crate::error::{Error, Result};

/// Most vertices a digraph may have (2^20): the decision and group
/// algorithms are polynomial, but a spec must not allocate without bound.
pub const MAX_DIGRAPH_VERTICES: usize = 1 << 20;

/// A digraph without loops or repeated arcs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    /// `successors[u]`: the `v` with an arc `u -> v`, in input order.
    successors: Vec<Vec<usize>>,
    /// `predecessors[v]`: the `u` with an arc `u -> v`, in input order.
    predecessors: Vec<Vec<usize>>,
    arc_count: usize,
}

impl Digraph {
    /// The digraph on `vertex_count` vertices with `arcs` (`(u, v)` is
    /// `u -> v`). Loops and repeated arcs are skipped. O(V + E).
    ///
    /// # Errors
    /// [`Error::Spec`] naming the arc (1-based) with a vertex outside
    /// `0..vertex_count`, or for more than [`MAX_DIGRAPH_VERTICES`]
    /// vertices.
    pub fn from_arcs(vertex_count: usize, arcs: &[(usize, usize)]) -> Result<Self> {
        if vertex_count > MAX_DIGRAPH_VERTICES {
            return Err(Error::spec(
                "",
                format!("{vertex_count} vertices: a digraph has at most {MAX_DIGRAPH_VERTICES}"),
            ));
        }
        let mut successors = vec![Vec::new(); vertex_count];
        let mut predecessors = vec![Vec::new(); vertex_count];
        let mut seen = rustc_hash::FxHashSet::default();
        for (index, &(u, v)) in arcs.iter().enumerate() {
            if u >= vertex_count || v >= vertex_count {
                return Err(Error::spec(
                    "",
                    format!(
                        "arc {} ({u}>{v}) names a vertex outside 0..{}",
                        index + 1,
                        vertex_count.saturating_sub(1)
                    ),
                ));
            }
            if u != v && seen.insert((u, v)) {
                successors[u].push(v);
                predecessors[v].push(u);
            }
        }
        Ok(Digraph {
            successors,
            predecessors,
            arc_count: seen.len(),
        })
    }

    /// Reads `arcs:U>V,U>V,...` (vertices from 0; the vertex count is the
    /// largest vertex named plus one).
    ///
    /// # Errors
    /// [`Error::Spec`] with the character position of a malformed arc.
    pub fn parse(spec: &str) -> Result<Self> {
        let body = spec
            .strip_prefix("arcs:")
            .ok_or_else(|| Error::spec_at(spec, 0, "a digraph is written arcs:U>V,U>V,..."))?;
        let mut arcs = Vec::new();
        let mut at = "arcs:".len();
        for part in body.split(',') {
            let vertex = |text: &str, offset: usize| {
                text.trim().parse::<usize>().map_err(|_| {
                    Error::spec_at(spec, offset, format!("'{}' is not a vertex", text.trim()))
                })
            };
            let Some((u, v)) = part.split_once('>') else {
                return Err(Error::spec_at(
                    spec,
                    at,
                    format!("'{part}' is not an arc U>V"),
                ));
            };
            arcs.push((vertex(u, at)?, vertex(v, at + u.len() + 1)?));
            at += part.len() + 1;
        }
        let n = arcs.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
        Digraph::from_arcs(n.saturating_add(1), &arcs)
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.successors.len()
    }

    /// Number of arcs.
    pub fn arc_count(&self) -> usize {
        self.arc_count
    }

    /// Every arc `(u, v)`, `u -> v`, by tail then input order.
    pub fn arcs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.vertex_count()).flat_map(move |u| self.successors[u].iter().map(move |&v| (u, v)))
    }

    /// Where a tile on `u` may slide: the heads of `u`'s arcs.
    pub fn successors(&self, u: usize) -> &[usize] {
        &self.successors[u]
    }

    /// Where a blank on `v` may move: the tails of the arcs into `v` (the
    /// tile there slides into `v`).
    pub fn blank_moves(&self, v: usize) -> &[usize] {
        &self.predecessors[v]
    }

    /// The strongly connected components: `component[v]` for each vertex
    /// (numbered in topological order of the condensation, sources
    /// first: an arc between components runs from a lower number to a
    /// higher one) and their count. Kosaraju's two passes, iterative.
    /// O(V + E).
    pub(crate) fn strong_components(&self) -> (Vec<usize>, usize) {
        let n = self.vertex_count();
        // Pass 1: vertices by finishing time of a DFS along the arcs.
        let mut order = Vec::with_capacity(n);
        let mut visited = vec![false; n];
        for root in 0..n {
            if visited[root] {
                continue;
            }
            visited[root] = true;
            let mut stack = vec![(root, 0usize)];
            while let Some((u, i)) = stack.pop() {
                if let Some(&v) = self.successors[u].get(i) {
                    stack.push((u, i + 1));
                    if !visited[v] {
                        visited[v] = true;
                        stack.push((v, 0));
                    }
                } else {
                    order.push(u);
                }
            }
        }
        // Pass 2: against the arcs, latest finisher first.
        crate::primitives::bfs::flood_labels(n, order.into_iter().rev(), |v| &self.predecessors[v])
    }

    /// The two-way graph on `vertices` (a list of distinct vertices of this
    /// digraph): local vertex `i` is `vertices[i]`, and each arc between
    /// two of them becomes an undirected edge. With `0..n` this is the
    /// underlying graph, the puzzle with every one-way edge made two-way.
    /// O(V + E).
    ///
    /// # Errors
    /// [`Error::Spec`] if `vertices` names a vertex outside the digraph.
    pub(crate) fn two_way_on(&self, vertices: &[usize]) -> Result<crate::model::Graph> {
        crate::model::Graph::from_edges(vertices.len(), &self.local_arcs(vertices)?)
    }

    /// The arcs between `vertices` (distinct vertices of this digraph), in
    /// local numbers: local vertex `i` is `vertices[i]`. O(V + E).
    fn local_arcs(&self, vertices: &[usize]) -> Result<Vec<(usize, usize)>> {
        let mut local = vec![usize::MAX; self.vertex_count()];
        for (i, &v) in vertices.iter().enumerate() {
            match local.get_mut(v) {
                Some(slot) => *slot = i,
                None => return Err(Error::spec("", format!("vertex {v} is not in the digraph"))),
            }
        }
        Ok(vertices
            .iter()
            .flat_map(|&u| self.successors[u].iter().map(move |&v| (u, v)))
            .filter(|&(_, v)| local[v] != usize::MAX)
            .map(|(u, v)| (local[u], local[v]))
            .collect())
    }

    /// The digraph induced on `vertices` (distinct vertices of this one),
    /// local vertex `i` being `vertices[i]`. O(V + E).
    ///
    /// # Errors
    /// [`Error::Spec`] if `vertices` names a vertex outside the digraph.
    pub(crate) fn induced(&self, vertices: &[usize]) -> Result<Digraph> {
        Digraph::from_arcs(vertices.len(), &self.local_arcs(vertices)?)
    }

    /// The underlying graph: every arc made two-way ([`Digraph::two_way_on`]
    /// on all vertices).
    ///
    /// # Errors
    /// None in practice (every vertex is in range); typed for the one
    /// graph constructor.
    pub(crate) fn underlying(&self) -> Result<crate::model::Graph> {
        let all: Vec<usize> = (0..self.vertex_count()).collect();
        self.two_way_on(&all)
    }

    /// [`Digraph::underlying`] without the error (its vertices are all in
    /// range by construction).
    pub(crate) fn underlying_graph(&self) -> crate::model::Graph {
        let edges: Vec<(usize, usize)> = self.arcs().collect();
        match crate::model::Graph::from_edges(self.vertex_count(), &edges) {
            Ok(g) => g,
            // Unreachable: every arc's ends are below the vertex count.
            Err(_) => crate::model::Graph::empty(self.vertex_count()),
        }
    }

    /// Distances along the arcs from every vertex to `target` (the moves a
    /// tile on `v` needs to reach `target`), [`crate::model::graph::UNREACHABLE`]
    /// where no directed path exists. One breadth-first search against the
    /// arcs, O(V + E).
    pub(crate) fn distances_to(&self, target: usize) -> Vec<u32> {
        let n = self.vertex_count();
        let mut dist = vec![crate::model::graph::UNREACHABLE; n];
        if target >= n {
            return dist;
        }
        dist[target] = 0;
        let mut queue = std::collections::VecDeque::from([target]);
        while let Some(v) = queue.pop_front() {
            for &u in &self.predecessors[v] {
                if dist[u] == crate::model::graph::UNREACHABLE {
                    dist[u] = dist[v] + 1;
                    queue.push_back(u);
                }
            }
        }
        dist
    }

    /// Whether every vertex reaches every other along the arcs.
    pub fn is_strongly_connected(&self) -> bool {
        self.vertex_count() > 0 && self.strong_components().1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_run_downstream() {
        // 0 <-> 1 -> 2 <-> 3, and 4 alone feeding 0.
        let d = Digraph::from_arcs(5, &[(0, 1), (1, 0), (1, 2), (2, 3), (3, 2), (4, 0)]).unwrap();
        let (c, k) = d.strong_components();
        assert_eq!(k, 3);
        assert_eq!(c[0], c[1]);
        assert_eq!(c[2], c[3]);
        assert!(c[4] < c[0] && c[0] < c[2], "{c:?}");
        assert!(!d.is_strongly_connected());
    }

    #[test]
    fn bad_arcs_are_named() {
        let e = Digraph::from_arcs(3, &[(0, 1), (1, 3)]).unwrap_err();
        assert!(e.to_string().contains("arc 2 (1>3)"), "{e}");
        let e = Digraph::parse("arcs:0>1,1-2").unwrap_err();
        assert!(e.to_string().contains("'1-2' is not an arc"), "{e}");
        assert!(
            matches!(
                e,
                Error::Spec {
                    position: Some(9),
                    ..
                }
            ),
            "{e:?}"
        );
        let e = Digraph::parse("arcs:0>x").unwrap_err();
        assert!(
            matches!(
                e,
                Error::Spec {
                    position: Some(7),
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(Digraph::parse("arcs:0>99999999").is_err());
        let d = Digraph::parse("arcs:0>1,0>1,1>1,1>0").unwrap();
        assert_eq!(d.arc_count(), 2);
    }
}
