//! Many instances at once, for every face that takes a batch (`solve
//! --file`, the Python package's `solve_many` and `distances`):
//!
//! - [`Solver::solve_many`]: one plan for the batch, its tables loaded (or
//!   the better tables built, once) before the first instance, then the
//!   instances on all of rayon's threads, each replayed like any solve;
//! - [`Solver::distances`]: exact distance labels. Where the whole state
//!   space fits a one-byte-per-configuration table
//!   ([`DistanceTable`]) and the batch is large enough to pay for it, one
//!   breadth-first search answers every instance; elsewhere each instance
//!   is solved optimally as [`Solver::solve_many`] does.

use std::sync::Arc;
use std::time::Duration;

use rayon::prelude::*;

use super::facade::Solver;
use super::options::SolveOptions;
use super::outcome::Outcome;
use super::plan::Plan;
use super::spec::Algorithm;
use crate::error::{Error, Result};
use crate::explore::distance_table::DistanceTable;
use crate::model::{Configuration, Puzzle};
use crate::search::{Improvement, ImprovementSink, StopReason};

/// Distance tables with at most this many entries (bytes) are always
/// built for [`Solver::distances`]: 4 MiB, a few milliseconds to tens of
/// milliseconds (the 8-puzzle's 181,440 entries take about 5 ms).
pub const SMALL_DISTANCE_TABLE: u64 = 1 << 22;

/// Larger tables, up to this many entries (256 MiB, the 3x4 board's 239 M),
/// are built only for batches of at least one instance per
/// [`DISTANCE_TABLE_ENTRIES_PER_INSTANCE`] entries.
pub const LARGE_DISTANCE_TABLE: u64 = 1 << 28;

/// See [`LARGE_DISTANCE_TABLE`]: a search per instance costs about as much
/// as this many table entries.
pub const DISTANCE_TABLE_ENTRIES_PER_INSTANCE: u64 = 1_000;

/// Receives an instance's index and each shorter answer of its anytime
/// solve ([`ManyOptions::on_improvement`]).
pub type InstanceImprovements = Arc<dyn Fn(usize, &Improvement) + Send + Sync>;

/// How a batch is run, beyond the [`SolveOptions`] of each instance.
#[derive(Clone, Default)]
pub struct ManyOptions {
    /// A time limit per instance, starting when the instance does (the
    /// options' own deadline, if any, still bounds the whole batch); also
    /// the budget of an anytime solve ([`crate::Limits::improve_for`]).
    pub instance_timeout: Option<Duration>,
    /// Called after each instance with its index (for progress bars), from
    /// whichever thread solved it.
    pub on_done: Option<Arc<dyn Fn(usize) + Send + Sync>>,
    /// Called with an instance's index and each shorter answer its
    /// anytime solve finds ([`crate::Limits::improvements`] of one
    /// instance), from whichever thread solves it.
    pub on_improvement: Option<InstanceImprovements>,
}

impl std::fmt::Debug for ManyOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManyOptions")
            .field("instance_timeout", &self.instance_timeout)
            .field("on_done", &self.on_done.is_some())
            .field("on_improvement", &self.on_improvement.is_some())
            .finish()
    }
}

/// What [`Solver::solve_many`] returns.
#[derive(Debug)]
pub struct Many {
    /// The plan every instance was solved with.
    pub plan: Plan,
    /// One outcome per start, in the order given; an instance's error
    /// (such as a configuration of another puzzle) stays with it.
    pub outcomes: Vec<Result<Outcome>>,
}

/// One exact distance label ([`Solver::distances`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distance {
    /// The optimal number of moves, in the options' metric.
    Exact(u32),
    /// The goal cannot be reached from this configuration.
    Unreachable,
    /// A limit stopped this instance's search first.
    Stopped(StopReason),
}

/// What [`Solver::distances`] returns.
#[derive(Debug)]
pub struct Distances {
    /// One label per configuration, in the order given.
    pub values: Vec<Distance>,
    /// How they were computed: `"distance table"` (one complete search)
    /// or the plan's name (one optimal search per configuration).
    pub method: String,
}

