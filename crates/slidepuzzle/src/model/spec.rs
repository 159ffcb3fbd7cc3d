//! Puzzle specs: the strings users pass as `--puzzle`.
//!
//! | spec | puzzle |
//! |---|---|
//! | `WxH` | W x H board (`1xN` is a path) |
//! | `WxH+diag` | board with diagonal moves too |
//! | `WxH:torus` | board whose rows and columns wrap |
//! | `WxHxD` | box; `2x2x2` is the Varikon box |
//! | `2x2x2x2`, `3x3x3x3`, ... | a box of four or more dimensions (a graph) |
//! | `cycle:N`, `path:N`, `complete:N` | the named graph on N vertices |
//! | `theta:A,B,C` | theta graph (docs/THEORY.md section 1 numbering) |
//! | `theta0` | Wilson's exceptional graph, `theta:1,2,2` |
//! | `petersen` | the Petersen graph (outer cycle 0..4, spokes i-(i+5), inner pentagram) |
//! | `graph:FILE` | a JSON graph file, see [`GraphFile`] |
//! | `edges:0-1,1-2,2-0` | inline edge list on vertices `0..=max` |

use serde::Deserialize;

use super::budget::{SizeBudget, mul};
use super::config::{Configuration, Tile};
use super::graph::Graph;
use super::puzzle::{Puzzle, PuzzleKind};
use crate::error::{Error, Result};

/// The JSON graph format read by `graph:FILE`.
///
/// ```json
/// {"name": "house", "vertices": 5,
///  "edges": [[0,1],[1,2],[2,3],[3,0],[2,4],[3,4]],
///  "positions": [[0,0],[1,0],[1,1],[0,1],[0.5,2]],
///  "goal": [1,2,3,4,0]}
/// ```
/// `vertices` is a count or a list of names; with names, edges may use
/// names or indices. `positions` (2-D or 3-D) and `goal` (tile per vertex,
/// 0 the blank) are optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphFile {
    /// Optional display name.
    #[serde(default)]
    pub name: Option<String>,
    /// A vertex count or the vertex names.
    pub vertices: VertexList,
    /// Edges as pairs of indices or names.
    #[serde(default)]
    pub edges: Vec<[VertexRef; 2]>,
    /// One-way edges `[u, v]`: a tile slides from `u` to `v` only
    /// (docs/THEORY.md section 7).
    #[serde(default)]
    pub arcs: Vec<[VertexRef; 2]>,
    /// Turns of tiles that turn (docs/THEORY.md section 8): `[u, v, r]`,
    /// a tile sliding from `u` to `v` along that edge turns by `r` (and by
    /// `-r` back), in Z_`modulus`.
    #[serde(default)]
    pub turns: Vec<(VertexRef, VertexRef, u64)>,
    /// `k` of Z_k for `turns` (default 4, square tiles).
    #[serde(default)]
    pub modulus: Option<u64>,
    /// Optional drawing positions, one `[x, y]` or `[x, y, z]` per vertex.
    #[serde(default)]
    pub positions: Option<Vec<Vec<f64>>>,
    /// Optional goal configuration, one label per vertex.
    #[serde(default)]
    pub goal: Option<Vec<Tile>>,
}

/// `vertices` in a [`GraphFile`].
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum VertexList {
    /// Vertices `0..n`.
    Count(usize),
    /// Named vertices, numbered in list order.
    Names(Vec<String>),
}

/// One end of an edge in a [`GraphFile`].
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum VertexRef {
    /// A vertex index.
    Index(usize),
    /// A vertex name.
    Name(String),
}

fn parse_usize(s: &str, what: &str, spec: &str) -> Result<usize> {
    let t = s.trim();
    let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| t.parse::<usize>().ok())
        .flatten()
        .ok_or_else(|| {
            let message = format!(
                "{what} '{}' is not a whole number (digits only, below 2^64)",
                crate::error::excerpt(s)
            );
            match char_index(spec, s) {
                Some(at) => Error::spec_at(spec, at, message),
                None => Error::spec(spec, message),
            }
        })
}

/// The 0-based character index of `part` in `spec`, when `part` is a
/// slice of `spec`.
fn char_index(spec: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(spec.as_ptr() as usize)?;
    (start + part.len() <= spec.len() && spec.is_char_boundary(start))
        .then(|| spec[..start].chars().count())
}

/// Names `spec` in a [`Error::Spec`] that does not name one yet.
fn in_spec(e: Error, spec: &str) -> Error {
    match e {
        Error::Spec {
            spec: s,
            position,
            message,
        } if s.is_empty() => Error::Spec {
            spec: spec.to_string(),
            position,
            message,
        },
        e => e,
    }
}

/// Refuses what a user's edge list must not hold: a self-loop, or an edge
/// given twice (in either direction), naming the edges (1-based). O(E).
fn check_simple(edges: &[(usize, usize)], spec: &str) -> Result<()> {
    let mut first = rustc_hash::FxHashMap::default();
    for (i, &(a, b)) in edges.iter().enumerate() {
        if a == b {
            return Err(Error::spec(
                spec,
                format!(
                    "edge {} ({a}-{b}) is a self-loop; a tile cannot slide along it",
                    i + 1
                ),
            ));
        }
        if let Some(j) = first.insert((a.min(b), a.max(b)), i) {
            return Err(Error::spec(
                spec,
                format!("edge {} ({a}-{b}) repeats edge {}", i + 1, j + 1),
            ));
        }
    }
    Ok(())
}

