//! The JSON records the command line prints (`--json`) and the web API
//! returns. Field names are part of the interface, and one name means one
//! thing in every record: `length` is a length in the record's `metric`,
//! `stm` and `mtm` the single-tile and multi-tile lengths, `moves` slidysim
//! letters (null where some move has no letter), `blank_path` the vertices
//! the blank visits *including its start* (empty with several blanks),
//! `steps` each single-tile move as the tile's `[from, to]` vertices,
//! `optimal` whether a length is proven optimal, `stopped` the limit that
//! stopped a search (`max_nodes`, `timeout`, ...) with `message` in words.
//! The committed JSON Schema `docs/schema/records.schema.json` describes
//! every record, and the CLI's and the web crate's tests validate every
//! `--json` output and every API answer against it. The faces serialise
//! these records and compute nothing of their own; a solution's part is
//! [`SolutionView`] ([`crate::solver::Solution::view`]).

use crate::model::{Configuration, Metric, Puzzle};
use crate::moves::{walk_of_steps, write_steps};
use crate::search::SearchStats;
use crate::search::StopReason;
use crate::solver::{MoveValue, SolutionView, stop_message};
use crate::solver::{Outcome, Plan};
use serde::Serialize;

/// The record for one solved, unsolvable or stopped instance (`solve
/// --json`, one per instance; `/api/solve`).
///
/// - solved: `{"id", "solvable": true, "solved": true, "metric",
///   "optimal" (in that metric), "lower_bound" (a proven lower bound on
///   the optimum in that metric: the length when optimal, 0 when the
///   method proves none), the solution ([`SolutionView`]: "length",
///   "moves", "blank_path", "tiles", "steps", "stm", "mtm"), "algorithm",
///   "expanded", "generated", "seconds", "plan", "method"}` (`plan` and
///   `method` when the plan is known);
/// - unsolvable: `{"id", "solvable": false, "reason", "plan"}`;
/// - stopped by a limit: `{"id", "solvable": true, "solved": false,
///   "stopped", "message", "algorithm", "bound", "lower_bound", "expanded",
///   "generated", "seconds", "plan"}`.
#[derive(Serialize, Debug)]
#[serde(untagged)]
pub enum SolveRecord {
    /// Solved.
    Solved {
        /// The instance's id.
        id: String,
        /// Always true.
        solvable: bool,
        /// Always true.
        solved: bool,
        /// The metric the solve was asked in (`stm` or `mtm`): `length`
        /// and `optimal` refer to it.
        metric: Metric,
        /// Whether the length in `metric` is proven optimal.
        optimal: bool,
        /// A proven lower bound on the optimal length in `metric` (the
        /// length when optimal; 0 when the method proves none).
        lower_bound: u32,
        /// The solution.
        #[serde(flatten)]
        solution: SolutionView,
        /// The method's short name.
        algorithm: String,
        /// Nodes expanded.
        expanded: u64,
        /// Nodes generated.
        generated: u64,
        /// Wall-clock seconds.
        seconds: f64,
        /// The plan in words.
        #[serde(skip_serializing_if = "Option::is_none")]
        plan: Option<String>,
        /// What answered, in plain words ([`Plan::in_words_for`]).
        #[serde(skip_serializing_if = "Option::is_none")]
        method: Option<String>,
    },
    /// The goal cannot be reached.
    Unsolvable {
        /// The instance's id.
        id: String,
        /// Always false.
        solvable: bool,
        /// Why not.
        reason: String,
        /// The plan in words.
        #[serde(skip_serializing_if = "Option::is_none")]
        plan: Option<String>,
    },
    /// A limit stopped the search.
    Stopped {
        /// The instance's id.
        id: String,
        /// Always true.
        solvable: bool,
        /// Always false.
        solved: bool,
        /// Which limit.
        stopped: StopReason,
        /// How far the search got, in words.
        message: String,
        /// The method's short name.
        algorithm: String,
        /// The last bound (IDA*) or depth (A*, BFS).
        bound: u32,
        /// A proven lower bound on the optimal length (0 when none).
        lower_bound: u32,
        /// Nodes expanded.
        expanded: u64,
        /// Nodes generated.
        generated: u64,
        /// Wall-clock seconds.
        seconds: f64,
        /// The plan in words.
        #[serde(skip_serializing_if = "Option::is_none")]
        plan: Option<String>,
    },
}

