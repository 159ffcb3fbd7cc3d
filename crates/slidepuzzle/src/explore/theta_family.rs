//! The theta family (seed 000, section 8: "another possible focus is on a
//! specific family of graphs, such as theta graphs"): for every theta(a, b,
//! c) up to a number of vertices, the puzzle group, the reachable
//! configurations, and God's number, each blank position's eccentricity
//! and the antipodes, by complete breadth-first search
//! ([`crate::explore::godsnumber`]).
//!
//! theta(a, b, c) (`a <= b <= c`, at most one of them 0) joins two branch
//! vertices by paths of a, b, c inner vertices ([`crate::model::Puzzle`]'s
//! `theta:A,B,C`; a + b + c + 2 vertices). A configuration's distance to
//! another depends only on where their blanks are (relabelling the tiles
//! carries one pair onto another), so God's number of the whole
//! configuration graph is the largest eccentricity over the blank's
//! vertices. The graph's symmetries (swapping the branch vertices while
//! reversing every path; exchanging paths of equal length) share
//! eccentricities, so one search per class of vertices suffices: 1 +
//! about (a + b + c) / 2 searches of n! / |classes| configurations each.

use serde::Serialize;

use crate::error::Result;
use crate::explore::godsnumber::{GodsOptions, explore};
use crate::model::{Configuration, Puzzle, config::Tile};
use crate::primitives::budget::Budget;
use crate::theory::analyze;

