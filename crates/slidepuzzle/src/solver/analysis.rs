//! The front door's answers beyond one solution: every optimal solution
//! (or every one in a range of lengths), optimal distances along a user's
//! solution (where moves were lost), the moves that keep a position
//! optimal, and the shortening of a solution by optimal windows. All run
//! through [`Solver`]'s plan, tables and kernels, in the metric of the
//! options, and every path they hand out is replayed first. Solutions and
//! moves are steps `(from, to)`, for any number of blanks.

use super::answers::{
    Listed, Listing, MoveValue, Review, ReviewedMove, SolutionQuery, SolutionSink, Waste,
};
use super::facade::Solver;
use super::kernel::AllSolutions;
use super::options::SolveOptions;
use super::outcome::{Outcome, stop_message};
use super::plan::{Method, Plan};
use super::run::run_kernel;
use super::spec::{Algorithm, Heuristic};
use crate::error::{Error, Result};
use crate::model::{Configuration, Metric, Puzzle};
use crate::moves::{length_of_steps, moves_of, replay_steps, simplify_steps, split_steps};
use crate::search::StopReason;
use crate::search::enumerate::{Enumeration, Lengths};

/// The IDA* methods, the only ones that list solutions and give exact
/// distances cheaply.
fn is_ida(method: &Method) -> bool {
    matches!(
        method,
        Method::BoardIda { .. }
            | Method::BoardPatternIda { .. }
            | Method::MtmBoardIda { .. }
            | Method::MtmLineIda
            | Method::GraphIda
    )
}

impl Solver {
    /// The plan for exact answers (distances, listings): the automatic
    /// plan when it is optimal, IDA* instead of A* or BFS for listings.
    fn exact_plan(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        options: &SolveOptions,
        need_ida: bool,
    ) -> Result<(Plan, SolveOptions)> {
        puzzle.require_sliding("listings, move ratings, reviews and optimising")?;
        let plan = self.plan(puzzle, goal, options)?;
        let ok = plan.optimal && (!need_ida || is_ida(&plan.method));
        if ok {
            return Ok((plan, options.clone()));
        }
        if options.algorithm == Algorithm::Auto && plan.optimal {
            let ida = SolveOptions {
                algorithm: Algorithm::Ida,
                ..options.clone()
            };
            let plan = self.plan(puzzle, goal, &ida)?;
            if is_ida(&plan.method) {
                return Ok((plan, ida));
            }
        }
        let e = Error::Unsupported(format!(
            "this needs exact optimal distances, and {} on {} is not an optimal search{}",
            plan.name(),
            puzzle.spec(),
            if options.algorithm == Algorithm::Auto {
                " (IDA* gives them, and may take long on large puzzles)"
            } else {
                ""
            }
        ));
        Err(if options.algorithm == Algorithm::Auto {
            e.with_hint("algorithm", Some("ida"))
        } else {
            e
        })
    }

    /// The optimal distance from `start` to `goal` with a plan made by
    /// [`Solver::exact_plan`]; [`Error::Unsupported`] when the goal is
    /// unreachable.
    fn exact_distance(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
        plan: &Plan,
    ) -> Result<usize> {
        match self.solve_with_plan(puzzle, start, goal, options, plan)? {
            Outcome::Solved(s) if s.optimal => Ok(s.length),
            Outcome::Solved(s) => Err(Error::Internal(format!(
                "{} gave a solution not proven optimal",
                s.algorithm
            ))),
            Outcome::Unsolvable(v) => Err(Error::Unsupported(format!(
                "the goal cannot be reached from this configuration: {}",
                v.reason
            ))),
            Outcome::Stopped { reason, stats, .. } => Err(Error::Stopped {
                reason,
                message: stop_message(reason, &stats),
            }),
        }
    }