fn named(vertex_count: usize, edges: &[(usize, usize)], spec: String) -> Result<Puzzle> {
    Ok(Puzzle::new(
        Graph::from_edges(vertex_count, edges).map_err(|e| in_spec(e, &spec))?,
        PuzzleKind::Graph,
        spec,
    ))
}

/// A box of four or more dimensions, `S0xS1x...`: vertex
/// `c0 + S0 * (c1 + S1 * (c2 + ...))` for coordinates `c_i < S_i` (the
/// first coordinate fastest, as on boards and boxes), an edge between
/// vertices one step apart along one axis. A graph puzzle named by its
/// spec; [`Puzzle::box_sides`] reads the sides back.
///
/// # Errors
/// [`Error::Spec`] for a side of 0 or fewer than 2 cells; [`Error::Limit`]
/// past the size budget.
fn hyperbox_within(sides: &[usize], spec: &str, budget: &SizeBudget) -> Result<Puzzle> {
    let cells = sides
        .iter()
        .try_fold(1u64, |acc, &s| acc.checked_mul(s as u64));
    let edges_bound = cells.and_then(|c| c.checked_mul(sides.len() as u64));
    budget
        .check(cells, edges_bound)
        .map_err(|e| in_spec(e, spec))?;
    let n = cells.unwrap_or(0) as usize;
    if sides.contains(&0) || n < 2 {
        return Err(Error::spec(
            spec,
            "a box needs at least 2 cells and sides >= 1",
        ));
    }
    let mut edges = Vec::new();
    let mut stride = 1;
    for &side in sides {
        for v in 0..n {
            if (v / stride) % side + 1 < side {
                edges.push((v, v + stride));
            }
        }
        stride *= side;
    }
    named(n, &edges, spec.to_string())
}

fn cycle_within(n: usize, budget: &SizeBudget) -> Result<Puzzle> {
    if n < 3 {
        return Err(Error::spec(
            format!("cycle:{n}"),
            "needs at least 3 vertices",
        ));
    }
    budget
        .check(Some(n as u64), Some(n as u64))
        .map_err(|e| in_spec(e, &format!("cycle:{n}")))?;
    let edges: Vec<_> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    named(n, &edges, format!("cycle:{n}"))
}

fn path_within(n: usize, budget: &SizeBudget) -> Result<Puzzle> {
    if n < 2 {
        return Err(Error::spec(
            format!("path:{n}"),
            "needs at least 2 vertices",
        ));
    }
    budget
        .check(Some(n as u64), Some(n as u64))
        .map_err(|e| in_spec(e, &format!("path:{n}")))?;
    let edges: Vec<_> = (0..n - 1).map(|i| (i, i + 1)).collect();
    named(n, &edges, format!("path:{n}"))
}

fn complete_within(n: usize, budget: &SizeBudget) -> Result<Puzzle> {
    if n < 2 {
        return Err(Error::spec(
            format!("complete:{n}"),
            "needs at least 2 vertices",
        ));
    }
    budget
        .check(Some(n as u64), mul(n, n - 1).map(|e| e / 2))
        .map_err(|e| in_spec(e, &format!("complete:{n}")))?;
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            edges.push((u, v));
        }
    }
    named(n, &edges, format!("complete:{n}"))
}

/// theta(a, b, c): vertices 0 and 1 joined by three internally disjoint
/// paths with `a`, `b`, `c` internal vertices, numbered 2.. along each path
/// from 0 to 1 (docs/THEORY.md section 1). At most one of a, b, c may be 0 (the
/// graph must stay simple). `theta(1, 2, 2)` is Wilson's theta0.
///
/// # Errors
/// [`Error::Spec`] (spec `theta:A,B,C`) when more than one of a, b, c is 0.
pub(crate) fn theta(a: usize, b: usize, c: usize) -> Result<Puzzle> {
    theta_within(a, b, c, &SizeBudget::DEFAULT)
}

fn theta_within(a: usize, b: usize, c: usize, budget: &SizeBudget) -> Result<Puzzle> {
    let zeros = [a, b, c].iter().filter(|&&x| x == 0).count();
    if zeros > 1 {
        return Err(Error::spec(
            format!("theta:{a},{b},{c}"),
            "at most one path may have no internal vertex (the graph must be simple)",
        ));
    }
    let internal = (a as u64)
        .checked_add(b as u64)
        .and_then(|x| x.checked_add(c as u64));
    budget
        .check(
            internal.and_then(|x| x.checked_add(2)),
            internal.and_then(|x| x.checked_add(3)),
        )
        .map_err(|e| in_spec(e, &format!("theta:{a},{b},{c}")))?;
    let mut edges = Vec::new();
    let mut next = 2;
    for len in [a, b, c] {
        let mut prev = 0;
        for _ in 0..len {
            edges.push((prev, next));
            prev = next;
            next += 1;
        }
        edges.push((prev, 1));
    }
    named(next, &edges, format!("theta:{a},{b},{c}"))
}

/// The Petersen graph: outer cycle 0..4, spokes `i - (i + 5)`, inner
/// pentagram `5 + i - 5 + (i + 2) mod 5`; drawing positions on two
/// concentric circles.
///
/// # Errors
/// None in practice (the edge list is fixed); the `Result` is that of the
/// shared graph builder.
pub(crate) fn petersen() -> Result<Puzzle> {
    let mut edges = Vec::new();
    for i in 0..5 {
        edges.push((i, (i + 1) % 5));
        edges.push((i, i + 5));
        edges.push((5 + i, 5 + (i + 2) % 5));
    }
    let positions = (0..10)
        .map(|v| {
            let radius = if v < 5 { 2.0 } else { 1.0 };
            let angle =
                std::f64::consts::FRAC_PI_2 - (v % 5) as f64 * 2.0 * std::f64::consts::PI / 5.0;
            [radius * angle.cos(), -radius * angle.sin(), 0.0]
        })
        .collect();
    Ok(named(10, &edges, "petersen".to_string())?.with_positions(positions))
}

