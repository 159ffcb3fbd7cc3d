//! One entry point for reachability with any number of blanks and either
//! method: [`check_with`], what the faces' `check` calls. It sits above
//! [`super::reachability`] (one blank) and [`super::blanks`] (several).

use super::reachability::Verdict;
use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};

/// How [`check_with`] decides reachability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckMethod {
    /// The linear-time test ([`super::check`]; with several blanks
    /// [`super::blanks::check_several_blanks`], the marked-tile classes).
    Linear,
    /// Membership in the group built by Schreier-Sims from loop generators
    /// ([`super::check_by_schreier_sims`]; with several blanks the
    /// blank-set group, `super::blanks::check_several_blanks_by_group`):
    /// the independent oracle.
    SchreierSims,
}

impl std::str::FromStr for CheckMethod {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s {
            "linear" => Ok(CheckMethod::Linear),
            "schreier-sims" => Ok(CheckMethod::SchreierSims),
            other => Err(Error::argument(
                "method",
                format!(
                    "unknown method '{}': expected linear or schreier-sims",
                    crate::error::excerpt(other)
                ),
            )),
        }
    }
}

/// The most configurations [`check`] lets a search visit with several
/// blanks where no exact method applies (20,000,000).
pub const CHECK_STATES: usize = 20_000_000;

/// Whether `goal` is reachable from `start`, on any puzzle (one-way edges
/// too) with any number of blanks: [`check_with`] by the linear tests,
/// searching at most [`CHECK_STATES`] configurations where nothing exact
/// applies. The crate's front-door `slidepuzzle::check`.
///
/// # Errors
/// As [`check_with`].
///
/// ```
/// use slidepuzzle::model::{Configuration, Puzzle};
/// let p = Puzzle::parse("dcycle:4").unwrap();
/// let goal = p.default_goal();
/// let turned = Configuration::from_cells(vec![3, 1, 2, 0], 1).unwrap();
/// assert!(slidepuzzle::check(&p, &turned, &goal).unwrap().solvable);
/// ```
pub fn check(puzzle: &Puzzle, start: &Configuration, goal: &Configuration) -> Result<Verdict> {
    check_with(puzzle, start, goal, CheckMethod::Linear, CHECK_STATES)
}

/// Decides whether `goal` is reachable from `start` with any number of
/// blanks by `method`: the one entry point of the faces' `check`. Puzzles
/// with one-way edges go to [`super::directed::check`] (or, by
/// Schreier-Sims, `super::directed::check_by_group`), puzzles whose
/// tiles turn to [`super::turning::check`] (several blanks: a bounded
/// search, [`super::turning::check_several_blanks`]). Several
/// blanks go to [`super::blanks::check_several_blanks`] or, by
/// Schreier-Sims, `super::blanks::check_several_blanks_by_group` (at
/// most `max_states` configurations if that one has to search). Rotating
/// puzzles go to [`super::rotating::check`] (group membership, either
/// method).
///
/// # Errors
/// As the method chosen.
///
/// ```
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::theory::{CheckMethod, check_with};
/// let p = Puzzle::parse("3x3").unwrap();
/// let goal = Configuration::natural_with_blanks(9, 2);
/// let start = Configuration::from_cells(vec![2, 1, 3, 4, 5, 6, 7, 0, 0], 2).unwrap();
/// assert!(check_with(&p, &start, &goal, CheckMethod::Linear, 1000).unwrap().solvable);
/// assert!(check_with(&p, &start, &goal, CheckMethod::SchreierSims, 1000).unwrap().solvable);
/// ```
pub fn check_with(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    method: CheckMethod,
    max_states: usize,
) -> Result<Verdict> {
    if let Some(r) = puzzle.rotating() {
        // Group membership decides it either way (Schreier-Sims per piece
        // unless Jordan's theorem gives all of A_m or S_m).
        return super::rotating::check(r, start.cells(), goal.cells());
    }
    if puzzle.exchanges().is_some() {
        // Membership in the hole's group (Schreier-Sims) either way.
        return super::exchanges::check(puzzle, start, goal);
    }
    if puzzle.turns().is_some() {
        if start.blanks().len() > 1 || goal.blanks().len() > 1 {
            return super::turning::check_several_blanks(puzzle, start, goal, max_states);
        }
        let method = match method {
            CheckMethod::Linear => super::turning::TurnMethod::Linear,
            CheckMethod::SchreierSims => super::turning::TurnMethod::SchreierSims,
        };
        return super::turning::check(puzzle, start, goal, method);
    }
    if let Some(d) = puzzle.digraph() {
        return match method {
            CheckMethod::Linear => super::directed::check(d, start, goal, max_states),
            CheckMethod::SchreierSims => super::directed::check_by_group(d, start, goal),
        };
    }
    let several = start.blanks().len() > 1 || goal.blanks().len() > 1;
    match (method, several) {
        (CheckMethod::Linear, false) => super::reachability::check(puzzle, start, goal),
        (CheckMethod::Linear, true) => {
            super::blanks::check_several_blanks(puzzle, start, goal, max_states)
        }
        (CheckMethod::SchreierSims, false) => {
            super::reachability::check_by_schreier_sims(puzzle, start, goal)
        }
        (CheckMethod::SchreierSims, true) => {
            super::blanks::check_several_blanks_by_group(puzzle, start, goal, max_states)
        }
    }
}

