//! Rotating puzzles (Yang 2011; docs/THEORY.md section 9): tokens on every
//! vertex of a graph, no blank, and a move turns the tokens one step round
//! one of the puzzle's chosen cycles.
//!
//! A puzzle is a list of cycles, each a list of distinct vertices
//! `c_0, c_1, ..., c_{L-1}`. Cycles are numbered from 1 in moves: move `i`
//! carries the token on `c_j` to `c_{j+1}` (and the one on `c_{L-1}` to
//! `c_0`) of cycle i; move `i'` turns it the other way. A configuration (an
//! *arrangement*) puts each token `1..=n` on one vertex; the goal is token
//! `v + 1` on vertex `v`.
//!
//! Specs:
//! - `rotate:0-1-2-3,2-3-4-5`: the cycles, vertices from 0, each vertex on
//!   at least one cycle (a cycle of two vertices swaps them);
//! - `WxH:twiddle`: a W x H board (cell `(x, y)` is vertex `x + W*y`) whose
//!   every 2 x 2 block turns (as in Simon Tatham's *Twiddle*), clockwise on
//!   the page: top-left, top-right, bottom-right, bottom-left;
//! - `rings:N,D`: two rings of N tokens crossing at two vertices D steps
//!   apart on each ring (the Hungarian rings are `rings:20,5`): ring 1 is
//!   vertices `0..N`, ring 2 shares vertices 0 and D.
//!
//! ```
//! use slidepuzzle::model::rotating::RotatingPuzzle;
//! let p = RotatingPuzzle::parse("3x3:twiddle").unwrap();
//! assert_eq!((p.vertex_count(), p.cycles().len()), (9, 4));
//! let mut a = p.goal();
//! let m = p.parse_moves("1").unwrap();
//! p.apply(&mut a, m[0]);                      // turn the top-left block clockwise
//! assert_eq!(&a[..5], &[4, 1, 3, 5, 2]);
//! assert_eq!(p.format_moves(&m), "1");
//! ```

use crate::error::{Error, Result};

/// Most vertices a rotating puzzle may have.
pub const MAX_ROTATING_VERTICES: usize = 4096;

/// Most vertices summed over a rotating puzzle's cycles.
pub const MAX_CYCLE_VERTICES: usize = 1 << 16;

/// A rotating puzzle: `vertex_count` tokens and the cycles they turn on.
#[derive(Clone, Debug, PartialEq)]
pub struct RotatingPuzzle {
    spec: String,
    vertex_count: usize,
    cycles: Vec<Vec<usize>>,
    /// Where to draw each vertex (units of one token's width): the board's
    /// cells for `WxH:twiddle`, two crossing circles for `rings:N,D`;
    /// `None` for `rotate:` (drawn round a circle).
    positions: Option<Vec<[f64; 3]>>,
    /// The row length of a `WxH:twiddle` board (its arrangements are
    /// written as rows); `None` otherwise.
    width: Option<usize>,
}

/// One move: cycle `cycle` (0-based here, 1-based in text) turned one step
/// forward (`c_j -> c_{j+1}`) or backward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rotation {
    /// The cycle, 0-based.
    pub cycle: u16,
    /// Forward: the token on `c_j` goes to `c_{j+1}`.
    pub forward: bool,
}

impl Rotation {
    /// The move that undoes this one.
    pub(crate) fn inverse(self) -> Rotation {
        Rotation {
            cycle: self.cycle,
            forward: !self.forward,
        }
    }
}

