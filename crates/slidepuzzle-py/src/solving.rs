//! `solve`, `solve_many`, `distances` and `plan`: the front door
//! ([`slidepuzzle::Solver`]) with the GIL released and Ctrl-C answered.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use slidepuzzle::records::ImprovedAnswer;
use slidepuzzle::search::{Improvement, ImprovementSink, Work};
use slidepuzzle::solver::many::{Distance, ManyOptions};
use slidepuzzle::solver::stop_message;
use slidepuzzle::store::DirectoryStore;
use slidepuzzle::{Error, Limits, Outcome, Plan, SolveOptions, Solver};

use crate::errors::{IntoPy, LimitExceeded, Unsolvable};
use crate::objects::{Configuration, Puzzle};
use crate::run::interruptible_ticking;

/// The one solver of the process: tables cached in the same directory as
/// the command line's (`slidepuzzle pdb list` shows them), kept in memory
/// between calls. Table messages go to standard error, as on the command
/// line.
fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(|| {
        Solver::new()
            .with_store(Arc::new(DirectoryStore::new(DirectoryStore::default_dir())))
            .with_events(Arc::new(|e| {
                if let slidepuzzle::search::pdb::BuildEvent::Message(m) = e {
                    eprintln!("slidepuzzle: {m}");
                }
            }))
    })
}

/// The library's options from the keyword arguments.
#[allow(clippy::too_many_arguments)]
fn options(
    metric: &str,
    algorithm: &str,
    heuristic: &str,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    max_memory_mb: Option<u64>,
    single_thread: bool,
    cancel: Arc<AtomicBool>,
) -> PyResult<SolveOptions> {
    // The library's one budget rule; Python reads no machine limits.
    let asked = max_memory_mb.map(|mb| mb.saturating_mul(1 << 20));
    let machine = slidepuzzle::search::MachineMemory::default();
    let limits = Limits {
        max_nodes,
        cancel: Some(cancel),
        max_memory: slidepuzzle::search::memory_budget(asked, Work::Solve, &machine).py_err()?,
        ..Limits::default()
    };
    let timeout = timeout.map(Limits::timeout_seconds).transpose().py_err()?;
    Ok(SolveOptions {
        algorithm: algorithm.parse().py_err()?,
        heuristic: heuristic.parse().py_err()?,
        limits: limits.with_budget(timeout),
        single_thread,
        metric: metric.parse().py_err()?,
        ..SolveOptions::default()
    })
}

/// Shorter answers of anytime solves waiting for the Python thread, with
/// their instance's index: the library's sink (any thread) pushes them,
/// the waiting thread's poll hands them to the caller's function.
#[derive(Clone, Default)]
struct Pending(Arc<Mutex<Vec<(usize, Improvement)>>>);

impl Pending {
    fn push(&self, index: usize, found: &Improvement) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((index, found.clone()));
    }

    /// Calls `callback(dict)` (or `callback(index, dict)` with `indexed`)
    /// for each waiting answer, in the order they were found.
    fn deliver(&self, py: Python<'_>, callback: &Py<PyAny>, indexed: bool) -> PyResult<()> {
        let waiting = std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()));
        for (index, found) in waiting {
            let answer = ImprovedAnswer::from(&found);
            let d = PyDict::new(py);
            d.set_item("length", answer.length)?;
            d.set_item("lower_bound", answer.lower_bound)?;
            d.set_item("gap", answer.gap)?;
            d.set_item("algorithm", answer.algorithm)?;
            d.set_item("seconds", answer.seconds)?;
            if indexed {
                callback.call1(py, (index, d))?;
            } else {
                callback.call1(py, (d,))?;
            }
        }
        Ok(())
    }
}