/// Parses `0-1,1-2,2-0` (vertices `0..=max`).
fn inline_edges(body: &str, spec: &str, budget: &SizeBudget) -> Result<Puzzle> {
    let mut edges = Vec::new();
    for (i, item) in body.split(',').enumerate() {
        let item = item.trim();
        let (a, b) = item.split_once('-').ok_or_else(|| {
            let message = format!("edge {} '{item}' is not of the form U-V", i + 1);
            match char_index(spec, item) {
                Some(at) => Error::spec_at(spec, at, message),
                None => Error::spec(spec, message),
            }
        })?;
        edges.push((
            parse_usize(a, "vertex", spec)?,
            parse_usize(b, "vertex", spec)?,
        ));
    }
    let largest = edges.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0) as u64;
    budget
        .check(largest.checked_add(1), Some(edges.len() as u64))
        .map_err(|e| in_spec(e, spec))?;
    let n = largest as usize + 1;
    if n < 2 {
        return Err(Error::spec(spec, "needs at least 2 vertices"));
    }
    check_simple(&edges, spec)?;
    named(n, &edges, format!("edges:{}", body.trim()))
}

/// Reads the text behind `graph:NAME` for [`Puzzle::parse_with`]. The
/// library never opens files itself: the command line passes a loader that
/// reads the named file, the web server passes none, so no spelling of a
/// spec can make it read one.
pub type GraphLoader<'a> = &'a dyn Fn(&str) -> Result<String>;

/// Parses the JSON of a [`GraphFile`]; `spec` is used in messages and as the
/// puzzle's spec string.
///
/// # Errors
/// [`Error::Spec`] naming `spec` and the problem.
pub fn graph_json(text: &str, spec: &str) -> Result<Puzzle> {
    graph_json_within(text, spec, &SizeBudget::DEFAULT)
}

/// [`graph_json`] within `budget`, checked before the graph is built.
///
/// # Errors
/// As [`graph_json`]; [`Error::Limit`] above the budget.
pub fn graph_json_within(text: &str, spec: &str, budget: &SizeBudget) -> Result<Puzzle> {
    let file: GraphFile =
        serde_json::from_str(text).map_err(|e| Error::spec(spec, e.to_string()))?;
    let (n, names) = match file.vertices {
        VertexList::Count(n) => (n, None),
        VertexList::Names(names) => (names.len(), Some(names)),
    };
    if n < 2 {
        return Err(Error::spec(spec, "needs at least 2 vertices"));
    }
    budget
        .check(
            Some(n as u64),
            Some((file.edges.len() + file.arcs.len()) as u64),
        )
        .map_err(|e| in_spec(e, spec))?;
    let resolve = |r: &VertexRef, edge: usize| -> Result<usize> {
        match r {
            VertexRef::Index(i) => Ok(*i),
            VertexRef::Name(name) => names
                .as_ref()
                .and_then(|ns| ns.iter().position(|x| x == name))
                .ok_or_else(|| {
                    Error::spec(spec, format!("edge {edge} names unknown vertex '{name}'"))
                }),
        }
    };
    if let Some(names) = &names {
        let mut seen = std::collections::HashMap::new();
        for (i, name) in names.iter().enumerate() {
            if let Some(j) = seen.insert(name.as_str(), i) {
                return Err(Error::spec(
                    spec,
                    format!("vertex {} is named '{name}' like vertex {}", i + 1, j + 1),
                ));
            }
        }
    }
    let mut edges = Vec::new();
    for (i, [a, b]) in file.edges.iter().enumerate() {
        edges.push((resolve(a, i + 1)?, resolve(b, i + 1)?));
    }
    let display = file.name.clone().unwrap_or_else(|| spec.to_string());
    let mut puzzle = if file.arcs.is_empty() {
        check_simple(&edges, spec)?;
        let graph = Graph::from_edges(n, &edges).map_err(|e| in_spec(e, spec))?;
        Puzzle::new(graph, PuzzleKind::Graph, display)
    } else {
        let resolve_arc = |r: &VertexRef, arc: usize| {
            resolve(r, arc)
                .map_err(|_| Error::spec(spec, format!("arc {arc} names an unknown vertex")))
        };
        let mut arcs = Vec::new();
        for (i, [a, b]) in file.arcs.iter().enumerate() {
            arcs.push((resolve_arc(a, i + 1)?, resolve_arc(b, i + 1)?));
        }
        super::one_way::json_puzzle(n, &edges, &arcs, display, spec)?
    };
    if !file.turns.is_empty() || file.modulus.is_some() {
        if !file.arcs.is_empty() {
            return Err(Error::spec(
                spec,
                "turns on a puzzle with one-way edges are not supported yet",
            ));
        }
        let mut turns = Vec::new();
        for (i, (a, b, r)) in file.turns.iter().enumerate() {
            let at = |x: &VertexRef| {
                resolve(x, i + 1).map_err(|_| {
                    Error::spec(spec, format!("turn {} names an unknown vertex", i + 1))
                })
            };
            turns.push((at(a)?, at(b)?, *r));
        }
        let max = super::turns::MAX_MODULUS;
        let k = match file.modulus.unwrap_or(4) {
            k @ 2.. if k <= u64::from(max) => k as u8,
            k => {
                return Err(Error::spec(
                    spec,
                    format!("the modulus k of Z_k must be 2..={max}, got {k}"),
                ));
            }
        };
        if let Some((i, &(u, v, r))) = turns.iter().enumerate().find(|(_, t)| t.2 >= u64::from(k)) {
            return Err(Error::spec(
                spec,
                format!(
                    "turn {} ({u}-{v}) is {r}, outside Z_{k} (0..{})",
                    i + 1,
                    k - 1
                ),
            ));
        }
        let turns: Vec<(usize, usize, u8)> =
            turns.into_iter().map(|(u, v, r)| (u, v, r as u8)).collect();
        let t = super::turns::Turns::new(puzzle.graph(), k, &turns).map_err(|e| match e {
            Error::Argument { message, .. } => Error::spec(spec, message),
            e => e,
        })?;
        puzzle = puzzle.with_turns(t);
    }
    if let Some(names) = names {
        puzzle = puzzle.with_vertex_names(names);
    }
    if let Some(pos) = file.positions {
        if pos.len() != n {
            return Err(Error::spec(
                spec,
                format!("{} positions for {n} vertices", pos.len()),
            ));
        }
        let mut out = Vec::with_capacity(n);
        for (i, p) in pos.iter().enumerate() {
            match p.as_slice() {
                [x, y] => out.push([*x, *y, 0.0]),
                [x, y, z] => out.push([*x, *y, *z]),
                _ => {
                    return Err(Error::spec(
                        spec,
                        format!(
                            "position {} has {} coordinates, expected 2 or 3",
                            i + 1,
                            p.len()
                        ),
                    ));
                }
            }
        }
        puzzle = puzzle.with_positions(out);
    }
    if let Some(goal) = file.goal {
        if goal.len() != n {
            return Err(Error::spec(
                spec,
                format!("goal has {} labels for {n} vertices", goal.len()),
            ));
        }
        let goal = Configuration::from_cells(goal, 1)
            .map_err(|e| Error::spec(spec, format!("goal: {e}")))?;
        puzzle = puzzle.with_goal(goal);
    }
    Ok(puzzle)
}