impl RotatingPuzzle {
    /// The puzzle with these cycles (vertices from 0; the vertex count is
    /// the largest vertex named plus one).
    ///
    /// # Errors
    /// [`Error::Spec`] naming the cycle (1-based) with fewer than two
    /// vertices or a repeated vertex, a vertex on no cycle, or a size
    /// above [`MAX_ROTATING_VERTICES`] / [`MAX_CYCLE_VERTICES`].
    pub(crate) fn new(spec: impl Into<String>, cycles: Vec<Vec<usize>>) -> Result<Self> {
        let spec = spec.into();
        if cycles.is_empty() {
            return Err(Error::spec(
                spec,
                "a rotating puzzle needs at least one cycle",
            ));
        }
        if cycles.len() > u16::MAX as usize {
            return Err(Error::spec(
                spec,
                format!("{} cycles: at most 65535", cycles.len()),
            ));
        }
        let total: usize = cycles.iter().map(Vec::len).sum();
        if total > MAX_CYCLE_VERTICES {
            return Err(Error::spec(
                spec,
                format!("the cycles name {total} vertices in all: at most {MAX_CYCLE_VERTICES}"),
            ));
        }
        let n = cycles.iter().flatten().max().map_or(0, |&v| v + 1);
        if n > MAX_ROTATING_VERTICES {
            return Err(Error::spec(
                spec,
                format!(
                    "vertex {} is beyond the largest allowed ({})",
                    n - 1,
                    MAX_ROTATING_VERTICES - 1
                ),
            ));
        }
        let mut on_cycle = vec![false; n];
        for (i, c) in cycles.iter().enumerate() {
            if c.len() < 2 {
                return Err(Error::spec(
                    spec,
                    format!("cycle {} has fewer than two vertices", i + 1),
                ));
            }
            let mut seen = std::collections::HashSet::new();
            for &v in c {
                if !seen.insert(v) {
                    return Err(Error::spec(
                        spec,
                        format!("cycle {} repeats vertex {v}", i + 1),
                    ));
                }
                on_cycle[v] = true;
            }
        }
        if let Some(v) = on_cycle.iter().position(|&on| !on) {
            return Err(Error::spec(spec, format!("vertex {v} lies on no cycle")));
        }
        Ok(RotatingPuzzle {
            spec,
            vertex_count: n,
            cycles,
            positions: None,
            width: None,
        })
    }

    /// Reads a spec: `rotate:...`, `WxH:twiddle` or `rings:N,D` (see the
    /// module documentation).
    ///
    /// # Errors
    /// [`Error::Spec`] naming what is wrong and where (the character
    /// position of a malformed vertex).
    pub fn parse(spec: &str) -> Result<Self> {
        let spec = spec.trim();
        if let Some(body) = spec.strip_prefix("rotate:") {
            return Self::parse_cycles(spec, body, "rotate:".len());
        }
        if let Some(body) = spec.strip_prefix("rings:") {
            let parts: Vec<&str> = body.split(',').collect();
            let [n, d] = parts[..] else {
                return Err(Error::spec(spec, "expected rings:N,D"));
            };
            let n = number(spec, n, "N")?;
            let d = number(spec, d, "D")?;
            return rings(spec, n, d);
        }
        if let Some(size) = spec.strip_suffix(":twiddle") {
            let (w, h) = size
                .split_once('x')
                .ok_or_else(|| Error::spec(spec, "expected WxH:twiddle"))?;
            return twiddle(spec, number(spec, w, "W")?, number(spec, h, "H")?);
        }
        Err(Error::spec(
            spec,
            "not a rotating puzzle: expected rotate:0-1-2,..., WxH:twiddle or rings:N,D",
        ))
    }