impl Solver {
    /// Solves every start towards one goal: plans once, loads the plan's
    /// tables once (with more than one start, builds the better tables a
    /// plan leaves for later first, [`Plan::later`]), then solves the
    /// starts on all of rayon's threads. Each solution is replayed, as in
    /// [`Solver::solve`].
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, Outcome, Puzzle, SolveOptions, Solver};
    /// use slidepuzzle::solver::many::ManyOptions;
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let starts: Vec<_> = ["1 2 3/4 5 6/7 0 8", "8 6 7/2 5 4/3 0 1"]
    ///     .iter().map(|s| parse_configuration(&p, s, 1).unwrap()).collect();
    /// let many = Solver::new()
    ///     .solve_many(&p, &starts, &p.default_goal(), &SolveOptions::default(), &ManyOptions::default())
    ///     .unwrap();
    /// let lengths: Vec<usize> = many.outcomes.iter().map(|o| match o {
    ///     Ok(Outcome::Solved(s)) => s.length,
    ///     other => panic!("{other:?}"),
    /// }).collect();
    /// assert_eq!(lengths, [1, 31]);
    /// ```
    ///
    /// # Errors
    /// As [`Solver::plan`] and table builds, for the batch as a whole.
    pub fn solve_many(
        &self,
        puzzle: &Puzzle,
        starts: &[Configuration],
        goal: &Configuration,
        options: &SolveOptions,
        many: &ManyOptions,
    ) -> Result<Many> {
        let limits = &options.limits;
        let mut plan = self.plan(puzzle, goal, options)?;
        if plan.later_up_front().is_some() && starts.len() > 1 {
            // A batch pays once for the better tables.
            self.build_later(puzzle, goal, &plan, limits)?;
            plan = self.plan(puzzle, goal, options)?;
        }
        self.prepare(puzzle, goal, &plan, limits)?;
        let outcomes = starts
            .par_iter()
            .enumerate()
            .map(|(i, start)| {
                let mut opts = options.clone();
                if let Some(t) = many.instance_timeout {
                    let own = std::time::Instant::now() + t;
                    opts.limits.deadline = Some(opts.limits.deadline.map_or(own, |d| d.min(own)));
                    // The instance's budget is also its anytime budget.
                    opts.limits.improve_for = Some(t);
                }
                if let Some(f) = &many.on_improvement {
                    let f = f.clone();
                    opts.limits.improvements =
                        Some(ImprovementSink(Arc::new(move |found| f(i, found))));
                }
                let outcome = self.solve_with_plan(puzzle, start, goal, &opts, &plan);
                if let Some(f) = &many.on_done {
                    f(i);
                }
                outcome
            })
            .collect();
        Ok(Many { plan, outcomes })
    }

    /// The exact distance from each start to `goal`, in the options'
    /// metric: the optimal solution lengths, for training and testing
    /// learned heuristics.
    ///
    /// The decision (under [`Algorithm::Auto`]): a complete
    /// [`DistanceTable`] when the puzzle has one blank, at most 21
    /// vertices, a table within the memory budget, and either at most
    /// [`SMALL_DISTANCE_TABLE`] entries or at most [`LARGE_DISTANCE_TABLE`]
    /// with a batch of one instance per
    /// [`DISTANCE_TABLE_ENTRIES_PER_INSTANCE`] entries; the table is kept
    /// for the solver's life. Otherwise (or with an explicit algorithm)
    /// each start is solved by [`Solver::solve_many`], whose plan must be
    /// optimal. Unreachable starts are told by the table itself (it holds
    /// exactly the reachable configurations), or by the solver's check in
    /// O(V + E).
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, Puzzle, SolveOptions, Solver};
    /// use slidepuzzle::solver::many::{Distance, ManyOptions};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let starts: Vec<_> = ["8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/8 7 0"]
    ///     .iter().map(|s| parse_configuration(&p, s, 1).unwrap()).collect();
    /// let d = Solver::new()
    ///     .distances(&p, &starts, &p.default_goal(), &SolveOptions::default(), &ManyOptions::default())
    ///     .unwrap();
    /// assert_eq!(d.values, [Distance::Exact(31), Distance::Unreachable]);
    /// assert_eq!(d.method, "distance table");
    /// ```
    ///
    /// # Errors
    /// [`Error::Unsupported`] when the plan for this puzzle is not optimal
    /// (the constructive solvers of large puzzles); as
    /// [`Solver::solve_many`] and [`DistanceTable::build`].
    pub fn distances(
        &self,
        puzzle: &Puzzle,
        starts: &[Configuration],
        goal: &Configuration,
        options: &SolveOptions,
        many: &ManyOptions,
    ) -> Result<Distances> {
        if let Some(table) = self.distance_table(puzzle, goal, options, starts.len())? {
            let values = starts
                .par_iter()
                .enumerate()
                .map(|(i, start)| {
                    if start.len() != puzzle.vertex_count() {
                        return Err(Error::config(format!(
                            "configuration {i} has {} cells but {} has {}",
                            start.len(),
                            puzzle.spec(),
                            puzzle.vertex_count()
                        )));
                    }
                    let label = table
                        .distance(start)
                        .map_or(Distance::Unreachable, Distance::Exact);
                    if let Some(f) = &many.on_done {
                        f(i);
                    }
                    Ok(label)
                })
                .collect::<Result<Vec<_>>>()?;
            return Ok(Distances {
                values,
                method: "distance table".into(),
            });
        }
        let plan = self.plan(puzzle, goal, options)?;
        if !plan.optimal {
            return Err(Error::Unsupported(format!(
                "exact distances on {} need an optimal search, and the plan is {} ({}); \
                 ask for one with an optimal algorithm (ida, astar)",
                puzzle.spec(),
                plan.name(),
                plan.reason.trim_end_matches('.')
            )));
        }
        let solved = self.solve_many(puzzle, starts, goal, options, many)?;
        let values = solved
            .outcomes
            .into_iter()
            .map(|o| {
                Ok(match o? {
                    Outcome::Solved(s) => Distance::Exact(s.length as u32),
                    Outcome::Unsolvable(_) => Distance::Unreachable,
                    Outcome::Stopped { reason, .. } => Distance::Stopped(reason),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Distances {
            values,
            method: solved.plan.name(),
        })
    }

    /// The complete distance table [`Solver::distances`] uses for this
    /// batch, or `None` when one search per instance is the better choice.
    fn distance_table(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        options: &SolveOptions,
        instances: usize,
    ) -> Result<Option<Arc<DistanceTable>>> {
        // A table is searched forward from the goal: on one-way puzzles
        // that would give distances from the goal, not solution lengths.
        if options.algorithm != Algorithm::Auto
            || goal.blanks().len() != 1
            || puzzle.digraph().is_some()
            || puzzle.turns().is_some()
            || puzzle.exchanges().is_some()
        {
            return Ok(None);
        }
        let Ok(entries) = DistanceTable::bytes_needed(puzzle, goal) else {
            return Ok(None);
        };
        let worth_it = entries <= SMALL_DISTANCE_TABLE
            || (entries <= LARGE_DISTANCE_TABLE
                && instances as u64 >= entries / DISTANCE_TABLE_ENTRIES_PER_INSTANCE);
        if !worth_it || entries > options.limits.max_memory {
            return Ok(None);
        }
        match self
            .tables
            .distances(puzzle, goal, options.metric, &options.limits, || {
                DistanceTable::build(puzzle, goal, options.metric, &options.limits)
            }) {
            Ok(table) => Ok(Some(table)),
            // Distances beyond a byte, or MTM without lines: search instead
            // (the search gives the same refusal for the latter).
            Err(Error::Unsupported(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }
}