impl SolveRecord {
    /// The record of `outcome` for the instance `id` solved from `start`.
    pub fn new(
        id: &str,
        puzzle: &Puzzle,
        start: &Configuration,
        outcome: &Outcome,
        plan: Option<&Plan>,
    ) -> Self {
        let id = id.to_string();
        let method = plan.map(|p| match outcome {
            Outcome::Solved(s) => p.in_words_for(s),
            _ => p.in_words(),
        });
        let plan = plan.map(|p| p.to_string());
        match outcome {
            Outcome::Solved(s) => SolveRecord::Solved {
                id,
                solvable: true,
                solved: true,
                metric: s.metric,
                optimal: s.optimal,
                lower_bound: s.stats.lower_bound,
                solution: s.view(puzzle, start),
                algorithm: s.algorithm.clone(),
                expanded: s.stats.expanded,
                generated: s.stats.generated,
                seconds: s.stats.seconds,
                plan,
                method,
            },
            Outcome::Unsolvable(v) => SolveRecord::Unsolvable {
                id,
                solvable: false,
                reason: v.reason.clone(),
                plan,
            },
            Outcome::Stopped {
                reason,
                algorithm,
                stats,
            } => SolveRecord::Stopped {
                id,
                solvable: true,
                solved: false,
                stopped: *reason,
                message: stop_message(*reason, stats),
                algorithm: algorithm.clone(),
                bound: stats.bound,
                lower_bound: stats.lower_bound,
                expanded: stats.expanded,
                generated: stats.generated,
                seconds: stats.seconds,
                plan,
            },
        }
    }
}

/// One instance's listing (`solve --all-optimal`, `--count`,
/// `--beyond-optimal`, `--min-depth`, `--max-depth`, `--count-only` with
/// `--json`): `{"id", "solvable", "reason" (unsolvable), "metric",
/// "length" (the optimal length in `metric`; absent when unsolvable or
/// when a limit stopped the search first), "solutions" (each a
/// [`SolutionView`], shortest first; left out with `--count-only`),
/// "count", "complete", "stopped" and "message" (when a limit stopped the
/// listing), "algorithm", "expanded", "generated", "seconds"}`.
#[derive(Serialize, Debug)]
pub struct ListingRecord<'a> {
    /// The instance's id.
    pub id: &'a str,
    /// Whether the goal can be reached.
    pub solvable: bool,
    /// Why not, when it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The metric lengths count in.
    pub metric: Metric,
    /// The optimal length in `metric` (absent when a limit stopped the
    /// search first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// The solutions, shortest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<SolutionView>>,
    /// How many solutions were found.
    pub count: u64,
    /// Whether every solution in range was listed.
    pub complete: bool,
    /// The limit that stopped the listing, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<StopReason>,
    /// How far the search got, in words, when a limit stopped it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The method's short name.
    pub algorithm: String,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl<'a> ListingRecord<'a> {
    /// The listing of an instance that cannot reach the goal.
    pub fn unsolvable(id: &'a str, metric: Metric, reason: &str) -> Self {
        ListingRecord {
            id,
            solvable: false,
            reason: Some(reason.to_string()),
            metric,
            length: None,
            solutions: None,
            count: 0,
            complete: true,
            stopped: None,
            message: None,
            algorithm: String::new(),
            expanded: 0,
            generated: 0,
            seconds: 0.0,
        }
    }

    /// The listing of `listing`'s counts with these `solutions` (None
    /// with `--count-only`).
    pub fn listed(
        id: &'a str,
        metric: Metric,
        listing: &crate::solver::Listing,
        solutions: Option<Vec<SolutionView>>,
    ) -> Self {
        let stats: &SearchStats = &listing.stats;
        ListingRecord {
            id,
            solvable: true,
            reason: None,
            metric,
            length: listing.stopped.is_none().then_some(listing.optimal_length),
            solutions,
            count: listing.count,
            complete: listing.complete,
            stopped: listing.stopped,
            message: listing.stopped.map(|r| stop_message(r, stats)),
            algorithm: listing.algorithm.clone(),
            expanded: stats.expanded,
            generated: stats.generated,
            seconds: stats.seconds,
        }
    }
}

/// One move from a position (`solve --good-moves --json`): `{"move",
/// "blank_path", "distance", "good"}`.
#[derive(Serialize, Debug)]
pub struct MoveValueRecord {
    /// The move as written: letters on boards, else the blank path with
    /// its start (`9-4`), or `FROM>TO` steps with several blanks.
    #[serde(rename = "move")]
    pub spelled: String,
    /// The vertices the blank visits in the move, its start first; empty
    /// with several blanks.
    pub blank_path: Vec<usize>,
    /// The move's single-tile steps `(from, to)`.
    pub steps: Vec<(usize, usize)>,
    /// Optimal distance after the move.
    pub distance: usize,
    /// Whether the move keeps the position optimal.
    pub good: bool,
}

impl MoveValueRecord {
    /// The record of the rated move `m` from `start`.
    pub(crate) fn new(puzzle: &Puzzle, start: &Configuration, m: &MoveValue) -> Self {
        MoveValueRecord {
            spelled: write_steps(puzzle, start, &m.steps),
            blank_path: walk_of_steps(start, &m.steps),
            steps: m.steps.clone(),
            distance: m.distance,
            good: m.good,
        }
    }
}