/// A board family `WxH:suffix`: width, height, spec, budget.
type BoardFamily = fn(usize, usize, &str, &SizeBudget) -> Result<Puzzle>;

/// Parses `WxH`, `WxH+diag`, `WxH:torus`, `WxH+diag:torus`, `WxHxD` or a
/// box of four or more sides.
fn grid(spec: &str, budget: &SizeBudget) -> Result<Puzzle> {
    // Boards with one-way edges or turning seams: `WxH:suffix`.
    let families: [(&str, BoardFamily); 4] = [
        (":mobius", |w, h, spec, b| {
            super::turn_specs::seam_board(w, h, false, spec, b)
        }),
        (":twist", |w, h, spec, b| {
            super::turn_specs::seam_board(w, h, true, spec, b)
        }),
        (":streets", |w, h, _, b| {
            super::one_way::board(w, h, true, b)
        }),
        (":oneway", |w, h, _, b| {
            super::one_way::board(w, h, false, b)
        }),
    ];
    for (suffix, build) in families {
        if let Some(body) = spec.strip_suffix(suffix) {
            let sides: Vec<usize> = body
                .split(['x', 'X'])
                .map(|s| parse_usize(s, "side", spec))
                .collect::<Result<_>>()?;
            return match sides.as_slice() {
                [w, h] => build(*w, *h, spec, budget),
                _ => Err(Error::spec(spec, format!("not WxH{suffix}"))),
            };
        }
    }
    let (body, torus) = match spec.strip_suffix(":torus") {
        Some(b) => (b, true),
        None => (spec, false),
    };
    let (body, diagonal) = match body.strip_suffix("+diag") {
        Some(b) => (b, true),
        None => (body, false),
    };
    let sides: Vec<&str> = body.split(['x', 'X']).collect();
    let sides: Vec<usize> = sides
        .iter()
        .map(|s| parse_usize(s, "side", spec))
        .collect::<Result<_>>()?;
    match sides.as_slice() {
        [w, h] => Puzzle::board_within(*w, *h, diagonal, torus, budget),
        [w, h, d] if !diagonal && !torus => Puzzle::cuboid_within(*w, *h, *d, budget),
        sides if sides.len() >= 4 && !diagonal && !torus => hyperbox_within(sides, spec, budget),
        _ => Err(Error::spec(
            spec,
            "not WxH, WxH+diag, WxH:torus, WxHxD or a box of four or more sides",
        )),
    }
}

