//! Specs of puzzles whose tiles turn (docs/THEORY.md section 8):
//! `turns:K:U-V^R,...` (an edge without `^R` has turn 0), and the named
//! puzzles `segerman` (Segerman's 15+4 puzzle, Z_4), `WxH:mobius` (a
//! Möbius band, Z_2) and `WxH:twist` (a torus whose left-right seam turns
//! a tile a quarter, Z_4).
//!
//! ```
//! use slidepuzzle::model::Puzzle;
//! let p = Puzzle::parse("WxH:mobius".replace("WxH", "4x3").as_str()).unwrap();
//! assert_eq!(p.turns().unwrap().modulus(), 2);
//! ```

use super::budget::SizeBudget;
use super::graph::Graph;
use super::puzzle::{Puzzle, PuzzleKind};
use super::turns::{MAX_MODULUS, Turns};
use crate::error::{Error, Result};

/// Builds the turning puzzle on `edges` (as `(u, v, r)`) with `n`
/// vertices.
fn turning(
    n: usize,
    edges: &[(usize, usize, u8)],
    modulus: u8,
    kind: PuzzleKind,
    spec: &str,
) -> Result<Puzzle> {
    let plain: Vec<(usize, usize)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
    let graph = Graph::from_edges(n, &plain)?;
    let turns = Turns::new(&graph, modulus, edges)?;
    Ok(Puzzle::new(graph, kind, spec).with_turns(turns))
}

/// `turns:K:U-V^R,...`: edges with turns in Z_K (vertices from 0; the
/// count is the largest named plus one).
///
/// # Errors
/// [`Error::Spec`] naming the item (1-based) that is not `U-V` or
/// `U-V^R`, a self-loop, a repeated edge, a turn that is not a number;
/// [`Error::Limit`] above `budget`.
pub(crate) fn spec_list(body: &str, spec: &str, budget: &SizeBudget) -> Result<Puzzle> {
    let (k, list) = body.split_once(':').ok_or_else(|| {
        Error::spec(
            spec,
            "turns needs K:U-V^R,... (for example turns:4:0-1^1,1-2,2-0)",
        )
    })?;
    let k: u8 = k
        .trim()
        .parse()
        .ok()
        .filter(|k| (2..=MAX_MODULUS).contains(k))
        .ok_or_else(|| {
            Error::spec(
                spec,
                format!(
                    "'{}' is not a modulus k of Z_k (2..={MAX_MODULUS})",
                    crate::error::excerpt(k.trim())
                ),
            )
        })?;
    let mut edges = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for (i, item) in list.split(',').enumerate() {
        let item = item.trim();
        let bad = |why: String| {
            Error::spec(
                spec,
                format!("item {} '{}': {why}", i + 1, crate::error::excerpt(item)),
            )
        };
        let (link, r) = match item.split_once('^') {
            Some((link, r)) => {
                let r: u8 = r.trim().parse().ok().filter(|&r| r < k).ok_or_else(|| {
                    bad(format!(
                        "'{}' is not a turn in Z_{k} (0..{})",
                        crate::error::excerpt(r.trim()),
                        k - 1
                    ))
                })?;
                (link, r)
            }
            None => (item, 0),
        };
        let (a, b) = link
            .split_once('-')
            .ok_or_else(|| bad("is not an edge U-V or U-V^R".to_string()))?;
        let vertex = |t: &str| {
            t.trim().parse::<usize>().map_err(|_| {
                bad(format!(
                    "'{}' is not a vertex number",
                    crate::error::excerpt(t.trim())
                ))
            })
        };
        let (u, v) = (vertex(a)?, vertex(b)?);
        if u == v {
            return Err(bad("is a self-loop".to_string()));
        }
        if let Some(j) = seen.insert((u.min(v), u.max(v)), i) {
            return Err(bad(format!("repeats item {}", j + 1)));
        }
        edges.push((u, v, r));
    }
    let n = edges
        .iter()
        .map(|&(u, v, _)| u.max(v) + 1)
        .max()
        .unwrap_or(0);
    budget.check(Some(n as u64), Some(edges.len() as u64))?;
    if n < 2 {
        return Err(Error::spec(spec, "a puzzle needs at least 2 vertices"));
    }
    turning(n, &edges, k, PuzzleKind::Graph, &format!("turns:{body}"))
}