/// One theta graph's row.
#[derive(Clone, Debug, Serialize)]
pub struct ThetaRow {
    /// The spec, `theta:A,B,C`.
    pub puzzle: String,
    /// Inner vertices of the three paths, `a <= b <= c`.
    pub paths: [usize; 3],
    /// a + b + c + 2.
    pub vertices: usize,
    /// Whether the graph is bipartite (a, b, c all of one parity).
    pub bipartite: bool,
    /// The puzzle group (`S_8`, `A_9`, `PGL(2,5)`, ...).
    pub group: String,
    /// Configurations reachable from a goal, over all blank positions.
    pub reachable: u64,
    /// God's number: the configuration graph's diameter, the largest
    /// eccentricity below.
    pub gods_number: usize,
    /// The eccentricity of a configuration with the blank on each vertex,
    /// by vertex number (spec numbering: 0 and 1 the branch vertices).
    pub eccentricity: Vec<usize>,
    /// Configurations at God's number from a goal whose blank is on the
    /// first vertex that reaches it.
    pub antipodes: u64,
    /// The breadth-first searches run (one per class of vertices).
    pub searches: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Every theta(a, b, c) with `a <= b <= c`, at most one path empty and
/// `vertices` vertices (a + b + c + 2; the range may be empty), in order
/// of vertices, then (a, b, c).
///
/// ```
/// use slidepuzzle::explore::theta_family::theta_graphs;
/// // theta(0,1,1) is the 4-cycle with a chord; theta(1,1,1) is K_2,3.
/// assert_eq!(theta_graphs(4..=5), vec![[0, 1, 1], [0, 1, 2], [1, 1, 1]]);
/// assert_eq!(theta_graphs(6..=6), vec![[0, 1, 3], [0, 2, 2], [1, 1, 2]]);
/// ```
pub fn theta_graphs(vertices: std::ops::RangeInclusive<usize>) -> Vec<[usize; 3]> {
    let mut out = Vec::new();
    let (low, high) = (
        vertices.start().saturating_sub(2).max(1),
        vertices.end().saturating_sub(2),
    );
    for inner in low..=high {
        for a in 0..=inner {
            for b in a.max(1)..=inner - a {
                let c = inner - a - b;
                if c >= b {
                    out.push([a, b, c]);
                }
            }
        }
    }
    out
}

/// A class key for vertex `v` of theta(a, b, c): the branch vertices
/// share one; an inner vertex is known by its path's length and its
/// distance from the nearer end (the symmetries of the module docs).
fn vertex_class(paths: [usize; 3], v: usize) -> (usize, usize) {
    if v < 2 {
        return (0, 0);
    }
    let mut first = 2;
    for length in paths {
        if v < first + length {
            let i = v - first;
            return (length, i.min(length - 1 - i));
        }
        first += length;
    }
    (usize::MAX, v)
}

/// The goal with the blank on `blank`: tiles 1, 2, ... on the other
/// vertices in order.
fn goal_with_blank(n: usize, blank: usize) -> Result<Configuration> {
    let mut next: Tile = 1;
    let cells = (0..n)
        .map(|v| {
            if v == blank {
                0
            } else {
                next += 1;
                next - 1
            }
        })
        .collect();
    Configuration::from_cells(cells, 1)
}

/// Computes the row of theta(a, b, c) for each of `graphs`, calling
/// `progress(done, total)` after each breadth-first search and
/// `each_row(row)` as each graph's row is complete (so a long run shows,
/// and its caller can keep, every row found before a stop).
///
/// # Errors
/// As [`explore`]: [`crate::Error::Limit`] when a search would pass
/// `budget`'s memory (its `max_memory`, else 8 GiB), and
/// [`crate::Error::Stopped`] on its deadline or cancel flag, read after
/// every layer.
pub fn theta_family(
    graphs: &[[usize; 3]],
    budget: &Budget,
    progress: &(dyn Fn(usize, usize) + Sync),
    each_row: &mut dyn FnMut(&ThetaRow),
) -> Result<Vec<ThetaRow>> {
    let classes_of = |p: [usize; 3]| {
        let n = p.iter().sum::<usize>() + 2;
        let mut keys: Vec<(usize, usize)> = (0..n).map(|v| vertex_class(p, v)).collect();
        keys.sort_unstable();
        keys.dedup();
        keys.len()
    };
    let total: usize = graphs.iter().map(|&p| classes_of(p)).sum();
    let mut done = 0;
    let mut rows = Vec::new();
    for &paths in graphs {
        let started = std::time::Instant::now();
        let [a, b, c] = paths;
        let puzzle = Puzzle::parse(&format!("theta:{a},{b},{c}"))?;
        let n = puzzle.vertex_count();
        let analysis = analyze(&puzzle, &goal_with_blank(n, n - 1)?);
        let options = GodsOptions {
            max_antipodes: 0,
            max_memory: budget
                .max_memory
                .unwrap_or(GodsOptions::default().max_memory),
            budget: budget.clone(),
            ..GodsOptions::default()
        };
        let mut eccentricity = vec![0; n];
        let mut known: Vec<((usize, usize), usize, u64)> = Vec::new();
        let mut best: Option<(usize, u64)> = None;
        // Every blank vertex's goal reaches as many (the blank moves
        // everywhere on a 2-connected graph).
        let mut reachable = 0;
        for (v, slot) in eccentricity.iter_mut().enumerate() {
            let key = vertex_class(paths, v);
            let (e, antipodes) = match known.iter().find(|(k, _, _)| *k == key) {
                Some(&(_, e, antipodes)) => (e, antipodes),
                None => {
                    let report = explore(&puzzle, &goal_with_blank(n, v)?, &options, &|_, _| {})?;
                    reachable = report.states;
                    known.push((key, report.diameter, report.antipode_count));
                    done += 1;
                    progress(done, total);
                    (report.diameter, report.antipode_count)
                }
            };
            *slot = e;
            if best.is_none_or(|(g, _)| e > g) {
                best = Some((e, antipodes));
            }
        }
        let (gods_number, antipodes) = best.unwrap_or((0, 0));
        let row = ThetaRow {
            puzzle: puzzle.spec().to_string(),
            paths,
            vertices: n,
            bipartite: analysis.bipartite,
            group: analysis.group.clone(),
            reachable,
            gods_number,
            eccentricity,
            antipodes,
            searches: known.len(),
            seconds: started.elapsed().as_secs_f64(),
        };
        each_row(&row);
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    #[test]
    fn the_family_lists_each_graph_once() {
        let graphs = theta_graphs(4..=7);
        assert_eq!(graphs.first(), Some(&[0, 1, 1]));
        assert!(graphs.contains(&[1, 2, 2]));
        assert!(
            graphs
                .iter()
                .all(|p| p[0] <= p[1] && p[1] <= p[2] && p[1] >= 1)
        );
        assert_eq!(graphs.len(), 10);
    }

    /// theta(a, b, c)'s neighbours, written anew: branch vertices 0 and 1,
    /// each path's inner vertices numbered on from 2.
    fn neighbours(paths: [usize; 3]) -> Vec<Vec<usize>> {
        let n = paths.iter().sum::<usize>() + 2;
        let mut adjacent = vec![Vec::new(); n];
        let mut next = 2;
        for length in paths {
            let walk: Vec<usize> = std::iter::once(0)
                .chain(next..next + length)
                .chain(std::iter::once(1))
                .collect();
            for pair in walk.windows(2) {
                adjacent[pair[0]].push(pair[1]);
                adjacent[pair[1]].push(pair[0]);
            }
            next += length;
        }
        adjacent
    }

    /// The eccentricity of each blank vertex and the reachable count, by a
    /// plain breadth-first search over configurations from each goal.
    fn by_plain_search(paths: [usize; 3]) -> (Vec<usize>, usize) {
        let adjacent = neighbours(paths);
        let n = adjacent.len();
        let mut eccentricity = Vec::new();
        let mut reachable = 0;
        for blank in 0..n {
            let mut next = 0u8;
            let start: Vec<u8> = (0..n)
                .map(|v| {
                    if v == blank {
                        0
                    } else {
                        next += 1;
                        next
                    }
                })
                .collect();
            let mut depth = HashMap::from([(start.clone(), 0usize)]);
            let mut queue = VecDeque::from([start]);
            let mut deepest = 0;
            while let Some(c) = queue.pop_front() {
                let d = depth[&c];
                deepest = deepest.max(d);
                let b = c.iter().position(|&t| t == 0).unwrap();
                for &u in &adjacent[b] {
                    let mut e = c.clone();
                    e.swap(b, u);
                    if !depth.contains_key(&e) {
                        depth.insert(e.clone(), d + 1);
                        queue.push_back(e);
                    }
                }
            }
            eccentricity.push(deepest);
            reachable = depth.len();
        }
        (eccentricity, reachable)
    }

    /// Every row up to 7 vertices against a plain search from every blank
    /// vertex (so the classes' shared eccentricities are checked too), and
    /// its group against Wilson's theorem: PGL(2,5) on theta(1,2,2), else
    /// A_(n-1) on bipartite graphs and S_(n-1) on the others, whose order
    /// times n is the reachable count.
    #[test]
    fn rows_equal_a_plain_search_and_wilsons_theorem() {
        let graphs = theta_graphs(4..=7);
        let mut streamed = Vec::new();
        let rows = theta_family(&graphs, &Budget::default(), &|_, _| {}, &mut |row| {
            streamed.push(row.puzzle.clone())
        })
        .unwrap();
        assert_eq!(rows.len(), graphs.len());
        let returned: Vec<String> = rows.iter().map(|r| r.puzzle.clone()).collect();
        assert_eq!(streamed, returned, "each row is passed on once, in order");
        for (row, &paths) in rows.iter().zip(&graphs) {
            let (eccentricity, reachable) = by_plain_search(paths);
            assert_eq!(row.eccentricity, eccentricity, "{}", row.puzzle);
            assert_eq!(row.reachable, reachable as u64, "{}", row.puzzle);
            assert_eq!(
                row.gods_number,
                *eccentricity.iter().max().unwrap(),
                "{}",
                row.puzzle
            );
            let tiles = row.vertices - 1;
            let factorial: usize = (1..=tiles).product();
            let (group, order) = if paths == [1, 2, 2] {
                ("PGL(2,5)".to_string(), 120)
            } else if row.bipartite {
                (format!("A_{tiles}"), factorial / 2)
            } else {
                (format!("S_{tiles}"), factorial)
            };
            assert_eq!(row.group, group, "{}", row.puzzle);
            assert_eq!(reachable, order * row.vertices, "{}", row.puzzle);
        }
        // Wilson's theta0, God's number 29 (docs/THEORY.md section 6).
        let theta0 = rows.iter().find(|r| r.paths == [1, 2, 2]).unwrap();
        assert_eq!((theta0.gods_number, theta0.reachable), (29, 840));
    }
}
