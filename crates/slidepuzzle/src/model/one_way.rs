//! Specs of puzzles with one-way edges (docs/THEORY.md section 7): inline
//! link lists mixing two-way edges `U-V` with arcs `U>V`, and the named
//! families `dcycle:N`, `WxH:streets` and `WxH:oneway`. An arc `U>V` lets
//! the tile on `U` slide to `V` and never back; the blank moves against it.
//!
//! ```
//! use slidepuzzle::model::Puzzle;
//! let p = Puzzle::parse("arcs:0>1,1>2,2>0,2-3").unwrap();
//! let d = p.digraph().unwrap();
//! assert_eq!((p.vertex_count(), d.arc_count()), (4, 5));
//! assert!(Puzzle::parse("dcycle:5").unwrap().digraph().unwrap().is_strongly_connected());
//! assert!(Puzzle::parse("4x4:streets").unwrap().digraph().unwrap().is_strongly_connected());
//! ```

use super::budget::SizeBudget;
use super::digraph::Digraph;
use super::puzzle::Puzzle;
use crate::error::{Error, Result};

/// One link of a spec: `(u, v, two_way)`.
type Link = (usize, usize, bool);

/// Reads `U>V` and `U-V` items (vertices from 0; the count is the largest
/// named plus one) into a puzzle with spec `prefix` + the body. A self-loop
/// or a link given twice (an arc repeated, or an edge and an arc between
/// the same vertices) is refused, naming the items (1-based).
///
/// # Errors
/// [`Error::Spec`] naming the item; [`Error::Limit`] above `budget`.
pub(crate) fn links(prefix: &str, body: &str, spec: &str, budget: &SizeBudget) -> Result<Puzzle> {
    let mut links: Vec<Link> = Vec::new();
    for (i, item) in body.split(',').enumerate() {
        let item = item.trim();
        let (split, two_way) = match (item.split_once('>'), item.split_once('-')) {
            (Some(s), None) => (s, false),
            (None, Some(s)) => (s, true),
            _ => {
                return Err(Error::spec(
                    spec,
                    format!(
                        "item {} '{}' is neither an arc U>V nor an edge U-V",
                        i + 1,
                        crate::error::excerpt(item)
                    ),
                ));
            }
        };
        let vertex = |text: &str| {
            text.trim().parse::<usize>().map_err(|_| {
                Error::spec(
                    spec,
                    format!(
                        "item {} '{}': '{}' is not a vertex number",
                        i + 1,
                        crate::error::excerpt(item),
                        crate::error::excerpt(text.trim())
                    ),
                )
            })
        };
        links.push((vertex(split.0)?, vertex(split.1)?, two_way));
    }
    let largest = links.iter().map(|&(a, b, _)| a.max(b)).max().unwrap_or(0) as u64;
    budget.check(largest.checked_add(1), Some(2 * links.len() as u64))?;
    let n = largest as usize + 1;
    if n < 2 {
        return Err(Error::spec(spec, "needs at least 2 vertices"));
    }
    let arcs = arcs_of(&links, spec)?;
    Ok(Puzzle::one_way(
        Digraph::from_arcs(n, &arcs)?,
        format!("{prefix}{}", body.trim()),
    ))
}

/// The puzzle of a JSON graph with `"arcs"` beside (or instead of)
/// `"edges"`, on `n` vertices; `display` becomes its spec.
///
/// # Errors
/// [`Error::Spec`] naming a vertex out of range, a loop or a repeat.
pub(crate) fn json_puzzle(
    n: usize,
    edges: &[(usize, usize)],
    arcs: &[(usize, usize)],
    display: String,
    spec: &str,
) -> Result<Puzzle> {
    let links: Vec<Link> = edges
        .iter()
        .map(|&(a, b)| (a, b, true))
        .chain(arcs.iter().map(|&(a, b)| (a, b, false)))
        .collect();
    let arcs = arcs_of(&links, spec)?;
    let digraph = Digraph::from_arcs(n, &arcs).map_err(|e| match e {
        Error::Spec { message, .. } => Error::spec(spec, message),
        e => e,
    })?;
    Ok(Puzzle::one_way(digraph, display))
}

/// The arcs of `links`, refusing loops and repeats.
fn arcs_of(links: &[Link], spec: &str) -> Result<Vec<(usize, usize)>> {
    let mut first = rustc_hash::FxHashMap::default();
    let mut arcs = Vec::with_capacity(2 * links.len());
    for (i, &(a, b, two_way)) in links.iter().enumerate() {
        let sign = if two_way { '-' } else { '>' };
        if a == b {
            return Err(Error::spec(
                spec,
                format!(
                    "item {} ({a}{sign}{b}) is a self-loop; a tile cannot slide along it",
                    i + 1
                ),
            ));
        }
        let pairs: &[(usize, usize)] = if two_way {
            &[(a, b), (b, a)]
        } else {
            &[(a, b)]
        };
        for &arc in pairs {
            if let Some(j) = first.insert(arc, i) {
                return Err(Error::spec(
                    spec,
                    format!(
                        "item {} ({a}{sign}{b}) repeats item {} between the same vertices",
                        i + 1,
                        j + 1
                    ),
                ));
            }
            arcs.push(arc);
        }
    }
    Ok(arcs)
}

