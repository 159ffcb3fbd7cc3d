//! A disconnected puzzle as puzzles of its own, one per component: tiles
//! never cross between components, so deciding and solving split there.

use super::config::Configuration;
use super::graph::Graph;
use super::puzzle::{Puzzle, PuzzleKind};
use crate::error::{Error, Result};

/// One connected component of a puzzle's graph as a puzzle of its own: its
/// vertices renumbered 0.. in increasing order (`vertices[i]` is the
/// original vertex of vertex i).
pub struct ComponentPuzzle {
    /// The original vertex of each of the component's vertices.
    pub vertices: Vec<usize>,
    /// The component's graph, named "component of vertex V" (V its first
    /// vertex).
    pub puzzle: Puzzle,
}

impl ComponentPuzzle {
    /// The tiles `config` holds on this component, in its vertex order.
    pub fn cells_of(&self, config: &Configuration) -> Vec<u32> {
        self.vertices.iter().map(|&v| config.tile_at(v)).collect()
    }

    /// Both sides as configurations of the component's puzzle: the tiles
    /// renumbered 1..m by the increasing order of `start`'s tiles, 0 staying
    /// the blank.
    ///
    /// # Errors
    /// [`Error::Configuration`] naming the component when the two sides do
    /// not hold the same tiles and the same number of blanks on it, or
    /// hold no blank (a configuration has one at least).
    pub fn relabel(&self, start: &[u32], goal: &[u32]) -> Result<(Configuration, Configuration)> {
        let mut labels: Vec<u32> = start.iter().copied().filter(|&t| t != 0).collect();
        labels.sort_unstable();
        let mut other: Vec<u32> = goal.iter().copied().filter(|&t| t != 0).collect();
        other.sort_unstable();
        if labels != other || start.len() != goal.len() {
            return Err(Error::config(format!(
                "the component of vertex {} holds different tiles or blank counts in the two configurations (tiles cannot cross between components)",
                self.vertices[0]
            )));
        }
        let blanks = start.len() - labels.len();
        let map = |cells: &[u32]| -> Result<Configuration> {
            let mapped = cells
                .iter()
                .map(|&t| match t {
                    0 => 0,
                    t => labels.binary_search(&t).map_or(0, |i| i as u32 + 1),
                })
                .collect();
            Configuration::from_cells(mapped, blanks)
        };
        Ok((map(start)?, map(goal)?))
    }
}

impl Puzzle {
    /// The components of the graph as puzzles of their own, in the order of
    /// their first vertex. O(V + E).
    ///
    /// # Errors
    /// None in practice (each component is a valid graph).
    ///
    /// ```
    /// use slidepuzzle::model::{Configuration, Puzzle};
    /// let p = Puzzle::parse("edges:0-1,1-2,3-4,4-5").unwrap();
    /// let parts = p.component_puzzles().unwrap();
    /// assert_eq!(parts.len(), 2);
    /// assert_eq!(parts[1].vertices, vec![3, 4, 5]);
    /// let start = Configuration::from_cells(vec![1, 0, 2, 4, 3, 0], 2).unwrap();
    /// let goal = Configuration::from_cells(vec![1, 2, 0, 3, 4, 0], 2).unwrap();
    /// let (s, g) = parts[1].relabel(&parts[1].cells_of(&start), &parts[1].cells_of(&goal)).unwrap();
    /// assert_eq!((s.cells(), g.cells()), (&[2, 1, 0][..], &[1, 2, 0][..]));
    /// ```
    pub fn component_puzzles(&self) -> Result<Vec<ComponentPuzzle>> {
        let graph = self.graph();
        let n = graph.vertex_count();
        let (component, count) = graph.components();
        let mut vertices = vec![Vec::new(); count];
        let mut local = vec![0usize; n];
        for v in 0..n {
            local[v] = vertices[component[v]].len();
            vertices[component[v]].push(v);
        }
        let mut edges = vec![Vec::new(); count];
        for (u, v) in graph.edges() {
            edges[component[u]].push((local[u], local[v]));
        }
        let mut parts: Vec<ComponentPuzzle> = vertices
            .into_iter()
            .zip(edges)
            .map(|(vertices, edges)| {
                Ok(ComponentPuzzle {
                    puzzle: Puzzle::new(
                        Graph::from_edges(vertices.len(), &edges)?,
                        PuzzleKind::Graph,
                        format!("component of vertex {}", vertices[0]),
                    ),
                    vertices,
                })
            })
            .collect::<Result<_>>()?;
        parts.sort_by_key(|p| p.vertices[0]);
        Ok(parts)
    }
}
