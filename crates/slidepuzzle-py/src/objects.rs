//! `Puzzle` and `Configuration`, and the functions on them that need no
//! search: `check`, `analyze`, `scramble`, `godsnumber`, rendering.

use std::sync::Arc;

use pyo3::prelude::*;
use slidepuzzle::explore::godsnumber::{GodsOptions, explore};
use slidepuzzle::format::{draw, format_configuration, parse_configuration};
use slidepuzzle::model::Metric;
use slidepuzzle::render::{Animation, Style, svg_animated, svg_styled};
use slidepuzzle::{Error, Resource};

use crate::errors::IntoPy;
use crate::run::interruptible;

/// Most configurations one `scramble` call returns.
const MAX_SCRAMBLES: usize = 10_000_000;

/// A puzzle: a graph whose vertices hold tiles and blanks.
#[pyclass(frozen, module = "slidepuzzle._native")]
pub struct Puzzle {
    pub inner: Arc<slidepuzzle::Puzzle>,
}

impl Puzzle {
    /// A configuration of this puzzle, as a Python object.
    pub fn config(&self, inner: slidepuzzle::Configuration) -> Configuration {
        Configuration {
            puzzle: self.inner.clone(),
            inner,
        }
    }

    /// The configuration's own check: it belongs to this puzzle.
    pub fn own(&self, c: &Configuration) -> PyResult<slidepuzzle::Configuration> {
        if c.puzzle.spec() != self.inner.spec() || c.inner.len() != self.inner.vertex_count() {
            return Err(crate::errors::to_py(Error::config(format!(
                "the configuration belongs to {}, not {}",
                c.puzzle.spec(),
                self.inner.spec()
            ))));
        }
        Ok(c.inner.clone())
    }
}

#[pymethods]
impl Puzzle {
    /// Parses a spec: `WxH`, `WxH+diag`, `WxH:torus`, `WxHxD`, `cycle:N`,
    /// `path:N`, `complete:N`, `theta:A,B,C`, `theta0`, `petersen`,
    /// `edges:0-1,1-2`, `random:N,CHORDS,SEED`.
    #[new]
    fn new(spec: &str) -> PyResult<Self> {
        Ok(Puzzle {
            inner: Arc::new(slidepuzzle::Puzzle::parse(spec).py_err()?),
        })
    }

    /// The board a state written as rows describes (`"1 2 3/4 5 6/7 8 0"`
    /// is a 3x3), as the command line infers it without `--puzzle`.
    #[staticmethod]
    fn infer(text: &str) -> PyResult<Self> {
        Ok(Puzzle {
            inner: Arc::new(slidepuzzle::format::infer_board(text).py_err()?),
        })
    }

    /// A puzzle from the JSON graph format (`{"vertices": N or [names],
    /// "edges": [[a, b], ...]}`); `name` is its spec in messages.
    #[staticmethod]
    fn from_json(text: &str, name: &str) -> PyResult<Self> {
        Ok(Puzzle {
            inner: Arc::new(slidepuzzle::model::spec::graph_json(text, name).py_err()?),
        })
    }