impl Puzzle {
    /// Parses a puzzle spec (see the [module docs](self)).
    ///
    /// # Errors
    /// [`Error::Spec`] with the spec and what is wrong with it.
    ///
    /// ```
    /// use slidepuzzle::model::Puzzle;
    /// let p = Puzzle::parse("theta0").unwrap();
    /// assert_eq!((p.vertex_count(), p.graph().edge_count()), (7, 8));
    /// assert!(Puzzle::parse("4x").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Puzzle> {
        Self::parse_with(spec, None)
    }

    /// [`Puzzle::parse`], with `graph:NAME` resolved by `graphs` (the
    /// JSON text of NAME, see [`GraphFile`]); without a loader `graph:`
    /// specs, however spelled, are refused.
    ///
    /// # Errors
    /// As [`Puzzle::parse`]; the loader's error for `graph:NAME`.
    ///
    /// ```
    /// use slidepuzzle::model::Puzzle;
    /// let load = |name: &str| -> slidepuzzle::Result<String> {
    ///     assert_eq!(name, "triangle.json");
    ///     Ok(r#"{"vertices": 3, "edges": [[0, 1], [1, 2], [2, 0]]}"#.into())
    /// };
    /// let p = Puzzle::parse_with("graph:triangle.json", Some(&load)).unwrap();
    /// assert_eq!(p.vertex_count(), 3);
    /// assert!(Puzzle::parse("GRAPH:/etc/passwd").is_err());
    /// ```
    pub fn parse_with(spec: &str, graphs: Option<GraphLoader<'_>>) -> Result<Puzzle> {
        Self::parse_within(spec, graphs, &SizeBudget::DEFAULT)
    }

    /// [`Puzzle::parse_with`] for at most `budget` vertices and edges,
    /// checked from the spec's numbers before any graph is built (so
    /// `complete:100000` costs nothing to refuse).
    ///
    /// # Errors
    /// As [`Puzzle::parse_with`]; [`Error::Limit`] above the budget.
    pub fn parse_within(
        spec: &str,
        graphs: Option<GraphLoader<'_>>,
        budget: &SizeBudget,
    ) -> Result<Puzzle> {
        let spec = spec.trim();
        if is_rotating_spec(spec) {
            let rotating = crate::model::rotating::RotatingPuzzle::parse(spec)?;
            let edges = rotating.edges().len() as u64;
            budget.check(Some(rotating.vertex_count() as u64), Some(edges))?;
            return Puzzle::from_rotating(rotating);
        }
        let (family, arg) = match spec.split_once(':') {
            Some((f, a)) if !f.contains(['x', 'X']) => (f, Some(a)),
            _ => (spec, None),
        };
        let need = |what: &str| -> Result<&str> {
            arg.ok_or_else(|| Error::spec(spec, format!("{family} needs {what}")))
        };
        match family.to_ascii_lowercase().as_str() {
            "cycle" => cycle_within(parse_usize(need("N")?, "N", spec)?, budget),
            "path" => path_within(parse_usize(need("N")?, "N", spec)?, budget),
            "complete" => complete_within(parse_usize(need("N")?, "N", spec)?, budget),
            "theta" => {
                let parts: Vec<usize> = need("A,B,C")?
                    .split(',')
                    .map(|s| parse_usize(s, "path length", spec))
                    .collect::<Result<_>>()?;
                match parts.as_slice() {
                    [a, b, c] => theta_within(*a, *b, *c, budget),
                    _ => Err(Error::spec(spec, "theta needs three path lengths A,B,C")),
                }
            }
            "theta0" | "petersen" if arg.is_some() => Err(Error::spec(
                spec,
                format!("{family} takes no argument (write {family})"),
            )),
            "theta0" => theta(1, 2, 2).map(|p| rename(p, "theta0")),
            "petersen" => petersen(),
            "random" => {
                let parts: Vec<usize> = need("N,CHORDS[,SEED]")?
                    .split(',')
                    .map(|s| parse_usize(s, "number", spec))
                    .collect::<Result<_>>()?;
                match parts.as_slice() {
                    [n, chords] => random_within(*n, *chords, 0, budget),
                    [n, chords, seed] => random_within(*n, *chords, *seed as u64, budget),
                    _ => Err(Error::spec(
                        spec,
                        "random needs N,CHORDS or N,CHORDS,SEED",
                    )),
                }
            }
            "tree" => {
                let parts: Vec<usize> = need("N[,SEED]")?
                    .split(',')
                    .map(|s| parse_usize(s, "number", spec))
                    .collect::<Result<_>>()?;
                match parts.as_slice() {
                    [n] => tree_within(*n, 0, budget),
                    [n, seed] => tree_within(*n, *seed as u64, budget),
                    _ => Err(Error::spec(spec, "tree needs N or N,SEED")),
                }
            }
            "sparse" | "hallway" => {
                let parts: Vec<usize> = need("N,K[,SEED]")?
                    .split(',')
                    .map(|s| parse_usize(s, "number", spec))
                    .collect::<Result<_>>()?;
                let sparse = family.eq_ignore_ascii_case("sparse");
                let (n, k, seed) = match parts.as_slice() {
                    [n, k] => (*n, *k, 0),
                    [n, k, seed] => (*n, *k, *seed as u64),
                    _ => {
                        return Err(Error::spec(
                            spec,
                            format!("{family} needs N,{0} or N,{0},SEED", if sparse { "CHORDS" } else { "HALL" }),
                        ));
                    }
                };
                let vertices = if sparse { n as u64 } else { (n as u64).saturating_mul(2).saturating_add(k as u64) };
                budget.check(Some(vertices), Some(vertices.saturating_add(k as u64)))?;
                if sparse {
                    super::random_graph::sparse(n, k, seed)
                } else {
                    super::random_graph::hallway(n, k, seed)
                }
            }
            "graph" => {
                let name = need("a file name")?;
                match graphs {
                    Some(load) => graph_json_within(&load(name)?, &format!("graph:{name}"), budget),
                    None => Err(Error::spec(
                        spec,
                        "graph files are not read here; describe the graph inline with edges:0-1,1-2,...",
                    )),
                }
            }
            "edges" if arg.is_some_and(|a| a.contains('>')) => {
                super::one_way::links("edges:", need("an edge list")?, spec, budget)
            }
            "edges" => inline_edges(need("an edge list")?, spec, budget),
            "arcs" => super::one_way::links("arcs:", need("an arc list")?, spec, budget),
            "dcycle" => super::one_way::directed_cycle(parse_usize(need("N")?, "N", spec)?, budget),
            "turns" => super::turn_specs::spec_list(need("K:U-V^R,...")?, spec, budget),
            "segerman" if arg.is_some() => {
                Err(Error::spec(spec, "segerman takes no argument (write segerman)"))
            }
            "segerman" => super::turn_specs::segerman(),
            "m13" if arg.is_some() => Err(Error::spec(spec, "m13 takes no argument (write m13)")),
            "m13" => super::m13::m13(),
            _ if spec.starts_with(|c: char| c.is_ascii_digit()) => grid(spec, budget),
            _ => Err(Error::spec(
                spec,
                format!("unknown puzzle: expected {}", spec_forms()),
            )),
        }
        .map_err(|e| in_spec(e, spec))
    }
}