/// A solution (or, from `solve_many`, an instance that was not solved),
/// replayed by the library before it got here.
#[pyclass(frozen, module = "slidepuzzle._native")]
pub struct Solution {
    /// `"solved"`, `"unsolvable"` or `"stopped"`.
    #[pyo3(get)]
    status: String,
    /// Why it is unsolvable or stopped; empty when solved.
    #[pyo3(get)]
    reason: String,
    /// slidysim letters (each letter the direction a tile moves, `R2` two
    /// moves right); None on graphs without directions and with several
    /// blanks (see `steps` and `written`).
    #[pyo3(get)]
    moves: Option<String>,
    /// The vertices the blank visits, its start first (0-based; a
    /// solution of k moves has k + 1), as `blank_path` in the JSON records
    /// of the command line and the web API; empty with several blanks.
    #[pyo3(get)]
    blank_path: Vec<usize>,
    /// The solution as written: the letters, else the blank path with its
    /// start `9-4-3` (as the command line writes it), else with several
    /// blanks the steps `3>7 4>3` (the library's `Solution::written`);
    /// empty unless solved.
    #[pyo3(get)]
    written: String,
    /// The tile number moved by each move.
    #[pyo3(get)]
    tiles: Vec<u32>,
    /// Each single-tile move as the tile's `(from, to)` vertices (any
    /// number of blanks; with several blanks `blank_path` is empty).
    #[pyo3(get)]
    steps: Vec<(usize, usize)>,
    /// A rotating puzzle's turns in order, each `(cycle, forward)` with
    /// the cycle numbered from 1 (`Puzzle.cycles[cycle - 1]`; forward: each
    /// token goes to the next vertex of the cycle); empty on sliding
    /// puzzles, whose moves are `steps`.
    #[pyo3(get)]
    turns: Vec<(usize, bool)>,
    /// Length in `metric`.
    #[pyo3(get)]
    length: usize,
    /// Single-tile moves.
    #[pyo3(get)]
    stm: usize,
    /// Multi-tile moves (straight runs), None off boards, tori and boxes.
    #[pyo3(get)]
    mtm: Option<usize>,
    /// `"stm"` or `"mtm"`: the metric asked for, and optimal in.
    #[pyo3(get)]
    metric: String,
    /// Whether `length` is proven optimal in `metric`.
    #[pyo3(get)]
    optimal: bool,
    /// The method's short name (`ida-pdb`, `astar-graph-md`, ...).
    #[pyo3(get)]
    algorithm: String,
    /// The plan in words: method, tables, optimality, why.
    #[pyo3(get)]
    plan: String,
    /// Nodes expanded.
    #[pyo3(get)]
    expanded: u64,
    /// Nodes generated.
    #[pyo3(get)]
    generated: u64,
    /// The last IDA* bound (how far a stopped search got).
    #[pyo3(get)]
    bound: u32,
    /// A proven lower bound on the optimal length in `metric`: `length`
    /// when optimal; IDA*'s finished bound or A*'s least g + h on its open
    /// list otherwise (weighted A*, a stopped search); 0 when none.
    #[pyo3(get)]
    lower_bound: u32,
    /// Seconds of search.
    #[pyo3(get)]
    seconds: f64,
    puzzle: Arc<slidepuzzle::Puzzle>,
    start: slidepuzzle::Configuration,
    goal: slidepuzzle::Configuration,
}

impl Solution {
    fn new(
        puzzle: &Arc<slidepuzzle::Puzzle>,
        start: slidepuzzle::Configuration,
        goal: slidepuzzle::Configuration,
        outcome: Outcome,
        plan: &Plan,
    ) -> Solution {
        let mut s = Solution {
            status: String::new(),
            reason: String::new(),
            moves: None,
            blank_path: Vec::new(),
            written: String::new(),
            tiles: Vec::new(),
            steps: Vec::new(),
            turns: Vec::new(),
            length: 0,
            stm: 0,
            mtm: None,
            metric: String::new(),
            optimal: false,
            algorithm: plan.name(),
            plan: plan.to_string(),
            expanded: 0,
            generated: 0,
            bound: 0,
            lower_bound: 0,
            seconds: 0.0,
            puzzle: puzzle.clone(),
            start,
            goal,
        };
        match outcome {
            Outcome::Solved(sol) => {
                s.status = "solved".into();
                // The library's one view: letters, walk, tiles, lengths.
                let view = sol.view(puzzle, &s.start);
                s.moves = view.moves;
                s.blank_path = view.blank_path;
                s.written = sol.written(puzzle, &s.start);
                s.tiles = view.tiles;
                s.mtm = view.mtm;
                s.stm = view.stm;
                s.length = view.length;
                s.metric = sol.metric.to_string();
                s.optimal = sol.optimal;
                s.algorithm = sol.algorithm;
                s.expanded = sol.stats.expanded;
                s.generated = sol.stats.generated;
                s.bound = sol.stats.bound;
                s.lower_bound = sol.stats.lower_bound;
                s.seconds = sol.stats.seconds;
                s.steps = sol.steps;
                s.turns = view.turns.iter().map(|t| (t.cycle, t.forward)).collect();
            }
            Outcome::Unsolvable(v) => {
                s.status = "unsolvable".into();
                s.reason = v.reason;
            }
            Outcome::Stopped {
                reason,
                algorithm,
                stats,
            } => {
                s.status = "stopped".into();
                s.reason = stop_message(reason, &stats);
                s.algorithm = algorithm;
                s.expanded = stats.expanded;
                s.generated = stats.generated;
                s.bound = stats.bound;
                s.lower_bound = stats.lower_bound;
                s.seconds = stats.seconds;
            }
        }
        s
    }
}

