//! The JSON records the command line prints (`solve --json`, one per
//! instance) and the web API returns. Field names are part of the
//! interface; the library's types are translated here, at the edge.

use serde::Serialize;
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::moves::{letters, mtm_length, tiles_moved};
use slidepuzzle::solver::stop_message;
use slidepuzzle::{Outcome, Plan, StopReason};

/// The record for one solved, unsolvable or stopped instance.
///
/// - solved: `{"id", "solvable": true, "solved": true, "length",
///   "optimal", "moves" (slidysim letters, or null where some move has no
///   letter), "blank_path", "tiles", "stm", "mtm" (null off boards),
///   "algorithm", "expanded", "generated", "seconds", "plan"}`;
/// - unsolvable: `{"id", "solvable": false, "reason", "plan"}`;
/// - stopped by a limit: `{"id", "solvable": true, "solved": false,
///   "stopped", "message", "algorithm", "bound", "expanded", "generated",
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
        /// Single-tile moves.
        length: usize,
        /// Whether the length is proven optimal.
        optimal: bool,
        /// slidysim letters with counts, where every move has a letter.
        moves: Option<String>,
        /// Vertices the blank visits after its start.
        blank_path: Vec<usize>,
        /// The tile moved at each step.
        tiles: Vec<u32>,
        /// Single-tile moves (= length).
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
        let plan = plan.map(|p| p.to_string());
        match outcome {
            Outcome::Solved(s) => {
                let blank = start.blank();
                SolveRecord::Solved {
                    id,
                    solvable: true,
                    solved: true,
                    length: s.blank_path.len(),
                    optimal: s.optimal,
                    moves: letters(puzzle, blank, &s.blank_path),
                    blank_path: s.blank_path.clone(),
                    tiles: tiles_moved(start, &s.blank_path),
                    stm: s.blank_path.len(),
                    mtm: mtm_length(puzzle, blank, &s.blank_path),
                    algorithm: s.algorithm.clone(),
                    expanded: s.stats.expanded,
                    generated: s.stats.generated,
                    seconds: s.stats.seconds,
                    plan,
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
                message: stop_message(*reason, algorithm, stats),
                algorithm: algorithm.clone(),
                bound: stats.bound,
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