/// The analysis for `goal`'s number of blanks: [`super::analyze`] (the
/// puzzle group) with one, [`super::blanks::analyze_blanks`] with several. Untagged in
/// JSON: the one-blank object has `group`, the several-blank one `blanks`.
#[derive(Clone, Debug, serde::Serialize)]
#[serde(untagged)]
pub enum AnyAnalysis {
    /// One blank.
    OneBlank(super::group::Analysis),
    /// Two or more blanks.
    SeveralBlanks(super::blanks::BlanksAnalysis),
    /// A puzzle with one-way edges, any number of blanks.
    OneWay(super::directed::OneWayAnalysis),
    /// A puzzle whose tiles turn, one blank.
    Turning(super::turning::TurningAnalysis),
    /// A rotating puzzle: no blank, its group piece by piece.
    Rotating(super::rotating::RotatingAnalysis),
    /// A puzzle whose slides exchange two other tiles (Conway's M13),
    /// one blank.
    Exchanges(super::exchanges::ExchangeAnalysis),
}

/// [`AnyAnalysis`] of `puzzle` with `goal`'s blanks: the one analysis the
/// command line, the web API and Python report.
///
/// # Errors
/// [`crate::Error::Configuration`] if `goal` does not fit the puzzle.
pub fn analyze_any(puzzle: &Puzzle, goal: &Configuration) -> crate::error::Result<AnyAnalysis> {
    analyze_any_within(puzzle, goal, &crate::primitives::budget::Budget::default())
}

/// [`analyze_any`] within `budget`: the Schreier-Sims constructions of
/// rotating and turning puzzles check its deadline, cancel flag and
/// memory as they go (a rotating analysis stops with the error; a turning
/// one leaves its Schreier-Sims order out, as the closed form still
/// gives the order).
///
/// # Errors
/// As [`analyze_any`]; [`crate::Error::Stopped`] when a limit stops the
/// analysis of a rotating puzzle.
pub fn analyze_any_within(
    puzzle: &Puzzle,
    goal: &Configuration,
    budget: &crate::primitives::budget::Budget,
) -> crate::error::Result<AnyAnalysis> {
    if goal.len() != puzzle.vertex_count() {
        return Err(crate::error::Error::config(format!(
            "the goal has {} cells for {} vertices",
            goal.len(),
            puzzle.vertex_count()
        )));
    }
    if let Some(r) = puzzle.rotating() {
        return super::rotating::analyze_within(r, budget).map(AnyAnalysis::Rotating);
    }
    if puzzle.exchanges().is_some() {
        return super::exchanges::analyze_exchanges_within(puzzle, goal, budget)
            .map(AnyAnalysis::Exchanges);
    }
    if puzzle.turns().is_some() {
        return super::turning::analyze_turning_within(puzzle, goal, budget)
            .map(AnyAnalysis::Turning);
    }
    if let Some(d) = puzzle.digraph() {
        return super::directed::analyze_one_way(d, puzzle.spec(), goal).map(AnyAnalysis::OneWay);
    }
    // The block decomposition (Hopcroft-Tarjan) holds each edge about
    // three times (its edge stack, the raw blocks, the blocks): linear in
    // the edges (complete:5000, 12.5 M edges: about 2 s), counted first.
    let edges = puzzle.graph().edge_count() as u64;
    budget.check_memory(
        edges.saturating_mul(48) + puzzle.vertex_count() as u64 * 64,
        "the block decomposition",
    )?;
    budget.check("the analysis")?;
    Ok(if goal.blanks().len() > 1 {
        AnyAnalysis::SeveralBlanks(super::blanks::analyze_blanks(puzzle, goal))
    } else {
        AnyAnalysis::OneBlank(super::group::analyze(puzzle, goal))
    })
}