/// `solve --good-moves --json`: `{"metric", "distance" (the position's
/// optimal distance), "good" (the good moves as written), "moves" (every
/// move, a [`MoveValueRecord`])}`.
#[derive(Serialize, Debug)]
pub struct GoodMovesRecord {
    /// The metric.
    pub metric: Metric,
    /// Optimal distance of the position.
    pub distance: usize,
    /// The moves that keep it optimal.
    pub good: Vec<String>,
    /// Every move.
    pub moves: Vec<MoveValueRecord>,
}

impl GoodMovesRecord {
    /// The record of [`crate::Solver::good_moves`]' answer from `start`:
    /// the position's distance `before` in `metric` and each rated move.
    pub fn new(
        puzzle: &Puzzle,
        start: &Configuration,
        metric: Metric,
        (before, moves): (usize, &[MoveValue]),
    ) -> Self {
        let moves: Vec<MoveValueRecord> = moves
            .iter()
            .map(|m| MoveValueRecord::new(puzzle, start, m))
            .collect();
        GoodMovesRecord {
            metric,
            distance: before,
            good: moves
                .iter()
                .filter(|m| m.good)
                .map(|m| m.spelled.clone())
                .collect(),
            moves,
        }
    }
}

/// `review --json`: `{"metric", "length", "distance" (the scramble's
/// optimal distance), "solved", "distances" (before each move and after
/// the last), "losses", "moves" (each move as written), "waste"}`.
#[derive(Serialize, Debug)]
pub struct ReviewRecord<'a> {
    /// The metric.
    pub metric: Metric,
    /// The solution's length in `metric`.
    pub length: usize,
    /// The optimal distance of the scramble.
    pub distance: usize,
    /// Whether the moves end at the goal.
    pub solved: bool,
    /// Optimal distance before each move, and after the last.
    pub distances: &'a [usize],
    /// Moves lost at each move.
    pub losses: Vec<usize>,
    /// Each move as written (letters, or the blank path with its start).
    pub moves: &'a [String],
    /// Total moves lost.
    pub waste: usize,
}

/// `optimize --json`: `{"metric", "before", "after" (the lengths in
/// `metric`), and the shortened solution ([`SolutionView`]: "length",
/// "moves", "blank_path", "tiles", "steps", "stm", "mtm")}`.
#[derive(Serialize, Debug)]
pub struct OptimizeRecord {
    /// The metric.
    pub metric: Metric,
    /// Length before.
    pub before: usize,
    /// Length after.
    pub after: usize,
    /// The shortened solution.
    #[serde(flatten)]
    pub solution: SolutionView,
}

/// `review --summary --json`: `{"metric", "length", "distance" (the
/// scramble's optimal distance), "solved", "remaining", "waste"}`.
#[derive(Serialize, Debug)]
pub struct WasteRecord {
    /// The metric.
    pub metric: Metric,
    /// The solution's length in `metric`.
    pub length: usize,
    /// The optimal distance of the scramble.
    pub distance: usize,
    /// Whether the moves end at the goal.
    pub solved: bool,
    /// Optimal distance left at the end.
    pub remaining: usize,
    /// Total moves lost.
    pub waste: usize,
}

/// One shorter answer of an anytime solve, as it is found (`solve --json`
/// prints one a line before the instance's record):
/// `{"id", "improved": {"length", "lower_bound", "gap", "algorithm",
/// "seconds"}}`, lengths in single-tile moves, `gap` = `length -
/// lower_bound` (the most the answer may be above the optimum), `seconds`
/// since the solve started. The moves come with the final record, replayed.
#[derive(Serialize, Debug)]
pub struct ImprovementRecord {
    /// The instance's id, as in its [`SolveRecord`].
    pub id: String,
    /// The answer found.
    pub improved: ImprovedAnswer,
}

/// The body of an [`ImprovementRecord`].
#[derive(Serialize, Debug)]
pub struct ImprovedAnswer {
    /// Its length in the solve's metric.
    pub length: usize,
    /// The proven lower bound on the optimum (0: none yet).
    pub lower_bound: u32,
    /// `length - lower_bound`.
    pub gap: usize,
    /// The search that found it.
    pub algorithm: String,
    /// Seconds since the solve started.
    pub seconds: f64,
}

impl From<&crate::search::Improvement> for ImprovedAnswer {
    fn from(i: &crate::search::Improvement) -> Self {
        ImprovedAnswer {
            length: i.length,
            lower_bound: i.lower_bound,
            gap: i.length.saturating_sub(i.lower_bound as usize),
            algorithm: i.algorithm.clone(),
            seconds: i.seconds,
        }
    }
}

impl ImprovementRecord {
    /// The record of `improvement` for instance `id`.
    pub fn new(id: &str, improvement: &crate::search::Improvement) -> Self {
        ImprovementRecord {
            id: id.to_string(),
            improved: improvement.into(),
        }
    }
}
