//! The front door for rotating puzzles ([`crate::model::rotating`]):
//! [`solve`] checks solvability ([`crate::theory::rotating::check`]),
//! searches for a shortest solution (IDA* with
//! [`crate::search::rotating::RotationDistance`]) and replays the answer
//! before it returns it.
//!
//! ```
//! use slidepuzzle::model::rotating::RotatingPuzzle;
//! use slidepuzzle::solver::rotating::solve;
//! use slidepuzzle::Limits;
//! let p = RotatingPuzzle::parse("3x3:twiddle").unwrap();
//! let start = p.parse_arrangement("4 1 3 5 2 6 7 8 9").unwrap(); // block 1 turned once
//! let s = solve(&p, &start, &p.goal(), &Limits::default()).unwrap();
//! assert_eq!((s.moves.as_str(), s.optimal), ("1'", true));
//! ```

use crate::error::{Error, Result, StopReason};
use crate::model::rotating::{RotatingPuzzle, Rotation};
use crate::search::ida::ida_star;
use crate::search::rotating::{MAX_SEARCH_TOKENS, RotatingDomain, RotationDistance};
use crate::search::{Limits, SearchResult, SearchStats};

/// A rotating puzzle's answer: solvable or not (and why), the moves,
/// whether they are proven shortest, and the search's counters.
#[derive(Clone, Debug, serde::Serialize)]
pub struct RotatingSolution {
    /// Whether the goal can be reached (decided before any search).
    pub solvable: bool,
    /// Why, from [`crate::theory::rotating::check`].
    pub reason: String,
    /// The moves, as [`RotatingPuzzle::format_moves`] writes them (empty
    /// when unsolvable or stopped).
    pub moves: String,
    /// Their number.
    pub length: usize,
    /// Whether no shorter solution exists (IDA* with an admissible
    /// heuristic finished).
    pub optimal: bool,
    /// Why the search stopped early, if it did.
    pub stopped: Option<StopReason>,
    /// Nodes expanded, generated, the last bound, seconds.
    pub stats: SearchStats,
}

/// Solves a rotating puzzle optimally: [`crate::theory::rotating::check`]
/// first, then IDA* with [`RotationDistance`] (split over threads for
/// long searches) within `limits`; the answer is replayed on `start` and
/// must end on `goal`.
///
/// # Errors
/// As [`crate::theory::rotating::check`]; [`Error::Unsupported`] above
/// [`MAX_SEARCH_TOKENS`]; [`Error::Internal`] if a replay fails.
pub fn solve(
    p: &RotatingPuzzle,
    start: &[u32],
    goal: &[u32],
    limits: &Limits,
) -> Result<RotatingSolution> {
    if p.vertex_count() > MAX_SEARCH_TOKENS {
        return Err(Error::unsupported(format!(
            "the optimal search takes rotating puzzles of at most {MAX_SEARCH_TOKENS} tokens; this one has {}",
            p.vertex_count()
        )));
    }
    let verdict = crate::theory::rotating::check(p, start, goal)?;
    if !verdict.solvable {
        return Ok(RotatingSolution {
            solvable: false,
            reason: verdict.reason,
            moves: String::new(),
            length: 0,
            optimal: false,
            stopped: None,
            stats: SearchStats::default(),
        });
    }
    let domain = RotatingDomain::new(p, start, goal)?;
    let moves = p.moves();
    let result = ida_star(domain, RotationDistance::default(), limits, true);
    let (path, optimal, stopped, stats) = match result {
        SearchResult::Found {
            moves: found,
            optimal,
            stats,
        } => {
            let path: Vec<Rotation> = found.iter().map(|m| moves[m.index()]).collect();
            (path, optimal, None, stats)
        }
        SearchResult::Stopped { reason, stats } => (Vec::new(), false, Some(reason), stats),
        SearchResult::Exhausted { .. } => {
            return Err(Error::internal(
                "the rotation search exhausted its moves on a configuration the check calls solvable",
            ));
        }
    };
    if stopped.is_none() {
        let mut a = start.to_vec();
        for &m in &path {
            p.apply(&mut a, m);
        }
        if a != goal {
            return Err(Error::internal(
                "a rotating solution did not replay to the goal",
            ));
        }
    }
    Ok(RotatingSolution {
        solvable: true,
        reason: verdict.reason,
        moves: p.format_moves(&path),
        length: path.len(),
        optimal,
        stopped,
        stats,
    })
}