#[pymethods]
impl Solution {
    /// The start configuration.
    #[getter]
    fn start(&self) -> Configuration {
        Configuration {
            puzzle: self.puzzle.clone(),
            inner: self.start.clone(),
        }
    }

    /// The goal configuration.
    #[getter]
    fn goal(&self) -> Configuration {
        Configuration {
            puzzle: self.puzzle.clone(),
            inner: self.goal.clone(),
        }
    }

    /// Whether the instance was solved.
    #[getter]
    fn solved(&self) -> bool {
        self.status == "solved"
    }

    /// The solution as one animated SVG (SMIL), `move_seconds` per move.
    #[pyo3(signature = (move_seconds = 0.2))]
    fn animation(&self, move_seconds: f64) -> PyResult<String> {
        slidepuzzle::render::svg_animated(
            &self.puzzle,
            &self.start,
            &self.goal,
            &self.steps,
            &slidepuzzle::render::Style::default(),
            &slidepuzzle::render::Animation {
                move_seconds,
                ..slidepuzzle::render::Animation::default()
            },
        )
        .py_err()
    }

    /// Jupyter: the solution animated, with its summary.
    fn _repr_html_(&self) -> PyResult<String> {
        let summary = html_escape(&self.__str__());
        if !self.solved() {
            return Ok(format!("<p>{summary}</p>"));
        }
        Ok(format!(
            "<div><p>{summary}</p>{}</div>",
            self.animation(0.2).unwrap_or_default()
        ))
    }

    fn __len__(&self) -> usize {
        self.length
    }

    fn __bool__(&self) -> bool {
        self.solved()
    }

