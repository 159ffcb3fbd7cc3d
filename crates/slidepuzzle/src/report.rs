//! JSON records printed by `slidepuzzle solve --json` (one per instance)
//! and returned by the web API. Field names are part of the interface.

use serde_json::{Value, json};

use crate::model::{Configuration, Puzzle};
use crate::moves::{letters, mtm_length, tiles_moved};
use crate::search::Outcome;

/// The record for one solved, unsolvable or stopped instance.
///
/// - solved: `{"id", "solvable": true, "length", "optimal", "moves"
///   (slidysim letters, or null where some move has no letter),
///   "blank_path", "tiles", "stm", "mtm" (null off boards), "algorithm",
///   "expanded", "generated", "seconds"}`;
/// - unsolvable: `{"id", "solvable": false, "reason"}`;
/// - stopped by a limit: `{"id", "solvable": true, "solved": false,
///   "stopped", "algorithm", "bound", "expanded", "generated", "seconds"}`.
pub fn solve_record(id: &str, puzzle: &Puzzle, start: &Configuration, outcome: &Outcome) -> Value {
    match outcome {
        Outcome::Solved(s) => {
            let blank = start.blank();
            json!({
                "id": id,
                "solvable": true,
                "solved": true,
                "length": s.blank_path.len(),
                "optimal": s.optimal,
                "moves": letters(puzzle, blank, &s.blank_path),
                "blank_path": s.blank_path,
                "tiles": tiles_moved(start, &s.blank_path),
                "stm": s.blank_path.len(),
                "mtm": mtm_length(puzzle, blank, &s.blank_path),
                "algorithm": s.algorithm,
                "expanded": s.stats.expanded,
                "generated": s.stats.generated,
                "seconds": s.stats.seconds,
            })
        }
        Outcome::Unsolvable(v) => json!({
            "id": id,
            "solvable": false,
            "reason": v.reason,
        }),
        Outcome::Stopped {
            reason,
            algorithm,
            stats,
        } => json!({
            "id": id,
            "solvable": true,
            "solved": false,
            "stopped": reason,
            "message": stop_message(*reason, algorithm, stats),
            "algorithm": algorithm,
            "bound": stats.bound,
            "expanded": stats.expanded,
            "generated": stats.generated,
            "seconds": stats.seconds,
        }),
    }
}

/// How far a stopped search got, in words: IDA* has proved there is no
/// solution shorter than its last bound; A* and BFS report the deepest
/// level they expanded.
pub fn stop_message(
    reason: crate::search::StopReason,
    algorithm: &str,
    stats: &crate::search::SearchStats,
) -> String {
    if algorithm.starts_with("ida") {
        format!(
            "{}: no solution shorter than {} moves exists (IDA* finished every bound below it); {} nodes expanded",
            reason.describe(),
            stats.bound,
            stats.expanded
        )
    } else {
        format!(
            "{}: expanded {} configurations, down to depth {}",
            reason.describe(),
            stats.expanded,
            stats.bound
        )
    }
}