    /// A puzzle on vertices `0..vertex_count` (default: one more than the
    /// largest vertex in `edges` and `arcs`) with these edges; `arcs` are
    /// one-way edges `(u, v)`: the tile on `u` may slide to `v`, never
    /// back (docs/THEORY.md section 7). `names` (one per vertex) are shown
    /// in drawings and messages. `turns` makes tiles turn as they slide
    /// (docs/THEORY.md section 8): `(u, v, r)`, a tile sliding from `u` to
    /// `v` turns by `r` (by `-r` back) in Z_`modulus` (default 4). Checked
    /// as a JSON graph is: no self-loops, no repeated edges, turns on
    /// edges and inside Z_k, within the size budget.
    #[staticmethod]
    #[pyo3(signature = (edges, vertex_count = None, names = None, arcs = None, turns = None, modulus = None))]
    fn from_edges(
        edges: &Bound<'_, PyAny>,
        vertex_count: Option<&Bound<'_, PyAny>>,
        names: Option<Vec<String>>,
        arcs: Option<&Bound<'_, PyAny>>,
        turns: Option<&Bound<'_, PyAny>>,
        modulus: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let pairs = |obj: &Bound<'_, PyAny>, arg: &str| -> PyResult<Vec<(u64, u64)>> {
            int_rows::<2>(obj, arg).map(|rows| rows.into_iter().map(|[a, b]| (a, b)).collect())
        };
        let edges = pairs(edges, "edges")?;
        let arcs = match arcs {
            Some(a) => pairs(a, "arcs")?,
            None => Vec::new(),
        };
        let turns: Vec<(u64, u64, u64)> = match turns {
            Some(t) => int_rows::<3>(t, "turns")?
                .into_iter()
                .map(|[u, v, r]| (u, v, r))
                .collect(),
            None => Vec::new(),
        };
        let modulus = modulus.map(|m| int_arg(m, "modulus")).transpose()?;
        let n = match vertex_count {
            Some(c) => int_arg(c, "vertex_count")?,
            None => edges
                .iter()
                .chain(&arcs)
                .map(|&(a, b)| a.max(b).checked_add(1))
                .try_fold(0u64, |m, v| v.map(|v| m.max(v)))
                .ok_or_else(|| {
                    pyo3::exceptions::PyValueError::new_err(format!(
                        "from_edges: vertex {} is too large to count (vertices are 0..2^64-1)",
                        u64::MAX
                    ))
                })?,
        };
        Self::from_parts(edges, n, names, arcs, turns, modulus)
    }

    /// A puzzle on a networkx graph: its nodes in `g.nodes` order (their
    /// `str` are the vertex names) and its edges.
    #[staticmethod]
    fn from_networkx(g: &Bound<'_, PyAny>) -> PyResult<Self> {
        let index = pyo3::types::PyDict::new(g.py());
        let mut names = Vec::new();
        for (i, node) in g.getattr("nodes")?.try_iter()?.enumerate() {
            let node = node?;
            names.push(node.str()?.to_string());
            index.set_item(node, i)?;
        }
        let mut edges = Vec::new();
        for e in g.getattr("edges")?.try_iter()? {
            let (a, b): (Bound<'_, PyAny>, Bound<'_, PyAny>) = e?.extract()?;
            let at = |v: Bound<'_, PyAny>| -> PyResult<usize> {
                match index.get_item(&v)? {
                    Some(i) => i.extract(),
                    None => Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "edge end {v} is not a node of the graph"
                    ))),
                }
            };
            edges.push((at(a)? as u64, at(b)? as u64));
        }
        let n = names.len() as u64;
        Self::from_parts(edges, n, Some(names), Vec::new(), Vec::new(), None)
    }

    /// Jupyter: the solved configuration.
    fn _repr_svg_(&self) -> String {
        let goal = self.inner.default_goal();
        svg_styled(&self.inner, &goal, &goal, &Style::default())
    }

    /// The spec string.
    #[getter]
    fn spec(&self) -> String {
        self.inner.spec().to_string()
    }

    /// Number of vertices.
    #[getter]
    fn vertex_count(&self) -> usize {
        self.inner.vertex_count()
    }

    /// Edges as (u, v) pairs with u < v, 0-based.
    #[getter]
    fn edges(&self) -> Vec<(usize, usize)> {
        self.inner.graph().edges().collect()
    }

    /// Vertex names of a named JSON graph, else None.
    #[getter]
    fn vertex_names(&self) -> Option<Vec<String>> {
        self.inner.vertex_names().map(<[String]>::to_vec)
    }

    /// (width, height) of a plain board, else None.
    #[getter]
    fn board_size(&self) -> Option<(usize, usize)> {
        self.inner.plain_board_size()
    }

    /// Whether moves have letters (boards, tori, boxes).
    #[getter]
    fn has_directions(&self) -> bool {
        slidepuzzle::moves::has_straight_lines(&self.inner)
    }

    /// The neighbours of vertex `v`.
    fn neighbors(&self, v: usize) -> PyResult<Vec<usize>> {
        if v >= self.inner.vertex_count() {
            return Err(crate::errors::to_py(Error::config(format!(
                "vertex {v} is not in {} (vertices 0 to {})",
                self.inner.spec(),
                self.inner.vertex_count() - 1
            ))));
        }
        Ok(self.inner.graph().neighbors(v).to_vec())
    }

    /// The default goal: tile i + 1 on vertex i, the blank(s) last (one
    /// blank unless told; none on a rotating puzzle).
    #[pyo3(signature = (blanks = None))]
    fn solved(&self, blanks: Option<usize>) -> PyResult<Configuration> {
        let blanks = blanks.unwrap_or_else(|| self.inner.default_blank_count());
        let goal = self
            .inner
            .goal_with_blanks(blanks)
            .map_err(crate::errors::to_py)?;
        Ok(self.config(goal))
    }

    /// Parses a configuration in any state format (slidysim rows
    /// `"1 2 3/4 5 6/7 8 0"`, a flat list, Korf's lines).
    /// The blanks are the state's 0s unless told (at least one; none on
    /// a rotating puzzle).
    #[pyo3(signature = (text, blanks = None))]
    fn parse(&self, text: &str, blanks: Option<usize>) -> PyResult<Configuration> {
        let blanks = blanks.unwrap_or_else(|| slidepuzzle::format::blanks_in(&self.inner, text));
        Ok(self.config(parse_configuration(&self.inner, text, blanks).py_err()?))
    }

    /// The cycles of a rotating puzzle (each a list of vertices in its
    /// forward order; turn `i` of `Solution.turns` is cycle `i`, from 1);
    /// None for a sliding puzzle.
    #[getter]
    fn cycles(&self) -> Option<Vec<Vec<usize>>> {
        self.inner.rotating().map(|r| r.cycles().to_vec())
    }

    /// A configuration from the tile on each vertex (0 = blank; the 0s
    /// are the blanks unless told, at least one; none on a rotating
    /// puzzle).
    #[pyo3(signature = (cells, blanks = None))]
    fn configuration(&self, cells: Vec<u32>, blanks: Option<usize>) -> PyResult<Configuration> {
        let zeros = cells.iter().filter(|&&t| t == 0).count();
        let blanks = blanks.unwrap_or(match self.inner.default_blank_count() {
            0 => 0,
            _ => zeros.max(1),
        });
        self.inner.check_blank_count(blanks).py_err()?;
        let n = self.inner.vertex_count();
        if cells.len() != n {
            return Err(crate::errors::to_py(Error::config(format!(
                "{} cells given but {} has {n} vertices",
                cells.len(),
                self.inner.spec()
            ))));
        }
        Ok(self.config(slidepuzzle::Configuration::from_cells(cells, blanks).py_err()?))
    }

    fn __repr__(&self) -> String {
        format!("Puzzle({:?})", self.inner.spec())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Puzzle>()
            .is_ok_and(|o| o.get().inner.spec() == self.inner.spec())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.spec().hash(&mut h);
        h.finish()
    }
}

