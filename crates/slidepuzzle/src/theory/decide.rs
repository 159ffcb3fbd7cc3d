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
    /// blank-set group, [`super::blanks::check_several_blanks_by_group`]):
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

/// Decides whether `goal` is reachable from `start` with any number of
/// blanks by `method`: the one entry point of the faces' `check`. Several
/// blanks go to [`super::blanks::check_several_blanks`] or, by
/// Schreier-Sims, [`super::blanks::check_several_blanks_by_group`] (at
/// most `max_states` configurations if that one has to search).
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