    fn parse_cycles(spec: &str, body: &str, offset: usize) -> Result<Self> {
        let mut cycles = Vec::new();
        let mut at = offset;
        for item in body.split(',') {
            let mut cycle = Vec::new();
            let mut pos = at;
            for v in item.split('-') {
                let parsed = v
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&x| x < MAX_ROTATING_VERTICES);
                match parsed {
                    Some(x) => cycle.push(x),
                    None => {
                        return Err(Error::spec_at(
                            spec,
                            pos,
                            format!(
                                "cycle {}: {:?} is not a vertex number (0 to {})",
                                cycles.len() + 1,
                                v,
                                MAX_ROTATING_VERTICES - 1
                            ),
                        ));
                    }
                }
                pos += v.len() + 1;
            }
            // The same cycle twice (from any start) is refused, as
            // repeated edges, arcs and turns are.
            let canonical = |c: &[usize]| {
                let k = (0..c.len()).min_by_key(|&i| c[i]).unwrap_or(0);
                [&c[k..], &c[..k]].concat()
            };
            if let Some(j) = cycles
                .iter()
                .position(|c: &Vec<usize>| canonical(c) == canonical(&cycle))
            {
                return Err(Error::spec_at(
                    spec,
                    at,
                    format!("cycle {} repeats cycle {}", cycles.len() + 1, j + 1),
                ));
            }
            at += item.len() + 1;
            cycles.push(cycle);
        }
        Self::new(spec, cycles)
    }

    /// The spec it was read from.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Number of vertices (and tokens).
    pub fn vertex_count(&self) -> usize {
        self.vertex_count
    }

    /// The cycles, 0-based, each in its forward order.
    pub fn cycles(&self) -> &[Vec<usize>] {
        &self.cycles
    }

    /// Where to draw each vertex, `[x, y, 0]` in units of one token's
    /// width: a `WxH:twiddle` board's cells, the two circles of
    /// `rings:N,D`; `None` for `rotate:` specs.
    pub(crate) fn positions(&self) -> Option<&[[f64; 3]]> {
        self.positions.as_deref()
    }

    /// The row length of a `WxH:twiddle` board (W); `None` for other
    /// rotating puzzles.
    pub(crate) fn width(&self) -> Option<usize> {
        self.width
    }

    /// The edges the cycles run along (each consecutive pair of a cycle
    /// and its last and first vertex), each once as `(smaller, larger)`,
    /// sorted: the graph a rotating puzzle is drawn on. O(cycle vertices
    /// log).
    pub(crate) fn edges(&self) -> Vec<(usize, usize)> {
        let mut edges: Vec<(usize, usize)> = self
            .cycles
            .iter()
            .flat_map(|c| {
                (0..c.len()).map(move |j| {
                    let (a, b) = (c[j], c[(j + 1) % c.len()]);
                    (a.min(b), a.max(b))
                })
            })
            .collect();
        edges.sort_unstable();
        edges.dedup();
        edges
    }

    /// The goal: token `v + 1` on vertex `v`.
    pub fn goal(&self) -> Vec<u32> {
        (1..=self.vertex_count as u32).collect()
    }

    /// Makes a move on an arrangement (`tokens[v]` = the token on `v`).
    /// O(cycle length).
    pub fn apply(&self, tokens: &mut [u32], m: Rotation) {
        turn_cycle(tokens, &self.cycles[m.cycle as usize], m.forward);
    }

    /// Every move, cycle by cycle, forward then backward (a cycle of two
    /// vertices has only its forward move: both ways are the same swap).
    pub fn moves(&self) -> Vec<Rotation> {
        let mut out = Vec::with_capacity(2 * self.cycles.len());
        for (i, c) in self.cycles.iter().enumerate() {
            out.push(Rotation {
                cycle: i as u16,
                forward: true,
            });
            if c.len() > 2 {
                out.push(Rotation {
                    cycle: i as u16,
                    forward: false,
                });
            }
        }
        out
    }

    /// Reads an arrangement: one token per vertex in vertex order,
    /// separated by spaces, commas or `/`.
    ///
    /// # Errors
    /// [`Error::Configuration`] naming the position (1-based) of a token
    /// that is not a number in `1..=n`, repeated or missing, or the wrong
    /// count.
    pub fn parse_arrangement(&self, text: &str) -> Result<Vec<u32>> {
        let n = self.vertex_count;
        let items: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
            .filter(|s| !s.is_empty())
            .collect();
        if items.len() != n {
            return Err(Error::config(format!(
                "{} tokens for {} vertices of {}: give one token per vertex",
                items.len(),
                n,
                crate::error::excerpt(&self.spec)
            )));
        }
        let mut seen = vec![usize::MAX; n + 1];
        let mut tokens = Vec::with_capacity(n);
        for (i, s) in items.iter().enumerate() {
            let t = s
                .parse::<u32>()
                .ok()
                .filter(|&t| t >= 1 && t as usize <= n)
                .ok_or_else(|| {
                    Error::config_at(
                        format!("position {}: {:?} is not a token (1 to {n})", i + 1, s),
                        None,
                        vec![i],
                    )
                })?;
            if seen[t as usize] != usize::MAX {
                return Err(Error::config_at(
                    format!(
                        "token {t} is at positions {} and {}",
                        seen[t as usize] + 1,
                        i + 1
                    ),
                    Some(t),
                    vec![seen[t as usize], i],
                ));
            }
            seen[t as usize] = i;
            tokens.push(t);
        }
        Ok(tokens)
    }

    /// Reads moves: cycle numbers from 1, `'` for backward, separated by
    /// spaces (`1 3' 2`).
    ///
    /// # Errors
    /// [`Error::Moves`] naming the move (0-based index) that is not a
    /// cycle of this puzzle.
    pub fn parse_moves(&self, text: &str) -> Result<Vec<Rotation>> {
        text.split_whitespace()
            .enumerate()
            .map(|(i, word)| {
                let (number, forward) = match word.strip_suffix('\'') {
                    Some(w) => (w, false),
                    None => (word, true),
                };
                number
                    .parse::<usize>()
                    .ok()
                    .filter(|&c| c >= 1 && c <= self.cycles.len())
                    .map(|c| Rotation {
                        cycle: (c - 1) as u16,
                        forward,
                    })
                    .ok_or_else(|| {
                        Error::moves(
                            Some(i),
                            format!(
                                "move {} ({word:?}) is not a cycle of {} (1 to {}, ' for backward)",
                                i + 1,
                                crate::error::excerpt(&self.spec),
                                self.cycles.len()
                            ),
                        )
                    })
            })
            .collect()
    }

    /// Writes moves as [`RotatingPuzzle::parse_moves`] reads them.
    pub fn format_moves(&self, moves: &[Rotation]) -> String {
        moves
            .iter()
            .map(|m| format!("{}{}", m.cycle + 1, if m.forward { "" } else { "'" }))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Turns the contents of `cells` on the vertices of `cycle` one step:
/// forward, the content of `cycle[j]` goes to `cycle[j + 1]` (the last to
/// the first); backward the other way. Any cell type: the model's tokens
/// and the search's bytes. O(cycle length).
pub(crate) fn turn_cycle<T: Copy>(cells: &mut [T], cycle: &[usize], forward: bool) {
    let l = cycle.len();
    if forward {
        let last = cells[cycle[l - 1]];
        for j in (1..l).rev() {
            cells[cycle[j]] = cells[cycle[j - 1]];
        }
        cells[cycle[0]] = last;
    } else {
        let first = cells[cycle[0]];
        for j in 0..l - 1 {
            cells[cycle[j]] = cells[cycle[j + 1]];
        }
        cells[cycle[l - 1]] = first;
    }
}

fn number(spec: &str, text: &str, what: &str) -> Result<usize> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|&x| x <= MAX_ROTATING_VERTICES)
        .ok_or_else(|| {
            Error::spec(
                spec,
                format!("{what} = {text:?} is not a number up to {MAX_ROTATING_VERTICES}"),
            )
        })
}