/// The directed cycle `dcycle:N`: arcs `i > i+1 mod N`, so tiles only go
/// round one way (N >= 3).
///
/// # Errors
/// [`Error::Spec`] below 3 vertices; [`Error::Limit`] above `budget`.
pub(crate) fn directed_cycle(n: usize, budget: &SizeBudget) -> Result<Puzzle> {
    budget.check(Some(n as u64), Some(n as u64))?;
    if n < 3 {
        return Err(Error::spec(
            format!("dcycle:{n}"),
            "a directed cycle needs at least 3 vertices",
        ));
    }
    let arcs: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    Ok(Puzzle::one_way(
        Digraph::from_arcs(n, &arcs)?,
        format!("dcycle:{n}"),
    ))
}

/// A `width x height` board with one-way edges, drawn as the board (cell
/// `(x, y)` is vertex `x + width * y`, top row first):
/// - `streets`: every edge one-way like a street grid, rows alternating
///   (even rows to the right, odd rows to the left) and columns
///   alternating (even columns up, odd columns down). Strongly connected
///   when both sides are even (the border is then a directed cycle and
///   every street meets two opposite ones); with an odd side it is not.
/// - `oneway`: the plain board with its left column one-way downward.
///
/// # Errors
/// [`Error::Spec`] for sides below 2; [`Error::Limit`] above `budget`.
pub(crate) fn board(
    width: usize,
    height: usize,
    streets: bool,
    budget: &SizeBudget,
) -> Result<Puzzle> {
    let name = if streets { "streets" } else { "oneway" };
    let spec = format!("{width}x{height}:{name}");
    let cells = super::budget::mul(width, height);
    budget.check(cells, cells.and_then(|c| c.checked_mul(4)))?;
    if width < 2 || height < 2 {
        return Err(Error::spec(
            spec,
            "a one-way board needs both sides at least 2",
        ));
    }
    let at = |x: usize, y: usize| x + width * y;
    let mut arcs = Vec::new();
    for y in 0..height {
        for x in 0..width {
            if x + 1 < width {
                let (l, r) = (at(x, y), at(x + 1, y));
                match (streets, y % 2 == 0) {
                    (true, true) => arcs.push((l, r)),
                    (true, false) => arcs.push((r, l)),
                    (false, _) => arcs.extend([(l, r), (r, l)]),
                }
            }
            if y + 1 < height {
                let (t, b) = (at(x, y), at(x, y + 1));
                match (streets, x % 2 == 0) {
                    (true, true) => arcs.push((b, t)),
                    (true, false) => arcs.push((t, b)),
                    (false, _) if x == 0 => arcs.push((t, b)),
                    (false, _) => arcs.extend([(t, b), (b, t)]),
                }
            }
        }
    }
    let positions = (0..width * height)
        .map(|v| [(v % width) as f64, (v / width) as f64, 0.0])
        .collect();
    Ok(Puzzle::one_way(Digraph::from_arcs(width * height, &arcs)?, spec).with_positions(positions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_mix_edges_and_arcs_and_refuse_repeats() {
        let p = Puzzle::parse("edges:0-1,1>2,2>0").unwrap();
        assert!(p.allows_blank_move(0, 1) && p.allows_blank_move(1, 0));
        assert!(p.allows_blank_move(2, 1) && !p.allows_blank_move(1, 2));
        for (bad, says) in [
            ("arcs:0>1,0-1", "repeats item 1"),
            ("arcs:0>1,0>1", "repeats item 1"),
            ("arcs:0>1,1>1", "self-loop"),
            ("arcs:0>x", "'x' is not a vertex number"),
            ("arcs:0>1,1=2", "item 2 '1=2' is neither"),
            ("dcycle:2", "at least 3"),
            ("1x5:streets", "both sides"),
        ] {
            let e = Puzzle::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        // Two arcs both ways are a two-way edge: the plain puzzle.
        assert!(
            Puzzle::parse("arcs:0>1,1>0,1-2")
                .unwrap()
                .digraph()
                .is_none()
        );
    }

    #[test]
    fn street_grids_are_strongly_connected_exactly_with_even_sides() {
        for (w, h) in [(2, 2), (4, 2), (4, 4), (6, 4), (3, 3), (3, 4), (4, 5)] {
            let p = Puzzle::parse(&format!("{w}x{h}:streets")).unwrap();
            let d = p.digraph().unwrap();
            assert_eq!(d.arc_count(), p.graph().edge_count());
            assert_eq!(
                d.is_strongly_connected(),
                w % 2 == 0 && h % 2 == 0,
                "{w}x{h}"
            );
        }
        let p = Puzzle::parse("3x3:oneway").unwrap();
        // The tile on 0 slides down to 3 and never back.
        assert!(p.allows_blank_move(3, 0) && !p.allows_blank_move(0, 3));
        assert!(p.digraph().unwrap().is_strongly_connected());
    }
}
