//! The JSON records the command line prints (`solve --json`, one per
//! instance) and the web API returns. Field names are part of the
//! interface; the library's types are translated here, at the edge.

use serde::Serialize;
use slidepuzzle::model::{Configuration, Metric, Puzzle};
use slidepuzzle::moves::{letters, mtm_length, tiles_moved};
use slidepuzzle::solver::stop_message;
use slidepuzzle::{Outcome, Plan, StopReason};

/// The record for one solved, unsolvable or stopped instance.
///
/// - solved: `{"id", "solvable": true, "solved": true, "length" (in
///   "metric", as the library's `Solution::length`), "metric", "optimal" (in that metric), "lower_bound" (a proven lower
///   bound on the optimum in that metric: the length when optimal, 0 when
///   the method proves none), "moves" (slidysim letters, or null where some move has no
///   letter), "blank_path" (empty with several blanks), "tiles",
///   "steps" (`[[from, to], ...]`, the tile's vertices), "stm", "mtm"
///   (null off boards and with several blanks),
///   "algorithm", "expanded", "generated", "seconds", "plan", "method"}`
///   (`plan` and `method` when the plan is known);
/// - unsolvable: `{"id", "solvable": false, "reason", "plan"}`;
/// - stopped by a limit: `{"id", "solvable": true, "solved": false,
///   "stopped", "message", "algorithm", "bound", "lower_bound", "expanded", "generated",
///   "seconds", "plan"}`.
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
        /// The length in `metric` (single-tile moves in STM, straight runs
        /// in MTM); `stm` and `mtm` give both.
        length: usize,
        /// The metric the solve was asked in (`stm` or `mtm`): `optimal`
        /// refers to it.
        metric: Metric,
        /// Whether the length in `metric` is proven optimal.
        optimal: bool,
        /// A proven lower bound on the optimal length in `metric` (the
        /// length when optimal; 0 when the method proves none).
        lower_bound: u32,
        /// slidysim letters with counts, where every move has a letter.
        moves: Option<String>,
        /// Vertices the blank visits after its start.
        blank_path: Vec<usize>,
        /// The tile moved at each step.
        tiles: Vec<u32>,
        /// Each step as the tile's `[from, to]` vertices (any number of
        /// blanks; with several blanks the blank path is empty).
        steps: Vec<(usize, usize)>,
        /// Single-tile moves (= length in STM).
        stm: usize,
        /// Multi-tile moves (straight runs), on puzzles with directions.
        mtm: Option<usize>,
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
        /// The method in plain words ([`Plan::in_words`]).
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
        let method = plan.map(|p| p.in_words());
        let plan = plan.map(|p| p.to_string());
        match outcome {
            Outcome::Solved(s) if start.blanks().len() > 1 => SolveRecord::Solved {
                id,
                solvable: true,
                solved: true,
                length: s.length,
                metric: s.metric,
                optimal: s.optimal,
                lower_bound: s.stats.lower_bound,
                moves: None,
                blank_path: Vec::new(),
                tiles: slidepuzzle::moves::tiles_of_steps(start, &s.steps),
                steps: s.steps.clone(),
                stm: s.steps.len(),
                mtm: None,
                algorithm: s.algorithm.clone(),
                expanded: s.stats.expanded,
                generated: s.stats.generated,
                seconds: s.stats.seconds,
                plan,
                method,
            },
            Outcome::Solved(s) => {
                let blank = start.blank();
                SolveRecord::Solved {
                    id,
                    solvable: true,
                    solved: true,
                    length: s.length,
                    metric: s.metric,
                    optimal: s.optimal,
                    lower_bound: s.stats.lower_bound,
                    moves: letters(puzzle, blank, &s.blank_path),
                    blank_path: s.blank_path.clone(),
                    tiles: tiles_moved(start, &s.blank_path),
                    steps: s.steps.clone(),
                    stm: s.blank_path.len(),
                    mtm: mtm_length(puzzle, blank, &s.blank_path),
                    algorithm: s.algorithm.clone(),
                    expanded: s.stats.expanded,
                    generated: s.stats.generated,
                    seconds: s.stats.seconds,
                    plan,
                    method,
                }
            }
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

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("records serialise")
    }
}

/// One instance's listing (`solve --all-optimal`, `--count`,
/// `--beyond-optimal`, `--count-only` with `--json`): `{"id", "solvable",
/// "reason" (unsolvable), "metric", "optimal_length", "solutions" (move
/// strings: letters on boards, blank paths elsewhere; left out with
/// `--count-only`), "count", "complete", "stopped", "algorithm",
/// "expanded", "generated", "seconds"}`.
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
    /// The optimal length (absent when a limit stopped the search first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimal_length: Option<usize>,
    /// The solutions, shortest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
    /// How many solutions were found.
    pub count: u64,
    /// Whether every solution in range was listed.
    pub complete: bool,
    /// The limit that stopped the listing, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// The method's short name.
    pub algorithm: String,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One move from a position (`solve --good-moves --json`).
#[derive(Serialize, Debug)]
pub struct MoveValueRecord {
    /// The move as letters (boards) or the blank's vertices.
    #[serde(rename = "move")]
    pub spelled: String,
    /// The blank path of the move.
    pub blank_path: Vec<usize>,
    /// Optimal distance after the move.
    pub distance: usize,
    /// Whether the move keeps the position optimal.
    pub good: bool,
}

/// `solve --good-moves --json`: `{"metric", "distance", "good" (the good
/// moves), "moves" (every move with its distance)}`.
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

/// `review --json`: `{"metric", "length", "optimal", "solved", "distances"
/// (before each move and after the last), "losses", "moves", "waste"}`.
#[derive(Serialize, Debug)]
pub struct ReviewRecord<'a> {
    /// The metric.
    pub metric: Metric,
    /// The solution's length.
    pub length: usize,
    /// The optimal distance of the scramble.
    pub optimal: usize,
    /// Whether the moves end at the goal.
    pub solved: bool,
    /// Optimal distance before each move, and after the last.
    pub distances: &'a [usize],
    /// Moves lost at each move.
    pub losses: Vec<usize>,
    /// The moves as written (letters or blank paths).
    pub moves: &'a [String],
    /// Total moves lost.
    pub waste: usize,
}

/// `optimize --json`: `{"metric", "before", "after", "moves"}`.
#[derive(Serialize, Debug)]
pub struct OptimizeRecord {
    /// The metric.
    pub metric: Metric,
    /// Length before.
    pub before: usize,
    /// Length after.
    pub after: usize,
    /// The shortened moves.
    pub moves: String,
}

/// `review --summary --json`: `{"metric", "length", "optimal", "solved",
/// "remaining", "waste"}`.
#[derive(Serialize, Debug)]
pub struct WasteRecord {
    /// The metric.
    pub metric: Metric,
    /// The solution's length.
    pub length: usize,
    /// The optimal distance of the scramble.
    pub optimal: usize,
    /// Whether the moves end at the goal.
    pub solved: bool,
    /// Optimal distance left at the end.
    pub remaining: usize,
    /// Total moves lost.
    pub waste: usize,
}