/// `WxH:twiddle`: every 2 x 2 block turns clockwise on the page.
fn twiddle(spec: &str, w: usize, h: usize) -> Result<RotatingPuzzle> {
    if w < 2 || h < 2 {
        return Err(Error::spec(
            spec,
            "a twiddle board needs both sides at least 2",
        ));
    }
    if w * h > MAX_ROTATING_VERTICES {
        return Err(Error::spec(
            spec,
            format!("{} cells: at most {MAX_ROTATING_VERTICES}", w * h),
        ));
    }
    let at = |x: usize, y: usize| x + w * y;
    let mut cycles = Vec::new();
    for y in 0..h - 1 {
        for x in 0..w - 1 {
            cycles.push(vec![at(x, y), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1)]);
        }
    }
    let mut p = RotatingPuzzle::new(spec, cycles)?;
    p.positions = Some(
        (0..w * h)
            .map(|v| [(v % w) as f64, (v / w) as f64, 0.0])
            .collect(),
    );
    p.width = Some(w);
    Ok(p)
}

/// `rings:N,D`: two rings of N crossing at two vertices D apart on each.
fn rings(spec: &str, n: usize, d: usize) -> Result<RotatingPuzzle> {
    if n < 3 || d == 0 || d >= n {
        return Err(Error::spec(
            spec,
            "rings:N,D needs N at least 3 and D from 1 to N-1",
        ));
    }
    let first: Vec<usize> = (0..n).collect();
    // Ring 2: vertex 0, d-1 new vertices, vertex d, then n-d-1 new ones.
    let mut second = vec![0];
    let mut next = n;
    for _ in 1..d {
        second.push(next);
        next += 1;
    }
    second.push(d);
    for _ in d + 1..n {
        second.push(next);
        next += 1;
    }
    let mut p = RotatingPuzzle::new(spec, vec![first.clone(), second.clone()])?;
    p.positions = Some(ring_positions(&first, &second, p.vertex_count));
    Ok(p)
}