    fn __str__(&self) -> String {
        match self.status.as_str() {
            "solved" => {
                let written = match &self.moves {
                    Some(letters) => letters.clone(),
                    None if self.start.blanks().len() > 1 => format!("steps {}", self.written),
                    None => format!("blank path {}", self.written),
                };
                let mtm = self.mtm.map(|m| format!(", {m} MTM")).unwrap_or_default();
                format!(
                    "{written} ({} move{} STM{mtm}; {} in {})",
                    self.stm,
                    if self.stm == 1 { "" } else { "s" },
                    match self.lower_bound {
                        _ if self.optimal => "optimal".to_string(),
                        0 => "not proven optimal".to_string(),
                        lower => format!("not proven optimal, the optimum at least {lower}"),
                    },
                    self.metric.to_uppercase()
                )
            }
            status => format!("{status}: {}", self.reason),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(status={:?}, length={}, metric={:?}, optimal={}, moves={:?}, algorithm={:?})",
            self.status,
            self.length,
            self.metric,
            if self.optimal { "True" } else { "False" },
            self.moves.as_deref().unwrap_or(""),
            self.algorithm
        )
    }
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Solves one instance. Unsolvable instances raise `Unsolvable`, searches
/// stopped by a limit raise `LimitExceeded`, Ctrl-C raises
/// `KeyboardInterrupt`. `on_improvement(dict)` is called on the calling
/// thread with each shorter answer of an anytime solve, as the command
/// line's `{"improved"}` lines (an exception it raises stops the solve).
#[pyfunction]
#[pyo3(signature = (puzzle, start, goal, metric = "stm", algorithm = "auto", heuristic = "auto",
    timeout = None, max_nodes = None, max_memory_mb = None, single_thread = false,
    on_improvement = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    metric: &str,
    algorithm: &str,
    heuristic: &str,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    max_memory_mb: Option<u64>,
    single_thread: bool,
    on_improvement: Option<Py<PyAny>>,
) -> PyResult<Solution> {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut opts = options(
        metric,
        algorithm,
        heuristic,
        timeout,
        max_nodes,
        max_memory_mb,
        single_thread,
        cancel.clone(),
    )?;
    let pending = Pending::default();
    if on_improvement.is_some() {
        let sink = pending.clone();
        opts.limits.improvements =
            Some(ImprovementSink(Arc::new(move |found| sink.push(0, found))));
    }
    let (p, s, g) = (puzzle.inner.clone(), puzzle.own(start)?, puzzle.own(goal)?);
    let (s2, g2) = (s.clone(), g.clone());
    let (plan, outcome) = interruptible_ticking(
        py,
        Some(cancel),
        move || {
            let plan = solver().plan(&p, &g2, &opts)?;
            let outcome = solver().solve_with_plan(&p, &s2, &g2, &opts, &plan)?;
            Ok((plan, outcome))
        },
        |py| match &on_improvement {
            Some(f) => pending.deliver(py, f, false),
            None => Ok(()),
        },
    )?;
    let solution = Solution::new(&puzzle.inner, s, g, outcome, &plan);
    match solution.status.as_str() {
        "unsolvable" => Err(Unsolvable::new_err(solution.reason)),
        "stopped" => Err(LimitExceeded::new_err(solution.reason)),
        _ => Ok(solution),
    }
}

/// Configurations from a flat buffer of little-endian u16 cells, `n` per
/// configuration.
fn unpack(
    puzzle: &Puzzle,
    cells: &[u8],
    blanks: usize,
) -> PyResult<Vec<slidepuzzle::Configuration>> {
    let n = puzzle.inner.vertex_count();
    if !cells.len().is_multiple_of(2 * n) {
        return Err(crate::errors::to_py(Error::config(format!(
            "{} bytes of cells is not a whole number of {n}-cell configurations",
            cells.len()
        ))));
    }
    cells
        .chunks_exact(2 * n)
        .enumerate()
        .map(|(i, row)| {
            let c: Vec<u32> = row
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]) as u32)
                .collect();
            slidepuzzle::Configuration::from_cells(c, blanks)
                .map_err(|e| Error::config(format!("configuration {i}: {e}")))
                .py_err()
        })
        .collect()
}

/// Solves every configuration in `cells` (little-endian u16, one row of
/// `vertex_count` per instance) towards `goal` on all cores; one `Solution`
/// per instance, unsolved ones with their status. `timeout` is each
/// instance's budget; `on_improvement(index, dict)` is called on the
/// calling thread with each shorter answer of an instance's anytime solve.
#[pyfunction]
#[pyo3(signature = (puzzle, cells, goal, metric = "stm", algorithm = "auto", heuristic = "auto",
    timeout = None, max_nodes = None, max_memory_mb = None, on_improvement = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve_many(
    py: Python<'_>,
    puzzle: &Puzzle,
    cells: &[u8],
    goal: &Configuration,
    metric: &str,
    algorithm: &str,
    heuristic: &str,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    max_memory_mb: Option<u64>,
    on_improvement: Option<Py<PyAny>>,
) -> PyResult<Vec<Solution>> {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut opts = options(
        metric,
        algorithm,
        heuristic,
        None,
        max_nodes,
        max_memory_mb,
        false,
        cancel.clone(),
    )?;
    opts.single_thread = false;
    let pending = Pending::default();
    let sink = pending.clone();
    let many = ManyOptions {
        instance_timeout: timeout.map(Limits::timeout_seconds).transpose().py_err()?,
        on_done: None,
        on_improvement: on_improvement
            .as_ref()
            .map(|_| Arc::new(move |i: usize, found: &Improvement| sink.push(i, found)) as Arc<_>),
    };
    let goal = puzzle.own(goal)?;
    let starts = unpack(puzzle, cells, goal.blanks().len())?;
    let (p, g, st) = (puzzle.inner.clone(), goal.clone(), starts.clone());
    let result = interruptible_ticking(
        py,
        Some(cancel),
        move || solver().solve_many(&p, &st, &g, &opts, &many),
        |py| match &on_improvement {
            Some(f) => pending.deliver(py, f, true),
            None => Ok(()),
        },
    )?;
    result
        .outcomes
        .into_iter()
        .zip(starts)
        .map(|(o, s)| {
            Ok(Solution::new(
                &puzzle.inner,
                s,
                goal.clone(),
                o.py_err()?,
                &result.plan,
            ))
        })
        .collect()
}

