//! Conway's M13 as a puzzle (`m13`; docs/THEORY.md section 12): the 13
//! points of the projective plane of order 3, PG(2, 3), on the complete
//! graph K13, each edge exchanging the other two points of its line
//! ([`super::exchanges`]). The numbering is the one
//! [`super::exchanges`]'s module docs give.

use super::exchanges::Exchanges;
use super::graph::Graph;
use super::puzzle::{Puzzle, PuzzleKind};
use crate::error::Result;

/// The points of PG(2, 3) in the numbering of [`super::exchanges`]:
/// vectors over F_3 with last nonzero coordinate 1.
fn plane_points() -> Vec<[u8; 3]> {
    let mut points: Vec<[u8; 3]> = (0..9).map(|v| [v % 3, v / 3, 1]).collect();
    points.extend([[1, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0]]);
    points
}

/// The lines of PG(2, 3): thirteen sets of four points, found as the
/// points orthogonal (mod 3) to each point of the dual plane.
pub fn plane_lines() -> Vec<[usize; 4]> {
    let points = plane_points();
    points
        .iter()
        .map(|l| {
            let on: Vec<usize> = (0..points.len())
                .filter(|&p| {
                    let x = points[p];
                    (0..3)
                        .map(|i| u32::from(x[i]) * u32::from(l[i]))
                        .sum::<u32>()
                        % 3
                        == 0
                })
                .collect();
            [on[0], on[1], on[2], on[3]]
        })
        .collect()
}

/// Conway's M13 (see [`super::exchanges`]): the complete graph on the
/// 13 points of PG(2, 3), each edge exchanging the other two points of
/// its line, drawn as the affine 3 x 3 grid with the four points at
/// infinity in a column beside it.
///
/// # Errors
/// None in practice (the plane is fixed); typed as the graph's.
pub(crate) fn m13() -> Result<Puzzle> {
    let n = 13;
    let lines = plane_lines();
    let mut edges = Vec::new();
    let mut exchanges = Vec::new();
    for line in &lines {
        for (i, &p) in line.iter().enumerate() {
            for &q in &line[i + 1..] {
                let mut others = line.iter().filter(|&&v| v != p && v != q);
                let (r, s) = (others.next(), others.next());
                if let (Some(&r), Some(&s)) = (r, s) {
                    edges.push((p, q));
                    exchanges.push((p, q, r, s));
                }
            }
        }
    }
    let graph = Graph::from_edges(n, &edges)?;
    let exchanges = Exchanges::new(&graph, &exchanges)?;
    let mut positions: Vec<[f64; 3]> = (0..9)
        .map(|v| [f64::from(v % 3), f64::from(2 - v / 3), 0.0])
        .collect();
    positions.extend((0..4).map(|i| [3.6, 2.4 - 1.6 * f64::from(i), 0.0]));
    Ok(Puzzle::new(graph, PuzzleKind::Graph, "m13")
        .with_positions(positions)
        .with_exchanges(exchanges))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plane_has_thirteen_lines_of_four_meeting_once() {
        let lines = plane_lines();
        assert_eq!(lines.len(), 13);
        for p in 0..13 {
            for q in p + 1..13 {
                let through = lines
                    .iter()
                    .filter(|l| l.contains(&p) && l.contains(&q))
                    .count();
                assert_eq!(through, 1, "points {p} and {q}");
            }
        }
        let m13 = m13().unwrap();
        assert_eq!(m13.graph().edge_count(), 78);
    }
}