/// Every form of puzzle spec [`Puzzle::parse`] reads, as `(form,
/// example, what it is)`: the one list the faces' help and the parser's
/// "unknown puzzle" message are written from (a test parses every
/// example).
pub const SPEC_FORMS: &[(&str, &str, &str)] = &[
    ("WxH", "4x4", "a board of W columns and H rows"),
    ("WxH+diag", "3x3+diag", "a board with diagonal moves too"),
    ("WxH:torus", "4x4:torus", "a board whose edges wrap round"),
    ("WxHxD", "2x2x2", "a box of D layers (the Varikon box)"),
    ("WxHxDxE...", "2x2x2x2", "a box of four or more dimensions"),
    ("cycle:N", "cycle:5", "a cycle of N vertices"),
    ("path:N", "path:4", "a path of N vertices"),
    (
        "complete:N",
        "complete:5",
        "the complete graph on N vertices",
    ),
    (
        "theta:A,B,C",
        "theta:1,2,2",
        "two vertices joined by paths of A, B, C inner vertices",
    ),
    ("theta0", "theta0", "Wilson's theta graph theta(1,2,2)"),
    ("petersen", "petersen", "the Petersen graph"),
    (
        "random:N,CHORDS[,SEED]",
        "random:20,5,1",
        "a random 2-connected graph",
    ),
    ("tree:N[,SEED]", "tree:10,2", "a random tree"),
    (
        "sparse:N,CHORDS[,SEED]",
        "sparse:20,3,1",
        "a random tree with CHORDS chords",
    ),
    (
        "hallway:N,HALL[,SEED]",
        "hallway:6,3,1",
        "two random trees joined by a path of HALL vertices",
    ),
    ("graph:FILE", "graph:house.json", "a JSON graph file"),
    (
        "edges:U-V,...",
        "edges:0-1,1-2,2-0,2-3",
        "a graph given by its edges",
    ),
    (
        "arcs:U>V,...",
        "arcs:0>1,1>2,2>0",
        "one-way edges (U>V slides only from U to V)",
    ),
    ("dcycle:N", "dcycle:5", "a directed cycle"),
    (
        "WxH:streets",
        "4x4:streets",
        "a board whose every edge is one-way, like streets",
    ),
    (
        "WxH:oneway",
        "4x4:oneway",
        "a board whose left column is one-way downward",
    ),
    (
        "turns:K:U-V^R,...",
        "turns:4:0-1^1,1-2,2-0",
        "tiles that turn by R (mod K) as they slide",
    ),
    ("segerman", "segerman", "Segerman's 15+4 puzzle"),
    (
        "m13",
        "m13",
        "Conway's M13: a slide also exchanges the other two points of its line",
    ),
    (
        "WxH:mobius",
        "4x3:mobius",
        "a Möbius band: a tile flips crossing the seam",
    ),
    (
        "WxH:twist",
        "3x3:twist",
        "a torus whose left-right seam turns tiles",
    ),
    (
        "rotate:A-B-C,...",
        "rotate:0-1-2,1-2-3",
        "a rotating puzzle: each cycle turns its tiles",
    ),
    (
        "WxH:twiddle",
        "3x3:twiddle",
        "a board whose every 2 x 2 block turns (Twiddle)",
    ),
    (
        "rings:N,D",
        "rings:20,5",
        "two rings of N crossing at two vertices D apart (Hungarian rings: rings:20,5)",
    ),
];

/// The spec forms of [`SPEC_FORMS`] in a line: `WxH, WxH+diag, ...`.
pub fn spec_forms() -> String {
    let forms: Vec<&str> = SPEC_FORMS.iter().map(|f| f.0).collect();
    forms.join(", ")
}

/// Whether `spec` names a rotating puzzle
/// ([`crate::model::rotating::RotatingPuzzle::parse`]: `rotate:...`,
/// `WxH:twiddle`, `rings:N,D`), not a sliding one.
fn is_rotating_spec(spec: &str) -> bool {
    let lower = spec.to_ascii_lowercase();
    lower.starts_with("rotate:") || lower.starts_with("rings:") || lower.ends_with(":twiddle")
}

