//! [`Solver`], the front door every face uses: it plans with
//! [`super::decide`], carries the plan out with [`super::run`], and keeps
//! the tables it loads ([`super::tables`]).

use std::sync::Arc;
use std::time::Instant;

use super::decide::decide;
use super::options::SolveOptions;
use super::outcome::{Outcome, Written};
use super::plan::Plan;
use super::run::{execute, reachability};
use super::tables::{BuildStatus, EventSink, TableCache};
use crate::construct::board::{StreamReport, stream_board_solution_within};
use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};
use crate::search::{Limits, SearchStats};
use crate::store::TableStore;

/// Decides and solves. Holds the caller's table store, a sink for build
/// progress, and the tables loaded so far (a batch loads them once).
/// Cheap to share (`&Solver` across threads).
pub struct Solver {
    pub(super) tables: TableCache,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("store", &self.tables.store().is_some())
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A solver without a table store: tables are built in memory when a
    /// plan needs them (and kept for the solver's life).
    pub fn new() -> Self {
        Solver {
            tables: TableCache::new(),
        }
    }

    /// Keeps tables in `store` between runs.
    pub fn with_store(mut self, store: Arc<dyn TableStore>) -> Self {
        self.tables.set_store(store);
        self
    }

    /// Sends table messages and build progress to `sink`.
    pub fn with_events(mut self, sink: EventSink) -> Self {
        self.tables.set_events(sink);
        self
    }

    /// The table store, if any.
    pub fn store(&self) -> Option<&dyn TableStore> {
        self.tables.store()
    }

    /// Decides how to solve instances of `puzzle` towards `goal` with
    /// `options`, without searching: see the [module docs](super) for the
    /// automatic choice. Cheap (no table is loaded or built).
    ///
    /// # Errors
    /// [`Error::Argument`] for a heuristic the puzzle cannot use (pattern
    /// databases with an explicit partition on a graph), a bad partition;
    /// [`Error::Unsupported`] for the multi-tile metric off boards;
    /// [`Error::Limit`] for an optimal search on more than
    /// [`super::MAX_SEARCH_VERTICES`] vertices.
    pub fn plan(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        options: &SolveOptions,
    ) -> Result<Plan> {
        decide(&self.tables, puzzle, goal, options)
    }

    /// Loads or builds every table `plan` uses, so that later solves with
    /// it start at once (a batch calls this before timing instances).
    /// `limits` give the memory budget, and their deadline and cancel flag
    /// stop a build (nothing half-built is kept).
    ///
    /// # Errors
    /// As [`Solver::solve`] for tables; [`Error::Stopped`] when `limits`
    /// stop a build.
    pub fn prepare(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        plan: &Plan,
        limits: &Limits,
    ) -> Result<()> {
        match &plan.tables {
            Some(t) => self.tables.load(puzzle, goal, t, limits),
            None => Ok(()),
        }
    }

    /// The table builds under way in this solver now (oldest first): what
    /// each is building and how far it got (tables loaded from the store
    /// are not builds and are not listed). Cheap; a face that waits for a
    /// build (the web page's solve) polls it to show progress, whichever
    /// caller started the build.
    pub fn builds(&self) -> Vec<BuildStatus> {
        self.tables.builds()
    }

    /// Builds the better tables a plan left for later ([`Plan::later`]) and
    /// saves them to the store; does nothing without them. Concurrent
    /// callers wait for one build and then find its tables.
    ///
    /// # Errors
    /// As table builds: over the memory budget of `limits`, stopped by
    /// their deadline or cancel flag, or the store cannot be written.
    pub fn build_later(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        plan: &Plan,
        limits: &Limits,
    ) -> Result<()> {
        match &plan.later {
            Some(t) => self.tables.load_later(puzzle, goal, t, limits),
            None => Ok(()),
        }
    }

    /// Solves `start` -> `goal` on `puzzle` as [`Solver::plan`] decides,
    /// with any number of blanks: reachability first, then the plan's
    /// method, then the solution's replay.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for different numbers of blanks or a method
    /// that cannot handle the puzzle; as [`Solver::plan`]; table builds
    /// over the memory budget; [`Error::Internal`] if a found path fails
    /// its replay (a bug, never a wrong answer printed).
    pub fn solve(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
    ) -> Result<Outcome> {
        let plan = self.plan(puzzle, goal, options)?;
        self.solve_with_plan(puzzle, start, goal, options, &plan)
    }

    /// [`Solver::solve`] with a plan made before (by [`Solver::plan`] for
    /// the same puzzle, goal and options).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with_plan(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
        plan: &Plan,
    ) -> Result<Outcome> {
        execute(&self.tables, puzzle, (start, goal), options, plan)
    }

    /// Solves and writes the moves to `out` (slidysim letters with counts
    /// where the puzzle has directions, else the blank path, else the
    /// steps), followed by a newline. Constructive board solutions are
    /// streamed: the moves never sit in memory and are replayed as they are
    /// written, so a 1000 x 1000 board takes a few hundred MB. Nothing is
    /// written for an unsolvable or stopped instance.
    ///
    /// # Errors
    /// As [`Solver::solve`]; [`Error::Io`]-like write errors.
    pub fn solve_to_writer(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
        out: &mut (dyn std::io::Write + Send),
    ) -> Result<Written> {
        let plan = self.plan(puzzle, goal, options)?;
        if plan.streamed {
            return Self::stream(puzzle, (start, goal), options, &plan, out);
        }
        let outcome = self.solve_with_plan(puzzle, start, goal, options, &plan)?;
        let Outcome::Solved(s) = &outcome else {
            return Ok(Written::NotSolved(outcome));
        };
        writeln!(out, "{}", s.written(puzzle, start))
            .map_err(|e| Error::io(crate::construct::board::STREAM, e))?;
        Ok(Written::Solved {
            moves: s.steps.len() as u64,
            mtm: s.mtm_length(puzzle, start).map(|m| m as u64),
            optimal: s.optimal,
            streamed: false,
        })
    }

    /// A streamed plan's run: the constructive board solver writes its
    /// moves as it finds them.
    fn stream(
        puzzle: &Puzzle,
        (start, goal): (&Configuration, &Configuration),
        options: &SolveOptions,
        plan: &Plan,
        out: &mut (dyn std::io::Write + Send),
    ) -> Result<Written> {
        let verdict = reachability(puzzle, start, goal)?;
        if !verdict.solvable {
            return Ok(Written::NotSolved(Outcome::Unsolvable(verdict)));
        }
        let clock = Instant::now();
        match stream_board_solution_within(puzzle, start, goal, out, &options.limits) {
            Ok(StreamReport { moves, mtm }) => Ok(Written::Solved {
                moves,
                mtm: Some(mtm),
                optimal: false,
                streamed: true,
            }),
            Err(Error::Stopped { reason, .. }) => Ok(Written::NotSolved(Outcome::Stopped {
                reason,
                algorithm: plan.name(),
                stats: SearchStats {
                    seconds: clock.elapsed().as_secs_f64(),
                    ..SearchStats::default()
                },
            })),
            Err(e) => Err(e),
        }
    }
}

/// Solves with a fresh [`Solver`] without a table store (tables, when the
/// plan needs them, are built in memory).
///
/// # Errors
/// As [`Solver::solve`].
pub fn solve(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Outcome> {
    Solver::new().solve(puzzle, start, goal, options)
}
