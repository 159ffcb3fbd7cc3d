//! A problem as every face reads it: a puzzle, a start and a goal, from
//! what a user typed. The defaults are decided here, once, for the command
//! line, the web API and Python alike:
//!
//! - the puzzle, when not given, from the rows of the start (`1 2 3/4 5
//!   6/7 8 0` is a 3x3 board; [`infer_board`]);
//! - the blank count, when not given, from the start's 0s
//!   ([`crate::format::blanks_in`]); a batch, whose lines must agree, has one blank
//!   unless told;
//! - the goal, when not given, the puzzle's own goal with that many blanks
//!   ([`Puzzle::goal_with_blanks`]).
//!
//! ```
//! use slidepuzzle::problem::Given;
//! let p = Given::default().read("1 2 3/4 5 0/7 6 0").unwrap();
//! assert_eq!((p.puzzle.spec(), p.start.blanks().len()), ("3x3", 2));
//! assert_eq!(p.goal.blanks(), &[7, 8]);
//! ```

pub use crate::batch::BatchInstance;
use crate::batch::read_batch;
use crate::error::{Error, Result};
use crate::format::{blanks_in, infer_board, parse_configuration};
use crate::model::{Configuration, Puzzle};

/// What a face was given besides the start, each part optional: the
/// puzzle (already parsed: only the face knows where a `graph:FILE` may be
/// read from), the goal as typed, and the number of blanks.
#[derive(Clone, Debug, Default)]
pub struct Given<'a> {
    /// The puzzle, if named; else inferred from the start's rows.
    pub puzzle: Option<Puzzle>,
    /// The goal as typed (any state format), if given.
    pub goal: Option<&'a str>,
    /// The number of blanks (all written 0), if given.
    pub blanks: Option<usize>,
}

/// One puzzle with its start and goal, both checked against the puzzle
/// (same size, same blank count).
#[derive(Clone, Debug)]
pub struct Problem {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The start configuration.
    pub start: Configuration,
    /// The goal configuration.
    pub goal: Configuration,
}

/// A batch: one puzzle, one goal, many starts (Korf's instance lists,
/// `id: state` lines; see [`Given::read_batch`]).
#[derive(Clone, Debug)]
pub struct Batch {
    /// The puzzle every line is read for.
    pub puzzle: Puzzle,
    /// The goal of every instance.
    pub goal: Configuration,
    /// The instances, in input order.
    pub instances: Vec<BatchInstance>,
}

impl Given<'_> {
    /// Reads one problem from its start as typed.
    ///
    /// # Errors
    /// [`Error::Spec`] when the puzzle is not given and the start has no
    /// rows to tell it by; [`Error::Argument`] named `blanks` for a count
    /// the puzzle cannot hold; [`Error::Configuration`] for a bad start,
    /// or a bad goal (its message then begins `goal: `).
    pub fn read(self, start: &str) -> Result<Problem> {
        let puzzle = match self.puzzle {
            Some(p) => p,
            None => infer_board(start)?,
        };
        let blanks = self.blanks.unwrap_or_else(|| blanks_in(&puzzle, start));
        let goal = goal(&puzzle, self.goal, blanks)?;
        let start = parse_configuration(&puzzle, start, blanks)?;
        Ok(Problem {
            puzzle,
            start,
            goal,
        })
    }

    /// Reads a batch, one instance a line: a configuration in any state
    /// format, optionally after an id (Korf's `id t0 t1 ...` lines, one
    /// number more than the puzzle has cells, or `id: state`); blank lines
    /// and `#` comments are skipped. Without a puzzle, the first line's
    /// rows (or a square flat list) tell it. The blank count is the one
    /// given, else the puzzle's default (1; 0 on a rotating puzzle).
    ///
    /// # Errors
    /// [`Error::Input`] naming the line that cannot be read; the errors of
    /// [`Given::goal_for`] for the goal.
    pub fn read_batch(self, text: &str) -> Result<Batch> {
        let blanks = self
            .blanks
            .unwrap_or_else(|| self.puzzle.as_ref().map_or(1, Puzzle::default_blank_count));
        let goal_text = self.goal;
        let (puzzle, instances) = read_batch(text, self.puzzle, blanks)?;
        let goal = goal(&puzzle, goal_text, blanks)?;
        Ok(Batch {
            puzzle,
            goal,
            instances,
        })
    }

    /// The goal for `puzzle` without a start to count blanks in: the one
    /// given, else the default with the blanks given (else the puzzle's
    /// default: 1, or 0 on a rotating puzzle).
    ///
    /// # Errors
    /// [`Error::Argument`] named `blanks` for a count the puzzle cannot
    /// hold; [`Error::Configuration`] beginning `goal: ` for a bad goal.
    pub fn goal_for(&self, puzzle: &Puzzle) -> Result<Configuration> {
        let blanks = self.blanks.unwrap_or_else(|| puzzle.default_blank_count());
        goal(puzzle, self.goal, blanks)
    }
}

/// The goal typed, else the default one, with `blanks` blanks.
fn goal(puzzle: &Puzzle, typed: Option<&str>, blanks: usize) -> Result<Configuration> {
    puzzle.check_blank_count(blanks)?;
    match typed {
        Some(text) => parse_configuration(puzzle, text, blanks).map_err(|e| match e {
            Error::Configuration {
                message,
                tile,
                vertices,
            } => Error::config_at(format!("goal: {message}"), tile, vertices),
            e => e,
        }),
        None => puzzle.goal_with_blanks(blanks),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_come_from_the_start() {
        let p = Given::default().read("1 2 3/4 5 6/7 0 8").unwrap();
        assert_eq!(p.puzzle.spec(), "3x3");
        assert_eq!(p.goal, p.puzzle.default_goal());
        let p = Given::default().read("1 0/0 2").unwrap();
        assert_eq!(p.start.blanks().len(), 2);
        assert_eq!(p.goal.blanks(), &[2, 3]);
    }

    #[test]
    fn what_is_given_wins_and_is_checked() {
        let given = Given {
            puzzle: Some(Puzzle::parse("cycle:4").unwrap()),
            goal: Some("3 1 2 0"),
            blanks: Some(1),
        };
        let p = given.read("1 2 3 0").unwrap();
        assert_eq!(p.goal.cells()[0], 3);
        let bad_goal = Given {
            goal: Some("1 2 3/4 5 6/7 7 0"),
            ..Given::default()
        };
        let e = bad_goal.read("1 2 3/4 5 6/7 8 0").unwrap_err();
        assert!(
            matches!(&e, Error::Configuration { message, tile: Some(7), .. } if message.starts_with("goal: ")),
            "{e:?}"
        );
        let too_many = Given {
            blanks: Some(9),
            ..Given::default()
        };
        let e = too_many.read("1 2 3/4 5 6/7 8 0").unwrap_err();
        assert!(
            matches!(&e, Error::Argument { name, .. } if name == "blanks"),
            "{e:?}"
        );
        let e = Given::default().read("1 2 0").unwrap_err();
        assert!(matches!(e.unhinted(), Error::Spec { .. }), "{e:?}");
    }

    #[test]
    fn a_batch_has_one_goal() {
        let b = Given::default()
            .read_batch("a: 1 2 3/4 5 6/7 0 8\nb: 1 2 3/4 5 6/0 7 8\n")
            .unwrap();
        assert_eq!(b.instances.len(), 2);
        assert_eq!(b.goal, b.puzzle.default_goal());
        assert_eq!(b.instances[1].id, "b");
    }
}