    /// Lists the solutions `query` asks for, shortest first, in the metric
    /// of `options`, calling `sink` with each one's steps `(from, to)`
    /// (replayed to the goal before the call), for any number of blanks;
    /// the sink returns `false` to stop. Each solution is listed once:
    /// solutions are the paths that never undo their previous move (STM)
    /// or sequences of maximal straight runs (MTM), so every optimal
    /// solution appears exactly once, and longer ones without an immediate
    /// reversal.
    ///
    /// The optimum is found first by the plan's IDA* (all its pruning and
    /// threads), then each length in range is searched to the end on one
    /// thread, with move pruning limited to reversals.
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, Puzzle, Solver, SolveOptions};
    /// use slidepuzzle::solver::{Listed, SolutionQuery};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let start = parse_configuration(&p, "1 2 3/4 5 6/0 7 8", 1).unwrap();
    /// let mut found = Vec::new();
    /// let Listed::Listed(l) = Solver::new().solutions(&p, &start, &p.default_goal(),
    ///     &SolveOptions::default(), &SolutionQuery { beyond_optimal: Some(2), ..Default::default() },
    ///     &mut |steps: &[(usize, usize)]| { found.push(steps.to_vec()); true }).unwrap() else { panic!() };
    /// assert_eq!(l.optimal_length, 2);
    /// assert_eq!(found[0], vec![(7, 6), (8, 7)]); // L2, the one optimal solution
    /// assert_eq!(l.count as usize, found.len());
    /// assert!(found[1..].iter().all(|p| p.len() == 4)); // then the 4-move ones
    /// ```
    ///
    /// # Errors
    /// As [`Solver::solve`]; [`Error::Unsupported`] when the plan is not an
    /// optimal search (the constructive solver on large puzzles).
    pub fn solutions(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
        query: &SolutionQuery,
        sink: &mut SolutionSink<'_>,
    ) -> Result<Listed> {
        let (plan, options) = self.exact_plan(puzzle, goal, options, true)?;
        // The solve checks reachability first and answers unsolvable.
        let optimum = match self.solve_with_plan(puzzle, start, goal, &options, &plan)? {
            Outcome::Solved(s) => s,
            Outcome::Unsolvable(v) => return Ok(Listed::Unsolvable(v)),
            Outcome::Stopped {
                reason,
                algorithm,
                stats,
            } => {
                return Ok(Listed::Listed(Listing {
                    optimal_length: 0,
                    count: 0,
                    complete: false,
                    algorithm,
                    stats,
                    stopped: Some(reason),
                }));
            }
        };
        let opt = u32::try_from(optimum.length).unwrap_or(u32::MAX);
        let first = query.min_length.unwrap_or(opt).max(opt);
        let last = match (query.max_length, query.beyond_optimal) {
            (Some(m), Some(b)) => Some(m.min(opt.saturating_add(b))),
            (Some(m), None) => Some(m),
            (None, Some(b)) => Some(opt.saturating_add(b)),
            (None, None) if query.max_count.is_some() => None,
            (None, None) => Some(first),
        };
        let max_count = query.max_count.unwrap_or(u64::MAX);
        let mut listed = 0u64;
        let mut failed: Option<Error> = None;
        let mut checked = |steps: &[(usize, usize)]| -> bool {
            let len = length_of_steps(puzzle, start, steps, options.metric);
            let reaches = replay_steps(puzzle, start, steps).map(|end| &end == goal);
            if len.is_none() || !matches!(reaches, Ok(true)) {
                failed = Some(Error::Internal(format!(
                    "a listed solution of {} steps does not reach the goal on replay",
                    steps.len()
                )));
                return false;
            }
            listed += 1;
            sink(steps) && listed < max_count
        };
        let lengths = Lengths {
            first,
            last,
            beyond_first: None,
        };
        // One node budget for the optimal search and the listing together.
        let mut listing_options = options.clone();
        listing_options.limits.max_nodes = options
            .limits
            .max_nodes
            .map(|m| m.saturating_sub(optimum.stats.expanded));
        let e = if last.is_some_and(|l| l < first) {
            Default::default()
        } else if listing_options.limits.max_nodes == Some(0) {
            Enumeration {
                stopped: Some(StopReason::MaxNodes),
                ..Default::default()
            }
        } else {
            run_kernel(
                &self.tables,
                puzzle,
                (start, goal),
                (plan.domain, &plan.method, plan.tables.as_ref()),
                &listing_options,
                AllSolutions {
                    limits: &listing_options.limits,
                    lengths,
                    sink: &mut checked,
                },
            )?
        };
        if let Some(e) = failed {
            return Err(e);
        }
        let mut stats = optimum.stats;
        stats.expanded += e.stats.expanded;
        stats.generated += e.stats.generated;
        stats.bound = e.stats.bound.max(stats.bound);
        stats.seconds += e.stats.seconds;
        let complete = match last {
            Some(l) => e.complete_through.is_some_and(|c| c >= l) || l < first,
            None => false,
        } && e.stopped.is_none();
        Ok(Listed::Listed(Listing {
            optimal_length: optimum.length,
            count: e.count,
            complete,
            algorithm: plan.name(),
            stats,
            stopped: e.stopped,
        }))
    }

    /// The analysis of a user's solution, given as steps `(from, to)` for
    /// any number of blanks: the optimal distance before each move (in the
    /// metric of `options`; MTM moves are maximal straight runs of one
    /// blank) and after the last, the moves that lost ground and by how
    /// much, and the total waste. One optimal search per move, all with
    /// the plan and tables of `goal`.
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, moves::parse_steps, Puzzle, Solver, SolveOptions};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let start = parse_configuration(&p, "1 2 3/4 5 6/0 7 8", 1).unwrap();
    /// let moves = parse_steps(&p, &start, "DULL").unwrap(); // 4 moves for a 2-move optimum
    /// let r = Solver::new().review(&p, &start, &p.default_goal(), &moves, &SolveOptions::default()).unwrap();
    /// assert_eq!(r.distances, vec![2, 3, 2, 1, 0]);
    /// assert_eq!(r.moves[0].loss, 2); // D went the wrong way
    /// assert_eq!(r.waste, 2);
    /// ```
    ///
    /// # Errors
    /// [`Error::Moves`] if the path is not legal from `start`;
    /// [`Error::Unsupported`] without an exact optimal plan, or for a goal
    /// unreachable from `start`, or MTM on a graph without directions;
    /// [`Error::Stopped`] when a limit stops one of the searches.
    pub fn review(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        steps: &[(usize, usize)],
        options: &SolveOptions,
    ) -> Result<Review> {
        replay_steps(puzzle, start, steps)?;
        let (plan, options) = self.exact_plan(puzzle, goal, options, false)?;
        let moves = split_steps(puzzle, start, steps, options.metric).ok_or_else(|| {
            Error::Unsupported("the multi-tile metric needs moves with directions".into())
        })?;
        let mut config = start.clone();
        let mut distances = vec![self.exact_distance(puzzle, &config, goal, &options, &plan)?];
        let mut reviewed = Vec::with_capacity(moves.len());
        for m in moves {
            config = replay_steps(puzzle, &config, &m)?;
            let before = *distances.last().unwrap_or(&0);
            let after = self.exact_distance(puzzle, &config, goal, &options, &plan)?;
            distances.push(after);
            reviewed.push(ReviewedMove {
                steps: m,
                before,
                after,
                loss: (1 + after).saturating_sub(before),
            });
        }
        let length = reviewed.len();
        Ok(Review {
            metric: options.metric,
            waste: reviewed.iter().map(|m| m.loss).sum(),
            distances,
            moves: reviewed,
            length,
        })
    }

    /// The total waste of a solution and nothing else (slidy-cli's
    /// `opt-diff`): one optimal search for the start, and one for the end
    /// when the moves do not reach the goal. [`Solver::review`] gives the
    /// distance before every move.
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, moves::parse_steps, Puzzle, Solver, SolveOptions};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let start = parse_configuration(&p, "1 2 3/4 5 6/0 7 8", 1).unwrap();
    /// let moves = parse_steps(&p, &start, "DULL").unwrap();
    /// let w = Solver::new().waste(&p, &start, &p.default_goal(), &moves, &SolveOptions::default()).unwrap();
    /// assert_eq!((w.length, w.optimal, w.remaining, w.waste), (4, 2, 0, 2));
    /// ```
    ///
    /// # Errors
    /// As [`Solver::review`].
    pub fn waste(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        steps: &[(usize, usize)],
        options: &SolveOptions,
    ) -> Result<Waste> {
        let end = replay_steps(puzzle, start, steps)?;
        let (plan, options) = self.exact_plan(puzzle, goal, options, false)?;
        let length = length_of_steps(puzzle, start, steps, options.metric).ok_or_else(|| {
            Error::Unsupported("the multi-tile metric needs moves with directions".into())
        })?;
        let optimal = self.exact_distance(puzzle, start, goal, &options, &plan)?;
        let remaining = if &end == goal {
            0
        } else {
            self.exact_distance(puzzle, &end, goal, &options, &plan)?
        };
        Ok(Waste {
            length,
            optimal,
            remaining,
            waste: (length + remaining).saturating_sub(optimal),
        })
    }

    /// Every move from `start` (in the metric of `options`, as steps, for
    /// any number of blanks: [`crate::moves::moves_of`]) with the optimal
    /// distance after it; the good ones keep the position optimal
    /// (distance one less than before). Also returns the distance before.
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, Puzzle, Solver, SolveOptions};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let start = parse_configuration(&p, "1 2 3/4 5 6/0 7 8", 1).unwrap();
    /// let (d, moves) = Solver::new().good_moves(&p, &start, &p.default_goal(), &SolveOptions::default()).unwrap();
    /// assert_eq!(d, 2);
    /// let good: Vec<_> = moves.iter().filter(|m| m.good).map(|m| m.steps.clone()).collect();
    /// assert_eq!(good, vec![vec![(7, 6)]]); // L: the tile right of the blank
    /// ```
    ///
    /// # Errors
    /// As [`Solver::review`].
    pub fn good_moves(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
    ) -> Result<(usize, Vec<MoveValue>)> {
        let (plan, options) = self.exact_plan(puzzle, goal, options, false)?;
        if options.metric == Metric::Mtm && !crate::moves::has_straight_lines(puzzle) {
            return Err(Error::Unsupported(
                "the multi-tile metric needs moves with directions".into(),
            ));
        }
        let before = self.exact_distance(puzzle, start, goal, &options, &plan)?;
        let mut out = Vec::new();
        for m in moves_of(puzzle, start, options.metric) {
            let next = replay_steps(puzzle, start, &m)?;
            let distance = self.exact_distance(puzzle, &next, goal, &options, &plan)?;
            out.push(MoveValue {
                steps: m,
                good: distance + 1 == before,
                distance,
            });
        }
        Ok((before, out))
    }

    /// Shortens a solution by optimal windows: every stretch of `window`
    /// moves (in the metric of `options`) is replaced by an optimal path
    /// between its two ends when that is shorter, sliding the window one
    /// move at a time, until a pass changes nothing. The result goes from
    /// `start` to the same configuration as `steps` and is never longer;
    /// any number of blanks.
    /// The windows' ends are arbitrary configurations, so each window is
    /// solved without pattern databases (Manhattan distance and linear
    /// conflict, or the walking distance in MTM): windows of a few dozen
    /// moves take microseconds.
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, moves::parse_steps, Puzzle, Solver, SolveOptions};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let start = p.default_goal();
    /// // Three times around a 2 x 2 block is the identity: 12 moves for nothing.
    /// let steps = parse_steps(&p, &start, "DRULDRULDRULD").unwrap();
    /// let short = Solver::new().optimize(&p, &start, &steps, 12, &SolveOptions::default()).unwrap();
    /// assert_eq!(short, parse_steps(&p, &start, "D").unwrap());
    /// ```
    ///
    /// # Errors
    /// [`Error::Moves`] for an illegal path; [`Error::Argument`] for a
    /// window below 2; as [`Solver::solve`] for the windows' searches.
    pub fn optimize(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        steps: &[(usize, usize)],
        window: usize,
        options: &SolveOptions,
    ) -> Result<Vec<(usize, usize)>> {
        let target = replay_steps(puzzle, start, steps)?;
        if window < 2 {
            return Err(Error::argument(
                "length",
                format!("a window of {window} moves cannot be shortened: give at least 2"),
            ));
        }
        let mut options = options.clone();
        if options.heuristic == Heuristic::Auto && puzzle.plain_board_size().is_some() {
            options.heuristic = match options.metric {
                Metric::Stm => Heuristic::LinearConflict,
                Metric::Mtm => Heuristic::WalkingDistance,
            };
        }
        let metric = options.metric;
        let mut moves = split_steps(puzzle, start, steps, metric).ok_or_else(|| {
            Error::Unsupported("the multi-tile metric needs moves with directions".into())
        })?;
        loop {
            let mut changed = false;
            let mut from = start.clone();
            let mut i = 0;
            while i + 1 < moves.len() {
                let j = i.saturating_add(window).min(moves.len());
                let stretch: Vec<(usize, usize)> = moves[i..j].concat();
                let to = replay_steps(puzzle, &from, &stretch)?;
                let (plan, o) = self.exact_plan(puzzle, &to, &options, false)?;
                if let Outcome::Solved(s) = self.solve_with_plan(puzzle, &from, &to, &o, &plan)?
                    && s.length < j - i
                {
                    let better = split_steps(puzzle, &from, &s.steps, metric)
                        .ok_or_else(|| Error::Internal("a window without directions".into()))?;
                    moves.splice(i..j, better);
                    changed = true;
                }
                if let Some(m) = moves.get(i) {
                    from = replay_steps(puzzle, &from, m)?;
                }
                i += 1;
            }
            if !changed {
                break;
            }
        }
        // Merging may have made neighbouring runs one (MTM) or a step and
        // its reversal adjacent (STM): normalise and check the end.
        let out = simplify_steps(&moves.concat());
        let end = replay_steps(puzzle, start, &out)?;
        let length = |p: &[(usize, usize)]| length_of_steps(puzzle, start, p, metric);
        if end != target || length(&out) > length(steps) {
            return Err(Error::Internal(
                "an optimised solution does not reach the same configuration".into(),
            ));
        }
        Ok(out)
    }
}