/// A configuration: which tile is on each vertex of one puzzle.
#[pyclass(frozen, module = "slidepuzzle._native")]
pub struct Configuration {
    pub puzzle: Arc<slidepuzzle::Puzzle>,
    pub inner: slidepuzzle::Configuration,
}

impl Configuration {
    fn with(&self, inner: slidepuzzle::Configuration) -> Configuration {
        Configuration {
            puzzle: self.puzzle.clone(),
            inner,
        }
    }
}

#[pymethods]
impl Configuration {
    /// The puzzle.
    #[getter]
    fn puzzle(&self) -> Puzzle {
        Puzzle {
            inner: self.puzzle.clone(),
        }
    }

    /// The tile on each vertex (0 = blank).
    #[getter]
    fn cells(&self) -> Vec<u32> {
        self.inner.cells().to_vec()
    }

    /// The vertices holding blanks, increasing.
    #[getter]
    fn blanks(&self) -> Vec<usize> {
        self.inner.blanks()
    }

    /// The vertices whose tile can slide into a blank (one move each).
    fn legal_moves(&self) -> Vec<usize> {
        let graph = self.puzzle.graph();
        let mut out: Vec<usize> = self
            .inner
            .blanks()
            .iter()
            .flat_map(|&b| graph.neighbors(b).iter().copied())
            .filter(|&v| self.inner.tile_at(v) != 0)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The configuration after the tile on `vertex` slides into the blank
    /// next to it (one blank: the blank moves to `vertex`).
    fn slide(&self, vertex: usize) -> PyResult<Configuration> {
        Ok(self.with(slidepuzzle::moves::replay(&self.puzzle, &self.inner, &[vertex]).py_err()?))
    }

    /// The configuration after `moves`: slidysim letters (`"R2DL"`, each
    /// letter the direction a tile moves), tile numbers, a blank path,
    /// steps `"3>7 4>3"`, or a rotating puzzle's turns (`"1 3' 2"`).
    fn apply(&self, moves: &str) -> PyResult<Configuration> {
        let end = slidepuzzle::moves::apply_written(&self.puzzle, &self.inner, moves).py_err()?;
        Ok(self.with(end))
    }

    /// The configuration after a blank path (the vertices the blank
    /// visits, with or without its start first, as `Solution.blank_path`
    /// gives it).
    fn follow(&self, blank_path: Vec<usize>) -> PyResult<Configuration> {
        if self.inner.blanks().len() != 1 {
            return Err(crate::errors::to_py(Error::moves(
                None,
                "a blank path needs one blank (steps or turns: use apply)",
            )));
        }
        let path = after_start(self.inner.blank(), &blank_path);
        Ok(self.with(slidepuzzle::moves::replay(&self.puzzle, &self.inner, path).py_err()?))
    }

    /// The configuration as rows or a list, as `slidepuzzle show` prints it.
    fn draw(&self) -> String {
        draw(&self.puzzle, &self.inner)
    }

    fn __str__(&self) -> String {
        format_configuration(&self.puzzle, &self.inner)
    }

    /// Jupyter: the configuration drawn (colours from the default goal).
    fn _repr_svg_(&self) -> String {
        let goal = self
            .puzzle
            .goal_with_blanks(self.inner.blanks().len())
            .unwrap_or_else(|_| self.puzzle.default_goal());
        svg_styled(&self.puzzle, &self.inner, &goal, &Style::default())
    }

    fn __repr__(&self) -> String {
        format!(
            "Configuration({:?}, puzzle={:?})",
            format_configuration(&self.puzzle, &self.inner),
            self.puzzle.spec()
        )
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Configuration>().is_ok_and(|o| {
            let o = o.get();
            o.inner == self.inner && o.puzzle.spec() == self.puzzle.spec()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.puzzle.spec().hash(&mut h);
        self.inner.cells().hash(&mut h);
        h.finish()
    }
}

/// `(solvable, reason, decided_by)` for `start` -> `goal` (O(V + E));
/// `decided_by` is the deciding test's JSON name (`blocks`, ...).
#[pyfunction]
pub fn check(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> PyResult<(bool, String, String)> {
    let v = slidepuzzle::check(&puzzle.inner, &puzzle.own(start)?, &puzzle.own(goal)?).py_err()?;
    let by = serde_json::to_value(v.decided_by)
        .ok()
        .and_then(|j| j.as_str().map(str::to_string))
        .unwrap_or_default();
    Ok((v.solvable, v.reason, by))
}

/// Seed 001's two views of `start` against `goal` (cycle notation, and the
/// toroidal model on boards) as JSON; one blank.
#[pyfunction]
pub fn permutation_json(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> PyResult<String> {
    let v = slidepuzzle::theory::views::position_views(
        &puzzle.inner,
        &puzzle.own(start)?,
        &puzzle.own(goal)?,
    )
    .py_err()?;
    serde_json::to_string(&v).map_err(|e| crate::errors::to_py(Error::Internal(e.to_string())))
}

/// The analysis (blocks, puzzle group, order, counts) as JSON; big numbers
/// are decimal strings. `timeout` (seconds) and `max_memory_mb` bound it
/// as `analyze --timeout --memory` does (the library's one budget rule;
/// Ctrl-C stops it); the GIL is released while it works.
#[pyfunction]
#[pyo3(signature = (puzzle, goal, timeout = None, max_memory_mb = None))]
pub fn analyze_json(
    py: Python<'_>,
    puzzle: &Puzzle,
    goal: &Configuration,
    timeout: Option<f64>,
    max_memory_mb: Option<u64>,
) -> PyResult<String> {
    let timeout = timeout
        .map(slidepuzzle::Limits::timeout_seconds)
        .transpose()
        .py_err()?;
    let asked = max_memory_mb.map(|mb| mb.saturating_mul(1 << 20));
    let machine = slidepuzzle::search::MachineMemory::default();
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let budget = slidepuzzle::Budget {
        deadline: timeout.map(|t| std::time::Instant::now() + t),
        cancel: Some(cancel.clone()),
        max_memory: Some(
            slidepuzzle::search::memory_budget(asked, slidepuzzle::search::Work::Solve, &machine)
                .py_err()?,
        ),
    };
    let (p, goal) = (puzzle.inner.clone(), puzzle.own(goal)?);
    let a = crate::run::interruptible(py, Some(cancel), move || {
        slidepuzzle::theory::analyze_any_within(&p, &goal, &budget)
    })?;
    serde_json::to_string(&a).map_err(|e| crate::errors::to_py(Error::Internal(e.to_string())))
}

/// `count` uniformly random configurations reachable from `goal`, or with
/// `moves` the ends of random walks of that many moves; the same sequence
/// as `slidepuzzle scramble --seed SEED [--moves N]`.
#[pyfunction]
#[pyo3(signature = (puzzle, goal, count, seed, moves = None))]
pub fn scramble(
    puzzle: &Puzzle,
    goal: &Configuration,
    count: usize,
    seed: u64,
    moves: Option<u64>,
) -> PyResult<Vec<Configuration>> {
    if count > MAX_SCRAMBLES {
        return Err(crate::errors::to_py(Error::limit(
            Resource::States,
            count as u64,
            MAX_SCRAMBLES as u64,
        )));
    }
    let goal = puzzle.own(goal)?;
    slidepuzzle::theory::scramble::scrambles(&puzzle.inner, &goal, seed, moves)
        .take(count)
        .map(|c| c.py_err().map(|c| puzzle.config(c)))
        .collect()
}

/// The complete breadth-first search from `goal` (God's number, the counts
/// by distance, antipodes) as JSON. Releases the GIL; Ctrl-C is answered
/// when the search ends.
#[pyfunction]
pub fn godsnumber_json(
    py: Python<'_>,
    puzzle: &Puzzle,
    goal: &Configuration,
    metric: &str,
    max_memory: u64,
    max_antipodes: usize,
) -> PyResult<String> {
    let goal = puzzle.own(goal)?;
    let options = GodsOptions {
        metric: metric.parse::<Metric>().py_err()?,
        max_memory,
        max_antipodes,
        ..GodsOptions::default()
    };
    let p = puzzle.inner.clone();
    let report = interruptible(py, None, move || explore(&p, &goal, &options, &|_, _| {}))?;
    serde_json::to_string(&report).map_err(|e| crate::errors::to_py(Error::Internal(e.to_string())))
}

/// One configuration as SVG (`scheme`: fringe, rainbow, rows, columns,
/// grids, plain; `labels`: number, none, goal).
#[pyfunction]
pub fn render_svg(
    puzzle: &Puzzle,
    config: &Configuration,
    goal: &Configuration,
    scheme: &str,
    labels: &str,
) -> PyResult<String> {
    let style = Style {
        scheme: scheme.parse().py_err()?,
        labels: labels.parse().py_err()?,
    };
    Ok(svg_styled(
        &puzzle.inner,
        &puzzle.own(config)?,
        &puzzle.own(goal)?,
        &style,
    ))
}

/// A blank path without its start: the blank never moves to the vertex
/// it is on, so a path whose first vertex is the blank's starts there.
fn after_start(blank: usize, path: &[usize]) -> &[usize] {
    match path.split_first() {
        Some((&first, rest)) if first == blank => rest,
        _ => path,
    }
}

/// A solution played as one animated SVG (SMIL): the blank path from
/// `start` (with or without the start first), `move_seconds` per move,
/// looping.
#[pyfunction]
pub fn render_animation(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    blank_path: Vec<usize>,
    move_seconds: f64,
) -> PyResult<String> {
    let animation = Animation {
        move_seconds,
        ..Animation::default()
    };
    let start = puzzle.own(start)?;
    svg_animated(
        &puzzle.inner,
        &start,
        &puzzle.own(goal)?,
        &slidepuzzle::moves::steps_of_blank_path(
            start.blank(),
            after_start(start.blank(), &blank_path),
        ),
        &Style::default(),
        &animation,
    )
    .py_err()
}

/// How many blanks a written state has (its 0s, at least one): the
/// library's count, the same in every face.
#[pyfunction]
pub fn count_blanks(text: &str) -> usize {
    slidepuzzle::format::count_blanks(text)
}

/// Where pattern databases are cached (shared with the command line).
#[pyfunction]
pub fn cache_dir() -> String {
    slidepuzzle::store::DirectoryStore::default_dir()
        .display()
        .to_string()
}

/// A Python int argument as a `u64`, or a `ValueError` naming the
/// argument (negative, too large, or not an int).
fn int_arg(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<u64> {
    obj.extract::<u64>().map_err(|_| {
        let shown = obj
            .repr()
            .map(|r| slidepuzzle::error::excerpt(&r.to_string()))
            .unwrap_or_else(|_| "?".into());
        pyo3::exceptions::PyValueError::new_err(format!(
            "from_edges: {arg} = {shown} is not a whole number from 0 to 2^64-1"
        ))
    })
}

/// A list of `K`-tuples of Python ints, or a `ValueError` naming the
/// argument and the item (1-based).
fn int_rows<const K: usize>(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<Vec<[u64; K]>> {
    let bad = |i: usize, what: String| {
        pyo3::exceptions::PyValueError::new_err(format!("from_edges: {arg} item {i}: {what}"))
    };
    let mut rows = Vec::new();
    for (i, item) in obj
        .try_iter()
        .map_err(|_| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "from_edges: {arg} is not a list of {K}-tuples"
            ))
        })?
        .enumerate()
    {
        let item = item?;
        let values: Vec<Bound<'_, PyAny>> = match item.try_iter() {
            Ok(it) => it.collect::<PyResult<_>>()?,
            Err(_) => return Err(bad(i + 1, format!("is not a {K}-tuple"))),
        };
        if values.len() != K {
            return Err(bad(i + 1, format!("has {} numbers, not {K}", values.len())));
        }
        let mut row = [0u64; K];
        for (slot, v) in row.iter_mut().zip(&values) {
            *slot = int_arg(v, arg)
                .map_err(|_| bad(i + 1, format!("{v} is not a whole number from 0 to 2^64-1")))?;
        }
        rows.push(row);
    }
    Ok(rows)
}

impl Puzzle {
    /// [`Puzzle::from_edges`] once its arguments are numbers: the JSON
    /// graph the library reads, and a short spec for messages.
    fn from_parts(
        edges: Vec<(u64, u64)>,
        n: u64,
        names: Option<Vec<String>>,
        arcs: Vec<(u64, u64)>,
        turns: Vec<(u64, u64, u64)>,
        modulus: Option<u64>,
    ) -> PyResult<Self> {
        let turning = !turns.is_empty() || modulus.is_some();
        let vertices = match names {
            Some(names) => serde_json::json!(names),
            None => serde_json::json!(n),
        };
        let mut json = serde_json::json!({"vertices": vertices, "edges": edges, "arcs": arcs});
        if turning {
            json["turns"] = serde_json::json!(turns);
            json["modulus"] = serde_json::json!(modulus.unwrap_or(4));
        }
        let text = json.to_string();
        let links = edges.len() + arcs.len();
        let spec = if turning && links <= 12 && arcs.is_empty() {
            let turn_of = |a: u64, b: u64| {
                turns.iter().find_map(|&(u, v, r)| {
                    (u == a && v == b)
                        .then_some(i128::from(r))
                        .or((u == b && v == a).then_some(-i128::from(r)))
                })
            };
            // The library checks the modulus (2..=24); an invalid one
            // names no residue here.
            let k = i128::from(modulus.unwrap_or(4)).max(1);
            let e: Vec<String> = edges
                .iter()
                .map(|&(a, b)| match turn_of(a, b).map(|r| r.rem_euclid(k)) {
                    Some(r) if r != 0 => format!("{a}-{b}^{r}"),
                    _ => format!("{a}-{b}"),
                })
                .collect();
            format!("turns:{k}:{}", e.join(","))
        } else if links <= 12 {
            let e: Vec<String> = edges
                .iter()
                .map(|(a, b)| format!("{a}-{b}"))
                .chain(arcs.iter().map(|(a, b)| format!("{a}>{b}")))
                .collect();
            format!("edges:{}", e.join(","))
        } else {
            format!("graph of {n} vertices and {links} edges")
        };
        Self::from_json(&text, &spec)
    }
}