/// A random 2-connected graph within `budget`: a Hamiltonian cycle through
/// the vertices `0..n` in a random order plus `chords` distinct random
/// chords (edges not on the cycle), drawn with ChaCha8 from `seed`. Every
/// such graph is 2-connected; with `chords >= 1` it is not a cycle, and it
/// is non-bipartite with high probability. Spec `random:N,CHORDS,SEED`.
///
/// # Errors
/// [`Error::Spec`] if `n < 3` or there are not that many possible chords.
fn random_within(n: usize, chords: usize, seed: u64, budget: &SizeBudget) -> Result<Puzzle> {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    if n < 3 {
        return Err(Error::spec(
            format!("random:{n},{chords}"),
            "needs at least 3 vertices",
        ));
    }
    budget
        .check(Some(n as u64), (n as u64).checked_add(chords as u64))
        .map_err(|e| in_spec(e, &format!("random:{n},{chords}")))?;
    let possible = n * (n - 1) / 2 - n;
    if chords > possible {
        return Err(Error::spec(
            format!("random:{n},{chords}"),
            format!("a cycle on {n} vertices has only {possible} possible chords"),
        ));
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(&mut rng);
    let key = |a: usize, b: usize| (a.min(b), a.max(b));
    let mut edges: Vec<(usize, usize)> =
        (0..n).map(|i| key(order[i], order[(i + 1) % n])).collect();
    let mut present: std::collections::HashSet<(usize, usize)> = edges.iter().copied().collect();
    while edges.len() < n + chords {
        let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
        if a != b && present.insert(key(a, b)) {
            edges.push(key(a, b));
        }
    }
    named(n, &edges, format!("random:{n},{chords},{seed}"))
}

/// A uniformly random labelled tree on the vertices `0..n` (each of the
/// n^(n-2) trees equally likely): a random Prüfer sequence, drawn with
/// ChaCha8 from `seed`, decoded in O(n log n). Trees are where several
/// blanks matter most: tiles pass each other only at vertices of degree
/// 3 or more. Spec `tree:N,SEED`.
///
/// # Errors
/// [`Error::Spec`] if `n < 2`.
///
/// ```
/// let t = slidepuzzle::Puzzle::parse("tree:50,7").unwrap();
/// assert_eq!((t.vertex_count(), t.graph().edge_count()), (50, 49));
/// assert_eq!(t.graph().components().1, 1);
/// ```
fn tree_within(n: usize, seed: u64, budget: &SizeBudget) -> Result<Puzzle> {
    use rand::{RngExt, SeedableRng};
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    if n < 2 {
        return Err(Error::spec(
            format!("tree:{n}"),
            "needs at least 2 vertices",
        ));
    }
    budget
        .check(Some(n as u64), Some(n as u64 - 1))
        .map_err(|e| in_spec(e, &format!("tree:{n}")))?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let code: Vec<usize> = (0..n.saturating_sub(2))
        .map(|_| rng.random_range(0..n))
        .collect();
    // Decoding: the smallest leaf joins the next code entry, repeatedly.
    let mut degree = vec![1usize; n];
    for &v in &code {
        degree[v] += 1;
    }
    let mut leaves: BinaryHeap<Reverse<usize>> =
        (0..n).filter(|&v| degree[v] == 1).map(Reverse).collect();
    let mut edges = Vec::with_capacity(n - 1);
    for &v in &code {
        let Reverse(leaf) = leaves.pop().expect("a tree's code leaves a leaf");
        edges.push((leaf.min(v), leaf.max(v)));
        degree[v] -= 1;
        if degree[v] == 1 {
            leaves.push(Reverse(v));
        }
    }
    let Reverse(a) = leaves.pop().expect("two leaves remain");
    let Reverse(b) = leaves.pop().expect("two leaves remain");
    edges.push((a.min(b), a.max(b)));
    named(n, &edges, format!("tree:{n},{seed}"))
}

fn rename(p: Puzzle, spec: &str) -> Puzzle {
    let mut q = Puzzle::new(p.graph().clone(), p.kind().clone(), spec);
    if let Some(pos) = p.positions() {
        q = q.with_positions(pos.to_vec());
    }
    q
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_listed_spec_form_parses_and_names_its_family() {
        let house = |_: &str| -> Result<String> {
            Ok(r#"{"vertices": 3, "edges": [[0, 1], [1, 2], [2, 0]]}"#.into())
        };
        for (form, example, what) in SPEC_FORMS {
            assert!(!what.is_empty());
            let p = Puzzle::parse_with(example, Some(&house))
                .unwrap_or_else(|e| panic!("{form}: {example}: {e}"));
            assert!(p.vertex_count() >= 2, "{example}");
            // The example is of its form: a board's starts with its width,
            // a family's with the family's word and the same suffix.
            match form.strip_prefix("WxH") {
                Some(rest) => {
                    assert!(
                        example.starts_with(|c: char| c.is_ascii_digit()),
                        "{example}"
                    );
                    let suffix = rest.split_once(':').map_or(rest, |(_, s)| s);
                    let suffix = suffix
                        .trim_start_matches("xDxE...")
                        .trim_start_matches("xD");
                    assert!(example.ends_with(suffix), "{form} vs {example}");
                }
                None => {
                    let word = form.split(':').next().unwrap();
                    assert!(example.starts_with(word), "{form} vs {example}");
                }
            }
        }
        let err = Puzzle::parse("nonsense:3").unwrap_err().to_string();
        for (form, ..) in SPEC_FORMS {
            assert!(err.contains(form), "{form} missing from: {err}");
        }
    }

    use super::*;

    #[test]
    fn a_json_modulus_outside_two_to_twenty_four_is_refused_by_name() {
        for k in ["0", "1", "25", "300", "18446744073709551615"] {
            let text = format!(
                r#"{{"vertices":3,"edges":[[0,1],[1,2],[2,0]],"turns":[[0,1,1]],"modulus":{k}}}"#
            );
            let e = graph_json(&text, "g").unwrap_err().to_string();
            assert!(e.contains(&format!("must be 2..=24, got {k}")), "{e}");
        }
        let text = r#"{"vertices":3,"edges":[[0,1],[1,2],[2,0]],"turns":[[0,1,300]],"modulus":2}"#;
        let e = graph_json(text, "g").unwrap_err().to_string();
        assert!(e.contains("turn 1 (0-1) is 300, outside Z_2 (0..1)"), "{e}");
    }

    #[test]
    fn specs_build_the_right_graphs() {
        let cases = [
            ("3x3", 9, 12),
            ("4x4", 16, 24),
            ("1x5", 5, 4),
            ("3x3+diag", 9, 20),
            ("4x4:torus", 16, 32),
            ("2x2x2", 8, 12),
            ("3x3x3", 27, 54),
            ("cycle:6", 6, 6),
            ("path:4", 4, 3),
            ("complete:5", 5, 10),
            ("theta0", 7, 8),
            ("theta:2,2,3", 9, 10),
            ("random:40,6,1", 40, 46),
            ("tree:40,3", 40, 39),
            ("tree:2", 2, 1),
            ("theta:1,2,3", 8, 9),
            ("petersen", 10, 15),
            ("edges:0-1,1-2,2-0", 3, 3),
        ];
        for (spec, v, e) in cases {
            let p = Puzzle::parse(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            assert_eq!((p.vertex_count(), p.graph().edge_count()), (v, e), "{spec}");
        }
    }

    #[test]
    fn petersen_is_cubic_and_not_bipartite() {
        let p = petersen().unwrap();
        for v in 0..10 {
            assert_eq!(p.graph().neighbors(v).len(), 3);
        }
        assert!(!p.graph().is_bipartite());
    }

    #[test]
    fn bad_specs_say_why() {
        for (spec, needle) in [
            ("4x", "side ''"),
            ("cycle:2", "at least 3"),
            ("cycle", "needs N"),
            ("theta:1,2", "three path lengths"),
            ("theta:0,0,3", "at most one path"),
            ("zebra", "unknown puzzle"),
            ("edges:0-1,12", "edge 2 '12'"),
            ("1x1", "at least 2 cells"),
        ] {
            let e = Puzzle::parse(spec).unwrap_err();
            assert!(matches!(e, Error::Spec { .. }), "{spec}: {e:?}");
            let e = e.to_string();
            assert!(e.contains(needle), "{spec}: {e}");
        }
    }

    #[test]
    fn rotating_specs_are_puzzles_of_the_one_model() {
        // `5x5:twiddle` once read as a board of side "5:twiddle".
        for (spec, vertices, cycles) in [
            ("5x5:twiddle", 25, 16),
            ("rotate:0-1-2,1-2-3", 4, 2),
            ("rings:20,5", 38, 2),
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let r = p.rotating().expect("a rotating puzzle");
            assert_eq!((p.vertex_count(), r.cycles().len()), (vertices, cycles));
            assert_eq!(p.kind(), &PuzzleKind::Graph, "{spec}: no sliding kernel");
            assert!(p.check_blank_count(1).is_err() && p.check_blank_count(0).is_ok());
        }
        let e = Puzzle::parse("5x1:twiddle").unwrap_err().to_string();
        assert!(e.contains("at least 2"), "{e}");
    }

    #[test]
    fn spec_errors_carry_the_spec_and_position() {
        let e = Puzzle::parse("edges:0-1,12").unwrap_err();
        assert!(
            matches!(&e, Error::Spec { spec, position: Some(10), .. } if spec == "edges:0-1,12"),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .starts_with("puzzle spec 'edges:0-1,12' at character 11"),
            "{e}"
        );
        let e = Puzzle::parse("3xq").unwrap_err();
        assert!(
            matches!(
                e,
                Error::Spec {
                    position: Some(2),
                    ..
                }
            ),
            "{e:?}"
        );
        let e = Puzzle::parse("1x1").unwrap_err();
        assert!(
            matches!(&e, Error::Spec { spec, .. } if spec == "1x1"),
            "{e:?}"
        );
        // Without a loader no graph spec reads a file; with one, the
        // loader's error comes back as it is.
        for spec in ["graph:/etc/passwd", "GRAPH:/etc/passwd", "Graph:x.json"] {
            let e = Puzzle::parse(spec).unwrap_err();
            assert!(e.to_string().contains("not read here"), "{e}");
        }
        let load = |name: &str| -> Result<String> {
            Err(Error::io(name, std::io::ErrorKind::NotFound.into()))
        };
        let e = Puzzle::parse_with("graph:/nonexistent/g.json", Some(&load)).unwrap_err();
        assert!(matches!(e, Error::Io { .. }), "{e:?}");
    }

    #[test]
    fn json_graphs() {
        let p = graph_json(
            r#"{"vertices":["a","b","c"],"edges":[["a","b"],["b","c"],[2,0]],"goal":[0,1,2]}"#,
            "test",
        )
        .unwrap();
        assert_eq!(p.graph().edge_count(), 3);
        assert_eq!(p.default_goal().cells(), &[0, 1, 2]);
        let e = graph_json(r#"{"vertices":3,"edges":[["a","b"]]}"#, "t").unwrap_err();
        assert!(e.to_string().contains("unknown vertex 'a'"), "{e}");
        let e = graph_json(r#"{"vertices":3,"edges":[[0,1]],"goal":[1,1,0]}"#, "t").unwrap_err();
        assert!(e.to_string().contains("duplicated"), "{e}");
    }
}