/// Segerman's 15+4 puzzle: five 2x2 quadrants hinged around a cone point
/// (20 cells, 19 tiles and one blank), square tiles (Z_4). Quadrant `q`
/// (0..5, counter-clockwise) holds cells `4q` (touching the centre),
/// `4q + 1` (along the ray it shares with quadrant `q - 1`), `4q + 2`
/// (along the ray it shares with quadrant `q + 1`) and `4q + 3` (the outer
/// corner). Cells `4q` and `4q + 2` touch cells `4(q+1)` and `4(q+1) + 1`
/// across the shared ray. The cone angle is 5 quarter turns, so a tile
/// carried once around the centre counter-clockwise comes back turned a
/// quarter clockwise: the two slides from quadrant 4 into quadrant 0 turn a
/// tile by 3 (= -1), every other slide by 0 (docs/THEORY.md section 8).
pub(crate) fn segerman() -> Result<Puzzle> {
    let mut edges = Vec::new();
    for q in 0..5 {
        let c = 4 * q;
        edges.extend([
            (c, c + 1, 0),
            (c, c + 2, 0),
            (c + 1, c + 3, 0),
            (c + 2, c + 3, 0),
        ]);
        let next = 4 * ((q + 1) % 5);
        let r = if q == 4 { 3 } else { 0 };
        edges.extend([(c, next, r), (c + 2, next + 1, r)]);
    }
    let mut positions = Vec::with_capacity(20);
    let sector = std::f64::consts::TAU / 5.0;
    for q in 0..5 {
        for (a, b) in [(0.5, 0.5), (1.5, 0.5), (0.5, 1.5), (1.5, 1.5)] {
            let angle = q as f64 * sector + f64::atan2(b, a) / std::f64::consts::FRAC_PI_2 * sector;
            let radius = f64::hypot(a, b);
            positions.push([radius * angle.cos(), -radius * angle.sin(), 0.0]);
        }
    }
    Ok(turning(20, &edges, 4, PuzzleKind::Graph, "segerman")?.with_positions(positions))
}

/// `WxH:mobius` (Z_2: a tile flips crossing the seam) and `WxH:twist`
/// (Z_4: a quarter turn crossing the seam, a torus otherwise). Cells are
/// numbered row by row as on a board; on the Möbius band cell `(W-1, y)`
/// touches `(0, H-1-y)`, on the twisted torus `(W-1, y)` touches `(0, y)`
/// and `(x, H-1)` touches `(x, 0)`. A tile sliding rightwards across the
/// seam turns by 1; leftwards by `-1`.
///
/// # Errors
/// [`Error::Spec`] when a side is too short for the seam to add new edges
/// (W >= 3, and H >= 2 on the band, H >= 3 on the torus);
/// [`Error::Limit`] above `budget`.
pub(crate) fn seam_board(
    width: usize,
    height: usize,
    twist: bool,
    spec: &str,
    budget: &SizeBudget,
) -> Result<Puzzle> {
    let min_height = if twist { 3 } else { 2 };
    if width < 3 || height < min_height {
        return Err(Error::spec(
            spec,
            format!(
                "{} needs width >= 3 and height >= {min_height}",
                if twist {
                    "a twisted torus"
                } else {
                    "a Möbius band"
                }
            ),
        ));
    }
    let n = (width as u64).saturating_mul(height as u64);
    budget.check(Some(n), Some(n.saturating_mul(2)))?;
    let (w, h) = (width, height);
    let mut edges = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let v = y * w + x;
            if x + 1 < w {
                edges.push((v, v + 1, 0));
            }
            if y + 1 < h {
                edges.push((v, v + w, 0));
            }
        }
        let across = if twist { y } else { h - 1 - y };
        edges.push((y * w + w - 1, across * w, 1));
    }
    if twist {
        for x in 0..w {
            edges.push(((h - 1) * w + x, x, 0));
        }
    }
    let kind = PuzzleKind::Graph;
    let positions = (0..n as usize)
        .map(|v| [(v % w) as f64, (v / w) as f64, 0.0])
        .collect();
    Ok(turning(w * h, &edges, if twist { 4 } else { 2 }, kind, spec)?.with_positions(positions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_go_back_negated() {
        let p = Puzzle::parse("turns:4:0-1^1,1-2^2,2-0").unwrap();
        let t = p.turns().unwrap();
        assert_eq!(
            [t.turn(0, 1), t.turn(1, 0), t.turn(1, 2), t.turn(2, 1)],
            [1, 3, 2, 2]
        );
        assert_eq!(t.nonzero(), vec![(0, 1, 1), (1, 2, 2)]);
    }

    #[test]
    fn segerman_is_five_quadrants() {
        let p = segerman().unwrap();
        assert_eq!((p.vertex_count(), p.graph().edge_count()), (20, 30));
        // Around the centre: 0 -> 4 -> 8 -> 12 -> 16 -> 0 turns by -1 in all.
        let t = p.turns().unwrap();
        let total: u32 = [(0, 4), (4, 8), (8, 12), (12, 16), (16, 0)]
            .iter()
            .map(|&(a, b)| t.turn(a, b) as u32)
            .sum();
        assert_eq!(total % 4, 3);
    }

    #[test]
    fn bad_specs_name_the_item() {
        let cases = [
            ("turns:4:0-1^4", "not a turn in Z_4"),
            ("turns:1:0-1", "not a modulus"),
            ("turns:4:0-1,1-0", "repeats item 1"),
            ("turns:4:0-0", "self-loop"),
            ("turns:4:0>1", "not an edge"),
            ("2x2:mobius", "width >= 3"),
        ];
        for (spec, want) in cases {
            let e = Puzzle::parse(spec).unwrap_err().to_string();
            assert!(e.contains(want), "{spec}: {e}");
        }
    }
}