/// The drawing of `rings:N,D`: ring 1 round a circle with one token's
/// width between neighbours, ring 2 its mirror image across the line
/// through the two shared vertices (so the circles cross there).
fn ring_positions(first: &[usize], second: &[usize], vertices: usize) -> Vec<[f64; 3]> {
    use std::f64::consts::{FRAC_PI_2, PI};
    let n = first.len();
    let radius = (1.2 * n as f64 / (2.0 * PI)).max(1.0);
    let on_first = |j: usize| {
        let a = 2.0 * PI * j as f64 / n as f64 - FRAC_PI_2;
        (radius * a.cos(), radius * a.sin())
    };
    let mut out = vec![[0.0; 3]; vertices];
    for (j, &v) in first.iter().enumerate() {
        let (x, y) = on_first(j);
        out[v] = [x, y, 0.0];
    }
    let d = second.iter().position(|&v| v != 0 && v < n).unwrap_or(1);
    let (a, b) = (on_first(0), on_first(d));
    let (ux, uy) = (b.0 - a.0, b.1 - a.1);
    let norm = ux * ux + uy * uy;
    for (j, &v) in second.iter().enumerate() {
        if v < n {
            continue;
        }
        let (px, py) = on_first(j);
        let t = ((px - a.0) * ux + (py - a.1) * uy) / norm;
        let (fx, fy) = (a.0 + t * ux, a.1 + t * uy);
        out[v] = [2.0 * fx - px, 2.0 * fy - py, 0.0];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_turn_the_cycle_both_ways() {
        let p = RotatingPuzzle::parse("rotate:0-1-2,2-3").unwrap();
        let mut a = p.goal();
        let m = p.parse_moves("1").unwrap()[0];
        p.apply(&mut a, m);
        assert_eq!(a, vec![3, 1, 2, 4]);
        p.apply(&mut a, m.inverse());
        assert_eq!(a, p.goal());
        assert_eq!(p.moves().len(), 3); // the 2-cycle has one move
    }

    #[test]
    fn rings_share_two_vertices() {
        let p = RotatingPuzzle::parse("rings:20,5").unwrap();
        assert_eq!(p.vertex_count(), 38);
        let second = &p.cycles()[1];
        assert_eq!((second[0], second[5], second.len()), (0, 5, 20));
    }

    #[test]
    fn bad_input_is_named() {
        for (bad, says) in [
            ("rotate:0-1,1-x", "character 14"),
            ("rotate:0-1,3-2-3", "repeats vertex 3"),
            ("rotate:0-2", "vertex 1 lies on no cycle"),
            ("rotate:0", "fewer than two"),
            ("1x3:twiddle", "at least 2"),
            ("rings:5,5", "D from 1"),
            ("3x3", "not a rotating puzzle"),
        ] {
            let e = RotatingPuzzle::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let p = RotatingPuzzle::parse("2x2:twiddle").unwrap();
        for (bad, says) in [
            ("1 2 3", "3 tokens for 4"),
            ("1 2 3 3", "token 3 is at positions 3 and 4"),
            ("1 2 3 5", "position 4"),
        ] {
            let e = p.parse_arrangement(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let e = p.parse_moves("1 2").unwrap_err().to_string();
        assert!(e.contains("move 2"), "{e}");
    }
}