/// Exact distances (optimal solution lengths in `metric`) of the
/// configurations in `cells` (as for `solve_many`) from `goal`, as
/// little-endian i32: -1 unreachable, -2 stopped by a limit. Returns the
/// bytes and how they were computed.
#[pyfunction]
#[pyo3(signature = (puzzle, cells, goal, metric = "stm", timeout = None, max_memory_mb = None, progress = None))]
#[allow(clippy::too_many_arguments)]
pub fn distances<'py>(
    py: Python<'py>,
    puzzle: &Puzzle,
    cells: &[u8],
    goal: &Configuration,
    metric: &str,
    timeout: Option<f64>,
    max_memory_mb: Option<u64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
    let cancel = Arc::new(AtomicBool::new(false));
    let opts = options(
        metric,
        "auto",
        "auto",
        None,
        None,
        max_memory_mb,
        false,
        cancel.clone(),
    )?;
    // Instances answered so far, for `progress(done, total)` (called with
    // the GIL at each poll while the work runs, and once at the end).
    let done = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let counter = done.clone();
    let many = ManyOptions {
        instance_timeout: timeout.map(Limits::timeout_seconds).transpose().py_err()?,
        on_done: Some(Arc::new(move |_| {
            counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        })),
        on_improvement: None,
    };
    let goal = puzzle.own(goal)?;
    let starts = unpack(puzzle, cells, goal.blanks().len())?;
    let total = starts.len() as u64;
    let p = puzzle.inner.clone();
    let mut shown = u64::MAX;
    let tick = |py: Python<'_>| -> PyResult<()> {
        let Some(f) = &progress else {
            return Ok(());
        };
        let now = done.load(std::sync::atomic::Ordering::Relaxed).min(total);
        if now != shown {
            shown = now;
            f.call1(py, (now, total))?;
        }
        Ok(())
    };
    let result = interruptible_ticking(
        py,
        Some(cancel),
        move || solver().distances(&p, &starts, &goal, &opts, &many),
        tick,
    )?;
    let mut out = Vec::with_capacity(result.values.len() * 4);
    for d in &result.values {
        let v: i32 = match d {
            Distance::Exact(x) => i32::try_from(*x).unwrap_or(i32::MAX),
            Distance::Unreachable => -1,
            Distance::Stopped(_) => -2,
        };
        out.extend_from_slice(&v.to_le_bytes());
    }
    Ok((PyBytes::new(py, &out), result.method))
}

/// The plan for `puzzle` and `goal` under these options, in words.
#[pyfunction]
#[pyo3(signature = (puzzle, goal, metric = "stm", algorithm = "auto", heuristic = "auto"))]
pub fn plan(
    puzzle: &Puzzle,
    goal: &Configuration,
    metric: &str,
    algorithm: &str,
    heuristic: &str,
) -> PyResult<String> {
    let opts = options(
        metric,
        algorithm,
        heuristic,
        None,
        None,
        None,
        false,
        Arc::new(AtomicBool::new(false)),
    )?;
    Ok(solver()
        .plan(&puzzle.inner, &puzzle.own(goal)?, &opts)
        .py_err()?
        .to_string())
}
